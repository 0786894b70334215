/*
 * jkf_record.c - a JKF record from its JSON (jkf_read.h): the record
 * object, its header and its start (initial and initial.data), each read
 * where it is written; its lines of play are jkf_moves.c's.
 *
 * JKF's writers write header, initial and moves in that order, which is
 * the order they are needed in (the header's 手合割 and initial say the
 * start the moves are played from).  A record that gives them in another
 * order is built again once its text is read, from where each is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/jkf/jkf.h"
#include "notation/jkf/jkf_read.h"
#include "record/start.h"
#include "text/encoding.h"

/* ---- the header ---- */

static bool tag_key_shape(const char *k, size_t len)
{
	if (!len || !(*k >= 'a' && *k <= 'z'))
		return false;
	for (size_t i = 0; i < len; i++)
		if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= '0' && k[i] <= '9') || k[i] == '-' || k[i] == '_'))
			return false;
	return true;
}

static bool same_text(const char *word, const char *s, size_t len)
{
	return strlen(word) == len && !memcmp(word, s, len);
}

/* How many bytes of spaces (ASCII and full-width) s[0..len) begins with. */
static size_t leading_spaces(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && (s[i] == ' ' || (len - i >= 3 && !memcmp(s + i, "　", 3))))
		i += s[i] == ' ' ? 1 : 3;
	return i;
}

bool kifu__jkf_blank(const char *s, size_t len)
{
	return leading_spaces(s, len) == len;
}

/* Spaces (ASCII and full-width) trimmed off both ends, as KIF's values. */
static void trimmed(const char *s, size_t len, char *out, size_t size)
{
	size_t lead = leading_spaces(s, len);
	s += lead;
	len -= lead;
	size_t n = kifu__utf8_cut(s, len, size - 1);
	memcpy(out, s, n);
	for (;;) {
		if (n && out[n - 1] == ' ')
			n--;
		else if (n >= 3 && !memcmp(out + n - 3, "　", 3))
			n -= 3;
		else
			break;
	}
	out[n] = 0;
}

/* What the reader makes of the header key k[0..kl): KIF's header names
 * (kifu_tag_info.kif) are tags (*tag; 手合割 is kept for the start); a key
 * shaped as a tag's is that tag (what the writer makes of such a tag); a
 * key with a full-width colon in it cannot be kept (the writer would split
 * KEY：VALUE there); any other is kept whole as `header=KEY：VALUE`, as the
 * KIF reader keeps one.  The writer asks it too, to write a `header` tag
 * only under a key that reads back as one. */
enum jkf_header_key kifu__jkf_header_key(const char *k, size_t kl, const kifu_tag_info **tag)
{
	if ((*tag = kifu_tag_find_kif(k, kl)))
		return JKF_HEADER_TAG;
	/* the key as a C string, to look it up among the tags (whose keys
	 * are all shorter) */
	char kz[64] = "";
	if (kl < sizeof kz) {
		memcpy(kz, k, kl);
		kz[kl] = 0;
	}
	if (tag_key_shape(k, kl) && !(kl < sizeof kz && kifu_tag_find(kz)) && !same_text("header", k, kl) &&
	    !same_text("sfen", k, kl) && !same_text("comment", k, kl) && !same_text("bookmark", k, kl))
		return JKF_HEADER_TAG;
	for (size_t i = 0; i + 3 <= kl; i++)
		if (!memcmp(k + i, "：", 3))
			return JKF_HEADER_REFUSED;
	return JKF_HEADER_WHOLE;
}

/* One header, key k[0..kl) and value s[0..n), as kifu__jkf_header_key
 * takes it; h the header object, where a refused key is said. */
static int add_header(build *b, const char *k, size_t kl, const char *s, size_t n, const kifu__json_mark *h)
{
	const kifu_tag_info *tag;
	char kb[64];
	switch (kifu__jkf_header_key(k, kl, &tag)) {
	case JKF_HEADER_TAG:
		if (tag && !strcmp(tag->key, "handicap")) {
			trimmed(s, n, b->handicap, sizeof b->handicap);
			b->handicap_at = *h;
			return 0;
		}
		return tag ? kifu_record_add_tag(b->rec, tag->key, strlen(tag->key), s, n)
			   : kifu_record_add_tag(b->rec, k, kl, s, n);
	case JKF_HEADER_REFUSED:
		return kifu__jkf_problem(b, 0, AT_MARK, h, NULL,
					 "header \"%s\": a key with a full-width colon (：) in it cannot be kept "
					 "(a header is kept as KEY：VALUE, as KIF writes it)",
					 kifu__jkf_shown_key(k, kl, kb, sizeof kb));
	case JKF_HEADER_WHOLE:
		break;
	}
	char *whole = kifu__jkf_join_buffer(b->r, kl + 3 + n);
	if (!whole)
		return KIFU_ENOMEM;
	memcpy(whole, k, kl);
	memcpy(whole + kl, "：", 3);
	memcpy(whole + kl + 3, s, n);
	return kifu_record_add_tag(b->rec, "header", 6, whole, kl + 3 + n);
}

