/*
 * kifu-annotate - engine analysis of records, every engine move refereed
 * by the rules (docs/annotate.md, kifu-annotate(1)).
 *
 *     kifu-annotate --engine CMD [--protocol usi|xboard] [--depth N | --nodes N |
 *         --movetime MS] [--multipv K] [-j N] [--from-ply A] [--to-ply B]
 *         [--variations] [--engine-option NAME=VALUE] [--comments FORM]
 *         [--to NOTATION] [--format=json] [-o PATH] [FILE...]
 *
 * The records are read in order and handed to N workers (batch.c), each
 * with an engine of its own; what they make is written in the order of the
 * records, each record once it is complete.
 */
#include "annotate/annotate.h"
#include "annotate/batch.h"
#include "lib/cli.h"
#include "lib/inputs.h"
#include "lib/output.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
	OPT_ENGINE = CLI_OPT_FIRST_FREE, OPT_PROTOCOL, OPT_DEPTH, OPT_NODES, OPT_MOVETIME, OPT_MULTIPV,
	OPT_FROM_PLY, OPT_TO_PLY, OPT_VARIATIONS, OPT_ENGINE_OPTION, OPT_TO, OPT_FORMAT, OPT_COMMENTS,
	OPT_TIMEOUT, OPT_ENGINE_LOG, OPT_THRESHOLDS, OPT_SIGMOID, OPT_ENCODING
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s --engine CMD [--protocol usi|xboard] [--depth N | --nodes N | --movetime MS]\n"
		"       [--multipv K] [-j N] [--from-ply A] [--to-ply B] [--variations]\n"
		"       [--engine-option NAME=VALUE]... [--comments shogihome|shogigui]\n"
		"       [--to NOTATION] [--format=json] [-o PATH] [FILE...]\n"
		"Analyse records with an engine, every engine move checked by the rules, and\n"
		"write them back with the analysis as comments.\n"
		"\n"
		"      --engine CMD          the engine's command (run by /bin/sh; looked up in\n"
		"                            PATH and /usr/games)\n"
		"      --protocol P          usi (default) or xboard\n"
		"      --depth N             search each position N plies (default 8)\n"
		"      --nodes N             search each position N nodes (USI)\n"
		"      --movetime MS         search each position MS milliseconds\n"
		"      --multipv K           K lines per position (USI's MultiPV; default 1)\n"
		"  -j, --jobs N              N engines on N records at once (default 1)\n"
		"      --from-ply A          judge the moves from ply A on (default 1)\n"
		"      --to-ply B            ... up to ply B (default: the last)\n"
		"      --variations          analyse every variation too, not the main line alone\n"
		"      --engine-option N=V   set the engine's option N to V (repeatable)\n"
		"      --comments FORM       shogihome (default: #評価値= lines) or shogigui\n"
		"                            (**解析 lines)\n"
		"      --thresholds A,B,C,D  win-rate points lost for 緩手, 疑問手, 悪手, 大悪手\n"
		"                            (default 5,10,20,50, as ShogiHome)\n"
		"      --sigmoid S           the win rate of a score x: 100/(1+exp(-x/S)) (600)\n"
		"      --timeout SECONDS     an answer may take this long (beyond --movetime)\n"
		"                            before the engine is taken to hang (default 60)\n"
		"      --engine-log FILE     the engines' standard error (default: /dev/null)\n"
		"      --to NOTATION         write records in NOTATION (%s);\n"
		"                            default: each record's own notation\n"
		"      --encoding=ENC        for kif and ki2: utf-8 (default) or sjis\n"
		"      --format=json         the judgement, one JSON object per record, instead\n"
		"                            of the records\n"
		"  -o, --output PATH         write to the file PATH (through a temporary file)\n",
		cli_program(), cli_notations(1));
	cli_common_help(f, 24);
	fprintf(f,
		"  -h, --help                print this help and exit\n"
		"      --version             print the version and exit\n"
		"\n"
		"Exit status: 0 every position analysed, 1 some record invalid or some position\n"
		"not analysed (the engine failed or proposed an illegal move), 2 usage or I/O error,\n"
		"130 interrupted (the records complete by then are written, in order).\n");
}

