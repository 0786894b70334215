/*
 * pgn_write.c - writing PGN as XBoard saves a game (docs/pgn.md;
 * backend.c's SaveGamePGN): the seven tags first (Event, Site, Date,
 * Round, White, Black, Result, "?" or "-" for the unknown), the others,
 * [Variant], [FEN] and [SetUp "1"] for a set-up start; then the moves,
 * numbered, in lines of at most 75 characters, each in SAN as XBoard's
 * CoordsToAlgebraic writes it (moves.c), variations in parentheses after
 * the move they replace, comments in braces after their move, the ending's
 * words in braces, and the result.
 *
 * The moves are written in two passes: the play loop (writing.h) names
 * every move of every line in the position before it, then the lines are
 * written from those names, each variation where it branches off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/vocabulary.h"
#include "notation/notation.h"
#include "notation/pgn/pgn.h"
#include "notation/writing.h"

#define SAN_MAX 32 /* (a run from its square: "+X'''ab36xab35xab34-ab33+") */
#define LINE_MAX 75

typedef struct pgn_writer {
	const kifu_record *rec;
	const kifu_variant *v;
	char (*san)[SAN_MAX]; /* each move's, by its global index */
	kifu_moves moves; /* the legal moves of the position a move is named in: every one */
	int pawn;
	/* the output */
	FILE *mem;
	size_t linelen;
	bool glue; /* the next word follows without a space (after '(') */
	unsigned dropped;
	int first_side; /* the side to move at the start: 0 White (Sente) */
} pgn_writer;

/* ---- a move's SAN ---- */

static size_t put_square(const kifu_variant *v, int sq, char *out)
{
	return (size_t)kifu__pgn_square_name(v, sq, out);
}

/* Is m among the legal moves w->moves holds? */
static bool listed(const pgn_writer *w, const kifu_move *m)
{
	for (int k = 0; k < w->moves.count; k++)
		if (kifu_move_same(&w->moves.moves[k], m))
			return true;
	return false;
}

/* Is m, which does not promote, legal when it promotes?  (A forced
 * promotion left out: written with XBoard's '=' for a promotion declined,
 * since the reader takes a move without a mark for the promotion when only
 * that is legal.) */
static bool promotes_if_legal(const pgn_writer *w, const kifu_move *m)
{
	kifu_move promoted = *m;
	promoted.flags |= KIFU_MOVE_PROMOTE;
	return listed(w, &promoted);
}

/* The move m in pos, in XBoard's SAN; a move the rules do not allow with
 * the square it starts from, as XBoard writes one (Ng1g3, g1g3): the
 * reader reads it back as written, and the validation says why. */
