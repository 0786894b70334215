/*
 * test_rules.c - the rules core against docs/rules.md: for each rule, a position
 * and the exact set of legal moves of one piece, or what the one-move check
 * says of one move.
 *
 * Every expected set below was worked out by hand from docs/rules.md and the
 * seeds' move tables (the reasoning is in the comment above each row), not
 * copied from the program's output.  Squares are "file rank": file 1..N from
 * Sente's right, rank a = rank 1 on Gote's side; Sente (uppercase) moves
 * toward rank a, so for Sente "forward" is the next letter down the
 * alphabet and "right" is the lower file number.
 *
 * A pass is compared whatever its mid square (any empty adjacent square
 * names the same pass, formats/compact.md), but it must be listed exactly once.
 *
 * The specs are one table (specs[]), each row a variant, a position (its
 * SFEN, and moves played from it), and what the rules give there; one loop
 * (hand_worked) checks them all, a failure naming the row's line.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a row checks. */
enum spec_kind {
	PIECE,    /* the legal moves of the piece on `at` are exactly `expect` */
	CHECK,    /* kifu_check_move on the move `at` gives `code` (KIFU_LEGAL: accepted),
		   * naming the side `file` - 1 (file 0: not asked) */
	DROPS,    /* the legal drops of the piece `at` are every empty square of ranks
		   * `code` (1-based) and beyond, but on file `file` (0: none) and but
		   * the squares of `expect` */
	PLAYED,   /* after `play`: the SFEN `expect` (if not NULL), the state `code`,
		   * the side that lost its last royal `file` (-1: none), royals of Gote
		   * `royals`, perft 1 `count` */
	ATTACKED, /* the square `at` is attacked by side `code` */
	BLOCKER   /* kifu_check_move on the move `at` names the square `expect` and the
		   * piece ids `type`, `other` */
};

typedef struct spec {
	int line;
	enum spec_kind kind;
	const char *variant;
	const char *sfen;     /* NULL: the variant's start */
	const char *play;     /* moves made first, each one legal; NULL: none */
	const char *at;       /* the square, the move or the piece */
	const char *expect;
	int code, file, royals;
	long count;
	const char *type, *other;
} spec;

#define ROW(k, v, s) .line = __LINE__, .kind = (k), .variant = (v), .sfen = (s)
#define MOVES(v, s, sq, moves) {ROW(PIECE, v, s), .at = (sq), .expect = (moves)}
#define MOVES_AFTER(v, s, p, sq, moves) {ROW(PIECE, v, s), .play = (p), .at = (sq), .expect = (moves)}
#define CHECKS(v, s, move, c) {ROW(CHECK, v, s), .at = (move), .code = (c)}
#define CHECKS_AFTER(v, s, p, move, c) {ROW(CHECK, v, s), .play = (p), .at = (move), .code = (c)}
#define GAME_OVER(v, s, p, move, loser) \
	{ROW(CHECK, v, s), .play = (p), .at = (move), .code = KIFU_ILL_GAME_OVER, .file = 1 + (loser)}
#define DROPS_FROM(v, s, token, rank, no_file, but) \
	{ROW(DROPS, v, s), .at = (token), .code = (rank), .file = (no_file), .expect = (but)}
#define PLAYS(v, s, p, after, state, loser, gote_royals, perft) \
	{ROW(PLAYED, v, s), .play = (p), .expect = (after), .code = (state), .file = (loser), \
	 .royals = (gote_royals), .count = (perft)}
#define ATTACKS(v, s, sq, side) {ROW(ATTACKED, v, s), .at = (sq), .code = (side)}
#define NAMES_BLOCKER(v, s, move, sq, piece, blocker) \
	{ROW(BLOCKER, v, s), .at = (move), .expect = (sq), .type = (piece), .other = (blocker)}

/* ---- Dai Shogi (docs/rules.md, Dai Shogi) ------------------------------------------ */

/* Kings out of the way of every line through 8h: Sente's on 3o, Gote's on
 * 13a (neither is on file 8, rank h, or a diagonal through 8h). */
#define DAI_LION_ALONE "2k12/15/15/15/15/15/15/7L!7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_LION_ONE_ENEMY "2k12/15/15/15/15/15/7p7/7L!7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_LION_TWO_ENEMIES "2k12/15/15/15/15/15/7pp6/7L!7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_LION_CLOSED "2k12/15/15/15/15/15/6PpP6/6PL!P6/6PPP6/15/15/15/15/15/12K2 b - 1"
#define DAI_FALCON "2k12/15/15/15/15/15/15/7+H7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_FALCON_ENEMY "2k12/15/15/15/15/15/7p7/7+H7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_EAGLE "2k12/15/15/15/15/15/15/7+D7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_EAGLE_ENEMY "2k12/15/15/15/15/15/8p6/7+D7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_KIRIN "2k12/15/15/15/15/7p7/7P7/5PPOp6/7p7/15/15/15/15/15/12K2 b - 1"
#define DAI_PHOENIX "2k12/15/15/15/15/9p5/6p1P6/7X7/6P1p6/5P9/15/15/15/15/12K2 b - 1"
#define DAI_OX "2k12/15/15/15/15/15/7P7/7X'p6/15/7p7/15/15/15/15/12K2 b - 1"
#define DAI_DRAGON "2k12/15/15/15/15/15/6p1P6/7F'7/15/5p9/15/15/15/15/12K2 b - 1"
#define DAI_PROMOTION "2k12/15/3p11/3G11/11S3/7G4p2/15/15/15/15/15/15/15/15/12K2 b - 1"
#define DAI_PROMOTED "2k12/15/15/15/7p7/7+P3+P'2P/3O11/15/15/15/15/15/15/15/12K2 b - 1"
#define DAI_KING_LION "2k12/15/15/15/15/12K2/7L!7/15/15/15/15/15/15/15/15 b - 1"
#define DAI_DEAD "2U1I1L3P4/8N3P2/14N/15/15/15/15/15/15/15/15/15/15/15/k13K b - 1"
#define DAI_NO_CHECK "2k5r6/15/15/15/15/15/15/7K7/15/15/15/15/15/15/15 b - 1"
#define DAI_ROYAL "15/15/7k6p/15/15/15/15/7R7/15/15/15/15/15/15/12K2 b - 1"
#define DAI_PRINCE "15/15/7k4+e1p/15/15/15/15/7R7/15/15/15/15/15/15/12K2 b - 1"

/* The 24 squares within two king steps of 8h: files 6-10, ranks f-j. */
#define AREA_8H                                                              \
	"8h6f 8h7f 8h8f 8h9f 8h10f 8h6g 8h7g 8h8g 8h9g 8h10g 8h6h 8h7h "     \
	"8h9h 8h10h 8h6i 8h7i 8h8i 8h9i 8h10i 8h6j 8h7j 8h8j 8h9j 8h10j "

/* The Horned Falcon's and Soaring Eagle's slides from 8h on an empty board. */
#define DIAGONALS_8H                                                         \
	"8h7g 8h6f 8h5e 8h4d 8h3c 8h2b 8h1a 8h9g 8h10f 8h11e 8h12d 8h13c "   \
	"8h14b 8h15a "
#define BACK_DIAGONALS_8H                                                    \
	"8h7i 8h6j 8h5k 8h4l 8h3m 8h2n 8h1o 8h9i 8h10j 8h11k 8h12l 8h13m "   \
	"8h14n 8h15o "
#define SIDEWAYS_8H                                                          \
	"8h7h 8h6h 8h5h 8h4h 8h3h 8h2h 8h1h 8h9h 8h10h 8h11h 8h12h 8h13h "   \
	"8h14h 8h15h "
#define BACKWARD_8H "8h8i 8h8j 8h8k 8h8l 8h8m 8h8n 8h8o "
#define FORWARD_8H "8h8g 8h8f 8h8e 8h8d 8h8c 8h8b 8h8a "

/* ---- Sho Shogi and standard shogi (docs/rules.md) ----------------------------------- */

/* Sente King 9i, Gote King 1i. */
#define SHO_PROMOTION "8P/4N1P2/2L6/4S2G1/1N7/9/9/9/K7k b - 1"
#define SHO_INSIDE "9/4p4/4S4/9/9/9/9/9/K7k b - 1"
#define SHO_KING "k4r3/9/9/9/4K4/9/9/9/9 b - 1"
#define SHO_KING_PRINCE "k4r3/9/9/9/4K4/9/9/9/8+E b - 1"
#define SHOGI_DROPS "k8/9/2p6/9/4P1+P2/9/9/9/4K4 b PLN 1"
#define SHOGI_DROP_MATE "7lk/9/8S/9/9/9/9/7L1/8K b P 1"
#define SHOGI_DROP_CHECK "7lk/9/9/8S/9/9/9/7L1/8K b P 1"
#define SHOGI_FORCED "9/5P3/3L2S2/7N1/1N7/9/k8/9/8K b - 1"
#define SHOGI_GOLD_SILVER "4k4/9/9/4G4/9/4S4/9/9/4K4 b - 1"
#define ASAKURA_CAPTURES "k8/9/4e4/9/2+e1R1p2/9/9/9/4K4 b - 1"

/* Dai Dai (17x17): a Sente Hook Mover (M', R>) on 9i boxed in by its own
 * Pawns on 9g 8h 10h 11h 12i 8j 11k and Gote Pawns on 8i 10j 9k. */
#define DD_HOOK "16k/17/17/17/17/17/8P8/6PP1P7/5P2M'p7/7p1P7/6P1p8/17/17/17/17/17/K16 b - 1"
/* A Sente Long-nosed Goblin (N, B> W) in its corner 1q, its Pawns on 1p,
 * 2q and 3o, a Gote Pawn on 1o. */
#define DD_GOBLIN "k16/17/17/17/17/17/17/17/17/17/17/17/17/17/14P1p/16P/8K6PN b - 1"
/* A Sente Flying Dragon (F', F2; promotes to a Dragon King) on 9i, a Gote
 * Pawn on 8h; a Sente Lion on 3i with a Gote Pawn on 3h. */
#define DD_PROMOTE "16k/17/17/17/17/17/17/9p4p2/8F'5L!2/17/17/17/17/17/17/17/K16 b - 1"

/* Maka Dai Dai (19x19): a Sente Lion Dog (L', K~3) on 10j, its own Pawn
 * on 10i, Gote Pawns on 10h and 10g above it and on 11j and 9j beside it;
 * the Kings on 19s and 1a. */
#define MAKA_LION_DOG "18k/19/19/19/19/19/9p9/9p9/9P9/8pL'p8/19/19/19/19/19/19/19/19/K18 b - 1"
/* The Lion Dog's runs (KIFU_MOVE_RUN: its third capture): a Sente Lion
 * Dog on 10j; up, Gote Pawns on 10i and 10h, 10g empty; left, Gote Pawns
 * on 11j, 12j and 13j; right, a Gote Pawn on 9j, its own on 8j, 7j empty;
 * down, a Gote Pawn on 10k, 10l and 10m empty; the Kings on 19s and 1a. */
#define MAKA_RUNS "18k/19/19/19/19/19/19/9p9/9p9/6pppL'pP7/9p9/19/19/19/19/19/19/19/K18 b - 1"
#define MAKA_RUNS_TOKIN "18k/19/19/19/19/19/19/9+p9/9p9/6pppL'pP7/9p9/19/19/19/19/19/19/19/K18 b - 1"
/* The Teaching King with L3 (maka-dai-dai-teaching-lion: Q L3, the Lion's
 * power of three king steps; formats/movement.md): a Sente Teaching King
 * (+V') on 10j, Gote Pawns on 10i, 9i (both next to it and to each other)
 * and 10h, its own Pawn on 11i; the Kings on 19s and 1a. */
#define TL_CROWD "18k/19/19/19/19/19/19/9p9/8Ppp8/9+V'9/19/19/19/19/19/19/19/19/K18 b - 1"
/* The same around a Sente Teaching King on 13m of Tai's 25x25 board, the
 * Crown Princes (C'', K) on 25y and 1a. */
#define TL_TAI "24c''/25/25/25/25/25/25/25/25/25/12p12/11Ppp11/12+V'12/25/25/25/25/25/25/25/25/25/25/25/C''24 b - 1"
/* A Sente Teaching King on 10j among six Gote Pawns (9i 10i 11i 9j 11j
 * 10k) and two of its own (9k 11k); a Gote Teaching King on 13g, three
 * king steps away. */
#define TL_SWARM "18k/19/19/19/19/19/6+v'12/19/8ppp8/8p+V'p8/8PpP8/19/19/19/19/19/19/19/K18 b - 1"
/* A Sente Emperor (+K, E) on 10j, its Pawn on 15o; Gote's King on 1a,
 * Pawns on 10f (which protects 10g), 10g and 5e. */
#define MAKA_EMPEROR "18k/19/19/19/14p4/9p9/9p9/19/19/9+K9/19/19/19/19/4P14/19/19/19/19 b - 1"

