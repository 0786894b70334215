/*
 * kif.h - the KIF-like kanji notations (kif_read.c, kif_write.c): Kakinoki
 * KIF and KI2 for 9×9 boards, and the wide form lishogi writes for larger
 * boards (docs/kif.md).
 */
#ifndef KIFU_KIF_H
#define KIFU_KIF_H

#include <stdbool.h>
#include "kifu/compact.h"
#include "kifu/reader.h"
#include "kifu/record.h"
#include "text/encoding.h"

typedef struct kif_reader kif_reader;

/* A reader of KIF records from lines (already decoded to UTF-8 by dec). */
kif_reader *kifu__kif_reader_new(kifu_reader *lines, decoder *dec, kifu_variant_resolver resolve,
			   void *ctx, const kifu_variant *fallback);
void kifu__kif_reader_free(kif_reader *kr);

/* The next record: 1, 0 at the end, or a negative code (kifu_stream_next). */
int kifu__kif_reader_next(kif_reader *kr, kifu_record *rec, const kifu_variant **variant,
		    kifu_diag *diag);

/* Does this decoded line look like a line of a KIF-family record? */
bool kifu__kif_line_is_kif(const char *line, size_t len);

#endif
