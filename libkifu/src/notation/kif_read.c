/*
 * kif_read.c - reading KIF, KI2 and lishogi's wide KIF (docs/kif.md).
 *
 * One reader serves the three forms: each line says what it is (a header
 * `key：value`, a KIF move `  12 同　歩(23)   ( 0:01/00:00:05)`, a KI2 move
 * `▲７六歩`, a wide move `57手目一歩目 ▲仝獅子 （←7七）`, a `*` comment, a
 * `&` bookmark, `変化：N手`, a board diagram line).  The reader keeps the
 * position as it goes: KI2 moves name no origin and are resolved against it,
 * and so are passes written without the square passed through.
 *
 * A record ends where the next one's header lines (or a `#` line) begin after
 * moves, or at the end of input.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/kif_read.h"
#include "kifu/validate.h"
#include "rules/names.h"
#include "rules/position_internal.h"

struct kif_reader {
	kifu_reader *lines;
	decoder *dec;
	kifu_variant_resolver resolve;
	void *ctx;
	const kifu_variant *fallback;
	kifu_position *pos;        /* the position while reading, for KI2 */
	char *note;                /* comment lines gathered before they are stored */
	size_t note_len, note_cap;
	const kifu_variant *pos_variant;
	kifu_movelist *list;
};

/* ---- text ---- */

typedef struct text { const char *p, *end; } text;

static inline bool at_n(const text *t, const char *lit, size_t n)
{
	if ((size_t)(t->end - t->p) < n)
		return false;
	/* a few bytes: compared here, not by a call to memcmp */
	for (size_t i = 0; i < n; i++)
		if (t->p[i] != lit[i])
			return false;
	return true;
}

static inline bool eat_n(text *t, const char *lit, size_t n)
{
	if (!at_n(t, lit, n))
		return false;
	t->p += n;
	return true;
}

/* With a string literal, its length is known when compiling. */
#define at(t, lit) at_n((t), (lit), sizeof(lit) - 1)
#define eat(t, lit) eat_n((t), (lit), sizeof(lit) - 1)

