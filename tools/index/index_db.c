/*
 * index_db.c - an index's database: its schema, opening and checking it,
 * its variants, loading a record (index.h; docs/index.md).
 */
#include "index/index.h"
#include "lib/cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <kifu/sys/record.h>

void index_sqlite_setup(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	/* one thread, and no count of SQLite's memory: no mutex taken on
	 * every allocation */
	sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int index_sql_error(sqlite3 *db, const char *path, const char *what)
{
	int code = db ? sqlite3_errcode(db) : SQLITE_ERROR;
	const char *msg = db ? sqlite3_errmsg(db) : "out of memory";
	if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
		cli_error("%s: %s: not a whole kifu index (damaged, or not an index): %s", path, what, msg);
	else
		cli_error("%s: %s: %s", path, what, msg);
	return CLI_USAGE;
}

/* A tag's column: its compact key with '-' as '_' (time-control is
 * time_control).  Every use quotes it: `end` is an SQL word. */
static void tag_column(const char *key, char *buf, size_t size)
{
	snprintf(buf, size, "%s", key);
	for (char *c = buf; *c; c++)
		if (*c == '-')
			*c = '_';
}

int index_create(sqlite3 *db, const char *path, int boards, long explorer_games, int key_bits)
{
	char sql[4096];
	int n = snprintf(sql, sizeof sql,
		"PRAGMA application_id = %d;\n"
		"PRAGMA user_version = %d;\n"
		"CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;\n"
		"CREATE TABLE variants (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,\n"
		"  files INTEGER NOT NULL, ranks INTEGER NOT NULL);\n"
		"CREATE TABLE sources (id INTEGER PRIMARY KEY, path TEXT NOT NULL);\n"
		"CREATE TABLE records (id INTEGER PRIMARY KEY,\n"
		"  source INTEGER NOT NULL REFERENCES sources (id),\n"
		"  number INTEGER NOT NULL, line INTEGER NOT NULL,\n"
		"  variant INTEGER NOT NULL REFERENCES variants (id),\n"
		"  notation TEXT NOT NULL, plies INTEGER NOT NULL,\n"
		"  result TEXT, ending TEXT",
		INDEX_APPLICATION_ID, INDEX_FORMAT);
	for (int i = 0; i < kifu_tag_count(); i++) {
		char col[64];
		tag_column(kifu_tag_at(i)->key, col, sizeof col);
		n += snprintf(sql + n, sizeof sql - (size_t)n, ", \"%s\" TEXT", col);
	}
	n += snprintf(sql + n, sizeof sql - (size_t)n,
		",\n  compact TEXT NOT NULL);\n"
		"CREATE TABLE positions (first INTEGER PRIMARY KEY, data BLOB NOT NULL);\n"
		"%s"
		"CREATE TABLE explorer_positions (key INTEGER NOT NULL,\n"
		"  variant INTEGER NOT NULL REFERENCES variants (id), position TEXT NOT NULL,\n"
		"  first_record INTEGER NOT NULL, games INTEGER NOT NULL, sente INTEGER NOT NULL,\n"
		"  gote INTEGER NOT NULL, draw INTEGER NOT NULL, ended INTEGER NOT NULL,\n"
		"  PRIMARY KEY (key, variant)) WITHOUT ROWID;\n"
		"CREATE TABLE explorer_moves (key INTEGER NOT NULL, variant INTEGER NOT NULL,\n"
		"  move TEXT NOT NULL, games INTEGER NOT NULL, sente INTEGER NOT NULL,\n"
		"  gote INTEGER NOT NULL, draw INTEGER NOT NULL, plies INTEGER NOT NULL,\n"
		"  first_date TEXT, last_date TEXT, leads_to TEXT NOT NULL,\n"
		"  PRIMARY KEY (key, variant, move)) WITHOUT ROWID;\n"
		"INSERT INTO meta VALUES ('format', 'kifu-index %d'), ('boards', '%d'),"
		" ('explorer_games', '%ld'), ('key_bits', '%d');\n",
		boards ? "CREATE TABLE boards (first INTEGER PRIMARY KEY, data BLOB NOT NULL);\n" : "",
		INDEX_FORMAT, boards ? 1 : 0, explorer_games, key_bits);
	if ((size_t)n >= sizeof sql) {
		cli_error("%s: the schema does not fit", path);
		return CLI_USAGE;
	}
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return index_sql_error(db, path, "cannot make the schema");
	return CLI_OK;
}

/* One integer a PRAGMA gives, or -1 after saying why. */
static long long pragma_int(index_db *x, const char *sql)
{
	sqlite3_stmt *st;
	long long v = -1;
	if (sqlite3_prepare_v2(x->db, sql, -1, &st, NULL) != SQLITE_OK) {
		index_sql_error(x->db, x->path, "cannot read it");
		return -1;
	}
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		index_sql_error(x->db, x->path, "cannot read it");
	sqlite3_finalize(st);
	return v;
}

/* The variants table, each name looked up in x->set. */
static int read_variants(index_db *x)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(x->db, "SELECT id, name FROM variants ORDER BY id", -1, &st, NULL) != SQLITE_OK)
		return index_sql_error(x->db, x->path, "cannot read its variants");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct index_variant *vs = realloc(x->variants, (size_t)(x->nvariants + 1) * sizeof *vs);
		const char *name = (const char *)sqlite3_column_text(st, 1);
		if (!vs || !name || !(name = strdup(name))) {
			if (vs)
				x->variants = vs;
			sqlite3_finalize(st);
			cli_error("out of memory");
			return CLI_USAGE;
		}
		x->variants = vs;
		vs[x->nvariants].id = sqlite3_column_int64(st, 0);
		vs[x->nvariants].name = (char *)name;
		vs[x->nvariants].v = kifu_variant_set_find(x->set, name);
		x->nvariants++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return index_sql_error(x->db, x->path, "cannot read its variants");
	return CLI_OK;
}

