/*
 * record_filter.c - selecting records with PCRE2 (record_filter.h).  The
 * only file of ours that includes pcre2.h.
 *
 * The bound on matching.  PCRE2's own limits do not bound the time of one
 * match: its match limit counts backtracking frames from each starting
 * place afresh, and a repeat that runs over the text (\d+ in \d+[-/]\d+,
 * a* in (?=a*b)) counts as one frame however far it runs, so that a value
 * of 200,000 digits costs 200,000 starts times 200,000 characters.  So the
 * patterns are compiled with an automatic callout before each item, and
 * the callout counts the steps of all the record's matches for one
 * criterion: one for the item, one for each character the match has moved
 * over since the last callout, forwards or back.  That is the work done, to
 * a constant: between two callouts the matcher only moves over characters
 * (or compares a back reference, which is why those are refused).  Past
 * FILTER_MAX_STEPS the callout stops the match and the record gets an
 * error.  The JIT compiler keeps callouts; where it is not available the
 * interpreter counts the same.
 */
#include "lib/record_filter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* The JIT's stack: PCRE2's default (32 KiB) runs out on long values that a
 * pattern matches group by group; past this, an error as for the steps. */
#define JIT_STACK_MAX (1024 * 1024)

enum rule_kind { RULE_TAG, RULE_MOVE, RULE_PLAYER };

struct filter_rule {
	enum rule_kind kind;
	const char *option;     /* "--where", "--move", ...: for messages */
	char *what;             /* the tag's key (RULE_TAG) or the player's name */
	char *spec;             /* the option's argument, for messages */
	long from, to;          /* a move rule's plies (1-based, inclusive); 0: all */
	int kanji;              /* a move rule matched against the kanji notation */
	pcre2_code *code;
	pcre2_match_data *match;
};

/* The steps left to the criterion being matched on the record, and where
 * the match stood at the last callout. */
struct budget {
	long left;
	size_t at;
};

struct record_filter {
	struct filter_rule *rules;
	int n;
	pcre2_match_context *context;
	pcre2_jit_stack *jit_stack;
	struct budget budget;
	kifu_position *pos;     /* scratch for the kanji move rules */
};

static int count_steps(pcre2_callout_block *block, void *data)
{
	struct budget *b = data;
	size_t at = block->current_position;
	long moved = (long)(at > b->at ? at - b->at : b->at - at);
	b->at = at;
	b->left -= 1 + moved;
	/* a negative value abandons the match with it */
	return b->left < 0 ? PCRE2_ERROR_CALLOUT : 0;
}

record_filter *record_filter_new(void)
{
	record_filter *f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	f->context = pcre2_match_context_create(NULL);
	if (!f->context) {
		free(f);
		return NULL;
	}
	pcre2_set_callout(f->context, count_steps, &f->budget);
	/* PCRE2's limits as well: the frames of one start and their depth
	 * (each costs a step at least), the interpreter's heap (in KiB), the
	 * JIT's stack */
	pcre2_set_match_limit(f->context, (uint32_t)FILTER_MAX_STEPS);
	pcre2_set_depth_limit(f->context, (uint32_t)FILTER_MAX_STEPS);
	pcre2_set_heap_limit(f->context, 20000);
	f->jit_stack = pcre2_jit_stack_create(32 * 1024, JIT_STACK_MAX, NULL);
	if (f->jit_stack)
		pcre2_jit_stack_assign(f->context, NULL, f->jit_stack);
	return f;
}

void record_filter_free(record_filter *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->n; i++) {
		free(f->rules[i].what);
		free(f->rules[i].spec);
		pcre2_match_data_free(f->rules[i].match);
		pcre2_code_free(f->rules[i].code);
	}
	free(f->rules);
	pcre2_jit_stack_free(f->jit_stack);
	pcre2_match_context_free(f->context);
	kifu_position_free(f->pos);
	free(f);
}

static int no_memory(kifu_diag *diag)
{
	return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
}

/* Compiles regex (col0: its column in the option's argument, 0-based). */
static pcre2_code *compile(const char *regex, long col0, kifu_diag *diag)
{
	int err;
	PCRE2_SIZE off;
	uint32_t options = PCRE2_UTF | PCRE2_AUTO_CALLOUT;
#ifdef PCRE2_MATCH_INVALID_UTF
	options |= PCRE2_MATCH_INVALID_UTF; /* a bad byte in a value fails to match, not the match */
#endif
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)regex, PCRE2_ZERO_TERMINATED, options, &err,
					 &off, NULL);
	if (!code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(err, msg, sizeof msg);
		kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, col0 + (long)off + 1, "%s", (const char *)msg);
		return NULL;
	}
	uint32_t backrefs = 0;
	pcre2_pattern_info(code, PCRE2_INFO_BACKREFMAX, &backrefs);
	if (backrefs) {
		/* comparing a back reference is work between two callouts that
		 * grows with the text: it could not be bounded */
		pcre2_code_free(code);
		kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0,
			      "a back reference (\\1, \\k<name>) cannot be given a bound on its time: "
			      "not taken");
		return NULL;
	}
	/* the JIT where the machine has it; the interpreter otherwise */
	pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
	return code;
}

