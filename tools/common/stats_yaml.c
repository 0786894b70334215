/*
 * stats_yaml.c - kifu-stats' use of libyaml: writing the aggregates as YAML
 * with its emitter, and reading partial results back (JSON or YAML: both
 * are loaded as YAML documents) for --merge.  libyaml returns 1 on success
 * and 0 on error, with 0-based marks; this file turns that into our codes
 * and 1-based line:column (kifu/kifu.h's conventions).
 */
#include "stats_data.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

/* --- writing ---------------------------------------------------------------- */

struct yaml_ctx {
	yaml_emitter_t emitter;
	int failed;
};

static void emit(struct yaml_ctx *y, yaml_event_t *ev, int ok)
{
	if (y->failed)
		return;
	if (!ok || !yaml_emitter_emit(&y->emitter, ev))
		y->failed = 1;
}

static void y_scalar(struct yaml_ctx *y, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;
	int ok = yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)(uintptr_t)s,
					      (int)strlen(s), 1, 1, style);
	emit(y, &ev, ok);
}

static void y_begin_map(void *c)
{
	yaml_event_t ev;
	int ok = yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
	emit(c, &ev, ok);
}

static void y_end_map(void *c)
{
	yaml_event_t ev;
	int ok = yaml_mapping_end_event_initialize(&ev);
	emit(c, &ev, ok);
}

static void y_begin_list(void *c)
{
	yaml_event_t ev;
	int ok = yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
	emit(c, &ev, ok);
}

static void y_end_list(void *c)
{
	yaml_event_t ev;
	int ok = yaml_sequence_end_event_initialize(&ev);
	emit(c, &ev, ok);
}

/* Keys and strings are written plain when YAML allows it; a string that a
 * reader would take for a number or a null is quoted. */
static void y_string(void *c, const char *s)
{
	int numeric = *s != '\0';
	for (const char *p = s; *p; p++)
		if (!isdigit((unsigned char)*p))
			numeric = 0;
	int special = !strcmp(s, "null") || !strcmp(s, "~") || !strcmp(s, "true") ||
		      !strcmp(s, "false") || !*s;
	y_scalar(c, s, numeric || special ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE);
}

static void y_key(void *c, const char *key)
{
	/* histogram keys are numbers and stay plain */
	int numeric = *key != '\0';
	for (const char *p = key; *p; p++)
		if (!isdigit((unsigned char)*p))
			numeric = 0;
	if (numeric)
		y_scalar(c, key, YAML_PLAIN_SCALAR_STYLE);
	else
		y_string(c, key);
}

static void y_number(void *c, uint64_t n)
{
	char buf[24];
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)n);
	y_scalar(c, buf, YAML_PLAIN_SCALAR_STYLE);
}

static void y_null(void *c) { y_scalar(c, "null", YAML_PLAIN_SCALAR_STYLE); }

int stats_write_yaml(FILE *out, const struct stats *st)
{
	struct yaml_ctx y;
	yaml_event_t ev;
	memset(&y, 0, sizeof y);
	if (!yaml_emitter_initialize(&y.emitter))
		return KIFU_ENOMEM;
	yaml_emitter_set_output_file(&y.emitter, out);
	yaml_emitter_set_unicode(&y.emitter, 1);
	yaml_emitter_set_width(&y.emitter, -1);
	emit(&y, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
	/* an explicit "---": several outputs concatenated stay a valid stream */
	emit(&y, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0));
	struct stats_emitter e = {&y, y_begin_map, y_end_map, y_begin_list, y_end_list,
				  y_key, y_string, y_number, y_null};
	stats_emit(st, &e);
	emit(&y, &ev, yaml_document_end_event_initialize(&ev, 1));
	emit(&y, &ev, yaml_stream_end_event_initialize(&ev));
	if (!y.failed && !yaml_emitter_flush(&y.emitter))
		y.failed = 1;
	yaml_emitter_delete(&y.emitter);
	return y.failed ? KIFU_EIO : 0;
}

