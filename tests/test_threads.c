/*
 * test_threads.c - kifu/kifu.h's promise on threads: libkifu has no global
 * mutable state but the shipped variants, loaded on first use under a lock;
 * distinct objects may be used from different threads at once, and
 * variants are shared freely.
 *
 * Several threads at once, each with its own positions, records, streams
 * and a variant set of its own: load the shipped variants for the first
 * time (all of them, at once), a user's variant of their own (from a
 * buffer, inheriting a shipped one) beside one user's variant they all
 * share; play random games of each, write them as compact, KIF, KI2 and
 * CSA (JKF and USI for standard shogi), read every text back and write it
 * again.  Each thread's outputs must be byte for byte the same as every
 * other's and as one thread's alone afterwards.  `make tsan` runs this
 * under ThreadSanitizer, which reports any data race on the way.
 */
#include "support.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 4, GAMES = 6, PLIES = 60 };

/* The shared user's variant (loaded by the main thread), and the text of
 * each thread's own. */
static kifu_variant *shared;
static const char own_text[] = "inherit: chu\nname: mychu\ntitle-ja: 私家中将棋\n";

/* What one run does: its outputs, all joined, or what went wrong. */
typedef struct run {
	char *out;
	size_t len;
	char error[1024];
} run;

/* A deterministic sequence (a run's games are the same in every thread). */
static uint64_t next_random(uint64_t *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return *state >> 33;
}

/* Random games of v as compact lines, into f. */
static void random_games(FILE *f, const kifu_variant *v, unsigned seed, kifu_movelist *list)
{
	kifu_position *pos = NULL;
	uint64_t state = seed;
	if (kifu_position_new(&pos, v))
		return;
	for (int g = 0; g < GAMES; g++) {
		kifu_position_reset(pos);
		fprintf(f, "%s :", kifu_variant_name(v));
		for (int k = 0; k < PLIES; k++) {
			if (kifu_generate_legal(pos, list) || list->count == 0)
				break;
			const kifu_move *m = &list->moves[next_random(&state) % (uint64_t)list->count];
			char text[32];
			fprintf(f, " %s", support_move_text(v, m, text));
			kifu_make_move(pos, m, NULL);
		}
		fputc('\n', f);
	}
	kifu_position_free(pos);
}

/* Every record of text (read as `from`), written in each of `to` into f
 * with its return code; the texts written are read back the same way in
 * turn, when `again`. */
static int convert(FILE *f, const char *text, size_t len, const char *from, const char *const *to,
		   const kifu_variant_set *set, kifu_record *rec, kifu_position **pos, bool again, run *r)
{
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.variants = set;
	opt.notation = from;
	if (kifu_reader_new_buffer(&reader, text, len, from) || kifu_stream_new(&stream, reader, &opt)) {
		snprintf(r->error, sizeof r->error, "cannot read %s", from);
		kifu_reader_free(reader);
		return -1;
	}
	const kifu_variant *v;
	kifu_diag diag;
	int rc, records = 0;
	while ((rc = kifu_stream_next(stream, rec, &v, &diag)) > 0) {
		records++;
		kifu_validation val;
		if (kifu_position_for(pos, v) || kifu_validate(rec, *pos, NULL, &val)) {
			snprintf(r->error, sizeof r->error, "%s: cannot validate", from);
			break;
		}
		fprintf(f, "validated %s: %d %ld %s\n", kifu_variant_name(v), val.valid, val.plies, val.fault.reason);
		for (int i = 0; to[i]; i++) {
			char *buf = NULL;
			size_t n = 0;
			FILE *mem = open_memstream(&buf, &n);
			kifu_diag wd;
			kifu_diag_clear(&wd);
			int wrc = kifu_write(mem, rec, v, to[i], NULL, &wd);
			fclose(mem);
			fprintf(f, "%s %d %s\n", to[i], wrc, wd.message);
			fwrite(buf, 1, n, f);
			if (again && !wrc) {
				static const char *const compact[] = {"compact", NULL};
				kifu_record *back = NULL;
				kifu_position *bpos = NULL;
				if (kifu_record_new(&back) ||
				    convert(f, buf, n, to[i], compact, set, back, &bpos, false, r) < 0) {
					free(buf);
					kifu_record_free(back);
					break;
				}
				kifu_record_free(back);
				kifu_position_free(bpos);
			}
			free(buf);
		}
	}
	if (rc < 0 && !r->error[0])
		snprintf(r->error, sizeof r->error, "%s: %.512s", from, diag.message);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	return r->error[0] ? -1 : records;
}

