/*
 * to-compact [FILE] - writes every record of FILE (or standard input), in
 * any notation, in the compact notation, one line each.  A record that
 * cannot be read whole is reported (FILE:LINE:COL: message) and left out.
 * Exit status: 0; 1 if a record was left out; 2 on an error.
 */
#include <stdio.h>
#include <string.h>

#include <kifu/kifu.h>

/* FILE:LINE:COL: [ply K:] message, leaving out what is not known. */
static void report(const kifu_diag *d)
{
	fprintf(stderr, "%s:", d->file);
	if (d->line > 0)
		fprintf(stderr, d->col ? "%ld:%ld:" : "%ld:", d->line, d->col);
	if (d->ply > 0)
		fprintf(stderr, " ply %ld:", d->ply);
	fprintf(stderr, " %s\n", d->message);
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "-";
	FILE *in = strcmp(name, "-") ? fopen(name, "rb") : stdin;
	kifu_write_options options = KIFU_WRITE_OPTIONS_INIT;
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	const kifu_variant *v;
	kifu_diag diag = {0};
	int rc, status = 0;

	if (!in) {
		perror(name);
		return 2;
	}
	if ((rc = kifu_reader_new(&reader, in, name)) < 0 ||
			(rc = kifu_stream_new(&stream, reader, NULL)) < 0 ||
			(rc = kifu_record_new(&rec)) < 0) /* out of memory */
		kifu_diag_set(&diag, rc, name, 0, 0, "%s", kifu_error_string(rc));
	while (rc >= 0 && (rc = kifu_stream_next(stream, rec, &v, &diag)) != 0 &&
			(rc > 0 || rc == KIFU_ELIMIT)) {
		const char *move = "", *why = NULL;
		if (rc == KIFU_ELIMIT) { /* a line too long: that record is lost */
			rc = 0;
		} else if ((why = kifu_record_error(rec, &diag.ply, &diag.line, &diag.col,
				&move)) != NULL) {
			/* not read whole (writing the moves before the fault would hide
			 * it), or of an unknown variant (then v is NULL) */
			kifu_diag_set(&diag, 0, name, diag.line, diag.col, "%s%s%s",
					move ? move : "", move ? ": " : "", why);
		} else if ((rc = kifu_write(stdout, rec, v, "compact", &options, &diag)) == 0) {
			continue;
		} else if (rc == KIFU_EIO) { /* the check of standard output says so */
			break;
		} else { /* a record the notation cannot express */
			rc = 0;
		}
		report(&diag);
		kifu_diag_clear(&diag); /* kifu_diag_set keeps the ply: clear it */
		status = 1;
	}
	if (rc < 0 && rc != KIFU_EIO) { /* in no notation (KIFU_EFORMAT), a read error */
		report(&diag);
		status = rc == KIFU_EFORMAT ? 1 : 2;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("standard output");
		status = 2;
	}
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	if (in != stdin)
		fclose(in);
	return status;
}
