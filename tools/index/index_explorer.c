/*
 * index_explorer.c - the explorer's tables: for each position that at
 * least explorer_games records reach, the games that reach it and
 * how they went on (index_build.h; docs/index.md, "The explorer's
 * counts").
 *
 * First, as the positions table is written in key order, each key's
 * records go by: the first explorer_games (INDEX_EXPLORER_GAMES unless
 * build says) are held, and a key that has that many is one to count: its pairs (key, record) go to a temporary
 * file, and its memory is reckoned (its position and 32 moves).  Then, in
 * as many passes as that memory takes of the cache (one, for any input
 * short of millions of such positions; a pass takes the keys of one
 * residue of a hash of the key), the pairs are sorted by record
 * (index_sort.c), and each record is read back from the records table and
 * replayed from its start until it has reached all its keys.  At the first
 * ply it reaches a key, the position is compared square by square, hand by
 * hand and side to move with the position the key's first record reached
 * (of the same variant): the same, the game is counted, with its result,
 * length, date and the move it played next; not the same (two positions
 * of one key: a collision of the 64-bit key), the key is not counted at
 * all, and explore replays its records instead.  So a row of the tables
 * is never a hash's word alone: it holds the position it counts, and every
 * game in it reached that position.
 *
 * The rows go to temporary tables as each pass ends, and into the index's
 * at the end, in key order: whatever the passes, the same rows in the same
 * order (a merge makes the file a build makes).  An add counts its new
 * records into the rows of the positions counted before (read back, deleted
 * and written again), and counts afresh a position its records bring to
 * explorer_games.
 */
#include "index/index_build.h"
#include "lib/cli.h"

#include <stdlib.h>
#include <string.h>

/* Moves a position is reckoned to have, for the memory of its counts. */
#define RECKONED_MOVES 32

/* One move played from a position counted, and how its games went. */
struct move_count {
	uint64_t code; /* the move, as kifu_move_same tells moves apart */
	kifu_move move;
	long games, sente, gote, draw;
	long long plies;
	char *first, *last; /* dates, NULL if none */
};

/* A position counted: a key of one variant. */
struct node {
	int64_t key;
	int variant;           /* its id */
	int impure;            /* a game reached another position of the key first */
	int had_rows;          /* add: the key's rows were in the index */
	long same_key;         /* the next node of the key, or -1 */
	uint16_t *packed;       /* the position, as compared */
	char *sfen;            /* and as written */
	int64_t first_record;
	long games, sente, gote, draw, ended;
	struct move_count *moves;
	int nmoves, capmoves;
};

/* A pair of a key to count, in the temporary file. */
struct pair {
	int64_t key;
	uint32_t record;
	uint32_t had_rows;
};

/* A key a record reaches, while it is replayed. */
struct want {
	int64_t key;
	int had_rows;
	int seen;
};

struct index_explorer {
	sqlite3 *db;
	const char *path;
	const kifu_variant_set *set;
	const kifu_variant *const *variants; /* by id - 1 */
	int nvariants;
	int64_t old;                         /* add: records up to this were there */
	double budget, reckoned;             /* bytes: for the counts of a pass; all keys' */
	size_t per_key;
	/* the keys as they go by */
	int in_key;
	int64_t key;
	long count;
	enum { HOLDING, COUNTING, WAITING, SKIPPING } state;
	long games;                          /* what a key must have to be counted */
	int64_t *held;                       /* the first games - 1 records of a key */
	int had_rows;
	FILE *pairs;
	long long npairs;
	long keys;
	sqlite3_stmt *has_rows;
	/* a pass */
	int passes, pass;
	struct node *nodes;
	long nnodes, capnodes;
	long *slots; /* a hash of keys: the first node of each, -1 empty */
	size_t nslots;
	kifu_record *rec;
	kifu_position *pos, *scratch, *after;
	sqlite3_stmt *get_record, *put_position, *put_move, *put_key, *get_positions, *get_moves;
	/* the record replayed */
	int64_t record;
	int variant;
	const kifu_variant *v;
	long plies;
	int result; /* 0 none, 1 sente, 2 gote, 3 draw */
	char *date;
	struct want *want;
	int nwant, capwant, unseen;
	uint16_t packed[KIFU_MAX_SQUARES + 2 * KIFU_MAX_TYPES + 1];
	int failed;
};

