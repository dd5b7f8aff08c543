#!/bin/sh
# experiment.sh — the 48 configurations of the README's Experiment under a time cap and under an
# evaluation budget, then tables, bar charts (Figs. 1–3) and contact sheets (Figs. 4–6).
#
#   experiment.sh BIN OUTDIR RUNS TIME JOBS EVALS [SEED]
#     BIN    bin/hane-mapgen
#     OUTDIR results go to OUTDIR/time and OUTDIR/evals (one JSON per configuration)
#     RUNS   runs per configuration
#     TIME   CPU seconds per run in the time protocol (0 skips it)
#     JOBS   threads per configuration
#     EVALS  "binary=N,zelda=N,sokoban=N" stats computations per run (empty skips it)
#
# Every configuration resumes from its JSON file, so an interrupted experiment continues
# where it stopped when the same command is run again.
set -eu
BIN=$1 OUT=$2 RUNS=$3 TIME=$4 JOBS=$5 EVALS=$6 SEED=${7:-1}
HERE=$(dirname "$0")

run_all() {   # $1 = dir, $2.. = budget options per problem via callback
    dir=$1
    mkdir -p "$dir"
    for p in binary zelda sokoban; do
        budget=$(budget_for "$p")
        for a in bfs dfs gbfs mcts; do
            for r in narrow turtle wide; do
                echo "== $dir $p $r $a"
                nice -n 10 "$BIN" run --problem $p --rep $r --algo $a --runs "$RUNS" \
                    $budget --seed "$SEED" --jobs "$JOBS" --out "$dir/$p-$r-$a.json" \
                    --quiet
            done
        done
        for a in hc sa es ga; do
            echo "== $dir $p wide $a"
            nice -n 10 "$BIN" run --problem $p --rep wide --algo $a --runs "$RUNS" \
                $budget --seed "$SEED" --jobs "$JOBS" --out "$dir/$p-wide-$a.json" --quiet
        done
    done
    "$BIN" table --in "$dir" | tee "$dir/table.txt"
    if command -v python3 >/dev/null 2>&1; then
        python3 "$HERE/pngshrink.py" "$dir"/sheet-*.png   # optional: ~100x smaller
    fi
    if command -v gnuplot >/dev/null 2>&1; then
        sh "$HERE/charts.sh" "$dir"
    else
        echo "gnuplot not found: no bar charts"
    fi
}

if [ "$TIME" != "0" ]; then
    budget_for() { echo "--time-limit $TIME"; }
    run_all "$OUT/time"
fi
if [ -n "$EVALS" ]; then
    budget_for() {
        n=$(echo "$EVALS" | tr ',' '\n' | sed -n "s/^$1=//p")
        # The paper's 60-s cap stays on as a backstop: a run whose iterations stop
        # computing stats (MCTS circling a finished branch) never exhausts the
        # evaluation budget. No run that ends by its budget comes near the cap.
        echo "--time-limit 60 --eval-limit ${n:?no evaluation budget for $1 in $EVALS}"
    }
    run_all "$OUT/evals"
fi
