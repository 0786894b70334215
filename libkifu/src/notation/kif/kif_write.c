/*
 * kif_write.c - writing KIF (docs/kif.md): Kakinoki KIF for 9×9 boards as
 * Kifu for Windows and tsshogi write it, lishogi's wide form for larger
 * boards, and the BOD board diagram.
 *
 * A KIF move names the moving piece, so each line of play is played on a
 * position (kifu_play, its `before` hook writing each move).  An illegal
 * move that can be carried out is written as it is: real records end with
 * one, marked 反則勝ち.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/kif.h"
#include "kifu/play.h"
#include "kifu/vocabulary.h"
#include "notation/kif/kif_lex.h"
#include "notation/kif/kif_read.h"
#include "notation/kif/kif_write.h"
#include "notation/notation.h"
#include "notation/writing.h"
#include "text/encoding.h"

static const char *const fw_digits[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const kanji[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

enum { NAME_MAX = 128 };
/* Room for a square in the wide form, "36三十六" at the most (11 bytes,
 * and its NUL: the table's entries are copied whole). */
enum { SQUARE_TEXT = 12 };

/* ---- text made by hand: no printf on the per-move path ---- */

/* Each put_ writes at o and returns the end of what it wrote (no NUL);
 * the caller's buffer has room (KIFU_KIF_WORDS_MAX for a move's words). */
static char *put_text(char *o, const char *s)
{
	size_t n = strlen(s);
	memcpy(o, s, n);
	return o + n;
}

/* A string literal: its length known where it is written. */
#define PUT_LIT(o, lit) (memcpy((o), (lit), sizeof(lit) - 1), (o) + sizeof(lit) - 1)

/* v in decimal, at least `width` characters, padded on the left with pad. */
static char *put_decimal(char *o, unsigned long v, int width, char pad)
{
	if (v < 10 && width <= 1) { /* a file or rank of a 9x9 board */
		*o = (char)('0' + v);
		return o + 1;
	}
	if (v < 100 && width <= 2) { /* a file of a larger one, minutes, seconds */
		if (v >= 10 || width == 2)
			*o++ = v >= 10 ? (char)('0' + v / 10) : pad;
		*o = (char)('0' + v % 10);
		return o + 1;
	}
	char d[24], *e = d + sizeof d, *p = e;
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) && p > d);
	for (int n = (int)(e - p); n < width; n++)
		*o++ = pad;
	memcpy(o, p, (size_t)(e - p));
	return o + (e - p);
}

/* A kanji number from 1 to 99: 一, 十, 十五, 二十三 (each kanji three bytes;
 * what the reader reads, kifu__kif_kanji_number). */
static char *put_kanji_number(char *o, int n)
{
	if (n >= 20) {
		memcpy(o, kanji[n / 10], 3);
		o += 3;
	}
	if (n >= 10)
		o = PUT_LIT(o, "十");
	if (n % 10) {
		memcpy(o, kanji[n % 10], 3);
		o += 3;
	}
	return o;
}

static void fput_kanji_number(FILE *f, int n)
{
	char buf[16];
	fwrite(buf, 1, (size_t)(put_kanji_number(buf, n) - buf), f);
}

int kifu__kif_width(const char *s)
{
	int w = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x80)
			w++;
		else if ((*p & 0xC0) == 0xC0)
			w += 2;
	return w;
}

static bool is_wide(const kifu_variant *v)
{
	return kifu_variant_files(v) > 9 || kifu_variant_ranks(v) > 9;
}

const char *kifu__kif_short_name(const kifu_variant *v, int t)
{
	return kifu_variant_piece_writing(v, t)->short_name;
}

/* The name a move gives its piece (the variant's, made when it was
 * loaded): the full name on large boards, the short one on 9×9 boards; a
 * drop's reads back as the type (its own name), as nothing but the name
 * tells what is dropped.  *len its length, *reads how it reads back
 * (KIFU_READS_*). */
static const char *piece_word(const kifu_variant *v, int t, bool wide, bool drop, size_t *len, unsigned *reads)
{
	const kifu_piece_writing *pw = kifu_variant_piece_writing(v, t);
	const char *name = wide ? pw->written : pw->short_name;
	size_t n = wide ? pw->written_len : pw->short_len;
	unsigned r = wide ? pw->written_reads : pw->short_reads;
	if (drop && !(r & KIFU_READS_EXACT) && pw->own_len) {
		name = pw->own;
		n = pw->own_len;
		r = pw->own_reads;
	}
	*len = n;
	*reads = r;
	return name;
}

static void move_name(const kifu_variant *v, int t, bool wide, char *buf, size_t size)
{
	const kifu_piece_writing *pw = kifu_variant_piece_writing(v, t);
	snprintf(buf, size, "%s", wide ? pw->written : pw->short_name);
}

/* Does name read back as type t (not as another type of the same name):
 * in a move, or in a board diagram's cell (kifu__bod_cell_piece)? */
static bool names_only(const kifu_variant *v, int t, const char *name, bool diagram)
{
	size_t used = 0, len = strlen(name);
	int read = diagram ? kifu__bod_cell_piece(v, name, len, &used) : kifu_variant_piece_by_name(v, name, len, &used);
	return read == t && used == len;
}

/* The one-character name for a 9×9 board diagram: the first of the KIF
 * name, the aliases and the full name that is one character long and reads
 * back as this type.  A diagram names a piece without its square's move to
 * tell two types of one name apart (小象棋's promoted Leopard and its Bishop,
 * both 角): such a type gets its written name (成角行). */
static void bod_name(const kifu_variant *v, int t, char *buf, size_t size)
{
	kifu_piece_info p;
	kifu_variant_piece(v, t, &p);
	const char *one = NULL, *d = kifu_variant_piece_diagram_name(v, t);
	if (d[0] && names_only(v, t, d, true))
		one = d;
	if (!one && kifu__kif_width(p.kif) == 2 && names_only(v, t, p.kif, true))
		one = p.kif;
	for (int i = 0; !one && i < p.naliases; i++) {
		const char *a = kifu_variant_piece_alias(v, t, i);
		if (kifu__kif_width(a) == 2 && names_only(v, t, a, true))
			one = a;
	}
	if (!one && kifu__kif_width(p.name) == 2 && names_only(v, t, p.name, true))
		one = p.name;
	if (one)
		snprintf(buf, size, "%s", one);
	else
		move_name(v, t, true, buf, size);
}

/* buf holds a name of type t; where a reader would take it for another
 * type (Chu's Tokin is 金将, as the Gold: 金将 in a diagram is a Gold), the
 * first of t's names that it takes for t instead (in a diagram's cell, or
 * in a drop). */
static bool own_name(const kifu_variant *v, int t, char *buf, size_t size, bool diagram)
{
	char other[NAME_MAX];
	for (int i = 0; !names_only(v, t, buf, diagram); i++) {
		int n = kifu_variant_piece_reading(v, t, i, other, sizeof other);
		if (n <= 0)
			return false; /* none does: the name as it was */
		if (names_only(v, t, other, diagram))
			snprintf(buf, size, "%s", other);
	}
	return true;
}

/* The name a board diagram shows: the variant file's diagram name (Chu's
 * 香, 成馬), else one character on 9×9 boards (全 for a promoted Silver),
 * the written name on larger ones (as in the moves); a name that reads
 * back as the piece, as nothing but the name tells it.
 * false when none of its names does (a user's variant that gives two types
 * one name and no other). */
static bool cell_name(const kifu_variant *v, int t, bool wide, char *buf, size_t size)
{
	const char *d = kifu_variant_piece_diagram_name(v, t);
	if (d[0] && names_only(v, t, d, true))
		snprintf(buf, size, "%s", d); /* the variant file's diagram name */
	else if (wide)
		move_name(v, t, true, buf, size);
	else
		bod_name(v, t, buf, size);
	return own_name(v, t, buf, size, true);
}

/* A type on pos's board or in a hand that a diagram cannot name so that it
 * reads back (cell_name), or -1. */
