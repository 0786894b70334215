/*
 * kifu/variant.h - variants as data, and the set of variants a program
 * knows (the resolver).
 *
 * A variant (board, promotion zone and rule, pieces and their moves, names
 * in every notation, start positions, drops, royal rule) is a YAML file; see
 * formats/variants.md for the schema and formats/movement.md for the
 * movement notation.  The files shipped in formats/variants/ are compiled
 * into the library.  A variant never changes once loaded: any number of
 * positions and threads can share it.
 */
#ifndef KIFU_VARIANT_H
#define KIFU_VARIANT_H

#include <stddef.h>
#include <stdint.h>
#include "api.h"
#include "error.h"

KIFU_BEGIN_DECLS

#define KIFU_MAX_DIM 36                 /* files or ranks (Taikyoku Shogi: 36) */
#define KIFU_MAX_SQUARES (KIFU_MAX_DIM * KIFU_MAX_DIM)
/* Piece types, promoted ones included (Taikyoku Shogi has about 400).  A
 * board code (kifu_code_make) is then below 2 * KIFU_MAX_TYPES + 1 = 1025:
 * it needs 16 bits.  A variant with drops has at most
 * KIFU_MAX_DROP_TYPES types (a drop's type is kifu_move.piece, 8 bits). */
#define KIFU_MAX_TYPES 512
#define KIFU_MAX_DROP_TYPES 256

typedef struct kifu_variant kifu_variant;

/* Sides. Sente (先手, uppercase in SFEN) moves first and toward rank 1. */
enum kifu_side { KIFU_SENTE = 0, KIFU_GOTE = 1 };

/* What the royal rule asks of a move (formats/variants.md, "royal-rule"). */
enum kifu_royal_rule {
	KIFU_ROYAL_NONE = 0,      /* no check rule: a royal may be left attacked */
	KIFU_ROYAL_LAST = 1       /* the mover's last remaining royal may not be left attacked */
};

/* Names of a piece type, all UTF-8 except sfen and english.  The strings
 * live as long as the variant. */
typedef struct kifu_piece_info {
	const char *id;       /* "pawn", "+pawn" for the promoted pawn */
	const char *sfen;     /* "P", "+P", "L!", "+C'" */
	const char *name;     /* full Japanese name: 歩兵, と金 */
	const char *kif;      /* the short KIF name: 歩, と ("" if none) */
	const char *english;  /* "Pawn", "Tokin" */
	const char *moves;    /* the movement string (formats/movement.md) */
	int naliases;         /* other names readers accept: kifu_variant_piece_alias */
	int promoted;         /* 1 for a promoted type */
	int royal;            /* 1 if losing all such pieces loses the game */
	int base;             /* the unpromoted type (itself when unpromoted) */
	int promotes_to;      /* the promoted type, or -1 if it does not promote */
	int lion;             /* 1 if a Lion for the lion-trading rules (Chu's Lion, promoted Kirin) */
	int minor;            /* 1 if a minor piece (Chu's Pawn, Go-between): formats/variants.md */
	int may_promote_ranks;  /* it may promote on any move ending on its last N ranks (0: none) */
	int must_promote_ranks; /* it must promote on its last N ranks, and is not dropped there */
	int to_hand;          /* 1: when captured it goes to the captor's hand (variants with drops) */
	int no_two_on_file;   /* 1: two unpromoted ones of a side on a file are illegal (二歩) */
	int no_drop_mate;     /* 1: a drop of it may not give mate (打ち歩詰め) */
	int declaration_points; /* what it counts for a declaration (入玉宣言) */
	int max_on_file;      /* at most this many unpromoted ones of a side on a file (0: no limit
			       * besides no_two_on_file): Tori's Swallows 2 */
	int rank;             /* its rank for range jumps (formats/movement.md, X^): 0 unless given */
	int jump_rank;        /* its range jumps pass over pieces ranking below this */
	int burns;            /* 1: a burner (Tenjiku's Fire Demon: formats/variants.md, burning) */
	int captor_becomes;   /* the type a piece that takes this one becomes (formats/variants.md,
			       * captor-becomes), or -1 */
	int keeps_form;       /* 1: taking such a piece leaves this one as it was (keeps-form) */
	const char *reading;  /* how its name is read, romanised: "jizai tennō" ("" if the file
			       * gives none) */
} kifu_piece_info;

/* ---- the shipped variants ---- */

