/*
 * jkf.c - JKF's names (jkf.h): its piece kinds and start positions, which
 * the reader and the writer share.
 */
#include <stdio.h>
#include <string.h>

#include "notation/jkf/jkf.h"

/* The schema's `kind`: CSA's codes (CSA standard record format V2.2). */
const jkf_kind kifu__jkf_kinds[JKF_NKINDS] = {
	{"FU", "P"}, {"KY", "L"}, {"KE", "N"}, {"GI", "S"}, {"KI", "G"}, {"KA", "B"}, {"HI", "R"},
	{"OU", "K"}, {"TO", "+P"}, {"NY", "+L"}, {"NK", "+N"}, {"NG", "+S"}, {"UM", "+B"}, {"RY", "+R"},
};

/* The schema's `preset`, in its order; its description names them 平手,
 * 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち,
 * 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち,
 * その他: KIF's 手合割 names, which shogi.yaml's `starts` use. */
const jkf_preset kifu__jkf_presets[JKF_NPRESETS] = {
	{"HIRATE", "平手"}, {"KY", "香落ち"}, {"KY_R", "右香落ち"}, {"KA", "角落ち"},
	{"HI", "飛車落ち"}, {"HIKY", "飛香落ち"}, {"2", "二枚落ち"}, {"3", "三枚落ち"},
	{"4", "四枚落ち"}, {"5", "五枚落ち"}, {"5_L", "左五枚落ち"}, {"6", "六枚落ち"},
	{"7_L", "左七枚落ち"}, {"7_R", "右七枚落ち"}, {"8", "八枚落ち"}, {"10", "十枚落ち"},
	{"OTHER", "その他"},
};

/* Each kind's hash (jkf.h): FU 1, KY 2, KE 22, GI 14, KI 18, KA 26, HI 15,
 * OU 10, TO 21, NY 5, NK 19, NG 23, UM 24, RY 9. */
const unsigned char kifu__jkf_kind_slot[32] = {
	[1] = 1, [2] = 2, [22] = 3, [14] = 4, [18] = 5, [26] = 6, [15] = 7,
	[10] = 8, [21] = 9, [5] = 10, [19] = 11, [23] = 12, [24] = 13, [9] = 14,
};

int kifu__jkf_preset_find(const char *s, size_t len)
{
	for (int k = 0; k < JKF_NPRESETS; k++)
		if (strlen(kifu__jkf_presets[k].code) == len && !memcmp(kifu__jkf_presets[k].code, s, len))
			return k;
	return -1;
}

int kifu__jkf_types(const kifu_variant *v, int types[JKF_NKINDS])
{
	for (int k = 0; k < JKF_NKINDS; k++) {
		const char *tok = kifu__jkf_kinds[k].sfen;
		types[k] = kifu_variant_piece_by_sfen(v, tok, strlen(tok));
		if (types[k] < 0)
			return k;
	}
	return -1;
}

void kifu__jkf_square_name(const kifu_variant *v, int sq, char *buf, size_t size)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (sq < 0 || sq >= files * ranks)
		snprintf(buf, size, "?");
	else
		snprintf(buf, size, "%d%d", sq % files + 1, sq / files + 1);
}