static int no_memory(index_explorer *e)
{
	cli_error("out of memory");
	return e->failed = CLI_USAGE;
}

static int sql_error(index_explorer *e, const char *what)
{
	return e->failed = index_sql_error(e->db, e->path, what);
}

static size_t packed_size(const kifu_variant *v)
{
	return (size_t)(kifu_variant_files(v) * kifu_variant_ranks(v) + 2 * kifu_variant_piece_count(v) + 1);
}

int index_explorer_new(index_explorer **out, sqlite3 *db, const char *path, const kifu_variant_set *set,
		       const kifu_variant *const *variants, int nvariants, long games, long cache_mb,
		       int64_t old)
{
	index_explorer *e = calloc(1, sizeof *e);
	*out = e;
	if (!e) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	e->db = db;
	e->path = path;
	e->set = set;
	e->variants = variants;
	e->nvariants = nvariants;
	e->old = old;
	e->games = games;
	e->budget = (double)cache_mb * 1024 * 1024;
	size_t largest = 0;
	for (int i = 0; i < nvariants; i++)
		if (variants[i] && packed_size(variants[i]) > largest)
			largest = packed_size(variants[i]);
	e->per_key = sizeof(struct node) + 4 * largest + 2 * sizeof(long) +
		     RECKONED_MOVES * (sizeof(struct move_count) + 16);
	if (!(e->held = malloc((size_t)games * sizeof *e->held))) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (!(e->pairs = tmpfile())) {
		cli_error("%s: cannot write a temporary file (TMPDIR)", path);
		return CLI_USAGE;
	}
	if (old && sqlite3_prepare_v2(db, "SELECT 1 FROM explorer_positions WHERE key = ? LIMIT 1", -1,
				      &e->has_rows, NULL) != SQLITE_OK)
		return sql_error(e, "not a kifu index of this format");
	return CLI_OK;
}

/* --- the keys, as the positions table is written --------------------------------------- */

static int put_pair(index_explorer *e, int64_t record)
{
	struct pair x = {e->key, (uint32_t)record, (uint32_t)e->had_rows};
	if (fwrite(&x, sizeof x, 1, e->pairs) != 1) {
		cli_error("%s: cannot write a temporary file (TMPDIR)", e->path);
		return e->failed = CLI_USAGE;
	}
	e->npairs++;
	return CLI_OK;
}

/* The key is one to count, from now on. */
static int count_key(index_explorer *e)
{
	e->state = COUNTING;
	e->keys++;
	e->reckoned += (double)e->per_key;
	return CLI_OK;
}

int index_explorer_put(index_explorer *e, int64_t key, int64_t record)
{
	if (e->failed)
		return CLI_USAGE;
	if (!e->in_key || key != e->key) {
		e->in_key = 1;
		e->key = key;
		e->count = 0;
		e->had_rows = 0;
		e->state = HOLDING;
	}
	e->count++;
	switch (e->state) {
	case HOLDING:
		e->held[e->count - 1] = record;
		if (e->count < e->games)
			return CLI_OK;
		if (record <= e->old) {
			/* counted before this add, or found two positions of one
			 * key: which, when a record of this add reaches it */
			e->state = WAITING;
			return CLI_OK;
		}
		/* as many with the records of this add: all counted */
		count_key(e);
		for (long i = 0; i < e->count; i++)
			if (put_pair(e, e->held[i]))
				return CLI_USAGE;
		return CLI_OK;
	case WAITING:
		if (record <= e->old)
			return CLI_OK;
		sqlite3_reset(e->has_rows);
		sqlite3_bind_int64(e->has_rows, 1, key);
		int rc = sqlite3_step(e->has_rows);
		sqlite3_reset(e->has_rows);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			return sql_error(e, "cannot read its explorer");
		if (rc == SQLITE_DONE) {
			e->state = SKIPPING; /* two positions of one key: never counted */
			return CLI_OK;
		}
		e->had_rows = 1;
		count_key(e);
		return put_pair(e, record);
	case COUNTING:
		return put_pair(e, record);
	case SKIPPING:
		break;
	}
	return CLI_OK;
}

