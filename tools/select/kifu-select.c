/*
 * kifu-select - writes the records that match, as grep writes lines.
 *
 *     kifu-select [CRITERION]... [--or CRITERION...]... [--invert]
 *                 [--dedupe[=moves|line|all] | --duplicates[=KEY]] [--count]
 *                 [--to NOTATION] [-o PATH] [FILE...]
 *
 * Criteria: --where TAG~REGEX, --move [PLY[..PLY]:]REGEX, --is-variant
 * NAME, --plies RANGE, --ending WORD, --valid, --invalid, --position SFEN
 * (with --board-only, --mirror), --opening MOVES (select.h says how they
 * combine).  Records are written in the notation they were read in (the
 * first selected record's, for one output stream) or --to's; --dedupe
 * keeps the first of records with the same key and reports the others.
 * Exit 0 when some record was selected, 1 when none was, 2 on an error
 * (usage, I/O, an input that could not be read whole, a selected record
 * that could not be written), as grep.
 */
#include "lib/cli.h"
#include "lib/inputs.h"
#include "lib/output.h"
#include "select/select.h"
#include "index/index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

enum {
	OPT_WHERE = CLI_OPT_FIRST_FREE, OPT_MOVE, OPT_IS_VARIANT, OPT_PLIES, OPT_ENDING, OPT_VALID,
	OPT_INVALID, OPT_POSITION, OPT_BOARD_ONLY, OPT_MIRROR, OPT_OPENING, OPT_OR, OPT_INVERT,
	OPT_DEDUPE, OPT_DUPLICATES, OPT_COUNT, OPT_TO, OPT_ENCODING, OPT_INDEX, OPT_PLAYER
};

struct select_run {
	select_rules *rules;
	int invert;
	select_dedupe *dedupe;
	int duplicates;             /* write the records --dedupe leaves out, not the others */
	int count_only;
	long selected;
	int failed;                 /* an error that stops the run (out of memory, a limit) */
	/* the output */
	const char *to;             /* --to, or NULL: the records' own notation */
	struct output_dir *dir;     /* -o DIR: one file per record */
	FILE *out;
	const char *notation;       /* the one output's notation, once chosen */
	const char *between;
	long written;
	kifu_write_options options;
	const kifu_record *current; /* for on_dropped */
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [CRITERION]... [--or CRITERION...]... [--invert]\n"
		"       [--dedupe[=moves|line|all] | --duplicates[=KEY]] [--count]\n"
		"       [--to NOTATION] [--encoding=utf-8|sjis] [-o PATH] [FILE...]\n"
		"Write the records that match, in the notation they were read in.\n"
		"\n"
		"Criteria (all must hold; --or starts another group, any group will do):\n"
		"      --where TAG~REGEX   a tag TAG (or its KIF header: 棋戦~竜王) matches\n"
		"                          REGEX (PCRE2, UTF-8)\n"
		"      --move [PLY[..PLY]:]REGEX\n"
		"                          a main-line move, in the compact notation (7g7f,\n"
		"                          P*5e), or in kanji when REGEX is (▲７六歩(77)),\n"
		"                          matches; at that ply or in that range\n"
		"      --player NAME       the record's sente or gote is NAME\n"
		"      --is-variant NAME   the record's variant is NAME (several: any)\n"
		"      --plies N|MIN..MAX  the main line has that many moves (MIN.., ..MAX)\n"
		"      --ending WORD       it ends so (resign, abort, ..., none; several: any)\n"
		"      --valid, --invalid  every move of every line is legal, or not\n"
		"      --position SFEN     the main line reaches the position at some ply\n"
		"      --board-only        --position compares the board only\n"
		"      --mirror            --position matches its left-right mirror too\n"
		"      --opening MOVES     the main line starts so (\"7g7f 3c3d\", \"７六歩 ３四歩\")\n"
		"      --or                the criteria after it form another group\n"
		"      --invert            write the records that do not match\n"
		"      --index INDEX       the records of a kifu-index index, not of files; its\n"
		"                          positions answer --position at once when every\n"
		"                          group has one\n"
		"\n"
		"Output:\n"
		"      --dedupe[=KEY]      keep the first of records with the same KEY; each\n"
		"                          other is reported with the first's place. KEY:\n"
		"                          moves (variant, main line), line (and the start:\n"
		"                          the default), all (the whole record)\n"
		"      --duplicates[=KEY]  write only the records --dedupe leaves out\n"
		"      --count             write only the number of records selected\n"
		"      --to NOTATION       write in NOTATION (%s); default: the\n"
		"                          notation of the first record selected\n"
		"      --encoding=ENC      for KIF: utf-8 (default) or sjis (Shift_JIS)\n"
		"  -o, --output PATH       write to the file PATH (kifu(7), OUTPUT); a directory\n"
		"                          (existing, or ending in /): one file per record,\n"
		"                          PATH/BASE-0001.EXT ..., in its notation\n",
		cli_program(), cli_notations(1));
	cli_common_help(f, 24);
	fprintf(f,
		"  -h, --help              print this help and exit\n"
		"      --version           print the version and exit\n"
		"\n"
		"Exit status: 0 some record selected, 1 none, 2 an error (usage, I/O, an input\n"
		"not read whole, a selected record that could not be written).\n");
}

