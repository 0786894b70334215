#!/bin/bash
# Golden tests of kifu-replay: the text diagram, SFEN lines (checked by hand
# and against one-move replays of long random Dai games), --ply / --every /
# --from-ply / --to-ply, -o DIR's file names, an illegal move's message and status,
# the BOD diagram read back, and the SVG's structure (pieces on the squares
# the SFEN says, Gote's turned, the last move shaded).
#
#     replay.sh BINDIR
set -u
bin=$1
r=$bin/kifu-replay
data=tests/data/replay
gen=$(dirname "$bin")/tests/gen-records
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL $*"; fails=$((fails + 1)); }
check() { # NAME EXPECTED-FILE GOT-FILE
	diff -u "$2" "$3" || fail "$1"
}
status() { # NAME EXPECTED GOT
	[ "$2" = "$3" ] || fail "$1: exit status $3, expected $2"
}
same() { # NAME EXPECTED GOT (strings)
	[ "$2" = "$3" ] || fail "$1: got '$3', expected '$2'"
}

# 1. The text diagram of a small position, checked by hand: 7g7f 3c3d
# 8h2b+ 3a2b B*4e (the Bishops exchanged, Sente's dropped on 4e, Gote holds
# one; Gote to move).
"$r" "$data/shogi5.compact" >"$tmp/got" 2>"$tmp/err"
status text 0 $?
check text "$data/shogi5.txt" "$tmp/got"
[ -s "$tmp/err" ] && fail "text: unexpected stderr: $(cat "$tmp/err")"

# 2. SFEN after each move of formats/compact.md's Dai record, worked out by hand
# (samples/dai-brief.compact): Copper 11o-12n, Iron 4a-4b, pawn 9k-9j, Kirin
# 7c-5c, Dragon Horse 10l-3e capturing a pawn and promoting (+H), Knight
# 14a-15c, the Falcon's igui on the Side Mover at 3d.
cat >"$tmp/want" <<'EOF'
lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1
lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'CF1TET1F1C'1A/LNUI1SGKGSCIUNL w - 2
lnuicsgkgsc1unl/a1c'1f1tet1fic'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'CF1TET1F1C'1A/LNUI1SGKGSCIUNL b - 3
lnuicsgkgsc1unl/a1c'1f1tet1fic'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'1P3P'4/PPPPPP1PPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'CF1TET1F1C'1A/LNUI1SGKGSCIUNL w - 4
lnuicsgkgsc1unl/a1c'1f1tet1fic'1a/1x'1a'1wxl!1woa'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'1P3P'4/PPPPPP1PPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'CF1TET1F1C'1A/LNUI1SGKGSCIUNL b - 5
lnuicsgkgsc1unl/a1c'1f1tet1fic'1a/1x'1a'1wxl!1woa'1x'1/rf'mvbhdqdhbvmf'r/pppppppppppp+Hpp/4p'5p'4/15/15/15/4P'1P3P'4/PPPPPP1PPPPPPPP/RF'MVB1DQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'CF1TET1F1C'1A/LNUI1SGKGSCIUNL w - 6
l1uicsgkgsc1unl/a1c'1f1tet1fic'1a/nx'1a'1wxl!1woa'1x'1/rf'mvbhdqdhbvmf'r/pppppppppppp+Hpp/4p'5p'4/15/15/15/4P'1P3P'4/PPPPPP1PPPPPPPP/RF'MVB1DQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'CF1TET1F1C'1A/LNUI1SGKGSCIUNL b - 7
l1uicsgkgsc1unl/a1c'1f1tet1fic'1a/nx'1a'1wxl!1woa'1x'1/rf'mvbhdqdhbv1f'r/pppppppppppp+Hpp/4p'5p'4/15/15/15/4P'1P3P'4/PPPPPP1PPPPPPPP/RF'MVB1DQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'CF1TET1F1C'1A/LNUI1SGKGSCIUNL w - 8
EOF
"$r" --format=sfen --every samples/dai-brief.compact >"$tmp/got"
status sfen-every 0 $?
check sfen-every "$tmp/want" "$tmp/got"
"$r" --format=sfen samples/dai-brief.compact >"$tmp/got"
tail -n 1 "$tmp/want" | cmp -s - "$tmp/got" || fail "sfen-last: not the position after the last move"
"$r" --format=sfen --ply 4 samples/dai-brief.compact >"$tmp/got"
sed -n 5p "$tmp/want" | cmp -s - "$tmp/got" || fail "sfen --ply 4"

