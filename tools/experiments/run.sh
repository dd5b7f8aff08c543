#!/bin/sh
# run.sh — Ikeda & Viennot's experiments (2013: Fig. 3, 4, 5 and Table 1)
# with hane against GNU Go level 10 (our stand-in for Fuego), at a fixed
# playout budget per move so that machine load does not change the results.
#
#   tools/experiments/run.sh [options] [EXPERIMENT...]
#
# Experiments (all by default):
#   table1  the four rows of Table 1: mu = 1.0001 (all moves), 1.2, 1.8 with
#           C_BT = 0.8, K = 400; and mu = 1.8 without bias
#   mu      win rate against mu (Fig. 3), with the bias (C_BT 0.6, K 600) and without
#   cbt     win rate against C_BT at mu 1.8 (Fig. 4), K = inf and K = 600
#   k       win rate against K at mu 1.8 (Fig. 5, log scale), C_BT = 0.6 and 1.2
#           (0.6 only with --reduced)
#
# Options:
#   --size N        board size (9; the paper's main size is 13)
#   --games N       games per data point (100: a 95% interval of at most +-10%)
#   --ci H          a point stops early once its Wilson 95% interval is at most
#                   +-H wide (e.g. 0.1) with at least --min-games decided games:
#                   a point far from 50% needs fewer games for the same width
#                   (about 62 at 80%, 96 at 50%); --games stays the cap
#   --min-games N   the least games a point plays before --ci may stop it (40)
#   --playouts N    hane's playouts per move (5000)
#   --reduced       three x values a curve instead of six or seven (mu 1.2 1.8
#                   3.5; C_BT 0.1 0.4 1.0; K 30 300 3000) and one K curve
#                   (C_BT 0.6): 18 distinct points instead of 42, for 13x13,
#                   where a game takes about three times as long as on 9x9,
#                   and for a session's worth of machine time
#   --jobs N        games at the same time (1)
#   --round N       games added to every point per round (2): all points of the
#                   chosen experiments advance together, so an interrupted run
#                   has every point at about the same number of games
#   --hane CMD      engine binary (bin/hane; copied once into the output tree)
#   --args "K=V.."  extra hane parameters for every point (e.g. "rave=0")
#   --out DIR       match records (build/experiments); resumable: a rerun plays
#                   only the games still missing
#   --docs DIR      CSV, PNG and Markdown results (docs/experiments)
#   --report        play nothing, rebuild the CSV/PNG/Markdown from the records
#   --archive       also write DOCS/records-SIZE.tar.xz (after every round and
#                   at the end): every point's game records (JSON, SGF) and the
#                   engine's commit, so results outlive the machine that played
#                   them; `tar -xJf DOCS/records-SIZE.tar.xz -C DIR` puts them
#                   back under --out DIR to rebuild the report or go on playing
#   --dry-run       print the match commands only
#
# Every point is one hane-match run with --resume under OUT/SIZE/points/NAME,
# where NAME says its parameters: a point that several experiments need (mu
# 1.8 without bias is a row of Table 1, a point of Fig. 3 and C_BT = 0 of
# both Fig. 4 series) is played once and counted in each. Records of an
# older layout (OUT/SIZE/EXPERIMENT/NAME) are moved there on the next run.
# Results: DOCS/EXPERIMENT-SIZE.csv (experiment,series,x,wins,decided,
# win_rate,ci_low,ci_high with Wilson 95% intervals), a gnuplot PNG for each
# curve experiment and DOCS/table1-SIZE.md. Runs under `nice -n 10` unless
# NICE is set in the environment.
set -eu

SIZE=9
GAMES=100
CI=
MIN_GAMES=40
PLAYOUTS=5000
JOBS=1
ROUND=2
HANE=bin/hane
EXTRA=
OUT=build/experiments
DOCS=docs/experiments
REPORT_ONLY=0
ARCHIVE=0
DRY=0
MUS="1.2 1.5 1.8 2.5 3.5 5"
CBTS="0.05 0.1 0.2 0.4 0.6 1.0 1.5"
KS="10 30 100 300 1000 3000 10000"
K_CBTS="0.6 1.2"
MATCH=${MATCH:-bin/hane-match}
ARCHIVER=${ARCHIVER:-tools/match/archive.sh}
GNUGO=${GNUGO:-/usr/games/gnugo}
NICE=${NICE:-nice -n 10}
EXPS=

die() { echo "run.sh: $*" >&2; exit 2; }
need_int() { case $2 in ''|*[!0-9]*) die "$1: expected a positive integer, got '$2'";; esac
             [ "$2" -gt 0 ] || die "$1: expected a positive integer, got '$2'"; }

