#!/bin/bash
# tsshogi.sh - an independent reader reads what kifu writes: records that
# kifu-convert writes as KIF, KI2, CSA, JKF and USI (random standard-shogi games, games
# from every handicap start, every ending, the real records of
# tests/data/kif) are read by tsshogi (ShogiHome's TypeScript library:
# tests/node/tsshogi-read.mjs) and by kifu, and the two must agree on the
# start position, every move of the main line and the ending; and so must
# they on those real files themselves.
#
#     bash tests/golden/tsshogi.sh BINDIR
#
# Needs node and npm (Debian: nodejs npm).  tsshogi is a test-only
# dependency, installed pinned into BINDIR/../node-tsshogi on first use.
# Without node or npm, or when npm cannot install, the check is skipped,
# and says so.  To check another notation tsshogi reads (csa, jkf), add its
# importer to tsshogi-read.mjs and its name to FORMS below.
set -u

bin=$1
build=$(dirname "$bin")
gen=$build/tests/gen-records
prefix="$build/node-tsshogi"
modules="$prefix/node_modules"
FORMS="kif ki2 csa jkf usi"

. tests/node/install.sh
node_package tsshogi "$prefix" tsshogi 2.2.0 || exit 0

. "$(dirname "$0")/common.bash"

# The records, in the compact notation.  Of Kakinoki's 手合割 names tsshogi
# knows these (not 三枚落ち 五枚落ち 左五枚落ち 左七枚落ち 右七枚落ち, which
# Kifu for Windows writes too: records with them are left out).
HANDICAPS="香落ち 右香落ち 角落ち 飛車落ち 飛香落ち 二枚落ち 四枚落ち 六枚落ち 八枚落ち 十枚落ち"
{
	"$gen" -v shogi -n 80 -p 250 -s 31
	for h in $HANDICAPS; do
		"$gen" -v shogi -n 4 -p 120 -s 7 -H "$h"
	done
	cat tests/data/kif/ki2/endings.compact
	for f in tests/data/kif/kifu-for-js/*.ki* tests/data/kif/tsshogi/*.ki*; do
		case $f in *fork-test.kif) continue ;; esac
		"$bin/kifu-convert" --to compact "$f" 2>/dev/null
	done | grep -Ev 'handicap=(三枚|五枚|左五枚|左七枚|右七枚)落ち'
} >"$tmp/records"

# What kifu reads from FILE...: "FILE sfen|moves|ending ..." as
# tsshogi-read.mjs prints it.  The main line of each record (tokens outside
# parentheses), its annotations ({comment}, @time, &bookmark) left out.
kifu_reads() {
	# (kifu-replay says so when an ending does not hold: not this test's)
	"$bin/kifu-replay" --ply 0 --format=sfen "$@" >"$tmp/sfens" 2>/dev/null
	"$bin/kifu-convert" -q --to compact "$@" >"$tmp/lines" 2>/dev/null || return 1
	[ "$(wc -l <"$tmp/sfens")" = $# ] && [ "$(wc -l <"$tmp/lines")" = $# ] || return 1
	printf '%s\n' "$@" | paste - "$tmp/sfens" "$tmp/lines" | awk -F'\t' '
	BEGIN {
		split("resign abort repetition impasse mate nomate timeout illegal-win illegal-loss declare-win sealed draw matta error", w, " ")
		for (i in w) ending[w[i]] = 1
	}
	{
		file = $1
		sub(/ [0-9]+$/, " 1", $2)
		print file " sfen " $2
		moves_at = index($3 " ", " : ")
		n = split(substr($3 " ", moves_at + 3), tok, " ")
		depth = 0; moves = ""; end = "-"
		for (i = 1; i <= n; i++) {
			t = tok[i]
			if (t == "(") { depth++; continue }
			if (t == ")") { depth--; continue }
			if (depth) continue
			sub(/[{@&].*/, "", t)
			if (t == "") continue
			if (t in ending) end = t
			else moves = moves (moves == "" ? "" : " ") t
		}
		print file " moves " (moves == "" ? "-" : moves)
		print file " ending " end
	}'
}

