/*
 * csa_write.c - writing CSA (docs/csa.md): V3.0 (http://www2.computer-shogi.org/
 * protocol/record_v3.html), UTF-8 unless Shift_JIS is asked for, one record
 * per call; kifu-convert puts a "/" line between records (V2.2 2.1).
 *
 * The writer writes what the reader reads back as the same record: the
 * start by PI when it is the standard start less some pieces (a handicap),
 * else by P1..P9 and the hands; each move with the code of its piece after
 * the move (so the moves are played on a position: kifu_play, its `before`
 * hook writing each); times as T, with a fraction only when there is one;
 * comments as '* lines.  What CSA has no place for (variations, bookmarks,
 * total times, tags with no CSA line, an ending with no special move) is
 * left out and said through kifu_write_options.dropped.  Nothing is written
 * of a record that cannot be written whole.
 */
#include <stdlib.h>
#include <string.h>

#include "kifu/play.h"
#include "kifu/vocabulary.h"
#include "notation/csa/csa.h"
#include "notation/writing.h"
#include "text/encoding.h"

/* The record's text is built in memory (csa_buf) and written at once. */
typedef csa_buf wbuf;

static void put(wbuf *b, const char *s, size_t n) { kifu__csa_put(b, s, n); }

static void puts_(wbuf *b, const char *s) { put(b, s, strlen(s)); }

typedef struct writer {
	wbuf b;
	const kifu_record *rec;
	const kifu_variant *v;
	csa_pieces pieces;
	int promotes_to[KIFU_MAX_TYPES];
	unsigned dropped;      /* kifu_dropped bits */
} writer;

/* ---- numbers, squares, comments ---- */

/* Writes n (>= 0) in decimal. */
static void put_uint(wbuf *b, unsigned long long n)
{
	char d[24];
	size_t k = sizeof d;
	do {
		d[--k] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	put(b, d + k, sizeof d - k);
}

/* A time in seconds: V2.2 2.6 (3) writes whole seconds ("T10"); V3.0 a
 * fraction when there is one ("T6.123", to the millisecond).  A time finer
 * than a millisecond is written to the nearest one, and said. */
static void put_seconds(writer *w, double t)
{
	double ms = t * 1000.0;
	unsigned long long r = (unsigned long long)(ms + 0.5);
	double off = ms - (double)r;
	if (off > 1e-6 * (ms > 1.0 ? ms : 1.0) || -off > 1e-6 * (ms > 1.0 ? ms : 1.0))
		w->dropped |= KIFU_DROPPED_TIMES;
	put_uint(&w->b, r / 1000);
	unsigned frac = (unsigned)(r % 1000);
	if (!frac)
		return;
	char f[4] = {'.', (char)('0' + frac / 100), (char)('0' + frac / 10 % 10), (char)('0' + frac % 10)};
	size_t n = 4;
	while (f[n - 1] == '0')
		n--;
	put(&w->b, f, n);
}

static void put_time(writer *w, double time, double total)
{
	if (total >= 0)
		w->dropped |= KIFU_DROPPED_TIMES; /* CSA has no running total */
	if (time < 0)
		return;
	put(&w->b, "T", 1);
	put_seconds(w, time);
	put(&w->b, "\n", 1);
}

/* V3.0: a comment the program reads, one '* line per line of it. */
static void put_comment(wbuf *b, const char *text)
{
	for (const char *p = text;;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		put(b, "'*", 2);
		put(b, p, n);
		put(b, "\n", 1);
		if (!nl)
			break;
		p = nl + 1;
	}
}

static void put_square(wbuf *b, int sq)
{
	char s[2] = {(char)('1' + sq % 9), (char)('1' + sq / 9)};
	put(b, s, 2);
}

/* ---- what CSA cannot write ---- */

static bool has_break(const char *s) { return s && s[strcspn(s, "\r\n")]; }

/* A game information line is one line, and a comment has no carriage
 * return (the reader ends a line at one): such a record is refused, never
 * written otherwise. */
static int unwritable_text(const kifu_record *rec, kifu_diag *diag)
{
	for (int i = 0; i < kifu_record_tag_count(rec); i++) {
		const char *key = kifu_record_tag_key(rec, i);
		const kifu_tag_info *t = kifu_tag_find(key);
		if (((t && t->csa) || !strcmp(key, "csa")) && has_break(kifu_record_tag_value(rec, i)))
			return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
					     "the tag %s holds a line break, which a CSA line cannot hold", key);
	}
	const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE);
	const char *end = kifu_record_comment(rec, KIFU_COMMENT_ENDING);
	if ((pre && strchr(pre, '\r')) || (end && strchr(end, '\r')))
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
				     "a comment holds a carriage return, which ends a CSA line");
	for (long i = 0; i < kifu_record_move_count(rec); i++) {
		kifu_record_move m;
		kifu_record_get_move(rec, i, &m);
		if (m.comment && strchr(m.comment, '\r'))
			return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), m.line, m.col,
					     "ply %ld: %s: its comment holds a carriage return, which ends a CSA line",
					     i + 1, m.text);
	}
	return 0;
}

