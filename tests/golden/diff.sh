#!/bin/bash
# Golden tests of identical records, a KIF against its compact
# conversion, a record changed at one ply, header and ending differences, a
# record count mismatch, two spellings of one Lion pass, the JSON objects
# byte for byte, and the exit statuses.  Every expected line below was
# worked out by hand from tests/data/diff/*.compact (columns counted on the
# record lines; KIF line numbers counted in a.kif, whose records start at
# lines 1, 13 and 30).
#
#     diff.sh BINDIR
set -u
bin=$1
d=$bin/kifu-diff
data=tests/data/diff
. "$(dirname "$0")/common.bash"

A=$data/a.compact

# identical files, and a KIF against its compact conversion: moves are
# compared as parsed, so ７六歩(77) and 7g7f are the same move
expect same 0 "$tmp/empty" -- "$d" "$A" "$A"
expect kif 0 "$tmp/empty" -- "$d" "$A" "$data/a.kif"
expect kif-reversed 0 "$tmp/empty" -- "$d" "$data/a.kif" "$A"
expect stdin 0 "$tmp/empty" -- sh -c "cat $data/a.kif | $d $A -"
cat >"$tmp/kif.json" <<'EOF2'
{"record":1,"same":true,"a_line":2,"b_line":1,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":2,"same":true,"a_line":3,"b_line":13,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":3,"same":true,"a_line":4,"b_line":30,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
EOF2
expect kif-json 0 "$tmp/kif.json" -- "$d" --format=json "$A" "$data/a.kif"

# moves differ by their promotion alone: 8h2b+ against 8h2b (column 19);
# the Silver takes the Bishop on 2b either way, and Gote's hand holds a
# Bishop: the same final position by other moves
printf 'shogi : 7g7f 3c3d 8h2b+ 3a2b\n' >"$tmp/promo-a.compact"
printf 'shogi : 7g7f 3c3d 8h2b 3a2b\n' >"$tmp/promo-b.compact"
cat >"$tmp/promo.txt" <<EOF2
$tmp/promo-a.compact:1:19 $tmp/promo-b.compact:1:19: record 1: ply 3 differs: 8h2b+ vs 8h2b; the positions after it differ
$tmp/promo-a.compact:1 $tmp/promo-b.compact:1: record 1: the final positions are the same: a transposition
EOF2
expect promotion 1 "$tmp/promo.txt" -- "$d" "$tmp/promo-a.compact" "$tmp/promo-b.compact"

# record 2 changed at ply 7 (2e2d -> 9g9f, column 61 of line 3): exactly ply 7;
# in changed.compact the Rook's 2h2d (ply 9) is then blocked by the Pawn left
# on 2e, so its last position cannot be reached
cat >"$tmp/changed.txt" <<'EOF2'
tests/data/diff/a.compact:3:61 tests/data/diff/changed.compact:3:61: record 2: ply 7 differs: 2e2d vs 9g9f; the positions after it differ
tests/data/diff/a.compact:3 tests/data/diff/changed.compact:3: record 2: the final positions cannot be compared
EOF2
expect changed 1 "$tmp/changed.txt" -- "$d" "$A" "$data/changed.compact"
cat >"$tmp/changed.json" <<'EOF2'
{"record":1,"same":true,"a_line":2,"b_line":2,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":2,"same":false,"a_line":3,"b_line":3,"only_in":null,"headers":[],"ply":7,"a_move":"2e2d","b_move":"9g9f","position_same":false,"ending_same":true,"final_position_same":null}
{"record":3,"same":true,"a_line":4,"b_line":4,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
EOF2
expect changed-json 1 "$tmp/changed.json" -- "$d" --format=json "$A" "$data/changed.compact"
# the same against the KIF: the KIF move as written, at its line and column
cat >"$tmp/changed-kif.txt" <<'EOF2'
tests/data/diff/changed.compact:3:61 tests/data/diff/a.kif:23:6: record 2: ply 7 differs: 9g9f vs ２四歩(25); the positions after it differ
tests/data/diff/changed.compact:3 tests/data/diff/a.kif:13: record 2: the final positions cannot be compared
EOF2
expect changed-kif 1 "$tmp/changed-kif.txt" -- "$d" "$data/changed.compact" "$data/a.kif"
expect quiet 1 "$tmp/empty" -- "$d" -q "$A" "$data/changed.compact"

# headers: tags in A's order, then B's new ones; the comment before the
# first move; the ending
cat >"$tmp/headers.txt" <<'EOF2'
tests/data/diff/a.compact:2 tests/data/diff/headers.compact:2: record 1: tag event: "Test" vs (none)
tests/data/diff/a.compact:2 tests/data/diff/headers.compact:2: record 1: tag gote: "Bob" vs "Robert"
tests/data/diff/a.compact:2 tests/data/diff/headers.compact:2: record 1: tag site: (none) vs "Tokyo"
tests/data/diff/a.compact:2 tests/data/diff/headers.compact:2: record 1: comment: (none) vs "hello"
tests/data/diff/a.compact:2 tests/data/diff/headers.compact:2: record 1: ending: resign vs (none)
EOF2
expect headers 1 "$tmp/headers.txt" -- "$d" "$A" "$data/headers.compact"
cat >"$tmp/headers.json" <<'EOF2'
{"record":1,"same":false,"a_line":2,"b_line":2,"only_in":null,"headers":["event","gote","site","comment"],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":false,"final_position_same":true}
{"record":2,"same":true,"a_line":3,"b_line":3,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":3,"same":true,"a_line":4,"b_line":4,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
EOF2
expect headers-json 1 "$tmp/headers.json" -- "$d" --format=json "$A" "$data/headers.compact"

# a record count mismatch is a difference, either way round
cat >"$tmp/count.txt" <<'EOF2'
tests/data/diff/a.compact:4 tests/data/diff/two.compact: record 3: only in tests/data/diff/a.compact
EOF2
expect count 1 "$tmp/count.txt" -- "$d" "$A" "$data/two.compact"
cat >"$tmp/count.json" <<'EOF2'
{"record":1,"same":true,"a_line":2,"b_line":2,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":2,"same":true,"a_line":3,"b_line":3,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":3,"same":false,"a_line":null,"b_line":4,"only_in":"b","headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":null,"final_position_same":null}
EOF2
expect count-json 1 "$tmp/count.json" -- "$d" --format=json "$data/two.compact" "$A"

# two spellings of one Lion pass (7j and 9j are both empty: nothing moved
# there in plies 1-20): the moves differ at ply 21, the positions after it
# do not
cat >"$tmp/pass.txt" <<'EOF2'
tests/data/diff/pass-a.compact:2:121 tests/data/diff/pass-b.compact:2:121: record 1: ply 21 differs: 8k7j8k vs 8k9j8k; the positions after it are the same
tests/data/diff/pass-a.compact:2 tests/data/diff/pass-b.compact:2: record 1: the final positions are the same: a transposition
EOF2
expect pass 1 "$tmp/pass.txt" -- "$d" "$data/pass-a.compact" "$data/pass-b.compact"
cat >"$tmp/pass.json" <<'EOF2'
{"record":1,"same":false,"a_line":2,"b_line":2,"only_in":null,"headers":[],"ply":21,"a_move":"8k7j8k","b_move":"8k9j8k","position_same":true,"ending_same":true,"final_position_same":true}
EOF2
expect pass-json 1 "$tmp/pass.json" -- "$d" --format=json "$data/pass-a.compact" "$data/pass-b.compact"

# a record with a move that cannot be read: the reading error on stderr (for
# each side; column 14 is where 7z7f starts), its moves not compared: exit 1
cat >"$tmp/broken.txt" <<'EOF2'
tests/data/diff/broken.compact:2 tests/data/diff/broken.compact:2: record 1: moves cannot be compared: a record could not be read
EOF2
cat >"$tmp/broken.err" <<'EOF2'
kifu-diff: tests/data/diff/broken.compact:2:14: ply 2: 7z7f: no such square on this board
kifu-diff: tests/data/diff/broken.compact:2:14: ply 2: 7z7f: no such square on this board
EOF2
"$d" "$data/broken.compact" "$data/broken.compact" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || { echo "FAIL broken: exit status"; fails=$((fails + 1)); }
diff -u "$tmp/broken.txt" "$tmp/out" || { echo "FAIL broken: stdout"; fails=$((fails + 1)); }
diff -u "$tmp/broken.err" "$tmp/err" || { echo "FAIL broken: stderr"; fails=$((fails + 1)); }

# --- for editors: --all, --annotations, the final positions, --key ------------
# two moves played in the other order: ply 1 differs (the positions after it
# differ), and ply 3 (the same position again); the final positions are the
# same: a transposition
printf 'shogi : 7g7f 3c3d 2g2f 8c8d\n' >"$tmp/ta.compact"
printf 'shogi : 2g2f 3c3d 7g7f 8c8d\n' >"$tmp/tb.compact"
cat >"$tmp/want" <<EOF2
$tmp/ta.compact:1:9 $tmp/tb.compact:1:9: record 1: ply 1 differs: 7g7f vs 2g2f; the positions after it differ
$tmp/ta.compact:1 $tmp/tb.compact:1: record 1: the final positions are the same: a transposition
EOF2
expect transposition 1 "$tmp/want" -- "$d" "$tmp/ta.compact" "$tmp/tb.compact"
cat >"$tmp/want" <<EOF2
$tmp/ta.compact:1:9 $tmp/tb.compact:1:9: record 1: ply 1 differs: 7g7f vs 2g2f; the positions after it differ
$tmp/ta.compact:1:19 $tmp/tb.compact:1:19: record 1: ply 3 differs: 2g2f vs 7g7f; the positions after it are the same
$tmp/ta.compact:1 $tmp/tb.compact:1: record 1: the final positions are the same: a transposition
EOF2
expect all 1 "$tmp/want" -- "$d" --all "$tmp/ta.compact" "$tmp/tb.compact"
cat >"$tmp/want" <<'EOF2'
{"record":1,"same":false,"a_line":1,"b_line":1,"only_in":null,"headers":[],"ply":1,"a_move":"7g7f","b_move":"2g2f","position_same":false,"ending_same":true,"final_position_same":true,"plies":[{"ply":1,"a_move":"7g7f","b_move":"2g2f","position_same":false},{"ply":3,"a_move":"2g2f","b_move":"7g7f","position_same":true}]}
EOF2
expect all-json 1 "$tmp/want" -- "$d" --all --format=json "$tmp/ta.compact" "$tmp/tb.compact"
# --all on a record cut short: each ply only one has
printf 'shogi : 7g7f 3c3d\n' >"$tmp/short.compact"
cat >"$tmp/want" <<EOF2
$tmp/ta.compact:1:19 $tmp/short.compact:1: record 1: ply 3 differs: 2g2f vs (no move)
$tmp/ta.compact:1:24 $tmp/short.compact:1: record 1: ply 4 differs: 8c8d vs (no move)
$tmp/ta.compact:1 $tmp/short.compact:1: record 1: the final positions differ
EOF2
expect all-short 1 "$tmp/want" -- "$d" --all "$tmp/ta.compact" "$tmp/short.compact"

# --annotations: each comment, time, total time and bookmark that differs,
# at both moves, then the ending's; the moves are the same
printf 'shogi : 7g7f{good}@10 3c3d@5 resign{gg}\n' >"$tmp/na.compact"
printf 'shogi : 7g7f@12 3c3d{hm}@5/20&mark resign\n' >"$tmp/nb.compact"
cat >"$tmp/want" <<EOF2
$tmp/na.compact:1:9 $tmp/nb.compact:1:9: record 1: ply 1 comment: "good" vs (none)
$tmp/na.compact:1:9 $tmp/nb.compact:1:9: record 1: ply 1 time: 10s vs 12s
$tmp/na.compact:1:23 $tmp/nb.compact:1:17: record 1: ply 2 comment: (none) vs "hm"
$tmp/na.compact:1:23 $tmp/nb.compact:1:17: record 1: ply 2 total time: (none) vs 20s
$tmp/na.compact:1:23 $tmp/nb.compact:1:17: record 1: ply 2 bookmark: (none) vs "mark"
$tmp/na.compact:1:30 $tmp/nb.compact:1:36: record 1: ending comment: "gg" vs (none)
EOF2
expect annotations 1 "$tmp/want" -- "$d" --annotations "$tmp/na.compact" "$tmp/nb.compact"
expect no-annotations 0 "$tmp/empty" -- "$d" "$tmp/na.compact" "$tmp/nb.compact"
cat >"$tmp/want" <<'EOF2'
{"record":1,"same":false,"a_line":1,"b_line":1,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true,"annotations":[{"ply":1,"what":"comment","a":"good","b":null},{"ply":1,"what":"time","a":10,"b":12},{"ply":2,"what":"comment","a":null,"b":"hm"},{"ply":2,"what":"total time","a":null,"b":20},{"ply":2,"what":"bookmark","a":null,"b":"mark"},{"ply":null,"what":"comment","a":"gg","b":null}]}
EOF2
expect annotations-json 1 "$tmp/want" -- "$d" --annotations --format=json "$tmp/na.compact" "$tmp/nb.compact"
# a KIF record and its compact conversion agree on everything; with one time
# changed (ply 2, line 10 of fork.kif, 0:01 -> 9 seconds) that time and the
# total after it differ, and nothing else
fork=tests/data/kif/kifu-for-js/fork.kif
"$bin/kifu-convert" --to compact "$fork" >"$tmp/fork.compact"
expect round-trip 0 "$tmp/empty" -- "$d" --all --annotations "$fork" "$tmp/fork.compact"
sed 's/ 3c3d@1\/1 ( 8c8d/ 3c3d@9\/9 ( 8c8d/' "$tmp/fork.compact" >"$tmp/fork9.compact"
# (columns count characters: the line's 平手 is two of them in six bytes)
col=$(($(grep -bo ' 3c3d@9/9' "$tmp/fork9.compact" | cut -d: -f1) + 2 - 4))
cat >"$tmp/want" <<EOF2
$fork:10:6 $tmp/fork9.compact:1:$col: record 1: ply 2 time: 1s vs 9s
$fork:10:6 $tmp/fork9.compact:1:$col: record 1: ply 2 total time: 1s vs 9s
EOF2
expect round-trip-time 1 "$tmp/want" -- "$d" --all --annotations "$fork" "$tmp/fork9.compact"

# --key sente: kb.compact holds changed.compact's records in another order
# and one more (Eve's): each record of A with B's of the same sente
{ sed -n 4p "$data/changed.compact"; sed -n 3p "$data/changed.compact"; sed -n 2p "$data/changed.compact"
  echo 'shogi sente=Eve : 5g5f'; } >"$tmp/kb.compact"
cat >"$tmp/want" <<EOF2
$A:3:61 $tmp/kb.compact:2:61: sente "Carol": ply 7 differs: 2e2d vs 9g9f; the positions after it differ
$A:3 $tmp/kb.compact:2: sente "Carol": the final positions cannot be compared
$A $tmp/kb.compact:4: sente "Eve": only in $tmp/kb.compact
EOF2
expect key 1 "$tmp/want" -- "$d" --key sente "$A" "$tmp/kb.compact"
cat >"$tmp/want" <<'EOF2'
{"record":1,"b_record":3,"key":"Alice","same":true,"a_line":2,"b_line":3,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":2,"b_record":2,"key":"Carol","same":false,"a_line":3,"b_line":2,"only_in":null,"headers":[],"ply":7,"a_move":"2e2d","b_move":"9g9f","position_same":false,"ending_same":true,"final_position_same":null}
{"record":3,"b_record":1,"key":null,"same":true,"a_line":4,"b_line":1,"only_in":null,"headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":true,"final_position_same":true}
{"record":null,"b_record":4,"key":"Eve","same":false,"a_line":null,"b_line":4,"only_in":"b","headers":[],"ply":null,"a_move":null,"b_move":null,"position_same":null,"ending_same":null,"final_position_same":null}
EOF2
expect key-json 1 "$tmp/want" -- "$d" --key sente --format=json "$A" "$tmp/kb.compact"
# the same files in order: record 1 against record 1 differ everywhere
"$d" "$A" "$tmp/kb.compact" >/dev/null 2>&1
[ $? = 1 ] || { echo "FAIL key-less: exit status"; fails=$((fails + 1)); }

# usage and I/O errors: exit 2
check_status() {
	local name=$1 status=$2
	shift 2
	"$@" >/dev/null 2>"$tmp/err"
	local got=$?
	if [ "$got" != "$status" ] || [ ! -s "$tmp/err" ]; then
		echo "FAIL $name: exit status $got (expected $status) or no message"; fails=$((fails + 1))
	fi
}
check_status one-file 2 "$d" "$A"
check_status missing 2 "$d" "$A" "$tmp/no-such-file"
check_status both-stdin 2 "$d" - -
check_status bad-format 2 "$d" --format=xml "$A" "$A"

finish diff.sh
