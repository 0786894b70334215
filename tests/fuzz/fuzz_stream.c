/*
 * fuzz_stream.c - bytes as an input file: read in whatever notation the
 * stream detects (compact, KIF, KI2, wide KIF; any encoding), every record
 * validated and written back as compact and as KIF.
 */
#include <stdio.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"

static const kifu_variant *resolve(const char *name, void *ctx)
{
	const kifu_variant *v = NULL;
	(void)ctx;
	return kifu_variant_builtin(&v, name, NULL) == 0 ? v : NULL;
}

int fuzz_stream(const uint8_t *data, size_t size)
{
	FILE *in = fmemopen((void *)data, size ? size : 1, "rb");
	FILE *out = fopen("/dev/null", "w");
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	kifu_position *pos[8] = {NULL};
	const kifu_variant *seen[8] = {NULL};
	if (!in || !out || !size)
		goto done;
	if (kifu_reader_new(&reader, in, "fuzz") || kifu_stream_new(&stream, reader, resolve, NULL, NULL) ||
	    kifu_record_new(&rec))
		goto done;
	for (int n = 0; n < 1000; n++) {
		const kifu_variant *v = NULL;
		kifu_diag diag;
		int rc = kifu_stream_next(stream, rec, &v, &diag);
		if (rc == 0 || (rc < 0 && rc != KIFU_ELIMIT))
			break;
		if (rc < 0 || !v)
			continue;
		int k = 0;
		while (k < 8 && seen[k] && seen[k] != v)
			k++;
		if (k == 8)
			continue;
		if (!seen[k]) {
			seen[k] = v;
			if (kifu_position_new(&pos[k], v))
				break;
		}
		kifu_validation val;
		kifu_record_validate(rec, pos[k], &val);
		kifu_compact_write(out, rec, v);
		kifu_kif_write(out, rec, v, (n & 1) ? KIFU_KIF_SJIS : KIFU_KIF_UTF8, &diag);
	}
done:
	for (int k = 0; k < 8; k++)
		kifu_position_free(pos[k]);
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_stream)
#endif
