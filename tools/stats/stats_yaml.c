/*
 * stats_yaml.c - kifu-stats' YAML, and the partial results --merge reads
 * back: writing the aggregates as YAML with libyaml's emitter, and reading
 * a part as events, from libyaml's parser (YAML) or the library's JSON
 * reader (kifu/json.h: JSON, strict, keys of any length, numbers as
 * written).  libyaml returns 1 on success and 0 on error, with 0-based
 * marks; this file turns that into our codes and 1-based line:column
 * (kifu/kifu.h's conventions).
 */
#include "stats/stats_data.h"
#include "lib/escape.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

/* --- writing ---------------------------------------------------------------- */

struct yaml_ctx {
	yaml_emitter_t emitter;
	int failed;
};

static void emit(struct yaml_ctx *y, yaml_event_t *ev, int ok)
{
	if (y->failed)
		return;
	if (!ok || !yaml_emitter_emit(&y->emitter, ev))
		y->failed = 1;
}

/* s with each byte that is no UTF-8 character as U+FFFD, as the JSON
 * writes it (libyaml's emitter refuses such bytes); NULL when s has none
 * or when out of memory (*failed). */
static char *replace_bad_bytes(const char *s, int *failed)
{
	size_t bad = 0;
	for (const char *p = s; *p;) {
		int len = escape_utf8_length(p);
		bad += !len;
		p += len ? len : 1;
	}
	if (!bad)
		return NULL;
	char *out = malloc(strlen(s) + 2 * bad + 1), *o = out;
	if (!out) {
		*failed = 1;
		return NULL;
	}
	for (const char *p = s; *p;) {
		int len = escape_utf8_length(p);
		if (len) {
			memcpy(o, p, (size_t)len);
			o += len;
		} else {
			memcpy(o, "\xEF\xBF\xBD", 3);
			o += 3;
		}
		p += len ? len : 1;
	}
	*o = '\0';
	return out;
}

static void y_scalar(struct yaml_ctx *y, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;
	char *fixed = replace_bad_bytes(s, &y->failed);
	if (fixed)
		s = fixed;
	int ok = yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)(uintptr_t)s,
					      (int)strlen(s), 1, 1, style);
	emit(y, &ev, ok);
	free(fixed);
}

static void y_begin_map(void *c)
{
	yaml_event_t ev;
	int ok = yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
	emit(c, &ev, ok);
}

static void y_end_map(void *c)
{
	yaml_event_t ev;
	int ok = yaml_mapping_end_event_initialize(&ev);
	emit(c, &ev, ok);
}

static void y_begin_list(void *c)
{
	yaml_event_t ev;
	int ok = yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
	emit(c, &ev, ok);
}

static void y_end_list(void *c)
{
	yaml_event_t ev;
	int ok = yaml_sequence_end_event_initialize(&ev);
	emit(c, &ev, ok);
}

/* Keys and strings are written plain when YAML allows it; a string that a
 * reader would take for a number or a null is quoted. */
static void y_string(void *c, const char *s)
{
	int numeric = *s != '\0';
	for (const char *p = s; *p; p++)
		if (!isdigit((unsigned char)*p))
			numeric = 0;
	int special = !strcmp(s, "null") || !strcmp(s, "~") || !strcmp(s, "true") ||
		      !strcmp(s, "false") || !*s;
	y_scalar(c, s, numeric || special ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE);
}

static void y_key(void *c, const char *key)
{
	/* histogram keys are numbers and stay plain */
	int numeric = *key != '\0';
	for (const char *p = key; *p; p++)
		if (!isdigit((unsigned char)*p))
			numeric = 0;
	if (numeric)
		y_scalar(c, key, YAML_PLAIN_SCALAR_STYLE);
	else
		y_string(c, key);
}

static void y_number(void *c, uint64_t n)
{
	char buf[24];
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)n);
	y_scalar(c, buf, YAML_PLAIN_SCALAR_STYLE);
}

static void y_null(void *c) { y_scalar(c, "null", YAML_PLAIN_SCALAR_STYLE); }

int stats_write_yaml(FILE *out, struct stats *st)
{
	struct yaml_ctx y;
	yaml_event_t ev;
	memset(&y, 0, sizeof y);
	if (!yaml_emitter_initialize(&y.emitter))
		return KIFU_ENOMEM;
	yaml_emitter_set_output_file(&y.emitter, out);
	yaml_emitter_set_unicode(&y.emitter, 1);
	yaml_emitter_set_width(&y.emitter, -1);
	emit(&y, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
	/* an explicit "---": several outputs concatenated stay a valid stream */
	emit(&y, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0));
	struct stats_emitter e = {&y, y_begin_map, y_end_map, y_begin_list, y_end_list,
				  y_key, y_string, y_number, y_null};
	stats_emit(st, &e);
	emit(&y, &ev, yaml_document_end_event_initialize(&ev, 1));
	emit(&y, &ev, yaml_stream_end_event_initialize(&ev));
	if (!y.failed && !yaml_emitter_flush(&y.emitter))
		y.failed = 1;
	yaml_emitter_delete(&y.emitter);
	return y.failed ? KIFU_EIO : 0;
}

/* --- reading ---------------------------------------------------------------- */

/* A part is read event by event into the sums, never built as a document:
 * memory grows with the distinct keys (variants, endings), not with the
 * text, and the reader follows the one shape kifu-stats writes, so that
 * nothing nests deeper than a piece in a list of pieces (5 deep).  A map
 * or a list anywhere else is an error at its first character. */

/* A part's events, from YAML or from JSON. */
enum { EV_STREAM, EV_STREAM_END, EV_DOC, EV_DOC_END, EV_MAP, EV_MAP_END, EV_LIST, EV_LIST_END, EV_SCALAR };
/* What a scalar is: YAML's says nothing (its text does); JSON's its kind. */
enum { SC_ANY, SC_STRING, SC_NUMBER, SC_NULL, SC_OTHER };
/* A place, 1-based. */
struct mark {
	long line, column;
};
struct event {
	int type, kind;
	const char *value;      /* a scalar's, NUL-terminated; lives until the next */
	size_t len;
	struct mark at;
};

/* JSON's tokens as events: a document for each value at the top. */
struct json_events {
	kifu_json_reader *reader;
	kifu_json_token tok;    /* read, not yet an event */
	int have_tok, started, in_doc, doc_ended, ended;
};

