/*
 * pgn_read.c - reading PGN (docs/pgn.md): a record is a tag section
 * ([Name "value"] lines) and the movetext after it, up to its result
 * (1-0, 0-1, 1/2-1/2, *) or the next tag section.
 *
 * The movetext is read whole into tokens first (moves, comments in braces
 * or after ';', NAGs, variations' parentheses), as the lines come, then
 * the record is built from them: a line's moves before its variations
 * (kifu/sys/record.h: a line is complete before a variation branches from
 * it), each move found among the legal moves of its position, as a SAN
 * move names it (XBoard's moves.c writes them so: the piece's letters,
 * what tells it from another of its kind, 'x' for a capture, the square,
 * a Lion's second leg after '-' or 'x', '+' for a promotion) or as a move
 * from a square to another (e4e5, Nf5-e4: the long form parser.c reads
 * too).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/notation.h"
#include "notation/pgn/pgn.h"
#include "text/buffer.h"

enum tok_kind { TOK_MOVE, TOK_COMMENT, TOK_NAG, TOK_OPEN, TOK_CLOSE };

typedef struct pgn_tok {
	enum tok_kind kind;
	size_t at, len; /* its text in the reader's buffer */
	long line, col;
} pgn_tok;

typedef struct pgn_reader {
	kifu__read_ctx ctx;
	char *buf;
	size_t len, cap;
	pgn_tok *toks;
	size_t ntoks, tcap;
	kifu_position *start[KIFU__PGN_MAX_DEPTH + 1], *cur[KIFU__PGN_MAX_DEPTH + 1];
	kifu_moves moves; /* the legal moves of the position a move is read in: every one */
	char *value; /* a tag's value */
	size_t vcap;
	/* the record being read */
	char result[8];
	long result_line, result_col;
	bool in_comment, failed;
} pgn_reader;

int kifu__pgn_open(void **state, const kifu__read_ctx *ctx)
{
	pgn_reader *r = calloc(1, sizeof *r);
	*state = r;
	if (!r)
		return KIFU_ENOMEM;
	r->ctx = *ctx;
	return 0;
}

void kifu__pgn_close(void *state)
{
	pgn_reader *r = state;
	if (!r)
		return;
	for (int i = 0; i <= KIFU__PGN_MAX_DEPTH; i++) {
		kifu_position_free(r->start[i]);
		kifu_position_free(r->cur[i]);
	}
	kifu_moves_free(&r->moves);
	free(r->value);
	free(r->buf);
	free(r->toks);
	free(r);
}

/* ---- the movetext, as tokens ---- */

static int keep(pgn_reader *r, const char *s, size_t n)
{
	if (kifu__grow(&r->buf, &r->cap, r->len + n + 1, 4096))
		return KIFU_ENOMEM;
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	r->buf[r->len] = 0;
	return 0;
}

static int add_tok(pgn_reader *r, enum tok_kind kind, const char *s, size_t n, long line, long col)
{
	if (r->ntoks == r->tcap) {
		size_t cap = r->tcap ? r->tcap * 2 : 256;
		pgn_tok *t = realloc(r->toks, cap * sizeof *t);
		if (!t)
			return KIFU_ENOMEM;
		r->toks = t;
		r->tcap = cap;
	}
	pgn_tok *t = &r->toks[r->ntoks++];
	*t = (pgn_tok){kind, r->len, n, line, col};
	return keep(r, s, n);
}

/* The column (1-based, in characters) of byte i of a line. */
static long col_of(const char *text, size_t i)
{
	long col = 1;
	for (size_t k = 0; k < i; k++)
		col += ((unsigned char)text[k] & 0xC0) != 0x80;
	return col;
}

static bool is_result(const char *s, size_t n)
{
	return (n == 3 && (!memcmp(s, "1-0", 3) || !memcmp(s, "0-1", 3))) || (n == 7 && !memcmp(s, "1/2-1/2", 7)) ||
	       (n == 1 && s[0] == '*');
}

/* Reads one line of movetext into tokens.  1 when it holds the record's
 * result (the record ends with it), 0 to go on; a problem is the record's
 * error. */