/* A Sente Furious Fiend (+L!) on 10j and Teaching King (+V') on 4j, each
 * with Gote Pawns two and three squares up (10h 10g, 4h 4g) and one to its
 * left (11j, 5j), its own Pawn to its right (9j, 3j); a Gote Emperor (+k)
 * on 1a, the Sente King on 19s. */
#define MAKA_FIENDS "18+k/19/19/19/19/19/9p5p3/9p5p3/19/8p+L!P3p+V'P2/19/19/19/19/19/19/19/19/K18 b - 1"

/* The range capture (range-jumps.passed: captured; docs/rules.md, Taikyoku
 * Shogi).  A Sente Flying General (L!', R^, rank 1) on 10r; on its file up
 * its own Pawn 10q, 10p empty, a Gote Pawn 10o, a Gote Vice General (rank
 * 2) 10n; on its rank a Gote Great General (rank 3) on 12r and a Gote Pawn
 * on 5r; the Kings on 36a and 36aj. */
#define TAIKYOKU_RANGE "k35/36/36/36/36/36/36/36/36/36/36/36/36/26v!'9/26p9/36/26P9/24j'1L!'4p4/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 b - 1"

/* The prefix o (formats/movement.md): Taikyoku's Rain Demon (+A'', fR3 sW2
 * bF2 bR fB jofB) on 10r, a Gote Pawn on 11q, its own Pawn on 8p; the
 * Kings on 36a and 36aj. */
#define TAIKYOKU_RAIN_DEMON "k35/36/36/36/36/36/36/36/36/36/36/36/36/36/36/28P7/25p10/26+A''9/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 b - 1"

/* promotion.first-step (docs/rules.md, Taikyoku Shogi): a Sente Lion (L!)
 * on 10l, the rank just outside its zone (ranks a to k); a Gote Pawn on
 * 10k, its own Pawn on 9k, in the zone; the Kings on 36a and 36aj. */
#define TAIKYOKU_FIRST_STEP "k35/36/36/36/36/36/36/36/36/36/26pP8/26L!9/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 b - 1"

/* promotion.forced-taking-promoted (maka-dai-dai-muller): a Sente Rook on
 * 10j, a Gote Tokin (+p, a promoted Pawn) on 10g up its file, a Gote Pawn
 * on 5j along its rank; the Kings on 1a and 19s. */
#define MAKA_MULLER "18k/19/19/19/19/19/9+p9/19/19/9R4p4/19/19/19/19/19/19/19/19/K18 b - 1"

