/*
 * kifu/notation.h - the notations libkifu reads and writes, and writing a
 * record in any of them.
 *
 * Each notation has a name ("compact", "kif", ...) that the tools take for
 * --to and --from; kifu_notation_count and kifu_notation_at list them in
 * their order of precedence when telling a notation from an input.
 */
#ifndef KIFU_NOTATION_H
#define KIFU_NOTATION_H

#include <stdio.h>
#include "api.h"
#include "error.h"
#include "position.h"
#include "record.h"
#include "play.h"
#include "variant.h"

KIFU_BEGIN_DECLS

/* What a notation is. */
typedef struct kifu_notation_info {
	const char *name;        /* "kif" */
	const char *summary;     /* one line for a --help: "KIF (Kakinoki), ..." */
	const char *extensions;  /* the file extensions it is written in, space-separated:
				  * ".kif .kifu"; a hint only: the content decides */
	const char *between;     /* what goes between two records written one after the
				  * other ("" for compact's lines, a blank line for KIF) */
	int can_read, can_write;
} kifu_notation_info;

int kifu_notation_count(void);
/* Fills *out with notation i.  0, or KIFU_ENOTFOUND. */
int kifu_notation_at(int i, kifu_notation_info *out);
/* The index of the notation called name, or KIFU_ENOTFOUND. */
int kifu_notation_find(const char *name);

/* How the notation names a square in messages: ７六 or 7十一 for KIF, 7f for
 * compact.  Fits kifu_square_namer (kifu/position.h); NULL for an unknown
 * notation. */
kifu_square_namer kifu_notation_square_namer(const char *notation);

/* Text encodings a writer can produce. */
enum kifu_encoding {
	KIFU_ENCODING_UTF8 = 0,
	KIFU_ENCODING_SJIS = 1    /* Shift_JIS (CP932), as Japanese programs write .kif */
};

/* What a notation cannot carry and leaves out of a record it writes. */
enum kifu_dropped {
	KIFU_DROPPED_VARIATIONS = 1,  /* CSA, USI: the main line only */
	KIFU_DROPPED_COMMENTS = 2,    /* USI: no comments */
	KIFU_DROPPED_BOOKMARKS = 4,
	KIFU_DROPPED_TIMES = 8,       /* USI; or fractions a notation cannot write */
	KIFU_DROPPED_TAGS = 16,       /* tags the notation has no place for */
	KIFU_DROPPED_ENDING = 32,     /* an ending the notation has no word for */
	/* JKF: a move's time whose running total is not known (the record
	 * starts from a set-up position, or an earlier move of that side has
	 * no time) and not given: JKF's time holds both */
	KIFU_DROPPED_TIMES_NO_TOTAL = 64
};

typedef struct kifu_write_options {
	enum kifu_encoding encoding; /* where the notation allows a choice (KIF); UTF-8 else */
	/* Called once per record written, when the notation left something
	 * out (dropped: kifu_dropped bits; what: the same in words, "variations
	 * and comments"), so that a program can say so; NULL: nobody is told.
	 * What can be carried is written exactly. */
	void (*dropped)(void *ctx, unsigned dropped, const char *what);
	void *ctx;
	/* When not NULL, filled with the record's validation for each record
	 * written, as kifu_validate gives it (squares named in the terms of
	 * the notation it was read from): a writer that plays every line of
	 * play (KIF, KI2, JKF) judges them on the way, the others validate the
	 * record besides.  A program can then say which records it wrote are
	 * invalid without playing each twice. */
	kifu_validation *validation;
	/* When not NULL, a position the writers that validate besides may play
	 * the record on (made a position of the record's variant with
	 * kifu_position_for, which may replace it), so that a stream of
	 * records does not make one a record; the caller frees it.  NULL: a
	 * position is made for the record. */
	kifu_position **position;
} kifu_write_options;

/* Set from it, then the fields wanted (kifu_play_options says why there is
 * no version field). */
#define KIFU_WRITE_OPTIONS_INIT {.encoding = KIFU_ENCODING_UTF8}

/* The words of kifu_dropped bits, for a message: "variations and
 * comments".  Writes into buf; returns buf. */
char *kifu_dropped_words(unsigned dropped, char *buf, size_t size);

/* Writes rec, a record of variant v, in the notation called `notation`.
 * Nothing is written unless the whole record could be.  Returns 0;
 * KIFU_ENOTFOUND for an unknown notation (or one that cannot be written);
 * KIFU_EILLEGAL when a move cannot be written (a KIF move names its piece:
 * there must be one to move), with diag saying where; KIFU_EUNSUPPORTED when
 * the notation cannot express the record; KIFU_EIO on a write error. */
int kifu_write(FILE *out, const kifu_record *rec, const kifu_variant *v, const char *notation,
	       const kifu_write_options *opt, kifu_diag *diag);

KIFU_END_DECLS

#endif
