/*
 * index_build.c - kifu-index build and add (index_build.h).
 *
 * Each record is validated as kifu-validate validates it; an invalid one
 * is reported as kifu-validate reports it and left out.  A valid one goes
 * into the records table as it is read (its text in the compact notation),
 * and the keys of the positions of its main line (each once) into the
 * cache of pairs (index_sort.c).  At the end the pairs come out in order
 * and are written as blocks (index_blocks.c): a build's into new tables,
 * an add's merged into the blocks they fall in; the positions' pairs go by
 * the explorer too (index_explorer.c), which then counts the positions
 * that many games reach.
 */
#include "index/index_build.h"
#include "lib/cli.h"
#include "lib/output.h"

#include <stdlib.h>
#include <string.h>

struct build {
	const char *path;       /* the index named on the command line */
	sqlite3 *db;
	int boards;
	struct index_sorter sorter; /* the cache of the positions' pairs */
	const kifu_variant_set *set;
	/* statements */
	sqlite3_stmt *ins_source, *ins_variant, *ins_record;
	/* where the next rows go */
	int64_t next_record, next_source, source;
	int64_t old_records;             /* add: the index's records before it */
	long cache_mb, explorer_games;
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

/* --- the tables of positions ------------------------------------------------------- */

/* Where the sorted pairs go: a table's blocks, and the explorer the
 * positions' pairs.  A build writes new blocks; an add merges its pairs
 * into the blocks they fall in (read, deleted, written again with them:
 * the range from the block's first key to the next block's). */
struct tables {
	struct build *b;
	int table;                       /* the one being written, -1 before the first */
	struct index_blocks_writer writer;
	index_explorer *explorer;
	/* add: the old block being merged with the pairs of its range */
	int merging, old_open;           /* a range is open; an old pair is waiting */
	int has_limit;                   /* the range ends before limit (else: at the end) */
	int64_t limit;
	struct index_block_reader old;
	uint8_t *old_copy;               /* the old block, copied (in memory, or a file) */
	FILE *old_file;
	int64_t old_key, old_record;     /* the waiting old pair */
	sqlite3_stmt *locate, *next, *remove;
};

static const char *const table_names[2] = {"positions", "boards"};

/* A pair in the table's order, to its writer (and the explorer's). */
static int put_pair(struct tables *t, int64_t key, int64_t record)
{
	if (index_blocks_put(&t->writer, key, record))
		return CLI_USAGE;
	return t->table == 0 ? index_explorer_put(t->explorer, key, record) : CLI_OK;
}

static int old_next(struct tables *t)
{
	int rc = index_block_next(&t->old, &t->old_key, &t->old_record);
	t->old_open = rc == 1;
	return rc < 0 ? CLI_USAGE : CLI_OK;
}

/* The old pairs before (key, record), or all of them (whole). */
static int old_until(struct tables *t, int64_t key, int64_t record, int whole)
{
	while (t->old_open &&
	       (whole || t->old_key < key || (t->old_key == key && t->old_record < record))) {
		if (put_pair(t, t->old_key, t->old_record) || old_next(t))
			return CLI_USAGE;
	}
	return CLI_OK;
}

/* Ends the range being merged: its old pairs written, its last block. */
static int close_range(struct tables *t)
{
	if (!t->merging)
		return CLI_OK;
	t->merging = 0;
	int rc = old_until(t, 0, 0, 1);
	index_block_from(&t->old, t->b->path, table_names[t->table], 0, NULL, NULL, 0);
	free(t->old_copy);
	t->old_copy = NULL;
	if (t->old_file)
		fclose(t->old_file);
	t->old_file = NULL;
	return rc || index_blocks_end(&t->writer) ? CLI_USAGE : CLI_OK;
}

static int step_first(sqlite3_stmt *st, int64_t key, int64_t *first)
{
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, key);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*first = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return -1;
	return rc == SQLITE_ROW;
}

/* Copies the old block at first (its row deleted after), to be read as
 * the range is merged. */
