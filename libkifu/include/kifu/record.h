/*
 * kifu/record.h - a game record, whatever notation it was read from.
 *
 * A record holds the variant's name, tags (key=value, UTF-8), the start
 * position (the variant's own unless a tag says otherwise: `sfen`, or a
 * `handicap` naming one of the variant's start positions), the moves as
 * parsed with their place in the source, per-move comments, times and
 * bookmarks, the ending, and its lines of play: the main line and the
 * variations.  One record object is reused for record after record
 * (kifu_record_clear keeps its memory), so that streaming any number of
 * records takes flat memory.
 *
 * This header is what a program that reads records needs.  The functions
 * that build a record (a notation's reader) are in kifu/sys/record.h.
 */
#ifndef KIFU_RECORD_H
#define KIFU_RECORD_H

#include <stddef.h>
#include "api.h"
#include "error.h"
#include "position.h"

KIFU_BEGIN_DECLS

/* Most moves one line of play may hold, and longest text value
 * (docs/limits.md). */
#define KIFU_MAX_PLIES 100000
#define KIFU_MAX_TAG_VALUE 65536

typedef struct kifu_record kifu_record;

/* A move of a record.  Its pointers live until the record is changed or
 * cleared. */
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

/* Whether two moves are the same move as parsed, whatever notation each
 * was written in (７六歩(77) in KIF and 7g7f in the compact notation are
 * one move): a drop of one piece type on one square, or a move from one
 * square, by the same first-leg square (KIFU_NO_SQUARE for none), to one
 * square, promoting or not, a run (KIFU_MOVE_RUN) or not, a three-leg
 * move (KIFU_MOVE_THREE_LEGS) through the same mid2 or not.  1 or 0.  What the notations add (the text,
 * a named piece, comments, times) is not compared. */
int kifu_move_same(const kifu_move *a, const kifu_move *b);

/* A line of play.  Line 0 is the main line; a variation is an alternative
 * to the move at ply `start` of line `parent` and goes on from there.  A
 * line's moves are moves first .. first+count-1 of the record (global
 * indexes, kifu_record_get_move_at). */
typedef struct kifu_record_line_info {
	int parent;           /* -1 for the main line */
	int first_child;      /* its first variation (in the order they were begun), -1 if none */
	int next_sibling;     /* the next variation of its parent, -1 if none */
	long start;           /* the ply of its first move (1 for the main line) */
	long first, count;
	const char *ending;   /* the ending word (kifu/vocabulary.h), "" if none */
	const char *ending_text; /* the ending as written (投了, resign); the word if not known */
	long ending_line, ending_col;
	const char *ending_comment;
	double ending_time, ending_total; /* -1 if not known */
} kifu_record_line_info;

/* A new, empty record.  Free with kifu_record_free (NULL-safe). */
int kifu_record_new(kifu_record **out);
void kifu_record_free(kifu_record *rec);
/* Empties the record, keeping its memory for the next one. */
void kifu_record_clear(kifu_record *rec);
/* Makes dst a copy of src: the same source, variant, notation, tags,
 * lines of play with their moves, comments, times, bookmarks and endings,
 * reading error and notes, as independent of src as a record read anew
 * (dst keeps its memory and grows it as needed; src may be cleared or
 * freed afterwards).  0, or KIFU_ENOMEM (dst is then empty). */
int kifu_record_copy(kifu_record *dst, const kifu_record *src);

/* Where the record starts: the source's name ("-" for standard input) and
 * the line of its first line. */
const char *kifu_record_file(const kifu_record *rec);
long kifu_record_line(const kifu_record *rec);

/* The notation the record was read from ("compact", "kif"; "" if not read
 * by a stream). */
const char *kifu_record_notation(const kifu_record *rec);

/* The variant's name as the record gives it ("" if it gives none). */
const char *kifu_record_variant_name(const kifu_record *rec);

/* Tags, in the order given (a key may be given twice). */
int kifu_record_tag_count(const kifu_record *rec);
const char *kifu_record_tag_key(const kifu_record *rec, int i);   /* NULL out of range */
const char *kifu_record_tag_value(const kifu_record *rec, int i); /* NULL out of range */
/* The value of the first tag with this key, or NULL. */
const char *kifu_record_tag(const kifu_record *rec, const char *key);

/* The number of moves of the main line. */
long kifu_record_move_count(const kifu_record *rec);
/* Main-line move i (0-based).  0, or KIFU_ENOTFOUND out of range. */
int kifu_record_get_move(const kifu_record *rec, long i, kifu_record_move *out);
/* The move of global index i (any line).  0, or KIFU_ENOTFOUND. */
int kifu_record_get_move_at(const kifu_record *rec, long i, kifu_record_move *out);
/* All moves of all lines. */
long kifu_record_total_moves(const kifu_record *rec);

/* Lines of play: their number (1 + the variations) and each one.
 * kifu_record_get_line returns 0, or KIFU_ENOTFOUND. */
int kifu_record_line_count(const kifu_record *rec);
int kifu_record_get_line(const kifu_record *rec, int line, kifu_record_line_info *out);
/* The move played at game ply `ply` (1-based) on the way to and along line
 * `line`: a move of the line itself, or of the lines it branches from.  Its
 * global index goes to *index when index is not NULL.  0, or KIFU_ENOTFOUND
 * when the line has no move at that ply. */
int kifu_record_line_move(const kifu_record *rec, int line, long ply, kifu_record_move *out,
			  long *index);

/* Comments and bookmarks that belong to no move. */
#define KIFU_COMMENT_BEFORE (-1L)  /* before the first move */
#define KIFU_COMMENT_ENDING (-2L)  /* on the ending */
/* The comment of global move i, or KIFU_COMMENT_BEFORE, or
 * KIFU_COMMENT_ENDING (the main line's ending); NULL if none. */
const char *kifu_record_comment(const kifu_record *rec, long i);
/* The bookmark on the start position, or NULL. */
const char *kifu_record_bookmark_before(const kifu_record *rec);
/* 0 when no move has been given a comment, a bookmark or a time since the
 * record was cleared: a writer that checks each move's then need not look
 * (nonzero: some move may have one). */
int kifu_record_moves_annotated(const kifu_record *rec);

/* The main line's ending word (resign, abort, ...), "" if none; where it
 * was written. */
const char *kifu_record_ending(const kifu_record *rec);
long kifu_record_ending_line(const kifu_record *rec);
long kifu_record_ending_col(const kifu_record *rec);

/* NULL if the record was read without error; else the message of the
 * first problem the reader met, with where it was (any pointer may be NULL).
 * *ply is the 1-based move concerned, 0 for the record as a whole; the moves
 * before it are kept. */
const char *kifu_record_error(const kifu_record *rec, long *ply, long *line, long *col,
			      const char **move_text);

/* Notes: text the reader passed over in a record it took whole, each with
 * where it is written and what was passed over ("the game ended with 投了
 * (line 5): 中断 is passed over").  A note does not make the record
 * invalid (kifu_record_error does); a program may show it.  At most
 * KIFU_MAX_NOTES are kept, the first ones. */
#define KIFU_MAX_NOTES 16
int kifu_record_note_count(const kifu_record *rec);
/* Note i (0-based), and where it is (line, col: either may be NULL);
 * NULL out of range. */
const char *kifu_record_note(const kifu_record *rec, int i, long *line, long *col);

KIFU_END_DECLS

#endif
