/*
 * end.c - the rules that end a game by the pieces left (formats/variants.md,
 * "end"; docs/rules.md, Chu Shogi): the bare royal and the two lone royals;
 * and the declaration of a win (formats/variants.md, "declaration").  With
 * no legal move, the last of the ends, they make kifu_position_end (legal.c).
 */
#include <string.h>

#include "rules/rules_internal.h"

/* Is the piece `code` on sq dead: on its last ranks, where it has no move
 * (an unpromoted Pawn or Lance on the last rank)? */
static inline bool is_dead(const struct kifu_position *p, int code, int sq)
{
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	return pt->dead_ranks && in_last(p, (int)kifu_code_side(code), RANK_OF(sq), pt->dead_ranks);
}

/* The end rules 2 and 5 of kifu_position_end (rules_internal.h).  One pass
 * over the board counts each side's pieces that are not dead ("alive") and, of
 * those, the ones that are not minor ("major"), keeping where the first
 * few stand; it stops as soon as no rule can apply. */
enum kifu_game_state kifu__judge_end(const struct kifu_position *p, int *loser)
{
	const struct kifu_variant *v = p->v;
	int alive[2] = {0, 0}, major[2] = {0, 0};
	int major_sq[2][3];
	/* from both ends at once: Gote's pieces start at the top, Sente's at
	 * the bottom, so that the usual position has its answer (more than
	 * three pieces, no side bare) after a few squares */
	for (int i = 0; i < p->nsq; i++) {
		int sq = i & 1 ? p->nsq - 1 - i / 2 : i / 2;
		int c = p->board[sq];
		if (!c || is_dead(p, c, sq))
			continue;
		int side = (int)kifu_code_side(c);
		alive[side]++;
		if (!v->types[kifu_code_type(c)].desc.minor) {
			if (major[side] < 3)
				major_sq[side][major[side]] = sq;
			major[side]++;
		}
		/* no side bare, more than three pieces: no rule can apply */
		if (alive[0] > 1 && alive[1] > 1 && alive[0] + alive[1] > 3)
			return KIFU_GAME_ON;
	}
	if (v->bare_royal == BARE_BARED) {
		/* lishogi (scalashogi Chushogi.bareKing): a side whose only piece,
		 * dead Pawns and Lances aside, is one royal loses, provided the other
		 * side has a royal, more than one piece when minor pieces and dead
		 * ones are not counted, is not in check, and has more than two such
		 * pieces or none of them next to the bare royal.  Sente is judged
		 * first. */
		for (int side = 0; side < 2; side++) {
			int other = side ^ 1;
			if (alive[side] != 1 || p->nroyal[side] != 1 || major[other] <= 1 || !p->nroyal[other])
				continue;
			if (royal_attacked(p, other))
				continue;
			bool near = false;
			if (major[other] <= 2) {
				int r = p->royal_sq[side][0];
				for (int i = 0; i < major[other]; i++)
					near |= cheb(FILE_OF(major_sq[other][i]) - FILE_OF(r),
						     RANK_OF(major_sq[other][i]) - RANK_OF(r)) == 1;
			}
			if (!near) {
				*loser = side;
				return KIFU_GAME_BARE_ROYAL;
			}
		}
	} else if (v->bare_royal == BARE_LONE) {
		/* Heian Shogi (the Nichūreki, docs/rules.md): a side left with its
		 * royal alone loses, when the other side has more.  Sente first. */
		for (int side = 0; side < 2; side++)
			if (alive[side] == 1 && p->nroyal[side] == 1 && alive[side ^ 1] > 1) {
				*loser = side;
				return KIFU_GAME_BARE_ROYAL;
			}
	} else if (v->bare_royal == BARE_ROYALS_AND_ONE && alive[0] + alive[1] == 3 &&
		   p->nroyal[0] == 1 && p->nroyal[1] == 1) {
		/* The Japan Chu Shogi Association (rules of 2007, 二.4-5): when only the
		 * two royals and one more piece, not a Pawn or Go-between, are left
		 * (dead Pawns and Lances aside), the side with two pieces wins. */
		int strong = alive[0] == 2 ? 0 : 1;
		if (major[strong] == 2) {
			*loser = strong ^ 1;
			return KIFU_GAME_BARE_ROYAL;
		}
	}
	/* lishogi (scalashogi Chushogi.isInsufficientMaterial): only the two
	 * royals left, dead Pawns and Lances aside, neither attacked: a draw. */
	if (v->lone_royals == LONE_DRAW && alive[0] == 1 && alive[1] == 1 && p->nroyal[0] == 1 &&
	    p->nroyal[1] == 1 && !royal_attacked(p, 0) && !royal_attacked(p, 1))
		return KIFU_GAME_LONE_ROYALS;
	return KIFU_GAME_ON;
}

/* The declaration of a win (入玉宣言; formats/variants.md, "declaration";
 * the 27-point rule of the Japan Shogi Association, docs/rules.md): the
 * side to move may declare when its royal stands in the zone and is not in
 * check, it has at least in-zone pieces besides its royals there, and those
 * pieces and its pieces in hand count at least its points (a piece counts
 * its unpromoted form's declaration-points). */
int kifu_position_declaration(const kifu_position *p, kifu_declaration *out)
{
	const struct kifu_variant *v = p->v;
	const int side = p->side;
	kifu_declaration d;
	memset(&d, 0, sizeof d);
	d.points_needed = v->declare_points[side];
	d.pieces_needed = v->declare_in_zone;
	if (d.points_needed) {
		for (int i = 0; i < p->nroyal[side]; i++)
			if (in_zone(p, side, RANK_OF(p->royal_sq[side][i])))
				d.royal_in_zone = 1;
		for (int sq = 0; sq < p->nsq; sq++) {
			int c = p->board[sq];
			if (!is_own(c, side) || !in_zone(p, side, RANK_OF(sq)))
				continue;
			const piece_type *pt = &v->types[kifu_code_type(c)];
			if (pt->desc.royal)
				continue;
			d.pieces_in_zone++;
			d.points += v->types[pt->base].desc.declaration_points;
		}
		for (int t = 0; t < v->ntypes; t++)
			d.points += p->hand[side][t] * v->types[t].desc.declaration_points;
		d.in_check = kifu_position_in_check(p);
		d.allowed = d.royal_in_zone && !d.in_check && d.pieces_in_zone >= d.pieces_needed &&
			    d.points >= d.points_needed;
	}
	if (out)
		*out = d;
	return d.allowed;
}