while [ $# -gt 0 ]; do
    case $1 in
    --size) [ $# -ge 2 ] || die "--size needs a value"; need_int --size "$2"; SIZE=$2; shift 2;;
    --games) [ $# -ge 2 ] || die "--games needs a value"; need_int --games "$2"; GAMES=$2; shift 2;;
    --ci) [ $# -ge 2 ] || die "--ci needs a value"
        case $2 in 0.[0-9]*|.[0-9]*) ;; *) die "--ci: expected a half-width below 1 (e.g. 0.1), got '$2'";; esac
        CI=$2; shift 2;;
    --min-games) [ $# -ge 2 ] || die "--min-games needs a value"; need_int --min-games "$2"; MIN_GAMES=$2; shift 2;;
    --playouts) [ $# -ge 2 ] || die "--playouts needs a value"; need_int --playouts "$2"; PLAYOUTS=$2; shift 2;;
    --jobs) [ $# -ge 2 ] || die "--jobs needs a value"; need_int --jobs "$2"; JOBS=$2; shift 2;;
    --round) [ $# -ge 2 ] || die "--round needs a value"; need_int --round "$2"; ROUND=$2; shift 2;;
    --hane) [ $# -ge 2 ] || die "--hane needs a value"; HANE=$2; shift 2;;
    --args) [ $# -ge 2 ] || die "--args needs a value"; EXTRA=$2; shift 2;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; OUT=$2; shift 2;;
    --docs) [ $# -ge 2 ] || die "--docs needs a value"; DOCS=$2; shift 2;;
    --report) REPORT_ONLY=1; shift;;
    --archive) ARCHIVE=1; shift;;
    --reduced) MUS="1.2 1.8 3.5"; CBTS="0.1 0.4 1.0"; KS="30 300 3000"; K_CBTS="0.6"; shift;;
    --dry-run) DRY=1; shift;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'; exit 0;;
    table1|mu|cbt|k) EXPS="$EXPS $1"; shift;;
    *) die "unknown argument '$1' (see --help)";;
    esac
done
[ -n "$EXPS" ] || EXPS="table1 mu cbt k"
[ "$SIZE" -ge 5 ] && [ "$SIZE" -le 19 ] || die "--size: 5..19 (GNU Go's range here)"

# The points of one experiment, one a line: series|x|name|hane parameters.
points() {
    case $1 in
    table1)
        echo "all moves / C_BT 0.8 K 400|1|mu1.0001-c0.8-k400|pw_mu=1.0001 bt_c=0.8 bt_k=400"
        echo "mu 1.2 / C_BT 0.8 K 400|2|mu1.2-c0.8-k400|pw_mu=1.2 bt_c=0.8 bt_k=400"
        echo "mu 1.8 / C_BT 0.8 K 400|3|mu1.8-c0.8-k400|pw_mu=1.8 bt_c=0.8 bt_k=400"
        echo "mu 1.8 / no bias|4|mu1.8-c0|pw_mu=1.8 bt_c=0";;
    mu)
        for mu in $MUS; do
            echo "C_BT 0.6 K 600|$mu|mu$mu-c0.6-k600|pw_mu=$mu bt_c=0.6 bt_k=600"
            echo "no bias|$mu|mu$mu-c0|pw_mu=$mu bt_c=0"
        done;;
    cbt)
        echo "K inf|0|mu1.8-c0|pw_mu=1.8 bt_c=0"     # no bias: K plays no part
        echo "K 600|0|mu1.8-c0|pw_mu=1.8 bt_c=0"
        for c in $CBTS; do
            echo "K inf|$c|mu1.8-c$c-kinf|pw_mu=1.8 bt_c=$c bt_k=inf"
            echo "K 600|$c|mu1.8-c$c-k600|pw_mu=1.8 bt_c=$c bt_k=600"
        done;;
    k)
        for k in $KS; do
            for c in $K_CBTS; do
                echo "C_BT $c|$k|mu1.8-c$c-k$k|pw_mu=1.8 bt_c=$c bt_k=$k"
            done
        done;;
    esac
}

ROOT=$OUT/$SIZE
OPP="$GNUGO --mode gtp --level 10"

