/*
 * select_dedupe.c - telling duplicate records (kifu-select --dedupe;
 * select.h).
 *
 * Each record is reduced to a 128-bit hash of its key (man/kifu-select.1,
 * DUPLICATES) and only the hashes are kept, with where each was first
 * seen: memory grows with the distinct records (32 bytes each, in a table
 * at most three quarters full), not with their text.  Two different
 * records are taken for one with a chance of about n^2 / 2^129 for n
 * records: never, in practice.
 */
#include "select/select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	uint64_t a, b;   /* the hash; a == b == 0: a free slot */
	long line;       /* where the first such record starts */
	uint32_t file;
};

struct select_dedupe {
	enum select_dedupe_key key;
	struct entry *slots;
	size_t cap, count;   /* cap: a power of two */
	char **files;        /* the names of the files records came from */
	uint32_t nfiles;
	kifu_position *pos;  /* for the start position */
};

select_dedupe *select_dedupe_new(enum select_dedupe_key key)
{
	select_dedupe *d = calloc(1, sizeof *d);
	if (d)
		d->key = key;
	return d;
}

void select_dedupe_free(select_dedupe *d)
{
	if (!d)
		return;
	free(d->slots);
	for (uint32_t i = 0; i < d->nfiles; i++)
		free(d->files[i]);
	free(d->files);
	kifu_position_free(d->pos);
	free(d);
}

/* --- the hash ------------------------------------------------------------------- */

/* Two 64-bit halves, each a chain of a different bijective mixer over the
 * key's words, so that they fail independently. */
struct hasher {
	uint64_t a, b;
};

static uint64_t mix_a(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

static uint64_t mix_b(uint64_t x)
{
	x = (x ^ (x >> 33)) * 0xFF51AFD7ED558CCDull;
	x = (x ^ (x >> 33)) * 0xC4CEB9FE1A85EC53ull;
	return x ^ (x >> 33);
}

static void hash_word(struct hasher *h, uint64_t w)
{
	h->a = mix_a(h->a ^ w) + 0x9E3779B97F4A7C15ull;
	h->b = mix_b(h->b + (w << 17 | w >> 47)) ^ 0x2545F4914F6CDD1Dull;
}

/* The bytes, eight at a time, then their number: "ab" + "c" is not "a" + "bc". */
static void hash_bytes(struct hasher *h, const char *s, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		hash_word(h, w);
	}
	uint64_t w = 0;
	memcpy(&w, s + i, n - i);
	hash_word(h, w);
	hash_word(h, n);
}

static void hash_string(struct hasher *h, const char *s)
{
	hash_bytes(h, s, strlen(s));
}

/* --- the keys ------------------------------------------------------------------- */

/* A move as parsed: what kifu-diff compares, whatever the notation. */
static uint64_t move_word(const kifu_move *m)
{
	if (m->flags & KIFU_MOVE_DROP)
		return 1ull << 63 | (uint64_t)m->piece << 16 | m->to;
	/* (a run, KIFU_MOVE_RUN, is another move than the two legs it shares;
	 * a three-leg move, KIFU_MOVE_THREE_LEGS, names mid2 in piece) */
	const unsigned kind = m->flags & (KIFU_MOVE_PROMOTE | KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS);
	return (uint64_t)(kind & KIFU_MOVE_THREE_LEGS ? m->piece : 0) << 52 | (uint64_t)kind << 48 |
	       (uint64_t)m->from << 32 | (uint64_t)m->mid << 16 | m->to;
}

/* The start as the record sets it (its sfen or handicap tag), in SFEN
 * without the move number; the tags as written when it cannot be set. */
static int hash_start(select_dedupe *d, struct hasher *h, const kifu_record *rec,
		      const kifu_variant *v)
{
	char sfen[KIFU_SFEN_MAX];
	kifu_diag diag;
	if (v) {
		if (kifu_position_for(&d->pos, v))
			return KIFU_ENOMEM;
		if (kifu_record_start(rec, d->pos, &diag) == 0 &&
		    kifu_position_sfen(d->pos, sfen, sizeof sfen) >= 0) {
			char *sp = strrchr(sfen, ' ');
			if (sp)
				*sp = '\0';
			hash_string(h, sfen);
			return 0;
		}
	}
	const char *tags[2] = {kifu_record_tag(rec, "sfen"), kifu_record_tag(rec, "handicap")};
	for (int i = 0; i < 2; i++)
		hash_string(h, tags[i] ? tags[i] : "");
	return 0;
}

/* moves and line: the variant, [the start,] the main line's moves; a
 * record the reader could not finish is not the same as one that ends
 * where it stopped. */
