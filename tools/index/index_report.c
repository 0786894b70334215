/*
 * index_report.c - kifu-index query and explore (index_report.h): the
 * records an index finds for a position, confirmed one by one, written as
 * text, compact records, JSON or CSV (index_explore.c: explore).
 */
#include "index/index_report.h"
#include "lib/cli.h"
#include "lib/escape.h"
#include "lib/output.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* --- writing --------------------------------------------------------------------- */

/* A CSV field and text for people, as every tool writes them (escape.h):
 * no cell a spreadsheet takes for a formula, no byte that steers a
 * terminal. */
void index_csv_field(FILE *out, const char *s)
{
	escape_csv(out, s, 0);
}

static void put_shown(FILE *out, const char *s)
{
	escape_text_put(out, s, 0);
}

/* The tags of the vocabulary, in its order: the CSV's columns. */
static void csv_header(FILE *out)
{
	fputs("file,line,record,ply,variant,plies,result", out);
	for (int i = 0; i < kifu_tag_count(); i++)
		fprintf(out, ",%s", kifu_tag_at(i)->key);
	putc('\n', out);
}

/* A record found, as one line of JSON. */
static void write_found_json(FILE *out, const kifu_record *rec, const char *variant, const struct index_row *row,
			     long ply)
{
	kifu_json_writer *w;
	if (kifu_json_writer_new(&w, out, 0))
		return;
	kifu_json_object(w);
	kifu_json_key(w, "file");
	kifu_json_string(w, row->file);
	kifu_json_key(w, "line");
	kifu_json_int(w, row->line);
	kifu_json_key(w, "record");
	kifu_json_int(w, row->number);
	kifu_json_key(w, "ply");
	kifu_json_int(w, ply);
	kifu_json_key(w, "variant");
	kifu_json_string(w, variant);
	kifu_json_key(w, "plies");
	kifu_json_int(w, row->plies);
	kifu_json_key(w, "result");
	kifu_json_string(w, row->result[0] ? row->result : NULL);
	kifu_json_key(w, "tags");
	kifu_json_array(w);
	for (int i = 0; i < kifu_record_tag_count(rec); i++) {
		kifu_json_array(w);
		kifu_json_string(w, kifu_record_tag_key(rec, i));
		kifu_json_string(w, kifu_record_tag_value(rec, i));
		kifu_json_array_end(w);
	}
	kifu_json_array_end(w);
	kifu_json_object_end(w);
	kifu_json_writer_end(w);
	kifu_json_writer_free(w);
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
		write_found_json(out, rec, name, row, ply);
		break;
	case INDEX_CSV:
		index_csv_field(out, row->file);
		fprintf(out, ",%ld,%ld,%ld,", row->line, row->number, ply);
		index_csv_field(out, name);
		fprintf(out, ",%ld,%s", row->plies, row->result);
		for (int i = 0; i < kifu_tag_count(); i++) {
			const char *value = kifu_record_tag(rec, kifu_tag_at(i)->key);
			putc(',', out);
			index_csv_field(out, value ? value : "");
		}
		putc('\n', out);
		break;
	case INDEX_HTML:
		break;
	}
}

/* --- asking ----------------------------------------------------------------------- */

void asking_end(struct asking *k)
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

int asking_open(struct asking *k, const struct index_ask *a, const kifu_variant_set *set)
{
	memset(k, 0, sizeof *k);
	if (index_open(&k->x, a->path, 0, set))
		return CLI_USAGE;
	note_unknown(&k->x);
	return CLI_OK;
}

int asking_find(struct asking *k, const struct index_ask *a, const char *option, const char *sfen)
{
	char *const sfens[1] = {(char *)sfen};
	if (index_find_new(&k->f, &k->x, option, sfens, 1, a->variant, a->flags))
		return CLI_USAGE;
	if (kifu_record_new(&k->rec)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	return CLI_OK;
}

int each_found(struct asking *k, found_fn fn, void *ctx)
{
	if (index_find_candidates(k->f, &k->ids, &k->nids))
		return CLI_USAGE;
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
