/*
 * stats_data.c - counting records for kifu-stats, and writing the counts
 * (see stats_data.h and docs/stats.md).
 */
#include "stats/stats_data.h"
#include "lib/escape.h"

#include <stdlib.h>
#include <string.h>

const char *const stats_result_keys[STATS_NRESULTS] = {"sente", "gote", "draw", "unknown"};
const char *const stats_piece_keys[STATS_NPIECE_FIELDS] = {
	"moves", "captures", "captured", "promotions", "declined", "drops"};
const char *const stats_move_keys[STATS_NMOVE_FIELDS] = {
	"captures", "promotions", "declined", "two_leg", "passes", "igui", "drops", "lion_trades",
	"counterstrikes"};
const char *const stats_rule_keys[STATS_NRULE_FIELDS] = {"royal_lost", "no_moves", "repetition"};
const char *const stats_player_keys[STATS_NPLAYER_FIELDS] = {
	"as_sente", "as_gote", "wins", "losses", "draws"};

/* The group of records whose variant is unknown and that name none, and of
 * records lost to a line too long. */
static const char unknown_variant[] = "(unknown)";


const char *const stats_total_keys[STATS_NTOTALS] = {"records", "plies", "valid", "invalid"};

void stats_init(struct stats *st)
{
	memset(st, 0, sizeof *st);
}

static void group_free(struct stats_group *g)
{
	if (!g)
		return;
	free(g->variant);
	free(g->value);
	free(g->key);
	for (size_t i = 0; i < g->nnodes; i++)
		free(g->nodes[i].key);
	free(g->nodes);
	free(g->nodes_index.slots);
	for (size_t i = 0; i < g->nendings; i++)
		free(g->endings[i].key);
	free(g->endings);
	free(g->endings_index.slots);
	free(g->hist);
	free(g->pieces); /* their names are the pool's */
	free(g->judgement);
	free(g);
}

static void names_free(struct stats_names_pool *pool)
{
	for (size_t i = 0; i < pool->cap; i++)
		free(pool->slots[i]);
	free(pool->slots);
	memset(pool, 0, sizeof *pool);
}

void stats_free(struct stats *st)
{
	for (size_t i = 0; i < st->ngroups; i++)
		group_free(st->groups[i]);
	free(st->groups);
	free(st->index.slots);
	free(st->by.spec);
	free(st->by.tag);
	names_free(&st->names);
	kifu_position_free(st->pos);
	free(st->judged.moves);
	stats_init(st);
}

int stats_set_by(struct stats *st, const char *spec, kifu_diag *diag)
{
	struct stats_by by = {NULL, NULL, 0, !strcmp(spec, "player")};
	size_t n = strcspn(spec, ":");
	for (size_t i = 0; !by.player && i < n; i++) {
		char c = spec[i];
		if (!((c >= 'a' && c <= 'z') || (i && ((c >= '0' && c <= '9') || c == '_' || c == '-'))))
			return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, (long)i + 1,
					     "a tag key is [a-z][a-z0-9_-]* (or player)");
	}
	if (!n)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 1, "expected TAG, TAG:N or player");
	if (spec[n]) {
		char *end;
		by.chars = strtol(spec + n + 1, &end, 10);
		if (by.player || *end || end == spec + n + 1 || by.chars < 1 || by.chars > STATS_MAX_BY_CHARS)
			return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, (long)n + 2,
					     "TAG:N takes the first N characters, N from 1 to %d",
					     STATS_MAX_BY_CHARS);
	}
	by.spec = strdup(spec);
	by.tag = by.player ? NULL : strndup(spec, n);
	if (!by.spec || (!by.player && !by.tag)) {
		free(by.spec);
		free(by.tag);
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	}
	free(st->by.spec);
	free(st->by.tag);
	st->by = by;
	return 0;
}

/* --- finding entries by key ---------------------------------------------------- */

/* Below this many entries a linear search is as quick as hashing. */
#define INDEX_LINEAR 8

typedef const char *(*key_at_fn)(const void *entries, size_t i);

static const char *group_key(const void *entries, size_t i)
{
	return ((struct stats_group *const *)entries)[i]->key;
}

static const char *node_key(const void *entries, size_t i)
{
	return ((const struct stats_node *)entries)[i].key;
}

static const char *count_key(const void *entries, size_t i)
{
	return ((const struct stats_count *)entries)[i].key;
}

/* FNV-1a */
static size_t hash_key(const char *s)
{
	uint64_t h = 14695981039346656037u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return (size_t)h;
}

static void index_put(struct stats_index *x, const void *entries, key_at_fn key_at, size_t i)
{
	size_t h = hash_key(key_at(entries, i)) & (x->cap - 1);
	while (x->slots[h])
		h = (h + 1) & (x->cap - 1);
	x->slots[h] = i + 1;
}

/* Makes the index fit n entries (at most half full).  0 or KIFU_ENOMEM. */
static int index_fit(struct stats_index *x, const void *entries, size_t n, key_at_fn key_at)
{
	if (n <= INDEX_LINEAR || n <= x->cap / 2)
		return 0;
	size_t cap = x->cap ? x->cap : 32;
	while (n > cap / 2)
		cap *= 2;
	size_t *slots = calloc(cap, sizeof *slots);
	if (!slots)
		return KIFU_ENOMEM;
	free(x->slots);
	x->slots = slots;
	x->cap = cap;
	for (size_t i = 0; i < n; i++)
		index_put(x, entries, key_at, i);
	return 0;
}

