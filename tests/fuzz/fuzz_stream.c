/*
 * fuzz_stream.c - bytes as an input file: read in whatever notation the
 * stream detects (compact, KIF, KI2, wide KIF, CSA; any encoding), every record
 * played through the rules and written back in every notation libkifu
 * writes.
 */
#include <stdio.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"

int fuzz_stream(const uint8_t *data, size_t size)
{
	FILE *out = fopen("/dev/null", "w");
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	kifu_position *pos[8] = {NULL};
	const kifu_variant *seen[8] = {NULL};
	if (!out || !size)
		goto done;
	/* the shipped variants: no options */
	if (kifu_reader_new_buffer(&reader, (const char *)data, size, "fuzz") ||
	    kifu_stream_new(&stream, reader, NULL) || kifu_record_new(&rec))
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
		kifu_play(rec, pos[k], NULL, &val);
		kifu_write_options wo = KIFU_WRITE_OPTIONS_INIT;
		wo.encoding = (n & 1) ? KIFU_ENCODING_SJIS : KIFU_ENCODING_UTF8;
		for (int t = 0; t < kifu_notation_count(); t++) {
			kifu_notation_info info;
			if (kifu_notation_at(t, &info) == 0 && info.can_write)
				kifu_write(out, rec, v, info.name, &wo, &diag);
		}
	}
done:
	for (int k = 0; k < 8; k++)
		kifu_position_free(pos[k]);
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	if (out)
		fclose(out);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_stream)
#endif
