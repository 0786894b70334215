/*
 * notation.h - how a notation plugs into libkifu: one entry of the table
 * in notation.c, defined in the notation's own source file.
 *
 * Adding a notation is one new file (say csa.c) that defines a
 * `const kifu__notation kifu__notation_csa` with its name, how it
 * recognises its lines, its reader and its writer, and one row in
 * notation.c's table.  Streams (stream.c) ask every entry to recognise an
 * input, then read with the one that recognises it best; kifu_write finds
 * the writer by name.  A notation uses only the public API (the kifu/ headers,
 * kifu/sys/record.h) and the text layer below it (text/encoding.h).
 */
#ifndef KIFU_NOTATION_NOTATION_H
#define KIFU_NOTATION_NOTATION_H

#include <stdio.h>

#include "kifu/notation.h"
#include "kifu/reader.h"
#include "kifu/record.h"
#include "kifu/variant.h"
#include "text/encoding.h"
#include "text/lines.h"

/* What a reader gets from its stream. */
typedef struct kifu__read_ctx {
	kifu__lines *pump;                /* the input's lines, decoded, their problems
					   * said once (text/lines.h): what a reader reads */
	/* the raw lines and their decoder beneath the pump: the stream's own
	 * (sniffing, the encoding); no reader touches them */
	kifu_reader *lines;
	kifu__decoder *dec;
	const kifu_variant_set *variants; /* where variants are looked up */
	const kifu_variant *fallback;     /* for records that name none (-v), or NULL */
} kifu__read_ctx;

typedef struct kifu__notation {
	const char *name;       /* "kif": what --to and --from take */
	const char *summary;    /* one line for a --help */
	const char *extensions; /* ".kif .kifu": a hint only */
	const char *between;    /* written between two records */
	kifu_square_namer square_name; /* a square in messages */
	/* Telling an input's notation: how much this decoded line (UTF-8,
	 * without its line end) looks like one of this notation's: 0 not at
	 * all, 1 it could be, 2 only this notation writes such lines, 3 the
	 * line declares the notation (#KIF version=, 'CSA encoding=): as an
	 * input's first line it decides.  NULL for a notation that is never
	 * told from its content. */
	int (*sniff_line)(const char *line, size_t len, const kifu__read_ctx *ctx);
	/* Reading: a reader's state over ctx (which outlives it), the next
	 * record (as kifu_stream_next), and freeing the state.  NULL when the
	 * notation is written only. */
	int (*open)(void **state, const kifu__read_ctx *ctx);
	int (*next)(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag);
	void (*close)(void *state);
	/* Writing one record (as kifu_write).  NULL when it is read only. */
	int (*write)(FILE *out, const kifu_record *rec, const kifu_variant *v,
		     const kifu_write_options *opt, kifu_diag *diag);
} kifu__notation;

/* The table (notation.c): every notation, in order of precedence. */
extern const kifu__notation *const kifu__notations[];
extern const int kifu__notation_count;
/* The entry called name, or NULL. */
const kifu__notation *kifu__notation_named(const char *name);

/* A run (KIFU_MOVE_RUN; formats/movement.md, `~n`), squares only: the
 * square after mid along the line from `from` through mid, when from, mid
 * and to lie outward along one line (a rank, a file or a diagonal) with to
 * two squares or more past mid, on a board `files` wide; else -1.  Every
 * notation names a run by from, mid, this square and to. */
int kifu__run_second(int files, int from, int mid, int to);

/* Are from -> mid -> mid2 -> to three king steps on a board files x ranks
 * (each square on it), and not a run's squares (kifu__run_second)?  The
 * squares every notation names a three-leg move by (KIFU_MOVE_THREE_LEGS):
 * a move of four squares is a run or this. */
bool kifu__three_legs_shape(int files, int ranks, int from, int mid, int mid2, int to);

/* Of the n variants (n >= 1) that a record fits, the one that the others
 * all inherit (through their parents, found in set by name), itself when
 * n is 1: chu, of chu and chu-jcsa; NULL when none is. */
const kifu_variant *kifu__variant_refined_by_all(const kifu_variant_set *set, const kifu_variant *const *fits,
						 int n);

/* The entries, each defined in its notation's file. */
extern const kifu__notation kifu__notation_compact;
extern const kifu__notation kifu__notation_kif;
extern const kifu__notation kifu__notation_ki2;
extern const kifu__notation kifu__notation_csa;
extern const kifu__notation kifu__notation_jkf;
extern const kifu__notation kifu__notation_usi;
extern const kifu__notation kifu__notation_pgn;

#endif
