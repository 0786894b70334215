/*
 * annotate.c - the analysis of one record (annotate.h): every position of
 * the lines analysed asked of the engine, every move the engine proposes
 * refereed by the rules core before it is kept, the moves judged, and the
 * record written back with the analysis as its comments (or its judgement
 * as JSON).
 *
 * The referee: the engine's best move and every move of every line it
 * gives are read in the protocol's notation and checked with
 * kifu_check_move on the position they are proposed in, one after the
 * other.  A move that cannot be read or that the rules refuse is never
 * kept: it is reported (the record, the ply, the engine's move, why the
 * rules refuse it), counted, and marked in the position's comment
 * (#エンジンの誤り=); the line stops before it.  When it is the best move, the
 * position has no analysis but that mark.
 */
#define _XOPEN_SOURCE 700 /* open_memstream */
#include "annotate/annotate.h"
#include "lib/cli.h"
#include "lib/inputs.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/sys/record.h>

void annotate_result_free(struct annotate_result *r)
{
	free(r->text);
	free(r->notes);
	memset(r, 0, sizeof *r);
}

/* A message at the record's place (line/col 0: the record's first line). */
static void note(struct annotate_result *out, const kifu_record *rec, long line, long col, int about_record,
		 const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 6, 7)))
#endif
	;
