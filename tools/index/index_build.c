/*
 * index_build.c - kifu-index build and add (index_build.h).
 *
 * Each record is validated as kifu-validate validates it; an invalid one
 * is reported as kifu-validate reports it and left out.  A valid one goes
 * into the records table as it is read (its text in the compact notation),
 * and the keys of the positions of its main line (each once) into a buffer
 * of entries.  The buffer is the cache: when it is full it is sorted and
 * written to a temporary file (a run); at the end the runs are merged, and
 * the entries inserted in key order, so that the B-tree is filled page
 * after page (pages full, no page split in the middle of the table) and
 * the memory taken is the cache, whatever the input.
 */
#include "index/index_build.h"
#include "lib/cli.h"
#include "lib/output.h"

#include <stdlib.h>
#include <string.h>

/* An entry: a key of a table (0 positions, 1 boards) and a record. */
struct entry {
	int64_t key;
	uint32_t record;
	uint32_t table;
};

static int entry_cmp(const struct entry *a, const struct entry *b)
{
	if (a->table != b->table)
		return a->table < b->table ? -1 : 1;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->record > b->record) - (a->record < b->record);
}

/* Sorts e[0..n) by table and key, keeping the order of equal ones (a
 * record's entries come after those of the records before it, so that
 * each key's records stay in order): a least-significant-digit radix sort
 * of the key (its sign bit flipped: SQLite orders keys as signed) then the
 * table, 8 bits a pass, between e and tmp, with every pass's counts made
 * in one read; a pass whose digit is the same in every entry is skipped.
 * qsort took a third of the build.  The sorted entries end in e. */
#define RADIX_BITS 8
#define RADIX (1 << RADIX_BITS)
#define PASSES 9 /* eight of the key's 64 bits, one of the table */
static unsigned digit(const struct entry *x, int pass)
{
	if (pass == PASSES - 1)
		return x->table;
	return (unsigned)((((uint64_t)x->key ^ (1ull << 63)) >> (pass * RADIX_BITS)) & (RADIX - 1));
}

static void sort_entries(struct entry *e, struct entry *tmp, size_t n)
{
	static size_t count[PASSES][RADIX];
	memset(count, 0, sizeof count);
	for (size_t i = 0; i < n; i++)
		for (int p = 0; p < PASSES; p++)
			count[p][digit(&e[i], p)]++;
	struct entry *from = e, *to = tmp;
	for (int p = 0; p < PASSES; p++) {
		size_t at = 0;
		int skip = 0;
		for (int d = 0; d < RADIX; d++) {
			size_t c = count[p][d];
			skip |= c == n;
			count[p][d] = at;
			at += c;
		}
		if (skip)
			continue;
		for (size_t i = 0; i < n; i++)
			to[count[p][digit(&from[i], p)]++] = from[i];
		struct entry *t = from;
		from = to;
		to = t;
	}
	if (from != e)
		memcpy(e, from, n * sizeof *e);
}

/* Runs merged at once: the rest are merged in passes. */
#define FAN_IN 64
/* Entries read from a run at a time (64 KiB). */
#define RUN_BUF 4096
/* Rows an INSERT statement makes at once. */
#define INSERT_BATCH 64

struct run {
	FILE *f;
	struct entry buf[RUN_BUF];
	size_t n, at;
};

struct build {
	const char *path;       /* the index named on the command line */
	sqlite3 *db;
	int boards;
	/* the cache: entries, and as many for sorting them */
	struct entry *entries, *sorting;
	size_t nentries, cap;
	FILE **runs;
	int nruns;
	/* statements */
	sqlite3_stmt *ins_source, *ins_variant, *ins_record, *ins_position, *ins_board;
	sqlite3_stmt *ins_positions, *ins_boards; /* INSERT_BATCH rows */
	struct entry pending[INSERT_BATCH];
	int npending, pending_table;
	/* where the next rows go */
	int64_t next_record, next_source, source;
	long file_serial, source_serial; /* the input being read; the one with a source row */
	const kifu_variant **variants;   /* by id - 1 */
	int nvariants;
	/* per record, kept from record to record */
	kifu_position *pos, *scratch;
	int64_t *keys;
	uint64_t *hashes;
	long nkeys, capkeys;
	struct index_board board;
	FILE *text;
	char *text_buf;
	size_t text_size;
	/* the summary */
	long records, left_out;
	long long positions;
	int failed;
};

/* --- runs ------------------------------------------------------------------------ */

