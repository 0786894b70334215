/*
 * json_read.c - reading JSON: the tokenizer's slow paths (text/json.h has
 * the fast ones), its errors in kifu's words, keys given twice, and the
 * public reader (kifu/json.h) over a stream or a buffer.
 *
 * RFC 8259 is the grammar; kifu refuses beside it what would lose or
 * change a value without a word: \u0000 (C strings end there), a
 * surrogate escape that pairs with nothing (it is no character), a key
 * given twice in an object (RFC 8259 leaves it to the reader which value
 * counts), values nested more than KIFU_JSON_MAX_DEPTH deep.
 */
#include "text/json.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/encoding.h"
#include "text/buffer.h"

/* Keys kept inline per object, checked one by one; past them a hash table
 * of all the object's keys. */
enum { FEW_KEYS = 16 };

/* Where a key's bytes are: the text, the arena (decoded), cur->keys. */
enum { IN_TEXT, IN_ARENA, IN_KEYS };

struct key {
	size_t off;
	uint32_t len, sig;
	int where;
};

struct kifu__json_frame {
	int outer;        /* cur->framed before this one */
	uint64_t filter;  /* a bit per key, by its sig */
	uint32_t n;       /* keys so far */
	struct key few[FEW_KEYS];
	struct key *table; /* past FEW_KEYS: every key, open addressing */
	size_t cap;
	size_t keys_at;   /* copy_keys: where its keys begin in cur->keys */
};

/* ---- starting ---- */

void kifu__json_start(kifu__json_cur *cur, const char *text, size_t n, long line, long col, bool sequence,
		      kifu__json_more more, void *arg)
{
	cur->s = text;
	cur->n = n;
	cur->p = 0;
	cur->slack = 0;
	cur->lim = n;
	/* values one after another: between two (none, yet) */
	cur->want = sequence ? KIFU__JSON_WANT_DONE : KIFU__JSON_WANT_VALUE;
	cur->depth = 0;
	cur->in_object = false;
	cur->nobj = 0;
	cur->framed = 0;
	cur->check_keys = false;
	cur->sequence = sequence;
	cur->line = line;
	cur->line_at = 0;
	cur->cont = 0;
	cur->base = col;
	cur->nl_col = col;
	cur->last_byte = -1;
	cur->alen = 0;
	cur->klen = 0;
	cur->more = more;
	cur->arg = arg;
	cur->failed = 0;
	cur->error[0] = 0;
	cur->err_line = cur->err_col = 0;
}

void kifu__json_start_at(kifu__json_cur *sub, const kifu__json_cur *cur, const kifu__json_mark *m)
{
	sub->arena = sub->keys = NULL;
	sub->frames = NULL;
	sub->nframes = 0;
	sub->acap = sub->kcap = 0;
	sub->copy_keys = false;
	kifu__json_start(sub, cur->s, cur->n, m->line, m->base, false, NULL, NULL);
	kifu__json_slack(sub, cur->slack);
	sub->p = m->at;
	sub->line_at = m->line_at;
	sub->cont = m->cont;
	sub->replay = true;
	sub->checked_utf8 = true;
}

void kifu__json_free(kifu__json_cur *cur)
{
	free(cur->arena);
	for (int i = 0; i < cur->nframes; i++)
		free(cur->frames[i].table);
	free(cur->frames);
	free(cur->keys);
	cur->arena = cur->keys = NULL;
	cur->frames = NULL;
	cur->nframes = 0;
	cur->acap = cur->kcap = 0;
}

/* ---- places and errors ---- */

/* Continuation bytes in s[a..b). */
static size_t continuations(const char *s, size_t a, size_t b)
{
	size_t k = 0;
	for (; a < b; a++)
		k += ((unsigned char)s[a] & 0xC0) == 0x80;
	return k;
}

/* The column of the character byte q is in (q on p's line, in the text). */
static long column_of(const kifu__json_cur *cur, size_t q)
{
	size_t cont = q < cur->p ? cur->cont - continuations(cur->s, q + 1, cur->p)
				 : cur->cont + continuations(cur->s, cur->p, q + 1);
	return (long)q + 1 - cur->line_at - (long)cont + cur->base - 1;
}

static int fail_place(kifu__json_cur *cur, long line, long col, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));
static int fail_place(kifu__json_cur *cur, long line, long col, const char *fmt, va_list ap)
{
	if (cur->failed)
		return cur->failed;
	cur->failed = KIFU_ESYNTAX;
	int len = snprintf(cur->error, sizeof cur->error, "not JSON: ");
	vsnprintf(cur->error + len, sizeof cur->error - (size_t)len, fmt, ap);
	kifu__utf8_trim_end(cur->error);
	cur->err_line = line;
	cur->err_col = col;
	return KIFU_ESYNTAX;
}