static int movetext_line(pgn_reader *r, kifu_record *rec, const kifu__line *l, int *depth)
{
	const char *s = l->text;
	size_t n = l->len, i = 0;
	int rc;
	if (r->in_comment) {
		/* a comment in braces goes on: its lines joined by a line break */
		const char *end = memchr(s, '}', n);
		size_t k = end ? (size_t)(end - s) : n;
		if ((rc = keep(r, "\n", 1)) || (rc = keep(r, s, k)))
			return rc;
		r->toks[r->ntoks - 1].len += 1 + k;
		if (!end)
			return 0;
		r->in_comment = false;
		i = k + 1;
	}
	if (n && s[0] == '%')
		return 0; /* an escape line (PGN 6): not the game's */
	while (i < n) {
		char c = s[i];
		if (c == ' ' || c == '\t' || c == '\r') {
			i++;
			continue;
		}
		long col = col_of(s, i);
		if (c == '{') {
			const char *end = memchr(s + i + 1, '}', n - i - 1);
			size_t k = end ? (size_t)(end - (s + i + 1)) : n - i - 1;
			if ((rc = add_tok(r, TOK_COMMENT, s + i + 1, k, l->no, col)))
				return rc;
			if (!end) {
				r->in_comment = true;
				return 0;
			}
			i += k + 2;
			continue;
		}
		if (c == ';')
			return add_tok(r, TOK_COMMENT, s + i + 1, n - i - 1, l->no, col);
		if (c == '}')
			return kifu_record_set_error(rec, 0, l->no, col, NULL, 0, "a '}' that closes no comment");
		if (c == '(' || c == ')') {
			if (c == '(' && ++*depth > KIFU__PGN_MAX_DEPTH)
				return kifu_record_set_error(rec, 0, l->no, col, NULL, 0,
							     "variations nested more than 64 deep");
			if (c == ')' && --*depth < 0)
				return kifu_record_set_error(rec, 0, l->no, col, NULL, 0,
							     "a ')' that closes no variation");
			if ((rc = add_tok(r, c == '(' ? TOK_OPEN : TOK_CLOSE, &c, 1, l->no, col)))
				return rc;
			i++;
			continue;
		}
		size_t b = i;
		while (i < n && !strchr(" \t\r{}();", s[i]))
			i++;
		/* a move number, with its dots (12. 12... 12.Nf3) */
		size_t d = b;
		while (d < i && isdigit((unsigned char)s[d]))
			d++;
		if (d > b && d < i && s[d] == '.') {
			while (d < i && s[d] == '.')
				d++;
			b = d;
			if (b == i)
				continue;
			col = col_of(s, b);
		}
		if (is_result(s + b, i - b)) {
			if (*depth > 0)
				return kifu_record_set_error(rec, 0, l->no, col, s + b, i - b,
							     "the game's result inside a variation");
			memcpy(r->result, s + b, i - b);
			r->result[i - b] = 0;
			r->result_line = l->no;
			r->result_col = col;
			while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
				i++;
			if (i < n && (rc = kifu_record_add_note(rec, l->no, col_of(s, i),
								"text after the game's result is passed over")))
				return rc;
			return 1;
		}
		if ((rc = add_tok(r, s[b] == '$' ? TOK_NAG : TOK_MOVE, s + b, i - b, l->no, col)))
			return rc;
	}
	return 0;
}

/* ---- tags ---- */

typedef struct pgn_tags {
	char variant[64];
	bool has_variant;
	long variant_line, variant_col;
	char fen[2 * KIFU_SFEN_MAX]; /* the board, the holdings a letter a piece */
	bool has_fen;
	long fen_line, fen_col;
	char result[8];
} pgn_tags;

/* One tag pair's value, its escapes (\" and \\) undone, into val. */
static size_t tag_value(const char *s, size_t n, size_t *i, char *val, size_t size, bool *closed)
{
	size_t o = 0;
	*closed = false;
	while (*i < n) {
		char c = s[(*i)++];
		if (c == '\\' && *i < n && (s[*i] == '"' || s[*i] == '\\'))
			c = s[(*i)++];
		else if (c == '"') {
			*closed = true;
			break;
		}
		if (o + 1 < size)
			val[o++] = c;
	}
	val[o] = 0;
	return o;
}

/* The tag pairs of a line: the ones PGN's own (Variant, FEN, SetUp,
 * Result) into tags, the rest the record's. */
static int tag_line(pgn_reader *r, kifu_record *rec, const kifu__line *l, pgn_tags *tags)
{
	const char *s = l->text;
	size_t n = l->len, i = 0;
	int rc;
	if (n + 1 > r->vcap) {
		/* a value is no longer than its line */
		char *b = realloc(r->value, n + 1);
		if (!b)
			return KIFU_ENOMEM;
		r->value = b;
		r->vcap = n + 1;
	}
	char *value = r->value;
	rc = 0;
	while (!rc) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
			i++;
		if (i >= n)
			break;
		long col = col_of(s, i);
		if (s[i] != '[') {
			rc = kifu_record_set_error(rec, 0, l->no, col, NULL, 0, "expected a tag pair: [Name \"value\"]");
			break;
		}
		size_t nb = ++i;
		while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
			i++;
		size_t ne = i;
		while (i < n && s[i] == ' ')
			i++;
		if (ne == nb || i >= n || s[i] != '"') {
			rc = kifu_record_set_error(rec, 0, l->no, col, NULL, 0, "expected a tag pair: [Name \"value\"]");
			break;
		}
		i++;
		bool closed;
		size_t vlen = tag_value(s, n, &i, value, r->vcap, &closed);
		while (i < n && s[i] == ' ')
			i++;
		if (!closed || i >= n || s[i] != ']') {
			rc = kifu_record_set_error(rec, 0, l->no, col, NULL, 0,
						   closed ? "a tag pair ends with ']'" : "a tag's value ends with '\"'");
			break;
		}
		i++;
		const char *name = s + nb;
		size_t nlen = ne - nb;
#define NAME_IS(w) (nlen == strlen(w) && !memcmp(name, w, nlen))
		if (NAME_IS("Variant")) {
			snprintf(tags->variant, sizeof tags->variant, "%s", value);
			tags->has_variant = true;
			tags->variant_line = l->no;
			tags->variant_col = col;
		} else if (NAME_IS("FEN")) {
			snprintf(tags->fen, sizeof tags->fen, "%s", value);
			tags->has_fen = true;
			tags->fen_line = l->no;
			tags->fen_col = col;
		} else if (NAME_IS("SetUp")) {
			/* FEN says the start: SetUp only says that it is there */
		} else if (NAME_IS("Result")) {
			snprintf(tags->result, sizeof tags->result, "%s", vlen < 8 ? value : "");
		} else if ((vlen == 1 && value[0] == '?') || (NAME_IS("Round") && vlen == 1 && value[0] == '-') ||
			   (NAME_IS("Date") && !strcmp(value, "????.??.??"))) {
			/* PGN's "not known" (8.1.1): no tag */
		} else {
			char key[256];
			if (kifu__pgn_key_of_name(name, nlen, key, sizeof key))
				rc = kifu_record_add_note(rec, l->no, col, "a tag whose name kifu cannot keep is passed over");
			else
				rc = kifu_record_add_tag(rec, key, strlen(key), value, vlen);
		}
#undef NAME_IS
	}
	return rc;
}

