/*
 * kif_write.c - writing KIF (docs/kif.md): Kakinoki KIF for 9×9 boards as
 * Kifu for Windows and tsshogi write it, lishogi's wide form for larger
 * boards, and the BOD board diagram.
 *
 * The writer plays each line of play on a position: a KIF move names the
 * moving piece, and writes 不成 where it could have promoted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/kif.h"
#include "kifu/validate.h"
#include "text/encoding.h"
#include "rules/names.h"
#include "rules/position_internal.h"

static const char *const fw_digits[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const kanji[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

/* Japanese words of the endings (formats/compact.md). */
static const char *const ending_words[][2] = {
	{"resign", "投了"}, {"abort", "中断"}, {"repetition", "千日手"}, {"impasse", "持将棋"},
	{"mate", "詰み"}, {"nomate", "不詰"}, {"timeout", "切れ負け"}, {"illegal-win", "反則勝ち"},
	{"illegal-loss", "反則負け"}, {"declare-win", "入玉勝ち"}, {"sealed", "封じ手"},
	{"draw", "引き分け"},
};

/* Tags written as KIF headers, in this order. */
static const char *const header_of[][2] = {
	{"date", "開始日時"}, {"end", "終了日時"}, {"event", "棋戦"}, {"opening", "戦型"},
	{"time-control", "持ち時間"}, {"site", "場所"},
};

