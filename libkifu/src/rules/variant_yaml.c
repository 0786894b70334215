/*
 * variant_yaml.c - loads variant files (formats/variants.md) with libyaml.
 *
 * This is the one file that includes <yaml.h>.  libyaml returns 1 on success
 * and 0 on error with a 0-based mark; here every complaint becomes a
 * kifu_diag with FILE:LINE:COL (1-based).
 *
 * A file is applied onto a "draft": `inherit: NAME` first applies the parent
 * (a shipped variant, or a file beside this one), then this file's keys
 * override.  Pieces (and promoted-only pieces) merge by id, field by field;
 * every other key replaces the parent's value.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "rules/variant_load.h"
#include "rules/position_internal.h"
#include "rules/builtin.h"
#include "rules/movement.h"
#include "text/encoding.h"

#define MAX_DRAFT_PIECES 80
#define MAX_INHERIT_DEPTH 8
/* The shape of a file's YAML (docs/limits.md); see check_shape. */
#define MAX_YAML_DEPTH 32
#define MAX_YAML_NODES 100000
#define MAX_YAML_ANCHORS 100
#define STR_(x) #x
#define STR(x) STR_(x)

/* Where a value was written, for messages raised after loading. */
typedef struct where {
	char file[KIFU_DIAG_FILE_MAX];
	long line, col;
} where;

typedef struct draft_piece {
	char id[NAME_MAX_LEN];
	char sfen[8];
	char name[NAME_MAX_LEN], kif[NAME_MAX_LEN], english[NAME_MAX_LEN];
	char moves[NAME_MAX_LEN];
	int naliases;
	char aliases[MAX_ALIASES][NAME_MAX_LEN];
	char promotes_to[NAME_MAX_LEN];
	char diagram[NAME_MAX_LEN]; /* its name in a KIF board diagram */
	/* names of the promoted form */
	char p_name[NAME_MAX_LEN], p_kif[NAME_MAX_LEN], p_english[NAME_MAX_LEN], p_diagram[NAME_MAX_LEN];
	int p_naliases;
	char p_aliases[MAX_ALIASES][NAME_MAX_LEN];
	bool royal;
	int may_promote_ranks, must_promote_ranks;
	bool removed_when_captured;
	bool no_two_on_file, no_drop_mate;
	bool lion, minor;
	int declaration_points;  /* -1: not given (1) */
	where at, moves_at, promotes_at, sfen_at;
} draft_piece;

typedef struct draft {
	struct kifu_variant *v; /* scalar settings are written straight into v */
	int npieces;
	draft_piece pieces[MAX_DRAFT_PIECES];
	int nonly;
	draft_piece only[MAX_DRAFT_PIECES]; /* promoted-only */
	where start_at, board_at, lion_at;
	bool have_board, have_start;
	char top_file[KIFU_DIAG_FILE_MAX];
} draft;

static void where_set(where *w, const char *file, const yaml_node_t *n)
{
	snprintf(w->file, sizeof w->file, "%s", file);
	w->line = (long)n->start_mark.line + 1;
	w->col = (long)n->start_mark.column + 1;
}

static int node_error(kifu_diag *diag, const char *file, const yaml_node_t *n,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int node_error(kifu_diag *diag, const char *file, const yaml_node_t *n,
		      const char *fmt, ...)
{
	char msg[KIFU_DIAG_MESSAGE_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return kifu_diag_set(diag, KIFU_EVARIANT, file, (long)n->start_mark.line + 1,
			     (long)n->start_mark.column + 1, "%s", msg);
}

static const char *scalar(const yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* The first control character (C0, DEL, C1) of valid UTF-8 s, or -1.  A
 * name with a newline would split the records written with it; one with an
 * escape sequence would drive the terminal that shows it. */
static long control_char(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7F)
			return c;
		if (c == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] < 0xA0)
			return (unsigned char)s[i + 1]; /* U+0080..U+009F */
	}
	return -1;
}

/* Every text value: valid UTF-8 without control characters.  libyaml
 * checks the file's bytes, but a double-quoted scalar's escapes ("\n",
 * "\x85", "\0") make any character. */
static int check_text(const char *file, const yaml_node_t *n, kifu_diag *diag)
{
	const char *s = (const char *)n->data.scalar.value;
	size_t len = n->data.scalar.length;
	if (!kifu__utf8_valid(s, len))
		return node_error(diag, file, n, "text that is not valid UTF-8");
	long c = control_char(s, len);
	if (c >= 0)
		return node_error(diag, file, n, "a control character (U+%04lX) in a text value", c);
	return 0;
}

static int get_string(const char *file, const yaml_node_t *n, char *buf, size_t size,
		      kifu_diag *diag)
{
	const char *s = scalar(n);
	if (!s)
		return node_error(diag, file, n, "expected a text value");
	int rc = check_text(file, n, diag);
	if (rc)
		return rc;
	if (strlen(s) >= size)
		return node_error(diag, file, n, "value too long");
	memcpy(buf, s, strlen(s) + 1);
	return 0;
}

/* A piece's name in a KIF board diagram (`diagram`): one or two
 * characters, none of them ASCII, so that a cell holds it with its side's
 * mark (v) in lishogi's three (docs/kif.md, "Board diagrams"), and a
 * reader tells it from the marks and padding around it. */
static int get_diagram_name(const char *file, const yaml_node_t *n, char *buf, size_t size,
			    kifu_diag *diag)
{
	int rc = get_string(file, n, buf, size, diag);
	if (rc)
		return rc;
	int chars = 0;
	for (const unsigned char *c = (const unsigned char *)buf; *c; c++) {
		if (*c < 0x80)
			return node_error(diag, file, n, "a diagram name is kanji or kana, not ASCII (\"%s\")", buf);
		chars += (*c & 0xC0) != 0x80;
	}
	if (chars < 1 || chars > 2 || !strcmp(buf, "・"))
		return node_error(diag, file, n, "a diagram name is one or two characters, not ・ (\"%s\")", buf);
	return 0;
}