/* --- nodes ---------------------------------------------------------------------------- */

static uint64_t mix(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

/* The first node of key (-1: none); *slot where it is or would go. */
static long first_of(const index_explorer *e, int64_t key, size_t *slot)
{
	size_t i = (size_t)mix((uint64_t)key) & (e->nslots - 1);
	while (e->slots[i] >= 0 && e->nodes[e->slots[i]].key != key)
		i = (i + 1) & (e->nslots - 1);
	*slot = i;
	return e->slots[i];
}

static int grow_slots(index_explorer *e)
{
	size_t n = e->nslots ? 2 * e->nslots : 1024;
	long *slots = malloc(n * sizeof *slots);
	if (!slots)
		return no_memory(e);
	free(e->slots);
	e->slots = slots;
	e->nslots = n;
	for (size_t i = 0; i < n; i++)
		slots[i] = -1;
	/* a key's first node comes before the others of its key */
	for (long k = 0; k < e->nnodes; k++) {
		size_t slot;
		long first = first_of(e, e->nodes[k].key, &slot);
		if (first < 0)
			slots[slot] = k;
	}
	return CLI_OK;
}

/* A new node of key and variant, its position packed/sfen: its index, or
 * -1 out of memory. */
static long new_node(index_explorer *e, int64_t key, int variant, const uint16_t *packed, size_t len,
		     const char *sfen)
{
	if (2 * (size_t)(e->nnodes + 1) > e->nslots && grow_slots(e))
		return -1;
	if (e->nnodes == e->capnodes) {
		long cap = e->capnodes ? 2 * e->capnodes : 256;
		struct node *ns = realloc(e->nodes, (size_t)cap * sizeof *ns);
		if (!ns)
			return no_memory(e), -1;
		e->nodes = ns;
		e->capnodes = cap;
	}
	struct node *n = &e->nodes[e->nnodes];
	memset(n, 0, sizeof *n);
	n->key = key;
	n->variant = variant;
	n->same_key = -1;
	if (!(n->packed = malloc(len * sizeof *packed)) || !(n->sfen = strdup(sfen))) {
		free(n->packed);
		return no_memory(e), -1;
	}
	memcpy(n->packed, packed, len * sizeof *packed);
	size_t slot;
	long first = first_of(e, key, &slot);
	if (first < 0) {
		e->slots[slot] = e->nnodes;
	} else {
		while (e->nodes[first].same_key >= 0)
			first = e->nodes[first].same_key;
		e->nodes[first].same_key = e->nnodes;
	}
	return e->nnodes++;
}

static void free_nodes(index_explorer *e)
{
	for (long i = 0; i < e->nnodes; i++) {
		struct node *n = &e->nodes[i];
		for (int m = 0; m < n->nmoves; m++) {
			free(n->moves[m].first);
			free(n->moves[m].last);
		}
		free(n->moves);
		free(n->packed);
		free(n->sfen);
	}
	e->nnodes = 0;
	for (size_t i = 0; i < e->nslots; i++)
		e->slots[i] = -1;
}

/* The position pos as it is compared (board, hands, side to move, no
 * counter-strike square) into e->packed: its length. */
static size_t pack(index_explorer *e, const kifu_position *pos)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int nsq = kifu_variant_files(v) * kifu_variant_ranks(v), types = kifu_variant_piece_count(v);
	size_t n = 0;
	for (int sq = 0; sq < nsq; sq++)
		e->packed[n++] = (uint16_t)kifu_position_at(pos, sq);
	for (int side = 0; side < 2; side++)
		for (int t = 0; t < types; t++)
			e->packed[n++] = (uint16_t)kifu_position_hand(pos, (enum kifu_side)side, t);
	e->packed[n++] = (uint16_t)kifu_position_side(pos);
	return n;
}

static uint64_t move_code(const kifu_move *m)
{
	if (m->flags & KIFU_MOVE_DROP)
		return 1ull << 63 | (uint64_t)m->piece << 16 | m->to;
	/* (a run, KIFU_MOVE_RUN, is another move than the two legs it shares;
	 * a three-leg move, KIFU_MOVE_THREE_LEGS, names mid2 in piece) */
	const unsigned kind = m->flags & (KIFU_MOVE_PROMOTE | KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS);
	return (uint64_t)(kind & KIFU_MOVE_THREE_LEGS ? m->piece : 0) << 52 | (uint64_t)kind << 48 |
	       (uint64_t)m->from << 32 | (uint64_t)m->mid << 16 | m->to;
}

