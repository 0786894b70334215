/*
 * jkf_read.h - what the JKF reader's three files share (jkf_read.c: the
 * input, record by record; jkf_build.c: a record built from its tokens,
 * and what both ways of building judge alike; jkf_fast.c: a record built
 * from its bytes).  Private to them.
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
#include "text/json_tokens.h"

/* A key JKF has, with its length and kifu__json_sig (its length, first
 * and last bytes). */
typedef struct jkf_key {
	const char *name;
	size_t len;
	uint32_t sig;
} jkf_key;
#define KEY(s) {s, sizeof s - 1, (uint32_t)(sizeof s - 1) << 16 | (uint32_t)(unsigned char)s[0] << 8 | (unsigned char)s[sizeof s - 2]}

/* The keys of each object JKF has (its schema's), in the order JKF's
 * writers write them: kifu__jkf_keysets[KS_...] (jkf_read.c). */
enum { KS_RECORD, KS_START, KS_ELEMENT, KS_MOVE, KS_TIME, KS_CLOCK, KS_PLACE, KS_INITIAL, KS_DATA, KS_SQUARE, KS_N };
typedef struct jkf_keyset {
	const jkf_key *keys;
	int n;
} jkf_keyset;
extern const jkf_keyset kifu__jkf_keysets[KS_N];

/* Where each key of a set is found by its sig: keymap[set][hash] is the
 * key's index, 0xFF for none (built by jkf_open; a set whose keys collide
 * is looked through one by one). */
enum { KEYMAP = 64 };
static inline unsigned keymap_hash(uint32_t sig) { return (sig * 0x9E3779B1u) >> 26; }
enum { KEY_NONE = 0xFF, KEY_SEVERAL = 0xFE };
static inline unsigned keyfirst_hash(unsigned char a, unsigned char b) { return (a * 7u + b) & (KEYMAP - 1); }

typedef struct jkf_reader {
	kifu__read_ctx ctx;
	char *buf;             /* decoded lines, each with its '\n' */
	size_t head, len, cap; /* the unread text is buf[head..len) */
	long line, col;        /* where buf[head] is */
	bool eof;
	kifu__json json;       /* the record's tokens, kept from one to the next */
	char *join;            /* comments joined, a header kept whole */
	size_t joincap;
	/* a line that spoils the record it is in: too long to be read, or
	 * holding a byte the input's encoding does not read */
	long spoil_line, spoil_col; /* 0: none */
	size_t spoil_at;       /* where in buf: its first bad character, or the
				* line that stands for a line too long; a record
				* whose text ends after it is spoiled (by place in
				* the text, not by line number: the same however
				* far ahead lines were pulled) */
	char spoil_msg[200];
	bool odd_lines;        /* a line of the input held a '\n' (a file whose lines
				* end with CR alone): lines are counted two ways
				* from then on, and the fast path, which reads
				* lines ahead, would count them otherwise than the
				* tokens: it is not taken again */
	bool lost;             /* a line too long began a record: what follows it up
				* to a line that begins with '{' is that record's */
	uint8_t keymap[KS_N][KEYMAP];
	bool keymap_clash[KS_N];
	/* the fast path's: each key of a set by its first two bytes (the
	 * second a name's closing '"' when it has one byte), KEY_NONE or
	 * KEY_SEVERAL (looked through one by one) */
	uint8_t keyfirst[KS_N][KEYMAP];
	const kifu_variant *shogi; /* the set's shogi, once found */
	/* the fast path's forks, to be read after their line's moves */
	struct fast_fork *forks;
	size_t nforks, forkscap;
	const kifu_variant *typed; /* the variant types[] are of */
	int types[JKF_NKINDS];
	int missing;           /* the kind typed lacks, -1 if none */
	kifu_position *pos;    /* for checking initial.data */
} jkf_reader;

/* The tokens of a record (text/json_tokens.h) are read where they are:
 * a value is its index in j->tok (0, the record's object, stands for
 * none where a value is looked up). */
