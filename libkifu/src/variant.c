/*
 * variant.c - the variant model: derived tables, accessors, shipped variants.
 */
#include <stdlib.h>
#include <string.h>

#include "variant_internal.h"
#include "builtin.h"
#include "names.h"

/* Marks every destination (relative to the mover) that each kind of move of
 * a piece reaches; a destination reached two ways means the generator must
 * drop duplicates for this piece. */
static bool moves_overlap(const movement *m)
{
	enum { SPAN = 2 * KIFU_MAX_DIM + 1 };
	static unsigned char seen[SPAN][SPAN];
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

int variant_conclude(struct kifu_variant *v, const char *file, kifu_diag *diag)
{
	(void)file;
	(void)diag;
	v->nleap_attacks = 0;
	v->nslide_attacks = 0;
	v->nline_attacks = 0;
	memset(&v->area_lions, 0, sizeof v->area_lions);
	v->any_lion = false;
	for (int t = 0; t < v->ntypes; t++) {
		piece_type *pt = &v->types[t];
		const movement *m = &pt->mv;
		pt->dedupe = moves_overlap(m);
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
	if (names_build(v))
		return kifu_diag_set(diag, KIFU_ELIMIT, file, 0, 0, "too many piece names");
	return 0;
}

/* ---- shipped variants ---- */

static struct kifu_variant *builtin_cache[16];
static const char *builtin_names[17];

const char *const *kifu_variant_builtin_names(void)
{
	size_t n = kifu_builtin_file_count < 16 ? kifu_builtin_file_count : 16;
	for (size_t i = 0; i < n; i++)
		builtin_names[i] = kifu_builtin_files[i].name;
	builtin_names[n] = NULL;
	return builtin_names;
}

int kifu_variant_builtin(const kifu_variant **out, const char *name, kifu_diag *diag)
{
	*out = NULL;
	for (size_t i = 0; i < kifu_builtin_file_count && i < 16; i++) {
		if (strcmp(kifu_builtin_files[i].name, name) != 0)
			continue;
		if (!builtin_cache[i]) {
			struct kifu_variant *v = malloc(sizeof *v);
			if (!v)
				return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
			int rc = variant_load(v, kifu_builtin_files[i].text, kifu_builtin_files[i].len,
					      kifu_builtin_files[i].path, diag);
			if (rc) {
				free(v);
				return rc;
			}
			v->builtin = true;
			builtin_cache[i] = v;
		}
		*out = builtin_cache[i];
		return 0;
	}
	return kifu_diag_set(diag, KIFU_ENOTFOUND, NULL, 0, 0, "unknown variant \"%s\"", name);
}

int kifu_variant_load_buffer(kifu_variant **out, const char *text, size_t len,
			     const char *filename, kifu_diag *diag)
{
	*out = NULL;
	struct kifu_variant *v = malloc(sizeof *v);
	if (!v)
		return kifu_diag_set(diag, KIFU_ENOMEM, filename, 0, 0, "out of memory");
	int rc = variant_load(v, text, len, filename ? filename : "(buffer)", diag);
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
	struct kifu_variant *v = malloc(sizeof *v);
	if (!v)
		return kifu_diag_set(diag, KIFU_ENOMEM, path, 0, 0, "out of memory");
	int rc = variant_load(v, NULL, 0, path, diag);
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
int kifu_variant_files(const kifu_variant *v) { return v->files; }
int kifu_variant_ranks(const kifu_variant *v) { return v->ranks; }
int kifu_variant_has_drops(const kifu_variant *v) { return v->drops; }
enum kifu_royal_rule kifu_variant_royal_rule(const kifu_variant *v) { return v->royal_rule; }
const char *kifu_variant_start_sfen(const kifu_variant *v) { return v->start; }

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
		return -1;
	const piece_type *p = &v->types[t];
	out->id = p->id;
	out->sfen = p->sfen;
	out->name = p->name;
	out->kif = p->kif;
	out->english = p->english;
	out->moves = p->moves_text;
	out->promoted = p->promoted;
	out->royal = p->royal;
	out->base = p->base;
	out->promotes_to = p->promotes_to;
	return 0;
}

int kifu_variant_piece_by_sfen(const kifu_variant *v, const char *token, size_t len)
{
	for (int t = 0; t < v->ntypes; t++)
		if (strlen(v->types[t].sfen) == len && !memcmp(v->types[t].sfen, token, len))
			return t;
	return -1;
}

int kifu_variant_piece_by_id(const kifu_variant *v, const char *id)
{
	for (int t = 0; t < v->ntypes; t++)
		if (!strcmp(v->types[t].id, id))
			return t;
	return -1;
}
