#!/bin/bash
# examples.sh - the programs of examples/ as a user builds them: against the
# staged install that `make test` makes in BUILD/stage (PREFIX set to that
# path), with nothing but its pkg-config file, once against libkifu.so and
# once against libkifu.a; each run on records of tests/data and samples/,
# its standard output, standard error and exit status compared byte for byte
# with tests/data/examples/NAME.{out,err} (NAME.err absent: nothing on
# standard error).  Each golden file was checked against the tools (see
# tests/data/examples/README.md).  Then what the install exports: only kifu_
# symbols, and the pkg-config flags a build needs (libyaml only
# through Requires.private, no PCRE2).
#
#     examples.sh BINDIR      (BINDIR/../stage is the staged install)
#
# KIFU_TEST_CC and KIFU_TEST_CFLAGS (from the Makefile: CC, CFLAGS and
# SANFLAGS) say how to compile; cc and nothing by default.
set -u
bin=$1
stage=$(cd "$bin/../stage" 2>/dev/null && pwd) || {
	echo "FAIL no staged install in $bin/../stage (make test makes it: make stage)"
	exit 1
}
cc=${KIFU_TEST_CC:-cc}
read -r -a cflags <<<"${KIFU_TEST_CFLAGS:-}"
golden=tests/data/examples
. "$(dirname "$0")/common.bash"

# pkg-config sees the staged libkifu.pc, and the system's (yaml-0.1) after it.
export PKG_CONFIG_PATH=$stage/lib/pkgconfig
pc() { pkg-config "$@" libkifu; }
# the words of a command's output, one space apart
words() { local w; w=$("$@") || return 1; echo $w; }

# --- the installed pkg-config file ----------------------------------------

pc --exists || { fail "pkg-config does not find libkifu in $PKG_CONFIG_PATH"; exit 1; }
version=$(sed -n 's/^#define KIFU_VERSION "\(.*\)"$/\1/p' "$stage/include/kifu/version.h")
[ -n "$version" ] && [ "$(pc --modversion)" = "$version" ] ||
	fail "pkg-config --modversion: '$(pc --modversion)', kifu/version.h says '$version'"
[ "$(words pc --cflags)" = "-I$stage/include" ] || fail "--cflags: $(pc --cflags)"
[ "$(words pc --libs)" = "-L$stage/lib -lkifu" ] || fail "--libs: $(pc --libs)"
[ "$(words pc --libs --static)" = "-L$stage/lib -lkifu -lpthread $(words pkg-config --libs --static yaml-0.1)" ] ||
	fail "--libs --static: $(pc --libs --static)"
[ -z "$(words pc --print-requires)" ] || fail "Requires: $(pc --print-requires) (should be empty)"
[ "$(words pc --print-requires-private)" = "yaml-0.1" ] ||
	fail "Requires.private: $(pc --print-requires-private) (should be yaml-0.1)"
! grep -qi pcre "$PKG_CONFIG_PATH/libkifu.pc" || fail "libkifu.pc names PCRE2, which the library does not use"

# --- what the libraries export --------------------------------------------

so=$stage/lib/libkifu.so
[ -f "$stage/lib/libkifu.a" ] && [ -L "$so" ] && [ -L "$stage/lib/libkifu.so.0" ] ||
	fail "the install lacks libkifu.a, libkifu.so or libkifu.so.0"
readelf -d "$so" | grep -q 'SONAME.*\[libkifu\.so\.0\]' || fail "libkifu.so: soname is not libkifu.so.0"
! readelf -d "$so" | grep -q 'NEEDED.*pcre' || fail "libkifu.so is linked with PCRE2"
! readelf -d "$so" | grep -q 'NEEDED.*jansson' || fail "libkifu.so is linked with jansson (JSON is its own)"
nm -D --defined-only "$so" | awk '{ print $NF }' >"$tmp/so.syms"
[ -s "$tmp/so.syms" ] || fail "nm -D lists nothing in libkifu.so"
grep -v '^kifu_' "$tmp/so.syms" >"$tmp/bad" && fail "libkifu.so exports symbols without the kifu_ prefix: $(head -5 "$tmp/bad" | tr '\n' ' ')"
grep '^kifu__' "$tmp/so.syms" >"$tmp/bad" && fail "libkifu.so exports private kifu__ symbols: $(head -5 "$tmp/bad" | tr '\n' ' ')"
# the archive: every global symbol an object defines (kifu__ ones are kifu_ too),
# but for what a sanitizer adds to instrumented objects (make asan):
# __odr_asan.kifu__notations and the like
nm -g --defined-only "$stage/lib/libkifu.a" | awk 'NF == 3 { print $3 }' |
	grep -v '^__\(odr_asan\.\|asan_\|ubsan_\|sancov_\)' >"$tmp/a.syms"
