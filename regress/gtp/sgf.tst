# loadsgf and printsgf. The records are in sgf/, beside this file (a suite
# runs from its own directory). The refusals are in sgf.expect.

10 boardsize 19
20 play b D4
30 loadsgf sgf/setup.sgf
#? []
# The main line is followed (W[ff], not the variation W[aa]) and ends on White.
40 showboard
#? [.*\n 7 +\. \. X O (\. )+\. +7 .*\n 6 +(\. )+X (\. )+\. +6\n 5 +\. \. \. \. X (\. )+\. +5\n 4 +(\. )+\.\(O\)\. \. \. +4\n 3 +\. \. O \. \. \. X \. \. +3\n.*X \(black\) to move]
70 undo
#? []
80 undo
#? []
90 undo
#? []
100 undo
#? []
# Setup stones are not moves: undo stops at them.

# loadsgf FILE N: the position before move N, the colour of move N to play.
200 loadsgf sgf/setup.sgf 2
#? []
210 play w D7
#? []
220 undo
230 showboard
#? [.*O \(white\) to move]
250 loadsgf sgf/setup.sgf 99
#? []

# loadsgf FILE VERTEX (GNU Go's form): the position before the first move at
# VERTEX; the moves are E5, D7, F6, F4.
280 loadsgf sgf/setup.sgf F6
#? []
281 showboard
#? [.*X \(black\) to move]
282 play b F6
#? []
283 loadsgf sgf/setup.sgf d7
#? []
284 play w D7
#? []
# A vertex never played: the whole game.
285 loadsgf sgf/setup.sgf A1
#? []
# The file's SZ and KM become the game's.
300 loadsgf sgf/size13.sgf
#? []
310 play b N13
#? []
320 printsgf
#? [\(;.*SZ\[13\].*KM\[0(\.0*)?\].*;B\[dd\].*;W\[jj\].*;B\[\].*;W\[dj\].*;B\[ma\].*\)]

# After the refused files of sgf.expect the game would still be this one.
460 printsgf
#? [\(;.*SZ\[13\].*;B\[ma\]\)]

# A file without KM keeps the komi set before (it says nothing about komi).
900 komi 6.5
910 loadsgf sgf/no-komi.sgf
#? []
920 printsgf
#? [\(;.*SZ\[9\].*KM\[6.5\].*;B\[ee\].*;W\[cc\]\)]
