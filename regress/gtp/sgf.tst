# loadsgf and printsgf. Files are in regress/gtp/sgf (paths from the top).

10 boardsize 19
20 play b D4
30 loadsgf regress/gtp/sgf/setup.sgf
#? []
# The main line is followed (W[ff], not the variation W[aa]) and ends on White.
40 showboard
#? [.* 7 +\. \. X O (\. )+\. +7 .* 6 +(\. )+X (\. )+\. +6 .* 5 +\. \. \. \. X (\. )+\. +5 .* 4 +(\. )+\.\(O\)\. \. \. +4 .* 3 +\. \. O \. \. \. X \. \. +3 .*X \(black\) to move]
50 play w D7
#? [?illegal move: occupied.*]
60 play b F4
#? [?illegal move: occupied.*]
70 undo
#? []
80 undo
#? []
90 undo
#? []
100 undo
#? []
# Setup stones are not moves: undo stops at them.
110 undo
#? [?cannot undo.*]
120 play w C7
#? [?illegal move: occupied.*]

# loadsgf FILE N: the position before move N, the colour of move N to play.
200 loadsgf regress/gtp/sgf/setup.sgf 2
#? []
210 play w D7
#? []
220 undo
230 showboard
#? [.*O \(white\) to move]
240 loadsgf regress/gtp/sgf/setup.sgf 0
#? [?syntax error: move number .*]
250 loadsgf regress/gtp/sgf/setup.sgf 99
#? []
260 play b F4
#? [?illegal move: occupied.*]
270 loadsgf regress/gtp/sgf/setup.sgf -1
#? [?syntax error: move number .*]

# loadsgf FILE VERTEX (GNU Go's form): the position before the first move at
# VERTEX; the moves are E5, D7, F6, F4.
280 loadsgf regress/gtp/sgf/setup.sgf F6
#? []
281 showboard
#? [.*X \(black\) to move]
282 play b F6
#? []
283 loadsgf regress/gtp/sgf/setup.sgf d7
#? []
284 play w D7
#? []
# A vertex never played: the whole game.
285 loadsgf regress/gtp/sgf/setup.sgf A1
#? []
286 play b F4
#? [?illegal move: occupied.*]
# Off the file's board: refused, and the game is the one before.
287 loadsgf regress/gtp/sgf/setup.sgf Z9
#? [?syntax error: vertex 'Z9' \(argument 2\) is off the 9x9 board]
288 play b F4
#? [?illegal move: occupied.*]

# The file's SZ and KM become the game's.
300 loadsgf regress/gtp/sgf/size13.sgf
#? []
310 play b N13
#? []
320 printsgf
#? [\(;.*SZ\[13\].*KM\[0(\.0*)?\].*;B\[dd\].*;W\[jj\].*;B\[\].*;W\[dj\].*;B\[ma\].*\)]

# Bad files are refused with file:line:col and change nothing.
400 loadsgf regress/gtp/sgf/no-such-file.sgf
#? [?cannot load file 'regress/gtp/sgf/no-such-file.sgf': .*]
410 loadsgf regress/gtp/sgf/truncated.sgf
#? [?cannot load file 'regress/gtp/sgf/truncated.sgf': .*truncated.sgf:1:[0-9]+: .*]
420 loadsgf regress/gtp/sgf/text.sgf
#? [?cannot load file 'regress/gtp/sgf/text.sgf': .*]
430 loadsgf regress/gtp/sgf/illegal.sgf
#? [?cannot load file 'regress/gtp/sgf/illegal.sgf': .*illegal.sgf:2:[0-9]+: .*occupied.*]
440 loadsgf regress/gtp/sgf
#? [?cannot load file 'regress/gtp/sgf': .*]
450 play b N13
#? [?illegal move: occupied.*]
460 printsgf
#? [\(;.*SZ\[13\].*;B\[ma\]\)]

# A file without KM keeps the komi set before (it says nothing about komi).
900 komi 6.5
910 loadsgf regress/gtp/sgf/no-komi.sgf
#? []
920 printsgf
#? [\(;.*SZ\[9\].*KM\[6.5\].*;B\[ee\].*;W\[cc\]\)]