static int unnamed_in_diagram(const kifu_position *pos)
{
	const kifu_variant *v = kifu_position_variant(pos);
	bool wide = is_wide(v);
	char name[NAME_MAX];
	for (int sq = 0; sq < kifu_variant_files(v) * kifu_variant_ranks(v); sq++) {
		int c = kifu_position_at(pos, sq);
		if (c && !cell_name(v, kifu_code_type(c), wide, name, sizeof name))
			return kifu_code_type(c);
	}
	for (int t = 0; t < kifu_variant_piece_count(v); t++)
		if ((kifu_position_hand(pos, KIFU_SENTE, t) || kifu_position_hand(pos, KIFU_GOTE, t)) &&
		    !cell_name(v, t, wide, name, sizeof name))
			return t;
	return -1;
}

static void put_hand(FILE *f, const kifu_position *pos, enum kifu_side side, bool handicap)
{
	const kifu_variant *v = kifu_position_variant(pos);
	bool wide = is_wide(v);
	fputs(side == KIFU_SENTE ? (handicap ? "下手の持駒：" : "先手の持駒：") :
				   (handicap ? "上手の持駒：" : "後手の持駒："), f);
	bool any = false;
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		int n = kifu_position_hand(pos, side, t);
		if (!n)
			continue;
		any = true;
		char name[NAME_MAX];
		cell_name(v, t, wide, name, sizeof name);
		/* a count the reader reads is at most 九十九: more is said as
		 * several counts of the same piece, which it adds up (歩九十九
		 * 歩五十一 for 150) */
		for (; n > 99; n -= 99) {
			fputs(name, f);
			fput_kanji_number(f, 99);
			fputs("　", f);
		}
		fputs(name, f);
		/* one piece has no count: 歩, not 歩一 */
		if (n > 1)
			fput_kanji_number(f, n);
		fputs("　", f);
	}
	if (!any)
		fputs("なし", f);
	fputc('\n', f);
}

/* Is a diagram of v drawn in lishogi's layout: a board over 9×9 whose
 * every piece has a diagram name (formats/variants.md, `diagram`) that a
 * diagram reads back as it?  scalashogi KifModel.renderSituation and
 * shogiops makeKifBoard draw Chu so: cells of three characters. */
static bool lishogi_layout(const kifu_variant *v)
{
	if (!is_wide(v))
		return false;
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		const char *d = kifu_variant_piece_diagram_name(v, t);
		if (!d[0] || !names_only(v, t, d, true))
			return false;
	}
	return true;
}

/* The number of characters of UTF-8 text. */
static int char_count(const char *s)
{
	int n = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		n += (*p & 0xC0) != 0x80;
	return n;
}

/* A border: + and dashes, cols of them. */
static void put_border(FILE *f, int cols)
{
	fputc('+', f);
	for (int i = 0; i < cols; i++)
		fputc('-', f);
	fputs("+\n", f);
}

/* The file numbers, the board between its borders, each rank's kanji after
 * it.  In lishogi's layout: the numbers in full-width digits, each in three
 * characters (` １２ １１ １０ ９  ８`, the line's last spaces left out), four
 * dashes a file, and each cell right-aligned in three characters (`  香`,
 * ` v香`, ` 成馬`, `v成馬`, `  ・`).  Otherwise Kakinoki's: the mark (v or a
 * space) then the name, padded to cw columns (2 on 9×9 boards: ` ９ ８`, the
 * widest name on larger ones, whose file numbers are ASCII). */
static void put_board(FILE *f, const kifu_position *pos, bool lishogi, int cw)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	bool wide = is_wide(v);
	for (int file = files; file >= 1; file--) {
		if (lishogi) {
			fputc(' ', f);
			if (file >= 10)
				fputs(fw_digits[file / 10], f);
			fputs(fw_digits[file % 10], f);
			if (file < 10 && file > 1)
				fputc(' ', f);
		} else if (wide)
			fprintf(f, "%*d", cw + 1, file);
		else
			fprintf(f, " %s", fw_digits[file]);
	}
	fputc('\n', f);
	int cols = files * (lishogi ? 4 : cw + 1);
	put_border(f, cols);
	for (int r = 0; r < ranks; r++) {
		fputc('|', f);
		for (int file = files; file >= 1; file--) {
			int c = kifu_position_at(pos, r * files + file - 1);
			/* the cell: its mark, then the name */
			char cell[NAME_MAX + 1] = " ・";
			if (c) {
				cell[0] = kifu_code_side(c) == KIFU_GOTE ? 'v' : ' ';
				cell_name(v, kifu_code_type(c), wide, cell + 1, sizeof cell - 1);
			}
			if (lishogi) {
				const char *text = cell[0] == ' ' ? cell + 1 : cell;
				for (int i = char_count(text); i < 3; i++)
					fputc(' ', f);
				fputs(text, f);
			} else {
				fputs(cell, f);
				for (int i = kifu__kif_width(cell + 1); i < cw; i++)
					fputc(' ', f);
			}
		}
		fputc('|', f);
		fput_kanji_number(f, r + 1);
		fputc('\n', f);
	}
	put_border(f, cols);
}

int kifu_bod_write(FILE *f, const kifu_position *pos, int handicap)
{
	const kifu_variant *v = kifu_position_variant(pos);
	bool lishogi = lishogi_layout(v);
	/* a piece whose every name reads as another's (Maka Dai Dai's promoted
	 * Bishop, 金将 as a dozen promoted pieces are): the diagram would read
	 * back as another position */
	if (unnamed_in_diagram(pos) >= 0)
		return KIFU_EUNSUPPORTED;
	/* every cell as wide as the widest name (2 columns a kanji) */
	int cw = 2;
	if (is_wide(v) && !lishogi)
		for (int t = 0; t < kifu_variant_piece_count(v); t++) {
			char name[NAME_MAX];
			cell_name(v, t, true, name, sizeof name);
			if (kifu__kif_width(name) > cw)
				cw = kifu__kif_width(name);
		}
	/* no hands where nothing is ever in hand, as lishogi writes Chu */
	bool hands = !lishogi || kifu_variant_has_drops(v);
	if (hands)
		put_hand(f, pos, KIFU_GOTE, handicap);
	put_board(f, pos, lishogi, cw);
	if (hands)
		put_hand(f, pos, KIFU_SENTE, handicap);
	/* the side to move when it is Gote's; in a handicap game either side's,
	 * as Kifu for Windows writes it (a reader that takes the side from the
	 * 手合割, 上手 first, as tsshogi does, needs 下手番 said) */
	if (kifu_position_side(pos) == KIFU_GOTE)
		fputs(handicap ? "上手番\n" : "後手番\n", f);
	else if (handicap)
		fputs("下手番\n", f);
	return ferror(f) ? KIFU_EIO : 0;
}

typedef struct writer {
	FILE *f;
	const kifu_record *rec;
	const kifu_variant *v;
	kifu_position *pos;
	bool wide;
	bool times;   /* the record has times: write them on every move */
	int line;     /* the line of play being written */
	long start;   /* its first ply */
	long base;    /* added to a ply for its number: the moves before a wide start */
	int prev_to;  /* the square of the move before (同, 仝), -1 if none */
	unsigned char *branch; /* branch[k]: the line's move k has variations (k < branch_n) */
	size_t branch_n, branch_cap;
	kifu_diag *diag;
	int files;    /* the board's */
	int ranks;
	/* the move lines, gathered here and written to f a block at a time
	 * (an fwrite a move cost a third of the writer's own time) */
	char *lines;
	size_t lines_n;
	kifu__totals totals; /* each side's running total (writing.h) */
} writer;

/* Room for a whole move line: its words and the rest of it. */
enum { LINES_ROOM = 16 * 1024 };

/* The gathered move lines out to f: before anything else is written to it. */
static void flush_lines(writer *w)
{
	if (w->lines_n)
		fwrite(w->lines, 1, w->lines_n, w->f);
	w->lines_n = 0;
}

/* A move's time and the total: "( 0:08/00:00:08)" as Kifu for Windows
 * writes it; in the wide form "(00:08/00:00:08)" as lishogi does (its
 * minutes padded to two digits).  A total not known (< 0) is left empty,
 * "( 0:08/)" as 81Dojo writes it: never a total the record does not give. */
