#!/bin/sh
# A scripted hostile session: one engine process is fed, one after another,
# the inputs an attacker or a careless GUI sends (over-long lines, NUL bytes,
# bad vertices, colours, sizes, komi and clocks, missing, oversized,
# unreadable and costly files, a FIFO with no writer, a directory, a device
# that never ends). After each, the same probes run: every hostile command
# that carries an id must get a '?' reply, and the probes must answer exactly
# as they did before the first one (board, move history, komi, size).
#
#   regress/test-hostile-session.sh [HANE]     (default bin/hane)
#
# The session runs under `timeout`: a reader that blocks (the FIFO) fails it
# instead of hanging make check.
set -u
hane=${1:-bin/hane}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# Files for loadsgf.
printf '(;GM[1]SZ[9];B[ee];W[cc])\n' > "$tmp/good.sgf"
printf '(;GM[1]SZ[9];B[ee];W[ee])\n' > "$tmp/illegal.sgf"
printf '(;GM[1]SZ[9];B[ee]\n' > "$tmp/unclosed.sgf"
printf '(;GM[1]SZ[9]A\000B[ee];B[cc])\n' > "$tmp/nul.sgf"   # NUL splits an identifier
truncate -s 17M "$tmp/oversized.sgf"     # past the reader's 16 MB cap; sparse
{ printf '('; head -c 1000000 /dev/zero | tr '\000' ';'; printf ')'; } > "$tmp/costly.sgf"
mkfifo "$tmp/fifo.sgf"
mkdir "$tmp/dir.sgf"
: > "$tmp/empty.sgf"
long=$(head -c 100000 /dev/zero | tr '\000' 'a')

probes() {
    printf '%d showboard\n%d move_history\n%d get_komi\n%d query_boardsize\n' \
        "$(($1 * 10 + 1))" "$(($1 * 10 + 2))" "$(($1 * 10 + 3))" "$(($1 * 10 + 4))"
}

# One hostile input per line of this list; "ID" is replaced by a fresh id
# (hostile ids are 100000 + n, so they cannot be mistaken for probes).
cat > "$tmp/hostile" <<EOF
ID play b E5
ID play b Z99
ID play b J10
ID play b I1
ID play b A0
ID play b 0
ID play x D4
ID play b
ID play b D4 D5
ID play w E5E5
ID boardsize 0
ID boardsize 26
ID boardsize -1
ID boardsize 99999999999999999999
ID komi nan
ID komi inf
ID komi 1e400
ID komi -
ID fixed_handicap 4
ID time_settings -1 0 0
ID time_settings 1e999 1 1
ID time_settings 10 10 -3
ID time_left b 1e999 0
ID time_left b abc 1
ID time_left q 10 0
ID kgs-time_settings byoyomi 1 2 -3
ID kgs-time_settings sudden 10
ID loadsgf $tmp/no-such-file.sgf
ID loadsgf $tmp/oversized.sgf
ID loadsgf $tmp/costly.sgf
ID loadsgf $tmp/fifo.sgf
ID loadsgf $tmp/dir.sgf
ID loadsgf /dev/zero
ID loadsgf $tmp/empty.sgf
ID loadsgf $tmp/illegal.sgf
ID loadsgf $tmp/unclosed.sgf
ID loadsgf $tmp/nul.sgf
ID loadsgf $tmp/good.sgf -5
ID loadsgf $tmp/good.sgf 99999999999
ID loadsgf $tmp/good.sgf Z99
ID hane-param memory 0
ID hane-param no_such_key 1
ID set_free_handicap E5 E5
ID is_legal b Z99
ID countlib Z1
ID undo undo
ID no_such_command
ID $long
EOF

{
    printf '1 boardsize 9\n2 komi 6.5\n3 play b E5\n4 play w C3\n'
    probes 0
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        printf '%s\n' "$line" | sed "s/^ID /$((100000 + n)) /"
        probes "$n"
    done < "$tmp/hostile"
    # Inputs that a line of the list cannot carry: NUL bytes, a line of
    # nothing but control bytes, CRs, tabs. GTP discards control bytes
    # (GTP 2, section 3.1), so each of these must still be a bad command.
    for extra in 'play b\000 Z9' '\000\000\000' '\001\002\003\177' 'play\r w D4 D5' \
                 'play\tb\t\000'; do
        n=$((n + 1))
        printf "$((100000 + n)) $extra\n"
        probes "$n"
    done
    printf '%d quit\n' 999999
} > "$tmp/session"
total=$n

timeout 120 "$hane" memory=16 < "$tmp/session" > "$tmp/out" 2> "$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then
    echo "hostile session: the engine exited with status $rc (124: it stopped answering)"
    tail -n 20 "$tmp/out"
    tail -n 5 "$tmp/err"
    exit 1
fi

# Fixed handicap where there is none: a reason, not "takes 2 to 0".
small=$(printf '1 boardsize 2\n2 fixed_handicap 2\n' | timeout 60 "$hane" memory=16 2>&1)
if ! printf '%s\n' "$small" | grep -q '^?2 invalid number of stones: 2 (no fixed handicap on 2x2; it needs 7x7 or larger)$'; then
    echo "hostile session: fixed_handicap on 2x2: $small"
    exit 1
fi

# Bounds read as numbers; files named on the command line that are missing,
# directories or FIFOs get a reason (a missing config file used to print
# ":-1:-1", a directory "'[' or '{' expected").
reply=$(printf '1 hane-param memory 0\n' | timeout 60 "$hane" memory=16 2>&1)
case "$reply" in
    *"out of range [4, 1048576]"*) ;;
    *) echo "hostile session: memory bound printed as: $reply"; exit 1 ;;
esac
for arg in "config=$tmp/no-such.json:cannot open: No such file or directory" \
           "config=$tmp/dir.sgf:is a directory" "patterns=$tmp/dir.sgf:is a directory" \
           "config=$tmp/fifo.sgf:is not a regular file"; do
    want=${arg#*.*:}
    err=$(timeout 60 "$hane" "${arg%%:*}" < /dev/null 2>&1)
    case "$err" in
        *": $want"*) ;;
        *) echo "hostile session: ${arg%%:*}: '$err', expected '$want'"; exit 1 ;;
    esac
done

# Replies are paragraphs: "=ID text" or "?ID text", ended by a blank line.
awk -v total="$total" '
function fail(msg) { if (++fails <= 10) print msg }
BEGIN { RS = ""; fails = 0 }
{
    id = substr($0, 2); sub(/[ \n].*/, "", id)
    body = $0; sub(/^[=?][0-9]*/, "", body)
    kind[id] = substr($0, 1, 1); text[id] = body
}
END {
    for (k = 1; k <= 4; k++) {
        if (!((k "") in kind) || kind[k ""] != "=") fail("setup command " k " failed")
        base[k] = text[k ""]
    }
    for (k = 1; k <= 4; k++) base[k] = text[(0 * 10 + k) ""]
    for (n = 1; n <= total; n++) {
        h = (100000 + n) ""
        if (!(h in kind)) fail("hostile input " n ": no reply with its id")
        else if (kind[h] != "?") fail("hostile input " n ": accepted:" text[h])
        for (k = 1; k <= 4; k++) {
            p = (n * 10 + k) ""
            if (!(p in kind)) fail("after hostile input " n ": probe " k " not answered")
            else if (text[p] != base[k])
                fail("after hostile input " n ": probe " k " changed:" text[p] " (was" base[k] ")")
        }
    }
    if (!("999999" in kind)) fail("quit not answered")
    printf "hostile session: %d inputs, %d failure(s)\n", total, fails
    exit fails > 0
}' "$tmp/out"
