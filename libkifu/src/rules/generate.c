/*
 * generate.c - the moves of a position before the royal rule: each piece's
 * by its movement (formats/movement.md), with its promotion choices, and
 * the drops.  legal.c keeps the legal ones.
 */
#include <string.h>

#include "rules/rules_internal.h"

static inline void push(gen *g, int from, int mid, int to, int flags, int piece)
{
	kifu_moves *l = g->out;
	if (!gen_room(g)) {
		g->full = true;
		return;
	}
	kifu_move *m = &l->moves[l->count++];
	m->from = (uint16_t)from;
	m->mid = (uint16_t)mid;
	m->to = (uint16_t)to;
	m->flags = (uint8_t)flags;
	m->piece = (uint8_t)piece;
}

/* Emits a board move with its promotion choices: both when promotion is
 * optional, only the promotion when it is forced. */
static void emit_promotions(gen *g, const piece_type *pt, int from, int mid, int to, bool capture)
{
	const struct kifu_position *p = g->p;
	int from_r = RANK_OF(from), to_r = RANK_OF(to);
	bool can = promotion_allowed(p->v, pt, g->side, from_r, to_r, capture);
	/* (promotion_allowed_legs, the first leg's square weighed only when
	 * it may count) */
	if (!can && p->v->promo_first_step && mid != KIFU_NO_SQUARE)
		can = promotion_allowed(p->v, pt, g->side, from_r, RANK_OF(mid), capture);
	if (promotion_forced(p->v, pt, g->side, to_r) || (p->v->promo_forced && can) ||
	    (p->v->promo_forced_taking_promoted && can && takes_promoted(p->v, p->board, g->side, from, mid, to))) {
		if (can)
			push(g, from, mid, to, KIFU_MOVE_PROMOTE, 0);
		return;
	}
	push(g, from, mid, to, 0, 0);
	if (can)
		push(g, from, mid, to, KIFU_MOVE_PROMOTE, 0);
}

static inline void emit(gen *g, const piece_type *pt, int from, int mid, int to, bool capture)
{
	/* most pieces have no promotion to weigh */
	if (pt->promotes_to < 0 && !pt->desc.must_promote_ranks)
		push(g, from, mid, to, 0, 0);
	else
		emit_promotions(g, pt, from, mid, to, capture);
}

/* emit with the variant's promotion table (gen_tables): prow is the row of
 * the piece's type, side and rank (variant_internal.h, promo). */
static inline void emit_table(gen *g, const uint8_t *prow, int from, int to, bool capture)
{
	const unsigned f = prow[g->p->v->rank_of[to]];
	const bool can = f & (capture ? PROMO_CAPTURE : PROMO_QUIET);
	if (!(f & (capture ? PROMO_FORCED | PROMO_FORCED_CAPTURE : PROMO_FORCED)))
		push(g, from, KIFU_NO_SQUARE, to, 0, 0);
	if (can)
		push(g, from, KIFU_NO_SQUARE, to, KIFU_MOVE_PROMOTE, 0);
}

/* A single-leg destination, capturing or not; with pt->dedupe, each square
 * once. */
static inline void emit_single_capture(gen *g, const piece_type *pt, int from, int to, bool capture)
{
	struct kifu_position *p = g->p;
	if (pt->dedupe) {
		if (p->stamp[to] == p->stamp_gen)
			return;
		p->stamp[to] = p->stamp_gen;
	}
	emit(g, pt, from, KIFU_NO_SQUARE, to, capture);
}

static inline void emit_single(gen *g, const piece_type *pt, int from, int to)
{
	emit_single_capture(g, pt, from, to, g->p->board[to] != 0);
}

enum { FIRST_STEP_MAX = 64 }; /* (two unit steps reach 24 squares at most) */

/* promotion.first-step: two steps through the empty square mid to `to`
 * whose first step alone lets it promote (first_step_promotes) are a move
 * of their own beside the one-leg move to `to`, written with mid: the
 * promotion (an unpromoted one is the one-leg move).  done[*ndone]: the
 * squares so reached from this piece, each once (through the first such
 * mid). */
