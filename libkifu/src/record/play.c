/*
 * play.c - the play loop (kifu/play.h): a line of play of a record through
 * the rules, with the validation of it and hooks that see each position,
 * and the validation of a whole record, variations included.  Every
 * program and layer that needs to walk a record's moves on a board
 * (validation, statistics, the KI2 reader, the KIF writer, diff, replay)
 * goes through here.
 *
 * The end of a line is judged too (docs/rules.md, "How a record ends"): the
 * state the rules give (a royal lost, no legal move), and the ending the
 * record claims, where the rules can decide it: mate, repetition, and a
 * foul the record declares with illegal-win.  Other endings (resign,
 * timeout, abort, ...) are taken as the record gives them.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/play.h"
#include "kifu/vocabulary.h"
#include "text/encoding.h"
#include "record/start.h"
#include "text/similar.h"

static const char *side_name(int side) { return side == KIFU_SENTE ? "Sente" : "Gote"; }

/* Names a square as the compact notation does ("7g", "12o"): the default
 * of the messages.  (The notations name theirs: kifu_notation_square_namer.) */
static void default_namer(const kifu_variant *v, int sq, char *buf, size_t size)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (sq < 0 || sq >= files * ranks)
		snprintf(buf, size, "?");
	else
		snprintf(buf, size, "%d%c", sq % files + 1, 'a' + sq / files);
}

