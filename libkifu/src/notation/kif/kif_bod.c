/*
 * kif_bod.c - the board diagram (BOD) of a KIF record (kif_read.h): the
 * hands ("先手の持駒：飛　角　歩三", "なし"), the ranks ("|v香v桂 ・ ...|一":
 * Sente's pieces plain, Gote's after v), the side to move (後手番) and the
 * moves played before it (手数＝N), read into the record's `sfen` tag.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/kif/kif_read.h"

void kifu__bod_init(kif_bod *b)
{
	memset(b, 0, sizeof *b);
}

void kifu__bod_free(kif_bod *b)
{
	free(b->text);
	kifu__bod_init(b);
}

void kifu__bod_clear(kif_bod *b)
{
	char *text = b->text;
	size_t cap = b->cap;
	kifu__bod_init(b);
	b->text = text;
	b->cap = cap;
}

/* Keeps a copy of the line. */
static int keep(kif_bod *b, struct kif_bod_line *at, const char *line, size_t len,
		const char *content, long lineno)
{
	if (b->len + len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		while (cap < b->len + len + 1)
			cap *= 2;
		char *t = realloc(b->text, cap);
		if (!t)
			return KIFU_ENOMEM;
		b->text = t;
		b->cap = cap;
	}
	memcpy(b->text + b->len, line, len);
	b->text[b->len + len] = 0;
	at->off = b->len;
	at->len = len;
	at->content = (size_t)(content - line);
	at->lineno = lineno;
	b->len += len + 1;
	return 0;
}

int kifu__bod_line(kif_bod *b, const kif_line *l, const char *line, size_t len, long lineno)
{
	if (!b->seen && (l->kind == KIF_BOD_HAND || l->kind == KIF_BOD_RANK || l->kind == KIF_BOD_BORDER)) {
		/* a new diagram */
		kifu__bod_clear(b);
		b->side = KIFU_SENTE;
	}
	switch (l->kind) {
	case KIF_BOD_HAND:
		b->seen = true;
		b->has_hand[l->side] = true;
		return keep(b, &b->hand[l->side], line, len, l->rest.p, lineno);
	case KIF_BOD_RANK:
		b->seen = true;
		if (b->nranks < KIFU_MAX_DIM)
			return keep(b, &b->rank[b->nranks++], line, len, l->rest.p, lineno);
		if (!b->extra_ranks++)
			b->extra_lineno = lineno;
		return 0;
	case KIF_BOD_FILES:
		b->files = (int)l->number;
		return 0;
	case KIF_BOD_SIDE:
		b->side = l->side;
		return 0;
	case KIF_BOD_MOVENUMBER:
		b->movenumber = l->number;
		return 0;
	default:
		return 0;
	}
}

/* "飛　角　金二　歩三" or "なし": the pieces of one side's hand. */
static int read_hand(const kifu_variant *v, const char *line, const struct kif_bod_line *at,
		     kifu_record *rec, int *hand)
{
	kif_spot sp = {rec, at->lineno, line};
	kif_text t = {line + at->content, line + at->len};
	kif_skip_space(&t);
	if (kif_eat(&t, "なし"))
		return 0;
	while (!kif_at_end(&t)) {
		size_t used;
		kifu_piece_info info;
		int type = kifu_variant_piece_by_name(v, t.p, (size_t)(t.end - t.p), &used);
		if (type < 0 || (kifu_variant_piece(v, type, &info) == 0 && info.promoted))
			return kifu__kif_problem(&sp, 0, t.p, NULL, 0, "unknown piece in hand");
		const char *at_piece = t.p;
		t.p += used;
		int n = kifu__kif_kanji_number(&t);
		hand[type] += n < 0 ? 1 : n;
		/* SFEN's limit (docs/limits.md), said on the hand's line */
		if (hand[type] > KIFU_MAX_IN_HAND)
			return kifu__kif_problem(&sp, 0, at_piece, NULL, 0, "more than 200 of one piece in hand");
	}
	return 0;
}

/* Does type u have a name that folds to folded (NUL-terminated)? */
static bool has_name(const kifu_variant *v, int u, const char *folded)
{
	char name[128], f[128];
	for (int i = 0; kifu_variant_piece_reading(v, u, i, name, sizeof name) > 0; i++) {
		kifu_name_fold(name, f, sizeof f);
		if (!strcmp(f, folded))
			return true;
	}
	return false;
}

int kifu__bod_cell_piece(const kifu_variant *v, const char *text, size_t len, size_t *used)
{
	size_t n = 0;
	int t = kifu_variant_piece_by_name(v, text, len, &n);
	char cell[128], folded[128];
	*used = n;
	if (t < 0 || n >= sizeof cell)
		return t;
	memcpy(cell, text, n);
	cell[n] = 0;
	kifu_name_fold(cell, folded, sizeof folded);
	/* of the types that bear the name, the one whose diagram name it is,
	 * else an unpromoted one */
	int chosen = -1;
	for (int u = 0; u < kifu_variant_piece_count(v); u++) {
		if (u != t && !kifu_piece_names_agree(v, t, u))
			continue;
		char d[128];
		kifu_name_fold(kifu_variant_piece_diagram_name(v, u), d, sizeof d);
		if (!strcmp(d, folded)) {
			chosen = u;
			break;
		}
		kifu_piece_info info;
		if (chosen < 0 && kifu_variant_piece(v, u, &info) == 0 && !info.promoted && has_name(v, u, folded))
			chosen = u;
	}
	return chosen >= 0 ? chosen : t;
}

