/*
 * variant_yaml.c - loads variant files (formats/variants.md) with libyaml.
 *
 * This is the one file that includes <yaml.h>.  libyaml returns 1 on success
 * and 0 on error with a 0-based mark; here every complaint becomes a
 * kifu_diag with FILE:LINE:COL (1-based).
 *
 * Every mapping of a file is read through its key table (variant_keys.h):
 * the table below says, for each key, its kind and the field it fills, so
 * that reading a key is one generic step and the words an unknown key's
 * message expects come from the same list.
 *
 * A file is applied onto a "draft": `inherit: NAME` first applies the parent
 * (a shipped variant, or a file beside this one), then this file's keys
 * override.  Pieces (and promoted-only pieces) merge by id, field by field;
 * every other key replaces the parent's value.  The loader then builds the
 * piece types, concludes the variant (conclude.c) and checks its start
 * positions with the SFEN parser (sfen.c).
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
#include "rules/variant_keys.h"
#include "rules/conclude.h"
#include "rules/sfen.h"
#include "rules/builtin.h"
#include "rules/movement.h"
#include "text/encoding.h"
#include "text/similar.h"

#define MAX_DRAFT_PIECES 256 /* pieces, and promoted-only pieces (Taikyoku: about 210 kinds) */
#define MAX_INHERIT_DEPTH 8
/* The shape of a file's YAML (docs/limits.md); see check_shape. */
#define MAX_YAML_DEPTH 32
#define MAX_YAML_NODES 100000
#define MAX_YAML_ANCHORS 100
#define STR_(x) #x
#define STR(x) STR_(x)

/* Where a value was written, for messages raised after loading: where its
 * text starts (after the quote of a quoted scalar).  line 0: not given. */
typedef struct where {
	char file[KIFU_DIAG_FILE_MAX];
	long line, col;
} where;

/* A piece as the file describes it, and what only the loader needs. */
typedef struct draft_piece {
	piece_desc desc;
	char promotes_to[NAME_MAX_LEN];
	piece_names promoted;    /* the promoted form's names, where they differ from its target's */
	where at, moves_at, promotes_at, sfen_at, captor_at;
} draft_piece;

typedef struct draft {
	struct kifu_variant *v; /* the settings are written straight into v */
	int npieces;
	draft_piece pieces[MAX_DRAFT_PIECES];
	int nonly;
	draft_piece only[MAX_DRAFT_PIECES]; /* promoted-only */
	where start_at, board_at, lion_at;
} draft;

/* What reading one document needs. */
struct kifu__load {
	draft *d;
	const char *file;
	yaml_document_t *doc;
	int depth;
	kifu_diag *diag;
};
typedef struct kifu__load load;

