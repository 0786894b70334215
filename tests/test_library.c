/*
 * test_library.c - the library as an embedder sees it: streams over memory,
 * the compact and KIF writers, the play loop and its hooks, and the one
 * vocabulary that every notation shares (each ending and each tag, read and
 * written in every notation).  These call the public API directly, not
 * through the tools.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include <kifu/sys/record.h>

/* ---- helpers ---- */

/* Reads the first record of text (told or forced notation) into rec
 * (support_read_first). */
static int read_first(kifu_record *rec, const char *text, const char *force,
		      const kifu_variant **v, const char **notation, kifu_diag *diag)
{
	return support_read_first(rec, text, force, v, notation, diag);
}

/* The record written in a notation, as a string the caller frees. */
static char *write_string(const kifu_record *rec, const kifu_variant *v, const char *notation)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	kifu_diag d;
	kifu_diag_clear(&d);
	int rc = kifu_write(f, rec, v, notation, NULL, &d);
	fclose(f);
	if (rc)
		fail_msg("kifu_write %s: %s", notation, d.message);
	return text;
}

/* ---- the vocabulary ---- */

/* Every ending, as formats/compact.md lists them, with what it says of the
 * result for the side to move after the last move: written here by hand,
 * so that a change to the table (kifu-stats counting timeout as anything
 * but a loss, say) fails. */
static const struct {
	const char *word, *kif;
	enum kifu_outcome outcome;
	const char *csa;
} expected_endings[] = {
	{"resign", "投了", KIFU_OUTCOME_MOVER_LOSES, "%TORYO"},
	{"abort", "中断", KIFU_OUTCOME_NONE, "%CHUDAN"},
	{"repetition", "千日手", KIFU_OUTCOME_DRAW, "%SENNICHITE"},
	{"impasse", "持将棋", KIFU_OUTCOME_DRAW, "%JISHOGI"},
	{"mate", "詰み", KIFU_OUTCOME_MOVER_LOSES, "%TSUMI"},
	{"nomate", "不詰", KIFU_OUTCOME_NONE, "%FUZUMI"},
	{"timeout", "切れ負け", KIFU_OUTCOME_MOVER_LOSES, "%TIME_UP"},
	{"illegal-win", "反則勝ち", KIFU_OUTCOME_MOVER_WINS, NULL},
	{"illegal-loss", "反則負け", KIFU_OUTCOME_MOVER_LOSES, "%ILLEGAL_MOVE"},
	{"declare-win", "入玉勝ち", KIFU_OUTCOME_MOVER_WINS, "%KACHI"},
	{"sealed", "封じ手", KIFU_OUTCOME_NONE, NULL},
	{"draw", "引き分け", KIFU_OUTCOME_DRAW, "%HIKIWAKE"},
	{"matta", "待った", KIFU_OUTCOME_NONE, "%MATTA"},
	{"error", "エラー", KIFU_OUTCOME_NONE, "%ERROR"},
};

static void endings_table(void **state)
{
	(void)state;
	int n = (int)(sizeof expected_endings / sizeof expected_endings[0]);
	assert_int_equal(kifu_ending_count(), n);
	for (int i = 0; i < n; i++) {
		const kifu_ending_info *e = kifu_ending_at(i);
		assert_string_equal(e->word, expected_endings[i].word);
		assert_string_equal(e->kif, expected_endings[i].kif);
		assert_int_equal(e->outcome, expected_endings[i].outcome);
		assert_ptr_equal(kifu_ending_find(e->word, strlen(e->word)), e);
		assert_ptr_equal(kifu_ending_find_kif(e->kif, strlen(e->kif)), e);
		if (expected_endings[i].csa) {
			assert_string_equal(e->csa, expected_endings[i].csa);
			assert_ptr_equal(kifu_ending_find_csa(e->csa, strlen(e->csa)), e);
		} else {
			assert_null(e->csa);
		}
	}
	assert_null(kifu_ending_find_csa("%+ILLEGAL_ACTION", 16));
	assert_null(kifu_ending_at(n));
	assert_null(kifu_ending_find("resigns", 7));
	/* what other programs write for mate and a loss on time */
	assert_string_equal(kifu_ending_find_kif("詰", strlen("詰"))->word, "mate");
	assert_string_equal(kifu_ending_find_kif("時間切れ", strlen("時間切れ"))->word, "timeout");
}

/* Each ending goes compact -> KIF (its word on the move line after the last
 * move) -> compact unchanged; the KIF reader takes every word of the row. */
static void endings_in_every_notation(void **state)
{
	(void)state;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (int i = 0; i < kifu_ending_count(); i++) {
		const kifu_ending_info *e = kifu_ending_at(i);
		char text[128];
		const kifu_variant *v;
		kifu_diag d;
		snprintf(text, sizeof text, "shogi : 7g7f %s\n", e->word);
		assert_int_equal(read_first(rec, text, NULL, &v, NULL, &d), 1);
		assert_string_equal(kifu_record_ending(rec), e->word);
		char *kif = write_string(rec, v, "kif");
		char line[64];
		snprintf(line, sizeof line, "\n   2 %s", e->kif);
		if (!strstr(kif, line))
			fail_msg("%s: KIF has no \"%s\" line:\n%s", e->word, e->kif, kif);
		const char *notation;
		assert_int_equal(read_first(rec, kif, NULL, &v, &notation, &d), 1);
		assert_string_equal(notation, "kif");
		assert_null(kifu_record_error(rec, NULL, NULL, NULL, NULL));
		assert_string_equal(kifu_record_ending(rec), e->word);
		free(kif);
		/* KI2: the ending is its まで line, read back as the same */
		assert_int_equal(read_first(rec, text, NULL, &v, NULL, &d), 1);
		char *ki2 = write_string(rec, v, "ki2");
		if (!strstr(ki2, "\n▲７六歩\nまで1手"))
			fail_msg("%s: KI2 has no まで line:\n%s", e->word, ki2);
		assert_int_equal(read_first(rec, ki2, NULL, &v, &notation, &d), 1);
		assert_string_equal(notation, "kif");
		assert_null(kifu_record_error(rec, NULL, NULL, NULL, NULL));
		assert_string_equal(kifu_record_ending(rec), e->word);
		assert_int_equal(kifu_record_note_count(rec), 0);
		free(ki2);
		for (const char *const *a = e->kif_also; *a; a++) {
			char k[256];
			snprintf(k, sizeof k, "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 %s\n", *a);
			assert_int_equal(read_first(rec, k, NULL, &v, NULL, &d), 1);
			assert_string_equal(kifu_record_ending(rec), e->word);
		}
	}
	kifu_record_free(rec);
}

/* Each tag goes compact -> KIF (its header) -> compact unchanged; sente and
 * gote are 下手 and 上手 in a handicap game. */
