/*
 * csa_read.c - reading CSA records (docs/csa.md), as the CSA's record
 * format says (V2.2: http://www2.computer-shogi.org/protocol/record_v22.html;
 * V3.0: .../record_v3.html).
 *
 * A file is lines of statements (several on one line joined with ',', V2.2
 * 2.8 マルチステートメント); records are separated by a line "/" (2.1).  A
 * record is, in this order: its version (V2.2 2.2), its game information
 * (2.3: N+ N- $KEY:), its start position (2.5: PI, P1..P9, P+ P-, then the
 * side to move), its moves with their times and the comments the program
 * reads (2.6; '* from V3.0), and its special move (%TORYO ...).  ' lines are
 * the comments programs pass over (2.7) anywhere.
 *
 * A CSA move names the piece after the move (+3324NG: the Silver promotes),
 * so the reader keeps the position: the piece on the square the move leaves
 * says whether the code is the same piece or its promotion.  Every move is
 * carried out on it through the rules API (kifu_make_move), legal or not,
 * as the play loop carries out a foul (kifu_play, through_illegal); its
 * legality is the validation's to judge.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/csa/csa.h"
#include "notation/writing.h"
#include "text/encoding.h"

enum { NSQ = 81, MAX_STARTS = 64 };

typedef struct csa_reader {
	kifu__read_ctx ctx;
	bool ready;                  /* the variant and its tables are set up */
	const kifu_variant *v;       /* what records are read as: shogi, or -v's if it fits */
	char variant_problem[400];   /* why -v's variant cannot be read from CSA ("" if it can) */
	csa_pieces pieces;
	int base_of[KIFU_MAX_TYPES];
	int promotes_to[KIFU_MAX_TYPES];
	int royal[KIFU_MAX_TYPES];
	int start_board[NSQ];        /* the variant's start: what PI places */
	int set[KIFU_MAX_TYPES];     /* the pieces of a set, by unpromoted type (the box) */
	uint64_t start_key;          /* the variant's start, and its named starts (handicaps) */
	int nstarts;
	uint64_t starts_key[MAX_STARTS];
	kifu_position *pos;          /* the position before the next move */
	csa_buf note;                /* '* lines gathered before they are stored */
} csa_reader;

/* The start position as the P lines build it (V2.2 2.5 (5)): every piece
 * begins in the box, and each line takes pieces from it. */
typedef struct setup {
	int board[NSQ];               /* codes (kifu_code_make), 0 for an empty square */
	int hand[2][KIFU_MAX_TYPES];
	int box[KIFU_MAX_TYPES];      /* pieces of each unpromoted type still in the box */
	bool pi, rows;                /* PI or P1..P9 gave the board: not both (2.5 (5)) */
	bool given;                   /* a position line was read */
	bool all;                     /* 00AL was given: it comes last */
	unsigned rows_seen;
} setup;

typedef struct parse {
	csa_reader *r;
	kifu_record *rec;
	const char *line;             /* the line being read (UTF-8) */
	size_t len;
	long lineno;
	size_t col_off;               /* the column of byte col_off is col_val */
	long col_val;
	enum { HEAD, BOARD, MOVES, ENDED } stage;
	bool started;                 /* the record has a first line */
	bool substance;               /* a statement other than a ' comment was read */
	bool lost;                    /* an error was recorded: the rest is passed over */
	long moves;                   /* moves read */
	long last;                    /* the global index of the last move, -1 if none */
	bool timed;                   /* the last move, or the ending, has its time */
	long stmt_line;               /* the line of the last statement (not a comment) */
	long ending_line;             /* where the special move was */
	long note_idx;                /* where the gathered '* lines go */
	bool note_open;
	setup st;
} parse;

/* ---- where: columns, problems ---- */

/* The column (1-based, in characters) of byte off of the line, counted on
 * from the last one asked for: statements are read in order. */
static long col_at(parse *ps, size_t off)
{
	if (off < ps->col_off) {
		ps->col_off = 0;
		ps->col_val = 1;
	}
	for (size_t i = ps->col_off; i < off && i < ps->len; i++)
		if (((unsigned char)ps->line[i] & 0xC0) != 0x80)
			ps->col_val++;
	ps->col_off = off;
	return ps->col_val;
}

/* Records the record's problem at byte off of the line, about the
 * statement s[0..n) (NULL: none) at ply (0: the record as a whole), and
 * passes over the rest of the record.  Returns 0 or KIFU_ENOMEM. */
