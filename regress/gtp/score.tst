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
#? [(E[1-9] ?)+ (F[1-9] ?)+|(F[1-9] ?)+ (E[1-9] ?)+]
130 final_status_list Dead
#? []
140 final_status_list foo
#? [?syntax error: expected alive, dead or seki, got 'foo']

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
#? [B5 H5|H5 B5]
330 final_score
#? [B\+8\.5]
340 hane-param playout light
350 final_status_list dead
#? [B5 H5|H5 B5]
