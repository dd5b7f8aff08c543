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
check-readers: $(BINDIR)/hane-narrative $(BINDIR)/hane-mapgen $(BINDIR)/hane-match3 $(BINDIR)/hane-match $(BINDIR)/hane
	@tools/common/test-readers.sh $(BINDIR)

# check-mpi (make MPI=1 check-mpi): the Open MPI programs under mpirun with 1,
# 2 and 3 ranks (--oversubscribe: more ranks than cores). Root (CI) must also
# allow mpirun to run as root. Shared-memory messages are copied through a
# buffer rather than read across processes (the single-copy mechanism needs
# ptrace rights that containers often withhold).
MPIRUN ?= env OMPI_MCA_btl_vader_single_copy_mechanism=none \
          mpirun --oversubscribe $(if $(filter 0,$(shell id -u)),--allow-run-as-root)
.PHONY: check-mpi
#> check-mpi              (with MPI=1) the Open MPI engine and trainer under mpirun -np 1, 2, 3
ifneq ($(MPI),1)
check-mpi:
	@echo "check-mpi: the MPI programs are built with MPI=1: make MPI=1 check-mpi" >&2; exit 2
else
check-mpi: $(BINDIR)/hane-train $(BINDIR)/hane-train-mpi $(BINDIR)/hane-match $(BINDIR)/hane \
           $(BINDIR)/hane-mpi
	@regress/mpi/train-same.sh $(BINDIR) "$(MPIRUN)"
	@regress/mpi/gtp-same.sh $(BINDIR) "$(MPIRUN)"
	@regress/gtp/run-tst -e "$(MPIRUN) -np 3 $(abspath $(BINDIR))/hane-mpi threads=1 playouts=1000 seed=1" \
	  $(GTP_TST)
	@regress/mpi/fault.sh $(BINDIR) "$(MPIRUN)" STOP
	@regress/mpi/fault.sh $(BINDIR) "$(MPIRUN)" KILL
endif
