/*
 * stats_data.c - counting records for kifu-stats, and writing the counts
 * (see stats_data.h and docs/stats.md).
 */
#include "stats_data.h"
#include "inputs.h"

#include <stdlib.h>
#include <string.h>

const char *const stats_result_keys[STATS_NRESULTS] = {"sente", "gote", "draw", "unknown"};
const char *const stats_piece_keys[STATS_NPIECE_FIELDS] = {
	"moves", "captures", "captured", "promotions", "declined", "drops"};
const char *const stats_move_keys[STATS_NMOVE_FIELDS] = {
	"captures", "promotions", "declined", "two_leg", "passes", "igui", "drops", "lion_trades",
	"counterstrikes"};
const char *const stats_rule_keys[STATS_NRULE_FIELDS] = {"royal_lost", "no_moves", "repetition"};

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
	for (size_t i = 0; i < g->nendings; i++)
		free(g->endings[i].key);
	free(g->endings);
	free(g->endings_index.slots);
	free(g->hist);
	for (int t = 0; g->pieces && t < KIFU_MAX_TYPES; t++) {
		free(g->pieces[t].id);
		free(g->pieces[t].name);
	}
	free(g->pieces);
	free(g);
}

void stats_free(struct stats *st)
{
	for (size_t i = 0; i < st->ngroups; i++)
		group_free(st->groups[i]);
	free(st->groups);
	free(st->index.slots);
	kifu_position_free(st->pos);
	stats_init(st);
}

/* --- finding entries by key ---------------------------------------------------- */

/* Below this many entries a linear search is as quick as hashing. */
#define INDEX_LINEAR 8

typedef const char *(*key_at_fn)(const void *entries, size_t i);

