#!/bin/bash
# run.sh - the benchmarks of `make bench` (docs/performance.md).  Inputs are
# generated in a temporary folder; each measurement is set beside a floor
# measured in the same run on the same bytes (wc -w for a compact stream,
# cat for KIF and JKF files) and, when Node.js and npm are there, beside tsshogi
# checking every move of the same KIF files with isValidMove.
#
#     bench/run.sh BINDIR GEN_RECORDS     (make bench passes both)
#
# Environment: BENCH_KIF_FILES (5000), BENCH_DAI_RECORDS (5000),
# BENCH_SHOGI_RECORDS (10000), BENCH_CHU_RECORDS (2000), BENCH_NO_NODE=1 to
# skip tsshogi and shogiops.
set -euo pipefail

bin=${1:-build/bin}
gen=${2:-build/tests/gen-records}
kif_files=${BENCH_KIF_FILES:-5000}
dai_records=${BENCH_DAI_RECORDS:-5000}
shogi_records=${BENCH_SHOGI_RECORDS:-10000}
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME CMD...: runs the command BENCH_REPEAT times (3) and keeps the
# shortest wall time (the least disturbed run) and the largest peak memory
# (GNU time's; "n/a" without it).
repeat=${BENCH_REPEAT:-3}
declare -A WALL PEAK
run() {
	local name=$1
	shift
	local out=$tmp/time.$name best="" peak="n/a" w m i
	for i in $(seq "$repeat"); do
		if [ -x /usr/bin/time ] && /usr/bin/time -f '' true 2>/dev/null; then
			/usr/bin/time -o "$out" -f '%e %M' "$@" >"$tmp/stdout.$name" 2>"$tmp/err.$name" || true
		else
			local s e
			s=$(date +%s.%N)
			"$@" >"$tmp/stdout.$name" 2>"$tmp/err.$name" || true
			e=$(date +%s.%N)
			echo "$(awk -v a="$s" -v b="$e" 'BEGIN { printf "%.2f", b - a }') n/a" >"$out"
		fi
		# the last line: GNU time says first when the command exited non-zero
		read -r w m < <(tail -n 1 "$out")
		if [ -z "$best" ] || awk -v a="$w" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$w; fi
		if [ "$m" != n/a ] && { [ "$peak" = n/a ] || [ "$m" -gt "$peak" ]; }; then peak=$m; fi
	done
	WALL[$name]=$best
	PEAK[$name]=$peak
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "n/a" }'; }
rate() { awk -v n="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.2f M", n / t / 1e6; else print "n/a" }'; }

echo "kifu benchmarks ($(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m); best of $repeat runs each)"
echo

# --- compact streams --------------------------------------------------------
"$gen" -v dai -n "$dai_records" -p 300 -s 1 >"$tmp/dai.compact"
"$gen" -v shogi -n "$shogi_records" -p 150 -s 1 >"$tmp/shogi.compact"
dai_plies=$(($(wc -w <"$tmp/dai.compact") - 2 * dai_records))
shogi_plies=$(($(wc -w <"$tmp/shogi.compact") - 2 * shogi_records))

run wc_dai wc -w "$tmp/dai.compact"
run validate_dai "$bin/kifu-validate" -q "$tmp/dai.compact"
run wc_shogi wc -w "$tmp/shogi.compact"
run validate_shogi "$bin/kifu-validate" -q "$tmp/shogi.compact"
run convert_dai "$bin/kifu-convert" --to compact "$tmp/dai.compact"
# memory must not grow with the stream: ten times the records
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$tmp/dai.compact"; done >"$tmp/dai10.compact"
run validate_dai10 "$bin/kifu-validate" -q "$tmp/dai10.compact"

