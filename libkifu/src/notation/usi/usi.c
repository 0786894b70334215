/*
 * usi.c - USI position lines as records (docs/usi.md): one record per
 * line, `position startpos [moves M...]` or `position sfen SFEN [moves
 * M...]`, as a USI engine receives them (the USI protocol, "position").
 * `position` may be left out (`startpos moves 7g7f`), as engine logs and
 * other programs write these lines.
 *
 * A USI line names no variant: it is -v's; else, for `sfen`, the one whose
 * board the SFEN's has and whose letters it uses (standard shogi when it
 * fits, Chu for lishogi's 12-rank lines); else standard shogi.  `startpos`
 * is the variant's own start, and so is an SFEN that is exactly it (no
 * `sfen` tag: a line written `position sfen` for a variant without a
 * USI startpos reads back as the record it came from).  Moves are written as USI writes them, which
 * is the compact notation's form (7g7f, 8h2b+, P*5e; a two-leg move from,
 * mid, to), so the compact notation parses and formats them.  USI carries
 * the start and the main line only: a writer reports what it leaves out.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/compact.h"
#include "kifu/play.h"
#include "kifu/sys/record.h"
#include "notation/notation.h"

typedef struct usi_reader {
	kifu__read_ctx ctx;
	kifu_position *pos; /* where a line's SFEN is set up, to check it */
} usi_reader;

/* A line's SFEN: its words joined by single spaces, and where each word
 * starts in the text and in the line, so that a column in the text is
 * said as the line's. */
typedef struct usi_sfen {
	char text[KIFU_SFEN_MAX];
	size_t len;
	int words;
	size_t at[8], in_line[8];
} usi_sfen;

/* The next space-separated word of line[*i..len): its start and length. */
static size_t next_word(const char *line, size_t len, size_t *i, size_t *start)
{
	while (*i < len && (line[*i] == ' ' || line[*i] == '\t'))
		(*i)++;
	*start = *i;
	while (*i < len && line[*i] != ' ' && line[*i] != '\t')
		(*i)++;
	return *i - *start;
}

static int word_is(const char *line, size_t start, size_t n, const char *word)
{
	return n == strlen(word) && !memcmp(line + start, word, n);
}

/* Where the record proper begins: after "position", if it is there. */
static size_t after_position(const char *line, size_t len)
{
	size_t i = 0, start, n = next_word(line, len, &i, &start);
	return word_is(line, start, n, "position") ? i : 0;
}

/* Is s[0..n) a move as USI writes one: squares (file digits, a rank
 * letter) from, [mid,] to, perhaps "+"; or a piece letter, "*", a square? */
static bool move_shaped(const char *s, size_t n)
{
	size_t i = 0, squares = 0;
	bool drop = n >= 4 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == '*';
	if (drop)
		i = 2;
	while (i < n && s[i] >= '1' && s[i] <= '9') {
		size_t d = i++;
		if (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i >= n || s[i] < 'a' || s[i] > 'z' || i - d > 2)
			return false;
		i++;
		if (i < n && s[i] >= 'a' && s[i] <= 'z')
			i++; /* a second rank letter (aa = rank 27) */
		squares++;
	}
	if (!drop && i < n && s[i] == '+')
		i++;
	return i == n && (drop ? squares == 1 : squares >= 2 && squares <= 3);
}

static int usi_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
	(void)ctx;
	size_t i = 0, start, n = next_word(line, len, &i, &start);
	if (n && move_shaped(line + start, n)) {
		/* a bare move list: every word a move */
		while (n && move_shaped(line + start, n))
			n = next_word(line, len, &i, &start);
		return n == 0;
	}
	int position = word_is(line, start, n, "position");
	if (position)
		n = next_word(line, len, &i, &start);
	if (word_is(line, start, n, "startpos") || word_is(line, start, n, "sfen"))
		return position ? 2 : 1;
	return 0;
}

static int usi_open(void **state, const kifu__read_ctx *ctx)
{
	usi_reader *r = malloc(sizeof *r);
	*state = r;
	if (!r)
		return KIFU_ENOMEM;
	r->ctx = *ctx;
	r->pos = NULL;
	return 0;
}

static void usi_close(void *state)
{
	usi_reader *r = state;
	if (r)
		kifu_position_free(r->pos);
	free(r);
}

