/*
 * inputs.h - what the record-reading tools share: the variants a tool
 * knows, going over the records of every input file (or standard input),
 * and the messages about records every tool says the same way.  Where the
 * output goes is output.h's.
 */
#ifndef KIFU_INPUTS_H
#define KIFU_INPUTS_H

#include <stdio.h>

#include <kifu/kifu.h>

/* The variants a tool knows: the shipped ones and --variant-file's (in
 * set), and -v's, for records that name none (fallback). */
struct inputs_variants {
	kifu_variant_set *set;
	const kifu_variant *fallback;
	kifu_variant *owned;          /* the loaded --variant-file, freed with the set */
	const char *notation;         /* --from: the notation to read, or NULL */
};

struct cli_variant_choice;

/* Fills vars from the -v / --variant-file choice (neither given: the
 * shipped variants, no fallback).  Returns 0, or CLI_USAGE after printing
 * why.  Free with inputs_variants_free. */
int inputs_variants_choose(struct inputs_variants *vars, const struct cli_variant_choice *choice);
void inputs_variants_free(struct inputs_variants *vars);

/* A reader and a stream over in (named name for messages).  Returns 0, or
 * CLI_USAGE after printing why; free both with inputs_stream_close. */
int inputs_stream_open(FILE *in, const char *name, const struct inputs_variants *vars,
		       kifu_reader **reader, kifu_stream **stream);
void inputs_stream_close(kifu_reader *reader, kifu_stream *stream);

/* Called for each record (index: 1-based within its file).  It returns a
 * status (CLI_OK, ...), or INPUTS_STOP: no more record is read, of this
 * input or of the next (kifu-annotate after an interrupt). */
#define INPUTS_STOP (-1)
typedef int (*inputs_record_fn)(void *ctx, const kifu_record *rec, const kifu_variant *v,
				long index);
/* Called for a record that could not be read at all (a line too long). */
typedef void (*inputs_lost_fn)(void *ctx, const kifu_diag *diag, long index);
/* Called for an input that gave no record: it could not be opened or read
 * (status CLI_USAGE), or it held no record, or none in a notation kifu
 * reads (status CLI_INVALID).  diag->file names the input. */
typedef void (*inputs_failed_fn)(void *ctx, const kifu_diag *diag, int status);

/* What a tool does with what it reads; a NULL lost or failed prints the
 * reason (failed: CLI_INVALID ones only without -q). */
struct inputs_handlers {
	inputs_record_fn record;
	inputs_lost_fn lost;
	inputs_failed_fn failed;
	void *ctx;
};

/* Reads every record of every file ("-" or none: standard input), until
 * the record handler says INPUTS_STOP.  Returns the worst status: CLI_USAGE
 * if a file could not be opened or read (after going on with the others),
 * CLI_INVALID if one held no record or a record was lost, else the worst
 * that the record handler returned. */
int inputs_each_record(int nfiles, char *const files[], struct inputs_variants *vars,
		       const struct inputs_handlers *h);

/* Prints an input's failure as the tools do when no handler takes it. */
void inputs_print_failure(const kifu_diag *diag, int status);

/* Prints d, an error about record rec that stops its processing (a regular
 * expression that could not be run to its end), at the record's place
 * when d names none; not silenced by -q. */
void inputs_record_error(const kifu_record *rec, kifu_diag *d);

/* Says that the writer of `notation` left `what` of rec out (a
 * kifu_write_options.dropped callback's words), at the record's place. */
void inputs_say_dropped(const kifu_record *rec, const char *notation, const char *what);

/* Prints why a record is invalid as kifu-validate does:
 * "PROG: FILE:LINE:COL: ply K: MOVE: reason" (no ply for the whole record). */
void inputs_report_invalid(const kifu_record *rec, const kifu_validation *r);
/* The same for a fault, with note (NULL: none) after the reason. */
void inputs_report_fault(const kifu_record *rec, const kifu_fault *f, const char *note);


#endif
