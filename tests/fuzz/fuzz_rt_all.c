/*
 * fuzz_rt_all.c - writers their readers read back, in every notation: the
 * first byte picks a shipped variant, the rest make a record (gen.h); every
 * record read from its compact text without error is written in each
 * notation that can carry it (KIF, KI2, CSA, JKF, USI, compact), and what
 * was written must read back as one record without error, with the same
 * start, the same main line and, unless the writer said it left tags out,
 * the same tags, and write again as the same text.  A writer
 * may refuse a record it cannot carry, with its documented codes (a
 * variant CSA or JKF has no pieces for, a move with no piece to move, a
 * bad sfen tag, a limit); what it carries it must read back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"
#include "gen.h"
#include "roundtrip.h"

static const char *const notations[] = {"kif", "ki2", "csa", "jkf", "usi", "pgn", "compact"};

static _Noreturn void fail(const char *notation, const char *why, const char *t1, size_t n1,
			   const char *t2, size_t n2)
{
	fprintf(stderr, "round trip through %s: %s\n--- written:\n%.*s\n--- written again:\n%.*s\n--- end\n",
		notation, why, (int)(n1 > 4000 ? 4000 : n1), t1 ? t1 : "", (int)(n2 > 4000 ? 4000 : n2),
		t2 ? t2 : "");
	abort();
}

static void note_dropped(void *ctx, unsigned dropped, const char *what)
{
	(void)what;
	*(unsigned *)ctx |= dropped;
}

/* rec written in notation into *p (*n bytes); *dropped (if not NULL) the
 * kifu_dropped bits of what the writer said it left out. */
static int write_in(const char *notation, const kifu_record *rec, const kifu_variant *v, char **p, size_t *n,
		    unsigned *dropped)
{
	FILE *f = open_memstream(p, n);
	if (!f)
		abort();
	kifu_diag diag;
	kifu_diag_clear(&diag);
	unsigned said = 0;
	kifu_write_options wo = KIFU_WRITE_OPTIONS_INIT;
	wo.dropped = note_dropped;
	wo.ctx = &said;
	int rc = kifu_write(f, rec, v, notation, &wo, &diag);
	if (dropped)
		*dropped = said;
	if (fclose(f))
		abort();
	return rc;
}

/* The start and the main line's moves of a and b agree: NULL, or what differs. */
static const char *differ(const kifu_record *a, const kifu_record *b, const kifu_variant *v, char *buf,
			  size_t size)
{
	char sa[4096], sb[4096];
	int ra = rt_start_sfen(a, v, sa, sizeof sa), rb = rt_start_sfen(b, v, sb, sizeof sb);
	/* the board, the side and the hands: not every notation writes the
	 * move number an SFEN ends with (CSA has none) */
	for (char *s = sa, k = 0; *s; s++)
		if (*s == ' ' && ++k == 3)
			*s = 0;
	for (char *s = sb, k = 0; *s; s++)
		if (*s == ' ' && ++k == 3)
			*s = 0;
	if (ra != rb || strcmp(sa, sb)) {
		snprintf(buf, size, "the start %.500s reads back as %.500s", sa, sb);
		return buf;
	}
	kifu_record_line_info ia, ib;
	kifu_record_get_line(a, 0, &ia);
	kifu_record_get_line(b, 0, &ib);
	if (ia.count != ib.count) {
		snprintf(buf, size, "%ld moves read back as %ld", ia.count, ib.count);
		return buf;
	}
	for (long k = 0; k < ia.count; k++) {
		kifu_record_move ma, mb;
		kifu_record_get_move_at(a, ia.first + k, &ma);
		kifu_record_get_move_at(b, ib.first + k, &mb);
		if (!rt_same_move(&ma.move, &mb.move)) {
			snprintf(buf, size, "ply %ld: %s reads back as %s", k + 1, ma.text, mb.text);
			return buf;
		}
	}
	return NULL;
}

/* Reads text back in notation: one record, read without error, with its
 * variant.  The caller frees it. */
