/*
 * play.c - the play loop (kifu/play.h): a line of play of a record through
 * the rules, with the validation of it and hooks that see each position,
 * and the validation of a whole record, variations included.  Every
 * program and layer that needs to walk a record's moves on a board
 * (validation, statistics, the KI2 reader, the KIF writer, diff, replay)
 * goes through here.
 *
 * The stages: the record's start (a fault of the record as a whole comes
 * first); its moves, each checked and made, repetitions counted; the end
 * of the line (play_end.c: the state the rules give and the ending the
 * record claims).  kifu_play plays one line; the walk plays every line,
 * each move made once and taken back once.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/play.h"
#include "record/play_state.h"
#include "text/encoding.h"

/* Names a square as the compact notation does ("7g", "12o"): the default
 * of the messages.  (The notations name theirs: kifu_notation_square_namer.) */
static void default_namer(const kifu_variant *v, int sq, char *buf, size_t size)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (sq < 0 || sq >= files * ranks)
		snprintf(buf, size, "?");
	else {
		char r[3] = {0};
		kifu_rank_letters(sq / files + 1, r);
		snprintf(buf, size, "%d%s", sq % files + 1, r);
	}
}

char *kifu_record_variation_path(const kifu_record *rec, int variation, char *buf, size_t size)
{
	if (variation <= 0) {
		snprintf(buf, size, "the main line");
		return buf;
	}
	size_t n = 0;
	buf[0] = 0;
	for (int l = variation; l > 0 && n + 1 < size;) {
		kifu_record_line_info li;
		if (kifu_record_get_line(rec, l, &li))
			break;
		int w = snprintf(buf + n, size - n, "%sthe variation at ply %ld", n ? " of " : "", li.start);
		if (w < 0)
			break;
		n += (size_t)w < size - n ? (size_t)w : size - n - 1;
		l = li.parent;
	}
	return buf;
}

/* What changes the key of every position after a move that resets the
 * repetition count: positions before it never match those after. */
static uint64_t epoch_key(long epoch)
{
	uint64_t x = (uint64_t)epoch * 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
	return epoch ? x ^ (x >> 29) : 0;
}

/* ---- moves ---- */

/* Does the move name a piece (KIF: 歩, 角) other than the one it moves? */
static int named_mismatch(const kifu_position *pos, const kifu_record_move *m)
{
	if (m->named_type < 0 || (m->move.flags & KIFU_MOVE_DROP) || m->move.from == KIFU_NO_SQUARE)
		return 0;
	int c = kifu_position_at(pos, m->move.from);
	if (!c || (int)kifu_code_side(c) != (int)kifu_position_side(pos))
		return 0; /* kifu_check_move says what is wrong */
	return !kifu_piece_names_agree(kifu_position_variant(pos), kifu_code_type(c), m->named_type);
}

static void describe_mismatch(const kifu_position *pos, const kifu_record_move *m,
			      kifu_square_namer namer, char *buf, size_t size)
{
	const kifu_variant *v = kifu_position_variant(pos);
	kifu_piece_info named, actual;
	char sq[32];
	kifu_variant_piece(v, m->named_type, &named);
	kifu_variant_piece(v, kifu_code_type(kifu_position_at(pos, m->move.from)), &actual);
	namer(v, m->move.from, sq, sizeof sq);
	snprintf(buf, size, "the move names a %s (%s), but the piece on %s is a %s (%s)",
		 named.english, named.name, sq, actual.english, actual.name);
}

/* Can the move be carried out on the board, legal or not: the mover's piece
 * on its square (with a promotion it has), or one in hand dropped on an
 * empty square? */
