// main.cpp - a driver for QBoard's board classes (fire-lizard/QBoard), built
// against a checkout of it by tests/peers/qboard.sh; kifu's own code, which
// only calls the classes' public members.  Lines in, lines out:
//
//   VARIANT start        the set-up: "X Y TYPE COLOUR" a piece, then "end"
//   VARIANT promotes TYPE  what TYPE promotes to (0 when nothing), "end"
//   VARIANT moves SIDE SPEC
//                        SPEC is "X,Y,TYPE,COLOUR;..." (an empty board with
//                        those pieces; a COLOUR, and SIDE, 0 White, 1 Black):
//                        every move of SIDE's pieces as "X Y NX NY", "end"
//
// VARIANT is chu, dai, tenjiku, dai-dai, maka-dai-dai or tai; TYPE is
// QBoard's PieceType number (its Common.h), which tests/peers/qboard.py maps
// to names.
#include "ChuShogiBoard.h"
#include "DaiDaiShogiBoard.h"
#include "DaiShogiBoard.h"
#include "MakaDaiDaiShogiBoard.h"
#include "TaiShogiBoard.h"
#include "TenjikuShogiBoard.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

template <class B> static std::unique_ptr<Board> board_of() { return std::make_unique<B>(); }

static const struct {
	const char *variant;
	std::unique_ptr<Board> (*make)();
} boards[] = {
	{"chu", board_of<ChuShogiBoard>},
	{"dai", board_of<DaiShogiBoard>},
	{"tenjiku", board_of<TenjikuShogiBoard>},
	{"dai-dai", board_of<DaiDaiShogiBoard>},
	{"maka-dai-dai", board_of<MakaDaiDaiShogiBoard>},
	{"tai", board_of<TaiShogiBoard>},
};

static std::unique_ptr<Board> make(const std::string &variant)
{
	for (const auto &b : boards)
		if (variant == b.variant)
			return b.make();
	return nullptr;
}

int main()
{
	std::string line;
	while (std::getline(std::cin, line)) {
		std::istringstream in(line);
		std::string variant, what, spec;
		int side = 0;
		in >> variant >> what;
		if (what == "moves")
			in >> side;
		in >> spec;
		std::unique_ptr<Board> board = make(variant);
		if (!board) {
			std::printf("error no variant %s\nend\n", variant.c_str());
		} else if (what == "start") {
			for (int x = 0; x < board->GetWidth(); x++)
				for (int y = 0; y < board->GetHeight(); y++) {
					std::optional<Piece> p = board->GetData(x, y);
					if (p)
						std::printf("%d %d %d %d\n", x, y, (int)p->Type, (int)p->Colour);
				}
			std::printf("end\n");
		} else if (what == "promotes") {
			// the board's own promotion of a lone piece (0 when it stays)
			PieceType type = (PieceType)std::stoi(spec);
			board->Clear();
			board->SetData(0, 0, Piece(type, White));
			board->Promote(0, 0);
			PieceType promoted = board->GetData(0, 0)->Type;
			std::printf("%d\nend\n", promoted == type ? 0 : (int)promoted);
		} else if (what == "moves") {
			board->Clear();
			std::istringstream pieces(spec);
			std::string one;
			while (std::getline(pieces, one, ';')) {
				int x, y, type, colour;
				if (std::sscanf(one.c_str(), "%d,%d,%d,%d", &x, &y, &type, &colour) == 4)
					board->SetData(x, y, Piece((PieceType)type, (PieceColour)colour));
			}
			for (const auto &[x, y, nx, ny] : board->GetAllMoves(side ? Black : White))
				std::printf("%d %d %d %d\n", x, y, nx, ny);
			std::printf("end\n");
		} else {
			std::printf("error %s\nend\n", what.c_str());
		}
		std::fflush(stdout);
	}
	return 0;
}
