/*
 * test_family.c - the rest of the family against docs/rules.md: Tenjiku
 * Shogi's powers (range jumps, area moves, burning, igui, two steps, the
 * skipping slides) and its readings, Wa, Tori, Heian and Heian Dai.
 *
 * - hand-worked rows: a position and the exact moves of one piece, what the
 *   one-move check says of one move, or the position a move leaves, each
 *   with its reasoning, worked out from docs/rules.md, not copied from the
 *   program's output (squares "file rank", rank a = rank 1 on Gote's side;
 *   Sente moves toward rank a, its right is file 1);
 * - perft from each start and from middle positions of random games, the
 *   depth-1 counts of the starts and of two middle positions counted by
 *   hand (the comments give the count);
 * - the colour reversal: every position's perft equals that of the same
 *   position with the sides exchanged and the board turned round;
 * - the one-move check and generation agree on every move of a position,
 *   and unmaking a move (burns included) restores the position.
 */
#include "support.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- hand-worked rows ---------------------------------------------------- */

enum row_kind {
	PIECE, /* the legal moves of the piece on `at` are exactly `expect` */
	CHECK, /* kifu_check_move on the move `at` gives `code` */
	AFTER, /* after the moves `at`, the SFEN is `expect`, the state `code` */
	DROPS  /* the legal drops of `at` are those on every empty square of ranks
		* `code` (1-based) and beyond, but on file `file` */
};

typedef struct row {
	int line;
	enum row_kind kind;
	const char *variant, *sfen, *at, *expect;
	int code, file;
} row;

#define R(k, v, s) .line = __LINE__, .kind = (k), .variant = (v), .sfen = (s)
#define MOVES(v, s, sq, moves) {R(PIECE, v, s), .at = (sq), .expect = (moves)}
#define CHECKS(v, s, move, c) {R(CHECK, v, s), .at = (move), .code = (c)}
#define LEAVES(v, s, moves, after, state) {R(AFTER, v, s), .at = (moves), .expect = (after), .code = (state)}
#define DROPS_FROM(v, s, token, rank, no_file) {R(DROPS, v, s), .at = (token), .code = (rank), .file = (no_file)}

/* Tenjiku positions: Sente's King on 16p, Gote's on 1a, out of every line
 * of the pieces looked at. */

/* A Fire Demon on 8h among Sente Pawns (9g 8g 7g 9h 7h 9i 7i), 8i empty, a
 * Gote Pawn on 8j. */
#define TEN_AREA "15k/16/16/16/16/16/7PPP6/7PD!P6/7P1P6/8p7/16/16/16/16/16/K15 b - 1"
/* A Sente Fire Demon on 8j, Gote Pawns on 9g 8g 7g 7h 9i, a Sente Pawn on
 * 9h: around 8h. */
#define TEN_BURN "15k/16/16/16/16/16/7ppp6/7P1p6/7p8/8D!7/16/16/16/16/16/K15 b - 1"
/* A Gote Fire Demon on 8g, a Sente Gold on 8i. */
#define TEN_PASSIVE "15k/16/16/16/16/16/8d!7/16/8G7/16/16/16/16/16/16/K15 b - 1"
/* A Gote Fire Demon on 8g and a Gote Pawn on 9h; a Sente Fire Demon on 8j. */
#define TEN_DEMONS "15k/16/16/16/16/16/8d!7/7p8/16/8D!7/16/16/16/16/16/K15 b - 1"
/* A Sente Rook General on 8h; Sente Pawns on 8g 9h 7h 8i; Gote Pawns on 8e
 * and 4h, a Gote Bishop General on 8c. */
#define TEN_JUMP "15k/16/8b!7/16/8p7/16/8P7/7PR!P2p3/8P7/16/16/16/16/16/16/K15 b - 1"
/* The same with a Sente Bishop General on 8g instead of the Pawn. */
#define TEN_JUMP_RANK "15k/16/8b!7/16/8p7/16/8B!7/7PR!P2p3/8P7/16/16/16/16/16/16/K15 b - 1"
/* A Sente Great General on 8h, a Sente Vice General on 8g, a Gote Pawn on
 * 8e and a Gote Great General on 8c. */
#define TEN_GREAT "15k/16/8q!7/16/8p7/16/8V!7/8Q!7/16/16/16/16/16/16/16/K15 b - 1"
/* A Sente Free Eagle on 8h, a Gote Pawn on 7g, a Sente Pawn on 9h. */
#define TEN_EAGLE "15k/16/16/16/16/16/9p6/7PQ'7/16/16/16/16/16/16/16/K15 b - 1"
/* The same with Sente Pawns on 9g and 9i too. */
#define TEN_EAGLE_SHUT "15k/16/16/16/16/16/7P1p6/7PQ'7/7P8/16/16/16/16/16/16/K15 b - 1"
/* A Sente Heavenly Tetrarch (a promoted Chariot Soldier) on 8h: Sente Pawns
 * on 8e 10f 6f 8g 9h 10j 6j 8k, Gote Pawns on 9g and 7h. */
#define TEN_TETRARCH "15k/16/16/16/8P7/6P3P5/7pP7/7P+C!p6/16/6P3P5/8P7/16/16/16/16/K15 b - 1"

/* Tori: Sente Swallows on 3d and 3e and one in hand; the Phoenixes on 4a and
 * 4g. */
#define TORI_FILE "3k3/7/7/4S2/4S2/7/3K3 b S 1"
/* Tori: a Sente Swallow on 4c and Falcon on 6c; Phoenixes on 1a and 7g. */
#define TORI_PROMOTE "6k/7/1F1S3/7/7/7/K6 b - 1"
/* Heian (9 files, 8 ranks): Gote's King on 5a with one Pawn on 5c, Sente's
 * Gold on 5d and King on 5h; a Sente Silver on 2d. */
#define HEIAN_BARE "4k4/9/4p4/4G2S1/9/9/9/4K4 b - 1"
/* Heian Dai: a Sente Iron General on 7g, Copper on 5g, Side Mover on 9g;
 * Kings on 1a (Gote, with a Pawn on 13b: not bare) and 13m (Sente). */
#define HEIAN_DAI "12k/p12/13/13/13/13/4M1I1C4/13/13/13/13/13/K12 b - 1"
/* Wa: a Sente Treacherous Fox on 6f with a Gote Sparrow on 6e and a Sente
 * Sparrow on 7e; Crane Kings on 1a (Gote) and 11k (Sente). */
#define WA_FOX "10k/11/11/11/4Pp5/5X5/11/11/11/11/K10 b - 1"

/* Taikyoku (36x36; docs/rules.md, "Taikyoku Shogi"): a Sente piece in the
 * corner 1aj, its King on 30ai and Gote's on 30a, out of its lines (file
 * 1, rank aj and the diagonal 2ai 3ah ... 36a).  The Mountain Crane
 * (+T'!, Q jQ jjQ jjjQ): up file 1 its Pawn on 1ai, a Gote Pawn on 1ah,
 * its Pawn on 1ag, 1af and 1ae empty, a Gote Pawn on 1ad; up the diagonal
 * 2ai empty, its Pawn on 3ah, a Gote Pawn on 4ag, 5af empty, its Pawn on
 * 6ae; along rank aj a Gote Pawn on 2aj, 3aj and 4aj empty, its Pawn on
 * 5aj. */
#define TAI_CRANE \
	"6k29/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/35p/30P5/36/" \
	"32p2P/33P1p/6K28P/31P2p+T'! b - 1"
