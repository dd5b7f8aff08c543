# tools/match/: hane-match, the referee, and the match targets built on it.
#
#   make strength-smoke   bin/hane vs GNU Go level 1, 9x9, 10 games; fails on any
#                         illegal move, crash, hang or refused command
#   make strength         the standard strength match (variables below)
#   make soak             long mixed run: self-play and vs GNU Go, 9x9 and 19x19,
#                         several clocks; fails on any fault or memory overrun
MATCH_SRC := $(filter-out tools/match/main.c,$(wildcard tools/match/*.c))
MATCH_OBJS := $(call objs,$(MATCH_SRC))
$(eval $(call program,hane-match,$(call objs,tools/match/main.c) $(MATCH_OBJS) $(LIBBOARD)))
$(eval $(call unit_test,test_match,$(call objs,tools/match/tests/test_match.c) $(MATCH_OBJS) $(LIBBOARD)))

GNUGO      ?= /usr/games/gnugo
HANE_MATCH := $(BINDIR)/hane-match
MATCH_NICE ?= nice -n 10

# strength-smoke: short and strict; every game recorded under build/match/smoke,
# played by a copy of bin/hane (others may rebuild bin/hane meanwhile).
SMOKE_HANE ?= build/match/smoke/hane threads=1
SMOKE_ARGS ?= --games 10 --size 9 --komi 7.5 --jobs 2
#> strength-smoke         10 quick games against GNU Go level 1, strict
strength-smoke: $(HANE_MATCH) $(BINDIR)/hane
	rm -rf build/match/smoke
	$(call match_snapshot,build/match/smoke)
	$(MATCH_NICE) $(HANE_MATCH) $(SMOKE_ARGS) --strict --gtp-log --out build/match/smoke \
	  --json build/match/smoke.json "$(SMOKE_HANE)" "$(GNUGO) --mode gtp --level 1"

# strength: the standard set is 9x9, hane with 2 threads and 1 s a move against
# GNU Go level 10, 50 games, one game at a time (hane uses both cores).
# playouts=0: hane's default playout budget (10,000) would otherwise end a
# move after about 0.2 s, long before the second is up.
# Variants: make strength SIZE=19 GAMES=20 TIME=... HANE_ARGS=...
# The run plays a copy of bin/hane taken when its directory is created, so
# rebuilding during a long run cannot mix engine versions; the run resumes
# where it stopped (same directory, same copy). Remove the directory (or set
# STRENGTH_DIR) to measure a new build. commit.txt records the source.
SIZE      ?= 9
KOMI      ?= 7.5
GAMES     ?= 50
JOBS      ?= 1
TIME      ?= none
# GNU Go keeps no clock, so by default the opponent plays without one.
TIME_B    ?= none
HANE_ARGS ?= threads=2 time_per_move=1 playouts=0
OPPONENT  ?= $(GNUGO) --mode gtp --level 10
STRENGTH_DIR ?= build/match/strength-$(SIZE)
# A genmove without a clock slower than this counts as a hang (a loss). GNU Go
# level 10 has taken 76 s for one 9x9 move on the loaded build machine; the
# referee's default of 120 s would turn such a move into a free win.
MOVE_TIMEOUT ?= 600
# match_snapshot DIR: copy bin/hane into DIR once, with the commit it came from.
# Records unpacked from an archive (strength-archive) have no engine copy: the
# build that goes on is added to their commit.txt, one line per engine.
match_snapshot = mkdir -p $(1) && { test -x $(1)/hane || { cp $(BINDIR)/hane $(1)/hane && \
	  { git describe --always --dirty 2>/dev/null || echo unknown; } >> $(1)/commit.txt; }; }
#> strength               the standard strength match against GNU Go (resumable)
strength: $(HANE_MATCH) $(BINDIR)/hane
	$(call match_snapshot,$(STRENGTH_DIR))
	$(MATCH_NICE) $(HANE_MATCH) --games $(GAMES) --size $(SIZE) --komi $(KOMI) --time $(TIME) \
	  --time-b $(TIME_B) --jobs $(JOBS) --move-timeout $(MOVE_TIMEOUT) --resume \
	  --out $(STRENGTH_DIR) --json $(STRENGTH_DIR).json \
	  $(STRENGTH_FLAGS) \
	  "$(STRENGTH_DIR)/hane $(HANE_ARGS)" "$(OPPONENT)"

# strength-archive: the records of STRENGTH_DIR (JSON, SGF, commit.txt; no
# engine copy or logs) as docs/matches/NAME.tar.xz, to commit with the figures
# they made. `tar -xJf docs/matches/NAME.tar.xz -C build/match` brings them
# back, and `make strength` with the same STRENGTH_DIR plays the rest.
ARCHIVE_DIR ?= docs/matches
#> strength-archive       keep a strength run's records as docs/matches/NAME.tar.xz
strength-archive:
	tools/match/archive.sh $(STRENGTH_DIR) $(ARCHIVE_DIR)/$(notdir $(STRENGTH_DIR)).tar.xz

# strength-clock: 20 games on 9x9 against GNU Go with hane on
# 60 s + 5 x 10 s byo-yomi; any loss on time (or other fault) fails.
#> strength-clock         20 games on a real clock; any loss on time fails
strength-clock:
	$(MAKE) strength GAMES=20 TIME=60+5x10 HANE_ARGS="threads=2" \
	  STRENGTH_DIR=build/match/clock-$(SIZE) STRENGTH_FLAGS="--strict --strict-time"

# soak: see tools/match/soak.sh for the phases; SOAK_GAMES scales the total.
SOAK_GAMES ?= 200
SOAK_MEMORY_MB ?= 256
SOAK_DIR ?= build/match/soak
SOAK_JOBS ?= 2
#> soak                   long mixed run: self-play and GNU Go, both sizes, several clocks
soak: $(HANE_MATCH) $(BINDIR)/hane
	$(call match_snapshot,$(SOAK_DIR))
	$(MATCH_NICE) tools/match/soak.sh --games $(SOAK_GAMES) --memory $(SOAK_MEMORY_MB) --jobs $(SOAK_JOBS) \
	  --hane $(SOAK_DIR)/hane --match $(HANE_MATCH) --gnugo $(GNUGO) --out $(SOAK_DIR)

.PHONY: soak strength-clock strength-archive

# match-selftest: the referee against a real engine without bin/hane: GNU Go
# level 1 against itself, 2 games, strict. Outside `make check` (needs GNU Go).
#> match-selftest         the referee on GNU Go against itself, 2 games, strict
match-selftest: $(HANE_MATCH)
	rm -rf build/match/selftest
	$(MATCH_NICE) $(HANE_MATCH) --games 2 --size 9 --time 60+2x10 --strict --strict-time --gtp-log \
	  --out build/match/selftest "$(GNUGO) --mode gtp --level 1" "$(GNUGO) --mode gtp --level 1"

.PHONY: match-selftest

# winrates.sh's own checks (a hand-made game, no engine): part of `make check`.
.PHONY: check-winrates
CHECK_EXTRA += check-winrates
#> check-winrates         winrates.sh's checks on a hand-made game
check-winrates:
	@tools/match/test-winrates.sh

# blindspots.sh's checks (a hand-made game read by this tree's engine): part
# of `make check`.
.PHONY: check-blindspots
CHECK_EXTRA += check-blindspots
#> check-blindspots       blindspots.sh's checks on a hand-made game
check-blindspots: $(BINDIR)/hane
	@HANE=$(BINDIR)/hane tools/match/test-blindspots.sh

# misses.sh's checks (hand-made games read by GNU Go, which CI installs as the
# sparring partner): part of `make check`.
.PHONY: check-misses
CHECK_EXTRA += check-misses
#> check-misses           misses.sh's checks (needs GNU Go)
check-misses:
	@tools/match/test-misses.sh
