/*
 * test_sequence.c - what a position learns while moves are played (the
 * cached check state of the last-royal rule, royals, hands, the hash) must
 * never change the rules' answer.  Along random games of every shipped
 * variant, the legal moves of each position reached by kifu_check_move +
 * kifu_make_move must equal those of the same position read fresh from its
 * SFEN, and the hash must equal a fresh one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <kifu/kifu.h>

static uint64_t rng_state = 88172645463325252ull;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void play_games(const char *name, int games, int max_plies)
{
	const kifu_variant *v;
	kifu_position *p, *fresh;
	assert_int_equal(kifu_variant_builtin(&v, name, NULL), 0);
	assert_int_equal(kifu_position_new(&p, v), 0);
	assert_int_equal(kifu_position_new(&fresh, v), 0);
	kifu_movelist *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	long positions = 0;
	for (int g = 0; g < games; g++) {
		kifu_position_reset(p);
		for (int ply = 0; ply < max_plies; ply++) {
			if (kifu_position_royal_loser(p) >= 0)
				break; /* the game is over (an SFEN does not say so) */
			char sfen[1024];
			assert_true(kifu_position_sfen(p, sfen, sizeof sfen) > 0);
			assert_int_equal(kifu_position_set_sfen(fresh, sfen, strlen(sfen), NULL), 0);
			kifu_generate_legal(p, a);
			kifu_generate_legal(fresh, b);
			if (a->count != b->count ||
			    memcmp(a->moves, b->moves, (size_t)a->count * sizeof a->moves[0]) != 0)
				fail_msg("%s: after play %d moves, fresh from SFEN %d: %s", name, a->count,
					 b->count, sfen);
			assert_true(kifu_position_key(p) == kifu_position_key(fresh));
			positions++;
			if (!a->count)
				break;
			const kifu_move *m = &a->moves[rng() % (uint64_t)a->count];
			assert_int_equal(kifu_check_move(p, m, NULL), 0);
			kifu_make_move(p, m, NULL);
		}
	}
	assert_true(positions > games * 20);
	free(a);
	free(b);
	kifu_position_free(p);
	kifu_position_free(fresh);
}

static void shogi_games(void **state) { (void)state; play_games("shogi", 150, 250); }
static void asakura_games(void **state) { (void)state; play_games("asakura", 300, 250); }
static void sho_games(void **state) { (void)state; play_games("sho", 150, 250); }
static void shozogi_games(void **state) { (void)state; play_games("shozogi", 100, 250); }
static void shozogi_gold_games(void **state) { (void)state; play_games("shozogi-gold", 100, 250); }
static void dai_games(void **state) { (void)state; play_games("dai", 40, 300); }

/* A side with no royal has lost (Dai, Sho: docs/rules.md); standard shogi
 * plays such positions (a tsume problem's attacker has no King). */
static void no_royal(void **state)
{
	(void)state;
	const struct { const char *variant, *sfen; int moves; } cases[] = {
		/* Sente has only a Gold: it has lost, no move */
		{"dai", "14k/15/15/15/15/15/15/7G7/15/15/15/15/15/15/15 b - 1", 0},
		/* Gote, not to move, has no royal: the game is over too */
		{"dai", "15/15/15/15/15/15/15/7G7/15/15/15/15/15/15/14K b - 1", 0},
		{"sho", "9/4p4/9/9/4K4/9/9/9/9 w - 1", 0},
		/* the python-shogi row: 9 files x 8 ranks of pawn drops */
		{"shogi", "4k4/9/9/9/9/9/9/9/9 b 16P 1", 72},
	};
	kifu_movelist *list = malloc(sizeof *list);
	assert_non_null(list);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const kifu_variant *v;
		kifu_position *p;
		assert_int_equal(kifu_variant_builtin(&v, cases[i].variant, NULL), 0);
		assert_int_equal(kifu_position_new(&p, v), 0);
		assert_int_equal(kifu_position_set_sfen(p, cases[i].sfen, strlen(cases[i].sfen), NULL), 0);
		kifu_generate_legal(p, list);
		assert_int_equal(list->count, cases[i].moves);
		if (!cases[i].moves) {
			kifu_move m = {0, KIFU_NO_SQUARE, 1, 0, 0};
			kifu_illegal why;
			assert_int_equal(kifu_check_move(p, &m, &why), KIFU_EILLEGAL);
			assert_int_equal(why.code, KIFU_ILL_GAME_OVER);
		}
		kifu_position_free(p);
	}
	free(list);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shogi_games),   cmocka_unit_test(asakura_games),
		cmocka_unit_test(sho_games),     cmocka_unit_test(shozogi_games),
		cmocka_unit_test(shozogi_gold_games), cmocka_unit_test(dai_games),
		cmocka_unit_test(no_royal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