/* One run: every variant, from its first use on. */
static void *work(void *arg)
{
	run *r = arg;
	memset(r, 0, sizeof *r);
	kifu_variant_set *set = NULL;
	kifu_variant *own = NULL;
	kifu_record *rec = NULL;
	kifu_position *pos = NULL;
	kifu_movelist *list = malloc(sizeof *list);
	kifu_diag diag;
	kifu_diag_clear(&diag);
	FILE *f = open_memstream(&r->out, &r->len);
	if (!list || !f || kifu_variant_set_new(&set) || kifu_record_new(&rec) ||
	    kifu_variant_load_buffer(&own, own_text, strlen(own_text), "own.yaml", &diag) ||
	    kifu_variant_set_add(set, shared) || kifu_variant_set_add(set, own)) {
		snprintf(r->error, sizeof r->error, "cannot set up: %.512s", diag.message);
		goto done;
	}
	/* every shipped variant at once, the first use of most */
	const char *const *names = kifu_variant_builtin_names();
	for (int i = 0; names[i] && !r->error[0]; i++) {
		const kifu_variant *v = kifu_variant_set_find(set, names[i]);
		if (!v) {
			snprintf(r->error, sizeof r->error, "no variant %s", names[i]);
			break;
		}
		char *text = NULL;
		size_t len = 0;
		FILE *g = open_memstream(&text, &len);
		random_games(g, v, 7u + (unsigned)i, list);
		fclose(g);
		bool standard = !strcmp(names[i], "shogi");
		bool nine = kifu_variant_files(v) == 9;
		const char *const to_standard[] = {"compact", "kif", "ki2", "csa", "jkf", "usi", NULL};
		const char *const to_nine[] = {"compact", "kif", "ki2", NULL};
		const char *const to_large[] = {"compact", "kif", NULL};
		convert(f, text, len, "compact", standard ? to_standard : nine ? to_nine : to_large, set, rec, &pos,
			true, r);
		free(text);
	}
	/* the users' variants: the shared one and this thread's */
	const kifu_variant *users[] = {shared, own};
	for (int i = 0; i < 2 && !r->error[0]; i++) {
		char *text = NULL;
		size_t len = 0;
		FILE *g = open_memstream(&text, &len);
		random_games(g, users[i], 100u + (unsigned)i, list);
		fclose(g);
		static const char *const to[] = {"compact", "kif", NULL};
		convert(f, text, len, "compact", to, set, rec, &pos, true, r);
		free(text);
	}
done:
	if (f)
		fclose(f);
	kifu_position_free(pos);
	kifu_record_free(rec);
	kifu_variant_set_free(set);
	kifu_variant_free(own);
	free(list);
	return NULL;
}

static void threads_agree(void **state)
{
	(void)state;
	kifu_diag diag;
	kifu_diag_clear(&diag);
	if (kifu_variant_load_file(&shared, "tests/data/variants/mini.yaml", &diag))
		fail_msg("%s:%ld:%ld: %s", diag.file, diag.line, diag.col, diag.message);
	static run runs[THREADS + 1];
	pthread_t tid[THREADS];
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&tid[i], NULL, work, &runs[i]), 0);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_join(tid[i], NULL), 0);
	/* and one thread alone, every variant loaded by then */
	work(&runs[THREADS]);
	for (int i = 0; i <= THREADS; i++) {
		if (runs[i].error[0])
			fail_msg("run %d: %s", i, runs[i].error);
		assert_true(runs[i].len > 100000);
		if (runs[i].len != runs[THREADS].len || memcmp(runs[i].out, runs[THREADS].out, runs[i].len))
			fail_msg("run %d wrote other bytes than the one thread alone", i);
	}
	/* the outputs are what they are said to be: KIF and CSA among them,
	 * every record valid */
	const char *all = runs[THREADS].out;
	assert_non_null(strstr(all, "\ncsa 0 \n"));
	assert_non_null(strstr(all, "手合割：私家中将棋"));
	assert_null(strstr(all, "validated shogi: 0"));
	for (int i = 0; i <= THREADS; i++)
		free(runs[i].out);
	kifu_variant_free(shared);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(threads_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