# One hane copy per output tree, so a rebuild during a long run cannot mix
# engine versions; commit.txt says which source it came from.
snapshot() {
    mkdir -p "$ROOT"
    if [ ! -x "$ROOT/hane" ]; then
        [ -x "$HANE" ] || die "no engine at $HANE (make first)"
        cp "$HANE" "$ROOT/hane"
        desc=$(git describe --always --dirty 2>/dev/null || echo unknown)
        # Records unpacked from an archive keep the commit that played them;
        # the engine that goes on is added, and the report names both.
        if [ -s "$ROOT/commit.txt" ]; then
            echo "run.sh: the records under $ROOT were played by $(head -n 1 "$ROOT/commit.txt"); new games by $desc" >&2
            echo "$desc" >> "$ROOT/commit.txt"
        else
            echo "$desc" > "$ROOT/commit.txt"
        fi
    fi
}

# Wins and decided games of a point: "wins decided" (0 0 when nothing yet).
tally() {
    if [ -d "$1" ] && ls "$1"/game-*.json >/dev/null 2>&1; then
        "$MATCH" --report --out "$1" 2>/dev/null |
            sed -n 's/^totals: games=\([0-9]*\) a_wins=\([0-9]*\) b_wins=\([0-9]*\) draws=\([0-9]*\) void=\([0-9]*\).*/\2 \1 \4 \5/p' |
            awk '{ print $1 + $3 / 2, $2 - $4 }'
    else
        echo "0 0"
    fi
}

# Wilson 95% interval of w wins in n games.
WILSON='function wilson(w, n,   z, p, c, h) { if (n == 0) { lo = 0; hi = 0; return }
    z = 1.959964; p = w / n; c = (p + z*z/(2*n)) / (1 + z*z/n)
    h = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n); lo = c - h; hi = c + h }'

# Is the point in $1 done under --ci (enough decided games, interval narrow enough)?
ci_done() {
    [ -n "$CI" ] || return 1
    set -- $(tally "$1")
    awk -v w="$1" -v n="$2" -v min="$MIN_GAMES" -v h="$CI" "$WILSON"'
        BEGIN { if (n < min) exit 1; wilson(w, n); exit !((hi - lo) / 2 <= h) }'
}

# The records of point $1, moved from the older per-experiment layout if
# they are there: under any experiment, as a point shared by several (mu 1.8
# without bias) was played under whichever ran first.
point_dir() {
    dir=$ROOT/points/$1
    for e in table1 mu cbt k; do
        old=$ROOT/$e/$1
        if [ "$DRY" = 0 ] && [ -d "$old" ] && [ ! -e "$dir" ]; then
            mkdir -p "$ROOT/points"
            mv "$old" "$dir"
            for f in json log; do [ ! -e "$old.$f" ] || mv "$old.$f" "$dir.$f"; done
            rmdir "$ROOT/$e" 2>/dev/null || true    # once its last point has moved
        fi
    done
    echo "$dir"
}

# Brings every point of experiment $1 to $2 recorded games.
play() {
    exp=$1 target=$2
    points "$exp" | while IFS='|' read -r series x name params; do
        dir=$(point_dir "$name")
        if [ "$DRY" = 0 ] && ci_done "$dir"; then
            continue
        fi
        cmd="$ROOT/hane threads=1 playout=bt playouts=$PLAYOUTS time_per_move=0 $params $EXTRA"
        if [ "$DRY" = 1 ]; then
            echo "$MATCH --games $target --size $SIZE --komi 7.5 --jobs $JOBS --resume --out $dir \"$cmd\" \"$OPP\""
            continue
        fi
        mkdir -p "$dir"
        echo "== $exp $name: to $target games, $cmd" >&2
        $NICE "$MATCH" --games "$target" --size "$SIZE" --komi 7.5 --jobs "$JOBS" --resume \
            --out "$dir" --json "$dir.json" "$cmd" "$OPP" >>"$dir.log" 2>&1 ||
            echo "run.sh: $exp $name: hane-match failed (see $dir.log); going on" >&2
    done
}

