/*
 * jkf_moves.c - a JKF record's lines of play (jkf_read.h): `moves`, the
 * start's element then one element per ply, each a move or the line's
 * ending (its `special`) with its comments and time, and its forks.
 *
 * An element is read whole, then judged in one order whatever the order
 * of its keys (its form, then its move or ending, then its comments, then
 * its time), so that what a record is said to lack does not hang on how
 * its writer laid it out.  A line's forks are read once the line's own
 * elements are (the record stores a line's moves together), from where
 * each element's `forks` is written: the tokenizer reads them again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/jkf/jkf.h"
#include "notation/jkf/jkf_read.h"
#include "notation/writing.h"

/* A move's fields as read, before they are judged (add_move): each -1
 * when absent (or null), -2 when it is not what JKF has there. */
typedef struct move_fields {
	int color;          /* 0 or 1 */
	int kind;           /* kifu__jkf_kind_value */
	int to;             /* a square (place) */
	bool from;          /* from is there and not null */
	int from_sq;        /* place, when from is */
	int promote, same;  /* 1, 0 */
	int capture;        /* kifu__jkf_kind_value */
	bool relative_bad;  /* relative is there, not null, and none of JKF's */
} move_fields;

/* comments, as read: joined into the reader's join buffer. */
typedef struct comments_read {
	bool given;         /* a string or strings: len bytes in r->join */
	size_t len;
	const char *bad;    /* not an array of strings */
	long bad_index;     /* the first element that is no string, or -1 */
} comments_read;

/* time, as read: the seconds of now and total, exactly. */
typedef struct time_read {
	bool given;
	bool bad_shape;     /* not {now, total} */
	bool bad_values;    /* now or total not {h?, m, s} of whole numbers */
	uint64_t now, total;
} time_read;

/* An element as read, to be judged (judge_element). */
typedef struct element_read {
	kifu__json_mark at;       /* its '{' */
	int move;                 /* MOVE_... */
	kifu__json_mark move_at;  /* the move's first token */
	char stray[64];           /* MOVE_STRAY: the key, as shown */
	move_fields f;
	int special;              /* 0 none, 1 a string, -1 something else */
	kifu__json_tok special_tok;
	bool forks_bad;           /* forks is neither an array nor null */
	comments_read comments;
	time_read time;
} element_read;

enum { MOVE_NONE, MOVE_OBJECT, MOVE_NOT_OBJECT, MOVE_STRAY };

/* ---- values ---- */

/* true 1, false 0, null -1, anything else -2. */
static int bool_value(const kifu__json_tok *t)
{
	return t->type == KIFU_JSON_TRUE ? 1 : t->type == KIFU_JSON_FALSE ? 0 : t->type == KIFU_JSON_NULL ? -1 : -2;
}

/* The value next, {x, y}: the square, or -1 when it is not one of the
 * board's (the variant is 9x9: kifu__jkf_choose_variant sees to it). */
KIFU__JSON_HOT int place(build *b, int *sq)
{
	int64_t xy[2] = {-1, -1};
	*sq = -1;
	int rc = kifu__json_numbers_value(b->c, &kifu__jkf_keys[KS_PLACE], xy);
	if (rc == 1 && xy[0] >= 1 && xy[0] <= 9 && xy[1] >= 1 && xy[1] <= 9)
		*sq = (int)((xy[1] - 1) * 9 + (xy[0] - 1));
	return rc < 0 ? rc : 0;
}

/* relative: what JKF's README lists, L C R (左 直 右), U M D (上 寄 引), H
 * (打) and the pairs [LCR][UD], [LR]M. */
static bool relative_ok(const char *s, size_t len)
{
	static const char *const forms[] = {"L", "C", "R", "U", "M", "D", "H", "LU", "LD", "CU", "CD",
					    "RU", "RD", "LM", "RM", NULL};
	for (const char *const *f = forms; *f; f++)
		if (strlen(*f) == len && !memcmp(*f, s, len))
			return true;
	return false;
}

