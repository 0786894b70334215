/*
 * lines.h - the line pump: an input's lines, decoded to UTF-8, each with
 * what is wrong with it said once.
 *
 * Every notation's reader reads its input through the one pump its stream
 * owns (notation/stream.c makes it once it has told the encoding), and
 * never sees the raw bytes.  The pump
 *
 *   - reads a raw line (text/reader.c: LF, CRLF or CR alone, a byte order
 *     mark skipped),
 *   - decodes it to UTF-8 (text/encoding.c: the input's encoding, or the
 *     one the input declares, kifu__lines_declare),
 *   - hands out a line too long to be read (more than KIFU_MAX_LINE bytes)
 *     as a line of no text with problem KIFU__LINE_TOO_LONG, and a line
 *     holding a byte the encoding does not read with problem
 *     KIFU__LINE_SPOILED (its text with U+FFFD for each such byte, the
 *     first one's column), and a line holding a NUL byte with problem
 *     KIFU__LINE_NUL (U+2400, ␀, in its place: a comment or tag keeps the
 *     rest of its text, never cut there), each with the one message said
 *     for it (line->message).
 *
 * A reader turns a problem into its record's error or note, at
 * (line->no, line->col), with line->message as it is: every notation
 * reports a bad line in the same words.  kifu__lines_say does it for a
 * reader whose records are one line each (compact, USI).
 *
 * A line (text, message) lives until the next kifu__lines_next or
 * kifu__lines_unread; its text is NUL-terminated (a NUL byte inside the
 * line is U+2400 by then).
 */
#ifndef KIFU_TEXT_LINES_H
#define KIFU_TEXT_LINES_H

#include <stdbool.h>
#include <stddef.h>

#include "kifu/error.h"
#include "kifu/reader.h"
#include "text/encoding.h"

enum kifu__line_problem {
	KIFU__LINE_OK = 0,
	KIFU__LINE_SPOILED,  /* a byte the encoding does not read: U+FFFD in its place */
	KIFU__LINE_TOO_LONG, /* longer than KIFU_MAX_LINE bytes: no text (len 0) */
	KIFU__LINE_NUL       /* a NUL byte, which no text of a record can hold (they
			      * are C strings): U+2400 (␀) in its place */
};

typedef struct kifu__line {
	const char *text;    /* decoded, UTF-8 (but where spoiled: U+FFFD), no line end */
	size_t len;
	long no;             /* 1-based line number */
	enum kifu__line_problem problem;
	long col;            /* the problem's 1-based column in characters of text
			      * (SPOILED: the first U+FFFD put in; TOO_LONG: 0) */
	size_t at;           /* SPOILED: the byte offset in text of that U+FFFD */
	const char *message; /* the problem in words ("" when none) */
} kifu__line;

typedef struct kifu__lines kifu__lines;

/* A pump over reader (which stays the caller's and outlives it), decoding
 * with dec (the caller's too).  ascii_start: the input's first bytes, as
 * far as they told the encoding, are all ASCII (kifu__lines_declare then
 * follows what the input declares).  KIFU_ENOMEM. */
int kifu__lines_new(kifu__lines **out, kifu_reader *reader, kifu__decoder *dec, bool ascii_start);
void kifu__lines_free(kifu__lines *p);

/* The next line, *line pointing to it (the pump's): 1, 0 at the end of
 * the input, or a negative code with diag filled (KIFU_EIO a read error,
 * KIFU_ENOMEM).  A line with a problem is returned as 1 too
 * (line->problem). */
int kifu__lines_next(kifu__lines *p, const kifu__line **line, kifu_diag *diag);

/* Pushes the last line back: the next kifu__lines_next returns it again,
 * problem and all (a reader that met the next record's first line). */
void kifu__lines_unread(kifu__lines *p);

/* The input's name for diagnostics ("-" or the path). */
const char *kifu__lines_name(const kifu__lines *p);

/* The encoding lines are decoded from, for messages: "UTF-8", "Shift_JIS". */
const char *kifu__lines_encoding(const kifu__lines *p);

/* The stream has checked the whole input: valid UTF-8 with no NUL byte,
 * so that no line needs looking at again. */
void kifu__lines_trust(kifu__lines *p);

/* The input declares its encoding (CSA V3.0's 'CSA encoding= first line):
 * the lines after this one are decoded from enc when the bytes told
 * nothing (an ASCII start), else as the bytes told (a line may lie, as a
 * KIF header may).  0 or KIFU_ENOMEM. */
int kifu__lines_declare(kifu__lines *p, enum kifu__encoding enc);

/* Fills diag with line's problem (its code KIFU_ELIMIT for a line too
 * long, KIFU_EFORMAT for a spoiled one), at its place, and returns the
 * code: for a reader that cannot keep the line in a record. */
int kifu__lines_say(const kifu__lines *p, const kifu__line *line, kifu_diag *diag);

#endif