report() {
    exp=$1
    mkdir -p "$DOCS"
    csv=$DOCS/$exp-$SIZE.csv
    echo "experiment,series,x,wins,decided,win_rate,ci_low,ci_high" > "$csv"
    points "$exp" | while IFS='|' read -r series x name params; do
        set -- $(tally "$(point_dir "$name")")
        echo "$exp|$series|$x|$1|$2"
    done | awk -F'|' "$WILSON"'
        { wilson($4, $5); printf "%s,\"%s\",%s,%s,%d,%.4f,%.4f,%.4f\n", $1, $2, $3, $4, $5,
          ($5 ? $4 / $5 : 0), lo, hi }' >> "$csv"
    echo "wrote $csv" >&2
    if [ "$exp" = table1 ]; then
        md=$DOCS/table1-$SIZE.md
        {
            echo "| progressive widening / UCB bias | win-loss | win rate | 95% interval |"
            echo "|---|---:|---:|---|"
            tail -n +2 "$csv" | awk -F, '{ gsub(/"/, "", $2)
                printf "| %s | %g-%g | %.1f%% | %.1f%%-%.1f%% |\n", $2, $4, $5 - $4, 100 * $6, 100 * $7, 100 * $8 }'
            echo
            echo "${SIZE}x$SIZE, hane $PLAYOUTS BT playouts a move (1 thread) against GNU Go 3.8 --level 10, komi 7.5;"
            echo "engine $([ -s "$ROOT/commit.txt" ] && tr '\n' ' ' < "$ROOT/commit.txt" | sed 's/ $//' || echo unknown)."
        } > "$md"
        echo "wrote $md" >&2
        return
    fi
    command -v gnuplot >/dev/null 2>&1 || { echo "run.sh: no gnuplot, $csv only" >&2; return; }
    case $exp in
    mu) xl="mu (progressive widening)"; logx="";;
    cbt) xl="C_BT (mu = 1.8)"; logx="";;
    k) xl="K (mu = 1.8)"; logx="set logscale x";;
    esac
    png=$DOCS/$exp-$SIZE.png
    # Nothing to draw before the first decided game (gnuplot would fail).
    if ! tail -n +2 "$csv" | awk -F, '$5 > 0 { found = 1 } END { exit !found }'; then
        echo "run.sh: $exp: no decided game yet, $csv only" >&2
        return
    fi
    series=$(tail -n +2 "$csv" | cut -d'"' -f2 | awk '!seen[$0]++')
    plot=""
    i=0
    for s in $(echo "$series" | tr ' ' '~'); do
        i=$((i + 1))
        name=$(echo "$s" | tr '~' ' ')
        tail -n +2 "$csv" | grep -F "\"$name\"" | awk -F, '$5 > 0 { print $3, $6, $7, $8 }' > "$DOCS/.$exp-$SIZE-$i.dat"
        plot="$plot${plot:+, }'$DOCS/.$exp-$SIZE-$i.dat' using 1:2:3:4 with yerrorlines title '$name'"
    done
    gnuplot <<GP
set terminal png size 800,500 noenhanced
set output '$png'
set offsets graph 0.05, graph 0.05, 0, 0
set title "hane vs GNU Go level 10, ${SIZE}x$SIZE, $PLAYOUTS playouts a move (cf. Ikeda & Viennot 2013)"
set xlabel '$xl'
set ylabel 'win rate'
set yrange [0:1]
set grid
set key top left
$logx
plot $plot
GP
    rm -f "$DOCS"/.$exp-$SIZE-*.dat
    echo "wrote $png" >&2
}

# The records of every point under ROOT (tools/match/archive.sh: no engine
# copy, no logs, same bytes for the same records).
archive() {
    [ -d "$ROOT/points" ] || { echo "run.sh: no records under $ROOT to archive" >&2; return 0; }
    "$ARCHIVER" "$ROOT" "$DOCS/records-$SIZE.tar.xz" ||
        echo "run.sh: could not archive the records (is $ARCHIVER there?); going on" >&2
}

# One line after each round: how many distinct points have their games
# (the round's target, or an interval within --ci) and how many decided
# games there are in all.
progress() {
    t=$1
    for e in $EXPS; do points "$e"; done | cut -d'|' -f3 | sort -u | {
        n=0 there=0 games=0
        while read -r name; do
            dir=$ROOT/points/$name
            set -- $(tally "$dir")      # wins decided
            n=$((n + 1)) games=$((games + $2))
            if [ "$2" -ge "$t" ] || ci_done "$dir"; then there=$((there + 1)); fi
        done
        echo "== round to $t games: $there of $n points there, $games decided games in all" >&2
    }
}

[ -x "$MATCH" ] || die "no referee at $MATCH (make first)"
if [ "$REPORT_ONLY" = 0 ]; then
    [ "$DRY" = 1 ] || snapshot
    target=0
    while [ "$target" -lt "$GAMES" ]; do
        target=$((target + ROUND))
        [ "$target" -le "$GAMES" ] || target=$GAMES
        for e in $EXPS; do play "$e" "$target"; done
        [ "$DRY" = 0 ] || break
        # Results so far, so a long run can be watched (and stopped) any time.
        for e in $EXPS; do report "$e" 2>/dev/null; done
        [ "$ARCHIVE" = 0 ] || archive 2>>"$ROOT/archive.log"
        progress "$target"
    done
fi
[ "$DRY" = 1 ] || for e in $EXPS; do report "$e"; done
[ "$DRY" = 1 ] || [ "$ARCHIVE" = 0 ] || archive
