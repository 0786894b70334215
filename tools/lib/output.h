/*
 * output.h - where a tool's output goes (output.c): standard output, or the
 * file -o names, written the way Unix tools write files.
 */
#ifndef KIFU_OUTPUT_H
#define KIFU_OUTPUT_H

#include <stdio.h>

typedef struct output {
	FILE *f;
	const char *path;   /* -o's path, or NULL for standard output */
	char *target;       /* the file written: path, or where its symbolic link points */
	char *tmp;          /* the temporary file beside it, or NULL (written directly) */
	char *buf;          /* the temporary file's stdio buffer, or NULL */
} output;

/* Opens the output.  path NULL or "-": standard output.  A new path or a
 * regular file (a symbolic link: the file it points to) is written through
 * a temporary file beside it, renamed over it by output_close when all went
 * well: a new file gets the mode the umask gives, a replaced one keeps its
 * mode.  Anything else that can be written (a terminal, /dev/null, a FIFO)
 * is opened and written directly; a directory is refused.  A temporary file
 * is removed if the tool is interrupted (SIGINT, SIGTERM, SIGHUP).  Returns
 * CLI_OK, or CLI_USAGE after printing why. */
int output_open(output *o, const char *path);
/* Flushes and closes; renames when ok and writing succeeded, else removes
 * the temporary file.  Returns CLI_OK or CLI_USAGE (a write error, said). */
int output_close(output *o, int ok);

/* -o's one rule (kifu(7), "OUTPUT"): PATH is a directory, into which one
 * file per record or position is written, when it is an existing
 * directory or ends in '/'; else it is the one output file.  1 or 0. */
int output_names_dir(const char *path);
/* Makes the directory dir if it does not exist.  CLI_OK, or CLI_USAGE
 * after printing why (it cannot be made, or it is not a directory). */
int output_make_dir(const char *dir);
/* The BASE of a file written in such a directory: the input's name without
 * directory and extension, "stdin" for standard input. */
void output_file_base(const char *input, char *buf, size_t size);

/* Whether the inputs' BASEs differ, so that files written for one do not
 * replace another's.  CLI_OK, or CLI_USAGE after naming two that agree. */
int output_bases_differ(int n, char *const inputs[]);

/* Standard output as a Unix filter writes it: a closed pipe ends the tool
 * quietly (SIGPIPE, as cat and grep end), at its first write. */
void output_default_signals(void);

#endif
