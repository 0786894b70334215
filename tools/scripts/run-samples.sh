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

run "$bin/kifu-validate" samples/*.compact
echo "(every record valid: exit status $?)"
run "$bin/kifu-replay" --format=text samples/dai-brief.compact
run "$bin/kifu-stats" samples/*.compact
run "$bin/kifu-stats" --openings 1 --format=csv samples/shogi-random.compact
run "$bin/kifu-select" --count --opening 7g7f samples/shogi-random.compact
