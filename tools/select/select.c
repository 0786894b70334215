/*
 * select.c - kifu-select's criteria (select.h): groups of them, and the
 * ones a record answers without being played (tags, moves, the variant,
 * the length, the ending, the opening), then validity and positions.
 */
#include "select/select.h"
#include "lib/inputs.h"
#include "lib/record_filter.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* An --opening as one variant reads it (parsed once per variant). */
struct opening_parse {
	const kifu_variant *v;
	kifu_move *moves;  /* NULL: v cannot read it */
	int n;
};

struct opening {
	char *text;
	struct opening_parse *parsed;
	int nparsed;
};

struct group {
	record_filter *filter;  /* --where and --move */
	int nfilters;
	char **variants;        /* --is-variant: any of them */
	int nvariants;
	char **endings;         /* --ending: any of them */
	int nendings;
	long min_plies, max_plies; /* --plies: -1 when not bounded */
	int valid;              /* --valid 1, --invalid 0, -1 neither */
	select_positions *positions;
	struct opening *openings;
	int nopenings;
};

struct select_rules {
	struct group *groups;
	int n;
	unsigned flags;         /* enum select_position_flags */
	kifu_position *pos;     /* scratch for --valid */
};

static int group_init(struct group *g)
{
	memset(g, 0, sizeof *g);
	g->min_plies = g->max_plies = g->valid = -1;
	g->filter = record_filter_new();
	g->positions = select_positions_new();
	return g->filter && g->positions ? 0 : KIFU_ENOMEM;
}

static void strings_free(char **s, int n)
{
	for (int i = 0; i < n; i++)
		free(s[i]);
	free(s);
}

static void group_free(struct group *g)
{
	record_filter_free(g->filter);
	strings_free(g->variants, g->nvariants);
	strings_free(g->endings, g->nendings);
	select_positions_free(g->positions);
	for (int i = 0; i < g->nopenings; i++) {
		for (int j = 0; j < g->openings[i].nparsed; j++)
			free(g->openings[i].parsed[j].moves);
		free(g->openings[i].parsed);
		free(g->openings[i].text);
	}
	free(g->openings);
}

/* Appends a new group.  0 or KIFU_ENOMEM. */
static int add_group(select_rules *r)
{
	struct group *gs = realloc(r->groups, (size_t)(r->n + 1) * sizeof *gs);
	if (!gs)
		return KIFU_ENOMEM;
	r->groups = gs;
	if (group_init(&gs[r->n])) {
		group_free(&gs[r->n]);
		return KIFU_ENOMEM;
	}
	r->n++;
	return 0;
}

select_rules *select_rules_new(void)
{
	select_rules *r = calloc(1, sizeof *r);
	if (r && add_group(r)) {
		free(r);
		return NULL;
	}
	return r;
}

void select_rules_free(select_rules *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->n; i++)
		group_free(&r->groups[i]);
	free(r->groups);
	kifu_position_free(r->pos);
	free(r);
}

static struct group *current(select_rules *r)
{
	return &r->groups[r->n - 1];
}

static int group_empty(const struct group *g)
{
	return !g->nfilters && !g->nvariants && !g->nendings && g->min_plies < 0 &&
	       g->max_plies < 0 && g->valid < 0 && !select_positions_count(g->positions) &&
	       !g->nopenings;
}

int select_or(select_rules *r, kifu_diag *diag)
{
	if (group_empty(current(r)))
		return kifu_diag_set(diag, KIFU_EINVAL, NULL, 0, 0,
				     "--or between two groups of criteria: the one before it is empty");
	return add_group(r) ? kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory") : 0;
}

static int no_memory(kifu_diag *diag)
{
	return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
}

/* Appends a copy of s to a list of strings. */
static int push_string(char ***list, int *n, const char *s, kifu_diag *diag)
{
	char **l = realloc(*list, (size_t)(*n + 1) * sizeof *l);
	if (!l)
		return no_memory(diag);
	*list = l;
	if (!(l[*n] = strdup(s)))
		return no_memory(diag);
	(*n)++;
	return 0;
}