static const spec specs[] = {
	/* ---- Dai Shogi ---- */

	/* A Lion alone in the middle of the board: a step or a jump to each of
	 * the 24 squares within two king steps (5x5 less its own), plus one
	 * pass (step to an empty neighbour and back), listed once: 25 moves.
	 * Ranks f-j are outside Sente's zone (ranks a-e), and a Lion never
	 * promotes anyway: no '+'.  Two-leg moves through an empty square are
	 * the same moves as the jumps, so they are not listed again. */
	MOVES("dai", DAI_LION_ALONE, "8h", AREA_8H "8h7g8h"),
	/* Lion on 8h, a Gote pawn on 8g (straight ahead).  Single-leg: the
	 * same 24 squares (8g now a capture).  Two-leg through 8g: capture it,
	 * then a second king step to any square adjacent to 8g that does not
	 * hold a Sente piece: 7f 8f 9f 7g 9g 7h 9h, and 8h itself (居食い,
	 * igui: capture without moving).  A pass is still possible through
	 * an empty neighbour (7g, 9g, ...): once.  24 + 8 + 1 = 33. */
	MOVES("dai", DAI_LION_ONE_ENEMY, "8h", AREA_8H
		"8h8g7f 8h8g8f 8h8g9f 8h8g7g 8h8g9g 8h8g7h 8h8g8h 8h8g9h "
		"8h9g8h"),
	/* Lion on 8h, Gote pawns on 8g and 7g (both adjacent).  Single-leg:
	 * the 24 squares.  Through 8g: its neighbours 7f 8f 9f 7g (second
	 * capture) 9g 7h 8h (igui) 9h.  Through 7g: its neighbours 6f 7f 8f
	 * 6g 8g (second capture) 6h 7h 8h (igui).  One pass (9g, 7h, ... are
	 * empty).  24 + 8 + 8 + 1 = 41. */
	MOVES("dai", DAI_LION_TWO_ENEMIES, "8h", AREA_8H
		"8h8g7f 8h8g8f 8h8g9f 8h8g7g 8h8g9g 8h8g7h 8h8g8h 8h8g9h "
		"8h7g6f 8h7g7f 8h7g8f 8h7g6g 8h7g8g 8h7g6h 8h7g7h 8h7g8h "
		"8h9h8h"),
	/* After the double capture both pawns are gone. */
	PLAYS("dai", DAI_LION_TWO_ENEMIES, "8h8g7g",
	      "2k12/15/15/15/15/15/8L!6/15/15/15/15/15/15/15/12K2 w - 2", KIFU_GAME_ON, -1, 1, -1),
	/* Lion on 8h; Sente pawns on 7g 9g 7h 9h 7i 8i 9i, a Gote pawn on 8g:
	 * no empty neighbour, so no pass.  Single-leg: the 16 squares two
	 * away (the ring f/j ranks and files 6/10 — all empty) and the
	 * capture on 8g.  Through 8g: its neighbours without a Sente piece,
	 * 7f 8f 9f, and 8h (igui).  17 + 4 = 21. */
	MOVES("dai", DAI_LION_CLOSED, "8h",
	      "8h6f 8h7f 8h8f 8h9f 8h10f 8h6j 8h7j 8h8j 8h9j 8h10j "
	      "8h6g 8h6h 8h6i 8h10g 8h10h 8h10i 8h8g "
	      "8h8g7f 8h8g8f 8h8g9f 8h8g8h"),
	/* The pass through an own piece is not a move. */
	CHECKS("dai", DAI_LION_CLOSED, "8h7h8h", KIFU_ILL_OWN_CAPTURE),

	/* Horned Falcon (+H, docs/rules.md; the Chinese Wikipedia: 角鷹): Bishop,
	 * Rook sideways and backward, and lion power straight forward only.
	 * On 8h, empty lines: 28 diagonal + 14 sideways + 7 backward;
	 * forward: step to 8g, jump to 8f, pass through the empty 8g.  It is
	 * promoted: never '+', even into the zone (ranks a-e).  52 moves. */
	MOVES("dai", DAI_FALCON, "8h", DIAGONALS_8H BACK_DIAGONALS_8H SIDEWAYS_8H BACKWARD_8H "8h8g 8h8f 8h8g8h"),
	/* An enemy on 8g, the first square of the lion line: capture it
	 * (8h8g), jump over it (8h8f), capture and return (8h8g8h, igui),
	 * capture and go on (8h8g8f).  No pass: the first square is not
	 * empty, and the Falcon has no other lion line.  53 moves. */
	MOVES("dai", DAI_FALCON_ENEMY, "8h",
	      DIAGONALS_8H BACK_DIAGONALS_8H SIDEWAYS_8H BACKWARD_8H "8h8g 8h8f 8h8g8h 8h8g8f"),
	/* Soaring Eagle (+D, 飛鷲): Rook, Bishop backward, lion power along
	 * each forward diagonal.  On 8h: 28 rook + 14 back-diagonal; the two
	 * forward diagonals: 7g, 6f, 9g, 10f; one pass.  47 moves. */
	MOVES("dai", DAI_EAGLE, "8h", FORWARD_8H BACKWARD_8H SIDEWAYS_8H BACK_DIAGONALS_8H "8h7g 8h6f 8h9g 8h10f 8h7g8h"),
	/* An enemy on 7g: 8h7g, 8h6f (jump), 8h7g8h (igui), 8h7g6f; the other
	 * diagonal is unchanged (8h9g, 8h10f) and still gives the pass, once.
	 * 49 moves. */
	MOVES("dai", DAI_EAGLE_ENEMY, "8h",
	      FORWARD_8H BACKWARD_8H SIDEWAYS_8H BACK_DIAGONALS_8H "8h7g 8h6f 8h7g8h 8h7g6f 8h9g 8h10f 8h9g8h"),

	/* Kirin (O): a diagonal step, or a jump exactly two squares
	 * orthogonally, over anything (docs/rules.md, Dai Shogi).  On 8h with
	 * pieces on all four orthogonal neighbours (Sente 8g 9h, Gote 7h 8i):
	 * the steps 7g 9g 7i 9i; the jumps 8f (a Gote pawn: capture), 8j, 6h;
	 * not 10h (a Sente pawn).  Ranks f-j: outside the zone, no promotion. */
	MOVES("dai", DAI_KIRIN, "8h", "8h7g 8h9g 8h7i 8h9i 8h8f 8h8j 8h6h"),
	/* Phoenix (X): an orthogonal step, or a jump exactly two squares
	 * diagonally, over anything.  On 8h with pieces on the four diagonal
	 * neighbours (Sente 7g 9i, Gote 9g 7i): the steps 8g 8i 7h 9h; the
	 * jumps 6f (Gote: capture), 10f, 6j; not 10j (Sente). */
	MOVES("dai", DAI_PHOENIX, "8h", "8h8g 8h8i 8h7h 8h9h 8h6f 8h10f 8h6j"),

	/* Violent Ox (X'): up to two squares orthogonally, blocked by a piece
	 * on the first (docs/rules.md, Dai Shogi).  On 8h: forward 8g holds a
	 * Sente pawn, so nothing forward (not 8f either); right: 7h is a Gote
	 * pawn, capture and stop (not 6h); left: 9h, 10h; back: 8i, and 8j (a
	 * Gote pawn). */
	MOVES("dai", DAI_OX, "8h", "8h7h 8h9h 8h10h 8h8i 8h8j"),
	CHECKS("dai", DAI_OX, "8h8f", KIFU_ILL_BLOCKED),
	CHECKS("dai", DAI_OX, "8h6h", KIFU_ILL_BLOCKED),
	/* Flying Dragon (F'): up to two squares diagonally, blocked on the
	 * first.  On 8h: 7g Sente (nothing that way), 9g Gote (capture, not
	 * 10f), 7i then 6j, 9i then 10j (Gote). */
	MOVES("dai", DAI_DRAGON, "8h", "8h9g 8h7i 8h6j 8h9i 8h10j"),
	CHECKS("dai", DAI_DRAGON, "8h6f", KIFU_ILL_BLOCKED),
	CHECKS("dai", DAI_DRAGON, "8h10f", KIFU_ILL_BLOCKED),

	/* Promotion.  Zone: ranks a-e.  A move may promote if it enters the
	 * zone from outside, or is a capture that starts or ends in it; never
	 * forced (docs/rules.md, Dai Shogi).
	 * Gold on 8f (rank 6): forward 8e and the forward diagonals 7e 9e
	 * enter the zone, each with and without '+'; sideways 7f 9f and back
	 * 8g stay outside: no '+'. */
	MOVES("dai", DAI_PROMOTION, "8f", "8f8e 8f8e+ 8f7e 8f7e+ 8f9e 8f9e+ 8f7f 8f9f 8f8g"),
	/* Gold on 12d (inside) with a Gote pawn on 12c: the capture inside the
	 * zone may promote; the quiet moves inside the zone (11c 13c 11d 13d
	 * 12e) may not. */
	MOVES("dai", DAI_PROMOTION, "12d", "12d12c 12d12c+ 12d11c 12d13c 12d11d 12d13d 12d12e"),
	/* Silver on 4e (rank 5, inside) with a Gote pawn on 3f (outside): the
	 * capture leaving the zone may promote; the quiet move leaving it (5f)
	 * and the quiet moves inside (4d 3d 5d) may not. */
	MOVES("dai", DAI_PROMOTION, "4e", "4e4d 4e3d 4e5d 4e3f 4e3f+ 4e5f"),
	CHECKS("dai", DAI_PROMOTION, "4e5f+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("dai", DAI_PROMOTION, "12d11c+", KIFU_ILL_PROMOTE_HERE),
	/* Promoted pieces never promote again: a Tokin (+P) on 8f entering
	 * the zone, capturing on 8e too, has no '+'; nor has a Go-between-made
	 * Drunk Elephant (+P') on 4f (it never becomes a Prince).  A Kirin on
	 * 12g may promote (to a Lion) jumping into the zone on 12e; a pawn on
	 * 1f may promote entering on 1e. */
	MOVES("dai", DAI_PROMOTED, "8f", "8f8e 8f7e 8f9e 8f7f 8f9f 8f8g"),
	MOVES("dai", DAI_PROMOTED, "4f", "4f4e 4f3e 4f5e 4f3f 4f5f 4f3g 4f5g"),
	MOVES("dai", DAI_PROMOTED, "12g", "12g11f 12g13f 12g11h 12g13h 12g12e 12g12e+ 12g12i 12g10g 12g14g"),
	MOVES("dai", DAI_PROMOTED, "1f", "1f1e 1f1e+"),
	CHECKS("dai", DAI_PROMOTED, "8f8e+", KIFU_ILL_PROMOTED_AGAIN),
	CHECKS("dai", DAI_PROMOTED, "4f4e+", KIFU_ILL_PROMOTED_AGAIN),
	/* King and Lion never promote: the King on 3f entering the zone, and
	 * the Lion on 8g reaching rank e, have no '+'.  Lion: the 24 squares
	 * of files 6-10, ranks e-i, and one pass. */
	MOVES("dai", DAI_KING_LION, "3f", "3f2e 3f3e 3f4e 3f2f 3f4f 3f2g 3f3g 3f4g"),
	MOVES("dai", DAI_KING_LION, "8g",
	      "8g6e 8g7e 8g8e 8g9e 8g10e 8g6f 8g7f 8g8f 8g9f 8g10f 8g6g 8g7g "
	      "8g9g 8g10g 8g6h 8g7h 8g8h 8g9h 8g10h 8g6i 8g7i 8g8i 8g9i 8g10i "
	      "8g8f8g"),
	CHECKS("dai", DAI_KING_LION, "3f3e+", KIFU_ILL_CANNOT_PROMOTE),
	CHECKS("dai", DAI_KING_LION, "8g8e+", KIFU_ILL_CANNOT_PROMOTE),

	/* Dead pieces.  A pawn, lance, iron or stone general on the last rank,
	 * or a knight on the last two, that did not promote has no moves, and
	 * the position is legal (docs/rules.md, Dai Shogi).  Sente: pawn 5a,
	 * lance 9a, iron 11a, stone 13a, knight 7b; Sente's King 1o, Gote's
	 * 15o. */
	MOVES("dai", DAI_DEAD, "5a", ""),
	MOVES("dai", DAI_DEAD, "9a", ""),
	MOVES("dai", DAI_DEAD, "11a", ""),
	MOVES("dai", DAI_DEAD, "13a", ""),
	MOVES("dai", DAI_DEAD, "7b", ""),
	/* A pawn on 3b moves quietly inside the zone to 3a: no promotion
	 * (neither entering nor a capture), so it becomes a dead pawn.  A
	 * knight on 1c jumps to 2a the same way (its other jump is off the
	 * board).  The game goes on. */
	MOVES("dai", DAI_DEAD, "3b", "3b3a"),
	MOVES("dai", DAI_DEAD, "1c", "1c2a"),
	PLAYS("dai", DAI_DEAD, NULL, NULL, KIFU_GAME_ON, -1, 1, -1),

	/* No check rule in Dai: the King on 8h may step onto 7g 7h 7i although
	 * the Gote Rook on 7a attacks the whole of file 7.  All 8 steps. */
	ATTACKS("dai", DAI_NO_CHECK, "7h", KIFU_GOTE),
	MOVES("dai", DAI_NO_CHECK, "8h", "8h7g 8h8g 8h9g 8h7h 8h9h 8h7i 8h8i 8h9i"),
	CHECKS("dai", DAI_NO_CHECK, "8h7h", KIFU_LEGAL),

	/* Gote's only royal, the King on 8c, is taken by the Rook from 8h:
	 * Gote has lost, and no move follows (docs/rules.md, Dai Shogi),
	 * although its pawn on 1c could otherwise move: no legal move, and
	 * perft stops there (nothing is counted below the capture). */
	PLAYS("dai", DAI_ROYAL, "8h8c", NULL, KIFU_GAME_ROYAL_LOST, KIFU_GOTE, 0, 0),
	GAME_OVER("dai", DAI_ROYAL, "8h8c", "1c1d", KIFU_GOTE),
	/* The same, but Gote also has a Crown Prince (+e) on 3c: losing the
	 * King is not losing the game (docs/rules.md, Dai Shogi: royals are
	 * King and Crown Prince).  Gote plays on. */
	PLAYS("dai", DAI_PRINCE, "8h8c", NULL, KIFU_GAME_ON, -1, 1, -1),
	/* Gote's Prince (a King's moves; Gote moves toward rank o): 2b 3b 4b
	 * 2c 4c 2d 3d 4d; the pawn on 1c: 1d (rank d is not Gote's zone). */
	MOVES_AFTER("dai", DAI_PRINCE, "8h8c", "3c", "3c2b 3c3b 3c4b 3c2c 3c4c 3c2d 3c3d 3c4d"),
	MOVES_AFTER("dai", DAI_PRINCE, "8h8c", "1c", "1c1d"),
	CHECKS_AFTER("dai", DAI_PRINCE, "8h8c", "1c1d", KIFU_LEGAL),
	/* When the Rook then takes the Prince along rank c (7c-4c empty), the
	 * game is over. */
	PLAYS("dai", DAI_PRINCE, "8h8c 1c1d 8c3c", NULL, KIFU_GAME_ROYAL_LOST, KIFU_GOTE, 0, 0),
	GAME_OVER("dai", DAI_PRINCE, "8h8c 1c1d 8c3c", "1d1e", KIFU_GOTE),

	/* ---- Sho Shogi ---- */

	/* Zone: ranks a-c.  A move may promote if it enters the zone from
	 * outside; a pawn or lance also on any move to the last rank; never
	 * forced.  Silver on 5d entering on 5c 4c 6c: both forms; back to 4e
	 * 6e: no. */
	MOVES("sho", SHO_PROMOTION, "5d", "5d5c 5d5c+ 5d4c 5d4c+ 5d6c 5d6c+ 5d4e 5d6e"),
	/* Gold never promotes, even entering (2c 1c 3c). */
	MOVES("sho", SHO_PROMOTION, "2d", "2d2c 2d1c 2d3c 2d1d 2d3d 2d2e"),
	/* Lance on 7c (inside): 7b is a quiet move inside the zone (no '+');
	 * 7a is the last rank: promotion allowed, not forced. */
	MOVES("sho", SHO_PROMOTION, "7c", "7c7b 7c7a 7c7a+"),
	/* Pawn on 3b to the last rank: both; a pawn on rank a that stayed
	 * unpromoted is dead (no moves), and that is legal. */
	MOVES("sho", SHO_PROMOTION, "3b", "3b3a 3b3a+"),
	MOVES("sho", SHO_PROMOTION, "1a", ""),
	/* Knights: on 5b it can never move; on 8e, 9c enters the zone (7c
	 * holds the Sente lance). */
	MOVES("sho", SHO_PROMOTION, "5b", ""),
	MOVES("sho", SHO_PROMOTION, "8e", "8e9c 8e9c+"),
	/* King never promotes. */
	MOVES("sho", SHO_PROMOTION, "9i", "9i8h 9i9h 9i8i"),
	CHECKS("sho", SHO_PROMOTION, "3b3a", KIFU_LEGAL),
	CHECKS("sho", SHO_PROMOTION, "2d2c+", KIFU_ILL_CANNOT_PROMOTE),
	CHECKS("sho", SHO_PROMOTION, "7c7b+", KIFU_ILL_PROMOTE_HERE),
	/* A Silver inside the zone (5c) cannot promote, not even capturing
	 * (the Gote pawn on 5b): Sho has no capture rule.  5b 4b 6b forward,
	 * 4d 6d back (leaving the zone: no promotion either). */
	MOVES("sho", SHO_INSIDE, "5c", "5c5b 5c4b 5c6b 5c4d 5c6d"),
	CHECKS("sho", SHO_INSIDE, "5c5b+", KIFU_ILL_PROMOTE_HERE),
	/* With only a King (5e), moves that leave it attacked are absent: the
	 * Gote Rook on 4a attacks file 4, so 4d 4e 4f are illegal
	 * (formats/compact.md, §2.2); 5d 6d 6e 5f 6f remain. */
	MOVES("sho", SHO_KING, "5e", "5e5d 5e6d 5e6e 5e5f 5e6f"),
	CHECKS("sho", SHO_KING, "5e4e", KIFU_ILL_ROYAL_ATTACKED),
	/* With a King and a Prince (+E on 1i), either royal may be left
	 * attacked: all eight steps. */
	MOVES("sho", SHO_KING_PRINCE, "5e", "5e4d 5e5d 5e6d 5e4e 5e6e 5e4f 5e5f 5e6f"),
	CHECKS("sho", SHO_KING_PRINCE, "5e4e", KIFU_LEGAL),

	/* ---- drops: standard shogi and Asakura (docs/rules.md) ---- */

	/* Sente holds P, L, N; Sente King 5i, Gote King 9a; a Sente pawn on
	 * 5e, a Sente tokin on 3e, a Gote pawn on 7c.
	 * Pawn: any empty square but rank a (dead drop) and file 5 (二歩, a
	 * second unpromoted Sente pawn); the tokin on file 3 and the Gote pawn
	 * on file 7 do not count.  P*9b gives check but the King takes it: not
	 * mate, so legal.
	 * Lance: any empty square but rank a.  Knight: any empty square but
	 * ranks a and b. */
	DROPS_FROM("shogi", SHOGI_DROPS, "P", 2, 5, NULL),
	DROPS_FROM("shogi", SHOGI_DROPS, "L", 2, 0, NULL),
	DROPS_FROM("shogi", SHOGI_DROPS, "N", 3, 0, NULL),
	CHECKS("shogi", SHOGI_DROPS, "P*9b", KIFU_LEGAL),
	CHECKS("shogi", SHOGI_DROPS, "P*5d", KIFU_ILL_TWO_PAWNS),
	CHECKS("shogi", SHOGI_DROPS, "P*3d", KIFU_LEGAL),
	CHECKS("shogi", SHOGI_DROPS, "P*4a", KIFU_ILL_DEAD_DROP),
	CHECKS("shogi", SHOGI_DROPS, "L*4a", KIFU_ILL_DEAD_DROP),
	CHECKS("shogi", SHOGI_DROPS, "N*4b", KIFU_ILL_DEAD_DROP),
	CHECKS("shogi", SHOGI_DROPS, "N*4a", KIFU_ILL_DEAD_DROP),
	CHECKS("shogi", SHOGI_DROPS, "L*5e", KIFU_ILL_DROP_OCCUPIED),
	CHECKS("shogi", SHOGI_DROPS, "G*4d", KIFU_ILL_NOT_IN_HAND),
	CHECKS("shogi", SHOGI_DROPS, "P*4d+", KIFU_ILL_DROP_PROMOTE),

	/* Gote King 1a, Gote Lance 2a; Sente Silver 1c, Lance 2h, King 1i;
	 * Sente holds a pawn.  P*1b checks the King: 1b is guarded by the
	 * Silver, 2b by the Silver and the Lance, 2a holds Gote's own Lance:
	 * mate by a pawn drop (打ち歩詰め), illegal.  Every other empty square
	 * of ranks b-i takes a pawn: 72 - 3 occupied - 1b = 68. */
	DROPS_FROM("shogi", SHOGI_DROP_MATE, "P", 2, 0, "P*1b"),
	CHECKS("shogi", SHOGI_DROP_MATE, "P*1b", KIFU_ILL_DROP_MATE),
	/* The whole position: 68 drops, Silver 1c 1b 2b 2d each with and
	 * without '+' (it starts in the zone: 6), Lance 2h to 2g-2d (4), 2c
	 * 2b (both forms: 4), 2a capturing (forced: 1), King 1h 2i (2): 85,
	 * the count PROVENANCE.txt quotes for this position. */
	PLAYS("shogi", SHOGI_DROP_MATE, NULL, NULL, KIFU_GAME_ON, -1, 1, 85),
	/* A pawn drop that checks without mating is legal: with the Silver on
	 * 1d instead, the King can take the pawn on 1b. */
	CHECKS("shogi", SHOGI_DROP_CHECK, "P*1b", KIFU_LEGAL),
	PLAYS("shogi", SHOGI_DROP_CHECK, "P*1b", NULL, KIFU_GAME_ON, -1, 1, -1),

	/* Standard shogi: a move may promote if it starts or ends in the zone
	 * (ranks a-c); a pawn or lance must on rank a, a knight on ranks a-b.
	 * Sente King 1i, Gote King 9g. */
	MOVES("shogi", SHOGI_FORCED, "4b", "4b4a+"),
	MOVES("shogi", SHOGI_FORCED, "6c", "6c6b 6c6b+ 6c6a+"),
	MOVES("shogi", SHOGI_FORCED, "2d", "2d1b+ 2d3b+"),
	MOVES("shogi", SHOGI_FORCED, "8e", "8e7c 8e7c+ 8e9c 8e9c+"),
	/* Silver on 3c: 3b, 2b (4b own pawn), back 4d (2d own knight); every
	 * move starts in the zone, so each may promote, leaving it too. */
	MOVES("shogi", SHOGI_FORCED, "3c", "3c3b 3c3b+ 3c2b 3c2b+ 3c4d 3c4d+"),
	CHECKS("shogi", SHOGI_FORCED, "4b4a", KIFU_ILL_MUST_PROMOTE),
	CHECKS("shogi", SHOGI_FORCED, "6c6a", KIFU_ILL_MUST_PROMOTE),
	CHECKS("shogi", SHOGI_FORCED, "2d1b", KIFU_ILL_MUST_PROMOTE),

	/* Asakura: a captured Drunk Elephant or Prince leaves the game; any
	 * other captured piece goes to the captor's hand (docs/rules.md,
	 * Asakura shogi).  Sente Rook 5e; Gote Drunk Elephant 5c, pawn 3e,
	 * Prince 7e: taking the Elephant or the Prince leaves Sente's hand
	 * empty, taking the pawn puts it there. */
	PLAYS("asakura", ASAKURA_CAPTURES, "5e5c", "k8/9/4R4/9/2+e3p2/9/9/9/4K4 w - 2", KIFU_GAME_ON, -1, 2, -1),
	PLAYS("asakura", ASAKURA_CAPTURES, "5e7e", "k8/9/4e4/9/2R3p2/9/9/9/4K4 w - 2", KIFU_GAME_ON, -1, 1, -1),
	PLAYS("asakura", ASAKURA_CAPTURES, "5e3e", "k8/9/4e4/9/2+e3R2/9/9/9/4K4 w P 2", KIFU_GAME_ON, -1, 2, -1),

	/* ---- kifu_check_move: the codes ---- */

	/* The start position: Rook 2h behind its pawn on 2g. */
	CHECKS("shogi", NULL, "7g7f", KIFU_LEGAL),
	CHECKS("shogi", NULL, "2h2g2f", KIFU_ILL_NO_TWO_LEG),
	CHECKS("shogi", NULL, "2h2e", KIFU_ILL_BLOCKED),
	CHECKS("shogi", NULL, "2h2g", KIFU_ILL_OWN_CAPTURE),
	CHECKS("shogi", NULL, "2h3f", KIFU_ILL_UNREACHABLE),
	CHECKS("shogi", NULL, "7g7f+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("shogi", NULL, "5a5b", KIFU_ILL_NOT_YOURS),
	CHECKS("shogi", NULL, "5e5d", KIFU_ILL_NO_PIECE),
	CHECKS("shogi", NULL, "P*5e", KIFU_ILL_NOT_IN_HAND),
	/* The blocker is named: the pawn on 2g stops the Rook. */
	NAMES_BLOCKER("shogi", NULL, "2h2e", "2g", "rook", "pawn"),
	/* A Gold cannot promote; a Silver outside the zone may not. */
	CHECKS("shogi", SHOGI_GOLD_SILVER, "5d5c+", KIFU_ILL_CANNOT_PROMOTE),
	CHECKS("shogi", SHOGI_GOLD_SILVER, "5f5e+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("shogi", SHOGI_GOLD_SILVER, "5f5e", KIFU_LEGAL),
	/* Dai: no drops; a two-leg move that is not a Lion's; the jump, named
	 * by a leg, is the jump. */
	CHECKS("dai", DAI_LION_ONE_ENEMY, "P*8c", KIFU_ILL_NO_DROPS),
	CHECKS("dai", DAI_LION_ONE_ENEMY, "8h8g6e", KIFU_ILL_BAD_TWO_LEG),
	CHECKS("dai", DAI_LION_ONE_ENEMY, "8h8f", KIFU_LEGAL),
	CHECKS("dai", DAI_LION_ONE_ENEMY, "8h7g6f", KIFU_LEGAL),
	CHECKS("dai", DAI_LION_ONE_ENEMY, "8h5h", KIFU_ILL_UNREACHABLE),

	/* ---- hooks (formats/movement.md, X>; docs/rules.md, Dai Dai) ---- */

	/* The Hook Mover on 9i: up, 9h (9g its own; from 9h both turns meet
	 * its own Pawns on 10h and 8h); down, 9j and the Pawn on 9k, and from
	 * 9j the turn to the Pawn on 10j (8j its own); left (Sente's left is
	 * the higher file), 10i and 11i (12i its own), from 10i the turn down
	 * to 10j again (one move), up 10h its own; from 11i down 11j (11k its
	 * own), up 11h its own; right, the Pawn on 8i, where it must stop.  8
	 * moves; the Hook Mover never promotes. */
	MOVES("dai-dai", DD_HOOK, "9i", "9i9h 9i9j 9i9k 9i10j 9i10i 9i11i 9i11j 9i8i"),
	/* 11g: through 9g (its own Pawn) or through 11h (its own): both
	 * corners' paths are blocked. */
	CHECKS("dai-dai", DD_HOOK, "9i11g", KIFU_ILL_HOOK_BLOCKED),
	/* 12j: the corner 12i is its own Pawn, the other path crosses the
	 * Pawn it could take on 10j. */
	CHECKS("dai-dai", DD_HOOK, "9i12j", KIFU_ILL_HOOK_BLOCKED),
	/* 9l: straight down past the Pawn on 9k: blocked, by that Pawn. */
	CHECKS("dai-dai", DD_HOOK, "9i9l", KIFU_ILL_BLOCKED),
	NAMES_BLOCKER("dai-dai", DD_HOOK, "9i9l", "9k", "hook-mover", "pawn"),
	CHECKS("dai-dai", DD_HOOK, "9i9g", KIFU_ILL_OWN_CAPTURE),
	CHECKS("dai-dai", DD_HOOK, "9i11j", KIFU_LEGAL),
	/* The Goblin on 1q: its steps meet its own Pawns (1p, 2q); up-left
	 * 2p (3o its own), and from 2p the two turns: up-right to the Gote
	 * Pawn on 1o, down-left to 3q.  3 moves. */
	MOVES("dai-dai", DD_GOBLIN, "1q", "1q2p 1q1o 1q3q"),

	/* ---- promotion by capture (promotion.when: capture, forced) ---- */

	/* The Flying Dragon on 9i: up to two squares diagonally; the capture
	 * on 8h must promote, no other move may. */
	MOVES("dai-dai", DD_PROMOTE, "9i", "9i8h+ 9i10h 9i11g 9i10j 9i11k 9i8j 9i7k"),
	CHECKS("dai-dai", DD_PROMOTE, "9i8h", KIFU_ILL_MUST_PROMOTE),
	CHECKS("dai-dai", DD_PROMOTE, "9i10h+", KIFU_ILL_PROMOTE_HERE),
	/* Igui is a capture too: the Lion takes on 3h without moving and
	 * becomes a Furious Fiend. */
	CHECKS("dai-dai", DD_PROMOTE, "3i3h3i", KIFU_ILL_MUST_PROMOTE),
	CHECKS("dai-dai", DD_PROMOTE, "3i3h3i+", KIFU_LEGAL),
	CHECKS("dai-dai", DD_PROMOTE, "3i3g", KIFU_LEGAL),
	CHECKS("dai-dai", DD_PROMOTE, "3i3g+", KIFU_ILL_PROMOTE_HERE),

	/* ---- lion power along a line of three squares (K~3: formats/movement.md;
	 * docs/rules.md, Maka Dai Dai) ---- */

	/* The Lion Dog on 10j.  Up: 10i its own, so 10h (taken by a jump)
	 * and 10g, and from 10h on to 10g (10h then back to 10i: its own;
	 * back to 10j: a path of four).  Left (Sente's left, file 11): 11j
	 * and, jumping, 12j, 13j; 11j taken and back (igui), or on to 12j or
	 * 13j.  Right the same (9j, 8j, 7j).  Down 10k 10l 10m; each diagonal
	 * its three squares (12); one pass.  Every capture promotes (to a
	 * Gold: Evans), forced.  3 + 6 + 6 + 3 + 12 + 1 = 31. */
	MOVES("maka-dai-dai", MAKA_LION_DOG, "10j",
	      "10j10h+ 10j10g+ 10j10h10g+ "
	      "10j11j+ 10j12j 10j13j 10j11j10j+ 10j11j12j+ 10j11j13j+ "
	      "10j9j+ 10j8j 10j7j 10j9j10j+ 10j9j8j+ 10j9j7j+ "
	      "10j10k 10j10l 10j10m "
	      "10j11i 10j12h 10j13g 10j9i 10j8h 10j7g 10j11k 10j12l 10j13m 10j9k 10j8l 10j7m "
	      "10j10k10j"),
	/* 10h taken, then back to 10j: four steps, more than three. */
	CHECKS("maka-dai-dai", MAKA_LION_DOG, "10j10h10j+", KIFU_ILL_BAD_TWO_LEG),
	/* 11j taken, then to 14j: past the line's third square. */
	CHECKS("maka-dai-dai", MAKA_LION_DOG, "10j11j14j+", KIFU_ILL_BAD_TWO_LEG),
	/* 10i is its own Pawn: no first leg there. */
	CHECKS("maka-dai-dai", MAKA_LION_DOG, "10j10i10h+", KIFU_ILL_OWN_CAPTURE),
	CHECKS("maka-dai-dai", MAKA_LION_DOG, "10j10f", KIFU_ILL_UNREACHABLE),
	CHECKS("maka-dai-dai", MAKA_LION_DOG, "10j11j12j", KIFU_ILL_MUST_PROMOTE),
	CHECKS("maka-dai-dai", MAKA_LION_DOG, "10j9j7j+", KIFU_LEGAL),
	/* It attacks the three squares of each line, whatever stands between. */
	ATTACKS("maka-dai-dai", MAKA_LION_DOG, "10g", KIFU_SENTE),

	/* The runs (ja 狛犬: "1, 2 and 3", taking every enemy it stops on),
	 * worked by hand on MAKA_RUNS.  Up (10i, 10h enemies, 10g empty): the
	 * jumps 10i+ 10h+ 10g; 10i taken, then back (igui), on to 10h or 10g;
	 * 10h taken, then back to 10i or on to 10g; and the run, 10i and 10h
	 * taken, ending on 10g: 3 + 3 + 2 + 1 = 9.  Left (11j, 12j, 13j
	 * enemies): the same nine, the run taking three (11j, 12j, 13j).
	 * Right (9j enemy, 8j its own, 7j empty): 9j+ 7j, 9j taken then back
	 * or on to 7j; no first leg on 8j, no run through it: 4.  Down (10k
	 * enemy, 10l 10m empty): 10k+ 10l 10m, 10k taken then back or on to
	 * 10l or 10m; no run (10l empty): 6.  The diagonals' 12 squares, one
	 * pass: 9 + 9 + 4 + 6 + 12 + 1 = 41 (each capture a forced promotion).
	 * With the Pawn's 8j8i and the King's 3: 45 (43 before the runs). */
	MOVES("maka-dai-dai", MAKA_RUNS, "10j",
	      "10j10i+ 10j10h+ 10j10g 10j10i10j+ 10j10i10h+ 10j10i10g+ 10j10h10i+ 10j10h10g+ "
	      "10j10i10h10g+ "
	      "10j11j+ 10j12j+ 10j13j+ 10j11j10j+ 10j11j12j+ 10j11j13j+ 10j12j11j+ 10j12j13j+ "
	      "10j11j12j13j+ "
	      "10j9j+ 10j7j 10j9j10j+ 10j9j7j+ "
	      "10j10k+ 10j10l 10j10m 10j10k10j+ 10j10k10l+ 10j10k10m+ "
	      "10j11i 10j12h 10j13g 10j9i 10j8h 10j7g 10j11k 10j12l 10j13m 10j9k 10j8l 10j7m "
	      "10j11i10j"),
	PLAYS("maka-dai-dai", MAKA_RUNS, NULL, NULL, KIFU_GAME_ON, -1, 1, 45),
	CHECKS("maka-dai-dai", MAKA_RUNS, "10j10i10h10g+", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_RUNS, "10j11j12j13j+", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_RUNS, "10j10i10h10g", KIFU_ILL_MUST_PROMOTE),
	/* a run stops on 8j, its own Pawn; on 10l, empty */
	CHECKS("maka-dai-dai", MAKA_RUNS, "10j9j8j7j+", KIFU_ILL_BAD_RUN),
	NAMES_BLOCKER("maka-dai-dai", MAKA_RUNS, "10j9j8j7j+", "8j", "lion-dog", "pawn"),
	CHECKS("maka-dai-dai", MAKA_RUNS, "10j10k10l10m+", KIFU_ILL_BAD_RUN),
	/* past the line's third square; off the line: three king steps, a
	 * three-leg move (KIFU_MOVE_THREE_LEGS), which the Lion Dog (no L3)
	 * does not have */
	CHECKS("maka-dai-dai", MAKA_RUNS, "10j10h10g10f+", KIFU_ILL_BAD_TWO_LEG),
	CHECKS("maka-dai-dai", MAKA_RUNS, "10j10i10h11g+", KIFU_ILL_BAD_THREE_LEGS),
	/* after the run up, 10i and 10h are empty, the Gold (the Lion Dog
	 * promoted) on 10g: Gote's Pawns on 13j 12j 11j 9j 10k step down, its
	 * King has 3: 8.  After the run left: the Pawns on 10i (to 10j, now
	 * empty), 9j and 10k (10h is behind its own Pawn), the King's 3: 6. */
	PLAYS("maka-dai-dai", MAKA_RUNS, "10j10i10h10g+",
	      "18k/19/19/19/19/19/9+L'9/19/19/6ppp1pP7/9p9/19/19/19/19/19/19/19/K18 w - 2", KIFU_GAME_ON, -1, 1, 8),
	PLAYS("maka-dai-dai", MAKA_RUNS, "10j11j12j13j+",
	      "18k/19/19/19/19/19/19/9p9/9p9/6+L'3pP7/9p9/19/19/19/19/19/19/19/K18 w - 2", KIFU_GAME_ON, -1, 1, 6),

	/* ---- L3, the Lion's power of three king steps (formats/movement.md) ---- */

	/* The Teaching King (Q L3) on 10j of TL_CROWD, by hand.  One move per
	 * result (where it ends, what it takes).  Where it ends alone: every
	 * square within three king steps but 11i, its own (48 - 1 = 47, 10i,
	 * 9i and 10h taken by the jump), and the Free King's slides past
	 * them: right 6j..1j (6), left 14j..19j (6), down 10n..10s (6), down
	 * right 6n..1s (6), down left 14n..18r (5, its King on 19s); up, up
	 * right and up left stop on 10i, 9i and 11i: 47 + 29 = 76.  One enemy
	 * taken on the way, then a jump on within the steps left: after 10i
	 * (one step) every square within two of it but itself and 11i, 10j
	 * (igui) among them: 23; after 9i the same, 23; after 10h (two steps)
	 * its eight neighbours but 11i: 7; 53.  Two enemies next to each
	 * other, the first next to 10j, then a third step: 10i, 9i and then
	 * 8h, 8i or 8j (3: its four other ends, 9h 10h 9j 10j, are reached
	 * through 9i, 10i too and listed that way, the lower square first);
	 * 9i, 10i and then 9h, 10h, 11h, 9j, 11j or 10j (igui of two) (6);
	 * 10i, 10h and then 9g 11g 9h 11h 9i, or 10g (the run
	 * 10j10i10h10g: three steps out along one line) (6); 9i, 10h and
	 * then 9g 10g 11g 9h 11h 10i (6): 21.  A pass: 1.  151; with the
	 * Pawn's 11i11h and the King's 3: 155. */
	MOVES("maka-dai-dai-teaching-lion", TL_CROWD, "10j",
	      "10j10g 10j10h 10j10i 10j10k 10j10l 10j10m 10j10n 10j10o 10j10p 10j10q 10j10r 10j10s 10j11g "
	      "10j11h 10j11j 10j11k 10j11l 10j11m 10j12g 10j12h 10j12i 10j12j 10j12k 10j12l 10j12m 10j13g "
	      "10j13h 10j13i 10j13j 10j13k 10j13l 10j13m 10j14j 10j14n 10j15j 10j15o 10j16j 10j16p 10j17j "
	      "10j17q 10j18j 10j18r 10j19j 10j1j 10j1s 10j2j 10j2r 10j3j 10j3q 10j4j 10j4p 10j5j 10j5o 10j6j "
	      "10j6n 10j7g 10j7h 10j7i 10j7j 10j7k 10j7l 10j7m 10j8g 10j8h 10j8i 10j8j 10j8k 10j8l 10j8m "
	      "10j9g 10j9h 10j9i 10j9j 10j9k 10j9l 10j9m "
	      "10j10h10g 10j10h10i 10j10h11g 10j10h11h 10j10h9g 10j10h9h 10j10h9i "
	      "10j10i10g 10j10i10h 10j10i10j 10j10i10k 10j10i11g 10j10i11h 10j10i11j 10j10i11k 10j10i12g "
	      "10j10i12h 10j10i12i 10j10i12j 10j10i12k 10j10i8g 10j10i8h 10j10i8i 10j10i8j 10j10i8k 10j10i9g "
	      "10j10i9h 10j10i9i 10j10i9j 10j10i9k "
	      "10j9i10g 10j9i10h 10j9i10i 10j9i10j 10j9i10k 10j9i11g 10j9i11h 10j9i11j 10j9i11k 10j9i7g "
	      "10j9i7h 10j9i7i 10j9i7j 10j9i7k 10j9i8g 10j9i8h 10j9i8i 10j9i8j 10j9i8k 10j9i9g 10j9i9h "
	      "10j9i9j 10j9i9k "
	      "10j9j10j "
	      "10j10i10h10g 10j10i10h11g 10j10i10h11h 10j10i10h9g 10j10i10h9h 10j10i10h9i "
	      "10j10i9i8h 10j10i9i8i 10j10i9i8j "
	      "10j9i10h10g 10j9i10h10i 10j9i10h11g 10j9i10h11h 10j9i10h9g 10j9i10h9h "
	      "10j9i10i10h 10j9i10i10j 10j9i10i11h 10j9i10i11j 10j9i10i9h 10j9i10i9j"),
	PLAYS("maka-dai-dai-teaching-lion", TL_CROWD, NULL, NULL, KIFU_GAME_ON, -1, 1, 155),
	/* The same on Tai's board: the slides past the 7x7 square are 9 each
	 * way but down left's 8 (its Prince on 25y): 47 + 44 + 53 + 21 + 1 =
	 * 166, with the Pawn's step and the Prince's 3: 170. */
	PLAYS("tai-teaching-lion", TL_TAI, NULL, NULL, KIFU_GAME_ON, -1, 1, 170),
	/* tai's Teaching King (Q K~3) on the same square: 81 in all */
	PLAYS("tai", TL_TAI, NULL, NULL, KIFU_GAME_ON, -1, 1, 81),
	/* after 10i and 9i taken, on to 8h: both gone, the Teaching King on
	 * 8h; Gote: its Pawn's step to 10i, its King's 3 (no royal rule) */
	PLAYS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i9i8h",
	      "18k/19/19/19/19/19/19/9p1+V'7/8P10/19/19/19/19/19/19/19/19/19/K18 w - 2", KIFU_GAME_ON, -1, 1, 4),
	/* igui of two: 9i and 10i taken, back on 10j */
	PLAYS("maka-dai-dai-teaching-lion", TL_CROWD, "10j9i10i10j",
	      "18k/19/19/19/19/19/19/9p9/8P10/9+V'9/19/19/19/19/19/19/19/19/K18 w - 2", KIFU_GAME_ON, -1, 1, 4),
	/* the run: 10i and 10h taken, on 10g */
	PLAYS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i10h10g",
	      "18k/19/19/19/19/19/9+V'9/19/8P1p8/19/19/19/19/19/19/19/19/19/K18 w - 2", KIFU_GAME_ON, -1, 1, 4),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i9i8h", KIFU_LEGAL),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j9i10i10j", KIFU_LEGAL),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i10h10g", KIFU_LEGAL),
	/* the other order through 9i and 10i is the same move (listed as
	 * 10j9i10i10j): the one-move check takes either */
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i9i10j", KIFU_LEGAL),
	/* a stop on an empty square (9j), on its own Pawn (11i), a first stop
	 * on an empty square (9j) */
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i9j8i", KIFU_ILL_BAD_THREE_LEGS),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i11i11h", KIFU_ILL_BAD_THREE_LEGS),
	NAMES_BLOCKER("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i11i11h", "11i", "+deva", "pawn"),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j9j9i8h", KIFU_ILL_BAD_THREE_LEGS),
	/* ending on its first stop (that is 10j9i10i), on its own Pawn */
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i9i10i", KIFU_ILL_BAD_THREE_LEGS),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i10h11i", KIFU_ILL_OWN_CAPTURE),
	/* the two-leg moves: a jump on of two after one step, of one after two */
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i12g", KIFU_LEGAL),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10h10f", KIFU_ILL_BAD_TWO_LEG),
	CHECKS("maka-dai-dai-teaching-lion", TL_CROWD, "10j10i13i", KIFU_ILL_BAD_TWO_LEG),
	/* maka-dai-dai's Teaching King (Q K~3) has no three legs */
	CHECKS("maka-dai-dai", TL_CROWD, "10j10i9i8h", KIFU_ILL_BAD_THREE_LEGS),
	/* it attacks every square within three king steps, whatever stands
	 * between (12g, off its lines; 13g behind its own Pawn) */
	ATTACKS("maka-dai-dai-teaching-lion", TL_CROWD, "12g", KIFU_SENTE),
	ATTACKS("maka-dai-dai-teaching-lion", TL_CROWD, "13g", KIFU_SENTE),

	/* ---- the Emperor (E: formats/movement.md; docs/rules.md, Maka Dai Dai) ---- */

	/* The Emperor on 10j: every empty square of the board (361 less the 6
	 * pieces: 355) and the Gote pieces no other Gote piece protects: the
	 * King on 1a, the Pawns on 10f and 5e (3); not the Pawn on 10g,
	 * which the Pawn on 10f protects.  With the Pawn's step 15o15n: 359. */
	PLAYS("maka-dai-dai", MAKA_EMPEROR, NULL, NULL, KIFU_GAME_ON, -1, 1, 359),
	CHECKS("maka-dai-dai", MAKA_EMPEROR, "10j10g", KIFU_ILL_EMPEROR_PROTECTED),
	NAMES_BLOCKER("maka-dai-dai", MAKA_EMPEROR, "10j10g", "10g", "+king", "pawn"),
	CHECKS("maka-dai-dai", MAKA_EMPEROR, "10j10f", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_EMPEROR, "10j1a", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_EMPEROR, "10j19s", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_EMPEROR, "10j15o", KIFU_ILL_OWN_CAPTURE),
	/* An Emperor protects every square but its own (its side's pieces). */
	ATTACKS("maka-dai-dai", MAKA_EMPEROR, "2r", KIFU_SENTE),

	/* The Furious Fiend on 10j (L K~3; promoted, it promotes no more): the
	 * Lion's 23 squares within two (9j is its own), its 8 moves through the
	 * Pawn it takes on 11j (igui among them) and a pass; the Lion Dog's
	 * jumps to the third square of each line (10g taking, 13j, 7j over its
	 * own Pawn, 13g 7g 13m 7m 10m), 11j taken and on to 13j, 10h taken and
	 * back to 10i or on to 10g.  23 + 8 + 1 + 8 + 3 = 43. */
	MOVES("maka-dai-dai", MAKA_FIENDS, "10j",
	      "10j12h 10j11h 10j10h 10j9h 10j8h 10j12i 10j11i 10j10i 10j9i 10j8i "
	      "10j12j 10j11j 10j8j 10j12k 10j11k 10j10k 10j9k 10j8k 10j12l 10j11l 10j10l 10j9l 10j8l "
	      "10j11j12i 10j11j11i 10j11j10i 10j11j12j 10j11j10j 10j11j12k 10j11j11k 10j11j10k "
	      "10j10i10j "
	      "10j10g 10j13j 10j7j 10j13g 10j7g 10j13m 10j7m 10j10m "
	      "10j11j13j 10j10h10i 10j10h10g"),
	/* The Teaching King on 4j (Q K~3): the Free King's 36 (up 4i and the
	 * Pawn on 4h, down 9, the Pawn on 5j, the diagonals 9 + 3 + 9 + 3);
	 * the Lion Dog's jumps past what stops a slide (4g, 6j and 7j, 2j and
	 * 1j over its own Pawn), 5j taken and back (igui) or on to 6j or 7j,
	 * 4h taken and back to 4i or on to 4g, a pass: 36 + 5 + 5 + 1 = 47.
	 * With the Fiend's 43, the King's 3 and the Pawns' 2: 95. */
	PLAYS("maka-dai-dai", MAKA_FIENDS, NULL, NULL, KIFU_GAME_ON, -1, 1, 95),
	CHECKS("maka-dai-dai", MAKA_FIENDS, "4j4h4g", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_FIENDS, "4j5j7j", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_FIENDS, "4j5j4j", KIFU_LEGAL),
	CHECKS("maka-dai-dai", MAKA_FIENDS, "4j4h4j", KIFU_ILL_BAD_TWO_LEG),
	CHECKS("maka-dai-dai", MAKA_FIENDS, "10j10h10i+", KIFU_ILL_PROMOTED_AGAIN),

	/* ---- promotion forced only when taking a promoted piece
	 * (promotion.forced-taking-promoted; docs/rules.md, Maka Dai Dai) ---- */

	/* The Rook on 10j promotes only by capture (zone 0, when: capture):
	 * up 10i 10h, and the Tokin on 10g, which it must promote taking (a
	 * promoted piece); down 10k to 10s (9); right 9j to 6j, and the Pawn
	 * on 5j, taking which it may promote or not; left 11j to 19j (9).
	 * 2 + 1 + 9 + 4 + 2 + 9 = 27.  (maka-dai-dai forces both captures'
	 * promotion, maka-dai-dai-unforced neither.) */
	MOVES("maka-dai-dai-muller", MAKA_MULLER, "10j",
	      "10j10i 10j10h 10j10g+ 10j10k 10j10l 10j10m 10j10n 10j10o 10j10p 10j10q 10j10r 10j10s "
	      "10j9j 10j8j 10j7j 10j6j 10j5j 10j5j+ "
	      "10j11j 10j12j 10j13j 10j14j 10j15j 10j16j 10j17j 10j18j 10j19j"),
	CHECKS("maka-dai-dai-muller", MAKA_MULLER, "10j10g", KIFU_ILL_MUST_PROMOTE),
	CHECKS("maka-dai-dai-muller", MAKA_MULLER, "10j5j", KIFU_LEGAL),
	CHECKS("maka-dai-dai-muller", MAKA_MULLER, "10j10h+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("maka-dai-dai", MAKA_MULLER, "10j5j", KIFU_ILL_MUST_PROMOTE),
	CHECKS("maka-dai-dai-unforced", MAKA_MULLER, "10j10g", KIFU_LEGAL),
	/* MAKA_RUNS with the Pawn on 10h a Tokin: the run up, 10i 10h 10g,
	 * takes it on a square between its named ones, so it must promote; the
	 * run left takes Pawns only and may. */
	CHECKS("maka-dai-dai-muller", MAKA_RUNS_TOKIN, "10j10i10h10g", KIFU_ILL_MUST_PROMOTE),
	CHECKS("maka-dai-dai-muller", MAKA_RUNS_TOKIN, "10j10i10h10g+", KIFU_LEGAL),
	CHECKS("maka-dai-dai-muller", MAKA_RUNS_TOKIN, "10j11j12j13j", KIFU_LEGAL),

	/* ---- the prefix o: a slide through an empty square it does not stop on
	 * (formats/movement.md; docs/rules.md, Taikyoku Shogi) ---- */

	/* The Rain Demon on 10r: fR3 10q 10p 10o; sW2 9r 8r 11r 12r; bF2 9s 8t
	 * 11s 12t; bR 10s to 10aj (18); fB 9q (its Pawn on 8p stops it) and
	 * 11q (the Gote Pawn, taken); jofB up the left diagonal over 11q,
	 * through the empty 12p, from 13o to 27a (15), not 12p itself; up the
	 * right one the o square 8p holds its Pawn: none.  A promoted piece, in
	 * its zone or not: no '+'.  3 + 4 + 4 + 18 + 2 + 15 = 46. */
	MOVES("taikyoku", TAIKYOKU_RAIN_DEMON, "10r",
	      "10r10q 10r10p 10r10o 10r9r 10r8r 10r11r 10r12r 10r9s 10r8t 10r11s 10r12t "
	      "10r10s 10r10t 10r10u 10r10v 10r10w 10r10x 10r10y 10r10z 10r10aa 10r10ab 10r10ac 10r10ad "
	      "10r10ae 10r10af 10r10ag 10r10ah 10r10ai 10r10aj 10r9q 10r11q "
	      "10r13o 10r14n 10r15m 10r16l 10r17k 10r18j 10r19i 10r20h 10r21g 10r22f 10r23e 10r24d "
	      "10r25c 10r26b 10r27a"),
	CHECKS("taikyoku", TAIKYOKU_RAIN_DEMON, "10r13o", KIFU_LEGAL),
	CHECKS("taikyoku", TAIKYOKU_RAIN_DEMON, "10r12p", KIFU_ILL_BLOCKED),
	NAMES_BLOCKER("taikyoku", TAIKYOKU_RAIN_DEMON, "10r6n", "8p", "+angle-general", "pawn"),

	/* ---- promotion.first-step (formats/variants.md; docs/rules.md, Taikyoku
	 * Shogi): the square a two-leg move's first leg ends on counts as
	 * where it ends ---- */

	/* The Lion on 10l (TAIKYOKU_FIRST_STEP).  One leg: the 24 squares of
	 * 12j-8n but its own Pawn's 9k, 23; those of ranks j and k (9, with the
	 * Gote Pawn 10k) in the zone promote, compulsorily: '+'; those of ranks
	 * l, m, n (14) do not.  Taking 10k on the first step, in the zone: on
	 * to 11j 10j 9j 11k, back to 10l (igui), or out to 11l 9l: every one
	 * promotes (7), the last three only by promotion.first-step.  Through
	 * the one empty square of the zone next to it, 11k: on to 12l and 11l,
	 * outside the zone, promoting (2: the jumps there do not; through 11k to
	 * 12j 11j 10j 12k or 10k is the same as the one-leg move, promoting by
	 * its end anyway, and through 11l, 9l, 11m, 10m, 9m the same as the jump
	 * unpromoted: no move of their own).  Passes: through 11k promoting,
	 * through 11l (or any empty square outside the zone) not: 2.  23 + 7 +
	 * 2 + 2 = 34; without promotion.first-step 31 (10k then 11l, 10l, 9l
	 * unpromoted; one pass). */
	MOVES("taikyoku", TAIKYOKU_FIRST_STEP, "10l",
	      "10l12j+ 10l11j+ 10l10j+ 10l9j+ 10l8j+ 10l12k+ 10l11k+ 10l10k+ 10l8k+ "
	      "10l12l 10l11l 10l9l 10l8l 10l12m 10l11m 10l10m 10l9m 10l8m 10l12n 10l11n 10l10n 10l9n 10l8n "
	      "10l10k11j+ 10l10k10j+ 10l10k9j+ 10l10k11k+ 10l10k10l+ 10l10k11l+ 10l10k9l+ "
	      "10l11k12l+ 10l11k11l+ 10l11k10l+ 10l11l10l"),
	MOVES("taikyoku-optional", TAIKYOKU_FIRST_STEP, "10l",
	      "10l12j 10l12j+ 10l11j 10l11j+ 10l10j 10l10j+ 10l9j 10l9j+ 10l8j 10l8j+ 10l12k 10l12k+ "
	      "10l11k 10l11k+ 10l10k 10l10k+ 10l8k 10l8k+ "
	      "10l12l 10l11l 10l9l 10l8l 10l12m 10l11m 10l10m 10l9m 10l8m 10l12n 10l11n 10l10n 10l9n 10l8n "
	      "10l10k11j 10l10k11j+ 10l10k10j 10l10k10j+ 10l10k9j 10l10k9j+ 10l10k11k 10l10k11k+ "
	      "10l10k10l 10l10k11l 10l10k9l 10l11l10l"),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l10k11l+", KIFU_LEGAL),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l10k11l", KIFU_ILL_MUST_PROMOTE),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l10k10l", KIFU_ILL_MUST_PROMOTE),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l11k12l+", KIFU_LEGAL),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l11k12l", KIFU_ILL_MUST_PROMOTE),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l12l+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l12l", KIFU_LEGAL),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l11l12l+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l11k10l", KIFU_ILL_MUST_PROMOTE),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l9l10l+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("taikyoku", TAIKYOKU_FIRST_STEP, "10l9k10l", KIFU_ILL_OWN_CAPTURE),
	CHECKS("taikyoku-optional", TAIKYOKU_FIRST_STEP, "10l10k11l+", KIFU_ILL_PROMOTE_HERE),
	CHECKS("taikyoku-optional", TAIKYOKU_FIRST_STEP, "10l11k12l", KIFU_LEGAL),

	/* ---- the range capture (range-jumps.passed: captured: formats/variants.md;
	 * docs/rules.md, Taikyoku Shogi) ---- */

	/* The Flying General on 10r passes over every piece ranking below it
	 * (rank 0), of either side, and may stop on any of them, taking it and
	 * all it passed: up, its own Pawn 10q, 10p, the Gote Pawn 10o, not the
	 * Vice General (rank 2) nor beyond: 3; down the 18 empty squares to 10aj;
	 * left 11r, not the Great General (rank 3, not even as the first piece);
	 * right 9r to 6r, the Pawn on 5r, and past it 4r to 1r: 9.  None in
	 * its zone (ranks a to k).  3 + 18 + 1 + 9 = 31. */
	MOVES("taikyoku", TAIKYOKU_RANGE, "10r",
	      "10r10q 10r10p 10r10o "
	      "10r10s 10r10t 10r10u 10r10v 10r10w 10r10x 10r10y 10r10z 10r10aa 10r10ab 10r10ac 10r10ad "
	      "10r10ae 10r10af 10r10ag 10r10ah 10r10ai 10r10aj "
	      "10r11r "
	      "10r9r 10r8r 10r7r 10r6r 10r5r 10r4r 10r3r 10r2r 10r1r"),
	CHECKS("taikyoku", TAIKYOKU_RANGE, "10r10q", KIFU_LEGAL),
	CHECKS("taikyoku", TAIKYOKU_RANGE, "10r10n", KIFU_ILL_RANGE_CAPTURE_RANK),
	NAMES_BLOCKER("taikyoku", TAIKYOKU_RANGE, "10r10n", "10n", "flying-general", "vice-general"),
	CHECKS("taikyoku", TAIKYOKU_RANGE, "10r12r", KIFU_ILL_RANGE_CAPTURE_RANK),
	CHECKS("taikyoku", TAIKYOKU_RANGE, "10r13r", KIFU_ILL_JUMP_RANK),
	/* 10r10o takes both Pawns, its own on 10q too.  Then Gote: the King on
	 * 36a (K2) 6; the Vice General on 10n, its D jumps 10l 10p (over the
	 * Flying General) 12n 8n and its B^ diagonals to the edges, 9 + 22 + 9
	 * + 13 (none passes a piece): 57; the Great General on 12r (Q^), along
	 * rank r 11 to file 1 (over its own Pawn on 5r, which it may take) and
	 * 24 to file 36, up 17, down 18, the diagonals 18 + 11 + 17 + 11: 127;
	 * the Pawn 5s: 1.  6 + 57 + 127 + 1 = 191. */
	PLAYS("taikyoku", TAIKYOKU_RANGE, "10r10o",
	      "k35/36/36/36/36/36/36/36/36/36/36/36/36/26v!'9/26L!'9/36/36/24j'6p4/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 w - 2",
	      KIFU_GAME_ON, -1, 1, 191),
};