static void note(struct annotate_result *out, const kifu_record *rec, long line, long col, int about_record,
		 const char *fmt, ...)
{
	if (out->nnotes == out->notes_cap) {
		int cap = out->notes_cap ? out->notes_cap * 2 : 8;
		struct annotate_note *n = realloc(out->notes, (size_t)cap * sizeof *n);
		if (!n)
			return;
		out->notes = n;
		out->notes_cap = cap;
	}
	struct annotate_note *n = &out->notes[out->nnotes++];
	char msg[KIFU_DIAG_MESSAGE_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kifu_diag_set(&n->diag, 0, kifu_record_file(rec), line ? line : kifu_record_line(rec), line ? col : 0,
		      "%s", msg);
	n->about_record = about_record;
}

/* An engine's text as a message or a comment may show it: printable ASCII,
 * the rest '?'. */
static void shown(char *buf, size_t size, const char *text)
{
	size_t i = 0;
	for (; text[i] && i + 1 < size; i++)
		buf[i] = (unsigned char)text[i] > 0x20 && (unsigned char)text[i] < 0x7F ? text[i] : '?';
	buf[i] = 0;
}

/* Where a position is, for a message: "after ply 12 (7g7f)", in which
 * line; and the source place of the move. */
struct place {
	char words[400];
	long line, col;
};

static void place_of(const kifu_record *rec, int line, long ply, long index, struct place *pl)
{
	char path[256] = "";
	if (line > 0) {
		char lp[200];
		snprintf(path, sizeof path, "in %s: ", kifu_record_variation_path(rec, line, lp, sizeof lp));
	}
	pl->line = pl->col = 0;
	if (ply == 0) {
		snprintf(pl->words, sizeof pl->words, "%sat the start", path);
		return;
	}
	kifu_record_move m;
	if (kifu_record_get_move_at(rec, index, &m) == 0) {
		pl->line = m.line;
		pl->col = m.col;
		char text[80];
		snprintf(text, sizeof text, "%s", m.text ? m.text : "");
		snprintf(pl->words, sizeof pl->words, "%safter ply %ld (%s)", path, ply, text);
	} else {
		snprintf(pl->words, sizeof pl->words, "%safter ply %ld", path, ply);
	}
}

/* Sente's view of an engine line's score (given from the side to move's). */
static void sente_view(const struct engine_line *l, enum kifu_side side, struct eval_value *out)
{
	out->known = l->scored;
	int s = side == KIFU_SENTE ? 1 : -1;
	out->mate = l->mate * s;
	out->cp = l->mate ? 0 : l->value * s;
}

static int is_no_move(const char *t)
{
	return !*t || !strcmp(t, "resign") || !strcmp(t, "win") || !strcmp(t, "(none)") || !strcmp(t, "0000");
}

/* Reads and checks one engine move on p; 0, or -1 with why filled. */
static int check_one(const struct engine *e, kifu_position *p, const char *text, kifu_move *m, char *why,
		     size_t size)
{
	if (engine_parse_move(e, p, text, m, why, size) != 0)
		return -1;
	kifu_illegal ill;
	if (kifu_check_move(p, m, &ill) != 0) {
		kifu_illegal_describe(kifu_position_variant(p), &ill, kifu_compact_square_name, why, size);
		return -1;
	}
	return 0;
}

/* The referee (this file's comment): the answer into a. */
static void referee(const struct engine *e, const kifu_record *rec, const kifu_position *pos,
		    kifu_position *scratch, const struct engine_answer *ans, const struct place *pl,
		    struct position_analysis *a, struct annotate_result *out)
{
	enum kifu_side side = kifu_position_side(pos);
	a->nlines = 0;
	int nlines = ans->nlines;
	for (int k = 0; k < nlines; k++) {
		const struct engine_line *l = &ans->lines[k];
		struct written_line *w = &a->lines[a->nlines];
		memset(w, 0, sizeof *w);
		sente_view(l, side, &w->eval);
		w->depth = l->depth;
		w->nodes = l->nodes;
		kifu_position_copy(scratch, pos);
		for (int j = 0; j < l->npv; j++) {
			char why[640], text[ENGINE_MOVE_TEXT];
			kifu_move m;
			if (check_one(e, scratch, l->pv[j], &m, why, sizeof why) != 0) {
				shown(text, sizeof text, l->pv[j]);
				out->illegal++;
				note(out, rec, pl->line, pl->col, 1,
				     "%s: the engine's move %s (move %d of its line %d) is refused: %s", pl->words,
				     text, j + 1, k + 1, why);
				if (!a->error[0])
					snprintf(a->error, sizeof a->error, "%s (move %d of line %d): %.500s", text,
						 j + 1, k + 1, why);
				break;
			}
			w->moves[w->nmoves++] = m;
			kifu_make_move(scratch, &m, NULL);
		}
		a->nlines++;
	}
	/* the best move: the one bestmove (move) names, checked on its own */
	const char *best = ans->best;
	if (is_no_move(best) && a->nlines && ans->lines[0].npv)
		best = ans->lines[0].pv[0];
	a->ok = 0;
	if (is_no_move(best)) {
		note(out, rec, pl->line, pl->col, 1, "%s: the engine named no move", pl->words);
		if (!a->error[0])
			snprintf(a->error, sizeof a->error, "no move named");
		return;
	}
	kifu_move bm;
	char why[640], text[ENGINE_MOVE_TEXT];
	kifu_position_copy(scratch, pos);
	if (check_one(e, scratch, best, &bm, why, sizeof why) != 0) {
		shown(text, sizeof text, best);
		/* said once: a best move that is its line's first was said above */
		if (!(a->nlines && ans->lines[0].npv && !strcmp(ans->lines[0].pv[0], best))) {
			out->illegal++;
			note(out, rec, pl->line, pl->col, 1, "%s: the engine's best move %s is refused: %s", pl->words,
			     text, why);
		}
		snprintf(a->error, sizeof a->error, "%s (its best move): %.600s", text, why);
		a->nlines = 0;
		return;
	}
	if (!a->nlines) {
		memset(&a->lines[0], 0, sizeof a->lines[0]);
		a->nlines = 1;
	}
	struct written_line *w0 = &a->lines[0];
	if (!w0->nmoves || !kifu_move_same(&w0->moves[0], &bm)) {
		/* a best move other than its line's first: the line is that move */
		w0->moves[0] = bm;
		w0->nmoves = 1;
	}
	a->ok = 1;
}

/* The output notation of a record: --to's, else its own when that carries
 * comments, else compact. */
static const char *out_notation(const struct annotate_options *opt, const kifu_record *rec)
{
	if (opt->to)
		return opt->to;
	const char *n = kifu_record_notation(rec);
	kifu_notation_info info;
	int i = n && *n ? kifu_notation_find(n) : -1;
	if (i < 0 || kifu_notation_at(i, &info) != 0 || !info.can_write || !strcmp(n, "usi"))
		return "compact";
	return n;
}

struct dropped_ctx {
	struct annotate_result *out;
	const kifu_record *rec;
	const char *notation;
};

static void on_dropped(void *ctx, unsigned dropped, const char *what)
{
	struct dropped_ctx *d = ctx;
	(void)dropped;
	note(d->out, d->rec, 0, 0, 1, "%s cannot carry %s: left out", d->notation, what);
}

/* Writes rec (annotated or not) into out->text. */
static void write_record(const struct annotate_options *opt, const kifu_record *rec, const kifu_variant *v,
			 const kifu_record *orig, struct annotate_result *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f) {
		out->status = CLI_USAGE;
		note(out, orig, 0, 0, 0, "out of memory");
		return;
	}
	const char *notation = out_notation(opt, orig);
	struct dropped_ctx dc = {out, orig, notation};
	kifu_write_options wo = opt->write;
	wo.dropped = on_dropped;
	wo.ctx = &dc;
	kifu_diag d;
	kifu_diag_clear(&d);
	int rc = kifu_write(f, rec, v, notation, &wo, &d);
	fclose(f);
	if (rc) {
		free(buf);
		if (out->status < CLI_INVALID)
			out->status = CLI_INVALID;
		note(out, orig, d.line, d.col, 1, "%s", d.message[0] ? d.message : kifu_error_string(rc));
		return;
	}
	out->text = buf;
	out->len = len;
	out->notation = notation;
}

