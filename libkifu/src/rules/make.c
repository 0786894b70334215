/*
 * make.c - making and unmaking moves, and what a move tells of the check
 * it gives (the cache of the last-royal rule: position_internal.h).
 */
#include <string.h>

#include "rules/rules_internal.h"

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
static void lose_piece(struct kifu_position *p, int code, int sq)
{
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	int victim = kifu_code_side(code);
	if (pt->desc.royal) {
		remove_royal(p, victim, sq);
		/* the first side to lose its last royal has lost: a move that
		 * takes the opponent's and then has its own burnt has won */
		if (p->nroyal[victim] == 0 && p->loser < 0)
			p->loser = victim;
	}
	p->key ^= key_piece(p, code, sq);
}

static int16_t capture(struct kifu_position *p, int code, int sq)
{
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	int victim = kifu_code_side(code);
	lose_piece(p, code, sq);
	if (pt->to_hand) {
		int captor = opp(victim), b = pt->base;
		p->key ^= key_hand_step(p, captor, b, p->hand[captor][b]);
		p->hand[captor][b]++;
		return (int16_t)b;
	}
	return -1;
}

/* The range capture (range-jumps.passed: captured; special.c): the pieces
 * on the squares a range jump of pt passes over on its way to m->to, of
 * either side, are taken (an own one goes to no hand), their codes kept in
 * u.  Returns the last one taken (the nearest to m->to), or 0. */
static NOINLINE int take_passed(struct kifu_position *p, const piece_type *pt, const kifu_move *m, int side, undo_data *u)
{
	int k, step, last = 0;
	if (m->mid != KIFU_NO_SQUARE || kifu__range_capture_line(p, pt, side, m->from, m->to, &k, &step) < 0)
		return 0;
	for (int n = 1, sq = m->from + step; n < k; n++, sq += step) {
		const int c = p->board[sq];
		if (u)
			u->passed[n - 1] = (uint16_t)c;
		if (!c)
			continue;
		put_code(p, sq, 0);
		if ((int)kifu_code_side(c) == side)
			lose_piece(p, c, sq);
		else
			capture(p, c, sq);
		last = c;
	}
	if (u) {
		u->npassed = (uint8_t)(k - 1);
		u->passed_step = (int16_t)step;
	}
	return last;
}

/* A run (KIFU_MOVE_RUN): the enemies on the squares between m->mid and
 * m->to are taken, kept in u as take_passed keeps its own (the squares
 * from m->from to m->mid as empty).  Returns the last one taken that
 * changes its captor (captor-becomes), else the last one taken. */
static NOINLINE int take_run(struct kifu_position *p, const kifu_move *m, undo_data *u)
{
	const int df = FILE_OF(m->to) - FILE_OF(m->from), dr = RANK_OF(m->to) - RANK_OF(m->from);
	const int uf = (df > 0) - (df < 0), ur = (dr > 0) - (dr < 0), step = ur * p->files + uf;
	/* an illegal run played through (record/play.c), its squares off a
	 * line or in a variant with none (no passed[] kept): taken as the
	 * two-leg move it names */
	if (!p->v->any_run || (!df && !dr) || (df && dr && df != dr && df != -dr))
		return 0;
	const int j = uf ? df / uf : dr / ur; /* to: j steps of the line */
	const int k = uf ? (FILE_OF(m->mid) - FILE_OF(m->from)) / uf : (RANK_OF(m->mid) - RANK_OF(m->from)) / ur;
	if (k < 1 || j < k + 2 || m->mid != m->from + k * step)
		return 0;
	int n = 1, last = 0, changer = 0;
	for (int sq = m->from + step; sq != m->to; sq += step, n++) {
		const int c = sq == m->mid ? 0 : p->board[sq];
		if (u)
			u->passed[n - 1] = (uint16_t)c;
		if (!c)
			continue;
		put_code(p, sq, 0);
		capture(p, c, sq);
		last = c;
		if (p->v->types[kifu_code_type(c)].captor_becomes >= 0)
			changer = c;
	}
	if (u) {
		u->npassed = (uint8_t)(n - 1);
		u->passed_step = (int16_t)step;
	}
	return changer ? changer : last;
}

/* A three-leg move (KIFU_MOVE_THREE_LEGS): the enemy on mid2 is taken,
 * kept in u as passed[0] with passed_step mid2 - from (untake_passed puts
 * it back there).  An illegal one played through (no mid2 on the board, or
 * a variant with no L3): taken as the two-leg move it names.  Returns the
 * piece taken, or 0. */
