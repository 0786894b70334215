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
 * handicap: name the sides 上手/下手, and say the side to move whichever it
 * is (下手番 as well as 上手番).  Returns 0, KIFU_EIO, or KIFU_EUNSUPPORTED
 * (nothing written) when a piece of pos has no name that reads back as it
 * (a promoted piece whose every name is another piece's too). */
int kifu_bod_write(FILE *out, const kifu_position *pos, int handicap);

/* What kifu_kif_move_words adds to a move's words. */
#define KIFU_KIF_MARK 1u   /* ▲ before Sente's move, △ before Gote's (KI2, lishogi's client) */
#define KIFU_KIF_ORIGIN 2u /* where the piece came from: "(77)"; wide: " （←7九）" */
/* Room enough for any move's words. */
#define KIFU_KIF_WORDS_MAX 160

/* Writes move m, about to be played in pos (the position before it), in the
 * words the KIF writer gives it, into buf (NUL-terminated): on 9×9 boards
 * "７六歩(77)", "同　角成(88)", "５五角打" (Kakinoki's); on larger boards
 * "7八歩兵 （←7九）", "仝角行成 （←3二）" (lishogi's, full names).  A two-step
 * move on a larger board is one line: "3五角鷹（居食い）" (it takes on its
 * first step and stays), "7七獅子（じっと）" (it passes), else its route,
 * "7七獅子 （←6六←7七）" (to 7七 from 6六, reached from 7七).  prev_to: the
 * square of the move before it, which the move's own square is written as
 * 同 (仝) when equal; -1 never.  flags: KIFU_KIF_MARK, KIFU_KIF_ORIGIN
 * (without it, no origin and no route: "７六歩", "7八歩兵").  On a 9×9 board a
 * two-step move is written as Kakinoki's KIF writes any move.  The piece is
 * not checked against the rules: any move whose piece is on its square (or
 * a drop of a type of the variant) is written.  Returns the length, or
 * KIFU_EINVAL (no piece to move, a square off the board), or KIFU_ELIMIT
 * (size too small; KIFU_KIF_WORDS_MAX always suffices). */
int kifu_kif_move_words(const kifu_position *pos, const kifu_move *m, int prev_to, unsigned flags,
			char *buf, size_t size);

KIFU_END_DECLS

#endif