/* The drops of `token` on every empty square of rank >= min_rank (1-based)
 * whose file is not skip_file (0: none), but those in `but`, as an
 * expected list. */
static char *drops_where(kifu_position *pos, const char *token, int min_rank, int skip_file, const char *but)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	char *out = malloc(SUPPORT_TEXT_MAX);
	size_t used = 0;
	char sq[8], drop[32];

	assert_non_null(out);
	out[0] = '\0';
	for (int r = min_rank; r <= ranks; r++)
		for (int f = 1; f <= files; f++) {
			int s = (r - 1) * files + (f - 1);
			if (f == skip_file || kifu_position_at(pos, s))
				continue;
			snprintf(drop, sizeof drop, "%s*%s", token, support_square_text(v, s, sq));
			if (but && strstr(but, drop))
				continue;
			used += (size_t)snprintf(out + used, SUPPORT_TEXT_MAX - used, "%s ", drop);
		}
	return out;
}

/* One row of specs[]: its position made, its moves played, its check. */
static void check_spec(const spec *s)
{
	kifu_position *pos = support_position(s->variant, s->sfen);
	const kifu_variant *v = kifu_position_variant(pos);
	for (const char *m = s->play; m && *m;) {
		char move[32];
		size_t n = strcspn(m, " ");
		snprintf(move, sizeof move, "%.*s", (int)n, m);
		support_play_at(pos, move, NULL, __FILE__, s->line);
		m += n + (m[n] == ' ');
	}
	switch (s->kind) {
	case PIECE:
		support_check_piece_moves(pos, s->at, s->expect, __FILE__, s->line);
		break;
	case CHECK:
		support_check_check_move(pos, s->at, (enum kifu_illegal_code)s->code, __FILE__, s->line);
		if (s->file) {
			kifu_illegal why;
			kifu_move m = support_move(pos, s->at);
			kifu_check_move(pos, &m, &why);
			if ((int)why.side != s->file - 1)
				fail_msg("line %d: %s names side %d, not %d", s->line, s->at, (int)why.side, s->file - 1);
		}
		break;
	case DROPS: {
		char *expected = drops_where(pos, s->at, s->code, s->file, s->expect);
		support_check_drops(pos, s->at, expected, __FILE__, s->line);
		free(expected);
		break;
	}
	case PLAYED: {
		char sfen[4096];
		if (s->expect && strcmp(support_sfen(pos, sfen, sizeof sfen), s->expect))
			fail_msg("line %d: the SFEN is %s, not %s", s->line, sfen, s->expect);
		if ((int)kifu_position_state(pos) != s->code || kifu_position_royal_loser(pos) != s->file ||
		    kifu_position_royals(pos, KIFU_GOTE) != s->royals)
			fail_msg("line %d: state %d, royal loser %d, Gote's royals %d; expected %d, %d, %d", s->line,
				 (int)kifu_position_state(pos), kifu_position_royal_loser(pos),
				 kifu_position_royals(pos, KIFU_GOTE), s->code, s->file, s->royals);
		if (s->count >= 0 && support_perft(pos, 1) != (uint64_t)s->count)
			fail_msg("line %d: perft 1 is %llu, not %ld", s->line, (unsigned long long)support_perft(pos, 1),
				 s->count);
		break;
	}
	case ATTACKED: {
		size_t len;
		if (!kifu_square_attacked(pos, support_parse_square(v, s->at, &len), (enum kifu_side)s->code))
			fail_msg("line %d: %s is not attacked", s->line, s->at);
		break;
	}
	case BLOCKER: {
		kifu_illegal why;
		kifu_move m = support_move(pos, s->at);
		size_t len;
		if (kifu_check_move(pos, &m, &why) != KIFU_EILLEGAL ||
		    why.square != support_parse_square(v, s->expect, &len) ||
		    why.type != kifu_variant_piece_by_id(v, s->type) ||
		    why.other_type != kifu_variant_piece_by_id(v, s->other))
			fail_msg("line %d: %s does not name the %s on %s", s->line, s->at, s->other, s->expect);
		break;
	}
	}
	kifu_position_free(pos);
}

