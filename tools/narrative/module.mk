# tools/narrative/: believable stories by MCTS (Kartal, Koenig & Guy 2014): libnarrative.a,
# bin/hane-narrative and its Check suite.  Of the floors below it uses only the board's
# random numbers (libboard.a).
NARRATIVE_SRC := $(addprefix tools/narrative/,nv_world.c nv_text.c nv_load.c nv_search.c \
                   nv_tree.c nv_mcts.c nv_report.c nv_table1.c)
LIBNARRATIVE  := $(OBJDIR)/libnarrative.a
$(LIBNARRATIVE): $(call objs,$(NARRATIVE_SRC))

NARRATIVE_LIBS := $(LIBNARRATIVE) $(call objs,tools/common/parallel.c) $(LIBBOARD)
$(eval $(call program,hane-narrative,$(call objs,tools/narrative/nv_main.c) $(NARRATIVE_LIBS)))
$(eval $(call unit_test,test_narrative,$(call objs,tools/narrative/tests/test_narrative.c) \
  $(NARRATIVE_LIBS)))

# The experiments beyond Table 1 (README, Results), outside `make check` (long: minutes per 3M-node run).
#   make narrative-table1 NARRATIVE_RUNS=10 NARRATIVE_JOBS=2
#   make narrative-experiment NARRATIVE_RUNS=3 NARRATIVE_BUDGETS="100000 3000000"
NARRATIVE_RUNS    ?= 10
NARRATIVE_JOBS    ?= 1
NARRATIVE_BUDGETS ?= 100000 500000 1000000 3000000
NARRATIVE_OUT     ?= build/narrative-experiment
.PHONY: narrative-table1 narrative-experiment
#> narrative-table1       the story-generation paper's Table 1
narrative-table1: $(BINDIR)/hane-narrative
	nice $(BINDIR)/hane-narrative table1 --runs $(NARRATIVE_RUNS) --jobs $(NARRATIVE_JOBS) \
	  --out $(NARRATIVE_OUT)
#> narrative-experiment   the story-generation experiment
narrative-experiment: $(BINDIR)/hane-narrative
	sh tools/narrative/experiments.sh $(BINDIR)/hane-narrative $(NARRATIVE_OUT) \
	  $(NARRATIVE_RUNS) "$(NARRATIVE_BUDGETS)" all
