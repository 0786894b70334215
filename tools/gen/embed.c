/*
 * embed - writes the C source that compiles the shipped variant files into
 * libkifu (so that the tools work without being installed).
 *
 *     embed -o OUT.c FILE.yaml...
 *
 * OUT.c defines kifu__builtin_files[] (libkifu/src/rules/builtin.h), sorted
 * by name, and kifu__builtin_file_count.  Beside each file's text goes what
 * a reader looks for when a record names its variant (the top-level keys
 * name, title-ja, inherit and the names under starts, read with libyaml), so
 * that finding the variant a KIF 手合割 names loads that variant alone; and,
 * for a file with a start and pieces of its own, the piece name and side on
 * each square of the start (kifu_variant_set_start_name), so that the KIF
 * writer, asking which variants have its first move's piece there, loads
 * none of them.  The name of a file is its basename
 * without ".yaml".  Each text is one string literal, split after every
 * newline and every 72 columns; every byte that is not printable ASCII is
 * written as a three-digit octal escape, so that no escape can swallow the
 * character after it, and `"`, `\` and `?` (trigraphs) are escaped too.
 *
 * The output is written to OUT.c.tmp and renamed, so that an interrupted run
 * never leaves a half-written file that make would take as up to date.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define LINE_WIDTH 72

struct input {
	const char *path;
	char *name;
	unsigned char *text;
	size_t len;
	/* the summary: NULL (or no starts) where the file does not say */
	char *yaml_name, *title_ja, *inherit;
	char **starts;
	size_t nstarts;
	int has_starts;
	/* the board (0 where the file does not say), and whether the file
	 * leaves its parent's start position and piece names alone (no board,
	 * start or starts, no piece given a name, a letter or a promoted form):
	 * the KIF writer then knows its start's pieces are the parent's */
	int files, ranks;
	int start_as_parent;
	int parent; /* the index of the file it inherits (after sorting), or -1 */
	/* a file with a start and pieces of its own (no inherit): the start's
	 * SFEN and each piece's SFEN token and name, so that the names on the
	 * start's squares are known without loading the file (start_board) */
	char *start;
	char **tokens, **piece_names;
	size_t npieces;
	int pieces_named; /* every piece has a plain sfen and name */
	short *start_board; /* files * ranks: 0 empty, +/-(1 + piece) Sente/Gote; NULL if unknown */
};

static const char *program = "embed";

static void fail(const char *what, const char *path)
{
	fprintf(stderr, "%s: %s: %s\n", program, path, what);
	exit(1);
}

static char *name_of(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t len;
	char *name;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".yaml") == 0)
		len -= 5;
	name = malloc(len + 1);
	if (!name)
		fail("out of memory", path);
	memcpy(name, base, len);
	name[len] = '\0';
	return name;
}

static void read_input(struct input *in, const char *path)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 4096;
	size_t n;

	if (!f)
		fail(strerror(errno), path);
	in->path = path;
	in->name = name_of(path);
	in->len = 0;
	in->text = malloc(cap);
	if (!in->text)
		fail("out of memory", path);
	while ((n = fread(in->text + in->len, 1, cap - in->len, f)) > 0) {
		in->len += n;
		if (in->len == cap) {
			unsigned char *bigger = realloc(in->text, cap * 2);
			if (!bigger)
				fail("out of memory", path);
			in->text = bigger;
			cap *= 2;
		}
	}
	if (ferror(f))
		fail(strerror(errno), path);
	fclose(f);
}

static void write_literal(FILE *out, const unsigned char *s, size_t len,
			  const char *indent);

static char *scalar_copy(const yaml_node_t *n, const char *path)
{
	char *copy;

	if (!n || n->type != YAML_SCALAR_NODE)
		fail("expected a plain value for name, title-ja, inherit or a start's name", path);
	copy = malloc(n->data.scalar.length + 1);
	if (!copy)
		fail("out of memory", path);
	memcpy(copy, n->data.scalar.value, n->data.scalar.length);
	copy[n->data.scalar.length] = '\0';
	if (strlen(copy) != n->data.scalar.length)
		fail("a NUL byte in a name", path);
	return copy;
}