/* header: an object of strings, or null; t its first token. */
static int read_header(build *b, const kifu__json_tok *t)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok key, v;
	kifu__json_mark h;
	char kb[64];
	int rc, more;
	if (t->type == KIFU_JSON_NULL)
		return 0;
	if (t->type != KIFU_JSON_OBJECT)
		return kifu__jkf_problem(b, 0, AT_MARK, &b->record, NULL, "header is an object of strings");
	kifu__json_mark_of(c, t, &h);
	/* its keys are any: the tokenizer looks for one given twice */
	if ((rc = kifu__json_check_keys(c)))
		return rc;
	while ((more = kifu__json_member(c, &key)) == 1) {
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		/* the key's bytes once its value is read (the text may have grown) */
		const char *k = kifu__json_bytes(c, &key);
		if (v.type != KIFU_JSON_STRING)
			return kifu__jkf_problem(b, 0, AT_MARK, &h, NULL, "header \"%s\" is not a string",
						 kifu__jkf_shown_key(k, key.len, kb, sizeof kb));
		if ((rc = add_header(b, k, key.len, kifu__json_bytes(c, &v), v.len, &h)))
			return rc;
	}
	return more;
}

/* ---- the start ---- */

/* initial.data as read: each part's problem kept, to be said in the
 * order the parts are judged in (data_sfen). */
typedef struct data_read {
	const char *bad;       /* not an object, or a key none of data's */
	int64_t color;         /* -1: absent or not 0 or 1 */
	bool board_empty;      /* {} */
	int board_files;       /* the files given (-1: board absent or not an array) */
	bool file_ok[9];       /* an array of 9 squares */
	bool cell_ok[9][9];
	char cell[9][9][3];    /* each square's SFEN token ("" empty) */
	int hands;             /* the hands given (-1: absent or not an array) */
	const char *hand_bad;  /* the first problem in them */
	char hand_sfen[64];
	size_t hand_n;
} data_read;

static const char *const two_hands = "initial.data's hands are two objects, Sente's and Gote's ({\"FU\": 2, ...})";

/* One square of the board: {} or {color, kind}; its SFEN token into cell. */
static int read_square(build *b, const kifu__json_tok *t, char cell[3], bool *ok)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok key, v, vals[2];
	int64_t color = -2; /* -2 absent or null */
	int kind = -1, k, more, rc = 0;
	unsigned seen = 0;
	*ok = t->type == KIFU_JSON_OBJECT;
	if (!*ok)
		return kifu__json_skip(c, t);
	/* color and kind into vals; what else there is, here */
	while (!rc && (more = kifu__json_fields(c, &kifu__jkf_keys[KS_SQUARE], &seen, vals, &k, &key)) == 1) {
		if (!(rc = kifu__json_value(c, &v))) {
			if (k < 0)
				*ok = false;
			else
				vals[k] = v;
			rc = kifu__json_skip(c, &v);
		}
	}
	if (rc || more < 0)
		return rc ? rc : more;
	if ((seen & 1) && vals[0].type != KIFU_JSON_NULL)
		color = kifu__jkf_count(b, &vals[0]);
	if (seen & 2)
		kind = kifu__jkf_kind_value(b, &vals[1]);
	cell[0] = 0;
	if (kind == -1 && color == -2)
		return 0;
	if (kind < 0 || color < 0 || color > 1) {
		*ok = false;
		return 0;
	}
	size_t n = 0;
	for (const char *s = kifu__jkf_kinds[kind].sfen; *s; s++)
		cell[n++] = color && *s != '+' ? (char)(*s - 'A' + 'a') : *s;
	cell[n] = 0;
	return 0;
}