static char *put_times(char *o, bool wide, double time, double total)
{
	unsigned long t = time < 0 ? 0 : (unsigned long)time, tot = total < 0 ? 0 : (unsigned long)total;
	*o++ = '(';
	o = put_decimal(o, t / 60, 2, wide ? '0' : ' ');
	*o++ = ':';
	o = put_decimal(o, t % 60, 2, '0');
	*o++ = '/';
	if (total < 0) {
		*o++ = ')';
		return o;
	}
	o = put_decimal(o, tot / 3600, 2, '0');
	*o++ = ':';
	o = put_decimal(o, tot / 60 % 60, 2, '0');
	*o++ = ':';
	o = put_decimal(o, tot % 60, 2, '0');
	*o++ = ')';
	return o;
}

/* KIF's move field, padded to 12 columns (Kifu for Windows), then the
 * time and the mark of a move that has variations: "７六歩(77)   ( 0:08/00:00:08)+",
 * "７六歩(77)   +" without times.  Here what follows text, whose width
 * (kifu__kif_width) is given. */
static char *put_field_tail(const writer *w, char *o, int width, double time, double total, bool branch)
{
	for (int i = width; i < 12; i++)
		*o++ = ' ';
	/* a move whose time is not known has none written, even among timed ones */
	bool timed = w->times && time >= 0;
	if (timed) {
		*o++ = ' ';
		o = put_times(o, w->wide, time, total);
	}
	if (branch)
		o = put_text(o, timed ? "+" : " +");
	return o;
}

void kifu__kif_put_comment_lines(FILE *f, const char *comment)
{
	const char *p = comment;
	for (;;) {
		const char *nl = strchr(p, '\n');
		fputc('*', f);
		fwrite(p, 1, nl ? (size_t)(nl - p) : strlen(p), f);
		fputc('\n', f);
		if (!nl)
			break;
		p = nl + 1;
	}
}

void kifu__kif_put_annotations(FILE *f, const char *comment, const char *bookmark)
{
	if (comment)
		kifu__kif_put_comment_lines(f, comment);
	if (bookmark)
		fprintf(f, "&%s\n", bookmark);
}

/* A square in the wide form, by file and rank: "7九", "10十一", "36三十六"
 * (a constant table, copied whole: SQUARE_TEXT bytes). */
typedef struct square_text {
	char text[SQUARE_TEXT];
	unsigned char len;
} square_text;
#define SQ(f, r) {f r, sizeof(f r) - 1}
#define RANKS(f) \
	{{"", 0}, SQ(f, "一"), SQ(f, "二"), SQ(f, "三"), SQ(f, "四"), SQ(f, "五"), SQ(f, "六"), SQ(f, "七"), \
	 SQ(f, "八"), SQ(f, "九"), SQ(f, "十"), SQ(f, "十一"), SQ(f, "十二"), SQ(f, "十三"), SQ(f, "十四"), \
	 SQ(f, "十五"), SQ(f, "十六"), SQ(f, "十七"), SQ(f, "十八"), SQ(f, "十九"), SQ(f, "二十"), SQ(f, "二十一"), \
	 SQ(f, "二十二"), SQ(f, "二十三"), SQ(f, "二十四"), SQ(f, "二十五"), SQ(f, "二十六"), SQ(f, "二十七"), SQ(f, "二十八"), \
	 SQ(f, "二十九"), SQ(f, "三十"), SQ(f, "三十一"), SQ(f, "三十二"), SQ(f, "三十三"), SQ(f, "三十四"), SQ(f, "三十五"), \
	 SQ(f, "三十六")}
static const square_text wide_squares[KIFU_MAX_DIM + 1][KIFU_MAX_DIM + 1] = {
	{{"", 0}}, RANKS("1"), RANKS("2"), RANKS("3"), RANKS("4"), RANKS("5"), RANKS("6"), RANKS("7"),
	RANKS("8"), RANKS("9"), RANKS("10"), RANKS("11"), RANKS("12"), RANKS("13"), RANKS("14"),
	RANKS("15"), RANKS("16"), RANKS("17"), RANKS("18"), RANKS("19"), RANKS("20"), RANKS("21"),
	RANKS("22"), RANKS("23"), RANKS("24"), RANKS("25"), RANKS("26"), RANKS("27"), RANKS("28"),
	RANKS("29"), RANKS("30"), RANKS("31"), RANKS("32"), RANKS("33"), RANKS("34"), RANKS("35"),
	RANKS("36"),
};
#undef RANKS
#undef SQ

/* A square of a board of `files` files in the wide form.  The caller's
 * buffer has room for SQUARE_TEXT bytes. */
static inline char *put_square_wide(char *o, int files, int sq)
{
	/* no division on the per-move path (a tenth of the writer's time) */
	const unsigned f = (unsigned)files, row = (unsigned)kifu__square_rank(sq, files);
	const unsigned file = (unsigned)sq - row * f;
	if (f - 1 >= KIFU_MAX_DIM || file >= KIFU_MAX_DIM || row >= KIFU_MAX_DIM) {
		/* no square of a board kifu plays: said as a number anyway */
		o = put_decimal(o, f ? (unsigned)sq % f + 1 : 0, 1, ' ');
		return put_kanji_number(o, f ? (int)((unsigned)sq / f + 1) : 0);
	}
	const square_text *t = &wide_squares[file + 1][row + 1];
	memcpy(o, t->text, SQUARE_TEXT);
	return o + t->len;
}

/* piece_word at o. */
static char *put_piece_words(char *o, const kifu_variant *v, int t, bool wide, bool drop, unsigned *reads)
{
	size_t len;
	const char *name = piece_word(v, t, wide, drop, &len, reads);
	memcpy(o, name, len);
	return o + len;
}

/* "DEST NAME[成]" in KIF words: "７六歩", "同　角成", "５五角打"; wide: "7八歩兵",
 * "仝角行成".  *reads: how the name reads back (KIFU_READS_*). */
static char *put_move_head(char *o, const kifu_position *pos, const kifu_move *m, int prev_to, bool wide,
			   unsigned *reads)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v);
	if (m->to == prev_to) {
		o = put_text(o, wide ? "仝" : "同　");
	} else if (wide) {
		o = put_square_wide(o, files, m->to);
	} else {
		/* full-width digit and kanji: three bytes each */
		memcpy(o, fw_digits[m->to % files + 1], 3);
		memcpy(o + 3, kanji[m->to / files + 1], 3);
		o += 6;
	}
	if (m->flags & KIFU_MOVE_DROP) {
		o = put_piece_words(o, v, m->piece, wide, true, reads);
		return PUT_LIT(o, "打");
	}
	o = put_piece_words(o, v, kifu_code_type(kifu_position_at(pos, m->from)), wide, false, reads);
	/* no 不成: KIF names the origin, and Kifu for Windows leaves it out */
	if (m->flags & KIFU_MOVE_PROMOTE)
		o = PUT_LIT(o, "成");
	return o;
}

/* A wide-form two-step move's mark or route, after its head: "（居食い）"
 * (it takes on mid and stays), "（じっと）" (it passes), else the route
 * " （←MID←FROM）" when the origin is asked for. */
static char *put_two_step_tail(char *o, const kifu_position *pos, const kifu_move *m, unsigned flags, int files)
{
	/* (a run or three legs: the square it stops on after mid first,
	 * " （←MID2←MID←FROM）", whether it ends on from or not) */
	const int ranks = kifu_variant_ranks(kifu_position_variant(pos));
	const int second = m->flags & KIFU_MOVE_RUN        ? kifu__run_second(files, m->from, m->mid, m->to)
			   : m->flags & KIFU_MOVE_THREE_LEGS ? (int)kifu_move_mid2(m, files, ranks)
							     : -1;
	if (second >= 0 && second < files * ranks) {
		o = put_text(o, " （←");
		o = put_square_wide(o, files, second);
		o = put_text(o, "←");
		o = put_square_wide(o, files, m->mid);
		o = put_text(o, "←");
		o = put_square_wide(o, files, m->from);
		return put_text(o, "）");
	}
	if (m->from == m->to)
		return put_text(o, kifu_position_at(pos, m->mid) ? "（居食い）" : "（じっと）");
	if (flags & KIFU_KIF_ORIGIN) {
		o = put_text(o, " （←");
		o = put_square_wide(o, files, m->mid);
		o = put_text(o, "←");
		o = put_square_wide(o, files, m->from);
		o = put_text(o, "）");
	}
	return o;
}

/* Room for any move's words made here: a mark, two squares and a route,
 * a name of at most NAME_MAX bytes, 成 or 打. */
enum { WORDS_ROOM = NAME_MAX + 128 };