static int positive(const char *opt, const char *arg, long *out)
{
	char *end;
	long v = strtol(arg, &end, 10);
	if (end == arg || *end || v < 1) {
		cli_error("%s needs a positive whole number, not '%s'", opt, arg);
		return cli_usage_error();
	}
	*out = v;
	return 0;
}

static int thresholds(const char *arg, double out[NCLASSES])
{
	char *end;
	const char *p = arg;
	for (int i = 0; i < NCLASSES; i++) {
		out[i] = strtod(p, &end);
		if (end == p || out[i] <= 0 || out[i] > 100 || (i && out[i] <= out[i - 1]) ||
		    (i < NCLASSES - 1 ? *end != ',' : *end != 0)) {
			cli_error("--thresholds needs four rising numbers of points, 0 to 100 (5,10,20,50), not '%s'", arg);
			return cli_usage_error();
		}
		p = end + 1;
	}
	return 0;
}

#define MAX_ENGINE_OPTIONS 64

/* What the command line says, besides the options of the analysis. */
struct annotate_args {
	struct annotate_options opt;
	struct cli_variant_choice choice;
	const char *names[MAX_ENGINE_OPTIONS], *values[MAX_ENGINE_OPTIONS];
	char *option_copies[MAX_ENGINE_OPTIONS]; /* NAME=VALUE, cut at the '=' */
	int noptions, limits;
	long jobs;
	const char *path, *log_path;
};

static void args_init(struct annotate_args *a)
{
	memset(a, 0, sizeof *a);
	struct annotate_options *opt = &a->opt;
	opt->engine.protocol = ENGINE_USI;
	opt->engine.limit_kind = LIMIT_DEPTH;
	opt->engine.limit = 8;
	opt->engine.multipv = 1;
	opt->engine.timeout = 60;
	opt->form = FORM_SHOGIHOME;
	opt->from_ply = 1;
	opt->sigmoid = 600;
	const double defaults[NCLASSES] = {5, 10, 20, 50}; /* ShogiHome's */
	memcpy(opt->thresholds, defaults, sizeof defaults);
	opt->write = (kifu_write_options)KIFU_WRITE_OPTIONS_INIT;
	a->jobs = 1;
}

static void args_free(struct annotate_args *a)
{
	for (int i = 0; i < a->noptions; i++)
		free(a->option_copies[i]);
	a->noptions = 0;
}

static int positive_number(const char *opt, const char *arg, const char *what, double *out)
{
	char *end;
	double v = strtod(arg, &end);
	if (end == arg || *end || !(v > 0)) {
		cli_error("%s needs a positive number%s, not '%s'", opt, what, arg);
		return cli_usage_error();
	}
	*out = v;
	return 0;
}

static int engine_option(struct annotate_args *a, const char *arg)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg || strchr(arg, '\n') || strchr(arg, '\r')) {
		cli_error("--engine-option needs NAME=VALUE, not '%s'", arg);
		return cli_usage_error();
	}
	if (a->noptions == MAX_ENGINE_OPTIONS) {
		cli_error("at most %d --engine-option", MAX_ENGINE_OPTIONS);
		return cli_usage_error();
	}
	char *copy = strdup(arg);
	if (!copy) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	copy[eq - arg] = 0;
	a->option_copies[a->noptions] = copy;
	a->names[a->noptions] = copy;
	a->values[a->noptions] = copy + (eq - arg) + 1;
	a->noptions++;
	return 0;
}

