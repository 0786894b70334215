/*
 * test_csa.c - the CSA notation through the public API (docs/csa.md): its
 * place in the notation table, every ending and tag of the vocabulary
 * through it and back, the ILLEGAL_ACTION specials by the side to move,
 * what its writer leaves out and says, the variants it refuses, and telling
 * CSA from the other notations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* ---- helpers ---- */

/* Reads the first record of text into rec; returns kifu_stream_next's
 * result, with *v and the notation told (*notation, when not NULL). */
static int read_first(kifu_record *rec, const char *text, const kifu_variant **v, const char **notation)
{
	kifu_reader *r = NULL;
	kifu_stream *s = NULL;
	kifu_diag d;
	assert_int_equal(kifu_reader_new_buffer(&r, text, strlen(text), "mem"), 0);
	assert_int_equal(kifu_stream_new(&s, r, NULL), 0);
	int rc = kifu_stream_next(s, rec, v, &d);
	static char name[32];
	snprintf(name, sizeof name, "%s", kifu_stream_notation(s) ? kifu_stream_notation(s) : "");
	if (notation)
		*notation = name;
	kifu_stream_free(s);
	kifu_reader_free(r);
	return rc;
}

/* What the writer said it left out. */
static unsigned dropped_bits;
static char dropped_words[160];

static void on_dropped(void *ctx, unsigned dropped, const char *what)
{
	(void)ctx;
	dropped_bits = dropped;
	snprintf(dropped_words, sizeof dropped_words, "%s", what);
}

/* The record in CSA, or NULL with *rc set; the caller frees. */
static char *write_csa(const kifu_record *rec, const kifu_variant *v, int *rc, kifu_diag *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	kifu_write_options opt = KIFU_WRITE_OPTIONS_INIT;
	opt.dropped = on_dropped;
	dropped_bits = 0;
	dropped_words[0] = 0;
	kifu_diag_clear(d);
	*rc = kifu_write(f, rec, v, "csa", &opt, d);
	fclose(f);
	if (*rc) {
		assert_int_equal(len, 0); /* nothing of a record that cannot be written */
		free(text);
		return NULL;
	}
	return text;
}

/* compact -> CSA, failing the test on an error. */
static char *to_csa(kifu_record *rec, const char *compact)
{
	const kifu_variant *v;
	assert_int_equal(read_first(rec, compact, &v, NULL), 1);
	assert_null(kifu_record_error(rec, NULL, NULL, NULL, NULL));
	int rc;
	kifu_diag d;
	char *csa = write_csa(rec, v, &rc, &d);
	if (!csa)
		fail_msg("%s: %s", compact, d.message);
	return csa;
}

/* ---- the table ---- */

static void csa_in_the_table(void **state)
{
	(void)state;
	int i = kifu_notation_find("csa");
	assert_true(i >= 0);
	kifu_notation_info info;
	assert_int_equal(kifu_notation_at(i, &info), 0);
	assert_true(info.can_read && info.can_write);
	assert_string_equal(info.extensions, ".csa");
	assert_string_equal(info.between, "/\n"); /* V2.2 2.1: records separated by "/" */
	kifu_square_namer namer = kifu_notation_square_namer("csa");
	assert_non_null(namer);
	char sq[8];
	namer(support_variant("shogi"), 6 * 9 + 6, sq, sizeof sq);
	assert_string_equal(sq, "77");
}

/* ---- the vocabulary through CSA ---- */

/* Every ending after one move (Gote to move): its special, read back as
 * the same word.  illegal-win is said by the side at fault, Sente here;
 * sealed has no special and is left out, said. */
