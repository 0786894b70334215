/*
 * variant_load.h - building a variant: loading its YAML (variant_yaml.c) and
 * deriving the tables the rules core works from (variant.c).  The loader is
 * the top of the rules layer: it parses the start position, so it comes
 * after position.c, which knows only the variant model.
 */
#ifndef KIFU_RULES_VARIANT_LOAD_H
#define KIFU_RULES_VARIANT_LOAD_H

#include "rules/variant_internal.h"

/* Derives every table from the types; fills diag on an inconsistency. */
int kifu__variant_conclude(struct kifu_variant *v, const char *file, kifu_diag *diag);

/* Loads a variant from text (or, with text NULL, from the file) into *v. */
int kifu__variant_load(struct kifu_variant *v, const char *text, size_t len, const char *file,
		       kifu_diag *diag);

#endif
