#!/bin/bash
# Golden tests of kifu-validate's verdicts, one per case a user met (never
# "valid" for what was not checked): unknown names are errors, traditional
# characters are read, a header-less Chu KIF is Chu, variations and claimed
# endings are checked, input with no record is an error, messages speak the
# input's terms, files written through -o get Unix modes.  Text and JSON,
# files and pipes.  Each expected output was checked by hand.
#
#     verdicts.sh BINDIR
set -u
bin=$1
v=$bin/kifu-validate
data=tests/data/verdicts
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# expect NAME STATUS WANT_STDOUT WANT_STDERR -- COMMAND...  (WANT_*: text)
expect() {
	local name=$1 status=$2 out=$3 err=$4
	shift 5
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	[ "$got" = "$status" ] || fail "$name: exit status $got, expected $status"
	printf '%s' "$out" | diff -u - "$tmp/out" >/dev/null || fail "$name: stdout: $(diff -u <(printf '%s' "$out") "$tmp/out")"
	printf '%s' "$err" | diff -u - "$tmp/err" >/dev/null || fail "$name: stderr: $(diff -u <(printf '%s' "$err") "$tmp/err")"
}
nl=$'\n'

# 1. Unknown is an error, never a guess.
expect handicap-foo-kif 1 "" "kifu-validate: $data/handicap-foo.kif:1:5: unknown 手合割 \"foo\": neither a variant nor a start position kifu knows (kifu-variants lists them)$nl" \
	-- "$v" "$data/handicap-foo.kif"
expect handicap-foo-json 1 '{"file":"-","record":1,"line":1,"valid":false,"plies":0,"error":{"ply":null,"move":null,"reason":"unknown handicap \"foo\" for shogi (its start positions: 平手, 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち, 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち)","variation":null},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":true}'"$nl" "" \
	-- "$v" --format=json < <(printf 'shogi handicap=foo : 7g7f\n')
expect handicap-close 1 "" "kifu-validate: -:1:16: unknown handicap \"香落\" for shogi (did you mean 香落ち? its start positions: 平手, 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち, 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち)$nl" \
	-- "$v" < <(printf 'shogi handicap=香落 : 3c3d\n')
expect variant-close 1 "" "kifu-validate: -:1:1: unknown variant \"dia\" (did you mean dai?)$nl" \
	-- "$v" < <(printf 'dia : 9k9j\n')
expect variant-option-close 2 "" "kifu-validate: unknown variant 'dia' (did you mean dai?)${nl}kifu-validate: the shipped variants are: asakura, chu, chu-jcsa, dai, heian, heian-9x9, heian-dai, heian-dai-leaping-dragon, heian-dai-optional, heian-optional, sho, shogi, shozogi, shozogi-gold, tenjiku, tenjiku-active-burning, tenjiku-adams, tenjiku-free-eagle-jumps, tenjiku-free-eagle-tsa, tenjiku-ja, tenjiku-jump-lower, tenjiku-jump-to-empty, tenjiku-promote-in-zone, tenjiku-sideways, tenjiku-unforced, tori, wa, wa-no-drops$nl" \
	-- "$v" -v dia /dev/null
# 手合割：中将棋 is Chu: a 9x9 KIF move in it is read on Chu's board (歩 is
# the Pawn's name in lishogi's diagrams), where 7七 is empty.
expect chu-handicap 1 "" "kifu-validate: $data/chu-handicap-9x9-moves.kif:3:6: ply 1: ７六歩(77): there is no piece on 7七$nl" \
	-- "$v" "$data/chu-handicap-9x9-moves.kif"
# Traditional characters in 手合割: 小將棋 is Sho, 中將棋 is Chu.
expect sho-traditional 0 '{"file":"'"$data"'/sho-traditional.kif","record":1,"line":1,"valid":true,"plies":2,"error":null,"variant":"sho","ending":null,"result":null,"foul":null,"no_moves":false}'"$nl" "" \
	-- "$v" --format=json "$data/sho-traditional.kif"
