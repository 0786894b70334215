/*
 * names.c - the Japanese names of a variant's pieces: finding a piece by
 * any of its names (every form the variant file lists, traditional
 * characters folded to the common ones) and the names a writer gives it (成
 * before a promoted piece whose name an unpromoted piece also has, as
 * lishogi's KIF writes 成銀将; docs/kif.md), with how each reads back.
 * Names are the variant's data, made when it is concluded (conclude.c):
 * every notation that reads or writes Japanese uses them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/names.h"

/* Traditional or variant characters read as the forms the variant files
 * use (historical transcriptions write them; docs/kif.md): 將 鐵 豬 貓 惡 橫
 * 酔 刃 竜 步 鳯 豎 王. */
static const char *const folds[][2] = {
	{"將", "将"}, {"鐵", "鉄"}, {"豬", "猪"}, {"貓", "猫"}, {"惡", "悪"},
	{"橫", "横"}, {"酔", "醉"}, {"刃", "刄"}, {"竜", "龍"}, {"步", "歩"},
	{"鳯", "鳳"}, {"豎", "竪"}, {"王", "玉"},
};

/* Length of the UTF-8 character at s (1 for a stray byte). */
static size_t char_len(const unsigned char *s, size_t n)
{
	size_t k = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 :
		   (s[0] & 0xF8) == 0xF0 ? 4 : 1;
	return k <= n ? k : 1;
}

static uint32_t key3(const char *s)
{
	return (uint32_t)(unsigned char)s[0] << 16 | (uint32_t)(unsigned char)s[1] << 8 |
	       (uint32_t)(unsigned char)s[2];
}

/* Folds one character at s into out (NUL-terminated); returns bytes read.
 * Every fold is between three-byte characters, compared as numbers. */
static size_t fold_char(const char *s, size_t n, char *out)
{
	enum { NFOLDS = sizeof folds / sizeof folds[0] };
	/* the UTF-8 bytes of folds[i][0] as numbers (constant: no state to set
	 * up, so any thread may read names) */
	static const uint32_t keys[NFOLDS] = {
		0xE5B087, 0xE990B5, 0xE8B1AC, 0xE8B293, 0xE683A1, 0xE6A9AB, 0xE98594,
		0xE58883, 0xE7AB9C, 0xE6ADA5, 0xE9B3AF, 0xE8B18E, 0xE78E8B,
	};
	/* bit (key & 63) of each key: most characters are told apart from
	 * all of them by one test */
#define FOLD_BIT(k) (1ull << ((k) & 63))
	static const uint64_t maybe = FOLD_BIT(0xE5B087) | FOLD_BIT(0xE990B5) | FOLD_BIT(0xE8B1AC) |
				      FOLD_BIT(0xE8B293) | FOLD_BIT(0xE683A1) | FOLD_BIT(0xE6A9AB) |
				      FOLD_BIT(0xE98594) | FOLD_BIT(0xE58883) | FOLD_BIT(0xE7AB9C) |
				      FOLD_BIT(0xE6ADA5) | FOLD_BIT(0xE9B3AF) | FOLD_BIT(0xE8B18E) |
				      FOLD_BIT(0xE78E8B);
#undef FOLD_BIT
	size_t k = char_len((const unsigned char *)s, n);
	if (k == 3 && (maybe >> (key3(s) & 63) & 1)) {
		uint32_t c = key3(s);
		for (int i = 0; i < NFOLDS; i++)
			if (keys[i] == c) {
				memcpy(out, folds[i][1], 4);
				return 3;
			}
	}
	memcpy(out, s, k);
	out[k] = 0;
	return k;
}

void kifu__names_fold(const char *s, char *out, size_t size)
{
	size_t n = strlen(s), o = 0;
	for (size_t i = 0; i < n;) {
		/* a character is copied, or its fold (of the same length) */
		size_t k = char_len((const unsigned char *)s + i, n - i);
		const char *from = s + i;
		char c[8];
		if (k == 3 && fold_char(s + i, n - i, c) == 3)
			from = c;
		if (o + k + 1 > size)
			break;
		memcpy(out + o, from, k);
		o += k;
		i += k;
	}
	out[o] = 0;
}

