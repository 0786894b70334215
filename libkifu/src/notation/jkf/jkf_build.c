/*
 * jkf_build.c - what the JKF grammar (jkf_record.c, jkf_moves.c) judges
 * with (jkf_read.h): JKF's keys, values as JKF has them, the variant, and
 * the record's first problem, said at its place once its text is read.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "notation/jkf/jkf.h"
#include "notation/jkf/jkf_read.h"
#include "text/buffer.h"
#include "text/encoding.h"

/* ---- keys ---- */

/* The keys of each object JKF has (its schema's), in the order JKF's
 * writers write them, and JKF's kinds (kifu__jkf_kinds' codes) as a
 * hand's keys. */
#define K KIFU__JSON_NAME
static const kifu__json_name ks_record[] = {K("header"), K("initial"), K("moves")};
static const kifu__json_name ks_start[] = {K("comments"), K("comment")};
static const kifu__json_name ks_element[] = {K("comments"), K("move"), K("time"), K("special"), K("forks")};
static const kifu__json_name ks_move[] = {K("color"), K("from"), K("to"), K("piece"), K("same"), K("promote"),
					 K("capture"), K("relative")};
static const kifu__json_name ks_time[] = {K("now"), K("total")};
static const kifu__json_name ks_clock[] = {K("h"), K("m"), K("s")};
static const kifu__json_name ks_place[] = {K("x"), K("y")};
static const kifu__json_name ks_initial[] = {K("preset"), K("data")};
static const kifu__json_name ks_data[] = {K("color"), K("board"), K("hands")};
static const kifu__json_name ks_square[] = {K("color"), K("kind")};
static const kifu__json_name ks_kinds[JKF_NKINDS] = {K("FU"), K("KY"), K("KE"), K("GI"), K("KI"), K("KA"), K("HI"),
						    K("OU"), K("TO"), K("NY"), K("NK"), K("NG"), K("UM"), K("RY")};
#undef K
const kifu__json_keys kifu__jkf_keys[KS_N] = {
	{3, ks_record}, {2, ks_start}, {5, ks_element}, {8, ks_move}, {2, ks_time},  {3, ks_clock},
	{2, ks_place},  {2, ks_initial}, {3, ks_data},  {2, ks_square}, {JKF_NKINDS, ks_kinds},
};

char *kifu__jkf_join_buffer(jkf_reader *r, size_t n)
{
	return kifu__grow(&r->join, &r->joincap, n, 256) ? NULL : r->join;
}

const char *kifu__jkf_shown_key(const char *k, size_t len, char *buf, size_t size)
{
	char whole[64];
	size_t n = len < sizeof whole - 1 ? len : sizeof whole - 1;
	memcpy(whole, k, n);
	whole[n] = 0;
	kifu__text_copy(buf, size < 60 ? size : 60, whole);
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = '?';
	return buf;
}

/* ---- values ---- */

int64_t kifu__jkf_count_slow(const build *b, const kifu__json_tok *t)
{
	if (t->type != KIFU_JSON_NUMBER)
		return -1;
	if (t->whole)
		return INT64_MAX;
	/* digits alone, more than a count holds: as large as any */
	const char *s = kifu__json_bytes(b->c, t);
	for (size_t i = 0; i < t->len; i++)
		if (s[i] < '0' || s[i] > '9')
			return -1;
	return INT64_MAX;
}

int kifu__jkf_side_at(const build *b, long ply)
{
	return (int)((b->side0 + ply - 1) & 1);
}

/* ---- problems ---- */

