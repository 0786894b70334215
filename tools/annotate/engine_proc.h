/*
 * engine_proc.h - an engine as a child process driven over pipes
 * (kifu-annotate, docs/annotate.md "Engines"): started through /bin/sh so
 * that --engine may carry arguments, looked up in PATH and in /usr/games
 * (where Debian installs fairy-stockfish and hachu), in a process group of
 * its own (a Ctrl-C on the terminal reaches kifu-annotate, which stops its
 * engines itself), its standard error sent to --engine-log or /dev/null,
 * never mixed with kifu's messages.  Lines are read with a deadline: an
 * engine that hangs is seen to hang.
 */
#ifndef KIFU_ANNOTATE_ENGINE_PROC_H
#define KIFU_ANNOTATE_ENGINE_PROC_H

#include <stddef.h>
#include <sys/types.h>

#include <signal.h>

/* Set by kifu-annotate's SIGINT and SIGTERM handler: a line being waited
 * for is given up at once (proc_line answers -1). */
extern volatile sig_atomic_t proc_interrupted;

/* Longest line an engine may send; a longer one is garbage. */
#define PROC_LINE_MAX 16384

typedef struct engine_proc {
	pid_t pid;          /* 0: not running */
	int to_engine;      /* its standard input */
	int from_engine;    /* its standard output */
	char buf[PROC_LINE_MAX + 1];
	size_t len, pos;    /* buf[pos..len) is read but not yet taken */
	int status;         /* its exit status once reaped (proc_reap), -1 before */
} engine_proc;

/* Puts /usr/games at the end of PATH (where Debian puts its game engines,
 * and a shell that is not a login shell does not look), for the engines
 * started from then on.  Call once, before any thread is started. */
void proc_path_setup(void);

/* Starts `sh -c 'exec CMD'` with log_fd as its standard error.  0, or -1
 * with why filled (a fork or a pipe that failed: a command that is not
 * found is seen when the engine does not answer, proc_exit_words). */
int proc_start(engine_proc *p, const char *cmd, int log_fd, char *why, size_t size);

/* Sends one line (a newline is added).  0, or -1 when the engine is gone. */
int proc_send(engine_proc *p, const char *line);

/* The next line, without its line end, into line.  1 a line; 0 the engine
 * closed its output (it died); -1 nothing by the deadline (a time from
 * proc_now); -2 a line longer than PROC_LINE_MAX. */
int proc_line(engine_proc *p, char *line, size_t size, double deadline);

/* Seconds on a monotonic clock. */
double proc_now(void);

/* Ends the engine: closes its input (an engine that reads its end quits),
 * waits a little, then kills its process group.  Safe on a stopped one. */
void proc_stop(engine_proc *p);

/* Why an engine that closed its output is gone, in words: "exited with
 * status 3", "killed by signal 11", "not found (exit status 127)".  Waits
 * for it (briefly) first. */
void proc_exit_words(engine_proc *p, char *buf, size_t size);

#endif
