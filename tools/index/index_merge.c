/*
 * index_merge.c - kifu-index merge and dump (index_build.h).
 *
 * merge makes the index that one build over the parts' inputs would have
 * made, by making the same rows in the same order: the records of each
 * part in turn (renumbered after those before, their source and variant
 * rows made where a build would make them: at the first record of each),
 * then the positions of all parts merged in key order, then the boards.
 * The same statements on the same rows give the same file, byte for byte.
 */
#include "index/index_build.h"
#include "lib/cli.h"
#include "lib/output.h"

#include <stdlib.h>
#include <string.h>

struct part {
	index_db x;
	int64_t first, offset;   /* its first record id, and what is added to its ids */
	struct index_blocks_scan scan; /* its positions (or boards), in key order */
	int64_t key, record;     /* the pair the scan is on */
};

struct merge {
	const char *path;
	sqlite3 *db;
	char **names;            /* the merged variants, by id - 1 */
	int nnames;
	int64_t next_record, next_source;
};

/* Copies the row of the part's statement get (bound to new_id, part_id)
 * with put: a source or a variant, made at its first record.  Exactly one
 * row, or an error. */
static int copy_row(struct merge *m, struct part *p, const char *get_sql, const char *put_sql,
		    int64_t new_id, int64_t part_id)
{
	sqlite3_stmt *get = NULL, *put = NULL;
	int status = CLI_USAGE;
	if (sqlite3_prepare_v2(p->x.db, get_sql, -1, &get, NULL)) {
		index_sql_error(p->x.db, p->x.path, "not a kifu index of this format");
	} else if (sqlite3_prepare_v2(m->db, put_sql, -1, &put, NULL)) {
		index_sql_error(m->db, m->path, "cannot write it");
	} else {
		sqlite3_bind_int64(get, 1, new_id);
		sqlite3_bind_int64(get, 2, part_id);
		if (sqlite3_step(get) != SQLITE_ROW) {
			cli_error("%s: a record of no source or variant (damaged)", p->x.path);
		} else {
			for (int i = 0; i < sqlite3_column_count(get); i++)
				sqlite3_bind_value(put, i + 1, sqlite3_column_value(get, i));
			if (sqlite3_step(put) == SQLITE_DONE)
				status = CLI_OK;
			else
				index_sql_error(m->db, m->path, "cannot write it");
		}
	}
	sqlite3_finalize(get);
	sqlite3_finalize(put);
	return status;
}

/* The merged id of the variant called name (of the part's row vid),
 * inserted at its first record. */
static int merged_variant(struct merge *m, struct part *p, int64_t vid, int64_t *id)
{
	const char *name = NULL;
	for (int i = 0; i < p->x.nvariants; i++)
		if (p->x.variants[i].id == vid)
			name = p->x.variants[i].name;
	if (!name) {
		cli_error("%s: a record of no variant (damaged)", p->x.path);
		return CLI_USAGE;
	}
	for (int i = 0; i < m->nnames; i++)
		if (!strcmp(m->names[i], name)) {
			*id = i + 1;
			return CLI_OK;
		}
	char **names = realloc(m->names, (size_t)(m->nnames + 1) * sizeof *names);
	if (!names || !(names[m->nnames] = strdup(name))) {
		if (names)
			m->names = names;
		cli_error("out of memory");
		return CLI_USAGE;
	}
	m->names = names;
	*id = ++m->nnames;
	return copy_row(m, p, "SELECT ?, name, files, ranks FROM variants WHERE id = ?",
			"INSERT INTO variants VALUES (?, ?, ?, ?)", *id, vid);
}

