#!/bin/sh
# winrates.sh GAME.sgf [DROP] — hane's own view of a refereed game, move by
# move: for every genmove the move it played (from the SGF) beside the line
# hane wrote on stderr for it ("hane: B 29237 playouts in 5.01 s ..., win rate
# 0.471, ..."), with a mark where the win rate fell by DROP (0.15) or more since
# hane's previous move. That is where to look first in a lost game.
#
# Needs the stderr hane-match keeps with --stderr (GAME.a.err or GAME.b.err
# beside the SGF) and hane run with verbose=1. Both engines' files are read;
# a file without hane's lines (GNU Go's) is skipped.
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: winrates.sh GAME.sgf [DROP]" >&2; exit 2; }
sgf=$1
drop=${2:-0.15}
[ -r "$sgf" ] || { echo "winrates.sh: cannot read $sgf" >&2; exit 2; }
# The game on one line, its board size (19 without SZ) and its moves in
# order (;B[pd], or ;W[] for a pass), one per line as "M B[pd]".
game=$(tr -d '\n\r' <"$sgf")
size=$(printf '%s' "$game" | grep -o 'SZ\[[0-9]*\]' | head -n 1 | tr -dc '0-9')
moves=$(printf '%s' "$game" | grep -o ';[BW]\[[a-z]*\]' | sed 's/^;/M /')
found=0
for err in "${sgf%.sgf}.a.err" "${sgf%.sgf}.b.err"; do
    [ -r "$err" ] && grep -q '^hane: [BW] ' "$err" || continue
    found=1
    echo "# $err"
    # The moves, then hane's lines: awk pairs hane's n-th line with its
    # colour's n-th move.
    { [ -z "$moves" ] || printf '%s\n' "$moves"; grep '^hane: [BW] ' "$err"; } |
    awk -v drop="$drop" -v size="${size:-19}" '
        BEGIN { letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ" }
        $1 == "M" {
            c = substr($2, 1, 1); v = substr($2, 3, length($2) - 3)
            if (v == "" || (v == "tt" && size <= 19)) vert = "pass"
            else vert = substr(letters, index("abcdefghijklmnopqrstuvwxy", substr(v, 1, 1)), 1) \
                        (size - index("abcdefghijklmnopqrstuvwxy", substr(v, 2, 1)) + 1)
            n[c]++; moves[c, n[c]] = vert; num[c, n[c]] = ++total
            next
        }
        $1 == "hane:" {
            c = $2; k[c]++
            wr = ""; po = $3
            for (i = 1; i <= NF; i++) if ($i == "rate") wr = $(i + 1)
            sub(/,$/, "", wr)
            mark = ""
            if (wr != "" && prev[c] != "" && prev[c] - wr >= drop) mark = sprintf("  <- %.3f", wr - prev[c])
            if (wr != "") prev[c] = wr
            printf "%4s %s %-5s %8s playouts  win rate %s%s\n", \
                   ((c, k[c]) in num) ? num[c, k[c]] : "?", c, \
                   ((c, k[c]) in moves) ? moves[c, k[c]] : "-", po, wr, mark
        }'
done
[ "$found" = 1 ] || { echo "winrates.sh: no hane lines beside $sgf (run with --stderr and verbose=1)" >&2; exit 1; }
