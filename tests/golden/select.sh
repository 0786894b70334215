#!/bin/bash
# Golden tests of kifu-select: each criterion alone and combined (--or,
# --invert), positions (exact, --board-only, --mirror, from KIF), openings,
# --dedupe with its three keys and both places of each duplicate,
# --duplicates, --count, the output's notation, -o DIR, and grep's exit
# statuses.  Every expected selection is worked out by hand from
# tests/data/select/games.compact, whose records (lines 2-9) are:
#   L2 shogi A X 1998: 7g7f 3c3d 8h2b+ 3a2b B*4e resign   5 plies, valid
#   L3 shogi B 1998:   2g2f 8c8d 2f2e 8d8e abort          4, valid
#   L4 shogi A Y 2003: 7g7f 3c3d 8h3c 2b3c                4, valid
#   L5 shogi B:        7g7f 3c3d 2h2b                     3, invalid at ply 3
#                      (the Rook is blocked)
#   L6 shogi C, from the mirror of the start (Rook and Bishop swapped):
#                      3g3f 7c7d timeout                  2, valid
#   L7 dai:            formats/compact.md's example        7, valid
#   L8 shogi D, an sfen tag that is the usual start: L4's moves
#   L9 shogi E:        3g3f 7c7d (L6's moves from the usual start)
#
#     select.sh BINDIR
set -u
bin=$(cd "$1" && pwd)
sel=$bin/kifu-select
data=tests/data/select
G=$data/games.compact
. "$(dirname "$0")/common.bash"
# lines N... of games.compact, as the compact writer writes them (tags in
# canonical order: event, date, sente)
lines() {
	for n in "$@"; do
		case $n in
		2) echo 'shogi event=A date=1998/05/12 sente=X : 7g7f 3c3d 8h2b+ 3a2b B*4e resign' ;;
		3) echo 'shogi event=B date=1998/06/01 : 2g2f 8c8d 2f2e 8d8e abort' ;;
		4) echo 'shogi event=A date=2003/01/09 sente=Y : 7g7f 3c3d 8h3c 2b3c' ;;
		5) echo 'shogi event=B : 7g7f 3c3d 2h2b' ;;
		6) echo 'shogi event=C sfen=lnsgkgsnl/1b5r1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL_b_-_1 : 3g3f 7c7d timeout' ;;
		7) echo 'dai date=2026-11-29 sente=Alice gote=Bob : 11o12n 4a4b 9k9j 7c5c 10l3e+ 14a15c 3e3d3e resign' ;;
		8) echo 'shogi event=D sfen=lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL_b_-_1 : 7g7f 3c3d 8h3c 2b3c' ;;
		9) echo 'shogi event=E : 3g3f 7c7d' ;;
		esac
	done
}
want() { lines "$@" >"$tmp/want"; }

# --- criteria one by one --------------------------------------------------------
want 2 4 5 8
expect_both opening 0 "$tmp/want" "$tmp/empty" -- "$sel" --opening "7g7f 3c3d" "$G"
want 2
expect_both opening-3 0 "$tmp/want" "$tmp/empty" -- "$sel" --opening " 7g7f 3c3d  8h2b+" "$G"
# 8h2b (no promotion) is another move than 8h2b+: no record
expect_both opening-none 1 "$tmp/empty" "$tmp/empty" -- "$sel" --opening "7g7f 3c3d 8h2b" "$G"
want 5
expect_both invalid 0 "$tmp/want" "$tmp/empty" -- "$sel" --invalid "$G"
want 2 3 4 6 7 8 9
expect_both valid 0 "$tmp/want" "$tmp/empty" -- "$sel" --valid "$G"
want 3 4 8
expect_both plies-4 0 "$tmp/want" "$tmp/empty" -- "$sel" --plies 4 "$G"
want 2 7
expect_both plies-from 0 "$tmp/want" "$tmp/empty" -- "$sel" --plies 5.. "$G"
want 5 6 9
expect_both plies-upto 0 "$tmp/want" "$tmp/empty" -- "$sel" --plies ..3 "$G"
want 3 4 5 8
expect_both plies-range 0 "$tmp/want" "$tmp/empty" -- "$sel" --plies 3..4 --plies 4..9 --or --plies 3 "$G"
want 4 5 8 9
expect_both ending-none 0 "$tmp/want" "$tmp/empty" -- "$sel" --ending none "$G"
# several --ending: any of them (a record has one ending)
want 3 6
expect_both ending-any 0 "$tmp/want" "$tmp/empty" -- "$sel" --ending abort --ending timeout "$G"
want 7
expect_both is-variant 0 "$tmp/want" "$tmp/empty" -- "$sel" --is-variant dai "$G"
want 2 4
expect_both where 0 "$tmp/want" "$tmp/empty" -- "$sel" --where 'event~^A$' "$G"
# --move: the compact text of the parsed move, at a ply or in a range
want 2
expect_both move-ply 0 "$tmp/want" "$tmp/empty" -- "$sel" --move '3:\+$' "$G"
want 2 4 5 8
expect_both move-two 0 "$tmp/want" "$tmp/empty" -- "$sel" --move 1:7g7f --move 2:3c3d "$G"
want 3
expect_both move-range 0 "$tmp/want" "$tmp/empty" -- "$sel" --move '3..4:^[28][ef]' "$G"

