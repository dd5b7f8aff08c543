# patterns/: move features, pattern hashing, gamma tables, the MM trainer's
# library code. It reads the board floor (engine/board/) and nothing above.
# data/gammas.json is compiled in (data/module.mk's embed_table).
PATTERNS_SRC := $(wildcard patterns/*.c)
LIBPATTERNS  := $(OBJDIR)/libpatterns.a
PAT_DEFAULT  := $(OBJDIR)/gen/pat_default
$(eval $(call embed_table,pat_default_json,data/gammas.json,$(PAT_DEFAULT)))
$(LIBPATTERNS): $(call objs,$(PATTERNS_SRC)) $(PAT_DEFAULT).o
$(call unit_tests,patterns,$(LIBPATTERNS) $(LIBBOARD))
