# engine/: the search floor, over patterns/ and the board: playouts, tree,
# search, parameters, time control, scoring by ownership.
ENGINE_SRC := $(filter-out %_mpi.c,$(wildcard engine/*.c))
LIBENGINE  := $(OBJDIR)/libengine.a
$(LIBENGINE): $(call objs,$(ENGINE_SRC))
$(call unit_tests,engine,$(LIBENGINE) $(LIBPATTERNS) $(LIBBOARD))

# tsan-tests (run by `make tsan`, i.e. with VARIANT=tsan): the test cases that
# run several threads on one search tree, under ThreadSanitizer. Only the
# "threads" case of each suite runs (CK_RUN_CASE), so it stays short.
.PHONY: tsan-tests
#> tsan-tests             the threaded cases alone (run by tsan, with VARIANT=tsan)
tsan-tests: $(TESTDIR)/test_tree $(TESTDIR)/test_search $(TESTDIR)/test_search_cluster
	@CK_RUN_CASE=threads TSAN_OPTIONS="halt_on_error=1 $(TSAN_OPTIONS)" regress/run-unit $^

# The BT playout table (fast features only: data/playout-gammas.json, see
# engine/playout_bt.h) is compiled in like the default table; its object
# joins libengine.
PAT_PLAYOUT := $(OBJDIR)/gen/pat_playout
$(eval $(call embed_table,pat_playout_json,data/playout-gammas.json,$(PAT_PLAYOUT)))
$(LIBENGINE): $(PAT_PLAYOUT).o