/* A variant shipped with the library, by name ("dai", "chu", "chu-jcsa",
 * "sho", "asakura", "shozogi", "shozogi-gold", "shogi").  It is loaded on first use (under a
 * lock: any thread may ask) and lives as long as the process: do not free
 * it.  KIFU_ENOTFOUND if there is none of that name. */
int kifu_variant_builtin(const kifu_variant **out, const char *name, kifu_diag *diag);

/* Names of the shipped variants in alphabetical order, NULL-terminated. */
const char *const *kifu_variant_builtin_names(void);

/* ---- variants from files ---- */

/* Loads a variant from a YAML file; `inherit: NAME` may name a shipped
 * variant or a file beside this one.  The caller frees *out with
 * kifu_variant_free.  Errors carry FILE:LINE:COL. */
int kifu_variant_load_file(kifu_variant **out, const char *path, kifu_diag *diag);

/* The same from a buffer; filename is used in diagnostics only. */
int kifu_variant_load_buffer(kifu_variant **out, const char *text, size_t len,
			     const char *filename, kifu_diag *diag);

/* Frees a variant loaded from a file or buffer.  NULL-safe; does nothing
 * for a shipped variant. */
void kifu_variant_free(kifu_variant *v);

/* ---- the set of variants a program knows: the resolver ---- */

/* Readers look up the variant a record names (compact `dai`, KIF
 * `手合割：大将棋`) in a kifu_variant_set: the shipped variants, plus the
 * ones a program adds (a user's --variant-file).  Every function that takes
 * a set accepts NULL for "the shipped variants only". */
typedef struct kifu_variant_set kifu_variant_set;

int kifu_variant_set_new(kifu_variant_set **out);
void kifu_variant_set_free(kifu_variant_set *set);
/* Adds v, which stays the caller's and must outlive the set.  An added
 * variant hides a shipped one of the same name.  KIFU_EINVAL if an added
 * variant already has that name. */
int kifu_variant_set_add(kifu_variant_set *set, const kifu_variant *v);
/* The variant called name: an added one first, else a shipped one; NULL
 * if there is none. */
const kifu_variant *kifu_variant_set_find(const kifu_variant_set *set, const char *name);
/* For a name that found no variant: the name of the set's variant closest
 * to it, if close enough to be a slip ("did you mean dai?"), else NULL.
 * set may be NULL (the shipped variants). */
const char *kifu_variant_set_suggest(const kifu_variant_set *set, const char *name);
/* Every variant of the set: the added ones in the order added, then the
 * shipped ones not hidden, alphabetically.  kifu_variant_set_at returns
 * NULL for i out of range. */
int kifu_variant_set_count(const kifu_variant_set *set);
const kifu_variant *kifu_variant_set_at(const kifu_variant_set *set, int i);
/* What the set's i-th variant (as kifu_variant_set_at counts) is, told
 * for a shipped one from what its file says, without loading it: its name,
 * the name of the shipped variant it inherits and that one's index in the
 * set ("" and -1 if none, or for an added variant, or where the set hides
 * the parent), its board, and whether its start position and the names of
 * the pieces on it are its parent's (1; 0 where not known so).  A program
 * that looks for variants of some board or family among many uses it to
 * load only those.  KIFU_ENOTFOUND for i out of range. */
typedef struct kifu_variant_summary {
	const char *name;
	const char *parent;
	int parent_at;
	int files, ranks;
	int start_as_parent;
} kifu_variant_summary;
int kifu_variant_set_summary(const kifu_variant_set *set, int i, kifu_variant_summary *out);
/* The piece on square sq (rank * files + file, as kifu_variant_start_at
 * numbers them) of the start position of the set's i-th variant, told for
 * a shipped one from what its file says, without loading it: 1 with its
 * name (kifu_piece_info's) in *name and its side in *side, 0 for an empty
 * square, KIFU_ENOTFOUND where the file does not tell (an added variant, a
 * file that inherits its pieces or its start, sq off the board, i out of
 * range): kifu_variant_set_at and kifu_variant_start_at say it then. */
int kifu_variant_set_start_name(const kifu_variant_set *set, int i, int sq, const char **name,
				enum kifu_side *side);
/* The first variant of the set, in that order, whose Japanese title or
 * whose name is `title` (the title compared as kifu_name_fold folds both:
 * 小將棋 is 小将棋); NULL if none.  A shipped variant is told by what its
 * file says, without being loaded: only the one returned is (a record that
 * names its variant costs the loading of that one). */
