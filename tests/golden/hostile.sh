#!/bin/bash
# Hostile and damaged input that must never change data quietly or inject
# into an output: line breaks in KIF headers and bookmarks, characters
# Shift_JIS lacks, NUL escapes, CR-only line ends, a line too long inside a
# KIF record, a stray byte in a UTF-8 file, header keys kifu did not expect,
# terminal escapes in file names.  Each expected output was checked by hand.
#
#     hostile.sh BINDIR
set -u
bin=$1
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

# A tag value or bookmark with a line break cannot be one KIF line: the
# record is refused, never written with a line injected (手合割 would change
# the start), and the good record after it is written.
printf 'shogi sente=Alice%%0A手合割：香落ち : 7g7f\nshogi bookmark=x%%0Ay : 7g7f\nshogi : 7g7f&a%%0Db 3c3d\nshogi sente=Bob : 2g2f\n' >"$tmp/inject.compact"
expect kif-injection 1 "#KIF version=2.0 encoding=UTF-8
先手：Bob
手数----指手---------消費時間--
   1 ２六歩(27)  
" "kifu-convert: $tmp/inject.compact:1: the tag sente holds a line break, which KIF cannot write
kifu-convert: $tmp/inject.compact:2: the bookmark before the first move holds a line break, which KIF cannot write
kifu-convert: $tmp/inject.compact:3:9: the bookmark of 7g7f holds a line break, which KIF cannot write
" -- "$bin/kifu-convert" --to kif "$tmp/inject.compact"
# A comment keeps its line breaks: each line is a comment line of its own.
printf 'shogi : 7g7f{a%%0A&bm%%0A手合割：香落ち} 3c3d\n' >"$tmp/comment.compact"
"$bin/kifu-convert" --to kif "$tmp/comment.compact" | "$bin/kifu-convert" >"$tmp/back"
cmp -s "$tmp/comment.compact" "$tmp/back" || fail "a multi-line comment: $(cat "$tmp/back")"

# A character Shift_JIS has no form for: refused, not written as '?'.
printf 'shogi sente=😀 : 7g7f\nshogi sente=羽生 : 7g7f\n' >"$tmp/emoji.compact"
"$bin/kifu-convert" --to kif --encoding=sjis "$tmp/emoji.compact" >"$tmp/sjis.kif" 2>"$tmp/err"
[ $? = 1 ] || fail "sjis: exit status not 1"
[ "$(cat "$tmp/err")" = "kifu-convert: $tmp/emoji.compact:1: \"😀\" (line 2 of its KIF) has no form in Shift_JIS: write UTF-8" ] ||
	fail "sjis: $(cat "$tmp/err")"
[ "$(iconv -f CP932 -t UTF-8 "$tmp/sjis.kif" | sed -n 2p)" = "先手：羽生" ] || fail "sjis: the good record"

# %00 would cut a value short: an error where it is written.
printf 'shogi : 7g7f{a%%00b}\nshogi sente=a%%00 :\nshogi : 7g7f\n' >"$tmp/nul.compact"
expect nul-escape 1 "shogi : 7g7f$nl" "kifu-convert: $tmp/nul.compact:1:15: ply 1: 7g7f: a NUL byte (%00) in a comment: no value may hold one
kifu-convert: $tmp/nul.compact:2:14: a NUL byte (%00) in a tag value: no value may hold one
" -- "$bin/kifu-convert" "$tmp/nul.compact"

# Lines that end in CR alone (classic Mac OS): read, in both notations.
printf 'shogi : 7g7f\rshogi : 2g2f\r' >"$tmp/cr.compact"
printf '手数----指手---------消費時間--\r   1 ７六歩(77)\r   2 ３四歩(33)\r' >"$tmp/cr.kif"
expect cr-only 0 "$tmp/cr.compact:1: valid, 1 plies
$tmp/cr.compact:2: valid, 1 plies
$tmp/cr.kif:1: valid, 2 plies
" "" -- "$bin/kifu-validate" --verbose "$tmp/cr.compact" "$tmp/cr.kif"

# A line over the limit inside a KIF record: that record is invalid (never
# cut there and called valid), the next record is read.
{ printf '先手：A\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*'
  head -c 1100000 /dev/zero | tr '\0' 'a'
  printf '\n   2 ３四歩(33)\n\n先手：B\n手数----指手---------消費時間--\n   1 ２六歩(27)\n'; } >"$tmp/long.kif"
expect long-line-in-kif 1 "$tmp/long.kif:7: valid, 1 plies$nl" "kifu-validate: $tmp/long.kif:4: line longer than 1048576 bytes: skipped$nl" \
	-- "$bin/kifu-validate" --verbose "$tmp/long.kif"

# One Latin-1 byte in a comment of a UTF-8 KIF stream is a note at its
# column (the comment keeps U+FFFD, the moves are read); the stream is still
# read as UTF-8 (51 good records).
{ printf '先手：山田\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*caf\xe9\n'
  for _ in $(seq 50); do printf '\n先手：山田\n手数----指手---------消費時間--\n   1 ７六歩(77)\n'; done; } >"$tmp/latin1.kif"
