/*
 * rules.c - the rules core: move generation, the one-move legality check,
 * making and unmaking moves, attacks and perft.
 *
 * Everything here is driven by the variant data (variant_internal.h); the
 * comments cite the rule of docs/rules.md or formats/variants.md each part codes.
 * Offsets in the data are relative to the mover (dy forward, dx right);
 * Sente moves toward rank 1 and its right is file 1, so for Sente an offset
 * (dx, dy) changes (file, rank) by (-dx, -dy), and for Gote by (dx, dy).
 */
#include <stdlib.h>
#include <string.h>

#include "rules/position_internal.h"

/* A square's file and rank (0-based), from the variant's tables. */
#define FILE_OF(sq) (p->v->file_of[sq])
#define RANK_OF(sq) (p->v->rank_of[sq])

static inline int sign_of(int side) { return side == KIFU_SENTE ? -1 : 1; }
static inline int opp(int side) { return side ^ 1; }

static inline bool on_board(const struct kifu_position *p, int f, int r)
{
	return (unsigned)f < (unsigned)p->files && (unsigned)r < (unsigned)p->ranks;
}

/* The promotion zone is the far `zone` ranks (docs/rules.md, each variant's "Promotion"). */
/* (The tests of this file that hang on the move at hand are written with &
 * and | where && and || would branch on each part: random games, and real
 * ones, make such branches a coin toss for the processor.) */
static inline bool zone_has(const struct kifu_variant *v, int side, int r)
{
	return side == KIFU_SENTE ? r < v->zone : r >= v->ranks - v->zone;
}
static inline bool in_zone(const struct kifu_position *p, int side, int r)
{
	return zone_has(p->v, side, r);
}

/* Is rank r one of the last n ranks for side? */
static inline bool last_has(const struct kifu_variant *v, int side, int r, int n)
{
	return side == KIFU_SENTE ? r < n : r >= v->ranks - n;
}
static inline bool in_last(const struct kifu_position *p, int side, int r, int n)
{
	return last_has(p->v, side, r, n);
}

/* (& rather than &&: one branch on the whole answer, which is steadier than
 * the square's being empty) */
static inline bool is_own(int code, int side) { return (code != 0) & ((int)kifu_code_side(code) == side); }
static inline bool is_enemy(int code, int side) { return (code != 0) & ((int)kifu_code_side(code) != side); }

/* ---- attacks ---- */

/* attacked_by on bitboards (variant_internal.h): the leapers that could
 * reach sq are looked at one by one (few stand there); each slide is seen
 * from sq, walking back along it, as the nearest piece on the walk's ray. */
static int attacked_bb(const struct kifu_position *pos, int sq, int by, const type_set *only)
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

