#!/bin/bash
# chu-shogiops.sh - checks kifu's Chu Shogi against shogiops, lishogi's rules
# library, independently of libkifu:
#  - recounts the perft table tests/data/chu/perft.tsv in both conventions
#    (shogiops' own and kifu's: tests/node/chu-recount.mjs); test_chu.c
#    checks kifu_perft against the kifu column;
#  - random games shogiops plays (tests/node/chu-games.mjs) are all valid in
#    kifu and end in the position shogiops reaches (the same SFEN);
#  - the KIF kifu writes for them reads back in shogiops with the same
#    moves (tests/node/chu-kif-read.mjs);
#  - the same kind of games ending in an illegal move (a Lion taking a
#    protected Lion, a counter-strike elsewhere, a move onto one's own
#    piece) are flagged by kifu at exactly that ply, for the right reason;
#  - games from set-up positions (tests/node/chu-setup.mjs: promoted pieces
#    of every kind, either side to move, counter-strike squares), both
#    ways: kifu reads the KIF lishogi writes for them (shogiops' diagram
#    and moves, laid out as lishogi's analysis board and its server export
#    them) and the USI lines shogiops writes, reaching shogiops' start and
#    final positions; shogiops reads the KIF and the USI kifu writes for
#    them, reaching kifu's; kifu's diagrams are shogiops' byte for byte, its
#    USI lines too; and the USI round trip diffs clean with no -v.
#
#     bash tests/golden/chu-shogiops.sh BINDIR
#
# Needs node and npm (Debian: nodejs npm; .ci/run installs them).  shogiops
# is a test-only dependency, installed pinned into BINDIR/../node on first
# use.  Without node or npm, or when npm cannot install, the check is
# skipped, and says so.
set -u

build=$(dirname "$1")
prefix="$build/node"
modules="$prefix/node_modules"
RESULT=@badrap/result@0.2.13

. tests/node/install.sh
node_package chu-shogiops "$prefix" shogiops 0.18.0 "$RESULT" || exit 0
. "$(dirname "$0")/common.bash"
out=$tmp/recount.out
bin=$1
if ! node tests/node/chu-recount.mjs "$modules" tests/data/chu/perft.tsv >"$out" 2>&1; then
	grep -v '^ok ' "$out"
	echo "chu-shogiops: the table differs from shogiops' count (above)"
	exit 1
fi
tail -n 1 "$out"

# Random games: valid, and the same final position.
node tests/node/chu-games.mjs "$modules" legal 100 300 2026 >"$tmp/legal.compact" || fail "chu-games legal"
"$bin/kifu-validate" "$tmp/legal.compact" >/dev/null 2>"$tmp/err" || fail "shogiops' games invalid in kifu: $(head -3 "$tmp/err")"
"$bin/kifu-replay" --format=sfen "$tmp/legal.compact" >"$tmp/kifu.sfen" 2>"$tmp/err" || fail "replay: $(head -3 "$tmp/err")"
sed -n 's/^# sfen: //p' "$tmp/legal.compact" >"$tmp/shogiops.sfen"
[ "$(wc -l <"$tmp/shogiops.sfen")" = 100 ] || fail "chu-games: not 100 games"
diff "$tmp/shogiops.sfen" "$tmp/kifu.sfen" >"$tmp/diff" || fail "final positions differ: $(head -4 "$tmp/diff")"

# The KIF kifu writes for those games (lishogi's server form) reads back in
# shogiops with the same moves (tests/node/chu-kif-read.mjs).
"$bin/kifu-convert" --to kif "$tmp/legal.compact" >"$tmp/legal.kif" || fail "to kif"
node tests/node/chu-kif-read.mjs "$modules" "$tmp/legal.kif" >"$tmp/shogiops.moves" || fail "chu-kif-read"
sed -n 's/^chu : //p' "$tmp/legal.compact" >"$tmp/kifu.moves"
diff "$tmp/kifu.moves" "$tmp/shogiops.moves" >"$tmp/diff" || fail "shogiops reads kifu's KIF otherwise: $(head -4 "$tmp/diff" | cut -c1-160)"

