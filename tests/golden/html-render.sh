#!/bin/bash
# html-render.sh - the HTML page's board drawn as the SVG picture draws it,
# judged on what Chromium renders, not on the DOM: for positions of 9×9
# shogi (a promoted piece, the start, a drop), Chu (a lishogi game; a
# counter-strike square), Dai (igui, a random game) and a 36x36 board
# (tests/data/variants/giant36.yaml), some seen from
# Gote's side, the page's board (opened at that ply) and the SVG of the same
# position (kifu-replay --format=svg --ply N) are rendered by headless
# Chromium at the same scale, and the pixels of their boards compared
# (tests/node/html-render.mjs).  It also checks that the kanji are drawn
# with the font the pictures name first, IPA Mincho, where it is installed
# (tools/scripts/install-deps.sh installs fonts-ipafont-mincho as root).
# The screenshots and their differences go to BINDIR/../html-render/.
#
#     bash tests/golden/html-render.sh BINDIR
#
# Needs node, npm and chromium (Debian: nodejs npm chromium; .ci/run
# installs them) and puppeteer-core, pinned, installed as html.sh installs
# it (no browser of its own).  Without them the check is skipped, and says
# so.
set -u

bin=$1
build=$(dirname "$bin")
prefix="$build/node-html"
chromium=${KIFU_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}

. tests/node/install.sh
if [ -z "$chromium" ]; then
	echo "SKIPPED: html-render: chromium is not installed (Debian: apt-get install chromium)"
	exit 0
fi
node_package html-render "$prefix" puppeteer-core 24.43.1 || exit 0

out="$build/html-render"
rm -rf "$out"
mkdir -p "$out"
. "$(dirname "$0")/common.bash"

# A case: NAME, the input, the ply, and --flip or nothing.  The page is
# opened at #ply=N; the SVG is the same position.
cases=()
add() { # add NAME INPUT PLY [--flip]
	local name=$1 input=$2 ply=$3
	shift 3
	"$bin/kifu-replay" --format=html "$@" -o "$out/$name.html" "$input" 2>"$out/$name.err" ||
		fail "$name: kifu-replay --format=html: exit $? $(cat "$out/$name.err")"
	"$bin/kifu-replay" --format=svg --ply "$ply" "$@" "$input" >"$out/$name.svg" 2>"$out/$name.err" ||
		fail "$name: kifu-replay --format=svg: exit $? $(cat "$out/$name.err")"
	cases+=("$name:$ply")
}
"$build/tests/gen-records" -v dai -n 1 -p 300 -s 1 >"$out/dai.compact"
add shogi tests/data/kif/fixtures/writer.kif 3
add shogi-start tests/data/kif/fixtures/writer.kif 0
add shogi-flip tests/data/kif/fixtures/writer.kif 5 --flip
add chu tests/data/kif/chu/chushogiKif1.kif 44
add chu-counter-strike tests/data/replay/chu-counter-strike.compact 1
add dai-brief samples/dai-brief.compact 7
add dai "$out/dai.compact" 150
add dai-flip "$out/dai.compact" 150 --flip
# 36x36: its pieces drawn with their one-kanji short names (docs/replay.md)
echo "giant36 sente=A gote=B : 26ah26aa 11c11j 20ag20af 11j11ai 26aa11aa 11ai11aj+ resign" >"$out/giant36.compact"
add giant36 "$out/giant36.compact" 6 --variant-file tests/data/variants/giant36.yaml
add giant36-flip "$out/giant36.compact" 5 --flip --variant-file tests/data/variants/giant36.yaml

font=0
fc-list 2>/dev/null | grep -q 'IPAMincho' && font=1
if ! node tests/node/html-render.mjs "$prefix/node_modules" "$chromium" "$out" "$font" "${cases[@]}" >"$out/log" 2>&1; then
	cat "$out/log"
	fail "html-render.mjs"
else
	grep '^SKIPPED' "$out/log"
	tail -n 1 "$out/log"
fi
finish html-render