/* One move's analysis in the judgement's JSON; a judged move of the main
 * line counted into its side's judged, loss and classes. */
static void json_move(kifu_json_writer *w, const kifu_variant *v, const kifu_record_move *m, int line, long ply,
		      const struct position_analysis *a, long judged[2], long loss[2], long classes[2][NCLASSES])
{
	char mv[32];
	kifu_compact_format_move(v, &m->move, mv, sizeof mv);
	kifu_json_object(w);
	kifu_json_key(w, "line");
	kifu_json_int(w, line);
	kifu_json_key(w, "ply");
	kifu_json_int(w, ply);
	kifu_json_key(w, "move");
	kifu_json_string(w, mv);
	if (a->ok && a->lines[0].eval.known) {
		kifu_json_key(w, a->lines[0].eval.mate ? "mate" : "eval");
		kifu_json_int(w, a->lines[0].eval.mate ? a->lines[0].eval.mate : a->lines[0].eval.cp);
	}
	if (a->ok && a->lines[0].nmoves) {
		char bm[32];
		kifu_compact_format_move(v, &a->lines[0].moves[0], bm, sizeof bm);
		kifu_json_key(w, "next_best");
		kifu_json_string(w, bm);
	}
	if (a->judged) {
		kifu_json_key(w, "loss");
		kifu_json_int(w, a->loss);
		kifu_json_key(w, "class");
		kifu_json_string(w, a->cls == CLASS_NONE ? NULL : judgement_class_key[a->cls]);
		if (line == 0) {
			int s = a->judged_side;
			judged[s]++;
			loss[s] += a->loss;
			if (a->cls != CLASS_NONE)
				classes[s][a->cls]++;
		}
	}
	if (a->error[0]) {
		kifu_json_key(w, "engine_error");
		kifu_json_string(w, a->error);
	}
	kifu_json_object_end(w);
}

