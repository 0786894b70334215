/*
 * fuzz_move.c - the first byte picks a shipped variant, the rest is a
 * sequence of compact moves; each parsed move is checked in the position
 * reached so far and played when legal.  A move the check accepts must be
 * one the generator lists.
 */
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"

int fuzz_move(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const char *const *names = kifu_variant_builtin_names();
	int n = 0;
	while (names[n])
		n++;
	const kifu_variant *v;
	kifu_position *pos;
	if (kifu_variant_builtin(&v, names[data[0] % n], NULL) || kifu_position_new(&pos, v))
		return 0;
	kifu_movelist *list = malloc(sizeof *list);
	const char *text = (const char *)data + 1;
	size_t len = size - 1, i = 0;
	while (list && i < len) {
		size_t j = i;
		while (j < len && text[j] != ' ')
			j++;
		kifu_move m;
		const char *msg;
		size_t errpos;
		if (kifu_compact_parse_move(v, text + i, j - i, &m, &msg, &errpos) == 0) {
			kifu_illegal why;
			if (kifu_check_move(pos, &m, &why) == 0) {
				kifu_generate_legal(pos, list);
				int found = 0;
				for (int k = 0; k < list->count && !found; k++) {
					const kifu_move *g = &list->moves[k];
					found = g->from == m.from && g->to == m.to && g->flags == m.flags &&
						(g->flags & KIFU_MOVE_DROP ? g->piece == m.piece : 1) &&
						(g->mid == m.mid || m.mid == KIFU_NO_SQUARE || g->mid == KIFU_NO_SQUARE ||
						 m.from == m.to);
				}
				if (!found && m.mid == KIFU_NO_SQUARE)
					abort(); /* accepted, but the generator does not list it */
				kifu_make_move(pos, &m, NULL);
			} else {
				char buf[512];
				kifu_illegal_describe(v, &why, kifu_compact_square_name, buf, sizeof buf);
			}
		}
		i = j + 1;
	}
	free(list);
	kifu_position_free(pos);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_move)
#endif