static int playable(const kifu_position *pos, const kifu_move *m)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int nsq = kifu_variant_files(v) * kifu_variant_ranks(v);
	enum kifu_side side = kifu_position_side(pos);
	if (m->flags & KIFU_MOVE_DROP)
		return m->piece < kifu_variant_piece_count(v) && kifu_position_hand(pos, side, m->piece) > 0 &&
		       m->to < nsq && !kifu_position_at(pos, m->to);
	if (m->from >= nsq || m->to >= nsq || (m->mid != KIFU_NO_SQUARE && m->mid >= nsq))
		return 0;
	int c = kifu_position_at(pos, m->from);
	if (!c || kifu_code_side(c) != side)
		return 0;
	kifu_piece_info info;
	return !(m->flags & KIFU_MOVE_PROMOTE) ||
	       (kifu_variant_piece(v, kifu_code_type(c), &info) == 0 && info.promotes_to >= 0);
}

static void play_init(play *p, const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
		      kifu_validation *out, bool count)
{
	memset(p, 0, sizeof *p);
	p->rec = rec;
	p->pos = pos;
	p->opt = opt;
	p->out = out;
	p->namer = opt->namer ? opt->namer : default_namer;
	p->ended_loser = -1;
	p->count = count;
	kifu_variant_repetition(kifu_position_variant(pos), &p->rule);
	p->resets = p->rule.count &&
		    (p->rule.reset_on_capture || p->rule.reset_on_promotion || p->rule.reset_on_one_way);
	long err_ply = -1;
	p->err = kifu_record_error(rec, &err_ply, &p->err_line, &p->err_col, &p->err_move);
	p->err_ply = p->err && err_ply > 0 ? err_ply : 0;
}

/* The game has ended by repetition at ply p->rep_ended of `variation`: who
 * won?  A draw, unless the rule makes a side that attacked (or gave check)
 * on each of its moves since the position's first occurrence (after ply
 * `first`) lose (docs/rules.md).  Which moves were attacks is worked out
 * here, by playing the line again on a position of its own: it is needed
 * once per game at most, and costs nothing on the moves of games that do
 * not end so.  0 or KIFU_ENOMEM. */
static int repetition_result(play *p, int variation, long first)
{
	long last = p->rep_ended;
	p->rep_result = KIFU_RESULT_DRAW;
	p->rep_reason = KIFU_REASON_REPETITION;
	if (!p->rule.perpetual_attack_loses || last <= first + 1)
		return 0;
	kifu_position *again;
	if (kifu_position_new(&again, kifu_position_variant(p->pos)))
		return KIFU_ENOMEM;
	int mover = !kifu_position_side(p->pos);
	bool all[2] = {true, true};
	int rc = kifu_record_start(p->rec, again, NULL);
	for (long k = 1; !rc && k <= last; k++) {
		kifu_record_move m;
		if (kifu_record_line_move(p->rec, variation, k, &m, NULL)) {
			rc = KIFU_ENOTFOUND;
			break;
		}
		kifu_undo u;
		kifu_make_move(again, &m.move, &u);
		if (k <= first)
			continue;
		int attack = p->rule.perpetual_check_only ? kifu_position_in_check(again)
							  : kifu_move_is_attack(again, &u);
		/* the last move's side and the other: plies last, last-2, ... and
		 * last-1, last-3, ... */
		if (!attack)
			all[(last - k) % 2 == 0 ? mover : !mover] = false;
	}
	kifu_position_free(again);
	if (rc == KIFU_ENOTFOUND)
		return 0; /* cannot happen: the line's moves were just played */
	if (all[0] != all[1]) {
		p->rep_result = all[KIFU_SENTE] ? KIFU_RESULT_GOTE : KIFU_RESULT_SENTE;
		p->rep_reason = p->rule.perpetual_check_only ? KIFU_REASON_PERPETUAL_CHECK : KIFU_REASON_PERPETUAL_ATTACK;
	}
	return 0;
}

