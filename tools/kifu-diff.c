/*
 * kifu-diff - where two records first differ.
 *
 *     kifu-diff [-v VARIANT] [--variant-file FILE] [--format=text|json] [-q] A B
 *
 * Reads A and B side by side (any notations) and compares record 1 with
 * record 1, record 2 with record 2, and so on: the headers (variant, tags,
 * the comment and bookmark before the first move), the moves as parsed (not
 * as written, so a KIF record and its compact conversion are the same), the
 * ending, and, at the first ply whose moves differ, whether the positions
 * after that ply are the same.  Exit 0 if every pair is the same, 1 if any
 * differs (a record count mismatch too), 2 on a usage or I/O error.
 */
#include "cli.h"
#include "diff_records.h"
#include "inputs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_FORMAT = CLI_OPT_FIRST_FREE };

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-v VARIANT] [--variant-file FILE] [--from NOTATION]\n"
		"       [--format=text|json] [-q] A B\n"
		"Compare the records of A and B, record by record.\n"
		"\n",
		cli_program());
	cli_common_help(f, 22);
	fprintf(f,
		"      --format=FMT      text (default): one line per difference;\n"
		"                        json: one object per record pair\n"

		"  -h, --help            print this help and exit\n"
		"      --version         print the version and exit\n"
		"\n"
		"A or B may be '-' for standard input (not both).\n"
		"Exit status: 0 same, 1 different, 2 usage or I/O error.\n");
}

/* One side of the comparison: a file read record by record. */
struct side {
	const char *path;
	FILE *in;
	kifu_reader *reader;
	kifu_stream *stream;
	kifu_record *rec;
	kifu_position *pos;
	int done;
};