static struct move_count *move_of(index_explorer *e, struct node *n, const kifu_move *m)
{
	uint64_t code = move_code(m);
	for (int i = 0; i < n->nmoves; i++)
		if (n->moves[i].code == code)
			return &n->moves[i];
	if (n->nmoves == n->capmoves) {
		int cap = n->capmoves ? 2 * n->capmoves : 4;
		struct move_count *ms = realloc(n->moves, (size_t)cap * sizeof *ms);
		if (!ms)
			return no_memory(e), NULL;
		n->moves = ms;
		n->capmoves = cap;
	}
	struct move_count *c = &n->moves[n->nmoves++];
	memset(c, 0, sizeof *c);
	c->code = code;
	c->move = *m;
	return c;
}

/* Keeps date as *first (the least) or *last (the greatest) when it is. */
static int keep_date(index_explorer *e, char **slot, const char *date, int least)
{
	if (*slot && (least ? strcmp(date, *slot) >= 0 : strcmp(date, *slot) <= 0))
		return CLI_OK;
	char *d = strdup(date);
	if (!d)
		return no_memory(e);
	free(*slot);
	*slot = d;
	return CLI_OK;
}

static void count_result(long *sente, long *gote, long *draw, int result)
{
	sente[0] += result == 1;
	gote[0] += result == 2;
	draw[0] += result == 3;
}

/* --- loading what an add counts on ------------------------------------------------------- */

static const kifu_variant *variant_of(const index_explorer *e, int64_t id)
{
	return id >= 1 && id <= e->nvariants ? e->variants[id - 1] : NULL;
}