struct reader {
	yaml_parser_t parser;   /* YAML's */
	yaml_event_t yev;
	int have_ev;
	struct json_events json; /* JSON's, when json.reader */
	struct event ev;        /* the event being read */
	struct stats *st;
	const char *name;
	long line_offset;       /* YAML: the lines before its first */
	kifu_diag *diag;
	char *key;              /* the last key read, kept past its event */
	size_t key_cap;
	struct mark key_at;
	struct hist_entry { uint64_t plies, n; struct mark at; } *hist; /* this group's */
	size_t nhist, hist_cap;
	unsigned char *hist_seen; /* a bit per length: those of hist[] */
	/* the opening tree being read, one level per ply: the last node of
	 * each depth, open while its subtree is read (kifu-stats writes a node
	 * just before its subtree) */
	struct level {
		char *key;
		uint64_t records;
		uint64_t children;
		int children_over, open;
		struct mark at;
	} levels[STATS_MAX_OPENINGS];
	char *prev_node;        /* the node read before, or NULL */
	char *by;               /* the document's "by", kept past its event */
};

/* A sum of this part's counts, which may overflow: then it equals nothing. */
struct sum {
	uint64_t v;
	int over;
};

static void sum_add(struct sum *s, uint64_t n)
{
	s->over |= s->v > UINT64_MAX - n;
	s->v += n;
}

/* One variant's counts in one document, to check that they add up. */
struct part {
	uint64_t n[STATS_NTOTALS];
	uint64_t results[STATS_NRESULTS], rules[STATS_NRULE_FIELDS], moves[STATS_NMOVE_FIELDS];
	uint64_t player[STATS_NPLAYER_FIELDS], other_start;
	struct sum endings, hist, hist_plies, pieces[STATS_NPIECE_FIELDS], top_nodes;
	int length_given[5];    /* min ... max given as numbers, not null */
	uint64_t length[5];
	/* the judgement, as given (stats_judgement.h) */
	int judged;
	struct mark judged_at;
	uint64_t judge_records;
	uint64_t judge[STATS_NJ_WHO][STATS_NJ_PHASES + 1][STATS_NJ_FIELDS];
};

