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
