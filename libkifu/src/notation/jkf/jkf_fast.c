/*
 * jkf_fast.c - a JKF record built straight from its bytes: the fast path
 * (jkf_read.c's file comment).
 *
 * Most JKF is written one way (kifu's writer, Kifu for JS, tsshogi): a
 * header of strings, an initial with a preset (and data, for another
 * start), and moves whose values are small integers, strings without
 * escapes and booleans, with forks.  Such a record is built here from its
 * bytes, with no tokens (tokenizing was half the time of reading JKF), by
 * what jkf_build.c judges a record's values with.  Whatever else this
 * meets (escapes, null, reals, keys out of the usual order or unknown, a
 * key given twice, text that ends before the record does), and any
 * problem with what it reads, the record is built again from its tokens:
 * one grammar and one set of messages, the tokens', which this never
 * says.  The text ends with a NUL (append's) and FAST_SLACK zero bytes
 * after it: no byte this accepts is a NUL, so nothing reads past them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "notation/jkf/jkf.h"
#include "notation/jkf/jkf_read.h"

int kifu__jkf_fast_path = 1;

typedef struct fast {
	build *b;
	const unsigned char *s;
	size_t p;
	long line;       /* the lines before p's, from the text's first (0) */
	size_t line_at;  /* where p's line begins */
	size_t cont;     /* UTF-8 continuation bytes before p (in strings) */
	size_t cont_at;  /* ... before line_at */
	long col0;       /* the column of s[0] */
} fast;

/* Comments joined from at most this many strings here, headers checked
 * for a key given twice among this many, forks nested this deep (more:
 * the tokens). */
enum { FAST_COMMENTS = 64, FAST_HEADERS = 64, FAST_FORK_DEPTH = 64 };

/* A place in the text, with what f_where needs there. */
typedef struct fast_at {
	size_t p, line_at, cont, cont_at;
	long line;
} fast_at;

/* An element's forks, passed over (f_skip) until its line's moves are
 * read (read_line's order), then read from here. */
struct fast_fork {
	fast_at at;
	long ply;
};

static fast_at f_save(const fast *f) { return (fast_at){f->p, f->line_at, f->cont, f->cont_at, f->line}; }

static void f_restore(fast *f, fast_at at)
{
	f->p = at.p;
	f->line_at = at.line_at;
	f->cont = at.cont;
	f->cont_at = at.cont_at;
	f->line = at.line;
}

/* Passes over the value at p (an array), counting its lines: false at an
 * escape or a control character in a string, or at the text's end.
 * What it passes over is read later, as strictly as the rest. */
static bool f_skip(fast *f)
{
	const unsigned char *s = f->s;
	bool in_string = false;
	long depth = 0;
	for (size_t q = f->p;; q++) {
		unsigned char c = s[q];
		if (!c)
			return false;
		if (in_string) {
			if (c == '"')
				in_string = false;
			else if (c == '\\' || c < 0x20)
				return false;
			else if ((c & 0xC0) == 0x80)
				f->cont++;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '\n') {
			f->line++;
			f->line_at = q + 1;
			f->cont_at = f->cont;
		} else if (c == '[' || c == '{') {
			depth++;
		} else if ((c == ']' || c == '}') && --depth <= 0) {
			f->p = q + 1;
			return depth == 0;
		}
	}
}

/* The next byte after white space, left unread (0 at the text's end). */
static inline unsigned char f_peek(fast *f)
{
	for (;;) {
		unsigned char c = f->s[f->p];
		if (c > ' ')
			return c;
		if (c == '\n') {
			f->line++;
			f->line_at = f->p + 1;
			f->cont_at = f->cont;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return c;
		}
		f->p++;
	}
}

static inline bool f_eat(fast *f, unsigned char c)
{
	if (f_peek(f) != c)
		return false;
	f->p++;
	return true;
}

/* Where place `at` is, as the tokens have it: its line (from the record's
 * line0) and its column in characters. */
