/*
 * index_report.c - kifu-index query and explore (index_report.h): the
 * records an index finds for a position, confirmed one by one, written as
 * text, compact records, JSON or CSV; and the moves played from it, summed.
 */
#include "index/index_report.h"
#include "lib/cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* --- writing --------------------------------------------------------------------- */

/* A CSV field as RFC 4180 has it (quoted when it holds a comma, a quote, a
 * line end or a space at either end); one that a spreadsheet would take
 * for a formula (=, +, -, @, a tab or a CR first) is written after a '. */
static void csv_field(FILE *out, const char *s)
{
	size_t n = strlen(s);
	int formula = n && strchr("=+-@\t\r", s[0]);
	int quote = formula || strpbrk(s, ",\"\r\n") || (n && (s[0] == ' ' || s[n - 1] == ' '));
	if (!quote) {
		fputs(s, out);
		return;
	}
	putc('"', out);
	if (formula)
		putc('\'', out);
	for (; *s; s++) {
		if (*s == '"')
			putc('"', out);
		putc(*s, out);
	}
	putc('"', out);
}

static void put_shown(FILE *out, const char *s)
{
	char buf[4 * 4096 + 1];
	cli_shown(buf, sizeof buf, s);
	fputs(buf, out);
}

/* The tags of the vocabulary, in its order: the CSV's columns. */
static void csv_header(FILE *out)
{
	fputs("file,line,record,ply,variant,plies,result", out);
	for (int i = 0; i < kifu_tag_count(); i++)
		fprintf(out, ",%s", kifu_tag_at(i)->key);
	putc('\n', out);
}

static void write_found(FILE *out, enum index_format fmt, const kifu_record *rec, const kifu_variant *v,
			const struct index_row *row, long ply)
{
	const char *name = kifu_variant_name(v);
	switch (fmt) {
	case INDEX_COMPACT:
		break; /* written by the caller */
	case INDEX_TEXT:
		put_shown(out, row->file);
		fprintf(out, ":%ld: record %ld: ply %ld: %s", row->line, row->number, ply, name);
		for (int i = 0; i < kifu_record_tag_count(rec); i++) {
			putc(' ', out);
			put_shown(out, kifu_record_tag_key(rec, i));
			putc('=', out);
			put_shown(out, kifu_record_tag_value(rec, i));
		}
		putc('\n', out);
		break;
	case INDEX_JSON:
		fputs("{\"file\":", out);
		inputs_json_string(out, row->file);
		fprintf(out, ",\"line\":%ld,\"record\":%ld,\"ply\":%ld,\"variant\":", row->line, row->number, ply);
		inputs_json_string(out, name);
		fprintf(out, ",\"plies\":%ld,\"result\":", row->plies);
		if (row->result[0])
			inputs_json_string(out, row->result);
		else
			fputs("null", out);
		fputs(",\"tags\":[", out);
		for (int i = 0; i < kifu_record_tag_count(rec); i++) {
			fputs(i ? ",[" : "[", out);
			inputs_json_string(out, kifu_record_tag_key(rec, i));
			putc(',', out);
			inputs_json_string(out, kifu_record_tag_value(rec, i));
			putc(']', out);
		}
		fputs("]}\n", out);
		break;
	case INDEX_CSV:
		csv_field(out, row->file);
		fprintf(out, ",%ld,%ld,%ld,", row->line, row->number, ply);
		csv_field(out, name);
		fprintf(out, ",%ld,%s", row->plies, row->result);
		for (int i = 0; i < kifu_tag_count(); i++) {
			const char *value = kifu_record_tag(rec, kifu_tag_at(i)->key);
			putc(',', out);
			csv_field(out, value ? value : "");
		}
		putc('\n', out);
		break;
	case INDEX_HTML:
		break;
	}
}

/* --- asking ----------------------------------------------------------------------- */

/* What query and explore share: the index, the position looked for, the
 * candidates, and a record to load them into. */
struct asking {
	index_db x;
	index_find *f;
	kifu_record *rec;
	const int64_t *ids;
	long nids;
	output out;
	int out_open;
};

static void asking_end(struct asking *k)
{
	index_find_free(k->f);
	kifu_record_free(k->rec);
	index_close(&k->x);
}

/* Says which variants of the index this run cannot read (their records are
 * not looked at). */
static void note_unknown(const index_db *x)
{
	for (int i = 0; i < x->nvariants; i++)
		if (!x->variants[i].v)
			cli_note("%s: the records of variant '%s' are not searched: its --variant-file is not given",
				 x->path, x->variants[i].name);
}

/* Opens the index (CLI_OK or CLI_USAGE); then asking_find looks sfen up. */
static int asking_open(struct asking *k, const struct index_ask *a, const kifu_variant_set *set)
{
	memset(k, 0, sizeof *k);
	if (index_open(&k->x, a->path, 0, set))
		return CLI_USAGE;
	note_unknown(&k->x);
	return CLI_OK;
}