/* Writes the sorted cache as a run. */
static int spill(struct build *b)
{
	sort_entries(b->entries, b->sorting, b->nentries);
	FILE **runs = realloc(b->runs, (size_t)(b->nruns + 1) * sizeof *runs);
	if (!runs) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	b->runs = runs;
	FILE *f = tmpfile();
	if (!f || fwrite(b->entries, sizeof *b->entries, b->nentries, f) != b->nentries || fflush(f)) {
		cli_error("%s: cannot write a temporary file (TMPDIR)", b->path);
		if (f)
			fclose(f);
		return CLI_USAGE;
	}
	runs[b->nruns++] = f;
	b->nentries = 0;
	return CLI_OK;
}

static int add_entry(struct build *b, int table, int64_t key, int64_t record)
{
	if (b->nentries == b->cap && spill(b))
		return CLI_USAGE;
	struct entry *e = &b->entries[b->nentries++];
	e->key = key;
	e->record = (uint32_t)record;
	e->table = (uint32_t)table;
	return CLI_OK;
}

static int run_fill(struct run *r)
{
	r->n = fread(r->buf, sizeof r->buf[0], RUN_BUF, r->f);
	r->at = 0;
	return r->n > 0;
}

/* The merge's heap of runs, by their next entry. */
static void sift_down(struct run **h, int n, int i)
{
	for (;;) {
		int m = i, l = 2 * i + 1, r = l + 1;
		if (l < n && entry_cmp(&h[l]->buf[h[l]->at], &h[m]->buf[h[m]->at]) < 0)
			m = l;
		if (r < n && entry_cmp(&h[r]->buf[h[r]->at], &h[m]->buf[h[m]->at]) < 0)
			m = r;
		if (m == i)
			return;
		struct run *t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* The entries waiting to be inserted, INSERT_BATCH rows a statement
 * (a statement a row cost half as much again). */
static int insert_pending(struct build *b)
{
	sqlite3_stmt *batch = b->pending_table ? b->ins_boards : b->ins_positions;
	sqlite3_stmt *one = b->pending_table ? b->ins_board : b->ins_position;
	sqlite3_stmt *st = b->npending == INSERT_BATCH ? batch : one;
	for (int i = 0; i < b->npending; i++) {
		int col = st == batch ? 2 * i + 1 : 1;
		sqlite3_bind_int64(st, col, b->pending[i].key);
		sqlite3_bind_int64(st, col + 1, (int64_t)b->pending[i].record);
		if (st == one || i == b->npending - 1) {
			int rc = sqlite3_step(st);
			sqlite3_reset(st);
			if (rc != SQLITE_DONE)
				return index_sql_error(b->db, b->path, "cannot write its positions");
		}
	}
	b->npending = 0;
	return CLI_OK;
}

/* Inserts one entry into its table (NULL: the last, the ones waiting). */
static int insert_entry(struct build *b, const struct entry *e)
{
	if (b->npending && (!e || (int)e->table != b->pending_table) && insert_pending(b))
		return CLI_USAGE;
	if (!e)
		return CLI_OK;
	b->pending_table = (int)e->table;
	b->pending[b->npending++] = *e;
	return b->npending == INSERT_BATCH ? insert_pending(b) : CLI_OK;
}

/* Merges runs[0..n) into the file out, or into the tables when out is
 * NULL.  Closes the runs. */
static int merge_runs(struct build *b, FILE **files, int n, FILE *out)
{
	struct run *runs = malloc((size_t)n * sizeof *runs);
	struct run **heap = malloc((size_t)n * sizeof *heap);
	int status = CLI_OK, h = 0;
	if (!runs || !heap) {
		cli_error("out of memory");
		status = CLI_USAGE;
	}
	for (int i = 0; status == CLI_OK && i < n; i++) {
		runs[i].f = files[i];
		rewind(files[i]);
		if (run_fill(&runs[i]))
			heap[h++] = &runs[i];
	}
	for (int i = h / 2 - 1; i >= 0; i--)
		sift_down(heap, h, i);
	struct entry last = {0, 0, 2};
	while (status == CLI_OK && h > 0) {
		struct run *r = heap[0];
		const struct entry *e = &r->buf[r->at];
		if (entry_cmp(e, &last) != 0) { /* the same entry twice: once */
			if (out)
				status = fwrite(e, sizeof *e, 1, out) == 1 ? CLI_OK : CLI_USAGE;
			else
				status = insert_entry(b, e);
			last = *e;
		}
		if (++r->at == r->n && !run_fill(r))
			heap[0] = heap[--h];
		sift_down(heap, h, 0);
	}
	for (int i = 0; i < n; i++)
		if (ferror(files[i]))
			status = CLI_USAGE;
	if (status && !out)
		; /* said by insert_entry */
	else if (status || (out && fflush(out)))
		cli_error("%s: cannot write a temporary file (TMPDIR)", b->path), status = CLI_USAGE;
	for (int i = 0; i < n; i++)
		fclose(files[i]);
	free(runs);
	free(heap);
	return status;
}

/* The cache and every run, merged into the tables. */
static int flush_entries(struct build *b)
{
	if (!b->nruns) {
		sort_entries(b->entries, b->sorting, b->nentries);
		for (size_t i = 0; i < b->nentries; i++)
			if ((i == 0 || entry_cmp(&b->entries[i - 1], &b->entries[i])) &&
			    insert_entry(b, &b->entries[i]))
				return CLI_USAGE;
		b->nentries = 0;
		return insert_entry(b, NULL);
	}
	if (b->nentries && spill(b))
		return CLI_USAGE;
	while (b->nruns > FAN_IN) {
		FILE *out = tmpfile();
		if (!out) {
			cli_error("%s: cannot write a temporary file (TMPDIR)", b->path);
			return CLI_USAGE;
		}
		int rc = merge_runs(b, b->runs, FAN_IN, out);
		memmove(b->runs, b->runs + FAN_IN, (size_t)(b->nruns - FAN_IN) * sizeof *b->runs);
		b->nruns -= FAN_IN;
		b->runs[b->nruns++] = out;
		if (rc)
			return rc;
	}
	int rc = merge_runs(b, b->runs, b->nruns, NULL);
	b->nruns = 0;
	return rc ? rc : insert_entry(b, NULL);
}

/* --- records ---------------------------------------------------------------------- */

static int step_done(struct build *b, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE ? CLI_OK : index_sql_error(b->db, b->path, what);
}

/* The id of v's row, made when it is the first record of v. */
static int variant_id(struct build *b, const kifu_variant *v, int64_t *id)
{
	for (int i = 0; i < b->nvariants; i++)
		if (b->variants[i] == v) {
			*id = i + 1;
			return CLI_OK;
		}
	const kifu_variant **vs = realloc(b->variants, (size_t)(b->nvariants + 1) * sizeof *vs);
	if (!vs) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	b->variants = vs;
	vs[b->nvariants++] = v;
	*id = b->nvariants;
	sqlite3_bind_int64(b->ins_variant, 1, *id);
	sqlite3_bind_text(b->ins_variant, 2, kifu_variant_name(v), -1, SQLITE_STATIC);
	sqlite3_bind_int(b->ins_variant, 3, kifu_variant_files(v));
	sqlite3_bind_int(b->ins_variant, 4, kifu_variant_ranks(v));
	return step_done(b, b->ins_variant, "cannot write its variants");
}

static int push_key(struct build *b, kifu_position *pos)
{
	if (b->nkeys == b->capkeys) {
		long cap = b->capkeys ? 2 * b->capkeys : 512;
		int64_t *k = realloc(b->keys, (size_t)cap * sizeof *k);
		if (k)
			b->keys = k;
		uint64_t *h = b->boards ? realloc(b->hashes, (size_t)cap * sizeof *h) : NULL;
		if (h)
			b->hashes = h;
		if (!k || (b->boards && !h))
			return KIFU_ENOMEM;
		b->capkeys = cap;
	}
	b->keys[b->nkeys] = index_position_key(pos, &b->scratch);
	if (b->boards)
		b->hashes[b->nkeys] = b->board.hash;
	b->nkeys++;
	return 0;
}

static int on_begin(void *ctx, kifu_position *pos, int line)
{
	struct build *b = ctx;
	(void)line;
	b->nkeys = 0;
	if (b->boards)
		index_board_set(&b->board, pos);
	return push_key(b, pos);
}

static int on_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct build *b = ctx;
	if (b->boards)
		index_board_move(&b->board, pos, &step->move->move);
	return push_key(b, pos);
}

/* The record's entries (a key it reaches twice is twice: the merge keeps
 * one, as sorting puts them side by side). */
static int add_keys(struct build *b, int table, const int64_t *keys, long n, int64_t id)
{
	for (long i = 0; i < n; i++)
		if ((i == 0 || keys[i] != keys[i - 1]) && add_entry(b, table, keys[i], id))
			return CLI_USAGE;
	return CLI_OK;
}

/* Says why a record is left out, as kifu-validate would. */
static void left_out(struct build *b, const kifu_record *rec, const kifu_validation *val,
		     const char *why)
{
	b->left_out++;
	if (val) {
		inputs_report_invalid(rec, val);
		return;
	}
	long ply = 0, line = 0, col = 0;
	const char *msg = kifu_record_error(rec, &ply, &line, &col, NULL);
	kifu_diag d;
	kifu_diag_set(&d, 0, kifu_record_file(rec), line ? line : kifu_record_line(rec), col, "%s",
		      why ? why : msg ? msg : "no variant");
	cli_record_diag(&d);
}

static int result_and_text(struct build *b, const kifu_record *rec, const kifu_variant *v,
			   const char **text, size_t *len, kifu_diag *d)
{
	rewind(b->text);
	int rc = kifu_compact_write(b->text, rec, v, d);
	if (rc == KIFU_EIO || fflush(b->text)) {
		cli_error("out of memory");
		return KIFU_ENOMEM;
	}
	if (rc)
		return rc;
	long n = ftell(b->text);
	*text = b->text_buf;
	*len = n > 0 ? (size_t)n - 1 : 0; /* without its line end */
	return 0;
}

static int insert_record(struct build *b, const kifu_record *rec, const kifu_variant *v, long index,
			 const kifu_validation *val, const char *text, size_t len, int64_t *id)
{
	if (b->source_serial != b->file_serial) {
		b->source = b->next_source++;
		sqlite3_bind_int64(b->ins_source, 1, b->source);
		sqlite3_bind_text(b->ins_source, 2, kifu_record_file(rec), -1, SQLITE_TRANSIENT);
		if (step_done(b, b->ins_source, "cannot write its sources"))
			return CLI_USAGE;
		b->source_serial = b->file_serial;
	}
	int64_t vid;
	if (variant_id(b, v, &vid))
		return CLI_USAGE;
	sqlite3_stmt *st = b->ins_record;
	*id = b->next_record++;
	static const char *const results[] = {NULL, "sente", "gote", "draw"};
	const char *ending = kifu_record_ending(rec);
	int col = 1;
	sqlite3_bind_int64(st, col++, *id);
	sqlite3_bind_int64(st, col++, b->source);
	sqlite3_bind_int64(st, col++, index);
	sqlite3_bind_int64(st, col++, kifu_record_line(rec));
	sqlite3_bind_int64(st, col++, vid);
	sqlite3_bind_text(st, col++, kifu_record_notation(rec), -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, col++, val->plies);
	if (results[val->outcome.winner])
		sqlite3_bind_text(st, col, results[val->outcome.winner], -1, SQLITE_STATIC);
	col++;
	if (ending[0])
		sqlite3_bind_text(st, col, ending, -1, SQLITE_STATIC);
	col++;
	for (int i = 0; i < kifu_tag_count(); i++, col++) {
		const char *value = kifu_record_tag(rec, kifu_tag_at(i)->key);
		if (value)
			sqlite3_bind_text(st, col, value, -1, SQLITE_STATIC);
	}
	sqlite3_bind_text(st, col, text, (int)len, SQLITE_STATIC);
	return step_done(b, st, "cannot write a record");
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct build *b = ctx;
	if (b->failed)
		return CLI_USAGE;
	if (index == 1)
		b->file_serial++;
	b->records++;
	if (!v) {
		left_out(b, rec, NULL, NULL);
		return CLI_OK;
	}
	if (kifu_position_for(&b->pos, v)) {
		cli_error("out of memory");
		return b->failed = CLI_USAGE;
	}
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.namer = kifu_notation_square_namer(kifu_record_notation(rec));
	opt.variation_begin = on_begin;
	opt.after = on_move;
	opt.ctx = b;
	kifu_validation val;
	int rc = kifu_play(rec, b->pos, &opt, &val);
	if (rc == 0 && val.valid && kifu_record_line_count(rec) > 1) {
		/* its variations too, as kifu-validate checks them */
		kifu_validate_options vopt = KIFU_VALIDATE_OPTIONS_INIT;
		vopt.namer = opt.namer;
		long plies = val.plies;
		kifu_game_outcome outcome = val.outcome;
		rc = kifu_validate(rec, b->pos, &vopt, &val);
		val.plies = plies;
		val.outcome = outcome;
	}
	if (rc) {
		cli_error("out of memory");
		return b->failed = CLI_USAGE;
	}
	if (!val.valid) {
		left_out(b, rec, &val, NULL);
		return CLI_OK;
	}
	const char *text;
	size_t len;
	kifu_diag d;
	kifu_diag_clear(&d);
	rc = result_and_text(b, rec, v, &text, &len, &d);
	if (rc == KIFU_ENOMEM)
		return b->failed = CLI_USAGE;
	if (rc) {
		left_out(b, rec, NULL, d.message);
		return CLI_OK;
	}
	int64_t id;
	if (insert_record(b, rec, v, index, &val, text, len, &id) ||
	    add_keys(b, 0, b->keys, b->nkeys, id) ||
	    (b->boards && add_keys(b, 1, (const int64_t *)b->hashes, b->nkeys, id)))
		return b->failed = CLI_USAGE;
	b->positions += b->nkeys;
	return CLI_OK;
}

/* --- the run ------------------------------------------------------------------------ */

static int prepare(struct build *b)
{
	char sql[2048];
	int n = snprintf(sql, sizeof sql, "INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?");
	for (int i = 0; i < kifu_tag_count(); i++)
		n += snprintf(sql + n, sizeof sql - (size_t)n, ", ?");
	snprintf(sql + n, sizeof sql - (size_t)n, ", ?)");
	char many[2][INSERT_BATCH * 8 + 64];
	for (int t = 0; t < 2; t++) {
		int k = snprintf(many[t], sizeof many[t], "INSERT INTO %s VALUES (?, ?)", t ? "boards" : "positions");
		for (int i = 1; i < INSERT_BATCH; i++)
			k += snprintf(many[t] + k, sizeof many[t] - (size_t)k, ",(?,?)");
	}
	if (sqlite3_prepare_v2(b->db, many[0], -1, &b->ins_positions, NULL) ||
	    (b->boards && sqlite3_prepare_v2(b->db, many[1], -1, &b->ins_boards, NULL)) ||
	    sqlite3_prepare_v2(b->db, "INSERT INTO sources VALUES (?, ?)", -1, &b->ins_source, NULL) ||
	    sqlite3_prepare_v2(b->db, "INSERT INTO variants VALUES (?, ?, ?, ?)", -1, &b->ins_variant, NULL) ||
	    sqlite3_prepare_v2(b->db, sql, -1, &b->ins_record, NULL) ||
	    sqlite3_prepare_v2(b->db, "INSERT INTO positions VALUES (?, ?)", -1, &b->ins_position, NULL) ||
	    (b->boards &&
	     sqlite3_prepare_v2(b->db, "INSERT INTO boards VALUES (?, ?)", -1, &b->ins_board, NULL)))
		return index_sql_error(b->db, b->path, "not a kifu index of this format");
	return CLI_OK;
}

static void build_free(struct build *b)
{
	sqlite3_finalize(b->ins_source);
	sqlite3_finalize(b->ins_variant);
	sqlite3_finalize(b->ins_record);
	sqlite3_finalize(b->ins_position);
	sqlite3_finalize(b->ins_board);
	sqlite3_finalize(b->ins_positions);
	sqlite3_finalize(b->ins_boards);
	for (int i = 0; i < b->nruns; i++)
		fclose(b->runs[i]);
	free(b->runs);
	free(b->entries);
	free(b->sorting);
	free(b->variants);
	free(b->keys);
	free(b->hashes);
	kifu_position_free(b->pos);
	kifu_position_free(b->scratch);
	if (b->text)
		fclose(b->text);
	free(b->text_buf);
}

/* One number of the database, or -1 after saying why. */
static int64_t query_int(struct build *b, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -1;
	if (sqlite3_prepare_v2(b->db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		index_sql_error(b->db, b->path, "cannot read it");
	sqlite3_finalize(st);
	return v;
}

/* What an existing index holds already (add): its next ids, its variants. */
static int continue_index(struct build *b, const index_db *x)
{
	b->next_record = query_int(b, "SELECT coalesce(max(id), 0) + 1 FROM records");
	b->next_source = query_int(b, "SELECT coalesce(max(id), 0) + 1 FROM sources");
	if (b->next_record < 0 || b->next_source < 0)
		return CLI_USAGE;
	for (int i = 0; i < x->nvariants; i++) {
		if (x->variants[i].id != i + 1) {
			cli_error("%s: not a whole kifu index (its variants are not numbered 1..N)", b->path);
			return CLI_USAGE;
		}
		const kifu_variant **vs = realloc(b->variants, (size_t)(i + 1) * sizeof *vs);
		if (!vs) {
			cli_error("out of memory");
			return CLI_USAGE;
		}
		b->variants = vs;
		/* a variant this run does not know matches no record read */
		vs[i] = x->variants[i].v;
		b->nvariants = i + 1;
	}
	return CLI_OK;
}

static int read_all(struct build *b, const struct index_build_options *o, struct inputs_variants *vars)
{
	b->cap = o->cache_mb * 1024 * 1024 / 2 / sizeof *b->entries;
	if (!(b->entries = malloc(b->cap * sizeof *b->entries)) ||
	    !(b->sorting = malloc(b->cap * sizeof *b->entries)) ||
	    !(b->text = open_memstream(&b->text_buf, &b->text_size))) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (prepare(b))
		return CLI_USAGE;
	const struct inputs_handlers handlers = {on_record, NULL, NULL, b};
	int status = inputs_each_record(o->nfiles, o->files, vars, &handlers);
	if (status >= CLI_USAGE || b->failed)
		return CLI_USAGE; /* an input not read: no index that would pass for it */
	if (flush_entries(b))
		return CLI_USAGE;
	return CLI_OK;
}

static void summary(const struct build *b, const char *what)
{
	cli_note("%s: %s %ld records (%lld positions)%s%ld left out (invalid or unreadable)",
		 b->path, what, b->records - b->left_out, b->positions, ", ", b->left_out);
}

int index_build(const struct index_build_options *o, struct inputs_variants *vars)
{
	struct build b;
	memset(&b, 0, sizeof b);
	b.path = o->path;
	b.boards = o->boards;
	b.next_record = b.next_source = 1;
	output out;
	index_sqlite_setup();
	if (output_open(&out, o->path))
		return CLI_USAGE;
	if (!out.tmp) {
		cli_error("%s: an index is a file (not standard output or a device)", o->path);
		output_close(&out, 0);
		return CLI_USAGE;
	}
	int status = CLI_USAGE;
	/* the temporary file beside it is the database; renamed over the
	 * index at the end, when it is whole */
	if (sqlite3_open_v2(out.tmp, &b.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
		index_sql_error(b.db, o->path, "cannot make it");
	else if (sqlite3_exec(b.db,
			      INDEX_NEW_PRAGMAS,
			      NULL, NULL, NULL) != SQLITE_OK)
		index_sql_error(b.db, o->path, "cannot make it");
	else if (index_create(b.db, o->path, o->boards) == CLI_OK && read_all(&b, o, vars) == CLI_OK) {
		if (sqlite3_exec(b.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
			index_sql_error(b.db, o->path, "cannot write it");
		else
			status = CLI_OK;
	}
	build_free(&b);
	if (sqlite3_close(b.db) != SQLITE_OK && status == CLI_OK)
		status = index_sql_error(b.db, o->path, "cannot write it");
	if (output_close(&out, status == CLI_OK) && status == CLI_OK)
		status = CLI_USAGE;
	if (status == CLI_OK)
		summary(&b, "indexed");
	return status;
}

int index_add(const struct index_build_options *o, struct inputs_variants *vars)
{
	struct build b;
	memset(&b, 0, sizeof b);
	b.path = o->path;
	index_db x;
	if (index_open(&x, o->path, 1, vars->set))
		return CLI_USAGE;
	b.db = x.db;
	b.boards = x.boards;
	int status = CLI_USAGE;
	/* BEGIN IMMEDIATE takes the write lock now, waiting for another
	 * process's add to end: two never interleave */
	if (sqlite3_exec(b.db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		index_sql_error(b.db, o->path, "cannot lock it");
	else if (continue_index(&b, &x) == CLI_OK && read_all(&b, o, vars) == CLI_OK) {
		if (sqlite3_exec(b.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
			index_sql_error(b.db, o->path, "cannot write it");
		else
			status = CLI_OK;
	}
	if (status != CLI_OK)
		sqlite3_exec(b.db, "ROLLBACK", NULL, NULL, NULL);
	build_free(&b);
	index_close(&x);
	if (status == CLI_OK)
		summary(&b, "added");
	return status;
}
