/*
 * board_svg.c - kifu-replay's SVG picture of a position (docs/replay.md).
 *
 * The board as printed diagrams draw it, seen from Sente's side (or
 * Gote's, flipped): files N..1 from left to right across the top, ranks
 * 一.. down the right side, each piece a pentagon (koma) pointing toward
 * the opponent with its kanji, promoted pieces in red, the last move's
 * squares shaded, the hands above and below for variants with drops.
 *
 * The picture is small, for it is made by the thousand (--every): the
 * root element says the whole position (data-sfen), and each piece on the
 * board is no more than <use href="#u19" x="654"/>.  Each kind of piece is
 * drawn once, in <defs>, with its SFEN token (data-piece); each side's
 * pieces are a layer (<g class="pieces" data-side=...>), the top side's
 * turned 180 degrees about the board's centre, in rows (<svg y=...>, one a
 * rank).  The last move's squares and the pieces in hand keep their data-
 * attributes.  Every element sits on its own line, for scripts
 * (tests/golden/replay-svg.sh reads the pieces back with awk); docs/replay.md
 * describes the form.  Coordinates are whole numbers, written by hand into
 * a buffer (board_out.c): a picture takes no printf and no allocation.
 *
 * The HTML page's board is this picture too (the end of this file): the
 * page carries the picture's definitions, frame, style and geometry, and
 * its script lays the pieces out as put_layer does, so that the page and
 * the picture draw every position alike (tests/golden/html-render.sh
 * compares them as Chromium renders them).
 */
#include "replay/board.h"

#include <string.h>

/* Geometry, in SVG user units.  A square is a little taller than wide, as
 * on real boards; its centre is a whole number of units from its corner. */
#define STR_(n) #n
#define STR(n) STR_(n) /* a number as a string literal */
#define CW 44      /* square width */
#define CH 48      /* square height */
#define MARGIN 16  /* left margin */
#define EDGE 8     /* above and below the board when there are no hands */
#define HAND_H 56  /* a hand's row */
#define FILES_H 24 /* the file numbers' row */
#define RANKS_W 40 /* the rank labels' column */
#define RANK3_PX 12 /* the font size of a label of three kanji (二十一): 36 wide */
/* The board's width in pixels unless --size says: its own (a unit a
 * pixel) up to WIDE_FILES files, and for a wider board (Tai's 25, Taikyoku's
 * 36) that of WIDE_FILES files: a laptop's screen shows it at once across,
 * its pieces' kanji still 12 pixels and more (docs/replay.md). */
#define WIDE_FILES 27
#define CAPTION_H 30
#define HAND_LABEL_W 150 /* "△後手 持駒 手番" */
#define HAND_STEP 60     /* one kind of piece in hand, with its count */

/* The outline of a piece centred on (0,0), pointing up: narrower at the
 * shoulders than at the base (0.34 and 0.42 of a square's width, from
 * 0.45 of its height above the centre to 0.45 below). */
#define KOMA_PATH "M0-21.6L15-14.4L18.5 21.6H-18.5L-15-14.4Z"
/* Its colours, as attributes: a picture's <use> of it needs no style. */
#define KOMA_ATTRS "fill=\"#f8e5b8\" stroke=\"#5a4325\" stroke-width=\"1.2\" stroke-linejoin=\"round\""

/* The style: the rules the picture uses and no more, each written only
 * when the picture has what it styles (put_style).  The page's board is
 * drawn with the same rules, all of them (board_svg_page_style), so that
 * its pieces, squares and labels are the picture's.  A piece's definition
 * has data-piece, and its kanji are bold, 16px for two (class "a": 24px
 * for one), red when promoted (class "p"). */
static const char style_text[] =
	"text{font-family:" BOARD_FONT ";text-anchor:middle;dominant-baseline:central}\n";
static const char style_board[] = ".board{fill:#e9c37c;stroke:#222;stroke-width:2}.grid{stroke:#333;fill:none}";
static const char style_caption[] = ".caption{font-size:15px}";
/* the rows of pieces and of labels: each a nested <svg> at its x or y,
 * whose pieces reach past its top edge */
