/*
 * names.h - Japanese piece names of a variant (names.c).
 */
#ifndef KIFU_NAMES_H
#define KIFU_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include "rules/variant_internal.h"

/* Builds v->names from the piece types, and each type's names for writing
 * (when the variant is concluded). */
int kifu__names_build(struct kifu_variant *v);
/* The piece type whose name starts s[0..n) (longest match, traditional
 * characters folded), with *len the bytes it takes; -1 if none. */
int kifu__names_match(const struct kifu_variant *v, const char *s, size_t n, size_t *len);
/* Do types a and b share a name (a promoted Bishop and a Dragon Horse)? */
bool kifu__names_same(const struct kifu_variant *v, int a, int b);
/* Folds traditional characters (將 -> 将, ...) of s into out. */
void kifu__names_fold(const char *s, char *out, size_t size);

#endif
