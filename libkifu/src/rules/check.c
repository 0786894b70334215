/*
 * check.c - the one-move check (kifu_check_move): one move of the side to
 * move against every rule, in the order of kifu_illegal's codes, without
 * generating every move.
 */
#include <string.h>

#include "rules/rules_internal.h"

/* (cold: out of the way of the path of legal moves) */
static COLD int illegal(kifu_illegal *why, enum kifu_illegal_code code, int type, int other, int sq,
		   int side)
{
	if (why) {
		why->code = code;
		why->type = type;
		why->other_type = other;
		why->square = sq;
		why->side = (enum kifu_side)side;
	}
	return KIFU_EILLEGAL;
}

/* Can the piece on from reach to in one leg?  Returns KIFU_LEGAL, or
 * UNREACHABLE / BLOCKED with *blocker set. */
static enum kifu_illegal_code reach_single(const struct kifu_position *p, const piece_type *pt,
					   int side, int from, int to, int *blocker)
{
	const int files = p->files, s = sign_of(side);
	const int df = FILE_OF(to) - FILE_OF(from), dr = RANK_OF(to) - RANK_OF(from);
	const movement *m = &pt->mv;
	*blocker = -1;
	if (!df && !dr)
		return KIFU_ILL_UNREACHABLE;
	/* the table built from the movement (variant.c) answers most moves */
	int e = pt->reach[s * dr + REACH_OFF][s * df + REACH_OFF];
	if (e == REACH_JUMP)
		return KIFU_LEGAL;
	if (e == REACH_NONE)
		return KIFU_ILL_UNREACHABLE;
	if (e != REACH_SLOW) {
		const slide *sl = &m->slides[e - REACH_SLIDE];
		int sf = s * sl->dx, sr = s * sl->dy;
		int step = sr * files + sf;
		for (int sq = from + step; sq != to; sq += step)
			if (p->board[sq]) {
				*blocker = sq;
				return KIFU_ILL_BLOCKED;
			}
		return KIFU_LEGAL;
	}
	for (int i = 0; i < m->nleaps; i++)
		if (s * m->leaps[i].dx == df && s * m->leaps[i].dy == dr)
			return KIFU_LEGAL;
	if (m->area_lion && cheb(df, dr) <= 2)
		return KIFU_LEGAL;
	for (int i = 0; i < m->nlines; i++) {
		int lf = s * m->lines[i].dx, lr = s * m->lines[i].dy;
		if ((lf == df && lr == dr) || (2 * lf == df && 2 * lr == dr))
			return KIFU_LEGAL;
	}
	enum kifu_illegal_code why = KIFU_ILL_UNREACHABLE;
	for (int i = 0; i < m->nslides; i++) {
		const slide *sl = &m->slides[i];
		int sf = s * sl->dx, sr = s * sl->dy;
		/* to must be k steps along (sf, sr) */
		int k = sf ? df / sf : dr / sr;
		if (k < 1 || k * sf != df || k * sr != dr)
			continue;
		if (sl->range && k > sl->range)
			continue;
		int f = FILE_OF(from) + sf, r = RANK_OF(from) + sr, n;
		for (n = 1; n < k; n++, f += sf, r += sr)
			if (p->board[r * files + f])
				break;
		if (n == k)
			return KIFU_LEGAL;
		why = KIFU_ILL_BLOCKED;
		*blocker = r * files + f;
	}
	if (m->special) {
		int b = -1;
		enum kifu_illegal_code r = kifu__special_reach(p, pt, side, from, to, &b);
		if (r == KIFU_LEGAL)
			return r;
		/* a blocked plain slide is the clearer reason, else the power's */
		if (why == KIFU_ILL_UNREACHABLE || r == KIFU_ILL_JUMP_RANK || r == KIFU_ILL_JUMP_NO_CAPTURE ||
		    r == KIFU_ILL_EMPEROR_PROTECTED || r == KIFU_ILL_RANGE_CAPTURE_RANK ||
		    /* a slide that passes over the plain one's blocker (jR, R#3) is
		     * stopped by a piece farther on */
		    (r == KIFU_ILL_BLOCKED && why == KIFU_ILL_BLOCKED && b >= 0 && kifu__farther(from, b, *blocker, p))) {
			why = r;
			*blocker = b;
		}
	}
	return why;
}