/* kifu_kif_move_words into buf (WORDS_ROOM bytes), NUL-terminated; its
 * length, or KIFU_EINVAL.  *reads: how the piece's name reads back. */
static int move_words(const kifu_position *pos, const kifu_move *m, int prev_to, unsigned flags, char *buf,
		      unsigned *reads)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v), squares = files * kifu_variant_ranks(v);
	bool drop = m->flags & KIFU_MOVE_DROP, wide = is_wide(v);
	if (m->to >= squares || (!drop && (m->from >= squares || !kifu_position_at(pos, m->from))) ||
	    (drop && m->piece >= kifu_variant_piece_count(v)))
		return KIFU_EINVAL;
	char *o = buf;
	if (flags & KIFU_KIF_MARK)
		o = put_text(o, kifu_position_side(pos) == KIFU_SENTE ? "▲" : "△");
	o = put_move_head(o, pos, m, prev_to, wide, reads);
	if (drop) {
		/* a drop names no origin */
	} else if (wide && m->mid != KIFU_NO_SQUARE && m->mid < squares) {
		o = put_two_step_tail(o, pos, m, flags, files);
	} else if (flags & KIFU_KIF_ORIGIN) {
		if (wide) {
			o = put_text(o, " （←");
			o = put_square_wide(o, files, m->from);
			o = put_text(o, "）");
		} else {
			*o++ = '(';
			o = put_decimal(o, (unsigned long)(m->from % files + 1), 1, ' ');
			o = put_decimal(o, (unsigned long)(m->from / files + 1), 1, ' ');
			*o++ = ')';
		}
	}
	*o = 0;
	return (int)(o - buf);
}

int kifu_kif_move_words(const kifu_position *pos, const kifu_move *m, int prev_to, unsigned flags,
			char *buf, size_t size)
{
	char text[WORDS_ROOM];
	unsigned reads;
	int len = move_words(pos, m, prev_to, flags, text, &reads);
	if (len < 0)
		return len;
	if ((size_t)len + 1 > size)
		return KIFU_ELIMIT;
	memcpy(buf, text, (size_t)len + 1);
	return len;
}

/* Do the words of move m read back as it, as the reader parses them: its
 * square (or 同), a name of its piece, 成 or 打 as it has, its origin on 9×9
 * boards, and nothing left?  Not where a user's variant names a piece 十
 * (read as part of the square), with a space, or not at all. */
static bool words_read_back(const writer *w, const kifu_move *m, int type, const char *words, int prev_to)
{
	kif_text t = {words, words + strlen(words)};
	kif_move_head h;
	if (kifu__kif_move_head(w->v, &t, false, &h, NULL) != KIF_HEAD_OK || (h.same ? prev_to : h.to) != m->to ||
	    h.promote != ((m->flags & KIFU_MOVE_PROMOTE) != 0) || !kifu_piece_names_agree(w->v, h.type, type))
		return false;
	if (m->flags & KIFU_MOVE_DROP)
		return h.drop && h.type == m->piece && t.p == t.end;
	return !h.drop && (w->wide || kifu__kif_origin(w->v, &t) == m->from) && t.p == t.end;
}

/* The square a run (KIFU_MOVE_RUN) or a three-leg move
 * (KIFU_MOVE_THREE_LEGS) stops on after mid: its second line's. */
static int second_stop(const writer *w, const kifu_move *m)
{
	if (m->flags & KIFU_MOVE_RUN)
		return kifu__run_second(w->files, m->from, m->mid, m->to);
	return kifu_move_mid2(m, w->files, w->ranks);
}

/* words_read_back, answered from how the piece's name reads back (the
 * variant's, KIFU_READS_*) where it can be: the square and the origin are
 * digits and kanji the reader reads back whatever the piece, so the words
 * read back when the name does after the square and followed by what
 * follows it (成 or the origin, 打, or nothing).  Else they are parsed (and
 * a move the name does not tell is refused). */
static bool reads_back(writer *w, const kifu_move *m, int type, const char *words, unsigned reads,
		       int prev_to)
{
	bool drop = m->flags & KIFU_MOVE_DROP, promote = m->flags & KIFU_MOVE_PROMOTE;
	unsigned need = KIFU_READS_AFTER_NUMBER |
			(drop ? KIFU_READS_EXACT | KIFU_READS_BEFORE_DROP :
				KIFU_READS_AGREEING | (promote ? KIFU_READS_BEFORE_PROMOTE : w->wide ? 0u : KIFU_READS_BEFORE_ASCII));
	if ((reads & need) == need)
		return true;
	return words_read_back(w, m, type, words, prev_to);
}

/* A move KIF cannot write so that it reads back as the move: 0, or
 * KIFU_EUNSUPPORTED with w->diag saying why.  words: what the move's line
 * says of it (move_words), reads how the piece's name in them reads back. */
static int unwritable_move(writer *w, const kifu_position *pos, const kifu_play_step *step, const char *words,
			   unsigned reads)
{
	const kifu_record_move *m = step->move;
	const char *why = NULL;
	char head[WORDS_ROOM];
	if (!w->wide && m->move.mid != KIFU_NO_SQUARE)
		/* a two-step move names no square between in Kakinoki KIF: written
		 * as a one-step move, it would read back as another move */
		why = "a two-step move cannot be written in KIF for a 9×9 board";
	else if (w->wide && m->move.mid == KIFU_NO_SQUARE && !(m->move.flags & KIFU_MOVE_DROP) &&
		 m->move.from == m->move.to)
		/* the wide form reads a one-line move to its own square as a pass */
		why = "a move to the square it leaves cannot be written in KIF (it would read as a pass)";
	else if ((m->move.flags & KIFU_MOVE_RUN) &&
		 (m->move.mid == KIFU_NO_SQUARE ||
		  kifu__run_second(w->files, m->move.from, m->move.mid, m->move.to) < 0))
		/* its lines name the squares it stops on */
		why = "a run whose squares are not along one line cannot be written in KIF";
	else if ((m->move.flags & KIFU_MOVE_THREE_LEGS) &&
		 (m->move.mid == KIFU_NO_SQUARE || (m->move.flags & KIFU_MOVE_RUN) ||
		  !kifu__three_legs_shape(w->files, w->ranks, m->move.from, m->move.mid,
					  kifu_move_mid2(&m->move, w->files, w->ranks), m->move.to)))
		why = "a three-leg move whose squares are not three king steps cannot be written in KIF";
	if (why)
		return kifu_diag_set(w->diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), m->line, m->col,
				     "ply %ld: %s: %s", step->ply, m->text, why);
	int type = m->move.flags & KIFU_MOVE_DROP ? m->move.piece : kifu_code_type(kifu_position_at(pos, m->move.from));
	if (w->wide && m->move.mid != KIFU_NO_SQUARE) {
		/* each of its lines names a square and then the piece, as a
		 * one-step move's head does (put_move): the first the square
		 * between (or 仝), a run's second the square after it, the
		 * last `to` with 成 as the move has it, never 仝.  A name that
		 * begins with a numeral must read back after each square
		 * (一歩 after 5十 would read as 5十一 and 歩) */
		int at[3], n = 0;
		at[n++] = m->move.mid;
		if (m->move.flags & (KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS))
			at[n++] = second_stop(w, &m->move);
		at[n++] = m->move.to;
		for (int i = 0; i < n; i++) {
			kifu_move leg = m->move;
			leg.to = at[i];
			leg.mid = KIFU_NO_SQUARE;
			leg.flags &= ~(unsigned)(KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS);
			if (!(leg.flags & KIFU_MOVE_DROP))
				leg.piece = 0;
			if (i < n - 1)
				leg.flags &= ~(unsigned)KIFU_MOVE_PROMOTE;
			int prev = i == 0 ? w->prev_to : -1;
			*put_move_head(head, pos, &leg, prev, true, &reads) = 0;
			if (!reads_back(w, &leg, type, head, reads, prev))
				return kifu_diag_set(w->diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), m->line,
						     m->col, "ply %ld: %s: written %s in KIF, it would not read back as "
						     "the move (the piece's names: kifu-variants show %s)", step->ply,
						     m->text, head, kifu_variant_name(w->v));
		}
		return 0;
	}
	if (reads_back(w, &m->move, type, words, reads, w->prev_to))
		return 0;
	return kifu_diag_set(w->diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), m->line, m->col,
			     "ply %ld: %s: written %s in KIF, it would not read back as the move (the piece's "
			     "names: kifu-variants show %s)", step->ply, m->text, words, kifu_variant_name(w->v));
}