expect chu-traditional 0 "$data/chu-traditional.kif:1: valid, 4 plies$nl" "" -- "$v" --verbose "$data/chu-traditional.kif"

# 3. A lishogi Chu KIF with no header is Chu, and converts as Chu.
chu=tests/data/kif/chu/chushogiKif1.kif
"$v" --format=json "$chu" | grep -q '"valid":true,"plies":129,.*"variant":"chu"' || fail "header-less Chu KIF: $("$v" --format=json "$chu")"
"$bin/kifu-convert" "$chu" | grep -q '^chu : 7i7h 6c7e ' || fail "header-less Chu KIF converts as: $("$bin/kifu-convert" "$chu" | cut -c1-40)"
# ... and its moves are checked in its own terms (7十二, not 7l).
expect chu-squares 1 "" "kifu-validate: $data/chu-lion-from-king.kif:4:5: ply 3: ▲6八獅子: the move names a Lion (獅子), but the piece on 7十二 is a King (玉将)$nl" \
	-- "$v" "$data/chu-lion-from-king.kif"

# 2. Variations are validated, each from its branch point; --main-line not.
printf 'shogi : 7g7f 3c3d ( 8c8d 2g2f ( 6i6g ) )\n' >"$tmp/var.compact"
expect variation 1 "" "kifu-validate: $tmp/var.compact:1:33: in the variation at ply 3 of the variation at ply 2: ply 3: 6i6g: the Gold on 6i cannot move to 6g$nl" \
	-- "$v" "$tmp/var.compact"
expect variation-json 1 '{"file":"-","record":1,"line":1,"valid":false,"plies":2,"error":{"ply":3,"move":"6i6g","reason":"the Gold on 6i cannot move to 6g","variation":"the variation at ply 3 of the variation at ply 2"},"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":false}'"$nl" "" \
	-- "$v" --format=json <"$tmp/var.compact"
expect main-line 0 "" "" -- "$v" --main-line "$tmp/var.compact"

# 3. Claimed endings are checked; what the rules contradict is invalid.  (A
# foul declared after a legal move is not contradicted: the fourth record
# is valid, Gote the winner: tests/cases/fouls.test.)
printf 'shogi : 7g7f mate\nshogi : 7g7f repetition\nshogi : 7g7f declare-win\nshogi : 7g7f illegal-win\n' >"$tmp/claims.compact"
expect false-claims 1 "" "kifu-validate: $tmp/claims.compact:1:14: ply 2: mate: the record ends in mate (詰み), but Gote, to move, has a move that keeps its last royal
kifu-validate: $tmp/claims.compact:2:14: ply 2: repetition: the record ends in repetition (千日手), but its last position has occurred 1 time since the count last started afresh: 4 are needed
kifu-validate: $tmp/claims.compact:3:14: ply 2: declare-win: the record ends in declare-win (入玉勝ち), but Gote may not declare: Gote's royal is not in the zone$nl" \
	-- "$v" "$tmp/claims.compact"
# True claims: a mate (a Gold dropped in front of a King the Pawn guards),
# a fourfold repetition ending the game, a resignation taken as given.
printf 'shogi sfen=4k4/9/4P4/9/9/9/9/9/4K4_b_G_1 : G*5b mate\nshogi : 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b repetition\nshogi : 7g7f resign\n' >"$tmp/true.compact"
expect true-claims 0 '{"file":"-","record":1,"line":1,"valid":true,"plies":1,"error":null,"variant":"shogi","ending":"mate","result":{"winner":"sente","reason":"mate","checked":true},"foul":null,"no_moves":false}
{"file":"-","record":2,"line":2,"valid":true,"plies":12,"error":null,"variant":"shogi","ending":"repetition","result":{"winner":"draw","reason":"repetition","checked":true},"foul":null,"no_moves":false}
{"file":"-","record":3,"line":3,"valid":true,"plies":1,"error":null,"variant":"shogi","ending":"resign","result":{"winner":"sente","reason":"resign","checked":false},"foul":null,"no_moves":false}'"$nl" "" \
	-- "$v" --format=json <"$tmp/true.compact"
