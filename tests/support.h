/*
 * support.h - helpers shared by the cmocka test programs.
 *
 * Moves are written in the compact notation (formats/compact.md): from [mid] to
 * [+] ("7g7f", "8h7g6f", "7g7f+"), drops as the SFEN token then '*' ("P*5e",
 * "X'*8h"); a square is the file number then the rank letter, a = rank 1.
 *
 * Every helper that can fail fails the running cmocka test (with the file
 * and line of the caller for the assert_* macros) instead of returning an
 * error.
 */
#ifndef KIFU_TEST_SUPPORT_H
#define KIFU_TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <kifu/kifu.h>

/* Room for the text of any move list the tests build (4096 moves). */
#define SUPPORT_TEXT_MAX (KIFU_MAX_MOVES * 16)

/* kifu_perft's count; fails the test if it returns an error. */
uint64_t support_perft(kifu_position *pos, int depth);

/* A shipped variant; fails the test if it does not load. */
const kifu_variant *support_variant(const char *name);

/* A new position of a shipped variant, set from sfen (the start position if
 * sfen is NULL).  Free with kifu_position_free. */
kifu_position *support_position(const char *variant, const char *sfen);

/* Sets pos from sfen; fails the test (printing the diagnostic) if it is
 * rejected. */
void support_set_sfen(kifu_position *pos, const char *sfen);

/* "7g": writes the name of sq into buf (at least 8 bytes), returns buf. */
char *support_square_text(const kifu_variant *v, int sq, char *buf);
/* The square named by text[0..] ("10l"); *len gets the characters read.
 * Returns -1 if text does not start with a square of the board. */
int support_parse_square(const kifu_variant *v, const char *text, size_t *len);

/* Writes the compact text of move into buf (at least 32 bytes), returns buf. */
char *support_move_text(const kifu_variant *v, const kifu_move *move, char *buf);
/* Parses the compact text of a move of pos's variant.  Returns 0, or -1 if
 * the text is not a move on this board (legality is not checked). */
int support_parse_move(const kifu_position *pos, const char *text, kifu_move *out);
/* The same, failing the test on a parse error. */
kifu_move support_move(const kifu_position *pos, const char *text);

/* The legal moves of the piece on `square` ("8h"), sorted and joined by
 * single spaces, into a buffer the caller frees. */
char *support_piece_moves(kifu_position *pos, const char *square);
/* The legal drops (of the piece with SFEN token `piece`, or of all pieces
 * if piece is NULL), sorted and joined, into a buffer the caller frees. */
char *support_drops(kifu_position *pos, const char *piece);
/* Every legal move, sorted and joined; the caller frees. */
char *support_all_moves(kifu_position *pos);

/* Fails unless the space-separated move lists `actual` and `expected` hold
 * the same moves the same number of times, in any order.  If pos is not
 * NULL, a pass (from == to with an empty mid) is compared as "FROM pass"
 * whatever its mid: any empty adjacent square names the same pass (formats/compact.md,
 * §3.1).  On failure prints both sorted lists and the difference. */
void support_check_same_moves(const kifu_position *pos, const char *actual,
			      const char *expected, const char *file, int line);

#define assert_moves_equal(pos, actual, expected) \
	support_check_same_moves((pos), (actual), (expected), __FILE__, __LINE__)

/* The legal moves of the piece on `square` are exactly `expected`. */
#define assert_piece_moves(pos, square, expected) \
	support_check_piece_moves((pos), (square), (expected), __FILE__, __LINE__)
void support_check_piece_moves(kifu_position *pos, const char *square,
			       const char *expected, const char *file, int line);

/* The legal drops of `piece` (NULL: all) are exactly `expected`. */
#define assert_drops(pos, piece, expected) \
	support_check_drops((pos), (piece), (expected), __FILE__, __LINE__)
void support_check_drops(kifu_position *pos, const char *piece,
			 const char *expected, const char *file, int line);

/* kifu_check_move on the move `text` gives `code` (KIFU_LEGAL: accepted). */
#define assert_check_move(pos, text, code) \
	support_check_check_move((pos), (text), (code), __FILE__, __LINE__)
void support_check_check_move(kifu_position *pos, const char *text,
			      enum kifu_illegal_code code, const char *file, int line);

/* Plays the move `text`, which kifu_check_move must accept and
 * kifu_generate_legal must list; undo may be NULL. */
#define support_play(pos, text, undo) support_play_at((pos), (text), (undo), __FILE__, __LINE__)
void support_play_at(kifu_position *pos, const char *text, kifu_undo *undo, const char *file,
		     int line);

/* Is `text` among the legal moves of pos? */
int support_is_legal(kifu_position *pos, const char *text);

/* Reads the first record of text (in the notation told from it, or force's)
 * into rec through a stream over memory.  Returns what kifu_stream_next
 * returned, with *v set, *notation (if not NULL) the notation read (a
 * static buffer) and diag filled. */
int support_read_first(kifu_record *rec, const char *text, const char *force,
		       const kifu_variant **v, const char **notation, kifu_diag *diag);

/* The SFEN of pos into buf (at least 4096 bytes); fails the test if it does
 * not fit. */
char *support_sfen(const kifu_position *pos, char *buf, size_t size);

#endif
