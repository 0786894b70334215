#!/bin/bash
# run.sh - the benchmarks of `make bench` (docs/performance.md).
#
#     bench/run.sh BINDIR GEN_RECORDS     (make bench passes both)
#
# Method.  Every figure is a ratio of two commands measured in turn on the
# same bytes, A B A B ... ($BENCH_PAIRS pairs, at least 5): the ratio of each
# pair, then their median and range (lowest-highest), so that what slows the
# machine down for a moment slows both.  Times are wall-clock medians, three
# significant digits.  The floors (wc -w for a compact stream, cat for a set
# of files) are made to run at least $BENCH_FLOOR seconds (0.2) by copying the
# inputs round.  Peak memory is GNU time's maximum resident set, the largest
# of a command's runs.  The peers are pinned: tsshogi 2.2.0 (KIF, KI2, CSA,
# JKF), shogiops 0.18.0 (USI, Chu), Debian's fairy-stockfish (perft), and
# kifu itself at commit $BENCH_BASELINE (a80bb9d, before the pictures were
# redone) for the SVG; a peer that cannot be had is left out, and says so.
#
# A target is met when the median ratio is on the right side of it; the run
# ends with every target and whether it is met.  BENCH_STRICT=1: exit 1 when
# one is not.
#
# Environment: BENCH_PAIRS (5), BENCH_FLOOR (0.2), BENCH_NO_NODE=1 (no
# tsshogi or shogiops), BENCH_BASELINE (a80bb9d), BENCH_STRICT,
# BENCH_INDEX_GAMES (1000000: the games of the kifu-index section; some
# 10 GB of disk and 20 minutes at a million), BENCH_INDEX_DIR (where its
# index is made: the temporary directory), BENCH_INDEX_PAIRS (2).
set -euo pipefail
export LC_ALL=C

bin=$(cd "${1:-build/bin}" && pwd)
gen=$(cd "$(dirname "${2:-build/tests/gen-records}")" && pwd)/$(basename "${2:-gen-records}")
build=$(dirname "$bin")
here=$(pwd)
pairs=${BENCH_PAIRS:-5}
floor_min=${BENCH_FLOOR:-0.2}
baseline=${BENCH_BASELINE:-a80bb9d}
tmp=$(mktemp -d)
pics=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp" "$pics"' EXIT
[ "$pairs" -ge 1 ] || { echo "run.sh: BENCH_PAIRS must be at least 1" >&2; exit 2; }

# --- measuring ------------------------------------------------------------------
# A command is an array CMD_<name>.  once NAME runs it, its output to
# /dev/null (or to $tmp/out.NAME when KEEP[NAME] is set), and leaves its wall
# time in microseconds in US; its peak memory goes to PEAK[NAME].  A command
# that exits with another status than OK[NAME] (0) stops the benchmark: a
# failed run measures nothing.
gnu_time=""
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
	gnu_time=/usr/bin/time
fi
declare -A PEAK KEEP OK
US=0
once() {
	local name=$1 status=0 t0 t1 out=/dev/null m
	local -n cmd="CMD_$name"
	[ -n "${KEEP[$name]:-}" ] && out=$tmp/out.$name
	t0=$EPOCHREALTIME
	if [ -n "$gnu_time" ]; then
		"$gnu_time" -f %M -o "$tmp/peak" "${cmd[@]}" >"$out" 2>"$tmp/err.$name" || status=$?
	else
		"${cmd[@]}" >"$out" 2>"$tmp/err.$name" || status=$?
	fi
	t1=$EPOCHREALTIME
	US=$((${t1/./} - ${t0/./}))
	if [ "$status" != "${OK[$name]:-0}" ]; then
		echo "run.sh: $name (${cmd[*]}) exited with $status:" >&2
		head -n 5 "$tmp/err.$name" >&2
		exit 2
	fi
	if [ -n "$gnu_time" ]; then
		m=$(tail -n 1 "$tmp/peak")
		if [ -z "${PEAK[$name]:-}" ] || [ "$m" -gt "${PEAK[$name]}" ]; then PEAK[$name]=$m; fi
	fi
}

# pair KEY A B: A and B in turn, $pairs times; T_A[KEY] and T_B[KEY] are their
# median seconds, R[KEY] "median low high" of the ratios t(A)/t(B).
declare -A T_A T_B R
stats() { # stdin: line 1 times of A, line 2 times of B (us) -> "ma mb r lo hi"
	awk 'function med(a, n,  i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
	NR == 1 { n = split($0, a, " ") } NR == 2 { split($0, b, " ") }
	END { for (i = 1; i <= n; i++) { r[i] = b[i] > 0 ? a[i] / b[i] : 0; lo = (i == 1 || r[i] < lo) ? r[i] : lo; hi = (i == 1 || r[i] > hi) ? r[i] : hi }
		printf "%.6f %.6f %.6f %.6f %.6f\n", med(a, n) / 1e6, med(b, n) / 1e6, med(r, n), lo, hi }'
}
pair() {
	local key=$1 a=$2 b=$3 i ta="" tb=""
	for ((i = 0; i < pairs; i++)); do
		once "$a"; ta+="$US "
		once "$b"; tb+="$US "
	done
	local s
	s=$(printf '%s\n%s\n' "$ta" "$tb" | stats)
	read -r T_A[$key] T_B[$key] r lo hi <<<"$s"
	R[$key]="$r $lo $hi"
}
# pair4 KEY A A0 B B0: the four in turn; the ratio of each round is
# (t(A) - t(A0)) / (t(B) - t(B0)): what A costs beyond A0, against the same of B.
pair4() {
	local key=$1 i ta="" tb="" a0 b0
	for ((i = 0; i < pairs; i++)); do
		once "$3"; a0=$US
		once "$2"; ta+="$((US - a0)) "
		once "$5"; b0=$US
		once "$4"; tb+="$((US - b0)) "
	done
	local s
	s=$(printf '%s\n%s\n' "$ta" "$tb" | stats)
	read -r T_A[$key] T_B[$key] r lo hi <<<"$s"
	R[$key]="$r $lo $hi"
}
# a time alone, the median of $pairs runs (for what has no partner)
declare -A T1
alone() {
	local name=$1 i ts=""
	for ((i = 0; i < pairs; i++)); do once "$name"; ts+="$US "; done
	T1[$name]=$(printf '%s\n%s\n' "$ts" "$ts" | stats | cut -d ' ' -f 1)
}

