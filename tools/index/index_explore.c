/*
 * index_explore.c - kifu-index explore (index_report.h): the moves played
 * from a position, by the games that reach it, with their results,
 * lengths and dates.
 *
 * A position that INDEX_EXPLORER_GAMES records or more reach is answered
 * from the explorer's tables (index_explorer.c made them), once the
 * position they hold for its key is the one asked, compared as written: a
 * look-up, however many games.  Any other position is answered as the
 * tables were made: its key's records (fewer than INDEX_EXPLORER_GAMES)
 * replayed, each confirmed square by square.  Either way a game counts
 * once, with the move it played after it first reached the position.
 */
#include "index/index_report.h"
#include "lib/cli.h"
#include "lib/escape.h"
#include "lib/output.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The position explored: --sfen's, or after --moves from the variant's
 * start, or the start.  Its SFEN into buf; CLI_OK or CLI_USAGE. */
static int explored_sfen(const struct index_ask *a, const index_db *x, char *buf, size_t size)
{
	if (a->sfen) {
		snprintf(buf, size, "%s", a->sfen);
		return CLI_OK;
	}
	const kifu_variant *v = a->variant;
	for (int i = 0; !v && i < x->nvariants; i++) {
		if (x->nvariants > 1) {
			cli_error("%s: records of several variants: say which with -v VARIANT", x->path);
			return cli_usage_error();
		}
		v = x->variants[i].v;
	}
	if (!v) {
		cli_error("%s: no variant known to start from (--variant, --variant-file)", x->path);
		return CLI_USAGE;
	}
	kifu_position *pos;
	if (kifu_position_new(&pos, v)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	const char *p = a->moves ? a->moves : "";
	long ply = 0;
	while (*p) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		size_t n = strcspn(p, " \t\n\r\f\v");
		kifu_move m;
		const char *msg = NULL;
		size_t at = 0;
		kifu_illegal why;
		ply++;
		if (kifu_compact_parse_move(v, p, n, &m, &msg, &at)) {
			cli_error("--moves '%s': column %ld: %s", a->moves, (long)(p - a->moves + (long)at) + 1,
				  msg ? msg : "not a move");
			kifu_position_free(pos);
			return cli_usage_error();
		}
		if (kifu_check_move(pos, &m, &why)) {
			char reason[256];
			kifu_illegal_describe(v, &why, kifu_compact_square_name, reason, sizeof reason);
			cli_error("--moves '%s': column %ld: ply %ld: %.*s: %s", a->moves,
				  (long)(p - a->moves) + 1, ply, (int)n, p, reason);
			kifu_position_free(pos);
			return cli_usage_error();
		}
		kifu_make_move(pos, &m, NULL);
		p += n;
	}
	int rc = index_sfen(pos, 0, buf, size);
	kifu_position_free(pos);
	if (rc < 0) {
		cli_error("too long an SFEN");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* --- the games replayed ------------------------------------------------------------------- */

/* What is found for each variant of the index that reads the position. */
struct explore_run {
	struct asking k;
	int nv;
	struct explore_result *r; /* by variant (into k.x.variants) */
	long *cap;                /* of r[i].moves */
	int *from_tables;         /* 1: counted from the tables; 0: by replaying */
	int failed;
};

/* The row of move m (made when new), or NULL when out of memory. */
static struct explore_move *move_row(struct explore_result *r, long *cap, const kifu_move *m)
{
	for (long i = 0; i < r->nmoves; i++)
		if (kifu_move_same(&r->moves[i].move, m))
			return &r->moves[i];
	if (r->nmoves == *cap) {
		long c = *cap ? 2 * *cap : 32;
		struct explore_move *ms = realloc(r->moves, (size_t)c * sizeof *ms);
		if (!ms)
			return NULL;
		r->moves = ms;
		*cap = c;
	}
	struct explore_move *e = &r->moves[r->nmoves++];
	memset(e, 0, sizeof *e);
	e->move = *m;
	kifu_compact_format_move(r->v, m, e->text, sizeof e->text);
	return e;
}

static void count_result(const char *result, long *sente, long *gote, long *draw)
{
	if (!strcmp(result, "sente"))
		(*sente)++;
	else if (!strcmp(result, "gote"))
		(*gote)++;
	else if (!strcmp(result, "draw"))
		(*draw)++;
}

/* Keeps date in *slot when it is the least (or the greatest) so far. */
static int keep_date(char **slot, const char *date, int least)
{
	if (!date[0] || (*slot && (least ? strcmp(date, *slot) >= 0 : strcmp(date, *slot) <= 0)))
		return 0;
	char *d = strdup(date);
	if (!d)
		return KIFU_ENOMEM;
	free(*slot);
	*slot = d;
	return 0;
}

/* One game that reaches the position at ply: its next move counted, in the
 * result of its variant. */
static int count_game(void *ctx, const kifu_record *rec, const kifu_variant *v,
		      const struct index_row *row, long ply)
{
	struct explore_run *e = ctx;
	(void)v;
	int vi = row->variant;
	if (e->from_tables[vi])
		return CLI_OK;
	struct explore_result *r = &e->r[vi];
	if (!r->games)
		r->first = row->id;
	r->games++;
	count_result(row->result, &r->sente, &r->gote, &r->draw);
	kifu_record_move m;
	if (ply >= kifu_record_move_count(rec) || kifu_record_get_move(rec, ply, &m)) {
		r->ended++;
		return CLI_OK;
	}
	struct explore_move *mv = move_row(r, &e->cap[vi], &m.move);
	if (!mv || keep_date(&mv->first, row->date, 1) || keep_date(&mv->last, row->date, 0)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	mv->games++;
	count_result(row->result, &mv->sente, &mv->gote, &mv->draw);
	mv->plies += row->plies;
	return CLI_OK;
}

/* The SFEN after each move, from the position explored. */
static int leads_to(struct explore_result *r, kifu_position *pos)
{
	kifu_position *after;
	if (kifu_position_new(&after, r->v))
		return KIFU_ENOMEM;
	for (long i = 0; i < r->nmoves; i++) {
		char buf[KIFU_SFEN_MAX];
		kifu_position_copy(after, pos);
		kifu_make_move(after, &r->moves[i].move, NULL);
		if (index_sfen(after, 0, buf, sizeof buf) < 0)
			buf[0] = 0;
		if (!(r->moves[i].leads_to = strdup(buf))) {
			kifu_position_free(after);
			return KIFU_ENOMEM;
		}
	}
	kifu_position_free(after);
	return 0;
}

/* --- the tables -------------------------------------------------------------------------- */

static const char *column_text(sqlite3_stmt *st, int col)
{
	const char *s = (const char *)sqlite3_column_text(st, col);
	return s ? s : "";
}

/* What the tables hold of the position as variant vi reads it (key): 1
 * counted there (r filled: its games, or none when no game of vi reaches
 * the key), 0 not (fewer games: replayed), or CLI_USAGE. */
static int from_tables(struct explore_run *e, int vi, int64_t key)
{
	index_db *x = &e->k.x;
	struct explore_result *r = &e->r[vi];
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(x->db,
			       "SELECT variant, position, first_record, games, sente, gote, draw, ended"
			       " FROM explorer_positions WHERE key = ?",
			       -1, &st, NULL) != SQLITE_OK)
		return index_sql_error(x->db, x->path, "not a kifu index of this format");
	sqlite3_bind_int64(st, 1, key);
	int rc, counted = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		counted = 1;
		if (sqlite3_column_int64(st, 0) != x->variants[vi].id)
			continue;
		/* the key's position of this variant: the one asked, or another
		 * of the same key (then the games are replayed) */
		if (strcmp(column_text(st, 1), r->sfen)) {
			counted = 0;
			break;
		}
		r->first = sqlite3_column_int64(st, 2);
		r->games = (long)sqlite3_column_int64(st, 3);
		r->sente = (long)sqlite3_column_int64(st, 4);
		r->gote = (long)sqlite3_column_int64(st, 5);
		r->draw = (long)sqlite3_column_int64(st, 6);
		r->ended = (long)sqlite3_column_int64(st, 7);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return index_sql_error(x->db, x->path, "cannot read its explorer");
	return counted;
}

/* The moves of the position counted in the tables, with where they lead. */
static int moves_from_tables(struct explore_run *e, int vi, int64_t key)
{
	index_db *x = &e->k.x;
	struct explore_result *r = &e->r[vi];
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(x->db,
			       "SELECT move, games, sente, gote, draw, plies, first_date, last_date, leads_to"
			       " FROM explorer_moves WHERE key = ? AND variant = ? ORDER BY move",
			       -1, &st, NULL) != SQLITE_OK)
		return index_sql_error(x->db, x->path, "not a kifu index of this format");
	sqlite3_bind_int64(st, 1, key);
	sqlite3_bind_int64(st, 2, x->variants[vi].id);
	int rc, status = CLI_OK;
	while (status == CLI_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (r->nmoves == e->cap[vi]) {
			long c = e->cap[vi] ? 2 * e->cap[vi] : 32;
			struct explore_move *ms = realloc(r->moves, (size_t)c * sizeof *ms);
			if (!ms) {
				status = CLI_USAGE;
				break;
			}
			r->moves = ms;
			e->cap[vi] = c;
		}
		struct explore_move *m = &r->moves[r->nmoves++];
		memset(m, 0, sizeof *m);
		snprintf(m->text, sizeof m->text, "%s", column_text(st, 0));
		m->games = (long)sqlite3_column_int64(st, 1);
		m->sente = (long)sqlite3_column_int64(st, 2);
		m->gote = (long)sqlite3_column_int64(st, 3);
		m->draw = (long)sqlite3_column_int64(st, 4);
		m->plies = sqlite3_column_int64(st, 5);
		if ((sqlite3_column_type(st, 6) != SQLITE_NULL && !(m->first = strdup(column_text(st, 6)))) ||
		    (sqlite3_column_type(st, 7) != SQLITE_NULL && !(m->last = strdup(column_text(st, 7)))) ||
		    !(m->leads_to = strdup(column_text(st, 8))))
			status = CLI_USAGE;
		if (m->games < 1) {
			cli_error("%s: its explorer holds a move of no game (damaged)", x->path);
			sqlite3_finalize(st);
			return CLI_USAGE;
		}
	}
	sqlite3_finalize(st);
	if (status) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (rc != SQLITE_DONE)
		return index_sql_error(x->db, x->path, "cannot read its explorer");
	return CLI_OK;
}

/* --- writing ----------------------------------------------------------------------------- */

static int by_games(const void *a, const void *b)
{
	const struct explore_move *x = a, *y = b;
	if (x->games != y->games)
		return x->games > y->games ? -1 : 1;
	return strcmp(x->text, y->text);
}

static double rate(long n, long sente, long gote, long draw)
{
	long d = sente + gote + draw;
	return d ? (double)n / (double)d : 0;
}

static void write_explore_text(FILE *out, const struct explore_result *r)
{
	fprintf(out, "position: %s (%s)\n", r->sfen, kifu_variant_name(r->v));
	fprintf(out, "games: %ld (sente %ld, gote %ld, draw %ld; %ld end here)\n", r->games, r->sente,
		r->gote, r->draw, r->ended);
	if (!r->nmoves)
		return;
	fprintf(out, "%-10s %7s %7s %7s %7s %7s %7s %7s %8s  %-12s %-12s %s\n", "move", "games", "sente",
		"gote", "draw", "sente%", "gote%", "draw%", "length", "first", "last", "leads to");
	for (long i = 0; i < r->nmoves; i++) {
		const struct explore_move *e = &r->moves[i];
		fprintf(out, "%-10s %7ld %7ld %7ld %7ld %7.1f %7.1f %7.1f %8.2f  ", e->text, e->games, e->sente,
			e->gote, e->draw, 100 * rate(e->sente, e->sente, e->gote, e->draw),
			100 * rate(e->gote, e->sente, e->gote, e->draw),
			100 * rate(e->draw, e->sente, e->gote, e->draw), (double)e->plies / (double)e->games);
		char first[4 * 32 + 1], last[4 * 32 + 1];
		escape_text(first, sizeof first, e->first ? e->first : "-", 0);
		escape_text(last, sizeof last, e->last ? e->last : "-", 0);
		fprintf(out, "%-12s %-12s %s\n", first, last, e->leads_to);
	}
}

/* v with digits after the point, as printf writes it (the C locale's
 * '.'): the explorer's rates and averages, rounded as they always were. */
static void json_fixed(kifu_json_writer *w, int digits, double v)
{
	char t[64];
	int n = snprintf(t, sizeof t, "%.*f", digits, v);
	kifu_json_number(w, t, n > 0 && (size_t)n < sizeof t ? (size_t)n : 0);
}

static void write_explore_json(FILE *out, const struct explore_result *r)
{
	kifu_json_writer *w;
	if (kifu_json_writer_new(&w, out, 0))
		return;
	kifu_json_object(w);
	kifu_json_key(w, "position");
	kifu_json_string(w, r->sfen);
	kifu_json_key(w, "variant");
	kifu_json_string(w, kifu_variant_name(r->v));
	const char *const totals[] = {"games", "sente", "gote", "draw", "ended"};
	const long tv[] = {r->games, r->sente, r->gote, r->draw, r->ended};
	for (int i = 0; i < 5; i++) {
		kifu_json_key(w, totals[i]);
		kifu_json_int(w, tv[i]);
	}
	kifu_json_key(w, "moves");
	kifu_json_array(w);
	for (long i = 0; i < r->nmoves; i++) {
		const struct explore_move *e = &r->moves[i];
		kifu_json_object(w);
		kifu_json_key(w, "move");
		kifu_json_string(w, e->text);
		const char *const counts[] = {"games", "sente", "gote", "draw"};
		const long cv[] = {e->games, e->sente, e->gote, e->draw};
		for (int k = 0; k < 4; k++) {
			kifu_json_key(w, counts[k]);
			kifu_json_int(w, cv[k]);
		}
		kifu_json_key(w, "sente_rate");
		json_fixed(w, 4, rate(e->sente, e->sente, e->gote, e->draw));
		kifu_json_key(w, "gote_rate");
		json_fixed(w, 4, rate(e->gote, e->sente, e->gote, e->draw));
		kifu_json_key(w, "draw_rate");
		json_fixed(w, 4, rate(e->draw, e->sente, e->gote, e->draw));
		kifu_json_key(w, "average_plies");
		json_fixed(w, 2, (double)e->plies / (double)e->games);
		kifu_json_key(w, "first_date");
		kifu_json_string(w, e->first);
		kifu_json_key(w, "last_date");
		kifu_json_string(w, e->last);
		kifu_json_key(w, "position");
		kifu_json_string(w, e->leads_to);
		kifu_json_object_end(w);
	}
	kifu_json_array_end(w);
	kifu_json_object_end(w);
	kifu_json_writer_end(w);
	kifu_json_writer_free(w);
}

static void write_explore_csv(FILE *out, const struct explore_result *r)
{
	fputs("move,games,sente,gote,draw,sente_rate,gote_rate,draw_rate,average_plies,first_date,"
	      "last_date,position\n",
	      out);
	for (long i = 0; i < r->nmoves; i++) {
		const struct explore_move *e = &r->moves[i];
		index_csv_field(out, e->text);
		fprintf(out, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.2f,", e->games, e->sente, e->gote, e->draw,
			rate(e->sente, e->sente, e->gote, e->draw), rate(e->gote, e->sente, e->gote, e->draw),
			rate(e->draw, e->sente, e->gote, e->draw), (double)e->plies / (double)e->games);
		index_csv_field(out, e->first ? e->first : "");
		putc(',', out);
		index_csv_field(out, e->last ? e->last : "");
		putc(',', out);
		index_csv_field(out, e->leads_to);
		putc('\n', out);
	}
}

static int explore_write(const struct index_ask *a, struct explore_result *r, int replayed)
{
	kifu_position *pos;
	if (kifu_position_new(&pos, r->v) || kifu_position_set_sfen(pos, r->sfen, strlen(r->sfen), NULL) ||
	    (replayed && leads_to(r, pos))) {
		kifu_position_free(pos);
		cli_error("out of memory");
		return CLI_USAGE;
	}
	output out;
	if (output_open(&out, a->out)) {
		kifu_position_free(pos);
		return CLI_USAGE;
	}
	switch (a->format) {
	case INDEX_JSON: write_explore_json(out.f, r); break;
	case INDEX_CSV: write_explore_csv(out.f, r); break;
	case INDEX_HTML: index_html(out.f, r, pos); break;
	default: write_explore_text(out.f, r); break;
	}
	kifu_position_free(pos);
	return output_close(&out, 1);
}

/* --- explore ------------------------------------------------------------------------------ */

/* Counts the games of the position as each variant of the index reads it:
 * from the tables where they count it, else by replaying its key's
 * records.  CLI_OK or CLI_USAGE. */
static int count_all(struct explore_run *e)
{
	index_db *x = &e->k.x;
	int replay = 0;
	for (int vi = 0; vi < e->nv; vi++) {
		struct explore_result *r = &e->r[vi];
		int64_t key;
		r->v = x->variants[vi].v;
		if (!r->v || !index_find_key(e->k.f, 0, vi, &key))
			continue;
		r->sfen = index_find_sfen(e->k.f, 0, r->v);
		int rc = from_tables(e, vi, key);
		if (rc == CLI_USAGE)
			return CLI_USAGE;
		if (rc == 1) {
			e->from_tables[vi] = 1;
			index_find_drop(e->k.f, 0, vi);
			if (r->games && moves_from_tables(e, vi, key))
				return CLI_USAGE;
		} else {
			replay = 1;
		}
	}
	return replay ? each_found(&e->k, count_game, e) : CLI_OK;
}

int index_explore(const struct index_ask *a, const kifu_variant_set *set)
{
	struct explore_run e;
	memset(&e, 0, sizeof e);
	char sfen[KIFU_SFEN_MAX];
	int status = asking_open(&e.k, a, set);
	if (!status)
		status = explored_sfen(a, &e.k.x, sfen, sizeof sfen);
	if (!status)
		status = asking_find(&e.k, a, a->sfen ? "--sfen" : "--moves", sfen);
	e.nv = e.k.x.nvariants;
	if (!status && (!(e.r = calloc((size_t)e.nv + 1, sizeof *e.r)) ||
			!(e.cap = calloc((size_t)e.nv + 1, sizeof *e.cap)) ||
			!(e.from_tables = calloc((size_t)e.nv + 1, sizeof *e.from_tables)))) {
		cli_error("out of memory");
		status = CLI_USAGE;
	}
	if (!status)
		status = count_all(&e);
	/* the variant of the first game that reaches it; when none does, the
	 * first variant that reads it */
	struct explore_result *r = NULL;
	for (int vi = 0; !status && vi < e.nv; vi++)
		if (e.r[vi].games && (!r || e.r[vi].first < r->first))
			r = &e.r[vi];
	for (int vi = 0; !status && !r && vi < e.nv; vi++)
		if (e.r[vi].sfen)
			r = &e.r[vi];
	struct explore_result none;
	memset(&none, 0, sizeof none);
	if (!status && !r && a->variant) {
		none.v = a->variant;
		none.sfen = sfen;
		r = &none;
	}
	if (!status && r) {
		long kept = 0;
		for (long i = 0; i < r->nmoves; i++) {
			if (r->moves[i].games >= a->min_games) {
				r->moves[kept++] = r->moves[i];
				continue;
			}
			free(r->moves[i].first);
			free(r->moves[i].last);
			free(r->moves[i].leads_to);
		}
		r->nmoves = kept;
		if (r->nmoves)
			qsort(r->moves, (size_t)r->nmoves, sizeof *r->moves, by_games);
		status = explore_write(a, r, r == &none || !e.from_tables[r - e.r]);
	} else if (!status) {
		cli_error("%s: the index holds no record of a variant that reads the position", a->path);
		status = CLI_USAGE;
	}
	for (int vi = 0; e.r && vi < e.nv; vi++) {
		for (long i = 0; i < e.r[vi].nmoves; i++) {
			free(e.r[vi].moves[i].first);
			free(e.r[vi].moves[i].last);
			free(e.r[vi].moves[i].leads_to);
		}
		free(e.r[vi].moves);
	}
	free(e.r);
	free(e.cap);
	free(e.from_tables);
	asking_end(&e.k);
	return status;
}
