#!/bin/sh
# lists.sh — writes the game lists of the default training into DIR (default
# build/train) from the corpus MANIFEST (default ../shared/data/sgf):
#
#   test-pro2024.lst   held-out evaluation set: 500 professional 19x19 games of
#                      2024 (pro19/aeb and pro19/fox), the first 500 by the
#                      corpus's canonical move hash: a fixed, unbiased choice
#   train-pro.lst      every professional 19x19 game except those of 2024 and later
#   coulom2006.lst     the 652 KGS games of January 2006 (Coulom 2007's training set)
#   kgs-pass.lst       the KGS games of 2015 and 2017, where players pass: the
#                      pass is fitted on them (make train-pass)
#   test-kgs2006.lst   500 KGS games of 2006 outside Coulom's training set, the
#                      first by canonical move hash: the pass's held-out games
set -eu
SGF=${1:-../shared/data/sgf}
DIR=${2:-build/train}
mkdir -p "$DIR"
M="$SGF/MANIFEST.tsv"
[ -r "$M" ] || { echo "lists.sh: cannot read $M" >&2; exit 1; }
awk -F'\t' -v d="$SGF" 'NR > 1 && $1 ~ /^pro19\// && substr($4, 1, 4) == "2024" { print $13 "\t" d "/" $1 }' "$M" \
    | sort | head -n 500 | cut -f2 > "$DIR/test-pro2024.lst"
awk -F'\t' -v d="$SGF" 'NR > 1 && $1 ~ /^pro19\// && substr($4, 1, 4) < "2024" { print d "/" $1 }' "$M" \
    | sort > "$DIR/train-pro.lst"
awk -F'\t' -v d="$SGF" 'NR > 1 && $14 ~ /coulom2007-train/ { print d "/" $1 }' "$M" \
    | sort > "$DIR/coulom2006.lst"
awk -F'\t' -v d="$SGF" 'NR > 1 && $1 ~ /^kgs19\// && (substr($4, 1, 4) == "2015" || substr($4, 1, 4) == "2017") { print d "/" $1 }' "$M" \
    | sort > "$DIR/kgs-pass.lst"
awk -F'\t' -v d="$SGF" 'NR > 1 && $1 ~ /^kgs19\// && substr($4, 1, 4) == "2006" && $14 !~ /coulom2007-train/ { print $13 "\t" d "/" $1 }' "$M" \
    | sort | head -n 500 | cut -f2 > "$DIR/test-kgs2006.lst"
wc -l "$DIR"/test-pro2024.lst "$DIR"/train-pro.lst "$DIR"/coulom2006.lst "$DIR"/kgs-pass.lst \
    "$DIR"/test-kgs2006.lst >&2