int select_add_where(select_rules *r, const char *spec, kifu_diag *diag)
{
	struct group *g = current(r);
	g->nfilters++;
	return record_filter_add_where(g->filter, "--where", spec, diag);
}

int select_add_move(select_rules *r, const char *spec, kifu_diag *diag)
{
	struct group *g = current(r);
	g->nfilters++;
	return record_filter_add_move(g->filter, "--move", spec, diag);
}

int select_add_player(select_rules *r, const char *name, kifu_diag *diag)
{
	struct group *g = current(r);
	g->nfilters++;
	return record_filter_add_player(g->filter, name, diag);
}

int select_add_variant(select_rules *r, const char *name, kifu_diag *diag)
{
	if (!*name)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0, "an empty name");
	struct group *g = current(r);
	return push_string(&g->variants, &g->nvariants, name, diag);
}

int select_add_ending(select_rules *r, const char *word, kifu_diag *diag)
{
	if (strcmp(word, "none") && !kifu_ending_find(word, strlen(word))) {
		char words[512] = "none";
		for (int i = 0; i < kifu_ending_count(); i++) {
			size_t len = strlen(words);
			snprintf(words + len, sizeof words - len, ", %s", kifu_ending_at(i)->word);
		}
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0, "not an ending word (%s)", words);
	}
	struct group *g = current(r);
	return push_string(&g->endings, &g->nendings, word, diag);
}

/* A number of plies at *p (advanced past it): its value, or -1. */
static long plies_number(const char **p)
{
	long n = 0;
	const char *s = *p;
	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		n = n * 10 + (*s - '0');
		if (n > KIFU_MAX_PLIES)
			n = KIFU_MAX_PLIES + 1; /* no record has more: keeps the number small */
	}
	*p = s;
	return n;
}

int select_add_plies(select_rules *r, const char *range, kifu_diag *diag)
{
	const char *p = range;
	long lo = plies_number(&p), hi = lo;
	if (p[0] == '.' && p[1] == '.') {
		p += 2;
		hi = plies_number(&p);
	}
	if (*p || (lo < 0 && hi < 0))
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, (long)(p - range) + 1,
				     "expected N, MIN..MAX, MIN.. or ..MAX (plies)");
	if (lo >= 0 && hi >= 0 && hi < lo)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0, "MIN..MAX with MAX below MIN");
	/* several in one group: each must hold, so their intersection */
	struct group *g = current(r);
	if (lo >= 0 && lo > g->min_plies)
		g->min_plies = lo;
	if (hi >= 0 && (g->max_plies < 0 || hi < g->max_plies))
		g->max_plies = hi;
	return 0;
}

int select_add_valid(select_rules *r, int valid, kifu_diag *diag)
{
	struct group *g = current(r);
	if (g->valid >= 0 && g->valid != valid)
		return kifu_diag_set(diag, KIFU_EINVAL, NULL, 0, 0,
				     "--valid and --invalid in one group: no record is both (--or between them)");
	g->valid = valid;
	return 0;
}

int select_add_position(select_rules *r, const char *sfen, kifu_diag *diag)
{
	return select_positions_add(current(r)->positions, sfen) ? no_memory(diag) : 0;
}

int select_add_opening(select_rules *r, const char *moves, kifu_diag *diag)
{
	const char *p = moves;
	while (isspace((unsigned char)*p))
		p++;
	if (!*p)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0, "no moves");
	struct group *g = current(r);
	struct opening *o = realloc(g->openings, (size_t)(g->nopenings + 1) * sizeof *o);
	if (!o)
		return no_memory(diag);
	g->openings = o;
	o += g->nopenings;
	memset(o, 0, sizeof *o);
	if (!(o->text = strdup(moves)))
		return no_memory(diag);
	g->nopenings++;
	return 0;
}

/* --- openings --------------------------------------------------------------- */

/* Does the text hold a character past ASCII (the kanji notation)? */
static int has_kanji(const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p >= 0x80)
			return 1;
	return 0;
}

/* The length of the space at p that parts two kanji moves (ASCII white
 * space, or the ideographic space U+3000), or 0. */
