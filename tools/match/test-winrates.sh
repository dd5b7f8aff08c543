#!/bin/sh
# test-winrates.sh — checks winrates.sh on a hand-made game: hane's lines are
# paired with its own moves (not the opponent's), SGF points become GTP
# vertices on the game's board size (I skipped, rows from the bottom, passes),
# a fall of DROP or more is marked and a smaller one is not, a resignation
# (a line with no move) is shown, and a game without hane's lines is an error.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tool=$here/winrates.sh
. "$here/../common/check.sh"

# 13x13: B (GNU Go) D4, W (hane) K10, B pass, W J13 (I is skipped), B A1, W
# pass, then hane (White) resigns.
printf '(;GM[1]FF[4]SZ[13]KM[7.5]\n;B[dj];W[jd];B[]\n;W[ia];B[am];W[tt])\n' >"$tmp/g.sgf"
cat >"$tmp/g.b.err" <<'E'
hane: W 1000 playouts in 1.00 s (1000/s), win rate 0.600, tree 10/100 nodes
hane: W 1200 playouts in 1.00 s (1200/s), win rate 0.500, tree 10/100 nodes
hane: W 900 playouts in 1.00 s (900/s), win rate 0.300, tree 10/100 nodes
hane: W 800 playouts in 1.00 s (800/s), win rate 0.050, tree 10/100 nodes
E
: >"$tmp/g.a.err"   # GNU Go's side: nothing of hane's
out=$("$tool" "$tmp/g.sgf" 0.15)
check "header names the file read" "# $tmp/g.b.err" "$(echo "$out" | sed -n 1p)"
check "first move: K10, no mark" "2 W K10 1000 playouts win rate 0.600" "$(echo "$out" | sed -n 2p | tr -s ' ' | sed 's/^ //')"
check "fall of 0.100 under 0.15: no mark" "4 W J13 1200 playouts win rate 0.500" "$(echo "$out" | sed -n 3p | tr -s ' ' | sed 's/^ //')"
check "fall of 0.200: marked" "6 W pass 900 playouts win rate 0.300 <- -0.200" "$(echo "$out" | sed -n 4p | tr -s ' ' | sed 's/^ //')"
check "resignation: a line with no move" "? W - 800 playouts win rate 0.050 <- -0.250" "$(echo "$out" | sed -n 5p | tr -s ' ' | sed 's/^ //')"
check "nothing else" "5" "$(echo "$out" | wc -l | tr -d ' ')"
check "a larger DROP marks less" "1" "$("$tool" "$tmp/g.sgf" 0.21 | grep -c '<-')"
check "the SGF's bottom-left corner is A1" "A1" "$(printf '(;SZ[13];B[am])' >"$tmp/c.sgf"; \
    echo 'hane: B 5 playouts in 1.00 s (5/s), win rate 0.500, tree 1/1 nodes' >"$tmp/c.a.err"; \
    "$tool" "$tmp/c.sgf" | awk 'NR == 2 { print $3 }')"

rm "$tmp/g.b.err"
"$tool" "$tmp/g.sgf" >/dev/null 2>"$tmp/err"
check "no hane lines: exit 1" "1" "$?"
check "no hane lines: says why" "1" "$(grep -c 'verbose=1' "$tmp/err")"
"$tool" >/dev/null 2>&1
check "no argument: usage, exit 2" "2" "$?"

check_summary winrates.sh
