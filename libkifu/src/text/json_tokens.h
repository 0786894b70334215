/*
 * json_tokens.h - strict JSON (RFC 8259) read into an array of tokens, for
 * the JKF reader (notation/jkf_read.c): no allocation per value, the
 * buffers kept from one text to the next.
 *
 * A text is one JSON object or array (the top value must be a container)
 * and nothing after it but white space.  Its values are laid out in the
 * order written, each container followed by its contents (an object's by
 * key, value, key, value, ...), so that tok[i].next is where the value
 * after tok[i] begins.  Strings without escapes point into the text (not
 * NUL-terminated); those with escapes are decoded (\uXXXX and surrogate
 * pairs to UTF-8) into an arena of the parser's, NUL-terminated.
 *
 * The syntax errors are those of jansson 2.14's json_loadb (the reader used
 * it before, and its messages are in kifu's tests and users' scripts):
 * the same words, "near" the same text, at the same byte; a depth of 2048
 * values at most; object keys given twice refused; \u0000 refused.
 */
#ifndef KIFU_TEXT_JSON_TOKENS_H
#define KIFU_TEXT_JSON_TOKENS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum kifu__json_type {
	KIFU__JSON_OBJECT = 1,
	KIFU__JSON_ARRAY,
	KIFU__JSON_STRING,
	KIFU__JSON_INTEGER,
	KIFU__JSON_REAL,
	KIFU__JSON_TRUE,
	KIFU__JSON_FALSE,
	KIFU__JSON_NULL,
};

/* The deepest values nest (jansson's JSON_PARSER_MAX_DEPTH): the top
 * container is at depth 1. */
#define KIFU__JSON_MAX_DEPTH 2048

typedef struct kifu__json_tok {
	/* (not bytes: a store to a byte could be to anything, and the parser
	 * would read all it holds again after each) */
	uint16_t type;    /* enum kifu__json_type */
	uint16_t decoded; /* a string held in the arena (it had escapes) */
	uint32_t off;     /* where it begins in the text: its '{', '"', digit */
	union {
		/* an object (size: its members) or an array (its elements) */
		struct {
			uint32_t next; /* the token after its last content */
			uint32_t size;
			uint32_t line; /* of off, counted from the text's first (0) */
			uint32_t col;  /* of off, in characters, 1-based (see parse) */
		} box;
		struct {
			uint32_t at, len; /* in the text, or in the arena if decoded */
			uint32_t owner;   /* a key: its object */
			uint32_t sig;     /* a key: kifu__json_sig */
		} str;
		long long integer;
		double real;
	} u;
} kifu__json_tok;

typedef struct kifu__json {
	kifu__json_tok *tok;
	size_t ntok, tokcap;
	char *arena;      /* decoded strings, each with a NUL after it */
	size_t alen, acap;
	/* the containers open while parsing: each one's token, and where the
	 * keys of an object begin in keys */
	struct kifu__json_open {
		uint32_t tok, keys;
		uint64_t seen; /* an object's: a bit for each key's sig (hashed) */
	} *stack;
	size_t stackcap;
	/* the first keys of the objects open (up to 16 each), to find one
	 * given twice: its first bytes and length, and its token */
	struct kifu__json_key {
		uint32_t sig, tok;
	} *keys;
	size_t keyscap;
	uint32_t *hash;   /* keys of large objects, for duplicates */
	size_t hashcap, hashn;
	const char *text; /* the text last parsed */
	/* where the top container ends: the bytes of the text up to its close,
	 * the lines before that (0 for the first) and the column just after it
	 * (as tok's box.col) */
	size_t end;
	uint32_t end_line, end_col;
	/* after a syntax error: jansson's message ("unexpected token near
	 * ']'") and position (the bytes read when it was found) */
	char error[160];
	size_t error_pos;
} kifu__json;

/* A text that goes on: more(arg, &text, &n) makes it longer (it may have
 * moved: *text and *n are its new place and length) and returns 1; 0 when
 * it has no more, or a negative code that ends the parse. */
typedef int (*kifu__json_more)(void *arg, const char **text, size_t *n);

/* Parses text[0..n) (which is not changed and must stay while the tokens
 * are used) into j, which starts zeroed and is reused from one text to the
 * next.  col0 is the column of text[0] (columns count characters: bytes
 * that are not UTF-8 continuation bytes).  Returns 0, 1 for a syntax error
 * (j->error, j->error_pos), or a negative code (KIFU_ENOMEM, or more's).
 *
 * With more (else NULL), the text is read as far as the top container
 * goes, asking more for text when it runs out between two tokens, and
 * nothing after the container is looked at.  A text whose pieces end
 * inside a token (the JKF reader's end with their lines) reads as if the
 * token ended there: parse it again whole to have jansson's error. */
int kifu__json_parse(kifu__json *j, const char *text, size_t n, uint32_t col0, kifu__json_more more,
		     void *arg);
void kifu__json_free(kifu__json *j);

/* A key's length and its first and last bytes, which tell most keys
 * apart (JKF's all): what is compared first. */
static inline uint32_t kifu__json_sig(const char *s, size_t len)
{
	return len ? (uint32_t)(len < 0xFFFF ? len : 0xFFFF) << 16 | (uint32_t)(unsigned char)s[0] << 8 |
			     (unsigned char)s[len - 1]
		   : 0;
}

static inline size_t kifu__json_next(const kifu__json *j, size_t i)
{
	return j->tok[i].type <= KIFU__JSON_ARRAY ? j->tok[i].u.box.next : i + 1;
}

/* A string token's bytes (*len of them; no NUL among them). */
static inline const char *kifu__json_str(const kifu__json *j, size_t i, size_t *len)
{
	*len = j->tok[i].u.str.len;
	return (j->tok[i].decoded ? j->arena : j->text) + j->tok[i].u.str.at;
}

/* Is token i the string word? */
bool kifu__json_is(const kifu__json *j, size_t i, const char *word);

/* The value of key in object obj, or 0 (never a value: token 0 is the
 * top container) when it has none. */
size_t kifu__json_get(const kifu__json *j, size_t obj, const char *key);

/* Value i as JSON, compact (jansson's json_dumps with JSON_COMPACT |
 * JSON_ENCODE_ANY: keys in the order written, reals as %.17g), for a
 * message: at most size - 1 bytes of it in buf, NUL-terminated.  Returns
 * its whole length. */
size_t kifu__json_dump(const kifu__json *j, size_t i, char *buf, size_t size);

#endif
