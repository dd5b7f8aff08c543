#!/bin/sh
# test-run.sh — checks run.sh without playing a game: the points each
# experiment plays (42 distinct on a size, 21 with --reduced), refusal of bad
# arguments, and the move of an older layout's records into OUT/SIZE/points.
#
#   tools/experiments/test-run.sh [bin/hane-match]
set -u
run=tools/experiments/run.sh
# run.sh wants a referee even for --dry-run; the one of this build (make
# sanitize puts its binaries elsewhere than bin/).
MATCH=${1:-bin/hane-match}
export MATCH
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-run.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
check() {   # check NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "experiments: $1: expected '$2', got '$3'"; fi
}

points() { $run --out "$tmp/o" "$@" --dry-run | grep -o 'points/[^ ]*' | sort -u | wc -l | tr -d ' '; }
check "distinct points, all experiments" 42 "$(points)"
check "distinct points, --reduced" 21 "$(points --reduced)"
check "distinct points, table1" 4 "$(points table1)"
check "distinct points, mu" 12 "$(points mu)"
# mu 1.8 without bias is a row of Table 1, a point of Fig. 3 and C_BT 0 of
# both Fig. 4 series: four commands, one record directory.
check "shared point, listed" 4 "$($run --out "$tmp/o" --dry-run | grep -c 'pw_mu=1.8 bt_c=0 ')"
check "shared point, one directory" 1 \
    "$($run --out "$tmp/o" --dry-run | grep 'pw_mu=1.8 bt_c=0 ' | grep -o 'points/[^ ]*' | sort -u | wc -l | tr -d ' ')"
check "budget reaches hane" 1 \
    "$($run --out "$tmp/o" --playouts 777 --dry-run table1 | grep -c 'playouts=777 .*pw_mu=1.8 bt_c=0 ')"

refused() { $run --out "$tmp/o" "$@" --dry-run >/dev/null 2>"$tmp/err"; echo "$?"; }
check "unknown argument" 2 "$(refused --colour)"
check "unknown experiment" 2 "$(refused fig9)"
check "--ci out of range" 2 "$(refused --ci 1.5)"
check "--games zero" 2 "$(refused --games 0)"
check "--games text" 2 "$(refused --games ten)"
check "--size off GNU Go's range" 2 "$(refused --size 25)"
check "message names the option" 1 "$(grep -c -- '--size' "$tmp/err")"

# Records of the older layout (OUT/SIZE/EXPERIMENT/NAME), here under another
# experiment than the one run, move to OUT/SIZE/points/NAME.
mkdir -p "$tmp/o/9/table1/mu1.8-c0"
: > "$tmp/o/9/table1/mu1.8-c0.log"
$run --report --out "$tmp/o" --docs "$tmp/docs" mu >/dev/null 2>&1
check "older records moved" yes "$([ -d "$tmp/o/9/points/mu1.8-c0" ] && echo yes || echo no)"
check "their log moved" yes "$([ -e "$tmp/o/9/points/mu1.8-c0.log" ] && echo yes || echo no)"
check "empty experiment dir removed" no "$([ -e "$tmp/o/9/table1" ] && echo yes || echo no)"
check "CSV rows, mu" 13 "$(wc -l < "$tmp/docs/mu-9.csv" | tr -d ' ')"
check "no plot before a decided game" no "$([ -e "$tmp/docs/mu-9.png" ] && echo yes || echo no)"

echo "experiments: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
