/*
 * csa.h - what the files of the CSA notation share (docs/csa.md):
 *
 *   csa.c        the piece codes, squares, the sniffer and the table entry
 *   csa_read.c   reading: statements, the start position, moves, endings
 *   csa_write.c  writing V3.0
 *
 * The format is the CSA's (Computer Shogi Association) "CSA標準棋譜ファイル
 * 形式", record format V2.2 (http://www2.computer-shogi.org/protocol/
 * record_v22.html) and V3.0 (.../record_v3.html).  Section numbers in the
 * comments are V2.2's ("2.5 開始局面") unless they say V3.0.
 */
#ifndef KIFU_NOTATION_CSA_H
#define KIFU_NOTATION_CSA_H

#include <stdbool.h>
#include <stdio.h>

#include "notation/notation.h"

/* V2.2 2.4 駒と位置: the fourteen piece codes, the eight unpromoted ones
 * first ("歩から玉まで"), then the promoted ones ("上の成駒"). */
enum { CSA_CODES = 14, CSA_KING = 7 };

/* The codes, "FU" .. "RY", in that order. */
extern const char kifu__csa_code_names[CSA_CODES][3];

/* How a variant's pieces and CSA's codes meet: CSA has codes for standard
 * shogi's pieces only, told here by their SFEN tokens (FU is "P", TO "+P").
 * A variant fits CSA when its board is 9x9 and every piece type it has
 * has a code. */
typedef struct csa_pieces {
	int type_of[CSA_CODES];              /* the variant's type of each code, -1 if none */
	signed char code_of[KIFU_MAX_TYPES]; /* the code of each type, -1 if none */
	int without_code;                    /* the first type with no code, -1 if none */
} csa_pieces;

/* Fills *out for v; returns true when v fits CSA. */
bool kifu__csa_pieces(const kifu_variant *v, csa_pieces *out);

/* The code s[0..2) names, or -1. */
int kifu__csa_code(const char *s);

/* A square as CSA writes it: file then rank, one digit each ("77"), for
 * messages (kifu_square_namer). */
void kifu__csa_square_name(const kifu_variant *v, int sq, char *buf, size_t size);

/* Why CSA cannot write records of v ("dai has pieces CSA has no code for:
 * 猛豹 (Blind Tiger, SFEN T)"), into buf; NULL when it can (v is standard
 * shogi, named `shogi`, and fits CSA). */
const char *kifu__csa_unwritable(const kifu_variant *v, char *buf, size_t size);

/* Text that grows: the writer's record, the reader's '* lines. */
typedef struct csa_buf {
	char *p;
	size_t len, cap;
	bool failed;  /* out of memory: what followed was not kept */
} csa_buf;

/* Appends s[0..n) (doubling the room as needed). */
void kifu__csa_put(csa_buf *b, const char *s, size_t n);

/* The reader (csa_read.c) and the writer (csa_write.c). */
int kifu__csa_open(void **state, const kifu__read_ctx *ctx);
int kifu__csa_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag);
void kifu__csa_close(void *state);
int kifu__csa_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag);

#endif