/* --- reading ---------------------------------------------------------------- */

struct loader {
	yaml_document_t *doc;
	struct stats *st;
	const char *name;
	long line_offset; /* JSON is read line by line: the line of this document's first */
	kifu_diag *diag;
};

static int fail(struct loader *L, const yaml_node_t *node, const char *what)
{
	return kifu_diag_set(L->diag, KIFU_ESYNTAX, L->name,
			     L->line_offset + (long)node->start_mark.line + 1,
			     (long)node->start_mark.column + 1,
			     "%s (not a partial result of kifu-stats?)", what);
}

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int number(struct loader *L, const yaml_node_t *n, uint64_t *out)
{
	const char *s = scalar(n);
	if (!s || !isdigit((unsigned char)*s))
		return fail(L, n, "expected a number");
	errno = 0;
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || errno)
		return fail(L, n, "expected a number");
	*out = (uint64_t)v;
	return 0;
}

static yaml_node_t *node(struct loader *L, int id) { return yaml_document_get_node(L->doc, id); }

/* Adds every key: number of a map to the fields named by keys[]. */
static int add_fields(struct loader *L, const yaml_node_t *map, const char *const *keys,
		      int nkeys, uint64_t *fields)
{
	if (map->type != YAML_MAPPING_NODE)
		return fail(L, map, "expected a map");
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(L, p->key), *v = node(L, p->value);
		const char *key = scalar(k);
		int f;
		for (f = 0; f < nkeys; f++)
			if (key && !strcmp(key, keys[f]))
				break;
		if (f == nkeys)
			return fail(L, k, "unknown key");
		uint64_t n;
		if (number(L, v, &n))
			return KIFU_ESYNTAX;
		fields[f] += n;
	}
	return 0;
}

static int add_endings(struct loader *L, struct stats_group *g, const yaml_node_t *map)
{
	if (map->type != YAML_MAPPING_NODE)
		return fail(L, map, "expected a map");
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(L, p->key), *v = node(L, p->value);
		uint64_t n;
		if (!scalar(k))
			return fail(L, k, "expected an ending");
		if (number(L, v, &n))
			return KIFU_ESYNTAX;
		if (stats_add_count(&g->endings, &g->nendings, scalar(k), n))
			return KIFU_ENOMEM;
	}
	return 0;
}

/* Only the histogram is read: min, quartiles and max are derived from it. */
static int add_length(struct loader *L, struct stats_group *g, const yaml_node_t *map)
{
	if (map->type != YAML_MAPPING_NODE)
		return fail(L, map, "expected a map");
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(L, p->key), *v = node(L, p->value);
		const char *key = scalar(k);
		if (!key || strcmp(key, "histogram") != 0)
			continue;
		if (v->type != YAML_MAPPING_NODE)
			return fail(L, v, "expected a map");
		for (yaml_node_pair_t *h = v->data.mapping.pairs.start; h < v->data.mapping.pairs.top; h++) {
			uint64_t plies, n;
			if (number(L, node(L, h->key), &plies) || number(L, node(L, h->value), &n))
				return KIFU_ESYNTAX;
			int rc = stats_add_length(g, plies, n);
			if (rc == KIFU_EINVAL)
				return fail(L, node(L, h->key), "a length beyond the most plies a record may have");
			if (rc)
				return rc;
		}
	}
	return 0;
}