/* Is from -> mid -> to a two-leg move of the piece? */
static bool reach_two_leg(const struct kifu_position *p, const piece_type *pt, int side,
			  int from, int mid, int to)
{
	const int s = sign_of(side);
	const int mf = FILE_OF(mid) - FILE_OF(from), mr = RANK_OF(mid) - RANK_OF(from);
	const int tf = FILE_OF(to) - FILE_OF(mid), tr = RANK_OF(to) - RANK_OF(mid);
	if (pt->mv.area_lion && cheb(mf, mr) == 1 && cheb(tf, tr) == 1)
		return true;
	for (int i = 0; i < pt->mv.nlines; i++) {
		int lf = s * pt->mv.lines[i].dx, lr = s * pt->mv.lines[i].dy;
		if (lf == mf && lr == mr && ((tf == lf && tr == lr) || (tf == -lf && tr == -lr)))
			return true;
	}
	return pt->mv.special && kifu__special_two_leg(p, &pt->mv, side, from, mid, to);
}

/* The game has ended (a royal lost, or the end rules): KIFU_EILLEGAL with
 * *why, or 0. */
static NOINLINE int check_game_over(kifu_position *p, kifu_illegal *why)
{
	const int side = p->side;
	if (p->loser >= 0)
		return illegal(why, KIFU_ILL_GAME_OVER, -1, -1, -1, p->loser);
	if (p->v->end_rules) {
		int loser = side;
		enum kifu_game_state st = kifu__judge_end(p, &loser);
		if (st == KIFU_GAME_BARE_ROYAL)
			return illegal(why, KIFU_ILL_BARE_ROYAL, -1, -1, -1, loser);
		if (st == KIFU_GAME_LONE_ROYALS)
			return illegal(why, KIFU_ILL_LONE_ROYALS, -1, -1, -1, side);
	}
	return 0;
}

/* A drop (to on the board). */
static NOINLINE int check_drop(kifu_position *p, const kifu_move *m, kifu_illegal *why)
{
	const struct kifu_variant *v = p->v;
	const int side = p->side;
	int t = m->piece;
	if (!v->drops)
		return illegal(why, KIFU_ILL_NO_DROPS, t < v->ntypes ? t : -1, -1, m->to, side);
	if (t >= v->ntypes || !p->hand[side][t])
		return illegal(why, KIFU_ILL_NOT_IN_HAND, t < v->ntypes ? t : -1, -1, m->to, side);
	const piece_type *pt = &v->types[t];
	if (m->flags & KIFU_MOVE_PROMOTE)
		return illegal(why, KIFU_ILL_DROP_PROMOTE, t, -1, m->to, side);
	if (m->flags & (KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS))
		return illegal(why, KIFU_ILL_BAD_TWO_LEG, t, -1, m->to, side);
	if (p->board[m->to])
		return illegal(why, KIFU_ILL_DROP_OCCUPIED, t, kifu_code_type(p->board[m->to]), m->to, side);
	if (pt->desc.must_promote_ranks && in_last(p, side, RANK_OF(m->to), pt->desc.must_promote_ranks))
		return illegal(why, KIFU_ILL_DEAD_DROP, t, -1, m->to, side);
	if (pt->desc.no_two_on_file || pt->desc.max_on_file) {
		/* 二歩, or Tori's Swallows: at most max-on-file on a file */
		const int code = kifu_code_make(t, (enum kifu_side)side), most = file_limit(pt);
		int n = 0, last = -1;
		for (int sq = FILE_OF(m->to); sq < p->nsq; sq += p->files)
			if (p->board[sq] == code)
				n++, last = sq;
		if (n >= most)
			return illegal(why, most == 1 ? KIFU_ILL_TWO_PAWNS : KIFU_ILL_FILE_FULL, t, -1, last, side);
	}
	legal_ctx c;
	kifu__legal_ctx_init(p, &c, false);
	if (needs_test(p, &c, m)) {
		if (board_test_fits(p, m)) {
			int rsq = p->royal_sq[side][0];
			if (kifu__royal_attacked_after(p, m, rsq))
				return illegal(why, KIFU_ILL_ROYAL_ATTACKED, t, kifu_code_type(p->board[rsq]), rsq, side);
		} else {
			kifu_undo u;
			kifu_make_move(p, m, &u);
			bool royal_ok = !(v->royal_rule == KIFU_ROYAL_LAST && p->nroyal[side] == 1 &&
					  attacked_by(p, p->royal_sq[side][0], p->side, NULL));
			bool ok = royal_ok && kifu__legal_after(p, m, 0);
			int rsq = p->nroyal[side] == 1 ? p->royal_sq[side][0] : -1;
			kifu_unmake_move(p, &u);
			if (!royal_ok)
				return illegal(why, KIFU_ILL_ROYAL_ATTACKED, t,
					       rsq >= 0 ? kifu_code_type(p->board[rsq]) : -1, rsq, side);
			if (!ok)
				return illegal(why, KIFU_ILL_DROP_MATE, t, -1, m->to, side);
		}
	}
	p->approved = *m;
	p->approved_safe = c.royal_test;
	return 0;
}

