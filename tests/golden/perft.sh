#!/bin/bash
# perft.sh - golden tests of kifu-perft: output, error messages and exit
# status, compared byte for byte with the expected text below (checked by
# hand: see the comments).
#
#     bash tests/golden/perft.sh BINDIR
set -u

bin=$1/kifu-perft
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

# check NAME WANT_STATUS -- ARGS...: runs kifu-perft ARGS, compares stdout
# with $tmp/want.out and stderr with $tmp/want.err (both written before).
check() {
	local name=$1 want_status=$2
	shift 3
	"$bin" "$@" >"$tmp/got.out" 2>"$tmp/got.err"
	local status=$?
	if [ "$status" -ne "$want_status" ]; then
		echo "$name: exit status $status, expected $want_status"
		failed=1
	fi
	if ! diff -u "$tmp/want.out" "$tmp/got.out"; then
		echo "$name: standard output differs (diff above: - expected, + got)"
		failed=1
	fi
	if ! diff -u "$tmp/want.err" "$tmp/got.err"; then
		echo "$name: standard error differs (diff above: - expected, + got)"
		failed=1
	fi
}

# Dai from the start, depth 1: 71 (hand count in tests/test_perft.c).
printf '71\n' >"$tmp/want.out"
: >"$tmp/want.err"
check dai-1 0 -- -v dai 1

# Chu from the start, depth 1 and 2: 36 (hand count in tests/test_chu.c) and
# 1296 (36 for each side: lishogi's published count, shogiops and scalashogi).
printf '36\n' >"$tmp/want.out"
check chu-1 0 -- -v chu 1
printf '1296\n' >"$tmp/want.out"
check chu-2 0 -- -v chu 2

# Chu with the counter-strike square in SFEN field 3 (lishogi's form): the
# Bishop on 6l may take a Lion only on 8j, so not the one on 3i: 7 moves, and
# 8 with "-" (tests/test_chu.c, counter_strike_field).
printf '7\n' >"$tmp/want.out"
check chu-counter-strike 0 -- -v chu --sfen '11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K_b_8j_1' 1
printf '8\n' >"$tmp/want.out"
check chu-no-counter-strike 0 -- -v chu --sfen '11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K_b_-_1' 1

# Standard shogi, depth 3: 25470 (Peeper, YaneuraOu).
printf '25470\n' >"$tmp/want.out"
check shogi-3 0 -- -v shogi 3

# --sfen with '_' for spaces: the pawn-drop-mate position; 85 moves, P*1b
# being illegal (counted by hand in tests/test_rules.c).
printf '85\n' >"$tmp/want.out"
check sfen-underscores 0 -- -v shogi --sfen '7lk/9/8S/9/9/9/9/7L1/8K_b_P_1' 1

# An unknown variant: exit 2, and the list of the shipped ones.
: >"$tmp/want.out"
cat >"$tmp/want.err" <<'END'
kifu-perft: unknown variant 'nosuch'
kifu-perft: the shipped variants are: asakura, chu, chu-jcsa, dai, heian, heian-9x9, heian-dai, heian-dai-leaping-dragon, heian-dai-optional, heian-optional, sho, shogi, shozogi, shozogi-gold, tenjiku, tenjiku-active-burning, tenjiku-adams, tenjiku-free-eagle-jumps, tenjiku-free-eagle-tsa, tenjiku-ja, tenjiku-jump-lower, tenjiku-jump-to-empty, tenjiku-promote-in-zone, tenjiku-sideways, tenjiku-unforced, tori, wa, wa-no-drops
END
check unknown-variant 2 -- -v nosuch 1

# A bad SFEN: exit 2, the column of the bad letter ("4k4/" is columns 1-4,
# each "9/" two more, so rank 9's '3' is column 19 and 'Z' column 20).
cat >"$tmp/want.err" <<'END'
kifu-perft: --sfen:1:20: unknown piece letter for this variant
END
check bad-sfen 2 -- -v shogi --sfen '4k4/9/9/9/9/9/9/9/3ZK4_b_-_1' 1

# --divide at depth 1 from the start: the 30 moves (9 pawns; Rook 2h to 1h
# and 3h-7h; Lance 1i 1h; Silver 3i 4h 3h; Gold 4i 4h 3h 5h; King 5i 5h 4h
# 6h; Gold 6i 6h 5h 7h; Silver 7i 6h 7h; Lance 9i 9h), each 1, a blank
# line and the total.
cat >"$tmp/want.out" <<'END'
1g1f 1
2g2f 1
3g3f 1
4g4f 1
5g5f 1
6g6f 1
7g7f 1
8g8f 1
9g9f 1
2h1h 1
2h3h 1
2h4h 1
2h5h 1
2h6h 1
2h7h 1
1i1h 1
3i4h 1
3i3h 1
4i4h 1
4i3h 1
4i5h 1
5i5h 1
5i4h 1
5i6h 1
6i6h 1
6i5h 1
6i7h 1
7i6h 1
7i7h 1
9i9h 1

30
END
: >"$tmp/want.err"
check divide 0 -- --divide -v shogi 1

exit $failed
