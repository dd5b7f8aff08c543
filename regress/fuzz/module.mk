# regress/fuzz/: libFuzzer harnesses, one binary per regress/fuzz/fuzz_*.c.
#
#   make fuzz                      builds them (clang) in build/fuzz/
#   make fuzz FUZZ_RUNS=1000000    ... and runs each for that many executions
#   make fuzz FUZZ_RUNS=1000000 FUZZ_TARGETS=fuzz_sgf    ... only the harnesses named
#
# Everything is compiled with clang under -fsanitize=fuzzer-no-link,address,undefined
# in its own object tree (build/fuzz), independent of VARIANT, and each harness
# links all of hane's library code (every engine/, patterns/ and gtp/ source but
# gtp/main.c). Runs grow the kept corpus regress/fuzz/corpus/NAME (FUZZ_CORPUS)
# from the seeds in regress/sgf/ (and regress/gtp/ if present); `make fuzz-merge`
# minimises it (libFuzzer -merge=1) before it is committed; crashing inputs are written to
# build/fuzz/crash-NAME-*; keep them under regress/sgf/crashers/ once fixed.
FUZZ_CC     ?= clang
FUZZ_DIR    := build/fuzz
FUZZ_CORPUS ?= regress/fuzz/corpus
FUZZ_RUNS   ?=
FUZZ_TARGETS ?=
FUZZ_FLAGS  ?= -timeout=10 -rss_limit_mb=2048
# Longest input per harness (-max_len; a -max_len in FUZZ_FLAGS overrides it).
# fuzz_gtp's seeds are whole .tst suites of up to 4 KB: at that length an input
# plays dozens of genmoves, and the millions of executions a run needs would
# take days; 128 bytes holds a few commands.
# fuzz_sgf reaches the reader's size-driven paths (limits, memory budget)
# only with inputs of tens of kilobytes; fuzz_sgf_read, the reader alone,
# goes to a megabyte, under a memory limit.
FUZZ_MAX_LEN          ?= 4096
FUZZ_MAX_LEN_fuzz_gtp ?= 128
FUZZ_MAX_LEN_fuzz_sgf ?= 65536
FUZZ_MAX_LEN_fuzz_sgf_read ?= 1048576
# Extra flags per harness (after FUZZ_FLAGS, so they win).
FUZZ_FLAGS_fuzz_sgf_read ?= -rss_limit_mb=1024 -malloc_limit_mb=64
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_IGNORE := regress/fuzz/coverage-ignore.txt
FUZZ_CFLAGS := $(CSTD) $(WARN) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -DHANE_CHECKS \
               -fsanitize-coverage-ignorelist=$(FUZZ_IGNORE) -pthread -I. -MMD -MP
