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
#include "lib/output.h"
#include "lib/progress.h"
#include "stats/stats_data.h"
#include "lib/record_filter.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_FORMAT = CLI_OPT_FIRST_FREE, OPT_WHERE, OPT_WHERE_MOVE, OPT_PLAYER, OPT_MERGE, OPT_BY,
       OPT_OPENINGS, OPT_NAMES, OPT_CSV_EXACT };
enum format { FORMAT_TEXT, FORMAT_YAML, FORMAT_JSON, FORMAT_CSV };

struct stats_run {
	struct stats st;
	record_filter *filter;
	int filtering;      /* a --where, --where-move or --player was given */
	int failed;         /* out of memory, or a filter that could not say */
	int no_records;     /* an input held no record, or none in a notation kifu reads */
};

/* What the command line asks for, besides the counting's own settings
 * (--by and --openings, in run.st). */
struct stats_options {
	struct cli_variant_choice choice;
	enum format format;
	const char *path;       /* -o */
	int merge;
	int nfilters, shaped;   /* filters; --by or --openings */
	struct stats_names names;
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-v VARIANT] [--variant-file FILE] [--from NOTATION]\n"
		"       [--format=text|yaml|json|csv] [--csv-exact] [--by TAG[:N]|player]\n"
		"       [--openings N] [--names=en|ja] [--where TAG~REGEX]...\n"
		"       [--where-move [PLY[..PLY]:]REGEX]... [--player NAME]... [-o FILE] [FILE...]\n"
		"   or: %s --merge [--format=text|yaml|json|csv] [--names=en|ja] [-o FILE] [PART...]\n"
		"Statistics over records, per variant.\n"
		"\n",
		cli_program(), cli_program());
	cli_common_help(f, 24);
	fprintf(f,
		"      --format=FMT        text (default): tables; yaml or json: the sums,\n"
		"                          which --merge adds up; csv: one row per group and\n"
		"                          measure (group,variant,measure,value)\n"
		"      --csv-exact         csv: every cell as it is, for programs; by default\n"
		"                          a cell that starts with = + - @ TAB or CR gets a '\n"
		"                          first and control characters are escaped, so that\n"
		"                          a spreadsheet runs no formula a record holds\n"
		"      --by TAG[:N]        a group per value of the tag (its first N\n"
		"                          characters: --by date:4, a year), per variant\n"
		"      --by player         a group per player: each record in its sente's\n"
		"                          and its gote's\n"
		"      --openings N        the tree of the first N plies (at most %d), with\n"
		"                          the results under each node\n"
		"      --names=LANG        piece names in the text and CSV: en (default) or\n"
		"                          ja (the variant's Japanese names)\n"
		"      --where TAG~REGEX   only records with a tag TAG (or its KIF header:\n"
		"                          棋戦~竜王) that matches REGEX (PCRE2, UTF-8);\n"
		"                          several: all must match\n"
		"      --where-move [PLY[..PLY]:]REGEX\n"
		"                          only records with a main-line move that matches,\n"
		"                          written in the compact notation (7g7f, P*5e) whatever\n"
		"                          the input's, or in kanji when REGEX is (▲７六歩(77));\n"
		"                          at a ply in the range if one is given\n"
		"      --player NAME       only records with NAME as sente or gote\n"
		"      --merge             the inputs are yaml or json outputs of kifu-stats\n"
		"                          (of shards): write their sum\n"
		"  -o, --output FILE       write to FILE (kifu(7), OUTPUT)\n"
		"  -h, --help              print this help and exit\n"
		"      --version           print the version and exit\n"
		"\n"
		"Exit status: 0 the statistics were computed (invalid records are counted),\n"
		"1 they were, but an input held no record, 2 usage or I/O error, a regular\n"
		"expression that could not be matched within its bound, or a part that\n"
		"--merge cannot add up (nothing written).\n",
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

/* An input that gave no record: said as every tool says it; one that
 * could not be read stops the statistics (a partial sum would pass for a
 * whole one), one with no record in it is exit status 1. */
static void on_failed(void *ctx, const kifu_diag *diag, int status)
{
	struct stats_run *run = ctx;
	inputs_print_failure(diag, status);
	if (status == CLI_INVALID)
		run->no_records = 1;
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

/* A bad --where, --where-move, --player or --by: the option, the column,
 * the message. */
static int filter_error(const char *option, const char *arg, const kifu_diag *d)
{
	if (d->col > 0)
		cli_error("%s '%s': column %ld: %s", option, arg, d->col, d->message);
	else
		cli_error("%s '%s': %s", option, arg, d->message);
	return cli_usage_error();
}

/* One option of kifu-stats' own (not a common one, not -h or --version):
 * CLI_OK, or CLI_USAGE after saying why. */
static int stats_option(struct stats_run *run, struct stats_options *o, int opt, const char *arg,
			char *const argv[])
{
	kifu_diag d;
	kifu_diag_clear(&d);
	switch (opt) {
	case 'o': o->path = arg; return CLI_OK;
	case OPT_MERGE: o->merge = 1; return CLI_OK;
	case OPT_CSV_EXACT: o->names.csv_exact = 1; return CLI_OK;
	case OPT_FORMAT: {
		/* in enum format's order */
		static const char *const formats[] = {"text", "yaml", "json", "csv"};
		int f = cli_choice("format", arg, formats, 4, 4);
		if (f < 0)
			return CLI_USAGE;
		o->format = (enum format)f;
		return CLI_OK;
	}
	case OPT_BY:
		o->shaped = 1;
		return stats_set_by(&run->st, arg, &d) ? filter_error("--by", arg, &d) : CLI_OK;
	case OPT_OPENINGS:
		o->shaped = 1;
		if (!parse_openings(arg, &run->st.openings))
			return CLI_OK;
		cli_error("--openings '%s': a number of plies from 1 to %d", arg, STATS_MAX_OPENINGS);
		return cli_usage_error();
	case OPT_NAMES:
		if (strcmp(arg, "en") && strcmp(arg, "ja")) {
			cli_error("unknown --names '%s' (en or ja)", arg);
			return cli_usage_error();
		}
		o->names.japanese = !strcmp(arg, "ja");
		return CLI_OK;
	case OPT_WHERE:
		o->nfilters++;
		return record_filter_add_where(run->filter, "--where", arg, &d) ?
		       filter_error("--where", arg, &d) : CLI_OK;
	case OPT_WHERE_MOVE:
		o->nfilters++;
		return record_filter_add_move(run->filter, "--where-move", arg, &d) ?
		       filter_error("--where-move", arg, &d) : CLI_OK;
	case OPT_PLAYER:
		o->nfilters++;
		return record_filter_add_player(run->filter, arg, &d) ? filter_error("--player", arg, &d) :
		       CLI_OK;
	default:
		return cli_option_error(opt, argv);
	}
}

/* The command line: CLI_OK, CLI_USAGE (said), or -1 after --help and -2
 * for --version. */
static int parse_options(int argc, char *argv[], struct stats_run *run, struct stats_options *o)
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{"csv-exact", no_argument, NULL, OPT_CSV_EXACT},
		{"where", required_argument, NULL, OPT_WHERE},
		{"where-move", required_argument, NULL, OPT_WHERE_MOVE},
		{"player", required_argument, NULL, OPT_PLAYER},
		{"merge", no_argument, NULL, OPT_MERGE},
		{"by", required_argument, NULL, OPT_BY},
		{"openings", required_argument, NULL, OPT_OPENINGS},
		{"names", required_argument, NULL, OPT_NAMES},
		{"output", required_argument, NULL, 'o'},
		{NULL, 0, NULL, 0}
	};
	int opt;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "o:", options, NULL)) != -1) {
		if (cli_variant_option(&o->choice, opt, optarg))
			continue;
		if (opt == 'h') {
			usage(stdout);
			return -1;
		}
		if (opt == CLI_OPT_VERSION)
			return -2;
		if (stats_option(run, o, opt, optarg, argv))
			return CLI_USAGE;
	}
	if (o->merge && (o->nfilters || o->shaped || o->choice.name || o->choice.file)) {
		cli_error("--merge adds up outputs of kifu-stats: filter, group and choose variants "
			  "when making them");
		return cli_usage_error();
	}
	return CLI_OK;
}