const kifu_variant *kifu_variant_set_find_title(const kifu_variant_set *set, const char *title);
/* The variant of the set a person calls `name`, as a tool's -v, a
 * `kifu-variants show` or a --is-variant takes it: its name (an added
 * variant first, as kifu_variant_set_find), its Japanese title (folded
 * as kifu_name_fold folds it: 中將棋 is 中将棋, 大将棋 is dai), or its name or
 * English title with case, spaces, hyphens and underscores aside
 * (daishogi, Dai-Shogi, "Dai Shogi").  The set's order decides between
 * two; NULL if none.  An English title is compared only when nothing else
 * matched, and costs the loading of the shipped variants (once a process). */
const kifu_variant *kifu_variant_set_find_called(const kifu_variant_set *set, const char *name);
/* 1 when v is called `name`: its Japanese title or its name (compared as
 * kifu_variant_set_find_title compares them), or one of its start
 * positions (as kifu_variant_set_find_start; *start is then the start's
 * name as v has it, else NULL); else 0. */
int kifu_variant_is_called(const kifu_variant *v, const char *name, const char **start);
/* The first variant of the set with a start position called `name` (KIF's
 * 手合割: 香落ち), compared folded as above; *start is then the start's name
 * as the variant has it, else NULL.  Loads only the variant returned. */
const kifu_variant *kifu_variant_set_find_start(const kifu_variant_set *set, const char *name,
						const char **start);

/* ---- what a variant says ---- */

const char *kifu_variant_name(const kifu_variant *v);
const char *kifu_variant_title(const kifu_variant *v);
/* The variant its file inherits (`inherit: chu`), "" if none. */
const char *kifu_variant_parent(const kifu_variant *v);
/* The Japanese title (大将棋), which KIF's 手合割 header names. */
const char *kifu_variant_title_ja(const kifu_variant *v);
int kifu_variant_files(const kifu_variant *v);
int kifu_variant_ranks(const kifu_variant *v);
int kifu_variant_has_drops(const kifu_variant *v);
enum kifu_royal_rule kifu_variant_royal_rule(const kifu_variant *v);

/* The variant's repetition rule (formats/variants.md, "repetition"), for
 * the program that counts the positions of a game: the rules core sees one
 * position at a time.  A position is the board, the pieces in hand, the
 * side to move and the counter-strike square: kifu_position_key. */
typedef struct kifu_repetition_rule {
	/* The game ends when one position occurs for the count-th time since
	 * the last move that resets the count (Chu: 4).  0: repetition does not
	 * end the game (Dai, Sho, Asakura, 小象棋: it is only reported). */
	int count;
	/* 1: a draw, unless one side attacked on each of its moves since the
	 * first occurrence of the position (kifu_move_is_attack); that side
	 * loses (if both did, a draw).  0: a draw. */
	int perpetual_attack_loses;
	/* 1: only a check counts as an attack (standard shogi: 連続王手の千日手,
	 * the side that gave check on every move loses). */
	int perpetual_check_only;
	/* Which moves reset the count (kifu_move_resets_repetition): a capture,
	 * a promotion, a move of a one-way piece (Chu's Pawn and Lance). */
	int reset_on_capture;
	int reset_on_promotion;
	int reset_on_one_way;
} kifu_repetition_rule;

void kifu_variant_repetition(const kifu_variant *v, kifu_repetition_rule *out);
/* When a move may promote (formats/variants.md, "promotion"): bits of
 * kifu_variant_rules.promotion_when. */
enum kifu_promotion_when {
	KIFU_PROMOTE_ENTERING = 1,        /* from outside the zone into it */
	KIFU_PROMOTE_IN_ZONE = 2,         /* starting or ending in the zone */
	KIFU_PROMOTE_CAPTURE_IN_ZONE = 4, /* a capture starting or ending in the zone */
	KIFU_PROMOTE_BY_CAPTURE = 8       /* any capture, anywhere (promotion by capture) */
};

/* The rest of a variant's rules, as its file states them
 * (formats/variants.md), for programs that show or reason about them. */
