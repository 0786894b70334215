/*
 * test_json.c - the JSON module (kifu/json.h, text/json.h): the reader's
 * errors in kifu's words at their places (json_cases.inc), values with
 * their escapes decoded and their places, nesting, keys given twice, a
 * text read in pieces, the key sets a reader of a format matches keys
 * with; the writer's escapes, numbers, layout and refusals; a value
 * written again for a message.
 */
#include "support.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/json.h>
#include "text/json.h"
#include "notation/jkf/jkf.h"

static const struct {
	const char *text, *message; /* NULL: reads */
	long line, col;
} cases[] = {
#include "json_cases.inc"
};

/* Reads text to its end with the public reader: 0, or its error in d. */
static int read_text(const char *text, size_t n, kifu_diag *d)
{
	kifu_json_reader *r;
	kifu_json_token t;
	int rc;
	assert_int_equal(kifu_json_reader_new_buffer(&r, text, n, "t.json", 0), 0);
	while ((rc = kifu_json_next(r, &t, d)) > 0)
		;
	/* an error is sticky: asked again, the same */
	if (rc < 0) {
		kifu_diag again;
		assert_int_equal(kifu_json_next(r, &t, &again), rc);
		assert_string_equal(again.message, d->message);
	}
	kifu_json_reader_free(r);
	return rc;
}

static void errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		kifu_diag d;
		int rc = read_text(cases[i].text, strlen(cases[i].text), &d);
		if (!cases[i].message) {
			assert_int_equal(rc, 0);
			continue;
		}
		assert_int_equal(rc, KIFU_ESYNTAX);
		assert_string_equal(d.file, "t.json");
		assert_string_equal(d.message, cases[i].message);
		assert_int_equal(d.line, cases[i].line);
		assert_int_equal(d.col, cases[i].col);
	}
}

/* Every token of a text: its type, text and place. */
static void values(void **state)
{
	(void)state;
	const char *text = "{\"s\": \"a\\u00e9\\uD83D\\uDE00\\n\\t\\/\\\"\\\\\",\n \"先手\": [-0, 18446744073709551615, "
			   "1.5e3, true, false, null], \"e\": {}}\n[]";
	static const struct {
		int type;
		const char *text;
		long line, col;
		int depth;
	} want[] = {
		{KIFU_JSON_OBJECT, "", 1, 1, 1},       {KIFU_JSON_KEY, "s", 1, 2, 2},
		{KIFU_JSON_STRING, "aé😀\n\t/\"\\", 1, 7, 2}, {KIFU_JSON_KEY, "先手", 2, 2, 2},
		{KIFU_JSON_ARRAY, "", 2, 8, 2},        {KIFU_JSON_NUMBER, "-0", 2, 9, 3},
		{KIFU_JSON_NUMBER, "18446744073709551615", 2, 13, 3}, {KIFU_JSON_NUMBER, "1.5e3", 2, 35, 3},
		{KIFU_JSON_TRUE, "", 2, 42, 3},        {KIFU_JSON_FALSE, "", 2, 48, 3},
		{KIFU_JSON_NULL, "", 2, 55, 3},        {KIFU_JSON_ARRAY_END, "", 2, 59, 2},
		{KIFU_JSON_KEY, "e", 2, 62, 2},        {KIFU_JSON_OBJECT, "", 2, 67, 2},
		{KIFU_JSON_OBJECT_END, "", 2, 68, 2},  {KIFU_JSON_OBJECT_END, "", 2, 69, 1},
		{KIFU_JSON_ARRAY, "", 3, 1, 1},        {KIFU_JSON_ARRAY_END, "", 3, 2, 1},
	};
	kifu_json_reader *r;
	kifu_json_token t;
	kifu_diag d;
	assert_int_equal(kifu_json_reader_new_buffer(&r, text, strlen(text), "v", 0), 0);
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		assert_int_equal(kifu_json_next(r, &t, &d), 1);
		assert_int_equal(t.type, want[i].type);
		assert_int_equal(t.len, strlen(want[i].text));
		assert_memory_equal(t.text, want[i].text, t.len + 1);
		assert_int_equal(t.line, want[i].line);
		assert_int_equal(t.col, want[i].col);
		assert_int_equal(t.depth, want[i].depth);
	}
	assert_int_equal(kifu_json_next(r, &t, &d), 0);
	assert_int_equal(kifu_json_next(r, &t, &d), 0);
	kifu_json_reader_free(r);
}

