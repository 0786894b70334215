/*
 * position_internal.h - the position the rules core plays on.
 */
#ifndef KIFU_POSITION_INTERNAL_H
#define KIFU_POSITION_INTERNAL_H

#include "kifu/position.h"
#include "rules/hash.h"
#include "rules/variant_internal.h"

#define MAX_MATE_DEPTH 4

struct kifu_position {
	const struct kifu_variant *v;
	int files, ranks, nsq;
	int side;
	long ply;                 /* the SFEN move number */
	int loser;                /* the side that lost its last royal by capture, or -1 */
	uint16_t cs;              /* the counter-strike square, or KIFU_NO_SQUARE (lion-trading rule 3) */
	int nroyal[2];
	uint16_t royal_sq[2][MAX_ROYALS];
	uint16_t board[KIFU_MAX_SQUARES]; /* board codes (kifu_code_make): 16 bits (kifu/variant.h) */
	/* With bitboards (v->bitboards): each side's squares, and those of its
	 * pieces that slide (bb_toggle). */
	bb128 occ[2], sliders[2];
	uint8_t hand[2][KIFU_MAX_TYPES];
	uint64_t key;             /* position hash (repetition): pieces, hands, side, counter-strike square */
	/* What the last-royal rule needs, kept from move to move so that most
	 * moves are judged without an attack test (check.c, make.c): */
	int8_t check;             /* side to move's royal attacked: 1, 0, or -1 not known */
	int8_t safe;              /* the other side's royal known not attacked */
	kifu_move approved;       /* the last move kifu_check_move accepted ... */
	bool approved_safe;       /* ... leaving the mover's single royal unattacked */

	/* The rules' own scratch, past what a position is (kifu_position_copy
	 * copies the fields above only; each position keeps its own): */
	/* dropping duplicate destinations during generation ... */
	uint32_t stamp_gen;
	uint32_t stamp[KIFU_MAX_SQUARES];
	/* ... and the move lists of the legal-move search that judges a drop
	 * mate or a position with no legal move (legal.c has_legal_move), one
	 * per depth: each made the first time its depth is searched and kept
	 * (32 KiB each: a position that never searches, as most of a writer's,
	 * makes none). */
	kifu_movelist *mate_lists[MAX_MATE_DEPTH + 1];
};

/* The fields kifu_position_copy copies: everything before the scratch. */
#define POSITION_STATE_SIZE offsetof(struct kifu_position, stamp_gen)

/* The position's fields a move changes besides its board, hands and royal
 * squares, listed once for kifu_make_move to save and kifu_unmake_move to
 * put back: X(field, type in the undo record). */
#define MOVE_STATE(X) X(loser, int8_t) X(nroyal[0], int8_t) X(nroyal[1], int8_t) X(ply, long) \
	X(key, uint64_t) X(check, int8_t) X(safe, int8_t) X(cs, uint16_t)

/* What kifu_make_move changed (the content of a kifu_undo). may_alias: it
 * lives in the caller's kifu_undo, whose declared type is another. */
typedef struct undo_data {
	kifu_move move;
	uint16_t moved;        /* board code of the moving piece before the move */
	uint16_t captured_mid; /* board code captured on mid (0: none) */
	uint16_t captured_to;  /* board code captured on to (0: none) */
	int16_t hand_mid;      /* type added to the mover's hand by the mid capture, or -1 */
	int16_t hand_to;       /* the same for the capture on to */
	int8_t prev_loser;
	int8_t prev_nroyal[2];
	int8_t prev_check;    /* the position's cached check state */
	int8_t prev_safe;
	uint16_t prev_cs;
	uint16_t prev_royal_sq[2][MAX_ROYALS];
	long prev_ply;
	uint64_t prev_key;
	/* burning (make.c): the codes burnt on the eight squares around `to`
	 * (in the order of make.c's around[]) and the captor's hand type each
	 * went to (-1: none); and the mover, burnt on `to` (0: not) */
	uint16_t burnt[8];
	int16_t burnt_hand[8];
	uint16_t mover_burnt;
	int16_t mover_burnt_hand;
	/* the range capture (make.c): the codes on the squares the move
	 * passed, from + n * passed_step for n = 1 .. npassed (0: empty) */
	uint16_t passed[KIFU_MAX_DIM - 2];
	int16_t passed_step;
	uint8_t npassed;
}
#if defined(__GNUC__)
__attribute__((may_alias))
#endif
undo_data;

_Static_assert(sizeof(undo_data) <= sizeof(kifu_undo), "kifu_undo is too small for undo_data");
_Static_assert(_Alignof(undo_data) <= _Alignof(kifu_undo), "kifu_undo is not aligned for undo_data");

/* Flips the bits of square sq for a piece `code` (not 0) coming or going,
 * on a board with bitboards. */
static inline void bb_toggle(struct kifu_position *p, int code, int sq)
{
	const int side = kifu_code_side(code);
	const uint64_t bit = (uint64_t)1 << (sq & 63);
	p->occ[side].w[sq >> 6] ^= bit;
	p->sliders[side].w[sq >> 6] ^= bit & -(uint64_t)p->v->code_slides[code]; /* no branch */
}

/* Puts code (0: empty) on sq, keeping the bitboards. */
static inline void put_code(struct kifu_position *p, int sq, int code)
{
	if (p->v->bitboards) {
		int old = p->board[sq];
		if (old)
			bb_toggle(p, old, sq);
		if (code)
			bb_toggle(p, code, sq);
	}
	p->board[sq] = (uint16_t)code;
}

/* The hash's parts (rules/hash.h), from the variant's tables when it has
 * them. */
static inline uint64_t key_piece(const struct kifu_position *p, int code, int sq)
{
	return p->v->key_tables ? p->v->key_piece[code][sq] : hash_piece(code, sq);
}
/* What the key changes by when side's count of t in hand goes from c to
 * c + 1 (or back). */
static inline uint64_t key_hand_step(const struct kifu_position *p, int side, int t, int c)
{
	if (p->v->key_tables && c + 1 < KEY_COUNTS)
		return p->v->key_hand_step[side][t][c];
	return hash_hand(side, t, c) ^ hash_hand(side, t, c + 1);
}

#endif