static void tags_in_every_notation(void **state)
{
	(void)state;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (int i = 0; i < kifu_tag_count(); i++) {
		const kifu_tag_info *t = kifu_tag_at(i);
		assert_ptr_equal(kifu_tag_find(t->key), t);
		assert_ptr_equal(kifu_tag_find_kif(t->kif, strlen(t->kif)), t);
		for (int handicap = 0; handicap < 2; handicap++) {
			char text[256], header[128];
			const kifu_variant *v;
			kifu_diag d;
			const char *value = !strcmp(t->key, "handicap") ? (handicap ? "香落ち" : "平手") : "甲乙";
			snprintf(text, sizeof text, "shogi %s%s=%s : %s\n",
				 handicap && strcmp(t->key, "handicap") ? "handicap=香落ち " : "", t->key, value,
				 handicap ? "5a4b" : "7g7f");
			assert_int_equal(read_first(rec, text, NULL, &v, NULL, &d), 1);
			char *kif = write_string(rec, v, "kif");
			snprintf(header, sizeof header, "\n%s：%s\n",
				 handicap && t->kif_handicap ? t->kif_handicap : t->kif, value);
			if (!strstr(kif, header))
				fail_msg("%s: no header \"%s\" in\n%s", t->key, header + 1, kif);
			assert_int_equal(read_first(rec, kif, NULL, &v, NULL, &d), 1);
			assert_string_equal(kifu_record_tag(rec, t->key), value);
			char *back = write_string(rec, v, "compact");
			/* the tags in the vocabulary's order, handicap after the players */
			if (!strstr(back, t->key) || strncmp(back, "shogi ", 6) != 0)
				fail_msg("%s: %s", t->key, back);
			free(back);
			free(kif);
		}
	}
	kifu_record_free(rec);
}

/* The KIF writer puts the headers in Kifu for Windows' order whatever the
 * order of the tags: byte for byte, checked by hand. */
static void kif_header_order(void **state)
{
	(void)state;
	kifu_record *rec;
	const kifu_variant *v;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	const char *text = "shogi x-note=n gote=後 sente=先 handicap=平手 site=場 time-control=10分 "
			   "opening=戦 event=棋 end=2026/11/30 date=2026/11/29 : 7g7f resign\n";
	assert_int_equal(read_first(rec, text, NULL, &v, NULL, &d), 1);
	char *kif = write_string(rec, v, "kif");
	assert_string_equal(kif,
			    "#KIF version=2.0 encoding=UTF-8\n"
			    "開始日時：2026/11/29\n"
			    "終了日時：2026/11/30\n"
			    "棋戦：棋\n"
			    "戦型：戦\n"
			    "持ち時間：10分\n"
			    "場所：場\n"
			    "手合割：平手\n"
			    "先手：先\n"
			    "後手：後\n"
			    "x-note：n\n"
			    "手数----指手---------消費時間--\n"
			    "   1 ７六歩(77)  \n"
			    "   2 投了        \n");
	/* and the compact writer's own order */
	char *compact = write_string(rec, v, "compact");
	assert_string_equal(compact, "shogi event=棋 site=場 date=2026/11/29 end=2026/11/30 sente=先 gote=後 "
				     "handicap=平手 time-control=10分 opening=戦 x-note=n : 7g7f resign\n");
	free(compact);
	free(kif);
	kifu_record_free(rec);
}

/* ---- the board diagram ---- */

/* One piece in hand has no count (歩, never 歩一); two have 二. */
static void bod_hands(void **state)
{
	(void)state;
	kifu_position *pos = support_position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b RP2pg 1");
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(kifu_bod_write(f, pos, 0), 0);
	fclose(f);
	assert_non_null(strstr(text, "後手の持駒：金　歩二　\n"));
	assert_non_null(strstr(text, "先手の持駒：飛　歩　\n"));
	free(text);
	kifu_position_free(pos);
}

/* ---- moves in the wide form ---- */

/* 生 and 不成 decline a promotion in lishogi's wide form as in KIF; 成 takes it. */
static void wide_form_promotion_words(void **state)
{
	(void)state;
	static const struct { const char *word, *compact; } cases[] = {
		{"生", "8f8e"}, {"不成", "8f8e"}, {"成", "8f8e+"}, {"", "8f8e"},
	};
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[512];
		const kifu_variant *v;
		kifu_diag d;
		snprintf(text, sizeof text,
			 "手合割：大将棋\nsfen：7k7/15/15/15/15/7R7/15/15/15/15/15/15/15/15/7K7_b_-_1\n"
			 "手数----指手---------\n1手目 ▲8五飛車%s （←8六）\n", cases[i].word);
		assert_int_equal(read_first(rec, text, NULL, &v, NULL, &d), 1);
		if (kifu_record_error(rec, NULL, NULL, NULL, NULL))
			fail_msg("%s: %s", cases[i].word, kifu_record_error(rec, NULL, NULL, NULL, NULL));
		assert_string_equal(kifu_variant_name(v), "dai");
		kifu_record_move m;
		assert_int_equal(kifu_record_get_move(rec, 0, &m), 0);
		char buf[32];
		assert_true(kifu_compact_format_move(v, &m.move, buf, sizeof buf) > 0);
		assert_string_equal(buf, cases[i].compact);
	}
	kifu_record_free(rec);
}

/* ---- streams ---- */

static void stream_tells_notations(void **state)
{
	(void)state;
	kifu_record *rec;
	const kifu_variant *v;
	const char *notation;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	assert_int_equal(read_first(rec, "# a comment\nshogi : 7g7f\n", NULL, &v, &notation, &d), 1);
	assert_string_equal(notation, "compact");
	assert_int_equal(kifu_record_line(rec), 2);
	assert_int_equal(read_first(rec, "▲７六歩 △３四歩\n", NULL, &v, &notation, &d), 1);
	assert_string_equal(notation, "kif");
	assert_int_equal(kifu_record_move_count(rec), 2);
	/* no notation's lines: one error for the input */
	assert_int_equal(read_first(rec, "\x89PNG\r\n\x1a\nxx\nyy zz\n", NULL, &v, &notation, &d), KIFU_EFORMAT);
	assert_string_equal(d.file, "mem");
	/* nothing but blank lines and comments: no record, no error */
	assert_int_equal(read_first(rec, "\n# x\n\n", NULL, &v, &notation, &d), 0);
	assert_int_equal(read_first(rec, "", NULL, &v, &notation, &d), 0);
	/* a notation forced: a compact line read as KIF is no KIF record */
	assert_int_equal(read_first(rec, "shogi : 7g7f\n", "kif", &v, &notation, &d), 1);
	assert_string_equal(notation, "kif");
	assert_non_null(kifu_record_error(rec, NULL, NULL, NULL, NULL));
	/* an unknown notation */
	kifu_reader *r;
	kifu_stream *s = NULL;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = "pgn";
	assert_int_equal(kifu_reader_new_buffer(&r, "", 0, "mem"), 0);
	assert_int_equal(kifu_stream_new(&s, r, &opt), KIFU_ENOTFOUND);
	assert_null(s);
	kifu_reader_free(r);
	kifu_record_free(rec);
}

/* A variant set: a user's variant hides a shipped one of its name; the
 * shipped ones come in alphabetical order. */