static int unknown_variant(index_explorer *e, int64_t id)
{
	char name[128] = "?";
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(e->db, "SELECT name FROM variants WHERE id = ?", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
			snprintf(name, sizeof name, "%s", (const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
	}
	cli_error("%s: its explorer counts records of variant '%s': give its --variant-file", e->path, name);
	return e->failed = CLI_USAGE;
}

static const char *column_text(sqlite3_stmt *st, int col)
{
	const char *s = (const char *)sqlite3_column_text(st, col);
	return s ? s : "";
}

/* The moves of node n from the index's rows. */
static int load_moves(index_explorer *e, struct node *n, const kifu_variant *v)
{
	sqlite3_stmt *st = e->get_moves;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, n->key);
	sqlite3_bind_int64(st, 2, n->variant);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *text = column_text(st, 0), *msg = NULL;
		size_t at = 0;
		kifu_move m;
		if (kifu_compact_parse_move(v, text, strlen(text), &m, &msg, &at)) {
			cli_error("%s: its explorer holds a move that does not read back ('%s')", e->path, text);
			return e->failed = CLI_USAGE;
		}
		struct move_count *c = move_of(e, n, &m);
		if (!c)
			return CLI_USAGE;
		c->games = (long)sqlite3_column_int64(st, 1);
		c->sente = (long)sqlite3_column_int64(st, 2);
		c->gote = (long)sqlite3_column_int64(st, 3);
		c->draw = (long)sqlite3_column_int64(st, 4);
		c->plies = sqlite3_column_int64(st, 5);
		if ((sqlite3_column_type(st, 6) != SQLITE_NULL && keep_date(e, &c->first, column_text(st, 6), 1)) ||
		    (sqlite3_column_type(st, 7) != SQLITE_NULL && keep_date(e, &c->last, column_text(st, 7), 0)))
			return CLI_USAGE;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? CLI_OK : sql_error(e, "cannot read its explorer");
}

/* add: the rows of key, every variant's, as nodes to count on. */
static int load_key(index_explorer *e, int64_t key)
{
	sqlite3_stmt *st = e->get_positions;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, key);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t vid = sqlite3_column_int64(st, 0);
		const kifu_variant *v = variant_of(e, vid);
		const char *sfen = column_text(st, 1);
		if (!v) {
			sqlite3_reset(st);
			return unknown_variant(e, vid);
		}
		if (kifu_position_for(&e->after, v)) {
			sqlite3_reset(st);
			return no_memory(e);
		}
		if (kifu_position_set_sfen(e->after, sfen, strlen(sfen), NULL)) {
			sqlite3_reset(st);
			cli_error("%s: its explorer holds a position that does not read back ('%s')", e->path, sfen);
			return e->failed = CLI_USAGE;
		}
		size_t len = pack(e, e->after);
		long k = new_node(e, key, (int)vid, e->packed, len, sfen);
		if (k < 0) {
			sqlite3_reset(st);
			return CLI_USAGE;
		}
		struct node *n = &e->nodes[k];
		n->had_rows = 1;
		n->first_record = sqlite3_column_int64(st, 2);
		n->games = (long)sqlite3_column_int64(st, 3);
		n->sente = (long)sqlite3_column_int64(st, 4);
		n->gote = (long)sqlite3_column_int64(st, 5);
		n->draw = (long)sqlite3_column_int64(st, 6);
		n->ended = (long)sqlite3_column_int64(st, 7);
		if (load_moves(e, &e->nodes[k], v)) {
			sqlite3_reset(st);
			return CLI_USAGE;
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? CLI_OK : sql_error(e, "cannot read its explorer");
}

/* --- a record replayed ------------------------------------------------------------------ */

/* The game reached key w at ply (pos): counted at its node. */
static int reached(index_explorer *e, const struct want *w, kifu_position *pos, long ply)
{
	size_t slot;
	long k = first_of(e, w->key, &slot);
	if (k < 0 && w->had_rows) {
		if (load_key(e, w->key))
			return CLI_USAGE;
		k = first_of(e, w->key, &slot);
	}
	while (k >= 0 && e->nodes[k].variant != e->variant)
		k = e->nodes[k].same_key;
	size_t len = pack(e, pos);
	if (k < 0) {
		/* the first game of the key and variant: its position is the one
		 * counted */
		char sfen[KIFU_SFEN_MAX];
		if (index_sfen(pos, 0, sfen, sizeof sfen) < 0) {
			cli_error("%s: record %lld: too long an SFEN", e->path, (long long)e->record);
			return e->failed = CLI_USAGE;
		}
		if ((k = new_node(e, w->key, e->variant, e->packed, len, sfen)) < 0)
			return CLI_USAGE;
		e->nodes[k].first_record = e->record;
	}
	struct node *n = &e->nodes[k];
	if (n->impure)
		return CLI_OK;
	if (memcmp(n->packed, e->packed, len * sizeof *e->packed) != 0) {
		n->impure = 1; /* another position of the same key */
		return CLI_OK;
	}
	n->games++;
	count_result(&n->sente, &n->gote, &n->draw, e->result);
	kifu_record_move m;
	if (ply >= kifu_record_move_count(e->rec) || kifu_record_get_move(e->rec, ply, &m)) {
		n->ended++;
		return CLI_OK;
	}
	struct move_count *c = move_of(e, n, &m.move);
	if (!c)
		return CLI_USAGE;
	c->games++;
	count_result(&c->sente, &c->gote, &c->draw, e->result);
	c->plies += e->plies;
	if (e->date && (keep_date(e, &c->first, e->date, 1) || keep_date(e, &c->last, e->date, 0)))
		return CLI_USAGE;
	return CLI_OK;
}

/* Is pos (at ply) one of the keys the record is replayed for?  1 when it
 * has reached them all. */
static int look(index_explorer *e, kifu_position *pos, long ply)
{
	int64_t key = index_position_key(pos, &e->scratch);
	for (int i = 0; i < e->nwant; i++) {
		struct want *w = &e->want[i];
		if (w->seen || w->key != key)
			continue;
		w->seen = 1;
		e->unseen--;
		if (reached(e, w, pos, ply))
			return KIFU_ENOMEM; /* stops the play; e->failed says why */
	}
	return e->unseen == 0;
}

static int on_begin(void *ctx, kifu_position *pos, int line)
{
	(void)line;
	return look(ctx, pos, 0);
}

static int on_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	return look(ctx, pos, step->ply);
}