for form in $FORMS; do
	mkdir -p "$tmp/$form"
	"$bin/kifu-convert" --to "$form" -o "$tmp/$form/" "$tmp/records" 2>"$tmp/$form.err" ||
		fail "$form: kifu-convert: $(head -3 "$tmp/$form.err")"
	ls "$tmp/$form"/* >"$tmp/$form.files"
	n=$(wc -l <"$tmp/$form.files")
	[ "$n" = "$(wc -l <"$tmp/records")" ] || fail "$form: $n files for $(wc -l <"$tmp/records") records"
	mapfile -t files <"$tmp/$form.files"
	kifu_reads "${files[@]}" >"$tmp/$form.kifu" || fail "$form: kifu cannot read what it wrote"
	node tests/node/tsshogi-read.mjs "$modules" "$form" "${files[@]}" >"$tmp/$form.tsshogi" ||
		fail "$form: tsshogi refuses: $(grep ' error ' "$tmp/$form.tsshogi" | head -3)"
	if ! cmp -s "$tmp/$form.kifu" "$tmp/$form.tsshogi"; then
		fail "$form: tsshogi reads otherwise than kifu ($(diff "$tmp/$form.kifu" "$tmp/$form.tsshogi" | grep -c '^<') lines):"
		diff "$tmp/$form.kifu" "$tmp/$form.tsshogi" | head -6
	fi
done

# The real files themselves (one record each), read by both.
for form in kif ki2; do
	files=()
	for f in tests/data/kif/kifu-for-js/*.ki* tests/data/kif/tsshogi/*.ki*; do
		case $f in *fork-test.kif | *7mai.ki2u) continue ;; esac # malformed; 左七枚落ち
		case $f in *.ki2 | *.ki2u) [ "$form" = ki2 ] && files+=("$f") ;; *) [ "$form" = kif ] && files+=("$f") ;; esac
	done
	kifu_reads "${files[@]}" >"$tmp/real-$form.kifu" || fail "real $form files: kifu cannot read them"
	# tsshogi 2.2.0 does not read Kifu for Windows' まで61手詰 (a problem's
	# length, after a diagram) as mate: a difference known, not kifu's
	node tests/node/tsshogi-read.mjs "$modules" "$form" "${files[@]}" |
		sed 's/ ending other:[0-9]*手詰$/ ending mate/' >"$tmp/real-$form.tsshogi"
	cmp -s "$tmp/real-$form.kifu" "$tmp/real-$form.tsshogi" ||
		fail "real $form files: tsshogi reads otherwise: $(diff "$tmp/real-$form.kifu" "$tmp/real-$form.tsshogi" | head -4)"
done

# Times (tests/cases/times.test): CSA's T times, which carry no totals,
# written as KIF and JKF with the running totals kifu adds up; tsshogi reads
# each, and the KIF it writes of what it read (its own totals, added up from
# the times) has kifu's KIF's time fields, move for move.
printf 'V2.2\nPI\n+\n+7776FU\nT12\n-3334FU\nT5\n+2726FU\nT3\n-8384FU\nT61\n+2625FU\nT3600\n%%TORYO\nT7\n' >"$tmp/times.csa"
"$bin/kifu-convert" --to kif "$tmp/times.csa" >"$tmp/times.kif"
"$bin/kifu-convert" --to jkf "$tmp/times.csa" >"$tmp/times.jkf"
want=$(grep -o '( *[0-9]*:[0-9]*/[0-9:]*)' "$tmp/times.kif" | tr '\n' ' ' | sed 's/ $//')
for form in kif jkf; do
	got=$(TSSHOGI_TIMES=1 node tests/node/tsshogi-read.mjs "$modules" "$form" "$tmp/times.$form" |
		sed -n 's/^.* times //p')
	[ -n "$want" ] && [ "$got" = "$want" ] || fail "times as $form: tsshogi reads \"$got\", kifu wrote \"$want\""
done

[ "$fails" -eq 0 ] || finish tsshogi.sh
echo "tsshogi: $(wc -l <"$tmp/records") records as $FORMS read alike"
exit 0
