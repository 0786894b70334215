/*
 * kif_ki2.c - KI2 moves against the position (kif_read.h): resolving the
 * words a move is written with (the reader), and choosing them (the
 * writer).  A KI2 move names the destination and the piece, not the
 * origin; when two pieces of that kind can go there, the relative words
 * say which, by the Japan Shogi Association's conventions (棋譜の表記方法,
 * https://www.shogi.or.jp/faq/kihuhyouki.html), which Kifu for Windows and
 * every KI2 writer follow: 右 左 the piece on the mover's right or left;
 * 上 (行) moving forward, 引 backward, 寄 sideways; 直 (金 and 銀) straight
 * forward; 打 a drop.  Works through the public rules API only.
 *
 * The pieces that "can go there" are those whose movement takes them there,
 * whether or not their own king would be left attacked: a pinned piece
 * counts when the words are chosen (readers that do not look at pins, as
 * tsshogi, read the move too), and a move no legal one fits is looked for
 * among such moves when read (an illegal move, which the play loop then
 * names).
 */
#include <string.h>

#include "notation/kif/kif_read.h"

enum { MAX_RIVALS = 64 };

/* The board moves to `to` of the mover's pieces that go by type's name,
 * promoting or not as promote_only says (-1: either; the reader asks only
 * for what the words say, which halves the moves the rules check): the legal ones (list: the position's
 * legal moves; NULL: each piece's move asked of the rules, which costs
 * less than listing every move when only a few pieces can be meant), or,
 * with pinned, those the rules refuse only for leaving the mover's royal
 * attacked.  Returns how many, at most max. */
static int board_moves(kifu_position *pos, const kifu_movelist *list, int type, int to, bool pinned,
		       int promote_only, kifu_move *out, int max)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int n = 0;
	if (!pinned && list) {
		for (int i = 0; i < list->count && n < max; i++) {
			const kifu_move *c = &list->moves[i];
			if (!(c->flags & KIFU_MOVE_DROP) && c->to == to && c->mid == KIFU_NO_SQUARE &&
			    kifu_piece_names_agree(v, kifu_code_type(kifu_position_at(pos, c->from)), type))
				out[n++] = *c;
		}
		return n;
	}
	uint16_t from[KIFU_MAX_SQUARES];
	int found = kifu_position_find(pos, kifu_position_side(pos), type, from, KIFU_MAX_SQUARES);
	for (int i = 0; i < found && n < max; i++) {
		int sq = from[i];
		for (int promote = 0; promote < 2 && n < max; promote++) {
			if (promote_only >= 0 && promote != promote_only)
				continue;
			kifu_move m = {(uint16_t)sq, KIFU_NO_SQUARE, (uint16_t)to,
				       (uint8_t)(promote ? KIFU_MOVE_PROMOTE : 0), 0};
			kifu_illegal why;
			bool legal = kifu_check_move(pos, &m, &why) == 0;
			if (pinned ? !legal && why.code == KIFU_ILL_ROYAL_ATTACKED : legal)
				out[n++] = m;
		}
	}
	return n;
}

/* ---- resolving the words (the reader) ---- */

/* Keeps the candidates the words allow: the promotion said, the motion
 * (上 引 寄 直), then 右 or 左: the piece farthest on that side, and those
 * on its file.  Returns how many are left. */
static int narrow(const kifu_position *pos, const kif_move_head *h, kifu_move *cand, int n)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v);
	const int s = kifu_position_side(pos) == KIFU_SENTE ? 1 : -1;
	unsigned mods = h->mods;
	int k = 0;
	for (int i = 0; i < n; i++) {
		const kifu_move *m = &cand[i];
		if (!!(m->flags & KIFU_MOVE_PROMOTE) != h->promote)
			continue;
		/* direction in the mover's frame: dy > 0 forward, dx > 0 right */
		int dy = s * (m->from / files - m->to / files);
		int dx = s * (m->from % files - m->to % files);
		if ((mods & KIF_MOD_UP) && dy <= 0)
			continue;
		if ((mods & KIF_MOD_DOWN) && dy >= 0)
			continue;
		if ((mods & KIF_MOD_SIDE) && dy != 0)
			continue;
		if ((mods & KIF_MOD_STRAIGHT) && (dx != 0 || dy <= 0))
			continue;
		cand[k++] = *m;
	}
	n = k;
	if ((mods & (KIF_MOD_RIGHT | KIF_MOD_LEFT)) && n > 1) {
		/* 右: the piece on the mover's right (Sente: the lower file) */
		int best = -1;
		for (int i = 0; i < n; i++) {
			int f = s * (cand[i].from % files); /* smaller = more to the right */
			int bf = best < 0 ? 0 : s * (cand[best].from % files);
			if (best < 0 || ((mods & KIF_MOD_RIGHT) ? f < bf : f > bf))
				best = i;
		}
		int bf = s * (cand[best].from % files);
		k = 0;
		for (int i = 0; i < n; i++)
			if (s * (cand[i].from % files) == bf)
				cand[k++] = cand[i];
		n = k;
	}
	return n;
}

