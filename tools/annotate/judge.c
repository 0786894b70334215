/*
 * judge.c - the judgement of a move (annotate.h; docs/annotate.md,
 * "Judgement").
 *
 * The loss of a move is what the mover's evaluation lost from the position
 * before it to the position after it, both as the engine saw them: in
 * centipawns (USI's `score cp`; an XBoard engine's own unit), each
 * evaluation capped at ±LOSS_CAP first (a won or lost position is one,
 * however many pawns the engine counts), never below 0 (a search at a fixed
 * depth may see more after the move than before it).  The engine's best
 * move loses nothing.
 *
 * The class is ShogiHome's (src/renderer/store/analysis.ts,
 * getMoveAccuracyText): the win rate lost, a score s being worth
 * 100 / (1 + exp(-s / 600)) percent (scoreToPercentage, its
 * coefficientInSigmoid), against its thresholds 5, 10, 20 and 50 points
 * (badMoveLevelThreshold1..4: 緩手, 疑問手, 悪手, 大悪手), a mate counting
 * EVAL_MATE.  Both are configurable (--thresholds, --sigmoid).
 */
#include "annotate/annotate.h"

#include <math.h>
#include <stdlib.h>

#define LOSS_CAP 3000

long eval_cp(const struct eval_value *e)
{
	if (e->mate)
		return e->mate > 0 ? EVAL_MATE : -EVAL_MATE;
	return e->cp;
}

static double win_rate(double s, double sigmoid)
{
	return 100.0 / (1.0 + exp(-s / sigmoid));
}

void judge_move(const struct annotate_options *opt, const struct position_analysis *before,
		struct position_analysis *after, enum kifu_side mover, int best)
{
	after->judged = 0;
	after->loss = 0;
	after->cls = CLASS_NONE;
	if (!before->ok || !after->ok || !before->lines[0].eval.known || !after->lines[0].eval.known)
		return;
	after->judged = 1;
	if (best)
		return;
	long sign = mover == KIFU_SENTE ? 1 : -1;
	long b = sign * eval_cp(&before->lines[0].eval), a = sign * eval_cp(&after->lines[0].eval);
	long cb = b > LOSS_CAP ? LOSS_CAP : b < -LOSS_CAP ? -LOSS_CAP : b;
	long ca = a > LOSS_CAP ? LOSS_CAP : a < -LOSS_CAP ? -LOSS_CAP : a;
	after->loss = cb > ca ? cb - ca : 0;
	double lost = win_rate((double)b, opt->sigmoid) - win_rate((double)a, opt->sigmoid);
	for (int c = NCLASSES - 1; c >= 0; c--)
		if (lost >= opt->thresholds[c]) {
			after->cls = (enum judge_class)c;
			break;
		}
}