printf '%-34s %10s %12s %10s %12s\n' "compact streams" "wall s" "plies/s" "peak KiB" "x floor"
printf '%-34s %10s %12s %10s %12s\n' "wc -w, Dai ($dai_plies plies)" "${WALL[wc_dai]}" "$(rate "$dai_plies" "${WALL[wc_dai]}")" "${PEAK[wc_dai]}" "1.0"
printf '%-34s %10s %12s %10s %12s\n' "kifu-validate, Dai" "${WALL[validate_dai]}" "$(rate "$dai_plies" "${WALL[validate_dai]}")" "${PEAK[validate_dai]}" "$(ratio "${WALL[validate_dai]}" "${WALL[wc_dai]}")"
printf '%-34s %10s %12s %10s %12s\n' "kifu-convert --to compact, Dai" "${WALL[convert_dai]}" "$(rate "$dai_plies" "${WALL[convert_dai]}")" "${PEAK[convert_dai]}" "$(ratio "${WALL[convert_dai]}" "${WALL[wc_dai]}")"
printf '%-34s %10s %12s %10s %12s\n' "kifu-validate, Dai x10" "${WALL[validate_dai10]}" "$(rate $((dai_plies * 10)) "${WALL[validate_dai10]}")" "${PEAK[validate_dai10]}" ""
printf '%-34s %10s %12s %10s %12s\n' "wc -w, shogi ($shogi_plies plies)" "${WALL[wc_shogi]}" "$(rate "$shogi_plies" "${WALL[wc_shogi]}")" "${PEAK[wc_shogi]}" "1.0"
printf '%-34s %10s %12s %10s %12s\n' "kifu-validate, shogi" "${WALL[validate_shogi]}" "$(rate "$shogi_plies" "${WALL[validate_shogi]}")" "${PEAK[validate_shogi]}" "$(ratio "${WALL[validate_shogi]}" "${WALL[wc_shogi]}")"
echo

# --- kifu-select -----------------------------------------------------------------
# Over the shogi stream (about 1.5 million plies): --position plays every
# record through (a position no game reaches, the worst case), --dedupe
# hashes every record; both beside kifu-validate on the same bytes, which
# they should stay within 3x of.
never='lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1'
run select_position "$bin/kifu-select" --count --position "$never" "$tmp/shogi.compact"
run select_mirror "$bin/kifu-select" --count --board-only --mirror --position "$never" "$tmp/shogi.compact"
run select_dedupe "$bin/kifu-select" --count --dedupe "$tmp/shogi.compact"
run select_dedupe_all "$bin/kifu-select" --count --dedupe=all "$tmp/shogi.compact"
within() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > 0 && a <= 3 * b) ? "yes" : "NO" }'; }
printf '%-34s %10s %12s %10s %12s %8s\n' "kifu-select, shogi ($shogi_plies plies)" "wall s" "plies/s" "peak KiB" "x validate" "<= 3x"
for name in select_position select_mirror select_dedupe select_dedupe_all; do
	case $name in
	select_position) label="--position" ;;
	select_mirror) label="--position --board-only --mirror" ;;
	select_dedupe) label="--dedupe" ;;
	select_dedupe_all) label="--dedupe=all" ;;
	esac
	printf '%-34s %10s %12s %10s %12s %8s\n' "$label" "${WALL[$name]}" "$(rate "$shogi_plies" "${WALL[$name]}")" \
		"${PEAK[$name]}" "$(ratio "${WALL[$name]}" "${WALL[validate_shogi]}")" "$(within "${WALL[$name]}" "${WALL[validate_shogi]}")"
done
echo

# --- KIF files ----------------------------------------------------------------
# Real games (tests/data/kif: professional games other programs wrote),
# converted to UTF-8 once so that both readers get the same bytes, then
# copied round to BENCH_KIF_FILES files.
mkdir -p "$tmp/kif" "$tmp/real"
n=0
for f in "$here"/tests/data/kif/kifu-for-js/*.kif; do
	plies=$("$bin/kifu-validate" --format=json "$f" | sed -n '1s/.*"valid":true,"plies":\([0-9]*\).*/\1/p' || true)
	[ "${plies:-0}" -ge 50 ] || continue
	iconv -f CP932 -t UTF-8 "$f" >"$tmp/real/$n.kif"
	n=$((n + 1))
done
for i in $(seq 0 $((kif_files - 1))); do
	cp "$tmp/real/$((i % n)).kif" "$tmp/kif/$i.kif"
