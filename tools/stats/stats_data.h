/*
 * stats_data.h - the aggregates of kifu-stats (docs/stats.md): what is
 * counted per variant, counting a record, merging partial results, and
 * writing them out as a tree (JSON here, YAML in stats_yaml.c) or as text.
 *
 * Everything written is a sum, so partial results over shards add up to the
 * result over the whole: the length distribution is kept as its full
 * histogram (plies -> records), and min, quartiles and max are derived from
 * it when written, never stored.
 */
#ifndef KIFU_STATS_DATA_H
#define KIFU_STATS_DATA_H

#include <stdint.h>
#include <stdio.h>

#include <kifu/kifu.h>

#include "stats/stats_judgement.h"

/* The identifier of the JSON/YAML output, its "format" key. */
#define STATS_FORMAT "kifu-stats/1"

/* The deepest opening tree (--openings N), and the longest --by prefix. */
#define STATS_MAX_OPENINGS 40
#define STATS_MAX_BY_CHARS 1000
/* The longest --by value, in bytes: a longer one is cut between two
 * characters within this many bytes. */
#define STATS_MAX_BY_BYTES 4095

/* The results a record can have (docs/stats.md, "Results"). */
enum stats_result { STATS_SENTE, STATS_GOTE, STATS_DRAW, STATS_UNKNOWN, STATS_NRESULTS };
extern const char *const stats_result_keys[STATS_NRESULTS];

/* Move facts per piece kind, indexed by the variant's piece type. */
enum stats_piece_field {
	STATS_P_MOVES, STATS_P_CAPTURES, STATS_P_CAPTURED, STATS_P_PROMOTIONS,
	STATS_P_DECLINED, STATS_P_DROPS, STATS_NPIECE_FIELDS
};
extern const char *const stats_piece_keys[STATS_NPIECE_FIELDS];

/* Move facts of a variant, over all pieces. */
enum stats_move_field {
	STATS_M_CAPTURES, STATS_M_PROMOTIONS, STATS_M_DECLINED, STATS_M_TWO_LEG,
	STATS_M_PASSES, STATS_M_IGUI, STATS_M_DROPS, STATS_M_LION_TRADES, STATS_M_COUNTER_STRIKES,
	STATS_NMOVE_FIELDS
};
extern const char *const stats_move_keys[STATS_NMOVE_FIELDS];

/* How the rules ended games (kifu_validation): a royal lost, no legal move;
 * and records in which a position occurs a fourth time. */
enum stats_rule_field { STATS_R_ROYAL_LOST, STATS_R_NO_MOVES, STATS_R_REPETITION, STATS_NRULE_FIELDS };
extern const char *const stats_rule_keys[STATS_NRULE_FIELDS];

/* --by player: the player's side of the records (docs/stats.md, "Groups"). */
enum stats_player_field {
	STATS_PL_AS_SENTE, STATS_PL_AS_GOTE, STATS_PL_WINS, STATS_PL_LOSSES, STATS_PL_DRAWS,
	STATS_NPLAYER_FIELDS
};
extern const char *const stats_player_keys[STATS_NPLAYER_FIELDS];

/* The counts of one piece type in a group.  A group holds only the types
 * that something was counted for, in the order of their type: a group is
 * a player's or a date's, and a corpus has hundreds of thousands of them. */
struct stats_piece {
	const char *id;   /* the piece's id and English name, kept once for */
	const char *name; /* every group (struct stats' names) */
	int type;
	uint64_t n[STATS_NPIECE_FIELDS];
};

/* One length of the histogram: records of `plies` plies.  A group holds
 * the lengths it has records of, in order. */
struct stats_length {
	uint64_t plies, n;
};

/* Strings kept once however many groups name them (the pieces' ids and
 * names): open addressing over copies. */
struct stats_names_pool {
	char **slots;
	size_t n, cap;      /* cap a power of two, or 0 */
};

struct stats_count {
	char *key;
	uint64_t n;
	uint64_t stamp; /* --merge: the map that last gave it (a key twice in one map) */
};

