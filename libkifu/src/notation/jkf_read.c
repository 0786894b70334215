/*
 * jkf_read.c - reading JKF, the JSON Kifu Format (docs/jkf.md): records
 * of standard shogi as JSON objects, one after another in an input.
 *
 * The JSON itself is jansson's to parse: it reports the line and column of
 * every syntax error, which our messages need, and does the job better
 * than a parser of our own would.  What jansson does not give is where a
 * value is written, which a message about a move needs: a scan of the
 * record's text (the one piece of lexing here) notes where every '{' is,
 * and the k-th object of the parsed tree, in document order, is the k-th
 * '{' (jansson keeps an object's keys in the order written, and duplicate
 * keys are refused).  The same scan tells where a record ends, so that
 * records are read one at a time and memory does not grow with the input.
 */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/jkf.h"
#include "notation/notation.h"
#include "record/start.h"

/* ---- JKF's names (jkf.h) ---- */

/* The schema's `kind`: CSA's codes (CSA standard record format V2.2). */
const jkf_kind kifu__jkf_kinds[JKF_NKINDS] = {
	{"FU", "P"}, {"KY", "L"}, {"KE", "N"}, {"GI", "S"}, {"KI", "G"}, {"KA", "B"}, {"HI", "R"},
	{"OU", "K"}, {"TO", "+P"}, {"NY", "+L"}, {"NK", "+N"}, {"NG", "+S"}, {"UM", "+B"}, {"RY", "+R"},
};

/* The schema's `preset`, in its order; its description names them 平手,
 * 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち,
 * 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち,
 * その他: KIF's 手合割 names, which shogi.yaml's `starts` use. */
const jkf_preset kifu__jkf_presets[JKF_NPRESETS] = {
	{"HIRATE", "平手"}, {"KY", "香落ち"}, {"KY_R", "右香落ち"}, {"KA", "角落ち"},
	{"HI", "飛車落ち"}, {"HIKY", "飛香落ち"}, {"2", "二枚落ち"}, {"3", "三枚落ち"},
	{"4", "四枚落ち"}, {"5", "五枚落ち"}, {"5_L", "左五枚落ち"}, {"6", "六枚落ち"},
	{"7_L", "左七枚落ち"}, {"7_R", "右七枚落ち"}, {"8", "八枚落ち"}, {"10", "十枚落ち"},
	{"OTHER", "その他"},
};

static bool same_text(const char *word, const char *s, size_t len)
{
	return strlen(word) == len && !memcmp(word, s, len);
}

int kifu__jkf_kind_find(const char *s, size_t len)
{
	for (int k = 0; k < JKF_NKINDS; k++)
		if (same_text(kifu__jkf_kinds[k].code, s, len))
			return k;
	return -1;
}

int kifu__jkf_preset_find(const char *s, size_t len)
{
	for (int k = 0; k < JKF_NPRESETS; k++)
		if (same_text(kifu__jkf_presets[k].code, s, len))
			return k;
	return -1;
}

int kifu__jkf_types(const kifu_variant *v, int types[JKF_NKINDS])
{
	for (int k = 0; k < JKF_NKINDS; k++) {
		const char *tok = kifu__jkf_kinds[k].sfen;
		types[k] = kifu_variant_piece_by_sfen(v, tok, strlen(tok));
		if (types[k] < 0)
			return k;
	}
	return -1;
}

void kifu__jkf_square_name(const kifu_variant *v, int sq, char *buf, size_t size)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (sq < 0 || sq >= files * ranks)
		snprintf(buf, size, "?");
	else
		snprintf(buf, size, "%d%d", sq % files + 1, sq / files + 1);
}

/* ---- the reader's state ---- */

/* Where a '{' is: its line and column (characters, 1-based). */
typedef struct jkf_at { long line, col; } jkf_at;

/* The scan of a record's text as its lines arrive (the file comment). */
typedef struct jkf_scan {
	size_t off;      /* the next byte to look at */
	long line, col;  /* the place of that byte */
	int depth;       /* of [ and { */
	bool in_string, escape;
	bool done;       /* the outermost value has closed, at end - 1 */
	size_t end;
} jkf_scan;

typedef struct jkf_reader {
	kifu__read_ctx ctx;
	char *buf;             /* decoded lines, each with its '\n' */
	size_t head, len, cap; /* the unread text is buf[head..len) */
	long line, col;        /* where buf[head] is */
	bool eof;
	jkf_at *at;            /* the '{' of the record, in document order */
	size_t nat, atcap;
	/* a line that spoils the record it is in: too long to be read, or
	 * holding a byte the input's encoding does not read */
	long spoil_line, spoil_col; /* 0: none */
	char spoil_msg[200];
	bool lost;             /* a line too long began a record: what follows it up
				* to a line that begins with '{' is that record's */
	const kifu_variant *typed; /* the variant types[] are of */
	int types[JKF_NKINDS];
	int missing;           /* the kind typed lacks, -1 if none */
	kifu_position *pos;    /* for checking initial.data */
} jkf_reader;

static int jkf_open(void **state, const kifu__read_ctx *ctx)
{
	jkf_reader *r = calloc(1, sizeof *r);
	*state = r;
	if (!r)
		return KIFU_ENOMEM;
	r->ctx = *ctx;
	r->line = 1;
	r->col = 1;
	return 0;
}

static void jkf_close(void *state)
{
	jkf_reader *r = state;
	if (!r)
		return;
	free(r->buf);
	free(r->at);
	kifu_position_free(r->pos);
	free(r);
}

/* ---- gathering a record's text ---- */

static void spoil(jkf_reader *r, long line, long col, const char *msg)
{
	if (r->spoil_line)
		return; /* the first is the one reported */
	r->spoil_line = line;
	r->spoil_col = col;
	kifu__text_copy(r->spoil_msg, sizeof r->spoil_msg, msg);
}

static int append(jkf_reader *r, const char *s, size_t n)
{
	if (r->len + n + 1 > r->cap) {
		size_t cap = r->cap ? r->cap : 4096;
		while (cap < r->len + n + 1)
			cap *= 2;
		char *b = realloc(r->buf, cap);
		if (!b)
			return KIFU_ENOMEM;
		r->buf = b;
		r->cap = cap;
	}
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	r->buf[r->len] = 0;
	return 0;
}

enum { PULLED = 1, LONG_BETWEEN = 2 };

/* Appends the input's next line (decoded, with its '\n').  PULLED, 0 at
 * the end of the input, or a negative code.  A line too long to be read
 * spoils the record it is in (gathering) or, between records, is a record
 * of its own that cannot be read (LONG_BETWEEN, diag saying where). */