static int add_pieces(struct loader *L, struct stats_group *g, const yaml_node_t *list)
{
	if (list->type != YAML_SEQUENCE_NODE)
		return fail(L, list, "expected a list");
	for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top; it++) {
		yaml_node_t *m = node(L, *it);
		if (m->type != YAML_MAPPING_NODE)
			return fail(L, m, "expected a map");
		const char *id = NULL, *name = NULL;
		uint64_t type = KIFU_MAX_TYPES, n[STATS_NPIECE_FIELDS] = {0};
		for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
			yaml_node_t *k = node(L, p->key), *v = node(L, p->value);
			const char *key = scalar(k);
			int f;
			if (!key)
				return fail(L, k, "expected a key");
			if (!strcmp(key, "id")) {
				id = scalar(v);
				continue;
			}
			if (!strcmp(key, "name")) {
				name = scalar(v);
				continue;
			}
			if (!strcmp(key, "type")) {
				if (number(L, v, &type))
					return KIFU_ESYNTAX;
				continue;
			}
			for (f = 0; f < STATS_NPIECE_FIELDS; f++)
				if (!strcmp(key, stats_piece_keys[f]))
					break;
			if (f == STATS_NPIECE_FIELDS)
				return fail(L, k, "unknown key");
			if (number(L, v, &n[f]))
				return KIFU_ESYNTAX;
		}
		if (!id || !name || type >= KIFU_MAX_TYPES)
			return fail(L, m, "a piece needs an id, a name and a type");
		int rc = stats_name_piece(g, (int)type, id, name);
		if (rc == KIFU_EINVAL)
			return fail(L, m, "this piece type has another id in another part");
		if (rc)
			return rc;
		for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
			g->pieces[type].n[f] += n[f];
	}
	return 0;
}

static int add_group(struct loader *L, const char *variant, const yaml_node_t *map)
{
	if (map->type != YAML_MAPPING_NODE)
		return fail(L, map, "expected a map");
	struct stats_group *g = stats_group(L->st, variant);
	if (!g)
		return KIFU_ENOMEM;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(L, p->key), *v = node(L, p->value);
		const char *key = scalar(k);
		uint64_t n = 0;
		int rc = 0;
		if (!key)
			return fail(L, k, "expected a key");
		if (!strcmp(key, "records") || !strcmp(key, "plies") || !strcmp(key, "valid") ||
		    !strcmp(key, "invalid")) {
			if (number(L, v, &n))
				return KIFU_ESYNTAX;
			*(key[0] == 'r' ? &g->records : key[0] == 'p' ? &g->plies :
			  key[0] == 'v' ? &g->valid : &g->invalid) += n;
		} else if (!strcmp(key, "results")) {
			rc = add_fields(L, v, stats_result_keys, STATS_NRESULTS, g->results);
		} else if (!strcmp(key, "rules")) {
			rc = add_fields(L, v, stats_rule_keys, STATS_NRULE_FIELDS, g->rules);
		} else if (!strcmp(key, "moves")) {
			rc = add_fields(L, v, stats_move_keys, STATS_NMOVE_FIELDS, g->moves);
		} else if (!strcmp(key, "endings")) {
			rc = add_endings(L, g, v);
		} else if (!strcmp(key, "length")) {
			rc = add_length(L, g, v);
		} else if (!strcmp(key, "pieces")) {
			rc = add_pieces(L, g, v);
		} else {
			return fail(L, k, "unknown key");
		}
		if (rc)
			return rc;
	}
	return 0;
}

static int add_document(struct loader *L, const yaml_node_t *root)
{
	if (root->type != YAML_MAPPING_NODE)
		return fail(L, root, "expected a map");
	const yaml_node_t *variants = NULL;
	int format_ok = 0;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		const char *key = scalar(node(L, p->key));
		if (key && !strcmp(key, "format")) {
			const char *f = scalar(node(L, p->value));
			format_ok = f && !strcmp(f, STATS_FORMAT);
		} else if (key && !strcmp(key, "variants")) {
			variants = node(L, p->value);
		}
	}
	if (!format_ok)
		return fail(L, root, "no \"format\": \"" STATS_FORMAT "\"");
	if (!variants || variants->type != YAML_MAPPING_NODE)
		return fail(L, root, "no map of variants");
	/* records, plies, valid and invalid at the top are the groups' sums */
	for (yaml_node_pair_t *p = variants->data.mapping.pairs.start;
	     p < variants->data.mapping.pairs.top; p++) {
		const char *variant = scalar(node(L, p->key));
		if (!variant)
			return fail(L, node(L, p->key), "expected a variant name");
		int rc = add_group(L, variant, node(L, p->value));
		if (rc)
			return rc;
	}
	return 0;
}

