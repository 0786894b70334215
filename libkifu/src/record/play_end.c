/*
 * play_end.c - the end of a line of play (docs/rules.md, "How a record
 * ends"), in three stages: a fault at the line's last move that the ending
 * declares (a foul the record shows); the state the rules give after the
 * last move (a royal lost, no legal move, a bare royal, the repetition
 * rule, lone royals); and the ending the record claims, checked where the
 * rules can decide it (mate, repetition, declare-win), taken as the record
 * gives it otherwise (resign, timeout, ..., and a foul it declares whose
 * move it does not hold), and a fault when the rules decided otherwise.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/vocabulary.h"
#include "record/play_state.h"
#include "text/encoding.h"

static const char *const reason_names[] = {
	[KIFU_REASON_NONE] = "",
	[KIFU_REASON_ROYAL_CAPTURED] = "royal-captured",
	[KIFU_REASON_MATE] = "mate",
	[KIFU_REASON_NO_LEGAL_MOVE] = "no-legal-move",
	[KIFU_REASON_BARE_ROYAL] = "bare-royal",
	[KIFU_REASON_REPETITION] = "repetition",
	[KIFU_REASON_PERPETUAL_CHECK] = "perpetual-check",
	[KIFU_REASON_PERPETUAL_ATTACK] = "perpetual-attack",
	[KIFU_REASON_LONE_ROYALS] = "lone-royals",
	[KIFU_REASON_DECLARATION] = "declaration",
	[KIFU_REASON_FOUL] = "foul",
	[KIFU_REASON_RESIGN] = "resign",
	[KIFU_REASON_TIMEOUT] = "timeout",
	[KIFU_REASON_IMPASSE] = "impasse",
	[KIFU_REASON_DRAW] = "draw",
};

const char *kifu_reason_name(enum kifu_reason reason)
{
	if ((unsigned)reason >= sizeof reason_names / sizeof reason_names[0])
		return NULL;
	return reason_names[reason];
}

const char *kifu__side_name(int side) { return side == KIFU_SENTE ? "Sente" : "Gote"; }

void kifu__outcome_clear(kifu_game_outcome *o)
{
	*o = (kifu_game_outcome){KIFU_END_NONE, KIFU_RESULT_NONE, KIFU_REASON_NONE, -1, 0};
}

static enum kifu_result win_of(int side) { return side == KIFU_SENTE ? KIFU_RESULT_SENTE : KIFU_RESULT_GOTE; }

static enum kifu_result winner_other_than(int side) { return win_of(!side); }

/* The side that lost when `winner` won: -1 for a draw or no result. */
static int loser_of(enum kifu_result winner)
{
	return winner == KIFU_RESULT_SENTE ? KIFU_GOTE : winner == KIFU_RESULT_GOTE ? KIFU_SENTE : -1;
}

static void set_outcome(play *p, enum kifu_end end, enum kifu_result winner, enum kifu_reason reason,
			int loser, long ply)
{
	p->out->outcome = (kifu_game_outcome){end, winner, reason, loser, ply};
}

/* The line's last ply (its ending comes after it). */
static long last_ply(const kifu_record_line_info *li) { return li->start + li->count - 1; }

/* The ending is at fault: its place is the ply after the last move. */
static void ending_fault(play *p, int variation, const kifu_record_line_info *li, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void ending_fault(play *p, int variation, const kifu_record_line_info *li, const char *fmt, ...)
{
	kifu_validation *out = p->out;
	kifu_fault *f = &out->fault;
	out->valid = 0;
	kifu__outcome_clear(&out->outcome);
	*f = (kifu_fault){KIFU_FAULT_ENDING, KIFU_LEGAL, variation, li->start + li->count,
			  (int)kifu_position_side(p->pos), li->ending_line, li->ending_col, "", ""};
	kifu__text_copy(f->move, sizeof f->move, li->ending_text);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->reason, sizeof f->reason, fmt, ap);
	va_end(ap);
	kifu__utf8_trim_end(f->reason);
}

/* What the ending claims of the winner, from its outcome. */
static enum kifu_result claimed_result(const kifu_ending_info *e, int mover)
{
	switch (e->outcome) {
	case KIFU_OUTCOME_MOVER_LOSES: return winner_other_than(mover);
	case KIFU_OUTCOME_MOVER_WINS: return win_of(mover);
	case KIFU_OUTCOME_DRAW: return KIFU_RESULT_DRAW;
	case KIFU_OUTCOME_NONE: break;
	}
	return KIFU_RESULT_NONE;
}

static bool is(const kifu_ending_info *e, const char *word) { return !strcmp(e->word, word); }

static bool is_foul(const kifu_ending_info *e) { return is(e, "illegal-win") || is(e, "illegal-loss"); }

