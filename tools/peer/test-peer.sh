#!/bin/sh
# test-peer.sh — checks the peer match's counting on recorded files, without
# Java or a peer engine:
# - count.sh on gogui-twogtp result files of real games whose winners the SGF
#   files name (tests/scored*: hane as -black against GNU Go level 1, 2 games
#   with -alternate; tests/resign*: a resigning fake engine as -black against
#   hane): the wins it gives each colour are the ones the SGF files' RE and
#   PB/PW give, although the .dat inverts the alternated game's result;
# - draws count half, unknown results are left out, Wilson intervals match a
#   published figure, a file that is not a results table is refused;
# - playouts.sh reads new and root playouts from Pachi's and hane's stderr;
# - cputime.sh answers cputime and relays everything else.
set -u
here=$(cd "$(dirname "$0")" && pwd)
t=$here/tests
. "$here/../common/check.sh"

# The winner of each game from its SGF file, as "NAME COLOUR" lines.
sgf_winners() {
    for f in "$@"; do
        re=$(grep -o 'RE\[[^]]*\]' "$f" | cut -c4-)
        case "$re" in
        B+*) echo "$(grep -o 'PB\[[^]]*\]' "$f" | cut -c4- | tr -d ']') black" ;;
        W+*) echo "$(grep -o 'PW\[[^]]*\]' "$f" | cut -c4- | tr -d ']') white" ;;
        esac
    done
}
field() { sed -n "s/.*\"$1\": {\"games\": \([0-9]*\), \"wins\": \([0-9]*\), \"draws\": \([0-9]*\), \"losses\": \([0-9]*\).*/\1 \2 \3 \4/p"; }

# hane (-black) against GNU Go: the SGF files say hane won as Black (B+6.0)
# and as White (W+20.0, the alternated game, B+20 in the .dat).
check "SGF: hane won both, one each colour" "hane black
hane white" "$(sgf_winners "$t"/scored-0.sgf "$t"/scored-1.sgf)"
json=$("$here/count.sh" --json "$t/scored.dat")
check "scored: names" 1 "$(echo "$json" | grep -c '"black_program": "hane", "white_program": "GNU Go"')"
check "scored: 2 games, 2 wins" "2 2 0 0" "$(echo "$json" | field all)"
check "scored: as Black 1-0" "1 1 0 0" "$(echo "$json" | field black)"
check "scored: as White 1-0" "1 1 0 0" "$(echo "$json" | field white)"
check "scored: CPU_B is hane's whatever colour (2.3 + 3.3)" 1 "$(echo "$json" | grep -c '"cpu_black_program": 5.6, "cpu_white_program": 1.0')"

# A resigning engine (-black) against hane: the SGF files have hane win as
# White (W+R) and as Black (B+R, alternated; W+R in the .dat).
check "SGF: hane won both resignations" "hane white
hane black" "$(sgf_winners "$t"/resign-0.sgf "$t"/resign-1.sgf)"
json=$("$here/count.sh" --json "$t/resign.dat")
check "resign: the -black program lost both" "2 0 0 2" "$(echo "$json" | field all)"
check "resign: lost as Black" "1 0 0 1" "$(echo "$json" | field black)"
check "resign: lost as White" "1 0 0 1" "$(echo "$json" | field white)"

# Draws and unknown results: a jigo as White and an unscored game added.
{ cat "$t/scored.dat"
  printf '2\t0\t0\t0\t1\t-\t60\t1\t1\t1.0\t1.0\t0\t\n'
  printf '3\t?\t?\t?\t0\t-\t10\t1\t1\t1.0\t1.0\t1\tconnection lost\n'; } >"$tmp/draw.dat"
json=$("$here/count.sh" --json "$tmp/draw.dat")
check "draw: counted as White" "2 1 1 0" "$(echo "$json" | field white)"
check "draw: half a win" 1 "$(echo "$json" | grep -c '"all": {"games": 3, "wins": 2, "draws": 1, "losses": 0, "rate": 0.8333')"
check "unknown: left out, counted" 1 "$(echo "$json" | grep -c '"games": 4, "unknown": 1')"

