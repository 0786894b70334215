/*
 * writing.h - what a writer that plays the record (its notation names the
 * moving piece, or the piece taken) shares with the others: the record
 * must have been read whole, and every line of play is walked once through
 * the play loop, illegal moves included as long as they can be carried out.
 */
#ifndef KIFU_NOTATION_WRITING_H
#define KIFU_NOTATION_WRITING_H

#include <stdbool.h>
#include <stdint.h>

#include "kifu/play.h"
#include "kifu/variant.h"

/* sq / files for a square of a board of `files` files, as a product with
 * no division (writers name squares on the per-move path): 65536 / files
 * rounded up errs by less than sq / 65536, under 1 / files while files² ×
 * ranks < 65536, so the quotient is exact on every board of at most 40
 * files and ranks; other arguments are divided. */
#define KIFU__INV16(f) ((65536u + (f) - 1) / (f))
static inline int kifu__square_rank(int sq, int files)
{
	static const uint32_t inverse[41] = {
		0, KIFU__INV16(1), KIFU__INV16(2), KIFU__INV16(3), KIFU__INV16(4), KIFU__INV16(5),
		KIFU__INV16(6), KIFU__INV16(7), KIFU__INV16(8), KIFU__INV16(9), KIFU__INV16(10),
		KIFU__INV16(11), KIFU__INV16(12), KIFU__INV16(13), KIFU__INV16(14), KIFU__INV16(15),
		KIFU__INV16(16), KIFU__INV16(17), KIFU__INV16(18), KIFU__INV16(19), KIFU__INV16(20),
		KIFU__INV16(21), KIFU__INV16(22), KIFU__INV16(23), KIFU__INV16(24), KIFU__INV16(25),
		KIFU__INV16(26), KIFU__INV16(27), KIFU__INV16(28), KIFU__INV16(29), KIFU__INV16(30),
		KIFU__INV16(31), KIFU__INV16(32), KIFU__INV16(33), KIFU__INV16(34), KIFU__INV16(35),
		KIFU__INV16(36), KIFU__INV16(37), KIFU__INV16(38), KIFU__INV16(39), KIFU__INV16(40),
	};
	if (files >= 1 && files <= 40 && sq >= 0 && sq < files * 40)
		return (int)((uint32_t)sq * inverse[files] >> 16);
	return files > 0 ? sq / files : 0;
}

/* 0 when rec was read without error; else KIFU_EINVAL, diag saying where
 * the reading stopped. */
int kifu__write_read_whole(const kifu_record *rec, kifu_diag *diag);

/* Plays every line of rec on pos with opt's hooks and ctx (the rest of opt
 * is set here: through illegal moves, judged only for a validation), and
 * fills validation (kifu_write_options.validation) when not NULL.  0; or,
 * diag filled in the words of `notation` ("KIF", "JKF"), KIFU_EILLEGAL for
 * a move with no piece to move, KIFU_ESYNTAX for a start that cannot be
 * set up, or what a hook returned. */
int kifu__write_lines(const kifu_record *rec, kifu_position *pos, kifu_play_options *opt,
		      kifu_validation *validation, const char *notation, kifu_diag *diag);

/* The longest times writers write: KIF's m:ss and hh:mm:ss read back up to
 * 100,000,000 minutes and hours, and CSA and JKF keep to the same (a
 * longer one is no game's, and would overflow their integers). */
#define KIFU__WRITE_TIME_MAX 6e9    /* a move's or an ending's time, seconds */
#define KIFU__WRITE_TOTAL_MAX 3.6e11 /* the total beside it */

/* Can every time of rec, the moves' and the endings', be written: below
 * KIFU__WRITE_TIME_MAX, with its total (when `totals`: the notation writes
 * them) below KIFU__WRITE_TOTAL_MAX?  0, or KIFU_EUNSUPPORTED with diag
 * saying which cannot, in the words of `notation`. */
int kifu__write_times_fit(const kifu_record *rec, bool totals, const char *notation, kifu_diag *diag);

/* Does any move of rec (with endings: or any line's ending) have a time
 * or a total? */
bool kifu__write_any_times(const kifu_record *rec, bool endings);

/* Each side's running total of a line's times, for a notation that writes
 * a total beside each time (KIF, JKF): the record's own total where it
 * gives one (the side's count goes on from it), else the side's times
 * added up when the record starts at the game's beginning and every
 * earlier move of that side has its time (CSA's T, compact's @ give no
 * totals; Kifu for JS and tsshogi add them up alike), else none: no
 * writer writes a total it does not know.  Sides by the parity of the
 * ply. */
typedef struct kifu__totals {
	bool from_start; /* the record's start is the game's (move number 1) */
	double run[2];
	bool known[2];
} kifu__totals;

/* The totals at the start of line (starting at ply start): the times
 * from the game's beginning to the ply before it, along the lines it
 * branches from. */
void kifu__totals_line(kifu__totals *t, const kifu_record *rec, int line, long start);

/* The total to write beside the time of the move (or ending) at ply; -1
 * when it is not known. */
double kifu__totals_next(kifu__totals *t, long ply, double time, double total);


/* Seconds as compact (`@`) and CSA (`T`) write them, 1*DIGIT ["." 1*DIGIT]
 * (formats/compact.md): read to the nearest double, alike in every locale
 * (no strtod on the text as written).  0 with *out; KIFU_ESYNTAX for any
 * other form (0x10, 1e5, +5, .5, 5.); KIFU_ELIMIT for max or more, or for
 * more than KIFU__SECONDS_DIGITS significant digits (no writer writes
 * them: 17 give back any double). */
#define KIFU__SECONDS_DIGITS 40
int kifu__seconds_read(const char *s, size_t n, double max, double *out);
/* t (finite, >= 0) in that form, in the fewest digits that read back to t
 * (16, 1.5, 0.1; a subnormal's zeros written out, never a thousand
 * decimals).  buf of KIFU__SECONDS_WRITTEN bytes holds any; returns the
 * length. */
#define KIFU__SECONDS_WRITTEN 400
size_t kifu__seconds_write(double t, char *buf, size_t size);

#endif
