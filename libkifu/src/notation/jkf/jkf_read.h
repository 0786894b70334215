/*
 * jkf_read.h - what the JKF reader's files share, each a stage, each
 * calling only those below it:
 *
 *   jkf_read.c    the input: a record's text as its lines come, one
 *                 record after another (the stage a line pump replaces);
 *   jkf_record.c  a record from its JSON: the record, its header, its
 *                 start (initial);
 *   jkf_moves.c   its lines of play: elements, moves, times, forks;
 *   jkf_build.c   what both judge with: keys, values, the first problem
 *                 and its place.
 *
 * The JSON is read once, as it is written, by the tokenizer
 * (text/json.h), which refuses what is not JSON; what is JSON but not JKF
 * is a problem of the record, said at its place once the record's text
 * has been read to its end (text that is not JSON takes precedence: it is
 * said instead).
 */
#ifndef KIFU_NOTATION_JKF_READ_H
#define KIFU_NOTATION_JKF_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kifu/record.h"
#include "kifu/variant.h"
#include "notation/jkf/jkf.h"
#include "notation/notation.h"
#include "text/json.h"

/* The keys of each object JKF has (its schema's), in the order JKF's
 * writers write them, and JKF's kinds as the keys of a hand:
 * kifu__jkf_keys[KS_...] (jkf_build.c). */
enum { KS_RECORD, KS_START, KS_ELEMENT, KS_MOVE, KS_TIME, KS_CLOCK, KS_PLACE, KS_INITIAL, KS_DATA, KS_SQUARE,
       KS_KINDS, KS_N };
extern const kifu__json_keys kifu__jkf_keys[KS_N];

/* A line of play's forks, read once the line's own elements are
 * (kifu_record_begin_line stores a line's moves together): where each
 * element's `forks` array begins, and the element's ply and mark. */
typedef struct jkf_fork {
	kifu__json_mark forks, element;
	long ply;
} jkf_fork;

/* NUL bytes kept after the text in buf: the tokenizer reads ahead into
 * them (kifu__json_cur's slack), up to 40 bytes past where it is, so that
 * the end of a line is read fast too. */
enum { JKF_SLACK = 48 };

typedef struct jkf_reader {
	kifu__read_ctx ctx;
	char *buf;             /* decoded lines, each with its '\n', then JKF_SLACK NULs */
	size_t head, len, cap; /* the unread text is buf[head..len) */
	long line, col;        /* where buf[head] is */
	bool eof;
	/* a read error met while pulling lines ahead (pull_more): said at
	 * the next pull, where reading one line at a time would meet it */
	int stash_rc;          /* 0: none */
	kifu_diag stash_diag;
	kifu__json_cur json;   /* the record's tokenizer, its buffers kept */
	char *join;            /* comments joined, a header kept whole */
	size_t joincap;
	/* a line that spoils the record it is in: too long to be read, or
	 * holding a byte the input's encoding does not read */
	long spoil_line, spoil_col; /* 0: none */
	size_t spoil_at;       /* where in buf: its first bad character, or the
				* line that stands for a line too long; a record
				* whose text ends after it is spoiled */
	char spoil_msg[200];
	bool lost;             /* a line too long began a record: what follows it up
				* to a line that begins with '{' is that record's */
	const kifu_variant *shogi; /* the set's shogi, once found */
	const kifu_variant *typed; /* the variant types[] are of */
	int types[JKF_NKINDS];
	int missing;           /* the kind typed lacks, -1 if none */
	kifu_position *pos;    /* for checking initial.data */
	jkf_fork *forks;       /* the forks of the lines being read */
	size_t nforks, forkscap;
} jkf_reader;

/* Where a problem is said: at a bracket's mark; at the first object from
 * a mark on (a value that is no object: the next '{' in the text, or the
 * record's line when there is none); at a place. */
enum { AT_MARK, AT_NEXT_OBJECT, AT_PLACE };

/* The record's first problem, kept until its text has been read (it may
 * turn out not to be JSON), then said (kifu__jkf_problem_said). */
typedef struct jkf_problem {
	bool set;
	bool final;          /* said even if the text is no JSON (the variant's) */
	long ply;
	int where;           /* AT_... */
	kifu__json_mark at;  /* AT_MARK, AT_NEXT_OBJECT */
	long line, col;      /* AT_PLACE */
	char text[64];       /* the move as written ("" none) */
	bool show;           /* else the JSON of `shown`, cut short */
	kifu__json_mark shown;
	long variation;      /* in a variation: the ply it starts at, else 0 */
	char msg[600];
} jkf_problem;

/* A record being built, from the tokens of cursor c (the record's, or one
 * that reads a fork again). */
