/*
 * board.h - drawing a position for kifu-replay: a text diagram in both
 * notations (board_text.c) and an SVG picture (board_svg.c), with the piece
 * names they share (board_glyph.c).  docs/replay.md describes the output.
 */
#ifndef KIFU_BOARD_H
#define KIFU_BOARD_H

#include <stddef.h>
#include <stdio.h>

#include <kifu/kifu.h>

/* A position to draw and how it was reached. */
struct board_view {
	const kifu_position *pos;
	const char *source;       /* "FILE:LINE" of the record, for titles */
	long ply;                 /* moves of the record played (0: its start) */
	long plies;               /* moves the replay reached in all */
	const kifu_move *last;    /* the move that led here, NULL at the start */
	const char *last_text;    /* that move in the compact notation */
};

/* The one or two kanji that stand for type t on a piece or in a diagram:
 * the KIF short name when it is one or two characters, else the first and
 * last characters of the full name.  With mark_promoted, a promoted type
 * whose glyph an unpromoted type also has becomes 成 + its first character
 * (text has no red ink).  Writes a NUL-terminated UTF-8 string into buf and
 * returns the number of characters (1 or 2). */
int board_glyph(const kifu_variant *v, int t, int mark_promoted, char *buf, size_t size);

/* The kanji numeral of n (1 <= n <= 99): 一, 十, 十五. */
const char *board_kanji_number(int n, char *buf, size_t size);

/* Writes the text diagram: compact-notation diagram (SFEN tokens, files N..1,
 * ranks a..), kanji diagram, hands, side to move, last move. */
void board_text_write(FILE *out, const struct board_view *view);

/* Writes the SVG picture (a whole UTF-8 XML document). */
void board_svg_write(FILE *out, const struct board_view *view);

#endif