static NOINLINE void emit_first_step(gen *g, const piece_type *pt, int from, int mid, int to, int16_t *done,
				     int *ndone)
{
	const struct kifu_position *p = g->p;
	if (!first_step_promotes(p->v, pt, g->side, RANK_OF(from), RANK_OF(mid), RANK_OF(to), p->board[to] != 0))
		return;
	for (int i = 0; i < *ndone; i++)
		if (done[i] == to)
			return;
	if (*ndone < FIRST_STEP_MAX)
		done[(*ndone)++] = (int16_t)to;
	push(g, from, mid, to, KIFU_MOVE_PROMOTE, 0);
}

/* A pass through the empty square mid: pass[0], the first through which
 * it may not promote as it could not standing still; pass[1], with
 * promotion.first-step, the first through which it may
 * (first_step_promotes).  kifu__gen_piece emits one pass a result. */
static inline void note_pass(const gen *g, const piece_type *pt, int from, int mid, int *pass)
{
	const struct kifu_position *p = g->p;
	const int i = g->p->v->promo_first_step &&
		      first_step_promotes(g->p->v, pt, g->side, RANK_OF(from), RANK_OF(mid), RANK_OF(from), false);
	if (pass[i] < 0)
		pass[i] = mid;
}

/* gen_piece from the variant's generation tables (gen_tables: no lion
 * power), in the same order: leaps as listed, then each slide outward. */
static void gen_piece_tables(gen *g, int from, int t, const piece_type *pt)
{
	struct kifu_position *p = g->p;
	const struct kifu_variant *v = p->v;
	const int side = g->side;
	const int16_t *step = v->leap_step[t][side];
	const uint8_t *prow = v->promo[t][side][v->rank_of[from]];
	for (uint64_t on = v->leap_on[t][side][from]; on; on &= on - 1) {
		int to = from + step[bb_ctz64(on)];
		int c = p->board[to];
		if (is_own(c, side))
			continue;
		if (pt->dedupe) {
			if (p->stamp[to] == p->stamp_gen)
				continue;
			p->stamp[to] = p->stamp_gen;
		}
		emit_table(g, prow, from, to, c != 0);
	}
	for (int i = 0; i < pt->mv.nslides; i++) {
		const int w = v->slide_walk_of[t][i][side];
		const int st = v->walk_dr[w] * p->files + v->walk_df[w];
		int n = v->ray_len[w][from];
		if (pt->mv.slides[i].range && pt->mv.slides[i].range < n)
			n = pt->mv.slides[i].range;
		for (int to = from + st; n > 0; n--, to += st) {
			int c = p->board[to];
			if (is_own(c, side))
				break;
			if (pt->dedupe) {
				if (p->stamp[to] == p->stamp_gen)
					goto next;
				p->stamp[to] = p->stamp_gen;
			}
			emit_table(g, prow, from, to, c != 0);
		next:
			if (c)
				break;
		}
	}
}

/* The Lion's moves (docs/rules.md, Dai Shogi): a step to any adjacent
 * square or a jump to any square two away; or capture an adjacent piece and
 * then step on (capturing again), or return (居食い); with
 * promotion.first-step, two steps through an empty square that promote by
 * it (emit_first_step).  pass_mid: the empty adjacent squares through which
 * it may pass (note_pass). */