/* The board: 9 files of 9 squares (board[x-1][y-1]), or {}. */
static int read_board(build *b, const kifu__json_tok *t, data_read *d)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok v, key;
	int rc, more;
	d->board_files = -1;
	if (t->type == KIFU_JSON_OBJECT) {
		d->board_empty = (rc = kifu__json_member(c, &key)) == 0;
		return rc < 0 ? rc : rc ? kifu__json_leave(c, c->depth - 1) : 0;
	}
	if (t->type != KIFU_JSON_ARRAY)
		return kifu__json_skip(c, t);
	d->board_files = 0;
	while ((more = kifu__jkf_element(b)) == 1) {
		int x = d->board_files++;
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		if (x >= 9 || v.type != KIFU_JSON_ARRAY) {
			if ((rc = kifu__json_skip(c, &v)))
				return rc;
			continue;
		}
		int y = 0;
		while ((more = kifu__jkf_element(b)) == 1) {
			kifu__json_tok sq;
			bool ok = false;
			char cell[3];
			if ((rc = kifu__json_value(c, &sq)) || (rc = read_square(b, &sq, cell, &ok)))
				return rc;
			if (y < 9) {
				d->cell_ok[x][y] = ok;
				memcpy(d->cell[x][y], cell, sizeof cell);
			}
			y++;
		}
		if (more < 0)
			return more;
		d->file_ok[x] = y == 9;
	}
	return more;
}

/* One side's hand, {"FU": 2, ...}: its SFEN appended to d's. */
static int read_hand(build *b, int side, data_read *d)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok key, v;
	unsigned seen = 0;
	int kind, more, rc;
	while ((more = kifu__jkf_member(b, KS_KINDS, &seen, &key, &kind)) == 1) {
		if ((rc = kifu__json_value(c, &v)) || (rc = kifu__json_skip(c, &v)))
			return rc;
		int64_t n = kifu__jkf_count(b, &v);
		if (d->hand_bad || n == 0)
			continue;
		if (kind < 0 || n < 0)
			d->hand_bad = "a hand of initial.data counts JKF's kinds: {\"FU\": 2, ...}";
		else if (kind >= 7)
			d->hand_bad = "a hand of initial.data holds only pieces that can be dropped (FU KY KE GI KI KA HI)";
		else if (n > KIFU_MAX_IN_HAND)
			d->hand_bad = "a hand of initial.data holds more than 200 of one piece";
		if (d->hand_bad)
			continue;
		if (n > 1)
			d->hand_n += (size_t)snprintf(d->hand_sfen + d->hand_n, 8, "%d", (int)n);
		char letter = kifu__jkf_kinds[kind].sfen[0];
		d->hand_sfen[d->hand_n++] = side ? (char)(letter - 'A' + 'a') : letter;
	}
	return more;
}

static int read_hands(build *b, const kifu__json_tok *t, data_read *d)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok v;
	int more, rc;
	d->hands = -1;
	if (t->type != KIFU_JSON_ARRAY)
		return kifu__json_skip(c, t);
	d->hands = 0;
	while ((more = kifu__jkf_element(b)) == 1) {
		int side = d->hands++;
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		if (side < 2 && v.type != KIFU_JSON_OBJECT && !d->hand_bad)
			d->hand_bad = two_hands;
		if (side >= 2 || v.type != KIFU_JSON_OBJECT)
			rc = kifu__json_skip(c, &v);
		else
			rc = read_hand(b, side, d);
		if (rc)
			return rc;
	}
	return more;
}

/* initial.data: {color, board, hands}, read into d. */
static int read_data(build *b, const kifu__json_tok *t, data_read *d)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok key, v;
	int k, more, rc;
	unsigned seen = 0;
	static const char *const shape = "initial.data is {\"color\", \"board\", \"hands\"}";
	memset(d, 0, sizeof *d);
	d->color = d->board_files = d->hands = -1;
	if (t->type != KIFU_JSON_OBJECT) {
		d->bad = shape;
		return kifu__json_skip(c, t);
	}
	while ((more = kifu__jkf_member(b, KS_DATA, &seen, &key, &k)) == 1) {
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		if (k < 0)
			d->bad = shape;
		if (k == 0) {
			d->color = kifu__jkf_count(b, &v);
			rc = kifu__json_skip(c, &v);
		} else if (k == 1) {
			rc = read_board(b, &v, d);
		} else if (k == 2) {
			rc = read_hands(b, &v, d);
		} else {
			rc = kifu__json_skip(c, &v);
		}
		if (rc)
			return rc;
	}
	return more;
}

