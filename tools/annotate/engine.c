/*
 * engine.c - what the two protocols share (engine.h): starting and
 * stopping, reading lines with a deadline, the names of variants.
 */
#include "annotate/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void engine_init(struct engine *e, const struct engine_config *cfg)
{
	memset(e, 0, sizeof *e);
	e->cfg = cfg;
	e->proc.pid = 0;
	e->proc.to_engine = e->proc.from_engine = -1;
}

void engine_stop(struct engine *e)
{
	if (e->running) {
		/* a polite word first: an engine that reads it ends at once */
		proc_send(&e->proc, "quit");
		proc_stop(&e->proc);
	}
	e->running = 0;
	e->variant[0] = 0;
	free(e->variants);
	e->variants = NULL;
}

void engine_free(struct engine *e)
{
	engine_stop(e);
}

int engine_send(struct engine *e, const char *line, char *why, size_t size)
{
	/* A line the engine cannot be sent (it has closed its input: it has
	 * exited, or is exiting) is not said here: every line sent is followed
	 * by the reading of an answer, which then finds the engine gone and
	 * says so, with what kifu waited for.  Saying it here too made the
	 * message depend on whether the engine had exited before or after the
	 * line was written (an engine not found, exit status 127, told two
	 * ways from one run to the next). */
	(void)why;
	(void)size;
	proc_send(&e->proc, line);
	return 0;
}

int engine_line(struct engine *e, char *line, size_t size, double deadline, const char *waiting,
		char *why, size_t why_size)
{
	int r = proc_line(&e->proc, line, size, deadline);
	if (r == 1)
		return 1;
	if (r == 0) {
		char words[128];
		proc_exit_words(&e->proc, words, sizeof words);
		snprintf(why, why_size, "the engine %s while kifu waited for %s", words, waiting);
	} else if (r == -1) {
		snprintf(why, why_size, "the engine sent no %s in time (it hangs?): stopped", waiting);
	} else {
		snprintf(why, why_size, "the engine sent a line of more than %d bytes: garbage",
			 PROC_LINE_MAX);
	}
	engine_stop(e);
	return ENG_FAILED;
}

int engine_list_has(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; p && *p;) {
		p += strspn(p, " ,");
		size_t k = strcspn(p, " ,");
		if (k == n && !memcmp(p, word, n))
			return 1;
		p += k;
	}
	return 0;
}

const char *engine_variant_name(enum engine_protocol protocol, const kifu_variant *v)
{
	const char *name = kifu_variant_name(v);
	/* the Japan Chu Shogi Association's rules and lishogi's are both
	 * Chu to an engine: the referee tells them apart */
	if (!strcmp(name, "chu-jcsa"))
		return "chu";
	(void)protocol;
	return name;
}

/* Starts the engine and says hello in its protocol. */
static int start(struct engine *e, char *why, size_t size)
{
	if (proc_start(&e->proc, e->cfg->cmd, e->cfg->log_fd, why, size) != 0)
		return ENG_FAILED;
	e->running = 1;
	e->variant[0] = 0;
	int rc = e->cfg->protocol == ENGINE_USI ? usi_start(e, why, size) : xboard_start(e, why, size);
	if (rc != ENG_OK)
		engine_stop(e);
	return rc;
}

int engine_record_begin(struct engine *e, const kifu_variant *v, char *why, size_t size)
{
	e->record_variant = v;
	e->fresh_record = 1;
	if (e->running) {
		/* a fresh process for every record: a record's analysis is to
		 * depend on the record alone, whatever -j and whatever came
		 * before it; XBoard's `new` keeps HaChu's hash table, and
		 * Fairy-Stockfish searches a position otherwise after
		 * usinewgame than when it has just started (measured: nodes and
		 * lines differed between -j 1 and -j 2) */
		engine_stop(e);
	}
	if (!e->running) {
		int rc = start(e, why, size);
		if (rc != ENG_OK)
			return rc;
	}
	if (e->cfg->protocol == ENGINE_USI)
		return usi_record_begin(e, why, size);
	const char *name = engine_variant_name(ENGINE_XBOARD, v);
	if (!engine_list_has(e->variants, name)) {
		snprintf(why, size, "the engine does not play %s (its variants: %s)", name,
			 e->variants ? e->variants : "none named");
		return ENG_UNSUPPORTED;
	}
	return ENG_OK;
}

int engine_analyse(struct engine *e, const struct engine_query *q, struct engine_answer *a,
		   char *why, size_t size)
{
	memset(a, 0, sizeof *a);
	if (!e->running) {
		/* stopped after a failure: started again, set to the record */
		int rc = engine_record_begin(e, q->v, why, size);
		if (rc != ENG_OK)
			return rc;
	}
	int rc = e->cfg->protocol == ENGINE_USI ? usi_analyse(e, q, a, why, size)
					       : xboard_analyse(e, q, a, why, size);
	if (rc == ENG_FAILED && e->running)
		engine_stop(e);
	return rc;
}

int engine_parse_move(const struct engine *e, kifu_position *pos, const char *text,
		      kifu_move *out, char *why, size_t size)
{
	const kifu_variant *v = kifu_position_variant(pos);
	if (e->cfg->protocol == ENGINE_XBOARD)
		return xboard_parse_move(pos, text, e->turned, out, why, size);
	const char *msg = NULL;
	size_t at = 0;
	if (kifu_compact_parse_move(v, text, strlen(text), out, &msg, &at) != 0) {
		snprintf(why, size, "not a USI move (%s)", msg ? msg : "unreadable");
		return -1;
	}
	return 0;
}

void engine_format_move(const struct engine *e, const kifu_position *pos, const kifu_move *m,
			char *buf, size_t size)
{
	const kifu_variant *v = kifu_position_variant(pos);
	if (e->cfg->protocol == ENGINE_XBOARD)
		xboard_format_move(v, m, m->from == m->to && m->mid != KIFU_NO_SQUARE &&
					 !(m->flags & KIFU_MOVE_DROP) && kifu_position_at(pos, m->mid) == 0,
				   e->turned, buf, size);
	else if (kifu_compact_format_move(v, m, buf, size) < 0 && size)
		buf[0] = 0;
}
