/*
 * jkf_build.c - a JKF record built from its tokens (jkf_read.c's file
 * comment), and what the fast path (jkf_fast.c) judges as this does: the
 * variant, the header, the start, each move and ending, in JKF's terms.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/jkf/jkf.h"
#include "notation/jkf/jkf_read.h"
#include "notation/notation.h"
#include "record/start.h"
#include "text/json_tokens.h"

/* ---- building the record ---- */

static int type_of(const build *b, size_t i) { return i ? b->j->tok[i].type : 0; }
static bool is_object(const build *b, size_t i) { return type_of(b, i) == KIFU__JSON_OBJECT; }
static bool is_array(const build *b, size_t i) { return type_of(b, i) == KIFU__JSON_ARRAY; }
static bool is_string(const build *b, size_t i) { return type_of(b, i) == KIFU__JSON_STRING; }
static bool is_null(const build *b, size_t i) { return type_of(b, i) == KIFU__JSON_NULL; }
static bool is_integer(const build *b, size_t i) { return type_of(b, i) == KIFU__JSON_INTEGER; }
static long long integer(const build *b, size_t i) { return b->j->tok[i].u.integer; }
static size_t size_of(const build *b, size_t i) { return b->j->tok[i].u.box.size; }


/* The members of object obj, in one pass: vals[k] the value of the key k
 * of the set (0 if it has none).  Returns the first key that is none of
 * the set's (its token, for the message), 0 if none is. */
static size_t members(const build *b, size_t obj, int set, size_t *vals)
{
	const jkf_key *keys = kifu__jkf_keysets[set].keys;
	int nkeys = kifu__jkf_keysets[set].n;
	const uint8_t *map = b->r->keymap[set];
	bool clash = b->r->keymap_clash[set];
	const kifu__json *j = b->j;
	const kifu__json_tok *tok = j->tok;
	for (int k = 0; k < nkeys; k++)
		vals[k] = 0;
	size_t t = obj + 1;
	uint32_t size = tok[obj].u.box.size;
	for (uint32_t m = 0; m < size; m++) {
		uint32_t sig = tok[t].u.str.sig;
		int k = map[keymap_hash(sig)];
		if (clash)
			for (k = 0; k < nkeys && keys[k].sig != sig; k++)
				;
		if (k >= nkeys || keys[k].sig != sig)
			return t;
		/* the same length, first and last bytes: the others */
		size_t len, i = 1;
		const char *s = kifu__json_str(j, t, &len), *name = keys[k].name;
		while (i + 1 < len && s[i] == name[i])
			i++;
		if (i + 1 < len)
			return t;
		vals[k] = t + 1;
		t = kifu__json_next(j, t + 1);
	}
	return 0;
}

/* Element k of array arr (of more than k). */
static size_t element(const build *b, size_t arr, size_t k)
{
	size_t i = arr + 1;
	while (k--)
		i = kifu__json_next(b->j, i);
	return i;
}

static const char *string_of(const build *b, size_t i, size_t *len)
{
	return kifu__json_str(b->j, i, len);
}

/* Where a problem at value `at` is said: the first object that begins at
 * or after it (its '{'), or the record's line when none does. */
static void where(const build *b, size_t at, long *line, long *col)
{
	const kifu__json *j = b->j;
	if (b->fast) {
		*line = b->fast_line;
		*col = b->fast_col;
		return;
	}
	while (at < j->ntok && j->tok[at].type != KIFU__JSON_OBJECT)
		at++;
	if (at < j->ntok) {
		*line = b->line0 + (long)j->tok[at].u.box.line;
		*col = (long)j->tok[at].u.box.col;
	} else {
		*line = kifu_record_line(b->rec);
		*col = 0;
	}
}

/* The JSON of value i as written, compact and cut short, for a message. */
static const char *shown_json(const build *b, size_t i, char *buf, size_t size)
{
	char d[128];
	size_t n = kifu__json_dump(b->j, i, d, sizeof d);
	size_t keep = kifu__utf8_cut(d, n < sizeof d ? n : sizeof d - 1, size - 4);
	snprintf(buf, size, "%.*s%s", (int)keep, d, keep < n ? "..." : "");
	return buf;
}