/* ---- the start: [FEN] ---- */

/* XBoard's FEN (backend.c's PositionToFEN: the board as SFEN has it, the
 * pieces in hand in brackets after it, w for White to move, then fields
 * kifu does not need) as an SFEN: the board, b or w (SFEN's Sente is
 * XBoard's White), the hands counted. */
static int fen_to_sfen(const kifu_variant *v, const char *fen, char *out, size_t size, const char **msg)
{
	const char *p = fen;
	while (*p == ' ')
		p++;
	const char *board = p;
	while (*p && *p != ' ' && *p != '[')
		p++;
	size_t blen = (size_t)(p - board);
	int count[2][256] = {{0}};
	if (*p == '[') {
		p++;
		for (; *p && *p != ']'; p++) {
			unsigned char c = (unsigned char)*p;
			if (c == '-')
				continue;
			if (!isalpha(c)) {
				*msg = "the FEN's pieces in hand are letters";
				return -1;
			}
			count[islower(c) ? 1 : 0][toupper(c)]++;
		}
		if (*p != ']') {
			*msg = "the FEN's pieces in hand end with ']'";
			return -1;
		}
		p++;
	}
	while (*p == ' ')
		p++;
	char side = *p == 'b' ? 'w' : *p == 'w' ? 'b' : 0;
	if (!side) {
		*msg = "the FEN says w or b for the side to move";
		return -1;
	}
	/* without drops: the en passant field (after castling's) holds the
	 * counter-strike square, the SFEN's third field (pgn_write.c) */
	char strike[16] = "-";
	if (!kifu_variant_has_drops(v)) {
		const char *q = p + 1;
		while (*q == ' ')
			q++;
		while (*q && *q != ' ')
			q++; /* castling */
		while (*q == ' ')
			q++;
		size_t at = 0;
		int fx = kifu__pgn_file_read(q, strlen(q), &at);
		if (fx >= 0) {
			int r = 0;
			q += at;
			while (*q >= '0' && *q <= '9' && r < 100)
				r = r * 10 + (*q++ - '0');
			int sq = kifu__pgn_square(v, fx, r), files = kifu_variant_files(v);
			if (sq < 0 || (*q && *q != ' ')) {
				*msg = "the FEN's counter-strike square is not on the board";
				return -1;
			}
			char rank[3] = {0};
			kifu_rank_letters(sq / files + 1, rank);
			snprintf(strike, sizeof strike, "%d%s", sq % files + 1, rank);
		}
	}
	/* the move number: the FEN's last field */
	long full = 1;
	const char *last = fen + strlen(fen);
	while (last > p && last[-1] == ' ')
		last--;
	const char *d = last;
	while (d > p && isdigit((unsigned char)d[-1]))
		d--;
	if (d < last && last - d < 7)
		full = strtol(d, NULL, 10);
	if (full < 1)
		full = 1;
	char hands[512];
	size_t h = 0;
	for (int s = 0; s < 2; s++)
		for (int c = 'A'; c <= 'Z'; c++)
			if (count[s][c] && h + 8 < sizeof hands)
				h += (size_t)(count[s][c] > 1 ? snprintf(hands + h, sizeof hands - h, "%d%c", count[s][c],
									 s ? tolower(c) : c)
								: snprintf(hands + h, sizeof hands - h, "%c", s ? tolower(c) : c));
	if (!h)
		hands[h++] = '-';
	hands[h] = 0;
	if (!kifu_variant_has_drops(v))
		snprintf(hands, sizeof hands, "%s", strike);
	int w = snprintf(out, size, "%.*s %c %s %ld", (int)blen, board, side, hands, 2 * (full - 1) + (side == 'w' ? 2 : 1));
	if (w < 0 || (size_t)w >= size) {
		*msg = "the FEN is too long";
		return -1;
	}
	return 0;
}

/* The record's start from its FEN: a sfen tag (with '_' for its spaces, as
 * the compact notation keeps one), none when it is the variant's start,
 * or the start a handicap tag names. */
static int keep_fen(pgn_reader *r, kifu_record *rec, const kifu_variant *v, const pgn_tags *tags)
{
	char sfen[KIFU_SFEN_MAX];
	const char *msg = NULL;
	kifu_diag d;
	if (kifu_position_for(&r->start[0], v))
		return KIFU_ENOMEM;
	if (fen_to_sfen(v, tags->fen, sfen, sizeof sfen, &msg))
		return kifu_record_set_error(rec, 0, tags->fen_line, tags->fen_col, NULL, 0, msg);
	if (kifu_position_set_sfen(r->start[0], sfen, strlen(sfen), &d)) {
		char m[sizeof d.message + 64];
		snprintf(m, sizeof m, "bad FEN for %s: %s", kifu_variant_name(v), d.message);
		return kifu_record_set_error(rec, 0, tags->fen_line, tags->fen_col, NULL, 0, m);
	}
	char start[KIFU_SFEN_MAX];
	if (kifu_position_sfen(r->start[0], start, sizeof start) < 0)
		return kifu_record_set_error(rec, 0, tags->fen_line, tags->fen_col, NULL, 0, "the FEN is too long");
	/* the start a handicap tag names, else the variant's: no sfen tag
	 * when the FEN is it */
	const char *handicap = kifu_record_tag(rec, "handicap");
	const char *named = handicap ? kifu_variant_named_start(v, handicap) : kifu_variant_start_sfen(v);
	if (named && !strcmp(named, start))
		return 0;
	for (char *c = start; *c; c++)
		if (*c == ' ')
			*c = '_';
	return kifu_record_add_tag(rec, "sfen", 4, start, strlen(start));
}