/* A whole number the summary needs, or 0 (libkifu says what is wrong). */
static int number_of(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SCALAR_NODE || n->data.scalar.length == 0 || n->data.scalar.length > 3)
		return 0;
	int v = 0;
	for (size_t i = 0; i < n->data.scalar.length; i++) {
		unsigned char c = n->data.scalar.value[i];
		if (c < '0' || c > '9')
			return 0;
		v = v * 10 + (c - '0');
	}
	return v;
}

/* board: N, or {files: F, ranks: R}. */
static void board_of(yaml_document_t *doc, yaml_node_t *v, struct input *in)
{
	yaml_node_pair_t *p;

	if (v && v->type == YAML_SCALAR_NODE) {
		in->files = in->ranks = number_of(v);
		return;
	}
	if (!v || v->type != YAML_MAPPING_NODE)
		return;
	for (p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		const char *key = k && k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : "";
		if (!strcmp(key, "files"))
			in->files = number_of(yaml_document_get_node(doc, p->value));
		else if (!strcmp(key, "ranks"))
			in->ranks = number_of(yaml_document_get_node(doc, p->value));
	}
}

/* Does a list of pieces give one a name or an SFEN letter (or is it not a
 * plain list of mappings)? */
static int names_pieces(yaml_document_t *doc, yaml_node_t *v)
{
	yaml_node_item_t *it;
	yaml_node_pair_t *p;

	if (!v || v->type != YAML_SEQUENCE_NODE)
		return 1;
	for (it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
		yaml_node_t *e = yaml_document_get_node(doc, *it);
		if (!e || e->type != YAML_MAPPING_NODE)
			return 1;
		for (p = e->data.mapping.pairs.start; p < e->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(doc, p->key);
			const char *key = k && k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : "";
			/* a promoted form's name or letter is on no shipped
			 * start (none holds a '+' token) */
			if (!strcmp(key, "name") || !strcmp(key, "sfen"))
				return 1;
		}
	}
	return 0;
}

