/*
 * kif_lex.c - KIF lines and move words, without a board (kif_lex.h).
 */
#include <stdio.h>
#include <string.h>

#include "notation/kif/kif_lex.h"

void kifu__kif_trim(kif_text *t)
{
	kif_skip_space(t);
	for (;;) {
		if (t->end > t->p && (t->end[-1] == ' ' || t->end[-1] == '\t' || t->end[-1] == '\r'))
			t->end--;
		else if (t->end - t->p >= 3 && !memcmp(t->end - 3, "　", 3))
			t->end -= 3;
		else
			break;
	}
}

int kifu__kif_digit(kif_text *t)
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

long kifu__kif_number(kif_text *t)
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
	while ((d = kifu__kif_digit(t)) >= 0) {
		n = (n < 0 ? 0 : n * 10) + d;
		if (n > 100000000L) {
			t->p = save;
			return -1;
		}
	}
	return n;
}

static const char *const kanji_digits[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};

static int kanji_digit(kif_text *t)
{
	for (int i = 0; i < 9; i++)
		if (kif_eat_n(t, kanji_digits[i], 3))
			return i + 1;
	return -1;
}

int kifu__kif_kanji_number(kif_text *t)
{
	const char *save = t->p;
	int tens = kanji_digit(t);
	if (kif_eat(t, "十")) {
		if (tens < 0)
			tens = 1;
		int ones = kanji_digit(t);
		return tens * 10 + (ones < 0 ? 0 : ones);
	}
	if (tens < 0)
		t->p = save;
	return tens;
}

bool kifu__kif_eat_mark(kif_text *t)
{
	/* ▲ △ (U+25B2, U+25B3), ▼ ▽ (U+25BC, U+25BD), ☗ ☖ (U+2617, U+2616) */
	if (t->end - t->p < 3)
		return false;
	const unsigned char *u = (const unsigned char *)t->p;
	if ((u[0] == 0xE2 && u[1] == 0x96 && (u[2] == 0xB2 || u[2] == 0xB3 || u[2] == 0xBC || u[2] == 0xBD)) ||
	    (u[0] == 0xE2 && u[1] == 0x98 && (u[2] == 0x96 || u[2] == 0x97))) {
		t->p += 3;
		return true;
	}
	return false;
}

/* Splits "KEY：VALUE" (full- or half-width colon), a header: the key runs
 * to the first colon; it may hold spaces (対局 ID) but not end in one (a
 * compact record's "shogi : 7g7f" is no header), may start with a digit
 * when no move could (9z：v: number_then_move), never holds a KI2 move mark
 * (a KI2 line with a colon in it stays moves), and does not start like a
 * comment, a bookmark or a file comment.  *fullwidth: the colon was ：. */
static bool split_header(const kif_text *t, kif_text *key, kif_text *val, bool *fullwidth)
{
	const char *p = t->p;
	if (p >= t->end || *p == '*' || *p == '&' || *p == '#')
		return false;
	for (const char *q = p; q < t->end; q++) {
		if (*q == ':' || (t->end - q >= 3 && !memcmp(q, "：", 3))) {
			/* a space before the colon: not a key (a compact
			 * record's "shogi : 7g7f") */
			if (q == p || q[-1] == ' ' || q[-1] == '\t')
				return false;
			*key = (kif_text){p, q};
			*fullwidth = *q != ':';
			*val = (kif_text){q + (*q == ':' ? 1 : 3), t->end};
			return true;
		}
		if (t->end - q >= 3 && (!memcmp(q, "▲", 3) || !memcmp(q, "△", 3) || !memcmp(q, "▽", 3) ||
					!memcmp(q, "☗", 3) || !memcmp(q, "☖", 3)))
			return false;
	}
	return false;
}