/* "%4ld" as the move number is written: right-aligned in four columns. */
static char *put_ply(char *o, long ply)
{
	if (ply < 0 || ply > 9999)
		return put_decimal(o, ply < 0 ? 0 : (unsigned long)ply, 4, ' ');
	unsigned v = (unsigned)ply;
	o[0] = v >= 1000 ? (char)('0' + v / 1000) : ' ';
	o[1] = v >= 100 ? (char)('0' + v / 100 % 10) : ' ';
	o[2] = v >= 10 ? (char)('0' + v / 10 % 10) : ' ';
	o[3] = (char)('0' + v % 10);
	return o + 4;
}

/* The play loop's `before` hook: writes one move, its line made by hand
 * and written at once. */
static int put_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	writer *w = ctx;
	const kifu_record_move *m = step->move;
	const kifu_variant *v = w->v;
	char words[WORDS_ROOM];
	int len = 0;
	unsigned reads = 0;
	words[0] = 0;
	/* the writer's own form: the origin always, a two-step move on two lines */
	if (m->move.mid == KIFU_NO_SQUARE || !w->wide)
		len = move_words(pos, &m->move, w->prev_to, w->wide ? 0 : KIFU_KIF_ORIGIN, words, &reads);
	if (len < 0) {
		len = 0;
		reads = 0;
		words[0] = 0;
	}
	int rc = unwritable_move(w, pos, step, words, reads);
	if (rc)
		return rc;
	double total = kifu__totals_next(&w->totals, step->ply, m->time, m->total);
	if (w->lines_n > LINES_ROOM - 4 * WORDS_ROOM) /* (a run's three lines and times) */
		flush_lines(w);
	char *o = w->lines + w->lines_n;
	if (w->wide) {
		/* lishogi's server form (scalashogi format/kif/KifModel.scala):
		 * "   1手目   7八歩兵 （←7九）", no ▲/△; a two-step move on two
		 * lines, each with its own origin, the second never 仝 and with
		 * no 居食い/じっと mark (its squares say it) */
		if (m->move.mid != KIFU_NO_SQUARE) {
			size_t name_len;
			const char *name = piece_word(v, kifu_code_type(kifu_position_at(pos, m->move.from)), true, false,
						      &name_len, &reads);
			o = put_ply(o, step->ply + w->base);
			o = put_text(o, "手目一歩目 ");
			o = m->move.mid == w->prev_to ? put_text(o, "仝") : put_square_wide(o, w->files, m->move.mid);
			o = put_text(o, name);
			o = put_text(o, " （←");
			o = put_square_wide(o, w->files, m->move.from);
			o = put_text(o, "）\n");
			int at = m->move.mid; /* the last step's origin */
			const bool three = (m->move.flags & (KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS)) != 0;
			if (three) {
				/* a run: a third line (三歩目), on from the square
				 * after the first step's; three legs: from mid2
				 * (docs/kif.md) */
				at = second_stop(w, &m->move);
				o = put_ply(o, step->ply + w->base);
				o = put_text(o, "手目二歩目 ");
				o = put_square_wide(o, w->files, at);
				o = put_text(o, name);
				o = put_text(o, " （←");
				o = put_square_wide(o, w->files, m->move.mid);
				o = put_text(o, "）\n");
			}
			o = put_ply(o, step->ply + w->base);
			o = put_text(o, three ? "手目三歩目 " : "手目二歩目 ");
			o = put_square_wide(o, w->files, m->move.to);
			o = put_text(o, name);
			if (m->move.flags & KIFU_MOVE_PROMOTE)
				o = put_text(o, "成");
			o = put_text(o, " （←");
			o = put_square_wide(o, w->files, at);
			o = put_text(o, "）");
		} else {
			o = put_ply(o, step->ply + w->base);
			o = put_text(o, "手目   ");
			memcpy(o, words, (size_t)len);
			o += len;
			if (!(m->move.flags & KIFU_MOVE_DROP)) {
				o = put_text(o, " （←");
				o = put_square_wide(o, w->files, m->move.from);
				o = put_text(o, "）");
			}
		}
		if (w->times && m->time >= 0) {
			o = put_text(o, "   ");
			o = put_times(o, true, m->time, total);
		}
	} else {
		o = put_ply(o, step->ply);
		*o++ = ' ';
		long k = step->ply - w->start;
		memcpy(o, words, (size_t)len);
		o = put_field_tail(w, o + len, kifu__kif_width(words), m->time, total,
				   k >= 0 && (size_t)k < w->branch_n && w->branch[k]);
	}
	*o++ = '\n';
	w->lines_n = (size_t)(o - w->lines);
	if (m->comment || m->bookmark) {
		flush_lines(w);
		kifu__kif_put_annotations(w->f, m->comment, m->bookmark);
	}
	w->prev_to = m->move.to;
	return 0;
}

/* The play loop's variation_begin hook: a variation's heading; the square of the
 * move before the line (同, 仝). */
static int begin_line(void *ctx, kifu_position *pos, int line)
{
	writer *w = ctx;
	kifu_record_line_info li;
	(void)pos;
	kifu_record_get_line(w->rec, line, &li);
	w->line = line;
	w->start = li.start;
	w->prev_to = kifu__kif_square_before(w->rec, line);
	kifu__totals_line(&w->totals, w->rec, line, li.start);
	/* which of its moves have variations (the + after their times) */
	if ((size_t)li.count > w->branch_cap) {
		unsigned char *b = realloc(w->branch, (size_t)li.count);
		if (!b)
			return KIFU_ENOMEM;
		w->branch = b;
		w->branch_cap = (size_t)li.count;
	}
	w->branch_n = (size_t)li.count;
	if (w->branch_n)
		memset(w->branch, 0, w->branch_n);
	for (int c = li.first_child; c >= 0;) {
		kifu_record_line_info ci;
		kifu_record_get_line(w->rec, c, &ci);
		if (ci.start >= li.start && ci.start < li.start + li.count)
			w->branch[ci.start - li.start] = 1;
		c = ci.next_sibling;
	}
	flush_lines(w);
	if (line > 0)
		fprintf(w->f, "\n変化：%ld手\n", li.start + w->base);
	return ferror(w->f) ? KIFU_EIO : 0;
}

/* The play loop's variation_end hook: the line's ending, with its time and
 * comment. */
static int end_line(void *ctx, kifu_position *pos, int line)
{
	writer *w = ctx;
	kifu_record_line_info li;
	kifu_record_get_line(w->rec, line, &li);
	if (!li.ending[0])
		return 0;
	const kifu_ending_info *e = kifu_ending_find(li.ending, strlen(li.ending));
	const char *word = e ? e->kif : li.ending;
	long ply = li.start + li.count;
	char buf[128], *o = put_ply(buf, ply + w->base);
	(void)pos;
	flush_lines(w);
	o = put_text(o, w->wide ? "手目   " : " ");
	fwrite(buf, 1, (size_t)(o - buf), w->f);
	fputs(word, w->f);
	o = buf;
	double total = kifu__totals_next(&w->totals, ply, li.ending_time, li.ending_total);
	if (!w->wide)
		o = put_field_tail(w, o, kifu__kif_width(word), li.ending_time, total, false);
	else if (w->times && li.ending_time >= 0)
		o = put_times(put_text(o, "   "), true, li.ending_time, total);
	*o++ = '\n';
	fwrite(buf, 1, (size_t)(o - buf), w->f);
	if (li.ending_comment)
		kifu__kif_put_comment_lines(w->f, li.ending_comment);
	return ferror(w->f) ? KIFU_EIO : 0;
}

int kifu__kif_play_lines(const kifu_record *rec, kifu_position *pos, const kifu_play_options *hooks,
			 kifu_validation *validation, const char *form, kifu_diag *diag)
{
	kifu_play_options opt = *hooks;
	return kifu__write_lines(rec, pos, &opt, validation, form, diag);
}

int kifu__kif_square_before(const kifu_record *rec, int line)
{
	kifu_record_line_info li;
	kifu_record_move before;
	kifu_record_get_line(rec, line, &li);
	return li.start > 1 && kifu_record_line_move(rec, line, li.start - 1, &before, NULL) == 0 ? before.move.to : -1;
}

