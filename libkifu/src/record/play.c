/*
 * play.c - the play loop (kifu/play.h): a line of play of a record through
 * the rules, with the validation of it and hooks that see each position.
 * Every program and layer that needs to walk a record's moves on a board
 * (validation, statistics, the KI2 reader, the KIF writer, diff, replay)
 * goes through kifu_play.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/compact.h"
#include "kifu/play.h"
#include "rules/scratch.h"

static const char *side_name(int side) { return side == KIFU_SENTE ? "Sente" : "Gote"; }

int kifu_record_start(const kifu_record *rec, kifu_position *pos, kifu_diag *diag)
{
	const char *sfen = kifu_record_tag(rec, "sfen");
	if (!sfen) {
		/* a named start (KIF 手合割: 香落ち, ...) or the variant's own */
		const char *h = kifu_record_tag(rec, "handicap");
		const kifu_variant *v = kifu_position_variant(pos);
		const char *named = h ? kifu_variant_named_start(v, h) : NULL;
		if (named && strcmp(named, kifu_variant_start_sfen(v)) != 0)
			return kifu_position_set_sfen(pos, named, strlen(named), diag);
		kifu_position_reset(pos);
		return 0;
	}
	size_t n = strlen(sfen);
	char buf[1024];
	if (n >= sizeof buf)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0, "the sfen tag is too long");
	for (size_t i = 0; i <= n; i++)
		buf[i] = sfen[i] == '_' ? ' ' : sfen[i];
	return kifu_position_set_sfen(pos, buf, n, diag);
}

/* Counting positions for fourfold repetition (千日手): an open-addressing
 * table of (key, count) pairs in the position's scratch, sized for the
 * line, so that no memory is taken per record and the count is linear. */
typedef struct seen_table {
	uint64_t *keys;
	uint8_t *counts; /* 0 empty; counts stop at 5: 4 is all that matters */
	size_t mask;
} seen_table;

static int seen_init(seen_table *t, kifu_position *pos, long positions)
{
	size_t size = 16;
	while (size < (size_t)positions * 2)
		size *= 2;
	uint64_t *mem = kifu__position_scratch(pos, size + size / 8);
	if (!mem)
		return KIFU_ENOMEM;
	t->keys = mem;
	t->counts = (uint8_t *)(mem + size);
	t->mask = size - 1;
	memset(t->counts, 0, size);
	return 0;
}

/* Counts key once more; returns its count (at most 5). */
static int seen_add(seen_table *t, uint64_t key)
{
	size_t i = (size_t)(key ^ (key >> 29)) & t->mask;
	while (t->counts[i] && t->keys[i] != key)
		i = (i + 1) & t->mask;
	t->keys[i] = key;
	if (t->counts[i] < 5)
		t->counts[i]++;
	return t->counts[i];
}

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

