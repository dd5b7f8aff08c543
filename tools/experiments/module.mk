# tools/experiments: Ikeda & Viennot's (2013) experiments against GNU Go level 10 (outside
# `make check`: the full set takes many hours). Resumable; see run.sh --help.
# The game records go to docs/experiments/records-SIZE.tar.xz (--archive) so
# that they can be committed with the figures they made.
#   make experiments EXP_ARGS="--size 13 --games 100 table1"
EXP_ARGS ?=
.PHONY: experiments experiments-report
#> experiments            the knowledge experiments against GNU Go (hours; resumable)
experiments: $(BINDIR)/hane $(BINDIR)/hane-match
	tools/experiments/run.sh --hane $(BINDIR)/hane --archive $(EXP_ARGS)

#> experiments-report     tables and charts of the experiments' records
experiments-report: $(BINDIR)/hane-match
	tools/experiments/run.sh --report $(EXP_ARGS)

# run.sh's own checks (no game is played): part of `make check`.
.PHONY: check-experiments
CHECK_EXTRA += check-experiments
#> check-experiments      the experiments' run.sh checks (no game is played)
check-experiments: $(BINDIR)/hane-match
	@tools/experiments/test-run.sh $(BINDIR)/hane-match
