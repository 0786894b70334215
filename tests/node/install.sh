# install.sh - sourced by the golden tests that run a node package (never
# run alone): a test-only dependency, installed pinned under build/ on first
# use.
#
#     node_package TEST PREFIX NAME VERSION [SPEC...] || exit 0
#
# Installs NAME@VERSION (and the other SPECs) into PREFIX/node_modules
# unless that version is there.  Returns 1 after saying "SKIPPED: TEST: ..."
# when node or npm is missing, or npm cannot install (its log in PREFIX).
node_package() {
	local test=$1 prefix=$2 name=$3 version=$4
	shift 4
	if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
		echo "SKIPPED: $test: node and npm are not installed (Debian: apt-get install nodejs npm)"
		return 1
	fi
	grep -qs "\"version\": \"$version\"" "$prefix/node_modules/$name/package.json" && return 0
	mkdir -p "$prefix"
	if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --ignore-scripts \
		"$name@$version" "$@" >"$prefix/install.log" 2>&1; then
		echo "SKIPPED: $test: npm could not install $name@$version (see $prefix/install.log)"
		return 1
	fi
}