static void index_drop(struct stats_index *x)
{
	free(x->slots);
	x->slots = NULL;
	x->cap = 0;
}

/* The entry of the n with this key, or n if there is none.  The index must
 * fit n (index_fit). */
static size_t index_find(const struct stats_index *x, const void *entries, size_t n,
			 key_at_fn key_at, const char *key)
{
	if (!x->cap) {
		for (size_t i = 0; i < n; i++)
			if (!strcmp(key_at(entries, i), key))
				return i;
		return n;
	}
	for (size_t h = hash_key(key) & (x->cap - 1);; h = (h + 1) & (x->cap - 1)) {
		size_t e = x->slots[h];
		if (!e)
			return n;
		if (!strcmp(key_at(entries, e - 1), key))
			return e - 1;
	}
}

/* Notes entry n - 1, just appended.  0 or KIFU_ENOMEM. */
static int index_add(struct stats_index *x, const void *entries, size_t n, key_at_fn key_at)
{
	size_t cap = x->cap;
	int rc = index_fit(x, entries, n, key_at);
	if (!rc && x->cap && x->cap == cap)
		index_put(x, entries, key_at, n - 1);
	return rc;
}

/* Room for one more of n entries of size bytes in *array (doubling). */
static int grow(void **array, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return 0;
	size_t c = *cap ? *cap * 2 : 1;
	void *a = realloc(*array, c * size);
	if (!a)
		return KIFU_ENOMEM;
	*array = a;
	*cap = c;
	return 0;
}

/* A group's key: its variant, or with --by LEN:VALUE VARIANT, which no
 * two (value, variant) pairs share whatever their bytes.  NULL when out of
 * memory. */
static char *group_key_of(const char *value, const char *variant)
{
	if (!value)
		return strdup(variant);
	size_t n = strlen(value) + strlen(variant) + 24;
	char *k = malloc(n);
	if (k)
		snprintf(k, n, "%zu:%s%s", strlen(value), value, variant);
	return k;
}

/* Finds the key with the index (made to fit first); n when absent, or
 * (size_t)-1 when out of memory. */
static size_t lookup(struct stats_index *x, const void *entries, size_t n, key_at_fn key_at,
		     const char *key)
{
	if (index_fit(x, entries, n, key_at))
		return (size_t)-1;
	return index_find(x, entries, n, key_at, key);
}

struct stats_group *stats_group(struct stats *st, const char *value, const char *variant)
{
	/* the key in a buffer of the stack when it fits: no allocation per record */
	char small[256], *key = small;
	int n = value ? snprintf(small, sizeof small, "%zu:%s%s", strlen(value), value, variant) :
			snprintf(small, sizeof small, "%s", variant);
	if ((n < 0 || (size_t)n >= sizeof small) && !(key = group_key_of(value, variant)))
		return NULL;
	size_t i = lookup(&st->index, st->groups, st->ngroups, group_key, key);
	struct stats_group *g = i == (size_t)-1 ? NULL : i < st->ngroups ? st->groups[i] : NULL;
	if (g || i == (size_t)-1) {
		if (key != small)
			free(key);
		return g;
	}
	void *gs = st->groups;
	if (grow(&gs, &st->groups_cap, st->ngroups, sizeof *st->groups) ||
	    !(g = calloc(1, sizeof *g))) {
		if (key != small)
			free(key);
		return NULL;
	}
	st->groups = gs;
	g->key = key == small ? strdup(small) : key;
	g->variant = strdup(variant);
	g->value = value ? strdup(value) : NULL;
	if (!g->key || !g->variant || (value && !g->value)) {
		group_free(g);
		return NULL;
	}
	st->groups[st->ngroups++] = g;
	if (index_add(&st->index, st->groups, st->ngroups, group_key)) {
		group_free(st->groups[--st->ngroups]);
		return NULL;
	}
	return g;
}

/* The entry of key in an array of n entries of size bytes, each starting
 * with its key (a char *), indexed by x: found, or added (zeroed, a copy
 * of the key first).  NULL when out of memory. */
static void *keyed_entry(void **array, size_t *n, size_t *cap, struct stats_index *x, size_t size,
			 key_at_fn key_at, const char *key)
{
	size_t i = lookup(x, *array, *n, key_at, key);
	if (i == (size_t)-1)
		return NULL;
	if (i < *n)
		return (char *)*array + i * size;
	char *copy = strdup(key);
	if (!copy || grow(array, cap, *n, size)) {
		free(copy);
		return NULL;
	}
	char *e = (char *)*array + *n * size;
	memset(e, 0, size);
	memcpy(e, &copy, sizeof copy);
	if (index_add(x, *array, ++*n, key_at)) {
		--*n;
		free(copy);
		return NULL;
	}
	return e;
}

struct stats_count *stats_ending(struct stats_group *g, const char *word)
{
	void *es = g->endings;
	struct stats_count *c = keyed_entry(&es, &g->nendings, &g->endings_cap, &g->endings_index,
					    sizeof *g->endings, count_key, word);
	g->endings = es;
	return c;
}