/* Skips ASCII spaces, tabs, CRs and full-width spaces (U+3000). */
static inline void skip_space(text *t)
{
	const char *p = t->p, *end = t->end;
	for (;;) {
		if (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		else if (end - p >= 3 && (unsigned char)p[0] == 0xE3 && (unsigned char)p[1] == 0x80 &&
			 (unsigned char)p[2] == 0x80)
			p += 3;
		else
			break;
	}
	t->p = p;
}

static bool at_end(text *t)
{
	skip_space(t);
	return t->p >= t->end;
}

/* A digit, half-width or full-width (０-９): its value, or -1. */
static int digit(text *t)
{
	if (t->p < t->end && *t->p >= '0' && *t->p <= '9')
		return *t->p++ - '0';
	if (t->end - t->p >= 3 && (unsigned char)t->p[0] == 0xEF && (unsigned char)t->p[1] == 0xBC &&
	    (unsigned char)t->p[2] >= 0x90 && (unsigned char)t->p[2] <= 0x99) {
		int d = (unsigned char)t->p[2] - 0x90;
		t->p += 3;
		return d;
	}
	return -1;
}

/* A decimal number (half- or full-width digits), or -1. */
static long number(text *t)
{
	const char *p = t->p, *end = t->end;
	long n = 0;
	if (p < end && *p >= '0' && *p <= '9') {
		/* the usual case: ASCII digits */
		while (p < end && *p >= '0' && *p <= '9') {
			n = n * 10 + (*p++ - '0');
			if (n > 100000000L)
				return -1;
		}
		t->p = p;
		return n;
	}
	n = -1;
	int d;
	const char *save = t->p;
	while ((d = digit(t)) >= 0) {
		n = (n < 0 ? 0 : n * 10) + d;
		if (n > 100000000L) {
			t->p = save;
			return -1;
		}
	}
	return n;
}

static const char *const kanji_digits[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};

static int kanji_digit(text *t)
{
	for (int i = 0; i < 9; i++)
		if (eat_n(t, kanji_digits[i], 3))
			return i + 1;
	return -1;
}

/* A kanji number up to 99 (一, 十, 十五, 二十三), or -1. */
static int kanji_number(text *t)
{
	const char *save = t->p;
	int tens = kanji_digit(t);
	if (eat(t, "十")) {
		if (tens < 0)
			tens = 1;
		int ones = kanji_digit(t);
		return tens * 10 + (ones < 0 ? 0 : ones);
	}
	if (tens < 0)
		t->p = save;
	return tens;
}

/* ---- the reader ---- */

kif_reader *kifu__kif_reader_new(kifu_reader *lines, decoder *dec, kifu_variant_resolver resolve,
			   void *ctx, const kifu_variant *fallback)
{
	kif_reader *kr = calloc(1, sizeof *kr);
	if (!kr)
		return NULL;
	kr->list = malloc(sizeof *kr->list);
	if (!kr->list) {
		free(kr);
		return NULL;
	}
	kr->lines = lines;
	kr->dec = dec;
	kr->resolve = resolve;
	kr->ctx = ctx;
	kr->fallback = fallback;
	return kr;
}

void kifu__kif_reader_free(kif_reader *kr)
{
	if (!kr)
		return;
	kifu_position_free(kr->pos);
	free(kr->note);
	free(kr->list);
	free(kr);
}

/* Header keys and the tags they become (formats/compact.md). */
static const char *const header_tags[][2] = {
	{"棋戦", "event"}, {"場所", "site"}, {"開始日時", "date"}, {"終了日時", "end"},
	{"先手", "sente"}, {"後手", "gote"}, {"下手", "sente"}, {"上手", "gote"},
	{"手合割", "handicap"}, {"持ち時間", "time-control"}, {"戦型", "opening"},
};

/* Special moves and the endings they are. */
static const char *const specials[][2] = {
	{"投了", "resign"}, {"中断", "abort"}, {"千日手", "repetition"}, {"持将棋", "impasse"},
	{"詰み", "mate"}, {"不詰", "nomate"}, {"切れ負け", "timeout"}, {"時間切れ", "timeout"},
	{"反則勝ち", "illegal-win"}, {"反則負け", "illegal-loss"}, {"入玉勝ち", "declare-win"},
	{"封じ手", "sealed"}, {"引き分け", "draw"}, {"詰", "mate"},
};

bool kifu__kif_line_is_kif(const char *line, size_t len)
{
	text t = {line, line + len};
	skip_space(&t);
	if (t.p >= t.end)
		return false;
	if (at(&t, "▲") || at(&t, "△") || at(&t, "☗") || at(&t, "☖") || at(&t, "手数") ||
	    at(&t, "変化：") || at(&t, "+---") || at(&t, "|") || at(&t, "まで"))
		return true;
	/* a comment line in Japanese */
	if (*t.p == '*' && (t.p + 1 == t.end || ((unsigned char)t.p[1] & 0x80)))
		return true;
	/* a header: non-ASCII key and a full-width colon */
	const char *colon = NULL;
	for (const char *p = t.p; p + 3 <= t.end; p++)
		if (!memcmp(p, "：", 3)) {
			colon = p;
			break;
		}
	if (colon && ((unsigned char)t.p[0] & 0x80))
		return true;
	/* a move line: a number, then a kanji move or a 手目 */
	if (digit(&t) >= 0) {
		while (digit(&t) >= 0)
			;
		if (at(&t, "手目"))
			return true;
		skip_space(&t);
		return t.p < t.end && ((unsigned char)*t.p & 0x80);
	}
	return false;
}

/* Where a reading problem of the record is. */
typedef struct spot {
	kifu_record *rec;
	long lineno;
	const char *line;
} spot;

static long col_of(const spot *s, const char *p)
{
	long col = 1;
	for (const char *q = s->line; q < p; q++)
		if (((unsigned char)*q & 0xC0) != 0x80)
			col++;
	return col;
}

static long first_ply_of_current(const kifu_record *rec)
{
	kifu_record_line_info li;
	kifu_record_get_line(rec, kifu_record_current_line(rec), &li);
	return li.start;
}

static int problem(const spot *s, long ply, const char *p, const char *move, size_t mlen,
		   const char *msg)
{
	if (kifu_record_error(s->rec, NULL, NULL, NULL, NULL))
		return 0; /* the first problem is the one reported */
	if (kifu_record_current_line(s->rec) != 0) {
		/* in a variation: an error of the record as a whole */
		char buf[600];
		snprintf(buf, sizeof buf, "in the variation from ply %ld: ply %ld: %.*s%s%s", 
			 first_ply_of_current(s->rec), ply, (int)(move ? mlen : 0), move ? move : "",
			 move ? ": " : "", msg);
		return kifu_record_set_error(s->rec, 0, s->lineno, col_of(s, p), NULL, 0, buf);
	}
	return kifu_record_set_error(s->rec, ply, s->lineno, col_of(s, p), move, mlen, msg);
}

/* A square: file number then kanji rank ("７六", "10九", "4十五"). */
static int square(const kifu_variant *v, text *t, int *sq)
{
	const char *save = t->p;
	long f = number(t);
	int r = kanji_number(t);
	if (f < 1 || r < 1 || f > v->files || r > v->ranks) {
		t->p = save;
		return -1;
	}
	*sq = (r - 1) * v->files + (int)(f - 1);
	return 0;
}

/* An origin "(77)" (KIF: one digit each) or "（←7九）" (wide). */
static int origin(const kifu_variant *v, text *t, int *sq)
{
	const char *save = t->p;
	skip_space(t);
	if (eat(t, "（←") || eat(t, "(←")) {
		if (square(v, t, sq) || !(eat(t, "）") || eat(t, ")"))) {
			t->p = save;
			return -1;
		}
		return 0;
	}
	bool fw = false;
	if (eat(t, "(") || (fw = eat(t, "（"))) {
		int f = digit(t), r = digit(t);
		if (f < 1 || r < 1 || !(fw ? eat(t, "）") : eat(t, ")")) || f > v->files || r > v->ranks) {
			t->p = save;
			return -1;
		}
		*sq = (r - 1) * v->files + (f - 1);
		return 0;
	}
	t->p = save;
	return -1;
}

/* "( 0:16/00:00:16)": the move's time and the running total, in seconds. */
static int times(text *t, double *time, double *total)
{
	const char *save = t->p;
	skip_space(t);
	if (!eat(t, "("))
		goto fail;
	skip_space(t);
	long m = number(t);
	if (m < 0 || !eat(t, ":"))
		goto fail;
	long s = number(t);
	if (s < 0)
		goto fail;
	*time = (double)(m * 60 + s);
	*total = -1;
	skip_space(t);
	if (eat(t, "/")) {
		skip_space(t);
		long h = number(t), mm, ss;
		if (h < 0 || !eat(t, ":") || (mm = number(t)) < 0)
			goto fail;
		if (eat(t, ":")) {
			if ((ss = number(t)) < 0)
				goto fail;
			*total = (double)(h * 3600 + mm * 60 + ss);
		} else {
			*total = (double)(h * 60 + mm);
		}
	}
	skip_space(t);
	if (!eat(t, ")"))
		goto fail;
	return 0;
fail:
	t->p = save;
	return -1;
}

/* ---- the position while reading ---- */

static int ensure_position(kif_reader *kr, const kifu_variant *v)
{
	if (kr->pos_variant == v)
		return 0;
	kifu_position_free(kr->pos);
	kr->pos = NULL;
	kr->pos_variant = NULL;
	if (kifu_position_new(&kr->pos, v))
		return KIFU_ENOMEM;
	kr->pos_variant = v;
	return 0;
}

/* Sets kr->pos to the position before the move at `ply` of `line`.
 * Returns false if a move on the way is illegal (the position is unknown). */
static bool replay(kif_reader *kr, kifu_record *rec, int line, long ply)
{
	kifu_record_line_info li;
	kifu_record_get_line(rec, line, &li);
	if (line == 0) {
		if (kifu_record_start(rec, kr->pos, NULL))
			return false;
	} else if (!replay(kr, rec, li.parent, li.start)) {
		return false;
	}
	for (long k = 0; k < ply - li.start && k < li.count; k++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, li.first + k, &m);
		if (kifu_check_move(kr->pos, &m.move, NULL))
			return false;
		kifu_make_move(kr->pos, &m.move, NULL);
	}
	return true;
}

/* ---- KI2: resolving a move against the position ---- */

enum ki2_mod { MOD_RIGHT = 1, MOD_LEFT = 2, MOD_UP = 4, MOD_DOWN = 8, MOD_SIDE = 16,
	       MOD_STRAIGHT = 32, MOD_DROP = 64 };

/* Finds the one move of the named piece to `to` that the modifiers allow
 * (右 左 上 引 寄 直 行 打).  Returns 0 with *out, or a message. */