static int asking_find(struct asking *k, const struct index_ask *a, const char *option, const char *sfen)
{
	char *const sfens[1] = {(char *)sfen};
	if (index_find_new(&k->f, &k->x, option, sfens, 1, a->variant, a->flags) ||
	    index_find_candidates(k->f, &k->ids, &k->nids))
		return CLI_USAGE;
	if (kifu_record_new(&k->rec)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* What is done with each record that reaches the position: CLI_OK, or
 * CLI_USAGE (said) to stop. */
typedef int (*found_fn)(void *ctx, const kifu_record *rec, const kifu_variant *v,
			const struct index_row *row, long ply);

/* Loads each candidate and confirms it by replaying it; fn for those that
 * reach the position, with the first ply that does.  CLI_OK or CLI_USAGE. */
static int each_found(struct asking *k, found_fn fn, void *ctx)
{
	for (long i = 0; i < k->nids; i++) {
		const kifu_variant *v;
		struct index_row row;
		long ply = 0;
		int rc = index_load(&k->x, k->ids[i], k->rec, &v, &row);
		if (rc != 1) {
			if (rc)
				return CLI_USAGE;
			continue;
		}
		if (!v)
			continue;
		rc = index_find_confirm(k->f, 0, k->rec, v, &ply);
		if (rc < 0) {
			cli_error("out of memory");
			return CLI_USAGE;
		}
		if (rc == 1 && fn(ctx, k->rec, v, &row, ply))
			return CLI_USAGE;
	}
	return CLI_OK;
}

struct query_run {
	const struct index_ask *a;
	FILE *out;
	long found;
};

static int query_found(void *ctx, const kifu_record *rec, const kifu_variant *v,
		       const struct index_row *row, long ply)
{
	struct query_run *q = ctx;
	q->found++;
	if (q->a->count)
		return CLI_OK;
	if (q->a->format != INDEX_COMPACT) {
		write_found(q->out, q->a->format, rec, v, row, ply);
		return CLI_OK;
	}
	kifu_diag d;
	kifu_diag_clear(&d);
	if (kifu_compact_write(q->out, rec, v, &d)) {
		cli_diag(&d);
		return CLI_USAGE;
	}
	return CLI_OK;
}

int index_query(const struct index_ask *a, const kifu_variant_set *set)
{
	struct asking k;
	int status = asking_open(&k, a, set);
	if (!status)
		status = asking_find(&k, a, "--position", a->sfen);
	output out;
	if (status || output_open(&out, a->out)) {
		asking_end(&k);
		return CLI_USAGE;
	}
	if (a->format == INDEX_CSV && !a->count)
		csv_header(out.f);
	struct query_run q = {a, out.f, 0};
	status = each_found(&k, query_found, &q);
	if (a->count)
		fprintf(out.f, "%ld\n", q.found);
	if (output_close(&out, status == CLI_OK) && status == CLI_OK)
		status = CLI_USAGE;
	asking_end(&k);
	if (status == CLI_OK && !q.found)
		status = CLI_INVALID;
	return status;
}

/* --- explore ----------------------------------------------------------------------- */

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

static int same_move(const kifu_move *x, const kifu_move *y)
{
	return inputs_same_move(x, y);
}

/* The row of move m (made when new), or NULL when out of memory. */
static struct explore_move *move_row(struct explore_result *r, long *cap, const kifu_move *m)
{
	for (long i = 0; i < r->nmoves; i++)
		if (same_move(&r->moves[i].move, m))
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

static void dates(struct explore_move *e, const char *date)
{
	if (!date[0])
		return;
	if (!e->first[0] || strcmp(date, e->first) < 0)
		snprintf(e->first, sizeof e->first, "%s", date);
	if (!e->last[0] || strcmp(date, e->last) > 0)
		snprintf(e->last, sizeof e->last, "%s", date);
}

/* The games counted, and the moves they played. */
struct explore_run {
	struct explore_result r;
	long cap;
	const index_find *f;
};

/* One game that reaches the position at ply: its next move counted (the
 * records of the first variant that reaches it only). */
static int count_game(void *ctx, const kifu_record *rec, const kifu_variant *v,
		      const struct index_row *row, long ply)
{
	struct explore_run *e = ctx;
	struct explore_result *r = &e->r;
	if (r->v && v != r->v)
		return CLI_OK;
	if (!r->v) {
		r->v = v;
		r->sfen = index_find_sfen(e->f, 0, v);
	}
	r->games++;
	count_result(row->result, &r->sente, &r->gote, &r->draw);
	kifu_record_move m;
	if (ply >= kifu_record_move_count(rec) || kifu_record_get_move(rec, ply, &m)) {
		r->ended++;
		return CLI_OK;
	}
	struct explore_move *mv = move_row(r, &e->cap, &m.move);
	if (!mv) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	mv->games++;
	count_result(row->result, &mv->sente, &mv->gote, &mv->draw);
	mv->plies += row->plies;
	dates(mv, row->date);
	return CLI_OK;
}

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
		char first[64], last[64];
		cli_shown(first, sizeof first, e->first[0] ? e->first : "-");
		cli_shown(last, sizeof last, e->last[0] ? e->last : "-");
		fprintf(out, "%-12s %-12s %s\n", first, last, e->leads_to);
	}
}

static void json_date(FILE *out, const char *d)
{
	if (d[0])
		inputs_json_string(out, d);
	else
		fputs("null", out);
}

static void write_explore_json(FILE *out, const struct explore_result *r)
{
	fputs("{\"position\":", out);
	inputs_json_string(out, r->sfen);
	fputs(",\"variant\":", out);
	inputs_json_string(out, kifu_variant_name(r->v));
	fprintf(out, ",\"games\":%ld,\"sente\":%ld,\"gote\":%ld,\"draw\":%ld,\"ended\":%ld,\"moves\":[",
		r->games, r->sente, r->gote, r->draw, r->ended);
	for (long i = 0; i < r->nmoves; i++) {
		const struct explore_move *e = &r->moves[i];
		fprintf(out, "%s{\"move\":", i ? "," : "");
		inputs_json_string(out, e->text);
		fprintf(out,
			",\"games\":%ld,\"sente\":%ld,\"gote\":%ld,\"draw\":%ld,\"sente_rate\":%.4f,"
			"\"gote_rate\":%.4f,\"draw_rate\":%.4f,\"average_plies\":%.2f,\"first_date\":",
			e->games, e->sente, e->gote, e->draw, rate(e->sente, e->sente, e->gote, e->draw),
			rate(e->gote, e->sente, e->gote, e->draw), rate(e->draw, e->sente, e->gote, e->draw),
			(double)e->plies / (double)e->games);
		json_date(out, e->first);
		fputs(",\"last_date\":", out);
		json_date(out, e->last);
		fputs(",\"position\":", out);
		inputs_json_string(out, e->leads_to);
		putc('}', out);
	}
	fputs("]}\n", out);
}

static void write_explore_csv(FILE *out, const struct explore_result *r)
{
	fputs("move,games,sente,gote,draw,sente_rate,gote_rate,draw_rate,average_plies,first_date,"
	      "last_date,position\n",
	      out);
	for (long i = 0; i < r->nmoves; i++) {
		const struct explore_move *e = &r->moves[i];
		csv_field(out, e->text);
		fprintf(out, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.2f,", e->games, e->sente, e->gote, e->draw,
			rate(e->sente, e->sente, e->gote, e->draw), rate(e->gote, e->sente, e->gote, e->draw),
			rate(e->draw, e->sente, e->gote, e->draw), (double)e->plies / (double)e->games);
		csv_field(out, e->first);
		putc(',', out);
		csv_field(out, e->last);
		putc(',', out);
		csv_field(out, e->leads_to);
		putc('\n', out);
	}
}

/* The SFEN after each move, from the position explored. */
static int leads_to(struct explore_result *r, kifu_position *pos)
{
	kifu_position *after;
	if (kifu_position_new(&after, r->v))
		return KIFU_ENOMEM;
	for (long i = 0; i < r->nmoves; i++) {
		char buf[4096];
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

static int explore_write(const struct index_ask *a, struct explore_result *r)
{
	kifu_position *pos;
	if (kifu_position_new(&pos, r->v) || kifu_position_set_sfen(pos, r->sfen, strlen(r->sfen), NULL) ||
	    leads_to(r, pos)) {
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

int index_explore(const struct index_ask *a, const kifu_variant_set *set)
{
	struct asking k;
	char sfen[4096];
	int status = asking_open(&k, a, set);
	if (!status)
		status = explored_sfen(a, &k.x, sfen, sizeof sfen);
	if (!status)
		status = asking_find(&k, a, a->sfen ? "--sfen" : "--moves", sfen);
	struct explore_run e;
	memset(&e, 0, sizeof e);
	e.f = k.f;
	if (!status)
		status = each_found(&k, count_game, &e);
	struct explore_result *r = &e.r;
	if (status == CLI_OK && !r->v) {
		/* no game reaches it: the position as the first variant reads it */
		for (int i = 0; !r->v && i < k.x.nvariants; i++)
			if ((r->sfen = index_find_sfen(k.f, 0, k.x.variants[i].v)))
				r->v = k.x.variants[i].v;
		if (!r->v && a->variant) {
			r->v = a->variant;
			r->sfen = sfen;
		}
	}
	if (status == CLI_OK && r->v) {
		long kept = 0;
		for (long i = 0; i < r->nmoves; i++)
			if (r->moves[i].games >= a->min_games)
				r->moves[kept++] = r->moves[i];
		r->nmoves = kept;
		if (r->nmoves)
			qsort(r->moves, (size_t)r->nmoves, sizeof *r->moves, by_games);
		status = explore_write(a, r);
	} else if (status == CLI_OK) {
		cli_error("%s: the index holds no record of a variant that reads the position", a->path);
		status = CLI_USAGE;
	}
	for (long i = 0; i < r->nmoves; i++)
		free(r->moves[i].leads_to);
	free(r->moves);
	asking_end(&k);
	return status;
}
