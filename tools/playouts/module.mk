# tools/playouts: hane-playouts, the playouts' own view of a position from an
# SGF record (no tree): win share, survival of named stones, ownership map.
$(eval $(call program,hane-playouts,$(call objs,tools/playouts/main.c tools/playouts/policy.c) $(HANE_LIBS)))
# hane-calibrate: how well the playouts foretell the winners of finished games
# (Brier score over positions of records with a result).
$(eval $(call program,hane-calibrate,$(call objs,tools/playouts/calibrate.c tools/playouts/policy.c tools/common/pathlist.c) $(HANE_LIBS)))

# Their checks (a 9x9 fixture with a dead stone and a living group, records
# made from it, and bad input): part of `make check`.
.PHONY: check-playouts
CHECK_EXTRA += check-playouts
#> check-playouts         hane-playouts' and hane-calibrate's checks
check-playouts: $(BINDIR)/hane-playouts $(BINDIR)/hane-calibrate
	@tools/playouts/test-playouts.sh $(BINDIR)/hane-playouts
	@tools/playouts/test-calibrate.sh $(BINDIR)/hane-calibrate
