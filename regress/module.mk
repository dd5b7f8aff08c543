# regress/: what tests the whole: the GTP suites (regress/gtp, run from
# gtp/module.mk), the fuzz harnesses, SGF fixtures and the runners. The unit
# suites live beside their modules (DIR/tests/, see unit_tests).

# The floors (board -> patterns -> engine -> gtp -> tools) hold: no #include
# goes up one. The script is tested on a tree that breaks them.
.PHONY: check-layers
CHECK_EXTRA += check-layers
#> check-layers           fail when an #include goes up a floor (board, patterns, engine, gtp, tools)
check-layers:
	@regress/test-check-layers.sh
	@regress/check-layers

# Hostile input and out of memory, through the real binaries: a scripted
# session of bad commands and files after each of which the engine must still
# answer with the board unchanged, a reader that closes hane's output, and
# loadsgf / hane-train under ulimit -v.
.PHONY: check-hostile check-oom
CHECK_EXTRA += check-hostile check-oom
#> check-hostile          a scripted hostile GTP session: every reply given, the board unchanged
check-hostile: $(BINDIR)/hane
	@regress/test-hostile-session.sh $(BINDIR)/hane
	@regress/test-closed-output.sh $(BINDIR)/hane
#> check-oom              loadsgf and hane-train under ulimit -v: an answer, not a death
check-oom: $(BINDIR)/hane $(BINDIR)/hane-train
	@regress/test-oom.sh $(BINDIR) $(VARIANT)

# The ports' story, world, map and board readers (tools/common/test-readers.sh).
.PHONY: check-readers
CHECK_EXTRA += check-readers
#> check-readers          the ports' story, world, map and board readers on bad files
check-readers: $(BINDIR)/hane-narrative $(BINDIR)/hane-mapgen $(BINDIR)/hane-match3 $(BINDIR)/hane-match
	@tools/common/test-readers.sh $(BINDIR)
