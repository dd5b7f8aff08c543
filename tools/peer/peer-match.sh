#!/usr/bin/env bash
# peer-match.sh — hane against Pachi or Fuego at equal CPU time, through
# gogui-twogtp with GNU Go as referee (what `make peer-match` runs).
#
#   peer-match.sh [--peer pachi|fuego] [--size N] [--games N] [--jobs N]
#                 [--cpu S] [--komi K] [--dir DIR] [--hane BIN]
#                 [--hane-args ARGS] [--peer-args ARGS] [--reuse R]
#                 [--hane-playouts N] [--peer-playouts N] [--calib-moves N]
#                 [--peers DIR] [--peers-src DIR] [--referee CMD]
#
# Equal CPU at fixed playouts: before the first game each engine plays
# --calib-moves moves from the empty board with a fixed budget, and its new
# playouts (not those kept from the previous move) per CPU second of its own
# process (its `cputime`) are measured; each engine then gets that rate times
# --cpu new playouts a move. Fixed playouts make the games independent of the
# machine's load. Pachi's `-t =N` and Fuego's `max_games` count the playouts
# kept from the previous move too, so the peer is given its new-playout budget
# / (1 - R), R its share of kept playouts in games against hane (--reuse;
# by default Pachi's shares measured in games against hane, 0.22 on 9x9 and
# 0.14 on 19x19 (docs/notes/peer-match.md), 0.2 otherwise; a run's summary
# says the share it saw, to correct the next run's budget.
# The summary checks both from the match itself: the peer's new playouts a move
# read from its stderr, and each engine's CPU over the games (gogui-twogtp's
# `cputime`; Pachi has none, tools/peer/cputime.sh answers it from /proc). If
# they are more than 10% apart, play a new directory with --reuse (or the
# budgets) corrected.
#
# DIR (default build/peer/PEER-SIZE-Ss) keeps a copy of the hane binary, the
# budgets (settings.env), the launchers, logs, SGF files, gogui-twogtp's
# results (game.dat) and the summary (summary.txt, summary.json). The same DIR
# again resumes: the same budgets and binary, only the missing games.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

peer=pachi size=9 games=100 jobs=1 cpu=1 komi="" dir="" hane=bin/hane
hane_args="" peer_args="" reuse="" hane_playouts="" peer_playouts="" calib_moves=20
peers=build/peers peers_src=../shared/peers
referee="/usr/games/gnugo --mode gtp --level 10 --chinese-rules"
usage() { sed -n '4,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
    --peer) peer=$2 ;; --size) size=$2 ;; --games) games=$2 ;; --jobs) jobs=$2 ;;
    --cpu) cpu=$2 ;; --komi) komi=$2 ;; --dir) dir=$2 ;; --hane) hane=$2 ;;
    --hane-args) hane_args=$2 ;; --peer-args) peer_args=$2 ;; --reuse) reuse=$2 ;;
    --hane-playouts) hane_playouts=$2 ;; --peer-playouts) peer_playouts=$2 ;;
    --calib-moves) calib_moves=$2 ;; --peers) peers=$2 ;; --peers-src) peers_src=$2 ;;
    --referee) referee=$2 ;;
    *) usage ;;
    esac
    shift 2
done
die() { echo "peer-match: $*" >&2; exit 2; }
int() { [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "${3:-1}" ] || die "$1 must be an integer >= ${3:-1}, not '$2'"; }
real() { [[ $2 =~ ^[0-9]*\.?[0-9]+$ ]] || die "$1 must be a number, not '$2'"; }
case "$peer" in pachi|fuego) ;; *) die "--peer is pachi or fuego, not '$peer'" ;; esac
int --size "$size" 2; int --games "$games"; int --jobs "$jobs"; int --calib-moves "$calib_moves"
real --cpu "$cpu"
[ -z "$komi" ] && { if [ "$size" -ge 19 ]; then komi=7.5; else komi=7; fi; }
real --komi "$komi"
[ -n "$reuse" ] && real --reuse "$reuse"
[ -n "$hane_playouts" ] && int --hane-playouts "$hane_playouts"
[ -n "$peer_playouts" ] && int --peer-playouts "$peer_playouts"
[ -z "$dir" ] && dir=build/peer/$peer-$size-${cpu}s
command -v java >/dev/null || die "needs java (for gogui-twogtp)"
[ -x "${referee%% *}" ] || die "no referee ${referee%% *} (GNU Go)"