/* An SFEN is printable ASCII (USI's protocol): any other character is said
 * where it is, by its code point (the line is decoded text: the pump's),
 * never kept in the record's text. */
static int not_printable(kifu_record *rec, const char *line, size_t len, size_t k, long lineno)
{
	const unsigned char *s = (const unsigned char *)line;
	unsigned c = s[k];
	size_t extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
	if (c >= 0x80)
		c &= 0x3F >> extra;
	for (size_t j = 1; j <= extra && k + j < len; j++)
		c = (c << 6) | (s[k + j] & 0x3F);
	char msg[64];
	if (s[k] < 0x80)
		snprintf(msg, sizeof msg, "an SFEN is printable ASCII, not byte 0x%02X", c);
	else
		snprintf(msg, sizeof msg, "an SFEN is printable ASCII, not U+%04X", c);
	long col = 1;
	for (size_t i = 0; i < k; i++)
		col += (s[i] & 0xC0) != 0x80;
	return kifu_record_set_error(rec, 0, lineno, col, NULL, 0, msg);
}

/* "position sfen B S H N moves ...": the SFEN's words (up to "moves"),
 * into sf.  A problem is the record's, at its column. */
static int read_sfen(kifu_record *rec, const char *line, size_t len, size_t *i, long lineno, usi_sfen *sf)
{
	size_t start, n;
	size_t save = *i;
	sf->len = 0;
	sf->words = 0;
	while ((n = next_word(line, len, i, &start)) > 0 && !word_is(line, start, n, "moves")) {
		if (sf->len + n + 1 >= sizeof sf->text)
			return kifu_record_set_error(rec, 0, lineno, (long)start + 1, NULL, 0,
						     "the SFEN is too long (1,023 characters at most)");
		/* an SFEN is printable ASCII (USI's protocol): any other byte is
		 * said where it is, never kept in the record's text */
		for (size_t k = start; k < start + n; k++)
			if ((unsigned char)line[k] < 0x21 || (unsigned char)line[k] > 0x7E)
				return not_printable(rec, line, len, k, lineno);
		if (sf->len)
			sf->text[sf->len++] = ' ';
		if (sf->words < 8) {
			sf->at[sf->words] = sf->len;
			sf->in_line[sf->words] = start;
		}
		sf->words++;
		memcpy(sf->text + sf->len, line + start, n);
		sf->len += n;
		save = *i;
	}
	*i = save;
	sf->text[sf->len] = 0;
	if (!sf->len)
		return kifu_record_set_error(rec, 0, lineno, (long)*i + 1, NULL, 0, "sfen without a position");
	return 0;
}

/* The column in the line of offset off of the SFEN's text. */
static long line_col(const usi_sfen *sf, size_t off)
{
	int k = 0;
	while (k + 1 < sf->words && k + 1 < 8 && sf->at[k + 1] <= off)
		k++;
	return (long)(sf->in_line[k] + (off - sf->at[k])) + 1;
}

/* The board's size an SFEN's first field says: its ranks (separated by
 * '/') and the files of its first rank (empty squares counted, each piece
 * one file: `+`, a letter, `'` or `!`). */
static void board_size(const usi_sfen *sf, int *files, int *ranks)
{
	*files = 0;
	*ranks = 1;
	long run = 0;
	for (size_t k = 0; k < sf->len && sf->text[k] != ' '; k++) {
		char c = sf->text[k];
		if (c >= '0' && c <= '9') {
			run = run * 10 + (c - '0');
			if (run > 1000)
				run = 1000;
			continue;
		}
		if (*ranks == 1)
			*files += (int)run + (c != '/' && c != '+' && c != '\'' && c != '!');
		run = 0;
		if (c == '/')
			++*ranks;
	}
	if (*ranks == 1)
		*files += (int)run;
}