static void gen_lion_area(gen *g, const piece_type *pt, int from, int *pass_mid)
{
	struct kifu_position *p = g->p;
	const int files = p->files, side = g->side, f = FILE_OF(from), r = RANK_OF(from);
	int16_t done[FIRST_STEP_MAX];
	int ndone = 0;
	for (int dr = -2; dr <= 2; dr++)
		for (int df = -2; df <= 2; df++) {
			int tf = f + df, tr = r + dr;
			if ((!df && !dr) || !on_board(p, tf, tr))
				continue;
			int to = tr * files + tf;
			if (!is_own(p->board[to], side))
				emit_single(g, pt, from, to);
		}
	for (int dr = -1; dr <= 1; dr++)
		for (int df = -1; df <= 1; df++) {
			int af = f + df, ar = r + dr;
			if ((!df && !dr) || !on_board(p, af, ar))
				continue;
			int mid = ar * files + af;
			int c = p->board[mid];
			if (!c) {
				note_pass(g, pt, from, mid, pass_mid);
				if (p->v->promo_first_step)
					for (int er = -1; er <= 1; er++)
						for (int ef = -1; ef <= 1; ef++) {
							int bf = af + ef, br = ar + er, to = br * files + bf;
							if ((ef || er) && on_board(p, bf, br) && to != from &&
							    !is_own(p->board[to], side))
								emit_first_step(g, pt, from, mid, to, done, &ndone);
						}
				continue;
			}
			if (!is_enemy(c, side))
				continue;
			for (int er = -1; er <= 1; er++)
				for (int ef = -1; ef <= 1; ef++) {
					int bf = af + ef, br = ar + er;
					if ((!ef && !er) || !on_board(p, bf, br))
						continue;
					int to = br * files + bf;
					if (to == from || !is_own(p->board[to], side))
						emit(g, pt, from, mid, to, true);
				}
		}
}

/* Lion power along a line (Horned Falcon forward, Soaring Eagle forward
 * diagonals): step to the first square, jump to the second, capture on the
 * first and return or go on to the second, or step to an empty first
 * square and back (pass: *pass_mid, as gen_lion_area). */
static void gen_lion_lines(gen *g, const piece_type *pt, int from, int *pass_mid)
{
	struct kifu_position *p = g->p;
	const movement *m = &pt->mv;
	const int files = p->files, side = g->side, s = sign_of(side), f = FILE_OF(from), r = RANK_OF(from);
	for (int i = 0; i < m->nlines; i++) {
		int df = s * m->lines[i].dx, dr = s * m->lines[i].dy;
		int af = f + df, ar = r + dr;
		if (!on_board(p, af, ar))
			continue;
		int mid = ar * files + af;
		int c = p->board[mid];
		bool second = on_board(p, af + df, ar + dr);
		int to2 = second ? (ar + dr) * files + af + df : -1;
		if (!is_own(c, side))
			emit_single(g, pt, from, mid);
		if (second && !is_own(p->board[to2], side))
			emit_single(g, pt, from, to2);
		if (!c) {
			/* (on from a first square of the zone along a line lands in
			 * it or starts there: no first-step promotion of its own) */
			note_pass(g, pt, from, mid, pass_mid);
		} else if (is_enemy(c, side)) {
			emit(g, pt, from, mid, from, true);
			if (second && !is_own(p->board[to2], side))
				emit(g, pt, from, mid, to2, true);
		}
	}
}

/* The runs of a line of lion power (KIFU_MOVE_RUN; formats/movement.md,
 * `~n`): from the enemy on its k-th square, on along the line stopping on
 * every square, to its j-th (k + 2 <= j <= n) when each square between
 * holds an enemy, taking each.  sq: the line's squares, sq[1..last]. */
static NOINLINE void gen_runs(gen *g, const piece_type *pt, const int *sq, int k, int last, int n)
{
	const struct kifu_position *p = g->p;
	const int top = last < n ? last : n;
	for (int j = k + 2; j <= top && is_enemy(p->board[sq[j - 1]], g->side); j++) {
		if (is_own(p->board[sq[j]], g->side))
			continue;
		const int start = g->out->count;
		emit(g, pt, sq[0], sq[k], sq[j], true);
		for (int i = start; i < g->out->count; i++)
			g->out->moves[i].flags |= KIFU_MOVE_RUN;
		/* forced-taking-promoted: a promoted piece taken between mid and
		 * to forces the promotion emit left optional (it saw mid and to) */
		if (p->v->promo_forced_taking_promoted && g->out->count - start == 2 &&
		    run_takes_promoted(p->v, p->board, g->side, sq[k], sq[j], sq[k + 1] - sq[k]))
			g->out->moves[start] = g->out->moves[--g->out->count];
	}
}