static void san_of(pgn_writer *w, kifu_position *pos, const kifu_move *m, char *out)
{
	const kifu_variant *v = w->v;
	int files = kifu_variant_files(v);
	size_t o = 0;
	kifu_piece_info info;
	if (m->flags & KIFU_MOVE_DROP) {
		kifu_variant_piece(v, m->piece, &info);
		o += (size_t)snprintf(out, SAN_MAX, "%s@", info.sfen);
		put_square(v, m->to, out + o);
		return;
	}
	int code = kifu_position_at(pos, m->from), type = kifu_code_type(code);
	int target = m->mid != KIFU_NO_SQUARE ? m->mid : m->to;
	bool taken = kifu_position_at(pos, target) != 0;
	char sq[8];
	if (!code) {
		/* no piece to move: the writing loop refuses it before */
		out[0] = 0;
		return;
	}
	if (kifu_generate_legal_all(pos, &w->moves))
		w->moves.count = 0; /* out of memory: named as an illegal move is, from its square */
	bool legal = listed(w, m);
	if (type == w->pawn && legal) {
		if (m->from % files != target % files || taken) {
			put_square(v, m->from, sq);
			size_t n = strcspn(sq, "0123456789");
			memcpy(out + o, sq, n);
			o += n;
			if (taken)
				out[o++] = 'x';
		}
	} else if (!legal) {
		if (type != w->pawn) {
			kifu_variant_piece(v, type, &info);
			o += (size_t)snprintf(out, SAN_MAX, "%s", info.sfen);
		}
		o += put_square(v, m->from, out + o);
		if (taken)
			out[o++] = 'x';
	} else {
		kifu_variant_piece(v, type, &info);
		o += (size_t)snprintf(out, SAN_MAX, "%s", info.sfen);
		/* what tells it from the pieces of its kind that reach the same
		 * square (a piece that can pass reaches any: XBoard counts a
		 * null move as one to every square) */
		bool by_file = false, by_rank = false, either = false;
		for (int k = 0; k < w->moves.count; k++) {
			const kifu_move *c = &w->moves.moves[k];
			if (c->flags & KIFU_MOVE_DROP || c->from == m->from ||
			    kifu_code_type(kifu_position_at(pos, c->from)) != type)
				continue;
			if (c->to != target && c->mid != target && c->from != c->to)
				continue;
			if (c->from / files == m->from / files)
				by_file = true;
			else if (c->from % files == m->from % files)
				by_rank = true;
			else
				either = true;
		}
		put_square(v, m->from, sq);
		size_t file_len = strcspn(sq, "0123456789");
		if (by_file || (either && !by_rank)) {
			memcpy(out + o, sq, file_len);
			o += file_len;
		}
		if (by_rank)
			o += (size_t)snprintf(out + o, SAN_MAX - o, "%s", sq + file_len);
		if (taken)
			out[o++] = 'x';
	}
	o += put_square(v, target, out + o);
	if (m->flags & (KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS)) {
		/* a run: the square after mid, where it takes again; three legs:
		 * mid2 (docs/pgn.md) */
		const int mid2 = kifu_move_mid2(m, files, kifu_variant_ranks(v));
		const int second = m->mid == KIFU_NO_SQUARE ? -1
				   : m->flags & KIFU_MOVE_RUN ? kifu__run_second(files, m->from, m->mid, m->to)
				   : mid2 == KIFU_NO_SQUARE ? -1 : mid2;
		if (second >= 0) {
			out[o++] = kifu_position_at(pos, second) ? 'x' : '-';
			o += put_square(v, second, out + o);
		}
	}
	if (m->mid != KIFU_NO_SQUARE) {
		out[o++] = m->to == m->from || !kifu_position_at(pos, m->to) ? '-' : 'x';
		o += put_square(v, m->to, out + o);
	}
	if (m->flags & KIFU_MOVE_PROMOTE)
		out[o++] = '+';
	else if (!legal && promotes_if_legal(w, m))
		out[o++] = '='; /* else the reader takes the legal promotion */
	out[o] = 0;
}

static int name_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	pgn_writer *w = ctx;
	san_of(w, pos, &step->move->move, w->san[step->index]);
	return 0;
}

/* ---- the text ---- */

/* A word of the movetext, after a space or at a new line (XBoard's
 * PGN_MAX_LINE). */
static void word(pgn_writer *w, const char *s, size_t n)
{
	if (w->linelen && w->linelen + 1 + n > LINE_MAX) {
		fputc('\n', w->mem);
		w->linelen = 0;
	} else if (w->linelen && !w->glue) {
		fputc(' ', w->mem);
		w->linelen++;
	}
	w->glue = false;
	fwrite(s, 1, n, w->mem);
	w->linelen += n;
}

/* A comment: in braces when it holds none; else each of its lines after
 * ';' (a comment to the line's end, which a '}' does not end), when no
 * line of it ends with a CR (which the reader takes as the line's end). */
