/*
 * csa.c - the CSA notation's entry (csa.h, docs/csa.md): its piece codes and
 * squares, which variants it can carry, and how a line is told for one of
 * its own.  Reading is csa_read.c, writing csa_write.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/csa/csa.h"

/* V2.2 2.4: 歩 香 桂 銀 金 角 飛 玉, then と 成香 成桂 成銀 馬 龍. */
const char kifu__csa_code_names[CSA_CODES][3] = {
	"FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
};

/* The SFEN token of the piece each code names in standard shogi: the link
 * between CSA's codes and a variant's types, which kifu knows by SFEN. */
static const char *const code_sfen[CSA_CODES] = {
	"P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R",
};

int kifu__csa_code(const char *s)
{
	for (int c = 0; c < CSA_CODES; c++)
		if (s[0] == kifu__csa_code_names[c][0] && s[1] == kifu__csa_code_names[c][1])
			return c;
	return -1;
}

bool kifu__csa_pieces(const kifu_variant *v, csa_pieces *out)
{
	int ntypes = kifu_variant_piece_count(v);
	memset(out->code_of, -1, sizeof out->code_of);
	out->without_code = -1;
	for (int c = 0; c < CSA_CODES; c++) {
		out->type_of[c] = kifu_variant_piece_by_sfen(v, code_sfen[c], strlen(code_sfen[c]));
		if (out->type_of[c] >= 0)
			out->code_of[out->type_of[c]] = (signed char)c;
	}
	for (int t = 0; t < ntypes && out->without_code < 0; t++)
		if (out->code_of[t] < 0)
			out->without_code = t;
	return kifu_variant_files(v) == 9 && kifu_variant_ranks(v) == 9 && out->without_code < 0;
}

void kifu__csa_square_name(const kifu_variant *v, int sq, char *buf, size_t size)
{
	int files = kifu_variant_files(v);
	if (size < 3)
		return;
	if (sq < 0 || sq >= files * kifu_variant_ranks(v) || files > 9 || kifu_variant_ranks(v) > 9) {
		snprintf(buf, size, "?");
		return;
	}
	buf[0] = (char)('1' + sq % files);
	buf[1] = (char)('1' + sq / files);
	buf[2] = 0;
}

const char *kifu__csa_unwritable(const kifu_variant *v, char *buf, size_t size)
{
	csa_pieces p;
	const char *name = kifu_variant_name(v);
	if (kifu__csa_pieces(v, &p)) {
		if (!strcmp(name, "shogi"))
			return NULL;
		/* the same pieces, other rules: CSA has no line for a variant, so
		 * the record would read back as standard shogi */
		snprintf(buf, size, "CSA names no variant: a record of %s would read back as standard shogi",
			 name);
		return buf;
	}
	if (kifu_variant_files(v) != 9 || kifu_variant_ranks(v) != 9) {
		snprintf(buf, size, "CSA records standard shogi only, on a 9x9 board; %s is played on %dx%d",
			 name, kifu_variant_files(v), kifu_variant_ranks(v));
		return buf;
	}
	kifu_piece_info info;
	kifu_variant_piece(v, p.without_code, &info);
	snprintf(buf, size, "CSA records standard shogi only: %s has pieces CSA has no code for, as %s "
		 "(%s, SFEN %s)", name, info.name, info.english, info.sfen);
	return buf;
}

void kifu__csa_put(csa_buf *b, const char *s, size_t n)
{
	if (b->failed || !n)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + n)
		cap *= 2;
	if (cap != b->cap) {
		char *p = realloc(b->p, cap);
		b->failed = !p;
		if (!p)
			return;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

/* ---- telling CSA's lines ---- */

static bool digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return n > 0;
}

static bool upper(char c) { return c >= 'A' && c <= 'Z'; }

/* "ddXX" repeated: the pieces of PI and P+/P- (V2.2 2.5 (1), (3)). */
static bool square_codes(const char *s, size_t n)
{
	if (n % 4)
		return false;
	for (size_t i = 0; i < n; i += 4)
		if (!digits(s + i, 2) || !upper(s[i + 2]) || !upper(s[i + 3]))
			return false;
	return true;
}

/* P1..P9: nine cells of a side and a code, or an empty cell (" * "). */
static bool rank_cells(const char *s, size_t n)
{
	if (n < 9)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '*' && s[i] != '+' && s[i] != '-' && !upper(s[i]))
			return false;
	return true;
}

/* How much line looks like CSA: 2 for the forms only CSA writes (a version,
 * 'CSA encoding=, a move +7776FU, PI, P1.., P+.., %TORYO, $EVENT:), 1 for
 * short ones other text may have (+, N+name, T10, /, a ' comment).  The
 * first statement of the line decides. */
static int csa_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
	(void)ctx;
	size_t n = 0;
	/* what the switch below takes, by its first byte: any other line is
	 * none of CSA's, said before looking for its ',' */
	if (!len || !line[0] || !strchr("'VN$P+-%T/", line[0]))
		return 0;
	while (n < len && line[n] != ',')
		n++;
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
		n--;
	if (!n)
		return 0;
	const char *s = line;
	switch (s[0]) {
	case '\'':
		return !strncmp(s, "'CSA encoding=", 14) ? 3 : 1;
	case 'V':
		return (n == 2 && digits(s + 1, 1)) || (n == 4 && digits(s + 1, 1) && s[2] == '.' && digits(s + 3, 1)) ?
			       2 : 0;
	case 'N':
		return n >= 2 && (s[1] == '+' || s[1] == '-') ? 1 : 0;
	case '$': {
		size_t k = 1;
		while (k < len && (upper(line[k]) || digits(line + k, 1) || line[k] == '_' || line[k] == '+' ||
				   line[k] == '-'))
			k++;
		return k > 1 && k < len && line[k] == ':' ? 2 : 0;
	}
	case 'P':
		if (n >= 2 && s[1] == 'I')
			return square_codes(s + 2, n - 2) ? 2 : 0;
		if (n >= 2 && (s[1] == '+' || s[1] == '-'))
			return square_codes(s + 2, n - 2) ? 2 : 0;
		return n >= 2 && s[1] >= '1' && s[1] <= '9' && rank_cells(s + 2, n - 2) ? 2 : 0;
	case '+':
	case '-':
		if (n == 1)
			return 1;
		return n == 7 && digits(s + 1, 4) && upper(s[5]) && upper(s[6]) ? 2 : 0;
	case '%': {
		size_t k = 1;
		while (k < n && (upper(s[k]) || s[k] == '_' || s[k] == '+' || s[k] == '-'))
			k++;
		return k == n && n > 1 ? 2 : 0;
	}
	case 'T': {
		size_t k = 1;
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
		if (k < n && s[k] == '.')
			k++;
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
		return k == n && n > 1 ? 1 : 0;
	}
	case '/':
		return n == 1 ? 1 : 0;
	default:
		return 0;
	}
}

const kifu__notation kifu__notation_csa = {
	"csa",
	"CSA (Computer Shogi Association) V2.2 and V3.0, standard shogi",
	".csa",
	"/\n",
	kifu__csa_square_name,
	csa_sniff, kifu__csa_open, kifu__csa_next, kifu__csa_close, kifu__csa_write,
};
