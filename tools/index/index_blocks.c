/*
 * index_blocks.c - the blocks the positions and boards tables hold their
 * rows in (index.h; docs/index.md, "The store").
 *
 * A row of either table is a block: (first INTEGER PRIMARY KEY, data BLOB),
 * the pairs (key, record) whose keys run from first up to the next block's
 * first, in SQLite's order of keys (signed), each key's records in
 * increasing order.  data is the pairs one after another, two LEB128
 * varints each: the key less the pair's before (first, for the block's
 * first pair), then the record less the one before, which is 0 at the
 * block's start and at each new key.  A random 64-bit key then takes 5 or 6
 * bytes and its record 1 to 4, where a row of its own took 19: and SQLite
 * makes one row a block (INDEX_BLOCK_BYTES) instead of a row a position,
 * which was 40% of the build.
 *
 * A block is closed after a key, never inside one: the records of a key
 * are in one block, found with one look-up.  A key of very many records
 * (the start position) makes one large block; past INDEX_BLOCK_MEMORY it is
 * kept in a temporary file while it is made and written into its row piece
 * by piece, so that the memory a build takes never grows with the input.
 */
#include "index/index_build.h"
#include "lib/cli.h"

#include <stdlib.h>
#include <string.h>

/* --- varints ---------------------------------------------------------------------- */

static size_t put_varint(uint8_t *p, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		p[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t)v;
	return n;
}

/* A varint of at most 10 bytes from p[0..avail): its length, or 0 when it
 * does not end there (a damaged block). */
static size_t get_varint(const uint8_t *p, size_t avail, uint64_t *v)
{
	uint64_t x = 0;
	for (size_t i = 0; i < avail && i < 10; i++) {
		x |= (uint64_t)(p[i] & 0x7F) << (7 * i);
		if (!(p[i] & 0x80)) {
			*v = x;
			return i + 1;
		}
	}
	return 0;
}

/* --- writing ---------------------------------------------------------------------- */

int index_blocks_begin(struct index_blocks_writer *w, sqlite3 *db, const char *path, const char *table)
{
	memset(w, 0, sizeof *w);
	w->db = db;
	w->path = path;
	w->table = table;
	char sql[128];
	snprintf(sql, sizeof sql, "INSERT INTO %s VALUES (?, ?)", table);
	w->cap = INDEX_BLOCK_BYTES + 64;
	if (!(w->buf = malloc(w->cap))) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (sqlite3_prepare_v2(db, sql, -1, &w->insert, NULL) != SQLITE_OK)
		return index_sql_error(db, path, "cannot write its positions");
	return CLI_OK;
}

static int write_error(struct index_blocks_writer *w)
{
	return index_sql_error(w->db, w->path, "cannot write its positions");
}

/* The block's bytes so far to its temporary file (made at the first time). */
static int spool(struct index_blocks_writer *w)
{
	if (!w->spool && !(w->spool = tmpfile())) {
		cli_error("%s: cannot write a temporary file (TMPDIR)", w->path);
		return CLI_USAGE;
	}
	if (fwrite(w->buf, 1, w->len, w->spool) != w->len) {
		cli_error("%s: cannot write a temporary file (TMPDIR)", w->path);
		return CLI_USAGE;
	}
	w->spooled += w->len;
	w->len = 0;
	return CLI_OK;
}

/* Writes a block that outgrew memory: its row made with zeros, then its
 * bytes written into it from the temporary file and the buffer. */
static int write_spooled(struct index_blocks_writer *w)
{
	uint64_t size = w->spooled + w->len;
	if (size > 0x7FFFFFFF) {
		cli_error("%s: a position reached by too many records for one index", w->path);
		return CLI_USAGE;
	}
	sqlite3_bind_int64(w->insert, 1, w->first);
	sqlite3_bind_zeroblob(w->insert, 2, (int)size);
	int rc = sqlite3_step(w->insert);
	sqlite3_reset(w->insert);
	if (rc != SQLITE_DONE)
		return write_error(w);
	sqlite3_blob *blob;
	if (sqlite3_blob_open(w->db, "main", w->table, "data", w->first, 1, &blob) != SQLITE_OK)
		return write_error(w);
	rewind(w->spool);
	uint8_t piece[65536];
	int at = 0, status = CLI_OK;
	for (size_t n; status == CLI_OK && (n = fread(piece, 1, sizeof piece, w->spool)) > 0; at += (int)n)
		if (sqlite3_blob_write(blob, piece, (int)n, at) != SQLITE_OK)
			status = write_error(w);
	if (status == CLI_OK && ferror(w->spool)) {
		cli_error("%s: cannot read a temporary file (TMPDIR)", w->path);
		status = CLI_USAGE;
	}
	if (status == CLI_OK && w->len && sqlite3_blob_write(blob, w->buf, (int)w->len, at) != SQLITE_OK)
		status = write_error(w);
	if (sqlite3_blob_close(blob) != SQLITE_OK && status == CLI_OK)
		status = write_error(w);
	fclose(w->spool);
	w->spool = NULL;
	w->spooled = 0;
	return status;
}