/* Numbers are as written; a program converts what it allows, exactly. */
static void numbers(void **state)
{
	(void)state;
	uint64_t v = 1;
	assert_int_equal(kifu_json_uint64("0", 1, &v), 0);
	assert_true(v == 0);
	assert_int_equal(kifu_json_uint64("18446744073709551615", 20, &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(kifu_json_uint64("18446744073709551616", 20, &v), KIFU_ELIMIT);
	assert_int_equal(kifu_json_uint64("99999999999999999999", 20, &v), KIFU_ELIMIT);
	assert_int_equal(kifu_json_uint64("-1", 2, &v), KIFU_ESYNTAX);
	assert_int_equal(kifu_json_uint64("1.0", 3, &v), KIFU_ESYNTAX);
	assert_int_equal(kifu_json_uint64("1e3", 3, &v), KIFU_ESYNTAX);
	assert_int_equal(kifu_json_uint64("01", 2, &v), KIFU_ESYNTAX);
	assert_int_equal(kifu_json_uint64("", 0, &v), KIFU_ESYNTAX);
	assert_true(v == UINT64_MAX);
}

/* Values nest 2048 deep at most, whatever their kind. */
static void depth(void **state)
{
	(void)state;
	char text[2 * 2049 + 2];
	for (int d = 2047; d <= 2049; d++) {
		/* d arrays around a 1: the 1 is d + 1 deep */
		size_t n = 0;
		for (int i = 0; i < d; i++)
			text[n++] = '[';
		text[n++] = '1';
		for (int i = 0; i < d; i++)
			text[n++] = ']';
		kifu_diag diag;
		int rc = read_text(text, n, &diag);
		assert_int_equal(rc, d < 2048 ? 0 : KIFU_ESYNTAX);
		if (rc) {
			assert_string_equal(diag.message, "not JSON: values nested more than 2048 deep");
			assert_int_equal(diag.col, d == 2048 ? 2049 : 2049);
		}
	}
}

/* A key given twice is refused in a large object too (a hash table past
 * the first keys), at the second; the same key in two objects is none. */
static void keys_twice(void **state)
{
	(void)state;
	char text[8192];
	for (int dup = 0; dup < 2; dup++) {
		size_t n = 0;
		n += (size_t)snprintf(text + n, sizeof text - n, "{\"o\": {\"k1\": 1}");
		for (int i = 0; i < 100; i++)
			n += (size_t)snprintf(text + n, sizeof text - n, ", \"k%d\": {\"k%d\": %d}", i, i, i);
		n += (size_t)snprintf(text + n, sizeof text - n, "%s}", dup ? ", \"k42\": 0" : "");
		kifu_diag d;
		int rc = read_text(text, n, &d);
		assert_int_equal(rc, dup ? KIFU_ESYNTAX : 0);
		if (rc) {
			assert_string_equal(d.message, "not JSON: the key \"k42\" given twice in one object");
			assert_int_equal(d.col, (long)n - 4);
		}
	}
	/* a key of any length; one that differs in its last byte only */
	size_t n = 0;
	text[n++] = '{';
	for (int k = 0; k < 2; k++) {
		n += (size_t)snprintf(text + n, sizeof text - n, "%s\"", k ? "," : "");
		memset(text + n, 'x', 3000);
		n += 3000;
		n += (size_t)snprintf(text + n, sizeof text - n, "%c\":1", k ? 'b' : 'a');
	}
	text[n++] = '}';
	kifu_diag d;
	assert_int_equal(read_text(text, n, &d), 0);
	/* KIFU_JSON_OWN_KEYS: a key twice is the program's to refuse, and
	 * both are handed out */
	const char *twice = "{\"a\": 1, \"a\": 2}";
	kifu_json_reader *r;
	kifu_json_token t;
	int keys = 0, rc;
	assert_int_equal(kifu_json_reader_new_buffer(&r, twice, strlen(twice), "t.json", KIFU_JSON_OWN_KEYS), 0);
	while ((rc = kifu_json_next(r, &t, &d)) > 0)
		keys += t.type == KIFU_JSON_KEY && !strcmp(t.text, "a");
	assert_int_equal(rc, 0);
	assert_int_equal(keys, 2);
	kifu_json_reader_free(r);
}

/* A text that comes in pieces of any size reads as the same tokens,
 * with the same error at the same place. */
typedef struct pieces {
	const char *text;
	size_t size, given, step;
	char buf[512];
	size_t len;
} pieces;

static int more(void *arg, size_t keep, const char **text, size_t *n, size_t *shift)
{
	pieces *p = arg;
	memmove(p->buf, p->buf + keep, p->len - keep);
	p->len -= keep;
	*shift = keep;
	size_t k = p->size - p->given < p->step ? p->size - p->given : p->step;
	memcpy(p->buf + p->len, p->text + p->given, k);
	p->given += k;
	p->len += k;
	*text = p->buf;
	*n = p->len;
	return k > 0;
}

static void in_pieces(void **state)
{
	(void)state;
	const char *texts[] = {
		/* one text in two lines (the parentheses say so) */
		("{\"header\": {\"先手\": \"a\\u00e9\"},\n \"moves\": [{}, {\"n\": 12345, \"s\": \"\\uD83D\\uDE00\", "
		 "\"t\": true}]} [1.5e-3, null]"),
		"{\"a\": [1, 2], \"b\": \"x\" \"c\"}",
		"{\"a\": \"\\u00", "[1, 2, 1e", "{\"k\": 1, \"k\": 2}",
	};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		kifu__json_cur whole, cut;
		kifu__json_tok a, b;
		memset(&whole, 0, sizeof whole);
		kifu__json_start(&whole, texts[i], strlen(texts[i]), 1, 1, true, NULL, NULL);
		whole.check_keys = true;
		for (size_t step = 1; step < 8; step++) {
			pieces p = {texts[i], strlen(texts[i]), 0, step, {0}, 0};
			memset(&cut, 0, sizeof cut);
			kifu__json_start(&cut, p.buf, 0, 1, 1, true, more, &p);
			cut.check_keys = cut.copy_keys = true;
			kifu__json_start(&whole, texts[i], strlen(texts[i]), 1, 1, true, NULL, NULL);
			whole.check_keys = true;
			int ra, rb;
			do {
				ra = kifu__json_next(&whole, &a);
				rb = kifu__json_next(&cut, &b);
				assert_int_equal(ra, rb);
				if (ra <= 0)
					break;
				assert_int_equal(a.type, b.type);
				if (a.type == KIFU_JSON_KEY || a.type == KIFU_JSON_STRING || a.type == KIFU_JSON_NUMBER) {
					assert_int_equal(a.len, b.len);
					assert_memory_equal(kifu__json_bytes(&whole, &a), kifu__json_bytes(&cut, &b), a.len);
				}
				kifu__json_mark ma, mb;
				long la, ca, lb, cb;
				kifu__json_mark_of(&whole, &a, &ma);
				kifu__json_mark_of(&cut, &b, &mb);
				kifu__json_place(&ma, &la, &ca);
				kifu__json_place(&mb, &lb, &cb);
				assert_int_equal(la, lb);
				assert_int_equal(ca, cb);
			} while (1);
			if (ra < 0) {
				assert_string_equal(whole.error, cut.error);
				assert_int_equal(whole.err_line, cut.err_line);
				assert_int_equal(whole.err_col, cut.err_col);
			}
			kifu__json_free(&cut);
		}
		kifu__json_free(&whole);
	}
}

/* A format's keys, matched where they are written or, escaped or laid
 * out otherwise, token by token: the same keys, each once. */
static void key_sets(void **state)
{
	(void)state;
	static const kifu__json_name names[] = {KIFU__JSON_NAME("x"), KIFU__JSON_NAME("promote"),
						KIFU__JSON_NAME("comments")};
	static const kifu__json_keys set = {3, names};
	const char *texts[] = {
		"{\"x\": 1, \"promote\": 2, \"comments\": 3, \"y\": 4}                                ",
		"{\"comments\":3,\"promote\":2,\"x\":1,\"y\":4}                                       ",
		"{\n\"\\u0078\"\n:\n1\n,\n\"promot\\u0065\" : 2, \"comments\" :3 , \"y\": 4}         ",
	};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		kifu__json_cur c;
		kifu__json_tok t;
		int k, got[3] = {0, 0, 0}, others = 0;
		unsigned seen = 0;
		memset(&c, 0, sizeof c);
		kifu__json_start(&c, texts[i], strlen(texts[i]), 1, 1, false, NULL, NULL);
		assert_int_equal(kifu__json_value(&c, &t), 0);
		while (kifu__json_key(&c, &set, &seen, &t, &k) == 1) {
			if (k < 0)
				assert_true(kifu__json_is(&c, &t, "y", 1)), others++;
			assert_int_equal(kifu__json_value(&c, &t), 0);
			assert_int_equal(t.type, KIFU_JSON_NUMBER);
			if (k >= 0)
				got[k] = (int)t.u;
		}
		assert_int_equal(c.failed, 0);
		assert_int_equal(got[0], 1);
		assert_int_equal(got[1], 2);
		assert_int_equal(got[2], 3);
		assert_int_equal(others, 1);
		assert_int_equal(seen, 7);
		kifu__json_free(&c);
	}
	/* one of the set's given twice is an error, at the second */
	const char *twice = "{\"x\": 1, \"x\": 2}                                ";
	kifu__json_cur c;
	kifu__json_tok t;
	unsigned seen = 0;
	int k;
	memset(&c, 0, sizeof c);
	kifu__json_start(&c, twice, strlen(twice), 1, 1, false, NULL, NULL);
	assert_int_equal(kifu__json_value(&c, &t), 0);
	assert_int_equal(kifu__json_key(&c, &set, &seen, &t, &k), 1);
	assert_int_equal(kifu__json_value(&c, &t), 0);
	assert_int_equal(kifu__json_key(&c, &set, &seen, &t, &k), KIFU_ESYNTAX);
	assert_string_equal(c.error, "not JSON: the key \"x\" given twice in one object");
	assert_int_equal(c.err_col, 12);
	/* an object of numbers at once */
	const char *place = "{\"x\": 7, \"promote\": 12, \"y\": 1}  {\"x\": null, \"promote\": -1}                  ";
	int64_t vals[3] = {0, 0, 0};
	kifu__json_start(&c, place, strlen(place), 1, 1, true, NULL, NULL);
	assert_int_equal(kifu__json_next(&c, &t), 1);
	assert_int_equal(kifu__json_numbers(&c, &set, vals), 0);
	assert_true(vals[0] == 7 && vals[1] == 12 && vals[2] == 0);
	assert_int_equal(kifu__json_next(&c, &t), 1);
	assert_int_equal(kifu__json_numbers(&c, &set, vals), 1);
	assert_true(vals[0] == -1 && vals[1] == -2);
	kifu__json_free(&c);
}