/* The Dove (D!, R2 B jjB5) there: its Pawn on 2ai, a Gote Pawn on 3ah and
 * one on 2aj. */
#define TAI_DOVE \
	"6k29/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/" \
	"33p2/6K27P1/34pD! b - 1"
/* The Treacherous Fox (T'!, B vR jB jvR jjB jjvR) there: its Pawns on 1ai
 * and 1ah, a Gote Pawn on 1af; a Gote Pawn on 2ai, 3ah empty, its Pawn on
 * 4ag. */
#define TAI_FOX \
	"6k29/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/35p/" \
	"32P3/35P/6K27pP/35T'! b - 1"
/* The Teaching King (+V', Q#3: the triple-slashed arrows) there: up file 1
 * its Pawn on 1ai, 1ah empty, a Gote Pawn on 1ag, 1af empty, its Pawn on
 * 1ae, a Gote Pawn on 1ad; along rank aj its Pawns on 2aj to 5aj; up the
 * diagonal Gote Pawns on 2ai, 3ah, 4ag and 5af. */
#define TAI_TEACHER \
	"6k29/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/35p/35P/31p4/" \
	"32p2p/33p2/6K27pP/31PPPP+V' b - 1"
/* The Free Eagle (F''', Q jQ jjQ jjjfB I*) on 1ae, the Kings as above: up
 * the diagonal a Gote Pawn on 2ad, its Pawns on 3ac and 4ab, then empty to
 * 31a; up file 1 its Pawns on 1ad 1ac 1ab; along rank ae its Pawns on 2ae
 * 3ae 4ae, a Gote Pawn on 5ae; down the diagonal its Pawns on 2af 3ag
 * 4ah, 5ai empty; down file 1 empty to the edge. */
#define TAI_EAGLE \
	"6k29/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/32P2P/33P1P/34pP/" \
	"31pPPPF'''/34P1/33P2/32P3/6K29/36 b - 1"

/* The Peacock (P'', fB>> bF2) there: 2ai empty, its Pawn on 3ah, a Gote
 * Pawn on 1ah. */
#define TAI_PEACOCK \
	"6k29/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/" \
	"33P1p/6K29/35P'' b - 1"