static int take_block(struct tables *t, int64_t first)
{
	struct build *b = t->b;
	const char *name = table_names[t->table];
	sqlite3_blob *blob;
	if (sqlite3_blob_open(b->db, "main", name, "data", first, 0, &blob) != SQLITE_OK)
		return index_sql_error(b->db, b->path, "cannot read its positions");
	int size = sqlite3_blob_bytes(blob), status = CLI_OK;
	if (size <= INDEX_BLOCK_MEMORY) {
		if (!(t->old_copy = malloc((size_t)size + 1)))
			status = CLI_USAGE, cli_error("out of memory");
		else if (sqlite3_blob_read(blob, t->old_copy, size, 0) != SQLITE_OK)
			status = index_sql_error(b->db, b->path, "cannot read its positions");
	} else if (!(t->old_file = tmpfile())) {
		status = CLI_USAGE, cli_error("%s: cannot write a temporary file (TMPDIR)", b->path);
	} else {
		uint8_t piece[65536];
		for (int at = 0; status == CLI_OK && at < size; at += (int)sizeof piece) {
			int n = size - at < (int)sizeof piece ? size - at : (int)sizeof piece;
			if (sqlite3_blob_read(blob, piece, n, at) != SQLITE_OK)
				status = index_sql_error(b->db, b->path, "cannot read its positions");
			else if (fwrite(piece, 1, (size_t)n, t->old_file) != (size_t)n)
				status = CLI_USAGE, cli_error("%s: cannot write a temporary file (TMPDIR)", b->path);
		}
		if (status == CLI_OK && (fflush(t->old_file) || fseek(t->old_file, 0, SEEK_SET)))
			status = CLI_USAGE, cli_error("%s: cannot write a temporary file (TMPDIR)", b->path);
	}
	sqlite3_blob_close(blob);
	if (status)
		return status;
	sqlite3_reset(t->remove);
	sqlite3_bind_int64(t->remove, 1, first);
	int rc = sqlite3_step(t->remove);
	sqlite3_reset(t->remove);
	if (rc != SQLITE_DONE)
		return index_sql_error(b->db, b->path, "cannot write its positions");
	index_block_from(&t->old, b->path, name, first, t->old_copy, t->old_file, size);
	return old_next(t);
}

/* add: opens the range that key falls in: the block of the greatest first
 * key not above it (none: the keys before the first block), up to the
 * next block's first. */
static int open_range(struct tables *t, int64_t key)
{
	int64_t first = 0;
	int found = step_first(t->locate, key, &first);
	if (found < 0 ||
	    (t->has_limit = step_first(t->next, found ? first : INT64_MIN, &t->limit)) < 0)
		return index_sql_error(t->b->db, t->b->path, "cannot read its positions");
	t->merging = 1;
	t->old_open = 0;
	return found ? take_block(t, first) : CLI_OK;
}

/* The table's writer, when the sorted pairs come to it. */
static int switch_table(struct tables *t, int table)
{
	struct build *b = t->b;
	if (t->table >= 0) {
		if (close_range(t) || index_blocks_end(&t->writer))
			return CLI_USAGE;
		index_blocks_free(&t->writer);
	}
	t->table = table;
	sqlite3_finalize(t->locate);
	sqlite3_finalize(t->next);
	sqlite3_finalize(t->remove);
	t->locate = t->next = t->remove = NULL;
	if (index_blocks_begin(&t->writer, b->db, b->path, table_names[table]))
		return CLI_USAGE;
	if (!b->old_records)
		return CLI_OK;
	char sql[3][128];
	snprintf(sql[0], sizeof sql[0], "SELECT first FROM %s WHERE first <= ? ORDER BY first DESC LIMIT 1",
		 table_names[table]);
	snprintf(sql[1], sizeof sql[1], "SELECT first FROM %s WHERE first > ? ORDER BY first LIMIT 1",
		 table_names[table]);
	snprintf(sql[2], sizeof sql[2], "DELETE FROM %s WHERE first = ?", table_names[table]);
	if (sqlite3_prepare_v2(b->db, sql[0], -1, &t->locate, NULL) ||
	    sqlite3_prepare_v2(b->db, sql[1], -1, &t->next, NULL) ||
	    sqlite3_prepare_v2(b->db, sql[2], -1, &t->remove, NULL))
		return index_sql_error(b->db, b->path, "not a kifu index of this format");
	return CLI_OK;
}