static int fail_at(struct reader *R, const struct mark *m, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail_at(struct reader *R, const struct mark *m, int code, const char *fmt, ...)
{
	char msg[KIFU_DIAG_MESSAGE_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return kifu_diag_set(R->diag, code, R->name, m->line, m->column, "%s", msg);
}

static int fail(struct reader *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Something kifu-stats does not write, at the event being read. */
static int fail(struct reader *R, const char *fmt, ...)
{
	char what[KIFU_DIAG_MESSAGE_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return fail_at(R, &R->ev.at, KIFU_ESYNTAX,
		       "%s (not a partial result of kifu-stats?)", what);
}

/* A libyaml mark, as ours. */
static struct mark yaml_mark(const struct reader *R, const yaml_mark_t *m)
{
	return (struct mark){R->line_offset + (long)m->line + 1, (long)m->column + 1};
}

static int parser_error(struct reader *R)
{
	const yaml_parser_t *parser = &R->parser;
	if (parser->error == YAML_MEMORY_ERROR)
		return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
	if (parser->error == YAML_READER_ERROR)
		return kifu_diag_set(R->diag, KIFU_ESYNTAX, R->name, 0, 0, "%s",
				     parser->problem ? parser->problem : "cannot be read");
	struct mark m = yaml_mark(R, &parser->problem_mark);
	return fail_at(R, &m, KIFU_ESYNTAX, "%s", parser->problem ? parser->problem : "malformed YAML");
}

/* The next YAML event, as ours. */
static int next_yaml(struct reader *R)
{
	static const int types[] = {
		[YAML_STREAM_START_EVENT] = EV_STREAM, [YAML_STREAM_END_EVENT] = EV_STREAM_END,
		[YAML_DOCUMENT_START_EVENT] = EV_DOC,  [YAML_DOCUMENT_END_EVENT] = EV_DOC_END,
		[YAML_MAPPING_START_EVENT] = EV_MAP,   [YAML_MAPPING_END_EVENT] = EV_MAP_END,
		[YAML_SEQUENCE_START_EVENT] = EV_LIST, [YAML_SEQUENCE_END_EVENT] = EV_LIST_END,
		[YAML_SCALAR_EVENT] = EV_SCALAR,       [YAML_ALIAS_EVENT] = -1,
	};
	if (R->have_ev)
		yaml_event_delete(&R->yev);
	R->have_ev = yaml_parser_parse(&R->parser, &R->yev);
	if (!R->have_ev)
		return parser_error(R);
	R->ev.type = R->yev.type < sizeof types / sizeof *types && R->yev.type != YAML_NO_EVENT ? types[R->yev.type] : -1;
	R->ev.kind = SC_ANY;
	R->ev.value = R->yev.type == YAML_SCALAR_EVENT ? (const char *)R->yev.data.scalar.value : NULL;
	R->ev.len = R->yev.type == YAML_SCALAR_EVENT ? R->yev.data.scalar.length : 0;
	R->ev.at = yaml_mark(R, &R->yev.start_mark);
	return 0;
}

/* The next JSON event: the stream's and each document's ends made from
 * where the values at the top begin and end. */
static int next_json(struct reader *R)
{
	struct json_events *j = &R->json;
	kifu_json_token *t = &j->tok;
	R->ev.value = NULL;
	R->ev.len = 0;
	R->ev.kind = SC_ANY;
	if (!j->started) {
		j->started = 1;
		R->ev.type = EV_STREAM;
		R->ev.at = (struct mark){1, 1};
		return 0;
	}
	if (j->doc_ended) {
		j->doc_ended = 0;
		R->ev.type = EV_DOC_END;
		return 0;
	}
	if (!j->have_tok && !j->ended) {
		int rc = kifu_json_next(j->reader, t, R->diag);
		if (rc < 0)
			return rc;
		j->have_tok = rc;
		j->ended = !rc;
	}
	if (j->ended) {
		R->ev.type = EV_STREAM_END;
		return 0;
	}
	R->ev.at = (struct mark){t->line, t->col};
	if (!j->in_doc) {
		j->in_doc = 1;
		R->ev.type = EV_DOC;
		return 0;
	}
	static const int types[] = {
		[KIFU_JSON_OBJECT] = EV_MAP,  [KIFU_JSON_OBJECT_END] = EV_MAP_END, [KIFU_JSON_ARRAY] = EV_LIST,
		[KIFU_JSON_ARRAY_END] = EV_LIST_END, [KIFU_JSON_KEY] = EV_SCALAR, [KIFU_JSON_STRING] = EV_SCALAR,
		[KIFU_JSON_NUMBER] = EV_SCALAR, [KIFU_JSON_TRUE] = EV_SCALAR, [KIFU_JSON_FALSE] = EV_SCALAR,
		[KIFU_JSON_NULL] = EV_SCALAR,
	};
	R->ev.type = types[t->type];
	if (R->ev.type == EV_SCALAR) {
		R->ev.kind = t->type == KIFU_JSON_KEY || t->type == KIFU_JSON_STRING ? SC_STRING :
			     t->type == KIFU_JSON_NUMBER ? SC_NUMBER : t->type == KIFU_JSON_NULL ? SC_NULL : SC_OTHER;
		R->ev.value = t->type == KIFU_JSON_TRUE ? "true" : t->type == KIFU_JSON_FALSE ? "false" :
			      t->type == KIFU_JSON_NULL ? "null" : t->text;
		R->ev.len = strlen(R->ev.value);
		if (t->type == KIFU_JSON_KEY || t->type == KIFU_JSON_STRING)
			R->ev.len = t->len;
	}
	j->have_tok = 0;
	/* the value at the top is whole: its document ends */
	if (t->depth == 1 && t->type != KIFU_JSON_OBJECT && t->type != KIFU_JSON_ARRAY && t->type != KIFU_JSON_KEY)
		j->in_doc = 0, j->doc_ended = 1;
	return 0;
}

static int next(struct reader *R)
{
	return R->json.reader ? next_json(R) : next_yaml(R);
}

static const char *scalar(const struct reader *R)
{
	return R->ev.type == EV_SCALAR ? R->ev.value : NULL;
}

/* The scalar read as a number's text, a string's, or whether it is null:
 * in JSON by its kind, in YAML by its text (which decides what it is). */
static const char *number_text(const struct reader *R)
{
	return R->ev.kind == SC_ANY || R->ev.kind == SC_NUMBER ? scalar(R) : NULL;
}

static const char *string_text(const struct reader *R)
{
	return R->ev.kind == SC_ANY || R->ev.kind == SC_STRING ? scalar(R) : NULL;
}

static int is_null(const struct reader *R)
{
	return R->ev.kind == SC_ANY ? scalar(R) && !strcmp(scalar(R), "null") : R->ev.kind == SC_NULL;
}

static int expect(struct reader *R, int type, const char *what)
{
	int rc = next(R);
	return rc ? rc : R->ev.type == type ? 0 : fail(R, "%s", what);
}

/* The next key of the map being read into R->key: 1, 0 at the map's end,
 * or an error. */
static int next_key(struct reader *R)
{
	int rc = next(R);
	if (rc)
		return rc;
	if (R->ev.type == EV_MAP_END)
		return 0;
	if (R->ev.type != EV_SCALAR)
		return fail(R, "expected a key");
	size_t len = R->ev.len;
	if (len >= R->key_cap) {
		char *k = realloc(R->key, len + 1);
		if (!k)
			return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
		R->key = k;
		R->key_cap = len + 1;
	}
	memcpy(R->key, R->ev.value, len + 1);
	R->key_at = R->ev.at;
	return 1;
}

static int key_index(const char *key, const char *const *keys, int n)
{
	for (int f = 0; f < n; f++)
		if (!strcmp(key, keys[f]))
			return f;
	return -1;
}

/* Which of keys[] the key just read is, or a negative code: an unknown key,
 * or one given twice in this map (a bit of *seen for each). */
static int which_key(struct reader *R, const char *const *keys, int n, unsigned *seen)
{
	int f = key_index(R->key, keys, n);
	if (f < 0)
		return fail(R, "unknown key");
	if (*seen & (1u << f))
		return fail(R, "\"%s\" given twice", keys[f]);
	*seen |= 1u << f;
	return f;
}

static int parse_number(const char *s, uint64_t *out)
{
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || errno)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

static int read_number(struct reader *R, uint64_t *out)
{
	int rc = next(R);
	if (!rc && parse_number(number_text(R), out))
		rc = fail(R, "expected a number");
	return rc;
}

/* Adds n to a sum of every part, at the mark of the count. */
static int add_to(struct reader *R, const struct mark *at, uint64_t *to, uint64_t n)
{
	if (*to > UINT64_MAX - n)
		return fail_at(R, at, KIFU_ELIMIT,
			       "this count takes a sum past 18446744073709551615");
	*to += n;
	return 0;
}

/* A map of the numbers named keys[]: into part[] and added to sums[]. */
static int read_fields(struct reader *R, const char *const *keys, int nkeys, uint64_t *sums,
		       uint64_t *part)
{
	int rc = expect(R, EV_MAP, "expected a map");
	unsigned seen = 0;
	while (!rc && (rc = next_key(R)) == 1) {
		int f = which_key(R, keys, nkeys, &seen);
		if (f < 0)
			return f;
		rc = read_number(R, &part[f]);
		if (!rc)
			rc = add_to(R, &R->ev.at, &sums[f], part[f]);
	}
	return rc;
}

static int read_endings(struct reader *R, struct stats_group *g, struct part *p)
{
	int rc = expect(R, EV_MAP, "expected a map");
	uint64_t serial = ++R->st->serial;
	while (!rc && (rc = next_key(R)) == 1) {
		struct stats_count *c = stats_ending(g, R->key);
		if (!c)
			return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
		if (c->stamp == serial)
			return fail(R, "ending \"%s\" given twice", R->key);
		c->stamp = serial;
		uint64_t n = 0;
		rc = read_number(R, &n);
		if (!rc)
			rc = add_to(R, &R->ev.at, &c->n, n);
		sum_add(&p->endings, n);
	}
	return rc;
}

static int cmp_hist(const void *a, const void *b)
{
	const struct hist_entry *x = a, *y = b;
	return x->plies < y->plies ? -1 : x->plies > y->plies;
}

/* Notes length h->plies of the histogram being read: once (the bits are
 * cleared by add_histogram), so that a part's memory does not grow with
 * lengths given over and over. */
static int note_length(struct reader *R, const struct hist_entry *h)
{
	if (!R->hist_seen && !(R->hist_seen = calloc(KIFU_MAX_PLIES / 8 + 1, 1)))
		return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
	unsigned char *bits = &R->hist_seen[h->plies / 8], bit = (unsigned char)(1u << h->plies % 8);
	if (*bits & bit)
		return fail_at(R, &h->at, KIFU_ESYNTAX, "length %llu given twice",
			       (unsigned long long)h->plies);
	*bits |= bit;
	if (R->nhist == R->hist_cap) {
		size_t cap = R->hist_cap ? R->hist_cap * 2 : 256;
		struct hist_entry *hs = realloc(R->hist, cap * sizeof *hs);
		if (!hs)
			return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
		R->hist = hs;
		R->hist_cap = cap;
	}
	R->hist[R->nhist++] = *h;
	return 0;
}

/* The histogram's entries (each length once), in order of length as
 * kifu-stats writes them or sorted, for the quartiles; then added. */
static int add_histogram(struct reader *R, struct stats_group *g, struct part *p)
{
	int sorted = 1;
	for (size_t i = 0; i < R->nhist; i++) {
		uint64_t plies = R->hist[i].plies;
		R->hist_seen[plies / 8] &= (unsigned char)~(1u << plies % 8);
		sorted &= !i || R->hist[i - 1].plies < plies;
	}
	if (!sorted)
		qsort(R->hist, R->nhist, sizeof *R->hist, cmp_hist);
	for (size_t i = 0; i < R->nhist; i++) {
		const struct hist_entry *h = &R->hist[i];
		int rc = stats_add_length(g, h->plies, h->n);
		if (rc == KIFU_ELIMIT)
			return fail_at(R, &h->at, rc, "this count takes a sum past 18446744073709551615");
		if (rc)
			return kifu_diag_set(R->diag, rc, R->name, 0, 0, "out of memory");
		sum_add(&p->hist, h->n);
		/* plies * n, added up: the part's plies */
		if (h->plies && h->n > UINT64_MAX / h->plies)
			p->hist_plies.over = 1;
		else
			sum_add(&p->hist_plies, h->plies * h->n);
	}
	return 0;
}

static int read_histogram(struct reader *R, struct stats_group *g, struct part *p)
{
	int rc = expect(R, EV_MAP, "expected a map");
	while (!rc && (rc = next_key(R)) == 1) {
		struct hist_entry h = {0, 0, R->key_at};
		if (parse_number(R->key, &h.plies))
			return fail(R, "expected a number");
		if (h.plies > KIFU_MAX_PLIES)
			return fail(R, "a length beyond the most plies a record may have");
		rc = read_number(R, &h.n);
		if (!rc)
			rc = note_length(R, &h);
	}
	return rc ? rc : add_histogram(R, g, p);
}

/* min ... max (numbers, or null without records) and the histogram: the
 * others are checked against it once the group's records are known. */
static int read_length(struct reader *R, struct stats_group *g, struct part *p)
{
	static const char *const keys[6] = {"min", "q1", "median", "q3", "max", "histogram"};
	int rc = expect(R, EV_MAP, "expected a map");
	unsigned seen = 0;
	while (!rc && (rc = next_key(R)) == 1) {
		int f = which_key(R, keys, 6, &seen);
		if (f < 0)
			return f;
		if (f == 5) {
			rc = read_histogram(R, g, p);
			continue;
		}
		if ((rc = next(R)))
			return rc;
		if (is_null(R))
			continue;
		if (parse_number(number_text(R), &p->length[f]))
			return fail(R, "expected a number or null");
		p->length_given[f] = 1;
	}
	return rc;
}

static int read_string(struct reader *R, char **out)
{
	int rc = next(R);
	if (rc)
		return rc;
	if (!string_text(R))
		return fail(R, "expected a string");
	free(*out);
	*out = strdup(string_text(R));
	return *out ? 0 : kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
}

/* The piece of type t (KIFU_MAX_TYPES: none given) of the map at `at`: once
 * in a list, and the same in every part. */
static int name_piece(struct reader *R, struct stats_group *g, const struct mark *at,
		      const char *id, const char *name, uint64_t t, char *listed,
		      struct stats_piece **piece)
{
	if (!id || !name || t >= KIFU_MAX_TYPES)
		return fail_at(R, at, KIFU_ESYNTAX, "a piece needs an id, a name and a type "
			       "(not a partial result of kifu-stats?)");
	if (listed[t]++)
		return fail_at(R, at, KIFU_ESYNTAX, "piece type %d given twice", (int)t);
	int rc;
	if ((*piece = stats_name_piece(R->st, g, (int)t, id, name, &rc)))
		return 0;
	if (rc == KIFU_EINVAL)
		return fail_at(R, at, KIFU_ESYNTAX, "this piece type has another id in another part "
			       "(not a partial result of kifu-stats?)");
	return rc ? kifu_diag_set(R->diag, rc, R->name, 0, 0, "out of memory") : 0;
}

/* One piece of the list: {id, name, type, moves, ...}; each type once. */
static int read_piece(struct reader *R, struct stats_group *g, struct part *p, char *listed)
{
	const struct mark at = R->ev.at;
	enum { ID = STATS_NPIECE_FIELDS, NAME, TYPE, NKEYS };
	const char *keys[NKEYS];
	memcpy(keys, stats_piece_keys, sizeof stats_piece_keys);
	keys[ID] = "id";
	keys[NAME] = "name";
	keys[TYPE] = "type";
	char *id = NULL, *name = NULL;
	uint64_t n[STATS_NPIECE_FIELDS] = {0}, type = 0;
	unsigned seen = 0;
	int rc;
	while ((rc = next_key(R)) == 1) {
		int f = which_key(R, keys, NKEYS, &seen);
		rc = f < 0 ? f : f == ID ? read_string(R, &id) : f == NAME ? read_string(R, &name) :
		     read_number(R, f == TYPE ? &type : &n[f]);
		if (rc)
			break;
	}
	struct stats_piece *piece = NULL;
	if (!rc)
		rc = name_piece(R, g, &at, id, name, seen & 1u << TYPE ? type : KIFU_MAX_TYPES, listed,
				&piece);
	for (int f = 0; !rc && f < STATS_NPIECE_FIELDS; f++) {
		rc = add_to(R, &at, &piece->n[f], n[f]);
		sum_add(&p->pieces[f], n[f]);
	}
	free(id);
	free(name);
	return rc;
}

static int read_pieces(struct reader *R, struct stats_group *g, struct part *p)
{
	char listed[KIFU_MAX_TYPES] = {0};
	int rc = expect(R, EV_LIST, "expected a list");
	while (!rc && !(rc = next(R)) && R->ev.type != EV_LIST_END)
		rc = R->ev.type == EV_MAP ? read_piece(R, g, p, listed) :
		     fail(R, "expected a map");
	return rc;
}

/* --- the opening tree -------------------------------------------------------------- */

static int keep_string(struct reader *R, char **to, const char *s)
{
	char *c = strdup(s);
	if (!c)
		return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
	free(*to);
	*to = c;
	return 0;
}

/* Closes the levels from depth d down: a node's children add up to at
 * most its records. */
static int close_levels(struct reader *R, int d)
{
	for (int k = STATS_MAX_OPENINGS - 1; k >= d; k--) {
		struct level *l = &R->levels[k];
		if (!l->open)
			continue;
		l->open = 0;
		if (l->children_over || l->children > l->records)
			return fail_at(R, &l->at, KIFU_ESYNTAX, "node \"%s\": the nodes under it hold more "
				       "records than it does (%llu)", l->key, (unsigned long long)l->records);
	}
	return 0;
}

/* The node's depth (its moves), or 0 when its key is not moves joined by
 * single spaces. */
static int key_depth(const char *key)
{
	int d = 1;
	if (!*key || *key == ' ')
		return 0;
	for (const char *p = key; *p; p++) {
		if (*p != ' ')
			continue;
		if (p[1] == ' ' || !p[1])
			return 0;
		d++;
	}
	return d;
}

/* Where node key (records r) goes in the tree: after the node before it
 * in the order kifu-stats writes them, under its parent (the last node one
 * ply up, which its key must begin with).  Counted into p and the levels. */
static int place_node(struct reader *R, struct part *p, const char *key, uint64_t r,
		      const struct mark *at)
{
	int d = key_depth(key);
	if (!d)
		return fail_at(R, at, KIFU_ESYNTAX, "node \"%s\": not moves joined by spaces", key);
	if (d > R->st->openings)
		return fail_at(R, at, KIFU_ESYNTAX, "node \"%s\": deeper than --openings %d", key,
			       R->st->openings);
	if (R->prev_node && strcmp(R->prev_node, key) >= 0)
		return fail_at(R, at, KIFU_ESYNTAX, "node \"%s\": given twice, or out of order "
			       "(not a partial result of kifu-stats?)", key);
	int rc = close_levels(R, d - 1);
	if (rc)
		return rc;
	struct level *parent = d > 1 ? &R->levels[d - 2] : NULL;
	size_t plen = d > 1 ? (size_t)(strrchr(key, ' ') - key) : 0;
	if (parent && (!parent->open || strlen(parent->key) != plen || strncmp(parent->key, key, plen)))
		return fail_at(R, at, KIFU_ESYNTAX, "node \"%s\": no node for the moves before it", key);
	if (parent) {
		parent->children_over |= parent->children > UINT64_MAX - r;
		parent->children += r;
	} else {
		sum_add(&p->top_nodes, r);
	}
	struct level *l = &R->levels[d - 1];
	if ((rc = keep_string(R, &l->key, key)) || (rc = keep_string(R, &R->prev_node, key)))
		return rc;
	l->records = r;
	l->children = 0;
	l->children_over = 0;
	l->open = 1;
	l->at = *at;
	return 0;
}

/* One node: {records, sente, gote, draw, unknown}, its results adding up
 * to its records; added to the group's node of that key. */
static int read_node(struct reader *R, struct stats_group *g, struct part *p)
{
	char *key = NULL;
	const struct mark at = R->key_at;
	int rc = keep_string(R, &key, R->key);
	uint64_t n[1 + STATS_NRESULTS] = {0}, unused[1 + STATS_NRESULTS] = {0};
	const char *keys[1 + STATS_NRESULTS] = {"records"};
	memcpy(keys + 1, stats_result_keys, sizeof stats_result_keys);
	if (!rc)
		rc = read_fields(R, keys, 1 + STATS_NRESULTS, unused, n);
	struct sum results = {0, 0};
	for (int i = 1; !rc && i <= STATS_NRESULTS; i++)
		sum_add(&results, n[i]);
	if (!rc && (results.over || results.v != n[0]))
		rc = fail_at(R, &at, KIFU_ESYNTAX, "node \"%s\": its results do not add up to its "
			     "records (%llu)", key, (unsigned long long)n[0]);
	if (!rc)
		rc = place_node(R, p, key, n[0], &at);
	struct stats_node *nd = rc ? NULL : stats_node(g, key);
	if (!rc && !nd)
		rc = kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
	if (!rc)
		rc = add_to(R, &at, &nd->records, n[0]);
	for (int i = 0; !rc && i < STATS_NRESULTS; i++)
		rc = add_to(R, &at, &nd->results[i], n[1 + i]);
	free(key);
	return rc;
}

static int read_nodes(struct reader *R, struct stats_group *g, struct part *p)
{
	int rc = expect(R, EV_MAP, "expected a map");
	free(R->prev_node);
	R->prev_node = NULL;
	while (!rc && (rc = next_key(R)) == 1)
		rc = read_node(R, g, p);
	return rc ? rc : close_levels(R, 0);
}

/* {other_start: N, nodes: {...}} */
static int read_openings(struct reader *R, struct stats_group *g, struct part *p)
{
	static const char *const keys[] = {"other_start", "nodes"};
	int rc = expect(R, EV_MAP, "expected a map");
	unsigned seen = 0;
	while (!rc && (rc = next_key(R)) == 1) {
		int f = which_key(R, keys, 2, &seen);
		if (f < 0)
			return f;
		if (f == 0) {
			rc = read_number(R, &p->other_start);
			if (!rc)
				rc = add_to(R, &R->ev.at, &g->other_start, p->other_start);
		} else {
			rc = read_nodes(R, g, p);
		}
	}
	return rc;
}

/* One relation between a group's counts: "valid + invalid is 4, not
 * records (5)"; "sente + gote + draw is 7, more than valid (5)". */
struct check {
	const char *sum_name, *count_name;
	struct sum sum;
	uint64_t count;
	int at_most;    /* sum <= count, else sum == count */
	int off;        /* not checked: a count the part was not made with */
};

static struct sum sum_of(const uint64_t *n, int count)
{
	struct sum s = {0, 0};
	for (int i = 0; i < count; i++)
		sum_add(&s, n[i]);
	return s;
}

static struct sum sum_join(struct sum a, struct sum b)
{
	sum_add(&a, b.v);
	a.over |= b.over;
	return a;
}

static int check_counts(struct reader *R, const struct stats_group *g, const struct mark *at,
			const struct part *p)
{
	const uint64_t *m = p->moves, *n = p->n;
	const struct sum *pc = p->pieces;
	int player = R->st->by.player, tree = R->st->openings > 0;
	const struct check checks[] = {
		{"valid + invalid", "records", sum_of(n + STATS_T_VALID, 2), n[STATS_T_RECORDS], 0, 0},
		{"the results' sum", "records", sum_of(p->results, STATS_NRESULTS), n[STATS_T_RECORDS], 0, 0},
		{"the endings' sum", "records", p->endings, n[STATS_T_RECORDS], 0, 0},
		{"the histogram's sum", "records", p->hist, n[STATS_T_RECORDS], 0, 0},
		{"the histogram's plies", "plies", p->hist_plies, n[STATS_T_PLIES], 0, 0},
		{"the pieces' moves + drops", "plies", sum_join(pc[STATS_P_MOVES], pc[STATS_P_DROPS]),
		 n[STATS_T_PLIES], 0, 0},
		{"the pieces' captures", "moves.captures", pc[STATS_P_CAPTURES], m[STATS_M_CAPTURES], 0, 0},
		{"the pieces' captured", "moves.captures", pc[STATS_P_CAPTURED], m[STATS_M_CAPTURES], 0, 0},
		{"the pieces' promotions", "moves.promotions", pc[STATS_P_PROMOTIONS],
		 m[STATS_M_PROMOTIONS], 0, 0},
		{"the pieces' declined", "moves.declined", pc[STATS_P_DECLINED], m[STATS_M_DECLINED], 0, 0},
		{"the pieces' drops", "moves.drops", pc[STATS_P_DROPS], m[STATS_M_DROPS], 0, 0},
		/* an invalid record's result is unknown; the rules ended valid ones only */
		{"sente + gote + draw", "valid", sum_of(p->results, STATS_UNKNOWN), n[STATS_T_VALID], 1, 0},
		{"royal_lost + no_moves", "valid", sum_of(p->rules, STATS_R_REPETITION), n[STATS_T_VALID], 1, 0},
		{"repetition", "valid", {p->rules[STATS_R_REPETITION], 0}, n[STATS_T_VALID], 1, 0},
		{"passes + igui", "moves.two_leg", sum_of(m + STATS_M_PASSES, 2), m[STATS_M_TWO_LEG], 1, 0},
		{"lion_trades + counterstrikes", "moves.captures", sum_of(m + STATS_M_LION_TRADES, 2),
		 m[STATS_M_CAPTURES], 1, 0},
		/* --by player: each record from one player's side */
		{"player.as_sente + as_gote", "records", sum_of(p->player, 2), n[STATS_T_RECORDS], 0,
		 !player},
		{"player.wins + losses + draws", "sente + gote + draw", sum_of(p->player + STATS_PL_WINS, 3),
		 sum_of(p->results, STATS_UNKNOWN).v, 0, !player},
		/* --openings: the tree holds the records from the variant's start */
		{"openings.other_start", "records", {p->other_start, 0}, n[STATS_T_RECORDS], 1, !tree},
		{"the first plies' nodes", "records - other_start", p->top_nodes,
		 n[STATS_T_RECORDS] - p->other_start, 1, !tree || p->other_start > n[STATS_T_RECORDS]},
	};
	for (size_t i = 0; i < sizeof checks / sizeof *checks; i++) {
		const struct check *c = &checks[i];
		if (c->off || (!c->sum.over && (c->at_most ? c->sum.v <= c->count : c->sum.v == c->count)))
			continue;
		char sum[40] = "past 18446744073709551615";
		if (!c->sum.over)
			snprintf(sum, sizeof sum, "%llu", (unsigned long long)c->sum.v);
		return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": %s is %s, %s %s (%llu)",
			       g->variant, c->sum_name, sum, c->at_most ? "more than" : "not",
			       c->count_name, (unsigned long long)c->count);
	}
	return 0;
}

/* min, quartiles and max as given, against the histogram's (null without
 * records).  The histogram's entries are sorted (add_histogram). */
static int check_lengths(struct reader *R, const struct stats_group *g, const struct mark *at,
			 const struct part *p)
{
	struct stats_lengths l;
	stats_lengths_begin(&l, p->n[STATS_T_RECORDS]);
	for (size_t i = 0; i < R->nhist; i++)
		stats_lengths_add(&l, R->hist[i].plies, R->hist[i].n);
	for (int i = 0; i < 5; i++) {
		if (p->length_given[i] == l.any && (!l.any || p->length[i] == l.v[i]))
			continue;
		char given[24] = "null", derived[24] = "null";
		if (p->length_given[i])
			snprintf(given, sizeof given, "%llu", (unsigned long long)p->length[i]);
		if (l.any)
			snprintf(derived, sizeof derived, "%llu", (unsigned long long)l.v[i]);
		return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": length.%s is %s, not the histogram's (%s)",
			       g->variant, stats_length_keys[i], given, derived);
	}
	return 0;
}

/* --- the judgement ---------------------------------------------------------------- */

/* One side's (or the player's) counts: {all: {...}, opening: {...},
 * middle: {...}, end: {...}}, each a map of stats_judge_field_keys. */
static int read_judge_who(struct reader *R, struct stats_judgement *jg, int who, struct part *p)
{
	int rc = expect(R, EV_MAP, "expected a map");
	unsigned seen = 0;
	while (!rc && (rc = next_key(R)) == 1) {
		int ph = which_key(R, stats_judge_phase_keys, STATS_NJ_PHASES + 1, &seen);
		if (ph < 0)
			return ph;
		rc = read_fields(R, stats_judge_field_keys, STATS_NJ_FIELDS, jg->n[who][ph], p->judge[who][ph]);
	}
	return rc;
}

/* {records: N, sente: {...}, gote: {...}[, player: {...}]} */
static int read_judgement(struct reader *R, struct stats_group *g, struct part *p)
{
	static const char *const keys[1 + STATS_NJ_WHO] = {"records", "sente", "gote", "player"};
	p->judged = 1;
	p->judged_at = R->key_at;
	if (!g->judgement && !(g->judgement = calloc(1, sizeof *g->judgement)))
		return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
	int rc = expect(R, EV_MAP, "expected a map");
	unsigned seen = 0;
	while (!rc && (rc = next_key(R)) == 1) {
		int f = which_key(R, keys, 1 + STATS_NJ_WHO, &seen);
		if (f < 0)
			return f;
		if (f == 0) {
			rc = read_number(R, &p->judge_records);
			if (!rc)
				rc = add_to(R, &R->ev.at, &g->judgement->records, p->judge_records);
		} else if (f - 1 == STATS_J_PLAYER && !R->st->by.player) {
			rc = fail(R, "a player's judgement without --by player");
		} else {
			rc = read_judge_who(R, g->judgement, f - 1, p);
		}
	}
	return rc;
}

/* The judgement's counts against each other and the group's: "all" is the
 * phases' sum, the judged moves and the classed ones are moves of the
 * group (at most its plies), a player's moves are some of both sides', no
 * loss is above STATS_J_MAX_LOSS, and the records are records of the
 * group that had a judged or classed move (kifu-stats writes no judgement
 * of none). */
static int check_judgement(struct reader *R, const struct stats_group *g, const struct part *p)
{
	if (!p->judged)
		return 0;
	const struct mark *at = &p->judged_at;
	const char *v = g->variant;
	if (!p->judge_records)
		return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": a judgement of no records "
			       "(not a partial result of kifu-stats?)", v);
	if (p->judge_records > p->n[STATS_T_RECORDS])
		return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": judgement.records is %llu, more than "
			       "records (%llu)", v, (unsigned long long)p->judge_records,
			       (unsigned long long)p->n[STATS_T_RECORDS]);
	for (int who = 0; who < STATS_NJ_WHO; who++) {
		const char *wk = stats_judge_who_keys[who];
		for (int f = 0; f < STATS_NJ_FIELDS; f++) {
			const char *fk = stats_judge_field_keys[f];
			struct sum phases = {0, 0};
			for (int ph = 0; ph < STATS_NJ_PHASES; ph++)
				sum_add(&phases, p->judge[who][ph][f]);
			if (phases.over || phases.v != p->judge[who][STATS_J_ALL][f])
				return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": judgement.%s.all.%s is %llu, "
					       "not the phases' sum", v, wk, fk,
					       (unsigned long long)p->judge[who][STATS_J_ALL][f]);
			struct sum sides = {0, 0};
			sum_add(&sides, p->judge[STATS_J_SENTE][STATS_J_ALL][f]);
			sum_add(&sides, p->judge[STATS_J_GOTE][STATS_J_ALL][f]);
			if (who == STATS_J_PLAYER && !sides.over && p->judge[who][STATS_J_ALL][f] > sides.v)
				return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": judgement.player.all.%s is "
					       "%llu, more than Sente's and Gote's (%llu)", v, fk,
					       (unsigned long long)p->judge[who][STATS_J_ALL][f],
					       (unsigned long long)sides.v);
		}
		for (int ph = 0; ph <= STATS_NJ_PHASES; ph++) {
			const uint64_t *c = p->judge[who][ph];
			if (c[STATS_J_JUDGED] < UINT64_MAX / STATS_J_MAX_LOSS &&
			    c[STATS_J_LOSS] > c[STATS_J_JUDGED] * STATS_J_MAX_LOSS)
				return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": judgement.%s.%s.loss is %llu, "
					       "more than %d per judged move", v, wk, stats_judge_phase_keys[ph],
					       (unsigned long long)c[STATS_J_LOSS], STATS_J_MAX_LOSS);
		}
	}
	struct sum judged = {0, 0}, classed = {0, 0};
	for (int who = STATS_J_SENTE; who <= STATS_J_GOTE; who++) {
		const uint64_t *c = p->judge[who][STATS_J_ALL];
		sum_add(&judged, c[STATS_J_JUDGED]);
		for (int f = STATS_J_FIRST_CLASS; f < STATS_NJ_FIELDS; f++)
			sum_add(&classed, c[f]);
	}
	uint64_t plies = p->n[STATS_T_PLIES];
	if (judged.over || judged.v > plies || classed.over || classed.v > plies)
		return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": more moves %s than plies (%llu)", v,
			       judged.over || judged.v > plies ? "judged" : "classed", (unsigned long long)plies);
	struct sum either = sum_join(judged, classed);
	if (!either.over && p->judge_records > either.v)
		return fail_at(R, at, KIFU_ESYNTAX, "variant \"%s\": judgement.records is %llu, more than "
			       "the moves judged or classed (%llu)", v, (unsigned long long)p->judge_records,
			       (unsigned long long)either.v);
	return 0;
}

