/*
 * reader.c - line reading in large blocks (kifu/reader.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/reader.h"
#include "text/buffer.h"
#include "text/reader_internal.h"

#define BLOCK (1 << 16)

struct kifu_reader {
	FILE *in;           /* the stream, or NULL for a buffer: */
	const char *mem;    /* its bytes, copied into buf block by block */
	size_t mem_len, mem_pos;
	char name[KIFU_DIAG_FILE_MAX];
	char *buf;          /* block buffer */
	size_t start, end;  /* unread bytes are buf[start..end) */
	char *line;         /* a line that crossed a block boundary */
	size_t line_cap;
	long lineno;
	int eof, err, bom_checked, unread;
	int every_bom;      /* skip a byte order mark at the start of any line */
	char eol;           /* the line end: '\n' (LF or CRLF), or '\r' for a file
			     * whose lines end in CR alone (classic Mac OS) */
	const char *last;
	size_t last_len;
};

int kifu_reader_new(kifu_reader **out, FILE *in, const char *name)
{
	kifu_reader *r = calloc(1, sizeof *r);
	*out = NULL;
	if (!r)
		return KIFU_ENOMEM;
	r->buf = malloc(BLOCK);
	if (!r->buf) {
		free(r);
		return KIFU_ENOMEM;
	}
	r->in = in;
	snprintf(r->name, sizeof r->name, "%s", name ? name : "-");
	*out = r;
	return 0;
}

int kifu_reader_new_buffer(kifu_reader **out, const char *bytes, size_t len, const char *name)
{
	int rc = kifu_reader_new(out, NULL, name);
	if (rc)
		return rc;
	(*out)->mem = bytes ? bytes : "";
	(*out)->mem_len = bytes ? len : 0;
	return 0;
}

void kifu_reader_free(kifu_reader *r)
{
	if (!r)
		return;
	free(r->buf);
	free(r->line);
	free(r);
}

const char *kifu_reader_name(const kifu_reader *r) { return r->name; }

/* Moves the unread bytes to the front and reads more. Returns bytes added. */
static size_t fill(kifu_reader *r)
{
	if (r->eof || r->err)
		return 0;
	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->end == BLOCK)
		return 0;
	size_t got, want = BLOCK - r->end;
	if (r->in) {
		got = fread(r->buf + r->end, 1, want, r->in);
	} else {
		got = r->mem_len - r->mem_pos < want ? r->mem_len - r->mem_pos : want;
		memcpy(r->buf + r->end, r->mem + r->mem_pos, got);
		r->mem_pos += got;
	}
	r->end += got;
	/* fread gives fewer bytes than asked only at the end of the input or
	 * on an error: no need to ask again (a file's end would be read once
	 * more for each ask); the bytes it gave are read first either way */
	if (got < want) {
		if (r->in && ferror(r->in))
			r->err = errno ? errno : EIO;
		else
			r->eof = 1;
	}
	return got;
}

size_t kifu_reader_peek(kifu_reader *r, const char **bytes, size_t size)
{
	while (r->end - r->start < size && fill(r) > 0)
		;
	*bytes = r->buf + r->start;
	size_t n = r->end - r->start;
	return n < size ? n : size;
}

static int grow_line(kifu_reader *r, size_t need)
{
	return kifu__grow(&r->line, &r->line_cap, need, BLOCK);
}

void kifu_reader_unread(kifu_reader *r)
{
	if (r->last)
		r->unread = 1;
}

static int append(kifu_reader *r, size_t *llen, int *too_long, const char *s, size_t n)
{
	if (*too_long)
		return 0;
	if (*llen + n > (size_t)KIFU_MAX_LINE) {
		*too_long = 1;
		return 0;
	}
	if (grow_line(r, *llen + n + 1))
		return KIFU_ENOMEM;
	memcpy(r->line + *llen, s, n);
	*llen += n;
	return 0;
}