static int problem(build *b, long ply, size_t at, const char *text, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The record's first problem, at value at (where), about the move text
 * (NULL: none) at ply (0: the record as a whole).  In a variation it is an
 * error of the whole record that names the variation, as KIF's.  Returns
 * STOP, or KIFU_ENOMEM. */
static int problem(build *b, long ply, size_t at, const char *text, const char *fmt, ...)
{
	char msg[600], shown[56];
	va_list ap;
	if (b->fast)
		return FALLBACK;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kifu__utf8_trim_end(msg);
	if (!text && ply > 0 && (b->moved[0] || b->here))
		text = b->moved[0] ? b->moved : shown_json(b, b->here, shown, sizeof shown);
	long line, col;
	where(b, at, &line, &col);
	int rc, lno = kifu_record_current_line(b->rec);
	if (lno > 0 && ply > 0) {
		kifu_record_line_info li;
		kifu_record_get_line(b->rec, lno, &li);
		char full[800];
		snprintf(full, sizeof full, "in the variation from ply %ld: ply %ld: %s%s%s", li.start, ply,
			 text ? text : "", text ? ": " : "", msg);
		kifu__utf8_trim_end(full);
		rc = kifu_record_set_error(b->rec, 0, line, col, NULL, 0, full);
	} else {
		rc = kifu_record_set_error(b->rec, ply, line, col, text, text ? strlen(text) : 0, msg);
	}
	return rc ? rc : STOP;
}

static int side_at(const build *b, long ply) { return (int)((b->side0 + ply - 1) & 1); }

static const char *side_name(int side) { return side ? "Gote" : "Sente"; }

/* A key's name (k[0..len)), shortened and made printable for a message. */
static const char *shown_key(const char *k, size_t len, char *buf, size_t size)
{
	char whole[64];
	size_t n = len < sizeof whole - 1 ? len : sizeof whole - 1;
	memcpy(whole, k, n);
	whole[n] = 0;
	kifu__text_copy(buf, size < 60 ? size : 60, whole);
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = '?';
	return buf;
}

/* comments: an array of strings, one per line; the schema's first element
 * may also have `comment`, one string.  Stored joined by '\n' at idx. */
static int read_comments(build *b, size_t c, long ply, size_t at, long idx)
{
	size_t len;
	const char *s;
	if (!c || is_null(b, c))
		return 0;
	if (is_string(b, c)) {
		s = string_of(b, c, &len);
		return kifu_record_set_comment(b->rec, idx, s, len);
	}
	if (!is_array(b, c))
		return problem(b, ply, at, NULL, "comments is not an array of strings");
	size_t n = size_of(b, c), total = 0, i = 0;
	for (size_t e = c + 1; i < n; e = kifu__json_next(b->j, e), i++) {
		if (!is_string(b, e))
			return problem(b, ply, at, NULL, "comments[%zu] is not a string", i);
		total += b->j->tok[e].u.str.len + 1;
	}
	if (!n)
		return 0;
	if (n == 1) {
		s = string_of(b, c + 1, &len);
		return kifu_record_set_comment(b->rec, idx, s, len);
	}
	char *text = kifu__jkf_join_buffer(b->r, total);
	if (!text)
		return KIFU_ENOMEM;
	size_t o = 0;
	i = 0;
	for (size_t e = c + 1; i < n; e++, i++) {
		if (i)
			text[o++] = '\n';
		s = string_of(b, e, &len);
		memcpy(text + o, s, len);
		o += len;
	}
	return kifu_record_set_comment(b->rec, idx, text, o);
}

/* Is key t the one letter c?  (Its length, first and last bytes say it.) */
static bool one_letter(const build *b, size_t t, char c)
{
	return b->j->tok[t].u.str.sig == ((uint32_t)1 << 16 | (uint32_t)(unsigned char)c << 8 | (unsigned char)c);
}

/* A non-negative integer (value x, 0 if absent), or -1 when absent (or
 * null, where allowed); -2 when it is something else. */
static long long int_value(const build *b, size_t x, bool nullable)
{
	if (!x || (nullable && is_null(b, x)))
		return -1;
	if (!is_integer(b, x) || integer(b, x) < 0)
		return -2;
	return integer(b, x);
}

/* The message's form of stray key k. */
static const char *stray_name(const build *b, size_t k, char *buf, size_t size)
{
	size_t len;
	const char *s = string_of(b, k, &len);
	return shown_key(s, len, buf, size);
}

/* {h?, m, s}: seconds, or -1 when it is not that. */
static double clock_value(const build *b, size_t t)
{
	size_t v[3];
	if (!is_object(b, t))
		return -1;
	if (size_of(b, t) == 2 && one_letter(b, t + 1, 'm') && one_letter(b, t + 3, 's') &&
	    is_integer(b, t + 2) && is_integer(b, t + 4)) {
		/* {"m": M, "s": S}, as kifu writes a move's time */
		long long m = integer(b, t + 2), s = integer(b, t + 4);
		return m < 0 || s < 0 ? -1 : (double)m * 60 + (double)s;
	}
	if (members(b, t, KS_CLOCK, v))
		return -1;
	long long h = int_value(b, v[0], true), m = int_value(b, v[1], false), s = int_value(b, v[2], false);
	if (h == -2 || m < 0 || s < 0)
		return -1;
	return (double)(h < 0 ? 0 : h) * 3600 + (double)m * 60 + (double)s;
}

/* time: {now, total}, each {h?, m, s}: seconds on the move, and the
 * mover's total after it. */
static int read_time(build *b, size_t t, long ply, size_t at, long idx)
{
	size_t v[2];
	if (is_null(b, t))
		return 0;
	if (!is_object(b, t) || members(b, t, KS_TIME, v))
		return problem(b, ply, at, NULL, "time is not {\"now\": {...}, \"total\": {...}}");
	double now = clock_value(b, v[0]), total = clock_value(b, v[1]);
	if (now < 0 || total < 0)
		return problem(b, ply, at, NULL, "time's now and total are each {\"h\"?, \"m\", \"s\"}, "
				   "whole numbers of hours, minutes and seconds");
	return kifu_record_set_time(b->rec, idx, now, total);
}

/* {x, y}: the square, or -1 when it is not one of the board's. */
static int place(const build *b, size_t p)
{
	size_t v[2];
	if (!is_object(b, p))
		return -1;
	if (size_of(b, p) == 2 && one_letter(b, p + 1, 'x') && one_letter(b, p + 3, 'y') &&
	    is_integer(b, p + 2) && is_integer(b, p + 4)) {
		/* {"x": X, "y": Y}, as every writer writes it */
		v[0] = p + 2;
		v[1] = p + 4;
	} else if (members(b, p, KS_PLACE, v)) {
		return -1;
	}
	long long x = int_value(b, v[0], false), y = int_value(b, v[1], false);
	int files = 9, ranks = 9; /* the variant's: kifu__jkf_choose_variant sees to it */
	if (x < 1 || x > files || y < 1 || y > ranks)
		return -1;
	return (int)((y - 1) * files + (x - 1));
}

/* A kind ("FU", value x): its index in kifu__jkf_kinds, -1 absent or
 * null, -2 not a kind. */
static int kind_value(const build *b, size_t x)
{
	size_t len;
	if (!x || is_null(b, x))
		return -1;
	if (!is_string(b, x))
		return -2;
	const char *s = string_of(b, x, &len);
	int k = kifu__jkf_kind_find(s, len);
	return k < 0 ? -2 : k;
}

/* A boolean (value x): 1, 0, or -1 absent or null, -2 something else. */
static int bool_value(const build *b, size_t x)
{
	if (!x || is_null(b, x))
		return -1;
	int t = type_of(b, x);
	return t == KIFU__JSON_TRUE ? 1 : t == KIFU__JSON_FALSE ? 0 : -2;
}

/* relative: what JKF's README lists, L C R (左 直 右), U M D (上 寄 引), H
 * (打) and the pairs [LCR][UD], [LR]M. */
bool kifu__jkf_relative_ok(const char *s, size_t len)
{
	static const char *const forms[] = {"L", "C", "R", "U", "M", "D", "H", "LU", "LD", "CU", "CD",
					    "RU", "RD", "LM", "RM", NULL};
	for (const char *const *f = forms; *f; f++)
		if (kifu__jkf_same_text(*f, s, len))
			return true;
	return false;
}

/* The move's text for messages and the record: CSA's form, which JKF's
 * fields follow (+7776FU, -0055KA, +8822UM: the piece after the move). */
static void move_text(const build *b, const kifu_move *m, int side, int kind, char *out, size_t size)
{
	int files = kifu_variant_files(b->v);
	int k = kind;
	if (m->flags & KIFU_MOVE_PROMOTE) {
		/* the promoted kind: its SFEN is '+' and the unpromoted one's */
		char tok[4] = "+";
		strcat(tok, kifu__jkf_kinds[kind].sfen);
		for (int j = 0; j < JKF_NKINDS; j++)
			if (!strcmp(kifu__jkf_kinds[j].sfen, tok))
				k = j;
	}
	/* by hand, not printf: this is the per-move path (9x9: one digit each) */
	bool drop = m->flags & KIFU_MOVE_DROP;
	char t[8] = {side ? '-' : '+', drop ? '0' : (char)('1' + m->from % files),
		     drop ? '0' : (char)('1' + m->from / files), (char)('1' + m->to % files),
		     (char)('1' + m->to / files), kifu__jkf_kinds[k].code[0], kifu__jkf_kinds[k].code[1], 0};
	if (size >= sizeof t)
		memcpy(out, t, sizeof t);
}


/* The move of fields f, judged in the schema's terms, added to the
 * record's current line; *idx its global index.  at: where a problem is
 * said (where). */
int kifu__jkf_add_move(build *b, const move_fields *f, long ply, size_t at, long *idx)
{
	if (f->color < 0)
		return problem(b, ply, at, NULL, "a move's color is 0 (Sente) or 1 (Gote)");
	if (f->kind < 0)
		return problem(b, ply, at, NULL, "a move's piece is one of JKF's kinds (FU KY KE GI KI KA HI OU "
				   "TO NY NK NG UM RY)");
	if (f->to < 0)
		return problem(b, ply, at, NULL, "a move's to is a square {\"x\": 1-9, \"y\": 1-9}");
	if (f->promote == -2 || f->same == -2)
		return problem(b, ply, at, NULL, "a move's promote and same are true or false");
	if (f->capture == -2 || f->capture == 7)
		return problem(b, ply, at, NULL, "a move's capture is the kind of a piece that can be taken");
	if (f->relative_bad)
		return problem(b, ply, at, NULL, "a move's relative is one of L C R U M D H LU LD CU CD RU RD LM RM");
	const int *types = b->r->types;
	int kind = f->kind, to = f->to, side = f->color;
	kifu_move m = {0, KIFU_NO_SQUARE, (uint16_t)to, f->promote == 1 ? KIFU_MOVE_PROMOTE : 0, 0};
	if (f->from) {
		if (f->from_sq < 0)
			return problem(b, ply, at, NULL, "a move's from is a square {\"x\": 1-9, \"y\": 1-9}, or null for a drop");
		m.from = (uint16_t)f->from_sq;
	} else {
		/* a drop: the piece from hand, which is never promoted nor a King */
		if (kind >= 7)
			return problem(b, ply, at, NULL, "a move without from is a drop: %s cannot be dropped",
				       kifu__jkf_kinds[kind].code);
		if (f->promote == 1)
			return problem(b, ply, at, NULL, "a drop cannot promote");
		m.from = KIFU_NO_SQUARE; /* as every reader and the move generator have it */
		m.flags = KIFU_MOVE_DROP;
		m.piece = (uint8_t)types[kind];
	}
	char text[24];
	move_text(b, &m, side, kind, text, sizeof text);
	if (side != side_at(b, ply))
		return problem(b, ply, at, text, "color %d (%s), but it is %s's move", side, side_name(side),
			       side_name(side_at(b, ply)));
	if (f->same == 1 && to != b->prev_to)
		return problem(b, ply, at, text, "same is true, but %s", b->prev_to < 0 ?
			       "no move comes before it" : "the move before went to another square");
	long line, col;
	where(b, at, &line, &col);
	*idx = kifu_record_add_move(b->rec, &m, text, strlen(text), line, col);
	if (*idx == KIFU_ELIMIT)
		return problem(b, ply, at, text, "more moves than a record may hold");
	if (*idx < 0)
		return (int)*idx;
	b->prev_to = to;
	memcpy(b->moved, text, sizeof text);
	/* the piece JKF names is checked against the board by validation */
	return kifu_record_set_named_type(b->rec, *idx, types[kind]);
}

/* move: {color, from?, to, piece, same?, promote?, capture?, relative?}.
 * Added to the record's current line; *idx its global index. */
static int read_move(build *b, size_t mv, long ply, size_t at, long *idx)
{
	enum { COLOR, FROM, TO, PIECE, SAME, PROMOTE, CAPTURE, RELATIVE };
	char kb[64];
	size_t v[8];
	b->here = mv;
	if (!is_object(b, mv))
		return problem(b, ply, at, NULL, "move is not an object");
	size_t stray = members(b, mv, KS_MOVE, v);
	if (stray)
		return problem(b, ply, at, NULL, "unknown key \"%s\" in a move (docs/jkf.md lists JKF's keys)",
			       stray_name(b, stray, kb, sizeof kb));
	size_t color = v[COLOR], from = v[FROM], rel = v[RELATIVE];
	move_fields f;
	f.color = is_integer(b, color) && integer(b, color) >= 0 && integer(b, color) <= 1 ? (int)integer(b, color) : -1;
	f.kind = kind_value(b, v[PIECE]);
	f.to = place(b, v[TO]);
	f.promote = bool_value(b, v[PROMOTE]);
	f.same = bool_value(b, v[SAME]);
	f.capture = kind_value(b, v[CAPTURE]);
	f.relative_bad = false;
	if (rel && !is_null(b, rel)) {
		size_t len;
		const char *s = is_string(b, rel) ? string_of(b, rel, &len) : NULL;
		f.relative_bad = !s || !kifu__jkf_relative_ok(s, len);
	}
	f.from = from && !is_null(b, from);
	f.from_sq = f.from ? place(b, from) : -1;
	return kifu__jkf_add_move(b, &f, ply, at, idx);
}

/* The line's ending: special's string s[0..n), CSA's word without its
 * '%'.  at: where it is said (where). */
int kifu__jkf_add_special(build *b, const char *s, size_t n, long ply, size_t at)
{
	const char *word = NULL;
	if (kifu__jkf_same_text("+ILLEGAL_ACTION", s, n) || kifu__jkf_same_text("-ILLEGAL_ACTION", s, n)) {
		/* the side at fault: the side to move lost, or won by the other
		 * side's act (kifu/vocabulary.h) */
		int fault = s[0] == '-';
		word = fault == side_at(b, ply) ? "illegal-loss" : "illegal-win";
	} else {
		char csa[64];
		if (n + 2 <= sizeof csa) {
			csa[0] = '%';
			memcpy(csa + 1, s, n);
			csa[n + 1] = 0;
			const kifu_ending_info *e = kifu_ending_find_csa(csa, n + 1);
			word = e ? e->word : NULL;
		}
	}
	if (!word) {
		char shown[64];
		return problem(b, ply, at, NULL, "unknown special \"%s\" (JKF's: TORYO CHUDAN SENNICHITE TIME_UP "
			       "ILLEGAL_MOVE +ILLEGAL_ACTION -ILLEGAL_ACTION JISHOGI KACHI HIKIWAKE MATTA TSUMI "
			       "FUZUMI ERROR)", shown_key(s, n, shown, sizeof shown));
	}
	long line, col;
	where(b, at, &line, &col);
	int rc = kifu_record_set_ending(b->rec, word, strlen(word), line, col);
	return rc ? rc : kifu_record_set_ending_text(b->rec, s, n);
}

/* special: the line's ending. */
static int read_special(build *b, size_t sp, long ply, size_t at)
{
	if (!is_string(b, sp))
		return problem(b, ply, at, NULL, "special is a string (TORYO, CHUDAN, ...)");
	size_t n;
	const char *s = string_of(b, sp, &n);
	return kifu__jkf_add_special(b, s, n, ply, at);
}

/* One element of a line of play at ply: a move or the ending, with its
 * comments and time.  *ended: the line has had its ending. */
static int read_element(build *b, size_t e, long ply, size_t at, bool *ended, bool *has_forks)
{
	enum { COMMENTS, MOVE, TIME, SPECIAL, FORKS };
	char kb[64];
	size_t v[5];
	b->here = e;
	b->moved[0] = 0;
	if (!is_object(b, e))
		return problem(b, ply, at, NULL, "an element of moves is an object");
	size_t stray = members(b, e, KS_ELEMENT, v);
	if (stray)
		return problem(b, ply, at, NULL, "unknown key \"%s\" in an element of moves (docs/jkf.md lists "
			       "JKF's keys)", stray_name(b, stray, kb, sizeof kb));
	size_t mv = v[MOVE], sp = v[SPECIAL], forks = v[FORKS];
	*has_forks = forks != 0;
	bool has_move = mv && !is_null(b, mv), has_special = sp && !is_null(b, sp);
	if (forks && !is_null(b, forks) && !is_array(b, forks))
		return problem(b, ply, at, NULL, "forks is an array of lines of play");
	if (*ended)
		return problem(b, ply, at, NULL, "an element after the end of the game (its special)");
	if (has_move == has_special)
		return problem(b, ply, at, NULL, has_move ? "an element with both a move and a special" :
				   "an element with neither a move nor a special");
	long idx = KIFU_COMMENT_ENDING;
	int rc = has_move ? read_move(b, mv, ply, is_object(b, mv) ? mv : at, &idx) :
			    read_special(b, sp, ply, at);
	*ended = has_special;
	if (!rc)
		rc = read_comments(b, v[COMMENTS], ply, at, idx);
	if (!rc && v[TIME])
		rc = read_time(b, v[TIME], ply, at, idx);
	return rc;
}

static int read_line(build *b, size_t arr, int line_no, long ply0, long skip, int depth);

/* The forks of element e at ply: each a variation, an alternative to e's
 * move (or ending) from the line line_no. */
int kifu__jkf_begin_fork(build *b, int line_no, long ply)
{
	int sub = kifu_record_begin_line(b->rec, line_no, ply);
	/* same: the move before the fork's first is the one before its ply */
	kifu_record_move before;
	if (sub >= 0)
		b->prev_to = ply > 1 && kifu_record_line_move(b->rec, sub, ply - 1, &before, NULL) == 0 ?
				     before.move.to : -1;
	return sub;
}

static int read_forks(build *b, size_t e, long ply, int line_no, int depth)
{
	size_t forks = kifu__json_get(b->j, e, "forks");
	if (!forks || is_null(b, forks) || !size_of(b, forks))
		return 0;
	if (depth >= KIFU__JKF_MAX_FORK_DEPTH)
		return problem(b, 0, e, NULL, "forks nested more than %d deep", KIFU__JKF_MAX_FORK_DEPTH);
	size_t fork = forks + 1;
	for (size_t j = 0; j < size_of(b, forks); j++, fork = kifu__json_next(b->j, fork)) {
		if (!is_array(b, fork))
			return problem(b, 0, e, NULL, "forks[%zu] of ply %ld is not an array of moves", j, ply);
		int sub = kifu__jkf_begin_fork(b, line_no, ply);
		if (sub < 0)
			return sub;
		int rc = read_line(b, fork, sub, ply, 0, depth + 1);
		if (rc)
			return rc;
	}
	return 0;
}

/* A line of play: the elements of arr from index skip (ply ply0 + index),
 * its moves and ending first, then the forks of its elements (a line's
 * moves are stored together). */
static int read_line(build *b, size_t arr, int line_no, long ply0, long skip, int depth)
{
	size_t n = size_of(b, arr), e = arr + 1;
	bool ended = false, forks = false;
	for (size_t i = 0; i < n; i++, e = kifu__json_next(b->j, e)) {
		if ((long)i >= skip) {
			bool has_forks;
			int rc = read_element(b, e, ply0 + (long)i, e, &ended, &has_forks);
			if (rc)
				return rc;
			forks = forks || has_forks;
		}
	}
	if (!forks)
		return 0;
	e = arr + 1;
	for (size_t i = 0; i < n; i++, e = kifu__json_next(b->j, e)) {
		if ((long)i >= skip) {
			int rc = read_forks(b, e, ply0 + (long)i, line_no, depth);
			if (rc)
				return rc;
		}
	}
	return 0;
}

/* moves[0]: the start position, with the comments before the first move. */
static int read_start_element(build *b, size_t e)
{
	char kb[64];
	size_t v[2];
	if (!is_object(b, e))
		return problem(b, 0, e, NULL, "moves[0] is an object (the start position's comments)");
	size_t stray = members(b, e, KS_START, v);
	if (stray)
		return problem(b, 0, e, NULL, "moves[0] is the start position: it holds comments, not \"%s\"",
			       stray_name(b, stray, kb, sizeof kb));
	size_t c = v[0] ? v[0] : v[1];
	return c ? read_comments(b, c, 0, e, KIFU_COMMENT_BEFORE) : 0;
}

/* ---- the header and the start ---- */

static bool tag_key_shape(const char *k, size_t len)
{
	if (!len || !(*k >= 'a' && *k <= 'z'))
		return false;
	for (size_t i = 0; i < len; i++)
		if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= '0' && k[i] <= '9') || k[i] == '-' || k[i] == '_'))
			return false;
	return true;
}

