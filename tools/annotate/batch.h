/*
 * batch.h - kifu-annotate's run (batch.c): the records read in order,
 * analysed by N workers each with an engine of its own, and written in
 * their order, each as soon as it and the ones before it are complete.
 */
#ifndef KIFU_ANNOTATE_BATCH_H
#define KIFU_ANNOTATE_BATCH_H

#include "annotate/annotate.h"
#include "lib/inputs.h"

#define BATCH_MAX_JOBS 256

/* Runs the whole of kifu-annotate over the files (none: standard input),
 * writing to path (NULL or "-": standard output).  Returns the exit
 * status: CLI_OK, CLI_INVALID, CLI_USAGE, or 130 after an interrupt (the
 * records complete by then are written, the others not at all). */
int batch_run(const struct annotate_options *opt, int jobs, int nfiles, char *const files[],
	      struct inputs_variants *vars, const char *path);

#endif