# kifu-stats counts a result only for a valid record.
"$bin/kifu-stats" --format=json "$tmp/claims.compact" >"$tmp/stats.json"
[ $? = 0 ] || fail "kifu-stats on invalid records: not exit 0"
grep -q '"results":{"sente":0,"gote":1,"draw":0,"unknown":3}' "$tmp/stats.json" || fail "kifu-stats counted false claims as results: $(grep -o '"results":{[^}]*}' "$tmp/stats.json")"

# Chu's perpetual attack: Sente's Rook attacks a Pawn on each of its moves
# while Gote's King steps aside; the fourth occurrence ends the game and
# Sente, who attacked on every move, loses.  When Gote's King attacks too
# (a Pawn of Sente's next to both its squares), both did: a draw.
printf 'chu sfen=11k/12/12/12/12/3R2p5/6p5/12/12/12/12/K11_b_-_1 : 9f9g 1a2a 9g9f 2a1a 9f9g 1a2a 9g9f 2a1a 9f9g 1a2a 9g9f 2a1a repetition\n' >"$tmp/pa.compact"
expect perpetual-attack 0 "$tmp/pa.compact:1: valid, 12 plies; the game ended by repetition at ply 12: Sente loses (perpetual-attack); Gote wins (perpetual-attack)$nl" "" \
	-- "$v" --verbose "$tmp/pa.compact"
printf 'chu sfen=11k/10P1/12/12/12/3R2p5/6p5/12/12/12/12/K11_b_-_1 : 9f9g 1a2a 9g9f 2a1a 9f9g 1a2a 9g9f 2a1a 9f9g 1a2a 9g9f 2a1a repetition\n' >"$tmp/pa-both.compact"
expect perpetual-attack-both 0 "$tmp/pa-both.compact:1: valid, 12 plies; the game ended by repetition at ply 12: a draw; a draw (repetition)$nl" "" \
	-- "$v" --verbose "$tmp/pa-both.compact"

# 4. A declared foul is the result, not a transcription error.
printf 'shogi : 7g7f 3c3d 8h2b+ 3a2b 2h2c illegal-win\n' >"$tmp/foul.compact"
expect foul 0 "$tmp/foul.compact:1: valid, 4 plies; it ends with a foul, ply 5: 2h2c: the Rook on 2h is blocked by the Pawn on 2g; Gote wins (foul)$nl" "" \
	-- "$v" --verbose "$tmp/foul.compact"
expect foul-json 0 '{"file":"-","record":1,"line":1,"valid":true,"plies":4,"error":null,"variant":"shogi","ending":"illegal-win","result":{"winner":"gote","reason":"foul","checked":true},"foul":{"declared":true,"checked":true,"side":"sente","ply":5,"move":"2h2c","reason":"the Rook on 2h is blocked by the Pawn on 2g"},"no_moves":false}'"$nl" "" \
	-- "$v" --format=json <"$tmp/foul.compact"

