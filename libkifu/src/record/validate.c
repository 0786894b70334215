/*
 * validate.c - playing a record through the rules (kifu/validate.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/compact.h"
#include "kifu/validate.h"
#include "rules/position_internal.h"

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
 * record, so that no memory is taken per record and the count is linear. */
typedef struct seen_table {
	uint64_t *keys;
	uint8_t *counts; /* 0 empty; counts stop at 4, which is all that matters */
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

int kifu_record_validate(const kifu_record *rec, kifu_position *pos, kifu_validation *out)
{
	memset(out, 0, sizeof *out);
	out->valid = 1;
	const kifu_variant *v = kifu_position_variant(pos);
	long err_ply = -1, err_line = 0, err_col = 0;
	const char *err_move = NULL;
	const char *err = kifu_record_error(rec, &err_ply, &err_line, &err_col, &err_move);

	kifu_diag d;
	kifu_diag_clear(&d);
	if (kifu_record_start(rec, pos, &d)) {
		out->valid = 0;
		out->line = kifu_record_line(rec);
		snprintf(out->reason, sizeof out->reason, "bad sfen tag, column %ld: %s", d.col, d.message);
		return 0;
	}
	if (err && err_ply == 0) {
		out->valid = 0;
		out->line = err_line;
		out->col = err_col;
		snprintf(out->reason, sizeof out->reason, "%s", err);
		return 0;
	}
	long n = kifu_record_move_count(rec);
	seen_table seen;
	if (seen_init(&seen, pos, n + 1))
		return KIFU_ENOMEM;
	long repetition = 0;
	seen_add(&seen, kifu_position_key(pos));
	long ended_at = 0;
	int ended_loser = -1;
	/* moves at or after a reading error are not played */
	long playable = err && err_ply > 0 && err_ply - 1 < n ? err_ply - 1 : n;
	for (long i = 0; i < playable; i++) {
		kifu_record_move m;
		kifu_illegal why;
		kifu_record_get_move(rec, i, &m);
		int named_wrong = named_mismatch(pos, &m);
		if (named_wrong || kifu_check_move(pos, &m.move, &why)) {
			out->valid = 0;
			out->ply = i + 1;
			out->line = m.line;
			out->col = m.col;
			snprintf(out->move, sizeof out->move, "%s", m.text);
			if (named_wrong)
				describe_mismatch(pos, &m, out->reason, sizeof out->reason);
			else if (why.code == KIFU_ILL_GAME_OVER && ended_at)
				snprintf(out->reason, sizeof out->reason,
					 "the game ended at ply %ld when %s lost its last royal",
					 ended_at, side_name(ended_loser));
			else
				kifu_illegal_describe(v, &why, kifu_compact_square_name, out->reason,
						      sizeof out->reason);
			break;
		}
		kifu_make_move(pos, &m.move, NULL);
		out->plies = i + 1;
		if (seen_add(&seen, kifu_position_key(pos)) == 4 && !repetition)
			repetition = i + 1;
		if (!ended_at && kifu_position_royal_loser(pos) >= 0) {
			ended_at = i + 1;
			ended_loser = kifu_position_royal_loser(pos);
		}
	}
	if (out->valid && err) {
		/* the reader stopped at a move it could not read */
		out->valid = 0;
		out->ply = err_ply;
		out->line = err_line;
		out->col = err_col;
		snprintf(out->move, sizeof out->move, "%s", err_move ? err_move : "");
		snprintf(out->reason, sizeof out->reason, "%s", err);
	}
	if (out->valid) {
		if (ended_at) {
			out->end = KIFU_END_ROYAL_LOST;
			out->loser = ended_loser;
			out->end_ply = ended_at;
		} else if (kifu_position_state(pos) == KIFU_GAME_NO_MOVES) {
			out->end = KIFU_END_NO_MOVES;
			out->loser = kifu_position_side(pos);
			out->end_ply = n;
		}
		out->repetition_ply = repetition;
	}
	return 0;
}
