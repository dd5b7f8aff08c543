#!/bin/sh
# test-misses.sh — checks misses.sh against GNU Go on hand-made 9x9 games:
# the moves read are the chosen colour's, passes left out, with the right
# move numbers and GTP vertices (I skipped); GNU Go's own choice has a gap of
# 0; a first-line corner move in the opening is off its list and gets a
# lower bound; MIN filters; bad calls are refused.
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=$here/misses.sh
. "$here/../common/check.sh"
gnugo=${GNUGO:-/usr/games/gnugo}
[ -x "$gnugo" ] || { echo "test-misses.sh: no GNU Go at $gnugo"; exit 2; }

helps
refused "colour" "colour must be B or W" "$tmp/none.sgf" X
refused "MIN" "MIN must be a number" "$tmp/none.sgf" B lots
refused "no file" "cannot read" "$tmp/none.sgf" B
refused "no colour" "usage" "$tmp/none.sgf"

# GNU Go's own first move on the empty 9x9 board, in SGF letters.
first=$(printf 'boardsize 9\nclear_board\nreg_genmove black\n' | "$gnugo" --mode gtp --level 10 |
        sed -n 's/^= \([A-HJ]\)\([0-9]\)$/\1 \2/p')
check "GNU Go answers a first move" 1 "$([ -n "$first" ] && echo 1)"
sgfv=$(echo "$first" | awk '{ printf "%s%s", substr("abcdefghj", index("ABCDEFGHJ", $1), 1), substr("abcdefghi", 10 - $2, 1) }')
gtpv=$(echo "$first" | tr -d ' ')

# Black: GNU Go's move, then the 1-1 point at A9, then J1 (column J, after
# the skipped I); White plays C3, passes, G7.
printf '(;GM[1]FF[4]SZ[9]KM[7.5]\n;B[%s];W[cg];B[aa];W[];B[ii];W[gc])\n' "$sgfv" >"$tmp/g.sgf"
out=$("$bin" "$tmp/g.sgf" B 0)
check "three Black moves and a summary" 4 "$(echo "$out" | wc -l | tr -d ' ')"
check "numbers and vertices" "1 $gtpv|3 A9|5 J1" "$(echo "$out" | sed -n 1,3p | awk '{ printf "%s%s %s", (NR > 1 ? "|" : ""), $1, $2 }')"
check "GNU Go's own move: no gap" "gap 0.00" "$(echo "$out" | sed -n 1p | sed 's/.* gap /gap /')"
check "its own move is its best" "$gtpv" "$(echo "$out" | sed -n 1p | awk '{ print $4 }')"
check "A9 off its list: a lower bound" "- gap >=" "$(echo "$out" | sed -n 2p | sed 's/.*played \(- gap >=\).*/\1/')"
check "summary" "3 moves of B read" "$(echo "$out" | tail -1 | sed 's/, gaps.*//')"
sum=$(echo "$out" | sed -n 1,3p | awk '{ g = $NF; sub(">=", "", g); s += g } END { printf "%.1f", s }')
check "the sum is of the gaps" "$sum" "$(echo "$out" | tail -1 | sed 's/.*sum to //')"
check "White: the pass left out" "2 moves of W read" "$("$bin" "$tmp/g.sgf" W 0 | tail -1 | sed 's/, gaps.*//')"
check "MIN filters" 1 "$("$bin" "$tmp/g.sgf" B 1000 | wc -l | tr -d ' ')"
check_summary "misses.sh"
