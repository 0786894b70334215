/*
 * comment.c - the analysis as comments (annotate.h; docs/annotate.md,
 * "Comments").
 *
 * Two forms, each as the program that reads it writes it (a comment's
 * lines; in KIF each is a `*` line, so `#評価値=35` is written `*#評価値=35`
 * and `*解析 …` is `**解析 …`):
 *
 * - ShogiHome's (the default; its src/common/record/comment.ts,
 *   buildSearchComment, read back by parseComment and
 *   getPVsFromSearchComment): the class as a header `【悪手】`
 *   (analysis.ts), the situation (score.ts, getSituationText),
 *   `#評価値=` (Sente's view, centipawns) or `#詰み=先手勝ち:N手`,
 *   `#読み筋=` the moves in KIF words, `#深さ=`, `#ノード数=`, `#エンジン=`.
 * - ShogiGUI's, as ShogiGUI writes its analysis (ShogiHome reads it:
 *   parseShogiGUIAnalysisScoreComment): `*解析 0  候補1 深さ D ノード数 N
 *   評価値 V 読み筋 ▲７六歩(77) △３四歩(33)`, one line per candidate.
 *
 * kifu adds, in either form, `#損失=N` (the move's loss in centipawns, when
 * it was judged), `#候補K=評価値 V 読み筋 …` (ShogiHome's form, MultiPV's
 * other lines) and `#エンジンの誤り=…` (the engine's error: a move the rules
 * refused, an engine that failed).  Every one of these lines is taken out
 * of the old comment before the new ones are put in, so that annotating
 * again replaces the analysis instead of stacking it.
 */
