/*
 * index.h - kifu-index's position index, an SQLite database (docs/index.md
 * has the schema and why it is so).
 *
 * index_db.c opens an index (made here, or read: checked to be a kifu
 * index of this format), knows its variants and loads a record from it;
 * index_find.c finds the records that reach a position: the rows of a key,
 * each confirmed by replaying the record, so that a hash collision never
 * gives a wrong answer.  Those two are what kifu-select --index links.
 * index_build.c builds and adds (records read, validated, their positions
 * sorted in runs of a bounded cache and merged into the table),
 * index_merge.c joins parts and dumps an index as text, index_report.c
 * writes what query and explore find.
 */
#ifndef KIFU_INDEX_H
#define KIFU_INDEX_H

#include <stdint.h>
#include <stdio.h>

#include <sqlite3.h>

#include <kifu/kifu.h>

/* PRAGMA application_id ("KIFX") and PRAGMA user_version: what tells a
 * kifu index of this format from any other database. */
#define INDEX_APPLICATION_ID 0x4B494658
#define INDEX_FORMAT 2

/* The explorer's tables count the positions that at least this many
 * records reach (each record once): a position fewer reach is explored by
 * replaying its records, at most this many less one. */
#define INDEX_EXPLORER_GAMES 256
/* What build --explorer-games N takes (the index keeps it: meta
 * 'explorer_games'). */
#define INDEX_EXPLORER_GAMES_MAX 65536

/* The positions table's key of a position: kifu_position_key of the
 * position without a counter-strike square (kifu-select --position does not
 * compare it), as SQLite's signed 64-bit integer. */
int64_t index_position_key(const kifu_position *pos, kifu_position **scratch);

/* The bits of the key an index keeps (its meta 'key_bits'): 64, or fewer
 * only for tests (KIFU_INDEX_KEY_BITS at build: positions then share keys
 * by the thousand, and every answer must still be exact).  Set when an
 * index is opened or begun; index_position_key keeps that many. */
void index_set_key_bits(int bits);
#define INDEX_KEY_BITS_ENV "KIFU_INDEX_KEY_BITS"

/* Writes pos's SFEN without a counter-strike square or a move number
 * (mirrored: each rank seen from the other side, file f as file files + 1
 * - f) into buf.  Its length, or KIFU_ELIMIT if it does not fit. */
int index_sfen(const kifu_position *pos, int mirrored, char *buf, size_t size);

/* One variant of an index: its row and the variant itself, NULL when the
 * program does not know it (a user's variant without its --variant-file). */
struct index_variant {
	int64_t id;
	char *name;
	const kifu_variant *v;
};

typedef struct index_db {
	sqlite3 *db;
	const char *path;
	int boards;                     /* the boards table is there (build --boards) */
	long explorer_games;            /* meta 'explorer_games' */
	int key_bits;                   /* meta 'key_bits' */
	struct index_variant *variants; /* in the order of their ids */
	int nvariants;
	const kifu_variant_set *set;    /* where variant names are looked up */
	sqlite3_stmt *get_record;
} index_db;

/* Opens the index at path for reading (writable: for adding, with the
 * write lock waited for up to INDEX_BUSY_MS), checks that it is a kifu
 * index of this format, and reads its variants.  CLI_OK, or CLI_USAGE
 * after saying why (no such file, not a database, another program's,
 * another format, damaged). */
int index_open(index_db *x, const char *path, int writable, const kifu_variant_set *set);
void index_close(index_db *x);
#define INDEX_BUSY_MS (10 * 60 * 1000)

/* What a new index is begun with (build, merge: both alike, so that a
 * merge makes the very file a build makes): 16 KiB pages (a tenth less
 * time building than SQLite's 4 KiB), no journal (the
 * file is a temporary one, removed if the run fails), one transaction. */
#define INDEX_NEW_PRAGMAS \
	"PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" \
	" PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -8192; BEGIN"

/* Makes the schema in a new, empty database (boards: with the boards
 * table; the explorer counting the positions explorer_games records reach;
 * keys of key_bits bits).  CLI_OK or CLI_USAGE after saying why. */
int index_create(sqlite3 *db, const char *path, int boards, long explorer_games, int key_bits);

/* Sets SQLite up for a program of one thread; before the first open. */
void index_sqlite_setup(void);

/* An SQLite error on x's database: "PROG: PATH: what: SQLite's message",
 * and CLI_USAGE. */
int index_sql_error(sqlite3 *db, const char *path, const char *what);

/* --- index_blocks.c: reading blocks ------------------------------------------------ */

/* The pairs (key, record) of one block of the positions or boards table,
 * read piece by piece (a block may be large). */
struct index_block_reader {
	const char *path, *table;
	sqlite3_blob *blob;             /* the row read, or */
	const uint8_t *mem;             /* a copy of it in memory, or */
	FILE *file;                     /* in a file (at its start) */
	int size, read, at, len;
	int64_t key, record;
	uint8_t buf[16384];
};

/* Opens the block of table whose first key is first (r zeroed, or opened
 * before: then reused).  CLI_OK or CLI_USAGE. */
int index_block_open(struct index_block_reader *r, sqlite3 *db, const char *path, const char *table,
		     int64_t first);
/* Reads a block's copy (mem, or file) of size bytes instead: the pairs of
 * the block whose first key is first. */
void index_block_from(struct index_block_reader *r, const char *path, const char *table, int64_t first,
		      const uint8_t *mem, FILE *file, int size);
