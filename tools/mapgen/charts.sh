#!/bin/sh
# charts.sh DIR — bar charts of DIR/table.csv like the paper's Figs. 1–3 (gnuplot PNG):
# DIR/fig1-playability.png, DIR/fig2-depth.png, DIR/fig3-time.png.
set -eu
DIR=$1
CSV=$DIR/table.csv
# wide format: one line per configuration, columns binary zelda sokoban (mean, sd)
awk -F, 'NR > 1 {
    key = $2; if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    play[key, $1] = $5; tm[key, $1] = $6; ts[key, $1] = $7
    dm[key, $1] = ($8 == "" ? "NaN" : $8); ds[key, $1] = ($9 == "" ? "NaN" : $9)
}
END {
    for (i = 1; i <= n; i++) {
        k = order[i]; line = k
        split("binary zelda sokoban", P, " ")
        for (j = 1; j <= 3; j++) {
            p = P[j]
            line = line " " ((k, p) in play ? play[k, p] : "NaN")
            line = line " " ((k, p) in dm ? dm[k, p] : "NaN") " " ((k, p) in ds ? ds[k, p] : "NaN")
            line = line " " ((k, p) in tm ? tm[k, p] : "NaN") " " ((k, p) in ts ? ts[k, p] : "NaN")
        }
        print line
    }
}' "$CSV" > "$DIR/figs.dat"
# columns: 1 config | binary 2 play 3 dmean 4 dsd 5 tmean 6 tsd | zelda 7..11 | sokoban 12..16
gnuplot <<GP
set terminal pngcairo size 1400,520 font ",10" noenhanced
set style data histograms
set style histogram errorbars gap 2 lw 1
set style fill solid 0.8 border -1
set key outside top center horizontal
set xtics rotate by -40 scale 0
set grid ytics
set output "$DIR/fig1-playability.png"
set title "Playability (% of runs that found a playable map) — $(basename "$DIR") protocol"
set ylabel "%"
set yrange [0:105]
set style histogram clustered gap 2
plot "$DIR/figs.dat" using 2:xtic(1) title "Binary", "" using 7 title "Zelda", "" using 12 title "Sokoban"
set style histogram errorbars gap 2 lw 1
set output "$DIR/fig2-depth.png"
set title "Maximum depth of the tree searches (mean, sd bars; log scale)"
set ylabel "depth"
set logscale y
set yrange [0.5:*]
plot "$DIR/figs.dat" every ::0::11 using 3:4:xtic(1) title "Binary", "" every ::0::11 using 8:9 title "Zelda", "" every ::0::11 using 13:14 title "Sokoban"
unset logscale y
set output "$DIR/fig3-time.png"
set title "Time per run, CPU seconds (mean, sd bars)"
set ylabel "s"
set yrange [0:*]
plot "$DIR/figs.dat" using 5:6:xtic(1) title "Binary", "" using 10:11 title "Zelda", "" using 15:16 title "Sokoban"
GP
echo "wrote $DIR/fig1-playability.png $DIR/fig2-depth.png $DIR/fig3-time.png"