/* ---- the game information (V2.2 2.3) ---- */

/* A tag `csa` holds a $ line the reader knew no tag for, whole. */
static bool csa_line(const char *value)
{
	const char *colon = strchr(value, ':');
	/* and not a keyword of a tag's ($EVENT:X would read back as event=X) */
	return value[0] == '$' && colon && colon > value + 1 && !kifu_tag_find_csa(value, (size_t)(colon - value));
}

static void put_information(writer *w)
{
	const kifu_record *rec = w->rec;
	int ntags = kifu_record_tag_count(rec);
	/* N+ and N- first, then the $ lines in the specification's order (2.3:
	 * EVENT, SITE, START_TIME, END_TIME, TIME_LIMIT, OPENING, kifu/
	 * vocabulary.h's), then the ones kept whole */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < kifu_tag_count(); k++) {
			const kifu_tag_info *t = kifu_tag_at(k);
			if (!t->csa || (t->csa[0] == 'N') != (pass == 0))
				continue;
			for (int i = 0; i < ntags; i++) {
				if (strcmp(kifu_record_tag_key(rec, i), t->key))
					continue;
				puts_(&w->b, t->csa);
				if (t->csa[0] == '$')
					put(&w->b, ":", 1);
				puts_(&w->b, kifu_record_tag_value(rec, i));
				put(&w->b, "\n", 1);
			}
		}
	for (int i = 0; i < ntags; i++) {
		const char *key = kifu_record_tag_key(rec, i), *value = kifu_record_tag_value(rec, i);
		const kifu_tag_info *t = kifu_tag_find(key);
		if (!strcmp(key, "csa") && csa_line(value)) {
			puts_(&w->b, value);
			put(&w->b, "\n", 1);
		} else if ((!t || !t->csa) && strcmp(key, "sfen") && strcmp(key, "handicap")) {
			w->dropped |= KIFU_DROPPED_TAGS;
		}
	}
}

/* ---- the start position (2.5) ---- */

/* Can pos be written PI (2.5 (1)): the variant's start, less some pieces,
 * nothing in hand?  start: a position at the variant's start. */
static bool pi_start(const kifu_position *pos, const kifu_position *start)
{
	for (int side = 0; side < 2; side++)
		for (int t = 0; t < kifu_variant_piece_count(kifu_position_variant(pos)); t++)
			if (kifu_position_hand(pos, (enum kifu_side)side, t))
				return false;
	for (int sq = 0; sq < 81; sq++) {
		int c = kifu_position_at(pos, sq);
		if (c && c != kifu_position_at(start, sq))
			return false;
	}
	return true;
}

static void put_code(writer *w, int type)
{
	put(&w->b, kifu__csa_code_names[w->pieces.code_of[type]], 2);
}

/* PI and the pieces taken off, as 8mai's PI11KY21KE...: square by square. */
static void put_pi(writer *w, const kifu_position *pos, const kifu_position *start)
{
	put(&w->b, "PI", 2);
	for (int file = 0; file < 9; file++)
		for (int rank = 0; rank < 9; rank++) {
			int sq = rank * 9 + file, c = kifu_position_at(start, sq);
			if (c && !kifu_position_at(pos, sq)) {
				put_square(&w->b, sq);
				put_code(w, kifu_code_type(c));
			}
		}
	put(&w->b, "\n", 1);
}

