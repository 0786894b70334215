#!/bin/bash
# CSA (docs/csa.md): reading the real files other programs wrote and the
# fixtures, each statement the CSA's record format V2.2 and V3.0 define;
# the errors, at their line and column; writing V3.0; round trips; the
# encodings; the variants CSA cannot carry.  Expected outputs are in
# tests/data/csa/expected/ and tests/data/csa/fixtures/writer.*, checked
# by hand against the files.
#
#     csa.sh BINDIR
set -u
bin=$1
data=tests/data/csa
gen=$bin/../tests/gen-records
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# same WANT GOT NAME: the files are equal, else a failure with their diff
same() {
	cmp -s "$1" "$2" || fail "$3: $(diff "$1" "$2" | head -5)"
}

# 1. Every copied file reads with the moves, start position and ending it
# gives (its compact form, and what kifu-convert says on standard error:
# the floodgate record that writes %KACHI, its time and %KACHI again is
# read, the second passed over with a note at its line; a %KACHI the
# position does not allow is written, and said invalid).
for f in "$data"/tsshogi/*.csa "$data"/kifu-for-js/*.csa; do
	name=$(basename "$(dirname "$f")")-$(basename "$f" .csa)
	"$bin/kifu-convert" "$f" >"$tmp/out" 2>"$tmp/err"
	same "$data/expected/$name.compact" "$tmp/out" "$name"
	if [ -f "$data/expected/$name.err" ]; then
		same "$data/expected/$name.err" "$tmp/err" "$name (errors)"
	else
		[ -s "$tmp/err" ] && fail "$name: $(cat "$tmp/err")"
	fi
done
# ... and kifu-validate's verdict on each record
"$bin/kifu-validate" --format=json "$data"/tsshogi/*.csa "$data"/kifu-for-js/*.csa >"$tmp/v.json" 2>/dev/null
same "$data/expected/validate.json" "$tmp/v.json" "verdicts"

# 2. The fixtures: every special with either side to move (the ILLEGAL_ACTION
# of the side to move is its loss, of the other its win), multi-statement
# lines, records separated by "/", every handicap by PI, P1..P9 and P+/P-
# with 00AL, fractional times.
for n in specials statements records handicaps positions times; do
	"$bin/kifu-convert" "$data/fixtures/$n.csa" >"$tmp/out" 2>"$tmp/err"
	same "$data/expected/fixtures-$n.compact" "$tmp/out" "fixtures/$n.csa"
	if [ -f "$data/expected/fixtures-$n.err" ]; then
		same "$data/expected/fixtures-$n.err" "$tmp/err" "fixtures/$n.csa (endings the rules refuse)"
	else
		[ -s "$tmp/err" ] && fail "fixtures/$n.csa: $(cat "$tmp/err")"
	fi
done
"$bin/kifu-validate" --format=json "$data/fixtures/specials.csa" >"$tmp/out"
same "$data/expected/fixtures-specials.json" "$tmp/out" "specials, verdicts"
# Broken records: each error at its line and column, with its ply; reading
# goes on with the next record.
"$bin/kifu-validate" "$data/fixtures/errors.csa" "$data/fixtures/bad-encoding.csa" >/dev/null 2>"$tmp/err"
[ $? = 1 ] || fail "errors: exit status not 1"
same "$data/expected/fixtures-errors.err" "$tmp/err" "errors"
# An illegal move is the validation's to judge, its squares named as CSA does.
printf 'PI\n+\n+7775FU\n' >"$tmp/illegal.csa"
"$bin/kifu-validate" "$tmp/illegal.csa" 2>"$tmp/err"
echo "kifu-validate: $tmp/illegal.csa:3:1: ply 1: +7775FU: the Pawn on 77 cannot move to 75" >"$tmp/want"
same "$tmp/want" "$tmp/err" "an illegal move"

# 3. The writer: V3.0 in UTF-8 (tags, a comment before the moves, times with
# fractions, comments, a promotion, a drop, the ending's time and comment; a
# handicap by PI with illegal-win said by the side at fault; a mating problem
# by P1..P9 and the hands), and back.
"$bin/kifu-convert" --to csa "$data/fixtures/writer.compact" >"$tmp/w.csa"
same "$data/fixtures/writer.csa" "$tmp/w.csa" "writer"
"$bin/kifu-convert" "$tmp/w.csa" >"$tmp/w.compact"
same "$data/fixtures/writer.compact" "$tmp/w.compact" "writer, read back"
# Shift_JIS is the same text, its encoding line aside.
"$bin/kifu-convert" --to csa --encoding=sjis "$data/fixtures/writer.compact" >"$tmp/sj.csa"
head -1 "$tmp/sj.csa" | grep -qx "'CSA encoding=SHIFT_JIS" || fail "Shift_JIS: $(head -1 "$tmp/sj.csa")"
iconv -f CP932 -t UTF-8 "$tmp/sj.csa" | sed "s/^'CSA encoding=SHIFT_JIS$/'CSA encoding=UTF-8/" >"$tmp/sj.utf8"
same "$data/fixtures/writer.csa" "$tmp/sj.utf8" "Shift_JIS output"
"$bin/kifu-convert" "$tmp/sj.csa" >"$tmp/sj.compact"
same "$data/fixtures/writer.compact" "$tmp/sj.compact" "Shift_JIS, read back"

# 4. What CSA cannot carry is left out and said; a record of a variant CSA
# has no codes for is an error (exit 1), left out, the others written.
echo 'shogi x-note=n : 7g7f&mark 3c3d@5/5 ( 8c8d ) sealed' >"$tmp/d.compact"
"$bin/kifu-convert" --to csa "$tmp/d.compact" >"$tmp/out" 2>"$tmp/err" || fail "dropped: exit status $?"
echo "kifu-convert: $tmp/d.compact:1: csa cannot carry variations, bookmarks, times, tags and the ending: left out" >"$tmp/want"
same "$tmp/want" "$tmp/err" "dropped"
printf "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU\n-3334FU\nT5\n" >"$tmp/want"
same "$tmp/want" "$tmp/out" "dropped, the rest"
printf 'shogi : 7g7f\ndai : 9k9j\nchu : 9i9h\nsho : 7g7f\nshogi : 2g2f\n' >"$tmp/mixed.compact"
"$bin/kifu-convert" --to csa "$tmp/mixed.compact" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || fail "Dai/Chu to CSA: exit status not 1"
{
	echo "kifu-convert: $tmp/mixed.compact:2: CSA records standard shogi only, on a 9x9 board; dai is played on 15x15"
	echo "kifu-convert: $tmp/mixed.compact:3: CSA records standard shogi only, on a 9x9 board; chu is played on 12x12"
	echo "kifu-convert: $tmp/mixed.compact:4: CSA records standard shogi only: sho has pieces CSA has no code for, as 醉象 (Drunk Elephant, SFEN E)"
} >"$tmp/want"
same "$tmp/want" "$tmp/err" "Dai/Chu to CSA"
"$bin/kifu-convert" "$tmp/out" >"$tmp/back"
printf 'shogi : 7g7f\nshogi : 2g2f\n' >"$tmp/want"
same "$tmp/want" "$tmp/back" "Dai/Chu to CSA: the others"
# -v naming a variant CSA has no codes for: every record says so
"$bin/kifu-validate" -v dai "$data/fixtures/times.csa" 2>"$tmp/err"
echo "kifu-validate: $data/fixtures/times.csa:1:1: -v dai: CSA records standard shogi only, on a 9x9 board; dai is played on 15x15" >"$tmp/want"
same "$tmp/want" "$tmp/err" "-v dai"

# 5. Round trips.  compact -> CSA -> compact on random games, times with
# fractions and comments on some moves, every ending CSA has a word for:
endings=(resign abort repetition impasse mate nomate timeout illegal-win illegal-loss declare-win draw matta error)
"$gen" -v shogi -n 300 -p 250 -s 11 | awk -v e="${endings[*]}" '
	BEGIN { n = split(e, end, " ") }
	{ out = ""; for (i = 1; i <= NF; i++) {
		w = $i
		if (i > 2 && i % 11 == 0) w = w "{move%20" i "%0Asecond%20line}"
		if (i > 2 && i % 7 == 0) w = w "@" (i % 3) "." (i % 9) (i % 5) (i % 7 + 1)
		out = out (i > 1 ? " " : "") w }
	  print out " " end[NR % n + 1] (NR % 4 ? "{last}@1.5" : "") }' >"$tmp/g.compact"
"$bin/kifu-convert" --to csa "$tmp/g.compact" >"$tmp/g.csa" 2>"$tmp/err" || fail "random games to CSA: $(head -3 "$tmp/err")"
"$bin/kifu-convert" "$tmp/g.csa" >"$tmp/g2.compact"
same "$tmp/g.compact" "$tmp/g2.compact" "compact -> CSA -> compact, random games"
# CSA -> compact -> CSA on every copied file (its CSA as kifu writes it),
# and compact -> CSA -> compact on what they read as
for f in "$data"/tsshogi/*.csa "$data"/kifu-for-js/*.csa; do
	"$bin/kifu-convert" --to csa "$f" >"$tmp/c1" 2>/dev/null || continue # the broken one
	"$bin/kifu-convert" "$tmp/c1" >"$tmp/m1"
	"$bin/kifu-convert" --to csa "$tmp/m1" >"$tmp/c2"
	same "$tmp/c1" "$tmp/c2" "$f: CSA -> compact -> CSA"
	"$bin/kifu-convert" "$f" >"$tmp/m0" 2>/dev/null
	same "$tmp/m0" "$tmp/m1" "$f: compact -> CSA -> compact"
done
# Real KIF games through CSA keep their main line's moves and ending.
for f in tests/data/kif/kifu-for-js/*.kif; do
	"$bin/kifu-convert" "$f" >"$tmp/k1" 2>/dev/null || continue
	grep -q ' ( ' "$tmp/k1" && continue # variations: CSA keeps the main line only
	"$bin/kifu-convert" --to csa "$tmp/k1" 2>/dev/null | "$bin/kifu-convert" >"$tmp/k2" 2>/dev/null
	sed 's/.* : //; s/[{@&][^ ]*//g; s/ sealed$//' "$tmp/k1" >"$tmp/k1m" # 封じ手: no special move
	sed 's/.* : //; s/[{@&][^ ]*//g' "$tmp/k2" >"$tmp/k2m"
	same "$tmp/k1m" "$tmp/k2m" "$f: KIF -> CSA"