static int problem(parse *ps, long ply, size_t off, const char *s, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static int problem(parse *ps, long ply, size_t off, const char *s, size_t n, const char *fmt, ...)
{
	if (ps->lost)
		return 0;
	ps->lost = true;
	ps->substance = true; /* a record with a problem is one, said */
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kifu__utf8_trim_end(msg);
	return kifu_record_set_error(ps->rec, ply, ps->lineno, col_at(ps, off), s, s ? n : 0, msg);
}

static long next_ply(const parse *ps) { return ps->moves + 1; }

static const char *side_name(int side) { return side == KIFU_SENTE ? "Sente (+)" : "Gote (-)"; }

/* ---- the variant and its tables, once per reader ---- */

/* Records are standard shogi, or -v's variant when its pieces are CSA's
 * (docs/csa.md, "Variants"). */
static int set_up(csa_reader *r)
{
	const kifu_variant *f = r->ctx.fallback;
	csa_pieces p;
	r->ready = true;
	if (f && !kifu__csa_pieces(f, &p)) {
		/* the user said the records are of f: each says it cannot be */
		char why[300];
		kifu__csa_unwritable(f, why, sizeof why);
		snprintf(r->variant_problem, sizeof r->variant_problem, "-v %s: %s", kifu_variant_name(f), why);
		r->v = NULL;
		return 0;
	}
	r->v = f ? f : kifu_variant_set_find(r->ctx.variants, "shogi");
	if (!r->v) {
		snprintf(r->variant_problem, sizeof r->variant_problem, "no variant called shogi is known");
		return 0;
	}
	if (!kifu__csa_pieces(r->v, &r->pieces)) {
		kifu__csa_unwritable(r->v, r->variant_problem, sizeof r->variant_problem);
		r->v = NULL;
		return 0;
	}
	const kifu_variant *v = r->v;
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info info;
		kifu_variant_piece(v, t, &info);
		r->base_of[t] = info.base;
		r->promotes_to[t] = info.promotes_to;
		r->royal[t] = info.royal;
	}
	if (kifu_position_for(&r->pos, v))
		return KIFU_ENOMEM;
	/* the set: the variant's start position, board and hands */
	kifu_position_reset(r->pos);
	memset(r->set, 0, sizeof r->set);
	for (int sq = 0; sq < NSQ; sq++) {
		r->start_board[sq] = kifu_position_at(r->pos, sq);
		if (r->start_board[sq])
			r->set[r->base_of[kifu_code_type(r->start_board[sq])]]++;
	}
	for (int t = 0; t < kifu_variant_piece_count(v); t++)
		for (int side = 0; side < 2; side++)
			r->set[t] += kifu_position_hand(r->pos, (enum kifu_side)side, t);
	r->start_key = kifu_position_key(r->pos);
	r->nstarts = 0;
	for (int i = 0; i < kifu_variant_named_start_count(v) && r->nstarts < MAX_STARTS; i++) {
		r->starts_key[i] = kifu_variant_named_start_key(v, i);
		r->nstarts = i + 1;
	}
	return 0;
}

/* ---- comments the program reads ('*) ---- */

/* Stores the gathered '* lines where they belong. */
static int flush_note(parse *ps)
{
	if (!ps->note_open)
		return 0;
	ps->note_open = false;
	if (ps->r->note.failed)
		return KIFU_ENOMEM;
	return kifu_record_set_comment(ps->rec, ps->note_idx, ps->r->note.len ? ps->r->note.p : "",
				       ps->r->note.len);
}

/* V3.0: a '* line is a comment the program reads: it belongs to the move
 * before it (its ending after the special move; the start before the first
 * move), and lines that follow one another join with a line break. */
static int program_comment(parse *ps, const char *text, size_t n)
{
	csa_buf *note = &ps->r->note;
	long idx = ps->stage == ENDED ? KIFU_COMMENT_ENDING : ps->last >= 0 ? ps->last : KIFU_COMMENT_BEFORE;
	int rc = ps->note_open && ps->note_idx != idx ? flush_note(ps) : 0;
	if (ps->note_open) {
		kifu__csa_put(note, "\n", 1);
	} else {
		note->len = 0;
		ps->note_open = true;
		ps->note_idx = idx;
	}
	kifu__csa_put(note, text, n);
	return rc ? rc : note->failed ? KIFU_ENOMEM : 0;
}

/* ---- the game information (2.3) ---- */

static bool is_version(const char *s, size_t n)
{
	static const char *const known[] = {"V2", "V2.1", "V2.2", "V3.0"};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strlen(known[i]) == n && !memcmp(known[i], s, n))
			return true;
	return false;
}

/* V2.2 2.2, V3.0 2.3: the version comes first (V3.0: once, at the top of
 * the file; V2.2 repeats it after each "/": both are read). */
static int version(parse *ps, const char *s, size_t n, size_t off)
{
	if (ps->substance)
		return problem(ps, 0, off, NULL, 0, "the version line comes first in a record (CSA's order: "
			       "version, game information, start position, moves)");
	if (!is_version(s, n))
		return problem(ps, 0, off, NULL, 0, "unknown version \"%.*s\" (kifu reads V2, V2.1, V2.2 and V3.0)",
			       (int)(n > 20 ? 20 : n), s);
	return 0;
}

/* N+name, N-name (2.3 (1)) and $KEY:data (2.3 (2)): the tags kifu/
 * vocabulary.h gives CSA's keys; any other $ line is kept whole as a tag
 * `csa`, written back as it was. */
