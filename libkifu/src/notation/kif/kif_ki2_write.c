/*
 * kif_ki2_write.c - writing KI2 (docs/kif.md, "Writing KI2"): the headers
 * and diagram as KIF has them, then the moves as Kifu for Windows lays
 * them out (six to a line, each but the last padded to 12 columns:
 * `▲７六歩    △３四歩`), with the words the Japan Shogi Association's
 * conventions give (棋譜の表記方法, https://www.shogi.or.jp/faq/kihuhyouki.html:
 * kif_ki2.c chooses them), comments and bookmarks on lines of their own
 * after their move, each line of play ended by its `まで…` line, and the
 * variations after a blank line and `変化：   N手`.
 *
 * A KI2 move names no origin: its reader finds the move among the legal
 * ones.  Every move written is read back here with the reader's own
 * resolution (kifu__ki2_resolve); a move it would read otherwise (an
 * illegal move on the board) is not written, and the record is refused.
 * The reader of the notation is the KIF-family reader, which reads KI2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/play.h"
#include "kifu/vocabulary.h"
#include "notation/kif/kif_read.h"
#include "notation/kif/kif_write.h"
#include "notation/notation.h"
#include "notation/writing.h"

enum {
	MOVES_PER_LINE = 6, /* Kifu for Windows' KI2 */
	MOVE_COLUMNS = 12   /* the mark and the move, padded to this width */
};

typedef struct ki2_writer {
	FILE *f;
	const kifu_record *rec;
	const kifu_variant *v;
	kifu_movelist *list;  /* the legal moves of the position, scratch */
	bool handicap;        /* the sides are 下手 and 上手 */
	int prev_to;          /* the square of the move before (同), -1 if none */
	int on_line;          /* moves on the text line being written */
	int last_width;       /* the width of the last of them */
	kifu_diag *diag;
	kifu_validation *validation; /* kifu_write_options.validation, or NULL */
} ki2_writer;

/* "７六", or "同" ("同　" before a one-character piece, as Kifu for
 * Windows: ▲同　歩, ▲同歩成). */
static void put_square(const ki2_writer *w, int to, const char *name, size_t rest, char *buf,
		       size_t size)
{
	if (to == w->prev_to)
		snprintf(buf, size, "%s", kifu__kif_width(name) == 2 && !rest ? "同　" : "同");
	else
		kifu__kif_square_name(w->v, to, buf, size);
}

/* The move in KI2's words, without its mark: "７六歩", "５二金右上",
 * "同　銀不成", "５五角打". */
static void move_text(const ki2_writer *w, const kifu_position *pos, const kifu_move *m,
		      const ki2_words *words, char *buf, size_t size)
{
	static const struct { unsigned mod; const char *word; } order[] = {
		{KIF_MOD_RIGHT, "右"}, {KIF_MOD_LEFT, "左"}, {KIF_MOD_UP, "上"},
		{KIF_MOD_DOWN, "引"}, {KIF_MOD_SIDE, "寄"}, {KIF_MOD_STRAIGHT, "直"},
	};
	static const char *const suffix[] = {"", "成", "不成", "打"};
	int type = (m->flags & KIFU_MOVE_DROP) ? m->piece : kifu_code_type(kifu_position_at(pos, m->from));
	const char *name = kifu__kif_short_name(w->v, type);
	char after[64] = "";
	/* "5 2 銀 右 上 成": the relative position, the motion, then 成 不成 打 */
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (words->mods & order[i].mod)
			strcat(after, order[i].word);
	strcat(after, suffix[words->suffix]);
	char square[32];
	put_square(w, m->to, name, strlen(after), square, sizeof square);
	snprintf(buf, size, "%s%s%s", square, name, after);
}

/* Does text read back, in pos, as m?  As the reader reads it: the words
 * (kifu__kif_move_head), then the resolution against the legal moves. */
