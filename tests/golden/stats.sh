#!/bin/bash
# Golden tests of kifu-stats: exact JSON for small records whose every count
# is worked out by hand below; --where and --where-move; and the map-reduce
# contract: stats over three shards, merged, are byte for byte the stats over
# the whole, in text, YAML and JSON (the parallel --pipe recipe of
# docs/stats.md, with split instead of GNU parallel).
#
#     stats.sh BINDIR
set -u
bin=$1
s=$bin/kifu-stats
gen=$(dirname "$bin")/tests/gen-records
data=tests/data/stats
. "$(dirname "$0")/common.bash"

# --- small.compact, by hand -------------------------------------------------
# shogi (4 records):
#  1. 7g7f 3c3d 8h2b+ 3a2b B*4e resign: 5 plies.  Pawn, pawn; the Bishop takes
#     the Bishop on 2b and promotes; the Silver takes the Dragon Horse
#     (+bishop); a Bishop drop.  Gote to move resigns: Sente wins.
#  2. 2g2f 8c8d 2f2e 8d8e abort: 4 Pawn moves, no capture; result unknown.
#  3. 7g7f 3c3d 8h3c 2b3c: 4 plies.  8h3c enters the zone without promoting
#     (8h3c+ is legal): a declined promotion; Gote's Bishop takes it on 3c
#     (rank c is not Gote's zone).  No ending: unknown.
#  4. 7g7f 3c3d 2h2b: the Rook is blocked by the Pawn on 2g: invalid at ply
#     3, 2 legal plies counted; unknown.
#  plies 5+4+4+2 = 15; lengths 2,4,4,5: min 2, q1 (rank 1) 2, median (rank 2)
#  4, q3 (rank 3) 4, max 5.  Captures 2+1 = 3; Pawn moves 2+4+2+2 = 10;
#  Bishop moves 3 (8h2b+, 8h3c, 2b3c), captures 2, captured 2, drops 1.
# dai (1 record): formats/compact.md's example (samples/dai-brief.compact), 7 plies:
#  Copper 11o12n, Iron 4a4b, Pawn 9k9j, Kirin 7c5c, Dragon Horse 10l3e+
#  (takes the Pawn on 3e, promotes to Horned Falcon), Knight 14a15c, Falcon
#  3e3d3e (igui on the Side Mover: a two-leg move, a capture).  Gote resigns.
# Pieces are listed in the variant's type order ("type": shogi's Bishop 2,
# Silver 4, Pawn 7, +bishop 9; Dai's types as numbered by libkifu).
cat >"$tmp/small.json" <<'EOF2'
{"format":"kifu-stats/1","records":5,"plies":22,"valid":4,"invalid":1,"variants":{"dai":{"records":1,"plies":7,"valid":1,"invalid":0,"results":{"sente":1,"gote":0,"draw":0,"unknown":0},"endings":{"resign":1},"rules":{"royal_lost":0,"no_moves":0,"repetition":0},"length":{"min":7,"q1":7,"median":7,"q3":7,"max":7,"histogram":{"7":1}},"moves":{"captures":2,"promotions":1,"declined":0,"two_leg":1,"passes":0,"igui":1,"drops":0,"lion_trades":0,"counterstrikes":0},"pieces":[{"id":"copper","name":"Copper General","type":6,"moves":1,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"iron","name":"Iron General","type":7,"moves":1,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"knight","name":"Knight","type":14,"moves":1,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"pawn","name":"Pawn","type":15,"moves":1,"captures":0,"captured":1,"promotions":0,"declined":0,"drops":0},{"id":"kirin","name":"Kirin","type":18,"moves":1,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"side-mover","name":"Side Mover","type":22,"moves":0,"captures":0,"captured":1,"promotions":0,"declined":0,"drops":0},{"id":"dragon-horse","name":"Dragon Horse","type":25,"moves":1,"captures":1,"captured":0,"promotions":1,"declined":0,"drops":0},{"id":"+dragon-horse","name":"Horned Falcon","type":53,"moves":1,"captures":1,"captured":0,"promotions":0,"declined":0,"drops":0}]},"shogi":{"records":4,"plies":15,"valid":3,"invalid":1,"results":{"sente":1,"gote":0,"draw":0,"unknown":3},"endings":{"abort":1,"none":2,"resign":1},"rules":{"royal_lost":0,"no_moves":0,"repetition":0},"length":{"min":2,"q1":2,"median":4,"q3":4,"max":5,"histogram":{"2":1,"4":2,"5":1}},"moves":{"captures":3,"promotions":1,"declined":1,"two_leg":0,"passes":0,"igui":0,"drops":1,"lion_trades":0,"counterstrikes":0},"pieces":[{"id":"bishop","name":"Bishop","type":2,"moves":3,"captures":2,"captured":2,"promotions":1,"declined":1,"drops":1},{"id":"silver","name":"Silver","type":4,"moves":1,"captures":1,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"pawn","name":"Pawn","type":7,"moves":10,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"+bishop","name":"Dragon Horse","type":9,"moves":0,"captures":0,"captured":1,"promotions":0,"declined":0,"drops":0}]}}}
EOF2
# an invalid record was counted: the statistics were computed, exit 0
expect small 0 "$tmp/small.json" -- "$s" --format=json "$data/small.compact"
# the same records from standard input, and merged from one part: unchanged
expect small-stdin 0 "$tmp/small.json" -- sh -c "$s --format=json < $data/small.compact"
expect merge-one 0 "$tmp/small.json" -- "$s" --merge --format=json "$tmp/small.json"

