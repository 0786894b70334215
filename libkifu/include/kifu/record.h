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
	int named_type;       /* the piece type the notation names (KIF), or -1 */
	const char *text;     /* the move as written in the source */
	long line, col;       /* where it was written (1-based) */
	const char *comment;  /* NULL if none; may hold newlines */
	double time;          /* seconds spent on the move, or -1 if not known */
	double total;         /* the mover's total time after it, or -1 if not known */
	const char *bookmark; /* a KIF bookmark (&name), or NULL */
} kifu_record_move;

/* A line of play.  Line 0 is the main line; a variation is an alternative to
 * the move at ply `start` of line `parent` and goes on from there.  A line's
 * moves are moves first .. first+count-1 of the record (global indexes). */
typedef struct kifu_record_line_info {
	int parent;           /* -1 for the main line */
	long start;           /* the ply of its first move (1 for the main line) */
	long first, count;
	const char *ending;   /* "" if none */
	long ending_line, ending_col;
	const char *ending_comment;
	double ending_time, ending_total; /* -1 if not known */
} kifu_record_line_info;

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

/* Moves are added to the current line (the main line until
 * kifu_record_begin_line).  Returns the move's global index, or a negative
 * code (KIFU_ELIMIT past KIFU_MAX_PLIES). */
long kifu_record_add_move(kifu_record *rec, const kifu_move *move, const char *text,
			  size_t len, long line, long col);
/* Records the piece the notation named for global move i. */
int kifu_record_set_named_type(kifu_record *rec, long i, int type);
/* The number of moves of the main line. */
long kifu_record_move_count(const kifu_record *rec);
/* Fills *out with main-line move i (0-based). Returns -1 if out of range. */
int kifu_record_get_move(const kifu_record *rec, long i, kifu_record_move *out);
/* Fills *out with the move of global index i (any line). */
int kifu_record_get_move_at(const kifu_record *rec, long i, kifu_record_move *out);
/* All moves of all lines. */
long kifu_record_total_moves(const kifu_record *rec);

/* Starts a variation: an alternative to the move at ply `start` of line
 * `parent`.  Moves and the ending go to it from now on.  Returns the new
 * line's number, or a negative code.  The main line must be complete. */
int kifu_record_begin_line(kifu_record *rec, int parent, long start);
int kifu_record_line_count(const kifu_record *rec);
int kifu_record_get_line(const kifu_record *rec, int line, kifu_record_line_info *out);
int kifu_record_current_line(const kifu_record *rec);
/* Comments that belong to no move. */
#define KIFU_COMMENT_BEFORE (-1L)  /* before the first move */
#define KIFU_COMMENT_ENDING (-2L)  /* on the ending */

/* Sets the comment of global move i, or KIFU_COMMENT_BEFORE, or
 * KIFU_COMMENT_ENDING (the current line's ending). */
int kifu_record_set_comment(kifu_record *rec, long i, const char *text, size_t len);
/* The comment of global move i, KIFU_COMMENT_BEFORE, or KIFU_COMMENT_ENDING
 * (the main line's ending). */
const char *kifu_record_comment(const kifu_record *rec, long i);
/* Times of global move i; i = KIFU_COMMENT_ENDING: the current line's ending. */
int kifu_record_set_time(kifu_record *rec, long i, double time, double total);
/* A bookmark on global move i, or on the start (KIFU_COMMENT_BEFORE). */
int kifu_record_set_bookmark(kifu_record *rec, long i, const char *text, size_t len);
/* The bookmark on the start position, or NULL. */
const char *kifu_record_bookmark_before(const kifu_record *rec);

/* The ending word (resign, abort, ...; formats/compact.md) of the current
 * line; kifu_record_ending: the main line's, "" if none. */
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
