# Handicap: fixed (GTP spec table), free placement, set_free_handicap. The
# refusals are in handicap.expect.

10 boardsize 19
20 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10|.*]
30 showboard
#? [.*\n 4 +(\. )+X (\. )+X (\. )+X (\. )+\. +4\n.*O \(white\) to move]

60 clear_board
100 fixed_handicap 3
#? [(D4|Q16|D16) (D4|Q16|D16) (D4|Q16|D16)]

# 9x9 has the 3-3 points only in the corners and the edge midpoints at 5.
200 boardsize 9
210 fixed_handicap 4
#? [(C3|G7|C7|G3) (C3|G7|C7|G3) (C3|G7|C7|G3) (C3|G7|C7|G3)]

# 7x7 takes 4 stones at most, smaller boards none.
300 boardsize 7
320 boardsize 5

# place_free_handicap: the engine chooses; distinct points, then White.
400 boardsize 9
410 place_free_handicap 3
#? [[A-HJ][1-9] [A-HJ][1-9] [A-HJ][1-9]]
430 clear_board
440 place_free_handicap 80
#? [([A-HJ][1-9] )+[A-HJ][1-9]]
450 clear_board

# set_free_handicap
500 clear_board
510 set_free_handicap C3 G7 E5
#? []
530 showboard
#? [.*O \(white\) to move]
540 play w D5
#? []
550 undo
#? []
600 clear_board
650 showboard
#? [.*\n 3 +(\. )+\. +3\n.*]
660 play b E5
