#!/bin/bash
# The KIF family (KIF, KI2, lishogi's wide form): reading real files other
# programs wrote, validating them, writing KIF, and round trips.
#
#     kif.sh BINDIR
set -u
bin=$1
data=tests/data/kif
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# 1. Every real record reads to the end with the number of plies it says it
# has (tests/data/kif/expected.tsv; fork-test.kif is malformed on purpose).
while IFS=$'\t' read -r file record valid plies; do
	case $file in '#'*) continue ;; esac
	got=$("$bin/kifu-validate" --format=json "$file" | sed -n "${record}p" |
		sed 's/.*"valid":\([a-z]*\),"plies":\([0-9]*\).*/\1 \2/')
	[ "$got" = "$valid $plies" ] || fail "$file record $record: got '$got', expected '$valid $plies'"
done <"$data/expected.tsv"

# 2. The KIF and the KI2 of one game read as the same moves and variations.
for b in 8mai 9fu chudan fork illegal noeol; do
	"$bin/kifu-convert" --to compact "$data/kifu-for-js/$b.kif" | sed 's/.* : //; s/[{@&][^ ]*//g' >"$tmp/kif"
	"$bin/kifu-convert" --to compact "$data/kifu-for-js/$b.ki2" | sed 's/.* : //; s/[{@&][^ ]*//g' >"$tmp/ki2"
	cmp -s "$tmp/kif" "$tmp/ki2" || fail "$b: KIF and KI2 read differently"
done
# Shift_JIS and UTF-8 files of one game read the same.
"$bin/kifu-convert" --to compact "$data/kifu-for-js/8mai.ki2" >"$tmp/a"
"$bin/kifu-convert" --to compact "$data/kifu-for-js/8mai.ki2u" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "8mai: Shift_JIS and UTF-8 read differently"

