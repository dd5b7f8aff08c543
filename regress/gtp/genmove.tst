# genmove family on small clear positions. reg_genmove reseeds the searcher,
# so each answer depends on the position only.

10 boardsize 9
20 komi 7.5
# A white string of three with one liberty at G5; black captures, white saves
# (connecting to H5). Without White's H5, Black's G6 kills the string as well
# (both win 85% of the playouts), and with the knowledge bias on the pattern
# model, which ranks an answer to G7 above taking stones that cannot escape,
# sends 1,000 playouts to G6: a test of taste, not of reading.
30 play b D4
40 play b E4
50 play b F4
60 play b D6
70 play b E6
80 play b F6
90 play b C5
100 play w D5
110 play w E5
120 play w F5
130 play w C7
140 play w G7
145 play w H5
150 reg_genmove b
#? [G5]
160 reg_genmove w
#? [G5]
# reg_genmove does not play its move.
170 play b G5
#? []
180 undo
#? []

# genmove plays its move: the point is taken afterwards.
200 clear_board
210 genmove b
#? [[A-HJ][1-9]|pass]
220 showboard
#? [.*X.*O \(white\) to move]
230 kgs-genmove_cleanup w
#? [[A-HJ][1-9]|pass]
240 undo
#? []
250 undo
#? []

# Nothing left to play on 2x2 after black fills a point and the game is over.
300 boardsize 2
310 play b A1
320 play w pass
330 play b pass
340 reg_genmove w
#? [pass|[AB][12]]

# Black has passed and White leads on the count, but White's E1 is in atari
# (its last liberty D1): White connects before passing. Passing there lost a
# game against GNU Go (the referee counted E1 dead).
400 boardsize 9
410 loadsgf sgf/atari-at-end.sgf 54
420 reg_genmove w
#? [D1]

# White to move, every point settled and the count winning, but Black's A2
# is in atari and counted dead only because the playouts capture it: White
# must take it (A1) before passing, or Black connects (a lost game).
430 boardsize 9
440 loadsgf sgf/capture-at-end.sgf 44
450 reg_genmove w
#? [A1]

# Black to move; every point looks settled only because the playouts, where
# Black moves first, always take D3. Passing let White play there (a lost
# game): a pass needs the tree's own support.
460 boardsize 9
470 loadsgf sgf/vital-point-at-end.sgf 41
480 reg_genmove b
#? [D3]

# The same game as case 450, with Black's pass after a quiet White move:
# the count wins, but Black's A2 is dead only if White takes it, which
# White does before passing (a referee may count the stone alive).
490 boardsize 9
500 loadsgf sgf/capture-at-end.sgf 44
510 play w B8
520 play b pass
530 reg_genmove w
#? [A1]

# restricted_genmove (GNU Go's regression command): the move reg_genmove
# would choose among the listed points only, not played; pass when none of
# them can be played. The capture at G5 again, offered among poor moves.
540 boardsize 9
550 clear_board
560 play b D4
570 play b E4
580 play b F4
590 play b D6
600 play b E6
610 play b F6
620 play b C5
630 play w D5
640 play w E5
650 play w F5
660 play w C7
670 play w G7
675 play w H5
680 restricted_genmove b A1 J9 G5 A9
#? [G5]
# Without G5 the answer is still one of the listed points.
690 restricted_genmove b A1 J9 A9
#? [A1|J9|A9]
# Not played: G5 is still empty.
700 play b G5
#? []
# It captured D5-F5. Occupied points cannot be played: pass.
740 restricted_genmove w D4 G5
#? [pass]

# gg_genmove (GNU Go's other regression command): reg_genmove from the
# random seed given. The capture at G5 (the position of 560-670) is found
# from any seed, and nothing is played.
800 undo
#? []
810 gg_genmove b
#? [G5]
820 gg_genmove b 12345
#? [G5]
830 gg_genmove b 0
#? [G5]
840 play b G5
#? []

# A seki on 7x7 (columns C-D white, E black, shared liberties D7 and D1;
# score.tst 400-490). Filling D7 or D1 puts one's own string in atari and
# gives it away: kgs-genmove_cleanup must not play there to avoid a pass
# (the genmove search's ownership may call the seki stones dead), nor may
# genmove to avoid passing while behind.
900 boardsize 7
901 clear_board
902 komi 0.5
910 play b B7
911 play w C7
912 play b E7
913 play w F7
914 play b A6
915 play b B6
916 play w C6
917 play w D6
918 play b E6
919 play w F6
920 play w G6
921 play b B5
922 play w C5
923 play w D5
924 play b E5
925 play w F5
926 play b A4
927 play b B4
928 play w C4
929 play w D4
930 play b E4
931 play w F4
932 play w G4
933 play b B3
934 play w C3
935 play w D3
936 play b E3
937 play w F3
938 play b A2
939 play b B2
940 play w C2
941 play w D2
942 play b E2
943 play w F2
944 play w G2
945 play b B1
946 play w C1
947 play b E1
948 play w F1
960 kgs-genmove_cleanup w
#? [!D7|D1]
970 undo
971 kgs-genmove_cleanup b
#? [!D7|D1]
975 hane-param resign 0
980 genmove b
#? [!D7|D1]

