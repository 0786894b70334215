/*
 * board_out.c - the buffer pictures and pages are written into (board.h):
 * numbers formatted by hand and text escaped byte by byte, so that drawing
 * a position calls no printf and, once the buffer has grown, allocates
 * nothing.
 */
#include "replay/board.h"

#include <stdlib.h>
#include <string.h>

int board_out_grow(struct board_out *o, size_t n)
{
	if (o->failed)
		return -1;
	if (o->len + n <= o->cap)
		return 0;
	size_t cap = o->cap ? o->cap : 16384;
	while (cap < o->len + n)
		cap *= 2;
	char *p = realloc(o->p, cap);
	if (!p) {
		o->failed = 1;
		return -1;
	}
	o->p = p;
	o->cap = cap;
	return 0;
}

void board_out_str(struct board_out *o, const char *s)
{
	board_out_bytes(o, s, strlen(s));
}

void board_out_char(struct board_out *o, char c)
{
	if (o->len + 1 > o->cap && board_out_grow(o, 1))
		return;
	o->p[o->len++] = c;
}

void board_out_int(struct board_out *o, long n)
{
	/* two digits at a time: coordinates have three */
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	char digits[24];
	int i = sizeof digits;
	unsigned long u = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
	while (u >= 100) {
		unsigned long r = u % 100;
		u /= 100;
		digits[--i] = pairs[2 * r + 1];
		digits[--i] = pairs[2 * r];
	}
	if (u >= 10) {
		digits[--i] = pairs[2 * u + 1];
		digits[--i] = pairs[2 * u];
	} else {
		digits[--i] = (char)('0' + u);
	}
	if (n < 0)
		digits[--i] = '-';
	board_out_bytes(o, digits + i, sizeof digits - (size_t)i);
}

/* The bytes board_out_xml_n writes otherwise: & < > " and the control
 * characters but tab and newline (and NUL, which ends the text). */
static const unsigned char xml_special[256] = {
	[0] = 1, [1] = 1, [2] = 1, [3] = 1, [4] = 1, [5] = 1, [6] = 1, [7] = 1, [8] = 1,
	[11] = 1, [12] = 1, [13] = 1, [14] = 1, [15] = 1, [16] = 1, [17] = 1, [18] = 1,
	[19] = 1, [20] = 1, [21] = 1, [22] = 1, [23] = 1, [24] = 1, [25] = 1, [26] = 1,
	[27] = 1, [28] = 1, [29] = 1, [30] = 1, [31] = 1,
	['&'] = 1, ['<'] = 1, ['>'] = 1, ['"'] = 1,
};

void board_out_xml_n(struct board_out *o, const char *s, size_t n)
{
	const char *end = s + n, *run = s;
	for (; s < end; s++) {
		const char *rep;
		/* the runs of plain text at a byte's cost each */
		while (s < end && !xml_special[(unsigned char)*s])
			s++;
		if (s == end || !*s)
			break;
		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default:
			/* XML 1.0 allows no control characters but tab and newlines */
			rep = (unsigned char)*s < 0x20 && *s != '\t' && *s != '\n' ? "?" : NULL;
		}
		if (!rep)
			continue;
		board_out_bytes(o, run, (size_t)(s - run));
		board_out_str(o, rep);
		run = s + 1;
	}
	board_out_bytes(o, run, (size_t)(s - run));
}

void board_out_xml(struct board_out *o, const char *s)
{
	board_out_xml_n(o, s, strlen(s));
}

void board_out_json(struct board_out *o, const char *s)
{
	/* the JSON module's escapes, for HTML: into the buffer at once, or
	 * again once it has room for the whole */
	size_t len = strlen(s), room = o->cap - o->len;
	size_t n = kifu_json_escape(o->p ? o->p + o->len : NULL, o->p ? room : 0, s, len, KIFU_JSON_HTML);
	if (n >= room) {
		if (board_out_grow(o, n + 1))
			return;
		kifu_json_escape(o->p + o->len, n + 1, s, len, KIFU_JSON_HTML);
	}
	o->len += n;
}

int board_out_flush(struct board_out *o, FILE *f)
{
	int failed = o->failed;
	if (!failed && o->len && fwrite(o->p, 1, o->len, f) != o->len)
		failed = 1;
	o->len = 0;
	o->failed = 0;
	return failed ? -1 : 0;
}

void board_out_free(struct board_out *o)
{
	free(o->p);
	o->p = NULL;
	o->len = o->cap = 0;
}