/* JKF's kinds, found by their hash (notation/jkf/jkf.h): each is itself,
 * and no other two letters are one. */
static void jkf_kinds(void **state)
{
	(void)state;
	for (int k = 0; k < JKF_NKINDS; k++)
		assert_int_equal(kifu__jkf_kind_find(kifu__jkf_kinds[k].code, 2), k);
	int found = 0;
	for (int a = 0; a < 256; a++)
		for (int b = 0; b < 256; b++) {
			char s[2] = {(char)a, (char)b};
			found += kifu__jkf_kind_find(s, 2) >= 0;
		}
	assert_int_equal(found, JKF_NKINDS);
	assert_int_equal(kifu__jkf_kind_find("FUU", 3), -1);
	assert_int_equal(kifu__jkf_kind_find("F", 1), -1);
}

/* ---- writing ---- */

/* What a writer writes: w is given to fill, then its text compared. */
typedef struct out {
	char *text;
	size_t len;
	FILE *f;
	kifu_json_writer *w;
} out;

static void out_open(out *o, unsigned flags)
{
	o->text = NULL;
	o->f = open_memstream(&o->text, &o->len);
	assert_non_null(o->f);
	assert_int_equal(kifu_json_writer_new(&o->w, o->f, flags), 0);
}

static void out_is(out *o, const char *want)
{
	kifu_json_writer_free(o->w);
	assert_int_equal(fclose(o->f), 0);
	assert_string_equal(o->text, want);
	free(o->text);
}

