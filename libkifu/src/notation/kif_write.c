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
#include "notation/kif_lex.h"
#include "text/encoding.h"

static const char *const fw_digits[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const kanji[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

enum { NAME_MAX = 128 };

/* A kanji number up to 99 (一, 十, 十五, 二十三) appended to buf. */
static void kanji_number(char *buf, size_t size, int n)
{
	size_t len = strlen(buf);
	snprintf(buf + len, size - len, "%s%s%s", n >= 20 ? kanji[n / 10] : "", n >= 10 ? "十" : "",
		 kanji[n % 10]);
}

static void put_kanji_number(FILE *f, int n)
{
	char buf[16] = "";
	kanji_number(buf, sizeof buf, n);
	fputs(buf, f);
}

/* Display width of UTF-8 text: 2 for a non-ASCII character. */
static int width(const char *s)
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

/* The short name KIF writes in moves (歩, と, 成銀): the KIF name, else the
 * full name. */
static const char *short_name(const kifu_variant *v, int t)
{
	kifu_piece_info info;
	kifu_variant_piece(v, t, &info);
	return info.kif[0] ? info.kif : info.name;
}

/* The name a move gives its piece: the full name on large boards, the
 * short one on 9×9 boards. */
static void move_name(const kifu_variant *v, int t, bool wide, char *buf, size_t size)
{
	if (!wide || kifu_variant_piece_written_name(v, t, buf, size) < 0)
		snprintf(buf, size, "%s", short_name(v, t));
}

/* The one-character name for a 9×9 board diagram: the first of the KIF
 * name, the aliases and the full name that is one character long. */
static const char *bod_name(const kifu_variant *v, int t)
{
	kifu_piece_info p;
	kifu_variant_piece(v, t, &p);
	if (width(p.kif) == 2)
		return p.kif;
	for (int i = 0; i < p.naliases; i++)
		if (width(kifu_variant_piece_alias(v, t, i)) == 2)
			return kifu_variant_piece_alias(v, t, i);
	if (width(p.name) == 2)
		return p.name;
	return p.kif[0] ? p.kif : p.name;
}

/* Does name read back as type t, all of it? */
static bool names_type(const kifu_variant *v, int t, const char *name)
{
	size_t used = 0, n = strlen(name);
	return kifu_variant_piece_by_name(v, name, n, &used) == t && used == n;
}

/* buf holds a name of type t; where a reader would take it for another
 * type (Chu's Tokin is 金将, as the Gold: 金将 in a diagram is a Gold), the
 * first of t's names that it takes for t instead. */
static void own_name(const kifu_variant *v, int t, char *buf, size_t size)
{
	char other[NAME_MAX];
	for (int i = 0; !names_type(v, t, buf); i++) {
		int n = kifu_variant_piece_reading(v, t, i, other, sizeof other);
		if (n <= 0)
			return; /* none does: the name as it was */
		if (names_type(v, t, other))
			snprintf(buf, size, "%s", other);
	}
}

/* The name a board diagram shows: one character on 9×9 boards (全 for a
 * promoted Silver), the written name on larger ones (as in the moves); a
 * name that reads back as the piece, as nothing but the name tells it. */
static void cell_name(const kifu_variant *v, int t, bool wide, char *buf, size_t size)
{
	if (wide)
		move_name(v, t, true, buf, size);
	else
		snprintf(buf, size, "%s", bod_name(v, t));
	own_name(v, t, buf, size);
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
		fputs(name, f);
		/* one piece has no count: 歩, not 歩一 */
		if (n > 1)
			put_kanji_number(f, n);
		fputs("　", f);
	}
	if (!any)
		fputs("なし", f);
	fputc('\n', f);
}

int kifu_bod_write(FILE *f, const kifu_position *pos, int handicap)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	bool wide = is_wide(v);
	/* every cell as wide as the widest name (2 columns a kanji), after
	 * its mark: v for Gote, a space for Sente */
	int cw = 2;
	if (wide)
		for (int t = 0; t < kifu_variant_piece_count(v); t++) {
			char name[NAME_MAX];
			cell_name(v, t, true, name, sizeof name);
			if (width(name) > cw)
				cw = width(name);
		}
	put_hand(f, pos, KIFU_GOTE, handicap);
	for (int file = files; file >= 1; file--) {
		if (wide)
			fprintf(f, "%*d", cw + 1, file);
		else
			fprintf(f, " %s", fw_digits[file]);
	}
	fputc('\n', f);
	int cols = files * (cw + 1);
	fputc('+', f);
	for (int i = 0; i < cols; i++)
		fputc('-', f);
	fputs("+\n", f);
	for (int r = 0; r < ranks; r++) {
		fputc('|', f);
		for (int file = files; file >= 1; file--) {
			int c = kifu_position_at(pos, r * files + file - 1);
			char name[NAME_MAX] = "・";
			if (c)
				cell_name(v, kifu_code_type(c), wide, name, sizeof name);
			fputc(c && kifu_code_side(c) == KIFU_GOTE ? 'v' : ' ', f);
			fputs(name, f);
			for (int i = width(name); i < cw; i++)
				fputc(' ', f);
		}
		fputc('|', f);
		put_kanji_number(f, r + 1);
		fputc('\n', f);
	}
	fputc('+', f);
	for (int i = 0; i < cols; i++)
		fputc('-', f);
	fputs("+\n", f);
	put_hand(f, pos, KIFU_SENTE, handicap);
	if (kifu_position_side(pos) == KIFU_GOTE)
		fputs(handicap ? "上手番\n" : "後手番\n", f);
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
	int prev_to;  /* the square of the move before (同, 仝), -1 if none */
	unsigned char *branch; /* branch[k]: the line's move k has variations (k < branch_n) */
	size_t branch_n, branch_cap;
	kifu_diag *diag;
} writer;

