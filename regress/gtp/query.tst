# Questions about the position under GNU Go's names (gtp/cmd_query.c). The
# answers below are GNU Go 3.8's own for the same commands, lists of points
# in its order (top row first, then left to right).

boardsize 9
komi 6.5
play b D5
play w E5
play b E4
play w D4
play b C4
play w E3

10 query_boardsize
#? [9]
20 get_komi
#? [6.5]

30 countlib D5
#? [2]
40 findlib D5
#? [D6 C5]
50 countlib D4
#? [1]
60 findlib D4
#? [D3]

90 color D5
#? [black]
100 color E5
#? [white]
110 color A1
#? [empty]

130 list_stones black
#? [D5 C4 E4]
140 list_stones white
#? [E5 D4 E3]

150 is_legal b A1
#? [1]
160 is_legal w D5
#? [0]
170 is_legal b pass
#? [1]

190 last_move
#? [white E3]
200 move_history
#? [white E3\nblack C4\nwhite D4\nblack E4\nwhite E5\nblack D5]
210 captures black
#? [0]

# Black D3 takes D4: one prisoner, and E4 gains D4 as a liberty.
play b D3
220 captures black
#? [1]
230 captures white
#? [0]
240 findlib E4
#? [D4 F4]
250 color D4
#? [empty]

# A simple ko: White may not take back at once.
boardsize 5
clear_board
play b B3
play b C4
play b C2
play w C3
play w D4
play w D2
play w E3
play b D3
260 is_legal w C3
#? [0]
270 all_legal w
#? [A5 B5 C5 D5 E5 A4 B4 E4 A3 A2 B2 E2 A1 B1 C1 D1 E1]
play w A1
play b A5
280 is_legal w C3
#? [1]

# No move yet: an empty history (last_move's error is in query.expect).
clear_board
300 move_history
#? []

# The arguments back, one space between words; echo_err also on stderr.
310 echo hello   world
#? [hello world]
320 echo_err marker 1
#? [marker 1]
330 echo
#? []
