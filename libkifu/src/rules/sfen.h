/*
 * sfen.h - the SFEN parser (sfen.c): an SFEN read into a setup of the
 * variant model, with no position made.  The loader checks a variant's
 * start positions with it; positions are set from what it reads.
 */
#ifndef KIFU_RULES_SFEN_H
#define KIFU_RULES_SFEN_H

#include <stddef.h>
#include "rules/variant_internal.h"

/* Reads the SFEN s[0..len) of variant v into *out (docs/rules.md, "SFEN").
 * Returns 0, or KIFU_ESYNTAX with diag->col the 1-based column of the
 * problem in s (diag may be NULL); *out is then partly written. */
int kifu__sfen_parse(const struct kifu_variant *v, const char *s, size_t len, sfen_setup *out,
		     kifu_diag *diag);

/* The type of an SFEN piece token ("P", "+P", "L!", "+C'"), or
 * KIFU_ENOTFOUND. */
int kifu__sfen_token_type(const struct kifu_variant *v, const char *token, size_t len);

#endif
