/*
 * diff_records.c - comparing two records for kifu-diff (see diff_records.h).
 */
#include "cli.h"
#include "diff_records.h"
#include "inputs.h"

#include <stdlib.h>
#include <string.h>


/* A growing string, for values as printed. */
struct buf {
	char *s;
	size_t len, cap;
	int failed;
};

static void buf_put(struct buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (b->len + n + 1 > cap)
			cap *= 2;
		char *p = realloc(b->s, cap);
		if (!p) {
			b->failed = 1;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void buf_puts(struct buf *b, const char *s) { buf_put(b, s, strlen(s)); }

/* "text" with ", \ and control characters escaped as in C, so that a value
 * stays on its line. */
static void buf_quoted(struct buf *b, const char *s)
{
	buf_put(b, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		char esc[8];
		if (*p == '"' || *p == '\\') {
			esc[0] = '\\';
			esc[1] = (char)*p;
			buf_put(b, esc, 2);
		} else if (*p == '\n') {
			buf_puts(b, "\\n");
		} else if (*p == '\t') {
			buf_puts(b, "\\t");
		} else if (*p < 0x20 || *p == 0x7F) {
			snprintf(esc, sizeof esc, "\\x%02x", *p);
			buf_puts(b, esc);
		} else {
			buf_put(b, (const char *)p, 1);
		}
	}
	buf_put(b, "\"", 1);
}

/* Every value of tag `key`, quoted and joined by ", "; "(none)" if none. */
static char *tag_values(const kifu_record *rec, const char *key)
{
	struct buf b = {NULL, 0, 0, 0};
	int n = kifu_record_tag_count(rec), found = 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(kifu_record_tag_key(rec, i), key) != 0)
			continue;
		if (found++)
			buf_puts(&b, ", ");
		buf_quoted(&b, kifu_record_tag_value(rec, i));
	}
	if (!found)
		buf_puts(&b, "(none)");
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

static char *quoted_or_none(const char *s)
{
	struct buf b = {NULL, 0, 0, 0};
	if (s)
		buf_quoted(&b, s);
	else
		buf_puts(&b, "(none)");
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* Adds a differing header; takes va and vb. */
static int add_header(struct diff_result *r, const char *key, char *va, char *vb, int is_tag)
{
	struct diff_header *h = realloc(r->headers, (size_t)(r->nheaders + 1) * sizeof *h);
	char *k = strdup(key);
	if (!h || !k || !va || !vb) {
		if (h)
			r->headers = h;
		free(k);
		free(va);
		free(vb);
		return KIFU_ENOMEM;
	}
	r->headers = h;
	h[r->nheaders].key = k;
	h[r->nheaders].a = va;
	h[r->nheaders].b = vb;
	h[r->nheaders].is_tag = is_tag;
	r->nheaders++;
	return 0;
}

/* Was key already seen among a's tags before index i (or among a's tags
 * at all, when in_b)? */
static int key_seen(const kifu_record *a, const kifu_record *b, int i, int in_b, const char *key)
{
	int na = in_b ? kifu_record_tag_count(a) : i;
	for (int k = 0; k < na; k++)
		if (!strcmp(kifu_record_tag_key(a, k), key))
			return 1;
	if (in_b)
		for (int k = 0; k < i; k++)
			if (!strcmp(kifu_record_tag_key(b, k), key))
				return 1;
	return 0;
}

/* Tags are compared key by key, whatever their order (the compact writer
 * reorders them); a key given twice is compared as its list of values. */
static int diff_tags(struct diff_result *r, const kifu_record *a, const kifu_record *b)
{
	for (int side = 0; side < 2; side++) {
		const kifu_record *rec = side ? b : a;
		int n = kifu_record_tag_count(rec);
		for (int i = 0; i < n; i++) {
			const char *key = kifu_record_tag_key(rec, i);
			if (key_seen(a, b, i, side, key))
				continue;
			char *va = tag_values(a, key), *vb = tag_values(b, key);
			if (va && vb && !strcmp(va, vb)) {
				free(va);
				free(vb);
				continue;
			}
			if (add_header(r, key, va, vb, 1))
				return KIFU_ENOMEM;
		}
	}
	return 0;
}

static int str_differ(const char *x, const char *y)
{
	if (!x || !y)
		return x != y;
	return strcmp(x, y) != 0;
}

static int diff_headers(struct diff_result *r, const struct diff_side *a,
			const struct diff_side *b)
{
	const char *na = kifu_record_variant_name(a->rec), *nb = kifu_record_variant_name(b->rec);
	if (a->v && !na[0])
		na = kifu_variant_name(a->v); /* named by -v, not by the record */
	if (b->v && !nb[0])
		nb = kifu_variant_name(b->v);
	if (strcmp(na, nb) != 0 &&
	    add_header(r, "variant", strdup(na[0] ? na : "(none)"), strdup(nb[0] ? nb : "(none)"), 0))
		return KIFU_ENOMEM;
	if (diff_tags(r, a->rec, b->rec))
		return KIFU_ENOMEM;
	const char *ca = kifu_record_comment(a->rec, KIFU_COMMENT_BEFORE);
	const char *cb = kifu_record_comment(b->rec, KIFU_COMMENT_BEFORE);
	if (str_differ(ca, cb) &&
	    add_header(r, "comment", quoted_or_none(ca), quoted_or_none(cb), 0))
		return KIFU_ENOMEM;
	ca = kifu_record_bookmark_before(a->rec);
	cb = kifu_record_bookmark_before(b->rec);
	if (str_differ(ca, cb) &&
	    add_header(r, "bookmark", quoted_or_none(ca), quoted_or_none(cb), 0))
		return KIFU_ENOMEM;
	return 0;
}

/* Moves are the same when they do the same thing as parsed: a drop of one
 * piece on one square, or from, mid, to and promotion. */
static int same_move(const kifu_move *x, const kifu_move *y)
{
	if ((x->flags & KIFU_MOVE_DROP) != (y->flags & KIFU_MOVE_DROP))
		return 0;
	if (x->flags & KIFU_MOVE_DROP)
		return x->piece == y->piece && x->to == y->to;
	return x->from == y->from && x->mid == y->mid && x->to == y->to &&
	       (x->flags & KIFU_MOVE_PROMOTE) == (y->flags & KIFU_MOVE_PROMOTE);
}

/* Plays the side's moves 1..plies.  Returns 0, or -1 if the start or one
 * of the moves cannot be played. */
static int replay(const struct diff_side *s, long plies)
{
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.max_plies = plies;
	kifu_validation val;
	return kifu_play(s->rec, s->pos, &opt, &val) == 0 && val.valid && val.plies == plies ? 0 : -1;
}

/* The SFEN without its move number: the position itself. */
static int position_text(const kifu_position *pos, char *buf, size_t size)
{
	if (kifu_position_sfen(pos, buf, size) < 0)
		return -1;
	char *sp = strrchr(buf, ' ');
	if (sp)
		*sp = '\0';
	return 0;
}

/* After ply r->ply (both records having that move): the same position?
 * Both records are replayed from their own start (which may differ). */
static int positions_after(const struct diff_side *a, const struct diff_side *b, long ply)
{
	if (!a->v || a->v != b->v || !a->pos || !b->pos)
		return -1;
	if (replay(a, ply) || replay(b, ply))
		return -1;
	static char sa[8192], sb[8192];
	if (position_text(a->pos, sa, sizeof sa) || position_text(b->pos, sb, sizeof sb))
		return -1;
	return strcmp(sa, sb) == 0;
}

static int diff_moves(struct diff_result *r, const struct diff_side *a, const struct diff_side *b)
{
	long na = kifu_record_move_count(a->rec), nb = kifu_record_move_count(b->rec);
	long n = na < nb ? na : nb, i;
	kifu_record_move ma, mb;
	for (i = 0; i < n; i++) {
		kifu_record_get_move(a->rec, i, &ma);
		kifu_record_get_move(b->rec, i, &mb);
		if (!same_move(&ma.move, &mb.move))
			break;
	}
	if (i == n && na == nb)
		return 0;
	r->ply = i + 1;
	if (i < na) {
		kifu_record_get_move(a->rec, i, &ma);
		if (!(r->a_move = strdup(ma.text)))
			return KIFU_ENOMEM;
		r->a_mline = ma.line;
		r->a_mcol = ma.col;
	}
	if (i < nb) {
		kifu_record_get_move(b->rec, i, &mb);
		if (!(r->b_move = strdup(mb.text)))
			return KIFU_ENOMEM;
		r->b_mline = mb.line;
		r->b_mcol = mb.col;
	}
	r->position_same = i < na && i < nb ? positions_after(a, b, i + 1) : -1;
	return 0;
}

int diff_records(struct diff_result *r, const struct diff_side *a, const struct diff_side *b,
		 int a_missing, int b_missing)
{
	memset(r, 0, sizeof *r);
	r->position_same = -1;
	r->a_path = a->path;
	r->b_path = b->path;
	r->a_line = a->rec ? kifu_record_line(a->rec) : 0;
	r->b_line = b->rec ? kifu_record_line(b->rec) : 0;
	if (a_missing || b_missing) {
		r->only_in = a_missing ? 'b' : 'a';
		return 0;
	}
	if (!a->rec || !b->rec)
		return 0; /* a record lost to an over-long line: already reported */
	if (diff_headers(r, a, b))
		return KIFU_ENOMEM;
	/* a record with a reading error (reported by the caller) has lost the
	 * moves from there on: comparing them would report a difference that
	 * is not in the file */
	if (a->broken || b->broken)
		return 0;
	r->comparable = 1;
	if (diff_moves(r, a, b))
		return KIFU_ENOMEM;
	const char *ea = kifu_record_ending(a->rec), *eb = kifu_record_ending(b->rec);
	if (strcmp(ea, eb) != 0 && (!(r->a_ending = strdup(ea)) || !(r->b_ending = strdup(eb))))
		return KIFU_ENOMEM;
	r->same = !r->nheaders && !r->ply && !r->a_ending;
	return 0;
}

void diff_result_free(struct diff_result *r)
{
	for (int i = 0; i < r->nheaders; i++) {
		free(r->headers[i].key);
		free(r->headers[i].a);
		free(r->headers[i].b);
	}
	free(r->headers);
	free(r->a_move);
	free(r->b_move);
	free(r->a_ending);
	free(r->b_ending);
	r->headers = NULL;
	r->nheaders = 0;
	r->a_move = r->b_move = r->a_ending = r->b_ending = NULL;
}

/* "PROG: A:LINE[:COL] B:LINE[:COL]: record N: " */
static void prefix(FILE *out, const struct diff_result *r, long la, long ca, long lb, long cb,
		   long index)
{
	fprintf(out, "%s: %s", cli_program(), r->a_path);
	if (la > 0)
		fprintf(out, ca > 0 ? ":%ld:%ld" : ":%ld", la, ca);
	fprintf(out, " %s", r->b_path);
	if (lb > 0)
		fprintf(out, cb > 0 ? ":%ld:%ld" : ":%ld", lb, cb);
	fprintf(out, ": record %ld: ", index);
}

void diff_print_text(FILE *out, const struct diff_result *r, long index)
{
	if (r->only_in) {
		prefix(out, r, r->a_line, 0, r->b_line, 0, index);
		fprintf(out, "only in %s\n", r->only_in == 'a' ? r->a_path : r->b_path);
		return;
	}
	for (int i = 0; i < r->nheaders; i++) {
		const struct diff_header *h = &r->headers[i];
		prefix(out, r, r->a_line, 0, r->b_line, 0, index);
		fprintf(out, "%s%s: %s vs %s\n", h->is_tag ? "tag " : "", h->key, h->a, h->b);
	}
	if (r->ply) {
		prefix(out, r, r->a_move ? r->a_mline : r->a_line, r->a_move ? r->a_mcol : 0,
		       r->b_move ? r->b_mline : r->b_line, r->b_move ? r->b_mcol : 0, index);
		fprintf(out, "ply %ld differs: %s vs %s", r->ply, r->a_move ? r->a_move : "(no move)",
			r->b_move ? r->b_move : "(no move)");
		if (r->position_same == 1)
			fputs("; the positions after it are the same", out);
		else if (r->position_same == 0)
			fputs("; the positions after it differ", out);
		else if (r->a_move && r->b_move)
			fputs("; the positions after it cannot be compared", out);
		fputc('\n', out);
	}
	if (r->a_ending) {
		prefix(out, r, r->a_line, 0, r->b_line, 0, index);
		fprintf(out, "ending: %s vs %s\n", r->a_ending[0] ? r->a_ending : "(none)",
			r->b_ending[0] ? r->b_ending : "(none)");
	}
	if (!r->comparable) {
		/* a record has a reading error (reported on stderr) */
		prefix(out, r, r->a_line, 0, r->b_line, 0, index);
		fputs("moves cannot be compared: a record could not be read\n", out);
	}
}

static void json_string_or_null(FILE *out, const char *s)
{
	if (s)
		inputs_json_string(out, s);
	else
		fputs("null", out);
}

void diff_print_json(FILE *out, const struct diff_result *r, long index)
{
	fprintf(out, "{\"record\":%ld,\"same\":%s,\"a_line\":", index, r->same ? "true" : "false");
	if (r->a_line > 0)
		fprintf(out, "%ld", r->a_line);
	else
		fputs("null", out);
	fputs(",\"b_line\":", out);
	if (r->b_line > 0)
		fprintf(out, "%ld", r->b_line);
	else
		fputs("null", out);
	fputs(",\"only_in\":", out);
	fputs(r->only_in == 'a' ? "\"a\"" : r->only_in == 'b' ? "\"b\"" : "null", out);
	fputs(",\"headers\":[", out);
	for (int i = 0; i < r->nheaders; i++) {
		if (i)
			putc(',', out);
		inputs_json_string(out, r->headers[i].key);
	}
	fputs("],\"ply\":", out);
	if (r->ply)
		fprintf(out, "%ld", r->ply);
	else
		fputs("null", out);
	fputs(",\"a_move\":", out);
	json_string_or_null(out, r->a_move);
	fputs(",\"b_move\":", out);
	json_string_or_null(out, r->b_move);
	fprintf(out, ",\"position_same\":%s,\"ending_same\":%s}\n",
		r->position_same == 1 ? "true" : r->position_same == 0 ? "false" : "null",
		!r->comparable ? "null" : r->a_ending ? "false" : "true");
}
