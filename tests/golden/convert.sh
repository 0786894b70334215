#!/bin/bash
# Golden tests of kifu-convert --to compact: canonical form (tag order,
# escapes, comments, times, endings), errors, -o through a temporary file.
#
#     convert.sh BINDIR
set -u
bin=$1
c=$bin/kifu-convert
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # NAME EXPECTED GOT
	if ! diff -u "$2" "$3"; then
		echo "FAIL $1"; fails=$((fails + 1))
	fi
}
status() { # NAME EXPECTED GOT
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: exit status $3, expected $2"; fails=$((fails + 1))
	fi
}

# Canonical form: known tags first in their order, then the others as given,
# the comment tag last; minimal escapes (%41 is just A); moves, comments,
# times and endings as given; blank and # lines dropped.
cat >"$tmp/in.compact" <<'EOF'
# a comment line

shogi   x-note=one%20two  gote=%E7%BE%BD%41  sente=Alice date=2026-11-29 comment=before%20move%201 : 7g7f{good%7Bmove%7D}@16/16 3c3d@2.5 8h2b+{a%0Ab}{c} 3a2b resign{time%20trouble}
dai : 11o12n 4a4b 9k9j 7c5c 10l3e+ 14a15c 3e3d3e
EOF
cat >"$tmp/want" <<'EOF'
shogi date=2026-11-29 sente=Alice gote=羽A x-note=one%20two comment=before%20move%201 : 7g7f{good%7Bmove%7D}@16/16 3c3d@2.5 8h2b+{a%0Ab%0Ac} 3a2b resign{time%20trouble}
dai : 11o12n 4a4b 9k9j 7c5c 10l3e+ 14a15c 3e3d3e
EOF
"$c" --to compact "$tmp/in.compact" >"$tmp/got" 2>"$tmp/err"
status canonical 0 $?
check canonical "$tmp/want" "$tmp/got"
: >"$tmp/empty"
check canonical-stderr "$tmp/empty" "$tmp/err"

# Converting the canonical form again changes nothing.
"$c" --to compact "$tmp/got" >"$tmp/again"
check idempotent "$tmp/got" "$tmp/again"

# Variations (nested), bookmarks, ending comments and times keep their place.
cat >"$tmp/var.compact" <<'EOF'
shogi : 7g7f 3c3d ( 8c8d 2g2f ( 6i7h ) 8d8e abort ) 2g2f&bm@3 ( 6i7h{x} ) resign@0/5{c}
EOF
echo 'shogi : 7g7f 3c3d ( 8c8d 2g2f ( 6i7h ) 8d8e abort ) 2g2f@3&bm ( 6i7h{x} ) resign{c}@0/5' >"$tmp/want-var"
"$c" --to compact "$tmp/var.compact" >"$tmp/got"
status variations 0 $?
check variations "$tmp/want-var" "$tmp/got"
printf 'shogi : 7g7f ( 2g2f\nshogi : ( 2g2f )\nshogi : 7g7f ( 2g2f ( 1g1z ) )\n' >"$tmp/badvar.compact"
cat >"$tmp/want-badvar.err" <<EOF
kifu-convert: $tmp/badvar.compact:1:14: unclosed variation: "(" without ")"
kifu-convert: $tmp/badvar.compact:2:9: a variation must follow a move or the ending
kifu-convert: $tmp/badvar.compact:3:25: no such square on this board
EOF
"$c" --to compact "$tmp/badvar.compact" >"$tmp/got" 2>"$tmp/err"
status bad-variations 1 $?
check bad-variations "$tmp/want-badvar.err" "$tmp/err"
# A variation after the ending replaces the ending (a move played instead of
# resigning, as KIF's 変化 at the ending's ply and JKF's forks of a special
# have it): kept through compact and KIF, both ways.
# A variation inside one counts its plies from the ending's (6g6f replaces
# 2g2f, ply 3); a variation's ending comment is its own, not joined to the
# main line's (read before it).
printf 'shogi : 7g7f resign ( 3c3d 2g2f abort ) ( 8c8d )\nshogi : resign ( 7g7f )\nshogi : 7g7f resign ( 3c3d 2g2f ( 6g6f 8c8d ) abort )\nshogi : 7g7f ( 2g2f resign{b} ) resign{a}\n' >"$tmp/endvar.compact"
"$c" "$tmp/endvar.compact" >"$tmp/got"
check ending-variations "$tmp/endvar.compact" "$tmp/got"
"$c" --to kif "$tmp/endvar.compact" | "$c" >"$tmp/got"
check ending-variations-kif "$tmp/endvar.compact" "$tmp/got"
"$bin/kifu-validate" "$tmp/endvar.compact"
status ending-variations-valid 0 $?
# After the ending of a variation with no move, as after a variation's first
# move, a variation is another alternative to the same move (formats/compact.md).
printf 'shogi : 7g7f ( resign ( 2g2f ) )\nshogi : 7g7f ( 2g2f ( 6g6f ) )\n' >"$tmp/sibling.compact"
printf 'shogi : 7g7f ( resign ) ( 2g2f )\nshogi : 7g7f ( 2g2f ) ( 6g6f )\n' >"$tmp/want-sibling"
"$c" "$tmp/sibling.compact" >"$tmp/got"
check sibling-variations "$tmp/want-sibling" "$tmp/got"

