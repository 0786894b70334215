/*
 * perft VARIANT DEPTH [SFEN] - counts the leaves of the tree of legal moves
 * DEPTH plies deep from a shipped variant's start position (or from SFEN),
 * as kifu_perft does, with kifu_generate_legal, kifu_make_move and
 * kifu_unmake_move: a move list per ply (on the heap: 32 KiB each) and a
 * kifu_undo per ply on the stack.  Exit status: 0; 2 on an error.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

/* lists[0] holds this ply's moves, lists[1] the next ply's, ... */
static uint64_t perft(kifu_position *pos, int depth, kifu_movelist *lists)
{
	uint64_t n = 0;
	if (depth == 0)
		return 1;
	/* none once a side has lost its last royal; KIFU_ELIMIT (more moves than
	 * a list holds) only in a user's variant far larger than the shipped */
	kifu_generate_legal(pos, lists);
	if (depth == 1)
		return (uint64_t)lists->count;
	for (int i = 0; i < lists->count; i++) {
		kifu_undo undo; /* a plain value: what the move changed */
		kifu_make_move(pos, &lists->moves[i], &undo);
		n += perft(pos, depth - 1, lists + 1);
		kifu_unmake_move(pos, &undo);
	}
	return n;
}

int main(int argc, char **argv)
{
	const kifu_variant *v = NULL; /* a shipped variant: the library's, never freed */
	kifu_position *pos = NULL;
	kifu_movelist *lists = NULL;
	kifu_diag diag = {0};
	char *end = NULL;
	long depth = argc >= 3 ? strtol(argv[2], &end, 10) : -1;
	int rc, status = 2;

	if (argc < 3 || argc > 4 || end == argv[2] || *end || depth < 0 || depth > 30) {
		fprintf(stderr, "usage: perft VARIANT DEPTH [SFEN]   (DEPTH: 0 to 30)\n");
		return 2;
	}
	if ((rc = kifu_variant_builtin(&v, argv[1], &diag)) < 0 ||
			(rc = kifu_position_new(&pos, v)) < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], diag.message[0] ? diag.message :
				kifu_error_string(rc));
	} else if (argc == 4 &&
			(rc = kifu_position_set_sfen(pos, argv[3], strlen(argv[3]), &diag)) < 0) {
		/* the SFEN is a text of one line: the column says where */
		fprintf(stderr, "SFEN:1:%ld: %s\n", diag.col, diag.message);
	} else if (!(lists = malloc((size_t)(depth + 1) * sizeof *lists))) {
		perror("perft");
	} else {
		printf("%" PRIu64 "\n", perft(pos, (int)depth, lists));
		status = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
	}
	free(lists);
	kifu_position_free(pos);
	return status;
}
