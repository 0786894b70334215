#!/bin/bash
# replay-explore.sh SFEN FILE... - what `kifu-index explore --sfen SFEN
# --format=csv` must write for an index of FILE..., worked out without an
# index: every record converted to the compact notation, validated
# (kifu-validate --format=json: its validity and winner), every position of
# its main line replayed (kifu-replay --every --format=sfen), and the
# records whose main line reaches SFEN counted by the move they play after
# its first occurrence (tests/cases/index.test compares the two).
#
# SFEN is compared by its board, side to move and hands (a counter-strike
# square and the move number aside, as kifu-index compares positions).
# With REPLAY_EXPLORE_CACHE=FILE the replay of FILE... is kept in FILE (made
# when it is not there), for many positions asked of the same records.
set -euo pipefail
sfen=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cache=${REPLAY_EXPLORE_CACHE:-}
if [ -n "$cache" ] && [ -s "$cache" ]; then
	cp "$cache" "$tmp/replay"
else
	kifu-convert -q --to compact "$@" >"$tmp/all.compact" || true
	kifu-validate --format=json "$tmp/all.compact" >"$tmp/valid.json" || true
	# one block a record: "R valid winner", its compact line, its positions, "E"
	: >"$tmp/replay"
	exec 3<"$tmp/valid.json"
	while IFS= read -r record; do
		IFS= read -r verdict <&3
		valid=$(printf '%s' "$verdict" | sed -n 's/.*"valid":\([a-z]*\).*/\1/p')
		winner=$(printf '%s' "$verdict" | sed -n 's/.*"result":{"winner":"\([a-z]*\)".*/\1/p')
		{
			printf 'R %s %s\n' "$valid" "${winner:--}"
			printf '%s\n' "$record"
			if [ "$valid" = true ]; then
				printf '%s\n' "$record" | kifu-replay --every --format=sfen
			fi
			echo E
		} >>"$tmp/replay"
	done <"$tmp/all.compact"
	[ -z "$cache" ] || cp "$tmp/replay" "$cache"
fi

# the header, then a row a move (none when every game ends there)
echo move,games,sente,gote,draw,sente_rate,gote_rate,draw_rate,average_plies,first_date,last_date,position
awk -v want="$sfen" '
function position(s,   f, n) {
	n = split(s, f, " ")
	sub(/^[0-9]+[a-z]/, "", f[3])        # a counter-strike square
	if (f[3] == "") f[3] = "-"
	return f[1] " " f[2] " " f[3]
}
function unescape(s,   out, i, c) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "%" && i + 2 <= length(s)) {
			out = out sprintf("%c", hex(substr(s, i + 1, 2)))
			i += 2
		} else out = out c
	}
	return out
}
function hex(h,   i, v) {
	v = 0
	for (i = 1; i <= 2; i++) v = v * 16 + index("0123456789ABCDEF", toupper(substr(h, i, 1))) - 1
	return v
}
function rate(n, d) { return d ? n / d : 0 }
BEGIN { want = position(want) }
$1 == "R" { valid = $2 == "true"; winner = $3; getline line
	# the moves: the tokens after " : " that hold a digit, without a time
	colon = index(line, " : ")
	moves = colon ? substr(line, colon + 3) : ""; gsub(/\{[^}]*\}/, "", moves)
	nm = 0; n = split(moves, tok, " ")
	for (i = 1; i <= n; i++) if (tok[i] ~ /[0-9]/) { sub(/@.*/, "", tok[i]); mv[++nm] = tok[i] }
	date = ""; head = colon ? substr(line, 1, colon - 1) : line; nt = split(head, tags, " ")
	for (i = 2; i <= nt; i++) if (tags[i] ~ /^date=/) date = unescape(substr(tags[i], 6))
	plies = 0; found = -1; delete sf; next }
$1 == "E" {
	if (valid && found >= 0 && found < nm) {
		m = mv[found + 1]
		if (!(m in games)) order[++norder] = m
		games[m]++; len[m] += nm
		if (winner == "sente" || winner == "gote" || winner == "draw") res[m, winner]++
		if (date != "") {
			if (!(m in first) || date < first[m]) first[m] = date
			if (!(m in last) || date > last[m]) last[m] = date
		}
		leads[m] = position(sf[found + 1])
	}
	next }
{ sf[plies] = $0; if (found < 0 && position($0) == want) found = plies; plies++ }
END {
	for (k = 1; k <= norder; k++) {
		m = order[k]; s = res[m, "sente"] + 0; g = res[m, "gote"] + 0; d = res[m, "draw"] + 0
		printf "%s,%d,%d,%d,%d,%.4f,%.4f,%.4f,%.2f,%s,%s,%s\n", m, games[m], s, g, d,
			rate(s, s + g + d), rate(g, s + g + d), rate(d, s + g + d), len[m] / games[m],
			first[m], last[m], leads[m]
	}
}' "$tmp/replay" | sort -t, -k2,2nr -k1,1
