/*
 * stream.c - records one after another (kifu/stream.h).
 */
#include <stdlib.h>
#include <string.h>

#include "kifu/stream.h"

struct kifu_stream {
	kifu_reader *reader;
	kifu_variant_resolver resolve;
	void *ctx;
	const kifu_variant *fallback;
	enum kifu_notation notation;
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
	s->notation = KIFU_NOTATION_COMPACT;
	return 0;
}

void kifu_stream_free(kifu_stream *s)
{
	free(s);
}

enum kifu_notation kifu_stream_notation(const kifu_stream *s) { return s->notation; }

int kifu_stream_next(kifu_stream *s, kifu_record *rec, const kifu_variant **variant,
		     kifu_diag *diag)
{
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
