/*
 * select_position.c - does a record's main line reach a position
 * (kifu-select --position; select.h)?
 *
 * The line is played once through the play loop.  Beside the position, the
 * hook keeps a copy of the board and a hash of it, brought up to date from
 * the squares the move touched (from, the first-leg square, to), so that
 * each ply costs a few look-ups and one comparison of hashes however large
 * the board; only a position whose board hash is a target's is compared
 * square by square (then side to move and hands), so a match is exact.
 * Mirrored targets are hashed once, when a variant first reads them.
 */
#include "select/select.h"

#include <stdlib.h>
#include <string.h>

/* One position as one variant reads it. */
struct target {
	uint16_t board[KIFU_MAX_SQUARES], mirror[KIFU_MAX_SQUARES];
	uint8_t hand[2][KIFU_MAX_TYPES];
	int side;
	uint64_t hash, mirror_hash;
};

/* The targets as one variant reads them (ok[i]: it can read SFEN i). */
struct reading {
	const kifu_variant *v;
	struct target *targets;
	char *ok;
};

struct select_positions {
	char **sfens;
	int n;
	struct reading *readings;
	int nreadings;
	kifu_position *pos;     /* for playing and for reading SFENs */
	/* while a line is played: */
	const struct reading *reading;
	unsigned flags;
	char *found;            /* found[i]: target i was reached */
	int left;               /* targets not reached yet */
	int nsq, files, ntypes;
	uint16_t board[KIFU_MAX_SQUARES];
	uint64_t hash;
};

select_positions *select_positions_new(void)
{
	return calloc(1, sizeof(select_positions));
}

void select_positions_free(select_positions *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->n; i++)
		free(p->sfens[i]);
	free(p->sfens);
	for (int i = 0; i < p->nreadings; i++) {
		free(p->readings[i].targets);
		free(p->readings[i].ok);
	}
	free(p->readings);
	free(p->found);
	kifu_position_free(p->pos);
	free(p);
}

int select_positions_add(select_positions *p, const char *sfen)
{
	char **s = realloc(p->sfens, (size_t)(p->n + 1) * sizeof *s);
	if (!s)
		return KIFU_ENOMEM;
	p->sfens = s;
	char *found = realloc(p->found, (size_t)(p->n + 1));
	if (!found)
		return KIFU_ENOMEM;
	p->found = found;
	if (!(s[p->n] = strdup(sfen)))
		return KIFU_ENOMEM;
	p->n++;
	return 0;
}

int select_positions_count(const select_positions *p)
{
	return p->n;
}

const char *select_positions_sfen(const select_positions *p, int i)
{
	return p->sfens[i];
}

/* The hash of one square's piece: a mixing function, as the library's
 * position keys use, so that no table grows with the board. */
static uint64_t square_hash(int code, int sq)
{
	uint64_t x = ((uint64_t)code << 16 | (uint64_t)sq) + 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

static uint64_t board_hash(const uint16_t *board, int nsq)
{
	uint64_t h = 0;
	for (int sq = 0; sq < nsq; sq++)
		if (board[sq])
			h ^= square_hash(board[sq], sq);
	return h;
}

/* Reads sfen as pos's variant into t.  0, or the SFEN's error. */
static int read_target(kifu_position *pos, const char *sfen, struct target *t, kifu_diag *diag)
{
	int rc = kifu_position_set_sfen(pos, sfen, strlen(sfen), diag);
	if (rc)
		return rc;
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), nsq = files * kifu_variant_ranks(v);
	for (int sq = 0; sq < nsq; sq++) {
		t->board[sq] = (uint16_t)kifu_position_at(pos, sq);
		/* the same rank, file f seen as file files + 1 - f */
		t->mirror[sq - sq % files + (files - 1 - sq % files)] = t->board[sq];
	}
	for (int side = 0; side < 2; side++)
		for (int type = 0; type < kifu_variant_piece_count(v); type++)
			t->hand[side][type] = (uint8_t)kifu_position_hand(pos, (enum kifu_side)side, type);
	t->side = kifu_position_side(pos);
	t->hash = board_hash(t->board, nsq);
	t->mirror_hash = board_hash(t->mirror, nsq);
	return 0;
}

