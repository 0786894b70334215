/*
 * stats_judgement.c - the judgement measures of kifu-stats
 * (stats_judgement.h; docs/stats.md, "Judgement").
 *
 * A move is judged when its comment holds a loss line, `#損失=N`: what
 * kifu-annotate writes for every move between two positions it analysed
 * (0 for the engine's best move).  Its class is the comment's class header
 * line, `【悪手】`, which kifu-annotate writes above the analysis and
 * ShogiHome's own analysis does too (ShogiHome writes no loss: its moves
 * count in their classes, not among the judged).  The first line of each
 * kind counts; a loss that is not a whole number from 0 to
 * STATS_J_MAX_LOSS is no loss kifu-annotate wrote, and is not read.
 */
#include "stats/stats_judgement.h"
#include "stats/stats_data.h"
#include "lib/judgement.h"

#include <stdlib.h>
#include <string.h>

const char *const stats_judge_who_keys[STATS_NJ_WHO] = {"sente", "gote", "player"};
const char *const stats_judge_phase_keys[STATS_NJ_PHASES + 1] = {"opening", "middle", "end", "all"};
const char *const stats_judge_field_keys[STATS_NJ_FIELDS] = {
	"judged", "loss", "inaccuracy", "dubious", "mistake", "blunder"};

int stats_judgement_note(struct stats_judged_moves *j, const char *comment, long index,
			 enum kifu_side side)
{
	long loss = -1;
	int cls = -1;
	for (const char *p = comment; p && *p;) {
		size_t n = strcspn(p, "\n");
		if (cls < 0)
			cls = judgement_line_class(p, n);
		if (loss < 0 && !judgement_line_loss(p, n, STATS_J_MAX_LOSS, &loss))
			loss = -1;
		p += n;
		if (*p)
			p++;
	}
	if (loss < 0 && cls < 0)
		return 0;
	if (j->n == j->cap) {
		size_t cap = j->cap ? j->cap * 2 : 64;
		struct stats_judged_move *m = realloc(j->moves, cap * sizeof *m);
		if (!m)
			return KIFU_ENOMEM;
		j->moves = m;
		j->cap = cap;
	}
	j->moves[j->n++] = (struct stats_judged_move){index, side, loss, cls};
	return 0;
}

/* The phase of ply index i of a main line of n plies: its third. */
static int phase_of(long i, long n)
{
	return (int)((3 * (uint64_t)i) / (uint64_t)n);
}

static void add_move(uint64_t *cell, const struct stats_judged_move *m)
{
	if (m->loss >= 0) {
		cell[STATS_J_JUDGED]++;
		cell[STATS_J_LOSS] += (uint64_t)m->loss;
	}
	if (m->cls >= 0)
		cell[STATS_J_FIRST_CLASS + m->cls]++;
}

int stats_judgement_add(struct stats_judgement **to, const struct stats_judged_moves *j, long plies,
			int player_sides)
{
	size_t counted = 0;
	for (size_t k = 0; k < j->n; k++)
		counted += j->moves[k].index < plies;
	if (!counted)
		return 0;
	if (!*to && !(*to = calloc(1, sizeof **to)))
		return KIFU_ENOMEM;
	struct stats_judgement *jg = *to;
	jg->records++;
	for (size_t k = 0; k < j->n; k++) {
		const struct stats_judged_move *m = &j->moves[k];
		if (m->index >= plies)
			continue; /* after the first illegal move: not played */
		int ph = phase_of(m->index, plies), who = m->side == KIFU_SENTE ? STATS_J_SENTE : STATS_J_GOTE;
		add_move(jg->n[who][ph], m);
		add_move(jg->n[who][STATS_J_ALL], m);
		if (player_sides & (m->side == KIFU_SENTE ? 1 : 2)) {
			add_move(jg->n[STATS_J_PLAYER][ph], m);
			add_move(jg->n[STATS_J_PLAYER][STATS_J_ALL], m);
		}
	}
	return 0;
}

static void emit_cell(const struct stats_emitter *e, const char *key, const uint64_t *n)
{
	e->key(e->ctx, key);
	e->begin_map(e->ctx);
	for (int f = 0; f < STATS_NJ_FIELDS; f++) {
		e->key(e->ctx, stats_judge_field_keys[f]);
		e->number(e->ctx, n[f]);
	}
	e->end_map(e->ctx);
}

void stats_judgement_emit(const struct stats_judgement *jg, int by_player, const struct stats_emitter *e)
{
	if (!jg)
		return;
	e->key(e->ctx, "judgement");
	e->begin_map(e->ctx);
	e->key(e->ctx, "records");
	e->number(e->ctx, jg->records);
	for (int who = 0; who < STATS_NJ_WHO; who++) {
		if (who == STATS_J_PLAYER && !by_player)
			continue;
		e->key(e->ctx, stats_judge_who_keys[who]);
		e->begin_map(e->ctx);
		/* the sum first: what a reader looks for */
		emit_cell(e, stats_judge_phase_keys[STATS_J_ALL], jg->n[who][STATS_J_ALL]);
		for (int ph = 0; ph < STATS_NJ_PHASES; ph++)
			emit_cell(e, stats_judge_phase_keys[ph], jg->n[who][ph]);
		e->end_map(e->ctx);
	}
	e->end_map(e->ctx);
}