static int information(parse *ps, const char *s, size_t n, size_t off)
{
	if (s[0] == 'N') {
		const kifu_tag_info *t = kifu_tag_find_csa(s, 2);
		return kifu_record_add_tag(ps->rec, t->key, strlen(t->key), s + 2, n - 2);
	}
	const char *colon = memchr(s, ':', n);
	if (!colon || colon == s + 1)
		return problem(ps, 0, off, NULL, 0, "expected $KEYWORD:data (V2.2 2.3)");
	const kifu_tag_info *t = kifu_tag_find_csa(s, (size_t)(colon - s));
	if (t)
		return kifu_record_add_tag(ps->rec, t->key, strlen(t->key), colon + 1, n - (size_t)(colon + 1 - s));
	return kifu_record_add_tag(ps->rec, "csa", 3, s, n);
}

/* ---- the start position (2.5) ---- */

static const char *code_name(int code) { return kifu__csa_code_names[code]; }

/* A square "dd" at s: its index, or -1 (file and rank 1-9). */
static int square(const char *s)
{
	unsigned f = (unsigned)(s[0] - '1'), rk = (unsigned)(s[1] - '1');
	return f < 9 && rk < 9 ? (int)(rk * 9 + f) : -1;
}

/* Takes a piece of the code's unpromoted type from the box. */
static bool take(parse *ps, int code)
{
	int base = ps->r->base_of[ps->r->pieces.type_of[code]];
	if (!ps->st.box[base])
		return false;
	ps->st.box[base]--;
	return true;
}

/* Puts the piece code of side on sq, from the box; NULL or why not. */
static const char *place(parse *ps, int sq, int side, int code, char *why, size_t size)
{
	if (ps->st.board[sq]) {
		snprintf(why, size, "%d%d holds a piece already", sq % 9 + 1, sq / 9 + 1);
		return why;
	}
	if (!take(ps, code)) {
		snprintf(why, size, "no %s left in the piece box (a set has %d)", code_name(code),
			 ps->r->set[ps->r->base_of[ps->r->pieces.type_of[code]]]);
		return why;
	}
	ps->st.board[sq] = kifu_code_make(ps->r->pieces.type_of[code], (enum kifu_side)side);
	return NULL;
}

/* PI, PI82HI22KA (2.5 (1)): the variant's start (平手), less the pieces
 * named, which go back to the box. */
static int position_pi(parse *ps, const char *s, size_t n, size_t off)
{
	csa_reader *r = ps->r;
	setup *st = &ps->st;
	if (st->given)
		return problem(ps, 0, off, NULL, 0, "PI comes before any other position line, and once (V2.2 2.5 (5))");
	if ((n - 2) % 4)
		return problem(ps, 0, off + 2, NULL, 0, "expected PI and squares with pieces, as PI82HI22KA");
	st->pi = true;
	for (int sq = 0; sq < NSQ; sq++) {
		st->board[sq] = r->start_board[sq];
		if (st->board[sq])
			st->box[r->base_of[kifu_code_type(st->board[sq])]]--;
	}
	for (size_t i = 2; i < n; i += 4) {
		int sq = square(s + i), code = kifu__csa_code(s + i + 2);
		if (sq < 0 || code < 0)
			return problem(ps, 0, off + i, NULL, 0, "expected a square and a piece, as 82HI");
		int c = st->board[sq];
		if (!c || r->pieces.code_of[kifu_code_type(c)] != code)
			return problem(ps, 0, off + i, NULL, 0, "%.4s: the start has %s on %.2s", s + i,
				       c ? code_name(r->pieces.code_of[kifu_code_type(c)]) : "no piece", s + i);
		st->board[sq] = 0;
		st->box[r->base_of[kifu_code_type(c)]]++;
	}
	return 0;
}

/* The nine cells of P1..P9: "+XX", "-XX", or " * " for an empty square.
 * Cells are read one after another across the spaces between them, so
 * that rows whose runs of spaces were squeezed (" * * ", as in mail and
 * web pages, the CSA's own examples among them) read as they were meant.
 * Fills codes[9] (file 9 first; -1 empty, else code + 16 * side).  Returns
 * the offset of a fault, or -1. */
static long rank_cells(const char *s, size_t n, int codes[9])
{
	size_t i = 0;
	for (int k = 0; k < 9; k++) {
		while (i < n && s[i] == ' ')
			i++;
		if (i < n && s[i] == '*') {
			codes[k] = -1;
			i++;
			continue;
		}
		if (i + 3 > n || (s[i] != '+' && s[i] != '-'))
			return (long)i;
		int code = kifu__csa_code(s + i + 1);
		if (code < 0)
			return (long)i;
		codes[k] = code + (s[i] == '-' ? 16 : 0);
		i += 3;
	}
	while (i < n && s[i] == ' ')
		i++;
	return i < n ? (long)i : -1;
}

/* The same as V2.2 writes it, nine cells of three characters, a cell being
 * empty when its first is neither + nor - (2.5 (2)): for rows of other
 * empty marks than '*'.  Returns as rank_cells. */
static long rank_cells_fixed(const char *s, size_t n, int codes[9])
{
	if (n < 25 || n > 27)
		return 0;
	for (int k = 0; k < 9; k++) {
		const char *c = s + 3 * k;
		if (*c != '+' && *c != '-') {
			codes[k] = -1;
			continue;
		}
		int code = (size_t)(3 * k + 3) <= n ? kifu__csa_code(c + 1) : -1;
		if (code < 0)
			return 3 * k;
		codes[k] = code + (*c == '-' ? 16 : 0);
	}
	return -1;
}

