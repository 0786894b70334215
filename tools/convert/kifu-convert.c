/*
 * kifu-convert - writes records in another notation.
 *
 *     kifu-convert --to NOTATION [--valid-only] [-o FILE] [-v VARIANT] [--variant-file FILE] [FILE...]
 *
 * Writes each record in the notation --to names (any that libkifu writes:
 * kifu/notation.h); compact is one canonical line per record (the same moves
 * as written, tags in canonical order and escapes, comments, times, the
 * ending).  A record that cannot be read or written is reported and left
 * out; the exit status is then 1.  A record the rules find invalid is
 * written as it is, and said, located as kifu-validate says it; with
 * --valid-only it is left out (exit status 1).  With -o FILE the output
 * goes through a temporary file that replaces FILE only when every record
 * was written (kifu(7), OUTPUT); with -o DIR, one file per record.
 */
#include "lib/cli.h"
#include "lib/inputs.h"
#include "lib/output.h"

#include <stdio.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_TO = CLI_OPT_FIRST_FREE, OPT_ENCODING, OPT_VALID_ONLY };

struct convert_run {
	FILE *out;                  /* the output file, or NULL with dir */
	struct output_dir *dir;     /* -o DIR: one file per record, DIR/BASE-RECORD.EXT */
	const char *ext;            /* EXT: the notation's first extension, without its dot */
	const char *to;             /* the notation written */
	kifu_write_options options;
	const char *between;        /* what goes between two records */
	long written;
	long not_written;           /* records read that could not be written */
	const kifu_record *current; /* the record being written, for on_dropped */
	int valid_only;             /* --valid-only: leave out the records the rules refuse */
	kifu_position *pos;         /* for validating, of the variant seen last */
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [--to NOTATION] [--encoding=utf-8|sjis] [--valid-only] [-o PATH]\n"
		"       [-v VARIANT] [--variant-file FILE] [--from NOTATION] [FILE...]\n"
		"Write records in another notation.\n"
		"\n"
		"      --to NOTATION     the notation to write (default compact), one of:\n",
		cli_program());
	for (int i = 0; i < kifu_notation_count(); i++) {
		kifu_notation_info info;
		kifu_notation_at(i, &info);
		if (info.can_write)
			fprintf(f, "                        %s: %s\n", info.name, info.summary);
	}
	fprintf(f,
		"      --encoding=ENC    for --to kif and ki2: utf-8 (default) or sjis\n"
		"      --valid-only      leave out the records the rules find invalid (they are\n"
		"                        written, and said, without it)\n"
		"  -o, --output PATH     write to the file PATH, replaced only when every\n"
		"                        record was written (kifu(7), OUTPUT); a directory\n"
		"                        (existing, or PATH ending in /): one file per\n"
		"                        record, PATH/BASE-0001.EXT ...\n");
	cli_common_help(f, 22);
	fprintf(f,
		"  -h, --help            print this help and exit\n"
		"      --version         print the version and exit\n"
		"\n"
		"Exit status: 0 all records converted, 1 some could not be read or written,\n"
		"2 usage or I/O error.\n");
}