/* Does the SFEN set up a position of v?  (diag says why not.) */
static bool sfen_fits(usi_reader *r, const kifu_variant *v, const usi_sfen *sf, kifu_diag *d)
{
	kifu_diag_clear(d);
	if (kifu_position_for(&r->pos, v)) {
		kifu_diag_set(d, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		return false;
	}
	return kifu_position_set_sfen(r->pos, sf->text, sf->len, d) == 0;
}

/* The variant of a line that names none (no -v), told by its SFEN:
 * standard shogi when the SFEN is a position of it; else the variant whose
 * board the SFEN's has and whose pieces its letters name, or of several,
 * the one the others inherit (chu, not chu-jcsa: lishogi's Chu lines).
 * NULL with *why (of size n) saying why not, and *judge the variant whose
 * own complaint about the SFEN says it best (shogi for 9x9, chu for
 * 12x12), if any. */
static const kifu_variant *variant_of_sfen(usi_reader *r, const usi_sfen *sf, const kifu_variant **judge,
					   char *why, size_t n)
{
	const kifu_variant *shogi = kifu_variant_set_find(r->ctx.variants, "shogi");
	kifu_diag d;
	int files, ranks;
	board_size(sf, &files, &ranks);
	*judge = NULL;
	if (shogi && kifu_variant_files(shogi) == files && kifu_variant_ranks(shogi) == ranks) {
		if (sfen_fits(r, shogi, sf, &d))
			return shogi;
		*judge = shogi;
	}
	const kifu_variant *fits[32], *sized[32];
	int nfits = 0, nsized = 0;
	char names[200] = "";
	for (int i = 0; i < kifu_variant_set_count(r->ctx.variants); i++) {
		const kifu_variant *c = kifu_variant_set_at(r->ctx.variants, i);
		if (!c || c == shogi || kifu_variant_files(c) != files || kifu_variant_ranks(c) != ranks)
			continue;
		if (nsized < 32)
			sized[nsized++] = c;
		if (!sfen_fits(r, c, sf, &d) || nfits == 32)
			continue;
		fits[nfits++] = c;
		size_t len = strlen(names);
		snprintf(names + len, sizeof names - len, "%s%s", nfits > 1 ? ", " : "", kifu_variant_name(c));
	}
	const kifu_variant *v = nfits ? kifu__variant_refined_by_all(r->ctx.variants, fits, nfits) : NULL;
	if (v)
		return v;
	if (nfits)
		snprintf(why, n, "cannot tell the variant: the SFEN fits %s (use -v)", names);
	else if (!*judge && !(*judge = nsized ? kifu__variant_refined_by_all(r->ctx.variants, sized, nsized) : NULL))
		snprintf(why, n, "cannot tell the variant: no variant kifu knows has a %dx%d board (use -v)", files,
			 ranks);
	return NULL;
}

/* The start the SFEN gives, as the record's sfen tag with '_' for its
 * spaces (as the compact notation keeps one), checked on v: a problem is
 * the record's, at its column in the line.  An SFEN that is v's own start
 * is no tag: the record starts where the variant does. */
static int keep_sfen(usi_reader *r, kifu_record *rec, const kifu_variant *v, const usi_sfen *sf, long lineno)
{
	kifu_diag d;
	if (!sfen_fits(r, v, sf, &d)) {
		if (d.code == KIFU_ENOMEM)
			return KIFU_ENOMEM;
		char msg[sizeof d.message + 128];
		snprintf(msg, sizeof msg, "bad SFEN for %s: %s", kifu_variant_name(v), d.message);
		size_t off = d.col > 0 ? (size_t)d.col - 1 : 0;
		return kifu_record_set_error(rec, 0, lineno, line_col(sf, off < sf->len ? off : sf->len), NULL, 0,
					     msg);
	}
	char start[KIFU_SFEN_MAX];
	if (kifu_position_sfen(r->pos, start, sizeof start) >= 0 && !strcmp(start, kifu_variant_start_sfen(v)))
		return 0;
	char tag[KIFU_SFEN_MAX];
	memcpy(tag, sf->text, sf->len);
	for (size_t k = 0; k < sf->len; k++)
		if (tag[k] == ' ')
			tag[k] = '_';
	return kifu_record_add_tag(rec, "sfen", 4, tag, sf->len);
}

static int read_moves(kifu_record *rec, const kifu_variant *v, const char *line, size_t len, size_t i,
		      long lineno);

/* One line: the start, then "moves" and the moves.  A problem is the
 * record's (kifu_record_set_error), with its column.  *variant is -v's, or
 * the one the line's SFEN tells, or standard shogi. */
static int parse_line(usi_reader *r, kifu_record *rec, const kifu_variant **variant, const char *line, size_t len,
		      long lineno)
{
	size_t i = after_position(line, len), start;
	bool said = i > 0; /* "position" is written */
	size_t n = next_word(line, len, &i, &start);
	const kifu_variant *shogi = kifu_variant_set_find(r->ctx.variants, "shogi");
	const kifu_variant *v = r->ctx.fallback;
	/* the record's variant until the SFEN tells another */
	*variant = v ? v : shogi;
	int rc = kifu_record_set_variant(rec, kifu_variant_name(*variant), strlen(kifu_variant_name(*variant)));
	if (rc)
		return rc;
	if (!said && move_shaped(line + start, n))
		/* a bare move list (7g7f 3c3d ...): from the start position, as
		 * engine logs and other programs write a game */
		return read_moves(rec, *variant, line, len, start, lineno);
	usi_sfen sf;
	bool sfen = word_is(line, start, n, "sfen");
	if (sfen) {
		if ((rc = read_sfen(rec, line, len, &i, lineno, &sf)) || kifu_record_error(rec, NULL, NULL, NULL, NULL))
			return rc;
	} else if (!word_is(line, start, n, "startpos"))
		return kifu_record_set_error(rec, 0, lineno, (long)start + 1, NULL, 0,
					     "expected startpos or sfen after position");
	const kifu_variant *judge = NULL;
	char why[300] = "";
	if (!v && sfen)
		v = variant_of_sfen(r, &sf, &judge, why, sizeof why);
	if (!v)
		v = judge ? judge : shogi;
	if (v != *variant) {
		*variant = v;
		if ((rc = kifu_record_set_variant(rec, kifu_variant_name(v), strlen(kifu_variant_name(v)))))
			return rc;
	}
	if (why[0])
		return kifu_record_set_error(rec, 0, lineno, line_col(&sf, 0), NULL, 0, why);
	if (sfen && ((rc = keep_sfen(r, rec, v, &sf, lineno)) || kifu_record_error(rec, NULL, NULL, NULL, NULL)))
		return rc;
	n = next_word(line, len, &i, &start);
	if (n == 0)
		return 0;
	if (!word_is(line, start, n, "moves"))
		return kifu_record_set_error(rec, 0, lineno, (long)start + 1, NULL, 0,
					     "expected moves after the position");
	return read_moves(rec, v, line, len, i, lineno);
}

/* The moves from line[i..len), one a word. */
static int read_moves(kifu_record *rec, const kifu_variant *v, const char *line, size_t len, size_t i,
		      long lineno)
{
	size_t n, start;
	for (long ply = 1; (n = next_word(line, len, &i, &start)) > 0; ply++) {
		kifu_move m;
		const char *msg;
		size_t at = 0;
		if (kifu_compact_parse_move(v, line + start, n, &m, &msg, &at))
			return kifu_record_set_error(rec, ply, lineno, (long)(start + at) + 1, line + start, n, msg);
		long idx = kifu_record_add_move(rec, &m, line + start, n, lineno, (long)start + 1);
		if (idx == KIFU_ELIMIT)
			return kifu_record_set_error(rec, ply, lineno, (long)start + 1, line + start, n,
						     "more moves than a record may hold");
		if (idx < 0)
			return (int)idx;
	}
	return 0;
}

static int usi_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	usi_reader *r = state;
	const kifu__line *l;
	int rc;
	while ((rc = kifu__lines_next(r->ctx.pump, &l, diag)) == 1) {
		/* a line too long is a record lost (a record is one line) */
		if (l->problem == KIFU__LINE_TOO_LONG)
			return kifu__lines_say(r->ctx.pump, l, diag);
		size_t i = 0, start;
		if (!next_word(l->text, l->len, &i, &start) || l->text[start] == '#')
			continue; /* blank lines and # comments are no record */
		kifu_record_clear(rec);
		kifu_record_set_notation(rec, "usi");
		const char *name = kifu__lines_name(r->ctx.pump);
		if ((rc = kifu_record_set_source(rec, name, l->no)) ||
		    (l->problem == KIFU__LINE_SPOILED &&
		     (rc = kifu_record_set_error(rec, 0, l->no, l->col, NULL, 0, l->message))) ||
		    (rc = parse_line(r, rec, variant, l->text, l->len, l->no)) ||
		    (l->problem == KIFU__LINE_NUL && (rc = kifu_record_add_note(rec, l->no, l->col, l->message))))
			return kifu_diag_set(diag, rc, name, l->no, 0, "out of memory");
		return 1;
	}
	return rc;
}

