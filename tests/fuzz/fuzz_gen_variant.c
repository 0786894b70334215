/*
 * fuzz_gen_variant.c - structure-aware variant files: bytes made into a
 * YAML file (gen.h: a shipped variant inherited with hostile names, titles
 * and named starts, nesting thousands deep, anchors and aliases that grow
 * tenfold a level, truncation).  A file that loads is added to a set of
 * variants, and the rest of the bytes make a record of it that goes through
 * both round trips (roundtrip.h): a user's variant's names and 手合割 title
 * must read back too.
 */
#include <kifu/kifu.h>
#include "fuzz.h"
#include "gen.h"
#include "roundtrip.h"

int fuzz_gen_variant(const uint8_t *data, size_t size)
{
	gen_bytes b = {data, size, 0, 0};
	gen_text yaml = {NULL, 0, 0};
	gen_variant(&b, &yaml);
	kifu_variant *v = NULL;
	kifu_variant_set *set = NULL;
	kifu_diag diag;
	if (kifu_variant_load_buffer(&v, yaml.p, yaml.len, "fuzz.yaml", &diag) == 0 &&
	    kifu_variant_set_new(&set) == 0 && kifu_variant_set_add(set, v) == 0) {
		rt_generated(&b, v, set);
	}
	kifu_variant_set_free(set);
	kifu_variant_free(v);
	gen_text_free(&yaml);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_gen_variant)
#endif
