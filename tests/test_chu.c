/*
 * test_chu.c - Chu Shogi (chu, chu-jcsa) against docs/rules.md, "Chu Shogi":
 * the Lion-trading rules, the counter-strike square, promotion, the end of
 * the game, what the repetition rule needs, SFEN field 3, and perft.
 *
 * Every expected move set below was worked out by hand from docs/rules.md
 * (the reasoning is in the comment above each case).  Squares are "file
 * rank": file 1..12 from Sente's right, rank a = rank 1 on Gote's side;
 * Sente (uppercase) moves toward rank a, so for Sente "forward" is the next
 * letter down the alphabet and "right" the lower file.  Gote moves toward
 * rank l.  Chu's letters are lishogi's: N Lion, +O promoted Kirin (a Lion),
 * +H Horned Falcon, I Go-between.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const chu_start =
	"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
	"PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

/* The 24 squares within two king steps of 7g: files 5-9, ranks e-i. */
#define AREA_7G_BUT(...) area_7g_but((const char *[]){__VA_ARGS__, NULL})

/* "7gX" for every X within two steps of 7g except those listed, joined by
 * spaces, with a trailing space; static buffer. */
static const char *area_7g_but(const char *const *except)
{
	static char buf[512];
	buf[0] = 0;
	for (char r = 'e'; r <= 'i'; r++)
		for (int f = 5; f <= 9; f++) {
			char sq[8];
			snprintf(sq, sizeof sq, "%d%c", f, r);
			if (f == 7 && r == 'g')
				continue;
			int skip = 0;
			for (int i = 0; except[i]; i++)
				skip |= !strcmp(except[i], sq);
			if (!skip) {
				strcat(buf, "7g");
				strcat(buf, sq);
				strcat(buf, " ");
			}
		}
	return buf;
}

static char *cat(const char *a, const char *b)
{
	char *s = malloc(strlen(a) + strlen(b) + 1);
	assert_non_null(s);
	strcpy(s, a);
	strcat(s, b);
	return s;
}

static void check_piece(kifu_position *pos, const char *sq, const char *a, const char *b,
			const char *file, int line)
{
	char *want = cat(a, b);
	support_check_piece_moves(pos, sq, want, file, line);
	free(want);
}
#define assert_piece_moves2(pos, sq, a, b) check_piece((pos), (sq), (a), (b), __FILE__, __LINE__)

/* ---- Lion-trading rule 1: a Lion takes a Lion that is not next to it ---- */

static void lion_protected_far(void **state)
{
	(void)state;
	/* Sente Lion on 7g; Gote Lion on 5i (two files, two ranks away: not
	 * adjacent), protected by the Gote Gold on 5h (Gote's Gold steps
	 * straight forward, toward rank l, onto 5i).  The Lion reaches the 24
	 * squares of files 5-9, ranks e-i (the Gold on 5h is two files away: a
	 * jump takes it), but not 5i; nothing enemy is adjacent, so no two-step
	 * capture; one pass.  24 - 1 + 1 = 24. */
	kifu_position *pos = support_position("chu", "k11/12/12/12/12/12/5N6/7g4/7n4/12/12/11K b - 1");
	assert_piece_moves2(pos, "7g", AREA_7G_BUT("5i"), "7g6g7g");
	assert_check_move(pos, "7g5i", KIFU_ILL_LION_PROTECTED);
	assert_check_move(pos, "7g6h5i", KIFU_ILL_LION_PROTECTED); /* the direct move, spelt in two */
	assert_check_move(pos, "7g5h", KIFU_LEGAL);
	kifu_position_free(pos);

	/* Without the Gold nothing protects 5i: the Lion may take it. */
	pos = support_position("chu", "k11/12/12/12/12/12/5N6/12/7n4/12/12/11K b - 1");
	assert_piece_moves2(pos, "7g", AREA_7G_BUT("none"), "7g6g7g");
	kifu_position_free(pos);
}

static void lion_protected_behind(void **state)
{
	(void)state;
	/* A protector hidden behind the taking Lion: Gote Rook on 7c, Sente
	 * Lion on 7g, Gote Lion on 7i.  With the Lion lifted from 7g the Rook
	 * sees down file 7 through 7g and 7h to 7i: protected.  So 7g7i is
	 * illegal; the rest of the area (7e, 7f on the Rook's file included:
	 * not Lions) and the pass are legal. */
	kifu_position *pos = support_position("chu", "k11/12/5r6/12/12/12/5N6/12/5n6/12/12/11K b - 1");
	assert_piece_moves2(pos, "7g", AREA_7G_BUT("7i"), "7g6g7g");
	kifu_position_free(pos);
}