static int pull_line(jkf_reader *r, bool gathering, kifu_diag *diag)
{
	const char *raw, *line;
	size_t rawlen, len, bad_at;
	long lineno;
	const char *name = kifu_reader_name(r->ctx.lines);
	int rc = kifu_reader_next(r->ctx.lines, &raw, &rawlen, &lineno, diag);
	if (rc == KIFU_ELIMIT) {
		if (!gathering)
			return LONG_BETWEEN;
		spoil(r, diag->line, 0, diag->message);
		kifu_diag_clear(diag);
		return append(r, "\n", 1) ? KIFU_ENOMEM : PULLED;
	}
	if (rc != 1) {
		r->eof = rc == 0;
		return rc;
	}
	if (kifu__decoder_line(r->ctx.dec, raw, rawlen, &line, &len, &bad_at))
		return kifu_diag_set(diag, KIFU_ENOMEM, name, lineno, 0, "out of memory");
	if (bad_at != (size_t)-1) {
		/* its column: the characters before the first U+FFFD */
		long col = 1;
		for (size_t k = 0; k + 3 <= len && memcmp(line + k, "\xEF\xBF\xBD", 3); k++)
			col += ((unsigned char)line[k] & 0xC0) != 0x80;
		char msg[120];
		snprintf(msg, sizeof msg, "a byte that is not %s (0x%02X), the encoding of this file",
			 kifu__decoder_name(r->ctx.dec), (unsigned char)raw[bad_at]);
		spoil(r, lineno, col, msg);
	}
	if (r->head == r->len) {
		/* nothing unread: the text starts afresh with this line */
		r->head = r->len = 0;
		r->line = lineno;
		r->col = 1;
	}
	if (r->len - r->head + len + 1 > (size_t)KIFU__JKF_MAX_RECORD)
		return kifu_diag_set(diag, KIFU_ELIMIT, name, lineno, 0,
				     "a JKF record longer than %ld MiB: the rest of the input is not read",
				     KIFU__JKF_MAX_RECORD >> 20);
	if (append(r, line, len) || append(r, "\n", 1))
		return kifu_diag_set(diag, KIFU_ENOMEM, name, lineno, 0, "out of memory");
	return PULLED;
}

static int note_brace(jkf_reader *r, long line, long col)
{
	if (r->nat == r->atcap) {
		size_t cap = r->atcap ? r->atcap * 2 : 256;
		jkf_at *a = realloc(r->at, cap * sizeof *a);
		if (!a)
			return KIFU_ENOMEM;
		r->at = a;
		r->atcap = cap;
	}
	r->at[r->nat++] = (jkf_at){line, col};
	return 0;
}

/* Scans the text that has arrived, noting each '{' outside strings, up to
 * the close of the outermost value. */
static int scan_more(jkf_reader *r, jkf_scan *s)
{
	const unsigned char *b = (const unsigned char *)r->buf;
	for (; s->off < r->len && !s->done; s->off++) {
		unsigned char c = b[s->off];
		if (s->in_string) {
			if (s->escape)
				s->escape = false;
			else if (c == '\\')
				s->escape = true;
			else if (c == '"')
				s->in_string = false;
		} else if (c == '"') {
			s->in_string = true;
		} else if (c == '{' || c == '[') {
			if (c == '{' && note_brace(r, s->line, s->col))
				return KIFU_ENOMEM;
			s->depth++;
		} else if ((c == '}' || c == ']') && --s->depth <= 0) {
			s->done = true;
			s->end = s->off + 1;
		}
		if (c == '\n') {
			s->line++;
			s->col = 1;
		} else if ((c & 0xC0) != 0x80) {
			s->col++;
		}
	}
	return 0;
}

/* Passes over blanks, reading lines as needed, to the first byte of the
 * next record.  1 when there is one, 0 at the end of the input, LONG_BETWEEN,
 * or a negative code. */
static int skip_blanks(jkf_reader *r, kifu_diag *diag)
{
	for (;;) {
		while (r->head < r->len && strchr(" \t\r\n", r->buf[r->head])) {
			if (r->buf[r->head] == '\n') {
				r->line++;
				r->col = 1;
			} else {
				r->col++;
			}
			r->head++;
		}
		if (r->head < r->len)
			return 1;
		if (r->eof)
			return 0;
		int rc = pull_line(r, false, diag);
		if (rc != PULLED)
			return rc;
	}
}

/* ---- building the record ---- */

typedef struct build {
	jkf_reader *r;
	kifu_record *rec;
	const kifu_variant *v;
	int side0;          /* the side to move at the start */
	int prev_to;        /* the square the move before went to, -1 if none */
	char handicap[256]; /* the header's 手合割, trimmed ("" if none) */
	long handicap_ord;  /* where: the header's object */
	const json_t *here; /* the element or move being read: what a problem
			     * at a ply shows when the move has no text yet */
	char moved[24];     /* the text of its move once read, "" before */
} build;

enum { STOP = 1 }; /* the record has its error: building stops */

/* How many objects v holds, itself included: what passes between two
 * objects in document order. */
static long objects_in(const json_t *v)
{
	long n = 0;
	if (json_is_object(v)) {
		const char *k;
		json_t *x;
		n = 1;
		json_object_foreach((json_t *)v, k, x)
			n += objects_in(x);
	} else if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v); i++)
			n += objects_in(json_array_get(v, i));
	}
	return n;
}

/* The ordinal of the first object in the value of key in obj (of ordinal
 * ord): obj's own, and those of the keys written before it, come first. */
static long ord_of_key(const json_t *obj, long ord, const char *key)
{
	const char *k;
	json_t *x;
	ord++;
	json_object_foreach((json_t *)obj, k, x) {
		if (!strcmp(k, key))
			break;
		ord += objects_in(x);
	}
	return ord;
}

static void where(const build *b, long ord, long *line, long *col)
{
	if (ord >= 0 && (size_t)ord < b->r->nat) {
		*line = b->r->at[ord].line;
		*col = b->r->at[ord].col;
	} else {
		*line = kifu_record_line(b->rec);
		*col = 0;
	}
}

/* The JSON of v as written, compact and cut short, for a message. */
static const char *shown_json(const json_t *v, char *buf, size_t size)
{
	char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	if (!s)
		return "?";
	size_t n = strlen(s), keep = kifu__utf8_cut(s, n, size - 4);
	snprintf(buf, size, "%.*s%s", (int)keep, s, keep < n ? "..." : "");
	free(s);
	return buf;
}