/* The stream's line end, told from its first block: CR alone when the
 * first line end there is a CR that no LF follows (files from classic Mac
 * OS, which would otherwise read as one line), else LF (a CR before it is
 * dropped from the line).  A CR inside a line of an LF file stays text. */
static char line_end(kifu_reader *r)
{
	const char *b;
	size_t n = kifu_reader_peek(r, &b, BLOCK);
	for (size_t i = 0; i < n; i++) {
		if (b[i] == '\n')
			return '\n';
		if (b[i] == '\r')
			return i + 1 < n ? (b[i + 1] == '\n' ? '\n' : '\r') : (r->eof ? '\r' : '\n');
	}
	return '\n';
}

void kifu__reader_skip_boms(kifu_reader *r)
{
	r->every_bom = 1;
}

/* Hands out the line s[0..n) (NUL-terminated), numbered r->lineno. */
static int hand_out(kifu_reader *r, char *s, size_t n, const char **line, size_t *len, long *lineno)
{
	if (r->every_bom && n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3)) {
		s += 3;
		n -= 3;
	}
	*line = r->last = s;
	*len = r->last_len = n;
	*lineno = r->lineno;
	return 1;
}

int kifu_reader_next(kifu_reader *r, const char **line, size_t *len, long *lineno,
		     kifu_diag *diag)
{
	if (r->unread) {
		r->unread = 0;
		*line = r->last;
		*len = r->last_len;
		*lineno = r->lineno;
		return 1;
	}
	if (!r->bom_checked) {
		const char *b;
		r->bom_checked = 1;
		if (kifu_reader_peek(r, &b, 3) == 3 && !memcmp(b, "\xEF\xBB\xBF", 3))
			r->start += 3;
		r->eol = line_end(r);
	}
	size_t llen = 0;   /* bytes gathered in r->line */
	int spilled = 0;   /* the line crosses a block boundary */
	int too_long = 0;
	for (;;) {
		size_t avail = r->end - r->start;
		char *s = r->buf + r->start;
		char *nl = memchr(s, r->eol, avail);
		if (nl && !spilled) {
			/* the whole line is in the block: hand it out in place */
			size_t n = (size_t)(nl - s);
			r->start += n + 1;
			r->lineno++;
			if (n && s[n - 1] == '\r')
				n--;
			s[n] = 0;
			return hand_out(r, s, n, line, len, lineno);
		}
		if (nl || r->eof || r->err) {
			size_t n = nl ? (size_t)(nl - s) : avail;
			if (!nl && !spilled && n == 0) {
				r->last = NULL;
				if (r->err)
					return kifu_diag_set(diag, KIFU_EIO, r->name, r->lineno, 0,
							     "read error: %s", strerror(r->err));
				return 0;
			}
			if (append(r, &llen, &too_long, s, n))
				return kifu_diag_set(diag, KIFU_ENOMEM, r->name, r->lineno + 1, 0, "out of memory");
			r->start += n + (nl ? 1 : 0);
			r->lineno++;
			*lineno = r->lineno;
			if (too_long) {
				r->last = NULL;
				return kifu_diag_set(diag, KIFU_ELIMIT, r->name, r->lineno, 0,
						     "line longer than %ld bytes: skipped", KIFU_MAX_LINE);
			}
			if (llen && r->line[llen - 1] == '\r')
				llen--;
			r->line[llen] = 0;
			return hand_out(r, r->line, llen, line, len, lineno);
		}
		/* no line end in the block yet */
		if (!spilled && (r->start > 0 || r->end < BLOCK)) {
			fill(r);
			continue;
		}
		/* a block full of one line, or a line already gathering: keep it */
		if (append(r, &llen, &too_long, s, avail))
			return kifu_diag_set(diag, KIFU_ENOMEM, r->name, r->lineno + 1, 0, "out of memory");
		r->start = r->end;
		spilled = 1;
		fill(r);
	}
}
