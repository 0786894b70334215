/*
 * text/json.h - the JSON tokenizer (json_read.c) as the library's readers
 * use it: the JKF reader (notation/jkf/) and kifu_json_next (kifu/json.h).
 *
 * A cursor reads one text, a token at a time, as its reader asks: the
 * next member of the object open (its key), whether the array open has
 * another element, the next value.  What is read most (white space of at
 * most one space, strings without escapes, whole numbers, punctuation) is
 * read inline here; the rest, and every error, in json_read.c.  Strings
 * are not copied: a token gives where its bytes are, in the text or (a
 * string with escapes, decoded) in the cursor's arena, as offsets that
 * stay good while the text grows.  The text may come in pieces: at its
 * end the cursor asks `more` for the rest, and a token cut short by a
 * piece's end is read again whole.
 *
 * Places: lines are counted as the cursor passes them; a mark taken at a
 * bracket just read says its line and column (in characters: UTF-8
 * continuation bytes are counted in the strings they are in, the only
 * place JSON has them).
 *
 * Errors are KIFU_ESYNTAX, with the message (kifu's words: "not JSON:
 * expected ',' or '}', found \"b\"") and its place in the cursor: the
 * character where the text stopped being JSON, the last one read.
 */
#ifndef KIFU_TEXT_JSON_H
#define KIFU_TEXT_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kifu/error.h"
#include "kifu/json.h"

#if defined(__GNUC__)
#define KIFU__RARELY(x) __builtin_expect(!!(x), 0)
/* what is read most, inlined where it is read (the reader's grammar knows
 * which token comes next: the compiler sees the state it leaves) */
#define KIFU__JSON_HOT static inline __attribute__((always_inline))
#else
#define KIFU__RARELY(x) (x)
#define KIFU__JSON_HOT static inline
#endif

/* More of a text: more(arg, keep, &text, &n, &shift) returns 1 with the
 * text now longer, in text[0..n); bytes before keep may have been dropped
 * (shift of them: what was at k is at k - shift).  0 when the text has no
 * more, or a negative code, which ends the reading. */
typedef int (*kifu__json_more)(void *arg, size_t keep, const char **text, size_t *n, size_t *shift);

/* What comes next (the cursor's state). */
enum {
	KIFU__JSON_WANT_VALUE,     /* a value: the top, an element */
	KIFU__JSON_WANT_COLON,     /* a key has been read: ':' and its value */
	KIFU__JSON_WANT_KEY,       /* an object's first member, or '}' */
	KIFU__JSON_WANT_MORE_KEYS, /* ',' and a member, or '}' */
	KIFU__JSON_WANT_NEXT_KEY,  /* the member after a ',' */
	KIFU__JSON_WANT_ELEMENT,   /* an array's first element, or ']' */
	KIFU__JSON_WANT_MORE,      /* ',' and an element, or ']' */
	KIFU__JSON_WANT_DONE       /* the top value is whole */
};

/* The keys of an object open, to find one given twice (json_read.c). */
struct kifu__json_frame;

typedef struct kifu__json_cur {
	const char *s;         /* the text so far: s[0..n) */
	size_t n, p;           /* p: the next byte to read */
	size_t slack;          /* NUL bytes after s[n] that may be read (JSON has
				* none: what is read fast never takes one) */
	size_t lim;            /* n + slack: the fast paths read below it */
	int want;              /* KIFU__JSON_WANT_... */
	int depth;             /* containers open */
	bool in_object;        /* the innermost is an object */
	bool sequence;         /* values one after another (else one, then the end) */
	bool replay;           /* read whole before: nothing is checked again */
	bool check_keys;       /* objects opened have their keys kept, to find one
				* given twice (else the reader matches them against
				* its own sets: kifu__json_key) */
	bool checked_utf8;     /* the text is valid UTF-8 (a decoder made it) */
	bool copy_keys;        /* the text's start may be dropped: keep keys apart */
	uint64_t objects[KIFU_JSON_MAX_DEPTH / 64 + 1]; /* a bit per depth: an object */
	/* places: p's line, where it begins (may be before the text's
	 * start, once dropped), the continuation bytes on it before p, and
	 * the column of its first byte (the first line's may not be 1) */
	long line, line_at;
	size_t cont;
	long base;
	long nl_col;           /* the column of the last line end passed */
	int last_byte;         /* the text's last byte before more was asked for
				* (-1: none): where its end is, once dropped */
	/* strings decoded (escapes), each with a NUL after it */
	char *arena;
	size_t alen, acap;
	/* the keys of the objects open whose keys are kept (json_read.c) */
	struct kifu__json_frame *frames;
	int nframes, nobj;
	int framed;            /* the depth of the innermost such object, 0 none */
	char *keys;            /* copied keys (copy_keys) */
	size_t klen, kcap;
	kifu__json_more more;  /* NULL: the text is whole */
	void *arg;
	int failed;            /* the first error, sticky: KIFU_ESYNTAX or a code */
	char error[KIFU_DIAG_MESSAGE_MAX];
	long err_line, err_col;
} kifu__json_cur;

