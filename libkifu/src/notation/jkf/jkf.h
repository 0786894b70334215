/*
 * jkf.h - what the JKF reader (jkf_read.c) and writer (jkf_write.c) share:
 * JKF's names for pieces and start positions (jkf.c, docs/jkf.md).
 *
 * JKF, the JSON Kifu Format of json-kifu-format (github.com/na2hiro/
 * Kifu-for-JS, packages/json-kifu-format: its README and
 * specification/json-kifu-format.schema.json), records standard shogi: its
 * piece kinds are CSA's two-letter codes, its start positions the names KIF
 * gives in 手合割.  kifu maps both onto a variant through the variant's own
 * data (SFEN letters, named starts), never through a table of its own.
 */
#ifndef KIFU_NOTATION_JKF_H
#define KIFU_NOTATION_JKF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "kifu/notation.h"
#include "kifu/variant.h"
#include "kifu/vocabulary.h"

/* JKF's piece kinds ("FU" ... "RY", the schema's `kind`), in the schema's
 * order, with the SFEN token of the piece each one is in standard shogi. */
enum { JKF_NKINDS = 14 };
typedef struct jkf_kind {
	const char *code; /* "FU" */
	const char *sfen; /* "P" */
} jkf_kind;
extern const jkf_kind kifu__jkf_kinds[JKF_NKINDS];

/* JKF's initial.preset values, with the named start (formats/variants/
 * shogi.yaml `starts`) each one is: "KY" 香落ち.  OTHER (その他) names
 * none: the position is in initial.data. */
enum { JKF_NPRESETS = 17 };
typedef struct jkf_preset {
	const char *code; /* "KY" */
	const char *name; /* 香落ち */
} jkf_preset;
extern const jkf_preset kifu__jkf_presets[JKF_NPRESETS];

/* The index of a kind or a preset whose code is s[0..len), or -1.  A
 * kind is found at once (it is read with every move): its two letters
 * hashed, (first + 15 * second) mod 32, which no two kinds share, pick
 * the one kind it can be (kifu__jkf_kind_slot: its index + 1, 0 none). */
extern const unsigned char kifu__jkf_kind_slot[32];
static inline int kifu__jkf_kind_find(const char *s, size_t len)
{
	if (len != 2)
		return -1;
	int k = kifu__jkf_kind_slot[((unsigned char)s[0] + 15u * (unsigned char)s[1]) & 31] - 1;
	return k >= 0 && kifu__jkf_kinds[k].code[0] == s[0] && kifu__jkf_kinds[k].code[1] == s[1] ? k : -1;
}
int kifu__jkf_preset_find(const char *s, size_t len);

/* The piece types of variant v that JKF's kinds are (types[k] for
 * kifu__jkf_kinds[k]), found by their SFEN tokens.  Returns -1 when v has
 * them all, else the index of the first kind it lacks. */
int kifu__jkf_types(const kifu_variant *v, int types[JKF_NKINDS]);

/* What the reader makes of a header key (jkf_record.c): a tag, whose
 * kifu_tag_info *tag gives when it is a KIF header name's (else the key is
 * the tag's own); an error; or a `header` tag KEY：VALUE. */
enum jkf_header_key { JKF_HEADER_TAG, JKF_HEADER_REFUSED, JKF_HEADER_WHOLE };
enum jkf_header_key kifu__jkf_header_key(const char *k, size_t kl, const kifu_tag_info **tag);
/* Whether s[0..len) is spaces only (ASCII or full-width), as the reader
 * trims a 手合割: one it takes for none. */
bool kifu__jkf_blank(const char *s, size_t len);

/* The writer (jkf_write.c), as kifu_write. */
int kifu__jkf_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag);

/* A square in messages as JKF's x and y, CSA's digits: "77". */
void kifu__jkf_square_name(const kifu_variant *v, int sq, char *buf, size_t size);

/* The largest record (its text) the reader takes, and so the writer
 * writes: docs/limits.md. */
#define KIFU__JKF_MAX_RECORD (64L << 20)
/* Forks nested deepest: each level is three levels of JSON (forks, a
 * fork, an element), and JSON is read 2048 deep (KIFU_JSON_MAX_DEPTH); a
 * record's own take five (the record, moves, an element, a move, a
 * square). */
#define KIFU__JKF_MAX_FORK_DEPTH 600

#endif