# --- combined: all of a group, any group; --invert -----------------------------
want 4
expect_both and 0 "$tmp/want" "$tmp/empty" -- "$sel" --where 'event~A' --plies 4 "$G"
want 3 4 7
expect_both or 0 "$tmp/want" "$tmp/empty" -- "$sel" --where 'event~A' --plies 4 --or --ending abort --or --is-variant dai "$G"
want 3 6 7 9
expect_both invert 0 "$tmp/want" "$tmp/empty" -- "$sel" --invert --opening "7g7f 3c3d" "$G"
# nothing matches: exit 1, as grep
expect_both none 1 "$tmp/empty" "$tmp/empty" -- "$sel" --where 'event~Z' "$G"
echo 0 >"$tmp/want"
expect_both count-none 1 "$tmp/want" "$tmp/empty" -- "$sel" --count --where 'event~Z' "$G"
echo 4 >"$tmp/want"
expect_both count 0 "$tmp/want" "$tmp/empty" -- "$sel" --count --opening "7g7f 3c3d" "$G"

# --- positions ---------------------------------------------------------------------
# after 7g7f 3c3d, Sente to move: L2, L4, L5 (up to its illegal move), L8
after2='lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3'
want 2 4 5 8
expect_both position 0 "$tmp/want" "$tmp/empty" -- "$sel" --position "$after2" "$G"
# the move number is not compared
expect_both position-movenumber 0 "$tmp/want" "$tmp/empty" -- "$sel" --position "${after2% 3} 40" "$G"
# the start (ply 0) is a position of every record that starts there: the
# shogi records but L6 (from the mirror)
echo 6 >"$tmp/want"
expect_both position-start 0 "$tmp/want" "$tmp/empty" -- "$sel" --count \
	--position 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1' "$G"
# Gote to move on that board: never; with --board-only, the same records
after2w=${after2/ b / w }
expect_both position-side 1 "$tmp/empty" "$tmp/empty" -- "$sel" --position "$after2w" "$G"
want 2 4 5 8
expect_both board-only 0 "$tmp/want" "$tmp/empty" -- "$sel" --board-only --position "$after2w" "$G"
# --mirror: L6 plays the mirrored moves from the mirrored start
want 2 4 5 6 8
expect_both mirror 0 "$tmp/want" "$tmp/empty" -- "$sel" --mirror --position "$after2" "$G"
# hands are compared: after 8h2b+ 3a2b each side holds a Bishop (L2, ply 4);
# with Sente's alone, no record, but the board alone is L2's
after4='lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5'
want 2
expect_both hands 0 "$tmp/want" "$tmp/empty" -- "$sel" --position "$after4" "$G"
expect_both hands-differ 1 "$tmp/empty" "$tmp/empty" -- "$sel" --position "${after4/ Bb / B }" "$G"
expect_both hands-board-only 0 "$tmp/want" "$tmp/empty" -- "$sel" --board-only --position "${after4/ Bb / B }" "$G"
# two positions in one group: both must be reached
expect_both two-positions 0 "$tmp/want" "$tmp/empty" -- "$sel" --position "$after2" --position "$after4" "$G"
# KIF records, written back as KIF: tests/data/diff/a.kif's first and third
# records open 7g7f 3c3d
"$bin/kifu-convert" --to kif tests/data/diff/a.compact >"$tmp/a.kif"
sed -n '1,12p;30,$p' "$tmp/a.kif" >"$tmp/want"
expect_both position-kif 0 "$tmp/want" "$tmp/empty" -- "$sel" --position "$after2" tests/data/diff/a.kif

