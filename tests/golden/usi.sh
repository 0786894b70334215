#!/bin/bash
# Golden tests of USI position lines as records: reading (startpos, sfen,
# without "position", errors with their column), writing (startpos for
# standard shogi's start, sfen otherwise, what USI cannot carry said per
# record), and round trips on generated games of every 9x9 variant.
#
#     usi.sh BINDIR
set -u
bin=$1
gen=$bin/../tests/gen-records
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
nl=$'\n'

# expect NAME STATUS WANT_STDOUT WANT_STDERR -- COMMAND...
expect() {
	local name=$1 status=$2 out=$3 err=$4
	shift 5
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	[ "$got" = "$status" ] || fail "$name: exit status $got, expected $status"
	printf '%s' "$out" | cmp -s - "$tmp/out" || fail "$name: stdout: $(diff <(printf '%s' "$out") "$tmp/out")"
	printf '%s' "$err" | cmp -s - "$tmp/err" || fail "$name: stderr: $(diff <(printf '%s' "$err") "$tmp/err")"
}

cat >"$tmp/in.usi" <<'EOF'
position startpos moves 7g7f 3c3d 8h2b+
# a comment line, and a blank one

position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d
startpos moves 2g2f
position startpos
EOF
expect read 0 "shogi : 7g7f 3c3d 8h2b+
shogi sfen=lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL_w_-_1 : 3c3d
shogi : 2g2f
shogi :
" "" -- "$bin/kifu-convert" "$tmp/in.usi"
# written back: the same lines, with "position" everywhere
expect write 0 "position startpos moves 7g7f 3c3d 8h2b+
position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d
position startpos moves 2g2f
position startpos
" "" -- "$bin/kifu-convert" --to usi "$tmp/in.usi"

# Errors: a move that does not parse, an illegal move, a bad start word.
printf 'position startpos moves 7g7f 7z7f\nposition startpos moves 7g7f 7g7f\nposition board\n' >"$tmp/bad.usi"
expect errors 1 "" "kifu-validate: $tmp/bad.usi:1:30: ply 2: 7z7f: no such square on this board
kifu-validate: $tmp/bad.usi:2:30: ply 2: 7g7f: there is no piece on 7g
kifu-validate: $tmp/bad.usi:3:10: expected startpos or sfen after position
" -- "$bin/kifu-validate" "$tmp/bad.usi"

# An SFEN is printable ASCII: a byte that is not is said at its column, never
# kept (compact would write it and refuse to read it back; fuzz_rt_kif).
printf 'position sfen lnsgkgsnl/1r5b1/ppp\265pppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\nposition startpos moves 7g7f\n' >"$tmp/byte.usi"
expect sfen-byte 1 "shogi : 7g7f
" "kifu-convert: $tmp/byte.usi:1:34: an SFEN is printable ASCII, not U+FF75
" -- "$bin/kifu-convert" --to compact "$tmp/byte.usi"

# A handicap start, another variant (its own start, read back with -v),
# and what USI leaves out, said once per record.
printf 'shogi handicap=香落ち sente=A : 3c3d 7g7f{x} resign\nsho : 7g7f\n' >"$tmp/other.compact"
expect handicap-and-variant 0 "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d 7g7f
position sfen lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1 moves 7g7f
" "kifu-convert: $tmp/other.compact:1: usi cannot carry comments, tags and the ending: left out
" -- "$bin/kifu-convert" --to usi "$tmp/other.compact"
printf 'position sfen lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1 moves 7g7f\n' >"$tmp/sho.usi"
# (the variant's own start: no sfen tag, the record as it was written)
expect sho-back 0 "sho : 7g7f$nl" "" \
	-- "$bin/kifu-convert" -v sho "$tmp/sho.usi"

# Round trips on generated games: compact -> usi -> compact keeps every
# move, and usi -> compact -> usi is the identity.
for v in shogi sho asakura shozogi; do
	"$gen" -v "$v" -n 100 -p 200 -s 11 | sed 's/ \(resign\|abort\)$//' >"$tmp/$v.compact"
	"$bin/kifu-convert" --to usi "$tmp/$v.compact" >"$tmp/$v.usi" 2>"$tmp/err" || fail "$v: to usi: $(head -2 "$tmp/err")"
	"$bin/kifu-convert" -v "$v" "$tmp/$v.usi" >"$tmp/$v.back" || fail "$v: from usi"
	# the start is written as sfen for any variant but shogi: compare moves
	sed 's/.* : //' "$tmp/$v.compact" >"$tmp/want"
	sed 's/.* : //' "$tmp/$v.back" >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got" || fail "$v: moves changed: $(diff "$tmp/want" "$tmp/got" | head -3)"
	"$bin/kifu-convert" --to usi -v "$v" "$tmp/$v.back" | cmp -s - "$tmp/$v.usi" || fail "$v: usi -> compact -> usi changed"
	"$bin/kifu-validate" -v "$v" "$tmp/$v.usi" >/dev/null || fail "$v: the USI lines are not valid"
done

if [ "$fails" -ne 0 ]; then
	echo "usi.sh: $fails failures"
	exit 1
fi
exit 0