struct stats_node *stats_node(struct stats_group *g, const char *key)
{
	void *ns = g->nodes;
	struct stats_node *nd = keyed_entry(&ns, &g->nnodes, &g->nodes_cap, &g->nodes_index,
					    sizeof *g->nodes, node_key, key);
	g->nodes = ns;
	return nd;
}

/* --- the sorted arrays of a group: its lengths, its pieces --------------------- */

/* Where the entry of key `want` is, or would go, in n entries of size
 * bytes sorted by the key that key_of reads (the first at or past it). */
static size_t sorted_place(const void *entries, size_t n, size_t size, uint64_t want,
			   uint64_t (*key_of)(const void *entry))
{
	const char *e = entries;
	size_t lo = 0, hi = n;
	/* most come last: a part's histogram is read in order */
	if (hi && key_of(e + (hi - 1) * size) < want)
		return hi;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (key_of(e + mid * size) < want)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A zeroed entry made at place `at` of n sorted ones (those from `at` on
 * move up one).  NULL when out of memory. */
static void *sorted_insert(void **array, size_t *n, size_t *cap, size_t size, size_t at)
{
	if (grow(array, cap, *n, size))
		return NULL;
	char *e = *array;
	memmove(e + (at + 1) * size, e + at * size, (*n - at) * size);
	memset(e + at * size, 0, size);
	(*n)++;
	return e + at * size;
}

static uint64_t length_key(const void *entry) { return ((const struct stats_length *)entry)->plies; }
static uint64_t piece_key(const void *entry) { return (uint64_t)((const struct stats_piece *)entry)->type; }

int stats_add_length(struct stats_group *g, uint64_t plies, uint64_t n)
{
	if (plies > KIFU_MAX_PLIES)
		return KIFU_EINVAL;
	size_t at = sorted_place(g->hist, g->nhist, sizeof *g->hist, plies, length_key);
	if (at == g->nhist || g->hist[at].plies != plies) {
		void *h = g->hist;
		struct stats_length *l = sorted_insert(&h, &g->nhist, &g->hist_cap, sizeof *g->hist, at);
		g->hist = h;
		if (!l)
			return KIFU_ENOMEM;
		l->plies = plies;
	}
	if (g->hist[at].n > UINT64_MAX - n)
		return KIFU_ELIMIT;
	g->hist[at].n += n;
	return 0;
}

/* The pool's copy of s, made on first use.  NULL when out of memory. */
static const char *pooled(struct stats_names_pool *pool, const char *s)
{
	if (pool->n + 1 > pool->cap / 2) {
		size_t cap = pool->cap ? pool->cap * 2 : 64;
		char **slots = calloc(cap, sizeof *slots);
		if (!slots)
			return NULL;
		for (size_t i = 0; i < pool->cap; i++) {
			if (!pool->slots[i])
				continue;
			size_t h = hash_key(pool->slots[i]) & (cap - 1);
			while (slots[h])
				h = (h + 1) & (cap - 1);
			slots[h] = pool->slots[i];
		}
		free(pool->slots);
		pool->slots = slots;
		pool->cap = cap;
	}
	size_t h = hash_key(s) & (pool->cap - 1);
	for (; pool->slots[h]; h = (h + 1) & (pool->cap - 1))
		if (!strcmp(pool->slots[h], s))
			return pool->slots[h];
	if (!(pool->slots[h] = strdup(s)))
		return NULL;
	pool->n++;
	return pool->slots[h];
}

struct stats_piece *stats_name_piece(struct stats *st, struct stats_group *g, int t, const char *id,
				     const char *name, int *rc)
{
	size_t at = sorted_place(g->pieces, g->npieces, sizeof *g->pieces, (uint64_t)t, piece_key);
	*rc = 0;
	if (at < g->npieces && g->pieces[at].type == t) {
		if (!strcmp(g->pieces[at].id, id))
			return &g->pieces[at];
		*rc = KIFU_EINVAL;
		return NULL;
	}
	*rc = KIFU_ENOMEM;
	const char *pid = pooled(&st->names, id), *pname = pooled(&st->names, name);
	void *ps = g->pieces;
	struct stats_piece *p = pid && pname ?
		sorted_insert(&ps, &g->npieces, &g->pieces_cap, sizeof *g->pieces, at) : NULL;
	g->pieces = ps;
	if (!p)
		return NULL;
	p->id = pid;
	p->name = pname;
	p->type = t;
	*rc = 0;
	return p;
}

/* A Lion taken (formats/variants.md, "lion-trading"): by a Lion, a Lion
 * trade; by another piece, in a variant with the counter-strike rule, a
 * counter-strike (the next move may take a Lion only there). */
static void count_lion_capture(uint64_t *moves, const kifu_variant *v, int mover, int taken)
{
	kifu_piece_info a, b;
	if (kifu_variant_piece(v, taken, &b) || !b.lion || kifu_variant_piece(v, mover, &a))
		return;
	kifu_variant_rules r;
	kifu_variant_get_rules(v, &r);
	if (a.lion)
		moves[STATS_M_LION_TRADES]++;
	else if (r.counter_strike)
		moves[STATS_M_COUNTER_STRIKES]++;
}

/* What one record adds, gathered while it is played: the groups it is
 * counted in (two with --by player), its moves' facts per piece type (added
 * to each group once the record is played: a group keeps only the types
 * counted for), and the moves of its opening. */
struct record_count {
	struct stats *st;
	struct stats_group *groups[2];
	int ngroups;
	uint64_t moves[STATS_NMOVE_FIELDS];
	uint64_t pieces[KIFU_MAX_TYPES][STATS_NPIECE_FIELDS];
	int types[KIFU_MAX_TYPES];      /* the types counted for, ntypes of them */
	int ntypes;
	unsigned char counted[KIFU_MAX_TYPES];
	int other_start;                /* it starts elsewhere than the variant's own start */
	int depth;                      /* plies of the opening path */
	size_t ends[STATS_MAX_OPENINGS]; /* where the path of each depth ends */
	char path[STATS_MAX_OPENINGS * 24];
};

/* The record's counts of type t (a type of the position's variant). */
static uint64_t *piece_counts(struct record_count *rc, int t)
{
	if (!rc->counted[t]) {
		rc->counted[t] = 1;
		rc->types[rc->ntypes++] = t;
		memset(rc->pieces[t], 0, sizeof rc->pieces[t]);
	}
	return rc->pieces[t];
}

/* Counts the facts of one legal move, before it is played: the moving
 * piece (the one on `from`, or the one dropped), what it captures on mid
 * and on to, a promotion, and a declined one (the move did not promote,
 * and the same move promoting would be legal). */
static void count_move_facts(struct record_count *rc, kifu_position *pos, const kifu_move *m)
{
	const kifu_variant *v = kifu_position_variant(pos);
	enum kifu_side side = kifu_position_side(pos);
	uint64_t *moves = rc->moves;
	if (m->flags & KIFU_MOVE_DROP) {
		piece_counts(rc, m->piece)[STATS_P_DROPS]++; /* below KIFU_MAX_DROP_TYPES */
		moves[STATS_M_DROPS]++;
		return;
	}
	int t = kifu_code_type(kifu_position_at(pos, m->from));
	if (t < 0 || t >= KIFU_MAX_TYPES)
		return;
	uint64_t *p = piece_counts(rc, t);
	p[STATS_P_MOVES]++;
	uint64_t caps = 0;
	/* mid, the squares a run (KIFU_MOVE_RUN) stops on past it, to; a
	 * three-leg move's mid2 */
	int squares[KIFU_MAX_DIM + 1] = {-1, -1}, n = 2;
	if (m->mid != KIFU_NO_SQUARE) {
		moves[STATS_M_TWO_LEG]++;
		int cm = kifu_position_at(pos, m->mid);
		int enemy = cm && kifu_code_side(cm) != side;
		if (m->from == m->to)
			moves[enemy ? STATS_M_IGUI : STATS_M_PASSES]++;
		squares[0] = m->mid;
	}
	if (m->to != m->from && m->to != m->mid)
		squares[1] = m->to;
	if ((m->flags & KIFU_MOVE_RUN) && m->mid != KIFU_NO_SQUARE) {
		const int files = kifu_variant_files(v);
		const int df = m->to % files - m->mid % files, dr = m->to / files - m->mid / files;
		const int step = ((dr > 0) - (dr < 0)) * files + (df > 0) - (df < 0);
		const int nsq = files * kifu_variant_ranks(v);
		for (int sq = m->mid + step; step && sq >= 0 && sq < nsq && sq != m->to && n < KIFU_MAX_DIM + 1;
		     sq += step)
			squares[n++] = sq;
	}
	if (m->flags & KIFU_MOVE_THREE_LEGS) {
		/* three legs: mid2 too */
		const int mid2 = kifu_move_mid2(m, kifu_variant_files(v), kifu_variant_ranks(v));
		if (mid2 != KIFU_NO_SQUARE && mid2 != m->to && mid2 != m->mid)
			squares[n++] = mid2;
	}
	for (int i = 0; i < n; i++) {
		if (squares[i] < 0)
			continue;
		int c = kifu_position_at(pos, squares[i]);
		int ct = kifu_code_type(c);
		if (!c || kifu_code_side(c) == side || ct < 0 || ct >= KIFU_MAX_TYPES)
			continue;
		piece_counts(rc, ct)[STATS_P_CAPTURED]++;
		caps++;
		count_lion_capture(moves, v, t, ct);
	}
	p[STATS_P_CAPTURES] += caps;
	moves[STATS_M_CAPTURES] += caps;
	if (m->flags & KIFU_MOVE_PROMOTE) {
		p[STATS_P_PROMOTIONS]++;
		moves[STATS_M_PROMOTIONS]++;
		return;
	}
	kifu_piece_info info;
	if (kifu_variant_piece(v, t, &info) == 0 && info.promotes_to >= 0) {
		kifu_move promoted = *m;
		promoted.flags |= KIFU_MOVE_PROMOTE;
		if (kifu_check_move(pos, &promoted, NULL) == 0) {
			p[STATS_P_DECLINED]++;
			moves[STATS_M_DECLINED]++;
		}
	}
}

/* Adds the record's move facts to group g, each piece type it counted for
 * named from v.  0 or KIFU_ENOMEM. */
static int add_move_facts(struct record_count *rc, struct stats_group *g, const kifu_variant *v)
{
	for (int i = 0; i < STATS_NMOVE_FIELDS; i++)
		g->moves[i] += rc->moves[i];
	for (int i = 0; i < rc->ntypes; i++) {
		int t = rc->types[i], e;
		kifu_piece_info info;
		if (kifu_variant_piece(v, t, &info))
			continue;
		struct stats_piece *p = stats_name_piece(rc->st, g, t, info.id, info.english, &e);
		if (!p)
			return KIFU_ENOMEM;
		for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
			p->n[f] += rc->pieces[t][f];
	}
	return 0;
}

/* The opening's path grows by the move of each of its first plies. */
static void add_to_path(struct record_count *rc, kifu_position *pos, const kifu_play_step *step)
{
	if (step->ply > rc->st->openings || rc->other_start)
		return;
	size_t at = rc->depth ? rc->ends[rc->depth - 1] : 0;
	if (rc->depth)
		rc->path[at++] = ' ';
	int n = kifu_compact_format_move(kifu_position_variant(pos), &step->move->move, rc->path + at,
					 sizeof rc->path - at);
	if (n < 0)
		return;
	rc->ends[rc->depth++] = at + (size_t)n;
}

static int count_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct record_count *rc = ctx;
	/* the judgement lines of its comment (stats_judgement.c) */
	if (step->move->comment && stats_judgement_note(&rc->st->judged, step->move->comment, step->ply - 1,
							kifu_position_side(pos)))
		return KIFU_ENOMEM;
	count_move_facts(rc, pos, &step->move->move);
	add_to_path(rc, pos, step);
	return 0;
}

