/*
 * kifu/compact.h - the compact ASCII notation, one record per line.
 *
 * The full specification is formats/compact.md (and kifu-compact(5)).  In
 * short:
 *   dai sente=Alice gote=Bob : 11o12n 4a4b 9k9j 3e3d3e resign
 * A square is a file number and a rank letter (a = rank 1); a move is
 * from [mid] to [+], or a drop P*5e; a move may carry a {comment} and an
 * @time.  Lines starting with # and blank lines are not records.
 *
 * Streams read compact records with every other notation (kifu/stream.h);
 * this header has what is particular to the notation.
 */
#ifndef KIFU_COMPACT_H
#define KIFU_COMPACT_H

#include <stdio.h>
#include "api.h"
#include "error.h"
#include "position.h"
#include "record.h"

KIFU_BEGIN_DECLS

/* Reads one record line into rec (which it clears).  A malformed record is
 * still returned: kifu_record_error tells what is wrong and where, and the
 * moves before the problem are kept.  *variant is set to the variant the
 * record names, looked up in variants (NULL: the shipped ones); NULL if it
 * names none known.  Returns 0, or KIFU_ENOMEM. */
int kifu_compact_parse(kifu_record *rec, const char *line, size_t len, const char *file,
		       long lineno, const kifu_variant_set *variants, const kifu_variant **variant);

/* Parses one move ("7g7f", "8h7g6f", "7g7f+", "P*5e").  Returns 0, or
 * KIFU_ESYNTAX with *msg and *errpos (0-based offset in text) set. */
int kifu_compact_parse_move(const kifu_variant *v, const char *text, size_t len,
			    kifu_move *out, const char **msg, size_t *errpos);

/* Writes a move in the notation into buf (NUL-terminated); returns its
 * length, or KIFU_ELIMIT if it does not fit (24 bytes always do: a run,
 * KIFU_MOVE_RUN, or a three-leg move, KIFU_MOVE_THREE_LEGS, names four
 * squares). */
int kifu_compact_format_move(const kifu_variant *v, const kifu_move *m, char *buf, size_t size);

/* Names a square ("7g"); fits kifu_square_namer. */
void kifu_compact_square_name(const kifu_variant *v, int sq, char *buf, size_t size);

/* Writes the record as one line, LF-terminated, in canonical form: tags in
 * the order of kifu/vocabulary.h, minimal escapes, moves as parsed, their
 * comments and times, the ending.  Nothing is written of a record the
 * reader could not read back: KIFU_ELIMIT for a line longer than
 * KIFU_MAX_LINE or variations nested more than 64 deep (diag says which);
 * KIFU_EUNSUPPORTED for a variant whose name a compact record cannot begin
 * with (a user's variant file may name one 歩).
 * Returns 0, KIFU_ELIMIT, KIFU_EUNSUPPORTED, KIFU_ENOMEM or KIFU_EIO. */
int kifu_compact_write(FILE *out, const kifu_record *rec, const kifu_variant *v, kifu_diag *diag);

KIFU_END_DECLS

#endif
