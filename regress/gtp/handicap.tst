# Handicap: fixed (GTP spec table), free placement, set_free_handicap.

10 boardsize 19
20 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10|.*]
30 showboard
#? [.* 4 +(\. )+X (\. )+X (\. )+X (\. )+\. +4 .*O \(white\) to move]
40 play w D4
#? [?illegal move: occupied.*]
50 fixed_handicap 2
#? [?board not empty]

60 clear_board
70 fixed_handicap 1
#? [?invalid number of stones: 1.*]
80 fixed_handicap 10
#? [?invalid number of stones: 10.*]
90 fixed_handicap two
#? [?syntax error: .*'two']
100 fixed_handicap 3
#? [(D4|Q16|D16) (D4|Q16|D16) (D4|Q16|D16)]

# 9x9 has the 3-3 points only in the corners and the edge midpoints at 5.
200 boardsize 9
210 fixed_handicap 4
#? [(C3|G7|C7|G3) (C3|G7|C7|G3) (C3|G7|C7|G3) (C3|G7|C7|G3)]
220 undo
#? [?cannot undo.*]

# 7x7 takes 4 stones at most, smaller boards none.
300 boardsize 7
310 fixed_handicap 5
#? [?invalid number of stones: 5.*]
320 boardsize 5
330 fixed_handicap 2
#? [?invalid number of stones: 2.*]

# place_free_handicap: the engine chooses; distinct points, then White.
400 boardsize 9
410 place_free_handicap 3
#? [[A-HJ][1-9] [A-HJ][1-9] [A-HJ][1-9]]
420 place_free_handicap 3
#? [?board not empty]
430 clear_board
440 place_free_handicap 80
#? [([A-HJ][1-9] )+[A-HJ][1-9]]
450 clear_board
460 place_free_handicap 81
#? [?invalid number of stones: 81.*]
470 place_free_handicap 1
#? [?invalid number of stones: 1 .*]
475 place_free_handicap three
#? [?syntax error: .*'three']

# set_free_handicap
500 clear_board
510 set_free_handicap C3 G7 E5
#? []
520 play w E5
#? [?illegal move: occupied.*]
530 showboard
#? [.*O \(white\) to move]
540 play w D5
#? []
550 undo
#? []
560 undo
#? [?cannot undo.*]
600 clear_board
610 set_free_handicap C3 C3
#? [?bad vertex list: 'C3' given twice]
620 set_free_handicap C3
#? [?bad vertex list: .*]
630 set_free_handicap C3 K5
#? [?bad vertex list: 'K5'.*]
640 set_free_handicap C3 pass
#? [?bad vertex list: 'pass'.*]
650 showboard
#? [.* 3 +(\. )+\. +3 .*]
660 play b E5
670 set_free_handicap C3 G7
#? [?board not empty]
