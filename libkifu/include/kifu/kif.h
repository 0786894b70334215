/*
 * kifu/kif.h - writing the KIF-like kanji notation (docs/kif.md).  Reading
 * is kifu/stream.h's: it tells KIF, KI2 and the wide form from the input.
 */
#ifndef KIFU_KIF_H_PUBLIC
#define KIFU_KIF_H_PUBLIC

#include <stdio.h>
#include "position.h"
#include "record.h"

#ifdef __cplusplus
extern "C" {
#endif

enum kifu_kif_encoding { KIFU_KIF_UTF8 = 0, KIFU_KIF_SJIS = 1 };

/* Writes the record as KIF: Kakinoki KIF for 9×9 boards, lishogi's wide
 * form for larger ones, with every header, comment, time, bookmark, ending
 * and variation.  The moves are played on the way (a KIF move names its
 * piece): an illegal move stops the writing with KIFU_EILLEGAL and diag
 * saying where. Nothing is written to out unless everything succeeded. */
int kifu_kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		   enum kifu_kif_encoding encoding, kifu_diag *diag);

/* Writes a BOD board diagram of pos (hands, board, side to move): 9×9 as
 * the common programs write it, larger boards with two-digit file numbers.
 * handicap: name the sides 上手/下手. */
void kifu_bod_write(FILE *out, const kifu_position *pos, int handicap);

#ifdef __cplusplus
}
#endif
#endif
