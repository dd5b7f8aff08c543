#!/bin/sh
# test-playouts.sh HANE-PLAYOUTS — checks hane-playouts on fixture.sgf (9x9,
# Black to play): a black stone alone in a three-point space of a White group
# with two eyes never survives, Black's wall (light playouts kill it now and
# then: 5.6% at seed 1) and White's group nearly always do,
# Black never wins (White has 45 points to Black's 27-36); the same seed gives
# the same output, another seed does not; --move cuts the record; bad input
# is refused with exit status 2 and a message naming what was wrong. The
# capture floor is the engine's default unless --capture says otherwise.
set -u
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
fx=$here/fixture.sgf
. "$here/../common/check.sh"
value() { # OUTPUT-FILE LINE-START: the number after the colon
    grep "^$2" "$1" | sed 's/^[^:]*: \([0-9.]*\).*/\1/'
}
below() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b) ? "yes" : "no" }'; }

for pol in bt light; do
    "$bin" --policy $pol --playouts 500 "$fx" H8 C5 E5 >"$tmp/$pol" 2>&1
    check "$pol: exit 0" 0 $?
    check "$pol: the dead stone dies" yes "$(below "$(value "$tmp/$pol" 'H8 black')" 0.05)"
    check "$pol: Black's wall lives" yes "$(below 0.9 "$(value "$tmp/$pol" 'C5 black')")"
    check "$pol: White's group lives" yes "$(below 0.95 "$(value "$tmp/$pol" 'E5 white')")"
    check "$pol: Black loses" yes "$(below "$(value "$tmp/$pol" 'black wins')" 0.05)"
    check "$pol: map, 9 rows" 9 "$(grep -c '^ [1-9] ' "$tmp/$pol")"
    check "$pol: map, the dead stone's point is White's" "0x" \
        "$(awk '$1 == 8 { print $9 }' "$tmp/$pol")"
done
check "policy named" "playouts: 500 (light), seed 1" "$(sed -n 2p "$tmp/light")"
check "bt: the engine's capture floor by default" "playouts: 500 (bt, captures at least 50), seed 1" \
    "$(sed -n 2p "$tmp/bt")"
check "--capture 0: the table's gammas" "playouts: 10 (bt), seed 1" \
    "$("$bin" --capture 0 --playouts 10 "$fx" | sed -n 2p)"
"$bin" --playouts 300 --seed 7 "$fx" D5 >"$tmp/a"
"$bin" --playouts 300 --seed 7 "$fx" D5 >"$tmp/b"
"$bin" --playouts 300 --seed 8 "$fx" D5 >"$tmp/c"
check "same seed, same output" same "$(cmp -s "$tmp/a" "$tmp/b" && echo same)"
check "another seed, another output" differ "$(cmp -s "$tmp/a" "$tmp/c" || echo differ)"
check "empty point: Black's share" "D5 empty, owned by Black" "$(grep '^D5' "$tmp/a" | cut -d: -f1)"

printf '(;FF[4]GM[1]SZ[9];B[ee];W[cc];B[gg])\n' >"$tmp/m.sgf"
check "--move 3: the position before move 3, two moves played, Black to play" "before move 3 (2 moves played), Black to play" \
    "$("$bin" --move 3 --playouts 10 "$tmp/m.sgf" | sed -n 1p | grep -o 'before move [0-9]* ([0-9]* moves played), [A-Za-z]* to play')"
check "no KM: komi 7.5" "komi 7.5" "$("$bin" --playouts 10 "$tmp/m.sgf" | sed -n 1p | grep -o 'komi 7.5')"

# 19x19: Black's G15 put White's E15 F15 in atari and left its own E16 F16
# in atari (G16); White saves its string by taking them. The draw alone
# often plays elsewhere first; --atari 1 answers the atari at once.
printf '(;FF[4]GM[1]SZ[19]KM[7]AB[de][ed][fd][ef][gf][fg]AW[ee][fe][dd][ec][fc];B[ge])\n' >"$tmp/race.sgf"
"$bin" --playouts 500 "$tmp/race.sgf" E16 >"$tmp/r0"
"$bin" --playouts 500 --atari 1 "$tmp/race.sgf" E16 >"$tmp/r1"
check "--atari named" "playouts: 500 (bt, captures at least 50, atari 1), seed 1" "$(sed -n 2p "$tmp/r1")"
check "the draw alone: the string in atari survives often" yes "$(below 0.17 "$(value "$tmp/r0" 'E16 black')")"
check "--atari 1: White takes it first" yes "$(below "$(value "$tmp/r1" 'E16 black')" 0.17)"
check "--races, --nakade named" "playouts: 10 (bt, captures at least 50, races 0.5, nakade 1), seed 1" \
    "$("$bin" --playouts 10 --races 0.5 --nakade 1 "$tmp/race.sgf" | sed -n 2p)"

refused "no file" "no SGF file" --playouts 10
refused "rate above 1" "bad value '2' for --atari" --atari 2 "$fx"
check "--atari-ladder named" "playouts: 10 (bt, captures at least 50, atari 1, atari ladder), seed 1" \
    "$("$bin" --playouts 10 --atari 1 --atari-ladder 1 "$tmp/race.sgf" | sed -n 2p)"
refused "--atari-ladder is 0 or 1" "bad value '0.5' for --atari-ladder" --atari-ladder 0.5 "$fx"
refused "missing file" "$tmp/none.sgf" "$tmp/none.sgf"
printf '(;FF[4]GM[1]SZ[9]\n;B[ee];W[ee])\n' >"$tmp/bad.sgf"
refused "illegal move in the record" "bad.sgf:2:" "$tmp/bad.sgf"
refused "vertex off the board" "'K10' is not a point" "$fx" K10
refused "pass is not a point" "'pass' is not a point" "$fx" pass
refused "unknown option" "unknown option '--fast'" --fast "$fx"
refused "bad playouts" "bad value '0' for --playouts" --playouts 0 "$fx"
refused "bad policy" "bad value 'heavy' for --policy" --policy heavy "$fx"
refused "missing value" "missing value after '--seed'" "$fx" --seed

helps
check_summary test-playouts.sh