static int add_name(struct kifu_variant *v, const char *name, int type)
{
	if (!name[0])
		return 0;
	char folded[NAME_MAX_LEN];
	kifu__names_fold(name, folded, sizeof folded);
	for (int i = 0; i < v->nnames; i++)
		if (v->names[i].type == type && !strcmp(v->names[i].text, folded))
			return 0;
	if (v->nnames == MAX_NAMES)
		return -1;
	strcpy(v->names[v->nnames].text, folded);
	v->names[v->nnames].len = (uint8_t)strlen(folded);
	if (strlen(folded) > v->names_max_len)
		v->names_max_len = strlen(folded);
	v->names[v->nnames].type = (int16_t)type;
	v->nnames++;
	return 0;
}

/* The first three bytes of a name (its first character, for kanji). */
static uint32_t first_key(const char *t)
{
	return (uint32_t)(unsigned char)t[0] << 16 | (uint32_t)(unsigned char)t[1] << 8 |
	       (uint32_t)(unsigned char)t[2];
}

/* Names in the order of their first characters; of one first character,
 * by type, so that a lookup's ties go to the lower type whatever the sort
 * does with equal keys. */
static int by_first_key(const void *a, const void *b)
{
	const struct kifu_name *x = a, *y = b;
	uint32_t kx = first_key(x->text), ky = first_key(y->text);
	if (kx != ky)
		return kx < ky ? -1 : 1;
	return (x->type > y->type) - (x->type < y->type);
}

/* The first of the (sorted) names whose first key is key, or where it
 * would be. */