/* One option of the analysis (c, getopt's), into a.  0 or an exit status. */
static int parse_option(struct annotate_args *a, int c, const char *arg, char *argv[])
{
	struct annotate_options *opt = &a->opt;
	long v;
	switch (c) {
	case 'o': a->path = arg; return 0;
	case 'j':
		if (positive("-j", arg, &a->jobs))
			return CLI_USAGE;
		if (a->jobs > BATCH_MAX_JOBS) {
			cli_error("-j %ld: at most %d", a->jobs, BATCH_MAX_JOBS);
			return cli_usage_error();
		}
		return 0;
	case OPT_ENGINE: opt->engine.cmd = arg; return 0;
	case OPT_PROTOCOL: {
		static const char *const names[] = {"usi", "xboard", "cecp"};
		static const enum engine_protocol protocols[] = {ENGINE_USI, ENGINE_XBOARD, ENGINE_XBOARD};
		int p = cli_choice("protocol", arg, names, 3, 2);
		if (p < 0)
			return CLI_USAGE;
		opt->engine.protocol = protocols[p];
		return 0;
	}
	case OPT_DEPTH:
	case OPT_NODES:
	case OPT_MOVETIME:
		if (positive(c == OPT_DEPTH ? "--depth" : c == OPT_NODES ? "--nodes" : "--movetime", arg,
			     &opt->engine.limit))
			return CLI_USAGE;
		opt->engine.limit_kind = c == OPT_DEPTH ? LIMIT_DEPTH : c == OPT_NODES ? LIMIT_NODES : LIMIT_MOVETIME;
		a->limits++;
		return 0;
	case OPT_MULTIPV:
		if (positive("--multipv", arg, &v))
			return CLI_USAGE;
		if (v > ENGINE_MAX_LINES) {
			cli_error("--multipv %ld: at most %d", v, ENGINE_MAX_LINES);
			return cli_usage_error();
		}
		opt->engine.multipv = (int)v;
		return 0;
	case OPT_FROM_PLY: return positive("--from-ply", arg, &opt->from_ply) ? CLI_USAGE : 0;
	case OPT_TO_PLY: return positive("--to-ply", arg, &opt->to_ply) ? CLI_USAGE : 0;
	case OPT_VARIATIONS: opt->variations = 1; return 0;
	case OPT_ENGINE_OPTION: return engine_option(a, arg);
	case OPT_COMMENTS: {
		static const char *const names[] = {"shogihome", "shogigui"};
		static const int forms[] = {FORM_SHOGIHOME, FORM_SHOGIGUI};
		int f = cli_choice("comment form", arg, names, 2, 2);
		if (f < 0)
			return CLI_USAGE;
		opt->form = forms[f];
		return 0;
	}
	case OPT_THRESHOLDS: return thresholds(arg, opt->thresholds) ? CLI_USAGE : 0;
	case OPT_SIGMOID: return positive_number("--sigmoid", arg, "", &opt->sigmoid) ? CLI_USAGE : 0;
	case OPT_TIMEOUT:
		return positive_number("--timeout", arg, " of seconds", &opt->engine.timeout) ? CLI_USAGE : 0;
	case OPT_ENGINE_LOG: a->log_path = arg; return 0;
	case OPT_TO: opt->to = arg; return 0;
	case OPT_ENCODING: {
		int e;
		if (cli_encoding(arg, &e))
			return CLI_USAGE;
		opt->write.encoding = (enum kifu_encoding)e;
		return 0;
	}
	case OPT_FORMAT: {
		static const char *const names[] = {"records", "json"};
		return (opt->json = cli_choice("format", arg, names, 2, 2)) < 0 ? CLI_USAGE : 0;
	}
	default: return cli_option_error(c, argv);
	}
}

