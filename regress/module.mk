# regress/: unit suites of engine/, patterns/ and gtp/ (one Check binary per regress/unit/test_*.c)
# and the GTP regression suites (regress/gtp/*.tst).
$(foreach t,$(wildcard regress/unit/test_*.c),\
  $(eval $(call unit_test,$(basename $(notdir $(t))),$(call objs,$(t)) $(HANE_LIBS))))

# The floors (board -> patterns -> engine -> gtp -> tools) hold: no #include
# goes up one. The script is tested on a tree that breaks them.
.PHONY: check-layers
CHECK_EXTRA += check-layers
check-layers:
	@regress/test-check-layers.sh
	@regress/check-layers

# check-mpi (make MPI=1 check-mpi): the Open MPI programs under mpirun with 1,
# 2 and 3 ranks (--oversubscribe: more ranks than cores). Root (CI) must also
# allow mpirun to run as root. Shared-memory messages are copied through a
# buffer rather than read across processes (the single-copy mechanism needs
# ptrace rights that containers often withhold).
MPIRUN ?= env OMPI_MCA_btl_vader_single_copy_mechanism=none \
          mpirun --oversubscribe $(if $(filter 0,$(shell id -u)),--allow-run-as-root)
.PHONY: check-mpi
ifneq ($(MPI),1)
check-mpi:
	@echo "check-mpi: the MPI programs are built with MPI=1: make MPI=1 check-mpi" >&2; exit 2
else
check-mpi: $(BINDIR)/hane-train $(BINDIR)/hane-train-mpi $(BINDIR)/hane-match $(BINDIR)/hane \
           $(BINDIR)/hane-mpi
	@regress/mpi/train-same.sh $(BINDIR) "$(MPIRUN)"
	@regress/mpi/gtp-same.sh $(BINDIR) "$(MPIRUN)"
	@regress/gtp/run-tst -e "$(MPIRUN) -np 3 $(BINDIR)/hane-mpi threads=1 playouts=1000 seed=1" \
	  $(GTP_TST)
	@regress/mpi/fault.sh $(BINDIR) "$(MPIRUN)" STOP
	@regress/mpi/fault.sh $(BINDIR) "$(MPIRUN)" KILL
endif
