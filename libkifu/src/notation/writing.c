/*
 * writing.c - what writers that play the record share (writing.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- seconds, as compact and CSA write them ---- */

int kifu__seconds_read(const char *s, size_t n, double max, double *out)
{
	size_t i = 0, whole, frac = 0;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	whole = i;
	if (whole == 0)
		return KIFU_ESYNTAX;
	if (i < n && s[i] == '.') {
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		frac = i - whole - 1;
		if (frac == 0)
			return KIFU_ESYNTAX;
	}
	if (i != n)
		return KIFU_ESYNTAX;
	/* the digits as one integer N and a power of ten, N e-F ("1763571e-3"):
	 * strtod reads that form alike in every locale (a decimal point is the
	 * locale's), to the nearest double.  Leading zeros are no digits of
	 * N, nor are a fraction's trailing zeros (1.500 is 15e-1). */
	const char *a = s, *fs = s + whole + 1;
	size_t wa = whole;
	while (wa > 0 && *a == '0') {
		a++;
		wa--;
	}
	while (frac > 0 && fs[frac - 1] == '0')
		frac--;
	if (wa == 0)
		while (frac > 0 && *fs == '0') {
			/* 0.005: N is 5, F still 3 */
			fs++;
			frac--;
			if (frac == 0)
				break;
		}
	size_t scale = (size_t)(fs - (s + whole + 1)) + frac;
	char num[KIFU__SECONDS_DIGITS + 24];
	if (wa + frac > KIFU__SECONDS_DIGITS)
		return KIFU_ELIMIT;
	if (wa + frac == 0) {
		*out = 0;
		return max > 0 ? 0 : KIFU_ELIMIT;
	}
	memcpy(num, a, wa);
	memcpy(num + wa, fs, frac);
	snprintf(num + wa + frac, sizeof num - wa - frac, "e-%zu", wa ? frac : scale);
	double v = strtod(num, NULL);
	if (!(v < max))
		return KIFU_ELIMIT;
	*out = v;
	return 0;
}

size_t kifu__seconds_write(double t, char *buf, size_t size)
{
	if (t < 1e15 && t == (double)(long long)t)
		return (size_t)snprintf(buf, size, "%lld", (long long)t);
	/* the fewest significant digits that read back (17 always do), from
	 * %e's digits and exponent: its decimal point is the locale's, and
	 * passed over */
	char e[40], digits[24];
	for (int p = 1; p <= 17; p++) {
		snprintf(e, sizeof e, "%.*e", p - 1, t);
		size_t nd = 0;
		const char *q = e;
		for (; *q && *q != 'e'; q++)
			if (*q >= '0' && *q <= '9' && nd < sizeof digits - 1)
				digits[nd++] = *q;
		long exp = *q ? strtol(q + 1, NULL, 10) : 0;
		/* digits[0].digits[1..] x 10^exp, written out plain */
		size_t o = 0;
		if (exp < 0) {
			o += (size_t)snprintf(buf + o, size - o, "0.");
			for (long z = 1; z < -exp && o + 1 < size; z++)
				buf[o++] = '0';
			for (size_t d = 0; d < nd && o + 1 < size; d++)
				buf[o++] = digits[d];
		} else {
			for (long d = 0; d <= exp && o + 1 < size; d++)
				buf[o++] = (size_t)d < nd ? digits[d] : '0';
			if ((size_t)exp + 1 < nd) {
				buf[o++] = '.';
				for (size_t d = (size_t)exp + 1; d < nd && o + 1 < size; d++)
					buf[o++] = digits[d];
			}
		}
		while (o > 0 && memchr(buf, '.', o) && buf[o - 1] == '0')
			o--;
		if (o > 0 && buf[o - 1] == '.')
			o--;
		buf[o] = 0;
		double back;
		if (kifu__seconds_read(buf, o, INFINITY, &back) == 0 && back == t)
			return o;
	}
	return (size_t)snprintf(buf, size, "%lld", (long long)t); /* not reached for a finite t */
}

double kifu__totals_next(kifu__totals *t, long ply, double time, double total)
{
	int side = (int)(ply & 1);
	if (total >= 0) {
		t->run[side] = total;
		t->known[side] = true;
		return total;
	}
	if (time < 0) {
		t->known[side] = false;
		return -1;
	}
	if (!t->known[side])
		return -1;
	t->run[side] += time;
	return t->run[side];
}

void kifu__totals_line(kifu__totals *t, const kifu_record *rec, int line, long start)
{
	t->run[0] = t->run[1] = 0;
	t->known[0] = t->known[1] = t->from_start;
	for (long q = 1; q < start && (t->known[0] || t->known[1]); q++) {
		kifu_record_move m;
		if (kifu_record_line_move(rec, line, q, &m, NULL) != 0) {
			t->known[0] = t->known[1] = false;
			break;
		}
		kifu__totals_next(t, q, m.time, m.total);
	}
}
