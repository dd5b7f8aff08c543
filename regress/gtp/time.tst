# Clock commands: accepted forms and errors. (Spending is tested by gtp-check.)

10 time_settings 300 30 5
#? []
20 time_settings 600 0 0
#? []
30 time_settings 0 1 0
#? []
40 time_settings abc 1 1
#? [?syntax error: expected a number \(main time in seconds\).*'abc']
50 time_settings 300 30
#? [?syntax error: wrong number of arguments.*]
60 time_settings -1 30 5
#? [?syntax error: main time.*]
70 time_left b 120 0
#? []
80 time_left white 10 1
#? []
90 time_left x 10 0
#? [?syntax error: expected a colour.*'x']
100 time_left b abc 0
#? [?syntax error: .*'abc']
110 time_left b 10 -1
#? [?syntax error: stones.*]
120 kgs-time_settings none
#? []
130 kgs-time_settings absolute 300
#? []
140 kgs-time_settings byoyomi 300 30 5
#? []
150 kgs-time_settings canadian 300 30 25
#? []
160 kgs-time_settings sundial 300
#? [?syntax error: expected a time system.*'sundial']
170 kgs-time_settings byoyomi 300 30
#? [?syntax error: kgs-time_settings byoyomi takes 3 arguments, got 2]
180 kgs-time_settings absolute x
#? [?syntax error: .*'x']
190 KGS-time_settings none
#? [?unknown command.*]
