/*
 * validate [FILE] - plays every record of FILE (or standard input), in any
 * notation, through the rules: one line per record on standard output.
 * Exit status: 0 if all are valid; 1 if any is not; 2 on an error.
 */
#include <stdio.h>
#include <string.h>

#include <kifu/kifu.h>

/* FILE:LINE:COL: [ply K:] message, leaving out what is not known. */
static void report(FILE *f, const kifu_diag *d)
{
	fprintf(f, "%s:", d->file);
	if (d->line > 0)
		fprintf(f, d->col ? "%ld:%ld:" : "%ld:", d->line, d->col);
	if (d->ply > 0)
		fprintf(f, " ply %ld:", d->ply);
	fprintf(f, " %s\n", d->message);
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "-";
	FILE *in = strcmp(name, "-") ? fopen(name, "rb") : stdin;
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	kifu_position *pos = NULL; /* remade only when the variant changes */
	const kifu_variant *v;
	kifu_validation val;
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
		if (rc == KIFU_ELIMIT) { /* a line too long: that record is lost */
			rc = 0;
		} else if ((v && (rc = kifu_position_for(&pos, v)) < 0) ||
				(rc = kifu_play(rec, v ? pos : NULL, NULL, &val)) < 0) { /* no memory */
			kifu_diag_set(&diag, rc, name, 0, 0, "%s", kifu_error_string(rc));
			break;
		} else if (val.valid) {
			printf("%s:%ld: valid, %ld plies\n", name, kifu_record_line(rec),
					val.plies); /* FILE:LINE: valid, N plies */
			continue;
		} else { /* an illegal move (ply 0: a bad start, an unknown variant) */
			kifu_diag_set(&diag, 0, name, val.fault.line, val.fault.col, "%s%s%s",
					val.fault.move, val.fault.ply > 0 ? ": " : "", val.fault.reason);
			diag.ply = val.fault.ply;
		}
		report(stdout, &diag);
		kifu_diag_clear(&diag); /* kifu_diag_set keeps the ply: clear it */
		status = 1;
	}
	if (rc < 0) {
		report(stderr, &diag);
		status = rc == KIFU_EFORMAT ? 1 : 2;
	}
	status = fflush(stdout) != 0 || ferror(stdout) ? 2 : status;
	kifu_position_free(pos);
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	if (in != stdin)
		fclose(in);
	return status;
}
