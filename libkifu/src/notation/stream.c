/*
 * stream.c - records one after another (kifu/stream.h), in the notation the
 * input is written in.  The first 64 KiB tell the encoding (text/encoding.c)
 * and the notation: each notation of the table (notation.c) says how much
 * each of the first lines looks like its own, and the one that claims most
 * lines reads the input.
 */
#include <stdlib.h>
#include <string.h>

#include "kifu/stream.h"
#include "kifu/sys/record.h"
#include "notation/notation.h"
#include "text/reader_internal.h"

#define SAMPLE (1 << 16)
#define SAMPLE_LINES 200

struct kifu_stream {
	kifu_stream_options opt;
	kifu__read_ctx ctx;
	const kifu__notation *notation;  /* NULL until the first record is asked for */
	void *state;                     /* its reader's */
	bool failed;                     /* the input is in no notation: nothing more */
};

int kifu_stream_new(kifu_stream **out, kifu_reader *reader, const kifu_stream_options *opt)
{
	static const kifu_stream_options defaults = KIFU_STREAM_OPTIONS_INIT;
	*out = NULL;
	if (!opt)
		opt = &defaults;
	if (opt->notation) {
		const kifu__notation *n = kifu__notation_named(opt->notation);
		if (!n || !n->next)
			return KIFU_ENOTFOUND;
	}
	kifu_stream *s = calloc(1, sizeof *s);
	if (!s)
		return KIFU_ENOMEM;
	s->opt = *opt;
	s->ctx.lines = reader;
	s->ctx.variants = opt->variants;
	s->ctx.fallback = opt->fallback;
	*out = s;
	return 0;
}

void kifu_stream_free(kifu_stream *s)
{
	if (!s)
		return;
	if (s->notation && s->state)
		s->notation->close(s->state);
	kifu__lines_free(s->ctx.pump);
	kifu__decoder_free(s->ctx.dec);
	free(s);
}

const char *kifu_stream_notation(const kifu_stream *s)
{
	return s->notation ? s->notation->name : NULL;
}

/* Does the line hold a JSON key "$schema" (JSON Schema's: the document
 * says what it is)? */
static bool declares_schema(const char *line, size_t len)
{
	/* by its '$', which few lines have (a line of JSON has many '"') */
	for (const char *d = line; (d = memchr(d, '$', len - (size_t)(d - line))) != NULL; d++) {
		if (d == line || (size_t)(line + len - d) < 8 || memcmp(d - 1, "\"$schema\"", 9))
			continue;
		const char *p = d - 1;
		const char *q = p + 9;
		while (q < line + len && (*q == ' ' || *q == '\t'))
			q++;
		if (q < line + len && *q == ':')
			return true;
	}
	return false;
}

/* Looks at the sample's lines (decoded): each line counts for the notation
 * that claims it most (the first in the table on a tie), and the notation
 * with most lines wins, the first in the table on a tie.  A stray line of
 * junk among compact records does not turn the stream into another
 * notation; an input of which no line is any notation's is none.  Lines
 * that are blank or start with # count for nobody, but for KIF's own first
 * line (#KIF version=...).  A first line that declares its notation (#KIF
 * version=, 'CSA encoding=) decides. */
static const kifu__notation *detect(kifu_stream *s, const char *sample, size_t n, bool *content)
{
	int counts[16] = {0};
	int nn = kifu__notation_count < 16 ? kifu__notation_count : 16;
	size_t i = 0;
	int lines = 0;
	bool schema = false;
	*content = false;
	while (i < n && lines < SAMPLE_LINES) {
		/* a line ends at LF or CR (files from classic Mac OS end their
		 * lines in CR alone; CRLF gives a blank line between) */
		const char *nl = memchr(sample + i, '\n', n - i);
		const char *cr = memchr(sample + i, '\r', (nl ? (size_t)(nl - sample) : n) - i);
		if (cr)
			nl = cr;
		size_t len = nl ? (size_t)(nl - (sample + i)) : n - i;
		if (!nl && i > 0)
			break; /* a line cut by the sample's end */
		const char *line;
		size_t ll;
		size_t bad_at;
		if (kifu__decoder_line(s->ctx.dec, sample + i, len, &line, &ll, &bad_at) == 0) {
			/* a record of a file that began with a byte order mark */
			if (ll >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3)) {
				line += 3;
				ll -= 3;
			}
			size_t k = 0;
			while (k < ll && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r'))
				k++;
			if (k < ll && line[k] != '#')
				*content = true;
			int best = -1, best_score = 0;
			for (int t = 0; t < nn; t++) {
				const kifu__notation *no = kifu__notations[t];
				int score = no->sniff_line ? no->sniff_line(line, ll, &s->ctx) : 0;
				if (score > best_score) {
					best = t;
					best_score = score;
					if (score >= 2)
						break; /* the most a sniffer says: no later one beats it */
				}
			}
			/* the first line declares the notation: the lines after it
			 * (a KIF header that looks like a CSA comment) do not undo it */
			if (best >= 0 && best_score >= 3 && lines == 0)
				return kifu__notations[best];
			if (best >= 0)
				counts[best]++;
			if (!schema)
				schema = declares_schema(line, ll);
		}
		i += len + 1;
		lines++;
		/* clear enough: one notation has many lines and the others none */
		int leader = -1, others = 0;
		for (int t = 0; t < nn; t++)
			if (leader < 0 || counts[t] > counts[leader])
				leader = t;
		for (int t = 0; t < nn; t++)
			if (t != leader)
				others += counts[t];
		if (counts[leader] >= 16 && !others)
			break;
	}
	int best = -1;
	for (int t = 0; t < nn; t++)
		if (counts[t] && (best < 0 || counts[t] > counts[best]))
			best = t;
	/* a JSON document that names its schema is one of that schema (a
	 * JSON Schema, say), whatever keys it shares with a notation's */
	if (best >= 0 && schema && strstr(kifu__notations[best]->extensions, ".json"))
		return NULL;
	return best >= 0 ? kifu__notations[best] : NULL;
}

