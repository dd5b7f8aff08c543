# hane — one non-recursive Makefile.
#
# Switches (make VAR=value):
#   VARIANT=release   release (-O2), debug (-O0, asserts), asan (ASan+UBSan), tsan (ThreadSanitizer)
#   V=1               print full commands
#   MPI=1             also the Open MPI programs bin/hane-mpi and bin/hane-train-mpi
#                     (docs/notes/mpi.md); without it nothing includes mpi.h
#   CC=clang          any C11 compiler
#   PREFIX=/usr/local DESTDIR=   for `make install`
#
# Targets: `make help` lists every one with a line each (the `#>` lines
# above the rules, wherever a module.mk defines them).
#
# Each directory adds its sources, binaries and tests in its own module.mk;
# this file holds the rules they share.

VARIANT ?= release
VARIANTS := release debug asan tsan
ifeq ($(filter $(VARIANT),$(VARIANTS)),)
$(error VARIANT must be one of: $(VARIANTS))
endif

CC      ?= cc
PREFIX  ?= /usr/local
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
CSTD    := -std=c11 -D_GNU_SOURCE
OPT_release := -O2 -g -DNDEBUG
OPT_debug   := -O0 -g3 -DHANE_CHECKS
OPT_asan    := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -DHANE_CHECKS
OPT_tsan    := -O1 -g -fsanitize=thread
CFLAGS  ?=
CFLAGS  += $(CSTD) $(WARN) $(OPT_$(VARIANT)) -pthread -I. -MMD -MP $(CHECK_CFLAGS)
LDFLAGS += $(filter -fsanitize=%,$(OPT_$(VARIANT))) -pthread
LDLIBS  := -ljansson -lm
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lm)

ifeq ($(VARIANT),release)
OBJDIR := build/release
BINDIR := bin
else
OBJDIR := build/$(VARIANT)
BINDIR := build/$(VARIANT)/bin
endif
TESTDIR := $(OBJDIR)/tests

ifeq ($(V),1)
Q :=
else
Q := @
endif

# objs: source files -> object files of this variant
objs = $(patsubst %.c,$(OBJDIR)/%.o,$(1))

# Filled in by the module.mk files.
BINS        :=
UNIT_TESTS  :=
CHECK_EXTRA :=

.PHONY: all check check-fast unit-fast help check-help unit regress sanitize tsan bench strength strength-smoke fuzz install clean deps
#> all                    bin/hane and every tool (the default)
all:

# Static libraries: one per module.
$(OBJDIR)/lib%.a:
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^

# Unit tests: `$(eval $(call unit_test,NAME,OBJECTS_AND_LIBS))` links $(TESTDIR)/NAME with Check.
define unit_test
UNIT_TESTS += $(TESTDIR)/$(1)
$(TESTDIR)/$(1): $(2)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(CC) $$(LDFLAGS) -o $$@ $$^ $$(CHECK_LIBS) $$(LDLIBS)
endef

# Tests live beside their module, in DIR/tests/. `$(call unit_tests,DIR,LIBS)`
# makes one Check binary of each DIR/tests/test_*.c, linked with LIBS: the
# floors the module stands on, so a test cannot reach above its module either.
unit_tests = $(foreach t,$(wildcard $(1)/tests/test_*.c),\
  $(eval $(call unit_test,$(basename $(notdir $(t))),$(call objs,$(t)) $(2))))

# Programs: `$(eval $(call program,NAME,OBJECTS_AND_LIBS))` links $(BINDIR)/NAME.
define program
BINS += $(BINDIR)/$(1)
$(BINDIR)/$(1): $(2)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(CC) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
endef

# MPI=1: the *_mpi.c files (the only ones that include mpi.h) are compiled
# with mpicc's include flags and the MPI programs linked with its libraries;
# every module leaves *_mpi.c out of its plain sources.
MPI ?=
ifeq ($(MPI),1)
MPI_CFLAGS := $(shell mpicc --showme:compile 2>/dev/null)
MPI_LIBS   := $(shell mpicc --showme:link 2>/dev/null)
ifeq ($(MPI_LIBS),)
$(error MPI=1: no mpicc (Debian: apt-get install openmpi-bin libopenmpi-dev))
endif
$(OBJDIR)/%_mpi.o: CFLAGS += $(MPI_CFLAGS)
endif
define mpi_program
BINS += $(BINDIR)/$(1)
$(BINDIR)/$(1): $(2)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(CC) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS) $$(MPI_LIBS)
endef

include data/module.mk
include engine/board/module.mk
include patterns/module.mk
include engine/module.mk
include gtp/module.mk
-include $(sort $(wildcard tools/*/module.mk))
include regress/module.mk
-include regress/fuzz/module.mk

all: $(BINS)

$(OBJDIR)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -c $< -o $@


#> unit                   the Check unit suites only
unit: $(UNIT_TESTS)
	@regress/run-unit $(UNIT_TESTS)

#> check                  every test: unit suites, GTP suites, conformance, tool scripts, layers
check: all unit $(CHECK_EXTRA)

# check-fast: for the edit-compile-test loop. The Check cases tagged "slow"
# (the SGF corpus, the lock-step runs against the reference board) are left
# out by Check itself, not skipped, and so are the conformance check and the
# tools' scripts; what runs, runs in full.
#> check-fast             the quick loop: unit suites without the slow cases, GTP suites, layers
check-fast: unit-fast check-gtp check-layers

#> unit-fast              the unit suites without the cases tagged slow
unit-fast: $(UNIT_TESTS)
	@CK_EXCLUDE_TAGS=slow regress/run-unit $(UNIT_TESTS)

#> help                   this list
help:
	@grep -h '^#> ' $(MAKEFILE_LIST) | sed 's/^#> /  /' | sort

# Every target a user can name has its #> line.
CHECK_EXTRA += check-help
#> check-help             fail when a .PHONY target has no line in make help
check-help:
	@missing=$$(for t in $$(sed -n 's/^\.PHONY: *//p' $(MAKEFILE_LIST) | tr ' ' '\n' | sort -u); do \
	    grep -q "^#> $$t " $(MAKEFILE_LIST) || echo "$$t"; done); \
	if [ -n "$$missing" ]; then echo "help: no #> line for:" $$missing; exit 1; fi; \
	echo "help: every .PHONY target is listed"

#> regress                the same as check
regress: check

# ASan+UBSan runs the code 2-5x slower, and the default search (BT playouts)
# plays whole games in some tests: Check's per-test timeouts are tripled, and
# so is each .tst file's (TST_TIMEOUT, 300 s in a plain build). Both can be
# set higher from the environment on a loaded machine.
#> sanitize               check under ASan+UBSan (build/asan), timeouts tripled
sanitize:
	CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-3} TST_TIMEOUT=$${TST_TIMEOUT:-900} \
	  $(MAKE) VARIANT=asan check

#> tsan                   the threaded search tests under ThreadSanitizer (build/tsan)
tsan:
	$(MAKE) VARIANT=tsan tsan-tests

#> install                bin/* to $(DESTDIR)$(PREFIX)/bin
install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin

#> clean                  remove build/ and bin/
clean:
	rm -rf build bin

# The packages for `make` and `make check` on Debian. As root (a fresh
# container has no sudo) apt-get runs as it is; as a user, through sudo.
DEPS_APT := build-essential pkg-config libjansson-dev check gnugo gnuplot-nox python3
SUDO     := $(if $(filter 0,$(shell id -u)),,sudo)
#> deps                   the Debian packages the build and the tests need (sudo unless root)
deps:
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y $(DEPS_APT)

-include $(shell find $(OBJDIR) -name '*.d' 2>/dev/null)
