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
static int8_t capture(struct kifu_position *p, int code, int sq)
{
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	int victim = kifu_code_side(code);
	if (pt->desc.royal) {
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