/* "|v香v桂 ・ ...|一": one rank; board[f] = 0 for an empty square, else
 * 1 + type * 2 + side (kifu_code_make).  Cells may be padded (lishogi's Chu
 * cells are three characters, `  香`, ` v香`, `v成馬`) or not
 * (`v香v桂`): the names themselves say where each ends. */
static int read_rank(const kifu_variant *v, const char *line, const struct kif_bod_line *at,
		     kifu_record *rec, int *board)
{
	kif_spot sp = {rec, at->lineno, line};
	kif_text t = {line + at->content, line + at->len};
	kif_eat(&t, "|");
	for (int f = kifu_variant_files(v) - 1; f >= 0; f--) {
		int side = KIFU_SENTE;
		/* any spaces (ASCII or full-width), then v for Gote */
		kif_skip_space(&t);
		if (kif_eat(&t, "v") || kif_eat(&t, "V"))
			side = KIFU_GOTE;
		else
			kif_eat(&t, "^"); /* Sente's mark in some writers */
		/* an empty square; lishogi's reader takes '.' too
		 * (scalashogi KifParserHelper.parseSituation) */
		if (kif_eat(&t, "・") || kif_eat(&t, ".")) {
			board[f] = 0;
			continue;
		}
		size_t used;
		int type = kifu__bod_cell_piece(v, t.p, (size_t)(t.end - t.p), &used);
		if (type < 0)
			return kifu__kif_problem(&sp, 0, t.p, NULL, 0, "unknown piece in the board diagram");
		t.p += used;
		board[f] = kifu_code_make(type, (enum kifu_side)side);
	}
	return 0;
}

/* Appends an SFEN piece token (lowercase for Gote). */
static size_t put_token(char *out, size_t n, const char *tok, int side)
{
	for (const char *c = tok; *c; c++)
		out[n++] = side == KIFU_GOTE && *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c;
	return n;
}

int kifu__bod_finish(kif_bod *b, const kifu_variant *v, kifu_record *rec, const kif_spot *here)
{
	if (!b->seen)
		return 0;
	b->seen = false;
	const int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (b->nranks + b->extra_ranks > ranks) {
		const struct kif_bod_line *at = b->nranks > ranks ? &b->rank[ranks] : NULL;
		kif_spot sp = {rec, at ? at->lineno : b->extra_lineno, at ? b->text + at->off : ""};
		return kifu__kif_problem(&sp, 0, at ? sp.line + at->content : sp.line, NULL, 0,
					 "too many ranks in the board diagram");
	}
	int hand[2][KIFU_MAX_TYPES];
	memset(hand, 0, sizeof hand);
	for (int side = 0; side < 2; side++) {
		int rc;
		if (b->has_hand[side] &&
		    ((rc = read_hand(v, b->text + b->hand[side].off, &b->hand[side], rec, hand[side])) ||
		     kifu_record_error(rec, NULL, NULL, NULL, NULL)))
			return rc;
	}
	int board[KIFU_MAX_DIM][KIFU_MAX_DIM];
	for (int r = 0; r < b->nranks; r++) {
		int rc = read_rank(v, b->text + b->rank[r].off, &b->rank[r], rec, board[r]);
		if (rc || kifu_record_error(rec, NULL, NULL, NULL, NULL))
			return rc;
	}
	if (b->nranks != ranks)
		return kifu__kif_problem(here, 0, here->line, NULL, 0, "the board diagram has too few ranks");
	/* the SFEN of the diagram, `_` for its spaces (a tag value) */
	char sfen[KIFU_SFEN_MAX];
	size_t n = 0;
	for (int r = 0; r < ranks; r++) {
		if (r)
			sfen[n++] = '/';
		int empty = 0;
		for (int f = files - 1; f >= 0; f--) {
			int c = board[r][f];
			if (!c) {
				empty++;
				continue;
			}
			if (empty)
				n += (size_t)snprintf(sfen + n, sizeof sfen - n, "%d", empty);
			empty = 0;
			kifu_piece_info info;
			kifu_variant_piece(v, kifu_code_type(c), &info);
			n = put_token(sfen, n, info.sfen, kifu_code_side(c));
		}
		if (empty)
			n += (size_t)snprintf(sfen + n, sizeof sfen - n, "%d", empty);
	}
	n += (size_t)snprintf(sfen + n, sizeof sfen - n, "_%c_", b->side == KIFU_SENTE ? 'b' : 'w');
	bool any = false;
	for (int side = 0; side < 2; side++)
		for (int t = 0; t < kifu_variant_piece_count(v); t++) {
			int k = hand[side][t];
			if (!k)
				continue;
			any = true;
			if (k > 1)
				n += (size_t)snprintf(sfen + n, sizeof sfen - n, "%d", k);
			kifu_piece_info info;
			kifu_variant_piece(v, t, &info);
			n = put_token(sfen, n, info.sfen, side);
		}
	if (!any)
		sfen[n++] = '-';
	n += (size_t)snprintf(sfen + n, sizeof sfen - n, "_%ld", b->movenumber > 0 ? b->movenumber + 1 : 1);
	return kifu_record_add_tag(rec, "sfen", 4, sfen, n);
}
