#!/bin/bash
# qboard.sh - kifu's Chu, Dai, Dai Dai, Maka Dai Dai and Tai against QBoard's
# board classes (fire-lizard/QBoard, a Qt program that plays them), run by
# hand, not by `make test`: QBoard is no Debian or npm package, so a checkout
# of it is given.
#
#     tests/peers/qboard.sh QBOARD_CHECKOUT [BINDIR] [VARIANT...]
#
# Builds tests/peers/qboard/main.cpp against the checkout's board classes
# (plain C++20, no Qt: Board, ChuShogiBoard, DaiShogiBoard, TenjikuShogiBoard,
# MakaDaiDaiShogiBoard, DaiDaiShogiBoard, TaiShogiBoard) with Debian's g++,
# then prints qboard.py's comparisons: the set-up, every piece alone and
# ringed by Pawns, and the moves from the start and from positions of random
# games (BINDIR/../tests/gen-records: `make` builds it).  VARIANT may also be
# tenjiku, which is not compared by default (docs/rules.md says why).
# docs/rules.md, "Tai Shogi", "Against QBoard", says what the differences are
# (the run at QBoard's commit 24fbfd1).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/../.." && pwd)
qboard=$(cd "${1:?usage: qboard.sh QBOARD_CHECKOUT [BINDIR] [VARIANT...]}" && pwd)
bin=$(cd "${2:-$here/build/bin}" && pwd)
shift $(($# < 2 ? $# : 2))
if [ ! -x "$bin/../tests/gen-records" ]; then
	echo "qboard.sh: needs $bin/../tests/gen-records (make builds it)" >&2
	exit 2
fi
work=$here/build/peers/qboard
mkdir -p "$work"
(cd "$qboard" && g++ -std=c++20 -O2 -I. -o "$work/qboard-driver" \
	"$here/tests/peers/qboard/main.cpp" Board.cpp ChuShogiBoard.cpp DaiShogiBoard.cpp \
	TenjikuShogiBoard.cpp MakaDaiDaiShogiBoard.cpp DaiDaiShogiBoard.cpp TaiShogiBoard.cpp)
python3 "$here/tests/peers/qboard.py" "$qboard" "$work/qboard-driver" "$bin" "$@"