static void f_place_of(const fast *f, fast_at at, long *line, long *col)
{
	*line = f->b->line0 + at.line;
	*col = (long)(at.p - at.line_at) - (long)(at.cont - at.cont_at) + (at.line ? 1 : f->col0);
}

/* Where the next value begins (f_place_of). */
static inline void f_where(fast *f, long *line, long *col)
{
	f_peek(f);
	f_place_of(f, f_save(f), line, col);
}

/* A string with no escape and no control character: its bytes. */
static inline bool f_string(fast *f, const char **str, size_t *len)
{
	if (!f_eat(f, '"'))
		return false;
	const unsigned char *s = f->s;
	size_t q = f->p;
	for (;; q++) {
		unsigned char c = s[q];
		if (c == '"')
			break;
		if (c < 0x20 || c == '\\')
			return false;
		if (c >= 0x80)
			f->cont += (c & 0xC0) == 0x80;
	}
	*str = (const char *)s + f->p;
	*len = q - f->p;
	f->p = q + 1;
	return true;
}

/* The next key of an object of set whose '{' has been read, with its ':':
 * its index in the set; NONE at the object's '}' (read); BAD for what this
 * does not read (a key none of the set's among them).  seen: the keys had
 * (each once). */
enum { NONE = -1, BAD = -2 };
static inline int f_key(fast *f, int set, unsigned *seen)
{
	unsigned char c = f_peek(f);
	if (c == '}') {
		f->p++;
		return NONE;
	}
	if (*seen) {
		if (c != ',')
			return BAD;
		f->p++;
		c = f_peek(f);
	}
	/* the key as one of the set's names, with its closing '"' (a key of
	 * other bytes, an escape among them, is none of them) */
	const unsigned char *s = f->s + f->p;
	if (c != '"')
		return BAD;
	int n = kifu__jkf_keysets[set].n, i = f->b->r->keyfirst[set][keyfirst_hash(s[1], s[2])];
	const char *name;
	size_t len = 0;
	if (i == KEY_SEVERAL) {
		for (i = 0; i < n; i++) {
			name = kifu__jkf_keysets[set].keys[i].name;
			for (len = 0; name[len] && s[1 + len] == (unsigned char)name[len]; len++)
				;
			if (!name[len] && s[1 + len] == '"')
				break;
		}
		if (i == n)
			return BAD;
	} else {
		if (i >= n)
			return BAD;
		name = kifu__jkf_keysets[set].keys[i].name;
		for (len = 0; name[len]; len++)
			if (s[1 + len] != (unsigned char)name[len])
				return BAD;
		if (s[1 + len] != '"')
			return BAD;
	}
	if (*seen & (2u << i))
		return BAD;
	f->p += len + 2;
	if (f->s[f->p] == ':')
		f->p++;
	else if (!f_eat(f, ':'))
		return BAD;
	*seen |= 1u | 2u << i; /* bit 0: a key was read */
	return i;
}

/* A whole number of at most 12 digits (a JSON integer: no sign here). */
static inline bool f_int(fast *f, long long *v)
{
	f_peek(f);
	const unsigned char *s = f->s;
	size_t q = f->p, start = q;
	long long x = 0;
	while (s[q] >= '0' && s[q] <= '9' && q - start < 12)
		x = x * 10 + (s[q++] - '0');
	if (q == start || (s[start] == '0' && q - start > 1) || (s[q] >= '0' && s[q] <= '9') || s[q] == '.' ||
	    s[q] == 'e' || s[q] == 'E')
		return false;
	*v = x;
	f->p = q;
	return true;
}

/* true 1, false 0, -1 anything else. */
static inline int f_bool(fast *f)
{
	unsigned char c = f_peek(f);
	const unsigned char *s = f->s + f->p;
	if (c == 't' && s[1] == 'r' && s[2] == 'u' && s[3] == 'e') {
		f->p += 4;
		return 1;
	}
	if (c == 'f' && s[1] == 'a' && s[2] == 'l' && s[3] == 's' && s[4] == 'e') {
		f->p += 5;
		return 0;
	}
	return -1;
}

