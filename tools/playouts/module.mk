# tools/playouts: hane-playouts, the playouts' own view of a position from an
# SGF record (no tree): win share, survival of named stones, ownership map.
$(eval $(call program,hane-playouts,$(call objs,tools/playouts/main.c) $(HANE_LIBS)))

# Its checks (a 9x9 fixture with a dead stone and a living group, and bad
# input): part of `make check`.
.PHONY: check-playouts
CHECK_EXTRA += check-playouts
check-playouts: $(BINDIR)/hane-playouts
	@tools/playouts/test-playouts.sh $(BINDIR)/hane-playouts