static const char style_rows[] = "svg svg{overflow:visible}\n";
static const char style_coord[] = ".coord{font-size:15px;fill:#222}\n";
static const char style_last_from[] = ".last-from{fill:#f7e7a6}";
static const char style_last_mid[] = ".last-mid{fill:#f3cf6a}";
static const char style_last_to[] = ".last-to{fill:#f0a830}\n";
static const char style_counter_strike[] =
	".counter-strike{fill:none;stroke:#c8102e;stroke-width:3;stroke-dasharray:6 3}\n";
static const char style_hand[] =
	".hand-label,.hand-empty,.count{font-size:16px;text-anchor:start}.to-move{font-weight:bold}\n";
static const char style_pieces[] = "[data-piece] text{font-weight:bold;fill:#111;font-size:16px}";
static const char style_one[] = ".a text{font-size:24px}";
static const char style_promoted[] = ".p text{fill:#c8102e}";
#define PUT_RULE(o, rule) board_out_bytes((o), (rule), sizeof(rule) - 1)

/* The letters of a piece's definitions: its glyph for Sente or Gote (they
 * differ for the king: 玉, 王). */
enum { GLYPH_SENTE = 0, GLYPH_GOTE = 1 };
static const char def_letter[2] = {'u', 'k'};

static void attr_int(struct board_out *o, const char *name, long n)
{
	board_out_str(o, name);
	board_out_int(o, n);
	board_out_char(o, '"');
}

/* A definition's start: <g id="PREFIX u|k T". */
static void put_def_id(struct board_out *o, const char *prefix, int t, int glyph)
{
	board_out_lit(o, "<g id=\"");
	board_out_str(o, prefix);
	board_out_char(o, def_letter[glyph]);
	board_out_int(o, t);
	board_out_char(o, '"');
}

/* A definition's content, after its start tag: the koma and the n kanji
 * of glyph g, one large or two stacked as on the pieces of the large
 * variants. */
static void put_def_body(struct board_out *o, const char *prefix, const char *g, int n)
{
	board_out_lit(o, "<use href=\"#");
	board_out_str(o, prefix);
	board_out_lit(o, "o\"/>");
	if (n <= 1) {
		board_out_lit(o, "<text y=\"3\">");
		board_out_xml(o, g);
	} else {
		/* split after the first character */
		size_t first = (unsigned char)g[0] >= 0xF0 ? 4 : (unsigned char)g[0] >= 0xE0 ? 3 :
			       (unsigned char)g[0] >= 0xC0 ? 2 : 1;
		board_out_lit(o, "<text y=\"-5\">");
		board_out_xml_n(o, g, first);
		board_out_lit(o, "</text><text y=\"12\">");
		board_out_xml(o, g + first);
	}
	board_out_lit(o, "</text></g>\n");
}

/* How a picture is laid out, and what its pieces need, found before
 * anything is written: the definitions (with their look, for the style),
 * and the strings every piece on the board is made of. */
struct layout {
	const kifu_variant *v;
	int files, ranks, flip, drops;
	int x0, y0;          /* the board's top left corner */
	int cx2, cy2;        /* twice the board's centre: a turned layer's origin */
	int width, height;
	int code[KIFU_MAX_SQUARES];               /* the board, read once */
	unsigned char sides[KIFU_MAX_TYPES];      /* of each type: bit 1 Sente has one, 2 Gote */
	unsigned char want[KIFU_MAX_TYPES];       /* definitions: bit 1 Sente's glyph (u), 2 Gote's (k) */
	unsigned char gote_glyph[KIFU_MAX_TYPES]; /* the GLYPH_ Gote's pieces use */
	unsigned char look[KIFU_MAX_TYPES];       /* of each type wanted: LOOK_ bits */
	unsigned looks;                           /* of every type wanted */
	char glyph[KIFU_MAX_TYPES][2][16];        /* of each type wanted, Sente's and Gote's */
	const char *sfen[KIFU_MAX_TYPES];         /* of each type wanted */
	/* a piece on the board: use[type][glyph] then x_attr[column] */
	char use[KIFU_MAX_TYPES][2][24];          /* <use href="#u19" (T < KIFU_MAX_TYPES: 4 digits at most) */
	unsigned char use_len[KIFU_MAX_TYPES][2];
	char x_attr[KIFU_MAX_DIM][16];            /* " x="654"/>\n" (4 digits at most), columns from the left */
	unsigned char x_len[KIFU_MAX_DIM];
};

