/*
 * test_kif_words.c - kifu_kif_move_words (kifu/kif.h): a move in the words
 * of the KIF writer, on 9×9 boards (Kakinoki's) and larger ones (lishogi's
 * full names, a two-step move on one line), with and without ▲/△ and the
 * origin, 同 and 仝, drops, and the errors.
 */
#include "support.h"

#include <kifu/kif.h>
#include <string.h>

/* The words of move `text` in the position sfen (NULL: the start). */
static void words(const char *variant, const char *sfen, const char *text, int prev_to,
		  unsigned flags, const char *want)
{
	kifu_position *pos = support_position(variant, sfen);
	kifu_move m = support_move(pos, text);
	char buf[KIFU_KIF_WORDS_MAX];
	int n = kifu_kif_move_words(pos, &m, prev_to, flags, buf, sizeof buf);
	assert_int_equal(n, (int)strlen(want));
	assert_string_equal(buf, want);
	kifu_position_free(pos);
}

static void nine_by_nine(void **state)
{
	(void)state;
	words("shogi", NULL, "7g7f", -1, KIFU_KIF_ORIGIN, "７六歩(77)");
	words("shogi", NULL, "7g7f", -1, KIFU_KIF_ORIGIN | KIFU_KIF_MARK, "▲７六歩(77)");
	words("shogi", NULL, "7g7f", -1, KIFU_KIF_MARK, "▲７六歩");
	words("shogi", NULL, "7g7f", -1, 0, "７六歩");
	/* Gote's Bishop takes on 8h and promotes: 同 when the move before went there */
	const char *ex = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4";
	kifu_position *pos = support_position("shogi", ex);
	size_t len;
	int sq88 = support_parse_square(kifu_position_variant(pos), "8h", &len);
	kifu_position_free(pos);
	words("shogi", ex, "2b8h+", sq88, KIFU_KIF_ORIGIN | KIFU_KIF_MARK, "△同　角成(22)");
	words("shogi", ex, "2b8h+", -1, KIFU_KIF_ORIGIN, "８八角成(22)");
	words("shogi", "4k4/9/9/9/9/9/9/9/4K4 b B 1", "B*5e", -1, KIFU_KIF_ORIGIN | KIFU_KIF_MARK, "▲５五角打");
}

static void wide(void **state)
{
	(void)state;
	words("chu", NULL, "9i9h", -1, KIFU_KIF_ORIGIN | KIFU_KIF_MARK, "▲9八歩兵 （←9九）");
	words("chu", NULL, "9i9h", -1, 0, "9八歩兵");
	/* a Lion's igui and pass stay on their square: the mark says it all */
	const char *lion = "6k5/12/12/12/12/6p5/6N5/12/12/12/12/5K6 b - 1";
	words("chu", lion, "6g6f6g", -1, KIFU_KIF_ORIGIN | KIFU_KIF_MARK, "▲6七獅子（居食い）");
	words("chu", lion, "6g6h6g", -1, KIFU_KIF_ORIGIN, "6七獅子（じっと）");
	/* else its route: to 5e from 6f, reached from 6g */
	words("chu", lion, "6g6f5e", -1, KIFU_KIF_ORIGIN, "5五獅子 （←6六←6七）");
	words("chu", lion, "6g6f5e", -1, 0, "5五獅子");
	/* 仝 for the square of the move before */
	kifu_position *pos = support_position("chu", lion);
	size_t len;
	int sq = support_parse_square(kifu_position_variant(pos), "6f", &len);
	kifu_position_free(pos);
	words("chu", lion, "6g6f", sq, KIFU_KIF_ORIGIN, "仝獅子 （←6七）");
	/* Dai's names, a promotion */
	words("dai", "7k7/15/15/15/15/15/15/15/15/15/7B7/15/15/15/7K7 b - 1", "8k3d+", -1,
	      KIFU_KIF_ORIGIN | KIFU_KIF_MARK, "▲3四角行成 （←8十一）");
}

static void errors(void **state)
{
	(void)state;
	kifu_position *pos = support_position("shogi", NULL);
	char buf[KIFU_KIF_WORDS_MAX];
	/* no piece on 5e */
	kifu_move m = {40, KIFU_NO_SQUARE, 31, 0, 0};
	assert_int_equal(kifu_kif_move_words(pos, &m, -1, 0, buf, sizeof buf), KIFU_EINVAL);
	m.from = 200;
	assert_int_equal(kifu_kif_move_words(pos, &m, -1, 0, buf, sizeof buf), KIFU_EINVAL);
	m = support_move(pos, "7g7f");
	assert_int_equal(kifu_kif_move_words(pos, &m, -1, KIFU_KIF_ORIGIN, buf, 13), KIFU_ELIMIT);
	assert_int_equal(kifu_kif_move_words(pos, &m, -1, KIFU_KIF_ORIGIN, buf, 14), 13);
	kifu_position_free(pos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nine_by_nine),
		cmocka_unit_test(wide),
		cmocka_unit_test(errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
