/*
 * kifu/variant.h - variants as data.
 *
 * A variant (board, promotion zone and rule, pieces and their moves, start
 * position, drops, royal rule) is a YAML file; see formats/variants.md for
 * the schema and formats/movement.md for the movement notation.  The files
 * shipped in formats/variants/ are compiled into the library.
 */
#ifndef KIFU_VARIANT_H
#define KIFU_VARIANT_H

#include <stddef.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KIFU_MAX_DIM 19                 /* files or ranks */
#define KIFU_MAX_SQUARES (KIFU_MAX_DIM * KIFU_MAX_DIM)
#define KIFU_MAX_TYPES 120              /* piece types, promoted ones included */

typedef struct kifu_variant kifu_variant;

/* Sides. Sente (先手, uppercase in SFEN) moves first and toward rank 1. */
enum kifu_side { KIFU_SENTE = 0, KIFU_GOTE = 1 };

/* What the royal rule asks of a move (formats/variants.md, "royal-rule"). */
enum kifu_royal_rule {
	KIFU_ROYAL_NONE = 0,      /* no check rule: a royal may be left attacked */
	KIFU_ROYAL_LAST = 1       /* the mover's last remaining royal may not be left attacked */
};

/* Names of a piece type, all UTF-8 except sfen and english. */
typedef struct kifu_piece_info {
	const char *id;       /* "pawn", "+pawn" for the promoted pawn */
	const char *sfen;     /* "P", "+P", "L!", "+C'" */
	const char *name;     /* full Japanese name: 歩兵, と金 */
	const char *kif;      /* the short KIF name: 歩, と */
	const char *english;  /* "Pawn", "Tokin" */
	const char *moves;    /* the movement string (formats/movement.md) */
	int promoted;         /* 1 for a promoted type */
	int royal;            /* 1 if losing all such pieces loses the game */
	int base;             /* the unpromoted type (itself when unpromoted) */
	int promotes_to;      /* the promoted type, or -1 */
} kifu_piece_info;

/* Loads a variant shipped with the library by name ("dai", "sho",
 * "asakura", "shozogi", "shozogi-gold", "shogi").  The result is shared and
 * lives as long as the process: do not free it. */
int kifu_variant_builtin(const kifu_variant **out, const char *name,
			 kifu_diag *diag);

/* Names of the shipped variants, NULL-terminated. */
const char *const *kifu_variant_builtin_names(void);

/* Loads a variant from a YAML file; `inherit: NAME` may name a shipped
 * variant or a file beside this one.  The caller frees *out with
 * kifu_variant_free. Errors carry FILE:LINE:COL. */
int kifu_variant_load_file(kifu_variant **out, const char *path,
			   kifu_diag *diag);

/* The same from a buffer; filename is used in diagnostics only. */
int kifu_variant_load_buffer(kifu_variant **out, const char *text, size_t len,
			     const char *filename, kifu_diag *diag);

/* Frees a variant loaded from a file or buffer.  NULL-safe; does nothing
 * for a shipped variant. */
void kifu_variant_free(kifu_variant *v);

const char *kifu_variant_name(const kifu_variant *v);
const char *kifu_variant_title(const kifu_variant *v);
int kifu_variant_files(const kifu_variant *v);
int kifu_variant_ranks(const kifu_variant *v);
int kifu_variant_has_drops(const kifu_variant *v);
enum kifu_royal_rule kifu_variant_royal_rule(const kifu_variant *v);
/* The start position in SFEN. */
const char *kifu_variant_start_sfen(const kifu_variant *v);
/* A named start position ("香落ち", "lance", ...) or NULL. */
const char *kifu_variant_named_start(const kifu_variant *v, const char *name);

/* Piece types are numbered 0 .. count-1. */
int kifu_variant_piece_count(const kifu_variant *v);
/* info of type t; fields live as long as the variant. Returns -1 if t is out of range. */
int kifu_variant_piece(const kifu_variant *v, int t, kifu_piece_info *out);
/* The type whose SFEN token is token[0..len) ("P", "+P", "L!"), or -1. Case-sensitive:
 * pass the uppercase form. */
int kifu_variant_piece_by_sfen(const kifu_variant *v, const char *token, size_t len);
/* Do types a and b go by one name (a promoted Bishop and a Dragon Horse
 * are both 龍馬)?  True when a == b. */
int kifu_piece_names_agree(const kifu_variant *v, int a, int b);
/* The type with this id ("pawn", "+pawn"), or -1. */
int kifu_variant_piece_by_id(const kifu_variant *v, const char *id);

#ifdef __cplusplus
}
#endif
#endif
