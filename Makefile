# hane — one non-recursive Makefile.
#
# Switches (make VAR=value):
#   VARIANT=release   release (-O2), debug (-O0, asserts), asan (ASan+UBSan), tsan (ThreadSanitizer)
#   V=1               print full commands
#   CC=clang          any C11 compiler
#   PREFIX=/usr/local DESTDIR=   for `make install`
#
# Targets:
#   all (default)   bin/hane and the tools
#   check           unit suites (regress/unit, tools/*/tests) and GTP suites (regress/gtp/*.tst, *.expect)
#   check-gogui     the GTP suites through GoGui's gogui-regress (when its jar is built)
#   sanitize        the same tests under ASan+UBSan (objects in build/asan)
#   tsan            the threaded-search tests under ThreadSanitizer (objects in build/tsan)
#   bench           bin/hane-bench: one JSON object of speed figures
#   strength-smoke  10 games on 9x9 against gnugo --level 1
#   strength        the standard strength match (see docs/figures.md)
#   fuzz            libFuzzer harnesses (clang)
#   install         bin/* to $(DESTDIR)$(PREFIX)/bin
#   deps            the Debian packages the build and the tests need (apt-get; sudo unless root)
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

.PHONY: all check unit regress sanitize tsan bench strength strength-smoke fuzz install clean deps
all:

# Static libraries: one per module.
$(OBJDIR)/lib%.a:
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^

# engine/ and patterns/ need each other at link time (features read the board;
# the search reads features), so the archives are linked as one group.
link_group = -Wl,--start-group $(1) -Wl,--end-group

# Unit tests: `$(eval $(call unit_test,NAME,OBJECTS_AND_LIBS))` links $(TESTDIR)/NAME with Check.
define unit_test
UNIT_TESTS += $(TESTDIR)/$(1)
$(TESTDIR)/$(1): $(2)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(CC) $$(LDFLAGS) -o $$@ $$(call link_group,$$^) $$(CHECK_LIBS) $$(LDLIBS)
endef

# Programs: `$(eval $(call program,NAME,OBJECTS_AND_LIBS))` links $(BINDIR)/NAME.
define program
BINS += $(BINDIR)/$(1)
$(BINDIR)/$(1): $(2)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(CC) $$(LDFLAGS) -o $$@ $$(call link_group,$$^) $$(LDLIBS)
endef

include engine/module.mk
include patterns/module.mk
include gtp/module.mk
-include $(sort $(wildcard tools/*/module.mk))
include regress/module.mk
-include regress/fuzz/module.mk

all: $(BINS)

$(OBJDIR)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -c $< -o $@


unit: $(UNIT_TESTS)
	@regress/run-unit $(UNIT_TESTS)

check: all unit $(CHECK_EXTRA)

regress: check

# ASan+UBSan runs the code 2-5x slower, and the default search (BT playouts)
# plays whole games in some tests: Check's per-test timeouts are tripled, and
# so is each .tst file's (TST_TIMEOUT, 300 s in a plain build). Both can be
# set higher from the environment on a loaded machine.
sanitize:
	CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-3} TST_TIMEOUT=$${TST_TIMEOUT:-900} \
	  $(MAKE) VARIANT=asan check

tsan:
	$(MAKE) VARIANT=tsan tsan-tests

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin

clean:
	rm -rf build bin

# The packages for `make` and `make check` on Debian. As root (a fresh
# container has no sudo) apt-get runs as it is; as a user, through sudo.
DEPS_APT := build-essential pkg-config libjansson-dev check gnugo gnuplot-nox
SUDO     := $(if $(filter 0,$(shell id -u)),,sudo)
deps:
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y $(DEPS_APT)

-include $(shell find $(OBJDIR) -name '*.d' 2>/dev/null)