static void where_set(where *w, const char *file, const yaml_node_t *n)
{
	snprintf(w->file, sizeof w->file, "%s", file);
	w->line = (long)n->start_mark.line + 1;
	w->col = (long)n->start_mark.column + 1;
	if (n->type == YAML_SCALAR_NODE && (n->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
					    n->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE))
		w->col++;
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
	if (x < lo || x > hi)
		return node_error(diag, file, n, "number out of range (%d to %d)", lo, hi);
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

/* The words of a choice or flags key, "a, b, c", into buf. */
static void word_list(const char *const *words, char *buf, size_t size)
{
	buf[0] = 0;
	for (int i = 0; words[i]; i++) {
		size_t l = strlen(buf);
		snprintf(buf + l, size - l, "%s%s", i ? ", " : "", words[i]);
	}
}

/* One of `words` (NULL-terminated) as its index, or an error naming them. */
static int get_choice(const char *file, const yaml_node_t *n, const char *what,
		      const char *const *words, int *out, kifu_diag *diag)
{
	const char *s = scalar(n);
	for (int i = 0; s && words[i]; i++)
		if (!strcmp(s, words[i])) {
			*out = i;
			return 0;
		}
	char list[256];
	word_list(words, list, sizeof list);
	return node_error(diag, file, n, "%s is one of: %s", what, list);
}

/* One or a list of `words`, bit i for words[i]. */
static int get_flags(const load *l, const yaml_node_t *n, const kifu__key *k, unsigned *out)
{
	char items[4][NAME_MAX_LEN];
	int count = 0;
	int rc = get_list(l->file, l->doc, n, items, 4, &count, l->diag);
	if (rc)
		return rc;
	unsigned bits = 0;
	for (int i = 0; i < count; i++) {
		int w = 0;
		while (k->words[w] && strcmp(items[i], k->words[w]))
			w++;
		if (!k->words[w]) {
			char list[256];
			word_list(k->words, list, sizeof list);
			return node_error(l->diag, l->file, n, "unknown %s \"%s\" (expected %s)", k->item, items[i], list);
		}
		bits |= 1u << w;
	}
	*out = bits;
	return 0;
}

/* ---- reading a mapping through its table ---- */

static bool key_taken(const kifu__key_table *t, const kifu__key *k)
{
	return !t->only || (k->flags & t->only);
}

/* The keys of t, "a, b, c", into buf. */
static void key_list(const kifu__key_table *t, char *buf, size_t size)
{
	buf[0] = 0;
	for (int i = 0; i < t->nkeys; i++) {
		if (!key_taken(t, &t->keys[i]))
			continue;
		size_t l = strlen(buf);
		snprintf(buf + l, size - l, "%s%s", l ? ", " : "", t->keys[i].name);
	}
}

/* The message for a key t does not have: its keys, or where they are
 * documented (with the closest key, when the name looks like a slip). */
static int unknown_key(const load *l, const kifu__key_table *t, const yaml_node_t *k, const char *name)
{
	char list[512];
	key_list(t, list, sizeof list);
	if (t->in)
		return node_error(l->diag, l->file, k, "unknown key \"%s\" %s (expected %s)", name, t->in, list);
	const char *names[64];
	int n = 0;
	for (int i = 0; i < t->nkeys && n < 64; i++)
		names[n++] = t->keys[i].name;
	int close = kifu__closest(name, names, n);
	const char *what = t->mapping ? t->mapping : "";
	if (close >= 0)
		return node_error(l->diag, l->file, k, "unknown %s%skey \"%s\" (did you mean %s? see formats/variants.md)",
				  what, *what ? " " : "", name, names[close]);
	return node_error(l->diag, l->file, k, "unknown %s%skey \"%s\" (see formats/variants.md)", what,
			  *what ? " " : "", name);
}

static int apply_mapping(load *l, yaml_node_t *map, const kifu__key_table *t, void *target, void *notes);

/* Reads one key's value into target (notes: where its place is noted). */
static int apply_key(load *l, const kifu__key *k, yaml_node_t *val, void *target, void *notes)
{
	char *field = (char *)target + k->at;
	int rc = 0;
	if (k->note)
		where_set((where *)(void *)((char *)notes + k->noted), l->file, val);
	switch (k->kind) {
	case KEY_TEXT:
		rc = get_string(l->file, val, field, (size_t)k->hi, l->diag);
		break;
	case KEY_INT:
		rc = get_int(l->file, val, k->lo, k->hi, (int *)(void *)field, l->diag);
		break;
	case KEY_BOOL:
		rc = get_bool(l->file, val, (bool *)(void *)field, l->diag);
		break;
	case KEY_CHOICE:
		rc = get_choice(l->file, val, k->name, k->words, (int *)(void *)field, l->diag);
		break;
	case KEY_FLAGS:
		rc = get_flags(l, val, k, (unsigned *)(void *)field);
		break;
	case KEY_LIST:
		rc = get_list(l->file, l->doc, val, (char (*)[NAME_MAX_LEN])(void *)field, k->hi,
			      (int *)(void *)((char *)target + k->count_at), l->diag);
		break;
	case KEY_MAP:
		rc = apply_mapping(l, val, k->sub, field, notes);
		break;
	case KEY_OWN:
		rc = k->own(l, val, target, notes);
		break;
	}
	if (!rc && k->check)
		rc = k->check(l, val);
	return rc;
}

/* The message for a value of t that is not a mapping. */
static int not_a_mapping(const load *l, const kifu__key_table *t, const yaml_node_t *n)
{
	if (t->expected)
		return node_error(l->diag, l->file, n, "%s", t->expected);
	char list[512];
	key_list(t, list, sizeof list);
	return node_error(l->diag, l->file, n, "expected %s (%s)", t->noun ? t->noun : "a mapping", list);
}

static int apply_mapping(load *l, yaml_node_t *map, const kifu__key_table *t, void *target, void *notes)
{
	if (map->type != YAML_MAPPING_NODE)
		return not_a_mapping(l, t, map);
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *kn = yaml_document_get_node(l->doc, pr->key);
		yaml_node_t *val = yaml_document_get_node(l->doc, pr->value);
		const char *name = scalar(kn);
		if (!name)
			return node_error(l->diag, l->file, kn, "expected a key");
		const kifu__key *k = NULL;
		for (int i = 0; i < t->nkeys && !k; i++)
			if (!strcmp(t->keys[i].name, name) && key_taken(t, &t->keys[i]))
				k = &t->keys[i];
		if (!k)
			return unknown_key(l, t, kn, name);
		int rc = apply_key(l, k, val, target, notes);
		if (rc)
			return rc;
	}
	return 0;
}

/* ---- keys read by functions of their own ---- */

/* A key applied before the others (inherit) or by its mapping's reader (id). */
static int read_nothing(load *l, yaml_node_t *n, void *target, void *notes)
{
	(void)l, (void)n, (void)target, (void)notes;
	return 0;
}

/* A variant's name starts each compact record written with it
 * (formats/compact.md): a token of printable ASCII, ended by the first space.
 * The reader tells a compact line by its lowercase first letter (a # starts
 * a comment).  A name it could not read back would turn every record
 * written with it into something else. */
static int check_variant_name(load *l, yaml_node_t *n)
{
	const char *s = scalar(n);
	bool ok = *s >= 'a' && *s <= 'z';
	for (const char *c = s; ok && *c; c++)
		ok = *c > ' ' && *c < 0x7F;
	if (ok)
		return 0;
	return node_error(l->diag, l->file, n, "a variant name is printable ASCII without spaces, "
			  "a lowercase letter first (it starts each compact record): \"%s\"", s);
}

/* A piece's name in a KIF board diagram (`diagram`): one or two
 * characters, none of them ASCII, so that a cell holds it with its side's
 * mark (v) in lishogi's three (docs/kif.md, "Board diagrams"), and a
 * reader tells it from the marks and padding around it. */
static int check_diagram_name(load *l, yaml_node_t *n)
{
	const char *s = scalar(n);
	int chars = 0;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c < 0x80)
			return node_error(l->diag, l->file, n, "a diagram name is kanji or kana, not ASCII (\"%s\")", s);
		chars += (*c & 0xC0) != 0x80;
	}
	if (chars < 1 || chars > 2 || !strcmp(s, "・"))
		return node_error(l->diag, l->file, n, "a diagram name is one or two characters, not ・ (\"%s\")", s);
	return 0;
}

/* A piece's short name (`short`): one or two characters, none ASCII, as
 * the diagrams of the giant variants abbreviate a name (大将, 王). */
static int check_short_name(load *l, yaml_node_t *n)
{
	const char *s = scalar(n);
	int chars = 0;
	bool ascii = false;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		ascii |= *c < 0x80;
		chars += (*c & 0xC0) != 0x80;
	}
	if (ascii || chars < 1 || chars > 2)
		return node_error(l->diag, l->file, n, "a short name is one or two kanji or kana, not ASCII (\"%s\")", s);
	return 0;
}