static void variant_sets(void **state)
{
	(void)state;
	kifu_variant_set *set;
	kifu_variant *mine;
	kifu_diag d;
	assert_int_equal(kifu_variant_set_new(&set), 0);
	int shipped = kifu_variant_set_count(set);
	const char *const *names = kifu_variant_builtin_names();
	for (int i = 0; i < shipped; i++)
		assert_string_equal(kifu_variant_name(kifu_variant_set_at(set, i)), names[i]);
	assert_null(kifu_variant_set_at(set, shipped));
	static const char yaml[] = "name: shogi\ninherit: shogi\ntitle: Mine\n";
	if (kifu_variant_load_buffer(&mine, yaml, strlen(yaml), "mine.yaml", &d))
		fail_msg("%s:%ld:%ld: %s", d.file, d.line, d.col, d.message);
	assert_int_equal(kifu_variant_set_add(set, mine), 0);
	assert_int_equal(kifu_variant_set_add(set, mine), KIFU_EINVAL);
	assert_int_equal(kifu_variant_set_count(set), shipped);
	assert_ptr_equal(kifu_variant_set_find(set, "shogi"), mine);
	assert_ptr_equal(kifu_variant_set_at(set, 0), mine);
	const kifu_variant *builtin;
	assert_int_equal(kifu_variant_builtin(&builtin, "shogi", NULL), 0);
	assert_ptr_equal(kifu_variant_set_find(NULL, "shogi"), builtin);
	assert_null(kifu_variant_set_find(set, "nonesuch"));
	kifu_variant_set_free(set);
	kifu_variant_free(mine);
}

/* Every name kifu_variant_piece_reading gives reads back as its piece (or
 * one that goes by the same name: a promoted Bishop and a Dragon Horse);
 * the suggestions; the titles a file does not inherit. */
static void variant_readings(void **state)
{
	(void)state;
	for (const char *const *name = kifu_variant_builtin_names(); *name; name++) {
		const kifu_variant *v;
		assert_int_equal(kifu_variant_builtin(&v, *name, NULL), 0);
		for (int t = 0; t < kifu_variant_piece_count(v); t++) {
			kifu_piece_info p;
			assert_int_equal(kifu_variant_piece(v, t, &p), 0);
			char buf[128];
			int i, len;
			for (i = 0; (len = kifu_variant_piece_reading(v, t, i, buf, sizeof buf)) > 0; i++) {
				size_t used = 0;
				int got = kifu_variant_piece_by_name(v, buf, (size_t)len, &used);
				if (got < 0 || used != (size_t)len || !kifu_piece_names_agree(v, got, t))
					fail_msg("%s: %s reads as %d, not %s", *name, buf, got, p.id);
			}
			assert_int_equal(len, 0);
			assert_true(i >= 1); /* every piece has a name */
			assert_int_equal(kifu_variant_piece_reading(v, t, 0, buf, 2), KIFU_ELIMIT);
		}
		assert_int_equal(kifu_variant_piece_reading(v, kifu_variant_piece_count(v), 0, NULL, 0),
				 KIFU_ENOTFOUND);
	}
	const kifu_variant *shogi;
	assert_int_equal(kifu_variant_builtin(&shogi, "shogi", NULL), 0);
	/* the Tokin has names of its own: none of the Gold's aliases (金將) */
	int tokin = kifu_variant_piece_by_sfen(shogi, "+P", 2);
	char buf[64];
	for (int i = 0; kifu_variant_piece_reading(shogi, tokin, i, buf, sizeof buf) > 0; i++)
		assert_string_not_equal(buf, "金將");
	assert_string_equal(kifu_variant_set_suggest(NULL, "dia"), "dai");
	assert_string_equal(kifu_variant_set_suggest(NULL, "chu-jsca"), "chu-jcsa");
	assert_null(kifu_variant_set_suggest(NULL, "xyzzy"));
	kifu_variant *mine;
	kifu_diag d;
	static const char yaml[] = "name: mine\ninherit: shogi\n";
	if (kifu_variant_load_buffer(&mine, yaml, strlen(yaml), "mine.yaml", &d))
		fail_msg("%s:%ld:%ld: %s", d.file, d.line, d.col, d.message);
	assert_string_equal(kifu_variant_title(mine), "");
	assert_string_equal(kifu_variant_title_ja(mine), "");
	assert_string_equal(kifu_variant_parent(mine), "shogi");
	kifu_variant_rules r;
	kifu_variant_get_rules(mine, &r);
	assert_int_equal(r.promotion_zone, 3);
	assert_int_equal(r.promotion_when, KIFU_PROMOTE_IN_ZONE);
	assert_int_equal(r.declaration_points[0], 28);
	assert_int_equal(r.declaration_points[1], 27);
	kifu_variant_free(mine);
	const char *to;
	assert_string_equal(kifu_name_fold_at(0, &to), "將");
	assert_string_equal(to, "将");
}

/* A header-less wide KIF whose first move fits two unrelated variants (a
 * user's copy of Chu beside the shipped one) is an error that names them
 * and -v: never a guess; one that fits none says so. */
static void kif_variant_undecided(void **state)
{
	(void)state;
	FILE *f = fopen("formats/variants/chu.yaml", "rb");
	assert_non_null(f);
	static char chu[65536], yaml[65536 + 16];
	size_t n = fread(chu, 1, sizeof chu - 1, f);
	fclose(f);
	chu[n] = 0;
	char *name = strstr(chu, "\nname: chu\n");
	assert_non_null(name);
	/* the same file, named twin */
	int len = snprintf(yaml, sizeof yaml, "%.*s\nname: twin\n%s", (int)(name - chu), chu,
			   name + strlen("\nname: chu\n"));
	kifu_variant *twin;
	kifu_diag d;
	if (kifu_variant_load_buffer(&twin, yaml, (size_t)len, "twin.yaml", &d))
		fail_msg("%s:%ld:%ld: %s", d.file, d.line, d.col, d.message);
	assert_string_equal(kifu_variant_name(twin), "twin");
	kifu_variant_set *set;
	assert_int_equal(kifu_variant_set_new(&set), 0);
	assert_int_equal(kifu_variant_set_add(set, twin), 0);
	static const char *const texts[] = {"1手目 ▲7八歩兵 （←7九）\n", "1手目 ▲1一歩兵 （←1二）\n"};
	static const char *const errors[] = {
		"cannot tell the variant: the record fits twin, chu, chu-jcsa (use -v)",
		"cannot tell the variant: its first move fits the start position of no variant kifu knows "
		"(use -v, or a 手合割 header)",
	};
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	for (int i = 0; i < 2; i++) {
		kifu_reader *r;
		kifu_stream *s;
		kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
		opt.variants = set;
		assert_int_equal(kifu_reader_new_buffer(&r, texts[i], strlen(texts[i]), "mem"), 0);
		assert_int_equal(kifu_stream_new(&s, r, &opt), 0);
		const kifu_variant *v = NULL;
		assert_int_equal(kifu_stream_next(s, rec, &v, &d), 1);
		assert_null(v);
		const char *err = kifu_record_error(rec, NULL, NULL, NULL, NULL);
		assert_non_null(err);
		assert_string_equal(err, errors[i]);
		kifu_stream_free(s);
		kifu_reader_free(r);
	}
	kifu_record_free(rec);
	kifu_variant_set_free(set);
	kifu_variant_free(twin);
}

