# Analysis commands: lz-analyze / kata-analyze (streamed until the next
# command) and the GoGui analyze commands. The number of info lines depends on
# timing, so the patterns allow none.

10 boardsize 9
20 play b E5
30 play w C3

100 lz-analyze b 1
#? [(info move ([A-HJ][1-9]|pass) visits [0-9]+ winrate [0-9]+ prior [0-9]+ order [0-9]+ pv( ([A-HJ][1-9]|pass))+ ?)*]
110 protocol_version
#? [2]
120 lz-analyze interval 1
#? [(info .*)?]
130 lz-analyze W 2 minmoves 2 maxmoves 5
#? [(info .*)?]
140 kata-analyze B 1
#? [(info move ([A-HJ][1-9]|pass) visits [0-9]+ winrate [01]\.[0-9]+ scoreMean -?[0-9.]+ scoreLead -?[0-9.]+ prior [01]\.[0-9]+ order [0-9]+ pv( ([A-HJ][1-9]|pass))+ ?)*]
150 kata-analyze b interval 1 ownership true
#? [(info .*( ownership( -?[01]\.[0-9]+)+)?)?]
160 lz-analyze b 1 avoid b D4 1
#? [?syntax error: .*'avoid']
170 lz-analyze b 1 ownership true
#? [?syntax error: .*'ownership']
180 kata-analyze b interval
#? [?syntax error: option 'interval' needs a value]
190 lz-analyze x
#? [?syntax error: .*'x']
# The analysis changed nothing.
200 play b C3
#? [?illegal move: occupied.*]
210 undo
#? []
220 undo
#? []
230 undo
#? [?cannot undo.*]

300 play b E5
310 play w C3
320 hane-heatmap b
#? [INFLUENCE( [A-HJ][1-9] [01]\.[0-9]+)* LABEL( [A-HJ][1-9] [0-9]+)* TEXT black to move: .*]
330 hane-ownership
#? [INFLUENCE( [A-HJ][1-9] -?[01]\.[0-9]+)+]
340 hane-pv
#? [(VAR( [bw] ([A-HJ][1-9]|pass))+)?]
350 hane-heatmap q
#? [?syntax error: expected a colour.*'q']
360 undo
#? []

# lz-genmove_analyze / kata-genmove_analyze: a genmove that streams the info
# lines while it thinks and ends with "play MOVE"; the move is played.
400 clear_board
410 play b E5
420 play w C3
430 hane-param playouts 500
440 lz-genmove_analyze b 1
#? [(info move .* )?play ([A-HJ][1-9]|pass)]
450 printsgf
#? [.*;B\[ee\];W\[cg\];B\[[a-i][a-i]\]\)]
460 kata-genmove_analyze w 1 ownership true
#? [(info move .* )?play ([A-HJ][1-9]|pass)]
470 printsgf
#? [.*;B\[ee\];W\[cg\];B\[[a-i][a-i]\];W\[[a-i][a-i]\]\)]
# Bad arguments: an error, no search, no move.
480 lz-genmove_analyze b 1 bogus 1
#? [?syntax error: .*'bogus']
490 kata-genmove_analyze q
#? [?syntax error: .*'q']
500 printsgf
#? [.*;B\[ee\];W\[cg\];B\[[a-i][a-i]\];W\[[a-i][a-i]\]\)]
# The reply is complete: the next command answers at once.
510 protocol_version
#? [2]

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
#? [INFLUENCE( [A-HJ][1-9] [01]\.[0-9]+)+ LABEL E4 1( [A-HJ][1-9] [0-9]+)+ TEXT black to move: [0-9]+ moves; the likeliest E4 at [0-9.]+%]
680 hane-prior q
#? [?syntax error: .*'q']
690 gogui-analyze_commands
#? [.*gfx/Hane Pattern Prior/hane-prior %c.*]