static void comment(pgn_writer *w, const char *c)
{
	if (!strchr(c, '}')) {
		/* braces: the text as it is, line breaks and all; one without a
		 * line break a word of the line, as XBoard writes a move's score */
		size_t n = strlen(c);
		const char *nl = strrchr(c, '\n');
		if (!nl && n + 2 <= 4096) {
			char b[4096];
			b[0] = '{';
			memcpy(b + 1, c, n);
			b[n + 1] = '}';
			word(w, b, n + 2);
			return;
		}
		word(w, "{", 1);
		fwrite(c, 1, n, w->mem);
		fputc('}', w->mem);
		w->linelen = nl ? strlen(nl + 1) + 1 : w->linelen + n + 1;
		return;
	}
	for (const char *p = c;;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (p == c && w->linelen)
			fputc('\n', w->mem);
		fputc(';', w->mem);
		fwrite(p, 1, n, w->mem);
		fputc('\n', w->mem);
		w->linelen = 0;
		if (!e)
			break;
		p = e + 1;
	}
}

/* Can a comment be written?  Not with a CR, which the reader takes for a
 * line's end (alone or before a LF), in either form. */
static bool comment_fits(const char *c)
{
	return !strchr(c, '\r');
}

static void put_comment(pgn_writer *w, const char *c)
{
	if (!c)
		return;
	if (!comment_fits(c)) {
		w->dropped |= KIFU_DROPPED_COMMENTS;
		return;
	}
	comment(w, c);
}

/* The side to move before ply (1-based). */
static int side_at(const pgn_writer *w, long ply)
{
	return (int)((ply - 1 + w->first_side) & 1);
}

static void move_number(pgn_writer *w, long ply, bool block)
{
	long i = ply - 1 + w->first_side;
	char num[32];
	if (!(i & 1))
		snprintf(num, sizeof num, "%ld.", i / 2 + 1);
	else if (block)
		snprintf(num, sizeof num, "%ld...", i / 2 + 1);
	else
		return;
	word(w, num, strlen(num));
}

/* The ending's words (and its comment) of a line, in braces. */
static void ending(pgn_writer *w, const kifu_record_line_info *li, long ply, const char **result)
{
	*result = "*";
	if (!li->ending[0])
		return;
	char text[200];
	kifu__pgn_termination(li->ending, side_at(w, ply), text, sizeof text, result);
	/* the words as the record was read with them, when they were PGN's */
	const char *as = li->ending_text;
	if (!strcmp(kifu_record_notation(w->rec), "pgn") && as && strcmp(as, li->ending) && !strchr(as, '}') &&
	    !strpbrk(as, "\r\n") && strlen(as) < sizeof text)
		snprintf(text, sizeof text, "%s", as);
	word(w, "{", 1);
	fputs(text, w->mem);
	fputc('}', w->mem);
	w->linelen += strlen(text) + 1;
	put_comment(w, li->ending_comment);
}

static void put_line(pgn_writer *w, int line, int depth);

/* The variations of `line` that are alternatives to its move at ply. */
static void variations(pgn_writer *w, const kifu_record_line_info *li, long ply, int depth)
{
	for (int c = li->first_child; c >= 0;) {
		kifu_record_line_info ci;
		kifu_record_get_line(w->rec, c, &ci);
		if (ci.start == ply) {
			if (depth + 1 > KIFU__PGN_MAX_DEPTH) {
				w->dropped |= KIFU_DROPPED_VARIATIONS;
			} else {
				word(w, "(", 1);
				w->glue = true;
				put_line(w, c, depth + 1);
				fputc(')', w->mem);
				w->linelen++;
			}
		}
		c = ci.next_sibling;
	}
}

static void put_line(pgn_writer *w, int line, int depth)
{
	kifu_record_line_info li;
	kifu_record_get_line(w->rec, line, &li);
	bool block = true;
	for (long k = 0; k < li.count; k++) {
		long ply = li.start + k;
		kifu_record_move m;
		kifu_record_get_move_at(w->rec, li.first + k, &m);
		move_number(w, ply, block);
		block = false;
		const char *s = w->san[li.first + k];
		word(w, s, strlen(s));
		/* a comment after its move, as XBoard writes a move's score: the
		 * next move goes on without "N..." */
		put_comment(w, m.comment);
		if (m.time >= 0)
			w->dropped |= KIFU_DROPPED_TIMES;
		if (m.bookmark)
			w->dropped |= KIFU_DROPPED_BOOKMARKS;
		if (li.first_child >= 0) {
			size_t before = w->linelen;
			variations(w, &li, ply, depth);
			if (w->linelen != before)
				block = true;
		}
	}
	const char *result;
	if (line) {
		ending(w, &li, li.start + li.count, &result);
		if (!li.ending[0] && li.ending_comment)
			w->dropped |= KIFU_DROPPED_COMMENTS;
	}
	if (li.ending_time >= 0)
		w->dropped |= KIFU_DROPPED_TIMES;
}