static void hand_worked(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
		check_spec(&specs[i]);
}

/* A square beyond the board: no compact text names it. */
static void off_board(void **state)
{
	(void)state;
	kifu_position *pos = support_position("shogi", NULL);
	const kifu_variant *v = kifu_position_variant(pos);
	kifu_illegal why;
	kifu_move m = support_move(pos, "7g7f");
	m.to = (uint16_t)(kifu_variant_files(v) * kifu_variant_ranks(v));
	assert_int_equal(kifu_check_move(pos, &m, &why), KIFU_EILLEGAL);
	assert_int_equal(why.code, KIFU_ILL_OFF_BOARD);
	kifu_position_free(pos);
}

/* ---- cross-check: kifu_check_move accepts exactly the listed moves ------ */

/* The lion power of the piece on sq: 2 for the Lion's area (atom L), 1 for
 * lion power along lines (X~; the unit offsets, in board terms, go to
 * lines[]), 0 for none.  A small reading of the movement strings of the
 * shipped variants (formats/variants: "fW~", "fF~"), independent of the
 * library's parser. */
static int lion_power(const kifu_position *pos, int sq, int lines[8][2], int *nlines, int *reach)
{
	kifu_piece_info info;
	int code = kifu_position_at(pos, sq);
	*nlines = 0;
	*reach = 2;
	if (!code || kifu_variant_piece(kifu_position_variant(pos), kifu_code_type(code), &info) < 0)
		return 0;
	const char *l = strchr(info.moves, 'L');
	const int area = l != NULL;
	if (l && l[1] == '3')
		return 3; /* L3: the Lion's power of three king steps */
	/* Sente's forward is toward rank a (a lower rank index) and its right
	 * is file 1 (a lower file index); Gote's the opposite. */
	int s = kifu_code_side(code) == KIFU_SENTE ? -1 : 1;
	for (const char *t = strchr(info.moves, '~'); t; t = strchr(t + 1, '~')) {
		const char *a = t - 1, *mods = a;
		if (t[1] >= '3' && t[1] <= '9')
			*reach = t[1] - '0'; /* K~3: three squares of each line */
		while (mods > info.moves && strchr("fbsv", mods[-1]))
			mods--;
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				if ((!dx && !dy) || (*a == 'W' && dx && dy) || (*a == 'F' && (!dx || !dy)))
					continue;
				int keep = mods == a;
				for (const char *m = mods; m < a; m++)
					keep |= (*m == 'f' && dy > 0) || (*m == 'b' && dy < 0) ||
						(*m == 's' && !dy) || (*m == 'v' && !dx);
				if (keep && *nlines < 8) {
					lines[*nlines][0] = s * dx;
					lines[*nlines][1] = s * dy;
					(*nlines)++;
				}
			}
	}
	return area ? 2 : *nlines ? 1 : 0;
}