/* Replays the record e->record up to the last of its keys. */
static int replay(index_explorer *e)
{
	sqlite3_stmt *st = e->get_record;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, e->record);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(st);
		if (rc == SQLITE_DONE) {
			cli_error("%s: its positions name record %lld, which it has not (damaged)", e->path,
				  (long long)e->record);
			return e->failed = CLI_USAGE;
		}
		return sql_error(e, "cannot read a record");
	}
	int64_t vid = sqlite3_column_int64(st, 0);
	e->variant = (int)vid;
	e->v = variant_of(e, vid);
	if (!e->v) {
		sqlite3_reset(st);
		return unknown_variant(e, vid);
	}
	e->plies = (long)sqlite3_column_int64(st, 1);
	const char *result = column_text(st, 2);
	e->result = !strcmp(result, "sente") ? 1 : !strcmp(result, "gote") ? 2 : !strcmp(result, "draw") ? 3 : 0;
	free(e->date);
	e->date = NULL;
	if (sqlite3_column_type(st, 3) != SQLITE_NULL && column_text(st, 3)[0] &&
	    !(e->date = strdup(column_text(st, 3)))) {
		sqlite3_reset(st);
		return no_memory(e);
	}
	const kifu_variant *found = NULL;
	rc = kifu_compact_parse(e->rec, (const char *)sqlite3_column_text(st, 4),
				(size_t)sqlite3_column_bytes(st, 4), e->path, (long)sqlite3_column_int64(st, 5),
				e->set, &found);
	sqlite3_reset(st);
	if (rc)
		return no_memory(e);
	if (kifu_record_error(e->rec, NULL, NULL, NULL, NULL) || found != e->v) {
		cli_error("%s: record %lld: its text does not read back (damaged)", e->path, (long long)e->record);
		return e->failed = CLI_USAGE;
	}
	if (kifu_position_for(&e->pos, e->v))
		return no_memory(e);
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.judge = 0;
	opt.variation_begin = on_begin;
	opt.after = on_move;
	opt.ctx = e;
	kifu_validation val;
	rc = kifu_play(e->rec, e->pos, &opt, &val);
	if (e->failed)
		return CLI_USAGE;
	if (rc < 0)
		return no_memory(e);
	if (rc != 1) {
		cli_error("%s: record %lld does not reach a position its positions table names (damaged)",
			  e->path, (long long)e->record);
		return e->failed = CLI_USAGE;
	}
	return CLI_OK;
}

/* Each pair of the pass, by record: a record's keys gathered, then it is
 * replayed. */
static int on_record_pair(void *ctx, int had_rows, int64_t key, int64_t record)
{
	index_explorer *e = ctx;
	if (e->nwant && record != e->record) {
		if (replay(e))
			return CLI_USAGE;
		e->nwant = 0;
	}
	if (e->nwant == e->capwant) {
		int cap = e->capwant ? 2 * e->capwant : 16;
		struct want *w = realloc(e->want, (size_t)cap * sizeof *w);
		if (!w)
			return no_memory(e);
		e->want = w;
		e->capwant = cap;
	}
	e->record = record;
	e->want[e->nwant].key = key;
	e->want[e->nwant].had_rows = had_rows;
	e->want[e->nwant].seen = 0;
	e->nwant++;
	e->unseen = e->nwant;
	return CLI_OK;
}

/* --- the rows ----------------------------------------------------------------------------- */

static int by_key(const void *a, const void *b)
{
	const struct node *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->variant > y->variant) - (x->variant < y->variant);
}

static void bind_date(sqlite3_stmt *st, int col, const char *date)
{
	if (date)
		sqlite3_bind_text(st, col, date, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, col);
}