/* The JSON of the judgement (docs/annotate.md, "--format=json"). */
static void write_json(const struct engine *e, const kifu_record *rec, const kifu_variant *v, int nlines,
		       const struct position_analysis *an, struct annotate_result *out)
{
	char *buf = NULL;
	size_t len = 0;
	kifu_json_writer *w = NULL;
	FILE *f = open_memstream(&buf, &len);
	if (!f || kifu_json_writer_new(&w, f, 0)) {
		if (f)
			fclose(f);
		free(buf);
		return;
	}
	kifu_json_object(w);
	kifu_json_key(w, "file");
	kifu_json_string(w, kifu_record_file(rec));
	kifu_json_key(w, "line");
	kifu_json_int(w, kifu_record_line(rec));
	kifu_json_key(w, "variant");
	kifu_json_string(w, kifu_variant_name(v));
	kifu_json_key(w, "engine");
	kifu_json_string(w, e->name);
	const char *const counts[] = {"positions", "analysed", "engine_errors", "illegal"};
	const long values[] = {out->positions, out->analysed, out->engine_errors, out->illegal};
	for (int i = 0; i < 4; i++) {
		kifu_json_key(w, counts[i]);
		kifu_json_int(w, values[i]);
	}
	long judged[2] = {0, 0}, loss[2] = {0, 0}, classes[2][NCLASSES];
	memset(classes, 0, sizeof classes);
	kifu_json_key(w, "moves");
	kifu_json_array(w);
	for (int line = 0; line < nlines; line++) {
		kifu_record_line_info li;
		kifu_record_get_line(rec, line, &li);
		for (long i = li.first; i < li.first + li.count; i++) {
			const struct position_analysis *a = &an[i + 1];
			if (!a->asked && !a->judged)
				continue;
			kifu_record_move m;
			kifu_record_get_move_at(rec, i, &m);
			json_move(w, v, &m, line, li.start + (i - li.first), a, judged, loss, classes);
		}
	}
	kifu_json_array_end(w);
	kifu_json_key(w, "sides");
	kifu_json_object(w);
	for (int s = 0; s < 2; s++) {
		kifu_json_key(w, s ? "gote" : "sente");
		kifu_json_object(w);
		kifu_json_key(w, "judged");
		kifu_json_int(w, judged[s]);
		kifu_json_key(w, "loss");
		kifu_json_int(w, loss[s]);
		for (int c = 0; c < NCLASSES; c++) {
			kifu_json_key(w, judgement_class_key[c]);
			kifu_json_int(w, classes[s][c]);
		}
		kifu_json_object_end(w);
	}
	kifu_json_object_end(w);
	kifu_json_object_end(w);
	int rc = kifu_json_writer_end(w);
	kifu_json_writer_free(w);
	if (fclose(f) || rc) {
		free(buf);
		return;
	}
	out->text = buf;
	out->len = len;
}

/* Says why a record is invalid, as kifu-validate does. */
static void say_invalid(const kifu_record *rec, const kifu_validation *r, struct annotate_result *out)
{
	const kifu_fault *f = &r->fault;
	char where[300] = "";
	if (f->variation > 0) {
		char path[256];
		snprintf(where, sizeof where, "in %s: ", kifu_record_variation_path(rec, f->variation, path, sizeof path));
	}
	if (f->ply > 0)
		note(out, rec, f->line, f->col, 1, "%sply %ld: %s: %s: not analysed", where, f->ply, f->move,
		     f->reason);
	else
		note(out, rec, f->line, f->col, 1, "%s%s: not analysed", where, f->reason);
}

/* The copy's new comments: comments[0] the start's, comments[i + 1] global
 * move i's, NULL where the comment stays; "" takes it away. */
static int set_comments(kifu_record *copy, char *const *comments, long total)
{
	for (long i = 0; i <= total; i++) {
		const char *c = comments[i];
		int rc = c ? kifu_record_set_comment(copy, i ? i - 1 : KIFU_COMMENT_BEFORE, *c ? c : NULL, strlen(c))
			   : 0;
		if (rc)
			return rc;
	}
	return 0;
}

/* One record's analysis as it goes, stage by stage. */
struct record_run {
	const struct annotate_options *opt;
	struct engine *e;
	const kifu_record *rec;
	const kifu_variant *v;
	struct annotate_result *out;
	kifu_position *pos, *start, *scratch;
	struct position_analysis *an; /* [0] the start, [i + 1] after move i */
	kifu_move *moves;             /* the line's moves up to the position asked */
	long *index;                  /* each of them as the record's move index */
	long total;
	int nlines;
	int start_is_variants;        /* the start is the variant's own */
};

/* Asks the engine about every position of the lines (stage 1), each
 * answer refereed.  Returns 1 when the engine cannot go on with the record. */
