/*
 * progress.h - how far a tool has got through its records, on standard
 * error when that is a terminal: one line, "PROG: 120000 records, 9412345
 * plies, 1.3M plies/s", brought up to date a few times a second and erased
 * before any message and at the end.  The same in every tool: the records
 * are counted where they are read (inputs_each_record, or a tool's own
 * loop), and nothing is ever written when standard error is not a
 * terminal (a file, a pipe, a test).
 */
#ifndef KIFU_PROGRESS_H
#define KIFU_PROGRESS_H

/* The tool writes its output only at the end (kifu-stats): progress is
 * shown even when standard output is the same terminal.  Other tools write
 * as they go, and a progress line would be torn by their output: for them
 * it is shown only when standard output is not a terminal.  Call before
 * the first record. */
void progress_output_at_end(void);

/* A tool whose work is counted in units other than records read
 * (kifu-annotate's positions): from then on progress_record counts without
 * drawing, and progress_units_done draws "PROG: 12 records, 340 positions,
 * 5.2 positions/s, ETA 3:10". */
void progress_units(const char *unit);
/* records and units done so far; total: the units of the whole run, 0 when
 * not known (no ETA then).  Thread-unsafe: call from one thread. */
void progress_units_done(long records, long units, long total);

/* One more record read, with this many plies in its main line. */
void progress_record(long plies);

/* Erases the line, if one is shown, so that a message starts on a clean
 * line; it comes back with the next update. */
void progress_clear(void);

/* The reading is over: erases the line for good (a later record starts
 * the count afresh). */
void progress_done(void);

#endif