/* Before the first move: does the record start at the variant's own
 * start?  (Its key is worked out once per variant.) */
static int look_at_start(void *ctx, kifu_position *pos, int line)
{
	struct record_count *rc = ctx;
	(void)line;
	rc->other_start = kifu_position_key(pos) != rc->st->start_key;
	return 0;
}

/* Who won: what the play loop judged, from the rules when they decided
 * the game, else from what the ending says (kifu/vocabulary.h). */
static enum stats_result result_of(const kifu_validation *val)
{
	if (!val->valid)
		return STATS_UNKNOWN;
	switch (val->outcome.winner) {
	case KIFU_RESULT_SENTE: return STATS_SENTE;
	case KIFU_RESULT_GOTE: return STATS_GOTE;
	case KIFU_RESULT_DRAW: return STATS_DRAW;
	case KIFU_RESULT_NONE: break;
	}
	return STATS_UNKNOWN;
}

static int count_record(struct stats_group *g, long plies, int valid, enum stats_result result,
			const char *ending)
{
	g->records++;
	if (valid)
		g->valid++;
	else
		g->invalid++;
	g->plies += (uint64_t)plies;
	g->results[result]++;
	struct stats_count *c = stats_ending(g, ending[0] ? ending : "none");
	if (!c)
		return KIFU_ENOMEM;
	c->n++;
	return stats_add_length(g, (uint64_t)plies, 1);
}

