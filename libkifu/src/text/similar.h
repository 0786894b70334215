/*
 * similar.h - "did you mean ...?": the candidate closest to a name that
 * matched none (similar.c).
 */
#ifndef KIFU_TEXT_SIMILAR_H
#define KIFU_TEXT_SIMILAR_H

#include <stddef.h>

/* The index of the candidate closest to name (UTF-8, compared character by
 * character: the fewest insertions, deletions, substitutions and swaps of
 * neighbours), if it is
 * close enough to be a slip (at most a third of the name's characters, and
 * at least one), else -1.  Ties go to the first. */
int kifu__closest(const char *name, const char *const *candidates, int n);

#endif