/* The reason of an ending's result when it is the record's word that
 * gives it (kifu/vocabulary.h: every ending that names a result has one;
 * tests/test_library.c checks it). */
static enum kifu_reason claim_reason(const kifu_ending_info *e)
{
	static const struct { const char *word; enum kifu_reason reason; } reasons[] = {
		{"resign", KIFU_REASON_RESIGN},       {"timeout", KIFU_REASON_TIMEOUT},
		{"impasse", KIFU_REASON_IMPASSE},     {"draw", KIFU_REASON_DRAW},
		{"mate", KIFU_REASON_MATE},           {"repetition", KIFU_REASON_REPETITION},
		{"declare-win", KIFU_REASON_DECLARATION}, {"illegal-win", KIFU_REASON_FOUL},
		{"illegal-loss", KIFU_REASON_FOUL},
	};
	for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
		if (is(e, reasons[i].word))
			return reasons[i].reason;
	return KIFU_REASON_NONE;
}

/* ---- 1. a fault at the last move ---- */

/* The line stopped at a fault.  A foul the record shows: its last move is
 * illegal, and the ending says the side to move won by it (反則勝ち): the
 * line is valid, the fault is its foul.  反則負け says the side to move lost:
 * its last move is the other side's, so the fault stays, said so. */
static void judge_fault(play *p, int variation, const kifu_record_line_info *li, const kifu_ending_info *e)
{
	kifu_validation *out = p->out;
	kifu_fault *f = &out->fault;
	if (!e || f->variation != variation || f->ply != last_ply(li) || li->count == 0 ||
	    f->code != KIFU_FAULT_ILLEGAL)
		return;
	if (is(e, "illegal-win")) {
		out->valid = 1;
		set_outcome(p, KIFU_END_CHECKED, winner_other_than(f->side), KIFU_REASON_FOUL, f->side, f->ply);
	} else if (is(e, "illegal-loss")) {
		size_t n = strlen(f->reason);
		snprintf(f->reason + n, sizeof f->reason - n,
			 "; the record ends in %s (%s): a loss of the side to move, but the foul is "
			 "%s's last move (illegal-win would say so)", e->word, e->kif, kifu__side_name(f->side));
		kifu__utf8_trim_end(f->reason);
	}
}

/* ---- 2. the state the rules give ---- */

/* How the rules leave the game after the line's last move (the variant's
 * order: kifu_position_end, with repetition between no legal move and
 * lone royals).  A side with no legal move is mated when it is in check. */
static void rules_end(play *p, const kifu_record_line_info *li)
{
	kifu_position *pos = p->pos;
	int mover = kifu_position_side(pos);
	long last = last_ply(li);
	int royal_loser = p->ended_at ? p->ended_loser : kifu_position_royal_loser(pos);
	kifu_game_end ge;
	enum kifu_game_state st = royal_loser >= 0 ? KIFU_GAME_ROYAL_LOST : kifu_position_end(pos, &ge);
	if (st == KIFU_GAME_ROYAL_LOST)
		set_outcome(p, KIFU_END_RULES, winner_other_than(royal_loser), KIFU_REASON_ROYAL_CAPTURED, royal_loser,
			    p->ended_at ? p->ended_at : last);
	else if (st == KIFU_GAME_BARE_ROYAL)
		set_outcome(p, KIFU_END_RULES, win_of(ge.winner), KIFU_REASON_BARE_ROYAL, !ge.winner, last);
	else if (st == KIFU_GAME_NO_MOVES)
		/* no winner where the variant leaves it undecided (chu-jcsa) */
		set_outcome(p, KIFU_END_RULES, ge.winner >= 0 ? winner_other_than(mover) : KIFU_RESULT_NONE,
			    kifu_position_in_check(pos) ? KIFU_REASON_MATE : KIFU_REASON_NO_LEGAL_MOVE, mover, last);
	else if (p->rep_ended)
		set_outcome(p, KIFU_END_RULES, p->rep_result, p->rep_reason, loser_of(p->rep_result), p->rep_ended);
	else if (st == KIFU_GAME_LONE_ROYALS)
		set_outcome(p, KIFU_END_RULES, KIFU_RESULT_DRAW, KIFU_REASON_LONE_ROYALS, -1, last);
}

/* ---- 3. the ending's claim ---- */

/* Takes the ending's claim as the record gives it: its result, unless it
 * names none. */
static void take_claim(play *p, const kifu_record_line_info *li, const kifu_ending_info *e)
{
	enum kifu_result claimed = claimed_result(e, kifu_position_side(p->pos));
	if (claimed != KIFU_RESULT_NONE)
		set_outcome(p, KIFU_END_CLAIMED, claimed, claim_reason(e), loser_of(claimed), last_ply(li));
}