/* --by player: the record from the side of g's player. */
static void count_player(struct stats_group *g, const kifu_record *rec, enum stats_result result)
{
	const char *sente = kifu_record_tag(rec, "sente");
	int as_sente = !strcmp(g->value, sente ? sente : "");
	g->player[as_sente ? STATS_PL_AS_SENTE : STATS_PL_AS_GOTE]++;
	if (result == STATS_DRAW)
		g->player[STATS_PL_DRAWS]++;
	else if (result == STATS_SENTE || result == STATS_GOTE)
		g->player[(result == STATS_SENTE) == as_sente ? STATS_PL_WINS : STATS_PL_LOSSES]++;
}

/* The opening's nodes, one per ply of its path, and the records that
 * start elsewhere. */
static int count_opening(struct stats_group *g, struct record_count *rc, enum stats_result result)
{
	if (rc->other_start) {
		g->other_start++;
		return 0;
	}
	for (int d = 0; d < rc->depth; d++) {
		char saved = rc->path[rc->ends[d]];
		rc->path[rc->ends[d]] = '\0';
		struct stats_node *nd = stats_node(g, rc->path);
		rc->path[rc->ends[d]] = saved;
		if (!nd)
			return KIFU_ENOMEM;
		nd->records++;
		nd->results[result]++;
	}
	return 0;
}

/* The --by values of the record: none without --by, the tag's value (cut
 * to its first characters), or its players. */
static int by_values(const struct stats_by *by, const kifu_record *rec,
		     char vals[2][STATS_MAX_BY_BYTES + 1])
{
	if (!by->spec)
		return 0;
	if (by->player) {
		const char *s = kifu_record_tag(rec, "sente"), *g = kifu_record_tag(rec, "gote");
		s = s ? s : "";
		g = g ? g : "";
		size_t ns = escape_cut(s, STATS_MAX_BY_BYTES), ng = escape_cut(g, STATS_MAX_BY_BYTES);
		memcpy(vals[0], s, ns);
		vals[0][ns] = '\0';
		memcpy(vals[1], g, ng);
		vals[1][ng] = '\0';
		return strcmp(vals[0], vals[1]) ? 2 : 1; /* one player on both sides: once, as Sente */
	}
	const char *t = kifu_record_tag(rec, by->tag);
	size_t n = 0;
	for (long c = 0; t && t[n] && (!by->chars || c < by->chars); c++) {
		/* a character: its UTF-8 continuation bytes with it */
		n++;
		while ((t[n] & 0xC0) == 0x80)
			n++;
	}
	/* a value past the buffer is cut there, between two characters (a
	 * cut inside one would be a key no writer can write) */
	if (n > STATS_MAX_BY_BYTES)
		n = escape_cut(t, STATS_MAX_BY_BYTES);
	memcpy(vals[0], t ? t : "", n);
	vals[0][n] = '\0';
	return 1;
}

