/*
 * kif_read.c - reading KIF, KI2 and lishogi's wide KIF (docs/kif.md): the
 * grammar of a record, over the kinds of line kif_lex.c tells apart.
 *
 * A record is: header lines, perhaps a board diagram and comments, then
 * moves (Kakinoki KIF `  12 同　歩(23)`, KI2 `▲７六歩`, or the wide form
 * `57手目一歩目 ▲仝獅子 （←7七）`), with `*` comments, `&` bookmarks, the
 * special moves that end a line of play (投了, 中断, ...), a `まで…` result
 * line, and `変化：N手` variations.  It ends where the next record's header
 * lines (or a `#` line) begin after moves, or at the end of the input.
 *
 * The reader keeps a position only where it needs one: KI2 moves name no
 * origin and are resolved against it, and so are passes written without the
 * square passed through.  It is brought up to date by the play loop
 * (kifu_play) when it has fallen behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/vocabulary.h"
#include "notation/kif/kif_read.h"
#include "notation/notation.h"
#include "record/start.h"
#include "text/buffer.h"
#include "text/similar.h"

typedef struct kif_reader {
	kifu__read_ctx ctx;
	kifu_position *pos;        /* the position while reading, for KI2 */
	char *note;                /* comment lines gathered before they are stored */
	size_t note_len, note_cap;
	kif_bod bod;
	kif_name_cache names;      /* the piece names moves have given */
	/* the last 手合割 looked up, and what it names (kifu__kif_handicap_variant
	 * over every variant's starts, a tenth of a small file's reading) */
	char handicap[KIF_HANDICAP_MAX];
	const kifu_variant *handicap_v;
	const char *handicap_start;
} kif_reader;

/* ---- problems ---- */

long kifu__kif_col(const kif_spot *s, const char *p)
{
	long col = 1;
	for (const char *q = s->line; q < p; q++)
		if (((unsigned char)*q & 0xC0) != 0x80)
			col++;
	return col;
}

int kifu__kif_problem(const kif_spot *s, long ply, const char *p, const char *move, size_t mlen,
		      const char *msg)
{
	if (kifu_record_error(s->rec, NULL, NULL, NULL, NULL))
		return 0; /* the first problem is the one reported */
	int line = kifu_record_current_line(s->rec);
	if (line != 0) {
		/* in a variation: an error of the record as a whole */
		kifu_record_line_info li;
		kifu_record_get_line(s->rec, line, &li);
		char buf[600];
		snprintf(buf, sizeof buf, "in the variation from ply %ld: ply %ld: %.*s%s%s", li.start, ply,
			 (int)(move ? mlen : 0), move ? move : "", move ? ": " : "", msg);
		return kifu_record_set_error(s->rec, 0, s->lineno, kifu__kif_col(s, p), NULL, 0, buf);
	}
	return kifu_record_set_error(s->rec, ply, s->lineno, kifu__kif_col(s, p), move, mlen, msg);
}

/* ---- one record ---- */

typedef struct parse {
	kif_reader *kr;
	kifu_record *rec;
	const kifu_variant *v;
	kif_spot sp;
	long last;          /* global index of the last move, -1 if none */
	int last_to;        /* its destination (同, 仝), -1 if none */
	bool synced;        /* kr->pos is the position before the next move (kept
			     * only where needed: KI2 and passes; see sync) */
	bool ended;         /* the current line has its ending */
	int pending_mid;    /* wide form: the first leg of a two-leg move */
	int pending_from;
	long pending_ply;
	bool pending_same; /* its square was written 仝 */
	long run_ply;       /* wide form: the ply of a two-step move just read, which a
			     * third step (三歩目) makes a run; -1: none */
	int run_prev_to;    /* the destination of the move before it (仝 on the third) */
	long number_base;   /* moves played before the diagram that the move numbers count */
	char handicap[KIF_HANDICAP_MAX]; /* the 手合割 value */
	long handicap_line, handicap_col; /* where it is written */
	bool handicap_known; /* ... names a known variant or start */
	long note_idx;      /* where the gathered comment lines go */
	bool note_open;     /* comment lines are gathered in kr->note */
	bool started;       /* the record has its first line */
	bool substance;     /* a line other than comments: a header, a diagram, a move */
	bool moves_begun;   /* the moves have begun (the variant is chosen) */
	bool lost;          /* no variant could be chosen: lines passed over to the end */
	long var_ply;       /* a 変化：N手 read, its moves not yet: N (0: none) */
	long var_line;      /* its line */
} parse;

static long current_ply(parse *ps)
{
	kifu_record_line_info li;
	kifu_record_get_line(ps->rec, kifu_record_current_line(ps->rec), &li);
	return li.start + li.count;
}

#define PROBLEM(ps, ply, p, move, mlen, msg) kifu__kif_problem(&(ps)->sp, ply, p, move, mlen, msg)

/* Brings kr->pos to the position before the next move of the current line,
 * playing the record when it has fallen behind (KIF moves name their
 * origin and need no position; KI2 moves and one-line passes do).  False if
 * a move on the way is illegal (the position is then unknown). */
static bool sync(parse *ps)
{
	if (ps->synced)
		return true;
	kifu_record_line_info li;
	int line = kifu_record_current_line(ps->rec);
	kifu_record_get_line(ps->rec, line, &li);
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.variation = line;
	kifu_validation val;
	ps->synced = kifu_play(ps->rec, ps->kr->pos, &opt, &val) == 0 && val.valid;
	return ps->synced;
}

/* Adds a move to the current line; with keep, plays it on the reader's
 * position too (when that is in step). */
static int add_move(parse *ps, const kifu_move *m, int named, const char *written, size_t len,
		    bool keep)
{
	long idx = kifu_record_add_move(ps->rec, m, written, len, ps->sp.lineno,
					kifu__kif_col(&ps->sp, written));
	if (idx == KIFU_ELIMIT)
		return PROBLEM(ps, current_ply(ps), written, written, len, "more moves than a record may hold");
	if (idx < 0)
		return (int)idx;
	ps->last = idx;
	ps->last_to = m->to;
	if (named >= 0)
		kifu_record_set_named_type(ps->rec, idx, named);
	if (keep && ps->synced && kifu_check_move(ps->kr->pos, m, NULL) == 0)
		kifu_make_move(ps->kr->pos, m, NULL);
	else
		ps->synced = false;
	return 0;
}

/* The line's ending: its word, where it is written (p), and how (text[0..n)). */
static int set_ending(parse *ps, const char *word, const char *p, const char *text, size_t n)
{
	ps->ended = true;
	int rc = kifu_record_set_ending(ps->rec, word, strlen(word), ps->sp.lineno, kifu__kif_col(&ps->sp, p));
	if (!rc && n && (strlen(word) != n || memcmp(word, text, n)))
		rc = kifu_record_set_ending_text(ps->rec, text, n);
	return rc;
}

/* A note on the record at p of the line being read (kifu_record_add_note). */
static int note(parse *ps, const char *p, const char *msg)
{
	return kifu_record_add_note(ps->rec, ps->sp.lineno, kifu__kif_col(&ps->sp, p), msg);
}