/* The text stopped being JSON at byte q (on p's line): the error. */
static int fail_at(kifu__json_cur *cur, size_t q, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail_at(kifu__json_cur *cur, size_t q, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = fail_place(cur, cur->line, column_of(cur, q), fmt, ap);
	va_end(ap);
	return rc;
}

/* ... at the text's end: at its last character (a line end passed: the
 * end of that line). */
static int fail_at_end(kifu__json_cur *cur, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail_at_end(kifu__json_cur *cur, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	/* the place of the text's last byte: held, or dropped by grow (the
	 * text read in pieces, all of it passed) */
	long line = cur->line, col = cur->base;
	int last = cur->n ? (unsigned char)cur->s[cur->n - 1] : cur->last_byte;
	if (last == '\n' && cur->line_at == (long)cur->n)
		line--, col = cur->nl_col;
	else if (cur->n && (long)cur->n > cur->line_at)
		col = column_of(cur, cur->n - 1);
	else if (!cur->n && last >= 0 && cur->line_at < 0)
		col = -cur->line_at - (long)cur->cont + cur->base - 1;
	int rc = fail_place(cur, line, col, fmt, ap);
	va_end(ap);
	return rc;
}

/* Asks for more of the text, keeping it from keep: 1 (*shift bytes
 * dropped before keep, the cursor's places moved), 0 at its end, or a
 * negative code (the cursor has failed). */
static int grow(kifu__json_cur *cur, size_t keep, size_t *shift)
{
	*shift = 0;
	if (!cur->more)
		return 0;
	if (cur->n)
		cur->last_byte = (unsigned char)cur->s[cur->n - 1];
	int rc = cur->more(cur->arg, keep, &cur->s, &cur->n, shift);
	cur->lim = cur->n + cur->slack;
	cur->p -= *shift;
	cur->line_at -= (long)*shift;
	if (rc <= 0) {
		cur->more = NULL;
		if (rc < 0)
			cur->failed = rc;
		return rc < 0 ? rc : 0;
	}
	return 1;
}

int kifu__json_peek_slow(kifu__json_cur *cur)
{
	for (;;) {
		const unsigned char *s = (const unsigned char *)cur->s;
		size_t p = cur->p, n = cur->n;
		for (; p < n; p++) {
			unsigned c = s[p];
			if (c == ' ')
				continue;
			if (c == '\n') {
				cur->nl_col = (long)p - cur->line_at - (long)cur->cont + cur->base;
				cur->line++;
				cur->line_at = (long)p + 1;
				cur->cont = 0;
				cur->base = 1;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
				/* the next line's indentation, eight spaces at a time
				 * (the slack's NULs end it at the text's end): p to the
				 * last space */
				while (p + 9 <= cur->lim) {
					uint64_t w;
					memcpy(&w, s + p + 1, 8);
					w ^= 0x2020202020202020u;
					if (w) {
						p += (unsigned)__builtin_ctzll(w) >> 3;
						break;
					}
					p += 8;
				}
#endif
			} else if (c != '\t' && c != '\r') {
				cur->p = p;
				return (int)c;
			}
		}
		cur->p = p;
		size_t shift;
		if (cur->failed || grow(cur, p, &shift) <= 0)
			return -1;
	}
}

int kifu__json_utf8(const unsigned char *s, size_t p, size_t n, uint32_t *cp)
{
	unsigned c = s[p];
	int k = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
	if (!k)
		return 0;
	uint32_t v = c & (0x7F >> k);
	for (int i = 1; i < k; i++) {
		if (p + (size_t)i >= n)
			return -1;
		unsigned u = s[p + (size_t)i];
		if (u < 0x80 || u > 0xBF)
			return 0;
		v = (v << 6) | (u & 0x3F);
	}
	if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || (k == 3 && v < 0x800) || (k == 4 && v < 0x10000))
		return 0;
	*cp = v;
	return k;
}

static int utf8_len(const unsigned char *s, size_t p, size_t n)
{
	uint32_t cp;
	return kifu__json_utf8(s, p, n, &cp);
}

/* What is at p, for "found ...": its description in buf and the last
 * byte it takes (the place of the error).  A token that is itself wrong
 * (a string with a bad escape) is that error: returns it. */
static int describe(kifu__json_cur *cur, char *buf, size_t size, size_t *last);

int kifu__json_unexpected(kifu__json_cur *cur, const char *expected)
{
	if (cur->failed)
		return cur->failed;
	char found[96];
	size_t last;
	int rc = describe(cur, found, sizeof found, &last);
	if (rc)
		return rc;
	if (last == (size_t)-1)
		return fail_at_end(cur, "expected %s, found %s", expected ? expected : "nothing", found);
	return fail_at(cur, last, "expected %s, found %s", expected ? expected : "nothing", found);
}

/* ---- strings ---- */

static int arena_put(kifu__json_cur *cur, const char *bytes, size_t n)
{
	if (kifu__grow(&cur->arena, &cur->acap, cur->alen + n + 1, 256))
		return cur->failed = KIFU_ENOMEM;
	memcpy(cur->arena + cur->alen, bytes, n);
	cur->alen += n;
	return 0;
}

static size_t utf8_put(uint32_t v, char *out)
{
	if (v < 0x80) {
		out[0] = (char)v;
		return 1;
	}
	if (v < 0x800) {
		out[0] = (char)(0xC0 | (v >> 6));
		out[1] = (char)(0x80 | (v & 0x3F));
		return 2;
	}
	if (v < 0x10000) {
		out[0] = (char)(0xE0 | (v >> 12));
		out[1] = (char)(0x80 | ((v >> 6) & 0x3F));
		out[2] = (char)(0x80 | (v & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (v >> 18));
	out[1] = (char)(0x80 | ((v >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((v >> 6) & 0x3F));
	out[3] = (char)(0x80 | (v & 0x3F));
	return 4;
}

enum { CUT = 1 }; /* a token cut short by the text's end, read again */

/* The bits of x, which has none but each byte's high one: a byte sum
 * (no popcount instruction is asked of the machine, and libgcc's is a
 * call). */
static inline size_t high_bits(uint64_t x)
{
	return (size_t)(((x >> 7) * 0x0101010101010101u) >> 56);
}

/* As kifu__json_plain_run, for text known to be UTF-8: the first byte from
 * q on that is '"', '\\' or a control character, the continuation bytes
 * passed added to *cont (columns count characters). */
static size_t utf8_run(const unsigned char *s, size_t q, size_t n, size_t *cont)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
	const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
	for (; q + 8 <= n; q += 8) {
		uint64_t w, quote, slash;
		memcpy(&w, s + q, 8);
		quote = w ^ (ones * '"');
		slash = w ^ (ones * '\\');
		uint64_t hit = (((quote - ones) & ~quote) | ((slash - ones) & ~slash) | ((w - ones * 0x20) & ~w)) & high;
		/* 10xxxxxx: the high bit set, the next one clear */
		uint64_t tails = w & ~(w << 1) & high;
		if (hit) {
			unsigned k = (unsigned)__builtin_ctzll(hit) >> 3;
			*cont += high_bits(tails & (((uint64_t)1 << (8 * k)) - 1));
			return q + k;
		}
		*cont += high_bits(tails);
	}
#endif
	for (; q < n; q++) {
		unsigned char c = s[q];
		if (c == '"' || c == '\\' || c < 0x20)
			break;
		*cont += (c & 0xC0) == 0x80;
	}
	return q;
}

/* Four hex digits at s[q..q+4): their value, or -1 (*bad the first byte
 * that is none), -2 when the text ends first. */
static long hex4(const kifu__json_cur *cur, size_t q, size_t *bad)
{
	long v = 0;
	for (int i = 0; i < 4; i++) {
		if (q + (size_t)i >= cur->n)
			return -2;
		int c = (unsigned char)cur->s[q + (size_t)i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0) {
			*bad = q + (size_t)i;
			return -1;
		}
		v = v * 16 + d;
	}
	return v;
}

/* The escape at s[q] ('\\'): its character into the arena, *q past it.
 * 0, CUT, or the error. */
static int escape(kifu__json_cur *cur, size_t *q)
{
	const char *s = cur->s;
	size_t at = *q + 1, bad = 0;
	if (at >= cur->n)
		return CUT;
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e = strchr(from, s[at]);
	if (s[at] && e) {
		*q = at + 1;
		return arena_put(cur, &to[e - from], 1);
	}
	if (s[at] != 'u')
		return fail_at(cur, at, "\\%c is no escape (JSON's: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
			       (unsigned char)s[at] >= 0x20 && (unsigned char)s[at] < 0x7F ? s[at] : '?');
	long v = hex4(cur, at + 1, &bad), lo = 0;
	if (v == -2)
		return CUT;
	if (v < 0)
		return fail_at(cur, bad, "\\u takes four hex digits");
	size_t end = at + 5;
	if (v >= 0xD800 && v <= 0xDBFF) {
		/* a high surrogate: its low one must follow, as \uDC00-\uDFFF */
		if (end + 1 >= cur->n && cur->more)
			return CUT;
		if (end + 1 < cur->n && s[end] == '\\' && s[end + 1] == 'u') {
			lo = hex4(cur, end + 2, &bad);
			if (lo == -2)
				return CUT;
			if (lo < 0)
				return fail_at(cur, bad, "\\u takes four hex digits");
		}
		if (lo < 0xDC00 || lo > 0xDFFF)
			return fail_at(cur, *q, "\\u%04lX is half a surrogate pair, without its low half",
				       (unsigned long)v);
		v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
		end += 6;
	} else if (v >= 0xDC00 && v <= 0xDFFF) {
		return fail_at(cur, *q, "\\u%04lX is half a surrogate pair, without its high half",
			       (unsigned long)v);
	} else if (v == 0) {
		return fail_at(cur, *q, "\\u0000 in a string: kifu reads no NUL character");
	}
	char u[4];
	*q = end;
	return arena_put(cur, u, utf8_put((uint32_t)v, u));
}

/* The string (or key) whose '"' is at cur->p, read from q on (plain before
 * it): escapes decoded into the arena, UTF-8 checked and its continuation
 * bytes counted, to its closing '"'. */
static int string_rest(kifu__json_cur *cur, kifu__json_tok *t, size_t q)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t start = cur->p, seg = start + 1, arena0 = cur->alen, cont = 0;
	bool decoding = false;
	for (;;) {
		q = cur->checked_utf8 ? utf8_run(s, q, cur->n, &cont) : kifu__json_plain_run(s, q, cur->n);
		if (q >= cur->n) {
			cur->alen = arena0;
			return CUT;
		}
		unsigned c = s[q];
		if (c == '"')
			break;
		if (c == '\\') {
			if (!decoding) {
				decoding = true;
				t->off = cur->alen;
			}
			int rc = arena_put(cur, (const char *)s + seg, q - seg);
			if (!rc)
				rc = escape(cur, &q);
			if (rc) {
				cur->alen = arena0;
				return rc;
			}
			seg = q;
			continue;
		}
		if (c < 0x20) {
			if (c == '\n')
				return fail_at(cur, q, "a line break in a string (JSON writes it \\n)");
			return fail_at(cur, q, "control character U+%04X in a string (JSON writes it \\u%04x)", c, c);
		}
		int k = utf8_len(s, q, cur->n);
		if (k <= 0) {
			if (k < 0 && cur->more)
				return CUT;
			return fail_at(cur, q, "a byte that is not UTF-8 (0x%02X) in a string", c);
		}
		cont += (size_t)k - 1;
		q += (size_t)k;
	}
	if (decoding) {
		int rc = arena_put(cur, (const char *)s + seg, q - seg);
		if (!rc)
			rc = arena_put(cur, "", 1);
		if (rc)
			return rc;
		t->decoded = true;
		t->len = cur->alen - 1 - t->off;
	} else {
		t->decoded = false;
		t->off = start + 1;
		t->len = q - start - 1;
	}
	cur->cont += cont;
	cur->p = q + 1;
	return 0;
}

int kifu__json_string_slow(kifu__json_cur *cur, kifu__json_tok *t, size_t q)
{
	for (;;) {
		int rc = string_rest(cur, t, q);
		if (rc != CUT)
			return rc;
		/* cut short: again whole, with more of the text */
		size_t shift;
		if ((rc = grow(cur, cur->p, &shift)) < 0)
			return rc;
		if (!rc) {
			/* all of the text: read as it is read whole (a character
			 * its end cuts is no UTF-8) */
			if ((rc = string_rest(cur, t, cur->p + 1)) != CUT)
				return rc;
			if (cur->n && cur->s[cur->n - 1] != '\n')
				return fail_at(cur, cur->n - 1, "a string not closed: the text ends");
			return fail_at_end(cur, "a string not closed: the text ends");
		}
		t->at = cur->p;
		q = cur->p + 1;
	}
}

/* ---- numbers and words ---- */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* The end of the number at p (RFC 8259 section 6): 0 with *end, CUT, or
 * the error. */
static int number_end(kifu__json_cur *cur, size_t *end)
{
	const char *s = cur->s;
	size_t n = cur->n, q = cur->p, start = q;
#define AT(i) ((i) < n ? (unsigned char)s[i] : 0)
	if (AT(q) == '-')
		q++;
	if (q >= n && cur->more)
		return CUT;
	if (!is_digit(AT(q)))
		return q < n ? fail_at(cur, q, "a '-' without a digit after it") :
			       fail_at_end(cur, "a '-' without a digit after it");
	if (AT(q) == '0') {
		q++;
		if (is_digit(AT(q))) {
			while (is_digit(AT(q)))
				q++;
			if (q >= n && cur->more)
				return CUT;
			return fail_at(cur, start, "a number written with a leading zero (%.*s)",
				       (int)(q - start < 40 ? q - start : 40), s + start);
		}
	} else {
		while (is_digit(AT(q)))
			q++;
	}
	if (AT(q) == '.') {
		q++;
		if (q >= n && cur->more)
			return CUT;
		if (!is_digit(AT(q)))
			return q < n ? fail_at(cur, q, "a number with no digit after its '.'") :
				       fail_at_end(cur, "a number with no digit after its '.'");
		while (is_digit(AT(q)))
			q++;
	}
	if (AT(q) == 'e' || AT(q) == 'E') {
		q++;
		if (AT(q) == '+' || AT(q) == '-')
			q++;
		if (q >= n && cur->more)
			return CUT;
		if (!is_digit(AT(q)))
			return q < n ? fail_at(cur, q, "a number with no digit in its exponent") :
				       fail_at_end(cur, "a number with no digit in its exponent");
		while (is_digit(AT(q)))
			q++;
	}
#undef AT
	if (q >= n && cur->more)
		return CUT;
	*end = q;
	return 0;
}

int kifu__json_number(kifu__json_cur *cur, kifu__json_tok *t)
{
	size_t end, shift;
	int rc;
	while ((rc = number_end(cur, &end)) == CUT)
		if ((rc = grow(cur, cur->p, &shift)) < 0)
			return rc;
	if (rc)
		return rc;
	t->type = KIFU_JSON_NUMBER;
	t->decoded = false;
	t->at = t->off = cur->p;
	t->len = end - cur->p;
	t->whole = t->len <= 19 && kifu__json_uint64(cur->s + cur->p, t->len, &t->u) == 0;
	cur->p = end;
	kifu__json_after_value(cur);
	return 0;
}

/* The letters from p (a word: true, false, null, or a mistake), read to
 * their end: their count. */
static int word_len(kifu__json_cur *cur, size_t *len)
{
	size_t q = cur->p, shift;
	for (;;) {
		while (q < cur->n && is_letter((unsigned char)cur->s[q]))
			q++;
		if (q < cur->n || !cur->more) {
			*len = q - cur->p;
			return 0;
		}
		int rc = grow(cur, cur->p, &shift);
		if (rc < 0)
			return rc;
		q -= shift;
	}
}

int kifu__json_value_slow(kifu__json_cur *cur, kifu__json_tok *t)
{
	int c = kifu__json_peek(cur);
	if (cur->want == KIFU__JSON_WANT_COLON) {
		if (c != ':')
			return kifu__json_unexpected(cur, "':' after the key");
		cur->p++;
		cur->want = KIFU__JSON_WANT_VALUE;
		c = kifu__json_peek(cur);
	}
	if (cur->want != KIFU__JSON_WANT_VALUE)
		return kifu__json_unexpected(cur, NULL);
	if (cur->depth >= KIFU_JSON_MAX_DEPTH) {
		char found[96];
		size_t last;
		int rc = cur->failed ? cur->failed : describe(cur, found, sizeof found, &last);
		if (rc)
			return rc;
		return last == (size_t)-1 ? fail_at_end(cur, "values nested more than %d deep", KIFU_JSON_MAX_DEPTH) :
		       fail_at(cur, last, "values nested more than %d deep", KIFU_JSON_MAX_DEPTH);
	}
	if (c == '"') {
		int rc = kifu__json_string(cur, t, KIFU_JSON_STRING);
		if (!rc)
			kifu__json_after_value(cur);
		return rc;
	}
	if (c == '{' || c == '[') {
		t->type = c == '{' ? KIFU_JSON_OBJECT : KIFU_JSON_ARRAY;
		t->at = cur->p++;
		kifu__json_no_bytes(t);
		return kifu__json_open(cur, c == '{');
	}
	if (c == '-' || is_digit(c))
		return kifu__json_number(cur, t);
	if (is_letter(c)) {
		size_t len;
		int rc = word_len(cur, &len);
		if (rc)
			return rc;
		const char *w = cur->s + cur->p;
		int type = len == 4 && !memcmp(w, "true", 4)    ? KIFU_JSON_TRUE :
			   len == 5 && !memcmp(w, "false", 5)   ? KIFU_JSON_FALSE :
			   len == 4 && !memcmp(w, "null", 4)    ? KIFU_JSON_NULL : 0;
		if (type) {
			t->type = type;
			t->at = cur->p;
			t->off = cur->p;
			t->len = len;
			t->decoded = false;
			cur->p += len;
			kifu__json_after_value(cur);
			return 0;
		}
	}
	return kifu__json_unexpected(cur, "a value");
}

/* ---- what was found ---- */

static int describe(kifu__json_cur *cur, char *buf, size_t size, size_t *last)
{
	int c = kifu__json_peek(cur);
	if (cur->failed)
		return cur->failed;
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t p = cur->p, len;
	int rc;
	*last = p;
	if (c < 0) {
		*last = (size_t)-1;
		snprintf(buf, size, "the end of the text");
	} else if (c == '"') {
		kifu__json_tok t;
		if ((rc = kifu__json_string(cur, &t, KIFU_JSON_STRING)))
			return rc;
		*last = cur->p - 1;
		char shown[40];
		size_t whole = kifu_json_escape(shown, sizeof shown, kifu__json_bytes(cur, &t), t.len, 0);
		snprintf(buf, size, "%s%s", shown, whole >= sizeof shown ? "..." : "");
	} else if (c == '-' || is_digit(c)) {
		size_t end;
		while ((rc = number_end(cur, &end)) == CUT)
			if ((rc = grow(cur, cur->p, &len)) < 0)
				return rc;
		if (rc)
			return rc;
		*last = end - 1;
		len = end - cur->p;
		snprintf(buf, size, "%.*s%s", (int)(len < 24 ? len : 24), cur->s + cur->p, len > 24 ? "..." : "");
	} else if (is_letter(c)) {
		if ((rc = word_len(cur, &len)))
			return rc;
		*last = cur->p + len - 1;
		snprintf(buf, size, "'%.*s%s'", (int)(len < 24 ? len : 24), cur->s + cur->p, len > 24 ? "..." : "");
	} else if (c < 0x20 || c == 0x7F) {
		snprintf(buf, size, "the control character U+%04X", (unsigned)c);
	} else if (c < 0x80) {
		snprintf(buf, size, "'%c'", c);
	} else {
		/* a character the text read in pieces cuts: the rest asked for */
		int k;
		size_t shift;
		while ((k = utf8_len((const unsigned char *)cur->s, cur->p, cur->n)) < 0 &&
		       (rc = grow(cur, cur->p, &shift)) > 0)
			;
		if (cur->failed)
			return cur->failed;
		s = (const unsigned char *)cur->s;
		p = cur->p;
		*last = p;
		if (k <= 0)
			return fail_at(cur, p, "a byte that is not UTF-8 (0x%02X)", (unsigned)c);
		snprintf(buf, size, "'%.*s'", k, (const char *)s + p);
	}
	return 0;
}

/* ---- containers and keys ---- */

int kifu__json_frame_push(kifu__json_cur *cur)
{
	if (cur->nobj == cur->nframes) {
		int n = cur->nframes ? 2 * cur->nframes : 2;
		struct kifu__json_frame *f = realloc(cur->frames, (size_t)n * sizeof *f);
		if (!f)
			return cur->failed = KIFU_ENOMEM;
		memset(f + cur->nframes, 0, (size_t)(n - cur->nframes) * sizeof *f);
		cur->frames = f;
		cur->nframes = n;
	}
	struct kifu__json_frame *f = &cur->frames[cur->nobj++];
	f->outer = cur->framed;
	f->filter = 0;
	f->n = 0;
	f->keys_at = cur->klen;
	if (f->table) {
		free(f->table);
		f->table = NULL;
		f->cap = 0;
	}
	cur->framed = cur->depth;
	return 0;
}

void kifu__json_frame_pop(kifu__json_cur *cur)
{
	struct kifu__json_frame *f = &cur->frames[--cur->nobj];
	cur->framed = f->outer;
	if (cur->copy_keys)
		cur->klen = f->keys_at;
}

static const char *key_bytes(const kifu__json_cur *cur, const struct key *k)
{
	if (!k->len)
		return ""; /* "": its place may be in no buffer yet (keys NULL) */
	return (k->where == IN_TEXT ? cur->s : k->where == IN_ARENA ? cur->arena : cur->keys) + k->off;
}

static uint32_t key_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* Adds k to f's table (room made first): false when f has it already. */
static bool table_add(const kifu__json_cur *cur, struct kifu__json_frame *f, const struct key *k)
{
	const char *b = key_bytes(cur, k);
	size_t at = key_hash(b, k->len) & (f->cap - 1);
	for (; f->table[at].len != UINT32_MAX; at = (at + 1) & (f->cap - 1)) {
		const struct key *o = &f->table[at];
		if (o->sig == k->sig && o->len == k->len && !memcmp(key_bytes(cur, o), b, k->len))
			return false;
	}
	f->table[at] = *k;
	return true;
}

static int table_grow(const kifu__json_cur *cur, struct kifu__json_frame *f)
{
	size_t cap = f->cap ? 2 * f->cap : 4 * FEW_KEYS;
	struct key *old = f->table, *t = malloc(cap * sizeof *t);
	if (!t)
		return KIFU_ENOMEM;
	for (size_t i = 0; i < cap; i++)
		t[i].len = UINT32_MAX;
	size_t oldcap = f->cap;
	f->table = t;
	f->cap = cap;
	if (old) {
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].len != UINT32_MAX)
				table_add(cur, f, &old[i]);
	} else {
		for (uint32_t i = 0; i < f->n; i++)
			table_add(cur, f, &f->few[i]);
	}
	free(old);
	return 0;
}

int kifu__json_twice(kifu__json_cur *cur, const kifu__json_tok *t)
{
	char shown[64];
	size_t whole = kifu_json_escape(shown, sizeof shown, kifu__json_bytes(cur, t), t->len, 0);
	return fail_at(cur, cur->p - 1, "the key %s%s given twice in one object", shown, whole >= sizeof shown ? "..." : "");
}

int kifu__json_keys_scan(const kifu__json_keys *set, uint64_t w, unsigned seen)
{
	const kifu__json_name *k = set->keys;
	for (int i = 0; i < set->n; i++)
		if (!((w ^ k[i].word) & k[i].mask) && k[i].mask)
			return seen >> i & 1 ? -1 : i;
	return -1;
}

int kifu__json_key_slow(kifu__json_cur *cur, const kifu__json_keys *set, unsigned *seen, kifu__json_tok *t,
			int *k)
{
	int rc = kifu__json_member(cur, t);
	if (rc <= 0)
		return rc;
	const char *b = kifu__json_bytes(cur, t);
	*k = -1;
	for (int i = 0; i < set->n && *k < 0; i++)
		if (set->keys[i].len == t->len && !memcmp(set->keys[i].name, b, t->len))
			*k = i;
	if (*k >= 0 && (*seen >> *k & 1))
		return kifu__json_twice(cur, t);
	if (*k >= 0)
		*seen |= 1u << *k;
	if (kifu__json_peek(cur) != ':')
		return kifu__json_unexpected(cur, "':' after the key");
	cur->p++;
	cur->want = KIFU__JSON_WANT_VALUE;
	return 1;
}

int kifu__json_key_seen(kifu__json_cur *cur, const kifu__json_tok *t)
{
	struct kifu__json_frame *f = &cur->frames[cur->nobj - 1];
	const char *b = kifu__json_bytes(cur, t);
	if (t->len >= UINT32_MAX)
		return fail_at(cur, cur->p - 1, "a key of %zu bytes", t->len);
	struct key k = {t->off, (uint32_t)t->len, 0, t->decoded ? IN_ARENA : IN_TEXT};
	k.sig = (uint32_t)(t->len < 0xFFFF ? t->len : 0xFFFF) << 16 |
		(t->len ? (uint32_t)(unsigned char)b[0] << 8 | (unsigned char)b[t->len - 1] : 0);
	uint64_t bit = (uint64_t)1 << ((k.sig * 0x9E3779B1u) >> 26);
	bool dup = false;
	if (f->n < FEW_KEYS) {
		if (f->filter & bit)
			for (uint32_t i = 0; i < f->n && !dup; i++)
				dup = f->few[i].sig == k.sig && f->few[i].len == k.len &&
				      !memcmp(key_bytes(cur, &f->few[i]), b, k.len);
	}
	if (!dup && cur->copy_keys) {
		/* the text's start may be dropped: the key kept apart */
		if (cur->klen + k.len > cur->kcap &&
		    kifu__grow(&cur->keys, &cur->kcap, cur->klen + k.len, 1024))
			return cur->failed = KIFU_ENOMEM;
		if (k.len) /* "": no bytes, and maybe no keys yet (NULL) */
			memcpy(cur->keys + cur->klen, b, k.len);
		k.off = cur->klen;
		k.where = IN_KEYS;
		cur->klen += k.len;
	}
	if (!dup && f->n < FEW_KEYS) {
		f->few[f->n] = k;
	} else if (!dup) {
		if (((size_t)f->n + 1) * 2 > f->cap && table_grow(cur, f))
			return cur->failed = KIFU_ENOMEM;
		dup = !table_add(cur, f, &k);
	}
	f->filter |= bit;
	if (dup)
		return kifu__json_twice(cur, t);
	f->n++;
	return 0;
}

/* ---- any token ---- */

int kifu__json_next(kifu__json_cur *cur, kifu__json_tok *t)
{
	int rc;
	if (cur->failed)
		return cur->failed;
	switch (cur->want) {
	case KIFU__JSON_WANT_KEY:
	case KIFU__JSON_WANT_MORE_KEYS:
	case KIFU__JSON_WANT_NEXT_KEY:
		rc = kifu__json_member(cur, t);
		return rc < 0 ? rc : 1;
	case KIFU__JSON_WANT_ELEMENT:
	case KIFU__JSON_WANT_MORE:
		if ((rc = kifu__json_element(cur, t)) <= 0)
			return rc < 0 ? rc : 1;
		break;
	case KIFU__JSON_WANT_DONE:
		if (!cur->sequence)
			return 0;
		if (kifu__json_peek(cur) < 0)
			return cur->failed ? cur->failed : 0;
		cur->want = KIFU__JSON_WANT_VALUE;
		break;
	default:
		break;
	}
	rc = kifu__json_value(cur, t);
	return rc < 0 ? rc : 1;
}

/* Reads on until depth containers are open, and while `half` nothing is
 * half read: the keys of what opens on the way are checked, as the
 * reader does not look at them. */
static int read_until(kifu__json_cur *cur, int depth, bool half)
{
	bool checking = cur->check_keys;
	kifu__json_tok u;
	int rc = 0;
	cur->check_keys = !cur->replay;
	while (!rc && (cur->depth > depth || (half && cur->depth == depth && (cur->want == KIFU__JSON_WANT_COLON ||
									       cur->want == KIFU__JSON_WANT_VALUE)))) {
		rc = kifu__json_next(cur, &u);
		rc = rc < 0 ? rc : rc ? 0 : kifu__json_unexpected(cur, NULL);
	}
	cur->check_keys = checking;
	return rc;
}

int kifu__json_skip_slow(kifu__json_cur *cur, const kifu__json_tok *t)
{
	(void)t;
	return read_until(cur, cur->depth - 1, false);
}

int kifu__json_leave(kifu__json_cur *cur, int depth)
{
	return read_until(cur, depth, true);
}

int64_t kifu__json_count_slow(const kifu__json_cur *cur, const kifu__json_tok *t)
{
	if (t->type != KIFU_JSON_NUMBER)
		return -2;
	if (t->whole)
		return t->u > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)t->u;
	const char *s = kifu__json_bytes(cur, t);
	for (size_t i = 0; i < t->len; i++)
		if (s[i] < '0' || s[i] > '9')
			return -2;
	return INT64_MAX;
}