/* The value of a mapping's scalar key, or NULL. */
static yaml_node_t *value_of(yaml_document_t *doc, yaml_node_t *map, const char *name)
{
	yaml_node_pair_t *p;

	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		if (k && k->type == YAML_SCALAR_NODE && !strcmp((const char *)k->data.scalar.value, name))
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

/* Each piece's SFEN token and name; pieces_named 0 when one lacks either
 * (or they are not a plain list): the names are then not known here. */
static void pieces_of(yaml_document_t *doc, yaml_node_t *v, struct input *in)
{
	yaml_node_item_t *it;

	in->pieces_named = 0;
	if (!v || v->type != YAML_SEQUENCE_NODE)
		return;
	size_t n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
	in->tokens = calloc(n ? n : 1, sizeof *in->tokens);
	in->piece_names = calloc(n ? n : 1, sizeof *in->piece_names);
	if (!in->tokens || !in->piece_names)
		fail("out of memory", in->path);
	for (it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
		yaml_node_t *e = yaml_document_get_node(doc, *it);
		yaml_node_t *t = e && e->type == YAML_MAPPING_NODE ? value_of(doc, e, "sfen") : NULL;
		yaml_node_t *nm = e && e->type == YAML_MAPPING_NODE ? value_of(doc, e, "name") : NULL;
		if (!t || t->type != YAML_SCALAR_NODE || !nm || nm->type != YAML_SCALAR_NODE)
			return;
		in->tokens[in->npieces] = scalar_copy(t, in->path);
		in->piece_names[in->npieces++] = scalar_copy(nm, in->path);
	}
	in->pieces_named = 1;
}

/* The start's board as piece numbers (struct input, start_board), read as
 * libkifu reads an SFEN's first field (rules/sfen.c): ranks 1 to N split
 * by '/', each from file N down to 1, a number a run of empty squares, a
 * token [+]Letter[marks], each mark ' or ! (at most 3), lowercase Gote.
 * Left NULL for a promoted token, one no piece has, or a board that does
 * not add up (libkifu refuses the file then). */
static void start_board_of(struct input *in)
{
	const char *s = in->start;
	int files = in->files, ranks = in->ranks, rank = 0, f;

	if (in->inherit || !s || !in->pieces_named || files <= 0 || ranks <= 0 || files > 36 || ranks > 36)
		return;
	short *b = calloc((size_t)(files * ranks), sizeof *b);
	if (!b)
		fail("out of memory", in->path);
	for (f = files - 1; *s && *s != ' '; ) {
		if (*s == '/') {
			if (f != -1 || ++rank >= ranks)
				goto unknown;
			f = files - 1;
			s++;
		} else if (*s >= '0' && *s <= '9') {
			int n = 0;
			while (*s >= '0' && *s <= '9' && n <= 36)
				n = n * 10 + (*s++ - '0');
			f -= n;
			if (n == 0 || f < -1)
				goto unknown;
		} else {
			char tok[8];
			size_t len = 0, k;
			int upper = *s >= 'A' && *s <= 'Z';
			if (f < 0 || !(upper || (*s >= 'a' && *s <= 'z')))
				goto unknown; /* a '+' too: a promoted piece's name is not read here */
			tok[len++] = upper ? *s : (char)(*s - 'a' + 'A');
			s++;
			while (len < 4 && (*s == '\'' || *s == '!'))
				tok[len++] = *s++;
			tok[len] = 0;
			for (k = 0; k < in->npieces && strcmp(in->tokens[k], tok); k++)
				;
			if (k == in->npieces)
				goto unknown;
			b[rank * files + f] = (short)(upper ? 1 + (int)k : -1 - (int)k);
			f--;
		}
	}
	if (f != -1 || rank != ranks - 1)
		goto unknown;
	in->start_board = b;
	return;
unknown:
	free(b);
}

/* Reads the summary of in (libkifu checks the rest when it loads the file). */
static void summarize(struct input *in)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root;
	yaml_node_pair_t *p;

	if (!yaml_parser_initialize(&parser))
		fail("out of memory", in->path);
	yaml_parser_set_input_string(&parser, in->text, in->len);
	if (!yaml_parser_load(&parser, &doc))
		fail(parser.problem ? parser.problem : "not YAML", in->path);
	root = yaml_document_get_root_node(&doc);
	if (!root || root->type != YAML_MAPPING_NODE)
		fail("a variant file is a mapping", in->path);
	in->start_as_parent = 1;
	for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&doc, p->key);
		yaml_node_t *v = yaml_document_get_node(&doc, p->value);
		const char *key = k && k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : "";

		if (!strcmp(key, "board") || !strcmp(key, "start") || !strcmp(key, "starts"))
			in->start_as_parent = 0;
		if (!strcmp(key, "board"))
			board_of(&doc, v, in);
		else if (!strcmp(key, "pieces") && names_pieces(&doc, v))
			in->start_as_parent = 0;
		if (!strcmp(key, "start") && v && v->type == YAML_SCALAR_NODE)
			in->start = scalar_copy(v, in->path);
		else if (!strcmp(key, "pieces"))
			pieces_of(&doc, v, in);
		if (!strcmp(key, "name"))
			in->yaml_name = scalar_copy(v, in->path);
		else if (!strcmp(key, "title-ja"))
			in->title_ja = scalar_copy(v, in->path);
		else if (!strcmp(key, "inherit"))
			in->inherit = scalar_copy(v, in->path);
		else if (!strcmp(key, "starts") && v && v->type == YAML_MAPPING_NODE) {
			yaml_node_pair_t *sp;
			size_t n = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);

			in->has_starts = 1;
			in->starts = calloc(n ? n : 1, sizeof *in->starts);
			if (!in->starts)
				fail("out of memory", in->path);
			for (sp = v->data.mapping.pairs.start; sp < v->data.mapping.pairs.top; sp++)
				in->starts[in->nstarts++] =
					scalar_copy(yaml_document_get_node(&doc, sp->key), in->path);
		}
	}
	if (!in->inherit)
		in->start_as_parent = 0;
	start_board_of(in);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
}