/* use and x_attr hold 4 digits at most */
_Static_assert(KIFU_MAX_TYPES <= 10000, "a piece type's number in 4 digits");
_Static_assert(MARGIN + KIFU_MAX_DIM * CW < 10000, "a column's x in 4 digits");

/* How a definition looks: one kanji (class "a"; two are the default),
 * promoted (class "p"). */
enum { LOOK_ONE = 1, LOOK_PROMOTED = 2 };

/* The definition a piece of side uses: Gote's own where its glyph differs
 * (collect_looks). */
static int piece_glyph(const struct layout *l, int t, enum kifu_side side)
{
	return side == KIFU_SENTE ? GLYPH_SENTE : l->gote_glyph[t];
}

/* A side's pieces point toward the opponent: down for the side at the top,
 * whose layer is turned 180 degrees. */
static int turned(const struct layout *l, enum kifu_side side)
{
	return (side == KIFU_GOTE) != (l->flip != 0);
}

/* The board, and the types each side has on it or in hand. */
static void collect_sides(struct layout *l, const kifu_position *pos)
{
	memset(l->sides, 0, sizeof l->sides);
	for (int sq = 0; sq < l->files * l->ranks && sq < KIFU_MAX_SQUARES; sq++) {
		int code = l->code[sq] = kifu_position_at(pos, sq);
		if (code)
			l->sides[kifu_code_type(code)] |= (unsigned char)(1u << kifu_code_side(code));
	}
	if (!l->drops)
		return;
	for (int t = 0; t < kifu_variant_piece_count(l->v); t++)
		for (int side = KIFU_SENTE; side <= KIFU_GOTE; side++)
			if (kifu_position_hand(pos, (enum kifu_side)side, t) > 0)
				l->sides[t] |= (unsigned char)(1u << side);
}

/* A whole number's digits into p (no NUL); their count. */
static size_t put_digits(char *p, long n)
{
	char digits[24];
	size_t i = 0, len = 0;
	unsigned long u = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
	do
		digits[i++] = (char)('0' + u % 10);
	while (u /= 10);
	if (n < 0)
		p[len++] = '-';
	while (i)
		p[len++] = digits[--i];
	return len;
}

/* The definitions the types present want, their glyphs, looks and tokens,
 * and the strings of a piece on the board. */
static void collect_looks(struct layout *l)
{
	l->looks = 0;
	memset(l->want, 0, sizeof l->want);
	for (int t = 0; t < kifu_variant_piece_count(l->v); t++) {
		kifu_piece_info info;
		if (!l->sides[t])
			continue;
		int known = kifu_variant_piece(l->v, t, &info) == 0;
		int n = board_glyph_side(l->v, t, KIFU_SENTE, l->glyph[t][GLYPH_SENTE], sizeof l->glyph[t][0]);
		l->gote_glyph[t] = GLYPH_SENTE;
		if (l->sides[t] & (1u << KIFU_GOTE)) {
			board_glyph_side(l->v, t, KIFU_GOTE, l->glyph[t][GLYPH_GOTE], sizeof l->glyph[t][1]);
			if (strcmp(l->glyph[t][GLYPH_SENTE], l->glyph[t][GLYPH_GOTE]) != 0)
				l->gote_glyph[t] = GLYPH_GOTE;
			l->want[t] |= (unsigned char)(1u << l->gote_glyph[t]);
		}
		if (l->sides[t] & (1u << KIFU_SENTE))
			l->want[t] |= 1u << GLYPH_SENTE;
		l->sfen[t] = known ? info.sfen : "?";
		l->look[t] = (unsigned char)((n <= 1 ? LOOK_ONE : 0) | (known && info.promoted ? LOOK_PROMOTED : 0));
		l->looks |= l->look[t];
		for (int glyph = GLYPH_SENTE; glyph <= GLYPH_GOTE; glyph++) {
			if (!(l->want[t] & (1u << glyph)))
				continue;
			char *p = l->use[t][glyph];
			size_t len = sizeof "<use href=\"#" - 1;
			memcpy(p, "<use href=\"#", len);
			p[len++] = def_letter[glyph];
			len += put_digits(p + len, t);
			p[len++] = '"';
			l->use_len[t][glyph] = (unsigned char)len;
		}
	}
	for (int c = 0; c < l->files && c < KIFU_MAX_DIM; c++) {
		char *p = l->x_attr[c];
		size_t len = sizeof " x=\"" - 1;
		memcpy(p, " x=\"", len);
		len += put_digits(p + len, l->x0 + c * CW + CW / 2);
		memcpy(p + len, "\"/>\n", 4);
		l->x_len[c] = (unsigned char)(len + 4);
	}
}