# --where event~^A$: records 1 and 3 (lengths 5 and 4: q1 = median = 4
# (ranks 1, 1), q3 = 5 (rank 2)); no invalid record: exit 0
cat >"$tmp/where.json" <<'EOF2'
{"format":"kifu-stats/1","records":2,"plies":9,"valid":2,"invalid":0,"variants":{"shogi":{"records":2,"plies":9,"valid":2,"invalid":0,"results":{"sente":1,"gote":0,"draw":0,"unknown":1},"endings":{"none":1,"resign":1},"rules":{"royal_lost":0,"no_moves":0,"repetition":0},"length":{"min":4,"q1":4,"median":4,"q3":5,"max":5,"histogram":{"4":1,"5":1}},"moves":{"captures":3,"promotions":1,"declined":1,"two_leg":0,"passes":0,"igui":0,"drops":1,"lion_trades":0,"counterstrikes":0},"pieces":[{"id":"bishop","name":"Bishop","type":2,"moves":3,"captures":2,"captured":2,"promotions":1,"declined":1,"drops":1},{"id":"silver","name":"Silver","type":4,"moves":1,"captures":1,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"pawn","name":"Pawn","type":7,"moves":4,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0},{"id":"+bishop","name":"Dragon Horse","type":9,"moves":0,"captures":0,"captured":1,"promotions":0,"declined":0,"drops":0}]}}}
EOF2
expect where 0 "$tmp/where.json" -- "$s" --format=json --where 'event~^A$' "$data/small.compact"

# --where-move ^2h: only record 4 (its illegal 2h2b is a move as written);
# its 2 legal Pawn moves are counted, and it is invalid (exit 0: counted)
cat >"$tmp/where-move.json" <<'EOF2'
{"format":"kifu-stats/1","records":1,"plies":2,"valid":0,"invalid":1,"variants":{"shogi":{"records":1,"plies":2,"valid":0,"invalid":1,"results":{"sente":0,"gote":0,"draw":0,"unknown":1},"endings":{"none":1},"rules":{"royal_lost":0,"no_moves":0,"repetition":0},"length":{"min":2,"q1":2,"median":2,"q3":2,"max":2,"histogram":{"2":1}},"moves":{"captures":0,"promotions":0,"declined":0,"two_leg":0,"passes":0,"igui":0,"drops":0,"lion_trades":0,"counterstrikes":0},"pieces":[{"id":"pawn","name":"Pawn","type":7,"moves":2,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0}]}}}
EOF2
expect where-move 0 "$tmp/where-move.json" -- "$s" --format=json --where-move '^2h' "$data/small.compact"

# Results by ending (kifu/vocabulary.h): after one move Gote is to move, so
# resign and timeout are Sente's wins; after two, timeout is Gote's; impasse
# and draw are draws; abort and sealed say nothing of a winner.
printf '%s\n' 'shogi : 7g7f resign' 'shogi : 7g7f timeout' 'shogi : 7g7f 3c3d timeout' \
	'shogi : 7g7f impasse' 'shogi : 7g7f draw' 'shogi : 7g7f abort' 'shogi : 7g7f sealed' >"$tmp/endings.compact"
"$s" --format=json "$tmp/endings.compact" >"$tmp/out" 2>&1
grep -q '"results":{"sente":2,"gote":1,"draw":2,"unknown":2}' "$tmp/out" ||
	fail "results by ending: $(grep -o '"results":{[^}]*}' "$tmp/out" | head -1)"