enum kif_header_kind kifu__kif_header_kind(const char *key, size_t klen, size_t vlen,
					   const kifu_tag_info **tag)
{
	*tag = kifu_tag_find_kif(key, klen);
	if (*tag)
		return strcmp((*tag)->key, "handicap") || (vlen && vlen < KIF_HANDICAP_MAX) ? KIF_HEADER_TAG :
											   KIF_HEADER_WHOLE;
	bool tag_key = klen > 0 && key[0] >= 'a' && key[0] <= 'z';
	for (size_t i = 0; i < klen && tag_key; i++)
		tag_key = (key[i] >= 'a' && key[i] <= 'z') || (key[i] >= '0' && key[i] <= '9') ||
			  key[i] == '-' || key[i] == '_';
	static const char *const special[] = {"header", "comment", "bookmark", "handicap"};
	for (size_t i = 0; i < sizeof special / sizeof special[0] && tag_key; i++)
		tag_key = klen != strlen(special[i]) || memcmp(key, special[i], klen) != 0;
	return tag_key ? KIF_HEADER_KEY : KIF_HEADER_WHOLE;
}

const kifu_variant *kifu__kif_handicap_variant(const kifu_variant_set *variants, const kifu_variant *fallback,
					       const char *value, const char **start)
{
	*start = NULL;
	/* -v's variant first: its title, its name, one of its starts */
	if (fallback && kifu_variant_is_called(fallback, value, start))
		return fallback;
	/* then a variant by its title or name, then by one of its starts (the
	 * shipped ones told by what their files say, loading only the one
	 * found) */
	const kifu_variant *v = kifu_variant_set_find_title(variants, value);
	return v ? v : kifu_variant_set_find_start(variants, value, start);
}

/* Does a line that starts with a number go on as a move would: a space
 * (a move, the file numbers of a diagram) or 手目 (the wide form)? */
static bool number_then_move(const kif_text *t)
{
	kif_text r = *t;
	kifu__kif_number(&r);
	return r.p >= r.end || *r.p == ' ' || *r.p == '\t' || kif_at(&r, "　") || kif_at(&r, "手目");
}

/* "後手の持駒", "上手の持駒" ...: the side whose hand a line gives, or -1. */
static int hand_line(kif_text *t, bool *handicap)
{
	static const struct { const char *word; int side; bool handicap; } hands[] = {
		{"後手の持駒", KIFU_GOTE, false}, {"上手の持駒", KIFU_GOTE, true},
		{"先手の持駒", KIFU_SENTE, false}, {"下手の持駒", KIFU_SENTE, true},
	};
	for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++)
		if (kif_eat_n(t, hands[i].word, strlen(hands[i].word))) {
			*handicap = hands[i].handicap;
			return hands[i].side;
		}
	return -1;
}

/* "  ９ ８ ７ ６ ５ ４ ３ ２ １" or " 15 14 ... 1" above a board diagram:
 * numbers counting down to 1, at least three of them.  Returns the first
 * (the board's width), or 0. */
static long file_numbers(const kif_text *line)
{
	kif_text t = *line;
	int count = 0;
	long prev = 0, first = 0;
	while (!kif_at_end(&t)) {
		long n = kifu__kif_number(&t);
		if (n < 1 || (count && n != prev - 1))
			return 0;
		if (!count)
			first = n;
		prev = n;
		count++;
	}
	return count >= 3 && prev == 1 ? first : 0; /* N ... 3 2 1 */
}

/* A line that starts with a number and goes on as a move: a move (KIF's,
 * or the wide form's N手目), or the file numbers over a diagram. */