static void put_href(struct board_out *o, struct layout *l, int t, enum kifu_side side)
{
	board_out_lit(o, "href=\"#");
	board_out_char(o, def_letter[piece_glyph(l, t, side)]);
	board_out_int(o, t);
	board_out_char(o, '"');
}

/* Where square sq's top left corner is. */
static void square_at(const struct layout *l, int sq, int *x, int *y)
{
	int file = sq % l->files, rank = sq / l->files; /* from 0 */
	*x = l->x0 + (l->flip ? file : l->files - 1 - file) * CW;
	*y = l->y0 + (l->flip ? l->ranks - 1 - rank : rank) * CH;
}

static const char *side_attr(enum kifu_side s) { return s == KIFU_SENTE ? "sente" : "gote"; }

/* One side's pieces on the board: a layer, turned 180 degrees about the
 * board's centre for the side at the top (its coordinates are then as that
 * side sees the board), a row per rank (a nested <svg> at that rank's
 * centre line), and each piece a <use> at its square's centre, in square
 * order (1a, 2a, .., 1b, ..). */
static void put_layer(struct board_out *o, struct layout *l, enum kifu_side side)
{
	int turn = turned(l, side), any = 0;
	/* the layer's own frame shows the board as Gote sees it: file 1 on the
	 * left, rank 1 at the bottom */
	int gote_view = (l->flip != 0) != turn;
	if (l->files > KIFU_MAX_DIM || l->ranks > KIFU_MAX_DIM)
		return;
	for (int rank = 0; rank < l->ranks; rank++) {
		int open = 0;
		for (int file = 0; file < l->files; file++) {
			int code = l->code[rank * l->files + file];
			if (!code || kifu_code_side(code) != side)
				continue;
			if (!any) {
				board_out_str(o, side == KIFU_SENTE ? "<g class=\"pieces\" data-side=\"sente\""
								    : "<g class=\"pieces\" data-side=\"gote\"");
				if (turn) {
					board_out_lit(o, " transform=\"rotate(180 ");
					board_out_int(o, l->cx2 / 2);
					board_out_char(o, ' ');
					board_out_int(o, l->cy2 / 2);
					board_out_lit(o, ")\"");
				}
				board_out_lit(o, ">\n");
				any = 1;
			}
			if (!open) {
				int row = gote_view ? l->ranks - 1 - rank : rank;
				attr_int(o, "<svg y=\"", l->y0 + row * CH + CH / 2);
				board_out_lit(o, ">\n");
				open = 1;
			}
			int t = kifu_code_type(code), glyph = piece_glyph(l, t, side);
			int column = gote_view ? file : l->files - 1 - file;
			board_out_bytes(o, l->use[t][glyph], l->use_len[t][glyph]);
			board_out_bytes(o, l->x_attr[column], l->x_len[column]);
		}
		if (open)
			board_out_lit(o, "</svg>\n");
	}
	if (any)
		board_out_lit(o, "</g>\n");
}

/* The definitions the picture's pieces use (l->want), each with its SFEN
 * token, their ids after prefix: the koma PREFIX o, the pieces PREFIX uT
 * and PREFIX kT.  The picture's prefix is empty; the page has one for
 * each of its variants. */
static void put_defs(struct board_out *o, const struct layout *l, const char *prefix)
{
	static const char *const classes[] = {"", " class=\"a\"", " class=\"p\"", " class=\"a p\""};
	board_out_lit(o, "<path id=\"");
	board_out_str(o, prefix);
	board_out_lit(o, "o\" " KOMA_ATTRS " d=\"" KOMA_PATH "\"/>\n");
	for (int t = 0; t < kifu_variant_piece_count(l->v); t++)
		for (int glyph = GLYPH_SENTE; glyph <= GLYPH_GOTE; glyph++) {
			if (!(l->want[t] & (1u << glyph)))
				continue;
			put_def_id(o, prefix, t, glyph);
			board_out_str(o, classes[l->look[t]]);
			board_out_lit(o, " data-piece=\"");
			board_out_xml(o, l->sfen[t]);
			board_out_lit(o, "\">");
			put_def_body(o, prefix, l->glyph[t][glyph], (l->look[t] & LOOK_ONE) ? 1 : 2);
		}
}