static NOINLINE int take_mid2(struct kifu_position *p, const kifu_move *m, int side, undo_data *u)
{
	const int mid2 = p->v->any_three_legs ? kifu_move_mid2(m, p->files, p->ranks) : (int)KIFU_NO_SQUARE;
	if (mid2 == KIFU_NO_SQUARE || mid2 == m->from || mid2 == m->mid || mid2 == m->to)
		return 0;
	const int c = p->board[mid2];
	if (!c || (int)kifu_code_side(c) == side)
		return 0;
	put_code(p, mid2, 0);
	capture(p, c, mid2);
	if (u) {
		u->passed[0] = (uint16_t)c;
		u->npassed = 1;
		u->passed_step = (int16_t)(mid2 - m->from);
	}
	return c;
}

/* Puts back what take_passed or take_run took (the hands: the captor's,
 * side). */
static NOINLINE void untake_passed(struct kifu_position *p, const undo_data *u, int side)
{
	for (int n = 1; n <= u->npassed; n++) {
		const int c = u->passed[n - 1];
		if (!c)
			continue;
		put_code(p, u->move.from + n * u->passed_step, c);
		const piece_type *pt = &p->v->types[kifu_code_type(c)];
		if ((int)kifu_code_side(c) != side && pt->to_hand)
			p->hand[side][pt->base]--;
	}
}

/* Changes on capturing (formats/variants.md, captor-becomes): a piece that
 * takes one whose type says so becomes the type it names, whatever it
 * would have become, unless it keeps its form; of two pieces taken, the
 * one taken last decides.  nt: what the move makes of it otherwise. */
