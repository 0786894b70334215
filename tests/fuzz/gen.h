/*
 * gen.h - structure-aware inputs for the fuzz targets: fuzzer bytes turned
 * into records and variant files, deterministically (the same bytes make
 * the same text).  Every choice takes the next byte; when the bytes run
 * out every choice is 0, which always means "stop" or "the plainest", so
 * that any input makes a finite text.
 *
 * A record is made as a tree of legal moves (played on a position as they
 * are chosen), then written by gen.c's own emitters, not libkifu's writers,
 * in the compact notation and in KIF: deep and wide variations (nested
 * `( ... )`, `変化：N手` blocks, many siblings at one ply), long comments,
 * hostile tag values (newlines, NUL, `手合割：`, `&`, `:`, `=`, `%`),
 * times, bookmarks and endings.  Now and then a text is broken on purpose
 * (a stray `%`, an unclosed `(`), for the readers' error paths.
 */
#ifndef KIFU_FUZZ_GEN_H
#define KIFU_FUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <kifu/kifu.h>

typedef struct gen_bytes {
	const uint8_t *p;
	size_t n, i;
	size_t runs; /* bytes of long runs made so far (gen.c keeps them under 1 MiB) */
} gen_bytes;

/* The next choice, 0 .. bound-1 (one byte, two for bounds over 256); 0
 * when the bytes have run out. */
unsigned gen_take(gen_bytes *b, unsigned bound);

/* A growing text; out of memory aborts. */
typedef struct gen_text {
	char *p;
	size_t len, cap;
} gen_text;

void gen_put(gen_text *t, const char *s, size_t n);
void gen_puts(gen_text *t, const char *s);
void gen_printf(gen_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gen_text_free(gen_text *t);

/* The shipped variant a choice (a byte) picks: choice modulo their number. */
const kifu_variant *gen_builtin(unsigned choice);

/* A record of v made from the bytes, written as one compact line into
 * compact and as KIF into kif (UTF-8). */
void gen_record(gen_bytes *b, const kifu_variant *v, gen_text *compact, gen_text *kif);

/* A variant file (YAML) made from the bytes: mostly a shipped variant
 * inherited with hostile names, titles and named starts, at times nested
 * deep, with anchors and aliases, or broken. */
void gen_variant(gen_bytes *b, gen_text *yaml);

#endif
