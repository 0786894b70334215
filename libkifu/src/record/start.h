/*
 * start.h - the named start a handicap gives (start.c), for the readers
 * that check a handicap where it is written and for kifu_record_start.
 */
#ifndef KIFU_RECORD_START_H
#define KIFU_RECORD_START_H

#include "kifu/error.h"
#include "kifu/variant.h"

/* The SFEN of the variant's start that a handicap names (its name, its
 * traditional characters folded), or NULL. */
const char *kifu__named_start(const kifu_variant *v, const char *handicap);
/* Fills diag with "unknown handicap "X" for shogi (did you mean 香落ち?;
 * its start positions: ...)"; returns KIFU_ENOTFOUND. */
int kifu__unknown_handicap(const kifu_variant *v, const char *handicap, kifu_diag *diag);

#endif
