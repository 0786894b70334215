/*
 * kifu/position.h - positions, moves and the rules core.
 *
 * Squares are numbered sq = (rank - 1) * files + (file - 1), with file
 * counted from Sente's right and rank from Gote's side (docs/rules.md).  The
 * rules core knows nothing of notations: moves are squares and piece types,
 * and an illegal move is explained by a kifu_illegal value that a notation
 * turns into words (kifu_illegal_describe).
 */
#ifndef KIFU_POSITION_H
#define KIFU_POSITION_H

#include <stdint.h>
#include <stddef.h>
#include "api.h"
#include "error.h"
#include "variant.h"

KIFU_BEGIN_DECLS

#define KIFU_NO_SQUARE 0xFFFFu

enum kifu_move_flags {
	KIFU_MOVE_PROMOTE = 1,  /* the piece promotes at the end of the move */
	KIFU_MOVE_DROP = 2,     /* a piece from hand is put on `to` */
	KIFU_MOVE_RUN = 4,      /* a two-leg move's second leg runs: it stops on every
				 * square strictly between mid and `to` along the line,
				 * taking the enemy there (lion power along a line, X~n:
				 * the Lion Dog's 1, 2 and 3) */
	KIFU_MOVE_THREE_LEGS = 8 /* three king steps, from -> mid -> mid2 -> to, stopping
				 * on mid and mid2 and taking the enemies there (L3, the
				 * Lion's power of three king steps: formats/movement.md);
				 * mid2 is kept in `piece` (below) */
};

/* A move: from [mid] to [promote], or a drop of `piece` on `to` (from and
 * mid KIFU_NO_SQUARE).
 * mid is the first leg's square of a two-leg (Lion) move, KIFU_NO_SQUARE
 * for a one-leg move. A pass is from == to with an empty mid; 居食い (igui)
 * is from == to with an enemy on mid.  With KIFU_MOVE_RUN, from, mid and
 * to lie outward along one line, to at least two squares past mid, and each
 * square between mid and to holds an enemy piece, taken as the piece stops
 * there on its way (formats/movement.md, `~n`). */
typedef struct kifu_move {
	uint16_t from;
	uint16_t mid;
	uint16_t to;
	uint8_t flags;
	uint8_t piece; /* drops: the type dropped; KIFU_MOVE_THREE_LEGS: mid2's
			* king step from mid, (dr + 1) * 3 + (df + 1) (0 to 8,
			* never 4; kifu_move_mid2); other moves: 0 */
} kifu_move;

/* The three-leg move (KIFU_MOVE_THREE_LEGS) names a second intermediate
 * square, mid2, a king step from mid.  It is held in the byte a drop uses
 * for its piece (as a step from mid), not in a field of its own: a move stays 8 bytes.  Measured
 * (valgrind --tool=cachegrind, instructions of kifu-perft -v): a uint16_t
 * mid2 field (10 bytes a move) cost shogi 4 +2.9% (177.8 -> 182.9 M),
 * chu 3 +2.4%, dai 3 +2.6%, every list of moves being a quarter larger;
 * the byte costs nothing (docs/performance.md).  A move with from, mid,
 * mid2 and to going out along one line is a run (KIFU_MOVE_RUN), not a
 * three-leg move: every notation tells the two apart by the squares. */

/* mid2 of a three-leg move on a board `files` wide and `ranks` high:
 * KIFU_NO_SQUARE when m has no KIFU_MOVE_THREE_LEGS, when piece is no king
 * step or when mid2 would be off the board (or mid is). */
int kifu_move_mid2(const kifu_move *m, int files, int ranks);
/* Makes m a three-leg move through mid2 (m->mid set first): the flag and
 * piece.  KIFU_EINVAL, m unchanged, when mid2 is not a king step from mid
 * on that board. */
int kifu_move_set_mid2(kifu_move *m, int mid2, int files, int ranks);

