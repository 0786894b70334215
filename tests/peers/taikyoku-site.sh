#!/bin/bash
# taikyoku-site.sh - kifu's Taikyoku perft against the Taikyoku website's own
# move generator (taikyoku-shogi.github.io), run by hand, not by `make test`:
# the site is no Debian or npm package, so a checkout of it is given.
#
#     tests/peers/taikyoku-site.sh SITE_CHECKOUT [BINDIR]
#
# Prints the start's moves only one side lists (depth 1), then the depth-2
# totals and the first moves whose reply counts differ.  docs/rules.md,
# "Taikyoku Shogi", "perft", says what the differences are (the run at the
# site's commit 48ffcf7).  esbuild, from npm, is installed under build/peers.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/../.." && pwd)
site=$(cd "${1:?usage: taikyoku-site.sh SITE_CHECKOUT [BINDIR]}" && pwd)
bin=${2:-$here/build/bin}
prefix=$here/build/peers
# shellcheck source=tests/node/install.sh
. "$here/tests/node/install.sh"
node_package taikyoku-site "$prefix" esbuild 0.24.2 || exit 0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node "$here/tests/peers/taikyoku-site.mjs" "$prefix" "$site" >"$tmp/site"
# kifu's: one line per first move, its promotion mark dropped (the site's
# moves name no promotion: it is forced)
"$bin/kifu-perft" -v taikyoku --divide 2 | sed -n 's/^\([0-9a-z]*\)+\{0,1\} \([0-9]*\)$/\1 \2/p' | sort >"$tmp/kifu"
echo "depth 1: $(wc -l <"$tmp/site") moves on the site, $(wc -l <"$tmp/kifu") in kifu"
join -v1 "$tmp/site" "$tmp/kifu" | sed 's/^\([^ ]*\).*/  only on the site: \1/'
join -v2 "$tmp/site" "$tmp/kifu" | sed 's/^\([^ ]*\).*/  only in kifu: \1/'
echo "depth 2: $(awk '{ s += $2 } END { print s }' "$tmp/site") on the site," \
	"$(awk '{ s += $2 } END { print s }' "$tmp/kifu") in kifu"
join "$tmp/site" "$tmp/kifu" | awk '$2 != $3 { d[$2 - $3]++ } END { for (k in d) printf "  %d first moves: the site %+d\n", d[k], k }'