static const row rows[] = {
	/* ---- Tenjiku: the area move (docs/rules.md, "Area moves") ---- */

	/* The Fire Demon on 8h (BvR U3) among its own Pawns: one step only to
	 * 8i; from 8i, 7j and 9j (empty) and 8j (the Gote Pawn: taken, the
	 * move ends); from 7j: 6i 6j 6k 7k 8k; from 9j: 10i 10j 9k 10k.  Its
	 * slides: every diagonal neighbour is its own; down the file 8i and
	 * 8j, the same squares.  13 moves, none promoting (it never promotes). */
	MOVES("tenjiku", TEN_AREA, "8h",
	      "8h8i 8h7j 8h8j 8h9j 8h6i 8h6j 8h6k 8h7k 8h8k 8h10i 8h10j 8h10k 8h9k"),
	/* 6h is two steps away, but every path there goes through a Pawn of
	 * its own (7g 7h 7i), or is four steps long: the area move is blocked. */
	CHECKS("tenjiku", TEN_AREA, "8h6h", KIFU_ILL_AREA_BLOCKED),
	/* 8l: down the file, the slide stops on the Pawn it takes on 8j. */
	CHECKS("tenjiku", TEN_AREA, "8h8l", KIFU_ILL_BLOCKED),
	CHECKS("tenjiku", TEN_AREA, "8h10k", KIFU_LEGAL),

	/* ---- Tenjiku: burning ---- */

	/* The Fire Demon slides from 8j to 8h (8i empty) and burns the five Gote
	 * Pawns around 8h (9g 8g 7g 7h 9i); the Sente Pawn on 9h stays. */
	LEAVES("tenjiku", TEN_BURN, "8j8h",
	       "15k/16/16/16/16/16/16/7PD!7/16/16/16/16/16/16/16/K15 w - 2", KIFU_GAME_ON),
	/* Passive burning: the Gold steps to 8h, next to the Gote Fire Demon on
	 * 8g, and is burnt. */
	LEAVES("tenjiku", TEN_PASSIVE, "8i8h",
	       "15k/16/16/16/16/16/8d!7/16/16/16/16/16/16/16/16/K15 w - 2", KIFU_GAME_ON),
	/* Without passive burning the Gold stays. */
	LEAVES("tenjiku-active-burning", TEN_PASSIVE, "8i8h",
	       "15k/16/16/16/16/16/8d!7/8G7/16/16/16/16/16/16/16/K15 w - 2", KIFU_GAME_ON),
	/* A Fire Demon ends next to an enemy one (8j to 8h, the Gote Fire Demon
	 * on 8g, a Gote Pawn on 9h): the TSA's rule, it is burnt and burns
	 * nothing; Adams', it burns the Pawn but not the Fire Demon and is
	 * burnt; with active burning only, it burns both and stays. */
	LEAVES("tenjiku", TEN_DEMONS, "8j8h",
	       "15k/16/16/16/16/16/8d!7/7p8/16/16/16/16/16/16/16/K15 w - 2", KIFU_GAME_ON),
	LEAVES("tenjiku-adams", TEN_DEMONS, "8j8h",
	       "15k/16/16/16/16/16/8d!7/16/16/16/16/16/16/16/16/K15 w - 2", KIFU_GAME_ON),
	LEAVES("tenjiku-active-burning", TEN_DEMONS, "8j8h",
	       "15k/16/16/16/16/16/16/8D!7/16/16/16/16/16/16/16/K15 w - 2", KIFU_GAME_ON),
	/* After the burn the Pawn on 9h is gone: moving it is no move. */
	CHECKS("tenjiku-adams", TEN_DEMONS, "8j8h 9h9i", KIFU_ILL_NO_PIECE),

	/* ---- Tenjiku: range jumps ---- */

	/* The Rook General on 8h (R^, rank 1).  Up the file: its Pawn on 8g
	 * (rank 0) is passed over, 8f is empty (a jump ends only on a piece
	 * it takes), the Gote Pawn on 8e is taken, or passed over to take the
	 * Gote Bishop General on 8c (rank 1: taken, not passed); both in the
	 * zone (ranks a-e) by capture, so with and without promotion.  To the
	 * right: its Pawn on 7h passed over, 6h 5h empty, the Gote Pawn on 4h
	 * taken (rank h: no promotion), 3h-1h empty.  To the left and down:
	 * its Pawns passed over, nothing to take.  5 moves. */
	MOVES("tenjiku", TEN_JUMP, "8h", "8h8e 8h8e+ 8h8c 8h8c+ 8h4h"),
	CHECKS("tenjiku", TEN_JUMP, "8h8f", KIFU_ILL_JUMP_NO_CAPTURE),
	/* A jump that takes only lower pieces (HaChu's) does not take the
	 * Bishop General. */
	MOVES("tenjiku-jump-lower", TEN_JUMP, "8h", "8h8e 8h8e+ 8h4h"),
	/* The Japanese Wikipedia's: the empty squares beyond its Pawns too.  Up
	 * the file: 8f, 8e (taken), 8d (entering the zone: both), 8c (both);
	 * right: 6h 5h 4h 3h 2h 1h; left: 10h-16h; down: 8j-8p. */
	MOVES("tenjiku-jump-to-empty", TEN_JUMP, "8h",
	      "8h8f 8h8e 8h8e+ 8h8d 8h8d+ 8h8c 8h8c+ 8h6h 8h5h 8h4h 8h3h 8h2h 8h1h "
	      "8h10h 8h11h 8h12h 8h13h 8h14h 8h15h 8h16h 8h8j 8h8k 8h8l 8h8m 8h8n 8h8o 8h8p"),
	/* A Bishop General of its own on 8g ranks as high as the Rook General:
	 * it cannot be passed over. */
	CHECKS("tenjiku", TEN_JUMP_RANK, "8h8e", KIFU_ILL_JUMP_RANK),
	CHECKS("tenjiku", TEN_JUMP_RANK, "8h4h", KIFU_LEGAL),
	/* The Great General (rank 3) passes over its Vice General (rank 2) and
	 * the Gote Pawn, and takes the Gote Great General on 8c (not passed
	 * over: it ranks as high). */
	CHECKS("tenjiku", TEN_GREAT, "8h8e", KIFU_LEGAL),
	CHECKS("tenjiku", TEN_GREAT, "8h8c", KIFU_LEGAL),
	CHECKS("tenjiku", TEN_GREAT, "8h8b", KIFU_ILL_JUMP_RANK),

	/* ---- Tenjiku: the Free Eagle's two steps (Q F*) ---- */

	/* Taking the Gote Pawn on 7g and stepping on diagonally: to 6f, to 8f
	 * or 6h (around it), or back to 8h (igui). */
	CHECKS("tenjiku", TEN_EAGLE, "8h7g6f", KIFU_LEGAL),
	CHECKS("tenjiku", TEN_EAGLE, "8h7g8f", KIFU_LEGAL),
	CHECKS("tenjiku", TEN_EAGLE, "8h7g6h", KIFU_LEGAL),
	CHECKS("tenjiku", TEN_EAGLE, "8h7g8h", KIFU_LEGAL),
	/* 10h: the Free King's slide is blocked by its Pawn on 9h, but two
	 * steps through the empty 9g reach it. */
	CHECKS("tenjiku", TEN_EAGLE, "8h10h", KIFU_LEGAL),
	/* With 9g and 9i held too, no way there (the steps do not jump). */
	CHECKS("tenjiku", TEN_EAGLE_SHUT, "8h10h", KIFU_ILL_BLOCKED),
	/* The Chess Variant Pages' Free Eagle jumps to 10f over 9g. */
	CHECKS("tenjiku", TEN_EAGLE_SHUT, "8h10f", KIFU_ILL_BLOCKED),
	CHECKS("tenjiku-free-eagle-jumps", TEN_EAGLE_SHUT, "8h10f", KIFU_LEGAL),
	/* The TSA's jumps two orthogonally: 10h over its Pawn on 9h. */
	CHECKS("tenjiku-free-eagle-tsa", TEN_EAGLE_SHUT, "8h10h", KIFU_LEGAL),

	/* ---- Tenjiku: the Heavenly Tetrarch (jvR jB jsR3 I) ---- */

	/* On 8h it passes over its first square: up the file over 8g to 8f (its
	 * Pawn on 8e stops it), down over 8i to 8j (its Pawn on 8k); each
	 * diagonal's second square holds its own Pawn (6f 10f 6j 10j); sideways
	 * over 7h (a Gote Pawn, not taken) to 6h or 5h, over 9h to 10h or 11h;
	 * and igui on the adjacent Gote Pawns, 7h and 9g.  8 moves. */
	MOVES("tenjiku", TEN_TETRARCH, "8h", "8h8f 8h8j 8h6h 8h5h 8h10h 8h11h 8h7h8h 8h9g8h"),
	CHECKS("tenjiku", TEN_TETRARCH, "8h7h", KIFU_ILL_UNREACHABLE),
	/* igui on an empty square is no move (no pass) */
	CHECKS("tenjiku", TEN_TETRARCH, "8h7i8h", KIFU_ILL_BAD_TWO_LEG),

	/* ---- Tenjiku: the start ---- */

	/* The Bishop General on 6m jumps its own Pawn on 7l and takes Gote's
	 * Pawn on 14e, or goes on over it to the Vertical Mover on 15d and the
	 * Side Soldier on 16c (docs/rules.md, perft). */
	CHECKS("tenjiku", NULL, "6m16c+", KIFU_LEGAL),
	/* The Rook General on 10m takes the Gote Rook General on 10d over the
	 * Pawns on 10l and 10e, and is burnt by the Gote Fire Demon on 10c. */
	LEAVES("tenjiku", NULL, "10m10d",
	       "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/mvrf!e!b!1v!q!r!b!e!f!rvm/"
	       "pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/MVRF!E!B!1Q!V!R!B!E!F!RVM/"
	       "S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL w - 2",
	       KIFU_GAME_ON),

	/* ---- Taikyoku: the jumps that slide on (jX jjX jjjX) and the
	 * triple-slashed arrows (X#n; formats/movement.md) ---- */

	/* The Mountain Crane: up file 1, Q stops at its Pawn on 1ai; jQ lands
	 * on the Gote Pawn on 1ah (taken, it stops); jjQ lands on its Pawn on
	 * 1ag (no move); jjjQ lands on 1af and slides on to 1ae and the Gote
	 * Pawn on 1ad.  Up the diagonal: Q 2ai (its Pawn on 3ah); jQ lands on
	 * 3ah (no move); jjQ takes the Gote Pawn on 4ag; jjjQ lands on 5af,
	 * its Pawn on 6ae beyond.  Along rank aj: Q takes on 2aj; jQ lands on
	 * 3aj and slides to 4aj (its Pawn on 5aj), jjQ lands on 4aj (the same
	 * move, listed once), jjjQ on its Pawn.  10 moves; it never promotes
	 * (the site's QDAHG(4,0)(4,4)(D-R)(A-B)(H-R)(G-B)((4,0)-R)((4,4)-B)). */
	MOVES("taikyoku", TAI_CRANE, "1aj", "1aj1ah 1aj1af 1aj1ae 1aj1ad 1aj2ai 1aj4ag 1aj5af 1aj2aj 1aj3aj 1aj4aj"),
	/* 1ac, past the Gote Pawn on 1ad: every slide of the line stops at it
	 * (it is named: the nearest piece, 1ai, only stops Q); 7ad past 6ae. */
	CHECKS("taikyoku", TAI_CRANE, "1aj1ac", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_CRANE, "1aj7ad", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_CRANE, "1aj1ag", KIFU_ILL_OWN_CAPTURE),
	/* The Dove: R2 up file 1, 1ai and 1ah; along rank aj the Gote Pawn on
	 * 2aj; B stops at its Pawn on 2ai; jjB5 (the site's G and (G-B2))
	 * passes over 2ai and the Gote Pawn on 3ah to 4ag, and on to 5af and
	 * 6ae, the fifth square: 6 moves.  7ad is beyond its range, and B is
	 * blocked by 2ai. */
	MOVES("taikyoku", TAI_DOVE, "1aj", "1aj1ai 1aj1ah 1aj2aj 1aj4ag 1aj5af 1aj6ae"),
	CHECKS("taikyoku", TAI_DOVE, "1aj7ad", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_DOVE, "1aj3ah", KIFU_ILL_BLOCKED),
	/* The Treacherous Fox: up file 1 its Pawns on 1ai and 1ah stop vR and
	 * jvR; jjvR lands on 1ag and takes on 1af.  Up the diagonal B takes on
	 * 2ai; jB lands on 3ah (its Pawn on 4ag beyond); jjB lands on 4ag, its
	 * own.  4 moves (no sideways move; back is the edge). */
	MOVES("taikyoku", TAI_FOX, "1aj", "1aj1ag 1aj1af 1aj2ai 1aj3ah"),
	/* The Teaching King, past up to three pieces of either side, left on
	 * the board: up file 1 over its Pawn on 1ai to 1ah, takes on 1ag or
	 * passes it to 1af, passes its Pawn on 1ae (the third) and takes the
	 * fourth piece, the Gote Pawn on 1ad, where it stops; along rank aj
	 * its four Pawns (no move: 6aj is past the fourth); up the diagonal
	 * it takes any of the four Gote Pawns, 5af the last.  8 moves (the
	 * site's Piece.ts: every empty square and every enemy on the line
	 * until the fourth piece, which stops it). */
	MOVES("taikyoku", TAI_TEACHER, "1aj", "1aj1ah 1aj1ag 1aj1af 1aj1ad 1aj2ai 1aj3ah 1aj4ag 1aj5af"),
	CHECKS("taikyoku", TAI_TEACHER, "1aj1ac", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_TEACHER, "1aj6aj", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_TEACHER, "1aj6ae", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_TEACHER, "1aj1ae", KIFU_ILL_OWN_CAPTURE),
	/* The Free Eagle on 1ae: down file 1 to the edge, 1af to 1aj; up the
	 * diagonal it takes on 2ad (or by igui) and jjjfB lands on 5aa over
	 * 2ad 3ac 4ab and slides on to 31a (27 squares); up file 1 and along
	 * rank ae its jQ and jjQ land on its own Pawns (it has no jjjQ there);
	 * down the diagonal the same (jjjfB goes forward only): 5ai is
	 * unreachable though empty; and I*'s pass, a step to the empty 1af
	 * and back (the site's (cK-bK)), one move.  35 moves. */
	MOVES("taikyoku", TAI_EAGLE, "1ae",
	      "1ae1af 1ae1ag 1ae1ah 1ae1ai 1ae1aj 1ae2ad 1ae2ad1ae 1ae1af1ae 1ae5aa 1ae6z 1ae7y 1ae8x 1ae9w 1ae10v 1ae11u "
	      "1ae12t 1ae13s 1ae14r 1ae15q 1ae16p 1ae17o 1ae18n 1ae19m 1ae20l 1ae21k 1ae22j 1ae23i 1ae24h 1ae25g "
	      "1ae26f 1ae27e 1ae28d 1ae29c 1ae30b 1ae31a"),
	CHECKS("taikyoku", TAI_EAGLE, "1ae5ai", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_EAGLE, "1ae1aa", KIFU_ILL_BLOCKED),
	CHECKS("taikyoku", TAI_EAGLE, "1ae6ae", KIFU_ILL_BLOCKED),
	/* the pass through any empty adjacent square; none through its own
	 * Pawn on 2ae */
	CHECKS("taikyoku", TAI_EAGLE, "1ae1ag1ae", KIFU_ILL_BAD_TWO_LEG),
	CHECKS("taikyoku", TAI_EAGLE, "1ae1af1ae", KIFU_LEGAL),
	CHECKS("taikyoku", TAI_EAGLE, "1ae2ae1ae", KIFU_ILL_BAD_TWO_LEG),

	/* The Peacock's forward hook turns either way (the site's (fB-sB):
	 * the second leg's sB keeps both diagonals perpendicular to the first,
	 * forward and back): up its one diagonal 2ai (its Pawn on 3ah beyond),
	 * and from 2ai the turn forward onto the Gote Pawn on 1ah or back to
	 * 3aj (both turns end at the edge); bF2 meets the edge.  3 moves; tai's
	 * fB> would have 2 (no turn back). */
	MOVES("taikyoku", TAI_PEACOCK, "1aj", "1aj2ai 1aj1ah 1aj3aj"),
	/* 4ai: by the turn back at 3ah, its own Pawn: the hook is blocked. */
	CHECKS("taikyoku", TAI_PEACOCK, "1aj4ai", KIFU_ILL_HOOK_BLOCKED),
	CHECKS("taikyoku", TAI_PEACOCK, "1aj3aj", KIFU_LEGAL),

	/* ---- Tori (docs/rules.md, "Tori Shogi") ---- */

	/* Two Sente Swallows on file 3: a third may not be dropped there; every
	 * other empty square of ranks b-g takes one (rank a: it could never
	 * move; 4b gives check, which is no mate: the Phoenix takes it). */
	DROPS_FROM("tori", TORI_FILE, "S", 2, 3),
	CHECKS("tori", TORI_FILE, "S*3b", KIFU_ILL_FILE_FULL),
	CHECKS("tori", TORI_FILE, "S*4b", KIFU_LEGAL),
	/* Promotion is compulsory: the Swallow entering 4b, the Falcon entering
	 * 6b. */
	CHECKS("tori", TORI_PROMOTE, "4c4b", KIFU_ILL_MUST_PROMOTE),
	CHECKS("tori", TORI_PROMOTE, "4c4b+", KIFU_LEGAL),
	CHECKS("tori", TORI_PROMOTE, "6c6b", KIFU_ILL_MUST_PROMOTE),
	MOVES("tori", TORI_PROMOTE, "6c", "6c7b+ 6c6b+ 6c5b+ 6c7c 6c5c 6c7d 6c5d"),

	/* ---- Heian (docs/rules.md, "Heian Shogi") ---- */

	/* A Silver entering the zone (ranks a-c) becomes a Gold. */
	CHECKS("heian", HEIAN_BARE, "2d2c", KIFU_ILL_MUST_PROMOTE),
	MOVES("heian", HEIAN_BARE, "2d", "2d1c+ 2d2c+ 2d3c+ 2d1e 2d3e"),
	MOVES("heian-optional", HEIAN_BARE, "2d", "2d1c 2d1c+ 2d2c 2d2c+ 2d3c 2d3c+ 2d1e 2d3e"),
	/* The Gold (which never promotes) takes Gote's last piece but its
	 * King: Gote is bare and has lost. */
	LEAVES("heian", HEIAN_BARE, "5d5c", "4k4/9/4G4/7S1/9/9/9/4K4 w - 2", KIFU_GAME_BARE_ROYAL),

	/* ---- Heian Dai (docs/rules.md, "Heian Dai Shogi") ---- */

	/* The Iron General (fsK) on 7g: 6f 7f 8f 6g 8g; the Copper (W) on 5g:
	 * 5f 4g 6g 5h; the Side Mover (fWsR) on 9g: 9f, and sideways 10g-13g,
	 * 8g (7g holds the Iron General). */
	MOVES("heian-dai", HEIAN_DAI, "7g", "7g6f 7g7f 7g8f 7g6g 7g8g"),
	MOVES("heian-dai", HEIAN_DAI, "5g", "5g5f 5g4g 5g6g 5g5h"),
	MOVES("heian-dai", HEIAN_DAI, "9g", "9g9f 9g8g 9g10g 9g11g 9g12g 9g13g"),

	/* ---- Wa (docs/rules.md, "Wa Shogi") ---- */

	/* The Treacherous Fox (vWvDFA) on 6f: forward it takes the Sparrow on
	 * 6e or jumps over it to 6d; back 6g and 6h; the four diagonal steps
	 * (7e holds its own Sparrow: not that one) and the four jumps two
	 * diagonally; rank d is outside the zone (ranks a-c), and the Fox never
	 * promotes.  11 moves. */
	MOVES("wa", WA_FOX, "6f", "6f6e 6f6d 6f6g 6f6h 6f5e 6f7g 6f5g 6f8d 6f4d 6f8h 6f4h"),
};