/* P1..P9 (2.5 (2)): one rank, file 9 first. */
static int position_rank(parse *ps, const char *s, size_t n, size_t off)
{
	setup *st = &ps->st;
	int rank = s[1] - '0';
	if (st->pi)
		return problem(ps, 0, off, NULL, 0, "PI and P1..P9 do not both give the board (V2.2 2.5 (5))");
	if (st->all)
		return problem(ps, 0, off, NULL, 0, "P+00AL and P-00AL come last (V2.2 2.5 (5))");
	if (st->rows_seen & (1u << rank))
		return problem(ps, 0, off, NULL, 0, "P%d given twice", rank);
	st->rows = true;
	st->rows_seen |= 1u << rank;
	int codes[9];
	long bad = rank_cells(s + 2, n - 2, codes);
	if (bad >= 0 && rank_cells_fixed(s + 2, n - 2, codes) >= 0)
		return problem(ps, 0, off + 2 + (size_t)bad, NULL, 0,
			       "expected nine squares, each +XX, -XX or * (an empty square)");
	for (int k = 0; k < 9; k++) {
		if (codes[k] < 0)
			continue;
		char why[120];
		int sq = (rank - 1) * 9 + (8 - k);
		if (place(ps, sq, codes[k] >= 16 ? KIFU_GOTE : KIFU_SENTE, codes[k] & 15, why, sizeof why))
			return problem(ps, 0, off, NULL, 0, "P%d: %s", rank, why);
	}
	return 0;
}

/* 00AL (2.5 (3)): every piece left in the box to side's hand, the kings
 * aside ("玉は、駒台へはいかない"). */
static void all_to_hand(parse *ps, int side)
{
	csa_reader *r = ps->r;
	for (int t = 0; t < kifu_variant_piece_count(r->v); t++)
		if (r->base_of[t] == t && !r->royal[t]) {
			ps->st.hand[side][t] += ps->st.box[t];
			ps->st.box[t] = 0;
		}
	ps->st.all = true;
}

/* P+99KY89KE, P-00KI00FU, P-00AL (2.5 (3)): pieces one by one, 00 for the
 * hand. */
static int position_pieces(parse *ps, const char *s, size_t n, size_t off)
{
	csa_reader *r = ps->r;
	int side = s[1] == '+' ? KIFU_SENTE : KIFU_GOTE;
	if (ps->st.all)
		return problem(ps, 0, off, NULL, 0, "P+00AL and P-00AL come last (V2.2 2.5 (5))");
	if ((n - 2) % 4)
		return problem(ps, 0, off + 2, NULL, 0, "expected squares with pieces, as P+99KY89KE or P-00AL");
	for (size_t i = 2; i < n; i += 4) {
		const char *e = s + i;
		if (e[0] == '0' && e[1] == '0' && e[2] == 'A' && e[3] == 'L') {
			if (i + 4 != n)
				return problem(ps, 0, off + i + 4, NULL, 0, "00AL comes last (V2.2 2.5 (5))");
			all_to_hand(ps, side);
			return 0;
		}
		int code = kifu__csa_code(e + 2);
		int sq = square(e);
		bool hand = e[0] == '0' && e[1] == '0';
		if (code < 0 || (sq < 0 && !hand))
			return problem(ps, 0, off + i, NULL, 0, "expected a square (00 for the hand) and a piece, as 99KY");
		char why[120];
		if (!hand) {
			if (place(ps, sq, side, code, why, sizeof why))
				return problem(ps, 0, off + i, NULL, 0, "%.4s: %s", e, why);
			continue;
		}
		if (code >= CSA_KING)
			return problem(ps, 0, off + i, NULL, 0, "%.4s: %s", e,
				       code == CSA_KING ? "a king is never in hand" : "a piece in hand is unpromoted");
		if (!take(ps, code))
			return problem(ps, 0, off + i, NULL, 0, "%.4s: no %s left in the piece box (a set has %d)", e,
				       code_name(code), r->set[r->pieces.type_of[code]]);
		ps->st.hand[side][r->pieces.type_of[code]]++;
	}
	return 0;
}

static int position_line(parse *ps, const char *s, size_t n, size_t off)
{
	if (ps->stage > BOARD)
		return problem(ps, 0, off, NULL, 0,
			       "a start position line after the side to move (V2.2 2.5: the position, then + or -)");
	ps->stage = BOARD;
	int rc;
	if (n >= 2 && s[1] == 'I')
		rc = position_pi(ps, s, n, off);
	else if (n >= 2 && s[1] >= '1' && s[1] <= '9')
		rc = position_rank(ps, s, n, off);
	else if (n >= 2 && (s[1] == '+' || s[1] == '-'))
		rc = position_pieces(ps, s, n, off);
	else
		rc = problem(ps, 0, off, NULL, 0, "expected PI, P1..P9, P+ or P- (V2.2 2.5)");
	ps->st.given = true;
	return rc;
}