/* The style (style_text's comment). */
static void put_style(struct board_out *o, const struct layout *l, const struct board_view *view,
		      int counter_strike)
{
	board_out_lit(o, "<style>\n");
	PUT_RULE(o, style_text);
	PUT_RULE(o, style_board);
	PUT_RULE(o, style_caption);
	board_out_char(o, '\n');
	PUT_RULE(o, style_rows);
	if (view->coords != BOARD_COORDS_NONE)
		PUT_RULE(o, style_coord);
	if (view->last) {
		const kifu_move *m = view->last;
		if (!(m->flags & KIFU_MOVE_DROP) && m->from != m->to)
			PUT_RULE(o, style_last_from);
		if (m->mid != KIFU_NO_SQUARE && m->mid != m->to)
			PUT_RULE(o, style_last_mid);
		PUT_RULE(o, style_last_to);
	}
	if (counter_strike)
		PUT_RULE(o, style_counter_strike);
	if (l->drops)
		PUT_RULE(o, style_hand);
	PUT_RULE(o, style_pieces);
	if (l->looks & LOOK_ONE)
		PUT_RULE(o, style_one);
	if (l->looks & LOOK_PROMOTED)
		PUT_RULE(o, style_promoted);
	board_out_lit(o, "\n</style>\n");
}

/* A square's rectangle: the last move's, the counter-strike's. */
static void put_square(struct board_out *o, const struct layout *l, int sq, const char *cls)
{
	char name[16];
	int x, y;
	if (sq < 0 || sq >= l->files * l->ranks)
		return;
	square_at(l, sq, &x, &y);
	kifu_compact_square_name(l->v, sq, name, sizeof name);
	board_out_lit(o, "<rect class=\"");
	board_out_str(o, cls);
	board_out_lit(o, "\" data-square=\"");
	board_out_str(o, name);
	board_out_char(o, '"');
	attr_int(o, " x=\"", x);
	attr_int(o, " y=\"", y);
	board_out_str(o, " width=\"" "44" "\" height=\"" "48" "\"/>\n");
}

/* A hand: "▲先手 持駒" (and 手番 for the side to move), then its pieces,
 * each with its count; なし when empty.  y is the row's middle. */
static void put_hand(struct board_out *o, struct layout *l, const kifu_position *pos,
		     enum kifu_side side, int y)
{
	int to_move = kifu_position_side(pos) == side, x = MARGIN + HAND_LABEL_W + 18, any = 0;
	board_out_str(o, side == KIFU_SENTE ? "<g class=\"hand\" data-side=\"sente\">\n"
					    : "<g class=\"hand\" data-side=\"gote\">\n");
	board_out_str(o, to_move ? "<text class=\"hand-label to-move\"" : "<text class=\"hand-label\"");
	attr_int(o, " x=\"", MARGIN);
	attr_int(o, " y=\"", y);
	board_out_str(o, side == KIFU_SENTE ? ">▲先手 持駒" : ">△後手 持駒");
	board_out_str(o, to_move ? " 手番</text>\n" : "</text>\n");
	for (int t = 0; t < kifu_variant_piece_count(l->v); t++) {
		int n = kifu_position_hand(pos, side, t);
		kifu_piece_info info;
		if (n <= 0 || kifu_variant_piece(l->v, t, &info) < 0)
			continue;
		board_out_lit(o, "<use class=\"hand-piece\" ");
		put_href(o, l, t, side);
		board_out_lit(o, " data-piece=\"");
		board_out_xml(o, info.sfen);
		board_out_lit(o, "\" data-side=\"");
		board_out_str(o, side_attr(side));
		attr_int(o, "\" data-count=\"", n);
		board_out_lit(o, " transform=\"translate(");
		board_out_int(o, x);
		board_out_char(o, ' ');
		board_out_int(o, y);
		/* -.8: turned 180 degrees, as the side's pieces on the board */
		board_out_str(o, turned(l, side) ? ") scale(-.8)\"/>\n" : ") scale(.8)\"/>\n");
		if (n > 1) {
			board_out_lit(o, "<text class=\"count\"");
			attr_int(o, " x=\"", x + 18);
			attr_int(o, " y=\"", y + 14);
			board_out_lit(o, ">×");
			board_out_int(o, n);
			board_out_lit(o, "</text>\n");
		}
		x += HAND_STEP;
		any = 1;
	}
	if (!any) {
		board_out_lit(o, "<text class=\"hand-empty\"");
		attr_int(o, " x=\"", MARGIN + HAND_LABEL_W);
		attr_int(o, " y=\"", y);
		board_out_lit(o, ">なし</text>\n");
	}
	board_out_lit(o, "</g>\n");
}

