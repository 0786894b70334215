/*
 * diff_records.c - comparing two records for kifu-diff (see diff_records.h).
 */
#include "lib/cli.h"
#include "diff/diff_records.h"
#include "lib/escape.h"
#include "lib/inputs.h"

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

/* "text" quoted, with ", \ and control characters escaped (escape.h), so
 * that a value stays on its line and says where it ends. */
static void buf_quoted(struct buf *b, const char *s)
{
	char *q = escape_text_dup(s, ESCAPE_QUOTED);
	if (!q) {
		b->failed = 1;
		return;
	}
	buf_puts(b, q);
	free(q);
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

/* Plays the side's moves 1..plies (-1: all of them).  Returns 0, or -1 if
 * the start or one of the moves cannot be played. */
static int replay(const struct diff_side *s, long plies)
{
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.max_plies = plies;
	opt.judge = 0;
	kifu_validation val;
	if (plies < 0)
		plies = kifu_record_move_count(s->rec);
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

/* After ply `ply` of both records (-1: after their last moves): the same
 * position?  Both records are replayed from their own start (which may
 * differ).  1, 0, or -1 when it cannot be told. */
static int positions_after(const struct diff_side *a, const struct diff_side *b, long ply)
{
	if (!a->v || a->v != b->v || !a->pos || !b->pos)
		return -1;
	if (replay(a, ply) || replay(b, ply))
		return -1;
	static char sa[KIFU_SFEN_MAX], sb[KIFU_SFEN_MAX];
	if (position_text(a->pos, sa, sizeof sa) || position_text(b->pos, sb, sizeof sb))
		return -1;
	return strcmp(sa, sb) == 0;
}

/* The position key after each legal move of a side (keys[0]: the start),
 * for --all: a ply whose keys differ has different positions after it, one
 * whose keys agree is compared exactly (positions_after). */
struct keys {
	uint64_t *k;
	long n;       /* keys known: the start and the legal plies */
};

static int note_key(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct keys *ks = ctx;
	ks->k[step->ply] = kifu_position_key(pos);
	ks->n = step->ply + 1;
	return 0;
}

static int keys_of(const struct diff_side *s, struct keys *ks)
{
	long n = kifu_record_move_count(s->rec);
	ks->n = 0;
	if (!(ks->k = malloc((size_t)(n + 1) * sizeof *ks->k)))
		return KIFU_ENOMEM;
	if (!s->v || !s->pos)
		return 0;
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.judge = 0;
	opt.after = note_key;
	opt.ctx = ks;
	kifu_validation val;
	return kifu_play(s->rec, s->pos, &opt, &val) < 0 ? KIFU_ENOMEM : 0;
}

/* Appends a difference; takes va and vb (either may be NULL: none). */
static int add_ply(struct diff_result *r, long ply, enum diff_what what, char *va, char *vb)
{
	struct diff_ply *ps = realloc(r->plies, (size_t)(r->nplies + 1) * sizeof *ps);
	if (!ps) {
		free(va);
		free(vb);
		return KIFU_ENOMEM;
	}
	r->plies = ps;
	ps[r->nplies] = (struct diff_ply){ply, what, va, vb, 0, 0, 0, 0, -1};
	r->nplies++;
	return 0;
}

/* A copy of s, or of "" for NULL; *failed when out of memory. */
static char *copy(const char *s, int *failed)
{
	char *c = strdup(s ? s : "");
	*failed |= !c;
	return c;
}

/* Ply i + 1, where the moves differ (m NULL: that record has none). */
static int add_move(struct diff_result *r, long i, const kifu_record_move *ma,
		    const kifu_record_move *mb)
{
	int failed = 0;
	char *a = ma ? copy(ma->text, &failed) : NULL, *b = mb ? copy(mb->text, &failed) : NULL;
	if (failed || add_ply(r, i + 1, DIFF_MOVE, a, b)) {
		if (failed) {
			free(a);
			free(b);
		}
		return KIFU_ENOMEM;
	}
	struct diff_ply *d = &r->plies[r->nplies - 1];
	d->a_line = ma ? ma->line : 0;
	d->a_col = ma ? ma->col : 0;
	d->b_line = mb ? mb->line : 0;
	d->b_col = mb ? mb->col : 0;
	if (!r->ply)
		r->ply = i + 1;
	return 0;
}

/* A time in seconds ("12.5", exactly: the shortest that reads back, as
 * JSON writes it), or NULL when not known. */
static char *time_text(double t, int *failed)
{
	char buf[48];
	if (t < 0)
		return NULL;
	kifu_json_double_text(buf, sizeof buf, t);
	return copy(buf, failed);
}

static int same_text(const char *x, const char *y)
{
	return (!x && !y) || (x && y && !strcmp(x, y));
}

/* What goes with a move on both sides (ply 0: the ending's): its comment,
 * its times, its bookmark, each that differs. */
static int diff_annotations(struct diff_result *r, long ply, const char *ca, const char *cb,
			    const double *ta, const double *tb, const char *ba, const char *bb,
			    long la, long ca_col, long lb, long cb_col)
{
	int failed = 0, n0 = r->nplies;
	if (!same_text(ca, cb) && add_ply(r, ply, DIFF_COMMENT, ca ? copy(ca, &failed) : NULL,
					  cb ? copy(cb, &failed) : NULL))
		return KIFU_ENOMEM;
	for (int k = 0; k < 2; k++)
		if (ta[k] != tb[k] && add_ply(r, ply, k ? DIFF_TOTAL : DIFF_TIME, time_text(ta[k], &failed),
					      time_text(tb[k], &failed)))
			return KIFU_ENOMEM;
	if (!same_text(ba, bb) && add_ply(r, ply, DIFF_BOOKMARK, ba ? copy(ba, &failed) : NULL,
					  bb ? copy(bb, &failed) : NULL))
		return KIFU_ENOMEM;
	for (int i = n0; i < r->nplies; i++) {
		struct diff_ply *d = &r->plies[i];
		d->a_line = la;
		d->a_col = ca_col;
		d->b_line = lb;
		d->b_col = cb_col;
	}
	return failed ? KIFU_ENOMEM : 0;
}

static int diff_move_annotations(struct diff_result *r, long i, const kifu_record_move *ma,
				 const kifu_record_move *mb)
{
	const double ta[2] = {ma->time, ma->total}, tb[2] = {mb->time, mb->total};
	return diff_annotations(r, i + 1, ma->comment, mb->comment, ta, tb, ma->bookmark, mb->bookmark,
				ma->line, ma->col, mb->line, mb->col);
}

/* The ending's comment and times (the main line's). */
static int diff_ending_annotations(struct diff_result *r, const kifu_record *a, const kifu_record *b)
{
	kifu_record_line_info la, lb;
	kifu_record_get_line(a, 0, &la);
	kifu_record_get_line(b, 0, &lb);
	const double ta[2] = {la.ending_time, la.ending_total}, tb[2] = {lb.ending_time, lb.ending_total};
	return diff_annotations(r, 0, la.ending_comment, lb.ending_comment, ta, tb, NULL, NULL,
				la.ending_line, la.ending_col, lb.ending_line, lb.ending_col);
}

/* The position note of a differing move at ply i + 1: exact for the first
 * one; with --all, each ply's keys first, then exact where they agree. */
static int move_position(const struct diff_side *a, const struct diff_side *b, long i,
			 const struct keys *ka, const struct keys *kb)
{
	if (!ka)
		return positions_after(a, b, i + 1);
	if (i + 1 >= ka->n || i + 1 >= kb->n || a->v != b->v)
		return -1;
	return ka->k[i + 1] != kb->k[i + 1] ? 0 : positions_after(a, b, i + 1);
}

static int diff_moves(struct diff_result *r, const struct diff_side *a, const struct diff_side *b,
		      const struct diff_options *opt)
{
	long na = kifu_record_move_count(a->rec), nb = kifu_record_move_count(b->rec);
	long n = na > nb ? na : nb;
	struct keys ka = {NULL, 0}, kb = {NULL, 0};
	int rc = opt->all ? keys_of(a, &ka) : 0;
	if (!rc && opt->all)
		rc = keys_of(b, &kb);
	for (long i = 0; !rc && i < n; i++) {
		kifu_record_move ma, mb;
		int has_a = i < na && !kifu_record_get_move(a->rec, i, &ma);
		int has_b = i < nb && !kifu_record_get_move(b->rec, i, &mb);
		if ((!has_a || !has_b || !kifu_move_same(&ma.move, &mb.move)) && (opt->all || !r->ply)) {
			rc = add_move(r, i, has_a ? &ma : NULL, has_b ? &mb : NULL);
			if (!rc && has_a && has_b)
				r->plies[r->nplies - 1].position_same =
					move_position(a, b, i, opt->all ? &ka : NULL, opt->all ? &kb : NULL);
		}
		if (!rc && opt->annotations && has_a && has_b)
			rc = diff_move_annotations(r, i, &ma, &mb);
		if (!opt->all && !opt->annotations && r->ply)
			break;
	}
	if (!rc && opt->annotations)
		rc = diff_ending_annotations(r, a->rec, b->rec);
	free(ka.k);
	free(kb.k);
	return rc;
}

/* The positions after the last moves, and whether the records start from
 * the same one. */
static void diff_finals(struct diff_result *r, const struct diff_side *a, const struct diff_side *b)
{
	r->final_same = positions_after(a, b, -1);
	r->starts_differ = positions_after(a, b, 0) == 0;
}

int diff_records(struct diff_result *r, const struct diff_side *a, const struct diff_side *b,
		 int a_missing, int b_missing, const struct diff_options *opt)
{
	memset(r, 0, sizeof *r);
	r->final_same = -1;
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
	if (diff_moves(r, a, b, opt))
		return KIFU_ENOMEM;
	const char *ea = kifu_record_ending(a->rec), *eb = kifu_record_ending(b->rec);
	if (strcmp(ea, eb) != 0 && (!(r->a_ending = strdup(ea)) || !(r->b_ending = strdup(eb))))
		return KIFU_ENOMEM;
	diff_finals(r, a, b);
	r->same = !r->nheaders && !r->nplies && !r->a_ending;
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
	for (int i = 0; i < r->nplies; i++) {
		free(r->plies[i].a);
		free(r->plies[i].b);
	}
	free(r->plies);
	free(r->a_ending);
	free(r->b_ending);
	r->headers = NULL;
	r->plies = NULL;
	r->nheaders = r->nplies = 0;
	r->a_ending = r->b_ending = NULL;
}

/* --- printing ----------------------------------------------------------------- */

/* "A:LINE[:COL] B:LINE[:COL]: record N: " (or the key's "event "X": ") */
static void prefix(FILE *out, const struct diff_result *r, long la, long ca, long lb, long cb,
		   const struct diff_name *name)
{
	escape_text_put(out, r->a_path, 0);
	if (la > 0)
		fprintf(out, ca > 0 ? ":%ld:%ld" : ":%ld", la, ca);
	putc(' ', out);
	escape_text_put(out, r->b_path, 0);
	if (lb > 0)
		fprintf(out, cb > 0 ? ":%ld:%ld" : ":%ld", lb, cb);
	if (!name->key) {
		fprintf(out, ": record %ld: ", name->index);
		return;
	}
	char *v = quoted_or_none(name->value);
	fputs(": ", out);
	escape_text_put(out, name->key, 0);
	fprintf(out, " %s: ", v ? v : "");
	free(v);
}

static const char *const what_words[] = {"", "comment", "time", "total time", "bookmark"};

static void print_ply(FILE *out, const struct diff_result *r, const struct diff_ply *d,
		      const struct diff_name *name)
{
	prefix(out, r, d->a_line ? d->a_line : r->a_line, d->a_col, d->b_line ? d->b_line : r->b_line,
	       d->b_col, name);
	if (d->what != DIFF_MOVE) {
		/* comments and bookmarks quoted as tag values are, times in seconds */
		int text = d->what == DIFF_COMMENT || d->what == DIFF_BOOKMARK;
		char *a = text ? quoted_or_none(d->a) : NULL, *b = text ? quoted_or_none(d->b) : NULL;
		char ta[56] = "(none)", tb[56] = "(none)";
		if (!text && d->a)
			snprintf(ta, sizeof ta, "%ss", d->a);
		if (!text && d->b)
			snprintf(tb, sizeof tb, "%ss", d->b);
		if (d->ply)
			fprintf(out, "ply %ld %s: ", d->ply, what_words[d->what]);
		else
			fprintf(out, "ending %s: ", what_words[d->what]);
		fprintf(out, "%s vs %s\n", text ? (a ? a : "") : ta, text ? (b ? b : "") : tb);
		free(a);
		free(b);
		return;
	}
	/* the moves as written */
	fprintf(out, "ply %ld differs: ", d->ply);
	escape_text_put(out, d->a ? d->a : "(no move)", 0);
	fputs(" vs ", out);
	escape_text_put(out, d->b ? d->b : "(no move)", 0);
	if (d->position_same == 1)
		fputs("; the positions after it are the same", out);
	else if (d->position_same == 0)
		fputs("; the positions after it differ", out);
	else if (d->a && d->b)
		fputs("; the positions after it cannot be compared", out);
	fputc('\n', out);
}

/* The final positions, when the moves or the starts differ. */
static void print_final(FILE *out, const struct diff_result *r, const struct diff_name *name)
{
	if (!r->ply && !r->starts_differ)
		return;
	prefix(out, r, r->a_line, 0, r->b_line, 0, name);
	if (r->final_same == 1)
		fputs(r->ply ? "the final positions are the same: a transposition\n" :
		      "the final positions are the same\n", out);
	else if (r->final_same == 0)
		fputs("the final positions differ\n", out);
	else
		fputs("the final positions cannot be compared\n", out);
}

void diff_print_text(FILE *out, const struct diff_result *r, const struct diff_name *name)
{
	if (r->only_in) {
		prefix(out, r, r->a_line, 0, r->b_line, 0, name);
		fputs("only in ", out);
		escape_text_put(out, r->only_in == 'a' ? r->a_path : r->b_path, 0);
		putc('\n', out);
		return;
	}
	for (int i = 0; i < r->nheaders; i++) {
		const struct diff_header *h = &r->headers[i];
		prefix(out, r, r->a_line, 0, r->b_line, 0, name);
		fputs(h->is_tag ? "tag " : "", out);
		escape_text_put(out, h->key, 0);
		/* the values are quoted (buf_quoted), the variant's name escaped */
		fputs(": ", out);
		escape_text_put(out, h->a, 0);
		fputs(" vs ", out);
		escape_text_put(out, h->b, 0);
		putc('\n', out);
	}
	for (int i = 0; i < r->nplies; i++)
		if (r->plies[i].ply)
			print_ply(out, r, &r->plies[i], name);
	if (r->a_ending) {
		prefix(out, r, r->a_line, 0, r->b_line, 0, name);
		fputs("ending: ", out);
		escape_text_put(out, r->a_ending[0] ? r->a_ending : "(none)", 0);
		fputs(" vs ", out);
		escape_text_put(out, r->b_ending[0] ? r->b_ending : "(none)", 0);
		putc('\n', out);
	}
	for (int i = 0; i < r->nplies; i++)
		if (!r->plies[i].ply)
			print_ply(out, r, &r->plies[i], name);
	if (r->comparable)
		print_final(out, r, name);
	else {
		/* a record has a reading error (reported on stderr) */
		prefix(out, r, r->a_line, 0, r->b_line, 0, name);
		fputs("moves cannot be compared: a record could not be read\n", out);
	}
}

/* A count, or null when there is none (0). */
static void json_count(kifu_json_writer *w, long n)
{
	if (n > 0)
		kifu_json_int(w, n);
	else
		kifu_json_null(w);
}

/* 1 true, 0 false, anything else null (cannot be told). */
static void json_truth(kifu_json_writer *w, int v)
{
	if (v == 1 || v == 0)
		kifu_json_bool(w, v);
	else
		kifu_json_null(w);
}

/* The first differing move, as the fields kifu-diff always had. */
static const struct diff_ply *first_move(const struct diff_result *r)
{
	for (int i = 0; i < r->nplies; i++)
		if (r->plies[i].what == DIFF_MOVE)
			return &r->plies[i];
	return NULL;
}

/* --all's plies and --annotations' notes: [{"ply":7,...},...] */
static void json_plies(kifu_json_writer *w, const struct diff_result *r, int moves)
{
	kifu_json_array(w);
	for (int i = 0; i < r->nplies; i++) {
		const struct diff_ply *d = &r->plies[i];
		if ((d->what == DIFF_MOVE) != moves)
			continue;
		kifu_json_object(w);
		kifu_json_key(w, "ply");
		json_count(w, d->ply);
		if (!moves) {
			kifu_json_key(w, "what");
			kifu_json_string(w, what_words[d->what]);
		}
		/* times are numbers (seconds), the rest strings */
		int number = d->what == DIFF_TIME || d->what == DIFF_TOTAL;
		for (int side = 0; side < 2; side++) {
			const char *v = side ? d->b : d->a;
			kifu_json_key(w, moves ? (side ? "b_move" : "a_move") : side ? "b" : "a");
			if (number && v)
				kifu_json_number(w, v, strlen(v));
			else
				kifu_json_string(w, v);
		}
		if (moves) {
			kifu_json_key(w, "position_same");
			json_truth(w, d->position_same);
		}
		kifu_json_object_end(w);
	}
	kifu_json_array_end(w);
}

void diff_print_json(kifu_json_writer *w, const struct diff_result *r, const struct diff_name *name,
		     const struct diff_options *opt)
{
	kifu_json_object(w);
	kifu_json_key(w, "record");
	json_count(w, name->index);
	if (name->key) {
		/* paired by the key: B's record number, and the key's value */
		kifu_json_key(w, "b_record");
		json_count(w, name->b_index);
		kifu_json_key(w, "key");
		kifu_json_string(w, name->value);
	}
	kifu_json_key(w, "same");
	kifu_json_bool(w, r->same);
	kifu_json_key(w, "a_line");
	json_count(w, r->a_line);
	kifu_json_key(w, "b_line");
	json_count(w, r->b_line);
	kifu_json_key(w, "only_in");
	kifu_json_string(w, r->only_in == 'a' ? "a" : r->only_in == 'b' ? "b" : NULL);
	kifu_json_key(w, "headers");
	kifu_json_array(w);
	for (int i = 0; i < r->nheaders; i++)
		kifu_json_string(w, r->headers[i].key);
	kifu_json_array_end(w);
	const struct diff_ply *d = first_move(r);
	kifu_json_key(w, "ply");
	json_count(w, d ? d->ply : 0);
	kifu_json_key(w, "a_move");
	kifu_json_string(w, d ? d->a : NULL);
	kifu_json_key(w, "b_move");
	kifu_json_string(w, d ? d->b : NULL);
	kifu_json_key(w, "position_same");
	json_truth(w, d ? d->position_same : -1);
	kifu_json_key(w, "ending_same");
	json_truth(w, !r->comparable ? -1 : r->a_ending ? 0 : 1);
	kifu_json_key(w, "final_position_same");
	json_truth(w, r->comparable ? r->final_same : -1);
	if (opt->all) {
		kifu_json_key(w, "plies");
		json_plies(w, r, 1);
	}
	if (opt->annotations) {
		kifu_json_key(w, "annotations");
		json_plies(w, r, 0);
	}
	kifu_json_object_end(w);
	kifu_json_writer_end(w);
}