/* Appends the SFEN token of code c (kifu_code_make) at out. */
static size_t sfen_token(const csa_reader *r, int c, char *out)
{
	kifu_piece_info info;
	kifu_variant_piece(r->v, kifu_code_type(c), &info);
	size_t n = 0;
	for (const char *p = info.sfen; *p; p++)
		out[n++] = kifu_code_side(c) == KIFU_GOTE && *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
	return n;
}

/* The SFEN of the setup, with side to move. */
static size_t setup_sfen(const parse *ps, int side, char *out)
{
	const csa_reader *r = ps->r;
	size_t n = 0;
	for (int rank = 0; rank < 9; rank++) {
		int empty = 0;
		for (int f = 8; f >= 0; f--) {
			int c = ps->st.board[rank * 9 + f];
			if (!c) {
				empty++;
				continue;
			}
			if (empty)
				out[n++] = (char)('0' + empty);
			empty = 0;
			n += sfen_token(r, c, out + n);
		}
		if (empty)
			out[n++] = (char)('0' + empty);
		out[n++] = rank < 8 ? '/' : ' ';
	}
	out[n++] = side == KIFU_SENTE ? 'b' : 'w';
	out[n++] = ' ';
	size_t hands = n;
	for (int s = 0; s < 2; s++)
		for (int code = CSA_KING - 1; code >= 0; code--) {
			int t = r->pieces.type_of[code], k = ps->st.hand[s][t];
			if (k >= 10)
				out[n++] = (char)('0' + k / 10);
			if (k > 1)
				out[n++] = (char)('0' + k % 10);
			if (k)
				n += sfen_token(r, kifu_code_make(t, (enum kifu_side)s), out + n);
		}
	if (n == hands)
		out[n++] = '-';
	memcpy(out + n, " 1", 3);
	return n + 2;
}

/* The start position as a tag: none for the variant's own, handicap= for a
 * named start (香落ち), sfen= for any other. */
static int start_tag(parse *ps)
{
	csa_reader *r = ps->r;
	uint64_t key = kifu_position_key(r->pos);
	if (key == r->start_key)
		return 0;
	for (int i = 0; i < r->nstarts; i++)
		if (key == r->starts_key[i]) {
			const char *name = kifu_variant_named_start_name(r->v, i);
			return kifu_record_add_tag(ps->rec, "handicap", 8, name, strlen(name));
		}
	char sfen[256];
	int n = kifu_position_sfen(r->pos, sfen, sizeof sfen);
	if (n < 0)
		return n;
	for (int i = 0; i < n; i++)
		if (sfen[i] == ' ')
			sfen[i] = '_';
	return kifu_record_add_tag(ps->rec, "sfen", 4, sfen, (size_t)n);
}

/* + or - (2.5 (4)): the side to move, which ends the start position. */
static int side_to_move(parse *ps, const char *s, size_t off)
{
	if (ps->stage > BOARD)
		return problem(ps, next_ply(ps), off, s, 1, "a second side-to-move line");
	char sfen[256];
	size_t n = setup_sfen(ps, s[0] == '+' ? KIFU_SENTE : KIFU_GOTE, sfen);
	kifu_diag d;
	kifu_diag_clear(&d);
	if (kifu_position_set_sfen(ps->r->pos, sfen, n, &d))
		return problem(ps, 0, off, NULL, 0, "the start position is none kifu can play: %s", d.message);
	ps->stage = MOVES;
	return start_tag(ps);
}

/* ---- moves (2.6) ---- */

/* Why the move cannot be read here, or NULL. */
static const char *not_now(const parse *ps)
{
	if (ps->stage < MOVES)
		return "the side to move (+ or -) comes before the moves (V2.2 2.5 (4))";
	if (ps->stage == ENDED)
		return "a move after the special move that ended the game";
	return NULL;
}

/* A drop, 00 for its origin: fills *m, or says why not. */
static const char *drop(parse *ps, int code, int to, kifu_move *m)
{
	csa_reader *r = ps->r;
	if (code >= CSA_KING)
		return code == CSA_KING ? "a king is never in hand" : "a piece is dropped unpromoted";
	int t = r->pieces.type_of[code];
	if (kifu_position_hand(r->pos, kifu_position_side(r->pos), t) <= 0)
		return "no such piece in hand";
	if (kifu_position_at(r->pos, to))
		return "a drop on a square that holds a piece";
	*m = (kifu_move){KIFU_NO_SQUARE, KIFU_NO_SQUARE, (uint16_t)to, KIFU_MOVE_DROP, (uint8_t)t};
	return NULL;
}

/* A move from a square: the piece there, and the code the move gives it:
 * the same piece, or its promotion.  Fills *m, or says why not. */
static const char *step(parse *ps, int code, int from, int to, kifu_move *m, char *why, size_t size)
{
	csa_reader *r = ps->r;
	int c = kifu_position_at(r->pos, from);
	if (!c)
		return "no piece on the square it leaves";
	if ((int)kifu_code_side(c) != (int)kifu_position_side(r->pos))
		return "the piece on the square it leaves is the other side's";
	int t = kifu_code_type(c), ct = r->pieces.type_of[code];
	if (ct != t && r->promotes_to[t] != ct) {
		snprintf(why, size, "the piece there is %s, which does not become %s", code_name(r->pieces.code_of[t]),
			 code_name(code));
		return why;
	}
	*m = (kifu_move){(uint16_t)from, KIFU_NO_SQUARE, (uint16_t)to, ct != t ? KIFU_MOVE_PROMOTE : 0, 0};
	return NULL;
}

