# engine/: board and rules, game record, SGF, playouts, tree search, time, scoring.
ENGINE_SRC := $(wildcard engine/*.c)
LIBENGINE  := $(OBJDIR)/libengine.a
$(LIBENGINE): $(call objs,$(ENGINE_SRC))

# tsan-tests (run by `make tsan`, i.e. with VARIANT=tsan): the test cases that
# run several threads on one search tree, under ThreadSanitizer. Only the
# "threads" case of each suite runs (CK_RUN_CASE), so it stays short.
.PHONY: tsan-tests
tsan-tests: $(TESTDIR)/test_tree $(TESTDIR)/test_gosearch
	@CK_RUN_CASE=threads TSAN_OPTIONS="halt_on_error=1 $(TSAN_OPTIONS)" regress/run-unit $^
