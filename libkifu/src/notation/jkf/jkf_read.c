/*
 * jkf_read.c - reading JKF, the JSON Kifu Format (docs/jkf.md): records
 * of standard shogi as JSON objects, one after another in an input.
 *
 * This is the input stage (jkf_read.h): records are read one at a time,
 * their lines pulled as the tokenizer asks for them, so that memory does
 * not grow with the input.  A record's text runs to the close of its
 * value; text that is not JSON, to the close of its outermost brackets
 * (outside strings); text that begins no record, up to a line that begins
 * one.  A line that cannot be read spoils the record it is in.
 *
 * Its keys and values are JKF's (json-kifu-format's README and its
 * schema, github.com/na2hiro/Kifu-for-JS).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "notation/jkf/jkf.h"
#include "notation/jkf/jkf_read.h"
#include "notation/notation.h"
#include "text/buffer.h"
#include "text/encoding.h"

/* ---- the reader's state ---- */

/* The scan of a record's text as its lines arrive (the file comment):
 * brackets outside strings, to the close of the outermost value. */
typedef struct jkf_scan {
	size_t off;      /* the next byte to look at */
	int depth;       /* of [ and { */
	bool in_string, escape;
	bool done;       /* the outermost value has closed, at end - 1 */
	size_t end;
} jkf_scan;

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
	kifu__json_free(&r->json);
	free(r->join);
	free(r->forks);
	kifu_position_free(r->pos);
	free(r);
}

/* ---- gathering a record's text ---- */

static void spoil(jkf_reader *r, long line, long col, size_t at, const char *msg)
{
	if (r->spoil_line)
		return; /* the first is the one reported */
	r->spoil_line = line;
	r->spoil_col = col;
	r->spoil_at = at;
	kifu__text_copy(r->spoil_msg, sizeof r->spoil_msg, msg);
}

/* Appends s[0..n), then a '\n' when newline is set. */
static int append(jkf_reader *r, const char *s, size_t n, bool newline)
{
	/* room for a whole record of most files at once: growing it copies
	 * what came before */
	if (kifu__grow(&r->buf, &r->cap, r->len + n + 1 + JKF_SLACK, 65536))
		return KIFU_ENOMEM;
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	if (newline)
		r->buf[r->len++] = '\n';
	memset(r->buf + r->len, 0, JKF_SLACK);
	return 0;
}

enum { PULLED = 1, LONG_BETWEEN = 2 };

/* Appends the input's next line (decoded by the stream's pump, with its
 * '\n').  PULLED, 0 at the end of the input, or a negative code.  A line
 * the pump says is wrong spoils the record it is in, at the pump's place
 * and in its words: too long to be read (gathering; between records it is
 * a record of its own that cannot be read: LONG_BETWEEN, diag saying
 * where), a byte the encoding does not read, a NUL byte (no JSON text holds
 * one, even in a string: RFC 8259 section 7). */
static int pull_line(jkf_reader *r, bool gathering, kifu_diag *diag)
{
	const kifu__line *l;
	const char *name = kifu__lines_name(r->ctx.pump);
	if (r->stash_rc) {
		int stashed = r->stash_rc;
		r->stash_rc = 0;
		*diag = r->stash_diag;
		return stashed;
	}
	int rc = kifu__lines_next(r->ctx.pump, &l, diag);
	if (rc != 1) {
		r->eof = rc == 0;
		return rc;
	}
	if (l->problem == KIFU__LINE_TOO_LONG) {
		if (!gathering) {
			kifu__lines_say(r->ctx.pump, l, diag);
			return LONG_BETWEEN;
		}
		spoil(r, l->no, 0, r->len, l->message);
		return append(r, "", 0, true) ? KIFU_ENOMEM : PULLED;
	}
	if (r->head == r->len) {
		/* nothing unread: the text starts afresh with this line (and
		 * a spoiled line not yet said is before it) */
		r->head = r->len = r->spoil_at = 0;
		r->line = l->no;
		r->col = 1;
	}
	if (l->problem != KIFU__LINE_OK)
		spoil(r, l->no, l->col, r->len + l->at,
		      l->problem == KIFU__LINE_NUL ? "a NUL byte, which no JSON text holds" : l->message);
	if (r->len - r->head + l->len + 1 > (size_t)KIFU__JKF_MAX_RECORD)
		return kifu_diag_set(diag, KIFU_ELIMIT, name, l->no, 0,
				     "a JKF record longer than %ld MiB: the rest of the input is not read",
				     KIFU__JKF_MAX_RECORD >> 20);
	if (append(r, l->text, l->len, true))
		return kifu_diag_set(diag, KIFU_ENOMEM, name, l->no, 0, "out of memory");
	return PULLED;
}

