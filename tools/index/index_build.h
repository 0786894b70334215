/*
 * index_build.h - making an index and adding to one (index_build.c): the
 * pairs sorted in a bounded cache (index_sort.c), written as blocks
 * (index_blocks.c), the explorer's counts made from them
 * (index_explorer.c); joining parts and writing an index as text
 * (index_merge.c).
 */
#ifndef KIFU_INDEX_BUILD_H
#define KIFU_INDEX_BUILD_H

#include "index/index.h"
#include "lib/inputs.h"

struct index_build_options {
	const char *path;    /* the index */
	int boards;          /* build: with the boards table (--boards) */
	long cache_mb;       /* the cache of positions: --cache MiB */
	long explorer_games; /* build: --explorer-games N */
	int nfiles;
	char *const *files;
};

/* The cache's default: 64 MiB, 4 Mi positions. */
#define INDEX_CACHE_MB 64

/* build -o PATH: a new index of the records of the files, written through a
 * temporary file renamed over PATH at the end.  add PATH: the records
 * added to the index, in one transaction that holds its write lock.
 * Records that are not valid are reported as kifu-validate reports them
 * and left out; the summary is said on standard error (not with -q).
 * CLI_OK, or CLI_USAGE after saying why (then the index is as it was). */
int index_build(const struct index_build_options *o, struct inputs_variants *vars);
int index_add(const struct index_build_options *o, struct inputs_variants *vars);

/* merge -o PATH PART...: the index one build over the parts' inputs, in
 * that order, would have made.  CLI_OK or CLI_USAGE. */
int index_merge(const char *path, int nparts, char *const *parts, const kifu_variant_set *set);

/* dump: the index as text, in an order that depends on its content only
 * (docs/index.md).  CLI_OK or CLI_USAGE. */
int index_dump(const char *path, FILE *out, const kifu_variant_set *set);

/* --- index_sort.c ------------------------------------------------------------------ */

/* A pair of a table (0 positions, 1 boards) as the sorter keeps it: the
 * key with its sign bit flipped (so that unsigned order is SQLite's), the
 * record (31 bits) and the table above it. */
struct index_entry {
	uint32_t key_hi, key_lo;
	uint32_t tagged;
};
typedef int (*index_entry_fn)(void *ctx, int table, int64_t key, int64_t record);

struct index_sorter {
	const char *path;               /* the index, for messages */
	int by_record;                  /* the order: 0 (table, key, record), 1 (record, key) */
	struct index_entry *entries, *sorting; /* the cache, and as much to sort it */
	size_t n, cap;
	FILE **runs;
	int nruns;
	long long added;
};

/* A sorter of cache_mb MiB (half the entries, half to sort them).  CLI_OK
 * or CLI_USAGE (out of memory, said). */
int index_sorter_init(struct index_sorter *s, const char *path, long cache_mb);
/* The order of what is added next (when the sorter is empty). */
void index_sorter_order(struct index_sorter *s, int by_record);
int index_sorter_add(struct index_sorter *s, int table, int64_t key, int64_t record);
/* fn for each entry added, in order, once (the same entry added twice is
 * handed on once); the sorter is empty after, for another round.  CLI_OK
 * or CLI_USAGE (said, or fn's). */
int index_sorter_finish(struct index_sorter *s, index_entry_fn fn, void *ctx);
void index_sorter_free(struct index_sorter *s);

/* --- index_blocks.c: writing blocks ------------------------------------------------- */

/* A block is closed after the key that brings it to this many bytes. */
#define INDEX_BLOCK_BYTES 1024
/* A block larger than this (a key of very many records) is kept in a
 * temporary file while it is made. */
#define INDEX_BLOCK_MEMORY (1 << 20)

struct index_blocks_writer {
	sqlite3 *db;
	const char *path, *table;
	sqlite3_stmt *insert;
	uint8_t *buf;           /* the block being made (the end of it, when spooled) */
	size_t len, cap;
	FILE *spool;            /* its start, when it outgrew INDEX_BLOCK_MEMORY */
	size_t spooled;
	int open;               /* a block is begun */
	int64_t first, key, record; /* its first key, the last pair put */
	long long blocks;       /* written */
};

/* A writer of blocks into table, which pairs are put into in order (by
 * key, then record, each once).  CLI_OK or CLI_USAGE. */
int index_blocks_begin(struct index_blocks_writer *w, sqlite3 *db, const char *path, const char *table);
int index_blocks_put(struct index_blocks_writer *w, int64_t key, int64_t record);
/* Writes the last block. */
int index_blocks_end(struct index_blocks_writer *w);
void index_blocks_free(struct index_blocks_writer *w);

/* --- index_explorer.c: the explorer's tables ---------------------------------------- */

/* Made from the pairs of the positions table as they are written (each
 * key's records in order); the positions reached by at least the index's
 * explorer_games records (INDEX_EXPLORER_GAMES unless build says) are
 * replayed afterwards, their records in order, and counted. */
typedef struct index_explorer index_explorer;

/* An explorer for the database db, counting the positions that `games`
 * records reach, whose records above `old` (0 for a new index) are the
 * ones being added: a position counted before is counted on with them; one
 * that reaches `games` with them is counted over all its records.  variants[0..nvariants) are the index's, by id - 1
 * (NULL: not known to this run); set reads the records' text.  CLI_OK or
 * CLI_USAGE. */
int index_explorer_new(index_explorer **out, sqlite3 *db, const char *path, const kifu_variant_set *set,
		       const kifu_variant *const *variants, int nvariants, long games, long cache_mb,
		       int64_t old);
/* The next pair of the positions table, in its order. */
int index_explorer_put(index_explorer *e, int64_t key, int64_t record);
/* After the last pair: the positions counted, with sorter (empty) to sort
 * their records by; their rows written.  CLI_OK or CLI_USAGE. */
int index_explorer_finish(index_explorer *e, struct index_sorter *sorter);
void index_explorer_free(index_explorer *e);

#endif
