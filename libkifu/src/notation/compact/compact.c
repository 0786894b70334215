/*
 * compact.c - the compact notation (formats/compact.md): reading a record
 * line, parsing and writing moves, writing a record.
 *
 * No regular expressions here: the per-move path is a few comparisons.
 */
#include <ctype.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/compact.h"
#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/notation.h"
#include "notation/writing.h"
#include "record/start.h"
#include "text/encoding.h"

/* Is the line a record (not blank, not a # comment)? */
static bool is_record(const char *line, size_t len)
{
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return i < len && line[i] != '#';
}

/* The board's size, looked up once per record: squares are parsed and
 * named on the per-move path. */
typedef struct dims { int files, ranks; } dims;

static dims dims_of(const kifu_variant *v)
{
	return (dims){kifu_variant_files(v), kifu_variant_ranks(v)};
}

/* Writes the square's name ("7g", "12o") at out, which has room for 4
 * bytes; returns its length.  No division: the per-move path of every
 * conversion to compact. */
static inline size_t put_square(dims d, int sq, char *out)
{
	int rank = kifu__square_rank(sq, d.files), file = sq - rank * d.files + 1;
	/* with no branch (one or two digits are as likely on a large board):
	 * the ones digit written second, then over it the rank letter when the
	 * number has one digit; ranks past 26 in two letters (aa = 27) */
	const size_t n = 1 + (size_t)(file >= 10);
	out[0] = (char)(n == 2 ? '0' + file / 10 : '0' + file);
	out[1] = (char)('0' + file % 10);
	if (rank < 26) {
		out[n] = (char)('a' + rank);
		return n + 1;
	}
	return n + (size_t)kifu_rank_letters(rank + 1, out + n);
}

void kifu_compact_square_name(const kifu_variant *v, int sq, char *buf, size_t size)
{
	dims d = dims_of(v);
	char tmp[8];
	size_t n = 1;
	if (sq < 0 || sq >= d.files * d.ranks)
		tmp[0] = '?';
	else
		n = put_square(d, sq, tmp);
	if (!size)
		return;
	if (n >= size)
		n = size - 1;
	memcpy(buf, tmp, n);
	buf[n] = 0;
}

/* A square at text[*i]: 1-2 digits (file) and a lowercase letter (rank). */
static inline int parse_square(dims d, const char *t, size_t len, size_t *i, int *sq,
			       const char **msg)
{
	size_t at = *i;
	unsigned dg = at < len ? (unsigned)(t[at] - '1') : 9u;
	if (dg > 8) {
		*msg = "expected a square (file number, then rank letter)";
		return -1;
	}
	int file = (int)dg + 1;
	at++;
	if (at < len && (unsigned)(t[at] - '0') <= 9u) /* a second digit */
		file = file * 10 + (t[at++] - '0');
	size_t used = 0;
	int rank = at < len ? kifu_rank_read(t + at, len - at, &used) : 0;
	if (!rank) {
		*msg = "expected a rank letter (a = rank 1) after the file number";
		*i = at;
		return -1;
	}
	unsigned r = (unsigned)rank - 1;
	at += used - 1; /* at the last letter */
	if (file > d.files || (int)r >= d.ranks) {
		*msg = "no such square on this board";
		return -1;
	}
	*sq = (int)r * d.files + (file - 1);
	*i = at + 1;
	return 0;
}

static int parse_move(const kifu_variant *v, dims d, const char *t, size_t len, kifu_move *out,
		      const char **msg, size_t *errpos)
{
	size_t i = 0;
	out->flags = 0;
	out->piece = 0;
	out->mid = KIFU_NO_SQUARE;
	if (len && t[0] >= 'A' && t[0] <= 'Z') {
		/* a drop: the piece's SFEN token, '*', the square */
		size_t n = 1 + kifu_sfen_marks(t + 1, len - 1);
		int type = kifu_variant_piece_by_sfen(v, t, n);
		kifu_piece_info info;
		if (type < 0 || (kifu_variant_piece(v, type, &info) == 0 && info.promoted)) {
			*msg = "unknown piece letter for a drop";
			*errpos = 0;
			return KIFU_ESYNTAX;
		}
		if (n >= len || t[n] != '*') {
			*msg = "expected '*' after the piece letter of a drop";
			*errpos = n;
			return KIFU_ESYNTAX;
		}
		i = n + 1;
		int sq;
		if (parse_square(d, t, len, &i, &sq, msg)) {
			*errpos = i;
			return KIFU_ESYNTAX;
		}
		if (i < len) {
			*msg = i < len && t[i] == '+' ? "a drop cannot promote" : "unexpected text after the move";
			*errpos = i;
			return KIFU_ESYNTAX;
		}
		out->from = KIFU_NO_SQUARE;
		out->to = (uint16_t)sq;
		out->flags = KIFU_MOVE_DROP;
		out->piece = (uint8_t)type;
		return 0;
	}
	int sq[4], n = 0;
	size_t third = 0; /* where the third square is written */
	while (i < len && t[i] != '+') {
		if (n == 4) {
			*msg = "a move names at most four squares";
			*errpos = i;
			return KIFU_ESYNTAX;
		}
		if (n == 2)
			third = i;
		if (parse_square(d, t, len, &i, &sq[n], msg)) {
			*errpos = i;
			return KIFU_ESYNTAX;
		}
		n++;
	}
	if (n < 2) {
		*msg = n ? "a move names its from and to squares" : "expected a move";
		*errpos = i;
		return KIFU_ESYNTAX;
	}
	if (i < len) { /* '+' */
		out->flags |= KIFU_MOVE_PROMOTE;
		if (++i < len) {
			*msg = "unexpected text after '+'";
			*errpos = i;
			return KIFU_ESYNTAX;
		}
	}
	out->from = (uint16_t)sq[0];
	out->to = (uint16_t)sq[n - 1];
	if (n >= 3)
		out->mid = (uint16_t)sq[1];
	if (n == 4) {
		/* a run: from, mid, the square after mid, to; or three king
		 * steps, from, mid, mid2, to (formats/compact.md) */
		const int second = kifu__run_second(d.files, sq[0], sq[1], sq[3]);
		if (second == sq[2]) {
			out->flags |= KIFU_MOVE_RUN;
		} else if (kifu__three_legs_shape(d.files, d.ranks, sq[0], sq[1], sq[2], sq[3])) {
			kifu_move_set_mid2(out, sq[2], d.files, d.ranks);
		} else {
			*msg = second < 0 ? "four squares are a run's, out along one line with its last two or more past its second, or three king steps'"
					  : "a run's third square is the one after its second along the line";
			*errpos = second < 0 ? 0 : third;
			return KIFU_ESYNTAX;
		}
	}
	return 0;
}

