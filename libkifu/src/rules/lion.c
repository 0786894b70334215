/*
 * lion.c - the lion-trading rules (formats/variants.md, "lion-trading";
 * docs/rules.md, Chu Shogi).
 */
#include "rules/rules_internal.h"

/* Is sq attacked by `by` with the pieces on lift and lift2 (-1: none) taken
 * off the board (of a type in `only`, if not NULL)? */
static bool attacked_lifted(struct kifu_position *p, int sq, int by, int lift, int lift2,
			    const type_set *only)
{
	uint16_t a = p->board[lift], b = lift2 >= 0 ? p->board[lift2] : 0;
	put_code(p, lift, 0);
	if (lift2 >= 0)
		put_code(p, lift2, 0);
	bool hit = attacked_by(p, sq, by, only);
	put_code(p, lift, a);
	if (lift2 >= 0)
		put_code(p, lift2, b);
	return hit;
}

static inline bool enemy_lion(const struct kifu_position *p, int code, int side)
{
	return code && (int)kifu_code_side(code) != side && p->v->types[kifu_code_type(code)].desc.lion;
}

/* May `side`, with the counter-strike square cs in force, play board move m
 * under the lion-trading rules (rules_internal.h)?  The rules as lishogi's
 * server codes them (scalashogi variant/Chushogi.scala, moveFilter and
 * lionMoveFilter), each switched on by the variant:
 *   1 (protected-lion): a Lion may not take a Lion that is not next to it
 *     if, with the taking Lion lifted from its square, any enemy piece
 *     attacks that square;
 *   2 (bridge): on a two-step move, the second step may take such a Lion if
 *     the first step took a piece other than a minor one (Pawn,
 *     Go-between); otherwise only if the Lion is unprotected with both the
 *     start and the first-step squares emptied, and no enemy minor piece
 *     protects it with only the start emptied;
 *   3 (counter-strike): right after a non-Lion took a Lion on cs, a
 *     non-Lion may take a Lion only on cs: any Lion, or (JCSA) only a
 *     protected one; lishogi judges the last leg only, the JCSA both.
 * A two-leg move through an empty first square is the direct move. */
enum kifu_illegal_code kifu__lion_trade(struct kifu_position *p, const kifu_move *m, int side, int cs, int *sq)
{
	const struct kifu_variant *v = p->v;
	const int opp_side = side ^ 1;
	const bool two = m->mid != KIFU_NO_SQUARE && m->mid != m->from && p->board[m->mid];
	const int to_code = m->to != m->from ? p->board[m->to] : 0;
	if (v->types[kifu_code_type(p->board[m->from])].desc.lion) {
		if (!v->lion_protected || !enemy_lion(p, to_code, side) ||
		    cheb(FILE_OF(m->to) - FILE_OF(m->from), RANK_OF(m->to) - RANK_OF(m->from)) <= 1)
			return KIFU_LEGAL;
		*sq = m->to;
		if (!two)
			return attacked_lifted(p, m->to, opp_side, m->from, -1, NULL) ? KIFU_ILL_LION_PROTECTED
										       : KIFU_LEGAL;
		if (v->lion_bridge && !v->types[kifu_code_type(p->board[m->mid])].desc.minor)
			return KIFU_LEGAL;
		if (attacked_lifted(p, m->to, opp_side, m->from, m->mid, NULL))
			return KIFU_ILL_LION_PROTECTED;
		if (v->lion_bridge && attacked_lifted(p, m->to, opp_side, m->from, -1, &v->minor_types))
			return KIFU_ILL_LION_PROTECTED;
		return KIFU_LEGAL;
	}
	if (v->counter_strike == CS_NONE || cs == KIFU_NO_SQUARE)
		return KIFU_LEGAL;
	for (int leg = 0; leg < 2; leg++) {
		int at = leg == 0 ? m->to : m->mid;
		int code = leg == 0 ? to_code : two ? p->board[m->mid] : 0;
		if (leg == 1 && v->counter_strike_legs != LEGS_BOTH)
			break;
		if (!enemy_lion(p, code, side) || at == cs)
			continue;
		/* JCSA: only a Lion that has a foot (is protected) may not be taken */
		if (v->counter_strike == CS_PROTECTED &&
		    !attacked_lifted(p, at, opp_side, m->from, leg == 0 && two ? m->mid : -1, NULL))
			continue;
		*sq = at;
		return KIFU_ILL_COUNTER_STRIKE;
	}
	return KIFU_LEGAL;
}