/* Reads the records (or the parts, with --merge) into run->st. */
static int count(struct stats_run *run, const struct stats_options *o, struct inputs_variants *vars,
		 int n, char *const files[])
{
	if (o->merge)
		return merge_parts(&run->st, n, files);
	progress_output_at_end(); /* the statistics are written at the end */
	run->filtering = o->nfilters > 0;
	const struct inputs_handlers handlers = {on_record, on_lost, on_failed, run};
	int status = inputs_each_record(n, files, vars, &handlers);
	/* a record lost to a long line is counted as invalid (status 0); an
	 * input with no record is said, and status 1 */
	if (status == CLI_INVALID)
		status = run->no_records ? CLI_INVALID : CLI_OK;
	return status;
}

/* Writes the statistics in the format asked for.  CLI_OK or CLI_USAGE. */
static int write_stats(struct stats_run *run, struct stats_options *o, const struct inputs_variants *vars)
{
	output out;
	if (output_open(&out, o->path))
		return CLI_USAGE;
	int rc = 0;
	o->names.variants = vars->set;
	if (o->format == FORMAT_JSON)
		rc = stats_write_json(out.f, &run->st);
	else if (o->format == FORMAT_YAML)
		rc = stats_write_yaml(out.f, &run->st);
	else if (o->format == FORMAT_CSV)
		stats_write_csv(out.f, &run->st, &o->names);
	else
		stats_write_text(out.f, &run->st, &o->names);
	if (rc)
		cli_error("%s: the YAML could not be written (libyaml's emitter refused it)",
			  o->path ? o->path : "standard output");
	return output_close(&out, rc == 0) || rc ? CLI_USAGE : CLI_OK;
}

int main(int argc, char *argv[])
{
	struct stats_options o = {{NULL, NULL, NULL}, FORMAT_TEXT, NULL, 0, 0, 0, {0, NULL, 0}};
	struct stats_run run;
	struct inputs_variants vars = {NULL, NULL, NULL, NULL};

	memset(&run, 0, sizeof run);
	stats_init(&run.st);
	cli_set_program(argv[0]);
	int status = (run.filter = record_filter_new()) ? CLI_OK : CLI_USAGE;
	if (status)
		cli_error("out of memory");
	if (status == CLI_OK)
		status = parse_options(argc, argv, &run, &o);
	if (status == CLI_OK && inputs_variants_choose(&vars, &o.choice))
		status = CLI_USAGE;
	if (status == CLI_OK)
		status = count(&run, &o, &vars, argc - optind, argv + optind);
	/* an I/O error or a bad part leaves no output: a partial sum would
	 * pass for a whole one; the statistics were computed otherwise (0, or
	 * 1 for an input without records), whatever the records' validity */
	if (status >= 0 && status < CLI_USAGE && (run.failed || write_stats(&run, &o, &vars)))
		status = CLI_USAGE;
	stats_free(&run.st);
	record_filter_free(run.filter);
	inputs_variants_free(&vars);
	if (status < 0)
		return status == -1 ? cli_stdout_done() : cli_version();
	return status;
}