/* +7776FU (2.6 (1)): side, origin (00 for a drop), destination, and the
 * piece after the move: a promotion is the code of the promoted piece. */
static int move(parse *ps, const char *s, size_t n, size_t off)
{
	csa_reader *r = ps->r;
	long ply = next_ply(ps);
	const char *why = not_now(ps);
	if (why)
		return problem(ps, ps->stage == ENDED ? ply : 0, off, s, n, "%s", why);
	int code = n == 7 ? kifu__csa_code(s + 5) : -1;
	int to = n == 7 ? square(s + 3) : -1;
	int from = n == 7 ? square(s + 1) : -1;
	bool is_drop = n == 7 && s[1] == '0' && s[2] == '0';
	if (code < 0 || to < 0 || (from < 0 && !is_drop))
		return problem(ps, ply, off, s, n, "expected a move as +7776FU: side, from (00: a drop), to, piece");
	int mover = s[0] == '+' ? KIFU_SENTE : KIFU_GOTE;
	if (mover != (int)kifu_position_side(r->pos))
		return problem(ps, ply, off, s, n, "it is %s's move", side_name(kifu_position_side(r->pos)));
	kifu_move m;
	char buf[120];
	why = is_drop ? drop(ps, code, to, &m) : step(ps, code, from, to, &m, buf, sizeof buf);
	if (why)
		return problem(ps, ply, off, s, n, "%s", why);
	int rc = flush_note(ps);
	if (rc)
		return rc;
	long idx = kifu_record_add_move(ps->rec, &m, s, n, ps->lineno, col_at(ps, off));
	if (idx == KIFU_ELIMIT)
		return problem(ps, ply, off, s, n, "more moves than a record may hold");
	if (idx < 0)
		return (int)idx;
	/* carried out legal or not, as the play loop does with a foul: the
	 * next move's piece is read on the board it leaves */
	kifu_make_move(r->pos, &m, NULL);
	ps->last = idx;
	ps->moves++;
	ps->timed = false;
	return 0;
}

/* The ending a special move says: its word (kifu/vocabulary.h), or NULL.
 * %+ILLEGAL_ACTION and %-ILLEGAL_ACTION name the side at fault ("先手(下手)
 * の反則行為により、後手(上手)の勝ち"): a loss of the side to move when it is
 * at fault, else its win.  V3.0's %MAX_MOVES (the game reached its most
 * moves) is a draw: kifu has no word of its own for it. */
static const char *special_word(const parse *ps, const char *s, size_t n)
{
	const kifu_ending_info *e = kifu_ending_find_csa(s, n);
	if (e)
		return e->word;
	if (n == 16 && (s[1] == '+' || s[1] == '-') && !memcmp(s + 2, "ILLEGAL_ACTION", 14)) {
		int at_fault = s[1] == '+' ? KIFU_SENTE : KIFU_GOTE;
		return at_fault == (int)kifu_position_side(ps->r->pos) ? "illegal-loss" : "illegal-win";
	}
	if (n == 10 && !memcmp(s, "%MAX_MOVES", 10))
		return "draw";
	return NULL;
}

/* %TORYO ... (2.6 (2)): the special move that ends the game. */
static int special(parse *ps, const char *s, size_t n, size_t off)
{
	long ply = next_ply(ps);
	if (ps->stage < MOVES)
		return problem(ps, 0, off, s, n, "%s", not_now(ps));
	if (ps->stage == ENDED) {
		/* the same special move again (a server writes %KACHI, its
		 * time, and %KACHI once more): one ending, said in a note */
		kifu_record_line_info li;
		kifu_record_get_line(ps->rec, 0, &li);
		if (li.ending_text && strlen(li.ending_text) == n && !memcmp(li.ending_text, s, n)) {
			char msg[200];
			snprintf(msg, sizeof msg, "%.*s again: the game ended with it on line %ld; this one is passed over",
				 (int)n, s, ps->ending_line);
			return kifu_record_add_note(ps->rec, ps->lineno, col_at(ps, off), msg);
		}
		return problem(ps, ply, off, s, n, "a second special move: the game ended on line %ld",
			       ps->ending_line);
	}
	const char *word = special_word(ps, s, n);
	if (!word)
		return problem(ps, ply, off, s, n, "unknown special move (CSA's: %%TORYO %%CHUDAN %%SENNICHITE "
			       "%%TIME_UP %%ILLEGAL_MOVE %%+ILLEGAL_ACTION %%-ILLEGAL_ACTION %%JISHOGI %%KACHI "
			       "%%HIKIWAKE %%MATTA %%TSUMI %%FUZUMI %%ERROR, V3.0's %%MAX_MOVES)");
	int rc = flush_note(ps);
	if (!rc)
		rc = kifu_record_set_ending(ps->rec, word, strlen(word), ps->lineno, col_at(ps, off));
	if (!rc)
		rc = kifu_record_set_ending_text(ps->rec, s, n);
	ps->stage = ENDED;
	ps->ending_line = ps->lineno;
	ps->timed = false;
	return rc;
}