static const char *resolve_ki2(kif_reader *kr, int named, int to, unsigned mods, int promote,
			       kifu_move *out)
{
	kifu_position *pos = kr->pos;
	const struct kifu_variant *v = pos->v;
	int side = pos->side, s = side == KIFU_SENTE ? 1 : -1;
	const int files = v->files;
	int base = v->types[named].base;
	bool can_drop = v->drops && !v->types[named].promoted && pos->hand[side][base] > 0;
	kifu_move drop = {KIFU_NO_SQUARE, KIFU_NO_SQUARE, (uint16_t)to, KIFU_MOVE_DROP, (uint8_t)base};
	if (mods & MOD_DROP) {
		if (!can_drop)
			return "no such piece in hand to drop";
		*out = drop;
		return NULL;
	}
	kifu_generate_legal(pos, kr->list);
	kifu_move cand[64];
	int n = 0;
	for (int i = 0; i < kr->list->count && n < 64; i++) {
		const kifu_move *m = &kr->list->moves[i];
		if ((m->flags & KIFU_MOVE_DROP) || m->to != to || m->mid != KIFU_NO_SQUARE)
			continue;
		if (!!(m->flags & KIFU_MOVE_PROMOTE) != !!promote)
			continue;
		if (!kifu__names_same(v, kifu_code_type(pos->board[m->from]), named))
			continue;
		/* direction in the mover's frame: dy > 0 forward, dx > 0 right */
		int dy = s * (m->from / files - to / files);
		int dx = s * (m->from % files - to % files);
		if ((mods & MOD_UP) && dy <= 0)
			continue;
		if ((mods & MOD_DOWN) && dy >= 0)
			continue;
		if ((mods & MOD_SIDE) && dy != 0)
			continue;
		if ((mods & MOD_STRAIGHT) && (dx != 0 || dy <= 0))
			continue;
		cand[n++] = *m;
	}
	if ((mods & (MOD_RIGHT | MOD_LEFT)) && n > 1) {
		/* 右: the piece on the mover's right (Sente: the lower file) */
		int best = -1;
		for (int i = 0; i < n; i++) {
			int f = s * (cand[i].from % files); /* smaller = more to the right */
			int bf = best < 0 ? 0 : s * (cand[best].from % files);
			if (best < 0 || ((mods & MOD_RIGHT) ? f < bf : f > bf))
				best = i;
		}
		int k = 0;
		int bf = s * (cand[best].from % files);
		for (int i = 0; i < n; i++)
			if (s * (cand[i].from % files) == bf)
				cand[k++] = cand[i];
		n = k;
	}
	if (n == 1) {
		*out = cand[0];
		return NULL;
	}
	if (n == 0 && can_drop && !promote) {
		/* a drop written without 打: no piece on the board can get there */
		*out = drop;
		return NULL;
	}
	return n == 0 ? "no piece of that kind can make this move" :
		        "ambiguous: more than one piece can make this move";
}

/* ---- one record ---- */

typedef struct parse {
	kif_reader *kr;
	kifu_record *rec;
	const kifu_variant *v;
	spot sp;
	long last;          /* global index of the last move, -1 if none */
	int last_to;        /* its destination (同, 仝), -1 if none */
	bool synced;        /* kr->pos is the position before the next move (kept
			     * only where needed: KI2 and passes; see sync) */
	bool ended;         /* the current line has its ending */
	int pending_mid;    /* wide form: the first leg of a two-leg move */
	int pending_from;
	long pending_ply;
	/* board diagram */
	int bod_rank;
	bool bod_seen;
	char bod_board[KIFU_MAX_DIM][KIFU_MAX_DIM]; /* 0 empty, else code */
	uint8_t bod_hand[2][KIFU_MAX_TYPES];
	int bod_side;
	long bod_movenumber;
	char variant_hint[128]; /* the 手合割 value */
	long note_idx;          /* where the gathered comment lines go */
	bool note_open;         /* comment lines are gathered in kr->note */
} parse;

static long current_ply(parse *ps)
{
	kifu_record_line_info li;
	kifu_record_get_line(ps->rec, kifu_record_current_line(ps->rec), &li);
	return li.start + li.count;
}

/* Adds a move to the current line and plays it on the reader's position. */
/* Brings kr->pos to the position before the next move of the current line,
 * replaying the record when it has fallen behind (KIF moves name their
 * origin and need no position; KI2 moves and one-line passes do).  False if
 * a move on the way is illegal. */
static bool sync(parse *ps)
{
	if (!ps->synced)
		ps->synced = replay(ps->kr, ps->rec, kifu_record_current_line(ps->rec), current_ply(ps));
	return ps->synced;
}

/* Adds a move to the current line; with keep, plays it on the reader's
 * position too (when that is in step). */
static int add_move(parse *ps, const kifu_move *m, int named, const char *written, size_t len,
		    const char *p, bool keep)
{
	long idx = kifu_record_add_move(ps->rec, m, written, len, ps->sp.lineno, col_of(&ps->sp, p));
	if (idx == KIFU_ELIMIT)
		return problem(&ps->sp, current_ply(ps), p, written, len, "more moves than a record may hold");
	if (idx < 0)
		return (int)idx;
	ps->last = idx;
	ps->last_to = m->to;
	if (named >= 0)
		kifu_record_set_named_type(ps->rec, idx, named);
	if (keep && ps->synced && kifu_check_move(ps->kr->pos, m, NULL) == 0)
		kifu_make_move(ps->kr->pos, m, NULL);
	else
		ps->synced = false;
	return 0;
}

static int set_ending(parse *ps, const char *word, const char *p)
{
	ps->ended = true;
	return kifu_record_set_ending(ps->rec, word, strlen(word), ps->sp.lineno, col_of(&ps->sp, p));
}

/* A special move word at t, or NULL. */
static const char *special(text *t)
{
	for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
		if (eat_n(t, specials[i][0], strlen(specials[i][0])))
			return specials[i][1];
	return NULL;
}

/* The text of a move for messages: from p to the first run of spaces. */
static size_t move_text_len(const char *p, const char *end)
{
	const char *q = p;
	while (q < end && *q != ' ' && *q != '\t' && !(end - q >= 3 && !memcmp(q, "　", 3) && q > p + 3))
		q++;
	return (size_t)(q - p);
}

/* A special move (投了, 中断, ...) with its time, ending the line; else the
 * problem `otherwise`. */
