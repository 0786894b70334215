#!/bin/bash
# JKF (JSON Kifu Format, docs/jkf.md): reading the files other programs
# wrote and the fixtures (every preset, initial.data, nested forks, times,
# specials, errors at their line and column), writing it (a golden file,
# what JKF cannot carry said, Dai and Sho refused), round trips with the
# compact notation and KIF, records one after another in a stream, and
# every JKF kifu writes validated against json-kifu-format's JSON Schema.
#
#     jkf.sh BINDIR
#
# The schema check needs node and npm (Debian: nodejs npm); ajv-cli, a
# test-only package, is installed pinned into BINDIR/../node-jkf on first
# use.  Without node or npm, or when npm cannot install, that check is
# skipped, and says so.
set -u
bin=$1
data=tests/data/jkf
fx=$data/fixtures
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# 1. Every file reads as the records it holds: moves, start, comments,
# times, forks and endings, as checked by hand (expected.compact).
for f in "$fx"/presets.jkf "$fx"/data.jkf "$fx"/forks.jkf "$fx"/specials.jkf "$fx"/times.jkf \
	"$data"/tsshogi/*.jkf "$data"/kifu-for-js/*.jkf; do
	echo "== $f"
	"$bin/kifu-convert" "$f" 2>&1
done >"$tmp/all.compact"
cmp -s "$tmp/all.compact" "$data/expected.compact" ||
	fail "reading: $(diff "$data/expected.compact" "$tmp/all.compact" | head -5)"
# every real file, and every fixture but errors.jkf, is valid
for f in "$data"/tsshogi/*.jkf "$data"/kifu-for-js/*.jkf "$fx"/presets.jkf "$fx"/data.jkf \
	"$fx"/forks.jkf "$fx"/times.jkf "$fx"/writer.jkf; do
	"$bin/kifu-validate" -q "$f" || fail "$f: not valid"
done
# The JKF and the KIF of one game (Kifu for JS's fixtures) read the same:
# headers, comments, times, moves.
"$bin/kifu-convert" tests/data/kif/kifu-for-js/ryuou201409020101.kif >"$tmp/kif.c"
"$bin/kifu-convert" "$data"/kifu-for-js/ryuou201409020101.jkf >"$tmp/jkf.c"
cmp -s "$tmp/kif.c" "$tmp/jkf.c" || fail "ryuou201409020101: KIF and JKF read differently"

# 2. Broken records, each said at its line and column, the others read.
"$bin/kifu-validate" "$fx/errors.jkf" 2>"$tmp/err"
[ $? = 1 ] || fail "errors.jkf: exit status not 1"
cmp -s "$tmp/err" "$fx/errors.expected" || fail "errors.jkf: $(diff "$fx/errors.expected" "$tmp/err" | head -6)"
# a line too long to read, and a byte that is not UTF-8: their records only
{
	printf '{"header": {"a": "'
	head -c 1100000 /dev/zero | tr '\0' x
	printf '"},\n "moves": [{}]}\n'
	sed -n 1p "$fx/presets.jkf"
	printf '{"header": {"a": "\377"}, "moves": [{}]}\n'
	sed -n 2p "$fx/presets.jkf"
} >"$tmp/spoilt.jkf"
"$bin/kifu-validate" --from jkf "$tmp/spoilt.jkf" 2>"$tmp/err" >/dev/null
printf '%s\n' "kifu-validate: $tmp/spoilt.jkf:1: line longer than 1048576 bytes: skipped" \
	"kifu-validate: $tmp/spoilt.jkf:4:19: a byte that is not UTF-8 (0xFF), the encoding of this file" >"$tmp/want"
cmp -s "$tmp/want" "$tmp/err" || fail "spoilt lines: $(diff "$tmp/want" "$tmp/err")"
[ "$("$bin/kifu-validate" --from jkf --format=json "$tmp/spoilt.jkf" | grep -c '"valid":true')" = 2 ] ||
	fail "spoilt lines: the good records are not read"
# forks nested 600 deep are read and written back; 601 are refused at the
# element that holds the 601st (docs/limits.md)
nest() {
	local move='"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}' el i
	el="{$move}"
	for ((i = 0; i < $1; i++)); do el="{$move,\"forks\":[[$el]]}"; done
	echo "{\"header\":{},\"moves\":[{},$el]}"
}
nest 600 >"$tmp/deep.jkf"
"$bin/kifu-convert" --to jkf "$tmp/deep.jkf" | "$bin/kifu-validate" -q - || fail "forks 600 deep: not read back"
nest 601 >"$tmp/deep.jkf"
"$bin/kifu-validate" "$tmp/deep.jkf" 2>"$tmp/err"
echo "kifu-validate: $tmp/deep.jkf:1:49826: forks nested more than 600 deep" | cmp -s - "$tmp/err" ||
	fail "forks 601 deep: $(cat "$tmp/err")"
# -v with a variant JKF cannot be
"$bin/kifu-validate" -v dai "$fx/times.jkf" 2>"$tmp/err"
grep -q 'times.jkf:1:1: JKF records standard shogi on 9x9 boards; dai is 15x15' "$tmp/err" ||
	fail "-v dai: $(cat "$tmp/err")"

# 3. The writer: a golden file checked by hand (a handicap game's 下手 and
# 上手, a tag of no KIF header, a `header` tag, comments, times, promote
# true and false, capture, same, drops, a fork, -ILLEGAL_ACTION, OTHER with
# initial.data), and what JKF cannot carry said per record.
"$bin/kifu-convert" --to jkf "$fx/writer.compact" >"$tmp/w.jkf" 2>"$tmp/w.err"
[ $? = 0 ] || fail "writer.compact: exit status not 0"
cmp -s "$tmp/w.jkf" "$fx/writer.jkf" || fail "writer.jkf: $(diff "$fx/writer.jkf" "$tmp/w.jkf" | head -5)"
sed "s|^kifu-convert: |kifu-convert: |" "$tmp/w.err" | cmp -s - "$fx/writer.err" ||
	fail "writer.err: $(diff "$fx/writer.err" "$tmp/w.err")"
# JKF has standard shogi's pieces only: Dai, Chu, Sho are refused
printf 'dai : 9k9j\nchu : 7i7h\nsho : 7g7f\n' >"$tmp/other.compact"
"$bin/kifu-convert" --to jkf "$tmp/other.compact" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || fail "other variants: exit status not 1"
[ ! -s "$tmp/out" ] || fail "other variants: something was written"
printf '%s\n' "kifu-convert: $tmp/other.compact:1: JKF records standard shogi, on a 9x9 board: dai is 15x15" \
	"kifu-convert: $tmp/other.compact:2: JKF records standard shogi, on a 9x9 board: chu is 12x12" \
	"kifu-convert: $tmp/other.compact:3: JKF records standard shogi, whose pieces are its kinds: sho has the Drunk Elephant (醉象, SFEN E), which JKF has no kind for" >"$tmp/want"
cmp -s "$tmp/want" "$tmp/err" || fail "other variants: $(diff "$tmp/want" "$tmp/err")"

# 4. Round trips.  compact -> JKF -> compact gives back long random games
# byte for byte, as one stream of records one after another.
"$bin/../tests/gen-records" -v shogi -n 200 -p 300 -s 11 >"$tmp/g"
"$bin/kifu-convert" --to jkf "$tmp/g" >"$tmp/g.jkf" || fail "random games: cannot write JKF"
"$bin/kifu-convert" --to compact "$tmp/g.jkf" >"$tmp/g2"
cmp -s "$tmp/g" "$tmp/g2" || fail "random games: compact -> JKF -> compact changed them"
[ "$(grep -c '^{$' "$tmp/g.jkf")" = 200 ] || fail "random games: not 200 JKF records"
# JKF -> compact -> JKF -> compact keeps what both carry, for every file
# (the fixtures with forks on an ending excepted: compact has no place
# for them, and JKF -> JKF keeps them).
for f in "$data"/tsshogi/*.jkf "$data"/kifu-for-js/*.jkf "$fx"/presets.jkf "$fx"/data.jkf \
	"$fx"/specials.jkf "$fx"/times.jkf "$fx"/writer.jkf; do
	"$bin/kifu-convert" "$f" >"$tmp/c1" 2>/dev/null
	"$bin/kifu-convert" --to jkf "$tmp/c1" >"$tmp/j1" || fail "$f: cannot write JKF"
	"$bin/kifu-convert" "$tmp/j1" >"$tmp/c2"
	cmp -s "$tmp/c1" "$tmp/c2" || fail "$f: round trip changed the record: $(diff "$tmp/c1" "$tmp/c2" | head -3)"
	"$bin/kifu-convert" --to jkf "$tmp/j1" | cmp -s - "$tmp/j1" || fail "$f: JKF -> JKF is not the same"
done
"$bin/kifu-convert" --to jkf "$fx/forks.jkf" >"$tmp/f1"
"$bin/kifu-convert" --to jkf "$tmp/f1" | cmp -s - "$tmp/f1" || fail "forks.jkf: JKF -> JKF is not the same"
grep -q '"special": "CHUDAN", "forks": \[' "$tmp/f1" || fail "forks.jkf: the forks on the ending are lost"
# KIF -> JKF -> compact is KIF -> compact, for every real KIF file of
# standard shogi (its bookmarks and 封じ手 aside, which JKF cannot carry).
for f in tests/data/kif/kifu-for-js/*.ki* tests/data/kif/tsshogi/*_import_*.ki*; do
	"$bin/kifu-convert" "$f" 2>/dev/null | sed 's/ bookmark=[^ ]*//; s/&[^ {@]*//g; s/ sealed[^ ]*$//' >"$tmp/c1"
	[ -s "$tmp/c1" ] || continue
	"$bin/kifu-convert" --to jkf "$f" 2>/dev/null | "$bin/kifu-convert" >"$tmp/c2" 2>/dev/null
	cmp -s "$tmp/c1" "$tmp/c2" || fail "$f: KIF -> JKF -> compact: $(diff "$tmp/c1" "$tmp/c2" | head -3)"
done

# 5. Telling JKF: kifu's own output, one-line records (JSON Lines) and
# other programs' files are read as JKF from standard input.
for f in "$tmp/g.jkf" "$fx/presets.jkf" "$data/tsshogi/sample01.jkf"; do
	"$bin/kifu-validate" -q - <"$f" || fail "$f: not told as JKF"
done

# 6. What kifu writes validates against the schema published with
# json-kifu-format (draft 2020-12), with ajv, as that package checks its own.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "SKIPPED: jkf schema check: node and npm are not installed (Debian: apt-get install nodejs npm)"
else
	prefix=$(dirname "$bin")/node-jkf
	if ! grep -qs '"version": "5.0.0"' "$prefix/node_modules/ajv-cli/package.json" ||
		! grep -qs '"version": "8.17.1"' "$prefix/node_modules/ajv/package.json"; then
		mkdir -p "$prefix"
		npm install --prefix "$prefix" --no-save --no-audit --no-fund --ignore-scripts \
			ajv-cli@5.0.0 ajv@8.17.1 >"$prefix/install.log" 2>&1 || prefix=
	fi
	if [ -z "$prefix" ]; then
		echo "SKIPPED: jkf schema check: npm could not install ajv-cli@5.0.0 (see its install.log)"
	else
		mkdir -p "$tmp/schema"
		for f in "$tmp/g" "$fx/writer.compact" "$fx/forks.jkf" "$fx/data.jkf" "$fx/presets.jkf" \
			"$fx/specials.jkf" "$fx/times.jkf" "$data"/tsshogi/*.jkf "$data"/kifu-for-js/*.jkf \
			tests/data/kif/kifu-for-js/*.ki*; do
			mkdir -p "$tmp/one"
			"$bin/kifu-convert" -q --to jkf -o "$tmp/one/" "$f" 2>/dev/null
			for r in "$tmp"/one/*.jkf; do
				[ -e "$r" ] && mv "$r" "$tmp/schema/$(basename "$f")-$(basename "$r" .jkf).json"
			done
			rm -rf "$tmp/one"
		done
		n=$(ls "$tmp/schema" | wc -l)
		[ "$n" -gt 250 ] || fail "schema: only $n records written"
		"$prefix/node_modules/.bin/ajv" validate --spec=draft2020 --strict-tuples=false \
			-s "$data/kifu-for-js/json-kifu-format.schema.json" -d "$tmp/schema/*.json" >"$tmp/ajv" 2>&1 ||
			fail "schema: $(grep -v ' valid$' "$tmp/ajv" | head -20)"
		[ "$(grep -c ' valid$' "$tmp/ajv")" = "$n" ] || fail "schema: not every record checked"
	fi
fi

if [ "$fails" -ne 0 ]; then
	echo "jkf.sh: $fails failures"
	exit 1
fi
exit 0