static void lion_adjacent(void **state)
{
	(void)state;
	/* An adjacent Lion may always be taken, protected or not: Gote Lion on
	 * 7h protected by the Gote Gold on 7i (a Gold steps straight back). */
	kifu_position *pos = support_position("chu", "k11/12/12/12/12/12/5N6/5n6/5g6/12/12/11K b - 1");
	assert_check_move(pos, "7g7h", KIFU_LEGAL);
	assert_check_move(pos, "7g7h7g", KIFU_LEGAL);
	assert_check_move(pos, "7g7h7i", KIFU_LEGAL);
	kifu_position_free(pos);
}

/* ---- rule 2: the two-step capture ---- */

static void lion_bridge(void **state)
{
	(void)state;
	/* Sente Lion on 7g; Gote Silver on 7f (adjacent), Gote Lion on 7e (not
	 * adjacent to 7g), protected by the Gote Gold on 7d.  Direct 7g7e:
	 * illegal (rule 1).  7g7f7e takes the Silver first, not a Pawn or
	 * Go-between: legal, protection or not.  The moves: the 23 area squares
	 * but 7e; through 7f every neighbour of 7f (6e 7e 8e 6f 8f 6g 8g, and
	 * 7g: 居食い); one pass.  23 + 8 + 1 = 32. */
	kifu_position *pos = support_position("chu", "k11/12/12/5g6/5n6/5s6/5N6/12/12/12/12/11K b - 1");
	assert_piece_moves2(pos, "7g", AREA_7G_BUT("7e"),
		"7g7f6e 7g7f7e 7g7f8e 7g7f6f 7g7f8f 7g7f6g 7g7f7g 7g7f8g 7g6g7g");
	assert_check_move(pos, "7g7e", KIFU_ILL_LION_PROTECTED);
	/* through an empty square: the direct move */
	assert_check_move(pos, "7g6f7e", KIFU_ILL_LION_PROTECTED);
	kifu_position_free(pos);

	/* A Pawn on 7f instead: taking a Pawn first does not count, and 7e is
	 * protected (the Gold on 7d), so 7g7f7e is illegal; 7g7f7g is legal. */
	pos = support_position("chu", "k11/12/12/5g6/5n6/5p6/5N6/12/12/12/12/11K b - 1");
	assert_check_move(pos, "7g7f7e", KIFU_ILL_LION_PROTECTED);
	assert_check_move(pos, "7g7f7g", KIFU_LEGAL);
	assert_check_move(pos, "7g7f6e", KIFU_LEGAL);
	kifu_position_free(pos);

	/* No Gold: with 7g and 7f emptied nothing attacks 7e.  With a Pawn on
	 * 7f (a Gote Pawn steps toward rank l: it attacks 7g, not 7e) 7g7f7e is
	 * legal.  With a Go-between on 7f (it steps forward and back: it attacks
	 * 7e) it is not: a Pawn or Go-between protecting the Lion with only the
	 * start emptied forbids it, the one taken on the first step included. */
	pos = support_position("chu", "k11/12/12/12/5n6/5p6/5N6/12/12/12/12/11K b - 1");
	assert_check_move(pos, "7g7f7e", KIFU_LEGAL);
	support_set_sfen(pos, "k11/12/12/12/5n6/5i6/5N6/12/12/12/12/11K b - 1");
	assert_check_move(pos, "7g7f7e", KIFU_ILL_LION_PROTECTED);
	assert_check_move(pos, "7g7f8e", KIFU_LEGAL);
	kifu_position_free(pos);
}

/* ---- rule 3: the counter-strike ---- */

