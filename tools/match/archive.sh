#!/bin/sh
# archive.sh DIR TARBALL — the game records under DIR (hane-match's JSON and
# SGF files, summaries, commit.txt) as a reproducible .tar.xz, without the
# engine copy (DIR/hane) and the logs: the records are what outlives the
# machine that played them (committed under docs/), and an unchanged set of
# records gives the same bytes (sorted names, no owners or dates).
# `tar -xJf TARBALL -C PARENT` puts DIR back under PARENT, where a resumed
# run (make strength, tools/experiments/run.sh) plays only the missing games.
set -eu
[ $# -eq 2 ] || { echo "usage: archive.sh DIR TARBALL" >&2; exit 2; }
dir=${1%/}
[ -d "$dir" ] || { echo "archive.sh: no directory $dir" >&2; exit 2; }
base=$(basename "$dir")
mkdir -p "$(dirname "$2")"
tar -C "$(dirname "$dir")" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 \
    --exclude="$base/hane" --exclude='*.log' -cJf "$2.tmp" "$base"
mv "$2.tmp" "$2"
echo "wrote $2" >&2
