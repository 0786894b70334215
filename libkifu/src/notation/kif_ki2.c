/*
 * kif_ki2.c - resolving a KI2 move against the position (kif_read.h).  A
 * KI2 move names the destination and the piece, not the origin; when two
 * pieces of that kind can go there, the relative words say which (the JSA's
 * conventions, as Kifu for Windows and every KI2 writer use them): 右 左 the
 * piece on the mover's right or left; 上 (行) moving forward, 引 backward,
 * 寄 sideways, 直 straight forward; 打 a drop.  Works through the public
 * rules API only.
 */
#include <string.h>

#include "notation/kif_read.h"

const char *kifu__ki2_resolve(kifu_position *pos, kifu_movelist *list, const kif_move_head *h,
			      int to, kifu_move *out)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int side = kifu_position_side(pos), s = side == KIFU_SENTE ? 1 : -1;
	const int files = kifu_variant_files(v);
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
	if (kifu_generate_legal(pos, list))
		return "the position has more moves than can be listed (KIFU_MAX_MOVES): "
		       "the move cannot be told";
	kifu_move cand[64];
	int n = 0;
	unsigned mods = h->mods;
	for (int i = 0; i < list->count && n < 64; i++) {
		const kifu_move *m = &list->moves[i];
		if ((m->flags & KIFU_MOVE_DROP) || m->to != to || m->mid != KIFU_NO_SQUARE)
			continue;
		if (!!(m->flags & KIFU_MOVE_PROMOTE) != h->promote)
			continue;
		if (!kifu_piece_names_agree(v, kifu_code_type(kifu_position_at(pos, m->from)), h->type))
			continue;
		/* direction in the mover's frame: dy > 0 forward, dx > 0 right */
		int dy = s * (m->from / files - to / files);
		int dx = s * (m->from % files - to % files);
		if ((mods & KIF_MOD_UP) && dy <= 0)
			continue;
		if ((mods & KIF_MOD_DOWN) && dy >= 0)
			continue;
		if ((mods & KIF_MOD_SIDE) && dy != 0)
			continue;
		if ((mods & KIF_MOD_STRAIGHT) && (dx != 0 || dy <= 0))
			continue;
		cand[n++] = *m;
	}
	if ((mods & (KIF_MOD_RIGHT | KIF_MOD_LEFT)) && n > 1) {
		/* 右: the piece on the mover's right (Sente: the lower file) */
		int best = -1;
		for (int i = 0; i < n; i++) {
			int f = s * (cand[i].from % files); /* smaller = more to the right */
			int bf = best < 0 ? 0 : s * (cand[best].from % files);
			if (best < 0 || ((mods & KIF_MOD_RIGHT) ? f < bf : f > bf))
				best = i;
		}
		int k = 0;
		int bf = s * (cand[best].from % files);
		for (int i = 0; i < n; i++)
			if (s * (cand[i].from % files) == bf)
				cand[k++] = cand[i];
		n = k;
	}
	if (n == 1) {
		*out = cand[0];
		return NULL;
	}
	if (n == 0 && can_drop && !h->promote) {
		/* a drop written without 打: no piece on the board can get there */
		*out = drop;
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

/* The pieces that could go where m goes: the origins of the legal board
 * moves to m->to of a piece that goes by the name of the one on m->from
 * (m->from first).  Returns how many, at most max. */
static int rivals(const kifu_position *pos, const kifu_movelist *list, const kifu_move *m,
		  int *from, int max)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int type = kifu_code_type(kifu_position_at(pos, m->from));
	int n = 0;
	from[n++] = m->from;
	for (int i = 0; i < list->count && n < max; i++) {
		const kifu_move *c = &list->moves[i];
		if ((c->flags & KIFU_MOVE_DROP) || c->to != m->to || c->mid != KIFU_NO_SQUARE)
			continue;
		bool seen = false;
		for (int k = 0; k < n && !seen; k++)
			seen = from[k] == c->from;
		if (!seen && kifu_piece_names_agree(v, kifu_code_type(kifu_position_at(pos, c->from)), type))
			from[n++] = c->from;
	}
	return n;
}

