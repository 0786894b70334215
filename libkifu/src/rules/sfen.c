/*
 * sfen.c - reading an SFEN (docs/rules.md, "SFEN") into a setup of the
 * variant model, stage by stage: the board, the side to move, field 3 (the
 * hands, or the counter-strike square), the move number.
 *
 * SFEN: `board side hands [movenumber]`, ranks from rank 1, files from N
 * down to 1, `+` before a promoted piece, uppercase = Sente; piece tokens are
 * a letter with an optional ' or ! (HaChu's Dai letters: A', L!).  Empty
 * squares are counted in decimal, several digits allowed (15).
 */
#include <string.h>

#include "rules/sfen.h"
#include "rules/hash.h"

typedef struct reader {
	const struct kifu_variant *v;
	const char *s;
	size_t len, i;
	sfen_setup *out;
	kifu_diag *diag;
} reader;

static int fail(reader *r, size_t col, const char *msg)
{
	return kifu_diag_set(r->diag, KIFU_ESYNTAX, NULL, 0, (long)col + 1, "%s", msg);
}

static void skip_spaces(reader *r)
{
	while (r->i < r->len && r->s[r->i] == ' ')
		r->i++;
}

/* ASCII only, whatever the locale (and with no call into it). */
static inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
static inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

static bool at_digit(const reader *r)
{
	return r->i < r->len && is_digit(r->s[r->i]);
}

int kifu__sfen_token_type(const struct kifu_variant *v, const char *token, size_t len)
{
	size_t i = 0;
	int promoted = 0;
	if (len && token[0] == '+') {
		promoted = 1;
		i = 1;
	}
	if (i >= len || token[i] < 'A' || token[i] > 'Z')
		return KIFU_ENOTFOUND;
	size_t marks = kifu_sfen_marks(token + i + 1, len - i - 1);
	if (i + 1 + marks != len)
		return KIFU_ENOTFOUND;
	int t = v->by_sfen[promoted][token[i] - 'A'][sfen_marks_index(token + i + 1, marks)];
	return t >= 0 ? t : KIFU_ENOTFOUND;
}

/* One piece token at the reader ([+]Letter[marks]): its type and *side, or
 * a failure (at the token, or at what should be its letter). */
static int read_token(reader *r, bool allow_plus, int *side)
{
	const char *s = r->s;
	size_t at = r->i;
	bool plus = at < r->len && s[at] == '+';
	if (plus && !allow_plus)
		return fail(r, at, "a piece in hand is never promoted");
	at += plus;
	if (at >= r->len || !(is_upper(s[at]) || is_lower(s[at])))
		return fail(r, at, "expected a piece letter");
	char tok[2 + KIFU_SFEN_MAX_MARKS];
	size_t n = 0;
	if (plus)
		tok[n++] = '+';
	*side = is_upper(s[at]) ? KIFU_SENTE : KIFU_GOTE;
	tok[n++] = is_upper(s[at]) ? s[at] : (char)(s[at] - 'a' + 'A');
	size_t end = at + 1;
	for (size_t k = kifu_sfen_marks(s + end, r->len - end); k; k--)
		tok[n++] = s[end++];
	int t = kifu__sfen_token_type(r->v, tok, n);
	if (t < 0)
		return fail(r, r->i, plus ? "unknown or unpromotable piece" : "unknown piece letter for this variant");
	r->i = end;
	return t;
}

/* A piece on sq, its bitboards and, for a royal, its square. */
static int put_piece(reader *r, size_t at, int sq, int t, int side)
{
	sfen_setup *o = r->out;
	const struct kifu_variant *v = r->v;
	int code = kifu_code_make(t, (enum kifu_side)side);
	o->board[sq] = (uint16_t)code;
	if (v->bitboards) {
		bb_set(&o->occ[side], sq);
		if (v->code_slides[code])
			bb_set(&o->sliders[side], sq);
	}
	if (v->types[t].desc.royal) {
		if (o->nroyal[side] == MAX_ROYALS)
			return fail(r, at, "too many royal pieces (at most 8 a side)");
		o->royal_sq[side][o->nroyal[side]++] = (uint16_t)sq;
	}
	return 0;
}