int kifu_compact_parse_move(const kifu_variant *v, const char *t, size_t len, kifu_move *out,
			    const char **msg, size_t *errpos)
{
	return parse_move(v, dims_of(v), t, len, out, msg, errpos);
}

/* A drop's piece token and its '*' ("P*", "S!*") at out; returns their
 * length (at most 5). */
static size_t put_dropped(const kifu_variant *v, const kifu_move *m, char *out)
{
	size_t n = 0;
	kifu_piece_info info;
	const char *tok = kifu_variant_piece(v, m->piece, &info) == 0 ? info.sfen : "?";
	for (; *tok && n < 4; tok++)
		out[n++] = *tok;
	out[n++] = '*';
	return n;
}

/* A run's third square (the one after mid), or '?' when the move is no
 * run's squares. */
static size_t put_run_second(dims d, const kifu_move *m, char *out)
{
	const int nsq = d.files * d.ranks;
	const int second = m->from < nsq && m->mid < nsq && m->to < nsq ? kifu__run_second(d.files, m->from, m->mid, m->to)
									 : -1;
	if (second < 0) {
		out[0] = '?';
		return 1;
	}
	return put_square(d, second, out);
}

/* A three-leg move's second intermediate square, or '?' when it names
 * none. */
static size_t put_mid2(dims d, const kifu_move *m, char *out)
{
	const int mid2 = kifu_move_mid2(m, d.files, d.ranks);
	if (mid2 == KIFU_NO_SQUARE) {
		out[0] = '?';
		return 1;
	}
	return put_square(d, mid2, out);
}

/* Writes the move ("7g7f", "8h7g6f+", "10j10i10h10g+", "P*5e") at out,
 * which has room for 24 bytes; returns its length.  No printf: this is the per-move path of
 * every conversion to compact. */
static size_t put_move(const kifu_variant *v, dims d, const kifu_move *m, char *out)
{
	size_t n = 0;
	int nsq = d.files * d.ranks;
	if (m->flags & KIFU_MOVE_DROP) {
		n = put_dropped(v, m, out);
		if (m->to < nsq)
			n += put_square(d, m->to, out + n);
		else
			out[n++] = '?';
		return n;
	}
	n += m->from < nsq ? put_square(d, m->from, out + n) : (out[n] = '?', 1);
	if (m->mid != KIFU_NO_SQUARE)
		n += m->mid < nsq ? put_square(d, m->mid, out + n) : (out[n] = '?', 1);
	if (m->flags & KIFU_MOVE_RUN)
		n += put_run_second(d, m, out + n);
	else if (m->flags & KIFU_MOVE_THREE_LEGS)
		n += put_mid2(d, m, out + n);
	n += m->to < nsq ? put_square(d, m->to, out + n) : (out[n] = '?', 1);
	if (m->flags & KIFU_MOVE_PROMOTE)
		out[n++] = '+';
	return n;
}

/* Every square's name, made once a record for its moves (put_square has
 * branches a move's squares cannot predict: one or two digits): name[sq]
 * holds its bytes, len[sq] how many. */
typedef struct square_names {
	int nsq, files;
	char name[KIFU_MAX_SQUARES][4];
	uint8_t len[KIFU_MAX_SQUARES];
} square_names;

static void square_names_make(square_names *t, dims d)
{
	t->nsq = d.files * d.ranks;
	t->files = d.files;
	for (int sq = 0; sq < t->nsq; sq++)
		t->len[sq] = (uint8_t)put_square(d, sq, t->name[sq]);
}

static inline size_t put_named(const square_names *t, int sq, char *out)
{
	if (sq >= t->nsq) {
		out[0] = '?';
		return 1;
	}
	memcpy(out, t->name[sq], 4);
	return t->len[sq];
}

/* put_move with the record's table of names: out has room for 22 bytes. */
static size_t put_move_named(const kifu_variant *v, const square_names *t, const kifu_move *m,
			     char *out)
{
	if (m->flags & KIFU_MOVE_DROP) {
		size_t n = put_dropped(v, m, out);
		return n + put_named(t, m->to, out + n);
	}
	size_t n = put_named(t, m->from, out);
	if (m->mid != KIFU_NO_SQUARE)
		n += put_named(t, m->mid, out + n);
	if (m->flags & KIFU_MOVE_RUN) { /* (rare: a Lion Dog's third capture) */
		const int second = m->from < t->nsq && m->mid < t->nsq && m->to < t->nsq
					   ? kifu__run_second(t->files, m->from, m->mid, m->to)
					   : t->nsq;
		n += put_named(t, second < 0 ? t->nsq : second, out + n);
	} else if (m->flags & KIFU_MOVE_THREE_LEGS) {
		const int mid2 = kifu_move_mid2(m, t->files, t->nsq / t->files);
		n += put_named(t, mid2 == KIFU_NO_SQUARE ? t->nsq : mid2, out + n);
	}
	n += put_named(t, m->to, out + n);
	out[n] = '+';
	return n + (size_t)((m->flags & KIFU_MOVE_PROMOTE) != 0);
}

int kifu_compact_format_move(const kifu_variant *v, const kifu_move *m, char *buf, size_t size)
{
	char tmp[24];
	size_t n = put_move(v, dims_of(v), m, tmp);
	if (n + 1 > size)
		return KIFU_ELIMIT;
	memcpy(buf, tmp, n);
	buf[n] = 0;
	return (int)n;
}

/* ---- reading a record ---- */

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Decodes %XX escapes of s[0..n) into out (at most n bytes). Returns the
 * decoded length, or -1 (a bad escape) or -2 (%00) with *bad at the
 * offending offset. */