/* The usual forms of an element's move and of its time, as kifu writes
 * them, matched word by word: the text has FAST_SLACK bytes after its
 * NUL, which no form has, so that a form never matches past the text. */
#define F_LIT(s, q, lit) (memcmp((s) + (q), lit, sizeof lit - 1) == 0 && ((q) += sizeof lit - 1, true))

/* One digit, not followed by another. */
static inline bool f_digit(const unsigned char *s, size_t *q, long long *v)
{
	unsigned d = (unsigned)(s[*q] - '0');
	if (d > 9 || (unsigned)(s[*q + 1] - '0') <= 9)
		return false;
	*v = d;
	(*q)++;
	return true;
}

/* A JSON integer of at most 12 digits. */
static inline bool f_number(const unsigned char *s, size_t *q, long long *v)
{
	size_t start = *q, k = start;
	long long x = 0;
	while ((unsigned)(s[k] - '0') <= 9 && k - start < 12)
		x = x * 10 + (s[k++] - '0');
	if (k == start || (s[start] == '0' && k - start > 1) || (unsigned)(s[k] - '0') <= 9)
		return false;
	*v = x;
	*q = k;
	return true;
}

/* A square of x and y as place has it: -1 off the board. */
static int f_square(long long x, long long y)
{
	return x >= 1 && x <= 9 && y >= 1 && y <= 9 ? (int)((y - 1) * 9 + (x - 1)) : -1;
}

/* {x, y}: the square (place), -1 off the board. */
static bool f_place(fast *f, int *sq)
{
	long long xy[2] = {-1, -1};
	unsigned seen = 0;
	int i;
	size_t q = f->p;
	if (f_peek(f) == '{' && (q = f->p, F_LIT(f->s, q, "{\"x\": ")) && f_digit(f->s, &q, &xy[0]) &&
	    F_LIT(f->s, q, ", \"y\": ") && f_digit(f->s, &q, &xy[1]) && F_LIT(f->s, q, "}")) {
		/* {"x": X, "y": Y}, as every writer writes it */
		f->p = q;
		*sq = f_square(xy[0], xy[1]);
		return true;
	}
	if (!f_eat(f, '{'))
		return false;
	while ((i = f_key(f, KS_PLACE, &seen)) >= 0)
		if (!f_int(f, &xy[i]))
			return false;
	if (i == BAD || xy[0] < 0 || xy[1] < 0)
		return false;
	*sq = xy[0] >= 1 && xy[0] <= 9 && xy[1] >= 1 && xy[1] <= 9 ? (int)((xy[1] - 1) * 9 + (xy[0] - 1)) : -1;
	return true;
}

/* A kind, as kind_value has it (-2: a string that is none). */
static inline bool f_kind(fast *f, int *kind)
{
	const char *s;
	size_t len;
	if (!f_string(f, &s, &len))
		return false;
	int k = kifu__jkf_kind_find(s, len);
	*kind = k < 0 ? -2 : k;
	return true;
}

/* The rest of a move's object, its keys in seen read (f_key's bits). */
static bool f_move_rest(fast *f, move_fields *m, unsigned seen)
{
	enum { COLOR, FROM, TO, PIECE, SAME, PROMOTE, CAPTURE, RELATIVE };
	int i;
	long long c;
	const char *s;
	size_t len;
	while ((i = f_key(f, KS_MOVE, &seen)) >= 0) {
		bool ok = true;
		switch (i) {
		case COLOR:
			ok = f_int(f, &c);
			m->color = ok && c <= 1 ? (int)c : -1;
			break;
		case FROM:
			m->from = true;
			ok = f_place(f, &m->from_sq);
			break;
		case TO:
			ok = f_place(f, &m->to);
			break;
		case PIECE:
			ok = f_kind(f, &m->kind);
			break;
		case SAME:
			ok = (m->same = f_bool(f)) >= 0;
			break;
		case PROMOTE:
			ok = (m->promote = f_bool(f)) >= 0;
			break;
		case CAPTURE:
			ok = f_kind(f, &m->capture);
			break;
		default:
			ok = f_string(f, &s, &len);
			m->relative_bad = ok && !kifu__jkf_relative_ok(s, len);
			break;
		}
		if (!ok)
			return false;
	}
	return i == NONE;
}

