#!/bin/bash
# Writing KI2 (kifu-convert --to ki2, docs/kif.md "Writing KI2"): the
# relative words the JSA's conventions give, Kifu for Windows' layout, the
# まで lines, and every move read back as itself.
#
#     ki2.sh BINDIR
set -u
bin=$1
gen=$bin/../tests/gen-records
data=tests/data/kif
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# 1. Golden files checked by hand (tests/data/kif/ki2/): each relative word
# (上 寄 引 右 左 直, and 右上 左寄 左上 右引 where one word does not tell
# the piece; 竜 and 馬 by their places, not 直; 打 only when a board piece could
# go there too, a pinned one included), 成 不成, 同 with and without its
# space; every ending's まで line (the sides as 下手 and 上手 in a handicap
# game); comments, bookmarks and variations.  Each
# reads back as the record it was written from.
for g in words endings; do
	"$bin/kifu-convert" --to ki2 "$data/ki2/$g.compact" >"$tmp/$g.ki2"
	cmp -s "$tmp/$g.ki2" "$data/ki2/$g.ki2" || fail "$g.ki2: $(diff "$data/ki2/$g.ki2" "$tmp/$g.ki2" | head -5)"
	"$bin/kifu-convert" --to compact "$data/ki2/$g.ki2" >"$tmp/$g.back"
	cmp -s "$tmp/$g.back" "$data/ki2/$g.compact" || fail "$g.ki2 reads back otherwise: $(diff "$data/ki2/$g.compact" "$tmp/$g.back" | head -5)"
done
# 行 for 上, as some writers put it, reads the same.
sed '/^[▲△]/s/上/行/' "$data/ki2/words.ki2" | "$bin/kifu-convert" --to compact | cmp -s - "$data/ki2/words.compact" ||
	fail "行 for 上 reads otherwise"
"$bin/kifu-convert" --to ki2 "$data/fixtures/writer.compact" >"$tmp/writer.ki2" 2>"$tmp/err"
cmp -s "$tmp/writer.ki2" "$data/ki2/writer.ki2" || fail "writer.ki2: $(diff "$data/ki2/writer.ki2" "$tmp/writer.ki2" | head -5)"
# KI2 has no times: said, once for the record
echo "kifu-convert: $data/fixtures/writer.compact:1: ki2 cannot carry times: left out" >"$tmp/want"
cmp -s "$tmp/err" "$tmp/want" || fail "writer.ki2: times dropped: $(cat "$tmp/err")"
"$bin/kifu-convert" --to compact "$data/fixtures/writer.compact" | sed 's/@[0-9/]*//g' >"$tmp/untimed"
"$bin/kifu-convert" --to compact "$data/ki2/writer.ki2" | cmp -s - "$tmp/untimed" || fail "writer.ki2 reads back otherwise"
# Shift_JIS output is the same text.
"$bin/kifu-convert" --to ki2 --encoding=sjis "$data/fixtures/writer.compact" 2>/dev/null | iconv -f CP932 -t UTF-8 |
	sed 's/encoding=Shift_JIS/encoding=UTF-8/' | cmp -s - "$data/ki2/writer.ki2" || fail "Shift_JIS KI2 differs"

# 2. The lines Kifu for Windows wrote: every move line, まで line, 変化 line
# and comment of its KI2 files, byte for byte (six moves to a line, padded
# to 12 columns; 同　歩 but 同香成; the relative words of a tsume with four
# 馬), but for one choice: its まで61手詰 after a diagram, which tsshogi
# does not read as mate, is written as it writes mate in a game, まで3手で詰.
for b in 8mai 9fu fork chudan noeol illegal kobayashi_kinsho196702; do
	f=$data/kifu-for-js/$b.ki2
	iconv -f CP932 -t UTF-8 "$f" | tr -d '\r' | grep -E '^[▲△]|^まで|^変化|^\*' |
		sed 's/^\(まで[0-9]*手\)詰$/\1で詰/' >"$tmp/orig"
	"$bin/kifu-convert" --to ki2 "$f" 2>/dev/null | grep -E '^[▲△]|^まで|^変化|^\*' >"$tmp/ours"
	cmp -s "$tmp/orig" "$tmp/ours" || fail "$b.ki2: lines differ from Kifu for Windows': $(diff "$tmp/orig" "$tmp/ours" | head -3)"