/* A token: its type, where it begins, and for a key, a string or a number
 * its bytes (json_bytes).  A number of digits alone, at most 19 of them,
 * has its value in whole (else whole is false). */
typedef struct kifu__json_tok {
	int type;              /* enum kifu_json_type */
	bool decoded;          /* the bytes are in the arena */
	bool whole;
	size_t at;             /* its first byte */
	size_t off, len;       /* its bytes: s + off, or arena + off */
	uint64_t u;            /* a whole number's value */
} kifu__json_tok;

/* The keys an object of a reader's format has, in the order its writers
 * write them: a key is looked for from the first the object has not had
 * yet, compared whole where it is written.  Each is made by
 * KIFU__JSON_NAME("name"): a key's first 8 bytes (of at most 8, with its
 * closing '"' when it is shorter), as read low first, and the mask of its
 * bytes (0: a longer key, found by kifu__json_key_slow).  Where it is read
 * fast, the key's closing '"' is looked at too. */
typedef struct kifu__json_name {
	const char *name;
	size_t len;
	uint64_t word, mask;
} kifu__json_name;
typedef struct kifu__json_keys {
	int n;
	const kifu__json_name *keys;
} kifu__json_keys;

#define KIFU__JSON_NAME_BYTE(s, i)                                                                           \
	((uint64_t)(unsigned char)((i) + 1 < sizeof(s) ? (s)[(i) + 1 < sizeof(s) ? (i) : 0] :                \
				   (i) + 1 == sizeof(s) ? '"' : 0)                                           \
	 << (8 * (i)))
#define KIFU__JSON_NAME(s)                                                                                   \
	{                                                                                                   \
		s, sizeof(s) - 1,                                                                           \
		    sizeof(s) > 9 ? 0 : KIFU__JSON_NAME_BYTE(s, 0) | KIFU__JSON_NAME_BYTE(s, 1) |                  \
					    KIFU__JSON_NAME_BYTE(s, 2) | KIFU__JSON_NAME_BYTE(s, 3) |          \
					    KIFU__JSON_NAME_BYTE(s, 4) | KIFU__JSON_NAME_BYTE(s, 5) |          \
					    KIFU__JSON_NAME_BYTE(s, 6) | KIFU__JSON_NAME_BYTE(s, 7),           \
		    sizeof(s) > 9 ? 0 : sizeof(s) >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * (sizeof(s) & 7))) - 1 \
	}

/* The key of set that the 8 bytes w (read after a key's '"') begin with,
 * its closing '"' included, and that seen does not have: its index, or -1
 * (a key of another set, one given twice, or one that needs a closer
 * look).  The keys after the last one the object has had (the highest in
 * seen) are tried first, the next and the one after it (a writer of the
 * format writes them in order, and may leave out one that has nothing to
 * say), then the others. */
int kifu__json_keys_scan(const kifu__json_keys *set, uint64_t w, unsigned seen);
KIFU__JSON_HOT int kifu__json_keys_find(const kifu__json_keys *set, const unsigned char *at, unsigned seen)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;
	memcpy(&w, at, 8);
	int from = seen ? 32 - __builtin_clz(seen) : 0;
	const kifu__json_name *k = set->keys + from;
	if (from < set->n && !((w ^ k->word) & k->mask) && k->mask)
		return from;
	if (from + 1 < set->n && !((w ^ k[1].word) & k[1].mask) && k[1].mask)
		return from + 1;
	return kifu__json_keys_scan(set, w, seen);
#else
	(void)set, (void)at, (void)seen;
	return -1;
#endif
}

/* A place in the text, at a token's first byte (kifu__json_mark_of). */
typedef struct kifu__json_mark {
	size_t at;
	long line, line_at;
	size_t cont;
	long base;
	int depth;
} kifu__json_mark;

/* Starts cur (zeroed, or used before: its buffers are kept) on text[0..n),
 * which begins at line:col, reading one value (sequence false) or values
 * one after another.  more: NULL when the text is whole.  cur->slack is
 * 0: a reader whose text is followed by NUL bytes (and stays so as it
 * grows) says how many with kifu__json_slack. */
void kifu__json_start(kifu__json_cur *cur, const char *text, size_t n, long line, long col, bool sequence,
		      kifu__json_more more, void *arg);
/* A cursor that reads again one value read whole before, from the mark
 * of its first bracket (cur's text, and where it was): it is not checked
 * again.  Its buffers are its own. */