static long percent_decode(const char *s, size_t n, char *out, size_t *bad)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '%') {
			int h, l;
			if (i + 2 >= n) {
				*bad = i;
				return -1;
			}
			h = hexval(s[i + 1]);
			l = hexval(s[i + 2]);
			if (h < 0 || l < 0) {
				*bad = i;
				return -1;
			}
			if (h == 0 && l == 0) {
				/* %00: a value is a C string, so a NUL would cut it
				 * short without a word; refused where it is written */
				*bad = i;
				return -2;
			}
			out[o++] = (char)(h * 16 + l);
			i += 2;
		} else {
			out[o++] = s[i];
		}
	}
	return (long)o;
}

/* What percent_decode's negative result means (a macro: the format stays
 * a literal the compiler checks). */
#define ESCAPE_ERROR(rc) ((rc) == -2 ? "a NUL byte (%%00) in %s: no value may hold one" : "bad %%XX escape in %s")

typedef struct parse_state {
	kifu_record *rec;
	const char *line;
	size_t len;
	long lineno;
	char *scratch;      /* for decoded values, as long as the line */
	size_t col_off;     /* the column of byte col_off is col_val: columns are */
	long col_val;       /* counted on from there, not from the line's start */
	bool has_nul;       /* the line holds a NUL byte somewhere */
	bool ascii;         /* ... no byte over 0x7F: a column is the offset + 1 */
	dims dims;          /* the record's board */
	/* the type a drop's piece token names ([letter][suffix: none, ', !]),
	 * looked up on first use: -2 not yet, -1 none that may be dropped */
	int16_t drop_type[26][3];
} parse_state;

/* The column of byte offset off, counting on from the last one asked for
 * (tokens are asked for in order: the per-move path stays linear). */
static long column_count(parse_state *ps, size_t off)
{
	if (off < ps->col_off) {
		ps->col_off = 0;
		ps->col_val = 1;
	}
	for (size_t i = ps->col_off; i < off; i++)
		if (((unsigned char)ps->line[i] & 0xC0) != 0x80)
			ps->col_val++;
	ps->col_off = off;
	return ps->col_val;
}

static inline long column_at(parse_state *ps, size_t off)
{
	return ps->ascii ? (long)off + 1 : column_count(ps, off);
}

static int fail_at(parse_state *ps, long ply, size_t off, const char *tok, size_t toklen,
		   const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static int fail_at(parse_state *ps, long ply, size_t off, const char *tok, size_t toklen,
		   const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return kifu_record_set_error(ps->rec, ply, ps->lineno, column_at(ps, off), tok, toklen, msg);
}

/* A token fit for a message: at most 40 bytes (cut between characters),
 * bytes that are not printable ASCII or part of valid UTF-8 shown as \xHH.
 * size: at least 164 (40 bytes shown as \xHH, "..." and the NUL). */
static void printable(const char *t, size_t n, char *out, size_t size)
{
	size_t o = 0;
	bool utf8 = kifu__utf8_valid(t, n);
	size_t shown = utf8 ? kifu__utf8_cut(t, n, 40) : n < 40 ? n : 40;
	for (size_t i = 0; i < shown && o + 5 < size; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c < 0x20 || c == 0x7F || (c >= 0x80 && !utf8))
			o += (size_t)snprintf(out + o, size - o, "\\x%02X", c);
		else
			out[o++] = (char)c;
	}
	if (n > 40 && o + 4 < size)
		o += (size_t)snprintf(out + o, size - o, "...");
	out[o] = 0;
}

/* "unknown variant "dia" (did you mean dai?)" */
static int unknown_variant(parse_state *ps, size_t start, const char *shown,
			   const kifu_variant_set *variants)
{
	const char *close = kifu_variant_set_suggest(variants, shown);
	if (close)
		return fail_at(ps, 0, start, NULL, 0, "unknown variant \"%s\" (did you mean %s?)", shown,
			       close);
	return fail_at(ps, 0, start, NULL, 0, "unknown variant \"%s\" (kifu-variants lists them)", shown);
}

static bool is_ending(const char *t, size_t n)
{
	return kifu_ending_find(t, n) != NULL;
}

/* Reads the annotations after a move or ending: {comment} and @time[/total]. */
static int parse_annotations(parse_state *ps, long idx, const char *t, size_t n, size_t base,
			     long ply, const char *tok, size_t toklen)
{
	size_t i = 0;
	while (i < n) {
		if (t[i] == '{') {
			const char *close = memchr(t + i, '}', n - i);
			if (!close)
				return fail_at(ps, ply, base + i, tok, toklen, "unterminated {comment}");
			size_t clen = (size_t)(close - (t + i + 1)), bad;
			long dl = percent_decode(t + i + 1, clen, ps->scratch, &bad);
			if (dl < 0)
				return fail_at(ps, ply, base + i + 1 + bad, tok, toklen, ESCAPE_ERROR(dl), "a comment");
			if (!kifu__utf8_valid(ps->scratch, (size_t)dl))
				return fail_at(ps, ply, base + i, tok, toklen, "a comment is not valid UTF-8");
			/* several {...} on one move join with a newline (on an ending,
			 * the current line's: a variation's is read after the main
			 * line's) */
			int rc = kifu_record_append_comment(ps->rec, idx, ps->scratch, (size_t)dl);
			if (rc)
				return rc;
			i = (size_t)(close - t) + 1;
		} else if (t[i] == '&' && idx >= 0) {
			size_t j = i + 1;
			while (j < n && t[j] != '{' && t[j] != '@' && t[j] != '&')
				j++;
			size_t bad;
			long dl = percent_decode(t + i + 1, j - i - 1, ps->scratch, &bad);
			if (dl < 0)
				return fail_at(ps, ply, base + i + 1 + bad, tok, toklen, ESCAPE_ERROR(dl), "a bookmark");
			if (!kifu__utf8_valid(ps->scratch, (size_t)dl))
				return fail_at(ps, ply, base + i, tok, toklen, "a bookmark is not valid UTF-8");
			int rc = kifu_record_set_bookmark(ps->rec, idx, ps->scratch, (size_t)dl);
			if (rc)
				return rc;
			i = j;
		} else if (t[i] == '@' && (idx >= 0 || idx == KIFU_COMMENT_ENDING)) {
			/* seconds ["/" seconds], in the grammar's digits alone, below
			 * what every writer writes (writing.h) */
			size_t j = i + 1;
			while (j < n && t[j] != '{' && t[j] != '@' && t[j] != '&')
				j++;
			const char *slash = memchr(t + i + 1, '/', j - i - 1);
			size_t tn = (size_t)((slash ? slash : t + j) - (t + i + 1));
			double time, total = -1;
			int trc = kifu__seconds_read(t + i + 1, tn, KIFU__WRITE_TIME_MAX, &time);
			if (trc == KIFU_ELIMIT)
				return fail_at(ps, ply, base + i, tok, toklen,
					       "a time of 100,000,000 minutes or more (no writer writes one)");
			if (trc)
				return fail_at(ps, ply, base + i, tok, toklen, "expected seconds after @ (16, 1.5)");
			if (slash) {
				trc = kifu__seconds_read(slash + 1, (size_t)(t + j - slash - 1), KIFU__WRITE_TOTAL_MAX, &total);
				if (trc == KIFU_ELIMIT)
					return fail_at(ps, ply, base + i, tok, toklen,
						       "a total of 100,000,000 hours or more (no writer writes one)");
				if (trc)
					return fail_at(ps, ply, base + i, tok, toklen, "expected total seconds after /");
			}
			kifu_record_set_time(ps->rec, idx, time, total);
			i = j;
		} else {
			return fail_at(ps, ply, base + i, tok, toklen, "unexpected text after the move");
		}
	}
	return 0;
}