int kifu__json_uint64(const char *s, size_t len, uint64_t *v)
{
	uint64_t x = 0;
	if (!len)
		return KIFU_ESYNTAX;
	for (size_t i = 0; i < len; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0';
		if (d > 9)
			return KIFU_ESYNTAX;
		if (x > (UINT64_MAX - d) / 10)
			return KIFU_ELIMIT;
		x = x * 10 + d;
	}
	if (len > 1 && s[0] == '0')
		return KIFU_ESYNTAX;
	*v = x;
	return 0;
}

int kifu_json_uint64(const char *text, size_t len, uint64_t *v)
{
	return kifu__json_uint64(text, len, v);
}

/* ---- marks ---- */

void kifu__json_mark_slow(const kifu__json_cur *cur, const kifu__json_tok *t, kifu__json_mark *m)
{
	m->at = t->at;
	m->line = cur->line;
	m->line_at = cur->line_at;
	m->cont = cur->cont - continuations(cur->s, t->at, cur->p);
	m->base = cur->base;
	m->depth = cur->depth;
}

bool kifu__json_find_object(const kifu__json_cur *cur, const kifu__json_mark *from, size_t end,
			    kifu__json_mark *found)
{
	kifu__json_mark m = *from;
	bool in_string = false, escaped = false;
	for (size_t q = from->at; q < end && q < cur->n; q++) {
		unsigned char c = (unsigned char)cur->s[q];
		if (in_string) {
			if (escaped)
				escaped = false;
			else if (c == '\\')
				escaped = true;
			else if (c == '"')
				in_string = false;
			m.cont += (c & 0xC0) == 0x80;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '\n') {
			m.line++;
			m.line_at = (long)q + 1;
			m.cont = 0;
			m.base = 1;
		} else if (c == '{') {
			m.at = q;
			*found = m;
			return true;
		}
	}
	return false;
}