/* The room of a kifu_movelist: enough for every move of any position of
 * the shipped variants up to 19x19 (the most any start position of them
 * has is Maka Dai Dai's; none of their game positions comes near).  A
 * position of a larger board can have more (Taikyoku's 36x36 with its
 * long-range pieces on open lines: tens of thousands): kifu_moves, below,
 * holds them all. */
#define KIFU_MAX_MOVES 4096
/* At most this many pieces of one kind in one hand (an SFEN or a board
 * diagram asking for more is refused). */
#define KIFU_MAX_IN_HAND 200

/* A list of moves of fixed room, a plain value (32 KiB): what a caller
 * keeps on its stack for kifu_generate_legal. */
typedef struct kifu_movelist {
	int count;
	kifu_move moves[KIFU_MAX_MOVES];
} kifu_movelist;

/* A list of moves that grows as the positions it is given need: every
 * move, however many (kifu_generate_legal_all).  Start it zeroed
 * (KIFU_MOVES_INIT); its room grows by doubling when a position has more
 * moves than it holds, and is kept: a list used from one position to the
 * next allocates a few times in all (at most log2 of the largest count),
 * never per move.  kifu_moves_free releases its room. */
typedef struct kifu_moves {
	int count;
	int room;          /* the moves `moves` has room for */
	kifu_move *moves;  /* NULL while room is 0 */
} kifu_moves;
#define KIFU_MOVES_INIT {0, 0, NULL}
void kifu_moves_free(kifu_moves *list);

/* What kifu_make_move changed, for kifu_unmake_move.  Its content is the
 * rules core's own; it is a plain value so that a caller can keep one per
 * ply on the stack or in an array, with no allocation. */
typedef struct kifu_undo {
	uint64_t opaque_[32];
} kifu_undo;

/* A position: a board, hands, the side to move and what the rules keep of
 * the game so far.  The functions that only ask about one take it const:
 * it is left as it was.  (Some of them try moves on it and take them back,
 * or keep what they learn in it, as kifu_generate_legal does: a position,
 * even one that is only asked, is one thread's at a time; kifu/kifu.h.) */
typedef struct kifu_position kifu_position;

/* A new position holding the variant's start position.  Free with
 * kifu_position_free. The variant must outlive the position. */
int kifu_position_new(kifu_position **out, const kifu_variant *v);
void kifu_position_free(kifu_position *pos);
/* Makes *pos a position of variant v: keeps it when it already is one (in
 * whatever state it is), else frees it and makes a new one at v's start.
 * For tools that go over records of several variants. Returns 0 or
 * KIFU_ENOMEM (then *pos is NULL). */
int kifu_position_for(kifu_position **pos, const kifu_variant *v);
/* Copies src into dst (same variant). */
void kifu_position_copy(kifu_position *dst, const kifu_position *src);

/* Resets to the variant's start position. */
void kifu_position_reset(kifu_position *pos);

/* Sets the position from an SFEN (board side hands [movenumber]).  Errors
 * name the column (1-based, in diag->col) within the SFEN text. On error the
 * position is unchanged. */
int kifu_position_set_sfen(kifu_position *pos, const char *sfen, size_t len,
			   kifu_diag *diag);
/* The longest SFEN token: a plus, a letter and KIFU_SFEN_MAX_MARKS marks
 * ("+S!!'"). */
#define KIFU_SFEN_TOKEN_MAX (2 + KIFU_SFEN_MAX_MARKS)
/* The room, with its NUL, of the longest SFEN of any position: every square
 * of a KIFU_MAX_DIM board holding a piece of the longest token, the ranks'
 * slashes, the side, the counter-strike square ("36aj"), both hands
 * holding KIFU_MAX_IN_HAND (three digits) of each of KIFU_MAX_DROP_TYPES
 * types (a variant with drops has no more), and a move number of a long's
 * 20 characters: 10,640 bytes.  A buffer of this size takes whatever
 * kifu_position_sfen writes. */
