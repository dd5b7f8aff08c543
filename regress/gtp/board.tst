# Board size, komi, vertices, moves, undo, showboard. Their errors (illegal
# sizes, vertices, suicide, ko, superko) are in board.expect.

40 boardsize 25
#? []

50 play b Z25
#? []

60 play w A1
#? []

70 boardsize 9
#? []

90 komi -3.5
#? []

100 komi 6.5
#? []

# Colours and vertices in any case; column J follows H (there is no I).
110 play BLACK j9
#? []

120 play White h9
#? []

200 play w PaSs
#? []

# Two moves of one colour in a row are legal.
210 play w E5
#? []

220 showboard
#? [A B C D E F G H J\n 9 +(\. )+O X +9 .*\n 5 +\. \. \. \.\(O\)\. \. \. \. +5\n.*]

# Undo back to the start of the game, then no further.
230 undo
#? []

240 undo
#? []

250 undo
#? []

260 undo
#? []

280 showboard
#? [A B C D E F G H J\n 9 +(\. )+\. +9 .*\n 5 +(\. )+\. +5\n.*]

# Suicide: a lone stone in the corner, and a two-stone string.
300 clear_board
310 play w A2
320 play w B1

340 clear_board
350 play w A3
360 play w B2
370 play w C1
380 play b A1
#? []
390 play b B1
#? []

# A capture on a point with no liberties is legal.
410 play w A2
#? []

# Simple ko: immediate retake refused, allowed after an exchange elsewhere.
500 clear_board
510 play b D5
520 play b E6
530 play b E4
540 play w F6
550 play w F4
560 play w G5
570 play b F5
#? []
580 play w E5
#? []
600 play b A9
610 play w A1
620 play b F5
#? []

# The set-up of the positional superko case (board.expect 810): a capture
# and two passes, after which the retake would repeat a position.
700 clear_board
710 play b D5
720 play b E6
730 play b E4
740 play w F6
750 play w F4
760 play w G5
770 play b F5
780 play w E5
#? []
790 play b pass
800 play w pass

