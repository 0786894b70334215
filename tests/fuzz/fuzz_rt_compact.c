/*
 * fuzz_rt_compact.c - bytes as compact records: every record the reader
 * accepts (no error, a known variant) is written by the compact writer and
 * read back, and must be the same record, each move as written, and give
 * the same line when written again; or the writer refuses it with a
 * documented limit (a line over 1 MiB, variations nested over 64 deep)
 * or as one the notation cannot carry (a user's variant named 歩).
 * It must never write what its reader rejects or reads differently.
 */
#include <kifu/kifu.h>
#include "fuzz.h"
#include "roundtrip.h"

int fuzz_rt_compact(const uint8_t *data, size_t size)
{
	rt_input((const char *)data, size, "compact", NULL, NULL, 1, 0);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_rt_compact)
#endif