#define KIFU_SFEN_MAX                                                                         \
	(KIFU_MAX_SQUARES * KIFU_SFEN_TOKEN_MAX + (KIFU_MAX_DIM - 1) + sizeof " b " - 1 +      \
	 sizeof "36aj" - 1 + 2 * KIFU_MAX_DROP_TYPES * (3 + KIFU_SFEN_TOKEN_MAX) + 1 + 20 + 1)
/* Writes the SFEN of the position into buf (NUL-terminated).  Returns the
 * length, or KIFU_ELIMIT if it does not fit (never, in KIFU_SFEN_MAX). */
int kifu_position_sfen(const kifu_position *pos, char *buf, size_t size);

const kifu_variant *kifu_position_variant(const kifu_position *pos);
enum kifu_side kifu_position_side(const kifu_position *pos);
/* The SFEN move number: 1 at the start, +1 after every move. */
long kifu_position_movenumber(const kifu_position *pos);
/* The board code on sq: 0 empty, else kifu_code_type/kifu_code_side apply. */
int kifu_position_at(const kifu_position *pos, int sq);
/* The squares of side's pieces whose names agree with type t's
 * (kifu_piece_names_agree), lowest square first: at most max of them are
 * written into out.  Returns how many were written.  What a reader that
 * names a piece by its kind (KI2: 銀 to 4八) asks first. */
int kifu_position_find(const kifu_position *pos, enum kifu_side side, int t, uint16_t *out, int max);
/* How many pieces of type t side holds in hand. */
int kifu_position_hand(const kifu_position *pos, enum kifu_side side, int t);
/* A 64-bit hash of pieces, hands, side to move and counter-strike square:
 * equal positions have equal keys (repetition detection). */
uint64_t kifu_position_key(const kifu_position *pos);
/* The counter-strike square of a variant with lion-trading's counter-strike
 * (formats/variants.md; Chu): the square where a piece other than a Lion
 * took a Lion on the last move, which restricts the next move (SFEN field
 * 3).  -1 when there is none, and always for other variants. */
int kifu_position_counter_strike(const kifu_position *pos);
/* The number of royal pieces side has on the board. */
int kifu_position_royals(const kifu_position *pos, enum kifu_side side);

static inline int kifu_code_type(int code) { return (code - 1) >> 1; }
static inline enum kifu_side kifu_code_side(int code) { return (enum kifu_side)((code - 1) & 1); }
static inline int kifu_code_make(int type, enum kifu_side side) { return 1 + (type << 1) + (int)side; }

/* A rank as the compact notation, SFEN and USI name it (formats/compact.md):
 * a letter, a = rank 1 ... z = rank 26, then two letters as spreadsheet
 * columns, aa = 27 ... aj = 36 (Taikyoku), ... zz = 702.  Writes the
 * letters of rank (from 1) at out (no NUL) and returns their count, 1 or
 * 2 (0 for a rank out of that range). */
static inline int kifu_rank_letters(int rank, char *out)
{
	if (rank < 1 || rank > 26 * 27)
		return 0;
	if (rank <= 26) {
		out[0] = (char)('a' + rank - 1);
		return 1;
	}
	out[0] = (char)('a' + (rank - 1) / 26 - 1);
	out[1] = (char)('a' + (rank - 1) % 26);
	return 2;
}
/* Reads a rank's letters at s[0..len), one or two lowercase ones: the rank
 * (from 1) with *used their count, or 0 when s starts with none.  A square
 * is a file number then its rank letters, so the letters end at what is
 * not one (12aa11ab: digits and letters alternate). */
static inline int kifu_rank_read(const char *s, size_t len, size_t *used)
{
	if (!len || (unsigned)(s[0] - 'a') > 25u)
		return 0;
	if (len < 2 || (unsigned)(s[1] - 'a') > 25u) {
		*used = 1;
		return s[0] - 'a' + 1;
	}
	*used = 2;
	return (s[0] - 'a' + 1) * 26 + (s[1] - 'a' + 1);
}

