#!/usr/bin/env bash
# cputime.sh CMD [ARGS...] — runs the GTP engine CMD and answers `cputime` for
# it from /proc (user + system time of the engine's process, all its threads),
# so that gogui-twogtp records the CPU of an engine without that command
# (Pachi). Every other command goes to the engine unchanged; `list_commands`
# gains `cputime` and `known_command cputime` answers true, which is how
# gogui-twogtp decides to ask. The engine's stderr is left as it is.
set -u
[ $# -ge 1 ] || { echo "usage: cputime.sh CMD [ARGS...]" >&2; exit 2; }
tick=$(getconf CLK_TCK)
coproc ENGINE { exec "$@"; }
pid=$ENGINE_PID
# Own copies of the pipes: bash closes the coprocess's when it exits, which
# would lose the answer to quit.
exec {to}>&"${ENGINE[1]}" {from}<&"${ENGINE[0]}"

# The engine's CPU seconds: fields 14 and 15 of /proc/PID/stat, counted after
# the command name, which is in parentheses and may hold spaces.
cpu() {
    local stat rest
    stat=$(cat "/proc/$pid/stat" 2>/dev/null) || { echo 0; return; }
    rest=${stat##*) }
    # shellcheck disable=SC2086
    set -- $rest
    awk -v u="${12}" -v s="${13}" -v t="$tick" 'BEGIN { printf "%.3f\n", (u + s) / t }'
}

# Copies one response of the engine (up to and including its empty line);
# with an extra line, adds it before the end of a successful response.
relay() {
    local line first=1 ok=0
    while IFS= read -r line <&"$from"; do
        line=${line%$'\r'}
        if [ "$first" = 1 ]; then first=0; [ "${line:0:1}" = "=" ] && ok=1; fi
        if [ -z "$line" ]; then
            [ "$ok" = 1 ] && [ -n "${1:-}" ] && printf '%s\n' "$1"
            printf '\n'
            return 0
        fi
        printf '%s\n' "$line"
    done
    return 1
}

while IFS= read -r line; do
    line=${line%$'\r'}
    id=""
    if [[ $line =~ ^([0-9]+)[[:space:]]*(.*)$ ]]; then id=${BASH_REMATCH[1]} line=${BASH_REMATCH[2]}; fi
    read -r cmd arg _ <<<"$line"
    case "$cmd" in
    cputime)
        printf '=%s %s\n\n' "$id" "$(cpu)"
        continue ;;
    known_command)
        if [ "$arg" = cputime ]; then printf '=%s true\n\n' "$id"; continue; fi ;;
    esac
    printf '%s%s\n' "${id:+$id }" "$line" >&"$to" || exit 1
    if [ "$cmd" = list_commands ]; then relay cputime || exit 1; else relay || exit 1; fi
    [ "$cmd" = quit ] && break
done
exec {to}>&-
wait "$pid" 2>/dev/null
exit 0