static int get_int(const char *file, const yaml_node_t *n, int lo, int hi, int *out,
		   kifu_diag *diag)
{
	const char *s = scalar(n);
	char *end;
	if (!s || !*s)
		return node_error(diag, file, n, "expected a whole number");
	errno = 0;
	long x = strtol(s, &end, 10);
	if (*end || errno)
		return node_error(diag, file, n, "expected a whole number, not \"%s\"", s);
	if (x < lo || x > hi) {
		char range[64];
		snprintf(range, sizeof range, "%d to %d", lo, hi);
		return node_error(diag, file, n, "number out of range (%s)", range);
	}
	*out = (int)x;
	return 0;
}

static int get_bool(const char *file, const yaml_node_t *n, bool *out, kifu_diag *diag)
{
	const char *s = scalar(n);
	if (s && (!strcmp(s, "true") || !strcmp(s, "yes"))) {
		*out = true;
		return 0;
	}
	if (s && (!strcmp(s, "false") || !strcmp(s, "no"))) {
		*out = false;
		return 0;
	}
	return node_error(diag, file, n, "expected true or false");
}

static int get_list(const char *file, yaml_document_t *doc, const yaml_node_t *n,
		    char (*out)[NAME_MAX_LEN], int max, int *count, kifu_diag *diag)
{
	if (n->type == YAML_SCALAR_NODE) {
		*count = 1;
		return get_string(file, n, out[0], NAME_MAX_LEN, diag);
	}
	if (n->type != YAML_SEQUENCE_NODE)
		return node_error(diag, file, n, "expected a list");
	int k = 0;
	for (yaml_node_item_t *it = n->data.sequence.items.start;
	     it < n->data.sequence.items.top; it++) {
		yaml_node_t *item = yaml_document_get_node(doc, *it);
		if (k == max)
			return node_error(diag, file, item, "too many entries in this list");
		int rc = get_string(file, item, out[k], NAME_MAX_LEN, diag);
		if (rc)
			return rc;
		k++;
	}
	*count = k;
	return 0;
}

static draft_piece *find_or_add(draft_piece *list, int *n, const char *id)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(list[i].id, id))
			return &list[i];
	if (*n == MAX_DRAFT_PIECES)
		return NULL;
	draft_piece *p = &list[(*n)++];
	memset(p, 0, sizeof *p);
	p->declaration_points = -1;
	snprintf(p->id, sizeof p->id, "%s", id);
	return p;
}

static int apply_promoted_names(const char *file, yaml_document_t *doc, yaml_node_t *map,
				draft_piece *p, kifu_diag *diag)
{
	if (map->type != YAML_MAPPING_NODE)
		return node_error(diag, file, map, "expected a mapping of names (name, kif, english, aliases, diagram)");
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		int rc;
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "name"))
			rc = get_string(file, val, p->p_name, sizeof p->p_name, diag);
		else if (!strcmp(key, "kif"))
			rc = get_string(file, val, p->p_kif, sizeof p->p_kif, diag);
		else if (!strcmp(key, "english"))
			rc = get_string(file, val, p->p_english, sizeof p->p_english, diag);
		else if (!strcmp(key, "aliases"))
			rc = get_list(file, doc, val, p->p_aliases, MAX_ALIASES, &p->p_naliases, diag);
		else if (!strcmp(key, "diagram"))
			rc = get_diagram_name(file, val, p->p_diagram, sizeof p->p_diagram, diag);
		else
			return node_error(diag, file, k, "unknown key \"%s\" in promoted (expected name, kif, english, aliases, diagram)", key);
		if (rc)
			return rc;
	}
	return 0;
}

static int apply_piece(const char *file, yaml_document_t *doc, yaml_node_t *map,
		       draft_piece *list, int *n, bool promoted_only, kifu_diag *diag)
{
	if (map->type != YAML_MAPPING_NODE)
		return node_error(diag, file, map, "expected a piece (a mapping with id, moves, ...)");
	/* The id comes first: it says which piece the other keys change. */
	yaml_node_t *idnode = NULL;
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		const char *key = scalar(yaml_document_get_node(doc, pr->key));
		if (key && !strcmp(key, "id"))
			idnode = yaml_document_get_node(doc, pr->value);
	}
	if (!idnode)
		return node_error(diag, file, map, "a piece needs an id");
	const char *id = scalar(idnode);
	if (id && check_text(file, idnode, diag))
		return KIFU_EVARIANT; /* check_text's only code */
	if (!id || !*id || strlen(id) >= NAME_MAX_LEN || id[0] == '+')
		return node_error(diag, file, idnode, "bad piece id");
	for (const char *c = id; *c; c++)
		if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-' || *c == '_'))
			return node_error(diag, file, idnode, "a piece id is lowercase letters, digits, - and _ (\"%s\")", id);
	draft_piece *p = find_or_add(list, n, id);
	if (!p)
		return node_error(diag, file, map, "too many pieces");
	where_set(&p->at, file, map);

	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		int rc = 0;
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "id"))
			continue;
		if (!strcmp(key, "name"))
			rc = get_string(file, val, p->name, sizeof p->name, diag);
		else if (!strcmp(key, "kif"))
			rc = get_string(file, val, p->kif, sizeof p->kif, diag);
		else if (!strcmp(key, "english"))
			rc = get_string(file, val, p->english, sizeof p->english, diag);
		else if (!strcmp(key, "aliases"))
			rc = get_list(file, doc, val, p->aliases, MAX_ALIASES, &p->naliases, diag);
		else if (!strcmp(key, "diagram"))
			rc = get_diagram_name(file, val, p->diagram, sizeof p->diagram, diag);
		else if (!strcmp(key, "moves")) {
			rc = get_string(file, val, p->moves, sizeof p->moves, diag);
			where_set(&p->moves_at, file, val);
			if (val->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
			    val->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)
				p->moves_at.col++;
		} else if (!strcmp(key, "royal"))
			rc = get_bool(file, val, &p->royal, diag);
		else if (!strcmp(key, "lion"))
			rc = get_bool(file, val, &p->lion, diag);
		else if (promoted_only)
			return node_error(diag, file, k, "unknown key \"%s\" for a promoted-only piece (expected id, name, kif, english, aliases, diagram, moves, royal, lion)", key);
		else if (!strcmp(key, "minor"))
			rc = get_bool(file, val, &p->minor, diag);
		else if (!strcmp(key, "declaration-points"))
			rc = get_int(file, val, 0, 100, &p->declaration_points, diag);
		else if (!strcmp(key, "sfen")) {
			rc = get_string(file, val, p->sfen, sizeof p->sfen, diag);
			where_set(&p->sfen_at, file, val);
		} else if (!strcmp(key, "promotes-to")) {
			rc = get_string(file, val, p->promotes_to, sizeof p->promotes_to, diag);
			where_set(&p->promotes_at, file, val);
		} else if (!strcmp(key, "promoted"))
			rc = apply_promoted_names(file, doc, val, p, diag);
		else if (!strcmp(key, "may-promote-ranks"))
			rc = get_int(file, val, 0, KIFU_MAX_DIM, &p->may_promote_ranks, diag);
		else if (!strcmp(key, "must-promote-ranks"))
			rc = get_int(file, val, 0, KIFU_MAX_DIM, &p->must_promote_ranks, diag);
		else if (!strcmp(key, "no-two-on-file"))
			rc = get_bool(file, val, &p->no_two_on_file, diag);
		else if (!strcmp(key, "no-drop-mate"))
			rc = get_bool(file, val, &p->no_drop_mate, diag);
		else if (!strcmp(key, "captured")) {
			const char *s = scalar(val);
			if (s && !strcmp(s, "hand"))
				p->removed_when_captured = false;
			else if (s && !strcmp(s, "removed"))
				p->removed_when_captured = true;
			else
				return node_error(diag, file, val, "captured is \"hand\" or \"removed\"");
		} else
			return node_error(diag, file, k, "unknown piece key \"%s\" (see formats/variants.md)", key);
		if (rc)
			return rc;
	}
	return 0;
}