# 3. KIF -> compact -> KIF -> compact keeps everything: headers, comments,
# times, bookmarks, endings, variations.
for f in "$data"/kifu-for-js/*.ki* "$data"/tsshogi/*.ki* "$data"/fixtures/*.kif; do
	case $f in *fork-test.kif) continue ;; esac
	"$bin/kifu-convert" --to compact "$f" >"$tmp/c1" 2>/dev/null
	[ -s "$tmp/c1" ] || continue # a file whose record cannot be read (truncated.kif)
	"$bin/kifu-convert" --to kif "$tmp/c1" >"$tmp/k1" || fail "$f: cannot write KIF"
	"$bin/kifu-convert" --to compact "$tmp/k1" >"$tmp/c2"
	cmp -s "$tmp/c1" "$tmp/c2" || fail "$f: round trip changed the record: $(diff "$tmp/c1" "$tmp/c2" | head -3)"
done

# 4. The writer, golden files checked by hand: Kakinoki KIF with comments,
# times, a bookmark, variations (latest ply first) and an ending comment;
# the wide form for Dai, as lishogi's server writes Chu (no ▲/△, "   N手目",
# no 手合割 for the start), with a promotion, 居食い and a pass.
"$bin/kifu-convert" --to kif "$data/fixtures/writer.compact" >"$tmp/w.kif"
cmp -s "$tmp/w.kif" "$data/fixtures/writer.kif" || fail "writer.kif: $(diff "$data/fixtures/writer.kif" "$tmp/w.kif" | head -5)"
"$bin/kifu-convert" --to kif "$data/fixtures/dai.compact" >"$tmp/d.kif"
cmp -s "$tmp/d.kif" "$data/fixtures/dai.kif" || fail "dai.kif: $(diff "$data/fixtures/dai.kif" "$tmp/d.kif" | head -5)"
# Shift_JIS output is the same text.
"$bin/kifu-convert" --to kif --encoding=sjis "$data/fixtures/writer.compact" | iconv -f CP932 -t UTF-8 |
	sed 's/encoding=Shift_JIS/encoding=UTF-8/' >"$tmp/sj.kif"
cmp -s "$tmp/sj.kif" "$data/fixtures/writer.kif" || fail "Shift_JIS output differs"
# The move lines are what Kifu for Windows wrote.
for f in jt201409130101.kif ryuou4.kif kiou201403160101.kif fork.kif fork-notime.kif; do
	iconv -f CP932 -t UTF-8 "$data/kifu-for-js/$f" | tr -d '\r' | grep -E '^ +[0-9]+ |^変化|^\*' >"$tmp/orig"
	"$bin/kifu-convert" --to compact "$data/kifu-for-js/$f" | "$bin/kifu-convert" --to kif |
		grep -E '^ +[0-9]+ |^変化|^\*' >"$tmp/ours"
	cmp -s "$tmp/orig" "$tmp/ours" || fail "$f: move lines differ from Kifu for Windows': $(diff "$tmp/orig" "$tmp/ours" | head -3)"
done

# 5. Compact -> KIF -> compact keeps every move of long random games.
for v in dai sho shogi asakura shozogi; do
	"$bin/../tests/gen-records" -v "$v" -n 60 -p 300 -s 9 >"$tmp/g"
	"$bin/kifu-convert" --to kif "$tmp/g" | "$bin/kifu-convert" --to compact >"$tmp/g2"
	cmp -s "$tmp/g" "$tmp/g2" || fail "$v: compact -> KIF -> compact lost moves"
done

# 6. Tricky cases, each checked by hand.
check_json() { # FILE EXPECTED...
	local f=$1
	shift
	printf '%s\n' "$@" >"$tmp/want"
	"$bin/kifu-validate" --format=json "$f" >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got" || fail "$f: $(diff "$tmp/want" "$tmp/got")"
}
fx=$data/fixtures
check_json "$fx/drop-without-uchi.kif" '{"file":"'"$fx"'/drop-without-uchi.kif","record":1,"line":1,"valid":true,"plies":5,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}'
[ "$("$bin/kifu-convert" --to compact "$fx/drop-without-uchi.kif")" = 'shogi handicap=平手 : 7g7f@1/1 3c3d@1/1 8h2b+@1/2 3a2b@1/2 B*4e@1/3' ] || fail "a drop without 打"
check_json "$fx/empty.kif" '{"file":"'"$fx"'/empty.kif","record":1,"line":1,"valid":true,"plies":0,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":true}'
check_json "$fx/lying-header.kif" '{"file":"'"$fx"'/lying-header.kif","record":1,"line":1,"valid":true,"plies":2,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}'
check_json "$fx/lying-sjis.kif" '{"file":"'"$fx"'/lying-sjis.kif","record":1,"line":1,"valid":true,"plies":2,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}'
[ "$("$bin/kifu-convert" --to compact "$fx/lying-sjis.kif")" = 'shogi sente=山田 gote=田中 : 7g7f 3c3d' ] || fail "a Shift_JIS file whose header says UTF-8"
check_json "$fx/truncated.kif" '{"file":"'"$fx"'/truncated.kif","record":1,"line":1,"valid":false,"plies":2,"error":{"ply":3,"move":"２","reason":"expected a square (７六) or 同","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}'
check_json "$fx/two-records.kif" \
	'{"file":"'"$fx"'/two-records.kif","record":1,"line":1,"valid":true,"plies":1,"error":null,"variant":"shogi","ending":"resign","result":{"winner":"sente","reason":"resign","checked":false},"foul":null,"no_moves":false}' \
	'{"file":"'"$fx"'/two-records.kif","record":2,"line":8,"valid":true,"plies":2,"error":null,"variant":"shogi","ending":"abort","result":null,"foul":null,"no_moves":false}'
# A real-style file ending 反則勝ち after 二歩: a foul the record declares, not
# a transcription error: valid, the foul named (ply, move, reason, squares in
# the KIF's own terms), Gote the winner.
check_json "$fx/nifu.kif" '{"file":"'"$fx"'/nifu.kif","record":1,"line":1,"valid":true,"plies":12,"error":null,"variant":"shogi","ending":"illegal-win","result":{"winner":"gote","reason":"foul","checked":true},"foul":{"declared":true,"checked":true,"side":"sente","ply":13,"move":"８七歩打","reason":"two unpromoted Pawns on one file (nifu): Sente already has one on ８六"},"no_moves":false}'
"$bin/kifu-validate" --verbose "$fx/nifu.kif" >"$tmp/out" 2>"$tmp/err"
echo "$fx/nifu.kif:1: valid, 12 plies; it ends with a foul, ply 13: ８七歩打: two unpromoted Pawns on one file (nifu): Sente already has one on ８六; Gote wins (foul)" >"$tmp/want"
cmp -s "$tmp/want" "$tmp/out" || fail "nifu text: $(cat "$tmp/out" "$tmp/err")"
[ -s "$tmp/err" ] && fail "nifu: $(cat "$tmp/err")"
# The same record with its last move and no ending is a transcription error.
grep -v '反則勝ち' "$fx/nifu.kif" >"$tmp/nifu-noend.kif"
"$bin/kifu-validate" "$tmp/nifu-noend.kif" 2>"$tmp/err"
[ $? = 1 ] || fail "nifu without 反則勝ち: not invalid"
grep -q "ply 13: ８七歩打: two unpromoted Pawns on one file (nifu): Sente already has one on ８六" "$tmp/err" ||
	fail "nifu without 反則勝ち: $(cat "$tmp/err")"

check_json "$fx/eucjp.kif" '{"file":"'"$fx"'/eucjp.kif","record":1,"line":1,"valid":true,"plies":2,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}'
check_json "$fx/bom.kifu" '{"file":"'"$fx"'/bom.kifu","record":1,"line":2,"valid":true,"plies":2,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}'
# Half-width digits in a square, full-width parentheses, full-width spaces, CRLF.
[ "$("$bin/kifu-convert" --to compact "$fx/halfwidth-crlf.kif")" = 'shogi handicap=平手 : 7g7f 3c3d 2g2f@1/1' ] || fail "half-width digits, CRLF"
# The wide form with times and an ending, both ways.
"$bin/kifu-convert" --to kif "$fx/dai-times.compact" | "$bin/kifu-convert" --to compact >"$tmp/dt"
cmp -s "$tmp/dt" "$fx/dai-times.compact" || fail "wide form with times: $(cat "$tmp/dt")"
# A wide-form file with no header is read as Dai Shogi (the board is over
# 9x9): the form kifu writes (lishogi's server form, no 手合割 for Dai's or
# Chu's start), and lishogi's client form (▲/△ marks, 居食い) without its
# 手合割; with it, the same.
"$bin/kifu-convert" --to compact "$fx/dai.kif" | cmp -s - "$fx/dai.compact" || fail "wide form without 手合割 not read as Dai"
grep -v '^手合割' "$fx/dai-client.kif" >"$tmp/noheader.kif"
"$bin/kifu-convert" --to compact "$tmp/noheader.kif" | cmp -s - "$fx/dai.compact" || fail "client form without 手合割 not read as Dai"
"$bin/kifu-convert" --to compact "$fx/dai-client.kif" | cmp -s - "$fx/dai.compact" || fail "client form not read as Dai"

# A Chu record in lishogi's server form (tests/data/kif/chu/lishogi-server.kif,
# written for these tests after scalashogi's KifModel: its header order, an
# empty 後手, "* " comments, times, a pass, 仝, the ending) goes in and out
# unchanged, but for the #KIF line kifu puts first.
"$bin/kifu-convert" "$data/chu/lishogi-server.kif" | "$bin/kifu-convert" --to kif >"$tmp/ls.kif"
[ "$(head -1 "$tmp/ls.kif")" = "#KIF version=2.0 encoding=UTF-8" ] || fail "lishogi form: no #KIF line"
tail -n +2 "$tmp/ls.kif" | cmp -s - "$data/chu/lishogi-server.kif" ||
	fail "lishogi form changed: $(tail -n +2 "$tmp/ls.kif" | diff "$data/chu/lishogi-server.kif" - | head -5)"
"$bin/kifu-validate" "$data/chu/lishogi-server.kif" || fail "lishogi form: not valid"

# 7. The real Chu Shogi record in lishogi's form reads to the end (12x12,
# Lion two-leg moves, 居食い, 仝).
"$bin/kifu-validate" --format=json -v chu "$data/chu/chushogiKif1.kif" >"$tmp/chu"
grep -q '"valid":true,"plies":129,' "$tmp/chu" || fail "chu: $(cat "$tmp/chu")"
"$bin/kifu-convert" -v chu --to compact "$data/chu/chushogiKif1.kif" >"$tmp/chu.c"
grep -q ' 7g6f7g ' "$tmp/chu.c" || fail "chu: the 居食い of ply 57 is not 7g6f7g"

# 8. A record whose KIF is longer than the writer's room on the stack (64
# KiB: kif_write.c writes it again on the heap) comes out whole: a Dai game
# with a long comment on every move, through KIF and back.
"$bin/../tests/gen-records" -v dai -n 1 -p 300 -s 7 |
	awk '{ for (i = 1; i <= NF; i++) { if (i > 3 && $i ~ /^[0-9]/) $i = $i "{" sprintf("%0200d", i) "}" } print }' >"$tmp/long.c"
"$bin/kifu-convert" --to kif "$tmp/long.c" >"$tmp/long.kif" || fail "long record: not written"
[ "$(wc -c <"$tmp/long.kif")" -gt 65536 ] || fail "long record: only $(wc -c <"$tmp/long.kif") bytes: not past 64 KiB"
"$bin/kifu-convert" --to compact "$tmp/long.kif" >"$tmp/long.back"
"$bin/kifu-convert" --to compact "$tmp/long.c" | cmp -s - "$tmp/long.back" ||
	fail "long record: KIF and back changed it"

# 9. A hand of more than 99 of a piece (the reader's kanji numbers stop at
# 九十九): said as several counts that add up, and read back the same.
printf 'shogi sfen=9/9/9/9/9/9/9/9/9_b_150P_1 : resign\n' >"$tmp/hand.c"
"$bin/kifu-convert" --to kif "$tmp/hand.c" >"$tmp/hand.kif" || fail "150 pawns in hand: not written"
grep -qx '先手の持駒：歩九十九　歩五十一　' "$tmp/hand.kif" || fail "150 pawns in hand: $(grep 持駒 "$tmp/hand.kif" | tail -1)"
"$bin/kifu-convert" --to compact "$tmp/hand.kif" | cmp -s - "$tmp/hand.c" || fail "150 pawns in hand: not read back"

if [ "$fails" -ne 0 ]; then
	echo "kif.sh: $fails failures"
	exit 1
fi
exit 0
