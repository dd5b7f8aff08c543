#!/bin/sh
# blindspots.sh GAME.sgf [DROP] — for every fall of hane's win rate that
# winrates.sh marks, the opponent's move just before it and where the tree's
# prior (hane-prior) ranked that move in the position it was played from,
# with the visits progressive widening needs before it lets a move of that
# rank in: T(n) = 1 + ln n / ln mu, so rank R needs mu^(R-1) visits.
#
# A fall right after a move the tree could not have searched is a blind
# spot of the widening, not of the playouts (docs/notes/knowledge.md has
# 19x19 games lost to first-line kills the window ranked far down). Self-play
# cannot show the cost of a narrow window, since both sides share it; this
# tool shows it on games against another engine.
#
# Environment: HANE (the engine, bin/hane of this tree by default), PW_MU
# (the mu the game was played with, 1.8).
set -eu
usage="usage: blindspots.sh GAME.sgf [DROP]"
case "${1:-}" in --help|-h) echo "$usage"; exit 0 ;; esac
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "$usage" >&2; exit 2; }
sgf=$1
drop=${2:-0.15}
here=$(cd "$(dirname "$0")" && pwd)
hane=${HANE:-$here/../../bin/hane}
mu=${PW_MU:-1.8}
[ -x "$hane" ] || { echo "blindspots.sh: no engine at $hane (set HANE)" >&2; exit 2; }
falls=$("$here/winrates.sh" "$sgf" "$drop" | grep -- '<-' || true)
[ -n "$falls" ] || { echo "no fall of $drop or more"; exit 0; }
# Moves in the game: a resignation line ("?") follows the last of them.
total=$(tr -d '\n\r' <"$sgf" | grep -o ';[BW]\[[a-z]*\]' | wc -l | tr -d ' ')
printf '%s\n' "$falls" | while read -r num colour rest; do
    if [ "$num" = "?" ]; then k=$total; else k=$((num - 1)); fi
    [ "$k" -ge 1 ] || continue
    fall=$(printf '%s\n' "$rest" | sed 's/.*<- -//')
    # The move before hane's is the opponent's. One engine session: GTP's
    # loadsgf F N stops before move N, so N = k + 1 shows move k as the last
    # move and N = k the position it was played from.
    opp=$([ "$colour" = B ] && echo white || echo black)
    printf 'loadsgf %s %d\nlast_move\nloadsgf %s %d\nhane-prior %s\n' "$sgf" $((k + 1)) "$sgf" "$k" "$opp" |
        "$hane" threads=1 2>/dev/null |
        awk -v num="$num" -v c="$colour" -v fall="$fall" -v k="$k" -v opp="$opp" -v mu="$mu" '
            $1 == "=" && $2 == opp && NF == 3 { v = $3 }
            /^= INFLUENCE/ {
                if (v == "" || v == "pass") { printf "%s %s fell by %s after move %d, a pass\n", num, c, fall, k; exit }
                n = 0; rank = 0
                for (i = 3; i < NF; i += 2) { n++; if ($i == v) rank = n }
                if (rank == 0) { printf "%s %s fell by %s after %s %s (move %d): not among its %d moves\n", num, c, fall, opp, v, k, n; exit }
                need = exp((rank - 1) * log(mu))
                printf "%s %s fell by %s after %s %s (move %d): prior rank %d of %d; the window reaches it after %s visits (mu %s)\n", \
                       num, c, fall, opp, v, k, rank, n, need < 1e7 ? sprintf("%.0f", need) : sprintf("%.1e", need), mu
                exit
            }'
done
