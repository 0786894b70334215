#!/bin/bash
# The KIF and KI2 dialects real programs write (docs/kif.md, "Dialects"),
# each a small file in that form (tests/data/kif/dialects/, written for
# these tests), read to the record checked by hand.
#
#     dialects.sh BINDIR
set -u
bin=$1
dir=tests/data/kif/dialects
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# FILE COMPACT: the file reads as the record COMPACT, valid, with nothing
# on standard error.
check() {
	"$bin/kifu-convert" --to compact "$dir/$1" >"$tmp/out" 2>"$tmp/err"
	[ "$(cat "$tmp/out")" = "$2" ] || fail "$1: got $(cat "$tmp/out")"
	[ -s "$tmp/err" ] && fail "$1: $(cat "$tmp/err")"
	"$bin/kifu-validate" -q "$dir/$1" || fail "$1: not valid"
}

# 81Dojo: a single space after the move number, unpadded times, a move's
# time with no total ( 0:7/).
check 81dojo-times.kif 'shogi site=81Dojo date=2025/05/01%2021:00:00 sente=alice gote=bob handicap=平手 time-control=15分+60秒 : 7g7f@4/4 3c3d@12/12 2g2f@65/69 8c8d@7 resign@3'
# ☗ ☖ and ▼ ▽ for ▲ △, in KI2 and before KIF moves.
check marks.ki2 'shogi sente=甲 gote=乙 : 7g7f 3c3d 8h2b+ 3a2b B*4e 6a5b abort'
check marks.kif 'shogi handicap=平手 : 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e resign'
# 封じ手, as a KIF special move and in KI2's まで line.
check sealed.kif 'shogi sente=甲 gote=乙 handicap=平手 : 7g7f@1/1 3c3d@2/2 sealed@30/31'
check sealed.ki2 'shogi sente=甲 gote=乙 handicap=平手 : 7g7f 3c3d sealed'
# Engines' lines (**対局 …, **解析 …) are comments like any other, kept whole.
check engine-comments.kif 'shogi handicap=平手 : 7g7f{*対局%20時間%2000:01.2%20深さ%2018/32%20ノード数%201234567%20評価値%2045%20読み筋%20△３四歩(33)%20▲２六歩(27)%20△８四歩(83)}@1/1 3c3d{*解析%200%20候補1%20時間%2000:03.0%20深さ%2020/35%20ノード数%203456789%20評価値%20-30%20読み筋%20▲２六歩(27)%20△８四歩(83)%0A人のコメント}@2/2'
# 手合割：詰将棋 with the diagram giving the start; まで1手詰.
check tsume.kif 'shogi handicap=詰将棋 sfen=8k/9/8P/9/9/9/9/9/9_b_G2r2b3g4s4n4l17p_1 : G*1b mate'
# 不成 and 生, in KIF and KI2.
check nopromote.kif 'shogi handicap=平手 : 7g7f 3c3d 8h2b 3a2b B*4e 6a5b 4e6c 5b6c'
check nopromote.ki2 'shogi : 7g7f 3c3d 8h2b 3a2b B*4e 6a5b 4e6c 5b6c'
# 同歩 with no space, 同 飛 with an ASCII one.
check same-spaces.kif 'shogi handicap=平手 : 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d'
check same-spaces.ki2 'shogi : 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d'
# 王 and 玉 for either king.
check king-names.kif 'shogi handicap=平手 : 5i5h 5a5b 5h4h 5b6b'
# Half-width digits for a square in KI2 (▲76歩).
check halfwidth.ki2 'shogi : 7g7f 3c3d 8h2b+ 3a2b B*4e 6a5b'
# Headers commented out with # are not headers.
check hash-headers.kif 'shogi sente=甲 gote=乙 : 7g7f'
# 手合割: with a half-width colon.
check halfwidth-colon.kif 'shogi sente=甲 gote=乙 handicap=平手 : 7g7f'
# KI2's 時間切れにより…の勝ち; an ending given by a まで line alone, with
# no move at all.
check timeout.ki2 'shogi handicap=平手 : 7g7f 3c3d 2g2f timeout'
check ending-only.ki2 'shogi sente=甲 gote=乙 handicap=平手 : resign'

