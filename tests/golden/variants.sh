#!/bin/bash
# Golden tests of kifu-variants: the list, `show NAME` in text (checked by
# hand against formats/variants/shogi.yaml and chu-jcsa.yaml with chu.yaml)
# and in JSON, a variant file of the user's, and the errors.
#
#     variants.sh BINDIR
set -u
bin=$1
k=$bin/kifu-variants
data=tests/data/variants
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME STATUS EXPECTED_STDOUT EXPECTED_STDERR -- COMMAND...
expect() {
	local name=$1 status=$2 out=$3 err=$4
	shift 5
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	if [ "$got" != "$status" ]; then
		echo "FAIL $name: exit status $got, expected $status"; fails=$((fails + 1))
	fi
	if ! diff -u "$out" "$tmp/out"; then
		echo "FAIL $name: stdout differs"; fails=$((fails + 1))
	fi
	if ! diff -u "$err" "$tmp/err"; then
		echo "FAIL $name: stderr differs"; fails=$((fails + 1))
	fi
}
: >"$tmp/empty"

expect list 0 "$data/list.txt" "$tmp/empty" -- "$k"
expect list-word 0 "$data/list.txt" "$tmp/empty" -- "$k" list
expect show-shogi 0 "$data/shogi.show" "$tmp/empty" -- "$k" show shogi
expect show-chu-jcsa 0 "$data/chu-jcsa.show" "$tmp/empty" -- "$k" show chu-jcsa
expect show-sho-json 0 "$data/sho.json" "$tmp/empty" -- "$k" --format=json show sho

# The user's variant is listed first and shown like a shipped one: its own
# title (not the parent's), the parent's rules, its own board and start.
{ echo "NAME           BOARD  DROPS  TITLE"
  echo "mini           5x5    yes    Mini Shogi (test)"
  tail -n +2 "$data/list.txt"; } >"$tmp/list-mini"
expect list-file 0 "$tmp/list-mini" "$tmp/empty" -- "$k" --variant-file "$data/mini.yaml"
"$k" --variant-file "$data/mini.yaml" show mini >"$tmp/mini.show"
sed -n '1,5p' "$tmp/mini.show" >"$tmp/got"
cat >"$tmp/want" <<'WANT'
name:         mini
title:        Mini Shogi (test)
inherit:      shogi
board:        5x5 (files x ranks)
start:        rbsgk/4p/5/P4/KGSBR b - 1
WANT
diff -u "$tmp/want" "$tmp/got" || { echo "FAIL show-file"; fails=$((fails + 1)); }
grep -q '^promotion:    zone 1; when in-zone$' "$tmp/mini.show" || { echo "FAIL show-file: zone"; fails=$((fails + 1)); }

# Every variant's JSON parses, and lists every piece type once.
if command -v python3 >/dev/null; then
	for v in $(sed -n '2,$s/ .*//p' "$data/list.txt"); do
		"$k" --format=json show "$v" | python3 -c '
import json, sys
d = json.load(sys.stdin)
ids = [p["id"] for p in d["pieces"]]
assert len(ids) == len(set(ids)), "duplicate ids"
assert all(p["names"] for p in d["pieces"]), "a piece with no name"
' || { echo "FAIL json $v"; fails=$((fails + 1)); }
	done
fi

# Errors: an unknown variant (with the close name), a command, arguments.
echo "kifu-variants: unknown variant 'dia' (did you mean dai?)" >"$tmp/dia.err"
expect unknown-close 2 "$tmp/empty" "$tmp/dia.err" -- "$k" show dia
echo "kifu-variants: unknown variant 'xyzzy' (kifu-variants lists them)" >"$tmp/xyzzy.err"
expect unknown 2 "$tmp/empty" "$tmp/xyzzy.err" -- "$k" show xyzzy
printf "kifu-variants: unknown command 'shwo' (list or show NAME)\nTry 'kifu-variants --help'.\n" >"$tmp/cmd.err"
expect bad-command 2 "$tmp/empty" "$tmp/cmd.err" -- "$k" shwo dai
printf "kifu-variants: show takes one variant name\nTry 'kifu-variants --help'.\n" >"$tmp/show.err"
expect show-no-name 2 "$tmp/empty" "$tmp/show.err" -- "$k" show
printf "kifu-variants: list takes no argument\nTry 'kifu-variants --help'.\n" >"$tmp/list.err"
expect list-arg 2 "$tmp/empty" "$tmp/list.err" -- "$k" list dai
printf "kifu-variants: -v/--variant reads no records: 'show NAME' shows a variant\nTry 'kifu-variants --help'.\n" >"$tmp/v.err"
expect dash-v 2 "$tmp/empty" "$tmp/v.err" -- "$k" -v dai

if [ "$fails" -ne 0 ]; then
	echo "variants.sh: $fails failures"
	exit 1
fi
exit 0