static int special_move(parse *ps, text *t, long ply, const char *mp, size_t mlen,
			const char *otherwise)
{
	const char *word = special(t);
	if (!word)
		return problem(&ps->sp, ply, t->p, mp, mlen, otherwise);
	int rc = set_ending(ps, word, mp);
	double tm, tot;
	if (!rc && !times(t, &tm, &tot))
		kifu_record_set_time(ps->rec, KIFU_COMMENT_ENDING, tm, tot);
	return rc;
}

/* "  12 同　歩(23)   ( 0:01/00:00:05)+" */
static int kif_move_line(parse *ps, text *t)
{
	long num = number(t);
	long ply = current_ply(ps);
	skip_space(t);
	const char *mp = t->p;
	size_t mlen = move_text_len(t->p, t->end);
	if (ps->ended)
		return problem(&ps->sp, ply, mp, mp, mlen, "a move after the end of the game");
	if (num != ply)
		return problem(&ps->sp, ply, mp, mp, mlen, "the move number is not the next ply");
	kifu_move m = {0, KIFU_NO_SQUARE, 0, 0, 0};
	int to;
	if (eat(t, "同")) {
		skip_space(t);
		if (ps->last_to < 0)
			return problem(&ps->sp, ply, mp, mp, mlen, "同 (same square) with no move before it");
		to = ps->last_to;
	} else if (square(ps->v, t, &to)) {
		/* not a move: a special move (投了, 中断, ...)? */
		return special_move(ps, t, ply, mp, mlen, "expected a square (７六) or 同");
	}
	size_t nl;
	int type = kifu__names_match(ps->v, t->p, (size_t)(t->end - t->p), &nl);
	if (type < 0)
		return problem(&ps->sp, ply, t->p, mp, mlen, "unknown piece name");
	t->p += nl;
	bool drop = false;
	if (eat(t, "不成") || eat(t, "生")) {
		/* declined promotion */
	} else if (eat(t, "成")) {
		m.flags |= KIFU_MOVE_PROMOTE;
	} else if (eat(t, "打")) {
		drop = true;
	}
	int from;
	if (!drop && origin(ps->v, t, &from) == 0) {
		m.from = (uint16_t)from;
	} else if (!(m.flags & KIFU_MOVE_PROMOTE)) {
		/* a drop, with or without 打 */
		if (ps->v->types[type].promoted)
			return problem(&ps->sp, ply, mp, mp, mlen, "a promoted piece cannot be dropped");
		m.from = KIFU_NO_SQUARE;
		m.flags = KIFU_MOVE_DROP;
		m.piece = (uint8_t)type;
	} else {
		return problem(&ps->sp, ply, t->p, mp, mlen, "expected the origin square, as (77)");
	}
	m.to = (uint16_t)to;
	int rc = add_move(ps, &m, type, mp, mlen, mp, false);
	if (rc)
		return rc;
	double tm, tot;
	if (!times(t, &tm, &tot))
		kifu_record_set_time(ps->rec, ps->last, tm, tot);
	skip_space(t);
	eat(t, "+");
	if (!at_end(t))
		return problem(&ps->sp, ply, t->p, mp, mlen, "unexpected text after the move");
	return 0;
}

/* "57手目一歩目 ▲仝獅子 （←7七）", "58手目 △10九角行成 （←3二）" */
static int wide_move_line(parse *ps, text *t)
{
	long num = number(t);
	long ply = current_ply(ps);
	eat(t, "手目");
	int leg = eat(t, "一歩目") ? 1 : eat(t, "二歩目") ? 2 : 0;
	skip_space(t);
	const char *mp = t->p;
	size_t mlen = move_text_len(t->p, t->end);
	if (ps->ended)
		return problem(&ps->sp, ply, mp, mp, mlen, "a move after the end of the game");
	if (num != ply)
		return problem(&ps->sp, ply, mp, mp, mlen, "the move number is not the next ply");
	if (!(eat(t, "▲") || eat(t, "△") || eat(t, "☗") || eat(t, "☖")))
		return problem(&ps->sp, ply, mp, mp, mlen, "expected ▲ or △");
	int to;
	if (eat(t, "仝") || eat(t, "同")) {
		skip_space(t);
		if (leg == 2 ? ps->pending_mid < 0 : ps->last_to < 0)
			return problem(&ps->sp, ply, mp, mp, mlen, "仝 (same square) with no move before it");
		to = leg == 2 ? ps->pending_mid : ps->last_to;
	} else if (square(ps->v, t, &to)) {
		return special_move(ps, t, ply, mp, mlen, "expected a square (7八) or 仝");
	}
	size_t nl;
	int type = kifu__names_match(ps->v, t->p, (size_t)(t->end - t->p), &nl);
	if (type < 0)
		return problem(&ps->sp, ply, t->p, mp, mlen, "unknown piece name");
	t->p += nl;
	kifu_move m = {0, KIFU_NO_SQUARE, (uint16_t)to, 0, 0};
	bool drop = false, pass = false;
	if (eat(t, "不成") || eat(t, "生")) {
		/* declined promotion */
	} else if (eat(t, "成")) {
		m.flags |= KIFU_MOVE_PROMOTE;
	} else if (eat(t, "打")) {
		drop = true;
	}
	skip_space(t);
	if (eat(t, "（じっと）") || eat(t, "(じっと)"))
		pass = true;
	else if (!eat(t, "（居食い）"))
		eat(t, "(居食い)");
	eat(t, "まで"); /* the last move (lishogi): the ending, if any, says more */
	int from = -1;
	if (!drop && origin(ps->v, t, &from)) {
		if (!ps->v->drops)
			return problem(&ps->sp, ply, t->p, mp, mlen, "expected the origin, as （←7九）");
		drop = true;
	}
	if (drop) {
		m.from = KIFU_NO_SQUARE;
		m.flags = KIFU_MOVE_DROP;
		m.piece = (uint8_t)ps->v->types[type].base;
	} else {
		m.from = (uint16_t)from;
	}
	if (leg == 1) {
		/* the first leg: wait for the second */
		ps->pending_from = from;
		ps->pending_mid = to;
		ps->pending_ply = ply;
		return 0;
	}
	if (leg == 2) {
		if (ps->pending_mid < 0 || ps->pending_ply != ply || from != ps->pending_mid)
			return problem(&ps->sp, ply, mp, mp, mlen, "a second step that does not follow its first");
		m.from = (uint16_t)ps->pending_from;
		m.mid = (uint16_t)ps->pending_mid;
		ps->pending_mid = -1;
	} else if (pass || (from == to && !drop)) {
		/* a pass written as one line: through any empty square next to it */
		if (!sync(ps))
			return problem(&ps->sp, ply, mp, mp, mlen, "cannot tell the square of this pass");
		m.mid = KIFU_NO_SQUARE;
		const struct kifu_position *pos = ps->kr->pos;
		int f = from % ps->v->files, r = from / ps->v->files;
		for (int dr = -1; dr <= 1 && m.mid == KIFU_NO_SQUARE; dr++)
			for (int df = -1; df <= 1; df++) {
				int nf = f + df, nr = r + dr;
				if ((df || dr) && nf >= 0 && nr >= 0 && nf < ps->v->files && nr < ps->v->ranks &&
				    !pos->board[nr * ps->v->files + nf]) {
					m.mid = (uint16_t)(nr * ps->v->files + nf);
					break;
				}
			}
		if (m.mid == KIFU_NO_SQUARE)
			return problem(&ps->sp, ply, mp, mp, mlen, "a pass with no empty square next to the piece");
	}
	int rc = add_move(ps, &m, type, mp, mlen, mp, false);
	if (rc)
		return rc;
	double tm, tot;
	if (!times(t, &tm, &tot))
		kifu_record_set_time(ps->rec, ps->last, tm, tot);
	if (!at_end(t))
		return problem(&ps->sp, ply, t->p, mp, mlen, "unexpected text after the move");
	return 0;
}

