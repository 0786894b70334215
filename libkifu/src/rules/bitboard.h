/*
 * bitboard.h - sets of squares of a board of at most 128 squares, one bit a
 * square (bit sq of w[sq >> 6], sq numbered as everywhere: rank * files +
 * file).  A variant whose board fits (standard shogi, Sho, Asakura, 小象棋:
 * 81 squares) gets its attack tests from them (rules.c); larger boards (Chu,
 * Dai) keep the square-by-square walk, which needs no table per square.
 */
#ifndef KIFU_RULES_BITBOARD_H
#define KIFU_RULES_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

#define BB_SQUARES 128

typedef struct bb128 { uint64_t w[2]; } bb128;

static inline bb128 bb_and(bb128 a, bb128 b) { return (bb128){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static inline bb128 bb_or(bb128 a, bb128 b) { return (bb128){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static inline bool bb_any(bb128 a) { return (a.w[0] | a.w[1]) != 0; }
static inline bool bb_has(const bb128 *a, int sq) { return (a->w[sq >> 6] >> (sq & 63)) & 1u; }
static inline void bb_set(bb128 *a, int sq) { a->w[sq >> 6] |= (uint64_t)1 << (sq & 63); }
static inline void bb_clear(bb128 *a, int sq) { a->w[sq >> 6] &= ~((uint64_t)1 << (sq & 63)); }

#if defined(__GNUC__)
static inline int bb_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int bb_clz64(uint64_t x) { return __builtin_clzll(x); }
#else
static inline int bb_ctz64(uint64_t x)
{
	int n = 0;
	while (!(x & 1)) {
		x >>= 1;
		n++;
	}
	return n;
}
static inline int bb_clz64(uint64_t x)
{
	int n = 0;
	while (!(x >> 63)) {
		x <<= 1;
		n++;
	}
	return n;
}
#endif

/* The lowest and the highest square of a set that is not empty. */
static inline int bb_lsb(bb128 a) { return a.w[0] ? bb_ctz64(a.w[0]) : 64 + bb_ctz64(a.w[1]); }
static inline int bb_msb(bb128 a) { return a.w[1] ? 127 - bb_clz64(a.w[1]) : 63 - bb_clz64(a.w[0]); }

/* Takes the lowest square out of a set that is not empty. */
static inline int bb_pop(bb128 *a)
{
	if (a->w[0]) {
		int sq = bb_ctz64(a->w[0]);
		a->w[0] &= a->w[0] - 1;
		return sq;
	}
	int sq = 64 + bb_ctz64(a->w[1]);
	a->w[1] &= a->w[1] - 1;
	return sq;
}

#endif
