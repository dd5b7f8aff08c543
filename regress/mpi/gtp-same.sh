#!/bin/sh
# bin/hane-mpi under hostile input (regress/mpi/hostile.gtp, plus a line over
# GTP's length limit): every process ends on the same game (process 0
# compares a hash of every process's game after every command and says so on
# stderr), at -np 1 and 3; and, without the searches, process 0's replies
# are bin/hane's, byte for byte, and the game is the same at -np 1 and 3.
#
# Usage: regress/mpi/gtp-same.sh BINDIR "MPIRUN"
set -eu
bin=$1
mpirun=$2
work=build/regress-mpi/gtp
rm -rf "$work"
mkdir -p "$work"
params="threads=1 playouts=300 seed=1"
long=$(head -c 70000 /dev/zero | tr '\0' 'x')
{ grep -v '^#' regress/mpi/hostile.gtp | sed 's/^S //'; echo "play b $long"; echo "showboard"; } \
    > "$work/full.gtp"
{ grep -v '^#' regress/mpi/hostile.gtp | grep -v '^S '; echo "play b $long"; echo "showboard"; } \
    > "$work/plain.gtp"

"$bin/hane" $params < "$work/plain.gtp" > "$work/hane.out"
fail=0
for np in 1 3; do
    for s in full plain; do
        rc=0
        $mpirun -np $np "$bin/hane-mpi" $params mpi_interval=20 \
            < "$work/$s.gtp" > "$work/$s.np$np.out" 2> "$work/$s.np$np.err" || rc=$?
        game=$(sed -n 's/.*every process ends on game \([0-9a-f]*\).*/\1/p' "$work/$s.np$np.err")
        if [ $rc -ne 0 ] || [ -z "$game" ] || grep -q 'another game' "$work/$s.np$np.err"; then
            echo "gtp-same: -np $np, $s session: exit $rc, processes disagree or no check:" >&2
            cat "$work/$s.np$np.err" >&2
            fail=1
        fi
        echo "$game" > "$work/$s.np$np.game"
    done
    if ! cmp -s "$work/hane.out" "$work/plain.np$np.out"; then
        echo "gtp-same: -np $np: process 0's replies differ from bin/hane's:" >&2
        diff "$work/hane.out" "$work/plain.np$np.out" | head -20 >&2
        fail=1
    fi
done
if ! cmp -s "$work/plain.np1.game" "$work/plain.np3.game"; then
    echo "gtp-same: the game after the session differs between -np 1 and -np 3" >&2
    fail=1
fi
n=$(grep -c . "$work/plain.gtp")
[ $fail -eq 0 ] && echo "gtp-same: -np 1 and 3: $n lines, same game on every process ($(cat "$work/full.np3.game") after the searches), replies equal to bin/hane's"
exit $fail