/* The record's groups into rc: (value, variant) for each --by value. */
static int find_groups(struct stats *st, const kifu_record *rec, const char *variant,
		       struct record_count *rc)
{
	static char vals[2][STATS_MAX_BY_BYTES + 1];
	int n = by_values(&st->by, rec, vals);
	rc->ngroups = n ? n : 1;
	for (int i = 0; i < rc->ngroups; i++)
		if (!(rc->groups[i] = stats_group(st, n ? vals[i] : NULL, variant)))
			return KIFU_ENOMEM;
	return 0;
}

/* --by player: the sides g's player had in rec (bit 1 Sente, bit 2 Gote);
 * 0 without --by player. */
static int player_sides(const struct stats *st, const struct stats_group *g, const kifu_record *rec)
{
	if (!st->by.player)
		return 0;
	const char *s = kifu_record_tag(rec, "sente"), *t = kifu_record_tag(rec, "gote");
	return (strcmp(g->value, s ? s : "") ? 0 : 1) | (strcmp(g->value, t ? t : "") ? 0 : 2);
}

/* Adds what was gathered of the record to each of its groups. */
static int count_in_groups(struct record_count *rc, const kifu_record *rec, long plies, int valid,
			   enum stats_result result, const char *ending)
{
	for (int i = 0; i < rc->ngroups; i++) {
		struct stats_group *g = rc->groups[i];
		int e = count_record(g, plies, valid, result, ending);
		if (!e && rc->st->by.player)
			count_player(g, rec, result);
		if (!e && rc->st->openings)
			e = count_opening(g, rc, result);
		if (!e)
			e = stats_judgement_add(&g->judgement, &rc->st->judged, plies, player_sides(rc->st, g, rec));
		if (e)
			return e;
	}
	return 0;
}

/* The key of v's own start, once per variant. */
static int own_start(struct stats *st, const kifu_variant *v)
{
	if (kifu_position_for(&st->pos, v))
		return KIFU_ENOMEM;
	if (st->start_v != v) {
		kifu_position_reset(st->pos);
		st->start_key = kifu_position_key(st->pos);
		st->start_v = v;
	}
	return 0;
}

int stats_add_record(struct stats *st, const kifu_record *rec, const kifu_variant *v)
{
	struct record_count rc;
	rc.st = st;
	rc.depth = 0;
	rc.other_start = 0;
	rc.ntypes = 0;
	memset(rc.moves, 0, sizeof rc.moves);
	memset(rc.counted, 0, sizeof rc.counted);
	st->judged.n = 0;
	if (!v) {
		const char *name = kifu_record_variant_name(rec);
		if (find_groups(st, rec, name[0] ? name : unknown_variant, &rc))
			return KIFU_ENOMEM;
		rc.other_start = 1; /* no moves to go into a tree */
		return count_in_groups(&rc, rec, 0, 0, STATS_UNKNOWN, kifu_record_ending(rec));
	}
	if (own_start(st, v) || find_groups(st, rec, kifu_variant_name(v), &rc))
		return KIFU_ENOMEM;
	/* the play loop shows each position before its move; it stops at the
	 * first illegal move */
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.before = count_move;
	opt.variation_begin = look_at_start;
	opt.ctx = &rc;
	kifu_validation val;
	rc.other_start = 1; /* a start that cannot be set: no tree */
	int e = kifu_play(rec, st->pos, &opt, &val);
	if (e)
		return e;
	for (int i = 0; i < rc.ngroups; i++)
		if (add_move_facts(&rc, rc.groups[i], v))
			return KIFU_ENOMEM;
	for (int i = 0; val.valid && i < rc.ngroups; i++) {
		struct stats_group *g = rc.groups[i];
		enum kifu_reason why = val.outcome.end == KIFU_END_RULES ? val.outcome.reason : KIFU_REASON_NONE;
		if (why == KIFU_REASON_ROYAL_CAPTURED)
			g->rules[STATS_R_ROYAL_LOST]++;
		else if (why == KIFU_REASON_MATE || why == KIFU_REASON_NO_LEGAL_MOVE)
			g->rules[STATS_R_NO_MOVES]++;
		if (val.repetition_ply)
			g->rules[STATS_R_REPETITION]++;
	}
	return count_in_groups(&rc, rec, val.plies, val.valid, result_of(&val), kifu_record_ending(rec));
}

int stats_add_lost(struct stats *st)
{
	struct stats_group *g = stats_group(st, st->by.spec ? "" : NULL, unknown_variant);
	if (!g)
		return KIFU_ENOMEM;
	if (st->openings)
		g->other_start++;
	return count_record(g, 0, 0, STATS_UNKNOWN, "");
}

