/*
 * writing.c - what writers that play the record share (writing.h).
 */
#include "notation/writing.h"
#include "kifu/notation.h"

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
		      kifu_validation *validation, const char *notation, kifu_diag *diag)
{
	opt->through_illegal = 1;
	/* the ends judged only for a validation (the writing needs none) */
	opt->judge = validation != NULL;
	if (validation)
		opt->namer = kifu_notation_square_namer(kifu_record_notation(rec));
	kifu_validation own;
	const kifu_validation *val = validation ? validation : &own;
	int rc = kifu_play_all(rec, pos, opt, validation ? validation : &own);
	if (rc == KIFU_EILLEGAL) {
		kifu_record_move m;
		if (kifu_record_line_move(rec, val->stopped_variation, val->stopped_ply, &m, NULL) == 0)
			return kifu_diag_set(diag, KIFU_EILLEGAL, kifu_record_file(rec), m.line, m.col,
					     "ply %ld: %s: no piece to move: cannot write it in %s",
					     val->stopped_ply, m.text, notation);
		return kifu_diag_set(diag, KIFU_EILLEGAL, kifu_record_file(rec), 0, 0, "cannot write it in %s",
				     notation);
	}
	if (rc)
		return rc;
	if (!val->valid && val->fault.ply == 0 && !val->played && kifu_record_total_moves(rec))
		/* the start itself could not be set up (a bad sfen tag) */
		return kifu_diag_set(diag, KIFU_ESYNTAX, kifu_record_file(rec), val->fault.line, val->fault.col, "%s",
				     val->fault.reason);
	return 0;
}

/* A time written only when the move has one (a total alone is not). */
static bool time_fits(double time, double total, bool totals)
{
	return time < 0 || (time < KIFU__WRITE_TIME_MAX && (!totals || total < KIFU__WRITE_TOTAL_MAX));
}

bool kifu__write_any_times(const kifu_record *rec, bool endings)
{
	/* a move's time is an annotation: none when the record has none */
	long n = kifu_record_moves_annotated(rec) ? kifu_record_total_moves(rec) : 0;
	for (long i = 0; i < n; i++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, i, &m);
		if (m.time >= 0 || m.total >= 0)
			return true;
	}
	for (int l = 0; endings && l < kifu_record_line_count(rec); l++) {
		kifu_record_line_info li;
		kifu_record_get_line(rec, l, &li);
		if (li.ending_time >= 0 || li.ending_total >= 0)
			return true;
	}
	return false;
}

int kifu__write_times_fit(const kifu_record *rec, bool totals, const char *notation, kifu_diag *diag)
{
	const char *what = NULL;
	long at = 0, col = 0;
	/* a move's time is an annotation: none when the record has none */
	long n = kifu_record_moves_annotated(rec) ? kifu_record_total_moves(rec) : 0;
	for (long i = 0; i < n && !what; i++) {
		kifu_record_move m;
		kifu_record_get_move_at(rec, i, &m);
		if (!time_fits(m.time, m.total, totals)) {
			what = m.text;
			at = m.line;
			col = m.col;
		}
	}
	for (int l = 0; l < kifu_record_line_count(rec) && !what; l++) {
		kifu_record_line_info li;
		kifu_record_get_line(rec, l, &li);
		if (!time_fits(li.ending_time, li.ending_total, totals)) {
			what = li.ending_text;
			at = li.ending_line;
		}
	}
	if (what)
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(rec), at, col,
				     "%s: its time (100,000,000 minutes or more%s) cannot be written in %s: it would "
				     "not read back the same", what, totals ? ", or a total of 100,000,000 hours or more" : "",
				     notation);
	return 0;
}
