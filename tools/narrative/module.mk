# tools/narrative/: believable stories by MCTS (spec narrative.md): libnarrative.a,
# bin/hane-narrative and its Check suite.  Links tools/search's libsearch.a for the RNG.
NARRATIVE_SRC := $(addprefix tools/narrative/,nv_world.c nv_text.c nv_load.c nv_search.c \
                   nv_tree.c nv_mcts.c nv_report.c nv_table1.c)
LIBNARRATIVE  := $(OBJDIR)/libnarrative.a
$(LIBNARRATIVE): $(call objs,$(NARRATIVE_SRC))

# tools/search sorts after tools/narrative, so name its library by path
$(eval $(call program,hane-narrative,$(call objs,tools/narrative/nv_main.c) $(LIBNARRATIVE) \
  $(OBJDIR)/libsearch.a $(LIBBOARD)))

$(eval $(call unit_test,test_narrative,$(call objs,tools/narrative/tests/test_narrative.c) \
  $(LIBNARRATIVE) $(OBJDIR)/libsearch.a $(LIBBOARD)))

# The §8 experiments beyond Table 1, outside `make check` (long: minutes per 3M-node run).
#   make narrative-table1 NARRATIVE_RUNS=10 NARRATIVE_JOBS=2
#   make narrative-experiment NARRATIVE_RUNS=3 NARRATIVE_BUDGETS="100000 3000000"
NARRATIVE_RUNS    ?= 10
NARRATIVE_JOBS    ?= 1
NARRATIVE_BUDGETS ?= 100000 500000 1000000 3000000
NARRATIVE_OUT     ?= build/narrative-experiment
.PHONY: narrative-table1 narrative-experiment
narrative-table1: $(BINDIR)/hane-narrative
	nice $(BINDIR)/hane-narrative table1 --runs $(NARRATIVE_RUNS) --jobs $(NARRATIVE_JOBS) \
	  --out $(NARRATIVE_OUT)
narrative-experiment: $(BINDIR)/hane-narrative
	sh tools/narrative/experiments.sh $(BINDIR)/hane-narrative $(NARRATIVE_OUT) \
	  $(NARRATIVE_RUNS) "$(NARRATIVE_BUDGETS)" all
