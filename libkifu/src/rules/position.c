/*
 * position.c - positions: creation, SFEN in and out (docs/rules.md, "SFEN").
 *
 * SFEN: `board side hands [movenumber]`, ranks from rank 1, files from N
 * down to 1, `+` before a promoted piece, uppercase = Sente; piece tokens are
 * a letter with an optional ' or ! (HaChu's Dai letters: A', L!).  Empty
 * squares are counted in decimal, several digits allowed (15).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules/position_internal.h"

static void clear(struct kifu_position *p, const struct kifu_variant *v)
{
	uint64_t *scratch = p->scratch;
	size_t cap = p->scratch_cap;
	kifu_movelist *mate_lists[MAX_MATE_DEPTH + 1];
	memcpy(mate_lists, p->mate_lists, sizeof mate_lists);
	memset(p, 0, sizeof *p);
	p->scratch = scratch;
	p->scratch_cap = cap;
	memcpy(p->mate_lists, mate_lists, sizeof mate_lists);
	p->v = v;
	p->files = v->files;
	p->ranks = v->ranks;
	p->nsq = v->files * v->ranks;
	p->loser = -1;
	p->cs = KIFU_NO_SQUARE;
	p->ply = 1;
	p->check = -1;
}

/* Reads one piece token at s[*i] ([+]Letter[suffix]); returns the type or a
 * negative code with a message. */
static int read_token(const struct kifu_variant *v, const char *s, size_t len, size_t *i,
		      bool allow_plus, int *side, const char **msg)
{
	size_t at = *i;
	bool plus = false;
	if (at >= len) {
		*msg = "expected a piece letter";
		return -1;
	}
	if (s[at] == '+') {
		if (!allow_plus) {
			*msg = "a piece in hand is never promoted";
			return -1;
		}
		plus = true;
		at++;
	}
	if (at >= len || !isalpha((unsigned char)s[at])) {
		*msg = "expected a piece letter";
		*i = at;
		return -1;
	}
	char tok[4];
	size_t n = 0;
	if (plus)
		tok[n++] = '+';
	*side = isupper((unsigned char)s[at]) ? KIFU_SENTE : KIFU_GOTE;
	tok[n++] = (char)toupper((unsigned char)s[at]);
	at++;
	if (at < len && (s[at] == '\'' || s[at] == '!'))
		tok[n++] = s[at++];
	int t = kifu_variant_piece_by_sfen(v, tok, n);
	if (t < 0) {
		*msg = plus ? "unknown or unpromotable piece" : "unknown piece letter for this variant";
		return -1;
	}
	*i = at;
	return t;
}

static int sfen_fail(kifu_diag *diag, size_t col, const char *msg)
{
	return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, (long)col + 1, "%s", msg);
}

static int add_royal(struct kifu_position *p, int side, int sq)
{
	if (p->nroyal[side] == MAX_ROYALS)
		return -1;
	p->royal_sq[side][p->nroyal[side]++] = (uint16_t)sq;
	return 0;
}