static void put_kanji_number(FILE *f, int n)
{
	if (n >= 20)
		fputs(kanji[n / 10], f);
	if (n >= 10)
		fputs("十", f);
	if (n % 10)
		fputs(kanji[n % 10], f);
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

/* The one-character name for a board diagram: the first of the KIF name,
 * the aliases and the full name that is one character long. */
static const char *bod_name(const struct kifu_variant *v, int t)
{
	const piece_type *p = &v->types[t];
	if (width(p->kif) == 2)
		return p->kif;
	for (int i = 0; i < p->naliases; i++)
		if (width(p->aliases[i]) == 2)
			return p->aliases[i];
	if (width(p->name) == 2)
		return p->name;
	return p->kif[0] ? p->kif : p->name;
}

static void put_hand(FILE *f, const struct kifu_position *pos, int side, bool handicap)
{
	const struct kifu_variant *v = pos->v;
	fputs(side == KIFU_SENTE ? (handicap ? "下手の持駒：" : "先手の持駒：") :
				   (handicap ? "上手の持駒：" : "後手の持駒："), f);
	bool any = false;
	for (int t = 0; t < v->ntypes; t++) {
		int n = pos->hand[side][t];
		if (!n)
			continue;
		any = true;
		if (v->files > 9 || v->ranks > 9) {
			char name[NAME_MAX_LEN];
			kifu__names_full(v, t, name, sizeof name);
			fputs(name, f);
		} else {
			fputs(bod_name(v, t), f);
		}
		if (n > 1)
			put_kanji_number(f, n);
		fputs("　", f);
	}
	if (!any)
		fputs("なし", f);
	fputc('\n', f);
}

/* The name a board diagram shows: one character on 9×9 boards (全 for a
 * promoted Silver), the full name on larger ones (成 before a promoted piece
 * whose name an unpromoted piece also has, as in the moves). */
static void cell_name(const struct kifu_variant *v, int t, bool wide, char *buf, size_t size)
{
	if (wide)
		kifu__names_full(v, t, buf, size);
	else
		snprintf(buf, size, "%s", bod_name(v, t));
}

void kifu_bod_write(FILE *f, const kifu_position *pos, int handicap)
{
	const struct kifu_variant *v = pos->v;
	bool wide = v->files > 9 || v->ranks > 9;
	/* every cell as wide as the widest name (2 columns a kanji), after
	 * its mark: v for Gote, a space for Sente */
	int cw = 2;
	if (wide)
		for (int t = 0; t < v->ntypes; t++) {
			char name[NAME_MAX_LEN];
			cell_name(v, t, true, name, sizeof name);
			if (width(name) > cw)
				cw = width(name);
		}
	put_hand(f, pos, KIFU_GOTE, handicap);
	for (int file = v->files; file >= 1; file--) {
		if (wide)
			fprintf(f, "%*d", cw + 1, file);
		else
			fprintf(f, " %s", fw_digits[file]);
	}
	fputc('\n', f);
	int cols = v->files * (cw + 1);
	fputc('+', f);
	for (int i = 0; i < cols; i++)
		fputc('-', f);
	fputs("+\n", f);
	for (int r = 0; r < v->ranks; r++) {
		fputc('|', f);
		for (int file = v->files; file >= 1; file--) {
			int c = pos->board[r * v->files + file - 1];
			char name[NAME_MAX_LEN] = "・";
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
	if (pos->side == KIFU_GOTE)
		fputs(handicap ? "上手番\n" : "後手番\n", f);
}

typedef struct writer {
	FILE *f;
	const kifu_record *rec;
	const struct kifu_variant *v;
	kifu_position *pos;
	bool wide;
	bool times;   /* the record has times: write them on every move */
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

static bool line_has_branch(const kifu_record *rec, int line, long ply)
{
	int n = kifu_record_line_count(rec);
	for (int i = line + 1; i < n; i++) {
		kifu_record_line_info li;
		kifu_record_get_line(rec, i, &li);
		if (li.parent == line && li.start == ply)
			return true;
	}
	return false;
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

/* The move in KIF words, into buf. */
static int move_words(writer *w, const kifu_move *m, int prev_to, char *buf, size_t size)
{
	const struct kifu_variant *v = w->v;
	kifu_position *pos = w->pos;
	FILE *s = fmemopen(buf, size, "w");
	if (!s)
		return KIFU_ENOMEM;
	int to_f = m->to % v->files + 1, to_r = m->to / v->files + 1;
	if (m->to == prev_to) {
		fputs(w->wide ? "仝" : "同　", s);
	} else if (w->wide) {
		fprintf(s, "%d", to_f);
		put_kanji_number(s, to_r);
	} else {
		fputs(fw_digits[to_f], s);
		fputs(kanji[to_r], s);
	}
	if (m->flags & KIFU_MOVE_DROP) {
		char name[NAME_MAX_LEN];
		if (w->wide)
			kifu__names_full(v, m->piece, name, sizeof name);
		else
			snprintf(name, sizeof name, "%s", kifu__names_kif(v, m->piece));
		fprintf(s, "%s打", name);
	} else {
		int t = kifu_code_type(pos->board[m->from]);
		char name[NAME_MAX_LEN];
		if (w->wide)
			kifu__names_full(v, t, name, sizeof name);
		else
			snprintf(name, sizeof name, "%s", kifu__names_kif(v, t));
		fputs(name, s);
		if (m->flags & KIFU_MOVE_PROMOTE) {
			fputs("成", s);
		}
		/* no 不成: KIF names the origin, and Kifu for Windows leaves it out */
		if (!w->wide)
			fprintf(s, "(%d%d)", m->from % v->files + 1, m->from / v->files + 1);
	}
	fputc(0, s);
	fclose(s);
	return 0;
}

static const char *ending_word(const char *ending)
{
	for (size_t i = 0; i < sizeof ending_words / sizeof ending_words[0]; i++)
		if (!strcmp(ending_words[i][0], ending))
			return ending_words[i][1];
	return NULL;
}

static void put_square_wide(FILE *f, const struct kifu_variant *v, int sq)
{
	fprintf(f, "%d", sq % v->files + 1);
	put_kanji_number(f, sq / v->files + 1);
}

/* Can the move be written (and played on)?  A KIF move names its piece, so
 * it needs the mover's piece on its square, or in hand; an illegal move that
 * has one (二歩, say: real records end with them, marked 反則勝ち) is
 * written as it is. */
static bool writable(const kifu_position *pos, const kifu_move *m)
{
	const struct kifu_variant *v = pos->v;
	if (m->flags & KIFU_MOVE_DROP)
		return m->piece < v->ntypes && pos->hand[pos->side][m->piece] > 0 && m->to < pos->nsq &&
		       !pos->board[m->to];
	if (m->from >= pos->nsq || m->to >= pos->nsq || (m->mid != KIFU_NO_SQUARE && m->mid >= pos->nsq))
		return false;
	int c = pos->board[m->from];
	if (!c || (int)kifu_code_side(c) != pos->side)
		return false;
	if ((m->flags & KIFU_MOVE_PROMOTE) && v->types[kifu_code_type(c)].promotes_to < 0)
		return false;
	return true;
}

static long line_start(const kifu_record *rec, int line)
{
	kifu_record_line_info li;
	kifu_record_get_line(rec, line, &li);
	return li.start;
}

/* One line of play, then its variations, latest ply first (Kifu for
 * Windows' order, which the reader's attachment rule reads back). */
static int put_line(writer *w, int line)
{
	kifu_record_line_info li;
	kifu_record_get_line(w->rec, line, &li);
	const kifu_record *rec = w->rec;
	/* the position before the line's first move */
	kifu_position *pos = w->pos;
	int prev_to = -1;
	{
		/* replay: the path from the main line */
		int path[64], depth = 0;
		for (int l = line; l >= 0 && depth < 64;) {
			path[depth++] = l;
			kifu_record_line_info x;
			kifu_record_get_line(rec, l, &x);
			l = x.parent;
		}
		if (kifu_record_start(rec, pos, w->diag))
			return KIFU_ESYNTAX;
		for (int d = depth - 1; d >= 0; d--) {
			kifu_record_line_info x;
			kifu_record_get_line(rec, path[d], &x);
			long upto = d > 0 ? line_start(rec, path[d - 1]) - x.start : 0;
			for (long k = 0; k < upto && k < x.count; k++) {
				kifu_record_move m;
				kifu_record_get_move_at(rec, x.first + k, &m);
				if (!writable(pos, &m.move))
					return kifu_diag_set(w->diag, KIFU_EILLEGAL, kifu_record_file(rec), m.line, m.col,
							     "ply %ld: %s: no piece to move: cannot write it in KIF", x.start + k, m.text);
				prev_to = m.move.to;
				kifu_make_move(pos, &m.move, NULL);
			}
		}
	}
	if (line > 0)
		fprintf(w->f, "\n変化：%ld手\n", li.start);
	for (long k = 0; k < li.count; k++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, li.first + k, &m);
		long ply = li.start + k;
		if (!writable(pos, &m.move))
			return kifu_diag_set(w->diag, KIFU_EILLEGAL, kifu_record_file(rec), m.line, m.col,
					     "ply %ld: %s: no piece to move: cannot write it in KIF", ply, m.text);
		char words[256];
		if (move_words(w, &m.move, prev_to, words, sizeof words))
			return KIFU_ENOMEM;
		bool branch = line_has_branch(rec, line, ply);
		const char *mark = pos->side == KIFU_SENTE ? "▲" : "△";
		if (w->wide) {
			const struct kifu_variant *v = w->v;
			if (m.move.mid != KIFU_NO_SQUARE) {
				/* two lines: 一歩目 to the first square, 二歩目 on */
				char name[NAME_MAX_LEN];
				kifu__names_full(v, kifu_code_type(pos->board[m.move.from]), name, sizeof name);
				fprintf(w->f, "%ld手目一歩目 %s", ply, mark);
				if (m.move.mid == prev_to)
					fputs("仝", w->f);
				else
					put_square_wide(w->f, v, m.move.mid);
				fprintf(w->f, "%s （←", name);
				put_square_wide(w->f, v, m.move.from);
				fputs("）\n", w->f);
				fprintf(w->f, "%ld手目二歩目 %s", ply, mark);
				put_square_wide(w->f, v, m.move.to);
				fprintf(w->f, "%s%s", name, (m.move.flags & KIFU_MOVE_PROMOTE) ? "成" : "");
				if (m.move.to == m.move.from)
					fputs(pos->board[m.move.mid] ? "（居食い）" : "（じっと）", w->f);
				fputs(" （←", w->f);
				put_square_wide(w->f, v, m.move.mid);
				fputs("）", w->f);
			} else {
				fprintf(w->f, "%ld手目 %s%s", ply, mark, words);
				if (!(m.move.flags & KIFU_MOVE_DROP)) {
					fputs(" （←", w->f);
					put_square_wide(w->f, v, m.move.from);
					fputs("）", w->f);
				}
			}
			if (w->times && m.time >= 0) {
				fputs("   ", w->f);
				put_times(w, m.time, m.total);
			}
		} else {
			fprintf(w->f, "%4ld ", ply);
			put_move_field(w, words, m.time, m.total, branch);
		}
		fputc('\n', w->f);
		if (m.comment)
			put_comment_lines(w->f, m.comment);
		if (m.bookmark)
			fprintf(w->f, "&%s\n", m.bookmark);
		prev_to = m.move.to;
		kifu_make_move(pos, &m.move, NULL);
	}
	if (li.ending[0]) {
		const char *word = ending_word(li.ending);
		long ply = li.start + li.count;
		if (w->wide) {
			fprintf(w->f, "%ld手目 %s%s", ply, pos->side == KIFU_SENTE ? "▲" : "△", word ? word : li.ending);
			if (w->times && li.ending_time >= 0) {
				fputs("   ", w->f);
				put_times(w, li.ending_time, li.ending_total);
			}
		} else {
			fprintf(w->f, "%4ld ", ply);
			put_move_field(w, word ? word : li.ending, li.ending_time, li.ending_total, false);
		}
		fputc('\n', w->f);
		if (li.ending_comment)
			put_comment_lines(w->f, li.ending_comment);
	}
	/* variations of this line, the latest ply first */
	int n = kifu_record_line_count(rec);
	for (long ply = li.start + li.count; ply >= li.start; ply--)
		for (int sub = line + 1; sub < n; sub++) {
			kifu_record_line_info si;
			kifu_record_get_line(rec, sub, &si);
			if (si.parent == line && si.start == ply) {
				int rc = put_line(w, sub);
				if (rc)
					return rc;
			}
		}
	return 0;
}

static bool any_times(const kifu_record *rec)
{
	long n = kifu_record_total_moves(rec);
	for (long i = 0; i < n; i++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, i, &m);
		if (m.time >= 0)
			return true;
	}
	return false;
}

static int write_utf8(FILE *f, const kifu_record *rec, const kifu_variant *v, kifu_diag *diag,
		      const char *encoding_name)
{
	kifu_position *pos;
	if (kifu_position_new(&pos, v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	writer w = {f, rec, v, pos, v->files > 9 || v->ranks > 9, any_times(rec), diag};
	fprintf(f, "#KIF version=2.0 encoding=%s\n", encoding_name);
	int ntags = kifu_record_tag_count(rec);
	for (size_t h = 0; h < sizeof header_of / sizeof header_of[0]; h++)
		for (int i = 0; i < ntags; i++)
			if (!strcmp(kifu_record_tag_key(rec, i), header_of[h][0]))
				fprintf(f, "%s：%s\n", header_of[h][1], kifu_record_tag_value(rec, i));
	for (int i = 0; i < ntags; i++)
		if (!strcmp(kifu_record_tag_key(rec, i), "header"))
			fprintf(f, "%s\n", kifu_record_tag_value(rec, i));
	const char *handicap = kifu_record_tag(rec, "handicap");
	const char *sfen = kifu_record_tag(rec, "sfen");
	bool is_handicap = handicap && strcmp(handicap, "平手") != 0 && kifu_variant_named_start(v, handicap);
	/* 手合割: the named start, else the variant (大将棋, 小将棋) when it is not
	 * standard shogi, so that a reader can tell the variant */
	if (handicap)
		fprintf(f, "手合割：%s\n", handicap);
	else if (!kifu_variant_named_start(v, "平手"))
		fprintf(f, "手合割：%s\n", v->title_ja);
	for (int i = 0; i < ntags; i++) {
		const char *k = kifu_record_tag_key(rec, i);
		if (!strcmp(k, "sente"))
			fprintf(f, "%s：%s\n", is_handicap ? "下手" : "先手", kifu_record_tag_value(rec, i));
	}
	for (int i = 0; i < ntags; i++) {
		const char *k = kifu_record_tag_key(rec, i);
		if (!strcmp(k, "gote"))
			fprintf(f, "%s：%s\n", is_handicap ? "上手" : "後手", kifu_record_tag_value(rec, i));
	}
	/* other tags that KIF has no header for: kept as headers of their own */
	for (int i = 0; i < ntags; i++) {
		const char *k = kifu_record_tag_key(rec, i);
		bool known = !strcmp(k, "header") || !strcmp(k, "handicap") || !strcmp(k, "sfen") ||
			     !strcmp(k, "sente") || !strcmp(k, "gote");
		for (size_t h = 0; h < sizeof header_of / sizeof header_of[0]; h++)
			known = known || !strcmp(k, header_of[h][0]);
		if (!known)
			fprintf(f, "%s：%s\n", k, kifu_record_tag_value(rec, i));
	}
	int rc = 0;
	if (sfen) {
		if (kifu_record_start(rec, pos, diag))
			rc = KIFU_ESYNTAX;
		else
			kifu_bod_write(f, pos, is_handicap);
	}
	if (!rc) {
		fputs(w.wide ? "手数----指手---------\n" : "手数----指手---------消費時間--\n", f);
		const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE);
		if (pre)
			put_comment_lines(f, pre);
		const char *bm = kifu_record_bookmark_before(rec);
		if (bm)
			fprintf(f, "&%s\n", bm);
		rc = put_line(&w, 0);
	}
	kifu_position_free(pos);
	return rc;
}

int kifu_kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		   enum kifu_kif_encoding encoding, kifu_diag *diag)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	int rc = write_utf8(mem, rec, v, diag, encoding == KIFU_KIF_SJIS ? "Shift_JIS" : "UTF-8");
	if (fclose(mem) != 0 && !rc)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc) {
		char *enc = text;
		size_t elen = len;
		if (encoding == KIFU_KIF_SJIS && kifu__encode_text(ENC_CP932, text, len, &enc, &elen))
			rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "cannot convert to Shift_JIS");
		if (!rc && fwrite(enc, 1, elen, out) != elen)
			rc = KIFU_EIO;
		if (enc != text)
			free(enc);
	}
	free(text);
	return rc;
}