/* initial.data as an SFEN (board side hands 1) in sfen (room for 1024
 * bytes), judged part by part: NULL, or what is wrong. */
static const char *data_sfen(const data_read *d, char *sfen)
{
	if (d->bad)
		return d->bad;
	if (d->color < 0 || d->color > 1)
		return "initial.data's color is 0 (Sente) or 1 (Gote), the side to move";
	if (!d->board_empty && d->board_files != 9)
		return "initial.data's board is 9 files (board[x-1][y-1] the square x, y), or {} for none";
	size_t n = 0;
	for (int y = 0; y < 9; y++) {
		int blanks = 0;
		if (y)
			sfen[n++] = '/';
		for (int x = 8; x >= 0; x--) {
			if (d->board_empty) {
				blanks++;
				continue;
			}
			if (!d->file_ok[x])
				return "initial.data's board is 9 files of 9 squares";
			if (!d->cell_ok[x][y])
				return "a square of initial.data's board is {} or {\"color\": 0 or 1, \"kind\": \"FU\"...}";
			const char *t = d->cell[x][y];
			if (!t[0]) {
				blanks++;
				continue;
			}
			if (blanks)
				sfen[n++] = (char)('0' + blanks);
			blanks = 0;
			while (*t)
				sfen[n++] = *t++;
		}
		if (blanks)
			sfen[n++] = (char)('0' + blanks);
	}
	if (d->hands != 2)
		return two_hands;
	if (d->hand_bad)
		return d->hand_bad;
	snprintf(sfen + n, 1024 - n, " %c %.*s 1", d->color ? 'w' : 'b', d->hand_n ? (int)d->hand_n : 1,
		 d->hand_n ? d->hand_sfen : "-");
	return NULL;
}

/* The side to move in an SFEN: its second field. */
static int sfen_side(const char *sfen)
{
	const char *sp = strchr(sfen, ' ');
	return sp && sp[1] == 'w' ? 1 : 0;
}

/* Is sfen the position of the named start's SFEN (board, side, hands)? */
static bool same_position(const char *sfen, const char *named)
{
	const char *a = strrchr(sfen, ' '), *b = strrchr(named, ' ');
	return a && b && a - sfen == b - named && !memcmp(sfen, named, (size_t)(a - sfen));
}

/* The name of v's start whose SFEN is sfen (a handicap spelt another way,
 * 香落 or with traditional characters, is kept under the start's name). */
static const char *start_name(const kifu_variant *v, const char *sfen)
{
	for (int i = 0; i < kifu_variant_named_start_count(v); i++) {
		const char *name = kifu_variant_named_start_name(v, i);
		if (kifu_variant_named_start(v, name) == sfen)
			return name;
	}
	return NULL;
}

/* No initial: the header's 手合割 gives the start, as in KIF. */
static int default_start(build *b)
{
	const char *named = b->handicap[0] ? kifu__named_start(b->v, b->handicap) : NULL;
	if (b->handicap[0] && !named) {
		kifu_diag d;
		kifu__unknown_handicap(b->v, b->handicap, &d);
		return kifu__jkf_problem(b, 0, AT_MARK, &b->handicap_at, NULL, "%s", d.message);
	}
	b->side0 = sfen_side(named ? named : kifu_variant_start_sfen(b->v));
	const char *start = named ? start_name(b->v, named) : NULL;
	return start ? kifu_record_add_tag(b->rec, "handicap", 8, start, strlen(start)) : 0;
}

/* initial.data's position checked and written in SFEN's own order (hands
 * as the variant lists its pieces, not as the JSON's keys); preset: the
 * preset's start, which it must be, or NULL. */
static int data_position(build *b, const data_read *d, const kifu__json_mark *at, int k, const char *preset,
			 char *sfen)
{
	const char *why = data_sfen(d, sfen);
	if (why)
		return kifu__jkf_problem(b, 0, AT_MARK, at, NULL, "%s", why);
	kifu_diag diag;
	if (kifu_position_for(&b->r->pos, b->v))
		return KIFU_ENOMEM;
	if (kifu_position_set_sfen(b->r->pos, sfen, strlen(sfen), &diag))
		return kifu__jkf_problem(b, 0, AT_MARK, at, NULL, "initial.data is not a position of %s: %s",
					 kifu_variant_name(b->v), diag.message);
	if (preset && !same_position(sfen, preset))
		return kifu__jkf_problem(b, 0, AT_MARK, at, NULL, "initial.data is not the position of initial.preset %s",
					 kifu__jkf_presets[k].code);
	if (kifu_position_sfen(b->r->pos, sfen, 1024) < 0)
		return kifu__jkf_problem(b, 0, AT_MARK, at, NULL, "initial.data: a position too large to write");
	return 0;
}

