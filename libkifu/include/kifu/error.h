/*
 * kifu/error.h - error codes and diagnostics.
 *
 * A function that can fail returns 0 (KIFU_OK) or one of the negative codes
 * below, and nothing else: there is no bare -1 anywhere in the API.  A
 * function that reads text also fills a kifu_diag with the place (file,
 * 1-based line and column, the ply concerned) and a message in plain words.
 * The library never prints and never exits: a program turns a diagnostic
 * into a message and an exit status.
 */
#ifndef KIFU_ERROR_H
#define KIFU_ERROR_H

#include "api.h"

KIFU_BEGIN_DECLS

enum kifu_error_code {
	KIFU_OK = 0,           /* success */
	KIFU_ENOMEM = -1,      /* out of memory: the operation did nothing it could not undo */
	KIFU_EIO = -2,         /* a file or stream could not be read or written */
	KIFU_ESYNTAX = -3,     /* malformed text: YAML, SFEN, a record, a move */
	KIFU_EVARIANT = -4,    /* a variant definition is inconsistent */
	KIFU_ENOTFOUND = -5,   /* no such variant, piece, name, notation or index */
	KIFU_EILLEGAL = -6,    /* a move the rules do not allow, or one that cannot be carried out */
	KIFU_ELIMIT = -7,      /* a documented limit was exceeded (docs/limits.md) */
	KIFU_EINVAL = -8,      /* a bad argument: the caller's mistake, not the input's */
	KIFU_EFORMAT = -9,     /* the input is in no notation libkifu reads */
	KIFU_EUNSUPPORTED = -10 /* the notation cannot express this record */
};

#define KIFU_DIAG_FILE_MAX 256
#define KIFU_DIAG_MESSAGE_MAX 512

/* Where and why something failed.  line and col are 1-based; 0 means "not
 * known" (col 0: the whole line).  ply is the 1-based number of the move
 * concerned, 0 when no move is concerned. */
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
 * returns code, so that `return kifu_diag_set(...)` reports and fails in one
 * step.  diag may be NULL; file may be NULL.  diag->ply is left as it is. */
int kifu_diag_set(kifu_diag *diag, int code, const char *file, long line, long col,
		  const char *fmt, ...) KIFU_PRINTF_(6, 7);

/* A short English name of an error code ("out of memory", ...). */
const char *kifu_error_string(int code);

KIFU_END_DECLS

#endif