/* --- writing ---------------------------------------------------------------- */

/* By --by value, then by variant. */
static int cmp_group(const void *a, const void *b)
{
	const struct stats_group *x = *(const struct stats_group *const *)a;
	const struct stats_group *y = *(const struct stats_group *const *)b;
	int c = x->value && y->value ? strcmp(x->value, y->value) : 0;
	return c ? c : strcmp(x->variant, y->variant);
}

static int cmp_count(const void *a, const void *b)
{
	return strcmp(((const struct stats_count *)a)->key, ((const struct stats_count *)b)->key);
}

/* Nodes by their moves' text: a node comes just before its subtree, since
 * the space between two moves sorts before every character of a move. */
static int cmp_node(const void *a, const void *b)
{
	return strcmp(((const struct stats_node *)a)->key, ((const struct stats_node *)b)->key);
}

/* Groups sorted by value and variant, endings by word, nodes by their
 * moves: an order that does not depend on the order the records came in.
 * The indexes of the old order are dropped (the next lookup rebuilds them). */
void stats_sort(struct stats *st)
{
	/* qsort wants a non-NULL array even when it is empty */
	if (st->ngroups > 1)
		qsort(st->groups, st->ngroups, sizeof *st->groups, cmp_group);
	index_drop(&st->index);
	for (size_t i = 0; i < st->ngroups; i++) {
		struct stats_group *g = st->groups[i];
		if (g->nendings > 1)
			qsort(g->endings, g->nendings, sizeof(struct stats_count), cmp_count);
		index_drop(&g->endings_index);
		if (g->nnodes > 1)
			qsort(g->nodes, g->nnodes, sizeof(struct stats_node), cmp_node);
		index_drop(&g->nodes_index);
	}
}

const char *const stats_length_keys[5] = {"min", "q1", "median", "q3", "max"};

/* ceil(N/4), ceil(N/2), ceil(3N/4), without overflow for any N */
void stats_lengths_begin(struct stats_lengths *l, uint64_t records)
{
	memset(l, 0, sizeof *l);
	l->rank[0] = records / 4 + (records % 4 != 0);
	l->rank[1] = records / 2 + records % 2;
	l->rank[2] = records - records / 4;
}

void stats_lengths_add(struct stats_lengths *l, uint64_t plies, uint64_t n)
{
	if (!n)
		return;
	if (!l->any)
		l->v[0] = plies;
	l->any = 1;
	l->cum += n;
	while (l->next < 3 && l->cum >= l->rank[l->next])
		l->v[1 + l->next++] = plies;
	l->v[4] = plies;
}

struct stats_lengths stats_group_lengths(const struct stats_group *g)
{
	struct stats_lengths l;
	stats_lengths_begin(&l, g->records);
	for (size_t i = 0; g->records && i < g->nhist; i++)
		stats_lengths_add(&l, g->hist[i].plies, g->hist[i].n);
	return l;
}

int stats_piece_used(const struct stats_piece *p)
{
	for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
		if (p->n[f])
			return 1;
	return 0;
}

static void emit_num(const struct stats_emitter *e, const char *key, uint64_t n)
{
	e->key(e->ctx, key);
	e->number(e->ctx, n);
}

/* The tree as a map of nodes, each keyed by its moves, in the order of
 * their text (a node before its subtree). */
static void emit_openings(const struct stats_group *g, const struct stats_emitter *e)
{
	e->key(e->ctx, "openings");
	e->begin_map(e->ctx);
	emit_num(e, "other_start", g->other_start);
	e->key(e->ctx, "nodes");
	e->begin_map(e->ctx);
	for (size_t i = 0; i < g->nnodes; i++) {
		const struct stats_node *nd = &g->nodes[i];
		e->key(e->ctx, nd->key);
		e->begin_map(e->ctx);
		emit_num(e, "records", nd->records);
		for (int r = 0; r < STATS_NRESULTS; r++)
			emit_num(e, stats_result_keys[r], nd->results[r]);
		e->end_map(e->ctx);
	}
	e->end_map(e->ctx);
	e->end_map(e->ctx);
}