/* ---- moves ---- */

/* A move as written, taken apart. */
typedef struct san {
	bool promoted;     /* '+' before the letters: the piece is a promoted one */
	char letters[6];   /* the piece's letters ("" for a pawn, or a move from a square): +X!!! at most */
	bool drop, pass;
	int ngroups;
	int file[4], rank[4]; /* each square or part of one: -1 where not written */
	char promo;        /* '+', '=' or 0 */
} san;

/* Takes text apart; NULL, or what is wrong, with *at its offset. */
static const char *san_parse(const char *t, size_t n, san *m, size_t *at)
{
	size_t i = 0;
	memset(m, 0, sizeof *m);
	if ((n == 2 && !memcmp(t, "--", 2)) || (n == 4 && !memcmp(t, "@@@@", 4))) {
		m->pass = true;
		return NULL;
	}
	if (i + 1 < n && t[i] == '+' && isupper((unsigned char)t[i + 1])) {
		m->promoted = true;
		m->letters[0] = '+';
		i++;
	}
	size_t nl = strlen(m->letters);
	if (i < n && (isupper((unsigned char)t[i]) || (i + 1 < n && islower((unsigned char)t[i]) && t[i + 1] == '@'))) {
		m->letters[nl++] = (char)toupper((unsigned char)t[i++]);
		/* the marks of an SFEN token, up to three (Tai's C'', F'!) */
		for (int marks = 0; marks < 3 && i + 1 < n && (t[i] == '\'' || t[i] == '!'); marks++)
			m->letters[nl++] = t[i++];
	}
	if (i < n && (t[i] == '@' || t[i] == '*') && nl && !m->promoted) {
		m->drop = true;
		i++;
	}
	while (i < n && m->ngroups < 4) {
		size_t g = i;
		if ((t[i] == 'x' || t[i] == '-' || t[i] == ':') && i + 1 < n &&
		    ((t[i + 1] >= 'a' && t[i + 1] <= 'w') || t[i + 1] == 'z'))
			i++;
		int f = kifu__pgn_file_read(t, n, &i), r = -1;
		if (i < n && t[i] >= '1' && t[i] <= '9') {
			r = t[i++] - '0';
			if (i < n && isdigit((unsigned char)t[i]))
				r = r * 10 + (t[i++] - '0');
		}
		if (f < 0 && r < 0) {
			i = g;
			break;
		}
		m->file[m->ngroups] = f;
		m->rank[m->ngroups] = r;
		m->ngroups++;
	}
	if (i < n && (t[i] == '+' || t[i] == '='))
		m->promo = t[i++];
	while (i < n && (t[i] == '#' || t[i] == '!' || t[i] == '?'))
		i++;
	*at = i;
	if (i < n)
		return "unexpected text in the move";
	if (!m->ngroups || m->file[m->ngroups - 1] < 0 || m->rank[m->ngroups - 1] < 0) {
		*at = 0;
		return "a move ends with its square (a file letter and a rank number)";
	}
	if (m->drop && m->ngroups != 1) {
		*at = 0;
		return "a drop names one square";
	}
	for (int k = 1; k < m->ngroups; k++)
		if (m->file[k] < 0 || m->rank[k] < 0) {
			*at = 0;
			return "a move's squares after the first are whole (a file letter and a rank number)";
		}
	return NULL;
}

/* The square of group k, or -1 (off the board, or not whole). */
static int group_square(const kifu_variant *v, const san *m, int k)
{
	return m->file[k] < 0 || m->rank[k] < 0 ? -1 : kifu__pgn_square(v, m->file[k], m->rank[k]);
}

/* The legal moves of pos that m may be, with from (or -1), its file and
 * rank as written (XBoard's, or -1), mid (or -1: none), for a run the
 * square after mid, for a three-leg move mid2 (second, or -1: neither)
 * and to. */
static int match(pgn_reader *r, const kifu_position *pos, const kifu_variant *v, int type, int from, int ffile,
		 int frank, int mid, int second, int to, int promote, kifu_move *found)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v), n = 0;
	for (int k = 0; k < r->moves.count; k++) {
		const kifu_move *c = &r->moves.moves[k];
		if (c->flags & KIFU_MOVE_DROP || c->to != to || (promote >= 0 && !(c->flags & KIFU_MOVE_PROMOTE) != !promote))
			continue;
		if (from >= 0 && c->from != from)
			continue;
		if (type >= 0 && kifu_code_type(kifu_position_at(pos, c->from)) != type)
			continue;
		if (ffile >= 0 && files - (c->from % files + 1) != ffile)
			continue;
		if (frank >= 0 && ranks + 1 - (c->from / files + 1) != frank)
			continue;
		/* (a run's square after mid, a three-leg move's mid2) */
		const int c_second = c->flags & KIFU_MOVE_RUN ? kifu__run_second(files, c->from, c->mid, c->to)
				     : c->flags & KIFU_MOVE_THREE_LEGS ? kifu_move_mid2(c, files, ranks)
				     : -1;
		if ((second < 0) != !(c->flags & (KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS)) ||
		    (second >= 0 && c_second != second))
			continue;
		bool pass = c->from == c->to && c->mid != KIFU_NO_SQUARE && !kifu_position_at(pos, c->mid);
		if (mid < 0 ? c->mid != KIFU_NO_SQUARE : (c->mid != mid && !(pass && !kifu_position_at(pos, mid))))
			continue;
		if (n && found->from == c->from && found->to == c->to && found->flags == c->flags)
			continue; /* one pass, listed through several squares */
		*found = *c;
		if (pass)
			found->mid = (uint16_t)mid;
		n++;
	}
	return n;
}