/* A move of L3 through the enemies on a and b, a king step apart, to `to`
 * (its promotion choices as emit's): a run when from, a, b and to go out
 * along one line (flag KIFU_MOVE_RUN), else three legs (piece: b's step
 * from a). */
static NOINLINE void emit_three(gen *g, const piece_type *pt, int from, int a, int b, int to, int flag)
{
	const struct kifu_position *p = g->p;
	const int start = g->out->count;
	const int leg3 = (RANK_OF(b) - RANK_OF(a) + 1) * 3 + FILE_OF(b) - FILE_OF(a) + 1;
	emit(g, pt, from, a, to, true);
	for (int i = start; i < g->out->count; i++) {
		g->out->moves[i].flags |= (uint8_t)flag;
		if (flag == KIFU_MOVE_THREE_LEGS)
			g->out->moves[i].piece = (uint8_t)leg3;
	}
	/* forced-taking-promoted: the piece on b too (emit saw a and to) */
	if (p->v->promo_forced_taking_promoted && g->out->count - start == 2 && promoted_enemy(p->v, p->board[b], g->side))
		g->out->moves[start] = g->out->moves[--g->out->count];
}

/* The Lion's power of n = 3 king steps (L3, formats/movement.md): a jump
 * to every square within n king steps; an enemy within n - 1 taken and
 * then a jump on to any square within the steps left (back to from: igui);
 * an adjacent enemy a, an enemy b next to it taken and a third step to
 * any square next to b but a (back to from: igui of two), a run when the
 * steps go out along one line; a pass through an empty adjacent square
 * (pass_mid).  One move per result: of the two orders of a and b that
 * reach one result, the one through the lower square first. */
static NOINLINE void gen_lion3(gen *g, const piece_type *pt, int from, int *pass_mid)
{
	struct kifu_position *p = g->p;
	const int files = p->files, side = g->side, f = FILE_OF(from), r = RANK_OF(from), n = pt->mv.lion3;
	for (int dr = -n; dr <= n; dr++)
		for (int df = -n; df <= n; df++) {
			const int to = (r + dr) * files + f + df;
			if ((df || dr) && on_board(p, f + df, r + dr) && !is_own(p->board[to], side))
				emit_single(g, pt, from, to);
		}
	for (int dr = 1 - n; dr <= n - 1; dr++)
		for (int df = 1 - n; df <= n - 1; df++) {
			const int af = f + df, ar = r + dr, a = ar * files + af;
			if ((!df && !dr) || !on_board(p, af, ar))
				continue;
			const int d1 = cheb(df, dr), rest = n - d1;
			if (!p->board[a]) {
				if (d1 == 1)
					note_pass(g, pt, from, a, pass_mid);
				continue;
			}
			if (!is_enemy(p->board[a], side))
				continue;
			for (int er = -rest; er <= rest; er++)
				for (int ef = -rest; ef <= rest; ef++) {
					const int to = (ar + er) * files + af + ef;
					if ((ef || er) && on_board(p, af + ef, ar + er) &&
					    (to == from || !is_own(p->board[to], side)))
						emit(g, pt, from, a, to, true);
				}
			if (d1 != 1 || rest < 2)
				continue;
			for (int br = ar - 1; br <= ar + 1; br++)
				for (int bf = af - 1; bf <= af + 1; bf++) {
					const int b = br * files + bf;
					if (!on_board(p, bf, br) || b == a || !is_enemy(p->board[b], side))
						continue;
					const bool b_next = cheb(bf - f, br - r) == 1;
					for (int tr = br - 1; tr <= br + 1; tr++)
						for (int tf = bf - 1; tf <= bf + 1; tf++) {
							const int to = tr * files + tf;
							if (!on_board(p, tf, tr) || to == b || to == a ||
							    (to != from && is_own(p->board[to], side)))
								continue;
							/* (the other order, b then a, reaches it too) */
							if (b_next && cheb(tf - af, tr - ar) == 1 && b < a)
								continue;
							const bool line = bf - af == df && br - ar == dr && tf - bf == df &&
									  tr - br == dr;
							emit_three(g, pt, from, a, b, to,
								   line ? KIFU_MOVE_RUN : KIFU_MOVE_THREE_LEGS);
						}
				}
		}
}

