/*
 * json_tokens.c - strict JSON (RFC 8259) into an array of tokens
 * (json_tokens.h).
 *
 * One pass over the text: a lexer that pulls a token at a time and a
 * parser with a stack of the containers open, writing each value as a
 * token.  The lexer follows jansson 2.14's (src/load.c) byte for byte in
 * what it reads before it gives up, so that an error is said in the same
 * words at the same place as when jansson read JKF: every byte it reads is
 * read here, bytes of 0x80 and above checked as UTF-8 where jansson's
 * stream checks them (at a character's first byte); a token's "near" text
 * is the bytes read for it.  Where jansson read past a NUL byte after a
 * number or a word as if it were not there (its stream cannot put one
 * back), this reader takes the NUL as what it is: a byte that is no JSON.
 */
#include "text/json_tokens.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/error.h"

/* What rarely happens (an error, the end of a piece of text): out of the
 * way of what does. */
#if defined(__GNUC__)
#define RARELY(x) __builtin_expect(!!(x), 0)
#else
#define RARELY(x) (x)
#endif

/* The lexer's tokens: a structural character itself, or one of these. */
enum { T_INVALID = -1, T_EOF = 0, T_STRING = 256, T_INTEGER, T_REAL, T_TRUE, T_FALSE, T_NULL };

/* Bytes a string holds as they are (RFC 8259 section 7: unescaped =
 * %x20-21 / %x23-5B / %x5D-10FFFF), ASCII only: the others are looked at. */
static const unsigned char plain[256] = {
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
	R16(0), R16(0), /* controls */
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* '"' */
	R16(1), R16(1),
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* '\\' */
	R16(1), R16(1),
	R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0),
#undef R16
};

/* The first byte from q on (up to n) that a string does not hold as it
 * is: '"', '\\', a control or 0x80 and above.  Eight bytes at a time where
 * bytes are read low first (little-endian): the bytes flagged below are
 * exact up to the first one, which is all that is used. */
static inline size_t plain_run(const unsigned char *s, size_t q, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
	const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
	for (; q + 8 <= n; q += 8) {
		uint64_t w, quote, slash;
		memcpy(&w, s + q, 8);
		quote = w ^ (ones * '"');
		slash = w ^ (ones * '\\');
		uint64_t hit = (w | ((quote - ones) & ~quote) | ((slash - ones) & ~slash) | ((w - ones * 0x20) & ~w)) & high;
		if (hit)
			return q + ((unsigned)__builtin_ctzll(hit) >> 3);
	}
#endif
	while (q < n && plain[s[q]])
		q++;
	return q;
}

typedef struct lexer {
	kifu__json *j;
	const unsigned char *s;
	size_t n;
	size_t p;          /* the bytes read: jansson's stream position */
	size_t start;      /* where the token began: its text is s[start..p) */
	int tok;
	bool failed;
	int err;           /* a negative code (out of memory, more's): no token */
	kifu__json_more more; /* where the text goes on, NULL at its end */
	void *arg;
	/* the string just read */
	/* where it is (low 32 bits) and its length: one word, written and
	 * read at once (two halves written apart cannot be read as one) */
	uint64_t str;
	uint32_t str_at;   /* where a decoded string begins in the arena */
	bool str_decoded, str_nul;
	long long integer;
	double real;
	/* places: lines passed, continuation bytes passed (columns count
	 * characters), and the column of the current line's first byte less
	 * one, as a count of characters from the text's start */
	uint32_t line;
	size_t cont;
	long base;
} lexer;

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static int hex_value(int c)
{
	return is_digit(c) ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The length of the UTF-8 character whose first byte is s[p] (0x80 or
 * above), or 0 when it is not one: jansson's utf8_check_first and
 * utf8_check_full (no overlong forms, no surrogates, nothing above
 * U+10FFFF; RFC 3629).  A byte past the end reads as 0xFF, as jansson's. */
static size_t utf8_len(const unsigned char *s, size_t p, size_t n)
{
	unsigned c = s[p];
	size_t k;
	uint32_t v;
	if (c >= 0xC2 && c <= 0xDF) {
		k = 2;
		v = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		k = 3;
		v = c & 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		k = 4;
		v = c & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < k; i++) {
		unsigned u = p + i < n ? s[p + i] : 0xFF;
		if (u < 0x80 || u > 0xBF)
			return 0;
		v = (v << 6) | (u & 0x3F);
	}
	if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || (k == 2 && v < 0x80) || (k == 3 && v < 0x800) ||
	    (k == 4 && v < 0x10000))
		return 0;
	return k;
}

/* The first error, said as jansson's error_set says it: "near" the text
 * read for the token (if it is 20 bytes at most), or "near end of file"
 * when none was.  Returns T_INVALID. */
