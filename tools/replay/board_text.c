/*
 * board_text.c - kifu-replay's text diagram (docs/replay.md): the position
 * twice, once in the compact notation's terms (SFEN tokens, files N..1,
 * ranks a..) and once in the kanji notation's (KIF names, v before Gote's
 * pieces, ranks 一..), then the side to move and the last move.
 */
#include "replay/board.h"

#include <ctype.h>
#include <string.h>

static const char *side_word(enum kifu_side s) { return s == KIFU_SENTE ? "Sente" : "Gote"; }

/* The SFEN token of a board code: uppercase for Sente, lowercase for Gote. */
static void sfen_token(const kifu_variant *v, int code, char *buf, size_t size)
{
	kifu_piece_info info;
	size_t i = 0;
	if (kifu_variant_piece(v, kifu_code_type(code), &info) < 0)
		info.sfen = "?";
	for (; info.sfen[i] && i + 1 < size; i++)
		buf[i] = kifu_code_side(code) == KIFU_GOTE ? (char)tolower((unsigned char)info.sfen[i])
							   : info.sfen[i];
	buf[i] = '\0';
}

/* A cell of the compact diagram, width columns (at least four) with the
 * letter in the third and its marks after it: "  p ", " +p ", "  c'",
 * " +c'", "  . "; a variant with tokens of two or three marks (Tai's C'',
 * giant36's S!!') widens every cell to hold them whole. */
static void put_cell(FILE *out, const char *token, int width)
{
	char cell[16];
	const char *p = token;
	memset(cell, ' ', sizeof cell);
	if (!*p) {
		cell[2] = '.';
	} else {
		if (*p == '+')
			cell[1] = *p++;
		for (int i = 2; *p && i < width; i++)
			cell[i] = *p++;
	}
	fwrite(cell, 1, (size_t)width, out);
}

/* The width of the compact diagram's cells: a space, the '+', the
 * variant's longest token, at least one space after a lone letter. */
static int cell_width(const kifu_variant *v)
{
	int width = 4;
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info info;
		if (kifu_variant_piece(v, t, &info) < 0)
			continue;
		int letters = (int)strlen(info.sfen + (info.sfen[0] == '+')); /* a promoted type's is +G */
		if (2 + letters > width)
			width = 2 + letters;
	}
	return width < 16 ? width : 16;
}

static void put_hand_compact(FILE *out, const kifu_position *pos, enum kifu_side side)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int any = 0;
	fprintf(out, "%s in hand:", side_word(side));
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		int n = kifu_position_hand(pos, side, t);
		kifu_piece_info info;
		if (n <= 0 || kifu_variant_piece(v, t, &info) < 0)
			continue;
		if (n > 1)
			fprintf(out, " %d%s", n, info.sfen);
		else
			fprintf(out, " %s", info.sfen);
		any = 1;
	}
	fputs(any ? "\n" : " -\n", out);
}

static void put_hand_kanji(FILE *out, const kifu_position *pos, enum kifu_side side)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int any = 0;
	fputs(side == KIFU_SENTE ? "先手の持駒：" : "後手の持駒：", out);
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		int n = kifu_position_hand(pos, side, t);
		char g[32], num[32];
		if (n <= 0)
			continue;
		board_glyph(v, t, 1, g, sizeof g);
		fprintf(out, "%s%s%s", any ? " " : "", g, n > 1 ? board_kanji_number(n, num, sizeof num) : "");
		any = 1;
	}
	fputs(any ? "\n" : "なし\n", out);
}

static void put_border(FILE *out, int width)
{
	fputc('+', out);
	for (int i = 0; i < width; i++)
		fputc('-', out);
	fputs("+\n", out);
}

static void compact_diagram(FILE *out, const kifu_position *pos)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	char token[16], kanji[32];
	int width = cell_width(v);

	put_hand_compact(out, pos, KIFU_GOTE);
	fputc(' ', out);
	for (int f = files; f >= 1; f--)
		fprintf(out, "%3d%*s", f, f > 1 ? width - 3 : 0, "");
	fputc('\n', out);
	put_border(out, width * files);
	for (int r = 1; r <= ranks; r++) {
		fputc('|', out);
		for (int f = files; f >= 1; f--) {
			int code = kifu_position_at(pos, (r - 1) * files + (f - 1));
			token[0] = '\0';
			if (code)
				sfen_token(v, code, token, sizeof token);
			put_cell(out, token, width);
		}
		/* the rank's letters as the compact notation writes them (a..z,
		 * then aa..: formats/compact.md), from the name of its file-1 square */
		char square[16];
		kifu_compact_square_name(v, (r - 1) * files, square, sizeof square);
		fprintf(out, "| %s %s\n", square + strspn(square, "0123456789"),
			board_kanji_number(r, kanji, sizeof kanji));
	}
	put_border(out, width * files);
	put_hand_compact(out, pos, KIFU_SENTE);
}

static void kanji_diagram(FILE *out, const kifu_position *pos)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	char g[32], kanji[32];
	int width = 2; /* display columns of the widest glyph: 2 per kanji */

	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		int n = board_glyph(v, t, 1, g, sizeof g);
		if (2 * n > width)
			width = 2 * n;
	}
	put_hand_kanji(out, pos, KIFU_GOTE);
	fputc(' ', out);
	for (int f = files; f >= 1; f--)
		fprintf(out, "%3d%*s", f, f > 1 ? width - 2 : 0, "");
	fputc('\n', out);
	put_border(out, (width + 1) * files);
	for (int r = 1; r <= ranks; r++) {
		fputc('|', out);
		for (int f = files; f >= 1; f--) {
			int code = kifu_position_at(pos, (r - 1) * files + (f - 1));
			int n = 1;
			if (code) {
				n = board_glyph(v, kifu_code_type(code), 1, g, sizeof g);
				fputc(kifu_code_side(code) == KIFU_GOTE ? 'v' : ' ', out);
				fputs(g, out);
			} else {
				fputs(" ・", out);
			}
			fprintf(out, "%*s", width - 2 * n, "");
		}
		fprintf(out, "|%s\n", board_kanji_number(r, kanji, sizeof kanji));
	}
	put_border(out, (width + 1) * files);
	put_hand_kanji(out, pos, KIFU_SENTE);
}

void board_text_write(FILE *out, const struct board_view *view)
{
	const kifu_position *pos = view->pos;
	const kifu_variant *v = kifu_position_variant(pos);
	enum kifu_side side = kifu_position_side(pos);

	fprintf(out, "%s: %s, ply %ld of %ld\n", view->source, kifu_variant_name(v), view->ply,
		view->plies);
	compact_diagram(out, pos);
	fputc('\n', out);
	kanji_diagram(out, pos);
	fprintf(out, "%s to move (%s).", side_word(side), side == KIFU_SENTE ? "先手番" : "後手番");
	if (view->last)
		fprintf(out, " Last move: %s (ply %ld).\n", view->last_text, view->ply);
	else
		fputs(" Last move: none (the start position).\n", out);
	int cs = kifu_position_counter_strike(pos);
	if (cs >= 0) {
		char sq[16];
		kifu_compact_square_name(v, cs, sq, sizeof sq);
		fprintf(out, "Counter-strike square: %s (a Lion was just taken there by another piece).\n", sq);
	}
}