/* Another ending after the line's own (投了 then 中断, as some programs
 * write): the first one ends the game; this one, text[0..n), is passed
 * over, and a note says so. */
static int second_ending(parse *ps, const char *text, size_t n)
{
	kifu_record_line_info li;
	kifu_record_get_line(ps->rec, kifu_record_current_line(ps->rec), &li);
	char msg[400];
	snprintf(msg, sizeof msg, "the game ended with %s (line %ld): %.*s is passed over", li.ending_text,
		 li.ending_line, (int)n, text);
	return note(ps, text, msg);
}

/* The ending whose KIF word (kifu/vocabulary.h) t starts with, the longest
 * if several do (詰み before 詰); eats it.  NULL if none. */
static const char *special(kif_text *t)
{
	const kifu_ending_info *best = NULL;
	size_t best_len = 0;
	if (t->p >= t->end)
		return NULL;
	/* a word's first byte first: KI2 asks at every move */
	char c = *t->p;
	for (int i = 0; i < kifu_ending_count(); i++) {
		const kifu_ending_info *e = kifu_ending_at(i);
		size_t n;
		if (e->kif[0] == c && (n = strlen(e->kif)) > best_len && kif_at_n(t, e->kif, n)) {
			best = e;
			best_len = n;
		}
		for (const char *const *a = e->kif_also; *a; a++) {
			if ((*a)[0] == c && (n = strlen(*a)) > best_len && kif_at_n(t, *a, n)) {
				best = e;
				best_len = n;
			}
		}
	}
	if (!best)
		return NULL;
	t->p += best_len;
	return best->word;
}

/* The text of a move for messages: from p to the first run of spaces. */
static size_t move_text_len(const char *p, const char *end)
{
	const char *q = p;
	while (q < end && *q != ' ' && *q != '\t' && !(end - q >= 3 && !memcmp(q, "　", 3) && q > p + 3))
		q++;
	return (size_t)(q - p);
}

/* A special move (投了, 中断, ...) with its time, ending the line; else the
 * problem `otherwise`. */
static int special_move(parse *ps, kif_text *t, long ply, const char *mp, size_t mlen,
			const char *otherwise)
{
	const char *at = t->p;
	const char *word = special(t);
	if (!word)
		return PROBLEM(ps, ply, t->p, mp, mlen, otherwise);
	int rc = set_ending(ps, word, mp, at, (size_t)(t->p - at));
	double tm, tot;
	if (!rc && !kifu__kif_times(t, &tm, &tot))
		kifu_record_set_time(ps->rec, KIFU_COMMENT_ENDING, tm, tot);
	return rc;
}

/* The destination of a move head: its square, or the previous move's for
 * 同/仝 (-1 when there is none). */
static int head_to(const kif_move_head *h, int last_to)
{
	return h->same ? last_to : h->to;
}

/* "unknown piece name 歩 in chu (kifu-variants show chu lists them)":
 * the name is the text up to the origin, a space or the end. */
/* The rest of a line after its move (added as ps->last): the move's times,
 * then nothing. */
static int move_line_end(parse *ps, kif_text *t, long ply, const char *mp, size_t mlen)
{
	double tm, tot;
	if (!kifu__kif_times(t, &tm, &tot))
		kifu_record_set_time(ps->rec, ps->last, tm, tot);
	if (!kif_at_end(t))
		return PROBLEM(ps, ply, t->p, mp, mlen, "unexpected text after the move");
	return 0;
}

static int unknown_piece(parse *ps, long ply, const kif_text *t, const char *mp, size_t mlen)
{
	size_t n = 0, len = (size_t)(t->end - t->p);
	/* at most four characters, up to '(' or a space */
	for (int chars = 0; n < len && chars < 4 && t->p[n] != '(' && t->p[n] != ' '; chars++) {
		unsigned char c = (unsigned char)t->p[n];
		size_t k = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
		if (!strncmp(t->p + n, "　", 3) || !strncmp(t->p + n, "（", 3) || n + k > len)
			break;
		n += k;
	}
	char msg[300];
	const char *name = kifu_variant_name(ps->v);
	snprintf(msg, sizeof msg, "unknown piece name%s%.*s%s in %s (kifu-variants show %s lists them)",
		 n ? " \"" : "", (int)n, t->p, n ? "\"" : "", name, name);
	return PROBLEM(ps, ply, t->p, mp, mlen, msg);
}

/* "  12 同　歩(23)   ( 0:01/00:00:05)+" (the number already read) */
static int kif_move_line(parse *ps, const kif_line *kl)
{
	kif_text t = kl->rest;
	long ply = current_ply(ps);
	kif_skip_space(&t);
	/* a side's mark before the move (☗７六歩(77), as some programs write) */
	kifu__kif_eat_mark(&t);
	const char *mp = t.p;
	size_t mlen = move_text_len(t.p, t.end);
	if (ps->ended) {
		kif_text w = t;
		if (special(&w))
			return second_ending(ps, mp, (size_t)(w.p - mp));
		return PROBLEM(ps, ply, mp, mp, mlen, "a move after the end of the game");
	}
	if (kl->number < 0) {
		/* past what a number is read to (100,000,000): its digits, as
		 * written, begin the text (kif_lex.c leaves them) */
		char msg[200];
		snprintf(msg, sizeof msg, "the move number %.*s is past any ply (a record has at most %ld)",
			 (int)(mlen < 40 ? mlen : 40), mp, (long)KIFU_MAX_PLIES);
		kifu__utf8_trim_end(msg);
		return PROBLEM(ps, ply, mp, mp, mlen, msg);
	}
	if (kl->number != ply + ps->number_base) {
		char msg[120];
		snprintf(msg, sizeof msg, "the move number is %ld, not the next ply, %ld", kl->number,
			 ply + ps->number_base);
		return PROBLEM(ps, ply, mp, mp, mlen, msg);
	}
	kif_move_head h;
	enum kif_head_status st = kifu__kif_move_head(ps->v, &t, false, &h, &ps->kr->names);
	if (st == KIF_HEAD_NO_SQUARE) /* not a move: a special move (投了, 中断, ...)? */
		return special_move(ps, &t, ply, mp, mlen, "expected a square (７六) or 同");
	if (h.same && ps->last_to < 0)
		return PROBLEM(ps, ply, mp, mp, mlen, "同 (same square) with no move before it");
	if (st == KIF_HEAD_NO_PIECE)
		return unknown_piece(ps, ply, &t, mp, mlen);
	int to = head_to(&h, ps->last_to);
	kifu_move m = {0, KIFU_NO_SQUARE, (uint16_t)to, h.promote ? KIFU_MOVE_PROMOTE : 0, 0};
	int from;
	if (!h.drop && (from = kifu__kif_origin(ps->v, &t)) >= 0) {
		m.from = (uint16_t)from;
	} else if (!h.promote) {
		/* a drop, with or without 打 */
		kifu_piece_info info;
		kifu_variant_piece(ps->v, h.type, &info);
		if (info.promoted)
			return PROBLEM(ps, ply, mp, mp, mlen, "a promoted piece cannot be dropped");
		m.from = KIFU_NO_SQUARE;
		m.flags = KIFU_MOVE_DROP;
		m.piece = (uint8_t)h.type;
	} else {
		return PROBLEM(ps, ply, t.p, mp, mlen, "expected the origin square, as (77)");
	}
	int rc = add_move(ps, &m, h.type, mp, mlen, false);
	if (rc)
		return rc;
	double tm, tot;
	if (!kifu__kif_times(&t, &tm, &tot))
		kifu_record_set_time(ps->rec, ps->last, tm, tot);
	kif_skip_space(&t);
	kif_eat(&t, "+");
	if (!kif_at_end(&t))
		return PROBLEM(ps, ply, t.p, mp, mlen, "unexpected text after the move");
	return 0;
}

