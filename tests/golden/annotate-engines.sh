#!/bin/bash
# annotate-engines.sh - kifu-annotate with real engines, at a small fixed
# depth: Debian's fairy-stockfish over USI on a standard game, and hachu
# over XBoard on a Chu game.  What it writes is valid (kifu-validate), and
# tsshogi (ShogiHome's library, tests/node/annotate-read.mjs) reads the
# standard record with every evaluation and every principal variation of
# its comments, each move of them playable; the Chu record's analysis
# holds moves the referee let through only, and two Chu records from
# set-up positions (setboard; one of them with Gote to move, turned round)
# are analysed as one another's mirror image.  Annotating the output again
# gives it back (the analysis is replaced, not stacked), and -j 2 writes
# what -j 1 does (a deterministic engine at a fixed depth).
#
#     bash tests/golden/annotate-engines.sh BINDIR
#
# Skipped, saying so, where an engine is not installed (.ci/run installs
# both: apt-get install fairy-stockfish hachu) or node and npm are missing.
set -u

bin=$1
build=$(dirname "$bin")
prefix="$build/node-tsshogi"
modules="$prefix/node_modules"
export PATH="$bin:$PATH:/usr/games"
. "$(dirname "$0")/common.bash"

check() { # NAME COMMAND...: one line per check
	local name=$1
	shift
	if "$@"; then
		echo "ok $name"
	else
		fail "$name"
	fi
}

if command -v fairy-stockfish >/dev/null 2>&1; then
	game=tests/data/kif/tsshogi/001_import_standard.kif
	kifu-annotate -q --engine fairy-stockfish --depth 8 "$game" >"$tmp/std.kif"
	check "fairy-stockfish: every position analysed" test $? = 0
	check "fairy-stockfish: the record is valid" kifu-validate -q "$tmp/std.kif"
	check "fairy-stockfish: a comment on every move" \
		test "$(grep -c '^\*#評価値=\|^\*#詰み=' "$tmp/std.kif")" -ge "$(kifu-convert "$game" | sed 's/.*: //' | wc -w)"
	kifu-annotate -q --engine fairy-stockfish --depth 8 "$tmp/std.kif" >"$tmp/again.kif"
	check "fairy-stockfish: annotating again replaces the analysis" cmp -s "$tmp/std.kif" "$tmp/again.kif"
	cat "$game" "$game" >"$tmp/two.kif"
	kifu-annotate -q --engine fairy-stockfish --depth 8 "$tmp/two.kif" >"$tmp/j1.kif"
	kifu-annotate -q -j 2 --engine fairy-stockfish --depth 8 "$tmp/two.kif" >"$tmp/j2.kif"
	check "fairy-stockfish: -j 2 writes what -j 1 does" cmp -s "$tmp/j1.kif" "$tmp/j2.kif"
	. tests/node/install.sh
	if node_package tsshogi "$prefix" tsshogi 2.2.0; then
		check "tsshogi reads every evaluation and every line whole" \
			node tests/node/annotate-read.mjs "$modules" "$tmp/std.kif" >"$tmp/read.txt"
		check "tsshogi: as many analysed positions as plies and the start" \
			test "$(wc -l <"$tmp/read.txt")" -ge "$(kifu-convert "$game" | sed 's/.*: //' | wc -w)"
	fi
else
	echo "SKIPPED: annotate-engines.sh: fairy-stockfish is not installed (apt-get install fairy-stockfish)"
fi

if command -v hachu >/dev/null 2>&1; then
	chu=tests/data/kif/chu/lishogi-server.kif
	kifu-annotate -q --protocol xboard --engine hachu --depth 4 "$chu" >"$tmp/chu.kif"
	st=$?
	check "hachu: the run ends (0, or 1 with HaChu's moves refused)" test $st -le 1
	check "hachu: the record is valid" kifu-validate -q "$tmp/chu.kif"
	check "hachu: the positions are analysed" test "$(grep -c '^\*#評価値=' "$tmp/chu.kif")" -ge 5
	kifu-annotate -q --protocol xboard --engine hachu --depth 4 "$tmp/chu.kif" >"$tmp/chu2.kif"
	check "hachu: annotating again replaces the analysis" cmp -s "$tmp/chu.kif" "$tmp/chu2.kif"
	# set-up positions (setboard): Chu without Gote's Lion, Sente to move,
	# and its mirror image with Gote to move, sent turned round: HaChu is
	# given the same board and moves for both, so the second record's
	# evaluations are the first's negated, node count for node count
	setup=tests/data/annotate/chu-setup.compact
	kifu-annotate -q --protocol xboard --engine hachu --depth 3 --to compact "$setup" >"$tmp/setup.compact"
	check "hachu: set-up positions, every one analysed" test $? = 0
	check "hachu: set-up positions, the records are valid" kifu-validate -q "$tmp/setup.compact"
	check "hachu: the position with Gote to move is the mirror of the one with Sente to move" \
		awk '{ n = 0; s = $0
		       while (match(s, /#評価値=-?[0-9]+|#ノード数=[0-9]+/)) {
			       t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
			       split(t, kv, "="); v[NR, ++n] = t ~ /ノード/ || NR == 1 ? kv[2] + 0 : -kv[2]
		       }
		       c[NR] = n }
		     END { if (NR != 2 || c[1] < 6 || c[1] != c[2]) exit 1
			   for (i = 1; i <= c[1]; i++) if (v[1, i] != v[2, i]) exit 1 }' "$tmp/setup.compact"
else
	echo "SKIPPED: annotate-engines.sh: hachu is not installed (apt-get install hachu)"
fi

finish annotate-engines
