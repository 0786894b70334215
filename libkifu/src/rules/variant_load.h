/*
 * variant_load.h - building a variant from its YAML (variant_yaml.c): the
 * settings and pieces read, the piece types built, the variant concluded
 * (conclude.c) and its start positions read by the SFEN parser (sfen.c).
 */
#ifndef KIFU_RULES_VARIANT_LOAD_H
#define KIFU_RULES_VARIANT_LOAD_H

#include "rules/variant_internal.h"

/* Loads a variant from text (or, with text NULL, from the file) into *v,
 * which must be zeroed (calloc: a variant is large, mostly the room for
 * KIFU_MAX_TYPES piece types, and only what its own types use is ever
 * touched; zeroing it here would touch every page of it). */
int kifu__variant_load(struct kifu_variant *v, const char *text, size_t len, const char *file,
		       kifu_diag *diag);

#endif