static void counter_strike_field(void **state)
{
	(void)state;
	/* Sente Bishop on 6l, King on 1l; Gote Lions on 8j (+o, a promoted
	 * Kirin) and 3i, Rook on 8f, King on 1a.  The Bishop's diagonals: 7k,
	 * 8j (the Lion: stop), and 5k, 4j, 3i (the Lion); rank l is its last.
	 * With no counter-strike square all five; with 8j the square (a
	 * non-Lion just took a Lion there) a non-Lion may take a Lion only on
	 * 8j: 3i is out.  chu-jcsa bans only a protected Lion: nothing of
	 * Gote's attacks 3i (the Rook's lines are file 8 and rank f, the Lion
	 * on 8j is five files away), so there 6l3i stays legal. */
	kifu_position *pos = support_position("chu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1");
	assert_piece_moves(pos, "6l", "6l7k 6l8j 6l5k 6l4j 6l3i");
	support_set_sfen(pos, "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1");
	assert_int_equal(kifu_position_counter_strike(pos), 9 * 12 + 7);
	assert_piece_moves(pos, "6l", "6l7k 6l8j 6l5k 6l4j");
	assert_check_move(pos, "6l3i", KIFU_ILL_COUNTER_STRIKE);
	kifu_position_free(pos);

	pos = support_position("chu-jcsa", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1");
	assert_piece_moves(pos, "6l", "6l7k 6l8j 6l5k 6l4j 6l3i");
	kifu_position_free(pos);
}

static void counter_strike_set_by_moves(void **state)
{
	(void)state;
	/* Gote Rook on 8f takes the Sente Lion on 8j (down file 8 through the
	 * empty 8g-8i): the counter-strike square is 8j, written in SFEN field
	 * 3.  Sente's Bishop on 6l may then take the Rook on 8j (not a Lion),
	 * but not the Lion on 3i.  Unmaking the move clears the square. */
	const char *before = "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/K5B5 w - 1";
	kifu_position *pos = support_position("chu", before);
	uint64_t key0 = kifu_position_key(pos);
	kifu_undo u;
	char sfen[4096];
	support_play(pos, "8f8j", &u);
	assert_string_equal(support_sfen(pos, sfen, sizeof sfen),
		"k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/K5B5 b 8j 2");
	assert_piece_moves(pos, "6l", "6l7k 6l8j 6l5k 6l4j");
	/* the square is part of the position: the same board without it differs */
	kifu_position *other = support_position("chu", "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/K5B5 b - 2");
	assert_true(kifu_position_key(pos) != kifu_position_key(other));
	support_set_sfen(other, "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/K5B5 b 8j 2");
	assert_true(kifu_position_key(pos) == kifu_position_key(other));
	kifu_position_free(other);
	kifu_unmake_move(pos, &u);
	assert_string_equal(support_sfen(pos, sfen, sizeof sfen), before);
	assert_int_equal(kifu_position_counter_strike(pos), -1);
	assert_true(kifu_position_key(pos) == key0);

	/* The Kirin on 7i takes the Lion on 8j and promotes (a capture ending in
	 * Gote's zone, ranks i-l): a non-Lion took a Lion, though it is a Lion
	 * now.  Sente may take it back on 8j with the Bishop, and only there. */
	support_play(pos, "7i8j+", NULL);
	assert_string_equal(support_sfen(pos, sfen, sizeof sfen),
		"k11/12/12/12/12/4r7/12/12/9n1n/4+o6P/12/K5B5 b 8j 2");
	assert_piece_moves(pos, "6l", "6l7k 6l8j 6l5k 6l4j");
	/* After any other move the square is cleared. */
	support_play(pos, "6l7k", NULL);
	assert_int_equal(kifu_position_counter_strike(pos), -1);
	kifu_position_free(pos);

	/* A Lion taking a Lion sets no square. */
	pos = support_position("chu", "k11/12/12/12/12/12/5n6/5N6/12/12/12/11K b - 1");
	support_play(pos, "7h7g", NULL);
	assert_int_equal(kifu_position_counter_strike(pos), -1);
	kifu_position_free(pos);
}

/* The Gote Horned Falcon on 7h after Sente's Pawn took Gote's Lion on 6e:
 * its moves other than those onto file 7 ahead of it (Gote's forward is
 * toward rank l).  Diagonal slides: 8i 9j 10k 11l, 6i 5j 4k 3l, 8g 9f 10e
 * 11d 12c, 6g 5f 4e 3d 2c 1b; sideways 8h-12h, 6h-1h; back 7g-7a. */
#define FALCON_7H                                                                   \
	"7h8i 7h9j 7h10k 7h11l 7h6i 7h5j 7h4k 7h3l 7h8g 7h9f 7h10e 7h11d 7h12c "    \
	"7h6g 7h5f 7h4e 7h3d 7h2c 7h1b 7h8h 7h9h 7h10h 7h11h 7h12h 7h6h 7h5h 7h4h " \
	"7h3h 7h2h 7h1h 7h7g 7h7f 7h7e 7h7d 7h7c 7h7b 7h7a "

static void counter_strike_legs(void **state)
{
	(void)state;
	/* Sente: Pawn 6f, Lion 7i, Gold 7j (it protects 7i), King 1l; Gote:
	 * Lion 6e, Falcon 7h, King 12a.  6f6e: the Pawn takes the Lion, the
	 * counter-strike square is 6e.  Ahead of the Falcon: 7i (Sente's Lion)
	 * and 7j (the Gold).  lishogi judges the last leg only: 7h7i (taking the
	 * Lion, not on 6e) is out; the jump 7h7j, and the two-step moves taking
	 * the Lion on the first step, 7h7i7h (居食い) and 7h7i7j (going on to take
	 * the Gold), are in.  No pass: 7i is not empty.  37 + 3 = 40. */
	const char *sfen = "k11/12/12/12/6n5/6P5/12/5+h6/5N6/5G6/12/11K b - 1";
	kifu_position *pos = support_position("chu", sfen);
	support_play(pos, "6f6e", NULL);
	char buf[4096];
	assert_string_equal(support_sfen(pos, buf, sizeof buf),
		"k11/12/12/12/6P5/12/12/5+h6/5N6/5G6/12/11K w 6e 2");
	assert_piece_moves(pos, "7h", FALCON_7H "7h7j 7h7i7h 7h7i7j");
	assert_check_move(pos, "7h7i", KIFU_ILL_COUNTER_STRIKE);
	kifu_position_free(pos);

	/* chu-jcsa judges both legs, and the Lion on 7i has a foot (the Gold):
	 * 7h7i7h and 7h7i7j are out too.  38. */
	pos = support_position("chu-jcsa", sfen);
	support_play(pos, "6f6e", NULL);
	assert_piece_moves(pos, "7h", FALCON_7H "7h7j");
	assert_check_move(pos, "7h7i7h", KIFU_ILL_COUNTER_STRIKE);
	kifu_position_free(pos);
}

/* ---- promotion ---- */

static void promotion(void **state)
{
	(void)state;
	/* Sente's zone is ranks a-d.  Sente: Go-between 10b, Pawn 7b, Lances 2b
	 * 1b 4c 3c 5e, Rook 11c, Pawn 8c, Bishop 7c, King 1k; Gote: Pawns 2a 8b
	 * 4b 10c 11f, King 1i. */
	const char *sfen = "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1";
	kifu_position *pos = support_position("chu", sfen);
	/* A Pawn or Lance on a move to the last rank, even from inside the
	 * zone and without a capture: promotion allowed, never forced. */
	assert_piece_moves(pos, "7b", "7b7a 7b7a+");
	assert_piece_moves(pos, "1b", "1b1a 1b1a+");
	/* 3c3b is a quiet move inside the zone: no promotion; 3c3a reaches the
	 * last rank. */
	assert_piece_moves(pos, "3c", "3c3b 3c3a 3c3a+");
	/* captures inside the zone */
	assert_piece_moves(pos, "2b", "2b2a 2b2a+");
	assert_piece_moves(pos, "4c", "4c4b 4c4b+");
	assert_piece_moves(pos, "8c", "8c8b 8c8b+");
	/* entering the zone from outside, captures or not */
	assert_piece_moves(pos, "5e", "5e5d 5e5d+ 5e5c 5e5c+ 5e5b 5e5b+ 5e5a 5e5a+");
	/* The Bishop on 7c: 8b (a capture in the zone); 6b 5a, 8d, 6d quiet in
	 * the zone; 9e 10f 11g 12h quiet moves out of it: no promotion. */
	assert_piece_moves(pos, "7c", "7c8b 7c8b+ 7c6b 7c5a 7c8d 7c6d 7c9e 7c10f 7c11g 7c12h");
	/* The Rook on 11c: 11f is a capture leaving the zone: it may promote. */
	assert_piece_moves(pos, "11c", "11c12c 11c10c 11c10c+ 11c11b 11c11a 11c11d 11c11e 11c11f 11c11f+");
	/* The Go-between has no last-rank promotion: 10a is quiet in the zone. */
	assert_piece_moves(pos, "10b", "10b10a 10b10c 10b10c+");
	assert_check_move(pos, "10b10a+", KIFU_ILL_PROMOTE_HERE);
	kifu_position_free(pos);

	/* chu-jcsa: no last-rank promotion for the Lance; the Pawn keeps it. */
	pos = support_position("chu-jcsa", sfen);
	assert_piece_moves(pos, "7b", "7b7a 7b7a+");
	assert_piece_moves(pos, "1b", "1b1a");
	assert_piece_moves(pos, "3c", "3c3b 3c3a");
	assert_piece_moves(pos, "5e", "5e5d 5e5d+ 5e5c 5e5c+ 5e5b 5e5b+ 5e5a 5e5a+");
	kifu_position_free(pos);

	/* An unpromoted Pawn on the last rank is dead, and legal. */
	pos = support_position("chu", "5P6/12/12/12/12/12/12/12/12/12/12/k10K b - 1");
	assert_piece_moves(pos, "7a", "");
	kifu_position_free(pos);
	/* A promoted piece never promotes again; the Lion never promotes. */
	pos = support_position("chu", "12/12/12/12/5+P6/12/5N6/12/12/12/12/kg9K b - 1");
	assert_check_move(pos, "7e7d+", KIFU_ILL_PROMOTED_AGAIN);
	assert_check_move(pos, "7g6e+", KIFU_ILL_CANNOT_PROMOTE);
	kifu_position_free(pos);
}

/* ---- the end of the game ---- */

static void expect_end(const char *variant, const char *sfen, enum kifu_game_state state,
		       int winner, int draw)
{
	kifu_position *pos = support_position(variant, sfen);
	kifu_game_end e;
	assert_int_equal(kifu_position_end(pos, &e), state);
	assert_int_equal(e.state, state);
	assert_int_equal(e.winner, winner);
	assert_int_equal(e.draw, draw);
	assert_int_equal(kifu_position_state(pos), state);
	if (state != KIFU_GAME_ON) {
		/* a position where the game has ended counts no moves */
		assert_int_equal(support_perft(pos, 1), 0);
		char *all = support_all_moves(pos);
		assert_string_equal(all, "");
		free(all);
	}
	kifu_position_free(pos);
}

static void bare_royal(void **state)
{
	(void)state;
	/* Gote: King 6e, Gold 7f; Sente: Gold 8g, King 6h. */
	kifu_position *pos = support_position("chu", "12/12/12/12/6k5/5g6/4G7/6K5/12/12/12/12 b - 1");
	kifu_game_end e;
	assert_int_equal(kifu_position_end(pos, &e), KIFU_GAME_ON);
	/* 8g7f takes the Gold: Gote's King is alone; Sente has two pieces, but
	 * its Gold on 7f stands next to the bare King (which could take it):
	 * not a bare king (lishogi).  Then 6e7f takes it: two lone Kings, not
	 * next to each other, neither attacked: a draw. */
	support_play(pos, "8g7f", NULL);
	assert_int_equal(kifu_position_end(pos, &e), KIFU_GAME_ON);
	kifu_undo u;
	support_play(pos, "6e7f", &u);
	assert_int_equal(kifu_position_end(pos, &e), KIFU_GAME_LONE_ROYALS);
	assert_int_equal(e.draw, 1);
	assert_int_equal(e.winner, -1);
	/* no move follows */
	assert_check_move(pos, "6h6g", KIFU_ILL_LONE_ROYALS);
	kifu_unmake_move(pos, &u);
	/* 6e6d instead: the King steps away from the Gold: bared, Sente wins. */
	support_play(pos, "6e6d", NULL);
	assert_int_equal(kifu_position_end(pos, &e), KIFU_GAME_BARE_ROYAL);
	assert_int_equal(e.winner, KIFU_SENTE);
	assert_int_equal(e.draw, 0);
	kifu_illegal why;
	kifu_move m = support_move(pos, "7f7e");
	assert_int_equal(kifu_check_move(pos, &m, &why), KIFU_EILLEGAL);
	assert_int_equal(why.code, KIFU_ILL_BARE_ROYAL);
	assert_int_equal(why.side, KIFU_GOTE);
	kifu_position_free(pos);

	/* The bare King next to the lone Gold: chu-jcsa has no such condition:
	 * two Kings and one more piece (not a Pawn or Go-between): the side
	 * with two pieces wins. */
	pos = support_position("chu-jcsa", "12/12/12/12/6k5/5g6/4G7/6K5/12/12/12/12 b - 1");
	support_play(pos, "8g7f", NULL);
	assert_int_equal(kifu_position_end(pos, &e), KIFU_GAME_BARE_ROYAL);
	assert_int_equal(e.winner, KIFU_SENTE);
	kifu_position_free(pos);

	/* Gote's King alone against King, Gold and Silver: more than two
	 * pieces, so the Gold next to it does not matter: bared (chu); chu-jcsa
	 * ends the game only with three pieces on the board. */
	expect_end("chu", "12/12/12/12/6k5/5G6/5S6/6K5/12/12/12/12 w - 1", KIFU_GAME_BARE_ROYAL, KIFU_SENTE, 0);
	expect_end("chu-jcsa", "12/12/12/12/6k5/5G6/5S6/6K5/12/12/12/12 w - 1", KIFU_GAME_ON, -1, 0);
	/* The stronger side in check (Sente's King on 7f next to Gote's on 6e):
	 * not a bare king, whichever side is to move. */
	expect_end("chu", "12/12/12/12/6k5/5K6/12/4G7/12/12/12/12 w - 1", KIFU_GAME_ON, -1, 0);
	expect_end("chu", "12/12/12/12/6k5/5K6/12/4G7/12/12/12/12 b - 1", KIFU_GAME_ON, -1, 0);
}

static void bare_royal_minor(void **state)
{
	(void)state;
	/* Sente: Go-between 9e, King 6h; Gote: King 6e, promoted Pawn 7h.
	 * 6h7h: Gote's King is alone, but Sente's other piece is a Go-between,
	 * which does not count: not bare.  6e7d, then 9e9d+ (the Go-between
	 * enters the zone and promotes to a Drunk Elephant, which counts, and
	 * neither Sente piece is next to 7d): bared, Sente wins. */
	kifu_position *pos = support_position("chu", "12/12/12/12/3I2k5/12/12/5+pK5/12/12/12/12 b - 1");
	assert_int_equal(kifu_position_state(pos), KIFU_GAME_ON);
	support_play(pos, "6h7h", NULL);
	assert_int_equal(kifu_position_state(pos), KIFU_GAME_ON);
	support_play(pos, "6e7d", NULL);
	assert_int_equal(kifu_position_state(pos), KIFU_GAME_ON);
	support_play(pos, "9e9d+", NULL);
	kifu_game_end e;
	assert_int_equal(kifu_position_end(pos, &e), KIFU_GAME_BARE_ROYAL);
	assert_int_equal(e.winner, KIFU_SENTE);
	kifu_position_free(pos);
}

static void lone_royals_and_stalemate(void **state)
{
	(void)state;
	/* Sente's dead Pawns on rank a, Gote's dead Lances on rank l do not
	 * count: two lone Kings, a draw (both variants). */
	const char *lone = "1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1";
	expect_end("chu", lone, KIFU_GAME_LONE_ROYALS, -1, 1);
	expect_end("chu-jcsa", lone, KIFU_GAME_LONE_ROYALS, -1, 1);
	/* Two Kings next to each other: each attacks the other: no draw. */
	expect_end("chu", "12/12/12/12/6k5/6K5/12/12/12/12/12/12 b - 1", KIFU_GAME_ON, -1, 0);
	/* Sente's King on 1a boxed in by its Pawns on 2a (dead), 1b and 2b
	 * (blocked by the King and the Pawn on 2a): no legal move.  chu: Sente
	 * has lost; chu-jcsa does not say who won. */
	const char *stale = "10PK/10PP/12/12/12/12/12/12/12/12/g11/k11 b - 1";
	expect_end("chu", stale, KIFU_GAME_NO_MOVES, KIFU_GOTE, 0);
	expect_end("chu-jcsa", stale, KIFU_GAME_NO_MOVES, -1, 0);
	/* The side to move has no royal: it has lost. */
	expect_end("chu", "12/12/12/12/12/12/5N6/12/12/12/12/11k b - 1", KIFU_GAME_ROYAL_LOST, KIFU_GOTE, 0);
}

/* ---- what a repetition rule needs ---- */

static void repetition_rule(void **state)
{
	(void)state;
	kifu_repetition_rule r;
	kifu_variant_repetition(support_variant("chu"), &r);
	assert_int_equal(r.count, 4);
	assert_int_equal(r.perpetual_attack_loses, 1);
	assert_int_equal(r.reset_on_capture, 1);
	assert_int_equal(r.reset_on_promotion, 1);
	assert_int_equal(r.reset_on_one_way, 1);
	kifu_variant_repetition(support_variant("dai"), &r);
	assert_int_equal(r.count, 0);
	assert_int_equal(r.perpetual_attack_loses, 0);

	/* From the start: a Pawn move resets the count (one-way); the
	 * Go-between, which steps back too, does not. */
	kifu_position *pos = support_position("chu", NULL);
	kifu_move m = support_move(pos, "7i7h");
	assert_int_equal(kifu_move_resets_repetition(pos, &m), 1);
	m = support_move(pos, "9h9g");
	assert_int_equal(kifu_move_resets_repetition(pos, &m), 0);
	kifu_position_free(pos);
	/* captures (on either leg) and promotions reset it */
	pos = support_position("chu", "k11/12/12/12/12/12/5N6/5p6/12/4R7/12/11K b - 1");
	m = support_move(pos, "7g7h7g");
	assert_int_equal(kifu_move_resets_repetition(pos, &m), 1);
	m = support_move(pos, "7g6h");
	assert_int_equal(kifu_move_resets_repetition(pos, &m), 0);
	m = support_move(pos, "8j8c+");
	assert_int_equal(kifu_move_resets_repetition(pos, &m), 1);
	m = support_move(pos, "8j8c");
	assert_int_equal(kifu_move_resets_repetition(pos, &m), 0);
	kifu_position_free(pos);
	/* a variant without the rule: never */
	pos = support_position("dai", NULL);
	m = support_move(pos, "8k8j");
	assert_int_equal(kifu_move_resets_repetition(pos, &m), 0);
	kifu_position_free(pos);
}

/* Plays text in sfen (chu) and says whether it was an attack. */
static int attack_of(const char *sfen, const char *text)
{
	kifu_position *pos = support_position("chu", sfen);
	kifu_undo u;
	support_play(pos, text, &u);
	int a = kifu_move_is_attack(pos, &u);
	kifu_position_free(pos);
	return a;
}

static void attacks(void **state)
{
	(void)state;
	/* Sente Rook on 12l, Gote Pawn on 8f, Gote King on 12a. */
	const char *rook = "k11/12/12/12/12/4p7/12/12/12/12/12/R10K b - 1";
	/* 12l12k: the Rook sees up file 12 to the King on 12a: check. */
	assert_int_equal(attack_of(rook, "12l12k"), 1);
	/* 12l8l: it attacks the Pawn on 8f. */
	assert_int_equal(attack_of(rook, "12l8l"), 1);
	/* 12l11l: file 11 and rank l hold no enemy piece. */
	assert_int_equal(attack_of(rook, "12l11l"), 0);
	/* A Lion moving from 9g to 7g, where the only enemy piece in its reach
	 * is the Lion on 5i, not adjacent, protected by the Gold on 5j (out of
	 * the Lion's reach): it may not take it, so it does not attack it.
	 * Without the Gold it does. */
	assert_int_equal(attack_of("k11/12/12/12/12/12/3N8/12/7n4/7g4/12/11K b - 1", "9g7g"), 0);
	assert_int_equal(attack_of("k11/12/12/12/12/12/3N8/12/7n4/12/12/11K b - 1", "9g7g"), 1);
}

/* ---- SFEN ---- */

static void sfen_field3(void **state)
{
	(void)state;
	char buf[4096];
	kifu_position *pos = support_position("chu", NULL);
	assert_string_equal(support_sfen(pos, buf, sizeof buf), chu_start);
	/* lishogi's SFENs go in and come out unchanged */
	const char *const lishogi[] = {
		"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1",
		"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1",
		/* one SFEN in two lines (the parentheses say so) */
		("lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/"
		 "5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142"),
		"k11/12/12/12/12/12/12/12/12/12/12/10NK w 12a 7",
		"k11/12/12/12/12/12/12/12/12/12/12/10NK w 1l 7",
	};
	for (size_t i = 0; i < sizeof lishogi / sizeof lishogi[0]; i++) {
		support_set_sfen(pos, lishogi[i]);
		assert_string_equal(support_sfen(pos, buf, sizeof buf), lishogi[i]);
	}
	/* field 3 is a square of the board or "-": column 46 is its start */
	const char *bad[] = {
		"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b b 1",
		"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 13a 1",
		"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 1m 1",
		"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8 1",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		kifu_diag d;
		kifu_diag_clear(&d);
		assert_int_equal(kifu_position_set_sfen(pos, bad[i], strlen(bad[i]), &d), KIFU_ESYNTAX);
		assert_int_equal(d.col, 46);
	}
	kifu_position_free(pos);
	/* A variant without the counter-strike keeps its hands field. */
	pos = support_position("dai", NULL);
	kifu_diag d;
	kifu_diag_clear(&d);
	const char *dai = "2k12/15/15/15/15/15/15/7L!7/15/15/15/15/15/15/12K2 b 8h 1";
	assert_int_equal(kifu_position_set_sfen(pos, dai, strlen(dai), &d), KIFU_ESYNTAX);
	kifu_position_free(pos);
}

static void written_names(void **state)
{
	(void)state;
	/* lishogi's KIF writes a promoted piece by its own name, no 成 */
	const kifu_variant *v = support_variant("chu");
	char buf[64];
	const struct { const char *id, *name; } names[] = {
		{"+pawn", "金将"}, {"+rook", "龍王"}, {"+silver", "竪行"}, {"+gold", "金飛車"},
		{"+ferocious-leopard", "小角"}, {"+kirin", "獅子"}, {"+dragon-horse", "角鷹"},
		{"+drunk-elephant", "太子"}, {"+go-between", "醉象"}, {"lion", "獅子"},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		int t = kifu_variant_piece_by_id(v, names[i].id);
		assert_true(t >= 0);
		assert_true(kifu_variant_piece_written_name(v, t, buf, sizeof buf) > 0);
		assert_string_equal(buf, names[i].name);
	}
	/* と金 is read for a promoted Pawn too */
	size_t used;
	assert_int_equal(kifu_variant_piece_by_name(v, "と金", strlen("と金"), &used),
			 kifu_variant_piece_by_id(v, "+pawn"));
	/* the Lions and the minor pieces */
	kifu_piece_info info;
	assert_int_equal(kifu_variant_piece(v, kifu_variant_piece_by_id(v, "+kirin"), &info), 0);
	assert_int_equal(info.lion, 1);
	assert_int_equal(kifu_variant_piece(v, kifu_variant_piece_by_id(v, "+go-between"), &info), 0);
	assert_int_equal(info.minor, 0);
	assert_int_equal(info.lion, 0);
	assert_int_equal(kifu_variant_piece(v, kifu_variant_piece_by_id(v, "go-between"), &info), 0);
	assert_int_equal(info.minor, 1);
	/* Dai keeps 成 before a name an unpromoted piece has */
	v = support_variant("dai");
	assert_true(kifu_variant_piece_written_name(v, kifu_variant_piece_by_id(v, "+silver"), buf, sizeof buf) > 0);
	assert_string_equal(buf, "成竪行");
}

/* ---- perft ---- */

static void perft_start(void **state)
{
	(void)state;
	/* From the start, depth 1, counted by hand.  Sente's camp: Go-betweens
	 * on 9h 4h; twelve Pawns on rank i; rank j M V R H D N Q D H R V M (files
	 * 12-1); rank k A . B . T O X T . B . A (11k 9k 4k 2k empty); rank l
	 * L F C S G K E G S C F L.
	 *   Pawns: one step, except 9i and 4i (the Go-betweens)           10
	 *   Go-betweens 9h 4h: 9g 4g                                        2
	 *   Vertical Movers 11j 2j: slide back to 11k / 2k                  2
	 *   Dragon Horses 9j 4j: step back to 9k / 4k                       2
	 *   Dragon Kings 8j 5j: diagonal steps to 9k / 4k                   2
	 *   Lion 7j: 8h 7h 6h 5h and 9k (every neighbour is Sente's: no
	 *     pass, no two-step move)                                       5
	 *   Blind Tigers 8k 5k: sideways to 9k / 4k                         2
	 *   Kirin 7k: jump to 9k                                            1
	 *   Leopards 11l 2l: 11k / 2k                                       2
	 *   Coppers 10l 3l: 11k 9k / 4k 2k                                  4
	 *   Silvers 9l 4l: 9k / 4k                                          2
	 *   Golds 8l 5l: 9k / 4k                                            2
	 *   Side Movers, Rooks, Free King, Reverse Chariots, Bishops,
	 *   Phoenix, Lances, Drunk Elephant, King: boxed in                 0
	 *                                                            total 36
	 * Gote's camp is the same turned round: 36 * 36 = 1296 at depth 2,
	 * as lishogi's published counts (shogiops, scalashogi) have it: no Lion
	 * touches an enemy piece, so the two ways of counting agree here. */
	kifu_position *pos = support_position("chu", NULL);
	assert_int_equal(support_perft(pos, 1), 36);
	assert_int_equal(support_perft(pos, 2), 1296);
	kifu_position_free(pos);
}

/* Every row of tests/data/chu/perft.tsv: sfen, depth, shogiops' count,
 * kifu's count, flags, source; kifu_perft must give kifu's count. */
static void perft_table(void **state)
{
	(void)state;
	FILE *f = fopen("tests/data/chu/perft.tsv", "r");
	char line[2048];
	int rows = 0, failed = 0, differ = 0;
	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *sfen = strtok(line, "\t"), *depth = strtok(NULL, "\t"), *so = strtok(NULL, "\t"),
		     *want = strtok(NULL, "\t"), *flags = strtok(NULL, "\t"), *source = strtok(NULL, "\t\n");
		assert_non_null(source);
		(void)flags;
		kifu_position *pos = support_position("chu", sfen);
		uint64_t got = support_perft(pos, atoi(depth));
		kifu_position_free(pos);
		if (got != strtoull(want, NULL, 10)) {
			print_error("perft %s depth %s (%s): %llu, expected %s\n", sfen, depth, source,
				    (unsigned long long)got, want);
			failed++;
		}
		differ += strcmp(so, want) != 0;
		rows++;
	}
	fclose(f);
	assert_int_equal(rows, 295);
	assert_int_equal(failed, 0);
	/* the two conventions do differ on most rows (passes, two-step moves) */
	assert_true(differ > 200);
}

