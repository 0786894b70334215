/*
 * kifu-index - a position index of records, and the opening explorer over
 * it (man/kifu-index.1, docs/index.md).
 *
 *     kifu-index build -o INDEX [--boards] [--cache MIB] [--explorer-games N] [FILE...]
 *     kifu-index add INDEX [FILE...]
 *     kifu-index merge -o INDEX PART...
 *     kifu-index query INDEX --position SFEN [--board-only] [--mirror]
 *                [-v VARIANT] [--format=text|compact|json|csv] [--count]
 *     kifu-index explore INDEX [--sfen SFEN | --moves MOVES] [-v VARIANT]
 *                [--min-games N] [--format=text|json|csv|html]
 *     kifu-index dump INDEX
 *
 * Exit 0 done (query: some record found), 1 query found none, 2 usage or
 * I/O error, a damaged or foreign index.
 */
#include "index/index_build.h"
#include "index/index_report.h"
#include "lib/cli.h"
#include "lib/output.h"

#include <stdlib.h>
#include <string.h>

enum {
	OPT_BOARDS = CLI_OPT_FIRST_FREE, OPT_CACHE, OPT_EXPLORER_GAMES, OPT_POSITION, OPT_SFEN, OPT_MOVES, OPT_BOARD_ONLY,
	OPT_MIRROR, OPT_FORMAT, OPT_COUNT, OPT_MIN_GAMES
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s build -o INDEX [--boards] [--cache MIB] [--explorer-games N]\n"
		"             [FILE...]\n"
		"       %s add INDEX [FILE...]\n"
		"       %s merge -o INDEX PART...\n"
		"       %s query INDEX --position SFEN [--board-only] [--mirror] [--count]\n"
		"       %s explore INDEX [--sfen SFEN | --moves MOVES] [--min-games N]\n"
		"       %s dump INDEX\n"
		"A position index of records (SQLite), and the opening explorer over it.\n"
		"\n"
		"Commands:\n"
		"  build     index the records of the files (valid ones: the others are\n"
		"            reported as kifu-validate reports them, and left out)\n"
		"  add       add the records of the files to an index\n"
		"  merge     join indexes built separately: the index one build over their\n"
		"            inputs, in that order, would have made\n"
		"  query     the records whose main line reaches the position: where each\n"
		"            is, the first ply it reaches it, its tags\n"
		"  explore   the moves played from the position (--sfen, after --moves from\n"
		"            the start, or the start), with their games and results\n"
		"  dump      the index as text (docs/index.md)\n"
		"\n"
		"Options:\n"
		"  -o, --output PATH       build, merge: the index; query, explore: the output\n"
		"      --boards            build: index boards alone too (fast --board-only)\n"
		"      --cache MIB         build, add: the positions kept in memory before they\n"
		"                          are sorted to a temporary file (default %d)\n"
		"      --explorer-games N  build: count the moves of the positions N games\n"
		"                          reach, for explore (default %d)\n"
		"      --position SFEN     query: the position\n"
		"      --board-only        compare the board only, not side to move or hands\n"
		"      --mirror            the left-right mirror of the position matches too\n"
		"      --sfen SFEN         explore: the position\n"
		"      --moves MOVES       explore: the position after these moves (\"7g7f 3c3d\")\n"
		"      --min-games N       explore: only moves played in N games or more\n"
		"      --count             query: write only the number of records\n"
		"      --format=FORMAT     query: text, compact, json, csv; explore: text,\n"
		"                          json, csv, html\n",
		cli_program(), cli_program(), cli_program(), cli_program(), cli_program(), cli_program(),
		INDEX_CACHE_MB, INDEX_EXPLORER_GAMES);
	cli_common_help(f, 24);
	fprintf(f,
		"                          (query, explore: -v reads the SFEN as that variant)\n"
		"  -h, --help              print this help and exit\n"
		"      --version           print the version and exit\n"
		"\n"
		"Exit status: 0 done (query: some record found), 1 query found none, 2 an error\n"
		"(usage, I/O, an index that is damaged or not a kifu index).\n");
}