static void writer_strings(void **state)
{
	(void)state;
	out o;
	out_open(&o, 0);
	kifu_json_array(o.w);
	kifu_json_string(o.w, "\"\\/\n\r\t\b\f\x01\x1f\x7f é 先手 😀");
	kifu_json_string(o.w, "\xc2\x80\xc2\x9f\xe2\x80\xa8\xe2\x80\xa9 \xff \xe9 \xed\xa0\x80");
	kifu_json_string(o.w, "</script><!--&");
	kifu_json_stringn(o.w, "a\0b", 3);
	kifu_json_string(o.w, NULL);
	kifu_json_array_end(o.w);
	assert_int_equal(kifu_json_writer_end(o.w), 0);
	out_is(&o, "[\"\\\"\\\\/\\n\\r\\t\\u0008\\u000c\\u0001\\u001f\\u007f é 先手 😀\","
		   "\"\\u0080\\u009f\\u2028\\u2029 \\ufffd \\ufffd \\ufffd\\ufffd\\ufffd\","
		   "\"</script><!--&\",\"a\\u0000b\",null]\n");
	/* for HTML, nothing can end the script or begin a comment */
	out_open(&o, KIFU_JSON_HTML);
	kifu_json_string(o.w, "</script><!--&");
	kifu_json_writer_end(o.w);
	out_is(&o, "\"\\u003c/script\\u003e\\u003c!--\\u0026\"\n");
	/* escaped into a buffer, cut on a character */
	char buf[8];
	assert_int_equal(kifu_json_escape(buf, sizeof buf, "a\n先手", 8, 0), 11);
	assert_string_equal(buf, "\"a\\n先");
	assert_int_equal(kifu_json_escape(buf, 6, "a\n先手", 8, 0), 11);
	assert_string_equal(buf, "\"a\\n");
}