# A record that cannot be read is reported and left out (status 1); the
# others are written.  An illegal move is kept, and said as kifu-validate
# says it.
cat >"$tmp/bad.compact" <<'EOF'
shogi : 7g7f 3c3d 7z7f
shogi : 5i5a
EOF
echo "shogi : 5i5a" >"$tmp/want-bad"
cat >"$tmp/want-bad.err" <<EOF
kifu-convert: $tmp/bad.compact:1:19: ply 3: 7z7f: no such square on this board
kifu-convert: $tmp/bad.compact:2:9: ply 1: 5i5a: the King on 5i cannot move to 5a (invalid: written as it is)
EOF
"$c" --to compact "$tmp/bad.compact" >"$tmp/got" 2>"$tmp/err"
status bad 1 $?
check bad "$tmp/want-bad" "$tmp/got"
check bad-stderr "$tmp/want-bad.err" "$tmp/err"

# -o writes through a temporary file: the old file stays until success, and
# no temporary file is left behind.
echo old >"$tmp/out.compact"
"$c" --to compact -o "$tmp/out.compact" "$tmp/in.compact"
status dash-o 0 $?
check dash-o "$tmp/want" "$tmp/out.compact"
left=$(find "$tmp" -name 'out.compact.tmp*' | wc -l)
status no-temporary-left 0 "$left"
# A missing input is an I/O error: the output file is not replaced.
echo old >"$tmp/keep.compact"
"$c" --to compact -o "$tmp/keep.compact" "$tmp/missing" 2>/dev/null
status missing 2 $?
echo old >"$tmp/want-old"
check missing-keeps-output "$tmp/want-old" "$tmp/keep.compact"

# A variant of the user's own (--variant-file) in KIF: 手合割 is its name,
# not the title of the variant it inherits (本将棋 would make it standard
# shogi), and the KIF reads back as that variant.
printf 'mini : 5e5d\n' >"$tmp/mini.compact"
cat >"$tmp/want-mini.kif" <<'EOF'
#KIF version=2.0 encoding=UTF-8
手合割：mini
手数----指手---------消費時間--
   1 ５四玉(55)  
EOF
"$c" --variant-file tests/data/variants/mini.yaml --to kif "$tmp/mini.compact" >"$tmp/mini.kif"
status user-variant-kif 0 $?
check user-variant-kif "$tmp/want-mini.kif" "$tmp/mini.kif"
"$c" --variant-file tests/data/variants/mini.yaml "$tmp/mini.kif" >"$tmp/mini.back"
check user-variant-back "$tmp/mini.compact" "$tmp/mini.back"

# -o DIR/ (or an existing directory): one file per record, BASE-RECORD.EXT,
# RECORD of four digits; two inputs with one BASE each get their own names
# (the later one BASE_2: tests/cases/output.test).
printf 'shogi : 7g7f\nshogi : 2g2f resign\n' >"$tmp/two.compact"
"$c" --to kif -o "$tmp/per-record/" "$tmp/two.compact"
status per-record 0 $?
cat >"$tmp/want-2.kif" <<'EOF'
#KIF version=2.0 encoding=UTF-8
手数----指手---------消費時間--
   1 ２六歩(27)  
   2 投了        
EOF
check per-record-2 "$tmp/want-2.kif" "$tmp/per-record/two-0002.kif"
[ "$(ls "$tmp/per-record")" = "$(printf 'two-0001.kif\ntwo-0002.kif')" ] || { echo "FAIL per-record: files $(ls "$tmp/per-record")"; fails=$((fails + 1)); }
"$c" -o "$tmp/per-record" "$tmp/two.compact"
status per-record-existing 0 $?
printf 'shogi : 2g2f resign\n' >"$tmp/want-2.compact"
check per-record-existing "$tmp/want-2.compact" "$tmp/per-record/two-0002.compact"
mkdir "$tmp/other"
cp "$tmp/two.compact" "$tmp/other/two.compact"
"$c" -o "$tmp/clash/" "$tmp/two.compact" "$tmp/other/two.compact" 2>"$tmp/clash.err"
status clash 0 $?
[ "$(ls "$tmp/clash" | tr '\n' ' ')" = "two-0001.compact two-0002.compact two_2-0001.compact two_2-0002.compact " ] ||
	{ echo "FAIL clash: $(ls "$tmp/clash")"; fails=$((fails + 1)); }

# Usage.  Without --to, compact is written: the canonical form.
"$c" "$tmp/in.compact" >"$tmp/default.out" 2>&1
status no-to 0 $?
"$c" --to compact "$tmp/in.compact" | cmp -s - "$tmp/default.out" || { echo "FAIL no --to: not compact"; fails=$((fails + 1)); }
"$c" --to pgn "$tmp/in.compact" >/dev/null 2>&1
status unknown-to 2 $?

if [ "$fails" -ne 0 ]; then
	echo "convert.sh: $fails failures"
	exit 1
fi
exit 0