/* Is sq attacked by a piece of side `by` (of a type in `only`, if not NULL)? */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int attacked_by(const struct kifu_position *pos, int sq, int by, const type_set *only)
{
	const struct kifu_variant *v = pos->v;
	if (v->bitboards)
		return attacked_bb(pos, sq, by, only);
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

static inline int cheb(int df, int dr)
{
	df = abs(df);
	dr = abs(dr);
	return df > dr ? df : dr;
}

/* ---- lion trading (formats/variants.md, "lion-trading"; docs/rules.md, Chu Shogi) ---- */

/* Is sq attacked by `by` with the pieces on lift and lift2 (-1: none) taken
 * off the board (of a type in `only`, if not NULL)? */
static bool attacked_lifted(struct kifu_position *p, int sq, int by, int lift, int lift2,
			    const type_set *only)
{
	uint8_t a = p->board[lift], b = lift2 >= 0 ? p->board[lift2] : 0;
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
	return code && (int)kifu_code_side(code) != side && p->v->types[kifu_code_type(code)].lion;
}

/* May `side`, with the counter-strike square cs in force, play board move m
 * under the lion-trading rules?  KIFU_LEGAL, or the rule it breaks with
 * *sq the Lion it may not take.  The rules as lishogi's server codes them
 * (scalashogi variant/Chushogi.scala, moveFilter and lionMoveFilter), each
 * switched on by the variant:
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
static enum kifu_illegal_code lion_trade(struct kifu_position *p, const kifu_move *m, int side,
					 int cs, int *sq)
{
	const struct kifu_variant *v = p->v;
	const int opp_side = side ^ 1;
	const bool two = m->mid != KIFU_NO_SQUARE && m->mid != m->from && p->board[m->mid];
	const int to_code = m->to != m->from ? p->board[m->to] : 0;
	if (v->types[kifu_code_type(p->board[m->from])].lion) {
		if (!v->lion_protected || !enemy_lion(p, to_code, side) ||
		    cheb(FILE_OF(m->to) - FILE_OF(m->from), RANK_OF(m->to) - RANK_OF(m->from)) <= 1)
			return KIFU_LEGAL;
		*sq = m->to;
		if (!two)
			return attacked_lifted(p, m->to, opp_side, m->from, -1, NULL) ? KIFU_ILL_LION_PROTECTED
										       : KIFU_LEGAL;
		if (v->lion_bridge && !v->types[kifu_code_type(p->board[m->mid])].minor)
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
		if (leg == 1 && !v->counter_strike_both)
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

/* ---- making moves ---- */

static void remove_royal(struct kifu_position *p, int side, int sq)
{
	for (int i = 0; i < p->nroyal[side]; i++)
		if (p->royal_sq[side][i] == sq) {
			p->royal_sq[side][i] = p->royal_sq[side][--p->nroyal[side]];
			return;
		}
}

static void add_royal(struct kifu_position *p, int side, int sq)
{
	if (p->nroyal[side] < MAX_ROYALS)
		p->royal_sq[side][p->nroyal[side]++] = (uint16_t)sq;
}

/* A captured piece leaves the board; with drops it goes to the captor's hand
 * as its unpromoted form unless the variant removes it (Asakura's Drunk
 * Elephant and Prince).  Losing the last royal loses the game. */
static int8_t capture(struct kifu_position *p, int code, int sq)
{
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	int victim = kifu_code_side(code);
	if (pt->royal) {
		remove_royal(p, victim, sq);
		if (p->nroyal[victim] == 0)
			p->loser = victim;
	}
	p->key ^= key_piece(p, code, sq);
	if (pt->to_hand) {
		int captor = opp(victim), b = pt->base;
		p->key ^= key_hand_step(p, captor, b, p->hand[captor][b]);
		p->hand[captor][b]++;
		return (int8_t)b;
	}
	return -1;
}

/* Does the piece on sq attack target?  From its reach table: a jump or
 * lion power, or a slide with the path empty; -1 when the table cannot say. */
static int piece_reaches(const struct kifu_position *p, int sq, int target)
{
	int code = p->board[sq];
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	int s = sign_of(kifu_code_side(code));
	/* two squares of one board: the offset is in the table */
	int df = FILE_OF(target) - FILE_OF(sq), dr = RANK_OF(target) - RANK_OF(sq);
	int e = pt->reach[s * dr + REACH_OFF][s * df + REACH_OFF];
	if (e == REACH_NONE)
		return 0;
	if (e == REACH_JUMP)
		return 1;
	if (e == REACH_SLOW)
		return -1;
	const slide *sl = &pt->mv.slides[e - REACH_SLIDE];
	int step = s * sl->dy * p->files + s * sl->dx;
	for (int q = sq + step; q != target; q += step)
		if (p->board[q])
			return 0;
	return 1;
}

/* The nearest piece to sq in unit direction d (variant_internal.h,
 * line_dir), on bitboards; -1 if none. */
static inline int nearest_on(const struct kifu_position *p, int d, int sq)
{
	const bb128 on = bb_and(p->v->dir_ray[d][sq], bb_or(p->occ[0], p->occ[1]));
	if (!bb_any(on))
		return -1;
	return p->v->dir_up[d] ? bb_lsb(on) : bb_msb(on);
}

/* After move m (p->side now to move), with p->side's single royal known
 * safe before m: is it attacked now?  Only the moved piece can attack it
 * directly, and only a slide through a square m emptied can be uncovered.
 * Returns 1, 0, or -1 (not known: the caller tests when it needs to). */
static int8_t gives_check(const struct kifu_position *p, const kifu_move *m)
{
	int side = p->side;
	if (p->v->royal_rule != KIFU_ROYAL_LAST || p->nroyal[side] != 1 || !p->v->unit_slides)
		return -1;
	int r = p->royal_sq[side][0];
	/* with bitboards, most moves are told apart at once: a piece can reach
	 * r only from where some leap reaches it or, sliding, along a line */
	if (!p->v->bitboards || (bb_has(&p->v->leapers[opp(side)][r], m->to) |
				 (p->v->code_slides[p->board[m->to]] & (p->v->line_dir[r][m->to] >= 0)))) {
		int direct = piece_reaches(p, m->to, r);
		if (direct)
			return (int8_t)direct;
	}
	int emptied[2] = {-1, -1};
	if (!(m->flags & KIFU_MOVE_DROP) && !p->board[m->from]) /* (a drop's from is no square) */
		emptied[0] = m->from;
	if (m->mid != KIFU_NO_SQUARE && m->mid < p->nsq && !p->board[m->mid])
		emptied[1] = m->mid;
	for (int i = 0; i < 2; i++) {
		int e = emptied[i];
		if (e < 0)
			continue;
		if (p->v->bitboards) {
			/* the nearest piece from the royal on the line through e */
			int d = p->v->line_dir[r][e];
			int q = d < 0 ? -1 : nearest_on(p, d, r);
			if (q >= 0 && is_enemy(p->board[q], side)) {
				int hit = piece_reaches(p, q, r);
				if (hit)
					return (int8_t)hit;
			}
			continue;
		}
		int df = FILE_OF(e) - FILE_OF(r), dr = RANK_OF(e) - RANK_OF(r);
		if (!(df == 0 || dr == 0 || df == dr || df == -dr))
			continue;
		int uf = (df > 0) - (df < 0), ur = (dr > 0) - (dr < 0);
		int f = FILE_OF(r) + uf, rk = RANK_OF(r) + ur;
		for (; on_board(p, f, rk); f += uf, rk += ur) {
			int q = rk * p->files + f;
			if (!p->board[q])
				continue;
			if (is_enemy(p->board[q], side)) {
				int hit = piece_reaches(p, q, r);
				if (hit)
					return (int8_t)hit;
			}
			break;
		}
	}
	return 0;
}

void kifu_make_move(kifu_position *p, const kifu_move *m, kifu_undo *undo)
{
	/* what the move changes is kept in *undo only when asked for: the play
	 * loop makes most of its moves for good */
	undo_data *u = undo ? (undo_data *)(void *)undo : NULL;
	if (u) {
		u->move = *m;
#define SAVE(field, type) u->prev_##field = (type)p->field;
		MOVE_STATE(SAVE)
#undef SAVE
		memcpy(u->prev_royal_sq, p->royal_sq, sizeof u->prev_royal_sq);
	}
	const struct kifu_variant *v = p->v;
	const int side = p->side;
	int moved = 0, captured_mid = 0, captured_to = 0;
	int8_t hand_mid = -1, hand_to = -1;
	/* was this the move kifu_check_move just accepted, leaving the mover's
	 * royal safe?  And was the other side's royal safe before it? */
	bool mover_safe = p->approved_safe && !memcmp(&p->approved, m, sizeof *m);
	bool other_safe = p->safe;
	p->approved_safe = false;
	if (m->flags & KIFU_MOVE_DROP) {
		int t = m->piece, code = kifu_code_make(t, (enum kifu_side)side);
		p->hand[side][t]--;
		p->key ^= key_hand_step(p, side, t, p->hand[side][t]) ^ key_piece(p, code, m->to);
		p->board[m->to] = (uint8_t)code;
		if (v->bitboards)
			bb_toggle(p, code, m->to);
		if (v->types[t].royal)
			add_royal(p, side, m->to);
	} else {
		moved = p->board[m->from];
		p->board[m->from] = 0;
		p->key ^= key_piece(p, moved, m->from);
		if (m->mid != KIFU_NO_SQUARE && m->mid != m->from) {
			captured_mid = p->board[m->mid];
			if (captured_mid) {
				p->board[m->mid] = 0;
				hand_mid = capture(p, captured_mid, m->mid);
			}
		}
		captured_to = p->board[m->to];
		if (captured_to)
			hand_to = capture(p, captured_to, m->to);
		int t = kifu_code_type(moved);
		int nt = (m->flags & KIFU_MOVE_PROMOTE) ? v->types[t].promotes_to : t;
		int code = kifu_code_make(nt, (enum kifu_side)side);
		p->board[m->to] = (uint8_t)code;
		p->key ^= key_piece(p, code, m->to);
		if (v->bitboards) {
			/* every piece that left a square or came to one */
			bb_toggle(p, moved, m->from);
			if (captured_mid)
				bb_toggle(p, captured_mid, m->mid);
			if (captured_to)
				bb_toggle(p, captured_to, m->to);
			bb_toggle(p, code, m->to);
		}
		if (v->types[t].royal)
			remove_royal(p, side, m->from);
		if (v->types[nt].royal)
			add_royal(p, side, m->to);
		if (v->counter_strike != CS_NONE) {
			/* lion-trading rule 3: a non-Lion that takes a Lion sets the
			 * counter-strike square (the last leg's first, as scalashogi's
			 * Situation.finalizeAfterUsi looks); any other move clears it */
			int cs = KIFU_NO_SQUARE;
			if (!v->types[t].lion) {
				if (captured_to && v->types[kifu_code_type(captured_to)].lion)
					cs = m->to;
				else if (captured_mid && v->types[kifu_code_type(captured_mid)].lion)
					cs = m->mid;
			}
			p->key ^= hash_cs(p->cs) ^ hash_cs(cs);
			p->cs = (uint16_t)cs;
		}
	}
	if (u) {
		u->moved = (uint8_t)moved;
		u->captured_mid = (uint8_t)captured_mid;
		u->captured_to = (uint8_t)captured_to;
		u->hand_mid = hand_mid;
		u->hand_to = hand_to;
	}
	p->side = opp(side);
	p->key ^= HASH_GOTE;
	p->ply++;
	p->safe = mover_safe;
	p->check = other_safe ? gives_check(p, m) : -1;
}

void kifu_unmake_move(kifu_position *p, const kifu_undo *undo)
{
	const undo_data *u = (const undo_data *)(const void *)undo;
	const kifu_move *m = &u->move;
	p->side = opp(p->side);
	const int side = p->side;
	if (m->flags & KIFU_MOVE_DROP) {
		if (p->v->bitboards)
			bb_toggle(p, p->board[m->to], m->to);
		p->board[m->to] = 0;
		p->hand[side][m->piece]++;
	} else {
		if (p->v->bitboards) {
			/* the toggles kifu_make_move made */
			bb_toggle(p, p->board[m->to], m->to);
			if (u->captured_to)
				bb_toggle(p, u->captured_to, m->to);
			if (u->captured_mid)
				bb_toggle(p, u->captured_mid, m->mid);
			bb_toggle(p, u->moved, m->from);
		}
		p->board[m->to] = u->captured_to;
		if (u->hand_to >= 0)
			p->hand[side][u->hand_to]--;
		if (m->mid != KIFU_NO_SQUARE && m->mid != m->from) {
			p->board[m->mid] = u->captured_mid;
			if (u->hand_mid >= 0)
				p->hand[side][u->hand_mid]--;
		}
		p->board[m->from] = u->moved;
	}
#define RESTORE(field, type) p->field = u->prev_##field;
	MOVE_STATE(RESTORE)
#undef RESTORE
	memcpy(p->royal_sq, u->prev_royal_sq, sizeof p->royal_sq);
	p->approved_safe = false;
}

/* ---- promotion ---- */

/* May this move promote?  formats/variants.md, promotion.when:
 * enter (from outside the zone into it: Dai, Sho), in-zone (starts or ends in
 * it: standard shogi, Asakura), capture-in-zone (a capture that starts or
 * ends in it: Dai); and a piece's may-promote-ranks (Sho's pawn and lance
 * on any move to the last rank). Promoted pieces never promote again. */
static inline bool promotion_allowed_v(const struct kifu_variant *v, const piece_type *pt, int side,
				       int from_r, int to_r, bool capture)
{
	if (pt->promotes_to < 0)
		return false;
	unsigned w = v->promo_when;
	bool zf = zone_has(v, side, from_r), zt = zone_has(v, side, to_r);
	if ((w & PROMO_ENTER) && !zf && zt)
		return true;
	if ((w & PROMO_IN_ZONE) && (zf || zt))
		return true;
	if ((w & PROMO_CAPTURE_IN_ZONE) && capture && (zf || zt))
		return true;
	if (pt->may_promote_ranks && last_has(v, side, to_r, pt->may_promote_ranks))
		return true;
	return false;
}
static inline bool promotion_allowed(const struct kifu_position *p, const piece_type *pt, int side,
				     int from_r, int to_r, bool capture)
{
	return promotion_allowed_v(p->v, pt, side, from_r, to_r, capture);
}

/* must-promote-ranks: a pawn or lance on the last rank, a knight on the
 * last two, must promote (standard shogi, Asakura). */
static inline bool promotion_forced_v(const struct kifu_variant *v, const piece_type *pt, int side,
				      int to_r)
{
	return pt->must_promote_ranks && last_has(v, side, to_r, pt->must_promote_ranks);
}
static inline bool promotion_forced(const struct kifu_position *p, const piece_type *pt,
				    int side, int to_r)
{
	return promotion_forced_v(p->v, pt, side, to_r);
}

unsigned kifu__promotion_flags(const struct kifu_variant *v, int t, int side, int from_r, int to_r)
{
	const piece_type *pt = &v->types[t];
	return (promotion_allowed_v(v, pt, side, from_r, to_r, false) ? PROMO_QUIET : 0u) |
	       (promotion_allowed_v(v, pt, side, from_r, to_r, true) ? PROMO_CAPTURE : 0u) |
	       (promotion_forced_v(v, pt, side, to_r) ? PROMO_FORCED : 0u);
}

/* ---- generation ---- */

typedef struct gen {
	struct kifu_position *p;
	kifu_movelist *out;
	int side;
	bool full;   /* a move found no room: KIFU_MAX_MOVES were not enough */
} gen;

static inline void push(gen *g, int from, int mid, int to, int flags, int piece)
{
	kifu_movelist *l = g->out;
	if (l->count >= KIFU_MAX_MOVES) {
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
	bool can = promotion_allowed(p, pt, g->side, from_r, to_r, capture);
	if (promotion_forced(p, pt, g->side, to_r)) {
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
	if (pt->promotes_to < 0 && !pt->must_promote_ranks)
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
	if (!(f & PROMO_FORCED))
		push(g, from, KIFU_NO_SQUARE, to, 0, 0);
	if (can)
		push(g, from, KIFU_NO_SQUARE, to, KIFU_MOVE_PROMOTE, 0);
}

/* A single-leg destination; with pt->dedupe, each square once. */
static inline void emit_single(gen *g, const piece_type *pt, int from, int to)
{
	struct kifu_position *p = g->p;
	if (pt->dedupe) {
		if (p->stamp[to] == p->stamp_gen)
			return;
		p->stamp[to] = p->stamp_gen;
	}
	emit(g, pt, from, KIFU_NO_SQUARE, to, p->board[to] != 0);
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

static void gen_piece(gen *g, int from)
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
	if (!m->area_lion && !m->nlines)
		return;
	int pass_mid = -1;
	if (m->area_lion) {
		/* Lion (docs/rules.md, Dai Shogi): a step to any adjacent square or a jump to any
		 * square two away; or capture an adjacent piece and then step on
		 * (capturing again), or return (居食い); or step to an empty
		 * adjacent square and back (a pass, counted once per piece). */
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
					if (pass_mid < 0)
						pass_mid = mid;
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
	} else {
		/* Lion power along a line (Horned Falcon forward, Soaring Eagle
		 * forward diagonals): step to the first square, jump to the second,
		 * capture on the first and return or go on to the second, or step
		 * to an empty first square and back (pass). */
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
				if (pass_mid < 0)
					pass_mid = mid;
			} else if (is_enemy(c, side)) {
				emit(g, pt, from, mid, from, true);
				if (second && !is_own(p->board[to2], side))
					emit(g, pt, from, mid, to2, true);
			}
		}
	}
	if (pass_mid >= 0)
		emit(g, pt, from, pass_mid, from, false);
}

/* Drops the moves from index start on that the lion-trading rules forbid
 * (called only for a variant that has them). */
static void lion_filter(gen *g, int start)
{
	kifu_movelist *l = g->out;
	int n = start;
	for (int i = start; i < l->count; i++) {
		int sq;
		if (lion_trade(g->p, &l->moves[i], g->side, g->p->cs, &sq) == KIFU_LEGAL)
			l->moves[n++] = l->moves[i];
	}
	l->count = n;
}

/* Drops (standard shogi, Asakura): any piece in hand on any empty square,
 * except where it could never move (must-promote-ranks), and no second
 * unpromoted pawn on a file (二歩). 打ち歩詰め is tested in legality. */
static void gen_drops(gen *g)
{
	struct kifu_position *p = g->p;
	const struct kifu_variant *v = p->v;
	const int side = g->side;
	for (int t = 0; t < v->ntypes; t++) {
		if (!p->hand[side][t])
			continue;
		const piece_type *pt = &v->types[t];
		bool file_has[KIFU_MAX_DIM] = {false};
		if (pt->no_two_on_file)
			for (int sq = 0; sq < p->nsq; sq++)
				if (p->board[sq] == kifu_code_make(t, (enum kifu_side)side))
					file_has[FILE_OF(sq)] = true;
		for (int sq = 0; sq < p->nsq; sq++) {
			if (p->board[sq] || file_has[FILE_OF(sq)])
				continue;
			if (pt->must_promote_ranks && in_last(p, side, RANK_OF(sq), pt->must_promote_ranks))
				continue;
			push(g, KIFU_NO_SQUARE, KIFU_NO_SQUARE, sq, KIFU_MOVE_DROP, t);
		}
	}
}

/* Returns false when the list had no room for every move. */
static bool generate_pseudo(struct kifu_position *p, kifu_movelist *out)
{
	gen g = {p, out, p->side, false};
	out->count = 0;
	if (p->v->bitboards) {
		/* the side's pieces in the order of their squares */
		for (bb128 own = p->occ[p->side]; bb_any(own);)
			gen_piece(&g, bb_pop(&own));
	} else {
		for (int sq = 0; sq < p->nsq; sq++)
			if (is_own(p->board[sq], p->side))
				gen_piece(&g, sq);
	}
	if (p->v->lion_trading)
		lion_filter(&g, 0);
	if (p->v->drops)
		gen_drops(&g);
	return !g.full;
}

/* ---- legality ---- */

static bool has_legal_move(struct kifu_position *p, int depth);

/* Does the dropped piece on `to` attack a royal of the side to move? */
/* Would a piece of `type`, of side `dropper`, on `to` attack a royal of the
 * other side?  (Its leaps and slides: drops of pieces with lion power are
 * not looked at.) */
static bool piece_attacks_royal(const struct kifu_position *p, int type, int dropper, int to)
{
	int side = opp(dropper);
	const piece_type *pt = &p->v->types[type];
	const int files = p->files, s = sign_of(dropper);
	const int f = FILE_OF(to), r = RANK_OF(to);
	for (int i = 0; i < p->nroyal[side]; i++) {
		int rs = p->royal_sq[side][i];
		int rf = FILE_OF(rs), rr = RANK_OF(rs);
		for (int k = 0; k < pt->mv.nleaps; k++)
			if (f + s * pt->mv.leaps[k].dx == rf && r + s * pt->mv.leaps[k].dy == rr)
				return true;
		for (int k = 0; k < pt->mv.nslides; k++) {
			const slide *sl = &pt->mv.slides[k];
			int df = s * sl->dx, dr = s * sl->dy;
			int limit = sl->range ? sl->range : KIFU_MAX_DIM;
			int tf = f + df, tr = r + dr;
			for (int n = 1; n <= limit && on_board(p, tf, tr); n++, tf += df, tr += dr) {
				if (tf == rf && tr == rr)
					return true;
				if (p->board[tr * files + tf])
					break;
			}
		}
	}
	return false;
}

/* After a drop (p->side is the side that must answer it). */
static bool drop_attacks_royal(const struct kifu_position *p, int to)
{
	return piece_attacks_royal(p, kifu_code_type(p->board[to]), opp(p->side), to);
}

/* After the mover's move (p->side is now the opponent): is it legal under
 * the royal rule and the drop-mate ban? */
static bool legal_after(struct kifu_position *p, const kifu_move *m, int depth)
{
	int mover = opp(p->side);
	/* Last-royal rule (Sho, Asakura, 小象棋, standard shogi): a move may not
	 * leave the mover's last remaining royal attacked; with two royals either
	 * may be left attacked. */
	if (p->v->royal_rule == KIFU_ROYAL_LAST && p->nroyal[mover] == 1 &&
	    kifu_square_attacked(p, p->royal_sq[mover][0], (enum kifu_side)p->side))
		return false;
	/* 打ち歩詰め: a pawn drop may not attack a royal and leave the opponent
	 * with no legal move. */
	if ((m->flags & KIFU_MOVE_DROP) && p->v->types[m->piece].no_drop_mate &&
	    drop_attacks_royal(p, m->to) && !has_legal_move(p, depth + 1))
		return false;
	return true;
}

/* May the royal test of m (p->side to move) be made on the board alone
 * (royal_attacked_after)?  Under the last-royal rule, for a side with one
 * royal that the move leaves its only one (no royal dropped, none made or
 * unmade by a promotion), when the drop-mate ban has no question to ask
 * (the drop attacks no royal).  Else the move is made and judged whole
 * (legal_after). */
static inline bool board_test_fits(const struct kifu_position *p, const kifu_move *m)
{
	const struct kifu_variant *v = p->v;
	if (v->royal_rule != KIFU_ROYAL_LAST || p->nroyal[p->side] != 1)
		return false;
	if (m->flags & KIFU_MOVE_DROP)
		return !v->types[m->piece].royal &&
		       !(v->types[m->piece].no_drop_mate && piece_attacks_royal(p, m->piece, p->side, m->to));
	if (!(m->flags & KIFU_MOVE_PROMOTE))
		return true;
	const piece_type *pt = &v->types[kifu_code_type(p->board[m->from])];
	return pt->promotes_to < 0 || (!pt->royal && !v->types[pt->promotes_to].royal);
}

/* Would the move m (board_test_fits) leave the side to move's royal, on
 * `royal`, attacked?  Only the board's squares take part in an attack: the
 * ones the move changes are set, the royal's square is tested, and they
 * are put back; no hash, hand or undo record is touched. */
static bool royal_attacked_after(struct kifu_position *p, const kifu_move *m, int royal)
{
	const int side = p->side;
	bool hit;
	if (m->flags & KIFU_MOVE_DROP) {
		put_code(p, m->to, kifu_code_make(m->piece, (enum kifu_side)side));
		hit = attacked_by(p, royal, opp(side), NULL);
		put_code(p, m->to, 0);
		return hit;
	}
	const int moved = p->board[m->from];
	const int cap_mid = m->mid != KIFU_NO_SQUARE && m->mid != m->from ? p->board[m->mid] : 0;
	put_code(p, m->from, 0);
	if (cap_mid)
		put_code(p, m->mid, 0);
	const int cap_to = p->board[m->to];
	put_code(p, m->to, moved);
	hit = attacked_by(p, m->from == royal ? m->to : royal, opp(side), NULL);
	put_code(p, m->to, cap_to);
	if (cap_mid)
		put_code(p, m->mid, cap_mid);
	put_code(p, m->from, moved);
	return hit;
}

static bool move_is_legal(struct kifu_position *p, const kifu_move *m, int depth)
{
	if (board_test_fits(p, m))
		return !royal_attacked_after(p, m, p->royal_sq[p->side][0]);
	kifu_undo u;
	kifu_make_move(p, m, &u);
	bool ok = legal_after(p, m, depth);
	kifu_unmake_move(p, &u);
	return ok;
}

/* What generation needs to know to test only the moves that may be illegal. */
typedef struct legal_ctx {
	bool royal_test; /* the last-royal rule applies: the mover has one royal */
	bool in_check;   /* ... and it is attacked now */
	int royal;       /* its square */
	bool pins;       /* pinned holds what may_be_pinned says of every square */
	bb128 pinned;
} legal_ctx;

/* Is the side to move's single royal attacked?  From the cache kept by
 * kifu_make_move when it can tell, else by an attack test (then cached). */
static bool in_check(struct kifu_position *p)
{
	if (p->check < 0)
		p->check = (int8_t)kifu_square_attacked(p, p->royal_sq[p->side][0],
							(enum kifu_side)opp(p->side));
	return p->check;
}

static bool may_be_pinned(const struct kifu_position *p, int royal, int from);

/* The side to move's pieces that may_be_pinned, found once for a list of
 * moves (bitboards): on each line from the royal, the nearest piece when it
 * is the side's own and the next one beyond it an enemy. */
static bb128 pinned_set(const struct kifu_position *p, int royal)
{
	const struct kifu_variant *v = p->v;
	const bb128 occ = bb_or(p->occ[0], p->occ[1]);
	bb128 pinned = {{0, 0}};
	for (int d = 0; d < 8; d++) {
		bb128 on = bb_and(v->dir_ray[d][royal], occ);
		if (!bb_any(on))
			continue;
		int q = v->dir_up[d] ? bb_lsb(on) : bb_msb(on);
		if (!is_own(p->board[q], p->side))
			continue;
		bb_clear(&on, q);
		if (bb_any(on) && is_enemy(p->board[v->dir_up[d] ? bb_lsb(on) : bb_msb(on)], p->side))
			bb_set(&pinned, q);
	}
	return pinned;
}

/* pins: the context serves a list of board moves (their pins found at once
 * when the board has bitboards). */
static void legal_ctx_init(struct kifu_position *p, legal_ctx *c, bool pins)
{
	c->royal_test = p->v->royal_rule == KIFU_ROYAL_LAST && p->nroyal[p->side] == 1;
	c->royal = c->royal_test ? p->royal_sq[p->side][0] : -1;
	c->in_check = c->royal_test && in_check(p);
	c->pins = pins && c->royal_test && !c->in_check && p->v->bitboards && p->v->unit_slides;
	if (c->pins)
		c->pinned = pinned_set(p, c->royal);
}

/* With the shipped variants' unit slides: does the side to move's piece on
 * `from` stand on a line (file, rank, diagonal) with its royal, nothing
 * between them, and an enemy piece next beyond it on that line?  Only then
 * can its move uncover a slide onto the royal. */
static bool may_be_pinned(const struct kifu_position *p, int royal, int from)
{
	if (p->v->bitboards) {
		/* the piece is the nearest to the royal on their line, and the next
		 * one beyond it is an enemy */
		int d = p->v->line_dir[royal][from];
		if (d < 0)
			return false;
		if (nearest_on(p, d, royal) != from)
			return false;
		bb128 beyond = bb_and(p->v->dir_ray[d][from], bb_or(p->occ[0], p->occ[1]));
		if (!bb_any(beyond))
			return false;
		return is_enemy(p->board[p->v->dir_up[d] ? bb_lsb(beyond) : bb_msb(beyond)], p->side);
	}
	int df = FILE_OF(from) - FILE_OF(royal), dr = RANK_OF(from) - RANK_OF(royal);
	if (!(df == 0 || dr == 0 || df == dr || df == -dr))
		return false;
	/* on a line with the royal: a pin only if nothing stands between them
	 * and an enemy piece stands behind it on that line */
	int uf = (df > 0) - (df < 0), ur = (dr > 0) - (dr < 0);
	int f = FILE_OF(royal) + uf, r = RANK_OF(royal) + ur;
	for (; f != FILE_OF(from) || r != RANK_OF(from); f += uf, r += ur)
		if (p->board[r * p->files + f])
			return false;
	for (f += uf, r += ur; on_board(p, f, r); f += uf, r += ur) {
		int code = p->board[r * p->files + f];
		if (code)
			return is_enemy(code, p->side);
	}
	return false;
}

/* Could this move be illegal?  Only then is it played and tested.  With the
 * mover's royal not attacked, a move leaves it attacked only if it is the
 * royal's own move, or if it opens a slide onto it: its piece leaves a square
 * on a line with the royal (pins; with the shipped variants' unit slides,
 * a file, rank or diagonal).  A drop mates only if it attacks a royal. */
static inline bool needs_test(const struct kifu_position *p, const legal_ctx *c, const kifu_move *m)
{
	if ((m->flags & KIFU_MOVE_DROP) && p->v->types[m->piece].no_drop_mate &&
	    piece_attacks_royal(p, m->piece, p->side, m->to))
		return true;
	if (!c->royal_test)
		return false;
	if (c->in_check)
		return true;
	if (m->flags & KIFU_MOVE_DROP)
		return false;
	if (m->from == c->royal || !p->v->unit_slides)
		return true;
	if (c->pins)
		return bb_has(&c->pinned, m->from);
	return may_be_pinned(p, c->royal, m->from);
}

static bool any_legal(struct kifu_position *p, const legal_ctx *c, const kifu_movelist *list,
		      int depth)
{
	for (int i = 0; i < list->count; i++)
		if (!needs_test(p, c, &list->moves[i]) || move_is_legal(p, &list->moves[i], depth))
			return true;
	return false;
}

/* Is there a legal move?  Piece by piece, so that the answer usually comes
 * from the first piece that can move. */
static bool has_legal_move(struct kifu_position *p, int depth)
{
	if (p->loser >= 0)
		return false;
	if (depth > MAX_MATE_DEPTH)
		return true;
	if (!p->mate_lists[depth] && !(p->mate_lists[depth] = malloc(sizeof *p->mate_lists[depth])))
		return true; /* out of memory: assumed, as for moves a full list has no room for */
	kifu_movelist *list = p->mate_lists[depth];
	legal_ctx c;
	legal_ctx_init(p, &c, true);
	gen g = {p, list, p->side, false};
	bool any = false;
	for (int sq = 0; sq < p->nsq && !any; sq++)
		if (is_own(p->board[sq], p->side)) {
			list->count = 0;
			gen_piece(&g, sq);
			if (p->v->lion_trading)
				lion_filter(&g, 0);
			any = any_legal(p, &c, list, depth);
		}
	if (!any && p->v->drops) {
		list->count = 0;
		gen_drops(&g);
		any = any_legal(p, &c, list, depth);
	}
	/* moves the list had no room for were not looked at: assume one of
	 * them is legal rather than call the position lost */
	return any || g.full;
}

/* ---- the end of the game (formats/variants.md, "end"; docs/rules.md, Chu Shogi) ---- */

/* Is the piece `code` on sq dead: on its last ranks, where it has no move
 * (an unpromoted Pawn or Lance on the last rank)? */
static inline bool is_dead(const struct kifu_position *p, int code, int sq)
{
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	return pt->dead_ranks && in_last(p, (int)kifu_code_side(code), RANK_OF(sq), pt->dead_ranks);
}

/* Is some royal of `side` attacked? */
static bool royal_attacked(const struct kifu_position *p, int side)
{
	for (int i = 0; i < p->nroyal[side]; i++)
		if (attacked_by(p, p->royal_sq[side][i], side ^ 1, NULL))
			return true;
	return false;
}

/* The end rules 2 and 5 of kifu_position_end: KIFU_GAME_ON, or
 * KIFU_GAME_BARE_ROYAL with *loser, or KIFU_GAME_LONE_ROYALS.  One pass over
 * the board counts each side's pieces that are not dead ("alive") and, of
 * those, the ones that are not minor ("major"), keeping where the first
 * few stand; it stops as soon as no rule can apply. */
static enum kifu_game_state judge_end(struct kifu_position *p, int *loser)
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
		if (!v->types[kifu_code_type(c)].minor) {
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
	if (v->lone_royals_draw && alive[0] == 1 && alive[1] == 1 && p->nroyal[0] == 1 &&
	    p->nroyal[1] == 1 && !royal_attacked(p, 0) && !royal_attacked(p, 1))
		return KIFU_GAME_LONE_ROYALS;
	return KIFU_GAME_ON;
}

int kifu_generate_legal(kifu_position *p, kifu_movelist *out)
{
	out->count = 0;
	/* A side that has lost its last royal has lost: no move follows; nor
	 * after the other ends of the game (perft counts no move there). */
	if (p->loser >= 0)
		return 0;
	int loser;
	if (p->v->end_rules && judge_end(p, &loser) != KIFU_GAME_ON)
		return 0;
	bool whole = generate_pseudo(p, out);
	legal_ctx c;
	legal_ctx_init(p, &c, true);
	int n = 0;
	for (int i = 0; i < out->count; i++) {
		const kifu_move *m = &out->moves[i];
		if (!needs_test(p, &c, m) || move_is_legal(p, m, 0))
			out->moves[n++] = *m;
	}
	out->count = n;
	return whole ? 0 : KIFU_ELIMIT;
}

enum kifu_game_state kifu_position_end(kifu_position *p, kifu_game_end *out)
{
	kifu_game_end e = {KIFU_GAME_ON, -1, 0};
	int loser = -1;
	if (p->loser >= 0) {
		e.state = KIFU_GAME_ROYAL_LOST;
		e.winner = opp(p->loser);
	} else if (p->v->end_rules && (e.state = judge_end(p, &loser)) == KIFU_GAME_BARE_ROYAL) {
		e.winner = opp(loser);
	} else if (!has_legal_move(p, 0)) {
		/* no legal move loses, unless the variant leaves it undecided */
		e.state = KIFU_GAME_NO_MOVES;
		e.winner = p->v->no_moves_undecided ? -1 : opp(p->side);
	} else if (e.state == KIFU_GAME_LONE_ROYALS) {
		e.draw = 1;
	}
	if (out)
		*out = e;
	return e.state;
}

enum kifu_game_state kifu_position_state(kifu_position *p)
{
	return kifu_position_end(p, NULL);
}

/* ---- repetition (formats/variants.md, "repetition") ---- */

int kifu_move_resets_repetition(const kifu_position *p, const kifu_move *m)
{
	const struct kifu_variant *v = p->v;
	unsigned r = v->repetition_reset;
	if (!v->repetition_count || !r || (m->flags & KIFU_MOVE_DROP) || m->from >= p->nsq ||
	    m->to >= p->nsq || !p->board[m->from])
		return 0;
	bool capture = (m->to != m->from && p->board[m->to]) ||
		       (m->mid != KIFU_NO_SQUARE && m->mid < p->nsq && m->mid != m->from && p->board[m->mid]);
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
	for (int i = 0; i < n && i < KIFU_MAX_SQUARES; i++) {
		kifu_move m = {(uint16_t)sq, KIFU_NO_SQUARE, (uint16_t)targets[i], 0, 0};
		int at;
		if (!p->v->lion_trading || lion_trade(p, &m, side, cs, &at) == KIFU_LEGAL)
			return true;
	}
	return false;
}

int kifu_move_is_attack(kifu_position *p, const kifu_undo *undo)
{
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

/* perft below the root: lists[0..depth) are the move lists of each ply,
 * made once by kifu_perft (nothing is allocated per node). */
static int perft_below(kifu_position *p, int depth, kifu_movelist *lists, uint64_t *count)
{
	kifu_movelist *list = &lists[0];
	int rc = kifu_generate_legal(p, list);
	if (rc)
		return rc;
	if (depth == 1) {
		*count += (uint64_t)list->count;
		return 0;
	}
	for (int i = 0; i < list->count && !rc; i++) {
		kifu_undo u;
		kifu_make_move(p, &list->moves[i], &u);
		rc = perft_below(p, depth - 1, lists + 1, count);
		kifu_unmake_move(p, &u);
	}
	return rc;
}

int kifu_perft(kifu_position *p, int depth, uint64_t *count)
{
	*count = 0;
	if (depth <= 0) {
		*count = 1;
		return 0;
	}
	kifu_movelist *lists = malloc((size_t)depth * sizeof *lists);
	if (!lists)
		return KIFU_ENOMEM;
	int rc = perft_below(p, depth, lists, count);
	free(lists);
	return rc;
}

/* ---- the one-move check ---- */

/* (cold: out of the way of the path of legal moves) */
#if defined(__GNUC__)
__attribute__((cold, noinline))
#endif
static int illegal(kifu_illegal *why, enum kifu_illegal_code code, int type, int other, int sq,
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
	return why;
}

/* Is from -> mid -> to a two-leg move of the piece? */
static bool reach_two_leg(const struct kifu_position *p, const piece_type *pt, int side,
			  int from, int mid, int to)
{
	const int s = sign_of(side);
	const int mf = FILE_OF(mid) - FILE_OF(from), mr = RANK_OF(mid) - RANK_OF(from);
	const int tf = FILE_OF(to) - FILE_OF(mid), tr = RANK_OF(to) - RANK_OF(mid);
	if (pt->mv.area_lion)
		return cheb(mf, mr) == 1 && cheb(tf, tr) == 1;
	for (int i = 0; i < pt->mv.nlines; i++) {
		int lf = s * pt->mv.lines[i].dx, lr = s * pt->mv.lines[i].dy;
		if (lf == mf && lr == mr && ((tf == lf && tr == lr) || (tf == -lf && tr == -lr)))
			return true;
	}
	return false;
}

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* The game has ended (a royal lost, or the end rules): KIFU_EILLEGAL with
 * *why, or 0. */
static NOINLINE int check_game_over(kifu_position *p, kifu_illegal *why)
{
	const int side = p->side;
	if (p->loser >= 0)
		return illegal(why, KIFU_ILL_GAME_OVER, -1, -1, -1, p->loser);
	if (p->v->end_rules) {
		int loser = side;
		enum kifu_game_state st = judge_end(p, &loser);
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
	if (p->board[m->to])
		return illegal(why, KIFU_ILL_DROP_OCCUPIED, t, kifu_code_type(p->board[m->to]), m->to, side);
	if (pt->must_promote_ranks && in_last(p, side, RANK_OF(m->to), pt->must_promote_ranks))
		return illegal(why, KIFU_ILL_DEAD_DROP, t, -1, m->to, side);
	if (pt->no_two_on_file) {
		int code = kifu_code_make(t, (enum kifu_side)side);
		for (int sq = FILE_OF(m->to); sq < p->nsq; sq += p->files)
			if (p->board[sq] == code)
				return illegal(why, KIFU_ILL_TWO_PAWNS, t, -1, sq, side);
	}
	legal_ctx c;
	legal_ctx_init(p, &c, false);
	if (needs_test(p, &c, m)) {
		if (board_test_fits(p, m)) {
			int rsq = p->royal_sq[side][0];
			if (royal_attacked_after(p, m, rsq))
				return illegal(why, KIFU_ILL_ROYAL_ATTACKED, t, kifu_code_type(p->board[rsq]), rsq, side);
		} else {
			kifu_undo u;
			kifu_make_move(p, m, &u);
			bool royal_ok = !(v->royal_rule == KIFU_ROYAL_LAST && p->nroyal[side] == 1 &&
					  kifu_square_attacked(p, p->royal_sq[side][0], (enum kifu_side)p->side));
			bool ok = royal_ok && legal_after(p, m, 0);
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

/* A two-leg move's legs (mid on the board); *capture: it takes on mid. */
static NOINLINE int check_two_leg(kifu_position *p, const kifu_move *m, const piece_type *pt, int t,
				  bool *capture, kifu_illegal *why)
{
	const int side = p->side;
	if (!pt->mv.area_lion && !pt->mv.nlines)
		return illegal(why, KIFU_ILL_NO_TWO_LEG, t, -1, m->from, side);
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
			if (royal_attacked_after(p, m, royal))
				return illegal(why, KIFU_ILL_ROYAL_ATTACKED, t,
					       kifu_code_type(p->board[rsq] ? p->board[rsq] : code), rsq, side);
		} else {
			kifu_undo u;
			kifu_make_move(p, m, &u);
			bool ok = legal_after(p, m, 0);
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
	p->approved_safe = royal_test && !((m->flags & KIFU_MOVE_PROMOTE) && v->types[pt->promotes_to].royal);
	return 0;
}

/* The rules in the order of kifu_illegal's codes: the game, the squares,
 * the piece, its reach, the square it goes to, promotion, lion trading,
 * the royal.  The rarer parts are functions of their own, so that the path
 * of an ordinary board move stays short. */
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
		enum kifu_illegal_code r = reach_single(p, pt, side, m->from, m->to, &blocker);
		if (r != KIFU_LEGAL)
			return illegal(why, r, t, blocker >= 0 ? kifu_code_type(p->board[blocker]) : -1,
				       blocker >= 0 ? blocker : m->to, side);
	}
	if (m->to != m->from) {
		int c = p->board[m->to];
		if (is_own(c, side))
			return illegal(why, KIFU_ILL_OWN_CAPTURE, t, kifu_code_type(c), m->to, side);
		capture = capture || c != 0;
	}
	if (m->flags & KIFU_MOVE_PROMOTE) {
		if (pt->promoted)
			return illegal(why, KIFU_ILL_PROMOTED_AGAIN, t, -1, m->to, side);
		if (pt->promotes_to < 0)
			return illegal(why, KIFU_ILL_CANNOT_PROMOTE, t, -1, m->to, side);
		if (!promotion_allowed(p, pt, side, RANK_OF(m->from), RANK_OF(m->to), capture))
			return illegal(why, KIFU_ILL_PROMOTE_HERE, t, -1, m->to, side);
	} else if (promotion_forced(p, pt, side, RANK_OF(m->to)) && pt->promotes_to >= 0) {
		return illegal(why, KIFU_ILL_MUST_PROMOTE, t, -1, m->to, side);
	}
	if (v->lion_trading) {
		int at = m->to;
		enum kifu_illegal_code r = lion_trade(p, m, side, p->cs, &at);
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

int kifu_position_in_check(kifu_position *p)
{
	int side = p->side;
	if (p->nroyal[side] == 1)
		return in_check(p);
	for (int i = 0; i < p->nroyal[side]; i++)
		if (kifu_square_attacked(p, p->royal_sq[side][i], (enum kifu_side)opp(side)))
			return 1;
	return 0;
}

/* The declaration of a win (入玉宣言; formats/variants.md, "declaration";
 * the 27-point rule of the Japan Shogi Association, docs/rules.md): the
 * side to move may declare when its royal stands in the zone and is not in
 * check, it has at least in-zone pieces besides its royals there, and those
 * pieces and its pieces in hand count at least its points (a piece counts
 * its unpromoted form's declaration-points). */
int kifu_position_declaration(kifu_position *p, kifu_declaration *out)
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
			if (pt->royal)
				continue;
			d.pieces_in_zone++;
			d.points += v->types[pt->base].declaration_points;
		}
		for (int t = 0; t < v->ntypes; t++)
			d.points += p->hand[side][t] * v->types[t].declaration_points;
		d.in_check = kifu_position_in_check(p);
		d.allowed = d.royal_in_zone && !d.in_check && d.pieces_in_zone >= d.pieces_needed &&
			    d.points >= d.points_needed;
	}
	if (out)
		*out = d;
	return d.allowed;
}
