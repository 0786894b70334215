/*
 * kifu/error.h - error codes and diagnostics of libkifu.
 *
 * Every function that can fail returns 0 on success or a negative KIFU_E*
 * code.  Functions that read text also fill a kifu_diag with the place
 * (file, 1-based line and column) and a message in plain words.  The
 * library never prints and never exits: the tools turn a diagnostic into a
 * message and an exit status.
 */
#ifndef KIFU_ERROR_H
#define KIFU_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

enum kifu_error_code {
	KIFU_OK = 0,
	KIFU_ENOMEM = -1,   /* out of memory */
	KIFU_EIO = -2,      /* a file could not be read */
	KIFU_ESYNTAX = -3,  /* malformed text (YAML, SFEN, a record) */
	KIFU_EVARIANT = -4, /* a variant definition is inconsistent */
	KIFU_ENOTFOUND = -5,/* no such variant, piece or name */
	KIFU_EILLEGAL = -6, /* a move the rules do not allow */
	KIFU_ELIMIT = -7,   /* a documented limit was exceeded */
	KIFU_EINVAL = -8    /* a bad argument */
};

#define KIFU_DIAG_FILE_MAX 256
#define KIFU_DIAG_MESSAGE_MAX 512

/* Where and why something failed.  line and col are 1-based; 0 means
 * "not known" (col 0: the whole line).  ply is the 1-based number of the
 * move concerned, 0 when no move is concerned. */
typedef struct kifu_diag {
	int code;
	char file[KIFU_DIAG_FILE_MAX];
	long line;
	long col;
	long ply;
	char message[KIFU_DIAG_MESSAGE_MAX];
} kifu_diag;

/* Clears a diagnostic (all fields zero, empty strings).  NULL-safe. */
void kifu_diag_clear(kifu_diag *diag);

/* Fills a diagnostic with a code, a place and a printf-style message and
 * returns code, so that `return kifu_diag_set(...)` reports and fails in
 * one step.  diag may be NULL; file may be NULL. */
int kifu_diag_set(kifu_diag *diag, int code, const char *file, long line,
		  long col, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 6, 7)))
#endif
	;

/* A short English name of an error code ("out of memory", ...). */
const char *kifu_error_string(int code);

#ifdef __cplusplus
}
#endif
#endif