/* Parses into *p (already cleared). */
static int parse_sfen(struct kifu_position *p, const char *s, size_t len, kifu_diag *diag)
{
	const struct kifu_variant *v = p->v;
	size_t i = 0;
	while (i < len && s[i] == ' ')
		i++;
	/* board */
	int r = 0, f = v->files - 1;
	while (i < len && s[i] != ' ') {
		char c = s[i];
		if (c == '/') {
			if (f != -1)
				return sfen_fail(diag, i, f >= 0 ? "rank has too few squares" : "rank has too many squares");
			r++;
			if (r >= v->ranks)
				return sfen_fail(diag, i, "too many ranks");
			f = v->files - 1;
			i++;
		} else if (isdigit((unsigned char)c)) {
			int n = 0;
			size_t at = i;
			while (i < len && isdigit((unsigned char)s[i])) {
				n = n * 10 + (s[i] - '0');
				if (n > KIFU_MAX_DIM)
					return sfen_fail(diag, at, "number of empty squares too large");
				i++;
			}
			if (n == 0)
				return sfen_fail(diag, at, "zero empty squares");
			f -= n;
			if (f < -1)
				return sfen_fail(diag, at, "rank has too many squares");
		} else {
			int side;
			const char *msg;
			size_t at = i;
			int t = read_token(v, s, len, &i, true, &side, &msg);
			if (t < 0)
				return sfen_fail(diag, i, msg);
			if (f < 0)
				return sfen_fail(diag, at, "rank has too many squares");
			int sq = r * v->files + f;
			put_code(p, sq, kifu_code_make(t, (enum kifu_side)side));
			if (v->types[t].royal && add_royal(p, side, sq))
				return sfen_fail(diag, at, "too many royal pieces (at most 8 a side)");
			f--;
		}
	}
	if (f != -1)
		return sfen_fail(diag, i, f >= 0 ? "rank has too few squares" : "rank has too many squares");
	if (r != v->ranks - 1)
		return sfen_fail(diag, i, "too few ranks");
	/* side */
	while (i < len && s[i] == ' ')
		i++;
	if (i >= len)
		return sfen_fail(diag, i, "missing side to move (b or w)");
	if (s[i] == 'b')
		p->side = KIFU_SENTE;
	else if (s[i] == 'w')
		p->side = KIFU_GOTE;
	else
		return sfen_fail(diag, i, "side to move must be b or w");
	i++;
	if (i < len && s[i] != ' ')
		return sfen_fail(diag, i, "side to move must be b or w");
	/* hands, or with lion-trading's counter-strike the counter-strike square
	 * (such a variant has no drops): as lishogi writes Chu's SFEN, field 3 is
	 * `-` or the square (`8j`) where a non-Lion just took a Lion (scalashogi
	 * format/forsyth/Sfen.scala; shogiops sfen.ts). */
	while (i < len && s[i] == ' ')
		i++;
	if (v->counter_strike != CS_NONE) {
		if (i >= len)
			return sfen_fail(diag, i, "missing the counter-strike square (- for none)");
		if (s[i] == '-') {
			i++;
		} else {
			size_t at = i;
			int file = 0, rank;
			while (i < len && isdigit((unsigned char)s[i]) && file <= KIFU_MAX_DIM)
				file = file * 10 + (s[i++] - '0');
			rank = i < len && s[i] >= 'a' && s[i] <= 'z' ? s[i++] - 'a' + 1 : 0;
			if (file < 1 || file > v->files || rank < 1 || rank > v->ranks)
				return sfen_fail(diag, at, "the counter-strike square must be - or a square of the board (8j)");
			p->cs = (uint16_t)((rank - 1) * v->files + (file - 1));
		}
	} else if (i >= len)
		return sfen_fail(diag, i, "missing hands (- for none)");
	else if (s[i] == '-') {
		i++;
	} else {
		while (i < len && s[i] != ' ') {
			size_t at = i;
			int n = 1;
			if (isdigit((unsigned char)s[i])) {
				n = 0;
				while (i < len && isdigit((unsigned char)s[i])) {
					n = n * 10 + (s[i] - '0');
					if (n > KIFU_MAX_IN_HAND)
						return sfen_fail(diag, at, "count in hand too large");
					i++;
				}
				if (n == 0)
					return sfen_fail(diag, at, "zero count in hand");
			}
			int side;
			const char *msg;
			size_t tat = i;
			int t = read_token(v, s, len, &i, false, &side, &msg);
			if (t < 0)
				return sfen_fail(diag, i, msg);
			if (!v->drops)
				return sfen_fail(diag, tat, "this variant has no drops: hands must be -");
			if (!v->types[t].to_hand)
				return sfen_fail(diag, tat, "this piece never goes to hand");
			if (p->hand[side][t] + n > KIFU_MAX_IN_HAND)
				return sfen_fail(diag, at, "count in hand too large");
			p->hand[side][t] = (uint8_t)(p->hand[side][t] + n);
		}
	}
	if (i < len && s[i] != ' ')
		return sfen_fail(diag, i, "unexpected character");
	/* move number */
	while (i < len && s[i] == ' ')
		i++;
	if (i < len) {
		size_t at = i;
		long n = 0;
		while (i < len && isdigit((unsigned char)s[i])) {
			n = n * 10 + (s[i] - '0');
			if (n > 100000000L)
				return sfen_fail(diag, at, "move number too large");
			i++;
		}
		if (i == at || n < 1)
			return sfen_fail(diag, at, "move number must be a positive whole number");
		p->ply = n;
		while (i < len && s[i] == ' ')
			i++;
		if (i < len)
			return sfen_fail(diag, i, "unexpected text after the SFEN");
	}
	/* A side with no royal has lost (docs/rules.md: Dai Shogi, Sho Shogi), unless the variant
	 * plays such positions (tsume problems: standard shogi's attacker). */
	if (v->lost_without_royal && (!p->nroyal[0] || !p->nroyal[1]))
		p->loser = !p->nroyal[p->side] ? p->side : !p->side;
	p->key = kifu__position_hash(p);
	return 0;
}