static inline void kifu__json_slack(kifu__json_cur *cur, size_t slack)
{
	cur->slack = slack;
	cur->lim = cur->n + slack;
}
void kifu__json_start_at(kifu__json_cur *sub, const kifu__json_cur *cur, const kifu__json_mark *m);
void kifu__json_free(kifu__json_cur *cur);

/* The slow paths (json_read.c). */
int kifu__json_peek_slow(kifu__json_cur *cur);
int kifu__json_string_slow(kifu__json_cur *cur, kifu__json_tok *t, size_t q);
int kifu__json_number(kifu__json_cur *cur, kifu__json_tok *t);
int kifu__json_value_slow(kifu__json_cur *cur, kifu__json_tok *t);
int kifu__json_unexpected(kifu__json_cur *cur, const char *expected);
int kifu__json_key_seen(kifu__json_cur *cur, const kifu__json_tok *t);
int kifu__json_key_slow(kifu__json_cur *cur, const kifu__json_keys *set, unsigned *seen, kifu__json_tok *t,
			int *k);
int kifu__json_twice(kifu__json_cur *cur, const kifu__json_tok *t);
/* A number token that is not whole (kifu__json_tok): its value if it is
 * digits alone (INT64_MAX: too large), -2 for anything else. */
int64_t kifu__json_count_slow(const kifu__json_cur *cur, const kifu__json_tok *t);
int kifu__json_skip_slow(kifu__json_cur *cur, const kifu__json_tok *t);
int kifu__json_frame_push(kifu__json_cur *cur);
void kifu__json_frame_pop(kifu__json_cur *cur);

/* The object open keeps its keys from now on, to find one given twice
 * (an object whose keys are any: JKF's header). */
static inline int kifu__json_check_keys(kifu__json_cur *cur)
{
	return cur->replay || cur->framed == cur->depth ? 0 : kifu__json_frame_push(cur);
}

/* A token's bytes: a key's and a string's (decoded), a number's and a
 * word's as written; a bracket's are none (len 0). */
static inline const char *kifu__json_bytes(const kifu__json_cur *cur, const kifu__json_tok *t)
{
	return (t->decoded ? cur->arena : cur->s) + t->off;
}

/* Is t a string or key whose bytes are word's (len of them)? */
static inline bool kifu__json_is(const kifu__json_cur *cur, const kifu__json_tok *t, const char *word, size_t len)
{
	return t->len == len && !memcmp(kifu__json_bytes(cur, t), word, len);
}

/* The next byte after white space, not read; -1 at the text's end (or a
 * failure: cur->failed). */
KIFU__JSON_HOT int kifu__json_peek(kifu__json_cur *cur)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t p = cur->p;
	if (p + 1 < cur->n) {
		/* none, or one space (", " and ": " as JSON is mostly written) */
		if (s[p] > ' ')
			return s[p];
		if (s[p] == ' ' && s[p + 1] > ' ') {
			cur->p = p + 1;
			return s[p + 1];
		}
	}
	return kifu__json_peek_slow(cur);
}

/* The first byte from q on (up to n) that a string does not hold as it
 * is: '"', '\\', a control character or 0x80 and above.  Eight bytes at a
 * time where bytes are read low first: the bytes flagged are exact up to
 * the first one, which is all that is used. */
KIFU__JSON_HOT size_t kifu__json_plain_run(const unsigned char *s, size_t q, size_t n)
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
	for (; q < n; q++) {
		unsigned char c = s[q];
		if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
			break;
	}
	return q;
}

/* A token with no bytes of its own (a bracket): none, at its place, so
 * that kifu__json_bytes is defined for every token. */
static inline void kifu__json_no_bytes(kifu__json_tok *t)
{
	t->decoded = false;
	t->off = t->at;
	t->len = 0;
}

/* A string or key whose '"' is at cur->p: its bytes in *t. */
KIFU__JSON_HOT int kifu__json_string(kifu__json_cur *cur, kifu__json_tok *t, int type)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t start = cur->p, q = kifu__json_plain_run(s, start + 1, cur->n);
	t->type = type;
	t->at = start;
	if (KIFU__RARELY(q >= cur->n || s[q] != '"'))
		return kifu__json_string_slow(cur, t, q);
	t->decoded = false;
	t->off = start + 1;
	t->len = q - start - 1;
	cur->p = q + 1;
	return 0;
}

/* What comes after a value: the rest of the container it is in. */
KIFU__JSON_HOT void kifu__json_after_value(kifu__json_cur *cur)
{
	cur->want = cur->in_object ? KIFU__JSON_WANT_MORE_KEYS : cur->depth ? KIFU__JSON_WANT_MORE : KIFU__JSON_WANT_DONE;
}

