/*
 * index_build.h - making an index and adding to one (index_build.c),
 * joining parts and writing an index as text (index_merge.c).
 */
#ifndef KIFU_INDEX_BUILD_H
#define KIFU_INDEX_BUILD_H

#include "index/index.h"
#include "lib/inputs.h"

struct index_build_options {
	const char *path;    /* the index */
	int boards;          /* build: with the boards table (--boards) */
	long cache_mb;       /* the cache of positions: --cache MiB */
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

#endif
