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

/* What keeps a record from being valid: the kind of its first fault (or,
 * in a valid record that ends with a foul, of the foul). */
enum kifu_fault_code {
	KIFU_FAULT_NONE = 0,
	KIFU_FAULT_VARIANT,   /* the record's variant is not known (kifu_stream_next gave
			       * none): `reason` is the reader's word on it */
	KIFU_FAULT_UNREAD,    /* the reader could not read the record (ply 0) or this move
			       * (kifu_record_error) */
	KIFU_FAULT_START,     /* its start cannot be set up: a bad sfen tag, a handicap
			       * the variant does not have */
	KIFU_FAULT_ILLEGAL,   /* the rules do not allow the move: `illegal` says why */
	KIFU_FAULT_MISNAMED,  /* the move names another piece than the one on its square (KIF) */
	KIFU_FAULT_ENDING,    /* the position contradicts the ending the record claims
			       * (a false mate, a false declare-win, a result the rules
			       * decided otherwise) */
	KIFU_FAULT_DECLARED   /* a foul only: one the record's ending declares (反則勝ち,
			       * 反則負け, %+ILLEGAL_ACTION) and whose move it does not
			       * hold, as servers record a move they refused: not checked */
};

/* A fault: where it is, the move as written, what kind, and why. */
typedef struct kifu_fault {
	enum kifu_fault_code code;
	enum kifu_illegal_code illegal; /* KIFU_FAULT_ILLEGAL: why the rules refuse the move */
	int variation;        /* the line of play: 0 the main line, else a variation
			       * (kifu_record_variation_path names it) */
	long ply;             /* the 1-based ply of the move; for the ending, the ply after
			       * the last move; 0 for the record as a whole */
	int side;             /* the side to move at the fault (for a foul, the side that
			       * made it); -1 for the record as a whole */
	long line, col;       /* where it is written (1-based); col 0 if not known */
	char move[64];        /* the move (or ending) as written, cut between characters
			       * when longer; "" for the record as a whole */
	char reason[640];     /* in plain words, naming squares as the namer does; "" for
			       * a declared foul */
} kifu_fault;

/* Who won. */
enum kifu_result { KIFU_RESULT_NONE = 0, KIFU_RESULT_SENTE, KIFU_RESULT_GOTE, KIFU_RESULT_DRAW };

/* Why the game ended as it did: each has one word (kifu_reason_name). */
enum kifu_reason {
	KIFU_REASON_NONE = 0,
	KIFU_REASON_ROYAL_CAPTURED,   /* royal-captured: `loser` lost its last royal */
	KIFU_REASON_MATE,             /* mate: the side to move is in check with no legal
				       * move, or (a mate the record claims) has lost whatever
				       * it plays (docs/rules.md, "How a record ends") */
	KIFU_REASON_NO_LEGAL_MOVE,    /* no-legal-move: the side to move has no legal move
				       * and is not in check */
	KIFU_REASON_BARE_ROYAL,       /* bare-royal: `loser` is left with a bare royal (Chu) */
	KIFU_REASON_REPETITION,       /* repetition: a draw */
	KIFU_REASON_PERPETUAL_CHECK,  /* perpetual-check: the side that checked on every move
				       * of the cycle lost */
	KIFU_REASON_PERPETUAL_ATTACK, /* perpetual-attack: likewise, attacked (Chu) */
	KIFU_REASON_LONE_ROYALS,      /* lone-royals: only the two royals are left, a draw */
	KIFU_REASON_DECLARATION,      /* declaration: the side to move declared a win (入玉) */
	KIFU_REASON_FOUL,             /* foul: `loser` made an illegal move or act */
	/* the endings taken as the record gives them: */
	KIFU_REASON_RESIGN,           /* resign */
	KIFU_REASON_TIMEOUT,          /* timeout */
	KIFU_REASON_IMPASSE,          /* impasse (持将棋) */
	KIFU_REASON_DRAW              /* draw (by agreement) */
};

/* The word of a reason: "mate", "royal-captured", ...; "" for
 * KIFU_REASON_NONE, NULL out of range. */
const char *kifu_reason_name(enum kifu_reason reason);

/* How a line's end is known. */
enum kifu_end {
	KIFU_END_NONE = 0,   /* it has no result: the game goes on, or its ending names no
			      * winner (abort, sealed, nomate) */
	KIFU_END_RULES,      /* the rules ended the game (a royal lost, no legal move, a bare
			      * royal, the variant's repetition rule, lone royals), whatever
			      * the record's ending says */
	KIFU_END_CHECKED,    /* the ending the record claims, confirmed by the rules: mate,
			      * repetition, declare-win, a foul its last move shows */
	KIFU_END_CLAIMED     /* the ending the record claims, taken as it gives it: resign,
			      * timeout, impasse, draw, a declared foul */
};

/* How a line of play ended. */
typedef struct kifu_game_outcome {
	enum kifu_end end;
	enum kifu_result winner;  /* who won; KIFU_RESULT_NONE when no one did (an end the
				   * variant leaves undecided: chu-jcsa's no legal move) */
	enum kifu_reason reason;
	int loser;                /* the side the end befell (lost its royal, has no move,
				   * resigned, fouled), -1 for a draw or no end */
	long ply;                 /* the ply after which the game ended (the rules' end may
				   * come before the last move: a royal lost at ply 5 in a
				   * record that goes on is a fault at ply 6); 0 with no end */
} kifu_game_outcome;

/* The verdict on a line of play (kifu_play) or a whole record
 * (kifu_validate): valid or not with its first fault, how the game ended,
 * and counts. */
