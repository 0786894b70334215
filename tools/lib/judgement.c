/*
 * judgement.c - the judgement lines of a move's comment (judgement.h).
 */
#include "lib/judgement.h"

#include <string.h>

const char *const judgement_class_ja[JUDGEMENT_NCLASSES] = {"緩手", "疑問手", "悪手", "大悪手"};
const char *const judgement_class_key[JUDGEMENT_NCLASSES] = {"inaccuracy", "dubious", "mistake", "blunder"};

/* The brackets of the header line, as ShogiHome writes them. */
#define OPEN "【"
#define CLOSE "】"

int judgement_line_class(const char *line, size_t n)
{
	size_t o = strlen(OPEN), c = strlen(CLOSE);
	if (n < o + c || memcmp(line, OPEN, o) || memcmp(line + n - c, CLOSE, c))
		return -1;
	for (int k = 0; k < JUDGEMENT_NCLASSES; k++) {
		size_t w = strlen(judgement_class_ja[k]);
		if (n == o + w + c && !memcmp(line + o, judgement_class_ja[k], w))
			return k;
	}
	return -1;
}

int judgement_line_loss(const char *line, size_t n, long max, long *loss)
{
	size_t k = strlen(JUDGEMENT_LOSS_PREFIX);
	if (n <= k || memcmp(line, JUDGEMENT_LOSS_PREFIX, k))
		return 0;
	long v = 0;
	for (size_t i = k; i < n; i++) {
		if (line[i] < '0' || line[i] > '9')
			return 0;
		v = v * 10 + (line[i] - '0');
		if (v > max)
			return 0;
	}
	*loss = v;
	return 1;
}