static bool valid_key(const char *k, size_t n)
{
	if (!n || k[0] < 'a' || k[0] > 'z')
		return false;
	for (size_t i = 1; i < n; i++)
		if (!(islower((unsigned char)k[i]) || isdigit((unsigned char)k[i]) || k[i] == '_' || k[i] == '-'))
			return false;
	return true;
}

/* The next token of line[*i..end): its start and length, and (mlen) the
 * length before its first annotation ({ @ &); "(" and ")" are tokens of
 * their own only when standing alone. Returns 0 at the end. */
/* Byte classes for the tokenizer: a space or tab ends a token, an
 * annotation sign ({ @ &) ends its move part. */
enum { C_SPACE = 1, C_ANNOT = 2 };
static const unsigned char byte_class[256] = {
	[' '] = C_SPACE, ['\t'] = C_SPACE, ['{'] = C_ANNOT, ['@'] = C_ANNOT, ['&'] = C_ANNOT,
};

static int next_token_m(const char *line, size_t end, size_t *i, size_t *start, size_t *n,
			size_t *mlen)
{
	const unsigned char *u = (const unsigned char *)line;
	size_t b = *i;
	while (b < end && byte_class[u[b]] == C_SPACE)
		b++;
	if (b >= end) {
		*i = b;
		return 0;
	}
	size_t e = b;
	*start = b;
	/* the move part: up to an annotation or the token's end */
	while (e < end && !byte_class[u[e]])
		e++;
	*mlen = e - b;
	while (e < end && byte_class[u[e]] != C_SPACE)
		e++; /* annotations */
	*n = e - b;
	*i = e;
	return 1;
}

/* A square at t[*k] of the fast path (a digit stands there): as
 * parse_square, its number or -1 with no message (the general path gives
 * it). */
static inline int fast_square(dims d, const unsigned char *t, size_t len, size_t *k)
{
	size_t at = *k + 1;
	if (at >= len)
		return -1;
	/* one digit or two (files 1 to 9, 10 to 19 mixed at random: chosen
	 * without a branch to mispredict) */
	const int first = t[at - 1] - '0';
	const unsigned second = (unsigned)(t[at] - '0');
	const unsigned two = second <= 9u;
	const int file = first + ((first * 9 + (int)second) & -(int)two);
	at += two;
	unsigned r = at < len ? (unsigned)(t[at] - 'a') : 26u;
	if (r > 25 || file > d.files)
		return -1;
	if (at + 1 < len && (unsigned)(t[at + 1] - 'a') <= 25u) {
		/* two letters, past rank 26 (aa = 27): boards over 26 ranks */
		r = (r + 1) * 26 + (unsigned)(t[at + 1] - 'a');
		at++;
	}
	if ((int)r >= d.ranks)
		return -1;
	*k = at + 1;
	return (int)r * d.files + (file - 1);
}

static inline bool fast_digit(const unsigned char *t, size_t len, size_t k)
{
	return k < len && (unsigned)(t[k] - '1') <= 8u;
}

/* The fast path of the moves: a plain move token at t[0..len), two or three
 * squares and a '+' or not ("7g7f", "8h2b+", "12o11n", "4e5d4c"), or a drop
 * ("P*5e"), ended by a space, a tab or the end of the line, read where it
 * stands and turned into *m at once.  Returns its length, or 0 for any
 * other token (with annotations, an ending, a parenthesis, a fault): the
 * general path (next_token_m, parse_move) reads that one, with its
 * messages. */
static size_t fast_move(parse_state *ps, const kifu_variant *v, const unsigned char *t, size_t len,
			kifu_move *m)
{
	const dims d = ps->dims;
	size_t k = 0;
	if (fast_digit(t, len, 0)) {
		int from = fast_square(d, t, len, &k), mid = -1, to;
		if (from < 0 || !fast_digit(t, len, k) || (to = fast_square(d, t, len, &k)) < 0)
			return 0;
		if (fast_digit(t, len, k)) {
			mid = to;
			if ((to = fast_square(d, t, len, &k)) < 0)
				return 0;
		}
		m->flags = 0;
		if (k < len && t[k] == '+') {
			m->flags = KIFU_MOVE_PROMOTE;
			k++;
		}
		/* a fourth square, an annotation, anything else: the general path */
		if (k < len && byte_class[t[k]] != C_SPACE)
			return 0;
		m->from = (uint16_t)from;
		m->mid = mid < 0 ? KIFU_NO_SQUARE : (uint16_t)mid;
		m->to = (uint16_t)to;
		m->piece = 0;
		return k;
	}
	if ((unsigned)(t[0] - 'A') > 25u || len < 3)
		return 0;
	size_t plen = t[1] == '\'' || t[1] == '!' ? 2 : 1;
	int suffix = plen == 1 ? 0 : t[1] == '\'' ? 1 : 2;
	if (t[plen] != '*' || !fast_digit(t, len, plen + 1))
		return 0;
	int16_t *type = &ps->drop_type[t[0] - 'A'][suffix];
	if (*type == -2) {
		/* as parse_move: a known piece token, not a promoted piece */
		kifu_piece_info info;
		int found = kifu_variant_piece_by_sfen(v, (const char *)t, plen);
		*type = (int16_t)(found < 0 || (kifu_variant_piece(v, found, &info) == 0 && info.promoted) ? -1 : found);
	}
	k = plen + 1;
	int to;
	if (*type < 0 || (to = fast_square(d, t, len, &k)) < 0 || (k < len && byte_class[t[k]] != C_SPACE))
		return 0;
	m->from = KIFU_NO_SQUARE;
	m->mid = KIFU_NO_SQUARE;
	m->to = (uint16_t)to;
	m->flags = KIFU_MOVE_DROP;
	m->piece = (uint8_t)*type;
	return k;
}