/* The drops of `token` on every empty square of rank >= min_rank (1-based)
 * not on file skip_file. */
static char *drops_where(kifu_position *pos, const char *token, int min_rank, int skip_file)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	char *out = malloc(SUPPORT_TEXT_MAX);
	size_t used = 0;
	char sq[8];

	assert_non_null(out);
	out[0] = '\0';
	for (int r = min_rank; r <= ranks; r++)
		for (int f = 1; f <= files; f++) {
			int s = (r - 1) * files + (f - 1);
			if (f != skip_file && !kifu_position_at(pos, s))
				used += (size_t)snprintf(out + used, SUPPORT_TEXT_MAX - used, "%s*%s ", token,
							 support_square_text(v, s, sq));
		}
	return out;
}

static void play_all(kifu_position *pos, const char *moves, int line)
{
	for (const char *m = moves; m && *m;) {
		char move[32];
		size_t n = strcspn(m, " ");
		snprintf(move, sizeof move, "%.*s", (int)n, m);
		m += n + (m[n] == ' ');
		if (*m || moves == NULL)
			support_play_at(pos, move, NULL, __FILE__, line);
		else
			support_play_at(pos, move, NULL, __FILE__, line);
	}
}

static void check_row(const row *r)
{
	kifu_position *pos = support_position(r->variant, r->sfen);
	switch (r->kind) {
	case PIECE:
		support_check_piece_moves(pos, r->at, r->expect, __FILE__, r->line);
		break;
	case CHECK: {
		/* the moves before the last one are played */
		const char *last = strrchr(r->at, ' ');
		if (last) {
			char before[256];
			snprintf(before, sizeof before, "%.*s", (int)(last - r->at), r->at);
			play_all(pos, before, r->line);
		}
		support_check_check_move(pos, last ? last + 1 : r->at, (enum kifu_illegal_code)r->code, __FILE__,
					 r->line);
		break;
	}
	case AFTER: {
		char sfen[4096];
		play_all(pos, r->at, r->line);
		if (strcmp(support_sfen(pos, sfen, sizeof sfen), r->expect) != 0)
			fail_msg("line %d: the SFEN is %s, not %s", r->line, sfen, r->expect);
		if ((int)kifu_position_state(pos) != r->code)
			fail_msg("line %d: state %d, not %d", r->line, (int)kifu_position_state(pos), r->code);
		break;
	}
	case DROPS: {
		char *expected = drops_where(pos, r->at, r->code, r->file);
		support_check_drops(pos, r->at, expected, __FILE__, r->line);
		free(expected);
		break;
	}
	}
	kifu_position_free(pos);
}