/* Notes the first fault in out: the move m at ply of `variation`. */
static void fault(play *p, int variation, long ply, const kifu_record_move *m, const kifu_illegal *why,
		  int named_wrong)
{
	kifu_validation *out = p->out;
	if (!out->valid)
		return;
	out->valid = 0;
	kifu_fault *f = &out->fault;
	*f = (kifu_fault){named_wrong ? KIFU_FAULT_MISNAMED : KIFU_FAULT_ILLEGAL, named_wrong ? KIFU_LEGAL : why->code,
			  variation, ply, (int)kifu_position_side(p->pos), m->line, m->col, "", ""};
	kifu__text_copy(f->move, sizeof f->move, m->text);
	if (named_wrong)
		describe_mismatch(p->pos, m, p->namer, f->reason, sizeof f->reason);
	else if (why->code == KIFU_ILL_GAME_OVER && p->ended_at)
		snprintf(f->reason, sizeof f->reason, "the game ended at ply %ld when %s lost its last royal",
			 p->ended_at, kifu__side_name(p->ended_loser));
	else if (why->code == KIFU_ILL_GAME_OVER && p->rep_ended)
		snprintf(f->reason, sizeof f->reason,
			 "the game ended at ply %ld, when a position occurred for the %s time (repetition)",
			 p->rep_ended, p->rule.count == 4 ? "fourth" : "last");
	else
		kifu_illegal_describe(kifu_position_variant(p->pos), why, p->namer, f->reason, sizeof f->reason);
	kifu__utf8_trim_end(f->reason); /* a reason cut short ends on a whole character */
}

/* Plays the move of global index `index`, ply `ply` of `variation`; hooks:
 * whether to call them; undo: where to keep what the move changed, or
 * NULL.  Returns 1 when the move was made, 0 when the play stops there (a
 * fault; through_illegal and a move it cannot carry out: *rc is then
 * KIFU_EILLEGAL; a hook's code in *rc). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int play_one(play *p, int variation, long ply, long index, int hooks, kifu_undo *undo,
			   bool known, int *rc)
{
	kifu_position *pos = p->pos;
	kifu_validation *out = p->out;
	const kifu_play_options *opt = p->opt;
	kifu_record_move m;
	kifu_illegal why;
	kifu_record_get_move_at(p->rec, index, &m);
	/* known: a move found legal before (the walk's main line) */
	int named_wrong = !known && named_mismatch(pos, &m);
	int legal = known || (!named_wrong && kifu_check_move(pos, &m.move, &why) == 0);
	if (legal && p->rep_ended) {
		/* the game ended by repetition (the variant's rule): no move follows */
		legal = 0;
		why = (kifu_illegal){KIFU_ILL_GAME_OVER, -1, -1, -1, -1, KIFU_SENTE};
	}
	if (!legal) {
		fault(p, variation, ply, &m, &why, named_wrong);
		if (!opt->through_illegal)
			return 0;
		if (!playable(pos, &m.move)) {
			out->stopped_variation = variation;
			out->stopped_ply = ply;
			*rc = KIFU_EILLEGAL;
			return 0;
		}
	}
	kifu_play_step step;
	if (hooks && (opt->before || opt->after)) {
		step = (kifu_play_step){ply, index, variation, &m, legal};
		if (opt->before && (*rc = opt->before(opt->ctx, pos, &step)) != 0)
			return 0;
	}
	int resets = p->resets && kifu_move_resets_repetition(pos, &m.move);
	kifu_make_move(pos, &m.move, undo);
	if (resets)
		p->epoch++;
	p->key = kifu_position_key(pos) ^ epoch_key(p->epoch);
	long first;
	int n = seen_add(&p->seen, p->key, ply, &first);
	if (p->rule.count && n >= p->rule.count && !p->rep_ended) {
		p->rep_ended = ply;
		if ((*rc = repetition_result(p, variation, first)) != 0)
			return 0;
	}
	if (!p->ended_at && kifu_position_royal_loser(pos) >= 0) {
		p->ended_at = ply;
		p->ended_loser = kifu_position_royal_loser(pos);
	}
	if (p->count) {
		out->played = ply;
		if (out->valid) {
			out->plies = ply;
			if (n == 4 && !out->repetition_ply)
				out->repetition_ply = ply;
		}
	}
	if (hooks && opt->after && (*rc = opt->after(opt->ctx, pos, &step)) != 0)
		return 0;
	return 1;
}