/* Lion power along a line of n squares (X~n: the Lion Dog's K~3,
 * formats/movement.md): along each line, a jump to any of its n squares;
 * or, with an enemy on its k-th square (k < n, reached by a jump), that
 * capture and then on along the same line, forward or back, to its j-th
 * square (0: back to from, igui), taking there too, the path k + |k - j|
 * steps at most n long, and the runs through enemies beyond k (gen_runs);
 * or a pass through an empty first square (pass_mid).  A piece with L
 * lists the Lion's own two-leg moves (k = 1, j = 0 or 2). */
static void gen_long_lines(gen *g, const piece_type *pt, int from, int *pass_mid)
{
	struct kifu_position *p = g->p;
	const movement *m = &pt->mv;
	const int files = p->files, side = g->side, s = sign_of(side), n = m->long_reach;
	int sq[10];
	for (int i = 0; i < m->nlong; i++) {
		const int df = s * m->longl[i].dx, dr = s * m->longl[i].dy;
		int k, tf = FILE_OF(from), tr = RANK_OF(from);
		sq[0] = from;
		for (k = 1; k <= n && on_board(p, tf += df, tr += dr); k++) {
			sq[k] = tr * files + tf;
			if (!is_own(p->board[sq[k]], side))
				emit_single(g, pt, from, sq[k]);
		}
		const int last = k - 1; /* the line's squares on the board */
		if (last >= 1 && !p->board[sq[1]])
			note_pass(g, pt, from, sq[1], pass_mid);
		for (k = 1; k < n && k <= last; k++) {
			if (!is_enemy(p->board[sq[k]], side))
				continue;
			for (int j = 0; j <= last; j++) {
				if (j == k || k + (j > k ? j - k : k - j) > n || (j && is_own(p->board[sq[j]], side)))
					continue;
				if (m->area_lion && k == 1 && (j == 0 || j == 2))
					continue;
				emit(g, pt, from, sq[k], sq[j], true);
			}
			if (k + 2 <= last && is_enemy(p->board[sq[k + 1]], side))
				gen_runs(g, pt, sq, k, last, n);
		}
	}
}

/* The Emperor (E, docs/rules.md, "Maka Dai Dai Shogi"): to every empty
 * square of the board, whatever stands between, and onto every enemy piece
 * that no other enemy piece protects (with the Emperor lifted). */
static void gen_emperor(gen *g, const piece_type *pt, int from)
{
	struct kifu_position *p = g->p;
	for (int to = 0; to < p->nsq; to++) {
		const int c = p->board[to];
		if (to == from || is_own(c, g->side) || (c && kifu__emperor_protected(p, from, to)))
			continue;
		emit_single(g, pt, from, to);
	}
}

/* A slide of (df, dr) from the square (f, r), excluded, to the first piece,
 * which it takes if it is an enemy; with `turns` (a hook, X>: bit 0 and
 * bit 1 the two turns its directions allow), from each empty square of it
 * a slide at 90 degrees each way, which turns no more.  The piece takes
 * only where it stops, and each destination is one move (pt->dedupe). */
static void gen_leg(gen *g, const piece_type *pt, int from, int f, int r, int df, int dr, unsigned turns)
{
	struct kifu_position *p = g->p;
	for (f += df, r += dr; on_board(p, f, r); f += df, r += dr) {
		const int to = r * p->files + f, c = p->board[to];
		if (is_own(c, g->side))
			return;
		emit_single(g, pt, from, to);
		if (c)
			return;
		if (turns & 1)
			gen_leg(g, pt, from, f, r, dr, -df, 0);
		if (turns & 2)
			gen_leg(g, pt, from, f, r, -dr, df, 0);
	}
}