static size_t kanji_space(const char *p)
{
	if (isspace((unsigned char)*p))
		return 1;
	return !strncmp(p, "\xE3\x80\x80", 3) ? 3 : 0;
}

/* A side's mark before a kanji move: ▲ △ (and ☗ ☖). */
static int has_mark(const char *p)
{
	return !strncmp(p, "▲", 3) || !strncmp(p, "△", 3) || !strncmp(p, "☗", 3) || !strncmp(p, "☖", 3);
}

/* The opening's moves in the kanji notation ("７六歩 ３四歩", "▲７六歩　△３四歩",
 * "▲7八歩兵" on larger boards), read from v's start by the library's own
 * KIF and KI2 reader: one move a line, each given its side's mark when it
 * has none.  Into op as opening_parse; col: the move's place in text. */
static int kanji_opening(const char *text, const kifu_variant *v, struct opening_parse *op,
			 kifu_diag *diag)
{
	size_t len = strlen(text), n = 0, moves = 0;
	char *ki2 = malloc(2 * len + 8);
	long *starts = malloc((len + 1) * sizeof *starts);
	int rc = ki2 && starts ? 0 : KIFU_ENOMEM;
	for (const char *p = text; !rc && *p;) {
		size_t sp = kanji_space(p);
		if (sp) {
			p += sp;
			continue;
		}
		/* its column: the characters before it, plus one */
		long chars = 1;
		for (const char *q = text; q < p; q++)
			chars += (*q & 0xC0) != 0x80;
		starts[moves] = chars;
		if (!has_mark(p)) {
			memcpy(ki2 + n, moves % 2 ? "△" : "▲", 3);
			n += 3;
		}
		while (*p && !kanji_space(p))
			ki2[n++] = *p++;
		ki2[n++] = '\n';
		moves++;
	}
	kifu_reader *reader = NULL;
	kifu_stream *stream = NULL;
	kifu_record *rec = NULL;
	kifu_stream_options opt = KIFU_STREAM_OPTIONS_INIT;
	opt.fallback = v;
	opt.notation = "kif";
	if (!rc && (kifu_reader_new_buffer(&reader, ki2, n, "--opening") ||
		    kifu_stream_new(&stream, reader, &opt) || kifu_record_new(&rec)))
		rc = KIFU_ENOMEM;
	const kifu_variant *got = NULL;
	kifu_diag d;
	kifu_diag_clear(&d);
	int read = rc ? 0 : kifu_stream_next(stream, rec, &got, &d);
	long ply = 0, line = 0, col = 0;
	const char *err = read == 1 ? kifu_record_error(rec, &ply, &line, &col, NULL) : d.message;
	if (read == KIFU_ENOMEM)
		rc = KIFU_ENOMEM;
	if (!rc && (read != 1 || err || got != v || kifu_record_move_count(rec) != (long)moves)) {
		/* the move at fault, placed in the option's text */
		long at = line >= 1 && line <= (long)moves ? starts[line - 1] : 0;
		rc = kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, at, "%s",
				   err && *err ? err : "not moves in the kanji notation");
	}
	op->n = 0;
	op->moves = NULL;
	if (!rc && !(op->moves = malloc((moves + 1) * sizeof *op->moves)))
		rc = KIFU_ENOMEM;
	for (long i = 0; !rc && i < (long)moves; i++) {
		kifu_record_move m;
		kifu_record_get_move(rec, i, &m);
		op->moves[op->n++] = m.move;
	}
	kifu_record_free(rec);
	kifu_stream_free(stream);
	kifu_reader_free(reader);
	free(ki2);
	free(starts);
	return rc;
}

/* Parses the opening's moves as v reads them into op (moves NULL if it
 * cannot): in the compact notation, or in the kanji one (kanji_opening).
 * 0, KIFU_ENOMEM, or KIFU_ESYNTAX with diag (col: in the text). */
