# tools/plan/: the ports' planning library (libplan.a): BFS, DFS, greedy best-first and
# MCTS over any domain of states and actions, used by tools/mapgen and tools/match3.
# Its random numbers are the board floor's (engine/board/rng.h, in $(LIBBOARD)).
PLAN_SRC := tools/plan/plan_common.c tools/plan/plan_frontier.c tools/plan/plan_mcts.c
LIBPLAN  := $(OBJDIR)/libplan.a
$(LIBPLAN): $(call objs,$(PLAN_SRC))

$(eval $(call unit_test,test_plan,$(call objs,tools/plan/tests/test_plan.c) $(LIBPLAN) $(LIBBOARD)))