/* ---- writing ---- */

/* What USI cannot carry, as kifu_dropped bits. */
static unsigned left_out(const kifu_record *rec)
{
	unsigned d = 0;
	if (kifu_record_line_count(rec) > 1)
		d |= KIFU_DROPPED_VARIATIONS;
	if (kifu_record_comment(rec, KIFU_COMMENT_BEFORE) || kifu_record_comment(rec, KIFU_COMMENT_ENDING))
		d |= KIFU_DROPPED_COMMENTS;
	if (kifu_record_bookmark_before(rec))
		d |= KIFU_DROPPED_BOOKMARKS;
	if (kifu_record_ending(rec)[0])
		d |= KIFU_DROPPED_ENDING;
	for (int i = 0; i < kifu_record_tag_count(rec); i++) {
		const char *k = kifu_record_tag_key(rec, i);
		if (strcmp(k, "sfen") != 0 && strcmp(k, "handicap") != 0)
			d |= KIFU_DROPPED_TAGS;
	}
	long n = kifu_record_move_count(rec);
	for (long i = 0; i < n; i++) {
		kifu_record_move m;
		kifu_record_get_move(rec, i, &m);
		if (m.comment)
			d |= KIFU_DROPPED_COMMENTS;
		if (m.bookmark)
			d |= KIFU_DROPPED_BOOKMARKS;
		if (m.time >= 0)
			d |= KIFU_DROPPED_TIMES;
	}
	return d;
}

