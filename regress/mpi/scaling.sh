#!/bin/sh
# Strength of bin/hane-mpi at fixed playouts on 9x9 (docs/notes/mpi.md):
# N processes x P playouts each against one process with P (scaling), and
# against one process with N x P (efficiency). Every match is resumable
# (hane-match --resume): run it again to go on where it stopped.
#
# Usage: regress/mpi/scaling.sh [OUT_DIR]   (default build/mpi-scaling)
# Environment: P (1000), GAMES (50), POINTS ("s2 s4 e4": sN scaling, eN efficiency),
# CADENCE (the rounds' parameters of hane-mpi, default a round every 20
# playouts of a process, so that the load of the machine does not change them).
set -eu
out=${1:-build/mpi-scaling}
P=${P:-1000}
GAMES=${GAMES:-50}
POINTS=${POINTS:-"s2 s4 e4"}
CADENCE=${CADENCE:-"mpi_playouts=20 mpi_interval=60000"}
mpirun="mpirun --oversubscribe $( [ "$(id -u)" = 0 ] && echo --allow-run-as-root )"
mkdir -p "$out"
# The programs are copied once, so that a rebuild during a long run does not
# change them halfway (a resumed run keeps the copies and their commit).
if [ ! -x "$out/bin/hane-mpi" ]; then
    mkdir -p "$out/bin"
    cp bin/hane bin/hane-mpi "$out/bin/"
    git rev-parse HEAD > "$out/bin/COMMIT" 2>/dev/null || true
fi
b=$out/bin
for pt in $POINTS; do
    n=${pt#?}
    mpi="$mpirun -np $n $b/hane-mpi threads=1 playouts=$P $CADENCE verbose=1"
    case $pt in
    s*) one="$b/hane threads=1 playouts=$P" ;;
    e*) one="$b/hane threads=1 playouts=$((n * P))" ;;
    *) echo "scaling: unknown point $pt" >&2; exit 2 ;;
    esac
    echo "== $pt: A = $mpi; B = $one"
    bin/hane-match --resume --stderr -n "$GAMES" -s 9 -o "$out/$pt-P$P" \
        --json "$out/$pt-P$P.json" "$mpi" "$one"
done