/* ---- a value written again, for a message ---- */

size_t kifu__json_dump(const kifu__json_cur *cur, const kifu__json_mark *m, char *buf, size_t size)
{
	kifu__json_cur sub;
	kifu_json_writer w;
	kifu__json_tok t;
	kifu__json_start_at(&sub, cur, m);
	kifu__json_writer_init(&w, NULL, buf, size, 0);
	while (!w.failed && w.len < size && kifu__json_next(&sub, &t) > 0) {
		switch (t.type) {
		case KIFU_JSON_OBJECT: kifu_json_object(&w); break;
		case KIFU_JSON_OBJECT_END: kifu_json_object_end(&w); break;
		case KIFU_JSON_ARRAY: kifu_json_array(&w); break;
		case KIFU_JSON_ARRAY_END: kifu_json_array_end(&w); break;
		/* only these have bytes (a bracket's token leaves decoded unset) */
		case KIFU_JSON_KEY: kifu_json_keyn(&w, kifu__json_bytes(&sub, &t), t.len); break;
		case KIFU_JSON_STRING: kifu_json_stringn(&w, kifu__json_bytes(&sub, &t), t.len); break;
		default: kifu__json_raw(&w, kifu__json_bytes(&sub, &t), t.len); break;
		}
	}
	kifu__json_free(&sub);
	if (size && w.len >= size)
		kifu__utf8_trim_end(buf);
	return w.len;
}

