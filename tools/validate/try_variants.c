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
#include "lib/inputs.h"

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

static void print_text(const kifu_record *rec, const kifu_variant *v, const struct try_variants *t,
		       const struct verdict *out)
{
	char file[4 * KIFU_DIAG_FILE_MAX];
	cli_shown(file, sizeof file, kifu_record_file(rec));
	const long line = kifu_record_line(rec);
	int legal = 0;
	for (int i = 0; i < t->n; i++) {
		const char *name = kifu_variant_name(t->v[i]);
		const kifu_validation *r = &out[i].r;
		if (!out[i].comparable) {
			printf("%s:%ld: %s: not tried: its board or pieces are not those of %s\n", file, line, name,
			       kifu_variant_name(v));
		} else if (r->valid) {
			legal++;
			printf("%s:%ld: %s: valid, %ld plies\n", file, line, name, r->plies);
		} else if (r->fault.ply > 0) {
			printf("%s:%ld: %s: invalid at %ld:%ld: ply %ld: %s: %s\n", file, line, name, r->fault.line, r->fault.col,
			       r->fault.ply, r->fault.move, r->fault.reason);
		} else {
			printf("%s:%ld: %s: invalid at %ld:%ld: %s\n", file, line, name, r->fault.line, r->fault.col, r->fault.reason);
		}
	}
	printf("%s:%ld: legal under ", file, line);
	if (!legal)
		fputs("none of the readings", stdout);
	for (int i = 0, n = 0; i < t->n; i++)
		if (out[i].comparable && out[i].r.valid)
			printf("%s%s", n++ ? ", " : "", kifu_variant_name(t->v[i]));
	fputc('\n', stdout);
}

static void print_json(const kifu_record *rec, const kifu_variant *v, long index, const struct try_variants *t,
		       const struct verdict *out)
{
	fputs("{\"file\":", stdout);
	inputs_json_string(stdout, kifu_record_file(rec));
	printf(",\"record\":%ld,\"line\":%ld,\"variant\":", index, kifu_record_line(rec));
	inputs_json_string(stdout, kifu_variant_name(v));
	fputs(",\"readings\":[", stdout);
	for (int i = 0; i < t->n; i++) {
		const kifu_validation *r = &out[i].r;
		fputs(i ? ",{\"variant\":" : "{\"variant\":", stdout);
		inputs_json_string(stdout, kifu_variant_name(t->v[i]));
		if (!out[i].comparable) {
			fputs(",\"tried\":false,\"valid\":false,\"plies\":0,\"error\":null}", stdout);
			continue;
		}
		printf(",\"tried\":true,\"valid\":%s,\"plies\":%ld,\"error\":", r->valid ? "true" : "false", r->plies);
		if (r->valid) {
			fputs("null}", stdout);
			continue;
		}
		if (r->fault.ply > 0) {
			printf("{\"line\":%ld,\"col\":%ld,\"ply\":%ld,\"move\":", r->fault.line, r->fault.col, r->fault.ply);
			inputs_json_string(stdout, r->fault.move);
		} else {
			printf("{\"line\":%ld,\"col\":%ld,\"ply\":null,\"move\":null", r->fault.line, r->fault.col);
		}
		fputs(",\"reason\":", stdout);
		inputs_json_string(stdout, r->fault.reason);
		fputs("}}", stdout);
	}
	fputs("],\"legal_under\":[", stdout);
	for (int i = 0, n = 0; i < t->n; i++)
		if (out[i].comparable && out[i].r.valid) {
			if (n++)
				fputc(',', stdout);
			inputs_json_string(stdout, kifu_variant_name(t->v[i]));
		}
	fputs("]}\n", stdout);
}

int try_variants_record(struct try_variants *t, const kifu_record *rec, const kifu_variant *v, long index,
			int json, int main_line)
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
		print_json(rec, v, index, t, out);
	else if (!cli_quiet())
		print_text(rec, v, t, out);
	return legal ? CLI_OK : CLI_INVALID;
}