const char *kifu__ki2_resolve(kifu_position *pos, const kif_move_head *h, int to, kifu_move *out)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int side = kifu_position_side(pos);
	kifu_piece_info named;
	kifu_variant_piece(v, h->type, &named);
	int base = named.base;
	bool can_drop = kifu_variant_has_drops(v) && !named.promoted &&
			kifu_position_hand(pos, (enum kifu_side)side, base) > 0;
	kifu_move drop = {KIFU_NO_SQUARE, KIFU_NO_SQUARE, (uint16_t)to, KIFU_MOVE_DROP, (uint8_t)base};
	if (h->drop) {
		if (!can_drop)
			return "no such piece in hand to drop";
		*out = drop;
		return NULL;
	}
	kifu_move cand[MAX_RIVALS];
	int n = narrow(pos, h, cand, board_moves(pos, NULL, h->type, to, false, h->promote, cand, MAX_RIVALS));
	if (n == 0 && can_drop && !h->promote) {
		/* a drop written without 打: no piece on the board can get there */
		*out = drop;
		return NULL;
	}
	if (n == 0)
		/* none legal: a pinned piece's move, illegal (the play loop says so) */
		n = narrow(pos, h, cand, board_moves(pos, NULL, h->type, to, true, h->promote, cand, MAX_RIVALS));
	if (n == 1) {
		*out = cand[0];
		return NULL;
	}
	return n == 0 ? "no piece of that kind can make this move" :
		        "ambiguous: more than one piece can make this move";
}

/* ---- choosing the words (the writer) ---- */

/* Does the piece move one square at a time (every atom a W, F or K step,
 * formats/movement.md)?  The JSA writes 直 for such pieces (金, 銀 and the
 * promoted minor pieces that move as 金), and 右/左 for the ranging 竜 and
 * 馬, whose second piece may stand anywhere. */
static bool one_square_mover(const char *moves)
{
	for (const char *c = moves; *c; c++)
		if ((*c >= 'A' && *c <= 'Z' && *c != 'W' && *c != 'F' && *c != 'K') ||
		    (*c >= '0' && *c <= '9') || *c == '~')
			return false;
	return true;
}

/* The squares of the pieces that can go where m goes (pinned ones too):
 * m->from first, then the others, each once.  Returns how many. */
static int rivals(kifu_position *pos, const kifu_movelist *list, const kifu_move *m, int *from)
{
	int type = kifu_code_type(kifu_position_at(pos, m->from));
	kifu_move c[2 * MAX_RIVALS];
	int nc = board_moves(pos, list, type, m->to, false, -1, c, MAX_RIVALS);
	nc += board_moves(pos, list, type, m->to, true, -1, c + nc, MAX_RIVALS);
	int n = 0;
	from[n++] = m->from;
	for (int i = 0; i < nc && n < MAX_RIVALS; i++) {
		bool seen = false;
		for (int k = 0; k < n && !seen; k++)
			seen = from[k] == c[i].from;
		if (!seen)
			from[n++] = c[i].from;
	}
	return n;
}

/* Is from[0] alone on the mover's right (or left) of every from[k] with
 * keep[k]: the one 右 (左) names, as narrow() takes it? */
