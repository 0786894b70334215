/*
 * legal.c - which moves are legal: the royal rule (formats/variants.md,
 * "royal-rule") and the drop-mate ban tested on the moves that may break
 * them; the legal moves listed (kifu_generate_legal), whether a position
 * has one, and so whether the game has ended (kifu_position_end); perft.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules_internal.h"

bool kifu__piece_attacks_royal(const struct kifu_position *p, int type, int dropper, int to)
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
	return kifu__piece_attacks_royal(p, kifu_code_type(p->board[to]), opp(p->side), to);
}

bool kifu__legal_after(struct kifu_position *p, const kifu_move *m, int depth)
{
	int mover = opp(p->side);
	/* Last-royal rule (Sho, Asakura, 小象棋, standard shogi): a move may not
	 * leave the mover's last remaining royal attacked; with two royals either
	 * may be left attacked. */
	if (p->v->royal_rule == KIFU_ROYAL_LAST && p->nroyal[mover] == 1 &&
	    attacked_by(p, p->royal_sq[mover][0], p->side, NULL))
		return false;
	/* 打ち歩詰め: a pawn drop may not attack a royal and leave the opponent
	 * with no legal move. */
	if ((m->flags & KIFU_MOVE_DROP) && p->v->types[m->piece].desc.no_drop_mate &&
	    drop_attacks_royal(p, m->to) && !kifu__has_legal_move(p, depth + 1))
		return false;
	return true;
}

/* Only the board's squares take part in an attack: the ones the move
 * changes are set, the royal's square is tested, and they are put back; no
 * hash, hand or undo record is touched. */
bool kifu__royal_attacked_after(struct kifu_position *p, const kifu_move *m, int royal)
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

bool kifu__move_is_legal(struct kifu_position *p, const kifu_move *m, int depth)
{
	if (board_test_fits(p, m))
		return !kifu__royal_attacked_after(p, m, p->royal_sq[p->side][0]);
	kifu_undo u;
	kifu_make_move(p, m, &u);
	bool ok = kifu__legal_after(p, m, depth);
	kifu_unmake_move(p, &u);
	return ok;
}

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

void kifu__legal_ctx_init(struct kifu_position *p, legal_ctx *c, bool pins)
{
	c->royal_test = p->v->royal_rule == KIFU_ROYAL_LAST && p->nroyal[p->side] == 1;
	c->royal = c->royal_test ? p->royal_sq[p->side][0] : -1;
	c->in_check = c->royal_test && in_check(p);
	c->pins = pins && c->royal_test && !c->in_check && p->v->bitboards && p->v->unit_slides;
	if (c->pins)
		c->pinned = pinned_set(p, c->royal);
	/* a list of moves in check: those that cannot answer it go untested */
	c->evasions = pins && c->in_check && p->v->bitboards;
	if (c->evasions) {
		bb128 attackers;
		if (kifu__checkers_bb(p, c->royal, opp(p->side), &attackers, &c->answers) == 1)
			c->answers = bb_or(c->answers, attackers);
	}
}

/* Is move m legal?  Untested when it cannot be illegal, else tested; in
 * check, refused untested when it cannot answer the check. */
static inline bool is_legal(struct kifu_position *p, const legal_ctx *c, const kifu_move *m, int depth)
{
	return !needs_test(p, c, m) || kifu__move_is_legal(p, m, depth);
}
static inline bool is_legal_in_check(struct kifu_position *p, const legal_ctx *c, const kifu_move *m, int depth)
{
	return !cannot_answer(p, c, m) && kifu__move_is_legal(p, m, depth);
}

/* In check: may a drop answer it?  Only on a square between (an empty
 * one of c->answers), or as a second royal. */
static bool drops_may_answer(const struct kifu_position *p, const legal_ctx *c)
{
	const bb128 occ = bb_or(p->occ[0], p->occ[1]);
	if ((c->answers.w[0] & ~occ.w[0]) | (c->answers.w[1] & ~occ.w[1]))
		return true;
	for (int t = 0; t < p->v->ntypes; t++)
		if (p->hand[p->side][t] && p->v->types[t].desc.royal)
			return true;
	return false;
}

static bool any_legal(struct kifu_position *p, const legal_ctx *c, const kifu_moves *list,
		      int depth)
{
	if (c->evasions) {
		for (int i = 0; i < list->count; i++)
			if (is_legal_in_check(p, c, &list->moves[i], depth))
				return true;
		return false;
	}
	for (int i = 0; i < list->count; i++)
		if (is_legal(p, c, &list->moves[i], depth))
			return true;
	return false;
}

/* Is there a legal move?  Piece by piece, so that the answer usually comes
 * from the first piece that can move. */