/* --- writing ---------------------------------------------------------------- */

/* The notation a record is written in: --to's, else the record's own when
 * it can be written (else compact). */
static const char *own_notation(const kifu_record *rec)
{
	const char *n = kifu_record_notation(rec);
	kifu_notation_info info;
	int i = n[0] ? kifu_notation_find(n) : -1;
	if (i >= 0 && kifu_notation_at(i, &info) == 0 && info.can_write)
		return info.name;
	return "compact";
}

static void on_dropped(void *ctx, unsigned dropped, const char *what)
{
	struct select_run *run = ctx;
	(void)dropped;
	inputs_say_dropped(run->current, run->notation, what);
}

/* Says why a selected record cannot be written; CLI_USAGE. */
static int not_written(const kifu_record *rec, kifu_diag *d)
{
	if (!d->file[0])
		snprintf(d->file, sizeof d->file, "%s", kifu_record_file(rec));
	if (!d->line)
		d->line = kifu_record_line(rec);
	char msg[KIFU_DIAG_MESSAGE_MAX];
	snprintf(msg, sizeof msg, "%s", d->message);
	kifu_diag_set(d, d->code, d->file, d->line, d->col, "selected, not written: %s", msg);
	cli_record_diag(d);
	return CLI_USAGE;
}

/* A record read with a problem would be written without what the reader
 * could not read: it is not written at all. */
static int unwritable(const kifu_record *rec, const kifu_variant *v, kifu_diag *d)
{
	long ply = 0, line = kifu_record_line(rec), col = 0;
	const char *move = NULL;
	const char *err = kifu_record_error(rec, &ply, &line, &col, &move);
	if (!err && v)
		return 0;
	if (err && ply > 0)
		kifu_diag_set(d, KIFU_ESYNTAX, kifu_record_file(rec), line, col,
			      "it could not be read whole (ply %ld: %s: %s)", ply, move ? move : "", err);
	else
		kifu_diag_set(d, KIFU_ESYNTAX, kifu_record_file(rec), line, col, "%s",
			      err ? err : "its variant is unknown");
	return 1;
}

static int write_record(struct select_run *run, const kifu_record *rec, const kifu_variant *v,
			long index)
{
	kifu_diag d;
	kifu_diag_clear(&d);
	if (unwritable(rec, v, &d))
		return not_written(rec, &d);
	run->current = rec;
	const char *notation = run->to ? run->to : run->notation ? run->notation : own_notation(rec);
	if (run->dir) {
		notation = run->to ? run->to : own_notation(rec);
		char ext[32];
		cli_notation_ext(notation, ext, sizeof ext);
		output file;
		if (output_dir_file(&file, run->dir, kifu_record_file(rec), index, -1, ext))
			return CLI_USAGE;
		run->notation = notation;
		int rc = kifu_write(file.f, rec, v, notation, &run->options, &d);
		if (output_close(&file, rc == 0) || rc == KIFU_EIO)
			return CLI_USAGE;
		return rc ? not_written(rec, &d) : CLI_OK;
	}
	if (!run->notation) {
		/* one stream, one notation: the first record's */
		kifu_notation_info info;
		kifu_notation_at(kifu_notation_find(notation), &info);
		run->notation = notation;
		run->between = info.between;
	}
	if (run->written && fputs(run->between, run->out) == EOF)
		return CLI_USAGE;
	int rc = kifu_write(run->out, rec, v, notation, &run->options, &d);
	if (rc == KIFU_EIO)
		return CLI_USAGE;
	if (rc)
		return not_written(rec, &d);
	run->written++;
	return CLI_OK;
}

