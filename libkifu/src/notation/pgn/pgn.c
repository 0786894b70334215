/*
 * pgn.c - the PGN notation's entry (notation.h), and what its reader and
 * writer share (pgn.h): squares as XBoard names them, pieces by their
 * letters, the [Variant] names, the words of an ending and the names of
 * tags.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "kifu/vocabulary.h"
#include "notation/notation.h"
#include "notation/pgn/pgn.h"

int kifu__pgn_square(const kifu_variant *v, int fx, int r)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (fx < 0 || fx >= files || r < 1 || r > ranks)
		return -1;
	int file = files - fx, rank = ranks + 1 - r;
	return (rank - 1) * files + (file - 1);
}

int kifu__pgn_file_name(int fx, char *buf)
{
	if (fx < KIFU__PGN_LETTER_FILES) {
		buf[0] = (char)('a' + fx);
		return 1;
	}
	buf[0] = 'z';
	buf[1] = (char)('a' + fx - KIFU__PGN_LETTER_FILES);
	return 2;
}

int kifu__pgn_file_read(const char *t, size_t n, size_t *i)
{
	if (*i < n && t[*i] >= 'a' && t[*i] <= 'w')
		return t[(*i)++] - 'a';
	if (*i + 1 < n && t[*i] == 'z' && t[*i + 1] >= 'a' && t[*i + 1] <= 'w') {
		*i += 2;
		return KIFU__PGN_LETTER_FILES + (t[*i - 1] - 'a');
	}
	return -1;
}

int kifu__pgn_square_name(const kifu_variant *v, int sq, char *buf)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	int file = sq % files + 1, rank = sq / files + 1;
	int n = kifu__pgn_file_name(files - file, buf);
	return n + snprintf(buf + n, 8 - (size_t)n, "%d", ranks + 1 - rank);
}

void kifu__pgn_square_namer(const kifu_variant *v, int sq, char *buf, size_t size)
{
	char s[8];
	kifu__pgn_square_name(v, sq, s);
	snprintf(buf, size, "%s", s);
}

int kifu__pgn_piece(const kifu_variant *v, const char *letters, size_t len)
{
	return kifu_variant_piece_by_sfen(v, letters, len);
}

int kifu__pgn_pawn(const kifu_variant *v)
{
	int t = kifu_variant_piece_by_sfen(v, "P", 1);
	return t < 0 ? -1 : t;
}

/* The [Variant] names of kifu's variants that XBoard or the engines call
 * otherwise (none yet: XBoard's shogi and chu, HaChu's dai and sho, are
 * kifu's names too). */
const char *kifu__pgn_variant_tag(const kifu_variant *v)
{
	return kifu_variant_name(v);
}

/* ---- endings ---- */

/* XBoard's words for the ends it writes (backend.c's GameEnds): the side
 * named is the one the end befalls (resigns) or the winner (mates, wins
 * on time). */
void kifu__pgn_termination(const char *ending, int mover, char *text, size_t size, const char **result)
{
	const kifu_ending_info *e = kifu_ending_find(ending, strlen(ending));
	const char *side = mover == 0 ? "White" : "Black", *other = mover == 0 ? "Black" : "White";
	enum kifu_outcome o = e ? e->outcome : KIFU_OUTCOME_NONE;
	*result = o == KIFU_OUTCOME_MOVER_LOSES ? (mover == 0 ? "0-1" : "1-0")
		  : o == KIFU_OUTCOME_MOVER_WINS ? (mover == 0 ? "1-0" : "0-1")
		  : o == KIFU_OUTCOME_DRAW	  ? "1/2-1/2"
					  : "*";
	if (!strcmp(ending, "resign"))
		snprintf(text, size, "%s resigns", side);
	else if (!strcmp(ending, "mate"))
		snprintf(text, size, "%s mates", other);
	else if (!strcmp(ending, "timeout"))
		snprintf(text, size, "%s wins on time", other);
	else if (!strcmp(ending, "draw"))
		snprintf(text, size, "Draw agreed");
	else if (!strcmp(ending, "repetition"))
		snprintf(text, size, "Draw by repetition");
	else if (!strcmp(ending, "abort"))
		snprintf(text, size, "Game aborted");
	else
		snprintf(text, size, "%s", ending);
}

/* ---- tags ---- */

