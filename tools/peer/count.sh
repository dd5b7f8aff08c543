#!/bin/sh
# count.sh [--json] FILE.dat — the results of a gogui-twogtp run, counted from
# the side of the program given as -black (in peer-match.sh: hane), overall and
# by the colour it played, with Wilson 95% intervals (a draw is half a win),
# and the CPU each program used.
#
# How gogui-twogtp writes FILE.dat (GoGui 1.6.0, TwoGtp.handleEndOfGame): in a
# game where -alternate swapped the colours (ALT 1) the -black program played
# White, and the results (RES_B, RES_W, RES_R) are the board's result
# inverted, so `B+...` always means the -black program won; CPU_B is always the
# -black program's CPU and CPU_W the -white program's, whatever colours they
# played. The SGF files keep the board's result. The referee's result (RES_R)
# counts; without one, the two programs' results when they agree.
#
# Prints a few lines of text, or with --json one JSON object. Exit 2 on a
# file that is not such a table.
set -eu
json=0
if [ "${1:-}" = --json ]; then json=1; shift; fi
[ $# -eq 1 ] || { echo "usage: count.sh [--json] FILE.dat" >&2; exit 2; }
[ -r "$1" ] || { echo "count.sh: cannot read $1" >&2; exit 2; }
exec awk -v json="$json" -v file="$1" -F '\t' '
function wilson(w, n,   z, p, c, h) {
    if (n == 0) { lo = 0; hi = 1; return }
    z = 1.959964; p = w / n; c = (p + z*z/(2*n)) / (1 + z*z/n)
    h = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n); lo = c - h; hi = c + h
    if (lo < 0 || w <= 0) lo = 0
    if (hi > 1 || w >= n) hi = 1
}
function err(msg) { printf "count.sh: %s:%d: %s\n", file, FNR, msg > "/dev/stderr"; bad = 1; exit 2 }
function num(s) { if (s !~ /^[0-9]+(\.[0-9]*)?$/) err("not a number: " s); return s + 0 }
# "win", "loss", "draw" or "unknown" for the -black program.
function outcome(r) {
    if (r ~ /^B\+/) return "win"
    if (r ~ /^W\+/) return "loss"
    if (r == "0" || r ~ /^(Draw|Jigo)$/) return "draw"
    return "unknown"
}
/^# Black: / { name_b = substr($0, 10) }
/^# White: / { name_w = substr($0, 10) }
/^#GAME\t/ {
    for (i = 1; i <= NF; i++) col[i == 1 ? "GAME" : $i] = i
    for (k in need) if (!(k in col)) err("no column " k)
    header = 1; next
}
/^#/ || /^$/ { next }
{
    if (!header) err("a result before the #GAME column header: not a gogui-twogtp results file")
    r = $col["RES_R"]
    if (r == "?" || r == "") r = ($col["RES_B"] == $col["RES_W"]) ? $col["RES_B"] : "?"
    o = outcome(r)
    alt = $col["ALT"]
    if (alt != "0" && alt != "1") err("ALT is neither 0 nor 1: " alt)
    colour = (alt == "1") ? "white" : "black"
    games++
    if (o == "unknown") { unknown++; next }
    n[colour]++; cnt[colour, o]++
    cpu_b += num($col["CPU_B"]); cpu_w += num($col["CPU_W"])
    if ($col["ERR"] == "1") errors++
}
BEGIN { need["RES_B"]; need["RES_W"]; need["RES_R"]; need["ALT"]; need["CPU_B"]; need["CPU_W"]; need["ERR"] }
END {
    if (bad) exit 2
    if (!header) { FNR = 0; err("no #GAME column header: not a gogui-twogtp results file") }
    if (name_b == "") name_b = "black program"
    if (name_w == "") name_w = "white program"
    split("all black white", part, " ")
    for (i = 1; i <= 3; i++) {
        p = part[i]
        if (p == "all") {
            N[p] = n["black"] + n["white"]
            W[p] = cnt["black", "win"] + cnt["white", "win"]
            D[p] = cnt["black", "draw"] + cnt["white", "draw"]
            L[p] = cnt["black", "loss"] + cnt["white", "loss"]
        } else {
            N[p] = n[p] + 0; W[p] = cnt[p, "win"] + 0; D[p] = cnt[p, "draw"] + 0; L[p] = cnt[p, "loss"] + 0
        }
        wilson(W[p] + D[p] / 2, N[p]); LO[p] = lo; HI[p] = hi
        R[p] = N[p] ? (W[p] + D[p] / 2) / N[p] : 0
    }
    decided = N["all"]
    ratio = cpu_w > 0 ? cpu_b / cpu_w : 0
    if (json) {
        printf "{\"black_program\": \"%s\", \"white_program\": \"%s\", \"games\": %d, \"unknown\": %d, \"errors\": %d", \
            name_b, name_w, games, unknown, errors
        for (i = 1; i <= 3; i++) {
            p = part[i]
            printf ", \"%s\": {\"games\": %d, \"wins\": %d, \"draws\": %d, \"losses\": %d, \"rate\": %.4f, \"lo\": %.4f, \"hi\": %.4f}", \
                p, N[p], W[p], D[p], L[p], R[p], LO[p], HI[p]
        }
        printf ", \"cpu_black_program\": %.1f, \"cpu_white_program\": %.1f, \"cpu_ratio\": %.3f}\n", cpu_b, cpu_w, ratio
        exit 0
    }
    for (i = 1; i <= 3; i++) {
        p = part[i]
        label = p == "all" ? sprintf("%s against %s:", name_b, name_w) : sprintf("  as %s:", p == "black" ? "Black" : "White")
        printf "%s %d games, %d wins, %d draws, %d losses: %.1f%% [%.1f, %.1f]\n", \
            label, N[p], W[p], D[p], L[p], 100 * R[p], 100 * LO[p], 100 * HI[p]
    }
    printf "  results unknown: %d, games with an error: %d\n", unknown, errors
    if (decided > 0)
        printf "  CPU a game: %s %.1f s, %s %.1f s (ratio %.2f)\n", name_b, cpu_b / decided, name_w, cpu_w / decided, ratio
}' "$1"