/* A count of empty squares (several digits: 15). */
static int read_empty(reader *r, int *f)
{
	size_t at = r->i;
	int n = 0;
	while (at_digit(r)) {
		n = n * 10 + (r->s[r->i] - '0');
		if (n > KIFU_MAX_DIM)
			return fail(r, at, "number of empty squares too large");
		r->i++;
	}
	if (n == 0)
		return fail(r, at, "zero empty squares");
	*f -= n;
	if (*f < -1)
		return fail(r, at, "rank has too many squares");
	return 0;
}

/* The end of a rank: every file filled. */
static int rank_full(reader *r, int f)
{
	if (f == -1)
		return 0;
	return fail(r, r->i, f >= 0 ? "rank has too few squares" : "rank has too many squares");
}

/* Field 1, the board: ranks 1 to N, each from file N down to 1. */
static int read_board(reader *r)
{
	const struct kifu_variant *v = r->v;
	int rank = 0, f = v->files - 1, rc = 0;
	while (!rc && r->i < r->len && r->s[r->i] != ' ') {
		if (r->s[r->i] == '/') {
			if ((rc = rank_full(r, f)) != 0)
				break;
			if (++rank >= v->ranks)
				return fail(r, r->i, "too many ranks");
			f = v->files - 1;
			r->i++;
		} else if (at_digit(r)) {
			rc = read_empty(r, &f);
		} else {
			size_t at = r->i;
			int side, t = read_token(r, true, &side);
			if (t < 0)
				return t;
			if (f < 0)
				return fail(r, at, "rank has too many squares");
			rc = put_piece(r, at, rank * v->files + f, t, side);
			f--;
		}
	}
	if (!rc)
		rc = rank_full(r, f);
	if (!rc && rank != v->ranks - 1)
		rc = fail(r, r->i, "too few ranks");
	return rc;
}

/* Field 2: b (Sente) or w (Gote). */
static int read_side(reader *r)
{
	skip_spaces(r);
	if (r->i >= r->len)
		return fail(r, r->i, "missing side to move (b or w)");
	char c = r->s[r->i];
	if ((c != 'b' && c != 'w') || (r->i + 1 < r->len && r->s[r->i + 1] != ' '))
		return fail(r, r->i + (c == 'b' || c == 'w'), "side to move must be b or w");
	r->out->side = c == 'b' ? KIFU_SENTE : KIFU_GOTE;
	r->i++;
	return 0;
}

/* Field 3 of a variant with lion-trading's counter-strike (which has no
 * drops): `-` or the square (`8j`) where a non-Lion just took a Lion, as
 * lishogi writes Chu's SFEN (scalashogi format/forsyth/Sfen.scala;
 * shogiops sfen.ts). */
static int read_counter_strike(reader *r)
{
	const struct kifu_variant *v = r->v;
	if (r->i >= r->len)
		return fail(r, r->i, "missing the counter-strike square (- for none)");
	if (r->s[r->i] == '-') {
		r->i++;
		return 0;
	}
	size_t at = r->i;
	int file = 0, rank = 0;
	while (at_digit(r) && file <= KIFU_MAX_DIM)
		file = file * 10 + (r->s[r->i++] - '0');
	size_t used = 0;
	if (r->i < r->len && (rank = kifu_rank_read(r->s + r->i, r->len - r->i, &used)) > 0)
		r->i += used;
	if (file < 1 || file > v->files || rank < 1 || rank > v->ranks)
		return fail(r, at, "the counter-strike square must be - or a square of the board (8j)");
	r->out->cs = (uint16_t)((rank - 1) * v->files + (file - 1));
	return 0;
}

