# tools/mapgen/: tree search vs optimisation for level generation (spec mapgen.md):
# libmapgen.a, bin/hane-mapgen, its Check suite and the long experiment (outside `check`).
MAPGEN_SRC := $(addprefix tools/mapgen/,mg_problem.c mg_map.c mg_stats.c mg_sokoban.c \
                mg_env.c mg_run.c mg_opt.c mg_batch.c mg_png.c mg_table.c)
LIBMAPGEN  := $(OBJDIR)/libmapgen.a
$(LIBMAPGEN): $(call objs,$(MAPGEN_SRC))

$(eval $(call program,hane-mapgen,$(call objs,tools/mapgen/mg_main.c) $(LIBMAPGEN) \
  $(OBJDIR)/libsearch.a $(LIBBOARD)))

# tools/search sorts after tools/mapgen, so name its library by path
$(eval $(call unit_test,test_mapgen,$(call objs,tools/mapgen/tests/test_mapgen.c) \
  $(LIBMAPGEN) $(OBJDIR)/libsearch.a $(LIBBOARD)))

# The experiment (spec §7), outside `make check`.  Defaults = the scaled protocol
# (100 runs × 5 CPU-s, 2 threads) plus an evaluation budget per problem; every
# configuration resumes from its JSON file.  A reduced run:
#   make mapgen-experiment MAPGEN_RUNS=10 MAPGEN_TIME=1 MAPGEN_JOBS=1
MAPGEN_RUNS  ?= 100
MAPGEN_TIME  ?= 5
MAPGEN_JOBS  ?= 2
MAPGEN_EVALS ?= binary=40000,zelda=465000,sokoban=100000
MAPGEN_OUT   ?= build/mapgen-experiment
.PHONY: mapgen-experiment
mapgen-experiment: $(BINDIR)/hane-mapgen
	sh tools/mapgen/experiment.sh $(BINDIR)/hane-mapgen $(MAPGEN_OUT) $(MAPGEN_RUNS) \
	  $(MAPGEN_TIME) $(MAPGEN_JOBS) "$(MAPGEN_EVALS)"

# Protocol S+ (README): after the all-48 round at MAPGEN_RUNS=15, the configurations
# whose runs mostly end well before the cap are extended to 100 runs (cheapest first,
# the Sokoban T5 contenders leading).  What ran:
#   make mapgen-experiment MAPGEN_RUNS=15 MAPGEN_EVALS= MAPGEN_OUT=DIR; make mapgen-splus MAPGEN_OUT=DIR
MAPGEN_SPLUS_RUNS ?= 100
MAPGEN_SPLUS ?= sokoban-narrow-mcts sokoban-wide-ga sokoban-wide-mcts \
  binary-wide-sa binary-wide-ga binary-wide-gbfs binary-turtle-gbfs \
  zelda-wide-sa zelda-wide-ga zelda-wide-gbfs \
  binary-wide-es binary-wide-hc zelda-wide-es zelda-wide-hc zelda-turtle-gbfs \
  binary-narrow-mcts binary-narrow-gbfs
.PHONY: mapgen-splus
mapgen-splus: $(BINDIR)/hane-mapgen
	sh tools/mapgen/extend.sh $(BINDIR)/hane-mapgen $(MAPGEN_OUT)/time $(MAPGEN_SPLUS_RUNS) \
	  $(MAPGEN_TIME) $(MAPGEN_JOBS) $(MAPGEN_SPLUS)
