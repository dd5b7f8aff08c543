# regress/: unit suites of engine/, patterns/ and gtp/ (one Check binary per regress/unit/test_*.c)
# and the GTP regression suites (regress/gtp/*.tst).
$(foreach t,$(wildcard regress/unit/test_*.c),\
  $(eval $(call unit_test,$(basename $(notdir $(t))),$(call objs,$(t)) $(HANE_LIBS))))

# The floors (board -> patterns -> engine -> gtp -> tools) hold: no #include
# goes up one. The script is tested on a tree that breaks them.
.PHONY: check-layers
CHECK_EXTRA += check-layers
#> check-layers           fail when an #include goes up a floor (board, patterns, engine, gtp, tools)
check-layers:
	@regress/test-check-layers.sh
	@regress/check-layers