/* The container open has closed. */
KIFU__JSON_HOT void kifu__json_close(kifu__json_cur *cur)
{
	if (KIFU__RARELY(cur->depth == cur->framed))
		kifu__json_frame_pop(cur);
	int d = --cur->depth;
	cur->in_object = d && (cur->objects[d >> 6] >> (d & 63) & 1);
	kifu__json_after_value(cur);
}

/* A container opens (its bracket read). */
KIFU__JSON_HOT int kifu__json_open(kifu__json_cur *cur, bool object)
{
	int d = ++cur->depth;
	uint64_t bit = (uint64_t)1 << (d & 63);
	cur->in_object = object;
	if (!object) {
		cur->objects[d >> 6] &= ~bit;
		cur->want = KIFU__JSON_WANT_ELEMENT;
		return 0;
	}
	cur->objects[d >> 6] |= bit;
	cur->want = KIFU__JSON_WANT_KEY;
	return KIFU__RARELY(cur->check_keys) ? kifu__json_frame_push(cur) : 0;
}

/* What begins the object open's next member, read up to its key's '"':
 * 1 there, 0 at the object's '}' (read, t its token), or a negative code. */
KIFU__JSON_HOT int kifu__json_before_key(kifu__json_cur *cur, kifu__json_tok *t)
{
	int c = kifu__json_peek(cur);
	if (cur->want == KIFU__JSON_WANT_MORE_KEYS) {
		if (c == ',') {
			cur->p++;
			cur->want = KIFU__JSON_WANT_NEXT_KEY;
			c = kifu__json_peek(cur);
		} else if (KIFU__RARELY(c != '}')) {
			return kifu__json_unexpected(cur, "',' or '}'");
		}
	}
	if (c == '}' && cur->want != KIFU__JSON_WANT_NEXT_KEY) {
		if (KIFU__RARELY(cur->want != KIFU__JSON_WANT_KEY && cur->want != KIFU__JSON_WANT_MORE_KEYS))
			return kifu__json_unexpected(cur, NULL);
		t->type = KIFU_JSON_OBJECT_END;
		t->at = cur->p++;
		kifu__json_no_bytes(t);
		kifu__json_close(cur);
		return 0;
	}
	if (KIFU__RARELY(c != '"' || (cur->want != KIFU__JSON_WANT_KEY && cur->want != KIFU__JSON_WANT_NEXT_KEY)))
		return kifu__json_unexpected(cur, cur->want == KIFU__JSON_WANT_NEXT_KEY ? "a key after ','" :
						  cur->want == KIFU__JSON_WANT_KEY ? "a key or '}'" : NULL);
	return 1;
}

/* The object open's next member: 1 with its key in *t (its ':' and value
 * are what kifu__json_value reads next), 0 at the object's '}' (read, t
 * its token), or a negative code. */
static inline int kifu__json_member(kifu__json_cur *cur, kifu__json_tok *t)
{
	int rc = kifu__json_before_key(cur, t);
	if (rc <= 0)
		return rc;
	if (KIFU__RARELY(rc = kifu__json_string(cur, t, KIFU_JSON_KEY)))
		return rc;
	if (KIFU__RARELY(cur->depth == cur->framed) && (rc = kifu__json_key_seen(cur, t)))
		return rc;
	cur->want = KIFU__JSON_WANT_COLON;
	return 1;
}

/* kifu__json_key's white space before a key: passed (kifu__json_peek), *s
 * and *q the text and place after it; false where the fast path cannot go
 * on (the text's end, or too near it). */
KIFU__JSON_HOT bool kifu__json_key_space(kifu__json_cur *cur, const unsigned char **s, size_t *q)
{
	if (kifu__json_peek(cur) < 0)
		return false;
	*s = (const unsigned char *)cur->s;
	*q = cur->p;
	return !KIFU__RARELY(*q + 16 > cur->lim);
}

/* The object open's next member, its key one of set's: 1 with its index
 * in *k (-1: a key none of set's, *t its token: *t is set only then), its
 * ':' read; 0 at the object's '}' (read); or a negative code.  seen: a bit
 * for each of set's keys the object has had (one given twice is an error).
 *
 * JSON as it is mostly written is read here at once: a key of at most
 * seven bytes, with nothing to decode, after '{' or ", " (or ","), its
 * ':' and a space; '}' right after a value.  Anything else, the tokenizer
 * reads token by token (kifu__json_key_slow). */
