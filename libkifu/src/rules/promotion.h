/*
 * promotion.h - the promotion rule of a variant (formats/variants.md,
 * "promotion"; docs/rules.md, each variant's "Promotion"), on the variant
 * model: what conclude.c tabulates for the generator and what the one-move
 * check asks of a move.
 */
#ifndef KIFU_RULES_PROMOTION_H
#define KIFU_RULES_PROMOTION_H

#include "rules/variant_internal.h"

/* What a board move between two ranks may or must do: it may promote as a
 * quiet move, as a capture; it must. */
enum { PROMO_QUIET = 1, PROMO_CAPTURE = 2, PROMO_FORCED = 4, PROMO_FORCED_CAPTURE = 8 };

/* The promotion zone is the far `zone` ranks of side. */
static inline bool zone_has(const struct kifu_variant *v, int side, int r)
{
	return side == KIFU_SENTE ? r < v->zone : r >= v->ranks - v->zone;
}

/* Is rank r one of the last n ranks for side? */
static inline bool last_has(const struct kifu_variant *v, int side, int r, int n)
{
	return side == KIFU_SENTE ? r < n : r >= v->ranks - n;
}

/* May this move promote?  promotion.when: enter (from outside the zone into
 * it: Dai, Sho), in-zone (starts or ends in it: standard shogi, Asakura),
 * capture-in-zone (a capture that starts or ends in it: Dai), capture (any
 * capture, on either leg, wherever: Dai Dai's promotion by capture); and a piece's
 * may-promote-ranks (Sho's pawn and lance on any move to the last rank) and
 * must-promote-ranks.
 * Promoted pieces never promote again. */
static inline bool promotion_allowed(const struct kifu_variant *v, const piece_type *pt, int side,
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
	if ((w & PROMO_BY_CAPTURE) && capture)
		return true;
	/* (must-promote-ranks count too: taikyoku-optional's Pawn, in the
	 * zone, stepping onto the last rank; conclude.c) */
	return pt->promote_ranks && last_has(v, side, to_r, pt->promote_ranks);
}

/* promotion_allowed for a move of one or two legs: with promotion.first-step
 * (Taikyoku as its website plays it), the square a two-leg move's first leg
 * ends on (mid_r, its rank; -1: one leg) counts as where it ends too, so a
 * Lion that takes on its zone's first rank and steps back out promotes. */
static inline bool promotion_allowed_legs(const struct kifu_variant *v, const piece_type *pt, int side,
					  int from_r, int mid_r, int to_r, bool capture)
{
	return promotion_allowed(v, pt, side, from_r, to_r, capture) ||
	       (mid_r >= 0 && v->promo_first_step && promotion_allowed(v, pt, side, from_r, mid_r, capture));
}

/* Does the first leg through mid_r let a move promote that its ends alone
 * would not (promotion.first-step)?  Such a move through an empty square
 * is a move of its own beside the one-leg move to the same square. */
static inline bool first_step_promotes(const struct kifu_variant *v, const piece_type *pt, int side, int from_r,
				       int mid_r, int to_r, bool capture)
{
	return v->promo_first_step && promotion_allowed(v, pt, side, from_r, mid_r, capture) &&
	       !promotion_allowed(v, pt, side, from_r, to_r, capture);
}

/* must-promote-ranks: a pawn or lance on the last rank, a knight on the
 * last two, must promote (standard shogi, Asakura). */
static inline bool promotion_forced(const struct kifu_variant *v, const piece_type *pt, int side, int to_r)
{
	return pt->desc.must_promote_ranks && last_has(v, side, to_r, pt->desc.must_promote_ranks);
}

/* Must this move promote?  must-promote-ranks, or promotion.forced: every
 * move that may promote must (Tori Shogi; Heian Shogi, where a piece that
 * enters the zone "becomes a Gold"); or promotion.forced-taking-promoted:
 * one that takes a promoted piece (takes_promoted) must (H. G. Muller's
 * reading of Maka Dai Dai). */
static inline bool promotion_must(const struct kifu_variant *v, const piece_type *pt, int side, int from_r,
				  int to_r, bool capture, bool takes_promoted)
{
	return promotion_forced(v, pt, side, to_r) ||
	       ((v->promo_forced || (v->promo_forced_taking_promoted && takes_promoted)) &&
		promotion_allowed(v, pt, side, from_r, to_r, capture));
}

/* promotion_must of a move of one or two legs (mid_r as in
 * promotion_allowed_legs). */
static inline bool promotion_must_legs(const struct kifu_variant *v, const piece_type *pt, int side, int from_r,
				       int mid_r, int to_r, bool capture, bool takes_promoted)
{
	return promotion_forced(v, pt, side, to_r) ||
	       ((v->promo_forced || (v->promo_forced_taking_promoted && takes_promoted)) &&
		promotion_allowed_legs(v, pt, side, from_r, mid_r, to_r, capture));
}

/* Is board code c a promoted piece of side's enemy? */
static inline bool promoted_enemy(const struct kifu_variant *v, int c, int side)
{
	return c && (int)kifu_code_side(c) != side && v->types[kifu_code_type(c)].promoted;
}

/* Does a move from `from` through mid (or KIFU_NO_SQUARE) to `to` take a
 * promoted enemy piece, by side?  (The squares it names: igui takes on mid
 * alone.)  What promotion.forced-taking-promoted asks of it. */
static inline bool takes_promoted(const struct kifu_variant *v, const uint16_t *board, int side, int from, int mid,
				  int to)
{
	return (mid != KIFU_NO_SQUARE && promoted_enemy(v, board[mid], side)) ||
	       (to != from && promoted_enemy(v, board[to], side));
}

/* ... and a run (KIFU_MOVE_RUN), on the squares strictly between mid and
 * to, step apart on the board? */
static inline bool run_takes_promoted(const struct kifu_variant *v, const uint16_t *board, int side, int mid, int to,
				      int step)
{
	for (int sq = mid + step; step && sq != to; sq += step)
		if (promoted_enemy(v, board[sq], side))
			return true;
	return false;
}

/* The four together, as the variant's table holds them (PROMO_*): may
 * promote quietly, may capturing; must; must when capturing only.  (A
 * variant with promotion.forced-taking-promoted has no table: what a move
 * must do depends on what it takes.) */
static inline unsigned promotion_flags(const struct kifu_variant *v, int t, int side, int from_r, int to_r)
{
	const piece_type *pt = &v->types[t];
	const bool must_quiet = promotion_must(v, pt, side, from_r, to_r, false, false);
	return (promotion_allowed(v, pt, side, from_r, to_r, false) ? PROMO_QUIET : 0u) |
	       (promotion_allowed(v, pt, side, from_r, to_r, true) ? PROMO_CAPTURE : 0u) |
	       (must_quiet ? PROMO_FORCED : 0u) |
	       (!must_quiet && promotion_must(v, pt, side, from_r, to_r, true, false) ? PROMO_FORCED_CAPTURE : 0u);
}

#endif