static int opening_parse(const char *text, const kifu_variant *v, struct opening_parse *op,
			 kifu_diag *diag)
{
	op->v = v;
	if (has_kanji(text))
		return kanji_opening(text, v, op, diag);
	size_t len = strlen(text);
	op->n = 0;
	if (!(op->moves = malloc((len / 2 + 1) * sizeof *op->moves)))
		return KIFU_ENOMEM;
	for (const char *p = text; *p;) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		size_t n = strcspn(p, " \t\n\r\f\v");
		const char *msg = NULL;
		size_t at = 0;
		if (kifu_compact_parse_move(v, p, n, &op->moves[op->n], &msg, &at)) {
			free(op->moves);
			op->moves = NULL;
			return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, (long)(p - text + (long)at) + 1,
					     "%s", msg ? msg : "not a move");
		}
		op->n++;
		p += n;
	}
	return 0;
}

/* The opening as v reads it, parsed on first use; NULL when out of memory. */
static const struct opening_parse *opening_for(struct opening *o, const kifu_variant *v)
{
	for (int i = 0; i < o->nparsed; i++)
		if (o->parsed[i].v == v)
			return &o->parsed[i];
	struct opening_parse *ps = realloc(o->parsed, (size_t)(o->nparsed + 1) * sizeof *ps);
	if (!ps)
		return NULL;
	o->parsed = ps;
	kifu_diag d;
	if (opening_parse(o->text, v, &ps[o->nparsed], &d) == KIFU_ENOMEM)
		return NULL;
	return &ps[o->nparsed++];
}

/* 1, 0, or KIFU_ENOMEM */
static int opening_matches(struct opening *o, const kifu_record *rec, const kifu_variant *v)
{
	if (!v)
		return 0;
	const struct opening_parse *op = opening_for(o, v);
	if (!op)
		return KIFU_ENOMEM;
	if (!op->moves || kifu_record_move_count(rec) < op->n)
		return 0;
	for (int i = 0; i < op->n; i++) {
		kifu_record_move m;
		if (kifu_record_get_move(rec, i, &m) || !kifu_move_same(&m.move, &op->moves[i]))
			return 0;
	}
	return 1;
}

/* --- checking the criteria against the variants ----------------------------- */

/* The variant whose reading of an argument is reported when none can read
 * it: -v's, else shogi, else the first. */
static const kifu_variant *reported_variant(const kifu_variant_set *vars, const kifu_variant *fallback)
{
	if (fallback)
		return fallback;
	const kifu_variant *v = kifu_variant_set_find(vars, "shogi");
	return v ? v : kifu_variant_set_at(vars, 0);
}

/* Some variant reads the position or the opening (exactly one of them
 * given)?  0, or KIFU_ESYNTAX with diag from the reported variant's try. */
static int readable(const kifu_variant_set *vars, const kifu_variant *fallback,
		    select_positions *ps, int i, const char *opening, kifu_diag *diag)
{
	int n = kifu_variant_set_count(vars);
	for (int k = -1; k < n; k++) {
		const kifu_variant *v = k < 0 ? fallback : kifu_variant_set_at(vars, k);
		if (!v)
			continue;
		struct opening_parse op;
		int rc = ps ? select_positions_check(ps, i, v, NULL) : opening_parse(opening, v, &op, NULL);
		if (!ps)
			free(op.moves);
		if (rc == 0)
			return 0;
		if (rc == KIFU_ENOMEM)
			return no_memory(diag);
	}
	const kifu_variant *v = reported_variant(vars, fallback);
	struct opening_parse op = {NULL, NULL, 0};
	kifu_diag_clear(diag);
	if (ps)
		select_positions_check(ps, i, v, diag);
	else
		opening_parse(opening, v, &op, diag);
	free(op.moves);
	char msg[KIFU_DIAG_MESSAGE_MAX];
	snprintf(msg, sizeof msg, "%s", diag->message);
	return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, diag->col, "no variant reads it (%s: %s)",
			     kifu_variant_name(v), msg);
}