static int next_token(const char *line, size_t end, size_t *i, size_t *start, size_t *n)
{
	size_t mlen;
	return next_token_m(line, end, i, start, n, &mlen);
}

static bool is_open(const char *t, size_t n) { return n == 1 && t[0] == '('; }
static bool is_close(const char *t, size_t n) { return n == 1 && t[0] == ')'; }

/* Where the group opened at line[open] closes: the offset just past its ")",
 * or 0 if it never closes. */
static size_t group_end(const char *line, size_t end, size_t i)
{
	int depth = 1;
	size_t start, n;
	while (next_token(line, end, &i, &start, &n)) {
		if (is_open(line + start, n))
			depth++;
		else if (is_close(line + start, n) && --depth == 0)
			return i;
	}
	return 0;
}

#define MAX_VARIATION_DEPTH 64

static int parse_variations(parse_state *ps, const kifu_variant *v, size_t from, size_t end, int line_no,
			    long start_ply, int depth);

/* Reads one line of play from line[from..end): its moves and ending, then
 * (so that each line's moves stay contiguous) the variations nested in it.
 * `line_no` is the record line the moves go to; its first move is ply
 * `start_ply`.  A problem in a variation is an error of the whole record. */
static int parse_line(parse_state *ps, const kifu_variant *v, size_t from, size_t end,
		      int line_no, long start_ply, int depth)
{
	const char *line = ps->line;
	long ply = start_ply - 1;
	long err_ply_base = line_no == 0 ? 0 : -1; /* -1: report at ply 0 */
	bool ended = false, any_variation = false;
	size_t i = from, start, n, mlen;
	int rc = 0;
#define ERR_PLY (err_ply_base < 0 ? 0 : ply + 1)
	while (!rc) {
		if (!ended) {
			/* the fast path, for as long as the moves are plain */
			const unsigned char *u = (const unsigned char *)line;
			size_t j = i, k;
			kifu_move m;
			for (;;) {
				while (j < end && byte_class[u[j]] == C_SPACE)
					j++;
				if (j >= end || !(k = fast_move(ps, v, u + j, end - j, &m)))
					break;
				long idx = kifu_record_add_move(ps->rec, &m, line + j, k, ps->lineno, column_at(ps, j));
				if (idx == KIFU_ELIMIT)
					return fail_at(ps, ERR_PLY, j, line + j, k, "more moves than a record may hold");
				if (idx < 0)
					return (int)idx;
				ply++;
				j += k;
			}
			i = j;
		}
		if (!next_token_m(line, end, &i, &start, &n, &mlen))
			break;
		const char *tok = line + start;
		if (is_open(tok, n)) {
			size_t close = group_end(line, end, i);
			if (!close)
				return fail_at(ps, 0, start, NULL, 0, "unclosed variation: \"(\" without \")\"");
			if (ply < start_ply && !ended)
				return fail_at(ps, 0, start, NULL, 0, "a variation must follow a move or the ending");
			i = close; /* read after this line's own moves */
			any_variation = true;
			continue;
		}
		if (is_close(tok, n))
			return fail_at(ps, 0, start, NULL, 0, "\")\" without \"(\"");
		if (ended)
			return fail_at(ps, ERR_PLY, start, tok, n, "text after the ending");
		/* the move ends where its annotations begin (mlen) */
		if (ps->has_nul && memchr(tok, 0, n))
			return fail_at(ps, ERR_PLY, start, tok, mlen, "a NUL byte in the record");
		if (mlen && islower((unsigned char)tok[0])) {
			if (!is_ending(tok, mlen)) {
				char shown[200];
				printable(tok, mlen, shown, sizeof shown);
				return fail_at(ps, ERR_PLY, start, tok, mlen,
					       "unknown ending \"%s\" (see formats/compact.md)", shown);
			}
			rc = kifu_record_set_ending(ps->rec, tok, mlen, ps->lineno, column_at(ps, start));
			if (!rc)
				rc = parse_annotations(ps, KIFU_COMMENT_ENDING, tok + mlen, n - mlen,
						       start + mlen, ERR_PLY, tok, mlen);
			ended = true;
			continue;
		}
		kifu_move m;
		const char *msg;
		size_t errpos = 0;
		if (parse_move(v, ps->dims, tok, mlen, &m, &msg, &errpos))
			return fail_at(ps, ERR_PLY, start + errpos, tok, mlen, "%s", msg);
		long idx = kifu_record_add_move(ps->rec, &m, tok, mlen, ps->lineno, column_at(ps, start));
		if (idx == KIFU_ELIMIT)
			return fail_at(ps, ERR_PLY, start, tok, mlen, "more moves than a record may hold");
		if (idx < 0)
			return (int)idx;
		/* the move's own ply: ERR_PLY before the count goes on */
		rc = parse_annotations(ps, idx, tok + mlen, n - mlen, start + mlen, ERR_PLY, tok, mlen);
		ply++;
	}
#undef ERR_PLY
	if (rc || !any_variation)
		return rc;
	return parse_variations(ps, v, from, end, line_no, start_ply, depth);
}

/* The variations of the line read from line[from..end) (line_no, from
 * start_ply), each an alternative to the move before its "(", or after
 * the ending to the ending (a move played instead of resigning, say: KIF's
 * 変化 at the ending's ply, JKF's forks of a special); each read as a line
 * of its own (parse_line). */