struct options {
	struct cli_variant_choice choice;
	struct index_build_options build;
	struct index_ask ask;
	const char *format;
};

static int parse_format(struct options *o, const char *cmd)
{
	static const struct {
		const char *name;
		enum index_format format;
		int query, explore;
	} formats[] = {
		{"text", INDEX_TEXT, 1, 1}, {"compact", INDEX_COMPACT, 1, 0}, {"json", INDEX_JSON, 1, 1},
		{"csv", INDEX_CSV, 1, 1},   {"html", INDEX_HTML, 0, 1},
	};
	if (!o->format)
		return CLI_OK;
	int query = !strcmp(cmd, "query");
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (!strcmp(o->format, formats[i].name) && (query ? formats[i].query : formats[i].explore)) {
			o->ask.format = formats[i].format;
			return CLI_OK;
		}
	cli_error("%s: unknown --format '%s' (%s)", cmd, o->format,
		  query ? "text, compact, json or csv" : "text, json, csv or html");
	return cli_usage_error();
}

static int parse_number(const char *option, const char *arg, long min, long *out)
{
	char *end;
	long n = strtol(arg, &end, 10);
	if (!*arg || *end || n < min || n > 1L << 30) {
		cli_error("%s '%s': expected a number from %ld", option, arg, min);
		return cli_usage_error();
	}
	*out = n;
	return CLI_OK;
}

static int parse_options(int argc, char *argv[], struct options *o)
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"output", required_argument, NULL, 'o'},
		{"boards", no_argument, NULL, OPT_BOARDS},
		{"cache", required_argument, NULL, OPT_CACHE},
		{"explorer-games", required_argument, NULL, OPT_EXPLORER_GAMES},
		{"position", required_argument, NULL, OPT_POSITION},
		{"sfen", required_argument, NULL, OPT_SFEN},
		{"moves", required_argument, NULL, OPT_MOVES},
		{"board-only", no_argument, NULL, OPT_BOARD_ONLY},
		{"mirror", no_argument, NULL, OPT_MIRROR},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"count", no_argument, NULL, OPT_COUNT},
		{"min-games", required_argument, NULL, OPT_MIN_GAMES},
		{NULL, 0, NULL, 0}
	};
	int opt;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "o:", options, NULL)) != -1) {
		if (cli_variant_option(&o->choice, opt, optarg))
			continue;
		switch (opt) {
		case 'h': usage(stdout); return -1;
		case CLI_OPT_VERSION: return -2;
		case 'o': o->build.path = o->ask.out = optarg; break;
		case OPT_BOARDS: o->build.boards = 1; break;
		case OPT_CACHE:
			if (parse_number("--cache", optarg, 1, &o->build.cache_mb))
				return CLI_USAGE;
			break;
		case OPT_EXPLORER_GAMES:
			if (parse_number("--explorer-games", optarg, 1, &o->build.explorer_games))
				return CLI_USAGE;
			if (o->build.explorer_games > INDEX_EXPLORER_GAMES_MAX) {
				cli_error("--explorer-games '%s': at most %d", optarg, INDEX_EXPLORER_GAMES_MAX);
				return cli_usage_error();
			}
			break;
		case OPT_POSITION: o->ask.sfen = optarg; break;
		case OPT_SFEN: o->ask.sfen = optarg; break;
		case OPT_MOVES: o->ask.moves = optarg; break;
		case OPT_BOARD_ONLY: o->ask.flags |= INDEX_BOARD_ONLY; break;
		case OPT_MIRROR: o->ask.flags |= INDEX_MIRROR; break;
		case OPT_FORMAT: o->format = optarg; break;
		case OPT_COUNT: o->ask.count = 1; break;
		case OPT_MIN_GAMES:
			if (parse_number("--min-games", optarg, 0, &o->ask.min_games))
				return CLI_USAGE;
			break;
		default: return cli_option_error(opt, argv);
		}
	}
	return CLI_OK;
}

