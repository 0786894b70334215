/*
 * repetition.c - what a program counting repetitions needs of one position
 * (formats/variants.md, "repetition"; kifu/position.h): whether a move
 * starts the count afresh, and whether a move was an attack.  The count
 * itself is the play loop's: the rules core sees one position at a time.
 */
#include "rules/rules_internal.h"

int kifu_move_resets_repetition(const kifu_position *p, const kifu_move *m)
{
	const struct kifu_variant *v = p->v;
	unsigned r = v->repetition_reset;
	if (!v->repetition_count || !r || (m->flags & KIFU_MOVE_DROP) || m->from >= p->nsq ||
	    m->to >= p->nsq || !p->board[m->from])
		return 0;
	const piece_type *mover = &v->types[kifu_code_type(p->board[m->from])];
	bool capture = (m->to != m->from && p->board[m->to]) ||
		       (m->mid != KIFU_NO_SQUARE && m->mid < p->nsq && m->mid != m->from && p->board[m->mid]) ||
		       (mover->range_captures && kifu__range_captures_any(p, mover, kifu_code_side(p->board[m->from]), m));
	if ((r & RESET_CAPTURE) && capture)
		return 1;
	if ((r & RESET_PROMOTION) && (m->flags & KIFU_MOVE_PROMOTE))
		return 1;
	/* scalashogi Chushogi.isIrreversible: the piece on the destination after
	 * the move is a Pawn or Lance; here, any one-way piece */
	int t = kifu_code_type(p->board[m->from]);
	if ((m->flags & KIFU_MOVE_PROMOTE) && v->types[t].promotes_to >= 0)
		t = v->types[t].promotes_to;
	return (r & RESET_ONE_WAY) && v->types[t].one_way;
}

/* Can the piece on sq (of side `side`) take an enemy piece with a one-leg
 * move, the lion-trading rules bounding it with counter-strike square cs? */
static bool piece_attacks_enemy(struct kifu_position *p, int sq, int side, int cs)
{
	const int files = p->files, s = sign_of(side);
	const piece_type *pt = &p->v->types[kifu_code_type(p->board[sq])];
	const movement *mv = &pt->mv;
	const int f = FILE_OF(sq), r = RANK_OF(sq);
	int targets[KIFU_MAX_SQUARES], n = 0;
	for (int i = 0; i < mv->nleaps; i++) {
		int tf = f + s * mv->leaps[i].dx, tr = r + s * mv->leaps[i].dy;
		if (on_board(p, tf, tr) && is_enemy(p->board[tr * files + tf], side))
			targets[n++] = tr * files + tf;
	}
	for (int i = 0; i < mv->nslides; i++) {
		const slide *sl = &mv->slides[i];
		int df = s * sl->dx, dr = s * sl->dy;
		int limit = sl->range ? sl->range : KIFU_MAX_DIM;
		int tf = f + df, tr = r + dr;
		for (int k = 1; k <= limit && on_board(p, tf, tr); k++, tf += df, tr += dr) {
			int c = p->board[tr * files + tf];
			if (!c)
				continue;
			if (is_enemy(c, side))
				targets[n++] = tr * files + tf;
			break;
		}
	}
	if (mv->area_lion)
		for (int dr = -2; dr <= 2; dr++)
			for (int df = -2; df <= 2; df++)
				if ((df || dr) && on_board(p, f + df, r + dr) &&
				    is_enemy(p->board[(r + dr) * files + f + df], side))
					targets[n++] = (r + dr) * files + f + df;
	for (int i = 0; i < mv->nlines; i++)
		for (int k = 1; k <= 2; k++) {
			int tf = f + k * s * mv->lines[i].dx, tr = r + k * s * mv->lines[i].dy;
			if (on_board(p, tf, tr) && is_enemy(p->board[tr * files + tf], side))
				targets[n++] = tr * files + tf;
		}
	if (mv->special)
		/* the powers of the large variants, square by square (special.c) */
		for (int t = 0; t < p->nsq && n < KIFU_MAX_SQUARES; t++)
			if (is_enemy(p->board[t], side) && kifu__special_attacks(p, sq, t))
				targets[n++] = t;
	for (int i = 0; i < n && i < KIFU_MAX_SQUARES; i++) {
		kifu_move m = {(uint16_t)sq, KIFU_NO_SQUARE, (uint16_t)targets[i], 0, 0};
		int at;
		if (!p->v->lion_trading || kifu__lion_trade(p, &m, side, cs, &at) == KIFU_LEGAL)
			return true;
	}
	return false;
}

int kifu_move_is_attack(const kifu_position *pos, const kifu_undo *undo)
{
	/* the lion-trading test lifts pieces and puts them back: pos is left as
	 * it was */
	struct kifu_position *p = (struct kifu_position *)pos;
	const undo_data *u = (const undo_data *)(const void *)undo;
	const int mover = opp(p->side);
	/* scalashogi Chushogi.isAttacking: the move gave check (a royal of the
	 * side now to move is attacked), or the moved piece's moves (its
	 * destinations, the lion-trading filters applied with the history of
	 * before the move, hence the counter-strike square then in force) reach
	 * an enemy piece */
	if (royal_attacked(p, p->side))
		return 1;
	int to = u->move.to;
	if (to >= p->nsq || !is_own(p->board[to], mover))
		return 0;
	return piece_attacks_enemy(p, to, mover, u->prev_cs);
}