# Games ending in an illegal move: flagged at exactly that ply, the reason
# naming the rule broken.
node tests/node/chu-games.mjs "$modules" illegal 15 300 2026 >"$tmp/illegal.compact" || fail "chu-games illegal"
"$bin/kifu-validate" --format=json "$tmp/illegal.compact" >"$tmp/illegal.json"
[ $? = 1 ] || fail "illegal games: exit status not 1"
sed -n 's/.*x-kind=\([a-z-]*\) expect-ply=\([0-9]*\) .*/\2 \1/p' "$tmp/illegal.compact" >"$tmp/want"
sed -n 's/.*"valid":false,"plies":[0-9]*,"error":{"ply":\([0-9]*\),"move":"[^"]*","reason":"\([^"]*\)".*/\1 \2/p' \
	"$tmp/illegal.json" |
	sed -e 's/ the Lion on .* may not take the protected Lion .*/ lion-protected/' \
	    -e 's/ a Lion was just taken by a piece other than a Lion: .*(counter-strike)$/ counter-strike/' \
	    -e 's/ [0-9]*[a-l] is occupied by .*'"'"'s own .*/ own-piece/' >"$tmp/got"
[ "$(wc -l <"$tmp/want")" = 15 ] || fail "chu-games: not 15 illegal games"
diff "$tmp/want" "$tmp/got" >"$tmp/diff" || fail "illegal moves not flagged at their ply for their rule: $(head -6 "$tmp/diff")"
# Games from set-up positions, both ways (tests/node/chu-setup.mjs).
setup=$tmp/setup
node tests/node/chu-setup.mjs "$modules" make 80 40 2026 "$setup" || fail "chu-setup make"
tsv=$setup/games.tsv
# games with no counter-strike square at the start (every fourth has one),
# whose start a diagram can draw
awk -F'\t' '$1 % 4' "$tsv" >"$tmp/drawn.tsv"
kifs=("$setup"/[0-9]*.kif)
[ "${#kifs[@]}" = "$(wc -l <"$tmp/drawn.tsv")" ] || fail "chu-setup: $(wc -l <"$tmp/drawn.tsv") drawn games, ${#kifs[@]} KIF files"
# kifu reads lishogi's KIF: valid, from shogiops' start to shogiops' end
"$bin/kifu-validate" "${kifs[@]}" >"$tmp/err" 2>&1 || fail "lishogi's KIF invalid in kifu: $(head -3 "$tmp/err")"
"$bin/kifu-replay" --ply 0 --format=sfen "${kifs[@]}" >"$tmp/kifu.start" 2>"$tmp/err" || fail "replay: $(head -3 "$tmp/err")"
"$bin/kifu-replay" --format=sfen "${kifs[@]}" >"$tmp/kifu.final" 2>"$tmp/err" || fail "replay: $(head -3 "$tmp/err")"
paste "$tmp/kifu.start" "$tmp/kifu.final" >"$tmp/kifu.pos"
cut -f2,4 "$tmp/drawn.tsv" >"$tmp/shogiops.pos"
diff "$tmp/shogiops.pos" "$tmp/kifu.pos" >"$tmp/diff" || fail "kifu reads lishogi's KIF otherwise: $(head -4 "$tmp/diff" | cut -c1-200)"
# shogiops reads the KIF kifu writes: the same start and end; the diagrams
# are shogiops' own, byte for byte, and every piece's diagram name is drawn
awk -F'\t' '{ s = $2; gsub(/ /, "_", s); printf "chu sfen=%s : %s\n", s, $3 }' "$tmp/drawn.tsv" >"$tmp/drawn.compact"
"$bin/kifu-convert" --to kif "$tmp/drawn.compact" >"$tmp/kifu.kif" 2>"$tmp/err" || fail "to kif: $(head -3 "$tmp/err")"
node tests/node/chu-kif-read.mjs "$modules" --positions "$tmp/kifu.kif" >"$tmp/read.pos" || fail "chu-kif-read --positions"
diff "$tmp/shogiops.pos" "$tmp/read.pos" >"$tmp/diff" || fail "shogiops reads kifu's KIF otherwise: $(head -4 "$tmp/diff" | cut -c1-200)"
awk '/^#KIF/ { p = 1; next } /^手数----/ { p = 0 } p' "$tmp/kifu.kif" >"$tmp/kifu.diagrams"
cat "$setup"/[0-9]*.diagram | cmp -s - "$tmp/kifu.diagrams" ||
	fail "kifu's diagrams are not shogiops': $(cat "$setup"/[0-9]*.diagram | diff - "$tmp/kifu.diagrams" | head -4)"
