# check.sh — the harness of the tools' shell tests, sourced by each of them
# (`. "$here/../common/check.sh"`): a scratch directory $tmp removed on exit,
# `check NAME EXPECTED ACTUAL`, which counts a pass or prints what differed,
# `refused NAME PATTERN ARGS...`, which runs the script's tool ($bin) with
# ARGS and checks that it refuses them as the tools refuse bad input (exit
# status 2, a message matching PATTERN on stderr, nothing on stdout),
# `helps`, which checks that --help and -h print the usage on stdout and
# exit 0 (what a user typing them expects, not an error), and
# `check_summary LABEL`, which prints the counts as the last line and fails
# if any check did.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hane-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
check() {
    if [ "$2" = "$3" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
    fi
}
refused() {
    name=$1 pat=$2
    shift 2
    "$bin" "$@" >"$tmp/refused.out" 2>"$tmp/refused.err"
    check "$name: exit 2" 2 $?
    check "$name: says why" 1 "$(grep -c -- "$pat" "$tmp/refused.err")"
    check "$name: nothing on stdout" 0 "$(wc -c <"$tmp/refused.out" | tr -d ' ')"
}
helps() {
    for opt in --help -h; do
        "$bin" "$opt" >"$tmp/help.out" 2>"$tmp/help.err"
        check "$opt: exit 0" 0 $?
        check "$opt: usage on stdout" usage: "$(head -c 6 "$tmp/help.out")"
        check "$opt: nothing on stderr" 0 "$(wc -c <"$tmp/help.err" | tr -d ' ')"
    done
}
check_summary() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
