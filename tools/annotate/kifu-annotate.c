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

int main(int argc, char *argv[])
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
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	struct annotate_options opt;
	memset(&opt, 0, sizeof opt);
	opt.engine.protocol = ENGINE_USI;
	opt.engine.limit_kind = LIMIT_DEPTH;
	opt.engine.limit = 8;
	opt.engine.multipv = 1;
	opt.engine.timeout = 60;
	opt.form = FORM_SHOGIHOME;
	opt.from_ply = 1;
	opt.sigmoid = 600;
	const double defaults[NCLASSES] = {5, 10, 20, 50};
	memcpy(opt.thresholds, defaults, sizeof defaults);
	opt.write = (kifu_write_options)KIFU_WRITE_OPTIONS_INIT;
	const char *names[MAX_ENGINE_OPTIONS], *values[MAX_ENGINE_OPTIONS];
	char *option_copies[MAX_ENGINE_OPTIONS];
	int noptions = 0, limits = 0;
	long jobs = 1, v;
	const char *path = NULL, *log_path = NULL;
	int opt_c;

	cli_set_program(argv[0]);
	while ((opt_c = getopt_long(argc, argv, CLI_COMMON_SHORT "o:j:", options, NULL)) != -1) {
		if (cli_variant_option(&choice, opt_c, optarg))
			continue;
		switch (opt_c) {
		case 'h': usage(stdout); return cli_stdout_done();
		case CLI_OPT_VERSION: return cli_version();
		case 'o': path = optarg; break;
		case 'j':
			if (positive("-j", optarg, &jobs))
				return CLI_USAGE;
			if (jobs > BATCH_MAX_JOBS) {
				cli_error("-j %ld: at most %d", jobs, BATCH_MAX_JOBS);
				return cli_usage_error();
			}
			break;
		case OPT_ENGINE: opt.engine.cmd = optarg; break;
		case OPT_PROTOCOL:
			if (!strcmp(optarg, "usi"))
				opt.engine.protocol = ENGINE_USI;
			else if (!strcmp(optarg, "xboard") || !strcmp(optarg, "cecp"))
				opt.engine.protocol = ENGINE_XBOARD;
			else {
				cli_error("unknown protocol '%s' (usi or xboard)", optarg);
				return cli_usage_error();
			}
			break;
		case OPT_DEPTH:
		case OPT_NODES:
		case OPT_MOVETIME:
			if (positive(opt_c == OPT_DEPTH ? "--depth" : opt_c == OPT_NODES ? "--nodes" : "--movetime",
				     optarg, &opt.engine.limit))
				return CLI_USAGE;
			opt.engine.limit_kind = opt_c == OPT_DEPTH ? LIMIT_DEPTH : opt_c == OPT_NODES ? LIMIT_NODES
											   : LIMIT_MOVETIME;
			limits++;
			break;
		case OPT_MULTIPV:
			if (positive("--multipv", optarg, &v))
				return CLI_USAGE;
			if (v > ENGINE_MAX_LINES) {
				cli_error("--multipv %ld: at most %d", v, ENGINE_MAX_LINES);
				return cli_usage_error();
			}
			opt.engine.multipv = (int)v;
			break;
		case OPT_FROM_PLY:
			if (positive("--from-ply", optarg, &opt.from_ply))
				return CLI_USAGE;
			break;
		case OPT_TO_PLY:
			if (positive("--to-ply", optarg, &opt.to_ply))
				return CLI_USAGE;
			break;
		case OPT_VARIATIONS: opt.variations = 1; break;
		case OPT_ENGINE_OPTION: {
			const char *eq = strchr(optarg, '=');
			if (!eq || eq == optarg || strchr(optarg, '\n') || strchr(optarg, '\r')) {
				cli_error("--engine-option needs NAME=VALUE, not '%s'", optarg);
				return cli_usage_error();
			}
			if (noptions == MAX_ENGINE_OPTIONS) {
				cli_error("at most %d --engine-option", MAX_ENGINE_OPTIONS);
				return cli_usage_error();
			}
			char *copy = strdup(optarg);
			if (!copy) {
				cli_error("out of memory");
				return CLI_USAGE;
			}
			copy[eq - optarg] = 0;
			option_copies[noptions] = copy;
			names[noptions] = copy;
			values[noptions] = copy + (eq - optarg) + 1;
			noptions++;
			break;
		}
		case OPT_COMMENTS:
			if (!strcmp(optarg, "shogihome"))
				opt.form = FORM_SHOGIHOME;
			else if (!strcmp(optarg, "shogigui"))
				opt.form = FORM_SHOGIGUI;
			else {
				cli_error("unknown comment form '%s' (shogihome or shogigui)", optarg);
				return cli_usage_error();
			}
			break;
		case OPT_THRESHOLDS:
			if (thresholds(optarg, opt.thresholds))
				return CLI_USAGE;
			break;
		case OPT_SIGMOID: {
			char *end;
			opt.sigmoid = strtod(optarg, &end);
			if (end == optarg || *end || opt.sigmoid <= 0) {
				cli_error("--sigmoid needs a positive number, not '%s'", optarg);
				return cli_usage_error();
			}
			break;
		}
		case OPT_TIMEOUT: {
			char *end;
			opt.engine.timeout = strtod(optarg, &end);
			if (end == optarg || *end || opt.engine.timeout <= 0) {
				cli_error("--timeout needs a positive number of seconds, not '%s'", optarg);
				return cli_usage_error();
			}
			break;
		}
		case OPT_ENGINE_LOG: log_path = optarg; break;
		case OPT_TO: opt.to = optarg; break;
		case OPT_ENCODING:
			if (!strcmp(optarg, "sjis") || !strcmp(optarg, "shift_jis") || !strcmp(optarg, "cp932"))
				opt.write.encoding = KIFU_ENCODING_SJIS;
			else if (strcmp(optarg, "utf-8") != 0 && strcmp(optarg, "utf8") != 0) {
				cli_error("unknown encoding '%s' (utf-8 or sjis)", optarg);
				return cli_usage_error();
			}
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				opt.json = 1;
			else if (strcmp(optarg, "records") != 0) {
				cli_error("unknown format '%s' (records or json)", optarg);
				return cli_usage_error();
			}
			break;
		default: return cli_option_error(opt_c, argv);
		}
	}
	if (!opt.engine.cmd) {
		cli_error("no engine given (--engine CMD)");
		return cli_usage_error();
	}
	if (limits > 1) {
		cli_error("one limit: --depth, --nodes or --movetime");
		return cli_usage_error();
	}
	if (opt.engine.protocol == ENGINE_XBOARD && opt.engine.limit_kind == LIMIT_NODES) {
		cli_error("--nodes: the XBoard protocol has no node limit (--depth or --movetime)");
		return cli_usage_error();
	}
	if (opt.engine.protocol == ENGINE_XBOARD && opt.engine.multipv > 1) {
		cli_error("--multipv: the XBoard protocol gives one line");
		return cli_usage_error();
	}
	if (opt.to_ply && opt.to_ply < opt.from_ply) {
		cli_error("--to-ply %ld is before --from-ply %ld", opt.to_ply, opt.from_ply);
		return cli_usage_error();
	}
	if (opt.to && cli_notation_check(opt.to, 1))
		return cli_usage_error();
	if (output_names_dir(path)) {
		cli_error("%s: -o names one file: kifu-annotate writes the records one after another", path);
		return cli_usage_error();
	}
	opt.engine.noptions = noptions;
	opt.engine.option_names = names;
	opt.engine.option_values = values;
	int log_fd = open(log_path ? log_path : "/dev/null", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (log_fd < 0) {
		cli_error("%s: cannot open", log_path ? log_path : "/dev/null");
		return CLI_USAGE;
	}
	opt.engine.log_fd = log_fd;

	struct inputs_variants vars;
	if (inputs_variants_choose(&vars, &choice)) {
		close(log_fd);
		return CLI_USAGE;
	}
	int status = batch_run(&opt, (int)jobs, argc - optind, argv + optind, &vars, path);
	inputs_variants_free(&vars);
	close(log_fd);
	for (int i = 0; i < noptions; i++)
		free(option_copies[i]);
	return status;
}
