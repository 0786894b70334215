/*
 * fuzz_rt_kif.c - bytes as an input in any notation the stream tells
 * (compact, KIF, KI2, the wide form): every record read without error is
 * written as KIF and read back (with its variant as -v), and must have the
 * same moves, tags, start, comments, bookmarks and endings, times in whole
 * seconds (roundtrip.h, RT_KIF), and write the same KIF again; unless the
 * KIF writer refuses it (no piece to move, a bad sfen tag).  Each record
 * goes through the compact round trip too: records read from KIF must
 * survive the compact notation as well.
 */
#include <kifu/kifu.h>
#include "fuzz.h"
#include "roundtrip.h"

int fuzz_rt_kif(const uint8_t *data, size_t size)
{
	rt_input((const char *)data, size, NULL, NULL, NULL, 1, 1);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_rt_kif)
#endif