/* The headers, in Kifu for Windows' order (kifu/vocabulary.h). */
/* A header or a bookmark is one line of KIF: a line break in its value
 * would start a line of its own (手合割：..., a move), so such a record is
 * refused, never written.  0, or KIFU_EUNSUPPORTED with where it is. */
static int one_line(const kifu_record *rec, const char *what, const char *value, kifu_diag *diag)
{
	if (!value || !value[strcspn(value, "\r\n")])
		return 0;
	return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
			     "%s holds a line break, which KIF cannot write", what);
}

/* Every header and bookmark of the record is one line (one_line). */
static int check_one_line(const kifu_record *rec, kifu_diag *diag)
{
	char what[160];
	for (int i = 0; i < kifu_record_tag_count(rec); i++) {
		snprintf(what, sizeof what, "the tag %s", kifu_record_tag_key(rec, i));
		int rc = one_line(rec, what, kifu_record_tag_value(rec, i), diag);
		if (rc)
			return rc;
	}
	int rc = one_line(rec, "the bookmark before the first move", kifu_record_bookmark_before(rec), diag);
	/* a move's bookmark is an annotation: none when the record has none */
	long n = kifu_record_moves_annotated(rec) ? kifu_record_total_moves(rec) : 0;
	for (long i = 0; !rc && i < n; i++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, i, &m);
		if (m.bookmark && m.bookmark[strcspn(m.bookmark, "\r\n")]) {
			snprintf(what, sizeof what, "the bookmark of %s", m.text);
			rc = one_line(rec, what, m.bookmark, diag);
			if (rc && m.line) {
				diag->line = m.line;
				diag->col = m.col;
			}
		}
	}
	return rc;
}

/* Does the set's variant *c inherit, however far back, from the one at
 * index `at`?  Told from the shipped files' summaries, nothing loaded. */
static bool of_family(const kifu_variant_summary *c, int at)
{
	kifu_variant_summary a = *c;
	for (int depth = 0; a.parent_at >= 0 && depth < 16; depth++) {
		if (a.parent_at == at)
			return true;
		if (kifu_variant_set_summary(NULL, a.parent_at, &a))
			return false;
	}
	return false;
}

/* Is a wide shipped variant *c, not v (at index v_at) nor of its family, one
 * whose start could hold the piece on (file, rank), and not one whose start
 * and pieces are its parent's, itself wide (the answer is the parent's)? */
static bool may_fit(const kifu_variant_summary *c, int at, int v_at, int file, int rank)
{
	kifu_variant_summary p;
	if (at == v_at || (c->files <= 9 && c->ranks <= 9) || file >= c->files || rank >= c->ranks ||
	    of_family(c, v_at))
		return false;
	return !(c->start_as_parent && !kifu_variant_set_summary(NULL, c->parent_at, &p) &&
		 (p.files > 9 || p.ranks > 9));
}

/* A shipped variant that a reader tells from a header-less wide KIF by its
 * board and first move (docs/kif.md, "The variant of a KIF record"): Chu,
 * Dai, Tenjiku, Wa, Heian Dai, when the record's first move (from the
 * variant's start) fits the start of no other shipped variant than those
 * that refine it (a lance on 1一 is on it in Chu, Dai and Tenjiku alike,
 * a pawn on 6十一 in Dai and Heian Dai): on the square of the same numbers,
 * a piece of the mover's of the same name, as the reader takes it
 * (kif_read.c, first_move_fits).  A record with a board diagram is told by
 * its size.  lishogi's server writes no 手合割 for Chu's start (scalashogi
 * KifModel.renderSetup), and neither does kifu for these.  Only the
 * variants whose board holds the square are loaded (kifu_variant_set_summary),
 * and of a family that shares a start, only its head. */
static bool told_by_board(const kifu_record *rec, const kifu_variant *v)
{
	const kifu_variant *shipped;
	if (!is_wide(v) || kifu_variant_parent(v)[0] ||
	    kifu_variant_builtin(&shipped, kifu_variant_name(v), NULL) != 0 || shipped != v)
		return false;
	if (kifu_record_tag(rec, "sfen"))
		return true;
	kifu_record_line_info main;
	if (kifu_record_line_count(rec) < 1 || kifu_record_get_line(rec, 0, &main) != 0 || main.count < 1)
		return false; /* no first move: 手合割 says the variant */
	kifu_record_move first;
	kifu_record_get_move_at(rec, main.first, &first);
	if (first.move.from == KIFU_NO_SQUARE)
		return false;
	/* the piece that makes the first move, on v's start */
	int mine = kifu_variant_start_at(v, first.move.from);
	if (!mine)
		return false;
	/* the side the start gives the move (the SFEN's second field) */
	const char *sp = strchr(kifu_variant_start_sfen(v), ' ');
	int side = sp && sp[1] == 'w' ? KIFU_GOTE : KIFU_SENTE, vf = kifu_variant_files(v);
	int file = first.move.from % vf, rank = first.move.from / vf;
	kifu_piece_info pv;
	kifu_variant_piece(v, kifu_code_type(mine), &pv);
	int n = kifu_variant_set_count(NULL), v_at = 0;
	kifu_variant_summary cs;
	while (v_at < n && (kifu_variant_set_summary(NULL, v_at, &cs) || strcmp(cs.name, kifu_variant_name(v))))
		v_at++;
	for (int i = 0; i < n; i++) {
		const kifu_variant *c;
		if (kifu_variant_set_summary(NULL, i, &cs) || !may_fit(&cs, i, v_at, file, rank))
			continue;
		/* the name on their square, from the file where it tells it
		 * (Taikyoku's load alone is 4 MiB), else from the variant */
		const char *name;
		enum kifu_side their_side;
		int told = kifu_variant_set_start_name(NULL, i, rank * cs.files + file, &name, &their_side);
		if (told == 1 && (int)their_side == side && !strcmp(pv.name, name))
			return false;
		if (told != KIFU_ENOTFOUND || !(c = kifu_variant_set_at(NULL, i)))
			continue;
		int theirs = kifu_variant_start_at(c, rank * kifu_variant_files(c) + file);
		kifu_piece_info pc;
		if (theirs && (int)kifu_code_side(theirs) == side && !kifu_variant_piece(c, kifu_code_type(theirs), &pc) &&
		    !strcmp(pv.name, pc.name))
			return false;
	}
	return true;
}

/* What 手合割 says of a record with no handicap: the variant's title (大将棋,
 * else its name), so that a reader can tell the variant; NULL for
 * standard shogi's variants (those with a start called 平手) and for those
 * a reader tells by their board (told_by_board). */
static const char *variant_title(const kifu_record *rec, const kifu_variant *v)
{
	if (kifu_variant_named_start(v, "平手") || told_by_board(rec, v))
		return NULL;
	return kifu_variant_title_ja(v)[0] ? kifu_variant_title_ja(v) : kifu_variant_name(v);
}

/* ---- what KIF and KI2 cannot carry ---- */

/* Is s fit for the rest of a line, read back the same: no line break, no
 * CR at its end (a line's CR LF ending); trimmed (a header's value): no
 * space at either end. */
static bool fits_line(const char *s, bool trimmed)
{
	size_t n = strlen(s);
	if (strchr(s, '\n') || (n && s[n - 1] == '\r'))
		return false;
	kif_text t = {s, s + n};
	if (trimmed)
		kifu__kif_trim(&t);
	return t.p == s && t.end == s + n;
}

/* A comment, written one `*` line a line of it. */
static bool fits_comment(const char *s)
{
	for (const char *nl; (nl = strchr(s, '\n')); s = nl + 1)
		if (nl > s && nl[-1] == '\r')
			return false;
	return fits_line(s, false);
}

/* A `header` tag ("KEY：VALUE", written whole) reads back as itself: a
 * header line whose key names no tag, with a full-width colon and a
 * trimmed value. */