static void writer_numbers(void **state)
{
	(void)state;
	out o;
	out_open(&o, 0);
	kifu_json_array(o.w);
	kifu_json_int(o.w, 0);
	kifu_json_int(o.w, -42);
	kifu_json_int(o.w, LLONG_MIN);
	kifu_json_int(o.w, LLONG_MAX);
	kifu_json_uint(o.w, ULLONG_MAX);
	kifu_json_double(o.w, 0.1);
	kifu_json_double(o.w, 1e22);
	kifu_json_double(o.w, 100.0);
	kifu_json_double(o.w, 12.5);
	kifu_json_double(o.w, 5e-324);
	kifu_json_double(o.w, 1.0 / 3);
	kifu_json_double(o.w, -0.0);
	kifu_json_double(o.w, NAN);
	kifu_json_double(o.w, INFINITY);
	kifu_json_bool(o.w, 1);
	kifu_json_bool(o.w, 0);
	kifu_json_null(o.w);
	kifu_json_array_end(o.w);
	kifu_json_writer_end(o.w);
	out_is(&o, "[0,-42,-9223372036854775808,9223372036854775807,18446744073709551615,0.1,1e+22,100,12.5,"
		   "5e-324,0.3333333333333333,-0,null,null,true,false,null]\n");
	/* each reads back as the same double */
	const char *again[] = {"0.1", "1e+22", "100", "12.5", "5e-324", "0.3333333333333333"};
	const double was[] = {0.1, 1e22, 100.0, 12.5, 5e-324, 1.0 / 3};
	for (int i = 0; i < 6; i++)
		assert_true(strtod(again[i], NULL) == was[i]);
	/* a number's text as given: JSON's grammar, or refused */
	const char *good[] = {"0", "-0", "0.1", "12.50", "1e5", "-1.5E-7", "10", "1E+2"};
	const char *bad[] = {"", "-", "01", ".5", "1.", "1e", "1e+", "+1", "0x1", "1 ", "NaN"};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		out_open(&o, 0);
		assert_int_equal(kifu_json_number(o.w, good[i], strlen(good[i])), 0);
		assert_int_equal(kifu_json_writer_end(o.w), 0);
		char want[32];
		snprintf(want, sizeof want, "%s\n", good[i]);
		out_is(&o, want);
	}
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		out_open(&o, 0);
		assert_int_equal(kifu_json_number(o.w, bad[i], strlen(bad[i])), KIFU_EINVAL);
		out_is(&o, "");
	}
}