# The peers, built from ../shared/peers when missing.
find_peers() {
    pachi_bin=$(ls -d "$peers"/pachi-*/pachi 2>/dev/null | head -1 || true)
    fuego_bin=$(ls -d "$peers"/fuego-*/fuegomain/fuego 2>/dev/null | head -1 || true)
    twogtp=$(ls -d "$peers"/gogui-*/lib/gogui-twogtp.jar 2>/dev/null | head -1 || true)
}
find_peers
peer_bin=${peer}_bin
if [ -z "${!peer_bin}" ] || [ -z "$twogtp" ]; then
    [ -x "$peers_src/build.sh" ] || die "no $peer or gogui under $peers, and no $peers_src/build.sh to build them"
    "$peers_src/build.sh" "$peers" "$peer" gogui
    find_peers
fi
[ -n "${!peer_bin}" ] && [ -n "$twogtp" ] || die "building $peer and gogui under $peers failed"
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
peer_bin=$(abs "${!peer_bin}") twogtp=$(abs "$twogtp")

mkdir -p "$dir/logs"
dir=$(cd "$dir" && pwd)
if [ ! -x "$dir/hane" ]; then
    [ -x "$hane" ] || die "no hane binary $hane"
    cp "$hane" "$dir/hane"
    cp "$here/cputime.sh" "$dir/cputime.sh"
    # The commit of the checkout the binary was built in (--hane may name
    # another worktree's), not of this script's.
    { git -C "$(dirname "$hane")" describe --always --dirty 2>/dev/null || echo unknown; } >>"$dir/commit.txt"
fi

# Launchers: DIR/hane.sh N and DIR/peer.sh N run the engine with a budget of
# N playouts, its stderr appended to a log of its own in $PEER_LOGS.
write_launchers() {
    # hane's stderr (a line a move) goes to gogui-twogtp too, which keeps it
    # in the SGF comments (-debugtocomment) for tools/peer/errs.sh.
    cat >"$dir/hane.sh" <<EOF
#!/usr/bin/env bash
exec "$dir/hane" threads=1 playouts="\$1" verbose=1 $hane_args 2> >(tee -a "\${PEER_LOGS:-$dir/logs}/hane-\$\$.log" >&2)
EOF
    if [ "$peer" = pachi ]; then
        cat >"$dir/peer.sh" <<EOF
#!/bin/sh
exec "$dir/cputime.sh" "$peer_bin" -t "=\$1" threads=1 $peer_args 2>>"\${PEER_LOGS:-$dir/logs}/pachi-\$\$.log"
EOF
    else
        cat >"$dir/peer.sh" <<EOF
#!/bin/sh
cfg="\${PEER_LOGS:-$dir/logs}/fuego-\$\$.cfg"
printf 'uct_param_search number_threads 1\nuct_param_player max_games %s\nuct_param_player ignore_clock 1\nuct_param_player forced_opening_moves 0\n' "\$1" >"\$cfg"
exec "$peer_bin" --nobook --config "\$cfg" $peer_args 2>>"\${PEER_LOGS:-$dir/logs}/fuego-\$\$.log"
EOF
    fi
    chmod +x "$dir/hane.sh" "$dir/peer.sh"
}

