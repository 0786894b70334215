/*
 * board_svg.c - kifu-replay's SVG picture of a position (docs/replay.md).
 *
 * The board as printed diagrams draw it, seen from Sente's side: files N..1
 * from left to right across the top, ranks 一.. down the right side, each
 * piece a pentagon (koma) pointing toward the opponent with its kanji,
 * Gote's turned 180° about their centre, promoted pieces in red, the last
 * move's squares shaded, the hands above (Gote) and below (Sente).
 *
 * Every element sits on its own line, and each piece is one <g> whose start
 * tag carries data-square, data-piece and data-side, so that a shell script
 * can check a picture with grep and sed (tests/golden/replay.sh).
 */
#include "board.h"

#include <string.h>

/* Geometry, in SVG user units.  A square is a little taller than wide, as
 * on real boards. */
#define CW 44      /* square width */
#define CH 48      /* square height */
#define MARGIN 16  /* left margin */
#define HAND_H 56  /* a hand's row */
#define FILES_H 24 /* the file numbers' row */
#define RANKS_W 60 /* the rank labels' column */
#define CAPTION_H 30
#define HAND_LABEL_W 150 /* "△後手 持駒 手番" */
#define HAND_STEP 60     /* one kind of piece in hand, with its count */

#define FONT "'IPAMincho','IPAexMincho','Noto Serif CJK JP','Noto Serif JP'," \
	"'Hiragino Mincho ProN','Yu Mincho','MS Mincho',serif"

/* Writes s[0..n) as XML text or an attribute value: everything written
 * into the picture from a record or a variant file goes through here, so
 * that no name can add markup (a <script>). */
static void put_escaped_n(FILE *out, const char *s, size_t n)
{
	for (const char *end = s + n; s < end && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default:
			/* XML 1.0 allows no control characters but tab and newlines */
			if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n')
				fputc('?', out);
			else
				fputc(*s, out);
		}
	}
}

static void put_escaped(FILE *out, const char *s)
{
	put_escaped_n(out, s, strlen(s));
}

/* <text class=CLS x="0" y=Y font-size=SIZE>TEXT</text>, TEXT escaped. */
static void put_text(FILE *out, const char *cls, double y, double size, const char *text, size_t n)
{
	fprintf(out, "<text class=\"%s\" x=\"0\" y=\"%.1f\" font-size=\"%.1f\">", cls, y, size);
	put_escaped_n(out, text, n);
	fputs("</text>\n", out);
}

static const char *side_attr(enum kifu_side s) { return s == KIFU_SENTE ? "sente" : "gote"; }

static void square_name(const kifu_variant *v, int sq, char *buf, size_t size)
{
	kifu_compact_square_name(v, sq, buf, size);
}

/* The pentagon of a piece centred on (0,0) and pointing up (toward Gote),
 * the shape of a shogi piece: narrower at the shoulders than at the base. */
static void put_koma(FILE *out)
{
	fprintf(out, "<path class=\"koma\" d=\"M0,%.1f L%.1f,%.1f L%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z\"/>\n",
		-0.45 * CH, 0.34 * CW, -0.30 * CH, 0.42 * CW, 0.45 * CH, -0.42 * CW, 0.45 * CH,
		-0.34 * CW, -0.30 * CH);
}

/* The kanji of a piece: one large, or two stacked as on the pieces of the
 * large variants; red for a promoted piece. */
static void put_kanji(FILE *out, const kifu_variant *v, int type)
{
	kifu_piece_info info;
	char g[32];
	int n = board_glyph(v, type, 0, g, sizeof g);
	const char *cls = kifu_variant_piece(v, type, &info) == 0 && info.promoted ? "kanji promoted"
										     : "kanji";
	if (n <= 1) {
		put_text(out, cls, 0.07 * CH, 0.50 * CH, g, strlen(g));
		return;
	}
	/* split after the first character */
	size_t first = (unsigned char)g[0] >= 0xF0 ? 4 : (unsigned char)g[0] >= 0xE0 ? 3 :
		       (unsigned char)g[0] >= 0xC0 ? 2 : 1;
	put_text(out, cls, -0.10 * CH, 0.34 * CH, g, first);
	put_text(out, cls, 0.25 * CH, 0.34 * CH, g + first, strlen(g + first));
}

