/*
 * legal-moves [FILE] - the legal moves after the main line of the first
 * record of FILE (or standard input), in any notation: one per line, in
 * the compact notation, in the order kifu_generate_legal lists them.
 * Exit status: 0; 1 for a bad record; 2 on an error.
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
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	kifu_position *pos = NULL;
	const kifu_variant *v = NULL;
	kifu_validation val;
	kifu_diag diag = {0};
	char move[16]; /* a move in the compact notation: always enough */
	static kifu_movelist list; /* 32 KiB: better not on the stack */
	int rc, status = 2;

	if (!in) {
		perror(name);
	} else if ((rc = kifu_reader_new(&reader, in, name)) < 0 ||
			(rc = kifu_stream_new(&stream, reader, NULL)) < 0 ||
			(rc = kifu_record_new(&rec)) < 0) { /* out of memory */
		fprintf(stderr, "%s: %s\n", name, kifu_error_string(rc));
	} else if ((rc = kifu_stream_next(stream, rec, &v, &diag)) <= 0) {
		if (rc == 0)
			kifu_diag_set(&diag, rc, name, 0, 0, "no record");
		report(&diag); /* KIFU_EFORMAT: in no notation kifu reads */
		status = rc == KIFU_EFORMAT || rc == KIFU_ELIMIT ? 1 : 2;
	} else if ((v && (rc = kifu_position_new(&pos, v)) < 0) ||
			(rc = kifu_play(rec, pos, NULL, &val)) < 0) { /* no memory */
		fprintf(stderr, "%s: %s\n", name, kifu_error_string(rc));
	} else if (!val.valid) { /* illegal; ply 0: unknown variant, bad start */
		kifu_diag_set(&diag, 0, name, val.fault.line, val.fault.col, "%s%s%s",
				val.fault.move, val.fault.ply > 0 ? ": " : "", val.fault.reason);
		diag.ply = val.fault.ply;
		report(&diag);
		status = 1;
	} else {
		if (kifu_generate_legal(pos, &list) == KIFU_ELIMIT) /* a huge variant */
			fprintf(stderr, "%s: only the first %d moves\n", name, list.count);
		for (int i = 0; i < list.count; i++)
			if (kifu_compact_format_move(v, &list.moves[i], move,
					sizeof move) >= 0)
				puts(move);
		status = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
	}
	kifu_position_free(pos);
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	if (in && in != stdin)
		fclose(in);
	return status;
}