static void numbered_line(kif_text t, unsigned char c, kif_line *out)
{
	long files = file_numbers(&t);
	if (files) {
		out->kind = KIF_BOD_FILES;
		out->number = files;
		/* full-width file numbers: only a KIF board diagram has them */
		out->evidence = c & 0x80;
		return;
	}
	kif_text r = t, w;
	out->number = kifu__kif_number(&r);
	/* lishogi's analysis export puts a space before 手目 ("  1 手目 7八歩兵":
	 * ui/analyse/src/notation-export.ts, makeKifNodes) */
	w = r;
	kif_skip_space(&w);
	if (kif_at(&w, "手目"))
		r = w;
	if (kif_eat(&r, "手目")) {
		out->kind = KIF_WIDE_MOVE;
		out->leg = kif_eat(&r, "一歩目") ? 1 : kif_eat(&r, "二歩目") ? 2 : kif_eat(&r, "三歩目") ? 3 : 0;
		out->evidence = true;
	} else {
		out->kind = KIF_MOVE;
		kif_text s = r;
		kif_skip_space(&s);
		out->evidence = s.p < s.end && ((unsigned char)*s.p & 0x80);
	}
	out->rest = r;
}

/* A "key：value" line: a variation's heading, a hand of a diagram, or a
 * header. */
static void keyed_line(kif_text key, kif_text val, bool fullwidth, unsigned char c, kif_line *out)
{
	kif_text k = key;
	out->rest = val;
	if (kif_at(&k, "変化")) {
		out->kind = KIF_VARIATION;
		out->evidence = fullwidth;
	} else if ((out->side = hand_line(&k, &out->handicap)) >= 0) {
		out->kind = KIF_BOD_HAND;
		out->evidence = fullwidth;
	} else {
		out->kind = KIF_HEADER;
		out->key = key;
		out->evidence = fullwidth && (c & 0x80);
	}
}

/* Any other line, by its first characters: a comment, a bookmark, the
 * lines of a diagram, the moves' heading, a result, KI2 moves. */
static void marked_line(kif_text t, unsigned char c, kif_line *out)
{
	kif_text r = t;
	if (c == '*') {
		out->kind = KIF_COMMENT;
		out->rest = (kif_text){t.p + 1, t.end};
		out->evidence = t.p + 1 == t.end || ((unsigned char)t.p[1] & 0x80);
	} else if (c == '&') {
		out->kind = KIF_BOOKMARK;
		out->rest = (kif_text){t.p + 1, t.end};
	} else if (kif_eat(&r, "手数＝")) {
		out->kind = KIF_BOD_MOVENUMBER;
		out->number = kifu__kif_number(&r);
		out->evidence = true;
	} else if (kif_at(&t, "手数")) {
		out->kind = KIF_MOVES_MARKER;
		out->evidence = true;
	} else if ((out->side = hand_line(&r, &out->handicap)) >= 0) {
		if (!kif_eat(&r, "："))
			kif_eat(&r, ":");
		out->kind = KIF_BOD_HAND;
		out->rest = r;
	} else if (c == '|') {
		out->kind = KIF_BOD_RANK;
		out->evidence = true;
	} else if (kif_at(&t, "+---") || kif_at(&t, "+===")) {
		out->kind = KIF_BOD_BORDER;
		out->evidence = kif_at(&t, "+---");
	} else if (kif_eat(&r, "先手番") || kif_eat(&r, "下手番")) {
		out->kind = KIF_BOD_SIDE;
		out->side = KIFU_SENTE;
		out->handicap = kif_at(&t, "下手");
	} else if (kif_eat(&r, "後手番") || kif_eat(&r, "上手番")) {
		out->kind = KIF_BOD_SIDE;
		out->side = KIFU_GOTE;
		out->handicap = kif_at(&t, "上手");
	} else if (kif_eat(&r, "変化：") || kif_eat(&r, "変化:")) {
		/* a 変化 line the header rule did not take */
		out->kind = KIF_VARIATION;
		out->rest = r;
		out->evidence = true;
	} else if (kif_at(&t, "まで")) {
		out->kind = KIF_RESULT;
		out->evidence = true;
	} else if (kifu__kif_eat_mark(&r)) {
		out->kind = KIF_KI2_MOVES;
		out->evidence = true;
	} else {
		out->kind = KIF_OTHER;
	}
}

