# patterns/: move features, pattern hashing, gamma tables, the MM trainer's library code.
# data/gammas.json is compiled in: patterns/gen/embed.c (a host tool) turns it into
# $(OBJDIR)/gen/pat_default.c, whose object joins libpatterns.
PATTERNS_SRC := $(wildcard patterns/*.c)
LIBPATTERNS  := $(OBJDIR)/libpatterns.a
PAT_EMBED    := $(OBJDIR)/gen/embed
PAT_DEFAULT  := $(OBJDIR)/gen/pat_default

$(PAT_EMBED): patterns/gen/embed.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $@")
	$(Q)$(CC) -std=c11 -O1 -o $@ $<

$(PAT_DEFAULT).c: data/gammas.json $(PAT_EMBED)
	@$(if $(Q),echo "  EMBED   $<")
	$(Q)$(PAT_EMBED) pat_default_json $< $@

$(PAT_DEFAULT).o: $(PAT_DEFAULT).c
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(filter-out -MMD -MP,$(CFLAGS)) -c $< -o $@

$(LIBPATTERNS): $(call objs,$(PATTERNS_SRC)) $(PAT_DEFAULT).o
