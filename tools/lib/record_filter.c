/*
 * record_filter.c - selecting records with PCRE2 (record_filter.h).  The
 * only file of ours that includes pcre2.h.
 */
#include "lib/record_filter.h"

#include <errno.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

struct filter_rule {
	char *tag;              /* NULL: a move rule */
	long from, to;          /* a move rule's plies (1-based, inclusive); 0: all */
	pcre2_code *code;
	pcre2_match_data *match;
};

struct record_filter {
	struct filter_rule *rules;
	int n;
};

record_filter *record_filter_new(void)
{
	return calloc(1, sizeof(record_filter));
}

void record_filter_free(record_filter *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->n; i++) {
		free(f->rules[i].tag);
		pcre2_match_data_free(f->rules[i].match);
		pcre2_code_free(f->rules[i].code);
	}
	free(f->rules);
	free(f);
}

/* Compiles regex (col0: its column in the option's argument, 0-based). */
static int add_rule(record_filter *f, const char *tag, size_t taglen, const char *regex,
		    long col0, long from, long to, kifu_diag *diag)
{
	int err;
	PCRE2_SIZE off;
	uint32_t options = PCRE2_UTF;
#ifdef PCRE2_MATCH_INVALID_UTF
	options |= PCRE2_MATCH_INVALID_UTF; /* a bad byte in a value fails to match, not the match */
#endif
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)regex, PCRE2_ZERO_TERMINATED, options, &err,
					 &off, NULL);
	if (!code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(err, msg, sizeof msg);
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, col0 + (long)off + 1, "%s",
				     (const char *)msg);
	}
	struct filter_rule *r = realloc(f->rules, (size_t)(f->n + 1) * sizeof *r);
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, NULL);
	char *t = NULL;
	if (tag && (t = malloc(taglen + 1))) {
		memcpy(t, tag, taglen);
		t[taglen] = '\0';
	}
	if (r)
		f->rules = r;
	if (!r || !md || (tag && !t)) {
		pcre2_match_data_free(md);
		pcre2_code_free(code);
		free(t);
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	}
	r[f->n].tag = t;
	r[f->n].from = from;
	r[f->n].to = to;
	r[f->n].code = code;
	r[f->n].match = md;
	f->n++;
	return 0;
}

int record_filter_add_where(record_filter *f, const char *spec, kifu_diag *diag)
{
	const char *tilde = strchr(spec, '~');
	if (!tilde || tilde == spec)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, tilde ? 1 : 0,
				     "expected TAG~REGEX");
	for (const char *p = spec; p < tilde; p++)
		if (!((*p >= 'a' && *p <= 'z') || (p > spec && ((*p >= '0' && *p <= '9') ||
							       *p == '_' || *p == '-'))))
			return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, (long)(p - spec) + 1,
					     "a tag key is [a-z][a-z0-9_-]*");
	return add_rule(f, spec, (size_t)(tilde - spec), tilde + 1, (long)(tilde - spec) + 1, 0, 0, diag);
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

int record_filter_add_move(record_filter *f, const char *spec, kifu_diag *diag)
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
		return add_rule(f, NULL, 0, p + 1, (long)(p + 1 - spec), from, to, diag);
	}
	return add_rule(f, NULL, 0, spec, 0, 0, 0, diag);
}

/* 1 or 0; -1 when PCRE2 could not finish (a resource limit), said in diag. */
static int matches(const struct filter_rule *r, const char *s, kifu_diag *diag)
{
	int rc = pcre2_match(r->code, (PCRE2_SPTR)s, strlen(s), 0, 0, r->match, NULL);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	PCRE2_UCHAR msg[256];
	pcre2_get_error_message(rc, msg, sizeof msg);
	kifu_diag_set(diag, KIFU_ELIMIT, NULL, 0, 0, "a regular expression could not be matched: %s",
		      (const char *)msg);
	return -1;
}

static int rule_matches(const struct filter_rule *r, const kifu_record *rec, const kifu_variant *v,
			kifu_diag *diag)
{
	if (r->tag) {
		int n = kifu_record_tag_count(rec);
		for (int i = 0; i < n; i++)
			if (!strcmp(kifu_record_tag_key(rec, i), r->tag)) {
				int m = matches(r, kifu_record_tag_value(rec, i), diag);
				if (m)
					return m;
			}
		return 0;
	}
	if (!v)
		return 0; /* no variant, no moves to read */
	long n = kifu_record_move_count(rec);
	long first = r->from ? r->from - 1 : 0, last = r->to && r->to < n ? r->to : n;
	for (long i = first; i < last; i++) {
		kifu_record_move m;
		char text[32];
		if (kifu_record_get_move(rec, i, &m) || kifu_compact_format_move(v, &m.move, text, sizeof text) < 0)
			continue;
		int hit = matches(r, text, diag);
		if (hit)
			return hit;
	}
	return 0;
}

int record_filter_match(const record_filter *f, const kifu_record *rec, const kifu_variant *v,
			kifu_diag *diag)
{
	for (int i = 0; i < f->n; i++) {
		int m = rule_matches(&f->rules[i], rec, v, diag);
		if (m <= 0)
			return m;
	}
	return 1;
}
