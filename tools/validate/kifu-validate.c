/*
 * kifu-validate - checks every record of every input against the rules.
 *
 *     kifu-validate [-v VARIANT] [--variant-file FILE] [--from NOTATION]
 *                   [--format=text|json] [--main-line] [--verbose] [-q]
 *                   [--try-variants LIST] [FILE...]
 *
 * For each invalid record: FILE:LINE:COL, the ply, the move as written and
 * the reason (on stderr, or as JSON on stdout).  For a valid record whose
 * end the rules decide (a royal lost, no legal move) or that repeats a
 * position four times, a line on stdout.  Exit 0 if every record is valid,
 * 1 if any is not, 2 on a usage or I/O error.  With --try-variants, each
 * record under each reading listed, and the readings under which it is
 * legal (try_variants.c).
 */
#include "lib/cli.h"
#include "lib/inputs.h"
#include "validate/try_variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_FORMAT = CLI_OPT_FIRST_FREE, OPT_MAIN_LINE, OPT_VERBOSE, OPT_TRY_VARIANTS };

struct validate_run {
	int json;
	int quiet;
	int verbose;          /* a line for every record, valid or not */
	int main_line;        /* --main-line: leave the variations unchecked */
	kifu_position *pos;    /* scratch, for the variant seen last */
	long records, invalid;
	struct try_variants try; /* --try-variants: the readings (try.n 0: none) */
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-v VARIANT] [--variant-file FILE] [--from NOTATION]\n"
		"       [--format=text|json] [--main-line] [--verbose] [-q]\n"
		"       [--try-variants LIST] [FILE...]\n"
		"Check every record against the rules of its variant.\n"
		"\n",
		cli_program());
	cli_common_help(f, 22);
	fprintf(f,
		"      --format=FMT      text (default): invalid records on stderr;\n"
		"                        json: one object per record on stdout\n"
		"      --main-line       check the main line only, not the variations\n"
		"      --verbose         a line for every record, valid or not\n"
		"      --try-variants L  check each record under each variant of L (names\n"
		"                        separated by commas; tenjiku* for every shipped\n"
		"                        tenjiku variant): which readings make it legal\n"

		"  -h, --help            print this help and exit\n"
		"      --version         print the version and exit\n"
		"\n"
		"Exit status: 0 all records valid (with --try-variants: each valid under\n"
		"some reading), 1 some invalid (or an input with no record), 2 usage or I/O\n"
		"error.\n");
}

static const char *side_name(int side) { return side == KIFU_SENTE ? "Sente" : "Gote"; }

static const char *const result_names[] = {NULL, "sente", "gote", "draw"};

static void json_or_null(const char *s)
{
	if (s)
		inputs_json_string(stdout, s);
	else
		fputs("null", stdout);
}

/* One object per record: the fields kifu-validate's JSON always had
 * pins (file, record, line, valid, plies, error), then what the validation
 * adds (man/kifu-validate.1). */
static void print_json(const kifu_record *rec, const kifu_variant *v, long index,
		       const kifu_validation *r)
{
	fputs("{\"file\":", stdout);
	inputs_json_string(stdout, kifu_record_file(rec));
	printf(",\"record\":%ld,\"line\":%ld,\"valid\":%s,\"plies\":%ld,\"error\":", index,
	       kifu_record_line(rec), r->valid ? "true" : "false", r->plies);
	if (r->valid) {
		fputs("null", stdout);
	} else {
		if (r->ply > 0) {
			printf("{\"ply\":%ld,\"move\":", r->ply);
			inputs_json_string(stdout, r->move);
		} else {
			fputs("{\"ply\":null,\"move\":null", stdout);
		}
		fputs(",\"reason\":", stdout);
		inputs_json_string(stdout, r->reason);
		fputs(",\"variation\":", stdout);
		char path[256];
		json_or_null(r->variation > 0 ? kifu_record_line_path(rec, r->variation, path, sizeof path) : NULL);
		fputs("}", stdout);
	}
	fputs(",\"variant\":", stdout);
	json_or_null(v ? kifu_variant_name(v) : NULL);
	fputs(",\"ending\":", stdout);
	json_or_null(kifu_record_ending(rec)[0] ? kifu_record_ending(rec) : NULL);
	fputs(",\"result\":", stdout);
	if (r->valid && r->result != KIFU_RESULT_NONE) {
		printf("{\"winner\":\"%s\",\"reason\":", result_names[r->result]);
		inputs_json_string(stdout, r->result_reason);
		printf(",\"checked\":%s}", r->ending_checked || strcmp(r->result_reason, r->ending) != 0 ?
						  "true" : "false");
	} else {
		fputs("null", stdout);
	}
	fputs(",\"foul\":", stdout);
	if (r->valid && r->foul_ply) {
		printf("{\"ply\":%ld,\"move\":", r->foul_ply);
		inputs_json_string(stdout, r->foul_move);
		fputs(",\"reason\":", stdout);
		inputs_json_string(stdout, r->foul_reason);
		fputs("}", stdout);
	} else {
		fputs("null", stdout);
	}
	printf(",\"no_moves\":%s}\n", kifu_record_total_moves(rec) == 0 ? "true" : "false");
}

