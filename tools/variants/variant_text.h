/*
 * variant_text.h - a variant described for people (text) and for scripts
 * (JSON): what kifu-variants prints.
 */
#ifndef KIFU_VARIANT_TEXT_H
#define KIFU_VARIANT_TEXT_H

#include <stdio.h>

#include <kifu/kifu.h>

/* One line per variant of the set: name, board, drops, title. */
void variant_list_text(FILE *f, const kifu_variant_set *set);
/* A JSON array of {"name","title","title_ja","files","ranks","drops","inherits"}:
 * 0, or the JSON writer's failure (kifu/json.h). */
int variant_list_json(FILE *f, const kifu_variant_set *set);

/* Everything about one variant: board, start, named starts, the rules,
 * and each piece with its SFEN letter, id, English name, movement, every
 * Japanese name a reader takes and what it does besides moving. */
void variant_show_text(FILE *f, const kifu_variant *v);
/* The same as one JSON object: 0, or the JSON writer's failure. */
int variant_show_json(FILE *f, const kifu_variant *v);

#endif