/* move: {color, from?, to, piece, same?, promote?, capture?, relative?},
 * its fields into e (t its first token). */
static int read_move(build *b, const kifu__json_tok *t, element_read *e)
{
	enum { COLOR, FROM, TO, PIECE, SAME, PROMOTE, CAPTURE, RELATIVE, NKEYS };
	kifu__json_cur *c = b->c;
	kifu__json_tok key, v, vals[NKEYS];
	move_fields *f = &e->f;
	int k, more, rc = 0;
	unsigned seen = 0, squares = 0; /* squares: from and to, read as objects */
	if (t->type == KIFU_JSON_NULL)
		return 0;
	kifu__json_mark_of(c, t, &e->move_at);
	*f = (move_fields){-1, -1, -1, false, -1, -1, -1, -1, false};
	if (t->type != KIFU_JSON_OBJECT) {
		e->move = MOVE_NOT_OBJECT;
		return kifu__json_skip(c, t);
	}
	e->move = MOVE_OBJECT;
	/* the scalars into vals, the rest here */
	while (!rc && (more = kifu__json_fields(c, &kifu__jkf_keys[KS_MOVE], &seen, vals, &k, &key)) == 1) {
		if (k < 0 && e->move != MOVE_STRAY) {
			e->move = MOVE_STRAY;
			kifu__jkf_shown_key(kifu__json_bytes(c, &key), key.len, e->stray, sizeof e->stray);
		}
		if (k == FROM || k == TO) {
			squares |= 1u << k;
			rc = place(b, k == FROM ? &f->from_sq : &f->to);
		} else if (!(rc = kifu__json_value(c, &v))) {
			if (k >= 0)
				vals[k] = v; /* an object or an array, where JKF has a scalar */
			rc = kifu__json_skip(c, &v);
		}
	}
	if (rc || more < 0)
		return rc ? rc : more;
	unsigned scalars = seen & ~squares;
	if (scalars >> COLOR & 1) {
		int64_t n = kifu__jkf_count(b, &vals[COLOR]);
		f->color = n == 0 || n == 1 ? (int)n : -1;
	}
	/* from: a square, or null (a drop); to: a square */
	f->from = (squares >> FROM & 1) || ((scalars >> FROM & 1) && vals[FROM].type != KIFU_JSON_NULL);
	if (scalars >> PIECE & 1)
		f->kind = kifu__jkf_kind_value(b, &vals[PIECE]);
	if (scalars >> SAME & 1)
		f->same = bool_value(&vals[SAME]);
	if (scalars >> PROMOTE & 1)
		f->promote = bool_value(&vals[PROMOTE]);
	if (scalars >> CAPTURE & 1)
		f->capture = kifu__jkf_kind_value(b, &vals[CAPTURE]);
	if (scalars >> RELATIVE & 1) {
		const kifu__json_tok *r = &vals[RELATIVE];
		f->relative_bad = r->type != KIFU_JSON_NULL &&
				  (r->type != KIFU_JSON_STRING || !relative_ok(kifu__json_bytes(c, r), r->len));
	}
	return 0;
}

/* comments: an array of strings, one per line (or one string, as the
 * schema's first element has `comment`), joined by '\n' in r->join. */
static int read_comments(build *b, const kifu__json_tok *t, comments_read *cr)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok v;
	int more, rc;
	*cr = (comments_read){false, 0, NULL, -1};
	if (t->type == KIFU_JSON_NULL)
		return 0;
	if (t->type != KIFU_JSON_STRING && t->type != KIFU_JSON_ARRAY) {
		cr->bad = "comments is not an array of strings";
		return kifu__json_skip(c, t);
	}
	if (t->type == KIFU_JSON_STRING) {
		char *j = kifu__jkf_join_buffer(b->r, t->len);
		if (!j)
			return KIFU_ENOMEM;
		memcpy(j, kifu__json_bytes(c, t), t->len);
		cr->given = true;
		cr->len = t->len;
		return 0;
	}
	for (long i = 0; (more = kifu__jkf_element(b)) == 1; i++) {
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		if (v.type != KIFU_JSON_STRING) {
			if (cr->bad_index < 0)
				cr->bad_index = i;
			if ((rc = kifu__json_skip(c, &v)))
				return rc;
			continue;
		}
		char *j = kifu__jkf_join_buffer(b->r, cr->len + 1 + v.len);
		if (!j)
			return KIFU_ENOMEM;
		if (cr->given)
			j[cr->len++] = '\n';
		memcpy(j + cr->len, kifu__json_bytes(c, &v), v.len);
		cr->len += v.len;
		cr->given = true;
	}
	return more;
}

