/*
 * test_json.c - the JKF reader's JSON (text/json_tokens.h): strict RFC
 * 8259, read into tokens without an allocation per value; its errors in
 * jansson 2.14's words at jansson's places (the messages below are what
 * json_loadb says of the same texts); escapes decoded, surrogate pairs
 * included; the places of containers; a text read as its lines come;
 * values written back for messages as jansson writes them.
 */
#include "support.h"

#include <limits.h>
#include <string.h>

#include "text/json_tokens.h"

static const struct {
	const char *text, *error; /* NULL: read */
	size_t pos;               /* the bytes read when the error was found */
} cases[] = {
#include "json_cases.inc"
};

static void errors_as_jansson(void **state)
{
	(void)state;
	kifu__json j;
	memset(&j, 0, sizeof j);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int rc = kifu__json_parse(&j, cases[i].text, strlen(cases[i].text), 1, NULL, NULL);
		if (!cases[i].error) {
			assert_int_equal(rc, 0);
			continue;
		}
		assert_int_equal(rc, 1);
		assert_string_equal(j.error, cases[i].error);
		assert_int_equal(j.error_pos, cases[i].pos);
	}
	kifu__json_free(&j);
}

static void values(void **state)
{
	(void)state;
	kifu__json j;
	memset(&j, 0, sizeof j);
	const char *text = "{\"s\": \"a\\u00e9\\uD83D\\uDE00\\n\\t\\/\\\"\\\\\", \"n\": [-0, 9223372036854775807, "
			   "-9223372036854775808, 1.5e3, true, false, null], \"e\": {}}";
	assert_int_equal(kifu__json_parse(&j, text, strlen(text), 1, NULL, NULL), 0);
	size_t len, s = kifu__json_get(&j, 0, "s"), n = kifu__json_get(&j, 0, "n");
	assert_int_equal(j.tok[0].type, KIFU__JSON_OBJECT);
	assert_int_equal(j.tok[0].u.box.size, 3);
	const char *str = kifu__json_str(&j, s, &len);
	assert_int_equal(len, strlen("aé😀\n\t/\"\\"));
	assert_memory_equal(str, "aé😀\n\t/\"\\", len);
	assert_int_equal(j.tok[n].type, KIFU__JSON_ARRAY);
	assert_int_equal(j.tok[n].u.box.size, 7);
	assert_int_equal(j.tok[n + 1].u.integer, 0);
	assert_true(j.tok[n + 2].u.integer == LLONG_MAX);
	assert_true(j.tok[n + 3].u.integer == LLONG_MIN);
	assert_int_equal(j.tok[n + 4].type, KIFU__JSON_REAL);
	assert_true(j.tok[n + 4].u.real == 1500.0);
	assert_int_equal(j.tok[n + 5].type, KIFU__JSON_TRUE);
	assert_int_equal(j.tok[n + 6].type, KIFU__JSON_FALSE);
	assert_int_equal(j.tok[n + 7].type, KIFU__JSON_NULL);
	/* the value after the array is the key "e", then its empty object */
	assert_int_equal(kifu__json_next(&j, n), n + 8);
	assert_true(kifu__json_is(&j, n + 8, "e"));
	assert_int_equal(kifu__json_get(&j, 0, "e"), n + 9);
	assert_int_equal(kifu__json_get(&j, 0, "x"), 0);
	kifu__json_free(&j);
}

/* Nesting: 2048 values deep at most; a value of any kind is one. */
static void depth(void **state)
{
	(void)state;
	kifu__json j;
	memset(&j, 0, sizeof j);
	char text[2 * 2049 + 2];
	for (int d = 2047; d <= 2049; d++) {
		/* d arrays around a 1: the 1 is d + 1 deep */
		size_t n = 0;
		for (int i = 0; i < d; i++)
			text[n++] = '[';
		text[n++] = '1';
		for (int i = 0; i < d; i++)
			text[n++] = ']';
		int rc = kifu__json_parse(&j, text, n, 1, NULL, NULL);
		assert_int_equal(rc, d < 2048 ? 0 : 1);
		if (rc)
			assert_string_equal(j.error, d == 2048 ? "maximum parsing depth reached near '1'" :
						       "maximum parsing depth reached near '['");
	}
	kifu__json_free(&j);
}

/* A key given twice is refused in a large object too (a hash table past
 * the first 16 keys), and the same key in two objects is no duplicate. */
static void duplicate_keys(void **state)
{
	(void)state;
	kifu__json j;
	memset(&j, 0, sizeof j);
	char text[4096];
	for (int dup = 0; dup < 2; dup++) {
		size_t n = 0;
		n += (size_t)snprintf(text + n, sizeof text - n, "{\"o\": {\"k1\": 1}");
		for (int i = 0; i < 100; i++)
			n += (size_t)snprintf(text + n, sizeof text - n, ", \"k%d\": {\"k%d\": %d}", i, i, i);
		n += (size_t)snprintf(text + n, sizeof text - n, "%s}", dup ? ", \"k42\": 0" : "");
		int rc = kifu__json_parse(&j, text, n, 1, NULL, NULL);
		assert_int_equal(rc, dup);
		if (rc) {
			assert_string_equal(j.error, "duplicate object key near '\"k42\"'");
			assert_int_equal(j.error_pos, n - 4);
		}
	}
	kifu__json_free(&j);
}