void kifu__kif_classify(const char *line, size_t len, kif_line *out)
{
	kif_text t = {line, line + len};
	memset(out, 0, sizeof *out);
	kif_skip_space(&t);
	out->rest = t;
	if (t.p >= t.end) {
		out->kind = KIF_BLANK;
		return;
	}
	unsigned char c = (unsigned char)*t.p;
	kif_text d = t, key, val;
	bool fullwidth = false;
	if (kifu__kif_digit(&d) >= 0 && !(!number_then_move(&t) && split_header(&t, &key, &val, &fullwidth))) {
		numbered_line(t, c, out); /* the common line */
	} else if (c == '#') {
		out->kind = KIF_HASH;
		/* the first line the KIF writers write: it tells the notation when
		 * the lines after it are too long for the sample (a header of
		 * 64 KiB) */
		out->evidence = kif_at(&t, "#KIF version=") || kif_at(&t, "#KI2 version=");
	} else if (split_header(&t, &key, &val, &fullwidth)) {
		keyed_line(key, val, fullwidth, c, out);
	} else {
		marked_line(t, c, out);
	}
}

int kifu__kif_square(const kifu_variant *v, kif_text *t)
{
	const char *save = t->p;
	long f = kifu__kif_number(t);
	int r = kifu__kif_kanji_number(t);
	if (r < 0 && f >= 11 && f <= 99 && kifu_variant_files(v) <= 9 && kifu_variant_ranks(v) <= 9) {
		/* two digits for the file and the rank (▲76歩, as some KI2 writers
		 * put it): on a 9×9 board no file has two */
		r = (int)(f % 10);
		f /= 10;
	}
	if (f < 1 || r < 1 || f > kifu_variant_files(v) || r > kifu_variant_ranks(v)) {
		t->p = save;
		return -1;
	}
	return (r - 1) * kifu_variant_files(v) + (int)(f - 1);
}

int kifu__kif_origin(const kifu_variant *v, kif_text *t)
{
	const char *save = t->p;
	kif_skip_space(t);
	if (kif_eat(t, "（←") || kif_eat(t, "(←")) {
		int sq = kifu__kif_square(v, t);
		if (sq < 0 || !(kif_eat(t, "）") || kif_eat(t, ")"))) {
			t->p = save;
			return -1;
		}
		return sq;
	}
	bool fw = false;
	if (kif_eat(t, "(") || (fw = kif_eat(t, "（"))) {
		int f = kifu__kif_digit(t), r = kifu__kif_digit(t);
		if (f < 1 || r < 1 || !(fw ? kif_eat(t, "）") : kif_eat(t, ")")) || f > kifu_variant_files(v) ||
		    r > kifu_variant_ranks(v)) {
			t->p = save;
			return -1;
		}
		return (r - 1) * kifu_variant_files(v) + (f - 1);
	}
	t->p = save;
	return -1;
}

int kifu__kif_times(kif_text *t, double *time, double *total)
{
	const char *save = t->p;
	kif_skip_space(t);
	if (!kif_eat(t, "("))
		goto fail;
	kif_skip_space(t);
	long m = kifu__kif_number(t);
	if (m < 0 || !kif_eat(t, ":"))
		goto fail;
	long s = kifu__kif_number(t);
	if (s < 0)
		goto fail;
	*time = (double)(m * 60 + s);
	*total = -1;
	kif_skip_space(t);
	if (kif_eat(t, "/")) {
		kif_skip_space(t);
		long h = kifu__kif_number(t), mm, ss;
		if (h < 0 && kif_at(t, ")")) {
			/* 81Dojo: "( 0:7/)", the move's time alone */
		} else if (h < 0 || !kif_eat(t, ":") || (mm = kifu__kif_number(t)) < 0) {
			goto fail;
		} else if (kif_eat(t, ":")) {
			if ((ss = kifu__kif_number(t)) < 0)
				goto fail;
			*total = (double)(h * 3600 + mm * 60 + ss);
		} else {
			*total = (double)(h * 60 + mm);
		}
	}
	kif_skip_space(t);
	if (!kif_eat(t, ")"))
		goto fail;
	return 0;
fail:
	t->p = save;
	return -1;
}