/* A string of the summary, or NULL. */
static void write_opt(FILE *out, const char *s)
{
	if (s)
		write_literal(out, (const unsigned char *)s, strlen(s), "");
	else
		fputs("NULL", out);
}

static int by_name(const void *a, const void *b)
{
	const struct input *x = a;
	const struct input *y = b;

	return strcmp(x->name, y->name);
}

/* Writes s as a string literal with the escapes described above. */
static void write_literal(FILE *out, const unsigned char *s, size_t len,
			  const char *indent)
{
	size_t column = 0;
	size_t i;

	fprintf(out, "%s\"", indent);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (column >= LINE_WIDTH) {
			fprintf(out, "\"\n%s\"", indent);
			column = 0;
		}
		if (c == '"' || c == '\\' || c == '?') {
			fprintf(out, "\\%c", c);
			column += 2;
		} else if (c >= 0x20 && c < 0x7f) {
			fputc(c, out);
			column += 1;
		} else {
			fprintf(out, "\\%03o", c);
			column += 4;
		}
		if (c == '\n' && i + 1 < len) {
			fprintf(out, "\"\n%s\"", indent);
			column = 0;
		}
	}
	fputc('"', out);
}

/* Each file's parent among the files (an inherit that names no shipped
 * file is libkifu's to refuse) and the board it has: its own, else the
 * nearest ancestor's. */
static void resolve(struct input *in, size_t count)
{
	size_t i, k;
	int depth, at;

	for (i = 0; i < count; i++) {
		in[i].parent = -1;
		for (k = 0; in[i].inherit && k < count; k++)
			if (!strcmp(in[k].name, in[i].inherit))
				in[i].parent = (int)k;
	}
	for (i = 0; i < count; i++)
		for (at = (int)i, depth = 0; !in[i].files && at >= 0 && depth < 16; depth++) {
			at = in[at].parent;
			if (at >= 0) {
				in[i].files = in[at].files;
				in[i].ranks = in[at].ranks;
			}
		}
}

/* static const char *const WHAT_I[] = {s[0], ..., NULL}; */
static void write_strings(FILE *out, const char *what, size_t i, char *const *s, size_t n)
{
	size_t k;

	fprintf(out, "static const char *const %s_%zu[] = {", what, i);
	for (k = 0; k < n; k++) {
		write_opt(out, s[k]);
		fputs(",\n\t", out);
	}
	fputs("NULL};\n", out);
}