typedef struct kifu_variant_rules {
	int promotion_zone;        /* ranks on the far side; 0: no zone */
	unsigned promotion_when;   /* kifu_promotion_when bits */
	int promotion_forced;      /* 1: a move that may promote must (promotion.forced); 2: must when it
				    * takes a promoted piece (promotion.forced-taking-promoted) */
	int promotion_first_step;  /* 1: a two-leg move promotes by its first leg's square too
				    * (promotion.first-step) */
	int drops;                 /* captured pieces go to hand and may be dropped */
	enum kifu_royal_rule royal_rule;
	int lost_without_royal;    /* a side with no royal in a position has lost */
	/* lion-trading (0 for off) */
	int protected_lion;        /* no Lion takes a protected Lion not next to it */
	int lion_bridge;           /* ... except as the second step after taking a non-minor piece */
	int counter_strike;        /* 0 none, 1 any, 2 protected */
	int counter_strike_both_legs;
	/* end of the game */
	int bare_royal;            /* 0 none, 1 bared (lishogi), 2 royals-and-one (JCSA), 3 lone (Heian) */
	int no_legal_move_undecided; /* 1: no legal move ends the game without a winner; 0: it loses */
	int lone_royals_draw;
	/* declaration (入玉宣言): points[0] == 0 when the variant has none */
	int declaration_points[2]; /* what Sente and Gote need */
	int declaration_in_zone;   /* pieces (royals aside) needed in the zone */
	/* range jumps (X^) and burning (formats/variants.md) */
	int range_jump_to_empty;   /* 1: a range jump may end on an empty square beyond */
	int range_jump_takes_lower; /* 1: what a range jump takes beyond must rank below it too */
	int range_jump_captures_passed; /* 1: a range jump captures every piece it passes over,
					 * of either side (the range capture) */
	int burn_passive;          /* 1: a piece ending next to an enemy burner is burnt */
	int burner_meets;          /* a burner ending next to an enemy one: 0 burnt,
				    * 1 burns-then-burnt, 2 burns, 3 spares */
} kifu_variant_rules;

void kifu_variant_get_rules(const kifu_variant *v, kifu_variant_rules *out);

/* The start position in SFEN. */
const char *kifu_variant_start_sfen(const kifu_variant *v);
/* The board code on sq in the start position (what kifu_position_at gives
 * after kifu_position_reset), 0 for an empty square or one off the board. */
int kifu_variant_start_at(const kifu_variant *v, int sq);
/* The named start positions (KIF 手合割: 平手, 香落ち, ...): their number,
 * the name of the i-th (NULL out of range), and the SFEN of a name (NULL if
 * the variant has no such start). */
int kifu_variant_named_start_count(const kifu_variant *v);
const char *kifu_variant_named_start_name(const kifu_variant *v, int i);
const char *kifu_variant_named_start(const kifu_variant *v, const char *name);
/* The index of the named start called `name`, compared as kifu_name_fold
 * folds both (香落 is not 香落ち; 平手 is 平手), or KIFU_ENOTFOUND. */
int kifu_variant_named_start_find(const kifu_variant *v, const char *name);
/* The kifu_position_key of the i-th named start (0 out of range): a reader
 * tells which start a set-up position is without setting up each start. */
uint64_t kifu_variant_named_start_key(const kifu_variant *v, int i);

/* ---- pieces ---- */

/* Piece types are numbered 0 .. count-1. */
int kifu_variant_piece_count(const kifu_variant *v);
/* Fills *out with type t.  Returns 0, or KIFU_ENOTFOUND for t out of range. */
int kifu_variant_piece(const kifu_variant *v, int t, kifu_piece_info *out);
/* Alias i (0 .. naliases-1) of type t, or NULL. */
const char *kifu_variant_piece_alias(const kifu_variant *v, int t, int i);
/* The i-th Japanese name a reader takes for type t, from 0: the full name,
 * the KIF name, the diagram name, the aliases, and 成 + the full name for a promoted type,
 * each once.  Writes it into buf; returns its length, 0 past the last one,
 * KIFU_ELIMIT if it does not fit, KIFU_ENOTFOUND for t out of range.
 * Readers fold traditional characters too (kifu_name_fold). */
int kifu_variant_piece_reading(const kifu_variant *v, int t, int i, char *buf, size_t size);
/* The type whose SFEN token is token[0..len) ("P", "+P", "L!", "D!'"), or
 * KIFU_ENOTFOUND.  Case-sensitive: pass the uppercase form. */
int kifu_variant_piece_by_sfen(const kifu_variant *v, const char *token, size_t len);
/* An SFEN piece token is a letter and up to KIFU_SFEN_MAX_MARKS marks, each
 * ' or ! (formats/variants.md, "SFEN letters"): 26 * 15 = 390 tokens.
 * kifu_sfen_marks gives how many marks begin s[0..len) (at most that many:
 * a token's marks end where the next token's letter begins). */