/* "▲７六歩　△３四歩 ▲２二角成" — one or more KI2 moves. */
static int ki2_line(parse *ps, text *t)
{
	while (!at_end(t)) {
		long ply = current_ply(ps);
		const char *mp = t->p;
		if (!(eat(t, "▲") || eat(t, "△") || eat(t, "☗") || eat(t, "☖")))
			return problem(&ps->sp, ply, mp, mp, move_text_len(mp, t->end), "expected ▲ or △");
		const char *word = special(t);
		if (word) {
			int rc = set_ending(ps, word, mp);
			if (rc)
				return rc;
			continue;
		}
		int to;
		if (eat(t, "同")) {
			skip_space(t);
			to = ps->last_to;
		} else if (square(ps->v, t, &to)) {
			to = -2;
		}
		size_t nl = 0;
		int type = to == -2 ? -1 : kifu__names_match(ps->v, t->p, (size_t)(t->end - t->p), &nl);
		t->p += nl;
		unsigned mods = 0;
		int promote = 0;
		for (bool more = true; more && type >= 0;) {
			if (eat(t, "右")) mods |= MOD_RIGHT;
			else if (eat(t, "左")) mods |= MOD_LEFT;
			else if (eat(t, "上") || eat(t, "行")) mods |= MOD_UP;
			else if (eat(t, "引")) mods |= MOD_DOWN;
			else if (eat(t, "寄")) mods |= MOD_SIDE;
			else if (eat(t, "直")) mods |= MOD_STRAIGHT;
			else if (eat(t, "打")) mods |= MOD_DROP;
			else if (eat(t, "不成") || eat(t, "生")) promote = 0;
			else if (eat(t, "成")) promote = 1;
			else more = false;
		}
		size_t mlen = (size_t)(t->p - mp);
		if (ps->ended)
			return problem(&ps->sp, ply, mp, mp, mlen, "a move after the end of the game");
		if (to == -1)
			return problem(&ps->sp, ply, mp, mp, mlen, "同 (same square) with no move before it");
		if (to < 0)
			return problem(&ps->sp, ply, mp, mp, mlen, "expected a square (７六) or 同");
		if (type < 0)
			return problem(&ps->sp, ply, t->p, mp, mlen, "unknown piece name");
		if (!sync(ps))
			return problem(&ps->sp, ply, mp, mp, mlen, "cannot resolve this move: an earlier move was illegal");
		kifu_move m;
		const char *why = resolve_ki2(ps->kr, type, to, mods, promote, &m);
		if (why)
			return problem(&ps->sp, ply, mp, mp, mlen, why);
		int rc = add_move(ps, &m, type, mp, mlen, mp, true);
		if (rc)
			return rc;
	}
	return 0;
}

/* The text after a `*` or `&`, appended to what the move already has. */
/* Stores the gathered comment lines (after what the place already had). */
static int flush_note(parse *ps)
{
	if (!ps->note_open)
		return 0;
	kif_reader *kr = ps->kr;
	ps->note_open = false;
	long idx = ps->note_idx;
	const char *old;
	if (idx == KIFU_COMMENT_ENDING) {
		kifu_record_line_info li;
		kifu_record_get_line(ps->rec, kifu_record_current_line(ps->rec), &li);
		old = li.ending_comment;
	} else {
		old = kifu_record_comment(ps->rec, idx);
	}
	if (!old)
		return kifu_record_set_comment(ps->rec, idx, kr->note, kr->note_len);
	size_t ol = strlen(old);
	char *joined = malloc(ol + 1 + kr->note_len);
	if (!joined)
		return KIFU_ENOMEM;
	memcpy(joined, old, ol);
	joined[ol] = '\n';
	memcpy(joined + ol + 1, kr->note, kr->note_len);
	int rc = kifu_record_set_comment(ps->rec, idx, joined, ol + 1 + kr->note_len);
	free(joined);
	return rc;
}

/* The text after a `*` (a comment line, gathered with the lines that follow
 * it) or a `&` (a bookmark). */
static int append_note(parse *ps, text *t, bool bookmark)
{
	long idx = ps->ended ? KIFU_COMMENT_ENDING : ps->last;
	if (idx == -1) {
		if (kifu_record_current_line(ps->rec) != 0)
			return 0; /* before a variation's first move: nothing to attach to */
		idx = KIFU_COMMENT_BEFORE;
	}
	if (bookmark) {
		if (idx == KIFU_COMMENT_ENDING)
			return 0; /* no bookmarks on endings */
		return kifu_record_set_bookmark(ps->rec, idx, t->p, (size_t)(t->end - t->p));
	}
	kif_reader *kr = ps->kr;
	if (ps->note_open && ps->note_idx != idx) {
		int rc = flush_note(ps);
		if (rc)
			return rc;
	}
	size_t nl = (size_t)(t->end - t->p);
	size_t need = (ps->note_open ? kr->note_len + 1 : 0) + nl;
	if (need > kr->note_cap || !kr->note) {
		size_t cap = kr->note_cap ? kr->note_cap : 1024;
		while (cap < need)
			cap *= 2;
		char *b = realloc(kr->note, cap);
		if (!b)
			return KIFU_ENOMEM;
		kr->note = b;
		kr->note_cap = cap;
	}
	if (ps->note_open) {
		kr->note[kr->note_len++] = '\n';
	} else {
		kr->note_len = 0;
		ps->note_open = true;
		ps->note_idx = idx;
	}
	memcpy(kr->note + kr->note_len, t->p, nl);
	kr->note_len += nl;
	return 0;
}