/* The first empty square next to sq in pos, the square a pass written as
 * one line goes through; -1 if none. */
static int empty_neighbour(const kifu_position *pos, const kifu_variant *v, int sq)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	int f = sq % files, r = sq / files;
	for (int dr = -1; dr <= 1; dr++)
		for (int df = -1; df <= 1; df++) {
			int nf = f + df, nr = r + dr;
			if ((df || dr) && nf >= 0 && nr >= 0 && nf < files && nr < ranks &&
			    !kifu_position_at(pos, nr * files + nf))
				return nr * files + nf;
		}
	return -1;
}

/* "1手目三歩目 10七狛犬成 （←10八）": the third step of a run
 * (KIFU_MOVE_RUN, the Lion Dog's third capture; docs/kif.md), after the two
 * lines of its first steps: the move they made goes on from the second
 * step's square along their line, and promotes, if it does, here. */
static int wide_third_step(parse *ps, const kif_line *kl)
{
	kif_text t = kl->rest;
	const long ply = current_ply(ps) - 1;
	kif_skip_space(&t);
	const char *mp = t.p;
	size_t mlen = move_text_len(t.p, t.end);
	kifu_record_move prev;
	const long run = ps->run_ply;
	ps->run_ply = -1;
	if (run < 1 || run != ply || kl->number != ply + ps->number_base ||
	    kifu_record_get_move_at(ps->rec, ps->last, &prev))
		return PROBLEM(ps, kl->number - ps->number_base, mp, mp, mlen, "a third step that does not follow a second");
	kifu__kif_eat_mark(&t);
	kif_move_head h;
	enum kif_head_status st = kifu__kif_move_head(ps->v, &t, false, &h, &ps->kr->names);
	if (st == KIF_HEAD_NO_SQUARE)
		return PROBLEM(ps, ply, mp, mp, mlen, "expected a square (7八) or 仝");
	if (st == KIF_HEAD_NO_PIECE)
		return unknown_piece(ps, ply, &t, mp, mlen);
	const int to = h.same ? ps->run_prev_to : h.to;
	kif_skip_space(&t);
	kif_eat(&t, "まで");
	const int from = h.drop ? -1 : kifu__kif_origin(ps->v, &t);
	if (from < 0)
		return PROBLEM(ps, ply, t.p, mp, mlen, "expected the origin, as （←7九）");
	if (from != prev.move.to)
		return PROBLEM(ps, ply, mp, mp, mlen, "a third step that does not follow its second");
	if (prev.move.flags & KIFU_MOVE_PROMOTE)
		return PROBLEM(ps, ply, mp, mp, mlen, "a run promotes on its third step, not its second");
	const int files = kifu_variant_files(ps->v), ranks = kifu_variant_ranks(ps->v);
	kifu_move m = prev.move;
	m.to = (uint16_t)to;
	m.flags = (uint8_t)(h.promote ? KIFU_MOVE_PROMOTE : 0);
	if (to >= 0 && kifu__run_second(files, prev.move.from, prev.move.mid, to) == from) {
		m.flags |= KIFU_MOVE_RUN;
	} else if (to >= 0 && kifu__three_legs_shape(files, ranks, prev.move.from, prev.move.mid, from, to)) {
		/* three king steps not along one line: three legs, mid2 the
		 * second step's square */
		kifu_move_set_mid2(&m, from, files, ranks);
	} else {
		return PROBLEM(ps, ply, mp, mp, mlen,
			       "a third step goes on along the line of the first two, from the square after the first (a run), or is a king step after two (three legs)");
	}
	int rc = kifu_record_set_move(ps->rec, ps->last, &m);
	if (rc)
		return rc;
	ps->last_to = to;
	return move_line_end(ps, &t, ply, mp, mlen);
}

/* "57手目一歩目 ▲仝獅子 （←7七）", "58手目 △10九角行成 （←3二）" */
static int wide_move_line(parse *ps, const kif_line *kl)
{
	if (kl->leg == 3)
		return wide_third_step(ps, kl);
	kif_text t = kl->rest;
	long ply = current_ply(ps);
	int leg = kl->leg;
	const int prev_to = ps->last_to;
	ps->run_ply = -1;
	kif_skip_space(&t);
	const char *mp = t.p;
	size_t mlen = move_text_len(t.p, t.end);
	if (ps->ended)
		return PROBLEM(ps, ply, mp, mp, mlen, "a move after the end of the game");
	if (kl->number != ply + ps->number_base)
		return PROBLEM(ps, ply, mp, mp, mlen, "the move number is not the next ply");
	/* ▲/△ as lishogi's client and shogiops write, or none as its server
	 * exports (scalashogi format/kif/KifModel.scala) */
	kifu__kif_eat_mark(&t);
	kif_move_head h;
	enum kif_head_status st = kifu__kif_move_head(ps->v, &t, false, &h, &ps->kr->names);
	if (st == KIF_HEAD_NO_SQUARE)
		return special_move(ps, &t, ply, mp, mlen, "expected a square (7八) or 仝");
	int to = h.same ? (leg == 2 ? ps->pending_mid : ps->last_to) : h.to;
	if (h.same && to < 0)
		return PROBLEM(ps, ply, mp, mp, mlen, "仝 (same square) with no move before it");
	if (st == KIF_HEAD_NO_PIECE)
		return unknown_piece(ps, ply, &t, mp, mlen);
	kifu_move m = {0, KIFU_NO_SQUARE, (uint16_t)to, h.promote ? KIFU_MOVE_PROMOTE : 0, 0};
	bool drop = h.drop, pass = false;
	kif_skip_space(&t);
	if (kif_eat(&t, "（じっと）") || kif_eat(&t, "(じっと)"))
		pass = true;
	else if (!kif_eat(&t, "（居食い）"))
		kif_eat(&t, "(居食い)");
	kif_eat(&t, "まで"); /* the last move (lishogi): the ending, if any, says more */
	int from = -1;
	if (!drop && (from = kifu__kif_origin(ps->v, &t)) < 0) {
		if (!kifu_variant_has_drops(ps->v))
			return PROBLEM(ps, ply, t.p, mp, mlen, "expected the origin, as （←7九）");
		drop = true;
	}
	if (drop) {
		kifu_piece_info info;
		kifu_variant_piece(ps->v, h.type, &info);
		m.from = KIFU_NO_SQUARE;
		m.flags = KIFU_MOVE_DROP;
		m.piece = (uint8_t)info.base;
	} else {
		m.from = (uint16_t)from;
	}
	if (leg == 1) {
		/* the first leg: wait for the second */
		ps->pending_from = from;
		ps->pending_mid = to;
		ps->pending_ply = ply;
		ps->pending_same = h.same;
		return 0;
	}
	if (leg == 2) {
		/* shogiops writes 仝 on both lines of a two-step move that ends on
		 * the previous move's square (notation/kif.ts makeKifMoveOrDrop),
		 * the first line's 仝 then saying where the move ends: its middle
		 * square is the second line's origin, as lishogi's reader takes
		 * it (scalashogi KifParser, the second step's origin) */
		if (ps->pending_same && h.same && ps->pending_ply == ply && from >= 0 && from != ps->pending_mid &&
		    ps->pending_mid == ps->last_to)
			ps->pending_mid = from;
		if (ps->pending_mid < 0 || ps->pending_ply != ply || from != ps->pending_mid)
			return PROBLEM(ps, ply, mp, mp, mlen, "a second step that does not follow its first");
		m.from = (uint16_t)ps->pending_from;
		m.mid = (uint16_t)ps->pending_mid;
		ps->pending_mid = -1;
		/* a third step (三歩目) may follow: a run */
		ps->run_ply = ply;
		ps->run_prev_to = prev_to;
	} else if (pass || (from == to && !drop)) {
		/* a pass written as one line: through any empty square next to it */
		if (!sync(ps))
			return PROBLEM(ps, ply, mp, mp, mlen, "cannot tell the square of this pass");
		int mid = empty_neighbour(ps->kr->pos, ps->v, from);
		if (mid < 0)
			return PROBLEM(ps, ply, mp, mp, mlen, "a pass with no empty square next to the piece");
		m.mid = (uint16_t)mid;
	}
	int rc = add_move(ps, &m, h.type, mp, mlen, false);
	if (rc)
		return rc;
	return move_line_end(ps, &t, ply, mp, mlen);
}