static int ask_line(struct record_run *r, int line)
{
	const struct annotate_options *opt = r->opt;
	kifu_record_line_info li;
	kifu_record_get_line(r->rec, line, &li);
	long last = li.start + li.count - 1;
	long refused_at = 0; /* the engine refused the record's move at this ply */
	char why[1024];
	kifu_position_copy(r->pos, r->start);
	for (long p = 0; p <= last; p++) {
		if (proc_interrupted)
			return 1; /* the record will not be written: no more asking */
		if (p > 0) {
			kifu_record_move m;
			if (kifu_record_line_move(r->rec, line, p, &m, &r->index[p - 1]) != 0)
				break;
			r->moves[p - 1] = m.move;
			kifu_make_move(r->pos, &m.move, NULL);
		}
		if (p < li.start - (line == 0 ? 1 : 0))
			continue; /* an ancestor's position, analysed with it */
		if (p + 1 < opt->from_ply || (opt->to_ply && p > opt->to_ply))
			continue;
		struct position_analysis *a = &r->an[p == 0 ? 0 : r->index[p - 1] + 1];
		if (kifu_position_end(r->pos, NULL) != KIFU_GAME_ON)
			continue; /* the game is over: nothing to ask */
		struct place pl;
		place_of(r->rec, line, p, p ? r->index[p - 1] : -1, &pl);
		a->asked = 1;
		r->out->positions++;
		if (refused_at) {
			snprintf(a->error, sizeof a->error, "not asked: the engine refused the move of ply %ld",
				 refused_at);
			r->out->engine_errors++;
			continue;
		}
		struct engine_query q = {r->v, r->start, r->start_is_variants, p, r->moves};
		struct engine_answer ans;
		int rc = engine_analyse(r->e, &q, &ans, why, sizeof why);
		if (rc == ENG_REFUSED) {
			refused_at = p;
			note(r->out, r->rec, pl.line, pl.col, 1, "%s: %s: the positions after it are not analysed",
			     pl.words, why);
			snprintf(a->error, sizeof a->error, "not asked: the engine refused the move of ply %ld", p);
			r->out->engine_errors++;
			continue;
		}
		if (rc == ENG_UNSUPPORTED) {
			note(r->out, r->rec, pl.line, pl.col, 1, "%s: the record is not analysed", why);
			r->out->engine_errors++;
			a->asked = 0;
			return 1;
		}
		if (rc != ENG_OK) {
			note(r->out, r->rec, pl.line, pl.col, 1, "%s: %s; the engine is started again", pl.words, why);
			snprintf(a->error, sizeof a->error, "no answer: %.600s", why);
			r->out->engine_errors++;
			continue;
		}
		referee(r->e, r->rec, r->pos, r->scratch, &ans, &pl, a, r->out);
		if (a->ok)
			r->out->analysed++;
		else
			r->out->engine_errors++;
	}
	return 0;
}

/* The judgement of every move between two positions analysed (stage 2). */
static void judge_lines(struct record_run *r)
{
	const struct annotate_options *opt = r->opt;
	for (int line = 0; line < r->nlines; line++) {
		kifu_record_line_info li;
		kifu_record_get_line(r->rec, line, &li);
		kifu_position_copy(r->pos, r->start);
		long prev = 0; /* the analysis before the move: 0 the start, i + 1 after move i */
		for (long p = 1; p <= li.start + li.count - 1; p++) {
			kifu_record_move m;
			long i;
			if (kifu_record_line_move(r->rec, line, p, &m, &i) != 0)
				break;
			enum kifu_side mover = kifu_position_side(r->pos);
			kifu_make_move(r->pos, &m.move, NULL);
			if (p >= li.start && p >= opt->from_ply && (!opt->to_ply || p <= opt->to_ply)) {
				const struct position_analysis *b = &r->an[prev];
				int best = b->ok && b->lines[0].nmoves && kifu_move_same(&b->lines[0].moves[0], &m.move);
				judge_move(opt, b, &r->an[i + 1], mover, best);
				r->an[i + 1].judged_side = mover == KIFU_SENTE ? 0 : 1;
			}
			prev = i + 1;
		}
	}
}

/* The record with the analysis in its comments (stage 3): each analysed
 * position's comment made on the position itself. */
static void write_annotated(struct record_run *r)
{
	char **comments = calloc((size_t)r->total + 1, sizeof *comments);
	kifu_record *copy = NULL;
	int failed = !comments;
	for (int line = 0; line < r->nlines && !failed; line++) {
		kifu_record_line_info li;
		kifu_record_get_line(r->rec, line, &li);
		kifu_position_copy(r->pos, r->start);
		for (long p = 0; p <= li.start + li.count - 1; p++) {
			long slot = 0;
			kifu_record_move m;
			if (p > 0) {
				long i;
				if (kifu_record_line_move(r->rec, line, p, &m, &i) != 0)
					break;
				kifu_make_move(r->pos, &m.move, NULL);
				slot = i + 1;
			}
			const struct position_analysis *a = &r->an[slot];
			if (comments[slot] || (!a->asked && !a->judged))
				continue;
			const char *old = kifu_record_comment(r->rec, slot ? slot - 1 : KIFU_COMMENT_BEFORE);
			if (!(comments[slot] = comment_build(r->opt, old, r->pos, a, r->e->name)))
				failed = 1;
		}
	}
	if (!failed && kifu_record_new(&copy) == 0 && kifu_record_copy(copy, r->rec) == 0 &&
	    set_comments(copy, comments, r->total) == 0)
		write_record(r->opt, copy, r->v, r->rec, r->out);
	else
		note(r->out, r->rec, 0, 0, 0, "out of memory");
	kifu_record_free(copy);
	if (comments)
		for (long i = 0; i <= r->total; i++)
			free(comments[i]);
	free(comments);
}