/* Finds the entries of an array by their key (a string) in constant time,
 * however many there are: a part may hold millions of variant names.  Open
 * addressing; built once the array outgrows a linear search, dropped when
 * the array is sorted and rebuilt on the next lookup. */
struct stats_index {
	size_t *slots;  /* entry + 1; 0: free */
	size_t cap;     /* a power of two, or 0: no index */
};

/* A node of the opening tree: the records whose main line begins with the
 * moves of key (compact, one space between them: "7g7f 3c3d"), and their
 * results. */
struct stats_node {
	char *key;
	uint64_t records;
	uint64_t results[STATS_NRESULTS];
};

struct stats_group {
	char *variant;
	char *value;     /* --by's value ("" for records without the tag); NULL without --by */
	char *key;       /* what the index finds it by: the variant, or LEN:VALUE VARIANT */
	uint64_t stamp;  /* --merge: the document that last gave it */
	uint64_t records, valid, invalid, plies;
	uint64_t results[STATS_NRESULTS];
	uint64_t rules[STATS_NRULE_FIELDS];
	uint64_t moves[STATS_NMOVE_FIELDS];
	struct stats_count *endings;
	size_t nendings, endings_cap;
	struct stats_index endings_index;
	struct stats_length *hist; /* the lengths with records, by plies */
	size_t nhist, hist_cap;
	struct stats_piece *pieces; /* the types counted for, by type */
	size_t npieces, pieces_cap;
	uint64_t player[STATS_NPLAYER_FIELDS]; /* --by player */
	/* --openings: the tree's nodes (any order; sorted when written), and
	 * the records left out of it, which start elsewhere than the variant's
	 * own start */
	struct stats_node *nodes;
	size_t nnodes, nodes_cap;
	struct stats_index nodes_index;
	uint64_t other_start;
	struct stats_judgement *judgement; /* NULL until a record of it had a judged move */
};

/* --by: what groups the records besides their variant. */
struct stats_by {
	char *spec;      /* as given ("date:4", "player", "event"); NULL: by variant only */
	char *tag;       /* the tag ("date"); NULL for player */
	long chars;      /* only the value's first chars characters; 0: all of it */
	int player;      /* by player: a record in the group of its sente and of its gote */
};

/* The records, plies, valid and invalid written at the top: the sums over
 * the groups, which --merge keeps so that no sum overflows when written. */
enum { STATS_T_RECORDS, STATS_T_PLIES, STATS_T_VALID, STATS_T_INVALID, STATS_NTOTALS };
extern const char *const stats_total_keys[STATS_NTOTALS];

struct stats {
	struct stats_group **groups;
	size_t ngroups, groups_cap;
	struct stats_index index;
	uint64_t merged[STATS_NTOTALS]; /* --merge: the totals so far */
	uint64_t serial;                /* --merge: numbers the maps read (stamps) */
	struct stats_by by;
	int openings;                   /* --openings N: the tree's depth; 0: no tree */
	int shape_set;                  /* --merge: by and openings are set (a document read) */
	struct stats_names_pool names;  /* the pieces' ids and names */
	kifu_position *pos;             /* scratch for counting records */
	const kifu_variant *start_v;    /* the variant whose own start's key is start_key */
	uint64_t start_key;
	struct stats_judged_moves judged; /* the judged moves of the record being counted */
};

void stats_init(struct stats *st);
void stats_free(struct stats *st);

/* --by SPEC: "player", "TAG" or "TAG:N" (the first N characters of the
 * value: "date:4", a year).  0, or KIFU_ESYNTAX with diag (col: in SPEC). */
int stats_set_by(struct stats *st, const char *spec, kifu_diag *diag);

/* The group of this --by value (NULL without --by) and variant name, made if
 * new; NULL when out of memory. */
struct stats_group *stats_group(struct stats *st, const char *value, const char *variant);
/* The opening-tree node of key in g, made (0) if new; NULL when out of
 * memory. */
struct stats_node *stats_node(struct stats_group *g, const char *key);
/* The count of this ending word in g, made (0) if new; NULL when out of
 * memory. */