# 33 wins, 2 draws, 25 losses: the interval must be Wilson's, 56.7% [44.1, 68.4].
{ sed '/^[0-9]/d' "$t/scored.dat"
  i=0
  while [ $i -lt 60 ]; do
      if [ $i -lt 33 ]; then r=B+1; elif [ $i -lt 35 ]; then r=0; else r=W+1; fi
      printf '%d\t%s\t%s\t%s\t%d\t-\t50\t1\t1\t1.0\t1.0\t0\t\n' $i $r $r $r $((i % 2))
      i=$((i + 1))
  done; } >"$tmp/sixty.dat"
check "Wilson interval" "hane against GNU Go: 60 games, 33 wins, 2 draws, 25 losses: 56.7% [44.1, 68.4]" \
    "$("$here/count.sh" "$tmp/sixty.dat" | sed -n 1p)"

bin=$here/count.sh
refused "an SGF file" "not a gogui-twogtp results file" "$t/scored-0.sgf"
sed 's/\tALT\t/\tXXX\t/' "$t/scored.dat" >"$tmp/noalt.dat"
refused "no ALT column" "no column ALT" "$tmp/noalt.dat"
sed 's/^1\tB+20\(.*\)\t1\t-\t56/1\tB+20\1\t2\t-\t56/' "$t/scored.dat" >"$tmp/badalt.dat"
refused "ALT 2" "scored.dat\|badalt.dat:.*ALT is neither" "$tmp/badalt.dat"
refused "no file" "cannot read" "$tmp/none.dat"

# Pachi's log of three moves (-t =5000): 5149 new; 5242 at the root with 3225
# kept; 5183 with 3025 kept.
check "pachi playouts" "3 9324 15574" "$("$here/playouts.sh" pachi "$t/pachi.log")"
# Fuego's log of three moves (max_games 3000): Count is fractional.
check "fuego playouts" "3 6026 8154" "$("$here/playouts.sh" fuego "$t/fuego.log")"
printf 'hane: B 1000 playouts in 0.05 s (20000/s), win rate 0.5, tree 1/2 nodes\nhane: W 1200 playouts in 0.06 s\n' >"$tmp/hane.log"
check "hane playouts" "2 2200 2200" "$("$here/playouts.sh" hane "$tmp/hane.log")"

# errs.sh on a real game against Pachi (hane Black, won by resignation after
# 51 moves): hane's 26 lines from the SGF comments, paired
# by winrates.sh with hane's moves.
mkdir "$tmp/run"
cp "$t/peer-game.sgf" "$tmp/run/game-0.sgf"
"$here/errs.sh" "$tmp/run"
check "errs: hane's lines of the game" 26 "$(grep -c '^hane: B 17450 playouts in ' "$tmp/run/game-0.b.err")"
check "errs: winrates reads them" "1 B E4 17450 playouts win rate 0.478" \
    "$("$here/../match/winrates.sh" "$tmp/run/game-0.sgf" | sed -n 2p | tr -s ' ' | sed 's/^ //')"

# cputime.sh around an engine without cputime.
fake=$here/../match/tests/fake-gtp.sh
out=$(printf 'known_command cputime\n7 cputime\ngenmove b\n3 list_commands\nquit\n' | "$here/cputime.sh" sh "$fake" pass)
check "wrapper: knows cputime" "= true" "$(echo "$out" | sed -n 1p)"
check "wrapper: cputime with its id" 1 "$(echo "$out" | sed -n 3p | grep -c '^=7 [0-9][0-9]*\.[0-9]*$')"
check "wrapper: genmove relayed" "= pass" "$(echo "$out" | sed -n 5p)"
check "wrapper: list_commands gains cputime" "cputime" "$(echo "$out" | sed -n 8p)"
check "wrapper: quit relayed" 5 "$(echo "$out" | grep -c '^=')"

check_summary "test-peer"
