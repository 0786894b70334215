/*
 * fuzz_variant.c - bytes as a variant YAML file: loaded, and if it loads,
 * its start position's moves generated two plies deep.
 */
#include <kifu/kifu.h>
#include "fuzz.h"

int fuzz_variant(const uint8_t *data, size_t size)
{
	kifu_variant *v = NULL;
	kifu_diag diag;
	if (kifu_variant_load_buffer(&v, (const char *)data, size, "fuzz.yaml", &diag) == 0) {
		kifu_position *pos;
		if (kifu_position_new(&pos, v) == 0) {
			uint64_t n;
			kifu_perft(pos, 2, &n);
			kifu_position_free(pos);
		}
		kifu_variant_free(v);
	}
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_variant)
#endif