static int parse_variations(parse_state *ps, const kifu_variant *v, size_t from, size_t end, int line_no,
			    long start_ply, int depth)
{
	const char *line = ps->line;
	long ply = start_ply - 1;
	size_t i = from, start, n;
	bool after_ending = false;
	while (next_token(line, end, &i, &start, &n)) {
		const char *tok = line + start;
		if (!is_open(tok, n)) {
			if (n && islower((unsigned char)tok[0]))
				after_ending = true;
			else if (n)
				ply++;
			continue;
		}
		size_t close = group_end(line, end, i);
		if (depth + 1 > MAX_VARIATION_DEPTH)
			return fail_at(ps, 0, start, NULL, 0, "variations nested too deep");
		/* after a variation's first move (or the ending of a variation
		 * with no move), a sibling of it (kifu_record_begin_line) */
		long at = after_ending ? ply + 1 : ply;
		int sub = kifu_record_begin_line(ps->rec, line_no, at);
		if (sub < 0)
			return sub;
		/* the group's content lies between "(" and its ")" */
		size_t inner_end = close - 1;
		int rc = parse_line(ps, v, i, inner_end, sub, at, depth + 1);
		if (rc || kifu_record_error(ps->rec, NULL, NULL, NULL, NULL))
			return rc;
		i = close;
	}
	return 0;
}

/* One tag, key=value (percent-escaped), at line[start..start+n): the
 * record's tag, or its comment or bookmark before the moves.  0 (a problem
 * is the record's, fail_at), or KIFU_ENOMEM. */
static int parse_tag(parse_state *ps, size_t start, size_t n, size_t *handicap_at)
{
	const char *tok = ps->line + start;
	if (ps->has_nul && memchr(tok, 0, n))
		return fail_at(ps, 0, start, tok, n, "a NUL byte in the record");
	const char *eq = memchr(tok, '=', n);
	if (!eq || !valid_key(tok, (size_t)(eq - tok)))
		return fail_at(ps, 0, start, NULL, 0,
			       "expected a tag key=value (key: a-z, 0-9, _ and -) or ':' before the moves");
	size_t klen = (size_t)(eq - tok), bad;
	long dl = percent_decode(eq + 1, n - klen - 1, ps->scratch, &bad);
	if (dl < 0)
		return fail_at(ps, 0, start + klen + 1 + bad, NULL, 0, ESCAPE_ERROR(dl), "a tag value");
	if (!kifu__utf8_valid(ps->scratch, (size_t)dl))
		return fail_at(ps, 0, start + klen + 1, NULL, 0, "a tag value is not valid UTF-8");
	if (klen == 8 && !memcmp(tok, "handicap", 8))
		*handicap_at = start + klen + 1;
	if (klen == 7 && !memcmp(tok, "comment", 7))
		return kifu_record_set_comment(ps->rec, KIFU_COMMENT_BEFORE, ps->scratch, (size_t)dl);
	if (klen == 8 && !memcmp(tok, "bookmark", 8))
		return kifu_record_set_bookmark(ps->rec, KIFU_COMMENT_BEFORE, ps->scratch, (size_t)dl);
	return kifu_record_add_tag(ps->rec, tok, klen, ps->scratch, (size_t)dl);
}

int kifu_compact_parse(kifu_record *rec, const char *line, size_t len, const char *file,
		       long lineno, const kifu_variant_set *variants, const kifu_variant **variant)
{
	kifu_record_clear(rec);
	*variant = NULL;
	int rc = kifu_record_set_source(rec, file, lineno);
	if (rc)
		return rc;
	/* decoded values are never longer than the line: a buffer on the stack
	 * for every usual line, so that no record costs an allocation here */
	char small[4096];
	char *scratch = len < sizeof small ? small : malloc(len + 1);
	if (!scratch)
		return KIFU_ENOMEM;
	bool ascii = kifu__ascii_span(line, len) == len, nul = memchr(line, 0, len) != NULL;
	parse_state ps = {rec, line, len, lineno, scratch, 0, 1, nul, ascii, {0, 0}, {{0}}};
	for (int l = 0; l < 26; l++)
		for (int k = 0; k < 3; k++)
			ps.drop_type[l][k] = -2;
	size_t i = 0;
	const kifu_variant *v = NULL;
	enum { VARIANT, TAGS, MOVES, ENDED } stage = VARIANT;
	size_t handicap_at = 0; /* where the handicap tag's value is written */
	rc = 0;
	while (!rc) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i >= len)
			break;
		size_t start = i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		const char *tok = line + start;
		size_t n = i - start;
		if (stage == VARIANT && ps.has_nul && memchr(tok, 0, n)) {
			rc = fail_at(&ps, 0, start, tok, n, "a NUL byte in the record");
			break;
		}
		if (stage == VARIANT) {
			rc = kifu_record_set_variant(rec, tok, n);
			if (rc)
				break;
			v = kifu_variant_set_find(variants, kifu_record_variant_name(rec));
			if (!v) {
				char shown[200];
				printable(tok, n, shown, sizeof shown);
				rc = unknown_variant(&ps, start, shown, variants);
				break;
			}
			*variant = v;
			ps.dims = dims_of(v);
			stage = TAGS;
		} else if (stage == TAGS) {
			if (n == 1 && tok[0] == ':') {
				const char *h = kifu_record_tag(rec, "handicap");
				if (h && !kifu_record_tag(rec, "sfen") && !kifu__named_start(v, h)) {
					/* a handicap that names no start (and no sfen tag
					 * gives it) is an error where it is written, never
					 * a guess */
					kifu_diag d;
					kifu__unknown_handicap(v, h, &d);
					rc = fail_at(&ps, 0, handicap_at, NULL, 0, "%s", d.message);
					break;
				}
				stage = MOVES;
				continue;
			}
			if ((rc = parse_tag(&ps, start, n, &handicap_at)) != 0 ||
			    kifu_record_error(rec, NULL, NULL, NULL, NULL))
				break;
		} else {
			/* the moves: the main line, then its variations */
			rc = parse_line(&ps, v, start, len, 0, 1, 0);
			stage = ENDED;
			break;
		}
	}
	if (!rc && stage < MOVES && !kifu_record_error(rec, NULL, NULL, NULL, NULL))
		rc = fail_at(&ps, 0, len, NULL, 0, "missing ':' before the moves");
	if (scratch != small)
		free(scratch);
	return rc == KIFU_ENOMEM ? rc : 0;
}

/* ---- writing ---- */

/* The record's line is built in memory (on the stack for every usual
 * record), checked against what the reader accepts, then written at once:
 * nothing is written of a record that cannot be. */
typedef struct cbuf {
	char *p;
	size_t len, cap;
	bool heap;
	bool failed;   /* out of memory */
} cbuf;