static void put_times(const writer *w, double time, double total)
{
	long t = time < 0 ? 0 : (long)time, tot = total < 0 ? 0 : (long)total;
	fprintf(w->f, "(%2ld:%02ld/%02ld:%02ld:%02ld)", t / 60, t % 60, tot / 3600, tot / 60 % 60, tot % 60);
}

/* KIF's move field, padded to 12 columns (Kifu for Windows), then the
 * time and the mark of a move that has variations: "７六歩(77)   ( 0:08/00:00:08)+",
 * "７六歩(77)   +" without times. */
static void put_move_field(writer *w, const char *text, double time, double total, bool branch)
{
	fputs(text, w->f);
	for (int i = width(text); i < 12; i++)
		fputc(' ', w->f);
	/* a move whose time is not known has none written, even among timed ones */
	bool timed = w->times && time >= 0;
	if (timed) {
		fputc(' ', w->f);
		put_times(w, time, total);
	}
	if (branch)
		fputs(timed ? "+" : " +", w->f);
}

static void put_comment_lines(FILE *f, const char *comment)
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

/* A square in the wide form: "7九", "10十一". */
static void square_wide(const kifu_variant *v, int sq, char *buf, size_t size)
{
	snprintf(buf, size, "%d", sq % kifu_variant_files(v) + 1);
	kanji_number(buf, size, sq / kifu_variant_files(v) + 1);
}

/* The move in KIF words, into buf: "７六歩(77)", "同　角成(88)", "５五角打";
 * wide: "7八獅子", "仝角行成". */
static void move_words(const writer *w, const kifu_move *m, char *buf, size_t size)
{
	const kifu_variant *v = w->v;
	const int files = kifu_variant_files(v);
	char name[NAME_MAX];
	if (m->to == w->prev_to)
		snprintf(buf, size, "%s", w->wide ? "仝" : "同　");
	else if (w->wide)
		square_wide(v, m->to, buf, size);
	else
		snprintf(buf, size, "%s%s", fw_digits[m->to % files + 1], kanji[m->to / files + 1]);
	size_t len = strlen(buf);
	if (m->flags & KIFU_MOVE_DROP) {
		/* nothing but the name says what is dropped */
		move_name(v, m->piece, w->wide, name, sizeof name);
		own_name(v, m->piece, name, sizeof name);
		snprintf(buf + len, size - len, "%s打", name);
		return;
	}
	move_name(v, kifu_code_type(kifu_position_at(w->pos, m->from)), w->wide, name, sizeof name);
	/* no 不成: KIF names the origin, and Kifu for Windows leaves it out */
	snprintf(buf + len, size - len, "%s%s", name, (m->flags & KIFU_MOVE_PROMOTE) ? "成" : "");
	if (!w->wide) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "(%d%d)", m->from % files + 1, m->from / files + 1);
	}
}