/* The grid as one path, and the dots where the thirds meet (the 9×9
 * promotion zones; 5 and 10 on 15×15, Dai's zone of 5 ranks). */
static void put_grid(struct board_out *o, const struct layout *l)
{
	int w = l->files * CW, h = l->ranks * CH;
	board_out_lit(o, "<rect class=\"board\"");
	attr_int(o, " x=\"", l->x0);
	attr_int(o, " y=\"", l->y0);
	attr_int(o, " width=\"", w);
	attr_int(o, " height=\"", h);
	/* the lines between the files, down and up in turn, each from where
	 * the one before ended (m: a step to the next line's end); then
	 * those between the ranks, right and left */
	board_out_lit(o, "/>\n<path class=\"grid\" d=\"");
	for (int i = 1; i < l->files; i++) {
		if (i == 1) {
			board_out_char(o, 'M');
			board_out_int(o, l->x0 + CW);
			board_out_char(o, ' ');
			board_out_int(o, l->y0);
		} else {
			board_out_lit(o, "m" STR(CW) " 0");
		}
		if (i % 2) {
			board_out_char(o, 'v');
			board_out_int(o, h);
		} else {
			board_out_char(o, 'V');
			board_out_int(o, l->y0);
		}
	}
	for (int i = 1; i < l->ranks; i++) {
		if (i == 1) {
			board_out_char(o, 'M');
			board_out_int(o, l->x0);
			board_out_char(o, ' ');
			board_out_int(o, l->y0 + CH);
		} else {
			board_out_lit(o, "m0 " STR(CH));
		}
		if (i % 2) {
			board_out_char(o, 'h');
			board_out_int(o, w);
		} else {
			board_out_char(o, 'H');
			board_out_int(o, l->x0);
		}
	}
	board_out_lit(o, "\"/>\n");
	if (l->files % 3 || l->ranks % 3)
		return;
	for (int i = 1; i <= 2; i++)
		for (int j = 1; j <= 2; j++) {
			attr_int(o, "<circle cx=\"", l->x0 + i * l->files / 3 * CW);
			attr_int(o, " cy=\"", l->y0 + j * l->ranks / 3 * CH);
			board_out_lit(o, " r=\"3\"/>\n");
		}
}

/* Files across the top, ranks down the right side, in the order the
 * picture shows them. */
static void put_coords(struct board_out *o, const struct layout *l, enum board_coords coords)
{
	char label[32];
	if (coords == BOARD_COORDS_NONE)
		return;
	/* each row's or column's line once, on its group */
	attr_int(o, "<svg class=\"coord file\" y=\"", l->y0 - FILES_H / 2);
	board_out_lit(o, ">\n");
	for (int i = 0; i < l->files; i++) {
		attr_int(o, "<text x=\"", l->x0 + i * CW + CW / 2);
		board_out_char(o, '>');
		board_out_int(o, l->flip ? i + 1 : l->files - i);
		board_out_lit(o, "</text>\n");
	}
	attr_int(o, "</svg>\n<svg class=\"coord rank\" x=\"", l->x0 + l->files * CW + RANKS_W / 2);
	board_out_lit(o, ">\n");
	for (int i = 0; i < l->ranks; i++) {
		int rank = l->flip ? l->ranks - i : i + 1;
		attr_int(o, "<text y=\"", l->y0 + i * CH + CH / 2);
		if (coords == BOARD_COORDS_KANJI) {
			/* three kanji (二十一 and on, past 20 ranks) are smaller, to fit
			 * the column: the labels of 20 ranks and fewer are as before */
			board_kanji_number(rank, label, sizeof label);
			if (strlen(label) > 6)
				board_out_lit(o, " font-size=\"" STR(RANK3_PX) "\"");
			board_out_char(o, '>');
			board_out_str(o, label);
		} else {
			char letters[2];
			board_out_char(o, '>');
			for (int k = 0, n = kifu_rank_letters(rank, letters); k < n; k++)
				board_out_char(o, letters[k]); /* aa = 27 ... */
		}
		board_out_lit(o, "</text>\n");
	}
	board_out_lit(o, "</svg>\n");
}

