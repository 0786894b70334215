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
RESULT=@badrap/result@0.2.13

. tests/node/install.sh
node_package chu-shogiops "$prefix" shogiops 0.18.0 "$RESULT" || exit 0
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
if ! node tests/node/chu-recount.mjs "$modules" tests/data/chu/perft.tsv >"$out" 2>&1; then
	grep -v '^ok ' "$out"
	echo "chu-shogiops: the table differs from shogiops' count (above)"
	exit 1
fi
tail -n 1 "$out"