/* One variant's counts, added as they are read to its group, whose key is
 * at `at`; then checked. */
static int read_group(struct reader *R, struct stats_group *g, const struct mark *at,
		      uint64_t *totals)
{
	static const char *const keys[] = {"records", "plies", "valid", "invalid", "results",
					   "endings", "rules", "length", "moves", "pieces", "player",
					   "openings", "judgement"};
	uint64_t *fields[STATS_NTOTALS] = {&g->records, &g->plies, &g->valid, &g->invalid};
	struct part p;
	memset(&p, 0, sizeof p);
	R->nhist = 0;
	int rc = expect(R, EV_MAP, "expected a map");
	unsigned seen = 0;
	while (!rc && (rc = next_key(R)) == 1) {
		int f = which_key(R, keys, (int)(sizeof keys / sizeof *keys), &seen);
		if (f < 0)
			return f;
		if (f < STATS_NTOTALS) {
			rc = read_number(R, &p.n[f]);
			/* the totals written at the top, too, must not overflow */
			if (!rc)
				rc = add_to(R, &R->ev.at, fields[f], p.n[f]);
			if (!rc)
				rc = add_to(R, &R->ev.at, &R->st->merged[f], p.n[f]);
			if (!rc)
				totals[f] += p.n[f]; /* <= merged: no overflow */
			continue;
		}
		switch (f) {
		case 4: rc = read_fields(R, stats_result_keys, STATS_NRESULTS, g->results, p.results); break;
		case 5: rc = read_endings(R, g, &p); break;
		case 6: rc = read_fields(R, stats_rule_keys, STATS_NRULE_FIELDS, g->rules, p.rules); break;
		case 7: rc = read_length(R, g, &p); break;
		case 8: rc = read_fields(R, stats_move_keys, STATS_NMOVE_FIELDS, g->moves, p.moves); break;
		case 9: rc = read_pieces(R, g, &p); break;
		case 10:
			/* what --by player writes, and only it */
			rc = !R->st->by.player ? fail(R, "player counts without --by player") :
			     read_fields(R, stats_player_keys, STATS_NPLAYER_FIELDS, g->player, p.player);
			break;
		case 11:
			rc = !R->st->openings ? fail(R, "an opening tree without --openings") :
			     read_openings(R, g, &p);
			break;
		default: rc = read_judgement(R, g, &p); break;
		}
	}
	if (!rc)
		rc = check_counts(R, g, at, &p);
	if (!rc)
		rc = check_judgement(R, g, &p);
	return rc ? rc : check_lengths(R, g, at, &p);
}

