/*
 * fuzz_json.c - bytes as JSON, through the one tokenizer (text/json.h) and
 * the writer (kifu/json.h):
 *
 * - read whole, and read again in pieces of a few bytes (the first byte
 *   says how many), each piece's start dropped as kifu_json_next's stream
 *   drops it: the same tokens (types, bytes, places) and the same error,
 *   in the same words at the same place;
 * - what reads is written back, compact and laid out one element to a line,
 *   and reads again as the same tokens.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../libkifu/src/text/json.h"
#include "fuzz.h"

/* What a reading gave: its tokens, one after another, as text. */
typedef struct seen {
	char *text;
	size_t len;
	FILE *f;
} seen;

/* The text handed out in pieces: what is before keep is dropped. */
typedef struct pieces {
	const uint8_t *data;
	size_t size, given, step;
	char *buf;
	size_t len;
} pieces;

static int more(void *arg, size_t keep, const char **text, size_t *n, size_t *shift)
{
	pieces *p = arg;
	memmove(p->buf, p->buf + keep, p->len - keep);
	p->len -= keep;
	*shift = keep;
	size_t k = p->size - p->given < p->step ? p->size - p->given : p->step;
	memcpy(p->buf + p->len, p->data + p->given, k);
	p->given += k;
	p->len += k;
	*text = p->buf;
	*n = p->len;
	return k > 0;
}

/* Reads cur to its end into out; returns its outcome (0 or a code). */
static int read_all(kifu__json_cur *cur, FILE *out, kifu_json_writer *w)
{
	kifu__json_tok t;
	int rc;
	cur->check_keys = true;
	cur->copy_keys = true;
	while ((rc = kifu__json_next(cur, &t)) > 0) {
		kifu__json_mark m;
		long line, col;
		kifu__json_mark_of(cur, &t, &m);
		kifu__json_place(&m, &line, &col);
		const char *b = kifu__json_bytes(cur, &t);
		size_t len = t.type == KIFU_JSON_KEY || t.type == KIFU_JSON_STRING || t.type == KIFU_JSON_NUMBER ? t.len : 0;
		fprintf(out, "%d %ld:%ld %zu ", t.type, line, col, len);
		fwrite(b, 1, len, out);
		fputc('\n', out);
		if (!w)
			continue;
		switch (t.type) {
		case KIFU_JSON_OBJECT: kifu_json_object(w); break;
		case KIFU_JSON_OBJECT_END: kifu_json_object_end(w); break;
		case KIFU_JSON_ARRAY: kifu_json_array(w); break;
		case KIFU_JSON_ARRAY_END: kifu_json_array_end(w); break;
		case KIFU_JSON_KEY: kifu_json_keyn(w, b, t.len); break;
		case KIFU_JSON_STRING: kifu_json_stringn(w, b, t.len); break;
		case KIFU_JSON_NUMBER: kifu__json_raw(w, b, t.len); break;
		case KIFU_JSON_TRUE: kifu_json_bool(w, 1); break;
		case KIFU_JSON_FALSE: kifu_json_bool(w, 0); break;
		default: kifu_json_null(w); break;
		}
		if (cur->depth == 0)
			kifu_json_writer_end(w);
		else if (t.type == KIFU_JSON_ARRAY || t.type == KIFU_JSON_OBJECT)
			kifu_json_break(w, 2 * cur->depth);
	}
	if (rc < 0)
		fprintf(out, "error %d %ld:%ld %s\n", rc, cur->err_line, cur->err_col, rc == KIFU_ESYNTAX ? cur->error : "");
	return rc;
}

/* The tokens of text[0..n) read whole, as text (*len bytes), and written
 * back through a writer of flags into *written (NULL: not written). */
static char *tokens(const char *text, size_t n, size_t *len, unsigned flags, char **written, size_t *wlen)
{
	char *out = NULL;
	FILE *f = open_memstream(&out, len), *wf = written ? open_memstream(written, wlen) : NULL;
	kifu_json_writer *w = NULL;
	if (!f || (written && (!wf || kifu_json_writer_new(&w, wf, flags))))
		abort();
	kifu__json_cur cur;
	memset(&cur, 0, sizeof cur);
	kifu__json_start(&cur, text, n, 1, 1, true, NULL, NULL);
	int rc = read_all(&cur, f, w);
	kifu__json_free(&cur);
	kifu_json_writer_free(w);
	if (fclose(f) || (wf && fclose(wf)))
		abort();
	if (written && rc) {
		free(*written);
		*written = NULL;
	}
	return out;
}

/* Do two readings' tokens (tokens' text) agree, their places aside? */
static bool same_values(const char *x, size_t xn, const char *y, size_t yn)
{
	const char *xend = x + xn, *yend = y + yn;
	while (x < xend && y < yend) {
		const char *xp = strchr(strchr(x, ' ') + 1, ' ') + 1, *yp = strchr(strchr(y, ' ') + 1, ' ') + 1;
		char *xb, *yb;
		size_t xl = strtoul(xp, &xb, 10), yl = strtoul(yp, &yb, 10);
		if (atoi(x) != atoi(y) || xl != yl || memcmp(xb + 1, yb + 1, xl))
			return false;
		x = xb + 1 + xl + 1;
		y = yb + 1 + yl + 1;
	}
	return x == xend && y == yend;
}

int fuzz_json(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	size_t step = data[0] % 16 + 1, len, plen;
	const char *text = (const char *)data + 1;
	size_t n = size - 1;
	char *whole = tokens(text, n, &len, 0, NULL, NULL);

	/* in pieces */
	pieces p = {(const uint8_t *)text, n, 0, step, malloc(n + 1), 0};
	char *out = NULL;
	FILE *f = open_memstream(&out, &plen);
	if (!p.buf || !f)
		abort();
	kifu__json_cur cur;
	memset(&cur, 0, sizeof cur);
	kifu__json_start(&cur, p.buf, 0, 1, 1, true, more, &p);
	read_all(&cur, f, NULL);
	kifu__json_free(&cur);
	if (fclose(f))
		abort();
	if (plen != len || memcmp(out, whole, len)) {
		fprintf(stderr, "fuzz_json: read whole:\n%.*s\nread in pieces of %zu:\n%.*s\n", (int)len, whole, step,
			(int)plen, out);
		abort();
	}
	free(out);
	free(p.buf);

	/* written back, compact and laid out: the same values */
	for (unsigned flags = 0; flags <= KIFU_JSON_SPACED; flags += KIFU_JSON_SPACED) {
		char *written = NULL, *again;
		size_t wlen, alen;
		free(tokens(text, n, &alen, flags, &written, &wlen));
		if (!written)
			break;
		again = tokens(written, wlen, &alen, 0, NULL, NULL);
		if (!same_values(whole, len, again, alen)) {
			fprintf(stderr, "fuzz_json: written back:\n%.*s\nreads as:\n%.*s\n", (int)wlen, written, (int)alen,
				again);
			abort();
		}
		free(again);
		free(written);
	}
	free(whole);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_json)
#endif