/* move: its fields. */
static bool f_move(fast *f, move_fields *m)
{
	return f_eat(f, '{') && f_move_rest(f, m, 0);
}

/* {"move": {"color": C, "from": {"x": X, "y": Y}, "to": {"x": X, "y": Y},
 * "piece": "PP" (from absent for a drop), its numbers in num (color, from's
 * x and y when *from, to's), its kind's letters in kind. */
static bool f_move_form(fast *f, long long num[5], char kind[2], bool *from)
{
	const unsigned char *s = f->s;
	size_t q = f->p;
	long long *n = num;
	if (!F_LIT(s, q, "{\"move\": {\"color\": ") || !f_digit(s, &q, n++))
		return false;
	*from = F_LIT(s, q, ", \"from\": {\"x\": ");
	if (*from && (!f_digit(s, &q, n++) || !F_LIT(s, q, ", \"y\": ") || !f_digit(s, &q, n++) || !F_LIT(s, q, "}")))
		return false;
	if (!F_LIT(s, q, ", \"to\": {\"x\": ") || !f_digit(s, &q, n++) || !F_LIT(s, q, ", \"y\": ") ||
	    !f_digit(s, &q, n++) || !F_LIT(s, q, "}, \"piece\": \"") || (unsigned)(s[q] - 'A') >= 26u ||
	    (unsigned)(s[q + 1] - 'A') >= 26u || s[q + 2] != '"')
		return false;
	kind[0] = (char)s[q];
	kind[1] = (char)s[q + 1];
	f->p = q + 3;
	return true;
}
enum { MOVE_FORM_OBJECT = 9 }; /* where the move's '{' is in it */

/* , "time": {"now": {"m": M, "s": S}, "total": {"h": H, "m": M, "s": S}} */
static bool f_time_form(fast *f, double t[2])
{
	const unsigned char *s = f->s;
	size_t q = f->p;
	long long m, sec, h, tm, ts;
	if (!F_LIT(s, q, ", \"time\": {\"now\": {\"m\": ") || !f_number(s, &q, &m) || !F_LIT(s, q, ", \"s\": ") ||
	    !f_number(s, &q, &sec) || !F_LIT(s, q, "}, \"total\": {\"h\": ") || !f_number(s, &q, &h) ||
	    !F_LIT(s, q, ", \"m\": ") || !f_number(s, &q, &tm) || !F_LIT(s, q, ", \"s\": ") ||
	    !f_number(s, &q, &ts) || !F_LIT(s, q, "}}"))
		return false;
	t[0] = (double)m * 60 + (double)sec;
	t[1] = (double)h * 3600 + (double)tm * 60 + (double)ts;
	f->p = q;
	return true;
}


/* {h?, m, s}: seconds (clock_value). */
static bool f_clock(fast *f, double *seconds)
{
	long long hms[3] = {-1, -1, -1};
	unsigned seen = 0;
	int i;
	if (!f_eat(f, '{'))
		return false;
	while ((i = f_key(f, KS_CLOCK, &seen)) >= 0)
		if (!f_int(f, &hms[i]))
			return false;
	if (i == BAD || hms[1] < 0 || hms[2] < 0)
		return false;
	*seconds = (double)(hms[0] < 0 ? 0 : hms[0]) * 3600 + (double)hms[1] * 60 + (double)hms[2];
	return true;
}