/* Is from[0] alone on the mover's right (or left) of every from[k] with
 * keep[k]: the one 右 (左) names, as the reader takes it (kifu__ki2_resolve)? */
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
static int relative(const kifu_position *pos, const kifu_movelist *list, const kifu_move *m)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v);
	const int s = kifu_position_side(pos) == KIFU_SENTE ? 1 : -1;
	int from[64];
	int n = rivals(pos, list, m, from, 64);
	if (n < 2)
		return 0; /* "到達地点に同種類で1枚の駒しか動かせない場合" nothing more */
	/* each piece's motion in the mover's frame: dy > 0 forward (上),
	 * 0 sideways (寄), < 0 backward (引) */
	int dy[64];
	for (int k = 0; k < n; k++) {
		int d = s * (from[k] / files - m->to / files);
		dy[k] = d > 0 ? 1 : d < 0 ? -1 : 0;
	}
	unsigned motion = dy[0] > 0 ? KIF_MOD_UP : dy[0] < 0 ? KIF_MOD_DOWN : KIF_MOD_SIDE;
	bool all[64], same[64];
	int nsame = 0;
	for (int k = 0; k < n; k++) {
		all[k] = true;
		same[k] = dy[k] == dy[0];
		nsame += k > 0 && same[k];
	}
	/* 1. the motion alone, when no other piece moves so */
	if (!nsame)
		return motion;
	/* 2. 直: a piece that moves one square at a time, going straight
	 * forward (the only one that can) */
	kifu_piece_info info;
	kifu_variant_piece(v, kifu_code_type(kifu_position_at(pos, m->from)), &info);
	bool straight = m->from % files == m->to % files && dy[0] > 0;
	if (straight && one_square_mover(info.moves))
		return KIF_MOD_STRAIGHT;
	/* 3. 右 or 左 alone, then 4. with the motion */
	for (int pass = 0; pass < 2; pass++) {
		const bool *keep = pass ? same : all;
		unsigned extra = pass ? motion : 0;
		if (alone_at_side(from, keep, n, files, s, true))
			return KIF_MOD_RIGHT | extra;
		if (alone_at_side(from, keep, n, files, s, false))
			return KIF_MOD_LEFT | extra;
	}
	/* what the JSA does not foresee (pieces of a variant): 直 */
	return straight ? KIF_MOD_STRAIGHT : -1;
}

/* Can a piece on the board that goes by the name of the dropped one go to
 * m->to as well?  Then the drop says 打. */
static bool board_rival(const kifu_position *pos, const kifu_movelist *list, const kifu_move *m)
{
	const kifu_variant *v = kifu_position_variant(pos);
	for (int i = 0; i < list->count; i++) {
		const kifu_move *c = &list->moves[i];
		if (!(c->flags & KIFU_MOVE_DROP) && c->to == m->to && c->mid == KIFU_NO_SQUARE &&
		    kifu_piece_names_agree(v, kifu_code_type(kifu_position_at(pos, c->from)), m->piece))
			return true;
	}
	return false;
}

/* Could m have been played with the other choice of promotion? */
static bool promotion_optional(const kifu_movelist *list, const kifu_move *m)
{
	for (int i = 0; i < list->count; i++) {
		const kifu_move *c = &list->moves[i];
		if (c->from == m->from && c->to == m->to && c->mid == KIFU_NO_SQUARE &&
		    !(c->flags & KIFU_MOVE_DROP) && (c->flags & KIFU_MOVE_PROMOTE) != (m->flags & KIFU_MOVE_PROMOTE))
			return true;
	}
	return false;
}

int kifu__ki2_words(const kifu_position *pos, const kifu_movelist *list, const kifu_move *m, ki2_words *out)
{
	out->mods = 0;
	out->suffix = KI2_PLAIN;
	if (m->flags & KIFU_MOVE_DROP) {
		/* "「打」と記入するのはあくまでもその地点に盤上の駒を動かすこともで
		 * きる場合のみ" */
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
	else if (promotion_optional(list, m))
		out->suffix = KI2_NOT_PROMOTE;
	return 0;
}
