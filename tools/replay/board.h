/*
 * board.h - drawing a position for kifu-replay: a text diagram in both
 * notations (board_text.c), an SVG picture (board_svg.c) and an HTML page
 * to replay records in a browser (board_html.c), with the piece names they
 * share (board_glyph.c) and the buffer pictures are written into
 * (board_out.c).  docs/replay.md describes the output.
 */
#ifndef KIFU_BOARD_H
#define KIFU_BOARD_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <kifu/kifu.h>

/* The fonts with the kanji, for the pictures and the page: IPA Mincho
 * first (Debian's fonts-ipafont-mincho, which tools/scripts/install-deps.sh
 * installs), then the other Japanese Mincho fonts, then any CJK serif. */
#define BOARD_FONT "'IPAMincho','IPAexMincho','Noto Serif CJK JP','Noto Serif JP','Hiragino Mincho ProN'," \
	"'Yu Mincho','MS Mincho','Source Han Serif','Noto Serif CJK SC',serif"

/* The coordinates written around a picture's board. */
enum board_coords {
	BOARD_COORDS_KANJI,   /* files 1..N, ranks 一.. (printed diagrams) */
	BOARD_COORDS_COMPACT, /* files 1..N, ranks a.. (the compact notation) */
	BOARD_COORDS_NONE
};

/* A position to draw and how it was reached. */
struct board_view {
	const kifu_position *pos;
	const char *source;       /* "FILE:LINE" of the record, for titles */
	long ply;                 /* moves of the record played (0: its start) */
	long plies;               /* moves the replay reached in all */
	const kifu_move *last;    /* the move that led here, NULL at the start */
	const char *last_text;    /* that move in the compact notation */
	const char *last_words;   /* that move in kanji, "▲７六歩(77)" (pictures) */
	int flip;                 /* seen from Gote's side (pictures) */
	int size;                 /* the board's width in pixels; 0: its own (SVG) */
	enum board_coords coords; /* (SVG) */
};

/* A growing buffer a picture or a page is written into, then written out
 * in one go.  It is kept from one picture to the next and grows only when
 * a picture is larger than every one before it, so that drawing allocates
 * nothing and calls no printf.  Out of memory sets `failed` and drops what
 * follows. */
struct board_out {
	char *p;
	size_t len, cap;
	int failed;
};

/* Makes room for n more bytes (the slow path of board_out_bytes).  0, or
 * -1 when out of memory. */
int board_out_grow(struct board_out *o, size_t n);
static inline void board_out_bytes(struct board_out *o, const char *s, size_t n)
{
	if (o->len + n > o->cap && board_out_grow(o, n))
		return;
	memcpy(o->p + o->len, s, n);
	o->len += n;
}
void board_out_str(struct board_out *o, const char *s);
/* A string literal, its length known when compiled. */
#define board_out_lit(o, s) board_out_bytes((o), "" s, sizeof(s) - 1)
void board_out_char(struct board_out *o, char c);
/* A whole number in decimal. */
void board_out_int(struct board_out *o, long n);
/* Text or an attribute value (in double quotes) in XML and HTML: & < > "
 * escaped, control characters (but tab and newline) as '?', so that nothing
 * a record or a variant file holds can add markup.  _n: at most n bytes. */
void board_out_xml(struct board_out *o, const char *s);
void board_out_xml_n(struct board_out *o, const char *s, size_t n);
/* A JSON string, quoted, that is safe inside an HTML <script> element:
 * the JSON writer's escapes with KIFU_JSON_HTML (kifu/json.h): < > &
 * written \u003c \u003e \u0026 (no "</script>", no "<!--"), controls,
 * U+2028 and U+2029 escaped, bytes that are not UTF-8 as U+FFFD. */
void board_out_json(struct board_out *o, const char *s);
/* Writes the buffer to f and empties it.  0, or -1 (a write error, or the
 * buffer ran out of memory). */
int board_out_flush(struct board_out *o, FILE *f);
void board_out_free(struct board_out *o);

