# tools/search/: domain-independent BFS, DFS, greedy best-first and MCTS (libsearch.a),
# shared by tools/mapgen, tools/match3 and tools/narrative.
SEARCH_SRC := tools/search/rng.c tools/search/common.c tools/search/tree.c tools/search/mcts.c
LIBSEARCH  := $(OBJDIR)/libsearch.a
$(LIBSEARCH): $(call objs,$(SEARCH_SRC))

$(eval $(call unit_test,test_search,$(call objs,tools/search/tests/test_search.c) $(LIBSEARCH)))
