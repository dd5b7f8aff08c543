#!/bin/sh
# test-calibrate.sh HANE-CALIBRATE — checks hane-calibrate on records made
# from fixture.sgf (9x9: White wins it in every playout, see
# test-playouts.sh) followed by 22 moves that change nothing (Black fills
# points of its own area, White passes): labelled W+R the playouts foretell
# it (Brier near 0), labelled B+R they are wrong every time (near 1); a
# record without a winner is skipped, one too short gives no position; --out
# writes one line a position and --compare pairs two such files; bad input is
# refused with exit status 2 and a message naming what was wrong.
set -u
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/check.sh"
field() { # OUTPUT-FILE LINE-START WORD-NUMBER
    grep "^$2" "$1" | awk -v k="$3" '{ gsub(",", ""); print $k }'
}
below() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b) ? "yes" : "no" }'; }

. "$here/records.sh"
record "$tmp/w.sgf" W+R 11
record "$tmp/b.sgf" B+R 11
record "$tmp/void.sgf" Void 11
record "$tmp/short.sgf" W+R 5
check "the record has 22 moves" 22 "$(grep -o ';[BW]\[' "$tmp/w.sgf" | wc -l | tr -d ' ')"

"$bin" --moves 1 --playouts 200 "$tmp/w.sgf" >"$tmp/w" 2>&1
check "right label: exit 0" 0 $?
check "right label: one position" 1 "$(field "$tmp/w" positions: 2)"
check "right label: brier near 0" yes "$(below "$(field "$tmp/w" positions: 4)" 0.01)"
check "right label: the favoured side won" 1.000 "$(field "$tmp/w" positions: 8)"
check "the settings" "playouts: 200 a position (bt, captures at least 50), seed 1" \
    "$(sed -n 2p "$tmp/w")"
check "the answers' shares in the settings" \
    "playouts: 10 a position (bt, captures at least 50, atari 1, races 0.8), seed 1" \
    "$("$bin" --moves 1 --playouts 10 --atari 1 --races 0.8 "$tmp/w.sgf" | sed -n 2p)"
"$bin" --moves 1 --playouts 200 "$tmp/b.sgf" >"$tmp/b"
check "wrong label: brier near 1" yes "$(below 0.99 "$(field "$tmp/b" positions: 4)")"
check "wrong label: the favoured side lost" 0.000 "$(field "$tmp/b" positions: 8)"
"$bin" --moves 1,2 --playouts 200 "$tmp/w.sgf" "$tmp/b.sgf" "$tmp/void.sgf" \
    "$tmp/short.sgf" >"$tmp/all"
check "four records, one without a winner" "records: 4, 1 without a winner (skipped)" \
    "$(sed -n 1p "$tmp/all")"
check "two moves of two records, none of the short one" 4 "$(field "$tmp/all" positions: 2)"
check "brier of right and wrong: near 0.5" yesyes \
    "$(below "$(field "$tmp/all" positions: 4)" 0.51)$(below 0.49 "$(field "$tmp/all" positions: 4)")" 
check "per move" "after move 2: 2 positions" "$(grep '^after move 2' "$tmp/all" | cut -d, -f1)"
printf '%s\n\n%s\n' "$tmp/w.sgf" "$tmp/b.sgf" >"$tmp/list"
"$bin" --moves 1,2 --playouts 200 --list "$tmp/list" "$tmp/void.sgf" >"$tmp/listed"
check "--list: the same positions" "$(sed -n 3p "$tmp/all")" "$(sed -n 3p "$tmp/listed")"

"$bin" --moves 1,2 --playouts 100 --out "$tmp/bt.tsv" "$tmp/w.sgf" "$tmp/b.sgf" >/dev/null
"$bin" --moves 1 --playouts 100 --policy light --out "$tmp/light.tsv" "$tmp/w.sgf" \
    "$tmp/b.sgf" >/dev/null
check "--out: a line a position" 4 "$(wc -l <"$tmp/bt.tsv" | tr -d ' ')"
check "--out: record, move, p, outcome" "$tmp/b.sgf	2	0.0000	1" "$(sed -n 4p "$tmp/bt.tsv")"
"$bin" --compare "$tmp/bt.tsv" "$tmp/light.tsv" >"$tmp/cmp"
check "--compare: exit 0" 0 $?
check "--compare: the shared positions" "positions in both: 2 (only in A: 2, only in B: 0)" \
    "$(sed -n 1p "$tmp/cmp")"
