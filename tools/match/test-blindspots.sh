#!/bin/sh
# test-blindspots.sh — checks blindspots.sh on a hand-made 9x9 game with the
# engine of this tree: a fall after the opponent captures two stones in atari
# (the prior's first move) and one after a play on the empty 1-1 point (far
# down its list) are both found, with the opponent's move, the position it was
# played from, its rank and mu^(rank-1); a pass, a DROP above every fall and
# bad calls are reported as such.
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=$here/blindspots.sh
. "$here/../common/check.sh"

# B (GNU Go) D5, W (hane) E5, B D6, W E6, B F5, W H2, B F6, W H3, B E7, W H4
# (White's E5-E6 now has E4 only), B E4 captures, W J5, B A1, W J6.
printf '(;GM[1]FF[4]SZ[9]KM[7.5]\n;B[de];W[ee];B[dd];W[ed];B[fe];W[hh];B[fd];W[hg]\n;B[ec];W[hf];B[ef];W[ie];B[ai];W[id])\n' >"$tmp/g.sgf"
line() { echo "hane: W 1000 playouts in 1.00 s (1000/s), win rate $1, tree 10/100 nodes"; }
{ for w in 0.500 0.500 0.500 0.500 0.500 0.250 0.050; do line $w; done; } >"$tmp/g.b.err"
: >"$tmp/g.a.err"

out=$("$bin" "$tmp/g.sgf" 0.15)
check "two falls" 2 "$(echo "$out" | wc -l | tr -d ' ')"
check "the capture: first by prior" "12 W fell by 0.250 after black E4 (move 11): prior rank 1 of" \
    "$(echo "$out" | sed -n 1p | sed 's/ of .*/ of/')"
check "rank 1 is in the window at once" "after 1 visits (mu 1.8)" "$(echo "$out" | sed -n 1p | sed 's/.*; the window reaches it //')"
check "the 1-1 point: named with its fall" "14 W fell by 0.200 after black A1 (move 13)" "$(echo "$out" | sed -n 2p | sed 's/: prior.*//')"
rank=$(echo "$out" | sed -n 2p | sed 's/.*prior rank \([0-9]*\) of.*/\1/')
check "the 1-1 point: far down the list" 1 "$([ "$rank" -gt 10 ] && echo 1)"
out2=$(PW_MU=2 "$bin" "$tmp/g.sgf" 0.15 | sed -n 2p)
check "visits needed: mu^(rank-1)" "$(awk -v r="$rank" 'BEGIN { v = 2 ^ (r - 1); printf (v < 1e7 ? "%.0f" : "%.1e"), v }')" \
    "$(echo "$out2" | sed 's/.*reaches it after \([^ ]*\) visits.*/\1/')"
check "a DROP above every fall" "no fall of 0.3 or more" "$("$bin" "$tmp/g.sgf" 0.3)"

# The same game with Black passing at move 13.
sed 's/B\[ai\]/B[]/' "$tmp/g.sgf" >"$tmp/p.sgf"
cp "$tmp/g.b.err" "$tmp/p.b.err"; : >"$tmp/p.a.err"
check "a fall after a pass" "14 W fell by 0.200 after move 13, a pass" "$("$bin" "$tmp/p.sgf" 0.15 | sed -n 2p)"

refused "no argument" usage:
HANE=/nonexistent refused "no engine" "set HANE" "$tmp/g.sgf"
helps
check_summary blindspots.sh
