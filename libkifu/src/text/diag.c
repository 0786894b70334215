/*
 * diag.c - diagnostics: the one place where an error gets its words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "kifu/error.h"
#include "text/encoding.h"

void kifu_diag_clear(kifu_diag *diag)
{
	if (diag)
		memset(diag, 0, sizeof *diag);
}

int kifu_diag_set(kifu_diag *diag, int code, const char *file, long line, long col,
		  const char *fmt, ...)
{
	if (!diag)
		return code;
	diag->code = code;
	if (file != diag->file)
		kifu__text_copy(diag->file, sizeof diag->file, file ? file : "");
	diag->line = line;
	diag->col = col;
	va_list ap;
	va_start(ap, fmt);
	char tmp[KIFU_DIAG_MESSAGE_MAX];
	if (vsnprintf(tmp, sizeof tmp, fmt, ap) >= (int)sizeof tmp)
		kifu__utf8_trim_end(tmp); /* never half a character */
	va_end(ap);
	memcpy(diag->message, tmp, sizeof tmp);
	return code;
}

const char *kifu_error_string(int code)
{
	switch (code) {
	case KIFU_OK: return "success";
	case KIFU_ENOMEM: return "out of memory";
	case KIFU_EIO: return "input/output error";
	case KIFU_ESYNTAX: return "syntax error";
	case KIFU_EVARIANT: return "bad variant definition";
	case KIFU_ENOTFOUND: return "not found";
	case KIFU_EILLEGAL: return "illegal move";
	case KIFU_ELIMIT: return "limit exceeded";
	case KIFU_EINVAL: return "invalid argument";
	case KIFU_EFORMAT: return "not in any notation kifu reads";
	case KIFU_EUNSUPPORTED: return "the notation cannot express this";
	default: return "unknown error";
	}
}
