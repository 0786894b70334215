#!/bin/sh
# run-samples.sh - what `make samples` shows: the tools run on samples/.
#
#     run-samples.sh BINDIR
set -eu

bin=$1

run() {
	echo "\$ $*"
	"$@"
}

run "$bin/kifu-perft" -v dai 1
run "$bin/kifu-perft" -v shogi 3

if [ -x "$bin/kifu-validate" ]; then
	set -- samples/*
	if [ -e "$1" ]; then
		run "$bin/kifu-validate" "$@"
	fi
fi