# 3. Which plies: --every is 0..P, --from-ply/--to-ply a range (clamped to the
# record), --ply one position; a ply beyond the record is status 1.
count() { "$r" --format=sfen "$@" samples/dai-brief.compact 2>/dev/null | wc -l; }
same every 8 "$(count --every)"
same from-to 3 "$(count --from-ply 2 --to-ply 4)"
same from 3 "$(count --from-ply 5)"
same to 2 "$(count --to-ply 1)"
same to-clamped 8 "$(count --to-ply 99)"
same ply-0 1 "$(count --ply 0)"
"$r" --format=sfen --from-ply 2 --to-ply 4 samples/dai-brief.compact >"$tmp/got"
sed -n 3,5p "$tmp/want" | cmp -s - "$tmp/got" || fail "from-to: wrong positions"
"$r" --format=sfen --ply 8 samples/dai-brief.compact >"$tmp/got" 2>"$tmp/err"
status ply-beyond 1 $?
echo "kifu-replay: samples/dai-brief.compact:5: no ply 8: the record has 7 moves" >"$tmp/want-err"
check ply-beyond-message "$tmp/want-err" "$tmp/err"
[ -s "$tmp/got" ] && fail "ply-beyond: printed a position"

# 4. -o DIR/: one file per position, BASE-RECORD-PLY.EXT, the numbers of four
# digits; standard input is "stdin"; the directory is made if missing (a
# PATH that is no directory and does not end in / is a file: kifu(7)).
"$r" --format=sfen --every -o "$tmp/out/" samples/dai-brief.compact
status dash-o 0 $?
(cd "$tmp/out" && ls) >"$tmp/got"
for p in 0 1 2 3 4 5 6 7; do echo "dai-brief-0001-000$p.sfen"; done >"$tmp/want-ls"
check dash-o-names "$tmp/want-ls" "$tmp/got"
sed -n 8p "$tmp/want" | cmp -s - "$tmp/out/dai-brief-0001-0007.sfen" || fail "dash-o: 0007 content"
printf 'shogi : 7g7f\nshogi : 2g2f 8c8d\n' | "$r" --format=svg -o "$tmp/svgs/"
status dash-o-stdin 0 $?
(cd "$tmp/svgs" && ls) >"$tmp/got"
printf 'stdin-0001-0001.svg\nstdin-0002-0002.svg\n' >"$tmp/want-ls"
check dash-o-stdin-names "$tmp/want-ls" "$tmp/got"
left=$(find "$tmp/out" "$tmp/svgs" -name '*.tmp*' | wc -l)
same no-temporary-left 0 "$left"

# 5. An illegal move stops its record with kifu-validate's message (status
# 1); the position reached is shown and the next record follows.
"$r" --format=sfen "$data/illegal.compact" >"$tmp/got" 2>"$tmp/err"
status illegal 1 $?
cat >"$tmp/want-ill" <<'EOF'
lnsgkgsnl/1r5B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4
lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3
EOF
check illegal-positions "$tmp/want-ill" "$tmp/got"
echo "kifu-replay: $data/illegal.compact:2:24: ply 4: 2b3c: it is Gote's turn, and the Bishop on 2b is Sente's" >"$tmp/want-err"
check illegal-message "$tmp/want-err" "$tmp/err"
"$bin/kifu-validate" "$data/illegal.compact" 2>&1 | sed 's/^kifu-validate:/kifu-replay:/' >"$tmp/val"
check illegal-as-validate "$tmp/val" "$tmp/err"

# 6. The BOD diagram (--format=kif) reads back as the same position.
{ "$r" --format=kif "$data/shogi5.compact"; echo '手数----指手---------消費時間--'; } >"$tmp/bod.kif"
"$bin/kifu-convert" --to compact "$tmp/bod.kif" | sed 's/.*sfen=\([^ ]*\) .*/\1/; s/_/ /g' >"$tmp/got"
"$r" --format=sfen "$data/shogi5.compact" >"$tmp/want-bod"
check bod-reads-back "$tmp/want-bod" "$tmp/got"

