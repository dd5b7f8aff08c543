# regress/: what tests the whole: the GTP suites (regress/gtp, run from
# gtp/module.mk), the fuzz harnesses, SGF fixtures and the runners. The unit
# suites live beside their modules (DIR/tests/, see unit_tests).

# The floors (board -> patterns -> engine -> gtp -> tools) hold: no #include
# goes up one. The script is tested on a tree that breaks them.
.PHONY: check-layers
CHECK_EXTRA += check-layers
#> check-layers           fail when an #include goes up a floor (board, patterns, engine, gtp, tools)
check-layers:
	@regress/test-check-layers.sh
	@regress/check-layers