typedef struct build {
	jkf_reader *r;
	const kifu__json *j;
	kifu_record *rec;
	const kifu_variant *v;
	long line0;         /* the line the record's text begins on */
	int side0;          /* the side to move at the start */
	int prev_to;        /* the square the move before went to, -1 if none */
	char handicap[256]; /* the header's 手合割, trimmed ("" if none) */
	size_t handicap_at; /* where: the header's object */
	size_t here;        /* the element or move being read (0 none): what a
			     * problem at a ply shows when the move has no text yet */
	char moved[24];     /* the text of its move once read, "" before */
	/* built from the bytes (the fast path, jkf_fast.c): no tokens; what is
	 * being read is at fast_line:fast_col, and a problem is FALLBACK */
	bool fast;
	long fast_line, fast_col;
} build;

/* STOP: the record has its error, building stops.  FALLBACK: the fast
 * path met what it does not read, or a problem: the record is built
 * again from its tokens, which say the problem as they always have. */
enum { STOP = 1, FALLBACK = 2 };

/* A move's fields as read, before they are judged (kifu__jkf_add_move): each as
 * jkf_build.c's value functions (kind_value, place, bool_value) give it. */
typedef struct move_fields {
	int color;    /* 0 or 1; -1 anything else */
	int kind;     /* kind_value */
	int to;       /* place */
	bool from;    /* from is there and not null */
	int from_sq;  /* place, when from is */
	int promote;  /* bool_value */
	int same;     /* bool_value */
	int capture;  /* kind_value */
	bool relative_bad; /* relative is there, not null, and none of JKF's */
} move_fields;

/* s[0..len) is word. */
bool kifu__jkf_same_text(const char *word, const char *s, size_t len);

/* r->join with room for n bytes, or NULL (jkf_read.c). */
char *kifu__jkf_join_buffer(jkf_reader *r, size_t n);

/* Where text[0..off) ends, from line:col at its start (jkf_build.c). */
void kifu__jkf_advance(const char *text, size_t off, long *line, long *col);

/* A build of rec, whose text begins on line, from its tokens or (fast)
 * from its bytes (jkf_build.c). */
void kifu__jkf_build_init(build *b, jkf_reader *r, kifu_record *rec, long line, bool fast);

/* Builds the record from its text, which begins at line:col: its tokens
 * when it has been read as JSON (parsed), else read here (jkf_build.c). */
int kifu__jkf_build_record(jkf_reader *r, kifu_record *rec, const char *text, size_t n, long line, long col,
			   char first, bool parsed, const kifu_variant **variant);

/* What both ways of building judge alike (jkf_build.c): each returns 0,
 * STOP (FALLBACK when b->fast) with the record's error set, or a negative
 * code. */
int kifu__jkf_choose_variant(build *b, long line, long col);
int kifu__jkf_add_header(build *b, const char *k, size_t kl, const char *s, size_t n, size_t h);
int kifu__jkf_read_initial(build *b, size_t init, size_t at);
int kifu__jkf_initial_start(build *b, const char *ps, size_t plen, size_t d, const char *data, size_t at);
int kifu__jkf_add_move(build *b, const move_fields *f, long ply, size_t at, long *idx);
int kifu__jkf_add_special(build *b, const char *s, size_t n, long ply, size_t at);
bool kifu__jkf_relative_ok(const char *s, size_t len);
/* A fork of line line_no from ply: its line, b->prev_to the square before
 * its first move; or a negative code. */
int kifu__jkf_begin_fork(build *b, int line_no, long ply);

/* The record whose text begins at text (at line:col), NUL-terminated with
 * FAST_SLACK bytes after, built from its bytes (jkf_fast.c): 0, with its
 * text's length in *n and where it ends in *end_line:*end_col; FALLBACK
 * (rec then has what was built: clear it), or a negative code. */
enum { FAST_SLACK = 64 };
int kifu__jkf_fast_record(jkf_reader *r, kifu_record *rec, const char *text, long line, long col,
			  const kifu_variant **variant, size_t *n, long *end_line, long *end_col);

#endif