static void emit_group(const struct stats *st, const struct stats_group *g,
		       const struct stats_emitter *e)
{
	e->begin_map(e->ctx);
	emit_num(e, "records", g->records);
	emit_num(e, "plies", g->plies);
	emit_num(e, "valid", g->valid);
	emit_num(e, "invalid", g->invalid);
	e->key(e->ctx, "results");
	e->begin_map(e->ctx);
	for (int i = 0; i < STATS_NRESULTS; i++)
		emit_num(e, stats_result_keys[i], g->results[i]);
	e->end_map(e->ctx);
	e->key(e->ctx, "endings");
	e->begin_map(e->ctx);
	for (size_t i = 0; i < g->nendings; i++)
		emit_num(e, g->endings[i].key, g->endings[i].n);
	e->end_map(e->ctx);
	e->key(e->ctx, "rules");
	e->begin_map(e->ctx);
	for (int i = 0; i < STATS_NRULE_FIELDS; i++)
		emit_num(e, stats_rule_keys[i], g->rules[i]);
	e->end_map(e->ctx);
	e->key(e->ctx, "length");
	e->begin_map(e->ctx);
	struct stats_lengths l = stats_group_lengths(g);
	for (int i = 0; i < 5; i++) {
		e->key(e->ctx, stats_length_keys[i]);
		if (l.any)
			e->number(e->ctx, l.v[i]);
		else
			e->null(e->ctx);
	}
	e->key(e->ctx, "histogram");
	e->begin_map(e->ctx);
	for (size_t i = 0; i < g->nhist; i++) {
		if (!g->hist[i].n)
			continue;
		char key[24];
		snprintf(key, sizeof key, "%llu", (unsigned long long)g->hist[i].plies);
		emit_num(e, key, g->hist[i].n);
	}
	e->end_map(e->ctx);
	e->end_map(e->ctx);
	e->key(e->ctx, "moves");
	e->begin_map(e->ctx);
	for (int i = 0; i < STATS_NMOVE_FIELDS; i++)
		emit_num(e, stats_move_keys[i], g->moves[i]);
	e->end_map(e->ctx);
	e->key(e->ctx, "pieces");
	e->begin_list(e->ctx);
	for (size_t i = 0; i < g->npieces; i++) {
		const struct stats_piece *p = &g->pieces[i];
		if (!stats_piece_used(p))
			continue;
		e->begin_map(e->ctx);
		e->key(e->ctx, "id");
		e->string(e->ctx, p->id);
		e->key(e->ctx, "name");
		e->string(e->ctx, p->name);
		emit_num(e, "type", (uint64_t)p->type);
		for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
			emit_num(e, stats_piece_keys[f], p->n[f]);
		e->end_map(e->ctx);
	}
	e->end_list(e->ctx);
	if (st->by.player) {
		e->key(e->ctx, "player");
		e->begin_map(e->ctx);
		for (int i = 0; i < STATS_NPLAYER_FIELDS; i++)
			emit_num(e, stats_player_keys[i], g->player[i]);
		e->end_map(e->ctx);
	}
	if (st->openings)
		emit_openings(g, e);
	stats_judgement_emit(g->judgement, st->by.player, e);
	e->end_map(e->ctx);
}

/* The groups, under "variants", or with --by under "groups": a map of
 * values, each a map of variants (the groups are sorted so). */
static void emit_groups(const struct stats *st, const struct stats_emitter *e)
{
	e->key(e->ctx, st->by.spec ? "groups" : "variants");
	e->begin_map(e->ctx);
	for (size_t i = 0; i < st->ngroups; i++) {
		const struct stats_group *g = st->groups[i];
		if (st->by.spec && (!i || strcmp(st->groups[i - 1]->value, g->value))) {
			if (i)
				e->end_map(e->ctx);
			e->key(e->ctx, g->value);
			e->begin_map(e->ctx);
		}
		e->key(e->ctx, g->variant);
		emit_group(st, g, e);
	}
	if (st->by.spec && st->ngroups)
		e->end_map(e->ctx);
	e->end_map(e->ctx);
}

void stats_emit(struct stats *st, const struct stats_emitter *e)
{
	uint64_t records = 0, plies = 0, valid = 0, invalid = 0;
	stats_sort(st);
	for (size_t i = 0; i < st->ngroups; i++) {
		records += st->groups[i]->records;
		plies += st->groups[i]->plies;
		valid += st->groups[i]->valid;
		invalid += st->groups[i]->invalid;
	}
	e->begin_map(e->ctx);
	e->key(e->ctx, "format");
	e->string(e->ctx, STATS_FORMAT);
	/* what made the part, before what it holds: --merge reads them first */
	if (st->by.spec) {
		e->key(e->ctx, "by");
		e->string(e->ctx, st->by.spec);
	}
	if (st->openings)
		emit_num(e, "openings", (uint64_t)st->openings);
	emit_num(e, "records", records);
	emit_num(e, "plies", plies);
	emit_num(e, "valid", valid);
	emit_num(e, "invalid", invalid);
	emit_groups(st, e);
	e->end_map(e->ctx);
}

/* --- JSON ------------------------------------------------------------------- */

/* The emitter's calls, as the JSON writer's (kifu/json.h). */
static void json_begin_map(void *c) { kifu_json_object(c); }
static void json_end_map(void *c) { kifu_json_object_end(c); }
static void json_begin_list(void *c) { kifu_json_array(c); }
static void json_end_list(void *c) { kifu_json_array_end(c); }
static void json_key(void *c, const char *key) { kifu_json_key(c, key); }
static void json_string(void *c, const char *s) { kifu_json_string(c, s); }
static void json_number(void *c, uint64_t n) { kifu_json_uint(c, n); }
static void json_null(void *c) { kifu_json_null(c); }

int stats_write_json(FILE *out, struct stats *st)
{
	kifu_json_writer *w;
	if (kifu_json_writer_new(&w, out, 0))
		return KIFU_ENOMEM;
	struct stats_emitter e = {w, json_begin_map, json_end_map, json_begin_list, json_end_list,
				  json_key, json_string, json_number, json_null};
	stats_emit(st, &e);
	int rc = kifu_json_writer_end(w);
	kifu_json_writer_free(w);
	return rc;
}