static int no_format(struct reader *R, const struct mark *at)
{
	return fail_at(R, at, KIFU_ESYNTAX, "no \"format\": \"" STATS_FORMAT "\" "
		       "(not a partial result of kifu-stats?)");
}

/* The map of variants: each once in a document (serial). */
/* A map of variants, each once in a document (serial); with --by, the
 * variants of one value. */
static int read_variants(struct reader *R, uint64_t serial, uint64_t *totals, const char *value)
{
	int rc = expect(R, EV_MAP, value ? "expected a map of variants" :
			"no map of variants");
	while (!rc && (rc = next_key(R)) == 1) {
		struct stats_group *g = stats_group(R->st, value, R->key);
		if (!g)
			return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
		if (g->stamp == serial)
			return fail(R, "variant \"%s\" given twice", R->key);
		g->stamp = serial;
		const struct mark at = R->key_at;
		rc = read_group(R, g, &at, totals);
	}
	return rc;
}

/* --by's map of values, in the order kifu-stats writes them (so that a
 * value given twice is seen without remembering them all). */
static int read_values(struct reader *R, uint64_t serial, uint64_t *totals)
{
	char *prev = NULL, *value = NULL;
	int rc = expect(R, EV_MAP, "no map of groups");
	while (!rc && (rc = next_key(R)) == 1) {
		if (prev && strcmp(prev, R->key) >= 0) {
			rc = fail(R, "group \"%s\" given twice, or out of order", R->key);
			break;
		}
		if ((rc = keep_string(R, &value, R->key)))
			break;
		rc = read_variants(R, serial, totals, value);
		free(prev);
		prev = value;
		value = NULL;
	}
	free(prev);
	free(value);
	return rc;
}