/* The targets as v reads them, read on first use; NULL when out of memory. */
static struct reading *reading_for(select_positions *p, const kifu_variant *v)
{
	for (int i = 0; i < p->nreadings; i++)
		if (p->readings[i].v == v)
			return &p->readings[i];
	struct reading *rs = realloc(p->readings, (size_t)(p->nreadings + 1) * sizeof *rs);
	if (!rs)
		return NULL;
	p->readings = rs;
	struct reading *r = &rs[p->nreadings];
	r->v = v;
	r->targets = malloc((size_t)p->n * sizeof *r->targets);
	r->ok = malloc((size_t)p->n);
	if (!r->targets || !r->ok || kifu_position_for(&p->pos, v)) {
		free(r->targets);
		free(r->ok);
		return NULL;
	}
	for (int i = 0; i < p->n; i++)
		r->ok[i] = read_target(p->pos, p->sfens[i], &r->targets[i], NULL) == 0;
	p->nreadings++;
	return r;
}

int select_positions_check(select_positions *p, int i, const kifu_variant *v, kifu_diag *diag)
{
	struct target t;
	if (kifu_position_for(&p->pos, v))
		return KIFU_ENOMEM;
	return read_target(p->pos, p->sfens[i], &t, diag);
}

/* Is the position being played target t (its mirror, when mirrored)? */
static int same_position(const select_positions *p, const kifu_position *pos,
			 const struct target *t, int mirrored)
{
	if (memcmp(p->board, mirrored ? t->mirror : t->board, (size_t)p->nsq * sizeof p->board[0]) != 0)
		return 0;
	if (p->flags & SELECT_BOARD_ONLY)
		return 1;
	if ((int)kifu_position_side(pos) != t->side)
		return 0;
	for (int side = 0; side < 2; side++)
		for (int type = 0; type < p->ntypes; type++)
			if (kifu_position_hand(pos, (enum kifu_side)side, type) != t->hand[side][type])
				return 0;
	return 1;
}

/* Notes the targets the position is; 1 (stop playing) once all are. */
static int look(select_positions *p, const kifu_position *pos)
{
	for (int i = 0; i < p->n; i++) {
		const struct target *t = &p->reading->targets[i];
		if (p->found[i] || !p->reading->ok[i])
			continue;
		if ((p->hash == t->hash && same_position(p, pos, t, 0)) ||
		    ((p->flags & SELECT_MIRROR) && p->hash == t->mirror_hash && same_position(p, pos, t, 1))) {
			p->found[i] = 1;
			p->left--;
		}
	}
	return p->left == 0;
}

/* The start: the board copied and hashed whole, once per record. */
static int on_begin(void *ctx, kifu_position *pos, int line)
{
	select_positions *p = ctx;
	(void)line;
	for (int sq = 0; sq < p->nsq; sq++)
		p->board[sq] = (uint16_t)kifu_position_at(pos, sq);
	p->hash = board_hash(p->board, p->nsq);
	return look(p, pos);
}

/* After each move: the squares it touched, and nothing else, changed. */
static int on_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	select_positions *p = ctx;
	const kifu_move *m = &step->move->move;
	int squares[3] = {m->flags & KIFU_MOVE_DROP ? -1 : m->from, m->mid, m->to};
	for (int i = 0; i < 3; i++) {
		int sq = squares[i];
		if (sq < 0 || sq >= p->nsq)
			continue;
		int code = kifu_position_at(pos, sq);
		if (code == p->board[sq])
			continue;
		if (p->board[sq])
			p->hash ^= square_hash(p->board[sq], sq);
		if (code)
			p->hash ^= square_hash(code, sq);
		p->board[sq] = (uint16_t)code;
	}
	return look(p, pos);
}

int select_positions_match(select_positions *p, const kifu_record *rec, const kifu_variant *v,
			   unsigned flags)
{
	const struct reading *r = reading_for(p, v);
	if (!r || kifu_position_for(&p->pos, v))
		return KIFU_ENOMEM;
	p->reading = r;
	p->flags = flags;
	p->files = kifu_variant_files(v);
	p->nsq = p->files * kifu_variant_ranks(v);
	p->ntypes = kifu_variant_piece_count(v);
	p->left = 0;
	for (int i = 0; i < p->n; i++) {
		p->found[i] = 0;
		p->left += r->ok[i];
	}
	if (p->left < p->n)
		return 0; /* a position this variant cannot read is never reached */
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.judge = 0; /* where the game ends does not matter here */
	opt.variation_begin = on_begin;
	opt.after = on_move;
	opt.ctx = p;
	kifu_validation val;
	int rc = kifu_play(rec, p->pos, &opt, &val);
	if (rc < 0)
		return rc;
	return p->left == 0;
}