/* P1..P9 (2.5 (2)) and the hands (2.5 (3)), the Rook first. */
static void put_board(writer *w, const kifu_position *pos)
{
	for (int rank = 0; rank < 9; rank++) {
		char row[3] = {'P', (char)('1' + rank)};
		put(&w->b, row, 2);
		for (int file = 8; file >= 0; file--) {
			int c = kifu_position_at(pos, rank * 9 + file);
			if (!c) {
				put(&w->b, " * ", 3);
				continue;
			}
			put(&w->b, kifu_code_side(c) == KIFU_SENTE ? "+" : "-", 1);
			put_code(w, kifu_code_type(c));
		}
		put(&w->b, "\n", 1);
	}
	for (int side = 0; side < 2; side++) {
		bool any = false;
		for (int code = CSA_KING - 1; code >= 0; code--) {
			int t = w->pieces.type_of[code];
			for (int k = kifu_position_hand(pos, (enum kifu_side)side, t); k > 0; k--) {
				if (!any)
					put(&w->b, side == KIFU_SENTE ? "P+" : "P-", 2);
				any = true;
				put(&w->b, "00", 2);
				put_code(w, t);
			}
		}
		if (any)
			put(&w->b, "\n", 1);
	}
}

/* The start, and the side to move (2.5 (4)).  A handicap tag is carried by
 * the position it names (the reader names it again); an sfen tag's move
 * number has no place. */
static int put_start(writer *w, kifu_position *pos, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	if (kifu_record_start(rec, pos, diag))
		return kifu_diag_set(diag, KIFU_ESYNTAX, kifu_record_file(rec), kifu_record_line(rec), 0, "%s",
				     diag->message);
	if (kifu_record_tag(rec, "sfen") && (kifu_record_tag(rec, "handicap") || kifu_position_movenumber(pos) != 1))
		w->dropped |= KIFU_DROPPED_TAGS;
	kifu_position *start;
	if (kifu_position_new(&start, w->v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (pi_start(pos, start))
		put_pi(w, pos, start);
	else
		put_board(w, pos);
	kifu_position_free(start);
	puts_(&w->b, kifu_position_side(pos) == KIFU_SENTE ? "+\n" : "-\n");
	return 0;
}

/* ---- moves (2.6) ---- */

/* The play loop's `before` hook: +7776FU, the piece after the move. */
static int put_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	writer *w = ctx;
	const kifu_record_move *rm = step->move;
	const kifu_move *m = &rm->move;
	put(&w->b, kifu_position_side(pos) == KIFU_SENTE ? "+" : "-", 1);
	int type;
	if (m->flags & KIFU_MOVE_DROP) {
		put(&w->b, "00", 2);
		type = m->piece;
	} else {
		put_square(&w->b, m->from);
		type = kifu_code_type(kifu_position_at(pos, m->from));
		if (m->flags & KIFU_MOVE_PROMOTE)
			type = w->promotes_to[type];
	}
	put_square(&w->b, m->to);
	put_code(w, type);
	put(&w->b, "\n", 1);
	put_time(w, rm->time, rm->total);
	if (rm->comment)
		put_comment(&w->b, rm->comment);
	if (rm->bookmark)
		w->dropped |= KIFU_DROPPED_BOOKMARKS;
	return w->b.failed ? KIFU_ENOMEM : 0;
}

/* The special move of the main line's ending (2.6 (2)); illegal-win is
 * said by the side at fault, the one not to move: %-ILLEGAL_ACTION when
 * Sente is to move. */
static void put_ending(writer *w, const kifu_position *pos)
{
	kifu_record_line_info li;
	kifu_record_get_line(w->rec, 0, &li);
	if (!li.ending[0])
		return;
	const kifu_ending_info *e = kifu_ending_find(li.ending, strlen(li.ending));
	const char *special = e ? e->csa : NULL;
	if (e && !strcmp(e->word, "illegal-win"))
		special = kifu_position_side(pos) == KIFU_SENTE ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION";
	if (!special) {
		w->dropped |= KIFU_DROPPED_ENDING; /* 封じ手 (sealed): CSA has no special move for it */
		return;
	}
	puts_(&w->b, special);
	put(&w->b, "\n", 1);
	put_time(w, li.ending_time, li.ending_total);
	if (li.ending_comment)
		put_comment(&w->b, li.ending_comment);
}

/* The main line, played through (a foul that can be carried out is
 * written as it is: records end with one). */
static int put_moves(writer *w, kifu_position *pos, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.through_illegal = 1;
	opt.judge = 0;
	opt.before = put_move;
	opt.ctx = w;
	kifu_validation val;
	int rc = kifu_play(rec, pos, &opt, &val);
	if (rc == KIFU_EILLEGAL) {
		kifu_record_move m;
		kifu_record_get_move(rec, val.stopped_ply - 1, &m);
		return kifu_diag_set(diag, KIFU_EILLEGAL, kifu_record_file(rec), m.line, m.col,
				     "ply %ld: %s: no piece to move: cannot write it in CSA", val.stopped_ply, m.text);
	}
	if (rc == KIFU_ENOMEM)
		return kifu_diag_set(diag, rc, NULL, 0, 0, "out of memory");
	if (rc)
		return rc;
	put_ending(w, pos);
	return 0;
}

/* ---- the record ---- */

static int write_text(writer *w, const char *encoding, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	long err_line = 0, err_col = 0;
	const char *err = kifu_record_error(rec, NULL, &err_line, &err_col, NULL);
	if (err)
		return kifu_diag_set(diag, KIFU_EINVAL, kifu_record_file(rec), err_line, err_col,
				     "the record was not read whole: %s", err);
	int rc = unwritable_text(rec, diag);
	if (!rc)
		rc = kifu__write_times_fit(rec, false, "CSA", diag);
	if (rc)
		return rc;
	/* V3.0 2.2 and 2.3: the encoding, then the version */
	puts_(&w->b, "'CSA encoding=");
	puts_(&w->b, encoding);
	puts_(&w->b, "\nV3.0\n");
	put_information(w);
	kifu_position *pos;
	if (kifu_position_new(&pos, w->v))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	rc = put_start(w, pos, diag);
	const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE);
	if (!rc && pre)
		put_comment(&w->b, pre);
	if (kifu_record_bookmark_before(rec))
		w->dropped |= KIFU_DROPPED_BOOKMARKS;
	if (kifu_record_line_count(rec) > 1)
		w->dropped |= KIFU_DROPPED_VARIATIONS; /* CSA has the main line only */
	if (!rc)
		rc = put_moves(w, pos, diag);
	kifu_position_free(pos);
	if (!rc && w->b.failed)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	return rc;
}

