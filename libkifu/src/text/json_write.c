/*
 * json_write.c - writing JSON (kifu/json.h): tokens with their commas and
 * colons, strings escaped so that nothing in them ends the string, a line
 * or the context the JSON is put in, numbers exact.
 */
#include "text/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/encoding.h"

void kifu__json_writer_init(kifu_json_writer *w, FILE *f, char *buf, size_t size, unsigned flags)
{
	memset(w, 0, sizeof *w);
	w->f = f;
	w->buf = buf;
	w->size = size;
	w->flags = flags;
	w->empty = true;
	if (buf && size)
		buf[0] = 0;
}

int kifu_json_writer_new(kifu_json_writer **w, FILE *out, unsigned flags)
{
	*w = malloc(sizeof **w);
	if (!*w)
		return KIFU_ENOMEM;
	kifu__json_writer_init(*w, out, NULL, 0, flags);
	return 0;
}

void kifu_json_writer_free(kifu_json_writer *w)
{
	free(w);
}

int kifu_json_writer_failure(const kifu_json_writer *w)
{
	return w->failed;
}

/* ---- bytes ---- */

static void put(kifu_json_writer *w, const char *s, size_t n)
{
	if (w->f) {
		if (n && fwrite(s, 1, n, w->f) != n)
			w->failed = KIFU_EIO;
		return;
	}
	if (w->len + 1 < w->size) {
		size_t room = w->size - 1 - w->len, k = n < room ? n : room;
		memcpy(w->buf + w->len, s, k);
		w->buf[w->len + k] = 0;
	}
	w->len += n;
}

static void put_char(kifu_json_writer *w, char c)
{
	if (w->f) {
		if (putc(c, w->f) == EOF)
			w->failed = KIFU_EIO;
		return;
	}
	put(w, &c, 1);
}

/* Does ASCII byte c need an escape?  '"' and '\\' end a string; control
 * characters (and DEL) are no text; '<', '>' and '&' could end a
 * <script> element or begin a comment in it (HTML). */
static bool ascii_escaped(unsigned c, unsigned flags)
{
	return c < 0x20 || c == '"' || c == '\\' || c == 0x7F ||
	       ((flags & KIFU_JSON_HTML) && (c == '<' || c == '>' || c == '&'));
}

static void put_escape(kifu_json_writer *w, uint32_t cp)
{
	static const char hex[] = "0123456789abcdef";
	char e[7] = {'\\', 0};
	switch (cp) {
	case '"': e[1] = '"'; break;
	case '\\': e[1] = '\\'; break;
	case '\n': e[1] = 'n'; break;
	case '\r': e[1] = 'r'; break;
	case '\t': e[1] = 't'; break;
	default:
		e[1] = 'u';
		for (int i = 0; i < 4; i++)
			e[2 + i] = hex[cp >> (12 - 4 * i) & 15];
		put(w, e, 6);
		return;
	}
	put(w, e, 2);
}

/* s[0..len) as a JSON string, quotes included: C0, DEL and C1 controls
 * and U+2028, U+2029 (line ends to JavaScript) escaped, a byte that is
 * not UTF-8 written U+FFFD. */
static void put_string(kifu_json_writer *w, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t seg = 0;
	put_char(w, '"');
	for (size_t i = 0; i < len; i++) {
		uint32_t cp = s[i];
		int k = 1;
		if (cp < 0x80) {
			if (!ascii_escaped(cp, w->flags))
				continue;
		} else if ((k = kifu__json_utf8(s, i, len, &cp)) <= 0) {
			cp = 0xFFFD;
			k = 1;
		} else if (!(cp >= 0x80 && cp <= 0x9F) && cp != 0x2028 && cp != 0x2029) {
			i += (size_t)k - 1;
			continue;
		}
		put(w, str + seg, i - seg);
		put_escape(w, cp);
		i += (size_t)k - 1;
		seg = i + 1;
	}
	put(w, str + seg, len - seg);
	put_char(w, '"');
}

