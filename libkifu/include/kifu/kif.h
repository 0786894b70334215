/*
 * kifu/kif.h - writing the KIF-like kanji notation (docs/kif.md).  Reading
 * is the stream's (kifu/stream.h): it tells KIF, KI2 and the wide form of
 * large boards from the input.
 */
#ifndef KIFU_KIF_H_PUBLIC
#define KIFU_KIF_H_PUBLIC

#include <stdio.h>
#include "api.h"
#include "notation.h"
#include "position.h"
#include "record.h"

KIFU_BEGIN_DECLS

/* Writes the record as KIF: Kakinoki KIF for 9×9 boards, lishogi's wide
 * form for larger ones, with every header, comment, time, bookmark, ending
 * and variation.  The moves are played on the way (a KIF move names its
 * piece): a move with no piece to name stops the writing with
 * KIFU_EILLEGAL and diag saying where; an illegal move that can be carried
 * out (二歩, say: real records end with one, marked 反則勝ち) is written as it
 * is.  What KIF cannot carry so that it reads back the same (a line break in
 * a comment, a two-step move on a 9×9 board: docs/kif.md, "Writing KIF") is
 * refused with KIFU_EUNSUPPORTED.  Nothing is written to out unless
 * everything succeeded. */
int kifu_kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		   enum kifu_encoding encoding, kifu_diag *diag);

/* Writes a BOD board diagram of pos (hands, board, side to move): 9×9 as
 * the common programs write it, larger boards with two-digit file numbers.
 * handicap: name the sides 上手/下手.  Returns 0 or KIFU_EIO. */
int kifu_bod_write(FILE *out, const kifu_position *pos, int handicap);

KIFU_END_DECLS

#endif