/* Plays moves [0, count) of `variation` (whose first move is at ply
 * `start`, global index `first`).  Returns 1 to go on, 0 when the play
 * stopped (play_one). */
static int play_moves(play *p, int variation, long start, long first, long count, int hooks, int *rc)
{
	/* the reader stopped before the move at err_ply: no move from there */
	long n = count;
	if (variation == 0 && p->err_ply > 0 && p->err_ply - start < n)
		n = p->err_ply - start > 0 ? p->err_ply - start : 0;
	if (hooks && (p->opt->before || p->opt->after)) {
		for (long k = 0; k < n; k++)
			if (!play_one(p, variation, start + k, first + k, 1, NULL, false, rc))
				return 0;
	} else {
		/* no hook to call (validation): play_one made for that */
		for (long k = 0; k < n; k++)
			if (!play_one(p, variation, start + k, first + k, 0, NULL, false, rc))
				return 0;
	}
	return n == count;
}

/* ---- the start ---- */

static void validation_clear(kifu_validation *out)
{
	memset(out, 0, sizeof *out);
	out->valid = 1;
	out->fault.side = -1;
	kifu__outcome_clear(&out->outcome);
}

/* The record as a whole is at fault (no ply, no move). */
static void whole_fault(kifu_validation *out, enum kifu_fault_code code, long line, long col, const char *reason)
{
	out->valid = 0;
	out->fault = (kifu_fault){code, KIFU_LEGAL, 0, 0, -1, line, col, "", ""};
	kifu__text_copy(out->fault.reason, sizeof out->fault.reason, reason);
}

/* The record's variant is not known: the reader said why, where. */
static void unknown_variant(const kifu_record *rec, kifu_validation *out)
{
	long line = 0, col = 0;
	const char *msg = kifu_record_error(rec, NULL, &line, &col, NULL);
	char why[KIFU_DIAG_MESSAGE_MAX];
	const char *name = kifu_record_variant_name(rec);
	if (!msg) {
		if (name[0])
			snprintf(why, sizeof why, "unknown variant \"%s\"", name);
		else
			snprintf(why, sizeof why, "the record names no variant");
		msg = why;
	}
	whole_fault(out, KIFU_FAULT_VARIANT, line ? line : kifu_record_line(rec), line ? col : 0, msg);
}

/* Sets the position to the record's start.  0, or 1 when the record as a
 * whole is at fault (out says why): the reader's word on it comes first,
 * as it knows where the fault is written; then the start position. */
static int play_start(play *p)
{
	long err_ply = -1;
	kifu_record_error(p->rec, &err_ply, NULL, NULL, NULL);
	if (p->err && err_ply == 0) {
		whole_fault(p->out, KIFU_FAULT_UNREAD, p->err_line, p->err_col, p->err);
		return 1;
	}
	kifu_diag d;
	kifu_diag_clear(&d);
	int src = kifu_record_start(p->rec, p->pos, &d);
	if (!src)
		return 0;
	char why[sizeof p->out->fault.reason];
	if (src == KIFU_ESYNTAX)
		snprintf(why, sizeof why, "bad sfen tag, column %ld: %s", d.col, d.message);
	else
		snprintf(why, sizeof why, "%s", d.message);
	whole_fault(p->out, KIFU_FAULT_START, kifu_record_line(p->rec), 0, why);
	kifu__utf8_trim_end(p->out->fault.reason);
	return 1;
}

/* ---- one line ---- */

/* Plays the moves of the lines `variation` branches from, each up to where
 * its child branches off.  1 to go on, 0 when the play stopped (a fault,
 * or *rc: KIFU_ENOMEM, a code of play_one). */
