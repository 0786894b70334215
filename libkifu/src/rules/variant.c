/*
 * variant.c - the variant model: derived tables, accessors, shipped variants.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/variant_load.h"
#include "rules/position_internal.h"
#include "rules/builtin.h"
#include "rules/names.h"
#include "text/similar.h"

/* Marks every destination (relative to the mover) that each kind of move of
 * a piece reaches; a destination reached two ways means the generator must
 * drop duplicates for this piece. */
static bool moves_overlap(const movement *m)
{
	enum { SPAN = 2 * KIFU_MAX_DIM + 1 };
	unsigned char seen[SPAN][SPAN];
	memset(seen, 0, sizeof seen);
	bool overlap = false;
#define MARK(dx, dy, bit)                                                            \
	do {                                                                         \
		int x_ = (dx) + KIFU_MAX_DIM, y_ = (dy) + KIFU_MAX_DIM;              \
		if (x_ >= 0 && x_ < SPAN && y_ >= 0 && y_ < SPAN) {                  \
			if (seen[x_][y_] & ~(bit))                                   \
				overlap = true;                                      \
			seen[x_][y_] |= (bit);                                       \
		}                                                                    \
	} while (0)
	for (int i = 0; i < m->nleaps; i++)
		MARK(m->leaps[i].dx, m->leaps[i].dy, 1);
	for (int i = 0; i < m->nslides; i++) {
		int range = m->slides[i].range ? m->slides[i].range : KIFU_MAX_DIM;
		for (int k = 1; k <= range; k++)
			MARK(k * m->slides[i].dx, k * m->slides[i].dy, 2);
	}
	if (m->area_lion)
		for (int dx = -2; dx <= 2; dx++)
			for (int dy = -2; dy <= 2; dy++)
				if (dx || dy)
					MARK(dx, dy, 4);
	for (int i = 0; i < m->nlines; i++) {
		MARK(m->lines[i].dx, m->lines[i].dy, 8);
		MARK(2 * m->lines[i].dx, 2 * m->lines[i].dy, 8);
	}
#undef MARK
	return overlap;
}

/* Fills pt->reach from the movement: which one-leg offsets the piece
 * reaches, and how. */
static void build_reach(piece_type *pt)
{
	const movement *m = &pt->mv;
	memset(pt->reach, REACH_NONE, sizeof pt->reach);
#define AT(dx, dy) pt->reach[(dy) + REACH_OFF][(dx) + REACH_OFF]
#define IN(dx, dy) ((dx) >= -REACH_OFF && (dx) <= REACH_OFF && (dy) >= -REACH_OFF && (dy) <= REACH_OFF)
	for (int i = 0; i < m->nslides; i++) {
		int range = m->slides[i].range ? m->slides[i].range : KIFU_MAX_DIM;
		for (int k = 1; k <= range; k++) {
			int dx = k * m->slides[i].dx, dy = k * m->slides[i].dy;
			if (!IN(dx, dy))
				break;
			/* two slides reaching one offset: let the movement decide */
			AT(dx, dy) = AT(dx, dy) == REACH_NONE ? (uint8_t)(REACH_SLIDE + i) : REACH_SLOW;
		}
	}
	/* jumps win: nothing can block them */
	for (int i = 0; i < m->nleaps; i++)
		if (IN(m->leaps[i].dx, m->leaps[i].dy))
			AT(m->leaps[i].dx, m->leaps[i].dy) = REACH_JUMP;
	if (m->area_lion)
		for (int dy = -2; dy <= 2; dy++)
			for (int dx = -2; dx <= 2; dx++)
				if (dx || dy)
					AT(dx, dy) = REACH_JUMP;
	for (int i = 0; i < m->nlines; i++) {
		AT(m->lines[i].dx, m->lines[i].dy) = REACH_JUMP;
		AT(2 * m->lines[i].dx, 2 * m->lines[i].dy) = REACH_JUMP;
	}
#undef AT
#undef IN
}

/* The last ranks on which a piece has no move at all: when every move goes
 * forward (dy > 0), the smallest forward distance of its moves (a Pawn or
 * Lance 1, a Knight 2); else 0.  Such a piece standing there is dead
 * (docs/rules.md, "Dead pieces"), and its every move is one-way. */