check "--compare: the difference" 1 "$(grep -c '^A - B: [-+]0\.[0-9]* \[[-+]0\.[0-9]*, [-+]0\.[0-9]*\]' "$tmp/cmp")"
"$bin" --moves 1 --playouts 100 --seed 5 --out "$tmp/s5a.tsv" "$tmp/w.sgf" >/dev/null
"$bin" --moves 1 --playouts 100 --seed 5 --out "$tmp/s5b.tsv" "$tmp/w.sgf" >/dev/null
check "same seed, same figures" same "$(cmp -s "$tmp/s5a.tsv" "$tmp/s5b.tsv" && echo same)"

printf 'x.sgf\t100\t0.5\t1\nx.sgf\t150\t0.2\t0\ny.sgf\t100\t0.9\t0\n' >"$tmp/a.tsv"
printf 'x.sgf\t100\t0.8\t1\nx.sgf\t150\t0.6\t0\nz.sgf\t100\t0.9\t0\n' >"$tmp/b.tsv"
"$bin" --compare "$tmp/a.tsv" "$tmp/b.tsv" >"$tmp/ab"
check "--compare: Brier by hand" "brier A 0.1450, B 0.2000" "$(sed -n 2p "$tmp/ab")"
check "--compare: the paired difference by hand" "A - B: -0.0550 [-0.5744, +0.4644]" \
    "$(sed -n 3p "$tmp/ab" | cut -d' ' -f1-6)"
check "--compare: favoured side" "favoured side won: A 0.500, B 0.500" "$(sed -n 4p "$tmp/ab")"

refused "no records" "no records given" --playouts 10
refused "missing record" "$tmp/none.sgf" "$tmp/none.sgf"
refused "missing list" "$tmp/none.lst: cannot open" --list "$tmp/none.lst"
awk 'BEGIN { s = ""; for (i = 0; i < 5000; i++) s = s "x"; print s }' >"$tmp/long.lst"
refused "a list line too long" "long.lst:1:4096: line too long" --list "$tmp/long.lst"
printf 'x.sgf\n\000y.sgf\n' >"$tmp/nul.lst"
refused "a NUL byte in a list" "nul.lst:2:1: NUL byte in text" --list "$tmp/nul.lst"
mkfifo "$tmp/fifo"
refused "a FIFO as a list" "fifo: is not a regular file" --list "$tmp/fifo"
refused "--moves 0" "bad value '0' for --moves" --moves 0 "$tmp/w.sgf"
refused "--moves 1,,2" "bad value '1,,2' for --moves" --moves 1,,2 "$tmp/w.sgf"
refused "--moves 1," "bad value '1,' for --moves" --moves 1, "$tmp/w.sgf"
refused "--policy heavy" "bad value 'heavy' for --policy" --policy heavy "$tmp/w.sgf"
refused "--atari above 1" "bad value '1.5' for --atari" --atari 1.5 "$tmp/w.sgf"
refused "--playouts -1" "bad value '-1' for --playouts" --playouts -1 "$tmp/w.sgf"
refused "unknown option" "unknown option '--fast'" --fast 1 "$tmp/w.sgf"
refused "missing value" "missing value after '--seed'" "$tmp/w.sgf" --seed
printf '(;FF[4]GM[1]SZ[9]RE[B+R]\n;B[ee];W[ee])\n' >"$tmp/bad.sgf"
refused "illegal move in a record" "bad.sgf:2:" --moves 1 "$tmp/w.sgf" "$tmp/bad.sgf"
refused "no position" "no position" --moves 1 "$tmp/short.sgf" "$tmp/void.sgf" --moves 30
refused "--compare, one file" "needs two files" --compare "$tmp/bt.tsv"
printf 'x.sgf\t100\t0.5\t1\nx.sgf\t150\t1.5\t1\n' >"$tmp/broken.tsv"
refused "--compare, p out of range" "broken.tsv:2:" --compare "$tmp/bt.tsv" "$tmp/broken.tsv"
printf 'x.sgf\t100\t0.5\t1\000\n' >"$tmp/nul.tsv"
refused "--compare, a NUL byte" "nul.tsv:1:16: NUL byte in text" --compare "$tmp/bt.tsv" "$tmp/nul.tsv"
refused "--compare, a FIFO" "fifo: is not a regular file" --compare "$tmp/bt.tsv" "$tmp/fifo"
sed 's/\t1$/\t0/' "$tmp/bt.tsv" >"$tmp/flipped.tsv"
refused "--compare, other outcomes" "not the same records" --compare "$tmp/bt.tsv" "$tmp/flipped.tsv"
: >"$tmp/empty.tsv"
refused "--compare, an empty file" "share 0 positions" --compare "$tmp/empty.tsv" "$tmp/bt.tsv"
helps
check_summary "test-calibrate.sh"
