/*
 * similar.c - the closest of a few names (similar.h): an edit distance over
 * UTF-8 characters (optimal string alignment), for the "did you mean dai?"
 * of an unknown name.
 */
#include <stdint.h>
#include <string.h>

#include "text/similar.h"

enum { MAX_CHARS = 64 };

/* Decodes s into code points (at most MAX_CHARS; a stray byte counts as
 * one); returns how many. */
static int decode(const char *s, uint32_t *out)
{
	int n = 0;
	const unsigned char *p = (const unsigned char *)s;
	while (*p && n < MAX_CHARS) {
		uint32_t c = *p;
		int k = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 0;
		if (k)
			c &= 0x3Fu >> k;
		p++;
		for (int i = 0; i < k && (*p & 0xC0) == 0x80; i++)
			c = (c << 6) | (*p++ & 0x3F);
		out[n++] = c;
	}
	return n;
}

/* The fewest insertions, deletions, substitutions and swaps of two
 * neighbours (dia -> dai is one) that turn a into b. */
static int distance(const uint32_t *a, int na, const uint32_t *b, int nb)
{
	int d[MAX_CHARS + 1][MAX_CHARS + 1];
	for (int i = 0; i <= na; i++)
		d[i][0] = i;
	for (int j = 0; j <= nb; j++)
		d[0][j] = j;
	for (int i = 1; i <= na; i++)
		for (int j = 1; j <= nb; j++) {
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[na][nb];
}

int kifu__closest(const char *name, const char *const *candidates, int n)
{
	uint32_t a[MAX_CHARS], b[MAX_CHARS];
	int na = decode(name, a);
	int limit = na / 3 > 1 ? na / 3 : 1;
	int best = -1, best_d = limit + 1;
	for (int i = 0; i < n; i++) {
		if (!candidates[i])
			continue;
		int d = distance(a, na, b, decode(candidates[i], b));
		if (d < best_d) {
			best = i;
			best_d = d;
		}
	}
	return best;
}
