/*
 * buffer.h - growing a heap buffer by doubling, the one way every reader,
 * pool and arena of the library grows its bytes.
 */
#ifndef KIFU_TEXT_BUFFER_H
#define KIFU_TEXT_BUFFER_H

#include <stdint.h>
#include <stdlib.h>

#include "kifu/error.h"

/* Makes *buf (of *cap bytes, NULL and 0 at first) hold at least `need`
 * bytes: doubles *cap from `first` (or from *cap) until it does, keeping
 * the bytes already there.  0, or KIFU_ENOMEM (the buffer as it was). */
static inline int kifu__grow(char **buf, size_t *cap, size_t need, size_t first)
{
	if (need <= *cap && *buf)
		return 0;
	size_t c = *cap ? *cap : first;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			return KIFU_ENOMEM;
		c *= 2;
	}
	char *b = realloc(*buf, c);
	if (!b)
		return KIFU_ENOMEM;
	*buf = b;
	*cap = c;
	return 0;
}

#endif
