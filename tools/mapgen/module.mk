# tools/mapgen/: tree search vs optimisation for level generation (spec mapgen.md):
# libmapgen.a, bin/hane-mapgen, its Check suite and the long experiment (outside `check`).
MAPGEN_SRC := $(addprefix tools/mapgen/,mg_problem.c mg_map.c mg_stats.c mg_sokoban.c \
                mg_env.c mg_run.c mg_opt.c)
LIBMAPGEN  := $(OBJDIR)/libmapgen.a
$(LIBMAPGEN): $(call objs,$(MAPGEN_SRC))

# tools/search sorts after tools/mapgen, so name its library by path
$(eval $(call unit_test,test_mapgen,$(call objs,tools/mapgen/tests/test_mapgen.c) \
  $(LIBMAPGEN) $(OBJDIR)/libsearch.a))