static int dead_ranks_of(const movement *m)
{
	int least = KIFU_MAX_DIM + 1;
	if (m->area_lion)
		return 0;
	for (int i = 0; i < m->nleaps; i++) {
		if (m->leaps[i].dy <= 0)
			return 0;
		if (m->leaps[i].dy < least)
			least = m->leaps[i].dy;
	}
	for (int i = 0; i < m->nslides; i++) {
		if (m->slides[i].dy <= 0)
			return 0;
		if (m->slides[i].dy < least)
			least = m->slides[i].dy;
	}
	for (int i = 0; i < m->nlines; i++) {
		if (m->lines[i].dy <= 0)
			return 0;
		if (m->lines[i].dy < least)
			least = m->lines[i].dy;
	}
	return least <= KIFU_MAX_DIM ? least : 0;
}

/* The walk (file, rank steps) along which an attack by slide (dx, dy) of
 * `side` is seen from the attacked square: back along the slide, whose
 * offsets are the mover's (Sente's forward is toward rank 1). */
static int walk_of(struct kifu_variant *v, int dx, int dy, int side)
{
	int s = side == KIFU_SENTE ? -1 : 1;
	int wf = -s * dx, wr = -s * dy, step = wr * v->files + wf;
	for (int w = 0; w < v->nwalks; w++) {
		if (v->walk_df[w] == wf && v->walk_dr[w] == wr)
			return w;
	}
	if (v->nwalks == MAX_WALKS)
		return -1;
	int w = v->nwalks++;
	v->walk_df[w] = (int8_t)wf;
	v->walk_dr[w] = (int8_t)wr;
	v->walk_up[w] = step > 0;
	return w;
}

/* The tables of attack tests on bitboards (variant_internal.h), when the
 * board and the pieces allow them. */