/* Is from -> mid -> to a two-step move of the piece's lion power (whatever
 * stands on mid)? */
static int lion_two_step(const kifu_position *pos, int from, int mid, int to)
{
	int files = kifu_variant_files(kifu_position_variant(pos));
	int lines[8][2], n, reach;
	int kind = lion_power(pos, from, lines, &n, &reach);
	int mf = mid % files - from % files, mr = mid / files - from / files;
	int tf = to % files - mid % files, tr = to / files - mid / files;
	if (kind == 2 && abs(mf) <= 1 && abs(mr) <= 1 && (mf || mr) && abs(tf) <= 1 && abs(tr) <= 1 &&
	    (tf || tr))
		return 1;
	/* L3: mid within two king steps, to within the steps left */
	const int d1 = abs(mf) > abs(mr) ? abs(mf) : abs(mr), d2 = abs(tf) > abs(tr) ? abs(tf) : abs(tr);
	if (kind == 3 && d1 >= 1 && d1 <= 2 && d2 >= 1 && d1 + d2 <= 3)
		return 1;
	/* along a line: mid its k-th square (k < reach), to its j-th (j != k,
	 * 0 the start), the path k + |k - j| at most reach long */
	for (int i = 0; i < n; i++)
		for (int k = 1; k < reach; k++) {
			if (mf != k * lines[i][0] || mr != k * lines[i][1])
				continue;
			for (int j = 0; j <= reach; j++)
				if (j != k && k + abs(k - j) <= reach && tf == (j - k) * lines[i][0] &&
				    tr == (j - k) * lines[i][1])
					return 1;
		}
	return 0;
}