/* ---- the public reader ---- */

struct kifu_json_reader {
	kifu__json_cur cur;
	FILE *in;              /* NULL: a buffer */
	char *buf;             /* a stream's text, from the token being read */
	size_t len, cap;
	bool eof, started;
	char name[KIFU_DIAG_FILE_MAX];
};

/* More of a stream: what is before keep dropped when the buffer is full. */
static int reader_more(void *arg, size_t keep, const char **text, size_t *n, size_t *shift)
{
	kifu_json_reader *r = arg;
	*shift = 0;
	if (r->eof)
		return 0;
	if (r->len == r->cap && keep) {
		memmove(r->buf, r->buf + keep, r->len - keep);
		r->len -= keep;
		*shift = keep;
	} else if (r->len == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 65536;
		char *b = realloc(r->buf, cap);
		if (!b)
			return KIFU_ENOMEM;
		r->buf = b;
		r->cap = cap;
	}
	size_t got = fread(r->buf + r->len, 1, r->cap - r->len, r->in);
	if (!r->started) {
		/* a UTF-8 byte order mark, before anything: not part of the text */
		while (got && got < 3 && r->len + got < 3 && !ferror(r->in) && !feof(r->in))
			got += fread(r->buf + r->len + got, 1, r->cap - r->len - got, r->in);
		r->started = true;
		if (got >= 3 && !memcmp(r->buf, "\xEF\xBB\xBF", 3)) {
			memmove(r->buf, r->buf + 3, got - 3);
			got -= 3;
		}
	}
	r->len += got;
	*text = r->buf;
	*n = r->len;
	if (got)
		return 1;
	if (ferror(r->in))
		return KIFU_EIO;
	r->eof = true;
	return 0;
}

