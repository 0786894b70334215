/*
 * fuzz_sfen.c - bytes as an SFEN for every shipped variant; a position that
 * parses is written back, must parse again to the same SFEN, and its moves
 * are generated.
 */
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>
#include "fuzz.h"

int fuzz_sfen(const uint8_t *data, size_t size)
{
	const char *const *names = kifu_variant_builtin_names();
	kifu_movelist *list = malloc(sizeof *list);
	if (!list)
		return 0;
	for (int i = 0; names[i]; i++) {
		const kifu_variant *v;
		kifu_position *pos;
		if (kifu_variant_builtin(&v, names[i], NULL) || kifu_position_new(&pos, v))
			continue;
		kifu_diag diag;
		if (kifu_position_set_sfen(pos, (const char *)data, size, &diag) == 0) {
			char a[4096], b[4096];
			if (kifu_position_sfen(pos, a, sizeof a) > 0 &&
			    kifu_position_set_sfen(pos, a, strlen(a), &diag) == 0 &&
			    kifu_position_sfen(pos, b, sizeof b) > 0 && strcmp(a, b) != 0)
				abort(); /* SFEN out and in must agree */
			kifu_generate_legal(pos, list);
			for (int k = 0; k < list->count && k < 64; k++) {
				kifu_undo u;
				if (kifu_check_move(pos, &list->moves[k], NULL) != 0)
					abort(); /* a generated move must pass the one-move check */
				kifu_make_move(pos, &list->moves[k], &u);
				kifu_unmake_move(pos, &u);
			}
		}
		kifu_position_free(pos);
	}
	free(list);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_sfen)
#endif
