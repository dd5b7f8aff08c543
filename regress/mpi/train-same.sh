#!/bin/sh
# hane-train-mpi at -np 1, 2 and 3 writes the table hane-train writes in one
# process from the same games: every gamma within one unit of its sixth
# significant digit (the table's precision; the sums differ only by rounding,
# their order being fixed: shards, then ranks), every key the same.
#
# Usage: regress/mpi/train-same.sh BINDIR "MPIRUN" [SGF_DIR]
# Games: the first 40 9x9 records of SGF_DIR (default ../shared/data/sgf/g9);
# without them, 12 games that bin/hane plays against itself at 40 playouts.
set -eu
bin=$1
mpirun=$2
sgf=${3:-../shared/data/sgf/g9}
work=build/regress-mpi/train
rm -rf "$work"
mkdir -p "$work"
if [ -d "$sgf" ]; then
    find "$sgf" -name '*.sgf' | LC_ALL=C sort | head -n 40 > "$work/games.lst"
else
    eng="$bin/hane threads=1 playouts=40 seed=3"
    "$bin/hane-match" -n 12 -s 9 --scorer none --no-final-score -o "$work/games" \
        "$eng" "$eng seed=4" > "$work/match.log"
    find "$work/games" -name '*.sgf' | LC_ALL=C sort > "$work/games.lst"
fi
n=$(wc -l < "$work/games.lst")
[ "$n" -ge 10 ] || { echo "train-same: only $n games in $work/games.lst" >&2; exit 1; }

args="--size 9 --iterations 4 --min-count 2 --threads 2 -q"
"$bin/hane-train" $args -o "$work/solo.json" "$work/games.lst"

# The gammas section, one "key": value per line.
gammas() { sed -n '/^ "gammas"/,$p' "$1"; }

fail=0
for np in 1 2 3; do
    $mpirun -np $np "$bin/hane-train-mpi" $args -o "$work/np$np.json" "$work/games.lst"
    gammas "$work/solo.json" > "$work/a"
    gammas "$work/np$np.json" > "$work/b"
    if ! awk -v np=$np '
        function num(s) { sub(/^[^:]*: */, "", s); sub(/,$/, "", s); return s + 0 }
        function key(s) { sub(/:.*/, "", s); return s }
        NR == FNR { a[FNR] = $0; na = FNR; next }
        {
            nb = FNR
            if (key(a[FNR]) != key($0)) { printf "np %d line %d: %s vs %s\n", np, FNR, a[FNR], $0; bad++; next }
            if ($0 ~ /: *[-0-9.eE+]+,?$/) {
                x = num(a[FNR]); y = num($0); d = x - y; if (d < 0) d = -d
                m = x < 0 ? -x : x; if (d > 1e-5 * m + 1e-300) { printf "np %d: %s vs %s\n", np, a[FNR], $0; bad++ }
                if (m > 0 && d / m > worst) worst = d / m
                vals++
            }
        }
        END {
            if (na != nb) { printf "np %d: %d lines vs %d\n", np, na, nb; bad++ }
            printf "train-same: -np %d: %d gammas, largest relative difference %.3g\n", np, vals, worst
            exit bad > 0
        }' "$work/a" "$work/b"; then
        fail=1
    fi
done
exit $fail
