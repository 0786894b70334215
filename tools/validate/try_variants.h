/*
 * try_variants.h - kifu-validate --try-variants: each record checked under
 * several readings of its rules (variants whose pieces are the record's
 * variant's), and which of them make it legal.
 */
#ifndef KIFU_VALIDATE_TRY_VARIANTS_H
#define KIFU_VALIDATE_TRY_VARIANTS_H

#include <stdio.h>

#include <kifu/kifu.h>

#define TRY_MAX 64

struct try_variants {
	int n;
	const kifu_variant *v[TRY_MAX];
	kifu_position *pos[TRY_MAX]; /* one a reading, made on first use */
	long records, unmatched;      /* records legal under none of them */
};

/* Fills t from list: names separated by commas, a name ending in * standing
 * for every shipped variant whose name starts so (tenjiku*), own the
 * --variant-file's variant (or NULL), which the list may name.  Returns 0,
 * or CLI_USAGE after saying why. */
int try_variants_parse(struct try_variants *t, const char *list, const kifu_variant *own);
void try_variants_free(struct try_variants *t);

/* Checks rec (read as a record of v) under every reading of t and prints
 * what each says: in text, a line a reading and one with the readings
 * under which it is legal; in JSON (json not NULL), one object.  main_line: as
 * --main-line.  Returns CLI_OK when some reading makes it legal, CLI_INVALID
 * when none does, CLI_USAGE when memory ran out. */
int try_variants_record(struct try_variants *t, const kifu_record *rec, const kifu_variant *v, long index,
			kifu_json_writer *json, int main_line);

/* The fields of a fault every JSON error of kifu-validate has, into the
 * object w has open: "ply" (null when the fault is at no move), "move"
 * (as written) and "reason". */
void validate_json_fault(kifu_json_writer *w, const kifu_fault *f);

#endif