/* The words a writer's note uses for what it left out. */
static void dropped_words(void **state)
{
	(void)state;
	char buf[128];
	assert_string_equal(kifu_dropped_words(KIFU_DROPPED_VARIATIONS, buf, sizeof buf), "variations");
	assert_string_equal(kifu_dropped_words(KIFU_DROPPED_VARIATIONS | KIFU_DROPPED_COMMENTS, buf, sizeof buf),
			    "variations and comments");
	assert_string_equal(kifu_dropped_words(KIFU_DROPPED_COMMENTS | KIFU_DROPPED_TIMES | KIFU_DROPPED_ENDING,
					       buf, sizeof buf),
			    "comments, times and the ending");
	assert_string_equal(kifu_dropped_words(0, buf, sizeof buf), "");
}

/* ---- compact moves ---- */

static void compact_moves(void **state)
{
	(void)state;
	static const char *const dai[] = {"11o12n", "8h7g6f", "3e3d3e", "10l3e+", "1a1b"};
	static const char *const shogi[] = {"7g7f", "P*5e", "8h2b+"};
	const kifu_variant *v;
	for (int k = 0; k < 2; k++) {
		assert_int_equal(kifu_variant_builtin(&v, k ? "shogi" : "dai", NULL), 0);
		const char *const *moves = k ? shogi : dai;
		int n = k ? 3 : 5;
		for (int i = 0; i < n; i++) {
			kifu_move m;
			const char *msg;
			size_t at;
			char buf[16];
			assert_int_equal(kifu_compact_parse_move(v, moves[i], strlen(moves[i]), &m, &msg, &at), 0);
			assert_int_equal(kifu_compact_format_move(v, &m, buf, sizeof buf), (int)strlen(moves[i]));
			assert_string_equal(buf, moves[i]);
			assert_int_equal(kifu_compact_format_move(v, &m, buf, strlen(moves[i])), KIFU_ELIMIT);
		}
	}
	kifu_move m;
	const char *msg;
	size_t at;
	assert_int_equal(kifu_compact_parse_move(v, "7g7f+x", 6, &m, &msg, &at), KIFU_ESYNTAX);
	assert_int_equal(at, 5);
	assert_int_equal(kifu_compact_parse_move(v, "10a1a", 5, &m, &msg, &at), KIFU_ESYNTAX);
	assert_string_equal(msg, "no such square on this board");
}

/* kifu_move_same: a KIF record's moves and their compact conversion are
 * the same moves; a promotion, another first leg, another dropped piece or
 * another square is another move, whatever else the notations carry. */
static void moves_same(void **state)
{
	(void)state;
	kifu_record *kif = NULL, *compact = NULL;
	kifu_reader *r = NULL;
	kifu_stream *st = NULL;
	const kifu_variant *v;
	kifu_diag d;
	static const char text[] = "手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n"
				   "   4 同　銀(31)\n   5 ４五角打\n";
	assert_int_equal(kifu_record_new(&kif), 0);
	assert_int_equal(kifu_reader_new_buffer(&r, text, sizeof text - 1, "t.kif"), 0);
	assert_int_equal(kifu_stream_new(&st, r, NULL), 0);
	assert_int_equal(kifu_stream_next(st, kif, &v, &d), 1);
	assert_int_equal(kifu_record_new(&compact), 0);
	static const char line[] = "shogi : 7g7f 3c3d 8h2b+ 3a2b B*4e";
	const kifu_variant *cv;
	assert_int_equal(kifu_compact_parse(compact, line, sizeof line - 1, "t.compact", 1, NULL, &cv), 0);
	assert_int_equal(kifu_record_move_count(kif), 5);
	for (long i = 0; i < 5; i++) {
		kifu_record_move a, b;
		assert_int_equal(kifu_record_get_move(kif, i, &a), 0);
		assert_int_equal(kifu_record_get_move(compact, i, &b), 0);
		assert_true(kifu_move_same(&a.move, &b.move));
		assert_string_not_equal(a.text, b.text);
		kifu_move other = b.move;
		other.flags ^= KIFU_MOVE_PROMOTE;
		/* a drop never promotes: the flag is not looked at */
		assert_int_equal(kifu_move_same(&a.move, &other), (b.move.flags & KIFU_MOVE_DROP) != 0);
		other = b.move;
		other.to++;
		assert_false(kifu_move_same(&a.move, &other));
	}
	kifu_move drop, moved;
	const char *msg;
	size_t at;
	assert_int_equal(kifu_compact_parse_move(v, "B*4e", 4, &drop, &msg, &at), 0);
	moved = drop;
	moved.piece++;
	assert_false(kifu_move_same(&drop, &moved));
	moved = drop;
	moved.flags &= (uint8_t)~KIFU_MOVE_DROP;
	assert_false(kifu_move_same(&drop, &moved));
	const kifu_variant *chu;
	assert_int_equal(kifu_variant_builtin(&chu, "chu", NULL), 0);
	kifu_move two, one;
	assert_int_equal(kifu_compact_parse_move(chu, "8h7g6f", 6, &two, &msg, &at), 0);
	assert_int_equal(kifu_compact_parse_move(chu, "8h6f", 4, &one, &msg, &at), 0);
	assert_false(kifu_move_same(&two, &one)); /* another first leg */
	assert_true(kifu_move_same(&two, &two));
	kifu_stream_free(st);
	kifu_reader_free(r);
	kifu_record_free(kif);
	kifu_record_free(compact);
}

/* ---- the play loop ---- */

struct seen {
	int before, after;
	long last_ply;
	enum kifu_side side_before[8];
	int stop_at;   /* a hook returns KIFU_EIO at this ply (0: never) */
};

static int count_before(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct seen *s = ctx;
	s->side_before[s->before % 8] = kifu_position_side(pos);
	s->before++;
	assert_int_equal(step->ply, s->last_ply + 1);
	return step->ply == s->stop_at ? KIFU_EIO : 0;
}

static int count_after(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct seen *s = ctx;
	s->after++;
	s->last_ply = step->ply;
	/* after the move, the other side is to move */
	assert_int_not_equal(kifu_position_side(pos), s->side_before[(s->after - 1) % 8]);
	return 0;
}

static void play_loop(void **state)
{
	(void)state;
	kifu_record *rec;
	const kifu_variant *v;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	assert_int_equal(read_first(rec, "shogi : 7g7f 3c3d ( 8c8d 2g2f ) 8h2b+ 3a2b\n", NULL, &v, NULL, &d), 1);
	kifu_position *pos = support_position("shogi", NULL);
	kifu_validation val;
	struct seen s = {0, 0, 0, {KIFU_SENTE}, 0};
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.before = count_before;
	opt.after = count_after;
	opt.ctx = &s;
	assert_int_equal(kifu_play(rec, pos, &opt, &val), 0);
	assert_true(val.valid);
	assert_int_equal(val.plies, 4);
	assert_int_equal(s.before, 4);
	assert_int_equal(s.after, 4);
	/* at most two moves */
	memset(&s, 0, sizeof s);
	opt.max_plies = 2;
	assert_int_equal(kifu_play(rec, pos, &opt, &val), 0);
	assert_int_equal(val.plies, 2);
	assert_int_equal(s.after, 2);
	assert_int_equal(kifu_position_side(pos), KIFU_SENTE);
	/* the variation: ply 1 of the main line, then its own 8c8d 2g2f;
	 * hooks see only its own moves */
	memset(&s, 0, sizeof s);
	s.last_ply = 1;
	opt.max_plies = -1;
	opt.variation = 1;
	assert_int_equal(kifu_play(rec, pos, &opt, &val), 0);
	assert_true(val.valid);
	assert_int_equal(val.plies, 3);
	assert_int_equal(s.before, 2);
	char sfen[256];
	assert_true(kifu_position_sfen(pos, sfen, sizeof sfen) > 0);
	assert_string_equal(sfen, "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4");
	kifu_record_move m;
	long index;
	assert_int_equal(kifu_record_line_move(rec, 1, 1, &m, &index), 0);
	assert_string_equal(m.text, "7g7f");
	assert_int_equal(kifu_record_line_move(rec, 1, 3, &m, &index), 0);
	assert_string_equal(m.text, "2g2f");
	assert_int_equal(kifu_record_line_move(rec, 1, 4, &m, &index), KIFU_ENOTFOUND);
	opt.variation = 2;
	assert_int_equal(kifu_play(rec, pos, &opt, &val), KIFU_ENOTFOUND);
	/* a hook stops the play with its code */
	memset(&s, 0, sizeof s);
	s.stop_at = 3;
	opt.variation = 0;
	assert_int_equal(kifu_play(rec, pos, &opt, &val), KIFU_EIO);
	assert_int_equal(s.before, 3);
	assert_int_equal(s.after, 2);
	kifu_position_free(pos);
	kifu_record_free(rec);
}

