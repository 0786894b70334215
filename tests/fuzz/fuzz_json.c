/*
 * fuzz_json.c - bytes as the JSON of a JKF record (text/json_tokens.h, the
 * reader's tokenizer): read whole, and read again as lines arriving one by
 * one, as the JKF reader reads it.  What reads as lines must read whole,
 * to the same tokens and the same end; every value is written back for a
 * message.
 */
#include <stdlib.h>
#include <string.h>

#include "../../libkifu/src/text/json_tokens.h"
#include "fuzz.h"

typedef struct lines {
	const char *text;
	size_t size, have;
} lines;

/* One more line of the text (with its '\n'), as the reader's come. */
static int more(void *arg, const char **text, size_t *n)
{
	lines *l = arg;
	if (l->have >= l->size)
		return 0;
	const char *nl = memchr(l->text + l->have, '\n', l->size - l->have);
	l->have = nl ? (size_t)(nl - l->text) + 1 : l->size;
	*text = l->text;
	*n = l->have;
	return 1;
}

int fuzz_json(const uint8_t *data, size_t size)
{
	kifu__json whole, piecemeal;
	memset(&whole, 0, sizeof whole);
	memset(&piecemeal, 0, sizeof piecemeal);
	const char *text = (const char *)data;
	int rc = kifu__json_parse(&whole, text, size, 1, NULL, NULL);
	char shown[64];
	for (size_t i = 0; rc == 0 && i < whole.ntok; i++)
		kifu__json_dump(&whole, i, shown, sizeof shown);
	const char *nl = memchr(text, '\n', size);
	lines l = {text, size, nl ? (size_t)(nl - text) + 1 : size};
	if (kifu__json_parse(&piecemeal, text, l.have, 1, more, &l) == 0) {
		/* the text up to its end reads whole alike */
		if (kifu__json_parse(&whole, text, piecemeal.end, 1, NULL, NULL) != 0 ||
		    whole.ntok != piecemeal.ntok || whole.end_line != piecemeal.end_line ||
		    whole.end_col != piecemeal.end_col)
			abort();
		for (size_t i = 0; i < whole.ntok; i++)
			if (whole.tok[i].type != piecemeal.tok[i].type)
				abort();
	}
	kifu__json_free(&whole);
	kifu__json_free(&piecemeal);
	return 0;
}

#ifdef KIFU_FUZZ_MAIN
FUZZ_ENTRY(fuzz_json)
#endif
