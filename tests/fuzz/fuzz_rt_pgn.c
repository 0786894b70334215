/*
 * fuzz_rt_pgn.c - bytes as PGN: every record read without error is written
 * as PGN and read back (its variant as -v), and must have the same moves
 * (by their squares), tags, start, comments and endings (roundtrip.h,
 * RT_KIF: PGN keeps no times, so none are compared where none were read),
 * and write the same PGN again; and it goes through the compact round trip
 * too.  A writer may refuse what it cannot carry (a move with no piece to
 * move, a bad start).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"
#include "roundtrip.h"

static _Noreturn void fail(const char *why, const char *t1, size_t n1, const char *t2, size_t n2)
{
	fprintf(stderr, "round trip through PGN: %s\n--- written:\n%.*s\n--- written again:\n%.*s\n--- end\n", why,
		(int)(n1 > 4000 ? 4000 : n1), t1 ? t1 : "", (int)(n2 > 4000 ? 4000 : n2), t2 ? t2 : "");
	abort();
}

/* What the writer said it left out (kifu_write_options.dropped). */
static void on_dropped(void *ctx, unsigned dropped, const char *what)
{
	(void)what;
	*(unsigned *)ctx |= dropped;
}

static int write_pgn(const kifu_record *rec, const kifu_variant *v, char **p, size_t *n, unsigned *dropped)
{
	FILE *f = open_memstream(p, n);
	if (!f)
		abort();
	kifu_diag diag;
	kifu_diag_clear(&diag);
	kifu_write_options wo = KIFU_WRITE_OPTIONS_INIT;
	unsigned ignored = 0;
	wo.dropped = on_dropped;
	wo.ctx = dropped ? dropped : &ignored;
	int rc = kifu_write(f, rec, v, "pgn", &wo, &diag);
	if (fclose(f))
		abort();
	return rc;
}

/* text read as PGN: its one record, without error; the caller frees it. */
static kifu_record *read_pgn(const char *text, size_t n, const kifu_variant *v, const kifu_variant **vb)
{
	kifu_reader *reader;
	kifu_stream *stream;
	kifu_record *back, *extra;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = "pgn";
	opt.fallback = v;
	if (kifu_reader_new_buffer(&reader, text, n, "written") || kifu_stream_new(&stream, reader, &opt) ||
	    kifu_record_new(&back) || kifu_record_new(&extra))
		abort();
	kifu_diag diag;
	const kifu_variant *ve;
	int rc = kifu_stream_next(stream, back, vb, &diag);
	const char *err = rc == 1 ? kifu_record_error(back, NULL, NULL, NULL, NULL) : NULL;
	if (rc != 1 || err || !*vb) {
		char why[1200];
		snprintf(why, sizeof why, "not read back (%d): %s", rc, rc == 1 ? (err ? err : "no variant") : diag.message);
		fail(why, text, n, NULL, 0);
	}
	if (kifu_stream_next(stream, extra, &ve, &diag) != 0)
		fail("more than one record read back", text, n, NULL, 0);
	kifu_record_free(extra);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	return back;
}

static void through_pgn(void *ctx, kifu_record *rec, const kifu_variant *v, int n)
{
	(void)ctx;
	(void)n;
	if (!v || kifu_record_error(rec, NULL, NULL, NULL, NULL))
		return;
	char *t1 = NULL, *t2 = NULL;
	size_t n1 = 0, n2 = 0;
	unsigned dropped = 0;
	int rc = write_pgn(rec, v, &t1, &n1, &dropped);
	/* refused, or tags or comments left out and said (a result PGN has no
	 * word for, a comment with a CR): not the same record by design;
	 * fuzz_rt_all still checks its moves */
	if (rc == KIFU_EILLEGAL || rc == KIFU_ESYNTAX || rc == KIFU_ELIMIT || rc == KIFU_EUNSUPPORTED ||
	    (!rc && (dropped & (KIFU_DROPPED_TAGS | KIFU_DROPPED_COMMENTS)))) {
		free(t1);
		return;
	}
	if (rc)
		fail(kifu_error_string(rc), t1, n1, NULL, 0);
	const kifu_variant *vb;
	kifu_record *back = read_pgn(t1, n1, v, &vb);
	char why[1200];
	const char *d = rt_differ(rec, back, v, RT_KIF, why, sizeof why);
	if (d)
		fail(d, t1, n1, NULL, 0);
	if (write_pgn(back, vb, &t2, &n2, NULL) != 0)
		fail("not written again", t1, n1, NULL, 0);
	if (n1 != n2 || memcmp(t1, t2, n1))
		fail("written again otherwise", t1, n1, t2, n2);
	rt_compact(rec, v, NULL, 0);
	kifu_record_free(back);
	free(t1);
	free(t2);
}

int fuzz_rt_pgn(const uint8_t *data, size_t size)
{
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = "pgn";
	rt_each_record((const char *)data, size, &opt, through_pgn, NULL);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_rt_pgn)
#endif