/* The piece v names at text[0..len) (kifu_variant_piece_by_name), through
 * the reader's cache when the origin's '(' is near. */
static int piece_named(const kifu_variant *v, const char *text, size_t len, size_t *used, kif_name_cache *nc)
{
	const char *paren = nc ? memchr(text, '(', len < KIF_NAME_KEY ? len : KIF_NAME_KEY) : NULL;
	if (!paren)
		return kifu_variant_piece_by_name(v, text, len, used);
	size_t k = (size_t)(paren - text);
	if (nc->v != v) {
		memset(nc, 0, sizeof *nc);
		nc->v = v;
	}
	unsigned h = 2166136261u;
	for (size_t i = 0; i < k; i++)
		h = (h ^ (unsigned char)text[i]) * 16777619u;
	h = (h ^ (h >> 15)) & (KIF_NAME_CACHE - 1);
	if (nc->e[h].len == k + 1 && !memcmp(nc->e[h].key, text, k)) {
		*used = nc->e[h].used;
		return nc->e[h].type;
	}
	int type = kifu_variant_piece_by_name(v, text, k, used);
	nc->e[h].len = (unsigned char)(k + 1);
	nc->e[h].used = (unsigned char)*used;
	nc->e[h].type = (short)type;
	memcpy(nc->e[h].key, text, k);
	return type;
}

enum kif_head_status kifu__kif_move_head(const kifu_variant *v, kif_text *t, bool ki2,
					 kif_move_head *out, kif_name_cache *nc)
{
	memset(out, 0, sizeof *out);
	out->to = -1;
	out->type = -1;
	if (kif_eat(t, "同") || kif_eat(t, "仝")) {
		kif_skip_space(t);
		out->same = true;
	} else if ((out->to = kifu__kif_square(v, t)) < 0) {
		return KIF_HEAD_NO_SQUARE;
	}
	size_t used = 0;
	int type = piece_named(v, t->p, (size_t)(t->end - t->p), &used, nc);
	if (type < 0)
		return KIF_HEAD_NO_PIECE;
	out->type = type;
	t->p += used;
	/* what follows the piece: one of 成 不成 生 打 (KIF, wide); KI2 puts its
	 * relative words (右 左 上 行 引 寄 直) there too, in any order */
	for (bool more = true; more;) {
		if (ki2 && kif_eat(t, "右"))
			out->mods |= KIF_MOD_RIGHT;
		else if (ki2 && kif_eat(t, "左"))
			out->mods |= KIF_MOD_LEFT;
		else if (ki2 && (kif_eat(t, "上") || kif_eat(t, "行")))
			out->mods |= KIF_MOD_UP;
		else if (ki2 && kif_eat(t, "引"))
			out->mods |= KIF_MOD_DOWN;
		else if (ki2 && kif_eat(t, "寄"))
			out->mods |= KIF_MOD_SIDE;
		else if (ki2 && kif_eat(t, "直"))
			out->mods |= KIF_MOD_STRAIGHT;
		else if (kif_eat(t, "打"))
			out->drop = true, more = ki2;
		else if (kif_eat(t, "不成") || kif_eat(t, "生"))
			out->promote = false, more = ki2;
		else if (kif_eat(t, "成"))
			out->promote = true, more = ki2;
		else
			more = false;
	}
	return KIF_HEAD_OK;
}

void kifu__kif_square_name(const kifu_variant *v, int sq, char *buf, size_t size)
{
	static const char *const fw[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
	static const char *const kj[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (sq < 0 || sq >= files * ranks) {
		snprintf(buf, size, "?");
		return;
	}
	int f = sq % files + 1, r = sq / files + 1;
	if (files <= 9 && ranks <= 9)
		snprintf(buf, size, "%s%s", fw[f], kj[r]);
	else
		snprintf(buf, size, "%d%s%s%s", f, r >= 20 ? kj[r / 10] : "", r >= 10 ? "十" : "", kj[r % 10]);
}