static int close_block(struct index_blocks_writer *w)
{
	if (!w->open)
		return CLI_OK;
	w->open = 0;
	w->blocks++;
	if (w->spool) {
		int rc = write_spooled(w);
		w->len = 0;
		return rc;
	}
	sqlite3_bind_int64(w->insert, 1, w->first);
	sqlite3_bind_blob(w->insert, 2, w->buf, (int)w->len, SQLITE_STATIC);
	int rc = sqlite3_step(w->insert);
	sqlite3_reset(w->insert);
	w->len = 0;
	return rc == SQLITE_DONE ? CLI_OK : write_error(w);
}

int index_blocks_put(struct index_blocks_writer *w, int64_t key, int64_t record)
{
	if (w->open && (key < w->key || (key == w->key && record <= w->record))) {
		cli_error("%s: its positions are not in order (a bug)", w->path);
		return CLI_USAGE;
	}
	if (w->open && key != w->key && w->len + w->spooled >= INDEX_BLOCK_BYTES && close_block(w))
		return CLI_USAGE;
	if (!w->open) {
		w->open = 1;
		w->first = w->key = key;
		w->record = 0;
	}
	if (key != w->key)
		w->record = 0;
	if (w->len + 20 > w->cap) {
		/* a key of many records: the buffer grows to INDEX_BLOCK_MEMORY,
		 * then goes to the temporary file */
		if (w->cap >= INDEX_BLOCK_MEMORY) {
			if (spool(w))
				return CLI_USAGE;
		} else {
			size_t cap = 2 * w->cap;
			uint8_t *b = realloc(w->buf, cap);
			if (!b) {
				cli_error("out of memory");
				return CLI_USAGE;
			}
			w->buf = b;
			w->cap = cap;
		}
	}
	w->len += put_varint(w->buf + w->len, (uint64_t)key - (uint64_t)w->key);
	w->len += put_varint(w->buf + w->len, (uint64_t)(record - w->record));
	w->key = key;
	w->record = record;
	return CLI_OK;
}

int index_blocks_end(struct index_blocks_writer *w)
{
	return close_block(w);
}

void index_blocks_free(struct index_blocks_writer *w)
{
	sqlite3_finalize(w->insert);
	if (w->spool)
		fclose(w->spool);
	free(w->buf);
	memset(w, 0, sizeof *w);
}

/* --- reading ---------------------------------------------------------------------- */

static int damaged(struct index_block_reader *r)
{
	cli_error("%s: its %s table is damaged (a block that does not read back)", r->path, r->table);
	return CLI_USAGE;
}

int index_block_open(struct index_block_reader *r, sqlite3 *db, const char *path, const char *table,
		     int64_t first)
{
	r->path = path;
	r->table = table;
	int rc = r->blob ? sqlite3_blob_reopen(r->blob, first) :
			   sqlite3_blob_open(db, "main", table, "data", first, 0, &r->blob);
	if (rc != SQLITE_OK) {
		if (r->blob)
			sqlite3_blob_close(r->blob);
		r->blob = NULL;
		return index_sql_error(db, path, "cannot read its positions");
	}
	r->size = sqlite3_blob_bytes(r->blob);
	r->mem = NULL;
	r->file = NULL;
	r->read = 0;
	r->at = r->len = 0;
	r->key = first;
	r->record = 0;
	return CLI_OK;
}

void index_block_close(struct index_block_reader *r)
{
	if (r->blob)
		sqlite3_blob_close(r->blob);
	r->blob = NULL;
}

/* At least 20 bytes in the buffer, or the rest of the block: from its
 * row, its copy in memory or its copy in a file. */
static int fill(struct index_block_reader *r)
{
	if (r->len - r->at >= 20 || r->read == r->size)
		return CLI_OK;
	memmove(r->buf, r->buf + r->at, (size_t)(r->len - r->at));
	r->len -= r->at;
	r->at = 0;
	int n = r->size - r->read;
	if (n > (int)sizeof r->buf - r->len)
		n = (int)sizeof r->buf - r->len;
	int failed = 0;
	if (r->mem)
		memcpy(r->buf + r->len, r->mem + r->read, (size_t)n);
	else if (r->file)
		failed = fread(r->buf + r->len, 1, (size_t)n, r->file) != (size_t)n;
	else
		failed = sqlite3_blob_read(r->blob, r->buf + r->len, n, r->read) != SQLITE_OK;
	if (failed) {
		cli_error("%s: cannot read its %s table", r->path, r->table);
		return CLI_USAGE;
	}
	r->len += n;
	r->read += n;
	return CLI_OK;
}