KIFU__JSON_HOT int kifu__json_key(kifu__json_cur *cur, const kifu__json_keys *set, unsigned *seen,
				 kifu__json_tok *t, int *k)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t q = cur->p;
	int i;
	if (KIFU__RARELY(q + 16 > cur->lim))
		return kifu__json_key_slow(cur, set, seen, t, k);
	if (cur->want != KIFU__JSON_WANT_MORE_KEYS && cur->want != KIFU__JSON_WANT_KEY)
		return kifu__json_key_slow(cur, set, seen, t, k);
	/* white space first (a member on a line of its own) */
	if (s[q] <= ' ' && !kifu__json_key_space(cur, &s, &q))
		return kifu__json_key_slow(cur, set, seen, t, k);
	if (s[q] == '}') {
		t->type = KIFU_JSON_OBJECT_END;
		t->at = q;
		kifu__json_no_bytes(t);
		cur->p = q + 1;
		kifu__json_close(cur);
		return 0;
	}
	if (cur->want == KIFU__JSON_WANT_MORE_KEYS) {
		if (s[q] != ',')
			return kifu__json_key_slow(cur, set, seen, t, k);
		q += 1 + (s[q + 1] == ' ');
		if (s[q] <= ' ') {
			/* the ',' read, then white space (the next member on a
			 * line of its own) */
			cur->p = q;
			cur->want = KIFU__JSON_WANT_NEXT_KEY;
			if (!kifu__json_key_space(cur, &s, &q))
				return kifu__json_key_slow(cur, set, seen, t, k);
		}
	}
	if (s[q] != '"' || (i = kifu__json_keys_find(set, s + q + 1, *seen)) < 0)
		return kifu__json_key_slow(cur, set, seen, t, k);
	q += 2 + set->keys[i].len;
	if (s[q] != ':' || s[q - 1] != '"' || KIFU__RARELY(cur->depth == cur->framed))
		return kifu__json_key_slow(cur, set, seen, t, k);
	*seen |= 1u << i;
	*k = i;
	cur->p = q + 1 + (s[q + 1] == ' ');
	cur->want = KIFU__JSON_WANT_VALUE;
	return 1;
}

/* The array open: 1 when an element follows (kifu__json_value reads it),
 * 0 at the array's ']' (read), or a negative code. */
KIFU__JSON_HOT int kifu__json_element(kifu__json_cur *cur, kifu__json_tok *t)
{
	int c = kifu__json_peek(cur);
	if (cur->want == KIFU__JSON_WANT_MORE) {
		if (c == ',') {
			cur->p++;
			cur->want = KIFU__JSON_WANT_VALUE;
			return 1;
		}
		if (KIFU__RARELY(c != ']'))
			return kifu__json_unexpected(cur, "',' or ']'");
	} else if (KIFU__RARELY(cur->want != KIFU__JSON_WANT_ELEMENT)) {
		return kifu__json_unexpected(cur, NULL);
	} else if (c != ']') {
		cur->want = KIFU__JSON_WANT_VALUE;
		return 1;
	}
	t->type = KIFU_JSON_ARRAY_END;
	t->at = cur->p++;
	kifu__json_no_bytes(t);
	kifu__json_close(cur);
	return 0;
}

/* The value wanted (after a key, an element's, the top): its first token
 * in *t (an object or an array is then open), 0 or a negative code.  A
 * string, a bracket or a whole number of a few digits is read here; the
 * rest by kifu__json_value_slow. */
KIFU__JSON_HOT int kifu__json_value(kifu__json_cur *cur, kifu__json_tok *t)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t p = cur->p;
	if (KIFU__RARELY(cur->want != KIFU__JSON_WANT_VALUE || cur->depth >= KIFU_JSON_MAX_DEPTH))
		return kifu__json_value_slow(cur, t);
	if (KIFU__RARELY(p + 24 > cur->lim))
		return kifu__json_value_slow(cur, t);
	unsigned c = s[p];
	if (c <= ' ') {
		/* white space first (an element on a line of its own) */
		if (kifu__json_peek(cur) < 0)
			return kifu__json_value_slow(cur, t);
		s = (const unsigned char *)cur->s;
		p = cur->p;
		if (KIFU__RARELY(p + 24 > cur->lim))
			return kifu__json_value_slow(cur, t);
		c = s[p];
	}
	if (c - '0' < 10) {
		/* digits (19 at most: a uint64_t), then what ends a value */
		size_t q = p;
		uint64_t v = 0;
		do
			v = v * 10 + (s[q++] - '0');
		while ((unsigned)(s[q] - '0') < 10 && q - p < 19);
		unsigned e = s[q];
		if ((e == ',' || e == '}' || e == ']' || e == ' ' || e == '\n') && (c != '0' || q == p + 1)) {
			t->type = KIFU_JSON_NUMBER;
			t->decoded = false;
			t->whole = true;
			t->at = t->off = p;
			t->len = q - p;
			t->u = v;
			cur->p = q;
			kifu__json_after_value(cur);
			return 0;
		}
	} else if (c == '{' || c == '[') {
		t->type = c == '{' ? KIFU_JSON_OBJECT : KIFU_JSON_ARRAY;
		t->at = p;
		kifu__json_no_bytes(t);
		cur->p = p + 1;
		return kifu__json_open(cur, c == '{');
	} else if (c == '"') {
		int rc = kifu__json_string(cur, t, KIFU_JSON_STRING);
		if (!rc)
			kifu__json_after_value(cur);
		return rc;
	}
	return kifu__json_value_slow(cur, t);
}