char *kifu_record_line_path(const kifu_record *rec, int line, char *buf, size_t size)
{
	if (line <= 0) {
		snprintf(buf, size, "the main line");
		return buf;
	}
	size_t n = 0;
	buf[0] = 0;
	for (int l = line; l > 0 && n + 1 < size;) {
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

/* ---- counting positions ---- */

/* Counting positions for fourfold repetition (千日手): an open-addressing
 * table of (key, count) pairs, the play loop's own (made for each play,
 * sized for the moves, so that the count is linear).  A count goes down
 * again when a move is taken back (variations); a key keeps its slot (with
 * count 0), so that a probe chain is never cut and a position seen again
 * finds its slot. */
typedef struct seen_entry {
	uint64_t key;
	uint32_t first;  /* the ply after which the position occurred first (count 0 -> 1) */
	uint8_t count;   /* 0: an empty slot; else 1 + the count (up to 254) */
} seen_entry;        /* one entry in one cache line: a probe touches one line */

typedef struct seen_table {
	seen_entry *slots;
	size_t mask;
} seen_table;

/* The table for `positions` positions, at most a quarter full (few probes
 * go on past their first slot).  seen_free frees it. */
static int seen_init(seen_table *t, long positions)
{
	_Static_assert(sizeof(seen_entry) == 2 * sizeof(uint64_t), "a seen_entry is two words");
	size_t size = 16;
	while (size < (size_t)positions * 4)
		size *= 2;
	free(t->slots);
	if (!(t->slots = calloc(size, sizeof *t->slots)))
		return KIFU_ENOMEM;
	t->mask = size - 1;
	return 0;
}

static void seen_free(seen_table *t)
{
	free(t->slots);
	t->slots = NULL;
}

static inline seen_entry *seen_slot(const seen_table *t, uint64_t key)
{
	size_t i = (size_t)(key ^ (key >> 29)) & t->mask;
	while (t->slots[i].count && t->slots[i].key != key)
		i = (i + 1) & t->mask;
	return &t->slots[i];
}

/* Counts key once more, reached after ply `ply`; returns its count, and
 * the ply after which it occurred first in *first (first may be NULL). */
static inline int seen_add(seen_table *t, uint64_t key, long ply, long *first)
{
	seen_entry *e = seen_slot(t, key);
	unsigned c = e->count;
	if (c <= 1) {
		/* a new slot, or a position counted 0 times again (taken back) */
		e->key = key;
		e->first = (uint32_t)ply;
		c = 1;
	}
	if (c < 255)
		c++;
	e->count = (uint8_t)c;
	if (first)
		*first = e->first;
	return (int)c - 1;
}

static int seen_count(const seen_table *t, uint64_t key)
{
	const seen_entry *e = seen_slot(t, key);
	return e->count ? e->count - 1 : 0;
}

/* Counts key once less (a move taken back). */
static void seen_remove(seen_table *t, uint64_t key)
{
	seen_entry *e = seen_slot(t, key);
	if (e->count > 1)
		e->count--;
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

/* The state of one play. */
typedef struct play {
	const kifu_record *rec;
	kifu_position *pos;
	const kifu_play_options *opt;
	kifu_validation *out;
	kifu_square_namer namer;
	seen_table seen;
	long ended_at;     /* the ply after which a side had lost its last royal */
	int ended_loser;
	long err_ply;      /* a reading error at this main-line ply (0: none) */
	const char *err, *err_move;
	long err_line, err_col;
	int fault_side;    /* the side whose move was the fault */
	bool count;        /* the moves played count in out (plies, repetition): the line
			    * out describes is being played */
	/* the variant's repetition rule (kifu_variant_repetition), and where
	 * the path stands with it: */
	kifu_repetition_rule rule;
	bool resets;       /* some move may reset the count (the rule's reset_on_*) */
	long epoch;        /* moves that reset the count so far (the keys' epoch) */
	uint64_t key;      /* the key of the position now: its own and the epoch's */
	long rep_ended;    /* the ply at which the game ended by repetition, 0 if not */
	enum kifu_result rep_result;
	const char *rep_reason;
} play;

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
	p->fault_side = KIFU_SENTE;
	p->count = count;
	kifu_variant_repetition(kifu_position_variant(pos), &p->rule);
	p->resets = p->rule.count &&
		    (p->rule.reset_on_capture || p->rule.reset_on_promotion || p->rule.reset_on_one_way);
	long err_ply = -1;
	p->err = kifu_record_error(rec, &err_ply, &p->err_line, &p->err_col, &p->err_move);
	p->err_ply = p->err && err_ply > 0 ? err_ply : 0;
}

/* The game has ended by repetition at ply p->rep_ended of line `line`: who
 * won?  A draw, unless the rule makes a side that attacked (or gave check)
 * on each of its moves since the position's first occurrence (after ply
 * `first`) lose (docs/rules.md).  Which moves were attacks is worked out
 * here, by playing the line again on a position of its own: it is needed
 * once per game at most, and costs nothing on the moves of games that do
 * not end so.  0 or KIFU_ENOMEM. */
static int repetition_result(play *p, int line, long first)
{
	long last = p->rep_ended;
	p->rep_result = KIFU_RESULT_DRAW;
	p->rep_reason = "repetition";
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
		if (kifu_record_line_move(p->rec, line, k, &m, NULL)) {
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
		p->rep_reason = p->rule.perpetual_check_only ? "perpetual-check" : "perpetual-attack";
	}
	return 0;
}

/* Notes the first fault in out: the move m at ply of line `line`. */
static void fault(play *p, int line, long ply, const kifu_record_move *m, const kifu_illegal *why,
		  int named_wrong)
{
	kifu_validation *out = p->out;
	if (!out->valid)
		return;
	out->valid = 0;
	out->variation = line;
	out->ply = ply;
	out->line = m->line;
	out->col = m->col;
	out->illegal = named_wrong ? KIFU_LEGAL : why->code;
	p->fault_side = kifu_position_side(p->pos);
	kifu__text_copy(out->move, sizeof out->move, m->text);
	if (named_wrong)
		describe_mismatch(p->pos, m, p->namer, out->reason, sizeof out->reason);
	else if (why->code == KIFU_ILL_GAME_OVER && p->ended_at)
		snprintf(out->reason, sizeof out->reason,
			 "the game ended at ply %ld when %s lost its last royal", p->ended_at,
			 side_name(p->ended_loser));
	else if (why->code == KIFU_ILL_GAME_OVER && p->rep_ended)
		snprintf(out->reason, sizeof out->reason,
			 "the game ended at ply %ld, when a position occurred for the %s time (repetition)",
			 p->rep_ended, p->rule.count == 4 ? "fourth" : "last");
	else
		kifu_illegal_describe(kifu_position_variant(p->pos), why, p->namer, out->reason,
				      sizeof out->reason);
	kifu__utf8_trim_end(out->reason); /* a reason cut short ends on a whole character */
}

/* Plays the move of global index `index`, ply `ply` of line `line`; hooks:
 * whether to call them; undo: where to keep what the move changed, or
 * NULL.  Returns 1 when the move was made, 0 when the play stops there (a
 * fault; through_illegal and a move it cannot carry out: *rc is then
 * KIFU_EILLEGAL; a hook's code in *rc). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int play_one(play *p, int line, long ply, long index, int hooks, kifu_undo *undo, bool known,
			   int *rc)
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
		fault(p, line, ply, &m, &why, named_wrong);
		if (!opt->through_illegal)
			return 0;
		if (!playable(pos, &m.move)) {
			out->stopped_line = line;
			out->stopped_ply = ply;
			*rc = KIFU_EILLEGAL;
			return 0;
		}
	}
	kifu_play_step step;
	if (hooks && (opt->before || opt->after)) {
		step = (kifu_play_step){ply, index, line, &m, legal};
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
		if ((*rc = repetition_result(p, line, first)) != 0)
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

/* Plays moves [0, count) of line `line` (whose first move is at ply
 * `start`, global index `first`).  Returns 1 to go on, 0 when the play
 * stopped (play_one). */
static int play_moves(play *p, int line, long start, long first, long count, int hooks, int *rc)
{
	/* the reader stopped before the move at err_ply: no move from there */
	long n = count;
	if (line == 0 && p->err_ply > 0 && p->err_ply - start < n)
		n = p->err_ply - start > 0 ? p->err_ply - start : 0;
	if (hooks && (p->opt->before || p->opt->after)) {
		for (long k = 0; k < n; k++)
			if (!play_one(p, line, start + k, first + k, 1, NULL, false, rc))
				return 0;
	} else {
		/* no hook to call (validation): play_one made for that */
		for (long k = 0; k < n; k++)
			if (!play_one(p, line, start + k, first + k, 0, NULL, false, rc))
				return 0;
	}
	return n == count;
}

/* ---- the end of a line ---- */

static enum kifu_result winner_other_than(int side)
{
	return side == KIFU_SENTE ? KIFU_RESULT_GOTE : KIFU_RESULT_SENTE;
}

/* The ending is at fault: its place is the ply after the last move. */
static void ending_fault(play *p, int line, const kifu_record_line_info *li, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void ending_fault(play *p, int line, const kifu_record_line_info *li, const char *fmt, ...)
{
	kifu_validation *out = p->out;
	out->valid = 0;
	out->variation = line;
	out->ply = li->start + li->count;
	out->line = li->ending_line;
	out->col = li->ending_col;
	out->illegal = KIFU_LEGAL;
	kifu__text_copy(out->move, sizeof out->move, li->ending_text);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->reason, sizeof out->reason, fmt, ap);
	va_end(ap);
	kifu__utf8_trim_end(out->reason);
}

/* Has the side to move lost, whatever it plays (1 or 0; KIFU_ENOMEM, or
 * KIFU_ELIMIT for a position with more moves than a list holds)?  No legal move; or, with a
 * check rule, it is in check and its only answers are interpositions (moves
 * of another piece than the royal onto an empty square, or drops, on the
 * line of the check), which a record counts as futile (無駄合), as tsume
 * problems do (docs/rules.md, "How a record ends"); or, with no check rule,
 * every move lets the other side take its last royal on the next. */
static int mated(kifu_position *pos, kifu_movelist *list)
{
	if (kifu_generate_legal(pos, list))
		return KIFU_ELIMIT;
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
	kifu_movelist *replies = malloc(sizeof *replies);
	if (!replies)
		return KIFU_ENOMEM;
	int lost_every_way = 1;
	kifu_move moves[KIFU_MAX_MOVES];
	int n = list->count;
	memcpy(moves, list->moves, (size_t)n * sizeof moves[0]);
	for (int i = 0; i < n && lost_every_way; i++) {
		kifu_undo u;
		kifu_make_move(pos, &moves[i], &u);
		int saved = 1;
		if (kifu_generate_legal(pos, replies)) {
			kifu_unmake_move(pos, &u);
			free(replies);
			return KIFU_ELIMIT;
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
			lost_every_way = 0;
	}
	free(replies);
	return lost_every_way;
}

/* What the ending claims of the winner, from its outcome. */
static enum kifu_result claimed_result(const kifu_ending_info *e, int mover)
{
	switch (e->outcome) {
	case KIFU_OUTCOME_MOVER_LOSES: return winner_other_than(mover);
	case KIFU_OUTCOME_MOVER_WINS: return mover == KIFU_SENTE ? KIFU_RESULT_SENTE : KIFU_RESULT_GOTE;
	case KIFU_OUTCOME_DRAW: return KIFU_RESULT_DRAW;
	case KIFU_OUTCOME_NONE: break;
	}
	return KIFU_RESULT_NONE;
}

/* Forgets what a judge said of a line's end (the walk over the variations
 * judges one line after another in one kifu_validation). */
static void clear_end(kifu_validation *out)
{
	out->end = KIFU_END_NONE;
	out->loser = 0;
	out->end_ply = 0;
	out->ending[0] = 0;
	out->ending_checked = 0;
	out->result = KIFU_RESULT_NONE;
	out->result_reason[0] = 0;
}

static void set_result(kifu_validation *out, enum kifu_result r, const char *reason)
{
	out->result = r;
	snprintf(out->result_reason, sizeof out->result_reason, "%s", reason);
}

/* Judges the end of line `line`, played whole (or up to a fault at its last
 * move): the state the rules give, and the ending's claim.  list: scratch.
 * Returns 0 or KIFU_ENOMEM. */
static int judge(play *p, int line, const kifu_record_line_info *li, kifu_movelist **list)
{
	kifu_validation *out = p->out;
	kifu_position *pos = p->pos;
	long last = li->start + li->count - 1;
	const kifu_ending_info *e = li->ending[0] ? kifu_ending_find(li->ending, strlen(li->ending)) : NULL;
	snprintf(out->ending, sizeof out->ending, "%s", li->ending);
	if (!out->valid) {
		/* a foul the record declares: its last move is illegal, and the
		 * ending says the side to move won by it (反則勝ち) */
		if (e && !strcmp(e->word, "illegal-win") && out->variation == line && out->ply == last &&
		    li->count > 0 && out->illegal != KIFU_LEGAL) {
			out->foul_ply = out->ply;
			kifu__text_copy(out->foul_move, sizeof out->foul_move, out->move);
			kifu__text_copy(out->foul_reason, sizeof out->foul_reason, out->reason);
			out->valid = 1;
			out->variation = 0;
			out->ply = out->line = out->col = 0;
			out->move[0] = out->reason[0] = 0;
			out->ending_checked = 1;
			set_result(out, winner_other_than(p->fault_side), "foul");
		} else if (e && !strcmp(e->word, "illegal-loss") && out->variation == line && out->ply == last &&
			   out->illegal != KIFU_LEGAL) {
			size_t n = strlen(out->reason);
			snprintf(out->reason + n, sizeof out->reason - n,
				 "; the record ends in %s (%s): a loss of the side to move, but the foul is "
				 "%s's last move (illegal-win would say so)", e->word, e->kif,
				 side_name(p->fault_side));
		}
		return 0;
	}
	/* how the rules leave the game (the variant's order: kifu_position_end,
	 * with repetition between no legal move and lone royals) */
	int mover = kifu_position_side(pos);
	int royal_loser = p->ended_at ? p->ended_loser : kifu_position_royal_loser(pos);
	kifu_game_end ge;
	enum kifu_game_state st = royal_loser >= 0 ? KIFU_GAME_ROYAL_LOST : kifu_position_end(pos, &ge);
	out->end_ply = last;
	if (st == KIFU_GAME_ROYAL_LOST) {
		out->end = KIFU_END_ROYAL_LOST;
		out->loser = royal_loser;
		out->end_ply = p->ended_at ? p->ended_at : last;
		set_result(out, winner_other_than(royal_loser), "royal-captured");
	} else if (st == KIFU_GAME_BARE_ROYAL) {
		out->end = KIFU_END_BARE_ROYAL;
		out->loser = !ge.winner;
		set_result(out, winner_other_than(out->loser), "bare-royal");
	} else if (st == KIFU_GAME_NO_MOVES) {
		out->end = KIFU_END_NO_MOVES;
		out->loser = mover;
		if (ge.winner >= 0)
			set_result(out, winner_other_than(mover), "no-legal-move");
	} else if (p->rep_ended) {
		out->end = KIFU_END_REPETITION;
		out->end_ply = p->rep_ended;
		out->loser = p->rep_result == KIFU_RESULT_SENTE ? KIFU_GOTE :
			     p->rep_result == KIFU_RESULT_GOTE ? KIFU_SENTE : -1;
		set_result(out, p->rep_result, p->rep_reason);
	} else if (st == KIFU_GAME_LONE_ROYALS) {
		out->end = KIFU_END_LONE_ROYALS;
		out->loser = -1;
		set_result(out, KIFU_RESULT_DRAW, "lone-royals");
	} else {
		out->end_ply = 0;
	}
	if (!e)
		return 0;
	if (!strcmp(e->word, "mate")) {
		if (out->end == KIFU_END_NONE) {
			if (!*list && !(*list = malloc(sizeof **list)))
				return KIFU_ENOMEM;
			int m = mated(pos, *list);
			if (m == KIFU_ELIMIT) {
				ending_fault(p, line, li, "the record ends in mate (%s), but the position has more "
					     "moves than can be listed (KIFU_MAX_MOVES): mate cannot be judged", e->kif);
				return 0;
			}
			if (m < 0)
				return m;
			if (!m) {
				ending_fault(p, line, li, "the record ends in mate (%s), but %s, to move, has a move that "
					     "keeps its last royal", e->kif, side_name(mover));
				return 0;
			}
			set_result(out, winner_other_than(mover), "mate");
		}
		out->ending_checked = 1;
		return 0;
	}
	if (!strcmp(e->word, "repetition")) {
		/* the variant's count (four where the variant has no rule: 千日手) */
		int need = p->rule.count ? p->rule.count : 4;
		int n = seen_count(&p->seen, p->key);
		if (n < need) {
			ending_fault(p, line, li, "the record ends in repetition (%s), but its last position has "
				     "occurred %d time%s%s: %d are needed", e->kif, n, n == 1 ? "" : "s",
				     p->rule.count ? " since the count last started afresh" : "", need);
			return 0;
		}
		out->ending_checked = 1;
		if (out->result == KIFU_RESULT_NONE)
			set_result(out, KIFU_RESULT_DRAW, "repetition");
		return 0;
	}
	if (!strcmp(e->word, "declare-win")) {
		/* the side to move declares: the variant's declaration rule */
		kifu_declaration dc;
		if (!kifu_position_declaration(pos, &dc)) {
			char why[200];
			if (!dc.points_needed)
				snprintf(why, sizeof why, "%s has no rule for declaring a win",
					 kifu_variant_name(kifu_position_variant(pos)));
			else if (!dc.royal_in_zone)
				snprintf(why, sizeof why, "%s's royal is not in the zone", side_name(mover));
			else if (dc.in_check)
				snprintf(why, sizeof why, "%s is in check", side_name(mover));
			else if (dc.pieces_in_zone < dc.pieces_needed)
				snprintf(why, sizeof why, "%s has %d pieces in the zone, %d are needed", side_name(mover),
					 dc.pieces_in_zone, dc.pieces_needed);
			else
				snprintf(why, sizeof why, "%s counts %d points, %d are needed", side_name(mover),
					 dc.points, dc.points_needed);
			ending_fault(p, line, li, "the record ends in declare-win (%s), but %s may not declare: %s",
				     e->kif, side_name(mover), why);
			return 0;
		}
		out->ending_checked = 1;
		if (out->result == KIFU_RESULT_NONE)
			set_result(out, mover == KIFU_SENTE ? KIFU_RESULT_SENTE : KIFU_RESULT_GOTE, "declaration");
		return 0;
	}
	if (!strcmp(e->word, "illegal-win")) {
		ending_fault(p, line, li, "the record ends in illegal-win (%s), but its last move is legal: "
			     "there is no foul to win by", e->kif);
		return 0;
	}
	/* a claim taken as the record gives it: resign, timeout, abort, ... */
	enum kifu_result claimed = claimed_result(e, mover);
	if (out->result != KIFU_RESULT_NONE) {
		if (claimed != KIFU_RESULT_NONE && claimed != out->result) {
			char why[120];
			switch (out->end) {
			case KIFU_END_ROYAL_LOST:
				snprintf(why, sizeof why, "%s lost its last royal at ply %ld", side_name(out->loser),
					 out->end_ply);
				break;
			case KIFU_END_NO_MOVES:
				snprintf(why, sizeof why, "%s, to move, has no legal move", side_name(out->loser));
				break;
			case KIFU_END_BARE_ROYAL:
				snprintf(why, sizeof why, "%s is left with a bare royal", side_name(out->loser));
				break;
			default:
				snprintf(why, sizeof why, "%s at ply %ld", out->result_reason, out->end_ply);
				break;
			}
			ending_fault(p, line, li, "the record ends in %s (%s), but the rules ended the game: %s",
				     e->word, e->kif, why);
		}
		return 0;
	}
	if (claimed != KIFU_RESULT_NONE)
		set_result(out, claimed, e->word);
	return 0;
}

/* ---- one line ---- */

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
	play p;
	play_init(&p, rec, pos, opt, out, true);
	long err_ply = -1;
	kifu_record_error(rec, &err_ply, NULL, NULL, NULL);

	if (p.err && err_ply == 0) {
		/* the reader's word on the record as a whole comes first: it
		 * knows where the fault is written */
		out->valid = 0;
		out->line = p.err_line;
		out->col = p.err_col;
		kifu__text_copy(out->reason, sizeof out->reason, p.err);
		return 0;
	}
	kifu_diag d;
	kifu_diag_clear(&d);
	int src = kifu_record_start(rec, pos, &d);
	if (src) {
		out->valid = 0;
		out->line = kifu_record_line(rec);
		if (src == KIFU_ESYNTAX) {
			snprintf(out->reason, sizeof out->reason, "bad sfen tag, column %ld: %s", d.col, d.message);
			kifu__utf8_trim_end(out->reason);
		} else {
			kifu__text_copy(out->reason, sizeof out->reason, d.message);
		}
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
	int rc = seen_init(&p.seen, li.start + count);
	if (!rc) {
		p.key = kifu_position_key(pos);
		seen_add(&p.seen, p.key, 0, NULL);
	}
	int going = !rc;
	for (int d_ = depth - 1; d_ > 0 && going; d_--) {
		/* the moves of an ancestor line before its child branches off */
		kifu_record_line_info x, child;
		kifu_record_get_line(rec, path[d_], &x);
		kifu_record_get_line(rec, path[d_ - 1], &child);
		long upto = child.start - x.start < x.count ? child.start - x.start : x.count;
		going = play_moves(&p, path[d_], x.start, x.first, upto, 0, &rc);
	}
	bool path_ok = going;
	if (going && opt->line_begin && (rc = opt->line_begin(opt->ctx, pos, opt->line)) != 0)
		going = 0;
	if (going)
		going = play_moves(&p, opt->line, li.start, li.first, count, 1, &rc);
	if (path != small)
		free(path);
	if (rc) {
		seen_free(&p.seen);
		return rc;
	}
	if (out->valid && p.err) {
		/* the reader stopped at a move it could not read */
		out->valid = 0;
		out->ply = p.err_ply;
		out->line = p.err_line;
		out->col = p.err_col;
		kifu__text_copy(out->move, sizeof out->move, p.err_move ? p.err_move : "");
		kifu__text_copy(out->reason, sizeof out->reason, p.err);
		seen_free(&p.seen);
		return 0;
	}
	kifu_movelist *list = NULL;
	if (opt->judge && path_ok && count == li.count)
		rc = judge(&p, opt->line, &li, &list);
	free(list);
	seen_free(&p.seen);
	if (!rc && path_ok && count == li.count && opt->line_end)
		rc = opt->line_end(opt->ctx, pos, opt->line);
	return rc;
}

/* ---- a whole record ---- */

/* The variations of each line, the latest branch first (then as begun). */
typedef struct child { long start; int line; } child;

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
	return x->line - y->line;
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
	int line;
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

/* Walks every line of play from its branch point, each move made once and
 * taken back once (linear in the record's moves, with no recursion): a
 * line's moves, its end, then its variations, the latest branch first,
 * each after the moves it replaces are taken back.  main_known: the main
 * line was played already and its first main_known moves are legal (they
 * are made unchecked, without hooks); -1: none is known. */
static int walk(play *p, long main_known)
{
	const kifu_record *rec = p->rec;
	kifu_position *pos = p->pos;
	const kifu_play_options *opt = p->opt;
	kifu_validation *out = p->out;
	int nlines = kifu_record_line_count(rec);
	long total = kifu_record_total_moves(rec);
	tree t = {NULL, NULL, NULL};
	kifu_undo *undo = malloc(((size_t)total + 1) * sizeof *undo);
	path_step *path = malloc(((size_t)total + 1) * sizeof *path);
	frame *stack = malloc(((size_t)nlines + 1) * sizeof *stack);
	kifu_movelist *list = NULL;
	int rc = !undo || !path || !stack ? KIFU_ENOMEM : tree_build(&t, rec, nlines);
	if (rc)
		goto done;
	if (kifu_record_start(rec, pos, NULL)) {
		rc = 0; /* the caller said so (kifu_play) */
		goto done;
	}
	/* the plies of a path: up to the start's move number and every move */
	if ((rc = seen_init(&p->seen, total + 1)))
		goto done;
	const uint64_t start_key = kifu_position_key(pos);
	p->key = start_key;
	p->epoch = 0;
	seen_add(&p->seen, start_key, 0, NULL);
	p->ended_at = p->rep_ended = 0;
	int depth = 0;
	long nundo = 0;
	stack[depth++] = (frame){0, 0, t.first[0], 0, false};
	while (depth > 0 && !rc) {
		frame *f = &stack[depth - 1];
		const kifu_record_line_info *li = &t.info[f->line];
		if (!f->played) {
			/* the line's own moves */
			f->played = true;
			bool known = f->line == 0 && main_known >= 0;
			bool hooks = !known;
			p->count = f->line == 0 && !known;
			if (hooks && opt->line_begin && (rc = opt->line_begin(opt->ctx, pos, f->line)))
				break;
			long n = known ? main_known : li->count;
			if (f->line == 0 && p->err_ply > 0 && p->err_ply - li->start < n)
				n = p->err_ply - li->start > 0 ? p->err_ply - li->start : 0;
			bool whole = n == li->count;
			for (long k = 0; k < n; k++) {
				long epoch = p->epoch, ply = li->start + k;
				if (!play_one(p, f->line, ply, li->first + k, hooks, &undo[nundo], known, &rc)) {
					whole = false;
					break;
				}
				path[nundo++] = (path_step){p->key, epoch, ply};
				f->made = k + 1;
			}
			if (rc)
				break;
			if (!known) {
				/* the end of the line: judged (the main line's into out;
				 * a variation's on its own, its fault copied into out) */
				bool fault_here = !out->valid && out->variation == f->line && out->ply == li->start + f->made &&
						  f->made == li->count - 1;
				if (opt->judge && (whole || fault_here)) {
					kifu_validation scratch, *real = out;
					if (f->line != 0) {
						scratch = *out;
						clear_end(&scratch);
						p->out = &scratch;
					}
					rc = judge(p, f->line, li, &list);
					p->out = real;
					if (f->line != 0 && (real->valid || fault_here) && !scratch.valid) {
						real->valid = 0;
						real->variation = scratch.variation;
						real->ply = scratch.ply;
						real->line = scratch.line;
						real->col = scratch.col;
						real->illegal = scratch.illegal;
						memcpy(real->move, scratch.move, sizeof real->move);
						memcpy(real->reason, scratch.reason, sizeof real->reason);
					} else if (f->line != 0 && fault_here && scratch.valid) {
						/* a foul the variation declares: no fault of the record */
						real->valid = 1;
						real->variation = 0;
						real->ply = real->line = real->col = 0;
						real->move[0] = real->reason[0] = 0;
						real->illegal = KIFU_LEGAL;
					}
					if (rc)
						break;
				}
				if (!out->valid && !opt->through_illegal)
					break; /* the first fault is the record's */
				if ((whole || fault_here) && opt->line_end && (rc = opt->line_end(opt->ctx, pos, f->line)))
					break;
			}
			continue;
		}
		/* its variations, the latest branch first: each from the position
		 * before the move it replaces */
		long keep = -1;
		int c = -1;
		if (f->child < t.first[f->line + 1]) {
			const child *ch = &t.children[f->child++];
			keep = ch->start - li->start;
			c = ch->line;
			if (keep < 0 || keep > f->made)
				continue; /* it branches after a move that was not made */
		} else {
			keep = 0;
		}
		/* take back the moves after the branch point (all of them when the
		 * line is done) */
		while (nundo > f->undo_base + keep) {
			const path_step *st = &path[nundo - 1];
			seen_remove(&p->seen, st->key);
			kifu_unmake_move(pos, &undo[--nundo]);
			p->epoch = st->epoch;
			p->key = nundo ? path[nundo - 1].key : start_key;
			if (p->ended_at == st->ply)
				p->ended_at = 0;
			if (p->rep_ended == st->ply)
				p->rep_ended = 0;
		}
		if (c < 0) {
			depth--;
			continue;
		}
		f->made = keep;
		stack[depth++] = (frame){c, 0, t.first[c], nundo, false};
	}
done:
	seen_free(&p->seen);
	free(list);
	free(undo);
	free(path);
	free(stack);
	tree_free(&t);
	return rc;
}

int kifu_play_all(const kifu_record *rec, kifu_position *pos, const kifu_play_options *opt,
		  kifu_validation *out)
{
	static const kifu_play_options defaults = KIFU_PLAY_OPTIONS_INIT;
	if (!opt)
		opt = &defaults;
	if (kifu_record_line_count(rec) == 1) {
		/* no variation: the walk would play the main line again, its hooks
		 * called as kifu_play calls them (writers: one play a record) */
		kifu_play_options one = *opt;
		one.line = 0;
		one.max_plies = -1;
		return kifu_play(rec, pos, &one, out);
	}
	/* the main line first, as kifu_play plays it (the record's start, a
	 * reading error, the plies, the main line's end) */
	kifu_play_options main = *opt;
	main.line = 0;
	main.max_plies = -1;
	main.line_begin = main.line_end = NULL;
	main.before = main.after = NULL;
	int rc = kifu_play(rec, pos, &main, out);
	if (rc || (!out->valid && out->ply == 0 && !out->foul_ply))
		return rc; /* no start, or the record as a whole is at fault */
	kifu_validation main_line = *out;
	memset(out, 0, sizeof *out);
	out->valid = 1;
	play p;
	play_init(&p, rec, pos, opt, out, false);
	rc = walk(&p, -1);
	/* what describes the main line comes from its own play */
	kifu_validation walked = *out;
	*out = main_line;
	if (main_line.valid && !walked.valid) {
		out->valid = 0;
		out->variation = walked.variation;
		out->ply = walked.ply;
		out->line = walked.line;
		out->col = walked.col;
		out->illegal = walked.illegal;
		memcpy(out->move, walked.move, sizeof out->move);
		memcpy(out->reason, walked.reason, sizeof out->reason);
	}
	out->played = walked.played > out->played ? walked.played : out->played;
	if (rc == KIFU_EILLEGAL) {
		out->stopped_line = walked.stopped_line;
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
	 * moves are made unchecked (with a declared foul, all but its last) */
	kifu_validation walked;
	memset(&walked, 0, sizeof walked);
	walked.valid = 1;
	play p;
	play_init(&p, rec, pos, &opt, &walked, false);
	rc = walk(&p, out->plies);
	if (!rc && !walked.valid) {
		out->valid = 0;
		out->variation = walked.variation;
		out->ply = walked.ply;
		out->line = walked.line;
		out->col = walked.col;
		out->illegal = walked.illegal;
		memcpy(out->move, walked.move, sizeof out->move);
		memcpy(out->reason, walked.reason, sizeof out->reason);
	}
	return rc;
}