static int play_to_branch(play *p, int variation, int *rc)
{
	/* the lines from the main line down to this one: path[0] is this line */
	const kifu_record *rec = p->rec;
	kifu_record_line_info li;
	int depth = 0, small[32], *path = small;
	for (int l = variation; l >= 0; l = li.parent) {
		kifu_record_get_line(rec, l, &li);
		depth++;
	}
	if (depth > (int)(sizeof small / sizeof small[0]) && !(path = malloc((size_t)depth * sizeof *path))) {
		*rc = KIFU_ENOMEM;
		return 0;
	}
	depth = 0;
	for (int l = variation; l >= 0; l = li.parent) {
		path[depth++] = l;
		kifu_record_get_line(rec, l, &li);
	}
	int going = 1;
	for (int d = depth - 1; d > 0 && going; d--) {
		/* the moves of an ancestor line before its child branches off */
		kifu_record_line_info x, child;
		kifu_record_get_line(rec, path[d], &x);
		kifu_record_get_line(rec, path[d - 1], &child);
		long upto = child.start - x.start < x.count ? child.start - x.start : x.count;
		going = play_moves(p, path[d], x.start, x.first, upto, 0, rc);
	}
	if (path != small)
		free(path);
	return going;
}

/* Plays `variation` (li) up to `count` of its moves, the moves it
 * branches from first, on the position at the record's start with its
 * repetition count begun, and judges its end when it was played whole.  0,
 * or a code (KIFU_ENOMEM, KIFU_EILLEGAL, a hook's). */
static int play_line(play *p, int variation, const kifu_record_line_info *li, long count)
{
	const kifu_play_options *opt = p->opt;
	kifu_validation *out = p->out;
	int rc = 0;
	bool path_ok = play_to_branch(p, variation, &rc);
	int going = path_ok;
	if (going && opt->variation_begin && (rc = opt->variation_begin(opt->ctx, p->pos, variation)) != 0)
		going = 0;
	if (going)
		going = play_moves(p, variation, li->start, li->first, count, 1, &rc);
	if (rc)
		return rc;
	if (out->valid && p->err) {
		/* the reader stopped at a move it could not read */
		out->valid = 0;
		out->fault = (kifu_fault){KIFU_FAULT_UNREAD, KIFU_LEGAL, 0, p->err_ply, (int)kifu_position_side(p->pos),
					  p->err_line, p->err_col, "", ""};
		kifu__text_copy(out->fault.move, sizeof out->fault.move, p->err_move ? p->err_move : "");
		kifu__text_copy(out->fault.reason, sizeof out->fault.reason, p->err);
		return 0;
	}
	if (!path_ok || count != li->count)
		return 0;
	if (opt->judge) {
		judge_lists lists = JUDGE_LISTS_INIT;
		rc = kifu__judge(p, variation, li, &lists);
		judge_lists_free(&lists);
	}
	if (!rc && opt->variation_end)
		rc = opt->variation_end(opt->ctx, p->pos, variation);
	return rc;
}

int kifu_play(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
	      kifu_validation *out)
{
	static const kifu_play_options defaults = KIFU_PLAY_OPTIONS_INIT;
	if (!opt)
		opt = &defaults;
	validation_clear(out);
	if (!pos) {
		unknown_variant(rec, out);
		return 0;
	}
	kifu_record_line_info li;
	if (kifu_record_get_line(rec, opt->variation, &li))
		return KIFU_ENOTFOUND;
	play p;
	play_init(&p, rec, pos, opt, out, true);
	if (play_start(&p))
		return 0;
	long count = opt->max_plies >= 0 && opt->max_plies < li.count ? opt->max_plies : li.count;
	int rc = seen_init(&p.seen, li.start + count);
	if (rc)
		return rc;
	p.key = kifu_position_key(pos);
	seen_add(&p.seen, p.key, 0, NULL);
	rc = play_line(&p, opt->variation, &li, count);
	seen_free(&p.seen);
	return rc;
}

/* ---- a whole record ---- */

/* The variations of each line, the latest branch first (then as begun). */
typedef struct child { long start; int variation; } child;

typedef struct tree {
	child *children;  /* the children of line l: children[first[l] .. first[l + 1]) */
	int *first;
	kifu_record_line_info *info;
} tree;

static int latest_first(const void *a, const void *b)
{
	const child *x = a, *y = b;
	if (x->start != y->start)
		return x->start > y->start ? -1 : 1;
	return x->variation - y->variation;
}