done

# 6. Encodings: Shift_JIS and EUC-JP are told from the bytes (section 1);
# 'CSA encoding= decides where the first 64 KiB are all ASCII.
"$gen" -v shogi -n 120 -p 150 -s 4 | "$bin/kifu-convert" --to csa | grep -v "^'CSA encoding\|^V3.0" >"$tmp/body"
{
	echo "'CSA encoding=SHIFT_JIS"
	echo V3.0
	cat "$tmp/body"
	printf '/\nN+山田\nPI\n+\n+7776FU\n'"'"'*最後の一手\n'
} | iconv -f UTF-8 -t CP932 >"$tmp/big.csa"
[ "$(wc -c <"$tmp/body")" -gt 70000 ] || fail "encodings: the ASCII part is too short"
"$bin/kifu-convert" "$tmp/big.csa" | tail -1 >"$tmp/out"
echo 'shogi sente=山田 : 7g7f{最後の一手}' >"$tmp/want"
same "$tmp/want" "$tmp/out" "Shift_JIS declared, beyond 64 KiB"
# without the line, the bytes are read as the ASCII said (UTF-8): the
# stray byte is the record's error, at its line
sed 1d "$tmp/big.csa" >"$tmp/undeclared.csa"
"$bin/kifu-validate" "$tmp/undeclared.csa" 2>"$tmp/err" >/dev/null
grep -q "undeclared.csa:[0-9]*:3: a byte that is not UTF-8 (0x8E), the encoding of this file" "$tmp/err" ||
	fail "undeclared Shift_JIS: $(cat "$tmp/err")"

