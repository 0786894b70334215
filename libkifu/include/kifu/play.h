/*
 * kifu/play.h - the play loop: a record's line of play through the rules.
 *
 * kifu_play sets a position to the record's start, plays the moves of one
 * line of play (the main line, or a variation after the moves it branches
 * from) and stops at the first move the rules do not allow, or the first
 * the reader could not read.  Its result is the validation of that line.
 * A program that needs the positions along the way (to count, to draw, to
 * write a move in a notation that names the piece) passes hooks: `before`
 * sees the position before each move, `after` the position after it.
 *
 * Validation knows records and rules, not notations: the squares in its
 * messages are named in the compact notation ("7g").
 */
#ifndef KIFU_PLAY_H
#define KIFU_PLAY_H

#include "api.h"
#include "position.h"
#include "record.h"

KIFU_BEGIN_DECLS

/* How the game stands after the last move, when the rules decide it. */
enum kifu_end {
	KIFU_END_NONE = 0,
	KIFU_END_ROYAL_LOST,   /* `loser` lost its last royal at ply `end_ply` */
	KIFU_END_NO_MOVES,     /* `loser`, to move, has no legal move (no winner where the
				* variant leaves that undecided: chu-jcsa) */
	KIFU_END_BARE_ROYAL,   /* `loser` is left with a bare royal (Chu) */
	KIFU_END_REPETITION,   /* the variant's repetition rule ended the game at ply
				* `end_ply`: a draw (`loser` -1), or the perpetual attacker
				* (or checker) lost */
	KIFU_END_LONE_ROYALS   /* only the two royals are left: a draw (`loser` -1) */
};

/* Who won. */
enum kifu_result { KIFU_RESULT_NONE = 0, KIFU_RESULT_SENTE, KIFU_RESULT_GOTE, KIFU_RESULT_DRAW };

/* The outcome of playing a line (kifu_play) or a whole record
 * (kifu_validate). */
typedef struct kifu_validation {
	int valid;            /* 1 if every move was read and is legal, and the ending holds */
	long plies;           /* legal moves played from the game's start (for kifu_validate:
			       * of the main line) */
	long played;          /* moves played (with through_illegal, illegal ones too) */
	int stopped_line;     /* with through_illegal, where the play stopped at a move it */
	long stopped_ply;     /* could not carry out (KIFU_EILLEGAL): its line and ply */
	/* when invalid: */
	int variation;        /* the line of play at fault: 0 the main line, else a
			       * variation (kifu_record_line_path names it) */
	long ply;             /* the 1-based ply of the first bad move; 0 for the record as a
			       * whole or for its ending */
	long line, col;       /* where (1-based); col 0 if not known */
	char move[64];        /* the move (or ending) as written ("" for the record as a whole) */
	char reason[640];     /* in plain words */
	enum kifu_illegal_code illegal; /* why the rules refuse the move (KIFU_LEGAL when the
				 * fault is a reading error, a misnamed piece or the ending) */
	/* the end of the line, when it was played whole: */
	enum kifu_end end;
	int loser;            /* a kifu_side */
	long end_ply;
	long repetition_ply;  /* the ply after which a position was seen for the fourth time, 0 if never */
	char ending[16];      /* the line's ending word (kifu/vocabulary.h), "" if none */
	int ending_checked;   /* 1 when the rules confirmed the ending: mate, repetition, a
			       * declared foul */
	enum kifu_result result; /* who won, when the rules or the ending say */
	char result_reason[24];  /* why: royal-captured, no-legal-move, bare-royal, repetition,
				  * perpetual-check, perpetual-attack, lone-royals, mate,
				  * foul, or the ending word taken as the record gives it
				  * (resign, timeout, ...) */
	long foul_ply;        /* a foul the record declares (its last move, with illegal-win), 0 if none */
	char foul_move[64];
	char foul_reason[640];
} kifu_validation;

/* One move as the hooks see it. */
typedef struct kifu_play_step {
	long ply;                     /* its ply: 1 for the game's first move */
	long index;                   /* its global index in the record */
	int line;                     /* the line of play it belongs to */
	const kifu_record_move *move; /* the move as the record has it */
	int legal;                    /* 0 for an illegal move played through (through_illegal) */
} kifu_play_step;

