#!/bin/sh
# A closed output is the end: with SIGPIPE ignored (as some GUIs and process
# managers leave it for their children), replies to a reader that has gone
# fail with EPIPE. hane must then stop, with a message on stderr and exit
# status 1, instead of searching every queued genmove for nobody.
#
#   regress/test-closed-output.sh [HANE]     (default bin/hane)
set -u
hane=${1:-bin/hane}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
{
    printf 'boardsize 9\n'
    i=0
    while [ $i -lt 40 ]; do printf 'genmove b\ngenmove w\n'; i=$((i + 1)); done
} > "$tmp/cmds"
# The reader closes its end at once; the ignored SIGPIPE is inherited by hane.
( trap '' PIPE
  { "$hane" memory=16 playouts=2000 < "$tmp/cmds" 2> "$tmp/err"; echo $? > "$tmp/rc"; } | exec 0<&- ) 
rc=$(cat "$tmp/rc")
if [ "$rc" = 1 ] && grep -q 'hane: cannot write replies (Broken pipe); stopping' "$tmp/err"; then
    echo "closed output: hane stopped (exit 1) with a message"
    exit 0
fi
echo "FAIL: closed output: exit $rc, stderr: $(head -c 300 "$tmp/err")"
exit 1
