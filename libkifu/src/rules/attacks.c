/*
 * attacks.c - is a square attacked (rules_internal.h, attacked_by): on
 * bitboards where the variant has them, else square by square.
 */
#include "rules/rules_internal.h"

/* attacked_by on bitboards (variant_internal.h): the leapers that could
 * reach sq are looked at one by one (few stand there); each slide is seen
 * from sq, walking back along it, as the nearest piece on the walk's ray. */
int kifu__attacked_bb(const struct kifu_position *pos, int sq, int by, const type_set *only)
{
	const struct kifu_variant *v = pos->v;
	const int f = v->file_of[sq], r = v->rank_of[sq], s = sign_of(by);
	bb128 m = bb_and(v->leapers[by][sq], pos->occ[by]);
	while (bb_any(m)) {
		int from = bb_pop(&m), t = kifu_code_type(pos->board[from]);
		int df = f - v->file_of[from], dr = r - v->rank_of[from];
		if (v->types[t].reach[s * dr + REACH_OFF][s * df + REACH_OFF] == REACH_JUMP &&
		    (!only || type_set_has(only, t)))
			return 1;
	}
	/* most squares have no slider of by's on any of their rays */
	const bb128 sliders = pos->sliders[by];
	if (!bb_any(bb_and(v->slide_reach[by][sq], sliders)))
		return 0;
	const bb128 occ = bb_or(pos->occ[0], pos->occ[1]);
	for (int i = 0; i < v->nslide_attacks; i++) {
		const int w = v->slide_walk[i][by];
		if (!bb_any(bb_and(v->ray[w][sq], sliders)))
			continue;
		const bb128 on_ray = bb_and(v->ray[w][sq], occ);
		const int at = v->walk_up[w] ? bb_lsb(on_ray) : bb_msb(on_ray);
		const int c = pos->board[at];
		if ((int)kifu_code_side(c) != by)
			continue;
		const slide_attack *sa = &v->slide_attacks[i];
		const int t = kifu_code_type(c);
		if (!type_set_has(&sa->types, t) || (only && !type_set_has(only, t)))
			continue;
		if (sa->range[t]) {
			/* the steps from the piece to sq */
			int adf = abs(v->file_of[at] - f), adr = abs(v->rank_of[at] - r);
			int k = abs(v->walk_df[w]) >= abs(v->walk_dr[w]) ? adf / abs(v->walk_df[w]) : adr / abs(v->walk_dr[w]);
			if (k > sa->range[t])
				continue;
		}
		return 1;
	}
	return 0;
}

int kifu__checkers_bb(const struct kifu_position *pos, int sq, int by, bb128 *squares, bb128 *between)
{
	const struct kifu_variant *v = pos->v;
	const int f = v->file_of[sq], r = v->rank_of[sq], s = sign_of(by);
	bb128 jumpers = {{0, 0}}, sliders_found = {{0, 0}}, lines = {{0, 0}};
	bb128 m = bb_and(v->leapers[by][sq], pos->occ[by]);
	while (bb_any(m)) {
		int from = bb_pop(&m), t = kifu_code_type(pos->board[from]);
		int df = f - v->file_of[from], dr = r - v->rank_of[from];
		if (v->types[t].reach[s * dr + REACH_OFF][s * df + REACH_OFF] == REACH_JUMP)
			bb_set(&jumpers, from);
	}
	const bb128 occ = bb_or(pos->occ[0], pos->occ[1]);
	for (int i = 0; i < v->nslide_attacks && bb_any(bb_and(v->slide_reach[by][sq], pos->sliders[by])); i++) {
		const int w = v->slide_walk[i][by];
		const bb128 on_ray = bb_and(v->ray[w][sq], occ);
		if (!bb_any(on_ray))
			continue;
		const int at = v->walk_up[w] ? bb_lsb(on_ray) : bb_msb(on_ray);
		const int c = pos->board[at];
		const slide_attack *sa = &v->slide_attacks[i];
		const int t = kifu_code_type(c);
		if ((int)kifu_code_side(c) != by || !type_set_has(&sa->types, t))
			continue;
		if (sa->range[t]) {
			int adf = abs(v->file_of[at] - f), adr = abs(v->rank_of[at] - r);
			int k = abs(v->walk_df[w]) >= abs(v->walk_dr[w]) ? adf / abs(v->walk_df[w]) : adr / abs(v->walk_dr[w]);
			if (k > sa->range[t])
				continue;
		}
		bb_set(&sliders_found, at);
		/* the squares of the walk before the piece */
		bb128 to_piece = v->ray[w][sq], beyond = v->ray[w][at];
		to_piece.w[0] &= ~beyond.w[0];
		to_piece.w[1] &= ~beyond.w[1];
		bb_clear(&to_piece, at);
		lines = bb_or(lines, to_piece);
	}
	*squares = bb_or(jumpers, sliders_found);
	int n = 0;
	for (bb128 c = *squares; bb_any(c); bb_pop(&c))
		n++;
	/* a piece that also jumps to sq is not stopped by blocking its line */
	*between = n == 1 && !bb_any(jumpers) ? lines : (bb128){{0, 0}};
	return n;
}