# 7. A CSA input is told as CSA, the smallest ones too.
[ "$(printf 'PI\n+\n' | "$bin/kifu-convert")" = 'shogi :' ] || fail "PI + not told as CSA"
[ "$(printf "'CSA encoding=UTF-8\nV3.0\nP-11OU\nP+00AL\n-\n" | "$bin/kifu-convert")" = 'shogi sfen=8k/9/9/9/9/9/9/9/9_w_2R2B4G4S4N4L18P_1 :' ] ||
	fail "P- and 00AL not told as CSA"

# 8. A time too long to write is refused by the reader as every writer would
# refuse it (one bound, notation/writing.h; 2.2e22 seconds once overflowed
# CSA's integer), the record named at its time; the longest that is
# written reads back as it was, in CSA, JKF and KIF alike.
printf 'shogi : 7g7f@22222222222222222222222 3c3d\nshogi : 7g7f@5/360000000000 3c3d\nshogi : 7g7f@5999999999/5999999999 3c3d\n' >"$tmp/long.compact"
for to in csa jkf kif; do
	"$bin/kifu-convert" --to "$to" "$tmp/long.compact" >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 1 ] || fail "--to $to, a time too long: status $status"
	grep -q "long.compact:1:13: ply 1: 7g7f: a time of 100,000,000 minutes or more (no writer writes one)" "$tmp/err" ||
		fail "--to $to, a time too long: $(cat "$tmp/err")"
	grep -q "long.compact:2:13: ply 1: 7g7f: a total of 100,000,000 hours or more (no writer writes one)" "$tmp/err" ||
		fail "--to $to, a total too long: $(cat "$tmp/err")"
	[ "$(grep -c '7776FU\|７六歩\|"FU"' "$tmp/out")" -ge 1 ] || fail "--to $to: the record that fits: $(cat "$tmp/out")"
	"$bin/kifu-convert" "$tmp/out" 2>/dev/null | grep -Eq '^shogi.* : 7g7f@5999999999(/5999999999)? 3c3d$' ||
		fail "--to $to: the longest time does not read back: $("$bin/kifu-convert" "$tmp/out" 2>&1)"
done

if [ "$fails" -ne 0 ]; then
	echo "csa.sh: $fails failures"
	exit 1
fi
exit 0