/* T10 (2.6 (3)), T6.123 (V3.0: fractions of a second): the time of the
 * move (or special move) before it, in seconds. */
static int time_spent(parse *ps, const char *s, size_t n, size_t off)
{
	long ply = ps->stage == ENDED ? next_ply(ps) : ps->moves;
	/* every digit as written, or refused (writing.h: no writer writes a
	 * time of 100,000,000 minutes or more) */
	double t;
	int trc = kifu__seconds_read(s + 1, n - 1, KIFU__WRITE_TIME_MAX, &t);
	if (trc == KIFU_ELIMIT)
		return problem(ps, ply, off, s, n, "a time of 100,000,000 minutes or more (no writer writes one)");
	if (trc)
		return problem(ps, ply, off, s, n, "expected a time as T10 or T6.123 (seconds)");
	if (ps->stage == ENDED ? ps->timed : ps->last < 0 || ps->timed)
		return problem(ps, ply, off, s, n, ps->last < 0 && ps->stage != ENDED ?
			       "a time (T) with no move before it" : "a second time for one move");
	ps->timed = true;
	return kifu_record_set_time(ps->rec, ps->stage == ENDED ? KIFU_COMMENT_ENDING : ps->last, t, -1);
}

/* ---- statements and lines ---- */

static bool space(char c) { return c == ' ' || c == '\t'; }

/* One statement, line[off..off+n). */
static int statement(parse *ps, size_t off, size_t n)
{
	const char *s = ps->line + off;
	if (ps->lost)
		return 0;
	if (s[0] == '\'') {
		/* 2.7: a comment programs pass over; V3.0: '* one they read */
		if (n >= 2 && s[1] == '*') {
			ps->substance = true;
			return program_comment(ps, s + 2, n - 2);
		}
		if (ps->lineno == 1 && n >= 14 && !memcmp(s, "'CSA encoding=", 14)) {
			/* V3.0 2.2: UTF-8 or SHIFT_JIS (csa_open has chosen the decoder) */
			const char *e = s + 14;
			size_t en = n - 14;
			if (!((en == 5 && !strncasecmp(e, "UTF-8", 5)) || (en == 9 && !strncasecmp(e, "SHIFT_JIS", 9))))
				return problem(ps, 0, off + 14, NULL, 0, "'CSA encoding= names UTF-8 or SHIFT_JIS "
					       "(V3.0 2.2), not \"%.*s\"", (int)(en > 40 ? 40 : en), e);
		}
		return 0;
	}
	size_t whole = n; /* a name or value is as written; a P row's last cell may end in spaces */
	while (n > 0 && space(s[n - 1]))
		n--;
	if (!n)
		return 0; /* an empty statement: ",," or a line's last ',' */
	int rc;
	switch (s[0]) {
	case 'V':
		rc = version(ps, s, n, off);
		break;
	case 'N':
	case '$':
		rc = n >= 2 && (s[0] == '$' || s[1] == '+' || s[1] == '-') ? information(ps, s, whole, off) :
			problem(ps, 0, off, NULL, 0, "not a CSA statement");
		break;
	case 'P':
		rc = position_line(ps, s, n >= 2 && s[1] >= '1' && s[1] <= '9' ? whole : n, off);
		break;
	case '+':
	case '-':
		rc = n == 1 ? side_to_move(ps, s, off) : move(ps, s, n, off);
		break;
	case '%':
		rc = special(ps, s, n, off);
		break;
	case 'T':
		rc = time_spent(ps, s, n, off);
		break;
	default:
		rc = problem(ps, ps->stage >= MOVES ? next_ply(ps) : 0, off, ps->stage >= MOVES ? s : NULL, n,
			     "not a CSA statement (a version, N+, $KEY:, P.., +, a move, T, %%, or a ' comment)");
		break;
	}
	ps->substance = true;
	ps->stmt_line = ps->lineno;
	return rc;
}

/* The statements of a line: split at ',' (2.8), but a comment, a name and a
 * game information line run to the end of the line (a comma is text there:
 * names, titles and comments hold commas; nothing follows them on their
 * line). */
static int statements(parse *ps)
{
	const char *line = ps->line;
	size_t i = 0, len = ps->len;
	while (i < len) {
		size_t end = i;
		char c = line[i];
		if (c == '\'' || c == '$' || (c == 'N' && i + 1 < len && (line[i + 1] == '+' || line[i + 1] == '-')))
			end = len;
		else
			while (end < len && line[end] != ',')
				end++;
		int rc = statement(ps, i, end - i);
		if (rc)
			return rc;
		i = end + 1;
	}
	return 0;
}

/* ---- the reader ---- */

void kifu__csa_close(void *state)
{
	csa_reader *r = state;
	if (!r)
		return;
	kifu_position_free(r->pos);
	free(r->note.p);
	free(r);
}

/* V3.0 2.2: the first line names the encoding ('CSA encoding=UTF-8 or
 * SHIFT_JIS).  The stream told the encoding from the bytes (text/
 * encoding.c), and the bytes win where they tell (a line may lie, as a KIF
 * header may); where the first 64 KiB are all ASCII they tell nothing, and
 * the line decides for what follows (kifu__lines_declare). */