for name in 香 豹 銅 銀 金 玉 象 反 角 虎 麒 鳳 横 竪 飛 馬 龍 獅 奔 歩 仲 駒 成角 成横 成竪 成飛 太 鯨 成馬 鹿 成獅 成奔 猪 牛 成龍 鷹 鷲 成歩 成象; do
	grep -q "[ v]$name" "$tmp/kifu.diagrams" || fail "no $name in the diagrams: make more games"
done
# USI: kifu reads shogiops' lines with no -v (a 12-rank SFEN is Chu), to
# shogiops' end; kifu writes shogiops' lines, byte for byte, which shogiops
# plays to kifu's end; and the round trip diffs clean
"$bin/kifu-validate" "$setup/games.usi" >"$tmp/err" 2>&1 || fail "shogiops' USI invalid in kifu: $(head -3 "$tmp/err")"
"$bin/kifu-replay" --format=sfen "$setup/games.usi" >"$tmp/usi.final" 2>"$tmp/err" || fail "replay usi: $(head -3 "$tmp/err")"
cut -f4 "$tsv" | diff - "$tmp/usi.final" >"$tmp/diff" || fail "kifu plays shogiops' USI otherwise: $(head -4 "$tmp/diff" | cut -c1-200)"
awk -F'\t' '{ s = $2; gsub(/ /, "_", s); printf "chu sfen=%s : %s\n", s, $3 }' "$tsv" >"$tmp/all.compact"
"$bin/kifu-convert" --to usi "$tmp/all.compact" >"$tmp/kifu.usi" 2>"$tmp/err" || fail "to usi: $(head -3 "$tmp/err")"
cmp -s "$setup/games.usi" "$tmp/kifu.usi" || fail "kifu's USI lines are not shogiops': $(diff "$setup/games.usi" "$tmp/kifu.usi" | head -4 | cut -c1-200)"
node tests/node/chu-setup.mjs "$modules" read-usi "$tmp/kifu.usi" >"$tmp/read.final" || fail "chu-setup read-usi"
cut -f4 "$tsv" | diff - "$tmp/read.final" >"$tmp/diff" || fail "shogiops plays kifu's USI otherwise: $(head -4 "$tmp/diff" | cut -c1-200)"
"$bin/kifu-diff" "$tmp/all.compact" "$tmp/kifu.usi" >"$tmp/diff" 2>&1 || fail "the USI round trip differs: $(head -3 "$tmp/diff" | cut -c1-200)"
grep -q $'\t[^\t]* [0-9]*[a-l] [0-9]*\t' "$tsv" || fail "chu-setup: no start with a counter-strike square"
ngames=$(wc -l <"$tsv")

[ "$fails" -eq 0 ] || finish chu-shogiops
echo "ok: 100 shogiops games valid with the same final SFEN and read back from kifu's KIF; 15 illegal moves flagged at their ply; $ngames games from set-up positions read and written both ways in KIF and USI"