static int usi_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		     const kifu_write_options *opt, kifu_diag *diag)
{
	long err_line = 0, err_col = 0;
	const char *err = kifu_record_error(rec, NULL, &err_line, &err_col, NULL);
	if (err)
		return kifu_diag_set(diag, KIFU_EINVAL, kifu_record_file(rec), err_line, err_col,
				     "the record was not read whole: %s", err);
	kifu_position *pos;
	if (kifu_position_new(&pos, v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	int rc = kifu_record_start(rec, pos, diag);
	if (rc) {
		kifu_position_free(pos);
		if (!diag->file[0])
			kifu_diag_set(diag, rc, kifu_record_file(rec), kifu_record_line(rec), 0, "%s",
				      diag->message);
		return rc;
	}
	char sfen[KIFU_SFEN_MAX];
	const char *tag = kifu_record_tag(rec, "sfen");
	const char *handicap = kifu_record_tag(rec, "handicap");
	int startpos = !tag && (!handicap || !strcmp(handicap, "平手")) && !strcmp(kifu_variant_name(v), "shogi");
	if (!startpos && kifu_position_sfen(pos, sfen, sizeof sfen) < 0)
		rc = kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
				   "the start's SFEN is too long");
	/* a sfen tag that is standard shogi's own start is startpos: the
	 * reader keeps no tag for it, and writes it so again */
	if (!rc && !startpos && !strcmp(kifu_variant_name(v), "shogi") && !strcmp(sfen, kifu_variant_start_sfen(v)))
		startpos = 1;
	kifu_position_free(pos);
	if (rc)
		return rc;
	/* the line is built whole, then written: nothing of a record that
	 * cannot be */
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	fputs(startpos ? "position startpos" : "position sfen ", mem);
	if (!startpos)
		fputs(sfen, mem);
	long n = kifu_record_move_count(rec);
	for (long i = 0; i < n; i++) {
		kifu_record_move m;
		char move[24];
		kifu_record_get_move(rec, i, &m);
		if (kifu_compact_format_move(v, &m.move, move, sizeof move) < 0)
			rc = KIFU_ELIMIT;
		fprintf(mem, "%s%s", i ? " " : " moves ", move);
	}
	fputc('\n', mem);
	if (fclose(mem) != 0 && !rc)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc && fwrite(text, 1, len, out) != len)
		rc = KIFU_EIO;
	free(text);
	unsigned dropped = left_out(rec);
	if (!rc && dropped && opt->dropped) {
		char what[128];
		opt->dropped(opt->ctx, dropped, kifu_dropped_words(dropped, what, sizeof what));
	}
	return rc;
}

const kifu__notation kifu__notation_usi = {
	"usi",
	"USI position lines: position startpos|sfen SFEN [moves ...]",
	".usi",
	"",
	kifu_compact_square_name,
	usi_sniff, usi_open, usi_next, usi_close, usi_write,
};