/* Do the words of move m (move_words) read back as it, as the reader
 * parses them: its square (or 同), a name of its piece, 成 or 打 as it has,
 * its origin on 9×9 boards, and nothing left?  Not where a user's variant
 * names a piece 十 (read as part of the square), with a space, or not at
 * all. */
static bool words_read_back(const writer *w, const kifu_move *m, int type, const char *words)
{
	kif_text t = {words, words + strlen(words)};
	kif_move_head h;
	if (kifu__kif_move_head(w->v, &t, false, &h) != KIF_HEAD_OK || (h.same ? w->prev_to : h.to) != m->to ||
	    h.promote != ((m->flags & KIFU_MOVE_PROMOTE) != 0) || !kifu_piece_names_agree(w->v, h.type, type))
		return false;
	if (m->flags & KIFU_MOVE_DROP)
		return h.drop && h.type == m->piece && t.p == t.end;
	return !h.drop && (w->wide || kifu__kif_origin(w->v, &t) == m->from) && t.p == t.end;
}

/* The play loop's `before` hook: writes one move. */
static int put_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	writer *w = ctx;
	const kifu_record_move *m = step->move;
	const kifu_variant *v = w->v;
	char words[256], sq[32], name[NAME_MAX];
	if (!w->wide && m->move.mid != KIFU_NO_SQUARE)
		/* a two-step move names no square between in Kakinoki KIF: written
		 * as a one-step move, it would read back as another move */
		return kifu_diag_set(w->diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), m->line, m->col,
				     "ply %ld: %s: a two-step move cannot be written in KIF for a 9×9 board",
				     step->ply, m->text);
	if (w->wide && m->move.mid == KIFU_NO_SQUARE && !(m->move.flags & KIFU_MOVE_DROP) &&
	    m->move.from == m->move.to)
		/* the wide form reads a one-line move to its own square as a pass */
		return kifu_diag_set(w->diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), m->line, m->col,
				     "ply %ld: %s: a move to the square it leaves cannot be written in KIF "
				     "(it would read as a pass)", step->ply, m->text);
	move_words(w, &m->move, words, sizeof words);
	int type = m->move.flags & KIFU_MOVE_DROP ? m->move.piece : kifu_code_type(kifu_position_at(pos, m->move.from));
	if (!words_read_back(w, &m->move, type, words))
		return kifu_diag_set(w->diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), m->line, m->col,
				     "ply %ld: %s: written %s in KIF, it would not read back as the move (the "
				     "piece's names: kifu-variants show %s)", step->ply, m->text, words,
				     kifu_variant_name(v));
	const char *mark = kifu_position_side(pos) == KIFU_SENTE ? "▲" : "△";
	if (w->wide) {
		if (m->move.mid != KIFU_NO_SQUARE) {
			/* two lines: 一歩目 to the first square, 二歩目 on */
			move_name(v, kifu_code_type(kifu_position_at(pos, m->move.from)), true, name, sizeof name);
			if (m->move.mid == w->prev_to)
				snprintf(sq, sizeof sq, "仝");
			else
				square_wide(v, m->move.mid, sq, sizeof sq);
			fprintf(w->f, "%ld手目一歩目 %s%s%s （←", step->ply, mark, sq, name);
			square_wide(v, m->move.from, sq, sizeof sq);
			fprintf(w->f, "%s）\n", sq);
			square_wide(v, m->move.to, sq, sizeof sq);
			fprintf(w->f, "%ld手目二歩目 %s%s%s%s", step->ply, mark, sq, name,
				(m->move.flags & KIFU_MOVE_PROMOTE) ? "成" : "");
			if (m->move.to == m->move.from)
				fputs(kifu_position_at(pos, m->move.mid) ? "（居食い）" : "（じっと）", w->f);
			square_wide(v, m->move.mid, sq, sizeof sq);
			fprintf(w->f, " （←%s）", sq);
		} else {
			fprintf(w->f, "%ld手目 %s%s", step->ply, mark, words);
			if (!(m->move.flags & KIFU_MOVE_DROP)) {
				square_wide(v, m->move.from, sq, sizeof sq);
				fprintf(w->f, " （←%s）", sq);
			}
		}
		if (w->times && m->time >= 0) {
			fputs("   ", w->f);
			put_times(w, m->time, m->total);
		}
	} else {
		fprintf(w->f, "%4ld ", step->ply);
		long k = step->ply - w->start;
		put_move_field(w, words, m->time, m->total, k >= 0 && (size_t)k < w->branch_n && w->branch[k]);
	}
	fputc('\n', w->f);
	if (m->comment)
		put_comment_lines(w->f, m->comment);
	if (m->bookmark)
		fprintf(w->f, "&%s\n", m->bookmark);
	w->prev_to = m->move.to;
	return ferror(w->f) ? KIFU_EIO : 0;
}

