/*
 * try_variants.c - kifu-validate --try-variants (try_variants.h).
 *
 * The question a historian asks of a record of a game whose rules are read
 * several ways (docs/rules.md, "Tenjiku Shogi"): under which readings is it
 * legal?  A reading is a variant whose board and pieces are the record's
 * variant's (the shipped tenjiku-*.yaml inherit tenjiku.yaml and change a
 * rule), so that the record's moves, read once, mean the same under each.
 */
#include "validate/try_variants.h"
#include "lib/cli.h"
#include "lib/escape.h"

#include <string.h>

static int add(struct try_variants *t, const kifu_variant *v)
{
	for (int i = 0; i < t->n; i++)
		if (t->v[i] == v)
			return 0;
	if (t->n == TRY_MAX) {
		cli_error("--try-variants: more than %d readings", TRY_MAX);
		return CLI_USAGE;
	}
	t->v[t->n] = v;
	t->pos[t->n] = NULL;
	t->n++;
	return 0;
}

int try_variants_parse(struct try_variants *t, const char *list, const kifu_variant *own)
{
	memset(t, 0, sizeof *t);
	const char *p = list;
	while (1) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char name[128];
		if (len == 0 || len >= sizeof name) {
			cli_error("--try-variants: expected variant names separated by commas, got '%s'", list);
			return CLI_USAGE;
		}
		memcpy(name, p, len);
		name[len] = 0;
		if (name[len - 1] == '*') {
			/* every shipped variant of that family, and the user's */
			size_t stem = len - 1;
			int found = 0;
			const char *const *names = kifu_variant_builtin_names();
			for (int i = 0; names[i]; i++) {
				const kifu_variant *v;
				if (strncmp(names[i], name, stem) != 0)
					continue;
				if (cli_variant_named(names[i], NULL, &v) || add(t, v))
					return CLI_USAGE;
				found++;
			}
			if (own && !strncmp(kifu_variant_name(own), name, stem)) {
				if (add(t, own))
					return CLI_USAGE;
				found++;
			}
			if (!found) {
				cli_error("--try-variants: no variant's name starts with '%.*s'", (int)stem, name);
				return CLI_USAGE;
			}
		} else {
			const kifu_variant *v;
			if (cli_variant_named(name, own, &v) || add(t, v))
				return CLI_USAGE;
		}
		if (!end)
			break;
		p = end + 1;
	}
	return 0;
}

void try_variants_free(struct try_variants *t)
{
	for (int i = 0; i < t->n; i++)
		kifu_position_free(t->pos[i]);
	t->n = 0;
}

/* May a record read as one of a play as one of b: the same board and the
 * same pieces, each with its SFEN token, in the same order? */
static int same_pieces(const kifu_variant *a, const kifu_variant *b)
{
	if (a == b)
		return 1;
	if (kifu_variant_files(a) != kifu_variant_files(b) || kifu_variant_ranks(a) != kifu_variant_ranks(b) ||
	    kifu_variant_piece_count(a) != kifu_variant_piece_count(b) ||
	    kifu_variant_has_drops(a) != kifu_variant_has_drops(b))
		return 0;
	for (int i = 0; i < kifu_variant_piece_count(a); i++) {
		kifu_piece_info x, y;
		if (kifu_variant_piece(a, i, &x) || kifu_variant_piece(b, i, &y) || strcmp(x.sfen, y.sfen) != 0)
			return 0;
	}
	return 1;
}

/* What one reading says of the record. */
struct verdict {
	int comparable; /* the reading's pieces are the record's variant's */
	kifu_validation r;
};

/* A line a reading and one with the readings under which the record is
 * legal; what the record holds (its file's name, a move as written, a
 * reason naming it) escaped, so that it cannot start a line. */
