/*
 * fuzz_jkf_fast.c - bytes as JKF, read twice: as the reader reads it (the
 * records it can built from their bytes, the fast path of
 * notation/jkf_read.c) and with every record built from its tokens.  Both
 * must give the same records: the same errors at the same places, the same
 * moves with the same lines and columns, the same compact text; and the
 * same stream errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>
#include "../../libkifu/src/notation/jkf/jkf.h"
#include "fuzz.h"

/* What the reader gave, record by record, as text. */
static char *read_all(const uint8_t *data, size_t size, size_t *len)
{
	char *out = NULL;
	FILE *f = open_memstream(&out, len);
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = "jkf";
	if (!f)
		abort();
	if (!kifu_reader_new_buffer(&reader, (const char *)data, size, "fuzz") && !kifu_stream_new(&stream, reader, &opt) &&
	    !kifu_record_new(&rec)) {
		for (int n = 0; n < 200; n++) {
			const kifu_variant *v = NULL;
			kifu_diag diag;
			int rc = kifu_stream_next(stream, rec, &v, &diag);
			fprintf(f, "== %d", rc);
			if (rc < 0)
				fprintf(f, " %s:%ld:%ld %s\n", diag.file, diag.line, diag.col, diag.message);
			if (rc == 0 || (rc < 0 && rc != KIFU_ELIMIT))
				break;
			if (rc < 0)
				continue;
			long ply = 0, line = 0, col = 0;
			const char *err = kifu_record_error(rec, &ply, &line, &col, NULL);
			fprintf(f, " %s line %ld\n", v ? kifu_variant_name(v) : "-", kifu_record_line(rec));
			if (err)
				fprintf(f, "error ply %ld at %ld:%ld: %s\n", ply, line, col, err);
			for (long i = 0; i < kifu_record_total_moves(rec); i++) {
				kifu_record_move m;
				kifu_record_get_move_at(rec, i, &m);
				fprintf(f, "%s@%ld:%ld ", m.text, m.line, m.col);
			}
			for (int l = 0; l < kifu_record_line_count(rec); l++) {
				kifu_record_line_info li;
				kifu_record_get_line(rec, l, &li);
				fprintf(f, "\nline %d: %s at %ld:%ld", l, li.ending, li.ending_line, li.ending_col);
			}
			fputc('\n', f);
			if (v && !err) {
				kifu_diag wd;
				kifu_write_options wo = KIFU_WRITE_OPTIONS_INIT;
				kifu_write(f, rec, v, "compact", &wo, &wd);
			}
		}
	}
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	if (fclose(f))
		abort();
	return out;
}

int fuzz_jkf_fast(const uint8_t *data, size_t size)
{
	size_t la, lb;
	kifu__jkf_fast_path = 1;
	char *a = read_all(data, size, &la);
	kifu__jkf_fast_path = 0;
	char *b = read_all(data, size, &lb);
	kifu__jkf_fast_path = 1;
	if (la != lb || memcmp(a, b, la)) {
		fprintf(stderr, "fuzz_jkf_fast: built from bytes:\n%s\nbuilt from tokens:\n%s\n", a, b);
		abort();
	}
	free(a);
	free(b);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_jkf_fast)
#endif