# Three significant digits, never an exponent.
sig() { awk -v x="$1" 'BEGIN { a = x < 0 ? -x : x
	if (a >= 1000) printf "%.0f", x; else if (a >= 100) printf "%.0f", x; else if (a >= 10) printf "%.1f", x
	else if (a >= 1) printf "%.2f", x; else if (a >= 0.1) printf "%.3f", x; else if (a >= 0.01) printf "%.4f", x
	else printf "%.5f", x }'; }
# rate N SECONDS: N per second, three significant digits with a unit
rate() { awk -v n="$1" -v t="$2" 'BEGIN { r = t > 0 ? n / t : 0; u = ""
	if (r >= 1e6) { r /= 1e6; u = " M" } else if (r >= 1e3) { r /= 1e3; u = " k" }
	if (r >= 100) printf "%.0f%s", r, u; else if (r >= 10) printf "%.1f%s", r, u; else printf "%.2f%s", r, u }'; }

# row KEY LABEL TARGET: one line of a table: A's and B's median times, the
# ratio's median and range, A's peak memory, and the target: "<=X" (the
# ratio at most X), ">=X" (at least X) or "" (none).  Targets go to SUMMARY.
SUMMARY=()
header() {
	echo
	echo "$*"
	printf '  %-52s %9s %9s  %-20s %9s  %s\n' "A / B" "A s" "B s" "A/B median (range)" "A peak" "target"
}
met() { awk -v r="$1" -v t="$2" 'BEGIN { op = substr(t, 1, 2); x = substr(t, 3) + 0
	print ((op == "<=" && r <= x) || (op == ">=" && r >= x)) ? "met" : "NOT MET" }'; }
row() {
	local key=$1 label=$2 target=${3:-} peakname=${4:-} r lo hi verdict="" peak=""
	read -r r lo hi <<<"${R[$key]}"
	[ -n "$peakname" ] && peak="${PEAK[$peakname]:-n/a}K"
	if [ -n "$target" ]; then
		verdict="$target $(met "$r" "$target")"
		SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "$label" "$(sig "$r")" "$target" "$(met "$r" "$target")")")
	fi
	printf '  %-52s %9s %9s  %-20s %9s  %s\n' "$label" "$(sig "${T_A[$key]}")" "$(sig "${T_B[$key]}")" \
		"$(sig "$r") ($(sig "$lo")-$(sig "$hi"))" "$peak" "$verdict"
}
# copies N OUT FILE...: writes the files one after another N times to OUT
copies() { local n=$1 out=$2 i; shift 2; : >"$out"; for ((i = 0; i < n; i++)); do cat "$@" >>"$out"; done; }
# enough SECONDS: how many copies make a floor that took SECONDS for one copy
# run at least 1.25 times BENCH_FLOOR (at most 100)
enough() { awk -v t="$1" -v f="$floor_min" 'BEGIN { k = t > 0 ? int(1.25 * f / t) + 1 : 100; if (k < 1) k = 1; if (k > 100) k = 100; print k }'; }
# time one run of CMD_NAME, in seconds
probe() { once "$1"; awk -v u="$US" 'BEGIN { print u / 1e6 }'; }

# --- the machine ------------------------------------------------------------------
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
mem=$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo "no git")
echo "kifu benchmarks: kifu $commit, $(date -u +%Y-%m-%d)"
echo "machine: ${cpu:-unknown CPU}, $(nproc) cores, ${mem:-? GiB}, $(uname -sr), $(cc --version 2>/dev/null | head -n 1)"
echo "method: $pairs pairs A B A B ... a ratio; times are medians (s); ranges are the lowest and highest ratio of a pair;"
echo "        floors run at least $floor_min s; peak memory (KiB) is GNU time's maximum resident set$([ -n "$gnu_time" ] || echo " (not measured: Debian package time)")"

node_ok=""
if [ -z "${BENCH_NO_NODE:-}" ] && command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
	. "$here/tests/node/install.sh"
	node_ok=yes
fi
# peer NAME PREFIX PACKAGE VERSION [SPEC...]: installs a pinned npm peer
peer() {
	[ -n "$node_ok" ] || return 1
	node_package "bench: $1" "$2" "$3" "$4" "${@:5}" >"$tmp/peer.$1" || { cat "$tmp/peer.$1"; return 1; }
}
ts_modules=$build/node-tsshogi/node_modules
so_modules=$build/node/node_modules
ts=""; so=""
peer tsshogi "$build/node-tsshogi" tsshogi 2.2.0 && ts=yes
peer shogiops "$build/node" shogiops 0.18.0 @badrap/result@0.2.13 && so=yes
[ -n "$ts" ] || echo "(tsshogi not measured: no node/npm, BENCH_NO_NODE set, or npm could not install it)"
[ -n "$so" ] || echo "(shogiops not measured: no node/npm, BENCH_NO_NODE set, or npm could not install it)"

# === compact streams ================================================================
# Random legal games (gen-records), copied round until wc -w takes long enough.
"$gen" -v dai -n 5000 -p 300 -s 1 >"$tmp/dai1.compact"
"$gen" -v shogi -n 10000 -p 150 -s 1 >"$tmp/shogi1.compact"
CMD_probe=(wc -w "$tmp/dai1.compact")
k_dai=$(enough "$(probe probe)")
CMD_probe=(wc -w "$tmp/shogi1.compact")
k_shogi=$(enough "$(probe probe)")
copies "$k_dai" "$tmp/dai.compact" "$tmp/dai1.compact"
copies "$k_shogi" "$tmp/shogi.compact" "$tmp/shogi1.compact"
dai_records=$((5000 * k_dai))
shogi_records=$((10000 * k_shogi))
dai_plies=$(($(wc -w <"$tmp/dai.compact") - 2 * dai_records))
shogi_plies=$(($(wc -w <"$tmp/shogi.compact") - 2 * shogi_records))