/* --- selecting -------------------------------------------------------------- */

/* Is the record one --dedupe has seen?  1 (reported), 0, or -1 (an
 * error, said). */
static int duplicate(struct select_run *run, const kifu_record *rec, const kifu_variant *v)
{
	const char *file = NULL;
	long line = 0;
	kifu_diag d;
	kifu_diag_clear(&d);
	int rc = select_dedupe_seen(run->dedupe, rec, v, &file, &line, &d);
	if (rc < 0) {
		cli_diag(&d);
		run->failed = 1;
		return -1;
	}
	if (rc == 1) {
		kifu_diag_set(&d, 0, kifu_record_file(rec), kifu_record_line(rec), 0,
			      "a duplicate of %s:%ld", file, line);
		cli_record_diag(&d);
	}
	return rc;
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct select_run *run = ctx;
	if (run->failed)
		return CLI_USAGE;
	kifu_diag d;
	kifu_diag_clear(&d);
	int m = select_match(run->rules, rec, v, &d);
	if (m < 0) {
		inputs_record_error(rec, &d);
		return CLI_USAGE;
	}
	if (m == run->invert)
		return CLI_OK;
	if (run->dedupe) {
		int dup = duplicate(run, rec, v);
		if (dup < 0)
			return CLI_USAGE;
		if (dup != run->duplicates)
			return CLI_OK;
	}
	run->selected++;
	return run->count_only ? CLI_OK : write_record(run, rec, v, index);
}

/* --- options ---------------------------------------------------------------- */

static int parse_dedupe(const char *arg, enum select_dedupe_key *key)
{
	if (!arg || !strcmp(arg, "line"))
		*key = SELECT_DEDUPE_LINE;
	else if (!strcmp(arg, "moves"))
		*key = SELECT_DEDUPE_MOVES;
	else if (!strcmp(arg, "all"))
		*key = SELECT_DEDUPE_ALL;
	else
		return -1;
	return 0;
}

/* A bad criterion: the option, its argument, the column, the message. */
static int criterion_error(const char *option, const char *arg, const kifu_diag *d)
{
	if (!arg)
		cli_error("%s: %s", option, d->message);
	else if (d->col > 0)
		cli_error("%s '%s': column %ld: %s", option, arg, d->col, d->message);
	else
		cli_error("%s '%s': %s", option, arg, d->message);
	return cli_usage_error();
}

/* The criterion of option opt (with arg): 1 if opt is one, 0 if not, or
 * CLI_USAGE after saying why it is wrong. */
static int criterion(select_rules *rules, int opt, const char *arg, unsigned *flags)
{
	kifu_diag d;
	int rc;
	kifu_diag_clear(&d);
	switch (opt) {
	case OPT_WHERE: rc = select_add_where(rules, arg, &d); break;
	case OPT_MOVE: rc = select_add_move(rules, arg, &d); break;
	case OPT_IS_VARIANT: rc = select_add_variant(rules, arg, &d); break;
	case OPT_PLIES: rc = select_add_plies(rules, arg, &d); break;
	case OPT_ENDING: rc = select_add_ending(rules, arg, &d); break;
	case OPT_VALID: rc = select_add_valid(rules, 1, &d); break;
	case OPT_INVALID: rc = select_add_valid(rules, 0, &d); break;
	case OPT_POSITION: rc = select_add_position(rules, arg, &d); break;
	case OPT_OPENING: rc = select_add_opening(rules, arg, &d); break;
	case OPT_OR: rc = select_or(rules, &d); break;
	case OPT_PLAYER: rc = select_add_player(rules, arg, &d); break;
	case OPT_BOARD_ONLY: *flags |= SELECT_BOARD_ONLY; return 1;
	case OPT_MIRROR: *flags |= SELECT_MIRROR; return 1;
	default: return 0;
	}
	if (!rc)
		return 1;
	static const char *const names[] = {"--where", "--move", "--is-variant", "--plies", "--ending",
					    "--valid", "--invalid", "--position", "--board-only",
					    "--mirror", "--opening", "--or"};
	int has_arg = opt != OPT_VALID && opt != OPT_INVALID && opt != OPT_OR;
	return criterion_error(opt == OPT_PLAYER ? "--player" : names[opt - OPT_WHERE], has_arg ? arg : NULL, &d);
}

