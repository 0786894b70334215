/*
 * kifu/json.h - JSON (RFC 8259) read and written as kifu reads and writes
 * it: the JKF notation, every tool's --format=json, kifu-stats --merge.
 *
 * Writing.  A writer puts values on a stream one call at a time, the
 * commas, colons and quotes its own: a program cannot make a string that
 * ends early, nor a line or a value the data did not hold.  Strings are
 * UTF-8; each is written with '"' and '\\' escaped, and every control
 * character (U+0000-U+001F, U+007F, U+0080-U+009F) and the line and
 * paragraph separators (U+2028, U+2029, which end a line in JavaScript)
 * as \uXXXX (\n, \r and \t for those three); a byte that is not UTF-8 is
 * written as U+FFFD.  With KIFU_JSON_HTML, '<', '>' and '&' are
 * escaped too, so that the text can stand inside an HTML <script> element
 * (no "</script>" nor "<!--" can end it).  Whole numbers are written
 * exactly; a double in the shortest form that reads back as the same
 * double ("0.1", "1e+22"), whatever the locale.
 *
 * Reading.  A reader hands out a text's values one token at a time
 * (objects and arrays as their opening and closing), in the order written:
 * strict JSON, whose strings are UTF-8 with their escapes decoded.  What
 * kifu refuses beside RFC 8259's grammar: a string holding \u0000, a
 * surrogate escape that pairs with nothing, an object that gives one key
 * twice (a value would be lost without a word: unless the program looks
 * for that itself, KIFU_JSON_OWN_KEYS), values nested more than
 * KIFU_JSON_MAX_DEPTH deep.  Numbers are handed out as written, checked
 * against JSON's grammar but not converted: a program converts what its
 * own grammar allows (kifu_json_uint64), exactly.  An error says where
 * (FILE:LINE:COL, the column counted in characters, at the character
 * where the text stopped being what JSON allows) and what was found there
 * ("not JSON: expected ',' or '}', found \"b\"").  A text may hold any
 * number of values one after another (JSON Lines, or values written end to
 * end).  Memory is the longest string, the keys of the objects open and
 * one byte per level open, whatever the text's length.
 *
 * Conventions as kifu/kifu.h's.
 */
#ifndef KIFU_JSON_H
#define KIFU_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "api.h"
#include "error.h"

KIFU_BEGIN_DECLS

/* Values nest at most this deep: the top value is at depth 1. */
#define KIFU_JSON_MAX_DEPTH 2048

/* ---- writing ---- */

/* A writer's flags. */
enum {
	KIFU_JSON_SPACED = 1, /* ", " between members and elements, ": " after a key
			       * (else nothing between tokens) */
	KIFU_JSON_HTML = 2    /* '<', '>' and '&' in strings as \u003c, \u003e, \u0026 */
};

typedef struct kifu_json_writer kifu_json_writer;

/* A writer onto out, which stays the caller's (to flush and to close). */
int kifu_json_writer_new(kifu_json_writer **w, FILE *out, unsigned flags);
void kifu_json_writer_free(kifu_json_writer *w);

/* Each writes one token (with the comma or colon before it) and returns 0,
 * or the writer's first failure, after which it writes nothing more:
 * KIFU_EIO when the stream refused a write, KIFU_EINVAL for a token where
 * JSON has none (a value where an object wants a key, a key outside an
 * object, a close that matches no open, a second value at the top, more
 * than KIFU_JSON_MAX_DEPTH open).  What a writer has written reaches the
 * stream at once, token by token (the stream's own buffer aside). */
int kifu_json_object(kifu_json_writer *w);
int kifu_json_object_end(kifu_json_writer *w);
int kifu_json_array(kifu_json_writer *w);
int kifu_json_array_end(kifu_json_writer *w);
int kifu_json_key(kifu_json_writer *w, const char *key);
int kifu_json_keyn(kifu_json_writer *w, const char *key, size_t len);
/* A string; NULL writes null. */
int kifu_json_string(kifu_json_writer *w, const char *s);
int kifu_json_stringn(kifu_json_writer *w, const char *s, size_t len);
int kifu_json_int(kifu_json_writer *w, long long n);
int kifu_json_uint(kifu_json_writer *w, unsigned long long n);
/* A double, in the shortest form that reads back as it; an infinity or a
 * NaN, which JSON has no number for, is written null. */
int kifu_json_double(kifu_json_writer *w, double v);
/* A number given as its text, which must be a JSON number (RFC 8259's
 * grammar, checked: KIFU_EINVAL when it is not): one read and written
 * again as it was, or one made by kifu_json_double_text. */
