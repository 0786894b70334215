/*
 * index_sort.c - sorting pairs (key, record) in a bounded cache
 * (index_build.h).
 *
 * Pairs are kept in the cache, 12 bytes each; when it is full it is sorted
 * and written to a temporary file, a run; at the end the runs are merged,
 * FAN_IN at a time, and each pair handed on once, in order.  The memory taken is the
 * cache and a buffer per run being merged, whatever the input.  A build
 * sorts its positions so (by table, key, record: the order of the blocks),
 * and the explorer the positions many games reach (by record, key: the
 * order in which the records are replayed).
 */
#include "index/index_build.h"
#include "lib/cli.h"

#include <stdlib.h>
#include <string.h>

/* Runs merged at once: the rest are merged in passes. */
#define FAN_IN 64
/* Entries read from a run at a time (36 KiB). */
#define RUN_BUF 3072

/* An entry's record: its low 31 bits; the table is the bit above. */
#define RECORD_BITS 0x7FFFFFFFu

static uint64_t key_of(const struct index_entry *e)
{
	return (uint64_t)e->key_hi << 32 | e->key_lo; /* with its sign bit flipped */
}

/* a < b in the order: (table, key, record), or (record, table, key) */
static int before(const struct index_entry *a, const struct index_entry *b, int by_record)
{
	if (by_record && (a->tagged & RECORD_BITS) != (b->tagged & RECORD_BITS))
		return (a->tagged & RECORD_BITS) < (b->tagged & RECORD_BITS);
	if ((a->tagged >> 31) != (b->tagged >> 31))
		return (a->tagged >> 31) < (b->tagged >> 31);
	uint64_t x = key_of(a), y = key_of(b);
	if (x != y)
		return x < y;
	return a->tagged < b->tagged;
}

static int same(const struct index_entry *a, const struct index_entry *b)
{
	return a->key_hi == b->key_hi && a->key_lo == b->key_lo && a->tagged == b->tagged;
}

/* The sorts keep the order of equal entries: a record's entries come
 * after those of the records before it, so that each key's records stay in
 * order; by record, the keys of a record stay in the order they came.
 * Least-significant-digit radix sorts, 11 bits a pass, between a and tmp,
 * with every pass's counts made in one read; a pass whose digit is the
 * same in every entry is skipped.  The sorted entries end in a. */
#define RADIX_BITS 11
#define RADIX (1 << RADIX_BITS)
#define KEY_PASSES 6    /* 66 bits: the key's 64 */
#define RECORD_PASSES 3 /* 33 bits: the record's 31 */
static unsigned digit(const struct index_entry *x, int pass, int by_record)
{
	if (by_record)
		return ((x->tagged & RECORD_BITS) >> (pass * RADIX_BITS)) & (RADIX - 1);
	return (unsigned)((key_of(x) >> (pass * RADIX_BITS)) & (RADIX - 1));
}

static void radix_sort(struct index_entry *a, struct index_entry *tmp, size_t n, int by_record)
{
	static size_t count[KEY_PASSES][RADIX];
	int passes = by_record ? RECORD_PASSES : KEY_PASSES;
	memset(count, 0, sizeof count);
	for (size_t i = 0; i < n; i++)
		for (int p = 0; p < passes; p++)
			count[p][digit(&a[i], p, by_record)]++;
	struct index_entry *from = a, *to = tmp;
	for (int p = 0; p < passes; p++) {
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
			to[count[p][digit(&from[i], p, by_record)]++] = from[i];
		struct index_entry *t = from;
		from = to;
		to = t;
	}
	if (from != a && n)
		memcpy(a, from, n * sizeof *a);
}

/* Sorts e[0..n) by table and key, or by record.  By key: first by the
 * table and the key's top 15 bits (one pass into 65,536 buckets, from e to
 * tmp), then each bucket: by insertion when it is small (random keys put 40
 * or so in each of a cache's, rarely 100), by the radix sort when it is not
 * (keys alike: the start position's, a test's short keys).  A fifth faster than
 * six radix passes over the whole; qsort took a third of the build. */
#define TOP_BITS 16
#define SMALL_BUCKET 256
static size_t bucket_start[(1 << TOP_BITS) + 1];

static unsigned top_digit(const struct index_entry *x)
{
	return (x->tagged >> 31) << (TOP_BITS - 1) | x->key_hi >> (32 - (TOP_BITS - 1));
}

