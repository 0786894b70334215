/*
 * roundtrip.h - what a writer writes, its reader reads back as the same
 * record: the checks the round-trip fuzz targets (fuzz_rt_*.c, fuzz_gen_*.c)
 * make on every record a reader gives them.  Through the public API only.
 *
 * A check that fails prints what differs and the texts written to stderr,
 * then aborts: libFuzzer keeps the input, and `make test` fails on it.
 */
#ifndef KIFU_FUZZ_ROUNDTRIP_H
#define KIFU_FUZZ_ROUNDTRIP_H

#include <stddef.h>
#include <kifu/kifu.h>
#include "gen.h"

/* How closely two records must agree (rt_differ). */
enum rt_mode {
	/* compact: everything the notation carries, times to the bit, each
	 * move as written (set RT_TEXT when both records were read from
	 * compact text) */
	RT_COMPACT = 0,
	/* KIF: moves, tags (the start position, not the sfen tag's text),
	 * comments, bookmarks and endings; times in whole seconds, as KIF
	 * writes them (m:ss/hh:mm:ss): a fraction is dropped, and a move with
	 * a time but no total reads back with none or the running total the
	 * writer adds up */
	RT_KIF = 1,
	RT_TEXT = 2
};

/* NULL when a and b (records of v) agree as mode asks; else what differs,
 * in buf. */
const char *rt_differ(const kifu_record *a, const kifu_record *b, const kifu_variant *v, int mode,
		      char *buf, size_t size);

/* NULL when a and b have the same tags (sorted by key, each key's values
 * in their order), but those skip names; else what differs, in buf. */
enum { RT_SKIP_SFEN = 1, RT_SKIP_HANDICAP = 2 };
const char *rt_differ_tags(const kifu_record *a, const kifu_record *b, int skip, char *buf, size_t size);

/* The SFEN of rec's start (a record of v) into buf: 0, or
 * kifu_record_start's code (buf empty). */
int rt_start_sfen(const kifu_record *r, const kifu_variant *v, char *buf, size_t size);
/* The same move (a drop's piece too)? */
int rt_same_move(const kifu_move *a, const kifu_move *b);

/* Writes rec (a record of v read without error) in the compact notation,
 * reads the text back (names looked up in variants; NULL: the shipped
 * ones), and checks that it is one record, the same one (rt_differ,
 * RT_COMPACT, | RT_TEXT when text is set), and that writing it again gives
 * the same text.  Returns 1 when checked, 0 when the writer refused the
 * record with a documented limit (KIFU_ELIMIT) or as one the notation
 * cannot carry (KIFU_EUNSUPPORTED: a variant's name that cannot begin a
 * compact record); aborts otherwise. */
int rt_compact(const kifu_record *rec, const kifu_variant *v, const kifu_variant_set *variants,
	       int text);

/* The same through KIF (UTF-8), read back with v as the variant of a
 * record that names none (-v).  Returns 1 when checked, 0 when the writer
 * refused the record: a move with no piece to move (KIFU_EILLEGAL), a bad
 * sfen tag (KIFU_ESYNTAX), or what the notation cannot express
 * (KIFU_EUNSUPPORTED). */
int rt_kif(const kifu_record *rec, const kifu_variant *v, const kifu_variant_set *variants);

/* Calls fn on every record the stream gives of data[0..size) (up to 1000:
 * the n-th from 0), with its variant (NULL when unknown), whatever its
 * errors; a record lost to an over-long line is passed over, any other
 * error of the input ends it. */
typedef void (*rt_record_fn)(void *ctx, kifu_record *rec, const kifu_variant *v, int n);
void rt_each_record(const char *data, size_t size, const kifu_stream_options *opt, rt_record_fn fn,
		    void *ctx);

/* Every record of an input (data[0..size), any notation the stream tells)
 * read without error through the round trips asked for (compact, kif):
 * what the round-trip targets share.  notation: read as this one (NULL:
 * tell it); fallback: the variant of a record that names none (NULL:
 * none).  Returns the number of round trips made. */
int rt_input(const char *data, size_t size, const char *notation, const kifu_variant_set *variants,
	     const kifu_variant *fallback, int compact, int kif);

/* A record of v made from the bytes (gen.h), written as compact and as KIF
 * text by the generator; each text read, and every record read without
 * error through both round trips.  Returns the number made. */
int rt_generated(gen_bytes *b, const kifu_variant *v, const kifu_variant_set *variants);

#endif