int index_open(index_db *x, const char *path, int writable, const kifu_variant_set *set)
{
	memset(x, 0, sizeof *x);
	x->path = path;
	x->set = set;
	struct stat sb;
	/* SQLite would make an empty database of a missing file */
	if (stat(path, &sb) != 0) {
		cli_error("%s: cannot open: %s", path, strerror(errno));
		return CLI_USAGE;
	}
	if (S_ISDIR(sb.st_mode)) {
		cli_error("%s: is a directory", path);
		return CLI_USAGE;
	}
	index_sqlite_setup();
	int flags = (writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_NOMUTEX;
	if (sqlite3_open_v2(path, &x->db, flags, NULL) != SQLITE_OK) {
		index_sql_error(x->db, path, "cannot open");
		index_close(x);
		return CLI_USAGE;
	}
	sqlite3_busy_timeout(x->db, INDEX_BUSY_MS);
	sqlite3_exec(x->db, "PRAGMA cache_size = -16384", NULL, NULL, NULL);
	/* reading: the file mapped (no read(2) and copy a page), and one read
	 * transaction for all of it (no lock taken and checked a statement) */
	if (!writable && sqlite3_exec(x->db, "PRAGMA mmap_size = 2147418112; BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		index_sql_error(x->db, path, "cannot read it");
		index_close(x);
		return CLI_USAGE;
	}
	long long app = pragma_int(x, "PRAGMA application_id");
	long long version = app < 0 ? -1 : pragma_int(x, "PRAGMA user_version");
	if (app < 0 || version < 0) {
		index_close(x);
		return CLI_USAGE;
	}
	if (app != INDEX_APPLICATION_ID) {
		cli_error("%s: not a kifu index (an SQLite database of another program)", path);
		index_close(x);
		return CLI_USAGE;
	}
	if (version != INDEX_FORMAT) {
		cli_error("%s: an index of format %lld; this kifu-index reads format %d (build it again)",
			  path, version, INDEX_FORMAT);
		index_close(x);
		return CLI_USAGE;
	}
	long long boards = pragma_int(x, "SELECT count(*) FROM sqlite_schema WHERE name = 'boards'");
	x->boards = boards > 0;
	long long games = boards < 0 ? -1 :
			  pragma_int(x, "SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta"
					" WHERE key = 'explorer_games'), -1)");
	long long bits = games < 0 ? -1 :
			 pragma_int(x, "SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta"
				       " WHERE key = 'key_bits'), -1)");
	if (boards >= 0 && (games < 1 || games > INDEX_EXPLORER_GAMES_MAX || bits < 1 || bits > 64)) {
		cli_error("%s: not a whole kifu index (its meta table says no explorer_games or key_bits)", path);
		boards = -1;
	}
	x->explorer_games = (long)games;
	x->key_bits = (int)bits;
	if (boards < 0 || read_variants(x)) {
		index_close(x);
		return CLI_USAGE;
	}
	index_set_key_bits(x->key_bits);
	if (sqlite3_prepare_v2(x->db,
			       "SELECT s.path, r.number, r.line, r.variant, r.notation, r.plies,"
			       " coalesce(r.result, ''), coalesce(r.date, ''), r.compact"
			       " FROM records r JOIN sources s ON s.id = r.source WHERE r.id = ?",
			       -1, &x->get_record, NULL) != SQLITE_OK) {
		index_sql_error(x->db, path, "not a kifu index of this format");
		index_close(x);
		return CLI_USAGE;
	}
	return CLI_OK;
}

void index_close(index_db *x)
{
	sqlite3_finalize(x->get_record);
	sqlite3_close(x->db);
	for (int i = 0; i < x->nvariants; i++)
		free(x->variants[i].name);
	free(x->variants);
	memset(x, 0, sizeof *x);
}

static int variant_index(const index_db *x, int64_t id)
{
	for (int i = 0; i < x->nvariants; i++)
		if (x->variants[i].id == id)
			return i;
	return -1;
}

int index_load(index_db *x, int64_t id, kifu_record *rec, const kifu_variant **v,
	       struct index_row *row)
{
	sqlite3_stmt *st = x->get_record;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE)
		return 0;
	if (rc != SQLITE_ROW)
		return index_sql_error(x->db, x->path, "cannot read a record");
	const char *file = (const char *)sqlite3_column_text(st, 0);
	const char *notation = (const char *)sqlite3_column_text(st, 4);
	const char *text = (const char *)sqlite3_column_text(st, 8);
	int vi = variant_index(x, sqlite3_column_int64(st, 3));
	if (!file || !notation || !text || vi < 0) {
		cli_error("%s: record %lld: not a whole kifu index (damaged)", x->path, (long long)id);
		return CLI_USAGE;
	}
	row->id = id;
	row->file = file;
	row->number = (long)sqlite3_column_int64(st, 1);
	row->line = (long)sqlite3_column_int64(st, 2);
	row->variant = vi;
	row->notation = notation;
	row->plies = (long)sqlite3_column_int64(st, 5);
	row->result = (const char *)sqlite3_column_text(st, 6);
	row->date = (const char *)sqlite3_column_text(st, 7);
	if (!row->result)
		row->result = "";
	if (!row->date)
		row->date = "";
	const kifu_variant *found = NULL;
	if (kifu_compact_parse(rec, text, (size_t)sqlite3_column_bytes(st, 8), file, row->line, x->set,
			       &found)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (kifu_record_error(rec, NULL, NULL, NULL, NULL) && found) {
		cli_error("%s: record %lld: its text does not read back (damaged)", x->path, (long long)id);
		return CLI_USAGE;
	}
	kifu_record_set_notation(rec, notation);
	*v = found;
	return 1;
}
