#!/bin/bash
# Golden tests of kifu-validate on the compact notation: every message, its
# FILE:LINE:COL and ply, the JSON objects and the exit statuses, checked by
# hand against tests/data/compact/errors.compact.
#
#     validate.sh BINDIR
set -u
bin=$1
v=$bin/kifu-validate
data=tests/data/compact
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME STATUS EXPECTED_STDOUT_FILE EXPECTED_STDERR_FILE -- COMMAND...
expect() {
	local name=$1 status=$2 out=$3 err=$4
	shift 5
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	if [ "$got" != "$status" ]; then
		echo "FAIL $name: exit status $got, expected $status"; fails=$((fails + 1))
	fi
	if ! diff -u "$out" "$tmp/out"; then
		echo "FAIL $name: stdout differs"; fails=$((fails + 1))
	fi
	if ! diff -u "$err" "$tmp/err"; then
		echo "FAIL $name: stderr differs"; fails=$((fails + 1))
	fi
}

: >"$tmp/empty"

cat >"$tmp/errors.err" <<'EOF'
kifu-validate: tests/data/compact/errors.compact:4:19: ply 3: 2h3h4h: the Rook on 2h has no two-step move
kifu-validate: tests/data/compact/errors.compact:5:19: ply 3: 6i5h+: a Gold cannot promote
kifu-validate: tests/data/compact/errors.compact:6:28: ply 5: 4h5i: it leaves Sente's last royal (the King on 5i) attacked
kifu-validate: tests/data/compact/errors.compact:7:44: ply 1: P*5c: two unpromoted Pawns on one file (nifu): Sente already has one on 5h
kifu-validate: tests/data/compact/errors.compact:8:44: ply 1: P*1b: a Pawn drop may not give mate (uchifuzume)
kifu-validate: tests/data/compact/errors.compact:9:44: ply 1: 5b5a: the Pawn must promote on 5a
kifu-validate: tests/data/compact/errors.compact:10:72: ply 2: 15o15n: the game ended at ply 1 when Gote lost its last royal
kifu-validate: tests/data/compact/errors.compact:11:27: ply 5: 9i9h+: the Pawn may not promote on a move from 9i to 9h
kifu-validate: tests/data/compact/errors.compact:12:19: ply 3: 7z7f: no such square on this board
kifu-validate: tests/data/compact/errors.compact:13:30: ply 5: winning: unknown ending "winning" (see formats/compact.md)
kifu-validate: tests/data/compact/errors.compact:14:21: ply 2: 3c3d: text after the ending
kifu-validate: tests/data/compact/errors.compact:15:1: unknown variant "bogus" (kifu-variants lists them)
kifu-validate: tests/data/compact/errors.compact:16:15: expected a tag key=value (key: a-z, 0-9, _ and -) or ':' before the moves
kifu-validate: tests/data/compact/errors.compact:17:15: expected a tag key=value (key: a-z, 0-9, _ and -) or ':' before the moves
EOF
expect text 1 "$tmp/empty" "$tmp/errors.err" -- "$v" "$data/errors.compact"

