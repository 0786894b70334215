/*
 * index_report.c - kifu-index query and explore (index_report.h): the
 * records an index finds for a position, confirmed one by one, written as
 * text, compact records, JSON or CSV (index_explore.c: explore).
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
void index_csv_field(FILE *out, const char *s)
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
