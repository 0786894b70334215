/*
 * support.c - helpers shared by the cmocka test programs (support.h).
 */
#include "support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

const kifu_variant *support_variant(const char *name)
{
	const kifu_variant *v = NULL;
	kifu_diag diag;

	kifu_diag_clear(&diag);
	if (kifu_variant_builtin(&v, name, &diag) != 0 || !v) {
		print_error("cannot load variant %s: %s\n", name, diag.message);
		fail();
	}
	return v;
}

void support_set_sfen(kifu_position *pos, const char *sfen)
{
	kifu_diag diag;

	kifu_diag_clear(&diag);
	if (kifu_position_set_sfen(pos, sfen, strlen(sfen), &diag) != 0) {
		print_error("SFEN rejected at column %ld: %s\n  %s\n", diag.col,
			    diag.message, sfen);
		fail();
	}
}

kifu_position *support_position(const char *variant, const char *sfen)
{
	kifu_position *pos = NULL;

	assert_int_equal(kifu_position_new(&pos, support_variant(variant)), 0);
	assert_non_null(pos);
	if (sfen)
		support_set_sfen(pos, sfen);
	return pos;
}

char *support_square_text(const kifu_variant *v, int sq, char *buf)
{
	unsigned files = (unsigned)kifu_variant_files(v), s = (unsigned)sq;

	/* Ranks past z as the compact notation writes them, aa to aj (36x36:
	 * "36aj" and a NUL). */
	unsigned r = (s / files) % 36u;
	if (r >= 26)
		snprintf(buf, 8, "%ua%c", (s % files + 1) % 100u, (char)('a' + r - 26));
	else
		snprintf(buf, 8, "%u%c", (s % files + 1) % 100u, (char)('a' + r));
	return buf;
}

int support_parse_square(const kifu_variant *v, const char *text, size_t *len)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	int file = 0;
	size_t i = 0;

	while (isdigit((unsigned char)text[i]) && i < 3)
		file = file * 10 + (text[i++] - '0');
	if (i == 0 || file < 1 || file > files)
		return -1;
	if (ranks > 26 && text[i] == 'a' && text[i + 1] >= 'a' && text[i + 1] <= 'z') {
		/* aa ... aj: the ranks past z */
		if (26 + text[i + 1] - 'a' >= ranks)
			return -1;
		*len = i + 2;
		return (26 + text[i + 1] - 'a') * files + (file - 1);
	}
	if (text[i] < 'a' || text[i] >= 'a' + ranks)
		return -1;
	*len = i + 1;
	return (text[i] - 'a') * files + (file - 1);
}

char *support_move_text(const kifu_variant *v, const kifu_move *m, char *buf)
{
	char from[8], mid[8], to[8];
	kifu_piece_info info;

	support_square_text(v, m->to, to);
	if (m->flags & KIFU_MOVE_DROP) {
		if (kifu_variant_piece(v, m->piece, &info) < 0)
			info.sfen = "?";
		snprintf(buf, 32, "%s*%s%s", info.sfen, to,
			 (m->flags & KIFU_MOVE_PROMOTE) ? "+" : "");
		return buf;
	}
	support_square_text(v, m->from, from);
	mid[0] = '\0';
	if (m->mid != KIFU_NO_SQUARE)
		support_square_text(v, m->mid, mid);
	if (m->flags & KIFU_MOVE_THREE_LEGS) {
		/* three legs: from, mid, mid2 ("!" when it names none), to; "&"
		 * after a run's flag too, or on a run's squares (no move: a
		 * run's are written as the run) */
		const int mid2 = kifu_move_mid2(m, kifu_variant_files(v), kifu_variant_ranks(v));
		char second[8] = "!";
		if (mid2 != KIFU_NO_SQUARE)
			support_square_text(v, mid2, second);
		const bool line = mid2 != KIFU_NO_SQUARE && mid2 - m->mid == m->mid - m->from && m->to - mid2 == mid2 - m->mid;
		snprintf(buf, 32, "%s%s%s%s%s%s", from, mid, second, to, (m->flags & KIFU_MOVE_PROMOTE) ? "+" : "",
			 (m->flags & KIFU_MOVE_RUN) || line ? "&" : "");
		return buf;
	}
	if (m->flags & KIFU_MOVE_RUN) {
		/* a run: every square it stops on (from, mid, those between, to);
		 * one with none between or off its line (no move) marked "!" */
		const int files = kifu_variant_files(v);
		const int df = m->to % files - m->from % files, dr = m->to / files - m->from / files;
		const int step = ((dr > 0) - (dr < 0)) * files + (df > 0) - (df < 0);
		char between[8];
		size_t at = (size_t)snprintf(buf, 32, "%s%s", from, mid);
		int n = 1;
		while (n < 10 && m->mid + n * step != m->to)
			n++;
		/* (from, mid and to off one line: no run either) */
		int k = 1;
		while (k < 10 && m->from + k * step != m->mid)
			k++;
		if (n == 1 || n == 10 || step == 0 || k == 10) {
			snprintf(buf + at, 32 - at, "!%s%s", to, (m->flags & KIFU_MOVE_PROMOTE) ? "+" : "");
			return buf;
		}
		for (int sq = m->mid + step; sq != m->to && at < 24; sq += step)
			at += (size_t)snprintf(buf + at, 32 - at, "%s", support_square_text(v, sq, between));
		snprintf(buf + at, 32 - at, "%s%s", to, (m->flags & KIFU_MOVE_PROMOTE) ? "+" : "");
		return buf;
	}
	snprintf(buf, 32, "%s%s%s%s", from, mid, to,
		 (m->flags & KIFU_MOVE_PROMOTE) ? "+" : "");
	return buf;
}