/* The records of part p, with their sources. */
static int copy_records(struct merge *m, struct part *p)
{
	sqlite3_stmt *get = NULL, *put = NULL;
	int status = CLI_USAGE;
	if (sqlite3_prepare_v2(p->x.db, "SELECT * FROM records ORDER BY id", -1, &get, NULL)) {
		index_sql_error(p->x.db, p->x.path, "not a kifu index of this format");
		goto done;
	}
	int ncol = sqlite3_column_count(get);
	char sql[1024];
	int n = snprintf(sql, sizeof sql, "INSERT INTO records VALUES (?");
	for (int i = 1; i < ncol; i++)
		n += snprintf(sql + n, sizeof sql - (size_t)n, ", ?");
	snprintf(sql + n, sizeof sql - (size_t)n, ")");
	if (sqlite3_prepare_v2(m->db, sql, -1, &put, NULL)) {
		index_sql_error(m->db, p->x.path, "not a kifu index of this format");
		goto done;
	}
	int64_t last_source = -1, expect = -1;
	int rc;
	p->first = -1;
	while ((rc = sqlite3_step(get)) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(get, 0), source = sqlite3_column_int64(get, 1), vid;
		if (p->first < 0) {
			p->first = expect = id;
			p->offset = m->next_record - id;
		}
		if (id != expect++) {
			cli_error("%s: its records are not numbered one after another (damaged)", p->x.path);
			goto done;
		}
		if (source != last_source) {
			/* a build makes a source's row at its first record */
			last_source = source;
			if (copy_row(m, p, "SELECT ?, path FROM sources WHERE id = ?",
				     "INSERT INTO sources VALUES (?, ?)", m->next_source++, source))
				goto done;
		}
		if (merged_variant(m, p, sqlite3_column_int64(get, 4), &vid))
			goto done;
		for (int i = 0; i < ncol; i++)
			sqlite3_bind_value(put, i + 1, sqlite3_column_value(get, i));
		sqlite3_bind_int64(put, 1, m->next_record++);
		sqlite3_bind_int64(put, 2, m->next_source - 1);
		sqlite3_bind_int64(put, 5, vid);
		int s = sqlite3_step(put);
		sqlite3_reset(put);
		if (s != SQLITE_DONE) {
			index_sql_error(m->db, m->path, "cannot write a record");
			goto done;
		}
	}
	if (rc != SQLITE_DONE)
		index_sql_error(p->x.db, p->x.path, "cannot read its records");
	else
		status = CLI_OK;
done:
	sqlite3_finalize(get);
	sqlite3_finalize(put);
	return status;
}

/* Steps part p's scan: 1 on a pair, 0 at the end, or CLI_USAGE. */
static int part_next(struct part *p)
{
	int rc = index_blocks_scan_next(&p->scan, &p->key, &p->record);
	if (rc == 1)
		p->record += p->offset;
	return rc;
}

static int before(const struct part *a, const struct part *b)
{
	return a->key < b->key || (a->key == b->key && a->record < b->record);
}

/* The pairs of table (positions or boards) of every part, in key order,
 * into its blocks (and the explorer's, for the positions). */
static int merge_table(struct merge *m, struct part *parts, int n, const char *table,
		       index_explorer *explorer)
{
	struct index_blocks_writer w;
	int status = index_blocks_begin(&w, m->db, m->path, table), live = 0;
	int *heap = malloc((size_t)n * sizeof *heap);
	if (!heap) {
		cli_error("out of memory");
		status = CLI_USAGE;
	}
	for (int i = 0; status == CLI_OK && i < n; i++) {
		if (index_blocks_scan_begin(&parts[i].scan, parts[i].x.db, parts[i].x.path, table)) {
			status = CLI_USAGE;
			break;
		}
		int r = part_next(&parts[i]);
		if (r < 0)
			status = CLI_USAGE;
		else if (r)
			heap[live++] = i;
	}
	/* few parts: the least of them found by a look at each */
	while (status == CLI_OK && live > 0) {
		int best = 0;
		for (int i = 1; i < live; i++)
			if (before(&parts[heap[i]], &parts[heap[best]]))
				best = i;
		struct part *p = &parts[heap[best]];
		if (index_blocks_put(&w, p->key, p->record) ||
		    (explorer && index_explorer_put(explorer, p->key, p->record))) {
			status = CLI_USAGE;
			break;
		}
		int r = part_next(p);
		if (r < 0)
			status = CLI_USAGE;
		else if (!r)
			heap[best] = heap[--live];
	}
	if (status == CLI_OK)
		status = index_blocks_end(&w);
	for (int i = 0; i < n; i++)
		index_blocks_scan_end(&parts[i].scan);
	free(heap);
	index_blocks_free(&w);
	return status;
}

