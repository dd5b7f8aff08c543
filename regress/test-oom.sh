#!/bin/sh
# Out of memory is an answer, not a death. Under a small address-space cap
# (ulimit -v), an SGF whose tree does not fit:
#   - bin/hane answers loadsgf with "? out of memory: ...", keeps the game in
#     progress and the next command is answered; it exits 0 after quit;
#   - hane-train names the file and exits 1 (not 134 from abort()).
#
#   regress/test-oom.sh BINDIR VARIANT
#
# Skipped (with a message) in the asan and tsan variants only: the sanitizers
# reserve terabytes of address space at start, so no program of theirs runs
# under ulimit -v.
set -u
bin=${1:-bin}
variant=${2:-release}
case "$variant" in
    asan|tsan) echo "oom: skipped under $variant (sanitizers cannot run under ulimit -v)"; exit 0 ;;
esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# 12 MB of empty comments: the reader's budget allows it (27 bytes built per
# byte), the address-space cap below does not.
{ printf '(;GM[1]SZ[9]'; yes 'C[]' | head -n 4000000 | tr -d '\n'; printf ')'; } > "$tmp/big.sgf"
cap=300000   # KB: hane with memory=16 needs about 100 MB of address space
pass=0 fail=0

out=$( (ulimit -v $cap
        printf '1 boardsize 9\n2 play b E5\n3 loadsgf %s\n4 list_stones black\n5 quit\n' \
            "$tmp/big.sgf" | "$bin/hane" memory=16) 2> "$tmp/err")
rc=$?
if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q "^?3 out of memory: cannot load file '$tmp/big.sgf'" \
   && printf '%s\n' "$out" | grep -q '^=4 E5$' && printf '%s\n' "$out" | grep -q '^=5'; then
    pass=$((pass + 1))
else
    echo "FAIL: hane loadsgf under ulimit -v $cap: exit $rc"
    printf '%s\n' "$out" | head -n 12
    head -n 5 "$tmp/err"
    fail=$((fail + 1))
fi

(ulimit -v $cap; "$bin/hane-train" --size 0 --threads 1 -q --iterations 1 -o "$tmp/g.json" \
    "$tmp/big.sgf") 2> "$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "hane-train: $tmp/big.sgf: out of memory" "$tmp/err"; then
    pass=$((pass + 1))
else
    echo "FAIL: hane-train under ulimit -v $cap: exit $rc (134: abort)"
    head -n 5 "$tmp/err"
    fail=$((fail + 1))
fi
echo "oom: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