[ -s "$tmp/a.syms" ] || fail "nm lists nothing in libkifu.a"
grep -v '^kifu_' "$tmp/a.syms" >"$tmp/bad" && fail "libkifu.a defines global symbols without the kifu_ prefix: $(head -5 "$tmp/bad" | tr '\n' ' ')"
[ -f "$stage/share/man/man3/libkifu.3" ] || fail "libkifu(3) is not installed"

# --- libkifu(3) shows examples/legal-moves.c as it is ------------------------

# The C text as roff: tabs as four spaces, \ - ' and leading dots escaped.
roff() {
	expand -t4 "$1" | sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/'/\\\\(aq/g" \
		-e 's/^[.]/\\\&./' -e 's/^$/\\\&/'
}
awk '/^\.\\" checks that the two are the same/ { on = 1; next } on && /^\.fi$/ { exit } on' \
	man/libkifu.3 >"$tmp/man-example"
roff examples/legal-moves.c | diff -u - "$tmp/man-example" >"$tmp/man-diff" ||
	{ head -20 "$tmp/man-diff"; fail "libkifu(3): the EXAMPLE is not examples/legal-moves.c (diff above)"; }
# and renders without a warning (where groff is installed)
if command -v groff >/dev/null 2>&1; then
	groff -man -Tutf8 -ww -z man/libkifu.3 >"$tmp/groff.err" 2>&1 && [ ! -s "$tmp/groff.err" ] ||
		fail "groff warns about man/libkifu.3: $(head -3 "$tmp/groff.err")"
fi

# --- building the examples --------------------------------------------------

