#!/bin/bash
# run.sh - the benchmarks of `make bench`: wall time and peak memory of
# each command, with GNU time when it is there, else bash's own timer.
#
#     bench/run.sh BINDIR      (default: build/bin)
set -euo pipefail

bin=${1:-build/bin}

measure() {
	echo "\$ $*"
	if [ -x /usr/bin/time ] && /usr/bin/time -f '' true 2>/dev/null; then
		/usr/bin/time -f '  wall %e s, user %U s, sys %S s, peak RSS %M KiB' "$@"
	else
		local TIMEFORMAT='  wall %R s, user %U s, sys %S s (peak RSS not measured: no GNU time)'
		time "$@"
	fi
}

measure "$bin/kifu-perft" -v shogi 5
measure "$bin/kifu-perft" -v dai 3