/* One piece: a <g> moved to (x,y), turned about its centre for Gote. */
static void put_piece(FILE *out, const kifu_variant *v, int code, double x, double y,
		      double scale, const char *cls, const char *extra)
{
	kifu_piece_info info;
	int type = kifu_code_type(code);
	enum kifu_side side = kifu_code_side(code);
	if (kifu_variant_piece(v, type, &info) < 0)
		return;
	fprintf(out, "<g class=\"%s %s\" %s data-piece=\"", cls, side_attr(side), extra);
	put_escaped(out, info.sfen);
	fprintf(out, "\" data-side=\"%s\" transform=\"translate(%.1f %.1f)%s", side_attr(side), x, y,
		side == KIFU_GOTE ? " rotate(180)" : "");
	if (scale != 1.0)
		fprintf(out, " scale(%.2f)", scale);
	fputs("\">\n", out);
	fprintf(out, "<title>%s ", side == KIFU_SENTE ? "▲" : "△");
	put_escaped(out, info.name);
	fputs(" (", out);
	put_escaped(out, info.english);
	fputs(")</title>\n", out);
	put_koma(out);
	put_kanji(out, v, type);
	fputs("</g>\n", out);
}

static int hand_kinds(const kifu_position *pos, enum kifu_side side)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int kinds = 0;
	for (int t = 0; t < kifu_variant_piece_count(v); t++)
		if (kifu_position_hand(pos, side, t) > 0)
			kinds++;
	return kinds;
}

/* A hand: "▲先手 持駒" (and 手番 for the side to move), then its pieces,
 * each with its count; なし when empty.  y is the row's middle. */
static void put_hand(FILE *out, const kifu_position *pos, enum kifu_side side, double y)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int to_move = kifu_position_side(pos) == side;
	fprintf(out, "<g class=\"hand\" data-side=\"%s\">\n", side_attr(side));
	fprintf(out, "<text class=\"hand-label%s\" x=\"%d\" y=\"%.1f\">%s 持駒%s</text>\n",
		to_move ? " to-move" : "", MARGIN, y, side == KIFU_SENTE ? "▲先手" : "△後手",
		to_move ? " 手番" : "");
	double x = MARGIN + HAND_LABEL_W + 0.4 * CW;
	int any = 0;
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		int n = kifu_position_hand(pos, side, t);
		char extra[48];
		if (n <= 0)
			continue;
		snprintf(extra, sizeof extra, "data-count=\"%d\"", n);
		put_piece(out, v, kifu_code_make(t, side), x, y, 0.8, "hand-piece", extra);
		if (n > 1)
			fprintf(out, "<text class=\"count\" x=\"%.1f\" y=\"%.1f\">×%d</text>\n",
				x + 0.4 * CW, y + 0.3 * CH, n);
		x += HAND_STEP;
		any = 1;
	}
	if (!any)
		fprintf(out, "<text class=\"hand-empty\" x=\"%d\" y=\"%.1f\">なし</text>\n",
			MARGIN + HAND_LABEL_W, y);
	fputs("</g>\n", out);
}

static void shade(FILE *out, const kifu_variant *v, int sq, const char *cls, double x0, double y0)
{
	int files = kifu_variant_files(v);
	int file = sq % files + 1, rank = sq / files + 1;
	char name[16];
	if (sq < 0 || sq >= files * kifu_variant_ranks(v))
		return;
	square_name(v, sq, name, sizeof name);
	fprintf(out, "<rect class=\"%s\" data-square=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\"/>\n",
		cls, name, x0 + (files - file) * CW, y0 + (rank - 1) * CH, CW, CH);
}