static int problem(build *b, long ply, long ord, const char *text, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The record's first problem, at the object of ordinal ord, about the move
 * text (NULL: none) at ply (0: the record as a whole).  In a variation it
 * is an error of the whole record that names the variation, as KIF's.
 * Returns STOP, or KIFU_ENOMEM. */
static int problem(build *b, long ply, long ord, const char *text, const char *fmt, ...)
{
	char msg[600], shown[56];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kifu__utf8_trim_end(msg);
	if (!text && ply > 0 && (b->moved[0] || b->here))
		text = b->moved[0] ? b->moved : shown_json(b->here, shown, sizeof shown);
	long line, col;
	where(b, ord, &line, &col);
	int rc, lno = kifu_record_current_line(b->rec);
	if (lno > 0 && ply > 0) {
		kifu_record_line_info li;
		kifu_record_get_line(b->rec, lno, &li);
		char full[800];
		snprintf(full, sizeof full, "in the variation from ply %ld: ply %ld: %s%s%s", li.start, ply,
			 text ? text : "", text ? ": " : "", msg);
		kifu__utf8_trim_end(full);
		rc = kifu_record_set_error(b->rec, 0, line, col, NULL, 0, full);
	} else {
		rc = kifu_record_set_error(b->rec, ply, line, col, text, text ? strlen(text) : 0, msg);
	}
	return rc ? rc : STOP;
}

static int side_at(const build *b, long ply) { return (int)((b->side0 + ply - 1) & 1); }

static const char *side_name(int side) { return side ? "Gote" : "Sente"; }

/* A key's name, shortened and made printable for a message. */
static const char *shown_key(const char *k, char *buf, size_t size)
{
	kifu__text_copy(buf, size < 60 ? size : 60, k);
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = '?';
	return buf;
}

/* comments: an array of strings, one per line; the schema's first element
 * may also have `comment`, one string.  Stored joined by '\n' at idx. */
static int read_comments(build *b, const json_t *c, long ply, long ord, long idx)
{
	if (!c || json_is_null(c))
		return 0;
	if (json_is_string(c))
		return kifu_record_set_comment(b->rec, idx, json_string_value(c), json_string_length(c));
	if (!json_is_array(c))
		return problem(b, ply, ord, NULL, "comments is not an array of strings");
	size_t n = json_array_size(c), total = 0;
	for (size_t i = 0; i < n; i++) {
		const json_t *s = json_array_get(c, i);
		if (!json_is_string(s))
			return problem(b, ply, ord, NULL, "comments[%zu] is not a string", i);
		total += json_string_length(s) + 1;
	}
	if (!n)
		return 0;
	char *text = malloc(total);
	if (!text)
		return KIFU_ENOMEM;
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		const json_t *s = json_array_get(c, i);
		if (i)
			text[o++] = '\n';
		memcpy(text + o, json_string_value(s), json_string_length(s));
		o += json_string_length(s);
	}
	int rc = kifu_record_set_comment(b->rec, idx, text, o);
	free(text);
	return rc;
}

/* A non-negative integer member of obj, or -1 when absent (or null, where
 * allowed); -2 when it is something else. */
static long long int_member(const json_t *obj, const char *key, bool nullable)
{
	const json_t *x = json_object_get(obj, key);
	if (!x || (nullable && json_is_null(x)))
		return -1;
	if (!json_is_integer(x) || json_integer_value(x) < 0)
		return -2;
	return json_integer_value(x);
}

/* Only the keys listed (NULL-terminated) in obj: else the first other one. */
static const char *stray_key(const json_t *obj, const char *const *keys)
{
	const char *k;
	json_t *x;
	json_object_foreach((json_t *)obj, k, x) {
		const char *const *p = keys;
		while (*p && strcmp(*p, k))
			p++;
		if (!*p)
			return k;
	}
	return NULL;
}

/* {h?, m, s}: seconds, or -1 when it is not that. */
static double clock_value(const json_t *t)
{
	static const char *const keys[] = {"h", "m", "s", NULL};
	if (!json_is_object(t) || stray_key(t, keys))
		return -1;
	long long h = int_member(t, "h", true), m = int_member(t, "m", false), s = int_member(t, "s", false);
	if (h == -2 || m < 0 || s < 0)
		return -1;
	return (double)(h < 0 ? 0 : h) * 3600 + (double)m * 60 + (double)s;
}

/* time: {now, total}, each {h?, m, s}: seconds on the move, and the
 * mover's total after it. */
static int read_time(build *b, const json_t *t, long ply, long ord, long idx)
{
	static const char *const keys[] = {"now", "total", NULL};
	if (json_is_null(t))
		return 0;
	if (!json_is_object(t) || stray_key(t, keys))
		return problem(b, ply, ord, NULL, "time is not {\"now\": {...}, \"total\": {...}}");
	double now = clock_value(json_object_get(t, "now")), total = clock_value(json_object_get(t, "total"));
	if (now < 0 || total < 0)
		return problem(b, ply, ord, NULL, "time's now and total are each {\"h\"?, \"m\", \"s\"}, "
				   "whole numbers of hours, minutes and seconds");
	return kifu_record_set_time(b->rec, idx, now, total);
}

/* {x, y}: the square, or -1 when it is not one of the board's. */
static int place(const build *b, const json_t *p)
{
	static const char *const keys[] = {"x", "y", NULL};
	if (!json_is_object(p) || stray_key(p, keys))
		return -1;
	long long x = int_member(p, "x", false), y = int_member(p, "y", false);
	int files = kifu_variant_files(b->v), ranks = kifu_variant_ranks(b->v);
	if (x < 1 || x > files || y < 1 || y > ranks)
		return -1;
	return (int)((y - 1) * files + (x - 1));
}

/* A kind member ("FU"): its index in kifu__jkf_kinds, -1 absent or null,
 * -2 not a kind. */
static int kind_member(const json_t *obj, const char *key)
{
	const json_t *x = json_object_get(obj, key);
	if (!x || json_is_null(x))
		return -1;
	if (!json_is_string(x))
		return -2;
	int k = kifu__jkf_kind_find(json_string_value(x), json_string_length(x));
	return k < 0 ? -2 : k;
}

/* A boolean member: 1, 0, or -1 absent or null, -2 something else. */
static int bool_member(const json_t *obj, const char *key)
{
	const json_t *x = json_object_get(obj, key);
	if (!x || json_is_null(x))
		return -1;
	return json_is_boolean(x) ? json_is_true(x) : -2;
}

/* relative: what JKF's README lists, L C R (左 直 右), U M D (上 寄 引), H
 * (打) and the pairs [LCR][UD], [LR]M. */
static bool relative_ok(const char *s)
{
	static const char *const forms[] = {"L", "C", "R", "U", "M", "D", "H", "LU", "LD", "CU", "CD",
					    "RU", "RD", "LM", "RM", NULL};
	for (const char *const *f = forms; *f; f++)
		if (!strcmp(*f, s))
			return true;
	return false;
}

/* The move's text for messages and the record: CSA's form, which JKF's
 * fields follow (+7776FU, -0055KA, +8822UM: the piece after the move). */
