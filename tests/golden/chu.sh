#!/bin/bash
# chu.sh - golden tests of the shipped Chu Shogi variants with the tools:
# the real lishogi record plays legally to its end, and a forbidden Lion
# trade is reported with its ply and reason.
#
#     bash tests/golden/chu.sh BINDIR
set -u

bin=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "chu.sh: $*"; failed=1; }

# The real record (scalashogi's chushogiKif1, tests/data/kif/PROVENANCE.md):
# 129 legal plies under lishogi's rules; kifu-validate prints nothing.
for v in chu chu-jcsa; do
	"$bin/kifu-validate" -v "$v" tests/data/kif/chu/chushogiKif1.kif >"$tmp/out" 2>&1
	status=$?
	[ "$status" -eq 0 ] || fail "$v: exit status $status"
	[ -s "$tmp/out" ] && fail "$v: printed $(cat "$tmp/out")"
done

# Lion-trading rule 1 in a compact record: Sente's Lion on 7g may not take
# the Lion on 5i, which the Gold on 5h protects (tests/test_chu.c,
# lion_protected_far); the move is ply 1.
printf '%s\n' 'chu sfen=k11/12/12/12/12/12/5N6/7g4/7n4/12/12/11K_b_-_1 : 7g5i' >"$tmp/r1.compact"
"$bin/kifu-validate" --format=json "$tmp/r1.compact" >"$tmp/r1" 2>&1
grep -q '"valid":false,"plies":0,"error":{"ply":1,"move":"7g5i","reason":"the Lion on 7g may not take the protected Lion on 5i, which is not next to it","variation":null}' "$tmp/r1" ||
	fail "rule 1: $(cat "$tmp/r1")"

# The counter-strike: Gote's Rook takes Sente's Lion on 8j, then Sente's
# Bishop may not take the Lion on 3i (ply 2).
printf '%s\n' 'chu sfen=k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/K5B5_w_-_1 : 8f8j 6l3i' >"$tmp/r3.compact"
"$bin/kifu-validate" --format=json "$tmp/r3.compact" >"$tmp/r3" 2>&1
grep -q '"plies":1,"error":{"ply":2,"move":"6l3i","reason":"a Lion was just taken by a piece other than a Lion: the Bishop on 6l may not take the Lion on 3i (counter-strike)","variation":null}' "$tmp/r3" ||
	fail "counter-strike: $(cat "$tmp/r3")"

exit $failed