CMD_wc_dai=(wc -w "$tmp/dai.compact")
CMD_validate_dai=("$bin/kifu-validate" -q "$tmp/dai.compact")
CMD_compact_dai=("$bin/kifu-convert" --to compact "$tmp/dai.compact")
CMD_kif_dai=("$bin/kifu-convert" --to kif "$tmp/dai.compact")
CMD_wc_shogi=(wc -w "$tmp/shogi.compact")
CMD_validate_shogi=("$bin/kifu-validate" -q "$tmp/shogi.compact")
CMD_compact_shogi=("$bin/kifu-convert" --to compact "$tmp/shogi.compact")
CMD_kif_shogi=("$bin/kifu-convert" --to kif "$tmp/shogi.compact")
pair dai_wc validate_dai wc_dai
pair dai_compact compact_dai validate_dai
pair dai_kif kif_dai validate_dai
pair shogi_wc validate_shogi wc_shogi
pair shogi_compact compact_shogi validate_shogi
pair shogi_kif kif_shogi validate_shogi
header "Compact streams: Dai $dai_records records, $dai_plies plies ($(rate "$dai_plies" "${T_A[dai_wc]}") plies/s);" \
	"standard $shogi_records records, $shogi_plies plies ($(rate "$shogi_plies" "${T_A[shogi_wc]}") plies/s)"
row dai_wc "Dai: kifu-validate / wc -w" "<=2.5" validate_dai
row dai_compact "Dai: kifu-convert --to compact / kifu-validate" "<=1.3" compact_dai
row dai_kif "Dai: kifu-convert --to kif / kifu-validate" "<=2" kif_dai
row shogi_wc "standard: kifu-validate / wc -w" "<=6" validate_shogi
row shogi_compact "standard: kifu-convert --to compact / kifu-validate" "<=1.3" compact_shogi
row shogi_kif "standard: kifu-convert --to kif / kifu-validate" "<=2" kif_shogi

# === kifu-select ======================================================================
# --position for a position no game reaches: every record is played through.
never='lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1'
CMD_select_position=("$bin/kifu-select" --count --position "$never" "$tmp/shogi.compact")
CMD_select_mirror=("$bin/kifu-select" --count --board-only --mirror --position "$never" "$tmp/shogi.compact")
CMD_select_dedupe=("$bin/kifu-select" --count --dedupe "$tmp/shogi.compact")
OK[select_position]=1
OK[select_mirror]=1
pair select_position select_position validate_shogi
pair select_mirror select_mirror validate_shogi
pair select_dedupe select_dedupe validate_shogi
header "kifu-select, the standard stream above"
row select_position "kifu-select --position / kifu-validate" "<=3" select_position
row select_mirror "  --board-only --mirror / kifu-validate" "<=3" select_mirror
row select_dedupe "kifu-select --dedupe / kifu-validate" "" select_dedupe