/* time: {now, total}, both. */
static bool f_time(fast *f, double t[2])
{
	unsigned seen = 0;
	int i;
	if (!f_eat(f, '{'))
		return false;
	while ((i = f_key(f, KS_TIME, &seen)) >= 0)
		if (!f_clock(f, &t[i]))
			return false;
	return i == NONE && seen == (1u | 2u | 4u);
}

/* comments: an array of strings, kept where they are in the text. */
typedef struct f_comments {
	const char *str[FAST_COMMENTS];
	size_t len[FAST_COMMENTS];
	size_t n;
} f_comments;

static bool f_comment_lines(fast *f, f_comments *c)
{
	c->n = 0;
	if (!f_eat(f, '['))
		return false;
	if (f_peek(f) == ']') {
		f->p++;
		return true;
	}
	do {
		if (c->n == FAST_COMMENTS || !f_string(f, &c->str[c->n], &c->len[c->n]))
			return false;
		c->n++;
	} while (f_eat(f, ','));
	return f_eat(f, ']');
}

/* The comments at idx, joined by '\n' (read_comments). */
static int f_set_comments(build *b, long idx, const f_comments *c)
{
	if (!c->n)
		return 0;
	if (c->n == 1)
		return kifu_record_set_comment(b->rec, idx, c->str[0], c->len[0]);
	size_t total = 0, o = 0;
	for (size_t i = 0; i < c->n; i++)
		total += c->len[i] + 1;
	char *text = kifu__jkf_join_buffer(b->r, total);
	if (!text)
		return KIFU_ENOMEM;
	for (size_t i = 0; i < c->n; i++) {
		if (i)
			text[o++] = '\n';
		memcpy(text + o, c->str[i], c->len[i]);
		o += c->len[i];
	}
	return kifu_record_set_comment(b->rec, idx, text, o);
}

/* One element of the main line at ply (read_element): 0, FALLBACK for
 * what this does not read, or a negative code. */
static int f_element(fast *f, long ply, bool *ended)
{
	enum { COMMENTS, MOVE, TIME, SPECIAL, FORKS };
	build *b = f->b;
	long mv_line = 0, mv_col = 0;
	move_fields m = {-1, -1, -1, false, -1, -1, -1, -1, false};
	f_comments c;
	c.n = 0;
	const char *sp = NULL;
	size_t spn = 0;
	double t[2];
	unsigned seen = 0;
	int i;
	if (f_peek(f) != '{')
		return FALLBACK;
	fast_at el = f_save(f); /* its '{' */
	long long num[5];
	char kind[2];
	bool from;
	if (f_move_form(f, num, kind, &from)) {
		/* the move as kifu writes it, then the rest of it */
		enum { M_COLOR, M_FROM, M_TO, M_PIECE };
		int k = kifu__jkf_kind_find(kind, 2);
		m.color = num[0] <= 1 ? (int)num[0] : -1;
		m.from = from;
		m.from_sq = from ? f_square(num[1], num[2]) : -1;
		m.to = from ? f_square(num[3], num[4]) : f_square(num[1], num[2]);
		m.kind = k < 0 ? -2 : k;
		/* the move's '{', on the element's line past ASCII bytes */
		f_place_of(f, el, &mv_line, &mv_col);
		mv_col += MOVE_FORM_OBJECT;
		if (!f_move_rest(f, &m, 1u | 2u << M_COLOR | (from ? 2u << M_FROM : 0) | 2u << M_TO | 2u << M_PIECE))
			return FALLBACK;
		seen = 1u | 2u << MOVE;
		if (f_time_form(f, t))
			seen |= 2u << TIME;
	} else {
		f->p++;
	}
	while ((i = f_key(f, KS_ELEMENT, &seen)) >= 0) {
		bool ok;
		if (i == MOVE) {
			f_where(f, &mv_line, &mv_col);
			ok = f_move(f, &m);
		} else if (i == SPECIAL) {
			ok = f_string(f, &sp, &spn);
		} else if (i == COMMENTS) {
			ok = f_comment_lines(f, &c);
		} else if (i == TIME) {
			ok = f_time(f, t);
		} else {
			/* forks: kept for after the line's moves */
			jkf_reader *r = b->r;
			if (f_peek(f) != '[')
				return FALLBACK;
			if (r->nforks == r->forkscap) {
				size_t cap = r->forkscap ? 2 * r->forkscap : 16;
				struct fast_fork *more = realloc(r->forks, cap * sizeof *more);
				if (!more)
					return KIFU_ENOMEM;
				r->forks = more;
				r->forkscap = cap;
			}
			r->forks[r->nforks++] = (struct fast_fork){f_save(f), ply};
			ok = f_skip(f);
		}
		if (!ok)
			return FALLBACK;
	}
	bool has_move = seen & 2u << MOVE, has_special = seen & 2u << SPECIAL;
	if (i == BAD || *ended || has_move == has_special)
		return FALLBACK;
	long idx = KIFU_COMMENT_ENDING;
	int rc;
	if (has_move) {
		b->fast_line = mv_line;
		b->fast_col = mv_col;
		rc = kifu__jkf_add_move(b, &m, ply, 0, &idx);
	} else {
		f_place_of(f, el, &b->fast_line, &b->fast_col);
		rc = kifu__jkf_add_special(b, sp, spn, ply, 0);
	}
	*ended = has_special;
	if (!rc)
		rc = f_set_comments(b, idx, &c);
	if (!rc && (seen & 2u << TIME))
		rc = kifu_record_set_time(b->rec, idx, t[0], t[1]);
	return rc;
}

