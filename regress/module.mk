# regress/: unit suites of engine/, patterns/ and gtp/ (one Check binary per regress/unit/test_*.c)
# and the GTP regression suites (regress/gtp/*.tst).
$(foreach t,$(wildcard regress/unit/test_*.c),\
  $(eval $(call unit_test,$(basename $(notdir $(t))),$(call objs,$(t)) $(HANE_LIBS))))
