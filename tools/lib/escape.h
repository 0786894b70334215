/*
 * escape.h - text a record or a part holds, written so that it cannot steer
 * the output it goes into: one function per kind of output the tools write
 * (README.md, "Security").
 *
 * - Text for people (messages on stderr, kifu-stats' tables, kifu-diff's and
 *   kifu-validate's lines): escape_text.  No byte of the text can move the
 *   cursor, start a line or reach a terminal as a command.
 * - CSV (kifu-stats --format=csv): escape_csv.  No cell can start a formula
 *   in a spreadsheet, nor a line.
 * - JSON strings: the library's JSON writer (kifu/json.h); XML and HTML:
 *   kifu-replay's board_out_xml and board_out_json (replay/board.h).
 *
 * What is escaped in text: the control characters (C0, U+0000-U+001F; DEL,
 * U+007F; C1, U+0080-U+009F), the characters that steer how a line is
 * shown (the line and paragraph separators U+2028 and U+2029, and the
 * marks, embeddings, overrides and isolates of bidirectional text: U+061C,
 * U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and every byte that is not
 * part of a UTF-8 character (overlong forms, surrogates and code points
 * past U+10FFFF included), each byte as \xHH, in two upper-case hexadecimal
 * digits.  Every other character is written as it is.
 */
#ifndef KIFU_ESCAPE_H
#define KIFU_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* ESCAPE_QUOTED: the text in double quotes, with " and \ written \" and
 * \\ (kifu-diff's values), so that where a value ends is never in doubt. */
#define ESCAPE_QUOTED 1u

/* The length of the UTF-8 character at p (1 to 4 bytes), or 0 when the
 * bytes there are not one: a lone continuation byte, an overlong form, a
 * surrogate, a code point past U+10FFFF, or a sequence cut short (a NUL
 * among its bytes). */
int escape_utf8_length(const char *p);

/* s escaped into buf (of size bytes, NUL-terminated), cut before the first
 * character or escape that does not fit whole: never inside a character.
 * Returns the length the whole escaped text takes (as snprintf does), so
 * that a result >= size says it was cut. */
size_t escape_text(char *buf, size_t size, const char *s, unsigned flags);

/* The same as a string of its own (malloc; NULL when out of memory). */
char *escape_text_dup(const char *s, unsigned flags);

/* Writes s escaped to f. */
void escape_text_put(FILE *f, const char *s, unsigned flags);

/* How many columns s takes on a terminal once escaped (escape_text): two
 * for the wide characters of the CJK scripts (from U+1100 on), one for
 * the others and for each character of an escape. */
int escape_columns(const char *s);

/* The longest start of s, at most max bytes, that ends on a character
 * boundary: its length.  For a value cut to fit (a group's key, a file
 * name), so that the cut never leaves half a character behind. */
size_t escape_cut(const char *s, size_t max);

/* CSV_EXACT: the bytes as they are (RFC 4180 quoting only), for programs
 * that read the CSV as data; never for a spreadsheet. */
#define ESCAPE_CSV_EXACT 1u

/* Writes s as one CSV field.  Quoted as RFC 4180 says when it holds a
 * comma, a quote, a line end or a space at either end, its quotes doubled.
 * By default a cell that a spreadsheet would take for a formula, one that
 * starts with = + - @ TAB or CR (OWASP's rule), gets a ' before it, and the
 * control characters are escaped as in text (a cell is never two lines);
 * with ESCAPE_CSV_EXACT, neither. */
void escape_csv(FILE *f, const char *s, unsigned flags);

#endif
