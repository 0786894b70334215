#!/bin/bash
# The SVG pictures of kifu-replay, read back as a script would: pieces on
# the squares the SFEN says, Gote's layer turned, the last move shaded, the
# coordinates, the hands, --flip, --size, --coordinates, hostile names
# escaped (the rest of kifu-replay's tests: tests/cases/replay.test).
#
#     replay-svg.sh BINDIR
#
# A script, not a case file: each check reads the picture's structure
# (awk below), not one command's bytes.
set -u
bin=$1
r=$bin/kifu-replay
data=tests/data/replay
. "$(dirname "$0")/common.bash"
check() { # NAME EXPECTED-FILE GOT-FILE
	diff -u "$2" "$3" || fail "$1"
}
status() { # NAME EXPECTED GOT
	[ "$2" = "$3" ] || fail "$1: exit status $3, expected $2"
}
same() { # NAME EXPECTED GOT (strings)
	[ "$2" = "$3" ] || fail "$1: got '$3', expected '$2'"
}
# The Dai record's last position, as tests/cases/replay.test checks it by hand.
"$r" --format=sfen samples/dai-brief.compact >"$tmp/want"

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

finish replay-svg.sh