struct select_options {
	struct cli_variant_choice choice;
	const char *path, *encoding;
	unsigned flags;
	int dedupe;
	enum select_dedupe_key key;
	/* --index: the index, and the --position of each group (a group
	 * without one: every record is a candidate) */
	const char *index;
	char **positions;
	int npositions, has_position, without; /* this group has one; the groups before without */
};

static int parse_options(int argc, char *argv[], struct select_run *run, struct select_options *o)
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"where", required_argument, NULL, OPT_WHERE},
		{"move", required_argument, NULL, OPT_MOVE},
		{"is-variant", required_argument, NULL, OPT_IS_VARIANT},
		{"plies", required_argument, NULL, OPT_PLIES},
		{"ending", required_argument, NULL, OPT_ENDING},
		{"valid", no_argument, NULL, OPT_VALID},
		{"invalid", no_argument, NULL, OPT_INVALID},
		{"position", required_argument, NULL, OPT_POSITION},
		{"board-only", no_argument, NULL, OPT_BOARD_ONLY},
		{"mirror", no_argument, NULL, OPT_MIRROR},
		{"opening", required_argument, NULL, OPT_OPENING},
		{"or", no_argument, NULL, OPT_OR},
		{"player", required_argument, NULL, OPT_PLAYER},
		{"invert", no_argument, NULL, OPT_INVERT},
		{"dedupe", optional_argument, NULL, OPT_DEDUPE},
		{"duplicates", optional_argument, NULL, OPT_DUPLICATES},
		{"count", no_argument, NULL, OPT_COUNT},
		{"to", required_argument, NULL, OPT_TO},
		{"encoding", required_argument, NULL, OPT_ENCODING},
		{"output", required_argument, NULL, 'o'},
		{"index", required_argument, NULL, OPT_INDEX},
		{NULL, 0, NULL, 0}
	};
	int opt;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "o:", options, NULL)) != -1) {
		if (cli_variant_option(&o->choice, opt, optarg))
			continue;
		int c = criterion(run->rules, opt, optarg, &o->flags);
		if (c == 1 && opt == OPT_POSITION) {
			char **p = realloc(o->positions, (size_t)(o->npositions + 1) * sizeof *p);
			if (!p) {
				cli_error("out of memory");
				return CLI_USAGE;
			}
			o->positions = p;
			p[o->npositions++] = optarg;
			o->has_position = 1;
		}
		if (c == 1 && opt == OPT_OR) {
			o->without += !o->has_position;
			o->has_position = 0;
		}
		if (c == 1)
			continue;
		if (c)
			return c;
		switch (opt) {
		case 'h': usage(stdout); return -1;
		case CLI_OPT_VERSION: return -2;
		case 'o': o->path = optarg; break;
		case OPT_INVERT: run->invert = 1; break;
		case OPT_COUNT: run->count_only = 1; break;
		case OPT_TO: run->to = optarg; break;
		case OPT_ENCODING: o->encoding = optarg; break;
		case OPT_INDEX: o->index = optarg; break;
		case OPT_DEDUPE:
		case OPT_DUPLICATES:
			o->dedupe = 1;
			run->duplicates = opt == OPT_DUPLICATES;
			if (parse_dedupe(optarg, &o->key)) {
				cli_error("unknown --dedupe key '%s' (moves, line or all)", optarg);
				return cli_usage_error();
			}
			break;
		default: return cli_option_error(opt, argv);
		}
	}
	if (run->to && cli_notation_check(run->to, 1))
		return cli_usage_error();
	int enc;
	if (cli_encoding(o->encoding, &enc))
		return CLI_USAGE;
	run->options.encoding = (enum kifu_encoding)enc;
	return CLI_OK;
}