static int declared_encoding(csa_reader *r, const kifu__line *l)
{
	if (l->no != 1 || l->len < 14 || memcmp(l->text, "'CSA encoding=", 14))
		return 0;
	const char *e = l->text + 14;
	if (!strncasecmp(e, "SHIFT_JIS", 9))
		return kifu__lines_declare(r->ctx.pump, KIFU__ENC_CP932);
	if (!strncasecmp(e, "UTF-8", 5))
		return kifu__lines_declare(r->ctx.pump, KIFU__ENC_UTF8);
	return 0;
}

int kifu__csa_open(void **state, const kifu__read_ctx *ctx)
{
	csa_reader *r = calloc(1, sizeof *r);
	*state = r;
	if (!r)
		return KIFU_ENOMEM;
	r->ctx = *ctx;
	return 0;
}

/* A line the pump says is bad (text/lines.h): too long, or with a byte
 * the encoding does not read.  In a comment ('...), a note at the byte (the
 * comment keeps U+FFFD where it was, and the moves are read on); else the
 * record's problem, at the line (and the byte's column). */
static int line_problem(parse *ps, const kifu__line *l)
{
	if (l->problem == KIFU__LINE_NUL || (l->problem == KIFU__LINE_SPOILED && ps->len && ps->line[0] == '\''))
		return kifu_record_add_note(ps->rec, l->no, l->col, l->message);
	return problem(ps, 0, l->problem == KIFU__LINE_SPOILED ? l->at : 0, NULL, 0, "%s", l->message);
}

/* A new record begins on line lineno. */
static int begin(parse *ps, long lineno)
{
	csa_reader *r = ps->r;
	ps->started = true;
	int rc = kifu_record_set_source(ps->rec, kifu__lines_name(r->ctx.pump), lineno);
	if (!rc && r->v)
		rc = kifu_record_set_variant(ps->rec, kifu_variant_name(r->v), strlen(kifu_variant_name(r->v)));
	if (!rc && !r->v) {
		ps->lineno = lineno;
		rc = problem(ps, 0, 0, NULL, 0, "%s", r->variant_problem);
	}
	if (!rc && r->v)
		kifu_position_reset(r->pos);
	memcpy(ps->st.box, r->set, sizeof ps->st.box);
	return rc;
}

static void parse_init(parse *ps, csa_reader *r, kifu_record *rec)
{
	memset(ps, 0, sizeof *ps);
	ps->r = r;
	ps->rec = rec;
	ps->last = -1;
	ps->col_val = 1;
	kifu_record_clear(rec);
}

/* The record read: its last checks.  1, or KIFU_ENOMEM. */
static int finish(parse *ps, const kifu_variant **variant)
{
	int rc = flush_note(ps);
	if (!rc && ps->stage < MOVES) {
		/* said at the last statement of the record */
		ps->lineno = ps->stmt_line ? ps->stmt_line : kifu_record_line(ps->rec);
		ps->col_off = 0;
		ps->col_val = 1;
		rc = problem(ps, 0, 0, NULL, 0, "no side to move (+ or -): a record gives its start position "
			     "(PI, P1..P9, P+, P-) and then the side to move (V2.2 2.5 (4))");
	}
	if (rc)
		return rc;
	*variant = ps->r->v;
	return 1;
}

/* V2.2 2.1: a line "/" separates records. */
static bool separator(const char *line, size_t len)
{
	if (!len || line[0] != '/')
		return false;
	for (size_t i = 1; i < len; i++)
		if (!space(line[i]) && line[i] != '\r')
			return false;
	return true;
}

int kifu__csa_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	csa_reader *r = state;
	*variant = NULL;
	int rc;
	if (!r->ready && (rc = set_up(r)))
		return kifu_diag_set(diag, rc, kifu__lines_name(r->ctx.pump), 0, 0, "out of memory");
	parse ps;
	parse_init(&ps, r, rec);
	const kifu__line *l;
	while ((rc = kifu__lines_next(r->ctx.pump, &l, diag)) == 1) {
		ps.line = l->text;
		ps.len = l->len;
		size_t k = 0;
		while (k < ps.len && (space(ps.line[k]) || ps.line[k] == '\r'))
			k++;
		if (k == ps.len && l->problem != KIFU__LINE_TOO_LONG)
			continue; /* a blank line */
		ps.lineno = l->no;
		ps.col_off = 0;
		ps.col_val = 1;
		if (separator(ps.line, ps.len)) {
			if (ps.substance)
				return finish(&ps, variant);
			parse_init(&ps, r, rec); /* nothing but comments: no record */
			continue;
		}
		if (!ps.started && (rc = begin(&ps, l->no)))
			return rc;
		if ((rc = declared_encoding(r, l)))
			return kifu_diag_set(diag, rc, kifu__lines_name(r->ctx.pump), l->no, 0, "out of memory");
		if (l->problem && (rc = line_problem(&ps, l)))
			return rc;
		if ((rc = statements(&ps)))
			return rc;
	}
	if (rc < 0)
		return rc;
	if (!ps.substance)
		return 0;
	return finish(&ps, variant);
}
