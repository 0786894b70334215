/*
 * board_glyph.c - the kanji that stand for a piece in kifu-replay's
 * diagrams and pictures (see board.h and docs/replay.md).
 */
#include "replay/board.h"

#include <string.h>

/* The length in bytes of the UTF-8 character at s (1 for a stray byte). */
static size_t char_len(const unsigned char *s)
{
	if (s[0] >= 0xF0)
		return 4;
	if (s[0] >= 0xE0)
		return 3;
	if (s[0] >= 0xC0)
		return 2;
	return 1;
}

/* How many characters s has, and where its last one starts. */
static int count_chars(const char *s, size_t *last)
{
	int n = 0;
	size_t i = 0;
	*last = 0;
	while (s[i]) {
		*last = i;
		i += char_len((const unsigned char *)s + i);
		n++;
	}
	return n;
}

static void copy_bytes(char *buf, size_t size, size_t *used, const char *s, size_t n)
{
	if (*used + n + 1 > size)
		return;
	memcpy(buf + *used, s, n);
	*used += n;
	buf[*used] = '\0';
}

/* The glyph without the 成 mark: the KIF short name when it is one or two
 * characters (歩, と, 成銀 on 9×9 boards; 獅子, 歩兵 in Dai), else the first
 * and last characters of the full name, as the historical diagrams of the
 * large variants abbreviate. */
static int plain_glyph(const kifu_piece_info *info, char *buf, size_t size)
{
	size_t last, used = 0;
	const char *s = info->kif && info->kif[0] ? info->kif : info->name;
	int n = count_chars(s, &last);
	if (size)
		buf[0] = '\0';
	if (n <= 2) {
		copy_bytes(buf, size, &used, s, strlen(s));
		return n;
	}
	s = info->name;
	n = count_chars(s, &last);
	if (n <= 2) {
		copy_bytes(buf, size, &used, s, strlen(s));
		return n;
	}
	copy_bytes(buf, size, &used, s, char_len((const unsigned char *)s));
	copy_bytes(buf, size, &used, s + last, strlen(s + last));
	return 2;
}

int board_glyph(const kifu_variant *v, int t, int mark_promoted, char *buf, size_t size)
{
	kifu_piece_info info;
	if (size)
		buf[0] = '\0';
	if (kifu_variant_piece(v, t, &info) < 0)
		return 0;
	int n = plain_glyph(&info, buf, size);
	if (!mark_promoted || !info.promoted)
		return n;
	/* A promoted piece named like an unpromoted one (Dai's promoted Gold is
	 * a 飛車, its promoted Iron a 金将) is marked with 成, as KIF does
	 * (docs/kif.md): 成飛, 成金. */
	int count = kifu_variant_piece_count(v);
	for (int u = 0; u < count; u++) {
		kifu_piece_info other;
		char g[32];
		if (kifu_variant_piece(v, u, &other) < 0 || other.promoted)
			continue;
		plain_glyph(&other, g, sizeof g);
		if (strcmp(g, buf) != 0)
			continue;
		size_t used = 0, first = char_len((const unsigned char *)g);
		copy_bytes(buf, size, &used, "成", strlen("成"));
		copy_bytes(buf, size, &used, g, first);
		return 2;
	}
	return n;
}

const char *board_kanji_number(int n, char *buf, size_t size)
{
	static const char *const digits[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
	size_t used = 0;
	if (size)
		buf[0] = '\0';
	if (n <= 0 || n > 99)
		return buf;
	if (n >= 20)
		copy_bytes(buf, size, &used, digits[n / 10], strlen(digits[n / 10]));
	if (n >= 10)
		copy_bytes(buf, size, &used, "十", strlen("十"));
	copy_bytes(buf, size, &used, digits[n % 10], strlen(digits[n % 10]));
	return buf;
}

/* The glyph of a piece with a `short` name (Maka Dai Dai's 自在 for
 * 自在天王), and of a small square: the file's `short` name, else the first
 * one or two characters of the full name (大将 for 大将, 奔王 for 奔王,
 * 左車 for 左車, 歩兵 for 歩兵). */
static int short_glyph(const kifu_variant *v, int t, char *buf, size_t size)
{
	kifu_piece_info info;
	size_t last, used = 0;
	const char *s = kifu_variant_piece_short_name(v, t);
	if (size)
		buf[0] = '\0';
	if (kifu_variant_piece(v, t, &info) < 0)
		return 0;
	if (!s || !s[0])
		s = info.name;
	int n = count_chars(s, &last);
	if (n <= 2) {
		copy_bytes(buf, size, &used, s, strlen(s));
		return n;
	}
	size_t first = char_len((const unsigned char *)s);
	copy_bytes(buf, size, &used, s, first + char_len((const unsigned char *)s + first));
	return 2;
}

int board_glyph_side(const kifu_variant *v, int t, enum kifu_side side, char *buf, size_t size)
{
	/* The file's `short` on every board (Maka Dai Dai's Emperor, 自在天王,
	 * is 自在, not 自王); without one, the first two characters of the name
	 * on a board too wide for more, else board_glyph's. */
	const char *own = kifu_variant_piece_short_name(v, t);
	int n = (own && own[0]) || kifu_variant_files(v) > BOARD_SMALL_FILES
			? short_glyph(v, t, buf, size)
			: board_glyph(v, t, 0, buf, size);
	/* The upper side's king is 王 in printed diagrams, the lower's 玉:
	 * Gote's, which is the upper side's in a handicap game (上手), whether
	 * the variant file names its king 玉将 (chu.yaml) or 王将 (dai-dai.yaml,
	 * maka-dai-dai.yaml) */
	static const char jade[] = "玉", king[] = "王";
	kifu_piece_info info;
	if (side == KIFU_GOTE && !strncmp(buf, jade, sizeof jade - 1))
		memcpy(buf, king, sizeof king - 1);
	else if (side == KIFU_SENTE && !strncmp(buf, king, sizeof king - 1) &&
		 kifu_variant_piece(v, t, &info) == 0 && info.royal)
		memcpy(buf, jade, sizeof jade - 1);
	return n;
}
