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

struct diff_result {
	int same;
	char only_in;             /* 'a' or 'b' when the other file has no such record, else 0 */
	int comparable;           /* both records were read whole: moves and endings compared */
	const char *a_path, *b_path;
	long a_line, b_line;      /* where the records start, 0 if absent */
	struct diff_header *headers;
	int nheaders;
	long ply;                 /* the first ply whose moves differ, 0 if none */
	char *a_move, *b_move;    /* as written, NULL if that record has no such ply */
	long a_mline, a_mcol, b_mline, b_mcol;
	int position_same;        /* 1, 0, or -1 when it cannot be told */
	char *a_ending, *b_ending; /* when the endings differ ("" for none) */
};

/* Compares a with b.  a_missing / b_missing: that file has no record at this
 * index.  Returns 0, or KIFU_ENOMEM.  Free r with diff_result_free. */
int diff_records(struct diff_result *r, const struct diff_side *a, const struct diff_side *b,
		 int a_missing, int b_missing);
void diff_result_free(struct diff_result *r);

/* One line per difference (nothing when the records are the same). */
void diff_print_text(FILE *out, const struct diff_result *r, long index);
/* Exactly one JSON object, on one line. */
void diff_print_json(FILE *out, const struct diff_result *r, long index);

#endif
