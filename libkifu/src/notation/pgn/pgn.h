/*
 * pgn.h - what the PGN reader and writer share (docs/pgn.md): the
 * notation WinBoard and XBoard save shogi variants' games in, and engines
 * such as HaChu play them in.
 *
 * XBoard's board: files are letters from `a`, ranks numbers from 1, and
 * square a1 is the corner on the first player's left, seen from the first
 * player, who sits at rank 1.  XBoard calls the first player White: in
 * shogi, Sente (先手), who kifu counts its files from the right (file 1)
 * and its ranks from Gote's side (rank 1).  So XBoard's file letter
 * a + k is kifu's file FILES - k, and XBoard's rank r is kifu's rank
 * RANKS + 1 - r: kifu's 7g (file 7, rank 7) on a 9x9 board is XBoard's
 * c3.
 *
 * A piece is named by the letters the variant's SFEN gives it ("P", "N",
 * "C'", "L!"), a promoted one by `+` and the letters of the piece it
 * promotes from ("+P"): XBoard's letters for shogi and Chu Shogi are
 * these (its piece tables), and for the variants XBoard does not know the
 * SFEN's letters are the ones engines use.
 */
#ifndef KIFU_NOTATION_PGN_H
#define KIFU_NOTATION_PGN_H

#include <stdbool.h>
#include <stddef.h>

#include <stdio.h>

#include "kifu/notation.h"
#include "kifu/position.h"
#include "kifu/record.h"
#include "kifu/variant.h"

/* The deepest nesting of variations read and written. */
#define KIFU__PGN_MAX_DEPTH 64

/* kifu's square of XBoard's file index fx (0 for a) and rank r (from 1),
 * or -1 off the board. */
int kifu__pgn_square(const kifu_variant *v, int fx, int r);
/* XBoard's file letters a..w: 23 files, x being the capture's mark.  A
 * board of more files (none XBoard draws: its boards stop at 16 files)
 * names the 24th to the 36th za..zm, z and a letter (docs/pgn.md, "The
 * board as XBoard sees it"). */
#define KIFU__PGN_LETTER_FILES 23
/* The name of XBoard's file index fx (0 for a) into buf: its length, 1 or
 * 2 (no NUL). */
int kifu__pgn_file_name(int fx, char *buf);
/* The file index named at t[*i..n), *i moved past it, or -1 (*i kept). */
int kifu__pgn_file_read(const char *t, size_t n, size_t *i);
/* XBoard's name of a square ("c3", "l12", "zm36") into buf (8 bytes hold
 * any): its length. */
int kifu__pgn_square_name(const kifu_variant *v, int sq, char *buf);
/* A square in messages: kifu_square_namer. */
void kifu__pgn_square_namer(const kifu_variant *v, int sq, char *buf, size_t size);

/* The type XBoard names by letters (its SFEN token, "+P" for a promoted
 * Pawn), or KIFU_ENOTFOUND. */
int kifu__pgn_piece(const kifu_variant *v, const char *letters, size_t len);
/* XBoard's pawn: the type whose moves SAN writes without a letter (the
 * SFEN's "P"), or -1. */
int kifu__pgn_pawn(const kifu_variant *v);

/* The variant's name in a [Variant] tag: XBoard's own for the variants it
 * knows (shogi, chu), the engines' for the rest (HaChu's dai, sho,
 * tenjiku), kifu's for any other. */
const char *kifu__pgn_variant_tag(const kifu_variant *v);

/* The ending written before a result (XBoard's words for those it has),
 * and the result: "1-0", "0-1", "1/2-1/2" or "*". mover: the side to move
 * after the last move (0 the first player). */
void kifu__pgn_termination(const char *ending, int mover, char *text, size_t size, const char **result);

/* A PGN tag name as a kifu tag key and back: the known ones by a table
 * (White is sente, Black gote, TimeControl time-control), the rest a
 * hyphen before each capital but the first, all small (WhiteElo:
 * white-elo, ECO: e-c-o).  0, or -1 for what has no counterpart. */
int kifu__pgn_key_of_name(const char *name, size_t len, char *key, size_t size);
int kifu__pgn_name_of_key(const char *key, char *name, size_t size);

/* The reader and the writer (the entry in pgn.c). */
struct kifu__read_ctx;
int kifu__pgn_open(void **state, const struct kifu__read_ctx *ctx);
int kifu__pgn_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag);
void kifu__pgn_close(void *state);
int kifu__pgn_write(FILE *out, const kifu_record *rec, const kifu_variant *v, const kifu_write_options *opt,
		    kifu_diag *diag);

#endif
