/*
 * index_find.c - the records of an index that reach a position (index.h).
 *
 * A position is looked up by its key (index_position_key) in the positions
 * table, or by its board's hash in the boards table; what the rows name are
 * candidates only: each is replayed from its start through the play loop
 * and the position compared square by square, hand by hand, so that two
 * positions sharing a key can never be taken for each other.
 */
#include "index/index.h"
#include "lib/cli.h"
#include "lib/inputs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* --- keys, boards, SFENs ----------------------------------------------------- */

/* A mixing function (as the rules core's keys use), so that no table grows
 * with the board. */
uint64_t index_square_hash(int code, int sq)
{
	uint64_t x = ((uint64_t)code << 16 | (uint64_t)sq) + 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

uint64_t index_board_hash(const uint16_t *board, int nsq)
{
	uint64_t h = 0;
	for (int sq = 0; sq < nsq; sq++)
		if (board[sq])
			h ^= index_square_hash(board[sq], sq);
	return h;
}

void index_board_set(struct index_board *b, const kifu_position *pos)
{
	const kifu_variant *v = kifu_position_variant(pos);
	b->nsq = kifu_variant_files(v) * kifu_variant_ranks(v);
	for (int sq = 0; sq < b->nsq; sq++)
		b->sq[sq] = (uint16_t)kifu_position_at(pos, sq);
	b->hash = index_board_hash(b->sq, b->nsq);
}

void index_board_move(struct index_board *b, const kifu_position *pos, const kifu_move *m)
{
	/* only the squares the move touched changed */
	int squares[3] = {m->flags & KIFU_MOVE_DROP ? -1 : m->from, m->mid, m->to};
	for (int i = 0; i < 3; i++) {
		int sq = squares[i];
		if (sq < 0 || sq >= b->nsq)
			continue;
		int code = kifu_position_at(pos, sq);
		if (code == b->sq[sq])
			continue;
		if (b->sq[sq])
			b->hash ^= index_square_hash(b->sq[sq], sq);
		if (code)
			b->hash ^= index_square_hash(code, sq);
		b->sq[sq] = (uint16_t)code;
	}
}

/* Appends a piece's SFEN token (lowercase for Gote). */
static int put_token(char *buf, size_t size, size_t *n, const kifu_variant *v, int type, int gote)
{
	kifu_piece_info info;
	if (kifu_variant_piece(v, type, &info))
		return KIFU_ELIMIT;
	for (const char *c = info.sfen; *c; c++) {
		if (*n + 1 >= size)
			return KIFU_ELIMIT;
		buf[(*n)++] = gote ? (char)tolower((unsigned char)*c) : *c;
	}
	return 0;
}

static int put_text(char *buf, size_t size, size_t *n, const char *s)
{
	size_t len = strlen(s);
	if (*n + len + 1 >= size)
		return KIFU_ELIMIT;
	memcpy(buf + *n, s, len);
	*n += len;
	return 0;
}

int index_sfen(const kifu_position *pos, int mirrored, char *buf, size_t size)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	size_t n = 0;
	char num[16];
	for (int r = 0; r < ranks; r++) {
		if (r && put_text(buf, size, &n, "/"))
			return KIFU_ELIMIT;
		int empty = 0;
		/* an SFEN rank runs from the highest file down; mirrored, up */
		for (int i = 0; i < files; i++) {
			int f = mirrored ? i : files - 1 - i;
			int c = kifu_position_at(pos, r * files + f);
			if (!c) {
				empty++;
				continue;
			}
			snprintf(num, sizeof num, "%d", empty);
			if ((empty && put_text(buf, size, &n, num)) ||
			    put_token(buf, size, &n, v, kifu_code_type(c), kifu_code_side(c) == KIFU_GOTE))
				return KIFU_ELIMIT;
			empty = 0;
		}
		snprintf(num, sizeof num, "%d", empty);
		if (empty && put_text(buf, size, &n, num))
			return KIFU_ELIMIT;
	}
	if (put_text(buf, size, &n, kifu_position_side(pos) == KIFU_SENTE ? " b " : " w "))
		return KIFU_ELIMIT;
	int any = 0;
	for (int side = 0; side < 2; side++)
		for (int t = 0; t < kifu_variant_piece_count(v); t++) {
			int k = kifu_position_hand(pos, (enum kifu_side)side, t);
			if (!k)
				continue;
			any = 1;
			snprintf(num, sizeof num, "%d", k);
			if ((k > 1 && put_text(buf, size, &n, num)) || put_token(buf, size, &n, v, t, side))
				return KIFU_ELIMIT;
		}
	if (!any && put_text(buf, size, &n, "-"))
		return KIFU_ELIMIT;
	buf[n] = 0;
	return (int)n;
}