/* promotion.first-step: is the empty mid of a two-step move what lets it
 * promote (in the zone, its ends outside)?  Then it is a move of its own,
 * not the jump (docs/rules.md, Taikyoku Shogi). */
static int first_step_counts(const kifu_position *pos, int from, int mid, int to)
{
	const kifu_variant *v = kifu_position_variant(pos);
	kifu_variant_rules r;
	kifu_variant_get_rules(v, &r);
	const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	const int sente = kifu_position_side(pos) == KIFU_SENTE;
#define IN_ZONE(sq) (sente ? (sq) / files < r.promotion_zone : (sq) / files >= ranks - r.promotion_zone)
	return r.promotion_first_step && IN_ZONE(mid) && !IN_ZONE(from) && !IN_ZONE(to);
#undef IN_ZONE
}

/* The canonical text of a move: a two-step lion move through an empty
 * square is the same move as the single leg from -> to ("8h7g6f" with 7g
 * empty is the Lion's jump 8h6f), and through an empty square back to from
 * is the pass; but with promotion.first-step, through an empty square of
 * the zone (first_step_counts) it is a move of its own, any such mid the
 * same ("@" after it). */
static void canonical(const kifu_position *pos, const kifu_move *m, char *buf)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int nsq = kifu_variant_files(v) * kifu_variant_ranks(v);
	kifu_move c = *m;
	char from[8];

	/* a three-leg move through two enemies next to each other and to
	 * from: of its two orders, the one through the lower square first */
	if (c.flags & KIFU_MOVE_THREE_LEGS) {
		const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
		const int mid2 = kifu_move_mid2(&c, files, ranks);
#define NEXT(a, b) (abs((a) % files - (b) % files) <= 1 && abs((a) / files - (b) / files) <= 1 && (a) != (b))
		if (mid2 != KIFU_NO_SQUARE && mid2 < c.mid && c.from < nsq && c.to < nsq && NEXT(c.from, mid2) &&
		    NEXT(c.mid, c.to) && c.to != mid2) {
			const int mid = c.mid;
			c.mid = (uint16_t)mid2;
			kifu_move_set_mid2(&c, mid, files, ranks);
		}
#undef NEXT
	}
	/* (a run is its own move, whatever its squares hold) */
	if (!(c.flags & (KIFU_MOVE_DROP | KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS)) && c.mid != KIFU_NO_SQUARE && c.from < nsq &&
	    c.mid < nsq && c.to < nsq && !kifu_position_at(pos, c.mid) &&
	    lion_two_step(pos, c.from, c.mid, c.to)) {
		const char *own = first_step_counts(pos, c.from, c.mid, c.to) ? "@" : "";
		if (c.from == c.to) {
			snprintf(buf, 32, "%spass%s%s", support_square_text(v, c.from, from),
				 (c.flags & KIFU_MOVE_PROMOTE) ? "+" : "", own);
			return;
		}
		c.mid = KIFU_NO_SQUARE;
		support_move_text(v, &c, buf);
		strcat(buf, own);
		return;
	}
	support_move_text(v, &c, buf);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

typedef char move_text[32];

static int listed(move_text *texts, int n, const char *t)
{
	return bsearch(t, texts, (size_t)n, sizeof *texts, cmp_str) != NULL;
}

/* Checks one candidate; counts how many were accepted. */
static void try_move(kifu_position *pos, const kifu_move *m, move_text *texts, int n,
		     long *accepted, const char *sfen)
{
	char t[32];
	kifu_illegal why;
	int rc = kifu_check_move(pos, m, &why);
	canonical(pos, m, t);
	int in = listed(texts, n, t);
	if (rc != 0 && rc != KIFU_EILLEGAL)
		fail_msg("kifu_check_move(%s) returned %d in %s", t, rc, sfen);
	if ((rc == 0) != in) {
		char raw[32];
		support_move_text(kifu_position_variant(pos), m, raw);
		fail_msg("%s (%s): kifu_check_move says %s (code %d), kifu_generate_legal %s it, in %s",
			 raw, t, rc == 0 ? "legal" : "illegal", rc ? (int)why.code : 0,
			 in ? "lists" : "does not list", sfen);
	}
	if (rc == 0)
		(*accepted)++;
}

static void cross_check(const char *variant, const char *sfen)
{
	kifu_position *pos = support_position(variant, sfen);
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	const int nsq = files * ranks, ntypes = kifu_variant_piece_count(v);
	kifu_movelist *list = malloc(sizeof *list);
	move_text *texts = malloc(sizeof *texts * KIFU_MAX_MOVES);
	char here[4096];
	long accepted = 0;

	assert_non_null(list);
	assert_non_null(texts);
	support_sfen(pos, here, sizeof here);
	kifu_generate_legal(pos, list);
	/* Every listed move is accepted, and listed once. */
	for (int i = 0; i < list->count; i++) {
		kifu_illegal why;
		int rc = kifu_check_move(pos, &list->moves[i], &why);
		canonical(pos, &list->moves[i], texts[i]);
		if (rc != 0)
			fail_msg("listed move %s rejected (code %d) in %s", texts[i], (int)why.code, here);
	}
	qsort(texts, (size_t)list->count, sizeof *texts, cmp_str);
	for (int i = 1; i < list->count; i++)
		if (!strcmp(texts[i - 1], texts[i]))
			fail_msg("move %s listed twice in %s", texts[i], here);
	/* Every board move from any square to any square, with and without
	 * promotion; every two-leg move within reach of a king step; every
	 * drop.  Exactly the listed ones (up to the naming above) pass. */
	for (int from = 0; from < nsq; from++) {
		for (int to = 0; to < nsq; to++)
			for (int fl = 0; fl < 4; fl++) {
				/* (a run has two legs: a one-leg one is refused) */
				kifu_move m = {(uint16_t)from, KIFU_NO_SQUARE, (uint16_t)to,
					       (uint8_t)((fl & 1 ? KIFU_MOVE_PROMOTE : 0) | (fl & 2 ? KIFU_MOVE_RUN : 0)), 0};
				try_move(pos, &m, texts, list->count, &accepted, here);
			}
		int code = kifu_position_at(pos, from);
		if (!code || kifu_code_side(code) != kifu_position_side(pos))
			continue;
		int ff = from % files, fr = from / files;
		for (int mr = fr - 2; mr <= fr + 2; mr++)
			for (int mf = ff - 2; mf <= ff + 2; mf++) {
				if (mr < 0 || mr >= ranks || mf < 0 || mf >= files)
					continue;
				for (int tr = mr - 2; tr <= mr + 2; tr++)
					for (int tf = mf - 2; tf <= mf + 2; tf++) {
						if (tr < 0 || tr >= ranks || tf < 0 || tf >= files)
							continue;
						for (int fl = 0; fl < 4; fl++) {
							/* each with and without KIFU_MOVE_RUN */
							kifu_move m = {(uint16_t)from, (uint16_t)(mr * files + mf),
								       (uint16_t)(tr * files + tf),
								       (uint8_t)((fl & 1 ? KIFU_MOVE_PROMOTE : 0) |
										 (fl & 2 ? KIFU_MOVE_RUN : 0)),
								       0};
							try_move(pos, &m, texts, list->count, &accepted, here);
						}
					}
			}
	}
	/* Every three-leg move (KIFU_MOVE_THREE_LEGS) of three king steps,
	 * and with a first leg of two; the flag on a one-leg move and with
	 * a run's. */
	for (int from = 0; from < nsq; from++) {
		int code = kifu_position_at(pos, from);
		if (!code || kifu_code_side(code) != kifu_position_side(pos))
			continue;
		int ff = from % files, fr = from / files;
		for (int to = 0; to < nsq; to++) {
			kifu_move m = {(uint16_t)from, KIFU_NO_SQUARE, (uint16_t)to, KIFU_MOVE_THREE_LEGS, 0};
			try_move(pos, &m, texts, list->count, &accepted, here);
		}
		for (int mr = fr - 2; mr <= fr + 2; mr++)
			for (int mf = ff - 2; mf <= ff + 2; mf++) {
				if (mr < 0 || mr >= ranks || mf < 0 || mf >= files || (mf == ff && mr == fr))
					continue;
				for (int br = mr - 1; br <= mr + 1; br++)
					for (int bf = mf - 1; bf <= mf + 1; bf++) {
						if (br < 0 || br >= ranks || bf < 0 || bf >= files || (bf == mf && br == mr))
							continue;
						for (int tr = br - 1; tr <= br + 1; tr++)
							for (int tf = bf - 1; tf <= bf + 1; tf++) {
								if (tr < 0 || tr >= ranks || tf < 0 || tf >= files)
									continue;
								for (int fl = 0; fl < 4; fl++) {
									kifu_move m = {(uint16_t)from, (uint16_t)(mr * files + mf),
										       (uint16_t)(tr * files + tf),
										       (uint8_t)((fl & 1 ? KIFU_MOVE_PROMOTE : 0) |
												 (fl & 2 ? KIFU_MOVE_RUN : 0)),
										       0};
									assert_int_equal(kifu_move_set_mid2(&m, br * files + bf,
													    files, ranks),
											 0);
									try_move(pos, &m, texts, list->count, &accepted, here);
								}
							}
					}
			}
	}
	for (int t = 0; t < ntypes; t++)
		for (int to = 0; to < nsq; to++)
			for (int fl = 0; fl < 2; fl++) {
				kifu_move m = {KIFU_NO_SQUARE, KIFU_NO_SQUARE, (uint16_t)to,
					       (uint8_t)(KIFU_MOVE_DROP | (fl ? KIFU_MOVE_PROMOTE : 0)),
					       (uint8_t)t};
				try_move(pos, &m, texts, list->count, &accepted, here);
			}
	/* Sanity: the candidates covered the list (some more than once, as
	 * two-leg spellings of one move). */
	assert_true(accepted >= list->count);
	free(texts);
	free(list);
	kifu_position_free(pos);
}