# --- duplicates --------------------------------------------------------------------
# line (the default): L8 starts where L4 does (its sfen tag is the usual
# start) and plays its moves; L9 plays L6's moves from another start
want 2 3 4 5 6 7 9
cat >"$tmp/err-line" <<EOF
kifu-select: $G:8: a duplicate of $G:4
EOF
expect_both dedupe 0 "$tmp/want" "$tmp/err-line" -- "$sel" --dedupe "$G"
expect_both dedupe-line 0 "$tmp/want" "$tmp/err-line" -- "$sel" --dedupe=line "$G"
expect_both dedupe-quiet 0 "$tmp/want" "$tmp/empty" -- "$sel" -q --dedupe "$G"
# moves: the start is not looked at, so L9 is L6 again
want 2 3 4 5 6 7
cat >"$tmp/err-moves" <<EOF
kifu-select: $G:8: a duplicate of $G:4
kifu-select: $G:9: a duplicate of $G:6
EOF
expect_both dedupe-moves 0 "$tmp/want" "$tmp/err-moves" -- "$sel" --dedupe=moves "$G"
# all: L8's event tag makes it another record; the file twice: every record
# of the second copy is a duplicate of the first's
echo 8 >"$tmp/want"
expect_both dedupe-all 0 "$tmp/want" "$tmp/empty" -- "$sel" --count --dedupe=all "$G"
cp "$G" "$tmp/copy.compact"
for n in 2 3 4 5 6 7 8 9; do echo "kifu-select: $tmp/copy.compact:$n: a duplicate of $G:$n"; done >"$tmp/err-copy"
expect_both dedupe-copy 0 "$tmp/want" "$tmp/err-copy" -- "$sel" --count --dedupe=all "$G" "$tmp/copy.compact"
# a KIF record and its compact form are one record (moves as parsed):
# two.kif is L2 and L4 as KIF (records at lines 1 and 13); --duplicates
# writes the records --dedupe leaves out, in the notation of the first
# one written (compact)
lines 2 4 | "$bin/kifu-convert" --to kif >"$tmp/two.kif"
cat >"$tmp/err-kif" <<EOF
kifu-select: $G:8: a duplicate of $G:4
kifu-select: $tmp/two.kif:1: a duplicate of $G:2
kifu-select: $tmp/two.kif:13: a duplicate of $G:4
EOF
lines 8 2 4 >"$tmp/want"
expect_both duplicates 0 "$tmp/want" "$tmp/err-kif" -- "$sel" --duplicates "$G" "$tmp/two.kif"

# --- the output --------------------------------------------------------------------
# --to kif: the selected records as KIF, a blank line between them
"$sel" --to kif --where 'event~^A$' "$G" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] || fail "to-kif: exit status"
{ lines 2 4 | "$bin/kifu-convert" --to kif; } | diff -u - "$tmp/out" || fail "to-kif: stdout differs"
# the first record's notation for the whole stream: KIF first, so the
# compact records after it are written as KIF too
"$sel" --plies 5 "$tmp/two.kif" "$G" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] || fail "first-notation: exit status"
lines 2 2 | "$bin/kifu-convert" --to kif | diff -u - "$tmp/out" || fail "first-notation: stdout differs"
# -o DIR/: one file per record, each in the notation it was read in
"$sel" --opening 7g7f -o "$tmp/dir/" "$tmp/two.kif" "$G" 2>"$tmp/err"
[ $? = 0 ] || fail "dir: exit status"
[ "$(cd "$tmp/dir" && ls | tr '\n' ' ')" = "games-0001.compact games-0003.compact games-0004.compact games-0007.compact two-0001.kif two-0002.kif " ] ||
	fail "dir: files $(ls "$tmp/dir" | tr '\n' ' ')"
