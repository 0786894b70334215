/*
 * usi.c - the USI protocol's half of engine.h.
 *
 * USI (the Universal Shogi Interface, as shogidokoro's page specifies it):
 * `usi` answered by `id` and `option` lines and `usiok`; `setoption name N
 * value V`; `isready` answered by `readyok`; `usinewgame` before a game;
 * `position sfen SFEN moves M...` (or `position startpos moves ...`); `go
 * depth N` / `go nodes N` / `go movetime MS`, answered by `info` lines and
 * `bestmove M`.  An `info` line's `score cp X` is from the side to move's
 * view, in centipawns; `score mate N` a mate in N plies (negative: the side
 * to move is mated).  The variant of an engine that plays more than one
 * (Fairy-Stockfish) is its UCI_Variant option, set before usinewgame.
 */
#include "annotate/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Seconds an engine may take to start, and to answer isready (an engine
 * may load a large evaluation file first). */
#define USI_HELLO_SECONDS 30.0
#define USI_READY_SECONDS 120.0

/* The UCI_Variant option's values, from its `option` line: "var A var B". */
static void keep_variants(struct engine *e, const char *line)
{
	const char *p = strstr(line, " var ");
	size_t cap = strlen(line) + 1, n = 0;
	char *list = malloc(cap);
	if (!list)
		return;
	list[0] = 0;
	while (p) {
		p += 5;
		size_t k = strcspn(p, " ");
		if (n + k + 2 <= cap) {
			if (n)
				list[n++] = ' ';
			memcpy(list + n, p, k);
			n += k;
			list[n] = 0;
		}
		p = strstr(p + k, " var ");
	}
	free(e->variants);
	e->variants = list;
}

static int wait_for(struct engine *e, const char *word, double seconds, char *why, size_t size)
{
	double deadline = proc_now() + seconds;
	char line[PROC_LINE_MAX + 1];
	for (;;) {
		int r = engine_line(e, line, sizeof line, deadline, word, why, size);
		if (r != 1)
			return r;
		if (!strcmp(line, word) || (!strncmp(line, word, strlen(word)) && line[strlen(word)] == ' '))
			return ENG_OK;
	}
}

int usi_start(struct engine *e, char *why, size_t size)
{
	if (engine_send(e, "usi", why, size))
		return ENG_FAILED;
	double deadline = proc_now() + USI_HELLO_SECONDS;
	char line[PROC_LINE_MAX + 1];
	e->has_uci_variant = e->has_multipv = 0;
	for (;;) {
		int r = engine_line(e, line, sizeof line, deadline, "usiok", why, size);
		if (r != 1)
			return r;
		if (!strcmp(line, "usiok"))
			break;
		if (!strncmp(line, "id name ", 8))
			snprintf(e->name, sizeof e->name, "%.120s", line + 8);
		if (!strncmp(line, "option name UCI_Variant ", 24)) {
			e->has_uci_variant = 1;
			keep_variants(e, line);
		}
		if (!strncmp(line, "option name MultiPV ", 20))
			e->has_multipv = 1;
	}
	char cmd[4096];
	for (int i = 0; i < e->cfg->noptions; i++) {
		snprintf(cmd, sizeof cmd, "setoption name %s value %s", e->cfg->option_names[i],
			 e->cfg->option_values[i]);
		if (engine_send(e, cmd, why, size))
			return ENG_FAILED;
	}
	if (e->cfg->multipv > 1) {
		if (!e->has_multipv) {
			snprintf(why, size, "the engine has no MultiPV option (--multipv %d)", e->cfg->multipv);
			return ENG_UNSUPPORTED;
		}
		snprintf(cmd, sizeof cmd, "setoption name MultiPV value %d", e->cfg->multipv);
		if (engine_send(e, cmd, why, size))
			return ENG_FAILED;
	}
	if (engine_send(e, "isready", why, size))
		return ENG_FAILED;
	return wait_for(e, "readyok", USI_READY_SECONDS, why, size);
}

int usi_record_begin(struct engine *e, char *why, size_t size)
{
	const char *name = engine_variant_name(ENGINE_USI, e->record_variant);
	if (strcmp(e->variant, name) != 0) {
		if (e->has_uci_variant) {
			if (!engine_list_has(e->variants, name)) {
				snprintf(why, size, "the engine does not play %s (its UCI_Variant values: %s)",
					 name, e->variants);
				return ENG_UNSUPPORTED;
			}
			char cmd[256];
			snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s", name);
			if (engine_send(e, cmd, why, size))
				return ENG_FAILED;
		} else if (strcmp(name, "shogi") != 0) {
			snprintf(why, size, "the engine plays standard shogi only (it has no UCI_Variant option), not %s",
				 name);
			return ENG_UNSUPPORTED;
		}
		snprintf(e->variant, sizeof e->variant, "%s", name);
	}
	/* a new game: the engine's hash from the last record is cleared, so
	 * that a record's analysis depends on the record alone */
	if (engine_send(e, "usinewgame", why, size) || engine_send(e, "isready", why, size))
		return ENG_FAILED;
	e->fresh_record = 0;
	return wait_for(e, "readyok", USI_READY_SECONDS, why, size);
}

/* The next token of *p (spaces between), or NULL at the end. */
static const char *token(const char **p, size_t *len)
{
	const char *s = *p + strspn(*p, " \t");
	if (!*s)
		return NULL;
	*len = strcspn(s, " \t");
	*p = s + *len;
	return s;
}