# 投了, then 中断 (or a まで line saying another ending): the first ending
# ends the game; what comes after is passed over, and a note names it, at
# its line.  The record is valid; -q says nothing.
for f in resign-then-abort.kif ending-conflict.kif; do
	"$bin/kifu-convert" --to compact "$dir/$f" >"$tmp/$f.out" 2>"$tmp/$f.err" || fail "$f: status $?"
	"$bin/kifu-validate" -q "$dir/$f" 2>"$tmp/q" || fail "$f: not valid"
	[ -s "$tmp/q" ] && fail "$f: -q: $(cat "$tmp/q")"
done
[ "$(cat "$tmp/resign-then-abort.kif.out")" = 'shogi handicap=平手 : 7g7f@1/1 3c3d@2/2 resign@3/4' ] ||
	fail "resign-then-abort.kif: $(cat "$tmp/resign-then-abort.kif.out")"
[ "$(cat "$tmp/resign-then-abort.kif.err")" = "kifu-convert: $dir/resign-then-abort.kif:6:6: note: the game ended with 投了 (line 5): 中断 is passed over" ] ||
	fail "resign-then-abort.kif: $(cat "$tmp/resign-then-abort.kif.err")"
[ "$(cat "$tmp/ending-conflict.kif.out")" = 'shogi handicap=平手 : 7g7f 3c3d resign' ] ||
	fail "ending-conflict.kif: $(cat "$tmp/ending-conflict.kif.out")"
[ "$(cat "$tmp/ending-conflict.kif.err")" = "kifu-convert: $dir/ending-conflict.kif:6:1: note: the game ended with 投了 (line 5): まで2手で中断 is passed over" ] ||
	fail "ending-conflict.kif: $(cat "$tmp/ending-conflict.kif.err")"
# A まで line that agrees with the ending (as Kifu for Windows writes one
# after every line) is no note: the real files have none.
for f in tests/data/kif/kifu-for-js/*.ki* tests/data/kif/tsshogi/*.ki*; do
	"$bin/kifu-validate" "$f" 2>&1 >/dev/null | grep -q ': note: ' && fail "$f: a note"
done

# Files that each begin with a byte order mark, joined by cat: a BOM at the
# start of every record is skipped, whatever the notation.
cat "$dir/bom-a.kifu" "$dir/bom-b.kifu" | "$bin/kifu-convert" --to compact >"$tmp/out" 2>"$tmp/err"
printf '%s\n' 'shogi sente=一 : 7g7f' 'shogi sente=二 : 2g2f abort' | cmp -s - "$tmp/out" ||
	fail "BOMs: $(cat "$tmp/out" "$tmp/err")"
printf 'shogi : 7g7f\n\xef\xbb\xbfshogi : 2g2f\n' | "$bin/kifu-convert" --to compact >"$tmp/out" 2>"$tmp/err"
printf '%s\n' 'shogi : 7g7f' 'shogi : 2g2f' | cmp -s - "$tmp/out" || fail "BOM in compact: $(cat "$tmp/out" "$tmp/err")"

# A variation whose first move number is not its 変化：N手: an error at that
# move's line (the record says two things; neither is taken on trust).
"$bin/kifu-convert" --to compact "$dir/variation-number.kif" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || fail "variation-number.kif: not refused"
[ "$(cat "$tmp/err")" = "kifu-convert: $dir/variation-number.kif:8:6: in the variation from ply 3: ply 3: ６八銀(79): the move number is 4, not the next ply, 3" ] ||
	fail "variation-number.kif: $(cat "$tmp/err")"

if [ "$fails" -ne 0 ]; then
	echo "dialects.sh: $fails failures"
	exit 1
fi
exit 0