/* "Sente wins (resign)", "a draw (repetition)" */
static void describe_result(const kifu_validation *r, char *buf, size_t size)
{
	if (r->result == KIFU_RESULT_DRAW)
		snprintf(buf, size, "a draw (%s)", r->result_reason);
	else
		snprintf(buf, size, "%s wins (%s)", r->result == KIFU_RESULT_SENTE ? "Sente" : "Gote",
			 r->result_reason);
}

static void print_text(const kifu_record *rec, const kifu_validation *r, int verbose)
{
	if (!r->valid) {
		inputs_report_invalid(rec, r);
		return;
	}
	char end[160] = "";
	switch (r->end) {
	case KIFU_END_ROYAL_LOST:
		snprintf(end, sizeof end, "; %s lost its last royal at ply %ld", side_name(r->loser), r->end_ply);
		break;
	case KIFU_END_NO_MOVES:
		snprintf(end, sizeof end, "; %s has no legal move after ply %ld", side_name(r->loser), r->end_ply);
		break;
	case KIFU_END_BARE_ROYAL:
		snprintf(end, sizeof end, "; %s is left with a bare royal after ply %ld", side_name(r->loser),
			 r->end_ply);
		break;
	case KIFU_END_REPETITION:
		if (r->loser >= 0)
			snprintf(end, sizeof end, "; the game ended by repetition at ply %ld: %s loses (%s)",
				 r->end_ply, side_name(r->loser), r->result_reason);
		else
			snprintf(end, sizeof end, "; the game ended by repetition at ply %ld: a draw", r->end_ply);
		break;
	case KIFU_END_LONE_ROYALS:
		snprintf(end, sizeof end, "; only the two royals are left after ply %ld: a draw", r->end_ply);
		break;
	case KIFU_END_NONE:
		break;
	}
	char rep[120] = "";
	if (r->repetition_ply && !(r->end == KIFU_END_REPETITION && r->end_ply == r->repetition_ply))
		snprintf(rep, sizeof rep, "; repetition: a position seen for the fourth time after ply %ld",
			 r->repetition_ply);
	char foul[800] = "";
	if (r->foul_ply)
		snprintf(foul, sizeof foul, "; it ends with a foul, ply %ld: %s: %s", r->foul_ply, r->foul_move,
			 r->foul_reason);
	if (end[0] || rep[0] || foul[0] || verbose) {
		char plies[40] = "no moves", result[80] = "";
		if (kifu_record_total_moves(rec))
			snprintf(plies, sizeof plies, "%ld plies", r->plies);
		if (verbose && r->result != KIFU_RESULT_NONE && !r->foul_ply) {
			char what[60];
			describe_result(r, what, sizeof what);
			snprintf(result, sizeof result, "; %s", what);
		}
		char file[4 * KIFU_DIAG_FILE_MAX];
		cli_shown(file, sizeof file, kifu_record_file(rec));
		printf("%s:%ld: valid, %s%s%s%s%s\n", file, kifu_record_line(rec), plies, end,
		       rep, foul, result);
	}
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct validate_run *run = ctx;
	kifu_validation r;
	run->records++;
	if (v && run->try.n)
		return try_variants_record(&run->try, rec, v, index, run->json, run->main_line);
	if (!v) {
		/* the record's variant is unknown: the reader said so */
		memset(&r, 0, sizeof r);
		long ply = 0, line = 0, col = 0;
		const char *msg = kifu_record_error(rec, &ply, &line, &col, NULL);
		r.line = line ? line : kifu_record_line(rec);
		r.col = col;
		snprintf(r.reason, sizeof r.reason, "%s", msg ? msg : "no variant");
	} else {
		kifu_validate_options opt = KIFU_VALIDATE_OPTIONS_INIT;
		opt.main_line_only = run->main_line;
		opt.namer = kifu_notation_square_namer(kifu_record_notation(rec));
		if (kifu_position_for(&run->pos, v) || kifu_validate(rec, run->pos, &opt, &r)) {
			cli_error("out of memory");
			return CLI_USAGE;
		}
	}
	if (!r.valid)
		run->invalid++;
	if (run->json)
		print_json(rec, v, index, &r);
	else if (!run->quiet)
		print_text(rec, &r, run->verbose);
	return r.valid ? CLI_OK : CLI_INVALID;
}

