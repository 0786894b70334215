/*
 * kif_write.h - what the KIF writer (kif_write.c) shares with the KI2
 * writer (kif_ki2_write.c): the record's first line, headers and board
 * diagram, comment lines, names and widths, and the output encoding.
 */
#ifndef KIFU_NOTATION_KIF_WRITE_H
#define KIFU_NOTATION_KIF_WRITE_H

#include <stdbool.h>
#include <stdio.h>

#include "kifu/notation.h"
#include "kifu/play.h"
#include "kifu/position.h"
#include "kifu/record.h"

/* Display width of UTF-8 text: 2 for a non-ASCII character. */
int kifu__kif_width(const char *s);
/* The short name KIF and KI2 write in moves (歩, と, 成銀): the KIF name,
 * else the full name. */
const char *kifu__kif_short_name(const kifu_variant *v, int t);
/* Is rec a handicap game (its sides are 下手 and 上手)? */
bool kifu__kif_is_handicap(const kifu_record *rec, const kifu_variant *v);
/* A comment, each of its lines after a `*`. */
void kifu__kif_put_comment_lines(FILE *f, const char *comment);
/* A move's (or the start's) comment lines, then its bookmark `&name`
 * (either may be NULL). */
void kifu__kif_put_annotations(FILE *f, const char *comment, const char *bookmark);

/* Plays every line of play of rec on pos (kifu__write_lines: through
 * illegal moves, judged for a validation), the variations after their
 * line, the latest ply first, with the writer's hooks and ctx (from hooks;
 * the rest is set here); fills validation when not NULL.  0, or an error
 * in diag: a move with no piece to move cannot be written in form ("KIF"),
 * a bad sfen tag, what a hook returned. */
int kifu__kif_play_lines(const kifu_record *rec, kifu_position *pos, const kifu_play_options *hooks,
			 kifu_validation *validation, const char *form, kifu_diag *diag);
/* The square of the move before line's first (同), -1 if none. */
int kifu__kif_square_before(const kifu_record *rec, int line);

/* The moves of a record of a form (KIF, KI2), after its headers and
 * diagram; pos is scratch, of the record's variant.  0 or an error. */
typedef int (*kifu__kif_body)(FILE *f, const kifu_record *rec, const kifu_variant *v,
			      kifu_position *pos, void *ctx, kifu_diag *diag);

/* Writes rec in form ("KIF", "KI2"): "#KIF version=2.0 encoding=UTF-8",
 * the headers in Kifu for Windows' order, the board diagram of a start the
 * sfen tag gives, then what body writes (with ctx), in the encoding asked.
 * opt gives the encoding and the position to play on (opt->position).
 * Nothing goes to out unless all of it could be written.  A record that was
 * not read whole, whose header or bookmark holds a line break, or whose
 * headers, comments, bookmarks or start the form cannot carry so that they
 * read back the same (docs/kif.md, "Writing KIF") is refused
 * (KIFU_EUNSUPPORTED). */
int kifu__kif_write_as(FILE *out, const kifu_record *rec, const kifu_variant *v,
		       const kifu_write_options *opt, const char *form, kifu__kif_body body, void *ctx,
		       kifu_diag *diag);

#endif