/* A Lion alone in the middle (both Kings in the corners): the 24 squares
 * within two steps and one pass, 25 (shogiops counts 88: a pass per empty
 * neighbour and a two-step move through each empty neighbour to each of
 * its neighbours); plus the King's 3 moves from 1l. */
static void perft_lone_lion(void **state)
{
	(void)state;
	kifu_position *pos = support_position("chu", "kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1");
	assert_int_equal(support_perft(pos, 1), 28);
	kifu_position_free(pos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lion_protected_far),
		cmocka_unit_test(lion_protected_behind),
		cmocka_unit_test(lion_adjacent),
		cmocka_unit_test(lion_bridge),
		cmocka_unit_test(counter_strike_field),
		cmocka_unit_test(counter_strike_set_by_moves),
		cmocka_unit_test(counter_strike_legs),
		cmocka_unit_test(promotion),
		cmocka_unit_test(bare_royal),
		cmocka_unit_test(bare_royal_minor),
		cmocka_unit_test(lone_royals_and_stalemate),
		cmocka_unit_test(repetition_rule),
		cmocka_unit_test(attacks),
		cmocka_unit_test(sfen_field3),
		cmocka_unit_test(written_names),
		cmocka_unit_test(perft_start),
		cmocka_unit_test(perft_table),
		cmocka_unit_test(perft_lone_lion),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