size_t kifu_json_escape(char *buf, size_t size, const char *s, size_t len, unsigned flags)
{
	kifu_json_writer w;
	kifu__json_writer_init(&w, NULL, buf, size, flags);
	put_string(&w, s, len);
	if (size && w.len >= size)
		kifu__utf8_trim_end(buf);
	return w.len;
}

/* ---- tokens ---- */

static bool is_object(const kifu_json_writer *w)
{
	return w->objects[w->depth >> 6] >> (w->depth & 63) & 1;
}

/* What goes before a value or a key (begins) or a close: the comma, the
 * break asked for, the space.  KIFU_EINVAL where JSON has no such token. */
static int before(kifu_json_writer *w, bool key, bool close)
{
	if (w->failed)
		return w->failed;
	if (close) {
		if (!w->depth || w->after_key)
			return w->failed = KIFU_EINVAL;
	} else if (w->done || (w->depth && is_object(w) && key == w->after_key) ||
		   (key && (!w->depth || !is_object(w)))) {
		return w->failed = KIFU_EINVAL;
	}
	if (w->after_key) {
		/* a member's value: after its key's ':' */
		w->after_key = false;
		w->pending = 0;
		return 0;
	}
	if (w->depth && !w->empty && !close)
		put_char(w, ',');
	if (w->pending && w->depth) {
		put_char(w, '\n');
		for (int i = 1; i < w->pending; i++)
			put_char(w, ' ');
	} else if (w->depth && !w->empty && !close && (w->flags & KIFU_JSON_SPACED)) {
		put_char(w, ' ');
	}
	w->pending = 0;
	return w->failed;
}

/* A value has been written. */
static int after(kifu_json_writer *w)
{
	w->empty = false;
	if (!w->depth)
		w->done = true;
	return w->failed;
}

static int open_container(kifu_json_writer *w, bool object)
{
	if (before(w, false, false))
		return w->failed;
	if (w->depth + 1 > KIFU_JSON_MAX_DEPTH)
		return w->failed = KIFU_EINVAL;
	put_char(w, object ? '{' : '[');
	int d = ++w->depth;
	uint64_t bit = (uint64_t)1 << (d & 63);
	if (object)
		w->objects[d >> 6] |= bit;
	else
		w->objects[d >> 6] &= ~bit;
	w->empty = true;
	return w->failed;
}

static int close_container(kifu_json_writer *w, bool object)
{
	if (before(w, false, true))
		return w->failed;
	if (is_object(w) != object)
		return w->failed = KIFU_EINVAL;
	put_char(w, object ? '}' : ']');
	w->depth--;
	return after(w);
}

int kifu_json_object(kifu_json_writer *w) { return open_container(w, true); }
int kifu_json_object_end(kifu_json_writer *w) { return close_container(w, true); }
int kifu_json_array(kifu_json_writer *w) { return open_container(w, false); }
int kifu_json_array_end(kifu_json_writer *w) { return close_container(w, false); }

int kifu_json_keyn(kifu_json_writer *w, const char *key, size_t len)
{
	if (before(w, true, false))
		return w->failed;
	put_string(w, key, len);
	put(w, ": ", w->flags & KIFU_JSON_SPACED ? 2 : 1);
	w->after_key = true;
	return w->failed;
}

int kifu_json_key(kifu_json_writer *w, const char *key)
{
	return kifu_json_keyn(w, key, strlen(key));
}

int kifu_json_stringn(kifu_json_writer *w, const char *s, size_t len)
{
	if (before(w, false, false))
		return w->failed;
	put_string(w, s, len);
	return after(w);
}

int kifu_json_string(kifu_json_writer *w, const char *s)
{
	return s ? kifu_json_stringn(w, s, strlen(s)) : kifu_json_null(w);
}

int kifu__json_raw(kifu_json_writer *w, const char *text, size_t len)
{
	if (before(w, false, false))
		return w->failed;
	put(w, text, len);
	return after(w);
}