static int side_open(struct side *s, const char *path, struct inputs_variants *vars)
{
	s->path = path;
	if (!strcmp(path, "-")) {
		s->in = stdin;
	} else if (!(s->in = fopen(path, "rb"))) {
		cli_error("%s: cannot open: %s", path, strerror(errno));
		return CLI_USAGE;
	}
	if (inputs_stream_open(s->in, path, vars, &s->reader, &s->stream))
		return CLI_USAGE;
	if (kifu_record_new(&s->rec)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	return CLI_OK;
}

static void side_close(struct side *s)
{
	inputs_stream_close(s->reader, s->stream);
	kifu_record_free(s->rec);
	kifu_position_free(s->pos);
	if (s->in && s->in != stdin)
		fclose(s->in);
}

/* Reads the side's next record.  Returns 1 (a record, *v set, possibly
 * NULL), 0 at the end, 2 for a record lost to an over-long line (reported),
 * -CLI_INVALID for an input in no notation (reported), or -CLI_USAGE for an
 * I/O error (reported). */
static int side_next(struct side *s, const kifu_variant **v)
{
	kifu_diag diag;
	if (s->done)
		return 0;
	kifu_diag_clear(&diag);
	int rc = kifu_stream_next(s->stream, s->rec, v, &diag);
	if (rc == 1)
		return 1;
	if (rc == 0) {
		s->done = 1;
		return 0;
	}
	if (rc == KIFU_ELIMIT || rc == KIFU_EFORMAT) {
		cli_record_diag(&diag);
		if (rc == KIFU_ELIMIT)
			return 2;
		s->done = 1;
		return -CLI_INVALID;
	}
	cli_diag(&diag);
	s->done = 1;
	return -CLI_USAGE;
}

/* A position for the side's variant, made when the variant changes. */
static kifu_position *side_position(struct side *s, const kifu_variant *v)
{
	return kifu_position_for(&s->pos, v) ? NULL : s->pos;
}

/* Says on stderr why a record could not be read; returns 1 if it could not. */
static int report_read_error(const kifu_record *rec, const kifu_variant *v)
{
	long ply = 0, line = kifu_record_line(rec), col = 0;
	const char *move = NULL;
	const char *err = kifu_record_error(rec, &ply, &line, &col, &move);
	if (!err && v)
		return 0;
	kifu_diag d;
	if (err && ply > 0)
		kifu_diag_set(&d, KIFU_ESYNTAX, kifu_record_file(rec), line, col, "ply %ld: %s: %s",
			      ply, move ? move : "", err);
	else
		kifu_diag_set(&d, KIFU_ESYNTAX, kifu_record_file(rec), line, col, "%s",
			      err ? err : "unknown variant");
	cli_record_diag(&d);
	return 1;
}

int main(int argc, char *argv[])
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{NULL, 0, NULL, 0}
	};
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	int json = 0, quiet = 0, opt;

	cli_set_program(argv[0]);
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, options, NULL)) != -1) {
		if (cli_variant_option(&choice, opt, optarg))
			continue;
		switch (opt) {
		case 'h': usage(stdout); return cli_stdout_done();
		case CLI_OPT_VERSION: return cli_version();
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				json = 1;
			else if (strcmp(optarg, "text") != 0) {
				cli_error("unknown format '%s' (text or json)", optarg);
				return cli_usage_error();
			}
			break;
		default: return cli_option_error(opt, argv);
		}
	}
	quiet = cli_quiet();
	if (argc - optind != 2) {
		cli_error("give two files to compare (A B)");
		return cli_usage_error();
	}
	if (!strcmp(argv[optind], "-") && !strcmp(argv[optind + 1], "-")) {
		cli_error("only one of A and B can be standard input");
		return cli_usage_error();
	}

	struct inputs_variants vars;
	if (inputs_variants_choose(&vars, &choice))
		return CLI_USAGE;

	struct side a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	int status = side_open(&a, argv[optind], &vars);
	if (status == CLI_OK)
		status = side_open(&b, argv[optind + 1], &vars);

	output out;
	int opened = 0;
	if (status == CLI_OK) {
		if (output_open(&out, NULL))
			status = CLI_USAGE;
		else
			opened = 1;
	}
	for (long index = 1; status < CLI_USAGE; index++) {
		const kifu_variant *va = NULL, *vb = NULL;
		int ra = side_next(&a, &va), rb = side_next(&b, &vb);
		if (ra == -CLI_USAGE || rb == -CLI_USAGE) {
			status = CLI_USAGE;
			break;
		}
		/* an input in no notation: said, and it has no (more) records */
		if (ra == -CLI_INVALID || rb == -CLI_INVALID) {
			status = CLI_INVALID;
			ra = ra < 0 ? 0 : ra;
			rb = rb < 0 ? 0 : rb;
		}
		if (ra == 0 && rb == 0)
			break;
		struct diff_result r;
		struct diff_side da = {a.path, ra == 1 ? a.rec : NULL, va, NULL, 0};
		struct diff_side db = {b.path, rb == 1 ? b.rec : NULL, vb, NULL, 0};
		if (da.rec)
			da.broken = report_read_error(da.rec, va);
		if (db.rec)
			db.broken = report_read_error(db.rec, vb);
		if (da.rec && va && !(da.pos = side_position(&a, va))) {
			cli_error("out of memory");
			status = CLI_USAGE;
			break;
		}
		if (db.rec && vb && !(db.pos = side_position(&b, vb))) {
			cli_error("out of memory");
			status = CLI_USAGE;
			break;
		}
		if (diff_records(&r, &da, &db, ra == 0, rb == 0)) {
			cli_error("out of memory");
			status = CLI_USAGE;
			break;
		}
		if (json)
			diff_print_json(stdout, &r, index);
		else if (!quiet)
			diff_print_text(stdout, &r, index);
		diff_result_free(&r);
		if (!r.same && status < CLI_INVALID)
			status = CLI_INVALID;
	}
	if (opened && output_close(&out, 1) && status < CLI_USAGE)
		status = CLI_USAGE;
	side_close(&a);
	side_close(&b);
	inputs_variants_free(&vars);
	return status;
}
