/*
 * vocabulary.c - the words the notations share (kifu/vocabulary.h): one
 * table of endings, one of tags.  A notation that knows a word finds it
 * here; none keeps a list of its own.
 */
#include <string.h>

#include "kifu/vocabulary.h"

/* Endings: the compact word, what KIF writes, what KIF readers also take.
 * The KIF words are Kakinoki's special moves (投了, 中断, 千日手, 持将棋, 詰み,
 * 切れ負け, 反則勝ち, 反則負け, 入玉勝ち, ...; docs/kif.md); 詰 and 時間切れ are
 * what other programs write for mate and a loss on time.  The outcome is for
 * the side to move after the last move: it is the one that resigns, is
 * mated, runs out of time; 反則勝ち says the side to move won because the
 * other side's last move was illegal, 反則負け that the side to move lost by
 * an illegal act of its own. */
static const char *const none[] = {NULL};
static const char *const mate_also[] = {"詰", NULL};
/* and the English words 81Dojo's KIF writes in English (`194  Time-up   (
 * 0:0/)`): Resigns, Time-up, Sennichite, Jishogi */
static const char *const resign_also[] = {"Resigns", NULL};
static const char *const timeout_also[] = {"時間切れ", "Time-up", NULL};
static const char *const repetition_also[] = {"Sennichite", NULL};
static const char *const impasse_also[] = {"Jishogi", NULL};

/* CSA's special moves (the CSA's record format V2.2 and V3.0, "特殊な指し手、
 * 終局状況"): %TORYO 投了, %CHUDAN 中断, %SENNICHITE 千日手, %TIME_UP the side to
 * move lost on time, %ILLEGAL_MOVE the side to move lost by a foul
 * ("手番側の反則負け、反則の内容はコメントで記録する"), %+ILLEGAL_ACTION and
 * %-ILLEGAL_ACTION Sente's or Gote's illegal act, the other side winning
 * ("先手(下手)の反則行為により、後手(上手)の勝ち": the reader turns them into
 * illegal-loss or illegal-win by the side to move), %JISHOGI 持将棋, %KACHI a win declared (入玉), %HIKIWAKE a
 * draw declared, %MATTA 待った, %TSUMI 詰み, %FUZUMI 不詰, %ERROR an error.
 * JKF's specials are the same words without '%'. */
static const kifu_ending_info endings[] = {
	{"resign", "投了", resign_also, KIFU_OUTCOME_MOVER_LOSES, "%TORYO"},
	{"abort", "中断", none, KIFU_OUTCOME_NONE, "%CHUDAN"},
	{"repetition", "千日手", repetition_also, KIFU_OUTCOME_DRAW, "%SENNICHITE"},
	{"impasse", "持将棋", impasse_also, KIFU_OUTCOME_DRAW, "%JISHOGI"},
	{"mate", "詰み", mate_also, KIFU_OUTCOME_MOVER_LOSES, "%TSUMI"},
	{"nomate", "不詰", none, KIFU_OUTCOME_NONE, "%FUZUMI"},
	{"timeout", "切れ負け", timeout_also, KIFU_OUTCOME_MOVER_LOSES, "%TIME_UP"},
	{"illegal-win", "反則勝ち", none, KIFU_OUTCOME_MOVER_WINS, NULL},
	{"illegal-loss", "反則負け", none, KIFU_OUTCOME_MOVER_LOSES, "%ILLEGAL_MOVE"},
	{"declare-win", "入玉勝ち", none, KIFU_OUTCOME_MOVER_WINS, "%KACHI"},
	{"sealed", "封じ手", none, KIFU_OUTCOME_NONE, NULL},
	{"draw", "引き分け", none, KIFU_OUTCOME_DRAW, "%HIKIWAKE"},
	{"matta", "待った", none, KIFU_OUTCOME_NONE, "%MATTA"},
	{"error", "エラー", none, KIFU_OUTCOME_NONE, "%ERROR"},
};

enum { NENDINGS = sizeof endings / sizeof endings[0] };

int kifu_ending_count(void) { return NENDINGS; }

const kifu_ending_info *kifu_ending_at(int i)
{
	return i >= 0 && i < NENDINGS ? &endings[i] : NULL;
}

static int same(const char *word, const char *text, size_t len)
{
	return strlen(word) == len && !memcmp(word, text, len);
}

const kifu_ending_info *kifu_ending_find(const char *word, size_t len)
{
	for (int i = 0; i < NENDINGS; i++)
		if (same(endings[i].word, word, len))
			return &endings[i];
	return NULL;
}

const kifu_ending_info *kifu_ending_find_kif(const char *text, size_t len)
{
	for (int i = 0; i < NENDINGS; i++) {
		if (same(endings[i].kif, text, len))
			return &endings[i];
		for (const char *const *a = endings[i].kif_also; *a; a++)
			if (same(*a, text, len))
				return &endings[i];
	}
	return NULL;
}

const kifu_ending_info *kifu_ending_find_csa(const char *text, size_t len)
{
	for (int i = 0; i < NENDINGS; i++)
		if (endings[i].csa && same(endings[i].csa, text, len))
			return &endings[i];
	return NULL;
}

/* The wide form's order is lishogi's server's (scalashogi
 * format/kif/KifModel.scala, headerTags): start and end dates, event,
 * site, time control, handicap, players, opening.
 *
 * Tags with a header in KIF (Kakinoki's header keys: 棋戦, 場所, 開始日時,
 * 終了日時, 先手, 後手, 手合割, 持ち時間, 戦型; in a handicap game the players
 * are 下手 and 上手), and their CSA game information lines (N+, N-, $EVENT,
 * $SITE, $START_TIME, $END_TIME, $TIME_LIMIT, $OPENING).  Listed in the compact writer's order; kif_order is
 * the order Kifu for Windows writes them. */
static const kifu_tag_info tags[] = {
	{"event", "棋戦", NULL, 3, "$EVENT", 3},
	{"site", "場所", NULL, 6, "$SITE", 4},
	{"date", "開始日時", NULL, 1, "$START_TIME", 1},
	{"end", "終了日時", NULL, 2, "$END_TIME", 2},
	{"sente", "先手", "下手", 9, "N+", 7},
	{"gote", "後手", "上手", 10, "N-", 8},
	{"handicap", "手合割", NULL, 8, NULL, 6},
	{"time-control", "持ち時間", NULL, 5, "$TIME_LIMIT", 5},
	{"opening", "戦型", NULL, 4, "$OPENING", 9},
};

enum { NTAGS = sizeof tags / sizeof tags[0] };

int kifu_tag_count(void) { return NTAGS; }

const kifu_tag_info *kifu_tag_at(int i) { return i >= 0 && i < NTAGS ? &tags[i] : NULL; }

const kifu_tag_info *kifu_tag_find(const char *key)
{
	for (int i = 0; i < NTAGS; i++)
		if (!strcmp(tags[i].key, key))
			return &tags[i];
	return NULL;
}

const kifu_tag_info *kifu_tag_find_kif(const char *text, size_t len)
{
	for (int i = 0; i < NTAGS; i++)
		if (same(tags[i].kif, text, len) || (tags[i].kif_handicap && same(tags[i].kif_handicap, text, len)))
			return &tags[i];
	return NULL;
}

const kifu_tag_info *kifu_tag_find_csa(const char *text, size_t len)
{
	for (int i = 0; i < NTAGS; i++)
		if (tags[i].csa && same(tags[i].csa, text, len))
			return &tags[i];
	return NULL;
}
