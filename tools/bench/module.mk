# tools/bench: hane-bench, one JSON object of speed figures (`make bench`).
BENCH_SRC := $(wildcard tools/bench/*.c)
$(eval $(call program,hane-bench,$(call objs,$(BENCH_SRC)) $(LIBENGINE) $(LIBPATTERNS) $(LIBBOARD)))

# BENCH_ARGS passes options through, e.g. make bench BENCH_ARGS="--only playout_light_9".
#> bench                  speed figures as one JSON object (hane-bench)
bench: $(BINDIR)/hane-bench
	$(BINDIR)/hane-bench $(BENCH_ARGS)
