# common.bash - what the golden scripts share: a temporary folder, failures
# counted, a command's exit status and outputs held against the expected
# ones.  Sourced by a script (make test runs tests/golden/*.sh, not this):
#
#     . "$(dirname "$0")/common.bash"      sets tmp and fails
#     ...
#     finish NAME                           "NAME: N failures", and the exit status
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/empty"

fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# expect_both NAME STATUS EXPECTED_STDOUT EXPECTED_STDERR -- COMMAND...
# (the expected outputs are files)
expect_both() {
	local name=$1 status=$2 out=$3 err=$4
	shift 5
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	[ "$got" = "$status" ] || fail "$name: exit status $got, expected $status"
	diff -u "$out" "$tmp/out" || fail "$name: stdout differs"
	diff -u "$err" "$tmp/err" || fail "$name: stderr differs"
}

# expect NAME STATUS EXPECTED_STDOUT -- COMMAND...   (nothing on stderr)
expect() {
	local name=$1 status=$2 out=$3
	shift 4
	expect_both "$name" "$status" "$out" "$tmp/empty" -- "$@"
}

# check_error NAME TEXT COMMAND...: exit 2, nothing on stdout, TEXT (a
# fixed string) in the message on stderr
check_error() {
	local name=$1 text=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	[ "$got" = 2 ] || fail "$name: exit status $got, expected 2"
	[ -s "$tmp/out" ] && fail "$name: output written"
	grep -qF -- "$text" "$tmp/err" || fail "$name: stderr: $(cat "$tmp/err")"
}

finish() {
	if [ "$fails" -ne 0 ]; then
		echo "$1: $fails failures"
		exit 1
	fi
	exit 0
}
