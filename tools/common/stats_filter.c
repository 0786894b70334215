/*
 * stats_filter.c - kifu-stats' PCRE2 filters (see stats_filter.h).  The only
 * file of ours that includes pcre2.h for the tools.
 */
#include "stats_filter.h"

#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

struct filter_rule {
	char *tag;              /* NULL: a move rule */
	pcre2_code *code;
	pcre2_match_data *match;
};

struct stats_filter {
	struct filter_rule *rules;
	int n;
};

stats_filter *stats_filter_new(void)
{
	return calloc(1, sizeof(stats_filter));
}

void stats_filter_free(stats_filter *f)
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
static int add_rule(stats_filter *f, const char *tag, size_t taglen, const char *regex,
		    long col0, kifu_diag *diag)
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
	r[f->n].code = code;
	r[f->n].match = md;
	f->n++;
	return 0;
}

int stats_filter_add_where(stats_filter *f, const char *spec, kifu_diag *diag)
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
	return add_rule(f, spec, (size_t)(tilde - spec), tilde + 1, (long)(tilde - spec) + 1, diag);
}

int stats_filter_add_move(stats_filter *f, const char *regex, kifu_diag *diag)
{
	return add_rule(f, NULL, 0, regex, 0, diag);
}

static int matches(const struct filter_rule *r, const char *s)
{
	return pcre2_match(r->code, (PCRE2_SPTR)s, strlen(s), 0, 0, r->match, NULL) >= 0;
}

static int rule_matches(const struct filter_rule *r, const kifu_record *rec)
{
	if (r->tag) {
		int n = kifu_record_tag_count(rec);
		for (int i = 0; i < n; i++)
			if (!strcmp(kifu_record_tag_key(rec, i), r->tag) &&
			    matches(r, kifu_record_tag_value(rec, i)))
				return 1;
		return 0;
	}
	long n = kifu_record_move_count(rec);
	for (long i = 0; i < n; i++) {
		kifu_record_move m;
		if (kifu_record_get_move(rec, i, &m) == 0 && m.text && matches(r, m.text))
			return 1;
	}
	return 0;
}

int stats_filter_match(const stats_filter *f, const kifu_record *rec)
{
	for (int i = 0; i < f->n; i++)
		if (!rule_matches(&f->rules[i], rec))
			return 0;
	return 1;
}