/* The start of initial's preset ps[0..plen) (NULL: no string) and data
 * (NULL: none): the `handicap` tag (a preset) or the `sfen` tag (data);
 * the header's 手合割 must agree with it.  at: initial's object. */
static int initial_start(build *b, const char *ps, size_t plen, const data_read *d, const kifu__json_mark *at,
			 const kifu__json_mark *data_at)
{
	char kb[64], sfen[1024];
	const char *named = b->handicap[0] ? kifu__named_start(b->v, b->handicap) : NULL;
	int k = ps ? kifu__jkf_preset_find(ps, plen) : -1, rc = 0;
	if (k < 0)
		return kifu__jkf_problem(b, 0, AT_MARK, at, NULL, "unknown initial.preset \"%s\" (JKF's: HIRATE KY KY_R KA HI HIKY 2 3 4 5 "
					 "5_L 6 7_L 7_R 8 10 OTHER)", ps ? kifu__jkf_shown_key(ps, plen, kb, sizeof kb) : "");
	bool other = !strcmp(kifu__jkf_presets[k].code, "OTHER");
	const char *preset = other ? NULL : kifu_variant_named_start(b->v, kifu__jkf_presets[k].name);
	if (!other && !preset)
		return kifu__jkf_problem(b, 0, AT_MARK, at, NULL, "initial.preset %s: %s has no start %s",
					 kifu__jkf_presets[k].code, kifu_variant_name(b->v), kifu__jkf_presets[k].name);
	if (preset && b->handicap[0] && (!named || strcmp(preset, named)))
		return kifu__jkf_problem(b, 0, AT_MARK, &b->handicap_at, NULL,
					 "the header's 手合割 (%s) is not initial.preset %s (%s)", b->handicap,
					 kifu__jkf_presets[k].code, kifu__jkf_presets[k].name);
	if (other && !d)
		return kifu__jkf_problem(b, 0, AT_MARK, at, NULL, "initial.preset OTHER needs initial.data, the position");
	if (d && (rc = data_position(b, d, data_at, k, preset, sfen)))
		return rc;
	if (preset)
		rc = kifu_record_add_tag(b->rec, "handicap", 8, kifu__jkf_presets[k].name,
					 strlen(kifu__jkf_presets[k].name));
	else if (b->handicap[0])
		rc = kifu_record_add_tag(b->rec, "handicap", 8, b->handicap, strlen(b->handicap));
	if (!rc && other) {
		b->side0 = sfen_side(sfen);
		for (char *s = sfen; *s; s++)
			if (*s == ' ')
				*s = '_';
		rc = kifu_record_add_tag(b->rec, "sfen", 4, sfen, strlen(sfen));
	} else {
		b->side0 = sfen_side(preset);
	}
	return rc;
}

/* initial: {preset, data?}, or null (the header's 手合割 gives the start). */
static int read_initial(build *b, const kifu__json_tok *t)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok key, v;
	kifu__json_mark at, data_at;
	data_read d;
	char ps[64];
	size_t plen = 0;
	bool has_preset = false, has_data = false, stray = false;
	int k, more, rc;
	unsigned seen = 0;
	if (t->type == KIFU_JSON_NULL)
		return default_start(b);
	if (t->type != KIFU_JSON_OBJECT)
		return kifu__jkf_problem(b, 0, AT_MARK, &b->record, NULL, "initial is {\"preset\", \"data\"?}");
	kifu__json_mark_of(c, t, &at);
	while ((more = kifu__jkf_member(b, KS_INITIAL, &seen, &key, &k)) == 1) {
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		stray |= k < 0;
		if (k == 0 && v.type == KIFU_JSON_STRING) {
			/* no preset is longer: kept to be said, cut short */
			has_preset = true;
			plen = v.len;
			memcpy(ps, kifu__json_bytes(c, &v), plen < sizeof ps ? plen : sizeof ps);
		} else if (k == 1 && v.type != KIFU_JSON_NULL) {
			has_data = true;
			data_at = at;
			if (v.type == KIFU_JSON_OBJECT)
				kifu__json_mark_of(c, &v, &data_at);
			rc = read_data(b, &v, &d);
		} else {
			rc = kifu__json_skip(c, &v);
		}
		if (rc)
			return rc;
	}
	if (more < 0)
		return more;
	if (stray)
		return kifu__jkf_problem(b, 0, AT_MARK, &at, NULL, "initial is {\"preset\", \"data\"?}");
	return initial_start(b, has_preset ? ps : NULL, plen < sizeof ps ? plen : sizeof ps, has_data ? &d : NULL,
			     &at, &data_at);
}

