/*
 * writing.c - what writers that play the record share (writing.h).
 */
#include "notation/writing.h"

int kifu__write_read_whole(const kifu_record *rec, kifu_diag *diag)
{
	long line = 0, col = 0;
	const char *err = kifu_record_error(rec, NULL, &line, &col, NULL);
	if (!err)
		return 0;
	return kifu_diag_set(diag, KIFU_EINVAL, kifu_record_file(rec), line, col,
			     "the record was not read whole: %s", err);
}

int kifu__write_lines(const kifu_record *rec, kifu_position *pos, kifu_play_options *opt,
		      const char *notation, kifu_diag *diag)
{
	opt->through_illegal = 1;
	opt->judge = 0;
	kifu_validation val;
	int rc = kifu_play_all(rec, pos, opt, &val);
	if (rc == KIFU_EILLEGAL) {
		kifu_record_move m;
		if (kifu_record_line_move(rec, val.stopped_line, val.stopped_ply, &m, NULL) == 0)
			return kifu_diag_set(diag, KIFU_EILLEGAL, kifu_record_file(rec), m.line, m.col,
					     "ply %ld: %s: no piece to move: cannot write it in %s",
					     val.stopped_ply, m.text, notation);
		return kifu_diag_set(diag, KIFU_EILLEGAL, kifu_record_file(rec), 0, 0, "cannot write it in %s",
				     notation);
	}
	if (rc)
		return rc;
	if (!val.valid && val.ply == 0 && !val.played && kifu_record_total_moves(rec))
		/* the start itself could not be set up (a bad sfen tag) */
		return kifu_diag_set(diag, KIFU_ESYNTAX, kifu_record_file(rec), val.line, val.col, "%s", val.reason);
	return 0;
}