/* "--by date:4 --openings 2", for a message. */
static void shape_words(char *buf, size_t size, const char *by, uint64_t openings)
{
	if (!by && !openings)
		snprintf(buf, size, "neither --by nor --openings");
	else
		snprintf(buf, size, "%s%s%s%.0llu", by ? "--by " : "", by ? by : "",
			 openings ? (by ? " --openings " : "--openings ") : "",
			 (unsigned long long)openings);
}

/* The first document sets how the parts were made (--by, --openings);
 * every other must have been made alike, or their sums would mean
 * different things. */
static int apply_shape(struct reader *R, const struct mark *at, const char *by, uint64_t openings)
{
	struct stats *st = R->st;
	if (!st->shape_set) {
		kifu_diag d;
		if (by && stats_set_by(st, by, &d))
			return fail_at(R, at, KIFU_ESYNTAX, "\"by\": %s (not a partial result of kifu-stats?)",
				       d.message);
		st->openings = (int)openings;
		st->shape_set = 1;
		return 0;
	}
	if (!strcmp(st->by.spec ? st->by.spec : "", by ? by : "") && (uint64_t)st->openings == openings)
		return 0;
	char was[96], is[96];
	shape_words(was, sizeof was, st->by.spec, (uint64_t)st->openings);
	shape_words(is, sizeof is, by, openings);
	return fail_at(R, at, KIFU_ESYNTAX, "a part made with %s after parts made with %s: "
		       "parts merge when made alike", is, was);
}

