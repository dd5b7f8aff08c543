#!/bin/sh
# test-run.sh — checks run.sh without playing a game: the points each
# experiment plays (42 distinct on a size, 18 with --reduced), refusal of bad
# arguments, the move of an older layout's records into OUT/SIZE/points, and
# the archive of the records (--archive) as a round trip.
#
#   tools/experiments/test-run.sh [bin/hane-match]
set -u
run=tools/experiments/run.sh
# run.sh wants a referee even for --dry-run; the one of this build (make
# sanitize puts its binaries elsewhere than bin/).
MATCH=${1:-bin/hane-match}
export MATCH
. "$(dirname "$0")/../common/check.sh"

points() { $run --out "$tmp/o" "$@" --dry-run | grep -o 'points/[^ ]*' | sort -u | wc -l | tr -d ' '; }
check "distinct points, all experiments" 42 "$(points)"
check "distinct points, --reduced" 18 "$(points --reduced)"
check "Fig. 5 points, --reduced: one curve" 3 "$(points --reduced k)"
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

# A game record as hane-match writes it: game N of point $1, won by hane ($2 = a)
# or by GNU Go (b).
record() {
    d=$tmp/o/9/points/$1; mkdir -p "$d"
    if [ "$2" = a ]; then res=B+R; else res=W+R; fi
    cat > "$d/game-$(printf %03d "$3").json" <<JSON
{"index": $3, "a_color": "B", "result": "$res", "end": "resign", "culprit": null,
 "detail": "", "moves": 40, "scored": false, "score": 0, "seconds": 10,
 "black": {"name": "hane", "final_score": "", "agree": false, "agree_winner": false,
  "peak_rss_kb": 1, "time_used": 1, "max_move_time": 1, "moves": 20, "stuck": false, "exit": "exit 0"},
 "white": {"name": "GNU Go", "final_score": "", "agree": false, "agree_winner": false,
  "peak_rss_kb": 1, "time_used": 1, "max_move_time": 1, "moves": 20, "stuck": false, "exit": "exit 0"}}
JSON
}
# Three games of the shared point (2 won) and one of a Fig. 5 point: the
# archive carries them to another output tree with the same figures.
record mu1.8-c0 a 1; record mu1.8-c0 b 2; record mu1.8-c0 a 3; record mu1.8-c0.6-k30 b 1
echo 0123abc > "$tmp/o/9/commit.txt"
: > "$tmp/o/9/hane"
$run --report --archive --out "$tmp/o" --docs "$tmp/docs" cbt k >/dev/null 2>&1
check "archive written" yes "$([ -s "$tmp/docs/records-9.tar.xz" ] && echo yes || echo no)"
check "archive leaves out the engine and logs" 0 \
    "$(tar -tJf "$tmp/docs/records-9.tar.xz" | grep -c -e '9/hane$' -e '\.log$')"
check "tally of the shared point" '"K inf",0,2,3' "$(grep '^cbt,"K inf",0,' "$tmp/docs/cbt-9.csv" | cut -d, -f2-5)"
mkdir -p "$tmp/r"
tar -xJf "$tmp/docs/records-9.tar.xz" -C "$tmp/r"
$run --report --out "$tmp/r" --docs "$tmp/docs2" cbt k >/dev/null 2>&1
check "report from the archive, Fig. 4" "$(cat "$tmp/docs/cbt-9.csv")" "$(cat "$tmp/docs2/cbt-9.csv")"
check "report from the archive, Fig. 5" "$(cat "$tmp/docs/k-9.csv")" "$(cat "$tmp/docs2/k-9.csv")"
check "engine commit kept" 0123abc "$(cat "$tmp/r/9/commit.txt")"
cp "$tmp/docs/records-9.tar.xz" "$tmp/first.tar.xz"
$run --report --archive --out "$tmp/o" --docs "$tmp/docs" cbt k >/dev/null 2>&1
check "same records, same bytes" yes "$(cmp -s "$tmp/first.tar.xz" "$tmp/docs/records-9.tar.xz" && echo yes || echo no)"
# A missing archiver is reported and does not stop the run (a copy of
# run.sh outside the tree once ended a long run after its first round).
ARCHIVER=$tmp/none $run --report --archive --out "$tmp/o" --docs "$tmp/docs3" cbt >/dev/null 2>"$tmp/err"
check "missing archiver: the run goes on" 0 "$?"
check "missing archiver: said so" 1 "$(grep -c 'could not archive' "$tmp/err")"

check_summary experiments