static int apply_pieces(const char *file, yaml_document_t *doc, yaml_node_t *seq,
			draft_piece *list, int *n, bool promoted_only, kifu_diag *diag)
{
	if (seq->type != YAML_SEQUENCE_NODE)
		return node_error(diag, file, seq, "expected a list of pieces");
	for (yaml_node_item_t *it = seq->data.sequence.items.start;
	     it < seq->data.sequence.items.top; it++) {
		int rc = apply_piece(file, doc, yaml_document_get_node(doc, *it), list, n,
				     promoted_only, diag);
		if (rc)
			return rc;
	}
	return 0;
}

static int apply_promotion(const char *file, yaml_document_t *doc, yaml_node_t *map,
			   struct kifu_variant *v, kifu_diag *diag)
{
	if (map->type != YAML_MAPPING_NODE)
		return node_error(diag, file, map, "expected a mapping (zone, when)");
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "zone")) {
			int rc = get_int(file, val, 0, KIFU_MAX_DIM, &v->zone, diag);
			if (rc)
				return rc;
		} else if (!strcmp(key, "when")) {
			char items[4][NAME_MAX_LEN];
			int count = 0;
			int rc = get_list(file, doc, val, items, 4, &count, diag);
			if (rc)
				return rc;
			v->promo_when = 0;
			for (int i = 0; i < count; i++) {
				if (!strcmp(items[i], "enter"))
					v->promo_when |= PROMO_ENTER;
				else if (!strcmp(items[i], "in-zone"))
					v->promo_when |= PROMO_IN_ZONE;
				else if (!strcmp(items[i], "capture-in-zone"))
					v->promo_when |= PROMO_CAPTURE_IN_ZONE;
				else
					return node_error(diag, file, val, "unknown promotion condition \"%s\" (expected enter, in-zone, capture-in-zone)", items[i]);
			}
		} else
			return node_error(diag, file, k, "unknown key \"%s\" in promotion (expected zone, when)", key);
	}
	return 0;
}

/* One of `names` (NULL-terminated) as its index, or an error naming them. */
static int get_choice(const char *file, const yaml_node_t *n, const char *what,
		      const char *const *names, int *out, kifu_diag *diag)
{
	const char *s = scalar(n);
	char list[256] = "";
	for (int i = 0; names[i]; i++) {
		if (s && !strcmp(s, names[i])) {
			*out = i;
			return 0;
		}
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", names[i]);
	}
	return node_error(diag, file, n, "%s is one of: %s", what, list);
}

/* lion-trading: {protected-lion, bridge, counter-strike, counter-strike-legs} */
static int apply_lion_trading(const char *file, yaml_document_t *doc, yaml_node_t *map,
			      struct kifu_variant *v, kifu_diag *diag)
{
	static const char *const cs_names[] = {"none", "any", "protected", NULL};
	static const char *const legs_names[] = {"last", "both", NULL};
	if (map->type != YAML_MAPPING_NODE)
		return node_error(diag, file, map, "expected a mapping (protected-lion, bridge, counter-strike, counter-strike-legs)");
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		int rc, x = 0;
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "protected-lion"))
			rc = get_bool(file, val, &v->lion_protected, diag);
		else if (!strcmp(key, "bridge"))
			rc = get_bool(file, val, &v->lion_bridge, diag);
		else if (!strcmp(key, "counter-strike")) {
			rc = get_choice(file, val, "counter-strike", cs_names, &x, diag);
			v->counter_strike = (enum counter_strike)x;
		} else if (!strcmp(key, "counter-strike-legs")) {
			rc = get_choice(file, val, "counter-strike-legs", legs_names, &x, diag);
			v->counter_strike_both = x == 1;
		} else
			return node_error(diag, file, k, "unknown key \"%s\" in lion-trading (expected protected-lion, bridge, counter-strike, counter-strike-legs)", key);
		if (rc)
			return rc;
	}
	return 0;
}