/* The bytes the scan looks at: outside strings, '"' and brackets; inside,
 * '"' and '\\'. */
static const unsigned char scan_outside[256] = {
	['"'] = 1, ['{'] = 1, ['['] = 1, ['}'] = 1, [']'] = 1,
};
static const unsigned char scan_inside[256] = {['"'] = 1, ['\\'] = 1};

/* Scans the text that has arrived, up to the close of the outermost value. */
static void scan_more(jkf_reader *r, jkf_scan *s)
{
	const unsigned char *b = (const unsigned char *)r->buf;
	size_t off = s->off, len = r->len;
	while (off < len) {
		if (s->in_string) {
			if (s->escape) {
				s->escape = false;
				off++;
				continue;
			}
			while (off < len && !scan_inside[b[off]])
				off++;
			if (off == len)
				break;
			if (b[off++] == '\\')
				s->escape = true;
			else
				s->in_string = false;
			continue;
		}
		while (off < len && !scan_outside[b[off]])
			off++;
		if (off == len)
			break;
		unsigned char c = b[off++];
		if (c == '"') {
			s->in_string = true;
		} else if (c == '{' || c == '[') {
			s->depth++;
		} else if (--s->depth <= 0) {
			s->done = true;
			s->end = off;
			break;
		}
	}
	s->off = off;
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

/* ---- one record from the input ---- */

/* The reader's lines as the JSON parser asks for more of a record. */
typedef struct more_lines {
	jkf_reader *r;
	kifu_diag *diag;
} more_lines;

/* The bytes pull_more gathers at most, past its first line, while the
 * lines are clean: the tokenizer's slow paths, met where its text ends,
 * are met once for them all. */
enum { PULL_AHEAD = 4096 };

/* Pulls the next lines while each is clean and the record would stay in
 * bounds, as pull_line would append them: a line with a problem, or one
 * too many for the bound, is put back for the next pull_line, and a read
 * error is stashed for it, so that each is met where reading a line at a
 * time meets it (a spoiled line between records, a record's limit counted
 * from its own start, an error after the record that ends first). */
static int pull_ahead(jkf_reader *r, size_t from, kifu_diag *diag)
{
	while (!r->eof && !r->stash_rc && !r->spoil_line && r->len - from < PULL_AHEAD) {
		const kifu__line *l;
		int rc = kifu__lines_next(r->ctx.pump, &l, &r->stash_diag);
		if (rc == 0) {
			r->eof = true;
			break;
		}
		if (rc < 0) {
			r->stash_rc = rc;
			break;
		}
		if (l->problem != KIFU__LINE_OK || r->len - r->head + l->len + 1 > (size_t)KIFU__JKF_MAX_RECORD) {
			kifu__lines_unread(r->ctx.pump);
			break;
		}
		if (append(r, l->text, l->len, true))
			return kifu_diag_set(diag, KIFU_ENOMEM, kifu__lines_name(r->ctx.pump), l->no, 0,
					     "out of memory");
	}
	return 0;
}

static int pull_more(void *arg, size_t keep, const char **text, size_t *n, size_t *shift)
{
	more_lines *m = arg;
	jkf_reader *r = m->r;
	(void)keep;
	*shift = 0;
	if (r->eof)
		return 0;
	size_t from = r->len;
	int rc = pull_line(r, true, m->diag);
	if (rc != PULLED)
		return rc;
	if ((rc = pull_ahead(r, from, m->diag)))
		return rc;
	*text = r->buf + r->head;
	*n = r->len - r->head;
	return 1;
}

/* Text that is no record: it runs up to a line that begins one ('{' or
 * '['), so that a stretch of it (a file that is not JKF, read with --from
 * jkf) is one error, where the JSON is found wrong.  *end: its end in buf. */
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

/* The end of a record that is not JSON: the close of its outermost
 * brackets, outside strings (or the input's end). */
static int brackets_end(jkf_reader *r, size_t *end, kifu_diag *diag)
{
	jkf_scan s = {r->head, 0, false, false, false, 0};
	for (;;) {
		scan_more(r, &s);
		if (s.done || r->eof)
			break;
		int rc = pull_line(r, true, diag);
		if (rc < 0)
			return rc;
	}
	*end = s.done ? s.end : r->len;
	return 0;
}

/* The record whose text begins at head (line:col): read, and where it ends. */
static int read_one(jkf_reader *r, kifu_record *rec, const kifu_variant **variant, size_t *end, long *end_line,
		    long *end_col, kifu_diag *diag)
{
	long line = r->line, col = r->col;
	char first = r->buf[r->head];
	int rc;
	*end = r->head;
	*end_line = line;
	*end_col = col;
	if (first == '{' || first == '[') {
		/* read as JSON as the lines come, to the close of its value */
		more_lines m = {r, diag};
		size_t n = 0;
		rc = kifu__jkf_read_record(r, rec, line, col, variant, pull_more, &m, &n, end_line, end_col);
		if (rc == KIFU_ENOMEM)
			return kifu_diag_set(diag, rc, kifu__lines_name(r->ctx.pump), line, 0, "out of memory");
		if (rc == 0) {
			*end = r->head + n;
			return 0;
		}
		if (rc != KIFU_ESYNTAX)
			return rc;
		/* not JSON: the record runs to the close of its outermost brackets */
		rc = brackets_end(r, end, diag);
	} else if (!(rc = junk_end(r, end, diag))) {
		rc = kifu__jkf_read_junk(r, rec, line, col, *end - r->head, variant);
		if (rc == KIFU_ENOMEM)
			return kifu_diag_set(diag, rc, kifu__lines_name(r->ctx.pump), line, 0, "out of memory");
	}
	if (rc)
		return rc;
	advance(r->buf + r->head, *end - r->head, end_line, end_col);
	return 0;
}

static int jkf_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	jkf_reader *r = state;
	const char *name = kifu__lines_name(r->ctx.pump);
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
	if ((rc = kifu_record_set_source(rec, name, r->line)))
		return rc;
	size_t end;
	long end_line, end_col;
	if ((rc = read_one(r, rec, variant, &end, &end_line, &end_col, diag)))
		return rc;
	if (r->spoil_line && r->spoil_at < end) {
		/* the record holds a line that could not be read: that is its error */
		kifu_record_clear(rec);
		*variant = NULL;
		if ((rc = kifu_record_set_source(rec, name, r->line)) ||
		    (rc = kifu_record_set_error(rec, 0, r->spoil_line, r->spoil_col, NULL, 0, r->spoil_msg)))
			return rc;
		r->spoil_line = 0;
	}
	r->head = end;
	r->line = end_line;
	r->col = end_col;
	/* a spoiled line not yet said is after end: where it is moves with the text */
	if (r->head == r->len) {
		r->spoil_at = 0;
		r->head = r->len = 0;
	} else if (r->head > r->cap / 2) {
		memmove(r->buf, r->buf + r->head, r->len - r->head);
		r->spoil_at = r->spoil_at > r->head ? r->spoil_at - r->head : 0;
		r->len -= r->head;
		r->head = 0;
		memset(r->buf + r->len, 0, JKF_SLACK);
	}
	return 1;
}

/* ---- telling JKF from other notations ---- */

/* A line of JSON that JKF writes: an object that begins with one of a
 * record's keys, or a line that begins with a key only JKF has. */
static int jkf_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
#define KEY(s) {s, sizeof s - 1}
	static const struct {
		const char *name;
		size_t len;
	} keys[] = {
		KEY("header"), KEY("initial"), KEY("moves"), KEY("preset"), KEY("data"), KEY("board"),
		KEY("hands"), KEY("kind"), KEY("move"), KEY("comments"), KEY("time"), KEY("now"),
		KEY("total"), KEY("special"), KEY("forks"), KEY("color"), KEY("from"), KEY("to"),
		KEY("piece"), KEY("same"), KEY("promote"), KEY("capture"), KEY("relative"), KEY("x"),
		KEY("y"), KEY("h"), KEY("m"), KEY("s")};
#undef KEY
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
	for (size_t w = 0; w < sizeof keys / sizeof keys[0]; w++)
		if (keys[w].len == (size_t)(q - k) && !memcmp(keys[w].name, k, keys[w].len))
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