/* The value next, {h?, m, s}: seconds, exactly; false when it is not that. */
static int read_clock(build *b, uint64_t *seconds, bool *ok)
{
	int64_t hms[3] = {0, -1, -1}; /* h may be absent */
	int rc = kifu__json_numbers_value(b->c, &kifu__jkf_keys[KS_CLOCK], hms);
	if (rc < 0)
		return rc;
	if (hms[0] == -1)
		hms[0] = 0; /* h null */
	*ok = rc == 1 && hms[0] >= 0 && hms[1] >= 0 && hms[2] >= 0;
	/* past what any writer writes (the caller refuses it): no overflow */
	const uint64_t big = (uint64_t)1 << 52;
	*seconds = hms[0] > (int64_t)(big / 3600) || hms[1] > (int64_t)(big / 60) || hms[2] > (int64_t)big ?
			   big : (uint64_t)hms[0] * 3600 + (uint64_t)hms[1] * 60 + (uint64_t)hms[2];
	return 0;
}

/* time: {now, total}, each {h?, m, s}: the seconds spent on the move, and
 * the mover's total after it. */
static int read_time(build *b, const kifu__json_tok *t, time_read *tr)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok key, v;
	bool had[2] = {false, false};
	int k, more, rc;
	unsigned seen = 0;
	*tr = (time_read){false, false, false, 0, 0};
	if (t->type == KIFU_JSON_NULL)
		return 0;
	tr->given = true;
	if (t->type != KIFU_JSON_OBJECT) {
		tr->bad_shape = true;
		return kifu__json_skip(c, t);
	}
	while ((more = kifu__jkf_member(b, KS_TIME, &seen, &key, &k)) == 1) {
		bool ok = true;
		if (k < 0) {
			tr->bad_shape = true;
			rc = kifu__json_value(c, &v);
			if (!rc)
				rc = kifu__json_skip(c, &v);
		} else {
			had[k] = true;
			rc = read_clock(b, k ? &tr->total : &tr->now, &ok);
			tr->bad_values |= !ok;
		}
		if (rc)
			return rc;
	}
	tr->bad_values |= !had[0] || !had[1];
	return more;
}

/* ---- judging ---- */

/* The move's text for messages and the record: CSA's form, which JKF's
 * fields follow (+7776FU, -0055KA, +8822UM: the piece after the move). */
static void move_text(const kifu_move *m, int side, int kind, char out[8])
{
	/* the promoted kind of each (kifu__jkf_kinds: FU KY KE GI KI KA HI OU,
	 * then TO NY NK NG UM RY, each '+' and the unpromoted one's SFEN) */
	static const signed char promoted[JKF_NKINDS] = {8, 9, 10, 11, -1, 12, 13, -1, -1, -1, -1, -1, -1, -1};
	int k = kind;
	if ((m->flags & KIFU_MOVE_PROMOTE) && promoted[kind] >= 0)
		k = promoted[kind];
	/* by hand, not printf: this is the per-move path (9x9: one digit each) */
	bool drop = m->flags & KIFU_MOVE_DROP;
	char t[8] = {side ? '-' : '+', drop ? '0' : (char)('1' + m->from % 9), drop ? '0' : (char)('1' + m->from / 9),
		     (char)('1' + m->to % 9), (char)('1' + m->to / 9), kifu__jkf_kinds[k].code[0],
		     kifu__jkf_kinds[k].code[1], 0};
	memcpy(out, t, sizeof t);
}

