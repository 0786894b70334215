/*
 * inputs.c - reading records from files, safe output files.
 */
#include "lib/inputs.h"
#include "lib/cli.h"
#include "lib/progress.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int inputs_variants_choose(struct inputs_variants *vars, const struct cli_variant_choice *choice)
{
	vars->set = NULL;
	vars->fallback = NULL;
	vars->owned = NULL;
	vars->notation = choice->from;
	if (choice->from && cli_notation_check(choice->from, 0))
		return cli_usage_error();
	if (kifu_variant_set_new(&vars->set)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (!choice->name && !choice->file)
		return 0;
	if (cli_variant_load(choice, &vars->fallback, &vars->owned)) {
		inputs_variants_free(vars);
		return CLI_USAGE;
	}
	if (vars->owned && kifu_variant_set_add(vars->set, vars->owned)) {
		cli_error("out of memory");
		inputs_variants_free(vars);
		return CLI_USAGE;
	}
	return 0;
}

void inputs_variants_free(struct inputs_variants *vars)
{
	kifu_variant_set_free(vars->set);
	kifu_variant_free(vars->owned);
	vars->set = NULL;
	vars->owned = NULL;
	vars->fallback = NULL;
}

/* A stream over a reader that in (a file) or bytes (len bytes, when in is
 * NULL) gives. */
static int stream_open(FILE *in, const char *bytes, size_t len, const char *name,
		       const struct inputs_variants *vars, kifu_reader **reader, kifu_stream **stream)
{
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.variants = vars->set;
	opt.fallback = vars->fallback;
	opt.notation = vars->notation;
	*stream = NULL;
	int rc = in ? kifu_reader_new(reader, in, name) : kifu_reader_new_buffer(reader, bytes, len, name);
	if (rc || kifu_stream_new(stream, *reader, &opt)) {
		cli_error("out of memory");
		kifu_reader_free(*reader);
		*reader = NULL;
		return CLI_USAGE;
	}
	return CLI_OK;
}

int inputs_stream_open(FILE *in, const char *name, const struct inputs_variants *vars,
		       kifu_reader **reader, kifu_stream **stream)
{
	return stream_open(in, NULL, 0, name, vars, reader, stream);
}

void inputs_stream_close(kifu_reader *reader, kifu_stream *stream)
{
	kifu_stream_free(stream);
	kifu_reader_free(reader);
}

void inputs_print_failure(const kifu_diag *diag, int status)
{
	if (status >= CLI_USAGE)
		cli_diag(diag);
	else
		cli_record_diag(diag);
}

/* An input that gave no record: the handler's, or printed. */
static int input_failed(const struct inputs_handlers *h, kifu_diag *diag, const char *name,
			int status)
{
	if (!diag->file[0])
		snprintf(diag->file, sizeof diag->file, "%s", name);
	if (h->failed)
		h->failed(h->ctx, diag, status);
	else
		inputs_print_failure(diag, status);
	return status;
}

/* The record's notes (kifu_record_note): "PROG: FILE:LINE:COL: note: ...",
 * nothing with -q. */
static void print_notes(const kifu_record *rec)
{
	for (int i = 0; i < kifu_record_note_count(rec); i++) {
		long line = 0, col = 0;
		const char *msg = kifu_record_note(rec, i, &line, &col);
		kifu_diag d;
		kifu_diag_set(&d, 0, kifu_record_file(rec), line, col, "note: %s", msg);
		cli_record_diag(&d);
	}
}

/* A record handler said INPUTS_STOP: inputs_each_record reads no more. */
static int stop_reading;

/* The records of in, or of bytes[0..len) when in is NULL. */
static int each_in_stream(FILE *in, const char *bytes, size_t len, const char *name,
			  struct inputs_variants *vars, const struct inputs_handlers *h, kifu_record *rec)
{
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	int worst = CLI_OK;
	if (stream_open(in, bytes, len, name, vars, &reader, &stream))
		return CLI_USAGE;
	long index = 0;
	for (;;) {
		const kifu_variant *v = NULL;
		kifu_diag diag;
		kifu_diag_clear(&diag);
		int rc = kifu_stream_next(stream, rec, &v, &diag);
		if (rc == 0)
			break;
		if (rc == 1) {
			print_notes(rec);
			progress_record(kifu_record_move_count(rec));
			int st = h->record(h->ctx, rec, v, ++index);
			if (st == INPUTS_STOP) {
				stop_reading = 1;
				break;
			}
			if (st > worst)
				worst = st;
			continue;
		}
		if (rc == KIFU_ELIMIT) {
			++index;
			progress_record(0);
			if (h->lost)
				h->lost(h->ctx, &diag, index);
			else
				cli_record_diag(&diag);
			if (worst < CLI_INVALID)
				worst = CLI_INVALID;
			continue;
		}
		/* the input is in no notation (one error for the file), or it
		 * could not be read on */
		int st = input_failed(h, &diag, name, rc == KIFU_EFORMAT ? CLI_INVALID : CLI_USAGE);
		if (st > worst)
			worst = st;
		index = -1;
		break;
	}
	if (index == 0 && worst < CLI_USAGE) {
		/* nothing checked is nothing valid: an input with no record is an
		 * error (kifu(7)) */
		kifu_diag diag;
		kifu_diag_set(&diag, KIFU_EFORMAT, name, 0, 0, "no records");
		worst = input_failed(h, &diag, name, CLI_INVALID);
	}
	inputs_stream_close(reader, stream);
	return worst;
}

/* A regular file up to this size is read whole with one read(2): a
 * stream would ask for the end of the file twice more (KIF and CSA inputs
 * are usually one small file a game). */
#define WHOLE_FILE_MAX (1L << 20)

/* The records of the file at path: opened, looked at with one fstat (a
 * directory is refused), and a small regular file read at once into *buf
 * (of *cap bytes, kept from file to file); anything else through stdio. */
static int each_in_file(const char *path, struct inputs_variants *vars, const struct inputs_handlers *h,
			kifu_record *rec, char **buf, size_t *cap)
{
	kifu_diag diag;
	struct stat sb;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int err = errno;
		/* a directory that cannot be opened is still "a directory" */
		if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
			kifu_diag_set(&diag, KIFU_EIO, path, 0, 0, "is a directory");
		else
			kifu_diag_set(&diag, KIFU_EIO, path, 0, 0, "cannot open: %s", strerror(err));
		return input_failed(h, &diag, path, CLI_USAGE);
	}
	if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		close(fd);
		kifu_diag_set(&diag, KIFU_EIO, path, 0, 0, "is a directory");
		return input_failed(h, &diag, path, CLI_USAGE);
	}
	if (S_ISREG(sb.st_mode) && sb.st_size < WHOLE_FILE_MAX) {
		/* one byte more than its size: a short count is the end */
		size_t want = (size_t)sb.st_size + 1;
		if (want > *cap) {
			char *nb = realloc(*buf, want);
			if (nb) {
				*buf = nb;
				*cap = want;
			}
		}
		ssize_t got = want <= *cap ? read(fd, *buf, want) : -1;
		if (got >= 0 && (size_t)got < want) {
			close(fd);
			return each_in_stream(NULL, *buf, (size_t)got, path, vars, h, rec);
		}
		/* it grew, or the read failed: from the start, through stdio */
		if (lseek(fd, 0, SEEK_SET) != 0) {
			kifu_diag_set(&diag, KIFU_EIO, path, 0, 0, "read error: %s", strerror(errno));
			close(fd);
			return input_failed(h, &diag, path, CLI_USAGE);
		}
	}
	FILE *in = fdopen(fd, "rb");
	if (!in) {
		kifu_diag_set(&diag, KIFU_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
		close(fd);
		return input_failed(h, &diag, path, CLI_USAGE);
	}
	int st = each_in_stream(in, NULL, 0, path, vars, h, rec);
	fclose(in);
	return st;
}

