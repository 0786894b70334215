/*
 * reader_internal.h - what the library asks of a reader (text/reader.c)
 * beyond kifu/reader.h.
 */
#ifndef KIFU_TEXT_READER_INTERNAL_H
#define KIFU_TEXT_READER_INTERNAL_H

#include "kifu/reader.h"

/* Skips a UTF-8 byte order mark at the start of any line, not only of the
 * input: files that begin with one, joined by cat, put one at the start of
 * each record after the first.  For a UTF-8 input only (the stream knows
 * its encoding): in EUC-JP the same three bytes can begin a line's text. */
void kifu__reader_skip_boms(kifu_reader *r);

#endif