/* An illegal move stops the play with the validation's words; with
 * through_illegal a move that can be carried out is played on (and the
 * first fault is still the one reported), one that cannot stops it. */
static void play_through_illegal(void **state)
{
	(void)state;
	kifu_record *rec;
	const kifu_variant *v;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	/* 3: a second pawn on file 7 (nifu), 5: no piece on 5e */
	assert_int_equal(read_first(rec, "shogi sfen=4k4/9/9/9/9/9/2P6/9/4K4_b_P2p_1 : P*7e 5a5b 5e5d 5b5c\n",
				    NULL, &v, NULL, &d), 1);
	kifu_position *pos = support_position("shogi", NULL);
	kifu_validation val;
	assert_int_equal(kifu_play(rec, pos, NULL, &val), 0);
	assert_false(val.valid);
	assert_int_equal(val.fault.ply, 1);
	assert_int_equal(val.fault.illegal, KIFU_ILL_TWO_PAWNS);
	assert_string_equal(val.fault.move, "P*7e");
	assert_int_equal(val.plies, 0);
	assert_int_equal(val.played, 0);
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.through_illegal = 1;
	assert_int_equal(kifu_play(rec, pos, &opt, &val), KIFU_EILLEGAL);
	assert_false(val.valid);
	assert_int_equal(val.fault.ply, 1);
	assert_int_equal(val.played, 2);
	kifu_position_free(pos);
	kifu_record_free(rec);
}

/* A KIF move that names another piece than the one on its square is
 * illegal, with both names. */
static void play_named_piece(void **state)
{
	(void)state;
	kifu_record *rec;
	const kifu_variant *v;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	assert_int_equal(read_first(rec, "手数----指手--\n   1 ７六角(77)\n", NULL, &v, NULL, &d), 1);
	kifu_position *pos = support_position("shogi", NULL);
	kifu_validation val;
	assert_int_equal(kifu_play(rec, pos, NULL, &val), 0);
	assert_false(val.valid);
	assert_int_equal(val.fault.ply, 1);
	assert_string_equal(val.fault.reason, "the move names a Bishop (角行), but the piece on 7g is a Pawn (歩兵)");
	kifu_position_free(pos);
	kifu_record_free(rec);
}

/* ---- the end of the game ---- */

static void validate_text(const char *text, kifu_validation *val)
{
	kifu_record *rec;
	const kifu_variant *v;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	assert_int_equal(read_first(rec, text, NULL, &v, NULL, &d), 1);
	assert_non_null(v);
	kifu_position *pos = NULL;
	assert_int_equal(kifu_position_for(&pos, v), 0);
	assert_int_equal(kifu_validate(rec, pos, NULL, val), 0);
	kifu_position_free(pos);
	kifu_record_free(rec);
}

/* Standard shogi's 千日手: the fourth occurrence of a position ends the game
 * (a draw); no move follows; a side that gave check on every move of the
 * cycle loses; a repetition claim needs four occurrences. */
static void repetition_rule(void **state)
{
	(void)state;
	kifu_validation val;
	const char *cycle = "2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b";
	char text[512];
	snprintf(text, sizeof text, "shogi : %s repetition\n", cycle);
	validate_text(text, &val);
	assert_true(val.valid);
	assert_int_equal(val.outcome.end, KIFU_END_RULES);
	assert_int_equal(val.outcome.ply, 12);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_DRAW);
	assert_int_equal(val.outcome.reason, KIFU_REASON_REPETITION);
	/* a move after the game ended */
	snprintf(text, sizeof text, "shogi : %s 2h3h\n", cycle);
	validate_text(text, &val);
	assert_false(val.valid);
	assert_int_equal(val.fault.ply, 13);
	assert_string_equal(val.fault.reason, "the game ended at ply 12, when a position occurred for the fourth time "
					"(repetition)");
	/* three occurrences are no repetition */
	validate_text("shogi : 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b repetition\n", &val);
	assert_false(val.valid);
	assert_int_equal(val.fault.ply, 9);
	assert_string_equal(val.fault.move, "repetition");
	/* perpetual check: Sente's Rook checks on every one of its moves (plies
	 * 1, 3, ... 13) while Gote's King steps aside: Sente loses */
	validate_text("shogi sfen=4k4/9/9/9/9/9/9/9/4K3R_b_-_1 : 1i1a 5a5b 1a1b 5b5a 1b1a 5a5b 1a1b 5b5a "
		      "1b1a 5a5b 1a1b 5b5a 1b1a repetition\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.outcome.end, KIFU_END_RULES);
	assert_int_equal(val.outcome.ply, 13);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_GOTE);
	assert_int_equal(val.outcome.reason, KIFU_REASON_PERPETUAL_CHECK);
	/* the perpetual check in a variation: its attacks are worked out on
	 * that line (the main line's first move is another) */
	kifu_record *rec;
	kifu_position *pos;
	const kifu_variant *v;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	assert_int_equal(read_first(rec, "shogi sfen=4k4/9/9/9/9/9/9/9/4K3R_b_-_1 : 1i1h ( 1i1a 5a5b 1a1b 5b5a "
				    "1b1a 5a5b 1a1b 5b5a 1b1a 5a5b 1a1b 5b5a 1b1a repetition )\n", NULL, &v, NULL, &d), 1);
	assert_int_equal(kifu_position_new(&pos, v), 0);
	kifu_play_options po = KIFU_PLAY_OPTIONS_INIT;
	po.variation = 1;
	assert_int_equal(kifu_play(rec, pos, &po, &val), 0);
	assert_true(val.valid);
	assert_int_equal(val.outcome.end, KIFU_END_RULES);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_GOTE);
	assert_int_equal(val.outcome.reason, KIFU_REASON_PERPETUAL_CHECK);
	kifu_position_free(pos);
	kifu_record_free(rec);
	/* the same cycle in a variation: judged there too */
	snprintf(text, sizeof text, "shogi : 7g7f ( %s 2h3h ) 3c3d\n", cycle);
	validate_text(text, &val);
	assert_false(val.valid);
	assert_int_equal(val.fault.variation, 1);
	assert_int_equal(val.fault.ply, 13);
}

