# records.sh — test records for the playouts tools' shell tests, sourced
# after check.sh: `record FILE RESULT PAIRS` writes fixture.sgf (9x9, White
# wins it in every playout: see test-playouts.sh) with RE[RESULT] and PAIRS
# (0-11) pairs of moves that change nothing after its setup (Black fills a
# point of its own area, White passes).
record() {
    moves=""
    for p in ab ac ad ae af ag ah bb bc bd be; do
        [ "$3" -gt 0 ] || break
        moves="$moves;B[$p];W[]"
        set -- "$1" "$2" $(($3 - 1))
    done
    sed "s/PL\[B\]/PL[B]RE[$2]/; s/^)\$/$moves)/" "$(dirname "$0")/../playouts/fixture.sgf" >"$1"
}
