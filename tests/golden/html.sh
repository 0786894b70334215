#!/bin/bash
# html.sh - kifu-replay --format=html in a real browser: headless Chromium
# (Debian's chromium package) driven by puppeteer-core, pinned and pointed
# at /usr/bin/chromium (tests/node/html-replay.mjs).  On pages kifu writes
# for a 300-ply Dai game with two-leg moves (and the same with comments and a
# variation), two Chu records (a lishogi game, a
# counter-strike) and a standard game with drops, comments, times and
# variations, it presses the keys, reads the DOM and checks the position
# shown at each ply against `kifu-replay --format=sfen --ply N`, variations
# entered and left, the flip, the address's fragment, the escaping of a
# hostile record and variant, and that no page asked anything of the
# network.  Screenshots go to BINDIR/../html-test/*.png.
#
#     bash tests/golden/html.sh BINDIR
#
# Needs node, npm and chromium (Debian: nodejs npm chromium; .ci/run
# installs them).  puppeteer-core is a test-only dependency, installed
# pinned into BINDIR/../node-html on first use, with no browser of its own.
# Without node, npm or chromium, or when npm cannot install, the check is
# skipped, and says so.
set -u

bin=$1
build=$(dirname "$bin")
prefix="$build/node-html"
modules="$prefix/node_modules"
PUPPETEER=puppeteer-core@24.43.1
chromium=${KIFU_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "SKIPPED: html: node and npm are not installed (Debian: apt-get install nodejs npm)"
	exit 0
fi
if [ -z "$chromium" ]; then
	echo "SKIPPED: html: chromium is not installed (Debian: apt-get install chromium)"
	exit 0
fi
if ! grep -qs '"version": "24.43.1"' "$modules/puppeteer-core/package.json"; then
	mkdir -p "$prefix"
	# --ignore-scripts: no browser of its own is downloaded
	if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --ignore-scripts \
		"$PUPPETEER" >"$prefix/install.log" 2>&1; then
		echo "SKIPPED: html: npm could not install $PUPPETEER (see $prefix/install.log)"
		exit 0
	fi
fi

out="$build/html-test"
rm -rf "$out"
mkdir -p "$out"
. "$(dirname "$0")/common.bash"

# The inputs: a long random Dai game (two-leg moves among them), a Chu game
# from lishogi and a counter-strike, a standard game with drops,
# variations, comments and times, and a hostile record and variant.
"$build/tests/gen-records" -v dai -n 1 -p 300 -s 1 >"$out/dai.compact"
grep -qE ' [0-9]+[a-o][0-9]+[a-o][0-9]+[a-o]\+?( |$)' "$out/dai.compact" || fail "the Dai game has no two-leg move"
# the same Dai game with comments and a variation at ply 1 (the first three
# moves of another random game)
alt=$("$build/tests/gen-records" -v dai -n 1 -p 3 -s 2 | sed 's/^dai : //')
awk -v alt="$alt" '{ out = $1 " " $2; for (i = 3; i <= NF; i++) { t = $i
	if (i == 3) t = t "{the%20first%20move} ( " alt "{another%20first%20move} )"
	if (i == 12) t = t "{ply%2010}"
	out = out " " t } print out }' "$out/dai.compact" >"$out/dai-notes.compact"
"$bin/kifu-validate" -q "$out/dai-notes.compact" || fail "dai-notes.compact is not valid"
cp tests/data/kif/chu/chushogiKif1.kif "$out/chu.kif"
cp tests/data/replay/chu-counter-strike.compact "$out/chu-cs.compact"
cp tests/data/kif/fixtures/writer.kif "$out/shogi.kif"
cp tests/data/replay/evil.yaml tests/data/replay/evil.compact "$out/"

"$bin/kifu-replay" --format=html -o "$out/dai.html" "$out/dai.compact" || fail "dai.html: exit $?"
"$bin/kifu-replay" --format=html -o "$out/dai-notes.html" "$out/dai-notes.compact" || fail "dai-notes.html: exit $?"
"$bin/kifu-replay" --format=html -o "$out/chu.html" "$out/chu.kif" "$out/chu-cs.compact" || fail "chu.html: exit $?"
"$bin/kifu-replay" --format=html "$out/shogi.kif" >"$out/shogi.html" || fail "shogi.html: exit $?"
"$bin/kifu-replay" --format=html --variant-file "$out/evil.yaml" -o "$out/evil.html" "$out/evil.compact" ||
	fail "evil.html: exit $?"

if ! node tests/node/html-replay.mjs "$modules" "$chromium" "$bin" "$out" >"$out/log" 2>&1; then
	cat "$out/log"
	fail "html-replay.mjs"
else
	tail -n 1 "$out/log"
fi
finish html
