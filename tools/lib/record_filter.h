/*
 * record_filter.h - selecting records by their tags, players and moves
 * (kifu-stats' --where, --where-move and --player; kifu-select's --where,
 * --move and --player): PCRE2 regular expressions over UTF-8 text, each
 * given a bound on the work one record can make it do.
 */
#ifndef KIFU_RECORD_FILTER_H
#define KIFU_RECORD_FILTER_H

#include <kifu/kifu.h>

typedef struct record_filter record_filter;

/* The work one criterion may take on one record (docs/limits.md): steps,
 * each an item of the regular expression tried at a place of the text, or
 * a character the match moves over.  Past it the record gets an error
 * ("could not be matched within 10000000 steps"), never a quiet answer. */
#define FILTER_MAX_STEPS 10000000L

/* An empty filter (every record matches).  NULL when out of memory. */
record_filter *record_filter_new(void);
void record_filter_free(record_filter *f);

/* Adds "TAG~REGEX": some tag TAG of the record matches REGEX.  TAG is a
 * tag's key ([a-z][a-z0-9_-]*) or the KIF header kifu reads as one
 * (棋戦 for event, 先手 for sente: kifu/vocabulary.h). */
int record_filter_add_where(record_filter *f, const char *option, const char *spec, kifu_diag *diag);
/* Adds "[PLY[..PLY]:]REGEX": some main-line move, written in the compact
 * notation whatever the record's notation (7g7f, 8h2b+, P*5e), at a ply in
 * the range when one is given (1:^7g7f$, 30..40:\+$), matches REGEX.  A
 * REGEX with a character past ASCII (1:７六歩) is matched against the move
 * in the kanji notation instead, as the KIF writer names it with its mark
 * and origin and never as 同 ("▲７六歩(77)", "△同" written "△３四歩(33)";
 * "▲7八歩兵 （←7九）" on larger boards): the record is played for it, to
 * its first illegal move. */
int record_filter_add_move(record_filter *f, const char *option, const char *spec, kifu_diag *diag);
/* Adds "NAME": the record's sente or gote is NAME, exactly. */
int record_filter_add_player(record_filter *f, const char *name, kifu_diag *diag);
/* All three return 0, or a negative code with diag->message and diag->col
 * (the 1-based column in the option's argument) filled.  option names the
 * tool's option in messages ("--where", "--move", "--where-move"). */

/* Does the record (of variant v, NULL if unknown) pass: every TAG~REGEX
 * matched by some tag of its key, every move rule by some move, every
 * player by one of its sides?  Returns 1 or 0, or KIFU_ELIMIT when a
 * regular expression could not be matched within its bound (diag says
 * which, at the record's place or the move's), or KIFU_ENOMEM. */
int record_filter_match(record_filter *f, const kifu_record *rec, const kifu_variant *v,
			kifu_diag *diag);

#endif