bool kifu__has_legal_move(struct kifu_position *p, int depth)
{
	if (p->loser >= 0)
		return false;
	if (depth > MAX_MATE_DEPTH)
		return true;
	if (!p->mate_lists[depth] && !(p->mate_lists[depth] = malloc(sizeof *p->mate_lists[depth])))
		return true; /* out of memory: assumed, as for moves a full list has no room for */
	kifu_moves view = {0, KIFU_MAX_MOVES, p->mate_lists[depth]->moves}, *list = &view;
	legal_ctx c;
	kifu__legal_ctx_init(p, &c, true);
	gen g = {p, list, p->side, false, false};
	bool any = false;
	for (int sq = 0; sq < p->nsq && !any; sq++)
		if (is_own(p->board[sq], p->side)) {
			list->count = 0;
			kifu__gen_piece(&g, sq);
			if (p->v->lion_trading)
				kifu__lion_filter(&g, 0);
			any = any_legal(p, &c, list, depth);
		}
	if (!any && p->v->drops && (!c.evasions || drops_may_answer(p, &c))) {
		list->count = 0;
		kifu__gen_drops(&g);
		any = any_legal(p, &c, list, depth);
	}
	/* moves the list had no room for were not looked at: assume one of
	 * them is legal rather than call the position lost */
	return any || g.full;
}


bool kifu__moves_grow(gen *g)
{
	kifu_moves *l = g->out;
	if (!g->grows || l->room > INT_MAX / 2)
		return false;
	int room = l->room ? 2 * l->room : KIFU_MAX_MOVES;
	kifu_move *m = realloc(l->moves, (size_t)room * sizeof *m);
	if (!m)
		return false;
	l->moves = m;
	l->room = room;
	return true;
}

void kifu_moves_free(kifu_moves *list)
{
	if (!list)
		return;
	free(list->moves);
	*list = (kifu_moves)KIFU_MOVES_INIT;
}

/* The legal moves into out, which may grow or not: 0, or (the list full)
 * KIFU_ENOMEM for one that grows, KIFU_ELIMIT for one that does not. */
static int generate_legal(struct kifu_position *p, kifu_moves *out, bool grows)
{
	out->count = 0;
	/* A side that has lost its last royal has lost: no move follows; nor
	 * after the other ends of the game (perft counts no move there). */
	if (p->loser >= 0)
		return 0;
	int loser;
	if (p->v->end_rules && kifu__judge_end(p, &loser) != KIFU_GAME_ON)
		return 0;
	bool whole = generate_pseudo(p, out, grows);
	legal_ctx c;
	kifu__legal_ctx_init(p, &c, true);
	int n = 0;
	if (c.evasions) {
		for (int i = 0; i < out->count; i++)
			if (is_legal_in_check(p, &c, &out->moves[i], 0))
				out->moves[n++] = out->moves[i];
	} else {
		for (int i = 0; i < out->count; i++)
			if (is_legal(p, &c, &out->moves[i], 0))
				out->moves[n++] = out->moves[i];
	}
	out->count = n;
	return whole ? 0 : grows ? KIFU_ENOMEM : KIFU_ELIMIT;
}

int kifu_generate_legal(kifu_position *p, kifu_movelist *out)
{
	kifu_moves view = {0, KIFU_MAX_MOVES, out->moves};
	int rc = generate_legal(p, &view, false);
	out->count = view.count;
	return rc;
}

int kifu_generate_legal_all(kifu_position *p, kifu_moves *out)
{
	return generate_legal(p, out, true);
}

enum kifu_game_state kifu_position_end(const kifu_position *p, kifu_game_end *out)
{
	kifu_game_end e = {KIFU_GAME_ON, -1, 0};
	int loser = -1;
	if (p->loser >= 0) {
		e.state = KIFU_GAME_ROYAL_LOST;
		e.winner = opp(p->loser);
	} else if (p->v->end_rules && (e.state = kifu__judge_end(p, &loser)) == KIFU_GAME_BARE_ROYAL) {
		e.winner = opp(loser);
	} else if (!kifu__has_legal_move((struct kifu_position *)p, 0)) {
		/* (the search tries moves on p and takes each back: p is left as it
		 * was, its scratch aside) */
		/* no legal move loses, unless the variant leaves it undecided */
		e.state = KIFU_GAME_NO_MOVES;
		e.winner = p->v->no_legal_move == NO_MOVE_UNDECIDED ? -1 : opp(p->side);
	} else if (e.state == KIFU_GAME_LONE_ROYALS) {
		e.draw = 1;
	}
	if (out)
		*out = e;
	return e.state;
}

enum kifu_game_state kifu_position_state(const kifu_position *p)
{
	return kifu_position_end(p, NULL);
}

/* perft below the root: lists[0..depth) are the move lists of each ply,
 * kept by kifu_perft: each grows to the most moves its ply has seen, a few
 * times in all (nothing is allocated per node). */
static int perft_below(kifu_position *p, int depth, kifu_moves *lists, uint64_t *count)
{
	kifu_moves *list = &lists[0];
	int rc = kifu_generate_legal_all(p, list);
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
	kifu_moves *lists = calloc((size_t)depth, sizeof *lists); /* KIFU_MOVES_INIT */
	if (!lists)
		return KIFU_ENOMEM;
	int rc = perft_below(p, depth, lists, count);
	for (int d = 0; d < depth; d++)
		kifu_moves_free(&lists[d]);
	free(lists);
	return rc;
}

