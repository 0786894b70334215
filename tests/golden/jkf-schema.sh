#!/bin/bash
# Every JKF kifu writes validates against the schema published with
# json-kifu-format (draft 2020-12), checked by ajv as that package checks
# its own (the rest of JKF's tests: tests/cases/jkf.test).
#
#     jkf-schema.sh BINDIR
#
# The check needs node and npm (Debian: nodejs npm); ajv-cli, a test-only
# package, is installed pinned into BINDIR/../node-jkf on first use.  Without
# node or npm, or when npm cannot install, the check is skipped, and says so.
set -u
bin=$1
. "$(dirname "$0")/common.bash"
data=tests/data/jkf
fx=$data/fixtures

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "SKIPPED: jkf schema check: node and npm are not installed (Debian: apt-get install nodejs npm)"
	exit 0
fi
prefix=$(dirname "$bin")/node-jkf
if ! grep -qs '"version": "5.0.0"' "$prefix/node_modules/ajv-cli/package.json" ||
	! grep -qs '"version": "8.17.1"' "$prefix/node_modules/ajv/package.json"; then
	mkdir -p "$prefix"
	npm install --prefix "$prefix" --no-save --no-audit --no-fund --ignore-scripts \
		ajv-cli@5.0.0 ajv@8.17.1 >"$prefix/install.log" 2>&1 || {
		echo "SKIPPED: jkf schema check: npm could not install ajv-cli@5.0.0 (see $prefix/install.log)"
		exit 0
	}
fi

# Each record of random games, the writer's fixture, every JKF file and
# every real KIF file, written as JKF, one file a record.
"$bin/../tests/gen-records" -v shogi -n 200 -p 300 -s 11 >"$tmp/g"
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
finish jkf-schema.sh