int kifu_json_number(kifu_json_writer *w, const char *text, size_t len);
int kifu_json_bool(kifu_json_writer *w, int truth);
int kifu_json_null(kifu_json_writer *w);
/* Lays out what follows: the next member, element or close is written at
 * the start of a new line, after indent spaces (JSON one element to a
 * line, as JKF is laid out).  A break before the first value ends nothing:
 * it is ignored. */
int kifu_json_break(kifu_json_writer *w, int indent);
/* Ends the top value with a line end: the writer may then write another
 * (one value to a line, JSON Lines).  0, or the writer's first failure
 * (KIFU_EINVAL when the top value is not whole). */
int kifu_json_writer_end(kifu_json_writer *w);

/* The writer's first failure (as its calls returned it), or 0: for a
 * program that checks once, when it is done. */
int kifu_json_writer_failure(const kifu_json_writer *w);

/* v as kifu_json_double writes it ("null" for an infinity or a NaN), in
 * buf[0..size), NUL-terminated: its length (size or more: cut).  For a
 * number said in text as in JSON, exactly. */
size_t kifu_json_double_text(char *buf, size_t size, double v);

/* The string s[0..len) as the writer writes it, quotes included, in
 * buf[0..size) NUL-terminated (cut short if it does not fit, on a
 * character's boundary).  Returns the length of the whole, as snprintf:
 * for a program that writes JSON through another writer of its own. */
size_t kifu_json_escape(char *buf, size_t size, const char *s, size_t len, unsigned flags);

/* ---- reading ---- */

enum kifu_json_type {
	KIFU_JSON_OBJECT = 1, /* '{': its members follow, up to KIFU_JSON_OBJECT_END */
	KIFU_JSON_OBJECT_END, /* '}' */
	KIFU_JSON_ARRAY,      /* '[': its elements follow, up to KIFU_JSON_ARRAY_END */
	KIFU_JSON_ARRAY_END,  /* ']' */
	KIFU_JSON_KEY,        /* a member's key (a string), its value next */
	KIFU_JSON_STRING,
	KIFU_JSON_NUMBER,     /* as written: "-1.5e3" */
	KIFU_JSON_TRUE,
	KIFU_JSON_FALSE,
	KIFU_JSON_NULL
};

/* One token as a reader hands it out. */
typedef struct kifu_json_token {
	int type;         /* enum kifu_json_type */
	const char *text; /* a key's or string's bytes (decoded, NUL-terminated,
			   * no NUL among them), a number's as written; "" else */
	size_t len;
	long line, col;   /* where it begins: its '{', '"', first digit */
	int depth;        /* of its value: 1 at the top (a close: its open's) */
} kifu_json_token;

typedef struct kifu_json_reader kifu_json_reader;

/* A reader's flags. */
enum {
	/* the program refuses a key given twice itself (in its own words): the
	 * reader keeps no object's keys, and its memory does not grow with
	 * them */
	KIFU_JSON_OWN_KEYS = 1
};

/* A reader of the JSON text read from in (which stays the caller's);
 * name is used in diagnostics.  Its first byte is at line 1, column 1,
 * unless kifu_json_reader_place says where it is. */
int kifu_json_reader_new(kifu_json_reader **r, FILE *in, const char *name, unsigned flags);
/* A reader over len bytes of memory, which must stay as they are until
 * the reader is freed. */
int kifu_json_reader_new_buffer(kifu_json_reader **r, const char *bytes, size_t len, const char *name,
				unsigned flags);
void kifu_json_reader_free(kifu_json_reader *r);
/* Where the first byte the reader reads is in its input (for an input read
 * in part before the reader was made): before the first kifu_json_next. */
void kifu_json_reader_place(kifu_json_reader *r, long line, long col);

/* The next token: 1 with *tok set (its text lives until the next call), 0
 * at the end of the text after a whole value (or none), or a negative code:
 * KIFU_ESYNTAX for text that is not JSON as kifu reads it (diag says where
 * and why; the reader reads no further), KIFU_EIO, KIFU_ENOMEM. */
int kifu_json_next(kifu_json_reader *r, kifu_json_token *tok, kifu_diag *diag);

/* A number's text as a whole number of at most 2^64 - 1: 0 with *v; or
 * KIFU_ESYNTAX when it is not digits alone (a sign, a fraction, an
 * exponent), KIFU_ELIMIT when it is larger. */
int kifu_json_uint64(const char *text, size_t len, uint64_t *v);

KIFU_END_DECLS

#endif