/* The rows of node n into the temporary tables. */
static int put_rows(index_explorer *e, const struct node *n)
{
	const kifu_variant *v = variant_of(e, n->variant);
	sqlite3_stmt *st = e->put_position;
	sqlite3_bind_int64(st, 1, n->key);
	sqlite3_bind_int64(st, 2, n->variant);
	sqlite3_bind_text(st, 3, n->sfen, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, n->first_record);
	sqlite3_bind_int64(st, 5, n->games);
	sqlite3_bind_int64(st, 6, n->sente);
	sqlite3_bind_int64(st, 7, n->gote);
	sqlite3_bind_int64(st, 8, n->draw);
	sqlite3_bind_int64(st, 9, n->ended);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return sql_error(e, "cannot write its explorer");
	if (kifu_position_for(&e->pos, v) || kifu_position_for(&e->after, v))
		return no_memory(e);
	if (kifu_position_set_sfen(e->pos, n->sfen, strlen(n->sfen), NULL)) {
		cli_error("%s: a position of its explorer does not read back ('%s')", e->path, n->sfen);
		return e->failed = CLI_USAGE;
	}
	st = e->put_move;
	for (int i = 0; i < n->nmoves; i++) {
		const struct move_count *c = &n->moves[i];
		char text[32], leads[4096];
		kifu_position_copy(e->after, e->pos);
		kifu_make_move(e->after, &c->move, NULL);
		if (kifu_compact_format_move(v, &c->move, text, sizeof text) < 0 ||
		    index_sfen(e->after, 0, leads, sizeof leads) < 0) {
			cli_error("%s: a move of its explorer cannot be written", e->path);
			return e->failed = CLI_USAGE;
		}
		sqlite3_bind_int64(st, 1, n->key);
		sqlite3_bind_int64(st, 2, n->variant);
		sqlite3_bind_text(st, 3, text, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 4, c->games);
		sqlite3_bind_int64(st, 5, c->sente);
		sqlite3_bind_int64(st, 6, c->gote);
		sqlite3_bind_int64(st, 7, c->draw);
		sqlite3_bind_int64(st, 8, c->plies);
		bind_date(st, 9, c->first);
		bind_date(st, 10, c->last);
		sqlite3_bind_text(st, 11, leads, -1, SQLITE_STATIC);
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc != SQLITE_DONE)
			return sql_error(e, "cannot write its explorer");
	}
	return CLI_OK;
}

/* The pass's nodes, key by key: a key with an impure node has no row. */
static int write_pass(index_explorer *e)
{
	if (e->nnodes)
		qsort(e->nodes, (size_t)e->nnodes, sizeof *e->nodes, by_key);
	for (long i = 0, j; i < e->nnodes; i = j) {
		int impure = 0, had_rows = 0;
		for (j = i; j < e->nnodes && e->nodes[j].key == e->nodes[i].key; j++) {
			impure |= e->nodes[j].impure;
			had_rows |= e->nodes[j].had_rows;
		}
		if (had_rows) {
			/* its old rows go, whether new ones come or not */
			sqlite3_bind_int64(e->put_key, 1, e->nodes[i].key);
			int rc = sqlite3_step(e->put_key);
			sqlite3_reset(e->put_key);
			if (rc != SQLITE_DONE)
				return sql_error(e, "cannot write its explorer");
		}
		for (long k = i; !impure && k < j; k++)
			if (put_rows(e, &e->nodes[k]))
				return CLI_USAGE;
	}
	free_nodes(e);
	return CLI_OK;
}

/* --- the passes --------------------------------------------------------------------------- */

static int prepare(index_explorer *e)
{
	if (sqlite3_exec(e->db,
			 "CREATE TEMP TABLE explorer_positions_made AS SELECT * FROM explorer_positions WHERE 0;"
			 " CREATE TEMP TABLE explorer_moves_made AS SELECT * FROM explorer_moves WHERE 0;"
			 " CREATE TEMP TABLE explorer_keys_replaced (key INTEGER PRIMARY KEY)",
			 NULL, NULL, NULL) != SQLITE_OK)
		return sql_error(e, "cannot write its explorer");
	if (sqlite3_prepare_v2(e->db,
			       "SELECT variant, plies, result, date, compact, line FROM records WHERE id = ?", -1,
			       &e->get_record, NULL) ||
	    sqlite3_prepare_v2(e->db, "INSERT INTO explorer_positions_made VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
			       -1, &e->put_position, NULL) ||
	    sqlite3_prepare_v2(e->db,
			       "INSERT INTO explorer_moves_made VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1,
			       &e->put_move, NULL) ||
	    sqlite3_prepare_v2(e->db, "INSERT INTO explorer_keys_replaced VALUES (?)", -1, &e->put_key, NULL) ||
	    sqlite3_prepare_v2(e->db,
			       "SELECT variant, position, first_record, games, sente, gote, draw, ended"
			       " FROM explorer_positions WHERE key = ? ORDER BY variant",
			       -1, &e->get_positions, NULL) ||
	    sqlite3_prepare_v2(e->db,
			       "SELECT move, games, sente, gote, draw, plies, first_date, last_date"
			       " FROM explorer_moves WHERE key = ? AND variant = ? ORDER BY move",
			       -1, &e->get_moves, NULL))
		return sql_error(e, "not a kifu index of this format");
	if (kifu_record_new(&e->rec) || grow_slots(e))
		return no_memory(e);
	return CLI_OK;
}

