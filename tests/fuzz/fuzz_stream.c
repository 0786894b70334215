/*
 * fuzz_stream.c - bytes as an input file: read in whatever notation the
 * stream detects (compact, KIF, KI2, wide KIF, CSA; any encoding), every record
 * played through the rules and written back in every notation libkifu
 * writes.  (The stream's loop is roundtrip.c's rt_each_record.)
 */
#include <stdio.h>
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
	kifu_validation val;
	kifu_diag diag;
	kifu_play(rec, c->pos[k], NULL, &val);
	kifu_write_options wo = KIFU_WRITE_OPTIONS_INIT;
	wo.encoding = (n & 1) ? KIFU_ENCODING_SJIS : KIFU_ENCODING_UTF8;
	for (int t = 0; t < kifu_notation_count(); t++) {
		kifu_notation_info info;
		if (kifu_notation_at(t, &info) == 0 && info.can_write)
			kifu_write(c->out, rec, v, info.name, &wo, &diag);
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
