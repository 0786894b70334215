/*
 * kifu-variants - the variants kifu knows, and everything about one of
 * them: its board, start position, rules, and each piece with its SFEN
 * letter, movement and every Japanese name the readers take.
 *
 *     kifu-variants [--variant-file FILE] [--format=text|json] [list]
 *     kifu-variants [--variant-file FILE] [--format=text|json] show NAME
 *
 * Exit 0, or 2 for a usage error or a variant that does not exist (with
 * the close names: "did you mean dai?").
 */
#include "lib/cli.h"
#include "lib/inputs.h"
#include "lib/output.h"
#include "variants/variant_text.h"

#include <stdio.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_FORMAT = CLI_OPT_FIRST_FREE };

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [--variant-file FILE] [--format=text|json] [list]\n"
		"   or: %s [--variant-file FILE] [--format=text|json] show NAME\n"
		"List the variants, or show one: its board, start position, rules, and\n"
		"each piece with its SFEN letter, movement and Japanese names.\n"
		"\n"
		"      --variant-file F  a variant from a YAML file, listed and shown too\n"
		"      --format=FMT      text (default) or json\n"
		"  -h, --help            print this help and exit\n"
		"      --version         print the version and exit\n"
		"\n"
		"Exit status: 0 done, 2 usage error or no such variant.\n",
		cli_program(), cli_program());
}

/* "show NAME": the variant called so (its name, its Japanese or English
 * title: 大将棋, 中將棋, daishogi), or a message with the close name. */
static int show(const kifu_variant_set *set, const char *name, int json)
{
	const kifu_variant *v = kifu_variant_set_find_called(set, name);
	if (!v) {
		const char *close = kifu_variant_set_suggest(set, name);
		if (close)
			cli_error("unknown variant '%s' (did you mean %s?)", name, close);
		else
			cli_error("unknown variant '%s' (%s lists them)", name, cli_program());
		return CLI_USAGE;
	}
	if (json && variant_show_json(stdout, v) == KIFU_ENOMEM) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (!json)
		variant_show_text(stdout, v);
	return CLI_OK;
}

int main(int argc, char *argv[])
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{NULL, 0, NULL, 0}
	};
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	int json = 0, opt;

	cli_set_program(argv[0]);
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, options, NULL)) != -1) {
		if (opt != 'v' && opt != CLI_OPT_FROM && cli_variant_option(&choice, opt, optarg))
			continue;
		switch (opt) {
		case 'h': usage(stdout); return cli_stdout_done();
		case CLI_OPT_VERSION: return cli_version();
		case OPT_FORMAT: {
			static const char *const formats[] = {"text", "json"};
			if ((json = cli_choice("format", optarg, formats, 2, 2)) < 0)
				return CLI_USAGE;
			break;
		}
		case 'v':
		case CLI_OPT_FROM:
			cli_error("%s reads no records: 'show NAME' shows a variant",
				  opt == 'v' ? "-v/--variant" : "--from");
			return cli_usage_error();
		default: return cli_option_error(opt, argv);
		}
	}
	const char *command = optind < argc ? argv[optind] : "list";
	int nargs = argc - optind - (optind < argc);
	if (strcmp(command, "list") == 0 ? nargs != 0 : strcmp(command, "show") != 0 || nargs != 1) {
		if (strcmp(command, "list") && strcmp(command, "show"))
			cli_error("unknown command '%s' (list or show NAME)", command);
		else
			cli_error("%s", strcmp(command, "show") ? "list takes no argument" : "show takes one variant name");
		return cli_usage_error();
	}

	struct inputs_variants vars;
	if (inputs_variants_choose(&vars, &choice))
		return CLI_USAGE;
	int status = CLI_OK;
	output out;
	if (output_open(&out, NULL)) {
		inputs_variants_free(&vars);
		return CLI_USAGE;
	}
	if (!strcmp(command, "show"))
		status = show(vars.set, argv[optind + 1], json);
	else if (json && variant_list_json(stdout, vars.set) == KIFU_ENOMEM) {
		cli_error("out of memory");
		status = CLI_USAGE;
	} else if (!json)
		variant_list_text(stdout, vars.set);
	if (output_close(&out, status == CLI_OK) && status == CLI_OK)
		status = CLI_USAGE;
	inputs_variants_free(&vars);
	return status;
}
