#!/bin/bash
# kifu-validate and kifu-convert over long generated streams:
# - every random legal game of every variant is valid;
# - a record with one illegal move (gen-records -x, tag expect-ply=K) is
#   flagged at exactly ply K with plies = K-1;
# - kifu-convert --to compact keeps every move (the generated form is
#   canonical, so the output is byte for byte the input);
# - bad lines in the middle of a stream cost only their own record.
#
#     streams.sh BINDIR
set -u
bin=$1
gen=$bin/../tests/gen-records
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

for v in dai sho asakura shozogi shozogi-gold shogi; do
	"$gen" -v "$v" -n 150 -p 300 -s 42 >"$tmp/$v.legal"
	"$bin/kifu-validate" "$tmp/$v.legal" >/dev/null 2>"$tmp/err" || fail "$v: legal games reported invalid: $(head -3 "$tmp/err")"

	"$bin/kifu-convert" --to compact "$tmp/$v.legal" >"$tmp/$v.conv" || fail "$v: convert failed"
	cmp -s "$tmp/$v.legal" "$tmp/$v.conv" || fail "$v: convert --to compact changed the records"

	"$gen" -v "$v" -n 150 -p 300 -s 7 -x >"$tmp/$v.bad"
	"$bin/kifu-validate" --format=json "$tmp/$v.bad" >"$tmp/$v.json"
	[ $? = 1 ] || fail "$v: exit status for invalid records is not 1"
	# Pair each record's expect-ply with the JSON object of the same record.
	sed -n 's/.* expect-ply=\([0-9]*\) .*/\1/p' "$tmp/$v.bad" >"$tmp/want"
	[ "$(wc -l <"$tmp/want")" = 150 ] || fail "$v: generator did not corrupt every record"
	sed -n 's/.*"valid":false,"plies":\([0-9]*\),"error":{"ply":\([0-9]*\),.*/\2 \1/p' "$tmp/$v.json" >"$tmp/got"
	awk '{ print $1, $1 - 1 }' "$tmp/want" >"$tmp/want2"
	diff -q "$tmp/want2" "$tmp/got" >/dev/null || fail "$v: illegal moves not flagged at their exact ply: $(diff "$tmp/want2" "$tmp/got" | head -4)"
done

# 20,000 short records in one stream: all read, all valid, one JSON object each.
"$gen" -v shogi -n 20000 -p 12 -s 5 >"$tmp/many"
"$bin/kifu-validate" --format=json "$tmp/many" >"$tmp/many.json" || fail "many: not all valid"
[ "$(grep -c '"valid":true' "$tmp/many.json")" = 20000 ] || fail "many: not 20000 valid objects"

# A stream with junk between good records: binary bytes, a NUL, a line over
# 1 MiB, an unterminated last line.  The 4 good records are all read.
{
	echo 'shogi : 7g7f 3c3d'
	printf '\001\002\377\376 junk\n'
	printf 'shogi : 7g7f\0003c3d\n'
	head -c 1100000 /dev/zero | tr '\0' 'x'; echo
	echo 'dai : 9k9j'
	echo 'sho : 7g7f 3c3d'
	printf 'shogi : 2g2f'
} >"$tmp/mixed"
"$bin/kifu-validate" --format=json "$tmp/mixed" >"$tmp/mixed.json" 2>"$tmp/mixed.err"
[ $? = 1 ] || fail "mixed: exit status not 1"
[ "$(grep -c '"valid":true' "$tmp/mixed.json")" = 4 ] || fail "mixed: good records lost: $(cat "$tmp/mixed.json")"
grep -q '"line":4,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"line longer than 1048576 bytes: skipped","variation":null}' "$tmp/mixed.json" ||
	fail "mixed: the long line is not reported at line 4"
[ "$(wc -l <"$tmp/mixed.json")" = 7 ] || fail "mixed: not one object per record"

if [ "$fails" -ne 0 ]; then
	echo "streams.sh: $fails failures"
	exit 1
fi
exit 0