/* "まで3手で先手の勝ち", "まで2手で中断": the ending a result line tells. */
static int result_line(parse *ps, text *t)
{
	static const char *const results[][2] = {
		{"中断", "abort"}, {"千日手", "repetition"}, {"持将棋", "impasse"}, {"不詰", "nomate"},
		{"詰み", "mate"}, {"時間切れ", "timeout"}, {"切れ負け", "timeout"}, {"反則勝ち", "illegal-win"},
		{"反則負け", "illegal-loss"}, {"入玉勝ち", "declare-win"}, {"封じ手", "sealed"},
		{"引き分け", "draw"}, {"の勝ち", "resign"}, {"詰", "mate"},
	};
	const char *p = t->p;
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
		size_t n = strlen(results[i][0]);
		for (const char *q = p; q + n <= t->end; q++)
			if (!memcmp(q, results[i][0], n))
				return set_ending(ps, results[i][1], p);
	}
	return 0;
}

/* 変化：N手 — a variation replacing the move at ply N of the most recent
 * line (this one or an ancestor) that has a move at ply N. */
static int variation_line(parse *ps, text *t)
{
	skip_space(t);
	const char *p = t->p;
	long n = number(t);
	skip_space(t);
	if (n < 1 || !eat(t, "手"))
		return problem(&ps->sp, 0, p, NULL, 0, "expected 変化：N手");
	if (ps->pending_mid >= 0)
		return problem(&ps->sp, 0, p, NULL, 0, "a first step without its second");
	int line = kifu_record_current_line(ps->rec);
	while (line >= 0) {
		kifu_record_line_info li;
		kifu_record_get_line(ps->rec, line, &li);
		if (n >= li.start && n < li.start + li.count)
			break;
		line = li.parent;
	}
	if (line < 0)
		return problem(&ps->sp, 0, p, NULL, 0, "a variation at a ply no line has");
	int sub = kifu_record_begin_line(ps->rec, line, n);
	if (sub < 0)
		return sub;
	ps->ended = false;
	ps->synced = false;
	/* 同 in the variation refers to the move before it */
	ps->last_to = -1;
	ps->last = -1;
	if (n > 1) {
		kifu_record_line_info li;
		kifu_record_get_line(ps->rec, line, &li);
		long before = n - 1;
		int l = line;
		while (l >= 0) {
			kifu_record_get_line(ps->rec, l, &li);
			if (before >= li.start && before < li.start + li.count) {
				kifu_record_move m;
				kifu_record_get_move_at(ps->rec, li.first + before - li.start, &m);
				ps->last_to = m.move.to;
				break;
			}
			l = li.parent;
		}
	}
	return 0;
}

/* ---- board diagrams (BOD) ---- */

/* "先手の持駒：飛　角　金二　歩三" or "なし" */
static int bod_hand(parse *ps, text *t, int side)
{
	skip_space(t);
	if (eat(t, "なし"))
		return 0;
	while (!at_end(t)) {
		size_t nl;
		int type = kifu__names_match(ps->v, t->p, (size_t)(t->end - t->p), &nl);
		if (type < 0 || ps->v->types[type].promoted)
			return problem(&ps->sp, 0, t->p, NULL, 0, "unknown piece in hand");
		t->p += nl;
		int n = kanji_number(t);
		if (n < 0)
			n = 1;
		ps->bod_hand[side][type] = (uint8_t)(ps->bod_hand[side][type] + n);
	}
	return 0;
}

/* "|v香v桂 ・ ...|一": one rank, Sente's pieces plain, Gote's after v. */
static int bod_rank_line(parse *ps, text *t)
{
	const struct kifu_variant *v = ps->v;
	if (ps->bod_rank >= v->ranks)
		return problem(&ps->sp, 0, t->p, NULL, 0, "too many ranks in the board diagram");
	eat(t, "|");
	int f = v->files - 1;
	while (f >= 0) {
		int side = KIFU_SENTE;
		/* cells may be padded (wide boards): any spaces, then v for Gote */
		while (t->p < t->end && *t->p == ' ')
			t->p++;
		if (eat(t, "v") || eat(t, "V"))
			side = KIFU_GOTE;
		else
			eat(t, "^"); /* Sente's mark in some writers */
		if (eat(t, "・")) {
			ps->bod_board[ps->bod_rank][f--] = 0;
			continue;
		}
		size_t nl;
		int type = kifu__names_match(v, t->p, (size_t)(t->end - t->p), &nl);
		if (type < 0)
			return problem(&ps->sp, 0, t->p, NULL, 0, "unknown piece in the board diagram");
		t->p += nl;
		ps->bod_board[ps->bod_rank][f--] = (char)kifu_code_make(type, (enum kifu_side)side);
	}
	ps->bod_rank++;
	ps->bod_seen = true;
	return 0;
}

/* Turns the diagram into the record's sfen tag. */
static int bod_finish(parse *ps)
{
	const struct kifu_variant *v = ps->v;
	if (!ps->bod_seen)
		return 0;
	if (ps->bod_rank != v->ranks)
		return problem(&ps->sp, 0, ps->sp.line, NULL, 0, "the board diagram has too few ranks");
	kifu_position *pos = ps->kr->pos;
	struct kifu_position *p = pos;
	memset(p->board, 0, sizeof p->board);
	memset(p->hand, 0, sizeof p->hand);
	p->nroyal[0] = p->nroyal[1] = 0;
	p->loser = -1;
	p->check = -1;
	p->safe = 0;
	p->approved_safe = false;
	for (int r = 0; r < v->ranks; r++)
		for (int f = 0; f < v->files; f++) {
			int c = (unsigned char)ps->bod_board[r][f];
			p->board[r * v->files + f] = (uint8_t)c;
		}
	memcpy(p->hand, ps->bod_hand, sizeof p->hand);
	p->side = ps->bod_side;
	p->ply = ps->bod_movenumber > 0 ? ps->bod_movenumber + 1 : 1;
	char sfen[1024];
	if (kifu_position_sfen(pos, sfen, sizeof sfen) < 0)
		return KIFU_ELIMIT;
	for (char *c = sfen; *c; c++)
		if (*c == ' ')
			*c = '_';
	ps->bod_seen = false;
	return kifu_record_add_tag(ps->rec, "sfen", 4, sfen, strlen(sfen));
}