static const kifu__key_table board_table, declaration_table;

/* board: 9, or {files: F, ranks: R} */
static int read_board(load *l, yaml_node_t *n, void *target, void *notes)
{
	struct kifu_variant *v = target;
	if (n->type == YAML_SCALAR_NODE) {
		int rc = get_int(l->file, n, 1, KIFU_MAX_DIM, &v->files, l->diag);
		v->ranks = v->files;
		return rc;
	}
	if (n->type == YAML_MAPPING_NODE)
		return apply_mapping(l, n, &board_table, target, notes);
	return node_error(l->diag, l->file, n, "board is a size (9) or {files: F, ranks: R}");
}

/* declaration: {points: [SENTE, GOTE], in-zone: N}, or none */
static int read_declaration(load *l, yaml_node_t *n, void *target, void *notes)
{
	struct kifu_variant *v = target;
	const char *word = scalar(n);
	if (word && !strcmp(word, "none")) {
		v->declare_points[0] = v->declare_points[1] = v->declare_in_zone = 0;
		return 0;
	}
	if (n->type != YAML_MAPPING_NODE) {
		char list[128];
		key_list(&declaration_table, list, sizeof list);
		return node_error(l->diag, l->file, n, "expected a mapping (%s) or none", list);
	}
	return apply_mapping(l, n, &declaration_table, target, notes);
}

/* declaration.points: [SENTE, GOTE] */
static int read_points(load *l, yaml_node_t *n, void *target, void *notes)
{
	struct kifu_variant *v = target;
	char items[2][NAME_MAX_LEN];
	int count = 0;
	(void)notes;
	int rc = get_list(l->file, l->doc, n, items, 2, &count, l->diag);
	if (rc)
		return rc;
	if (count != 2)
		return node_error(l->diag, l->file, n, "points is [SENTE, GOTE]: what each side needs");
	for (int i = 0; i < 2; i++) {
		char *end;
		long x = strtol(items[i], &end, 10);
		if (*end || x < 1 || x > 1000)
			return node_error(l->diag, l->file, n, "points are whole numbers from 1 to 1000");
		v->declare_points[i] = (int)x;
	}
	return 0;
}

/* starts: {NAME: SFEN, ...} */
static int read_starts(load *l, yaml_node_t *n, void *target, void *notes)
{
	struct kifu_variant *v = target;
	(void)notes;
	if (n->type != YAML_MAPPING_NODE)
		return node_error(l->diag, l->file, n, "starts is a mapping of names to SFEN");
	v->nstarts = 0;
	for (yaml_node_pair_t *sp = n->data.mapping.pairs.start; sp < n->data.mapping.pairs.top; sp++) {
		yaml_node_t *sk = yaml_document_get_node(l->doc, sp->key);
		yaml_node_t *sv = yaml_document_get_node(l->doc, sp->value);
		if (v->nstarts == MAX_STARTS)
			return node_error(l->diag, l->file, sk, "too many named starts");
		named_start *ns = &v->starts[v->nstarts++];
		int rc = get_string(l->file, sk, ns->name, sizeof ns->name, l->diag);
		if (!rc)
			rc = get_string(l->file, sv, ns->sfen, sizeof ns->sfen, l->diag);
		if (rc)
			return rc;
	}
	return 0;
}

static draft_piece *find_or_add(draft_piece *list, int *n, const char *id)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(list[i].desc.id, id))
			return &list[i];
	if (*n == MAX_DRAFT_PIECES)
		return NULL;
	draft_piece *p = &list[(*n)++];
	memset(p, 0, sizeof *p);
	p->desc.captured = CAPTURED_HAND;
	p->desc.declaration_points = 1;
	p->desc.jump_rank = -1; /* its rank */
	snprintf(p->desc.id, sizeof p->desc.id, "%s", id);
	return p;
}

static const kifu__key_table piece_table, promoted_only_table;

/* One entry of pieces or promoted-only: its id says which piece the other
 * keys change (a new one, or one the parent has). */
static int apply_piece(load *l, yaml_node_t *map, draft_piece *list, int *n, const kifu__key_table *t)
{
	if (map->type != YAML_MAPPING_NODE)
		return not_a_mapping(l, t, map);
	yaml_node_t *idnode = NULL;
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top; pr++) {
		const char *key = scalar(yaml_document_get_node(l->doc, pr->key));
		if (key && !strcmp(key, "id"))
			idnode = yaml_document_get_node(l->doc, pr->value);
	}
	if (!idnode)
		return node_error(l->diag, l->file, map, "a piece needs an id");
	const char *id = scalar(idnode);
	if (id && check_text(l->file, idnode, l->diag))
		return KIFU_EVARIANT; /* check_text's only code */
	if (!id || !*id || strlen(id) >= NAME_MAX_LEN || id[0] == '+')
		return node_error(l->diag, l->file, idnode, "bad piece id");
	for (const char *c = id; *c; c++)
		if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-' || *c == '_'))
			return node_error(l->diag, l->file, idnode,
					  "a piece id is lowercase letters, digits, - and _ (\"%s\")", id);
	draft_piece *p = find_or_add(list, n, id);
	if (!p)
		return node_error(l->diag, l->file, map, "too many pieces");
	where_set(&p->at, l->file, map);
	return apply_mapping(l, map, t, p, p);
}

static int apply_pieces(load *l, yaml_node_t *seq, draft_piece *list, int *n, const kifu__key_table *t)
{
	if (seq->type != YAML_SEQUENCE_NODE)
		return node_error(l->diag, l->file, seq, "expected a list of pieces");
	for (yaml_node_item_t *it = seq->data.sequence.items.start; it < seq->data.sequence.items.top; it++) {
		int rc = apply_piece(l, yaml_document_get_node(l->doc, *it), list, n, t);
		if (rc)
			return rc;
	}
	return 0;
}

