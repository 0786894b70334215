/*
 * variant.c - variants as the public API gives them: the shipped variants
 * (loaded on first use, under the one lock of the library), variants from
 * files, the set of variants a program knows, and what a variant says.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/variant_load.h"
#include "rules/builtin.h"
#include "rules/sfen.h"
#include "text/similar.h"

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
		struct kifu_variant *v = calloc(1, sizeof *v); /* zeroed: kifu__variant_load */
		if (!v) {
			rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		} else {
			rc = kifu__variant_load(v, kifu__builtin_files[i].text, kifu__builtin_files[i].len,
						kifu__builtin_files[i].path, diag);
			if (rc) {
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

/* The shipped file that is the set's i-th variant, or NULL (an added one,
 * or i out of range). */
static const struct kifu_builtin_file *shipped_file_at(const kifu_variant_set *set, int i)
{
	if (i < 0 || (set && i < set->nadded))
		return NULL;
	int at = set ? set->nadded : 0;
	for (size_t k = 0; k < kifu__builtin_file_count; k++)
		if (!find_added(set, kifu__builtin_files[k].name) && at++ == i)
			return &kifu__builtin_files[k];
	return NULL;
}

int kifu_variant_set_start_name(const kifu_variant_set *set, int i, int sq, const char **name,
				enum kifu_side *side)
{
	const struct kifu_builtin_file *f = shipped_file_at(set, i);
	if (!f || !f->start_board || sq < 0 || sq >= f->files * f->ranks)
		return KIFU_ENOTFOUND;
	int p = f->start_board[sq];
	if (!p)
		return 0;
	*name = f->start_names[p > 0 ? p - 1 : -p - 1];
	*side = p > 0 ? KIFU_SENTE : KIFU_GOTE;
	return 1;
}

int kifu_variant_set_summary(const kifu_variant_set *set, int i, kifu_variant_summary *out)
{
	if (i < 0)
		return KIFU_ENOTFOUND;
	if (set && i < set->nadded) {
		const kifu_variant *v = set->added[i];
		*out = (kifu_variant_summary){v->name, "", -1, v->files, v->ranks, 0};
		return 0;
	}
	int at = set ? set->nadded : 0;
	for (size_t k = 0; k < kifu__builtin_file_count; k++) {
		if (find_added(set, kifu__builtin_files[k].name))
			continue;
		if (at++ != i)
			continue;
		const struct kifu_builtin_file *f = &kifu__builtin_files[k];
		*out = (kifu_variant_summary){f->yaml_name ? f->yaml_name : f->name, "", -1, f->files, f->ranks,
					      f->start_as_parent};
		if (f->parent >= 0 && !find_added(set, f->inherit)) {
			out->parent = f->inherit;
			/* its index: the added ones, then the shipped ones before it not hidden */
			out->parent_at = set ? set->nadded : 0;
			for (int j = 0; j < f->parent; j++)
				out->parent_at += !find_added(set, kifu__builtin_files[j].name);
		} else {
			out->start_as_parent = 0;
		}
		return 0;
	}
	return KIFU_ENOTFOUND;
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
	for (int i = 0; i < v->nstarts; i++)
		if (!strcmp(want, v->starts[i].folded))
			return i;
	return -1;
}

/* An English title as a person types it: letters and digits only, ASCII
 * lowercase ("Dai Shogi", "dai-shogi", "DAISHOGI": daishogi).  0 when
 * nothing is left, or when it does not fit. */
static int english_fold(const char *s, char *buf, size_t size)
{
	size_t n = 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == ' ' || c == '-' || c == '_')
			continue;
		if (n + 1 >= size)
			return 0;
		buf[n++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
	}
	buf[n] = '\0';
	return n > 0;
}

/* Is v's name or English title `want` (english_fold's)? */
static bool english_is(const char *want, const kifu_variant *v)
{
	char have[256];
	return (english_fold(v->name, have, sizeof have) && !strcmp(want, have)) ||
	       (english_fold(v->title, have, sizeof have) && !strcmp(want, have));
}

const kifu_variant *kifu_variant_set_find_called(const kifu_variant_set *set, const char *name)
{
	const kifu_variant *v = kifu_variant_set_find(set, name);
	if (!v)
		v = kifu_variant_set_find_title(set, name);
	char want[256];
	if (v || !english_fold(name, want, sizeof want))
		return v;
	/* the English titles are the loaded variants': each is loaded once
	 * for the process, for a name nothing cheaper found */
	for (int i = 0; i < kifu_variant_set_count(set); i++)
		if ((v = kifu_variant_set_at(set, i)) && english_is(want, v))
			return v;
	return NULL;
}

int kifu_variant_named_start_find(const kifu_variant *v, const char *name)
{
	char want[256];
	kifu_name_fold(name, want, sizeof want);
	int i = variant_start(v, want);
	return i >= 0 ? i : KIFU_ENOTFOUND;
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
	struct kifu_variant *v = calloc(1, sizeof *v); /* zeroed: kifu__variant_load */
	if (!v)
		return kifu_diag_set(diag, KIFU_ENOMEM, filename, 0, 0, "out of memory");
	int rc = kifu__variant_load(v, text, len, filename ? filename : "(buffer)", diag);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v;
	return 0;
}

int kifu_variant_load_file(kifu_variant **out, const char *path, kifu_diag *diag)
{
	*out = NULL;
	struct kifu_variant *v = calloc(1, sizeof *v); /* zeroed: kifu__variant_load */
	if (!v)
		return kifu_diag_set(diag, KIFU_ENOMEM, path, 0, 0, "out of memory");
	int rc = kifu__variant_load(v, NULL, 0, path, diag);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v;
	return 0;
}

void kifu_variant_free(kifu_variant *v)
{
	if (v && !v->builtin)
		free(v);
}

const char *kifu_variant_name(const kifu_variant *v) { return v->name; }
const char *kifu_variant_title(const kifu_variant *v) { return v->title; }
const char *kifu_variant_parent(const kifu_variant *v) { return v->parent; }
const char *kifu_variant_title_ja(const kifu_variant *v) { return v->title_ja; }
int kifu_variant_files(const kifu_variant *v) { return v->files; }
int kifu_variant_ranks(const kifu_variant *v) { return v->ranks; }
int kifu_variant_has_drops(const kifu_variant *v) { return v->drops; }
enum kifu_royal_rule kifu_variant_royal_rule(const kifu_variant *v) { return (enum kifu_royal_rule)v->royal_rule; }

void kifu_variant_repetition(const kifu_variant *v, kifu_repetition_rule *out)
{
	out->count = v->repetition_count;
	out->perpetual_attack_loses = v->perpetual_attack != PERPETUAL_NONE;
	out->perpetual_check_only = v->perpetual_attack == PERPETUAL_CHECK;
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
			      (v->promo_when & PROMO_CAPTURE_IN_ZONE ? KIFU_PROMOTE_CAPTURE_IN_ZONE : 0) |
			      (v->promo_when & PROMO_BY_CAPTURE ? KIFU_PROMOTE_BY_CAPTURE : 0);
	out->promotion_forced = v->promo_forced ? 1 : v->promo_forced_taking_promoted ? 2 : 0;
	out->promotion_first_step = v->promo_first_step;
	out->drops = v->drops;
	out->royal_rule = (enum kifu_royal_rule)v->royal_rule;
	out->lost_without_royal = v->lost_without_royal;
	out->protected_lion = v->lion_protected;
	out->lion_bridge = v->lion_bridge;
	out->counter_strike = v->counter_strike; /* the same numbers: none, any, protected */
	out->counter_strike_both_legs = v->counter_strike_legs == LEGS_BOTH;
	out->bare_royal = v->bare_royal;         /* none, bared, royals-and-one */
	out->no_legal_move_undecided = v->no_legal_move == NO_MOVE_UNDECIDED;
	out->lone_royals_draw = v->lone_royals == LONE_DRAW;
	out->declaration_points[0] = v->declare_points[0];
	out->declaration_points[1] = v->declare_points[1];
	out->declaration_in_zone = v->declare_in_zone;
	out->range_jump_to_empty = v->jump_to_empty;
	out->range_jump_takes_lower = v->jump_takes == TAKES_LOWER;
	out->range_jump_captures_passed = v->jump_passed == PASSED_CAPTURED;
	out->burn_passive = v->burn_passive;
	out->burner_meets = v->burner_meets; /* the same numbers as the key's words */
}

const char *kifu_variant_start_sfen(const kifu_variant *v) { return v->start; }

int kifu_variant_start_at(const kifu_variant *v, int sq)
{
	return sq >= 0 && sq < v->files * v->ranks ? v->start_setup.board[sq] : 0;
}

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
	const piece_desc *d = &p->desc;
	*out = (kifu_piece_info){
		.id = d->id, .sfen = d->sfen, .name = d->names.name, .kif = d->names.kif,
		.english = d->names.english, .moves = d->moves, .naliases = d->names.naliases,
		.promoted = p->promoted, .royal = d->royal, .base = p->base, .promotes_to = p->promotes_to,
		.lion = d->lion, .minor = d->minor, .may_promote_ranks = d->may_promote_ranks,
		.must_promote_ranks = d->must_promote_ranks, .to_hand = p->to_hand,
		.no_two_on_file = d->no_two_on_file, .no_drop_mate = d->no_drop_mate,
		.declaration_points = d->declaration_points, .max_on_file = d->max_on_file,
		.rank = d->rank, .jump_rank = d->jump_rank >= 0 ? d->jump_rank : d->rank, .burns = d->burns,
		.captor_becomes = p->captor_becomes, .keeps_form = d->keeps_form, .reading = d->names.reading,
	};
	return 0;
}

const char *kifu_variant_piece_alias(const kifu_variant *v, int t, int i)
{
	if (t < 0 || t >= v->ntypes || i < 0 || i >= v->types[t].desc.names.naliases)
		return NULL;
	return v->types[t].desc.names.aliases[i];
}

int kifu_variant_piece_by_sfen(const kifu_variant *v, const char *token, size_t len)
{
	return kifu__sfen_token_type(v, token, len);
}

int kifu_variant_piece_by_id(const kifu_variant *v, const char *id)
{
	for (int t = 0; t < v->ntypes; t++)
		if (!strcmp(v->types[t].desc.id, id))
			return t;
	return KIFU_ENOTFOUND;
}