static void hand_worked(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		check_row(&rows[i]);
}

/* ---- perft ---------------------------------------------------------------- */

typedef struct perft_row {
	const char *variant, *sfen; /* NULL: the start */
	long counts[4];             /* depth 1.., 0 ends */
} perft_row;

/* Middle positions: from random legal games (tests/gen/gen-records -n 1
 * -p 80 -s 5, after 12 and 30 plies). */
#define TEN_MID12 \
	"lnficsgekgscifnl/a1c!c!w!txql!ot1c!c!1a/s'v'bhd!2q'h!d!w!dhbv's'/mv2e!1r!v!q!r!1e!f!rvm/" \
	"pp1ppppQ!pppppppp/4d'6d'4/16/16/16/16/2r1D'6D'4/PP1PPPPPPPPPPPPP/Mb!RF!E!B!1R!V!R!1E!F!Rb!M/" \
	"S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!1C!A/LNFICSGKEGSCIFNL b - 13"
#define TEN_MID30 \
	"lnficsgekgscifnl/a1c!c!w!txql!ot1c!c!1a/s'v'bhd!2q'1d!w!dhbv's'/mv9e!f!rvm/pp1pppp1pppppppp/" \
	"4d'6d'4/16/16/16/16/4D'6D'4/PP1E!PPr!PW!PPPPPPv!/MF!3B!1R!V!2E!F!RM1/S'V'BHDW!1H!Q'D!1DHBV'S'/" \
	"A1C!C!OT1L!QXT1C!1C!A/LNFICSGKEGSCIFNL b - 31"
#define TEN_LAST_RANK "p14k/P15/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - 1"
#define WA_MID12 "hmlcvkw1udo/1er4gsf1/ppp1p1pxppp/3p1p1p3/5X5/11/11/3P2PP3/PPP1PP1RPPP/1F4S2E1/ODUGWKVCLMH b - 13"
#define WA_MID30 "helcvk1xu1o/m1r3w1sfd/1pp1p1pgpp1/p4p1p2p/3p7/11/11/1P1P2PPX2/P1P1PP1RPPP/1FG1WKSVL1E/ODU4C1MH b - 31"
#define TORI_MID12 "1pckcp1/3f2l/1sss1ss/r3S2/1SFS1SS/3C1C1/1P1KlPR b 3S3s 13"
#define TORI_MID30 "1pcsc2/2k3l/1scs1+Ss/r6/1S1F1SS/3C1K1/1P2SPR b FPL3S4s 31"
#define HEIAN_MID12 "1n1g1ksnl/2s3g2/1pppppppp/L8/8P/1PPPPPPP1/1S4S2/1N1GKG1NL b - 13"
#define HEIAN_MID30 "1ng1k1gns/2s6/1pp1pppp1/L2p5/1P7/2PPPPPP1/1S1G2S2/1N2KG1N1 b - 31"
#define HEIAN_DAI_MID12 \
	"lnicsgk1scinl/af'2tg1mt2f'a/1pppp1pp1pppp/p4pp'1p4/13/13/13/13/13/4P1P'4P1/PPPP1PPPPPP1P/" \
	"AF'2TGMST2F'A/LNICSK1GC1INL b - 13"
#define HEIAN_DAI_MID30 \
	"ln1cs1g1si1nl/a1i1tkgmtc1f'a/f'1ppp1pp2ppp/pp3pp'1pp3/13/13/13/13/5P7/4P1P'PP2P1/PPPPGTP2PP1P/" \
	"AF'2S1MST2F'A/LNIC2KGCI1NL b - 31"

/* Dai Dai: after 30 plies of a random legal game (gen-records -v dai-dai
 * -n 3 -p 40 -s 5, the first). */
#define DD_MID30 \
	"lm'd!rs'dd'i'ki!qf!hr!h'nl/ap'l'm!f'r'on!1gx2e!l!o'a/1b2b!h!gsg!s1w!c'p!o!v1/t1u'a!juicg'ciujt!n'eb'/c!w'x'a'wv'ft's!t'fv'wa'x'me'/pmppp1ppppppppppp/5p11/17/17/17/3P1P1P1PWP1P3/PPP1P1P1P1P1P1PPP/E'MX'A'WV'FT'1T'FV'1A'X'MC!/B'EN'T!JUICG'CIUJA!U'W'1/1V1E!1W!1SG!SR'H!2B!BT/AO'L!O!P!C'XGN!GO1F'M!L'P'A/LNH'R!HF!QI!KI'D'DS'RD!M'L b - 31"
/* Dai Dai: a Sente Hook Mover on 9i and Long-nosed Goblin on 5m on an open
 * board, a Gote Pawn on 9c and a Gote Lion Dog on 3e. */