done
# the same games as JKF (kifu's own writer), for reading JKF beside KIF
mkdir -p "$tmp/jkf"
for f in "$tmp"/real/*.kif; do
	"$bin/kifu-convert" --to jkf "$f" >"$tmp/real/$(basename "$f" .kif).jkf"
done
for i in $(seq 0 $((kif_files - 1))); do
	cp "$tmp/real/$((i % n)).jkf" "$tmp/jkf/$i.jkf"
done
# plies: the files read as one stream (the records follow one another)
kif_plies=$(cat "$tmp"/kif/*.kif | { "$bin/kifu-validate" --format=json - || true; } |
	sed 's/.*"plies":\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s + 0 }')
ls "$tmp"/kif/*.kif >"$tmp/kif.list"
run cat_kif xargs -a "$tmp/kif.list" cat
run validate_kif xargs -a "$tmp/kif.list" "$bin/kifu-validate" -q
ls "$tmp"/jkf/*.jkf >"$tmp/jkf.list"
run cat_jkf xargs -a "$tmp/jkf.list" cat
run validate_jkf xargs -a "$tmp/jkf.list" "$bin/kifu-validate" -q

ts=""
if [ -z "${BENCH_NO_NODE:-}" ] && command -v node >/dev/null && command -v npm >/dev/null; then
	mkdir -p "$tmp/node"
	if (cd "$tmp/node" && npm install --silent --no-audit --no-fund tsshogi >/dev/null 2>&1); then
		cat >"$tmp/node/check.mjs" <<'EOF'
// Imports every KIF file and checks every move with isValidMove, the way
// users of tsshogi validate records.
import { readFileSync } from "node:fs";
import { importKIF, Move } from "tsshogi";
const files = readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean);
let plies = 0, invalid = 0;
for (const f of files) {
  const record = importKIF(readFileSync(f, "utf8"));
  if (record instanceof Error) { invalid++; continue; }
  const pos = record.initialPosition.clone();
  for (const node of record.moves) {
    if (!(node.move instanceof Move)) continue;
    if (!pos.isValidMove(node.move)) { invalid++; break; }
    pos.doMove(node.move);
    plies++;
  }
}
console.log(`${plies} plies, ${invalid} invalid`);
EOF
		run tsshogi_kif node "$tmp/node/check.mjs" "$tmp/kif.list"
		ts=yes
	fi
fi

printf '%-34s %10s %12s %10s %12s\n' "$kif_files KIF files ($kif_plies plies)" "wall s" "plies/s" "peak KiB" "x floor"
printf '%-34s %10s %12s %10s %12s\n' "cat" "${WALL[cat_kif]}" "$(rate "$kif_plies" "${WALL[cat_kif]}")" "${PEAK[cat_kif]}" "1.0"
printf '%-34s %10s %12s %10s %12s\n' "kifu-validate" "${WALL[validate_kif]}" "$(rate "$kif_plies" "${WALL[validate_kif]}")" "${PEAK[validate_kif]}" "$(ratio "${WALL[validate_kif]}" "${WALL[cat_kif]}")"
if [ -n "$ts" ]; then
	printf '%-34s %10s %12s %10s %12s\n' "tsshogi importKIF + isValidMove" "${WALL[tsshogi_kif]}" "$(rate "$kif_plies" "${WALL[tsshogi_kif]}")" "${PEAK[tsshogi_kif]}" "$(ratio "${WALL[tsshogi_kif]}" "${WALL[cat_kif]}")"
	echo "  kifu-validate is $(ratio "${WALL[tsshogi_kif]}" "${WALL[validate_kif]}")x faster than tsshogi (tsshogi read $(tail -1 "$tmp/stdout.tsshogi_kif"))"
else
	echo "  (tsshogi not measured: no node/npm, or BENCH_NO_NODE set)"
fi
echo
# the same games as JKF: reading it must be at least as fast per ply as KIF
printf '%-34s %10s %12s %10s %12s\n' "$kif_files JKF files (the same games)" "wall s" "plies/s" "peak KiB" "x floor"
printf '%-34s %10s %12s %10s %12s\n' "cat" "${WALL[cat_jkf]}" "$(rate "$kif_plies" "${WALL[cat_jkf]}")" "${PEAK[cat_jkf]}" "1.0"
printf '%-34s %10s %12s %10s %12s\n' "kifu-validate" "${WALL[validate_jkf]}" "$(rate "$kif_plies" "${WALL[validate_jkf]}")" "${PEAK[validate_jkf]}" "$(ratio "${WALL[validate_jkf]}" "${WALL[cat_jkf]}")"
echo "  reading JKF takes $(ratio "${WALL[validate_jkf]}" "${WALL[validate_kif]}")x the time of reading the same games as KIF"
echo

# --- Chu Shogi ------------------------------------------------------------------
# Random Chu games (gen-records), checked move by move by kifu-validate and,
# when Node.js and npm are there, by shogiops (lishogi's rules library) the
# way its users check a game: parseUsi, isLegal, play (tests/node/chu-check.mjs).
chu_records=${BENCH_CHU_RECORDS:-2000}
"$gen" -v chu -n "$chu_records" -p 300 -s 3 >"$tmp/chu.compact"
chu_plies=$(($(wc -w <"$tmp/chu.compact") - 2 * chu_records))
run validate_chu "$bin/kifu-validate" -q "$tmp/chu.compact"
so=""
if [ -z "${BENCH_NO_NODE:-}" ] && command -v node >/dev/null && command -v npm >/dev/null; then
	mkdir -p "$tmp/node-chu"
	if (cd "$tmp/node-chu" && npm install --silent --no-audit --no-fund shogiops@0.18.0 @badrap/result@0.2.13 >/dev/null 2>&1); then
		run shogiops_chu node "$here/tests/node/chu-check.mjs" "$tmp/node-chu/node_modules" "$tmp/chu.compact"
		so=yes
	fi
fi
printf '%-34s %10s %12s %10s\n' "Chu, $chu_records games ($chu_plies plies)" "wall s" "plies/s" "peak KiB"
printf '%-34s %10s %12s %10s\n' "kifu-validate" "${WALL[validate_chu]}" "$(rate "$chu_plies" "${WALL[validate_chu]}")" "${PEAK[validate_chu]}"
if [ -n "$so" ]; then
	printf '%-34s %10s %12s %10s\n' "shogiops parseUsi + isLegal + play" "${WALL[shogiops_chu]}" "$(rate "$chu_plies" "${WALL[shogiops_chu]}")" "${PEAK[shogiops_chu]}"
	echo "  kifu-validate is $(ratio "${WALL[shogiops_chu]}" "${WALL[validate_chu]}")x faster than shogiops (shogiops read $(tail -1 "$tmp/stdout.shogiops_chu"))"
else
	echo "  (shogiops not measured: no node/npm, or BENCH_NO_NODE set)"
fi
echo

# --- CSA files ------------------------------------------------------------------
# The same games written as CSA by kifu-convert (V3.0, UTF-8; the main line:
# CSA has no variations), copied round the same way: reading CSA beside
# reading KIF, per ply.  CSA names the piece after each move, so its reader
# keeps the position and carries out every move (docs/csa.md).
mkdir -p "$tmp/csa"
for f in "$tmp"/real/*.kif; do
	"$bin/kifu-convert" --to csa "$f" >"${f%.kif}.csa" 2>/dev/null
done
for i in $(seq 0 $((kif_files - 1))); do
	cp "$tmp/real/$((i % n)).csa" "$tmp/csa/$i.csa"
done
# plies: the files read as one stream, a "/" between them (V2.2 2.1)
csa_plies=$(awk 'FNR == 1 && NR > 1 { print "/" } { print }' "$tmp"/csa/*.csa |
	{ "$bin/kifu-validate" --format=json - || true; } |
	sed 's/.*"plies":\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s + 0 }')
ls "$tmp"/csa/*.csa >"$tmp/csa.list"
run cat_csa xargs -a "$tmp/csa.list" cat
run validate_csa xargs -a "$tmp/csa.list" "$bin/kifu-validate" -q

printf '%-34s %10s %12s %10s %12s\n' "$kif_files CSA files ($csa_plies plies)" "wall s" "plies/s" "peak KiB" "x floor"
printf '%-34s %10s %12s %10s %12s\n' "cat" "${WALL[cat_csa]}" "$(rate "$csa_plies" "${WALL[cat_csa]}")" "${PEAK[cat_csa]}" "1.0"
printf '%-34s %10s %12s %10s %12s\n' "kifu-validate" "${WALL[validate_csa]}" "$(rate "$csa_plies" "${WALL[validate_csa]}")" "${PEAK[validate_csa]}" "$(ratio "${WALL[validate_csa]}" "${WALL[cat_csa]}")"
csa_per_ply=$(awk -v t="${WALL[validate_csa]}" -v p="$csa_plies" 'BEGIN { if (p > 0) print t / p; else print 0 }')
kif_per_ply=$(awk -v t="${WALL[validate_kif]}" -v p="$kif_plies" 'BEGIN { if (p > 0) print t / p; else print 0 }')
echo "  reading CSA takes $(ratio "$csa_per_ply" "$kif_per_ply")x the time per ply of reading KIF (the same games)"
echo

# --- perft ----------------------------------------------------------------------
run perft_shogi5 "$bin/kifu-perft" -v shogi 5
run perft_dai3 "$bin/kifu-perft" -v dai 3
run perft_dai4 "$bin/kifu-perft" -v dai 4
printf '%-34s %10s %12s %10s\n' "perft" "wall s" "nodes/s" "peak KiB"
printf '%-34s %10s %12s %10s\n' "kifu-perft -v shogi 5 (19861490)" "${WALL[perft_shogi5]}" "$(rate 19861490 "${WALL[perft_shogi5]}")" "${PEAK[perft_shogi5]}"
printf '%-34s %10s %12s %10s\n' "kifu-perft -v dai 3 (357978)" "${WALL[perft_dai3]}" "$(rate 357978 "${WALL[perft_dai3]}")" "${PEAK[perft_dai3]}"
printf '%-34s %10s %12s %10s\n' "kifu-perft -v dai 4 (25421252)" "${WALL[perft_dai4]}" "$(rate 25421252 "${WALL[perft_dai4]}")" "${PEAK[perft_dai4]}"
echo

# --- pictures -------------------------------------------------------------------
# kifu-replay's SVG of Dai positions: its size, and the time to draw every
# position of ten 300-ply games, one file each, set beside the same files
# written as SFEN (the cost of the files themselves) and beside SFEN lines on
# standard output.  The files go to a memory file system when there is one,
# so that the disk's cost of a new file does not hide the drawing's.
"$gen" -v dai -n 10 -p 300 -s 1 >"$tmp/pics.compact"
pictures=$(($(wc -w <"$tmp/pics.compact") - 2 * 10 + 10))
pics=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp" "$pics"' EXIT
run svg_every "$bin/kifu-replay" --format=svg --every -o "$pics/svg" "$tmp/pics.compact"
run sfen_every_o "$bin/kifu-replay" --format=sfen --every -o "$pics/sfen" "$tmp/pics.compact"
run sfen_every "$bin/kifu-replay" --format=sfen --every "$tmp/pics.compact"
per() { awk -v t="$1" -v f="$2" -v n="$3" 'BEGIN { d = t - f; if (d < 0) d = 0; printf "%.1f", d / n * 1e6 }'; }
printf '%-34s %10s %12s %10s\n' "Dai, $pictures positions" "wall s" "us/position" "peak KiB"
printf '%-34s %10s %12s %10s\n' "kifu-replay --format=sfen --every" "${WALL[sfen_every]}" "$(per "${WALL[sfen_every]}" 0 "$pictures")" "${PEAK[sfen_every]}"
printf '%-34s %10s %12s %10s\n' "  the same, a file each (-o DIR)" "${WALL[sfen_every_o]}" "$(per "${WALL[sfen_every_o]}" 0 "$pictures")" "${PEAK[sfen_every_o]}"
printf '%-34s %10s %12s %10s\n' "kifu-replay --format=svg --every -o" "${WALL[svg_every]}" "$(per "${WALL[svg_every]}" 0 "$pictures")" "${PEAK[svg_every]}"
echo "  drawing alone (svg -o less sfen -o): $(per "${WALL[svg_every]}" "${WALL[sfen_every_o]}" "$pictures") us a position;" \
	"svg -o is $(ratio "${WALL[svg_every]}" "${WALL[sfen_every]}")x sfen on standard output"
start_bytes=$("$bin/kifu-replay" --format=svg --ply 0 "$here/samples/dai-brief.compact" | wc -c)
brief_bytes=$("$bin/kifu-replay" --format=svg "$here/samples/dai-brief.compact" | wc -c)
mid_bytes=$(head -n 1 "$tmp/pics.compact" | "$bin/kifu-replay" --format=svg --ply 150 | wc -c)
echo "  SVG bytes: Dai start $start_bytes, samples/dai-brief.compact $brief_bytes, a game at ply 150 $mid_bytes" \
	"(docs/replay.md: before and after)"