static void describe_mismatch(const kifu_position *pos, const kifu_record_move *m, char *buf,
			      size_t size)
{
	const kifu_variant *v = kifu_position_variant(pos);
	kifu_piece_info named, actual;
	char sq[16];
	kifu_variant_piece(v, m->named_type, &named);
	kifu_variant_piece(v, kifu_code_type(kifu_position_at(pos, m->move.from)), &actual);
	kifu_compact_square_name(v, m->move.from, sq, sizeof sq);
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

/* The state of one play. */
typedef struct play {
	const kifu_record *rec;
	kifu_position *pos;
	const kifu_play_options *opt;
	kifu_validation *out;
	seen_table seen;
	long ended_at;     /* the ply after which a side had lost its last royal */
	int ended_loser;
	long err_ply;      /* a reading error at this main-line ply (0: none) */
	const char *err, *err_move;
	long err_line, err_col;
} play;

/* Notes the first fault of the line in out. */
static void fault(play *p, long ply, const kifu_record_move *m, const kifu_illegal *why,
		  int named_wrong)
{
	kifu_validation *out = p->out;
	if (!out->valid)
		return;
	out->valid = 0;
	out->ply = ply;
	out->line = m->line;
	out->col = m->col;
	out->illegal = named_wrong ? KIFU_LEGAL : why->code;
	snprintf(out->move, sizeof out->move, "%s", m->text);
	if (named_wrong)
		describe_mismatch(p->pos, m, out->reason, sizeof out->reason);
	else if (why->code == KIFU_ILL_GAME_OVER && p->ended_at)
		snprintf(out->reason, sizeof out->reason,
			 "the game ended at ply %ld when %s lost its last royal", p->ended_at,
			 side_name(p->ended_loser));
	else
		kifu_illegal_describe(kifu_position_variant(p->pos), why, kifu_compact_square_name,
				      out->reason, sizeof out->reason);
}

/* Plays moves [0, count) of line `line` (whose first move is at ply
 * `start`, global index `first`); hooks: whether to call them.  Returns 1
 * to go on, 0 when the play stopped (a fault, or through_illegal met a move
 * it cannot carry out: then *rc is KIFU_EILLEGAL), or a hook's code in *rc. */
static int play_moves(play *p, int line, long start, long first, long count, int hooks, int *rc)
{
	kifu_position *pos = p->pos;
	kifu_validation *out = p->out;
	const kifu_play_options *opt = p->opt;
	const kifu_play_hook before = hooks ? opt->before : NULL, after = hooks ? opt->after : NULL;
	/* the reader stopped before the move at err_ply: no move from there */
	long n = count;
	if (line == 0 && p->err_ply > 0 && p->err_ply - start < n)
		n = p->err_ply - start > 0 ? p->err_ply - start : 0;
	for (long k = 0; k < n; k++) {
		long ply = start + k;
		kifu_record_move m;
		kifu_illegal why;
		kifu_record_get_move_at(p->rec, first + k, &m);
		int named_wrong = named_mismatch(pos, &m);
		int legal = !named_wrong && kifu_check_move(pos, &m.move, &why) == 0;
		if (!legal) {
			fault(p, ply, &m, &why, named_wrong);
			if (!opt->through_illegal)
				return 0;
			if (!playable(pos, &m.move)) {
				*rc = KIFU_EILLEGAL;
				return 0;
			}
		}
		kifu_play_step step;
		if (before || after) {
			step = (kifu_play_step){ply, first + k, line, &m, legal};
			if (before && (*rc = before(opt->ctx, pos, &step)) != 0)
				return 0;
		}
		kifu_make_move(pos, &m.move, NULL);
		out->played = ply;
		if (out->valid) {
			out->plies = ply;
			if (seen_add(&p->seen, kifu_position_key(pos)) == 4 && !out->repetition_ply)
				out->repetition_ply = ply;
			if (!p->ended_at && kifu_position_royal_loser(pos) >= 0) {
				p->ended_at = ply;
				p->ended_loser = kifu_position_royal_loser(pos);
			}
		}
		if (after && (*rc = after(opt->ctx, pos, &step)) != 0)
			return 0;
	}
	return n == count;
}

int kifu_play(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
	      kifu_validation *out)
{
	static const kifu_play_options defaults = KIFU_PLAY_OPTIONS_INIT;
	if (!opt)
		opt = &defaults;
	memset(out, 0, sizeof *out);
	out->valid = 1;
	kifu_record_line_info li;
	if (kifu_record_get_line(rec, opt->line, &li))
		return KIFU_ENOTFOUND;
	play p = {rec, pos, opt, out, {NULL, NULL, 0}, 0, -1, 0, NULL, NULL, 0, 0};
	long err_ply = -1;
	p.err = kifu_record_error(rec, &err_ply, &p.err_line, &p.err_col, &p.err_move);
	p.err_ply = p.err && err_ply > 0 ? err_ply : 0;

	kifu_diag d;
	kifu_diag_clear(&d);
	if (kifu_record_start(rec, pos, &d)) {
		out->valid = 0;
		out->line = kifu_record_line(rec);
		snprintf(out->reason, sizeof out->reason, "bad sfen tag, column %ld: %s", d.col, d.message);
		return 0;
	}
	if (p.err && err_ply == 0) {
		out->valid = 0;
		out->line = p.err_line;
		out->col = p.err_col;
		snprintf(out->reason, sizeof out->reason, "%s", p.err);
		return 0;
	}

	/* the lines from the main line down to this one: path[0] is this line */
	int depth = 0, small[32], *path = small;
	for (int l = opt->line; l >= 0; l = li.parent) {
		kifu_record_get_line(rec, l, &li);
		depth++;
	}
	if (depth > (int)(sizeof small / sizeof small[0]) && !(path = malloc((size_t)depth * sizeof *path)))
		return KIFU_ENOMEM;
	depth = 0;
	for (int l = opt->line; l >= 0; l = li.parent) {
		path[depth++] = l;
		kifu_record_get_line(rec, l, &li);
	}
	kifu_record_get_line(rec, opt->line, &li);
	long count = opt->max_plies >= 0 && opt->max_plies < li.count ? opt->max_plies : li.count;
	int rc = seen_init(&p.seen, pos, li.start + count);
	if (!rc)
		seen_add(&p.seen, kifu_position_key(pos));
	int going = !rc;
	for (int d_ = depth - 1; d_ > 0 && going; d_--) {
		/* the moves of an ancestor line before its child branches off */
		kifu_record_line_info x, child;
		kifu_record_get_line(rec, path[d_], &x);
		kifu_record_get_line(rec, path[d_ - 1], &child);
		long upto = child.start - x.start < x.count ? child.start - x.start : x.count;
		going = play_moves(&p, path[d_], x.start, x.first, upto, 0, &rc);
	}
	if (going)
		going = play_moves(&p, opt->line, li.start, li.first, count, 1, &rc);
	if (path != small)
		free(path);
	if (rc)
		return rc;
	if (out->valid && p.err) {
		/* the reader stopped at a move it could not read */
		out->valid = 0;
		out->ply = p.err_ply;
		out->line = p.err_line;
		out->col = p.err_col;
		snprintf(out->move, sizeof out->move, "%s", p.err_move ? p.err_move : "");
		snprintf(out->reason, sizeof out->reason, "%s", p.err);
	}
	if (out->valid && going && count == li.count) {
		/* the whole line was played: how does the game stand? */
		long last = li.start + li.count - 1;
		if (p.ended_at) {
			out->end = KIFU_END_ROYAL_LOST;
			out->loser = p.ended_loser;
			out->end_ply = p.ended_at;
		} else if (kifu_position_state(pos) == KIFU_GAME_NO_MOVES) {
			out->end = KIFU_END_NO_MOVES;
			out->loser = kifu_position_side(pos);
			out->end_ply = last;
		}
	}
	return 0;
}
