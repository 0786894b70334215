/*
 * position_internal.h - the position the rules core plays on.
 */
#ifndef KIFU_POSITION_INTERNAL_H
#define KIFU_POSITION_INTERNAL_H

#include "kifu/position.h"
#include "variant_internal.h"

struct kifu_position {
	const struct kifu_variant *v;
	int files, ranks, nsq;
	int side;
	long ply;                 /* the SFEN move number */
	int loser;                /* the side that lost its last royal by capture, or -1 */
	int nroyal[2];
	uint16_t royal_sq[2][MAX_ROYALS];
	uint8_t board[KIFU_MAX_SQUARES];
	uint8_t hand[2][KIFU_MAX_TYPES];
	/* Scratch for dropping duplicate destinations during generation. */
	uint32_t stamp_gen;
	uint32_t stamp[KIFU_MAX_SQUARES];
};

#endif