/* The play loop's line_begin hook: a variation's heading; the square of the
 * move before the line (同, 仝). */
static int begin_line(void *ctx, kifu_position *pos, int line)
{
	writer *w = ctx;
	kifu_record_line_info li;
	kifu_record_move before;
	(void)pos;
	kifu_record_get_line(w->rec, line, &li);
	w->line = line;
	w->start = li.start;
	w->prev_to = li.start > 1 && kifu_record_line_move(w->rec, line, li.start - 1, &before, NULL) == 0 ?
			     before.move.to : -1;
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
	if (line > 0)
		fprintf(w->f, "\n変化：%ld手\n", li.start);
	return ferror(w->f) ? KIFU_EIO : 0;
}

/* The play loop's line_end hook: the line's ending, with its time and
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
	if (w->wide) {
		fprintf(w->f, "%ld手目 %s%s", ply, kifu_position_side(pos) == KIFU_SENTE ? "▲" : "△", word);
		if (w->times && li.ending_time >= 0) {
			fputs("   ", w->f);
			put_times(w, li.ending_time, li.ending_total);
		}
	} else {
		fprintf(w->f, "%4ld ", ply);
		put_move_field(w, word, li.ending_time, li.ending_total, false);
	}
	fputc('\n', w->f);
	if (li.ending_comment)
		put_comment_lines(w->f, li.ending_comment);
	return ferror(w->f) ? KIFU_EIO : 0;
}

/* Every line of play, each followed by its variations, the latest ply
 * first (Kifu for Windows' order, which the reader's attachment rule reads
 * back): the play loop walks them all, each move once. */
static int put_lines(writer *w, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.through_illegal = 1;
	opt.judge = 0;
	opt.before = put_move;
	opt.line_begin = begin_line;
	opt.line_end = end_line;
	opt.ctx = w;
	kifu_validation val;
	int rc = kifu_play_all(rec, w->pos, &opt, &val);
	if (rc == KIFU_EILLEGAL) {
		kifu_record_move m;
		if (kifu_record_line_move(rec, val.stopped_line, val.stopped_ply, &m, NULL) == 0)
			return kifu_diag_set(diag, KIFU_EILLEGAL, kifu_record_file(rec), m.line, m.col,
					     "ply %ld: %s: no piece to move: cannot write it in KIF",
					     val.stopped_ply, m.text);
		return kifu_diag_set(diag, KIFU_EILLEGAL, kifu_record_file(rec), 0, 0, "cannot write it in KIF");
	}
	if (rc)
		return rc;
	if (!val.valid && val.ply == 0 && !val.played && kifu_record_total_moves(rec))
		/* the start itself could not be set up (a bad sfen tag) */
		return kifu_diag_set(diag, KIFU_ESYNTAX, kifu_record_file(rec), val.line, val.col, "%s", val.reason);
	return 0;
}