/* One document: format first or not, the totals at the top are the sums
 * over its variants; "by" and "openings", which say how it was made, come
 * before its groups. */
static int read_document(struct reader *R)
{
	enum { VARIANTS = 4, FORMAT, BY, OPENINGS, GROUPS, NKEYS };
	static const char *const keys[NKEYS] = {"records", "plies", "valid", "invalid", "variants",
						"format", "by", "openings", "groups"};
	uint64_t top[STATS_NTOTALS] = {0}, totals[STATS_NTOTALS] = {0}, openings = 0;
	uint64_t serial = ++R->st->serial;
	int rc = expect(R, EV_MAP, "expected a map");
	const struct mark root = R->ev.at;
	unsigned seen = 0, groups = 1u << VARIANTS | 1u << GROUPS;
	free(R->by);
	R->by = NULL;
	while (!rc && (rc = next_key(R)) == 1) {
		/* a document of another program is said to be one, not
		 * reported at its first odd key: "format" comes before any
		 * other key kifu-stats does not write, and before the variants */
		int f = key_index(R->key, keys, NKEYS);
		if (!(seen & 1u << FORMAT) && (f < 0 || f == VARIANTS || f == GROUPS))
			return no_format(R, &root);
		if ((f = which_key(R, keys, NKEYS, &seen)) < 0)
			return f;
		if ((f == BY || f == OPENINGS || f == VARIANTS || f == GROUPS) && (seen & groups & ~(1u << f)))
			return fail(R, "after the groups (not a partial result of kifu-stats?)");
		if (f < STATS_NTOTALS) {
			rc = read_number(R, &top[f]);
		} else if (f == BY) {
			if (!(rc = read_string(R, &R->by)) && !R->by[0])
				rc = fail(R, "an empty \"by\"");
		} else if (f == OPENINGS) {
			if (!(rc = read_number(R, &openings)) && (!openings || openings > STATS_MAX_OPENINGS))
				rc = fail(R, "an opening tree of 1 to %d plies", STATS_MAX_OPENINGS);
		} else if (f == VARIANTS || f == GROUPS) {
			if ((f == GROUPS) != (R->by != NULL))
				return fail(R, f == GROUPS ? "groups without \"by\"" : "variants with \"by\": "
					    "groups expected");
			rc = apply_shape(R, &R->key_at, R->by, openings);
			if (!rc)
				rc = f == GROUPS ? read_values(R, serial, totals) :
				     read_variants(R, serial, totals, NULL);
		} else if (!(rc = next(R)) && (!string_text(R) || strcmp(string_text(R), STATS_FORMAT))) {
			return no_format(R, &root);
		}
	}
	if (!rc && !(seen & 1u << FORMAT))
		return no_format(R, &root);
	if (!rc && !(seen & groups))
		return fail_at(R, &root, KIFU_ESYNTAX, "no map of variants (not a partial result of kifu-stats?)");
	for (int f = 0; !rc && f < STATS_NTOTALS; f++)
		if (top[f] != totals[f])
			rc = fail_at(R, &root, KIFU_ESYNTAX, "%s is %llu, not the sum over the variants (%llu)",
				     stats_total_keys[f], (unsigned long long)top[f],
				     (unsigned long long)totals[f]);
	return rc;
}

