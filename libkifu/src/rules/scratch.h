/*
 * scratch.h - memory a position lends to the layers above the rules core
 * (the play loop counts positions for repetition in it), so that playing
 * record after record takes no allocation per record.
 */
#ifndef KIFU_RULES_SCRATCH_H
#define KIFU_RULES_SCRATCH_H

#include <stddef.h>
#include <stdint.h>
#include "kifu/position.h"

/* At least n uint64_t of scratch owned by pos (kept across uses, freed with
 * it), or NULL when out of memory. */
uint64_t *kifu__position_scratch(kifu_position *pos, size_t n);

#endif
