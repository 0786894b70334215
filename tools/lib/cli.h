/*
 * cli.h - what the kifu-* tools share: the program name, messages on
 * stderr, exit statuses, --version, the common options and the choice of a
 * variant.  The library never prints or exits; this is the outer
 * layer that turns its codes and diagnostics into messages and statuses.
 */
#ifndef KIFU_CLI_H
#define KIFU_CLI_H

#include <getopt.h>
#include <stdio.h>

#include <kifu/error.h>
#include <kifu/variant.h>



/* Exit statuses (kifu(7)). */
enum cli_status {
	CLI_OK = 0,      /* success */
	CLI_INVALID = 1, /* records invalid, or different */
	CLI_USAGE = 2    /* usage or I/O error */
};

/* getopt_long values of the options that have no short form. */
enum cli_long_only {
	CLI_OPT_VERSION = 0x100,
	CLI_OPT_VARIANT_FILE,
	CLI_OPT_FROM,
	CLI_OPT_FIRST_FREE   /* a tool numbers its own long-only options from here */
};

/* The options every tool takes, for a tool's struct option table:
 * -h/--help, --version, -q/--quiet, -v/--variant NAME, --variant-file FILE,
 * --from NOTATION. */
#define CLI_COMMON_OPTIONS \
	{"help", no_argument, NULL, 'h'}, \
	{"quiet", no_argument, NULL, 'q'}, \
	{"version", no_argument, NULL, CLI_OPT_VERSION}, \
	{"variant", required_argument, NULL, 'v'}, \
	{"variant-file", required_argument, NULL, CLI_OPT_VARIANT_FILE}, \
	{"from", required_argument, NULL, CLI_OPT_FROM}
/* The leading ':' makes getopt_long quiet, returning ':' for a missing
 * argument and '?' for an unknown option: see cli_option_error. */
#define CLI_COMMON_SHORT ":hqv:"

/* Sets the program name from argv[0] (its basename); call first in main. */
void cli_set_program(const char *argv0);
/* The program name, "kifu" before cli_set_program. */
const char *cli_program(void);

/* Prints "PROG: message" and a newline on stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* -q/--quiet: no messages about records (cli_record_diag, cli_note); usage
 * and I/O errors are still said.  cli_quiet() tells whether it was given. */
int cli_quiet(void);

/* cli_diag for a message about a record (an invalid one, one that cannot
 * be converted): nothing with -q. */
void cli_record_diag(const kifu_diag *diag);
/* cli_error for a remark about the input ("no records"): nothing with -q. */
void cli_note(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* Prints "PROG: FILE:LINE:COL: message" on stderr, leaving out the file
 * when it is empty, the line when it is 0 and the column when it is 0
 * (with no line, a column is printed as "column COL"). */
void cli_diag(const kifu_diag *diag);

/* Prints "PROG (kifu) VERSION" on stdout (kifu/version.h); returns
 * cli_stdout_done(). */
int cli_version(void);
/* After --help or --version: CLI_OK if standard output took all of it,
 * else CLI_USAGE after saying why (a full disk, /dev/full). */
int cli_stdout_done(void);

/* Prints "Try 'PROG --help'." on stderr and returns CLI_USAGE. */
int cli_usage_error(void);

/* An option's word: the index of arg among names[0..n), or -1 after saying
 * "unknown WHAT 'ARG' (a, b or c)", naming the first `shown` of the names
 * (the rest are other spellings), then as cli_usage_error. */
int cli_choice(const char *what, const char *arg, const char *const *names, int n, int shown);

/* --encoding's word (utf-8, utf8; sjis, shift_jis, cp932): 0 with *enc
 * (enum kifu_encoding), or CLI_USAGE said as cli_choice says it. */
int cli_encoding(const char *arg, int *enc);

/* For getopt_long's ':' or '?': says which option is unknown or lacks its
 * argument, then as cli_usage_error.  Call before argv or optind change. */
int cli_option_error(int opt, char *const argv[]);

/* The variant asked for on the command line. */
struct cli_variant_choice {
	const char *name; /* -v/--variant, or NULL */
	const char *file; /* --variant-file, or NULL */
	const char *from; /* --from NOTATION, or NULL: told from the input */
};

/* The names of the notations that can be read (writable: written), as
 * "compact, kif", for a help text or a message. */
const char *cli_notations(int writable);

/* The notation called name, if it can be read (writable: written); else
 * prints why (listing the notations) and returns CLI_USAGE. */
int cli_notation_check(const char *name, int writable);

/* "Sente" or "Gote": a side in the tools' messages and text (the one
 * spelling every tool uses). */
const char *cli_side_name(int side);

/* The extension of the files -o DIR writes in a notation: its first
 * (kif of ".kif .kifu ..."), without the dot; its name when it has none. */
void cli_notation_ext(const char *notation, char *buf, size_t size);

/* The help lines of the common options (-v, --variant-file, --from), their
 * descriptions starting at column width + 2. */
void cli_common_help(FILE *f, int width);

/* Handles a common option returned by getopt_long (-q, -v, --variant-file,
 * --from).  Returns 1 if opt was one of them, 0 if not (the tool handles it).  Does not handle 'h' and
 * CLI_OPT_VERSION, whose output is the tool's. */
int cli_variant_option(struct cli_variant_choice *choice, int opt,
		       const char *arg);

/* Loads the chosen variant: the file if one was given (whose name must then
 * match a -v name given too), else the shipped variant of that name.
 * *out is the variant to use; *owned is what the caller must free with
 * kifu_variant_free (NULL for a shipped variant).  On failure prints the
 * error and returns CLI_USAGE; returns CLI_OK on success.  With neither a
 * name nor a file, fails with "no variant given". */
int cli_variant_load(const struct cli_variant_choice *choice,
		     const kifu_variant **out, kifu_variant **owned);

#endif
