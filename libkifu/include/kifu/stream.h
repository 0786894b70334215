/*
 * kifu/stream.h - records one after another from a reader, in whatever
 * notation the input is written.
 *
 * The notation and the encoding are told from the input itself: each
 * notation libkifu reads (kifu/notation.h) looks at the first lines, and
 * the one that recognises most of them reads the input.  An input that no
 * notation recognises is one error (KIFU_EFORMAT), not one per line.
 * Reading goes on after a bad record: each record's problems are its own.
 */
#ifndef KIFU_STREAM_H
#define KIFU_STREAM_H

#include "api.h"
#include "reader.h"
#include "record.h"
#include "variant.h"

KIFU_BEGIN_DECLS

typedef struct kifu_stream kifu_stream;

typedef struct kifu_stream_options {
	const kifu_variant_set *variants; /* where records' variants are looked up;
					   * NULL: the shipped variants */
	const kifu_variant *fallback;     /* the variant of records that name none
					   * (a tool's -v), or NULL */
	const char *notation;             /* read as this notation (kifu/notation.h),
					   * or NULL: tell it from the input */
} kifu_stream_options;

#define KIFU_STREAM_OPTIONS_INIT {.variants = NULL}

/* A stream over reader, which stays the caller's and must outlive the
 * stream.  opt may be NULL (all defaults); it is copied, but the variants
 * it points to must outlive the stream.  KIFU_ENOTFOUND if opt->notation
 * names no notation that can be read. */
int kifu_stream_new(kifu_stream **out, kifu_reader *reader, const kifu_stream_options *opt);
void kifu_stream_free(kifu_stream *s);

/* Reads the next record into rec (which it clears).  Returns 1 with
 * *variant set (NULL when the record's variant is unknown:
 * kifu_record_error says why), 0 at the end, or a negative code with diag
 * filled: KIFU_ELIMIT for a line too long (that record is lost; reading may
 * go on), KIFU_EFORMAT for an input in no notation libkifu reads (nothing
 * more is read), KIFU_EIO, KIFU_ENOMEM. */
int kifu_stream_next(kifu_stream *s, kifu_record *rec, const kifu_variant **variant,
		     kifu_diag *diag);

/* The name of the notation being read ("compact", "kif"), or NULL before
 * the first kifu_stream_next has told it. */
const char *kifu_stream_notation(const kifu_stream *s);

KIFU_END_DECLS

#endif
