# The GoGui analyze commands (heat map, ownership, principal variation,
# pattern prior): one reply each, drawn by GoGui. The streaming commands
# are in analyze.expect.

290 boardsize 9
#? []
300 play b E5
310 play w C3
320 hane-heatmap b
#? [INFLUENCE( [A-HJ][1-9] [01]\.[0-9]+)*\nLABEL( [A-HJ][1-9] [0-9]+)*\nTEXT black to move: .*]
330 hane-ownership
#? [INFLUENCE( [A-HJ][1-9] -?[01]\.[0-9]+)+]
340 hane-pv
#? [(VAR( [bw] ([A-HJ][1-9]|pass))+)?]
360 undo
#? []

# hane-prior: the pattern model's view, no search. Black to capture the
# white stone at E5 in atari: the capture at E4 is the likeliest move.
600 clear_board
610 play w E5
620 play b D5
630 play w A1
640 play b F5
650 play w A9
660 play b E6
665 play w J1
670 hane-prior
#? [INFLUENCE( [A-HJ][1-9] [01]\.[0-9]+)+\nLABEL E4 1( [A-HJ][1-9] [0-9]+)+\nTEXT black to move: [0-9]+ moves; the likeliest E4 at [0-9.]+%]
690 gogui-analyze_commands
#? [.*gfx/Hane Pattern Prior/hane-prior %c.*]

# GoGui's window title: engine, board, komi, move number.
700 komi 6.5
710 gogui-title
#? [hane 9x9, komi 6\.5, move 7]
