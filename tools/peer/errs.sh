#!/bin/sh
# errs.sh DIR — for each game DIR/game-N.sgf of a peer match, hane's stderr
# lines of that game ("hane: B 17800 playouts ..., win rate 0.612, ...", which
# gogui-twogtp -debugtocomment kept in the comments of hane's moves) as
# DIR/game-N.b.err, where tools/match/winrates.sh and blindspots.sh read them.
set -eu
[ $# -eq 1 ] && [ -d "$1" ] || { echo "usage: errs.sh DIR" >&2; exit 2; }
for sgf in "$1"/game-*.sgf; do
    [ -e "$sgf" ] || continue
    err=${sgf%.sgf}.b.err
    [ -s "$err" ] && [ "$err" -nt "$sgf" ] && continue
    grep -o 'hane: [BW] [0-9]* playouts in [^]]*' "$sgf" >"$err" || true
done