/* A foul the record declares after legal moves (反則勝ち, 反則負け,
 * %+ILLEGAL_ACTION, %ILLEGAL_MOVE): how servers record a move they refused
 * to play, so its move is not in the record.  Taken as the record gives
 * it, and said to be declared, not checked: the foul is the ending's. */
static void declared_foul(play *p, int variation, const kifu_record_line_info *li, const kifu_ending_info *e)
{
	int mover = kifu_position_side(p->pos);
	int fouler = is(e, "illegal-win") ? !mover : mover;
	take_claim(p, li, e);
	kifu_fault *f = &p->out->fault;
	*f = (kifu_fault){KIFU_FAULT_DECLARED, KIFU_LEGAL, variation, li->start + li->count, fouler,
			  li->ending_line, li->ending_col, "", ""};
	kifu__text_copy(f->move, sizeof f->move, li->ending_text);
}

/* The rules ended the game: does the claim agree?  An ending that names no
 * result (abort) or the same one does (a repetition claim agrees with any
 * end by the repetition rule, whoever it makes lose); an end the rules
 * leave without a winner takes the claim's; another result is a fault. */
static void claim_against_rules(play *p, int variation, const kifu_record_line_info *li,
				const kifu_ending_info *e)
{
	const kifu_game_outcome *o = &p->out->outcome;
	enum kifu_result claimed = claimed_result(e, kifu_position_side(p->pos));
	bool repetition = o->reason == KIFU_REASON_REPETITION || o->reason == KIFU_REASON_PERPETUAL_CHECK ||
			  o->reason == KIFU_REASON_PERPETUAL_ATTACK;
	if (claimed == KIFU_RESULT_NONE || claimed == o->winner || (repetition && is(e, "repetition")))
		return;
	if (o->winner == KIFU_RESULT_NONE) {
		if (is_foul(e))
			declared_foul(p, variation, li, e);
		else
			take_claim(p, li, e);
		return;
	}
	char why[120];
	switch (o->reason) {
	case KIFU_REASON_ROYAL_CAPTURED:
		snprintf(why, sizeof why, "%s lost its last royal at ply %ld", kifu__side_name(o->loser), o->ply);
		break;
	case KIFU_REASON_MATE:
	case KIFU_REASON_NO_LEGAL_MOVE:
		snprintf(why, sizeof why, "%s, to move, has no legal move", kifu__side_name(o->loser));
		break;
	case KIFU_REASON_BARE_ROYAL:
		snprintf(why, sizeof why, "%s is left with a bare royal", kifu__side_name(o->loser));
		break;
	default:
		snprintf(why, sizeof why, "%s at ply %ld", kifu_reason_name(o->reason), o->ply);
		break;
	}
	ending_fault(p, variation, li, "the record ends in %s (%s), but the rules ended the game: %s", e->word,
		     e->kif, why);
}

/* Has the side to move lost, whatever it plays (1 or 0; KIFU_ENOMEM)?  No
 * legal move; or, with a check rule, it is in check and its only answers are
 * interpositions (moves of another piece than the royal onto an empty
 * square, or drops, on the line of the check), which a record counts as
 * futile (無駄合), as tsume problems do (docs/rules.md, "How a record
 * ends"); or, with no check rule, every move lets the other side take its
 * last royal on the next.  list and replies are the judge's lists, which
 * grow to any number of moves (a 36x36 board's thousands). */
static int mated(kifu_position *pos, kifu_moves *list, kifu_moves *replies)
{
	if (kifu_generate_legal_all(pos, list))
		return KIFU_ENOMEM;
	if (list->count == 0)
		return 1;
	const kifu_variant *v = kifu_position_variant(pos);
	enum kifu_side side = kifu_position_side(pos);
	if (kifu_variant_royal_rule(v) != KIFU_ROYAL_NONE) {
		if (!kifu_position_in_check(pos))
			return 0;
		for (int i = 0; i < list->count; i++) {
			const kifu_move *m = &list->moves[i];
			if (m->flags & KIFU_MOVE_DROP)
				continue;
			kifu_piece_info info;
			int mover = kifu_position_at(pos, m->from);
			kifu_variant_piece(v, kifu_code_type(mover), &info);
			/* a royal that moves, or a capture: an answer that is no mere block */
			if (info.royal || kifu_position_at(pos, m->to) ||
			    (m->mid != KIFU_NO_SQUARE && m->mid != m->from && kifu_position_at(pos, m->mid)))
				return 0;
		}
		return 1;
	}
	for (int i = 0; i < list->count; i++) {
		kifu_undo u;
		kifu_make_move(pos, &list->moves[i], &u);
		int saved = 1;
		if (kifu_generate_legal_all(pos, replies)) {
			kifu_unmake_move(pos, &u);
			return KIFU_ENOMEM;
		}
		for (int k = 0; k < replies->count && saved; k++) {
			kifu_undo u2;
			kifu_make_move(pos, &replies->moves[k], &u2);
			if (kifu_position_royals(pos, side) == 0)
				saved = 0;
			kifu_unmake_move(pos, &u2);
		}
		kifu_unmake_move(pos, &u);
		if (saved)
			return 0;
	}
	return 1;
}