static void move_text(const build *b, const kifu_move *m, int side, int kind, char *out, size_t size)
{
	int files = kifu_variant_files(b->v);
	int k = kind;
	if (m->flags & KIFU_MOVE_PROMOTE) {
		/* the promoted kind: its SFEN is '+' and the unpromoted one's */
		char tok[4] = "+";
		strcat(tok, kifu__jkf_kinds[kind].sfen);
		for (int j = 0; j < JKF_NKINDS; j++)
			if (!strcmp(kifu__jkf_kinds[j].sfen, tok))
				k = j;
	}
	/* by hand, not printf: this is the per-move path (9x9: one digit each) */
	bool drop = m->flags & KIFU_MOVE_DROP;
	char t[8] = {side ? '-' : '+', drop ? '0' : (char)('1' + m->from % files),
		     drop ? '0' : (char)('1' + m->from / files), (char)('1' + m->to % files),
		     (char)('1' + m->to / files), kifu__jkf_kinds[k].code[0], kifu__jkf_kinds[k].code[1], 0};
	if (size >= sizeof t)
		memcpy(out, t, sizeof t);
}

/* move: {color, from?, to, piece, same?, promote?, capture?, relative?}.
 * Added to the record's current line; *idx its global index. */
static int read_move(build *b, const json_t *mv, long ply, long ord, long *idx)
{
	static const char *const keys[] = {"color", "from", "to", "piece", "same", "promote",
					   "capture", "relative", NULL};
	char kb[64];
	b->here = mv;
	if (!json_is_object(mv))
		return problem(b, ply, ord, NULL, "move is not an object");
	const char *stray = stray_key(mv, keys);
	if (stray)
		return problem(b, ply, ord, NULL, "unknown key \"%s\" in a move (docs/jkf.md lists JKF's keys)",
			       shown_key(stray, kb, sizeof kb));
	const json_t *color = json_object_get(mv, "color"), *from = json_object_get(mv, "from");
	const json_t *rel = json_object_get(mv, "relative");
	int kind = kind_member(mv, "piece"), to = place(b, json_object_get(mv, "to"));
	int promote = bool_member(mv, "promote"), same = bool_member(mv, "same");
	if (!json_is_integer(color) || json_integer_value(color) < 0 || json_integer_value(color) > 1)
		return problem(b, ply, ord, NULL, "a move's color is 0 (Sente) or 1 (Gote)");
	if (kind < 0)
		return problem(b, ply, ord, NULL, "a move's piece is one of JKF's kinds (FU KY KE GI KI KA HI OU "
				   "TO NY NK NG UM RY)");
	if (to < 0)
		return problem(b, ply, ord, NULL, "a move's to is a square {\"x\": 1-9, \"y\": 1-9}");
	if (promote == -2 || same == -2)
		return problem(b, ply, ord, NULL, "a move's promote and same are true or false");
	if (kind_member(mv, "capture") == -2 || kind_member(mv, "capture") == 7)
		return problem(b, ply, ord, NULL, "a move's capture is the kind of a piece that can be taken");
	if (rel && !json_is_null(rel) && (!json_is_string(rel) || !relative_ok(json_string_value(rel))))
		return problem(b, ply, ord, NULL, "a move's relative is one of L C R U M D H LU LD CU CD RU RD LM RM");
	const int *types = b->r->types;
	kifu_move m = {0, KIFU_NO_SQUARE, (uint16_t)to, promote == 1 ? KIFU_MOVE_PROMOTE : 0, 0};
	int side = (int)json_integer_value(color);
	if (from && !json_is_null(from)) {
		int sq = place(b, from);
		if (sq < 0)
			return problem(b, ply, ord, NULL, "a move's from is a square {\"x\": 1-9, \"y\": 1-9}, or null for a drop");
		m.from = (uint16_t)sq;
	} else {
		/* a drop: the piece from hand, which is never promoted nor a King */
		if (kind >= 7)
			return problem(b, ply, ord, NULL, "a move without from is a drop: %s cannot be dropped",
				       kifu__jkf_kinds[kind].code);
		if (promote == 1)
			return problem(b, ply, ord, NULL, "a drop cannot promote");
		m.flags = KIFU_MOVE_DROP;
		m.piece = (uint8_t)types[kind];
	}
	char text[24];
	move_text(b, &m, side, kind, text, sizeof text);
	if (side != side_at(b, ply))
		return problem(b, ply, ord, text, "color %d (%s), but it is %s's move", side, side_name(side),
			       side_name(side_at(b, ply)));
	if (same == 1 && to != b->prev_to)
		return problem(b, ply, ord, text, "same is true, but %s", b->prev_to < 0 ?
			       "no move comes before it" : "the move before went to another square");
	long line, col;
	where(b, ord, &line, &col);
	*idx = kifu_record_add_move(b->rec, &m, text, strlen(text), line, col);
	if (*idx == KIFU_ELIMIT)
		return problem(b, ply, ord, text, "more moves than a record may hold");
	if (*idx < 0)
		return (int)*idx;
	b->prev_to = to;
	memcpy(b->moved, text, sizeof text);
	/* the piece JKF names is checked against the board by validation */
	return kifu_record_set_named_type(b->rec, *idx, types[kind]);
}

/* special: the line's ending, CSA's word without its '%'. */
static int read_special(build *b, const json_t *sp, long ply, long ord)
{
	if (!json_is_string(sp))
		return problem(b, ply, ord, NULL, "special is a string (TORYO, CHUDAN, ...)");
	const char *s = json_string_value(sp);
	size_t n = json_string_length(sp);
	const char *word = NULL;
	if (!strcmp(s, "+ILLEGAL_ACTION") || !strcmp(s, "-ILLEGAL_ACTION")) {
		/* the side at fault: the side to move lost, or won by the other
		 * side's act (kifu/vocabulary.h) */
		int fault = s[0] == '-';
		word = fault == side_at(b, ply) ? "illegal-loss" : "illegal-win";
	} else {
		char csa[64];
		if (n + 2 <= sizeof csa) {
			csa[0] = '%';
			memcpy(csa + 1, s, n + 1);
			const kifu_ending_info *e = kifu_ending_find_csa(csa, n + 1);
			word = e ? e->word : NULL;
		}
	}
	if (!word) {
		char shown[64];
		return problem(b, ply, ord, NULL, "unknown special \"%s\" (JKF's: TORYO CHUDAN SENNICHITE TIME_UP "
			       "ILLEGAL_MOVE +ILLEGAL_ACTION -ILLEGAL_ACTION JISHOGI KACHI HIKIWAKE MATTA TSUMI "
			       "FUZUMI ERROR)", shown_key(s, shown, sizeof shown));
	}
	long line, col;
	where(b, ord, &line, &col);
	int rc = kifu_record_set_ending(b->rec, word, strlen(word), line, col);
	return rc ? rc : kifu_record_set_ending_text(b->rec, s, n);
}