int support_parse_move(const kifu_position *pos, const char *text, kifu_move *out)
{
	const kifu_variant *v = kifu_position_variant(pos);
	const char *star = strchr(text, '*');
	int sq[10];
	int n = 0;
	size_t i = 0, len;

	memset(out, 0, sizeof *out);
	out->mid = KIFU_NO_SQUARE;
	if (star) {
		/* P*5e, X'*8h: the SFEN token of the unpromoted piece. */
		int t = kifu_variant_piece_by_sfen(v, text, (size_t)(star - text));
		if (t < 0)
			return -1;
		int to = support_parse_square(v, star + 1, &len);
		if (to < 0)
			return -1;
		out->from = KIFU_NO_SQUARE;
		out->to = (uint16_t)to;
		out->piece = (uint8_t)t;
		out->flags = KIFU_MOVE_DROP;
		i = (size_t)(star + 1 - text) + len;
		if (text[i] == '+') {
			out->flags |= KIFU_MOVE_PROMOTE;
			i++;
		}
		return text[i] ? -1 : 0;
	}
	/* (four squares or more: a run, each square it stops on) */
	while (n < 10 && text[i] && text[i] != '+') {
		int s = support_parse_square(v, text + i, &len);
		if (s < 0)
			return -1;
		sq[n++] = s;
		i += len;
	}
	if (n < 2)
		return -1;
	if (text[i] == '+') {
		out->flags |= KIFU_MOVE_PROMOTE;
		i++;
	}
	if (text[i])
		return -1;
	out->from = (uint16_t)sq[0];
	out->to = (uint16_t)sq[n - 1];
	if (n >= 3)
		out->mid = (uint16_t)sq[1];
	if (n >= 4) {
		/* four squares that are three king steps, not out along one
		 * line: three legs (KIFU_MOVE_THREE_LEGS), as the compact
		 * notation reads them */
		const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
		bool steps = n == 4;
		for (int k = 1; k < 4 && steps; k++) {
			const int df = sq[k] % files - sq[k - 1] % files, dr = sq[k] / files - sq[k - 1] / files;
			steps = (df || dr) && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
		}
		const int uf = sq[1] % files - sq[0] % files, ur = sq[1] / files - sq[0] / files;
		if (steps && !(sq[2] == sq[1] + ur * files + uf && sq[3] == sq[2] + ur * files + uf))
			return kifu_move_set_mid2(out, sq[2], files, ranks) ? -1 : 0;
		out->flags |= KIFU_MOVE_RUN;
	}
	return 0;
}

kifu_move support_move(const kifu_position *pos, const char *text)
{
	kifu_move m;

	if (support_parse_move(pos, text, &m) != 0) {
		print_error("cannot parse the move \"%s\"\n", text);
		fail();
	}
	return m;
}

/* ---- move lists as sorted text ---- */

typedef struct words {
	int n;
	char **w;
	char *store;
} words;