static const struct {
	const char *name, *key;
} known_tags[] = {
	{"White", "sente"}, {"Black", "gote"}, {"Event", "event"}, {"Site", "site"},
	{"Date", "date"},   {"Round", "round"}, {"TimeControl", "time-control"},
	{"Opening", "opening"},
};
enum { NKNOWN = sizeof known_tags / sizeof known_tags[0] };

/* A hyphen before each capital but the first, all small: a key the
 * compact notation reads, and that gives the name back (ECO: e-c-o). */
static int kebab(const char *name, size_t len, char *key, size_t size)
{
	size_t o = 0;
	for (size_t i = 0; i < len; i++) {
		char c = name[i];
		if ((c & 0x80) || !(isalnum((unsigned char)c) || c == '_'))
			return -1;
		if (isupper((unsigned char)c) && i > 0) {
			if (o + 1 >= size)
				return -1;
			key[o++] = '-';
		}
		if (o + 1 >= size)
			return -1;
		key[o++] = (char)tolower((unsigned char)c);
	}
	key[o] = 0;
	return o && key[0] >= 'a' && key[0] <= 'z' ? 0 : -1;
}

static int camel(const char *key, char *name, size_t size)
{
	size_t o = 0;
	bool up = true;
	for (const char *k = key; *k; k++) {
		if (*k == '-') {
			if (up || !k[1])
				return -1; /* a hyphen first, last or twice: no name gives it */
			up = true;
			continue;
		}
		if (!(islower((unsigned char)*k) || isdigit((unsigned char)*k) || *k == '_'))
			return -1;
		if (o + 1 >= size)
			return -1;
		name[o++] = up ? (char)toupper((unsigned char)*k) : *k;
		up = false;
	}
	name[o] = 0;
	return o ? 0 : -1;
}

int kifu__pgn_key_of_name(const char *name, size_t len, char *key, size_t size)
{
	for (int i = 0; i < NKNOWN; i++)
		if (strlen(known_tags[i].name) == len && !memcmp(known_tags[i].name, name, len)) {
			snprintf(key, size, "%s", known_tags[i].key);
			return 0;
		}
	char back[256];
	/* a name that does not come back so (one with a small first letter)
	 * has no key */
	if (kebab(name, len, key, size) == 0 && kifu__pgn_name_of_key(key, back, sizeof back) == 0 &&
	    strlen(back) == len && !memcmp(back, name, len))
		return 0;
	return -1;
}

int kifu__pgn_name_of_key(const char *key, char *name, size_t size)
{
	for (int i = 0; i < NKNOWN; i++)
		if (!strcmp(known_tags[i].key, key)) {
			snprintf(name, size, "%s", known_tags[i].name);
			return 0;
		}
	if (camel(key, name, size))
		return -1;
	/* a name that reads back as another key has none: White is sente's
	 * (the key white would come back as sente), A1 is a1's (a-1 would
	 * come back as a1) */
	for (int i = 0; i < NKNOWN; i++)
		if (!strcmp(known_tags[i].name, name))
			return -1;
	char back[256];
	return kebab(name, strlen(name), back, sizeof back) == 0 && !strcmp(back, key) ? 0 : -1;
}

/* ---- telling PGN from its lines ---- */

/* `[Name "value"]`: a tag pair, which only PGN writes; a line of moves
 * that begins with a move number ("1. ") could be. */
static int pgn_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
	(void)ctx;
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len && line[i] == '[') {
		size_t k = i + 1;
		while (k < len && (isalnum((unsigned char)line[k]) || line[k] == '_'))
			k++;
		if (k == i + 1 || k >= len || line[k] != ' ')
			return 0;
		while (k < len && line[k] == ' ')
			k++;
		if (k >= len || line[k] != '"')
			return 0;
		size_t e = len;
		while (e > k && (line[e - 1] == ' ' || line[e - 1] == '\t'))
			e--;
		return e > k + 1 && line[e - 1] == ']' && line[e - 2] == '"' ? 2 : 0;
	}
	size_t d = i;
	while (i < len && isdigit((unsigned char)line[i]))
		i++;
	return i > d && i + 1 < len && line[i] == '.' && line[i + 1] == ' ' && d == 0 ? 1 : 0;
}

const kifu__notation kifu__notation_pgn = {
	"pgn",
	"PGN as WinBoard/XBoard save shogi variants: [Variant \"chu\"] 1. Pe5 Pe8 ...",
	".pgn",
	"",
	kifu__pgn_square_namer,
	pgn_sniff, kifu__pgn_open, kifu__pgn_next, kifu__pgn_close, kifu__pgn_write,
};
