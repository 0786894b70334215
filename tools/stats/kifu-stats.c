/*
 * kifu-stats - aggregate statistics over records, as text, YAML or JSON.
 *
 *     kifu-stats [-v VARIANT] [--variant-file FILE] [--format=text|yaml|json|csv]
 *                [--by TAG[:N]|player] [--openings N] [--names=en|ja]
 *                [--where TAG~REGEX]... [--where-move [PLY[..PLY]:]REGEX]... [-o FILE] [FILE...]
 *     kifu-stats --merge [--format=...] [--names=en|ja] [-o FILE] [PART...]
 *
 * Counts, per variant (and per --by value): records (valid, invalid),
 * plies, results, endings, game ends the rules decided, the length
 * distribution, and moves, captures, promotions (and declined ones),
 * two-leg moves and drops per piece kind; with --openings, the tree of the
 * first plies with the results under each node (docs/stats.md).  The YAML and JSON outputs hold only sums, so
 * --merge adds partial outputs of shards into exactly the output over the
 * whole.  Exit 0 when the statistics were computed (invalid records are
 * counted), 2 on a usage or I/O error or a bad part.
 */
#include "lib/cli.h"
#include "lib/inputs.h"
#include "lib/progress.h"
#include "stats/stats_data.h"
#include "lib/record_filter.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_FORMAT = CLI_OPT_FIRST_FREE, OPT_WHERE, OPT_WHERE_MOVE, OPT_MERGE, OPT_BY, OPT_OPENINGS,
       OPT_NAMES };
enum format { FORMAT_TEXT, FORMAT_YAML, FORMAT_JSON, FORMAT_CSV };

struct stats_run {
	struct stats st;
	record_filter *filter;
	int filtering;      /* a --where or --where-move was given */
	int failed;         /* out of memory */
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-v VARIANT] [--variant-file FILE] [--from NOTATION]\n"
		"       [--format=text|yaml|json|csv] [--by TAG[:N]|player] [--openings N]\n"
		"       [--names=en|ja] [--where TAG~REGEX]...\n"
		"       [--where-move [PLY[..PLY]:]REGEX]... [-o FILE] [FILE...]\n"
		"   or: %s --merge [--format=text|yaml|json|csv] [--names=en|ja] [-o FILE] [PART...]\n"
		"Statistics over records, per variant.\n"
		"\n",
		cli_program(), cli_program());
	cli_common_help(f, 24);
	fprintf(f,
		"      --format=FMT        text (default): tables; yaml or json: the sums,\n"
		"                          which --merge adds up; csv: one row per group and\n"
		"                          measure (group,variant,measure,value)\n"
		"      --by TAG[:N]        a group per value of the tag (its first N\n"
		"                          characters: --by date:4, a year), per variant\n"
		"      --by player         a group per player: each record in its sente's\n"
		"                          and its gote's\n"
		"      --openings N        the tree of the first N plies (at most %d), with\n"
		"                          the results under each node\n"
		"      --names=LANG        piece names in the text and CSV: en (default) or\n"
		"                          ja (the variant's Japanese names)\n"
		"      --where TAG~REGEX   only records with a tag TAG that matches REGEX\n"
		"                          (PCRE2, UTF-8); several: all must match\n"
		"      --where-move [PLY[..PLY]:]REGEX\n"
		"                          only records with a main-line move that matches,\n"
		"                          written in the compact notation (7g7f, P*5e) whatever\n"
		"                          the input's; at a ply in the range if one is given\n"
		"      --merge             the inputs are yaml or json outputs of kifu-stats\n"
		"                          (of shards): write their sum\n"
		"  -o, --output FILE       write to FILE (through a temporary file)\n"
		"  -h, --help              print this help and exit\n"
		"      --version           print the version and exit\n"
		"\n"
		"Exit status: 0 the statistics were computed (invalid records are counted),\n"
		"2 usage or I/O error, or a part that --merge cannot add up (nothing written).\n",
		STATS_MAX_OPENINGS);
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct stats_run *run = ctx;
	(void)index;
	kifu_diag d;
	kifu_diag_clear(&d);
	int m = record_filter_match(run->filter, rec, v, &d);
	if (m < 0) {
		/* a filter that could not say: an error, not a quiet "no match" */
		inputs_record_error(rec, &d);
		run->failed = 1;
		return CLI_USAGE;
	}
	if (!m)
		return CLI_OK;
	if (stats_add_record(&run->st, rec, v)) {
		if (!run->failed)
			cli_error("out of memory");
		run->failed = 1;
		return CLI_USAGE;
	}
	return CLI_OK;
}

