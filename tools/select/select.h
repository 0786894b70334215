/*
 * select.h - which records kifu-select writes (man/kifu-select.1): groups of
 * criteria, a record matching when every criterion of some group holds.
 * Within a group, --where, --move, --player, --position and --opening each
 * must hold;
 * --is-variant and --ending name what a record has one of, so several of
 * them mean any of the names; --or starts another group.
 *
 * select.c holds the groups and the cheap criteria (tags and moves through
 * record_filter.c, the variant, the length, the ending, the validity, the
 * opening); select_position.c plays a record's main line to see whether it
 * reaches a position; select_dedupe.c tells duplicates.
 */
#ifndef KIFU_SELECT_H
#define KIFU_SELECT_H

#include <stdint.h>

#include <kifu/kifu.h>

typedef struct select_rules select_rules;

/* One group, empty (every record matches).  NULL when out of memory. */
select_rules *select_rules_new(void);
void select_rules_free(select_rules *r);

/* --or: the criteria added from now on form another group.  0, KIFU_ENOMEM,
 * or KIFU_EINVAL (diag says why) when the group before it is empty. */
int select_or(select_rules *r, kifu_diag *diag);

/* The criteria.  Each returns 0, or a negative code with diag->message
 * (and diag->col, the 1-based column in the option's argument, when it is
 * known) filled. */
int select_add_where(select_rules *r, const char *spec, kifu_diag *diag);    /* TAG~REGEX */
int select_add_move(select_rules *r, const char *spec, kifu_diag *diag);     /* [PLY[..PLY]:]REGEX */
int select_add_player(select_rules *r, const char *name, kifu_diag *diag);   /* sente or gote */
int select_add_variant(select_rules *r, const char *name, kifu_diag *diag);
int select_add_plies(select_rules *r, const char *range, kifu_diag *diag);   /* N, A..B, A.., ..B */
int select_add_ending(select_rules *r, const char *word, kifu_diag *diag);   /* or "none" */
int select_add_valid(select_rules *r, int valid, kifu_diag *diag);           /* 1 --valid, 0 --invalid */
int select_add_position(select_rules *r, const char *sfen, kifu_diag *diag);
int select_add_opening(select_rules *r, const char *moves, kifu_diag *diag); /* "7g7f 3c3d" */

/* How --position compares (for every --position). */
enum select_position_flags {
	SELECT_BOARD_ONLY = 1,  /* the board alone: not the side to move, not the hands */
	SELECT_MIRROR = 2       /* the left-right mirror matches too */
};

/* After the last criterion: checks that each --position and --opening can
 * be read by some variant of vars (NULL: the shipped ones) and sets the
 * --position flags.  0, or a negative code with diag filled and *option
 * naming the criterion at fault ("--position"), *arg its argument. */
int select_finish(select_rules *r, const kifu_variant_set *vars, const kifu_variant *fallback,
		  unsigned flags, const char **option, const char **arg, kifu_diag *diag);

/* Does the record (of variant v, NULL if unknown) match?  1 or 0, or a
 * negative code with diag filled: a regular expression that could not be
 * run to its end (PCRE2's match limit), or out of memory. */
int select_match(select_rules *r, const kifu_record *rec, const kifu_variant *v, kifu_diag *diag);

/* --- select_position.c: does a main line reach a position? ------------------- */

/* The positions one group looks for, read once per variant. */
typedef struct select_positions select_positions;

select_positions *select_positions_new(void);
void select_positions_free(select_positions *p);
/* Adds an SFEN (board, side, hands; the move number and Chu's
 * counter-strike square are not compared).  0 or KIFU_ENOMEM. */
int select_positions_add(select_positions *p, const char *sfen);
int select_positions_count(const select_positions *p);
const char *select_positions_sfen(const select_positions *p, int i);
/* Can variant v read position i?  0, or KIFU_ESYNTAX with diag (col: in
 * the SFEN). */
int select_positions_check(select_positions *p, int i, const kifu_variant *v, kifu_diag *diag);
/* Does the record's main line reach every position, at any ply from its
 * start to its last legal move?  1 or 0, or KIFU_ENOMEM. */
int select_positions_match(select_positions *p, const kifu_record *rec, const kifu_variant *v,
			   unsigned flags);

/* --- select_dedupe.c: duplicates ---------------------------------------------- */

/* What makes two records the same (man/kifu-select.1, DUPLICATES). */
enum select_dedupe_key {
	SELECT_DEDUPE_MOVES,  /* the variant and the main line's moves, as parsed */
	SELECT_DEDUPE_LINE,   /* ... and the start position (the default) */
	SELECT_DEDUPE_ALL     /* the whole record as the compact notation writes it */
};

/* The records seen so far, as 128-bit hashes and where each was first
 * seen.  Bounded: SELECT_DEDUPE_MAX distinct records. */
typedef struct select_dedupe select_dedupe;
#define SELECT_DEDUPE_MAX 50000000L

select_dedupe *select_dedupe_new(enum select_dedupe_key key);
void select_dedupe_free(select_dedupe *d);
/* Has a record with the same key been seen?  0: no (it is remembered now);
 * 1: yes, *file and *line say where the first one was (the file name lives
 * as long as d); or KIFU_ENOMEM, or KIFU_ELIMIT past SELECT_DEDUPE_MAX
 * records (diag says so). */
int select_dedupe_seen(select_dedupe *d, const kifu_record *rec, const kifu_variant *v,
		       const char **file, long *line, kifu_diag *diag);

#endif