static void print_text(const kifu_record *rec, const kifu_variant *v, const struct try_variants *t,
		       const struct verdict *out)
{
	const long line = kifu_record_line(rec);
	int legal = 0;
	for (int i = 0; i < t->n; i++) {
		const kifu_validation *r = &out[i].r;
		const kifu_fault *e = &r->fault;
		escape_text_put(stdout, kifu_record_file(rec), 0);
		printf(":%ld: %s: ", line, kifu_variant_name(t->v[i]));
		if (!out[i].comparable) {
			printf("not tried: its board or pieces are not those of %s\n", kifu_variant_name(v));
			continue;
		}
		if (r->valid) {
			legal++;
			printf("valid, %ld plies\n", r->plies);
			continue;
		}
		printf("invalid at %ld:%ld: ", e->line, e->col);
		if (e->ply > 0) {
			printf("ply %ld: ", e->ply);
			escape_text_put(stdout, e->move, 0);
			fputs(": ", stdout);
		}
		escape_text_put(stdout, e->reason, 0);
		putchar('\n');
	}
	escape_text_put(stdout, kifu_record_file(rec), 0);
	printf(":%ld: legal under ", line);
	if (!legal)
		fputs("none of the readings", stdout);
	for (int i = 0, n = 0; i < t->n; i++)
		if (out[i].comparable && out[i].r.valid)
			printf("%s%s", n++ ? ", " : "", kifu_variant_name(t->v[i]));
	putchar('\n');
}

/* One object: the record, each reading's verdict, and legal_under. */
static void print_json(kifu_json_writer *w, const kifu_record *rec, const kifu_variant *v, long index,
		       const struct try_variants *t, const struct verdict *out)
{
	kifu_json_object(w);
	kifu_json_key(w, "file");
	kifu_json_string(w, kifu_record_file(rec));
	kifu_json_key(w, "record");
	kifu_json_int(w, index);
	kifu_json_key(w, "line");
	kifu_json_int(w, kifu_record_line(rec));
	kifu_json_key(w, "variant");
	kifu_json_string(w, kifu_variant_name(v));
	kifu_json_key(w, "readings");
	kifu_json_array(w);
	for (int i = 0; i < t->n; i++) {
		const kifu_validation *r = &out[i].r;
		const kifu_fault *e = &r->fault;
		const int tried = out[i].comparable;
		kifu_json_object(w);
		kifu_json_key(w, "variant");
		kifu_json_string(w, kifu_variant_name(t->v[i]));
		kifu_json_key(w, "tried");
		kifu_json_bool(w, tried);
		kifu_json_key(w, "valid");
		kifu_json_bool(w, tried && r->valid);
		kifu_json_key(w, "plies");
		kifu_json_int(w, tried ? r->plies : 0);
		kifu_json_key(w, "error");
		if (!tried || r->valid) {
			kifu_json_null(w);
		} else {
			kifu_json_object(w);
			kifu_json_key(w, "line");
			kifu_json_int(w, e->line);
			kifu_json_key(w, "col");
			kifu_json_int(w, e->col);
			validate_json_fault(w, e);
			kifu_json_object_end(w);
		}
		kifu_json_object_end(w);
	}
	kifu_json_array_end(w);
	kifu_json_key(w, "legal_under");
	kifu_json_array(w);
	for (int i = 0; i < t->n; i++)
		if (out[i].comparable && out[i].r.valid)
			kifu_json_string(w, kifu_variant_name(t->v[i]));
	kifu_json_array_end(w);
	kifu_json_object_end(w);
	kifu_json_writer_end(w);
}

int try_variants_record(struct try_variants *t, const kifu_record *rec, const kifu_variant *v, long index,
			kifu_json_writer *json, int main_line)
{
	struct verdict out[TRY_MAX];
	int legal = 0;
	t->records++;
	for (int i = 0; i < t->n; i++) {
		memset(&out[i], 0, sizeof out[i]);
		out[i].comparable = same_pieces(v, t->v[i]);
		if (!out[i].comparable)
			continue;
		kifu_validate_options opt = KIFU_VALIDATE_OPTIONS_INIT;
		opt.main_line_only = main_line;
		opt.namer = kifu_notation_square_namer(kifu_record_notation(rec));
		if (kifu_position_for(&t->pos[i], t->v[i]) || kifu_validate(rec, t->pos[i], &opt, &out[i].r)) {
			cli_error("out of memory");
			return CLI_USAGE;
		}
		legal += out[i].r.valid;
	}
	if (!legal)
		t->unmatched++;
	if (json)
		print_json(json, rec, v, index, t, out);
	else if (!cli_quiet())
		print_text(rec, v, t, out);
	return legal ? CLI_OK : CLI_INVALID;
}

void validate_json_fault(kifu_json_writer *w, const kifu_fault *f)
{
	kifu_json_key(w, "ply");
	if (f->ply > 0)
		kifu_json_int(w, f->ply);
	else
		kifu_json_null(w);
	kifu_json_key(w, "move");
	kifu_json_string(w, f->ply > 0 ? f->move : NULL);
	kifu_json_key(w, "reason");
	kifu_json_string(w, f->reason);
}
