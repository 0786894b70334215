/*
 * kifu/stream.h - records one after another from a reader, in whatever
 * notation the input is written.
 *
 * The notation is told from the input itself (formats/compact.md,
 * docs/notations.md).  Reading goes on after a bad record: each record's
 * problems are its own.
 */
#ifndef KIFU_STREAM_H
#define KIFU_STREAM_H

#include "compact.h"
#include "reader.h"
#include "record.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kifu_stream kifu_stream;

enum kifu_notation { KIFU_NOTATION_UNKNOWN = 0, KIFU_NOTATION_COMPACT, KIFU_NOTATION_KIF };

/* A stream over reader (which stays the caller's).  resolve finds a variant
 * by the name a record gives; fallback is the variant for records that name
 * none (the tools' -v), or NULL. */
int kifu_stream_new(kifu_stream **out, kifu_reader *reader, kifu_variant_resolver resolve,
		    void *ctx, const kifu_variant *fallback);
void kifu_stream_free(kifu_stream *s);

/* Reads the next record into rec.  Returns 1 with *variant set (NULL when
 * the record's variant is unknown; kifu_record_error says so), 0 at the end,
 * or a negative code with diag filled: KIFU_ELIMIT for a line too long
 * (that record is lost; reading may go on), KIFU_EIO, KIFU_ENOMEM. */
int kifu_stream_next(kifu_stream *s, kifu_record *rec, const kifu_variant **variant,
		     kifu_diag *diag);

enum kifu_notation kifu_stream_notation(const kifu_stream *s);

#ifdef __cplusplus
}
#endif
#endif