/* "▲７六歩　△３四歩 ▲２二角成" — one or more KI2 moves. */
static int ki2_line(parse *ps, const kif_line *kl)
{
	kif_text t = kl->rest;
	while (!kif_at_end(&t)) {
		long ply = current_ply(ps);
		const char *mp = t.p;
		if (!kifu__kif_eat_mark(&t))
			return PROBLEM(ps, ply, mp, mp, move_text_len(mp, t.end), "expected ▲ or △");
		const char *at = t.p;
		const char *word = special(&t);
		if (word) {
			int rc = ps->ended ? second_ending(ps, at, (size_t)(t.p - at)) :
					     set_ending(ps, word, mp, at, (size_t)(t.p - at));
			if (rc)
				return rc;
			continue;
		}
		kif_move_head h;
		enum kif_head_status st = kifu__kif_move_head(ps->v, &t, true, &h, &ps->kr->names);
		size_t mlen = (size_t)(t.p - mp);
		if (ps->ended)
			return PROBLEM(ps, ply, mp, mp, mlen, "a move after the end of the game");
		if (st == KIF_HEAD_NO_SQUARE)
			return PROBLEM(ps, ply, mp, mp, mlen, "expected a square (７六) or 同");
		if (st != KIF_HEAD_NO_SQUARE && h.same && ps->last_to < 0)
			return PROBLEM(ps, ply, mp, mp, mlen, "同 (same square) with no move before it");
		if (st == KIF_HEAD_NO_PIECE)
			return unknown_piece(ps, ply, &t, mp, mlen);
		kifu_move m;
		bool paren = t.p < t.end && (*t.p == '(' || kif_at(&t, "（"));
		int from = h.drop || !paren ? -1 : kifu__kif_origin(ps->v, &t);
		if (from >= 0) {
			/* its KIF origin too (▲７六歩(77), as older exporters write):
			 * the origin says the move, as in KIF */
			mlen = (size_t)(t.p - mp);
			m = (kifu_move){(uint16_t)from, KIFU_NO_SQUARE, (uint16_t)head_to(&h, ps->last_to),
					h.promote ? KIFU_MOVE_PROMOTE : 0, 0};
		} else {
			if (!sync(ps))
				return PROBLEM(ps, ply, mp, mp, mlen, "cannot resolve this move: an earlier move was illegal");
			const char *why = kifu__ki2_resolve(ps->kr->pos, &h, head_to(&h, ps->last_to), &m);
			if (why)
				return PROBLEM(ps, ply, mp, mp, mlen, why);
		}
		int rc = add_move(ps, &m, h.type, mp, mlen, true);
		if (rc)
			return rc;
	}
	return 0;
}

/* Stores the gathered comment lines (after what the place already had). */
static int flush_note(parse *ps)
{
	if (!ps->note_open)
		return 0;
	kif_reader *kr = ps->kr;
	ps->note_open = false;
	return kifu_record_append_comment(ps->rec, ps->note_idx, kr->note, kr->note_len);
}

/* The text after a `*` (a comment line, gathered with the lines that follow
 * it) or a `&` (a bookmark). */
static int append_note(parse *ps, const kif_text *t, bool bookmark)
{
	if (ps->var_ply)
		return 0; /* before a variation's first move: nothing to attach to */
	long idx = ps->ended ? KIFU_COMMENT_ENDING : ps->last;
	if (idx == -1) {
		if (kifu_record_current_line(ps->rec) != 0)
			return 0; /* before a variation's first move: nothing to attach to */
		idx = KIFU_COMMENT_BEFORE;
	}
	if (bookmark) {
		if (idx == KIFU_COMMENT_ENDING)
			return 0; /* no bookmarks on endings */
		return kifu_record_set_bookmark(ps->rec, idx, t->p, (size_t)(t->end - t->p));
	}
	kif_reader *kr = ps->kr;
	if (ps->note_open && ps->note_idx != idx) {
		int rc = flush_note(ps);
		if (rc)
			return rc;
	}
	size_t nl = (size_t)(t->end - t->p);
	size_t need = (ps->note_open ? kr->note_len + 1 : 0) + nl;
	if (kifu__grow(&kr->note, &kr->note_cap, need, 1024))
		return KIFU_ENOMEM;
	if (ps->note_open) {
		kr->note[kr->note_len++] = '\n';
	} else {
		kr->note_len = 0;
		ps->note_open = true;
		ps->note_idx = idx;
	}
	memcpy(kr->note + kr->note_len, t->p, nl);
	kr->note_len += nl;
	return 0;
}

/* "まで3手で先手の勝ち", "まで2手で中断": the ending a result line tells
 * (its compact word, NULL if none), where it is said (*at, *len).  The KIF
 * word of an ending that comes first in the line (the longest, if two start
 * at one place: 詰み over 詰); else, when the line names a winner (の勝ち), a
 * resignation, said by the whole line. */
