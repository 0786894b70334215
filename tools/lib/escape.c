/*
 * escape.c - writing what a record holds into the tools' outputs (escape.h).
 */
#include "lib/escape.h"

#include <stdlib.h>
#include <string.h>

int escape_utf8_length(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	if (p[0] < 0x80)
		return 1;
	/* the second byte's range depends on the first (RFC 3629, section 4):
	 * no overlong form, no surrogate, nothing past U+10FFFF */
	unsigned char lo = 0x80, hi = 0xBF;
	int n;
	if (p[0] >= 0xC2 && p[0] <= 0xDF)
		n = 2;
	else if (p[0] >= 0xE0 && p[0] <= 0xEF)
		n = 3, lo = p[0] == 0xE0 ? 0xA0 : 0x80, hi = p[0] == 0xED ? 0x9F : 0xBF;
	else if (p[0] >= 0xF0 && p[0] <= 0xF4)
		n = 4, lo = p[0] == 0xF0 ? 0x90 : 0x80, hi = p[0] == 0xF4 ? 0x8F : 0xBF;
	else
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (int i = 2; i < n; i++)
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* The characters that steer how a line is shown without being control
 * characters: the line and paragraph separators (U+2028, U+2029) and the
 * marks, embeddings, overrides and isolates of bidirectional text
 * (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), which can show
 * a line in another order than its text. */
static int steers_display(const unsigned char *p, int n)
{
	if (n == 2)
		return p[0] == 0xD8 && p[1] == 0x9C;
	if (n != 3 || p[0] != 0xE2)
		return 0;
	return (p[1] == 0x80 && (p[2] == 0x8E || p[2] == 0x8F || (p[2] >= 0xA8 && p[2] <= 0xAE))) ||
	       (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9);
}

/* What the character or byte at p becomes: *len bytes of the input, as
 * rep (an escape, NUL-terminated) or, when rep[0] is 0, as they are. */
static void one(const char *p, unsigned flags, int *len, char rep[16])
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *u = (const unsigned char *)p;
	unsigned char c = u[0];
	int n = escape_utf8_length(p);
	rep[0] = '\0';
	*len = n ? n : 1;
	if ((flags & ESCAPE_QUOTED) && (c == '"' || c == '\\')) {
		rep[0] = '\\';
		rep[1] = (char)c;
		rep[2] = '\0';
		return;
	}
	/* a control character (C1 is U+0080..U+009F: C2 80 .. C2 9F), a
	 * byte of no character, a character that steers the display: one
	 * escape per byte */
	int c1 = n == 2 && c == 0xC2 && u[1] < 0xA0;
	if (n == 0 || c < 0x20 || c == 0x7F || c1 || steers_display(u, n)) {
		for (int i = 0; i < *len; i++) {
			rep[4 * i] = '\\';
			rep[4 * i + 1] = 'x';
			rep[4 * i + 2] = hex[u[i] >> 4];
			rep[4 * i + 3] = hex[u[i] & 15];
		}
		rep[4 * *len] = '\0';
	}
}

size_t escape_text(char *buf, size_t size, const char *s, unsigned flags)
{
	size_t o = 0, need = 0;
	int cut = size == 0;
	if ((flags & ESCAPE_QUOTED) && ++need < size)
		buf[o++] = '"';
	else if (flags & ESCAPE_QUOTED)
		cut = 1;
	for (const char *p = s; *p;) {
		char rep[16];
		int len;
		one(p, flags, &len, rep);
		const char *from = rep[0] ? rep : p;
		size_t n = rep[0] ? strlen(rep) : (size_t)len;
		need += n;
		if (!cut && o + n < size) {
			memcpy(buf + o, from, n);
			o += n;
		} else {
			cut = 1;
		}
		p += len;
	}
	if (flags & ESCAPE_QUOTED) {
		need++;
		if (!cut && o + 1 < size)
			buf[o++] = '"';
	}
	if (size)
		buf[o] = '\0';
	return need;
}

char *escape_text_dup(const char *s, unsigned flags)
{
	char one_byte[1];
	size_t n = escape_text(one_byte, sizeof one_byte, s, flags);
	char *out = malloc(n + 1);
	if (out)
		escape_text(out, n + 1, s, flags);
	return out;
}

void escape_text_put(FILE *f, const char *s, unsigned flags)
{
	if (flags & ESCAPE_QUOTED)
		putc('"', f);
	const char *run = s;
	for (const char *p = s; *p;) {
		char rep[16];
		int len;
		one(p, flags, &len, rep);
		if (rep[0]) {
			fwrite(run, 1, (size_t)(p - run), f);
			fputs(rep, f);
			run = p + len;
		}
		p += len;
	}
	fputs(run, f);
	if (flags & ESCAPE_QUOTED)
		putc('"', f);
}

/* The columns of one character of UTF-8 (its lead byte at p): two for
 * U+1100 and above (E1 84 80 on), one for the others. */
static int char_columns(const unsigned char *p)
{
	return (*p >= 0xE2 || (*p == 0xE1 && p[1] >= 0x84)) ? 2 : 1;
}

int escape_columns(const char *s)
{
	int w = 0;
	for (const char *p = s; *p;) {
		char rep[16];
		int len;
		one(p, 0, &len, rep);
		w += rep[0] ? (int)strlen(rep) : char_columns((const unsigned char *)p);
		p += len;
	}
	return w;
}

size_t escape_cut(const char *s, size_t max)
{
	size_t n = 0;
	while (s[n]) {
		int len = escape_utf8_length(s + n);
		if (!len)
			len = 1; /* a byte of no character is a unit of its own */
		if (n + (size_t)len > max)
			break;
		n += (size_t)len;
	}
	return n;
}

void escape_csv(FILE *f, const char *s, unsigned flags)
{
	int exact = flags & ESCAPE_CSV_EXACT;
	size_t n = strlen(s);
	/* OWASP's rule: a cell a spreadsheet would read as a formula or a
	 * command (=, +, -, @; TAB and CR, which some skip before one) is
	 * made text by a ' before it */
	int formula = !exact && n && strchr("=+-@\t\r", s[0]);
	/* escaped, a value holds no line end: it is quoted for what RFC 4180
	 * quotes besides */
	int quote = strpbrk(s, exact ? ",\"\r\n" : ",\"") || (n && (s[0] == ' ' || s[n - 1] == ' '));
	if (quote)
		putc('"', f);
	if (formula)
		putc('\'', f);
	for (const char *p = s; *p;) {
		char rep[16];
		int len = 1;
		rep[0] = '\0';
		if (!exact)
			one(p, 0, &len, rep);
		if (rep[0]) {
			fputs(rep, f);
		} else {
			for (int i = 0; i < len; i++) {
				if (p[i] == '"')
					putc('"', f);
				putc(p[i], f);
			}
		}
		p += len;
	}
	if (quote)
		putc('"', f);
}
