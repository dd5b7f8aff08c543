# misread.tst — positions from games against peers where hane's verdict was
# wrong, with the right answer. Not a pass/fail suite: `make check`
# runs it through tools/peer/misread.sh and reports how many hane gets right,
# a figure to watch as the collection grows. Each entry: the game, the move,
# what went wrong, how the right answer is known.
#
# Paths are from this file's folder (GoGui's gogui-regress and run-tst run
# each file from its own directory).

boardsize 9

# pachi-1207-a: hane (Black) against Pachi 12.90, 9x9, 13,173 playouts.
# White's J2 (move 46) put three stones in atari; Black captured them with G1
# at 0.429 and resigned after White's J1: the capture leaves a bent three
# (H1, J1, J2) whose vital point is J1, and Black's corner group has no other
# eye. Known by reading it out (and Pachi played it). The default search
# never visits J1 (ranked far down by the prior; progressive widening), and
# its playouts let the group live half the time.
loadsgf pachi-1207-a.sgf 48
110 reg_genmove w
#? [J1]
loadsgf pachi-1207-a.sgf 47
130 reg_genmove b
#? [!G1]

# pachi-1207-base4: game 4 of the 9x9 baseline (hane Black, 17,450
# playouts), a capturing race in the lower right. Black's string G3-J2 has
# two liberties (J1, J3), White's G1-F5 two as well (J1 and F1, a ko White
# just took with E1). White's J3 is an atari Black cannot escape, and it
# wins the race: Pachi played it, hane resigned at once (0.030), and with
# J3 searched White's win rate is 0.97. The playouts let Black retake the
# ko at F1 (a capture) before White plays J3, so the defaults rate the
# position 0.6 for Black and find J3 or not by the seed.
loadsgf pachi-1207-base4.sgf 56
140 reg_genmove w
#? [J3]

# pachi-1207-base72: game 72 of the same run (hane Black). Black's J2
# (move 31, 0.633) left Black's F1-G3 with two liberties (G1, G2) next to
# White's H1, which Pachi played: hane's win rate fell to 0.232 and it
# resigned 14 moves later. The defaults play J2 as Black (0.64) and, as
# White, H7 (0.38) or H1 (0.76) by the seed; `playout_races=1` plays H1 at
# seeds 1 to 3.
loadsgf pachi-1207-base72.sgf 32
150 reg_genmove w
#? [H1]
loadsgf pachi-1207-base72.sgf 31
160 reg_genmove b
#? [!J2]
