#!/bin/sh
# test-balance.sh HANE-BALANCE HANE-CALIBRATE — checks hane-balance on
# records made from tools/playouts/fixture.sgf (22 moves that change nothing
# after its setup, labelled W+R, B+R or Void): it finds the positions, its
# table loads and carries its settings, the same seed writes the same table,
# at rate 0 the table is the start (the built-in gammas with the capture
# floor: hane-calibrate with it and no floor gives the same figures as the
# built-in table with the floor); bad input is refused with exit status 2
# and a message naming what was wrong. (That a step follows the gradient is
# test_playout_bt_grad's: the score equals the finite difference.)
set -u
bin=$1
cal=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/check.sh"
. "$here/../playouts/records.sh"
record "$tmp/w.sgf" W+R 11
record "$tmp/b.sgf" B+R 11
record "$tmp/void.sgf" Void 11

run() { "$bin" --from 0 --to 2 --every 1 --playouts 8 --grad-playouts 8 "$@"; }
run --out "$tmp/t1.json" --seed 3 --epochs 2 "$tmp/w.sgf" "$tmp/b.sgf" "$tmp/void.sgf" >"$tmp/out"
check "exit 0" 0 $?
check "records and positions" "records: 3, 1 without a winner; positions: 6" "$(sed -n 1p "$tmp/out")"
check "a line an epoch" 2 "$(grep -c '^epoch [12]: mean squared error [0-9.]*; capture 1 ' "$tmp/out")"
check "the table is the last epoch's" 1 "$(grep -c '"epochs": 2' "$tmp/t1.json")"
check "the table names its records and moves" 2 "$(grep -c '"records": 3\|"every": 1' "$tmp/t1.json")"
check "every parameter reported" 21 "$(grep '^epoch 2' "$tmp/out" | tr ',' '\n' | wc -l | tr -d ' ')"
check "says where the table went" "wrote $tmp/t1.json" "$(tail -n 1 "$tmp/out")"
check "the table says how it was made" 1 "$(grep -c '"balanced"' "$tmp/t1.json")"
run --out "$tmp/t2.json" --seed 3 --epochs 2 "$tmp/w.sgf" "$tmp/b.sgf" "$tmp/void.sgf" >/dev/null
check "same seed, same table" same "$(cmp -s "$tmp/t1.json" "$tmp/t2.json" && echo same)"

run --out "$tmp/t0.json" --rate 0 "$tmp/w.sgf" >/dev/null
"$cal" --moves 1,2 --playouts 50 --out "$tmp/builtin.tsv" "$tmp/w.sgf" "$tmp/b.sgf" >/dev/null
"$cal" --moves 1,2 --playouts 50 --capture 0 --table "$tmp/t0.json" --out "$tmp/rate0.tsv" \
    "$tmp/w.sgf" "$tmp/b.sgf" >"$tmp/cal"
check "the table loads in hane-calibrate" 0 $?
check "rate 0: the start's figures" same "$(cmp -s "$tmp/builtin.tsv" "$tmp/rate0.tsv" && echo same)"
check "hane-calibrate names the table" 1 "$(grep -c "table $tmp/t0.json" "$tmp/cal")"

refused "no --out" "no --out" "$tmp/w.sgf"
refused "no records" "no records" --out "$tmp/x.json"
refused "--to before --from" "before --from" --out "$tmp/x.json" --from 50 --to 10 "$tmp/w.sgf"
refused "--rate -1" "bad value '-1' for --rate" --out "$tmp/x.json" --rate -1 "$tmp/w.sgf"
refused "--epochs 0" "bad value '0' for --epochs" --out "$tmp/x.json" --epochs 0 "$tmp/w.sgf"
refused "unknown option" "unknown option '--fast'" --fast 1 "$tmp/w.sgf"
refused "missing record" "$tmp/none.sgf" --out "$tmp/x.json" "$tmp/none.sgf"
refused "missing list" "$tmp/none.lst: cannot open" --out "$tmp/x.json" --list "$tmp/none.lst"
printf '(;FF[4]GM[1]SZ[9]RE[B+R]\n;B[ee];W[ee])\n' >"$tmp/bad.sgf"
refused "illegal move in a record" "bad.sgf:2:" --out "$tmp/x.json" "$tmp/bad.sgf"
refused "no position" "no position" --out "$tmp/x.json" --from 5 "$tmp/w.sgf" "$tmp/void.sgf"
"$bin" --out "$tmp/nodir/x.json" --from 0 --to 0 --playouts 2 --grad-playouts 2 "$tmp/w.sgf" \
    >/dev/null 2>"$tmp/err"
check "unwritable table: exit 2" 2 $?
check "unwritable table: says why, before any work" 1 "$(grep -c "cannot write $tmp/nodir" "$tmp/err")"
check "nothing half-written" 0 "$(ls "$tmp" | grep -c '^x.json')"
helps
check_summary "test-balance.sh"
