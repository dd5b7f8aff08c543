#!/bin/sh
# summary.sh DIR — the summary of a peer match played by peer-match.sh into
# DIR: the results (count.sh on DIR/game.dat), the settings, and the checks of
# equal CPU: each engine's new playouts a move over the games (from its
# stderr logs) against its budget, and the CPU each used (gogui-twogtp's
# cputime). Writes DIR/summary.txt and DIR/summary.json and prints the text.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] && [ -f "$1/settings.env" ] || { echo "usage: summary.sh DIR (a peer-match directory)" >&2; exit 2; }
dir=$1
# shellcheck disable=SC1091
. "$dir/settings.env"
[ -f "$dir/game.dat" ] || { echo "summary.sh: no games in $dir yet" >&2; exit 2; }
# The games' logs only (calibration logs are in subdirectories).
set -- $("$here/playouts.sh" hane "$dir"/logs/hane-*.log 2>/dev/null || echo 0 0 0)
h_moves=$1 h_new=$2
set -- $("$here/playouts.sh" "$peer" "$dir"/logs/"$peer"-*.log 2>/dev/null || echo 0 0 0)
p_moves=$1 p_new=$2 p_root=$3
json=$("$here/count.sh" --json "$dir/game.dat")
{
    "$here/count.sh" "$dir/game.dat"
    echo "  engine: $(tr '\n' ' ' <"$dir/commit.txt"); ${size}x$size, komi $komi, $cpu CPU s a move each"
    awk -v hm="$h_moves" -v hn="$h_new" -v hb="$hane_playouts" -v pm="$p_moves" -v pn="$p_new" -v pr="$p_root" \
        -v pb="$peer_new" -v pt="$peer_playouts" -v peer="$peer" -v ru="$reuse" 'BEGIN {
        if (hm > 0) printf "  hane: %d moves, %.0f new playouts a move (budget %d)\n", hm, hn / hm, hb
        if (pm > 0) printf "  %s: %d moves, %.0f new playouts a move (target %d; given %d with reuse %.2f, measured reuse %.2f)\n", \
            peer, pm, pn / pm, pb, pt, ru, (pr > 0 ? 1 - pn / pr : 0)
        if (pm > 0 && (pn / pm > 1.1 * pb || pn / pm < pb / 1.1))
            printf "  WARNING: %s new playouts off the target by more than 10%%\n", peer
    }'
    echo "$json" | awk '{ if (match($0, /"cpu_ratio": [0-9.]+/)) { r = substr($0, RSTART + 13, RLENGTH - 13) + 0
        if (r > 0 && (r > 1.1 || r < 1 / 1.1)) print "  WARNING: CPU ratio hane/peer off 1 by more than 10%" } }'
} >"$dir/summary.txt"
printf '%s, "settings": {"peer": "%s", "size": %s, "komi": %s, "cpu_per_move": %s, "hane_playouts": %s, "peer_playouts": %s, "peer_new_target": %s, "reuse": %s}, "hane_new_per_move": %s, "peer_new_per_move": %s}\n' \
    "${json%\}}" "$peer" "$size" "$komi" "$cpu" "$hane_playouts" "$peer_playouts" "$peer_new" "$reuse" \
    "$(awk -v m="$h_moves" -v n="$h_new" 'BEGIN { printf "%.0f", m ? n / m : 0 }')" \
    "$(awk -v m="$p_moves" -v n="$p_new" 'BEGIN { printf "%.0f", m ? n / m : 0 }')" >"$dir/summary.json"
cat "$dir/summary.txt"
