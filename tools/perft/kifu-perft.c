/*
 * kifu-perft - counts the leaves of the legal-move tree to a depth (perft),
 * the usual check of a move generator against published counts.
 *
 *     kifu-perft -v VARIANT [--variant-file FILE] [--sfen SFEN] [--divide] DEPTH
 *
 * A pass counts once per piece that can pass (kifu-perft(1)); a move that takes
 * a side's last royal ends the game, so nothing below it is counted.  Both
 * rules live in kifu_perft and kifu_generate_legal, not here.
 */
#include "lib/cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

/* Far beyond any depth that finishes: a guard against typing 1000. */
#define MAX_DEPTH 64

struct perft_args {
	struct cli_variant_choice variant;
	const char *sfen; /* NULL: the variant's start position */
	int divide;
	int depth;
};

enum { OPT_SFEN = CLI_OPT_FIRST_FREE, OPT_DIVIDE };

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s -v VARIANT [--variant-file FILE] [--sfen SFEN] [--divide]\n"
		"       DEPTH\n"
		"Count the positions DEPTH moves ahead (perft).\n"
		"\n"
		"  -v, --variant NAME    a shipped variant (kifu-variants lists them: dai,\n"
		"                        chu, tenjiku, shogi, ...)\n"
		"      --variant-file F  a variant from a YAML file\n"
		"      --sfen SFEN       start from SFEN ('_' may stand for a space)\n"
		"      --divide          print each root move with its count, then the total\n"
		"  -h, --help            print this help and exit\n"
		"      --version         print the version and exit\n",
		cli_program());
}

/* DEPTH: decimal digits only, 0..MAX_DEPTH. */
static int parse_depth(const char *s, int *out)
{
	char *end;
	long n;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtol(s, &end, 10);
	if (errno || *end || n > MAX_DEPTH)
		return -1;
	*out = (int)n;
	return 0;
}

/* Returns -1 to go on, or the status to exit with. */
static int parse_args(int argc, char **argv, struct perft_args *a)
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"sfen", required_argument, NULL, OPT_SFEN},
		{"divide", no_argument, NULL, OPT_DIVIDE},
		{NULL, 0, NULL, 0}
	};
	int opt;

	memset(a, 0, sizeof *a);
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, options,
				  NULL)) != -1) {
		if (cli_variant_option(&a->variant, opt, optarg))
			continue;
		switch (opt) {
		case 'h':
			usage(stdout);
			return cli_stdout_done();
		case CLI_OPT_VERSION:
			return cli_version();
		case OPT_SFEN:
			a->sfen = optarg;
			break;
		case OPT_DIVIDE:
			a->divide = 1;
			break;
		default:
			return cli_option_error(opt, argv);
		}
	}
	if (a->variant.from) {
		cli_error("--from: kifu-perft reads no records");
		return cli_usage_error();
	}
	if (optind != argc - 1) {
		cli_error("%s", optind < argc ? "one DEPTH only" : "no DEPTH given");
		return cli_usage_error();
	}
	if (parse_depth(argv[optind], &a->depth) < 0) {
		cli_error("DEPTH must be a number from 0 to %d: '%s'",
			  MAX_DEPTH, argv[optind]);
		return cli_usage_error();
	}
	return -1;
}

/* Sets pos from --sfen; an error names the column within the SFEN. */
static int set_sfen(kifu_position *pos, const char *sfen)
{
	kifu_diag diag;
	size_t len = strlen(sfen);
	char *text = malloc(len + 1);
	size_t i;
	int rc;

	if (!text) {
		cli_error("%s", kifu_error_string(KIFU_ENOMEM));
		return CLI_USAGE;
	}
	for (i = 0; i <= len; i++)
		text[i] = sfen[i] == '_' ? ' ' : sfen[i];
	kifu_diag_clear(&diag);
	rc = kifu_position_set_sfen(pos, text, len, &diag);
	free(text);
	if (rc < 0) {
		snprintf(diag.file, sizeof diag.file, "--sfen");
		diag.line = diag.col > 0 ? 1 : 0;
		cli_diag(&diag);
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* The compact notation (formats/compact.md): from [mid [mid2]] to [+], or
 * P*5e (kifu_compact_format_move: a run names four squares). */
static void move_name(const kifu_variant *v, const kifu_move *m, char *buf, size_t size)
{
	if (kifu_compact_format_move(v, m, buf, size) < 0 && size)
		buf[0] = '\0';
}

/* A library error of the count (out of memory: the move lists grow as
 * the positions need): said, and CLI_USAGE. */
static int perft_failed(int rc)
{
	cli_error("%s", kifu_error_string(rc));
	return CLI_USAGE;
}

/* Prints each root move with the count below it; *total gets the sum. */
static int divide(kifu_position *pos, int depth, uint64_t *total)
{
	const kifu_variant *v = kifu_position_variant(pos);
	char name[32];

	*total = depth == 0 ? 1 : 0;
	if (depth == 0)
		return CLI_OK;
	kifu_moves moves = KIFU_MOVES_INIT, *list = &moves; /* every move, however many */
	int rc = kifu_generate_legal_all(pos, list);
	for (int i = 0; i < list->count && !rc; i++) {
		uint64_t count;
		kifu_undo undo;
		kifu_make_move(pos, &list->moves[i], &undo);
		rc = kifu_perft(pos, depth - 1, &count);
		kifu_unmake_move(pos, &undo);
		if (rc)
			break;
		move_name(v, &list->moves[i], name, sizeof name);
		printf("%s %" PRIu64 "\n", name, count);
		*total += count;
	}
	kifu_moves_free(list);
	return rc ? perft_failed(rc) : CLI_OK;
}

static int run(const struct perft_args *a, const kifu_variant *v)
{
	kifu_position *pos = NULL;
	uint64_t total;
	int rc;

	rc = kifu_position_new(&pos, v);
	if (rc < 0) {
		cli_error("%s", kifu_error_string(rc));
		return CLI_USAGE;
	}
	rc = a->sfen ? set_sfen(pos, a->sfen) : CLI_OK;
	if (rc == CLI_OK && a->divide) {
		rc = divide(pos, a->depth, &total);
		if (rc == CLI_OK)
			printf("\n%" PRIu64 "\n", total);
	} else if (rc == CLI_OK) {
		int lrc = kifu_perft(pos, a->depth, &total);
		if (lrc)
			rc = perft_failed(lrc);
		else
			printf("%" PRIu64 "\n", total);
	}
	kifu_position_free(pos);
	return rc;
}

int main(int argc, char **argv)
{
	struct perft_args args;
	const kifu_variant *variant;
	kifu_variant *owned;
	int rc;

	cli_set_program(argv[0]);
	rc = parse_args(argc, argv, &args);
	if (rc >= 0)
		return rc;
	rc = cli_variant_load(&args.variant, &variant, &owned);
	if (rc == CLI_OK)
		rc = run(&args, variant);
	kifu_variant_free(owned);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("standard output: write error");
		rc = CLI_USAGE;
	}
	return rc;
}
