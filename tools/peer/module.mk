# tools/peer/: hane against a peer engine (Pachi 12.90 or Fuego 1.1.SVN) at
# equal CPU time; see docs/notes/peer-match.md and peer-match.sh.
#
#   make peer-match [PEER=pachi|fuego] [SIZE=9] [GAMES=100] [JOBS=1] [CPU=1]
#                   [PEER_HANE_ARGS=...] [PEER_ARGS=...] [PEER_REUSE=R]
#                   [PEER_HANE_PLAYOUTS=N] [PEER_PLAYOUTS=N]
#                   [PEER_DIR=build/peer/PEER-SIZE-CPUs]
#   make peer-archive  the records of PEER_DIR as docs/matches/peer-NAME.tar.xz
#
# CPU is the CPU seconds a move each engine's fixed playout budget stands for;
# PEER_HANE_PLAYOUTS and PEER_PLAYOUTS (Pachi's -t, Fuego's max_games) set the
# budgets instead of measuring them, e.g. corrected from an earlier run's
# summary.
# The run plays a copy of bin/hane taken when PEER_DIR is created and resumes
# there (same copy, same budgets); remove PEER_DIR to measure a new build.
# The peers are built under PEERS (from PEERS_SRC) when missing.
PEER       ?= pachi
CPU        ?= 1
PEER_REUSE ?=
PEER_HANE_PLAYOUTS ?=
PEER_PLAYOUTS ?=
PEER_HANE_ARGS ?=
PEER_ARGS  ?=
PEERS      ?= build/peers
PEERS_SRC  ?= ../shared/peers
PEER_DIR   ?= build/peer/$(PEER)-$(SIZE)-$(CPU)s
# GAMES and KOMI have the defaults of `make strength` (50 games, komi 7.5);
# unless given, a peer match plays 100 games, komi 7 below 19x19.
PEER_GAMES := $(if $(filter file,$(origin GAMES)),100,$(GAMES))
PEER_KOMI  := $(if $(filter file,$(origin KOMI)),,$(KOMI))

.PHONY: peer-match peer-archive check-peer
#> peer-match             hane against Pachi or Fuego at equal CPU time (resumable; PEER, SIZE, GAMES, JOBS, CPU)
peer-match: $(BINDIR)/hane
	$(MATCH_NICE) tools/peer/peer-match.sh --peer $(PEER) --size $(SIZE) --games $(PEER_GAMES) \
	  --jobs $(JOBS) --cpu $(CPU) --dir $(PEER_DIR) --hane $(BINDIR)/hane \
	  --peers $(PEERS) --peers-src $(PEERS_SRC) \
	  $(if $(PEER_KOMI),--komi $(PEER_KOMI)) $(if $(PEER_REUSE),--reuse $(PEER_REUSE)) \
	  $(if $(PEER_HANE_PLAYOUTS),--hane-playouts $(PEER_HANE_PLAYOUTS)) \
	  $(if $(PEER_PLAYOUTS),--peer-playouts $(PEER_PLAYOUTS)) \
	  --hane-args "$(PEER_HANE_ARGS)" --peer-args "$(PEER_ARGS)"

#> peer-archive           keep a peer match's records as docs/matches/peer-NAME.tar.xz
peer-archive:
	tools/match/archive.sh $(PEER_DIR) $(ARCHIVE_DIR)/peer-$(notdir $(PEER_DIR)).tar.xz

# The counting of gogui-twogtp's results and the playouts read from the
# engines' logs, on recorded files (no Java, no peer): part of `make check`.
CHECK_EXTRA += check-peer
#> check-peer             the peer match's result counting on recorded files (no Java, no peer)
check-peer:
	@tools/peer/test-peer.sh

# Positions where hane's verdict was wrong in games against peers, with the
# right answer (tools/peer/positions/misread.tst): `make check` prints how
# many this build gets right, and never fails on the count.
CHECK_EXTRA += check-misread
.PHONY: check-misread
#> check-misread          how many of the misread positions against peers this build gets right (a count)
check-misread: $(BINDIR)/hane
	@tools/peer/misread.sh $(BINDIR)/hane threads=1

# The opening agreement tool (opening_agreement.py) on a recorded 19x19 game.
CHECK_EXTRA += check-opening
.PHONY: check-opening
#> check-opening          opening_agreement.py on a recorded 19x19 game (counts, ranks, refusals)
check-opening: $(BINDIR)/hane
	@tools/peer/test-opening.sh $(BINDIR)/hane