# === files of many origins =============================================================
# Every real standard-shogi record of tests/data that kifu finds valid
# (tests/data/kif/expected.tsv; tests/data/kif/PROVENANCE.md names the
# programs that wrote them: Kifu for Windows V5 to V7 and Pro, Kifu for iPhone,
# Kifu for Android, Piyo Shogi, Electron Shogi, Shogidokoro, shogidb2,
# Kakinoki Shogi IX, tsshogi), in UTF-8 so that every reader gets the same
# bytes, copied round to enough files.  CSA and JKF: the real ones of
# tests/data/csa and tests/data/jkf that kifu finds valid, and the KIF games
# written as CSA and JKF by kifu-convert.  USI: the KIF games as USI lines.
mkdir -p "$tmp/real"
utf8() { # FILE OUT: FILE in UTF-8 (from UTF-8, Shift_JIS or EUC-JP)
	local from
	for from in UTF-8 CP932 EUC-JP; do
		iconv -f "$from" -t UTF-8 "$1" >"$2" 2>/dev/null && return 0
	done
	echo "run.sh: $1 is in none of UTF-8, Shift_JIS, EUC-JP" >&2
	exit 2
}
n_real=0
while IFS=$'\t' read -r file record valid plies; do
	case $file in '#'* | *chu* | *dialects* | *fixtures* | *ki2/*) continue ;; esac
	[ "$valid" = true ] && [ "$record" = 1 ] && [ "$plies" -gt 0 ] || continue
	case $file in
	*.kif | *.kifu) kind=kif ;;
	*.ki2 | *.ki2u) kind=ki2 ;;
	*) continue ;;
	esac
	n_real=$((n_real + 1))
	utf8 "$here/$file" "$tmp/real/$n_real.$kind"
done <"$here/tests/data/kif/expected.tsv"
for f in "$tmp"/real/*.kif; do
	b=${f%.kif}
	"$bin/kifu-convert" --to csa "$f" >"$b.k.csa" 2>/dev/null
	"$bin/kifu-convert" --to jkf "$f" >"$b.k.jkf" 2>/dev/null
	"$bin/kifu-convert" --to usi "$f" >>"$tmp/real.usi" 2>/dev/null
done
for f in "$here"/tests/data/csa/kifu-for-js/*.csa "$here"/tests/data/csa/tsshogi/*.csa \
	"$here"/tests/data/jkf/kifu-for-js/*.jkf "$here"/tests/data/jkf/tsshogi/*.jkf; do
	[ -f "$f" ] || continue
	out=$("$bin/kifu-validate" --format=json "$f" 2>/dev/null || true)
	[ "$(printf '%s\n' "$out" | grep -c '"valid":true')" = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || continue
	printf '%s\n' "$out" | grep -q '"plies":0,' && continue
	n_real=$((n_real + 1))
	utf8 "$f" "$tmp/real/$n_real.${f##*.}"
done

# set KIND FLOOR_SECONDS_FOR_ONE: copies the real files of KIND to enough
# files in $tmp/KIND/, lists them in $tmp/KIND.list, counts plies and files
declare -A FILES PLIES
make_set() {
	local kind=$1 i k n=0 list=() f
	for f in "$tmp"/real/*."$kind"; do [ -f "$f" ] && list+=("$f"); done
	n=${#list[@]}
	mkdir -p "$tmp/$kind"
	# probe: 20 copies of the set, cat over them
	: >"$tmp/$kind.list"
	for ((i = 0; i < 20 * n; i++)); do echo "${list[$((i % n))]}" >>"$tmp/$kind.list"; done
	CMD_probe=(xargs -a "$tmp/$kind.list" cat)
	# enough probes' worth: k copies of the set, a folder each
	k=$(($(enough "$(probe probe)") * 20))
	: >"$tmp/$kind.list"
	for ((i = 0; i < k; i++)); do
		mkdir -p "$tmp/$kind/$i"
		cp "${list[@]}" "$tmp/$kind/$i/"
		printf "$tmp/$kind/$i/%s\n" "${list[@]##*/}" >>"$tmp/$kind.list"
	done
	FILES[$kind]=$((k * n))
	PLIES[$kind]=$(xargs -a "$tmp/$kind.list" "$bin/kifu-validate" --format=json |
		sed 's/.*"plies":\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s + 0 }')
}
files_row() { # KIND TARGET: kifu-validate against cat (TARGET), and tsshogi (no target: issue 22
	# retired the >= 40 ones, which sat at cat's own floor)
	local kind=$1 target=$2
	eval "CMD_cat_$kind=(xargs -a \"\$tmp/$kind.list\" cat)"
	eval "CMD_validate_$kind=(xargs -a \"\$tmp/$kind.list\" \"\$bin/kifu-validate\" -q)"
	pair "${kind}_cat" "validate_$kind" "cat_$kind"
	if [ -n "$ts" ]; then
		eval "CMD_tsshogi_$kind=(node \"\$here/bench/peers.mjs\" tsshogi \"\$ts_modules\" $kind \"\$tmp/$kind.list\")"
		KEEP[tsshogi_$kind]=1
		pair "${kind}_ts" "tsshogi_$kind" "validate_$kind"
	fi
	header "${FILES[$kind]} $(tr a-z A-Z <<<"$kind") files of many origins, ${PLIES[$kind]} plies ($(rate "${PLIES[$kind]}" "${T_A[${kind}_cat]}") plies/s)"
	row "${kind}_cat" "$(tr a-z A-Z <<<"$kind"): kifu-validate / cat" "$target" "validate_$kind"
	if [ -n "$ts" ]; then
		row "${kind}_ts" "$(tr a-z A-Z <<<"$kind"): tsshogi / kifu-validate ($(sed 's/,.*//' "$tmp/out.tsshogi_$kind") read)" "" "tsshogi_$kind"
	fi
}
for kind in kif ki2 csa jkf; do
	make_set "$kind"
	if [ "$kind" = ki2 ]; then files_row "$kind" "<=2.5"; else files_row "$kind" "<=1.5"; fi
done
# JKF against KIF: the same games, per ply (the KIF set's games as JKF)
mkdir -p "$tmp/same"
: >"$tmp/same-kif.list"
: >"$tmp/same-jkf.list"
same_jkf=("$tmp"/real/*.k.jkf)
same_kif=("${same_jkf[@]/%.k.jkf/.kif}")
reps=$((FILES[kif] / $(ls "$tmp"/real/*.kif | wc -l) + 1))
for ((j = 0; j < reps; j++)); do
	mkdir -p "$tmp/same/$j"
	cp "${same_kif[@]}" "${same_jkf[@]}" "$tmp/same/$j/"
	printf "$tmp/same/$j/%s\n" "${same_kif[@]##*/}" >>"$tmp/same-kif.list"
	printf "$tmp/same/$j/%s\n" "${same_jkf[@]##*/}" >>"$tmp/same-jkf.list"
