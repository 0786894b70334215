/*
 * kifu-diff - where two records differ.
 *
 *     kifu-diff [-v VARIANT] [--variant-file FILE] [--format=text|json] [--all]
 *               [--annotations] [--key TAG] [-q] A B
 *
 * Reads A and B (any notations) and compares record 1 with record 1,
 * record 2 with record 2, and so on, or with --key the records with the
 * same value of a tag: the headers (variant, tags, the comment and
 * bookmark before the first move), the moves as parsed (not as written, so
 * a KIF record and its compact conversion are the same), the first ply
 * whose moves differ (--all: every one) and whether the positions after it
 * are the same, the ending, the positions after the last moves (the same
 * after other moves: a transposition), and with --annotations the comments,
 * times and bookmarks.  The differences are the output, on stdout.  Exit 0
 * if every pair is the same, 1 if any differs (a record count mismatch
 * too), 2 on a usage or I/O error.
 */
#include "lib/cli.h"
#include "diff/diff_records.h"
#include "lib/inputs.h"
#include "lib/output.h"
#include "lib/progress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

enum { OPT_FORMAT = CLI_OPT_FIRST_FREE, OPT_ALL, OPT_ANNOTATIONS, OPT_KEY };

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-v VARIANT] [--variant-file FILE] [--from NOTATION]\n"
		"       [--format=text|json] [--all] [--annotations] [--key TAG] [-q] A B\n"
		"Compare the records of A and B, record by record.\n"
		"\n",
		cli_program());
	cli_common_help(f, 22);
	fprintf(f,
		"      --format=FMT      text (default): one line per difference;\n"
		"                        json: one object per record pair\n"
		"      --all             every ply whose moves differ, not only the first\n"
		"      --annotations     compare comments, times and bookmarks too\n"
		"      --key TAG         pair the records with the same value of TAG\n"
		"                        (event, date, ...), not record 1 with record 1\n"

		"  -h, --help            print this help and exit\n"
		"      --version         print the version and exit\n"
		"\n"
		"A or B may be '-' for standard input (not both).\n"
		"Exit status: 0 same, 1 different, 2 usage or I/O error.\n");
}

/* One side of the comparison: a file read record by record. */
struct side {
	const char *path;
	FILE *in;
	kifu_reader *reader;
	kifu_stream *stream;
	kifu_record *rec;
	kifu_position *pos;
	int done;
};