/* The move text[0..len) names in pos (whose legal moves r->moves holds):
 * 0 with *out, or a message with *at. */
static const char *resolve(pgn_reader *r, const kifu_position *pos, const kifu_variant *v, const char *text, size_t len,
			   kifu_move *out, size_t *at)
{
	san m;
	const char *msg = san_parse(text, len, &m, at);
	if (msg)
		return msg;
	*at = 0;
	if (m.pass) {
		for (int k = 0; k < r->moves.count; k++) {
			const kifu_move *c = &r->moves.moves[k];
			if (!(c->flags & KIFU_MOVE_DROP) && c->from == c->to && c->mid != KIFU_NO_SQUARE &&
			    !kifu_position_at(pos, c->mid)) {
				*out = *c;
				return NULL;
			}
		}
		return "no piece can pass here";
	}
	int type = -1;
	if (m.letters[0] && (type = kifu__pgn_piece(v, m.letters, strlen(m.letters))) < 0)
		return "no piece of this variant has these letters";
	int last = m.ngroups - 1, to = group_square(v, &m, last);
	if (to < 0)
		return "a square beyond the board";
	if (m.drop) {
		for (int k = 0; k < r->moves.count; k++) {
			const kifu_move *c = &r->moves.moves[k];
			if (c->flags & KIFU_MOVE_DROP && c->piece == type && c->to == to) {
				*out = *c;
				return NULL;
			}
		}
		*out = (kifu_move){KIFU_NO_SQUARE, KIFU_NO_SQUARE, (uint16_t)to, KIFU_MOVE_DROP, (uint8_t)type};
		return NULL; /* not legal: the validation says why */
	}
	int promote = m.promo == '+' ? 1 : 0;
	int mover = kifu_position_side(pos);
	/* the first square whole, with the mover's piece on it: the square the
	 * move starts from (long algebraic); else the squares are the legs' */
	int first = group_square(v, &m, 0), code = first >= 0 ? kifu_position_at(pos, first) : 0;
	bool from_first = m.ngroups >= 2 && first >= 0 && code && (int)kifu_code_side(code) == mover &&
			  (type < 0 || kifu_code_type(code) == type);
	int from = -1, ffile = -1, frank = -1, mid = -1;
	int g = 0;
	if (from_first) {
		from = first;
		g = 1;
	} else if (m.ngroups >= 2 && (m.file[0] < 0 || m.rank[0] < 0)) {
		ffile = m.file[0];
		frank = m.rank[0];
		g = 1;
	}
	int second = -1; /* a run's: the square after mid */
	if (last - g >= 1)
		mid = group_square(v, &m, g);
	if (last - g == 2) {
		second = group_square(v, &m, g + 1);
		if (mid < 0 || second < 0)
			return "a square beyond the board";
	} else if (last - g > 2) {
		return "a move of more than three legs";
	}
	if (type < 0 && from < 0)
		type = kifu__pgn_pawn(v);
	kifu_move found;
	int n = match(r, pos, v, type, from, ffile, frank, mid, second, to, promote, &found);
	if (!n && !m.promo)
		n = match(r, pos, v, type, from, ffile, frank, mid, second, to, 1, &found);
	if (n == 1) {
		*out = found;
		return NULL;
	}
	if (n > 1)
		return "the move is ambiguous: more than one piece can make it";
	if (m.ngroups >= 2 && first >= 0 && code && (int)kifu_code_side(code) == mover &&
	    (type < 0 || kifu_code_type(code) == type || !m.letters[0])) {
		/* written from a square, and not legal: as written; the
		 * validation says why */
		int leg = m.ngroups >= 3 ? group_square(v, &m, 1) : -1;
		*out = (kifu_move){(uint16_t)first, leg >= 0 ? (uint16_t)leg : KIFU_NO_SQUARE, (uint16_t)to,
				   promote ? KIFU_MOVE_PROMOTE : 0, 0};
		if (m.ngroups <= 3)
			return NULL;
		/* four squares: a run's, its third the one after its second; or
		 * three king steps' (three legs) */
		const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
		if (leg >= 0 && kifu__run_second(files, first, leg, to) == second) {
			out->flags |= KIFU_MOVE_RUN;
			return NULL;
		}
		if (leg >= 0 && kifu__three_legs_shape(files, ranks, first, leg, second, to)) {
			kifu_move_set_mid2(out, second, files, ranks);
			return NULL;
		}
		return "a run's third square is the one after its second along one line, its last further on; three legs' are king steps";
	}
	return "no legal move is written so";
}

/* Can a move the rules refuse be carried out all the same: the mover's
 * piece on its square, or in its hand for an empty square (as the play
 * loop plays such a move through, record/play.c)? */