lines 8 | cmp -s - "$tmp/dir/games-0007.compact" || fail "dir: games-0007.compact"
sed -n "1,11p" "$tmp/two.kif" | cmp -s - "$tmp/dir/two-0001.kif" || fail "dir: two-0001.kif"

# a selected record that cannot be written again (a move that cannot be
# read): said, not written, exit 2
printf 'shogi : 7g7f 7z7y\nshogi : 2g2f\n' >"$tmp/broken.compact"
echo 'shogi : 2g2f' >"$tmp/want"
echo "kifu-select: $tmp/broken.compact:1:14: selected, not written: it could not be read whole (ply 2: 7z7y: no such square on this board)" >"$tmp/want-err"
expect_both unwritable 2 "$tmp/want" "$tmp/want-err" -- "$sel" --plies 1.. "$tmp/broken.compact"

# --- usage errors and inputs not read: exit 2 ---------------------------------------
check_error bad-ending "--ending 'won': not an ending word (none, resign, abort," "$sel" --ending won "$G"
check_error slip "--is-variant 'shgi': unknown variant (did you mean shogi?)" "$sel" --is-variant shgi "$G"
check_error bad-plies "--plies '4-5': column 2: expected N, MIN..MAX, MIN.. or ..MAX (plies)" "$sel" --plies 4-5 "$G"
check_error bad-range "--plies '5..4': MIN..MAX with MAX below MIN" "$sel" --plies 5..4 "$G"
check_error bad-position "--position 'lnsgkgsnl/9 b - 1': column 12: no variant reads it (shogi: too few ranks)" \
	"$sel" --position 'lnsgkgsnl/9 b - 1' "$G"
check_error bad-opening "--opening '7g7f 3c3z': column 8: no variant reads it (shogi: no such square on this board)" "$sel" --opening '7g7f 3c3z' "$G"
check_error valid-invalid "--invalid: --valid and --invalid in one group" "$sel" --valid --invalid "$G"
check_error empty-or "--or: --or between two groups of criteria: the one before it is empty" "$sel" --or --valid "$G"
check_error trailing-or "--or: no criterion after the last --or" "$sel" --valid --or "$G"
check_error bad-dedupe "unknown --dedupe key 'games'" "$sel" --dedupe=games "$G"
check_error bad-to "unknown notation 'pgn'" "$sel" --to pgn "$G"
# a missing input: the others are read, their records written, exit 2
lines 7 >"$tmp/want"
"$sel" --is-variant dai "$tmp/no-such" "$G" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "missing: exit status"
diff -u "$tmp/want" "$tmp/out" || fail "missing: stdout differs"
grep -q "no-such: cannot open" "$tmp/err" || fail "missing: stderr: $(cat "$tmp/err")"

# kifu-select(1)'s example: games that open 7g7f 3c3d won by resignation or
# on time (L2), or Dai games longer than 300 plies (none here)
lines 2 >"$tmp/want"
expect_both man-example 0 "$tmp/want" "$tmp/empty" -- "$sel" --opening "7g7f 3c3d" --ending resign --ending timeout \
	--or --is-variant dai --plies 301.. "$G"

# --- README's questions, as written there ---------------------------------------
cd "$tmp" || exit 1
cp "$OLDPWD/$G" games.compact
mkdir more
lines 2 4 | "$bin/kifu-convert" --to kif >more/two.kif
want 2 4 5 8
"$sel" --position 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3' games.compact >out 2>err
[ $? = 0 ] || fail "readme-position: exit status"
diff -u want out || fail "readme-position: stdout differs"
"$sel" --dedupe games.compact more/*.kif > unique.compact 2>err
[ $? = 0 ] || fail "readme-dedupe: exit status"
want 2 3 4 5 6 7 9
diff -u want unique.compact || fail "readme-dedupe: unique.compact differs"
printf '%s\n' "kifu-select: games.compact:8: a duplicate of games.compact:4" \
	"kifu-select: more/two.kif:1: a duplicate of games.compact:2" \
	"kifu-select: more/two.kif:13: a duplicate of games.compact:4" | diff -u - err ||
	fail "readme-dedupe: stderr differs"
cd "$OLDPWD" || exit 1

finish select.sh