/* Spaces (ASCII and full-width) trimmed off both ends, as KIF's values. */
static void trimmed(const char *s, size_t len, char *out, size_t size)
{
	while (len && (*s == ' ' || (len >= 3 && !memcmp(s, "　", 3)))) {
		size_t k = *s == ' ' ? 1 : 3;
		s += k;
		len -= k;
	}
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

/* header: KIF's header names (kifu_tag_info.kif) are tags; 手合割 is kept
 * for the start; a key shaped as a tag's is that tag (what the writer
 * makes of such a tag); any other is kept whole as `header=KEY：VALUE`, as
 * the KIF reader keeps one. */
/* One header, key k[0..kl) and value s[0..n); h: the header's object. */
int kifu__jkf_add_header(build *b, const char *k, size_t kl, const char *s, size_t n, size_t h)
{
	const kifu_tag_info *tag = kifu_tag_find_kif(k, kl);
	int rc;
	if (tag && !strcmp(tag->key, "handicap")) {
		trimmed(s, n, b->handicap, sizeof b->handicap);
		b->handicap_at = h;
		return 0;
	}
	/* the key as a C string, to look it up among the tags (whose keys
	 * are all shorter) */
	char kz[64] = "";
	if (kl < sizeof kz) {
		memcpy(kz, k, kl);
		kz[kl] = 0;
	}
	if (tag)
		rc = kifu_record_add_tag(b->rec, tag->key, strlen(tag->key), s, n);
	else if (tag_key_shape(k, kl) && !(kl < sizeof kz && kifu_tag_find(kz)) && !kifu__jkf_same_text("header", k, kl) &&
		 !kifu__jkf_same_text("sfen", k, kl) && !kifu__jkf_same_text("comment", k, kl) && !kifu__jkf_same_text("bookmark", k, kl))
		rc = kifu_record_add_tag(b->rec, k, kl, s, n);
	else {
		char *whole = kifu__jkf_join_buffer(b->r, kl + 3 + n);
		if (!whole)
			return KIFU_ENOMEM;
		memcpy(whole, k, kl);
		memcpy(whole + kl, "：", 3);
		memcpy(whole + kl + 3, s, n);
		rc = kifu_record_add_tag(b->rec, "header", 6, whole, kl + 3 + n);
	}
	return rc;
}

static int read_header(build *b, size_t h)
{
	char kb[64];
	if (is_null(b, h))
		return 0;
	if (!is_object(b, h))
		return problem(b, 0, 0, NULL, "header is an object of strings");
	size_t key = h + 1;
	for (size_t m = 0; m < size_of(b, h); m++, key = kifu__json_next(b->j, key + 1)) {
		size_t val = key + 1, kl, n;
		const char *k = string_of(b, key, &kl);
		if (!is_string(b, val))
			return problem(b, 0, h, NULL, "header \"%s\" is not a string", shown_key(k, kl, kb, sizeof kb));
		const char *s = string_of(b, val, &n);
		int rc = kifu__jkf_add_header(b, k, kl, s, n, h);
		if (rc)
			return rc;
	}
	return 0;
}

/* The side to move in an SFEN: its second field. */
static int sfen_side(const char *sfen)
{
	const char *sp = strchr(sfen, ' ');
	return sp && sp[1] == 'w' ? 1 : 0;
}

/* One square of initial.data's board: {} or {color, kind}; its piece's
 * SFEN token appended at *n (nothing for an empty square).  false if it
 * is neither. */
static bool put_square(const build *b, size_t sq, char *sfen, size_t *n)
{
	size_t v[2];
	if (!is_object(b, sq) || members(b, sq, KS_SQUARE, v))
		return false;
	size_t c = v[0];
	int kind = kind_value(b, v[1]);
	bool no_color = !c || is_null(b, c);
	if (kind == -1 && no_color)
		return true;
	if (kind < 0 || no_color || !is_integer(b, c) || integer(b, c) < 0 || integer(b, c) > 1)
		return false;
	for (const char *t = kifu__jkf_kinds[kind].sfen; *t; t++)
		sfen[(*n)++] = integer(b, c) && *t != '+' ? (char)(*t - 'A' + 'a') : *t;
	return true;
}

/* initial.data as an SFEN (board side hands 1) in sfen, which has room for
 * 1024 bytes.  NULL, or what is wrong. */
static const char *data_sfen(const build *b, size_t d, char *sfen)
{
	size_t v[3];
	if (!is_object(b, d) || members(b, d, KS_DATA, v))
		return "initial.data is {\"color\", \"board\", \"hands\"}";
	size_t color = v[0], board = v[1], hands = v[2];
	if (!is_integer(b, color) || integer(b, color) < 0 || integer(b, color) > 1)
		return "initial.data's color is 0 (Sente) or 1 (Gote), the side to move";
	bool empty = is_object(b, board) && size_of(b, board) == 0;
	if (!empty && (!is_array(b, board) || size_of(b, board) != 9))
		return "initial.data's board is 9 files (board[x-1][y-1] the square x, y), or {} for none";
	size_t n = 0;
	for (int y = 1; y <= 9; y++) {
		int blanks = 0;
		if (y > 1)
			sfen[n++] = '/';
		for (int x = 9; x >= 1; x--) {
			size_t file = empty ? 0 : element(b, board, (size_t)x - 1);
			if (!empty && (!is_array(b, file) || size_of(b, file) != 9))
				return "initial.data's board is 9 files of 9 squares";
			size_t at = n;
			if (!empty && !put_square(b, element(b, file, (size_t)y - 1), sfen, &n))
				return "a square of initial.data's board is {} or {\"color\": 0 or 1, \"kind\": \"FU\"...}";
			if (n == at) {
				blanks++;
				continue;
			}
			if (blanks) {
				/* the empty squares before this piece, as one digit */
				memmove(sfen + at + 1, sfen + at, n - at);
				sfen[at] = (char)('0' + blanks);
				n++;
				blanks = 0;
			}
		}
		if (blanks)
			sfen[n++] = (char)('0' + blanks);
	}
	n += (size_t)sprintf(sfen + n, " %c ", integer(b, color) ? 'w' : 'b');
	if (!is_array(b, hands) || size_of(b, hands) != 2)
		return "initial.data's hands are two objects, Sente's and Gote's ({\"FU\": 2, ...})";
	size_t before = n;
	for (int side = 0; side < 2; side++) {
		size_t hand = element(b, hands, (size_t)side);
		if (!is_object(b, hand))
			return "initial.data's hands are two objects, Sente's and Gote's ({\"FU\": 2, ...})";
		size_t key = hand + 1;
		for (size_t m = 0; m < size_of(b, hand); m++, key = kifu__json_next(b->j, key + 1)) {
			size_t cnt = key + 1, kl;
			const char *k = string_of(b, key, &kl);
			int kind = kifu__jkf_kind_find(k, kl);
			if (kind < 0 || !is_integer(b, cnt) || integer(b, cnt) < 0)
				return "a hand of initial.data counts JKF's kinds: {\"FU\": 2, ...}";
			long long c = integer(b, cnt);
			if (!c)
				continue;
			if (kind >= 7)
				return "a hand of initial.data holds only pieces that can be dropped (FU KY KE GI KI KA HI)";
			if (c > KIFU_MAX_IN_HAND)
				return "a hand of initial.data holds more than 200 of one piece";
			if (c > 1)
				n += (size_t)sprintf(sfen + n, "%d", (int)c);
			sfen[n++] = side ? (char)(kifu__jkf_kinds[kind].sfen[0] - 'A' + 'a') : kifu__jkf_kinds[kind].sfen[0];
		}
	}
	if (n == before)
		sfen[n++] = '-';
	strcpy(sfen + n, " 1");
	return NULL;
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

/* initial: {preset, data?}: the start, as the `handicap` tag (a preset)
 * or the `sfen` tag (data); the header's 手合割 must agree with it.  A
 * problem is said at initial's object (at: the record's, if it is none). */
int kifu__jkf_read_initial(build *b, size_t init, size_t at)
{
	size_t v[2];
	const char *named = b->handicap[0] ? kifu__named_start(b->v, b->handicap) : NULL;
	if (!init || is_null(b, init)) {
		/* no initial: the header's 手合割 gives the start, as in KIF */
		if (b->handicap[0] && !named) {
			kifu_diag d;
			kifu__unknown_handicap(b->v, b->handicap, &d);
			return problem(b, 0, b->handicap_at, NULL, "%s", d.message);
		}
		b->side0 = sfen_side(named ? named : kifu_variant_start_sfen(b->v));
		const char *start = named ? start_name(b->v, named) : NULL;
		return start ? kifu_record_add_tag(b->rec, "handicap", 8, start, strlen(start)) : 0;
	}
	if (!is_object(b, init) || members(b, init, KS_INITIAL, v))
		return problem(b, 0, at, NULL, "initial is {\"preset\", \"data\"?}");
	size_t p = v[0], plen = 0;
	const char *ps = is_string(b, p) ? string_of(b, p, &plen) : NULL;
	return kifu__jkf_initial_start(b, ps, plen, v[1], NULL, at);
}

/* initial's preset ps[0..plen) (NULL: not a string) and data (its value,
 * 0 when it has none; or, from the fast path, its SFEN as data_sfen makes
 * it): the start, as kifu__jkf_read_initial says. */
int kifu__jkf_initial_start(build *b, const char *ps, size_t plen, size_t d, const char *data, size_t at)
{
	char kb[64];
	const char *named = b->handicap[0] ? kifu__named_start(b->v, b->handicap) : NULL;
	int k = ps ? kifu__jkf_preset_find(ps, plen) : -1;
	if (k < 0)
		return problem(b, 0, at, NULL, "unknown initial.preset \"%s\" (JKF's: HIRATE KY KY_R KA HI HIKY 2 3 4 5 "
			       "5_L 6 7_L 7_R 8 10 OTHER)", ps ? shown_key(ps, plen, kb, sizeof kb) : "");
	bool other = !strcmp(kifu__jkf_presets[k].code, "OTHER");
	const char *preset = other ? NULL : kifu_variant_named_start(b->v, kifu__jkf_presets[k].name);
	if (!other && !preset)
		return problem(b, 0, at, NULL, "initial.preset %s: %s has no start %s", kifu__jkf_presets[k].code,
			       kifu_variant_name(b->v), kifu__jkf_presets[k].name);
	if (preset && b->handicap[0] && (!named || strcmp(preset, named)))
		return problem(b, 0, b->handicap_at, NULL, "the header's 手合割 (%s) is not initial.preset %s (%s)",
			       b->handicap, kifu__jkf_presets[k].code, kifu__jkf_presets[k].name);
	char sfen[1024];
	bool has_data = data || (d && !is_null(b, d));
	if (other && !has_data)
		return problem(b, 0, at, NULL, "initial.preset OTHER needs initial.data, the position");
	if (has_data) {
		const char *why = NULL;
		if (data)
			snprintf(sfen, sizeof sfen, "%s", data);
		else
			why = data_sfen(b, d, sfen);
		size_t dat = !data && is_object(b, d) ? d : at;
		if (why)
			return problem(b, 0, dat, NULL, "%s", why);
		kifu_diag diag;
		if (kifu_position_for(&b->r->pos, b->v))
			return KIFU_ENOMEM;
		if (kifu_position_set_sfen(b->r->pos, sfen, strlen(sfen), &diag))
			return problem(b, 0, dat, NULL, "initial.data is not a position of %s: %s",
				       kifu_variant_name(b->v), diag.message);
		if (preset && !same_position(sfen, preset))
			return problem(b, 0, dat, NULL, "initial.data is not the position of initial.preset %s",
				       kifu__jkf_presets[k].code);
		/* the tag in SFEN's own order (hands as the variant lists its
		 * pieces), not the order of the JSON's keys */
		if (kifu_position_sfen(b->r->pos, sfen, sizeof sfen) < 0)
			return problem(b, 0, dat, NULL, "initial.data: a position too large to write");
	}
	int rc = 0;
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

/* The variant: -v's, else standard shogi, which is what JKF records.  A
 * problem is said at the record's first '{' (*line, *col). */
int kifu__jkf_choose_variant(build *b, long line, long col)
{
	jkf_reader *r = b->r;
	const char *name;
	char msg[300];
	if (!r->ctx.fallback && !r->shogi)
		r->shogi = kifu_variant_set_find(r->ctx.variants, "shogi");
	b->v = r->ctx.fallback ? r->ctx.fallback : r->shogi;
	if (!b->v) {
		snprintf(msg, sizeof msg, "JKF records standard shogi, and no variant shogi is known");
		goto refused;
	}
	if (b->v != r->typed) {
		r->typed = b->v;
		r->missing = kifu__jkf_types(b->v, r->types);
	}
	if (kifu_variant_files(b->v) != 9 || kifu_variant_ranks(b->v) != 9) {
		snprintf(msg, sizeof msg, "JKF records standard shogi on 9x9 boards; %s is %dx%d",
			 kifu_variant_name(b->v), kifu_variant_files(b->v), kifu_variant_ranks(b->v));
		goto refused;
	}
	if (r->missing >= 0) {
		snprintf(msg, sizeof msg, "JKF records standard shogi; %s has no %s (SFEN %s)",
			 kifu_variant_name(b->v), kifu__jkf_kinds[r->missing].code, kifu__jkf_kinds[r->missing].sfen);
		goto refused;
	}
	name = kifu_variant_name(b->v);
	return kifu_record_set_variant(b->rec, name, strlen(name));
refused:
	kifu__utf8_trim_end(msg);
	int rc = kifu_record_set_error(b->rec, 0, line, col, NULL, 0, msg);
	return rc ? rc : STOP;
}

/* The record: {header, initial?, moves} (token 0). */
static int read_record(build *b)
{
	char kb[64];
	size_t v[3];
	int rc;
	if (b->j->tok[0].type != KIFU__JSON_OBJECT)
		return problem(b, 0, 0, NULL, "a JKF record is an object {\"header\", \"initial\"?, \"moves\"}");
	size_t stray = members(b, 0, KS_RECORD, v);
	if (stray)
		return problem(b, 0, 0, NULL, "unknown key \"%s\" in a JKF record (it has header, initial and moves)",
			       stray_name(b, stray, kb, sizeof kb));
	size_t h = v[0], init = v[1], moves = v[2];
	if (h && (rc = read_header(b, h)))
		return rc;
	if ((rc = kifu__jkf_read_initial(b, init, is_object(b, init) ? init : 0)))
		return rc;
	if (!is_array(b, moves) || !size_of(b, moves))
		return problem(b, 0, 0, NULL, "a JKF record's moves is an array, the start position first");
	if ((rc = read_start_element(b, moves + 1)))
		return rc;
	b->prev_to = -1;
	return read_line(b, moves, 0, 0, 1, 0);
}

/* ---- the record from its text ---- */

/* Where text[0..off) ends, from line:col at its start. */
void kifu__jkf_advance(const char *text, size_t off, long *line, long *col)
{
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

/* The first '{' outside strings in a record's text that begins with '{'
 * or '[' (the place of a problem with the record as a whole, as the
 * record's first object is when its JSON is read), from line:col at its
 * start; false if there is none. */
static bool first_brace(const char *text, size_t n, long *line, long *col)
{
	bool in_string = false, escape = false;
	int depth = 0;
	for (size_t i = 0; i < n; i++) {
		char c = text[i];
		if (in_string) {
			if (escape)
				escape = false;
			else if (c == '\\')
				escape = true;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{') {
			return true;
		} else if (c == '[') {
			depth++;
		} else if ((c == '}' || c == ']') && --depth <= 0) {
			return false;
		}
		kifu__jkf_advance(text + i, 1, line, col);
	}
	return false;
}

void kifu__jkf_build_init(build *b, jkf_reader *r, kifu_record *rec, long line, bool fast)
{
	memset(b, 0, sizeof *b);
	b->r = r;
	b->j = &r->json;
	b->rec = rec;
	b->line0 = line;
	b->prev_to = -1;
	b->fast = fast;
}

/* Builds the record from its text, which begins at line:col: its tokens
 * when it has been read as JSON (parsed), else read here (the whole text,
 * for jansson's error and place). */
int kifu__jkf_build_record(jkf_reader *r, kifu_record *rec, const char *text, size_t n, long line,
			long col, char first, bool parsed, const kifu_variant **variant)
{
	build b;
	kifu__jkf_build_init(&b, r, rec, line, false);
	/* a problem with the variant is said at the record's first '{' */
	long bl = line, bc = col;
	if (first == '{' || first == '[' ? !first_brace(text, n, &bl, &bc) : true) {
		bl = kifu_record_line(rec);
		bc = 0;
	}
	int rc = kifu__jkf_choose_variant(&b, bl, bc);
	if (rc) {
		/* the record cannot be read in this variant: said */
	} else if (!parsed && (rc = kifu__json_parse(&r->json, text, n, (uint32_t)col, NULL, NULL)) == 1) {
		/* jansson's place was the byte it read last (error_pos bytes
		 * read), within the text, which starts at line:col: the end of
		 * a line for a value left open */
		long el = line, ec = col;
		size_t pos = r->json.error_pos, at = pos > 0 ? pos - 1 : 0;
		kifu__jkf_advance(text, at < n ? at : n ? n - 1 : 0, &el, &ec);
		char msg[240];
		snprintf(msg, sizeof msg, "not JSON: %s", r->json.error);
		kifu__utf8_trim_end(msg);
		rc = kifu_record_set_error(rec, 0, el, ec, NULL, 0, msg);
	} else if (rc) {
		/* out of memory */
	} else if (first == '[') {
		rc = kifu_record_set_error(rec, 0, line, col, NULL, 0,
					   "a JSON array: kifu reads JKF records as objects, one after another "
					   "(docs/jkf.md)");
	} else {
		rc = read_record(&b);
	}
	*variant = kifu_record_variant_name(rec)[0] ? b.v : NULL;
	return rc < 0 ? rc : 0;
}