#define DD_OPEN "16k/17/8p8/17/14l'2/17/17/17/8M'8/17/17/17/12N4/17/17/17/K16 b - 1"
/* L3 (formats/movement.md): a Sente Teaching King (Q L3) on 10j with Gote
 * Pawns on 10i, 9i and 10h and its own on 11i (test_rules.c works its 151
 * moves by hand); one among six Gote Pawns and two of its own with a Gote
 * Teaching King three steps off; Tai's board with the Crown Princes. */
#define TL_CROWD "18k/19/19/19/19/19/19/9p9/8Ppp8/9+V'9/19/19/19/19/19/19/19/19/K18 b - 1"
#define TL_SWARM "18k/19/19/19/19/19/6+v'12/19/8ppp8/8p+V'p8/8PpP8/19/19/19/19/19/19/19/K18 b - 1"
#define TL_TAI "24c''/25/25/25/25/25/25/25/25/25/12p12/11Ppp11/12+V'12/25/25/25/25/25/25/25/25/25/25/25/C''24 b - 1"

static const perft_row perfts[] = {
	/* 59 (docs/rules.md, "Dai Dai Shogi", perft): 15 Pawn steps, the
	 * Howling Dogs 4 each (three squares and the Gote Dog), rank o's pieces
	 * 8 (Vertical Mover 2, Water Buffalo 2, Flying Horse 2, Enchanted
	 * Badger 2), rank n's 6 (Blue Dragon 1, Fragrant Elephant 2, White
	 * Elephant 2, White Tiger 1), rank p's 22 (Lion 3 and its pass, Old
	 * Kite 2, Old Rat 2, Cat Sword 2, Rushing Bird 2, Blind Monkey 2, the
	 * Reverse Chariots, the Prancing Stag, the Phoenix and the Golds 1
	 * each, the Lion Dog (K~3) its step to 3o and its pass). */
	{"dai-dai", NULL, {59, 3463, 206662}},
	{"dai-dai", DD_MID30, {78, 5148}},
	{"dai-dai", DD_OPEN, {399, 10347}},
	/* Evans' Lion Dog (K3): its step to 3o only, 58. */
	{"dai-dai-evans", NULL, {58, 3346, 196084}},
	{"dai-dai-evans", DD_MID30, {75, 4875}},
	{"dai-dai-evans", DD_OPEN, {399, 9883}},
	/* 74 (docs/rules.md, "Tenjiku Shogi", perft: 14 Pawn steps, 2 Dog
	 * steps, 2 Horned Falcon and 4 Soaring Eagle jumps to rank k, 2 each
	 * of Vertical Soldiers, Bishops, Dragon Horses, Dragon Kings, Water
	 * Buffaloes, Blind Tigers, Leopards, Irons, Coppers and Silvers into
	 * rank o, 4 Chariot Soldier steps, the Kirin's jump: 47; the Bishop
	 * Generals 6 each, the Rook Generals 4 each, the Great General 6, the
	 * Vice General 1, by range jumps: 27). */
	{"tenjiku", NULL, {74, 5536, 463047}},
	{"tenjiku", TEN_MID12, {124, 17923}},
	{"tenjiku", TEN_MID30, {137, 25556}},
	{"tenjiku-sideways", NULL, {74, 5536, 463047}},
	{"tenjiku-active-burning", NULL, {74, 5539, 473378}},
	{"tenjiku-jump-to-empty", NULL, {136, 18269}},
	{"tenjiku-jump-lower", NULL, {70, 4955, 396767}},
	{"tenjiku-free-eagle-jumps", NULL, {74, 5538}},
	{"tenjiku-free-eagle-tsa", NULL, {74, 5536}},
	{"tenjiku-ja", NULL, {147, 21232}},
	/* A Sente Pawn on 16b takes a Gote Pawn on 16a, the last rank: 4 in
	 * tenjiku (the King's 3 steps from its corner, the capture promoting,
	 * as it must), 5 in tenjiku-unforced (the capture with and without
	 * promotion: a Pawn that declines stays there, dead). */
	{"tenjiku", TEN_LAST_RANK, {4}},
	{"tenjiku-unforced", TEN_LAST_RANK, {5}},
	/* the zone's rule: equal to tenjiku's at depth 1, apart at depth 2 */
	{"tenjiku-promote-in-zone", TEN_MID30, {137, 26735}},
	/* 51: 11 Sparrow steps, the Treacherous Fox 8, the Running Rabbit 5,
	 * Swallow's Wings 6, the Cloud Eagle 2, the back rank 19 (docs/rules.md,
	 * "Wa Shogi"). */
	{"wa", NULL, {51, 2601, 126574}},
	{"wa", WA_MID12, {54, 1785}},
	{"wa", WA_MID30, {37, 1184}},
	/* 17 (7 Swallow moves, two of them captures; the Falcon 2, the Cranes
	 * 2 each, the Phoenix 2, the Left and Right Quails 1 each); 103857 at
	 * depth 4 is Fairy-Stockfish's published count (docs/rules.md). */
	{"tori", NULL, {17, 288, 5430, 103857}},
	/* 40, counted by hand: the five Swallows 5, the Falcon 4, the Cranes 3
	 * and 2, the Pheasants 0, the Right Quail 1, the Phoenix 4 (one a
	 * capture of the Left Quail on 3g), 21 Swallow drops (every empty
	 * square but rank a's; no file holds two Swallows, no drop checks). */
	{"tori", TORI_MID12, {40, 1572}},
	{"tori", TORI_MID30, {125, 5010}},
	/* 26: 9 Pawns, the Lances 1 each, the Silvers and Golds 3 each, the
	 * King 3, the Knights none. */
	{"heian", NULL, {26, 676, 17108}},
	{"heian-9x9", NULL, {26, 676, 17108}},
	{"heian", HEIAN_MID12, {28, 588}},
	/* 25, counted by hand: the Lance on 9d 3 (each promoting: entering),
	 * the Pawns 7, the Silver on 8g 4, the Gold on 6g 3, the Knight on 8h
	 * 1, the King 3, the Gold on 4h 3, the Knight on 2h 1, the Silver on
	 * 3g none. */
	{"heian", HEIAN_MID30, {25, 625}},
	/* 28: the same with the Lance's three moves each with and without
	 * promotion (heian-optional has no rank where it must: a Lance that
	 * declines on 9a is dead, docs/rules.md). */
	{"heian-optional", HEIAN_MID30, {28, 700}},
	/* 29: 12 Pawns and the Go-between 1, the Side Mover 2, the Irons 2
	 * each, the Coppers 1 each, the Silvers 2 each, the Golds 1 each, the
	 * King 2; 31 with the Flying Dragons' jumps to 10j and 4j. */
	{"heian-dai", NULL, {29, 841, 25027}},
	{"heian-dai-leaping-dragon", NULL, {31, 961}},
	{"heian-dai-optional", NULL, {29, 841, 25085}},
	{"heian-dai", HEIAN_DAI_MID12, {26, 832}},
	{"heian-dai", HEIAN_DAI_MID30, {30, 1050}},
	/* Taikyoku, counted by hand at depth 1: the Sente King on 30ai (K2) 13
	 * (two squares forward, left, right and on the forward diagonals, one
	 * back and on the back diagonals) in each; the piece on the corner as
	 * its row above; each Pawn its step, or none: TAI_CRANE 10 + 13 + 5
	 * (1ai takes on 1ah; 1ag, 3ah, 6ae and 5aj step), TAI_DOVE 6 + 13 + 1,
	 * TAI_FOX 4 + 13 + 2 (1ah and 4ag; 1ai is behind 1ah),
	 * TAI_TEACHER 8 + 13 + 6 (1ai, 1ae taking on 1ad, 2aj taking on 2ai,
	 * 3aj, 4aj, 5aj), TAI_EAGLE 35 + 13 + 8 (1ab, 3ac, 4ab, 2ae taking
	 * on 2ad, 3ae, 4ae, 3ag, 4ah; 1ad, 1ac and 2af stand behind their
	 * own).  Depth 2 computed. */
	{"taikyoku", TAI_CRANE, {28, 360}},
	{"taikyoku", TAI_DOVE, {20, 220}},
	{"taikyoku", TAI_FOX, {19, 226}},
	{"taikyoku", TAI_TEACHER, {27, 424}},
	{"taikyoku", TAI_EAGLE, {56, 667}},
	/* the Peacock 3, the King 13, the Pawn on 3ah 1 */
	{"taikyoku", TAI_PEACOCK, {17, 186}},
	/* The Teaching King with L3: 155 and 170 by hand (test_rules.c:
	 * 151 and 166 of its own, the Pawn's step, the royal's 3); depth 2
	 * computed.  maka-dai-dai's (Q K~3) on the same squares: 66. */
	{"maka-dai-dai-teaching-lion", TL_CROWD, {155, 723}},
	{"maka-dai-dai", TL_CROWD, {66}},
	{"tai-teaching-lion", TL_TAI, {170, 798}},
	/* computed (the colour reversal and the one-move check test it) */
	{"maka-dai-dai-teaching-lion", TL_SWARM, {263, 22765}},
};