/* ---- the record ---- */

enum { HEADER, INITIAL, MOVES };

/* One of the record's parts, t its first token; seen: those given so far. */
static int read_part(build *b, int part, const kifu__json_tok *t, const bool seen[3])
{
	int rc;
	if (part == HEADER)
		return read_header(b, t);
	if (part == INITIAL)
		return read_initial(b, t);
	if (!seen[INITIAL] && (rc = default_start(b)))
		return rc;
	return kifu__jkf_read_moves(b, t);
}

/* A build of rec from cursor c, which reads it. */
static void build_init(build *b, jkf_reader *r, kifu_record *rec)
{
	memset(b, 0, sizeof *b);
	b->r = r;
	b->c = &r->json;
	b->rec = rec;
	b->prev_to = -1;
}

/* The record as it was before it was built: its source and variant. */
static int build_again(build *b)
{
	char file[KIFU_DIAG_FILE_MAX];
	long line = kifu_record_line(b->rec);
	kifu__text_copy(file, sizeof file, kifu_record_file(b->rec));
	kifu_record_clear(b->rec);
	int rc = kifu_record_set_source(b->rec, file, line);
	const char *name = b->v ? kifu_variant_name(b->v) : NULL;
	return rc ? rc : name ? kifu_record_set_variant(b->rec, name, strlen(name)) : 0;
}

/* The parts again, in their order, from where they are (marks): the
 * record gave them in another. */
static int read_in_order(build *b, const bool seen[3], const kifu__json_mark marks[3])
{
	kifu__json_cur *text = b->c;
	jkf_reader *r = b->r;
	kifu_record *rec = b->rec;
	kifu__json_mark record = b->record;
	const kifu_variant *v = b->v;
	int rc = build_again(b);
	build_init(b, r, rec);
	b->record = record;
	b->v = v;
	for (int part = HEADER; !rc && part <= MOVES; part++) {
		if (!seen[part])
			continue;
		kifu__json_cur sub;
		kifu__json_tok t;
		kifu__json_start_at(&sub, text, &marks[part]);
		b->c = &sub;
		rc = kifu__json_value(&sub, &t);
		if (!rc)
			rc = read_part(b, part, &t, seen);
		kifu__json_free(&sub);
		b->c = text;
	}
	return rc;
}

/* The record's members: header, initial and moves, each read where it is
 * when it comes in that order (else read again in order at the end);
 * after a problem the rest is only checked as JSON.  stopped: a problem
 * before it (the variant's). */
static int read_members(build *b, bool stopped)
{
	kifu__json_cur *c = b->c;
	kifu__json_mark marks[3];
	kifu__json_tok key, v;
	bool seen[3] = {false, false, false}, reorder = false, stray = false;
	char kb[64];
	int stage = -1, rc = stopped ? STOP : 0, more, k;
	unsigned seen_keys = 0;
	while ((more = kifu__jkf_member(b, KS_RECORD, &seen_keys, &key, &k)) == 1) {
		if (!rc && k < 0) {
			stray = true;
			rc = kifu__jkf_problem(b, 0, AT_MARK, &b->record, NULL,
					       "unknown key \"%s\" in a JKF record (it has header, initial and moves)",
					       kifu__jkf_shown_key(kifu__json_bytes(c, &key), key.len, kb, sizeof kb));
		}
		if ((more = kifu__json_value(c, &v)))
			return more;
		if (k >= 0) {
			seen[k] = true;
			kifu__json_mark_of(c, &v, &marks[k]);
			reorder |= k < stage;
		}
		if (rc || k < 0 || reorder) {
			if ((more = kifu__json_skip(c, &v)))
				return more;
			continue;
		}
		stage = k;
		rc = read_part(b, k, &v, seen);
		if (rc == STOP)
			rc = (more = kifu__json_leave(c, 1)) ? more : STOP;
		if (rc < 0)
			return rc;
	}
	if (more < 0)
		return more;
	/* a problem may come of the order: the record is read again in its
	 * own (but for a key JKF has not, which no order mends) */
	if (reorder && !b->problem.final && !stray)
		rc = read_in_order(b, seen, marks);
	if (!rc && !seen[MOVES])
		rc = kifu__jkf_problem(b, 0, AT_MARK, &b->record, NULL,
				       "a JKF record's moves is an array, the start position first");
	return rc;
}