static const char *result_ending(const kif_text *t, const char **at, size_t *len)
{
	const char *best = NULL;
	size_t best_len = 0;
	*at = NULL;
	for (int i = 0; i < kifu_ending_count(); i++) {
		const kifu_ending_info *e = kifu_ending_at(i);
		for (int k = -1; k < 0 || e->kif_also[k]; k++) {
			const char *w = k < 0 ? e->kif : e->kif_also[k];
			size_t n = strlen(w);
			for (const char *q = t->p; q + n <= t->end && (!*at || q <= *at); q++)
				if (!memcmp(q, w, n)) {
					if (!*at || q < *at || n > best_len) {
						best = e->word;
						*at = q;
						best_len = n;
					}
					break;
				}
		}
	}
	if (!best) {
		for (const char *q = t->p; q + strlen("の勝ち") <= t->end; q++)
			if (!memcmp(q, "の勝ち", strlen("の勝ち")))
				best = "resign";
		*at = t->p;
		best_len = (size_t)(t->end - t->p);
	}
	*len = best_len;
	return best;
}

/* A result line: the line's ending when none was given (KI2); after one,
 * a line that says another ending is passed over with a note (投了, then
 * まで2手で中断), one that agrees is what Kifu for Windows writes. */
static int result_line(parse *ps, const kif_text *t)
{
	const char *at;
	size_t len;
	const char *word = result_ending(t, &at, &len);
	if (!word)
		return 0;
	if (!ps->ended)
		return set_ending(ps, word, t->p, at, len);
	kifu_record_line_info li;
	kifu_record_get_line(ps->rec, kifu_record_current_line(ps->rec), &li);
	if (!strcmp(li.ending, word))
		return 0;
	return second_ending(ps, t->p, (size_t)(t->end - t->p));
}

/* Does the current line, or one it branches from, have a move (or its
 * ending) at ply n for a variation to replace? */
static bool has_ply(parse *ps, long n)
{
	for (int line = kifu_record_current_line(ps->rec); line >= 0;) {
		kifu_record_line_info li;
		kifu_record_get_line(ps->rec, line, &li);
		if (n >= li.start && (n < li.start + li.count || (n == li.start + li.count && li.ending[0])))
			return true;
		line = li.parent;
	}
	return false;
}

/* A variation replacing the move at ply n of the most recent line (this
 * one or one it branches from) that has a move at ply n, or its ending
 * there (a move played instead of 投了: the KIF writer writes it so, JKF
 * has forks of a special).  p: where its ply is written, for a problem. */
static int begin_variation(parse *ps, long n, const char *p)
{
	int line = kifu_record_current_line(ps->rec);
	while (line >= 0) {
		kifu_record_line_info li;
		kifu_record_get_line(ps->rec, line, &li);
		if (n >= li.start && (n < li.start + li.count || (n == li.start + li.count && li.ending[0])))
			break;
		line = li.parent;
	}
	if (line < 0)
		return PROBLEM(ps, 0, p, NULL, 0, "a variation at a ply no line has");
	/* (has_ply walks the same way, for a choice before one is made) */
	/* an alternative to a variation's first move is an alternative to the
	 * move it replaced: several variations at one ply are siblings, not a
	 * chain (kifu_record_begin_line) */
	int sub = kifu_record_begin_line(ps->rec, line, n);
	if (sub < 0)
		return sub;
	ps->ended = false;
	ps->synced = false;
	ps->last = -1;
	/* 同 in the variation refers to the move before it */
	kifu_record_move before;
	ps->last_to = n > 1 && kifu_record_line_move(ps->rec, sub, n - 1, &before, NULL) == 0 ? before.move.to : -1;
	return 0;
}

/* 変化：N手: the variation begins with its first line of moves (or what
 * ends it), whose move number, where it has one, says the ply: a file
 * edited by hand may say 変化：8手 over a move numbered 9 (said in a note). */
static int variation_line(parse *ps, const kif_text *rest)
{
	int rc = 0;
	if (ps->var_ply && (rc = begin_variation(ps, ps->var_ply, ps->sp.line)))
		return rc; /* the one before had no move */
	kif_text t = *rest;
	kif_skip_space(&t);
	const char *p = t.p;
	/* numbered as the moves are: on from the diagram's move number */
	long n = kifu__kif_number(&t) - ps->number_base;
	kif_skip_space(&t);
	if (n < 1 || !kif_eat(&t, "手"))
		return PROBLEM(ps, 0, p, NULL, 0, "expected 変化：N手");
	if (ps->pending_mid >= 0)
		return PROBLEM(ps, 0, p, NULL, 0, "a first step without its second");
	ps->var_ply = n;
	ps->var_line = ps->sp.lineno;
	return 0;
}

/* The variation 変化：N手 announced begins, at kl (a line of moves, a
 * result line; NULL: the record's end). */
static int open_variation(parse *ps, const kif_line *kl)
{
	long n = ps->var_ply;
	if (!n)
		return 0;
	ps->var_ply = 0;
	bool numbered = kl && (kl->kind == KIF_MOVE || kl->kind == KIF_WIDE_MOVE) && kl->number > ps->number_base;
	long first = numbered ? kl->number - ps->number_base : n; /* the ply its first move's number says */
	if (first != n && has_ply(ps, first)) {
		char msg[200];
		snprintf(msg, sizeof msg, "変化：%ld手 (line %ld), but its first move is numbered %ld: the variation "
			 "is read from move %ld", n + ps->number_base, ps->var_line, kl->number, kl->number);
		int rc = note(ps, kl->rest.p, msg);
		if (rc)
			return rc;
		n = first;
	}
	return begin_variation(ps, n, kl ? kl->rest.p : ps->sp.line);
}

/* ---- headers and the variant ---- */

/* What the 手合割 value names (kifu__kif_handicap_variant), the answer kept
 * for the next record that says the same (the variants and -v's outlive
 * the reader). */
static const kifu_variant *handicap_variant(kif_reader *kr, const char *value, const char **start)
{
	if (kr->handicap[0] && !strcmp(kr->handicap, value)) {
		*start = kr->handicap_start;
		return kr->handicap_v;
	}
	const kifu_variant *v = kifu__kif_handicap_variant(kr->ctx.variants, kr->ctx.fallback, value, start);
	if (strlen(value) < sizeof kr->handicap) {
		strcpy(kr->handicap, value);
		kr->handicap_v = v;
		kr->handicap_start = *start;
	}
	return v;
}

/* "unknown 手合割 "X" (did you mean 香落ち?)": no known variant nor start has
 * that name, and no board diagram gives the start. */
static int unknown_handicap(parse *ps)
{
	const kif_reader *kr = ps->kr;
	const char *names[256];
	int k = 0, n = kifu_variant_set_count(kr->ctx.variants);
	for (int i = 0; i < n && k < 256; i++) {
		const kifu_variant *v = kifu_variant_set_at(kr->ctx.variants, i);
		if (!v)
			continue;
		names[k++] = kifu_variant_title_ja(v)[0] ? kifu_variant_title_ja(v) : kifu_variant_name(v);
		for (int s = 0; s < kifu_variant_named_start_count(v) && k < 256; s++)
			names[k++] = kifu_variant_named_start_name(v, s);
	}
	char folded[256];
	kifu_name_fold(ps->handicap, folded, sizeof folded);
	int close = kifu__closest(folded, names, k);
	char msg[400];
	snprintf(msg, sizeof msg, "unknown 手合割 \"%s\": neither a variant nor a start position kifu knows%s%s%s",
		 ps->handicap, close >= 0 ? " (did you mean " : "", close >= 0 ? names[close] : "",
		 close >= 0 ? "?)" : " (kifu-variants lists them)");
	/* at the 手合割 line, where the value is */
	return kifu_record_set_error(ps->rec, 0, ps->handicap_line, ps->handicap_col, NULL, 0, msg);
}

