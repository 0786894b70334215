/*
 * test_variant.c - variant files (formats/variants.md): a bad file gets FILE:LINE:COL
 * and a message, never a crash; a user's file that inherits a shipped
 * variant loads and plays.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/variant_keys.h"

#define BAD "tests/data/bad-variants/"

/* The diagnostic is file:line:col: msg. */
static void check_diag(const kifu_diag *diag, const char *file, long line, long col,
		       const char *msg)
{
	if (strcmp(diag->file, file) != 0 || diag->line != line || diag->col != col ||
	    strcmp(diag->message, msg) != 0)
		fail_msg("%s:%ld:%ld: %s\nexpected\n%s:%ld:%ld: %s", diag->file, diag->line,
			 diag->col, diag->message, file, line, col, msg);
}

/* Loading path fails at line:col with message msg. */
static void bad(const char *path, long line, long col, const char *msg)
{
	kifu_variant *v = (kifu_variant *)1;
	kifu_diag diag;

	kifu_diag_clear(&diag);
	int rc = kifu_variant_load_file(&v, path, &diag);
	assert_true(rc < 0);
	assert_null(v);
	check_diag(&diag, path, line, col, msg);
}

static void bad_files(void **state)
{
	(void)state;
	/* Line 3 is "colour: red": the key, column 1. */
	bad(BAD "unknown-key.yaml", 3, 1, "unknown key \"colour\" (see formats/variants.md)");
	/* Line 5 is "    speed: 3": the key at column 5. */
	bad(BAD "unknown-piece-key.yaml", 5, 5, "unknown piece key \"speed\" (see formats/variants.md)");
	/* Line 5 is "    moves: fWZ": the value starts at column 12, the bad
	 * atom Z is its third character, column 14. */
	bad(BAD "bad-moves.yaml", 5, 14,
	    "moves \"fWZ\": unknown atom (expected one of W F D A N H G K R B Q L U I E)");
	/* The same quoted: "fWZ" starts after the quote at column 13, Z is
	 * column 15. */
	bad(BAD "bad-moves-quoted.yaml", 5, 15,
	    "moves \"fWZ\": unknown atom (expected one of W F D A N H G K R B Q L U I E)");
	/* Line 5 is "    promotes-to: platinum": the value at column 18. */
	bad(BAD "undefined-promotion.yaml", 5, 18,
	    "piece \"silver\" promotes to \"platinum\", which is not defined");
	/* Line 5 is "    sfen: P": the new piece's letter, column 11, is the
	 * inherited pawn's. */
	bad(BAD "duplicate-sfen.yaml", 5, 11, "pieces \"pawn\" and \"tiger\" have the same sfen letter P");
	/* Line 2 is "title: Shogi: bad": the second ':' (column 13) starts a
	 * mapping where a plain value was going on. */
	bad(BAD "yaml-syntax.yaml", 2, 13, "YAML: mapping values are not allowed in this context");
	/* Line 5 is "start: 4k4/9/9/9/9 b - 1" on a 5x5 board: the value starts
	 * at column 8, and "4k4" overflows the rank at its third character
	 * (4 + 1 + 4 squares), column 10. */
	bad(BAD "start-too-wide.yaml", 5, 10, "start: rank has too many squares");
	/* Line 4 is "  counter-strike: sometimes": the value at column 19. */
	bad(BAD "bad-counter-strike.yaml", 4, 19, "counter-strike is one of: none, any, protected");
	/* Line 4 is "  bare-royal: yes": the value at column 15. */
	bad(BAD "bad-end.yaml", 4, 15, "bare-royal is one of: none, bared, royals-and-one, lone");
	/* Line 4 is "  bridge: true" under "lion-trading:" (line 3): the mapping
	 * starts on line 4, column 3. */
	bad(BAD "bridge-alone.yaml", 4, 3, "lion-trading: bridge makes an exception to protected-lion, which is off");
	/* Line 3 is "lion-trading: {...}" in a variant with drops: the mapping at
	 * column 15. */
	bad(BAD "counter-strike-drops.yaml", 3, 15,
	    "lion-trading: counter-strike needs drops: false (SFEN field 3 holds its square)");
	/* Line 4 gives the Vice General "R^ D" with Taikyoku's range capture:
	 * its D jump along the range jump's line would be a move of the same
	 * squares that takes nothing; the moves' value at column 32. */
	bad(BAD "range-capture-clash.yaml", 4, 32,
	    "moves \"R^ D\": a leap along the line of a range capture: with range-jumps.passed captured, a move could not tell whether it captures the pieces it passes over");
	/* The same with "jR^": what it passes over first, whatever stands there,
	 * would not be told from what it captures. */
	bad(BAD "range-capture-j.yaml", 4, 34,
	    "moves \"jR^\": a range capture that passes over its first squares whatever stands there (j): with range-jumps.passed captured, a move could not tell whether it captures the pieces it passes over");
	/* Line 1 is "inherit: nosuch": the value at column 10. */
	bad(BAD "inherit-unknown.yaml", 1, 10, "no shipped variant \"nosuch\" to inherit from");
	/* A missing file: an I/O error naming it. */
	kifu_variant *v = NULL;
	kifu_diag diag;
	kifu_diag_clear(&diag);
	assert_int_equal(kifu_variant_load_file(&v, BAD "no-such-file.yaml", &diag), KIFU_EIO);
	assert_string_equal(diag.file, BAD "no-such-file.yaml");
}

