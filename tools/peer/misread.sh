#!/bin/sh
# misread.sh [ENGINE ARGS...] — runs tools/peer/positions/misread.tst (positions
# where hane's verdict was wrong in games against peers, with the right
# answer) and prints how many of them the engine gets right. Exit 0 whatever
# the count (a figure, not a threshold); 2 if the suite could not run (a crash,
# a hang, output that is not GTP: regress/gtp/run-tst's own faults).
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || set -- bin/hane threads=1
out=$("$here/../../regress/gtp/run-tst" -e "$*" "$here/positions/misread.tst" 2>&1)
last=$(printf '%s\n' "$out" | tail -n 1)
case "$last" in
gtp:*passed*failed)
    printf '%s\n' "$out" | grep -i 'fail\|unexpected' | grep -v '^gtp:\|passed, ' || true
    right=$(echo "$last" | sed -n 's/^gtp: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p')
    echo "$right" | awk -v e="$*" '{ printf "misread positions: %s gets %d of %d right\n", e, $1, $1 + $2 }' ;;
*)
    printf '%s\n' "$out" >&2
    echo "misread.sh: the suite did not run" >&2
    exit 2 ;;
esac