typedef struct kifu_validation {
	int valid;            /* 1 if every move was read and is legal, and the ending holds */
	kifu_fault fault;     /* when invalid, the first fault; when valid and the outcome's
			       * reason is KIFU_REASON_FOUL, the foul the line ends with: code
			       * KIFU_FAULT_ILLEGAL for its last move (checked), or
			       * KIFU_FAULT_DECLARED (not in its moves: declared, not checked);
			       * else code KIFU_FAULT_NONE */
	kifu_game_outcome outcome; /* the end of the line (the main line, for kifu_validate),
				    * when it was played whole and is valid */
	long plies;           /* legal moves played from the game's start (for kifu_validate:
			       * of the main line) */
	long played;          /* moves played (with through_illegal, illegal ones too) */
	long repetition_ply;  /* the ply after which a position was seen for the fourth
			       * time, 0 if never */
	int stopped_variation; /* with through_illegal, where the play stopped at a move it */
	long stopped_ply;      /* could not carry out (KIFU_EILLEGAL) */
} kifu_validation;

/* One move as the hooks see it. */
typedef struct kifu_play_step {
	long ply;                     /* its ply: 1 for the game's first move */
	long index;                   /* its global index in the record */
	int variation;                /* the line of play it belongs to (0: the main line) */
	const kifu_record_move *move; /* the move as the record has it */
	int legal;                    /* 0 for an illegal move played through (through_illegal) */
} kifu_play_step;

/* A hook: returns 0 to go on; anything else stops the play, and kifu_play
 * returns that value (a negative KIFU_E code, say KIFU_EIO from a writer).
 * pos may be asked anything (kifu_check_move, kifu_generate_legal) but must
 * not be changed. */
typedef int (*kifu_play_hook)(void *ctx, kifu_position *pos, const kifu_play_step *step);

/* The options of kifu_play and kifu_play_all.  Start from
 * KIFU_PLAY_OPTIONS_INIT and set the fields wanted: a field added later
 * keeps its default in a program that does not name it.  (No version field,
 * as libgit2's options have: before 1.0 a program is built against the
 * headers of the library it runs with, whose layouts may change from one
 * minor release to the next; the field would be a number every caller
 * carries and no release checks.  It comes with the 1.0 ABI.) */
typedef struct kifu_play_options {
	int variation;         /* the line of play: 0 the main line, else a variation
			        * (kifu_record_get_line's numbering) */
	long max_plies;        /* play at most this many moves of it; -1: all */
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
	int (*variation_begin)(void *ctx, kifu_position *pos, int variation);
	int (*variation_end)(void *ctx, kifu_position *pos, int variation);
	void *ctx;             /* handed to the hooks */
} kifu_play_options;

#define KIFU_PLAY_OPTIONS_INIT {.max_plies = -1, .judge = 1}

/* Plays a line of rec on pos (a position of the record's variant, in any
 * state): sets it to the record's start (kifu_record_start), plays the
 * moves before the line's branch point (for a variation), then the line's
 * own moves, calling the hooks for the line's own moves only.  opt NULL:
 * the main line, no hooks.  pos is left after the last move played.  pos
 * NULL: the record's variant is not known (kifu_stream_next gave none);
 * *out is then that fault (KIFU_FAULT_VARIANT, with the reader's words).
 *
 * Returns 0 with *out filled (out->valid says whether the line is legal),
 * KIFU_ENOMEM, KIFU_EILLEGAL when through_illegal stopped at a move it
 * could not carry out (out->played tells where), KIFU_ENOTFOUND for a line
 * the record does not have, or what a hook returned. */
int kifu_play(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
	      kifu_validation *out);

/* The options of kifu_validate (set from KIFU_VALIDATE_OPTIONS_INIT, as
 * kifu_play_options). */
typedef struct kifu_validate_options {
	int main_line_only;      /* leave the variations unchecked */
	kifu_square_namer namer; /* names squares in messages (kifu_notation_square_namer);
				  * NULL: as the compact notation does */
} kifu_validate_options;

#define KIFU_VALIDATE_OPTIONS_INIT {.main_line_only = 0}

/* Validates a whole record: its main line with kifu_play, then (unless
 * main_line_only) each variation from its branch point, in time linear in
 * the record's moves.  out describes the main line (its plies and
 * outcome); when a variation is at fault, out->valid is 0 and
 * out->fault.variation names it.  pos NULL: the record's variant is not
 * known (as kifu_play).  opt NULL: the defaults.  Returns 0 or
 * KIFU_ENOMEM. */
int kifu_validate(const kifu_record *rec, kifu_position *pos, const kifu_validate_options *opt,
		  kifu_validation *out);

/* Names a line of play for a message: "the variation at ply 34", "the
 * variation at ply 40 of the variation at ply 34"; "the main line" for 0.
 * Returns buf. */
char *kifu_record_variation_path(const kifu_record *rec, int variation, char *buf, size_t size);

/* Plays every line of play of rec, each from its branch point: the main
 * line, then each line's variations, the latest branch first (the order a
 * KIF record lists them), each move made once and taken back once, in time
 * linear in the record's moves.  The hooks see every line's own moves;
 * variation_begin and variation_end its ends.  opt->variation and
 * opt->max_plies do not apply.  Without through_illegal, the walk stops at
 * the first fault.  out describes the main line, with the first fault of
 * any line (its `fault.variation`).  Returns as kifu_play. */
int kifu_play_all(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
		  kifu_validation *out);

/* Sets pos to the record's start position: the `sfen` tag's (`_` stands for
 * a space), else the named start a `handicap` tag gives, else the variant's
 * own.  On a bad `sfen` tag fills diag (col: the column within the SFEN)
 * and returns KIFU_ESYNTAX. */
int kifu_record_start(const kifu_record *rec, kifu_position *pos, kifu_diag *diag);

KIFU_END_DECLS

#endif