static int read_pieces(load *l, yaml_node_t *n, void *target, void *notes)
{
	(void)target, (void)notes;
	return apply_pieces(l, n, l->d->pieces, &l->d->npieces, &piece_table);
}

static int read_promoted_only(load *l, yaml_node_t *n, void *target, void *notes)
{
	(void)target, (void)notes;
	return apply_pieces(l, n, l->d->only, &l->d->nonly, &promoted_only_table);
}

/* ---- the tables (formats/variants.md documents each one) ---- */

#define NKEYS(a) ((int)(sizeof(a) / sizeof(a)[0]))
#define VAR(field) offsetof(struct kifu_variant, field)
#define NOTE(field) .noted = offsetof(draft, field), .note = true
#define PIECE(field) offsetof(draft_piece, field)
#define PNOTE(field) .noted = offsetof(draft_piece, field), .note = true
#define NAMES(field) offsetof(piece_names, field)
/* A key and its kind; the rest of its entry is given by name. */
#define TEXT(key, off, size) .name = key, .kind = KEY_TEXT, .at = off, .hi = size
#define INT(key, off, l, h) .name = key, .kind = KEY_INT, .at = off, .lo = l, .hi = h
#define BOOL(key, off) .name = key, .kind = KEY_BOOL, .at = off
#define CHOICE(key, off, list) .name = key, .kind = KEY_CHOICE, .at = off, .words = list
#define FLAGS(key, off, list, what) .name = key, .kind = KEY_FLAGS, .at = off, .words = list, .item = what
#define LIST(key, off, max, count) .name = key, .kind = KEY_LIST, .at = off, .hi = max, .count_at = count
#define MAP(key, off, table) .name = key, .kind = KEY_MAP, .at = off, .sub = &(table)
#define OWN(key, fn) .name = key, .kind = KEY_OWN, .own = fn

static const char *const promotion_when[] = {"enter", "in-zone", "capture-in-zone", "capture", NULL};
static const char *const royal_rules[] = {"none", "last-royal", NULL};
static const char *const counter_strikes[] = {"none", "any", "protected", NULL};
static const char *const strike_legs[] = {"last", "both", NULL};
static const char *const bare_royals[] = {"none", "bared", "royals-and-one", "lone", NULL};
static const char *const no_legal_moves[] = {"loses", "undecided", NULL};
static const char *const lone_royals[] = {"none", "draw", NULL};
static const char *const perpetuals[] = {"none", "loses", "check", NULL};
static const char *const resets[] = {"capture", "promotion", "one-way", NULL};
static const char *const written_names[] = {"prefixed", "plain", NULL};
static const char *const captures[] = {"hand", "removed", NULL};
static const char *const jump_takes[] = {"any", "lower", NULL};
static const char *const jump_passed[] = {"stay", "captured", NULL};
static const char *const burner_meets[] = {"burnt", "burns-then-burnt", "burns", "spares", NULL};

static const kifu__key board_keys[] = {
	{INT("files", VAR(files), 1, KIFU_MAX_DIM)},
	{INT("ranks", VAR(ranks), 1, KIFU_MAX_DIM)},
};
static const kifu__key_table board_table = {
	.mapping = "board", .section = "board", .keys = board_keys, .nkeys = NKEYS(board_keys),
	.in = "in board",
};

static const kifu__key promotion_keys[] = {
	{INT("zone", VAR(zone), 0, KIFU_MAX_DIM)},
	{FLAGS("when", VAR(promo_when), promotion_when, "promotion condition")},
	{BOOL("forced", VAR(promo_forced))},
	{BOOL("forced-taking-promoted", VAR(promo_forced_taking_promoted))},
	{BOOL("first-step", VAR(promo_first_step))},
};
static const kifu__key_table promotion_table = {
	.mapping = "promotion", .section = "promotion", .keys = promotion_keys, .nkeys = NKEYS(promotion_keys),
	.in = "in promotion",
};

static const kifu__key lion_keys[] = {
	{BOOL("protected-lion", VAR(lion_protected))},
	{BOOL("bridge", VAR(lion_bridge))},
	{CHOICE("counter-strike", VAR(counter_strike), counter_strikes)},
	{CHOICE("counter-strike-legs", VAR(counter_strike_legs), strike_legs)},
};
static const kifu__key_table lion_table = {
	.mapping = "lion-trading", .section = "lion-trading", .keys = lion_keys, .nkeys = NKEYS(lion_keys),
	.in = "in lion-trading",
};

static const kifu__key end_keys[] = {
	{CHOICE("bare-royal", VAR(bare_royal), bare_royals)},
	{CHOICE("no-legal-move", VAR(no_legal_move), no_legal_moves)},
	{CHOICE("lone-royals", VAR(lone_royals), lone_royals)},
};
static const kifu__key_table end_table = {
	.mapping = "end", .section = "end", .keys = end_keys, .nkeys = NKEYS(end_keys), .in = "in end",
};

static const kifu__key repetition_keys[] = {
	{INT("count", VAR(repetition_count), 0, 100)},
	/* check: only checks count as attacks (standard shogi's 連続王手の千日手) */
	{CHOICE("perpetual-attack", VAR(perpetual_attack), perpetuals)},
	{FLAGS("reset", VAR(repetition_reset), resets, "reset")},
};
static const kifu__key_table repetition_table = {
	.mapping = "repetition", .section = "repetition", .keys = repetition_keys,
	.nkeys = NKEYS(repetition_keys), .in = "in repetition",
};

static const kifu__key range_jump_keys[] = {
	{BOOL("to-empty", VAR(jump_to_empty))},
	{CHOICE("takes", VAR(jump_takes), jump_takes)},
	{CHOICE("passed", VAR(jump_passed), jump_passed)},
};
static const kifu__key_table range_jump_table = {
	.mapping = "range-jumps", .section = "range-jumps", .keys = range_jump_keys,
	.nkeys = NKEYS(range_jump_keys), .in = "in range-jumps",
};

