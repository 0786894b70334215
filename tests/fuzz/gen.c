/*
 * gen.c - records and variant files made from fuzzer bytes (gen.h).
 *
 * A record is made in two steps: a tree of lines of play, each move chosen
 * among the legal ones of the position reached (so that a KIF writer has a
 * piece to name), with its annotations; then the tree written as compact
 * text and as KIF text by the emitters below.  How each element is spelt
 * (escapes, 同 or the square, which of a piece's names, 打 or not) is chosen
 * when it is made and kept with it, so that both texts are made from one
 * set of choices.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* ---- bytes and text ---- */

unsigned gen_take(gen_bytes *b, unsigned bound)
{
	if (bound <= 1)
		return 0;
	unsigned x = 0;
	for (int k = bound > 256 ? 2 : 1; k > 0; k--) {
		if (b->i >= b->n)
			return 0;
		x = x << 8 | b->p[b->i++];
	}
	return x % bound;
}

void gen_put(gen_text *t, const char *s, size_t n)
{
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 256;
		while (cap < t->len + n + 1)
			cap *= 2;
		char *p = realloc(t->p, cap);
		if (!p)
			abort();
		t->p = p;
		t->cap = cap;
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
	t->p[t->len] = 0;
}

void gen_puts(gen_text *t, const char *s)
{
	gen_put(t, s, strlen(s));
}