static void perft_counts(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof perfts / sizeof perfts[0]; i++) {
		const perft_row *p = &perfts[i];
		kifu_position *pos = support_position(p->variant, p->sfen);
		for (int d = 0; d < 4 && p->counts[d]; d++) {
			uint64_t n = support_perft(pos, d + 1);
			if (n != (uint64_t)p->counts[d])
				fail_msg("%s %s: perft %d is %llu, not %ld", p->variant, p->sfen ? p->sfen : "start",
					 d + 1, (unsigned long long)n, p->counts[d]);
		}
		kifu_position_free(pos);
	}
}

/* ---- the colour reversal --------------------------------------------------- */

/* The SFEN of the position turned round with the sides exchanged: the ranks
 * in reverse order, each rank's squares in reverse order, uppercase and
 * lowercase exchanged, the other side to move, the hands exchanged.  The
 * move number stays. */
static void reversed(const char *sfen, char *out, size_t size)
{
	char board[2048], side[4], hands[512];
	long number = 1;
	assert_int_equal(sscanf(sfen, "%2047s %3s %511s %ld", board, side, hands, &number) >= 3, 1);
	/* the tokens of each rank: [+]X['!] or a count of empty squares */
	char ranks[64][256];
	int nranks = 0;
	for (char *r = strtok(board, "/"); r; r = strtok(NULL, "/")) {
		char tok[64][8];
		int n = 0;
		for (const char *c = r; *c;) {
			size_t len = 0;
			if (isdigit((unsigned char)*c)) {
				while (isdigit((unsigned char)c[len]))
					len++;
			} else {
				len = c[0] == '+' ? 2 : 1;
				while (c[len] == '\'' || c[len] == '!') /* up to three: Taikyoku's F''' */
					len++;
			}
			snprintf(tok[n++], sizeof tok[0], "%.*s", (int)len, c);
			c += len;
		}
		char *o = ranks[nranks++];
		o[0] = 0;
		for (int i = n - 1; i >= 0; i--) {
			for (char *t = tok[i]; *t; t++)
				*t = isupper((unsigned char)*t) ? (char)tolower((unsigned char)*t)
								: (char)toupper((unsigned char)*t);
			strcat(o, tok[i]);
		}
	}
	size_t used = 0;
	out[0] = 0;
	for (int i = nranks - 1; i >= 0; i--)
		used += (size_t)snprintf(out + used, size - used, "%s%s", ranks[i], i ? "/" : "");
	/* hands: Sente's (uppercase) then Gote's, each as it was, exchanged */
	char sente[256] = "", gote[256] = "";
	if (strcmp(hands, "-") != 0) {
		for (const char *c = hands; *c;) {
			size_t len = 0;
			while (isdigit((unsigned char)c[len]))
				len++;
			len++;
			if (c[len] == '\'' || c[len] == '!')
				len++;
			char tok[16];
			snprintf(tok, sizeof tok, "%.*s", (int)len, c);
			bool upper = isupper((unsigned char)tok[strspn(tok, "0123456789")]);
			for (char *t = tok; *t; t++)
				*t = upper ? (char)tolower((unsigned char)*t) : (char)toupper((unsigned char)*t);
			strcat(upper ? gote : sente, tok);
			c += len;
		}
	}
	snprintf(out + used, size - used, " %s %s%s%s %ld", side[0] == 'b' ? "w" : "b", sente, gote,
		 sente[0] || gote[0] ? "" : "-", number);
}

static void colour_reversal(void **state)
{
	(void)state;
	/* every position of the perft table and of the hand-worked rows */
	for (size_t i = 0; i < sizeof perfts / sizeof perfts[0] + sizeof rows / sizeof rows[0]; i++) {
		const char *variant, *sfen;
		if (i < sizeof perfts / sizeof perfts[0]) {
			variant = perfts[i].variant;
			sfen = perfts[i].sfen;
		} else {
			variant = rows[i - sizeof perfts / sizeof perfts[0]].variant;
			sfen = rows[i - sizeof perfts / sizeof perfts[0]].sfen;
		}
		kifu_position *pos = support_position(variant, sfen);
		char here[4096], turned[4096];
		support_sfen(pos, here, sizeof here);
		reversed(here, turned, sizeof turned);
		kifu_position *rev = support_position(variant, turned);
		/* depth 2 (3 for the small boards), and the position reversed
		 * twice is the position */
		int depth = kifu_variant_files(kifu_position_variant(pos)) <= 9 ? 3 : 2;
		uint64_t a = support_perft(pos, depth), b = support_perft(rev, depth);
		if (a != b)
			fail_msg("%s %s: perft %d is %llu, and %llu with the sides exchanged (%s)", variant, here, depth,
				 (unsigned long long)a, (unsigned long long)b, turned);
		char back[4096];
		reversed(turned, back, sizeof back);
		assert_string_equal(back, here);
		kifu_position_free(rev);
		kifu_position_free(pos);
	}
}

/* ---- the one-move check agrees with generation --------------------------- */

/* A move's place in a set: its squares, promotion and the position it
 * leaves, so that two spellings of one move (a two-step move through an
 * empty square and the direct move; passes through different squares) are
 * one, and moves that leave the same board from different squares (two
 * pieces burnt passively) are two. */
static void move_key(kifu_position *pos, const kifu_move *m, char *key, size_t size)
{
	kifu_undo u;
	char sfen[4096];
	kifu_make_move(pos, m, &u);
	support_sfen(pos, sfen, sizeof sfen);
	kifu_unmake_move(pos, &u);
	snprintf(key, size, "%u %u %u %u %s", (unsigned)m->from, (unsigned)m->to, (unsigned)(m->flags & 3),
		 (unsigned)m->piece, sfen);
}

typedef char key_text[4200];

static int cmp_key(const void *a, const void *b) { return strcmp(a, b); }