/* ---- headers and the variant ---- */

/* The variant a 手合割 value names: a variant's title-ja or name, or a
 * named start of a variant (平手, 香落ち: standard shogi). */
static const kifu_variant *variant_of_handicap(kif_reader *kr, const char *value)
{
	const char *const *names = kifu_variant_builtin_names();
	if (kr->fallback && (!strcmp(kr->fallback->title_ja, value) || !strcmp(kr->fallback->name, value) ||
			     kifu_variant_named_start(kr->fallback, value)))
		return kr->fallback;
	for (int i = 0; names[i]; i++) {
		const kifu_variant *v = kr->resolve ? kr->resolve(names[i], kr->ctx) : NULL;
		if (v && (!strcmp(v->title_ja, value) || !strcmp(v->name, value)))
			return v;
	}
	for (int i = 0; names[i]; i++) {
		const kifu_variant *v = kr->resolve ? kr->resolve(names[i], kr->ctx) : NULL;
		if (v && kifu_variant_named_start(v, value))
			return v;
	}
	return NULL;
}

/* Trims ASCII and full-width spaces at both ends. */
static void trim(text *t)
{
	skip_space(t);
	for (;;) {
		if (t->end > t->p && (t->end[-1] == ' ' || t->end[-1] == '\t' || t->end[-1] == '\r'))
			t->end--;
		else if (t->end - t->p >= 3 && !memcmp(t->end - 3, "　", 3))
			t->end -= 3;
		else
			break;
	}
}

static int header_line(parse *ps, const char *key, size_t klen, text *val)
{
	trim(val);
	if (klen == strlen("手合割") && !memcmp(key, "手合割", klen)) {
		/* 手合割 naming a variant (大将棋) says the variant, not a start */
		size_t vl = (size_t)(val->end - val->p);
		if (vl < sizeof ps->variant_hint) {
			memcpy(ps->variant_hint, val->p, vl);
			ps->variant_hint[vl] = 0;
			const kifu_variant *v = variant_of_handicap(ps->kr, ps->variant_hint);
			if (v && !kifu_variant_named_start(v, ps->variant_hint))
				return 0;
		}
	}
	for (size_t i = 0; i < sizeof header_tags / sizeof header_tags[0]; i++)
		if (strlen(header_tags[i][0]) == klen && !memcmp(key, header_tags[i][0], klen)) {
			const char *tag = header_tags[i][1];
			return kifu_record_add_tag(ps->rec, tag, strlen(tag), val->p, (size_t)(val->end - val->p));
		}
	/* a key that is a compact tag key (what the writer makes of such a tag) */
	bool tag_key = klen > 0 && key[0] >= 'a' && key[0] <= 'z';
	for (size_t i = 0; i < klen && tag_key; i++)
		tag_key = (key[i] >= 'a' && key[i] <= 'z') || (key[i] >= '0' && key[i] <= '9') ||
			  key[i] == '-' || key[i] == '_';
	if (tag_key && !(klen == 6 && !memcmp(key, "header", 6)))
		return kifu_record_add_tag(ps->rec, key, klen, val->p, (size_t)(val->end - val->p));
	/* any other header: kept whole, as "key：value" */
	size_t vl = (size_t)(val->end - val->p);
	char *buf = malloc(klen + 3 + vl);
	if (!buf)
		return KIFU_ENOMEM;
	memcpy(buf, key, klen);
	memcpy(buf + klen, "：", 3);
	memcpy(buf + klen + 3, val->p, vl);
	int rc = kifu_record_add_tag(ps->rec, "header", 6, buf, klen + 3 + vl);
	free(buf);
	return rc;
}

/* Splits "key：value" (full- or half-width colon); false if not a header. */
static bool split_header(const text *t, const char **key, size_t *klen, text *val)
{
	const char *p = t->p;
	if (p >= t->end || *p == '*' || *p == '&' || *p == '#' || (*p >= '0' && *p <= '9'))
		return false;
	for (const char *q = p; q < t->end; q++) {
		if (*q == ':' || (t->end - q >= 3 && !memcmp(q, "：", 3))) {
			if (q == p)
				return false;
			*key = p;
			*klen = (size_t)(q - p);
			val->p = q + (*q == ':' ? 1 : 3);
			val->end = t->end;
			return true;
		}
		if (*q == ' ' || *q == '\t')
			return false;
	}
	return false;
}

/* Chooses the record's variant once its headers are read: the one 手合割
 * names, else -v, else by the board: standard shogi for Kakinoki KIF and
 * KI2, Dai Shogi for the wide form (`N手目` lines), which is for boards
 * larger than 9×9. */
static int choose_variant(parse *ps, const text *first)
{
	kif_reader *kr = ps->kr;
	const kifu_variant *v = ps->variant_hint[0] ? variant_of_handicap(kr, ps->variant_hint) : NULL;
	if (!v)
		v = kr->fallback;
	if (!v && kr->resolve) {
		/* the first shipped variant whose board fits the form: over 9×9 for
		 * the wide form (Dai Shogi), 9×9 with 平手 for KIF and KI2 (standard
		 * shogi) */
		text probe = first ? *first : (text){NULL, NULL};
		bool wide = first && number(&probe) >= 0 && at(&probe, "手目");
		const char *const *names = kifu_variant_builtin_names();
		for (int i = 0; names[i] && !v; i++) {
			const kifu_variant *c = kr->resolve(names[i], kr->ctx);
			if (c && (wide ? c->files > 9 : c->files == 9 && kifu_variant_named_start(c, "平手")))
				v = c;
		}
	}
	if (!v)
		return problem(&ps->sp, 0, ps->sp.line, NULL, 0, "cannot tell the variant (use -v)");
	ps->v = v;
	int rc = kifu_record_set_variant(ps->rec, v->name, strlen(v->name));
	if (!rc)
		rc = ensure_position(kr, v);
	return rc;
}

/* ---- the loop ---- */

/* "  ９ ８ ７ ６ ５ ４ ３ ２ １" or " 15 14 ... 1" above a board diagram. */
static bool file_numbers_line(const text *line)
{
	text t = *line;
	int count = 0;
	long prev = 0;
	while (!at_end(&t)) {
		long n = number(&t);
		if (n < 1 || (count && n != prev - 1))
			return false;
		prev = n;
		count++;
	}
	return count >= 3 && prev == 1; /* N ... 3 2 1 */
}