# calibrate LAUNCHER KIND BUDGET: "NEW CPU ROOT", the new playouts, CPU
# seconds and root playouts at the end of the searches of CALIB_MOVES
# genmoves (both colours in turn) from the empty board.
calibrate() {
    local kind=$2 logs="$dir/logs/calib-$2" out
    rm -rf "$logs"; mkdir -p "$logs"
    out=$({ printf 'boardsize %s\nclear_board\nkomi %s\ncputime\n' "$size" "$komi"
            for ((i = 0; i < calib_moves; i++)); do
                if ((i % 2)); then echo "genmove w"; else echo "genmove b"; fi
            done
            printf 'cputime\nquit\n'; } | PEER_LOGS=$logs "$1" "$3" | grep '^=')
    local c0 c1
    c0=$(echo "$out" | sed -n 4p | cut -c3-)
    c1=$(echo "$out" | sed -n "$((calib_moves + 5))p" | cut -c3-)
    [[ $c0 =~ ^[0-9.]+$ && $c1 =~ ^[0-9.]+$ ]] || die "calibration of $kind: no cputime answers (got '$c0', '$c1')"
    set -- $("$here/playouts.sh" "$kind" "$logs"/*.log)
    [ "$1" -eq "$calib_moves" ] || die "calibration of $kind: $1 searches in its log, expected $calib_moves"
    echo "$2 $(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.3f", b - a }') $3"
}

if [ ! -f "$dir/settings.env" ]; then
    # First budgets: about one CPU second's worth (rates seen on this machine kind).
    case "$peer-$size" in pachi-9) guess_p=11000 ;; pachi-*) guess_p=3000 ;; fuego-9) guess_p=5000 ;; *) guess_p=1700 ;; esac
    if [ "$size" -le 9 ]; then guess_h=18000; else guess_h=6000; fi
    if [ -z "$reuse" ]; then
        case "$peer-$size" in pachi-9) reuse=0.22 ;; pachi-19) reuse=0.14 ;; *) reuse=0.2 ;; esac
    fi
    write_launchers
    rate() { awk -v n="$1" -v c="$2" 'BEGIN { if (c <= 0) exit 1; printf "%.0f", n / c }'; }
    # Both engines are measured at the same time, so that whatever else
    # loads the machine (cache, memory bandwidth) weighs on both alike.
    budget=$(awk -v g=$guess_p -v s="$cpu" 'BEGIN { printf "%.0f", g * s }')
    [ -z "$hane_playouts" ] &&
        { calibrate "$dir/hane.sh" hane "$(awk -v g=$guess_h -v s="$cpu" 'BEGIN { printf "%.0f", g * s }')" >"$dir/logs/calib-hane.out" & }
    [ -z "$peer_playouts" ] && { calibrate "$dir/peer.sh" "$peer" "$budget" >"$dir/logs/calib-peer.out" & }
    wait
    if [ -z "$hane_playouts" ]; then
        read -r n c <"$dir/logs/calib-hane.out" || die "calibration of hane failed"
        hane_rate=$(rate "$n" "$c") || die "hane used no CPU in calibration"
        hane_playouts=$(awk -v r="$hane_rate" -v s="$cpu" 'BEGIN { printf "%.0f", r * s }')
    else hane_rate=""; fi
    if [ -z "$peer_playouts" ]; then
        read -r n c root <"$dir/logs/calib-peer.out" || die "calibration of $peer failed"
        peer_rate=$(rate "$n" "$c") || die "$peer used no CPU in calibration"
        peer_new=$(awk -v r="$peer_rate" -v s="$cpu" 'BEGIN { printf "%.0f", r * s }')
        # Pachi's root ends a little past `-t =N` (checked between playouts, by
        # about 100 on 9x9): that overshoot, measured here, comes off too.
        over=$(awk -v r="$root" -v m="$calib_moves" -v b="$budget" 'BEGIN { o = r / m - b; printf "%.0f", (o > 0 ? o : 0) }')
        peer_playouts=$(awk -v n="$peer_new" -v u="$reuse" -v o="$over" 'BEGIN { t = n / (1 - u) - o; printf "%.0f", (t > 1 ? t : 1) }')
    else peer_rate="" over="" peer_new=$(awk -v n="$peer_playouts" -v u="$reuse" 'BEGIN { printf "%.0f", n * (1 - u) }'); fi
    for v in peer size komi cpu reuse hane_rate hane_playouts peer_rate peer_new over peer_playouts hane_args peer_args; do
        printf '%s=%q\n' "$v" "${!v}"
    done >"$dir/settings.env"
    echo "peer-match: budgets in $dir/settings.env:" >&2
    sed 's/^/  /' "$dir/settings.env" >&2
else
    want_peer=$peer want_size=$size
    # shellcheck disable=SC1091
    . "$dir/settings.env"
    [ "$peer" = "$want_peer" ] && [ "$size" = "$want_size" ] ||
        die "$dir holds a $peer ${size}x$size match; give another --dir"
    write_launchers
fi

int "hane's budget in $dir/settings.env" "$hane_playouts"
int "the peer's budget in $dir/settings.env" "$peer_playouts"

# The hane and peer launchers take their budgets from settings.env from here on.
java -jar "$twogtp" -black "$dir/hane.sh $hane_playouts" -white "$dir/peer.sh $peer_playouts" \
    -size "$size" -komi "$komi" -alternate -games "$games" -threads "$jobs" -auto -debugtocomment \
    -sgffile "$dir/game" -referee "$referee" || echo "peer-match: gogui-twogtp failed (exit $?); rerun to resume" >&2

"$here/errs.sh" "$dir"
"$here/summary.sh" "$dir"