# --where-move on the moves as parsed, in the compact notation whatever the
# input's: the KIF of tests/data/diff/a.compact (records 1 and 3 open 7g7f,
# record 2 2g2f then 2f2e at ply 3), with and without a ply range
for case in '^7g7f$:2' '1:^7g7f$:2' '2:^7g7f$:0' '^2f2e$:1' '3..4:^2f2e$:1' '1..2:^2f2e$:0' '^8h2b\+$:1'; do
	re=${case%:*} n=${case##*:}
	"$s" --format=json --where-move "$re" tests/data/diff/a.kif >"$tmp/out" 2>&1
	grep -q "^{\"format\":\"kifu-stats/1\",\"records\":$n," "$tmp/out" ||
		fail "where-move $re on KIF: expected $n records: $(head -c 120 "$tmp/out")"
done
check_range() { "$s" --where-move "$1" "$data/small.compact" >/dev/null 2>"$tmp/err"; [ $? = 2 ] && grep -q "ply range" "$tmp/err"; }
check_range '0:^7g' || fail "where-move 0: accepted"
check_range '5..3:^7g' || fail "where-move 5..3: accepted"

# several filters: all must match.  event~B and a sente tag: none
cat >"$tmp/none.json" <<'EOF2'
{"format":"kifu-stats/1","records":0,"plies":0,"valid":0,"invalid":0,"variants":{}}
EOF2
expect where-none 0 "$tmp/none.json" -- "$s" --format=json --where 'event~B' --where 'sente~.' "$data/small.compact"
# sente X or Alice, and a promoting move: record 1 and the Dai record
"$s" --format=json --where 'sente~^(X|Alice)$' --where-move '\+$' "$data/small.compact" >"$tmp/out" 2>&1
grep -q '^{"format":"kifu-stats/1","records":2,"plies":12,"valid":2,"invalid":0,' "$tmp/out" ||
	fail "where-both: $(head -c 200 "$tmp/out")"

# UTF-8 (PCRE2_UTF): "." is one character (第), \d an ASCII digit
for case in '^.1期:1' '^第\d期:1' '^第.期:2' '名人戦$:3' '^.期:0'; do
	re=${case%:*} n=${case##*:}
	"$s" --format=json --where "event~$re" "$data/utf8.compact" >"$tmp/out" 2>&1
	grep -q "^{\"format\":\"kifu-stats/1\",\"records\":$n," "$tmp/out" ||
		fail "utf8 $re: expected $n records: $(head -c 120 "$tmp/out")"
done

# bad filters and bad parts: exit 2, a message, no output
check_error bad-regex "--where 'event~(': column 8: missing closing parenthesis" \
	"$s" --where 'event~(' "$data/small.compact"
check_error bad-where "expected TAG~REGEX" "$s" --where 'event' "$data/small.compact"
echo '{"records":1}' >"$tmp/bad.json"
check_error bad-part "$tmp/bad.json:1:1: no \"format\"" "$s" --merge "$tmp/bad.json"
printf -- '---\nformat: kifu-stats/1\nvariants:\n  shogi:\n    records: many\n' >"$tmp/bad.yaml"
check_error bad-yaml "$tmp/bad.yaml:5:14: expected a number" "$s" --merge "$tmp/bad.yaml"
check_error merge-where "merge" "$s" --merge --where 'a~b' "$tmp/small.json"

# --- parts that do not add up -------------------------------------------------
# A part is the output of one run: a key given twice in one map, counts that
# do not add up and sums past 2^64 - 1 are errors at FILE:LINE:COL, exit 2,
# nothing written.  One group "x" of R records of an unknown variant (invalid,
# 0 plies), as kifu-stats writes it, is the base the bad parts are cut from.
part() {
	local r=$1
	printf '{"format":"kifu-stats/1","records":%s,"plies":0,"valid":0,"invalid":%s,"variants":{"x":{"records":%s,"plies":0,"valid":0,"invalid":%s,"results":{"sente":0,"gote":0,"draw":0,"unknown":%s},"endings":{"none":%s},"rules":{"royal_lost":0,"no_moves":0,"repetition":0},"length":{"min":0,"q1":0,"median":0,"q3":0,"max":0,"histogram":{"0":%s}},"moves":{"captures":0,"promotions":0,"declined":0,"two_leg":0,"passes":0,"igui":0,"drops":0,"lion_trades":0,"counterstrikes":0},"pieces":[]}}}\n' \
		"$r" "$r" "$r" "$r" "$r" "$r" "$r"
}
# check_merge NAME EXPECTED_STDERR PART...: exit 2, exactly that message, no output
check_merge() {
	local name=$1 expected=$2
	shift 2
	"$s" --merge --format=json "$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	[ "$got" = 2 ] || fail "$name: exit status $got, expected 2"
	[ -s "$tmp/out" ] && fail "$name: output written"
	[ "$(cat "$tmp/err")" = "kifu-stats: $expected" ] || fail "$name: stderr: $(cat "$tmp/err")"
}
part 3 >"$tmp/p3.json"
expect part-base 0 "$tmp/p3.json" -- "$s" --merge --format=json "$tmp/p3.json"
# keys given twice: the second one's place (a variant in two documents of a
# part is no error: that is concatenated outputs, merged above)
sed 's/"variants":{"x":{\(.*\)}}}$/"variants":{"x":{\1},"x":{\1}}}/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge dup-variant "$tmp/bad.json:1:470: variant \"x\" given twice (not a partial result of kifu-stats?)" "$tmp/bad.json"
sed 's/"endings":{"none":3}/"endings":{"none":2,"abort":0,"none":1}/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge dup-ending "$tmp/bad.json:1:213: ending \"none\" given twice (not a partial result of kifu-stats?)" "$tmp/bad.json"
sed 's/"histogram":{"0":3}/"histogram":{"0":2,"1":0,"0":1}/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge dup-length "$tmp/bad.json:1:333: length 0 given twice" "$tmp/bad.json"
sed 's/"plies":0,"valid":0,"invalid":3,"variants"/"plies":0,"records":3,"valid":0,"invalid":3,"variants"/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge dup-records "$tmp/bad.json:1:48: \"records\" given twice (not a partial result of kifu-stats?)" "$tmp/bad.json"
# the same piece type twice: shogi's Pawn (type 7) in small.json
sed 's/\({"id":"pawn","name":"Pawn","type":7,"moves":10,[^}]*}\)/\1,\1/' "$tmp/small.json" >"$tmp/bad.json"
check_merge dup-piece "$tmp/bad.json:1:2205: piece type 7 given twice" "$tmp/bad.json"
# the same in YAML: the second "none" on line 11, column 5
printf -- '---\nformat: kifu-stats/1\nrecords: 3\nplies: 0\nvalid: 0\ninvalid: 3\nvariants:\n  x:\n    endings:\n      none: 2\n      none: 1\n' >"$tmp/bad.yaml"
check_merge dup-ending-yaml "$tmp/bad.yaml:11:7: ending \"none\" given twice (not a partial result of kifu-stats?)" "$tmp/bad.yaml"

# nesting: a part is read as kifu-stats writes it, so 200,000 nested lists
# where a number goes, or a list of 3,000,000 numbers where pieces go, stop
# the reading at their first character (libyaml would take minutes to build
# the first, gigabytes for the second)
{ printf '{"format":"kifu-stats/1","variants":{"x":{"records":'; head -c 200000 /dev/zero | tr '\0' '['
  head -c 200000 /dev/zero | tr '\0' ']'; echo '}}}'; } >"$tmp/deep.json"
check_merge deep "$tmp/deep.json:1:53: expected a number (not a partial result of kifu-stats?)" "$tmp/deep.json"
{ printf -- '---\nformat: kifu-stats/1\nvariants:\n  x:\n    pieces: ['; yes '1,' | head -n 3000000 | tr -d '\n'; echo '1]'; } >"$tmp/flat.yaml"
check_merge flat "$tmp/flat.yaml:5:14: expected a map (not a partial result of kifu-stats?)" "$tmp/flat.yaml"
# an alias where a count goes: kifu-stats writes none
printf -- '---\nformat: kifu-stats/1\nrecords: &n 1\nplies: *n\n' >"$tmp/alias.yaml"
check_merge alias "$tmp/alias.yaml:4:8: expected a number (not a partial result of kifu-stats?)" "$tmp/alias.yaml"

# counts that do not add up: at the variant's key, or at the top for the totals
sed 's/"x":{"records":3,"plies":0,"valid":0,"invalid":3/"x":{"records":3,"plies":0,"valid":0,"invalid":2/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge valid-invalid "$tmp/bad.json:1:82: variant \"x\": valid + invalid is 2, not records (3)" "$tmp/bad.json"
sed 's/"unknown":3/"unknown":1/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge results "$tmp/bad.json:1:82: variant \"x\": the results' sum is 1, not records (3)" "$tmp/bad.json"
sed 's/"histogram":{"0":3}/"histogram":{"0":2,"4":1}/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge hist-plies "$tmp/bad.json:1:82: variant \"x\": the histogram's plies is 4, not plies (0)" "$tmp/bad.json"
sed 's/"q3":0,"max":0/"q3":0,"max":9/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge quartiles "$tmp/bad.json:1:82: variant \"x\": length.max is 9, not the histogram's (0)" "$tmp/bad.json"
sed 's/^{"format":"kifu-stats\/1","records":3/{"format":"kifu-stats\/1","records":4/' "$tmp/p3.json" >"$tmp/bad.json"
check_merge totals "$tmp/bad.json:1:1: records is 4, not the sum over the variants (3)" "$tmp/bad.json"
# shogi in small.json: the pieces' captures are 3 (Bishop 2, Silver 1)
sed 's/"moves":{"captures":3,/"moves":{"captures":4,/' "$tmp/small.json" >"$tmp/bad.json"
check_merge captures "$tmp/bad.json:1:1440: variant \"shogi\": the pieces' captures is 3, not moves.captures (4)" "$tmp/bad.json"
sed 's/"royal_lost":0,"no_moves":0,"repetition":0},"length":{"min":2/"royal_lost":2,"no_moves":2,"repetition":0},"length":{"min":2/' "$tmp/small.json" >"$tmp/bad.json"
check_merge rules "$tmp/bad.json:1:1440: variant \"shogi\": royal_lost + no_moves is 4, more than valid (3)" "$tmp/bad.json"

# sums past 2^64 - 1: 10^19 records twice; the second part's first count of x
part 10000000000000000000 >"$tmp/big.json"
check_merge overflow "$tmp/big.json:1:135: this count takes a sum past 18446744073709551615" \
	"$tmp/big.json" "$tmp/big.json"
# ... within a part: two documents
cat "$tmp/big.json" "$tmp/big.json" >"$tmp/big2.json"
check_merge overflow-docs "$tmp/big2.json:2:135: this count takes a sum past 18446744073709551615" "$tmp/big2.json"
# counts up to 2^64 - 1 merge exactly: 1 record of 0 plies and 2^64 - 2 of
# 1 ply (one Pawn move each); q1 is the length of record ceil(N/4), 1
max=18446744073709551615 most=18446744073709551614
printf '{"format":"kifu-stats/1","records":%s,"plies":%s,"valid":0,"invalid":%s,"variants":{"x":{"records":%s,"plies":%s,"valid":0,"invalid":%s,"results":{"sente":0,"gote":0,"draw":0,"unknown":%s},"endings":{"none":%s},"rules":{"royal_lost":0,"no_moves":0,"repetition":0},"length":{"min":0,"q1":1,"median":1,"q3":1,"max":1,"histogram":{"0":1,"1":%s}},"moves":{"captures":0,"promotions":0,"declined":0,"two_leg":0,"passes":0,"igui":0,"drops":0,"lion_trades":0,"counterstrikes":0},"pieces":[{"id":"pawn","name":"Pawn","type":7,"moves":%s,"captures":0,"captured":0,"promotions":0,"declined":0,"drops":0}]}}}\n' \
	$max $most $max $max $most $max $max $max $most $most >"$tmp/max.json"
expect merge-max 0 "$tmp/max.json" -- "$s" --merge --format=json "$tmp/max.json"
"$s" --merge --format=text "$tmp/max.json" >"$tmp/out" 2>&1
grep -qx "    1              18446744073709551614  $(printf '#%.0s' $(seq 40))" "$tmp/out" ||
	fail "merge-max text: the histogram's bars: $(grep -A2 'length (plies)' "$tmp/out")"

# Many distinct keys merge in time linear in their number: 200,000 endings
# in one part (as kifu-stats writes them: sorted), merged with itself; the
# records of 30,000 variants, in two shards, merged == whole.
many_endings() {
	awk -v n=200000 -v k="$1" 'BEGIN {
		r = n * k
		printf "{\"format\":\"kifu-stats/1\",\"records\":%d,\"plies\":0,\"valid\":0,\"invalid\":%d,\"variants\":{\"x\":{\"records\":%d,\"plies\":0,\"valid\":0,\"invalid\":%d,\"results\":{\"sente\":0,\"gote\":0,\"draw\":0,\"unknown\":%d},\"endings\":{", r, r, r, r, r
		for (i = 0; i < n; i++)
			printf "%s\"e%06d\":%d", i ? "," : "", i, k
		printf "},\"rules\":{\"royal_lost\":0,\"no_moves\":0,\"repetition\":0},\"length\":{\"min\":0,\"q1\":0,\"median\":0,\"q3\":0,\"max\":0,\"histogram\":{\"0\":%d}},\"moves\":{\"captures\":0,\"promotions\":0,\"declined\":0,\"two_leg\":0,\"passes\":0,\"igui\":0,\"drops\":0,\"lion_trades\":0,\"counterstrikes\":0},\"pieces\":[]}}}\n", r
	}'
}
many_endings 1 >"$tmp/endings1.json"
many_endings 2 >"$tmp/endings2.json"
expect many-endings 0 "$tmp/endings2.json" -- "$s" --merge --format=json "$tmp/endings1.json" "$tmp/endings1.json"
seq 30000 | sed 's/^/v/; s/$/ : 7g7f/' >"$tmp/many.compact"
"$s" -q --format=json "$tmp/many.compact" >"$tmp/many.json"
split -n l/2 "$tmp/many.compact" "$tmp/many."
"$s" -q --format=yaml "$tmp/many.aa" >"$tmp/many.aa.yaml"
"$s" -q --format=json "$tmp/many.ab" >"$tmp/many.ab.json"
expect many-variants 0 "$tmp/many.json" -- "$s" --merge --format=json "$tmp/many.aa.yaml" "$tmp/many.ab.json"

# --- the opening tree ------------------------------------------------------------
# --openings 2 over small.compact: shogi's main lines begin 7g7f 3c3d (records
# 1, 3 and 4: Sente won 1, the others unknown; record 4's illegal third move
# is not in the tree) or 2g2f 8c8d (record 2, abort: unknown); Dai's record
# begins 11o12n 4a4b (Sente won).  No record starts elsewhere.  The JSON is
# small.json with "openings":2 at the top and a tree closing each variant.
dai_tree='"openings":{"other_start":0,"nodes":{"11o12n":{"records":1,"sente":1,"gote":0,"draw":0,"unknown":0},"11o12n 4a4b":{"records":1,"sente":1,"gote":0,"draw":0,"unknown":0}}}'
shogi_tree='"openings":{"other_start":0,"nodes":{"2g2f":{"records":1,"sente":0,"gote":0,"draw":0,"unknown":1},"2g2f 8c8d":{"records":1,"sente":0,"gote":0,"draw":0,"unknown":1},"7g7f":{"records":3,"sente":1,"gote":0,"draw":0,"unknown":2},"7g7f 3c3d":{"records":3,"sente":1,"gote":0,"draw":0,"unknown":2}}}'
sed -e 's/^{"format":"kifu-stats\/1",/&"openings":2,/' \
	-e "s/\"drops\":0}]},\"shogi\":/\"drops\":0}],$dai_tree},\"shogi\":/" \
	-e "s/\"drops\":0}]}}}\$/\"drops\":0}],$shogi_tree}}}/" "$tmp/small.json" >"$tmp/tree.json"
expect openings 0 "$tmp/tree.json" -- "$s" --format=json --openings 2 "$data/small.compact"
expect openings-merge 0 "$tmp/tree.json" -- "$s" --merge --format=json "$tmp/tree.json"
# the same as text: each node's last move under its parent, Sente's share of
# the games with a result ("-": none)
"$s" --openings 2 "$data/small.compact" | sed -n '/^variant shogi/,$p' | sed -n '/openings/,$p' >"$tmp/out"
{
	echo "  openings (the first 2 plies; records from another start: 0):"
	printf '    %-12s %10s %8s %8s %8s %8s %8s\n' moves records sente gote draw unknown 'sente %'
	printf '    %-12s %10s %8s %8s %8s %8s %8s\n' 2g2f 1 0 0 0 1 - '  8c8d' 1 0 0 0 1 - \
		7g7f 3 1 0 0 2 100.0 '  3c3d' 3 1 0 0 2 100.0
} | diff -u - "$tmp/out" || fail "openings text"
# a record from another start is left out of the tree: counted in other_start
printf 'shogi handicap=香落ち : 3c3d 7g7f resign\nshogi : 7g7f\n' >"$tmp/handicap.compact"
"$s" --format=json --openings 1 "$tmp/handicap.compact" | grep -o '"openings":{"other_start":[0-9]*,"nodes":{[^}]*}}}' >"$tmp/out"
echo '"openings":{"other_start":1,"nodes":{"7g7f":{"records":1,"sente":0,"gote":0,"draw":0,"unknown":1}}}' |
	diff -u - "$tmp/out" || fail "openings other_start"

# --- groups: --by --------------------------------------------------------------------
# --by date:4 over tests/data/select/games.compact: no date (lines 5, 6, 8,
# 9: shogi, 3 valid, plies 2+2+4+2), 1998 (lines 2 and 3: 5+4 plies), 2003
# (line 4: 4 plies), 2026 (the Dai record, 7 plies)
games=tests/data/select/games.compact
"$s" --by date:4 "$games" | sed -n '1,6p' >"$tmp/out"
{
	printf '%-6s %-20s %12s %12s %12s %12s\n' date:4 variant records valid invalid plies
	printf '%-6s %-20s %12s %12s %12s %12s\n' '(none)' shogi 4 3 1 10 1998 shogi 2 2 0 9 \
		2003 shogi 1 1 0 4 2026 dai 1 1 0 7 '' total 8 7 1 30
} | diff -u - "$tmp/out" || fail "by date:4 text"
# the JSON: "by" at the top, and groups of values, each of variants
"$s" --by date:4 --format=json "$games" | grep -o '^{"format":"kifu-stats/1","by":"date:4","records":8,"plies":30,"valid":7,"invalid":1,"groups":{"":{"shogi":{"records":4,' >/dev/null ||
	fail "by date:4 json: $("$s" --by date:4 --format=json "$games" | head -c 200)"
# --by player over small.compact: record 1 (sente X, no gote: Sente won), 2
# and 4 (no players: once each, as Sente), 3 (sente Y), Dai (Alice v Bob,
# Alice won).  The group "" is record 1's gote and 3's, and 2's and 4's sente.
cat >"$tmp/want" <<'EOF2'
,shogi,player.as_sente,2
,shogi,player.as_gote,2
,shogi,player.wins,0
,shogi,player.losses,1
,shogi,player.draws,0
Alice,dai,player.as_sente,1
Alice,dai,player.as_gote,0
Alice,dai,player.wins,1
Alice,dai,player.losses,0
Alice,dai,player.draws,0
Bob,dai,player.as_sente,0
Bob,dai,player.as_gote,1
Bob,dai,player.wins,0
Bob,dai,player.losses,1
Bob,dai,player.draws,0
X,shogi,player.as_sente,1
X,shogi,player.as_gote,0
X,shogi,player.wins,1
X,shogi,player.losses,0
X,shogi,player.draws,0
Y,shogi,player.as_sente,1
Y,shogi,player.as_gote,0
Y,shogi,player.wins,0
Y,shogi,player.losses,0
Y,shogi,player.draws,0
EOF2
"$s" --by player --format=csv "$data/small.compact" | grep ',player\.' | diff -u "$tmp/want" - || fail "by player"
check_error bad-by "--by 'Date': column 1: a tag key is" "$s" --by Date "$data/small.compact"
check_error bad-by-chars "--by 'date:0': column 6: TAG:N takes the first N characters" "$s" --by date:0 "$data/small.compact"
check_error bad-openings "--openings '41': a number of plies from 1 to 40" "$s" --openings 41 "$data/small.compact"
check_error merge-by "merge" "$s" --merge --by event "$tmp/small.json"

# --- CSV, names ------------------------------------------------------------------------
# shogi in small.compact: results 1 0 0 3 (Sente won the one decided game);
# lengths 2, 4, 4, 5: mean 15 / 4
cat >"$tmp/want" <<'EOF2'
group,variant,measure,value
,shogi,records,4
,shogi,plies,15
,shogi,valid,3
,shogi,invalid,1
,shogi,results.sente,1
,shogi,results.gote,0
,shogi,results.draw,0
,shogi,results.unknown,3
,shogi,results.sente_rate,1.0000
,shogi,results.gote_rate,0.0000
,shogi,results.draw_rate,0.0000
,shogi,endings.abort,1
,shogi,endings.none,2
,shogi,endings.resign,1
,shogi,rules.royal_lost,0
,shogi,rules.no_moves,0
,shogi,rules.repetition,0
,shogi,length.min,2
,shogi,length.q1,2
,shogi,length.median,4
,shogi,length.q3,4
,shogi,length.max,5
,shogi,length.mean,3.75
,shogi,length.histogram.2,1
,shogi,length.histogram.4,2
,shogi,length.histogram.5,1
EOF2
"$s" --format=csv "$data/small.compact" | grep -v '^,dai,' | head -27 | diff -u "$tmp/want" - || fail "csv"
"$s" --format=csv "$data/small.compact" | grep -c ',pieces\.' | grep -qx 72 || fail "csv pieces: 12 pieces x 6 rows"
# --names=ja: the variants' Japanese names, aligned by their width (two
# columns a character)
"$s" --names=ja "$data/small.compact" | sed -n '/^variant shogi/,$p' | sed -n '/^  pieces:/,$p' >"$tmp/out"
{
	echo '  pieces:'
	printf '    %-20s %10s %10s %10s %10s %10s %10s\n' piece moves captures captured promotions declined drops
	printf '    %s%16s %10s %10s %10s %10s %10s %10s\n' 角行 '' 3 2 2 1 1 1 銀将 '' 1 1 0 0 0 0 \
		歩兵 '' 10 0 0 0 0 0 龍馬 '' 0 0 1 0 0 0
} | diff -u - "$tmp/out" || fail "names=ja"
"$s" --names=ja --format=csv "$data/small.compact" | grep -q '^,shogi,pieces\.歩兵\.moves,10$' || fail "names=ja csv"
check_error bad-names "unknown --names 'fr'" "$s" --names=fr "$data/small.compact"

# --- README's questions -------------------------------------------------------------
# how often does each first move win (games.compact: line 6 starts from the
# mirrored start, so only six shogi records are in the tree)
"$s" --openings 1 "$games" | sed -n '/^variant shogi/,$p' | sed -n '/openings/,$p' >"$tmp/out"
{
	echo "  openings (the first 1 plies; records from another start: 1):"
	printf '    %-12s %10s %8s %8s %8s %8s %8s\n' moves records sente gote draw unknown 'sente %' \
		2g2f 1 0 0 0 1 - 3g3f 1 0 0 0 1 - 7g7f 4 1 0 0 3 100.0
} | diff -u - "$tmp/out" || fail "readme openings"
# how long are games per decade: "" (no date: 2, 2, 4, 2 plies), 199 (5, 4),
# 200 (4), 202 (Dai, 7)
cat >"$tmp/want" <<'EOF2'
,shogi,length.min,2
,shogi,length.q1,2
,shogi,length.median,2
,shogi,length.q3,2
,shogi,length.max,4
,shogi,length.mean,2.50
,shogi,length.histogram.2,3
,shogi,length.histogram.4,1
199,shogi,length.min,4
199,shogi,length.q1,4
199,shogi,length.median,4
199,shogi,length.q3,5
199,shogi,length.max,5
199,shogi,length.mean,4.50
199,shogi,length.histogram.4,1
199,shogi,length.histogram.5,1
200,shogi,length.min,4
200,shogi,length.q1,4
200,shogi,length.median,4
200,shogi,length.q3,4
200,shogi,length.max,4
200,shogi,length.mean,4.00
200,shogi,length.histogram.4,1
202,dai,length.min,7
202,dai,length.q1,7
202,dai,length.median,7
202,dai,length.q3,7
202,dai,length.max,7
202,dai,length.mean,7.00
202,dai,length.histogram.7,1
EOF2
"$s" --by date:3 --format=csv "$games" | grep ',length\.' | diff -u "$tmp/want" - || fail "readme decades"

# --- shards merged == whole ----------------------------------------------------
# Random legal games of four variants, 50 of them with an illegal move.
{
	"$gen" -v shogi -n 300 -p 160 -s 1
	"$gen" -v dai -n 150 -p 120 -s 2
	"$gen" -v sho -n 150 -p 120 -s 3
	"$gen" -v asakura -n 150 -p 120 -s 4
	"$gen" -v shogi -n 50 -p 60 -s 5 -x
} >"$tmp/all.compact" || fail "gen-records"
cat "$data/small.compact" >>"$tmp/all.compact"
for fmt in json yaml text; do
	"$s" --format=$fmt "$tmp/all.compact" >"$tmp/whole.$fmt"
	[ $? = 0 ] || fail "whole $fmt: exit status should be 0 (invalid records are counted)"
done
# the shards: split by lines (one record per line), then each shard's stats
mkdir "$tmp/shards"
split -n l/3 "$tmp/all.compact" "$tmp/shards/part."
[ "$(ls "$tmp/shards" | wc -l)" = 3 ] || fail "split made $(ls "$tmp/shards" | wc -l) shards"
for part in "$tmp"/shards/part.*; do
	"$s" --format=json "$part" >"$part.json"
	"$s" --format=yaml "$part" >"$part.yaml"
done
for fmt in json yaml text; do
	"$s" --merge --format=$fmt "$tmp"/shards/part.*.json >"$tmp/merged.$fmt"
	cmp "$tmp/whole.$fmt" "$tmp/merged.$fmt" || fail "merged JSON parts as $fmt differ from the whole"
	"$s" --merge --format=$fmt "$tmp"/shards/part.*.yaml >"$tmp/merged.$fmt"
	cmp "$tmp/whole.$fmt" "$tmp/merged.$fmt" || fail "merged YAML parts as $fmt differ from the whole"
	# what parallel --pipe hands on: the parts' outputs concatenated, on a pipe
	cat "$tmp"/shards/part.*.json | "$s" --merge --format=$fmt >"$tmp/merged.$fmt"
	cmp "$tmp/whole.$fmt" "$tmp/merged.$fmt" || fail "concatenated JSON parts as $fmt differ"
	cat "$tmp"/shards/part.*.yaml | "$s" --merge --format=$fmt >"$tmp/merged.$fmt"
	cmp "$tmp/whole.$fmt" "$tmp/merged.$fmt" || fail "concatenated YAML parts as $fmt differ"
done
# JSON and YAML parts together; a merge of merges
p=("$tmp"/shards/part.??)
"$s" --merge --format=json "${p[0]}.json" "${p[1]}.yaml" >"$tmp/m01.json"
"$s" --merge --format=json "$tmp/m01.json" "${p[2]}.yaml" | cmp - "$tmp/whole.json" ||
	fail "a merge of merges differs from the whole"
# the JSON has the top-level totals, equal to the sums over the variants
grep -q '^{"format":"kifu-stats/1","records":805,' "$tmp/whole.json" ||
	fail "whole.json: records should be 805 (300+150+150+150+50 generated, 5 from small.compact): $(head -c 100 "$tmp/whole.json")"

# The same with the new groupings: dates, players and events added to the
# records (some without an event), then --by and --openings over shards
# merged == whole, in every format (CSV too)
awk 'BEGIN { srand(3) } /^[a-z]/ {
	y = 1950 + int(rand() * 70); ev = rand() < 0.3 ? "" : " event=E" int(rand() * 3)
	sub(/^[a-z-]+ /, "& date=" y "/01/02 sente=P" int(rand() * 6) " gote=P" int(rand() * 6) ev " ")
} { print }' "$tmp/all.compact" >"$tmp/tagged.compact"
split -n l/3 "$tmp/tagged.compact" "$tmp/shards/tagged."
for opts in "--by date:3 --openings 3" "--by player --openings 2" "--by event" "--openings 4"; do
	read -r -a o <<<"$opts"
	for part in "$tmp"/shards/tagged.??; do
		"$s" "${o[@]}" --format=json "$part" >"$part.json"
		"$s" "${o[@]}" --format=yaml "$part" >"$part.yaml"
	done
	for fmt in json yaml text csv; do
		"$s" "${o[@]}" --format=$fmt "$tmp/tagged.compact" >"$tmp/whole.$fmt"
		"$s" --merge --format=$fmt "$tmp"/shards/tagged.??.json >"$tmp/merged.$fmt"
		cmp "$tmp/whole.$fmt" "$tmp/merged.$fmt" || fail "$opts: merged JSON parts as $fmt differ"
		"$s" --merge --format=$fmt "$tmp"/shards/tagged.??.yaml >"$tmp/merged.$fmt"
		cmp "$tmp/whole.$fmt" "$tmp/merged.$fmt" || fail "$opts: merged YAML parts as $fmt differ"
	done