static int cmp_words(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Splits a space-separated list into sorted words (store is a copy). */
static void words_split(words *out, const char *text)
{
	size_t len = strlen(text);
	int cap = 1;

	for (size_t i = 0; i < len; i++)
		cap += text[i] == ' ';
	out->store = malloc(len + 1);
	out->w = malloc(sizeof *out->w * (size_t)cap);
	assert_non_null(out->store);
	assert_non_null(out->w);
	memcpy(out->store, text, len + 1);
	out->n = 0;
	for (char *tok = strtok(out->store, " \t\n"); tok; tok = strtok(NULL, " \t\n"))
		out->w[out->n++] = tok;
	qsort(out->w, (size_t)out->n, sizeof *out->w, cmp_words);
}

static void words_free(words *w)
{
	free(w->w);
	free(w->store);
}

/* Joins sorted move texts of the listed moves accepted by keep(). */
static char *join_moves(kifu_position *pos, int (*keep)(const kifu_position *, const kifu_move *,
							const void *),
			const void *arg)
{
	const kifu_variant *v = kifu_position_variant(pos);
	kifu_movelist *list = malloc(sizeof *list);
	char **texts;
	char *out;
	int n = 0;
	size_t used = 0;

	assert_non_null(list);
	kifu_generate_legal(pos, list);
	texts = malloc(sizeof *texts * (size_t)(list->count + 1));
	assert_non_null(texts);
	for (int i = 0; i < list->count; i++) {
		if (!keep(pos, &list->moves[i], arg))
			continue;
		texts[n] = malloc(32);
		assert_non_null(texts[n]);
		support_move_text(v, &list->moves[i], texts[n]);
		n++;
	}
	qsort(texts, (size_t)n, sizeof *texts, cmp_words);
	out = malloc(SUPPORT_TEXT_MAX);
	assert_non_null(out);
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t l = strlen(texts[i]);
		assert_true(used + l + 2 < SUPPORT_TEXT_MAX);
		if (i)
			out[used++] = ' ';
		memcpy(out + used, texts[i], l + 1);
		used += l;
		free(texts[i]);
	}
	free(texts);
	free(list);
	return out;
}

static int keep_from(const kifu_position *pos, const kifu_move *m, const void *arg)
{
	(void)pos;
	return !(m->flags & KIFU_MOVE_DROP) && m->from == *(const int *)arg;
}

static int keep_drop(const kifu_position *pos, const kifu_move *m, const void *arg)
{
	if (!(m->flags & KIFU_MOVE_DROP))
		return 0;
	if (!arg)
		return 1;
	kifu_piece_info info;
	if (kifu_variant_piece(kifu_position_variant(pos), m->piece, &info) < 0)
		return 0;
	return strcmp(info.sfen, (const char *)arg) == 0;
}

static int keep_all(const kifu_position *pos, const kifu_move *m, const void *arg)
{
	(void)pos;
	(void)m;
	(void)arg;
	return 1;
}

char *support_piece_moves(kifu_position *pos, const char *square)
{
	size_t len;
	int sq = support_parse_square(kifu_position_variant(pos), square, &len);

	if (sq < 0 || square[len]) {
		print_error("bad square \"%s\"\n", square);
		fail();
	}
	return join_moves(pos, keep_from, &sq);
}

char *support_drops(kifu_position *pos, const char *piece)
{
	return join_moves(pos, keep_drop, piece);
}

char *support_all_moves(kifu_position *pos)
{
	return join_moves(pos, keep_all, NULL);
}

/* A pass is written "FROM pass" (with "+" kept) so that any mid matches. */
static void canonical_passes(const kifu_position *pos, words *w)
{
	if (!pos)
		return;
	const kifu_variant *v = kifu_position_variant(pos);
	for (int i = 0; i < w->n; i++) {
		kifu_move m;
		if (support_parse_move(pos, w->w[i], &m) != 0 || (m.flags & KIFU_MOVE_DROP) ||
		    m.mid == KIFU_NO_SQUARE || m.from != m.to || kifu_position_at(pos, m.mid))
			continue;
		/* "FROMpass" is never longer than "FROM MID TO": it fits in place. */
		char from[8];
		snprintf(w->w[i], strlen(w->w[i]) + 1, "%spass%s",
			 support_square_text(v, m.from, from),
			 (m.flags & KIFU_MOVE_PROMOTE) ? "+" : "");
	}
	qsort(w->w, (size_t)w->n, sizeof *w->w, cmp_words);
}

static void print_words(const char *label, const words *w)
{
	print_error("  %s (%d):", label, w->n);
	for (int i = 0; i < w->n; i++)
		print_error(" %s", w->w[i]);
	print_error("\n");
}

