#!/bin/sh
# check-layers on two small trees: one that keeps the floors (must pass) and
# one whose patterns/ file includes the search (must fail and name the line).
set -u
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/good/engine/board" "$tmp/good/patterns" "$tmp/good/engine" "$tmp/good/gtp"
printf '#include <stdio.h>\n' > "$tmp/good/engine/board/board.h"
printf '#include "engine/board/board.h"\n' > "$tmp/good/patterns/features.h"
printf '#include "patterns/features.h"\n#include "engine/board/board.h"\n' > "$tmp/good/engine/search.h"
printf '#include "engine/search.h"\n' > "$tmp/good/gtp/gtp.c"
cp -r "$tmp/good" "$tmp/bad"
printf '#include "engine/board/board.h"\n  #  include "engine/search.h"\n' > "$tmp/bad/patterns/features.h"
pass=0 fail=0
if "$here/check-layers" "$tmp/good" >/dev/null; then pass=$((pass+1)); else echo "check-layers refused a tree that keeps its floors"; fail=$((fail+1)); fi
out=$("$here/check-layers" "$tmp/bad")
if [ $? -ne 0 ] && printf '%s\n' "$out" | grep -q '^patterns/features.h:2: includes engine/search.h'; then
    pass=$((pass+1))
else
    echo "check-layers passed an include that goes up a floor: $out"; fail=$((fail+1))
fi
echo "layers self-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