static kifu_record *read_one(const char *notation, const char *text, size_t n, const kifu_variant *v,
			     const kifu_variant **vb)
{
	kifu_reader *reader;
	kifu_stream *stream;
	kifu_record *back, *extra;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = !strcmp(notation, "ki2") ? "kif" : notation;
	opt.fallback = v;
	if (kifu_reader_new_buffer(&reader, text, n, "written") || kifu_stream_new(&stream, reader, &opt) ||
	    kifu_record_new(&back) || kifu_record_new(&extra))
		abort();
	const kifu_variant *ve = NULL;
	kifu_diag diag;
	char why[1200];
	*vb = NULL;
	int rc = kifu_stream_next(stream, back, vb, &diag);
	const char *err = rc == 1 ? kifu_record_error(back, NULL, NULL, NULL, NULL) : NULL;
	if (rc != 1 || err || !*vb) {
		snprintf(why, sizeof why, "not read back (%d): %s", rc, rc == 1 ? (err ? err : "no variant") : diag.message);
		fail(notation, why, text, n, NULL, 0);
	}
	if (kifu_stream_next(stream, extra, &ve, &diag) != 0)
		fail(notation, "more than one record read back", text, n, NULL, 0);
	kifu_record_free(extra);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	return back;
}

/* rec through notation and back. */
static void through(const char *notation, const kifu_record *rec, const kifu_variant *v)
{
	char *t1 = NULL, *t2 = NULL;
	size_t n1 = 0, n2 = 0;
	unsigned dropped;
	int rc = write_in(notation, rec, v, &t1, &n1, &dropped);
	if (rc == KIFU_EUNSUPPORTED || rc == KIFU_ELIMIT || rc == KIFU_EILLEGAL || rc == KIFU_ESYNTAX) {
		free(t1);
		return; /* refused, as documented: nothing written */
	}
	if (rc)
		fail(notation, kifu_error_string(rc), t1, n1, NULL, 0);
	const kifu_variant *vb;
	kifu_record *back = read_one(notation, t1, n1, v, &vb);
	char why[1200];
	const char *d = differ(rec, back, v, why, sizeof why);
	/* tags the writer did not say it left out, it carries (the start,
	 * which the sfen and handicap tags give, is compared above: CSA, USI
	 * and PGN write a handicap as its position) */
	if (!d && !(dropped & KIFU_DROPPED_TAGS))
		d = rt_differ_tags(rec, back, RT_SKIP_SFEN | RT_SKIP_HANDICAP, why, sizeof why);
	if (d)
		fail(notation, d, t1, n1, NULL, 0);
	if (write_in(notation, back, vb, &t2, &n2, NULL) != 0)
		fail(notation, "not written again", t1, n1, NULL, 0);
	if (n1 != n2 || memcmp(t1, t2, n1)) {
		/* JKF's header is a JSON object: its keys come back in the
		 * reader's order, not the record's; the text must be the same
		 * from then on */
		if (strcmp(notation, "jkf"))
			fail(notation, "written again otherwise", t1, n1, t2, n2);
		char *t3 = NULL;
		size_t n3 = 0;
		kifu_record *again = read_one(notation, t2, n2, v, &vb);
		if (write_in(notation, again, vb, &t3, &n3, NULL) != 0 || n2 != n3 || memcmp(t2, t3, n2))
			fail(notation, "written a third time otherwise", t2, n2, t3, n3);
		kifu_record_free(again);
		free(t3);
	}
	kifu_record_free(back);
	free(t1);
	free(t2);
}

static void every_notation(void *ctx, kifu_record *rec, const kifu_variant *v, int n)
{
	(void)ctx;
	(void)n;
	if (!v || kifu_record_error(rec, NULL, NULL, NULL, NULL))
		return;
	/* a start that cannot be set up (an unknown handicap) is the
	 * validation's to report: no writer writes it as it is */
	char sfen[4096];
	if (rt_start_sfen(rec, v, sfen, sizeof sfen))
		return;
	for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++)
		through(notations[i], rec, v);
}

int fuzz_rt_all(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	gen_bytes b = {data + 1, size - 1, 0, 0};
	gen_text compact = {NULL, 0, 0}, kif = {NULL, 0, 0};
	gen_record(&b, gen_builtin(data[0]), &compact, &kif);
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = "compact";
	rt_each_record(compact.p, compact.len, &opt, every_notation, NULL);
	gen_text_free(&compact);
	gen_text_free(&kif);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_rt_all)
#endif
