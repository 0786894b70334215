/*
 * kifu/compact.h - the compact ASCII notation, one record per line.
 *
 * The full specification is formats/compact.md.  In short:
 *   dai sente=Alice gote=Bob : 11o12n 4a4b 9k9j 3e3d3e resign
 * A square is a file number and a rank letter (a = rank 1); a move is
 * from [mid] to [+], or a drop P*5e; a move may carry a {comment} and an
 * @time.  Lines starting with # and blank lines are not records.
 */
#ifndef KIFU_COMPACT_H
#define KIFU_COMPACT_H

#include <stdio.h>
#include "error.h"
#include "position.h"
#include "record.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Finds the variant a record names; returns NULL if there is none. */
typedef const kifu_variant *(*kifu_variant_resolver)(const char *name, void *ctx);

/* Is the line a record (not blank, not a # comment)? */
int kifu_compact_is_record(const char *line, size_t len);

/* Reads one record line into rec (which it clears).  A malformed record is
 * still returned: kifu_record_error tells what is wrong and where, and the
 * moves before the problem are kept.  *variant is set to the variant the
 * record names (NULL if unknown).  Returns 0, or KIFU_ENOMEM. */
int kifu_compact_parse(kifu_record *rec, const char *line, size_t len, const char *file,
		       long lineno, kifu_variant_resolver resolve, void *ctx,
		       const kifu_variant **variant);

/* Parses one move ("7g7f", "8h7g6f", "7g7f+", "P*5e").  Returns 0, or
 * KIFU_ESYNTAX with *msg and *errpos (0-based offset in text) set. */
int kifu_compact_parse_move(const kifu_variant *v, const char *text, size_t len,
			    kifu_move *out, const char **msg, size_t *errpos);

/* Writes a move in the notation; returns its length. */
int kifu_compact_format_move(const kifu_variant *v, const kifu_move *m, char *buf, size_t size);

/* Names a square ("7g"); fits kifu_square_namer. */
void kifu_compact_square_name(const kifu_variant *v, int sq, char *buf, size_t size);

/* Writes the record as one line, LF-terminated, in canonical form: tags in
 * the order of formats/compact.md, minimal escapes, moves as parsed, their
 * comments and times, the ending.  Returns 0 or KIFU_EIO. */
int kifu_compact_write(FILE *out, const kifu_record *rec, const kifu_variant *v);

/* The endings the notation knows (formats/compact.md), NULL-terminated. */
const char *const *kifu_compact_endings(void);

#ifdef __cplusplus
}
#endif
#endif