static void put(cbuf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap * 2;
		while (cap < b->len + n)
			cap *= 2;
		char *p = b->heap ? realloc(b->p, cap) : malloc(cap);
		if (!p) {
			b->failed = true;
			return;
		}
		if (!b->heap)
			memcpy(p, b->p, b->len);
		b->p = p;
		b->cap = cap;
		b->heap = true;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void puts_(cbuf *b, const char *s) { put(b, s, strlen(s)); }

/* s with %XX for space, %, controls and the characters in extra. */
static void put_escaped(cbuf *b, const char *s, const char *extra)
{
	static const char hex[] = "0123456789ABCDEF";
	const char *run = s;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p <= 0x20 || *p == 0x7F || *p == '%' || (extra && strchr(extra, *p))) {
			put(b, run, (size_t)((const char *)p - run));
			char e[3] = {'%', hex[*p >> 4], hex[*p & 15]};
			put(b, e, 3);
			run = (const char *)p + 1;
		}
	}
	puts_(b, run);
}

/* Seconds in the grammar's digits, as the reader reads them back to the
 * bit, in the fewest digits that do (writing.c). */
static void put_number(cbuf *b, double t)
{
	char num[KIFU__SECONDS_WRITTEN];
	put(b, num, kifu__seconds_write(t, num, sizeof num));
}

static void put_tag(cbuf *b, const char *key, const char *value)
{
	put(b, " ", 1);
	puts_(b, key);
	put(b, "=", 1);
	put_escaped(b, value, NULL);
}

static void put_comment(cbuf *b, const char *text)
{
	put(b, "{", 1);
	put_escaped(b, text, "{}");
	put(b, "}", 1);
}

static void put_times(cbuf *b, double time, double total)
{
	if (time < 0)
		return;
	put(b, "@", 1);
	put_number(b, time);
	if (total >= 0) {
		put(b, "/", 1);
		put_number(b, total);
	}
}

static int by_start_asc(const void *a, const void *b)
{
	const long *x = a, *y = b;
	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

/* A line being written: its next move, its variations (start, line) by
 * branch ply, the next of them. */
typedef struct wframe {
	int line;
	long k;
	long *children;  /* pairs (start, line), sorted */
	int nchildren, next;
	bool ended;      /* the line's moves and ending are written */
} wframe;

static void frames_free(wframe *stack, int depth)
{
	for (int i = 0; i < depth; i++)
		free(stack[i].children);
}

/* Opens line `line` on the stack: its variations sorted by branch ply. */
static int push_line(wframe *stack, int *depth, const kifu_record *rec, int line)
{
	kifu_record_line_info li;
	kifu_record_get_line(rec, line, &li);
	wframe *f = &stack[(*depth)++];
	*f = (wframe){line, 0, NULL, 0, 0, false};
	int n = 0;
	for (int c = li.first_child; c >= 0;) {
		kifu_record_line_info ci;
		kifu_record_get_line(rec, c, &ci);
		n++;
		c = ci.next_sibling;
	}
	if (!n)
		return 0;
	if (!(f->children = malloc((size_t)n * 2 * sizeof *f->children)))
		return KIFU_ENOMEM;
	for (int c = li.first_child; c >= 0;) {
		kifu_record_line_info ci;
		kifu_record_get_line(rec, c, &ci);
		f->children[2 * f->nchildren] = ci.start;
		f->children[2 * f->nchildren + 1] = c;
		f->nchildren++;
		c = ci.next_sibling;
	}
	qsort(f->children, (size_t)n, 2 * sizeof *f->children, by_start_asc);
	return 0;
}

/* The lines of play, with no recursion: each move with its annotations,
 * after a move the variations that replace it in parentheses, then the
 * line's ending.  Variations nested deeper than the reader takes are
 * refused (KIFU_ELIMIT). */
static int put_lines(cbuf *b, const kifu_record *rec, const kifu_variant *v, kifu_diag *diag)
{
	square_names names;
	square_names_make(&names, dims_of(v));
	wframe stack[MAX_VARIATION_DEPTH + 1];
	int depth = 0;
	int rc = push_line(stack, &depth, rec, 0);
	while (!rc && depth > 0) {
		wframe *f = &stack[depth - 1];
		kifu_record_line_info li;
		kifu_record_get_line(rec, f->line, &li);
		/* the variations that replace the move just written, or after the
		 * ending those that replace the ending */
		long replaced = f->ended ? li.start + li.count : li.start + f->k - 1;
		if ((f->k > 0 || f->ended) && f->next < f->nchildren && f->children[2 * f->next] == replaced) {
			int c = (int)f->children[2 * f->next + 1];
			f->next++;
			if (depth == MAX_VARIATION_DEPTH + 1) {
				rc = kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
						   "variations nested more than %d deep: the compact notation reads no deeper",
						   MAX_VARIATION_DEPTH);
				break;
			}
			put(b, " (", 2);
			rc = push_line(stack, &depth, rec, c);
			continue;
		}
		/* variations that branch at a ply the line has no move or ending
		 * at are none of a well-formed record's: passed over */
		while (f->next < f->nchildren && f->children[2 * f->next] < replaced)
			f->next++;
		if (f->k < li.count) {
			/* the moves up to the next that a variation replaces, in a
			 * row, each straight into the buffer (room made first: a
			 * move is at most 21 bytes, with its space 22) */
			long stop = li.count;
			if (f->next < f->nchildren && f->children[2 * f->next] - li.start + 1 > f->k &&
			    f->children[2 * f->next] - li.start + 1 < stop)
				stop = f->children[2 * f->next] - li.start + 1;
			for (; f->k < stop && !b->failed; f->k++) {
				kifu_record_move m;
				kifu_record_get_move_at(rec, li.first + f->k, &m);
				if (b->cap - b->len < 22) {
					put(b, "                      ", 22);
					if (b->failed)
						break;
					b->len -= 22;
				}
				b->p[b->len++] = ' ';
				b->len += put_move_named(v, &names, &m.move, b->p + b->len);
				if (m.comment)
					put_comment(b, m.comment);
				if (m.time >= 0)
					put_times(b, m.time, m.total);
				if (m.bookmark) {
					put(b, "&", 1);
					put_escaped(b, m.bookmark, "{}@&");
				}
			}
			if (b->failed)
				f->k = li.count;
			continue;
		}
		if (li.ending[0] && !f->ended) {
			put(b, " ", 1);
			puts_(b, li.ending);
			if (li.ending_comment)
				put_comment(b, li.ending_comment);
			put_times(b, li.ending_time, li.ending_total);
			f->ended = true;
			continue; /* then the variations that replace the ending */
		}
		free(f->children);
		depth--;
		if (depth > 0)
			put(b, " )", 2);
	}
	frames_free(stack, depth);
	return rc;
}