/* declaration: {points: [SENTE, GOTE], in-zone: N}, or none */
static int apply_declaration(const char *file, yaml_document_t *doc, yaml_node_t *map,
			     struct kifu_variant *v, kifu_diag *diag)
{
	const char *word = scalar(map);
	if (word && !strcmp(word, "none")) {
		v->declare_points[0] = v->declare_points[1] = v->declare_in_zone = 0;
		return 0;
	}
	if (map->type != YAML_MAPPING_NODE)
		return node_error(diag, file, map, "expected a mapping (points, in-zone) or none");
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		int rc;
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "points")) {
			char items[2][NAME_MAX_LEN];
			int count = 0;
			rc = get_list(file, doc, val, items, 2, &count, diag);
			if (!rc && count != 2)
				return node_error(diag, file, val, "points is [SENTE, GOTE]: what each side needs");
			for (int i = 0; !rc && i < 2; i++) {
				char *end;
				long n = strtol(items[i], &end, 10);
				if (*end || n < 1 || n > 1000)
					return node_error(diag, file, val, "points are whole numbers from 1 to 1000");
				v->declare_points[i] = (int)n;
			}
		} else if (!strcmp(key, "in-zone")) {
			rc = get_int(file, val, 0, KIFU_MAX_SQUARES, &v->declare_in_zone, diag);
		} else {
			return node_error(diag, file, k, "unknown key \"%s\" in declaration (expected points, in-zone)", key);
		}
		if (rc)
			return rc;
	}
	return 0;
}

/* end: {bare-royal, no-legal-move, lone-royals} */
static int apply_end(const char *file, yaml_document_t *doc, yaml_node_t *map,
		     struct kifu_variant *v, kifu_diag *diag)
{
	static const char *const bare_names[] = {"none", "bared", "royals-and-one", NULL};
	static const char *const nomove_names[] = {"loses", "undecided", NULL};
	static const char *const lone_names[] = {"none", "draw", NULL};
	if (map->type != YAML_MAPPING_NODE)
		return node_error(diag, file, map, "expected a mapping (bare-royal, no-legal-move, lone-royals)");
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		int rc, x = 0;
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "bare-royal")) {
			rc = get_choice(file, val, "bare-royal", bare_names, &x, diag);
			v->bare_royal = (enum bare_royal_rule)x;
		} else if (!strcmp(key, "no-legal-move")) {
			rc = get_choice(file, val, "no-legal-move", nomove_names, &x, diag);
			v->no_moves_undecided = x == 1;
		} else if (!strcmp(key, "lone-royals")) {
			rc = get_choice(file, val, "lone-royals", lone_names, &x, diag);
			v->lone_royals_draw = x == 1;
		} else
			return node_error(diag, file, k, "unknown key \"%s\" in end (expected bare-royal, no-legal-move, lone-royals)", key);
		if (rc)
			return rc;
	}
	return 0;
}

/* repetition: {count, perpetual-attack, reset} */
static int apply_repetition(const char *file, yaml_document_t *doc, yaml_node_t *map,
			    struct kifu_variant *v, kifu_diag *diag)
{
	static const char *const pa_names[] = {"none", "loses", "check", NULL};
	if (map->type != YAML_MAPPING_NODE)
		return node_error(diag, file, map, "expected a mapping (count, perpetual-attack, reset)");
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		int rc, x = 0;
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "count"))
			rc = get_int(file, val, 0, 100, &v->repetition_count, diag);
		else if (!strcmp(key, "perpetual-attack")) {
			rc = get_choice(file, val, "perpetual-attack", pa_names, &x, diag);
			/* check: only checks count as attacks (standard shogi's
			 * 連続王手の千日手) */
			v->perpetual_attack_loses = x >= 1;
			v->perpetual_check_only = x == 2;
		} else if (!strcmp(key, "reset")) {
			char items[4][NAME_MAX_LEN];
			int count = 0;
			rc = get_list(file, doc, val, items, 4, &count, diag);
			if (rc)
				return rc;
			v->repetition_reset = 0;
			for (int i = 0; i < count; i++) {
				if (!strcmp(items[i], "capture"))
					v->repetition_reset |= RESET_CAPTURE;
				else if (!strcmp(items[i], "promotion"))
					v->repetition_reset |= RESET_PROMOTION;
				else if (!strcmp(items[i], "one-way"))
					v->repetition_reset |= RESET_ONE_WAY;
				else
					return node_error(diag, file, val, "unknown reset \"%s\" (expected capture, promotion, one-way)", items[i]);
			}
		} else
			return node_error(diag, file, k, "unknown key \"%s\" in repetition (expected count, perpetual-attack, reset)", key);
		if (rc)
			return rc;
	}
	return 0;
}

static int apply_file(draft *d, const char *path, int depth, kifu_diag *diag);
static int apply_text(draft *d, const char *text, size_t len, const char *file,
		      int depth, kifu_diag *diag);

/* The parent named by `inherit:`: a shipped variant, or a file beside `file`. */
static int apply_parent(draft *d, const char *file, yaml_node_t *n, int depth,
			kifu_diag *diag)
{
	const char *name = scalar(n);
	if (!name || !*name)
		return node_error(diag, file, n, "inherit names a variant or a file");
	if (depth >= MAX_INHERIT_DEPTH)
		return node_error(diag, file, n, "inherit goes too deep (a cycle?)");
	int rc;
	for (size_t i = 0; i < kifu__builtin_file_count; i++)
		if (!strcmp(kifu__builtin_files[i].name, name)) {
			rc = apply_text(d, kifu__builtin_files[i].text, kifu__builtin_files[i].len,
					kifu__builtin_files[i].path, depth + 1, diag);
			if (!rc && depth == 0)
				snprintf(d->v->parent, sizeof d->v->parent, "%s", kifu__builtin_files[i].name);
			return rc;
		}
	if (!strchr(name, '/') && !strstr(name, ".yaml"))
		return node_error(diag, file, n, "no shipped variant \"%s\" to inherit from", name);
	char path[KIFU_DIAG_FILE_MAX * 2];
	const char *slash = strrchr(file, '/');
	if (name[0] != '/' && slash)
		snprintf(path, sizeof path, "%.*s/%s", (int)(slash - file), file, name);
	else
		snprintf(path, sizeof path, "%s", name);
	rc = apply_file(d, path, depth + 1, diag);
	if (rc == KIFU_EIO)
		return node_error(diag, file, n, "cannot read the parent variant \"%s\"", name);
	/* the parent's name: the draft's, its keys applied (this file's own
	 * name comes after) */
	if (!rc && depth == 0)
		snprintf(d->v->parent, sizeof d->v->parent, "%s", d->v->name);
	return rc;
}