/* The variants of the merged index, by id - 1, as this run knows them. */
static const kifu_variant **merged_variants(struct merge *m, const kifu_variant_set *set)
{
	const kifu_variant **vs = calloc((size_t)m->nnames + 1, sizeof *vs);
	for (int i = 0; vs && i < m->nnames; i++)
		vs[i] = kifu_variant_set_find(set, m->names[i]);
	if (!vs)
		cli_error("out of memory");
	return vs;
}

static int merge_all(struct merge *m, struct part *parts, int n, const kifu_variant_set *set)
{
	for (int i = 0; i < n; i++)
		if (copy_records(m, &parts[i]))
			return CLI_USAGE;
	const kifu_variant **variants = merged_variants(m, set);
	index_explorer *explorer = NULL;
	struct index_sorter sorter;
	memset(&sorter, 0, sizeof sorter);
	int status = variants ? CLI_OK : CLI_USAGE;
	if (!status)
		status = index_explorer_new(&explorer, m->db, m->path, set, variants, m->nnames,
					    parts[0].x.explorer_games, INDEX_CACHE_MB, 0);
	if (!status)
		status = merge_table(m, parts, n, "positions", explorer);
	if (!status && parts[0].x.boards)
		status = merge_table(m, parts, n, "boards", NULL);
	if (!status)
		status = index_sorter_init(&sorter, m->path, INDEX_CACHE_MB);
	if (!status)
		status = index_explorer_finish(explorer, &sorter);
	index_sorter_free(&sorter);
	index_explorer_free(explorer);
	free(variants);
	return status;
}

int index_merge(const char *path, int nparts, char *const *parts_paths, const kifu_variant_set *set)
{
	struct part *parts = calloc((size_t)nparts, sizeof *parts);
	if (!parts) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	int status = CLI_OK, opened = 0;
	for (; status == CLI_OK && opened < nparts; opened++) {
		if (index_open(&parts[opened].x, parts_paths[opened], 0, set)) {
			status = CLI_USAGE;
			break;
		}
		const index_db *p = &parts[opened].x, *first = &parts[0].x;
		if (p->boards != first->boards) {
			cli_error("%s: made %s the boards table, %s %s: parts merge when made alike",
				  parts_paths[opened], p->boards ? "with" : "without", parts_paths[0],
				  first->boards ? "with it" : "without it");
			status = CLI_USAGE;
		} else if (p->explorer_games != first->explorer_games || p->key_bits != first->key_bits) {
			cli_error("%s: made with --explorer-games %ld (keys of %d bits), %s with %ld (%d):"
				  " parts merge when made alike",
				  parts_paths[opened], p->explorer_games, p->key_bits, parts_paths[0],
				  first->explorer_games, first->key_bits);
			status = CLI_USAGE;
		}
	}
	struct merge m;
	memset(&m, 0, sizeof m);
	m.path = path;
	m.next_record = m.next_source = 1;
	output out;
	index_sqlite_setup();
	if (status == CLI_OK && output_open(&out, path) == CLI_OK) {
		status = CLI_USAGE;
		if (!out.tmp)
			cli_error("%s: an index is a file (not standard output or a device)", path);
		else if (sqlite3_open_v2(out.tmp, &m.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) ||
			 sqlite3_exec(m.db,
				      INDEX_NEW_PRAGMAS,
				      NULL, NULL, NULL))
			index_sql_error(m.db, path, "cannot make it");
		else if (index_create(m.db, path, parts[0].x.boards, parts[0].x.explorer_games,
					 parts[0].x.key_bits) == CLI_OK && merge_all(&m, parts, nparts, set) == CLI_OK) {
			if (sqlite3_exec(m.db, "COMMIT", NULL, NULL, NULL))
				index_sql_error(m.db, path, "cannot write it");
			else
				status = CLI_OK;
		}
		if (sqlite3_close(m.db) != SQLITE_OK && status == CLI_OK)
			status = index_sql_error(m.db, path, "cannot write it");
		if (output_close(&out, status == CLI_OK) && status == CLI_OK)
			status = CLI_USAGE;
	} else {
		status = CLI_USAGE;
	}
	for (int i = 0; i < opened && i < nparts; i++)
		index_close(&parts[i].x);
	for (int i = 0; i < m.nnames; i++)
		free(m.names[i]);
	free(m.names);
	free(parts);
	return status;
}