static const kifu__key burning_keys[] = {
	{BOOL("passive", VAR(burn_passive))},
	{CHOICE("burner-meets-burner", VAR(burner_meets), burner_meets)},
};
static const kifu__key_table burning_table = {
	.mapping = "burning", .section = "burning", .keys = burning_keys, .nkeys = NKEYS(burning_keys),
	.in = "in burning",
};

static const kifu__key declaration_keys[] = {
	{OWN("points", read_points)},
	{INT("in-zone", VAR(declare_in_zone), 0, KIFU_MAX_SQUARES)},
};
static const kifu__key_table declaration_table = {
	.mapping = "declaration", .section = "declaration", .keys = declaration_keys,
	.nkeys = NKEYS(declaration_keys), .in = "in declaration",
};

static const kifu__key top_keys[] = {
	{OWN("inherit", read_nothing)}, /* applied first: apply_document */
	{TEXT("name", VAR(name), NAME_MAX_LEN), .check = check_variant_name},
	{TEXT("title", VAR(title), sizeof(((struct kifu_variant *)0)->title))},
	{TEXT("title-ja", VAR(title_ja), sizeof(((struct kifu_variant *)0)->title_ja))},
	{OWN("board", read_board), NOTE(board_at)},
	{MAP("promotion", 0, promotion_table)},
	{BOOL("drops", VAR(drops))},
	{CHOICE("royal-rule", VAR(royal_rule), royal_rules)},
	{BOOL("lost-without-royal", VAR(lost_without_royal))},
	{MAP("lion-trading", 0, lion_table), NOTE(lion_at)},
	{MAP("end", 0, end_table)},
	{MAP("repetition", 0, repetition_table)},
	{MAP("range-jumps", 0, range_jump_table)},
	{MAP("burning", 0, burning_table)},
	{OWN("declaration", read_declaration)},
	{CHOICE("written-names", VAR(written_names), written_names)},
	{TEXT("start", VAR(start), SFEN_MAX_LEN), NOTE(start_at)},
	{OWN("starts", read_starts)},
	{OWN("pieces", read_pieces)},
	{OWN("promoted-only", read_promoted_only)},
};
static const kifu__key_table top_table = {
	.section = "Top-level keys", .keys = top_keys, .nkeys = NKEYS(top_keys),
	.expected = "a variant file is a mapping (name:, board:, pieces:, ...)",
};

static const kifu__key promoted_keys[] = {
	{TEXT("name", NAMES(name), NAME_MAX_LEN)},
	{TEXT("kif", NAMES(kif), NAME_MAX_LEN)},
	{TEXT("english", NAMES(english), NAME_MAX_LEN)},
	{LIST("aliases", NAMES(aliases), MAX_ALIASES, NAMES(naliases))},
	{TEXT("diagram", NAMES(diagram), NAME_MAX_LEN), .check = check_diagram_name},
	{TEXT("short", NAMES(short_name), NAME_MAX_LEN), .check = check_short_name},
	{TEXT("reading", NAMES(reading), NAME_MAX_LEN)},
};
static const kifu__key_table promoted_table = {
	.mapping = "promoted", .section = "promoted", .keys = promoted_keys, .nkeys = NKEYS(promoted_keys),
	.in = "in promoted", .noun = "a mapping of names",
};

#define ALSO .flags = KEY_ALSO_PROMOTED_ONLY
static const kifu__key piece_keys[] = {
	{OWN("id", read_nothing), ALSO}, /* read first: apply_piece */
	{TEXT("name", PIECE(desc.names.name), NAME_MAX_LEN), ALSO},
	{TEXT("kif", PIECE(desc.names.kif), NAME_MAX_LEN), ALSO},
	{TEXT("english", PIECE(desc.names.english), NAME_MAX_LEN), ALSO},
	{LIST("aliases", PIECE(desc.names.aliases), MAX_ALIASES, PIECE(desc.names.naliases)), ALSO},
	{TEXT("diagram", PIECE(desc.names.diagram), NAME_MAX_LEN), .check = check_diagram_name, ALSO},
	{TEXT("short", PIECE(desc.names.short_name), NAME_MAX_LEN), .check = check_short_name, ALSO},
	{TEXT("reading", PIECE(desc.names.reading), NAME_MAX_LEN), ALSO},
	{TEXT("moves", PIECE(desc.moves), NAME_MAX_LEN), PNOTE(moves_at), ALSO},
	{BOOL("royal", PIECE(desc.royal)), ALSO},
	{BOOL("lion", PIECE(desc.lion)), ALSO},
	{BOOL("minor", PIECE(desc.minor))},
	{INT("declaration-points", PIECE(desc.declaration_points), 0, 100)},
	{TEXT("sfen", PIECE(desc.sfen), sizeof(((piece_desc *)0)->sfen)), PNOTE(sfen_at)},
	{TEXT("promotes-to", PIECE(promotes_to), NAME_MAX_LEN), PNOTE(promotes_at)},
	{MAP("promoted", PIECE(promoted), promoted_table)},
	{INT("may-promote-ranks", PIECE(desc.may_promote_ranks), 0, KIFU_MAX_DIM)},
	{INT("must-promote-ranks", PIECE(desc.must_promote_ranks), 0, KIFU_MAX_DIM)},
	{BOOL("no-two-on-file", PIECE(desc.no_two_on_file))},
	{BOOL("no-drop-mate", PIECE(desc.no_drop_mate))},
	{INT("max-on-file", PIECE(desc.max_on_file), 0, KIFU_MAX_DIM)},
	{CHOICE("captured", PIECE(desc.captured), captures)},
	{INT("rank", PIECE(desc.rank), 0, 99), ALSO},
	{INT("jump-rank", PIECE(desc.jump_rank), 0, 100), ALSO},
	{BOOL("burns", PIECE(desc.burns)), ALSO},
	{TEXT("captor-becomes", PIECE(desc.captor_becomes), NAME_MAX_LEN), PNOTE(captor_at), ALSO},
	{BOOL("keeps-form", PIECE(desc.keeps_form)), ALSO},
};
#undef ALSO
static const kifu__key_table piece_table = {
	.mapping = "piece", .section = "pieces", .keys = piece_keys, .nkeys = NKEYS(piece_keys),
	.expected = "expected a piece (a mapping with id, moves, ...)",
};
static const kifu__key_table promoted_only_table = {
	.mapping = "promoted-only", .section = "promoted-only", .keys = piece_keys, .nkeys = NKEYS(piece_keys),
	.only = KEY_ALSO_PROMOTED_ONLY, .in = "for a promoted-only piece",
	.expected = "expected a piece (a mapping with id, moves, ...)",
};