# A lost game: with komi 80.5 on 9x9 no playout is a win. genmove resigns,
# but the regression commands answer with a move (GNU Go's never resign,
# and a suite cannot check a resignation against the moves it expects).
1000 clear_board
1010 komi 80.5
1020 hane-param resign 0.1
1030 hane-param playouts 3000
1040 reg_genmove b
#? [!resign]
1050 gg_genmove b 7
#? [!resign]
1060 restricted_genmove b E5 D4
#? [E5|D4]
1070 genmove b
#? [resign]

# 19x19 fights the pattern model ranks low (games 9 and 11 of the 19x19
# strength run against GNU Go). At move 196 White's T13, an atari on the
# edge that wins a semeai, is 31st by prior, out of progressive widening's
# reach; its AMAF value lets it in (pw_rave; 0 turns it off). T13 also
# stands on a liberty of a two-liberty string, which pw_libs lets in: the
# 19x19 default (pw_libs by size, 2 there) finds it without pw_rave. At move
# 292 White kills the corner by a snapback at A1 or A2, which the features
# once rated a self-atari.
1100 hane-param playouts 8000
1105 hane-param pw_rave 0.1
1106 hane-param pw_libs 0
1110 loadsgf sgf/edge-atari-19.sgf 196
1120 reg_genmove w
#? [T13]
1130 hane-param pw_rave 0
1140 reg_genmove w
#? [!T13]
1145 hane-param pw_libs -1
1150 reg_genmove w
#? [T13]
1155 hane-param pw_rave 0.1
1160 loadsgf sgf/snapback-19.sgf 292
1170 reg_genmove w
#? [A1|A2]

# Blind spots of the window (tools/match/blindspots.sh): in games 1 of
# s19-5s-sb3 and 2 of s19-5s-1e2b597 hane's win rate fell right after GNU
# Go's A18 (a first-line kill, 23rd by prior) and T8 (21st), moves mu 1.8
# lets in only after 413,000 and 127,000 visits. At mu 1.4 the window
# reaches them and the search plays them (pw_libs and pw_rave off, to see
# the window alone).
1180 hane-param pw_mu 1.4
1185 hane-param pw_libs 0
1186 hane-param pw_rave 0
1190 loadsgf sgf/first-line-kill-19.sgf 222
1200 reg_genmove w
#? [A18]
1210 loadsgf sgf/edge-fight-19.sgf 139
1220 reg_genmove b
#? [T8]
1230 hane-param pw_mu 1.8
1235 hane-param pw_rave 0.1
# At the default mu, pw_libs lets in every move on a liberty of a string
# with at most that many liberties: A18 touches Black's two-liberty corner.
1240 hane-param pw_libs 2
1250 loadsgf sgf/first-line-kill-19.sgf 222
1260 reg_genmove w
#? [A18]
1270 hane-param pw_libs -1
# Eye spaces (pw_eyes, off by default): with pw_libs 2 two games of the
# s19-5s-libs2 run were lost to kills in an empty region bordered by one
# colour, ranked 38th of 49 (A18 in Black's square four at move 328) and
# 100th of 116 (T1 in a two-point space, a semeai at move 274). pw_eyes lets
# the moves of such regions in; without it neither is searched.
1280 hane-param pw_eyes 0
1290 loadsgf sgf/square-four-19.sgf 328
1300 reg_genmove w
#? [!(A18|A19|B18|B19)]
1310 hane-param pw_eyes 6
# A18 and B19 play the same part in the square (Black's wall A17-C17-C19
# is symmetric about its diagonal); GNU Go's top_moves_white rates both
# 142.52. Either kills.
1320 reg_genmove w
#? [A18|B19]
1330 loadsgf sgf/corner-race-19.sgf 274
1340 reg_genmove w
#? [T1]
1350 hane-param pw_eyes 0
1360 reg_genmove w
#? [!T1]

# A won seki is kept (playout_bt.h). The seki of score.tst 700 with komi
# -20.5 is Black's by 4.5, all fourteen stones alive. While the BT playouts
# filled its shared liberties, they called Black's ten stones dead: the
# search put Black at 25%, and after White's pass Black played on (J3, B3
# or B4 by seed). Now the genmove search counts what final_score counts,
# and Black passes.
1400 hane-param playouts 1000
1410 loadsgf sgf/seki-three-liberties-9.sgf
1420 komi -20.5
1430 play w pass
1440 genmove b
#? [pass]