done
i=$((reps * ${#same_jkf[@]}))
CMD_same_kif=(xargs -a "$tmp/same-kif.list" "$bin/kifu-validate" -q)
CMD_same_jkf=(xargs -a "$tmp/same-jkf.list" "$bin/kifu-validate" -q)
pair jkf_kif same_jkf same_kif
header "the same $i games as JKF and as KIF"
row jkf_kif "JKF / KIF, kifu-validate" "<=1" same_jkf

# Real standard games as a compact stream, against the random ones at the
# top: the KIF games above written as compact, their moves only (comments,
# times, bookmarks and every tag but the start's, handicap= and sfen=, left
# out: the random games have none, and wc -w then counts moves), copied
# round until wc -w takes long enough.  Real games end in mate, in check,
# with drops and variations, where random ones wander.
for f in "$tmp"/real/*.kif; do "$bin/kifu-convert" --to compact "$f" 2>/dev/null; done |
	awk '{ i = index($0, " : "); if (!i) { print; next }
		n = split(substr($0, 1, i - 1), h, " "); out = h[1]
		for (k = 2; k <= n; k++) if (h[k] ~ /^(handicap|sfen)=/) out = out " " h[k]
		rest = substr($0, i); gsub(/\{[^}]*\}|@[0-9\/]*|&[^ ]*/, "", rest); print out rest }' >"$tmp/games1.compact"
CMD_probe=(wc -w "$tmp/games1.compact")
copies "$(enough "$(probe probe)")" "$tmp/games.compact" "$tmp/games1.compact"
games_records=$(grep -c . "$tmp/games.compact")
games_plies=$("$bin/kifu-validate" --format=json "$tmp/games.compact" | sed 's/.*"plies":\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s + 0 }')
CMD_wc_games=(wc -w "$tmp/games.compact")
CMD_validate_games=("$bin/kifu-validate" -q "$tmp/games.compact")
pair games_wc validate_games wc_games
header "real standard games as a compact stream (the KIF games, moves only): $games_records records, $games_plies main-line plies"
row games_wc "real games: kifu-validate / wc -w" "<=4" validate_games

# USI lines: kifu-validate against wc -w and shogiops
copies "$(( (FILES[kif] / 20 + 1) / $(wc -l <"$tmp/real.usi") + 1 ))" "$tmp/usi1" "$tmp/real.usi"
CMD_probe=(wc -w "$tmp/usi1")
copies "$(enough "$(probe probe)")" "$tmp/all.usi" "$tmp/usi1"
usi_plies=$("$bin/kifu-validate" --format=json "$tmp/all.usi" | sed 's/.*"plies":\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s + 0 }')
CMD_wc_usi=(wc -w "$tmp/all.usi")
CMD_validate_usi=("$bin/kifu-validate" -q "$tmp/all.usi")
pair usi_wc validate_usi wc_usi
if [ -n "$so" ]; then
	CMD_shogiops_usi=(node "$here/bench/peers.mjs" shogiops "$so_modules" usi "$tmp/all.usi")
	KEEP[shogiops_usi]=1
	pair usi_so shogiops_usi validate_usi
fi
header "$(wc -l <"$tmp/all.usi") USI lines (the KIF games), $usi_plies plies"
row usi_wc "USI: kifu-validate / wc -w" "" validate_usi
[ -z "$so" ] || row usi_so "USI: shogiops / kifu-validate ($(sed 's/,.*//' "$tmp/out.shogiops_usi") read)" "" shogiops_usi

# === Chu Shogi ========================================================================
# Random Chu games checked move by move: kifu-validate, and shogiops the way
# its users check a game (parseUsi, isLegal, play: tests/node/chu-check.mjs).
"$gen" -v chu -n 500 -p 300 -s 3 >"$tmp/chu.compact"
chu_plies=$(($(wc -w <"$tmp/chu.compact") - 2 * 500))
CMD_validate_chu=("$bin/kifu-validate" -q "$tmp/chu.compact")
header "Chu Shogi, 500 random games, $chu_plies plies"
if [ -n "$so" ]; then
	CMD_shogiops_chu=(node "$here/tests/node/chu-check.mjs" "$so_modules" "$tmp/chu.compact")
	KEEP[shogiops_chu]=1
	pair chu_so shogiops_chu validate_chu
	row chu_so "Chu: shogiops / kifu-validate ($(sed 's/,.*//' "$tmp/out.shogiops_chu") read)" ">=100" shogiops_chu
else
	echo "  (shogiops not measured)"
fi

# === the large variants ==============================================================
# variant_rows VARIANT TITLE GAMES DEPTH NODES: random games of VARIANT,
# copied round until wc -w takes long enough, kifu-validate's plies a second
# (at least a million); kifu-perft from its start to DEPTH (NODES, its tests'
# count) within a second.
variant_rows() {
	local v=$1 title=$2 games=$3 depth=$4 nodes=$5 k plies rate
	"$gen" -v "$v" -n "$games" -p 300 -s 1 >"$tmp/$v-1.compact"
	CMD_probe=(wc -w "$tmp/$v-1.compact")
	k=$(enough "$(probe probe)")
	copies "$k" "$tmp/$v.compact" "$tmp/$v-1.compact"
	plies=$(($(wc -w <"$tmp/$v.compact") - 2 * games * k))
	eval "CMD_wc_$v=(wc -w \"\$tmp/$v.compact\")"
	eval "CMD_validate_$v=(\"\$bin/kifu-validate\" -q \"\$tmp/$v.compact\")"
	pair "${v}_wc" "validate_$v" "wc_$v"
	header "$title, $((games * k)) random games, $plies plies"
	row "${v}_wc" "$title: kifu-validate / wc -w" "" "validate_$v"
	rate=$(awk -v n="$plies" -v t="${T_A[${v}_wc]}" 'BEGIN { printf "%.0f", (t > 0 ? n / t : 0) }')
	echo "  kifu-validate: $(rate "$plies" "${T_A[${v}_wc]}") plies/s"
	SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "$title: kifu-validate plies/s" "$(rate "$plies" "${T_A[${v}_wc]}")" ">=1 M" \
		"$(met "$rate" ">=1000000")")")
	eval "CMD_perft_$v=(\"\$bin/kifu-perft\" -v $v $depth)"
	KEEP[perft_$v]=1
	alone "perft_$v"
	grep -qx "$nodes" "$tmp/out.perft_$v" || echo "  kifu-perft's count is not $nodes: $(tail -n 1 "$tmp/out.perft_$v")"
	echo "  kifu-perft -v $v $depth ($nodes nodes): $(sig "${T1[perft_$v]}") s"
	SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "$title: kifu-perft -v $v $depth, s" "$(sig "${T1[perft_$v]}")" "<=1" \
		"$(met "${T1[perft_$v]}" "<=1")")")
}
# Tenjiku: range jumps, area moves, burning; Taikyoku (36x36, 804 pieces):
# tests/cases/taikyoku.test's 237750
variant_rows tenjiku "Tenjiku" 2000 3 463047
variant_rows taikyoku "Taikyoku" 1000 2 237750

# === perft ============================================================================
CMD_perft_shogi5=("$bin/kifu-perft" -v shogi 5)
KEEP[perft_shogi5]=1
fsf=$(command -v fairy-stockfish || ls /usr/games/fairy-stockfish 2>/dev/null || true)
header "perft, standard shogi depth 5 (19861490 nodes)"
if [ -n "$fsf" ]; then
	CMD_fsf5=(sh -c 'printf "setoption name UCI_Variant value shogi\nposition startpos\ngo perft 5\nquit\n" | "$1"' sh "$fsf")
	KEEP[fsf5]=1
	pair perft_fsf fsf5 perft_shogi5
	fsf_nodes=$(sed -n 's/^Nodes searched: //p' "$tmp/out.fsf5")
	fsf_version=$(dpkg-query -W -f '${Version}' fairy-stockfish 2>/dev/null || echo "?")
	row perft_fsf "Fairy-Stockfish $fsf_version ($fsf_nodes nodes) / kifu-perft" ">=5" perft_shogi5