/* A run (KIFU_MOVE_RUN): the legs along one line of the piece's lion power
 * (X~n), an enemy on mid and on each square between mid and to. */
static NOINLINE int check_run(kifu_position *p, const kifu_move *m, const piece_type *pt, int t, kifu_illegal *why)
{
	const int side = p->side;
	const int step = pt->mv.special ? kifu__run_step(p, &pt->mv, side, m->from, m->mid, m->to) : 0;
	if (!step)
		return illegal(why, KIFU_ILL_BAD_TWO_LEG, t, -1, m->mid, side);
	for (int sq = m->mid; sq != m->to; sq += step) {
		const int c = p->board[sq];
		if (!is_enemy(c, side))
			return illegal(why, KIFU_ILL_BAD_RUN, t, c ? kifu_code_type(c) : -1, sq, side);
	}
	return 0;
}

/* A three-leg move (KIFU_MOVE_THREE_LEGS) of L3: from, mid, mid2 and to
 * three king steps, not out along one line (that is a run), not ending on
 * mid (that is the two-leg move through mid2) nor stopping on from, with
 * an enemy on mid and on mid2; to is judged as any move's. */
static NOINLINE int check_three_legs(kifu_position *p, const kifu_move *m, const piece_type *pt, int t,
				     kifu_illegal *why)
{
	const int side = p->side;
	const int mid2 = kifu_move_mid2(m, p->files, p->ranks);
	if (!pt->mv.lion3 || (m->flags & KIFU_MOVE_RUN) || mid2 == KIFU_NO_SQUARE)
		return illegal(why, KIFU_ILL_BAD_THREE_LEGS, t, -2, m->mid, side);
	const int af = FILE_OF(m->mid) - FILE_OF(m->from), ar = RANK_OF(m->mid) - RANK_OF(m->from);
	const int bf = FILE_OF(mid2) - FILE_OF(m->mid), br = RANK_OF(mid2) - RANK_OF(m->mid);
	const int tf = FILE_OF(m->to) - FILE_OF(mid2), tr = RANK_OF(m->to) - RANK_OF(mid2);
	if (cheb(af, ar) != 1 || cheb(tf, tr) != 1 || m->to == m->mid || mid2 == m->from ||
	    (af == bf && ar == br && bf == tf && br == tr))
		return illegal(why, KIFU_ILL_BAD_THREE_LEGS, t, -2, cheb(af, ar) != 1 ? m->mid : mid2, side);
	for (int leg = 0; leg < 2; leg++) {
		const int sq = leg ? mid2 : m->mid, c = p->board[sq];
		if (!is_enemy(c, side))
			return illegal(why, KIFU_ILL_BAD_THREE_LEGS, t, c ? kifu_code_type(c) : -1, sq, side);
	}
	return 0;
}

/* Does board move m of the piece (pt) take a promoted piece: on mid or to,
 * or, a run, on a square between (promotion.forced-taking-promoted)? */
static NOINLINE bool move_takes_promoted(const kifu_position *p, const piece_type *pt, const kifu_move *m)
{
	if (takes_promoted(p->v, p->board, p->side, m->from, m->mid, m->to))
		return true;
	const int step = (m->flags & KIFU_MOVE_RUN) && pt->mv.special
				 ? kifu__run_step(p, &pt->mv, p->side, m->from, m->mid, m->to)
				 : 0;
	if ((m->flags & KIFU_MOVE_THREE_LEGS) && pt->mv.lion3) {
		const int mid2 = kifu_move_mid2(m, p->files, p->ranks);
		if (mid2 != KIFU_NO_SQUARE && promoted_enemy(p->v, p->board[mid2], p->side))
			return true;
	}
	return run_takes_promoted(p->v, p->board, p->side, m->mid, m->to, step);
}

