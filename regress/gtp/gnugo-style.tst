# A suite written the way GNU Go's regression suites are (its strategy,
# nngs, trevor files): reset counters hane does not know, positions loaded
# from a game record by move number or by the vertex of a later move, and
# answers from gg_genmove, reg_genmove and restricted_genmove, with the
# negative (#? [!...]) and known-failure (#? [...]*) forms. The unknown
# commands carry no number: their errors are not checked, and the suite
# goes on. Positions: sgf/*-at-end.sgf (see genmove.tst).

reset_life_node_counter
reset_owl_node_counter
reset_reading_node_counter
reset_trymove_counter

# White's E1 is in atari (last liberty D1) before move 54: connect.
loadsgf sgf/atari-at-end.sgf 54
1 gg_genmove white
#? [D1]
2 reg_genmove white
#? [D1]
3 gg_genmove white 7
#? [!pass]

# Black's A2 in atari at A1 before move 44: White takes it.
loadsgf sgf/capture-at-end.sgf 44
4 gg_genmove white
#? [A1]
5 restricted_genmove white A1 J9
#? [A1]
# Loaded by a vertex instead (GNU Go's loadsgf FILE VERTEX): before the
# first move at A1, move 45, after White's pass. Black saves A2 there.
loadsgf sgf/capture-at-end.sgf A1
51 gg_genmove black
#? [A1]

# Black to move before 41: the vital point D3 (GNU Go's suites mark a move
# the engine does not find yet with a trailing '*', a known failure; here
# it is found). By vertex, before move 42 (White's D3, after Black's pass):
# White takes the point.
loadsgf sgf/vital-point-at-end.sgf 41
6 gg_genmove black
#? [D3]
7 restricted_genmove black D3 A9
#? [D3]
loadsgf sgf/vital-point-at-end.sgf D3
71 gg_genmove white
#? [D3]

# A GNU Go reading command: hane does not know it; like the counters above
# it carries no number (gogui-regress counts its error apart from the tests),
# and the suite goes on.
owl_attack D3
9 gg_genmove black
#? [D3]