static int reader_make(kifu_json_reader **out, FILE *in, const char *bytes, size_t len, const char *name,
		       unsigned flags)
{
	kifu_json_reader *r = calloc(1, sizeof *r);
	*out = r;
	if (!r)
		return KIFU_ENOMEM;
	r->in = in;
	kifu__text_copy(r->name, sizeof r->name, name ? name : "");
	if (!in && len >= 3 && !memcmp(bytes, "\xEF\xBB\xBF", 3)) {
		bytes += 3;
		len -= 3;
	}
	kifu__json_start(&r->cur, in ? NULL : bytes, in ? 0 : len, 1, 1, true, in ? reader_more : NULL, r);
	/* each token's text lives until the next: keys kept apart */
	r->cur.copy_keys = true;
	r->cur.check_keys = !(flags & KIFU_JSON_OWN_KEYS);
	return 0;
}

int kifu_json_reader_new(kifu_json_reader **r, FILE *in, const char *name, unsigned flags)
{
	return reader_make(r, in, NULL, 0, name, flags);
}

int kifu_json_reader_new_buffer(kifu_json_reader **r, const char *bytes, size_t len, const char *name,
				unsigned flags)
{
	return reader_make(r, NULL, bytes, len, name, flags);
}

void kifu_json_reader_free(kifu_json_reader *r)
{
	if (!r)
		return;
	kifu__json_free(&r->cur);
	free(r->buf);
	free(r);
}