static const char *group_key(const void *entries, size_t i)
{
	return ((struct stats_group *const *)entries)[i]->variant;
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

struct stats_group *stats_group(struct stats *st, const char *variant)
{
	if (index_fit(&st->index, st->groups, st->ngroups, group_key))
		return NULL;
	size_t i = index_find(&st->index, st->groups, st->ngroups, group_key, variant);
	if (i < st->ngroups)
		return st->groups[i];
	void *gs = st->groups;
	if (grow(&gs, &st->groups_cap, st->ngroups, sizeof *st->groups))
		return NULL;
	st->groups = gs;
	struct stats_group *g = calloc(1, sizeof *g);
	if (!g || !(g->variant = strdup(variant))) {
		free(g);
		return NULL;
	}
	st->groups[st->ngroups++] = g;
	if (index_add(&st->index, st->groups, st->ngroups, group_key)) {
		group_free(st->groups[--st->ngroups]);
		return NULL;
	}
	return g;
}

struct stats_count *stats_ending(struct stats_group *g, const char *word)
{
	struct stats_index *x = &g->endings_index;
	if (index_fit(x, g->endings, g->nendings, count_key))
		return NULL;
	size_t i = index_find(x, g->endings, g->nendings, count_key, word);
	if (i < g->nendings)
		return &g->endings[i];
	void *es = g->endings;
	if (grow(&es, &g->endings_cap, g->nendings, sizeof *g->endings))
		return NULL;
	g->endings = es;
	struct stats_count *c = &g->endings[g->nendings];
	memset(c, 0, sizeof *c);
	if (!(c->key = strdup(word)))
		return NULL;
	g->nendings++;
	if (index_add(x, g->endings, g->nendings, count_key)) {
		free(g->endings[--g->nendings].key);
		return NULL;
	}
	return c;
}

int stats_add_length(struct stats_group *g, uint64_t plies, uint64_t n)
{
	if (plies > KIFU_MAX_PLIES)
		return KIFU_EINVAL;
	if (plies >= g->hist_len) {
		/* as long as the longest record: a group of unknown variants
		 * (every record 0 plies) keeps one count */
		size_t len = g->hist_len ? g->hist_len : 1;
		while (len <= plies)
			len *= 2;
		uint64_t *h = realloc(g->hist, len * sizeof *h);
		if (!h)
			return KIFU_ENOMEM;
		memset(h + g->hist_len, 0, (len - g->hist_len) * sizeof *h);
		g->hist = h;
		g->hist_len = len;
	}
	if (g->hist[plies] > UINT64_MAX - n)
		return KIFU_ELIMIT;
	g->hist[plies] += n;
	return 0;
}

int stats_name_piece(struct stats_group *g, int t, const char *id, const char *name)
{
	if (!g->pieces && !(g->pieces = calloc(KIFU_MAX_TYPES, sizeof *g->pieces)))
		return KIFU_ENOMEM;
	struct stats_piece *p = &g->pieces[t];
	if (p->id)
		return strcmp(p->id, id) ? KIFU_EINVAL : 0;
	p->id = strdup(id);
	p->name = strdup(name);
	return p->id && p->name ? 0 : KIFU_ENOMEM;
}

/* The piece slot of type t, named from the variant on first use. */
static struct stats_piece *piece(struct stats_group *g, const kifu_variant *v, int t)
{
	kifu_piece_info info;
	if (t < 0 || t >= KIFU_MAX_TYPES || kifu_variant_piece(v, t, &info))
		return NULL;
	if ((!g->pieces || !g->pieces[t].id) && stats_name_piece(g, t, info.id, info.english))
		return NULL;
	return &g->pieces[t];
}

/* A Lion taken (formats/variants.md, "lion-trading"): by a Lion, a Lion
 * trade; by another piece, in a variant with the counter-strike rule, a
 * counter-strike (the next move may take a Lion only there). */
static void count_lion_capture(struct stats_group *g, const kifu_variant *v, int mover, int taken)
{
	kifu_piece_info a, b;
	if (kifu_variant_piece(v, taken, &b) || !b.lion || kifu_variant_piece(v, mover, &a))
		return;
	kifu_variant_rules r;
	kifu_variant_get_rules(v, &r);
	if (a.lion)
		g->moves[STATS_M_LION_TRADES]++;
	else if (r.counter_strike)
		g->moves[STATS_M_COUNTER_STRIKES]++;
}

/* Counts the facts of one legal move, before it is played: the moving piece
 * (the one on `from`, or the one dropped), what it captures on mid and on
 * to, a promotion, and a declined one (the move did not promote, and the
 * same move promoting would be legal). */
static int count_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct stats_group *g = ctx;
	const kifu_move *m = &step->move->move;
	const kifu_variant *v = kifu_position_variant(pos);
	enum kifu_side side = kifu_position_side(pos);
	struct stats_piece *p;
	if (m->flags & KIFU_MOVE_DROP) {
		if (!(p = piece(g, v, m->piece)))
			return KIFU_ENOMEM;
		p->n[STATS_P_DROPS]++;
		g->moves[STATS_M_DROPS]++;
		return 0;
	}
	int code = kifu_position_at(pos, m->from);
	int t = kifu_code_type(code);
	if (!(p = piece(g, v, t)))
		return KIFU_ENOMEM;
	p->n[STATS_P_MOVES]++;
	uint64_t caps = 0;
	int squares[2] = {-1, -1};
	if (m->mid != KIFU_NO_SQUARE) {
		g->moves[STATS_M_TWO_LEG]++;
		int cm = kifu_position_at(pos, m->mid);
		int enemy = cm && kifu_code_side(cm) != side;
		if (m->from == m->to)
			g->moves[enemy ? STATS_M_IGUI : STATS_M_PASSES]++;
		squares[0] = m->mid;
	}
	if (m->to != m->from && m->to != m->mid)
		squares[1] = m->to;
	for (int i = 0; i < 2; i++) {
		if (squares[i] < 0)
			continue;
		int c = kifu_position_at(pos, squares[i]);
		if (!c || kifu_code_side(c) == side)
			continue;
		struct stats_piece *cp = piece(g, v, kifu_code_type(c));
		if (!cp)
			return KIFU_ENOMEM;
		cp->n[STATS_P_CAPTURED]++;
		caps++;
		count_lion_capture(g, v, t, kifu_code_type(c));
	}
	p->n[STATS_P_CAPTURES] += caps;
	g->moves[STATS_M_CAPTURES] += caps;
	if (m->flags & KIFU_MOVE_PROMOTE) {
		p->n[STATS_P_PROMOTIONS]++;
		g->moves[STATS_M_PROMOTIONS]++;
		return 0;
	}
	kifu_piece_info info;
	if (kifu_variant_piece(v, t, &info) == 0 && info.promotes_to >= 0) {
		kifu_move promoted = *m;
		promoted.flags |= KIFU_MOVE_PROMOTE;
		if (kifu_check_move(pos, &promoted, NULL) == 0) {
			p->n[STATS_P_DECLINED]++;
			g->moves[STATS_M_DECLINED]++;
		}
	}
	return 0;
}