static int is(const char *tok, size_t len, const char *word)
{
	return len == strlen(word) && !memcmp(tok, word, len);
}

/* An `info` line into the answer's line of its multipv (1 if not said). */
static void read_info(struct engine_answer *a, const char *line)
{
	struct engine_line got;
	memset(&got, 0, sizeof got);
	got.nodes = -1;
	int multipv = 1, bound = 0, has_pv = 0;
	const char *p = line + 4;
	size_t len;
	const char *t;
	while ((t = token(&p, &len))) {
		if (is(t, len, "string"))
			break;
		if (is(t, len, "depth") && (t = token(&p, &len)))
			got.depth = atoi(t);
		else if (is(t, len, "nodes") && (t = token(&p, &len)))
			got.nodes = atoll(t);
		else if (is(t, len, "multipv") && (t = token(&p, &len)))
			multipv = atoi(t);
		else if (is(t, len, "score")) {
			if (!(t = token(&p, &len)))
				break;
			int mate = is(t, len, "mate");
			if (!mate && !is(t, len, "cp"))
				continue;
			if (!(t = token(&p, &len)))
				break;
			long v = strtol(t, NULL, 10);
			got.scored = 1;
			if (mate) {
				/* mate 0 or "mate -": the side to move is mated now */
				got.mate = v != 0 ? (int)v : (t[0] == '+' ? 1 : -1);
				got.value = 0;
			} else {
				got.value = v;
			}
		} else if (is(t, len, "lowerbound") || is(t, len, "upperbound")) {
			bound = 1;
		} else if (is(t, len, "pv")) {
			has_pv = 1;
			while ((t = token(&p, &len)) && got.npv < ENGINE_MAX_PV) {
				if (len >= ENGINE_MOVE_TEXT)
					len = ENGINE_MOVE_TEXT - 1;
				memcpy(got.pv[got.npv], t, len);
				got.pv[got.npv][len] = 0;
				got.npv++;
			}
			break;
		}
	}
	/* a line with a score and a move is an answer; a bound is not one
	 * while an exact score of the same line is kept */
	if (!got.scored || !has_pv || multipv < 1 || multipv > ENGINE_MAX_LINES)
		return;
	struct engine_line *slot = &a->lines[multipv - 1];
	if (bound && slot->scored && slot->depth >= got.depth)
		return;
	*slot = got;
	if (multipv > a->nlines)
		a->nlines = multipv;
}

int usi_analyse(struct engine *e, const struct engine_query *q, struct engine_answer *a,
		char *why, size_t size)
{
	if (e->fresh_record && usi_record_begin(e, why, size) != ENG_OK)
		return ENG_FAILED;
	/* the command: the start and every move since */
	size_t cap = 256 + KIFU_SFEN_MAX + (size_t)q->nmoves * 24;
	char *cmd = malloc(cap);
	if (!cmd) {
		snprintf(why, size, "out of memory");
		return ENG_FAILED;
	}
	size_t n;
	if (q->start_is_variants && !strcmp(e->variant, "shogi")) {
		n = (size_t)snprintf(cmd, cap, "position startpos");
	} else {
		char sfen[KIFU_SFEN_MAX];
		if (kifu_position_sfen(q->start, sfen, sizeof sfen) < 0) {
			free(cmd);
			snprintf(why, size, "the start position has no SFEN");
			return ENG_UNSUPPORTED;
		}
		n = (size_t)snprintf(cmd, cap, "position sfen %s", sfen);
	}
	if (q->nmoves > 0)
		n += (size_t)snprintf(cmd + n, cap - n, " moves");
	for (long i = 0; i < q->nmoves && n + 24 < cap; i++) {
		char m[ENGINE_MOVE_TEXT];
		kifu_compact_format_move(q->v, &q->moves[i], m, sizeof m);
		n += (size_t)snprintf(cmd + n, cap - n, " %s", m);
	}
	int rc = engine_send(e, cmd, why, size);
	free(cmd);
	if (rc)
		return ENG_FAILED;
	char go[64];
	const struct engine_config *c = e->cfg;
	snprintf(go, sizeof go, "go %s %ld",
		 c->limit_kind == LIMIT_DEPTH ? "depth" : c->limit_kind == LIMIT_NODES ? "nodes" : "movetime",
		 c->limit);
	if (engine_send(e, go, why, size))
		return ENG_FAILED;
	double deadline = proc_now() + c->timeout +
			  (c->limit_kind == LIMIT_MOVETIME ? (double)c->limit / 1000.0 : 0.0);
	char line[PROC_LINE_MAX + 1];
	for (;;) {
		int r = engine_line(e, line, sizeof line, deadline, "bestmove", why, size);
		if (r != 1)
			return r;
		if (!strncmp(line, "info ", 5)) {
			read_info(a, line);
			continue;
		}
		if (strncmp(line, "bestmove", 8) != 0 || (line[8] && line[8] != ' '))
			continue; /* anything else an engine says is not for us */
		const char *p = line + 8;
		size_t len;
		const char *t = token(&p, &len);
		if (!t) {
			snprintf(why, size, "the engine answered \"bestmove\" with no move: garbage");
			engine_stop(e);
			return ENG_FAILED;
		}
		if (len >= ENGINE_MOVE_TEXT)
			len = ENGINE_MOVE_TEXT - 1;
		memcpy(a->best, t, len);
		a->best[len] = 0;
		return ENG_OK;
	}
}
