/*
 * fuzz_stream.c - bytes as an input file: read in whatever notation the
 * stream detects (compact, KIF, KI2, wide KIF, CSA; any encoding), every record
 * validated and written back in every notation libkifu writes, with the
 * writer's validation (kifu_write_options.validation), which must be
 * kifu_validate's.  (The stream's loop is roundtrip.c's rt_each_record.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"
#include "roundtrip.h"

typedef struct stream_ctx {
	FILE *out;
	kifu_position *pos[8];
	const kifu_variant *seen[8];
} stream_ctx;

static void play_and_write(void *ctx, kifu_record *rec, const kifu_variant *v, int n)
{
	stream_ctx *c = ctx;
	if (!v)
		return;
	int k = 0;
	while (k < 8 && c->seen[k] && c->seen[k] != v)
		k++;
	if (k == 8 || (!c->seen[k] && kifu_position_new(&c->pos[k], v)))
		return;
	c->seen[k] = v;
	kifu_validation val, written;
	kifu_diag diag;
	kifu_validate_options vo = KIFU_VALIDATE_OPTIONS_INIT;
	vo.namer = kifu_notation_square_namer(kifu_record_notation(rec));
	if (kifu_validate(rec, c->pos[k], &vo, &val))
		return;
	kifu_write_options wo = KIFU_WRITE_OPTIONS_INIT;
	wo.encoding = (n & 1) ? KIFU_ENCODING_SJIS : KIFU_ENCODING_UTF8;
	wo.validation = &written;
	for (int t = 0; t < kifu_notation_count(); t++) {
		kifu_notation_info info;
		if (kifu_notation_at(t, &info) != 0 || !info.can_write || kifu_write(c->out, rec, v, info.name, &wo, &diag))
			continue;
		if (written.valid != val.valid || written.fault.ply != val.fault.ply ||
		    written.fault.variation != val.fault.variation || strcmp(written.fault.reason, val.fault.reason)) {
			fprintf(stderr, "%s's validation: valid %d, ply %ld, variation %d, \"%s\"; kifu_validate's: "
				"valid %d, ply %ld, variation %d, \"%s\"\n", info.name, written.valid, written.fault.ply,
				written.fault.variation, written.fault.reason, val.valid, val.fault.ply,
				val.fault.variation, val.fault.reason);
			abort();
		}
	}
}

int fuzz_stream(const uint8_t *data, size_t size)
{
	stream_ctx c = {fopen("/dev/null", "w"), {NULL}, {NULL}};
	/* the shipped variants: no options */
	if (c.out)
		rt_each_record((const char *)data, size, NULL, play_and_write, &c);
	for (int k = 0; k < 8; k++)
		kifu_position_free(c.pos[k]);
	if (c.out)
		fclose(c.out);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_stream)
#endif