/* ---- tags ---- */

/* A tag's value in quotes, '"' and '\' escaped (PGN 8.1.1); NULL when it
 * cannot be one (a line break, which a tag pair cannot hold). */
static bool put_tag(FILE *f, const char *name, const char *value)
{
	if (strchr(value, '\n') || strchr(value, '\r'))
		return false;
	fprintf(f, "[%s \"", name);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', f);
		fputc(*p, f);
	}
	fputs("\"]\n", f);
	return true;
}

/* The start as XBoard's FEN: the SFEN's board, the hands in brackets (a
 * variant with drops), the side (w: Sente), then the fields XBoard writes
 * after it (castling, for Chu-like boards en passant: none) and the move
 * number. */
static int fen_of(const kifu_variant *v, const char *sfen, char *out, size_t size)
{
	char fields[KIFU_SFEN_MAX], *save = NULL;
	if (strlen(sfen) >= sizeof fields)
		return -1;
	strcpy(fields, sfen);
	const char *board = strtok_r(fields, " ", &save), *side = strtok_r(NULL, " ", &save);
	const char *hands = strtok_r(NULL, " ", &save), *move = strtok_r(NULL, " ", &save);
	if (!board || !side || !hands)
		return -1;
	long number = move ? strtol(move, NULL, 10) : 1;
	char held[KIFU_SFEN_MAX];
	size_t h = 0;
	if (strcmp(hands, "-") != 0) {
		long count = 0;
		for (const char *p = hands; *p; p++) {
			if (*p >= '0' && *p <= '9') {
				count = count * 10 + (*p - '0');
				if (count > 200)
					return -1;
				continue;
			}
			if (h + (size_t)(count ? count : 1) >= sizeof held)
				return -1;
			for (long k = 0; k < (count ? count : 1); k++)
				held[h++] = *p;
			count = 0;
		}
	}
	held[h] = 0;
	long full = (number + 1) / 2;
	int n;
	if (kifu_variant_has_drops(v)) {
		n = snprintf(out, size, "%s[%s] %c - %d %ld", board, h ? held : "-", side[0] == 'b' ? 'w' : 'b', 0, full);
	} else {
		/* a variant without drops: the SFEN's third field is the
		 * counter-strike square (Chu's lion-trading rule), which goes
		 * where chess has its en passant square */
		char ep[8] = "-";
		int file = 0, files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
		const char *p = hands;
		while (*p >= '0' && *p <= '9')
			file = file * 10 + (*p++ - '0');
		if (strcmp(hands, "-")) {
			if (file < 1 || file > files || *p < 'a' || *p - 'a' >= ranks || p[1])
				return -1;
			kifu__pgn_square_name(v, (*p - 'a') * files + (file - 1), ep);
		}
		n = snprintf(out, size, "%s %c - %s %d %ld", board, side[0] == 'b' ? 'w' : 'b', ep, 0, full);
	}
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* The kifu key of one of the seven tags. */
static void key_of(const char *name, char *key, size_t size)
{
	kifu__pgn_key_of_name(name, strlen(name), key, size);
}

/* The index of the record's first tag with this key that a tag pair can
 * hold (no line break), or -1. */
static int first_tag(const kifu_record *rec, const char *key)
{
	for (int i = 0; i < kifu_record_tag_count(rec); i++)
		if (!strcmp(kifu_record_tag_key(rec, i), key) && !strpbrk(kifu_record_tag_value(rec, i), "\r\n"))
			return i;
	return -1;
}

/* The record's other tags, the early ones (the ratings, the time control:
 * PrintPGNTags writes them before [Variant]) or the rest. */
static void other_tags(pgn_writer *w, FILE *f, bool early_ones)
{
	static const char *const seven[] = {"Event", "Site", "Date", "Round", "White", "Black"};
	static const char *const early[] = {"white-elo", "black-elo", "time-control"};
	const kifu_record *rec = w->rec;
	for (int i = 0; i < kifu_record_tag_count(rec); i++) {
		const char *key = kifu_record_tag_key(rec, i), *value = kifu_record_tag_value(rec, i);
		bool seen = false, is_early = false;
		for (int k = 0; k < 6 && !seen; k++) {
			char kk[64];
			key_of(seven[k], kk, sizeof kk);
			seen = first_tag(rec, kk) == i;
		}
		for (int k = 0; k < 3; k++)
			is_early |= !strcmp(key, early[k]);
		if (seen || is_early != early_ones || !strcmp(key, "sfen") || !strcmp(key, "result"))
			continue;
		char name[256];
		if (kifu__pgn_name_of_key(key, name, sizeof name) || !strcmp(name, "Variant") || !strcmp(name, "FEN") ||
		    !strcmp(name, "SetUp") || !strcmp(name, "Result") || !put_tag(f, name, value))
			w->dropped |= KIFU_DROPPED_TAGS;
	}
}

static void put_tags(pgn_writer *w, FILE *f, const char *result, const char *fen)
{
	static const char *const seven[] = {"Event", "Site", "Date", "Round", "White", "Black"};
	const kifu_record *rec = w->rec;
	for (int k = 0; k < 6; k++) {
		char key[64];
		key_of(seven[k], key, sizeof key);
		int at = first_tag(rec, key);
		const char *value = at >= 0 ? kifu_record_tag_value(rec, at) : NULL;
		if (!value || !put_tag(f, seven[k], value)) {
			if (value)
				w->dropped |= KIFU_DROPPED_TAGS;
			put_tag(f, seven[k], k == 3 ? "-" : "?");
		}
	}
	fprintf(f, "[Result \"%s\"]\n", result);
	other_tags(w, f, true);
	fprintf(f, "[Variant \"%s\"]\n", kifu__pgn_variant_tag(w->v));
	other_tags(w, f, false);
	if (fen)
		fprintf(f, "[FEN \"%s\"]\n[SetUp \"1\"]\n", fen);
}

/* Twice the same key among the seven: only the first is written. */
static void twice(pgn_writer *w)
{
	const kifu_record *rec = w->rec;
	for (int i = 0; i < kifu_record_tag_count(rec); i++)
		for (int j = 0; j < i; j++)
			if (!strcmp(kifu_record_tag_key(rec, i), kifu_record_tag_key(rec, j)) &&
			    (!strcmp(kifu_record_tag_key(rec, i), "sfen") || !strcmp(kifu_record_tag_key(rec, i), "result")))
				w->dropped |= KIFU_DROPPED_TAGS;
}

int kifu__pgn_write(FILE *out, const kifu_record *rec, const kifu_variant *v, const kifu_write_options *opt,
		    kifu_diag *diag)
{
	int rc = kifu__write_read_whole(rec, diag);
	if (rc)
		return rc;
	pgn_writer w = {rec, v, NULL, KIFU_MOVES_INIT, kifu__pgn_pawn(v), NULL, 0, false, 0, 0};
	kifu_position *pos = NULL;
	char *text = NULL, *head = NULL;
	size_t len = 0, hlen = 0;
	long total = kifu_record_total_moves(rec);
	if (kifu_position_new(&pos, v) ||
	    !(w.san = calloc((size_t)(total ? total : 1), sizeof *w.san))) {
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		goto done;
	}
	kifu_play_options po = KIFU_PLAY_OPTIONS_INIT;
	po.before = name_move;
	po.ctx = &w;
	if ((rc = kifu__write_lines(rec, pos, &po, opt->validation, "PGN", diag)))
		goto done;
	/* the start */
	char sfen[KIFU_SFEN_MAX], fen[2 * KIFU_SFEN_MAX];
	bool setup = false;
	if ((rc = kifu_record_start(rec, pos, diag))) {
		if (!diag->file[0])
			kifu_diag_set(diag, rc, kifu_record_file(rec), kifu_record_line(rec), 0, "%s", diag->message);
		goto done;
	}
	/* a FEN for a start that is not the variant's, and beside a handicap
	 * tag (which XBoard does not read) */
	if (kifu_position_sfen(pos, sfen, sizeof sfen) < 0 ||
	    ((strcmp(sfen, kifu_variant_start_sfen(v)) || first_tag(rec, "handicap") >= 0) &&
	     (setup = true, fen_of(v, sfen, fen, sizeof fen)))) {
		rc = kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
				   "the start's FEN is too long");
		goto done;
	}
	w.first_side = (int)kifu_position_side(pos);
	/* the movetext */
	if (!(w.mem = open_memstream(&text, &len))) {
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		goto done;
	}
	const char *pre = kifu_record_comment(rec, KIFU_COMMENT_BEFORE);
	if (pre) {
		put_comment(&w, pre);
		if (w.linelen) {
			fputc('\n', w.mem);
			w.linelen = 0;
		}
	}
	if (kifu_record_bookmark_before(rec))
		w.dropped |= KIFU_DROPPED_BOOKMARKS;
	put_line(&w, 0, 0);
	kifu_record_line_info main;
	kifu_record_get_line(rec, 0, &main);
	const char *result = "*";
	if (main.ending[0]) {
		/* on a line of its own, with the result (SaveGamePGN) */
		if (w.linelen) {
			fputc('\n', w.mem);
			w.linelen = 0;
		}
		ending(&w, &main, main.start + main.count, &result);
		/* the ending says the result: a result tag that says another is
		 * left out, and said */
		const char *tag = kifu_record_tag(rec, "result");
		if (tag && strcmp(tag, result))
			w.dropped |= KIFU_DROPPED_TAGS;
		if (w.linelen) {
			fputc(' ', w.mem);
			w.linelen = 0;
		}
		fprintf(w.mem, "%s\n\n", result);
	} else {
		const char *tag = kifu_record_tag(rec, "result");
		if (tag && (!strcmp(tag, "1-0") || !strcmp(tag, "0-1") || !strcmp(tag, "1/2-1/2")))
			result = tag;
		else if (tag && strcmp(tag, "*"))
			/* PGN's Result is one of 1-0, 0-1, 1/2-1/2 and * (8.1.1.7):
			 * any other value is left out, and said */
			w.dropped |= KIFU_DROPPED_TAGS;
		if (main.ending_comment)
			w.dropped |= KIFU_DROPPED_COMMENTS;
	}
	if (!main.ending[0]) {
		if (w.linelen) {
			fputc('\n', w.mem);
			w.linelen = 0;
		}
		fprintf(w.mem, "%s\n\n", result);
	}
	if (fclose(w.mem)) {
		w.mem = NULL;
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		goto done;
	}
	w.mem = NULL;
	/* the tags, now that the result is known */
	FILE *h = open_memstream(&head, &hlen);
	if (!h) {
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		goto done;
	}
	put_tags(&w, h, result, setup ? fen : NULL);
	twice(&w);
	fputc('\n', h);
	if (fclose(h)) {
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
		goto done;
	}
	if (fwrite(head, 1, hlen, out) != hlen || fwrite(text, 1, len, out) != len)
		rc = KIFU_EIO;
	if (!rc && w.dropped && opt->dropped) {
		char what[160];
		opt->dropped(opt->ctx, w.dropped, kifu_dropped_words(w.dropped, what, sizeof what));
	}
done:
	kifu_position_free(pos);
	kifu_moves_free(&w.moves);
	free(w.san);
	free(text);
	free(head);
	return rc;
}
