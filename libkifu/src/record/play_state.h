/*
 * play_state.h - the state of one play of a record (kifu/play.h), shared by
 * the stages of the play loop: play.c plays the moves (one line, or every
 * line with the walk), play_end.c judges the end of a line.  Counting
 * positions for repetition (千日手) is here too: play.c counts them as the
 * moves are made, play_end.c asks the count a repetition claim needs.
 */
#ifndef KIFU_RECORD_PLAY_STATE_H
#define KIFU_RECORD_PLAY_STATE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/play.h"

/* ---- counting positions ---- */

/* Counting positions for fourfold repetition (千日手): an open-addressing
 * table of (key, count) pairs, the play's own (made for each play, sized
 * for the moves, so that the count is linear).  A count goes down again
 * when a move is taken back (variations); a key keeps its slot (with count
 * 0), so that a probe chain is never cut and a position seen again finds
 * its slot. */
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
static inline int seen_init(seen_table *t, long positions)
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

static inline void seen_free(seen_table *t)
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

static inline int seen_count(const seen_table *t, uint64_t key)
{
	const seen_entry *e = seen_slot(t, key);
	return e->count ? e->count - 1 : 0;
}

/* Counts key once less (a move taken back). */
static inline void seen_remove(seen_table *t, uint64_t key)
{
	seen_entry *e = seen_slot(t, key);
	if (e->count > 1)
		e->count--;
}

/* ---- a play ---- */

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
	enum kifu_reason rep_reason;
} play;

const char *kifu__side_name(int side);

/* Clears an outcome: no end. */
void kifu__outcome_clear(kifu_game_outcome *o);

/* Judges the end of line `variation` (li), played whole or up to a fault
 * at its last move, into p->out: the state the rules give, and the ending's
 * claim (play_end.c).  *list: scratch for move lists, allocated on first
 * need (the caller frees it).  Returns 0 or KIFU_ENOMEM. */
/* The judge's scratch: the legal moves of the last position and, for a
 * mate with no check rule, the replies to each (kept from line to line,
 * freed with judge_lists_free). */
typedef struct judge_lists {
	kifu_moves moves, replies;
} judge_lists;
#define JUDGE_LISTS_INIT {KIFU_MOVES_INIT, KIFU_MOVES_INIT}

static inline void judge_lists_free(judge_lists *l)
{
	kifu_moves_free(&l->moves);
	kifu_moves_free(&l->replies);
}

int kifu__judge(play *p, int variation, const kifu_record_line_info *li, judge_lists *lists);

#endif