static const char *side_name(int side) { return side ? "Gote" : "Sente"; }

/* The move of fields f, judged in the schema's terms, added to the
 * record's current line; *idx its index.  at: the move's object. */
static int add_move(build *b, const move_fields *f, long ply, const kifu__json_mark *at, long *idx)
{
#define PROBLEM(...) kifu__jkf_problem(b, ply, AT_MARK, at, __VA_ARGS__)
	if (f->color < 0)
		return PROBLEM(NULL, "a move's color is 0 (Sente) or 1 (Gote)");
	if (f->kind < 0)
		return PROBLEM(NULL, "a move's piece is one of JKF's kinds (FU KY KE GI KI KA HI OU TO NY NK NG UM RY)");
	if (f->to < 0)
		return PROBLEM(NULL, "a move's to is a square {\"x\": 1-9, \"y\": 1-9}");
	if (f->promote == -2 || f->same == -2)
		return PROBLEM(NULL, "a move's promote and same are true or false");
	if (f->capture == -2 || f->capture == 7)
		return PROBLEM(NULL, "a move's capture is the kind of a piece that can be taken");
	if (f->relative_bad)
		return PROBLEM(NULL, "a move's relative is one of L C R U M D H LU LD CU CD RU RD LM RM");
	const int *types = b->r->types;
	int kind = f->kind, to = f->to, side = f->color;
	kifu_move m = {0, KIFU_NO_SQUARE, (uint16_t)to, f->promote == 1 ? KIFU_MOVE_PROMOTE : 0, 0};
	if (f->from) {
		if (f->from_sq < 0)
			return PROBLEM(NULL, "a move's from is a square {\"x\": 1-9, \"y\": 1-9}, or null for a drop");
		m.from = (uint16_t)f->from_sq;
	} else {
		/* a drop: the piece from hand, which is never promoted nor a King */
		if (kind >= 7)
			return PROBLEM(NULL, "a move without from is a drop: %s cannot be dropped", kifu__jkf_kinds[kind].code);
		if (f->promote == 1)
			return PROBLEM(NULL, "a drop cannot promote");
		m.from = KIFU_NO_SQUARE; /* as every reader and the move generator have it */
		m.flags = KIFU_MOVE_DROP;
		m.piece = (uint8_t)types[kind];
	}
	char text[8];
	move_text(&m, side, kind, text);
	if (side != kifu__jkf_side_at(b, ply))
		return PROBLEM(text, "color %d (%s), but it is %s's move", side, side_name(side),
			       side_name(kifu__jkf_side_at(b, ply)));
	if (f->same == 1 && to != b->prev_to)
		return PROBLEM(text, "same is true, but %s",
			       b->prev_to < 0 ? "no move comes before it" : "the move before went to another square");
	long line, col;
	kifu__json_place(at, &line, &col);
	*idx = kifu_record_add_move(b->rec, &m, text, strlen(text), line, col);
	if (*idx == KIFU_ELIMIT)
		return PROBLEM(text, "more moves than a record may hold");
#undef PROBLEM
	if (*idx < 0)
		return (int)*idx;
	b->prev_to = to;
	memcpy(b->moved, text, sizeof text);
	/* the piece JKF names is checked against the board by validation */
	return kifu_record_set_named_type(b->rec, *idx, types[kind]);
}

/* The line's ending: special's string s[0..n), CSA's word without its
 * '%'.  at: its element. */