uint64_t kifu__position_hash(const struct kifu_position *p)
{
	uint64_t k = p->side == KIFU_GOTE ? HASH_GOTE : 0;
	for (int sq = 0; sq < p->nsq; sq++)
		if (p->board[sq])
			k ^= hash_piece(p->board[sq], sq);
	for (int side = 0; side < 2; side++)
		for (int t = 0; t < p->v->ntypes; t++)
			k ^= hash_hand(side, t, p->hand[side][t]);
	return k ^ hash_cs(p->cs);
}

int kifu__sfen_check(const struct kifu_variant *v, const char *sfen, uint64_t *key, kifu_diag *diag)
{
	struct kifu_position *p = calloc(1, sizeof *p);
	if (!p)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	clear(p, v);
	int rc = parse_sfen(p, sfen, strlen(sfen), diag);
	if (!rc && key)
		*key = p->key;
	free(p);
	return rc;
}

int kifu_position_new(kifu_position **out, const kifu_variant *v)
{
	*out = NULL;
	struct kifu_position *p = calloc(1, sizeof *p);
	if (!p)
		return KIFU_ENOMEM;
	clear(p, v);
	kifu_position_reset(p);
	*out = p;
	return 0;
}

int kifu_position_for(kifu_position **pos, const kifu_variant *v)
{
	if (*pos && (*pos)->v == v)
		return 0;
	kifu_position_free(*pos);
	*pos = NULL;
	return kifu_position_new(pos, v);
}

void kifu_position_free(kifu_position *pos)
{
	if (pos) {
		free(pos->scratch);
		for (int d = 0; d <= MAX_MATE_DEPTH; d++)
			free(pos->mate_lists[d]);
	}
	free(pos);
}

void kifu_position_copy(kifu_position *dst, const kifu_position *src)
{
	uint64_t *scratch = dst->scratch;
	size_t cap = dst->scratch_cap;
	kifu_movelist *mate_lists[MAX_MATE_DEPTH + 1];
	memcpy(mate_lists, dst->mate_lists, sizeof mate_lists);
	memcpy(dst, src, sizeof *dst);
	dst->scratch = scratch;
	memcpy(dst->mate_lists, mate_lists, sizeof mate_lists);
	dst->scratch_cap = cap;
}

uint64_t *kifu__position_scratch(struct kifu_position *p, size_t n)
{
	if (n > p->scratch_cap) {
		size_t cap = p->scratch_cap ? p->scratch_cap : 1024;
		while (cap < n)
			cap *= 2;
		uint64_t *s = realloc(p->scratch, cap * sizeof *s);
		if (!s)
			return NULL;
		p->scratch = s;
		p->scratch_cap = cap;
	}
	return p->scratch;
}

void kifu_position_reset(kifu_position *pos)
{
	const struct kifu_variant *v = pos->v;
	if (v->start_pos && v->start_pos != pos) {
		kifu_position_copy(pos, v->start_pos);
		return;
	}
	clear(pos, v);
	/* The start SFEN was checked when the variant was loaded. */
	if (parse_sfen(pos, v->start, strlen(v->start), NULL))
		clear(pos, v);
}