static void every_ending(void **state)
{
	(void)state;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (int i = 0; i < kifu_ending_count(); i++) {
		const kifu_ending_info *e = kifu_ending_at(i);
		char text[128];
		snprintf(text, sizeof text, "shogi : 7g7f %s\n", e->word);
		char *csa = to_csa(rec, text);
		const char *special = e->csa ? e->csa : !strcmp(e->word, "illegal-win") ? "%+ILLEGAL_ACTION" : NULL;
		if (!special) {
			assert_string_equal(e->word, "sealed");
			assert_int_equal(dropped_bits, KIFU_DROPPED_ENDING);
			assert_null(strchr(csa, '%'));
			free(csa);
			continue;
		}
		char line[64];
		snprintf(line, sizeof line, "\n+7776FU\n%s\n", special);
		if (!strstr(csa, line))
			fail_msg("%s: no \"%s\" after the move in\n%s", e->word, special, csa);
		assert_int_equal(dropped_bits, 0);
		const char *notation;
		const kifu_variant *v;
		assert_int_equal(read_first(rec, csa, &v, &notation), 1);
		assert_string_equal(notation, "csa");
		assert_string_equal(kifu_record_ending(rec), e->word);
		kifu_record_line_info li;
		kifu_record_get_line(rec, 0, &li);
		assert_string_equal(li.ending_text, special); /* as written */
		free(csa);
	}
	kifu_record_free(rec);
}

/* %+ILLEGAL_ACTION: Sente committed the illegal act and lost (V2.2: "先手
 * (下手)の反則行為により、後手(上手)の勝ち"); the ending is the side to
 * move's: its loss when it is at fault, else its win. */
static void illegal_action_by_side_to_move(void **state)
{
	(void)state;
	static const struct { const char *moves, *special, *word; } cases[] = {
		{"+7776FU\n-3334FU", "%+ILLEGAL_ACTION", "illegal-loss"}, /* Sente to move, at fault */
		{"+7776FU", "%+ILLEGAL_ACTION", "illegal-win"},           /* Gote to move: Sente at fault */
		{"+7776FU\n-3334FU", "%-ILLEGAL_ACTION", "illegal-win"},
		{"+7776FU", "%-ILLEGAL_ACTION", "illegal-loss"},
		{"+7776FU\n-3334FU", "%ILLEGAL_MOVE", "illegal-loss"},    /* 手番側の反則負け */
		{"+7776FU", "%ILLEGAL_MOVE", "illegal-loss"},
	};
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[128];
		const kifu_variant *v;
		snprintf(text, sizeof text, "V2.2\nPI\n+\n%s\n%s\n", cases[i].moves, cases[i].special);
		assert_int_equal(read_first(rec, text, &v, NULL), 1);
		assert_null(kifu_record_error(rec, NULL, NULL, NULL, NULL));
		if (strcmp(kifu_record_ending(rec), cases[i].word))
			fail_msg("%s after %s: %s, not %s", cases[i].special, cases[i].moves, kifu_record_ending(rec),
				 cases[i].word);
	}
	kifu_record_free(rec);
}

/* Every tag CSA has a line for, in CSA and back; the handicap by PI. */
static void every_tag(void **state)
{
	(void)state;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (int i = 0; i < kifu_tag_count(); i++) {
		const kifu_tag_info *t = kifu_tag_at(i);
		char text[256], line[128];
		const char *value = !strcmp(t->key, "handicap") ? "香落ち" : "甲乙, 丙";
		snprintf(text, sizeof text, "shogi %s=%s : %s\n", t->key,
			 !strcmp(t->key, "handicap") ? value : "甲乙,%20丙",
			 !strcmp(t->key, "handicap") ? "5a4b" : "7g7f");
		char *csa = to_csa(rec, text);
		if (t->csa)
			snprintf(line, sizeof line, "\n%s%s%s\n", t->csa, t->csa[0] == '$' ? ":" : "", value);
		else
			snprintf(line, sizeof line, "\nPI11KY\n-\n");
		if (!strstr(csa, line))
			fail_msg("%s: no \"%s\" in\n%s", t->key, line + 1, csa);
		assert_int_equal(dropped_bits, 0);
		const kifu_variant *v;
		assert_int_equal(read_first(rec, csa, &v, NULL), 1);
		assert_string_equal(kifu_record_tag(rec, t->key), value);
		free(csa);
	}
	/* a $ line kifu has no tag for comes back whole */
	char *csa = to_csa(rec, "shogi csa=$MAX_MOVES:320 : 7g7f\n");
	assert_non_null(strstr(csa, "\n$MAX_MOVES:320\n"));
	const kifu_variant *v;
	assert_int_equal(read_first(rec, csa, &v, NULL), 1);
	assert_string_equal(kifu_record_tag(rec, "csa"), "$MAX_MOVES:320");
	free(csa);
	kifu_record_free(rec);
}