static void check_move_agrees_with_generation(void **state)
{
	(void)state;
	cross_check("shogi", NULL);
	cross_check("shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
	cross_check("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b P 1");
	cross_check("shogi", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1");
	cross_check("shogi", "9/5P3/3L2S2/7N1/1N7/9/k8/9/8K b - 1");
	cross_check("sho", NULL);
	cross_check("sho", "k4r3/9/9/9/4K4/9/9/9/9 b - 1");
	cross_check("sho", "8P/4N1P2/2L6/4S2G1/1N7/9/9/9/K7k b - 1");
	cross_check("asakura", NULL);
	cross_check("asakura", "k8/9/4e4/9/2+e1R1p2/9/9/9/4K4 b GSP 1");
	cross_check("shozogi", NULL);
	cross_check("shozogi-gold", NULL);
	cross_check("dai", NULL);
	cross_check("dai", "2k12/15/8G4s1/6P8/15/15/3p3pp1P1p2/3+H3L!3+D3/15/1+P13/15/3F'1O3X1X'3/15/15/12K2 b - 1");
	cross_check("dai", "2k12/15/15/3f'1o3x1x'3/15/1+p13/15/3+h3l!3+d3/3P3PP1p1P2/15/15/6p8/8g4S1/15/12K2 w - 1");
	cross_check("dai", "2k12/15/15/15/15/15/6PpP6/6PL!P6/6PPP6/15/15/15/15/15/12K2 b - 1");
	cross_check("dai", "2U1I1L3P4/8N3P2/14N/15/15/15/15/15/15/15/15/15/15/15/k13K b - 1");
	/* Maka Dai Dai: the Lion Dog (K~3), the Emperor (E), a Furious Fiend
	 * (+L!, L K~3) and a Teaching King (+V', Q K~3) among enemies and
	 * their own pieces, a Gote Emperor that protects its pieces. */
	cross_check("maka-dai-dai", NULL);
	cross_check("maka-dai-dai", MAKA_LION_DOG);
	cross_check("maka-dai-dai", MAKA_EMPEROR);
	cross_check("maka-dai-dai", MAKA_FIENDS);
	cross_check("maka-dai-dai", MAKA_RUNS);
	cross_check("maka-dai-dai-muller", MAKA_MULLER);
	cross_check("maka-dai-dai-muller", MAKA_FIENDS);
	cross_check("maka-dai-dai-muller", MAKA_RUNS);
	cross_check("maka-dai-dai-muller", MAKA_RUNS_TOKIN);
	cross_check("maka-dai-dai", "18k/19/19/19/19/19/9p9/9p9/9P9/8pL'p8/19/19/19/19/19/19/19/19/+K18 w - 1");
	/* L3 (maka-dai-dai-teaching-lion, tai-teaching-lion): three legs */
	cross_check("maka-dai-dai-teaching-lion", TL_CROWD);
	cross_check("maka-dai-dai-teaching-lion", TL_SWARM);
	cross_check("maka-dai-dai", TL_SWARM);
	cross_check("tai-teaching-lion", TL_TAI);
	/* Taikyoku: the range capture (its own pieces too) */
	cross_check("taikyoku", TAIKYOKU_RANGE);
	cross_check("taikyoku", TAIKYOKU_RAIN_DEMON);
	cross_check("taikyoku", TAIKYOKU_FIRST_STEP);
	cross_check("taikyoku-optional", TAIKYOKU_FIRST_STEP);
}

/* ---- make / unmake ------------------------------------------------------ */

static void unmake_restores(const char *variant, const char *sfen, int depth)
{
	kifu_position *pos = support_position(variant, sfen);
	kifu_movelist *list = malloc(sizeof *list);
	char before[4096], after[4096], text[32];

	assert_non_null(list);
	support_sfen(pos, before, sizeof before);
	kifu_generate_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		kifu_undo u;
		long n = kifu_position_movenumber(pos);
		enum kifu_side side = kifu_position_side(pos);
		kifu_make_move(pos, &list->moves[i], &u);
		assert_int_equal(kifu_position_movenumber(pos), n + 1);
		assert_int_not_equal(kifu_position_side(pos), side);
		if (depth > 1) {
			support_sfen(pos, after, sizeof after);
			unmake_restores(variant, after, depth - 1);
		}
		kifu_unmake_move(pos, &u);
		support_sfen(pos, after, sizeof after);
		if (strcmp(before, after) != 0)
			fail_msg("after %s and its unmake:\n  %s\nnot\n  %s",
				 support_move_text(kifu_position_variant(pos), &list->moves[i], text),
				 after, before);
	}
	free(list);
	kifu_position_free(pos);
}

/* The key after each move of the position is the one of the position its
 * SFEN reads to (make.c's hash kept exactly), and the unmake puts the first
 * key back. */
static void keys_follow(const char *variant, const char *sfen)
{
	kifu_position *pos = support_position(variant, sfen);
	kifu_movelist *list = malloc(sizeof *list);
	char after[4096], text[32];

	assert_non_null(list);
	const uint64_t key0 = kifu_position_key(pos);
	kifu_generate_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		kifu_undo u;
		kifu_make_move(pos, &list->moves[i], &u);
		kifu_position *fresh = support_position(variant, support_sfen(pos, after, sizeof after));
		if (kifu_position_key(pos) != kifu_position_key(fresh))
			fail_msg("after %s the key is not that of %s",
				 support_move_text(kifu_position_variant(pos), &list->moves[i], text), after);
		kifu_position_free(fresh);
		kifu_unmake_move(pos, &u);
		assert_true(kifu_position_key(pos) == key0);
	}
	free(list);
	kifu_position_free(pos);
}

static void make_unmake(void **state)
{
	keys_follow("maka-dai-dai", MAKA_RUNS);
	(void)state;
	unmake_restores("shogi", NULL, 2);
	unmake_restores("shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 2);
	unmake_restores("shogi", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 1);
	unmake_restores("sho", NULL, 2);
	unmake_restores("sho", "k4r3/9/9/9/4K4/9/9/9/8+E b - 1", 2);
	unmake_restores("asakura", "k8/9/4e4/9/2+e1R1p2/9/9/9/4K4 b GSP 1", 2);
	unmake_restores("shozogi", NULL, 2);
	unmake_restores("shozogi-gold", NULL, 1);
	unmake_restores("dai", NULL, 2);
	unmake_restores("dai", "2k12/15/8G4s1/6P8/15/15/3p3pp1P1p2/3+H3L!3+D3/15/1+P13/15/3F'1O3X1X'3/15/15/12K2 b - 1", 2);
	unmake_restores("dai", "15/15/7k4+e1p/15/15/15/15/7R7/15/15/15/15/15/15/12K2 b - 1", 2);
	unmake_restores("maka-dai-dai", MAKA_LION_DOG, 2);
	unmake_restores("maka-dai-dai", MAKA_FIENDS, 2);
	/* the runs: the pieces they stopped on put back */
	unmake_restores("maka-dai-dai", MAKA_RUNS, 2);
	/* the range capture: the pieces passed over, its own too, put back */
	unmake_restores("taikyoku", TAIKYOKU_RANGE, 2);
	unmake_restores("taikyoku", TAIKYOKU_RAIN_DEMON, 2);
	unmake_restores("taikyoku", TAIKYOKU_FIRST_STEP, 2);
}

/* captor-becomes (formats/variants.md): a variant made for the test from
 * dai-dai, whose Pawn turns the piece that takes it into a promoted Lion
 * (a Furious Fiend), and whose King keeps its form.  A Gold takes a Pawn
 * and becomes a Furious Fiend (+L!); the King takes one and stays a King;
 * a Flying Dragon takes one and becomes the Furious Fiend, not its own
 * promotion; unmaking puts back the Gold. */
static void captor_becomes(void **state)
{
	(void)state;
	static const char yaml[] = "inherit: dai-dai\nname: captor-test\npieces:\n"
				   "  - {id: pawn, captor-becomes: \"+lion\"}\n"
				   "  - {id: king, keeps-form: true}\n";
	kifu_variant *v = NULL;
	kifu_diag diag;
	assert_int_equal(kifu_variant_load_buffer(&v, yaml, sizeof yaml - 1, "captor-test.yaml", &diag), 0);
	kifu_position *pos = NULL;
	assert_int_equal(kifu_position_new(&pos, v), 0);
	support_set_sfen(pos, "16k/17/17/17/17/17/17/9p1pp4/8G1KF'5/17/17/17/17/17/17/17/17 b - 1");
	char sfen[1024];
	kifu_undo u;
	kifu_move m = support_move(pos, "9i8h");
	assert_int_equal(kifu_check_move(pos, &m, NULL), 0);
	kifu_make_move(pos, &m, &u);
	assert_string_equal(support_sfen(pos, sfen, sizeof sfen),
			    "16k/17/17/17/17/17/17/9+L!1pp4/10KF'5/17/17/17/17/17/17/17/17 w - 2");
	kifu_unmake_move(pos, &u);
	assert_string_equal(support_sfen(pos, sfen, sizeof sfen),
			    "16k/17/17/17/17/17/17/9p1pp4/8G1KF'5/17/17/17/17/17/17/17/17 b - 1");
	m = support_move(pos, "7i6h");
	assert_int_equal(kifu_check_move(pos, &m, NULL), 0);
	kifu_make_move(pos, &m, NULL);
	assert_string_equal(support_sfen(pos, sfen, sizeof sfen),
			    "16k/17/17/17/17/17/17/9p1Kp4/8G2F'5/17/17/17/17/17/17/17/17 w - 2");
	support_set_sfen(pos, "16k/17/17/17/17/17/17/9p1pp4/8G1KF'5/17/17/17/17/17/17/17/17 b - 1");
	m = support_move(pos, "6i5h+");
	assert_int_equal(kifu_check_move(pos, &m, NULL), 0);
	kifu_make_move(pos, &m, NULL);
	assert_string_equal(support_sfen(pos, sfen, sizeof sfen),
			    "16k/17/17/17/17/17/17/9p1p+L!4/8G1K6/17/17/17/17/17/17/17/17 w - 2");
	kifu_position_free(pos);
	kifu_variant_free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hand_worked),
		cmocka_unit_test(off_board),
		cmocka_unit_test(check_move_agrees_with_generation),
		cmocka_unit_test(make_unmake),
		cmocka_unit_test(captor_becomes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