static void put_caption(struct board_out *o, const struct layout *l, const struct board_view *view)
{
	const char *title = kifu_variant_title_ja(l->v);
	if (!title || !title[0])
		title = kifu_variant_title(l->v) ? kifu_variant_title(l->v) : kifu_variant_name(l->v);
	board_out_lit(o, "<text class=\"caption\"");
	attr_int(o, " x=\"", l->width / 2);
	attr_int(o, " y=\"", l->height - CAPTION_H / 2);
	board_out_char(o, '>');
	board_out_xml(o, title);
	if (view->last) {
		board_out_lit(o, " · ");
		board_out_int(o, view->ply);
		board_out_lit(o, "手目 ");
		board_out_xml(o, view->last_words ? view->last_words : view->last_text);
		board_out_lit(o, " まで</text>\n");
	} else {
		board_out_lit(o, " · 開始局面</text>\n");
	}
}

/* Where the board is, from the variant alone: the picture's (hands: room
 * for them above and below) or the page's board (no hands: the page shows
 * them beside the picture). */
static void layout_board(struct layout *l, const kifu_variant *v, int flip, int coords, int hands)
{
	l->v = v;
	l->files = kifu_variant_files(v);
	l->ranks = kifu_variant_ranks(v);
	l->flip = flip;
	l->drops = kifu_variant_has_drops(v);
	l->x0 = MARGIN;
	l->y0 = (hands ? HAND_H : EDGE) + (coords ? FILES_H : 0);
	l->width = MARGIN + l->files * CW + (coords ? RANKS_W : MARGIN);
	l->height = l->y0 + l->ranks * CH + (hands ? HAND_H : EDGE);
	l->cx2 = 2 * l->x0 + l->files * CW;
	l->cy2 = 2 * l->y0 + l->ranks * CH;
}

static void layout_init(struct layout *l, const struct board_view *view)
{
	const kifu_variant *v = kifu_position_variant(view->pos);
	layout_board(l, v, view->flip, view->coords != BOARD_COORDS_NONE, kifu_variant_has_drops(v));
	if (l->drops) {
		int kinds = 0;
		for (int t = 0; t < kifu_variant_piece_count(v); t++)
			kinds += kifu_position_hand(view->pos, KIFU_SENTE, t) > 0 ||
				 kifu_position_hand(view->pos, KIFU_GOTE, t) > 0;
		if (MARGIN + HAND_LABEL_W + kinds * HAND_STEP + MARGIN > l->width)
			l->width = MARGIN + HAND_LABEL_W + kinds * HAND_STEP + MARGIN;
	}
	l->height += CAPTION_H;
}

/* The root element: the picture's size (scaled to view->size pixels for
 * the board's width) and what it shows. */
static void put_root(struct board_out *o, const struct layout *l, const struct board_view *view)
{
	char sfen[KIFU_SFEN_MAX];
	long board_w = l->files * CW;
	long scale_to = view->size > 0 ? view->size : l->files > WIDE_FILES ? WIDE_FILES * CW : board_w;
	if (kifu_position_sfen(view->pos, sfen, sizeof sfen) < 0)
		sfen[0] = '\0';
	board_out_str(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
			 "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ");
	board_out_int(o, l->width);
	board_out_char(o, ' ');
	board_out_int(o, l->height);
	/* rounded to the nearest pixel */
	attr_int(o, "\" width=\"", (l->width * scale_to + board_w / 2) / board_w);
	attr_int(o, " height=\"", (l->height * scale_to + board_w / 2) / board_w);
	board_out_lit(o, " data-variant=\"");
	board_out_xml(o, kifu_variant_name(l->v));
	attr_int(o, "\" data-ply=\"", view->ply);
	board_out_lit(o, " data-sfen=\"");
	board_out_xml(o, sfen);
	board_out_lit(o, "\">\n<title>");
	board_out_xml(o, view->source);
	board_out_lit(o, ", ply ");
	board_out_int(o, view->ply);
	board_out_lit(o, "</title>\n");
}