# 7. Long random Dai games: the position after move k is the position after
# playing move k alone from the SFEN after move k-1 (a record with that
# sfen= tag), for every k; and kifu-validate agrees each such record is legal.
"$gen" -v dai -n 3 -p 300 -s 11 >"$tmp/dai.compact"
: >"$tmp/all-after"
: >"$tmp/one-move"
while IFS= read -r rec; do
	printf '%s\n' "$rec" | "$r" --format=sfen --every >"$tmp/every"
	tail -n +2 "$tmp/every" >>"$tmp/all-after"
	printf '%s\n' "${rec#* : }" | tr ' ' '\n' | grep -v '^$' >"$tmp/moves"
	head -n -1 "$tmp/every" | tr ' ' '_' | paste -d ' ' - "$tmp/moves" |
		awk '{ print "dai sfen=" $1 " : " $2 }' >>"$tmp/one-move"
done <"$tmp/dai.compact"
plies=$(sed "s/.* : //" "$tmp/dai.compact" | wc -w)
[ "$plies" -gt 600 ] || fail "dai: only $plies plies generated"
same dai-plies "$plies" "$(wc -l <"$tmp/all-after")"
"$r" --format=sfen "$tmp/one-move" >"$tmp/got"
status dai-one-move 0 $?
check dai-one-move "$tmp/all-after" "$tmp/got"
"$bin/kifu-validate" -q "$tmp/one-move" || fail "dai-one-move: kifu-validate disagrees"

# 8. The 成 mark in the kanji diagram: Dai's promoted Gold is a 飛車 and
# its promoted Iron a 金将, written 成飛 and v成金; the Lion is 獅子.
echo "dai sfen=7k7/15/15/15/15/15/15/3+G3+i2L!4/15/15/15/15/15/15/7K7_b_-_1 :" >"$tmp/mark.compact"
"$r" "$tmp/mark.compact" | grep -F '|八' >"$tmp/got"
echo '| ・   ・   ・   成飛 ・   ・   ・  v成金 ・   ・   獅子 ・   ・   ・   ・  |八' >"$tmp/want-mark"
check kanji-mark "$tmp/want-mark" "$tmp/got"
"$r" "$tmp/mark.compact" | grep -F '| h 八' >"$tmp/got"
echo '|  .   .   .  +G   .   .   .  +i   .   .   L!  .   .   .   . | h 八' >"$tmp/want-mark"
check compact-mark "$tmp/want-mark" "$tmp/got"

# 9. The SVG's structure, for the Dai record's last position: a UTF-8 XML
# document whose viewBox fits the board, the position in data-sfen, one
# <use> per piece on the square the SFEN says (read back from its layer, its
# row and its x, as a script would), each kind of piece defined once with
# its SFEN token, Gote's layer turned 180° about the board's centre,
# promoted pieces red, the igui's squares shaded, files 15..1 across the top
# and ranks 一..十五 down the right, no hands (Dai has no drops), the
# caption in kanji.
"$r" --format=svg samples/dai-brief.compact >"$tmp/b.svg"
status svg 0 $?
svg=$tmp/b.svg
same svg-xml-declaration '<?xml version="1.0" encoding="UTF-8"?>' "$(head -n 1 "$svg")"
same svg-end '</svg>' "$(tail -n 1 "$svg")"
grep -q '^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 716 790" width="716" height="790" ' "$svg" ||
	fail "svg: root element or viewBox"