static int header_line(parse *ps, const kif_line *kl)
{
	kif_text val = kl->rest;
	const char *key = kl->key.p;
	size_t klen = (size_t)(kl->key.end - kl->key.p);
	kifu__kif_trim(&val);
	size_t vl = (size_t)(val.end - val.p);
	const kifu_tag_info *tag;
	switch (kifu__kif_header_kind(key, klen, vl, &tag)) {
	case KIF_HEADER_TAG:
		/* of several 手合割, the first that names nothing known is the one
		 * reported (unless a board diagram gives the start) */
		if (!strcmp(tag->key, "handicap") && !(ps->handicap[0] && !ps->handicap_known)) {
			/* 手合割 naming a variant (大将棋) says the variant, not a start; a
			 * start is kept under its own name (平手); anything else is kept as
			 * it is, for a board diagram to give the start (その他, 詰将棋) */
			memcpy(ps->handicap, val.p, vl);
			ps->handicap[vl] = 0;
			ps->handicap_line = ps->sp.lineno;
			ps->handicap_col = kifu__kif_col(&ps->sp, val.p);
			const char *start;
			const kifu_variant *v = handicap_variant(ps->kr, ps->handicap, &start);
			ps->handicap_known = v != NULL;
			if (v && !start)
				return 0;
			if (start)
				return kifu_record_add_tag(ps->rec, tag->key, strlen(tag->key), start, strlen(start));
		}
		return kifu_record_add_tag(ps->rec, tag->key, strlen(tag->key), val.p, vl);
	case KIF_HEADER_KEY:
		return kifu_record_add_tag(ps->rec, key, klen, val.p, vl);
	case KIF_HEADER_WHOLE:
		break;
	}
	/* any other header: kept whole, as "key：value" */
	char *buf = malloc(klen + 3 + vl);
	if (!buf)
		return KIFU_ENOMEM;
	memcpy(buf, key, klen);
	memcpy(buf + klen, "：", 3);
	memcpy(buf + klen + 3, val.p, vl);
	int rc = kifu_record_add_tag(ps->rec, "header", 6, buf, klen + 3 + vl);
	free(buf);
	return rc;
}

/* Could the wide-form move line kl be the first move of a game of v from
 * its start position: the piece it names, of the side its mark gives,
 * standing on its origin? */
static bool first_move_fits(kif_reader *kr, const kifu_variant *v, const kif_line *kl)
{
	kif_text t = kl->rest;
	kif_skip_space(&t);
	int side = kif_at(&t, "△") || kif_at(&t, "▽") || kif_at(&t, "☖") ? KIFU_GOTE : KIFU_SENTE;
	if (!kifu__kif_eat_mark(&t) && kifu_position_for(&kr->pos, v) == 0) {
		/* no mark (lishogi's server form): the side the start gives the
		 * move, or the other on an even ply */
		kifu_position_reset(kr->pos);
		side = (int)kifu_position_side(kr->pos) ^ (kl->number % 2 == 0);
	}
	kif_move_head h;
	if (kifu__kif_move_head(v, &t, false, &h, NULL) != KIF_HEAD_OK || h.drop)
		return false;
	kif_skip_space(&t);
	while (t.p < t.end && *t.p != '(' && !kif_at(&t, "（"))
		t.p++; /* （じっと）, （居食い）, まで */
	int from = -1;
	while (t.p < t.end && (from = kifu__kif_origin(v, &t)) < 0)
		t.p++;
	if (from < 0 || kifu_position_for(&kr->pos, v))
		return false;
	kifu_position_reset(kr->pos);
	int c = kifu_position_at(kr->pos, from);
	return c && (int)kifu_code_side(c) == side && kifu_piece_names_agree(v, kifu_code_type(c), h.type);
}

/* The numbers of a wide-form first move's origin: the first "（←F R）" of
 * its line, as first_move_fits finds it after the move's square and piece
 * (which hold none in a shipped variant's names); false if it has none. */
static bool wide_origin(const kif_line *kl, long *file, int *rank)
{
	for (const char *q = kl->rest.p; q + 4 <= kl->rest.end; q++) {
		bool wide = q + 6 <= kl->rest.end && !memcmp(q, "（←", 6);
		if (!wide && memcmp(q, "(←", 4))
			continue;
		kif_text t = {q + (wide ? 6 : 4), kl->rest.end};
		*file = kifu__kif_number(&t);
		*rank = kifu__kif_kanji_number(&t);
		if (*file >= 1 && *rank >= 1 && (kif_eat(&t, "）") || kif_eat(&t, ")")))
			return true;
	}
	return false;
}

/* Whether the set's i-th variant (summary cs) may have a piece on file,
 * rank of its start, told without loading it where the shipped files tell
 * (its own start's, or its parent's when it keeps its parent's start):
 * off its board or on an empty square, no wide first move from there fits
 * it (first_move_fits); else it is loaded and asked. */
static bool may_stand_on(const kifu_variant_set *set, int i, const kifu_variant_summary *cs, long file, int rank)
{
	if (file > cs->files || rank > cs->ranks)
		return false;
	int sq = (rank - 1) * cs->files + (int)(file - 1);
	const char *name;
	enum kifu_side side;
	int told = kifu_variant_set_start_name(set, i, sq, &name, &side);
	if (told == KIFU_ENOTFOUND && cs->start_as_parent && cs->parent_at >= 0)
		told = kifu_variant_set_start_name(set, cs->parent_at, sq, &name, &side);
	return told != 0;
}

/* Chooses the record's variant when its moves begin (kl: the first move
 * line) or at its end (kl NULL); docs/kif.md, "The variant of a KIF record":
 *   1. the one 手合割 names (by title, name, or a start of its);
 *   2. else -v;
 *   3. else by the record's form: Kakinoki KIF and KI2 are standard shogi;
 *      the wide form, or a board diagram over 9×9, is a variant with a larger
 *      board: the one of the diagram's size, or, with no diagram, the one in
 *      whose start position the first move's piece stands on its origin; of
 *      several that fit, the one the others inherit (chu, not chu-jcsa).
 *      None, or several unrelated: the record says which with 手合割, or -v
 *      does. */