/* A slide past pieces (X#n, formats/movement.md; the site's triple-slashed
 * arrow, docs/rules.md "Taikyoku Shogi"): outward along (df, dr), to every
 * empty square and onto every enemy piece, passing over up to n pieces of
 * either side (left on the board); it stops at the n + 1-th piece, which
 * it takes if it is an enemy.  At most `limit` squares. */
static NOINLINE void gen_passing(gen *g, const piece_type *pt, int from, int df, int dr, int limit, int n)
{
	struct kifu_position *p = g->p;
	int f = FILE_OF(from) + df, r = RANK_OF(from) + dr;
	for (int k = 1; k <= limit && on_board(p, f, r); k++, f += df, r += dr) {
		const int to = r * p->files + f, c = p->board[to];
		if (!is_own(c, g->side))
			emit_single(g, pt, from, to);
		if (c && n-- == 0)
			return;
	}
}

/* The range capture (range-jumps.passed: captured; special.c) along
 * (df, dr): every piece ranking below the mover's jump rank `power` is
 * passed over and taken, of either side, and may be the one it ends on
 * (its own too); none ranking as high or higher is taken, not even the
 * first. */
static NOINLINE void gen_range_capture(gen *g, const piece_type *pt, int from, int df, int dr, int limit, int power)
{
	struct kifu_position *p = g->p;
	const struct kifu_variant *v = p->v;
	bool jumped = false;
	for (int k = 1, tf = FILE_OF(from) + df, tr = RANK_OF(from) + dr; k <= limit && on_board(p, tf, tr);
	     k++, tf += df, tr += dr) {
		const int to = tr * p->files + tf, c = p->board[to];
		if (!c) {
			if (!jumped || v->jump_to_empty)
				emit_single_capture(g, pt, from, to, jumped);
			continue;
		}
		if (v->types[kifu_code_type(c)].desc.rank >= power)
			break;
		emit_single_capture(g, pt, from, to, true);
		jumped = true;
	}
}

/* The special slides (formats/movement.md, X^, jX, X> and X#n): outward along each.
 * jX passes over its first square (jjX two, jjjX three) whatever stands there; a range jump goes
 * on past pieces ranking below the mover's jump rank to take an enemy
 * beyond (special.c gives the rule), and ends on an empty square beyond
 * only with range-jumps.to-empty. */
static void gen_xslides(gen *g, const piece_type *pt, int from)
{
	struct kifu_position *p = g->p;
	const struct kifu_variant *v = p->v;
	const movement *m = &pt->mv;
	const int files = p->files, side = g->side, s = sign_of(side), power = jump_rank_of(pt);
	for (int i = 0; i < m->nxslides; i++) {
		const slide *sl = &m->xslides[i];
		if (sl->kind & SLIDE_HOOK) {
			gen_leg(g, pt, from, FILE_OF(from), RANK_OF(from), s * sl->dx, s * sl->dy, sl->turns);
			continue;
		}
		const int df = s * sl->dx, dr = s * sl->dy, limit = sl->range ? sl->range : KIFU_MAX_DIM;
		if (sl->kind & SLIDE_PASSES) {
			gen_passing(g, pt, from, df, dr, limit, sl->over);
			continue;
		}
		if (pt->range_captures && (sl->kind & SLIDE_JUMPS)) {
			gen_range_capture(g, pt, from, df, dr, limit, power);
			continue;
		}
		int k = slide_first(sl), tf = FILE_OF(from) + k * df, tr = RANK_OF(from) + k * dr;
		if (slide_empties(sl) && on_board(p, tf, tr) && kifu__empties_blocker(p, sl, from, dr * files + df) >= 0)
			continue;
		bool jumped = false;
		for (; k <= limit && on_board(p, tf, tr); k++, tf += df, tr += dr) {
			int to = tr * files + tf, c = p->board[to];
			if (!c) {
				if (!jumped || v->jump_to_empty)
					emit_single(g, pt, from, to);
				continue;
			}
			if (is_enemy(c, side) &&
			    (!jumped || v->jump_takes == TAKES_ANY || v->types[kifu_code_type(c)].desc.rank < power))
				emit_single(g, pt, from, to);
			if (!(sl->kind & SLIDE_JUMPS) || v->types[kifu_code_type(c)].desc.rank >= power)
				break;
			jumped = true;
		}
	}
}