const kifu__key_table *const kifu__variant_key_tables[] = {
	&top_table, &board_table, &promotion_table, &lion_table, &end_table, &repetition_table,
	&range_jump_table, &burning_table, &declaration_table, &piece_table, &promoted_table,
	&promoted_only_table, NULL,
};

/* ---- a document, and the parent it inherits ---- */

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

static int apply_document(draft *d, yaml_document_t *doc, const char *file, int depth,
			  kifu_diag *diag)
{
	struct kifu_variant *v = d->v;
	yaml_node_t *root = yaml_document_get_root_node(doc);
	if (!root)
		return kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "empty variant file");
	load l = {d, file, doc, depth, diag};
	if (root->type != YAML_MAPPING_NODE)
		return not_a_mapping(&l, &top_table, root);
	/* inherit first, whatever its place in the file; once: each parent is
	 * a whole load, and parents that each named many would be loaded a
	 * number of times exponential in the depth */
	bool inherited = false;
	for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
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
	return apply_mapping(&l, root, &top_table, v, d);
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


/* ---- from the draft to the piece types ---- */

static const draft_piece *find_piece(const draft_piece *list, int n, const char *id)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(list[i].desc.id, id))
			return &list[i];
	return NULL;
}

/* Is (dx, dy) a multiple, two or more, of the unit line (ux, uy)? */
static bool beyond_on_line(int dx, int dy, int ux, int uy)
{
	for (int k = 2; k <= KIFU_MAX_DIM; k++)
		if (dx == k * ux && dy == k * uy)
			return true;
	return false;
}

/* A range capture (range-jumps.passed: captured) takes what it passes over,
 * so a move from -> to must tell by its squares alone whether it is one: no
 * other power of the piece may pass over a square along the line of one of
 * its range jumps (a leap two or more squares along it, a jX along it, a
 * lion power or an area move).  NULL, or what clashes. */
static const char *range_capture_clash(const movement *m)
{
	bool range = false;
	for (int i = 0; i < m->nxslides; i++) {
		const slide *a = &m->xslides[i];
		if (!(a->kind & SLIDE_JUMPS))
			continue;
		range = true;
		if (slide_first(a) > 1)
			return "a range capture that passes over its first squares whatever stands there (j)";
		for (int j = 0; j < m->nleaps; j++)
			if (beyond_on_line(m->leaps[j].dx, m->leaps[j].dy, a->dx, a->dy))
				return "a leap along the line of a range capture";
		for (int j = 0; j < m->nxslides; j++)
			if (j != i && !(m->xslides[j].kind & (SLIDE_JUMPS | SLIDE_HOOK)) && m->xslides[j].dx == a->dx &&
			    m->xslides[j].dy == a->dy)
				return "a slide that passes over pieces (jX, X#n) along the line of a range capture";
		for (int j = 0; j < m->nlines; j++)
			if (m->lines[j].dx == a->dx && m->lines[j].dy == a->dy)
				return "lion power along the line of a range capture";
	}
	if (range && (m->area_lion || m->nlong || m->area || m->emperor || m->lion3))
		return "a lion power, an area move or the Emperor's";
	return NULL;
}

/* t's movement, from its description's moves (those of p as written);
 * range_capture: the variant's range jumps capture what they pass. */
static int compile_moves(piece_type *t, const draft_piece *p, bool range_capture, kifu_diag *diag)
{
	int errpos = 0;
	const char *msg = NULL;
	if (!p->desc.moves[0])
		return kifu_diag_set(diag, KIFU_EVARIANT, p->at.file, p->at.line, p->at.col,
				     "piece \"%s\" has no moves", p->desc.id);
	if (kifu__movement_parse(p->desc.moves, &t->mv, &errpos, &msg))
		return kifu_diag_set(diag, KIFU_EVARIANT, p->moves_at.file, p->moves_at.line,
				     p->moves_at.col + errpos, "moves \"%s\": %s", p->desc.moves, msg);
	/* a range jump passes over pieces ranking below the piece's jump
	 * rank: with none, it would be a plain slide */
	int power = p->desc.jump_rank >= 0 ? p->desc.jump_rank : p->desc.rank;
	for (int i = 0; i < t->mv.nxslides; i++)
		if ((t->mv.xslides[i].kind & SLIDE_JUMPS) && power == 0)
			return kifu_diag_set(diag, KIFU_EVARIANT, p->moves_at.file, p->moves_at.line, p->moves_at.col,
					     "moves \"%s\": a range jump (^) needs the piece's rank or jump-rank (above 0)",
					     p->desc.moves);
	const char *clash = range_capture ? range_capture_clash(&t->mv) : NULL;
	if (clash)
		return kifu_diag_set(diag, KIFU_EVARIANT, p->moves_at.file, p->moves_at.line, p->moves_at.col,
				     "moves \"%s\": %s: with range-jumps.passed captured, a move could not tell "
				     "whether it captures the pieces it passes over",
				     p->desc.moves, clash);
	return 0;
}