void board_svg_write(FILE *out, const struct board_view *view)
{
	const kifu_position *pos = view->pos;
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	char sfen[4096], name[32], kanji[32];
	int kinds = hand_kinds(pos, KIFU_SENTE);
	if (hand_kinds(pos, KIFU_GOTE) > kinds)
		kinds = hand_kinds(pos, KIFU_GOTE);

	double board_w = files * CW, board_h = ranks * CH;
	double width = MARGIN + board_w + RANKS_W;
	double hand_w = MARGIN + HAND_LABEL_W + kinds * HAND_STEP + MARGIN;
	if (hand_w > width)
		width = hand_w;
	double x0 = MARGIN, y0 = HAND_H + FILES_H;
	double height = y0 + board_h + HAND_H + CAPTION_H;

	if (kifu_position_sfen(pos, sfen, sizeof sfen) < 0)
		sfen[0] = '\0';
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" "
		"data-variant=\"", width, height, width, height);
	put_escaped(out, kifu_variant_name(v));
	fprintf(out, "\" data-ply=\"%ld\" data-sfen=\"", view->ply);
	put_escaped(out, sfen);
	fputs("\">\n<title>", out);
	put_escaped(out, view->source);
	fprintf(out, ", ply %ld</title>\n", view->ply);
	fprintf(out, "<style>\n"
		"text { font-family: %s; text-anchor: middle; dominant-baseline: central; }\n"
		".board { fill: #e9c37c; stroke: #222; stroke-width: 2; }\n"
		".grid { stroke: #333; stroke-width: 1; }\n"
		".star { fill: #333; }\n"
		".last-from { fill: #f7e7a6; }\n"
		".last-mid { fill: #f3cf6a; }\n"
		".last-to { fill: #f0a830; }\n"
		".counter-strike { fill: none; stroke: #c8102e; stroke-width: 3; stroke-dasharray: 6 3; }\n"
		".koma { fill: #f8e5b8; stroke: #5a4325; stroke-width: 1.2; stroke-linejoin: round; }\n"
		".kanji { fill: #111; font-weight: bold; }\n"
		".kanji.promoted { fill: #c8102e; }\n"
		".coord { font-size: 15px; fill: #222; }\n"
		".coord-letter { font-size: 11px; fill: #777; }\n"
		".hand-label, .hand-empty { font-size: 16px; text-anchor: start; }\n"
		".hand-label.to-move { font-weight: bold; }\n"
		".count { font-size: 14px; text-anchor: start; }\n"
		".caption { font-size: 15px; }\n"
		"</style>\n", FONT);
	fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#fffaf0\"/>\n", width,
		height);

	/* Gote's hand at the top, as Gote sits there */
	put_hand(out, pos, KIFU_GOTE, HAND_H / 2.0);

	/* the board, the last move's squares under the grid and pieces */
	fprintf(out, "<rect class=\"board\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
		x0, y0, board_w, board_h);
	if (view->last) {
		const kifu_move *m = view->last;
		if (!(m->flags & KIFU_MOVE_DROP) && m->from != m->to)
			shade(out, v, m->from, "last-from", x0, y0);
		if (m->mid != KIFU_NO_SQUARE && m->mid != m->to)
			shade(out, v, m->mid, "last-mid", x0, y0);
		shade(out, v, m->to, "last-to", x0, y0);
	}
	for (int i = 1; i < files; i++)
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			x0 + i * CW, y0, x0 + i * CW, y0 + board_h);
	for (int i = 1; i < ranks; i++)
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			x0, y0 + i * CH, x0 + board_w, y0 + i * CH);
	/* the dots where the thirds meet (the 9×9 promotion zones; 5 and 10 on
	 * 15×15, Dai's zone of 5 ranks) */
	if (files % 3 == 0 && ranks % 3 == 0)
		for (int i = 1; i <= 2; i++)
			for (int j = 1; j <= 2; j++)
				fprintf(out, "<circle class=\"star\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>\n",
					x0 + i * files / 3 * CW, y0 + j * ranks / 3 * CH);

	/* coordinates: files N..1 across the top, ranks 一.. down the right */
	for (int f = files; f >= 1; f--)
		fprintf(out, "<text class=\"coord file\" x=\"%.1f\" y=\"%.1f\">%d</text>\n",
			x0 + (files - f + 0.5) * CW, y0 - FILES_H / 2.0, f);
	for (int r = 1; r <= ranks; r++) {
		fprintf(out, "<text class=\"coord rank\" x=\"%.1f\" y=\"%.1f\">%s</text>\n",
			x0 + board_w + 21, y0 + (r - 0.5) * CH,
			board_kanji_number(r, kanji, sizeof kanji));
		fprintf(out, "<text class=\"coord-letter rank\" x=\"%.1f\" y=\"%.1f\">%c</text>\n",
			x0 + board_w + 49, y0 + (r - 0.5) * CH, 'a' + r - 1);
	}

	/* the pieces */
	for (int r = 1; r <= ranks; r++)
		for (int f = files; f >= 1; f--) {
			int sq = (r - 1) * files + (f - 1);
			int code = kifu_position_at(pos, sq);
			char extra[48];
			if (!code)
				continue;
			square_name(v, sq, name, sizeof name);
			snprintf(extra, sizeof extra, "data-square=\"%s\"", name);
			put_piece(out, v, code, x0 + (files - f + 0.5) * CW, y0 + (r - 0.5) * CH, 1.0,
				  "piece", extra);
		}

	/* Sente's hand below, and what led here */
	/* Chu's counter-strike square (a Lion was just taken there by another
	 * piece: docs/rules.md), outlined over the pieces */
	if (kifu_position_counter_strike(pos) >= 0)
		shade(out, v, kifu_position_counter_strike(pos), "counter-strike", x0, y0);
	put_hand(out, pos, KIFU_SENTE, y0 + board_h + HAND_H / 2.0);
	fprintf(out, "<text class=\"caption\" x=\"%.1f\" y=\"%.1f\">", width / 2,
		y0 + board_h + HAND_H + CAPTION_H / 2.0);
	put_escaped(out, kifu_variant_title(v) ? kifu_variant_title(v) : kifu_variant_name(v));
	if (view->last) {
		fprintf(out, " · %ld手目 %s", view->ply, kifu_position_side(pos) == KIFU_SENTE ? "△" : "▲");
		put_escaped(out, view->last_text);
		fputs(" まで", out);
	} else {
		fputs(" · 開始局面", out);
	}
	fputs("</text>\n</svg>\n", out);
}