int kifu__jkf_problem(build *b, long ply, int where, const kifu__json_mark *m, const char *text,
		      const char *fmt, ...)
{
	jkf_problem *p = &b->problem;
	if (p->set)
		return STOP;
	p->set = true;
	p->final = false;
	p->ply = ply;
	p->where = where;
	p->at = *m;
	kifu__json_place(m, &p->line, &p->col);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	kifu__utf8_trim_end(p->msg);
	p->text[0] = 0;
	p->show = false;
	if (text)
		kifu__text_copy(p->text, sizeof p->text, text);
	else if (ply > 0 && b->moved[0])
		kifu__text_copy(p->text, sizeof p->text, b->moved);
	else if (ply > 0 && b->here) {
		p->show = true;
		p->shown = b->here_at;
	}
	/* in a variation, an error of the whole record that names it, as KIF's */
	p->variation = 0;
	int lno = kifu_record_current_line(b->rec);
	if (lno > 0 && ply > 0) {
		kifu_record_line_info li;
		kifu_record_get_line(b->rec, lno, &li);
		p->variation = li.start;
	}
	return STOP;
}

int kifu__jkf_problem_said(build *b, size_t end)
{
	const jkf_problem *p = &b->problem;
	const kifu__json_cur *text = &b->r->json;
	if (!p->set)
		return 0;
	long line = p->line, col = p->col;
	kifu__json_mark o;
	if (p->where == AT_NEXT_OBJECT) {
		if (kifu__json_find_object(text, &p->at, end, &o)) {
			kifu__json_place(&o, &line, &col);
		} else {
			line = kifu_record_line(b->rec);
			col = 0;
		}
	}
	char shown[56];
	const char *move = p->text[0] ? p->text : NULL;
	if (p->show) {
		/* the JSON as written, compact and cut short */
		char d[128];
		size_t n = kifu__json_dump(text, &p->shown, d, sizeof d);
		size_t keep = kifu__utf8_cut(d, n < sizeof d ? n : sizeof d - 1, sizeof shown - 4);
		snprintf(shown, sizeof shown, "%.*s%s", (int)keep, d, keep < n ? "..." : "");
		move = shown;
	}
	if (p->variation) {
		char full[800];
		snprintf(full, sizeof full, "in the variation from ply %ld: ply %ld: %s%s%s", p->variation, p->ply,
			 move ? move : "", move ? ": " : "", p->msg);
		kifu__utf8_trim_end(full);
		return kifu_record_set_error(b->rec, 0, line, col, NULL, 0, full);
	}
	return kifu_record_set_error(b->rec, p->ply, line, col, move, move ? strlen(move) : 0, p->msg);
}

/* ---- the variant ---- */

int kifu__jkf_choose_variant(build *b)
{
	jkf_reader *r = b->r;
	const char *name;
	int rc;
	if (!r->ctx.fallback && !r->shogi)
		r->shogi = kifu_variant_set_find(r->ctx.variants, "shogi");
	b->v = r->ctx.fallback ? r->ctx.fallback : r->shogi;
	if (!b->v) {
		rc = kifu__jkf_problem(b, 0, AT_NEXT_OBJECT, &b->record, NULL,
				       "JKF records standard shogi, and no variant shogi is known");
		b->problem.final = true;
		return rc;
	}
	if (b->v != r->typed) {
		r->typed = b->v;
		r->missing = kifu__jkf_types(b->v, r->types);
	}
	if (kifu_variant_files(b->v) != 9 || kifu_variant_ranks(b->v) != 9)
		rc = kifu__jkf_problem(b, 0, AT_NEXT_OBJECT, &b->record, NULL,
				       "JKF records standard shogi on 9x9 boards; %s is %dx%d", kifu_variant_name(b->v),
				       kifu_variant_files(b->v), kifu_variant_ranks(b->v));
	else if (r->missing >= 0)
		rc = kifu__jkf_problem(b, 0, AT_NEXT_OBJECT, &b->record, NULL,
				       "JKF records standard shogi; %s has no %s (SFEN %s)", kifu_variant_name(b->v),
				       kifu__jkf_kinds[r->missing].code, kifu__jkf_kinds[r->missing].sfen);
	else
		rc = 0;
	if (rc) {
		b->problem.final = true;
		return rc;
	}
	name = kifu_variant_name(b->v);
	return kifu_record_set_variant(b->rec, name, strlen(name));
}
