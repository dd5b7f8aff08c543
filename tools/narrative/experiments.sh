#!/bin/sh
# tools/narrative/experiments.sh — the experiments beyond Table 1 (README, Results) (heuristics, pruning,
# user-driven variation), one `hane-narrative generate` per (configuration, seed), run
# under nice.  Prints one line per run and a mean per configuration; long: outside `check`.
#   sh tools/narrative/experiments.sh BIN OUTDIR RUNS "BUDGETS" [heuristics|prune|variation|all]
set -eu
bin=$1 out=$2 runs=$3 budgets=$4 what=${5:-all}
mkdir -p "$out"

# one_config NAME BUDGET ARGS...: RUNS seeds, a line per run, then the mean
one_config() {
    name=$1 budget=$2
    shift 2
    log="$out/$name-$budget.txt"
    : > "$log"
    s=1
    while [ "$s" -le "$runs" ]; do
        nice "$bin" generate --budget "$budget" --seed "$s" --quiet "$@" \
            --json "$out/$name-$budget-$s.json" |
            sed "s/^run 0/$name budget $budget seed $s/" >> "$log"
        s=$((s + 1))
    done
    awk -v n="$name" -v b="$budget" '{ for (i = 1; i < NF; i++) if ($i == "E" && $(i+1) == "=") { e = $(i+2); s += e; q += e * e; c++ } }
        END { m = s / c; v = c > 1 ? (q - c * m * m) / (c - 1) : 0; if (v < 0) v = 0;
              printf "%-22s budget %9d runs %2d mean E %.4f sd %.4f\n", n, b, c, m, sqrt(v) }' "$log" |
        tee -a "$out/summary.txt"
}

if [ "$what" = heuristics ] || [ "$what" = all ]; then
    for b in $budgets; do
        one_config plain "$b" --algo mcts --rollout uniform
        one_config selection "$b" --algo mcts --rollout uniform --selection-bias
        one_config rollout "$b" --algo mcts --rollout biased
        one_config both "$b" --algo mcts --rollout biased --selection-bias
    done
fi
if [ "$what" = prune ] || [ "$what" = all ]; then
    for b in $budgets; do
        one_config prune "$b" --algo mcts
        one_config no-prune "$b" --algo mcts --no-prune
    done
fi
if [ "$what" = variation ] || [ "$what" = all ]; then
    for b in $budgets; do
        one_config default-believe "$b" --algo mcts
        one_config citizen-0.1 "$b" --algo mcts --believe CitizenArrest=0.1
    done
    # per best story: E, whether it holds a CitizenArrest, and its last arrest
    for f in "$out"/default-believe-*-*.json "$out"/citizen-0.1-*-*.json; do
        [ -f "$f" ] || continue
        printf '%s\t' "$(basename "$f" .json)"
        jq -r '[.best.E, ([.best.actions[].type] | index("CitizenArrest") != null),
                ([.best.actions[] | select(.type | test("Arrest"))] | last |
                 if . == null then "no arrest" else .type + " by " + .args[0] end)] | @tsv' "$f"
    done | tee -a "$out/summary.txt"
fi