int inputs_each_record(int nfiles, char *const files[], struct inputs_variants *vars,
		       const struct inputs_handlers *h)
{
	static char dash[] = "-";
	static char *const stdin_only[] = {dash};
	kifu_record *rec = NULL;
	char *buf = NULL;
	size_t cap = 0;
	int worst = CLI_OK;
	if (kifu_record_new(&rec)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (nfiles == 0) {
		nfiles = 1;
		files = stdin_only;
	}
	stop_reading = 0;
	for (int i = 0; i < nfiles && !stop_reading; i++) {
		const char *path = files[i];
		int st;
		if (!strcmp(path, "-"))
			st = each_in_stream(stdin, NULL, 0, "-", vars, h, rec);
		else
			st = each_in_file(path, vars, h, rec, &buf, &cap);
		if (st > worst)
			worst = st;
	}
	progress_done();
	free(buf);
	kifu_record_free(rec);
	return worst;
}

void inputs_record_error(const kifu_record *rec, kifu_diag *d)
{
	if (!d->file[0]) {
		snprintf(d->file, sizeof d->file, "%s", kifu_record_file(rec));
		if (!d->line)
			d->line = kifu_record_line(rec);
	}
	cli_diag(d);
}

void inputs_say_dropped(const kifu_record *rec, const char *notation, const char *what)
{
	kifu_diag d;
	kifu_diag_set(&d, 0, kifu_record_file(rec), kifu_record_line(rec), 0,
		      "%s cannot carry %s: left out", notation, what);
	cli_record_diag(&d);
}

void inputs_report_fault(const kifu_record *rec, const kifu_fault *f, const char *note)
{
	kifu_diag d;
	char where[300] = "";
	if (f->variation > 0) {
		char path[256];
		snprintf(where, sizeof where, "in %s: ",
			 kifu_record_variation_path(rec, f->variation, path, sizeof path));
	}
	if (!note)
		note = "";
	if (f->ply > 0)
		kifu_diag_set(&d, KIFU_EILLEGAL, kifu_record_file(rec), f->line, f->col, "%sply %ld: %s: %s%s", where,
			      f->ply, f->move, f->reason, note);
	else
		kifu_diag_set(&d, KIFU_EILLEGAL, kifu_record_file(rec), f->line, f->col, "%s%s%s", where, f->reason,
			      note);
	cli_record_diag(&d);
}

void inputs_report_invalid(const kifu_record *rec, const kifu_validation *r)
{
	inputs_report_fault(rec, &r->fault, NULL);
}