static bool fits_header(const char *h)
{
	size_t n = strlen(h);
	kif_line kl;
	if (!fits_line(h, false))
		return false;
	kifu__kif_classify(h, n, &kl);
	if (kl.kind != KIF_HEADER || kl.key.p != h)
		return false;
	size_t klen = (size_t)(kl.key.end - kl.key.p);
	kif_text val = kl.rest;
	kifu__kif_trim(&val);
	const kifu_tag_info *tag;
	return kifu__kif_header_kind(h, klen, (size_t)(val.end - val.p), &tag) == KIF_HEADER_WHOLE &&
	       !strncmp(h + klen, "：", 3) && val.p == h + klen + 3 && val.end == h + n;
}

/* A handicap that 手合割 cannot carry: one that the reader takes for another
 * variant, or for another variant's start, or for the variant itself (with
 * a board diagram, a handicap may name no start of the variant: その他). */
static bool handicap_misread(const kifu_variant *v, const char *handicap)
{
	const char *start;
	const kifu_variant *named = kifu__kif_handicap_variant(NULL, v, handicap, &start);
	return named && (named != v || !start);
}

/* Whether the form (KIF, KI2) can carry the record's headers, comments and
 * bookmarks so that they read back the same (the line breaks of headers
 * and bookmarks are check_one_line's): 0, or KIFU_EUNSUPPORTED with diag
 * saying what it cannot. */
static int survey(const kifu_record *rec, const kifu_variant *v, const char *form, const char **title_out,
		  kifu_diag *diag)
{
	char what[300] = "";
	long at = 0;
	int ntags = kifu_record_tag_count(rec), nsfen = 0, nhandicap = 0;
	for (int i = 0; i < ntags && !what[0]; i++) {
		const char *k = kifu_record_tag_key(rec, i), *val = kifu_record_tag_value(rec, i);
		const kifu_tag_info *tag;
		nsfen += !strcmp(k, "sfen");
		nhandicap += !strcmp(k, "handicap");
		if (!strcmp(k, "sfen")) /* written as a board diagram */
			continue;
		if (!strcmp(k, "header") ? !fits_header(val) :
		    !fits_line(val, true) || (!strcmp(k, "handicap") &&
					      kifu__kif_header_kind("手合割", strlen("手合割"), strlen(val), &tag) !=
						      KIF_HEADER_TAG))
			snprintf(what, sizeof what, "the %s tag's value (a line break, a CR at its end, spaces at its "
				 "ends, or a header that reads as another)", k);
		else if (nsfen > 1 || nhandicap > 1)
			snprintf(what, sizeof what, "a second %s tag (%s has one)", k, form);
		else if (!strcmp(k, "handicap") && handicap_misread(v, val))
			snprintf(what, sizeof what, "the handicap tag's value (it names another variant or its start)");
	}
	/* a user's variant's title: 手合割 must read back as the variant */
	const char *title = nhandicap ? NULL : variant_title(rec, v), *start;
	*title_out = title;
	if (!what[0] && title &&
	    (!fits_line(title, true) || kifu__kif_handicap_variant(NULL, v, title, &start) != v || start))
		snprintf(what, sizeof what, "the variant's title (手合割 would not read back as the variant)");
	const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE), *bm = kifu_record_bookmark_before(rec);
	if (!what[0] && ((pre && !fits_comment(pre)) || (bm && !fits_line(bm, false))))
		snprintf(what, sizeof what, "the comment or bookmark before the moves (a CR at a line's end, "
			 "a line break in a bookmark)");
	long n = kifu_record_moves_annotated(rec) ? kifu_record_total_moves(rec) : 0;
	for (long i = 0; i < n && !what[0]; i++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, i, &m);
		at = m.line;
		if ((m.comment && !fits_comment(m.comment)) || (m.bookmark && !fits_line(m.bookmark, false)))
			snprintf(what, sizeof what, "%s: its comment or bookmark (a CR at a line's end, a line break "
				 "in a bookmark)", m.text);
	}
	for (int l = 0; l < kifu_record_line_count(rec) && !what[0]; l++) {
		kifu_record_line_info li;
		kifu_record_get_line(rec, l, &li);
		at = li.ending_line;
		if (li.ending_comment && !fits_comment(li.ending_comment))
			snprintf(what, sizeof what, "%s: its comment (a CR at a line's end)", li.ending_text);
	}
	if (what[0])
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), at, 0,
				     "%s cannot be written in %s: it would not read back the same", what, form);
	return 0;
}

/* The board diagram of the start (pos), with the moves played before it
 * (the SFEN's move number): `手数＝N`; on a larger board, as lishogi writes
 * it, the move numbers say it (the first is the SFEN's move number: lila's
 * NotationDump, index + startedAtStep), and 手数＝N only when no move or
 * ending of the main line is there to be numbered. */
static int put_diagram(FILE *f, const kifu_record *rec, const kifu_position *pos, bool is_handicap)
{
	int rc = kifu_bod_write(f, pos, is_handicap);
	kifu_record_line_info main;
	kifu_record_get_line(rec, 0, &main);
	bool numbered = is_wide(kifu_position_variant(pos)) && (main.count > 0 || main.ending[0]);
	if (!rc && kifu_position_movenumber(pos) > 1 && !numbered)
		fprintf(f, "手数＝%ld\n", kifu_position_movenumber(pos) - 1);
	return rc;
}

/* The headers, and the start's diagram when there is one (start, else
 * NULL): after them on 9×9 boards, as Kifu for Windows writes it; on
 * larger ones where 手合割 goes, before 先手 and 後手, as lishogi's server
 * writes it (scalashogi KifModel.renderHeader, whose setup takes the
 * handicap's place). */
static int put_headers(FILE *f, const kifu_record *rec, const kifu_variant *v, bool is_handicap,
		       const char *title, const kifu_position *start)
{
	int ntags = kifu_record_tag_count(rec);
	bool wide = is_wide(v);
	int rc = 0;
	int raw = wide ? KIFU_TAG_KIF_WIDE_ORDER_RAW : KIFU_TAG_KIF_ORDER_RAW;
	for (int order = 1; order <= raw + kifu_tag_count(); order++) {
		if (order == raw) {
			/* headers kept whole, as read */
			for (int i = 0; i < ntags; i++)
				if (!strcmp(kifu_record_tag_key(rec, i), "header"))
					fprintf(f, "%s\n", kifu_record_tag_value(rec, i));
			continue;
		}
		const kifu_tag_info *tag = NULL;
		for (int k = 0; k < kifu_tag_count(); k++)
			if ((wide ? kifu_tag_at(k)->kif_wide_order : kifu_tag_at(k)->kif_order) == order)
				tag = kifu_tag_at(k);
		if (!tag)
			continue;
		if (!strcmp(tag->key, "handicap")) {
			/* 手合割: the named start, else the variant (大将棋, 小将棋) when it
			 * is not standard shogi, so that a reader can tell the variant */
			const char *handicap = kifu_record_tag(rec, "handicap");
			if (handicap)
				fprintf(f, "%s：%s\n", tag->kif, handicap);
			else if (title)
				fprintf(f, "%s：%s\n", tag->kif, title);
			if (wide && start) {
				rc = put_diagram(f, rec, start, is_handicap);
				start = NULL;
			}
			continue;
		}
		const char *header = is_handicap && tag->kif_handicap ? tag->kif_handicap : tag->kif;
		for (int i = 0; i < ntags; i++)
			if (!strcmp(kifu_record_tag_key(rec, i), tag->key))
				fprintf(f, "%s：%s\n", header, kifu_record_tag_value(rec, i));
	}
	/* other tags that KIF has no header for: kept as headers of their own */
	for (int i = 0; i < ntags; i++) {
		const char *k = kifu_record_tag_key(rec, i);
		if (!kifu_tag_find(k) && strcmp(k, "header") != 0 && strcmp(k, "sfen") != 0)
			fprintf(f, "%s：%s\n", k, kifu_record_tag_value(rec, i));
	}
	if (!rc && start)
		rc = put_diagram(f, rec, start, is_handicap);
	return rc;
}

bool kifu__kif_is_handicap(const kifu_record *rec, const kifu_variant *v)
{
	const char *handicap = kifu_record_tag(rec, "handicap");
	return handicap && strcmp(handicap, "平手") != 0 && kifu_variant_named_start(v, handicap);
}

/* What comes before the moves: checks that rec can be written in form
 * (read whole, every header and bookmark one line, what survey checks),
 * the first line, the headers, and the board diagram of a start the sfen
 * tag gives (set up on pos), with the moves played before it. */