static void on_lost(void *ctx, const kifu_diag *diag, long index)
{
	struct stats_run *run = ctx;
	(void)index;
	cli_record_diag(diag);
	/* a record that could not be read has no tags a filter could match */
	if (run->filtering)
		return;
	if (stats_add_lost(&run->st) && !run->failed) {
		cli_error("out of memory");
		run->failed = 1;
	}
}

static int merge_parts(struct stats *st, int n, char *const parts[])
{
	static char dash[] = "-";
	static char *const stdin_only[] = {dash};
	int status = CLI_OK;
	if (n == 0) {
		n = 1;
		parts = stdin_only;
	}
	for (int i = 0; i < n; i++) {
		FILE *in = strcmp(parts[i], "-") ? fopen(parts[i], "rb") : stdin;
		if (!in) {
			cli_error("%s: cannot open: %s", parts[i], strerror(errno));
			status = CLI_USAGE;
			continue;
		}
		kifu_diag diag;
		kifu_diag_clear(&diag);
		if (stats_merge_file(st, in, parts[i], &diag)) {
			cli_diag(&diag);
			status = CLI_USAGE;
		}
		if (in != stdin)
			fclose(in);
	}
	return status;
}

static int parse_format(const char *s, enum format *out)
{
	if (!strcmp(s, "text"))
		*out = FORMAT_TEXT;
	else if (!strcmp(s, "yaml"))
		*out = FORMAT_YAML;
	else if (!strcmp(s, "json"))
		*out = FORMAT_JSON;
	else if (!strcmp(s, "csv"))
		*out = FORMAT_CSV;
	else
		return -1;
	return 0;
}

/* --openings N: 1 to STATS_MAX_OPENINGS plies.  0, or -1. */
static int parse_openings(const char *s, int *out)
{
	char *end;
	long n = strtol(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || n < 1 || n > STATS_MAX_OPENINGS)
		return -1;
	*out = (int)n;
	return 0;
}

/* A bad --where or --where-move: the option, the column, the message. */
static int filter_error(const char *option, const char *arg, const kifu_diag *d)
{
	if (d->col > 0)
		cli_error("%s '%s': column %ld: %s", option, arg, d->col, d->message);
	else
		cli_error("%s '%s': %s", option, arg, d->message);
	return cli_usage_error();
}