/* A variant's name starts each compact record written with it
 * (formats/compact.md): a token of printable ASCII, ended by the first space.
 * The reader tells a compact line by its lowercase first letter (a # starts
 * a comment).  A name it could not read back would turn every record
 * written with it into something else. */
static int check_variant_name(const char *file, const yaml_node_t *n, kifu_diag *diag)
{
	const char *s = scalar(n);
	bool ok = *s >= 'a' && *s <= 'z';
	for (const char *c = s; ok && *c; c++)
		ok = *c > ' ' && *c < 0x7F;
	if (ok)
		return 0;
	return node_error(diag, file, n, "a variant name is printable ASCII without spaces, "
			  "a lowercase letter first (it starts each compact record): \"%s\"", s);
}

static int apply_document(draft *d, yaml_document_t *doc, const char *file, int depth,
			  kifu_diag *diag)
{
	struct kifu_variant *v = d->v;
	yaml_node_t *root = yaml_document_get_root_node(doc);
	if (!root)
		return kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "empty variant file");
	if (root->type != YAML_MAPPING_NODE)
		return node_error(diag, file, root, "a variant file is a mapping (name:, board:, pieces:, ...)");

	/* inherit first, whatever its place in the file; once: each parent is
	 * a whole load, and parents that each named many would be loaded a
	 * number of times exponential in the depth */
	bool inherited = false;
	for (yaml_node_pair_t *pr = root->data.mapping.pairs.start;
	     pr < root->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		const char *key = scalar(k);
		if (key && !strcmp(key, "inherit")) {
			if (inherited)
				return node_error(diag, file, k, "inherit given twice (a variant has one parent)");
			inherited = true;
			int rc = apply_parent(d, file, yaml_document_get_node(doc, pr->value), depth, diag);
			if (rc)
				return rc;
			/* the parent's titles name the parent: a KIF 手合割 written
			 * from them would say the record is the parent's */
			v->title[0] = 0;
			v->title_ja[0] = 0;
		}
	}
	for (yaml_node_pair_t *pr = root->data.mapping.pairs.start;
	     pr < root->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(doc, pr->value);
		const char *key = scalar(k);
		int rc = 0;
		if (!key)
			return node_error(diag, file, k, "expected a key");
		if (!strcmp(key, "inherit"))
			continue;
		if (!strcmp(key, "name")) {
			rc = get_string(file, val, v->name, sizeof v->name, diag);
			if (!rc)
				rc = check_variant_name(file, val, diag);
		} else if (!strcmp(key, "title"))
			rc = get_string(file, val, v->title, sizeof v->title, diag);
		else if (!strcmp(key, "title-ja"))
			rc = get_string(file, val, v->title_ja, sizeof v->title_ja, diag);
		else if (!strcmp(key, "board")) {
			where_set(&d->board_at, file, val);
			d->have_board = true;
			if (val->type == YAML_SCALAR_NODE) {
				rc = get_int(file, val, 1, KIFU_MAX_DIM, &v->files, diag);
				v->ranks = v->files;
			} else if (val->type == YAML_MAPPING_NODE) {
				for (yaml_node_pair_t *bp = val->data.mapping.pairs.start;
				     !rc && bp < val->data.mapping.pairs.top; bp++) {
					yaml_node_t *bk = yaml_document_get_node(doc, bp->key);
					yaml_node_t *bv = yaml_document_get_node(doc, bp->value);
					const char *bkey = scalar(bk);
					if (bkey && !strcmp(bkey, "files"))
						rc = get_int(file, bv, 1, KIFU_MAX_DIM, &v->files, diag);
					else if (bkey && !strcmp(bkey, "ranks"))
						rc = get_int(file, bv, 1, KIFU_MAX_DIM, &v->ranks, diag);
					else
						return node_error(diag, file, bk, "unknown key \"%s\" in board (expected files, ranks)", bkey);
				}
			} else
				return node_error(diag, file, val, "board is a size (9) or {files: F, ranks: R}");
		} else if (!strcmp(key, "promotion"))
			rc = apply_promotion(file, doc, val, v, diag);
		else if (!strcmp(key, "drops"))
			rc = get_bool(file, val, &v->drops, diag);
		else if (!strcmp(key, "royal-rule")) {
			const char *s = scalar(val);
			if (s && !strcmp(s, "none"))
				v->royal_rule = KIFU_ROYAL_NONE;
			else if (s && !strcmp(s, "last-royal"))
				v->royal_rule = KIFU_ROYAL_LAST;
			else
				return node_error(diag, file, val, "royal-rule is \"none\" or \"last-royal\"");
		} else if (!strcmp(key, "lost-without-royal")) {
			rc = get_bool(file, val, &v->lost_without_royal, diag);
		} else if (!strcmp(key, "lion-trading")) {
			where_set(&d->lion_at, file, val);
			rc = apply_lion_trading(file, doc, val, v, diag);
		} else if (!strcmp(key, "end")) {
			rc = apply_end(file, doc, val, v, diag);
		} else if (!strcmp(key, "repetition")) {
			rc = apply_repetition(file, doc, val, v, diag);
		} else if (!strcmp(key, "declaration")) {
			rc = apply_declaration(file, doc, val, v, diag);
		} else if (!strcmp(key, "written-names")) {
			static const char *const wn_names[] = {"prefixed", "plain", NULL};
			int x = 0;
			rc = get_choice(file, val, "written-names", wn_names, &x, diag);
			v->names_plain = x == 1;
		} else if (!strcmp(key, "start")) {
			rc = get_string(file, val, v->start, sizeof v->start, diag);
			where_set(&d->start_at, file, val);
			d->have_start = true;
		} else if (!strcmp(key, "starts")) {
			if (val->type != YAML_MAPPING_NODE)
				return node_error(diag, file, val, "starts is a mapping of names to SFEN");
			v->nstarts = 0;
			for (yaml_node_pair_t *sp = val->data.mapping.pairs.start;
			     !rc && sp < val->data.mapping.pairs.top; sp++) {
				yaml_node_t *sk = yaml_document_get_node(doc, sp->key);
				yaml_node_t *sv = yaml_document_get_node(doc, sp->value);
				if (v->nstarts == MAX_STARTS)
					return node_error(diag, file, sk, "too many named starts");
				named_start *ns = &v->starts[v->nstarts++];
				rc = get_string(file, sk, ns->name, sizeof ns->name, diag);
				if (!rc)
					rc = get_string(file, sv, ns->sfen, sizeof ns->sfen, diag);
			}
		} else if (!strcmp(key, "pieces"))
			rc = apply_pieces(file, doc, val, d->pieces, &d->npieces, false, diag);
		else if (!strcmp(key, "promoted-only"))
			rc = apply_pieces(file, doc, val, d->only, &d->nonly, true, diag);
		else
			return node_error(diag, file, k, "unknown key \"%s\" (see formats/variants.md)", key);
		if (rc)
			return rc;
	}
	return 0;
}