/* Containers know their line and column (characters, from col0). */
static void places(void **state)
{
	(void)state;
	kifu__json j;
	memset(&j, 0, sizeof j);
	const char *text = "{\"先手\": {\"a\": 1},\n  \"b\": [{}]}";
	assert_int_equal(kifu__json_parse(&j, text, strlen(text), 5, NULL, NULL), 0);
	size_t a = kifu__json_get(&j, 0, "先手"), b = kifu__json_get(&j, 0, "b");
	assert_int_equal(j.tok[0].u.box.line, 0);
	assert_int_equal(j.tok[0].u.box.col, 5);
	assert_int_equal(j.tok[a].u.box.line, 0);
	assert_int_equal(j.tok[a].u.box.col, 5 + 7);
	assert_int_equal(j.tok[b].u.box.line, 1);
	assert_int_equal(j.tok[b].u.box.col, 8);
	assert_int_equal(j.tok[b + 1].u.box.col, 9);
	assert_int_equal(j.end, strlen(text));
	assert_int_equal(j.end_line, 1);
	assert_int_equal(j.end_col, 13);
	kifu__json_free(&j);
}

/* Read as its lines come: to the close of the top value, nothing after
 * it looked at; the same tokens and places as the text read whole. */
typedef struct pieces {
	const char *text;
	size_t size, have;
} pieces;

static int next_line(void *arg, const char **text, size_t *n)
{
	pieces *p = arg;
	if (p->have >= p->size)
		return 0;
	const char *nl = memchr(p->text + p->have, '\n', p->size - p->have);
	p->have = nl ? (size_t)(nl - p->text) + 1 : p->size;
	*text = p->text;
	*n = p->have;
	return 1;
}

static void by_lines(void **state)
{
	(void)state;
	kifu__json j, whole;
	memset(&j, 0, sizeof j);
	memset(&whole, 0, sizeof whole);
	const char *text = "{\"header\": {},\n \"moves\": [\n  {},\n  {\"special\": \"TORYO\"}\n ]\n}{\"next\": 1}\n";
	pieces p = {text, strlen(text), 15};
	assert_int_equal(kifu__json_parse(&j, text, p.have, 1, next_line, &p), 0);
	size_t end = strlen(text) - strlen("{\"next\": 1}\n");
	assert_int_equal(j.end, end);
	assert_int_equal(kifu__json_parse(&whole, text, end, 1, NULL, NULL), 0);
	assert_int_equal(j.ntok, whole.ntok);
	size_t moves = kifu__json_get(&j, 0, "moves");
	assert_int_equal(j.tok[moves + 2].u.box.line, 3);
	assert_int_equal(j.tok[moves + 2].u.box.col, 3);
	assert_int_equal(whole.tok[moves + 2].u.box.line, 3);
	/* the text stops inside the value: its end is no JSON */
	p = (pieces){text, 30, 15};
	assert_int_equal(kifu__json_parse(&j, text, p.have, 1, next_line, &p), 1);
	kifu__json_free(&j);
	kifu__json_free(&whole);
}

/* Written back compact, as jansson's json_dumps writes (reals as %.17g),
 * and cut short for a message. */
static void dump(void **state)
{
	(void)state;
	kifu__json j;
	memset(&j, 0, sizeof j);
	const char *text = "{\"a\":[1.5,0.1,1e22,-0.0,100.0,2e-7,123456789012345678],"
			   "\"b\":\"\\u0001\\\"x\\\\/\\n\\u00e9\",\"c\":{},\"d\":[],\"e\":[true,false,null]}";
	const char *want = "{\"a\":[1.5,0.10000000000000001,1e22,-0.0,100.0,1.9999999999999999e-7,"
			   "123456789012345678],\"b\":\"\\u0001\\\"x\\\\/\\né\",\"c\":{},\"d\":[],"
			   "\"e\":[true,false,null]}";
	assert_int_equal(kifu__json_parse(&j, text, strlen(text), 1, NULL, NULL), 0);
	char buf[256], cut[16];
	assert_int_equal(kifu__json_dump(&j, 0, buf, sizeof buf), strlen(want));
	assert_string_equal(buf, want);
	assert_int_equal(kifu__json_dump(&j, 0, cut, sizeof cut), sizeof cut);
	assert_string_equal(cut, "{\"a\":[1.5,0.100");
	kifu__json_free(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(errors_as_jansson), cmocka_unit_test(values), cmocka_unit_test(depth),
		cmocka_unit_test(duplicate_keys),    cmocka_unit_test(places), cmocka_unit_test(by_lines),
		cmocka_unit_test(dump),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