/* Tells the encoding and the notation, and opens the notation's reader. */
static int start(kifu_stream *s, kifu_diag *diag)
{
	const char *name = kifu_reader_name(s->ctx.lines);
	const char *sample;
	size_t n = kifu_reader_peek(s->ctx.lines, &sample, SAMPLE);
	if (n >= 3 && !memcmp(sample, "\xEF\xBB\xBF", 3)) {
		sample += 3;
		n -= 3;
	}
	/* copy: decoding the sample must not disturb the reader's buffer */
	char *copy = malloc(n + 1);
	if (!copy)
		return kifu_diag_set(diag, KIFU_ENOMEM, name, 0, 0, "out of memory");
	memcpy(copy, sample, n);
	copy[n] = 0;
	/* the whole input in the sample, valid UTF-8: no line needs checking
	 * again (the decoder trusts it, below) */
	bool trusted = n < SAMPLE && kifu__utf8_valid(copy, n);
	enum kifu__encoding enc = trusted ? KIFU__ENC_UTF8 : kifu__encoding_detect(copy, n, n < SAMPLE);
	s->ctx.dec = kifu__decoder_new(enc);
	if (!s->ctx.dec) {
		free(copy);
		return kifu_diag_set(diag, KIFU_ENOMEM, name, 0, 0, "cannot convert from this encoding (iconv)");
	}
	/* UTF-8 files joined by cat: a byte order mark at each one's start */
	if (enc == KIFU__ENC_UTF8)
		kifu__reader_skip_boms(s->ctx.lines);
	if (trusted)
		kifu__decoder_trust(s->ctx.dec);
	/* the pump every reader reads; an ASCII start lets a line say the
	 * encoding (CSA's 'CSA encoding=) */
	if (kifu__lines_new(&s->ctx.pump, s->ctx.lines, s->ctx.dec, kifu__ascii_span(copy, n) == n)) {
		free(copy);
		return kifu_diag_set(diag, KIFU_ENOMEM, name, 0, 0, "out of memory");
	}
	/* ... and no NUL in it: no line needs looking at for one */
	if (trusted && !memchr(copy, 0, n))
		kifu__lines_trust(s->ctx.pump);
	bool content = false;
	const kifu__notation *chosen = s->opt.notation ? kifu__notation_named(s->opt.notation) :
							 detect(s, copy, n, &content);
	free(copy);
	if (!chosen && content) {
		s->failed = true;
		/* the notations an input is told as (ki2 is read as kif) */
		char names[256] = "";
		for (int t = 0; t < kifu__notation_count; t++) {
			size_t len = strlen(names);
			if (kifu__notations[t]->next && kifu__notations[t]->sniff_line)
				snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "",
					 kifu__notations[t]->name);
		}
		return kifu_diag_set(diag, KIFU_EFORMAT, name, 0, 0,
				     "not a record in any notation kifu reads (%s)", names);
	}
	/* nothing but blank lines and # comments: the first notation reads it
	 * (and finds no record) */
	s->notation = chosen ? chosen : kifu__notations[0];
	int rc = s->notation->open(&s->state, &s->ctx);
	if (rc) {
		s->notation = NULL;
		return kifu_diag_set(diag, rc, name, 0, 0, "out of memory");
	}
	return 0;
}

int kifu_stream_next(kifu_stream *s, kifu_record *rec, const kifu_variant **variant,
		     kifu_diag *diag)
{
	*variant = NULL;
	if (s->failed)
		return 0;
	if (!s->notation) {
		int rc = start(s, diag);
		if (rc)
			return rc;
	}
	int rc = s->notation->next(s->state, rec, variant, diag);
	if (rc == 1)
		kifu_record_set_notation(rec, s->notation->name);
	return rc;
}