/* The one or two kanji that stand for type t on a piece or in a diagram:
 * the KIF short name when it is one or two characters, else the first and
 * last characters of the full name.  With mark_promoted, a promoted type
 * whose glyph an unpromoted type also has becomes 成 + its first character
 * (text has no red ink).  Writes a NUL-terminated UTF-8 string into buf and
 * returns the number of characters (1 or 2). */
int board_glyph(const kifu_variant *v, int t, int mark_promoted, char *buf, size_t size);
/* Boards wider than this draw their pieces in squares too small for a
 * two-kanji name at a readable size: pictures give each piece its short
 * name (formats/variants.md, `short`) instead, the first one or two
 * characters of its name where the file gives none. */
#define BOARD_SMALL_FILES 19
/* The glyph of side's piece of type t in a picture: its `short` name where
 * the variant file gives one, on any board; else board_glyph's (on a board
 * over BOARD_SMALL_FILES files, the first one or two characters of its
 * name), but Gote's king is 王 where Sente's is 玉 (玉将: 王将), as printed
 * diagrams draw the upper side's king.  Returns the number of characters. */
int board_glyph_side(const kifu_variant *v, int t, enum kifu_side side, char *buf, size_t size);

/* The kanji numeral of n (1 <= n <= 99): 一, 十, 十五. */
const char *board_kanji_number(int n, char *buf, size_t size);

/* Writes the text diagram: compact-notation diagram (SFEN tokens, files N..1,
 * ranks a..), kanji diagram, hands, side to move, last move. */
void board_text_write(FILE *out, const struct board_view *view);

/* Writes the SVG picture (a whole UTF-8 XML document) into o. */
void board_svg_write(struct board_out *o, const struct board_view *view);

/* The page's board (board_html.c) is the SVG picture's, drawn by
 * board_svg.c's code: its pieces' definitions, its frame, its style and its
 * geometry are the picture's, and the page's script places the pieces and
 * marks the squares with that geometry as board_svg_write does.
 *
 * board_svg_piece_defs: every piece of variant v, for <use>, as the
 * picture defines them: "<g id=PREFIX u T" for type T with Sente's glyph,
 * "PREFIX k T" with Gote's where it differs (the king's 王), pointing up,
 * centred on (0,0); the koma outline is PREFIX "o".  To go inside <defs>. */
void board_svg_piece_defs(struct board_out *o, const kifu_variant *v, const char *prefix);
/* The board's squares, grid, dots and coordinates (kanji ranks), seen from
 * Sente's side, or Gote's with flip, at board_svg_page_geometry's place. */
void board_svg_page_frame(struct board_out *o, const kifu_variant *v, int flip);
/* Where the page's board is, in SVG user units: the picture of a variant
 * without hands or caption, which the page shows beside it. */
struct board_geometry {
	int width, height; /* the viewBox, from (0, 0) */
	int x0, y0;        /* the squares' top left corner */
	int cw, ch;        /* a square's width and height */
	int cx, cy;        /* the board's centre, about which the top side's pieces are turned */
};
void board_svg_page_geometry(const kifu_variant *v, struct board_geometry *g);
/* The style of the board and its pieces, every rule the picture may use
 * (a <style> element's content). */
void board_svg_page_style(struct board_out *o);

/* The HTML page (board_html.c): a page that replays records in a browser.
 * board_html_begin writes its head, title escaped (flip: the board seen
 * from Gote's side at first); each record adds its
 * data (board_html_record); board_html_end closes it with the viewer's
 * script.  A page holds any number of records of any variants. */
struct board_html;
int board_html_new(struct board_html **out);
void board_html_free(struct board_html *h);
void board_html_begin(struct board_html *h, struct board_out *o, const char *title, int flip);
/* Plays every line of rec (through pos, a position of v) and writes what
 * the page shows of it: its tags, every position of every line as SFEN,
 * every move in kanji with its time and comment.  open_ply: the ply the
 * page opens at when its address does not say (-1: the start).  Returns 0,
 * or KIFU_ENOMEM; *val tells where the play stopped on an illegal move. */
int board_html_record(struct board_html *h, struct board_out *o, const kifu_record *rec,
		      const kifu_variant *v, kifu_position *pos, long open_ply, kifu_validation *val);
void board_html_end(struct board_html *h, struct board_out *o);

#endif