static int hash_line(select_dedupe *d, struct hasher *h, const kifu_record *rec,
		     const kifu_variant *v)
{
	hash_string(h, v ? kifu_variant_name(v) : kifu_record_variant_name(rec));
	if (d->key == SELECT_DEDUPE_LINE) {
		int rc = hash_start(d, h, rec, v);
		if (rc)
			return rc;
	}
	long n = kifu_record_move_count(rec);
	for (long i = 0; i < n; i++) {
		kifu_record_move m;
		if (kifu_record_get_move(rec, i, &m) == 0)
			hash_word(h, move_word(&m.move));
	}
	long err_ply = 0;
	hash_word(h, (uint64_t)n);
	hash_word(h, kifu_record_error(rec, &err_ply, NULL, NULL, NULL) ? (uint64_t)err_ply + 1 : 0);
	return 0;
}

/* all: the record as the compact notation writes it, canonically (tags in
 * order, escapes, every line, comments, times, the ending). */
static int hash_all(struct hasher *h, const kifu_record *rec, const kifu_variant *v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return KIFU_ENOMEM;
	kifu_diag diag;
	int rc = v && !kifu_record_error(rec, NULL, NULL, NULL, NULL) ?
		 kifu_compact_write(mem, rec, v, &diag) : KIFU_EINVAL;
	if (fclose(mem) != 0 || !text) {
		free(text);
		return KIFU_ENOMEM;
	}
	if (rc == 0) {
		hash_bytes(h, text, len);
	} else {
		/* a record compact cannot write (an unknown variant, a reading
		 * error): its main line, its tags and its ending */
		hash_string(h, kifu_record_variant_name(rec));
		for (int i = 0; i < kifu_record_tag_count(rec); i++) {
			hash_string(h, kifu_record_tag_key(rec, i));
			hash_string(h, kifu_record_tag_value(rec, i));
		}
		hash_string(h, kifu_record_ending(rec));
		long n = kifu_record_move_count(rec);
		for (long i = 0; i < n; i++) {
			kifu_record_move m;
			if (kifu_record_get_move(rec, i, &m) == 0)
				hash_string(h, m.text);
		}
	}
	free(text);
	return 0;
}

/* --- the table ------------------------------------------------------------------ */

static int grow(select_dedupe *d)
{
	size_t cap = d->cap ? d->cap * 2 : 1024;
	struct entry *slots = calloc(cap, sizeof *slots);
	if (!slots)
		return KIFU_ENOMEM;
	for (size_t i = 0; i < d->cap; i++) {
		const struct entry *e = &d->slots[i];
		if (!e->a && !e->b)
			continue;
		size_t k = e->a & (cap - 1);
		while (slots[k].a || slots[k].b)
			k = (k + 1) & (cap - 1);
		slots[k] = *e;
	}
	free(d->slots);
	d->slots = slots;
	d->cap = cap;
	return 0;
}

/* The index of the file rec came from: records come file after file. */
static int file_index(select_dedupe *d, const char *name, uint32_t *out)
{
	if (d->nfiles && !strcmp(d->files[d->nfiles - 1], name)) {
		*out = d->nfiles - 1;
		return 0;
	}
	char **files = realloc(d->files, (size_t)(d->nfiles + 1) * sizeof *files);
	if (!files)
		return KIFU_ENOMEM;
	d->files = files;
	if (!(files[d->nfiles] = strdup(name)))
		return KIFU_ENOMEM;
	*out = d->nfiles++;
	return 0;
}

int select_dedupe_seen(select_dedupe *d, const kifu_record *rec, const kifu_variant *v,
		       const char **file, long *line, kifu_diag *diag)
{
	struct hasher h = {0x243F6A8885A308D3ull, 0x13198A2E03707344ull};
	hash_word(&h, (uint64_t)d->key);
	int rc = d->key == SELECT_DEDUPE_ALL ? hash_all(&h, rec, v) : hash_line(d, &h, rec, v);
	if (rc)
		return kifu_diag_set(diag, rc, NULL, 0, 0, "out of memory");
	if (!h.a && !h.b)
		h.b = 1; /* 0, 0 marks a free slot */
	if ((d->count + 1) * 4 > d->cap * 3 && grow(d))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	size_t k = h.a & (d->cap - 1);
	for (; d->slots[k].a || d->slots[k].b; k = (k + 1) & (d->cap - 1)) {
		const struct entry *e = &d->slots[k];
		if (e->a == h.a && e->b == h.b) {
			*file = d->files[e->file];
			*line = e->line;
			return 1;
		}
	}
	if (d->count >= (size_t)SELECT_DEDUPE_MAX)
		return kifu_diag_set(diag, KIFU_ELIMIT, NULL, 0, 0,
				     "more than %ld distinct records: --dedupe remembers no more",
				     SELECT_DEDUPE_MAX);
	uint32_t f;
	if (file_index(d, kifu_record_file(rec), &f))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	d->slots[k] = (struct entry){h.a, h.b, kifu_record_line(rec), f};
	d->count++;
	return 0;
}