/* A two-leg move's legs (mid on the board); *capture: it takes on mid. */
static NOINLINE int check_two_leg(kifu_position *p, const kifu_move *m, const piece_type *pt, int t,
				  bool *capture, kifu_illegal *why)
{
	const int side = p->side;
	if (!pt->mv.area_lion && !pt->mv.nlines && !pt->mv.nigui && !pt->mv.ntwice && !pt->mv.nlong &&
	    !pt->mv.lion3)
		return illegal(why, KIFU_ILL_NO_TWO_LEG, t, -1, m->from, side);
	if (m->flags & KIFU_MOVE_THREE_LEGS) {
		*capture = true;
		return check_three_legs(p, m, pt, t, why);
	}
	if (m->flags & KIFU_MOVE_RUN) {
		*capture = true;
		return check_run(p, m, pt, t, why);
	}
	if (!reach_two_leg(p, pt, side, m->from, m->mid, m->to))
		return illegal(why, KIFU_ILL_BAD_TWO_LEG, t, -1, m->mid, side);
	int c = p->board[m->mid];
	if (is_own(c, side))
		return illegal(why, KIFU_ILL_OWN_CAPTURE, t, kifu_code_type(c), m->mid, side);
	*capture = c != 0;
	return 0;
}

/* The last-royal rule for board move m of the piece `code` (type t). */
static NOINLINE int check_royal_rule(kifu_position *p, const kifu_move *m, const piece_type *pt, int t,
				     int code, kifu_illegal *why)
{
	const struct kifu_variant *v = p->v;
	const int side = p->side;
	/* needs_test for a board move, its context made on the way */
	const bool royal_test = p->nroyal[side] == 1;
	bool test = false;
	if (royal_test) {
		int royal = p->royal_sq[side][0];
		test = in_check(p) || m->from == royal || !v->unit_slides || may_be_pinned(p, royal, m->from);
	}
	if (test) {
		if (board_test_fits(p, m)) {
			int royal = p->royal_sq[side][0], rsq = m->from == royal ? m->to : royal;
			if (kifu__royal_attacked_after(p, m, royal))
				return illegal(why, KIFU_ILL_ROYAL_ATTACKED, t,
					       kifu_code_type(p->board[rsq] ? p->board[rsq] : code), rsq, side);
		} else {
			kifu_undo u;
			kifu_make_move(p, m, &u);
			bool ok = kifu__legal_after(p, m, 0);
			int rsq = p->nroyal[side] == 1 ? p->royal_sq[side][0] : -1;
			kifu_unmake_move(p, &u);
			if (!ok)
				return illegal(why, KIFU_ILL_ROYAL_ATTACKED, t,
					       rsq >= 0 ? kifu_code_type(p->board[rsq] ? p->board[rsq] : code) : -1,
					       rsq, side);
		}
	}
	/* the mover keeps one royal, now known safe: kifu_make_move of this
	 * move can tell the opponent's check from the move alone.  Not so
	 * when the move makes a second royal: that may leave the first one
	 * attacked (legal with two royals). */
	p->approved = *m;
	p->approved_safe = royal_test && !((m->flags & KIFU_MOVE_PROMOTE) && v->types[pt->promotes_to].desc.royal);
	return 0;
}

/* The rules in the order of kifu_illegal's codes: the game, the squares,
 * the piece, its reach, the square it goes to, promotion, lion trading,
 * the royal.  The rarer parts are functions of their own, so that the path
 * of an ordinary board move stays short. */
/* The promotion rules that ask more of a move than its ends and whether it
 * captures (promotion.first-step: the first leg's square counts too;
 * promotion.forced-taking-promoted: what it takes), kept off the path of
 * the variants without them. */
#define KIFU__RARE_PROMOTION(v) __builtin_expect((v)->promo_first_step || (v)->promo_forced_taking_promoted, 0)

static NOINLINE int check_promotion_legs(kifu_position *p, const kifu_move *m, const piece_type *pt, int t,
					 bool capture, kifu_illegal *why)
{
	const struct kifu_variant *v = p->v;
	const int side = p->side;
	const int mid_r = m->mid != KIFU_NO_SQUARE && v->promo_first_step ? RANK_OF(m->mid) : -1;
	if (m->flags & KIFU_MOVE_PROMOTE) {
		if (pt->promoted)
			return illegal(why, KIFU_ILL_PROMOTED_AGAIN, t, -1, m->to, side);
		if (pt->promotes_to < 0)
			return illegal(why, KIFU_ILL_CANNOT_PROMOTE, t, -1, m->to, side);
		if (!promotion_allowed_legs(v, pt, side, RANK_OF(m->from), mid_r, RANK_OF(m->to), capture))
			return illegal(why, KIFU_ILL_PROMOTE_HERE, t, -1, m->to, side);
		return 0;
	}
	if (pt->promotes_to < 0)
		return 0;
	const bool taken = v->promo_forced_taking_promoted && move_takes_promoted(p, pt, m);
	if (!promotion_must_legs(v, pt, side, RANK_OF(m->from), mid_r, RANK_OF(m->to), capture, taken))
		return 0;
	/* (promotion.first-step: named where the first leg ends, when that is
	 * what makes it promote) */
	const bool by_mid = mid_r >= 0 && !promotion_must(v, pt, side, RANK_OF(m->from), RANK_OF(m->to), capture, taken);
	return illegal(why, KIFU_ILL_MUST_PROMOTE, t, -1, by_mid ? m->mid : m->to, side);
}