static void insertion_sort(struct index_entry *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct index_entry x = a[i];
		size_t j = i;
		for (; j > 0 && before(&x, &a[j - 1], 0); j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

static void sort_entries(struct index_entry *e, struct index_entry *tmp, size_t n, int by_record)
{
	if (by_record) {
		radix_sort(e, tmp, n, 1);
		return;
	}
	size_t *start = bucket_start;
	memset(bucket_start, 0, sizeof bucket_start);
	for (size_t i = 0; i < n; i++)
		start[top_digit(&e[i]) + 1]++;
	for (size_t d = 0; d < (size_t)1 << TOP_BITS; d++)
		start[d + 1] += start[d];
	for (size_t i = 0; i < n; i++)
		tmp[start[top_digit(&e[i])]++] = e[i];
	/* start[d] is now the end of bucket d; each sorted in tmp, with e's
	 * same place to spare */
	for (size_t d = 0, from = 0; d < (size_t)1 << TOP_BITS; from = start[d++]) {
		size_t m = start[d] - from;
		if (m <= SMALL_BUCKET)
			insertion_sort(tmp + from, m);
		else
			radix_sort(tmp + from, e + from, m, 0);
	}
	if (n)
		memcpy(e, tmp, n * sizeof *e);
}

/* Hands entry e on: its table, key (the sign bit back) and record. */
static int hand_on(index_entry_fn fn, void *ctx, const struct index_entry *e)
{
	return fn(ctx, (int)(e->tagged >> 31), (int64_t)(key_of(e) ^ (1ull << 63)),
		  (int64_t)(e->tagged & RECORD_BITS));
}

int index_sorter_init(struct index_sorter *s, const char *path, long cache_mb)
{
	memset(s, 0, sizeof *s);
	s->path = path;
	s->cap = (size_t)cache_mb * 1024 * 1024 / 2 / sizeof *s->entries;
	if (!(s->entries = malloc(s->cap * sizeof *s->entries)) ||
	    !(s->sorting = malloc(s->cap * sizeof *s->entries))) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	return CLI_OK;
}

void index_sorter_order(struct index_sorter *s, int by_record)
{
	s->by_record = by_record;
}

static int temporary_error(const struct index_sorter *s)
{
	cli_error("%s: cannot write a temporary file (TMPDIR)", s->path);
	return CLI_USAGE;
}

/* Writes the sorted cache as a run. */
static int spill(struct index_sorter *s)
{
	sort_entries(s->entries, s->sorting, s->n, s->by_record);
	FILE **runs = realloc(s->runs, (size_t)(s->nruns + 1) * sizeof *runs);
	if (!runs) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	s->runs = runs;
	FILE *f = tmpfile();
	if (!f || fwrite(s->entries, sizeof *s->entries, s->n, f) != s->n || fflush(f)) {
		if (f)
			fclose(f);
		return temporary_error(s);
	}
	runs[s->nruns++] = f;
	s->n = 0;
	return CLI_OK;
}

int index_sorter_add(struct index_sorter *s, int table, int64_t key, int64_t record)
{
	if (record < 1 || record > (int64_t)RECORD_BITS) {
		cli_error("%s: more records than an index holds (%u)", s->path, RECORD_BITS);
		return CLI_USAGE;
	}
	if (s->n == s->cap && spill(s))
		return CLI_USAGE;
	struct index_entry *e = &s->entries[s->n++];
	uint64_t k = (uint64_t)key ^ (1ull << 63);
	e->key_hi = (uint32_t)(k >> 32);
	e->key_lo = (uint32_t)k;
	e->tagged = (uint32_t)record | (uint32_t)(table != 0) << 31;
	s->added++;
	return CLI_OK;
}

struct run {
	FILE *f;
	struct index_entry buf[RUN_BUF];
	size_t n, at;
};

static int run_fill(struct run *r)
{
	r->n = fread(r->buf, sizeof r->buf[0], RUN_BUF, r->f);
	r->at = 0;
	return r->n > 0;
}

/* The merge's tree of losers: leaves the runs (k of them, as many again
 * up to a power of two as runs at their end), each inner node the run that
 * lost the match there, tree[0] the one that won them all; a run at its
 * end loses to every other.  An entry out, its run's next plays its way up
 * again: one comparison a level (a heap took two). */
struct merge_tree {
	struct run *runs;
	int *tree;
	int k, leaves, by_record;
};

static int beats(const struct merge_tree *t, int a, int b)
{
	const struct run *x = &t->runs[a], *y = &t->runs[b];
	if (a >= t->k || x->at == x->n)
		return 0;
	if (b >= t->k || y->at == y->n)
		return 1;
	return before(&x->buf[x->at], &y->buf[y->at], t->by_record);
}

/* The winner of the matches below node, their losers kept. */
static int play(struct merge_tree *t, int node)
{
	if (node >= t->leaves)
		return node - t->leaves;
	int l = play(t, 2 * node), r = play(t, 2 * node + 1);
	if (beats(t, r, l)) {
		t->tree[node] = l;
		return r;
	}
	t->tree[node] = r;
	return l;
}

/* The winner's run has moved on: its matches played again. */
static void replay_from(struct merge_tree *t, int leaf)
{
	int winner = leaf;
	for (int node = (leaf + t->leaves) / 2; node >= 1; node /= 2)
		if (beats(t, t->tree[node], winner)) {
			int w = t->tree[node];
			t->tree[node] = winner;
			winner = w;
		}
	t->tree[0] = winner;
}

/* Merges files[0..n) into the file out, or hands each entry to fn when out
 * is NULL.  Closes the files. */
static int merge_runs(struct index_sorter *s, FILE **files, int n, FILE *out, index_entry_fn fn, void *ctx)
{
	struct merge_tree t = {NULL, NULL, n, 1, s->by_record};
	while (t.leaves < n)
		t.leaves *= 2;
	t.runs = malloc((size_t)n * sizeof *t.runs);
	t.tree = malloc((size_t)t.leaves * sizeof *t.tree);
	int status = CLI_OK, failed_out = 0;
	if (!t.runs || !t.tree) {
		cli_error("out of memory");
		status = CLI_USAGE;
	}
	for (int i = 0; status == CLI_OK && i < n; i++) {
		t.runs[i].f = files[i];
		rewind(files[i]);
		run_fill(&t.runs[i]);
	}
	if (status == CLI_OK)
		t.tree[0] = play(&t, 1);
	struct index_entry last;
	int any = 0;
	while (status == CLI_OK) {
		struct run *r = &t.runs[t.tree[0] < n ? t.tree[0] : 0];
		if (t.tree[0] >= n || r->at == r->n)
			break; /* every run at its end */
		const struct index_entry *e = &r->buf[r->at];
		if (!any || !same(e, &last)) { /* the same entry twice: once */
			if (out && fwrite(e, sizeof *e, 1, out) != 1)
				failed_out = status = CLI_USAGE;
			else if (!out)
				status = hand_on(fn, ctx, e);
			last = *e;
			any = 1;
		}
		if (++r->at == r->n)
			run_fill(r);
		replay_from(&t, t.tree[0]);
	}
	for (int i = 0; i < n; i++)
		if (ferror(files[i]))
			failed_out = status = CLI_USAGE;
	if (failed_out || (status == CLI_OK && out && fflush(out)))
		status = temporary_error(s);
	for (int i = 0; i < n; i++)
		fclose(files[i]);
	free(t.runs);
	free(t.tree);
	return status;
}

int index_sorter_finish(struct index_sorter *s, index_entry_fn fn, void *ctx)
{
	if (!s->nruns) {
		sort_entries(s->entries, s->sorting, s->n, s->by_record);
		int status = CLI_OK;
		for (size_t i = 0; status == CLI_OK && i < s->n; i++)
			if (i == 0 || !same(&s->entries[i - 1], &s->entries[i]))
				status = hand_on(fn, ctx, &s->entries[i]);
		s->n = 0;
		return status;
	}
	if (s->n && spill(s))
		return CLI_USAGE;
	while (s->nruns > FAN_IN) {
		FILE *out = tmpfile();
		if (!out)
			return temporary_error(s);
		int rc = merge_runs(s, s->runs, FAN_IN, out, NULL, NULL);
		memmove(s->runs, s->runs + FAN_IN, (size_t)(s->nruns - FAN_IN) * sizeof *s->runs);
		s->nruns -= FAN_IN;
		s->runs[s->nruns++] = out;
		if (rc)
			return rc;
	}
	int rc = merge_runs(s, s->runs, s->nruns, NULL, fn, ctx);
	s->nruns = 0;
	return rc;
}

void index_sorter_free(struct index_sorter *s)
{
	for (int i = 0; i < s->nruns; i++)
		fclose(s->runs[i]);
	free(s->runs);
	free(s->entries);
	free(s->sorting);
	memset(s, 0, sizeof *s);
}