/* 入玉宣言 by the 27-point rule: ten pieces in the zone, 28 points for
 * Sente (R and B 5 each, 4 Golds, 4 Silvers, a Knight: 19 on the board,
 * and nine Pawns in hand: 28); eight Pawns fall one short. */
static void declaration_rule(void **state)
{
	(void)state;
	kifu_validation val;
	validate_text("shogi sfen=RBGGGGSSS/S3K3N/9/9/9/9/9/9/4k4_b_9P_1 : declare-win\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_SENTE);
	assert_int_equal(val.outcome.reason, KIFU_REASON_DECLARATION);
	assert_int_equal(val.outcome.end, KIFU_END_CHECKED);
	validate_text("shogi sfen=RBGGGGSSS/S3K3N/9/9/9/9/9/9/4k4_b_8P_1 : declare-win\n", &val);
	assert_false(val.valid);
	assert_string_equal(val.fault.reason, "the record ends in declare-win (入玉勝ち), but Sente may not declare: "
					"Sente counts 27 points, 28 are needed");
	/* the King out of the zone; nine pieces only (a Silver and a Knight
	 * less, Pawns in hand for the points) */
	validate_text("shogi sfen=RBGGGGSSS/S7N/9/4K4/9/9/9/9/4k4_b_9P_1 : declare-win\n", &val);
	assert_false(val.valid);
	assert_non_null(strstr(val.fault.reason, "Sente's royal is not in the zone"));
	validate_text("shogi sfen=RBGGGGSS1/S3K4/9/9/9/9/9/9/4k4_b_11P_1 : declare-win\n", &val);
	assert_false(val.valid);
	assert_non_null(strstr(val.fault.reason, "Sente has 9 pieces in the zone, 10 are needed"));
	/* Sho has no such rule */
	validate_text("sho sfen=RBGGGGSSS/S3K3N/9/9/9/9/9/9/4k4_b_-_1 : declare-win\n", &val);
	assert_false(val.valid);
	assert_non_null(strstr(val.fault.reason, "sho has no rule for declaring a win"));
}

/* One word for each reason, the checkmate's "mate" whether the rules
 * decided it or the record claimed it; the stalemate is another. */
static void reason_names(void **state)
{
	(void)state;
	static const char *const words[] = {"", "royal-captured", "mate", "no-legal-move", "bare-royal",
					    "repetition", "perpetual-check", "perpetual-attack", "lone-royals",
					    "declaration", "foul", "resign", "timeout", "impasse", "draw"};
	for (int r = KIFU_REASON_NONE; r <= KIFU_REASON_DRAW; r++)
		assert_string_equal(kifu_reason_name((enum kifu_reason)r), words[r]);
	assert_null(kifu_reason_name((enum kifu_reason)(KIFU_REASON_DRAW + 1)));
	kifu_validation val;
	/* a Gold dropped in front of a King the Pawn guards: no legal move, in
	 * check: the rules end it, mate; claimed, the same word */
	validate_text("shogi sfen=4k4/9/4P4/9/9/9/9/9/4K4_b_G_1 : G*5b\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.outcome.end, KIFU_END_RULES);
	assert_int_equal(val.outcome.reason, KIFU_REASON_MATE);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_SENTE);
	assert_int_equal(val.outcome.loser, KIFU_GOTE);
	assert_int_equal(val.outcome.ply, 1);
	validate_text("shogi sfen=4k4/9/4P4/9/9/9/9/9/4K4_b_G_1 : G*5b mate\n", &val);
	assert_int_equal(val.outcome.reason, KIFU_REASON_MATE);
	/* the King on 1a, not in check, with every square it has covered (the
	 * Gold on 2c takes 1b and 2b, the Knight on 3c 2a): no legal move */
	validate_text("shogi sfen=8k/9/6NG1/9/9/9/9/9/4K4_b_-_1 : 5i5h\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.outcome.end, KIFU_END_RULES);
	assert_int_equal(val.outcome.reason, KIFU_REASON_NO_LEGAL_MOVE);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_SENTE);
	/* every ending that names a result and is taken as the record gives it
	 * has its reason: resign, timeout, impasse, draw, and the fouls */
	for (int i = 0; i < kifu_ending_count(); i++) {
		const kifu_ending_info *e = kifu_ending_at(i);
		if (e->outcome == KIFU_OUTCOME_NONE || !strcmp(e->word, "mate") || !strcmp(e->word, "repetition") ||
		    !strcmp(e->word, "declare-win"))
			continue;
		char text[64];
		snprintf(text, sizeof text, "shogi : 7g7f %s\n", e->word);
		validate_text(text, &val);
		assert_true(val.valid);
		assert_int_equal(val.outcome.end, KIFU_END_CLAIMED);
		const char *want = !strncmp(e->word, "illegal-", 8) ? "foul" : e->word;
		assert_string_equal(kifu_reason_name(val.outcome.reason), want);
	}
}

/* A foul the record declares after legal moves (反則勝ち, %-ILLEGAL_ACTION:
 * what servers write for a move they refused) is valid, the foul declared
 * and not checked: the side at fault and the ending's place; a foul its
 * last move shows is checked.  A false claim stays a fault. */
static void declared_fouls(void **state)
{
	(void)state;
	kifu_validation val;
	/* Gote, to move after 7g7f, wins by Sente's foul */
	validate_text("shogi : 7g7f 3c3d 2g2f illegal-win\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.plies, 3);
	assert_int_equal(val.fault.code, KIFU_FAULT_DECLARED);
	assert_int_equal(val.fault.side, KIFU_SENTE);
	assert_int_equal(val.fault.ply, 4);
	assert_int_equal(val.fault.col, 24);
	assert_string_equal(val.fault.move, "illegal-win");
	assert_string_equal(val.fault.reason, "");
	assert_int_equal(val.outcome.end, KIFU_END_CLAIMED);
	assert_int_equal(val.outcome.reason, KIFU_REASON_FOUL);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_GOTE);
	assert_int_equal(val.outcome.loser, KIFU_SENTE);
	/* 反則負け: the side to move fouled */
	validate_text("shogi : 7g7f 3c3d illegal-loss\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.fault.code, KIFU_FAULT_DECLARED);
	assert_int_equal(val.fault.side, KIFU_SENTE);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_GOTE);
	/* the foul its last move shows: checked */
	validate_text("shogi : 7g7f 3c3d 8h2b+ 3a2b 2h2c illegal-win\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.plies, 4);
	assert_int_equal(val.fault.code, KIFU_FAULT_ILLEGAL);
	assert_int_equal(val.fault.illegal, KIFU_ILL_BLOCKED);
	assert_int_equal(val.fault.ply, 5);
	assert_int_equal(val.fault.side, KIFU_SENTE);
	assert_string_equal(val.fault.move, "2h2c");
	assert_int_equal(val.outcome.end, KIFU_END_CHECKED);
	assert_int_equal(val.outcome.winner, KIFU_RESULT_GOTE);
	/* a foul declared after the rules ended the game contradicts them */
	validate_text("shogi sfen=4k4/9/4P4/9/9/9/9/9/4K4_b_G_1 : G*5b illegal-win\n", &val);
	assert_false(val.valid);
	assert_int_equal(val.fault.code, KIFU_FAULT_ENDING);
	assert_string_equal(val.fault.reason, "the record ends in illegal-win (反則勝ち), but the rules ended the "
					      "game: Gote, to move, has no legal move");
	/* in a variation: valid, as in the main line */
	validate_text("shogi : 2g2f ( 7g7f 3c3d 8h2b+ 3a2b 2h2c illegal-win ) 8c8d ( 7g7f illegal-win )\n", &val);
	assert_true(val.valid);
	assert_int_equal(val.outcome.end, KIFU_END_NONE);
}

/* A record whose variant is not known: the library reports the reader's
 * fault, where the reader found it (no position to play on). */
static void unknown_variant_fault(void **state)
{
	(void)state;
	kifu_record *rec;
	const kifu_variant *v;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&rec), 0);
	assert_int_equal(read_first(rec, "\nbogus : 7g7f\n", NULL, &v, NULL, &d), 1);
	assert_null(v);
	kifu_validation val;
	assert_int_equal(kifu_validate(rec, NULL, NULL, &val), 0);
	assert_false(val.valid);
	assert_int_equal(val.fault.code, KIFU_FAULT_VARIANT);
	assert_int_equal(val.fault.ply, 0);
	assert_int_equal(val.fault.side, -1);
	assert_int_equal(val.fault.line, 2);
	assert_int_equal(val.fault.col, 1);
	assert_string_equal(val.fault.move, "");
	assert_string_equal(val.fault.reason, "unknown variant \"bogus\" (kifu-variants lists them)");
	assert_int_equal(kifu_play(rec, NULL, NULL, &val), 0);
	assert_int_equal(val.fault.code, KIFU_FAULT_VARIANT);
	/* a bad start, and a record the reader could not read */
	assert_int_equal(read_first(rec, "shogi sfen=9/9 : 7g7f\n", NULL, &v, NULL, &d), 1);
	kifu_position *pos = support_position("shogi", NULL);
	assert_int_equal(kifu_validate(rec, pos, NULL, &val), 0);
	assert_int_equal(val.fault.code, KIFU_FAULT_START);
	assert_int_equal(val.fault.ply, 0);
	assert_int_equal(read_first(rec, "shogi : 7g7f 3c3d 7z7f\n", NULL, &v, NULL, &d), 1);
	assert_int_equal(kifu_validate(rec, pos, NULL, &val), 0);
	assert_int_equal(val.fault.code, KIFU_FAULT_UNREAD);
	assert_int_equal(val.fault.ply, 3);
	assert_string_equal(val.fault.move, "7z7f");
	kifu_position_free(pos);
	kifu_record_free(rec);
}