/* A hook: returns 0 to go on; anything else stops the play, and kifu_play
 * returns that value (a negative KIFU_E code, say KIFU_EIO from a writer).
 * pos may be asked anything (kifu_check_move, kifu_generate_legal) but must
 * not be changed. */
typedef int (*kifu_play_hook)(void *ctx, kifu_position *pos, const kifu_play_step *step);

typedef struct kifu_play_options {
	int line;              /* the line of play: 0 the main line (kifu_record_get_line) */
	long max_plies;        /* play at most this many moves of the line; -1: all */
	int through_illegal;   /* play on after an illegal move as long as it can be carried
			        * out (the mover's piece is on its square, or in hand): what
			        * a writer needs to write a record that ends with a foul */
	int judge;             /* judge the end of the line when it is played whole: the
			        * state the rules give (move generation) and the ending's
			        * claim (mate, repetition, a foul) */
	kifu_square_namer namer; /* names squares in messages; NULL: as the compact
				  * notation does (7g) */
	kifu_play_hook before; /* called before each move of the line is made; NULL: none */
	kifu_play_hook after;  /* called after it */
	/* called with the position before a line's first move, and after its
	 * last (when it was played whole), with the line's number */
	int (*line_begin)(void *ctx, kifu_position *pos, int line);
	int (*line_end)(void *ctx, kifu_position *pos, int line);
	void *ctx;             /* handed to the hooks */
} kifu_play_options;

#define KIFU_PLAY_OPTIONS_INIT {0, -1, 0, 1, NULL, NULL, NULL, NULL, NULL, NULL}

/* Plays a line of rec on pos (a position of the record's variant, in any
 * state): sets it to the record's start (kifu_record_start), plays the
 * moves before the line's branch point (for a variation), then the line's
 * own moves, calling the hooks for the line's own moves only.  opt NULL:
 * the main line, no hooks.  pos is left after the last move played.
 *
 * Returns 0 with *out filled (out->valid says whether the line is legal),
 * KIFU_ENOMEM, KIFU_EILLEGAL when through_illegal stopped at a move it
 * could not carry out (out->played tells where), KIFU_ENOTFOUND for a line
 * the record does not have, or what a hook returned. */
int kifu_play(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
	      kifu_validation *out);

typedef struct kifu_validate_options {
	int main_line_only;      /* leave the variations unchecked */
	kifu_square_namer namer; /* names squares in messages (kifu_notation_square_namer);
				  * NULL: as the compact notation does */
} kifu_validate_options;

#define KIFU_VALIDATE_OPTIONS_INIT {0, NULL}

/* Validates a whole record: its main line with kifu_play, then (unless
 * main_line_only) each variation from its branch point, in time linear in
 * the record's moves.  out describes the main line (its plies, end, ending
 * and result); when a variation is at fault, out->valid is 0 and
 * out->variation names it.  opt NULL: the defaults.  Returns 0 or
 * KIFU_ENOMEM. */
int kifu_validate(const kifu_record *rec, kifu_position *pos, const kifu_validate_options *opt,
		  kifu_validation *out);

/* Names a line of play for a message: "the variation at ply 34", "the
 * variation at ply 40 of the variation at ply 34"; "the main line" for 0.
 * Returns buf. */
char *kifu_record_line_path(const kifu_record *rec, int line, char *buf, size_t size);

/* Plays every line of play of rec, each from its branch point: the main
 * line, then each line's variations, the latest branch first (the order a
 * KIF record lists them), each move made once and taken back once, in time
 * linear in the record's moves.  The hooks see every line's own moves;
 * line_begin and line_end its ends.  opt->line and opt->max_plies do not
 * apply.  Without through_illegal, the walk stops at the first fault.  out
 * describes the main line, with the first fault of any line (its
 * `variation`).  Returns as kifu_play. */
int kifu_play_all(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
		  kifu_validation *out);

/* Sets pos to the record's start position: the `sfen` tag's (`_` stands for
 * a space), else the named start a `handicap` tag gives, else the variant's
 * own.  On a bad `sfen` tag fills diag (col: the column within the SFEN)
 * and returns KIFU_ESYNTAX. */
int kifu_record_start(const kifu_record *rec, kifu_position *pos, kifu_diag *diag);

KIFU_END_DECLS

#endif