void index_block_from(struct index_block_reader *r, const char *path, const char *table, int64_t first,
		      const uint8_t *mem, FILE *file, int size)
{
	index_block_close(r);
	r->path = path;
	r->table = table;
	r->mem = mem;
	r->file = file;
	r->size = size;
	r->read = r->at = r->len = 0;
	r->key = first;
	r->record = 0;
}

int index_block_next(struct index_block_reader *r, int64_t *key, int64_t *record)
{
	if (fill(r))
		return CLI_USAGE;
	if (r->at == r->len)
		return 0;
	uint64_t dk, dr;
	size_t n = get_varint(r->buf + r->at, (size_t)(r->len - r->at), &dk);
	size_t m = n ? get_varint(r->buf + r->at + n, (size_t)(r->len - r->at) - n, &dr) : 0;
	if (!m || dr == 0 || dr > INT64_MAX - (uint64_t)r->record)
		return damaged(r);
	r->at += (int)(n + m);
	if (dk) {
		uint64_t k = (uint64_t)r->key + dk;
		if ((int64_t)k <= r->key)
			return damaged(r); /* keys go up */
		r->key = (int64_t)k;
		r->record = 0;
	}
	r->record += (int64_t)dr;
	*key = r->key;
	*record = r->record;
	return 1;
}

/* --- looking up ------------------------------------------------------------------- */

int index_blocks_find(struct index_blocks_finder *f, int64_t key,
		      int (*fn)(void *ctx, int64_t record), void *ctx)
{
	if (!f->locate) {
		char sql[128];
		snprintf(sql, sizeof sql, "SELECT first FROM %s WHERE first <= ? ORDER BY first DESC LIMIT 1",
			 f->table);
		if (sqlite3_prepare_v2(f->db, sql, -1, &f->locate, NULL) != SQLITE_OK)
			return index_sql_error(f->db, f->path, "not a kifu index of this format");
	}
	sqlite3_reset(f->locate);
	sqlite3_bind_int64(f->locate, 1, key);
	int rc = sqlite3_step(f->locate);
	if (rc == SQLITE_DONE)
		return CLI_OK; /* before every block: no record */
	if (rc != SQLITE_ROW)
		return index_sql_error(f->db, f->path, "cannot read its positions");
	int64_t first = sqlite3_column_int64(f->locate, 0);
	sqlite3_reset(f->locate);
	if (index_block_open(&f->reader, f->db, f->path, f->table, first))
		return CLI_USAGE;
	int64_t k, record;
	while ((rc = index_block_next(&f->reader, &k, &record)) == 1 && k <= key)
		if (k == key && fn(ctx, record))
			return CLI_USAGE;
	return rc < 0 ? CLI_USAGE : CLI_OK;
}

void index_blocks_finder_free(struct index_blocks_finder *f)
{
	sqlite3_finalize(f->locate);
	index_block_close(&f->reader);
	f->locate = NULL;
}

/* --- scanning a table -------------------------------------------------------------- */

int index_blocks_scan_begin(struct index_blocks_scan *s, sqlite3 *db, const char *path, const char *table)
{
	memset(s, 0, sizeof *s);
	s->db = db;
	s->path = path;
	s->table = table;
	char sql[128];
	snprintf(sql, sizeof sql, "SELECT first FROM %s ORDER BY first", table);
	if (sqlite3_prepare_v2(db, sql, -1, &s->blocks, NULL) != SQLITE_OK)
		return index_sql_error(db, path, "not a kifu index of this format");
	return CLI_OK;
}

int index_blocks_scan_next(struct index_blocks_scan *s, int64_t *key, int64_t *record)
{
	for (;;) {
		if (s->open) {
			int rc = index_block_next(&s->reader, key, record);
			if (rc)
				return rc;
			s->open = 0;
		}
		int rc = sqlite3_step(s->blocks);
		if (rc == SQLITE_DONE)
			return 0;
		if (rc != SQLITE_ROW)
			return index_sql_error(s->db, s->path, "cannot read its positions");
		int64_t first = sqlite3_column_int64(s->blocks, 0);
		if (s->any && first <= s->last) {
			cli_error("%s: its %s table is damaged (blocks out of order)", s->path, s->table);
			return CLI_USAGE;
		}
		s->any = 1;
		s->last = first;
		if (index_block_open(&s->reader, s->db, s->path, s->table, first))
			return CLI_USAGE;
		s->open = 1;
	}
}

void index_blocks_scan_end(struct index_blocks_scan *s)
{
	sqlite3_finalize(s->blocks);
	index_block_close(&s->reader);
	memset(s, 0, sizeof *s);
}