/* ---- what KIF cannot carry ---- */

/* Times read back up to 100,000,000 minutes (m:ss) and hours (hh:mm:ss). */
#define KIF_TIME_MAX 6e9
#define KIF_TOTAL_MAX 3.6e11

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

/* What 手合割 says of a record with no handicap: the variant's title (大将棋,
 * else its name), so that a reader can tell the variant; NULL for
 * standard shogi's variants (those with a start called 平手). */
static const char *variant_title(const kifu_variant *v)
{
	if (kifu_variant_named_start(v, "平手"))
		return NULL;
	return kifu_variant_title_ja(v)[0] ? kifu_variant_title_ja(v) : kifu_variant_name(v);
}

/* Whether the record has times (then each move or ending with one has it
 * written), and whether KIF can carry all it holds: 0, or
 * KIFU_EUNSUPPORTED with diag saying what it cannot. */
static int survey(const kifu_record *rec, const kifu_variant *v, bool *times, kifu_diag *diag)
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
			snprintf(what, sizeof what, "a second %s tag (KIF has one)", k);
		else if (!strcmp(k, "handicap") && handicap_misread(v, val))
			snprintf(what, sizeof what, "the handicap tag's value (it names another variant or its start)");
	}
	/* a user's variant's title: 手合割 must read back as the variant */
	const char *title = nhandicap ? NULL : variant_title(v), *start;
	if (!what[0] && title &&
	    (!fits_line(title, true) || kifu__kif_handicap_variant(NULL, v, title, &start) != v || start))
		snprintf(what, sizeof what, "the variant's title (手合割 would not read back as the variant)");
	const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE), *bm = kifu_record_bookmark_before(rec);
	if (!what[0] && ((pre && !fits_comment(pre)) || (bm && !fits_line(bm, false))))
		snprintf(what, sizeof what, "the comment or bookmark before the moves (a CR at a line's end, "
			 "a line break in a bookmark)");
	*times = false;
	long n = kifu_record_total_moves(rec);
	for (long i = 0; i < n && !what[0]; i++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, i, &m);
		*times |= m.time >= 0;
		at = m.line;
		if ((m.time >= 0 && !(m.time < KIF_TIME_MAX && m.total < KIF_TOTAL_MAX)) ||
		    (m.comment && !fits_comment(m.comment)) || (m.bookmark && !fits_line(m.bookmark, false)))
			snprintf(what, sizeof what, "%s: its time (100,000,000 minutes or more), comment or bookmark "
				 "(a CR at a line's end, a line break in a bookmark)", m.text);
	}
	for (int l = 0; l < kifu_record_line_count(rec) && !what[0]; l++) {
		kifu_record_line_info li;
		kifu_record_get_line(rec, l, &li);
		*times |= li.ending_time >= 0;
		at = li.ending_line;
		if ((li.ending_time >= 0 && !(li.ending_time < KIF_TIME_MAX && li.ending_total < KIF_TOTAL_MAX)) ||
		    (li.ending_comment && !fits_comment(li.ending_comment)))
			snprintf(what, sizeof what, "%s: its time (100,000,000 minutes or more) or comment (a CR at "
				 "a line's end)", li.ending_text);
	}
	if (what[0])
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), at, 0,
				     "%s cannot be written in KIF: it would not read back the same", what);
	return 0;
}

