# gtp/: the GTP parser, command table and main() of bin/hane.
GTP_SRC := $(filter-out gtp/main.c %_mpi.c,$(wildcard gtp/*.c))
LIBGTP  := $(OBJDIR)/libgtp.a
$(LIBGTP): $(call objs,$(GTP_SRC))
# The floors from the top down, the order the linker needs.
HANE_LIBS := $(LIBGTP) $(LIBENGINE) $(LIBPATTERNS) $(LIBBOARD)
$(eval $(call program,hane,$(call objs,gtp/main.c) $(HANE_LIBS)))

# GTP regression suites (regress/gtp/*.tst, run by regress/gtp/run-tst) and the
# GTP conformance check through Sabaki's GTP library (skipped without node).
# A small fixed budget keeps them quick and the answers reproducible.
GTP_TST         := $(sort $(wildcard regress/gtp/*.tst))
GTP_TEST_ENGINE := $(BINDIR)/hane threads=1 playouts=1000 seed=1
GTP_CHECK_DIR   ?= ../shared/tools/gtp-check
.PHONY: check-gtp check-gtp-conformance
CHECK_EXTRA += check-gtp check-gtp-conformance
check-gtp: $(BINDIR)/hane
	@regress/gtp/check-coverage "$(GTP_TEST_ENGINE)" $(GTP_TST)
	@regress/gtp/run-tst -e "$(GTP_TEST_ENGINE)" $(GTP_TST)
check-gtp-conformance: $(BINDIR)/hane
	@regress/gtp/run-gtp-check "$(GTP_CHECK_DIR)" $(GTP_TEST_ENGINE)
# MPI=1: hane-mpi, the engine over Open MPI processes (gtp/main_mpi.c,
# engine/net_mpi.c; docs/notes/mpi.md).
ifeq ($(MPI),1)
$(eval $(call mpi_program,hane-mpi,$(call objs,gtp/main_mpi.c engine/net_mpi.c) $(HANE_LIBS)))
endif