else
	alone perft_shogi5
	echo "  kifu-perft -v shogi 5: $(sig "${T1[perft_shogi5]}") s (Fairy-Stockfish not measured: Debian package fairy-stockfish)"
fi
grep -q '19861490' "$tmp/out.perft_shogi5" || echo "  kifu-perft's count is wrong: $(tail -n 1 "$tmp/out.perft_shogi5")"
CMD_perft_dai3=("$bin/kifu-perft" -v dai 3)
CMD_perft_dai4=("$bin/kifu-perft" -v dai 4)
alone perft_dai3
alone perft_dai4
echo "  kifu-perft -v dai 3 (357978 nodes): $(sig "${T1[perft_dai3]}") s, $(rate 357978 "${T1[perft_dai3]}") nodes/s;" \
	"-v dai 4 (25421252): $(sig "${T1[perft_dai4]}") s, $(rate 25421252 "${T1[perft_dai4]}") nodes/s"
if command -v valgrind >/dev/null 2>&1; then
	allocs() { valgrind "$bin/kifu-perft" -v "$1" "$2" 2>&1 >/dev/null | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
	a2=$(allocs shogi 2)
	a3=$(allocs shogi 3)
	# a ply more is a move list more, grown a few times (log2 of its most
	# moves) and kept: depth 3 has 24,570 more nodes than depth 2, so an
	# allocation per node would show as thousands
	echo "  allocations (valgrind): kifu-perft -v shogi 2 (900 nodes) $a2, -v shogi 3 (25470 nodes) $a3" \
		"$([ $((a3 - a2)) -le 8 ] && echo "- none per node (the new ply's list)" || echo "- MORE WITH MORE NODES")"
	SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "perft: allocations at depth 3 - at depth 2 (a ply's list)" "$((a3 - a2))" "<=8" "$([ $((a3 - a2)) -le 8 ] && echo met || echo "NOT MET")")")
fi

# === pictures ===========================================================================
# kifu-replay's SVG against kifu's own at $BENCH_BASELINE (built from git in a
# temporary folder): bytes of three Dai positions, and the time to draw every
# position of ten 300-ply Dai games, a file each on a memory file system.
# "Drawing" is what --format=svg -o costs beyond --format=sfen -o (the same
# files, SFEN in them), so that the file system's part is left out.
header "pictures: kifu-replay --format=svg against kifu $baseline"
old=""
if git -C "$here" cat-file -e "$baseline^{commit}" 2>/dev/null; then
	mkdir -p "$tmp/base"
	git -C "$here" archive "$baseline" | tar -x -C "$tmp/base"
	if make -C "$tmp/base" -j"$(nproc)" CFLAGS='-O2 -g -DNDEBUG' tools >"$tmp/base.log" 2>&1; then
		old=$tmp/base/build/bin/kifu-replay
	else
		echo "  (kifu $baseline did not build: $tmp/base.log)"
	fi
else
	echo "  (no git history here: the baseline $baseline is not measured)"
fi
if [ -n "$old" ]; then
	"$gen" -v dai -n 10 -p 300 -s 1 >"$tmp/pics.compact"
	positions=$(($(wc -w <"$tmp/pics.compact") - 2 * 10 + 10))
	head -n 1 "$tmp/pics.compact" >"$tmp/pic150.compact"
	cp "$here/samples/dai-brief.compact" "$tmp/brief.compact"
	bytes() { (cd "$tmp" && "$@" | wc -c); }
	for which in old new; do
		r=$old
		[ $which = new ] && r=$bin/kifu-replay
		declare "b_start_$which=$(bytes "$r" --format=svg --ply 0 brief.compact)"
		declare "b_brief_$which=$(bytes "$r" --format=svg brief.compact)"
		declare "b_mid_$which=$(bytes "$r" --format=svg --ply 150 pic150.compact)"
	done
	for what in start brief mid; do
		o=b_${what}_old n=b_${what}_new
		case $what in
		start) label="bytes, the Dai start" ;; brief) label="bytes, samples/dai-brief.compact's end" ;; mid) label="bytes, a random Dai game at ply 150" ;;
		esac
		T_A[svg_$what]=${!o}; T_B[svg_$what]=${!n}
		rr=$(awk -v a="${!o}" -v b="${!n}" 'BEGIN { printf "%.6f", a / b }')
		R[svg_$what]="$rr $rr $rr"
		printf '  %-52s %9s %9s  %-20s %9s  %s\n' "$label: old / new" "${!o}" "${!n}" "$(sig "$rr")" "" ">=5 $(met "$rr" ">=5")"
		SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "SVG $label, old/new" "$(sig "$rr")" ">=5" "$(met "$rr" ">=5")")")
	done
	CMD_svg_old=("$old" --format=svg --every -o "$pics/so/" "$tmp/pics.compact")
	CMD_sfen_old=("$old" --format=sfen --every -o "$pics/fo/" "$tmp/pics.compact")
	CMD_svg_new=("$bin/kifu-replay" --format=svg --every -o "$pics/sn/" "$tmp/pics.compact")
	CMD_sfen_new=("$bin/kifu-replay" --format=sfen --every -o "$pics/fn/" "$tmp/pics.compact")
	pair4 svg_draw svg_old sfen_old svg_new sfen_new
	pair svg_all svg_old svg_new
	row svg_draw "drawing $positions positions: old / new" ">=10"
	row svg_all "svg --every -o, all of it: old / new" "" svg_new
	echo "  drawing a position: old $(sig "$(awk -v t="${T_A[svg_draw]}" -v n="$positions" 'BEGIN { print t / n * 1e6 }')") us," \
		"new $(sig "$(awk -v t="${T_B[svg_draw]}" -v n="$positions" 'BEGIN { print t / n * 1e6 }')") us"
fi