/* header: an object of strings, each key once. */
static int f_header(fast *f)
{
	const char *k[FAST_HEADERS], *s;
	size_t kl[FAST_HEADERS], n, count = 0;
	if (!f_eat(f, '{'))
		return FALLBACK;
	for (;;) {
		unsigned char c = f_peek(f);
		if (c == '}') {
			f->p++;
			return 0;
		}
		if (count) {
			if (c != ',')
				return FALLBACK;
			f->p++;
		}
		if (count == FAST_HEADERS || !f_string(f, &k[count], &kl[count]) || !f_eat(f, ':') ||
		    !f_string(f, &s, &n))
			return FALLBACK;
		for (size_t i = 0; i < count; i++)
			if (kl[i] == kl[count] && !memcmp(k[i], k[count], kl[i]))
				return FALLBACK;
		int rc = kifu__jkf_add_header(f->b, k[count], kl[count], s, n, 0);
		if (rc)
			return rc;
		count++;
	}
}

/* A square of initial.data's board (put_square): its SFEN token in cell
 * ("" for {}). */
static bool f_cell(fast *f, char cell[3])
{
	long long color = -1;
	int kind = -1, i;
	unsigned seen = 0;
	if (!f_eat(f, '{'))
		return false;
	while ((i = f_key(f, KS_SQUARE, &seen)) >= 0)
		if (i == 0 ? !f_int(f, &color) : !f_kind(f, &kind))
			return false;
	cell[0] = 0;
	if (i == BAD)
		return false;
	if (kind == -1 && color < 0)
		return true;
	if (kind < 0 || color < 0 || color > 1)
		return false;
	size_t n = 0;
	for (const char *t = kifu__jkf_kinds[kind].sfen; *t; t++)
		cell[n++] = color && *t != '+' ? (char)(*t - 'A' + 'a') : *t;
	cell[n] = 0;
	return true;
}

/* initial.data's board: 9 files of 9 squares (board[x-1][y-1]), or {}. */
static bool f_board(fast *f, char cell[9][9][3])
{
	memset(cell, 0, 9 * 9 * 3);
	if (f_peek(f) == '{')
		return f_eat(f, '{') && f_eat(f, '}');
	if (!f_eat(f, '['))
		return false;
	for (int x = 0; x < 9; x++) {
		if ((x && !f_eat(f, ',')) || !f_eat(f, '['))
			return false;
		for (int y = 0; y < 9; y++)
			if ((y && !f_eat(f, ',')) || !f_cell(f, cell[x][y]))
				return false;
		if (!f_eat(f, ']'))
			return false;
	}
	return f_eat(f, ']');
}