#include "annotate/annotate.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct buf {
	char *s;
	size_t len, cap;
	int failed;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 256;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *ns = realloc(b->s, cap);
		if (!ns) {
			b->failed = 1;
			return;
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

static void puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

static void printf_(struct buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
static void printf_(struct buf *b, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0)
		put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* ShogiHome's situation words (score.ts, getSituationText). */
static const char *situation(long s)
{
	return s >= 1500 ? "先手勝勢" : s >= 600 ? "先手優勢" : s >= 400 ? "先手有利" : s >= 200 ? "先手有望"
	     : s > -200 ? "互角" : s > -400 ? "後手有望" : s > -600 ? "後手有利" : s > -1500 ? "後手優勢"
	     : "後手勝勢";
}

static const char *const situations[] = {"先手勝勢", "先手優勢", "先手有利", "先手有望", "互角",
					 "後手有望", "後手有利", "後手優勢", "後手勝勢"};

/* Is this comment line one of an analysis's?  next: the line after it. */
static int analysis_line(const char *line, size_t n, const char *next, size_t next_n)
{
	static const char *const starts[] = {"#評価値=", "#詰み=", "#読み筋=", "#深さ=", "#ノード数=",
					     "#エンジン=", JUDGEMENT_LOSS_PREFIX, "#候補", "#エンジンの誤り=",
					     "*解析 ", "*解析\t"};
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		size_t k = strlen(starts[i]);
		if (n >= k && !memcmp(line, starts[i], k))
			return 1;
	}
	if (judgement_line_class(line, n) >= 0)
		return 1;
	/* the situation, where an evaluation follows it (as ShogiHome writes) */
	for (size_t i = 0; i < sizeof situations / sizeof situations[0]; i++) {
		size_t k = strlen(situations[i]);
		if (k == n && !memcmp(line, situations[i], n) && next && next_n >= strlen("#評価値=") &&
		    !memcmp(next, "#評価値=", strlen("#評価値=")))
			return 1;
	}
	return 0;
}

char *comment_strip(const char *old)
{
	if (!old || !*old)
		return NULL;
	struct buf b = {NULL, 0, 0, 0};
	const char *p = old;
	while (*p) {
		size_t n = strcspn(p, "\n");
		const char *next = p[n] ? p + n + 1 : NULL;
		size_t next_n = next ? strcspn(next, "\n") : 0;
		if (!analysis_line(p, n, next, next_n)) {
			if (b.len)
				put(&b, "\n", 1);
			put(&b, p, n);
		}
		p += n;
		if (*p)
			p++;
	}
	if (b.failed || !b.len) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* The moves of a line in KIF words: "▲７六歩(77)△３四歩(33)" (spaced:
 * "▲７六歩(77) △３四歩(33)", and always on a large board, whose words hold
 * spaces). */
static void put_moves(struct buf *b, const kifu_position *pos, const struct written_line *l, int spaced)
{
	kifu_position *p = NULL;
	if (kifu_position_new(&p, kifu_position_variant(pos)) != 0) {
		b->failed = 1;
		return;
	}
	kifu_position_copy(p, pos);
	if (kifu_variant_files(kifu_position_variant(pos)) > 9)
		spaced = 1;
	int prev_to = -1; /* no 同 on the first move: ShogiHome's parsePV has no move before it */
	for (int i = 0; i < l->nmoves; i++) {
		char words[KIFU_KIF_WORDS_MAX];
		if (kifu_kif_move_words(p, &l->moves[i], prev_to, KIFU_KIF_MARK | KIFU_KIF_ORIGIN, words,
					sizeof words) < 0)
			break;
		if (i && spaced)
			put(b, " ", 1);
		puts_(b, words);
		kifu_make_move(p, &l->moves[i], NULL);
		prev_to = l->moves[i].to;
	}
	kifu_position_free(p);
}

static void put_shogihome(struct buf *b, const kifu_position *pos, const struct position_analysis *a,
			  const char *engine_name)
{
	const struct written_line *l = &a->lines[0];
	if (l->eval.mate) {
		printf_(b, "#詰み=%s:%d手\n", l->eval.mate > 0 ? "先手勝ち" : "後手勝ち",
			l->eval.mate > 0 ? l->eval.mate : -l->eval.mate);
	} else if (l->eval.known) {
		printf_(b, "%s\n#評価値=%ld\n", situation(l->eval.cp), l->eval.cp);
	}
	if (l->nmoves) {
		puts_(b, "#読み筋=");
		put_moves(b, pos, l, 0);
		puts_(b, "\n");
	}
	if (l->depth > 0)
		printf_(b, "#深さ=%d\n", l->depth);
	if (l->nodes > 0)
		printf_(b, "#ノード数=%lld\n", l->nodes);
	if (engine_name && *engine_name)
		printf_(b, "#エンジン=%s\n", engine_name);
	for (int k = 1; k < a->nlines; k++) {
		const struct written_line *o = &a->lines[k];
		printf_(b, "#候補%d=評価値 %ld 読み筋 ", k + 1, eval_cp(&o->eval));
		put_moves(b, pos, o, 0);
		puts_(b, "\n");
	}
}

static void put_shogigui(struct buf *b, const kifu_position *pos, const struct position_analysis *a)
{
	for (int k = 0; k < a->nlines; k++) {
		const struct written_line *l = &a->lines[k];
		printf_(b, "*解析 0  候補%d", k + 1);
		if (l->depth > 0)
			printf_(b, " 深さ %d", l->depth);
		if (l->nodes > 0)
			printf_(b, " ノード数 %lld", l->nodes);
		if (l->eval.known)
			printf_(b, " 評価値 %ld", eval_cp(&l->eval));
		if (l->nmoves) {
			puts_(b, " 読み筋 ");
			put_moves(b, pos, l, 1);
		}
		puts_(b, "\n");
	}
}

char *comment_build(const struct annotate_options *opt, const char *old, const kifu_position *pos,
		    const struct position_analysis *a, const char *engine_name)
{
	struct buf b = {NULL, 0, 0, 0};
	if (a->judged && a->cls != CLASS_NONE)
		printf_(&b, "【%s】\n", judgement_class_ja[a->cls]);
	if (a->ok) {
		if (opt->form == FORM_SHOGIGUI)
			put_shogigui(&b, pos, a);
		else
			put_shogihome(&b, pos, a, engine_name);
	}
	if (a->judged)
		printf_(&b, JUDGEMENT_LOSS_PREFIX "%ld\n", a->loss);
	if (a->error[0])
		printf_(&b, "#エンジンの誤り=%s\n", a->error);
	char *rest = comment_strip(old);
	if (rest)
		puts_(&b, rest);
	free(rest);
	/* no line break at the end: a comment's lines are between them */
	while (b.len && b.s[b.len - 1] == '\n')
		b.s[--b.len] = 0;
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	if (!b.s)
		return calloc(1, 1);
	return b.s;
}
