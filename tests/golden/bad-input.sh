#!/bin/bash
# Bad input for every tool: empty input, a lone newline, binary junk, NUL
# bytes, invalid UTF-8 and Shift_JIS, a 4 MiB line, truncated and duplicated
# records in a stream, absurd numbers, a directory, a missing file, a full
# disk and a closed pipe.  Each ends by itself with status 0, 1 or 2, says
# FILE:LINE for what it read from a file, and the good records in the same
# stream are still processed.
#
#     bad-input.sh BINDIR
#
# A script, not a case file: a loop over every tool and input, each verdict
# computed from what the input holds.
set -u
bin=$1
. "$(dirname "$0")/common.bash"

good='shogi : 7g7f 3c3d'
printf '\n' >"$tmp/newline"
# fixed junk (the same bytes every run): every byte value, scrambled
junk() { LC_ALL=C awk -v n="$1" -v seed="$2" 'BEGIN { srand(seed); for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }'; }
junk 20000 1 >"$tmp/junk"
{ echo "$good"; junk 5000 2 | tr -d '\n'; echo; echo "$good"; } >"$tmp/junk-between"
{ echo "$good"; printf 'shogi : 7g7f\0003c3d\n'; echo "$good"; } >"$tmp/nul"
{ echo "$good"; printf 'shogi sente=\xff\xfe : 7g7f\n'; echo "$good"; } >"$tmp/bad-utf8"
printf '\x8b\x9e\x81\x40\x82\xa0\x82\xa2\n   1 \x82\x56\x98\x5a\x95\xe0(77)\n' >"$tmp/sjis-junk.kif"
{ echo "$good"; head -c 4194304 /dev/zero | tr '\0' '7'; echo; echo "$good"; } >"$tmp/4mib-line"
{ echo "$good"; echo 'shogi : 7g7f 3c'; echo "$good"; echo "$good"; } >"$tmp/truncated"
{ echo "$good"; echo "$good"; echo "$good"; } >"$tmp/duplicated"
{ echo "$good"; echo 'shogi : 99z1a'; echo 'shogi : 7g7f 1000000000000a1a'; echo 'dai : 16a15a'; echo "$good"; } >"$tmp/absurd"
printf '手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２' >"$tmp/truncated.kif"
printf '手数----指手--\n   1 ７六歩(77)\n 1000000000000 ３四歩(33)\n' >"$tmp/absurd.kif"

# tool arguments that read records and write something
tools=(
	"kifu-validate"
	"kifu-validate --format=json"
	"kifu-convert --to compact"
	"kifu-convert --to kif"
	"kifu-replay --format=sfen"
	"kifu-stats --format=json"
)
# input, the number of good records in it, and whether any record is bad
inputs=(
	"empty 0 1" "newline 0 1" "junk 0 1" "junk-between 2 1" "nul 2 1" "bad-utf8 2 1"
	"sjis-junk.kif 0 1" "4mib-line 2 1" "truncated 3 1" "duplicated 3 0" "absurd 2 1"
	"truncated.kif 0 1" "absurd.kif 0 1"
)
for t in "${tools[@]}"; do
	for i in "${inputs[@]}"; do
		read -r name goodn anybad <<<"$i"
		f=$tmp/$name
		timeout 60 $bin/$t "$f" >"$tmp/out" 2>"$tmp/err"
		st=$?
		case $st in
		0 | 1) ;;
		124) fail "$t $name: did not end within 60 s"; continue ;;
		*) fail "$t $name: exit status $st"; continue ;;
		esac
		# kifu-stats did its job when it counted: 0 whatever the records,
		# 1 for an input with no record, as every tool
		if [ "${t%% *}" = kifu-stats ]; then
			want=0
			grep -q -e ': no records$' -e 'not a record in any notation' "$tmp/err" && want=1
			[ "$st" = "$want" ] || fail "$t $name: exit status $st"
		elif [ "$anybad" = 1 ] && [ "$st" != 1 ]; then
			fail "$t $name: exit status $st for bad input"
		elif [ "$anybad" = 0 ] && [ "$st" != 0 ]; then
			fail "$t $name: exit status $st for good input"
		fi
		# every complaint about a record names FILE:LINE
		if grep -v ': no records$' "$tmp/err" | grep -qv "^${t%% *}: $f:[0-9][0-9]*"; then
			fail "$t $name: a message without FILE:LINE: $(grep -v "$f:[0-9]" "$tmp/err" | head -1)"
		fi
		# the good records are still processed
		case $t in
		"kifu-validate --format=json")
			n=$(grep -c '"valid":true' "$tmp/out")
			[ "$n" = "$goodn" ] || fail "$t $name: $n good records, expected $goodn" ;;
		"kifu-convert --to compact")
			n=$(grep -c . "$tmp/out")
			[ "$n" -ge "$goodn" ] || fail "$t $name: $n records written, expected at least $goodn" ;;
		esac
	done
done