/* How the game stands for the side to move. */
enum kifu_game_state {
	KIFU_GAME_ON = 0,
	KIFU_GAME_ROYAL_LOST = 1, /* the side to move lost its last royal: it has lost */
	KIFU_GAME_NO_MOVES = 2,   /* the side to move has no legal move: it has lost
				   * (unless the variant leaves it undecided) */
	KIFU_GAME_BARE_ROYAL = 3, /* a side is left with a bare royal (end.bare-royal): it has lost */
	KIFU_GAME_LONE_ROYALS = 4 /* only the two royals are left, neither attacked
				   * (end.lone-royals): a draw */
};
/* Computes the state; KIFU_GAME_NO_MOVES needs move generation.  The
 * variants without an `end:` rule (formats/variants.md) never give the
 * states 3 and 4. */
enum kifu_game_state kifu_position_state(const kifu_position *pos);
/* May the side to move declare a win (入玉宣言, standard shogi's 27-point
 * rule; the variant's `declaration`)?  Fills *out (out may be NULL) with
 * what the rule counts, and returns out->allowed: 1 or 0 (always 0 for a
 * variant with no declaration rule, points_needed 0). */
typedef struct kifu_declaration {
	int allowed;
	int royal_in_zone;   /* its royal stands in the zone */
	int in_check;        /* it is in check */
	int pieces_in_zone, pieces_needed; /* its pieces besides royals in the zone */
	int points, points_needed;         /* what they and its pieces in hand count */
} kifu_declaration;
int kifu_position_declaration(const kifu_position *pos, kifu_declaration *out);

/* Is a royal of the side to move attacked (in check)?  1 or 0. */
int kifu_position_in_check(const kifu_position *pos);
/* Which side lost its last royal by capture (-1 if none did). */
int kifu_position_royal_loser(const kifu_position *pos);

/* Whether and how the game has ended in a position, and who won. */
typedef struct kifu_game_end {
	enum kifu_game_state state; /* KIFU_GAME_ON: the game goes on */
	int winner;  /* KIFU_SENTE or KIFU_GOTE; -1 when nobody won (a draw, the
		      * game on, or an end the variant leaves undecided) */
	int draw;    /* 1 for a draw */
} kifu_game_end;

/* The end of the game in pos, the variant's rules checked in this order
 * (formats/variants.md, "end"; docs/rules.md):
 *   1. the side to move has no royal: it lost (KIFU_GAME_ROYAL_LOST);
 *   2. a side is left with a bare royal (end.bare-royal): it lost
 *      (KIFU_GAME_BARE_ROYAL);
 *   3. the side to move has no legal move: it lost, or with
 *      `no-legal-move: undecided` nobody won (KIFU_GAME_NO_MOVES);
 *   4. (repetition: the rules core sees one position; the caller that
 *      counts positions checks kifu_repetition_rule here, after 1-3 and
 *      before 5);
 *   5. only the two royals are left and neither is attacked
 *      (end.lone-royals): a draw (KIFU_GAME_LONE_ROYALS).
 * Returns out->state (out may be NULL).  A position where the game has
 * ended by 1, 2 or 5 has no legal move (kifu_generate_legal lists none,
 * kifu_check_move refuses every move). */
enum kifu_game_state kifu_position_end(const kifu_position *pos, kifu_game_end *out);

/* Every legal move of the side to move.  A pass is listed once per piece
 * that can pass (with the first empty square it can pass through as mid).
 * A position whose side to move has lost its last royal, or where the game
 * has otherwise ended (kifu_position_end: 2 and 5), has no moves.  Returns
 * 0, or KIFU_ELIMIT when the position has more than KIFU_MAX_MOVES moves
 * (no shipped variant comes near; a user's variant with many pieces to
 * drop on a large board may): the list then holds only some of them. */
int kifu_generate_legal(kifu_position *pos, kifu_movelist *out);
/* The same into a list that grows (kifu_moves): every legal move, in the
 * order kifu_generate_legal gives them.  Returns 0, or KIFU_ENOMEM when
 * the room could not grow (the list then holds only some of them). */