/* A variant's name a compact record can begin with (formats/compact.md),
 * for a stream to tell it (compact_sniff) and the reader to take it whole:
 * a lowercase letter, then visible ASCII, under 64 bytes.  A user's variant
 * file may name a variant otherwise (歩, "my var"). */
static bool names_compact(const char *name)
{
	size_t n = strlen(name);
	if (!n || n >= 64 || name[0] < 'a' || name[0] > 'z')
		return false;
	for (size_t i = 0; i < n; i++)
		if (name[i] < 0x21 || name[i] > 0x7E)
			return false;
	return true;
}

int kifu_compact_write(FILE *out, const kifu_record *rec, const kifu_variant *v, kifu_diag *diag)
{
	if (!names_compact(kifu_record_variant_name(rec)))
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
				     "the variant's name \"%s\" cannot begin a compact record (a lowercase letter, "
				     "then visible ASCII)", kifu_record_variant_name(rec));
	/* times as every writer bounds them, which the reader reads back */
	int trc = kifu__write_times_fit(rec, true, "compact", diag);
	if (trc)
		return trc;
	char small[16384];
	cbuf b = {small, 0, sizeof small, false, false};
	puts_(&b, kifu_record_variant_name(rec));
	int ntags = kifu_record_tag_count(rec);
	/* the known tags first, in kifu/vocabulary.h's order; then the rest as given */
	for (int k = 0; k < kifu_tag_count(); k++) {
		const char *key = kifu_tag_at(k)->key;
		for (int i = 0; i < ntags; i++)
			if (!strcmp(kifu_record_tag_key(rec, i), key))
				put_tag(&b, key, kifu_record_tag_value(rec, i));
	}
	for (int i = 0; i < ntags; i++) {
		const char *key = kifu_record_tag_key(rec, i);
		if (!kifu_tag_find(key))
			put_tag(&b, key, kifu_record_tag_value(rec, i));
	}
	const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE);
	if (pre)
		put_tag(&b, "comment", pre);
	const char *bm = kifu_record_bookmark_before(rec);
	if (bm)
		put_tag(&b, "bookmark", bm);
	put(&b, " :", 2);
	int rc = put_lines(&b, rec, v, diag);
	put(&b, "\n", 1);
	if (!rc && b.failed)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc && b.len - 1 > (size_t)KIFU_MAX_LINE)
		rc = kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
				   "the record would be a line of %zu bytes: the compact notation reads lines "
				   "of at most %ld", b.len - 1, KIFU_MAX_LINE);
	if (!rc && fwrite(b.p, 1, b.len, out) != b.len)
		rc = kifu_diag_set(diag, KIFU_EIO, NULL, 0, 0, "write error");
	if (b.heap)
		free(b.p);
	return rc;
}

/* ---- the notation's entry ---- */

/* A compact record's line: a known variant's name first; or, whatever the
 * name (a misspelt one is still a compact record, to be reported as such),
 * the shape of one: a name, key=value tags, then a ":" of its own. */
static int compact_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
	size_t n = 0;
	if (!len || line[0] < 'a' || line[0] > 'z')
		return 0; /* variant names are ASCII, lowercase first */
	while (n < len && line[n] != ' ' && line[n] != '\t')
		n++;
	if (n >= 64)
		return 0;
	char name[64];
	memcpy(name, line, n);
	name[n] = 0;
	if (kifu_variant_set_find(ctx->variants, name))
		return 1;
	for (size_t i = 0; i < n; i++)
		if (!islower((unsigned char)name[i]) && !isdigit((unsigned char)name[i]) && !strchr("-_.+", name[i]))
			return 0;
	/* tags up to a ":" token */
	size_t i = n;
	for (;;) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		size_t b = i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		if (i == b)
			return 0;
		if (i - b == 1 && line[b] == ':')
			return 1;
		const char *eq = memchr(line + b, '=', i - b);
		if (!eq || !valid_key(line + b, (size_t)(eq - (line + b))))
			return 0;
	}
}

typedef struct compact_reader { kifu__read_ctx ctx; } compact_reader;

static int compact_open(void **state, const kifu__read_ctx *ctx)
{
	compact_reader *r = malloc(sizeof *r);
	*state = r;
	if (!r)
		return KIFU_ENOMEM;
	r->ctx = *ctx;
	return 0;
}

static void compact_close(void *state) { free(state); }

static int compact_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	compact_reader *r = state;
	const kifu__line *l;
	int rc;
	while ((rc = kifu__lines_next(r->ctx.pump, &l, diag)) == 1) {
		/* a line too long is a record lost (a record is one line) */
		if (l->problem == KIFU__LINE_TOO_LONG)
			return kifu__lines_say(r->ctx.pump, l, diag);
		if (!is_record(l->text, l->len))
			continue;
		rc = kifu_compact_parse(rec, l->text, l->len, kifu__lines_name(r->ctx.pump), l->no, r->ctx.variants,
					variant);
		/* a byte the encoding does not read: the record's error at it
		 * (unless the line has one before it) */
		if (!rc && l->problem == KIFU__LINE_SPOILED)
			rc = kifu_record_set_error(rec, 0, l->no, l->col, NULL, 0, l->message);
		if (!rc && l->problem == KIFU__LINE_NUL)
			rc = kifu_record_add_note(rec, l->no, l->col, l->message);
		if (rc)
			return kifu_diag_set(diag, rc, kifu__lines_name(r->ctx.pump), l->no, 0, "out of memory");
		return 1;
	}
	return rc;
}

static int compact_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
			 const kifu_write_options *opt, kifu_diag *diag)
{
	(void)opt;
	return kifu_compact_write(out, rec, v, diag);
}

const kifu__notation kifu__notation_compact = {
	"compact",
	"one canonical record per line (kifu-compact(5))",
	".compact",
	"",
	kifu_compact_square_name,
	compact_sniff, compact_open, compact_next, compact_close, compact_write,
};
