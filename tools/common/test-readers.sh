#!/bin/sh
# The ports' file readers (hane-narrative stories and worlds, hane-mapgen map
# files, hane-match3 board files; and hane-match's records) take only regular files, read no further
# than the file ends, and say where a NUL byte is: a story "Move Martha Inn",
# NUL, "Kill Bob" used to score as one action, /dev/zero as an empty story,
# and a FIFO with no writer to block.
#
#   tools/common/test-readers.sh [BINDIR]     (default bin)
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-bin}
. "$here/check.sh"
mkfifo "$tmp/fifo"

# hane-narrative eval FILE
bin=$dir/hane-narrative
printf 'Move Martha Inn\000Kill Bob Martha\n' > "$tmp/nul.story"
refused "story with a NUL byte" "nul.story:1:16: NUL byte in text" eval "$tmp/nul.story"
refused "story from /dev/zero" "/dev/zero: is not a regular file" eval /dev/zero
refused "story from a FIFO" "fifo: is not a regular file" eval "$tmp/fifo"
refused "story is a directory" "is a directory" eval "$tmp"
head -c 1100000 /dev/zero | tr '\000' ' ' > "$tmp/long.story"
refused "story over a megabyte" "long.story: file too large" eval "$tmp/long.story"
printf '{"actors": []}\n\000' > "$tmp/nul.json"
refused "world with a NUL byte" "nul.json:2:1: NUL byte in text" actions --world "$tmp/nul.json"
refused "world from a FIFO" "fifo: is not a regular file" actions --world "$tmp/fifo"

# hane-mapgen stats MAPFILE (which exits 1 when a map cannot be loaded)
printf '0000\n00\0000\n' > "$tmp/nul.map"
"$dir/hane-mapgen" stats --problem binary "$tmp/nul.map" > "$tmp/out" 2> "$tmp/err"
check "map with a NUL byte: exit 1" 1 $?
check "map with a NUL byte: says where" 1 "$(grep -c 'nul.map:2:3: NUL byte in text' "$tmp/err")"
"$dir/hane-mapgen" stats --problem binary "$tmp/fifo" > "$tmp/out" 2> "$tmp/err"
check "map from a FIFO: exit 1" 1 $?
check "map from a FIFO: says why" 1 "$(grep -c 'fifo: is not a regular file' "$tmp/err")"

# hane-match3 play --board FILE
bin=$dir/hane-match3
printf 'seed 1\nboard\n\000\n' > "$tmp/nul.board"
refused "board with a NUL byte" "nul.board:3:1: NUL byte in text" play --agent random --board "$tmp/nul.board"
refused "board from a FIFO" "fifo: is not a regular file" play --agent random --board "$tmp/fifo"

# hane-match --report over a broken record: the position, exit 1, and (in
# the asan variant, where LeakSanitizer changes the exit status) no leak.
mkdir "$tmp/match"
printf '{"game":\n' > "$tmp/match/game-001.json"
"$dir/hane-match" --report -o "$tmp/match" > "$tmp/out" 2> "$tmp/err"
check "match report of a broken record: exit 1" 1 $?
check "match report of a broken record: says where" 1 \
    "$(grep -c 'game-001.json:2:0: ' "$tmp/err")"

