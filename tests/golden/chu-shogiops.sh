#!/bin/bash
# chu-shogiops.sh - recounts the Chu Shogi perft table tests/data/chu/perft.tsv
# with shogiops, lishogi's rules library, in both conventions (shogiops' own
# and kifu's: tests/node/chu-recount.mjs), independently of libkifu;
# test_chu.c checks kifu_perft against the kifu column.
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
SHOGIOPS=shogiops@0.18.0
RESULT=@badrap/result@0.2.13

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "SKIPPED: chu-shogiops: node and npm are not installed (Debian: apt-get install nodejs npm)"
	exit 0
fi
if ! grep -qs '"version": "0.18.0"' "$modules/shogiops/package.json"; then
	mkdir -p "$prefix"
	if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --ignore-scripts \
		"$SHOGIOPS" "$RESULT" >"$prefix/install.log" 2>&1; then
		echo "SKIPPED: chu-shogiops: npm could not install $SHOGIOPS (see $prefix/install.log)"
		exit 0
	fi
fi
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
if ! node tests/node/chu-recount.mjs "$modules" tests/data/chu/perft.tsv >"$out" 2>&1; then
	grep -v '^ok ' "$out"
	echo "chu-shogiops: the table differs from shogiops' count (above)"
	exit 1
fi
tail -n 1 "$out"