int kifu_position_set_sfen(kifu_position *pos, const char *sfen, size_t len, kifu_diag *diag)
{
	struct kifu_position *p = malloc(sizeof *p);
	if (!p)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	p->scratch = NULL;
	p->scratch_cap = 0;
	memset(p->mate_lists, 0, sizeof p->mate_lists);
	clear(p, pos->v);
	int rc = parse_sfen(p, sfen, len, diag);
	if (!rc)
		kifu_position_copy(pos, p);
	free(p);
	return rc;
}

/* The SFEN being written: text appended by hand, no printf (kifu-replay
 * writes one into every picture it draws). */
struct sfen_text {
	char tmp[4096];
	size_t n;
	bool full;
};

static void sfen_char(struct sfen_text *t, char c)
{
	if (t->n + 1 < sizeof t->tmp)
		t->tmp[t->n++] = c;
	else
		t->full = true;
}

static void sfen_number(struct sfen_text *t, long v)
{
	char digits[24];
	int i = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do
		digits[i++] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		sfen_char(t, '-');
	while (i)
		sfen_char(t, digits[--i]);
}

/* A piece's token, lowercase for Gote. */
static void sfen_token(struct sfen_text *t, const char *tok, bool gote)
{
	for (; *tok; tok++)
		sfen_char(t, gote ? (char)tolower((unsigned char)*tok) : *tok);
}

int kifu_position_sfen(const kifu_position *pos, char *buf, size_t size)
{
	const struct kifu_variant *v = pos->v;
	struct sfen_text t;
	t.n = 0;
	t.full = false;
	for (int r = 0; r < v->ranks; r++) {
		if (r)
			sfen_char(&t, '/');
		int empty = 0;
		for (int f = v->files - 1; f >= 0; f--) {
			int c = pos->board[r * v->files + f];
			if (!c) {
				empty++;
				continue;
			}
			if (empty)
				sfen_number(&t, empty);
			empty = 0;
			sfen_token(&t, v->types[kifu_code_type(c)].sfen, kifu_code_side(c) == KIFU_GOTE);
		}
		if (empty)
			sfen_number(&t, empty);
	}
	sfen_char(&t, ' ');
	sfen_char(&t, pos->side == KIFU_SENTE ? 'b' : 'w');
	sfen_char(&t, ' ');
	bool any = false;
	if (v->counter_strike != CS_NONE && pos->cs != KIFU_NO_SQUARE) {
		/* field 3: the counter-strike square, as lishogi writes it */
		sfen_number(&t, v->file_of[pos->cs] + 1);
		sfen_char(&t, (char)('a' + v->rank_of[pos->cs]));
		any = true;
	}
	for (int side = 0; side < 2; side++)
		for (int type = 0; type < v->ntypes; type++) {
			int k = pos->hand[side][type];
			if (!k)
				continue;
			any = true;
			if (k > 1)
				sfen_number(&t, k);
			sfen_token(&t, v->types[type].sfen, side == KIFU_GOTE);
		}
	if (!any)
		sfen_char(&t, '-');
	sfen_char(&t, ' ');
	sfen_number(&t, pos->ply);
	if (t.full || t.n + 1 > size)
		return KIFU_ELIMIT;
	memcpy(buf, t.tmp, t.n);
	buf[t.n] = '\0';
	return (int)t.n;
}

const kifu_variant *kifu_position_variant(const kifu_position *pos) { return pos->v; }
enum kifu_side kifu_position_side(const kifu_position *pos) { return (enum kifu_side)pos->side; }
long kifu_position_movenumber(const kifu_position *pos) { return pos->ply; }

int kifu_position_at(const kifu_position *pos, int sq)
{
	return sq >= 0 && sq < pos->nsq ? pos->board[sq] : 0;
}

int kifu_position_hand(const kifu_position *pos, enum kifu_side side, int t)
{
	return t >= 0 && t < pos->v->ntypes ? pos->hand[side][t] : 0;
}

int kifu_position_royals(const kifu_position *pos, enum kifu_side side)
{
	return pos->nroyal[side];
}

uint64_t kifu_position_key(const kifu_position *pos) { return pos->key; }

int kifu_position_royal_loser(const kifu_position *pos)
{
	return pos->loser;
}

int kifu_position_counter_strike(const kifu_position *pos)
{
	return pos->cs == KIFU_NO_SQUARE ? -1 : pos->cs;
}