/* The options against each other.  0 or an exit status. */
static int check_args(const struct annotate_args *a)
{
	const struct annotate_options *opt = &a->opt;
	const char *wrong = NULL;
	if (!opt->engine.cmd)
		wrong = "no engine given (--engine CMD)";
	else if (a->limits > 1)
		wrong = "one limit: --depth, --nodes or --movetime";
	else if (opt->engine.protocol == ENGINE_XBOARD && opt->engine.limit_kind == LIMIT_NODES)
		wrong = "--nodes: the XBoard protocol has no node limit (--depth or --movetime)";
	else if (opt->engine.protocol == ENGINE_XBOARD && opt->engine.multipv > 1)
		wrong = "--multipv: the XBoard protocol gives one line";
	if (wrong) {
		cli_error("%s", wrong);
		return cli_usage_error();
	}
	if (opt->to_ply && opt->to_ply < opt->from_ply) {
		cli_error("--to-ply %ld is before --from-ply %ld", opt->to_ply, opt->from_ply);
		return cli_usage_error();
	}
	if (opt->to && cli_notation_check(opt->to, 1))
		return cli_usage_error();
	if (output_names_dir(a->path)) {
		cli_error("%s: -o names one file: kifu-annotate writes the records one after another", a->path);
		return cli_usage_error();
	}
	return 0;
}

/* The command line into a: 0, -1 after --help or --version (their status
 * in *done), or an exit status. */
static int parse_args(struct annotate_args *a, int argc, char *argv[], int *done)
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"engine", required_argument, NULL, OPT_ENGINE},
		{"protocol", required_argument, NULL, OPT_PROTOCOL},
		{"depth", required_argument, NULL, OPT_DEPTH},
		{"nodes", required_argument, NULL, OPT_NODES},
		{"movetime", required_argument, NULL, OPT_MOVETIME},
		{"multipv", required_argument, NULL, OPT_MULTIPV},
		{"jobs", required_argument, NULL, 'j'},
		{"from-ply", required_argument, NULL, OPT_FROM_PLY},
		{"to-ply", required_argument, NULL, OPT_TO_PLY},
		{"variations", no_argument, NULL, OPT_VARIATIONS},
		{"engine-option", required_argument, NULL, OPT_ENGINE_OPTION},
		{"comments", required_argument, NULL, OPT_COMMENTS},
		{"thresholds", required_argument, NULL, OPT_THRESHOLDS},
		{"sigmoid", required_argument, NULL, OPT_SIGMOID},
		{"timeout", required_argument, NULL, OPT_TIMEOUT},
		{"engine-log", required_argument, NULL, OPT_ENGINE_LOG},
		{"to", required_argument, NULL, OPT_TO},
		{"encoding", required_argument, NULL, OPT_ENCODING},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"output", required_argument, NULL, 'o'},
		{NULL, 0, NULL, 0}
	};
	int c;
	while ((c = getopt_long(argc, argv, CLI_COMMON_SHORT "o:j:", options, NULL)) != -1) {
		if (cli_variant_option(&a->choice, c, optarg))
			continue;
		if (c == 'h') {
			usage(stdout);
			*done = cli_stdout_done();
			return -1;
		}
		if (c == CLI_OPT_VERSION) {
			*done = cli_version();
			return -1;
		}
		int rc = parse_option(a, c, optarg, argv);
		if (rc)
			return rc;
	}
	a->opt.engine.noptions = a->noptions;
	a->opt.engine.option_names = a->names;
	a->opt.engine.option_values = a->values;
	return check_args(a);
}

int main(int argc, char *argv[])
{
	static struct annotate_args a; /* static: 1.5 KiB of engine options */
	args_init(&a);
	cli_set_program(argv[0]);
	int done = 0, status = parse_args(&a, argc, argv, &done);
	if (status) {
		args_free(&a);
		return status < 0 ? done : status;
	}
	const char *log = a.log_path ? a.log_path : "/dev/null";
	int log_fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	struct inputs_variants vars;
	if (log_fd < 0)
		cli_error("%s: cannot open", log);
	if (log_fd < 0 || inputs_variants_choose(&vars, &a.choice)) {
		status = CLI_USAGE;
	} else {
		a.opt.engine.log_fd = log_fd;
		status = batch_run(&a.opt, (int)a.jobs, argc - optind, argv + optind, &vars, a.path);
		inputs_variants_free(&vars);
	}
	if (log_fd >= 0)
		close(log_fd);
	args_free(&a);
	return status;
}