static int first_of(const struct kifu_variant *v, uint32_t key)
{
	int lo = 0, hi = v->nnames;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (first_key(v->names[mid].text) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Type t's names a reader takes (kifu_variant_piece_reading), into out:
 * the full name, the KIF name, the diagram name, the aliases, and 成 + the full name for a
 * promoted type (as the writer puts it where names collide), each once.
 * The one with 成 is made in buf, if it fits.  Returns how many. */
enum { MAX_READINGS = 4 + MAX_ALIASES };
static int readings(const struct kifu_variant *v, int t, const char *out[MAX_READINGS], char *buf, size_t size)
{
	const piece_type *p = &v->types[t];
	const piece_names *n = &p->desc.names;
	const char *all[MAX_READINGS];
	int k = 0, kept = 0;
	all[k++] = n->name;
	all[k++] = n->kif;
	all[k++] = n->diagram;
	for (int a = 0; a < n->naliases; a++)
		all[k++] = n->aliases[a];
	if (p->promoted && strncmp(n->name, "成", strlen("成")) != 0 &&
	    snprintf(buf, size, "成%s", n->name) < (int)size)
		all[k++] = buf;
	for (int j = 0; j < k; j++) {
		bool again = !all[j][0];
		for (int e = 0; e < kept && !again; e++)
			again = !strcmp(out[e], all[j]);
		if (!again)
			out[kept++] = all[j];
	}
	return kept;
}

static int names_collect(struct kifu_variant *v)
{
	v->nnames = 0;
	v->names_max_len = 0;
	for (int t = 0; t < v->ntypes; t++) {
		char buf[NAME_MAX_LEN];
		const char *all[MAX_READINGS];
		int n = readings(v, t, all, buf, sizeof buf);
		for (int i = 0; i < n; i++)
			if (add_name(v, all[i], t))
				return -1;
	}
	return 0;
}

int kifu__names_match(const struct kifu_variant *v, const char *s, size_t n, size_t *len)
{
	/* Fold the first character and find the names that start with it (the
	 * names are sorted by their first character); then fold only as much
	 * more as the longest of them needs.  A fold keeps the length of a
	 * character, so folded and input offsets agree. */
	char folded[NAME_MAX_LEN + 8];
	size_t fl = 0, i = 0;
	if (!n)
		return -1;
	{
		char c[8];
		size_t k = fold_char(s, n, c);
		for (size_t j = 0; j < k; j++)
			folded[j] = c[j];
		i = fl = k;
	}
	if (fl < 3)
		memset(folded + fl, 0, 3);
	uint32_t key = first_key(folded);
	int lo = first_of(v, key);
	size_t need = 0;
	int end = lo;
	while (end < v->nnames && first_key(v->names[end].text) == key) {
		if (v->names[end].len > need)
			need = v->names[end].len;
		end++;
	}
	while (i < n && fl < need) {
		char c[8];
		size_t k = fold_char(s + i, n - i, c);
		for (size_t j = 0; j < k; j++)
			folded[fl + j] = c[j];
		i += k;
		fl += k;
	}
	int best = -1;
	size_t best_len = 0;
	for (int k = lo; k < end; k++) {
		size_t l = v->names[k].len;
		/* l must end on a character boundary of the folded text */
		if (l > best_len && l <= fl && (l == fl || ((unsigned char)folded[l] & 0xC0) != 0x80) &&
		    !memcmp(folded, v->names[k].text, l)) {
			best = v->names[k].type;
			best_len = l;
		}
	}
	if (best < 0)
		return -1;
	*len = best_len;
	return best;
}

bool kifu__names_same(const struct kifu_variant *v, int a, int b)
{
	if (a == b)
		return true;
	if (a < 0 || b < 0 || a >= v->ntypes || b >= v->ntypes)
		return false;
	return v->same_names[a][b / 64] >> (b % 64) & 1;
}

/* ---- the names writers give ---- */

/* Does an unpromoted type bear this name? */
static bool unpromoted_has(const struct kifu_variant *v, const char *name)
{
	for (int t = 0; t < v->ntypes; t++)
		if (!v->types[t].promoted && !strcmp(v->types[t].desc.names.name, name))
			return true;
	return false;
}

/* What no name longer than `folded` begins with right after it: of
 * KIFU_READS_BEFORE_PROMOTE (成), _DROP (打) and _ASCII (any ASCII
 * character), those that hold. */
static unsigned not_continued(const struct kifu_variant *v, const char *folded)
{
	unsigned holds = KIFU_READS_BEFORE_PROMOTE | KIFU_READS_BEFORE_DROP | KIFU_READS_BEFORE_ASCII;
	size_t n = strlen(folded);
	uint32_t key = first_key(folded);
	for (int i = first_of(v, key); i < v->nnames && first_key(v->names[i].text) == key; i++) {
		const char *s = v->names[i].text;
		if (v->names[i].len <= n || memcmp(s, folded, n))
			continue;
		if (!strncmp(s + n, "成", strlen("成")))
			holds &= ~(unsigned)KIFU_READS_BEFORE_PROMOTE;
		else if (!strncmp(s + n, "打", strlen("打")))
			holds &= ~(unsigned)KIFU_READS_BEFORE_DROP;
		else if ((unsigned char)s[n] < 0x80)
			holds &= ~(unsigned)KIFU_READS_BEFORE_ASCII;
	}
	return holds;
}

/* Could a number (a square: digits, kanji numerals, spaces) take the
 * beginning of name? */
static bool numeral_first(const char *name)
{
	static const char *const numerals[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９", "一", "二",
					       "三", "四", "五", "六", "七", "八", "九", "十", "　"};
	unsigned char c = (unsigned char)name[0];
	if (c < 0x80)
		return c <= ' ' || (c >= '0' && c <= '9');
	if (c != 0xE3 && c != 0xE4 && c != 0xE5 && c != 0xEF) /* the numerals' first bytes */
		return false;
	for (size_t i = 0; i < sizeof numerals / sizeof numerals[0]; i++)
		if (!strncmp(name, numerals[i], strlen(numerals[i])))
			return true;
	return false;
}

/* How `name` reads back as type t (KIFU_READS_*). */
static unsigned name_reads(const struct kifu_variant *v, int t, const char *name)
{
	size_t len = strlen(name), used = 0;
	int got = len ? kifu__names_match(v, name, len, &used) : -1;
	if (got < 0 || used != len)
		return 0;
	char folded[WRITTEN_MAX_LEN] = "";
	kifu__names_fold(name, folded, sizeof folded);
	return (kifu__names_same(v, got, t) ? KIFU_READS_AGREEING : 0u) | (got == t ? KIFU_READS_EXACT : 0u) |
	       not_continued(v, folded) | (numeral_first(name) ? 0u : KIFU_READS_AFTER_NUMBER);
}

/* Does `name` read back as type t and no other? */
static bool reads_exactly(const struct kifu_variant *v, int t, const char *name)
{
	size_t len = strlen(name), used = 0;
	return len && kifu__names_match(v, name, len, &used) == t && used == len;
}

/* Type t's names for writing (kifu_piece_writing): the written name (with
 * written-names: plain, Chu as lishogi writes it, scalashogi
 * format/kif/KifUtils.scala: the name alone, 龍王 for a promoted Rook), and
 * the first of its readings that reads back as t alone. */
static void names_writing(struct kifu_variant *v, int t)
{
	piece_type *p = &v->types[t];
	const char *name = p->desc.names.name;
	/* 成 too before a promoted name that starts with a numeral (Tenjiku's
	 * 四天王): after a wide square's rank (14十) the numeral would read as
	 * part of the rank (14十四) */
	if (p->promoted &&
	    ((v->written_names == WRITTEN_PREFIXED && unpromoted_has(v, name)) || numeral_first(name)))
		snprintf(p->written, sizeof p->written, "成%s", name);
	else
		snprintf(p->written, sizeof p->written, "%s", name);
	p->own[0] = 0;
	char buf[WRITTEN_MAX_LEN];
	const char *all[MAX_READINGS];
	int n = readings(v, t, all, buf, sizeof buf);
	for (int i = 0; !p->own[0] && i < n; i++)
		if (reads_exactly(v, t, all[i]))
			snprintf(p->own, sizeof p->own, "%s", all[i]);
	p->writing = (kifu_piece_writing){
		p->written, p->desc.names.kif, p->own, strlen(p->written), strlen(p->desc.names.kif),
		strlen(p->own), name_reads(v, t, p->written), name_reads(v, t, p->desc.names.kif),
		name_reads(v, t, p->own),
	};
}

int kifu__names_build(struct kifu_variant *v)
{
	int rc = names_collect(v);
	if (rc)
		return rc;
	/* names sorted by their first character, so that a lookup looks only
	 * at the few that start like the text */
	qsort(v->names, (size_t)v->nnames, sizeof v->names[0], by_first_key);
	/* the types that share a name: the names of each first key, pair by
	 * pair (a few each) */
	memset(v->same_names, 0, sizeof v->same_names);
	for (int i = 0; i < v->nnames; i++)
		for (int j = i; j < v->nnames && first_key(v->names[i].text) == first_key(v->names[j].text); j++)
			if (!strcmp(v->names[i].text, v->names[j].text)) {
				int a = v->names[i].type, b = v->names[j].type;
				v->same_names[a][b / 64] |= 1ull << (b % 64);
				v->same_names[b][a / 64] |= 1ull << (a % 64);
			}
	for (int t = 0; t < v->ntypes; t++)
		names_writing(v, t);
	return 0;
}

/* ---- the public API ---- */

int kifu_piece_names_agree(const kifu_variant *v, int a, int b)
{
	return kifu__names_same(v, a, b);
}

int kifu_variant_piece_by_name(const kifu_variant *v, const char *text, size_t len, size_t *used)
{
	size_t n = 0;
	int t = kifu__names_match(v, text, len, &n);
	if (t < 0)
		return KIFU_ENOTFOUND;
	if (used)
		*used = n;
	return t;
}

int kifu_variant_piece_reading(const kifu_variant *v, int t, int i, char *buf, size_t size)
{
	if (t < 0 || t >= v->ntypes)
		return KIFU_ENOTFOUND;
	char made[WRITTEN_MAX_LEN];
	const char *all[MAX_READINGS];
	int n = readings(v, t, all, made, sizeof made);
	if (i >= n)
		return 0;
	const char *r = all[i < 0 ? 0 : i];
	size_t len = strlen(r);
	if (len >= size)
		return KIFU_ELIMIT;
	memcpy(buf, r, len + 1);
	return (int)len;
}

const char *kifu_variant_piece_diagram_name(const kifu_variant *v, int t)
{
	return t < 0 || t >= v->ntypes ? NULL : v->types[t].desc.names.diagram;
}

const char *kifu_variant_piece_short_name(const kifu_variant *v, int t)
{
	return t < 0 || t >= v->ntypes ? NULL : v->types[t].desc.names.short_name;
}

int kifu_variant_piece_written_name(const kifu_variant *v, int t, char *buf, size_t size)
{
	if (t < 0 || t >= v->ntypes)
		return KIFU_ENOTFOUND;
	size_t n = v->types[t].writing.written_len;
	if (n + 1 > size)
		return KIFU_ELIMIT;
	memcpy(buf, v->types[t].written, n + 1);
	return (int)n;
}

const kifu_piece_writing *kifu_variant_piece_writing(const kifu_variant *v, int t)
{
	return t >= 0 && t < v->ntypes ? &v->types[t].writing : NULL;
}

void kifu_name_fold(const char *text, char *out, size_t size)
{
	if (size)
		kifu__names_fold(text, out, size);
}

const char *kifu_name_fold_at(int i, const char **to)
{
	if (i < 0 || i >= (int)(sizeof folds / sizeof folds[0]))
		return NULL;
	if (to)
		*to = folds[i][1];
	return folds[i][0];
}