static void agree(const char *variant, const char *sfen)
{
	kifu_position *pos = support_position(variant, sfen);
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v), nsq = files * ranks;
	kifu_movelist *list = malloc(sizeof *list);
	assert_non_null(list);
	assert_int_equal(kifu_generate_legal(pos, list), 0);
	key_text *keys = malloc(sizeof *keys * (size_t)list->count);
	assert_non_null(keys);
	for (int i = 0; i < list->count; i++) {
		kifu_illegal why;
		if (kifu_check_move(pos, &list->moves[i], &why) != 0) {
			char t[32];
			fail_msg("%s %s: listed move %s refused (code %d)", variant, sfen ? sfen : "start",
				 support_move_text(v, &list->moves[i], t), (int)why.code);
		}
		move_key(pos, &list->moves[i], keys[i], sizeof keys[i]);
	}
	qsort(keys, (size_t)list->count, sizeof *keys, cmp_key);
	for (int i = 1; i < list->count; i++)
		if (!strcmp(keys[i - 1], keys[i]))
			fail_msg("%s: a move listed twice: %s", variant, keys[i]);
	/* every one-leg move, every two-leg move within two king steps twice,
	 * every drop: what the check accepts is a listed move */
	long accepted = 0;
	for (int from = -1; from < nsq; from++) {
		int code = from >= 0 ? kifu_position_at(pos, from) : 0;
		if (from >= 0 && (!code || kifu_code_side(code) != kifu_position_side(pos)))
			continue;
		for (int to = 0; to < nsq; to++)
			for (int t = 0; t < (from < 0 ? kifu_variant_piece_count(v) : 1); t++)
				for (int fl = 0; fl < 2; fl++) {
					kifu_move m = {from < 0 ? KIFU_NO_SQUARE : (uint16_t)from, KIFU_NO_SQUARE,
						       (uint16_t)to,
						       (uint8_t)((fl ? KIFU_MOVE_PROMOTE : 0) | (from < 0 ? KIFU_MOVE_DROP : 0)),
						       (uint8_t)t};
					if (kifu_check_move(pos, &m, NULL) != 0)
						continue;
					key_text k;
					move_key(pos, &m, k, sizeof k);
					if (!bsearch(k, keys, (size_t)list->count, sizeof *keys, cmp_key)) {
						char txt[32];
						fail_msg("%s: %s accepted, not listed", variant, support_move_text(v, &m, txt));
					}
					accepted++;
				}
		if (from < 0)
			continue;
		const int ff = from % files, fr = from / files;
		for (int mr = fr - 2; mr <= fr + 2; mr++)
			for (int mf = ff - 2; mf <= ff + 2; mf++)
				for (int tr = mr - 2; tr <= mr + 2; tr++)
					for (int tf = mf - 2; tf <= mf + 2; tf++)
						for (int fl = 0; fl < 2; fl++) {
							if (mr < 0 || mr >= ranks || mf < 0 || mf >= files || tr < 0 ||
							    tr >= ranks || tf < 0 || tf >= files)
								continue;
							kifu_move m = {(uint16_t)from, (uint16_t)(mr * files + mf),
								       (uint16_t)(tr * files + tf),
								       (uint8_t)(fl ? KIFU_MOVE_PROMOTE : 0), 0};
							if (kifu_check_move(pos, &m, NULL) != 0)
								continue;
							key_text k;
							move_key(pos, &m, k, sizeof k);
							if (!bsearch(k, keys, (size_t)list->count, sizeof *keys, cmp_key)) {
								char txt[32];
								fail_msg("%s: %s accepted, not listed", variant,
									 support_move_text(v, &m, txt));
							}
						}
	}
	assert_true(accepted >= 0);
	free(keys);
	free(list);
	kifu_position_free(pos);
}

static void check_agrees_with_generation(void **state)
{
	(void)state;
	agree("tenjiku", NULL);
	agree("tenjiku", TEN_MID12);
	agree("tenjiku", TEN_MID30);
	agree("tenjiku-ja", TEN_MID30);
	agree("tenjiku-jump-to-empty", TEN_MID30);
	agree("tenjiku-jump-lower", TEN_MID30);
	agree("tenjiku", TEN_AREA);
	agree("tenjiku", TEN_BURN);
	agree("tenjiku", TEN_DEMONS);
	agree("tenjiku", TEN_JUMP);
	agree("tenjiku", TEN_GREAT);
	agree("tenjiku", TEN_EAGLE);
	agree("tenjiku-free-eagle-jumps", TEN_EAGLE_SHUT);
	agree("tenjiku", TEN_TETRARCH);
	agree("taikyoku", TAI_CRANE);
	agree("taikyoku", TAI_DOVE);
	agree("taikyoku", TAI_FOX);
	agree("taikyoku", TAI_TEACHER);
	agree("taikyoku", TAI_EAGLE);
	agree("taikyoku", TAI_PEACOCK);
	agree("wa", WA_MID30);
	agree("tori", TORI_MID12);
	agree("tori", TORI_MID30);
	agree("heian", HEIAN_MID30);
	agree("heian-dai", HEIAN_DAI_MID30);
	agree("heian-dai-leaping-dragon", HEIAN_DAI_MID30);
	agree("dai-dai", NULL);
	agree("dai-dai", DD_MID30);
	agree("dai-dai", DD_OPEN);
	agree("maka-dai-dai-teaching-lion", TL_CROWD);
	agree("maka-dai-dai-teaching-lion", TL_SWARM);
	agree("tai-teaching-lion", TL_TAI);
}

/* ---- make and unmake ---------------------------------------------------- */

static void unmake_restores(const char *variant, const char *sfen, int depth)
{
	kifu_position *pos = support_position(variant, sfen);
	kifu_movelist *list = malloc(sizeof *list);
	char before[4096], after[4096], text[32];
	assert_non_null(list);
	support_sfen(pos, before, sizeof before);
	uint64_t key = kifu_position_key(pos);
	assert_int_equal(kifu_generate_legal(pos, list), 0);
	for (int i = 0; i < list->count; i++) {
		kifu_undo u;
		kifu_make_move(pos, &list->moves[i], &u);
		if (depth > 1) {
			support_sfen(pos, after, sizeof after);
			unmake_restores(variant, after, depth - 1);
		}
		kifu_unmake_move(pos, &u);
		support_sfen(pos, after, sizeof after);
		if (strcmp(before, after) != 0 || kifu_position_key(pos) != key)
			fail_msg("%s: after %s and its unmake:\n  %s\nnot\n  %s", variant,
				 support_move_text(kifu_position_variant(pos), &list->moves[i], text), after, before);
	}
	free(list);
	kifu_position_free(pos);
}

static void make_unmake(void **state)
{
	(void)state;
	unmake_restores("tenjiku", TEN_BURN, 2);
	unmake_restores("tenjiku", TEN_DEMONS, 2);
	unmake_restores("tenjiku-adams", TEN_DEMONS, 2);
	unmake_restores("tenjiku-active-burning", TEN_DEMONS, 2);
	unmake_restores("tenjiku", TEN_PASSIVE, 2);
	unmake_restores("tenjiku", TEN_MID30, 1);
	unmake_restores("tori", TORI_MID30, 2);
	unmake_restores("heian", HEIAN_BARE, 2);
	unmake_restores("dai-dai", DD_MID30, 1);
	unmake_restores("dai-dai", DD_OPEN, 2);
	unmake_restores("maka-dai-dai-teaching-lion", TL_CROWD, 2);
	unmake_restores("maka-dai-dai-teaching-lion", TL_SWARM, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hand_worked),
		cmocka_unit_test(perft_counts),
		cmocka_unit_test(colour_reversal),
		cmocka_unit_test(check_agrees_with_generation),
		cmocka_unit_test(make_unmake),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