static int tree_build(tree *t, const kifu_record *rec, int nlines)
{
	t->children = malloc((size_t)nlines * sizeof *t->children);
	t->first = calloc((size_t)nlines + 1, sizeof *t->first);
	t->info = malloc((size_t)nlines * sizeof *t->info);
	if (!t->children || !t->first || !t->info)
		return KIFU_ENOMEM;
	for (int l = 0; l < nlines; l++)
		kifu_record_get_line(rec, l, &t->info[l]);
	int k = 0;
	for (int l = 0; l < nlines; l++) {
		t->first[l] = k;
		int n0 = k;
		for (int c = t->info[l].first_child; c >= 0 && k < nlines; c = t->info[c].next_sibling)
			t->children[k++] = (child){t->info[c].start, c};
		if (k - n0 > 1)
			qsort(t->children + n0, (size_t)(k - n0), sizeof *t->children, latest_first);
	}
	t->first[nlines] = k;
	return 0;
}

static void tree_free(tree *t)
{
	free(t->children);
	free(t->first);
	free(t->info);
}

/* A line being walked: how many of its moves are made, which of its
 * variations comes next, where its undo records start. */
typedef struct frame {
	int variation;
	long made;       /* its moves made */
	int child;       /* the next variation (index into the tree's children) */
	long undo_base;
	bool played;     /* its moves are played (then its variations come) */
} frame;

/* What a move made on the walk's path changed besides the board, to take
 * it back. */
typedef struct path_step {
	uint64_t key;    /* the key counted after the move */
	long epoch;      /* the repetition epoch before it */
	long ply;
} path_step;

/* A walk over every line of a record: the play, the lines' tree, the
 * moves made on the path from the start (with what it takes to take them
 * back) and the stack of lines being walked. */
typedef struct walker {
	play *p;
	long main_known;   /* the main line's moves known legal, -1: none */
	tree t;
	kifu_undo *undo;
	path_step *path;
	long nundo;
	frame *stack;
	int depth;
	uint64_t start_key;
	judge_lists lists; /* scratch of the judge */
} walker;

static void walker_free(walker *w)
{
	seen_free(&w->p->seen);
	judge_lists_free(&w->lists);
	free(w->undo);
	free(w->path);
	free(w->stack);
	tree_free(&w->t);
}

/* The walk's memory, and the position at the record's start with its
 * repetition count begun.  0, KIFU_ENOMEM, or 1 when the record has no
 * start (kifu_play said why). */
static int walker_init(walker *w, play *p, long main_known)
{
	const kifu_record *rec = p->rec;
	int nlines = kifu_record_line_count(rec);
	long total = kifu_record_total_moves(rec);
	*w = (walker){p, main_known, {NULL, NULL, NULL}, NULL, NULL, 0, NULL, 0, 0, JUDGE_LISTS_INIT};
	w->undo = malloc(((size_t)total + 1) * sizeof *w->undo);
	w->path = malloc(((size_t)total + 1) * sizeof *w->path);
	w->stack = malloc(((size_t)nlines + 1) * sizeof *w->stack);
	int rc = !w->undo || !w->path || !w->stack ? KIFU_ENOMEM : tree_build(&w->t, rec, nlines);
	if (rc)
		return rc;
	if (kifu_record_start(rec, p->pos, NULL))
		return 1;
	/* the plies of a path: up to the start's move number and every move */
	if ((rc = seen_init(&p->seen, total + 1)))
		return rc;
	w->start_key = kifu_position_key(p->pos);
	p->key = w->start_key;
	p->epoch = 0;
	seen_add(&p->seen, w->start_key, 0, NULL);
	p->ended_at = p->rep_ended = 0;
	w->stack[w->depth++] = (frame){0, 0, w->t.first[0], 0, false};
	return 0;
}

/* Makes the moves of the line on top of the stack, checked and with the
 * hooks unless they are the main line's known ones.  *whole: all of them
 * were made.  0, or a code (KIFU_EILLEGAL, a hook's). */
