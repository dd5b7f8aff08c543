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

check_summary readers
