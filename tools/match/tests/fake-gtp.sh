#!/bin/sh
# fake-gtp.sh — a scripted, misbehaving GTP engine for the referee's tests.
#   sh fake-gtp.sh MODE [FINAL_SCORE]
# MODE decides what genmove does:
#   pass      passes
#   a1        plays A1 (legal once; the second time the point is occupied)
#   crash     kills itself with SIGSEGV
#   hang      never answers
#   slow:S    sleeps S seconds, then passes
#   resign    resigns
#   garbage   answers "banana"
#   refuse    answers "? cannot"
#   stuck     passes, but answers quit and then ignores it
#   notime    passes, and refuses time_settings and time_left as unknown
# final_score answers FINAL_SCORE (default B+2.5). Every other command is
# accepted; name answers "fake-MODE".
mode=$1
score=${2:-B+2.5}
reply() { printf '= %s\n\n' "$1"; }
while IFS= read -r line; do
    # shellcheck disable=SC2086
    set -- $line
    case "$1" in
    name) reply "fake-$mode" ;;
    version) reply "1" ;;
    known_command) reply "false" ;;
    final_score) reply "$score" ;;
    time_settings|kgs-time_settings|time_left)
        if [ "$mode" = notime ]; then printf '? unknown command\n\n'; else reply ""; fi ;;
    quit)
        reply ""
        if [ "$mode" = stuck ]; then
            exec sleep 30
        fi
        exit 0 ;;
    genmove)
        case "$mode" in
        pass|stuck|notime) reply pass ;;
        a1) reply A1 ;;
        crash) kill -SEGV $$ ;;
        hang) exec sleep 30 ;;
        slow:*) sleep "${mode#slow:}"; reply pass ;;
        resign) reply resign ;;
        garbage) reply banana ;;
        refuse) printf '? cannot\n\n' ;;
        esac ;;
    *) reply "" ;;
    esac
done