done
# The words other writers chose (tsshogi's exports, a 銀河戦 record, 電王戦),
# whatever their spacing: move for move the same.
moves() { grep -E '^[▲△]' | grep -o '[▲△][^▲△ ]*' | sed 's/　//g'; }
for f in "$data"/kifu-for-js/20091203.ki2 "$data"/kifu-for-js/denou3-1.ki2 "$data"/tsshogi/*.ki2; do
	(iconv -f CP932 -t UTF-8 "$f" 2>/dev/null || cat "$f") | tr -d '\r' | moves >"$tmp/orig"
	"$bin/kifu-convert" --to ki2 "$f" 2>/dev/null | moves >"$tmp/ours"
	cmp -s "$tmp/orig" "$tmp/ours" || fail "$f: words differ: $(diff "$tmp/orig" "$tmp/ours" | head -3)"
done

# 3. Every move reads back as itself: random legal games of every 9x9
# variant, and every legal move of every position along other games (a
# record each, from a board diagram).
for v in shogi asakura sho shozogi shozogi-gold; do
	"$gen" -v "$v" -n 150 -p 300 -s 21 >"$tmp/g"
	"$bin/kifu-convert" --to ki2 "$tmp/g" | "$bin/kifu-convert" --to compact >"$tmp/g2"
	cmp -s "$tmp/g" "$tmp/g2" || fail "$v: compact -> KI2 -> compact changed games: $(diff "$tmp/g" "$tmp/g2" | head -2)"
	"$gen" -v "$v" -n 4 -p 120 -s 5 -a >"$tmp/a"
	"$bin/kifu-convert" --to ki2 "$tmp/a" | "$bin/kifu-convert" --to compact >"$tmp/a2"
	cmp -s "$tmp/a" "$tmp/a2" || fail "$v: a move of some position reads back otherwise: $(diff "$tmp/a" "$tmp/a2" | head -2)"
done
# Real records, KIF and KI2, written as KI2 read back as the same moves.
for f in "$data"/kifu-for-js/*.ki* "$data"/tsshogi/*.ki*; do
	case $f in *fork-test.kif) continue ;; esac
	"$bin/kifu-convert" --to compact "$f" 2>/dev/null | sed 's/@[0-9/]*//g' >"$tmp/c1"
	[ -s "$tmp/c1" ] || continue
	"$bin/kifu-convert" --to ki2 "$tmp/c1" | "$bin/kifu-convert" --to compact >"$tmp/c2"
	cmp -s "$tmp/c1" "$tmp/c2" || fail "$f: KI2 round trip: $(diff "$tmp/c1" "$tmp/c2" | head -3)"
done

# 4. What KI2 cannot write is refused, where it is: a move no reader can find
# (an illegal move of a piece that is not pinned), a board over 9x9.
printf 'shogi : 7g7f 3c3d 7f7d\n' >"$tmp/illegal"
"$bin/kifu-convert" --to ki2 "$tmp/illegal" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && [ ! -s "$tmp/out" ] || fail "an unwritable move: not refused"
echo "kifu-convert: $tmp/illegal:1:19: ply 3: 7f7d: an illegal move, which a KI2 reader cannot find: cannot write it in KI2" >"$tmp/want"
cmp -s "$tmp/err" "$tmp/want" || fail "an unwritable move: $(cat "$tmp/err")"
printf 'dai : 9k9j\n' | "$bin/kifu-convert" --to ki2 >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || fail "dai in KI2: not refused"
grep -q "KI2 is written for boards of at most 9x9, and dai has a 15x15 board" "$tmp/err" || fail "dai in KI2: $(cat "$tmp/err")"
# Several records in one stream: each after its own #KI2 line, read back apart.
"$gen" -v shogi -n 20 -p 40 -s 3 >"$tmp/many"
"$bin/kifu-convert" --to ki2 "$tmp/many" | "$bin/kifu-convert" --to compact | cmp -s - "$tmp/many" || fail "a stream of KI2 records"
# --from ki2 reads with the KIF-family reader; telling the notation of an
# input does not name ki2 (it reads as kif).
"$bin/kifu-convert" --from ki2 --to compact "$data/ki2/endings.ki2" | cmp -s - "$data/ki2/endings.compact" || fail "--from ki2"

if [ "$fails" -ne 0 ]; then
	echo "ki2.sh: $fails failures"
	exit 1
fi
exit 0
