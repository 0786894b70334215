/*
 * movement.h - the movement notation (formats/movement.md) compiled into the
 * tables of a piece type (movement.c).
 */
#ifndef KIFU_RULES_MOVEMENT_H
#define KIFU_RULES_MOVEMENT_H

#include "rules/variant_internal.h"

/* Parses a movement string into *out.  On error returns KIFU_ESYNTAX and
 * sets *errpos to the 0-based offset of the bad character and *msg. */
int kifu__movement_parse(const char *text, movement *out, int *errpos, const char **msg);

#endif
