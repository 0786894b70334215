/*
 * describe.c - an illegal move explained in plain words.
 */
#include <stdio.h>
#include <string.h>

#include "rules/variant_internal.h"
#include "kifu/position.h"

static const char *side_name(int side) { return side == KIFU_SENTE ? "Sente" : "Gote"; }

static const char *piece_name(const struct kifu_variant *v, int t)
{
	if (t < 0 || t >= v->ntypes)
		return "piece";
	const piece_type *p = &v->types[t];
	return p->desc.names.english[0] ? p->desc.names.english : p->desc.id;
}

/* "a" or "an" before an English piece name. */
static const char *article(const char *name)
{
	return strchr("AEIOUaeiou", name[0]) ? "an" : "a";
}

char *kifu_illegal_describe(const kifu_variant *v, const kifu_illegal *why,
			    kifu_square_namer namer, char *buf, size_t size)
{
	char sq[16] = "?", from[16] = "?";
	if (why->square >= 0 && namer)
		namer(v, why->square, sq, sizeof sq);
	if (why->from >= 0 && namer)
		namer(v, why->from, from, sizeof from);
	const char *piece = piece_name(v, why->type);
	const char *other = piece_name(v, why->other_type);
	const char *side = side_name(why->side);
	switch (why->code) {
	case KIFU_LEGAL:
		snprintf(buf, size, "legal");
		break;
	case KIFU_ILL_GAME_OVER:
		snprintf(buf, size, "the game is over: %s has lost its last royal", side);
		break;
	case KIFU_ILL_OFF_BOARD:
		snprintf(buf, size, "square %s is off the board", sq);
		break;
	case KIFU_ILL_NO_PIECE:
		snprintf(buf, size, "there is no piece on %s", sq);
		break;
	case KIFU_ILL_NOT_YOURS:
		/* why->side: the piece's owner; the other side is to move */
		snprintf(buf, size, "it is %s's turn, and the %s on %s is %s's",
			 side_name(!why->side), piece, sq, side);
		break;
	case KIFU_ILL_UNREACHABLE:
		snprintf(buf, size, "the %s on %s cannot move to %s", piece, from, sq);
		break;
	case KIFU_ILL_BLOCKED:
		snprintf(buf, size, "the %s on %s is blocked by the %s on %s", piece, from, other, sq);
		break;
	case KIFU_ILL_OWN_CAPTURE:
		snprintf(buf, size, "%s is occupied by %s's own %s", sq, side, other);
		break;
	case KIFU_ILL_NO_TWO_LEG:
		snprintf(buf, size, "the %s on %s has no two-step move", piece, sq);
		break;
	case KIFU_ILL_BAD_TWO_LEG:
		snprintf(buf, size, "the %s on %s has no two-step move through %s to there", piece, from, sq);
		break;
	case KIFU_ILL_CANNOT_PROMOTE:
		snprintf(buf, size, "%s %s cannot promote", article(piece), piece);
		break;
	case KIFU_ILL_PROMOTED_AGAIN:
		snprintf(buf, size, "a promoted piece (%s) cannot promote again", piece);
		break;
	case KIFU_ILL_PROMOTE_HERE:
		/* promotion by capture (promotion.when: capture) words it so */
		if (v->promo_when == PROMO_BY_CAPTURE)
			snprintf(buf, size, "the %s may not promote on a move from %s to %s: a piece promotes only by capturing",
				 piece, from, sq);
		else
			snprintf(buf, size, "the %s may not promote on a move from %s to %s", piece, from, sq);
		break;
	case KIFU_ILL_MUST_PROMOTE:
		if ((v->promo_when & PROMO_BY_CAPTURE) && v->promo_forced)
			snprintf(buf, size, "the %s must promote on %s: a piece that can promote must when it captures",
				 piece, sq);
		else if (v->promo_forced_taking_promoted && !v->promo_forced)
			snprintf(buf, size, "the %s must promote on %s: a piece that can promote must when it takes a promoted piece",
				 piece, sq);
		else
			snprintf(buf, size, "the %s must promote on %s", piece, sq);
		break;
	case KIFU_ILL_NO_DROPS:
		snprintf(buf, size, "this variant has no drops");
		break;
	case KIFU_ILL_NOT_IN_HAND:
		snprintf(buf, size, "%s has no %s in hand", side, piece);
		break;
	case KIFU_ILL_DROP_OCCUPIED:
		snprintf(buf, size, "cannot drop on %s: the %s stands there", sq, other);
		break;
	case KIFU_ILL_DEAD_DROP:
		snprintf(buf, size, "%s %s dropped on %s could never move", article(piece), piece, sq);
		break;
	case KIFU_ILL_TWO_PAWNS:
		snprintf(buf, size, "two unpromoted %ss on one file (nifu): %s already has one on %s", piece, side, sq);
		break;
	case KIFU_ILL_DROP_MATE:
		snprintf(buf, size, "%s %s drop may not give mate (uchifuzume)", article(piece), piece);
		break;
	case KIFU_ILL_ROYAL_ATTACKED:
		if (why->square >= 0)
			snprintf(buf, size, "it leaves %s's last royal (the %s on %s) attacked", side, other, sq);
		else
			snprintf(buf, size, "it leaves %s's last royal attacked", side);
		break;
	case KIFU_ILL_DROP_PROMOTE:
		snprintf(buf, size, "a dropped piece cannot promote");
		break;
	case KIFU_ILL_LION_PROTECTED:
		snprintf(buf, size, "the %s on %s may not take the protected %s on %s, which is not next to it",
			 piece, from, other, sq);
		break;
	case KIFU_ILL_COUNTER_STRIKE:
		snprintf(buf, size, "a Lion was just taken by a piece other than a Lion: the %s on %s may not take the %s on %s (counter-strike)",
			 piece, from, other, sq);
		break;
	case KIFU_ILL_BARE_ROYAL:
		snprintf(buf, size, "the game is over: %s is left with a bare royal", side);
		break;
	case KIFU_ILL_LONE_ROYALS:
		snprintf(buf, size, "the game is over: only the two royals are left (a draw)");
		break;
	case KIFU_ILL_JUMP_RANK:
		/* a range jumper passes over only pieces of lower rank: an equal
		 * one stops it as a higher one does */
		snprintf(buf, size, "the %s on %s may not pass over or take by jumping the %s on %s: it does not rank below the %s",
			 piece, from, other, sq, piece);
		break;
	case KIFU_ILL_JUMP_NO_CAPTURE:
		snprintf(buf, size, "the %s on %s may jump pieces only to take one: %s is empty", piece, from, sq);
		break;
	case KIFU_ILL_AREA_BLOCKED:
		snprintf(buf, size, "the %s on %s cannot reach %s: every path of its steps there is blocked",
			 piece, from, sq);
		break;
	case KIFU_ILL_FILE_FULL:
		snprintf(buf, size, "%s already has as many unpromoted %ss on the file of %s as a file may hold",
			 side, piece, sq);
		break;
	case KIFU_ILL_HOOK_BLOCKED:
		snprintf(buf, size, "the %s on %s cannot reach %s: both paths of its hook there (a slide, a turn, a slide) are blocked",
			 piece, from, sq);
		break;
	case KIFU_ILL_EMPEROR_PROTECTED:
		snprintf(buf, size, "the %s on %s may not take the %s on %s: another piece of its side protects it",
			 piece, from, other, sq);
		break;
	case KIFU_ILL_RANGE_CAPTURE_RANK:
		snprintf(buf, size, "the %s on %s may not take the %s on %s: a range capture takes only pieces ranking below the %s",
			 piece, from, other, sq, piece);
		break;
	case KIFU_ILL_BAD_RUN:
		/* (a run stops on each square between its legs' squares) */
		if (why->other_type >= 0)
			snprintf(buf, size, "the %s on %s runs only over enemy pieces, taking each: %s holds %s's own %s",
				 piece, from, sq, side, other);
		else
			snprintf(buf, size, "the %s on %s runs only over enemy pieces, taking each: %s is empty",
				 piece, from, sq);
		break;
	case KIFU_ILL_BAD_THREE_LEGS:
		/* (other_type -2: the squares are no three king steps of an L3) */
		if (why->other_type >= 0)
			snprintf(buf, size, "the %s on %s stops on its three steps' squares only to take enemy pieces: %s holds %s's own %s",
				 piece, from, sq, side, other);
		else if (why->other_type == -1)
			snprintf(buf, size, "the %s on %s stops on its three steps' squares only to take enemy pieces: %s is empty",
				 piece, from, sq);
		else
			snprintf(buf, size, "the %s on %s has no three-leg move through %s (L3: three king steps not in a row, not ending on the first)",
				 piece, from, sq);
		break;
	default:
		snprintf(buf, size, "illegal move");
		break;
	}
	return buf;
}
