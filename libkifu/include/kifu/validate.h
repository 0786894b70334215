/*
 * kifu/validate.h - playing a record through the rules.
 *
 * kifu_record_validate plays every move of a record from its start position
 * and stops at the first move the rules do not allow (or the first move the
 * reader could not read).  It knows records and rules, not notations: squares
 * in its messages are named in the compact notation's ASCII form ("7g").
 */
#ifndef KIFU_VALIDATE_H
#define KIFU_VALIDATE_H

#include "position.h"
#include "record.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the game stands after the last move, when the rules decide it. */
enum kifu_end {
	KIFU_END_NONE = 0,
	KIFU_END_ROYAL_LOST,   /* `loser` lost its last royal at ply `end_ply` */
	KIFU_END_NO_MOVES      /* `loser`, to move, has no legal move */
};

typedef struct kifu_validation {
	int valid;
	long plies;           /* legal moves played */
	/* when invalid: */
	long ply;             /* the 1-based number of the first bad move; 0 for the record as a whole */
	long line, col;       /* where (1-based); col 0 if not known */
	char move[64];        /* the move as written ("" for the record as a whole) */
	char reason[640];     /* in plain words */
	/* when valid: */
	enum kifu_end end;
	int loser;            /* a kifu_side */
	long end_ply;
	long repetition_ply;  /* the ply after which a position was seen for the 4th time, 0 if never */
} kifu_validation;

/* Sets pos to the record's start position (the variant's, or the `sfen`
 * tag's: `_` stands for a space) and plays every move.  pos is left at the
 * last legal position.  Returns 0 (see out->valid), or KIFU_ENOMEM. */
int kifu_record_validate(const kifu_record *rec, kifu_position *pos, kifu_validation *out);

/* Sets pos to the record's start position; on a bad `sfen` tag fills diag
 * (col: the column within the SFEN) and returns KIFU_ESYNTAX. */
int kifu_record_start(const kifu_record *rec, kifu_position *pos, kifu_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