/* text loads, and the variant is called name. */
static void good_text(const char *text, const char *name)
{
	kifu_variant *v = NULL;
	kifu_diag diag;
	kifu_diag_clear(&diag);
	if (kifu_variant_load_buffer(&v, text, strlen(text), "gen.yaml", &diag))
		fail_msg("%s:%ld:%ld: %s", diag.file, diag.line, diag.col, diag.message);
	assert_string_equal(kifu_variant_name(v), name);
	kifu_variant_free(v);
}

/* Names and text: a variant's name is what a compact record can start
 * with; no text value holds a control character (escapes in double-quoted
 * strings make them).  Each error is at the value, column of its quote. */
#define NAME_RULE "a variant name is printable ASCII without spaces, a lowercase letter " \
		  "first (it starts each compact record): "
#define CONTROL(c) "a control character (U+" c ") in a text value"
static void bad_names(void **state)
{
	(void)state;
	static const struct { const char *file; long line, col; const char *msg; } cases[] = {
		{"name-space.yaml", 2, 7, NAME_RULE "\"my shogi : 7g7f\""},
		{"name-uppercase.yaml", 2, 7, NAME_RULE "\"Mini\""},
		{"name-hash.yaml", 2, 7, NAME_RULE "\"#mini\""},
		{"name-newline.yaml", 2, 7, CONTROL("000A")},
		/* line 5, "    name: "\a歩"": the value at column 11 */
		{"piece-name-control.yaml", 5, 11, CONTROL("0007")},
		{"title-c1.yaml", 3, 8, CONTROL("0085")},
		/* line 4, "  - {id: pawn, english: "Pawn\x7f"}": column 25 */
		{"english-del.yaml", 4, 25, CONTROL("007F")},
		{"id-tab.yaml", 4, 10, CONTROL("0009")},
		/* the name "a:b=c" passes (':' and '=' are read back in a compact
		 * record's first token); the NUL in title-ja does not */
		{"title-ja-nul.yaml", 3, 11, CONTROL("0000")},
		{"inherit-twice.yaml", 3, 1, "inherit given twice (a variant has one parent)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char path[256];
		snprintf(path, sizeof path, BAD "%s", cases[i].file);
		bad(path, cases[i].line, cases[i].col, cases[i].msg);
	}
	/* any printable ASCII after the first letter is read back */
	good_text("inherit: shogi\nname: \"a:b=c+d#e\"\n", "a:b=c+d#e");
}

/* Loading text fails with code at line:col of "gen.yaml" with msg. */
static void bad_text_code(const char *text, int code, long line, long col, const char *msg)
{
	kifu_variant *v = NULL;
	kifu_diag diag;
	kifu_diag_clear(&diag);
	int rc = kifu_variant_load_buffer(&v, text, strlen(text), "gen.yaml", &diag);
	assert_int_equal(rc, code);
	assert_null(v);
	check_diag(&diag, "gen.yaml", line, col, msg);
}

static void bad_text(const char *text, long line, long col, const char *msg)
{
	bad_text_code(text, KIFU_ELIMIT, line, col, msg);
}

/* "inherit: shogi\nname: x\nfoo: ", then n1 times item1, n2 times item2,
 * and tail: a file too big to keep in the tests' data. */
static char *gen_text(const char *item1, long n1, const char *item2, long n2, const char *tail)
{
	static const char head[] = "inherit: shogi\nname: x\nfoo: ";
	size_t len = sizeof head + (size_t)n1 * strlen(item1) + (size_t)n2 * strlen(item2) +
		     strlen(tail) + 2;
	char *text = malloc(len), *p = text;
	assert_non_null(text);
	p += sprintf(p, "%s", head);
	for (long i = 0; i < n1; i++)
		p += sprintf(p, "%s", item1);
	for (long i = 0; i < n2; i++)
		p += sprintf(p, "%s", item2);
	sprintf(p, "%s\n", tail);
	return text;
}

/* The YAML's shape is measured before libyaml builds it: these files took
 * seconds to minutes and hundreds of megabytes. */
static void yaml_limits(void **state)
{
	(void)state;
	/* 200,000 "[": the root mapping is 1 deep, the first "[" (column 6)
	 * 2, the 32nd (column 37) would be 33 */
	char *text = gen_text("[", 200000, "]", 200000, "");
	bad_text(text, 3, 37, "YAML nested more than 32 deep");
	free(text);
	/* [1,1,...]: the root, 5 scalars and the list make 7 nodes, the k-th 1
	 * (column 5 + 2k) node 7 + k: node 100,001 is the 99,994th */
	text = gen_text("[", 1, "1,", 3000000, "1]");
	bad_text(text, 3, 199993, "more than 100000 YAML nodes");
	free(text);
	/* aliases count for what they stand for: 10 x (11 nodes with their
	 * list), *a 10 times (111), ... the 8th *d on line 5 (column 37) makes
	 * 12,351 + 8 * 11,111 nodes */
	bad_text("l0: &a [x, x, x, x, x, x, x, x, x, x]\n"
		 "l1: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
		 "l2: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
		 "l3: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
		 "l4: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n", 5, 37,
		 "more than 100000 YAML nodes");
	/* anchors: libyaml looks each one up among all the others; the 101st
	 * (column 7 + 8 * 100) is one too many */
	text = gen_text("[", 1, "&a000 x,", 101, "x]");
	for (int i = 0; i < 101; i++) {
		char num[8];
		snprintf(num, sizeof num, "%03d", i);
		memcpy(text + 29 + 8 * i + 2, num, 3);
	}
	bad_text(text, 3, 807, "more than 100 YAML anchors");
	free(text);
	/* within the limits an alias is as good as what it names */
	good_text("inherit: shogi\nname: alias\ntitle: &t Alias Shogi\ntitle-ja: *t\n", "alias");
}

static void user_variant(void **state)
{
	(void)state;
	kifu_variant *v = NULL;
	kifu_diag diag;
	kifu_diag_clear(&diag);
	int rc = kifu_variant_load_file(&v, "tests/data/variants/mini.yaml", &diag);
	if (rc)
		fail_msg("%s:%ld:%ld: %s", diag.file, diag.line, diag.col, diag.message);
	assert_string_equal(kifu_variant_name(v), "mini");
	assert_int_equal(kifu_variant_files(v), 5);
	assert_int_equal(kifu_variant_ranks(v), 5);
	assert_true(kifu_variant_has_drops(v));
	assert_int_equal(kifu_variant_royal_rule(v), KIFU_ROYAL_LAST);
	assert_string_equal(kifu_variant_start_sfen(v), "rbsgk/4p/5/P4/KGSBR b - 1");
	assert_null(kifu_variant_named_start(v, "香落ち"));

	kifu_position *pos = NULL;
	assert_int_equal(kifu_position_new(&pos, v), 0);
	/* Depth 1 by hand (Sente: King 5e, Gold 4e, Silver 3e, Bishop 2e,
	 * Rook 1e, pawn 5d; Gote's pawn on 1b; zone = rank a only):
	 *   pawn 5d: 5c                                   1
	 *   King 5e: 4d (5d own pawn, 4e own Gold)        1
	 *   Gold 4e: 4d 3d (5d own)                       2
	 *   Silver 3e: 3d 4d 2d                           3
	 *   Bishop 2e: 3d 4c 5b, 1d (none reach rank a)   4
	 *   Rook 1e: 1d 1c 1b (takes the pawn)            3
	 * 14, none leaving the King attacked (Gote's Rook on 5a is blocked by
	 * the pawn on 5d or 5c). */
	assert_int_equal(support_perft(pos, 1), 14);
	assert_piece_moves(pos, "2e", "2e3d 2e4c 2e5b 2e1d");
	kifu_position_free(pos);
	kifu_variant_free(v);
	kifu_variant_free(NULL);
}

/* What kifu_variant_set_find_title and _find_start answer without loading
 * anything, from the shipped files' summaries, is what the loaded variants
 * say, in kifu_variant_set_at's order: for every title, name and start of
 * every shipped variant, folded forms, a user's variant added in front, and
 * names of nothing. */
static const kifu_variant *by_title_loaded(const kifu_variant_set *set, const char *name)
{
	char want[256], have[256];
	kifu_name_fold(name, want, sizeof want);
	for (int i = 0; i < kifu_variant_set_count(set); i++) {
		const kifu_variant *v = kifu_variant_set_at(set, i);
		kifu_name_fold(kifu_variant_title_ja(v), have, sizeof have);
		if ((have[0] && !strcmp(want, have)) || !strcmp(want, kifu_variant_name(v)))
			return v;
	}
	return NULL;
}

static const kifu_variant *by_start_loaded(const kifu_variant_set *set, const char *name, const char **start)
{
	char want[256], have[256];
	kifu_name_fold(name, want, sizeof want);
	*start = NULL;
	for (int i = 0; i < kifu_variant_set_count(set); i++) {
		const kifu_variant *v = kifu_variant_set_at(set, i);
		for (int k = 0; k < kifu_variant_named_start_count(v); k++) {
			kifu_name_fold(kifu_variant_named_start_name(v, k), have, sizeof have);
			if (!strcmp(want, have)) {
				*start = kifu_variant_named_start_name(v, k);
				return v;
			}
		}
	}
	return NULL;
}

static void same_answers(const kifu_variant_set *set, const char *name, int *checked)
{
	const char *s1, *s2;
	const kifu_variant *a = kifu_variant_set_find_title(set, name), *b = by_title_loaded(set, name);
	if (a != b)
		fail_msg("title \"%s\": %s, loaded: %s", name, a ? kifu_variant_name(a) : "none",
			 b ? kifu_variant_name(b) : "none");
	a = kifu_variant_set_find_start(set, name, &s1);
	b = by_start_loaded(set, name, &s2);
	if (a != b || (s1 != s2 && (!s1 || !s2 || strcmp(s1, s2))))
		fail_msg("start \"%s\": %s %s, loaded: %s %s", name, a ? kifu_variant_name(a) : "none",
			 s1 ? s1 : "", b ? kifu_variant_name(b) : "none", s2 ? s2 : "");
	(*checked)++;
}

/* A set with the user's variant of tests/data/variants/mini.yaml, not
 * added yet. */
static void set_and_mini(kifu_variant_set **set, kifu_variant **mini)
{
	kifu_diag diag;
	kifu_diag_clear(&diag);
	*set = NULL;
	*mini = NULL;
	assert_int_equal(kifu_variant_set_new(set), 0);
	assert_int_equal(kifu_variant_load_file(mini, "tests/data/variants/mini.yaml", &diag), 0);
}

/* kifu_variant_set_start_name tells, without loading, the name and side
 * of the piece on each square of the set's i-th variant's start, as the
 * loaded variant v has them, or says it does not tell (never for an
 * added one, never off the board): 1 when it tells every square. */
static int start_names_agree(const kifu_variant_set *set, int i, const kifu_variant *v, bool added)
{
	const char *name;
	enum kifu_side side;
	int squares = kifu_variant_files(v) * kifu_variant_ranks(v);
	assert_int_equal(kifu_variant_set_start_name(set, i, -1, &name, &side), KIFU_ENOTFOUND);
	assert_int_equal(kifu_variant_set_start_name(set, i, squares, &name, &side), KIFU_ENOTFOUND);
	int rc = kifu_variant_set_start_name(set, i, 0, &name, &side);
	if (added || rc == KIFU_ENOTFOUND) {
		assert_int_equal(rc, KIFU_ENOTFOUND);
		return 0;
	}
	for (int sq = 0; sq < squares; sq++) {
		int code = kifu_variant_start_at(v, sq);
		name = NULL;
		assert_int_equal(kifu_variant_set_start_name(set, i, sq, &name, &side), code != 0);
		if (!code)
			continue;
		kifu_piece_info info;
		assert_int_equal(kifu_variant_piece(v, kifu_code_type(code), &info), 0);
		assert_string_equal(name, info.name);
		assert_int_equal(side, kifu_code_side(code));
	}
	return 1;
}

/* kifu_variant_set_summary tells, without loading, what the loaded
 * variants say: for every variant of the shipped set and of a set with a
 * user's variant in front, its name, board and parent (and the parent's
 * index); where it says the start is the parent's, the start SFEN and
 * every start square's piece name are.  kifu_variant_start_at is the start
 * position's board. */
static void summaries_agree(void **state)
{
	(void)state;
	kifu_variant_set *set;
	kifu_variant *mini;
	set_and_mini(&set, &mini);
	int as_parent = 0, told = 0;
	for (int with_user = 0; with_user < 2; with_user++) {
		if (with_user)
			assert_int_equal(kifu_variant_set_add(set, mini), 0);
		int n = kifu_variant_set_count(set);
		kifu_variant_summary s;
		assert_int_equal(kifu_variant_set_summary(set, n, &s), KIFU_ENOTFOUND);
		assert_int_equal(kifu_variant_set_summary(set, -1, &s), KIFU_ENOTFOUND);
		for (int i = 0; i < n; i++) {
			const kifu_variant *v = kifu_variant_set_at(set, i);
			assert_int_equal(kifu_variant_set_summary(set, i, &s), 0);
			assert_string_equal(s.name, kifu_variant_name(v));
			assert_int_equal(s.files, kifu_variant_files(v));
			assert_int_equal(s.ranks, kifu_variant_ranks(v));
			told += start_names_agree(set, i, v, with_user && i == 0);
			if (with_user && i == 0) {
				assert_string_equal(s.parent, "");
				assert_int_equal(s.parent_at, -1);
				assert_int_equal(s.start_as_parent, 0);
				continue;
			}
			assert_string_equal(s.parent, kifu_variant_parent(v));
			if (!s.parent[0]) {
				assert_int_equal(s.parent_at, -1);
				assert_int_equal(s.start_as_parent, 0);
				continue;
			}
			const kifu_variant *p = kifu_variant_set_at(set, s.parent_at);
			assert_non_null(p);
			assert_string_equal(kifu_variant_name(p), s.parent);
			kifu_position *pos = NULL;
			assert_int_equal(kifu_position_for(&pos, v), 0);
			kifu_position_reset(pos);
			for (int sq = 0; sq < s.files * s.ranks; sq++)
				assert_int_equal(kifu_variant_start_at(v, sq), kifu_position_at(pos, sq));
			assert_int_equal(kifu_variant_start_at(v, s.files * s.ranks), 0);
			assert_int_equal(kifu_variant_start_at(v, -1), 0);
			kifu_position_free(pos);
			if (!s.start_as_parent)
				continue;
			as_parent++;
			assert_string_equal(kifu_variant_start_sfen(v), kifu_variant_start_sfen(p));
			for (int sq = 0; sq < s.files * s.ranks; sq++) {
				int a = kifu_variant_start_at(v, sq), b = kifu_variant_start_at(p, sq);
				assert_int_equal(a != 0, b != 0);
				if (!a)
					continue;
				kifu_piece_info x, y;
				kifu_variant_piece(v, kifu_code_type(a), &x);
				kifu_variant_piece(p, kifu_code_type(b), &y);
				assert_string_equal(x.name, y.name);
			}
		}
	}
	/* the Tenjiku readings that change only rules, the Heian and Wa ones */
	assert_true(as_parent >= 2 * 10);
	/* the twelve with a start and pieces of their own (chu, dai, ...,
	 * taikyoku, wa), in both sets */
	assert_int_equal(told, 2 * 12);
	kifu_variant_set_free(set);
	kifu_variant_free(mini);
}

static void find_by_title_and_start(void **state)
{
	(void)state;
	kifu_variant_set *set;
	kifu_variant *mini;
	set_and_mini(&set, &mini);
	int checked = 0;
	for (int with_user = 0; with_user < 2; with_user++) {
		if (with_user)
			assert_int_equal(kifu_variant_set_add(set, mini), 0);
		for (int i = 0; i < kifu_variant_set_count(set); i++) {
			const kifu_variant *v = kifu_variant_set_at(set, i);
			same_answers(set, kifu_variant_title_ja(v), &checked);
			same_answers(set, kifu_variant_name(v), &checked);
			for (int k = 0; k < kifu_variant_named_start_count(v); k++)
				same_answers(set, kifu_variant_named_start_name(v, k), &checked);
		}
		static const char *const others[] = {"小將棋", "大將棋", "中將棋", "香落", "foo", "", "平手 "};
		for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
			same_answers(set, others[i], &checked);
	}
	/* the answers themselves, as KIF's 手合割 needs them */
	const char *start;
	assert_string_equal(kifu_variant_name(kifu_variant_set_find_title(NULL, "小將棋")), "sho");
	assert_string_equal(kifu_variant_name(kifu_variant_set_find_title(NULL, "中将棋（日本中将棋連盟）")), "chu-jcsa");
	assert_string_equal(kifu_variant_name(kifu_variant_set_find_start(NULL, "香落ち", &start)), "shogi");
	assert_string_equal(start, "香落ち");
	assert_null(kifu_variant_set_find_start(NULL, "中将棋", &start));
	assert_null(start);
	assert_null(kifu_variant_set_find_title(NULL, "平手"));
	/* one variant asked whether it answers to a name: its title folded,
	 * its name, a start of its own (the start's name as it has it) */
	const kifu_variant *sho = kifu_variant_set_find_title(NULL, "sho");
	assert_non_null(sho);
	assert_true(kifu_variant_is_called(sho, "小將棋", &start));
	assert_null(start);
	assert_true(kifu_variant_is_called(sho, "sho", &start));
	assert_null(start);
	assert_false(kifu_variant_is_called(sho, "中将棋", &start));
	assert_null(start);
	const kifu_variant *shogi = kifu_variant_set_find_title(NULL, "shogi");
	assert_non_null(shogi);
	assert_true(kifu_variant_is_called(shogi, "香落ち", &start));
	assert_string_equal(start, "香落ち");
	assert_false(kifu_variant_is_called(sho, "香落ち", &start));
	assert_true(checked > 60);
	kifu_variant_set_free(set);
	kifu_variant_free(mini);
}

/* kifu_variant_set_find_called: a variant as a person names it on the
 * command line, by its name, its Japanese title (folded) or its English
 * title (case, spaces, hyphens and underscores aside), for every shipped
 * variant; a user's variant added first wins; a slip finds nothing. */
static void find_called(void **state)
{
	(void)state;
	static const struct { const char *called, *variant; } cases[] = {
		{"dai", "dai"}, {"大将棋", "dai"}, {"大將棋", "dai"}, {"daishogi", "dai"},
		{"Dai Shogi", "dai"}, {"dai-shogi", "dai"}, {"DAI_SHOGI", "dai"}, {"DAI", "dai"},
		{"中将棋", "chu"}, {"中將棋", "chu"}, {"chushogi", "chu"}, {"Chu Shogi", "chu"},
		{"chu-jcsa", "chu-jcsa"}, {"中将棋（日本中将棋連盟）", "chu-jcsa"},
		{"Chu Shogi (JCSA rules)", "chu-jcsa"}, {"小将棋", "sho"}, {"小將棋", "sho"},
		{"shoshogi", "sho"}, {"本将棋", "shogi"}, {"Shogi", "shogi"}, {"朝倉象棋", "asakura"},
		{"asakura shogi", "asakura"}, {"小象棋", "shozogi"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const kifu_variant *v = kifu_variant_set_find_called(NULL, cases[i].called);
		if (!v || strcmp(kifu_variant_name(v), cases[i].variant))
			fail_msg("\"%s\": %s, not %s", cases[i].called, v ? kifu_variant_name(v) : "none",
				 cases[i].variant);
	}
	assert_null(kifu_variant_set_find_called(NULL, "chuu"));
	assert_null(kifu_variant_set_find_called(NULL, "shogi shogi"));
	assert_null(kifu_variant_set_find_called(NULL, " - "));
	/* a user's variant, found first, by its English title too */
	kifu_variant_set *set;
	kifu_variant *mini;
	set_and_mini(&set, &mini);
	assert_int_equal(kifu_variant_set_add(set, mini), 0);
	assert_ptr_equal(kifu_variant_set_find_called(set, "Mini Shogi (test)"), mini);
	assert_ptr_equal(kifu_variant_set_find_called(set, "minishogi(test)"), mini);
	assert_string_equal(kifu_variant_name(kifu_variant_set_find_called(set, "daishogi")), "dai");
	kifu_variant_set_free(set);
	kifu_variant_free(mini);
}

/* ---- formats/variants.md against the loader's key tables ---- */

/* The text of formats/variants.md, whole. */
static char *read_schema(void)
{
	FILE *f = fopen("formats/variants.md", "rb");
	assert_non_null(f);
	static char text[1 << 17];
	size_t n = fread(text, 1, sizeof text - 1, f);
	assert_true(n < sizeof text - 1);
	text[n] = 0;
	fclose(f);
	return text;
}

/* The rows of section "## NAME"'s table, one a line, into rows (each row a
 * line of the text, NUL-terminated in a copy); how many. */
static int section_rows(const char *text, const char *name, char rows[][1024], int max)
{
	char heading[128];
	snprintf(heading, sizeof heading, "\n## %s\n", name);
	const char *at = strstr(text, heading);
	if (!at)
		fail_msg("formats/variants.md has no section \"## %s\"", name);
	at += strlen(heading);
	const char *end = strstr(at, "\n## ");
	int n = 0;
	for (const char *line = at; line && (!end || line < end);) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		if (len > 3 && !strncmp(line, "| `", 3)) {
			assert_true(n < max && len < 1024);
			memcpy(rows[n], line, len);
			rows[n++][len] = 0;
		}
		line = nl ? nl + 1 : NULL;
	}
	return n;
}

/* Is `word` (in backquotes) in s[0..len)? */
static bool quoted_in(const char *s, size_t len, const char *word)
{
	char q[128];
	snprintf(q, sizeof q, "`%s`", word);
	const char *at = strstr(s, q);
	return at && at < s + len;
}

/* The row whose first cell names key, or NULL. */
static const char *row_of(char rows[][1024], int n, const char *key)
{
	for (int i = 0; i < n; i++) {
		const char *cell_end = strchr(rows[i] + 1, '|');
		if (cell_end && quoted_in(rows[i], (size_t)(cell_end - rows[i]), key))
			return rows[i];
	}
	return NULL;
}

/* Every key of every table is documented in its section, with the words
 * of a choice in its row; every key the page's tables name is a key of the
 * loader's table. */
static void schema_documented(void **state)
{
	(void)state;
	const char *text = read_schema();
	static char rows[64][1024];
	int tables = 0, keys = 0;
	for (const kifu__key_table *const *tp = kifu__variant_key_tables; *tp; tp++, tables++) {
		const kifu__key_table *t = *tp;
		int n = section_rows(text, t->section, rows, 64);
		for (int i = 0; i < t->nkeys; i++) {
			const kifu__key *k = &t->keys[i];
			if (t->only && !(k->flags & t->only))
				continue;
			const char *row = row_of(rows, n, k->name);
			if (!row)
				fail_msg("formats/variants.md, \"## %s\": no row for the key %s", t->section, k->name);
			for (int w = 0; k->words && k->words[w]; w++)
				if (!quoted_in(row, strlen(row), k->words[w]))
					fail_msg("formats/variants.md, \"## %s\": %s's row does not name `%s`", t->section,
						 k->name, k->words[w]);
			keys++;
		}
		/* and each row names a key of the table: its first cell's words */
		for (int r = 0; r < n; r++) {
			char key[128];
			const char *q = strchr(rows[r], '`'), *e = q ? strchr(q + 1, '`') : NULL;
			assert_non_null(e);
			snprintf(key, sizeof key, "%.*s", (int)(e - q - 1), q + 1);
			bool known = false;
			for (int i = 0; i < t->nkeys && !known; i++)
				known = !strcmp(t->keys[i].name, key) && (!t->only || (t->keys[i].flags & t->only));
			if (!known)
				fail_msg("formats/variants.md, \"## %s\" documents %s, which the loader does not take",
					 t->section, key);
		}
	}
	/* top, board, promotion, lion-trading, end, repetition, range-jumps,
	 * burning, declaration, piece, promoted, promoted-only */
	assert_int_equal(tables, 12);
	assert_true(keys > 70);
}

/* The messages a table makes: its keys listed, in its order. */
static void key_messages(void **state)
{
	(void)state;
	/* the promoted-only piece takes the keys flagged for it, in order */
	bad_text_code("inherit: shogi\nname: x\npromoted-only:\n  - {id: y, minor: true}\n", KIFU_EVARIANT, 4, 13,
		      "unknown key \"minor\" for a promoted-only piece (expected id, name, kif, english, aliases, "
		      "diagram, short, reading, moves, royal, lion, rank, jump-rank, burns, captor-becomes, keeps-form)");
	/* a short name (formats/variants.md, `short`): one or two kanji or kana */
	bad_text_code("inherit: shogi\nname: x\npromoted-only:\n  - {id: y, short: Ky}\n", KIFU_EVARIANT, 4, 20,
		      "a short name is one or two kanji or kana, not ASCII (\"Ky\")");
	bad_text_code("inherit: shogi\nname: x\npromoted-only:\n  - {id: y, short: 大大将}\n", KIFU_EVARIANT, 4, 20,
		      "a short name is one or two kanji or kana, not ASCII (\"大大将\")");
	bad_text_code("inherit: shogi\nname: x\nrepetition: {count: 4, reste: [capture]}\n", KIFU_EVARIANT, 3, 24,
		      "unknown key \"reste\" in repetition (expected count, perpetual-attack, reset)");
	bad_text_code("inherit: shogi\nname: x\nend: none\n", KIFU_EVARIANT, 3, 6,
		      "expected a mapping (bare-royal, no-legal-move, lone-royals)");
	bad_text_code("inherit: shogi\nname: x\nroyal-rule: king\n", KIFU_EVARIANT, 3, 13,
		      "royal-rule is one of: none, last-royal");
	/* a diagram name fits a cell of lishogi's diagrams: one or two
	 * characters, none ASCII, not the empty square's ・ */
	bad_text_code("inherit: shogi\nname: x\npieces:\n  - {id: pawn, diagram: P}\n", KIFU_EVARIANT, 4, 25,
		      "a diagram name is kanji or kana, not ASCII (\"P\")");
	bad_text_code("inherit: shogi\nname: x\npieces:\n  - {id: pawn, promoted: {diagram: 成金将}}\n", KIFU_EVARIANT,
		      4, 36, "a diagram name is one or two characters, not ・ (\"成金将\")");
	bad_text_code("inherit: shogi\nname: x\npromoted-only:\n  - {id: y, moves: K, diagram: ・}\n", KIFU_EVARIANT,
		      4, 32, "a diagram name is one or two characters, not ・ (\"・\")");
	/* a slip of a top-level or piece key names the key it looks like */
	bad_text_code("inherit: shogi\nname: x\ndrop: true\n", KIFU_EVARIANT, 3, 1,
		      "unknown key \"drop\" (did you mean drops? see formats/variants.md)");
	bad_text_code("inherit: shogi\nname: x\npieces:\n  - {id: pawn, promotes_to: gold}\n", KIFU_EVARIANT, 4, 16,
		      "unknown piece key \"promotes_to\" (did you mean promotes-to? see formats/variants.md)");
}

/* ---- piece names from the sources (docs/rules.md, "Piece names") ---- */

typedef struct source_name {
	const char *name; /* as the source writes it */
	const char *id;   /* the piece it names */
} source_name;

/* The names of the Chinese Wikipedia's article 大將棋 (Dai Shogi): its start
 * position table and its table of the pieces and their promotions, as the
 * article writes them (traditional and variant characters included). */
static const source_name zh_dai[] = {
	{"香車", "lance"}, {"桂馬", "knight"}, {"石將", "stone"}, {"鐵將", "iron"}, {"鉄將", "iron"},
	{"銅將", "copper"}, {"銀將", "silver"}, {"金將", "gold"}, {"玉將", "king"}, {"王將", "king"},
	{"反車", "reverse-chariot"}, {"貓刃", "cat-sword"}, {"貓刄", "cat-sword"}, {"猛豹", "ferocious-leopard"},
	{"盲虎", "blind-tiger"}, {"醉象", "drunk-elephant"}, {"酔象", "drunk-elephant"}, {"猛牛", "violent-ox"},
	{"嗔豬", "angry-boar"}, {"惡狼", "evil-wolf"}, {"悪狼", "evil-wolf"}, {"麒麟", "kirin"}, {"獅子", "lion"},
	{"鳳凰", "phoenix"}, {"鳯凰", "phoenix"}, {"飛車", "rook"}, {"飛龍", "flying-dragon"}, {"橫行", "side-mover"},
	{"竪行", "vertical-mover"}, {"角行", "bishop"}, {"龍馬", "dragon-horse"}, {"龍王", "dragon-king"},
	{"奔王", "free-king"}, {"歩兵", "pawn"}, {"步兵", "pawn"}, {"仲人", "go-between"},
	/* the promotions (元の駒 -> 成駒) */
	{"太子", "+drunk-elephant"}, {"飛鹿", "+blind-tiger"}, {"角行", "+ferocious-leopard"}, {"飛車", "+gold"},
	{"竪行", "+silver"}, {"橫行", "+copper"}, {"金將", "+iron"}, {"金將", "+stone"}, {"金將", "+evil-wolf"},
	{"金將", "+angry-boar"}, {"金將", "+cat-sword"}, {"金將", "+violent-ox"}, {"金將", "+flying-dragon"},
	{"金將", "+knight"}, {"金將", "+pawn"}, {"酔象", "+go-between"}, {"醉象", "+go-between"},
	{"奔王", "+phoenix"}, {"獅子", "+kirin"}, {"白駒", "+lance"}, {"鯨鯢", "+reverse-chariot"},
	{"飛牛", "+vertical-mover"}, {"奔豬", "+side-mover"}, {"龍馬", "+bishop"}, {"龍王", "+rook"},
	{"角鷹", "+dragon-horse"}, {"飛鷲", "+dragon-king"},
};

/* The names of the Japanese Wikipedia's article 小将棋 (Sho Shogi): its
 * table of the pieces (the name, the short name in brackets, the promoted
 * form) and the forms it shows the promoted pieces with (全 圭 杏); for
 * 小象棋, the Ferocious Leopard and its promotion to 角行. */
static const source_name ja_sho[] = {
	{"玉将", "king"}, {"王将", "king"}, {"玉", "king"}, {"王", "king"}, {"醉象", "drunk-elephant"},
	{"象", "drunk-elephant"}, {"太子", "+drunk-elephant"}, {"飛車", "rook"}, {"飛", "rook"}, {"龍王", "+rook"},
	{"角行", "bishop"}, {"角", "bishop"}, {"龍馬", "+bishop"}, {"金将", "gold"}, {"金", "gold"},
	{"銀将", "silver"}, {"銀", "silver"}, {"成銀", "+silver"}, {"全", "+silver"}, {"桂馬", "knight"},
	{"桂", "knight"}, {"成桂", "+knight"}, {"圭", "+knight"}, {"香車", "lance"}, {"香", "lance"},
	{"成香", "+lance"}, {"杏", "+lance"}, {"歩兵", "pawn"}, {"歩", "pawn"}, {"と金", "+pawn"},
};
static const source_name ja_shozogi[] = {{"猛豹", "ferocious-leopard"}, {"角行", "+ferocious-leopard"}};

/* Every name reads back whole as the piece it names, or as one whose names
 * agree with it (a promoted Pawn and a Gold are both 金将 in Dai). */
static void names_read(const char *variant, const source_name *names, size_t n)
{
	const kifu_variant *v = support_variant(variant);
	for (size_t i = 0; i < n; i++) {
		size_t used = 0, len = strlen(names[i].name);
		int want = kifu_variant_piece_by_id(v, names[i].id);
		int got = kifu_variant_piece_by_name(v, names[i].name, len, &used);
		assert_true(want >= 0);
		if (got < 0 || used != len || !kifu_piece_names_agree(v, got, want))
			fail_msg("%s: %s does not read as %s", variant, names[i].name, names[i].id);
	}
}

static void source_names(void **state)
{
	(void)state;
	names_read("dai", zh_dai, sizeof zh_dai / sizeof zh_dai[0]);
	static const char *const sho_family[] = {"sho", "asakura", "shozogi", "shozogi-gold"};
	for (int k = 0; k < 4; k++)
		names_read(sho_family[k], ja_sho, sizeof ja_sho / sizeof ja_sho[0]);
	names_read("shozogi", ja_shozogi, 2);
	names_read("shozogi-gold", ja_shozogi, 2);
}

/* The reported case: a Dai KIF whose promoted Pawn moves as 金将, 金將 or
 * 成金将 (the origin square says which piece moves) is valid. */
static void dai_promoted_pawn_as_gold(void **state)
{
	(void)state;
	static const char *const names[] = {"と金", "金将", "金將", "成金将"};
	for (int i = 0; i < 4; i++) {
		char text[1024];
		snprintf(text, sizeof text,
			 "手合割：大将棋\n手数----指手---------消費時間--\n"
			 "   1手目   1十歩兵 （←1十一）\n   2手目   15六歩兵 （←15五）\n"
			 "   3手目   1九歩兵 （←1十）\n   4手目   15七歩兵 （←15六）\n"
			 "   5手目   1八歩兵 （←1九）\n   6手目   15八歩兵 （←15七）\n"
			 "   7手目   1七歩兵 （←1八）\n   8手目   15九歩兵 （←15八）\n"
			 "   9手目   1六歩兵 （←1七）\n  10手目   14六歩兵 （←14五）\n"
			 "  11手目   1五歩兵成 （←1六）\n  12手目   14七歩兵 （←14六）\n"
			 "  13手目   1四%s （←1五）\n", names[i]);
		kifu_record *rec = NULL;
		const kifu_variant *v = NULL;
		kifu_diag diag;
		kifu_validation val;
		kifu_position *pos = NULL;
		assert_int_equal(kifu_record_new(&rec), 0);
		assert_int_equal(support_read_first(rec, text, "kif", &v, NULL, &diag), 1);
		assert_string_equal(kifu_variant_name(v), "dai");
		assert_int_equal(kifu_position_new(&pos, v), 0);
		assert_int_equal(kifu_validate(rec, pos, NULL, &val), 0);
		if (!val.valid || val.plies != 13)
			fail_msg("%s: %s", names[i], val.fault.reason);
		kifu_position_free(pos);
		kifu_record_free(rec);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bad_files),
		cmocka_unit_test(bad_names),
		cmocka_unit_test(yaml_limits),
		cmocka_unit_test(user_variant),
		cmocka_unit_test(find_by_title_and_start),
		cmocka_unit_test(summaries_agree),
		cmocka_unit_test(find_called),
		cmocka_unit_test(schema_documented),
		cmocka_unit_test(key_messages),
		cmocka_unit_test(source_names),
		cmocka_unit_test(dai_promoted_pawn_as_gold),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