/* mate (詰み): the side to move has lost whatever it plays (mated).  0 or
 * KIFU_ENOMEM. */
static int judge_mate(play *p, int variation, const kifu_record_line_info *li, const kifu_ending_info *e,
		      judge_lists *lists)
{
	int mover = kifu_position_side(p->pos);
	int m = mated(p->pos, &lists->moves, &lists->replies);
	if (m < 0)
		return m;
	if (!m) {
		ending_fault(p, variation, li, "the record ends in mate (%s), but %s, to move, has a move that "
			     "keeps its last royal", e->kif, kifu__side_name(mover));
		return 0;
	}
	set_outcome(p, KIFU_END_CHECKED, winner_other_than(mover), KIFU_REASON_MATE, mover, last_ply(li));
	return 0;
}

/* repetition (千日手): the last position has occurred as often as the
 * variant's rule asks (four where it has none).  1 when it has. */
static bool repetition_holds(play *p, int variation, const kifu_record_line_info *li, const kifu_ending_info *e)
{
	int need = p->rule.count ? p->rule.count : 4;
	int n = seen_count(&p->seen, p->key);
	if (n >= need)
		return true;
	ending_fault(p, variation, li, "the record ends in repetition (%s), but its last position has occurred "
		     "%d time%s%s: %d are needed", e->kif, n, n == 1 ? "" : "s",
		     p->rule.count ? " since the count last started afresh" : "", need);
	return false;
}

/* declare-win (入玉宣言): the side to move may declare, by the variant's
 * declaration rule.  1 when it may. */
static bool declaration_holds(play *p, int variation, const kifu_record_line_info *li, const kifu_ending_info *e)
{
	kifu_declaration dc;
	if (kifu_position_declaration(p->pos, &dc))
		return true;
	const char *mover = kifu__side_name(kifu_position_side(p->pos));
	char why[200];
	if (!dc.points_needed)
		snprintf(why, sizeof why, "%s has no rule for declaring a win",
			 kifu_variant_name(kifu_position_variant(p->pos)));
	else if (!dc.royal_in_zone)
		snprintf(why, sizeof why, "%s's royal is not in the zone", mover);
	else if (dc.in_check)
		snprintf(why, sizeof why, "%s is in check", mover);
	else if (dc.pieces_in_zone < dc.pieces_needed)
		snprintf(why, sizeof why, "%s has %d pieces in the zone, %d are needed", mover, dc.pieces_in_zone,
			 dc.pieces_needed);
	else
		snprintf(why, sizeof why, "%s counts %d points, %d are needed", mover, dc.points, dc.points_needed);
	ending_fault(p, variation, li, "the record ends in declare-win (%s), but %s may not declare: %s", e->kif,
		     mover, why);
	return false;
}

/* The ending's claim, the rules' state known: checked where the rules
 * decide it, else taken as given.  0 or KIFU_ENOMEM. */
static int judge_claim(play *p, int variation, const kifu_record_line_info *li, const kifu_ending_info *e,
		       judge_lists *lists)
{
	bool by_rules = p->out->outcome.end == KIFU_END_RULES;
	int mover = kifu_position_side(p->pos);
	if (is(e, "mate") && !by_rules)
		return judge_mate(p, variation, li, e, lists);
	if (is(e, "repetition") && !repetition_holds(p, variation, li, e))
		return 0;
	if (is(e, "declare-win") && !declaration_holds(p, variation, li, e))
		return 0;
	if (by_rules)
		claim_against_rules(p, variation, li, e);
	else if (is(e, "repetition"))
		set_outcome(p, KIFU_END_CHECKED, KIFU_RESULT_DRAW, KIFU_REASON_REPETITION, -1, last_ply(li));
	else if (is(e, "declare-win"))
		set_outcome(p, KIFU_END_CHECKED, win_of(mover), KIFU_REASON_DECLARATION, !mover, last_ply(li));
	else if (is_foul(e))
		declared_foul(p, variation, li, e);
	else
		take_claim(p, li, e); /* resign, timeout, abort, ... */
	return 0;
}

int kifu__judge(play *p, int variation, const kifu_record_line_info *li, judge_lists *lists)
{
	const kifu_ending_info *e = li->ending[0] ? kifu_ending_find(li->ending, strlen(li->ending)) : NULL;
	if (!p->out->valid) {
		judge_fault(p, variation, li, e);
		return 0;
	}
	rules_end(p, li);
	return e ? judge_claim(p, variation, li, e, lists) : 0;
}