void support_check_same_moves(const kifu_position *pos, const char *actual,
			      const char *expected, const char *file, int line)
{
	words a, e;
	int same;

	words_split(&a, actual);
	words_split(&e, expected);
	canonical_passes(pos, &a);
	canonical_passes(pos, &e);
	same = a.n == e.n;
	for (int i = 0; same && i < a.n; i++)
		same = strcmp(a.w[i], e.w[i]) == 0;
	if (!same) {
		print_error("move sets differ\n");
		print_words("expected", &e);
		print_words("actual  ", &a);
		/* The difference, by merging the two sorted lists. */
		print_error("  missing:");
		int i = 0, j = 0;
		char extra[SUPPORT_TEXT_MAX / 4] = "";
		size_t used = 0;
		while (i < e.n || j < a.n) {
			int c = i >= e.n ? 1 : j >= a.n ? -1 : strcmp(e.w[i], a.w[j]);
			if (c < 0) {
				print_error(" %s", e.w[i++]);
			} else if (c > 0) {
				int w = snprintf(extra + used, sizeof extra - used, " %s", a.w[j++]);
				if (w > 0 && (size_t)w < sizeof extra - used)
					used += (size_t)w;
			} else {
				i++;
				j++;
			}
		}
		print_error("\n  unexpected:%s\n", extra);
	}
	words_free(&a);
	words_free(&e);
	if (!same)
		_fail(file, line);
}

void support_check_piece_moves(kifu_position *pos, const char *square,
			       const char *expected, const char *file, int line)
{
	char *actual = support_piece_moves(pos, square);
	support_check_same_moves(pos, actual, expected, file, line);
	free(actual);
}

void support_check_drops(kifu_position *pos, const char *piece, const char *expected,
			 const char *file, int line)
{
	char *actual = support_drops(pos, piece);
	support_check_same_moves(pos, actual, expected, file, line);
	free(actual);
}

void support_check_check_move(kifu_position *pos, const char *text,
			      enum kifu_illegal_code code, const char *file, int line)
{
	kifu_move m;
	kifu_illegal why;
	int rc;

	if (support_parse_move(pos, text, &m) != 0) {
		print_error("cannot parse the move \"%s\"\n", text);
		_fail(file, line);
		return;
	}
	memset(&why, 0, sizeof why);
	rc = kifu_check_move(pos, &m, &why);
	if (code == KIFU_LEGAL ? rc != 0 : (rc != KIFU_EILLEGAL || why.code != code)) {
		print_error("kifu_check_move(%s): expected code %d, got rc %d code %d\n", text,
			    (int)code, rc, rc ? (int)why.code : 0);
		_fail(file, line);
	}
}

void support_play_at(kifu_position *pos, const char *text, kifu_undo *undo, const char *file,
		     int line)
{
	kifu_move m = support_move(pos, text);
	kifu_illegal why;
	if (kifu_check_move(pos, &m, &why) != 0) {
		char reason[256];
		kifu_illegal_describe(kifu_position_variant(pos), &why, NULL, reason, sizeof reason);
		print_error("%s:%d: %s is illegal: %s\n", file, line, text, reason);
		_fail(file, line);
	}
	if (!support_is_legal(pos, text)) {
		print_error("%s:%d: %s is not generated\n", file, line, text);
		_fail(file, line);
	}
	kifu_make_move(pos, &m, undo);
}

int support_is_legal(kifu_position *pos, const char *text)
{
	char *all = support_all_moves(pos);
	words w;
	int found = 0;

	words_split(&w, all);
	for (int i = 0; i < w.n && !found; i++)
		found = strcmp(w.w[i], text) == 0;
	words_free(&w);
	free(all);
	return found;
}

char *support_sfen(const kifu_position *pos, char *buf, size_t size)
{
	int n = kifu_position_sfen(pos, buf, size);
	if (n < 0) {
		print_error("kifu_position_sfen failed: %d\n", n);
		fail();
	}
	return buf;
}

uint64_t support_perft(kifu_position *pos, int depth)
{
	uint64_t n = 0;
	int rc = kifu_perft(pos, depth, &n);
	if (rc)
		fail_msg("kifu_perft at depth %d: %s", depth, kifu_error_string(rc));
	return n;
}

int support_read_first(kifu_record *rec, const char *text, const char *force,
		       const kifu_variant **v, const char **notation, kifu_diag *diag)
{
	kifu_reader *r = NULL;
	kifu_stream *s = NULL;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.notation = force;
	assert_int_equal(kifu_reader_new_buffer(&r, text, strlen(text), "mem"), 0);
	assert_int_equal(kifu_stream_new(&s, r, &opt), 0);
	kifu_diag_clear(diag);
	int rc = kifu_stream_next(s, rec, v, diag);
	static char name[32];
	snprintf(name, sizeof name, "%s", kifu_stream_notation(s) ? kifu_stream_notation(s) : "");
	if (notation)
		*notation = name;
	kifu_stream_free(s);
	kifu_reader_free(r);
	return rc;
}
