/*
 * test_sfen.c - positions in and out as SFEN (docs/rules.md, "SFEN"): round trips, Dai's
 * two-character letters and promoted pieces, hands with counts, the buffer's
 * size, and the column and message of each malformed SFEN.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void round_trip(const char *variant, const char *sfen)
{
	kifu_position *pos = support_position(variant, sfen);
	char out[4096];
	assert_string_equal(support_sfen(pos, out, sizeof out), sfen);
	kifu_position_free(pos);
}

static void start_positions(void **state)
{
	(void)state;
	const char *const *names = kifu_variant_builtin_names();
	int n = 0;
	for (; names[n]; n++) {
		const kifu_variant *v = support_variant(names[n]);
		kifu_position *pos = NULL;
		char out[4096];
		assert_int_equal(kifu_position_new(&pos, v), 0);
		assert_string_equal(support_sfen(pos, out, sizeof out), kifu_variant_start_sfen(v));
		kifu_position_free(pos);
	}
	/* asakura, chu, chu-jcsa, dai, dai-dai (and dai-dai-evans), heian (and
	 * heian-9x9, heian-optional), heian-dai (and -leaping-dragon, -optional),
	 * maka-dai-dai (and -evans, -muller, -teaching-lion, -unforced), sho,
	 * shogi, shozogi, shozogi-gold, tai (and tai-evans, tai-ja,
	 * tai-teaching-lion), taikyoku (and -capture,
	 * -optional), tenjiku (and its ten readings), tori, wa, wa-no-drops */
	assert_int_equal(n, 42);
	/* docs/rules.md gives the Dai start (HaChu's); the standard start is USI's. */
	assert_string_equal(kifu_variant_start_sfen(support_variant("dai")),
		"lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/"
		"ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/"
		"1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1");
	assert_string_equal(kifu_variant_start_sfen(support_variant("shogi")),
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

static void dai_letters(void **state)
{
	(void)state;
	/* Letters with ' and !, in both cases, and promoted pieces: the eight
	 * promoted two-character pieces and Kirin, Drunk Elephant, Lance. */
	round_trip("dai", "2k12/15/15/3f'1o3x1x'3/15/1+p13/15/3+h3l!3+d3/3P3PP1p1P2/"
			  "15/15/6p8/8g4S1/15/12K2 w - 1");
	round_trip("dai", "2k12/15/15/15/15/15/15/+X'+A'+C'+F'+P'+O+E+e+x'+a'+c'+f'+p'+o+L/"
			  "15/15/15/15/15/15/12K2 b - 7");
	/* The pieces are what the letters say. */
	kifu_position *pos = support_position("dai",
		"2k12/15/15/15/15/15/15/7L!7/15/15/15/15/15/15/12K2 b - 1");
	const kifu_variant *v = kifu_position_variant(pos);
	size_t len;
	int code = kifu_position_at(pos, support_parse_square(v, "8h", &len));
	assert_int_equal(kifu_code_type(code), kifu_variant_piece_by_id(v, "lion"));
	assert_int_equal(kifu_code_side(code), KIFU_SENTE);
	support_set_sfen(pos, "2k12/15/15/15/15/15/15/7+x'7/15/15/15/15/15/15/12K2 b - 1");
	code = kifu_position_at(pos, support_parse_square(v, "8h", &len));
	assert_int_equal(kifu_code_type(code), kifu_variant_piece_by_id(v, "+violent-ox"));
	assert_int_equal(kifu_code_side(code), KIFU_GOTE);
	kifu_position_free(pos);
}

/* kifu_position_find: the squares of one side's pieces whose names agree
 * with a kind's, lowest first.  On standard shogi's bitboards, Sente's two
 * Golds (4i = 75, 6i = 77); on Chu's 12x12 board, square by square, a
 * Dragon King (D, on 6f) and a promoted Rook (+R, 龍王 too, on 9j) found as
 * one kind, Gote's Dragon King not, and max honoured. */
static void find_pieces(void **state)
{
	(void)state;
	uint16_t sq[8];
	kifu_position *pos = support_position("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
	const kifu_variant *v = kifu_position_variant(pos);
	assert_int_equal(kifu_position_find(pos, KIFU_SENTE, kifu_variant_piece_by_id(v, "gold"), sq, 8), 2);
	assert_int_equal(sq[0], 75);
	assert_int_equal(sq[1], 77);
	assert_int_equal(kifu_position_find(pos, KIFU_SENTE, kifu_variant_piece_by_id(v, "gold"), sq, 1), 1);
	assert_int_equal(sq[0], 75);
	assert_int_equal(kifu_position_find(pos, KIFU_SENTE, -1, sq, 8), 0);
	kifu_position_free(pos);
	pos = support_position("chu", "6k5/12/d11/12/12/6D5/12/12/12/3+R8/12/5K6 b - 1");
	v = kifu_position_variant(pos);
	int dragon = kifu_variant_piece_by_id(v, "dragon-king");
	assert_int_equal(kifu_position_find(pos, KIFU_SENTE, dragon, sq, 8), 2);
	assert_int_equal(sq[0], 5 * 12 + 5); /* 6f */
	assert_int_equal(sq[1], 9 * 12 + 8); /* 9j */
	assert_int_equal(kifu_position_find(pos, KIFU_GOTE, dragon, sq, 8), 1);
	assert_int_equal(sq[0], 2 * 12 + 11); /* 12c */
	kifu_position_free(pos);
}

static void hands(void **state)
{
	(void)state;
	round_trip("shogi", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1");
	round_trip("shogi", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124");
	round_trip("asakura", "4k4/9/9/9/9/9/9/9/4K4 b 2G12P3s 31");
	kifu_position *pos = support_position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b 12p2GP 1");
	const kifu_variant *v = kifu_position_variant(pos);
	int pawn = kifu_variant_piece_by_id(v, "pawn"), gold = kifu_variant_piece_by_id(v, "gold");
	assert_int_equal(kifu_position_hand(pos, KIFU_SENTE, pawn), 1);
	assert_int_equal(kifu_position_hand(pos, KIFU_SENTE, gold), 2);
	assert_int_equal(kifu_position_hand(pos, KIFU_GOTE, pawn), 12);
	/* Written back in the usual order: Sente's R B G S N L P, then Gote's. */
	char out[4096];
	assert_string_equal(support_sfen(pos, out, sizeof out), "4k4/9/9/9/9/9/9/9/4K4 b 2GP12p 1");
	kifu_position_free(pos);
}

/* A buffer one byte short: KIFU_ELIMIT and the buffer untouched; exactly
 * long enough: the SFEN.  A move number of several digits, a counter-strike
 * square (Chu's field 3). */
static void buffer_size(void **state)
{
	(void)state;
	static const char sfen[] = "4k4/9/9/9/9/9/9/9/4K4 w 2GP12p 1234567";
	kifu_position *pos = support_position("shogi", sfen);
	char out[sizeof sfen];
	memset(out, 'x', sizeof out);
	assert_int_equal(kifu_position_sfen(pos, out, sizeof sfen - 1), KIFU_ELIMIT);
	assert_int_equal(out[0], 'x');
	assert_int_equal(kifu_position_sfen(pos, out, sizeof sfen), (int)strlen(sfen));
	assert_string_equal(out, sfen);
	kifu_position_free(pos);
	round_trip("chu", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/"
			  "3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w 2k 74");
}

/* set_sfen rejects sfen at 1-based column col with message msg, and leaves
 * the position as it was. */
static void bad(const char *variant, const char *sfen, long col, const char *msg)
{
	kifu_position *pos = support_position(variant, NULL);
	char before[4096], after[4096];
	kifu_diag diag;

	support_sfen(pos, before, sizeof before);
	kifu_diag_clear(&diag);
	assert_int_equal(kifu_position_set_sfen(pos, sfen, strlen(sfen), &diag), KIFU_ESYNTAX);
	assert_int_equal(diag.code, KIFU_ESYNTAX);
	if (diag.col != col || strcmp(diag.message, msg) != 0)
		fail_msg("\"%s\": column %ld \"%s\", expected column %ld \"%s\"", sfen, diag.col,
			 diag.message, col, msg);
	assert_string_equal(support_sfen(pos, after, sizeof after), before);
	kifu_position_free(pos);
}

static void malformed(void **state)
{
	(void)state;
	/* "4k4/" is columns 1-4, each "9/" two more (5-18), so rank 9 starts
	 * at column 19: '3', then 'Z' at column 20. */
	bad("shogi", "4k4/9/9/9/9/9/9/9/3ZK4 b - 1", 20, "unknown piece letter for this variant");
	/* A Dai letter is not a shogi letter. */
	bad("shogi", "4k4/9/9/9/9/9/9/9/3L!K4 b - 1", 20, "unknown piece letter for this variant");
	/* '+' on a piece that does not promote (the Gold): the '+' column. */
	bad("shogi", "4k4/9/9/9/9/9/9/9/3+GK4 b - 1", 20, "unknown or unpromotable piece");
	/* "4k5": 4 + 1 + 5 = 10 squares on a 9-file board; the 5 is column 3. */
	bad("shogi", "4k5/9/9/9/9/9/9/9/4K4 b - 1", 3, "rank has too many squares");
	/* "4k3": 8 squares, the '/' after it is column 4. */
	bad("shogi", "4k3/9/9/9/9/9/9/9/4K4 b - 1", 4, "rank has too few squares");
	/* 8 ranks: the board is 4 + 6*2 + 3 = 19 characters; the space after
	 * it is column 20. */
	bad("shogi", "4k4/9/9/9/9/9/9/4K4 b - 1", 20, "too few ranks");
	/* A 21-character board, a space, then 'x' at column 23. */
	bad("shogi", "4k4/9/9/9/9/9/9/9/4K4 x - 1", 23, "side to move must be b or w");
	/* Sho has no drops: the 'P' of the hands, column 25. */
	bad("sho", "4k4/9/9/9/9/9/9/9/4K4 b P 1", 25, "this variant has no drops: hands must be -");
	/* Dai: 15 files; "16" is too many. */
	bad("dai", "16/15/15/15/15/15/15/15/15/15/15/15/15/15/15 b - 1", 1, "rank has too many squares");
	bad("shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 0", 27, "move number must be a positive whole number");
	bad("shogi", "4k4/9/9/9/9/9/9/9/4K4", 22, "missing side to move (b or w)");
}

/* The longest SFEN a variant can give, against KIFU_SFEN_MAX: a variant
 * with drops of KIFU_MAX_DROP_TYPES types (128 pieces of three-mark tokens,
 * 127 of them promoting to one promoted-only piece, and a King) whose start
 * (a variant's start takes any position) has every square a promoted
 * three-mark piece, both hands 200 of each of the 128, and a nine-digit move
 * number: written and read back, within the bound. */
static const char marks[8][4] = {"'''", "''!", "'!'", "'!!", "!''", "!'!", "!!'", "!!!"};
#define LONGEST_PIECES 128

/* The i-th token: 26 letters x 8 tails of three marks. */
static void longest_token(int i, char *tok)
{
	snprintf(tok, 8, "%c%s", 'A' + i % 26, marks[i / 26]);
}

static char *longest_start(char *s, size_t size)
{
	size_t n = 0;
	char tok[8];
	longest_token(0, tok);
	for (int r = 0; r < 36; r++)
		for (int f = 0; f < 36; f++)
			n += (size_t)snprintf(s + n, size - n, "%s+%s", f ? "" : r ? "/" : "", tok);
	n += (size_t)snprintf(s + n, size - n, " w ");
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < LONGEST_PIECES; i++) {
			longest_token(i, tok);
			if (side)
				tok[0] = (char)(tok[0] + 'a' - 'A');
			n += (size_t)snprintf(s + n, size - n, "200%s", tok);
		}
	snprintf(s + n, size - n, " 100000000");
	return s;
}

static void longest(void **state)
{
	(void)state;
	static char start[KIFU_SFEN_MAX], yaml[64 * 1024], out[KIFU_SFEN_MAX];
	size_t n = (size_t)snprintf(yaml, sizeof yaml,
				    "name: longest\nboard: 36\ndrops: true\nstart: \"%s\"\n"
				    "promoted-only:\n  - {id: gold, name: 金将, english: Gold, moves: W}\n"
				    "pieces:\n  - {id: king, sfen: K, name: 玉将, english: King, moves: K, royal: true}\n",
				    longest_start(start, sizeof start));
	for (int i = 0; i < LONGEST_PIECES; i++) {
		char tok[8];
		longest_token(i, tok);
		n += (size_t)snprintf(yaml + n, sizeof yaml - n,
				      "  - {id: p%d, sfen: \"%s\", name: 駒%d, english: P%d, moves: W%s", i, tok, i, i,
				      i < LONGEST_PIECES - 1 ? ", promotes-to: gold, promoted: {name: 成駒" : "}\n");
		if (i < LONGEST_PIECES - 1)
			n += (size_t)snprintf(yaml + n, sizeof yaml - n, "%d, english: Promoted P%d}}\n", i, i);
	}
	assert_true(n < sizeof yaml);
	kifu_variant *v = NULL;
	kifu_diag diag;
	kifu_diag_clear(&diag);
	if (kifu_variant_load_buffer(&v, yaml, n, "longest.yaml", &diag))
		fail_msg("%s", diag.message);
	assert_int_equal(kifu_variant_piece_count(v), KIFU_MAX_DROP_TYPES);
	kifu_position *pos = NULL;
	assert_int_equal(kifu_position_new(&pos, v), 0);
	/* the board 6480 + 35, the side 3, the hands 2 * 128 * 7, the move
	 * number 10 (the most a SFEN may give: sfen.c) */
	int len = kifu_position_sfen(pos, out, sizeof out);
	assert_int_equal(len, 6480 + 35 + 3 + 2 * 128 * 7 + 10);
	assert_true(len < (int)KIFU_SFEN_MAX);
	assert_string_equal(out, start);
	assert_string_equal(kifu_variant_start_sfen(v), start);
	assert_int_equal(kifu_position_sfen(pos, out, (size_t)len), KIFU_ELIMIT);
	kifu_position_free(pos);
	kifu_variant_free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(start_positions),
		cmocka_unit_test(dai_letters),
		cmocka_unit_test(find_pieces),
		cmocka_unit_test(hands),
		cmocka_unit_test(buffer_size),
		cmocka_unit_test(malformed),
		cmocka_unit_test(longest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