# Everything of the floors but the programs' mains and the MPI sources
# (built only with MPI=1).
FUZZ_LIB_SRC := $(sort $(filter-out gtp/main.c %_mpi.c,$(wildcard engine/board/*.c) \
                  $(wildcard engine/*.c) $(wildcard patterns/*.c) $(wildcard gtp/*.c)))
FUZZ_LIB_OBJ := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_LIB_SRC))
FUZZ_HARNESS := $(sort $(wildcard regress/fuzz/fuzz_*.c))
FUZZ_BINS    := $(patsubst regress/fuzz/%.c,$(FUZZ_DIR)/%,$(FUZZ_HARNESS))
# Seed inputs per harness: FUZZ_SEEDS_<name> (directories, read recursively).
FUZZ_SEEDS_fuzz_sgf ?= regress/sgf
FUZZ_SEEDS_fuzz_sgf_read ?= regress/sgf
FUZZ_SEEDS_fuzz_gtp ?= $(wildcard regress/gtp regress/fuzz/seeds/gtp)
FUZZ_SEEDS_fuzz_json ?= regress/fuzz/seeds/json
FUZZ_SEEDS_fuzz_tools ?= regress/fuzz/seeds/tools
FUZZ_DICT_fuzz_sgf_read ?= regress/fuzz/fuzz_sgf.dict

$(FUZZ_DIR)/%.o: %.c $(FUZZ_IGNORE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (fuzz)")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

# The compiled-in gamma tables, generated C in $(OBJDIR)/gen: data/gammas.json
# (pat_default, see patterns/module.mk) and data/playout-gammas.json (pat_playout,
# see engine/module.mk). A table added there must be added here too, or the
# harnesses do not link.
FUZZ_GEN_OBJ := $(FUZZ_DIR)/gen/pat_default.o $(FUZZ_DIR)/gen/pat_playout.o
$(FUZZ_DIR)/gen/pat_default.o: $(PAT_DEFAULT).c
$(FUZZ_DIR)/gen/pat_playout.o: $(PAT_PLAYOUT).c
$(FUZZ_GEN_OBJ):
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (fuzz)")
	$(Q)$(FUZZ_CC) $(filter-out -MMD -MP,$(FUZZ_CFLAGS)) -c $< -o $@

$(FUZZ_DIR)/libhane-fuzz.a: $(FUZZ_LIB_OBJ) $(FUZZ_GEN_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^

# The readers of the ports under tools/ (fuzz_tools): their own library, so
# the other harnesses link as before. It goes before libhane-fuzz.a on the
# link line: the ports read files through engine/board/file_read.
FUZZ_TOOLS_SRC := $(NARRATIVE_SRC) $(MAPGEN_SRC) $(M3_LIB_SRC) $(SEARCH_SRC)
$(FUZZ_DIR)/libtools-fuzz.a: $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_TOOLS_SRC))
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^
$(FUZZ_DIR)/fuzz_tools: $(FUZZ_DIR)/libtools-fuzz.a

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/regress/fuzz/fuzz_%.o $(FUZZ_DIR)/libhane-fuzz.a
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -pthread -o $@ $(filter %.o,$^) \
	    $(filter-out %.o $(FUZZ_DIR)/libhane-fuzz.a,$^) $(FUZZ_DIR)/libhane-fuzz.a $(LDLIBS)

# fuzz_run: runs harness $(1) for FUZZ_RUNS executions (log in build/fuzz/NAME.log).
define fuzz_run
	@mkdir -p $(FUZZ_CORPUS)/$(1)
	@echo "  FUZZ    $(1): $(FUZZ_RUNS) runs"
	@$(FUZZ_DIR)/$(1) -runs=$(FUZZ_RUNS) -max_len=$(or $(FUZZ_MAX_LEN_$(1)),$(FUZZ_MAX_LEN)) \
	    $(FUZZ_FLAGS) $(FUZZ_FLAGS_$(1)) -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/crash-$(1)- \
	    $(if $(wildcard regress/fuzz/$(1).dict),-dict=regress/fuzz/$(1).dict,$(if $(FUZZ_DICT_$(1)),-dict=$(FUZZ_DICT_$(1)))) \
	    $(FUZZ_CORPUS)/$(1) $(FUZZ_SEEDS_$(1)) 2>$(FUZZ_DIR)/$(1).log \
	    || { tail -n 40 $(FUZZ_DIR)/$(1).log; exit 1; }
	@grep -E '^(Done [0-9]+ runs|stat::number_of_executed_units)' $(FUZZ_DIR)/$(1).log | sed 's|^|  $(1): |'

endef

FUZZ_RUN_BINS := $(if $(FUZZ_TARGETS),$(filter $(addprefix $(FUZZ_DIR)/,$(FUZZ_TARGETS)),$(FUZZ_BINS)),$(FUZZ_BINS))

#> fuzz                   build the libFuzzer harnesses (clang); FUZZ_RUNS=N runs them
fuzz: $(FUZZ_BINS)
	$(if $(FUZZ_RUNS),$(foreach b,$(FUZZ_RUN_BINS),$(call fuzz_run,$(notdir $(b)))))

# fuzz_merge: keeps only the inputs of $(FUZZ_CORPUS)/NAME that add coverage.
define fuzz_merge
	@rm -rf $(FUZZ_DIR)/merge-$(1) && mkdir -p $(FUZZ_DIR)/merge-$(1) $(FUZZ_CORPUS)/$(1)
	@$(FUZZ_DIR)/$(1) -merge=1 -max_len=$(or $(FUZZ_MAX_LEN_$(1)),$(FUZZ_MAX_LEN)) \
	    $(FUZZ_FLAGS) $(FUZZ_FLAGS_$(1)) $(FUZZ_DIR)/merge-$(1) $(FUZZ_CORPUS)/$(1) \
	    2>$(FUZZ_DIR)/$(1)-merge.log || { tail -n 20 $(FUZZ_DIR)/$(1)-merge.log; exit 1; }
	@rm -rf $(FUZZ_CORPUS)/$(1) && mv $(FUZZ_DIR)/merge-$(1) $(FUZZ_CORPUS)/$(1)
	@echo "  MERGE   $(1): $$(ls $(FUZZ_CORPUS)/$(1) | wc -l) inputs, $$(du -sk $(FUZZ_CORPUS)/$(1) | cut -f1) KB"

endef

.PHONY: fuzz-merge
#> fuzz-merge             minimise the fuzz corpora in regress/fuzz/corpus
fuzz-merge: $(FUZZ_BINS)
	$(foreach b,$(FUZZ_RUN_BINS),$(call fuzz_merge,$(notdir $(b))))

-include $(shell find $(FUZZ_DIR) -name '*.d' 2>/dev/null)

# Keep harness objects (make would delete them as intermediates).
.SECONDARY: $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_HARNESS))