/* kifu_write's validation (kifu_write_options.validation) is kifu_validate's
 * for every notation: from the play of the writers that play every line
 * (KIF, KI2, JKF: through illegal moves), validated besides for the others;
 * a variation that ends with a foul it declares is valid either way. */
static void write_validation(void **state)
{
	(void)state;
	static const char *const records[] = {
		"shogi : 7g7f 3c3d 8h2b+ 3a2b\n",
		"shogi : 7g7f 3c3c\n",
		"shogi : 7g7f mate\n",
		"shogi : 7g7f 3c3d 2g2f illegal-win\n",
		"shogi : 7g7f 3c3d 8h2b+ 3a2b 2h2c illegal-win\n",
		"shogi : 2g2f ( 7g7f 3c3d 8h2b+ 3a2b 2h2c illegal-win ) 8c8d\n",
		"shogi : 2g2f ( 7g7f 3c3d 8h2b+ 3a2b 2h2c ) 8c8d\n",
		"shogi : 7g7f ( 2g2f 8c8d ( 3c3d repetition ) ) 3c3d\n",
	};
	static const char *const notations[] = {"compact", "kif", "ki2", "csa", "jkf", "usi"};
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	kifu_position *pos = support_position("shogi", NULL);
	for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
		const kifu_variant *v;
		kifu_diag d;
		assert_int_equal(read_first(rec, records[i], NULL, &v, NULL, &d), 1);
		kifu_validation want, got;
		assert_int_equal(kifu_validate(rec, pos, NULL, &want), 0);
		for (size_t n = 0; n < sizeof notations / sizeof notations[0]; n++) {
			kifu_write_options opt = KIFU_WRITE_OPTIONS_INIT;
			opt.validation = &got;
			FILE *f = fopen("/dev/null", "w");
			assert_non_null(f);
			int rc = kifu_write(f, rec, v, notations[n], &opt, &d);
			fclose(f);
			if (rc)
				continue; /* KI2 cannot write an illegal move: nothing to say */
			if (got.valid != want.valid || got.fault.ply != want.fault.ply ||
			    got.fault.variation != want.fault.variation || strcmp(got.fault.reason, want.fault.reason))
				fail_msg("%s as %s: valid %d ply %ld \"%s\", kifu_validate: valid %d ply %ld \"%s\"",
					 records[i], notations[n], got.valid, got.fault.ply, got.fault.reason, want.valid,
					 want.fault.ply, want.fault.reason);
		}
	}
	kifu_position_free(pos);
	kifu_record_free(rec);
}

/* ---- notes ---- */

/* What a reader passes over in a record it takes whole is a note, with its
 * line and column, and the record stays valid: a second ending after the
 * first (投了, then 中断); the first KIFU_MAX_NOTES are kept; the next record
 * starts with none. */
static void record_notes(void **state)
{
	(void)state;
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	const kifu_variant *v;
	kifu_diag d;
	const char *kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n   3 中断\n";
	assert_int_equal(read_first(rec, kif, NULL, &v, NULL, &d), 1);
	assert_null(kifu_record_error(rec, NULL, NULL, NULL, NULL));
	assert_string_equal(kifu_record_ending(rec), "resign");
	assert_int_equal(kifu_record_note_count(rec), 1);
	long line = 0, col = 0;
	assert_string_equal(kifu_record_note(rec, 0, &line, &col),
			    "the game ended with 投了 (line 4): 中断 is passed over");
	assert_int_equal(line, 5);
	assert_int_equal(col, 6);
	assert_null(kifu_record_note(rec, 1, NULL, NULL));
	assert_null(kifu_record_note(rec, -1, NULL, NULL));
	/* many: the first KIFU_MAX_NOTES */
	char many[4096] = "▲７六歩　△投了";
	for (int i = 0; i < KIFU_MAX_NOTES + 5; i++)
		strcat(many, "　▲中断");
	strcat(many, "\n");
	assert_int_equal(read_first(rec, many, NULL, &v, NULL, &d), 1);
	assert_null(kifu_record_error(rec, NULL, NULL, NULL, NULL));
	assert_int_equal(kifu_record_note_count(rec), KIFU_MAX_NOTES);
	/* a record with none */
	assert_int_equal(read_first(rec, "shogi : 7g7f resign\n", NULL, &v, NULL, &d), 1);
	assert_int_equal(kifu_record_note_count(rec), 0);
	/* a builder's note */
	assert_int_equal(kifu_record_add_note(rec, 3, 4, "passed over"), 0);
	assert_string_equal(kifu_record_note(rec, 0, NULL, NULL), "passed over");
	kifu_record_free(rec);
}