static int add_rule(record_filter *f, enum rule_kind kind, const char *option, const char *what,
		    size_t whatlen, const char *spec, const char *regex, long col0, long from, long to,
		    kifu_diag *diag)
{
	pcre2_code *code = NULL;
	if (regex && !(code = compile(regex, col0, diag)))
		return diag->code;
	struct filter_rule *r = realloc(f->rules, (size_t)(f->n + 1) * sizeof *r);
	pcre2_match_data *md = code ? pcre2_match_data_create_from_pattern(code, NULL) : NULL;
	char *w = what ? strndup(what, whatlen) : NULL, *s = strdup(spec);
	if (r)
		f->rules = r;
	if (!r || (code && !md) || (what && !w) || !s) {
		pcre2_match_data_free(md);
		pcre2_code_free(code);
		free(w);
		free(s);
		return no_memory(diag);
	}
	int kanji = 0;
	for (const unsigned char *p = (const unsigned char *)regex; kind == RULE_MOVE && *p; p++)
		kanji |= *p >= 0x80;
	r[f->n] = (struct filter_rule){kind, option, w, s, from, to, kanji, code, md};
	f->n++;
	return 0;
}

/* --- the criteria ------------------------------------------------------------ */

/* A key of the compact notation: [a-z][a-z0-9_-]*.  1 or 0. */
static int is_key(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (i && ((c >= '0' && c <= '9') || c == '_' || c == '-'))))
			return 0;
	}
	return n > 0;
}

/* The tags with a KIF header, as "先手 sente, 後手 gote, ..." */
static void kif_headers(char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < kifu_tag_count(); i++) {
		const kifu_tag_info *t = kifu_tag_at(i);
		if (!t->kif)
			continue;
		int n = snprintf(buf + used, size - used, "%s%s %s", used ? ", " : "", t->kif, t->key);
		if (n < 0 || (size_t)n >= size - used) {
			buf[used] = '\0';
			return;
		}
		used += (size_t)n;
	}
}

int record_filter_add_where(record_filter *f, const char *option, const char *spec, kifu_diag *diag)
{
	const char *tilde = strchr(spec, '~');
	if (!tilde || tilde == spec)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, tilde ? 1 : 0,
				     "expected TAG~REGEX");
	size_t n = (size_t)(tilde - spec);
	const char *key = spec;
	if (!is_key(spec, n)) {
		/* a KIF header names its tag (棋戦 is event) */
		const kifu_tag_info *t = kifu_tag_find_kif(spec, n);
		if (!t) {
			char known[1024];
			kif_headers(known, sizeof known);
			return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 1,
					     "'%.*s' is no tag: a tag is a key, [a-z][a-z0-9_-]*, or a KIF header "
					     "kifu reads as one (%s); the headers it does not know are kept "
					     "whole in the tag header (--where 'header~^%.*s：')",
					     (int)n, spec, known, (int)n, spec);
		}
		key = t->key;
		n = strlen(key);
	}
	return add_rule(f, RULE_TAG, option, key, n, spec, tilde + 1, (long)(tilde - spec) + 1, 0, 0, diag);
}

/* A ply number at *p: its value, or -1. */
static long ply_number(const char **p)
{
	long n = 0;
	const char *s = *p;
	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9') {
		n = n * 10 + (*s++ - '0');
		if (n > KIFU_MAX_PLIES)
			return -1;
	}
	*p = s;
	return n;
}

int record_filter_add_move(record_filter *f, const char *option, const char *spec, kifu_diag *diag)
{
	/* a ply range before the regex: "12:", "30..40:" (a move in the
	 * compact notation holds no ':') */
	const char *p = spec;
	long from = ply_number(&p), to = from;
	if (from >= 0 && p[0] == '.' && p[1] == '.') {
		p += 2;
		to = ply_number(&p);
	}
	if (from >= 0 && to >= 0 && *p == ':') {
		if (from < 1 || to < from)
			return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 1,
					     "a ply range is FIRST..LAST, from ply 1");
		return add_rule(f, RULE_MOVE, option, NULL, 0, spec, p + 1, (long)(p + 1 - spec), from, to, diag);
	}
	return add_rule(f, RULE_MOVE, option, NULL, 0, spec, spec, 0, 0, 0, diag);
}

int record_filter_add_player(record_filter *f, const char *name, kifu_diag *diag)
{
	if (!*name)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0, "an empty name");
	return add_rule(f, RULE_PLAYER, "--player", name, strlen(name), name, NULL, 0, 0, 0, diag);
}

/* --- matching ---------------------------------------------------------------- */

/* Why r could not be matched on the record (PCRE2's code rc), at line:col
 * (0: the record's place, filled by the caller). */
