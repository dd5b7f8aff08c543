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