/* The column just after what cursor c has read. */
static long column_now(const kifu__json_cur *c)
{
	return (long)c->p - c->line_at - (long)c->cont + c->base;
}

/* A record whose text is no JSON: its error is the tokenizer's, nothing
 * built kept (the variant is). */
static int not_json(build *b)
{
	const kifu__json_cur *c = &b->r->json;
	if (b->problem.set && b->problem.final)
		return kifu__jkf_problem_said(b, c->n);
	int rc = build_again(b);
	return rc ? rc : kifu_record_set_error(b->rec, 0, c->err_line, c->err_col, NULL, 0, c->error);
}

int kifu__jkf_read_record(jkf_reader *r, kifu_record *rec, long line, long col, const kifu_variant **variant,
			  kifu__json_more more, void *arg, size_t *end, long *end_line, long *end_col)
{
	build b;
	kifu__json_tok t;
	kifu__json_cur *c = &r->json;
	build_init(&b, r, rec);
	kifu__json_start(c, r->buf + r->head, r->len - r->head, line, col, false, more, arg);
	/* its lines are decoded, UTF-8 checked, and followed by NULs; its text
	 * stays while it is read */
	c->checked_utf8 = true;
	kifu__json_slack(c, JKF_SLACK);
	int rc = kifu__json_value(c, &t);
	if (rc < 0)
		return rc;
	kifu__json_mark_of(c, &t, &b.record);
	bool refused = kifu__jkf_choose_variant(&b) != 0;
	if (t.type == KIFU_JSON_ARRAY) {
		rc = kifu__json_skip(c, &t);
		if (!rc && !refused)
			rc = kifu__jkf_problem(&b, 0, AT_PLACE, &b.record, NULL,
					       "a JSON array: kifu reads JKF records as objects, one after another "
					       "(docs/jkf.md)");
	} else {
		rc = read_members(&b, refused);
	}
	*variant = NULL;
	if (rc == KIFU_ESYNTAX || c->failed == KIFU_ESYNTAX) {
		rc = not_json(&b);
		if (!rc && kifu_record_variant_name(rec)[0])
			*variant = b.v;
		return rc ? rc : KIFU_ESYNTAX;
	}
	if (rc < 0)
		return rc;
	*end = c->p;
	*end_line = c->line;
	*end_col = column_now(c);
	if ((rc = kifu__jkf_problem_said(&b, c->p)))
		return rc;
	if (kifu_record_variant_name(rec)[0])
		*variant = b.v;
	return 0;
}

int kifu__jkf_read_junk(jkf_reader *r, kifu_record *rec, long line, long col, size_t n,
			const kifu_variant **variant)
{
	build b;
	kifu__json_tok t;
	kifu__json_cur *c = &r->json;
	build_init(&b, r, rec);
	kifu__json_start(c, r->buf + r->head, n, line, col, true, NULL, NULL);
	c->checked_utf8 = true;
	b.record = (kifu__json_mark){0, line, 0, 0, col, 0};
	int rc = kifu__jkf_choose_variant(&b);
	*variant = NULL;
	if (!rc) {
		/* JSON values, maybe, but no record: said as the first that is not JSON */
		while ((rc = kifu__json_next(c, &t)) > 0)
			;
		if (rc == KIFU_ESYNTAX)
			rc = not_json(&b);
		else if (!rc)
			rc = kifu__jkf_problem(&b, 0, AT_PLACE, &b.record, NULL,
					       "a JKF record is an object {\"header\", \"initial\"?, \"moves\"}");
	}
	if (rc < 0)
		return rc;
	if ((rc = kifu__jkf_problem_said(&b, n)))
		return rc;
	if (kifu_record_variant_name(rec)[0])
		*variant = b.v;
	return 0;
}