/* Laid out: ", " and ": ", and lines broken where asked, as JKF is. */
static void writer_layout(void **state)
{
	(void)state;
	out o;
	out_open(&o, KIFU_JSON_SPACED);
	kifu_json_object(o.w);
	kifu_json_break(o.w, 2);
	kifu_json_key(o.w, "header");
	kifu_json_object(o.w);
	kifu_json_key(o.w, "先手");
	kifu_json_string(o.w, "A");
	kifu_json_key(o.w, "後手");
	kifu_json_string(o.w, "B");
	kifu_json_object_end(o.w);
	kifu_json_break(o.w, 2);
	kifu_json_key(o.w, "moves");
	kifu_json_array(o.w);
	for (int i = 0; i < 2; i++) {
		kifu_json_break(o.w, 4);
		kifu_json_object(o.w);
		if (i) {
			kifu_json_key(o.w, "m");
			kifu_json_int(o.w, i);
		}
		kifu_json_object_end(o.w);
	}
	kifu_json_break(o.w, 2);
	kifu_json_array_end(o.w);
	kifu_json_break(o.w, 0);
	kifu_json_object_end(o.w);
	assert_int_equal(kifu_json_writer_end(o.w), 0);
	out_is(&o, "{\n  \"header\": {\"先手\": \"A\", \"後手\": \"B\"},\n  \"moves\": [\n    {},\n    {\"m\": 1}\n  ]\n}\n");
	/* one value to a line, one after another */
	out_open(&o, 0);
	for (int i = 0; i < 2; i++) {
		kifu_json_object(o.w);
		kifu_json_key(o.w, "n");
		kifu_json_int(o.w, i);
		kifu_json_object_end(o.w);
		assert_int_equal(kifu_json_writer_end(o.w), 0);
	}
	out_is(&o, "{\"n\":0}\n{\"n\":1}\n");
}

