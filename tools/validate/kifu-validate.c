/*
 * kifu-validate - checks every record of every input against the rules.
 *
 *     kifu-validate [-v VARIANT] [--variant-file FILE] [--from NOTATION]
 *                   [--format=text|json] [--main-line] [--verbose] [-q]
 *                   [--try-variants LIST] [FILE...]
 *
 * For each invalid record: FILE:LINE:COL, the ply, the move as written and
 * the reason (on stderr, or as JSON on stdout).  Nothing for a valid record
 * unless --verbose: then a line on stdout with how the game ended.  Exit 0
 * if every record is valid, 1 if any is not, 2 on a usage or I/O error.
 * With --try-variants, each record under each reading listed, and the
 * readings under which it is legal (try_variants.c).
 */
#include "lib/cli.h"
#include "lib/escape.h"
#include "lib/inputs.h"
#include "lib/output.h"
#include "validate/try_variants.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_FORMAT = CLI_OPT_FIRST_FREE, OPT_MAIN_LINE, OPT_VERBOSE, OPT_TRY_VARIANTS };

struct validate_run {
	kifu_json_writer *w;  /* --format=json: stdout's */
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
		"      --verbose         a line for every valid record too, with how it ended\n"
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

static const char *const result_names[] = {NULL, "sente", "gote", "draw"};

/* The foul a valid record ends with (the outcome's reason is foul): its
 * last move, checked, or one the ending declares, not in the moves; NULL
 * if none. */
static const kifu_fault *foul_of(const kifu_validation *r)
{
	const kifu_fault *f = &r->fault;
	if (!r->valid || r->outcome.reason != KIFU_REASON_FOUL)
		return NULL;
	return f->code == KIFU_FAULT_ILLEGAL || f->code == KIFU_FAULT_DECLARED ? f : NULL;
}

static void print_json_foul(kifu_json_writer *w, const kifu_fault *f)
{
	if (!f) {
		kifu_json_null(w);
		return;
	}
	int checked = f->code != KIFU_FAULT_DECLARED;
	kifu_json_object(w);
	kifu_json_key(w, "declared");
	kifu_json_bool(w, 1);
	kifu_json_key(w, "checked");
	kifu_json_bool(w, checked);
	kifu_json_key(w, "side");
	kifu_json_string(w, f->side == KIFU_SENTE ? "sente" : "gote");
	kifu_json_key(w, "ply");
	if (checked)
		kifu_json_int(w, f->ply);
	else
		kifu_json_null(w);
	kifu_json_key(w, "move");
	kifu_json_string(w, checked ? f->move : NULL);
	kifu_json_key(w, "reason");
	kifu_json_string(w, checked ? f->reason : NULL);
	kifu_json_object_end(w);
}

/* The error of an invalid record: its fault. */
static void print_json_error(kifu_json_writer *w, const kifu_record *rec, const kifu_fault *f)
{
	char path[256];
	kifu_json_object(w);
	validate_json_fault(w, f);
	kifu_json_key(w, "variation");
	kifu_json_string(w, f->variation > 0 ? kifu_record_variation_path(rec, f->variation, path, sizeof path) : NULL);
	kifu_json_object_end(w);
}

/* One object per record: the fields kifu-validate's JSON always had
 * pins (file, record, line, valid, plies, error), then what the validation
 * adds (man/kifu-validate.1). */
static void print_json(kifu_json_writer *w, const kifu_record *rec, const kifu_variant *v, long index,
		       const kifu_validation *r)
{
	const kifu_game_outcome *o = &r->outcome;
	kifu_json_object(w);
	kifu_json_key(w, "file");
	kifu_json_string(w, kifu_record_file(rec));
	kifu_json_key(w, "record");
	kifu_json_int(w, index);
	kifu_json_key(w, "line");
	kifu_json_int(w, kifu_record_line(rec));
	kifu_json_key(w, "valid");
	kifu_json_bool(w, r->valid);
	kifu_json_key(w, "plies");
	kifu_json_int(w, r->plies);
	kifu_json_key(w, "error");
	if (r->valid)
		kifu_json_null(w);
	else
		print_json_error(w, rec, &r->fault);
	kifu_json_key(w, "variant");
	kifu_json_string(w, v ? kifu_variant_name(v) : NULL);
	kifu_json_key(w, "ending");
	kifu_json_string(w, kifu_record_ending(rec)[0] ? kifu_record_ending(rec) : NULL);
	kifu_json_key(w, "result");
	if (r->valid && o->winner != KIFU_RESULT_NONE) {
		kifu_json_object(w);
		kifu_json_key(w, "winner");
		kifu_json_string(w, result_names[o->winner]);
		kifu_json_key(w, "reason");
		kifu_json_string(w, kifu_reason_name(o->reason));
		kifu_json_key(w, "checked");
		kifu_json_bool(w, o->end == KIFU_END_RULES || o->end == KIFU_END_CHECKED);
		kifu_json_object_end(w);
	} else {
		kifu_json_null(w);
	}
	kifu_json_key(w, "foul");
	print_json_foul(w, foul_of(r));
	kifu_json_key(w, "no_moves");
	kifu_json_bool(w, kifu_record_total_moves(rec) == 0);
	kifu_json_object_end(w);
	kifu_json_writer_end(w);
}

/* How the rules ended the game: "; Gote lost its last royal at ply 31";
 * "" when they did not. */
static void describe_end(const kifu_game_outcome *o, char *buf, size_t size)
{
	buf[0] = 0;
	if (o->end != KIFU_END_RULES)
		return;
	switch (o->reason) {
	case KIFU_REASON_ROYAL_CAPTURED:
		snprintf(buf, size, "; %s lost its last royal at ply %ld", cli_side_name(o->loser), o->ply);
		break;
	case KIFU_REASON_MATE:
	case KIFU_REASON_NO_LEGAL_MOVE:
		snprintf(buf, size, "; %s has no legal move after ply %ld", cli_side_name(o->loser), o->ply);
		break;
	case KIFU_REASON_BARE_ROYAL:
		snprintf(buf, size, "; %s is left with a bare royal after ply %ld", cli_side_name(o->loser), o->ply);
		break;
	case KIFU_REASON_REPETITION:
	case KIFU_REASON_PERPETUAL_CHECK:
	case KIFU_REASON_PERPETUAL_ATTACK:
		if (o->loser >= 0)
			snprintf(buf, size, "; the game ended by repetition at ply %ld: %s loses (%s)", o->ply,
				 cli_side_name(o->loser), kifu_reason_name(o->reason));
		else
			snprintf(buf, size, "; the game ended by repetition at ply %ld: a draw", o->ply);
		break;
	case KIFU_REASON_LONE_ROYALS:
		snprintf(buf, size, "; only the two royals are left after ply %ld: a draw", o->ply);
		break;
	default:
		break;
	}
}

/* The foul it ends with: "; it ends with a foul, ply 13: 2h2c: why", or one
 * the record declares; "" if none. */
static void describe_foul(const kifu_fault *f, char *buf, size_t size)
{
	if (!f)
		buf[0] = 0;
	else if (f->code == KIFU_FAULT_DECLARED)
		snprintf(buf, size, "; it ends with a foul by %s, declared by the record (%s) and not among its "
			 "moves: not checked", cli_side_name(f->side), f->move);
	else
		snprintf(buf, size, "; it ends with a foul, ply %ld: %s: %s", f->ply, f->move, f->reason);
}

/* "; Sente wins (resign)", "; a draw (repetition)"; "" with no result. */
static void describe_result(const kifu_game_outcome *o, char *buf, size_t size)
{
	if (o->winner == KIFU_RESULT_NONE)
		buf[0] = 0;
	else if (o->winner == KIFU_RESULT_DRAW)
		snprintf(buf, size, "; a draw (%s)", kifu_reason_name(o->reason));
	else
		snprintf(buf, size, "; %s wins (%s)", cli_side_name(o->winner == KIFU_RESULT_SENTE ? KIFU_SENTE : KIFU_GOTE),
			 kifu_reason_name(o->reason));
}

/* An invalid record on standard error; with --verbose, a valid one on
 * standard output, with how it ended: a linter run says nothing of the
 * records that pass. */
static void print_text(const kifu_record *rec, const kifu_validation *r, int verbose)
{
	if (!r->valid) {
		inputs_report_invalid(rec, r);
		return;
	}
	if (!verbose)
		return;
	const kifu_game_outcome *o = &r->outcome;
	char end[160], rep[120] = "", foul[800], result[80], plies[40] = "no moves";
	describe_end(o, end, sizeof end);
	bool repetition_end = end[0] && (o->reason == KIFU_REASON_REPETITION || o->reason == KIFU_REASON_PERPETUAL_CHECK ||
					 o->reason == KIFU_REASON_PERPETUAL_ATTACK);
	if (r->repetition_ply && !(repetition_end && o->ply == r->repetition_ply))
		snprintf(rep, sizeof rep, "; repetition: a position seen for the fourth time after ply %ld",
			 r->repetition_ply);
	describe_foul(foul_of(r), foul, sizeof foul);
	describe_result(o, result, sizeof result);
	if (kifu_record_total_moves(rec))
		snprintf(plies, sizeof plies, "%ld plies", r->plies);
	/* what the record holds (its name, the foul's move as written) cannot
	 * start a line or reach the terminal */
	escape_text_put(stdout, kifu_record_file(rec), 0);
	printf(":%ld: valid, %s", kifu_record_line(rec), plies);
	const char *const parts[] = {end, rep, foul, result};
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
		escape_text_put(stdout, parts[i], 0);
	putchar('\n');
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct validate_run *run = ctx;
	kifu_validation r;
	run->records++;
	if (v && run->try.n)
		return try_variants_record(&run->try, rec, v, index, run->json ? run->w : NULL, run->main_line);
	kifu_validate_options opt = KIFU_VALIDATE_OPTIONS_INIT;
	opt.main_line_only = run->main_line;
	opt.namer = kifu_notation_square_namer(kifu_record_notation(rec));
	/* no variant: the library says why */
	if ((v && kifu_position_for(&run->pos, v)) || kifu_validate(rec, v ? run->pos : NULL, &opt, &r)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (!r.valid)
		run->invalid++;
	if (run->json)
		print_json(run->w, rec, v, index, &r);
	else if (!run->quiet)
		print_text(rec, &r, run->verbose);
	return r.valid ? CLI_OK : CLI_INVALID;
}

/* The JSON object of what could not be read: a record (index > 0) or a
 * whole input (index 0: "record" is null). */
static void print_json_unread(kifu_json_writer *w, const kifu_diag *diag, long index)
{
	kifu_json_object(w);
	kifu_json_key(w, "file");
	kifu_json_string(w, diag->file);
	kifu_json_key(w, "record");
	if (index > 0)
		kifu_json_int(w, index);
	else
		kifu_json_null(w);
	kifu_json_key(w, "line");
	if (diag->line > 0)
		kifu_json_int(w, diag->line);
	else
		kifu_json_null(w);
	kifu_json_key(w, "valid");
	kifu_json_bool(w, 0);
	kifu_json_key(w, "plies");
	kifu_json_int(w, 0);
	kifu_json_key(w, "error");
	kifu_json_object(w);
	kifu_json_key(w, "ply");
	kifu_json_null(w);
	kifu_json_key(w, "move");
	kifu_json_null(w);
	kifu_json_key(w, "reason");
	kifu_json_string(w, diag->message[0] ? diag->message : kifu_error_string(diag->code));
	kifu_json_key(w, "variation");
	kifu_json_null(w);
	kifu_json_object_end(w);
	static const char *const none[] = {"variant", "ending", "result", "foul"};
	for (int i = 0; i < 4; i++) {
		kifu_json_key(w, none[i]);
		kifu_json_null(w);
	}
	kifu_json_key(w, "no_moves");
	kifu_json_bool(w, 1);
	kifu_json_object_end(w);
	kifu_json_writer_end(w);
}

static void on_lost(void *ctx, const kifu_diag *diag, long index)
{
	struct validate_run *run = ctx;
	run->records++;
	run->invalid++;
	if (run->json)
		print_json_unread(run->w, diag, index);
	else if (!run->quiet)
		cli_diag(diag);
}

/* An input that gave no record: in JSON, an object of its own, so that an
 * input that could not be read is not missing from the output. */
static void on_failed(void *ctx, const kifu_diag *diag, int status)
{
	struct validate_run *run = ctx;
	if (run->json) {
		print_json_unread(run->w, diag, 0);
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
		case OPT_FORMAT: {
			static const char *const formats[] = {"text", "json"};
			if ((run.json = cli_choice("format", optarg, formats, 2, 2)) < 0)
				return CLI_USAGE;
			break;
		}
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
	if (run.json && kifu_json_writer_new(&run.w, out.f, 0)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	const struct inputs_handlers handlers = {on_record, on_lost, on_failed, &run};
	int status = inputs_each_record(argc - optind, argv + optind, &vars, &handlers);
	if (run.json && kifu_json_writer_failure(run.w) == KIFU_EINVAL) {
		cli_error("the JSON output is not whole (a bug of kifu-validate's)");
		status = CLI_USAGE;
	}
	if (output_close(&out, 1) && status < CLI_USAGE)
		status = CLI_USAGE;
	kifu_json_writer_free(run.w);
	kifu_position_free(run.pos);
	try_variants_free(&run.try);
	inputs_variants_free(&vars);
	return status;
}