/* Field 3: the hands, `-` for none; a count before a token (2P). */
static int read_hands(reader *r)
{
	const struct kifu_variant *v = r->v;
	sfen_setup *o = r->out;
	if (r->i >= r->len)
		return fail(r, r->i, "missing hands (- for none)");
	if (r->s[r->i] == '-') {
		r->i++;
		return 0;
	}
	while (r->i < r->len && r->s[r->i] != ' ') {
		size_t at = r->i;
		int n = 1;
		if (at_digit(r)) {
			n = 0;
			while (at_digit(r)) {
				n = n * 10 + (r->s[r->i] - '0');
				if (n > KIFU_MAX_IN_HAND)
					return fail(r, at, "count in hand too large");
				r->i++;
			}
			if (n == 0)
				return fail(r, at, "zero count in hand");
		}
		size_t tat = r->i;
		int side, t = read_token(r, false, &side);
		if (t < 0)
			return t;
		if (!v->drops)
			return fail(r, tat, "this variant has no drops: hands must be -");
		if (!v->types[t].to_hand)
			return fail(r, tat, "this piece never goes to hand");
		if (o->hand[side][t] + n > KIFU_MAX_IN_HAND)
			return fail(r, at, "count in hand too large");
		o->hand[side][t] = (uint8_t)(o->hand[side][t] + n);
	}
	return 0;
}

/* Field 4, if there: the move number, a positive whole number. */
static int read_movenumber(reader *r)
{
	skip_spaces(r);
	if (r->i >= r->len)
		return 0;
	size_t at = r->i;
	long n = 0;
	while (at_digit(r)) {
		n = n * 10 + (r->s[r->i] - '0');
		if (n > 100000000L)
			return fail(r, at, "move number too large");
		r->i++;
	}
	if (r->i == at || n < 1)
		return fail(r, at, "move number must be a positive whole number");
	r->out->ply = n;
	skip_spaces(r);
	if (r->i < r->len)
		return fail(r, r->i, "unexpected text after the SFEN");
	return 0;
}

/* The position's hash, as kifu_position_key gives it (rules/hash.h). */
static uint64_t setup_key(const struct kifu_variant *v, const sfen_setup *o)
{
	uint64_t k = o->side == KIFU_GOTE ? HASH_GOTE : 0;
	for (int sq = 0; sq < v->files * v->ranks; sq++)
		if (o->board[sq])
			k ^= hash_piece(o->board[sq], sq);
	for (int side = 0; side < 2; side++)
		for (int t = 0; t < v->ntypes; t++)
			k ^= hash_hand(side, t, o->hand[side][t]);
	return k ^ hash_cs(o->cs);
}

int kifu__sfen_parse(const struct kifu_variant *v, const char *s, size_t len, sfen_setup *out,
		     kifu_diag *diag)
{
	reader r = {v, s, len, 0, out, diag};
	memset(out, 0, sizeof *out);
	out->ply = 1;
	out->loser = -1;
	out->cs = KIFU_NO_SQUARE;
	skip_spaces(&r);
	int rc = read_board(&r);
	if (!rc)
		rc = read_side(&r);
	if (!rc) {
		skip_spaces(&r);
		rc = v->counter_strike != CS_NONE ? read_counter_strike(&r) : read_hands(&r);
	}
	if (!rc && r.i < len && s[r.i] != ' ')
		rc = fail(&r, r.i, "unexpected character");
	if (!rc)
		rc = read_movenumber(&r);
	if (rc)
		return rc;
	/* A side with no royal has lost (docs/rules.md: Dai Shogi, Sho Shogi),
	 * unless the variant plays such positions (tsume problems: standard
	 * shogi's attacker). */
	if (v->lost_without_royal && (!out->nroyal[0] || !out->nroyal[1]))
		out->loser = !out->nroyal[out->side] ? out->side : !out->side;
	out->key = setup_key(v, out);
	return 0;
}