static bool playable(const kifu_position *pos, const kifu_move *m)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int nsq = kifu_variant_files(v) * kifu_variant_ranks(v);
	int side = (int)kifu_position_side(pos);
	if (m->flags & KIFU_MOVE_DROP)
		return m->piece < kifu_variant_piece_count(v) && kifu_position_hand(pos, side, m->piece) > 0 &&
		       m->to < nsq && !kifu_position_at(pos, m->to);
	if (m->from >= nsq || m->to >= nsq || (m->mid != KIFU_NO_SQUARE && m->mid >= nsq))
		return false;
	int c = kifu_position_at(pos, m->from);
	kifu_piece_info info;
	return c && (int)kifu_code_side(c) == side &&
	       (!(m->flags & KIFU_MOVE_PROMOTE) ||
		(kifu_variant_piece(v, kifu_code_type(c), &info) == 0 && info.promotes_to >= 0));
}

/* ---- endings ---- */

/* Is the comment text[0..n) the words of an ending (XBoard's phrases, and
 * with `bare` kifu's ending words too: pgn.c's) that agree with the result?
 * Its ending word, or NULL. */
static const char *ending_of(const char *text, size_t n, int mover, const char *result, bool bare)
{
	char t[200];
	if (n >= sizeof t)
		return NULL;
	memcpy(t, text, n);
	t[n] = 0;
	const char *side = mover == 0 ? "White" : "Black", *other = mover == 0 ? "Black" : "White";
	const char *word = NULL;
	char w[64];
	snprintf(w, sizeof w, "%s resigns", side);
	if (!strcmp(t, w))
		word = "resign";
	snprintf(w, sizeof w, "%s mates", other);
	if (!strcmp(t, w))
		word = "mate";
	snprintf(w, sizeof w, "%s wins on time", other);
	if (!strcmp(t, w))
		word = "timeout";
	if (!strcmp(t, "Draw agreed"))
		word = "draw";
	if (!strcmp(t, "Draw by repetition"))
		word = "repetition";
	if (!strcmp(t, "Game aborted"))
		word = "abort";
	if (strstr(t, "Forfeit due to invalid move"))
		word = "illegal-loss";
	if (!word && bare && kifu_ending_find(t, n))
		word = kifu_ending_find(t, n)->word;
	if (!word)
		return NULL;
	char text2[200];
	const char *res;
	kifu__pgn_termination(word, mover, text2, sizeof text2, &res);
	return !strcmp(res, result) ? word : NULL;
}

/* ---- building the record ---- */

typedef struct build {
	pgn_reader *r;
	kifu_record *rec;
	const kifu_variant *v;
	bool stop; /* an error: nothing more is built */
} build;

/* The matching ')' of the '(' at i. */
static size_t closing(const pgn_reader *r, size_t i, size_t end)
{
	int depth = 0;
	for (; i < end; i++) {
		if (r->toks[i].kind == TOK_OPEN)
			depth++;
		else if (r->toks[i].kind == TOK_CLOSE && --depth == 0)
			return i;
	}
	return end;
}

/* The comment at k of a line's last comments [c, end) is its ending
 * (word): those before it are the last move's, those after the ending's.
 * 1, or an error. */
static int set_line_ending(build *b, size_t c, size_t k, size_t end, const char *word, long last)
{
	pgn_reader *r = b->r;
	const pgn_tok *t = &r->toks[k];
	int rc;
	for (size_t j = c; j < k; j++)
		if ((rc = kifu_record_append_comment(b->rec, last, r->buf + r->toks[j].at, r->toks[j].len)))
			return rc;
	if ((rc = kifu_record_set_ending(b->rec, word, strlen(word), t->line, t->col)) ||
	    (rc = kifu_record_set_ending_text(b->rec, r->buf + t->at, t->len)))
		return rc;
	for (size_t j = k + 1; j < end; j++)
		if ((rc = kifu_record_append_comment(b->rec, KIFU_COMMENT_ENDING, r->buf + r->toks[j].at,
						     r->toks[j].len)))
			return rc;
	return 1;
}

/* Whether a line's last comments (from index c on, before end) are an
 * ending: the ending's words, then its comments.  An XBoard phrase ("Black
 * resigns") is the ending before a bare word is, wherever it stands: the
 * writer writes a move's comment "resign" before the ending's phrase. */
static int line_ending(build *b, size_t c, size_t end, int mover, const char *result, long last)
{
	pgn_reader *r = b->r;
	for (int bare = 0; bare < 2; bare++)
		for (size_t k = c; k < end; k++) {
			const pgn_tok *t = &r->toks[k];
			const char *word = ending_of(r->buf + t->at, t->len, mover, result, bare);
			if (word)
				return set_line_ending(b, c, k, end, word, last);
		}
	return 0;
}

/* Appends the comments among tokens [i, end) to place. */
static int attach(build *b, size_t i, size_t end, long place)
{
	for (size_t j = i; j < end; j++) {
		const pgn_tok *t = &b->r->toks[j];
		int rc;
		if (t->kind == TOK_COMMENT &&
		    (rc = kifu_record_append_comment(b->rec, place, b->r->buf + t->at, t->len)))
			return rc;
	}
	return 0;
}

/* Builds line `line` (starting at ply `ply0` from b->r->start[depth]) from
 * the tokens [i, end): its moves and comments, then its variations. */