struct stats_count *stats_ending(struct stats_group *g, const char *word);
/* Adds n records of p plies to the histogram.  0, KIFU_EINVAL (more plies
 * than a record may have), KIFU_ELIMIT (the count would overflow) or
 * KIFU_ENOMEM. */
int stats_add_length(struct stats_group *g, uint64_t plies, uint64_t n);
/* The counts of piece type t in g, named id and name when new (the names
 * kept once in st).  NULL when out of memory, or when the type already has
 * another id in g (*rc KIFU_EINVAL; else KIFU_ENOMEM). */
struct stats_piece *stats_name_piece(struct stats *st, struct stats_group *g, int t, const char *id,
				     const char *name, int *rc);

/* Min, quartiles and max of the lengths (docs/stats.md): the nearest-rank
 * quartile is the smallest length L such that at least ceil(p * N) of the
 * N records have L plies or fewer.  Begin with N, then add each length with
 * its records, in increasing order. */
struct stats_lengths {
	int any;
	uint64_t v[5]; /* min, q1, median, q3, max */
	uint64_t rank[3], cum;
	int next;
};
extern const char *const stats_length_keys[5];
void stats_lengths_begin(struct stats_lengths *l, uint64_t records);
void stats_lengths_add(struct stats_lengths *l, uint64_t plies, uint64_t n);

/* Counts one record: v is its variant (NULL if unknown).  Plays the main
 * line to its first illegal move.  Returns 0 or KIFU_ENOMEM. */
int stats_add_record(struct stats *st, const kifu_record *rec, const kifu_variant *v);
/* Counts a record that could not be read at all (a line too long). */
int stats_add_lost(struct stats *st);

/* The output as a tree of maps, lists, strings, numbers and nulls. */
struct stats_emitter {
	void *ctx;
	void (*begin_map)(void *ctx);
	void (*end_map)(void *ctx);
	void (*begin_list)(void *ctx);
	void (*end_list)(void *ctx);
	void (*key)(void *ctx, const char *key);
	void (*string)(void *ctx, const char *s);
	void (*number)(void *ctx, uint64_t n);
	void (*null)(void *ctx);
};
/* The writers sort the groups by name and the endings by word first. */
void stats_emit(struct stats *st, const struct stats_emitter *e);

/* JSON: one object on one line.  Returns 0, or the JSON writer's failure
 * (kifu/json.h: KIFU_EIO, KIFU_ENOMEM). */
int stats_write_json(FILE *out, struct stats *st);

/* How the outputs for people (stats_text.c) name pieces. */
struct stats_names {
	int japanese;                    /* --names=ja: the variant's Japanese names */
	const kifu_variant_set *variants; /* where the variants are found (NULL: shipped) */
	int csv_exact;                   /* --csv-exact: CSV cells byte for byte (escape.h) */
};
/* Aligned tables. */
void stats_write_text(FILE *out, struct stats *st, const struct stats_names *names);
/* CSV: a header, then one row per group and measure (group, variant,
 * measure, value). */
void stats_write_csv(FILE *out, struct stats *st, const struct stats_names *names);
/* The writers sort the groups, endings and nodes first (stats_data.c). */
void stats_sort(struct stats *st);
/* Min, quartiles and max of a group's lengths. */
struct stats_lengths stats_group_lengths(const struct stats_group *g);
/* Whether something was counted for piece p (the writers leave out a type
 * whose counts are all 0). */
int stats_piece_used(const struct stats_piece *p);

/* YAML through libyaml's emitter (stats_yaml.c).  Returns 0 or KIFU_EIO. */
int stats_write_yaml(FILE *out, struct stats *st);
/* Adds the partial results read from in (the JSON or YAML that kifu-stats
 * writes; several documents may follow one another), as they are read: no
 * document is built, so memory grows with the distinct keys only.  A key
 * given twice in one map, counts that do not add up (valid + invalid is not
 * records, ...) and a sum past 2^64 - 1 are errors.  Returns 0, or a
 * negative code with diag filled (file, line, column). */
int stats_merge_file(struct stats *st, FILE *in, const char *name, kifu_diag *diag);

#endif