# The tools' own run files read back on resume (hane-match's match.json,
# hane-mapgen's results, hane-match3's params.json, log.jsonl and
# population files): a FIFO used to block the tool, a NUL byte to end a file
# early; now each is refused with where and why, and no run is resumed into.
bin=$dir/hane-match3
evolve="evolve --persona MaxS --pop 4 --games 1 --iters 5 --quiet"
mkdir "$tmp/m3a" && mkfifo "$tmp/m3a/params.json"
"$bin" $evolve --gens 1 --out "$tmp/m3a" > "$tmp/out" 2> "$tmp/err"
check "evolve into a FIFO params.json: exit 1" 1 $?
check "evolve into a FIFO params.json: says why" 1 "$(grep -c 'params.json: is not a regular file' "$tmp/err")"
"$bin" $evolve --gens 1 --out "$tmp/runs/MaxS" > "$tmp/out" 2> "$tmp/err"
check "evolve one generation" 0 $?
cp "$tmp/runs/MaxS/log.jsonl" "$tmp/log.kept"
printf '{"gen":0,\000}\n' > "$tmp/runs/MaxS/log.jsonl"
"$bin" $evolve --gens 2 --out "$tmp/runs/MaxS" > "$tmp/out" 2> "$tmp/err"
check "resume over a log with a NUL byte: exit 1" 1 $?
check "resume over a log with a NUL byte: says where" 1 "$(grep -c 'log.jsonl:1:10: NUL byte in text' "$tmp/err")"
{ cat "$tmp/log.kept"; printf '{"gen":1,'; } > "$tmp/runs/MaxS/log.jsonl"
"$bin" $evolve --gens 2 --out "$tmp/runs/MaxS" > "$tmp/out" 2> "$tmp/err"
check "resume over a log cut short: exit 0" 0 $?
check "resume over a log cut short: two generations" 2 "$(wc -l < "$tmp/runs/MaxS/log.jsonl" | tr -d ' ')"
printf '0\t0\t0\tinit\t\000\n' > "$tmp/runs/MaxS/population_1.txt"
"$bin" table2 --from "$tmp/runs" --iters 5 > "$tmp/out" 2> "$tmp/err"
check "table of a run whose population has a NUL byte: says where" 1 \
    "$(grep -c 'population_1.txt:1:.*: NUL byte in text' "$tmp/err")"

"$dir/hane-mapgen" run --problem binary --rep narrow --algo bfs --runs 1 --eval-limit 10 \
    --quiet --out "$tmp/fifo" > "$tmp/out" 2> "$tmp/err"
check "mapgen results into a FIFO: exit 1" 1 $?
check "mapgen results into a FIFO: says why" 1 "$(grep -c 'fifo: is not a regular file' "$tmp/err")"
printf '{"config":\n' > "$tmp/broken.json"
"$dir/hane-mapgen" run --problem binary --rep narrow --algo bfs --runs 1 --eval-limit 10 \
    --quiet --out "$tmp/broken.json" > "$tmp/out" 2> "$tmp/err"
check "mapgen resume over broken results: exit 1" 1 $?
check "mapgen resume over broken results: says where" 1 "$(grep -c 'broken.json:2:0: ' "$tmp/err")"
check "mapgen resume over broken results: file kept" '{"config":' "$(cat "$tmp/broken.json")"

mkdir "$tmp/match2"
printf '{"games":\n' > "$tmp/match2/match.json"
"$dir/hane-match" --games 1 --size 5 --scorer none -o "$tmp/match2" --resume \
    "$dir/hane playouts=20 threads=1" "$dir/hane playouts=20 threads=1" > "$tmp/out" 2> "$tmp/err"
check "match resume over a broken match.json: exit 1" 1 $?
check "match resume over a broken match.json: says where" 1 \
    "$(grep -c 'match.json:2:0: .*not resuming' "$tmp/err")"
check "match resume over a broken match.json: no game played" 0 \
    "$(ls "$tmp/match2" | grep -c '^game-')"
"$dir/hane-match" --games 1 --size 5 --scorer none -o "$tmp/match3" \
    "$dir/hane playouts=20 threads=1" "$dir/hane playouts=20 threads=1" > "$tmp/out" 2> "$tmp/err"
check "a one-game match" 0 $?
rm "$tmp/match3/match.json" && mkfifo "$tmp/match3/match.json"
"$dir/hane-match" --report -o "$tmp/match3" --json "$tmp/report.json" > "$tmp/out" 2> "$tmp/err"
check "report with a FIFO match.json: exit 0" 0 $?
check "report with a FIFO match.json: says why" 1 "$(grep -c 'match.json: is not a regular file' "$tmp/err")"
check "report with a FIFO match.json: written, without settings" 1,0 \
    "$(grep -m1 -c '"games": 1' "$tmp/report.json"),$(grep -c '"settings"' "$tmp/report.json")"

check_summary readers
