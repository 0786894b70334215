#!/bin/bash
# index-html.sh - kifu-index explore --format=html in a real browser:
# headless Chromium (Debian's chromium) driven by puppeteer-core, pinned and
# pointed at /usr/bin/chromium (tests/node/index-explore.mjs).  On the pages
# of a standard position that two orders reach, one with both hands, a Dai
# start and a record
# whose date is hostile markup, it reads the DOM: each move's row against
# `kifu-index explore --format=json`, the board's pieces and hands against
# the SFEN, that the markup stays text, and that no page asked anything of
# the network.  Screenshots go to BINDIR/../index-html-test/*.png.
#
#     bash tests/golden/index-html.sh BINDIR
#
# Needs node, npm and chromium; skipped, and says so, without them (as
# tests/golden/html.sh, whose pinned puppeteer-core it shares: tests/node/install.sh).
set -u

bin=$1
build=$(dirname "$bin")
prefix="$build/node-html"
modules="$prefix/node_modules"
chromium=${KIFU_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
. tests/node/install.sh
if [ -z "$chromium" ]; then
	echo "SKIPPED: index-html: chromium is not installed (Debian: apt-get install chromium)"
	exit 0
fi
node_package index-html "$prefix" puppeteer-core 24.43.1 || exit 0

out="$build/index-html-test"
rm -rf "$out"
mkdir -p "$out"
. "$(dirname "$0")/common.bash"

# a record whose date would be markup if it were not escaped
printf 'shogi date=<img%%20src=x%%20onerror=alert(1)> : 7g7f 3c3d 2g2f 8c8d resign\n' >"$out/evil.compact"
"$bin/kifu-index" build -q -o "$out/x.db" tests/data/index/shogi.compact samples/dai-random.compact \
	"$out/evil.compact" || fail "build: exit $?"
explore() { # NAME ARGS...: the page and the JSON of one position
	local name=$1
	shift
	"$bin/kifu-index" explore "$out/x.db" "$@" --format=html -o "$out/$name.html" || fail "$name.html: exit $?"
	"$bin/kifu-index" explore "$out/x.db" "$@" --format=json >"$out/$name.json" || fail "$name.json: exit $?"
}
explore shogi -v shogi --moves '7g7f 3c3d 2g2f'
explore start -v shogi
explore dai -v dai
explore hands -v shogi --moves '7g7f 3c3d 8h2b+ 3a2b'

if ! node tests/node/index-explore.mjs "$modules" "$chromium" "$out" shogi start dai hands >"$out/log" 2>&1; then
	cat "$out/log"
	fail "index-explore.mjs"
else
	tail -n 1 "$out/log"
fi
finish index-html