/* --- dump --------------------------------------------------------------------------- */

/* A text value, its tabs, line ends and backslashes escaped; NULL as \N. */
static void dump_value(FILE *out, sqlite3_stmt *st, int col)
{
	if (sqlite3_column_type(st, col) == SQLITE_NULL) {
		fputs("\\N", out);
		return;
	}
	if (sqlite3_column_type(st, col) == SQLITE_INTEGER) {
		fprintf(out, "%lld", (long long)sqlite3_column_int64(st, col));
		return;
	}
	for (const unsigned char *s = sqlite3_column_text(st, col); s && *s; s++) {
		if (*s == '\t')
			fputs("\\t", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else if (*s == '\r')
			fputs("\\r", out);
		else if (*s == '\\')
			fputs("\\\\", out);
		else
			putc(*s, out);
	}
}

static int dump_table(index_db *x, FILE *out, const char *word, const char *sql)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(x->db, sql, -1, &st, NULL))
		return index_sql_error(x->db, x->path, "not a kifu index of this format");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		fputs(word, out);
		for (int i = 0; i < sqlite3_column_count(st); i++) {
			putc('\t', out);
			if (i == 0 && !strncmp(word, "explorer", 8))
				fprintf(out, "%016llx", (unsigned long long)sqlite3_column_int64(st, 0));
			else
				dump_value(out, st, i);
		}
		putc('\n', out);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? CLI_OK : index_sql_error(x->db, x->path, "cannot read it");
}

/* The pairs of a table of blocks, one a line: WORD KEY RECORD. */
static int dump_pairs(index_db *x, FILE *out, const char *word, const char *table)
{
	struct index_blocks_scan scan;
	int rc = index_blocks_scan_begin(&scan, x->db, x->path, table);
	int64_t key, record;
	if (rc == CLI_OK)
		while ((rc = index_blocks_scan_next(&scan, &key, &record)) == 1)
			fprintf(out, "%s\t%016llx\t%lld\n", word, (unsigned long long)key, (long long)record);
	index_blocks_scan_end(&scan);
	return rc ? CLI_USAGE : CLI_OK;
}

int index_dump(const char *path, FILE *out, const kifu_variant_set *set)
{
	index_db x;
	if (index_open(&x, path, 0, set))
		return CLI_USAGE;
	fprintf(out, "kifu-index\t%d\tboards\t%d\n", INDEX_FORMAT, x.boards);
	int status = dump_table(&x, out, "variant", "SELECT * FROM variants ORDER BY id");
	if (!status)
		status = dump_table(&x, out, "source", "SELECT * FROM sources ORDER BY id");
	if (!status)
		status = dump_table(&x, out, "record", "SELECT * FROM records ORDER BY id");
	if (!status)
		status = dump_pairs(&x, out, "position", "positions");
	if (!status && x.boards)
		status = dump_pairs(&x, out, "board", "boards");
	if (!status)
		status = dump_table(&x, out, "explorer-position",
				    "SELECT * FROM explorer_positions ORDER BY key, variant");
	if (!status)
		status = dump_table(&x, out, "explorer-move",
				    "SELECT * FROM explorer_moves ORDER BY key, variant, move");
	index_close(&x);
	return status;
}