/* An area move (Un): every square within n king steps of from along a path
 * whose squares but the last are empty (kifu__area_squares); the move ends
 * on the first piece it takes, never on an own one. */
static void gen_area(gen *g, const piece_type *pt, int from)
{
	int16_t sq[KIFU__AREA_MAX];
	int k = kifu__area_squares(g->p, pt->mv.area, from, sq);
	for (int i = 0; i < k; i++)
		if (!is_own(g->p->board[sq[i]], g->side))
			emit_single(g, pt, from, sq[i]);
}

/* Igui (I): an enemy on one of the adjacent squares, taken without moving
 * (I*: through an empty one, a pass, *pass_mid);
 * and two steps of an atom (X*): one step, or a second from the first's
 * square (taking on either; back to from: igui, or with the first square
 * empty a pass, *pass_mid as gen_lion_area's). */
static void gen_igui_twice(gen *g, const piece_type *pt, int from, int *pass_mid)
{
	struct kifu_position *p = g->p;
	const movement *m = &pt->mv;
	const int files = p->files, side = g->side, s = sign_of(side), f = FILE_OF(from), r = RANK_OF(from);
	int16_t done[FIRST_STEP_MAX];
	int ndone = 0;
	for (int i = 0; i < m->nigui; i++) {
		int af = f + s * m->igui[i].dx, ar = r + s * m->igui[i].dy;
		if (!on_board(p, af, ar))
			continue;
		if (is_enemy(p->board[ar * files + af], side))
			emit(g, pt, from, ar * files + af, from, true);
		else if (m->igui_pass && !p->board[ar * files + af])
			note_pass(g, pt, from, ar * files + af, pass_mid); /* I*: a step there and back */
	}
	for (int i = 0; i < m->ntwice; i++) {
		int af = f + s * m->twice[i].dx, ar = r + s * m->twice[i].dy;
		if (!on_board(p, af, ar))
			continue;
		int mid = ar * files + af, c = p->board[mid];
		if (is_own(c, side))
			continue;
		emit_single(g, pt, from, mid);
		for (int j = 0; j < m->ntwice; j++) {
			int bf = af + s * m->twice[j].dx, br = ar + s * m->twice[j].dy;
			if (!on_board(p, bf, br))
				continue;
			int to = br * files + bf;
			if (!c) {
				if (to == from) {
					note_pass(g, pt, from, mid, pass_mid);
				} else if (!is_own(p->board[to], side)) {
					emit_single(g, pt, from, to);
					if (p->v->promo_first_step)
						emit_first_step(g, pt, from, mid, to, done, &ndone);
				}
			} else if (to == from || !is_own(p->board[to], side)) {
				emit(g, pt, from, mid, to, true);
			}
		}
	}
}

static void gen_lion_special(gen *g, const piece_type *pt, int from);

void kifu__gen_piece(gen *g, int from)
{
	struct kifu_position *p = g->p;
	const int files = p->files;
	const int side = g->side, s = sign_of(side);
	const int type = kifu_code_type(p->board[from]);
	const piece_type *pt = &p->v->types[type];
	const movement *m = &pt->mv;
	if (pt->dedupe && ++p->stamp_gen == 0) {
		memset(p->stamp, 0, sizeof p->stamp);
		p->stamp_gen = 1;
	}
	if (p->v->gen_tables) {
		gen_piece_tables(g, from, type, pt);
		return;
	}
	const int f = FILE_OF(from), r = RANK_OF(from);
	for (int i = 0; i < m->nleaps; i++) {
		int tf = f + s * m->leaps[i].dx, tr = r + s * m->leaps[i].dy;
		if (!on_board(p, tf, tr))
			continue;
		int to = tr * files + tf;
		if (!is_own(p->board[to], side))
			emit_single(g, pt, from, to);
	}
	for (int i = 0; i < m->nslides; i++) {
		const slide *sl = &m->slides[i];
		int df = s * sl->dx, dr = s * sl->dy;
		int limit = sl->range ? sl->range : KIFU_MAX_DIM;
		int tf = f + df, tr = r + dr;
		for (int k = 1; k <= limit && on_board(p, tf, tr); k++, tf += df, tr += dr) {
			int to = tr * files + tf;
			int c = p->board[to];
			if (is_own(c, side))
				break;
			emit_single(g, pt, from, to);
			if (c)
				break;
		}
	}
	if (m->area_lion || m->nlines || m->special)
		gen_lion_special(g, pt, from);
}