# === memory ===============================================================================
# Peak memory of kifu reading streams of 1, 10 and 100 times the same records
# through a pipe: at most 8 MiB, and the same at 100x as at 1x.
echo
echo "peak memory (KiB), the same records 1, 10 and 100 times through a pipe"
printf '  %-52s %9s %9s %9s  %s\n' "" "1x" "10x" "100x" "target"
copies 1 "$tmp/m-dai" "$tmp/dai1.compact"
ls "$tmp"/real/*.kif >"$tmp/m.list"
xargs -a "$tmp/m.list" cat >"$tmp/m-kif"
awk 'FNR == 1 && NR > 1 { print "/" } { print }' "$tmp"/real/*.csa >"$tmp/m-csa"
xargs -a <(ls "$tmp"/real/*.jkf) cat >"$tmp/m-jkf"
memory() { # LABEL FILE TOOL ARGS...: peak at 1x 10x 100x
	local label=$1 file=$2 k p out=""
	shift 2
	for k in 1 10 100; do
		# the largest of three runs, as for the timed commands (one run's
		# resident set varies by some 100 KiB)
		p=0
		for r in 1 2 3; do
			q=$({ for ((i = 0; i < k; i++)); do cat "$file"; done; } |
				{ /usr/bin/time -f %M -o "$tmp/mpeak" "$@" - >/dev/null 2>&1 || true; tail -n 1 "$tmp/mpeak"; })
			[ "$q" -gt "$p" ] && p=$q
		done
		out+="$p "
	done
	read -r p1 p10 p100 <<<"$out"
	local flat
	flat=$(awk -v a="$p1" -v b="$p100" 'BEGIN { print (b - a <= 256 && b <= 8192) ? "met" : "NOT MET" }')
	printf '  %-52s %9s %9s %9s  %s\n' "$label" "$p1" "$p10" "$p100" "<=8192, flat $flat"
	SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "peak KiB at 100x, $label" "$p100" "<=8192" "$flat")")
}
if [ -n "$gnu_time" ]; then
	memory "kifu-validate, Dai compact" "$tmp/m-dai" "$bin/kifu-validate" -q
	memory "kifu-convert --to kif, Dai compact" "$tmp/m-dai" "$bin/kifu-convert" --to kif
	memory "kifu-validate, KIF files in one stream" "$tmp/m-kif" "$bin/kifu-validate" -q
	memory "kifu-convert --to compact, KIF" "$tmp/m-kif" "$bin/kifu-convert" --to compact
	memory "kifu-validate, CSA" "$tmp/m-csa" "$bin/kifu-validate" -q
	memory "kifu-validate, JKF" "$tmp/m-jkf" "$bin/kifu-validate" -q
	memory "kifu-stats, Dai compact" "$tmp/m-dai" "$bin/kifu-stats"
	memory "kifu-select --position, standard compact" "$tmp/shogi1.compact" "$bin/kifu-select" --count --position "$never"
	# the 36x36 board (issue 24): variant_rows' 1,000 random Taikyoku games
	memory "kifu-validate, Taikyoku compact" "$tmp/taikyoku-1.compact" "$bin/kifu-validate" -q
else
	echo "  (not measured: GNU time is not installed)"
fi

# kifu-stats --by keeps a group per distinct value (docs/limits.md): its
# memory a group, over 100,000 distinct players (50,000 records of 80 plies,
# each with a player of its own on each side), less the same records with
# two players; one run of each (the groups, not the stream, are measured).
echo
echo "kifu-stats --by player: peak memory (KiB), 100,000 distinct players / the same records, 2 players"
if [ -n "$gnu_time" ]; then
	"$gen" -v shogi -n 50000 -p 80 -s 11 >"$tmp/players.base"
	awk '{ sub(/^shogi /, "shogi sente=p" NR "s gote=p" NR "g "); print }' "$tmp/players.base" >"$tmp/players.compact"
	awk '{ sub(/^shogi /, "shogi sente=A gote=B "); print }' "$tmp/players.base" >"$tmp/players2.compact"
	peak_of() { "$gnu_time" -f %M -o "$tmp/mpeak" "$@" >/dev/null 2>&1 || true; tail -n 1 "$tmp/mpeak"; }
	many=$(peak_of "$bin/kifu-stats" --by player "$tmp/players.compact")
	two=$(peak_of "$bin/kifu-stats" --by player "$tmp/players2.compact")
	per=$(awk -v a="$many" -v b="$two" 'BEGIN { printf "%.2f", (a - b) / 100000 }')
	printf '  %-52s %9s %9s  %s\n' "100,000 players / 2 players" "$many" "$two" \
		"$per KiB a player, <=2 $(met "$per" "<=2")"
	SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "KiB a player, kifu-stats --by player" "$per" "<=2" "$(met "$per" "<=2")")")
else
	echo "  (not measured: GNU time is not installed)"
fi

# === past one process =======================================================================
# kifu-stats over the standard stream: one process, against the recipes of
# docs/stats.md that use every core.
header "kifu-stats on $(nproc) cores, the standard stream ($shogi_records records): one process / recipe (a speed-up)"
CMD_stats_one=("$bin/kifu-stats" --format=json "$tmp/shogi.compact")
CMD_stats_split=(bash -c 'd=$(mktemp -d) && split -n l/$(nproc) "$2" "$d/p." &&
	for p in "$d"/p.*; do "$1/kifu-stats" --format=json "$p" >"$p.json" & done; wait &&
	"$1/kifu-stats" --merge --format=json "$d"/p.*.json; s=$?; rm -rf "$d"; exit $s' sh "$bin" "$tmp/shogi.compact")
pair stats_split stats_one stats_split
row stats_split "split -n l/CORES, a kifu-stats each, --merge" ""
if command -v parallel >/dev/null 2>&1; then
	CMD_stats_pipepart=(bash -c 'parallel --pipepart -a "$2" --block -1 "$1/kifu-stats" --format=json |
		"$1/kifu-stats" --merge --format=json -' sh "$bin" "$tmp/shogi.compact")
	CMD_stats_pipe=(bash -c 'parallel --pipe --block 10M "$1/kifu-stats" --format=json <"$2" |
		"$1/kifu-stats" --merge --format=json -' sh "$bin" "$tmp/shogi.compact")
	pair stats_pipepart stats_one stats_pipepart
	pair stats_pipe stats_one stats_pipe
	row stats_pipepart "parallel --pipepart --block -1, --merge" ""
	row stats_pipe "parallel --pipe --block 10M, --merge" ""
else
	echo "  (GNU parallel not installed: Debian package parallel)"
fi

# === kifu-index ===============================================================================
# Building an index against validating the same records (the build validates
# each record as kifu-validate does, then keeps its positions); then an index
# of $BENCH_INDEX_GAMES (1,000,000) random standard games of up to 150 plies,
# built once (its time, peak memory and bytes a position), and asked: a query
# and an explore of the position after the first game's first two moves
# (warm: after one run), kifu-select --index against kifu-select --position
# over the same games.  docs/index.md.
header "kifu-index build / kifu-validate, the same records"
CMD_ix_build_shogi=("$bin/kifu-index" build -q -o "$tmp/ix-shogi.db" "$tmp/shogi1.compact")
CMD_ix_validate_shogi=("$bin/kifu-validate" -q "$tmp/shogi1.compact")
CMD_ix_build_dai=("$bin/kifu-index" build -q -o "$tmp/ix-dai.db" "$tmp/dai1.compact")
CMD_ix_validate_dai=("$bin/kifu-validate" -q "$tmp/dai1.compact")
pair ix_build_shogi ix_build_shogi ix_validate_shogi
pair ix_build_dai ix_build_dai ix_validate_dai
row ix_build_shogi "standard, 10000 records: build / validate" "<=5" ix_build_shogi
row ix_build_dai "Dai, 5000 records: build / validate" "<=5" ix_build_dai
rm -f "$tmp/ix-shogi.db" "$tmp/ix-dai.db"

ix_games=${BENCH_INDEX_GAMES:-1000000}
ix_dir=$(mktemp -d -p "${BENCH_INDEX_DIR:-$tmp}")
echo
echo "kifu-index over $ix_games random standard games (gen-records -p 150 -s 7)"
"$gen" -v shogi -n "$ix_games" -p 150 -s 7 >"$ix_dir/games.compact"
CMD_ix_big=("$bin/kifu-index" build -o "$ix_dir/games.db" "$ix_dir/games.compact")
once ix_big
ix_build_s=$(awk -v u="$US" 'BEGIN { print u / 1e6 }')
ix_positions=$(sed -n 's/.*indexed [0-9]* records (\([0-9]*\) positions).*/\1/p' "$tmp/err.ix_big")
ix_bytes=$(stat -c %s "$ix_dir/games.db")
ix_per=$(awk -v b="$ix_bytes" -v p="$ix_positions" 'BEGIN { printf "%.2f", b / p }')
echo "  built in $(sig "$ix_build_s") s: $ix_positions positions, $ix_bytes bytes, $ix_per bytes a position;" \
	"peak ${PEAK[ix_big]:-n/a} KiB (cache: the default, 64 MiB)"
SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "kifu-index bytes a position, $ix_games games" "$ix_per" "<=40" "$(met "$ix_per" "<=40")")")
ix_sfen=$(head -n 1 "$ix_dir/games.compact" | "$bin/kifu-replay" --ply 2 --format=sfen)
ix_moves=$(head -n 1 "$ix_dir/games.compact" | sed 's/^[^:]*: //' | cut -d ' ' -f 1-2)
CMD_ix_query=("$bin/kifu-index" query "$ix_dir/games.db" --position "$ix_sfen")
CMD_ix_count=("$bin/kifu-index" query "$ix_dir/games.db" --position "$ix_sfen" --count)
CMD_ix_explore=("$bin/kifu-index" explore "$ix_dir/games.db" --sfen "$ix_sfen")
CMD_ix_explore_start=("$bin/kifu-index" explore "$ix_dir/games.db" -v shogi)
CMD_ix_sel_index=("$bin/kifu-select" --count --index "$ix_dir/games.db" --position "$ix_sfen")
CMD_ix_sel_files=("$bin/kifu-select" --count --position "$ix_sfen" "$ix_dir/games.compact")
once ix_query; once ix_explore # warm
alone ix_query
alone ix_explore
alone ix_explore_start
KEEP[ix_count]=1
once ix_count
ix_found=$(cat "$tmp/out.ix_count")
printf '  %-52s %9s  %s\n' "query after ${ix_moves} ($ix_found records), s" "$(sig "${T1[ix_query]}")" \
	"<=0.05 $(met "${T1[ix_query]}" "<=0.05")"
printf '  %-52s %9s  %s\n' "explore after ${ix_moves}, s" "$(sig "${T1[ix_explore]}")" \
	"<=0.1 $(met "${T1[ix_explore]}" "<=0.1")"
printf '  %-52s %9s  %s\n' "explore at the start ($ix_games games), s" "$(sig "${T1[ix_explore_start]}")" ""
SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "kifu-index query, $ix_games games, warm (s)" "$(sig "${T1[ix_query]}")" "<=0.05" "$(met "${T1[ix_query]}" "<=0.05")")")
SUMMARY+=("$(printf '%-60s %8s  %-7s %s' "kifu-index explore, $ix_games games, warm (s)" "$(sig "${T1[ix_explore]}")" "<=0.1" "$(met "${T1[ix_explore]}" "<=0.1")")")
# kifu-select over the games takes tens of seconds a run: two pairs
saved_pairs=$pairs
pairs=${BENCH_INDEX_PAIRS:-2}
pair ix_select ix_sel_files ix_sel_index
pairs=$saved_pairs
row ix_select "kifu-select --position / --index" ">=100"
rm -rf "$ix_dir"

# === the targets =========================================================================
echo
echo "targets (the median ratio of $pairs pairs)"
unmet=0
for line in "${SUMMARY[@]}"; do
	echo "  $line"
	case $line in *"NOT MET") unmet=$((unmet + 1)) ;; esac
done
echo "  $((${#SUMMARY[@]} - unmet)) of ${#SUMMARY[@]} met"
[ -z "${BENCH_STRICT:-}" ] || [ "$unmet" = 0 ]
