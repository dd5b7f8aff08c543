#!/bin/sh
# hane-train's checks before the work and its honesty after: output and
# checkpoint paths refused before any game is read, a resumed run giving
# exactly the gammas of an uninterrupted one, a summary of what was skipped
# and --strict making it an error, curve files only where --curve says,
# list files that are not regular or hold a NUL byte refused with a position,
# and compact candidates giving the gammas of expanded ones.
#
#   tools/train/test-train.sh [BINDIR]     (default bin)
set -u
bin=${1:-bin}
train=$(cd "$(dirname "$bin/hane-train")" && pwd)/hane-train
games=$(cd regress/sgf/good && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { echo "FAIL: $*"; fail=$((fail + 1)); }
common="--size 0 --min-count 1 --threads 1 -q"

# 1. -o DIR: refused before loading, and no stray DIR.ckpt.
mkdir outdir
$train $common --iterations 2 -o outdir "$games" 2> err
rc=$?
if [ $rc -ne 0 ] && grep -q 'output outdir: is a directory' err && [ ! -e outdir.ckpt ]; then ok
else no "-o DIR: exit $rc, $(cat err), ckpt: $(ls -d outdir.ckpt 2>/dev/null)"; fi

# 2. -o in a directory that does not exist: refused before the games are read
#    (the list given cannot even be read: the output check comes first).
$train $common --iterations 2 -o no-such-dir/g.json no-such-list.lst 2> err
rc=$?
if [ $rc -ne 0 ] && grep -q 'output no-such-dir/g.json: cannot be written' err \
   && ! grep -q 'no-such-list' err; then ok
else no "-o in a missing directory: exit $rc, $(cat err)"; fi

# 3. Stopped after iteration 2 and resumed: the same gammas as 4 iterations
#    in one run.
$train $common --iterations 4 -o whole.json "$games" 2> err || no "whole run: $(cat err)"
$train $common --iterations 4 --stop-after 2 -o split.json "$games" 2> err
rc=$?
if [ $rc -eq 130 ] && [ -f split.json.ckpt ] && [ ! -e split.json ]; then ok
else no "--stop-after 2: exit $rc, $(ls)"; fi
$train $common --iterations 4 --resume -o split.json "$games" 2> err || no "resume: $(cat err)"
if [ -f whole.json ] && [ -f split.json ] && [ ! -e split.json.ckpt ] &&
   jq -S .gammas whole.json > a && jq -S .gammas split.json > b && cmp -s a b; then ok
else no "resumed gammas differ from the uninterrupted run's: $(diff a b 2>&1 | head -5)"; fi

# 4. A list with one illegal record: counted in the summary, exit 0; with
#    --strict an error.
printf '(;GM[1]SZ[9];B[ee];W[ee])\n' > illegal.sgf
printf '%s/handicap.sgf\n%s/illegal.sgf\n' "$games" "$tmp" > games.lst
$train --size 0 --min-count 1 --threads 1 --iterations 1 -o g.json games.lst 2> err
rc=$?
if [ $rc -eq 0 ] && grep -q 'training games: 1 games read, 1 skipped: 1 unreadable or illegal' err \
   && grep -q 'first unreadable or illegal: .*illegal.sgf:1:' err; then ok
else no "summary: exit $rc, $(cat err)"; fi
$train $common --strict --iterations 1 -o s.json games.lst 2> err
rc=$?
if [ $rc -eq 1 ] && grep -q -- '--strict: 1 record(s) could not be used' err && [ ! -e s.json ]; then ok
else no "--strict: exit $rc, $(cat err)"; fi

# 5. --eval writes no curve files unless --curve says where.
mkdir evalrun
(cd evalrun && $train --eval default $common "$games" > out 2> err)
if [ "$(ls evalrun)" = "err
out" ]; then ok; else no "--eval without --curve wrote: $(ls evalrun)"; fi
$train --eval default $common --curve "$tmp/c" "$games" > out 2> err
if [ -s c.csv ]; then ok; else no "--eval --curve c: no c.csv ($(cat err))"; fi

# 6. List files: a NUL byte is an error at its position; a FIFO with no
#    writer is refused at once (timeout: it used to block).
printf '%s/handicap.sgf\nab\000c\n' "$games" > nul.lst
$train $common --iterations 1 -o n.json nul.lst 2> err
rc=$?
if [ $rc -ne 0 ] && grep -q 'nul.lst:2:3: NUL byte in text' err; then ok
else no "NUL in a list: exit $rc, $(cat err)"; fi
mkfifo fifo.lst
timeout 20 $train $common --iterations 1 -o f.json fifo.lst 2> err
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q 'fifo.lst: is not a regular file' err; then ok
else no "FIFO list: exit $rc (124: blocked), $(cat err)"; fi

# 7. Compact and expanded candidates: the same gammas (whole.json above ran
#    with --compact auto, which expands data this small), and the extraction
#    line says which it was; a bad --compact value is refused.
$train $common --iterations 4 --compact yes -o compact.json "$games" 2> err ||
    no "--compact yes: $(cat err)"
$train --size 0 --min-count 1 --threads 1 --iterations 1 --compact yes -o c1.json "$games" 2> err1
$train --size 0 --min-count 1 --threads 1 --iterations 1 --compact no -o c2.json "$games" 2> err2
if [ -f compact.json ] && jq -S .gammas whole.json > a && jq -S .gammas compact.json > b &&
   cmp -s a b && grep -q 'kept compact' err1 && grep -q 'expanded for speed' err2; then ok
else no "--compact yes against auto: $(diff a b 2>&1 | head -5); $(grep compact err1 err2)"; fi
$train $common --compact maybe -o m.json "$games" 2> err
rc=$?
if [ $rc -ne 0 ] && grep -q -- '--compact: expected auto, yes or no' err; then ok
else no "--compact maybe: exit $rc, $(cat err)"; fi

echo "train: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
