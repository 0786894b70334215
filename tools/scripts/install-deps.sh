#!/bin/sh
# install-deps.sh - installs the Debian packages that building and testing
# kifu need, when something is missing and we run as root.  Does nothing
# when everything is there.  Used by `make samples`, `make test` and .ci/run.
set -eu

PACKAGES="build-essential pkg-config libyaml-dev libpcre2-dev libcmocka-dev"
MODULES="yaml-0.1 libpcre2-8 cmocka"

missing=""
for cmd in cc make ar pkg-config; do
	command -v "$cmd" >/dev/null 2>&1 || missing="$missing $cmd"
done
if command -v pkg-config >/dev/null 2>&1; then
	for mod in $MODULES; do
		pkg-config --exists "$mod" || missing="$missing $mod"
	done
fi
[ -z "$missing" ] && exit 0

echo "install-deps: missing:$missing" >&2
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: as root on Debian, run:" >&2
	echo "  apt-get install -y --no-install-recommends $PACKAGES" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update </dev/null
# shellcheck disable=SC2086 # one word per package
apt-get install -y --no-install-recommends $PACKAGES </dev/null
