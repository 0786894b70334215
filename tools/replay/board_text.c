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

/* A cell of the compact diagram, four columns with the letter in the third:
 * "  p ", " +p ", "  c'", " +c'", "  . ". */
static void put_cell(FILE *out, const char *token)
{
	char cell[5] = "    ";
	const char *p = token;
	if (!*p) {
		cell[2] = '.';
	} else {
		if (*p == '+')
			cell[1] = *p++;
		if (*p)
			cell[2] = *p++;
		if (*p)
			cell[3] = *p;
	}
	fputs(cell, out);
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

	put_hand_compact(out, pos, KIFU_GOTE);
	fputc(' ', out);
	for (int f = files; f >= 1; f--)
		fprintf(out, f > 1 ? "%3d " : "%3d\n", f);
	put_border(out, 4 * files);
	for (int r = 1; r <= ranks; r++) {
		fputc('|', out);
		for (int f = files; f >= 1; f--) {
			int code = kifu_position_at(pos, (r - 1) * files + (f - 1));
			token[0] = '\0';
			if (code)
				sfen_token(v, code, token, sizeof token);
			put_cell(out, token);
		}
		fprintf(out, "| %c %s\n", 'a' + r - 1, board_kanji_number(r, kanji, sizeof kanji));
	}
	put_border(out, 4 * files);
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
