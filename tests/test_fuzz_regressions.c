/*
 * test_fuzz_regressions.c - every input the fuzzers kept
 * (tests/fuzz/corpus/NAME/: crashes found and fixed, and interesting
 * inputs) and every seed is replayed through its fuzz target: none may
 * crash, hang or trip a sanitizer (`make asan`).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fuzz/fuzz.h"

/* Runs target on every file of dir; returns how many. */
static int replay_dir(const char *dir, int (*target)(const uint8_t *, size_t))
{
	DIR *d = opendir(dir);
	int n = 0;
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		FILE *f = fopen(path, "rb");
		if (!f)
			continue;
		uint8_t *buf = malloc(1 << 20);
		size_t len = buf ? fread(buf, 1, 1 << 20, f) : 0;
		fclose(f);
		if (buf) {
			target(buf, len);
			n++;
		}
		free(buf);
	}
	closedir(d);
	return n;
}

/* Runs target on every file of each of the dirs (NULL-terminated); returns
 * how many. */
static int replay_dirs(int (*target)(const uint8_t *, size_t), const char *const *dirs)
{
	int n = 0;
	for (; *dirs; dirs++)
		n += replay_dir(*dirs, target);
	return n;
}

/* The records of every notation that `make fuzz` seeds stream and rt_kif
 * with. */
#define JKF_DIRS "tests/data/jkf/fixtures", "tests/data/jkf/tsshogi", "tests/data/jkf/kifu-for-js"
#define RECORD_DIRS                                                                                    \
	"samples", "tests/data/compact", "tests/data/kif/kifu-for-js", "tests/data/kif/kifu-for-js-examples", \
		"tests/data/kif/tsshogi", "tests/data/kif/fixtures", "tests/data/kif/chu",                    \
		"tests/data/kif/dialects", "tests/data/kif/ki2", JKF_DIRS, "tests/data/csa/fixtures",         \
		"tests/data/csa/tsshogi", "tests/data/csa/kifu-for-js"

static void stream_inputs(void **state)
{
	(void)state;
	static const char *const dirs[] = {"tests/fuzz/corpus/stream", RECORD_DIRS, NULL};
	assert_true(replay_dirs(fuzz_stream, dirs) > 40);
}

static void sfen_inputs(void **state)
{
	(void)state;
	int n = replay_dir("tests/fuzz/corpus/sfen", fuzz_sfen);
	n += replay_dir("tests/fuzz/seeds/sfen", fuzz_sfen);
	assert_true(n > 5);
}

static void variant_inputs(void **state)
{
	(void)state;
	int n = replay_dir("tests/fuzz/corpus/variant", fuzz_variant);
	n += replay_dir("tests/data/bad-variants", fuzz_variant);
	assert_true(n > 5);
}

static void move_inputs(void **state)
{
	(void)state;
	int n = replay_dir("tests/fuzz/corpus/move", fuzz_move);
	n += replay_dir("tests/fuzz/seeds/move", fuzz_move);
	assert_true(n >= 2);
}

/* The round trips, over what the fuzzers kept and every real record in the
 * repository. */
static void rt_compact_inputs(void **state)
{
	(void)state;
	static const char *const dirs[] = {"tests/fuzz/corpus/rt_compact", "samples", "tests/data/compact",
					   "tests/data/diff", NULL};
	assert_true(replay_dirs(fuzz_rt_compact, dirs) > 10);
}

static void rt_kif_inputs(void **state)
{
	(void)state;
	static const char *const dirs[] = {"tests/fuzz/corpus/rt_kif", RECORD_DIRS, NULL};
	assert_true(replay_dirs(fuzz_rt_kif, dirs) > 40);
}

/* Records and variant files made from bytes (tests/fuzz/gen.c). */
static void gen_inputs(void **state)
{
	(void)state;
	static const char *const records[] = {"tests/fuzz/corpus/gen_record", NULL};
	static const char *const variants[] = {"tests/fuzz/corpus/gen_variant", NULL};
	assert_true(replay_dirs(fuzz_gen_record, records) >= 1);
	assert_true(replay_dirs(fuzz_gen_variant, variants) >= 1);
	static const char *const all[] = {"tests/fuzz/corpus/rt_all", "tests/fuzz/corpus/gen_record", NULL};
	assert_true(replay_dirs(fuzz_rt_all, all) >= 1);
}

static void json_inputs(void **state)
{
	(void)state;
	static const char *const dirs[] = {"tests/fuzz/corpus/json", JKF_DIRS, NULL};
	assert_true(replay_dirs(fuzz_json, dirs) > 10);
}

/* Every JKF input the tests have, and what the fuzzer kept: each record
 * written as JKF reads back the same. */
static void rt_jkf_inputs(void **state)
{
	(void)state;
	static const char *const dirs[] = {"tests/fuzz/corpus/rt_jkf", "tests/fuzz/corpus/json", JKF_DIRS, NULL};
	assert_true(replay_dirs(fuzz_rt_jkf, dirs) > 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stream_inputs),
		cmocka_unit_test(sfen_inputs),
		cmocka_unit_test(variant_inputs),
		cmocka_unit_test(move_inputs),
		cmocka_unit_test(rt_compact_inputs),
		cmocka_unit_test(rt_kif_inputs),
		cmocka_unit_test(gen_inputs),
		cmocka_unit_test(json_inputs),
		cmocka_unit_test(rt_jkf_inputs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