/* ---- the notation table ---- */

static void notation_table(void **state)
{
	(void)state;
	int n = kifu_notation_count();
	assert_true(n >= 2);
	for (int i = 0; i < n; i++) {
		kifu_notation_info info;
		assert_int_equal(kifu_notation_at(i, &info), 0);
		assert_int_equal(kifu_notation_find(info.name), i);
		assert_non_null(info.summary);
		assert_non_null(info.between);
	}
	kifu_notation_info info;
	assert_int_equal(kifu_notation_at(n, &info), KIFU_ENOTFOUND);
	assert_int_equal(kifu_notation_find("pgn"), KIFU_ENOTFOUND);
	/* ki2: written, and read (by the KIF-family reader, which reads KI2) */
	assert_int_equal(kifu_notation_at(kifu_notation_find("ki2"), &info), 0);
	assert_true(info.can_read && info.can_write);
	kifu_record *rec;
	assert_int_equal(kifu_record_new(&rec), 0);
	const kifu_variant *v;
	assert_int_equal(kifu_variant_builtin(&v, "shogi", NULL), 0);
	kifu_diag d;
	assert_int_equal(kifu_write(stdout, rec, v, "pgn", NULL, &d), KIFU_ENOTFOUND);
	kifu_record_free(rec);
	assert_string_equal(kifu_version(), KIFU_VERSION);
	assert_true(KIFU_VERSION_CHECK(0, 2, 0));
	assert_false(KIFU_VERSION_CHECK(KIFU_VERSION_MAJOR + 1, 0, 0));
}

/* ---- kifu_record_copy ---- */

/* A copy is the record: written in every notation that carries what it
 * holds, it is written as the original is; its reading error and notes
 * are the original's; and it owns its memory (the original read over with
 * another record, the copy is unchanged).  A copy into a record that held
 * more reuses it; kifu_record_set_comment(NULL) takes a comment away. */
static void record_copy(void **state)
{
	(void)state;
	kifu_record *src, *dst;
	const kifu_variant *v, *v2;
	kifu_diag d;
	assert_int_equal(kifu_record_new(&src), 0);
	assert_int_equal(kifu_record_new(&dst), 0);
	const char *kif =
		"#KIF version=2.0 encoding=UTF-8\n"
		"開始日時：2024/01/02\n先手：甲\n後手：乙\n"
		"手数----指手---------消費時間--\n"
		"*始まる前\n"
		"   1 ７六歩(77)   ( 0:05/00:00:05)\n*一手目\n&しおり\n"
		"   2 ３四歩(33)   ( 0:03/00:00:03)+\n"
		"   3 ２二角成(88) ( 0:10/00:00:15)\n"
		"   4 同　銀(31)   ( 0:02/00:00:05)\n"
		"   5 投了\n*終わりに\n"
		"   6 中断\n"
		"\n変化：2手\n"
		"   2 ８四歩(83)   ( 0:01/00:00:01)\n"
		"   3 ２六歩(27)   ( 0:01/00:00:06)\n";
	/* dst held a longer record first: its memory is reused */
	assert_int_equal(read_first(dst, "shogi event=a%20long%20one : 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d "
				    "2h2d P*2c 2d2h 8e8f 8g8f 8b8f resign\n", NULL, &v2, NULL, &d), 1);
	assert_int_equal(read_first(src, kif, NULL, &v, NULL, &d), 1);
	assert_int_equal(kifu_record_note_count(src), 1);
	const char *notations[] = {"kif", "compact", "jkf"};
	char *before[3];
	for (int i = 0; i < 3; i++)
		before[i] = write_string(src, v, notations[i]);
	assert_int_equal(kifu_record_copy(dst, src), 0);
	assert_int_equal(kifu_record_copy(dst, dst), 0);
	/* src read over: the copy is its own */
	assert_int_equal(read_first(src, "shogi : 2g2f resign\n", NULL, &v2, NULL, &d), 1);
	for (int i = 0; i < 3; i++) {
		char *after = write_string(dst, v, notations[i]);
		assert_string_equal(after, before[i]);
		free(after);
		free(before[i]);
	}
	assert_string_equal(kifu_record_file(dst), "mem");
	assert_string_equal(kifu_record_notation(dst), "kif");
	assert_int_equal(kifu_record_line_count(dst), 2);
	assert_int_equal(kifu_record_note_count(dst), 1);
	long line = 0, col = 0;
	assert_string_equal(kifu_record_note(dst, 0, &line, &col),
			    "the game ended with 投了 (line 13): 中断 is passed over");
	assert_int_equal(line, 15);
	assert_string_equal(kifu_record_comment(dst, 0), "一手目");
	assert_int_equal(kifu_record_set_comment(dst, 0, NULL, 0), 0);
	assert_null(kifu_record_comment(dst, 0));
	assert_string_equal(kifu_record_comment(dst, KIFU_COMMENT_BEFORE), "始まる前");
	/* a reading error is copied with its place */
	assert_int_equal(read_first(src, "shogi : 7g7f xyz9 3c3d\n", NULL, &v, NULL, &d), 1);
	assert_int_equal(kifu_record_copy(dst, src), 0);
	long ply = 0;
	const char *move = NULL;
	kifu_record_clear(src);
	assert_string_equal(kifu_record_error(dst, &ply, &line, &col, &move),
			    "unknown ending \"xyz9\" (see formats/compact.md)");
	assert_int_equal(ply, 2);
	assert_int_equal(line, 1);
	assert_int_equal(col, 14);
	assert_string_equal(move, "xyz9");
	assert_int_equal(kifu_record_move_count(dst), 1);
	/* an empty record copies as empty */
	assert_int_equal(kifu_record_copy(dst, src), 0);
	assert_int_equal(kifu_record_total_moves(dst), 0);
	assert_null(kifu_record_error(dst, NULL, NULL, NULL, NULL));
	assert_string_equal(kifu_record_variant_name(dst), "");
	kifu_record_free(src);
	kifu_record_free(dst);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(endings_table),
		cmocka_unit_test(endings_in_every_notation),
		cmocka_unit_test(tags_in_every_notation),
		cmocka_unit_test(kif_header_order),
		cmocka_unit_test(bod_hands),
		cmocka_unit_test(wide_form_promotion_words),
		cmocka_unit_test(stream_tells_notations),
		cmocka_unit_test(variant_sets),
		cmocka_unit_test(variant_readings),
		cmocka_unit_test(kif_variant_undecided),
		cmocka_unit_test(dropped_words),
		cmocka_unit_test(compact_moves),
		cmocka_unit_test(moves_same),
		cmocka_unit_test(play_loop),
		cmocka_unit_test(play_through_illegal),
		cmocka_unit_test(play_named_piece),
		cmocka_unit_test(repetition_rule),
		cmocka_unit_test(declaration_rule),
		cmocka_unit_test(reason_names),
		cmocka_unit_test(declared_fouls),
		cmocka_unit_test(unknown_variant_fault),
		cmocka_unit_test(write_validation),
		cmocka_unit_test(record_notes),
		cmocka_unit_test(record_copy),
		cmocka_unit_test(notation_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
