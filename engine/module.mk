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

# The BT playout table (fast features only: data/playout-gammas.json, see
# engine/playout_bt.h) is compiled in like the default table; its object
# joins libengine. patterns/module.mk builds the embed tool.
PAT_PLAYOUT := $(OBJDIR)/gen/pat_playout
$(PAT_PLAYOUT).c: data/playout-gammas.json $(OBJDIR)/gen/embed
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  EMBED   $<")
	$(Q)$(OBJDIR)/gen/embed pat_playout_json $< $@

$(PAT_PLAYOUT).o: $(PAT_PLAYOUT).c
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(filter-out -MMD -MP,$(CFLAGS)) -c $< -o $@

$(LIBENGINE): $(PAT_PLAYOUT).o
