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

/* Reads the first record of text into rec (support_read_first, the
 * notation told from the text). */
static int read_first(kifu_record *rec, const char *text, const kifu_variant **v, const char **notation)
{
	kifu_diag d;
	return support_read_first(rec, text, NULL, v, notation, &d);
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

/* Each ending and tag in CSA, written here by hand (a change to kifu/
 * vocabulary.h fails): the compact record, the line its CSA must hold,
 * and the ending text the reader keeps (NULL: no ending).  After one move
 * Gote is to move: illegal-win is said by Sente, the side at fault. */
static const struct {
	const char *compact, *line, *ending_text;
} vocabulary[] = {
	{"shogi : 7g7f resign", "\n+7776FU\n%TORYO\n", "%TORYO"},
	{"shogi : 7g7f abort", "\n+7776FU\n%CHUDAN\n", "%CHUDAN"},
	{"shogi : 7g7f repetition", "\n+7776FU\n%SENNICHITE\n", "%SENNICHITE"},
	{"shogi : 7g7f impasse", "\n+7776FU\n%JISHOGI\n", "%JISHOGI"},
	{"shogi : 7g7f mate", "\n+7776FU\n%TSUMI\n", "%TSUMI"},
	{"shogi : 7g7f nomate", "\n+7776FU\n%FUZUMI\n", "%FUZUMI"},
	{"shogi : 7g7f timeout", "\n+7776FU\n%TIME_UP\n", "%TIME_UP"},
	{"shogi : 7g7f illegal-win", "\n+7776FU\n%+ILLEGAL_ACTION\n", "%+ILLEGAL_ACTION"},
	{"shogi : 7g7f illegal-loss", "\n+7776FU\n%ILLEGAL_MOVE\n", "%ILLEGAL_MOVE"},
	{"shogi : 7g7f declare-win", "\n+7776FU\n%KACHI\n", "%KACHI"},
	{"shogi : 7g7f draw", "\n+7776FU\n%HIKIWAKE\n", "%HIKIWAKE"},
	{"shogi : 7g7f matta", "\n+7776FU\n%MATTA\n", "%MATTA"},
	{"shogi : 7g7f error", "\n+7776FU\n%ERROR\n", "%ERROR"},
	{"shogi event=甲乙,%20丙 : 7g7f", "\n$EVENT:甲乙, 丙\n", NULL},
	{"shogi site=甲乙,%20丙 : 7g7f", "\n$SITE:甲乙, 丙\n", NULL},
	{"shogi date=2024/05/05%2010:30:00 : 7g7f", "\n$START_TIME:2024/05/05 10:30:00\n", NULL},
	{"shogi end=2024/05/05 : 7g7f", "\n$END_TIME:2024/05/05\n", NULL},
	{"shogi sente=甲乙,%20丙 : 7g7f", "\nN+甲乙, 丙\n", NULL},
	{"shogi gote=甲乙%20 : 7g7f", "\nN-甲乙 \n", NULL}, /* as written, a last space too */
	{"shogi handicap=香落ち : 5a4b", "\nPI11KY\n-\n-5142OU\n", NULL},
	{"shogi time-control=00:25+00 : 7g7f", "\n$TIME_LIMIT:00:25+00\n", NULL},
	{"shogi opening=YAGURA : 7g7f", "\n$OPENING:YAGURA\n", NULL},
	/* a $ line kifu has no tag for comes back whole */
	{"shogi csa=$MAX_MOVES:320 : 7g7f", "\n$MAX_MOVES:320\n", NULL},
};

static void vocabulary_through_csa(void **state)
{
	(void)state;
	size_t n = sizeof vocabulary / sizeof vocabulary[0], endings = 0;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (size_t i = 0; i < n; i++) {
		char text[256];
		snprintf(text, sizeof text, "%s\n", vocabulary[i].compact);
		char *csa = to_csa(rec, text);
		if (!strstr(csa, vocabulary[i].line))
			fail_msg("%s: no \"%s\" in\n%s", vocabulary[i].compact, vocabulary[i].line + 1, csa);
		assert_int_equal(dropped_bits, 0);
		/* read back: the same record, the special as written */
		const kifu_variant *v;
		const char *notation;
		assert_int_equal(read_first(rec, csa, &v, &notation), 1);
		assert_string_equal(notation, "csa");
		char *back = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&back, &len);
		assert_int_equal(kifu_write(f, rec, v, "compact", NULL, NULL), 0);
		fclose(f);
		assert_string_equal(back, text);
		kifu_record_line_info li;
		kifu_record_get_line(rec, 0, &li);
		if (vocabulary[i].ending_text) {
			endings++;
			assert_string_equal(li.ending_text, vocabulary[i].ending_text);
		}
		free(back);
		free(csa);
	}
	/* every ending but sealed (封じ手), which CSA has no special for */
	assert_int_equal(endings, (size_t)kifu_ending_count() - 1);
	char *csa = to_csa(rec, "shogi : 7g7f sealed\n");
	assert_int_equal(dropped_bits, KIFU_DROPPED_ENDING);
	assert_null(strchr(csa, '%'));
	free(csa);
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

/* Writing rec's record (text) to CSA is refused for why, and nothing is
 * written. */
static void refused(kifu_record *rec, const char *text, const char *why)
{
	const kifu_variant *v;
	kifu_diag d;
	int rc;
	assert_int_equal(read_first(rec, text, &v, NULL), 1);
	assert_null(write_csa(rec, v, &rc, &d));
	assert_int_equal(rc, KIFU_EUNSUPPORTED);
	assert_string_equal(d.message, why);
}

static void variants_refused(void **state)
{
	(void)state;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	refused(rec, "dai : 9k9j\n", "CSA records standard shogi only, on a 9x9 board; dai is played on 15x15");
	refused(rec, "chu : 9i9h\n", "CSA records standard shogi only, on a 9x9 board; chu is played on 12x12");
	refused(rec, "sho : 7g7f\n", "CSA records standard shogi only: sho has pieces CSA has no code for, as 醉象 "
		"(Drunk Elephant, SFEN E)");
	/* a line break in a value a CSA line holds */
	refused(rec, "shogi sente=a%0Ab : 7g7f\n", "the tag sente holds a line break, which a CSA line cannot hold");
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
		cmocka_unit_test(vocabulary_through_csa),
		cmocka_unit_test(illegal_action_by_side_to_move),
		cmocka_unit_test(dropped_and_said),
		cmocka_unit_test(variants_refused),
		cmocka_unit_test(telling_csa),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