int kifu_generate_legal_all(kifu_position *pos, kifu_moves *out);

/* Why a move is illegal. */
enum kifu_illegal_code {
	KIFU_LEGAL = 0,
	KIFU_ILL_GAME_OVER,        /* a side has lost its last royal */
	KIFU_ILL_OFF_BOARD,        /* a square beyond the board */
	KIFU_ILL_NO_PIECE,         /* no piece on from */
	KIFU_ILL_NOT_YOURS,        /* the piece on from is the opponent's */
	KIFU_ILL_UNREACHABLE,      /* the piece does not move that way */
	KIFU_ILL_BLOCKED,          /* a piece stands in the way */
	KIFU_ILL_OWN_CAPTURE,      /* to (or mid) holds the mover's own piece */
	KIFU_ILL_NO_TWO_LEG,       /* the piece has no two-step (Lion) move */
	KIFU_ILL_BAD_TWO_LEG,      /* the two legs do not form a move of the piece */
	KIFU_ILL_CANNOT_PROMOTE,   /* the piece has no promotion */
	KIFU_ILL_PROMOTED_AGAIN,   /* a promoted piece promotes no further */
	KIFU_ILL_PROMOTE_HERE,     /* the promotion rule does not allow it on this move */
	KIFU_ILL_MUST_PROMOTE,     /* the piece must promote on this square */
	KIFU_ILL_NO_DROPS,         /* the variant has no drops */
	KIFU_ILL_NOT_IN_HAND,      /* the side holds no such piece */
	KIFU_ILL_DROP_OCCUPIED,    /* a drop on an occupied square */
	KIFU_ILL_DEAD_DROP,        /* the dropped piece could never move */
	KIFU_ILL_TWO_PAWNS,        /* a second unpromoted pawn on a file (二歩) */
	KIFU_ILL_DROP_MATE,        /* a pawn drop that mates (打ち歩詰め) */
	KIFU_ILL_ROYAL_ATTACKED,   /* leaves the mover's last royal attacked */
	KIFU_ILL_DROP_PROMOTE,     /* a drop cannot promote */
	KIFU_ILL_LION_PROTECTED,   /* a Lion takes a protected Lion not next to it
				    * (lion-trading rules 1 and 2); square: that Lion */
	KIFU_ILL_COUNTER_STRIKE,   /* a non-Lion takes a Lion right after a non-Lion
				    * took one (rule 3); square: that Lion */
	KIFU_ILL_BARE_ROYAL,       /* the game has ended: side is left with a bare royal */
	KIFU_ILL_LONE_ROYALS,      /* the game has ended: only the two royals are left, a draw */
	KIFU_ILL_JUMP_RANK,        /* a range jump over (or onto, range-jumps.takes) a piece
				    * ranking too high; square: that piece */
	KIFU_ILL_JUMP_NO_CAPTURE,  /* a range jump may end only on a piece it takes */
	KIFU_ILL_AREA_BLOCKED,     /* no path of the area move's steps through empty squares */
	KIFU_ILL_FILE_FULL,        /* a drop past the most such pieces a file may hold
				    * (max-on-file over 1); square: one of them */
	KIFU_ILL_HOOK_BLOCKED,     /* every path of a hook's two legs (X>) to the square is
				    * blocked; square: the destination */
	KIFU_ILL_EMPEROR_PROTECTED, /* the Emperor's move (E) takes a piece another enemy
				    * piece protects; square: that piece */
	KIFU_ILL_RANGE_CAPTURE_RANK, /* a range capture (range-jumps.passed: captured) ends on
				     * a piece that does not rank below it; square: that piece */
	KIFU_ILL_BAD_RUN,          /* a run (KIFU_MOVE_RUN) that is no move of the piece, or
				    * stops on a square holding no enemy; square: that one */
	KIFU_ILL_BAD_THREE_LEGS    /* a three-leg move (KIFU_MOVE_THREE_LEGS) that is no move
				    * of the piece (no L3, mid2 no king step, a leg not a
				    * king step, ending on mid), or that stops on a square
				    * holding no enemy; square: that one (or mid2) */
};

