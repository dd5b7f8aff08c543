#!/bin/sh
# extend.sh — extend chosen configurations of a time-protocol directory to more runs
# (resuming their JSON files), then rewrite its table, bar charts and contact sheets.
# Used for protocol S+ (README): the configurations whose runs end early get 100 runs
# while the ones that run to the cap keep the 15 of the all-48 round.
#
#   extend.sh BIN DIR RUNS TIME JOBS PROBLEM-REP-ALGO...
#
# Same options as experiment.sh (seed 1, code targets), so a file extended here is the
# file experiment.sh would have written with RUNS runs.
set -eu
BIN=$1 DIR=$2 RUNS=$3 TIME=$4 JOBS=$5
shift 5
HERE=$(dirname "$0")
for c in "$@"; do
    p=${c%%-*} rest=${c#*-}
    r=${rest%%-*} a=${rest#*-}
    echo "== $DIR $p $r $a -> $RUNS runs"
    nice -n 10 "$BIN" run --problem "$p" --rep "$r" --algo "$a" --runs "$RUNS" \
        --time-limit "$TIME" --seed 1 --jobs "$JOBS" --out "$DIR/$c.json" --quiet
done
"$BIN" table --in "$DIR" | tee "$DIR/table.txt"
if command -v python3 >/dev/null 2>&1; then
    python3 "$HERE/pngshrink.py" "$DIR"/sheet-*.png
fi
if command -v gnuplot >/dev/null 2>&1; then sh "$HERE/charts.sh" "$DIR"; fi
