/*
 * kifu/reader.h - reading text line by line, in large blocks.
 *
 * A reader hands out lines without their line ending (LF or CRLF), with
 * their 1-based number.  A UTF-8 byte order mark at the start is skipped.
 * A line longer than KIFU_MAX_LINE is not handed out: the reader reports it
 * (KIFU_ELIMIT, with its line number) and goes on with the next line.  Memory
 * is one block buffer and one line buffer, whatever the input's length.
 */
#ifndef KIFU_READER_H
#define KIFU_READER_H

#include <stdio.h>
#include "api.h"
#include "error.h"

KIFU_BEGIN_DECLS

#define KIFU_MAX_LINE (1L << 20) /* 1 MiB */

typedef struct kifu_reader kifu_reader;

/* A reader over an open stream; name is used in diagnostics ("-" or the
 * path).  The stream stays the caller's to close. */
int kifu_reader_new(kifu_reader **out, FILE *in, const char *name);
/* A reader over len bytes of memory, which must stay as they are until the
 * reader is freed. */
int kifu_reader_new_buffer(kifu_reader **out, const char *bytes, size_t len, const char *name);
void kifu_reader_free(kifu_reader *r);

/* The next line: 1 with *line, *len, *lineno set; 0 at the end of input; a
 * negative code on an error (a read error: KIFU_EIO; an over-long line:
 * KIFU_ELIMIT, after which reading may go on). The line is NUL-terminated
 * and lives until the next call. */
int kifu_reader_next(kifu_reader *r, const char **line, size_t *len, long *lineno,
		     kifu_diag *diag);

/* Pushes the last line back: the next call returns it again. */
void kifu_reader_unread(kifu_reader *r);

const char *kifu_reader_name(const kifu_reader *r);

/* The first bytes of the input (up to size), without consuming them: for
 * telling the notation and the encoding.  Returns how many. */
size_t kifu_reader_peek(kifu_reader *r, const char **bytes, size_t size);

KIFU_END_DECLS

#endif