/* One pass: the pairs of its keys sorted by record, each record replayed. */
static int run_pass(index_explorer *e, struct index_sorter *sorter)
{
	index_sorter_order(sorter, 1);
	rewind(e->pairs);
	struct pair x;
	for (long long i = 0; i < e->npairs; i++) {
		if (fread(&x, sizeof x, 1, e->pairs) != 1) {
			cli_error("%s: cannot read a temporary file (TMPDIR)", e->path);
			return e->failed = CLI_USAGE;
		}
		if (e->passes > 1 && (int)(mix((uint64_t)x.key) % (uint64_t)e->passes) != e->pass)
			continue;
		if (index_sorter_add(sorter, (int)x.had_rows, x.key, x.record))
			return e->failed = CLI_USAGE;
	}
	e->nwant = 0;
	if (index_sorter_finish(sorter, on_record_pair, e) || (e->nwant && replay(e)))
		return e->failed = CLI_USAGE;
	e->nwant = 0;
	return write_pass(e);
}

int index_explorer_finish(index_explorer *e, struct index_sorter *sorter)
{
	if (e->failed)
		return CLI_USAGE;
	if (fflush(e->pairs)) {
		cli_error("%s: cannot write a temporary file (TMPDIR)", e->path);
		return CLI_USAGE;
	}
	if (prepare(e))
		return CLI_USAGE;
	e->passes = e->reckoned > e->budget ? (int)(e->reckoned / e->budget) + 1 : 1;
	for (e->pass = 0; e->npairs && e->pass < e->passes; e->pass++)
		if (run_pass(e, sorter))
			return CLI_USAGE;
	index_sorter_order(sorter, 0);
	sqlite3_finalize(e->put_position);
	sqlite3_finalize(e->put_move);
	sqlite3_finalize(e->put_key);
	e->put_position = e->put_move = e->put_key = NULL;
	/* the rows of every pass in key order; an add's counted keys' old rows
	 * replaced */
	if (sqlite3_exec(e->db,
			 "DELETE FROM explorer_positions WHERE key IN (SELECT key FROM temp.explorer_keys_replaced);"
			 " DELETE FROM explorer_moves WHERE key IN (SELECT key FROM temp.explorer_keys_replaced);"
			 " INSERT INTO explorer_positions SELECT * FROM temp.explorer_positions_made"
			 "  ORDER BY key, variant;"
			 " INSERT INTO explorer_moves SELECT * FROM temp.explorer_moves_made"
			 "  ORDER BY key, variant, move;"
			 " DROP TABLE temp.explorer_positions_made; DROP TABLE temp.explorer_moves_made;"
			 " DROP TABLE temp.explorer_keys_replaced",
			 NULL, NULL, NULL) != SQLITE_OK)
		return sql_error(e, "cannot write its explorer");
	return CLI_OK;
}

void index_explorer_free(index_explorer *e)
{
	if (!e)
		return;
	if (e->nodes)
		free_nodes(e);
	free(e->nodes);
	free(e->slots);
	free(e->want);
	free(e->held);
	free(e->date);
	if (e->pairs)
		fclose(e->pairs);
	sqlite3_finalize(e->has_rows);
	sqlite3_finalize(e->get_record);
	sqlite3_finalize(e->put_position);
	sqlite3_finalize(e->put_move);
	sqlite3_finalize(e->put_key);
	sqlite3_finalize(e->get_positions);
	sqlite3_finalize(e->get_moves);
	kifu_record_free(e->rec);
	kifu_position_free(e->pos);
	kifu_position_free(e->scratch);
	kifu_position_free(e->after);
	free(e);
}
