/*
 * position.c - positions: made, copied, set from an SFEN (read by sfen.c)
 * or the variant's start, written as an SFEN, and what they hold.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules/position_internal.h"
#include "rules/sfen.h"

/* Sets p, a position of its variant, to what an SFEN states: the board, the
 * hands and the rest (the scratch is left as it is). */
static void position_set(struct kifu_position *p, const sfen_setup *s)
{
	const struct kifu_variant *v = p->v;
	p->files = v->files;
	p->ranks = v->ranks;
	p->nsq = v->files * v->ranks;
	p->side = s->side;
	p->ply = s->ply;
	p->loser = s->loser;
	p->cs = s->cs;
	memcpy(p->nroyal, s->nroyal, sizeof p->nroyal);
	memcpy(p->royal_sq, s->royal_sq, sizeof p->royal_sq);
	memcpy(p->board, s->board, sizeof p->board);
	memcpy(p->occ, s->occ, sizeof p->occ);
	memcpy(p->sliders, s->sliders, sizeof p->sliders);
	memcpy(p->hand, s->hand, sizeof p->hand);
	p->key = s->key;
	p->check = -1;
	p->safe = 0;
	memset(&p->approved, 0, sizeof p->approved);
	p->approved_safe = false;
}

int kifu_position_new(kifu_position **out, const kifu_variant *v)
{
	*out = NULL;
	struct kifu_position *p = calloc(1, sizeof *p);
	if (!p)
		return KIFU_ENOMEM;
	p->v = v;
	kifu_position_reset(p);
	*out = p;
	return 0;
}

int kifu_position_for(kifu_position **pos, const kifu_variant *v)
{
	if (*pos && (*pos)->v == v)
		return 0;
	kifu_position_free(*pos);
	*pos = NULL;
	return kifu_position_new(pos, v);
}

void kifu_position_free(kifu_position *pos)
{
	if (pos)
		for (int d = 0; d <= MAX_MATE_DEPTH; d++)
			free(pos->mate_lists[d]);
	free(pos);
}

void kifu_position_copy(kifu_position *dst, const kifu_position *src)
{
	memcpy(dst, src, POSITION_STATE_SIZE);
}

void kifu_position_reset(kifu_position *pos)
{
	/* the start was read when the variant was loaded */
	position_set(pos, &pos->v->start_setup);
}

int kifu_position_set_sfen(kifu_position *pos, const char *sfen, size_t len, kifu_diag *diag)
{
	sfen_setup s;
	int rc = kifu__sfen_parse(pos->v, sfen, len, &s, diag);
	if (!rc)
		position_set(pos, &s);
	return rc;
}

/* The SFEN being written: text appended by hand, no printf (kifu-replay
 * writes one into every picture it draws). */
struct sfen_text {
	char tmp[KIFU_SFEN_MAX];
	size_t n;
	bool full;
};

static void sfen_char(struct sfen_text *t, char c)
{
	if (t->n + 1 < sizeof t->tmp)
		t->tmp[t->n++] = c;
	else
		t->full = true;
}

static void sfen_number(struct sfen_text *t, long v)
{
	char digits[24];
	int i = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do
		digits[i++] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		sfen_char(t, '-');
	while (i)
		sfen_char(t, digits[--i]);
}

/* A piece's token, lowercase for Gote. */
static void sfen_token(struct sfen_text *t, const char *tok, bool gote)
{
	for (; *tok; tok++)
		sfen_char(t, gote ? (char)tolower((unsigned char)*tok) : *tok);
}

int kifu_position_sfen(const kifu_position *pos, char *buf, size_t size)
{
	const struct kifu_variant *v = pos->v;
	struct sfen_text t;
	t.n = 0;
	t.full = false;
	for (int r = 0; r < v->ranks; r++) {
		if (r)
			sfen_char(&t, '/');
		int empty = 0;
		for (int f = v->files - 1; f >= 0; f--) {
			int c = pos->board[r * v->files + f];
			if (!c) {
				empty++;
				continue;
			}
			if (empty)
				sfen_number(&t, empty);
			empty = 0;
			sfen_token(&t, v->types[kifu_code_type(c)].desc.sfen, kifu_code_side(c) == KIFU_GOTE);
		}
		if (empty)
			sfen_number(&t, empty);
	}
	sfen_char(&t, ' ');
	sfen_char(&t, pos->side == KIFU_SENTE ? 'b' : 'w');
	sfen_char(&t, ' ');
	bool any = false;
	if (v->counter_strike != CS_NONE && pos->cs != KIFU_NO_SQUARE) {
		/* field 3: the counter-strike square, as lishogi writes it */
		sfen_number(&t, v->file_of[pos->cs] + 1);
		char letters[2];
		int n = kifu_rank_letters(v->rank_of[pos->cs] + 1, letters);
		for (int i = 0; i < n; i++)
			sfen_char(&t, letters[i]);
		any = true;
	}
	for (int side = 0; side < 2; side++)
		for (int type = 0; type < v->ntypes; type++) {
			int k = pos->hand[side][type];
			if (!k)
				continue;
			any = true;
			if (k > 1)
				sfen_number(&t, k);
			sfen_token(&t, v->types[type].desc.sfen, side == KIFU_GOTE);
		}
	if (!any)
		sfen_char(&t, '-');
	sfen_char(&t, ' ');
	sfen_number(&t, pos->ply);
	if (t.full || t.n + 1 > size)
		return KIFU_ELIMIT;
	memcpy(buf, t.tmp, t.n);
	buf[t.n] = '\0';
	return (int)t.n;
}