/* The writer left something out: said per record (not with -q). */
static void on_dropped(void *ctx, unsigned dropped, const char *what)
{
	struct convert_run *run = ctx;
	(void)dropped;
	inputs_say_dropped(run->current, run->to, what);
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct convert_run *run = ctx;
	run->current = rec;
	long ply = 0, line = kifu_record_line(rec), col = 0;
	const char *move = NULL;
	const char *err = kifu_record_error(rec, &ply, &line, &col, &move);
	if (err || !v) {
		kifu_diag d;
		if (ply > 0)
			kifu_diag_set(&d, KIFU_ESYNTAX, kifu_record_file(rec), line, col, "ply %ld: %s: %s",
				      ply, move ? move : "", err);
		else
			kifu_diag_set(&d, KIFU_ESYNTAX, kifu_record_file(rec), line, col, "%s",
				      err ? err : "unknown variant");
		cli_record_diag(&d);
		run->not_written++;
		return CLI_INVALID;
	}
	/* a record the rules refuse is said, located as kifu-validate says it:
	 * written all the same (the writer's validation), or left out with
	 * --valid-only (validated before) */
	kifu_validation val;
	if (run->valid_only) {
		kifu_validate_options vo = KIFU_VALIDATE_OPTIONS_INIT;
		vo.namer = kifu_notation_square_namer(kifu_record_notation(rec));
		if (kifu_position_for(&run->pos, v) || kifu_validate(rec, run->pos, &vo, &val)) {
			cli_error("out of memory");
			return CLI_USAGE;
		}
		if (!val.valid) {
			inputs_report_fault(rec, &val.fault, " (invalid: left out)");
			return CLI_INVALID;
		}
	}
	run->options.validation = run->valid_only ? NULL : &val;
	kifu_diag d;
	kifu_diag_clear(&d);
	output file;
	FILE *out = run->out;
	if (run->dir) {
		if (output_dir_file(&file, run->dir, kifu_record_file(rec), index, -1, run->ext))
			return CLI_USAGE;
		out = file.f;
	} else if (run->written && fputs(run->between, out) == EOF) {
		return CLI_USAGE;
	}
	int rc = kifu_write(out, rec, v, run->to, &run->options, &d);
	if (run->dir && output_close(&file, rc == 0))
		return CLI_USAGE;
	if (rc == KIFU_EIO)
		return CLI_USAGE;
	if (rc) {
		if (!d.file[0])
			snprintf(d.file, sizeof d.file, "%s", kifu_record_file(rec));
		if (!d.line)
			d.line = kifu_record_line(rec);
		cli_record_diag(&d);
		run->not_written++;
		return CLI_INVALID;
	}
	if (!run->valid_only && !val.valid)
		inputs_report_fault(rec, &val.fault, " (invalid: written as it is)");
	run->written++;
	return CLI_OK;
}

int main(int argc, char *argv[])
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"to", required_argument, NULL, OPT_TO},
		{"output", required_argument, NULL, 'o'},
		{"encoding", required_argument, NULL, OPT_ENCODING},
		{"valid-only", no_argument, NULL, OPT_VALID_ONLY},
		{NULL, 0, NULL, 0}
	};
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	const char *to = "compact", *path = NULL, *encoding = "utf-8";
	int opt, valid_only = 0;

	cli_set_program(argv[0]);
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "o:", options, NULL)) != -1) {
		if (cli_variant_option(&choice, opt, optarg))
			continue;
		switch (opt) {
		case 'h': usage(stdout); return cli_stdout_done();
		case CLI_OPT_VERSION: return cli_version();
		case 'o': path = optarg; break;
		case OPT_TO: to = optarg; break;
		case OPT_ENCODING: encoding = optarg; break;
		case OPT_VALID_ONLY: valid_only = 1; break;
		default: return cli_option_error(opt, argv);
		}
	}
	if (cli_notation_check(to, 1))
		return cli_usage_error();
	struct convert_run run = {NULL, NULL, "", to, KIFU_WRITE_OPTIONS_INIT, "", 0, 0, NULL, valid_only, NULL};
	run.options.dropped = on_dropped;
	run.options.ctx = &run;
	run.options.position = &run.pos; /* the one position every record is validated on */
	int enc;
	if (cli_encoding(encoding, &enc))
		return CLI_USAGE;
	run.options.encoding = (enum kifu_encoding)enc;
	kifu_notation_info info;
	kifu_notation_at(kifu_notation_find(to), &info);
	run.between = info.between;
	char ext[32];
	cli_notation_ext(to, ext, sizeof ext);
	run.ext = ext;
	struct output_dir dir;
	if (output_names_dir(path)) {
		if (output_dir_open(&dir, path, argc - optind, argv + optind))
			return CLI_USAGE;
		run.dir = &dir;
		path = NULL;
	}

	struct inputs_variants vars;
	output out;
	int status = inputs_variants_choose(&vars, &choice) ? CLI_USAGE : output_open(&out, path);
	if (status == CLI_OK) {
		run.out = run.dir ? NULL : out.f;
		const struct inputs_handlers handlers = {on_record, NULL, NULL, &run};
		status = inputs_each_record(argc - optind, argv + optind, &vars, &handlers);
		/* -o FILE holds every record or is not written: a record left out
		 * would be lost with the file it replaces (kifu(7), OUTPUT) */
		if (output_close(&out, status < CLI_USAGE && !run.not_written) && status < CLI_USAGE)
			status = CLI_USAGE;
		inputs_variants_free(&vars);
	}
	kifu_position_free(run.pos);
	if (run.dir)
		output_dir_free(&dir);
	return status;
}