static int add_special(build *b, const char *s, size_t n, long ply, const kifu__json_mark *at)
{
	const char *word = NULL;
	if (n == 15 && (!memcmp(s, "+ILLEGAL_ACTION", n) || !memcmp(s, "-ILLEGAL_ACTION", n))) {
		/* the side at fault: the side to move lost, or won by the other
		 * side's act (kifu/vocabulary.h) */
		int fault = s[0] == '-';
		word = fault == kifu__jkf_side_at(b, ply) ? "illegal-loss" : "illegal-win";
	} else if (n + 2 <= 64) {
		char csa[64];
		csa[0] = '%';
		memcpy(csa + 1, s, n);
		csa[n + 1] = 0;
		const kifu_ending_info *e = kifu_ending_find_csa(csa, n + 1);
		word = e ? e->word : NULL;
	}
	if (!word) {
		char shown[64];
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "unknown special \"%s\" (JKF's: TORYO CHUDAN "
					 "SENNICHITE TIME_UP ILLEGAL_MOVE +ILLEGAL_ACTION -ILLEGAL_ACTION JISHOGI KACHI "
					 "HIKIWAKE MATTA TSUMI FUZUMI ERROR)", kifu__jkf_shown_key(s, n, shown, sizeof shown));
	}
	long line, col;
	kifu__json_place(at, &line, &col);
	int rc = kifu_record_set_ending(b->rec, word, strlen(word), line, col);
	return rc ? rc : kifu_record_set_ending_text(b->rec, s, n);
}

/* Comments read (cr) as the comment at idx, or their problem. */
static int set_comments(build *b, const comments_read *cr, long ply, const kifu__json_mark *at, long idx)
{
	if (cr->bad)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "%s", cr->bad);
	if (cr->bad_index >= 0)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "comments[%ld] is not a string", cr->bad_index);
	return cr->given && cr->len ? kifu_record_set_comment(b->rec, idx, b->r->join, cr->len) : 0;
}

/* The time read (tr) at idx, or its problem: whole numbers, and no
 * longer than every writer writes back (notation/writing.h). */
static int set_time(build *b, const time_read *tr, long ply, const kifu__json_mark *at, long idx)
{
	if (!tr->given)
		return 0;
	if (tr->bad_shape)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "time is not {\"now\": {...}, \"total\": {...}}");
	if (tr->bad_values)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "time's now and total are each {\"h\"?, \"m\", \"s\"}, "
					 "whole numbers of hours, minutes and seconds");
	if ((double)tr->now >= KIFU__WRITE_TIME_MAX || (double)tr->total >= KIFU__WRITE_TOTAL_MAX)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "a time of 100,000,000 minutes or more, or a total "
					 "of 100,000,000 hours or more: no writer writes it back (docs/limits.md)");
	return kifu_record_set_time(b->rec, idx, (double)tr->now, (double)tr->total);
}

/* The element read (e) at ply, judged: its form, its move or ending, its
 * comments, its time.  *ended: the line has had its ending. */
static int judge_element(build *b, const element_read *e, long ply, bool *ended)
{
	const kifu__json_mark *at = &e->at;
	bool has_move = e->move != MOVE_NONE, has_special = e->special != 0;
	long idx = KIFU_COMMENT_ENDING;
	int rc;
	if (e->forks_bad)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "forks is an array of lines of play");
	if (*ended)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "an element after the end of the game (its special)");
	if (has_move == has_special)
		return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, has_move ? "an element with both a move and a special" :
					 "an element with neither a move nor a special");
	if (has_move) {
		b->here_at = e->move_at;
		if (e->move == MOVE_NOT_OBJECT)
			return kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "move is not an object");
		if (e->move == MOVE_STRAY)
			return kifu__jkf_problem(b, ply, AT_MARK, &e->move_at, NULL,
						 "unknown key \"%s\" in a move (docs/jkf.md lists JKF's keys)", e->stray);
		rc = add_move(b, &e->f, ply, &e->move_at, &idx);
	} else if (e->special < 0) {
		rc = kifu__jkf_problem(b, ply, AT_MARK, at, NULL, "special is a string (TORYO, CHUDAN, ...)");
	} else {
		rc = add_special(b, kifu__json_bytes(b->c, &e->special_tok), e->special_tok.len, ply, at);
	}
	*ended = has_special;
	if (!rc)
		rc = set_comments(b, &e->comments, ply, at, idx);
	if (!rc)
		rc = set_time(b, &e->time, ply, at, idx);
	return rc;
}