same svg-sfen "$(tail -n 1 "$tmp/want")" "$(sed -n 's/^<svg .* data-sfen="\([^"]*\)">$/\1/p' "$svg")"
same svg-g-balanced "$(grep -c '<g[ >]' "$svg")" "$(grep -c '</g>' "$svg")"
same svg-svg-balanced "$(grep -c '<svg[ >]' "$svg")" "$(grep -c '</svg>' "$svg")"
# the pieces as "square side piece", sorted, from the SVG and from the SFEN
sfen_pieces() { # FILES < SFEN: "square side PIECE" per piece
	awk -v files="$1" '{
	n = split($1, rank, "/")
	for (r = 1; r <= n; r++) {
		s = rank[r]; f = files
		while (length(s) > 0) {
			if (match(s, /^[0-9]+/)) { f -= substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1); continue }
			match(s, /^\+?[A-Za-z]['"'"'!]?/)
			t = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1)
			side = t ~ /[a-z]/ ? "gote" : "sente"
			printf "%d%c %s %s\n", f, 96 + r, side, toupper(t); f--
		}
	}
}' | sort
}
# Each piece on the board is <use href="#ID" x="X"/> in a row <svg y="Y">
# of its side's layer <g class="pieces" data-side="SIDE">; the layer of the
# side at the top is turned 180° about the board's centre (rotate(180 CX
# CY)), so that its X and Y are 2CX-x and 2CY-y; ID's definition says the
# piece (data-piece).  The square follows from the board's rectangle (44×48
# squares), the picture being flipped when Sente's layer is the turned one.
svg_uses() { # < SVG: "SIDE TURNED ROW-Y X ID" per piece on the board, as written
	awk '
	function attr(n,  s) { if (!match($0, " " n "=\"[^\"]*\"")) return ""; return substr($0, RSTART + length(n) + 3, RLENGTH - length(n) - 4) }
	/^<g class="pieces" data-side="/ { side = attr("data-side"); turned = index($0, "transform=") > 0; next }
	side != "" && /^<\/g>$/ { side = ""; next }
	side != "" && /^<svg y="[0-9]*">$/ { y = attr("y"); next }
	side != "" && /^<use href="#[^"]*" x="[0-9]*"\/>$/ { id = attr("href"); print side, turned, y, attr("x"), substr(id, 2); next }
	side != "" && !/^<\/svg>$/ { print "unexpected: " $0 }'
}
svg_pieces() { # < SVG: "square side PIECE" per piece on the board
	awk '
	function attr(n,  s) { if (!match($0, " " n "=\"[^\"]*\"")) return ""; return substr($0, RSTART + length(n) + 3, RLENGTH - length(n) - 4) }
	/^<g id="/ { piece[attr("id")] = attr("data-piece"); next }
	/^<rect class="board"/ { bx = attr("x"); by = attr("y"); files = attr("width") / 44; ranks = attr("height") / 48; next }
	/^<g class="pieces" data-side="/ {
		side = attr("data-side"); cx = cy = 0
		if (match($0, /rotate\(180 [0-9]+ [0-9]+\)/)) { split(substr($0, RSTART + 7, RLENGTH - 8), c, " "); cx = c[2]; cy = c[3] }
		flip = (side == "sente") == (cx > 0); next }
	side != "" && /^<\/g>$/ { side = ""; next }
	side != "" && /^<svg y="/ { y = attr("y"); next }
	side != "" && /^<use href="#/ {
		id = substr(attr("href"), 2); x = attr("x"); yy = y
		if (cx > 0) { x = 2 * cx - x; yy = 2 * cy - y }
		col = (x - bx - 22) / 44; row = (yy - by - 24) / 48
		if (col != int(col) || row != int(row) || col < 0 || col >= files || row < 0 || row >= ranks || !(id in piece)) {
			print "off the squares: " $0; next }
		file = flip ? col + 1 : files - col; rank = flip ? ranks - row : row + 1
		p = piece[id]; gsub(/&quot;/, "\"", p)
		printf "%d%c %s %s\n", file, 96 + rank, side, p }' | sort
}
svg_pieces <"$svg" >"$tmp/svg-pieces"
tail -n 1 "$tmp/want" | sfen_pieces 15 >"$tmp/sfen-pieces"
same svg-piece-count 128 "$(wc -l <"$tmp/svg-pieces")"
check svg-pieces "$tmp/sfen-pieces" "$tmp/svg-pieces"
# each piece carries nothing but its definition and its x
same svg-pieces-plain "" "$(grep '^<use href=' "$svg" | grep -v '^<use href="#[uk][0-9]*" x="[0-9]*"/>$')"
svg_uses <"$svg" >"$tmp/uses"
same svg-uses-read "" "$(grep unexpected "$tmp/uses")"
# each kind defined once, with its token; Gote's layer, and only it, turned
# about the board's centre (16 + 15 × 44 / 2, 32 + 15 × 48 / 2)
same svg-defs-once "$(grep -o '<g id="[a-z0-9]*"' "$svg" | sort | uniq -d)" ""
same svg-defs-token "$(grep -c '^<g id=' "$svg")" "$(grep -c '^<g id="[uk][0-9]*"\( class="[ap ]*"\)\? data-piece="[^"]*"><use href="#o"/>' "$svg")"
same svg-layers "$(printf '%s\n' '<g class="pieces" data-side="sente">' '<g class="pieces" data-side="gote" transform="rotate(180 346 392)">')" \
	"$(grep '^<g class="pieces"' "$svg")"
grep -qx '3e sente +H' "$tmp/svg-pieces" || fail "svg: the Horned Falcon on 3e"
# the promoted kinds (the Horned Falcon) are drawn red
same svg-promoted-red 1 "$(grep -c '^<g id="u[0-9]*" class="\(a \)\?p" data-piece="+' "$svg")"
grep -q '^\.p text{fill:#c8102e}' "$svg" || grep -q '}\.p text{fill:#c8102e}' "$svg" || fail "svg: no red for promoted pieces"
# Gote's Kirin on 5c (file 5's column at x 478, rank 3's row at y 152),
# written in Gote's turned layer at 692 - 478 and 784 - 152
kirin=$(sed -n 's/^<g id="\([a-z0-9]*\)" data-piece="O">.*/\1/p' "$svg")
grep -qx "gote 1 632 214 $kirin" "$tmp/uses" || fail "svg: Gote's Kirin on 5c, in file 5's column and rank 3's row"
# the kings: Sente's 玉将, Gote's 王将 (the upper side's, as printed diagrams draw it)
grep -q '^<g id="u0" data-piece="K"><use href="#o"/><text y="-5">玉</text><text y="12">将</text></g>$' "$svg" ||
	fail "svg: Sente's king is not 玉将"
grep -q '^<g id="k0" data-piece="K"><use href="#o"/><text y="-5">王</text><text y="12">将</text></g>$' "$svg" ||
	fail "svg: Gote's king is not 王将"
same svg-kings "gote k0 sente u0" "$(awk '$5 ~ /0$/ && $5 !~ /[0-9]0$/ { print $1, $5 }' "$tmp/uses" | sort | tr '\n' ' ' | sed 's/ $//')"
# the last move 3e3d3e: its target and the captured Side Mover's square
grep -q '^<rect class="last-to" data-square="3e" x="544" y="224" ' "$svg" || fail "svg: last move's square"
grep -q '^<rect class="last-mid" data-square="3d" x="544" y="176" ' "$svg" || fail "svg: igui's square"
same svg-last-from 0 "$(grep -c 'class="last-from"' "$svg")"
# coordinates, a caption in the record's kanji notation, no hands without drops
labels() { sed -n "/^<svg class=\"coord $1\" [xy]=\"[0-9]*\">/,/^<\/svg>/s/^<text [^>]*>\([^<]*\)<.*/\1/p" "$2" | tr '\n' ' ' | sed 's/ $//'; }
same svg-files "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1" "$(labels file "$svg")"
same svg-ranks "一 二 三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五" "$(labels rank "$svg")"
grep -q '^<svg class="coord file" y="20">$' "$svg" || fail "svg: the files' row"
grep -q '^<svg class="coord rank" x="696">$' "$svg" || fail "svg: the ranks' column"
same svg-caption '大将棋 · 7手目 ▲3五角鷹（居食い） まで' "$(sed -n 's/^<text class="caption"[^>]*>\(.*\)<\/text>$/\1/p' "$svg")"
grep -q 'class="hand' "$svg" && fail "svg: hands drawn for Dai, which has no drops"
# standard shogi: the hands, each piece in hand with its count, turned
# for Gote, a drop's square
"$r" --format=svg "$data/shogi5.compact" >"$tmp/s.svg"
grep -q '^<g class="hand" data-side="gote">' "$tmp/s.svg" || fail "svg: Gote's hand"
grep -q '^<g class="hand" data-side="sente">' "$tmp/s.svg" || fail "svg: Sente's hand"
grep -q '^<use class="hand-piece" href="#u[0-9]*" data-piece="B" data-side="gote" data-count="1" transform="translate([0-9]* [0-9]*) scale(-.8)"/>$' "$tmp/s.svg" ||
	fail "svg: Gote's Bishop in hand"
grep -q '^<rect class="last-to" data-square="4e"' "$tmp/s.svg" || fail "svg: a drop's square"
svg_pieces <"$tmp/s.svg" >"$tmp/got"
"$r" --format=sfen "$data/shogi5.compact" | sfen_pieces 9 >"$tmp/want-s"
check svg-shogi-pieces "$tmp/want-s" "$tmp/got"
same svg-caption-drop '本将棋 · 5手目 ▲４五角打 まで' "$(sed -n 's/^<text class="caption"[^>]*>\(.*\)<\/text>$/\1/p' "$tmp/s.svg")"
"$r" --format=svg --ply 0 "$data/shogi5.compact" | grep -q '^<text class="caption"[^>]*>本将棋 · 開始局面</text>$' ||
	fail "svg: the start's caption"
"$r" --format=svg --ply 4 "$data/shogi5.compact" | grep -q '>本将棋 · 4手目 △同　銀(31) まで<' &&
	fail "svg: 同 in a caption, which has no move before it to refer to"
# two in hand: the count beside the piece; Sente's upright
printf 'shogi sfen=lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL_b_2RBb_1 :\n' >"$tmp/two.compact"
"$r" --format=svg "$tmp/two.compact" >"$tmp/two.svg"
grep -q '^<use class="hand-piece" href="#u[0-9]*" data-piece="B" data-side="sente" data-count="1" transform="translate([0-9]* [0-9]*) scale(.8)"/>$' "$tmp/two.svg" ||
	fail "svg: Sente's Bishop in hand, upright"
grep -q '^<use class="hand-piece" href="#u[0-9]*" data-piece="R" data-side="sente" data-count="2" ' "$tmp/two.svg" ||
	fail "svg: Sente's two Rooks in hand"
grep -q '^<text class="count" [^>]*>×2</text>$' "$tmp/two.svg" || fail "svg: the count ×2"

# 9b. --flip: seen from Gote's side, files 1..N across the top, ranks from
# the bottom, Sente's layer turned, Sente's hand on top; the pieces stay on
# their squares.
"$r" --format=svg --flip samples/dai-brief.compact >"$tmp/f.svg"
status svg-flip 0 $?
svg_pieces <"$tmp/f.svg" >"$tmp/got"
check svg-flip-pieces "$tmp/sfen-pieces" "$tmp/got"
same svg-flip-files "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15" "$(labels file "$tmp/f.svg")"
same svg-flip-ranks "十五 十四 十三 十二 十一 十 九 八 七 六 五 四 三 二 一" "$(labels rank "$tmp/f.svg")"
same svg-flip-layers "$(printf '%s\n' '<g class="pieces" data-side="sente" transform="rotate(180 346 392)">' '<g class="pieces" data-side="gote">')" \
	"$(grep '^<g class="pieces"' "$tmp/f.svg")"
# Gote's Kirin on 5c: file 5 is the 5th column from the left, rank 3 the 13th row
svg_uses <"$tmp/f.svg" >"$tmp/uses"
grep -qx "gote 0 632 214 $kirin" "$tmp/uses" || fail "svg --flip: Gote's Kirin on 5c"
"$r" --format=svg --flip "$data/shogi5.compact" >"$tmp/sf.svg"
sed -n 's/^<g class="hand" data-side="\([a-z]*\)">$/\1/p' "$tmp/sf.svg" | tr '\n' ' ' | grep -qx 'sente gote ' ||
	fail "svg --flip: Sente's hand on top"
grep -q '^<use class="hand-piece" href="#u[0-9]*" data-piece="B" data-side="gote" data-count="1" transform="translate([0-9]* [0-9]*) scale(.8)"/>$' "$tmp/sf.svg" ||
	fail "svg --flip: Gote's Bishop in hand, upright"
svg_pieces <"$tmp/sf.svg" >"$tmp/got"
check svg-flip-shogi-pieces "$tmp/want-s" "$tmp/got"

# 9c. --size PX: the board's width in pixels, the picture scaled with it;
# --coordinates=compact (ranks a..), none (no labels, a smaller picture).
"$r" --format=svg --size 330 samples/dai-brief.compact | grep -q '^<svg [^>]* viewBox="0 0 716 790" width="358" height="395" ' ||
	fail "svg --size 330: the picture is not half of 716x790"
"$r" --format=svg --coordinates=compact samples/dai-brief.compact >"$tmp/c.svg"
same svg-compact-ranks "a b c d e f g h i j k l m n o" "$(labels rank "$tmp/c.svg")"
same svg-compact-files "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1" "$(labels file "$tmp/c.svg")"
"$r" --format=svg --coordinates=none samples/dai-brief.compact >"$tmp/n.svg"
grep -q 'class="coord' "$tmp/n.svg" && fail "svg --coordinates=none: labels drawn"
grep -q '^<svg [^>]* viewBox="0 0 692 766" ' "$tmp/n.svg" || fail "svg --coordinates=none: the picture's size"
svg_pieces <"$tmp/n.svg" >"$tmp/got"
check svg-none-pieces "$tmp/sfen-pieces" "$tmp/got"
# the picture reads back as XML and draws (when the tools are there)
if command -v python3 >/dev/null; then
	for f in "$svg" "$tmp/f.svg" "$tmp/n.svg" "$tmp/s.svg"; do
		python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$f" ||
			fail "svg: $f is not well-formed XML"
	done
fi
if command -v rsvg-convert >/dev/null; then
	rsvg-convert "$svg" -o "$tmp/b.png" && [ -s "$tmp/b.png" ] || fail "svg: rsvg-convert cannot draw it"
fi

# 10. Usage errors.
"$r" --format=png samples/dai-brief.compact >/dev/null 2>&1
status unknown-format 2 $?
"$r" --ply 3 --every samples/dai-brief.compact >/dev/null 2>&1
status ply-and-every 2 $?
"$r" --from-ply 5 --to-ply 2 samples/dai-brief.compact >/dev/null 2>&1
status from-after-to 2 $?
"$r" --format=svg --every samples/dai-brief.compact >/dev/null 2>&1
status svg-several 2 $?
"$r" --ply x samples/dai-brief.compact >/dev/null 2>&1
status bad-ply 2 $?
"$r" "$tmp/missing" >/dev/null 2>&1
status missing-file 2 $?
for bad in "--size 0" "--size x" "--size 100000" "--coordinates=roman" "--size 300 --format=sfen" \
	"--coordinates=none --format=text" "--flip --format=kif"; do
	"$r" $bad samples/dai-brief.compact >/dev/null 2>"$tmp/err"
	status "usage: $bad" 2 $?
	[ -s "$tmp/err" ] || fail "usage: $bad: no message"
done

# Nothing a variant file or a record holds adds markup to a picture: a
# hostile title, piece name and English name come out escaped, and the
# SVG is still well-formed XML.
cat >"$tmp/evil.yaml" <<'EOF'
name: evil
inherit: shogi
title: <script>alert(1)</script>
pieces:
  - {id: pawn, name: "<script>x</script>", english: "</title><script>y</script>"}
  - {id: lance, name: "<&>", kif: "<&"}
EOF
printf 'evil sente=%%3Cscript%%3E : 7g7f{%%3Cscript%%3E}\n' >"$tmp/evil.compact"
"$bin/kifu-replay" --variant-file "$tmp/evil.yaml" --format=svg "$tmp/evil.compact" >"$tmp/evil.svg" || fail "hostile names: exit $?"
grep -q '<script' "$tmp/evil.svg" && fail "hostile names: markup in the SVG"
grep -q '<text y="-5">&lt;</text><text y="12">&amp;</text>' "$tmp/evil.svg" ||
	fail "hostile names: the Lance's glyph (its KIF name) is not shown escaped"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt; · 1手目' "$tmp/evil.svg" ||
	fail "hostile names: the variant's title is not shown escaped"
if command -v python3 >/dev/null; then
	python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/evil.svg" ||
		fail "hostile names: not well-formed XML"
fi

# --format=html without a browser (tests/golden/html.sh runs the pages):
# one page for every record (standard output, or -o FILE), one per record
# in -o DIR/; the page asks nothing of another host; hostile text is data.
printf 'shogi : 7g7f\nshogi : 2g2f 8c8d\n' >"$tmp/two.compact"
"$r" --format=html "$tmp/two.compact" >"$tmp/two.html"
status html-stdout 0 $?
same html-doctype '<!DOCTYPE html>' "$(head -n 1 "$tmp/two.html")"
same html-end '</html>' "$(tail -n 1 "$tmp/two.html")"
same html-records 2 "$(grep -c '^<script type="application/json" class="kifu-record">' "$tmp/two.html")"
same html-defs-once 1 "$(grep -c '^<svg class="kifu-defs"' "$tmp/two.html")"
grep -Eiq '(src|href)="?(https?:)?//|@import|url\(' "$tmp/two.html" && fail "html: a reference to another host"
grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$tmp/two.html" || fail "html: no policy against requests"
"$r" --format=html -o "$tmp/page.html" "$tmp/two.compact"
status html-o-file 0 $?
cmp -s "$tmp/two.html" "$tmp/page.html" || fail "html: -o FILE differs from standard output"
"$r" --format=html -o "$tmp/pages/" "$tmp/two.compact" samples/dai-brief.compact
status html-o-dir 0 $?
(cd "$tmp/pages" && ls) >"$tmp/got"
printf 'dai-brief-0001.html\ntwo-0001.html\ntwo-0002.html\n' >"$tmp/want-ls"
check html-o-dir-names "$tmp/want-ls" "$tmp/got"
same html-one-record-a-page 1 "$(grep -c 'class="kifu-record"' "$tmp/pages/two-0002.html")"
"$r" --format=html --ply 1 --flip "$tmp/two.compact" | grep -q '^<body data-flip="1">$' || fail "html --flip"
"$r" --format=html --ply 1 "$tmp/two.compact" | grep -c '"open":1,' | grep -qx 2 || fail "html --ply 1: where the pages open"
"$r" --format=html --every "$tmp/two.compact" >/dev/null 2>&1
status html-every 2 $?
"$r" --format=html --size 300 "$tmp/two.compact" >/dev/null 2>&1
status html-size 2 $?
# an illegal move: the page holds the lines up to it and says why; status 1
"$r" --format=html "$data/illegal.compact" >"$tmp/ill.html" 2>"$tmp/err"
status html-illegal 1 $?
grep -q '"stop":"ply 4: 2b3c: it is Gote' "$tmp/ill.html" || fail "html: the illegal move's message on the page"
grep -q 'ply 4: 2b3c' "$tmp/err" || fail "html: the illegal move's message"
# hostile names and text: escaped in markup, \u003c in the data, no markup added
"$r" --variant-file tests/data/replay/evil.yaml --format=html tests/data/replay/evil.compact >"$tmp/evil.html"
status html-hostile 0 $?
same html-hostile-scripts 3 "$(grep -c '<script' "$tmp/evil.html")"
grep -c '</script' "$tmp/evil.html" | grep -qx 3 || fail "html: a </script> from the record"
grep -q 'pwned' "$tmp/evil.html" || fail "html: the hostile text is not on the page at all"
grep 'pwned' "$tmp/evil.html" | sed 's/^<script type="application\/json" class="kifu-[a-z]*">//; s/<\/script>$//' |
	grep -q '[<>]' && fail "html: hostile text as markup"
grep -q '<text y="-5">&lt;</text><text y="12">&amp;</text>' "$tmp/evil.html" || fail "html: a piece's glyph not escaped"
grep -q '\\u003c!-- \\u003cscript\\u003ewindow.pwned=6' "$tmp/evil.html" || fail "html: the start comment not escaped as data"
grep -q '\\u2028' "$tmp/evil.html" || fail "html: U+2028 not escaped"

# Chu's counter-strike square (SFEN field 3: a Lion was just taken there by
# another piece) is said under the text diagram and outlined in the SVG.
printf 'chu sfen=lV1tgekgsc1l/a1s2x1t1bfa/m2N3d+Drvm/5pp1pppp/8B3/8i3/3I8/2P9/P2P1PP4P/2R9/4H1XO2CA/L1CSGKEGS1FL_w_2k_74 :\n' >"$tmp/cs.compact"
"$bin/kifu-replay" "$tmp/cs.compact" | tail -1 >"$tmp/cs.txt"
echo "Counter-strike square: 2k (a Lion was just taken there by another piece)." | cmp -s - "$tmp/cs.txt" || fail "counter-strike in text: $(cat "$tmp/cs.txt")"
"$bin/kifu-replay" --format=svg "$tmp/cs.compact" | grep -c '^<rect class="counter-strike" data-square="2k" ' | grep -qx 1 ||
	fail "counter-strike not outlined in the SVG"
"$bin/kifu-replay" --format=svg tests/data/kif/chu/chushogiKif1.kif 2>/dev/null | grep -q 'class="counter-strike"' &&
	fail "a counter-strike square where there is none"

if [ "$fails" -ne 0 ]; then
	echo "replay.sh: $fails failures"
	exit 1
fi
exit 0
