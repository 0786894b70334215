/*
 * test_movelists.c - the two ways to list a position's legal moves agree:
 * kifu_generate_legal (a fixed kifu_movelist of KIFU_MAX_MOVES) and
 * kifu_generate_legal_all (a list that grows), move for move and in the
 * same order, on positions of every shipped variant and of the 36x36 test
 * variants; past KIFU_MAX_MOVES the fixed list says KIFU_ELIMIT and holds
 * the first KIFU_MAX_MOVES of them.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The two lists of pos compared; returns the count. */
static int same_lists(kifu_position *pos, kifu_moves *all, const char *where, int ply)
{
	static kifu_movelist fixed;
	int rc = kifu_generate_legal(pos, &fixed);
	assert_int_equal(kifu_generate_legal_all(pos, all), 0);
	if (all->count > KIFU_MAX_MOVES) {
		assert_int_equal(rc, KIFU_ELIMIT);
		assert_int_equal(fixed.count, KIFU_MAX_MOVES);
	} else {
		assert_int_equal(rc, 0);
		if (fixed.count != all->count)
			fail_msg("%s, ply %d: %d moves in the fixed list, %d in the growing one", where, ply,
				 fixed.count, all->count);
	}
	for (int i = 0; i < fixed.count; i++)
		if (!kifu_move_same(&fixed.moves[i], &all->moves[i]))
			fail_msg("%s, ply %d: move %d differs", where, ply, i);
	return all->count;
}

/* From pos, `plies` moves picked by a fixed linear congruential sequence,
 * the lists compared before each; returns the most moves seen. */
static int walk(kifu_position *pos, int plies, const char *where)
{
	kifu_moves all = KIFU_MOVES_INIT;
	unsigned long seed = 12345;
	int most = 0;
	for (int ply = 0; ply <= plies; ply++) {
		int n = same_lists(pos, &all, where, ply);
		if (n > most)
			most = n;
		if (!n)
			break;
		seed = seed * 1103515245UL + 12345UL;
		kifu_make_move(pos, &all.moves[(seed >> 16) % (unsigned long)n], NULL);
	}
	kifu_moves_free(&all);
	return most;
}

/* Every shipped variant, 60 plies from its start and from each of its
 * named starts. */
static void shipped(void **state)
{
	(void)state;
	const char *const *names = kifu_variant_builtin_names();
	int variants = 0, walks = 0;
	for (; names[variants]; variants++) {
		const kifu_variant *v = support_variant(names[variants]);
		kifu_position *pos = NULL;
		assert_int_equal(kifu_position_new(&pos, v), 0);
		walk(pos, 60, names[variants]);
		walks++;
		for (int i = 0; i < kifu_variant_named_start_count(v); i++) {
			const char *sfen = kifu_variant_named_start(v, kifu_variant_named_start_name(v, i));
			support_set_sfen(pos, sfen);
			walk(pos, 60, names[variants]);
			walks++;
		}
		kifu_position_free(pos);
	}
	assert_int_equal(variants, 42);
	assert_true(walks > variants);
}

static kifu_variant *load(const char *path)
{
	kifu_variant *v = NULL;
	kifu_diag diag;
	kifu_diag_clear(&diag);
	if (kifu_variant_load_file(&v, path, &diag))
		fail_msg("%s: %s", path, diag.message);
	return v;
}

/* 36x36: giant36 from its start, and giant36-open's 33 Rooks (each alone
 * on its rank and file, every move may promote: tests/cases/giant.test
 * counts its 4626 moves), past what the fixed list holds. */
static void giant(void **state)
{
	(void)state;
	kifu_variant *v = load("tests/data/variants/giant36.yaml");
	kifu_position *pos = NULL;
	assert_int_equal(kifu_position_new(&pos, v), 0);
	assert_int_equal(walk(pos, 40, "giant36") >= 99, 1);
	kifu_position_free(pos);
	kifu_variant_free(v);

	v = load("tests/data/variants/giant36-open.yaml");
	assert_int_equal(kifu_position_new(&pos, v), 0);
	char sfen[2048];
	size_t n = 0;
	for (int r = 0; r < 33; r++)
		n += (size_t)snprintf(sfen + n, sizeof sfen - n, "%s%dR%.0d", r ? "/" : "", 35 - r, r);
	n += (size_t)snprintf(sfen + n, sizeof sfen - n, "/2K33/36/k35 b - 1");
	support_set_sfen(pos, sfen);
	kifu_moves all = KIFU_MOVES_INIT;
	assert_int_equal(same_lists(pos, &all, "giant36-open", 0), 4626);
	kifu_moves_free(&all);
	/* and on from there, 20 moves of the Rooks and the Kings */
	assert_true(walk(pos, 20, "giant36-open") > KIFU_MAX_MOVES);
	kifu_position_free(pos);
	kifu_variant_free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shipped),
		cmocka_unit_test(giant),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
