/*
 * lines.c - the line pump (lines.h): raw lines from the reader, decoded,
 * their problems said once, in one set of words for every notation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/lines.h"

struct kifu__lines {
	kifu_reader *reader;
	kifu__decoder *dec;      /* the stream's */
	kifu__decoder *declared; /* the one the input declared, or NULL */
	bool ascii_start;
	bool unread;
	bool no_nul;             /* the input has none (kifu__lines_trust) */
	kifu__line last;         /* the line handed out */
	char message[160];
	char *shown;             /* a line with its NUL bytes as U+2400 */
	size_t shown_cap;
};

int kifu__lines_new(kifu__lines **out, kifu_reader *reader, kifu__decoder *dec, bool ascii_start)
{
	kifu__lines *p = calloc(1, sizeof *p);
	*out = p;
	if (!p)
		return KIFU_ENOMEM;
	p->reader = reader;
	p->dec = dec;
	p->ascii_start = ascii_start;
	return 0;
}

void kifu__lines_free(kifu__lines *p)
{
	if (!p)
		return;
	kifu__decoder_free(p->declared);
	free(p->shown);
	free(p);
}

const char *kifu__lines_name(const kifu__lines *p) { return kifu_reader_name(p->reader); }

static kifu__decoder *decoder(const kifu__lines *p) { return p->declared ? p->declared : p->dec; }

const char *kifu__lines_encoding(const kifu__lines *p) { return kifu__decoder_name(decoder(p)); }

int kifu__lines_declare(kifu__lines *p, enum kifu__encoding enc)
{
	if (!p->ascii_start || p->declared)
		return 0;
	p->declared = kifu__decoder_new(enc);
	return p->declared ? 0 : KIFU_ENOMEM;
}

void kifu__lines_trust(kifu__lines *p)
{
	p->no_nul = true;
}

void kifu__lines_unread(kifu__lines *p)
{
	if (p->last.text)
		p->unread = true;
}

/* The column (1-based, in characters) of byte off of s. */
static long column(const char *s, size_t off)
{
	long col = 1;
	for (size_t i = 0; i < off; i++)
		col += ((unsigned char)s[i] & 0xC0) != 0x80;
	return col;
}

/* l's NUL bytes as U+2400 (␀), in p->shown: a record's texts are C
 * strings, and a comment cut at its NUL would lose the rest unsaid. */
static int show_nuls(kifu__lines *p, kifu__line *l)
{
	size_t nuls = 0;
	for (const char *q = l->text; (q = memchr(q, 0, l->len - (size_t)(q - l->text))) != NULL; q++)
		nuls++;
	size_t need = l->len + 2 * nuls + 1;
	if (need > p->shown_cap) {
		char *b = realloc(p->shown, need);
		if (!b)
			return KIFU_ENOMEM;
		p->shown = b;
		p->shown_cap = need;
	}
	size_t o = 0, first = (size_t)-1;
	for (size_t i = 0; i < l->len; i++) {
		if (l->text[i]) {
			p->shown[o++] = l->text[i];
			continue;
		}
		if (first == (size_t)-1)
			first = o;
		memcpy(p->shown + o, "\xE2\x90\x80", 3);
		o += 3;
	}
	p->shown[o] = 0;
	l->text = p->shown;
	l->len = o;
	if (l->problem == KIFU__LINE_OK) {
		/* a spoiled line says its bad byte first: the NUL is shown all
		 * the same */
		l->problem = KIFU__LINE_NUL;
		l->at = first;
		l->col = column(l->text, first);
		l->message = "a NUL byte, kept as \xE2\x90\x80 (U+2400): no text of a record can hold one";
	}
	return 0;
}

int kifu__lines_next(kifu__lines *p, const kifu__line **line, kifu_diag *diag)
{
	kifu__line *l = &p->last;
	*line = l;
	if (p->unread) {
		p->unread = false;
		return 1;
	}
	const char *raw;
	size_t rawlen;
	long no;
	int rc = kifu_reader_next(p->reader, &raw, &rawlen, &no, diag);
	l->problem = KIFU__LINE_OK;
	l->message = "";
	if (rc == 1) {
		size_t bad_in, bad_out;
		l->no = no;
		if (kifu__decoder_line_at(decoder(p), raw, rawlen, &l->text, &l->len, &bad_in, &bad_out))
			return kifu_diag_set(diag, KIFU_ENOMEM, kifu__lines_name(p), no, 0, "out of memory");
		if (bad_in != (size_t)-1) {
			l->problem = KIFU__LINE_SPOILED;
			l->at = bad_out;
			l->col = column(l->text, bad_out);
			snprintf(p->message, sizeof p->message,
				 "a byte that is not %s (0x%02X), the encoding of this file",
				 kifu__lines_encoding(p), (unsigned char)raw[bad_in]);
			l->message = p->message;
		}
		if (!p->no_nul && memchr(l->text, 0, l->len) && show_nuls(p, l))
			return kifu_diag_set(diag, KIFU_ENOMEM, kifu__lines_name(p), no, 0, "out of memory");
		return 1;
	}
	if (rc == KIFU_ELIMIT) {
		/* the reader passed over the line: handed out as one without
		 * text, for the reader to say where its record is */
		l->text = "";
		l->len = 0;
		l->no = diag->line;
		l->problem = KIFU__LINE_TOO_LONG;
		l->col = 0;
		snprintf(p->message, sizeof p->message, "line longer than %ld bytes: skipped", KIFU_MAX_LINE);
		l->message = p->message;
		kifu_diag_clear(diag);
		return 1;
	}
	l->text = NULL;
	return rc;
}

int kifu__lines_say(const kifu__lines *p, const kifu__line *line, kifu_diag *diag)
{
	int code = line->problem == KIFU__LINE_TOO_LONG ? KIFU_ELIMIT : KIFU_EFORMAT;
	return kifu_diag_set(diag, code, kifu__lines_name(p), line->no, line->col, "%s", line->message);
}
