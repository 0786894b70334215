#!/bin/sh
# install-deps.sh - installs the Debian packages that building and testing
# kifu need, and the Japanese font kifu-replay's pictures are drawn with,
# when something is missing and we run as root.  Does nothing when
# everything is there.  Used by `make samples`, `make test` and .ci/run.
set -eu

PACKAGES="build-essential pkg-config libyaml-dev libpcre2-dev libsqlite3-dev libcmocka-dev"
MODULES="yaml-0.1 libpcre2-8 sqlite3 cmocka"
# The font the pictures name first (kifu-replay's SVG and HTML page,
# docs/replay.md): without a Japanese font every kanji on them is a box.
# IPA Mincho rather than Noto CJK: a Mincho, as printed diagrams and
# pieces are lettered, with every kanji the pieces of every variant use,
# in 5 MB (fonts-noto-cjk: 57 MB, 91 MB installed).  Wanted, not needed:
# the build and the tests go on without it (tests/golden/html-render.sh
# then skips its font check), so where it cannot be installed we say how.
FONT_PACKAGE="fonts-ipafont-mincho"

missing=""
for cmd in cc make ar pkg-config; do
	command -v "$cmd" >/dev/null 2>&1 || missing="$missing $cmd"
done
if command -v pkg-config >/dev/null 2>&1; then
	for mod in $MODULES; do
		pkg-config --exists "$mod" || missing="$missing $mod"
	done
fi
font=""
if command -v dpkg-query >/dev/null 2>&1 &&
	! dpkg-query -W -f='${Status}' "$FONT_PACKAGE" 2>/dev/null | grep -q 'ok installed'; then
	font=$FONT_PACKAGE
fi
[ -z "$missing" ] && [ -z "$font" ] && exit 0

[ -n "$missing" ] && echo "install-deps: missing:$missing" >&2
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	if [ -n "$missing" ]; then
		echo "install-deps: as root on Debian, run:" >&2
		echo "  apt-get install -y --no-install-recommends $PACKAGES $font" >&2
		exit 1
	fi
	echo "install-deps: for the kanji of kifu-replay's pictures, as root: apt-get install -y $font" >&2
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update </dev/null
if [ -n "$missing" ]; then
	# shellcheck disable=SC2086 # one word per package
	apt-get install -y --no-install-recommends $PACKAGES </dev/null
fi
if [ -n "$font" ]; then
	apt-get install -y --no-install-recommends "$font" </dev/null ||
		echo "install-deps: $font could not be installed: kifu-replay's pictures need a Japanese font for their kanji" >&2
fi
