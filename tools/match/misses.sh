#!/bin/sh
# misses.sh GAME.sgf COLOUR [MIN] — the moves of COLOUR (B or W) that a
# referee engine values well below its own choice: for every such move, GNU
# Go's best move there and its value (GNU Go's `top_moves` after
# `reg_genmove`, in points), the value it gives the move played and the gap.
# Moves the referee leaves out of its list (up to ten) count as worth its
# lowest listed value, so their gap is a lower bound, marked ">=".
#
# Why: winrates.sh and blindspots.sh show where hane's own win rate fell and
# what it could not search; this shows the points it gave away while it
# still thought it was winning, read by an engine whose strength is local
# reading (a move left undone for many turns shows up on every line).
#
# Prints "N VERTEX best BEST VALUE played VALUE|- gap [>=]GAP" for each move
# whose gap is at least MIN (10 points by default), then a line with the
# moves read and the sum of all gaps. Environment: GNUGO (the referee,
# /usr/games/gnugo), LEVEL (its level, 10).
set -eu
usage="usage: misses.sh GAME.sgf B|W [MIN]"
case "${1:-}" in --help|-h) echo "$usage"; exit 0 ;; esac
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "$usage" >&2; exit 2; }
sgf=$1
colour=$2
min=${3:-10}
gnugo=${GNUGO:-/usr/games/gnugo}
level=${LEVEL:-10}
case "$colour" in B) who=black ;; W) who=white ;; *) echo "misses.sh: colour must be B or W, not '$colour'" >&2; exit 2 ;; esac
case "$min" in ''|*[!0-9.]*) echo "misses.sh: MIN must be a number of points, not '$min'" >&2; exit 2 ;; esac
[ -r "$sgf" ] || { echo "misses.sh: cannot read $sgf" >&2; exit 2; }
[ -x "$gnugo" ] || { echo "misses.sh: no referee at $gnugo (set GNUGO)" >&2; exit 2; }
size=$(tr -d '\n\r' <"$sgf" | sed -n 's/.*SZ\[\([0-9]*\)\].*/\1/p')
size=${size:-19}

# The moves of the game as "N COLOUR VERTEX" (GTP letters skip I; tt and []
# are passes). GTP's loadsgf F N stops before move N: the position N was
# played from.
moves=$(tr -d '\n\r' <"$sgf" | grep -o ';[BW]\[[a-z]*\]' | awk -v size="$size" '
    BEGIN { letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ" }
    {
        c = substr($0, 2, 1); p = substr($0, 4, length($0) - 4)
        v = "PASS"
        if (length(p) == 2 && !(p == "tt" && size <= 19)) {
            x = index("abcdefghijklmnopqrstuvwxy", substr(p, 1, 1))
            y = index("abcdefghijklmnopqrstuvwxy", substr(p, 2, 1))
            v = substr(letters, x, 1) (size - y + 1)
        }
        print NR, c, v
    }')
[ -n "$moves" ] || { echo "misses.sh: no moves in $sgf" >&2; exit 2; }

# One referee session for the whole game: three commands a move of COLOUR.
mine=$(printf '%s\n' "$moves" | awk -v c="$colour" '$2 == c && $3 != "PASS"')
[ -n "$mine" ] || { echo "0 moves of $colour read, gaps sum to 0"; exit 0; }
printf '%s\n' "$mine" | while read -r n c v; do
    printf 'loadsgf %s %d\nreg_genmove %s\ntop_moves\n' "$sgf" "$n" "$who"
done | "$gnugo" --mode gtp --level "$level" 2>/dev/null |
awk -v RS= -v min="$min" -v mine="$mine" '
    BEGIN { k = split(mine, m, "\n"); for (i = 1; i <= k; i++) { split(m[i], f, " "); num[i] = f[1]; played[i] = f[3] } }
    {
        r++
        if (r % 3) next                    # loadsgf and reg_genmove answers
        i = r / 3
        if ($1 != "=" || NF < 3) next      # no list: the referee would pass
        best = $2; bv = $3 + 0; low = bv; pv = ""
        for (j = 2; j < NF; j += 2) {
            val = $(j + 1) + 0
            if (val < low) low = val
            if ($j == played[i]) pv = val
        }
        gap = (pv == "" ? bv - low : bv - pv)
        read++; sum += gap
        if (gap >= min)
            printf "%d %s best %s %.2f played %s gap %s%.2f\n", num[i], played[i], best, bv,
                   (pv == "" ? "-" : sprintf("%.2f", pv)), (pv == "" ? ">=" : ""), gap
    }
    END { printf "%d moves of %s read, gaps sum to %.1f\n", read + 0, "'"$colour"'", sum }'
