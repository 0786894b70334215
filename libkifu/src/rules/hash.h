/*
 * hash.h - the parts of a position's hash (kifu_position_key): a mixing
 * function instead of a table of random numbers, so that no table grows
 * with board size and piece count.  The variant keeps them as tables where
 * they are small (conclude.c); positions and the SFEN parser add them up.
 */
#ifndef KIFU_RULES_HASH_H
#define KIFU_RULES_HASH_H

#include <stdint.h>

static inline uint64_t hash_mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}
/* A piece (its board code) on a square. */
static inline uint64_t hash_piece(int code, int sq) { return hash_mix(((uint64_t)code << 16) | (uint64_t)sq); }
/* side's count of type t in hand (0: nothing). */
static inline uint64_t hash_hand(int side, int t, int count)
{
	return count ? hash_mix((1ull << 40) | ((uint64_t)side << 24) | ((uint64_t)t << 12) | (uint64_t)count) : 0;
}
/* Gote to move. */
#define HASH_GOTE 0x5bd1e9955bd1e995ull
/* The counter-strike square is part of the position (lion-trading rule 3);
 * none: 0xFFFF (KIFU_NO_SQUARE). */
static inline uint64_t hash_cs(int sq)
{
	return sq == 0xFFFF ? 0 : hash_mix((3ull << 40) | (uint64_t)sq);
}

#endif