"$bin/kifu-validate" --format=json "$tmp/latin1.kif" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] || fail "latin1: exit status"
[ "$(grep -c '"valid":true' "$tmp/out")" = 51 ] || fail "latin1: $(grep -c '"valid":true' "$tmp/out") good records, not 51"
expect latin1-text 0 "" "kifu-validate: $tmp/latin1.kif:4:5: note: a byte that is not UTF-8 (0xE9), the encoding of this file$nl" \
	-- "$bin/kifu-validate" "$tmp/latin1.kif"
# ... and on a last line with no line end.
printf '先手：山田\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*\xe9' >"$tmp/last.kif"
expect bad-last-line 0 "shogi sente=山田 : 7g7f{�}$nl" "kifu-convert: $tmp/last.kif:4:2: note: a byte that is not UTF-8 (0xE9), the encoding of this file$nl" \
	-- "$bin/kifu-convert" "$tmp/last.kif"

# Header keys kifu does not know are kept, whatever they hold: a space, a
# leading digit (not a move: 9z).
printf '対局 ID：12345\n9z：v\n手数----指手---------消費時間--\n   1 ７六歩(77)\n' >"$tmp/keys.kif"
expect odd-keys 0 "shogi header=対局%20ID：12345 header=9z：v : 7g7f$nl" "" -- "$bin/kifu-convert" "$tmp/keys.kif"

# A file name with a terminal escape in it is shown, not obeyed.
name="$tmp/a$(printf '\033')[31mred"
expect escape-in-name 2 "" "kifu-validate: $tmp/a\\x1B[31mred: cannot open: No such file or directory$nl" -- "$bin/kifu-validate" "$name"

# More moves than a move list holds (a user's variant: 19 kinds to drop on
# a 19x19 board, 6,800 drops): an error, never a count of some of them.
{ printf 'name: big\ninherit: shogi\nboard: 19\nstart: k18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/18K b RBGSNLPACDEFHIJMOQT 1\nstarts: {}\npieces:\n'
  for l in a c d e f h i j m o q t; do
	printf '  - {id: p%s, sfen: %s, name: 駒%s, english: P%s, moves: W}\n' "$l" "$(echo "$l" | tr a-z A-Z)" "$l" "$l"
  done; } >"$tmp/big.yaml"
expect too-many-moves 2 "" "kifu-perft: a position has more than 4096 legal moves: it cannot be counted$nl" \
	-- "$bin/kifu-perft" --variant-file "$tmp/big.yaml" -v big 1
# A board diagram with more than 200 of one piece in hand (歩九十九 three
# times: 297): an error on that line, never a count that wraps.
{ printf '後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n'
  for r in 二 三 四 五 六 七 八; do printf '| ・ ・ ・ ・ ・ ・ ・ ・ ・|%s\n' "$r"; done
  printf '| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：歩九十九　歩九十九　歩九十九\n手数----指手---------消費時間--\n   1 ５二歩打\n'; } >"$tmp/hand.kif"
expect hand-count 1 "" "kifu-validate: $tmp/hand.kif:14:17: more than 200 of one piece in hand$nl" -- "$bin/kifu-validate" "$tmp/hand.kif"

# kifu-replay: a second SVG on standard output, and more files than
# --max-files, stop the run with one error that names the record.
printf 'shogi : 7g7f\nshogi : 2g2f\n' >"$tmp/two.compact"
expect svg-second 2 "" "kifu-replay: $tmp/two.compact:2: --format=svg: a second position; several positions need -o DIR/$nl" \
	-- sh -c '"$0" --format=svg "$1" >/dev/null' "$bin/kifu-replay" "$tmp/two.compact"
expect max-files 2 "" "kifu-replay: $tmp/two.compact:2: more than 2 files for -o $tmp/mf/: stopped (--max-files N allows more)$nl" \
	-- "$bin/kifu-replay" --every --max-files 2 -o "$tmp/mf/" "$tmp/two.compact"
[ "$(ls "$tmp/mf" | wc -l)" = 2 ] || fail "max-files: $(ls "$tmp/mf" | wc -l) files"
# --help and --version that cannot be written: status 2, said.
if [ -w /dev/full ]; then
	for t in kifu-validate kifu-convert kifu-replay kifu-diff kifu-select kifu-stats kifu-perft kifu-variants; do
		"$bin/$t" --help >/dev/full 2>/dev/null
		[ $? = 2 ] || fail "$t --help >/dev/full: not status 2"
		"$bin/$t" --version >/dev/full 2>"$tmp/err"
		[ $? = 2 ] && grep -q "^$t: write error" "$tmp/err" || fail "$t --version >/dev/full: $(cat "$tmp/err")"
	done
fi

if [ "$fails" -ne 0 ]; then
	echo "hostile.sh: $fails failures"
	exit 1
fi
exit 0