# Warnings are errors: the examples are models of the API, and the installed
# headers must be clean ISO C11 for any program.
warn=(-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wformat=2 -Wconversion -Werror)
progs=()
for src in examples/*.c; do
	p=$(basename "$src" .c)
	progs+=("$p")
	[ "$(wc -l <"$src")" -lt 80 ] || fail "$src: $(wc -l <"$src") lines, not under 80"
	# shellcheck disable=SC2046 # pkg-config's output is words
	"$cc" "${cflags[@]}" "${warn[@]}" -o "$tmp/$p.shared" "$src" $(pc --cflags --libs) ||
		{ fail "$src: does not build against libkifu.so"; continue; }
	# --static alone would still link libkifu.so, which the linker prefers:
	# -Bstatic makes it take libkifu.a (and libyaml.a), the C library staying shared.
	# shellcheck disable=SC2046
	"$cc" "${cflags[@]}" "${warn[@]}" -o "$tmp/$p.static" "$src" $(pc --cflags) \
		-Wl,-Bstatic $(pc --libs --static) -Wl,-Bdynamic ||
		{ fail "$src: does not build against libkifu.a"; continue; }
	readelf -d "$tmp/$p.shared" | grep -q 'NEEDED.*\[libkifu\.so\.0\]' ||
		fail "$p.shared does not load libkifu.so.0"
	! readelf -d "$tmp/$p.static" | grep -q 'NEEDED.*\[lib\(kifu\|yaml\)' ||
		fail "$p.static loads libkifu or libyaml: $(readelf -d "$tmp/$p.static" | grep NEEDED)"
	! readelf -d "$tmp/$p.shared" | grep -q 'NEEDED.*\[libyaml' ||
		fail "$p.shared links libyaml itself (it should come through libkifu.so only)"
done

# --- running them -----------------------------------------------------------

ran=() checked=()
# check NAME STATUS INPUT PROG ARGS...: runs PROG ARGS (standard input from
# INPUT, - for none) both ways; compares with $golden/NAME.out and NAME.err.
check() {
	local name=$1 status=$2 input=$3 prog=$4 kind got
	shift 4
	ran+=("$prog") checked+=("$name")
	[ "$input" = - ] && input=/dev/null
	[ -f "$golden/$name.out" ] || { fail "$name: no $golden/$name.out"; return; }
	if [ -f "$golden/$name.err" ]; then cp "$golden/$name.err" "$tmp/want.err"; else : >"$tmp/want.err"; fi
	for kind in shared static; do
		[ -x "$tmp/$prog.$kind" ] || { fail "$name: $prog.$kind was not built"; continue; }
		if [ $kind = shared ]; then
			LD_LIBRARY_PATH=$stage/lib "$tmp/$prog.$kind" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
		else
			"$tmp/$prog.$kind" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
		fi
		got=$?
		[ "$got" = "$status" ] || fail "$name ($kind): exit status $got, expected $status"
		cmp -s "$golden/$name.out" "$tmp/out" ||
			{ diff -u "$golden/$name.out" "$tmp/out" | head -20; fail "$name ($kind): standard output differs"; }
		cmp -s "$tmp/want.err" "$tmp/err" ||
			{ diff -u "$tmp/want.err" "$tmp/err" | head -20; fail "$name ($kind): standard error differs"; }
	done
}

kif=tests/data/kif
# legal-moves: the first record's main line, then every legal move, as generated
check legal-moves-dai-brief 0 - legal-moves samples/dai-brief.compact
check legal-moves-dai-kif 0 - legal-moves $kif/fixtures/dai.kif
check legal-moves-kif 0 - legal-moves $kif/kifu-for-js/meijinsen_20180508_M7_10034.kif
check legal-moves-handicap 0 - legal-moves $kif/tsshogi/002_import_handicap.kif
check legal-moves-ki2 0 - legal-moves $kif/kifu-for-js/kobayashi_kinsho196702.ki2
check legal-moves-mate 0 - legal-moves $kif/kifu-for-js/9fu.kif
check legal-moves-stdin 0 $kif/kifu-for-js/chudan.kif legal-moves
check legal-moves-illegal 1 - legal-moves $golden/illegal.compact
check legal-moves-unknown-variant 1 - legal-moves $golden/unknown-variant.compact
check legal-moves-no-notation 1 - legal-moves $kif/PROVENANCE.md
check legal-moves-no-record 2 - legal-moves

# validate: one line per record
check validate-errors 1 - validate tests/data/compact/errors.compact
check validate-sho 0 - validate samples/sho-random.compact
check validate-two-kif 0 - validate $kif/fixtures/two-records.kif
check validate-nifu 0 - validate $kif/fixtures/nifu.kif
check validate-truncated 1 - validate $kif/fixtures/truncated.kif
check validate-unknown-variant 1 - validate $golden/unknown-variant.compact
check validate-stdin 1 tests/data/replay/illegal.compact validate
check validate-no-notation 1 - validate $kif/PROVENANCE.md

# to-compact: every record, in canonical compact form
check to-compact-two-kif 0 - to-compact $kif/fixtures/two-records.kif
check to-compact-dai-kif 0 - to-compact $kif/fixtures/dai.kif
check to-compact-writer 0 - to-compact $kif/fixtures/writer.kif
check to-compact-ki2 0 - to-compact $kif/kifu-for-js/kobayashi_kinsho196702.ki2
check to-compact-errors 1 - to-compact tests/data/compact/errors.compact
check to-compact-stdin 0 samples/dai-brief.compact to-compact

# perft: the counts of kifu-perft (and tests/data/standard-perft.tsv)
check perft-shogi-3 0 - perft shogi 3
check perft-dai-2 0 - perft dai 2
check perft-asakura-2 0 - perft asakura 2
check perft-sfen 0 - perft shogi 1 '7lk/9/8S/9/9/9/9/7L1/8K b P 1'
check perft-bad-sfen 2 - perft shogi 1 '4k4/9/9/9/9/9/9/9/3ZK4 b - 1'
check perft-unknown-variant 2 - perft nosuch 1

# every example is run, and every golden file belongs to a check
for p in "${progs[@]}"; do
	[[ " ${ran[*]} " == *" $p "* ]] || fail "examples/$p.c is built but never run"
done
for f in "$golden"/*.out "$golden"/*.err; do
	[ -e "$f" ] || continue
	n=$(basename "$f"); n=${n%.*}
	[[ " ${checked[*]} " == *" $n "* ]] || fail "$f belongs to no check"
done

finish examples.sh
