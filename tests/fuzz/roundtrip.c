/*
 * roundtrip.c - the round-trip checks of roundtrip.h: write a record, read
 * the text back, compare the two records field by field through the
 * public API, write again and compare the texts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "roundtrip.h"

/* ---- showing what differs ---- */

/* s for a message: quoted, at most 60 bytes, control bytes as \xHH. */
static const char *shown(const char *s, char *out, size_t size)
{
	if (!s) {
		snprintf(out, size, "(none)");
		return out;
	}
	size_t o = 0, i = 0;
	out[o++] = '"';
	for (; s[i] && i < 60 && o + 6 < size; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7F)
			o += (size_t)snprintf(out + o, size - o, "\\x%02X", c);
		else
			out[o++] = (char)c;
	}
	if (s[i] && o + 5 < size)
		o += (size_t)snprintf(out + o, size - o, "...");
	if (o + 1 < size)
		out[o++] = '"';
	out[o] = 0;
	return out;
}

static void show_text(const char *label, const char *p, size_t len)
{
	if (!p)
		return;
	fprintf(stderr, "--- %s (%zu bytes)%s:\n", label, len, len > 4000 ? ", the first 4000" : "");
	fwrite(p, 1, len > 4000 ? 4000 : len, stderr);
	fprintf(stderr, "\n--- end\n");
}

static _Noreturn void fail(const char *notation, const char *why, const char *t1, size_t n1,
			   const char *t2, size_t n2)
{
	fprintf(stderr, "round trip through %s: %s\n", notation, why);
	show_text("written", t1, n1);
	show_text("written again", t2, n2);
	abort();
}

/* ---- comparing two records ---- */

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

typedef struct tagref {
	const char *key, *value;
	int i;
} tagref;