/* The record valid and the engine ready for it: 1; else said in out, 0. */
static int record_ready(struct record_run *r)
{
	kifu_validation val;
	kifu_validate_options vo = KIFU_VALIDATE_OPTIONS_INIT;
	vo.main_line_only = !r->opt->variations;
	if (kifu_validate(r->rec, r->pos, &vo, &val) != 0) {
		note(r->out, r->rec, 0, 0, 0, "out of memory");
		r->out->status = CLI_USAGE;
		return 0;
	}
	if (!val.valid) {
		say_invalid(r->rec, &val, r->out);
		r->out->status = CLI_INVALID;
		if (!r->opt->json)
			write_record(r->opt, r->rec, r->v, r->rec, r->out);
		return 0;
	}
	char why[1024];
	if (engine_record_begin(r->e, r->v, why, sizeof why) != ENG_OK) {
		note(r->out, r->rec, 0, 0, 1, "%s: the record is not analysed", why);
		r->out->status = CLI_INVALID;
		/* written all the same, as the positions asked: none */
	}
	return 1;
}

void annotate_record(const struct annotate_options *opt, struct engine *e, const kifu_record *rec,
		     const kifu_variant *v, struct annotate_result *out)
{
	memset(out, 0, sizeof *out);
	long eply = 0, eline = 0, ecol = 0;
	const char *emove = NULL;
	const char *err = kifu_record_error(rec, &eply, &eline, &ecol, &emove);
	if (err || !v) {
		if (eply > 0)
			note(out, rec, eline, ecol, 1, "ply %ld: %s: %s", eply, emove ? emove : "", err);
		else
			note(out, rec, eline, ecol, 1, "%s", err ? err : "unknown variant");
		out->status = CLI_INVALID;
		return;
	}
	struct record_run r = {opt, e, rec, v, out, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
	r.total = kifu_record_total_moves(rec);
	r.an = calloc((size_t)r.total + 1, sizeof *r.an);
	r.moves = malloc(((size_t)r.total + 1) * sizeof *r.moves);
	r.index = malloc(((size_t)r.total + 1) * sizeof *r.index);
	if (!r.an || !r.moves || !r.index || kifu_position_new(&r.pos, v) || kifu_position_new(&r.start, v) ||
	    kifu_position_new(&r.scratch, v)) {
		note(out, rec, 0, 0, 0, "out of memory");
		out->status = CLI_USAGE;
	} else if (record_ready(&r)) {
		int stop = out->status == CLI_INVALID; /* the engine could not begin it */
		kifu_diag d;
		kifu_record_start(rec, r.start, &d);
		const char *sv = kifu_variant_start_sfen(v);
		char s1[KIFU_SFEN_MAX];
		r.start_is_variants = kifu_position_sfen(r.start, s1, sizeof s1) >= 0 && sv && !strcmp(s1, sv);
		r.nlines = opt->variations ? kifu_record_line_count(rec) : 1;
		for (int line = 0; line < r.nlines && !stop; line++)
			stop = ask_line(&r, line);
		if (proc_interrupted) {
			/* an interrupt during the analysis (an engine waited for
			 * gave up, a record not begun): the record is not
			 * complete, and is not written at all */
			out->interrupted = 1;
		} else {
			if (out->engine_errors && out->status < CLI_INVALID)
				out->status = CLI_INVALID;
			judge_lines(&r);
			if (opt->json)
				write_json(e, rec, v, r.nlines, r.an, out);
			else
				write_annotated(&r);
		}
	}
	free(r.an);
	free(r.moves);
	free(r.index);
	kifu_position_free(r.pos);
	kifu_position_free(r.start);
	kifu_position_free(r.scratch);
}