static int captor_change(const struct kifu_variant *v, int t, int nt, int captured_mid, int captured_to)
{
	if (v->types[t].desc.keeps_form)
		return nt;
	if (captured_to && v->types[kifu_code_type(captured_to)].captor_becomes >= 0)
		return v->types[kifu_code_type(captured_to)].captor_becomes;
	if (captured_mid && v->types[kifu_code_type(captured_mid)].captor_becomes >= 0)
		return v->types[kifu_code_type(captured_mid)].captor_becomes;
	return nt;
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

/* The eight squares around a square, as file and rank steps. */
static const int8_t around[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};

/* Burns the enemies of `side` around sq (burners too unless spare_burners)
 * into u (may be NULL). */
static void burn_around(struct kifu_position *p, int side, int sq, bool spare_burners, undo_data *u)
{
	const struct kifu_variant *v = p->v;
	const int f = FILE_OF(sq), r = RANK_OF(sq);
	for (int k = 0; k < 8; k++) {
		int tf = f + around[k][0], tr = r + around[k][1];
		if (!on_board(p, tf, tr))
			continue;
		int at = tr * p->files + tf, c = p->board[at];
		if (!is_enemy(c, side) || (spare_burners && v->types[kifu_code_type(c)].desc.burns))
			continue;
		put_code(p, at, 0);
		int16_t hand = capture(p, c, at);
		if (u) {
			u->burnt[k] = (uint16_t)c;
			u->burnt_hand[k] = hand;
		}
	}
}

/* Burning (formats/variants.md, "burning"; docs/rules.md, Tenjiku Shogi),
 * after the move's own captures: a burner that moved burns the enemies
 * around the square it ends on (active burning); a piece that ends next to
 * an enemy burner is burnt (passive, when the variant says so); a burner
 * that ends next to an enemy one does as burner-meets-burner says.  Whether
 * a piece burns is the piece it was when it moved: a Water Buffalo that
 * promotes to a Fire Demon does not burn on that move. */
static void burn(struct kifu_position *p, int side, int mover_type, int sq, undo_data *u)
{
	const struct kifu_variant *v = p->v;
	const bool burner = v->types[mover_type].desc.burns;
	bool beside = false; /* an enemy burner next to sq */
	const int f = FILE_OF(sq), r = RANK_OF(sq);
	for (int k = 0; k < 8 && !beside; k++) {
		int tf = f + around[k][0], tr = r + around[k][1];
		if (on_board(p, tf, tr)) {
			int c = p->board[tr * p->files + tf];
			beside = is_enemy(c, side) && v->types[kifu_code_type(c)].desc.burns;
		}
	}
	bool burnt = false;
	if (!burner) {
		burnt = beside && v->burn_passive;
	} else if (!beside) {
		burn_around(p, side, sq, false, u);
	} else {
		switch (v->burner_meets) {
		case MEETS_BURNT:
			burnt = true;
			break;
		case MEETS_BURNS_THEN_BURNT:
			burn_around(p, side, sq, true, u);
			burnt = true;
			break;
		case MEETS_BURNS:
			burn_around(p, side, sq, false, u);
			break;
		default: /* MEETS_SPARES */
			burn_around(p, side, sq, true, u);
			break;
		}
	}
	if (burnt) {
		int c = p->board[sq];
		put_code(p, sq, 0);
		int16_t hand = capture(p, c, sq);
		if (u) {
			u->mover_burnt = (uint16_t)c;
			u->mover_burnt_hand = hand;
		}
	}
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
	if (u && v->takes_passed)
		u->npassed = 0;
	int moved = 0, captured_mid = 0, captured_to = 0, passed = 0;
	int16_t hand_mid = -1, hand_to = -1;
	/* was this the move kifu_check_move just accepted, leaving the mover's
	 * royal safe?  And was the other side's royal safe before it? */
	bool mover_safe = p->approved_safe && !memcmp(&p->approved, m, sizeof *m);
	bool other_safe = p->safe;
	p->approved_safe = false;
	if (m->flags & KIFU_MOVE_DROP) {
		int t = m->piece, code = kifu_code_make(t, (enum kifu_side)side);
		p->hand[side][t]--;
		p->key ^= key_hand_step(p, side, t, p->hand[side][t]) ^ key_piece(p, code, m->to);
		p->board[m->to] = (uint16_t)code;
		if (v->bitboards)
			bb_toggle(p, code, m->to);
		if (v->types[t].desc.royal)
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
			if (m->flags & KIFU_MOVE_RUN)
				passed = take_run(p, m, u);
			else if (m->flags & KIFU_MOVE_THREE_LEGS)
				passed = take_mid2(p, m, side, u);
		}
		int t = kifu_code_type(moved);
		if (v->any_range_capture && v->types[t].range_captures)
			passed = take_passed(p, &v->types[t], m, side, u);
		captured_to = p->board[m->to];
		if (captured_to) {
			/* (a range capture may end on a piece of its own) */
			if (v->any_range_capture && (int)kifu_code_side(captured_to) == side)
				lose_piece(p, captured_to, m->to);
			else
				hand_to = capture(p, captured_to, m->to);
		}
		int nt = (m->flags & KIFU_MOVE_PROMOTE) ? v->types[t].promotes_to : t;
		if (v->any_captor_change && (captured_mid | captured_to | passed)) {
			/* (taken after mid: what a run took, if it changes the captor) */
			const bool later = passed && v->types[kifu_code_type(passed)].captor_becomes >= 0;
			nt = captor_change(v, t, nt, later ? passed : captured_mid, captured_to);
		}
		int code = kifu_code_make(nt, (enum kifu_side)side);
		p->board[m->to] = (uint16_t)code;
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
		if (v->types[t].desc.royal)
			remove_royal(p, side, m->from);
		if (v->types[nt].desc.royal)
			add_royal(p, side, m->to);
		if (v->counter_strike != CS_NONE) {
			/* lion-trading rule 3: a non-Lion that takes a Lion sets the
			 * counter-strike square (the last leg's first, as scalashogi's
			 * Situation.finalizeAfterUsi looks); any other move clears it */
			int cs = KIFU_NO_SQUARE;
			if (!v->types[t].desc.lion) {
				if (captured_to && v->types[kifu_code_type(captured_to)].desc.lion)
					cs = m->to;
				else if (captured_mid && v->types[kifu_code_type(captured_mid)].desc.lion)
					cs = m->mid;
			}
			p->key ^= hash_cs(p->cs) ^ hash_cs(cs);
			p->cs = (uint16_t)cs;
		}
	}
	if (u) {
		u->moved = (uint16_t)moved;
		u->captured_mid = (uint16_t)captured_mid;
		u->captured_to = (uint16_t)captured_to;
		u->hand_mid = hand_mid;
		u->hand_to = hand_to;
		if (v->any_burner) {
			memset(u->burnt, 0, sizeof u->burnt);
			u->mover_burnt = 0;
		}
	}
	if (v->any_burner)
		burn(p, side, m->flags & KIFU_MOVE_DROP ? m->piece : kifu_code_type(moved), m->to, u);
	p->side = opp(side);
	p->key ^= HASH_GOTE;
	p->ply++;
	p->safe = mover_safe;
	/* (a range capture or a run empties squares the move does not name) */
	p->check = other_safe && !passed ? gives_check(p, m) : -1;
}

/* Puts back what burn() took (the hands: the captors'). */
static void unburn(struct kifu_position *p, const undo_data *u, int side)
{
	const int sq = u->move.to;
	if (u->mover_burnt) {
		put_code(p, sq, u->mover_burnt);
		if (u->mover_burnt_hand >= 0)
			p->hand[opp(side)][u->mover_burnt_hand]--;
	}
	const int f = FILE_OF(sq), r = RANK_OF(sq);
	for (int k = 0; k < 8; k++) {
		if (!u->burnt[k])
			continue;
		put_code(p, (r + around[k][1]) * p->files + f + around[k][0], u->burnt[k]);
		if (u->burnt_hand[k] >= 0)
			p->hand[side][u->burnt_hand[k]]--;
	}
}

void kifu_unmake_move(kifu_position *p, const kifu_undo *undo)
{
	const undo_data *u = (const undo_data *)(const void *)undo;
	const kifu_move *m = &u->move;
	p->side = opp(p->side);
	const int side = p->side;
	if (p->v->any_burner)
		unburn(p, u, side);
	if (p->v->takes_passed && u->npassed)
		untake_passed(p, u, side);
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

