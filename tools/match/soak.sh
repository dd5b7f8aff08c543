#!/bin/sh
# soak.sh — a long mixed run of bin/hane under the referee, looking for the
# faults short tests miss: crashes, illegal moves, hangs, engines that do not
# exit, losses on time and memory beyond the budget.
#
#   tools/match/soak.sh [--games N] [--memory MB] [--jobs J] [--hane BIN]
#                       [--match BIN] [--gnugo BIN] [--out DIR] [--only PHASE]
#
# N games (200) are shared among the phases below by weight; each phase is one
# hane-match run with --strict --strict-time, hane started with memory=MB and
# its peak RSS (VmHWM from /proc/PID/status) limited to MB + 64 (the tree pool
# is the budget; the rest of the process gets 64 MB). GNU Go plays with no
# clock (it keeps none; the referee's move timeout still bounds it), so only
# hane's losses on time count. Every phase resumes
# where it stopped, so an interrupted soak can be run again to finish it.
#
#   phase       size  players              clock
#   self9-sd      9   hane vs hane         5 s sudden death
#   gnugo9-can    9   hane vs GNU Go L1    0+5/10 (Canadian: 5 s for every 10 stones)
#   gnugo9-byo    9   hane vs GNU Go L1    10+3x2 (10 s + 3 x 2 s byo-yomi)
#   self9-po      9   hane vs hane         none (hane playouts=1000)
#   self19-sd    19   hane vs hane         20 s sudden death
#   gnugo19-can  19   hane vs GNU Go L1    10+10/30 (Canadian)
#
# The clocks are short on purpose: 200 games in about an hour with two games
# at a time, and fast clocks are where a time manager fails (the periods of
# gnugo9-byo leave hane about a second a move once the main time is gone).
#
# Exit status 0 when no phase had a fault or a game without a result; the
# last lines are a table.
set -u

games=200 memory=256 jobs=1
hane=bin/hane match=bin/hane-match gnugo=/usr/games/gnugo out=build/match/soak only=
while [ $# -gt 0 ]; do
    case "$1" in
    --games) games=$2; shift 2 ;;
    --memory) memory=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --hane) hane=$2; shift 2 ;;
    --match) match=$2; shift 2 ;;
    --gnugo) gnugo=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) echo "soak.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
case "$games$memory$jobs" in
*[!0-9]*) echo "soak.sh: --games, --memory and --jobs take whole numbers" >&2; exit 2 ;;
esac
mkdir -p "$out" || exit 2
limit=$((memory + 64))
hane_cmd="$hane memory=$memory threads=1"
gnugo_cmd="$gnugo --mode gtp --level 1"
# name weight size time A B extra-hane-args
phases="self9-sd 30 9 5 self -
gnugo9-can 20 9 0+5/10 gnugo -
gnugo9-byo 10 9 10+3x2 gnugo -
self9-po 15 9 none self playouts=1000
self19-sd 15 19 20 self -
gnugo19-can 10 19 10+10/30 gnugo -"

total_weight=100
status=0
summary=$out/soak-summary.txt
: > "$summary"
given=0
n_phases=$(printf '%s\n' "$phases" | wc -l)
i=0
printf '%s\n' "$phases" | {
while read -r name weight size time opp extra; do
    i=$((i + 1))
    # The last phase takes the rounding remainder so the total is exact.
    if [ "$i" -eq "$n_phases" ]; then n=$((games - given)); else n=$((games * weight / total_weight)); fi
    given=$((given + n))
    [ -n "$only" ] && [ "$only" != "$name" ] && continue
    [ "$n" -gt 0 ] || continue
    a="$hane_cmd"
    [ "$extra" != "-" ] && a="$a $extra"
    if [ "$opp" = self ]; then
        b="$a"; rss_b="--rss-limit-b $limit"; time_b=$time
    else
        # GNU Go keeps no clock of its own; it is not under test.
        b="$gnugo_cmd"; rss_b=; time_b=none
    fi
    echo "== soak phase $name: $n games, ${size}x$size, time $time"
    # shellcheck disable=SC2086
    { "$match" --games "$n" --size "$size" --time "$time" --time-b "$time_b" --jobs "$jobs" --resume \
        --out "$out/$name" --json "$out/$name.json" --strict --strict-time \
        --rss-limit "$limit" $rss_b --move-timeout 300 "$a" "$b" < /dev/null 2>&1
      echo $? > "$out/$name.rc"; } | tee "$out/$name.log"
    rc=$(cat "$out/$name.rc" 2>/dev/null || echo 1)
    [ "$rc" -ne 0 ] && status=1
    # hane-match's last line is "totals: key=value ..."; keep it per phase.
    line=$(grep '^totals:' "$out/$name.log" | tail -n 1)
    # A game without a result could not be judged (the scorer failed): the
    # soak did not check what it was meant to, so it fails too.
    voids=$(printf '%s\n' "$line" | sed -n 's/.* void=\([0-9]*\).*/\1/p')
    if [ "${voids:-1}" != 0 ]; then
        status=1
        echo "soak: phase $name has ${voids:-unknown} game(s) without a result"
    fi
    printf '%-12s %-5s exit %s  %s\n' "$name" "$opp" "$rc" "${line#totals: }" >> "$summary"
done
echo
echo "== soak summary (memory budget $memory MB, RSS limit $limit MB)"
cat "$summary"
# One line over all phases: games, hane's faults (side A, and side B in
# self-play), hane's highest peak RSS and how often hane's own final_score
# agreed with the scorer's.
awk '{
    self = $2 == "self"
    for (i = 4; i <= NF; i++) {
        k = $i; sub(/=.*/, "", k); v = $i; sub(/^[^=]*=/, "", v)
        if (k == "games") games += v
        if (k == "void") voids += v
        if (k == "faults_a" || (self && k == "faults_b")) {
            n = split(v, f, ","); for (j = 1; j <= n; j++) { split(f[j], kv, ":"); faults += kv[2] }
        }
        if ((k == "peak_rss_kb_a" || (self && k == "peak_rss_kb_b")) && v + 0 > rss) rss = v + 0
        if (k == "score_agree_a" || (self && k == "score_agree_b")) { split(v, ab, "/"); agree += ab[1]; compared += ab[2] }
    }
}
END {
    printf "all: games=%d void=%d hane_faults=%d hane_peak_rss_kb=%d hane_score_agree=%d/%d", games, voids, faults, rss, agree, compared
    if (compared) printf " (%.1f%%)", 100 * agree / compared
    printf "\n"
}' "$summary"
if [ "$status" -eq 0 ]; then echo "soak: PASS"; else echo "soak: FAIL"; fi
exit "$status"
}
