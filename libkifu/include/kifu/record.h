/*
 * kifu/record.h - a game record, whatever notation it was read from.
 *
 * A record holds the variant's name, tags (key=value, UTF-8), the start
 * position (the variant's own unless a tag or header says otherwise), the
 * moves as parsed with their place in the source, per-move comments and
 * times, and the ending.  One record object is reused for record after
 * record (kifu_record_clear keeps its memory), so streaming any number of
 * records takes flat memory.
 */
#ifndef KIFU_RECORD_H
#define KIFU_RECORD_H

#include <stddef.h>
#include "error.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most moves one record may hold, and longest text value (documented limits). */
#define KIFU_MAX_PLIES 100000
#define KIFU_MAX_TAG_VALUE 65536

typedef struct kifu_record kifu_record;

/* A move of a record as the caller sees it.  Pointers live until the record
 * is changed or cleared. */
typedef struct kifu_record_move {
	kifu_move move;
	const char *text;     /* the move as written in the source */
	long line, col;       /* where it was written (1-based) */
	const char *comment;  /* NULL if none; may hold newlines */
	double time;          /* seconds spent on the move, or -1 if not known */
	double total;         /* the mover's total time after it, or -1 if not known */
} kifu_record_move;

int kifu_record_new(kifu_record **out);
void kifu_record_free(kifu_record *rec);
/* Empties the record, keeping its memory for the next one. */
void kifu_record_clear(kifu_record *rec);

/* Where the record starts. */
int kifu_record_set_source(kifu_record *rec, const char *file, long line);
const char *kifu_record_file(const kifu_record *rec);
long kifu_record_line(const kifu_record *rec);

int kifu_record_set_variant(kifu_record *rec, const char *name, size_t len);
/* The variant's name as the record gives it ("" if it gives none). */
const char *kifu_record_variant_name(const kifu_record *rec);

/* Tags, in the order given.  Adding a key twice keeps both. */
int kifu_record_add_tag(kifu_record *rec, const char *key, size_t klen,
			const char *value, size_t vlen);
int kifu_record_tag_count(const kifu_record *rec);
const char *kifu_record_tag_key(const kifu_record *rec, int i);
const char *kifu_record_tag_value(const kifu_record *rec, int i);
/* The value of the first tag with this key, or NULL. */
const char *kifu_record_tag(const kifu_record *rec, const char *key);

/* Moves. */
int kifu_record_add_move(kifu_record *rec, const kifu_move *move, const char *text,
			 size_t len, long line, long col);
long kifu_record_move_count(const kifu_record *rec);
/* Fills *out with move i (0-based). Returns -1 if i is out of range. */
int kifu_record_get_move(const kifu_record *rec, long i, kifu_record_move *out);
/* Comments that belong to no move. */
#define KIFU_COMMENT_BEFORE (-1L)  /* before the first move */
#define KIFU_COMMENT_ENDING (-2L)  /* on the ending */

/* Sets the comment of move i (0-based), or KIFU_COMMENT_BEFORE/_ENDING. */
int kifu_record_set_comment(kifu_record *rec, long i, const char *text, size_t len);
const char *kifu_record_comment(const kifu_record *rec, long i);
int kifu_record_set_time(kifu_record *rec, long i, double time, double total);

/* The ending word (resign, abort, ...; formats/compact.md), "" if none. */
int kifu_record_set_ending(kifu_record *rec, const char *word, size_t len, long line, long col);
const char *kifu_record_ending(const kifu_record *rec);
long kifu_record_ending_line(const kifu_record *rec);
long kifu_record_ending_col(const kifu_record *rec);

/* A reading error inside the record (a malformed move, say): the moves
 * before it are kept, and validation reports it at ply (1-based; 0 for an
 * error about the record as a whole). */
int kifu_record_set_error(kifu_record *rec, long ply, long line, long col,
			  const char *move_text, size_t move_len, const char *message);
/* NULL if the record was read without error; else the message. */
const char *kifu_record_error(const kifu_record *rec, long *ply, long *line, long *col,
			      const char **move_text);

#ifdef __cplusplus
}
#endif
#endif