static int choose_variant(parse *ps, const kif_line *kl)
{
	kif_reader *kr = ps->kr;
	const kif_bod *bod = &kr->bod;
	const char *start;
	const kifu_variant *v = ps->handicap[0] ? handicap_variant(kr, ps->handicap, &start) : NULL;
	if (!v)
		v = kr->ctx.fallback;
	bool wide = (kl && kl->kind == KIF_WIDE_MOVE) || bod->files > 9 || bod->nranks > 9;
	if (!v && !wide)
		v = kifu_variant_set_find(kr->ctx.variants, "shogi");
	char names[200] = "";
	int nfound = 0;
	if (!v) {
		const kifu_variant *found = NULL, *fits[32];
		int n = kifu_variant_set_count(kr->ctx.variants), orank = 0;
		long ofile = 0;
		bool by_origin = !bod->seen && kl && kl->kind == KIF_WIDE_MOVE && wide_origin(kl, &ofile, &orank);
		for (int i = 0; i < n; i++) {
			/* by the board first, from what the files say: only the
			 * variants that may fit are loaded */
			kifu_variant_summary cs;
			if (kifu_variant_set_summary(kr->ctx.variants, i, &cs) || (cs.files <= 9 && cs.ranks <= 9) ||
			    (bod->seen && ((bod->files && cs.files != bod->files) || cs.ranks != bod->nranks)) ||
			    (by_origin && !may_stand_on(kr->ctx.variants, i, &cs, ofile, orank)))
				continue;
			const kifu_variant *c = kifu_variant_set_at(kr->ctx.variants, i);
			if (!c)
				continue;
			if (bod->seen ? (bod->files && kifu_variant_files(c) != bod->files) ||
						kifu_variant_ranks(c) != bod->nranks :
					kl && kl->kind == KIF_WIDE_MOVE && !first_move_fits(kr, c, kl))
				continue;
			found = c;
			if (nfound < 32)
				fits[nfound] = c;
			size_t len = strlen(names);
			snprintf(names + len, sizeof names - len, "%s%s", nfound++ ? ", " : "", kifu_variant_name(c));
		}
		if (nfound == 1)
			v = found;
		/* several fit, one of them the others' ancestor (chu, which
		 * chu-jcsa inherits): that one, the variant they all refine */
		if (!v && nfound > 1)
			v = kifu__variant_refined_by_all(kr->ctx.variants, fits, nfound < 32 ? nfound : 32);
	}
	if (!v) {
		char msg[300];
		if (nfound > 1)
			snprintf(msg, sizeof msg, "cannot tell the variant: the record fits %s (use -v)", names);
		else if (bod->seen)
			snprintf(msg, sizeof msg, "cannot tell the variant: no variant kifu knows has a %dx%d board "
				 "(use -v, or a 手合割 header)", bod->files, bod->nranks);
		else
			snprintf(msg, sizeof msg, "cannot tell the variant: its first move fits the start position "
				 "of no variant kifu knows (use -v, or a 手合割 header)");
		return PROBLEM(ps, 0, ps->sp.line, NULL, 0, msg);
	}
	ps->v = v;
	int rc = kifu_record_set_variant(ps->rec, kifu_variant_name(v), strlen(kifu_variant_name(v)));
	if (!rc && kifu_position_for(&kr->pos, v))
		rc = KIFU_ENOMEM;
	return rc;
}

/* The moves begin (kl: the first move line): the variant, the diagram, the
 * reader's position at the start. */
static int begin_moves(parse *ps, const kif_line *kl)
{
	int rc;
	/* a 手合割 that names nothing known needs a diagram to give the start */
	if (ps->handicap[0] && !ps->handicap_known && !ps->kr->bod.seen)
		return unknown_handicap(ps);
	if (!ps->v && ((rc = choose_variant(ps, kl)) || !ps->v))
		return rc;
	/* after a diagram, the first move's number says how many moves were
	 * played before it: lishogi numbers a game from a set-up position from
	 * its SFEN's move number, with no 手数＝ (scalashogi KifModel, the step
	 * numbers of lila's NotationDump: index + startedAtStep); after 手数＝N,
	 * a first move numbered N + 1 counts on from it, one numbered 1 afresh */
	kif_bod *bod = &ps->kr->bod;
	if (bod->seen && kl && (kl->kind == KIF_MOVE || kl->kind == KIF_WIDE_MOVE) && kl->number > 1 &&
	    (bod->movenumber <= 0 || kl->number == bod->movenumber + 1)) {
		bod->movenumber = kl->number - 1;
		ps->number_base = kl->number - 1;
	}
	if ((rc = kifu__bod_finish(bod, ps->v, ps->rec, &ps->sp)))
		return rc;
	/* a 手合割 that names a start of another variant than the record's (平手
	 * in a record another 手合割 says is 朝倉象棋): as the compact reader */
	const char *h = kifu_record_tag(ps->rec, "handicap");
	if (h && !kifu_record_tag(ps->rec, "sfen") && !kifu__named_start(ps->v, h)) {
		kifu_diag d;
		kifu__unknown_handicap(ps->v, h, &d);
		return kifu_record_set_error(ps->rec, 0, ps->handicap_line, ps->handicap_col, NULL, 0, d.message);
	}
	ps->synced = kifu_record_start(ps->rec, ps->kr->pos, NULL) == 0;
	return 0;
}

/* The moves begin at line kl, unless they have begun (*begun).  *lost: no
 * variant could be chosen; the record's problem is recorded, and its
 * lines are passed over to its end. */
static int start_moves(parse *ps, const kif_line *kl, bool *begun, bool *lost)
{
	if (*begun)
		return 0;
	*begun = true;
	int rc = begin_moves(ps, kl);
	*lost = !rc && !ps->v;
	return rc;
}

/* ---- the reader ---- */

void kifu__kif_close(void *state)
{
	kif_reader *kr = state;
	if (!kr)
		return;
	kifu_position_free(kr->pos);
	kifu__bod_free(&kr->bod);
	free(kr->note);
	free(kr);
}

int kifu__kif_open(void **state, const kifu__read_ctx *ctx)
{
	kif_reader *kr = calloc(1, sizeof *kr);
	*state = kr;
	if (!kr)
		return KIFU_ENOMEM;
	kr->ctx = *ctx;
	kifu__bod_init(&kr->bod);
	return 0;
}

/* The record begins at line no (its first line that is not blank). */
static int begin_record(parse *ps, long no)
{
	if (ps->started)
		return 0;
	ps->started = true;
	return kifu_record_set_source(ps->rec, kifu__lines_name(ps->kr->ctx.pump), no);
}

/* A line the pump says is bad (text/lines.h).  Too long: the record is
 * invalid there (never cut and called valid), and reading goes on.  A byte
 * the encoding does not read: in a comment, a note (the comment keeps
 * U+FFFD where the byte was, the moves are read and checked); elsewhere
 * the record's error, at the byte.  A NUL byte, kept as U+2400: a note. */
static int bad_line(parse *ps, const kifu__line *l, const kif_line *kl)
{
	if (l->problem == KIFU__LINE_TOO_LONG) {
		ps->substance = true;
		return kifu_record_set_error(ps->rec, 0, l->no, 0, NULL, 0, l->message);
	}
	/* a NUL shown as U+2400 is kept in whatever text holds it: said */
	if (l->problem == KIFU__LINE_NUL || kl->kind == KIF_COMMENT || kl->kind == KIF_BOOKMARK)
		return kifu_record_add_note(ps->rec, l->no, l->col, l->message);
	return kifu_record_set_error(ps->rec, 0, l->no, l->col, NULL, 0, l->message);
}

