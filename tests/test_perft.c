/*
 * test_perft.c - perft (leaf counts of the legal-move tree) against
 * published counts for standard shogi, and a hand count for Dai Shogi.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t perft_of(const char *variant, const char *sfen, int depth)
{
	kifu_position *pos = support_position(variant, sfen);
	uint64_t n = support_perft(pos, depth);
	kifu_position_free(pos);
	return n;
}

static void shogi_start(void **state)
{
	(void)state;
	/* Standard shogi from the start: 30, 900, 25470, 719731 (Peeper,
	 * YaneuraOu, python-shogi and Fairy-Stockfish agree). */
	assert_int_equal(perft_of("shogi", NULL, 1), 30);
	assert_int_equal(perft_of("shogi", NULL, 2), 900);
	assert_int_equal(perft_of("shogi", NULL, 3), 25470);
	assert_int_equal(perft_of("shogi", NULL, 4), 719731);
}

/* Every row of tests/data/standard-perft.tsv: sfen, depth, nodes, source. */
static void shogi_published(void **state)
{
	(void)state;
	FILE *f = fopen("tests/data/standard-perft.tsv", "r");
	char line[1024];
	int rows = 0, failed = 0;

	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *sfen = strtok(line, "\t"), *depth = strtok(NULL, "\t"),
		     *nodes = strtok(NULL, "\t"), *source = strtok(NULL, "\t\n");
		assert_non_null(source);
		uint64_t want = strtoull(nodes, NULL, 10);
		uint64_t got = perft_of("shogi", sfen, atoi(depth));
		if (got != want) {
			print_error("perft %s (%s) depth %s: %llu, expected %llu\n", sfen, source,
				    depth, (unsigned long long)got, (unsigned long long)want);
			failed++;
		}
		rows++;
	}
	fclose(f);
	assert_int_equal(rows, 31);
	assert_int_equal(failed, 0);
}

static void dai_start(void **state)
{
	(void)state;
	/* Dai Shogi from the start, depth 1, counted by hand from the start
	 * position of docs/rules.md (Dai Shogi) and the moves of the seed's table (Sente's
	 * camp is ranks k-o; rank j holds only the two Go-betweens):
	 *   pawns (rank k): 13, all but those below the Go-betweens
	 *   Go-betweens 11j 5j: one step forward each             2
	 *   Rooks 15l 1l: one step back (15m, 1m)                  2
	 *   Flying Dragons 14l 2l: back diagonals, 13m 12n 15m /
	 *     1m 3m 4n                                              6
	 *   Side Movers 13l 3l: one step back                      2
	 *   Dragon Horses 10l 6l: back diagonal, 11m 12n / 5m 4n   4
	 *   Violent Oxen 14m 2m: 14n 13m 15m / 2n 1m 3m            6
	 *   Angry Boars 12m 4m: 12n 11m 13m / 4n 3m 5m             6
	 *   Evil Wolves 10m 6m: sideways 11m / 5m                  2
	 *   Kirin 9m: step 10n, jump 11m                           2
	 *   Lion 8m: jumps 6n 10n (every neighbour is its own)     2
	 *   Reverse Chariots 15n 1n: 15m / 1m                      2
	 *   Ferocious Leopards 11n 5n: 11m / 5m                    2
	 *   Blind Tigers 9n 7n: sideways 10n / 6n                  2
	 *   Knights 14o 2o: 13m 15m / 1m 3m                        4
	 *   Stone Generals 13o 3o: 12n 14n / 2n 4n                 4
	 *   Iron Generals 12o 4o: 12n / 4n                         2
	 *   Copper Generals 11o 5o: 10n 12n / 4n 6n                4
	 *   Silvers 10o 6o: 10n / 6n                               2
	 *   Golds 9o 7o: 10n / 6n                                  2
	 *   Verticals, Bishops, Dragon Kings, Free King, Phoenix,
	 *   Cat Swords, Drunk Elephant, Lances, King: boxed in     0
	 *                                                   total 71 */
	assert_int_equal(perft_of("dai", NULL, 1), 71);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shogi_start),
		cmocka_unit_test(shogi_published),
		cmocka_unit_test(dai_start),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