static int fail(lexer *lx, bool stream, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(lexer *lx, bool stream, const char *fmt, ...)
{
	if (lx->failed)
		return T_INVALID;
	lx->failed = true;
	char msg[160], full[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	const char *near = (const char *)lx->s + lx->start;
	size_t len = lx->p - lx->start;
	if (len && near[0]) {
		/* jansson prints its saved text as a C string */
		if (len <= 20)
			snprintf(full, sizeof full, "%s near '%.*s'", msg, (int)strnlen(near, len), near);
		else
			snprintf(full, sizeof full, "%s", msg);
	} else if (stream) {
		/* a byte that is not UTF-8: no place to name */
		snprintf(full, sizeof full, "%s", msg);
	} else {
		snprintf(full, sizeof full, "%s near end of file", msg);
	}
	/* jansson keeps 158 bytes of it */
	size_t keep = strlen(full);
	keep = keep < 158 ? keep : 158;
	memcpy(lx->j->error, full, keep);
	lx->j->error[keep] = 0;
	lx->j->error_pos = lx->p;
	return T_INVALID;
}

static int peek_high(lexer *lx, size_t p)
{
	unsigned c = lx->s[p];
	if (!utf8_len(lx->s, p, lx->n)) {
		lx->p = p;
		fail(lx, true, "unable to decode byte 0x%x", c);
		return -2;
	}
	return (int)c;
}

/* The byte at p as jansson's stream gives it: -1 past the end; a byte
 * that begins no UTF-8 character is an error (-2). */
static inline int peek(lexer *lx, size_t p)
{
	if (p >= lx->n)
		return -1;
	unsigned c = lx->s[p];
	return c < 0x80 ? (int)c : peek_high(lx, p);
}

static int reserve(void **buf, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : 64;
	while (c < need)
		c *= 2;
	void *b = realloc(*buf, c * size);
	if (!b)
		return KIFU_ENOMEM;
	*buf = b;
	*cap = c;
	return 0;
}

static int arena_put(lexer *lx, const void *bytes, size_t n)
{
	kifu__json *j = lx->j;
	if (reserve((void **)&j->arena, &j->acap, j->alen + n + 1, 1)) {
		lx->err = KIFU_ENOMEM;
		return T_INVALID;
	}
	memcpy(j->arena + j->alen, bytes, n);
	j->alen += n;
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

/* A string (RFC 8259 section 7), its '"' read.  Escapes are decoded into
 * the arena as they come; a surrogate that pairs with nothing is an error
 * only once the whole string has been read, as jansson decodes after
 * lexing (an error of the lexer later in the string comes first). */
static int lex_string_rest(lexer *lx, size_t p)
{
	kifu__json *j = lx->j;
	const unsigned char *s = lx->s;
	size_t n = lx->n, seg = lx->p;
	bool decoding = false, nul = false;
	/* the first surrogate that pairs with nothing: bad, and bad2 if the
	 * escape after it is no low surrogate (bad < 0: none) */
	long bad = -1, bad2 = -1;
	long pending = -1;     /* a high surrogate whose \u pair comes next */
	for (;;) {
		while (p < n && plain[s[p]])
			p++;
		if (p >= n) {
			lx->p = p;
			return fail(lx, false, "premature end of input");
		}
		unsigned c = s[p];
		if (c == '"')
			break;
		if (c < 0x20) {
			lx->p = p;
			return c == '\n' ? fail(lx, false, "unexpected newline") :
					   fail(lx, false, "control character 0x%x", c);
		}
		if (c >= 0x80) {
			size_t k = utf8_len(s, p, n);
			if (!k) {
				lx->p = p;
				return fail(lx, true, "unable to decode byte 0x%x", c);
			}
			lx->cont += k - 1;
			p += k;
			continue;
		}
		/* an escape */
		if (!decoding) {
			decoding = true;
			lx->str_at = (uint32_t)j->alen;
		}
		if (bad < 0 && arena_put(lx, s + seg, p - seg))
			return T_INVALID;
		p++;
		int e = peek(lx, p);
		if (e == -2)
			return T_INVALID;
		if (e == 'u') {
			uint32_t v = 0;
			p++;
			for (int i = 0; i < 4; i++) {
				int h = peek(lx, p);
				if (h == -2)
					return T_INVALID;
				if (h < 0 || hex_value(h) < 0) {
					lx->p = h < 0 ? p : p + 1;
					return fail(lx, false, "invalid escape");
				}
				v = (v << 4) | (uint32_t)hex_value(h);
				p++;
			}
			if (pending >= 0) {
				if (v >= 0xDC00 && v <= 0xDFFF)
					v = (((uint32_t)pending - 0xD800) << 10) + (v - 0xDC00) + 0x10000;
				else if (bad < 0)
					bad = pending, bad2 = v;
				pending = -1;
			} else if (v >= 0xD800 && v <= 0xDBFF) {
				/* a pair if the next escape is \u: else alone */
				if (p + 1 < n && s[p] == '\\' && s[p + 1] == 'u') {
					pending = v;
					seg = p;
					continue;
				}
				if (bad < 0)
					bad = v;
			} else if (v >= 0xDC00 && v <= 0xDFFF && bad < 0) {
				bad = v;
			}
			if (bad < 0) {
				char u[4];
				nul = nul || v == 0;
				if (arena_put(lx, u, utf8_put(v, u)))
					return T_INVALID;
			}
		} else {
			char d;
			switch (e) {
			case '"': case '\\': case '/': d = (char)e; break;
			case 'b': d = '\b'; break;
			case 'f': d = '\f'; break;
			case 'n': d = '\n'; break;
			case 'r': d = '\r'; break;
			case 't': d = '\t'; break;
			default:
				/* read, then refused (at the end: nothing read) */
				lx->p = e < 0 ? p : p + 1;
				return fail(lx, false, "invalid escape");
			}
			p++;
			if (bad < 0 && arena_put(lx, &d, 1))
				return T_INVALID;
		}
		seg = p;
	}
	lx->p = p + 1;
	if (bad >= 0 && bad2 >= 0)
		return fail(lx, false, "invalid Unicode '\\u%04X\\u%04X'", (unsigned)bad, (unsigned)bad2);
	if (bad >= 0)
		return fail(lx, false, "invalid Unicode '\\u%04X'", (unsigned)bad);
	if (decoding) {
		if (arena_put(lx, s + seg, p - seg))
			return T_INVALID;
		j->arena[j->alen++] = 0;
		lx->str = (uint64_t)(j->alen - 1 - lx->str_at) << 32 | lx->str_at;
	} else {
		lx->str = (uint64_t)(p - lx->start - 1) << 32 | (uint32_t)(lx->start + 1);
	}
	lx->str_decoded = decoding;
	lx->str_nul = nul;
	return T_STRING;
}

/* A string, its '"' read: the common one (ASCII, no escapes) here, the
 * others in lex_string_rest from the first byte it cannot pass. */
static inline int lex_string(lexer *lx)
{
	const unsigned char *s = lx->s;
	size_t p = lx->p, n = lx->n;
	while (p < n && plain[s[p]])
		p++;
	if (p < n && s[p] == '"') {
		lx->str = (uint64_t)(p - lx->p) << 32 | (uint32_t)lx->p;
		lx->str_decoded = lx->str_nul = false;
		lx->p = p + 1;
		return T_STRING;
	}
	return lex_string_rest(lx, p);
}

/* A number (RFC 8259 section 6), its first byte ('-' or a digit) read:
 * jansson's lex_scan_number, which reads one byte past it.  An integer
 * is one without fraction or exponent (a long long, else an error); the
 * others are reals. */
static int lex_number(lexer *lx)
{
	size_t p = lx->start, digits = 0;
	unsigned long long v = 0; /* of the first 18 digits */
	int c = lx->s[p];
	if (c == '-')
		c = peek(lx, ++p);
	if (c == -2)
		return T_INVALID;
	if (c == '0') {
		c = peek(lx, ++p);
		if (is_digit(c)) {
			lx->p = p;
			return T_INVALID;
		}
	} else if (is_digit(c)) {
		do {
			if (++digits <= 18)
				v = v * 10 + (unsigned)(c - '0');
			c = peek(lx, ++p);
		} while (is_digit(c));
	} else {
		lx->p = p;
		return T_INVALID;
	}
	if (c == -2)
		return T_INVALID;
	const char *t = (const char *)lx->s + lx->start;
	if (c != '.' && c != 'e' && c != 'E') {
		lx->p = p;
		bool neg = *t == '-';
		if (digits <= 18) {
			/* no more than a long long holds */
			lx->integer = neg ? -(long long)v : (long long)v;
			return T_INTEGER;
		}
		unsigned long long lim = neg ? (unsigned long long)LLONG_MAX + 1 : LLONG_MAX;
		v = 0;
		for (const char *d = t + neg; d < (const char *)lx->s + p; d++) {
			unsigned dig = (unsigned)(*d - '0');
			if (v > (lim - dig) / 10)
				return fail(lx, false, neg ? "too big negative integer" : "too big integer");
			v = v * 10 + dig;
		}
		lx->integer = neg ? (v == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : -(long long)v) : (long long)v;
		return T_INTEGER;
	}
	if (c == '.') {
		c = peek(lx, ++p);
		if (c == -2)
			return T_INVALID;
		if (!is_digit(c)) {
			lx->p = p;
			return T_INVALID;
		}
		do
			c = peek(lx, ++p);
		while (is_digit(c));
		if (c == -2)
			return T_INVALID;
	}
	if (c == 'e' || c == 'E') {
		c = peek(lx, ++p);
		if (c == '+' || c == '-')
			c = peek(lx, ++p);
		if (c == -2)
			return T_INVALID;
		if (!is_digit(c)) {
			lx->p = p;
			return T_INVALID;
		}
		do
			c = peek(lx, ++p);
		while (is_digit(c));
		if (c == -2)
			return T_INVALID;
	}
	lx->p = p;
	/* strtod on a copy, its '.' the locale's as jansson's jsonp_strtod */
	size_t len = p - lx->start;
	char small[128], *copy = len < sizeof small ? small : malloc(len + 1);
	if (!copy) {
		lx->err = KIFU_ENOMEM;
		return T_INVALID;
	}
	memcpy(copy, t, len);
	copy[len] = 0;
	const char *point = localeconv()->decimal_point;
	char *dot = strchr(copy, '.');
	if (dot && *point != '.')
		*dot = *point;
	errno = 0;
	double d = strtod(copy, NULL);
	bool over = (d == HUGE_VAL || d == -HUGE_VAL) && errno == ERANGE;
	if (copy != small)
		free(copy);
	if (over)
		return fail(lx, false, "real number overflow");
	lx->real = d;
	return T_REAL;
}

/* At the end of the text so far, between two tokens: more of it, if
 * there is (true), lx->s and lx->n its new place and length. */
static bool refill(lexer *lx)
{
	if (!lx->more)
		return false;
	const char *text;
	size_t n;
	int rc = lx->more(lx->arg, &text, &n);
	if (rc <= 0) {
		if (rc < 0)
			lx->err = rc;
		lx->more = NULL;
		return false;
	}
	lx->s = (const unsigned char *)text;
	lx->n = n;
	lx->j->text = text;
	return true;
}

/* Is c white space (RFC 8259: space, tab, line feed, carriage return)? */
static inline bool is_space(unsigned c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Passes over white space, noting where lines begin, to lx->p at the next
 * token or the end of the text (asking for more there).  Returns that
 * token's first byte, or -1 at the end. */
static int skip_space(lexer *lx)
{
	for (;;) {
		const unsigned char *s = lx->s;
		size_t p = lx->p, n = lx->n;
		for (; p < n && is_space(s[p]); p++)
			if (s[p] == '\n') {
				lx->line++;
				lx->base = (long)(p + 1 - lx->cont) - 1;
			}
		lx->p = p;
		if (p < n)
			return s[p];
		if (!refill(lx))
			return -1;
	}
}

/* The next token: jansson's lex_scan. */
static int lex(lexer *lx)
{
	skip_space(lx);
	const unsigned char *s = lx->s;
	size_t p = lx->p, n = lx->n;
	lx->start = p;
	if (p >= n)
		return lx->tok = T_EOF;
	int c = peek(lx, p);
	if (c == -2)
		return lx->tok = T_INVALID;
	lx->p = p + 1;
	if (c == '"')
		return lx->tok = lex_string(lx);
	if (is_digit(c) || c == '-')
		return lx->tok = lex_number(lx);
	switch (c) {
	case '{': case '}': case '[': case ']': case ':': case ',':
		return lx->tok = c;
	default:
		break;
	}
	if (is_alpha(c)) {
		/* a whole word, for the message */
		int d;
		do
			d = peek(lx, ++p);
		while (is_alpha(d));
		if (d == -2)
			return lx->tok = T_INVALID;
		lx->p = p;
		size_t len = p - lx->start;
		const char *w = (const char *)s + lx->start;
		if (len == 4 && !memcmp(w, "true", 4))
			return lx->tok = T_TRUE;
		if (len == 5 && !memcmp(w, "false", 5))
			return lx->tok = T_FALSE;
		if (len == 4 && !memcmp(w, "null", 4))
			return lx->tok = T_NULL;
		return lx->tok = T_INVALID;
	}
	/* no token: a whole character of it in the message */
	if (c >= 0x80)
		lx->p = p + utf8_len(s, p, n);
	return lx->tok = T_INVALID;
}

/* The bytes that end a number where JKF is written (after one: the lexer
 * looks at any other). */
static const unsigned char number_end[256] = {[','] = 1, ['}'] = 1, [']'] = 1, [' '] = 1, ['\n'] = 1};

/* ---- the parser ---- */

static int more_tokens(kifu__json *j)
{
	if (j->ntok >= UINT32_MAX - 1)
		return KIFU_ENOMEM;
	/* a game of a hundred moves takes some 4000: room for them at once */
	return reserve((void **)&j->tok, &j->tokcap, j->ntok < 4096 ? 4096 : j->ntok + 1, sizeof *j->tok);
}

static inline bool same_key(const kifu__json *j, size_t a, size_t b)
{
	if (j->tok[a].u.str.len != j->tok[b].u.str.len)
		return false;
	size_t len;
	const char *sa = kifu__json_str(j, a, &len), *sb = kifu__json_str(j, b, &len);
	for (size_t i = 0; i < len; i++)
		if (sa[i] != sb[i])
			return false;
	return true;
}

/* Keys are checked against the others of their object one by one, up to
 * this many; past it, through a hash table of the keys of such objects. */
enum { FEW_KEYS = 16 };

static uint32_t key_hash(const kifu__json *j, size_t key)
{
	size_t len;
	const unsigned char *s = (const unsigned char *)kifu__json_str(j, key, &len);
	uint32_t h = 2166136261u ^ j->tok[key].u.str.owner;
	for (size_t i = 0; i < len; i++)
		h = (h ^ s[i]) * 16777619u;
	return h;
}

/* Adds key to the table; false when its object has it already. */
static int hash_add(kifu__json *j, uint32_t key, bool *dup)
{
	*dup = false;
	if ((j->hashn + 1) * 2 > j->hashcap) {
		size_t cap = j->hashcap ? j->hashcap * 2 : 256;
		uint32_t *h = calloc(cap, sizeof *h);
		if (!h)
			return KIFU_ENOMEM;
		for (size_t i = 0; i < j->hashcap; i++) {
			uint32_t k = j->hash[i];
			if (!k)
				continue;
			size_t at = key_hash(j, k) & (cap - 1);
			while (h[at])
				at = (at + 1) & (cap - 1);
			h[at] = k;
		}
		free(j->hash);
		j->hash = h;
		j->hashcap = cap;
	}
	size_t at = key_hash(j, key) & (j->hashcap - 1);
	for (; j->hash[at]; at = (at + 1) & (j->hashcap - 1)) {
		uint32_t k = j->hash[at];
		if (j->tok[k].u.str.owner == j->tok[key].u.str.owner && same_key(j, k, key)) {
			*dup = true;
			return 0;
		}
	}
	j->hash[at] = key;
	j->hashn++;
	return 0;
}

/* Is the new key (token key) one the object open at the top has already
 * (size keys so far)?  Its first keys are in j->keys from top->keys. */
static inline int duplicate(kifu__json *j, struct kifu__json_open *top, uint32_t key, uint32_t size,
			    bool *dup)
{
	*dup = false;
	if (size < FEW_KEYS) {
		struct kifu__json_key *k = j->keys + top->keys;
		uint32_t sig = j->tok[key].u.str.sig;
		/* a key whose bit is not set yet is new: most are */
		uint64_t bit = (uint64_t)1 << ((sig * 0x9E3779B1u) >> 26);
		bool maybe = top->seen & bit;
		top->seen |= bit;
		for (uint32_t i = 0; maybe && i < size; i++)
			if (k[i].sig == sig && (sig >> 16 <= 2 || same_key(j, k[i].tok, key))) {
				*dup = true;
				return 0;
			}
		k[size].sig = sig;
		k[size].tok = key;
		return 0;
	}
	if (size == FEW_KEYS) {
		/* the object grows large: its keys so far into the table */
		for (uint32_t i = 0; i < size; i++)
			if (hash_add(j, j->keys[top->keys + i].tok, dup))
				return KIFU_ENOMEM;
	}
	return hash_add(j, key, dup);
}

int kifu__json_parse(kifu__json *j, const char *text, size_t n, uint32_t col0, kifu__json_more more,
		     void *arg)
{
	lexer lx;
	memset(&lx, 0, sizeof lx);
	lx.j = j;
	lx.s = (const unsigned char *)text;
	lx.n = n;
	lx.base = -(long)col0;
	lx.more = more;
	lx.arg = arg;
	j->text = text;
	j->ntok = 0;
	j->alen = 0;
	j->error[0] = 0;
	j->error_pos = 0;
	if (j->hashn) {
		memset(j->hash, 0, j->hashcap * sizeof *j->hash);
		j->hashn = 0;
	}
	if (n > UINT32_MAX)
		return KIFU_ENOMEM;
	bool streaming = more != NULL;
	/* jansson's parse_json, parse_value, parse_object and parse_array, with
	 * the token each place expects looked for first (a key's string and
	 * ':' after it, a ',' or the close after a value, a string or a small
	 * number as a value), the lexer's place held here (s, n, p; start, the
	 * token's first byte): any other token is read by lex, as jansson
	 * reads it, for the error.  A value's depth is the containers open
	 * around it, and one. */
	const unsigned char *s = lx.s;
	size_t p = 0, start = 0, sp = 0;
	int tok, c;
	uint32_t top = 0;  /* the container open at the top: its token, */
	uint32_t size = 0; /* its members or elements so far (its token's
			    * size is written when it closes or another opens) */
	bool in_object = false;
	/* the token array, held here (j->ntok written back on return) */
	kifu__json_tok *tv = j->tok, *t;
	size_t nt = 0, cap = j->tokcap;
	/* the string just read: where (in the text, or the arena if decoded),
	 * its length, and whether it holds a NUL */
	uint32_t str_at = 0, str_len = 0;
	bool str_dec = false, str_nul = false;
#define RETURN(rc)                                                                 \
	do {                                                                       \
		j->ntok = nt;                                                      \
		return rc;                                                         \
	} while (0)
#define FAIL(...)                                                                  \
	do {                                                                       \
		lx.start = start;                                                  \
		lx.p = p;                                                          \
		fail(&lx, false, __VA_ARGS__);                                     \
		RETURN(1);                                                         \
	} while (0)
#define CHECK()                                                                    \
	do {                                                                       \
		if (RARELY(lx.err))                                                \
			RETURN(lx.err);                                            \
		if (RARELY(lx.failed))                                             \
			RETURN(1);                                                 \
	} while (0)
#define TAKE_STRING()                                                              \
	do {                                                                       \
		str_at = (uint32_t)lx.str;                                         \
		str_len = (uint32_t)(lx.str >> 32);                                \
		str_dec = lx.str_decoded;                                          \
		str_nul = lx.str_nul;                                              \
	} while (0)
	/* a token read by lex from p */
#define LEX()                                                                      \
	do {                                                                       \
		lx.p = p;                                                          \
		tok = lex(&lx);                                                    \
		CHECK();                                                           \
		s = lx.s;                                                          \
		n = lx.n;                                                          \
		p = lx.p;                                                          \
		start = lx.start;                                                  \
		if (tok == T_STRING)                                               \
			TAKE_STRING();                                             \
	} while (0)
	/* white space passed, c the next byte (-1 at the end) */
#define SPACE()                                                                    \
	do {                                                                       \
		/* none, or one space (", " and ": " as JKF is written) */         \
		if (p + 1 < n) {                                                   \
			c = s[p];                                                  \
			if (c > ' ')                                               \
				break;                                             \
			if (c == ' ' && s[p + 1] > ' ') {                          \
				c = s[++p];                                        \
				break;                                             \
			}                                                          \
		}                                                                  \
		while (p < n && (c = s[p], is_space((unsigned)c))) {               \
			if (c == '\n') {                                          \
				lx.line++;                                         \
				lx.base = (long)(p + 1 - lx.cont) - 1;             \
			}                                                          \
			p++;                                                       \
		}                                                                  \
		if (p < n) {                                                       \
			c = s[p];                                                  \
			break;                                                     \
		}                                                                  \
		lx.p = p;                                                          \
		if (!refill(&lx)) {                                                \
			if (lx.err)                                                \
				RETURN(lx.err);                                    \
			c = -1;                                                    \
			break;                                                     \
		}                                                                  \
		s = lx.s;                                                          \
		n = lx.n;                                                          \
	} while (1)
	/* a string from p, its '"' at start: plain (ASCII, no escape) here */
#define STRING()                                                                   \
	do {                                                                       \
		size_t q = plain_run(s, p, n);                                     \
		if (!RARELY(q >= n || s[q] != '"')) {                              \
			str_at = (uint32_t)p;                                      \
			str_len = (uint32_t)(q - p);                               \
			str_dec = str_nul = false;                                 \
			p = q + 1;                                                 \
			tok = T_STRING;                                            \
			break;                                                     \
		}                                                                  \
		lx.start = start;                                                  \
		lx.p = p;                                                          \
		tok = lex_string_rest(&lx, q);                                     \
		CHECK();                                                           \
		p = lx.p;                                                          \
		TAKE_STRING();                                                     \
	} while (0)
	/* a new token at nt, t */
#define NEW(type_)                                                                 \
	do {                                                                       \
		if (RARELY(nt == cap)) {                                           \
			j->ntok = nt;                                              \
			if (more_tokens(j))                                        \
				RETURN(KIFU_ENOMEM);                               \
			tv = j->tok;                                               \
			cap = j->tokcap;                                           \
		}                                                                  \
		t = &tv[nt++];                                                     \
		t->type = (type_);                                                 \
		t->decoded = 0;                                                    \
		t->off = (uint32_t)start;                                          \
	} while (0)
	SPACE();
	LEX();
	if (tok != '[' && tok != '{')
		FAIL("'[' or '{' expected");
	goto value;
value_at:
	/* a value's first byte, c, at p: a string or a small integer here */
	start = p;
	if (c == '"') {
		p++;
		STRING();
		if (RARELY(sp >= KIFU__JSON_MAX_DEPTH))
			FAIL("maximum parsing depth reached");
		goto string_value;
	}
	if (c >= '0' && c <= '9') {
		/* 1 to 18 digits, no 0 before another: a long long */
		unsigned long long v = 0;
		size_t q = p;
		if (c == '0')
			q++;
		else
			while (q < n && q - p < 18 && is_digit(s[q]))
				v = v * 10 + (unsigned)(s[q++] - '0');
		if (q < n && number_end[s[q]]) {
			p = q;
			if (RARELY(sp >= KIFU__JSON_MAX_DEPTH))
				FAIL("maximum parsing depth reached");
			NEW(KIFU__JSON_INTEGER);
			t->u.integer = (long long)v;
			goto after_value;
		}
	} else if (c == '{' || c == '[') {
		p++;
		tok = c;
		goto value;
	}
	LEX();
value:
	/* the value's token, tok */
	if (sp >= KIFU__JSON_MAX_DEPTH)
		FAIL("maximum parsing depth reached");
	switch (tok) {
	case '{':
	case '[': {
		bool obj = tok == '{';
		if (sp == j->stackcap && reserve((void **)&j->stack, &j->stackcap, sp + 1, sizeof *j->stack))
			RETURN(KIFU_ENOMEM);
		NEW(obj ? KIFU__JSON_OBJECT : KIFU__JSON_ARRAY);
		t->u.box.size = 0;
		t->u.box.line = lx.line;
		t->u.box.col = (uint32_t)((long)(start - lx.cont) - lx.base);
		/* its keys after those of the object it is in */
		uint32_t keys = 0;
		if (sp) {
			keys = j->stack[sp - 1].keys + (in_object ? (size < FEW_KEYS ? size : FEW_KEYS) : 0);
			tv[top].u.box.size = size;
		}
		if (obj && keys + FEW_KEYS > j->keyscap &&
		    reserve((void **)&j->keys, &j->keyscap, keys + FEW_KEYS, sizeof *j->keys))
			RETURN(KIFU_ENOMEM);
		top = (uint32_t)(nt - 1);
		size = 0;
		j->stack[sp++] = (struct kifu__json_open){top, keys, 0};
		in_object = obj;
		SPACE();
		if (c == (obj ? '}' : ']')) {
			start = p++;
			goto close;
		}
		if (obj)
			goto key;
		goto element;
	}
	case T_STRING:
		goto string_value;
	case T_INTEGER:
		NEW(KIFU__JSON_INTEGER);
		t->u.integer = lx.integer;
		break;
	case T_REAL:
		NEW(KIFU__JSON_REAL);
		t->u.real = lx.real;
		break;
	case T_TRUE:
		NEW(KIFU__JSON_TRUE);
		break;
	case T_FALSE:
		NEW(KIFU__JSON_FALSE);
		break;
	case T_NULL:
		NEW(KIFU__JSON_NULL);
		break;
	case T_INVALID:
		FAIL("invalid token");
	default:
		FAIL("unexpected token");
	}
	goto after_value;
string_value:
	if (RARELY(str_nul))
		FAIL("\\u0000 is not allowed without JSON_ALLOW_NUL");
	NEW(KIFU__JSON_STRING);
	t->decoded = str_dec;
	t->u.str.at = str_at;
	t->u.str.len = str_len;
	t->u.str.owner = 0;
	t->u.str.sig = 0;
	goto after_value;
key:
	/* at the key's first byte, c (white space passed) */
	start = p;
	if (c == '"') {
		p++;
		STRING();
	} else {
		LEX();
	}
	if (RARELY(tok != T_STRING))
		FAIL("string or '}' expected");
	if (RARELY(str_nul))
		FAIL("NUL byte in object key not supported");
	{
		const char *k = str_dec ? j->arena + str_at : (const char *)s + str_at;
		bool dup;
		NEW(KIFU__JSON_STRING);
		t->decoded = str_dec;
		t->u.str.at = str_at;
		t->u.str.len = str_len;
		t->u.str.owner = top;
		t->u.str.sig = kifu__json_sig(k, str_len);
		if (RARELY(duplicate(j, &j->stack[sp - 1], (uint32_t)(nt - 1), size, &dup)))
			RETURN(KIFU_ENOMEM);
		if (RARELY(dup))
			FAIL("duplicate object key");
		size++;
	}
	SPACE();
	if (RARELY(c != ':')) {
		LEX();
		FAIL("':' expected");
	}
	p++;
	SPACE();
	goto value_at;
element:
	/* at the element's first byte, c (white space passed) */
	if (RARELY(c < 0)) {
		LEX();
		FAIL("']' expected");
	}
	size++;
	goto value_at;
close:
	tv[top].u.box.next = (uint32_t)nt;
	tv[top].u.box.size = size;
	sp--;
	top = sp ? j->stack[sp - 1].tok : 0;
	size = sp ? tv[top].u.box.size : 0;
	in_object = sp && tv[top].type == KIFU__JSON_OBJECT;
after_value:
	if (sp) {
		SPACE();
		if (c == ',') {
			p++;
			SPACE();
			if (in_object)
				goto key;
			goto element;
		}
		if (c == (in_object ? '}' : ']')) {
			start = p++;
			goto close;
		}
		LEX();
		FAIL(in_object ? "'}' expected" : "']' expected");
	}
	/* the top container has closed */
	j->end = p;
	j->end_line = lx.line;
	j->end_col = (uint32_t)((long)(p - lx.cont) - lx.base);
	if (streaming)
		RETURN(0);
	LEX();
	if (tok != T_EOF)
		FAIL("end of file expected");
	RETURN(0);
#undef RETURN
#undef FAIL
#undef CHECK
#undef TAKE_STRING
#undef LEX
#undef SPACE
#undef STRING
#undef NEW
}

void kifu__json_free(kifu__json *j)
{
	free(j->tok);
	free(j->arena);
	free(j->stack);
	free(j->keys);
	free(j->hash);
	memset(j, 0, sizeof *j);
}

bool kifu__json_is(const kifu__json *j, size_t i, const char *word)
{
	if (j->tok[i].type != KIFU__JSON_STRING)
		return false;
	size_t len, wl = strlen(word);
	const char *s = kifu__json_str(j, i, &len);
	return len == wl && !memcmp(s, word, len);
}

size_t kifu__json_get(const kifu__json *j, size_t obj, const char *key)
{
	size_t k = obj + 1, wl = strlen(key);
	for (uint32_t m = 0; m < j->tok[obj].u.box.size; m++) {
		size_t len;
		const char *s = kifu__json_str(j, k, &len);
		if (len == wl && !memcmp(s, key, len))
			return k + 1;
		k = kifu__json_next(j, k + 1);
	}
	return 0;
}

/* ---- writing a value back, for messages ---- */

typedef struct out {
	char *buf;
	size_t size, len; /* len may pass size - 1: what would have been written */
} out;

static void put(out *o, const char *s, size_t n)
{
	if (o->len < o->size) {
		size_t room = o->size - 1 - o->len, k = n < room ? n : room;
		memcpy(o->buf + o->len, s, k);
		o->buf[o->len + k] = 0;
	}
	o->len += n;
}

/* jansson's dump_string: '"', '\\' and controls escaped, the rest as it is. */
static void put_string_json(out *o, const char *s, size_t n)
{
	put(o, "\"", 1);
	size_t seg = 0;
	for (size_t i = 0; i < n && o->len < o->size; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		put(o, s + seg, i - seg);
		char e[8];
		switch (c) {
		case '"': put(o, "\\\"", 2); break;
		case '\\': put(o, "\\\\", 2); break;
		case '\b': put(o, "\\b", 2); break;
		case '\f': put(o, "\\f", 2); break;
		case '\n': put(o, "\\n", 2); break;
		case '\r': put(o, "\\r", 2); break;
		case '\t': put(o, "\\t", 2); break;
		default:
			snprintf(e, sizeof e, "\\u%04X", c);
			put(o, e, 6);
		}
		seg = i + 1;
	}
	if (o->len < o->size)
		put(o, s + seg, n - seg);
	put(o, "\"", 1);
}

/* jansson's jsonp_dtostr at its default precision, 17. */
static void put_real(out *o, double v)
{
	char b[64];
	int len = snprintf(b, sizeof b - 3, "%.17g", v);
	if (len < 0 || (size_t)len >= sizeof b - 3)
		return;
	const char *point = localeconv()->decimal_point;
	char *at = *point != '.' ? strchr(b, *point) : NULL;
	if (at)
		*at = '.';
	if (!strchr(b, '.') && !strchr(b, 'e')) {
		memcpy(b + len, ".0", 3);
		len += 2;
	}
	char *e = strchr(b, 'e');
	if (e) {
		/* no '+' nor leading zeros in the exponent */
		char *from = e + 1, *to = e + 1;
		if (*from == '-')
			from++, to++;
		else if (*from == '+')
			from++;
		while (*from == '0' && from[1])
			from++;
		memmove(to, from, strlen(from) + 1);
		len = (int)strlen(b);
	}
	put(o, b, (size_t)len);
}

size_t kifu__json_dump(const kifu__json *j, size_t i, char *buf, size_t size)
{
	out o = {buf, size, 0};
	if (size)
		buf[0] = 0;
	/* the containers open: where each ends, and whether it is an object
	 * (each has written a byte: no more are open than size) */
	enum { OPEN = 64 };
	size_t end[OPEN];
	bool obj[OPEN];
	int sp = 0;
	for (;;) {
		const kifu__json_tok *t = &j->tok[i];
		char num[32];
		size_t len;
		const char *s;
		switch (t->type) {
		case KIFU__JSON_OBJECT:
		case KIFU__JSON_ARRAY:
			put(&o, t->type == KIFU__JSON_OBJECT ? "{" : "[", 1);
			if (t->u.box.next == i + 1) {
				put(&o, t->type == KIFU__JSON_OBJECT ? "}" : "]", 1);
				break;
			}
			if (sp == OPEN)
				return size;
			end[sp] = t->u.box.next;
			obj[sp++] = t->type == KIFU__JSON_OBJECT;
			i++;
			if (obj[sp - 1]) {
				s = kifu__json_str(j, i++, &len);
				put_string_json(&o, s, len);
				put(&o, ":", 1);
			}
			continue;
		case KIFU__JSON_STRING:
			s = kifu__json_str(j, i, &len);
			put_string_json(&o, s, len);
			break;
		case KIFU__JSON_INTEGER:
			put(&o, num, (size_t)snprintf(num, sizeof num, "%lld", t->u.integer));
			break;
		case KIFU__JSON_REAL:
			put_real(&o, t->u.real);
			break;
		case KIFU__JSON_TRUE:
			put(&o, "true", 4);
			break;
		case KIFU__JSON_FALSE:
			put(&o, "false", 5);
			break;
		default:
			put(&o, "null", 4);
		}
		/* after a value: the containers it ends, then the next */
		i = kifu__json_next(j, i);
		while (sp && i == end[sp - 1]) {
			put(&o, obj[sp - 1] ? "}" : "]", 1);
			sp--;
		}
		if (!sp || o.len >= size)
			break;
		put(&o, ",", 1);
		if (obj[sp - 1]) {
			s = kifu__json_str(j, i++, &len);
			put_string_json(&o, s, len);
			put(&o, ":", 1);
		}
	}
	return o.len < size ? o.len : size;
}