int kifu_json_uint(kifu_json_writer *w, unsigned long long n)
{
	char b[24];
	size_t k = sizeof b;
	do
		b[--k] = (char)('0' + n % 10);
	while (n /= 10);
	return kifu__json_raw(w, b + k, sizeof b - k);
}

int kifu_json_int(kifu_json_writer *w, long long n)
{
	char b[24];
	size_t k = sizeof b;
	/* the magnitude as unsigned: -LLONG_MIN has no long long */
	unsigned long long m = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
	do
		b[--k] = (char)('0' + m % 10);
	while (m /= 10);
	if (n < 0)
		b[--k] = '-';
	return kifu__json_raw(w, b + k, sizeof b - k);
}

/* The shortest %.*g of v that reads back as v (17 significant digits
 * always do: IEEE 754 binary64), the fewer digits of two as long.  The
 * locale's decimal point (printf and strtod agree on it) is written '.',
 * as JSON has it. */
static size_t shortest(double v, char *b, size_t size)
{
	char t[40];
	int len = 0;
	for (int prec = 1; prec <= 17; prec++) {
		int n = snprintf(t, sizeof t, "%.*g", prec, v);
		if (n > 0 && (size_t)n < sizeof t && (size_t)n < size && (!len || n < len) && strtod(t, NULL) == v) {
			memcpy(b, t, (size_t)n + 1);
			len = n;
		}
	}
	if (!len)
		return 0;
	/* the point: whatever is not a digit, a sign or an exponent's 'e' */
	size_t o = 0;
	bool point = false;
	for (int i = 0; i < len; i++) {
		char c = b[i];
		if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == 'e') {
			b[o++] = c;
		} else if (!point) {
			b[o++] = '.';
			point = true;
		}
	}
	b[o] = 0;
	return o;
}

int kifu_json_double(kifu_json_writer *w, double v)
{
	char b[40];
	size_t n = isfinite(v) ? shortest(v, b, sizeof b) : 0;
	return n ? kifu__json_raw(w, b, n) : kifu_json_null(w);
}

size_t kifu_json_double_text(char *buf, size_t size, double v)
{
	char b[40];
	size_t n = isfinite(v) ? shortest(v, b, sizeof b) : 0;
	if (!n)
		n = (size_t)snprintf(b, sizeof b, "null");
	if (size)
		snprintf(buf, size, "%s", b);
	return n;
}

/* Is s[0..len) a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool is_number(const char *s, size_t len)
{
	size_t i = 0;
#define DIGITS(k) ((k) < len && s[k] >= '0' && s[k] <= '9')
	if (i < len && s[i] == '-')
		i++;
	if (!DIGITS(i))
		return false;
	if (s[i++] != '0')
		while (DIGITS(i))
			i++;
	if (i < len && s[i] == '.') {
		i++;
		if (!DIGITS(i))
			return false;
		while (DIGITS(i))
			i++;
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		if (!DIGITS(i))
			return false;
		while (DIGITS(i))
			i++;
	}
#undef DIGITS
	return i == len;
}

int kifu_json_number(kifu_json_writer *w, const char *text, size_t len)
{
	if (w->failed)
		return w->failed;
	if (!is_number(text, len))
		return w->failed = KIFU_EINVAL;
	return kifu__json_raw(w, text, len);
}

int kifu_json_bool(kifu_json_writer *w, int truth)
{
	return truth ? kifu__json_raw(w, "true", 4) : kifu__json_raw(w, "false", 5);
}

int kifu_json_null(kifu_json_writer *w)
{
	return kifu__json_raw(w, "null", 4);
}

int kifu_json_break(kifu_json_writer *w, int indent)
{
	if (w->failed)
		return w->failed;
	if (indent < 0)
		return w->failed = KIFU_EINVAL;
	if (w->depth && !w->after_key)
		w->pending = indent + 1;
	return 0;
}

int kifu_json_writer_end(kifu_json_writer *w)
{
	if (w->failed)
		return w->failed;
	if (!w->done || w->depth)
		return w->failed = KIFU_EINVAL;
	put_char(w, '\n');
	w->done = false;
	w->empty = true;
	return w->failed;
}