static int parser_error(const yaml_parser_t *parser, const char *file, kifu_diag *diag)
{
	const yaml_mark_t *m = parser->problem ? &parser->problem_mark : &parser->context_mark;
	return kifu_diag_set(diag, parser->error == YAML_MEMORY_ERROR ? KIFU_ENOMEM : KIFU_ESYNTAX,
			     file, (long)m->line + 1, (long)m->column + 1,
			     "YAML: %s%s%s", parser->problem ? parser->problem : "syntax error",
			     parser->context ? " " : "", parser->context ? parser->context : "");
}

/* The shape of the first document, measured event by event before libyaml
 * builds it: yaml_parser_load takes time quadratic in the nesting and memory
 * in proportion to the nodes, and resolves an alias by a linear search of
 * the anchors.  A variant file needs a few hundred nodes (dai.yaml: 540,
 * 4 deep), so the limits leave a wide margin and the first event past one
 * stops the reading at once. */
struct shape {
	const char *file;
	kifu_diag *diag;
	long nodes, depth;
	int nanchors;
	struct { char *name; long size, start; } anchors[MAX_YAML_ANCHORS];
	int opened[MAX_YAML_DEPTH]; /* per open collection: its anchor, or -1 */
};

static int shape_error(struct shape *sh, const yaml_event_t *ev, const char *what)
{
	return kifu_diag_set(sh->diag, KIFU_ELIMIT, sh->file, (long)ev->start_mark.line + 1,
			     (long)ev->start_mark.column + 1, "%s", what);
}

/* An alias stands for the whole node it names: it counts as many nodes, so
 * that aliases of aliases cannot make a small file a huge tree. */
static long alias_size(const struct shape *sh, const char *name)
{
	for (int i = 0; i < sh->nanchors; i++)
		if (!strcmp(sh->anchors[i].name, name))
			return sh->anchors[i].size ? sh->anchors[i].size : 1;
	return 1; /* undefined, or its own node's part: libyaml's to report */
}

/* Notes the anchor of the node that starts here: *index gets its entry, or
 * -1 without one.  0, or an error. */
static int shape_anchor(struct shape *sh, const yaml_event_t *ev, const yaml_char_t *anchor,
			int *index)
{
	*index = -1;
	if (!anchor)
		return 0;
	if (sh->nanchors == MAX_YAML_ANCHORS)
		return shape_error(sh, ev, "more than " STR(MAX_YAML_ANCHORS) " YAML anchors");
	int i = sh->nanchors;
	if (!(sh->anchors[i].name = strdup((const char *)anchor)))
		return kifu_diag_set(sh->diag, KIFU_ENOMEM, sh->file, 0, 0, "out of memory");
	sh->anchors[i].start = sh->nodes;
	sh->anchors[i].size = 0;
	sh->nanchors++;
	*index = i;
	return 0;
}

static int shape_open(struct shape *sh, const yaml_event_t *ev, const yaml_char_t *anchor)
{
	if (sh->depth == MAX_YAML_DEPTH)
		return shape_error(sh, ev, "YAML nested more than " STR(MAX_YAML_DEPTH) " deep");
	int a, rc = shape_anchor(sh, ev, anchor, &a);
	if (rc)
		return rc;
	sh->opened[sh->depth++] = a;
	sh->nodes++;
	return 0;
}

/* One event: 0 to go on, 1 at the end of the document, or an error. */
static int shape_event(struct shape *sh, const yaml_event_t *ev)
{
	int a, rc = 0;
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		rc = shape_anchor(sh, ev, ev->data.scalar.anchor, &a);
		sh->nodes++;
		if (!rc && a >= 0)
			sh->anchors[a].size = 1;
		break;
	case YAML_ALIAS_EVENT:
		sh->nodes += alias_size(sh, (const char *)ev->data.alias.anchor);
		break;
	case YAML_SEQUENCE_START_EVENT:
		rc = shape_open(sh, ev, ev->data.sequence_start.anchor);
		break;
	case YAML_MAPPING_START_EVENT:
		rc = shape_open(sh, ev, ev->data.mapping_start.anchor);
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		a = sh->opened[--sh->depth];
		if (a >= 0)
			sh->anchors[a].size = sh->nodes - sh->anchors[a].start;
		break;
	case YAML_DOCUMENT_END_EVENT:
	case YAML_STREAM_END_EVENT:
		return 1;
	default:
		break;
	}
	if (!rc && sh->nodes > MAX_YAML_NODES)
		return shape_error(sh, ev, "more than " STR(MAX_YAML_NODES) " YAML nodes");
	return rc;
}

