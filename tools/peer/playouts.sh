#!/bin/sh
# playouts.sh hane|pachi|fuego LOG... — the playouts an engine ran, read from
# its stderr logs: prints "MOVES NEW ROOT", the moves searched, the playouts
# run for them (new ones, not those kept from the previous move's tree) and
# the playouts at the root when each search ended (new plus kept).
#   hane   `verbose=1`: "hane: B 17800 playouts in ..." a move; its budget
#          counts new playouts only, so NEW = ROOT.
#   pachi  "<pre-simulated K games>" before a search that kept K playouts, and
#          "*** WINNER is M with score S% (A/R games)" after it, R the root's
#          playouts: new = R - K.
#   fuego  "Count N" (root, reuse included) and "GamesPlayed G" (new) a move.
set -eu
[ $# -ge 1 ] || { echo "usage: playouts.sh hane|pachi|fuego LOG..." >&2; exit 2; }
kind=$1; shift
case "$kind" in hane|pachi|fuego) ;; *) echo "playouts.sh: unknown engine $kind" >&2; exit 2 ;; esac
[ $# -ge 1 ] || { echo "0 0 0"; exit 0; }
exec awk -v kind="$kind" '
FNR == 1 { kept = 0 }
kind == "hane" && /^hane: [BW] [0-9]+ playouts/ { moves++; new += $3; root += $3 }
kind == "pachi" && /^<pre-simulated [0-9]+ games>/ { kept = $2 + 0 }
kind == "pachi" && /^\*\*\* WINNER is / {
    if (match($0, /\([0-9]+\/[0-9]+ games/)) {
        s = substr($0, RSTART + 1, RLENGTH - 7); sub(/^[0-9]+\//, "", s)
        moves++; root += s; new += s - kept
    }
    kept = 0
}
kind == "fuego" && $1 == "Count" && $2 ~ /^[0-9]+(\.[0-9]*)?$/ { count = $2 + 0 }
kind == "fuego" && $1 == "GamesPlayed" && $2 ~ /^[0-9]+$/ { moves++; new += $2; root += count; count = 0 }
END { printf "%d %d %d\n", moves, new, root }' "$@"