/* Each sorted pair: to a new table (build), or merged into the old (add). */
static int on_pair(void *ctx, int table, int64_t key, int64_t record)
{
	struct tables *t = ctx;
	if (table != t->table && switch_table(t, table))
		return CLI_USAGE;
	if (!t->b->old_records)
		return put_pair(t, key, record);
	if (t->merging && t->has_limit && key >= t->limit && close_range(t))
		return CLI_USAGE;
	if (!t->merging && open_range(t, key))
		return CLI_USAGE;
	if (old_until(t, key, record, 0))
		return CLI_USAGE;
	return put_pair(t, key, record);
}

/* The sorted pairs into the tables, then the explorer's counts. */
static int write_tables(struct build *b)
{
	struct tables t;
	memset(&t, 0, sizeof t);
	t.b = b;
	t.table = -1;
	int status = index_explorer_new(&t.explorer, b->db, b->path, b->set, b->variants, b->nvariants,
					b->explorer_games, b->cache_mb, b->old_records);
	if (!status)
		status = switch_table(&t, 0); /* a positions table even of no pair */
	if (!status)
		status = index_sorter_finish(&b->sorter, on_pair, &t);
	if (!status && t.table == 0 && b->boards)
		status = switch_table(&t, 1);
	if (!status)
		status = close_range(&t);
	if (!status)
		status = index_blocks_end(&t.writer);
	if (!status)
		status = index_explorer_finish(t.explorer, &b->sorter);
	index_blocks_free(&t.writer);
	index_block_close(&t.old);
	free(t.old_copy);
	if (t.old_file)
		fclose(t.old_file);
	sqlite3_finalize(t.locate);
	sqlite3_finalize(t.next);
	sqlite3_finalize(t.remove);
	index_explorer_free(t.explorer);
	return status;
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
		if ((i == 0 || keys[i] != keys[i - 1]) && index_sorter_add(&b->sorter, table, keys[i], id))
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
	if (sqlite3_prepare_v2(b->db, "INSERT INTO sources VALUES (?, ?)", -1, &b->ins_source, NULL) ||
	    sqlite3_prepare_v2(b->db, "INSERT INTO variants VALUES (?, ?, ?, ?)", -1, &b->ins_variant, NULL) ||
	    sqlite3_prepare_v2(b->db, sql, -1, &b->ins_record, NULL))
		return index_sql_error(b->db, b->path, "not a kifu index of this format");
	return CLI_OK;
}

static void build_free(struct build *b)
{
	sqlite3_finalize(b->ins_source);
	sqlite3_finalize(b->ins_variant);
	sqlite3_finalize(b->ins_record);
	index_sorter_free(&b->sorter);
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
	b->old_records = b->next_record - 1;
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
	b->cache_mb = o->cache_mb;
	b->set = vars->set;
	if (index_sorter_init(&b->sorter, b->path, o->cache_mb))
		return CLI_USAGE;
	if (!(b->text = open_memstream(&b->text_buf, &b->text_size))) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (prepare(b))
		return CLI_USAGE;
	const struct inputs_handlers handlers = {on_record, NULL, NULL, b};
	int status = inputs_each_record(o->nfiles, o->files, vars, &handlers);
	if (status >= CLI_USAGE || b->failed)
		return CLI_USAGE; /* an input not read: no index that would pass for it */
	if (write_tables(b))
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
	b.explorer_games = o->explorer_games;
	b.next_record = b.next_source = 1;
	int key_bits = 64;
	const char *bits = getenv(INDEX_KEY_BITS_ENV);
	if (bits && *bits) {
		char *end;
		long n = strtol(bits, &end, 10);
		if (*end || n < 1 || n > 64) {
			cli_error("%s='%s': expected a number of bits from 1 to 64", INDEX_KEY_BITS_ENV, bits);
			return CLI_USAGE;
		}
		key_bits = (int)n;
	}
	index_set_key_bits(key_bits);
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
	else if (index_create(b.db, o->path, o->boards, o->explorer_games, key_bits) == CLI_OK &&
		 read_all(&b, o, vars) == CLI_OK) {
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
	b.explorer_games = x.explorer_games;
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