const kifu_variant *kifu_position_variant(const kifu_position *pos) { return pos->v; }
enum kifu_side kifu_position_side(const kifu_position *pos) { return (enum kifu_side)pos->side; }
long kifu_position_movenumber(const kifu_position *pos) { return pos->ply; }

int kifu_position_at(const kifu_position *pos, int sq)
{
	return sq >= 0 && sq < pos->nsq ? pos->board[sq] : 0;
}

/* Is a board code side's, of a type whose names agree with the row's? */
static inline bool found_at(int c, enum kifu_side side, const uint64_t *agree)
{
	int b = kifu_code_type(c);
	return c && kifu_code_side(c) == side && (agree[b >> 6] >> (b & 63) & 1);
}

int kifu_position_find(const kifu_position *pos, enum kifu_side side, int t, uint16_t *out, int max)
{
	const struct kifu_variant *v = pos->v;
	if (t < 0 || t >= v->ntypes)
		return 0;
	/* the row of t (kifu__names_same), with t itself set */
	uint64_t agree[(KIFU_MAX_TYPES + 63) / 64];
	int words = (v->ntypes + 63) / 64;
	memcpy(agree, v->same_names[t], (size_t)words * sizeof *agree);
	agree[t >> 6] |= (uint64_t)1 << (t & 63);
	int n = 0;
	if (v->bitboards) {
		bb128 own = pos->occ[side];
		while (bb_any(own) && n < max) {
			int sq = bb_pop(&own);
			if (found_at(pos->board[sq], side, agree))
				out[n++] = (uint16_t)sq;
		}
		return n;
	}
	for (int sq = 0; sq < pos->nsq && n < max; sq++)
		if (found_at(pos->board[sq], side, agree))
			out[n++] = (uint16_t)sq;
	return n;
}

int kifu_position_hand(const kifu_position *pos, enum kifu_side side, int t)
{
	return t >= 0 && t < pos->v->ntypes ? pos->hand[side][t] : 0;
}

int kifu_position_royals(const kifu_position *pos, enum kifu_side side)
{
	return pos->nroyal[side];
}

uint64_t kifu_position_key(const kifu_position *pos) { return pos->key; }

int kifu_position_royal_loser(const kifu_position *pos)
{
	return pos->loser;
}

int kifu_position_counter_strike(const kifu_position *pos)
{
	return pos->cs == KIFU_NO_SQUARE ? -1 : pos->cs;
}

int kifu_move_mid2(const kifu_move *m, int files, int ranks)
{
	const int nsq = files * ranks;
	if (!(m->flags & KIFU_MOVE_THREE_LEGS) || m->piece > 8 || m->piece == 4 || m->mid >= nsq || files <= 0)
		return KIFU_NO_SQUARE;
	const int f = m->mid % files + m->piece % 3 - 1, r = m->mid / files + m->piece / 3 - 1;
	if (f < 0 || f >= files || r < 0 || r >= ranks)
		return KIFU_NO_SQUARE;
	return r * files + f;
}

int kifu_move_set_mid2(kifu_move *m, int mid2, int files, int ranks)
{
	const int nsq = files * ranks;
	if (files <= 0 || m->mid >= nsq || mid2 < 0 || mid2 >= nsq)
		return KIFU_EINVAL;
	const int df = mid2 % files - m->mid % files, dr = mid2 / files - m->mid / files;
	if (df < -1 || df > 1 || dr < -1 || dr > 1 || (!df && !dr))
		return KIFU_EINVAL;
	m->flags |= KIFU_MOVE_THREE_LEGS;
	m->piece = (uint8_t)((dr + 1) * 3 + df + 1);
	return 0;
}
