#!/bin/bash
# check-layers.sh - the layers of docs/architecture.md against the code:
# each file's #include "..." lines, layer by layer.  Prints each include
# that crosses a layer the way the page says no include does, then a
# summary line; exits 1 if there was any.
#
#     bash tools/scripts/check-layers.sh      (from the top of the tree)
#
# The rules, as docs/architecture.md states them:
#   text/      includes text/ and the public headers it implements (kifu/error.h,
#              kifu/reader.h, kifu/json.h, kifu/version.h) only;
#   rules/     rules/, text/buffer.h, text/encoding.h, text/similar.h and kifu/*.h only;
#   record/    record/, text/buffer.h, text/encoding.h, text/similar.h and kifu/*.h: no rules/ header;
#   notation/  notation/, kifu/*.h, and of the layers below only text/buffer.h, text/encoding.h,
#              text/lines.h, text/reader_internal.h, text/json.h, text/similar.h and
#              record/start.h: no rules/ header;
#   tools/     tools/ and <kifu/...> only: no libkifu/src header, and a tool's folder
#              includes no other tool's folder but tools/lib/ (kifu-select --index
#              reads tools/index/, and kifu-stats tools/annotate's words through
#              tools/lib/judgement.h).
set -u
bad=0
say() { echo "$1: includes $2: $3"; bad=$((bad + 1)); }

check() { # DIR ALLOWED-REGEX WHY
	local dir=$1 allowed=$2 why=$3 f inc
	while IFS=: read -r f inc; do
		inc=${inc#*\"}
		inc=${inc%\"*}
		[[ $inc =~ $allowed ]] || say "$f" "$inc" "$why"
	done < <(grep -rHo '^#include "[^"]*"' "$dir" --include='*.c' --include='*.h')
}

check libkifu/src/text '^(text/[a-z_]+\.h|kifu/(error|reader|json|version)\.h)$' \
	"text/ knows nothing of shogi"
check libkifu/src/rules '^(rules/[a-z_]+\.h|text/(buffer|encoding|similar)\.h|kifu/[a-z_/]+\.h)$' \
	"rules/ knows no notation, no record"
check libkifu/src/record '^(record/[a-z_]+\.h|text/(buffer|encoding|similar)\.h|kifu/[a-z_/]+\.h)$' \
	"record/ plays records through the public rules API"
check libkifu/src/notation '^(notation/[a-z_/]+\.h|kifu/[a-z_/]+\.h|text/(buffer|encoding|lines|reader_internal|json|similar)\.h|record/start\.h)$' \
	"a notation uses the public API and what the page lists"

# tools: no private header of the library; a tool's folder includes its own
# headers and tools/lib/ (and the two shared rooms the page names)
while IFS=: read -r f inc; do
	inc=${inc#*\"}
	inc=${inc%\"*}
	room=${f#tools/}
	room=${room%%/*}
	case $inc in
	lib/*) ;;
	"$room"/*) ;;
	index/*) [ "$room" = select ] || say "$f" "$inc" "only kifu-select reads kifu-index's rooms" ;;
	*) say "$f" "$inc" "a tool includes its own folder and tools/lib/" ;;
	esac
done < <(grep -rHo '^#include "[^"]*"' tools --include='*.c' --include='*.h')

# every notation folder is on the page
for d in libkifu/src/notation/*/; do
	n=$(basename "$d")
	grep -q "notation/$n/" docs/architecture.md || { echo "docs/architecture.md does not name notation/$n/"; bad=$((bad + 1)); }
done

if [ "$bad" -ne 0 ]; then
	echo "$bad includes cross the layers of docs/architecture.md"
	exit 1
fi
echo "no include crosses the layers of docs/architecture.md"