/* initial.data's hands, Sente's then Gote's, in SFEN (data_sfen) at
 * hands (room for 64 bytes), each kind once. */
static bool f_hands(fast *f, char *hands)
{
	size_t n = 0;
	if (!f_eat(f, '['))
		return false;
	for (int side = 0; side < 2; side++) {
		unsigned had = 0;
		const char *k;
		size_t kl;
		long long c;
		if ((side && !f_eat(f, ',')) || !f_eat(f, '{'))
			return false;
		for (bool first = true; !f_eat(f, '}'); first = false) {
			if ((!first && !f_eat(f, ',')) || !f_string(f, &k, &kl) || !f_eat(f, ':') || !f_int(f, &c))
				return false;
			int kind = kifu__jkf_kind_find(k, kl);
			if (kind < 0 || (had & 1u << kind) || (c && (kind >= 7 || c > KIFU_MAX_IN_HAND)))
				return false;
			had |= 1u << kind;
			if (!c)
				continue;
			if (c > 1)
				n += (size_t)snprintf(hands + n, 8, "%d", (int)c);
			char letter = kifu__jkf_kinds[kind].sfen[0];
			hands[n++] = side ? (char)(letter - 'A' + 'a') : letter;
		}
	}
	hands[n] = 0;
	return f_eat(f, ']');
}

/* initial.data as data_sfen makes it, in sfen (room for 1024 bytes):
 * false for what this does not read, or a problem (the tokens say it). */
static bool f_data(fast *f, char *sfen)
{
	enum { D_COLOR, D_BOARD, D_HANDS };
	char cell[9][9][3], hands[64];
	long long color = -1;
	unsigned seen = 0;
	int i;
	if (!f_eat(f, '{'))
		return false;
	while ((i = f_key(f, KS_DATA, &seen)) >= 0)
		if (i == D_COLOR ? !f_int(f, &color) : i == D_BOARD ? !f_board(f, cell) : !f_hands(f, hands))
			return false;
	if (i == BAD || color < 0 || color > 1 || !(seen & 2u << D_BOARD) || !(seen & 2u << D_HANDS))
		return false;
	size_t n = 0;
	for (int y = 0; y < 9; y++) {
		int blanks = 0;
		if (y)
			sfen[n++] = '/';
		for (int x = 8; x >= 0; x--) {
			const char *t = cell[x][y];
			if (!t[0]) {
				blanks++;
				continue;
			}
			if (blanks)
				sfen[n++] = (char)('0' + blanks);
			blanks = 0;
			while (*t)
				sfen[n++] = *t++;
		}
		if (blanks)
			sfen[n++] = (char)('0' + blanks);
	}
	snprintf(sfen + n, 1024 - n, " %c %s 1", color ? 'w' : 'b', hands[0] ? hands : "-");
	return true;
}

/* initial: {"preset": "..."}, with data or none. */
static int f_initial(fast *f)
{
	const char *ps = NULL;
	size_t plen = 0;
	unsigned seen = 0;
	char sfen[1024];
	int i;
	if (!f_eat(f, '{'))
		return FALLBACK;
	while ((i = f_key(f, KS_INITIAL, &seen)) >= 0)
		if (i == 0 ? !f_string(f, &ps, &plen) : !f_data(f, sfen))
			return FALLBACK;
	if (i == BAD || !ps)
		return FALLBACK;
	return kifu__jkf_initial_start(f->b, ps, plen, 0, seen & 2u << 1 ? sfen : NULL, 0);
}

/* A line of play from ply, its '[' read (and for the main line, moves[0]:
 * main), to its ']': its moves and ending, then the forks of its elements
 * (read_line). */
