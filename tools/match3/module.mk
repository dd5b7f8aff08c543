# tools/match3: Match-3 playtesting with evolved MCTS personas (spec match3.md, seed 004).
# Stands alone: no engine/ dependency.
M3_LIB_SRC := $(filter-out tools/match3/m3_main.c,$(wildcard tools/match3/m3_*.c))
LIBMATCH3  := $(OBJDIR)/libmatch3.a
$(LIBMATCH3): $(call objs,$(M3_LIB_SRC))

# tools/search (second MCTS backend); its module.mk is read after this one, so name the
# archive by path rather than by $(LIBSEARCH).
M3_LIBS    := $(LIBMATCH3) $(OBJDIR)/libsearch.a $(LIBBOARD)

$(eval $(call program,hane-match3,$(call objs,tools/match3/m3_main.c) $(M3_LIBS)))

$(foreach t,$(wildcard tools/match3/tests/test_*.c),\
  $(eval $(call unit_test,$(basename $(notdir $(t))),$(call objs,$(t)) $(M3_LIBS))))

# The experiment (spec §5), outside `make check`. M3_BUDGET selects the budget:
#   make match3-full     the paper's protocol (pop 100, 100 generations, 50 games, 250 iterations)
#   make match3-reduced  the reduced run reported in tools/match3/README.md
M3_RUNS    ?= runs/match3
M3_JOBS    ?= 2
M3_SEED    ?= 2019
M3_FULL    := --pop 100 --gens 100 --games 50 --iters 250
M3_REDUCED := --pop 20 --gens 12 --games 10 --iters 100
M3_PERSONAS := MaxS MinS MaxM MinM

.PHONY: match3-full match3-reduced match3-boards
match3-full: $(BINDIR)/hane-match3
	$(foreach p,$(M3_PERSONAS),nice $(BINDIR)/hane-match3 evolve --persona $(p) $(M3_FULL) \
	  --seed $(M3_SEED) --jobs $(M3_JOBS) --out $(M3_RUNS)/full/$(p) &&) true
	$(foreach p,$(M3_PERSONAS),gnuplot $(M3_RUNS)/full/$(p)/fig.gp &&) true
	$(BINDIR)/hane-match3 table2 --from $(M3_RUNS)/full

match3-reduced: $(BINDIR)/hane-match3
	$(foreach p,$(M3_PERSONAS),nice $(BINDIR)/hane-match3 evolve --persona $(p) $(M3_REDUCED) \
	  --seed $(M3_SEED) --jobs $(M3_JOBS) --out $(M3_RUNS)/reduced/$(p) &&) true
	$(foreach p,$(M3_PERSONAS),gnuplot $(M3_RUNS)/reduced/$(p)/fig.gp &&) true
	$(BINDIR)/hane-match3 table2 --from $(M3_RUNS)/reduced --iters 100

# Regenerates the shipped preset boards (game seeds 1, 2, 3 with 60 falling tiles per column).
match3-boards: $(BINDIR)/hane-match3
	$(foreach s,1 2 3,$(BINDIR)/hane-match3 board --seed $(s) --feed 60 \
	  --out data/match3/board$(s).txt &&) true
