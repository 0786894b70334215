#!/bin/bash
# `make valgrind`: every tool on the golden inputs under valgrind's memcheck;
# any error or leak fails.
#
#     valgrind.sh BINDIR
set -u
bin=$1
fails=0
run() {
	if ! valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
		--suppressions=tests/valgrind.supp --error-exitcode=99 "$@" >/dev/null 2>/tmp/kifu-valgrind.$$; then
		[ $? = 99 ] && { echo "FAIL valgrind: $*"; head -20 /tmp/kifu-valgrind.$$; fails=$((fails + 1)); }
	fi
	rm -f /tmp/kifu-valgrind.$$
}
kif=tests/data/kif/kifu-for-js
run "$bin/kifu-validate" samples/*.compact tests/data/compact/errors.compact
run "$bin/kifu-validate" --format=json "$kif"/*.kif "$kif"/*.ki2 tests/data/kif/fixtures/*.kif
run "$bin/kifu-validate" -v chu tests/data/kif/chu/chushogiKif1.kif
run "$bin/kifu-convert" --to kif samples/dai-brief.compact tests/data/kif/fixtures/writer.compact
run "$bin/kifu-convert" --to kif --encoding=sjis "$kif/fork.kif"
run "$bin/kifu-convert" --to compact "$kif/jt201409130101.kif" "$kif/20091203.ki2"
run "$bin/kifu-replay" --every --format=text samples/dai-brief.compact
run "$bin/kifu-replay" --format=svg samples/dai-brief.compact
run "$bin/kifu-replay" --format=kif "$kif/fork.kif"
run "$bin/kifu-diff" "$kif/8mai.kif" "$kif/8mai.ki2"
run "$bin/kifu-stats" --format=yaml samples/sho-random.compact
run "$bin/kifu-stats" --format=json --where 'sente~.' --where-move '^7g' samples/shogi-random.compact
run "$bin/kifu-stats" --format=csv --names=ja --by player --openings 3 samples/*.compact
run "$bin/kifu-stats" --format=yaml --by date:4 --openings 2 tests/data/select/games.compact
run "$bin/kifu-select" --dedupe=all --mirror --position 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3' "$kif"/*.kif samples/shogi-random.compact
run "$bin/kifu-select" --duplicates --opening 7g7f --or --invalid --to kif samples/*.compact samples/*.compact
run "$bin/kifu-select" --count --move '1:７六歩' --opening '７六歩' --player x --or --where '棋戦~.' samples/shogi-random.compact
vg_dir=$(mktemp -d)
trap 'rm -rf "$vg_dir"' EXIT
mkdir "$vg_dir/a" "$vg_dir/b"
cp samples/shogi-random.compact "$vg_dir/a/x.compact"
cp samples/shogi-random.compact "$vg_dir/b/x.compact"
run "$bin/kifu-convert" --to kif -o "$vg_dir/out/" "$vg_dir/a/x.compact" "$vg_dir/b/x.compact"
run "$bin/kifu-convert" -o "$vg_dir/a/x.compact" "$vg_dir/a/x.compact"
run "$bin/kifu-replay" --format=sfen --every -o "$vg_dir/pics/" "$vg_dir/b/x.compact"
run "$bin/kifu-perft" -v dai 2
run "$bin/kifu-perft" -v asakura 3
run "$bin/kifu-validate" --variant-file tests/data/bad-variants/bad-moves.yaml samples/dai-brief.compact
ix=$(mktemp -d)
run "$bin/kifu-index" build -o "$ix/a.db" --boards --explorer-games 2 tests/data/index/shogi.compact samples/dai-brief.compact
run "$bin/kifu-index" build -o "$ix/b.db" --boards --explorer-games 2 --cache 1 tests/data/kif/chu/lishogi-server.kif samples/sho-random.compact
run "$bin/kifu-index" add "$ix/b.db" tests/data/select/games.compact tests/data/index/shogi.compact
run "$bin/kifu-index" merge -o "$ix/m.db" "$ix/a.db" "$ix/b.db"
run "$bin/kifu-index" query "$ix/m.db" --format=json --mirror --position 'lnsgkgsnl/1b5r1/ppppppppp/9/9/6P2/PPPPPP1PP/1R5B1/LNSGKGSNL w - 2'
run "$bin/kifu-index" query "$ix/m.db" --format=csv --board-only --position 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w P 1'
run "$bin/kifu-index" explore "$ix/m.db" -v shogi --moves '7g7f 3c3d' --format=html
run "$bin/kifu-index" explore "$ix/m.db" -v shogi --moves '7g7f 3c3d 2g2f 8c8d 2f2e' --format=json
run "$bin/kifu-index" dump "$ix/m.db"
run "$bin/kifu-select" --index "$ix/m.db" --position 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2' --to kif
rm -rf "$ix"
[ "$fails" = 0 ] && echo "valgrind: clean" || { echo "valgrind: $fails failures"; exit 1; }
