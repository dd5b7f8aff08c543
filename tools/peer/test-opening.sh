#!/bin/sh
# test-opening.sh BIN — checks opening_agreement.py with engine BIN on a real
# 19x19 game against Pachi (tools/peer/positions/pachi19-1207-r1.sgf, 89
# moves): its 15 opening positions (moves 11-39) are all asked, the counts
# stay within them and the ranks add up to them; a 9x9 game gives no
# position and bad arguments are refused.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/check.sh"
bin=$here/opening_agreement.py
export HANE=${1:?usage: test-opening.sh BIN}

echo "$here/positions/pachi19-1207-r1.sgf" >"$tmp/one.lst"
out=$("$bin" "$tmp/one.lst" 1 10 2>"$tmp/err")
check "runs" 0 $?
check "15 positions" "positions 15:" "$(echo "$out" | sed -n 1p | cut -d' ' -f1-2)"
counts=$(echo "$out" | sed -n 's/.* in \([0-9]*\) .* in \([0-9]*\) .*/\1 \2/p')
check "counts within the positions" 1 "$(echo "$counts" | awk '{ print ($1 <= 15 && $2 <= 15) }')"
check "ranks add up" 15 "$(echo "$out" |
    sed -n 's/.* 1: \([0-9]*\), 2-3: \([0-9]*\), 4-10: \([0-9]*\), past 10: \([0-9]*\)$/\1 \2 \3 \4/p' |
    awk '{ print $1 + $2 + $3 + $4 }')"
# The same search, the same answer.
check "reproducible" "$out" "$("$bin" "$tmp/one.lst" 1 10 2>/dev/null)"

echo "$here/tests/peer-game.sgf" >"$tmp/nine.lst"
refused "a 9x9 game" "no even 19x19 game" "$tmp/nine.lst" 1 10
refused "no list" "No such file" "$tmp/none.lst" 1 10
refused "bad count" "usage:" "$tmp/one.lst" many 10
helps

check_summary "test-opening"