static int build_line(build *b, size_t i, size_t end, int line, long ply0, int depth, const char *result)
{
	pgn_reader *r = b->r;
	kifu_position *pos = r->cur[depth];
	kifu_position_copy(pos, r->start[depth]);
	/* where a comment goes: the move before it; before the first, the
	 * record's start (the main line) or the first move (a variation:
	 * `before` is where they begin) */
	long ply = ply0 - 1, first = -1, last = KIFU_COMMENT_BEFORE;
	size_t before = end;
	int rc;
	size_t trailing = end; /* the comments after the last move */
	for (size_t k = i; k < end && !b->stop; k++) {
		const pgn_tok *t = &r->toks[k];
		const char *text = r->buf + t->at;
		if (t->kind == TOK_OPEN) {
			k = closing(r, k, end);
			continue;
		}
		if (t->kind == TOK_COMMENT) {
			size_t j = k;
			while (j < end && r->toks[j].kind == TOK_COMMENT)
				j++;
			if (j == end) {
				trailing = k;
				break;
			}
			if (line != 0 && first < 0) {
				if (before == end)
					before = k;
			} else if ((rc = attach(b, k, k + 1, last)))
				return rc;
			continue;
		}
		if (t->kind == TOK_NAG) {
			if ((rc = kifu_record_add_note(b->rec, t->line, t->col,
						       "a NAG is passed over: kifu has no place for it")))
				return rc;
			continue;
		}
		if (t->kind != TOK_MOVE)
			continue;
		/* every legal move, however many (a 36x36 board has thousands) */
		if (kifu_generate_legal_all(pos, &r->moves))
			return KIFU_ENOMEM;
		kifu_move mv;
		size_t at = 0;
		const char *msg = resolve(r, pos, b->v, text, t->len, &mv, &at);
		if (msg) {
			b->stop = true;
			return kifu_record_set_error(b->rec, ply + 1, t->line, t->col + (long)at, text, t->len, msg);
		}
		long idx = kifu_record_add_move(b->rec, &mv, text, t->len, t->line, t->col);
		if (idx == KIFU_ELIMIT) {
			b->stop = true;
			return kifu_record_set_error(b->rec, ply + 1, t->line, t->col, text, t->len,
						     "more moves than a record may hold");
		}
		if (idx < 0)
			return (int)idx;
		if (first < 0) {
			first = idx;
			if (before != end && (rc = attach(b, before, k, idx)))
				return rc;
		}
		last = idx;
		ply++;
		if (kifu_check_move(pos, &mv, NULL) == 0 || playable(pos, &mv)) {
			/* a move the rules refuse is played on as the play loop
			 * plays it through (the validation says why), when it can
			 * be carried out */
			kifu_make_move(pos, &mv, NULL);
		} else {
			/* what follows cannot be read against a position the move
			 * does not make: the validation says why it stops */
			b->stop = true;
			return 0;
		}
	}
	if (b->stop)
		return 0;
	/* the comments after the last move: an ending's words (and its
	 * comments), or the move's */
	if (trailing != end) {
		int mover = (int)kifu_position_side(pos);
		static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
		rc = 0;
		if (line == 0)
			rc = line_ending(b, trailing, end, mover, result, last);
		for (int k = 0; line != 0 && !rc && k < 4; k++)
			rc = line_ending(b, trailing, end, mover, results[k], last);
		if (rc < 0)
			return rc;
		if (!rc && (rc = attach(b, trailing, end, first < 0 && line != 0 ? KIFU_COMMENT_ENDING : last)))
			return rc;
	}
	/* the variations, each an alternative to the move before its '(' */
	long vply = ply0 - 1;
	for (size_t k = i; k < end && !b->stop; k++) {
		const pgn_tok *t = &r->toks[k];
		if (t->kind == TOK_MOVE)
			vply++;
		if (t->kind != TOK_OPEN)
			continue;
		size_t close = closing(r, k, end);
		if (vply < ply0) {
			b->stop = true;
			return kifu_record_set_error(b->rec, 0, t->line, t->col, NULL, 0, "a variation before any move");
		}
		if (kifu_position_for(&r->start[depth + 1], b->v) || kifu_position_for(&r->cur[depth + 1], b->v))
			return KIFU_ENOMEM;
		kifu_position_copy(r->start[depth + 1], r->start[depth]);
		for (long p = ply0; p < vply; p++) {
			kifu_record_move m;
			kifu_record_get_move_at(b->rec, first + (p - ply0), &m);
			kifu_make_move(r->start[depth + 1], &m.move, NULL);
		}
		int vl = kifu_record_begin_line(b->rec, line, vply);
		if (vl < 0)
			return vl;
		if ((rc = build_line(b, k + 1, close, vl, vply, depth + 1, result)))
			return rc;
		k = close;
	}
	return 0;
}

/* ---- a record ---- */

static const kifu_variant *record_variant(pgn_reader *r, kifu_record *rec, const pgn_tags *tags, int *rc)
{
	*rc = 0;
	const kifu_variant *v = NULL;
	if (tags->has_variant)
		v = kifu_variant_set_find(r->ctx.variants, tags->variant);
	else
		v = r->ctx.fallback;
	if (v) {
		*rc = kifu_record_set_variant(rec, kifu_variant_name(v), strlen(kifu_variant_name(v)));
		return v;
	}
	char msg[200];
	if (!tags->has_variant) {
		snprintf(msg, sizeof msg, "no [Variant] tag: the game is chess, which kifu does not have (use -v)");
		*rc = kifu_record_set_error(rec, 0, kifu_record_line(rec), 1, NULL, 0, msg);
	} else {
		const char *near = kifu_variant_set_suggest(r->ctx.variants, tags->variant);
		if (near)
			snprintf(msg, sizeof msg, "kifu has no variant \"%.60s\" (did you mean %s?)", tags->variant, near);
		else
			snprintf(msg, sizeof msg, "kifu has no variant \"%.60s\"", tags->variant);
		if (!(*rc = kifu_record_set_variant(rec, tags->variant, strlen(tags->variant))))
			*rc = kifu_record_set_error(rec, 0, tags->variant_line, tags->variant_col, NULL, 0, msg);
	}
	return NULL;
}