/* Who won: what the play loop judged, from the rules when they decided
 * the game, else from what the ending says (kifu/vocabulary.h). */
static enum stats_result result_of(const kifu_validation *val)
{
	if (!val->valid)
		return STATS_UNKNOWN;
	switch (val->result) {
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

int stats_add_record(struct stats *st, const kifu_record *rec, const kifu_variant *v)
{
	if (!v) {
		const char *name = kifu_record_variant_name(rec);
		struct stats_group *g = stats_group(st, name[0] ? name : unknown_variant);
		if (!g)
			return KIFU_ENOMEM;
		return count_record(g, 0, 0, STATS_UNKNOWN, kifu_record_ending(rec));
	}
	if (kifu_position_for(&st->pos, v))
		return KIFU_ENOMEM;
	struct stats_group *g = stats_group(st, kifu_variant_name(v));
	if (!g)
		return KIFU_ENOMEM;
	/* the play loop shows each position before its move; it stops at the
	 * first illegal move */
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.before = count_move;
	opt.ctx = g;
	kifu_validation val;
	int rc = kifu_play(rec, st->pos, &opt, &val);
	if (rc)
		return rc;
	if (val.valid) {
		if (val.end == KIFU_END_ROYAL_LOST)
			g->rules[STATS_R_ROYAL_LOST]++;
		else if (val.end == KIFU_END_NO_MOVES)
			g->rules[STATS_R_NO_MOVES]++;
		if (val.repetition_ply)
			g->rules[STATS_R_REPETITION]++;
	}
	const char *ending = kifu_record_ending(rec);
	return count_record(g, val.plies, val.valid, result_of(&val), ending);
}

int stats_add_lost(struct stats *st)
{
	struct stats_group *g = stats_group(st, unknown_variant);
	return g ? count_record(g, 0, 0, STATS_UNKNOWN, "") : KIFU_ENOMEM;
}

/* --- writing ---------------------------------------------------------------- */

static int cmp_group(const void *a, const void *b)
{
	const struct stats_group *x = *(const struct stats_group *const *)a;
	const struct stats_group *y = *(const struct stats_group *const *)b;
	return strcmp(x->variant, y->variant);
}

static int cmp_count(const void *a, const void *b)
{
	return strcmp(((const struct stats_count *)a)->key, ((const struct stats_count *)b)->key);
}

/* Groups sorted by variant name, endings by word: an order that does not
 * depend on the order the records came in.  The indexes of the old order
 * are dropped (the next lookup rebuilds them). */
static void sort_all(struct stats *st)
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

static struct stats_lengths lengths_of(const struct stats_group *g)
{
	struct stats_lengths l;
	stats_lengths_begin(&l, g->records);
	for (size_t p = 0; g->records && p < g->hist_len; p++)
		stats_lengths_add(&l, p, g->hist[p]);
	return l;
}

/* Slot t of g, when it names a piece that something was counted for. */
static const struct stats_piece *piece_used(const struct stats_group *g, int t)
{
	const struct stats_piece *p = g->pieces ? &g->pieces[t] : NULL;
	if (!p || !p->id)
		return NULL;
	for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
		if (p->n[f])
			return p;
	return NULL;
}

static void emit_num(const struct stats_emitter *e, const char *key, uint64_t n)
{
	e->key(e->ctx, key);
	e->number(e->ctx, n);
}

static void emit_group(const struct stats_group *g, const struct stats_emitter *e)
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
	struct stats_lengths l = lengths_of(g);
	for (int i = 0; i < 5; i++) {
		e->key(e->ctx, stats_length_keys[i]);
		if (l.any)
			e->number(e->ctx, l.v[i]);
		else
			e->null(e->ctx);
	}
	e->key(e->ctx, "histogram");
	e->begin_map(e->ctx);
	for (size_t p = 0; p < g->hist_len; p++) {
		if (!g->hist[p])
			continue;
		char key[24];
		snprintf(key, sizeof key, "%zu", p);
		emit_num(e, key, g->hist[p]);
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
	for (int t = 0; t < KIFU_MAX_TYPES; t++) {
		const struct stats_piece *p = piece_used(g, t);
		if (!p)
			continue;
		e->begin_map(e->ctx);
		e->key(e->ctx, "id");
		e->string(e->ctx, p->id);
		e->key(e->ctx, "name");
		e->string(e->ctx, p->name);
		emit_num(e, "type", (uint64_t)t);
		for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
			emit_num(e, stats_piece_keys[f], p->n[f]);
		e->end_map(e->ctx);
	}
	e->end_list(e->ctx);
	e->end_map(e->ctx);
}

void stats_emit(struct stats *st, const struct stats_emitter *e)
{
	uint64_t records = 0, plies = 0, valid = 0, invalid = 0;
	sort_all(st);
	for (size_t i = 0; i < st->ngroups; i++) {
		records += st->groups[i]->records;
		plies += st->groups[i]->plies;
		valid += st->groups[i]->valid;
		invalid += st->groups[i]->invalid;
	}
	e->begin_map(e->ctx);
	e->key(e->ctx, "format");
	e->string(e->ctx, STATS_FORMAT);
	emit_num(e, "records", records);
	emit_num(e, "plies", plies);
	emit_num(e, "valid", valid);
	emit_num(e, "invalid", invalid);
	e->key(e->ctx, "variants");
	e->begin_map(e->ctx);
	for (size_t i = 0; i < st->ngroups; i++) {
		e->key(e->ctx, st->groups[i]->variant);
		emit_group(st->groups[i], e);
	}
	e->end_map(e->ctx);
	e->end_map(e->ctx);
}

/* --- JSON ------------------------------------------------------------------- */

struct json_ctx {
	FILE *out;
	int first;   /* nothing written yet in the current map or list */
	int after_key;
};

static void json_sep(struct json_ctx *j)
{
	if (j->after_key)
		j->after_key = 0;
	else if (!j->first)
		putc(',', j->out);
	j->first = 0;
}

static void json_begin_map(void *c) { struct json_ctx *j = c; json_sep(j); putc('{', j->out); j->first = 1; }
static void json_end_map(void *c) { struct json_ctx *j = c; putc('}', j->out); j->first = 0; }
static void json_begin_list(void *c) { struct json_ctx *j = c; json_sep(j); putc('[', j->out); j->first = 1; }
static void json_end_list(void *c) { struct json_ctx *j = c; putc(']', j->out); j->first = 0; }

static void json_key(void *c, const char *key)
{
	struct json_ctx *j = c;
	json_sep(j);
	inputs_json_string(j->out, key);
	putc(':', j->out);
	j->after_key = 1;
}

static void json_string(void *c, const char *s) { struct json_ctx *j = c; json_sep(j); inputs_json_string(j->out, s); }

static void json_number(void *c, uint64_t n)
{
	struct json_ctx *j = c;
	json_sep(j);
	fprintf(j->out, "%llu", (unsigned long long)n);
}

static void json_null(void *c) { struct json_ctx *j = c; json_sep(j); fputs("null", j->out); }

void stats_write_json(FILE *out, struct stats *st)
{
	struct json_ctx j = {out, 1, 0};
	struct stats_emitter e = {&j, json_begin_map, json_end_map, json_begin_list, json_end_list,
				  json_key, json_string, json_number, json_null};
	stats_emit(st, &e);
	putc('\n', out);
}

/* --- text ------------------------------------------------------------------- */

static void text_counts(FILE *out, const char *title, const char *const *keys,
			const uint64_t *n, int count)
{
	fprintf(out, "  %s:\n", title);
	for (int i = 0; i < count; i++)
		fprintf(out, "    %-14s %12llu\n", keys[i], (unsigned long long)n[i]);
}

/* The histogram in at most 20 bars: buckets of 1, 2, 5, 10, 20, 50 ... plies. */
static void text_histogram(FILE *out, const struct stats_group *g, const struct stats_lengths *l)
{
	uint64_t width = 1;
	for (uint64_t step = 0; (l->v[4] / width) - (l->v[0] / width) + 1 > 20; step++)
		width = (step % 3 == 0) ? width * 2 : (step % 3 == 1) ? width / 2 * 5 : width * 2;
	uint64_t lo = l->v[0] / width, hi = l->v[4] / width, most = 0;
	uint64_t buckets[21];
	memset(buckets, 0, sizeof buckets);
	for (size_t p = 0; p < g->hist_len; p++)
		if (g->hist[p])
			buckets[p / width - lo] += g->hist[p];
	for (uint64_t b = 0; b <= hi - lo; b++)
		if (buckets[b] > most)
			most = buckets[b];
	/* the bars are scaled to the longest: counts near 2^64 (merged
	 * parts) are shifted down first, so that count * 40 fits */
	unsigned shift = 0;
	while ((most >> shift) > UINT64_MAX / 64)
		shift++;
	most >>= shift;
	for (uint64_t b = 0; b <= hi - lo; b++) {
		char label[48];
		uint64_t from = (lo + b) * width;
		if (width == 1)
			snprintf(label, sizeof label, "%llu", (unsigned long long)from);
		else
			snprintf(label, sizeof label, "%llu-%llu", (unsigned long long)from,
				 (unsigned long long)(from + width - 1));
		int bar = most ? (int)(((buckets[b] >> shift) * 40 + most - 1) / most) : 0;
		fprintf(out, "    %-14s %12llu%s", label, (unsigned long long)buckets[b], bar ? "  " : "");
		for (int i = 0; i < bar; i++)
			putc('#', out);
		putc('\n', out);
	}
}

static void text_group(FILE *out, const struct stats_group *g)
{
	fprintf(out, "\nvariant %s\n", g->variant);
	text_counts(out, "results (winner)", stats_result_keys, g->results, STATS_NRESULTS);
	fprintf(out, "  endings:\n");
	for (size_t i = 0; i < g->nendings; i++)
		fprintf(out, "    %-14s %12llu\n", g->endings[i].key,
			(unsigned long long)g->endings[i].n);
	text_counts(out, "rules (games they ended; repetitions)", stats_rule_keys, g->rules, STATS_NRULE_FIELDS);
	struct stats_lengths l = lengths_of(g);
	fprintf(out, "  length (plies):\n");
	if (l.any) {
		fprintf(out, "    %-14s", "");
		for (int i = 0; i < 5; i++)
			fprintf(out, " %8s", stats_length_keys[i]);
		fprintf(out, "\n    %-14s", "");
		for (int i = 0; i < 5; i++)
			fprintf(out, " %8llu", (unsigned long long)l.v[i]);
		putc('\n', out);
		text_histogram(out, g, &l);
	}
	text_counts(out, "moves", stats_move_keys, g->moves, STATS_NMOVE_FIELDS);
	int w = 20; /* the piece column: as wide as the longest name */
	for (int t = 0; t < KIFU_MAX_TYPES; t++)
		if (piece_used(g, t) && (int)strlen(g->pieces[t].name) > w)
			w = (int)strlen(g->pieces[t].name);
	fprintf(out, "  pieces:\n    %-*s", w, "piece");
	for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
		fprintf(out, " %10s", stats_piece_keys[f]);
	putc('\n', out);
	for (int t = 0; t < KIFU_MAX_TYPES; t++) {
		const struct stats_piece *p = piece_used(g, t);
		if (!p)
			continue;
		fprintf(out, "    %-*s", w, p->name);
		for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
			fprintf(out, " %10llu", (unsigned long long)p->n[f]);
		putc('\n', out);
	}
}

void stats_write_text(FILE *out, struct stats *st)
{
	uint64_t t[4] = {0, 0, 0, 0};
	int w = 20; /* the variant column: as wide as the longest name */
	sort_all(st);
	for (size_t i = 0; i < st->ngroups; i++)
		if ((int)strlen(st->groups[i]->variant) > w)
			w = (int)strlen(st->groups[i]->variant);
	fprintf(out, "%-*s %12s %12s %12s %12s\n", w, "variant", "records", "valid", "invalid",
		"plies");
	for (size_t i = 0; i < st->ngroups; i++) {
		const struct stats_group *g = st->groups[i];
		fprintf(out, "%-*s %12llu %12llu %12llu %12llu\n", w, g->variant,
			(unsigned long long)g->records, (unsigned long long)g->valid,
			(unsigned long long)g->invalid, (unsigned long long)g->plies);
		t[0] += g->records;
		t[1] += g->valid;
		t[2] += g->invalid;
		t[3] += g->plies;
	}
	fprintf(out, "%-*s %12llu %12llu %12llu %12llu\n", w, "total", (unsigned long long)t[0],
		(unsigned long long)t[1], (unsigned long long)t[2], (unsigned long long)t[3]);
	for (size_t i = 0; i < st->ngroups; i++)
		text_group(out, st->groups[i]);
}