static int preamble(FILE *f, const kifu_record *rec, const kifu_variant *v, const char *form,
		    const char *first, kifu_position *pos, kifu_diag *diag)
{
	long err_line = 0, err_col = 0;
	const char *err = kifu_record_error(rec, NULL, &err_line, &err_col, NULL);
	if (err)
		return kifu_diag_set(diag, KIFU_EINVAL, kifu_record_file(rec), err_line, err_col,
				     "the record was not read whole: %s", err);
	const char *title = NULL; /* what 手合割 says when no handicap does (survey) */
	int rc = check_one_line(rec, diag);
	if (!rc)
		rc = survey(rec, v, form, &title, diag);
	if (rc)
		return rc;
	bool is_handicap = kifu__kif_is_handicap(rec, v);
	const kifu_position *start = NULL;
	if (kifu_record_tag(rec, "sfen")) {
		if (kifu_record_start(rec, pos, diag))
			return KIFU_ESYNTAX;
		if (kifu_position_counter_strike(pos) >= 0)
			/* a diagram has no place for it (Chu's SFEN field 3) */
			return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
					     "the start's counter-strike square cannot be written in %s", form);
		int unnamed = unnamed_in_diagram(pos);
		if (unnamed >= 0) {
			kifu_piece_info info;
			kifu_variant_piece(v, unnamed, &info);
			return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
					     "the start's %s cannot be written in a %s diagram: each of its names reads as "
					     "another piece (kifu-variants show %s)", info.name, form, kifu_variant_name(v));
		}
		start = pos;
	}
	fprintf(f, "%s\n", first);
	return put_headers(f, rec, v, is_handicap, title, start);
}

/* The moves of a KIF record, after its preamble. */
static int kif_body(FILE *f, const kifu_record *rec, const kifu_variant *v, kifu_position *pos,
		    void *ctx, kifu_diag *diag)
{
	kifu_validation *validation = ctx; /* kifu_write_options.validation, or NULL */
	/* whether the record has any: then every move with one has it written */
	bool times = kifu__write_any_times(rec, true);
	int rc = kifu__write_times_fit(rec, true, "KIF", diag);
	if (rc)
		return rc;
	/* an ending's time is written too when no move has one */
	char lines[LINES_ROOM];
	writer w = {f, rec, v, pos, is_wide(v), times, 0, 1, 0, -1, NULL, 0, 0, diag, kifu_variant_files(v), kifu_variant_ranks(v), lines, 0,
		    /* the game's beginning: the start's move number is 1 */
		    {kifu_position_movenumber(pos) <= 1, {0, 0}, {false, false}}};
	/* lishogi numbers the moves from a set-up position on from its SFEN's
	 * move number (put_diagram); pos holds the start the preamble set up */
	if (w.wide && kifu_record_tag(rec, "sfen"))
		w.base = kifu_position_movenumber(pos) - 1;
	fputs("手数----指手---------消費時間--\n", f);
	kifu__kif_put_annotations(f, kifu_record_comment(rec, KIFU_COMMENT_BEFORE), kifu_record_bookmark_before(rec));
	/* every line of play, each followed by its variations, the latest ply
	 * first (Kifu for Windows' order, which the reader's attachment rule
	 * reads back): the play loop walks them all, each move once */
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.before = put_move;
	opt.variation_begin = begin_line;
	opt.variation_end = end_line;
	opt.ctx = &w;
	rc = kifu__kif_play_lines(rec, pos, &opt, validation, "KIF", diag);
	flush_lines(&w);
	free(w.branch);
	return rc;
}

/* A character Shift_JIS has no form for, at offset at of the text: the
 * record is refused (a '?' would be a quiet change), naming the character
 * and the line it is on. */
static int lost_in_sjis(const kifu_record *rec, const char *form, const char *text, size_t at,
			kifu_diag *diag)
{
	long line = 1;
	for (size_t i = 0; i < at; i++)
		line += text[i] == '\n';
	size_t k = 1;
	while (text[at + k] && ((unsigned char)text[at + k] & 0xC0) == 0x80 && k < 4)
		k++;
	return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
			     "\"%.*s\" (line %ld of its %s) has no form in Shift_JIS: write UTF-8", (int)k,
			     text + at, line, form);
}

/* The text as it goes out: UTF-8, or Shift_JIS when asked. */
static int put_encoded(FILE *out, const kifu_record *rec, const char *form, const char *text, size_t len,
		       enum kifu_encoding encoding, kifu_diag *diag)
{
	char *enc = (char *)text;
	size_t elen = len, lost = (size_t)-1;
	int rc = 0;
	if (encoding == KIFU_ENCODING_SJIS && kifu__encode_text(KIFU__ENC_CP932, text, len, &enc, &elen, &lost))
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "cannot convert to Shift_JIS");
	if (!rc && lost != (size_t)-1)
		rc = lost_in_sjis(rec, form, text, lost, diag);
	if (!rc && fwrite(enc, 1, elen, out) != elen)
		rc = KIFU_EIO;
	if (enc != text)
		free(enc);
	return rc;
}

/* The record's text into mem: its first line, headers, diagram and body. */
static int write_text(FILE *mem, const kifu_record *rec, const kifu_variant *v, const kifu_write_options *opt,
		      const char *form, kifu__kif_body body, void *ctx, kifu_diag *diag)
{
	enum kifu_encoding encoding = opt->encoding;
	kifu_position *own = NULL, **at = opt->position ? opt->position : &own;
	if (kifu_position_for(at, v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	kifu_position *pos = *at;
	kifu_position_reset(pos); /* at the variant's start, as a new one (the caller's is where it was left) */
	char first[64];
	/* "#KIF version=2.0 encoding=UTF-8", "#KI2 ...": Kifu for Windows' first
	 * line; it also starts the next record of a stream */
	snprintf(first, sizeof first, "#%s version=2.0 encoding=%s", form,
		 encoding == KIFU_ENCODING_SJIS ? "Shift_JIS" : "UTF-8");
	int rc = preamble(mem, rec, v, form, first, pos, diag);
	if (!rc)
		rc = body(mem, rec, v, pos, ctx, diag);
	kifu_position_free(own);
	return rc;
}

/* Room on the stack for a record's text: most records fit, and a stream of
 * them then asks nothing of the heap for their text (a buffer grown and
 * freed for each record left the heap in pieces: 1.4 MiB more resident
 * after 50,000 Dai records).  A longer record is written again into a
 * buffer grown on the heap. */
enum { TEXT_ON_STACK = 64 * 1024 };

int kifu__kif_write_as(FILE *out, const kifu_record *rec, const kifu_variant *v, const kifu_write_options *opt,
		       const char *form, kifu__kif_body body, void *ctx, kifu_diag *diag)
{
	enum kifu_encoding encoding = opt->encoding;
	char small[TEXT_ON_STACK];
	int rc;
	FILE *mem = fmemopen(small, sizeof small, "w");
	if (mem) {
		rc = write_text(mem, rec, v, opt, form, body, ctx, diag);
		long at = ftell(mem);
		bool fits = !ferror(mem) && at >= 0 && (size_t)at < sizeof small - 1;
		if (fclose(mem) != 0)
			fits = false;
		/* a full buffer fails the writes (an error that says nothing of
		 * the record): then again on the heap */
		if (fits && rc)
			return rc;
		if (fits)
			return put_encoded(out, rec, form, small, (size_t)at, encoding, diag);
		kifu_diag_clear(diag);
	}
	/* too long for the stack: again, into a buffer on the heap */
	char *text = NULL;
	size_t len = 0;
	mem = open_memstream(&text, &len);
	if (!mem)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	rc = write_text(mem, rec, v, opt, form, body, ctx, diag);
	if (fclose(mem) != 0 && !rc)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc)
		rc = put_encoded(out, rec, form, text, len, encoding, diag);
	free(text);
	return rc;
}

int kifu_kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		   enum kifu_encoding encoding, kifu_diag *diag)
{
	kifu_write_options opt = KIFU_WRITE_OPTIONS_INIT;
	opt.encoding = encoding;
	return kifu__kif_write_as(out, rec, v, &opt, "KIF", kif_body, NULL, diag);
}

int kifu__kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag);

int kifu__kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag)
{
	return kifu__kif_write_as(out, rec, v, opt, "KIF", kif_body, opt->validation, diag);
}