/* The line's problem, as the pump says it: the record's error or note. */
static int line_problem(kifu_record *rec, const kifu__line *l)
{
	if (l->problem == KIFU__LINE_SPOILED || l->problem == KIFU__LINE_TOO_LONG)
		return kifu_record_set_error(rec, 0, l->no, l->col, NULL, 0, l->message);
	if (l->problem == KIFU__LINE_NUL)
		return kifu_record_add_note(rec, l->no, l->col, l->message);
	return 0;
}

static bool blank(const kifu__line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (l->text[i] != ' ' && l->text[i] != '\t' && l->text[i] != '\r')
			return false;
	return l->problem != KIFU__LINE_TOO_LONG;
}

static bool tag_shaped(const kifu__line *l)
{
	size_t i = 0;
	while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t'))
		i++;
	return i < l->len && l->text[i] == '[';
}

int kifu__pgn_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	pgn_reader *r = state;
	const kifu__line *l;
	int rc;
	*variant = NULL;
	/* the record's first line: a tag, or movetext */
	while ((rc = kifu__lines_next(r->ctx.pump, &l, diag)) == 1 && (blank(l) || (l->len && l->text[0] == '%')))
		;
	if (rc != 1)
		return rc;
	kifu_record_clear(rec);
	kifu_record_set_notation(rec, "pgn");
	const char *name = kifu__lines_name(r->ctx.pump);
	if ((rc = kifu_record_set_source(rec, name, l->no)))
		return kifu_diag_set(diag, rc, name, l->no, 0, "out of memory");
	pgn_tags tags;
	memset(&tags, 0, sizeof tags);
	r->len = r->ntoks = 0;
	r->result[0] = 0;
	r->in_comment = false;
	int depth = 0, state_tags = 1, done = 0;
	for (bool first = true; !done; first = false) {
		if (!first && (rc = kifu__lines_next(r->ctx.pump, &l, diag)) != 1) {
			if (rc < 0)
				return rc;
			break;
		}
		if ((rc = line_problem(rec, l)) < 0)
			return kifu_diag_set(diag, rc, name, l->no, 0, "out of memory");
		if (l->problem == KIFU__LINE_TOO_LONG)
			continue;
		if (state_tags && blank(l))
			continue;
		if (!r->in_comment && depth == 0 && tag_shaped(l)) {
			if (!state_tags) {
				/* the next record's tags: this one ended without a result */
				kifu__lines_unread(r->ctx.pump);
				break;
			}
			if ((rc = tag_line(r, rec, l, &tags)) < 0)
				return kifu_diag_set(diag, rc, name, l->no, 0, "out of memory");
			continue;
		}
		state_tags = 0;
		if ((rc = movetext_line(r, rec, l, &depth)) < 0)
			return kifu_diag_set(diag, rc, name, l->no, 0, "out of memory");
		done = rc == 1;
	}
	if (!kifu_record_error(rec, NULL, NULL, NULL, NULL)) {
		if (r->in_comment)
			rc = kifu_record_set_error(rec, 0, r->toks[r->ntoks - 1].line, r->toks[r->ntoks - 1].col, NULL, 0,
						   "a comment in braces that does not end ('}')");
		else if (depth > 0)
			rc = kifu_record_set_error(rec, 0, kifu_record_line(rec), 1, NULL, 0,
						   "a variation that does not end (')')");
		if (rc < 0)
			return kifu_diag_set(diag, rc, name, 0, 0, "out of memory");
	}
	if (tags.result[0] && r->result[0] && strcmp(tags.result, r->result) &&
	    (rc = kifu_record_add_note(rec, r->result_line, r->result_col,
				       "the [Result] tag says another result: the movetext's is taken")))
		return kifu_diag_set(diag, rc, name, 0, 0, "out of memory");
	const kifu_variant *v = record_variant(r, rec, &tags, &rc);
	if (rc < 0)
		return kifu_diag_set(diag, rc, name, 0, 0, "out of memory");
	*variant = v;
	if (!v || kifu_record_error(rec, NULL, NULL, NULL, NULL))
		return 1;
	if (kifu_position_for(&r->start[0], v) || kifu_position_for(&r->cur[0], v))
		return kifu_diag_set(diag, KIFU_ENOMEM, name, 0, 0, "out of memory");
	kifu_position_reset(r->start[0]);
	if (tags.has_fen && (rc = keep_fen(r, rec, v, &tags)) < 0)
		return kifu_diag_set(diag, rc, name, 0, 0, "out of memory");
	if (!tags.has_fen && (rc = kifu_record_start(rec, r->start[0], diag))) {
		/* a handicap tag that names no start: the validation says it */
		kifu_position_reset(r->start[0]);
	}
	if (kifu_record_error(rec, NULL, NULL, NULL, NULL))
		return 1;
	const char *result = r->result[0] ? r->result : tags.result[0] ? tags.result : "*";
	build b = {r, rec, v, false};
	if ((rc = build_line(&b, 0, r->ntoks, 0, 1, 0, result)) < 0)
		return kifu_diag_set(diag, rc, name, 0, 0, "out of memory");
	/* a result no ending says: kept as it is */
	if (!kifu_record_ending(rec)[0] && strcmp(result, "*") && !b.stop &&
	    (rc = kifu_record_add_tag(rec, "result", 6, result, strlen(result))))
		return kifu_diag_set(diag, rc, name, 0, 0, "out of memory");
	return 1;
}