static int walk_moves(walker *w, frame *f, bool known, bool *whole)
{
	play *p = w->p;
	const kifu_record_line_info *li = &w->t.info[f->variation];
	long n = known ? w->main_known : li->count;
	if (f->variation == 0 && p->err_ply > 0 && p->err_ply - li->start < n)
		n = p->err_ply - li->start > 0 ? p->err_ply - li->start : 0;
	*whole = n == li->count;
	int rc = 0;
	for (long k = 0; k < n; k++) {
		long epoch = p->epoch, ply = li->start + k;
		if (!play_one(p, f->variation, ply, li->first + k, !known, &w->undo[w->nundo], known, &rc)) {
			*whole = false;
			break;
		}
		w->path[w->nundo++] = (path_step){p->key, epoch, ply};
		f->made = k + 1;
	}
	return rc;
}

/* Judges the end of a variation (not the main line, whose end is out's):
 * on a validation of its own, the record's first fault copied from it.  A
 * variation whose last move was the record's first fault and that declares
 * it (反則勝ち) is no fault of the record.  0 or KIFU_ENOMEM. */
static int judge_variation(walker *w, int variation, const kifu_record_line_info *li, bool fault_here)
{
	play *p = w->p;
	kifu_validation *real = p->out, own = *real;
	kifu__outcome_clear(&own.outcome);
	p->out = &own;
	int rc = kifu__judge(p, variation, li, &w->lists);
	p->out = real;
	if ((real->valid || fault_here) && !own.valid) {
		real->valid = 0;
		real->fault = own.fault;
	} else if (fault_here && own.valid) {
		real->valid = 1;
		real->fault = (kifu_fault){.side = -1};
	}
	return rc;
}

/* The end of the line on top of the stack, played whole (or up to a fault
 * at its last move): judged, and the variation_end hook.  0, a code, or 1
 * when the walk stops at the first fault. */
static int walk_end(walker *w, frame *f, bool whole)
{
	play *p = w->p;
	const kifu_play_options *opt = p->opt;
	const kifu_record_line_info *li = &w->t.info[f->variation];
	/* the record's first fault is this line's last move (played through
	 * or not), which its ending may declare */
	const kifu_fault *first = &p->out->fault;
	bool fault_here = !p->out->valid && first->variation == f->variation && li->count > 0 &&
			  first->ply == li->start + li->count - 1 && f->made >= li->count - 1;
	int rc = 0;
	if (opt->judge && (whole || fault_here))
		rc = f->variation ? judge_variation(w, f->variation, li, fault_here)
				  : kifu__judge(p, 0, li, &w->lists);
	if (rc)
		return rc;
	if (!p->out->valid && !opt->through_illegal)
		return 1; /* the first fault is the record's */
	if ((whole || fault_here) && opt->variation_end)
		return opt->variation_end(opt->ctx, p->pos, f->variation);
	return 0;
}

/* Takes back the moves made after the first `keep` of the line on top of
 * the stack. */
static void take_back(walker *w, const frame *f, long keep)
{
	play *p = w->p;
	while (w->nundo > f->undo_base + keep) {
		const path_step *st = &w->path[w->nundo - 1];
		seen_remove(&p->seen, st->key);
		kifu_unmake_move(p->pos, &w->undo[--w->nundo]);
		p->epoch = st->epoch;
		p->key = w->nundo ? w->path[w->nundo - 1].key : w->start_key;
		if (p->ended_at == st->ply)
			p->ended_at = 0;
		if (p->rep_ended == st->ply)
			p->rep_ended = 0;
	}
}

/* The line on top of the stack, its moves played: its next variation,
 * from the position before the move it replaces, pushed on the stack; or,
 * when none is left, the line taken back and popped. */