/* A character Shift_JIS has no form for, at offset at of the CSA text: the
 * record is refused, naming the character and its line. */
static int not_in_sjis(const kifu_record *rec, const char *text, size_t at, kifu_diag *diag)
{
	long line = 1;
	for (size_t i = 0; i < at; i++)
		if (text[i] == '\n')
			line++;
	unsigned char c = (unsigned char)text[at];
	int k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
			     "\"%.*s\" (line %ld of its CSA) has no form in Shift_JIS: write UTF-8", k, text + at,
			     line);
}

/* Writes the text, in Shift_JIS when asked. */
static int emit(FILE *out, writer *w, enum kifu_encoding encoding, kifu_diag *diag)
{
	char *text = w->b.p;
	size_t len = w->b.len, lost = (size_t)-1;
	if (encoding == KIFU_ENCODING_SJIS) {
		put(&w->b, "", 1); /* a NUL after the text, for not_in_sjis */
		if (w->b.failed || kifu__encode_text(KIFU__ENC_CP932, w->b.p, len, &text, &len, &lost))
			return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "cannot convert to Shift_JIS");
		if (lost != (size_t)-1) {
			free(text);
			return not_in_sjis(w->rec, w->b.p, lost, diag);
		}
	}
	int rc = fwrite(text, 1, len, out) == len ? 0 : kifu_diag_set(diag, KIFU_EIO, NULL, 0, 0, "write error");
	if (text != w->b.p)
		free(text);
	return rc;
}

int kifu__csa_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag)
{
	char why[400];
	if (kifu__csa_unwritable(v, why, sizeof why))
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), kifu_record_line(rec), 0,
				     "%s", why);
	writer w;
	memset(&w, 0, sizeof w);
	w.rec = rec;
	w.v = v;
	kifu__csa_pieces(v, &w.pieces);
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info info;
		kifu_variant_piece(v, t, &info);
		w.promotes_to[t] = info.promotes_to;
	}
	bool sjis = opt->encoding == KIFU_ENCODING_SJIS;
	int rc = write_text(&w, sjis ? "SHIFT_JIS" : "UTF-8", diag);
	if (!rc)
		rc = emit(out, &w, opt->encoding, diag);
	free(w.b.p);
	if (!rc && w.dropped && opt->dropped) {
		char words[160];
		opt->dropped(opt->ctx, w.dropped, kifu_dropped_words(w.dropped, words, sizeof words));
	}
	return rc;
}
