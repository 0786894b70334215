/*
 * fuzz_rt_jkf.c - bytes as JKF: every record the reader accepts (no error)
 * is written as JKF and read back, and must be one record, the same one
 * (moves by their squares, tags, comments, times in whole seconds,
 * endings and every line of play: roundtrip.h's RT_KIF, whose terms are
 * JKF's too), and written again it must give the same text.  What a JKF
 * record holds, JKF carries: the writer may refuse only a move with no
 * piece to move (KIFU_EILLEGAL, as every writer that plays the record).
 * The reader and the writer are the JSON module's (kifu/json.h) at both
 * ends, so this is where they answer for each other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"
#include "roundtrip.h"

static _Noreturn void fail(const char *why, const char *t1, size_t n1, const char *t2, size_t n2)
{
	fprintf(stderr, "fuzz_rt_jkf: %s\n--- written:\n%.*s\n", why, (int)n1, t1 ? t1 : "");
	if (t2)
		fprintf(stderr, "--- written again:\n%.*s\n", (int)n2, t2);
	abort();
}

/* rec as JKF in *text (*len bytes): the writer's code. */
static int write_jkf(const kifu_record *rec, const kifu_variant *v, char **text, size_t *len, kifu_diag *diag)
{
	FILE *f = open_memstream(text, len);
	kifu_write_options wo = KIFU_WRITE_OPTIONS_INIT;
	if (!f)
		abort();
	int rc = kifu_write(f, rec, v, "jkf", &wo, diag);
	if (fclose(f))
		abort();
	return rc;
}

/* The one record text holds, read without error, as JKF. */
static kifu_record *read_back(const char *text, size_t len, const kifu_variant **v)
{
	kifu_reader *reader;
	kifu_stream *stream;
	kifu_record *back, *extra;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = "jkf";
	if (kifu_reader_new_buffer(&reader, text, len, "written") || kifu_stream_new(&stream, reader, &opt) ||
	    kifu_record_new(&back) || kifu_record_new(&extra))
		abort();
	kifu_diag diag;
	char why[1200];
	const kifu_variant *ve;
	long ply, line, col;
	const char *err;
	int rc = kifu_stream_next(stream, back, v, &diag);
	if (rc != 1) {
		snprintf(why, sizeof why, "the JKF written reads as no record (%d: %s)", rc, diag.message);
		fail(why, text, len, NULL, 0);
	}
	if ((err = kifu_record_error(back, &ply, &line, &col, NULL))) {
		snprintf(why, sizeof why, "the JKF written reads back with an error: %ld:%ld: ply %ld: %s", line, col,
			 ply, err);
		fail(why, text, len, NULL, 0);
	}
	if ((rc = kifu_stream_next(stream, extra, &ve, &diag)) != 0)
		fail("the JKF written reads as more than one record", text, len, NULL, 0);
	kifu_record_free(extra);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	return back;
}

static void round_trip(void *ctx, kifu_record *rec, const kifu_variant *v, int n)
{
	(void)ctx;
	(void)n;
	if (!v || kifu_record_error(rec, NULL, NULL, NULL, NULL))
		return;
	char *t1 = NULL, *t2 = NULL, why[1200];
	size_t n1 = 0, n2 = 0;
	kifu_diag diag;
	int rc = write_jkf(rec, v, &t1, &n1, &diag);
	if (rc == KIFU_EILLEGAL) {
		free(t1);
		return;
	}
	if (rc) {
		snprintf(why, sizeof why, "the writer failed: %s: %s", kifu_error_string(rc), diag.message);
		fail(why, t1, n1, NULL, 0);
	}
	const kifu_variant *vb;
	kifu_record *back = read_back(t1, n1, &vb);
	const char *d = rt_differ(rec, back, v, RT_KIF, why, sizeof why);
	if (d)
		fail(d, t1, n1, NULL, 0);
	if ((rc = write_jkf(back, vb, &t2, &n2, &diag))) {
		snprintf(why, sizeof why, "the record read back cannot be written: %s", diag.message);
		fail(why, t1, n1, NULL, 0);
	}
	if (n1 != n2 || memcmp(t1, t2, n1))
		fail("the record read back is written otherwise", t1, n1, t2, n2);
	kifu_record_free(back);
	free(t1);
	free(t2);
}

int fuzz_rt_jkf(const uint8_t *data, size_t size)
{
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = "jkf";
	rt_each_record((const char *)data, size, &opt, round_trip, NULL);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_rt_jkf)
#endif