void board_svg_write(struct board_out *o, const struct board_view *view)
{
	const kifu_position *pos = view->pos;
	struct layout l;
	layout_init(&l, view);
	int counter_strike = kifu_position_counter_strike(pos);
	put_root(o, &l, view);
	collect_sides(&l, pos);
	collect_looks(&l);
	put_style(o, &l, view, counter_strike >= 0);
	board_out_lit(o, "<defs>\n");
	put_defs(o, &l, "");
	board_out_lit(o, "</defs>\n");
	attr_int(o, "<rect width=\"", l.width);
	attr_int(o, " height=\"", l.height);
	board_out_lit(o, " fill=\"#fffaf0\"/>\n");
	enum kifu_side top = l.flip ? KIFU_SENTE : KIFU_GOTE;
	if (l.drops)
		put_hand(o, &l, pos, top, HAND_H / 2);
	put_grid(o, &l);
	if (view->last) {
		/* the last move's squares under the pieces */
		const kifu_move *m = view->last;
		if (!(m->flags & KIFU_MOVE_DROP) && m->from != m->to)
			put_square(o, &l, m->from, "last-from");
		if (m->mid != KIFU_NO_SQUARE && m->mid != m->to)
			put_square(o, &l, m->mid, "last-mid");
		put_square(o, &l, m->to, "last-to");
	}
	put_coords(o, &l, view->coords);
	put_layer(o, &l, KIFU_SENTE);
	put_layer(o, &l, KIFU_GOTE);
	/* Chu's counter-strike square (a Lion was just taken there by another
	 * piece: docs/rules.md), outlined over the pieces */
	if (counter_strike >= 0)
		put_square(o, &l, counter_strike, "counter-strike");
	if (l.drops)
		put_hand(o, &l, pos, top == KIFU_SENTE ? KIFU_GOTE : KIFU_SENTE,
			 l.y0 + l.ranks * CH + HAND_H / 2);
	put_caption(o, &l, view);
	board_out_lit(o, "</svg>\n");
}

/* The page's board (board_html.c) is drawn by this file's code: the
 * definitions, the frame and the style are the picture's, and the page's
 * script places the pieces and marks the squares with the picture's
 * geometry (board_svg_page_geometry), as put_layer and put_square do. */

void board_svg_piece_defs(struct board_out *o, const kifu_variant *v, const char *prefix)
{
	struct layout l;
	layout_board(&l, v, 0, 1, 0);
	/* every type, for either side */
	memset(l.sides, (1u << KIFU_SENTE) | (1u << KIFU_GOTE), sizeof l.sides);
	collect_looks(&l);
	put_defs(o, &l, prefix);
}

void board_svg_page_frame(struct board_out *o, const kifu_variant *v, int flip)
{
	struct layout l;
	layout_board(&l, v, flip, 1, 0);
	put_grid(o, &l);
	put_coords(o, &l, BOARD_COORDS_KANJI);
}

void board_svg_page_geometry(const kifu_variant *v, struct board_geometry *g)
{
	struct layout l;
	layout_board(&l, v, 0, 1, 0);
	g->width = l.width;
	g->height = l.height;
	g->x0 = l.x0;
	g->y0 = l.y0;
	g->cw = CW;
	g->ch = CH;
	g->cx = l.cx2 / 2;
	g->cy = l.cy2 / 2;
}

void board_svg_page_style(struct board_out *o)
{
	static const char *const rules[] = {
		style_text, style_board, "\n", style_rows, style_coord, style_last_from, style_last_mid,
		style_last_to, style_counter_strike, style_pieces, style_one, style_promoted, "\n",
	};
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		board_out_str(o, rules[i]);
}