static void write_output(FILE *out, const struct input *in, size_t count)
{
	size_t i;

	size_t k;

	fputs("/* Generated by tools/gen/embed from the files in formats/variants."
	      " Do not edit. */\n"
	      "#include <stddef.h>\n\n"
	      "#include \"rules/builtin.h\"\n\n", out);
	for (i = 0; i < count; i++)
		if (in[i].has_starts)
			write_strings(out, "starts", i, in[i].starts, in[i].nstarts);
	for (i = 0; i < count; i++) {
		size_t n = (size_t)(in[i].files * in[i].ranks);
		if (!in[i].start_board)
			continue;
		write_strings(out, "start_names", i, in[i].piece_names, in[i].npieces);
		fprintf(out, "static const short start_board_%zu[] = {", i);
		for (k = 0; k < n; k++)
			fprintf(out, "%d,%s", in[i].start_board[k], k % 18 == 17 ? "\n\t" : " ");
		fputs("};\n", out);
	}
	fputs("\nconst struct kifu_builtin_file kifu__builtin_files[] = {\n", out);
	for (i = 0; i < count; i++) {
		fputs("\t{\"", out);
		fputs(in[i].name, out);
		fputs("\", ", out);
		write_literal(out, (const unsigned char *)in[i].path,
			      strlen(in[i].path), "");
		fputs(",\n", out);
		write_literal(out, in[i].text, in[i].len, "\t ");
		fprintf(out, ",\n\t %zu,\n\t ", in[i].len);
		write_opt(out, in[i].yaml_name);
		fputs(", ", out);
		write_opt(out, in[i].title_ja);
		fputs(", ", out);
		write_opt(out, in[i].inherit);
		if (in[i].has_starts)
			fprintf(out, ", starts_%zu", i);
		else
			fputs(", NULL", out);
		fprintf(out, ", %d, %d, %d, %d", in[i].files, in[i].ranks, in[i].parent, in[i].start_as_parent);
		if (in[i].start_board)
			fprintf(out, ", start_board_%zu, start_names_%zu},\n", i, i);
		else
			fputs(", NULL, NULL},\n", out);
	}
	/* ISO C has no empty initializer: keep one unused entry. */
	if (count == 0)
		fputs("\t{NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, 0, 0, -1, 0, NULL, NULL}\n", out);
	fprintf(out, "};\n\nconst size_t kifu__builtin_file_count = %zu;\n",
		count);
}

/* A name goes into the output unescaped, so it must be a plain word. */
static void check_name(const struct input *in)
{
	const char *p;

	if (in->name[0] == '\0')
		fail("empty variant name", in->path);
	for (p = in->name; *p; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			fail("a variant file's name may hold only letters,"
			     " digits, '-' and '_'", in->path);
	}
}

int main(int argc, char **argv)
{
	const char *out_path;
	char *tmp_path;
	struct input *in;
	size_t count, i;
	FILE *out;

	if (argc < 3 || strcmp(argv[1], "-o") != 0) {
		fprintf(stderr, "usage: %s -o OUT.c FILE.yaml...\n", program);
		return 2;
	}
	out_path = argv[2];
	count = (size_t)(argc - 3);
	in = calloc(count ? count : 1, sizeof *in);
	if (!in)
		fail("out of memory", out_path);
	for (i = 0; i < count; i++) {
		read_input(&in[i], argv[3 + i]);
		check_name(&in[i]);
		summarize(&in[i]);
	}
	qsort(in, count, sizeof *in, by_name);
	for (i = 1; i < count; i++)
		if (strcmp(in[i - 1].name, in[i].name) == 0)
			fail("two variant files of the same name", in[i].path);
	resolve(in, count);

	tmp_path = malloc(strlen(out_path) + 5);
	if (!tmp_path)
		fail("out of memory", out_path);
	strcpy(tmp_path, out_path);
	strcat(tmp_path, ".tmp");
	out = fopen(tmp_path, "w");
	if (!out)
		fail(strerror(errno), tmp_path);
	write_output(out, in, count);
	if (ferror(out)) {
		fclose(out);
		fail("write error", tmp_path);
	}
	if (fclose(out) != 0)
		fail(strerror(errno), tmp_path);
	if (rename(tmp_path, out_path) != 0)
		fail(strerror(errno), out_path);

	for (i = 0; i < count; i++) {
		size_t k;

		free(in[i].name);
		free(in[i].text);
		free(in[i].yaml_name);
		free(in[i].title_ja);
		free(in[i].inherit);
		for (k = 0; k < in[i].nstarts; k++)
			free(in[i].starts[k]);
		free(in[i].starts);
		for (k = 0; k < in[i].npieces; k++) {
			free(in[i].tokens[k]);
			free(in[i].piece_names[k]);
		}
		free(in[i].tokens);
		free(in[i].piece_names);
		free(in[i].start);
		free(in[i].start_board);
	}
	free(in);
	free(tmp_path);
	return 0;
}
