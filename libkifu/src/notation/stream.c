/*
 * stream.c - records one after another (kifu/stream.h), in the notation the
 * input is written in: the first 64 KiB tell the encoding (encoding.c) and
 * whether the lines are KIF-family (KIF, KI2, wide KIF) or compact.
 */
#include <stdlib.h>
#include <string.h>

#include "kifu/stream.h"
#include "text/encoding.h"
#include "notation/kif_read.h"

#define SAMPLE (1 << 16)

struct kifu_stream {
	kifu_reader *reader;
	kifu_variant_resolver resolve;
	void *ctx;
	const kifu_variant *fallback;
	enum kifu_notation notation;
	decoder *dec;
	kif_reader *kif;
};

int kifu_stream_new(kifu_stream **out, kifu_reader *reader, kifu_variant_resolver resolve,
		    void *ctx, const kifu_variant *fallback)
{
	kifu_stream *s = calloc(1, sizeof *s);
	*out = s;
	if (!s)
		return KIFU_ENOMEM;
	s->reader = reader;
	s->resolve = resolve;
	s->ctx = ctx;
	s->fallback = fallback;
	s->notation = KIFU_NOTATION_UNKNOWN;
	return 0;
}

void kifu_stream_free(kifu_stream *s)
{
	if (!s)
		return;
	kifu__kif_reader_free(s->kif);
	kifu__decoder_free(s->dec);
	free(s);
}

enum kifu_notation kifu_stream_notation(const kifu_stream *s) { return s->notation; }

/* A compact record's line: a known variant's name, then tags and " :". */
static bool compact_like(kifu_stream *s, const char *line, size_t len)
{
	size_t n = 0;
	if (!len || (unsigned char)line[0] >= 0x80 || line[0] == '#' || line[0] == '*')
		return false; /* variant names are ASCII */
	while (n < len && line[n] != ' ' && line[n] != '\t')
		n++;
	if (n == 0 || n >= 64 || !s->resolve)
		return false;
	char name[64];
	memcpy(name, line, n);
	name[n] = 0;
	return s->resolve(name, s->ctx) != NULL;
}

/* Looks at the sample's lines (decoded): KIF-family if more of them are
 * KIF-family lines than compact records (a stray line of junk among
 * compact records must not turn the stream into KIF). */
static enum kifu_notation detect(kifu_stream *s, decoder *dec, const char *sample, size_t n)
{
	size_t i = 0;
	int lines = 0, kif = 0, compact = 0;
	while (i < n && lines < 200) {
		const char *nl = memchr(sample + i, '\n', n - i);
		size_t len = nl ? (size_t)(nl - (sample + i)) : n - i;
		const char *line;
		size_t ll;
		if (!nl && i > 0)
			break; /* a line cut by the sample's end */
		if (compact_like(s, sample + i, len))
			compact++;
		else if (kifu__decoder_line(dec, sample + i, len, &line, &ll) == 0 && kifu__kif_line_is_kif(line, ll))
			kif++;
		i += len + 1;
		lines++;
		if ((kif >= 16 && !compact) || (compact >= 16 && !kif))
			break; /* clear enough */
	}
	return kif > compact ? KIFU_NOTATION_KIF : KIFU_NOTATION_COMPACT;
}

static int start(kifu_stream *s, kifu_diag *diag)
{
	const char *sample;
	size_t n = kifu_reader_peek(s->reader, &sample, SAMPLE);
	if (n >= 3 && !memcmp(sample, "\xEF\xBB\xBF", 3)) {
		sample += 3;
		n -= 3;
	}
	/* copy: decoding the sample must not disturb the reader's buffer */
	char *copy = malloc(n + 1);
	if (!copy)
		return kifu_diag_set(diag, KIFU_ENOMEM, kifu_reader_name(s->reader), 0, 0, "out of memory");
	memcpy(copy, sample, n);
	copy[n] = 0;
	enum encoding enc = kifu__encoding_detect(copy, n);
	s->dec = kifu__decoder_new(enc);
	if (!s->dec) {
		free(copy);
		return kifu_diag_set(diag, KIFU_ENOMEM, kifu_reader_name(s->reader), 0, 0,
				     "cannot convert from this encoding (iconv)");
	}
	/* the whole input was in the sample and checked as UTF-8: no line
	 * needs checking again */
	if (enc == ENC_UTF8 && n < SAMPLE)
		kifu__decoder_trust(s->dec);
	s->notation = detect(s, s->dec, copy, n);
	free(copy);
	if (s->notation == KIFU_NOTATION_KIF) {
		s->kif = kifu__kif_reader_new(s->reader, s->dec, s->resolve, s->ctx, s->fallback);
		if (!s->kif)
			return kifu_diag_set(diag, KIFU_ENOMEM, kifu_reader_name(s->reader), 0, 0, "out of memory");
	}
	return 0;
}

int kifu_stream_next(kifu_stream *s, kifu_record *rec, const kifu_variant **variant,
		     kifu_diag *diag)
{
	if (s->notation == KIFU_NOTATION_UNKNOWN) {
		int rc = start(s, diag);
		if (rc)
			return rc;
	}
	if (s->notation == KIFU_NOTATION_KIF)
		return kifu__kif_reader_next(s->kif, rec, variant, diag);
	const char *line;
	size_t len;
	long lineno;
	int rc;
	while ((rc = kifu_reader_next(s->reader, &line, &len, &lineno, diag)) == 1) {
		if (!kifu_compact_is_record(line, len))
			continue;
		rc = kifu_compact_parse(rec, line, len, kifu_reader_name(s->reader), lineno,
					s->resolve, s->ctx, variant);
		if (rc)
			return kifu_diag_set(diag, rc, kifu_reader_name(s->reader), lineno, 0, "out of memory");
		return 1;
	}
	return rc;
}