/* Every document of the parser's input; *count gets their number. */
static int read_stream(struct reader *R, long *count)
{
	int rc = expect(R, EV_STREAM, "expected a stream");
	while (!rc && !(rc = next(R)) && R->ev.type != EV_STREAM_END) {
		if (R->ev.type != EV_DOC)
			return fail(R, "expected a document");
		rc = read_document(R);
		if (!rc)
			rc = expect(R, EV_DOC_END, "expected the document's end");
		(*count)++;
	}
	return rc;
}

/* A part of YAML documents, each begun by "---" (so that parts
 * concatenate as they are), read by libyaml. */
static int read_yaml(struct reader *R, FILE *in, long *count)
{
	if (!yaml_parser_initialize(&R->parser))
		return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
	yaml_parser_set_input_file(&R->parser, in);
	int rc = read_stream(R, count);
	if (R->have_ev)
		yaml_event_delete(&R->yev);
	R->have_ev = 0;
	yaml_parser_delete(&R->parser);
	return rc;
}

/* A part of JSON: objects one after another, one to a line as kifu-stats
 * writes them or with nothing between (several runs' outputs
 * concatenated), read by the JSON reader from line:col on. */
static int read_json(struct reader *R, FILE *in, long line, long col, long *count)
{
	/* keys given twice are said here, in the part's terms */
	if (kifu_json_reader_new(&R->json.reader, in, R->name, KIFU_JSON_OWN_KEYS))
		return kifu_diag_set(R->diag, KIFU_ENOMEM, R->name, 0, 0, "out of memory");
	kifu_json_reader_place(R->json.reader, line, col);
	int rc = read_stream(R, count);
	kifu_json_reader_free(R->json.reader);
	R->json.reader = NULL;
	return rc;
}

/* A part is JSON when it begins with '{', else YAML. */
int stats_merge_file(struct stats *st, FILE *in, const char *name, kifu_diag *diag)
{
	int c;
	long blank_lines = 0, col = 1, count = 0;
	while ((c = getc(in)) != EOF && isspace(c)) {
		blank_lines += c == '\n';
		col = c == '\n' ? 1 : col + 1;
	}
	if (c != EOF)
		ungetc(c, in);
	struct reader R;
	memset(&R, 0, sizeof R);
	R.st = st;
	R.name = name;
	R.line_offset = blank_lines;
	R.diag = diag;
	int rc = c == EOF ? 0 : c == '{' ? read_json(&R, in, 1 + blank_lines, col, &count) : read_yaml(&R, in, &count);
	free(R.key);
	free(R.hist);
	free(R.hist_seen);
	free(R.prev_node);
	free(R.by);
	for (int i = 0; i < STATS_MAX_OPENINGS; i++)
		free(R.levels[i].key);
	if (!rc && ferror(in))
		rc = kifu_diag_set(diag, KIFU_EIO, name, 0, 0, "read error: %s", strerror(errno));
	if (!rc && !count)
		rc = kifu_diag_set(diag, KIFU_ESYNTAX, name, 0, 0,
				   "empty: not a partial result of kifu-stats");
	return rc;
}