static int side_open(struct side *s, const char *path, struct inputs_variants *vars)
{
	s->path = path;
	if (!strcmp(path, "-")) {
		s->in = stdin;
	} else if (!(s->in = fopen(path, "rb"))) {
		cli_error("%s: cannot open: %s", path, strerror(errno));
		return CLI_USAGE;
	}
	if (inputs_stream_open(s->in, path, vars, &s->reader, &s->stream))
		return CLI_USAGE;
	if (kifu_record_new(&s->rec)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	return CLI_OK;
}

static void side_close(struct side *s)
{
	inputs_stream_close(s->reader, s->stream);
	kifu_record_free(s->rec);
	kifu_position_free(s->pos);
	if (s->in && s->in != stdin)
		fclose(s->in);
}

/* Reads the side's next record.  Returns 1 (a record, *v set, possibly
 * NULL), 0 at the end, 2 for a record lost to an over-long line (reported),
 * -CLI_INVALID for an input in no notation (reported), or -CLI_USAGE for an
 * I/O error (reported). */
static int side_next(struct side *s, const kifu_variant **v)
{
	kifu_diag diag;
	if (s->done)
		return 0;
	kifu_diag_clear(&diag);
	int rc = kifu_stream_next(s->stream, s->rec, v, &diag);
	if (rc == 1) {
		progress_record(kifu_record_move_count(s->rec));
		return 1;
	}
	if (rc == 0) {
		s->done = 1;
		return 0;
	}
	if (rc == KIFU_ELIMIT || rc == KIFU_EFORMAT) {
		cli_record_diag(&diag);
		if (rc == KIFU_ELIMIT)
			return 2;
		s->done = 1;
		return -CLI_INVALID;
	}
	cli_diag(&diag);
	s->done = 1;
	return -CLI_USAGE;
}

/* A position for the side's variant, made when the variant changes. */
static kifu_position *side_position(struct side *s, const kifu_variant *v)
{
	return kifu_position_for(&s->pos, v) ? NULL : s->pos;
}

/* Says on stderr why a record could not be read; returns 1 if it could not. */
static int report_read_error(const kifu_record *rec, const kifu_variant *v)
{
	long ply = 0, line = kifu_record_line(rec), col = 0;
	const char *move = NULL;
	const char *err = kifu_record_error(rec, &ply, &line, &col, &move);
	if (!err && v)
		return 0;
	kifu_diag d;
	if (err && ply > 0)
		kifu_diag_set(&d, KIFU_ESYNTAX, kifu_record_file(rec), line, col, "ply %ld: %s: %s",
			      ply, move ? move : "", err);
	else
		kifu_diag_set(&d, KIFU_ESYNTAX, kifu_record_file(rec), line, col, "%s",
			      err ? err : "unknown variant");
	cli_record_diag(&d);
	return 1;
}

/* What the comparison of one pair needs besides the records. */
struct diff_run {
	int json, quiet;
	kifu_json_writer *w; /* --format=json: stdout's */
	struct diff_options opt;
	const char *key;    /* --key TAG, or NULL */
};

/* One record to compare: read (rc 1, with its variant), lost to an
 * over-long line (rc 2: rec NULL, reported), or missing (rc 0). */
struct item {
	int rc;
	kifu_record *rec;
	const kifu_variant *v;
};

/* The comparison's view of one side's item, with a position for its
 * variant.  -1 when out of memory (said). */
static int side_of(struct side *s, const struct item *it, struct diff_side *d)
{
	*d = (struct diff_side){s->path, it->rc == 1 ? it->rec : NULL, it->v, NULL, 0};
	if (d->rec)
		d->broken = report_read_error(d->rec, d->v);
	if (d->rec && d->v && !(d->pos = side_position(s, d->v))) {
		cli_error("out of memory");
		return -1;
	}
	return 0;
}

/* Compares one pair and prints the differences.  CLI_OK same, CLI_INVALID
 * different, CLI_USAGE out of memory. */
static int compare(const struct diff_run *run, struct side *a, const struct item *ia, struct side *b,
		   const struct item *ib, const struct diff_name *name)
{
	struct diff_side da, db;
	struct diff_result r;
	if (side_of(a, ia, &da) || side_of(b, ib, &db))
		return CLI_USAGE;
	if (diff_records(&r, &da, &db, ia->rc == 0, ib->rc == 0, &run->opt)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (run->json)
		diff_print_json(run->w, &r, name, &run->opt);
	else if (!run->quiet)
		diff_print_text(stdout, &r, name);
	int same = r.same;
	diff_result_free(&r);
	return same ? CLI_OK : CLI_INVALID;
}

/* Reads the side's next record into it (it->rec is the side's).  Returns
 * it->rc, or -CLI_INVALID / -CLI_USAGE as side_next. */
static int next_item(struct side *s, struct item *it)
{
	it->v = NULL;
	it->rec = s->rec;
	it->rc = side_next(s, &it->v);
	return it->rc;
}

/* Record 1 with record 1, record 2 with record 2, ... */
static int pair_in_order(const struct diff_run *run, struct side *a, struct side *b)
{
	int status = CLI_OK;
	for (long index = 1;; index++) {
		struct item ia, ib;
		int ra = next_item(a, &ia), rb = next_item(b, &ib);
		if (ra == -CLI_USAGE || rb == -CLI_USAGE)
			return CLI_USAGE;
		/* an input in no notation: said, and it has no (more) records */
		if (ra == -CLI_INVALID || rb == -CLI_INVALID) {
			status = CLI_INVALID;
			ia.rc = ra < 0 ? 0 : ra;
			ib.rc = rb < 0 ? 0 : rb;
		}
		if (ia.rc == 0 && ib.rc == 0)
			return status;
		const struct diff_name name = {index, 0, NULL, NULL};
		int st = compare(run, a, &ia, b, &ib, &name);
		if (st > status)
			status = st;
		if (status == CLI_USAGE)
			return status;
	}
}

/* --key: B's records, all read first, found by their key's value. */
struct keyed {
	struct item *items;
	long n, cap;
	char *used;        /* used[i]: B's record i was paired */
};

static void keyed_free(struct keyed *k)
{
	for (long i = 0; i < k->n; i++)
		kifu_record_free(k->items[i].rec);
	free(k->items);
	free(k->used);
}

/* Reads every record of B, each into a record of its own.  CLI_OK, or as
 * side_next's failures. */
static int read_all(struct side *b, struct keyed *k, int *status)
{
	for (;;) {
		if (k->n == k->cap) {
			long cap = k->cap ? k->cap * 2 : 64;
			struct item *items = realloc(k->items, (size_t)cap * sizeof *items);
			char *used = realloc(k->used, (size_t)cap);
			if (items)
				k->items = items;
			if (used)
				k->used = used;
			if (!items || !used) {
				cli_error("out of memory");
				return CLI_USAGE;
			}
			k->cap = cap;
		}
		struct item *it = &k->items[k->n];
		if (kifu_record_new(&it->rec)) {
			cli_error("out of memory");
			return CLI_USAGE;
		}
		kifu_record *mine = b->rec;
		b->rec = it->rec;
		int rc = side_next(b, &it->v);
		b->rec = mine;
		it->rc = rc;
		if (rc <= 0) {
			kifu_record_free(it->rec);
			if (rc == -CLI_INVALID)
				*status = CLI_INVALID;
			return rc == -CLI_USAGE ? CLI_USAGE : CLI_OK;
		}
		k->used[k->n++] = 0;
	}
}

/* The key's value in a record ("" for a record lost to a long line);
 * NULL when it has no such tag. */
static const char *key_value(const struct item *it, const char *key)
{
	return it->rc == 1 ? kifu_record_tag(it->rec, key) : NULL;
}

/* B's first record not yet paired with the same value (NULL: none), or -1. */
static long find_keyed(const struct keyed *k, const char *key, const char *value)
{
	for (long i = 0; i < k->n; i++) {
		const char *v = key_value(&k->items[i], key);
		if (!k->used[i] && ((!v && !value) || (v && value && !strcmp(v, value))))
			return i;
	}
	return -1;
}

/* Each record of A with B's first not yet paired with the same value of
 * the key; then B's left over. */
static int pair_by_key(const struct diff_run *run, struct side *a, struct side *b)
{
	struct keyed k = {NULL, 0, 0, NULL};
	int status = CLI_OK;
	int st = read_all(b, &k, &status);
	const struct item none = {0, NULL, NULL};
	for (long index = 1; st < CLI_USAGE; index++) {
		struct item ia;
		int ra = next_item(a, &ia);
		if (ra < 0)
			st = ra == -CLI_USAGE ? CLI_USAGE : CLI_INVALID;
		if (ra <= 0)
			break;
		const char *value = key_value(&ia, run->key);
		long j = find_keyed(&k, run->key, value);
		const struct diff_name name = {index, j + 1, run->key, value};
		if (j >= 0)
			k.used[j] = 1;
		int c = compare(run, a, &ia, b, j >= 0 ? &k.items[j] : &none, &name);
		if (c > status)
			status = c;
		if (c == CLI_USAGE)
			st = c;
	}
	for (long j = 0; st < CLI_USAGE && j < k.n; j++) {
		if (k.used[j])
			continue;
		const struct diff_name name = {0, j + 1, run->key, key_value(&k.items[j], run->key)};
		int c = compare(run, a, &none, b, &k.items[j], &name);
		if (c > status)
			status = c;
		if (c == CLI_USAGE)
			st = c;
	}
	keyed_free(&k);
	return st > status ? st : status;
}

int main(int argc, char *argv[])
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{"all", no_argument, NULL, OPT_ALL},
		{"annotations", no_argument, NULL, OPT_ANNOTATIONS},
		{"key", required_argument, NULL, OPT_KEY},
		{NULL, 0, NULL, 0}
	};
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	struct diff_run run = {0, 0, NULL, {0, 0}, NULL};
	int opt;

	cli_set_program(argv[0]);
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, options, NULL)) != -1) {
		if (cli_variant_option(&choice, opt, optarg))
			continue;
		switch (opt) {
		case 'h': usage(stdout); return cli_stdout_done();
		case CLI_OPT_VERSION: return cli_version();
		case OPT_ALL: run.opt.all = 1; break;
		case OPT_ANNOTATIONS: run.opt.annotations = 1; break;
		case OPT_KEY: run.key = optarg; break;
		case OPT_FORMAT: {
			static const char *const formats[] = {"text", "json"};
			if ((run.json = cli_choice("format", optarg, formats, 2, 2)) < 0)
				return CLI_USAGE;
			break;
		}
		default: return cli_option_error(opt, argv);
		}
	}
	run.quiet = cli_quiet();
	if (argc - optind != 2) {
		cli_error("give two files to compare (A B)");
		return cli_usage_error();
	}
	if (!strcmp(argv[optind], "-") && !strcmp(argv[optind + 1], "-")) {
		cli_error("only one of A and B can be standard input");
		return cli_usage_error();
	}

	struct inputs_variants vars;
	if (inputs_variants_choose(&vars, &choice))
		return CLI_USAGE;

	struct side a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	int status = side_open(&a, argv[optind], &vars);
	if (status == CLI_OK)
		status = side_open(&b, argv[optind + 1], &vars);
	output out;
	if (status == CLI_OK && output_open(&out, NULL) == CLI_OK) {
		if (run.json && kifu_json_writer_new(&run.w, out.f, 0)) {
			cli_error("out of memory");
			status = CLI_USAGE;
		} else {
			status = run.key ? pair_by_key(&run, &a, &b) : pair_in_order(&run, &a, &b);
		}
		progress_done();
		if (run.w && kifu_json_writer_failure(run.w) == KIFU_EINVAL) {
			cli_error("the JSON output is not whole (a bug of kifu-diff's)");
			status = CLI_USAGE;
		}
		if (output_close(&out, 1) && status < CLI_USAGE)
			status = CLI_USAGE;
		kifu_json_writer_free(run.w);
	} else if (status == CLI_OK) {
		status = CLI_USAGE;
	}
	side_close(&a);
	side_close(&b);
	inputs_variants_free(&vars);
	return status;
}
