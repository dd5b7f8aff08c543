# tools/balance: hane-balance, simulation balancing of the BT playouts' tactical
# and near-move gammas against the outcomes of game records.
$(eval $(call program,hane-balance,$(call objs,tools/balance/main.c tools/common/pathlist.c) $(HANE_LIBS)))

# Its checks (records made from tools/playouts/fixture.sgf, bad input): part
# of `make check`.
.PHONY: check-balance
CHECK_EXTRA += check-balance
#> check-balance          hane-balance's own checks
check-balance: $(BINDIR)/hane-balance $(BINDIR)/hane-calibrate
	@tools/balance/test-balance.sh $(BINDIR)/hane-balance $(BINDIR)/hane-calibrate