typedef struct kifu_illegal {
	enum kifu_illegal_code code;
	int type;        /* the moving (or dropped) piece type, -1 if none */
	int other_type;  /* a piece concerned besides (blocker, own piece), -1 if none */
	int square;      /* the square concerned, or -1 */
	int from;        /* the moving piece's square, -1 for a drop */
	enum kifu_side side; /* KIFU_ILL_GAME_OVER, KIFU_ILL_BARE_ROYAL: the side that lost */
} kifu_illegal;

/* Checks one move for the side to move without generating every move.
 * Returns 0 if legal, else KIFU_EILLEGAL with *why filled (why may be NULL). */
int kifu_check_move(kifu_position *pos, const kifu_move *move, kifu_illegal *why);

/* Plays a move that kifu_check_move accepted (or that kifu_generate_legal
 * listed).  undo may be NULL when the move will not be taken back. */
void kifu_make_move(kifu_position *pos, const kifu_move *move, kifu_undo *undo);
void kifu_unmake_move(kifu_position *pos, const kifu_undo *undo);

/* Is sq attacked by a piece of side `by`? */
int kifu_square_attacked(const kifu_position *pos, int sq, enum kifu_side by);

/* ---- what a program counting repetitions needs (kifu_repetition_rule) ----
 *
 * The rules core judges one position; the fourfold-repetition rule needs
 * the game's history, so the program that plays a game through counts
 * positions itself, with:
 *   - kifu_position_key: equal keys for equal positions (board, hands,
 *     side to move, counter-strike square);
 *   - kifu_move_resets_repetition, asked before each move: whether the count
 *     starts afresh after it (kifu_repetition_rule's reset_on_*);
 *   - kifu_move_is_attack, asked after each move: whether that move was an
 *     attack, for the perpetual-attack rule;
 *   - kifu_variant_repetition: how many occurrences end the game and who
 *     loses a perpetual attack.
 * The check comes after rules 1-3 of kifu_position_end and before rule 5. */

/* Does move m, about to be played in pos, reset the repetition count under
 * the variant's rule: a capture (on either leg), a promotion, or a move
 * whose piece (after the move) is one-way, every move of it going forward
 * (Chu's Pawn and Lance)?  1 or 0; always 0 for a variant with no
 * repetition rule. */
int kifu_move_resets_repetition(const kifu_position *pos, const kifu_move *m);

/* Was the move just played an attack (the perpetual-attack rule)?  pos is
 * the position after kifu_make_move(pos, move, undo), with that undo.  An
 * attack gives check (a royal of the side now to move is attacked) or
 * leaves the moved piece attacking an enemy piece: able to capture it with
 * a one-leg move, under the lion-trading rules as they bound the mover on
 * that move (as lishogi's server judges it: scalashogi Chushogi.isAttacking).
 * 1 or 0. */
int kifu_move_is_attack(const kifu_position *pos, const kifu_undo *undo);

/* Counts the leaves of the legal-move tree to depth (perft) into *count. A
 * move that captures a side's last royal, or otherwise ends the game (bare
 * royal, lone royals), ends it: nothing below it is counted.  Returns 0
 * or KIFU_ENOMEM.  Its move lists, one a ply, grow (kifu_moves): a
 * position with more moves than KIFU_MAX_MOVES is counted whole. */
int kifu_perft(kifu_position *pos, int depth, uint64_t *count);

/* Names a square for a message: writes e.g. "7g" into buf. */
typedef void (*kifu_square_namer)(const kifu_variant *v, int sq, char *buf, size_t size);

/* Explains an illegal move in plain words ("the Rook on 8h has no two-step
 * move"), naming squares with namer. Returns buf. */
char *kifu_illegal_describe(const kifu_variant *v, const kifu_illegal *why,
			    kifu_square_namer namer, char *buf, size_t size);

KIFU_END_DECLS

#endif