static bool is_move_section_marker(const text *t)
{
	return at(t, "手数----") || at(t, "手数＝");
}

int kifu__kif_reader_next(kif_reader *kr, kifu_record *rec, const kifu_variant **variant,
		    kifu_diag *diag)
{
	parse ps;
	memset(&ps, 0, sizeof ps);
	ps.kr = kr;
	ps.rec = rec;
	ps.sp.rec = rec;
	ps.last = -1;
	ps.last_to = -1;
	ps.pending_mid = -1;
	ps.bod_movenumber = 0;
	*variant = NULL;
	kifu_record_clear(rec);
	bool started = false, moves_begun = false;
	const char *raw;
	size_t rawlen;
	long lineno;
	int rc;
	while ((rc = kifu_reader_next(kr->lines, &raw, &rawlen, &lineno, diag)) == 1) {
		const char *line;
		size_t len;
		if (kifu__decoder_line(kr->dec, raw, rawlen, &line, &len))
			return kifu_diag_set(diag, KIFU_ENOMEM, kifu_reader_name(kr->lines), lineno, 0, "out of memory");
		text t = {line, line + len};
		skip_space(&t);
		if (t.p >= t.end)
			continue;
		ps.sp.lineno = lineno;
		ps.sp.line = line;
		rc = 0;
		if (ps.note_open && *t.p != '*' && (rc = flush_note(&ps)))
			return rc;
		const char *key = NULL;
		size_t klen = 0;
		text val = {NULL, NULL};
		bool header = split_header(&t, &key, &klen, &val) && !at(&t, "変化") &&
			      !at(&t, "先手の持駒") && !at(&t, "後手の持駒") && !at(&t, "上手の持駒") &&
			      !at(&t, "下手の持駒") && !at(&t, "手数＝");
		if ((moves_begun && (header || *t.p == '#'))) {
			/* the next record begins */
			kifu_reader_unread(kr->lines);
			break;
		}
		if (!started) {
			started = true;
			rc = kifu_record_set_source(rec, kifu_reader_name(kr->lines), lineno);
			if (rc)
				return rc;
		}
		if (*t.p == '#')
			continue;
		if (header) {
			rc = header_line(&ps, key, klen, &val);
			if (rc)
				return rc;
			continue;
		}
		if (moves_begun && *t.p >= '0' && *t.p <= '9') {
			/* the common line: a KIF or wide move, once moves have begun */
			text probe = t;
			long n = number(&probe);
			rc = n >= 0 && at(&probe, "手目") ? wide_move_line(&ps, &t) : kif_move_line(&ps, &t);
			if (rc)
				return rc;
			continue;
		}
		if (!ps.v && !is_move_section_marker(&t) && (rc = choose_variant(&ps, &t)))
			return rc;
		if (!ps.v && !is_move_section_marker(&t))
			break; /* the problem is recorded */
		if (!moves_begun && !ps.bod_seen && (at(&t, "後手の持駒") || at(&t, "上手の持駒") ||
						    at(&t, "先手の持駒") || at(&t, "下手の持駒") || at(&t, "+---") ||
						    at(&t, "|"))) {
			/* a board diagram */
			memset(ps.bod_hand, 0, sizeof ps.bod_hand);
			ps.bod_side = KIFU_SENTE;
		}
		if (at(&t, "後手の持駒") || at(&t, "上手の持駒")) {
			t.p += strlen("後手の持駒");
			if (!eat(&t, "："))
				eat(&t, ":");
			rc = bod_hand(&ps, &t, KIFU_GOTE);
			ps.bod_seen = true;
		} else if (at(&t, "先手の持駒") || at(&t, "下手の持駒")) {
			t.p += strlen("先手の持駒");
			if (!eat(&t, "："))
				eat(&t, ":");
			rc = bod_hand(&ps, &t, KIFU_SENTE);
			ps.bod_seen = true;
		} else if (at(&t, "|")) {
			rc = bod_rank_line(&ps, &t);
		} else if (at(&t, "+---") || at(&t, "+===")) {
			rc = 0;
		} else if (eat(&t, "先手番") || eat(&t, "下手番")) {
			ps.bod_side = KIFU_SENTE;
		} else if (eat(&t, "後手番") || eat(&t, "上手番")) {
			ps.bod_side = KIFU_GOTE;
		} else if (eat(&t, "手数＝")) {
			ps.bod_movenumber = number(&t);
		} else if (is_move_section_marker(&t) || file_numbers_line(&t)) {
			rc = 0;
		} else if (*t.p == '*') {
			t.p++;
			rc = append_note(&ps, &t, false);
		} else if (*t.p == '&') {
			t.p++;
			rc = append_note(&ps, &t, true);
		} else if (eat(&t, "変化：") || eat(&t, "変化:")) {
			if (!moves_begun)
				rc = 0;
			else
				rc = variation_line(&ps, &t);
		} else if (at(&t, "まで")) {
			/* the result line: the ending, when no move line gave it (KI2) */
			if (!ps.ended && moves_begun)
				rc = result_line(&ps, &t);
		} else {
			if (!moves_begun) {
				moves_begun = true;
				if ((rc = bod_finish(&ps)))
					return rc;
				ps.synced = kifu_record_start(rec, kr->pos, NULL) == 0;
			}
			text probe = t;
			long n = number(&probe);
			if (n >= 0 && at(&probe, "手目"))
				rc = wide_move_line(&ps, &t);
			else if (n >= 0)
				rc = kif_move_line(&ps, &t);
			else if (at(&t, "▲") || at(&t, "△") || at(&t, "☗") || at(&t, "☖"))
				rc = ki2_line(&ps, &t);
			else
				rc = problem(&ps.sp, 0, t.p, NULL, 0, "a line that is neither a header, a move nor a comment");
		}
		if (rc)
			return rc;
	}
	if (rc < 0 && rc != KIFU_ELIMIT)
		return rc;
	int frc = flush_note(&ps);
	if (frc)
		return frc;
	if (!started)
		return rc == KIFU_ELIMIT ? rc : 0;
	if (!ps.v && !kifu_record_error(rec, NULL, NULL, NULL, NULL) && (rc = choose_variant(&ps, NULL)))
		return rc;
	if (!moves_begun && ps.v && (rc = bod_finish(&ps)))
		return rc;
	if (ps.pending_mid >= 0)
		problem(&ps.sp, current_ply(&ps), ps.sp.line, NULL, 0, "a first step without its second");
	*variant = ps.v;
	return 1;
}