/* One element of a line of play at ply: a move or the ending, with its
 * comments and time.  *ended: the line has had its ending. */
static int read_element(build *b, const json_t *e, long ply, long ord, bool *ended)
{
	static const char *const keys[] = {"comments", "move", "time", "special", "forks", NULL};
	char kb[64];
	b->here = e;
	b->moved[0] = 0;
	if (!json_is_object(e))
		return problem(b, ply, ord, NULL, "an element of moves is an object");
	const char *stray = stray_key(e, keys);
	if (stray)
		return problem(b, ply, ord, NULL, "unknown key \"%s\" in an element of moves (docs/jkf.md lists "
			       "JKF's keys)", shown_key(stray, kb, sizeof kb));
	const json_t *mv = json_object_get(e, "move"), *sp = json_object_get(e, "special");
	const json_t *forks = json_object_get(e, "forks");
	bool has_move = mv && !json_is_null(mv), has_special = sp && !json_is_null(sp);
	if (forks && !json_is_null(forks) && !json_is_array(forks))
		return problem(b, ply, ord, NULL, "forks is an array of lines of play");
	if (*ended)
		return problem(b, ply, ord, NULL, "an element after the end of the game (its special)");
	if (has_move == has_special)
		return problem(b, ply, ord, NULL, has_move ? "an element with both a move and a special" :
				   "an element with neither a move nor a special");
	long idx = KIFU_COMMENT_ENDING;
	int rc = has_move ? read_move(b, mv, ply, json_is_object(mv) ? ord_of_key(e, ord, "move") : ord, &idx) :
			    read_special(b, sp, ply, ord);
	*ended = has_special;
	if (!rc)
		rc = read_comments(b, json_object_get(e, "comments"), ply, ord, idx);
	if (!rc && json_object_get(e, "time"))
		rc = read_time(b, json_object_get(e, "time"), ply, ord, idx);
	return rc;
}

static int read_line(build *b, const json_t *arr, int line_no, long ply0, long ord, long skip, int depth);

/* The forks of element e (ordinal ord) at ply: each a variation, an
 * alternative to e's move (or ending) from the line line_no. */
static int read_forks(build *b, const json_t *e, long ply, long ord, int line_no, int depth)
{
	const json_t *forks = json_object_get(e, "forks");
	if (!forks || json_is_null(forks) || !json_array_size(forks))
		return 0;
	if (depth >= KIFU__JKF_MAX_FORK_DEPTH)
		return problem(b, 0, ord, NULL, "forks nested more than %d deep", KIFU__JKF_MAX_FORK_DEPTH);
	long fo = ord_of_key(e, ord, "forks");
	for (size_t j = 0; j < json_array_size(forks); j++) {
		const json_t *fork = json_array_get(forks, j);
		if (!json_is_array(fork))
			return problem(b, 0, ord, NULL, "forks[%zu] of ply %ld is not an array of moves", j, ply);
		int sub = kifu_record_begin_line(b->rec, line_no, ply);
		if (sub < 0)
			return sub;
		/* same: the move before the fork's first is the one before e */
		kifu_record_move before;
		b->prev_to = ply > 1 && kifu_record_line_move(b->rec, sub, ply - 1, &before, NULL) == 0 ?
				     before.move.to : -1;
		int rc = read_line(b, fork, sub, ply, fo, 0, depth + 1);
		if (rc)
			return rc;
		fo += objects_in(fork);
	}
	return 0;
}

/* A line of play: the elements of arr from index skip (ply ply0 + index,
 * the first object at ordinal ord), its moves and ending first, then the
 * forks of its elements (a line's moves are stored together). */
static int read_line(build *b, const json_t *arr, int line_no, long ply0, long ord, long skip, int depth)
{
	size_t n = json_array_size(arr);
	long o = ord;
	bool ended = false, forks = false;
	for (size_t i = 0; i < n; i++) {
		const json_t *e = json_array_get(arr, i);
		if ((long)i >= skip) {
			int rc = read_element(b, e, ply0 + (long)i, o, &ended);
			if (rc)
				return rc;
			forks = forks || json_object_get(e, "forks");
		}
		if (i + 1 < n)
			o += objects_in(e);
	}
	if (!forks)
		return 0;
	o = ord;
	for (size_t i = 0; i < n; i++) {
		const json_t *e = json_array_get(arr, i);
		if ((long)i >= skip) {
			int rc = read_forks(b, e, ply0 + (long)i, o, line_no, depth);
			if (rc)
				return rc;
		}
		o += objects_in(e);
	}
	return 0;
}

/* moves[0]: the start position, with the comments before the first move. */
static int read_start_element(build *b, const json_t *e, long ord)
{
	static const char *const keys[] = {"comments", "comment", NULL};
	char kb[64];
	if (!json_is_object(e))
		return problem(b, 0, ord, NULL, "moves[0] is an object (the start position's comments)");
	const char *stray = stray_key(e, keys);
	if (stray)
		return problem(b, 0, ord, NULL, "moves[0] is the start position: it holds comments, not \"%s\"",
			       shown_key(stray, kb, sizeof kb));
	const json_t *c = json_object_get(e, "comments");
	if (!c)
		c = json_object_get(e, "comment");
	return c ? read_comments(b, c, 0, ord, KIFU_COMMENT_BEFORE) : 0;
}

/* ---- the header and the start ---- */