/* A line of moves (or a line that is nothing else): the moves begin with
 * the first, and each is read by its form. */
static int moves_line(parse *ps, const kif_line *kl)
{
	int rc = start_moves(ps, kl, &ps->moves_begun, &ps->lost);
	if (rc || ps->lost || (ps->var_ply && (rc = open_variation(ps, kl))))
		return rc;
	switch (kl->kind) {
	case KIF_MOVE:
		return kif_move_line(ps, kl);
	case KIF_WIDE_MOVE:
		return wide_move_line(ps, kl);
	case KIF_KI2_MOVES:
		return ki2_line(ps, kl);
	default:
		return PROBLEM(ps, 0, kl->rest.p, NULL, 0, "a line that is neither a header, a move nor a comment");
	}
}

/* One line of the record, by its kind (kif_lex.c). */
static int record_line(parse *ps, const kif_line *kl, const kifu__line *l)
{
	kif_reader *kr = ps->kr;
	int rc;
	switch (kl->kind) {
	case KIF_BLANK:
	case KIF_HASH:
	case KIF_MOVES_MARKER:
		return 0;
	case KIF_HEADER:
		return header_line(ps, kl);
	case KIF_COMMENT:
	case KIF_BOOKMARK:
		return append_note(ps, &kl->rest, kl->kind == KIF_BOOKMARK);
	case KIF_VARIATION:
		return ps->moves_begun && !ps->lost ? variation_line(ps, &kl->rest) : 0;
	case KIF_RESULT:
		/* the ending, when no move line gave it (KI2); it may be all a
		 * record of no moves has (まで0手で後手の勝ち) */
		if ((rc = start_moves(ps, kl, &ps->moves_begun, &ps->lost)))
			return rc;
		if (ps->lost || (rc = open_variation(ps, kl)))
			return rc;
		return result_line(ps, &kl->rest);
	case KIF_BOD_HAND:
	case KIF_BOD_RANK:
		if (ps->moves_begun)
			return ps->lost ? 0 : PROBLEM(ps, 0, kl->rest.p, NULL, 0, "a board diagram after the moves");
		/* fall through */
	case KIF_BOD_BORDER:
	case KIF_BOD_FILES:
	case KIF_BOD_SIDE:
	case KIF_BOD_MOVENUMBER:
		return ps->moves_begun ? 0 : kifu__bod_line(&kr->bod, kl, l->text, l->len, l->no);
	case KIF_MOVE:
	case KIF_WIDE_MOVE:
	case KIF_KI2_MOVES:
	case KIF_OTHER:
		break;
	}
	return moves_line(ps, kl);
}

/* The record read: comments still gathered stored, its last checks.  1
 * with *variant, 0 when it had no line, or a negative code. */
static int end_record(parse *ps, const kifu_variant **variant)
{
	int rc = flush_note(ps);
	if (rc)
		return rc;
	if (!ps->started)
		return 0;
	if (!ps->substance) {
		/* comments are no record: said, not passed over */
		kifu_record_set_error(ps->rec, 0, kifu_record_line(ps->rec), 1, NULL, 0,
				      "nothing but comments: no header, board or move");
		return 1;
	}
	if (!ps->moves_begun && !kifu_record_error(ps->rec, NULL, NULL, NULL, NULL) && (rc = begin_moves(ps, NULL)))
		return rc;
	if ((rc = open_variation(ps, NULL)))
		return rc;
	if (ps->pending_mid >= 0)
		PROBLEM(ps, current_ply(ps), ps->sp.line, NULL, 0, "a first step without its second");
	*variant = ps->v;
	return 1;
}

static void parse_init(parse *ps, kif_reader *kr, kifu_record *rec)
{
	memset(ps, 0, sizeof *ps);
	ps->kr = kr;
	ps->rec = rec;
	ps->sp.rec = rec;
	ps->last = -1;
	ps->last_to = -1;
	ps->pending_mid = -1;
	ps->run_ply = -1;
	kifu_record_clear(rec);
	kifu__bod_clear(&kr->bod);
}

/* "#KIF version=2.0 ..." or "#KI2 version=...": a writer's first line of a
 * record, which is one even with nothing else (the KI2 of a record with no
 * move and no tag is that line alone). */
static bool version_line(const kifu__line *l)
{
	return l->len >= 13 && (!memcmp(l->text, "#KIF version=", 13) || !memcmp(l->text, "#KI2 version=", 13));
}

int kifu__kif_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	kif_reader *kr = state;
	parse ps;
	parse_init(&ps, kr, rec);
	*variant = NULL;
	const kifu__line *l;
	int rc;
	while ((rc = kifu__lines_next(kr->ctx.pump, &l, diag)) == 1) {
		kif_line kl;
		kifu__kif_classify(l->text, l->len, &kl);
		if (kl.kind == KIF_BLANK && l->problem != KIFU__LINE_TOO_LONG)
			continue;
		ps.sp.lineno = l->no;
		ps.sp.line = l->text;
		if (ps.note_open && kl.kind != KIF_COMMENT && l->problem != KIFU__LINE_TOO_LONG && (rc = flush_note(&ps)))
			return rc;
		if ((ps.moves_begun && (kl.kind == KIF_HEADER || kl.kind == KIF_HASH)) ||
		    (ps.started && version_line(l))) {
			/* the next record begins */
			kifu__lines_unread(kr->ctx.pump);
			break;
		}
		if ((rc = begin_record(&ps, l->no)))
			return rc;
		if (l->problem && (rc = bad_line(&ps, l, &kl)))
			return rc;
		if ((kl.kind != KIF_COMMENT && kl.kind != KIF_BOOKMARK && kl.kind != KIF_HASH) ||
		    version_line(l))
			ps.substance = true;
		if ((rc = record_line(&ps, &kl, l)))
			return rc;
	}
	if (rc < 0)
		return rc;
	return end_record(&ps, variant);
}

/* Telling KIF from other notations: a line only the KIF family writes. */
static int kif_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
	(void)ctx;
	/* a line of JSON (JKF's, most often): one that begins with a bracket
	 * or a '"' is no KIF line that tells its notation (kifu__kif_classify
	 * gives it no evidence), said without classifying it */
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
		i++;
	if (i < len && strchr("{}[]\"", line[i]) && line[i])
		return 0;
	/* the first line kifu and Kifu for Windows write, which declares it */
	if (len >= 13 && (!memcmp(line, "#KIF version=", 13) || !memcmp(line, "#KI2 version=", 13)))
		return 3;
	kif_line kl;
	kifu__kif_classify(line, len, &kl);
	return kl.evidence ? 1 : 0;
}

int kifu__kif_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag);

const kifu__notation kifu__notation_kif = {
	"kif",
	"KIF (Kakinoki), KI2 read too; lishogi's wide KIF",
	".kif .kifu .ki2 .ki2u",
	"\n",
	kifu__kif_square_name,
	kif_sniff, kifu__kif_open, kifu__kif_next, kifu__kif_close, kifu__kif_write,
};