# 5. Input with no record is an error; a record with no moves says so.
expect comments-compact 1 "" "kifu-validate: $data/comments-only.compact: no records$nl" -- "$v" "$data/comments-only.compact"
expect comments-kif 1 "" "kifu-validate: $data/comments-only.kif:1:1: nothing but comments: no header, board or move$nl" -- "$v" "$data/comments-only.kif"
# 4 KiB of binary (the same every run: a seeded generator; no NUL, newline or
# '#', and a first byte that starts no variant name)
LC_ALL=C awk 'BEGIN { srand(7); printf "%c", 131; for (i = 1; i < 4096; i++) { c = int(rand() * 255) + 1; if (c == 10 || c == 35) c = 65; printf "%c", c } }' >"$tmp/random.line"
printf 'shogi : 7g7f\n%s\ndai : 9k9j\n' "$(cat "$tmp/random.line")" >"$tmp/mixed"
"$v" --format=json "$tmp/mixed" >"$tmp/mixed.json" 2>"$tmp/err"
[ $? = 1 ] || fail "random line: not exit 1"
[ "$(grep -c '"valid":true' "$tmp/mixed.json")" = 2 ] || fail "random line: good records lost"
[ "$(wc -l <"$tmp/mixed.json")" = 3 ] || fail "random line: not one object per line"
sed -n 2p "$tmp/mixed.json" | grep -q '"record":2,"line":2,"valid":false' || fail "random line: $(sed -n 2p "$tmp/mixed.json" | cut -c1-120)"
expect no-moves 0 "-:1: valid, no moves$nl" "" -- "$v" --verbose < <(printf 'shogi sente=A :\n')
expect no-moves-json 0 '{"file":"-","record":1,"line":1,"valid":true,"plies":0,"error":null,"variant":"shogi","ending":null,"result":null,"foul":null,"no_moves":true}'"$nl" "" \
	-- "$v" --format=json < <(printf 'shogi sente=A :\n')

# 7. Messages in the input's terms: KIF squares, whose turn it is.
expect kif-squares 1 "" "kifu-validate: $data/gold-two-squares.kif:4:6: ply 3: ５七金(49): the Gold on ４九 cannot move to ５七$nl" \
	-- "$v" "$data/gold-two-squares.kif"
expect kif-turn 1 "" "kifu-validate: $data/gote-moves-sentes-pawn.kif:3:6: ply 2: ７五歩(76): it is Gote's turn, and the Pawn on ７六 is Sente's$nl" \
	-- "$v" "$data/gote-moves-sentes-pawn.kif"

# 8. Files written through -o: the umask's mode when new, the old mode kept.
(
	umask 022
	printf 'shogi : 7g7f\n' >"$tmp/one.compact"
	"$bin/kifu-convert" -o "$tmp/new.compact" "$tmp/one.compact"
	[ "$(stat -c %a "$tmp/new.compact")" = 644 ] || echo "FAIL convert -o new: mode $(stat -c %a "$tmp/new.compact")"
	chmod 640 "$tmp/new.compact"
	"$bin/kifu-convert" -o "$tmp/new.compact" "$tmp/new.compact"
	[ "$(stat -c %a "$tmp/new.compact")" = 640 ] || echo "FAIL convert -o in place: mode $(stat -c %a "$tmp/new.compact")"
	cmp -s "$tmp/one.compact" "$tmp/new.compact" || echo "FAIL convert -o in place: content"
	"$bin/kifu-stats" -o "$tmp/stats.txt" "$tmp/one.compact"
	[ "$(stat -c %a "$tmp/stats.txt")" = 644 ] || echo "FAIL stats -o: mode $(stat -c %a "$tmp/stats.txt")"
	"$bin/kifu-replay" --format=svg --every -o "$tmp/svg/" "$tmp/one.compact"
	[ "$(stat -c %a "$tmp/svg/one-0001-0001.svg")" = 644 ] || echo "FAIL replay -o: mode $(stat -c %a "$tmp/svg/one-0001-0001.svg")"
	umask 077
	"$bin/kifu-convert" -o "$tmp/private.compact" "$tmp/one.compact"
	[ "$(stat -c %a "$tmp/private.compact")" = 600 ] || echo "FAIL convert -o under umask 077: mode $(stat -c %a "$tmp/private.compact")"
) >"$tmp/modes"
[ -s "$tmp/modes" ] && { cat "$tmp/modes"; fails=$((fails + $(wc -l <"$tmp/modes"))); }

if [ "$fails" -ne 0 ]; then
	echo "verdicts.sh: $fails failures"
	exit 1
fi
exit 0