/* ---- what the writer leaves out, and refuses ---- */

static void dropped_and_said(void **state)
{
	(void)state;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	char *csa = to_csa(rec, "shogi x-note=n : 7g7f&mark 3c3d@5/5 ( 8c8d ) sealed\n");
	assert_int_equal(dropped_bits, KIFU_DROPPED_VARIATIONS | KIFU_DROPPED_BOOKMARKS | KIFU_DROPPED_TIMES |
					       KIFU_DROPPED_TAGS | KIFU_DROPPED_ENDING);
	assert_string_equal(dropped_words, "variations, bookmarks, times, tags and the ending");
	/* the main line and what CSA carries are written */
	assert_string_equal(csa, "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU\n-3334FU\nT5\n");
	free(csa);
	/* a time finer than a millisecond: the nearest one, said */
	csa = to_csa(rec, "shogi : 7g7f@1.0004\n");
	assert_non_null(strstr(csa, "\nT1\n"));
	assert_int_equal(dropped_bits, KIFU_DROPPED_TIMES);
	free(csa);
	kifu_record_free(rec);
}

static void variants_refused(void **state)
{
	(void)state;
	static const struct { const char *text, *why; } cases[] = {
		{"dai : 9k9j\n", "CSA records standard shogi only, on a 9x9 board; dai is played on 15x15"},
		{"chu : 9i9h\n", "CSA records standard shogi only, on a 9x9 board; chu is played on 12x12"},
		{"sho : 7g7f\n", "CSA records standard shogi only: sho has pieces CSA has no code for, as 醉象 "
				 "(Drunk Elephant, SFEN E)"},
	};
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const kifu_variant *v;
		kifu_diag d;
		int rc;
		assert_int_equal(read_first(rec, cases[i].text, &v, NULL), 1);
		assert_null(write_csa(rec, v, &rc, &d));
		assert_int_equal(rc, KIFU_EUNSUPPORTED);
		assert_string_equal(d.message, cases[i].why);
	}
	kifu_record_free(rec);
}

/* ---- telling CSA ---- */

static void telling_csa(void **state)
{
	(void)state;
	static const struct { const char *text, *notation; } cases[] = {
		{"PI\n+\n", "csa"},
		{"'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU,T1\n%TORYO\n", "csa"},
		{"N+a\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n+\n", "csa"},
		{"P-11OU\nP+00AL\n-\n", "csa"},
		{"shogi : 7g7f resign\n", "compact"},
		{"手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", "kif"},
		{"▲７六歩　△３四歩\n", "kif"},
	};
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const kifu_variant *v;
		const char *notation;
		assert_int_equal(read_first(rec, cases[i].text, &v, &notation), 1);
		if (strcmp(notation, cases[i].notation))
			fail_msg("told %s for %s", notation, cases[i].text);
	}
	kifu_record_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(csa_in_the_table),
		cmocka_unit_test(every_ending),
		cmocka_unit_test(illegal_action_by_side_to_move),
		cmocka_unit_test(every_tag),
		cmocka_unit_test(dropped_and_said),
		cmocka_unit_test(variants_refused),
		cmocka_unit_test(telling_csa),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
