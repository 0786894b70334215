/*
 * conclude.h - a loaded variant made ready for play (conclude.c): every
 * table derived from its pieces and settings, once.  Below both the loader
 * (variant_yaml.c) and the rules, which read what it derives.
 */
#ifndef KIFU_RULES_CONCLUDE_H
#define KIFU_RULES_CONCLUDE_H

#include "rules/variant_internal.h"

/* Derives every table from the types; fills diag on an inconsistency. */
int kifu__variant_conclude(struct kifu_variant *v, const char *file, kifu_diag *diag);

#endif