static int by_key(const void *x, const void *y)
{
	const tagref *a = x, *b = y;
	int c = strcmp(a->key, b->key);
	return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* The record's tags sorted by key, each key's values in their order (the
 * writers put the known keys first); without the tags that skip names
 * (RT_SKIP_ bits). */
static tagref *sorted_tags(const kifu_record *r, int skip, int *n)
{
	int count = kifu_record_tag_count(r);
	tagref *t = malloc((size_t)(count ? count : 1) * sizeof *t);
	*n = 0;
	if (!t)
		abort();
	for (int i = 0; i < count; i++) {
		const char *k = kifu_record_tag_key(r, i);
		if (((skip & RT_SKIP_SFEN) && !strcmp(k, "sfen")) || ((skip & RT_SKIP_HANDICAP) && !strcmp(k, "handicap")))
			continue;
		t[(*n)++] = (tagref){k, kifu_record_tag_value(r, i), i};
	}
	qsort(t, (size_t)*n, sizeof *t, by_key);
	return t;
}

/* Times as the mode keeps them: to the bit in compact; in KIF whole
 * seconds (-1: none), a move's total read back as none or as the total
 * the writer added up when it had none. */
static int same_times(double ta, double tota, double tb, double totb, int kif)
{
	if (!kif)
		return (ta == tb || (ta < 0 && tb < 0)) && (tota == totb || (tota < 0 && totb < 0));
	/* the KIF writer writes no time of 100,000,000 minutes or more, nor
	 * totals of as many hours: the casts keep whole seconds */
	if (ta < 0)
		return tb < 0 && totb < 0;
	if (tb != (double)(long)ta)
		return 0;
	/* a total not given: none, or the side's times added up by the
	 * writer, which holds this one's */
	if (tota < 0)
		return totb < 0 || totb >= tb;
	return totb == (double)(long)tota;
}

int rt_same_move(const kifu_move *a, const kifu_move *b)
{
	return a->from == b->from && a->to == b->to && a->mid == b->mid && a->flags == b->flags &&
	       (!(a->flags & KIFU_MOVE_DROP) || a->piece == b->piece);
}

typedef struct child {
	long start;
	int line, order;
} child;

static int by_start(const void *x, const void *y)
{
	const child *a = x, *b = y;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

/* The variations of line, by branch ply, those of one ply in the order
 * begun; returns how many (*out malloc'd). */
static int children_of(const kifu_record *r, int line, child **out)
{
	kifu_record_line_info li;
	kifu_record_get_line(r, line, &li);
	int n = 0;
	for (int c = li.first_child; c >= 0; n++) {
		kifu_record_line_info ci;
		kifu_record_get_line(r, c, &ci);
		c = ci.next_sibling;
	}
	child *ch = malloc((size_t)(n ? n : 1) * sizeof *ch);
	if (!ch)
		abort();
	n = 0;
	for (int c = li.first_child; c >= 0; n++) {
		kifu_record_line_info ci;
		kifu_record_get_line(r, c, &ci);
		ch[n] = (child){ci.start, c, n};
		c = ci.next_sibling;
	}
	qsort(ch, (size_t)n, sizeof *ch, by_start);
	*out = ch;
	return n;
}

#define DIFFER(...) (snprintf(buf, size, __VA_ARGS__), buf)

/* Lines la of a and lb of b: the same moves, annotations and ending; their
 * variations are pushed on stack (pairs) for the caller to compare. */
static const char *differ_line(const kifu_record *a, int la, const kifu_record *b, int lb,
			       int mode, int *stack, int *depth, char *buf, size_t size)
{
	kifu_record_line_info ia, ib;
	char s1[200], s2[200];
	int kif = mode & RT_KIF;
	kifu_record_get_line(a, la, &ia);
	kifu_record_get_line(b, lb, &ib);
	if (ia.start != ib.start || ia.count != ib.count)
		return DIFFER("line %d (ply %ld, %ld moves) reads back as line %d (ply %ld, %ld moves)", la,
			      ia.start, ia.count, lb, ib.start, ib.count);
	for (long k = 0; k < ia.count; k++) {
		kifu_record_move ma, mb;
		kifu_record_get_move_at(a, ia.first + k, &ma);
		kifu_record_get_move_at(b, ib.first + k, &mb);
		long ply = ia.start + k;
		if (!rt_same_move(&ma.move, &mb.move))
			return DIFFER("line %d ply %ld: move %s reads back as %s", la, ply, ma.text, mb.text);
		if ((mode & RT_TEXT) && strcmp(ma.text, mb.text))
			return DIFFER("line %d ply %ld: move written %s reads back as %s", la, ply, ma.text, mb.text);
		if (!same_str(ma.comment, mb.comment))
			return DIFFER("line %d ply %ld: comment %s reads back as %s", la, ply,
				      shown(ma.comment, s1, sizeof s1), shown(mb.comment, s2, sizeof s2));
		if (!same_str(ma.bookmark, mb.bookmark))
			return DIFFER("line %d ply %ld: bookmark %s reads back as %s", la, ply,
				      shown(ma.bookmark, s1, sizeof s1), shown(mb.bookmark, s2, sizeof s2));
		if (!same_times(ma.time, ma.total, mb.time, mb.total, kif))
			return DIFFER("line %d ply %ld: time %.17g/%.17g reads back as %.17g/%.17g", la, ply, ma.time,
				      ma.total, mb.time, mb.total);
	}
	if (strcmp(ia.ending, ib.ending))
		return DIFFER("line %d: ending \"%s\" reads back as \"%s\"", la, ia.ending, ib.ending);
	if (!same_str(ia.ending_comment, ib.ending_comment))
		return DIFFER("line %d: ending comment %s reads back as %s", la,
			      shown(ia.ending_comment, s1, sizeof s1), shown(ib.ending_comment, s2, sizeof s2));
	if (!same_times(ia.ending_time, ia.ending_total, ib.ending_time, ib.ending_total, kif))
		return DIFFER("line %d: ending time %.17g/%.17g reads back as %.17g/%.17g", la, ia.ending_time,
			      ia.ending_total, ib.ending_time, ib.ending_total);
	child *ca, *cb;
	int na = children_of(a, la, &ca), nb = children_of(b, lb, &cb);
	if (na != nb) {
		free(ca);
		free(cb);
		return DIFFER("line %d has %d variations, read back %d", la, na, nb);
	}
	for (int i = 0; i < na; i++) {
		stack[(*depth)++] = ca[i].line;
		stack[(*depth)++] = cb[i].line;
	}
	free(ca);
	free(cb);
	return NULL;
}

int rt_start_sfen(const kifu_record *r, const kifu_variant *v, char *buf, size_t size)
{
	kifu_position *p;
	if (kifu_position_new(&p, v))
		abort();
	buf[0] = 0;
	int rc = kifu_record_start(r, p, NULL);
	if (!rc)
		kifu_position_sfen(p, buf, size);
	kifu_position_free(p);
	return rc;
}

/* The start positions of a and b agree (their SFENs). */
static const char *differ_start(const kifu_record *a, const kifu_record *b, const kifu_variant *v,
				char *buf, size_t size)
{
	char sa[4096], sb[4096];
	int ra = rt_start_sfen(a, v, sa, sizeof sa), rb = rt_start_sfen(b, v, sb, sizeof sb);
	if (ra != rb || strcmp(sa, sb))
		return DIFFER("the start %s reads back as %s", ra ? "(none)" : sa, rb ? "(none)" : sb);
	return NULL;
}

const char *rt_differ_tags(const kifu_record *a, const kifu_record *b, int skip, char *buf, size_t size)
{
	char s1[200], s2[200];
	int na, nb;
	tagref *ta = sorted_tags(a, skip, &na), *tb = sorted_tags(b, skip, &nb);
	const char *d = NULL;
	for (int i = 0; !d && i < (na > nb ? na : nb); i++) {
		if (i >= na || i >= nb)
			d = DIFFER("tag %s=%s reads back as none", i < na ? ta[i].key : "(none)",
				   shown(i < na ? ta[i].value : tb[i].value, s1, sizeof s1));
		else if (strcmp(ta[i].key, tb[i].key) || strcmp(ta[i].value, tb[i].value))
			d = DIFFER("tag %s=%s reads back as %s=%s", ta[i].key, shown(ta[i].value, s1, sizeof s1),
				   tb[i].key, shown(tb[i].value, s2, sizeof s2));
	}
	if (na != nb && !d)
		d = DIFFER("%d tags read back as %d", na, nb);
	free(ta);
	free(tb);
	return d;
}

const char *rt_differ(const kifu_record *a, const kifu_record *b, const kifu_variant *v, int mode,
		      char *buf, size_t size)
{
	char s1[200], s2[200];
	int kif = mode & RT_KIF;
	if (strcmp(kifu_record_variant_name(a), kifu_record_variant_name(b)))
		return DIFFER("variant %s reads back as %s", kifu_record_variant_name(a), kifu_record_variant_name(b));
	const char *d = rt_differ_tags(a, b, kif ? RT_SKIP_SFEN : 0, buf, size);
	if (d)
		return d;
	if (kif && (d = differ_start(a, b, v, buf, size)))
		return d;
	if (!same_str(kifu_record_comment(a, KIFU_COMMENT_BEFORE), kifu_record_comment(b, KIFU_COMMENT_BEFORE)))
		return DIFFER("the comment before the moves %s reads back as %s",
			      shown(kifu_record_comment(a, KIFU_COMMENT_BEFORE), s1, sizeof s1),
			      shown(kifu_record_comment(b, KIFU_COMMENT_BEFORE), s2, sizeof s2));
	if (!same_str(kifu_record_bookmark_before(a), kifu_record_bookmark_before(b)))
		return DIFFER("the bookmark before the moves %s reads back as %s",
			      shown(kifu_record_bookmark_before(a), s1, sizeof s1),
			      shown(kifu_record_bookmark_before(b), s2, sizeof s2));
	if (kifu_record_line_count(a) != kifu_record_line_count(b))
		return DIFFER("%d lines of play read back as %d", kifu_record_line_count(a),
			      kifu_record_line_count(b));
	/* the lines of play as trees, pairs of lines on a stack: no recursion */
	int *stack = malloc((size_t)kifu_record_line_count(a) * 2 * sizeof *stack);
	if (!stack)
		abort();
	int depth = 0;
	stack[depth++] = 0;
	stack[depth++] = 0;
	while (!d && depth > 0) {
		int lb = stack[--depth], la = stack[--depth];
		d = differ_line(a, la, b, lb, mode, stack, &depth, buf, size);
	}
	free(stack);
	return d;
}

/* ---- writing and reading back ---- */

typedef struct wtext {
	char *p;
	size_t len;
} wtext;

static void text_free(wtext *t)
{
	free(t->p);
	t->p = NULL;
	t->len = 0;
}

/* rec in notation (compact, or KIF in UTF-8) into t; the writer's code. */
static int write_text(const kifu_record *rec, const kifu_variant *v, int kif, wtext *t, kifu_diag *diag)
{
	FILE *f = open_memstream(&t->p, &t->len);
	if (!f)
		abort();
	kifu_diag_clear(diag);
	int rc = kif ? kifu_kif_write(f, rec, v, KIFU_ENCODING_UTF8, diag) : kifu_compact_write(f, rec, v, diag);
	if (fclose(f))
		abort();
	return rc;
}

/* Reads t back: it must hold one record, read without error, of a
 * variant called as v.  Returns the record; fails otherwise. */
static kifu_record *read_back(const char *notation, const wtext *t, const kifu_variant *v,
			      const kifu_variant_set *variants, int kif, const kifu_variant **vb)
{
	kifu_reader *reader;
	kifu_stream *stream;
	kifu_record *back, *extra;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.variants = variants;
	opt.fallback = kif ? v : NULL;
	if (kifu_reader_new_buffer(&reader, t->p, t->len, "written") || kifu_stream_new(&stream, reader, &opt) ||
	    kifu_record_new(&back) || kifu_record_new(&extra))
		abort();
	kifu_diag diag;
	char why[1200];
	const kifu_variant *ve;
	int rc = kifu_stream_next(stream, back, vb, &diag);
	if (rc != 1) {
		snprintf(why, sizeof why, "the text written reads as no record (%d: %s)", rc, diag.message);
		fail(notation, why, t->p, t->len, NULL, 0);
	}
	long ply, line, col;
	const char *err = kifu_record_error(back, &ply, &line, &col, NULL);
	if (err) {
		snprintf(why, sizeof why, "the text written reads back with an error: %ld:%ld: ply %ld: %s", line, col,
			 ply, err);
		fail(notation, why, t->p, t->len, NULL, 0);
	}
	if (!*vb || strcmp(kifu_variant_name(*vb), kifu_variant_name(v))) {
		snprintf(why, sizeof why, "a record of %s reads back as one of %s", kifu_variant_name(v),
			 *vb ? kifu_variant_name(*vb) : "no known variant");
		fail(notation, why, t->p, t->len, NULL, 0);
	}
	rc = kifu_stream_next(stream, extra, &ve, &diag);
	if (rc != 0) {
		snprintf(why, sizeof why, "the text written reads as more than one record (%d: %s)", rc,
			 rc < 0 ? diag.message : kifu_record_error(extra, NULL, NULL, NULL, NULL) ?
					       kifu_record_error(extra, NULL, NULL, NULL, NULL) : "no error");
		fail(notation, why, t->p, t->len, NULL, 0);
	}
	kifu_record_free(extra);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	return back;
}

/* Writes, reads back, compares, writes again: rt_compact and rt_kif. */
static int round_trip(const kifu_record *rec, const kifu_variant *v, const kifu_variant_set *variants,
		      int kif, int mode)
{
	const char *notation = kif ? "KIF" : "compact";
	wtext t1 = {NULL, 0}, t2 = {NULL, 0};
	kifu_diag diag;
	char why[1200];
	int rc = write_text(rec, v, kif, &t1, &diag);
	if (rc) {
		text_free(&t1);
		int refused = rc == KIFU_EUNSUPPORTED ||
			      (kif ? rc == KIFU_EILLEGAL || rc == KIFU_ESYNTAX : rc == KIFU_ELIMIT);
		if (refused)
			return 0;
		snprintf(why, sizeof why, "the writer failed: %s: %s", kifu_error_string(rc), diag.message);
		fail(notation, why, NULL, 0, NULL, 0);
	}
	const kifu_variant *vb;
	kifu_record *back = read_back(notation, &t1, v, variants, kif, &vb);
	const char *d = rt_differ(rec, back, v, mode, why, sizeof why);
	if (d)
		fail(notation, d, t1.p, t1.len, NULL, 0);
	rc = write_text(back, vb, kif, &t2, &diag);
	if (rc) {
		snprintf(why, sizeof why, "the record read back cannot be written: %s: %s", kifu_error_string(rc),
			 diag.message);
		fail(notation, why, t1.p, t1.len, NULL, 0);
	}
	if (t1.len != t2.len || memcmp(t1.p, t2.p, t1.len))
		fail(notation, "the record read back is written otherwise", t1.p, t1.len, t2.p, t2.len);
	kifu_record_free(back);
	text_free(&t1);
	text_free(&t2);
	return 1;
}

int rt_compact(const kifu_record *rec, const kifu_variant *v, const kifu_variant_set *variants, int text)
{
	return round_trip(rec, v, variants, 0, RT_COMPACT | (text ? RT_TEXT : 0));
}

int rt_kif(const kifu_record *rec, const kifu_variant *v, const kifu_variant_set *variants)
{
	return round_trip(rec, v, variants, 1, RT_KIF);
}

void rt_each_record(const char *data, size_t size, const kifu_stream_options *opt, rt_record_fn fn,
		    void *ctx)
{
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	if (size && !kifu_reader_new_buffer(&reader, data, size, "fuzz") &&
	    !kifu_stream_new(&stream, reader, opt) && !kifu_record_new(&rec)) {
		for (int n = 0; n < 1000; n++) {
			const kifu_variant *v = NULL;
			kifu_diag diag;
			int rc = kifu_stream_next(stream, rec, &v, &diag);
			if (rc == 0 || (rc < 0 && rc != KIFU_ELIMIT))
				break;
			if (rc > 0)
				fn(ctx, rec, v, n);
		}
	}
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
}

typedef struct rt_ctx {
	const kifu_variant_set *variants;
	int compact, kif, checked;
} rt_ctx;

static void round_trips(void *ctx, kifu_record *rec, const kifu_variant *v, int n)
{
	rt_ctx *c = ctx;
	(void)n;
	if (!v || kifu_record_error(rec, NULL, NULL, NULL, NULL))
		return;
	/* a record read from compact text keeps each move as written */
	int from_compact = !strcmp(kifu_record_notation(rec), "compact");
	if (c->compact)
		c->checked += rt_compact(rec, v, c->variants, from_compact);
	if (c->kif)
		c->checked += rt_kif(rec, v, c->variants);
}

int rt_input(const char *data, size_t size, const char *notation, const kifu_variant_set *variants,
	     const kifu_variant *fallback, int compact, int kif)
{
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.variants = variants;
	opt.notation = notation;
	opt.fallback = fallback;
	rt_ctx c = {variants, compact, kif, 0};
	rt_each_record(data, size, &opt, round_trips, &c);
	return c.checked;
}

int rt_generated(gen_bytes *b, const kifu_variant *v, const kifu_variant_set *variants)
{
	gen_text compact = {NULL, 0, 0}, kif = {NULL, 0, 0};
	gen_record(b, v, &compact, &kif);
	int n = rt_input(compact.p, compact.len, "compact", variants, NULL, 1, 1);
	/* a KIF record of a 9×9 variant other than shogi may lack its 手合割: -v */
	n += rt_input(kif.p, kif.len, NULL, variants, v, 1, 1);
	gen_text_free(&compact);
	gen_text_free(&kif);
	return n;
}
