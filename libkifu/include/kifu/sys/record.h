/*
 * kifu/sys/record.h - building a record: what a notation's reader calls
 * (and a program that makes records of its own).  Programs that only read
 * records need kifu/record.h alone.
 *
 * Every function returns 0 or a negative code (KIFU_ENOMEM; KIFU_EINVAL
 * for an index out of range; KIFU_ELIMIT past a documented limit).
 */
#ifndef KIFU_SYS_RECORD_H
#define KIFU_SYS_RECORD_H

#include "../record.h"

KIFU_BEGIN_DECLS

int kifu_record_set_source(kifu_record *rec, const char *file, long line);
int kifu_record_set_variant(kifu_record *rec, const char *name, size_t len);

/* Adds a tag; adding a key twice keeps both. */
int kifu_record_add_tag(kifu_record *rec, const char *key, size_t klen, const char *value,
			size_t vlen);

/* Adds a move to the current line (the main line until
 * kifu_record_begin_line), as written text[0..len) at line:col.  Returns the
 * move's global index (>= 0), or a negative code: KIFU_ELIMIT past
 * KIFU_MAX_PLIES moves in the line. */
long kifu_record_add_move(kifu_record *rec, const kifu_move *move, const char *text,
			  size_t len, long line, long col);
/* Replaces the move of global move i, its text, place and annotations
 * kept: what a reader does that learns more of a move on a later line (the
 * wide KIF's third step of a run, KIFU_MOVE_RUN, or of a three-leg move,
 * KIFU_MOVE_THREE_LEGS). */
int kifu_record_set_move(kifu_record *rec, long i, const kifu_move *move);
/* Records the piece the notation named for global move i (a KIF move names
 * its piece: validation checks that it is the one on the square). */
int kifu_record_set_named_type(kifu_record *rec, long i, int type);

/* Starts a variation: an alternative to the move at ply `start` of line
 * `parent`.  Moves, the ending and ending annotations go to it from now on.
 * Returns the new line's number (> 0), or a negative code.  The lines it
 * branches from must be complete: a line's moves are stored together.  An
 * alternative to a variation's first move (or to the ending of a variation
 * with no move) is an alternative to what that variation replaces: the new
 * line is that variation's sibling (its parent's child, or further up where
 * the parent starts at `start` too), as KIF and compact read it. */
int kifu_record_begin_line(kifu_record *rec, int parent, long start);
/* The line moves go to now. */
int kifu_record_current_line(const kifu_record *rec);

/* Sets the comment of global move i, or KIFU_COMMENT_BEFORE, or
 * KIFU_COMMENT_ENDING (the current line's ending); text NULL takes the
 * comment away. */
int kifu_record_set_comment(kifu_record *rec, long i, const char *text, size_t len);
/* The same, after the comment that place already has and a line break
 * (several comments of one move, or comment lines read one by one). */
int kifu_record_append_comment(kifu_record *rec, long i, const char *text, size_t len);
/* Times of global move i; i = KIFU_COMMENT_ENDING: the current line's
 * ending.  -1 for what is not known. */
int kifu_record_set_time(kifu_record *rec, long i, double time, double total);
/* A bookmark on global move i, or on the start (KIFU_COMMENT_BEFORE). */
int kifu_record_set_bookmark(kifu_record *rec, long i, const char *text, size_t len);

/* The ending word (kifu/vocabulary.h) of the current line, where written;
 * then, if it was written otherwise (投了), the text as written. */
int kifu_record_set_ending(kifu_record *rec, const char *word, size_t len, long line, long col);
int kifu_record_set_ending_text(kifu_record *rec, const char *text, size_t len);

/* The notation the record was read from: a name that lives as long as the
 * program (a stream sets it from its notation table). */
void kifu_record_set_notation(kifu_record *rec, const char *notation);

/* A reading error inside the record (a malformed move, say): the moves
 * before it are kept, and validation reports it at ply (1-based; 0 for an
 * error about the record as a whole).  Only the first call counts: later
 * ones return 0 and change nothing. */
int kifu_record_set_error(kifu_record *rec, long ply, long line, long col,
			  const char *move_text, size_t move_len, const char *message);

/* A note on the record (kifu_record_note): text passed over at line:col,
 * the record being valid all the same.  Past KIFU_MAX_NOTES nothing is
 * kept (0 is returned). */
int kifu_record_add_note(kifu_record *rec, long line, long col, const char *message);

KIFU_END_DECLS

#endif