static int check_move(kifu_position *p, const kifu_move *m, kifu_illegal *why)
{
	const struct kifu_variant *v = p->v;
	const int side = p->side;
	int rc;
	if ((p->loser >= 0 || v->end_rules) && (rc = check_game_over(p, why)) != 0)
		return rc;
	if (m->to >= p->nsq)
		return illegal(why, KIFU_ILL_OFF_BOARD, -1, -1, m->to, side);
	if (m->flags & KIFU_MOVE_DROP)
		return check_drop(p, m, why);
	if (m->from >= p->nsq || (m->mid != KIFU_NO_SQUARE && m->mid >= p->nsq))
		return illegal(why, KIFU_ILL_OFF_BOARD, -1, -1, m->from >= p->nsq ? m->from : m->mid, side);
	int code = p->board[m->from];
	if (!code)
		return illegal(why, KIFU_ILL_NO_PIECE, -1, -1, m->from, side);
	int t = kifu_code_type(code);
	if ((int)kifu_code_side(code) != side)
		return illegal(why, KIFU_ILL_NOT_YOURS, t, -1, m->from, opp(side));
	const piece_type *pt = &v->types[t];
	bool capture = false;
	if (m->mid != KIFU_NO_SQUARE) {
		if ((rc = check_two_leg(p, m, pt, t, &capture, why)) != 0)
			return rc;
	} else {
		int blocker;
		if (m->flags & (KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS)) /* (a run has two legs, three legs three) */
			return illegal(why, KIFU_ILL_BAD_TWO_LEG, t, -1, m->to, side);
		enum kifu_illegal_code r = reach_single(p, pt, side, m->from, m->to, &blocker);
		if (r != KIFU_LEGAL)
			return illegal(why, r, t, blocker >= 0 && p->board[blocker] ? kifu_code_type(p->board[blocker]) : -1,
				       blocker >= 0 ? blocker : m->to, side);
	}
	if (m->to != m->from) {
		int c = p->board[m->to];
		/* (a range capture takes its own pieces too) */
		if (is_own(c, side) && !kifu__range_capture_reaches(p, pt, side, m->from, m->to))
			return illegal(why, KIFU_ILL_OWN_CAPTURE, t, kifu_code_type(c), m->to, side);
		capture = capture || c != 0 || (pt->range_captures && kifu__range_captures_any(p, pt, side, m));
	}
	if (KIFU__RARE_PROMOTION(v)) {
		if ((rc = check_promotion_legs(p, m, pt, t, capture, why)) != 0)
			return rc;
	} else if (m->flags & KIFU_MOVE_PROMOTE) {
		if (pt->promoted)
			return illegal(why, KIFU_ILL_PROMOTED_AGAIN, t, -1, m->to, side);
		if (pt->promotes_to < 0)
			return illegal(why, KIFU_ILL_CANNOT_PROMOTE, t, -1, m->to, side);
		if (!promotion_allowed(v, pt, side, RANK_OF(m->from), RANK_OF(m->to), capture))
			return illegal(why, KIFU_ILL_PROMOTE_HERE, t, -1, m->to, side);
	} else if (pt->promotes_to >= 0 &&
		   promotion_must(v, pt, side, RANK_OF(m->from), RANK_OF(m->to), capture, false)) {
		return illegal(why, KIFU_ILL_MUST_PROMOTE, t, -1, m->to, side);
	}
	if (v->lion_trading) {
		int at = m->to;
		enum kifu_illegal_code r = kifu__lion_trade(p, m, side, p->cs, &at);
		if (r != KIFU_LEGAL)
			return illegal(why, r, t, kifu_code_type(p->board[at]), at, side);
	}
	if (v->royal_rule == KIFU_ROYAL_LAST)
		return check_royal_rule(p, m, pt, t, code, why);
	return 0;
}

int kifu_check_move(kifu_position *p, const kifu_move *m, kifu_illegal *why)
{
	int rc = check_move(p, m, why);
	if (rc && why)
		why->from = (m->flags & KIFU_MOVE_DROP) || m->from >= p->nsq ? -1 : m->from;
	return rc;
}