static bool valid_sfen_token(const char *s)
{
	return isupper((unsigned char)s[0]) && s[1 + kifu_sfen_marks(s + 1, strlen(s + 1))] == 0;
}

/* A piece's SFEN token: an uppercase letter, with ' or !, its own. */
static int check_token(const draft *d, int i, kifu_diag *diag)
{
	const draft_piece *p = &d->pieces[i];
	const where *at = p->sfen_at.line ? &p->sfen_at : &p->at;
	if (!valid_sfen_token(p->desc.sfen))
		return kifu_diag_set(diag, KIFU_EVARIANT, at->file, at->line, at->col,
				     "piece \"%s\": sfen must be an uppercase letter, optionally followed by up to three marks, each ' or ! (got \"%s\")",
				     p->desc.id, p->desc.sfen);
	for (int j = 0; j < i; j++)
		if (!strcmp(d->pieces[j].desc.sfen, p->desc.sfen))
			return kifu_diag_set(diag, KIFU_EVARIANT, at->file, at->line, at->col,
					     "pieces \"%s\" and \"%s\" have the same sfen letter %s",
					     d->pieces[j].desc.id, p->desc.id, p->desc.sfen);
	return 0;
}

/* The promoted form of p, whose target (the piece it promotes to) is
 * `target`: the target's moves, royalty, Lion and names, with the names p
 * gives its promoted form (minor is a property of the unpromoted Pawn and
 * Go-between only; a promoted piece is a Lion if its target is: Chu's
 * promoted Kirin). */
static void promoted_desc(piece_desc *out, const draft_piece *p, const piece_desc *target,
			  bool target_unpromoted)
{
	memset(out, 0, sizeof *out);
	snprintf(out->id, sizeof out->id, "+%s", p->desc.id);
	snprintf(out->sfen, sizeof out->sfen, "+%s", p->desc.sfen);
	memcpy(out->moves, target->moves, sizeof out->moves);
	out->royal = target->royal;
	out->lion = target->lion;
	/* a promoted piece ranks and burns as the piece it becomes */
	out->rank = target->rank;
	out->jump_rank = target->jump_rank;
	out->burns = target->burns;
	/* ... and changes its captor, or keeps its form, as it does */
	memcpy(out->captor_becomes, target->captor_becomes, sizeof out->captor_becomes);
	out->keeps_form = target->keeps_form;
	out->captured = p->desc.captured;
	piece_names *n = &out->names;
	const piece_names *own = &p->promoted;
	*n = target->names;
	if (!n->kif[0])
		memcpy(n->kif, n->name, sizeof n->kif);
	if (own->name[0])
		memcpy(n->name, own->name, sizeof n->name);
	if (own->kif[0] || own->name[0])
		memcpy(n->kif, own->kif[0] ? own->kif : own->name, sizeof n->kif);
	if (own->english[0])
		memcpy(n->english, own->english, sizeof n->english);
	/* its reading: its own, or none for a name of its own that gives none
	 * (the target's reads another name: と金 is not kinshō) */
	if (own->reading[0] || own->name[0])
		memcpy(n->reading, own->reading, sizeof n->reading);
	/* a diagram names a piece by its look alone: the promoted form takes
	 * the diagram name of a promoted-only target (Chu's 鷹), but not that
	 * of an unpromoted one, which names that piece (Chu's promoted Bishop
	 * is 成馬, the Dragon Horse 馬): its own, or none */
	if (own->diagram[0] || target_unpromoted)
		memcpy(n->diagram, own->diagram, sizeof n->diagram);
	/* the short name likewise: it draws the piece's look */
	if (own->short_name[0] || target_unpromoted)
		memcpy(n->short_name, own->short_name, sizeof n->short_name);
	/* the target's aliases are spellings of its name: a promoted form
	 * with a name of its own (と金) has only the aliases it lists */
	if (own->naliases || (own->name[0] && strcmp(own->name, target->names.name) != 0)) {
		n->naliases = own->naliases;
		memcpy(n->aliases, own->aliases, sizeof n->aliases);
	}
}

/* captor-becomes as types: each names a piece type by its id (a promoted
 * form by "+ID"). */