void gen_printf(gen_text *t, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();
	if ((size_t)n < sizeof small) {
		gen_put(t, small, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big)
		abort();
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	gen_put(t, big, (size_t)n);
	free(big);
}

void gen_text_free(gen_text *t)
{
	free(t->p);
	t->p = NULL;
	t->len = t->cap = 0;
}

/* ---- hostile strings ---- */

/* A string of bytes (it may hold NUL), and how it is to be spelt. */
typedef struct gstr {
	char *p; /* NULL: none */
	size_t n;
	unsigned style;
} gstr;

typedef struct frag {
	const char *s;
	size_t n;
} frag;

#define F(s) {s, sizeof s - 1}

/* What tag values and comments are made of: the characters and words that
 * mean something to one notation or the other. */
static const frag fragments[] = {
	F("a"), F("Alice"), F("先手"), F("　"), F(" "), F("\t"), F("\n"), F("\r"), F("\r\n"), F("\0"),
	F("%"), F("%0A"), F("%%"), F("="), F(":"), F("："), F("&"), F("{"), F("}"), F("@"), F("*"),
	F("#"), F("("), F(")"), F(" ( "), F("+"), F("\\"), F("\""), F("'"), F("\x7f"), F("é"),
	F("\xf0\x9f\x80\x84"), F("〜"), F("～"), F("‖"), F("−"), F("手合割："), F("手合割：平手"),
	F("平手"), F("香落ち"), F("大将棋"), F("変化：1手"), F("変化："), F("まで"), F("投了"),
	F("先手："), F("後手の持駒："), F("手数----指手--"), F("   1 ７六歩(77)"), F("1手目 ▲7八歩兵"),
	F("▲"), F("resign"), F("sente=x"), F("header"), F("#KIF version=2.0"), F("&栞"), F("*"),
	F("&a{b}@c"), F("%zz"), F("|"), F("+---"), F("v"), F("・"), F("$EVENT:"), F("$FOO:"), F("棋戦："),
};

#define NFRAGMENTS (sizeof fragments / sizeof fragments[0])

typedef struct grec grec;

/* A string of up to `pieces` fragments, long runs, ASCII taken from the
 * bytes, or (rarely) a raw byte; and a style for its spelling. */
static void gen_string(gen_bytes *b, gstr *out, unsigned pieces)
{
	gen_text t = {NULL, 0, 0};
	gen_put(&t, "", 0);
	unsigned n = gen_take(b, pieces + 1);
	for (unsigned i = 0; i < n; i++) {
		unsigned c = gen_take(b, NFRAGMENTS + 4);
		if (c < NFRAGMENTS) {
			gen_put(&t, fragments[c].s, fragments[c].n);
		} else if (c == NFRAGMENTS) {
			/* a long run: up to 16 KiB, 1 MiB in all */
			unsigned len = 1 + gen_take(b, 256) * (1 + gen_take(b, 64));
			const char *unit = gen_take(b, 2) ? "x" : "あ";
			if (b->runs > (1u << 20))
				len = 1;
			b->runs += len * strlen(unit);
			for (unsigned k = 0; k < len; k++)
				gen_puts(&t, unit);
		} else if (c == NFRAGMENTS + 1 || c == NFRAGMENTS + 2) {
			/* printable ASCII from the bytes */
			for (unsigned k = gen_take(b, 16); k > 0; k--) {
				char ch = (char)(0x21 + gen_take(b, 94));
				gen_put(&t, &ch, 1);
			}
		} else {
			char raw = (char)gen_take(b, 256);
			gen_put(&t, &raw, 1);
		}
	}
	out->p = t.p;
	out->n = t.len;
	out->style = gen_take(b, 256);
}

static void gstr_free(gstr *s)
{
	free(s->p);
	s->p = NULL;
}

/* Splits s at its newlines: calls put(line) for each. */
static void each_line(const gstr *s, void (*put)(gen_text *, const char *, size_t, const char *),
		      gen_text *t, const char *lead)
{
	size_t i = 0;
	for (;;) {
		const char *nl = memchr(s->p + i, '\n', s->n - i);
		size_t end = nl ? (size_t)(nl - s->p) : s->n;
		put(t, s->p + i, end - i, lead);
		if (!nl)
			break;
		i = end + 1;
	}
}

static void put_led_line(gen_text *t, const char *s, size_t n, const char *lead)
{
	gen_puts(t, lead);
	gen_put(t, s, n);
	gen_puts(t, "\n");
}

/* ---- the record's tree ---- */

typedef struct gnote {
	gstr comment, bookmark;
	int timed;
	double time, total;
} gnote;

typedef struct gmove {
	kifu_move m;
	int type;     /* the piece that moves, or the piece dropped */
	int side;     /* the mover */
	int same;     /* to is the destination of the move before (同) */
	int mid_same; /* so is mid (仝 on a first leg) */
	unsigned style;
	gnote note;
} gmove;

typedef struct gline {
	int parent;
	long start;
	gmove *moves;
	int count, cap;
	int ending; /* kifu_ending_at index, -1: none */
	int ending_side;
	unsigned ending_style;
	gnote ending_note;
	int *children; /* by branch ply, as made */
	int nchildren, ccap;
} gline;

typedef struct gtag {
	const char *key;
	gstr value;
} gtag;

#define MAX_TAGS 40
#define MAX_DEPTH 100

struct grec {
	gen_bytes *b;
	const kifu_variant *v;
	kifu_movelist *list;
	kifu_undo *undo;
	long nundo;
	gline *lines;
	int nlines, lines_cap;
	gtag tags[MAX_TAGS];
	int ntags;
	gnote pre;
	char sfen[4096];      /* the start, when it is not the variant's own */
	gen_text bod;         /* its board diagram, for KIF */
	long moves_left;
	int lines_left;
	int deep;             /* variations nest at a line's first (1) or second (2) move */
	unsigned style;
};

static const char *const tag_keys[] = {
	"event", "site", "date", "end", "sente", "gote", "handicap", "time-control", "opening",
	"comment", "bookmark", "header", "x", "k-1_z", "sente", "sfen", "white", "round", "a-1", "result", "csa",
};

static void gen_note(grec *g, gnote *n, int bookmark)
{
	unsigned a = gen_take(g->b, 32);
	if (a >= 16)
		return;
	if (a & 1)
		gen_string(g->b, &n->comment, 6);
	if (a & 2) {
		unsigned k = gen_take(g->b, 8);
		n->timed = 1;
		n->time = k < 4 ? gen_take(g->b, 600) : k < 6 ? gen_take(g->b, 60000) / 7.0 :
			  k == 6 ? (double)gen_take(g->b, 65536) * 100003.0 : 0;
		n->total = gen_take(g->b, 3) ? n->time + gen_take(g->b, 65536) : -1;
	}
	if ((a & 4) && bookmark)
		gen_string(g->b, &n->bookmark, 3);
}

static void note_free(gnote *n)
{
	gstr_free(&n->comment);
	gstr_free(&n->bookmark);
}

/* Room for one more of count elements of size each at *p (cap of them). */
static void *grow(void *p, int count, int *cap, size_t size)
{
	if (count < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 8;
	p = realloc(p, (size_t)*cap * size);
	if (!p)
		abort();
	return p;
}

static int new_line(grec *g, int parent, long start)
{
	g->lines = grow(g->lines, g->nlines, &g->lines_cap, sizeof *g->lines);
	int n = g->nlines++;
	memset(&g->lines[n], 0, sizeof g->lines[n]);
	g->lines[n].parent = parent;
	g->lines[n].start = start;
	g->lines[n].ending = -1;
	g->lines_left--;
	if (parent >= 0) {
		gline *p = &g->lines[parent];
		p->children = grow(p->children, p->nchildren, &p->ccap, sizeof *p->children);
		p->children[p->nchildren++] = n;
	}
	return n;
}

static void add_move(grec *g, int line, const gmove *m)
{
	gline *l = &g->lines[line];
	l->moves = grow(l->moves, l->count, &l->cap, sizeof *l->moves);
	l->moves[l->count++] = *m;
}

/* A move of a piece of the side to move to another square, most likely
 * one it cannot reach: the last move of a line, never played on (KIF
 * writes such a move as it is).  0 if the side has no piece. */
static int illegal_move(grec *g, kifu_position *pos, kifu_move *m, int *type)
{
	int nsq = kifu_variant_files(g->v) * kifu_variant_ranks(g->v);
	int side = kifu_position_side(pos), from = -1;
	for (int k = 0, skip = (int)gen_take(g->b, (unsigned)nsq); k < nsq * 2 && from < 0; k++) {
		int sq = (k + skip) % nsq, c = kifu_position_at(pos, sq);
		if (c && (int)kifu_code_side(c) == side)
			from = sq;
	}
	if (from < 0)
		return 0;
	int to = (int)gen_take(g->b, (unsigned)nsq);
	if (to == from)
		to = (to + 1) % nsq;
	*m = (kifu_move){(uint16_t)from, KIFU_NO_SQUARE, (uint16_t)to, 0, 0};
	*type = kifu_code_type(kifu_position_at(pos, from));
	return 1;
}

/* Line `line`, from pos (the position before its first move; left as it
 * was), prev_to the destination of the move before it (-1: none). */
static void gen_line(grec *g, int line, kifu_position *pos, int prev_to, int depth)
{
	long base = g->nundo;
	long start = g->lines[line].start;
	for (int k = 0; g->moves_left > 0; k++) {
		if (k > 0 && !gen_take(g->b, 12))
			break;
		/* the variations that replace this move */
		int nvar = 0;
		if (depth < MAX_DEPTH && g->lines_left > 0) {
			if (g->deep && k == g->deep - 1) {
				nvar = gen_take(g->b, 4) ? 1 : 0;
			} else {
				unsigned c = gen_take(g->b, 32);
				nvar = c < 26 ? 0 : c < 29 ? 1 : c < 31 ? 2 + (int)gen_take(g->b, 4) : 1 + (int)gen_take(g->b, 64);
			}
		}
		for (int i = 0; i < nvar && g->lines_left > 0; i++) {
			int c = new_line(g, line, start + k);
			gen_line(g, c, pos, prev_to, depth + 1);
		}
		kifu_generate_legal(pos, g->list);
		if (!g->list->count)
			break;
		gmove gm;
		memset(&gm, 0, sizeof gm);
		gm.m = g->list->moves[gen_take(g->b, (unsigned)g->list->count)];
		gm.side = kifu_position_side(pos);
		gm.type = gm.m.flags & KIFU_MOVE_DROP ? gm.m.piece : kifu_code_type(kifu_position_at(pos, gm.m.from));
		gm.same = gm.m.to == prev_to;
		gm.mid_same = gm.m.mid != KIFU_NO_SQUARE && gm.m.mid == prev_to;
		gm.style = gen_take(g->b, 256);
		gen_note(g, &gm.note, 1);
		add_move(g, line, &gm);
		kifu_make_move(pos, &gm.m, &g->undo[g->nundo++]);
		prev_to = gm.m.to;
		g->moves_left--;
	}
	int side = kifu_position_side(pos);
	if (gen_take(g->b, 32) == 31) {
		gmove gm;
		memset(&gm, 0, sizeof gm);
		if (illegal_move(g, pos, &gm.m, &gm.type)) {
			side = !side;
			gm.side = kifu_position_side(pos);
			gm.same = gm.m.to == prev_to;
			gm.style = gen_take(g->b, 256);
			add_move(g, line, &gm);
		}
	}
	gline *l = &g->lines[line];
	unsigned e = gen_take(g->b, (unsigned)kifu_ending_count() * 2);
	if (e < (unsigned)kifu_ending_count()) {
		l->ending = (int)e;
		l->ending_side = side;
		l->ending_style = gen_take(g->b, 256);
		gen_note(g, &l->ending_note, 0);
	}
	while (g->nundo > base)
		kifu_unmake_move(pos, &g->undo[--g->nundo]);
}

/* The tags, and the start: the variant's, or a position some moves into a
 * game (an sfen tag, and a board diagram for KIF). */
static void gen_head(grec *g, kifu_position *pos)
{
	int ntags = (int)gen_take(g->b, 8);
	if (ntags == 7)
		ntags += (int)gen_take(g->b, MAX_TAGS - 7);
	int nstarts = kifu_variant_named_start_count(g->v);
	for (int i = 0; i < ntags && g->ntags < MAX_TAGS; i++) {
		gtag *t = &g->tags[g->ntags];
		t->key = tag_keys[gen_take(g->b, sizeof tag_keys / sizeof tag_keys[0])];
		if (!strcmp(t->key, "sfen"))
			continue; /* below */
		if (!strcmp(t->key, "handicap") && nstarts && gen_take(g->b, 8)) {
			const char *name = kifu_variant_named_start_name(g->v, (int)gen_take(g->b, (unsigned)nstarts));
			t->value.p = strdup(name);
			if (!t->value.p)
				abort();
			t->value.n = strlen(name);
			t->value.style = gen_take(g->b, 256);
		} else if (!strcmp(t->key, "comment") || !strcmp(t->key, "bookmark")) {
			gstr *s = !strcmp(t->key, "comment") ? &g->pre.comment : &g->pre.bookmark;
			if (s->p)
				continue;
			gen_string(g->b, s, 6);
			continue;
		} else {
			gen_string(g->b, &t->value, 4);
		}
		g->ntags++;
	}
	/* the moves start where the first handicap tag says (香落ち: Gote first) */
	for (int i = 0; i < g->ntags; i++)
		if (!strcmp(g->tags[i].key, "handicap")) {
			const char *sfen = kifu_variant_named_start(g->v, g->tags[i].value.p);
			kifu_diag diag;
			if (sfen && kifu_position_set_sfen(pos, sfen, strlen(sfen), &diag))
				abort();
			break;
		}
	if (gen_take(g->b, 4) != 3)
		return;
	/* a start some moves into a game */
	kifu_undo u;
	for (unsigned n = gen_take(g->b, 40); n > 0; n--) {
		kifu_generate_legal(pos, g->list);
		if (!g->list->count)
			break;
		kifu_make_move(pos, &g->list->moves[gen_take(g->b, (unsigned)g->list->count)], &u);
	}
	if (kifu_position_sfen(pos, g->sfen, sizeof g->sfen) <= 0) {
		g->sfen[0] = 0;
		return;
	}
	FILE *f = open_memstream(&g->bod.p, &g->bod.len);
	if (!f)
		abort();
	kifu_bod_write(f, pos, 0);
	if (fclose(f))
		abort();
	g->bod.cap = g->bod.len + 1;
}

/* ---- the compact text ---- */

static void put_pct(gen_text *t, const gstr *s, const char *extra)
{
	static const char *const hex[2] = {"0123456789ABCDEF", "0123456789abcdef"};
	const char *h = hex[s->style & 1];
	int broken = s->style == 255; /* one character not escaped, on purpose */
	for (size_t i = 0; i < s->n; i++) {
		unsigned char c = (unsigned char)s->p[i];
		int must = c <= 0x20 || c == 0x7F || c == '%' || (c && strchr(extra, c));
		int may = (s->style & 6) == 6 && c < 0x80 && !((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
		if ((must && !broken) || may) {
			char e[3] = {'%', h[c >> 4], h[c & 15]};
			gen_put(t, e, 3);
		} else {
			gen_put(t, (const char *)&c, 1);
			if (must)
				broken = 0;
		}
	}
}

static void put_seconds(gen_text *t, double s, unsigned style)
{
	if (s == (double)(long)s && !(style & 8))
		gen_printf(t, "%ld", (long)s);
	else
		gen_printf(t, style & 16 ? "%g" : "%.17g", s);
}

static void put_note_compact(gen_text *t, const gnote *n, unsigned style)
{
	if (n->comment.p) {
		gen_puts(t, "{");
		put_pct(t, &n->comment, "{}");
		gen_puts(t, "}");
	}
	if (n->timed) {
		gen_puts(t, "@");
		put_seconds(t, n->time, style);
		if (n->total >= 0) {
			gen_puts(t, "/");
			put_seconds(t, n->total, style);
		}
	}
	if (n->bookmark.p) {
		gen_puts(t, "&");
		put_pct(t, &n->bookmark, "{}@&");
	}
}

static void emit_line_compact(const grec *g, gen_text *t, int line)
{
	const gline *l = &g->lines[line];
	int c = 0;
	for (int k = 0; k < l->count; k++) {
		const gmove *m = &l->moves[k];
		char mv[32];
		if (kifu_compact_format_move(g->v, &m->m, mv, sizeof mv) < 0)
			abort();
		gen_puts(t, m->style == 7 ? "\t" : " ");
		gen_puts(t, mv);
		put_note_compact(t, &m->note, m->style);
		for (; c < l->nchildren && g->lines[l->children[c]].start == l->start + k; c++) {
			gen_puts(t, " (");
			emit_line_compact(g, t, l->children[c]);
			gen_puts(t, g->style == 254 ? "" : " )"); /* unclosed, on purpose */
		}
	}
	if (l->ending >= 0) {
		gen_puts(t, " ");
		gen_puts(t, kifu_ending_at(l->ending)->word);
		put_note_compact(t, &l->ending_note, l->ending_style);
	}
}

static void emit_compact(const grec *g, gen_text *t)
{
	gen_puts(t, kifu_variant_name(g->v));
	for (int i = 0; i < g->ntags; i++) {
		gen_printf(t, " %s=", g->tags[i].key);
		put_pct(t, &g->tags[i].value, "");
	}
	if (g->sfen[0]) {
		gen_puts(t, " sfen=");
		for (const char *p = g->sfen; *p; p++)
			gen_puts(t, *p != ' ' ? (char[]){*p, 0} : g->style & 1 ? "%20" : "_");
	}
	if (g->pre.comment.p) {
		gen_puts(t, " comment=");
		put_pct(t, &g->pre.comment, "");
	}
	if (g->pre.bookmark.p) {
		gen_puts(t, " bookmark=");
		put_pct(t, &g->pre.bookmark, "");
	}
	gen_puts(t, " :");
	emit_line_compact(g, t, 0);
	gen_puts(t, "\n");
}

/* ---- the KIF text ---- */

static const char *const fw_digit[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const kanji_digit[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

static int wide(const kifu_variant *v)
{
	return kifu_variant_files(v) > 9 || kifu_variant_ranks(v) > 9;
}

/* "７六" on 9×9 boards, "7十一" on larger ones. */
static void put_square(gen_text *t, const kifu_variant *v, int sq)
{
	int files = kifu_variant_files(v), f = sq % files + 1, r = sq / files + 1;
	if (!wide(v)) {
		gen_printf(t, "%s%s", fw_digit[f % 10], kanji_digit[r % 10]);
		return;
	}
	gen_printf(t, "%d%s%s%s", f, r >= 20 ? kanji_digit[r / 10 % 10] : "", r >= 10 ? "十" : "", kanji_digit[r % 10]);
}

/* One of the names readers take for type t, as style says. */
static void put_name(gen_text *t, const kifu_variant *v, int type, unsigned style)
{
	char name[128];
	if (kifu_variant_piece_reading(v, type, (int)(style % 4), name, sizeof name) <= 0 &&
	    kifu_variant_piece_reading(v, type, 0, name, sizeof name) <= 0)
		snprintf(name, sizeof name, "?");
	gen_puts(t, name);
}

static void put_kif_times(gen_text *t, const gnote *n)
{
	long s = (long)n->time, tot = n->total < 0 ? 0 : (long)n->total;
	gen_printf(t, " (%2ld:%02ld/%02ld:%02ld:%02ld)", s / 60, s % 60, tot / 3600, tot / 60 % 60, tot % 60);
}

static void put_note_kif(gen_text *t, const gnote *n)
{
	if (n->comment.p)
		each_line(&n->comment, put_led_line, t, "*");
	if (n->bookmark.p) {
		gen_puts(t, "&");
		gen_put(t, n->bookmark.p, n->bookmark.n);
		gen_puts(t, "\n");
	}
}

/* The square (or same_word for the square of the move before, as the
 * move's style says), then the piece's name. */
static void put_dest_name(gen_text *t, const kifu_variant *v, const gmove *m, int sq, int same,
			  const char *same_word)
{
	if (same && !(m->style & 1))
		gen_puts(t, same_word);
	else
		put_square(t, v, sq);
	put_name(t, v, m->type, m->style >> 2);
}

/* 成 when promoting, then the origin in the wide form: " （←7九）". */
static void put_wide_origin(gen_text *t, const kifu_variant *v, int promote, int sq)
{
	gen_puts(t, promote ? "成 （←" : " （←");
	put_square(t, v, sq);
	gen_puts(t, "）");
}

static void emit_move_kif(const grec *g, gen_text *t, const gmove *m, long ply, int branch)
{
	const kifu_variant *v = g->v;
	const char *mark = m->side == KIFU_SENTE ? "▲" : "△";
	int files = kifu_variant_files(v), promote = m->m.flags & KIFU_MOVE_PROMOTE;
	if (!wide(v)) {
		gen_printf(t, "%4ld ", ply);
		put_dest_name(t, v, m, m->m.to, m->same, m->style & 2 ? "同　" : "同");
		if (m->m.flags & KIFU_MOVE_DROP) {
			if (!(m->style & 16))
				gen_puts(t, "打");
		} else {
			gen_puts(t, promote ? "成" : (m->style & 32) ? "不成" : "");
			gen_printf(t, "(%d%d)", m->m.from % files + 1, m->m.from / files + 1);
		}
		if (m->note.timed)
			put_kif_times(t, &m->note);
		gen_puts(t, branch ? "+\n" : "\n");
		return;
	}
	if (m->m.mid != KIFU_NO_SQUARE) {
		/* two lines: the first leg, then the second */
		gen_printf(t, "%ld手目一歩目 %s", ply, mark);
		put_dest_name(t, v, m, m->m.mid, m->mid_same, "仝");
		put_wide_origin(t, v, 0, m->m.from);
		gen_printf(t, "\n%ld手目二歩目 %s", ply, mark);
		put_dest_name(t, v, m, m->m.to, 0, "");
		put_wide_origin(t, v, promote, m->m.mid);
	} else {
		gen_printf(t, "%ld手目 %s", ply, mark);
		put_dest_name(t, v, m, m->m.to, m->same, "仝");
		if (m->m.flags & KIFU_MOVE_DROP)
			gen_puts(t, "打");
		else
			put_wide_origin(t, v, promote, m->m.from);
	}
	if (m->note.timed)
		put_kif_times(t, &m->note);
	gen_puts(t, "\n");
}

static void emit_line_kif(const grec *g, gen_text *t, int line)
{
	const gline *l = &g->lines[line];
	if (line > 0)
		gen_printf(t, "\n変化：%ld手\n", l->start);
	for (int k = 0; k < l->count; k++) {
		int branch = 0;
		for (int c = 0; c < l->nchildren && !branch; c++)
			branch = g->lines[l->children[c]].start == l->start + k;
		emit_move_kif(g, t, &l->moves[k], l->start + k, branch);
		put_note_kif(t, &l->moves[k].note);
	}
	if (l->ending >= 0) {
		const kifu_ending_info *e = kifu_ending_at(l->ending);
		const char *word = (l->ending_style & 1) && e->kif_also[0] ? e->kif_also[0] : e->kif;
		long ply = l->start + l->count;
		if (wide(g->v))
			gen_printf(t, "%ld手目 %s%s", ply, l->ending_side == KIFU_SENTE ? "▲" : "△", word);
		else
			gen_printf(t, "%4ld %s", ply, word);
		if (l->ending_note.timed)
			put_kif_times(t, &l->ending_note);
		gen_puts(t, "\n");
		put_note_kif(t, &l->ending_note);
	}
	/* its variations: the latest ply first (as Kifu for Windows writes
	 * them), or now and then the earliest first */
	for (int i = 0; i < l->nchildren; i++)
		emit_line_kif(g, t, l->children[g->style & 2 ? i : l->nchildren - 1 - i]);
}

static void emit_kif(const grec *g, gen_text *t)
{
	const kifu_variant *v = g->v;
	if (!(g->style & 4))
		gen_puts(t, "#KIF version=2.0 encoding=UTF-8\n");
	int handicap = 0;
	for (int i = 0; i < g->ntags; i++) {
		const gtag *tag = &g->tags[i];
		const kifu_tag_info *info = kifu_tag_find(tag->key);
		handicap |= !strcmp(tag->key, "handicap");
		if (!strcmp(tag->key, "header")) {
			gen_put(t, tag->value.p, tag->value.n);
			gen_puts(t, "\n");
			continue;
		}
		gen_puts(t, !info ? tag->key : info->kif_handicap && (tag->value.style & 1) ? info->kif_handicap : info->kif);
		gen_puts(t, tag->value.style & 2 ? "：" : ":");
		gen_put(t, tag->value.p, tag->value.n);
		gen_puts(t, "\n");
	}
	if (!handicap && !(g->style & 8) && !kifu_variant_named_start(v, "平手"))
		gen_printf(t, "手合割：%s\n", kifu_variant_title_ja(v)[0] ? kifu_variant_title_ja(v) : kifu_variant_name(v));
	if (g->sfen[0]) {
		if (g->style & 16)
			gen_printf(t, "sfen：%s\n", g->sfen);
		else
			gen_put(t, g->bod.p, g->bod.len);
	}
	if (!(g->style & 32))
		gen_puts(t, "手数----指手---------消費時間--\n");
	if ((g->style & 64) && g->pre.comment.p) {
		/* a header that says comment: a tag of that name, not the comment */
		gen_puts(t, "comment：");
		gen_put(t, g->pre.comment.p, g->pre.comment.n);
		gen_puts(t, "\n");
	}
	put_note_kif(t, &g->pre);
	emit_line_kif(g, t, 0);
}

void gen_record(gen_bytes *b, const kifu_variant *v, gen_text *compact, gen_text *kif)
{
	grec g;
	memset(&g, 0, sizeof g);
	g.b = b;
	g.v = v;
	g.moves_left = 1500;
	g.lines_left = 400;
	g.style = gen_take(b, 256);
	g.deep = (int)gen_take(b, 6);
	g.deep = g.deep > 2 ? 0 : g.deep;
	kifu_position *pos;
	g.list = malloc(sizeof *g.list);
	g.undo = malloc((size_t)g.moves_left * sizeof *g.undo);
	if (!g.list || !g.undo || kifu_position_new(&pos, v))
		abort();
	gen_head(&g, pos);
	new_line(&g, -1, 1);
	gen_line(&g, 0, pos, -1, 0);
	if (compact)
		emit_compact(&g, compact);
	if (kif)
		emit_kif(&g, kif);
	kifu_position_free(pos);
	for (int i = 0; i < g.nlines; i++) {
		for (int k = 0; k < g.lines[i].count; k++)
			note_free(&g.lines[i].moves[k].note);
		note_free(&g.lines[i].ending_note);
		free(g.lines[i].moves);
		free(g.lines[i].children);
	}
	for (int i = 0; i < g.ntags; i++)
		gstr_free(&g.tags[i].value);
	note_free(&g.pre);
	free(g.lines);
	free(g.list);
	free(g.undo);
	gen_text_free(&g.bod);
}

/* ---- variant files ---- */

/* A YAML double-quoted scalar of s: every byte escaped that must be. */
static void put_yaml_quoted(gen_text *t, const gstr *s)
{
	gen_puts(t, "\"");
	for (size_t i = 0; i < s->n; i++) {
		unsigned char c = (unsigned char)s->p[i];
		if (c == '"' || c == '\\')
			gen_printf(t, "\\%c", c);
		else if (c < 0x20 || c == 0x7F)
			gen_printf(t, "\\x%02X", c);
		else
			gen_put(t, (const char *)&c, 1);
	}
	gen_puts(t, "\"");
}

/* Names pieces and variants go by, some of them another's. */
static const char *const names_ja[] = {
	"歩", "と", "金", "銀", "成銀", "龍", "龍馬", "獅子", "玉", "王", "大将棋", "本将棋", "平手",
	"香落ち", "中将棋", "成", "打", "同", "仝", "不成", "一", "十", "（", "▲", "歩兵",
};

#define NNAMES (sizeof names_ja / sizeof names_ja[0])

/* A name: one of names_ja, or two of them, or a hostile string. */
static void put_name_value(gen_text *t, gen_bytes *b)
{
	unsigned c = gen_take(b, NNAMES * 2 + 1);
	if (c < NNAMES) {
		gen_puts(t, names_ja[c]);
	} else if (c < NNAMES * 2) {
		gen_printf(t, "%s%s", names_ja[c - NNAMES], names_ja[gen_take(b, NNAMES)]);
	} else {
		gstr s;
		gen_string(b, &s, 3);
		put_yaml_quoted(t, &s);
		gstr_free(&s);
	}
}

/* A value nested depth deep: flow sequences, flow mappings or block
 * mappings, around a plain scalar. */
static void put_nested(gen_text *t, unsigned kind, unsigned depth, int indent)
{
	if (kind == 2) {
		for (unsigned i = 0; i < depth; i++)
			gen_printf(t, "\n%*sa:", indent + 2 * (int)i, "");
		gen_puts(t, " x\n");
		return;
	}
	for (unsigned i = 0; i < depth; i++)
		gen_puts(t, kind ? "{a: " : "[");
	gen_puts(t, "x");
	for (unsigned i = 0; i < depth; i++)
		gen_puts(t, kind ? "}" : "]");
	gen_puts(t, "\n");
}

/* Anchors and aliases that grow tenfold a level (billion laughs). */
static void put_laughs(gen_text *t, const char *key, unsigned levels)
{
	gen_printf(t, "%s:\n  - &l0 [x, x, x, x, x, x, x, x, x, x]\n", key);
	for (unsigned i = 1; i < levels; i++)
		gen_printf(t, "  - &l%u [*l%u, *l%u, *l%u, *l%u, *l%u, *l%u, *l%u, *l%u, *l%u, *l%u]\n", i, i - 1,
			   i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
}

const kifu_variant *gen_builtin(unsigned choice)
{
	const char *const *names = kifu_variant_builtin_names();
	unsigned n = 0;
	while (names[n])
		n++;
	const kifu_variant *v;
	if (kifu_variant_builtin(&v, names[choice % n], NULL))
		abort();
	return v;
}

void gen_variant(gen_bytes *b, gen_text *y)
{
	const kifu_variant *parent = gen_builtin(gen_take(b, 256));
	unsigned style = gen_take(b, 256);
	if (style & 1)
		gen_puts(y, "# a user's variant\n");
	gen_printf(y, "inherit: %s\n", kifu_variant_name(parent));
	static const char *const own_names[] = {"mine", "u-1", "shogi", "chu", "dai", "x.y", "a_b"};
	unsigned c = gen_take(b, 8);
	if (c < 7) {
		gen_printf(y, "name: %s\n", own_names[c]);
	} else {
		gen_puts(y, "name: ");
		put_name_value(y, b);
		gen_puts(y, "\n");
	}
	if (gen_take(b, 4)) {
		gen_puts(y, "title-ja: ");
		put_name_value(y, b);
		gen_puts(y, "\n");
	}
	if (style & 2)
		gen_puts(y, "title: &t \"A user's variant\"\n");
	/* named starts: the parent's start, or some moves into a game */
	unsigned nstarts = gen_take(b, 4);
	if (nstarts) {
		kifu_position *pos;
		kifu_movelist *list = malloc(sizeof *list);
		if (!list || kifu_position_new(&pos, parent))
			abort();
		gen_puts(y, "starts:\n");
		for (unsigned i = 0; i < nstarts; i++) {
			kifu_undo u;
			for (unsigned k = gen_take(b, 12); k > 0; k--) {
				kifu_generate_legal(pos, list);
				if (!list->count)
					break;
				kifu_make_move(pos, &list->moves[gen_take(b, (unsigned)list->count)], &u);
			}
			char sfen[4096];
			if (kifu_position_sfen(pos, sfen, sizeof sfen) <= 0)
				snprintf(sfen, sizeof sfen, "%s", kifu_variant_start_sfen(parent));
			gen_puts(y, "  ");
			put_name_value(y, b);
			gen_printf(y, ": %s\n", sfen);
		}
		kifu_position_free(pos);
		free(list);
	}
	/* a piece renamed: its name, its KIF name, its aliases, its diagram
	 * name and its promoted form's */
	unsigned renamed = gen_take(b, 4);
	if (renamed) {
		gen_puts(y, "pieces:\n");
		for (unsigned i = 0; i < renamed; i++) {
			kifu_piece_info info;
			int type = (int)gen_take(b, (unsigned)kifu_variant_piece_count(parent));
			if (kifu_variant_piece(parent, type, &info) || info.promoted)
				continue;
			gen_printf(y, "  - id: %s\n", info.id);
			unsigned what = gen_take(b, 32);
			if (what & 1) {
				gen_puts(y, "    name: ");
				put_name_value(y, b);
				gen_puts(y, "\n");
			}
			if (what & 2) {
				gen_puts(y, "    kif: ");
				put_name_value(y, b);
				gen_puts(y, "\n");
			}
			if (what & 4) {
				gen_puts(y, "    aliases: [");
				for (unsigned k = gen_take(b, 10); k > 0; k--) {
					put_name_value(y, b);
					gen_puts(y, k > 1 ? ", " : "");
				}
				gen_puts(y, "]\n");
			}
			if (what & 8) {
				gen_puts(y, "    diagram: ");
				put_name_value(y, b);
				gen_puts(y, "\n");
			}
			if ((what & 16) && info.promotes_to >= 0) {
				gen_puts(y, "    promoted: {diagram: ");
				put_name_value(y, b);
				gen_puts(y, "}\n");
			}
		}
	}
	/* hostile structure: nesting, aliases, breakage */
	switch (gen_take(b, 8)) {
	case 1:
		gen_puts(y, "promotion:\n  zone: 3\n  when: ");
		put_nested(y, gen_take(b, 2), 1 + gen_take(b, 20000), 4);
		break;
	case 2:
		gen_puts(y, "repetition:");
		put_nested(y, 2, 1 + gen_take(b, 3000), 2);
		break;
	case 3:
		put_laughs(y, "promoted-only", 1 + gen_take(b, 10));
		break;
	case 4:
		gen_puts(y, "title-ja: *t\n"); /* an alias, perhaps of no anchor */
		break;
	case 5:
		y->len = gen_take(b, (unsigned)(y->len < 65535 ? y->len + 1 : 65535));
		y->p[y->len] = 0;
		break;
	default:
		break;
	}
}
