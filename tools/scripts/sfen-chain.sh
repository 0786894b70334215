#!/bin/bash
# The SFEN tokens of a chain of variants, smallest first (the giants:
# chu dai dai-dai maka-dai-dai tai taikyoku), against the rule of
# docs/rules.md ("The giants' SFEN tokens"): a piece's token is the one of
# the nearest smaller variant of the chain that has the piece (the same
# English name, told without regard to case, and a Japanese name in
# common: 酔象 and 醉象 are one piece).
#
#     tools/scripts/sfen-chain.sh VARIANT...
#
# Prints, for each pair of consecutive variants, every piece both have
# with different tokens ("maka-dai-dai -> tai: Knight 桂馬: N, U!"); then,
# for each variant, every piece whose token is not the one the rule gives
# it, with the piece that holds that token and the variant whose token
# that one has ("tai: Wood General 木将: Z!, not dai-dai's J, held by the
# Blind Bear (maka-dai-dai's)").  Nothing at all: the chain follows the
# rule.  Reads `kifu-variants --format=json show` (on PATH), one piece a
# line; the unpromoted pieces only (a promoted one is + and its piece's).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 VARIANT VARIANT..." >&2; exit 2; }
for v in "$@"; do
	kifu-variants --format=json show "$v" >/dev/null || exit 2
done
for v in "$@"; do
	kifu-variants --format=json show "$v" | sed -n 's/^{"sfen":"\([^"]*\)","id":"[^"]*","english":"\([^"]*\)","name":"\([^"]*\)",.*"names":\[\([^]]*\)\],.*"promoted":false,.*/\1\t\2\t\3\t\4/p' |
		sed "s/^/$v\t/"
done | awk -F'\t' -v chain="$*" '
BEGIN { nv = split(chain, order, " "); for (i = 1; i <= nv; i++) at[order[i]] = i }
{
	v = at[$1]; k = ++n[v]
	tok[v, k] = $2; eng[v, k] = $3; name[v, k] = $4
	lower[v, k] = tolower($3)
	gsub(/"/, "", $5); names[v, k] = "," $5 ","
	holder[v, $2] = k
}
# Piece k of variant v and piece j of variant w: one piece?
function same(v, k, w, j,   m, i, a) {
	if (lower[v, k] != lower[w, j])
		return 0
	m = split(substr(names[v, k], 2, length(names[v, k]) - 2), a, ",")
	for (i = 1; i <= m; i++)
		if (index(names[w, j], "," a[i] ","))
			return 1
	return 0
}
function find(v, k, w,   j) {
	for (j = 1; j <= n[w]; j++)
		if (same(v, k, w, j))
			return j
	return 0
}
END {
	for (w = 2; w <= nv; w++)
		for (k = 1; k <= n[w]; k++)
			if ((j = find(w, k, w - 1)) && tok[w - 1, j] != tok[w, k])
				printf "%s -> %s: %s %s: %s, %s\n", order[w - 1], order[w], eng[w, k], name[w, k], tok[w - 1, j], tok[w, k]
	for (w = 2; w <= nv; w++)
		for (k = 1; k <= n[w]; k++)
			for (u = w - 1; u >= 1; u--) {
				if (!(j = find(w, k, u)))
					continue
				if (tok[u, j] != tok[w, k]) {
					t = tok[u, j]
					h = (w, t) in holder ? holder[w, t] : 0
					by = ""
					if (h)
						for (x = w - 1; x >= 1; x--)
							if (find(w, h, x)) {
								by = " (" order[x] "\047s)"
								break
							}
					printf "%s: %s %s: %s, not %s\047s %s, held by %s%s\n", order[w], eng[w, k], name[w, k], tok[w, k], order[u], t,
						h ? "the " eng[w, h] : "nothing", h ? (by == "" ? " (new here)" : by) : ""
				}
				break
			}
}'