/* Passes over the rest of the value whose first token t is (an object or
 * an array open: to its close), checking it.  0 or a negative code. */
static inline int kifu__json_skip(kifu__json_cur *cur, const kifu__json_tok *t)
{
	return t->type == KIFU_JSON_OBJECT || t->type == KIFU_JSON_ARRAY ? kifu__json_skip_slow(cur, t) : 0;
}

/* The head of a member as JSON is mostly written, read at once: at q,
 * ',' and a space or not (unless first), a key of set's not in seen with
 * nothing to decode, ':' and a space or not.  The offset of its value,
 * *i its key's index; 0 when what is at q is anything else.  The text
 * holds 40 bytes from q on. */
KIFU__JSON_HOT size_t kifu__json_fast_head(const unsigned char *s, size_t q, bool first,
					    const kifu__json_keys *set, unsigned seen, int *i)
{
	if (!first) {
		if (s[q] != ',')
			return 0;
		q += 1 + (s[q + 1] == ' ');
	}
	if (s[q] != '"' || (*i = kifu__json_keys_find(set, s + q + 1, seen)) < 0)
		return 0;
	q += 2 + set->keys[*i].len;
	if (s[q] != ':' || s[q - 1] != '"')
		return 0;
	return q + 1 + (s[q + 1] == ' ');
}

/* The digits at q, up to 19 of them (a uint64_t), without a leading zero
 * and followed by what ends a member (',', '}' or a space): their value in
 * *v and their end; 0 when they are not that. */
KIFU__JSON_HOT size_t kifu__json_fast_digits(const unsigned char *s, size_t q, uint64_t *v)
{
	unsigned c = s[q] - '0';
	if (c > 9)
		return 0;
	if (s[q + 1] == ',' || s[q + 1] == '}') {
		/* one digit, as most are */
		*v = c;
		return q + 1;
	}
	if ((unsigned)(s[q + 1] - '0') < 10 && !c)
		return 0;
	uint64_t x = c;
	size_t d = q + 1;
	while ((c = s[d] - '0') < 10 && d - q < 19)
		x = x * 10 + c, d++;
	if (s[d] != ',' && s[d] != '}' && s[d] != ' ')
		return 0;
	*v = x;
	return d;
}

/* true, false or null at q, followed by what ends a member: its type,
 * *end after it; 0 when it is not that. */
KIFU__JSON_HOT int kifu__json_fast_word(const unsigned char *s, size_t q, size_t *end)
{
	int type = !memcmp(s + q, "true", 4) ? KIFU_JSON_TRUE : !memcmp(s + q, "null", 4) ? KIFU_JSON_NULL :
		   !memcmp(s + q, "false", 5) ? KIFU_JSON_FALSE : 0;
	size_t e = q + (type == KIFU_JSON_FALSE ? 5 : 4);
	if (!type || (s[e] != ',' && s[e] != '}' && s[e] != ' '))
		return 0;
	*end = e;
	return type;
}

/* Ends a fast read of an object's members at p: its '}' read (closed),
 * or the state for the token by token reading of the rest. */
KIFU__JSON_HOT void kifu__json_fast_end(kifu__json_cur *cur, size_t p, bool closed, bool any)
{
	cur->p = p;
	if (closed)
		kifu__json_close(cur);
	else if (any)
		cur->want = KIFU__JSON_WANT_MORE_KEYS;
}

/* The rest of the object open, whose keys are set's and whose values
 * are whole numbers (a place {"x": 7, "y": 6}): vals[k] the value of key
 * k (left as it is when absent), -1 when it is null, -2 when it is no
 * whole number of digits alone (INT64_MAX when it is one too large).
 * Returns 1 when every key was one of set's, 0 when one was not, or a
 * negative code. */