/* Its next pair: 1, 0 at its end, or CLI_USAGE (damaged, said). */
int index_block_next(struct index_block_reader *r, int64_t *key, int64_t *record);
void index_block_close(struct index_block_reader *r);

/* The records of a key: its block found (the one of the greatest first key
 * not above it), read up to the key's end.  db, path and table set, the
 * rest zeroed; fn for each record, in increasing order (non-zero stops,
 * as CLI_USAGE).  CLI_OK or CLI_USAGE. */
struct index_blocks_finder {
	sqlite3 *db;
	const char *path, *table;
	sqlite3_stmt *locate;
	struct index_block_reader reader;
};
int index_blocks_find(struct index_blocks_finder *f, int64_t key,
		      int (*fn)(void *ctx, int64_t record), void *ctx);
void index_blocks_finder_free(struct index_blocks_finder *f);

/* Every pair of a table in order: scan_next gives 1 and the pair, 0 at the
 * end, or CLI_USAGE. */
struct index_blocks_scan {
	sqlite3 *db;
	const char *path, *table;
	sqlite3_stmt *blocks;
	struct index_block_reader reader;
	int open, any;
	int64_t last;
};
int index_blocks_scan_begin(struct index_blocks_scan *s, sqlite3 *db, const char *path, const char *table);
int index_blocks_scan_next(struct index_blocks_scan *s, int64_t *key, int64_t *record);
void index_blocks_scan_end(struct index_blocks_scan *s);

/* What the records table holds of a record besides its text. */
struct index_row {
	int64_t id;
	const char *file;     /* its source */
	long number, line;    /* its number in the source (1-based), its first line */
	int variant;          /* into x->variants */
	const char *notation; /* the notation it was read in */
	long plies;
	const char *result;   /* "sente", "gote", "draw", or "" */
	const char *date;     /* its date tag, or "" */
};

/* Loads record id into rec (parsed from its compact text, at its source's
 * place and in its notation) and *row (whose strings live until the next
 * load).  *v is its variant, NULL when unknown.  1, 0 when there is no
 * such record, or CLI_USAGE after saying why. */
int index_load(index_db *x, int64_t id, kifu_record *rec, const kifu_variant **v,
	       struct index_row *row);

/* --- index_find.c ----------------------------------------------------------- */

enum index_find_flags {
	INDEX_BOARD_ONLY = 1, /* the board alone: not the side to move, not the hands */
	INDEX_MIRROR = 2      /* the left-right mirror matches too */
};

/* The hash of a board (of nsq squares of codes) that the boards table is
 * keyed by; and the same of one square, to keep it up to date move by
 * move. */
uint64_t index_square_hash(int code, int sq);
uint64_t index_board_hash(const uint16_t *board, int nsq);

/* A board kept square by square along a line of play (from, first-leg
 * square and destination of each move), with its hash. */
struct index_board {
	int nsq;
	uint16_t sq[KIFU_MAX_SQUARES];
	uint64_t hash;
};
void index_board_set(struct index_board *b, const kifu_position *pos);
void index_board_move(struct index_board *b, const kifu_position *pos, const kifu_move *m);

/* Positions looked for (SFENs), as each variant of an index reads them. */
typedef struct index_find index_find;

/* The positions of sfens[0..n) as read by `only` (NULL: every variant of
 * the index that reads them).  With option NULL, an SFEN no variant reads
 * is no error: no record reaches it.  CLI_OK, or CLI_USAGE after saying why:
 * option "--position 'SFEN': column N: message" (the variant's reading
 * when only one variant is tried, else "no variant of the index reads it
 * (VARIANT: ...)"), or out of memory. */
int index_find_new(index_find **out, index_db *x, const char *option, char *const *sfens, int n,
		   const kifu_variant *only, unsigned flags);
void index_find_free(index_find *f);

/* The records that may reach some of the positions (every one that does,
 * and maybe a few that do not: a key's rows, or all records of the
 * variant for --board-only without a boards table), sorted, each once.
 * *ids lives as long as f.  CLI_OK or CLI_USAGE. */
int index_find_candidates(index_find *f, const int64_t **ids, long *n);

/* Does the record's main line reach position `which` (0..n-1): 1 with
 * *ply the first ply it does (0: the start), 0, or a negative KIFU_E
 * code. */
int index_find_confirm(index_find *f, int which, const kifu_record *rec, const kifu_variant *v,
		       long *ply);

/* The SFEN of position `which` as variant v reads it (the variant the
 * record that reached it has), without its move number; NULL if v does
 * not read it. */
const char *index_find_sfen(const index_find *f, int which, const kifu_variant *v);

/* The key of position `which` as variant x->variants[variant] reads it:
 * 1 and *key, or 0 when that variant does not read it. */
int index_find_key(const index_find *f, int which, int variant, int64_t *key);
/* Leaves position `which` as x->variants[variant] reads it out: its
 * records are no candidates, none is confirmed, it has no SFEN. */
void index_find_drop(index_find *f, int which, int variant);

/* kifu-select --index: h->record for each record of the index that may
 * reach one of sfens[0..n) (every record when n is 0), in the order they
 * were indexed, with its number in its source; kifu-select's own criteria
 * then decide.  CLI_OK, or CLI_USAGE after saying why. */
struct inputs_handlers;
struct inputs_variants;
int index_each_record(const char *path, char *const *sfens, int n, unsigned flags,
		      const struct inputs_variants *vars, const struct inputs_handlers *h);

#endif