static int f_line(fast *f, int line_no, long ply, bool main, int depth)
{
	build *b = f->b;
	jkf_reader *r = b->r;
	size_t base = r->nforks;
	bool ended = false;
	int rc = 0;
	bool more = main ? f_eat(f, ',') : f_peek(f) != ']';
	while (!rc && more) {
		rc = f_element(f, ply++, &ended);
		more = !rc && f_eat(f, ',');
	}
	if (rc)
		return rc;
	if (!f_eat(f, ']'))
		return FALLBACK;
	size_t top = r->nforks;
	if (top > base && depth >= FAST_FORK_DEPTH)
		return FALLBACK;
	fast_at end = f_save(f);
	for (size_t k = base; !rc && k < top; k++) {
		/* read_forks: each fork a variation from the element's ply */
		long at = r->forks[k].ply;
		f_restore(f, r->forks[k].at);
		if (!f_eat(f, '['))
			return FALLBACK;
		for (bool first = true; !rc && !f_eat(f, ']'); first = false) {
			if ((!first && !f_eat(f, ',')) || !f_eat(f, '['))
				return FALLBACK;
			int sub = kifu__jkf_begin_fork(b, line_no, at);
			if (sub < 0)
				return sub;
			rc = f_line(f, sub, at, false, depth + 1);
		}
	}
	r->nforks = base;
	f_restore(f, end);
	return rc;
}

/* moves: the start's element (its comments alone), then the main line. */
static int f_moves(fast *f)
{
	build *b = f->b;
	unsigned seen = 0;
	f_comments c;
	c.n = 0;
	if (!f_eat(f, '[') || !f_eat(f, '{'))
		return FALLBACK;
	int i = f_key(f, KS_START, &seen);
	if (i == 0 && (!f_comment_lines(f, &c) || f_key(f, KS_START, &seen) != NONE))
		return FALLBACK;
	if (i != 0 && i != NONE)
		return FALLBACK;
	int rc = f_set_comments(b, KIFU_COMMENT_BEFORE, &c);
	b->prev_to = -1;
	return rc ? rc : f_line(f, 0, 1, true, 0);
}

/* The record whose text begins at text (at line:col), NUL-terminated,
 * built from its bytes: 0, with its text's length in *n and where it ends
 * in *end_line:*end_col; FALLBACK (rec then has what was built: clear it),
 * or a negative code. */
int kifu__jkf_fast_record(jkf_reader *r, kifu_record *rec, const char *text, long line, long col,
		       const kifu_variant **variant, size_t *n, long *end_line, long *end_col)
{
	build b;
	kifu__jkf_build_init(&b, r, rec, line, true);
	r->nforks = 0;
	if (kifu__jkf_choose_variant(&b, line, col))
		return FALLBACK;
	fast f = {&b, (const unsigned char *)text, 0, 0, 0, 0, 0, col};
	enum { KEY_HEADER, KEY_INITIAL, KEY_MOVES };
	unsigned seen = 0;
	int stage = -1, rc = 0, i = BAD;
	if (!f_eat(&f, '{'))
		return FALLBACK;
	/* header, initial and moves, in that order, as they are read */
	while (!rc && (i = f_key(&f, KS_RECORD, &seen)) >= 0) {
		if (i < stage)
			return FALLBACK;
		if (i == KEY_MOVES && stage < KEY_INITIAL)
			rc = kifu__jkf_read_initial(&b, 0, 0);
		if (!rc)
			rc = i == KEY_HEADER ? f_header(&f) : i == KEY_INITIAL ? f_initial(&f) : f_moves(&f);
		stage = i;
	}
	if (rc)
		return rc;
	if (i != NONE || stage != KEY_MOVES)
		return FALLBACK;
	*n = f.p;
	f_place_of(&f, f_save(&f), end_line, end_col);
	*variant = b.v;
	return 0;
}