static bool reads_back(const ki2_writer *w, kifu_position *pos, const kifu_move *m, const char *text)
{
	kif_text t = {text, text + strlen(text)};
	kif_move_head h;
	if (kifu__kif_move_head(w->v, &t, true, &h, NULL) != KIF_HEAD_OK || t.p != t.end)
		return false;
	kifu_move got;
	if (kifu__ki2_resolve(pos, &h, h.same ? w->prev_to : h.to, &got))
		return false;
	if (m->flags & KIFU_MOVE_DROP)
		return (got.flags & KIFU_MOVE_DROP) && got.to == m->to && got.piece == m->piece;
	return got.from == m->from && got.to == m->to && got.mid == KIFU_NO_SQUARE &&
	       (got.flags & KIFU_MOVE_PROMOTE) == (m->flags & KIFU_MOVE_PROMOTE);
}

/* Starts a move on the text line: a new line after six, else the last
 * move padded to its 12 columns. */
static void next_field(ki2_writer *w)
{
	if (w->on_line == MOVES_PER_LINE) {
		fputc('\n', w->f);
		w->on_line = 0;
	}
	for (int i = w->on_line ? w->last_width : MOVE_COLUMNS; i < MOVE_COLUMNS; i++)
		fputc(' ', w->f);
}

/* Ends the text line of moves, if one is open. */
static void end_text_line(ki2_writer *w)
{
	if (w->on_line)
		fputc('\n', w->f);
	w->on_line = 0;
}

/* The move cannot be written so that it reads back: KI2 cannot express
 * the record (KIFU_EUNSUPPORTED), said where the move is. */
static int unwritable(ki2_writer *w, const kifu_play_step *step, const char *why)
{
	const kifu_record_move *m = step->move;
	return kifu_diag_set(w->diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), m->line, m->col,
			     "ply %ld: %s: %s: cannot write it in KI2", step->ply, m->text, why);
}

/* The play loop's `before` hook: writes one move. */
static int put_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	ki2_writer *w = ctx;
	const kifu_record_move *rm = step->move;
	const kifu_move *m = &rm->move;
	if (m->mid != KIFU_NO_SQUARE)
		return unwritable(w, step, "a two-step move");
	if (kifu_generate_legal(pos, w->list))
		return unwritable(w, step, "more legal moves than can be listed");
	ki2_words words;
	char text[128];
	if (kifu__ki2_words(pos, w->list, m, &words))
		return unwritable(w, step, "no words of the JSA's tell it from another move");
	move_text(w, pos, m, &words, text, sizeof text);
	if (!reads_back(w, pos, m, text))
		return unwritable(w, step, step->legal ? "its words would be read as another move" :
					   "an illegal move, which a KI2 reader cannot find");
	next_field(w);
	const char *mark = kifu_position_side(pos) == KIFU_SENTE ? "▲" : "△";
	fprintf(w->f, "%s%s", mark, text);
	w->last_width = 2 + kifu__kif_width(text);
	w->on_line++;
	w->prev_to = m->to;
	if (rm->comment || rm->bookmark) {
		/* on lines of their own after the move */
		end_text_line(w);
		kifu__kif_put_annotations(w->f, rm->comment, rm->bookmark);
	}
	return ferror(w->f) ? KIFU_EIO : 0;
}

/* The play loop's variation_begin hook: a variation's heading ("変化：   3手",
 * the number in four columns as Kifu for Windows' KI2 has it); the square of
 * the move before the line (同). */
static int begin_line(void *ctx, kifu_position *pos, int line)
{
	ki2_writer *w = ctx;
	kifu_record_line_info li;
	(void)pos;
	kifu_record_get_line(w->rec, line, &li);
	w->prev_to = kifu__kif_square_before(w->rec, line);
	w->on_line = 0;
	if (line > 0)
		fprintf(w->f, "\n変化：%4ld手\n", li.start);
	return ferror(w->f) ? KIFU_EIO : 0;
}

/* What the `まで…` line says after "まで3手で": "先手の勝ち" (投了), "時間切れ
 * により先手の勝ち", "後手の反則勝ち" ..., naming the sides as the record does
 * (下手 and 上手 in a handicap game), else the ending's KIF word (中断,
 * 千日手, 持将棋, 不詰, 封じ手 ...).  The words of Kifu for Windows and
 * tsshogi; the reader takes each back as its ending. */