int select_finish(select_rules *r, const kifu_variant_set *vars, const kifu_variant *fallback,
		  unsigned flags, const char **option, const char **arg, kifu_diag *diag)
{
	r->flags = flags;
	if (r->n > 1 && group_empty(current(r))) {
		*option = "--or";
		*arg = NULL;
		return kifu_diag_set(diag, KIFU_EINVAL, NULL, 0, 0, "no criterion after the last --or");
	}
	for (int gi = 0; gi < r->n; gi++) {
		struct group *g = &r->groups[gi];
		for (int i = 0; i < g->nvariants; i++) {
			/* a variant as a person calls it (大将棋, daishogi) is its
			 * name; a slip for a known name ("chuu") is an error; a
			 * name no variant is close to selects the records that
			 * give it */
			const kifu_variant *called = kifu_variant_set_find_called(vars, g->variants[i]);
			if (called && strcmp(kifu_variant_name(called), g->variants[i])) {
				char *name = strdup(kifu_variant_name(called));
				if (!name)
					return no_memory(diag);
				free(g->variants[i]);
				g->variants[i] = name;
			}
			const char *close = called ? NULL : kifu_variant_set_suggest(vars, g->variants[i]);
			if (close) {
				*option = "--is-variant";
				*arg = g->variants[i];
				return kifu_diag_set(diag, KIFU_ENOTFOUND, NULL, 0, 0,
						     "unknown variant (did you mean %s?)", close);
			}
		}
		for (int i = 0; i < select_positions_count(g->positions); i++) {
			int rc = readable(vars, fallback, g->positions, i, NULL, diag);
			if (rc) {
				*option = "--position";
				*arg = select_positions_sfen(g->positions, i);
				return rc;
			}
		}
		for (int i = 0; i < g->nopenings; i++) {
			int rc = readable(vars, fallback, NULL, 0, g->openings[i].text, diag);
			if (rc) {
				*option = "--opening";
				*arg = g->openings[i].text;
				return rc;
			}
		}
	}
	return 0;
}

/* --- matching --------------------------------------------------------------- */

static int in_list(char *const *list, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

/* The criteria a record answers as read. */
static int read_criteria(const struct group *g, const kifu_record *rec, const kifu_variant *v)
{
	if (g->nvariants) {
		const char *name = v ? kifu_variant_name(v) : kifu_record_variant_name(rec);
		if (!in_list(g->variants, g->nvariants, name))
			return 0;
	}
	if (g->nendings) {
		const char *e = kifu_record_ending(rec);
		if (!in_list(g->endings, g->nendings, e[0] ? e : "none"))
			return 0;
	}
	long n = kifu_record_move_count(rec);
	return !(g->min_plies >= 0 && n < g->min_plies) && !(g->max_plies >= 0 && n > g->max_plies);
}

/* Is the record valid (every line, kifu_validate)?  1, 0 or KIFU_ENOMEM. */
static int is_valid(select_rules *r, const kifu_record *rec, const kifu_variant *v)
{
	if (!v)
		return 0;
	if (kifu_position_for(&r->pos, v))
		return KIFU_ENOMEM;
	kifu_validation val;
	int rc = kifu_validate(rec, r->pos, NULL, &val);
	return rc ? rc : val.valid;
}

static int group_match(select_rules *r, struct group *g, const kifu_record *rec,
		       const kifu_variant *v, kifu_diag *diag)
{
	if (!read_criteria(g, rec, v))
		return 0;
	int m = record_filter_match(g->filter, rec, v, diag);
	for (int i = 0; m > 0 && i < g->nopenings; i++)
		m = opening_matches(&g->openings[i], rec, v);
	if (m > 0 && g->valid >= 0 && (m = is_valid(r, rec, v)) >= 0)
		m = m == g->valid;
	if (m > 0 && select_positions_count(g->positions))
		m = v ? select_positions_match(g->positions, rec, v, r->flags) : 0;
	if (m == KIFU_ENOMEM)
		no_memory(diag);
	return m;
}

int select_match(select_rules *r, const kifu_record *rec, const kifu_variant *v, kifu_diag *diag)
{
	for (int i = 0; i < r->n; i++) {
		int m = group_match(r, &r->groups[i], rec, v, diag);
		if (m)
			return m;
	}
	return 0;
}
