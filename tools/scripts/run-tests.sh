#!/bin/sh
# run-tests.sh - runs the test programs and golden scripts, from the
# repository root, and prints "N passed, M failed" as the last line.
#
#     run-tests.sh BINDIR TEST_PROGRAM... -- GOLDEN_SCRIPT... [-- RUN_CASES CASE_FILE...]
#
# Each golden script gets BINDIR (made absolute) as $1 and passes by
# exiting 0; each case file (tests/cases/README.md) is run by the program
# RUN_CASES and passes when all its cases do.  Exits 1 if anything failed.
set -u

bindir=$(cd "$1" && pwd) || exit 2
shift
export CMOCKA_MESSAGE_OUTPUT=stdout

passed=0
failed=0
failures=""

record() { # record STATUS NAME
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures="$failures $2"
		echo "FAIL: $2 (exit status $1)"
	fi
}

while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	echo "== $1"
	case $1 in
	/*) "$1" ;;
	*) "./$1" ;;
	esac
	record $? "$1"
	shift
done
[ $# -gt 0 ] && shift
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	echo "== $1"
	bash "$1" "$bindir"
	record $? "$1"
	shift
done
if [ $# -gt 1 ]; then
	shift
	runner=$1
	shift
	for cases in "$@"; do
		echo "== $cases"
		"$runner" "$bindir" "$cases"
		record $? "$cases"
	done
fi

[ -n "$failures" ] && echo "failed:$failures"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
