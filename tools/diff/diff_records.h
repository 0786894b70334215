/*
 * diff_records.h - comparing two records (kifu-diff): headers, moves as
 * parsed, the ending, and the positions at the first differing ply.
 */
#ifndef KIFU_DIFF_RECORDS_H
#define KIFU_DIFF_RECORDS_H

#include <stdio.h>

#include <kifu/kifu.h>

/* One side of a pair.  rec is NULL when the record could not be read at
 * all (a line too long); v is NULL when its variant is unknown; pos is
 * scratch for v. */
struct diff_side {
	const char *path;
	const kifu_record *rec;
	const kifu_variant *v;
	kifu_position *pos;
	int broken;           /* the record could not be read whole: its moves are not compared */
};

/* A header that differs: key is "variant", a tag's key, "comment" (the
 * comment before the first move) or "bookmark" (the bookmark on the start);
 * a and b are the values as printed ("(none)" when absent). */
struct diff_header {
	char *key;
	char *a, *b;
	int is_tag;
};

/* What is compared (kifu-diff's options). */
struct diff_options {
	int all;          /* every differing ply, not only the first */
	int annotations;  /* per-move comments, times and bookmarks, and the ending's */
};

/* A difference at a ply: the moves, or (--annotations) what goes with them. */
enum diff_what { DIFF_MOVE, DIFF_COMMENT, DIFF_TIME, DIFF_TOTAL, DIFF_BOOKMARK };

struct diff_ply {
	long ply;                 /* the ply; 0 for the ending's comment and times */
	enum diff_what what;
	char *a, *b;              /* as printed; NULL where that record has none (no move) */
	long a_line, a_col, b_line, b_col; /* where the moves are written, 0 if absent */
	int position_same;        /* DIFF_MOVE: the positions after it: 1, 0, or -1 when
				   * they cannot be compared (or a record has no such move) */
};

struct diff_result {
	int same;
	char only_in;             /* 'a' or 'b' when the other file has no such record, else 0 */
	int comparable;           /* both records were read whole: moves and endings compared */
	const char *a_path, *b_path;
	long a_line, b_line;      /* where the records start, 0 if absent */
	struct diff_header *headers;
	int nheaders;
	struct diff_ply *plies;   /* in the order of their plies */
	int nplies;
	long ply;                 /* the first ply whose moves differ, 0 if none */
	int final_same;           /* the positions after the last moves: 1, 0, -1 cannot be told */
	int starts_differ;        /* the records start from different positions */
	char *a_ending, *b_ending; /* when the endings differ ("" for none) */
};

/* Compares a with b.  a_missing / b_missing: that file has no record at this
 * index.  Returns 0, or KIFU_ENOMEM.  Free r with diff_result_free. */
int diff_records(struct diff_result *r, const struct diff_side *a, const struct diff_side *b,
		 int a_missing, int b_missing, const struct diff_options *opt);
void diff_result_free(struct diff_result *r);

/* How a pair is named in the output: "record N", or with --key the key's
 * tag and value (key NULL: record N). */
struct diff_name {
	long index;               /* A's record number (0: none) */
	long b_index;             /* with --key, B's (0: none) */
	const char *key, *value;  /* value NULL: the record has no such tag */
};

/* One line per difference (nothing when the records are the same):
 * "A:LINE B:LINE: record N: what". */
void diff_print_text(FILE *out, const struct diff_result *r, const struct diff_name *name);
/* Exactly one JSON object, on one line, through w. */
void diff_print_json(kifu_json_writer *w, const struct diff_result *r, const struct diff_name *name,
		     const struct diff_options *opt);

#endif
