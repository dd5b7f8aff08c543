# Clock commands: the accepted forms (the refused ones are in time.expect;
# spending is tested by gtp-check).

10 time_settings 300 30 5
#? []
20 time_settings 600 0 0
#? []
30 time_settings 0 1 0
#? []
70 time_left b 120 0
#? []
80 time_left white 10 1
#? []
120 kgs-time_settings none
#? []
130 kgs-time_settings absolute 300
#? []
140 kgs-time_settings byoyomi 300 30 5
#? []
150 kgs-time_settings canadian 300 30 25
#? []
