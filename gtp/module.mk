# gtp/: the GTP parser, command table and main() of bin/hane.
GTP_SRC := $(filter-out gtp/main.c %_mpi.c,$(wildcard gtp/*.c))
LIBGTP  := $(OBJDIR)/libgtp.a
$(LIBGTP): $(call objs,$(GTP_SRC))
# The floors from the top down, the order the linker needs.
HANE_LIBS := $(LIBGTP) $(LIBENGINE) $(LIBPATTERNS) $(LIBBOARD)
$(eval $(call program,hane,$(call objs,gtp/main.c) $(HANE_LIBS)))
$(call unit_tests,gtp,$(HANE_LIBS))

# GTP regression suites: regress/gtp/*.tst in GoGui's format (run-tst follows
# gogui-regress's rules; check-gogui runs gogui-regress itself when its jar is
# built), *.expect for error replies and streaming commands (run-expect), and
# the GTP conformance check through Sabaki's GTP library (skipped without node).
# A small fixed budget keeps them quick and the answers reproducible.
GTP_TST         := $(sort $(wildcard regress/gtp/*.tst))
GTP_EXPECT      := $(sort $(wildcard regress/gtp/*.expect))
GTP_TEST_ENGINE := $(BINDIR)/hane threads=1 playouts=1000 seed=1
GTP_CHECK_DIR   ?= ../shared/tools/gtp-check
GOGUI_REGRESS   ?= $(firstword $(wildcard build/peers/gogui-*/lib/gogui-regress.jar))
.PHONY: check-gtp check-gtp-conformance check-gogui
CHECK_EXTRA += check-gtp check-gtp-conformance
#> check-gtp              the GTP regression suites regress/gtp/*.tst and *.expect
check-gtp: $(BINDIR)/hane
	@echo "check: GTP suites (regress/gtp/*.tst, *.expect)"
	@regress/gtp/check-coverage "$(GTP_TEST_ENGINE)" $(GTP_TST) $(GTP_EXPECT)
	@regress/gtp/run-tst -e "$(GTP_TEST_ENGINE)" $(GTP_TST)
	@regress/gtp/run-expect -e "$(GTP_TEST_ENGINE)" $(GTP_EXPECT)
#> check-gtp-conformance  the GTP conformance check through Sabaki's GTP library (needs node)
check-gtp-conformance: $(BINDIR)/hane
	@echo "check: GTP conformance (Sabaki's GTP library)"
	@regress/gtp/run-gtp-check "$(GTP_CHECK_DIR)" $(GTP_TEST_ENGINE)
#> check-gogui            the .tst suites through GoGui's own gogui-regress (when its jar is built)
check-gogui: $(BINDIR)/hane
	@regress/gtp/run-gogui "$(GOGUI_REGRESS)" "$(GTP_TEST_ENGINE)" build/gogui-regress $(GTP_TST)

# MPI=1: hane-mpi, the engine over Open MPI processes (gtp/main_mpi.c,
# engine/net_mpi.c; docs/notes/mpi.md).
ifeq ($(MPI),1)
$(eval $(call mpi_program,hane-mpi,$(call objs,gtp/main_mpi.c engine/net_mpi.c) $(HANE_LIBS)))
endif