KIFU__JSON_HOT int kifu__json_numbers(kifu__json_cur *cur, const kifu__json_keys *set, int64_t *vals)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t p = cur->p, lim = cur->lim;
	unsigned seen = 0;
	int rc, k, all = 1;
	kifu__json_tok t;
	if (cur->want == KIFU__JSON_WANT_KEY && cur->framed != cur->depth) {
		/* "key": digits, one after another: read here at once, up to
		 * the '}' or to what is not that */
		for (;;) {
			size_t q;
			uint64_t v;
			int i;
			if (p + 40 > lim)
				break;
			if (s[p] == '}') {
				kifu__json_fast_end(cur, p + 1, true, seen);
				return all;
			}
			if (!(q = kifu__json_fast_head(s, p, !seen, set, seen, &i)) || !(q = kifu__json_fast_digits(s, q, &v)))
				break;
			vals[i] = (int64_t)v;
			seen |= 1u << i;
			p = q;
		}
		kifu__json_fast_end(cur, p, false, seen);
	}
	while ((rc = kifu__json_key(cur, set, &seen, &t, &k)) == 1) {
		if ((rc = kifu__json_value(cur, &t)))
			return rc;
		if (k < 0)
			all = 0;
		else if (t.type == KIFU_JSON_NUMBER && t.whole)
			vals[k] = t.u > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)t.u;
		else
			vals[k] = t.type == KIFU_JSON_NULL ? -1 : kifu__json_count_slow(cur, &t);
		if (t.type == KIFU_JSON_OBJECT || t.type == KIFU_JSON_ARRAY) {
			if ((rc = kifu__json_skip_slow(cur, &t)))
				return rc;
		}
	}
	return rc < 0 ? rc : all;
}

/* The object open's members, its keys set's: each whose value is a
 * scalar, read at once as far as they go (JSON as it is mostly written:
 * whole numbers, strings of ASCII without escapes, true, false, null),
 * its value's token in vals[k] for its key k (seen says which came), up
 * to the object's '}' (read: returns 0) or to a member its reader reads
 * itself (returns 1, the member's value not read: kifu__json_value or
 * kifu__json_numbers_value reads it next): a key none of set's (*k -1,
 * *key its token), or a value that is an object or an array (*k its
 * key).  Or a negative code. */
KIFU__JSON_HOT int kifu__json_fields(kifu__json_cur *cur, const kifu__json_keys *set, unsigned *seen,
				    kifu__json_tok *vals, int *k, kifu__json_tok *key)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t p = cur->p, lim = cur->lim;
	unsigned sn = *seen;
	int rc;
	bool first = cur->want == KIFU__JSON_WANT_KEY;
	if ((first || cur->want == KIFU__JSON_WANT_MORE_KEYS) && cur->framed != cur->depth) {
		for (;; first = false) {
			size_t q, e;
			int i;
			if (p + 40 > lim)
				break;
			if (s[p] == '}') {
				*seen = sn;
				kifu__json_fast_end(cur, p + 1, true, true);
				return 0;
			}
			if (!(q = kifu__json_fast_head(s, p, first, set, sn, &i)))
				break;
			kifu__json_tok *t = &vals[i];
			unsigned c = s[q];
			if (c == '"') {
				e = kifu__json_plain_run(s, q + 1, cur->n);
				if (e >= cur->n || s[e] != '"')
					break;
				t->type = KIFU_JSON_STRING;
				t->decoded = false;
				t->off = q + 1;
				t->len = e - q - 1;
				e++;
			} else if (c == '{' || c == '[') {
				/* the caller's to read */
				*seen = sn | 1u << i;
				*k = i;
				cur->p = q;
				cur->want = KIFU__JSON_WANT_VALUE;
				return 1;
			} else if ((e = kifu__json_fast_digits(s, q, &t->u))) {
				t->type = KIFU_JSON_NUMBER;
				t->decoded = false;
				t->whole = true;
				t->off = q;
				t->len = e - q;
			} else if ((t->type = kifu__json_fast_word(s, q, &e)) == 0) {
				break;
			} else {
				t->decoded = false;
				t->off = q;
				t->len = e - q;
			}
			t->at = q;
			sn |= 1u << i;
			p = e;
		}
		kifu__json_fast_end(cur, p, false, !first);
	}
	/* token by token */
	while ((rc = kifu__json_key(cur, set, &sn, key, k)) == 1) {
		int c = *k < 0 ? '{' : kifu__json_peek(cur);
		if (c == '{' || c == '[') {
			*seen = sn;
			return 1;
		}
		if ((rc = kifu__json_value(cur, &vals[*k])))
			return rc;
	}
	*seen = sn;
	return rc;
}

/* The value wanted, read as an object whose keys are set's and whose
 * values are whole numbers (kifu__json_numbers: vals as it has them): 1
 * when every key was one of set's, 0 when one was not, 2 when the value
 * is no object (passed over), or a negative code.  An object of a line,
 * as JSON is mostly written, is read here at once: the cursor's state is
 * as after any value. */