static int parser_error(const yaml_parser_t *parser, const char *name, long line_offset,
			kifu_diag *diag)
{
	if (parser->error == YAML_MEMORY_ERROR)
		return kifu_diag_set(diag, KIFU_ENOMEM, name, 0, 0, "out of memory");
	if (parser->error == YAML_READER_ERROR)
		return kifu_diag_set(diag, KIFU_ESYNTAX, name, 0, 0, "%s",
				     parser->problem ? parser->problem : "cannot be read");
	return kifu_diag_set(diag, KIFU_ESYNTAX, name,
			     line_offset + (long)parser->problem_mark.line + 1,
			     (long)parser->problem_mark.column + 1, "%s",
			     parser->problem ? parser->problem : "malformed YAML or JSON");
}

/* Loads every document of the parser's input and adds it.  Returns 0, or
 * a negative code (diag filled); *count gets the number of documents. */
static int load_all(yaml_parser_t *parser, struct stats *st, const char *name, long line_offset,
		    kifu_diag *diag, long *count)
{
	for (;;) {
		yaml_document_t doc;
		if (!yaml_parser_load(parser, &doc))
			return parser_error(parser, name, line_offset, diag);
		yaml_node_t *root = yaml_document_get_root_node(&doc);
		if (!root) {
			yaml_document_delete(&doc);
			return 0;
		}
		struct loader L = {&doc, st, name, line_offset, diag};
		int rc = add_document(&L, root);
		yaml_document_delete(&doc);
		if (rc)
			return rc;
		(*count)++;
	}
}

/* JSON output is one object per line, and JSON objects may follow one
 * another with nothing between (the output of several `kifu-stats
 * --format=json` runs, concatenated), which a YAML stream may not: JSON
 * input is therefore read line by line, one document per line.  YAML
 * documents start with "---" and concatenate as they are. */
int stats_merge_file(struct stats *st, FILE *in, const char *name, kifu_diag *diag)
{
	int c;
	long blank_lines = 0;
	while ((c = getc(in)) != EOF && isspace(c))
		blank_lines += c == '\n';
	if (c == EOF)
		return kifu_diag_set(diag, KIFU_ESYNTAX, name, 0, 0,
				     "empty: not a partial result of kifu-stats");
	ungetc(c, in);
	yaml_parser_t parser;
	long count = 0;
	int rc = 0;
	if (c != '{') {
		if (!yaml_parser_initialize(&parser))
			return kifu_diag_set(diag, KIFU_ENOMEM, name, 0, 0, "out of memory");
		yaml_parser_set_input_file(&parser, in);
		rc = load_all(&parser, st, name, blank_lines, diag, &count);
		yaml_parser_delete(&parser);
		return rc;
	}
	/* c == '{': JSON, after blank_lines blank lines. */
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = blank_lines;
	while ((len = getline(&line, &cap, in)) >= 0) {
		lineno++;
		size_t i = 0;
		while (i < (size_t)len && isspace((unsigned char)line[i]))
			i++;
		if (i == (size_t)len)
			continue;
		if (!yaml_parser_initialize(&parser)) {
			rc = kifu_diag_set(diag, KIFU_ENOMEM, name, 0, 0, "out of memory");
			break;
		}
		yaml_parser_set_input_string(&parser, (const unsigned char *)line, (size_t)len);
		rc = load_all(&parser, st, name, lineno - 1, diag, &count);
		yaml_parser_delete(&parser);
		if (rc)
			break;
	}
	if (!rc && ferror(in))
		rc = kifu_diag_set(diag, KIFU_EIO, name, 0, 0, "read error: %s", strerror(errno));
	free(line);
	return rc;
}
