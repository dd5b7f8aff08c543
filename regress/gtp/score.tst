# final_score and final_status_list on finished positions with no dame: black
# wall on column E, white wall on column F (black owns A-E: 45, white F-J: 36).

10 boardsize 9
20 komi 0
30 play b E1
31 play b E2
32 play b E3
33 play b E4
34 play b E5
35 play b E6
36 play b E7
37 play b E8
38 play b E9
40 play w F1
41 play w F2
42 play w F3
43 play w F4
44 play w F5
45 play w F6
46 play w F7
47 play w F8
48 play w F9
50 final_score
#? [B\+9]
60 komi 9
70 final_score
#? [0]
80 komi 12.5
90 final_score
#? [W\+3.5]
100 final_status_list dead
#? []
110 final_status_list seki
#? []
120 final_status_list alive
#? [(E[1-9] ?)+\n(F[1-9] ?)+|(F[1-9] ?)+\n(E[1-9] ?)+]
130 final_status_list Dead
#? []

# A lone white stone deep in black's area is dead.
200 komi 0
210 play w B5
220 final_status_list dead
#? [B5]
230 final_score
#? [B\+9]

# A lone stone on each side, deep in the other's area: both dead, whatever
# the playout policy of genmove (the ownership search plays light playouts).
300 komi 0.5
310 play b H5
320 final_status_list dead
#? [B5\nH5|H5\nB5]
330 final_score
#? [B\+8\.5]
340 hane-param playout light
350 final_status_list dead
#? [B5\nH5|H5\nB5]

# Seki. Columns C-D (white, 12 stones) and E (black, 7) share their only two
# liberties, D7 and D1: whoever fills one puts its own string in atari. Both
# live, the two points are dame: black 14 + 7, white 12 + 14.
400 boardsize 7
401 clear_board
402 komi 0.5
410 play b B7
411 play b B6
412 play b A6
413 play b B5
414 play b B4
415 play b A4
416 play b B3
417 play b B2
418 play b A2
419 play b B1
420 play b E7
421 play b E6
422 play b E5
423 play b E4
424 play b E3
425 play b E2
426 play b E1
430 play w C7
431 play w C6
432 play w D6
433 play w C5
434 play w D5
435 play w C4
436 play w D4
437 play w C3
438 play w D3
439 play w C2
440 play w D2
441 play w C1
442 play w F7
443 play w F6
444 play w G6
445 play w F5
446 play w F4
447 play w G4
448 play w F3
449 play w F2
450 play w G2
451 play w F1
460 final_score
#? [W\+5\.5]
470 final_status_list dead
#? []
480 final_status_list seki
#? [((C[1-7]|D[2-6]) ?)+\n(E[1-7] ?)+|(E[1-7] ?)+\n((C[1-7]|D[2-6]) ?)+]
490 final_status_list alive
#? [((A[246]|B[1-7]) ?)+\n((F[1-7]|G[246]) ?)+|((F[1-7]|G[246]) ?)+\n((A[246]|B[1-7]) ?)+]

# A seki from a game against GNU Go (game 15 of the 19x19 strength run):
# 17 white stones (O16-T19) and 6 black ones (Q18-R19) whose only liberties
# are P19, S19 and R16. Random playouts filled them and called the white
# stones dead (B+39.5); GNU Go's score is B+2.5. Each of the 23 stones is
# in one list: none dead, none alive, so all in seki.
500 loadsgf sgf/seki-at-end-19.sgf
510 final_score
#? [B\+2\.5]
520 final_status_list seki
#? [((O19|O18|T19|T17|T18|P18|R15|T16|S15|S17|S16|O16|Q17|Q16|Q15|P17|O17|Q19|R19|R17|S18|R18|Q18)[ \n]?)+]
530 final_status_list dead
#? [!.*(O19|O18|T19|T17|T18|P18|R15|T16|S15|S17|S16|O16|Q17|Q16|Q15|P17|O17|Q19|R19|R17|S18|R18|Q18).*]
540 final_status_list alive
#? [!.*(O19|O18|T19|T17|T18|P18|R15|T16|S15|S17|S16|O16|Q17|Q16|Q15|P17|O17|Q19|R19|R17|S18|R18|Q18).*]

# A seki of small strings (game 27 of the 19x19 run d2b5244): White's 28
# stones from M19 to O11 and Black's Q19-O18 (7), T18-T17 (2) and S19 (1)
# share the liberties P19 and T16, and S19 lives by the eyes R19 and T19
# it shares with them. The ownership playouts break this seki by a
# three-stone self-atari, one side in some playouts and the other in
# others; filling P19 or T16 is a self-atari for both colours, which marks
# the strings next to them, and S19 joins through the one-point eyes. The
# 38 stones are GNU Go's seki list of the position. The area count gives
# R19 and T19 to Black, which borders them alone: B+35.5 (GNU Go's Chinese
# count, which leaves eyes in seki to nobody, B+33.5).
600 loadsgf sgf/seki-small-strings-19.sgf
610 final_status_list seki
#? [((M19|N19|O19|N18|S18|N17|O17|Q17|S17|O16|P16|Q16|R16|S16|P15|Q15|R15|S15|T15|N14|O14|P14|Q14|T14|N13|O13|O12|O11|Q19|O18|P18|Q18|R18|P17|R17|S19|T18|T17)[ \n]?)+]
# Each of the four strings is there (a string is listed whole or not at all).
611 final_status_list seki
#? [(.*[ \n])?O11([ \n].*)?]
612 final_status_list seki
#? [(.*[ \n])?Q19([ \n].*)?]
613 final_status_list seki
#? [(.*[ \n])?S19([ \n].*)?]
614 final_status_list seki
#? [(.*[ \n])?T17([ \n].*)?]
620 final_status_list dead
#? [!(.* )?(M19|N19|O19|N18|S18|N17|O17|Q17|S17|O16|P16|Q16|R16|S16|P15|Q15|R15|S15|T15|N14|O14|P14|Q14|T14|N13|O13|O12|O11|Q19|O18|P18|Q18|R18|P17|R17|S19|T18|T17)( .*)?]
630 final_score
#? [B\+35\.5]
640 final_status_list alive
#? [!(.* )?(M19|N19|O19|N18|S18|N17|O17|Q17|S17|O16|P16|Q16|R16|S16|P15|Q15|R15|S15|T15|N14|O14|P14|Q14|T14|N13|O13|O12|O11|Q19|O18|P18|Q18|R18|P17|R17|S19|T18|T17)( .*)?]

# A seki with three shared liberties (game 88 of the 9x9 run s9-bias01-k600):
# Black's ten stones D1-J4 and White's four G1-J2 have only F1, G2 and J3.
# Black may fill one safely; then White filling a second makes five stones
# in atari whose capture gives Black two eyes, a sacrifice no nakade needs,
# which the seki-safe playouts now refuse (four or five stones by shape).
# Before, they played it and counted White's four dead (W+12.5). GNU Go:
# W+23.5, no stone dead, these 14 in seki.
700 loadsgf sgf/seki-three-liberties-9.sgf
710 final_score
#? [W\+23\.5]
720 final_status_list dead
#? []
730 final_status_list seki
#? [((D1|E1|E2|F2|F3|G1|G3|H1|H2|H3|H4|J1|J2|J4)[ \n]?)+]
731 final_status_list seki
#? [(.*[ \n])?G1([ \n].*)?]
732 final_status_list seki
#? [(.*[ \n])?D1([ \n].*)?]
