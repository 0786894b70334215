/*
 * record_copy.h - a record built anew from another (kifu/sys/record.h):
 * its source, variant, notation, tags, every line of play with its moves,
 * times, bookmarks and ending, and its comments, each replaced where the
 * caller gives a new one.  kifu-annotate writes the copy with the analysis
 * in its comments; the record read stays as it was.
 */
#ifndef KIFU_ANNOTATE_RECORD_COPY_H
#define KIFU_ANNOTATE_RECORD_COPY_H

#include <kifu/kifu.h>

/* Fills dst (cleared first) from src.  comments: NULL, or one entry per
 * place: [0] the start's comment, [i + 1] global move i's; an entry that
 * is NULL keeps src's comment.  0, or a negative KIFU_E code. */
int record_copy(kifu_record *dst, const kifu_record *src, char *const *comments);

#endif