#define KIFU_SFEN_MAX_MARKS 3
static inline size_t kifu_sfen_marks(const char *s, size_t len)
{
	size_t n = 0;
	while (n < len && n < KIFU_SFEN_MAX_MARKS && (s[n] == '\'' || s[n] == '!'))
		n++;
	return n;
}
/* The type with this id ("pawn", "+pawn"), or KIFU_ENOTFOUND. */
int kifu_variant_piece_by_id(const kifu_variant *v, const char *id);
/* The type whose Japanese name text[0..len) begins with: any of its names
 * (full, short, diagram, aliases, 成 + the name of a promoted type), the longest that
 * matches, with traditional characters folded (將 = 将, 鐵 = 鉄, 王 = 玉 ...).
 * *used is set to the bytes of text the name takes.  Returns the type, or
 * KIFU_ENOTFOUND. */
int kifu_variant_piece_by_name(const kifu_variant *v, const char *text, size_t len, size_t *used);
/* The name a writer gives type t: its full name, with 成 before it when an
 * unpromoted type has the same name (成銀将 ...).  Writes it NUL-terminated
 * into buf; returns its length, or KIFU_ELIMIT if it does not fit. */
int kifu_variant_piece_written_name(const kifu_variant *v, int t, char *buf, size_t size);
/* The names a writer gives a piece type, made when the variant was loaded:
 * they live as long as the variant, and asking for them costs nothing, so
 * that a writer may ask on every move. */
typedef struct kifu_piece_writing {
	const char *written;   /* the written name (kifu_variant_piece_written_name's) */
	const char *short_name; /* the short KIF name (歩, と, 成銀; the full name where the
				 * file gives none) */
	const char *own;       /* the first of its names (in kifu_variant_piece_reading's
				* order) that reads back as this type and no other, for what
				* only its name tells (a drop, a diagram's cell); "" if none */
	size_t written_len, short_len, own_len;
	/* How each of the three reads back (kifu_variant_piece_by_name): KIFU_READS_
	 * bits */
	unsigned written_reads, short_reads, own_reads;
} kifu_piece_writing;

/* How a name reads back, as kifu_variant_piece_by_name takes it. */
enum kifu_name_reads {
	KIFU_READS_AGREEING = 1,    /* the whole name, as a type whose names agree with this one */
	KIFU_READS_EXACT = 2,       /* the whole name, as this type */
	/* ... and the same when it is followed by 成 (a promotion), by 打 (a
	 * drop), by any ASCII character (a square, an origin): no longer name
	 * begins with it and what follows */
	KIFU_READS_BEFORE_PROMOTE = 4,
	KIFU_READS_BEFORE_DROP = 8,
	KIFU_READS_BEFORE_ASCII = 16,
	/* ... and after a number (a square): it begins with no digit (0-9, ０-９),
	 * kanji numeral (一 to 九, 十) or space that a number would take */
	KIFU_READS_AFTER_NUMBER = 32
};

/* Type t's names for writing (they live as long as v), or NULL for t out of
 * range. */
const kifu_piece_writing *kifu_variant_piece_writing(const kifu_variant *v, int t);
/* The name a KIF board diagram gives type t (its variant file's `diagram`:
 * lishogi's one- or two-kanji cells for Chu, 香, 成馬), "" when the file
 * gives none; NULL for t out of range.  Readers take it as any other name. */
const char *kifu_variant_piece_diagram_name(const kifu_variant *v, int t);
/* The one or two kanji a small picture draws type t with (its variant
 * file's `short`: 大将), "" when the file gives none; NULL for t out of
 * range.  Not a name readers take. */
const char *kifu_variant_piece_short_name(const kifu_variant *v, int t);
/* Folds the traditional characters historical records write (將 鐵 豬 貓 惡 橫
 * 酔 刃 竜 步 鳯 豎, and 王 for 玉) into the forms the variant files use, as every
 * lookup of a Japanese name does (piece names, 手合割 values, variant
 * titles): 中將棋 -> 中将棋.  Writes out (NUL-terminated, cut at size - 1
 * bytes on a character boundary). */
void kifu_name_fold(const char *text, char *out, size_t size);
/* The i-th character kifu_name_fold folds (i from 0; NULL past the last),
 * with *to (if not NULL) the form it becomes: "將", "将". */
const char *kifu_name_fold_at(int i, const char **to);

/* Do types a and b go by one name (a promoted Bishop and a Dragon Horse are
 * both 龍馬)?  1 if they do (or a == b), 0 if not. */
int kifu_piece_names_agree(const kifu_variant *v, int a, int b);

KIFU_END_DECLS

#endif
