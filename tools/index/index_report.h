/*
 * index_report.h - kifu-index query and explore (index_report.c), and the
 * explorer's HTML page (index_html.c).
 */
#ifndef KIFU_INDEX_REPORT_H
#define KIFU_INDEX_REPORT_H

#include "index/index.h"
#include "lib/inputs.h"

enum index_format { INDEX_TEXT, INDEX_COMPACT, INDEX_JSON, INDEX_CSV, INDEX_HTML };

struct index_ask {
	const char *path;        /* the index */
	const char *sfen;        /* --position / --sfen, or NULL */
	const char *moves;       /* explore --moves, or NULL */
	unsigned flags;          /* index_find_flags */
	const kifu_variant *variant; /* --variant, or NULL: every variant of the index */
	enum index_format format;
	int count;               /* query --count */
	long min_games;          /* explore --min-games */
	const char *out;         /* -o, or NULL */
};

/* query: the records that reach the position.  CLI_OK when some does,
 * CLI_INVALID when none does, CLI_USAGE after saying why. */
int index_query(const struct index_ask *a, const kifu_variant_set *set);

/* explore: the moves played from the position.  CLI_OK (even when no game
 * reaches it) or CLI_USAGE. */
int index_explore(const struct index_ask *a, const kifu_variant_set *set);

/* --- what query (index_report.c) and explore (index_explore.c) share ------- */

/* The index, the position looked for, the candidates, and a record to load
 * them into. */
struct asking {
	index_db x;
	index_find *f;
	kifu_record *rec;
	const int64_t *ids;
	long nids;
};

/* Opens the index (CLI_OK or CLI_USAGE); then asking_find reads sfen as the
 * index's variants read it (option names it in an error). */
int asking_open(struct asking *k, const struct index_ask *a, const kifu_variant_set *set);
int asking_find(struct asking *k, const struct index_ask *a, const char *option, const char *sfen);
void asking_end(struct asking *k);

/* What is done with each record that reaches the position: CLI_OK, or
 * CLI_USAGE (said) to stop. */
typedef int (*found_fn)(void *ctx, const kifu_record *rec, const kifu_variant *v,
			const struct index_row *row, long ply);

/* Loads each candidate and confirms it by replaying it; fn for those that
 * reach the position, in the order they were indexed, with the first ply
 * that does.  CLI_OK or CLI_USAGE. */
int each_found(struct asking *k, found_fn fn, void *ctx);

/* A CSV field as RFC 4180 has it, a formula's start made harmless. */
void index_csv_field(FILE *out, const char *s);

/* --- index_html.c -------------------------------------------------------------------- */

/* One move of the explorer, as index_report.c sums it. */
struct explore_move {
	kifu_move move;
	char text[32];           /* in the compact notation */
	long games, sente, gote, draw;
	long long plies;
	char *first, *last;      /* dates, NULL if none */
	char *leads_to;          /* the SFEN after it */
};

struct explore_result {
	const kifu_variant *v;
	const char *sfen;
	int64_t first;           /* the first record (by id) that reaches it, 0 if none */
	long games, sente, gote, draw, ended;
	struct explore_move *moves;
	long nmoves;
};

/* Writes the explorer's page: the position drawn as a board, the moves as
 * a table with their results as bars. */
void index_html(FILE *out, const struct explore_result *r, const kifu_position *pos);

#endif