/* The bits of the rules core's key an index keeps: all 64, or fewer for a
 * test that makes positions share keys (index.h). */
static uint64_t key_mask = ~0ull;

void index_set_key_bits(int bits)
{
	key_mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

static int64_t masked_key(const kifu_position *pos)
{
	return (int64_t)(kifu_position_key(pos) & key_mask);
}

int64_t index_position_key(const kifu_position *pos, kifu_position **scratch)
{
	if (kifu_position_counter_strike(pos) < 0)
		return masked_key(pos);
	/* the same position with no counter-strike square: through its SFEN
	 * (only right after a Lion was taken by another piece) */
	char sfen[KIFU_SFEN_MAX];
	int n = index_sfen(pos, 0, sfen, sizeof sfen);
	if (n < 0 || kifu_position_for(scratch, kifu_position_variant(pos)) ||
	    kifu_position_set_sfen(*scratch, sfen, (size_t)n, NULL))
		return masked_key(pos);
	return masked_key(*scratch);
}

/* --- targets ------------------------------------------------------------------ */

/* One position as one variant reads it. */
struct target {
	int ok;
	int64_t key, mirror_key;
	uint64_t hash, mirror_hash;   /* of the board and of its mirror */
	uint16_t board[KIFU_MAX_SQUARES], mirror[KIFU_MAX_SQUARES];
	uint8_t hand[2][KIFU_MAX_TYPES];
	int side;
	char *sfen;                   /* index_sfen's */
};

struct index_find {
	index_db *x;
	int n;
	unsigned flags;
	struct target *targets;       /* [sfen * nvariants + variant] */
	kifu_position *pos, *scratch;
	int64_t *ids;
	long nids, cap;
	struct index_blocks_finder finder;
	/* while a record is replayed */
	const struct target *t;
	struct index_board board;
	long ply;
};

void index_find_free(index_find *f)
{
	if (!f)
		return;
	for (int i = 0; f->targets && i < f->n * f->x->nvariants; i++)
		free(f->targets[i].sfen);
	free(f->targets);
	free(f->ids);
	index_blocks_finder_free(&f->finder);
	kifu_position_free(f->pos);
	kifu_position_free(f->scratch);
	free(f);
}

/* Reads sfen as v into t.  0, or the SFEN's error (diag: its column). */
static int read_target(index_find *f, const kifu_variant *v, const char *sfen, struct target *t,
		       kifu_diag *diag)
{
	if (kifu_position_for(&f->pos, v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	int rc = kifu_position_set_sfen(f->pos, sfen, strlen(sfen), diag);
	if (rc)
		return rc;
	int files = kifu_variant_files(v), nsq = files * kifu_variant_ranks(v);
	for (int sq = 0; sq < nsq; sq++) {
		t->board[sq] = (uint16_t)kifu_position_at(f->pos, sq);
		t->mirror[sq - sq % files + (files - 1 - sq % files)] = t->board[sq];
	}
	for (int side = 0; side < 2; side++)
		for (int type = 0; type < kifu_variant_piece_count(v); type++)
			t->hand[side][type] = (uint8_t)kifu_position_hand(f->pos, (enum kifu_side)side, type);
	t->side = kifu_position_side(f->pos);
	t->hash = index_board_hash(t->board, nsq);
	t->mirror_hash = index_board_hash(t->mirror, nsq);
	t->key = index_position_key(f->pos, &f->scratch);
	char buf[KIFU_SFEN_MAX];
	int n = index_sfen(f->pos, 1, buf, sizeof buf);
	if (n < 0)
		return kifu_diag_set(diag, KIFU_ELIMIT, NULL, 0, 0, "too long an SFEN");
	if (kifu_position_for(&f->scratch, v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	/* a mirror the variant refuses is reached by no record */
	t->mirror_key = kifu_position_set_sfen(f->scratch, buf, (size_t)n, NULL) ? t->key :
			masked_key(f->scratch);
	n = index_sfen(f->pos, 0, buf, sizeof buf);
	if (n < 0 || !(t->sfen = strdup(buf)))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	t->ok = 1;
	return 0;
}

/* The variant whose reading is reported when none reads an SFEN: standard
 * shogi's if the index has it, else the first. */
static int reported(const index_db *x)
{
	int first = -1;
	for (int i = 0; i < x->nvariants; i++) {
		if (!x->variants[i].v)
			continue;
		if (!strcmp(x->variants[i].name, "shogi"))
			return i;
		if (first < 0)
			first = i;
	}
	return first;
}

static int sfen_error(const char *option, const char *sfen, const kifu_diag *d, const char *prefix)
{
	if (d->col > 0)
		cli_error("%s '%s': column %ld: %s%s%s", option, sfen, d->col, prefix, d->message,
			  *prefix ? ")" : "");
	else
		cli_error("%s '%s': %s%s%s", option, sfen, prefix, d->message, *prefix ? ")" : "");
	return cli_usage_error();
}

int index_find_new(index_find **out, index_db *x, const char *option, char *const *sfens, int n,
		   const kifu_variant *only, unsigned flags)
{
	index_find *f = calloc(1, sizeof *f);
	*out = NULL;
	if (!f || !(f->targets = calloc((size_t)(n * x->nvariants + 1), sizeof *f->targets))) {
		free(f);
		cli_error("out of memory");
		return CLI_USAGE;
	}
	f->x = x;
	f->n = n;
	f->flags = flags;
	for (int i = 0; i < n; i++) {
		int read = 0;
		kifu_diag d;
		kifu_diag_clear(&d);
		for (int vi = 0; vi < x->nvariants; vi++) {
			const kifu_variant *v = x->variants[vi].v;
			if (!v || (only && v != only))
				continue;
			int rc = read_target(f, v, sfens[i], &f->targets[i * x->nvariants + vi], NULL);
			if (rc == KIFU_ENOMEM) {
				index_find_free(f);
				cli_error("out of memory");
				return CLI_USAGE;
			}
			read += rc == 0;
		}
		if (read || !option)
			continue;
		/* nothing read it: the reading of --variant, else of the variant
		 * reported */
		int rep = only ? -1 : reported(x);
		const kifu_variant *v = only ? only : rep >= 0 ? x->variants[rep].v : NULL;
		struct target t;
		memset(&t, 0, sizeof t);
		char prefix[128] = "";
		if (!v) {
			kifu_variant_builtin(&v, "shogi", NULL);
			snprintf(prefix, sizeof prefix, "the index holds no record it can read (shogi: ");
		} else if (!only) {
			snprintf(prefix, sizeof prefix, "no variant of the index reads it (%s: ",
				 kifu_variant_name(v));
		}
		if (v && read_target(f, v, sfens[i], &t, &d) == 0) {
			/* --variant reads it, and the index has no record of that
			 * variant: no record reaches it */
			free(t.sfen);
			continue;
		}
		free(t.sfen);
		index_find_free(f);
		return sfen_error(option, sfens[i], &d, prefix);
	}
	*out = f;
	return CLI_OK;
}

/* --- candidates ----------------------------------------------------------------- */

static int add_id(index_find *f, int64_t id)
{
	if (f->nids == f->cap) {
		long cap = f->cap ? 2 * f->cap : 256;
		int64_t *ids = realloc(f->ids, (size_t)cap * sizeof *ids);
		if (!ids)
			return KIFU_ENOMEM;
		f->ids = ids;
		f->cap = cap;
	}
	f->ids[f->nids++] = id;
	return 0;
}

static int found_id(void *ctx, int64_t record)
{
	if (add_id(ctx, record)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* The records of key, in the table the finder reads. */
static int add_key(index_find *f, int64_t key)
{
	return index_blocks_find(&f->finder, key, found_id, f);
}

/* The records of the variant: --board-only without the boards table. */
static int add_variant(index_find *f, sqlite3_stmt *st, int64_t variant)
{
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, variant);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (found_id(f, sqlite3_column_int64(st, 0)))
			return CLI_USAGE;
	if (rc != SQLITE_DONE)
		return index_sql_error(f->x->db, f->x->path, "cannot read its records");
	return CLI_OK;
}

static int compare_ids(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

int index_find_candidates(index_find *f, const int64_t **ids, long *n)
{
	index_db *x = f->x;
	int board_only = (f->flags & INDEX_BOARD_ONLY) != 0, mirror = (f->flags & INDEX_MIRROR) != 0;
	sqlite3_stmt *st = NULL;
	index_blocks_finder_free(&f->finder);
	f->finder.db = x->db;
	f->finder.path = x->path;
	f->finder.table = board_only ? "boards" : "positions";
	if (board_only && !x->boards &&
	    sqlite3_prepare_v2(x->db, "SELECT id FROM records WHERE variant = ?", -1, &st, NULL) != SQLITE_OK)
		return index_sql_error(x->db, x->path, "cannot read its records");
	int status = CLI_OK;
	f->nids = 0;
	for (int i = 0; status == CLI_OK && i < f->n * x->nvariants; i++) {
		const struct target *t = &f->targets[i];
		if (!t->ok)
			continue;
		if (!board_only) {
			status = add_key(f, t->key);
			if (!status && mirror && t->mirror_key != t->key)
				status = add_key(f, t->mirror_key);
		} else if (x->boards) {
			status = add_key(f, (int64_t)t->hash);
			if (!status && mirror && t->mirror_hash != t->hash)
				status = add_key(f, (int64_t)t->mirror_hash);
		} else {
			status = add_variant(f, st, x->variants[i % x->nvariants].id);
		}
	}
	sqlite3_finalize(st);
	if (status)
		return status;
	if (f->nids)
		qsort(f->ids, (size_t)f->nids, sizeof *f->ids, compare_ids);
	long k = 0;
	for (long i = 0; i < f->nids; i++)
		if (!k || f->ids[k - 1] != f->ids[i])
			f->ids[k++] = f->ids[i];
	f->nids = k;
	*ids = f->ids;
	*n = k;
	return CLI_OK;
}

/* --- confirming ------------------------------------------------------------------- */

static const struct target *target_of(const index_find *f, int which, const kifu_variant *v)
{
	for (int vi = 0; v && vi < f->x->nvariants; vi++)
		if (f->x->variants[vi].v == v) {
			const struct target *t = &f->targets[which * f->x->nvariants + vi];
			return t->ok ? t : NULL;
		}
	return NULL;
}

int index_find_key(const index_find *f, int which, int variant, int64_t *key)
{
	const struct target *t = &f->targets[which * f->x->nvariants + variant];
	if (!t->ok)
		return 0;
	*key = t->key;
	return 1;
}

void index_find_drop(index_find *f, int which, int variant)
{
	f->targets[which * f->x->nvariants + variant].ok = 0;
}

const char *index_find_sfen(const index_find *f, int which, const kifu_variant *v)
{
	const struct target *t = target_of(f, which, v);
	return t ? t->sfen : NULL;
}

/* Is pos the target (its mirror, when mirrored), square by square? */
static int same(const index_find *f, const kifu_position *pos, int mirrored)
{
	const struct target *t = f->t;
	const uint16_t *board = mirrored ? t->mirror : t->board;
	if (f->flags & INDEX_BOARD_ONLY)
		return memcmp(f->board.sq, board, (size_t)f->board.nsq * sizeof f->board.sq[0]) == 0;
	const kifu_variant *v = kifu_position_variant(pos);
	int nsq = kifu_variant_files(v) * kifu_variant_ranks(v);
	if ((int)kifu_position_side(pos) != t->side)
		return 0;
	for (int sq = 0; sq < nsq; sq++)
		if (kifu_position_at(pos, sq) != board[sq])
			return 0;
	for (int side = 0; side < 2; side++)
		for (int type = 0; type < kifu_variant_piece_count(v); type++)
			if (kifu_position_hand(pos, (enum kifu_side)side, type) != t->hand[side][type])
				return 0;
	return 1;
}

/* 1 when the position played is the target. */
static int look(index_find *f, kifu_position *pos)
{
	const struct target *t = f->t;
	int mirror = (f->flags & INDEX_MIRROR) != 0;
	if (f->flags & INDEX_BOARD_ONLY)
		return (f->board.hash == t->hash && same(f, pos, 0)) ||
		       (mirror && f->board.hash == t->mirror_hash && same(f, pos, 1));
	int64_t key = index_position_key(pos, &f->scratch);
	return (key == t->key && same(f, pos, 0)) || (mirror && key == t->mirror_key && same(f, pos, 1));
}

static int on_begin(void *ctx, kifu_position *pos, int line)
{
	index_find *f = ctx;
	(void)line;
	f->ply = 0;
	if (f->flags & INDEX_BOARD_ONLY)
		index_board_set(&f->board, pos);
	return look(f, pos);
}

static int on_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	index_find *f = ctx;
	f->ply = step->ply;
	if (f->flags & INDEX_BOARD_ONLY)
		index_board_move(&f->board, pos, &step->move->move);
	return look(f, pos);
}

int index_find_confirm(index_find *f, int which, const kifu_record *rec, const kifu_variant *v,
		       long *ply)
{
	f->t = target_of(f, which, v);
	if (!f->t)
		return 0;
	if (kifu_position_for(&f->pos, v))
		return KIFU_ENOMEM;
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.judge = 0;
	opt.variation_begin = on_begin;
	opt.after = on_move;
	opt.ctx = f;
	kifu_validation val;
	int rc = kifu_play(rec, f->pos, &opt, &val);
	if (rc < 0)
		return rc;
	if (rc == 1)
		*ply = f->ply;
	return rc == 1;
}

/* --- kifu-select --index ----------------------------------------------------------- */

int index_each_record(const char *path, char *const *sfens, int n, unsigned flags,
		      const struct inputs_variants *vars, const struct inputs_handlers *h)
{
	index_db x;
	index_find *f = NULL;
	kifu_record *rec = NULL;
	const int64_t *ids = NULL;
	int64_t *all = NULL;
	long nids = 0;
	if (index_open(&x, path, 0, vars->set))
		return CLI_USAGE;
	int status = CLI_OK;
	if (kifu_record_new(&rec)) {
		cli_error("out of memory");
		status = CLI_USAGE;
	} else if (n > 0) {
		status = index_find_new(&f, &x, NULL, sfens, n, NULL, flags);
		if (!status)
			status = index_find_candidates(f, &ids, &nids);
	} else {
		/* no position to look up: every record */
		sqlite3_stmt *st;
		long cap = 0;
		if (sqlite3_prepare_v2(x.db, "SELECT id FROM records ORDER BY id", -1, &st, NULL))
			status = index_sql_error(x.db, path, "cannot read its records");
		int rc = SQLITE_DONE;
		while (!status && (rc = sqlite3_step(st)) == SQLITE_ROW) {
			if (nids == cap) {
				cap = cap ? 2 * cap : 1024;
				int64_t *a = realloc(all, (size_t)cap * sizeof *a);
				if (!a) {
					cli_error("out of memory");
					status = CLI_USAGE;
					break;
				}
				all = a;
			}
			all[nids++] = sqlite3_column_int64(st, 0);
		}
		if (!status && rc != SQLITE_DONE)
			status = index_sql_error(x.db, path, "cannot read its records");
		sqlite3_finalize(st);
		ids = all;
	}
	int worst = status;
	for (long i = 0; status == CLI_OK && i < nids; i++) {
		const kifu_variant *v = NULL;
		struct index_row row;
		int rc = index_load(&x, ids[i], rec, &v, &row);
		if (rc == CLI_USAGE)
			status = worst = CLI_USAGE;
		if (rc != 1)
			continue;
		int st = h->record(h->ctx, rec, v, row.number);
		if (st > worst)
			worst = st;
	}
	free(all);
	kifu_record_free(rec);
	index_find_free(f);
	index_close(&x);
	return worst;
}