typedef struct build {
	jkf_reader *r;
	kifu__json_cur *c;
	kifu_record *rec;
	const kifu_variant *v;
	kifu__json_mark record; /* the record's first bracket */
	int side0;           /* the side to move at the start */
	int prev_to;         /* the square the move before went to, -1 if none */
	char handicap[256];  /* the header's 手合割, trimmed ("" if none) */
	kifu__json_mark handicap_at; /* where: the header's object */
	bool here;           /* a problem at a ply shows (when the move has no
			      * text yet) the JSON of the element or move at: */
	kifu__json_mark here_at;
	char moved[24];      /* the text of its move once added, "" before */
	jkf_problem problem;
} build;

/* A grammar function's outcome: 0, STOP (the record has its problem:
 * building stops, the text is read on), or a negative code (KIFU_ESYNTAX:
 * the cursor's error, the text is no JSON). */
enum { STOP = 1 };

/* ---- jkf_build.c ---- */

/* r->join with room for n bytes, or NULL. */
char *kifu__jkf_join_buffer(jkf_reader *r, size_t n);

/* The record's first problem (later ones are not kept): about the move
 * text (NULL: the move read at this element, or the JSON of here_at) at
 * ply (0: the record as a whole), said where (AT_MARK or AT_NEXT_OBJECT
 * at m, AT_PLACE at m's place).  Returns STOP, or KIFU_ENOMEM. */
int kifu__jkf_problem(build *b, long ply, int where, const kifu__json_mark *m, const char *text,
		      const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Says the problem as the record's error, its text now read up to end
 * (an offset in it). */
int kifu__jkf_problem_said(build *b, size_t end);

/* The next member of the object open, its key one of set's: 1 with its
 * index in *k (-1: none of them, *key its token), 0 at its end, or a
 * negative code (the tokenizer's: a key of the set given twice too). */
KIFU__JSON_HOT int kifu__jkf_member(build *b, int set, unsigned *seen, kifu__json_tok *key, int *k)
{
	return kifu__json_key(b->c, &kifu__jkf_keys[set], seen, key, k);
}

/* The next element of the array open: 1, 0 at its end, or a code. */
KIFU__JSON_HOT int kifu__jkf_element(build *b)
{
	kifu__json_tok close;
	return kifu__json_element(b->c, &close);
}

/* A key's name, shortened and made printable for a message. */
const char *kifu__jkf_shown_key(const char *k, size_t len, char *buf, size_t size);

/* A whole number t (digits alone): its value (INT64_MAX when it is
 * larger), or -1 when t is no such number. */
int64_t kifu__jkf_count_slow(const build *b, const kifu__json_tok *t);
static inline int64_t kifu__jkf_count(const build *b, const kifu__json_tok *t)
{
	if (t->type == KIFU_JSON_NUMBER && t->whole && t->u <= (uint64_t)INT64_MAX)
		return (int64_t)t->u;
	return kifu__jkf_count_slow(b, t);
}

/* A JKF kind (t a string): its index, -1 absent or null, -2 not a kind. */
static inline int kifu__jkf_kind_value(const build *b, const kifu__json_tok *t)
{
	if (t->type == KIFU_JSON_NULL)
		return -1;
	if (t->type != KIFU_JSON_STRING)
		return -2;
	int k = kifu__jkf_kind_find(kifu__json_bytes(b->c, t), t->len);
	return k < 0 ? -2 : k;
}

/* The variant: -v's, else standard shogi (a problem said at the
 * record's first object, final). */
int kifu__jkf_choose_variant(build *b);
/* The side to move at ply of the current line. */
int kifu__jkf_side_at(const build *b, long ply);

/* ---- jkf_moves.c ---- */

/* moves, whose '[' t is: the start's element, then the main line. */
int kifu__jkf_read_moves(build *b, const kifu__json_tok *t);

/* ---- jkf_record.c ---- */

/* The record whose text begins at r->buf + r->head, at line:col, read
 * as JSON with its lines pulled by more (arg) as the tokenizer asks: 0 with
 * *end where it ends (the close of its value) and *end_line:*end_col;
 * KIFU_ESYNTAX when it is no JSON (the record has the tokenizer's error;
 * its end is the caller's to find); or a negative code. */
int kifu__jkf_read_record(jkf_reader *r, kifu_record *rec, long line, long col, const kifu_variant **variant,
			  kifu__json_more more, void *arg, size_t *end, long *end_line, long *end_col);
/* Text where a record should begin that is no JSON object nor array
 * (n bytes at r->buf + r->head, at line:col): a record that cannot be
 * read. */
int kifu__jkf_read_junk(jkf_reader *r, kifu_record *rec, long line, long col, size_t n,
			const kifu_variant **variant);

#endif