/* A token where JSON has none is refused, and nothing more is written. */
static void writer_refusals(void **state)
{
	(void)state;
	out o;
	out_open(&o, 0);
	kifu_json_object(o.w);
	assert_int_equal(kifu_json_int(o.w, 1), KIFU_EINVAL); /* a value where a key is wanted */
	assert_int_equal(kifu_json_key(o.w, "k"), KIFU_EINVAL);
	out_is(&o, "{");
	out_open(&o, 0);
	assert_int_equal(kifu_json_key(o.w, "k"), KIFU_EINVAL); /* a key outside an object */
	out_is(&o, "");
	out_open(&o, 0);
	kifu_json_array(o.w);
	assert_int_equal(kifu_json_key(o.w, "k"), KIFU_EINVAL); /* a key in an array */
	out_is(&o, "[");
	out_open(&o, 0);
	kifu_json_array(o.w);
	assert_int_equal(kifu_json_object_end(o.w), KIFU_EINVAL); /* a close that is not its open's */
	out_is(&o, "[");
	out_open(&o, 0);
	kifu_json_object(o.w);
	kifu_json_key(o.w, "k");
	assert_int_equal(kifu_json_object_end(o.w), KIFU_EINVAL); /* a key without its value */
	out_is(&o, "{\"k\":");
	out_open(&o, 0);
	kifu_json_int(o.w, 1);
	assert_int_equal(kifu_json_int(o.w, 2), KIFU_EINVAL); /* a second value at the top */
	out_is(&o, "1");
	out_open(&o, 0);
	kifu_json_array(o.w);
	assert_int_equal(kifu_json_writer_end(o.w), KIFU_EINVAL); /* not whole */
	out_is(&o, "[");
	out_open(&o, 0);
	for (int i = 0; i < KIFU_JSON_MAX_DEPTH; i++)
		assert_int_equal(kifu_json_array(o.w), 0);
	assert_int_equal(kifu_json_array(o.w), KIFU_EINVAL);
	kifu_json_writer_free(o.w);
	fclose(o.f);
	free(o.text);
}

/* A value written again from where it is, compact, cut short for a
 * message on a character's boundary. */
static void dump(void **state)
{
	(void)state;
	const char *text = "{\"a\": [1.5, 1e22, -0, {}], \"b\": \"\\u00e9\\n\\\"\", \"c\": [true, false, null], "
			   "\"d\": \"先手先手先手\"}";
	kifu__json_cur c;
	kifu__json_tok t;
	kifu__json_mark m;
	memset(&c, 0, sizeof c);
	kifu__json_start(&c, text, strlen(text), 1, 1, false, NULL, NULL);
	assert_int_equal(kifu__json_value(&c, &t), 0);
	kifu__json_mark_of(&c, &t, &m);
	const char *want = "{\"a\":[1.5,1e22,-0,{}],\"b\":\"é\\n\\\"\",\"c\":[true,false,null],\"d\":\"先手先手先手\"}";
	char buf[128], cut[66];
	size_t n = kifu__json_dump(&c, &m, buf, sizeof buf);
	assert_string_equal(buf, want);
	assert_int_equal(n, strlen(want));
	assert_string_equal(buf, want);
	/* the cut falls inside 手: the whole character is left out */
	assert_true(kifu__json_dump(&c, &m, cut, sizeof cut) >= sizeof cut);
	assert_string_equal(cut, "{\"a\":[1.5,1e22,-0,{}],\"b\":\"é\\n\\\"\",\"c\":[true,false,null],\"d\":\"先");
	kifu__json_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(errors),         cmocka_unit_test(values),         cmocka_unit_test(numbers),
		cmocka_unit_test(depth),          cmocka_unit_test(keys_twice),     cmocka_unit_test(in_pieces),
		cmocka_unit_test(key_sets),       cmocka_unit_test(writer_strings), cmocka_unit_test(writer_numbers),
		cmocka_unit_test(writer_layout),  cmocka_unit_test(writer_refusals), cmocka_unit_test(dump),
		cmocka_unit_test(jkf_kinds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
