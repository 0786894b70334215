/*
 * writing.h - what a writer that plays the record (its notation names the
 * moving piece, or the piece taken) shares with the others: the record
 * must have been read whole, and every line of play is walked once through
 * the play loop, illegal moves included as long as they can be carried out.
 */
#ifndef KIFU_NOTATION_WRITING_H
#define KIFU_NOTATION_WRITING_H

#include "kifu/play.h"

/* 0 when rec was read without error; else KIFU_EINVAL, diag saying where
 * the reading stopped. */
int kifu__write_read_whole(const kifu_record *rec, kifu_diag *diag);

/* Plays every line of rec on pos with opt's hooks and ctx (the rest of opt
 * is set here: through illegal moves, not judged).  0; or, diag filled in
 * the words of `notation` ("KIF", "JKF"), KIFU_EILLEGAL for a move with no
 * piece to move, KIFU_ESYNTAX for a start that cannot be set up, or what a
 * hook returned. */
int kifu__write_lines(const kifu_record *rec, kifu_position *pos, kifu_play_options *opt,
		      const char *notation, kifu_diag *diag);

#endif