/* The JSON object of what could not be read: a record (index > 0) or a
 * whole input (index 0: "record" is null). */
static void print_json_unread(const kifu_diag *diag, long index)
{
	fputs("{\"file\":", stdout);
	inputs_json_string(stdout, diag->file);
	if (index > 0)
		printf(",\"record\":%ld", index);
	else
		fputs(",\"record\":null", stdout);
	if (diag->line > 0)
		printf(",\"line\":%ld", diag->line);
	else
		fputs(",\"line\":null", stdout);
	fputs(",\"valid\":false,\"plies\":0,\"error\":{\"ply\":null,\"move\":null,\"reason\":",
	      stdout);
	inputs_json_string(stdout, diag->message[0] ? diag->message : kifu_error_string(diag->code));
	fputs(",\"variation\":null},\"variant\":null,\"ending\":null,\"result\":null,"
	      "\"foul\":null,\"no_moves\":true}\n",
	      stdout);
}

static void on_lost(void *ctx, const kifu_diag *diag, long index)
{
	struct validate_run *run = ctx;
	run->records++;
	run->invalid++;
	if (run->json)
		print_json_unread(diag, index);
	else if (!run->quiet)
		cli_diag(diag);
}

/* An input that gave no record: in JSON, an object of its own, so that an
 * input that could not be read is not missing from the output. */
static void on_failed(void *ctx, const kifu_diag *diag, int status)
{
	struct validate_run *run = ctx;
	if (run->json) {
		print_json_unread(diag, 0);
		if (status < CLI_USAGE)
			return;
	}
	/* a file not read is said on standard error in JSON too */
	inputs_print_failure(diag, status);
}

int main(int argc, char *argv[])
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{"main-line", no_argument, NULL, OPT_MAIN_LINE},
		{"verbose", no_argument, NULL, OPT_VERBOSE},
		{"try-variants", required_argument, NULL, OPT_TRY_VARIANTS},
		{NULL, 0, NULL, 0}
	};
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	struct validate_run run;
	const char *try_list = NULL;
	int opt;

	memset(&run, 0, sizeof run);
	cli_set_program(argv[0]);
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, options, NULL)) != -1) {
		if (cli_variant_option(&choice, opt, optarg))
			continue;
		switch (opt) {
		case 'h': usage(stdout); return cli_stdout_done();
		case CLI_OPT_VERSION: return cli_version();
		case OPT_MAIN_LINE: run.main_line = 1; break;
		case OPT_VERBOSE: run.verbose = 1; break;
		case OPT_TRY_VARIANTS: try_list = optarg; break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				run.json = 1;
			else if (strcmp(optarg, "text") != 0) {
				cli_error("unknown format '%s' (text or json)", optarg);
				return cli_usage_error();
			}
			break;
		default: return cli_option_error(opt, argv);
		}
	}
	run.quiet = cli_quiet();
	if (run.quiet)
		run.json = 0;

	struct inputs_variants vars;
	if (inputs_variants_choose(&vars, &choice))
		return CLI_USAGE;
	if (try_list && try_variants_parse(&run.try, try_list, vars.owned)) {
		try_variants_free(&run.try);
		inputs_variants_free(&vars);
		return CLI_USAGE;
	}

	output out;
	if (output_open(&out, NULL))
		return CLI_USAGE;
	const struct inputs_handlers handlers = {on_record, on_lost, on_failed, &run};
	int status = inputs_each_record(argc - optind, argv + optind, &vars, &handlers);
	if (output_close(&out, 1) && status < CLI_USAGE)
		status = CLI_USAGE;
	kifu_position_free(run.pos);
	try_variants_free(&run.try);
	inputs_variants_free(&vars);
	return status;
}