static void result_words(const ki2_writer *w, const char *ending, int mover, char *buf, size_t size)
{
	/* before the side, after it; the side is the winner's or the mover's */
	static const struct { const char *word, *lead, *tail; bool winner; } forms[] = {
		{"resign", "", "の勝ち", true},
		{"timeout", "時間切れにより", "の勝ち", true},
		{"illegal-win", "", "の反則勝ち", false},
		{"illegal-loss", "", "の反則負け", false},
		{"declare-win", "", "の入玉勝ち", false},
	};
	static const char *const sides[2][2] = {{"先手", "後手"}, {"下手", "上手"}};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
		if (!strcmp(ending, forms[i].word)) {
			int side = forms[i].winner ? !mover : mover;
			snprintf(buf, size, "%s%s%s", forms[i].lead, sides[w->handicap][side], forms[i].tail);
			return;
		}
	const kifu_ending_info *e = kifu_ending_find(ending, strlen(ending));
	/* mate: まで3手で詰 (Kifu for Windows writes まで61手詰 after a
	 * diagram, which tsshogi does not read as mate; the reader takes both) */
	snprintf(buf, size, "%s", !strcmp(ending, "mate") ? "詰" : e ? e->kif : ending);
}

/* The play loop's variation_end hook: the moves' last text line, and the
 * line's ending as its `まで…` line, with the ending's comment. */
static int end_line(void *ctx, kifu_position *pos, int line)
{
	ki2_writer *w = ctx;
	kifu_record_line_info li;
	kifu_record_get_line(w->rec, line, &li);
	end_text_line(w);
	if (!li.ending[0])
		return ferror(w->f) ? KIFU_EIO : 0;
	char words[128];
	result_words(w, li.ending, kifu_position_side(pos), words, sizeof words);
	fprintf(w->f, "まで%ld手で%s\n", li.start + li.count - 1, words);
	if (li.ending_comment)
		kifu__kif_put_comment_lines(w->f, li.ending_comment);
	return ferror(w->f) ? KIFU_EIO : 0;
}

/* The moves, after the headers: the comment and bookmark of the start,
 * then every line of play (kifu_play_all, the latest branch first: the
 * order the reader attaches variations in). */
static int ki2_body(FILE *f, const kifu_record *rec, const kifu_variant *v, kifu_position *pos,
		    void *ctx, kifu_diag *diag)
{
	ki2_writer *w = ctx;
	*w = (ki2_writer){f, rec, v, w->list, kifu__kif_is_handicap(rec, v), -1, 0, 0, diag, w->validation};
	kifu__kif_put_annotations(f, kifu_record_comment(rec, KIFU_COMMENT_BEFORE), kifu_record_bookmark_before(rec));
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.before = put_move;
	opt.variation_begin = begin_line;
	opt.variation_end = end_line;
	opt.ctx = w;
	return kifu__kif_play_lines(rec, pos, &opt, w->validation, "KI2", diag);
}

static int ki2_write(FILE *out, const kifu_record *rec, const kifu_variant *v, const kifu_write_options *opt,
		     kifu_diag *diag)
{
	if (kifu_variant_files(v) > 9 || kifu_variant_ranks(v) > 9)
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
				     "KI2 is written for boards of at most 9x9, and %s has a %dx%d board: "
				     "write KIF (--to kif: lishogi's wide form)",
				     kifu_variant_name(v), kifu_variant_files(v), kifu_variant_ranks(v));
	ki2_writer w;
	memset(&w, 0, sizeof w);
	w.validation = opt->validation;
	if (!(w.list = malloc(sizeof *w.list)))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	int rc = kifu__kif_write_as(out, rec, v, opt, "KI2", ki2_body, &w, diag);
	free(w.list);
	if (!rc && opt->dropped && kifu__write_any_times(rec, true)) {
		char what[64];
		opt->dropped(opt->ctx, KIFU_DROPPED_TIMES, kifu_dropped_words(KIFU_DROPPED_TIMES, what, sizeof what));
	}
	return rc;
}

const kifu__notation kifu__notation_ki2 = {
	"ki2",
	"KI2, moves without origins (9x9); read as kif",
	".ki2 .ki2u",
	"\n",
	kifu__kif_square_name,
	/* no sniff: the KIF-family reader reads KI2 and tells it by itself,
	 * so telling an input's notation does not change */
	NULL, kifu__kif_open, kifu__kif_next, kifu__kif_close, ki2_write,
};
