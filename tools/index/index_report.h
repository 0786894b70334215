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

/* --- index_html.c -------------------------------------------------------------------- */

/* One move of the explorer, as index_report.c sums it. */
struct explore_move {
	kifu_move move;
	char text[32];           /* in the compact notation */
	long games, sente, gote, draw;
	long long plies;
	char first[32], last[32]; /* dates, "" if none */
	char *leads_to;          /* the SFEN after it */
};

struct explore_result {
	const kifu_variant *v;
	const char *sfen;
	long games, sente, gote, draw, ended;
	struct explore_move *moves;
	long nmoves;
};

/* Writes the explorer's page: the position drawn as a board, the moves as
 * a table with their results as bars. */
void index_html(FILE *out, const struct explore_result *r, const kifu_position *pos);

#endif
