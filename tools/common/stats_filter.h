/*
 * stats_filter.h - kifu-stats' record filters: --where TAG~REGEX (on tags)
 * and --where-move REGEX (on the moves as written), PCRE2 regular
 * expressions over UTF-8 text.
 */
#ifndef KIFU_STATS_FILTER_H
#define KIFU_STATS_FILTER_H

#include <kifu/kifu.h>

typedef struct stats_filter stats_filter;

/* An empty filter (every record matches).  NULL when out of memory. */
stats_filter *stats_filter_new(void);
void stats_filter_free(stats_filter *f);

/* Adds "TAG~REGEX" (tag_spec) or a move REGEX (tag_spec NULL).  Returns 0,
 * or a negative code with diag->message and diag->col (the 1-based column
 * in the option's argument) filled. */
int stats_filter_add_where(stats_filter *f, const char *spec, kifu_diag *diag);
int stats_filter_add_move(stats_filter *f, const char *regex, kifu_diag *diag);

/* Does the record pass: every --where matched by some tag of its key, and
 * every --where-move matched by some main-line move? */
int stats_filter_match(const stats_filter *f, const kifu_record *rec);

#endif
