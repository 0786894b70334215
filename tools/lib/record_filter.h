/*
 * record_filter.h - selecting records by their tags and moves (kifu-stats'
 * --where and --where-move): PCRE2 regular expressions over UTF-8 text.
 */
#ifndef KIFU_RECORD_FILTER_H
#define KIFU_RECORD_FILTER_H

#include <kifu/kifu.h>

typedef struct record_filter record_filter;

/* An empty filter (every record matches).  NULL when out of memory. */
record_filter *record_filter_new(void);
void record_filter_free(record_filter *f);

/* Adds "TAG~REGEX": some tag TAG of the record matches REGEX. */
int record_filter_add_where(record_filter *f, const char *spec, kifu_diag *diag);
/* Adds "[PLY[..PLY]:]REGEX": some main-line move, written in the compact
 * notation whatever the record's notation (7g7f, 8h2b+, P*5e), at a ply in
 * the range when one is given (1:^7g7f$, 30..40:\+$), matches REGEX.
 * Both return 0, or a negative code with diag->message and diag->col (the
 * 1-based column in the option's argument) filled. */
int record_filter_add_move(record_filter *f, const char *spec, kifu_diag *diag);

/* Does the record (of variant v, NULL if unknown) pass: every TAG~REGEX
 * matched by some tag of its key, and every move rule by some move?
 * Returns 1 or 0, or -1 when a regular expression could not be run to its
 * end (PCRE2's match limit, say), with diag saying why. */
int record_filter_match(const record_filter *f, const kifu_record *rec, const kifu_variant *v,
			kifu_diag *diag);

#endif
