/*
 * output.h - where a tool's output goes (output.c): standard output, the
 * file -o names, or one file per record or position in the directory -o
 * names.  kifu(7), OUTPUT, states the rule for every tool:
 *
 * - -o PATH is a directory when it is an existing directory or ends in
 *   '/', else a file;
 * - a file is written through a temporary file beside it, renamed over it
 *   only when the run wrote everything it meant to, and never when it
 *   wrote nothing: a failed or empty run leaves an existing file as it was
 *   and makes no new one.  An input named as the output is read whole
 *   before it is replaced;
 * - in a directory each file is named BASE-RECORD[-PLY].EXT, the numbers
 *   with at least four digits (so that the names sort), BASE the input's
 *   name without its directory and extension, made distinct when two
 *   inputs share one (a/001.kif writes 001-0001.kif, then b/001.kif
 *   001_2-0001.kif); each file is made under a new temporary name
 *   (O_CREAT | O_EXCL | O_NOFOLLOW) and renamed into place, so that a
 *   symbolic link planted under its name is replaced, never followed, and a
 *   file that is one of the inputs is never replaced.
 */
#ifndef KIFU_OUTPUT_H
#define KIFU_OUTPUT_H

#include <stdio.h>
#include <sys/types.h>

typedef struct output {
	FILE *f;
	const char *path;   /* -o's path (or the file's in a directory), or NULL: standard output */
	char *target;       /* the file written: path, or where its symbolic link points */
	char *tmp;          /* the temporary file beside it, or NULL (written directly) */
	char *buf;          /* the temporary file's stdio buffer, or NULL */
	int existed;        /* target was a file before: left as it was when nothing is written */
	int in_dir;         /* one of a directory's files (no note when it is not written) */
} output;

/* Opens the output.  path NULL or "-": standard output.  A new path or a
 * regular file (a symbolic link: the file it points to, the link kept) is
 * written through a temporary file beside it: a new file gets the mode
 * the umask gives, a replaced one keeps its mode.  Anything else that can
 * be written (a terminal, /dev/null, a FIFO) is opened and written
 * directly; a directory is refused.  A temporary file is removed if the
 * tool is interrupted (SIGINT, SIGTERM, SIGHUP).  Returns CLI_OK, or
 * CLI_USAGE after printing why. */
int output_open(output *o, const char *path);

/* Flushes and closes.  ok: the run wrote everything it meant to (1),
 * failed (0), or was cut short with what it wrote whole so far
 * (OUTPUT_PARTIAL: an interrupted kifu-annotate).  The temporary file is
 * renamed over the target when ok is 1 and something was written, or for
 * OUTPUT_PARTIAL when no file is there to be replaced; else it is removed
 * and the target left as it was, which is said (not with -q): "FILE:
 * nothing written: left as it was", "FILE: not written, the run failed:
 * not made".  Returns CLI_OK, or CLI_USAGE after saying why (a write
 * error, a rename that failed). */
#define OUTPUT_PARTIAL 2
int output_close(output *o, int ok);

/* -o's one rule: PATH is a directory, into which one file per record or
 * position is written, when it is an existing directory or ends in '/';
 * else it is the one output file.  1 or 0. */
int output_names_dir(const char *path);

/* The directory -o names, and the BASE of each input's files in it. */
struct output_dir {
	const char *path;
	int n, cap;                 /* the inputs known, and the room for them */
	char **inputs, **bases;     /* input i's path and the BASE it writes */
	char **reserved;            /* the own BASEs of the command line's inputs, */
	int given;                  /* given of them: kept for them */
	dev_t *devs;                /* the inputs given that are files, never to be replaced */
	ino_t *inos;
	int nids;
};

/* Makes the directory if it does not exist and gives each input given its
 * BASE, in their order (the input's name without directory and extension,
 * "stdin" for standard input; an input whose BASE an earlier one has gets
 * BASE_2, BASE_3, ..., the first that no input has).  An input not given
 * (a record an index names) gets its BASE by the same rule when its first
 * record is written.  CLI_OK, or CLI_USAGE after printing why (it cannot
 * be made, or it is not a directory).  Free with output_dir_free. */
int output_dir_open(struct output_dir *d, const char *path, int n, char *const inputs[]);
void output_dir_free(struct output_dir *d);

/* Opens DIR/BASE-RECORD.EXT (ply < 0) or DIR/BASE-RECORD-PLY.EXT for a
 * record of input (the path the record was read from, "-" for standard
 * input), record its number in the input (1-based), ext without its dot.
 * Closed with output_close.  CLI_OK, or CLI_USAGE after printing why (the
 * name is too long, it is one of the inputs, it cannot be created). */
int output_dir_file(output *o, struct output_dir *d, const char *input, long record, long ply,
		    const char *ext);

/* Standard output as a Unix filter writes it: a closed pipe ends the tool
 * quietly (SIGPIPE, as cat and grep end), at its first write. */
void output_default_signals(void);

#endif