static bool alone_at_side(const int *from, const bool *keep, int n, int files, int s, bool right)
{
	int mine = s * (from[0] % files);
	for (int k = 1; k < n; k++) {
		int f = s * (from[k] % files);
		if (keep[k] && (right ? f <= mine : f >= mine))
			return false;
	}
	return true;
}

/* The relative words of a board move m (enum kif_mod bits), or -1. */
static int relative(kifu_position *pos, const kifu_movelist *list, const kifu_move *m)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v);
	const int s = kifu_position_side(pos) == KIFU_SENTE ? 1 : -1;
	int from[MAX_RIVALS];
	int n = rivals(pos, list, m, from);
	if (n < 2)
		return 0; /* the only piece of its kind that can go there: no word */
	/* each piece's motion in the mover's frame: dy > 0 forward (上), 0
	 * sideways (寄), < 0 backward (引) */
	bool all[MAX_RIVALS], same[MAX_RIVALS];
	int dy0 = 0, nsame = 0;
	for (int k = 0; k < n; k++) {
		int d = s * (from[k] / files - m->to / files);
		d = d > 0 ? 1 : d < 0 ? -1 : 0;
		if (!k)
			dy0 = d;
		all[k] = true;
		same[k] = d == dy0;
		nsame += k > 0 && same[k];
	}
	unsigned motion = dy0 > 0 ? KIF_MOD_UP : dy0 < 0 ? KIF_MOD_DOWN : KIF_MOD_SIDE;
	/* 1. the motion alone, when no other piece moves so */
	if (!nsame)
		return (int)motion;
	/* 2. 直: a piece that moves one square at a time, going straight
	 * forward (the only one that can) */
	kifu_piece_info info;
	kifu_variant_piece(v, kifu_code_type(kifu_position_at(pos, m->from)), &info);
	bool straight = m->from % files == m->to % files && dy0 > 0;
	if (straight && one_square_mover(info.moves))
		return KIF_MOD_STRAIGHT;
	/* 3. 右 or 左 alone, then 4. with the motion */
	for (int pass = 0; pass < 2; pass++) {
		const bool *keep = pass ? same : all;
		unsigned extra = pass ? motion : 0;
		if (alone_at_side(from, keep, n, files, s, true))
			return (int)(KIF_MOD_RIGHT | extra);
		if (alone_at_side(from, keep, n, files, s, false))
			return (int)(KIF_MOD_LEFT | extra);
	}
	/* what the JSA does not foresee (pieces of a variant): 直 if it fits */
	return straight ? KIF_MOD_STRAIGHT : -1;
}

/* Could a piece on the board that goes by the name of the dropped one go to
 * m->to as well?  Then the drop says 打. */
static bool board_rival(kifu_position *pos, const kifu_movelist *list, const kifu_move *m)
{
	kifu_move c[MAX_RIVALS];
	return board_moves(pos, list, m->piece, m->to, false, -1, c, MAX_RIVALS) > 0 ||
	       board_moves(pos, list, m->piece, m->to, true, -1, c, MAX_RIVALS) > 0;
}

/* Could m have been played with the other choice of promotion? */
static bool promotion_optional(kifu_position *pos, const kifu_move *m)
{
	kifu_move other = *m;
	other.flags ^= KIFU_MOVE_PROMOTE;
	kifu_illegal why;
	return !kifu_check_move(pos, &other, &why) || why.code == KIFU_ILL_ROYAL_ATTACKED;
}

int kifu__ki2_words(kifu_position *pos, const kifu_movelist *list, const kifu_move *m, ki2_words *out)
{
	out->mods = 0;
	out->suffix = KI2_PLAIN;
	if (m->flags & KIFU_MOVE_DROP) {
		/* 打 only when a piece on the board could go there too (the JSA's
		 * page: a drop is otherwise written as any move) */
		if (board_rival(pos, list, m))
			out->suffix = KI2_DROP;
		return 0;
	}
	int mods = relative(pos, list, m);
	if (mods < 0)
		return -1;
	out->mods = (unsigned)mods;
	/* 成 on a promotion; 不成 when the move could have promoted */
	if (m->flags & KIFU_MOVE_PROMOTE)
		out->suffix = KI2_PROMOTE;
	else if (promotion_optional(pos, m))
		out->suffix = KI2_NOT_PROMOTE;
	return 0;
}