static int resolve_captors(draft *d, kifu_diag *diag)
{
	struct kifu_variant *v = d->v;
	for (int t = 0; t < v->ntypes; t++) {
		piece_type *pt = &v->types[t];
		pt->captor_becomes = -1;
		const char *id = pt->desc.captor_becomes;
		if (!id[0])
			continue;
		for (int u = 0; u < v->ntypes; u++)
			if (!strcmp(v->types[u].desc.id, id))
				pt->captor_becomes = u;
		if (pt->captor_becomes >= 0)
			continue;
		/* where it was written: the piece's own key, or its target's */
		const where *at = NULL;
		const char *base = pt->promoted ? v->types[pt->base].desc.id : pt->desc.id;
		for (int i = 0; i < d->npieces && !at; i++)
			if (!strcmp(d->pieces[i].desc.id, base) && d->pieces[i].captor_at.line)
				at = &d->pieces[i].captor_at;
		for (int i = 0; i < d->nonly && !at; i++)
			if (!strcmp(d->only[i].desc.captor_becomes, id) && d->only[i].captor_at.line)
				at = &d->only[i].captor_at;
		return kifu_diag_set(diag, KIFU_EVARIANT, at ? at->file : "", at ? at->line : 0, at ? at->col : 0,
				     "piece \"%s\": a piece that takes it becomes \"%s\", which is not a piece type "
				     "(an id, or +ID for a promoted form)",
				     pt->desc.id, id);
	}
	return 0;
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
		int rc = check_token(d, i, diag);
		if (rc)
			return rc;
		piece_type *t = &v->types[v->ntypes];
		memset(t, 0, sizeof *t);
		t->desc = p->desc;
		if (!t->desc.names.kif[0])
			memcpy(t->desc.names.kif, t->desc.names.name, sizeof t->desc.names.kif);
		t->base = v->ntypes;
		t->promotes_to = -1;
		t->to_hand = v->drops && p->desc.captured == CAPTURED_HAND;
		if ((rc = compile_moves(t, p, v->jump_passed == PASSED_CAPTURED, diag)) != 0)
			return rc;
		v->ntypes++;
	}
	int nbase = v->ntypes;
	for (int i = 0; i < nbase; i++) {
		const draft_piece *p = &d->pieces[i];
		if (!p->promotes_to[0])
			continue;
		const draft_piece *target = find_piece(d->pieces, d->npieces, p->promotes_to);
		bool target_unpromoted = target != NULL;
		if (!target)
			target = find_piece(d->only, d->nonly, p->promotes_to);
		if (!target)
			return kifu_diag_set(diag, KIFU_EVARIANT, p->promotes_at.file, p->promotes_at.line,
					     p->promotes_at.col, "piece \"%s\" promotes to \"%s\", which is not defined",
					     p->desc.id, p->promotes_to);
		if (v->ntypes == KIFU_MAX_TYPES)
			return kifu_diag_set(diag, KIFU_ELIMIT, p->at.file, p->at.line, p->at.col, "too many piece types");
		piece_type *t = &v->types[v->ntypes];
		memset(t, 0, sizeof *t);
		promoted_desc(&t->desc, p, &target->desc, target_unpromoted);
		t->promoted = true;
		t->base = i;
		t->promotes_to = -1;
		t->to_hand = v->types[i].to_hand;
		int rc = compile_moves(t, target, v->jump_passed == PASSED_CAPTURED, diag);
		if (rc)
			return rc;
		v->types[i].promotes_to = v->ntypes;
		v->ntypes++;
	}
	return resolve_captors(d, diag);
}

/* The rules a file's settings break together (each names where). */
static int check_settings(const draft *d, const char *file, kifu_diag *diag)
{
	const struct kifu_variant *v = d->v;
	if (!v->name[0])
		return kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no name");
	if (!v->files || !v->ranks)
		return kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no board size (board:)");
	if (v->zone > v->ranks)
		return kifu_diag_set(diag, KIFU_EVARIANT, d->board_at.file, d->board_at.line, d->board_at.col,
				     "the promotion zone (%d ranks) is deeper than the board", v->zone);
	if (v->lion_bridge && !v->lion_protected)
		return kifu_diag_set(diag, KIFU_EVARIANT, d->lion_at.file, d->lion_at.line, d->lion_at.col,
				     "lion-trading: bridge makes an exception to protected-lion, which is off");
	if (v->counter_strike != CS_NONE && v->drops)
		return kifu_diag_set(diag, KIFU_EVARIANT, d->lion_at.file, d->lion_at.line, d->lion_at.col,
				     "lion-trading: counter-strike needs drops: false (SFEN field 3 holds its square)");
	if (!d->npieces)
		return kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no pieces");
	if (!d->start_at.line)
		return kifu_diag_set(diag, KIFU_EVARIANT, file, 1, 1, "the variant has no start position (start:)");
	return 0;
}

/* The start positions must be positions of this variant: the SFEN parser
 * reads each (the start, kept as v->start_setup; each named start's key). */
static int check_starts(draft *d, const char *file, kifu_diag *diag)
{
	struct kifu_variant *v = d->v;
	kifu_diag sd;
	kifu_diag_clear(&sd);
	if (kifu__sfen_parse(v, v->start, strlen(v->start), &v->start_setup, &sd))
		return kifu_diag_set(diag, KIFU_EVARIANT, d->start_at.file, d->start_at.line,
				     d->start_at.col + (sd.col > 0 ? sd.col - 1 : 0), "start: %s", sd.message);
	sfen_setup *named = malloc(sizeof *named);
	if (!named)
		return kifu_diag_set(diag, KIFU_ENOMEM, file, 0, 0, "out of memory");
	int rc = 0;
	for (int i = 0; !rc && i < v->nstarts; i++) {
		if (kifu__sfen_parse(v, v->starts[i].sfen, strlen(v->starts[i].sfen), named, &sd))
			rc = kifu_diag_set(diag, KIFU_EVARIANT, file, 0, 0, "start \"%s\", column %ld of its SFEN: %s",
					   v->starts[i].name, sd.col, sd.message);
		v->starts[i].key = named->key;
	}
	free(named);
	return rc;
}

int kifu__variant_load(struct kifu_variant *v, const char *text, size_t len, const char *file,
		       kifu_diag *diag)
{
	draft *d = calloc(1, sizeof *d);
	if (!d)
		return kifu_diag_set(diag, KIFU_ENOMEM, file, 0, 0, "out of memory");
	v->lost_without_royal = true; /* v is zeroed (variant_load.h) */
	d->v = v;
	int rc = text ? apply_text(d, text, len, file, 0, diag) : apply_file(d, file, 0, diag);
	if (!rc)
		rc = check_settings(d, file, diag);
	if (!rc)
		rc = build_types(d, diag);
	if (!rc && v->drops && v->ntypes > KIFU_MAX_DROP_TYPES)
		rc = kifu_diag_set(diag, KIFU_ELIMIT, file, d->board_at.line ? d->board_at.line : 1, 1,
				   "a variant with drops has at most %d piece types, promoted ones included (it has %d)",
				   KIFU_MAX_DROP_TYPES, v->ntypes);
	if (!rc)
		rc = kifu__variant_conclude(v, file, diag);
	if (!rc)
		rc = check_starts(d, file, diag);
	free(d);
	return rc;
}