void kifu_json_reader_place(kifu_json_reader *r, long line, long col)
{
	r->cur.line = line;
	r->cur.base = r->cur.nl_col = col;
}

int kifu_json_next(kifu_json_reader *r, kifu_json_token *tok, kifu_diag *diag)
{
	kifu__json_cur *cur = &r->cur;
	kifu__json_tok t;
	cur->alen = 0;
	int rc = cur->failed ? cur->failed : kifu__json_next(cur, &t);
	if (rc == KIFU_ESYNTAX)
		return kifu_diag_set(diag, rc, r->name, cur->err_line, cur->err_col, "%s", cur->error);
	if (rc == KIFU_EIO)
		return kifu_diag_set(diag, rc, r->name, cur->line, 0, "read error: %s", strerror(errno));
	if (rc < 0)
		return kifu_diag_set(diag, rc, r->name, cur->line, 0, "out of memory");
	if (rc == 0)
		return 0;
	tok->type = t.type;
	tok->text = "";
	tok->len = 0;
	if (t.type == KIFU_JSON_KEY || t.type == KIFU_JSON_STRING || t.type == KIFU_JSON_NUMBER) {
		/* NUL-terminated: a string taken from the text is copied */
		size_t at = cur->alen;
		if (!t.decoded && (arena_put(cur, cur->s + t.off, t.len) || arena_put(cur, "", 1)))
			return kifu_diag_set(diag, KIFU_ENOMEM, r->name, cur->line, 0, "out of memory");
		tok->text = cur->arena + (t.decoded ? t.off : at);
		tok->len = t.len;
	}
	tok->line = cur->line;
	tok->col = (long)t.at - cur->line_at - (long)(cur->cont - continuations(cur->s, t.at, cur->p)) + cur->base;
	tok->depth = cur->depth + (t.type != KIFU_JSON_OBJECT && t.type != KIFU_JSON_ARRAY);
	return 1;
}