done
# parts made differently do not merge: the second part's groups
"$s" --format=json --by event "$data/small.compact" >"$tmp/by-event.json"
check_merge shape "$tmp/by-event.json:1:$(($(grep -bo '"groups"' "$tmp/by-event.json" | cut -d: -f1) + 1)): a part made with --by event after parts made with --openings 2: parts merge when made alike" \
	"$tmp/tree.json" "$tmp/by-event.json"
check_merge shape-none "$tmp/small.json:1:$(($(grep -bo '"variants"' "$tmp/small.json" | cut -d: -f1) + 1)): a part made with neither --by nor --openings after parts made with --by event: parts merge when made alike" \
	"$tmp/by-event.json" "$tmp/small.json"
# trees that do not hold together, cut from tree.json (shogi's nodes)
sed 's/"2g2f 8c8d":{"records":1,"sente":0,"gote":0,"draw":0,"unknown":1}/"2g2f 8c8d":{"records":1,"sente":0,"gote":0,"draw":0,"unknown":2}/' "$tmp/tree.json" >"$tmp/bad.json"
check_merge node-results "$tmp/bad.json:1:$(($(grep -bo '"2g2f 8c8d"' "$tmp/bad.json" | cut -d: -f1) + 1)): node \"2g2f 8c8d\": its results do not add up to its records (1)" "$tmp/bad.json"
sed 's/"2g2f":{"records":1,"sente":0,"gote":0,"draw":0,"unknown":1},//' "$tmp/tree.json" >"$tmp/bad.json"
check_merge node-parent "$tmp/bad.json:1:$(($(grep -bo '"2g2f 8c8d"' "$tmp/bad.json" | cut -d: -f1) + 1)): node \"2g2f 8c8d\": no node for the moves before it" "$tmp/bad.json"
sed 's/"7g7f 3c3d":{"records":3,"sente":1,"gote":0,"draw":0,"unknown":2}/"7g7f 3c3d":{"records":4,"sente":1,"gote":0,"draw":0,"unknown":3}/' "$tmp/tree.json" >"$tmp/bad.json"
check_merge node-children "$tmp/bad.json:1:$(($(grep -bo '"7g7f":{"records":3' "$tmp/bad.json" | cut -d: -f1) + 1)): node \"7g7f\": the nodes under it hold more records than it does (3)" "$tmp/bad.json"
sed 's/\("7g7f 3c3d":{[^}]*}\)/\1,"7g7f 3c3d":{"records":0,"sente":0,"gote":0,"draw":0,"unknown":0}/' "$tmp/tree.json" >"$tmp/bad.json"
check_merge node-twice "$tmp/bad.json:1:$(($(grep -bo '"7g7f 3c3d":{"records":0' "$tmp/bad.json" | cut -d: -f1) + 1)): node \"7g7f 3c3d\": given twice, or out of order (not a partial result of kifu-stats?)" "$tmp/bad.json"
sed 's/"openings":2,/"openings":1,/' "$tmp/tree.json" >"$tmp/bad.json"
check_merge node-deep "$tmp/bad.json:1:$(($(grep -bo '"11o12n 4a4b"' "$tmp/bad.json" | cut -d: -f1) + 1)): node \"11o12n 4a4b\": deeper than --openings 1" "$tmp/bad.json"
sed 's/"openings":{"other_start":0,"nodes":{"2g2f"/"openings":{"other_start":5,"nodes":{"2g2f"/' "$tmp/tree.json" >"$tmp/bad.json"
check_merge other-start "$tmp/bad.json:1:$(($(grep -bo '"shogi":{' "$tmp/bad.json" | cut -d: -f1) + 1)): variant \"shogi\": openings.other_start is 5, more than records (4)" "$tmp/bad.json"
# a player's wins that are not the group's results
"$s" --format=json --by player "$data/small.compact" | sed 's/"wins":1,/"wins":2,/' >"$tmp/bad.json"
check_merge player "$tmp/bad.json:1:$(($(grep -bo '"Alice":{"dai":' "$tmp/bad.json" | cut -d: -f1) + 10)): variant \"dai\": player.wins + losses + draws is 2, not sente + gote + draw (1)" "$tmp/bad.json"

# Chu: a Lion taking a Lion is a Lion trade; another piece taking a Lion, a
# counter-strike (the next move may take a Lion only there).
printf 'chu sfen=11k/12/12/7n4/7N4/12/12/12/12/12/12/K11_b_-_1 : 5e5d\nchu sfen=11k/12/12/7n4/7G4/12/12/12/12/12/12/K11_b_-_1 : 5e5d\n' >"$tmp/lions.compact"
"$s" --format=json "$tmp/lions.compact" | grep -o '"moves":{[^}]*}' >"$tmp/lions.moves"
echo '"moves":{"captures":2,"promotions":0,"declined":1,"two_leg":0,"passes":0,"igui":0,"drops":0,"lion_trades":1,"counterstrikes":1}' |
	cmp -s - "$tmp/lions.moves" || fail "lion trades and counter-strikes: $(cat "$tmp/lions.moves")"

finish stats.sh