KIFU__JSON_HOT int kifu__json_numbers_value(kifu__json_cur *cur, const kifu__json_keys *set, int64_t *vals)
{
	const unsigned char *s = (const unsigned char *)cur->s;
	size_t p = cur->p, lim = cur->lim;
	kifu__json_tok t;
	if (cur->want == KIFU__JSON_WANT_VALUE && p + 40 <= lim && s[p] == '{' && !cur->check_keys &&
	    cur->depth < KIFU_JSON_MAX_DEPTH) {
		unsigned seen = 0;
		for (p++;;) {
			size_t q;
			uint64_t v;
			int i;
			if (p + 40 > lim)
				break;
			if (s[p] == '}') {
				cur->p = p + 1;
				kifu__json_after_value(cur);
				return 1;
			}
			if (!(q = kifu__json_fast_head(s, p, !seen, set, seen, &i)) || !(q = kifu__json_fast_digits(s, q, &v)))
				break;
			vals[i] = (int64_t)v;
			seen |= 1u << i;
			p = q;
		}
	}
	/* token by token, from the object's '{' */
	int rc = kifu__json_value(cur, &t);
	if (rc)
		return rc;
	if (t.type != KIFU_JSON_OBJECT)
		return (rc = kifu__json_skip(cur, &t)) ? rc : 2;
	return kifu__json_numbers(cur, set, vals);
}

/* Any token (what kifu_json_next hands out): 1 with *t, 0 at the end (of
 * the one value, or of the text after the last), or a negative code. */
int kifu__json_next(kifu__json_cur *cur, kifu__json_tok *t);

/* Reads on, checking, until depth containers are open and nothing is half
 * read (no key without its value): out of a value given up on.  0 or a
 * negative code. */
int kifu__json_leave(kifu__json_cur *cur, int depth);

/* The mark of token t, just read (nothing read after it). */
void kifu__json_mark_slow(const kifu__json_cur *cur, const kifu__json_tok *t, kifu__json_mark *m);
static inline void kifu__json_mark_of(const kifu__json_cur *cur, const kifu__json_tok *t, kifu__json_mark *m)
{
	if (t->type != KIFU_JSON_OBJECT && t->type != KIFU_JSON_ARRAY) {
		kifu__json_mark_slow(cur, t, m);
		return;
	}
	/* a bracket, one byte of ASCII */
	m->at = t->at;
	m->line = cur->line;
	m->line_at = cur->line_at;
	m->cont = cur->cont;
	m->base = cur->base;
	m->depth = cur->depth;
}
/* The mark of the first '{' from m on (outside strings) before the
 * offset end: true, or false when there is none. */
bool kifu__json_find_object(const kifu__json_cur *cur, const kifu__json_mark *m, size_t end,
			    kifu__json_mark *found);

/* Where a mark is: its line and column. */
static inline void kifu__json_place(const kifu__json_mark *m, long *line, long *col)
{
	*line = m->line;
	*col = (long)m->at - m->line_at - (long)m->cont + m->base;
}

/* Value t (its first token just read, a bracket's mark m) written again
 * compact, as JSON, for a message: at most size - 1 bytes of it in buf,
 * cut on a character's boundary, NUL-terminated.  Returns its length, or
 * size or more when it is cut.  Reads it again from cur's text, which
 * holds it whole. */
size_t kifu__json_dump(const kifu__json_cur *cur, const kifu__json_mark *m, char *buf, size_t size);

/* ---- writing (json_write.c) ---- */

/* A writer (kifu/json.h), here so that the library can keep one on the
 * stack: onto a stream, or into a buffer (f NULL: buf[0..size), len
 * counting what would have been written). */
struct kifu_json_writer {
	FILE *f;
	char *buf;
	size_t size, len;
	unsigned flags;
	int depth;
	uint64_t objects[KIFU_JSON_MAX_DEPTH / 64 + 1]; /* a bit per depth: an object */
	bool empty;            /* the container open has nothing yet */
	bool after_key;        /* a key has been written: its value next */
	bool done;             /* the top value is whole */
	int pending;           /* a break asked for: its indent + 1, else 0 */
	int failed;
};

void kifu__json_writer_init(kifu_json_writer *w, FILE *f, char *buf, size_t size, unsigned flags);
/* A value written as it is: a number's text (as JSON writes it). */
int kifu__json_raw(kifu_json_writer *w, const char *text, size_t len);

/* The UTF-8 character at s[p] (0x80 or above, n bytes in all): its
 * length with its code point in *cp; 0 when it is none (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF), -1 when the text
 * ends inside it. */
int kifu__json_utf8(const unsigned char *s, size_t p, size_t n, uint32_t *cp);

/* A number's bytes as a whole number, exactly (kifu_json_uint64). */
int kifu__json_uint64(const char *s, size_t len, uint64_t *v);

#endif