static int not_matched(const struct filter_rule *r, int rc, long line, long col, kifu_diag *diag)
{
	const char *option = r->option;
	if (rc == PCRE2_ERROR_CALLOUT)
		return kifu_diag_set(diag, KIFU_ELIMIT, NULL, line, col,
				     "%s '%s' could not be matched within %ld steps on this record "
				     "(docs/limits.md)", option, r->spec, FILTER_MAX_STEPS);
	PCRE2_UCHAR msg[256];
	pcre2_get_error_message(rc, msg, sizeof msg);
	return kifu_diag_set(diag, KIFU_ELIMIT, NULL, line, col,
			     "%s '%s' could not be matched within PCRE2's limits on this record: %s",
			     option, r->spec, (const char *)msg);
}

/* 1 or 0; a PCRE2 error code (negative, not PCRE2_ERROR_NOMATCH) when the
 * match was stopped. */
static int matches(record_filter *f, const struct filter_rule *r, const char *s)
{
	f->budget.at = 0;
	int rc = pcre2_match(r->code, (PCRE2_SPTR)s, strlen(s), 0, 0, r->match, f->context);
	return rc >= 0 ? 1 : rc == PCRE2_ERROR_NOMATCH ? 0 : rc;
}

static int tag_matches(record_filter *f, const struct filter_rule *r, const kifu_record *rec,
		       kifu_diag *diag)
{
	int n = kifu_record_tag_count(rec);
	for (int i = 0; i < n; i++) {
		if (strcmp(kifu_record_tag_key(rec, i), r->what))
			continue;
		int m = matches(f, r, kifu_record_tag_value(rec, i));
		if (m < 0)
			return not_matched(r, m, 0, 0, diag);
		if (m)
			return 1;
	}
	return 0;
}

static int player_matches(const struct filter_rule *r, const kifu_record *rec)
{
	const char *s = kifu_record_tag(rec, "sente"), *g = kifu_record_tag(rec, "gote");
	return (s && !strcmp(s, r->what)) || (g && !strcmp(g, r->what));
}

/* The compact moves of the plies asked for. */
static int compact_matches(record_filter *f, const struct filter_rule *r, const kifu_record *rec,
			   const kifu_variant *v, kifu_diag *diag)
{
	long n = kifu_record_move_count(rec);
	long first = r->from ? r->from - 1 : 0, last = r->to && r->to < n ? r->to : n;
	for (long i = first; i < last; i++) {
		kifu_record_move m;
		char text[32];
		if (kifu_record_get_move(rec, i, &m) || kifu_compact_format_move(v, &m.move, text, sizeof text) < 0)
			continue;
		int hit = matches(f, r, text);
		if (hit < 0)
			return not_matched(r, hit, m.line, m.col, diag);
		if (hit)
			return 1;
	}
	return 0;
}

/* The kanji moves: each named from the position before it. */
struct kanji_walk {
	record_filter *f;
	const struct filter_rule *r;
	kifu_diag *diag;
};

static int kanji_step(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct kanji_walk *w = ctx;
	const struct filter_rule *r = w->r;
	if (r->from && step->ply < r->from)
		return 0;
	char words[KIFU_KIF_WORDS_MAX];
	if (kifu_kif_move_words(pos, &step->move->move, -1, KIFU_KIF_MARK | KIFU_KIF_ORIGIN, words,
				sizeof words) < 0)
		return 0;
	int hit = matches(w->f, r, words);
	if (hit < 0)
		return not_matched(r, hit, step->move->line, step->move->col, w->diag);
	return hit; /* 1 stops the play: found */
}

static int kanji_matches(record_filter *f, const struct filter_rule *r, const kifu_record *rec,
			 const kifu_variant *v, kifu_diag *diag)
{
	if (kifu_position_for(&f->pos, v))
		return no_memory(diag);
	struct kanji_walk w = {f, r, diag};
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.judge = 0;
	opt.max_plies = r->to ? r->to : -1;
	opt.before = kanji_step;
	opt.ctx = &w;
	kifu_validation val;
	int rc = kifu_play(rec, f->pos, &opt, &val);
	if (rc == KIFU_ENOMEM)
		return no_memory(diag);
	return rc == 1 ? 1 : rc < 0 ? rc : 0;
}

static int rule_matches(record_filter *f, const struct filter_rule *r, const kifu_record *rec,
			const kifu_variant *v, kifu_diag *diag)
{
	f->budget.left = FILTER_MAX_STEPS;
	switch (r->kind) {
	case RULE_TAG: return tag_matches(f, r, rec, diag);
	case RULE_PLAYER: return player_matches(r, rec);
	case RULE_MOVE: break;
	}
	if (!v)
		return 0; /* no variant, no moves to read */
	return r->kanji ? kanji_matches(f, r, rec, v, diag) : compact_matches(f, r, rec, v, diag);
}

int record_filter_match(record_filter *f, const kifu_record *rec, const kifu_variant *v,
			kifu_diag *diag)
{
	for (int i = 0; i < f->n; i++) {
		int m = rule_matches(f, &f->rules[i], rec, v, diag);
		if (m <= 0)
			return m;
	}
	return 1;
}