static int check_shape(const char *text, size_t len, const char *file, kifu_diag *diag)
{
	yaml_parser_t parser;
	struct shape *sh = calloc(1, sizeof *sh);
	if (!sh || !yaml_parser_initialize(&parser)) {
		free(sh);
		return kifu_diag_set(diag, KIFU_ENOMEM, file, 0, 0, "out of memory");
	}
	sh->file = file;
	sh->diag = diag;
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	int rc = 0;
	while (!rc) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&parser, &ev)) {
			rc = parser_error(&parser, file, diag);
			break;
		}
		rc = shape_event(sh, &ev);
		yaml_event_delete(&ev);
	}
	for (int i = 0; i < sh->nanchors; i++)
		free(sh->anchors[i].name);
	free(sh);
	yaml_parser_delete(&parser);
	return rc < 0 ? rc : 0;
}

static int apply_text(draft *d, const char *text, size_t len, const char *file,
		      int depth, kifu_diag *diag)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	int rc = check_shape(text, len, file, diag);
	if (rc)
		return rc;
	if (!yaml_parser_initialize(&parser))
		return kifu_diag_set(diag, KIFU_ENOMEM, file, 0, 0, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		rc = parser_error(&parser, file, diag);
		yaml_parser_delete(&parser);
		return rc;
	}
	rc = apply_document(d, &doc, file, depth, diag);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return rc;
}

static int apply_file(draft *d, const char *path, int depth, kifu_diag *diag)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return kifu_diag_set(diag, KIFU_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	if (!buf) {
		fclose(f);
		return kifu_diag_set(diag, KIFU_ENOMEM, path, 0, 0, "out of memory");
	}
	size_t got;
	while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			if (cap >= (size_t)16 << 20) {
				free(buf);
				fclose(f);
				return kifu_diag_set(diag, KIFU_ELIMIT, path, 0, 0, "variant file larger than 16 MiB");
			}
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				fclose(f);
				return kifu_diag_set(diag, KIFU_ENOMEM, path, 0, 0, "out of memory");
			}
			buf = nb;
			cap *= 2;
		}
	}
	int err = ferror(f) ? errno : 0;
	fclose(f);
	if (err) {
		free(buf);
		return kifu_diag_set(diag, KIFU_EIO, path, 0, 0, "cannot read: %s", strerror(err ? err : EIO));
	}
	int rc = apply_text(d, buf, len, path, depth, diag);
	free(buf);
	return rc;
}

static void copy_names(piece_type *t, const draft_piece *p)
{
	snprintf(t->name, sizeof t->name, "%s", p->name);
	snprintf(t->kif, sizeof t->kif, "%s", p->kif[0] ? p->kif : p->name);
	snprintf(t->english, sizeof t->english, "%s", p->english);
	snprintf(t->diagram, sizeof t->diagram, "%s", p->diagram);
	t->naliases = p->naliases;
	memcpy(t->aliases, p->aliases, sizeof t->aliases);
}

static const draft_piece *find_piece(const draft_piece *list, int n, const char *id)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(list[i].id, id))
			return &list[i];
	return NULL;
}

static int compile_moves(piece_type *t, const draft_piece *p, kifu_diag *diag)
{
	int errpos = 0;
	const char *msg = NULL;
	if (!p->moves[0])
		return kifu_diag_set(diag, KIFU_EVARIANT, p->at.file, p->at.line, p->at.col,
				     "piece \"%s\" has no moves", p->id);
	snprintf(t->moves_text, sizeof t->moves_text, "%s", p->moves);
	if (kifu__movement_parse(p->moves, &t->mv, &errpos, &msg))
		return kifu_diag_set(diag, KIFU_EVARIANT, p->moves_at.file, p->moves_at.line,
				     p->moves_at.col + errpos, "moves \"%s\": %s", p->moves, msg);
	return 0;
}

static bool valid_sfen_token(const char *s)
{
	return isupper((unsigned char)s[0]) &&
	       (s[1] == 0 || ((s[1] == '\'' || s[1] == '!') && s[2] == 0));
}

/* Turns the draft into piece types: the pieces in order, then one promoted
 * type per piece that promotes. */