static void build_bitboards(struct kifu_variant *v)
{
	const int files = v->files, ranks = v->ranks, nsq = files * ranks;
	v->bitboards = false;
	v->key_tables = false;
	v->gen_tables = false;
	v->nwalks = 0;
	memset(v->code_slides, 0, sizeof v->code_slides);
	for (int t = 0; t < v->ntypes; t++)
		for (int side = 0; side < 2; side++)
			v->code_slides[kifu_code_make(t, (enum kifu_side)side)] = v->types[t].mv.nslides > 0;
	if (nsq > BB_SQUARES || v->any_lion)
		return;
	for (int i = 0; i < v->nslide_attacks; i++)
		for (int side = 0; side < 2; side++) {
			int w = walk_of(v, v->slide_attacks[i].d.dx, v->slide_attacks[i].d.dy, side);
			if (w < 0)
				return;
			v->slide_walk[i][side] = (uint8_t)w;
		}
	memset(v->ray, 0, sizeof v->ray);
	memset(v->leapers, 0, sizeof v->leapers);
	memset(v->leap_on, 0, sizeof v->leap_on);
	memset(v->slide_reach, 0, sizeof v->slide_reach);
	for (int sq = 0; sq < nsq; sq++) {
		const int f = sq % files, r = sq / files;
		for (int w = 0; w < v->nwalks; w++)
			for (int tf = f + v->walk_df[w], tr = r + v->walk_dr[w];
			     tf >= 0 && tf < files && tr >= 0 && tr < ranks; tf += v->walk_df[w], tr += v->walk_dr[w])
				bb_set(&v->ray[w][sq], tr * files + tf);
		for (int side = 0; side < 2; side++) {
			int s = side == KIFU_SENTE ? -1 : 1;
			for (int i = 0; i < v->nleap_attacks; i++) {
				int af = f - s * v->leap_attacks[i].o.dx, ar = r - s * v->leap_attacks[i].o.dy;
				if (af >= 0 && af < files && ar >= 0 && ar < ranks)
					bb_set(&v->leapers[side][sq], ar * files + af);
			}
			for (int i = 0; i < v->nslide_attacks; i++)
				v->slide_reach[side][sq] = bb_or(v->slide_reach[side][sq], v->ray[v->slide_walk[i][side]][sq]);
		}
	}
	/* the unit lines, and the directions between squares on them */
	static const int8_t unit[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
	memset(v->line_dir, -1, sizeof v->line_dir);
	memset(v->dir_ray, 0, sizeof v->dir_ray);
	for (int d = 0; d < 8; d++) {
		v->dir_up[d] = unit[d][1] * files + unit[d][0] > 0;
		for (int sq = 0; sq < nsq; sq++)
			for (int tf = sq % files + unit[d][0], tr = sq / files + unit[d][1];
			     tf >= 0 && tf < files && tr >= 0 && tr < ranks; tf += unit[d][0], tr += unit[d][1]) {
				bb_set(&v->dir_ray[d][sq], tr * files + tf);
				v->line_dir[sq][tr * files + tf] = (int8_t)d;
			}
	}
	v->bitboards = true;
	for (int w = 0; w < v->nwalks; w++)
		for (int sq = 0; sq < nsq; sq++) {
			int n = 0;
			for (bb128 r = v->ray[w][sq]; bb_any(r); bb_pop(&r))
				n++;
			v->ray_len[w][sq] = (uint8_t)n;
		}
	/* generation: each type's leaps that stay on the board, and the walks
	 * of its slides (a slide of side's is the walk along which the other
	 * side's attack by it is seen back: walk_of with the other side) */
	v->gen_tables = v->ntypes <= KEY_TYPES && ranks <= 16;
	for (int t = 0; v->gen_tables && t < v->ntypes; t++) {
		const movement *mv = &v->types[t].mv;
		for (int side = 0; side < 2; side++) {
			int s = side == KIFU_SENTE ? -1 : 1;
			for (int i = 0; i < mv->nleaps; i++) {
				int df = s * mv->leaps[i].dx, dr = s * mv->leaps[i].dy;
				v->leap_step[t][side][i] = (int16_t)(dr * files + df);
				for (int sq = 0; sq < nsq; sq++) {
					int tf = sq % files + df, tr = sq / files + dr;
					if (tf >= 0 && tf < files && tr >= 0 && tr < ranks)
						v->leap_on[t][side][sq] |= (uint64_t)1 << i;
				}
			}
			for (int fr = 0; fr < ranks; fr++)
				for (int tr = 0; tr < ranks; tr++)
					v->promo[t][side][fr][tr] = (uint8_t)kifu__promotion_flags(v, t, side, fr, tr);
			for (int i = 0; i < mv->nslides; i++) {
				int w = walk_of(v, mv->slides[i].dx, mv->slides[i].dy, !side);
				if (w < 0) {
					v->gen_tables = false;
					break;
				}
				v->slide_walk_of[t][i][side] = (uint8_t)w;
			}
		}
	}
	/* the hash's parts, as position_internal.h computes them */
	v->key_tables = v->ntypes <= KEY_TYPES;
	if (v->key_tables) {
		for (int code = 1; code <= 2 * v->ntypes; code++)
			for (int sq = 0; sq < nsq; sq++)
				v->key_piece[code][sq] = hash_piece(code, sq);
		for (int side = 0; side < 2; side++)
			for (int t = 0; t < v->ntypes; t++)
				for (int c = 0; c + 1 < KEY_COUNTS; c++)
					v->key_hand_step[side][t][c] = hash_hand(side, t, c) ^ hash_hand(side, t, c + 1);
	}
}

int kifu__variant_conclude(struct kifu_variant *v, const char *file, kifu_diag *diag)
{
	memset(&v->minor_types, 0, sizeof v->minor_types);
	v->lion_trading = v->lion_protected || v->lion_bridge || v->counter_strike != CS_NONE;
	v->end_rules = v->bare_royal != BARE_NONE || v->lone_royals_draw;
	v->nleap_attacks = 0;
	v->nslide_attacks = 0;
	v->nline_attacks = 0;
	memset(&v->area_lions, 0, sizeof v->area_lions);
	v->any_lion = false;
	for (int t = 0; t < v->ntypes; t++) {
		piece_type *pt = &v->types[t];
		const movement *m = &pt->mv;
		pt->dedupe = moves_overlap(m);
		pt->dead_ranks = dead_ranks_of(m);
		pt->one_way = pt->dead_ranks > 0;
		if (pt->minor)
			type_set_add(&v->minor_types, t);
		build_reach(pt);
		for (int i = 0; i < m->nleaps; i++) {
			int k;
			for (k = 0; k < v->nleap_attacks; k++)
				if (v->leap_attacks[k].o.dx == m->leaps[i].dx &&
				    v->leap_attacks[k].o.dy == m->leaps[i].dy)
					break;
			if (k == v->nleap_attacks) {
				if (k == (int)(sizeof v->leap_attacks / sizeof v->leap_attacks[0]))
					return kifu_diag_set(diag, KIFU_ELIMIT, file, 0, 0, "too many distinct leaps");
				memset(&v->leap_attacks[k], 0, sizeof v->leap_attacks[k]);
				v->leap_attacks[k].o = m->leaps[i];
				v->nleap_attacks++;
			}
			type_set_add(&v->leap_attacks[k].types, t);
		}
		for (int i = 0; i < m->nslides; i++) {
			int k;
			for (k = 0; k < v->nslide_attacks; k++)
				if (v->slide_attacks[k].d.dx == m->slides[i].dx &&
				    v->slide_attacks[k].d.dy == m->slides[i].dy)
					break;
			if (k == v->nslide_attacks) {
				if (k == (int)(sizeof v->slide_attacks / sizeof v->slide_attacks[0]))
					return kifu_diag_set(diag, KIFU_ELIMIT, file, 0, 0, "too many distinct slides");
				memset(&v->slide_attacks[k], 0, sizeof v->slide_attacks[k]);
				v->slide_attacks[k].d.dx = m->slides[i].dx;
				v->slide_attacks[k].d.dy = m->slides[i].dy;
				v->nslide_attacks++;
			}
			type_set_add(&v->slide_attacks[k].types, t);
			v->slide_attacks[k].range[t] = m->slides[i].range;
		}
		if (m->area_lion) {
			type_set_add(&v->area_lions, t);
			v->any_lion = true;
		}
		for (int i = 0; i < m->nlines; i++) {
			int k;
			for (k = 0; k < v->nline_attacks; k++)
				if (v->line_attacks[k].o.dx == m->lines[i].dx &&
				    v->line_attacks[k].o.dy == m->lines[i].dy)
					break;
			if (k == v->nline_attacks) {
				memset(&v->line_attacks[k], 0, sizeof v->line_attacks[k]);
				v->line_attacks[k].o = m->lines[i];
				v->nline_attacks++;
			}
			type_set_add(&v->line_attacks[k].types, t);
			v->any_lion = true;
		}
	}
	v->unit_slides = true;
	for (int t = 0; t < v->ntypes; t++)
		for (int i = 0; i < v->types[t].mv.nslides; i++) {
			const slide *sl = &v->types[t].mv.slides[i];
			if (sl->dx < -1 || sl->dx > 1 || sl->dy < -1 || sl->dy > 1)
				v->unit_slides = false;
		}
	for (int sq = 0; sq < v->files * v->ranks; sq++) {
		v->file_of[sq] = (uint8_t)(sq % v->files);
		v->rank_of[sq] = (uint8_t)(sq / v->files);
	}
	build_bitboards(v);
	memset(v->by_sfen, 0xFF, sizeof v->by_sfen); /* -1 */
	for (int t = 0; t < v->ntypes; t++) {
		const char *tok = v->types[t].sfen;
		int promoted = tok[0] == '+';
		char letter = tok[promoted];
		char suffix = tok[promoted + 1];
		if (letter >= 'A' && letter <= 'Z')
			v->by_sfen[promoted][letter - 'A'][suffix == '\'' ? 1 : suffix == '!' ? 2 : 0] = (int16_t)t;
	}
	if (kifu__names_build(v))
		return kifu_diag_set(diag, KIFU_ELIMIT, file, 0, 0, "too many piece names");
	return 0;
}

/* ---- shipped variants ---- */

/* Each shipped variant is parsed on first use and kept for the process.
 * The lock makes the first use safe from any thread; a variant once built
 * never changes, so reading it needs no lock. */
static pthread_mutex_t builtin_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kifu_variant **builtin_cache;   /* kifu__builtin_file_count slots */
static const char **builtin_names;            /* the same names, NULL-terminated */

/* Makes the tables (once); false when out of memory. */
static bool builtin_tables(void)
{
	if (builtin_names)
		return true;
	size_t n = kifu__builtin_file_count;
	struct kifu_variant **cache = calloc(n ? n : 1, sizeof *cache);
	const char **names = calloc(n + 1, sizeof *names);
	if (!cache || !names) {
		free(cache);
		free(names);
		return false;
	}
	for (size_t i = 0; i < n; i++)
		names[i] = kifu__builtin_files[i].name;
	builtin_cache = cache;
	builtin_names = names;
	return true;
}

const char *const *kifu_variant_builtin_names(void)
{
	static const char *const none[] = {NULL};
	pthread_mutex_lock(&builtin_lock);
	bool ok = builtin_tables();
	pthread_mutex_unlock(&builtin_lock);
	return ok ? builtin_names : none;
}

/* The shipped variant of file i, parsed on first use. */
static int builtin_at(size_t i, const kifu_variant **out, kifu_diag *diag)
{
	int rc = 0;
	pthread_mutex_lock(&builtin_lock);
	if (!builtin_tables()) {
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	} else if (!builtin_cache[i]) {
		struct kifu_variant *v = malloc(sizeof *v);
		if (!v) {
			rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		} else {
			rc = kifu__variant_load(v, kifu__builtin_files[i].text, kifu__builtin_files[i].len,
						kifu__builtin_files[i].path, diag);
			if (rc) {
				kifu_position_free(v->start_pos);
				free(v);
			} else {
				v->builtin = true;
				builtin_cache[i] = v;
			}
		}
	}
	*out = rc ? NULL : builtin_cache[i];
	pthread_mutex_unlock(&builtin_lock);
	return rc;
}

int kifu_variant_builtin(const kifu_variant **out, const char *name, kifu_diag *diag)
{
	*out = NULL;
	for (size_t i = 0; i < kifu__builtin_file_count; i++)
		if (!strcmp(kifu__builtin_files[i].name, name))
			return builtin_at(i, out, diag);
	return kifu_diag_set(diag, KIFU_ENOTFOUND, NULL, 0, 0, "unknown variant \"%s\"", name);
}

/* ---- the set of variants a program knows ---- */

struct kifu_variant_set {
	const kifu_variant **added;
	int nadded, cap;
};

int kifu_variant_set_new(kifu_variant_set **out)
{
	*out = calloc(1, sizeof **out);
	return *out ? 0 : KIFU_ENOMEM;
}

void kifu_variant_set_free(kifu_variant_set *set)
{
	if (set)
		free(set->added);
	free(set);
}

static const kifu_variant *find_added(const kifu_variant_set *set, const char *name)
{
	for (int i = 0; set && i < set->nadded; i++)
		if (!strcmp(set->added[i]->name, name))
			return set->added[i];
	return NULL;
}

int kifu_variant_set_add(kifu_variant_set *set, const kifu_variant *v)
{
	if (!set || !v || find_added(set, v->name))
		return KIFU_EINVAL;
	if (set->nadded == set->cap) {
		int cap = set->cap ? set->cap * 2 : 4;
		const kifu_variant **a = realloc(set->added, (size_t)cap * sizeof *a);
		if (!a)
			return KIFU_ENOMEM;
		set->added = a;
		set->cap = cap;
	}
	set->added[set->nadded++] = v;
	return 0;
}

const kifu_variant *kifu_variant_set_find(const kifu_variant_set *set, const char *name)
{
	const kifu_variant *v = find_added(set, name);
	if (!v && kifu_variant_builtin(&v, name, NULL) != 0)
		v = NULL;
	return v;
}

const char *kifu_variant_set_suggest(const kifu_variant_set *set, const char *name)
{
	enum { MAX_SUGGEST = 256 };
	const char *names[MAX_SUGGEST];
	int n = 0;
	for (int i = 0; set && i < set->nadded && n < MAX_SUGGEST; i++)
		names[n++] = set->added[i]->name;
	for (size_t k = 0; k < kifu__builtin_file_count && n < MAX_SUGGEST; k++)
		names[n++] = kifu__builtin_files[k].name;
	int close = kifu__closest(name, names, n);
	return close >= 0 ? names[close] : NULL;
}

int kifu_variant_set_count(const kifu_variant_set *set)
{
	int n = set ? set->nadded : 0;
	for (size_t i = 0; i < kifu__builtin_file_count; i++)
		if (!find_added(set, kifu__builtin_files[i].name))
			n++;
	return n;
}

const kifu_variant *kifu_variant_set_at(const kifu_variant_set *set, int i)
{
	if (i < 0)
		return NULL;
	if (set && i < set->nadded)
		return set->added[i];
	i -= set ? set->nadded : 0;
	for (size_t k = 0; k < kifu__builtin_file_count; k++) {
		if (find_added(set, kifu__builtin_files[k].name))
			continue;
		if (i-- == 0) {
			const kifu_variant *v;
			return builtin_at(k, &v, NULL) == 0 ? v : NULL;
		}
	}
	return NULL;
}

/* What shipped file k says of its names, or, where it says nothing, what
 * the file it inherits from says (loading applies the parent first):
 * WHICH 0 the title-ja, 1 the name.  From the summary embed wrote, so that
 * nothing is loaded. */
static const struct kifu_builtin_file *builtin_file(const char *name)
{
	for (size_t i = 0; name && i < kifu__builtin_file_count; i++)
		if (!strcmp(kifu__builtin_files[i].name, name))
			return &kifu__builtin_files[i];
	return NULL;
}

enum { MAX_INHERIT = 16 }; /* as variant_yaml.c refuses deeper chains */

static const char *builtin_says(size_t k, int which)
{
	const struct kifu_builtin_file *f = &kifu__builtin_files[k];
	for (int depth = 0; f && depth < MAX_INHERIT; depth++) {
		const char *s = which == 0 ? f->title_ja : f->yaml_name;
		if (s)
			return s;
		f = builtin_file(f->inherit);
	}
	return which == 0 ? "" : kifu__builtin_files[k].name;
}

static const char *const *builtin_starts(size_t k)
{
	static const char *const none[] = {NULL};
	const struct kifu_builtin_file *f = &kifu__builtin_files[k];
	for (int depth = 0; f && depth < MAX_INHERIT; depth++) {
		if (f->starts)
			return f->starts;
		f = builtin_file(f->inherit);
	}
	return none;
}

static bool title_is(const char *want, const char *title_ja, const char *name)
{
	char have[256];
	kifu_name_fold(title_ja, have, sizeof have);
	return (have[0] && !strcmp(want, have)) || !strcmp(want, name);
}

/* The shipped variants' titles and start names as kifu_name_fold folds
 * them, made once (a KIF file's 手合割 is looked up among them). */
enum { FOLDED_MAX = 256 };
struct builtin_folded {
	char title[FOLDED_MAX];
	char starts[MAX_STARTS][FOLDED_MAX];
	int nstarts;
};
static struct builtin_folded *builtin_folded;

static const struct builtin_folded *folded_names(void)
{
	pthread_mutex_lock(&builtin_lock);
	if (!builtin_folded) {
		struct builtin_folded *f = calloc(kifu__builtin_file_count + 1, sizeof *f);
		for (size_t k = 0; f && k < kifu__builtin_file_count; k++) {
			kifu_name_fold(builtin_says(k, 0), f[k].title, sizeof f[k].title);
			const char *const *s = builtin_starts(k);
			for (; f[k].nstarts < MAX_STARTS && s[f[k].nstarts]; f[k].nstarts++)
				kifu_name_fold(s[f[k].nstarts], f[k].starts[f[k].nstarts], FOLDED_MAX);
		}
		builtin_folded = f;
	}
	pthread_mutex_unlock(&builtin_lock);
	return builtin_folded;
}

const kifu_variant *kifu_variant_set_find_title(const kifu_variant_set *set, const char *title)
{
	char want[256];
	kifu_name_fold(title, want, sizeof want);
	for (int i = 0; set && i < set->nadded; i++)
		if (title_is(want, set->added[i]->title_ja, set->added[i]->name))
			return set->added[i];
	const struct builtin_folded *f = folded_names();
	for (size_t k = 0; f && k < kifu__builtin_file_count; k++) {
		const kifu_variant *v;
		if (!find_added(set, kifu__builtin_files[k].name) &&
		    ((f[k].title[0] && !strcmp(want, f[k].title)) || !strcmp(want, builtin_says(k, 1))))
			return builtin_at(k, &v, NULL) == 0 ? v : NULL;
	}
	return NULL;
}

/* The start of v called `want` (folded), or -1. */
static int variant_start(const kifu_variant *v, const char *want)
{
	char have[256];
	for (int i = 0; i < v->nstarts; i++) {
		kifu_name_fold(v->starts[i].name, have, sizeof have);
		if (!strcmp(want, have))
			return i;
	}
	return -1;
}

int kifu_variant_is_called(const kifu_variant *v, const char *name, const char **start)
{
	char want[256];
	kifu_name_fold(name, want, sizeof want);
	*start = NULL;
	if (title_is(want, v->title_ja, v->name))
		return 1;
	int at = variant_start(v, want);
	if (at >= 0)
		*start = v->starts[at].name;
	return at >= 0;
}

/* Which of shipped file k's starts (folded) is `want`, or -1. */
static int start_in(const struct builtin_folded *f, size_t k, const char *want)
{
	for (int i = 0; i < f[k].nstarts; i++)
		if (!strcmp(want, f[k].starts[i]))
			return i;
	return -1;
}

const kifu_variant *kifu_variant_set_find_start(const kifu_variant_set *set, const char *name,
						const char **start)
{
	char want[256];
	kifu_name_fold(name, want, sizeof want);
	*start = NULL;
	const kifu_variant *v = NULL;
	int at = -1;
	for (int i = 0; set && i < set->nadded && at < 0; i++)
		if ((at = variant_start(set->added[i], want)) >= 0)
			v = set->added[i];
	const struct builtin_folded *f = folded_names();
	for (size_t k = 0; f && k < kifu__builtin_file_count && at < 0; k++) {
		if (find_added(set, kifu__builtin_files[k].name) || (at = start_in(f, k, want)) < 0)
			continue;
		if (builtin_at(k, &v, NULL))
			return NULL;
		/* the loaded variant's starts are the file's, in its order */
		if (at >= v->nstarts || strcmp(v->starts[at].name, builtin_starts(k)[at]))
			at = variant_start(v, want);
	}
	if (at < 0)
		return NULL;
	*start = v->starts[at].name;
	return v;
}

int kifu_variant_load_buffer(kifu_variant **out, const char *text, size_t len,
			     const char *filename, kifu_diag *diag)
{
	*out = NULL;
	struct kifu_variant *v = malloc(sizeof *v);
	if (!v)
		return kifu_diag_set(diag, KIFU_ENOMEM, filename, 0, 0, "out of memory");
	int rc = kifu__variant_load(v, text, len, filename ? filename : "(buffer)", diag);
	if (rc) {
		kifu_position_free(v->start_pos);
		free(v);
		return rc;
	}
	*out = v;
	return 0;
}

int kifu_variant_load_file(kifu_variant **out, const char *path, kifu_diag *diag)
{
	*out = NULL;
	struct kifu_variant *v = malloc(sizeof *v);
	if (!v)
		return kifu_diag_set(diag, KIFU_ENOMEM, path, 0, 0, "out of memory");
	int rc = kifu__variant_load(v, NULL, 0, path, diag);
	if (rc) {
		kifu_position_free(v->start_pos);
		free(v);
		return rc;
	}
	*out = v;
	return 0;
}

void kifu_variant_free(kifu_variant *v)
{
	if (v && !v->builtin) {
		kifu_position_free(v->start_pos);
		free(v);
	}
}

const char *kifu_variant_name(const kifu_variant *v) { return v->name; }
const char *kifu_variant_title(const kifu_variant *v) { return v->title; }
const char *kifu_variant_parent(const kifu_variant *v) { return v->parent; }
const char *kifu_variant_title_ja(const kifu_variant *v) { return v->title_ja; }
int kifu_variant_files(const kifu_variant *v) { return v->files; }
int kifu_variant_ranks(const kifu_variant *v) { return v->ranks; }
int kifu_variant_has_drops(const kifu_variant *v) { return v->drops; }
enum kifu_royal_rule kifu_variant_royal_rule(const kifu_variant *v) { return v->royal_rule; }

void kifu_variant_repetition(const kifu_variant *v, kifu_repetition_rule *out)
{
	out->count = v->repetition_count;
	out->perpetual_attack_loses = v->perpetual_attack_loses;
	out->perpetual_check_only = v->perpetual_check_only;
	out->reset_on_capture = (v->repetition_reset & RESET_CAPTURE) != 0;
	out->reset_on_promotion = (v->repetition_reset & RESET_PROMOTION) != 0;
	out->reset_on_one_way = (v->repetition_reset & RESET_ONE_WAY) != 0;
}

void kifu_variant_get_rules(const kifu_variant *v, kifu_variant_rules *out)
{
	memset(out, 0, sizeof *out);
	out->promotion_zone = v->zone;
	out->promotion_when = (v->promo_when & PROMO_ENTER ? KIFU_PROMOTE_ENTERING : 0) |
			      (v->promo_when & PROMO_IN_ZONE ? KIFU_PROMOTE_IN_ZONE : 0) |
			      (v->promo_when & PROMO_CAPTURE_IN_ZONE ? KIFU_PROMOTE_CAPTURE_IN_ZONE : 0);
	out->drops = v->drops;
	out->royal_rule = v->royal_rule;
	out->lost_without_royal = v->lost_without_royal;
	out->protected_lion = v->lion_protected;
	out->lion_bridge = v->lion_bridge;
	out->counter_strike = v->counter_strike == CS_ANY ? 1 : v->counter_strike == CS_PROTECTED ? 2 : 0;
	out->counter_strike_both_legs = v->counter_strike_both;
	out->bare_royal = v->bare_royal == BARE_BARED ? 1 : v->bare_royal == BARE_ROYALS_AND_ONE ? 2 : 0;
	out->no_legal_move_undecided = v->no_moves_undecided;
	out->lone_royals_draw = v->lone_royals_draw;
	out->declaration_points[0] = v->declare_points[0];
	out->declaration_points[1] = v->declare_points[1];
	out->declaration_in_zone = v->declare_in_zone;
}

const char *kifu_variant_start_sfen(const kifu_variant *v) { return v->start; }

int kifu_variant_named_start_count(const kifu_variant *v) { return v->nstarts; }

const char *kifu_variant_named_start_name(const kifu_variant *v, int i)
{
	return i >= 0 && i < v->nstarts ? v->starts[i].name : NULL;
}

uint64_t kifu_variant_named_start_key(const kifu_variant *v, int i)
{
	return i >= 0 && i < v->nstarts ? v->starts[i].key : 0;
}

const char *kifu_variant_named_start(const kifu_variant *v, const char *name)
{
	for (int i = 0; i < v->nstarts; i++)
		if (!strcmp(v->starts[i].name, name))
			return v->starts[i].sfen;
	return NULL;
}

int kifu_variant_piece_count(const kifu_variant *v) { return v->ntypes; }

int kifu_variant_piece(const kifu_variant *v, int t, kifu_piece_info *out)
{
	if (t < 0 || t >= v->ntypes)
		return KIFU_ENOTFOUND;
	const piece_type *p = &v->types[t];
	out->id = p->id;
	out->sfen = p->sfen;
	out->name = p->name;
	out->kif = p->kif;
	out->english = p->english;
	out->moves = p->moves_text;
	out->naliases = p->naliases;
	out->promoted = p->promoted;
	out->royal = p->royal;
	out->base = p->base;
	out->promotes_to = p->promotes_to;
	out->lion = p->lion;
	out->minor = p->minor;
	out->may_promote_ranks = p->may_promote_ranks;
	out->must_promote_ranks = p->must_promote_ranks;
	out->to_hand = p->to_hand;
	out->no_two_on_file = p->no_two_on_file;
	out->no_drop_mate = p->no_drop_mate;
	out->declaration_points = p->declaration_points;
	return 0;
}

int kifu_variant_piece_reading(const kifu_variant *v, int t, int i, char *buf, size_t size)
{
	if (t < 0 || t >= v->ntypes)
		return KIFU_ENOTFOUND;
	const piece_type *p = &v->types[t];
	/* the same order as names.c collects them (kifu__names_build) */
	char names[4 + MAX_ALIASES][NAME_MAX_LEN + 4];
	int n = 0;
	snprintf(names[n++], sizeof names[0], "%s", p->name);
	snprintf(names[n++], sizeof names[0], "%s", p->kif);
	snprintf(names[n++], sizeof names[0], "%s", p->diagram);
	for (int a = 0; a < p->naliases; a++)
		snprintf(names[n++], sizeof names[0], "%s", p->aliases[a]);
	if (p->promoted && strncmp(p->name, "成", strlen("成")) != 0)
		snprintf(names[n++], sizeof names[0], "成%s", p->name);
	for (int k = 0, seen = 0; k < n; k++) {
		bool again = !names[k][0];
		for (int j = 0; j < k && !again; j++)
			again = !strcmp(names[j], names[k]);
		if (again)
			continue;
		if (seen++ < i)
			continue;
		size_t len = strlen(names[k]);
		if (len >= size)
			return KIFU_ELIMIT;
		memcpy(buf, names[k], len + 1);
		return (int)len;
	}
	return 0;
}

const char *kifu_variant_piece_alias(const kifu_variant *v, int t, int i)
{
	if (t < 0 || t >= v->ntypes || i < 0 || i >= v->types[t].naliases)
		return NULL;
	return v->types[t].aliases[i];
}

int kifu_variant_piece_by_sfen(const kifu_variant *v, const char *token, size_t len)
{
	size_t i = 0;
	int promoted = 0;
	if (len && token[0] == '+') {
		promoted = 1;
		i = 1;
	}
	if (i >= len || token[i] < 'A' || token[i] > 'Z')
		return KIFU_ENOTFOUND;
	int suffix = 0;
	if (i + 1 < len) {
		if (i + 2 != len || (token[i + 1] != '\'' && token[i + 1] != '!'))
			return KIFU_ENOTFOUND;
		suffix = token[i + 1] == '\'' ? 1 : 2;
	}
	int t = v->by_sfen[promoted][token[i] - 'A'][suffix];
	return t >= 0 ? t : KIFU_ENOTFOUND;
}

int kifu_variant_piece_by_id(const kifu_variant *v, const char *id)
{
	for (int t = 0; t < v->ntypes; t++)
		if (!strcmp(v->types[t].id, id))
			return t;
	return KIFU_ENOTFOUND;
}
