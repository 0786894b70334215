/*
 * fuzz_gen_record.c - structure-aware records: the first byte picks a
 * shipped variant, the rest make a record (gen.h: deep and wide
 * variations, long comments, hostile tag values, times, bookmarks,
 * endings), written as compact text and as KIF text by the generator;
 * each text is read, and every record read without error goes through
 * both round trips (roundtrip.h).
 */
#include <kifu/kifu.h>
#include "fuzz.h"
#include "gen.h"
#include "roundtrip.h"

int fuzz_gen_record(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	gen_bytes b = {data + 1, size - 1, 0, 0};
	rt_generated(&b, gen_builtin(data[0]), NULL);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_gen_record)
#endif