/* Checks what needs the variants: --position, --opening, --is-variant. */
static int finish_rules(struct select_run *run, const struct select_options *o,
			const struct inputs_variants *vars)
{
	const char *option = NULL, *arg = NULL;
	kifu_diag d;
	kifu_diag_clear(&d);
	if (select_finish(run->rules, vars->set, vars->fallback, o->flags, &option, &arg, &d))
		return criterion_error(option, arg, &d);
	return CLI_OK;
}

static int run_select(struct select_run *run, const struct select_options *o,
		      struct inputs_variants *vars, int nfiles, char *const files[])
{
	output out;
	struct output_dir dir;
	if (output_names_dir(o->path) && !run->count_only) {
		if (output_dir_open(&dir, o->path, nfiles, files))
			return CLI_USAGE;
		run->dir = &dir;
	}
	if (output_open(&out, run->dir ? NULL : o->path)) {
		if (run->dir)
			output_dir_free(&dir);
		return CLI_USAGE;
	}
	run->out = out.f;
	const struct inputs_handlers handlers = {on_record, NULL, NULL, run};
	int status;
	if (o->index) {
		/* the index's candidates when every group has a --position (and
		 * the records that match are the ones written: not --invert) */
		int looked_up = !o->without && o->has_position && !run->invert;
		status = index_each_record(o->index, o->positions, looked_up ? o->npositions : 0, o->flags,
					   vars, &handlers);
	} else {
		status = inputs_each_record(nfiles, files, vars, &handlers);
	}
	/* an input not read whole leaves the answer incomplete: an error,
	 * as grep's 2 */
	if (status == CLI_INVALID)
		status = CLI_USAGE;
	if (run->count_only)
		fprintf(out.f, "%ld\n", run->selected);
	/* -o FILE is written when the run did all it meant to: not after an
	 * error (kifu(7), OUTPUT) */
	if (output_close(&out, status < CLI_USAGE) && status < CLI_USAGE)
		status = CLI_USAGE;
	if (run->dir)
		output_dir_free(&dir);
	run->dir = NULL;
	return status;
}

int main(int argc, char *argv[])
{
	struct select_run run;
	memset(&run, 0, sizeof run);
	run.options = (kifu_write_options)KIFU_WRITE_OPTIONS_INIT;
	run.options.dropped = on_dropped;
	run.options.ctx = &run;
	struct select_options o = {{NULL, NULL, NULL}, NULL, "utf-8", 0, 0, SELECT_DEDUPE_LINE, NULL, NULL, 0, 0, 0};
	cli_set_program(argv[0]);
	if (!(run.rules = select_rules_new())) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	int status = parse_options(argc, argv, &run, &o);
	if (status < 0) {
		select_rules_free(run.rules);
		return status == -1 ? cli_stdout_done() : cli_version();
	}
	struct inputs_variants vars = {NULL, NULL, NULL, NULL};
	if (status == CLI_OK && inputs_variants_choose(&vars, &o.choice))
		status = CLI_USAGE;
	if (status == CLI_OK)
		status = finish_rules(&run, &o, &vars);
	if (status == CLI_OK && o.dedupe && !(run.dedupe = select_dedupe_new(o.key))) {
		cli_error("out of memory");
		status = CLI_USAGE;
	}
	if (status == CLI_OK && o.index && optind < argc) {
		cli_error("--index: the records are the index's, not files ('%s')", argv[optind]);
		status = cli_usage_error();
	}
	if (status == CLI_OK)
		status = run_select(&run, &o, &vars, argc - optind, argv + optind);
	if (status == CLI_OK && !run.selected)
		status = CLI_INVALID; /* nothing selected: grep's 1 */
	free(o.positions);
	select_dedupe_free(run.dedupe);
	select_rules_free(run.rules);
	inputs_variants_free(&vars);
	return status;
}