/* The headers, in Kifu for Windows' order (kifu/vocabulary.h). */
static void put_headers(FILE *f, const kifu_record *rec, const kifu_variant *v, bool is_handicap)
{
	int ntags = kifu_record_tag_count(rec);
	for (int order = 1; order <= KIFU_TAG_KIF_ORDER_RAW + kifu_tag_count(); order++) {
		if (order == KIFU_TAG_KIF_ORDER_RAW) {
			/* headers kept whole, as read */
			for (int i = 0; i < ntags; i++)
				if (!strcmp(kifu_record_tag_key(rec, i), "header"))
					fprintf(f, "%s\n", kifu_record_tag_value(rec, i));
			continue;
		}
		const kifu_tag_info *tag = NULL;
		for (int k = 0; k < kifu_tag_count(); k++)
			if (kifu_tag_at(k)->kif_order == order)
				tag = kifu_tag_at(k);
		if (!tag)
			continue;
		if (!strcmp(tag->key, "handicap")) {
			/* 手合割: the named start, else the variant (大将棋, 小将棋) when it
			 * is not standard shogi, so that a reader can tell the variant */
			const char *handicap = kifu_record_tag(rec, "handicap");
			if (handicap)
				fprintf(f, "%s：%s\n", tag->kif, handicap);
			else if (variant_title(v))
				fprintf(f, "%s：%s\n", tag->kif, variant_title(v));
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
}

static int write_utf8(FILE *f, const kifu_record *rec, const kifu_variant *v, kifu_diag *diag,
		      const char *encoding_name)
{
	long err_line = 0, err_col = 0;
	const char *err = kifu_record_error(rec, NULL, &err_line, &err_col, NULL);
	if (err)
		return kifu_diag_set(diag, KIFU_EINVAL, kifu_record_file(rec), err_line, err_col,
				     "the record was not read whole: %s", err);
	bool times;
	int rc = survey(rec, v, &times, diag);
	if (rc)
		return rc;
	kifu_position *pos;
	if (kifu_position_new(&pos, v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	writer w = {f, rec, v, pos, is_wide(v), times, 0, 1, -1, NULL, 0, 0, diag};
	fprintf(f, "#KIF version=2.0 encoding=%s\n", encoding_name);
	const char *handicap = kifu_record_tag(rec, "handicap");
	bool is_handicap = handicap && strcmp(handicap, "平手") != 0 && kifu_variant_named_start(v, handicap);
	put_headers(f, rec, v, is_handicap);
	if (kifu_record_tag(rec, "sfen")) {
		if (kifu_record_start(rec, pos, diag))
			rc = KIFU_ESYNTAX;
		else if (kifu_position_counter_strike(pos) >= 0)
			/* a diagram has no place for it (Chu's SFEN field 3) */
			rc = kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
					   "the start's counter-strike square cannot be written in KIF");
		else
			rc = kifu_bod_write(f, pos, is_handicap);
		/* the moves played before the diagram (the SFEN's move number) */
		if (!rc && kifu_position_movenumber(pos) > 1)
			fprintf(f, "手数＝%ld\n", kifu_position_movenumber(pos) - 1);
	}
	if (!rc) {
		fputs(w.wide ? "手数----指手---------\n" : "手数----指手---------消費時間--\n", f);
		const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE);
		if (pre)
			put_comment_lines(f, pre);
		const char *bm = kifu_record_bookmark_before(rec);
		if (bm)
			fprintf(f, "&%s\n", bm);
		rc = put_lines(&w, diag);
	}
	free(w.branch);
	kifu_position_free(pos);
	return rc;
}

int kifu_kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		   enum kifu_encoding encoding, kifu_diag *diag)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	int rc = write_utf8(mem, rec, v, diag, encoding == KIFU_ENCODING_SJIS ? "Shift_JIS" : "UTF-8");
	if (fclose(mem) != 0 && !rc)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc) {
		char *enc = text;
		size_t elen = len;
		if (encoding == KIFU_ENCODING_SJIS && kifu__encode_text(KIFU__ENC_CP932, text, len, &enc, &elen))
			rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "cannot convert to Shift_JIS");
		if (!rc && fwrite(enc, 1, elen, out) != elen)
			rc = KIFU_EIO;
		if (enc != text)
			free(enc);
	}
	free(text);
	return rc;
}

int kifu__kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag);

int kifu__kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag)
{
	return kifu_kif_write(out, rec, v, opt->encoding, diag);
}