static void walk_next(walker *w)
{
	frame *f = &w->stack[w->depth - 1];
	const kifu_record_line_info *li = &w->t.info[f->variation];
	while (f->child < w->t.first[f->variation + 1]) {
		const child *ch = &w->t.children[f->child++];
		long keep = ch->start - li->start;
		if (keep < 0 || keep > f->made)
			continue; /* it branches after a move that was not made */
		take_back(w, f, keep);
		f->made = keep;
		w->stack[w->depth++] = (frame){ch->variation, 0, w->t.first[ch->variation], w->nundo, false};
		return;
	}
	take_back(w, f, 0);
	w->depth--;
}

/* Walks every line of play from its branch point, each move made once and
 * taken back once (linear in the record's moves, with no recursion): a
 * line's moves, its end, then its variations, the latest branch first,
 * each after the moves it replaces are taken back.  main_known: the main
 * line was played already and its first main_known moves are legal (they
 * are made unchecked, without hooks); -1: none is known. */
static int walk(play *p, long main_known)
{
	const kifu_play_options *opt = p->opt;
	walker w;
	int rc = walker_init(&w, p, main_known);
	while (!rc && w.depth > 0) {
		frame *f = &w.stack[w.depth - 1];
		if (f->played) {
			walk_next(&w);
			continue;
		}
		/* the line's own moves, then its end */
		f->played = true;
		bool known = f->variation == 0 && main_known >= 0, whole;
		p->count = f->variation == 0 && !known;
		if (!known && opt->variation_begin && (rc = opt->variation_begin(opt->ctx, p->pos, f->variation)))
			break;
		if ((rc = walk_moves(&w, f, known, &whole)) || known)
			continue;
		rc = walk_end(&w, f, whole);
	}
	walker_free(&w);
	return rc == 1 ? 0 : rc;
}

int kifu_play_all(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
		  kifu_validation *out)
{
	static const kifu_play_options defaults = KIFU_PLAY_OPTIONS_INIT;
	if (!opt)
		opt = &defaults;
	kifu_play_options main = *opt;
	main.variation = 0;
	main.max_plies = -1;
	if (!pos || kifu_record_line_count(rec) == 1)
		/* no variation: the walk would play the main line again, its hooks
		 * called as kifu_play calls them (writers: one play a record) */
		return kifu_play(rec, pos, &main, out);
	/* the main line first, as kifu_play plays it (the record's start, a
	 * reading error, the plies, the main line's end) */
	main.variation_begin = main.variation_end = NULL;
	main.before = main.after = NULL;
	int rc = kifu_play(rec, pos, &main, out);
	if (rc || (!out->valid && out->fault.ply == 0))
		return rc; /* no start, or the record as a whole is at fault */
	kifu_validation walked;
	validation_clear(&walked);
	play p;
	play_init(&p, rec, pos, opt, &walked, false);
	rc = walk(&p, -1);
	/* what describes the main line comes from its own play */
	if (out->valid && !walked.valid) {
		out->valid = 0;
		out->fault = walked.fault;
	}
	out->played = walked.played > out->played ? walked.played : out->played;
	if (rc == KIFU_EILLEGAL) {
		out->stopped_variation = walked.stopped_variation;
		out->stopped_ply = walked.stopped_ply;
	}
	return rc;
}

int kifu_validate(const kifu_record *rec, kifu_position *pos, const kifu_validate_options *vopt,
		  kifu_validation *out)
{
	static const kifu_validate_options defaults = KIFU_VALIDATE_OPTIONS_INIT;
	if (!vopt)
		vopt = &defaults;
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.namer = vopt->namer;
	int rc = kifu_play(rec, pos, &opt, out);
	if (rc || !out->valid || vopt->main_line_only || kifu_record_line_count(rec) < 2)
		return rc;
	/* the variations, from their branch points: the main line's legal
	 * moves are made unchecked (with a foul it shows, all but its last) */
	kifu_validation walked;
	validation_clear(&walked);
	play p;
	play_init(&p, rec, pos, &opt, &walked, false);
	rc = walk(&p, out->plies);
	if (!rc && !walked.valid) {
		out->valid = 0;
		out->fault = walked.fault;
	}
	return rc;
}