static bool tag_key_shape(const char *k)
{
	if (!(*k >= 'a' && *k <= 'z'))
		return false;
	for (; *k; k++)
		if (!((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') || *k == '-' || *k == '_'))
			return false;
	return true;
}

/* Spaces (ASCII and full-width) trimmed off both ends, as KIF's values. */
static void trimmed(const char *s, char *out, size_t size)
{
	while (*s == ' ' || !strncmp(s, "　", 3))
		s += *s == ' ' ? 1 : 3;
	kifu__text_copy(out, size, s);
	size_t n = strlen(out);
	for (;;) {
		if (n && out[n - 1] == ' ')
			n--;
		else if (n >= 3 && !memcmp(out + n - 3, "　", 3))
			n -= 3;
		else
			break;
	}
	out[n] = 0;
}

/* header: KIF's header names (kifu_tag_info.kif) are tags; 手合割 is kept
 * for the start; a key shaped as a tag's is that tag (what the writer
 * makes of such a tag); any other is kept whole as `header=KEY：VALUE`, as
 * the KIF reader keeps one. */
static int read_header(build *b, const json_t *h, long ord)
{
	const char *k;
	json_t *val;
	char kb[64];
	if (json_is_null(h))
		return 0;
	if (!json_is_object(h))
		return problem(b, 0, ord, NULL, "header is an object of strings");
	json_object_foreach((json_t *)h, k, val) {
		if (!json_is_string(val))
			return problem(b, 0, ord, NULL, "header \"%s\" is not a string", shown_key(k, kb, sizeof kb));
		const char *s = json_string_value(val);
		size_t n = json_string_length(val), kl = strlen(k);
		const kifu_tag_info *tag = kifu_tag_find_kif(k, kl);
		int rc;
		if (tag && !strcmp(tag->key, "handicap")) {
			trimmed(s, b->handicap, sizeof b->handicap);
			b->handicap_ord = ord;
			continue;
		}
		if (tag)
			rc = kifu_record_add_tag(b->rec, tag->key, strlen(tag->key), s, n);
		else if (tag_key_shape(k) && !kifu_tag_find(k) && strcmp(k, "header") && strcmp(k, "sfen") &&
			 strcmp(k, "comment") && strcmp(k, "bookmark"))
			rc = kifu_record_add_tag(b->rec, k, kl, s, n);
		else {
			char *whole = malloc(kl + 3 + n);
			if (!whole)
				return KIFU_ENOMEM;
			memcpy(whole, k, kl);
			memcpy(whole + kl, "：", 3);
			memcpy(whole + kl + 3, s, n);
			rc = kifu_record_add_tag(b->rec, "header", 6, whole, kl + 3 + n);
			free(whole);
		}
		if (rc)
			return rc;
	}
	return 0;
}

/* The side to move in an SFEN: its second field. */
static int sfen_side(const char *sfen)
{
	const char *sp = strchr(sfen, ' ');
	return sp && sp[1] == 'w' ? 1 : 0;
}

/* One square of initial.data's board: {} or {color, kind}; its piece's
 * SFEN token appended at *n (nothing for an empty square).  false if it
 * is neither. */
static bool put_square(const json_t *sq, char *sfen, size_t *n)
{
	static const char *const keys[] = {"color", "kind", NULL};
	if (!json_is_object(sq) || stray_key(sq, keys))
		return false;
	const json_t *c = json_object_get(sq, "color");
	int kind = kind_member(sq, "kind");
	bool no_color = !c || json_is_null(c);
	if (kind == -1 && no_color)
		return true;
	if (kind < 0 || no_color || !json_is_integer(c) || json_integer_value(c) < 0 || json_integer_value(c) > 1)
		return false;
	for (const char *t = kifu__jkf_kinds[kind].sfen; *t; t++)
		sfen[(*n)++] = json_integer_value(c) && *t != '+' ? (char)(*t - 'A' + 'a') : *t;
	return true;
}

/* initial.data as an SFEN (board side hands 1) in sfen, which has room for
 * 1024 bytes.  NULL, or what is wrong. */
static const char *data_sfen(const json_t *d, char *sfen)
{
	static const char *const keys[] = {"color", "board", "hands", NULL};
	if (!json_is_object(d) || stray_key(d, keys))
		return "initial.data is {\"color\", \"board\", \"hands\"}";
	const json_t *color = json_object_get(d, "color"), *board = json_object_get(d, "board");
	const json_t *hands = json_object_get(d, "hands");
	if (!json_is_integer(color) || json_integer_value(color) < 0 || json_integer_value(color) > 1)
		return "initial.data's color is 0 (Sente) or 1 (Gote), the side to move";
	bool empty = json_is_object(board) && json_object_size(board) == 0;
	if (!empty && (!json_is_array(board) || json_array_size(board) != 9))
		return "initial.data's board is 9 files (board[x-1][y-1] the square x, y), or {} for none";
	size_t n = 0;
	for (int y = 1; y <= 9; y++) {
		int blanks = 0;
		if (y > 1)
			sfen[n++] = '/';
		for (int x = 9; x >= 1; x--) {
			const json_t *file = empty ? NULL : json_array_get(board, (size_t)x - 1);
			if (!empty && (!json_is_array(file) || json_array_size(file) != 9))
				return "initial.data's board is 9 files of 9 squares";
			size_t at = n;
			if (!empty && !put_square(json_array_get(file, (size_t)y - 1), sfen, &n))
				return "a square of initial.data's board is {} or {\"color\": 0 or 1, \"kind\": \"FU\"...}";
			if (n == at) {
				blanks++;
				continue;
			}
			if (blanks) {
				/* the empty squares before this piece, as one digit */
				memmove(sfen + at + 1, sfen + at, n - at);
				sfen[at] = (char)('0' + blanks);
				n++;
				blanks = 0;
			}
		}
		if (blanks)
			sfen[n++] = (char)('0' + blanks);
	}
	n += (size_t)sprintf(sfen + n, " %c ", json_integer_value(color) ? 'w' : 'b');
	if (!json_is_array(hands) || json_array_size(hands) != 2)
		return "initial.data's hands are two objects, Sente's and Gote's ({\"FU\": 2, ...})";
	size_t before = n;
	for (int side = 0; side < 2; side++) {
		const json_t *hand = json_array_get(hands, (size_t)side);
		const char *k;
		json_t *cnt;
		if (!json_is_object(hand))
			return "initial.data's hands are two objects, Sente's and Gote's ({\"FU\": 2, ...})";
		json_object_foreach((json_t *)hand, k, cnt) {
			int kind = kifu__jkf_kind_find(k, strlen(k));
			if (kind < 0 || !json_is_integer(cnt) || json_integer_value(cnt) < 0)
				return "a hand of initial.data counts JKF's kinds: {\"FU\": 2, ...}";
			json_int_t c = json_integer_value(cnt);
			if (!c)
				continue;
			if (kind >= 7)
				return "a hand of initial.data holds only pieces that can be dropped (FU KY KE GI KI KA HI)";
			if (c > KIFU_MAX_IN_HAND)
				return "a hand of initial.data holds more than 200 of one piece";
			if (c > 1)
				n += (size_t)sprintf(sfen + n, "%d", (int)c);
			sfen[n++] = side ? (char)(kifu__jkf_kinds[kind].sfen[0] - 'A' + 'a') : kifu__jkf_kinds[kind].sfen[0];
		}
	}
	if (n == before)
		sfen[n++] = '-';
	strcpy(sfen + n, " 1");
	return NULL;
}

/* Is sfen the position of the named start's SFEN (board, side, hands)? */
static bool same_position(const char *sfen, const char *named)
{
	const char *a = strrchr(sfen, ' '), *b = strrchr(named, ' ');
	return a && b && a - sfen == b - named && !memcmp(sfen, named, (size_t)(a - sfen));
}

/* The name of v's start whose SFEN is sfen (a handicap spelt another way,
 * 香落 or with traditional characters, is kept under the start's name). */
static const char *start_name(const kifu_variant *v, const char *sfen)
{
	for (int i = 0; i < kifu_variant_named_start_count(v); i++) {
		const char *name = kifu_variant_named_start_name(v, i);
		if (kifu_variant_named_start(v, name) == sfen)
			return name;
	}
	return NULL;
}

/* initial: {preset, data?}: the start, as the `handicap` tag (a preset)
 * or the `sfen` tag (data); the header's 手合割 must agree with it. */
static int read_initial(build *b, const json_t *init, long ord)
{
	static const char *const keys[] = {"preset", "data", NULL};
	char kb[64];
	const char *named = b->handicap[0] ? kifu__named_start(b->v, b->handicap) : NULL;
	if (!init || json_is_null(init)) {
		/* no initial: the header's 手合割 gives the start, as in KIF */
		if (b->handicap[0] && !named) {
			kifu_diag d;
			kifu__unknown_handicap(b->v, b->handicap, &d);
			return problem(b, 0, b->handicap_ord, NULL, "%s", d.message);
		}
		b->side0 = sfen_side(named ? named : kifu_variant_start_sfen(b->v));
		const char *start = named ? start_name(b->v, named) : NULL;
		return start ? kifu_record_add_tag(b->rec, "handicap", 8, start, strlen(start)) : 0;
	}
	if (!json_is_object(init) || stray_key(init, keys))
		return problem(b, 0, ord, NULL, "initial is {\"preset\", \"data\"?}");
	const json_t *p = json_object_get(init, "preset"), *d = json_object_get(init, "data");
	int k = json_is_string(p) ? kifu__jkf_preset_find(json_string_value(p), json_string_length(p)) : -1;
	if (k < 0)
		return problem(b, 0, ord, NULL, "unknown initial.preset \"%s\" (JKF's: HIRATE KY KY_R KA HI HIKY 2 3 4 5 "
			       "5_L 6 7_L 7_R 8 10 OTHER)", json_is_string(p) ? shown_key(json_string_value(p), kb, sizeof kb) : "");
	bool other = !strcmp(kifu__jkf_presets[k].code, "OTHER");
	const char *preset = other ? NULL : kifu_variant_named_start(b->v, kifu__jkf_presets[k].name);
	if (!other && !preset)
		return problem(b, 0, ord, NULL, "initial.preset %s: %s has no start %s", kifu__jkf_presets[k].code,
			       kifu_variant_name(b->v), kifu__jkf_presets[k].name);
	if (preset && b->handicap[0] && (!named || strcmp(preset, named)))
		return problem(b, 0, b->handicap_ord, NULL, "the header's 手合割 (%s) is not initial.preset %s (%s)",
			       b->handicap, kifu__jkf_presets[k].code, kifu__jkf_presets[k].name);
	char sfen[1024];
	bool has_data = d && !json_is_null(d);
	if (other && !has_data)
		return problem(b, 0, ord, NULL, "initial.preset OTHER needs initial.data, the position");
	if (has_data) {
		const char *why = data_sfen(d, sfen);
		long dord = json_is_object(d) ? ord_of_key(init, ord, "data") : ord;
		if (why)
			return problem(b, 0, dord, NULL, "%s", why);
		kifu_diag diag;
		if (kifu_position_for(&b->r->pos, b->v))
			return KIFU_ENOMEM;
		if (kifu_position_set_sfen(b->r->pos, sfen, strlen(sfen), &diag))
			return problem(b, 0, dord, NULL, "initial.data is not a position of %s: %s",
				       kifu_variant_name(b->v), diag.message);
		if (preset && !same_position(sfen, preset))
			return problem(b, 0, dord, NULL, "initial.data is not the position of initial.preset %s",
				       kifu__jkf_presets[k].code);
		/* the tag in SFEN's own order (hands as the variant lists its
		 * pieces), not the order of the JSON's keys */
		if (kifu_position_sfen(b->r->pos, sfen, sizeof sfen) < 0)
			return problem(b, 0, dord, NULL, "initial.data: a position too large to write");
	}
	int rc = 0;
	if (preset)
		rc = kifu_record_add_tag(b->rec, "handicap", 8, kifu__jkf_presets[k].name,
					 strlen(kifu__jkf_presets[k].name));
	else if (b->handicap[0])
		rc = kifu_record_add_tag(b->rec, "handicap", 8, b->handicap, strlen(b->handicap));
	if (!rc && other) {
		b->side0 = sfen_side(sfen);
		for (char *s = sfen; *s; s++)
			if (*s == ' ')
				*s = '_';
		rc = kifu_record_add_tag(b->rec, "sfen", 4, sfen, strlen(sfen));
	} else {
		b->side0 = sfen_side(preset);
	}
	return rc;
}

/* The variant: -v's, else standard shogi, which is what JKF records. */
static int choose_variant(build *b)
{
	jkf_reader *r = b->r;
	b->v = r->ctx.fallback ? r->ctx.fallback : kifu_variant_set_find(r->ctx.variants, "shogi");
	if (!b->v)
		return problem(b, 0, 0, NULL, "JKF records standard shogi, and no variant shogi is known");
	if (b->v != r->typed) {
		r->typed = b->v;
		r->missing = kifu__jkf_types(b->v, r->types);
	}
	if (kifu_variant_files(b->v) != 9 || kifu_variant_ranks(b->v) != 9)
		return problem(b, 0, 0, NULL, "JKF records standard shogi on 9x9 boards; %s is %dx%d",
			       kifu_variant_name(b->v), kifu_variant_files(b->v), kifu_variant_ranks(b->v));
	if (r->missing >= 0)
		return problem(b, 0, 0, NULL, "JKF records standard shogi; %s has no %s (SFEN %s)",
			       kifu_variant_name(b->v), kifu__jkf_kinds[r->missing].code,
			       kifu__jkf_kinds[r->missing].sfen);
	const char *name = kifu_variant_name(b->v);
	return kifu_record_set_variant(b->rec, name, strlen(name));
}

/* The record: {header, initial?, moves}. */
static int read_record(build *b, const json_t *root)
{
	static const char *const keys[] = {"header", "initial", "moves", NULL};
	char kb[64];
	int rc;
	if (!json_is_object(root))
		return problem(b, 0, 0, NULL, "a JKF record is an object {\"header\", \"initial\"?, \"moves\"}");
	const char *stray = stray_key(root, keys);
	if (stray)
		return problem(b, 0, 0, NULL, "unknown key \"%s\" in a JKF record (it has header, initial and moves)",
			       shown_key(stray, kb, sizeof kb));
	const json_t *h = json_object_get(root, "header"), *init = json_object_get(root, "initial");
	const json_t *moves = json_object_get(root, "moves");
	if (h && (rc = read_header(b, h, json_is_object(h) ? ord_of_key(root, 0, "header") : 0)))
		return rc;
	if ((rc = read_initial(b, init, init && json_is_object(init) ? ord_of_key(root, 0, "initial") : 0)))
		return rc;
	if (!json_is_array(moves) || !json_array_size(moves))
		return problem(b, 0, 0, NULL, "a JKF record's moves is an array, the start position first");
	long ord = ord_of_key(root, 0, "moves");
	if ((rc = read_start_element(b, json_array_get(moves, 0), ord)))
		return rc;
	b->prev_to = -1;
	return read_line(b, moves, 0, 0, ord, 1, 0);
}

/* ---- one record from the input ---- */

/* Where text[0..off) ends, from line:col at its start. */
static void advance(const char *text, size_t off, long *line, long *col)
{
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

/* Parses the record's text and builds the record. */
static int build_record(jkf_reader *r, kifu_record *rec, const char *text, size_t n, long line,
			long col, bool array, const kifu_variant **variant)
{
	json_error_t err;
	json_t *root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &err);
	build b;
	memset(&b, 0, sizeof b);
	b.r = r;
	b.rec = rec;
	b.prev_to = -1;
	int rc = choose_variant(&b);
	if (rc) {
		/* the record cannot be read in this variant: said */
	} else if (!root) {
		/* jansson's place is the byte it read last (err.position bytes
		 * read), within the text, which starts at line:col: the end of
		 * a line for a value left open */
		long el = line, ec = col;
		size_t at = err.position > 0 ? (size_t)err.position - 1 : 0;
		advance(text, at < n ? at : n ? n - 1 : 0, &el, &ec);
		char msg[240];
		snprintf(msg, sizeof msg, "not JSON: %s", err.text);
		kifu__utf8_trim_end(msg);
		rc = kifu_record_set_error(rec, 0, el, ec, NULL, 0, msg);
	} else if (array) {
		rc = kifu_record_set_error(rec, 0, line, col, NULL, 0,
					   "a JSON array: kifu reads JKF records as objects, one after another "
					   "(docs/jkf.md)");
	} else {
		rc = read_record(&b, root);
	}
	json_decref(root);
	*variant = kifu_record_variant_name(rec)[0] ? b.v : NULL;
	return rc < 0 ? rc : 0;
}

/* Text that is no record: it runs up to a line that begins one ('{' or
 * '['), so that a stretch of it (a file that is not JKF, read with --from
 * jkf) is one error, where jansson finds it wrong.  *end: its end in buf. */
static int junk_end(jkf_reader *r, size_t *end, kifu_diag *diag)
{
	size_t e = r->head;
	for (;;) {
		while (e < r->len && r->buf[e] != '\n')
			e++;
		if (e + 1 >= r->len) {
			int rc = r->eof ? 0 : pull_line(r, true, diag);
			if (rc < 0)
				return rc;
			if (rc != PULLED)
				break;
		}
		size_t k = e + 1;
		while (k < r->len && strchr(" \t\r", r->buf[k]))
			k++;
		if (k < r->len && (r->buf[k] == '{' || r->buf[k] == '['))
			break;
		e = k;
	}
	*end = e;
	return 0;
}

static int jkf_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	jkf_reader *r = state;
	const char *name = kifu_reader_name(r->ctx.lines);
	*variant = NULL;
	kifu_record_clear(rec);
	int rc;
	while ((rc = skip_blanks(r, diag)) == 1 && r->lost && !strchr("{[", r->buf[r->head])) {
		/* the rest of a record whose first line could not be read */
		while (r->head < r->len && r->buf[r->head] != '\n')
			r->head++;
	}
	r->lost = false;
	if (rc == LONG_BETWEEN) {
		/* a line that could not be read where a record begins: that
		 * record is lost, said at the line */
		if ((rc = kifu_record_set_source(rec, name, diag->line)) ||
		    (rc = kifu_record_set_error(rec, 0, diag->line, 0, NULL, 0, diag->message)))
			return rc;
		kifu_diag_clear(diag);
		r->lost = true;
		return 1;
	}
	if (rc != 1)
		return rc;
	long line = r->line, col = r->col;
	if ((rc = kifu_record_set_source(rec, name, line)))
		return rc;
	char first = r->buf[r->head];
	size_t end;
	r->nat = 0;
	if (first == '{' || first == '[') {
		jkf_scan s = {r->head, line, col, 0, false, false, false, 0};
		for (;;) {
			if ((rc = scan_more(r, &s)))
				return rc;
			if (s.done || r->eof)
				break;
			if ((rc = pull_line(r, true, diag)) < 0)
				return rc;
		}
		end = s.done ? s.end : r->len;
	} else if ((rc = junk_end(r, &end, diag))) {
		return rc;
	}
	long end_line = line, end_col = col;
	advance(r->buf + r->head, end - r->head, &end_line, &end_col);
	if (r->spoil_line && (r->spoil_line < end_line || (r->spoil_line == end_line && r->spoil_col < end_col))) {
		/* the record holds a line that could not be read */
		if ((rc = kifu_record_set_error(rec, 0, r->spoil_line, r->spoil_col, NULL, 0, r->spoil_msg)))
			return rc;
		r->spoil_line = 0;
	} else if ((rc = build_record(r, rec, r->buf + r->head, end - r->head, line, col, first == '[',
				      variant))) {
		return rc;
	}
	r->head = end;
	r->line = end_line;
	r->col = end_col;
	if (r->head == r->len)
		r->head = r->len = 0;
	else if (r->head > r->cap / 2) {
		memmove(r->buf, r->buf + r->head, r->len - r->head);
		r->len -= r->head;
		r->head = 0;
	}
	return 1;
}

/* ---- telling JKF from other notations ---- */

/* A line of JSON that JKF writes: an object that begins with one of a
 * record's keys, or a line that begins with a key only JKF has. */
static int jkf_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
	static const char *const keys[] = {
		"header", "initial", "moves", "preset", "data", "board", "hands", "kind", "move", "comments",
		"time", "now", "total", "special", "forks", "color", "from", "to", "piece", "same", "promote",
		"capture", "relative", "x", "y", "h", "m", "s", NULL};
	(void)ctx;
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len && line[i] == '{') {
		/* {"header": ... on one line */
		do
			i++;
		while (i < len && (line[i] == ' ' || line[i] == '\t'));
	}
	if (i >= len || line[i] != '"')
		return 0;
	const char *k = line + i + 1, *q = memchr(k, '"', len - i - 1);
	if (!q)
		return 0;
	size_t j = (size_t)(q + 1 - line);
	while (j < len && (line[j] == ' ' || line[j] == '\t'))
		j++;
	if (j >= len || line[j] != ':')
		return 0;
	for (const char *const *key = keys; *key; key++)
		if (same_text(*key, k, (size_t)(q - k)))
			return 2;
	return 0;
}

const kifu__notation kifu__notation_jkf = {
	"jkf",
	"JKF (JSON Kifu Format), standard shogi",
	".jkf .json",
	"",
	kifu__jkf_square_name,
	jkf_sniff, jkf_open, jkf_next, jkf_close, kifu__jkf_write,
};