/* The walk from sq along each attack the variant has. */
int kifu__attacked_walk(const struct kifu_position *pos, int sq, int by, const type_set *only)
{
	const struct kifu_variant *v = pos->v;
	const int files = pos->files;
	const int f = v->file_of[sq], r = v->rank_of[sq], s = sign_of((int)by);
	for (int i = 0; i < v->nleap_attacks; i++) {
		const leap_attack *la = &v->leap_attacks[i];
		int af = f - s * la->o.dx, ar = r - s * la->o.dy;
		if (!on_board(pos, af, ar))
			continue;
		int c = pos->board[ar * files + af];
		if (c && (int)kifu_code_side(c) == by && type_set_has(&la->types, kifu_code_type(c)) &&
		    (!only || type_set_has(only, kifu_code_type(c))))
			return 1;
	}
	for (int i = 0; i < v->nslide_attacks; i++) {
		const slide_attack *sa = &v->slide_attacks[i];
		int df = s * sa->d.dx, dr = s * sa->d.dy;
		int af = f - df, ar = r - dr;
		for (int k = 1; on_board(pos, af, ar); k++, af -= df, ar -= dr) {
			int c = pos->board[ar * files + af];
			if (!c)
				continue;
			int t = kifu_code_type(c);
			if ((int)kifu_code_side(c) == by && type_set_has(&sa->types, t) &&
			    (sa->range[t] == 0 || sa->range[t] >= k) && (!only || type_set_has(only, t)))
				return 1;
			break;
		}
	}
	if (v->any_special) {
		/* The powers of the large variants (special.c), piece by piece:
		 * what they reach depends on the squares between. */
		for (int from = 0; from < pos->nsq; from++) {
			int c = pos->board[from];
			if (c && (int)kifu_code_side(c) == by && v->types[kifu_code_type(c)].mv.special &&
			    (!only || type_set_has(only, kifu_code_type(c))) && kifu__special_attacks(pos, from, sq))
				return 1;
		}
	}
	if (v->any_lion) {
		/* The Lion reaches every square within two king steps. */
		for (int dr = -2; dr <= 2; dr++)
			for (int df = -2; df <= 2; df++) {
				if (!df && !dr)
					continue;
				int af = f + df, ar = r + dr;
				if (!on_board(pos, af, ar))
					continue;
				int c = pos->board[ar * files + af];
				if (c && (int)kifu_code_side(c) == by &&
				    type_set_has(&v->area_lions, kifu_code_type(c)) &&
				    (!only || type_set_has(only, kifu_code_type(c))))
					return 1;
			}
		/* Lion power along a line reaches the first and second square. */
		for (int i = 0; i < v->nline_attacks; i++) {
			const leap_attack *la = &v->line_attacks[i];
			for (int k = 1; k <= 2; k++) {
				int af = f - k * s * la->o.dx, ar = r - k * s * la->o.dy;
				if (!on_board(pos, af, ar))
					continue;
				int c = pos->board[ar * files + af];
				if (c && (int)kifu_code_side(c) == by && type_set_has(&la->types, kifu_code_type(c)) &&
				    (!only || type_set_has(only, kifu_code_type(c))))
					return 1;
			}
		}
	}
	return 0;
}

int kifu_square_attacked(const kifu_position *pos, int sq, enum kifu_side by)
{
	return attacked_by(pos, sq, (int)by, NULL);
}

int kifu_position_in_check(const kifu_position *p)
{
	/* what kifu_make_move knows, else the attack test (not kept: the
	 * position is the caller's to read) */
	if (p->nroyal[p->side] == 1 && p->check >= 0)
		return p->check;
	return royal_attacked(p, p->side);
}