static int build_types(draft *d, kifu_diag *diag)
{
	struct kifu_variant *v = d->v;
	v->ntypes = 0;
	for (int i = 0; i < d->npieces; i++) {
		const draft_piece *p = &d->pieces[i];
		if (v->ntypes == KIFU_MAX_TYPES)
			return kifu_diag_set(diag, KIFU_ELIMIT, p->at.file, p->at.line, p->at.col, "too many piece types");
		if (!valid_sfen_token(p->sfen))
			return kifu_diag_set(diag, KIFU_EVARIANT, p->sfen_at.line ? p->sfen_at.file : p->at.file,
					     p->sfen_at.line ? p->sfen_at.line : p->at.line,
					     p->sfen_at.line ? p->sfen_at.col : p->at.col,
					     "piece \"%s\": sfen must be an uppercase letter, optionally followed by ' or ! (got \"%s\")",
					     p->id, p->sfen);
		for (int j = 0; j < i; j++)
			if (!strcmp(d->pieces[j].sfen, p->sfen))
				return kifu_diag_set(diag, KIFU_EVARIANT, p->sfen_at.file, p->sfen_at.line, p->sfen_at.col,
						     "pieces \"%s\" and \"%s\" have the same sfen letter %s",
						     d->pieces[j].id, p->id, p->sfen);
		piece_type *t = &v->types[v->ntypes];
		memset(t, 0, sizeof *t);
		snprintf(t->id, sizeof t->id, "%s", p->id);
		snprintf(t->sfen, sizeof t->sfen, "%s", p->sfen);
		copy_names(t, p);
		t->royal = p->royal;
		t->base = v->ntypes;
		t->promotes_to = -1;
		t->may_promote_ranks = p->may_promote_ranks;
		t->must_promote_ranks = p->must_promote_ranks;
		t->to_hand = v->drops && !p->removed_when_captured;
		t->no_two_on_file = p->no_two_on_file;
		t->no_drop_mate = p->no_drop_mate;
		t->lion = p->lion;
		t->minor = p->minor;
		t->declaration_points = p->declaration_points >= 0 ? p->declaration_points : 1;
		int rc = compile_moves(t, p, diag);
		if (rc)
			return rc;
		v->ntypes++;
	}
	int nbase = v->ntypes;
	for (int i = 0; i < nbase; i++) {
		const draft_piece *p = &d->pieces[i];
		if (!p->promotes_to[0])
			continue;
		const draft_piece *target = find_piece(d->pieces, d->npieces, p->promotes_to);
		if (!target)
			target = find_piece(d->only, d->nonly, p->promotes_to);
		if (!target)
			return kifu_diag_set(diag, KIFU_EVARIANT, p->promotes_at.file, p->promotes_at.line,
					     p->promotes_at.col, "piece \"%s\" promotes to \"%s\", which is not defined",
					     p->id, p->promotes_to);
		if (v->ntypes == KIFU_MAX_TYPES)
			return kifu_diag_set(diag, KIFU_ELIMIT, p->at.file, p->at.line, p->at.col, "too many piece types");
		piece_type *t = &v->types[v->ntypes];
		memset(t, 0, sizeof *t);
		snprintf(t->id, sizeof t->id, "+%s", p->id);
		snprintf(t->sfen, sizeof t->sfen, "+%s", p->sfen);
		copy_names(t, target);
		if (p->p_name[0])
			snprintf(t->name, sizeof t->name, "%s", p->p_name);
		if (p->p_kif[0] || p->p_name[0])
			snprintf(t->kif, sizeof t->kif, "%s", p->p_kif[0] ? p->p_kif : p->p_name);
		if (p->p_english[0])
			snprintf(t->english, sizeof t->english, "%s", p->p_english);
		/* a diagram names a piece by its look alone: the promoted form
		 * takes the diagram name of a promoted-only target (Chu's 鷹), but
		 * not that of an unpromoted one, which names that piece (Chu's
		 * promoted Bishop is 成馬, the Dragon Horse 馬): its own, or none */
		if (p->p_diagram[0] || find_piece(d->pieces, d->npieces, p->promotes_to))
			snprintf(t->diagram, sizeof t->diagram, "%s", p->p_diagram);
		/* the target's aliases are spellings of its name: a promoted form
		 * with a name of its own (と金) has only the aliases it lists */
		if (p->p_naliases || (p->p_name[0] && strcmp(p->p_name, target->name) != 0)) {
			t->naliases = p->p_naliases;
			memcpy(t->aliases, p->p_aliases, sizeof t->aliases);
		}
		t->promoted = true;
		t->royal = target->royal;
		/* a promoted piece is a Lion if its target is (Chu's promoted Kirin);
		 * minor is a property of the unpromoted Pawn and Go-between only */
		t->lion = target->lion;
		t->base = i;
		t->promotes_to = -1;
		t->to_hand = v->types[i].to_hand;
		int rc = compile_moves(t, target, diag);
		if (rc)
			return rc;
		v->types[i].promotes_to = v->ntypes;
		v->ntypes++;
	}
	return 0;
}

int kifu__variant_load(struct kifu_variant *v, const char *text, size_t len, const char *file,
		 kifu_diag *diag)
{
	draft *d = calloc(1, sizeof *d);
	if (!d)
		return kifu_diag_set(diag, KIFU_ENOMEM, file, 0, 0, "out of memory");
	memset(v, 0, sizeof *v);
	v->lost_without_royal = true;
	d->v = v;
	int rc = text ? apply_text(d, text, len, file, 0, diag) : apply_file(d, file, 0, diag);
	if (!rc && !v->name[0])
		rc = kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no name");
	if (!rc && (!v->files || !v->ranks))
		rc = kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no board size (board:)");
	if (!rc && v->zone > v->ranks)
		rc = kifu_diag_set(diag, KIFU_EVARIANT, d->board_at.file, d->board_at.line, d->board_at.col,
				   "the promotion zone (%d ranks) is deeper than the board", v->zone);
	if (!rc && v->lion_bridge && !v->lion_protected)
		rc = kifu_diag_set(diag, KIFU_EVARIANT, d->lion_at.file, d->lion_at.line, d->lion_at.col,
				   "lion-trading: bridge makes an exception to protected-lion, which is off");
	if (!rc && v->counter_strike != CS_NONE && v->drops)
		rc = kifu_diag_set(diag, KIFU_EVARIANT, d->lion_at.file, d->lion_at.line, d->lion_at.col,
				   "lion-trading: counter-strike needs drops: false (SFEN field 3 holds its square)");
	if (!rc && !d->npieces)
		rc = kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no pieces");
	if (!rc && !d->have_start)
		rc = kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no start position (start:)");
	if (!rc)
		rc = build_types(d, diag);
	if (!rc)
		rc = kifu__variant_conclude(v, file, diag);
	if (!rc) {
		/* The start positions must be positions of this variant. */
		kifu_diag sd;
		kifu_diag_clear(&sd);
		if (kifu__sfen_check(v, v->start, NULL, &sd))
			rc = kifu_diag_set(diag, KIFU_EVARIANT, d->start_at.file, d->start_at.line,
					   d->start_at.col + (sd.col > 0 ? sd.col - 1 : 0),
					   "start: %s", sd.message);
		if (!rc) {
			v->start_pos = NULL;
			if (kifu_position_new(&v->start_pos, v))
				rc = kifu_diag_set(diag, KIFU_ENOMEM, file, 0, 0, "out of memory");
		}
		for (int i = 0; !rc && i < v->nstarts; i++)
			if (kifu__sfen_check(v, v->starts[i].sfen, &v->starts[i].key, &sd))
				rc = kifu_diag_set(diag, KIFU_EVARIANT, file, 0, 0,
						   "start \"%s\", column %ld of its SFEN: %s",
						   v->starts[i].name, sd.col, sd.message);
	}
	free(d);
	return rc;
}
