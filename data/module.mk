# data/: the tables compiled into the binaries. embed (a host tool) turns a
# JSON table into a C source defining its bytes; each floor that ships a table
# builds its object from it (patterns/: gammas.json, engine/: playout-gammas.json).
EMBED := $(OBJDIR)/gen/embed

$(EMBED): data/embed.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $@")
	$(Q)$(CC) -std=c11 -O1 -o $@ $<

# embed_table NAME,JSON,STEM: $(STEM).o defines NAME[] with the bytes of JSON.
define embed_table
$(3).c: $(2) $$(EMBED)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  EMBED   $$<")
	$$(Q)$$(EMBED) $(1) $$< $$@

$(3).o: $(3).c
	@$$(if $$(Q),echo "  CC      $$<")
	$$(Q)$$(CC) $$(filter-out -MMD -MP,$$(CFLAGS)) -c $$< -o $$@
endef
