#!/bin/bash
# A process of bin/hane-mpi that hangs (SIGSTOP) or dies (SIGKILL, under
# mpirun --enable-recovery) between two moves: process 0 still answers the
# next genmove, from its own tree, after at most mpi_wait seconds, then ends
# the job with its message on stderr (and, for the hang, exit status 3).
#
# Usage: regress/mpi/fault.sh BINDIR "MPIRUN" STOP|KILL
set -u
bin=$1
mpirun=$2
sig=$3
work=build/regress-mpi/fault-$sig
rm -rf "$work"
mkdir -p "$work"
mkfifo "$work/in"
exec 3<>"$work/in"
opt=
[ "$sig" = KILL ] && opt=--enable-recovery
$mpirun $opt -np 3 "$bin/hane-mpi" threads=1 playouts=2000 mpi_wait=2 \
    < "$work/in" > "$work/out" 2> "$work/err" &
job=$!
echo "boardsize 9" >&3
echo "genmove b" >&3
# the first move, played by all three processes
for _ in $(seq 600); do
    grep -q '^= [A-Z]' "$work/out" && break
    kill -0 $job 2>/dev/null || break
    sleep 0.1
done
victim=
for d in /proc/[0-9]*; do
    grep -q "^PPid:[[:space:]]*$job\$" $d/status 2>/dev/null \
        && grep -qa 'OMPI_COMM_WORLD_RANK=2' $d/environ 2>/dev/null && victim=${d#/proc/}
done
fail=0
if [ -z "$victim" ] || ! grep -q '^= [A-Z]' "$work/out"; then
    echo "fault: no first move or no process 2 to stop" >&2
    fail=1
else
    kill -$sig $victim
    echo "genmove w" >&3
fi
# bounded: a hang of the test itself fails after 120 s
rc=0
for _ in $(seq 1200); do
    kill -0 $job 2>/dev/null || break
    sleep 0.1
done
if kill -0 $job 2>/dev/null; then
    echo "fault: hane-mpi still running 120 s after process 2 was sent SIG$sig" >&2
    kill -TERM $job
    fail=1
fi
wait $job || rc=$?
[ -n "$victim" ] && { kill -CONT $victim; kill -KILL $victim; } 2>/dev/null
moves=$(grep -c '^= [A-Z]' "$work/out")
if [ "$moves" -ne 2 ]; then
    echo "fault: SIG$sig: $moves moves answered, expected 2" >&2
    fail=1
fi
if ! grep -q 'did not answer within 2 s' "$work/err"; then
    echo "fault: SIG$sig: no message from process 0:" >&2
    head -20 "$work/err" >&2
    fail=1
fi
if [ "$sig" = STOP ] && [ $rc -ne 3 ]; then
    echo "fault: SIGSTOP: exit status $rc, expected 3" >&2
    fail=1
fi
[ $fail -eq 0 ] && echo "fault: process 2 sent SIG$sig: the move was answered, then the job ended (exit $rc)"
exit $fail