/* ---- elements and lines ---- */

/* forks: kept, with where it is, to be read after the line's elements. */
static int keep_forks(build *b, const kifu__json_tok *t, const element_read *e, long ply)
{
	jkf_reader *r = b->r;
	if (r->nforks == r->forkscap) {
		size_t cap = r->forkscap ? 2 * r->forkscap : 16;
		jkf_fork *more = realloc(r->forks, cap * sizeof *more);
		if (!more)
			return KIFU_ENOMEM;
		r->forks = more;
		r->forkscap = cap;
	}
	jkf_fork *f = &r->forks[r->nforks++];
	kifu__json_mark_of(b->c, t, &f->forks);
	f->element = e->at;
	f->ply = ply;
	return kifu__json_skip(b->c, t);
}

/* One element of a line of play at ply, read then judged. */
static int read_element(build *b, long ply, bool *ended)
{
	enum { COMMENTS, MOVE, TIME, SPECIAL, FORKS };
	kifu__json_cur *c = b->c;
	kifu__json_tok t, key, v;
	element_read e;
	char kb[64];
	int k, more, rc;
	unsigned seen = 0;
	if ((rc = kifu__json_value(c, &t)))
		return rc;
	b->here = true;
	kifu__json_mark_of(c, &t, &b->here_at);
	b->moved[0] = 0;
	if (t.type != KIFU_JSON_OBJECT)
		return kifu__jkf_problem(b, ply, AT_NEXT_OBJECT, &b->here_at, NULL, "an element of moves is an object");
	e.at = b->here_at;
	e.move = MOVE_NONE;
	e.special = 0;
	e.forks_bad = false;
	e.comments.given = false;
	e.comments.bad = NULL;
	e.comments.bad_index = -1;
	e.time.given = false;
	while ((more = kifu__jkf_member(b, KS_ELEMENT, &seen, &key, &k)) == 1) {
		if (k < 0)
			return kifu__jkf_problem(b, ply, AT_MARK, &e.at, NULL, "unknown key \"%s\" in an element of moves "
						 "(docs/jkf.md lists JKF's keys)",
						 kifu__jkf_shown_key(kifu__json_bytes(c, &key), key.len, kb, sizeof kb));
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		switch (k) {
		case COMMENTS: rc = read_comments(b, &v, &e.comments); break;
		case MOVE: rc = read_move(b, &v, &e); break;
		case TIME: rc = read_time(b, &v, &e.time); break;
		case SPECIAL:
			e.special = v.type == KIFU_JSON_STRING ? 1 : v.type == KIFU_JSON_NULL ? 0 : -1;
			e.special_tok = v;
			rc = kifu__json_skip(c, &v);
			break;
		default:
			e.forks_bad = v.type != KIFU_JSON_ARRAY && v.type != KIFU_JSON_NULL;
			rc = v.type == KIFU_JSON_ARRAY ? keep_forks(b, &v, &e, ply) : kifu__json_skip(c, &v);
			break;
		}
		if (rc)
			return rc;
	}
	if (more < 0)
		return more;
	return judge_element(b, &e, ply, ended);
}

static int read_line(build *b, int line_no, long ply, int depth);

/* A fork of line line_no from ply: its line, b->prev_to the square before
 * its first move; or a negative code. */
static int begin_fork(build *b, int line_no, long ply)
{
	int sub = kifu_record_begin_line(b->rec, line_no, ply);
	/* same: the move before the fork's first is the one before its ply */
	kifu_record_move before;
	if (sub >= 0)
		b->prev_to = ply > 1 && kifu_record_line_move(b->rec, sub, ply - 1, &before, NULL) == 0 ? before.move.to
													     : -1;
	return sub;
}

/* The forks of one element (f), read again from where they are with
 * cursor sub: each a variation, an alternative to the element's move (or
 * ending) from line line_no. */