/* The lion powers and the special moves (kifu__gen_piece), out of the
 * path of the plain pieces. */
static NOINLINE void gen_lion_special(gen *g, const piece_type *pt, int from)
{
	const struct kifu_position *p = g->p;
	const movement *m = &pt->mv;
	/* a pass (a step to an empty square and back) counts once per piece,
	 * once per result with promotion.first-step (note_pass) */
	int pass_mid[2] = {-1, -1};
	if (m->area_lion)
		gen_lion_area(g, pt, from, pass_mid);
	else if (m->nlines)
		gen_lion_lines(g, pt, from, pass_mid);
	if (m->special) {
		if (m->nxslides)
			gen_xslides(g, pt, from);
		if (m->area)
			gen_area(g, pt, from);
		if (m->nigui || m->ntwice)
			gen_igui_twice(g, pt, from, pass_mid);
		if (m->nlong)
			gen_long_lines(g, pt, from, pass_mid);
		if (m->emperor)
			gen_emperor(g, pt, from);
		if (m->lion3)
			gen_lion3(g, pt, from, pass_mid);
	}
	if (pass_mid[1] >= 0)
		emit(g, pt, from, pass_mid[1], from, false);
	/* (a promotion that may be declined passes unpromoted through pass_mid[1] too) */
	if (pass_mid[0] >= 0 && (pass_mid[1] < 0 || p->v->promo_forced))
		emit(g, pt, from, pass_mid[0], from, false);
}

void kifu__lion_filter(gen *g, int start)
{
	kifu_moves *l = g->out;
	int n = start;
	for (int i = start; i < l->count; i++) {
		int sq;
		if (kifu__lion_trade(g->p, &l->moves[i], g->side, g->p->cs, &sq) == KIFU_LEGAL)
			l->moves[n++] = l->moves[i];
	}
	l->count = n;
}

/* Drops (standard shogi, Asakura, Tori): any piece in hand on any empty
 * square, except where it could never move (must-promote-ranks), and no
 * second unpromoted pawn on a file (二歩), or no more than max-on-file
 * (Tori's Swallows: two). 打ち歩詰め is tested in legality. */
void kifu__gen_drops(gen *g)
{
	struct kifu_position *p = g->p;
	const struct kifu_variant *v = p->v;
	const int side = g->side;
	for (int t = 0; t < v->ntypes; t++) {
		if (!p->hand[side][t])
			continue;
		const piece_type *pt = &v->types[t];
		const int most = file_limit(pt);
		uint8_t on_file[KIFU_MAX_DIM] = {0};
		if (most)
			for (int sq = 0; sq < p->nsq; sq++)
				if (p->board[sq] == kifu_code_make(t, (enum kifu_side)side))
					on_file[FILE_OF(sq)]++;
		for (int sq = 0; sq < p->nsq; sq++) {
			if (p->board[sq] || (most && on_file[FILE_OF(sq)] >= most))
				continue;
			if (pt->desc.must_promote_ranks && in_last(p, side, RANK_OF(sq), pt->desc.must_promote_ranks))
				continue;
			push(g, KIFU_NO_SQUARE, KIFU_NO_SQUARE, sq, KIFU_MOVE_DROP, t);
		}
	}
}
