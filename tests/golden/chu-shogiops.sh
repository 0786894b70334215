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
#    piece) are flagged by kifu at exactly that ply, for the right reason.
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
out=$(mktemp) || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$out" "$tmp"' EXIT
bin=$1
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
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
if [ "$fails" -ne 0 ]; then
	echo "chu-shogiops: $fails failures"
	exit 1
fi
echo "ok: 100 shogiops games valid with the same final SFEN and read back from kifu's KIF; 15 illegal moves flagged at their ply"