static int read_forks(build *b, kifu__json_cur *sub, const jkf_fork *f, int line_no, int depth)
{
	kifu__json_tok t;
	int more, rc = kifu__json_value(sub, &t);
	for (long j = 0; !rc && (more = kifu__jkf_element(b)) == 1; j++) {
		if ((rc = kifu__json_value(sub, &t)))
			break;
		if (depth >= KIFU__JKF_MAX_FORK_DEPTH)
			return kifu__jkf_problem(b, 0, AT_MARK, &f->element, NULL, "forks nested more than %d deep",
						 KIFU__JKF_MAX_FORK_DEPTH);
		if (t.type != KIFU_JSON_ARRAY)
			return kifu__jkf_problem(b, 0, AT_MARK, &f->element, NULL,
						 "forks[%ld] of ply %ld is not an array of moves", j, f->ply);
		int line = begin_fork(b, line_no, f->ply);
		rc = line < 0 ? line : read_line(b, line, f->ply, depth + 1);
	}
	return rc ? rc : more;
}

/* A line of play, its '[' read (and for the main line, the start's
 * element): its elements from ply on, its moves and ending first, then
 * the forks of its elements (a line's moves are stored together). */
static int read_line(build *b, int line_no, long ply, int depth)
{
	jkf_reader *r = b->r;
	kifu__json_cur *c = b->c;
	size_t base = r->nforks;
	bool ended = false;
	int more, rc = 0;
	while (!rc && (more = kifu__jkf_element(b)) == 1)
		rc = read_element(b, ply++, &ended);
	if (!rc)
		rc = more;
	for (size_t k = base; !rc && k < r->nforks; k++) {
		jkf_fork f = r->forks[k];
		kifu__json_cur sub;
		kifu__json_start_at(&sub, c, &f.forks);
		b->c = &sub;
		rc = read_forks(b, &sub, &f, line_no, depth);
		kifu__json_free(&sub);
		b->c = c;
	}
	r->nforks = base;
	return rc;
}

/* moves[0]: the start position, with the comments before the first move. */
static int read_start(build *b)
{
	kifu__json_cur *c = b->c;
	kifu__json_tok t, key, v;
	kifu__json_mark at;
	comments_read cr = {false, 0, NULL, -1};
	bool comments = false;
	char kb[64];
	int k, more, rc;
	unsigned seen = 0;
	if ((rc = kifu__json_value(c, &t)))
		return rc;
	kifu__json_mark_of(c, &t, &at);
	if (t.type != KIFU_JSON_OBJECT)
		return kifu__jkf_problem(b, 0, AT_NEXT_OBJECT, &at, NULL, "moves[0] is an object (the start position's comments)");
	while ((more = kifu__jkf_member(b, KS_START, &seen, &key, &k)) == 1) {
		if (k < 0)
			return kifu__jkf_problem(b, 0, AT_MARK, &at, NULL, "moves[0] is the start position: it holds comments, not \"%s\"",
						 kifu__jkf_shown_key(kifu__json_bytes(c, &key), key.len, kb, sizeof kb));
		if ((rc = kifu__json_value(c, &v)))
			return rc;
		/* comments, or the schema's comment when it has none */
		if (k == 0 || !comments)
			rc = read_comments(b, &v, &cr);
		else
			rc = kifu__json_skip(c, &v);
		comments |= k == 0;
		if (rc)
			return rc;
	}
	return more < 0 ? more : set_comments(b, &cr, 0, &at, KIFU_COMMENT_BEFORE);
}

int kifu__jkf_read_moves(build *b, const kifu__json_tok *t)
{
	int more = t->type == KIFU_JSON_ARRAY ? kifu__jkf_element(b) : 0;
	if (more < 0)
		return more;
	if (!more)
		return kifu__jkf_problem(b, 0, AT_MARK, &b->record, NULL, "a JKF record's moves is an array, the start position first");
	int rc = read_start(b);
	b->prev_to = -1;
	return rc ? rc : read_line(b, 0, 1, 0);
}