# A directory and a missing file: status 2, the other files still read.
"$bin/kifu-validate" "$tmp" "$tmp/duplicated" 2>"$tmp/err"
[ $? = 2 ] || fail "a directory: status not 2"
grep -q "^kifu-validate: $tmp: is a directory$" "$tmp/err" || fail "a directory: $(cat "$tmp/err")"
"$bin/kifu-validate" --format=json "$tmp/missing" "$tmp/duplicated" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "a missing file: status not 2"
[ "$(grep -c '"valid":true' "$tmp/out")" = 3 ] || fail "a missing file: the next file was not read"
# -q in every tool: no word about records, the status still says it.
for t in "${tools[@]}"; do
	$bin/$t -q "$tmp/junk-between" "$tmp/empty" >/dev/null 2>"$tmp/err"
	st=$?
	[ -s "$tmp/err" ] && fail "$t -q: said $(head -1 "$tmp/err")"
	[ "$st" = 1 ] || fail "$t -q: status $st"
done

# An input with no record is an error (nothing checked is nothing valid):
# empty, blank, comments only.
"$bin/kifu-validate" "$tmp/empty" 2>"$tmp/err"
[ $? = 1 ] && grep -q "^kifu-validate: $tmp/empty: no records$" "$tmp/err" || fail "empty input"
printf '# a comment\n\n# another\n' >"$tmp/comments"
"$bin/kifu-validate" "$tmp/comments" 2>"$tmp/err"
[ $? = 1 ] && grep -q "^kifu-validate: $tmp/comments: no records$" "$tmp/err" || fail "comments only: $(cat "$tmp/err")"
printf '*これはコメントだけ\n*二行目\n' >"$tmp/kif-comments"
"$bin/kifu-validate" "$tmp/kif-comments" 2>"$tmp/err"
[ $? = 1 ] && grep -q "nothing but comments" "$tmp/err" || fail "KIF comments only: $(cat "$tmp/err")"

# A full disk: status 2 and a message, never silence.  A closed pipe ends the
# tool at once and quietly, as it ends cat (SIGPIPE: status 141).
if [ -w /dev/full ]; then
	"$bin/kifu-convert" --to compact "$tmp/duplicated" >/dev/full 2>"$tmp/err"
	[ $? = 2 ] && grep -q 'write error' "$tmp/err" || fail "a full disk: $(cat "$tmp/err")"
fi
for _ in $(seq 2000); do echo "$good"; done >"$tmp/many"
"$bin/kifu-validate" --format=json "$tmp/many" 2>"$tmp/err" | head -1 >/dev/null
st=${PIPESTATUS[0]}
[ "$st" = 141 ] && [ ! -s "$tmp/err" ] || fail "a closed pipe: status $st, $(cat "$tmp/err")"
# an endless input into a closed pipe: the tool stops at its first failed write
timeout 20 sh -c "yes '$good' | $bin/kifu-convert --to compact | head -1 >/dev/null"
[ $? = 0 ] || fail "a closed pipe on an endless stream: the tool did not stop"
# -o: the old file stays when writing fails, and no temporary file is left.
echo old >"$tmp/keep"
"$bin/kifu-convert" --to compact -o "$tmp/keep" "$tmp/missing" 2>/dev/null
[ "$(cat "$tmp/keep")" = old ] || fail "-o replaced the file after a failure"
[ -z "$(find "$tmp" -name 'keep.tmp*')" ] || fail "-o left a temporary file"

# Variant files whose YAML libyaml would take minutes and gigabytes to build:
# 200,000 nested lists, a flat list of 3,000,000 numbers.  Each is refused at
# the first node past a limit (docs/limits.md), at once.
{ printf 'name: x\ninherit: shogi\nfoo: '; head -c 200000 /dev/zero | tr '\0' '['
  head -c 200000 /dev/zero | tr '\0' ']'; echo; } >"$tmp/deep.yaml"
{ printf 'name: x\ninherit: shogi\nfoo: ['; yes '1,' | head -n 3000000 | tr -d '\n'; echo '1]'; } >"$tmp/flat.yaml"
printf 'inherit: shogi\nname: "my shogi : 7g7f"\n' >"$tmp/name.yaml"
for c in "deep.yaml:3:37: YAML nested more than 32 deep" \
	"flat.yaml:3:199993: more than 100000 YAML nodes" \
	'name.yaml:2:7: a variant name is printable ASCII without spaces, a lowercase letter first (it starts each compact record): "my shogi : 7g7f"'; do
	f=${c%%:*}
	timeout 60 "$bin/kifu-validate" --variant-file "$tmp/$f" "$tmp/duplicated" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" = 2 ] || fail "variant file $f: exit status $st"
	[ "$(cat "$tmp/err")" = "kifu-validate: $tmp/$c" ] || fail "variant file $f: $(head -c 300 "$tmp/err")"
	[ -s "$tmp/out" ] && fail "variant file $f: output written"
done

# Inputs are never modified.
sum=$(cat "$tmp"/* 2>/dev/null | md5sum)
for t in "${tools[@]}"; do $bin/$t "$tmp/duplicated" "$tmp/absurd" >/dev/null 2>&1; done
[ "$(cat "$tmp"/* 2>/dev/null | md5sum)" = "$sum" ] || fail "an input was modified"

finish bad-input.sh
