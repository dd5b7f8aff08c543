# tools/narrative/: believable stories by MCTS (spec narrative.md): libnarrative.a,
# bin/hane-narrative and its Check suite.  Links tools/search's libsearch.a for the RNG.
NARRATIVE_SRC := $(addprefix tools/narrative/,nv_world.c nv_text.c nv_load.c nv_search.c \
                   nv_tree.c nv_mcts.c nv_report.c nv_table1.c)
LIBNARRATIVE  := $(OBJDIR)/libnarrative.a
$(LIBNARRATIVE): $(call objs,$(NARRATIVE_SRC))

# tools/search sorts after tools/narrative, so name its library by path
$(eval $(call program,hane-narrative,$(call objs,tools/narrative/nv_main.c) $(LIBNARRATIVE) \
  $(OBJDIR)/libsearch.a))

$(eval $(call unit_test,test_narrative,$(call objs,tools/narrative/tests/test_narrative.c) \
  $(LIBNARRATIVE) $(OBJDIR)/libsearch.a))