cat >"$tmp/errors.json" <<'EOF'
{"file":"tests/data/compact/errors.compact","record":1,"line":3,"valid":true,"plies":7,"error":null,"variant":"dai","ending":"resign","result":{"winner":"sente","reason":"resign","checked":false},"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":2,"line":4,"valid":false,"plies":2,"error":{"ply":3,"move":"2h3h4h","reason":"the Rook on 2h has no two-step move","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":3,"line":5,"valid":false,"plies":2,"error":{"ply":3,"move":"6i5h+","reason":"a Gold cannot promote","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":4,"line":6,"valid":false,"plies":4,"error":{"ply":5,"move":"4h5i","reason":"it leaves Sente's last royal (the King on 5i) attacked","variation":null},"variant":"sho","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":5,"line":7,"valid":false,"plies":0,"error":{"ply":1,"move":"P*5c","reason":"two unpromoted Pawns on one file (nifu): Sente already has one on 5h","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":6,"line":8,"valid":false,"plies":0,"error":{"ply":1,"move":"P*1b","reason":"a Pawn drop may not give mate (uchifuzume)","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":7,"line":9,"valid":false,"plies":0,"error":{"ply":1,"move":"5b5a","reason":"the Pawn must promote on 5a","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":8,"line":10,"valid":false,"plies":1,"error":{"ply":2,"move":"15o15n","reason":"the game ended at ply 1 when Gote lost its last royal","variation":null},"variant":"dai","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":9,"line":11,"valid":false,"plies":4,"error":{"ply":5,"move":"9i9h+","reason":"the Pawn may not promote on a move from 9i to 9h","variation":null},"variant":"dai","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":10,"line":12,"valid":false,"plies":2,"error":{"ply":3,"move":"7z7f","reason":"no such square on this board","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":11,"line":13,"valid":false,"plies":4,"error":{"ply":5,"move":"winning","reason":"unknown ending \"winning\" (see formats/compact.md)","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":12,"line":14,"valid":false,"plies":1,"error":{"ply":2,"move":"3c3d","reason":"text after the ending","variation":null},"variant":"shogi","ending":"resign","result":null,"foul":null,"no_moves":false}
{"file":"tests/data/compact/errors.compact","record":13,"line":15,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"unknown variant \"bogus\" (kifu-variants lists them)","variation":null},"variant":null,"ending":null,"result":null,"foul":null,"no_moves":true}
{"file":"tests/data/compact/errors.compact","record":14,"line":16,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"expected a tag key=value (key: a-z, 0-9, _ and -) or ':' before the moves","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":true}
{"file":"tests/data/compact/errors.compact","record":15,"line":17,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"expected a tag key=value (key: a-z, 0-9, _ and -) or ':' before the moves","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":true}
EOF
expect json 1 "$tmp/errors.json" "$tmp/empty" -- "$v" --format=json "$data/errors.compact"
expect quiet 1 "$tmp/empty" "$tmp/empty" -- "$v" -q "$data/errors.compact"

# Standard input, a valid record: nothing printed, status 0.
printf 'shogi : 7g7f 3c3d\n' >"$tmp/ok.compact"
expect stdin-valid 0 "$tmp/empty" "$tmp/empty" -- "$v" - <"$tmp/ok.compact"
expect stdin-default 0 "$tmp/empty" "$tmp/empty" -- "$v" <"$tmp/ok.compact"

# A valid record whose end the rules decide is reported on stdout with
# --verbose; without it, nothing is said of a valid record.
printf 'dai sfen=7k7/7G7/15/15/15/15/15/15/15/15/15/15/15/15/7K7_b_-_1 : 8b8a\n' >"$tmp/end.compact"
echo "$tmp/end.compact:1: valid, 1 plies; Gote lost its last royal at ply 1; Sente wins (royal-captured)" >"$tmp/end.out"
expect royal-lost 0 "$tmp/end.out" "$tmp/empty" -- "$v" --verbose "$tmp/end.compact"
expect royal-lost-quiet 0 "$tmp/empty" "$tmp/empty" -- "$v" "$tmp/end.compact"

# Fourfold repetition (千日手) ends a standard shogi game: a draw; in a variant
# with no repetition rule (Sho) it is reported, never invalid.
printf 'shogi : 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b\n' >"$tmp/rep.compact"
echo "$tmp/rep.compact:1: valid, 12 plies; the game ended by repetition at ply 12: a draw; a draw (repetition)" >"$tmp/rep.out"
expect repetition 0 "$tmp/rep.out" "$tmp/empty" -- "$v" --verbose "$tmp/rep.compact"
printf 'sho : 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h\n' >"$tmp/rep-sho.compact"
echo "$tmp/rep-sho.compact:1: valid, 13 plies; repetition: a position seen for the fourth time after ply 12" >"$tmp/rep-sho.out"
expect repetition-reported 0 "$tmp/rep-sho.out" "$tmp/empty" -- "$v" --verbose "$tmp/rep-sho.compact"

# A missing file is an I/O error (2), and the other files are still read.
echo "kifu-validate: $tmp/missing.compact: cannot open: No such file or directory" >"$tmp/missing.err"
expect missing 2 "$tmp/empty" "$tmp/missing.err" -- "$v" "$tmp/missing.compact" "$tmp/ok.compact"

# In JSON every input has its object: one that could not be opened, a
# directory, one in no notation and one with no record are each reported
# (record null), with the records of the good file in between.
mkdir "$tmp/dir"
printf 'GIF89a\001\002\n' >"$tmp/junk.bin"
cat >"$tmp/inputs.json" <<EOF
{"file":"$tmp/missing.compact","record":null,"line":null,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"cannot open: No such file or directory","variation":null},"variant":null,"ending":null,"result":null,"foul":null,"no_moves":true}
{"file":"$tmp/dir","record":null,"line":null,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"is a directory","variation":null},"variant":null,"ending":null,"result":null,"foul":null,"no_moves":true}
{"file":"$tmp/ok.compact","record":1,"line":1,"valid":true,"plies":2,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}
{"file":"$tmp/junk.bin","record":null,"line":null,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"not a record in any notation kifu reads (compact, kif, csa, jkf, usi)","variation":null},"variant":null,"ending":null,"result":null,"foul":null,"no_moves":true}
{"file":"$tmp/empty","record":null,"line":null,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"no records","variation":null},"variant":null,"ending":null,"result":null,"foul":null,"no_moves":true}
EOF
cat >"$tmp/inputs.err" <<EOF
kifu-validate: $tmp/missing.compact: cannot open: No such file or directory
kifu-validate: $tmp/dir: is a directory
EOF
expect json-inputs 2 "$tmp/inputs.json" "$tmp/inputs.err" -- "$v" --format=json "$tmp/missing.compact" "$tmp/dir" "$tmp/ok.compact" "$tmp/junk.bin" "$tmp/empty"
# In text, the same inputs: every failure on standard error.
cat >"$tmp/inputs-text.err" <<EOF
kifu-validate: $tmp/missing.compact: cannot open: No such file or directory
kifu-validate: $tmp/dir: is a directory
kifu-validate: $tmp/junk.bin: not a record in any notation kifu reads (compact, kif, csa, jkf, usi)
kifu-validate: $tmp/empty: no records
EOF
expect text-inputs 2 "$tmp/empty" "$tmp/inputs-text.err" -- "$v" "$tmp/missing.compact" "$tmp/dir" "$tmp/ok.compact" "$tmp/junk.bin" "$tmp/empty"
# Nothing to read but a file of junk: status 1, the input is invalid.
echo "kifu-validate: $tmp/junk.bin: not a record in any notation kifu reads (compact, kif, csa, jkf, usi)" >"$tmp/junk.err"
expect junk-only 1 "$tmp/empty" "$tmp/junk.err" -- "$v" "$tmp/junk.bin"

# Quoted text too long for a message is cut between characters, never in
# the middle of one (the move field holds 63 bytes: 62 here).
printf 'shogi : 7g7f 3c3d a投了投了投了投了投了投了投了投了投了投了投了投了投了投了\n' >"$tmp/long.compact"
echo "kifu-validate: $tmp/long.compact:1:19: ply 3: a投了投了投了投了投了投了投了投了投了投了: unknown ending \"a投了投了投了投了投了投了投...\" (see formats/compact.md)" >"$tmp/long.err"
expect utf8-cut 1 "$tmp/empty" "$tmp/long.err" -- "$v" "$tmp/long.compact"

# Usage errors.
printf "kifu-validate: unknown format 'xml' (text or json)\nTry 'kifu-validate --help'.\n" >"$tmp/usage.err"
expect usage 2 "$tmp/empty" "$tmp/usage.err" -- "$v" --format=xml "$tmp/ok.compact"

if [ "$fails" -ne 0 ]; then
	echo "validate.sh: $fails failures"
	exit 1
fi
exit 0