/* The command's one INDEX argument before its files (add, query,
 * explore, dump). */
static int take_index(const char *cmd, int *argc, char ***argv, const char **path)
{
	if (*argc < 1) {
		cli_error("%s: which index? (%s %s INDEX ...)", cmd, cli_program(), cmd);
		return cli_usage_error();
	}
	*path = (*argv)[0];
	(*argc)--;
	(*argv)++;
	return CLI_OK;
}

static int run(const char *cmd, struct options *o, int argc, char **argv, struct inputs_variants *vars)
{
	if (!strcmp(cmd, "build") || !strcmp(cmd, "merge")) {
		if (!o->build.path) {
			cli_error("%s: -o INDEX names the index to make", cmd);
			return cli_usage_error();
		}
		if (!strcmp(cmd, "merge")) {
			if (argc < 1) {
				cli_error("merge: no parts to merge");
				return cli_usage_error();
			}
			return index_merge(o->build.path, argc, argv, vars->set);
		}
		o->build.nfiles = argc;
		o->build.files = argv;
		return index_build(&o->build, vars);
	}
	const char *path = NULL;
	if (take_index(cmd, &argc, &argv, &path))
		return CLI_USAGE;
	if (!strcmp(cmd, "add")) {
		o->build.path = path;
		o->build.nfiles = argc;
		o->build.files = argv;
		return index_add(&o->build, vars);
	}
	if (argc > 0) {
		cli_error("%s: one index, then options ('%s' is one too many)", cmd, argv[0]);
		return cli_usage_error();
	}
	o->ask.path = path;
	if (!strcmp(cmd, "dump")) {
		output out;
		if (output_open(&out, o->ask.out))
			return CLI_USAGE;
		int status = index_dump(path, out.f, vars->set);
		return output_close(&out, status == CLI_OK) ? CLI_USAGE : status;
	}
	if (o->choice.name)
		o->ask.variant = vars->fallback;
	if (!strcmp(cmd, "query")) {
		if (!o->ask.sfen) {
			cli_error("query: --position SFEN says which position");
			return cli_usage_error();
		}
		return index_query(&o->ask, vars->set);
	}
	if (o->ask.sfen && o->ask.moves) {
		cli_error("explore: --sfen or --moves, not both");
		return cli_usage_error();
	}
	return index_explore(&o->ask, vars->set);
}

int main(int argc, char *argv[])
{
	static const char *const commands[] = {"build", "add", "merge", "query", "explore", "dump"};
	cli_set_program(argv[0]);
	if (argc < 2 || argv[1][0] == '-') {
		if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
			usage(stdout);
			return cli_stdout_done();
		}
		if (argc >= 2 && !strcmp(argv[1], "--version"))
			return cli_version();
		cli_error("a command first: build, add, merge, query, explore or dump");
		return cli_usage_error();
	}
	const char *cmd = argv[1];
	int known = 0;
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		known |= !strcmp(cmd, commands[i]);
	if (!known) {
		cli_error("unknown command '%s' (build, add, merge, query, explore or dump)", cmd);
		return cli_usage_error();
	}
	struct options o;
	memset(&o, 0, sizeof o);
	o.build.cache_mb = INDEX_CACHE_MB;
	o.build.explorer_games = INDEX_EXPLORER_GAMES;
	o.ask.min_games = 1;
	int status = parse_options(argc - 1, argv + 1, &o);
	if (status < 0)
		return status == -1 ? cli_stdout_done() : cli_version();
	if (status || parse_format(&o, cmd))
		return CLI_USAGE;
	struct inputs_variants vars = {NULL, NULL, NULL, NULL};
	if (inputs_variants_choose(&vars, &o.choice))
		return CLI_USAGE;
	status = run(cmd, &o, argc - 1 - optind, argv + 1 + optind, &vars);
	inputs_variants_free(&vars);
	return status;
}
