# Protocol commands, ids and preprocessing (GTP v2 section 2). The error
# wording is in protocol.expect.

10 protocol_version
#? [2]

20 name
#? [hane]

30 version
#? [[0-9]+\.[0-9]+.*]

40 known_command play
#? [true]

50 known_command no_such_command
#? [false]

# Matching is on exact names: no prefixes, no case folding.
60 known_command pla
#? [false]

70 known_command PLAY
#? [false]

80 list_commands
#? [protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\nclear_board\nkomi\nplay\ngenmove\n.*]

# Tabs separate words and a trailing comment is dropped.
140	known_command	genmove	# a comment
#? [true]

# Leading blanks before the id are fine.
   150 protocol_version
#? [2]

160 hane-param playouts
#? [[0-9]+]

190 hane-param seed 7
#? []

200 hane-param seed
#? [7]

210 cputime
#? [[0-9]+\.[0-9]+]

220 gogui-analyze_commands
#? [gfx/[^\n]*/hane-heatmap %c\ngfx/[^\n]*/hane-ownership\ngfx/[^\n]*/hane-pv %c\n.*]

230 known_command kata-analyze
#? [true]

# GoGui's parameter dialog: list with types, set through the same checks.
232 hane-gogui_params
#? [(\[string\] [a-z_0-9]+ [^ ]* ?)+]
234 hane-gogui_params seed 9
#? []
236 hane-param seed
#? [9]

# GoGui's Interrupt on Unix: the process id to send SIGINT to (the handler
# itself is tested in gtp/tests/test_gtp_analyze.c, where time can pass).
239 gogui-sigint
#? [[1-9][0-9]*]

# The playouts' table from a file (hane-balance writes them); a missing file
# is an error naming it (protocol.expect), and the engine plays on.
2391 hane-param playouts 50
#? []
2393 hane-param playout_patterns
#? []
2394 genmove b
#? [[A-HJ-T][0-9]+]
2395 hane-param playout_patterns ../../data/playout-gammas.json
#? []
2396 hane-param playout_patterns
#? [\.\./\.\./data/playout-gammas\.json]
2397 genmove w
#? [[A-HJ-T][0-9]+]

# Every command of list_commands is exercised somewhere in these files; quit last.
240 quit
#? []