int main(int argc, char *argv[])
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{"where", required_argument, NULL, OPT_WHERE},
		{"where-move", required_argument, NULL, OPT_WHERE_MOVE},
		{"merge", no_argument, NULL, OPT_MERGE},
		{"by", required_argument, NULL, OPT_BY},
		{"openings", required_argument, NULL, OPT_OPENINGS},
		{"names", required_argument, NULL, OPT_NAMES},
		{"output", required_argument, NULL, 'o'},
		{NULL, 0, NULL, 0}
	};
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	enum format format = FORMAT_TEXT;
	const char *path = NULL;
	int merge = 0, nfilters = 0, shaped = 0, opt;
	struct stats_names names = {0, NULL};
	struct stats_run run;
	kifu_diag d;

	memset(&run, 0, sizeof run);
	stats_init(&run.st);
	cli_set_program(argv[0]);
	if (!(run.filter = record_filter_new())) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	int status = CLI_OK;
	while (status == CLI_OK &&
	       (opt = getopt_long(argc, argv, CLI_COMMON_SHORT "o:", options, NULL)) != -1) {
		if (cli_variant_option(&choice, opt, optarg))
			continue;
		kifu_diag_clear(&d);
		switch (opt) {
		case 'h': usage(stdout); stats_free(&run.st); record_filter_free(run.filter); return cli_stdout_done();
		case CLI_OPT_VERSION: stats_free(&run.st); record_filter_free(run.filter); return cli_version();
		case 'o': path = optarg; break;
		case OPT_MERGE: merge = 1; break;
		case OPT_FORMAT:
			if (parse_format(optarg, &format)) {
				cli_error("unknown format '%s' (text, yaml, json or csv)", optarg);
				status = cli_usage_error();
			}
			break;
		case OPT_BY:
			shaped = 1;
			if (stats_set_by(&run.st, optarg, &d))
				status = filter_error("--by", optarg, &d);
			break;
		case OPT_OPENINGS:
			shaped = 1;
			if (parse_openings(optarg, &run.st.openings)) {
				cli_error("--openings '%s': a number of plies from 1 to %d", optarg,
					  STATS_MAX_OPENINGS);
				status = cli_usage_error();
			}
			break;
		case OPT_NAMES:
			if (strcmp(optarg, "en") && strcmp(optarg, "ja")) {
				cli_error("unknown --names '%s' (en or ja)", optarg);
				status = cli_usage_error();
			}
			names.japanese = !strcmp(optarg, "ja");
			break;
		case OPT_WHERE:
			nfilters++;
			if (record_filter_add_where(run.filter, optarg, &d))
				status = filter_error("--where", optarg, &d);
			break;
		case OPT_WHERE_MOVE:
			nfilters++;
			if (record_filter_add_move(run.filter, optarg, &d))
				status = filter_error("--where-move", optarg, &d);
			break;
		default: status = cli_option_error(opt, argv); break;
		}
	}
	if (status == CLI_OK && merge && (nfilters || shaped || choice.name || choice.file)) {
		cli_error("--merge adds up outputs of kifu-stats: filter, group and choose variants "
			  "when making them");
		status = cli_usage_error();
	}
	struct inputs_variants vars = {NULL, NULL, NULL, NULL};
	if (status == CLI_OK && inputs_variants_choose(&vars, &choice))
		status = CLI_USAGE;
	if (status != CLI_OK) {
		stats_free(&run.st);
		record_filter_free(run.filter);
		return status;
	}

	if (merge) {
		status = merge_parts(&run.st, argc - optind, argv + optind);
	} else {
		progress_output_at_end(); /* the statistics are written at the end */
		run.filtering = nfilters > 0;
		const struct inputs_handlers handlers = {on_record, on_lost, NULL, &run};
		status = inputs_each_record(argc - optind, argv + optind, &vars, &handlers);
		if (status == CLI_INVALID)
			status = CLI_OK; /* a record lost to a long line: counted as invalid below */
	}

	/* An I/O error or a bad part leaves no output: a partial sum would pass for a whole one. */
	output out;
	if (status < CLI_USAGE && !run.failed && output_open(&out, path) == CLI_OK) {
		int rc = 0;
		names.variants = vars.set;
		if (format == FORMAT_JSON)
			rc = stats_write_json(out.f, &run.st);
		else if (format == FORMAT_YAML)
			rc = stats_write_yaml(out.f, &run.st);
		else if (format == FORMAT_CSV)
			stats_write_csv(out.f, &run.st, &names);
		else
			stats_write_text(out.f, &run.st, &names);
		if (output_close(&out, rc == 0) || rc)
			status = CLI_USAGE;
	} else {
		status = CLI_USAGE;
	}
	/* the statistics were computed: 0, whatever the records' validity
	 * (they count the invalid ones); 2 when they could not be */
	stats_free(&run.st);
	record_filter_free(run.filter);
	inputs_variants_free(&vars);
	return status;
}
