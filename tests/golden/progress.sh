#!/bin/bash
# Golden tests of the progress line (kifu(7), PROGRESS): on a terminal
# (script(1) gives the tools one), a line "PROG: N records, M plies, R
# plies/s" brought up to date and erased at the end, the same in every
# tool; not when standard output is that terminal too and the tool writes
# as it goes; never when standard error is not a terminal.  The stream is
# long enough (9 million plies; each tool here plays every move) for the first update, half a second in.
#
#     progress.sh BINDIR
set -u
bin=$(cd "$1" && pwd)
gen=$(dirname "$bin")/tests/gen-records
. "$(dirname "$0")/common.bash"

if ! command -v script >/dev/null || ! script -qec true /dev/null >/dev/null 2>&1 </dev/null; then
	echo "progress.sh: no script(1) (util-linux) or no terminal to give: skipped"
	exit 0
fi
"$gen" -v shogi -n 1000 -p 150 -s 11 >"$tmp/one.compact" || fail "gen-records"
for _ in $(seq 60); do cat "$tmp/one.compact"; done >"$tmp/big.compact"

# on_tty NAME COMMAND: runs COMMAND (a shell line) with a terminal for its
# standard streams; its typescript in $tmp/NAME.ts, without script's lines
on_tty() {
	script -qec "$2" "$tmp/$1.raw" >/dev/null 2>&1
	grep -av '^Script \(started\|done\)' "$tmp/$1.raw" >"$tmp/$1.ts"
}
# shows NAME PROG [AFTER]: an update for PROG, a count that grows, the line
# erased last (or just before the text AFTER, the output)
shows() {
	local ts=$tmp/$1.ts
	tr '\r' '\n' <"$ts" | grep -aE "^$2: [0-9]+ records, [0-9]+ plies, [0-9.]+[kM]? plies/s *\$" >"$tmp/$1.lines" ||
		{ fail "$1: no progress line: $(head -c 300 "$ts" | cat -v)"; return; }
	# the counts go up, and the last thing written is the erasing
	sort -t' ' -k2,2n -c "$tmp/$1.lines" 2>/dev/null || fail "$1: the counts do not grow"
	tr -d '\n' <"$ts" | grep -qa $'\r *\r'"${3:-}\$" || fail "$1: the line is not erased at the end"
}

on_tty validate "$bin/kifu-validate -q $tmp/big.compact >/dev/null"
shows validate kifu-validate
never='lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1'
on_tty select "$bin/kifu-select --count --position '$never' $tmp/big.compact >$tmp/count"
shows select kifu-select
# kifu-stats writes at the end: the line even with standard output on the terminal
on_tty stats "$bin/kifu-stats --format=json $tmp/big.compact"
shows stats kifu-stats '{"format":"kifu-stats/1",.*}'$'\r'  # the terminal ends a line in CR LF
# kifu-select writes as it goes: with standard output on the terminal, no line
on_tty select-tty "$bin/kifu-select --plies 200.. $tmp/big.compact; echo done"
grep -aq 'records,' "$tmp/select-tty.ts" && fail "select-tty: a progress line among the records"
# standard error a file: nothing
"$bin/kifu-validate" -q "$tmp/big.compact" 2>"$tmp/err"
[ -s "$tmp/err" ] && fail "stderr a file: $(head -c 200 "$tmp/err")"

finish progress.sh
