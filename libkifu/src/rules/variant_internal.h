/*
 * variant_internal.h - the variant model the rules core works from.
 *
 * A piece is described once (piece_desc): the loader reads a file's keys
 * into it (variant_yaml.c, through its key table) and the model keeps it
 * in each piece type, beside what is compiled or derived from it.  The
 * public view of a piece (kifu_piece_info) is filled from it
 * (variant.c).  Loading fills the settings and the descriptions;
 * kifu__variant_conclude() (conclude.c) derives every table the move
 * generator, the attack test, the hash, the names and the writers use,
 * once, so that nothing is derived on the per-move path and a concluded
 * variant never changes.
 */
#ifndef KIFU_VARIANT_INTERNAL_H
#define KIFU_VARIANT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "kifu/position.h"
#include "kifu/variant.h"
#include "rules/bitboard.h"

#define NAME_MAX_LEN 64
/* A name as a writer gives it: 成 and a name (names.c). */
#define WRITTEN_MAX_LEN (NAME_MAX_LEN + 4)
#define MAX_ALIASES 8
#define MAX_LEAPS 64
#define MAX_SLIDES 32
#define MAX_LINES 8
#define MAX_STARTS 32
#define MAX_ROYALS 8
#define MAX_NAMES 2048
#define MAX_WALKS 16
#define KEY_TYPES 32
#define KEY_COUNTS 32
#define SFEN_MAX_LEN KIFU_SFEN_MAX /* a start, a named start: any position (kifu/position.h) */

/* Offsets are relative to the mover: dy > 0 is forward, dx > 0 is right. */
typedef struct offset { int8_t dx, dy; } offset;

typedef struct slide {
	int8_t dx, dy;
	uint8_t range;          /* 0: unlimited */
	uint8_t kind;           /* a special slide's (xslides): enum slide_kind bits */
	/* (one byte for the three, which no slide has together: a slide stays
	 * five bytes, as the plain slides' every fast path reads them) */
	union {
		uint8_t turns;  /* a hook (SLIDE_HOOK): bit 0 may turn to (dy, -dx), bit 1 to (-dy, dx) */
		uint8_t skip;   /* SLIDE_SKIPS_FIRST: the squares passed first (j 1, jj 2, jjj 3, each o one
				 * more) in bits 0-3, and of them the o (the last, empty) in bits 4-5 */
		uint8_t over;   /* SLIDE_PASSES: the pieces it may pass over (X#n: n) */
	};
} slide;

/* What makes a slide special (formats/movement.md): kept apart from the
 * plain slides (movement.xslides), which every fast path knows. */
enum slide_kind {
	SLIDE_JUMPS = 1,        /* X^: captures by jumping pieces of lower rank */
	SLIDE_SKIPS_FIRST = 2,  /* jX: the first square (jjX two, jjjX three: skip) is passed over, whatever is on it;
				 * oX, joX: the next passed through, empty (the Rain Demon's jofB) */
	SLIDE_HOOK = 4,         /* X>: may turn 90 degrees once, on an empty square (a hook mover) */
	SLIDE_PASSES = 8        /* X#n: passes over up to n pieces of either side (a triple-slashed arrow) */
};

/* The first square a special slide may end on: 1, or past those jX, jjX,
 * jjjX pass over (skip is read only with SLIDE_SKIPS_FIRST, which no hook
 * and no X#n has). */
static inline int slide_first(const slide *s)
{
	return s->kind & SLIDE_SKIPS_FIRST ? 1 + (s->skip & 15) : 1;
}

/* Of the squares before slide_first, how many (the last ones: the prefix
 * o) must be empty: the slide passes through them without stopping. */
static inline int slide_empties(const slide *s)
{
	return s->kind & SLIDE_SKIPS_FIRST ? s->skip >> 4 : 0;
}

/* A piece's movement compiled from its movement string (movement.c). */
typedef struct movement {
	int nleaps;
	offset leaps[MAX_LEAPS];    /* single-leg jumps and steps */
	int nslides;
	slide slides[MAX_SLIDES];   /* slides, at most one per direction */
	bool area_lion;             /* atom L */
	int nlines;
	offset lines[MAX_LINES];    /* unit directions with lion power (X~) */
	/* The powers of the large variants (Tenjiku and on), each looked at
	 * only by the slow paths: */
	int nxslides;
	slide xslides[MAX_SLIDES];  /* special slides (enum slide_kind) */
	int area;                   /* Un: up to n king steps through empty squares; 0: none */
	int nigui;
	offset igui[MAX_LINES];     /* I: capture on these adjacent squares without moving */
	bool igui_pass;             /* I*: and a pass, a step to one of them that is empty and back */
	int ntwice;
	offset twice[MAX_LINES];    /* X*: two steps of these unit offsets (a Lion's, restricted) */
	int nlong;
	offset longl[MAX_LINES];    /* X~n, n >= 3: lion power along these unit lines, n squares */
	int long_reach;             /* that n (the Lion Dog's K~3: 3) */
	bool emperor;               /* E: to any square, taking only an unprotected piece */
	int lion3;                  /* L3: the Lion's power of three king steps (3; 0: none),
				     * taking on each step (KIFU_MOVE_THREE_LEGS) */
	bool special;               /* any of the seven above */
} movement;

/* The choices of the file's keys, each stored as its index in the key's
 * list of words (variant_yaml.c's key table; formats/variants.md). */
enum promo_when {           /* promotion.when, one bit a word */
	PROMO_ENTER = 1,          /* from outside the zone into it */
	PROMO_IN_ZONE = 2,        /* starts or ends in the zone */
	PROMO_CAPTURE_IN_ZONE = 4, /* a capture that starts or ends in the zone */
	PROMO_BY_CAPTURE = 8      /* any capture, anywhere (Dai Dai, Maka Dai Dai, Tai) */
};
enum captured { CAPTURED_HAND = 0, CAPTURED_REMOVED = 1 };
enum counter_strike { CS_NONE = 0, CS_ANY = 1, CS_PROTECTED = 2 };
enum counter_strike_legs { LEGS_LAST = 0, LEGS_BOTH = 1 };
enum bare_royal_rule { BARE_NONE = 0, BARE_BARED = 1, BARE_ROYALS_AND_ONE = 2, BARE_LONE = 3 };
enum no_legal_move { NO_MOVE_LOSES = 0, NO_MOVE_UNDECIDED = 1 };
enum lone_royals { LONE_NONE = 0, LONE_DRAW = 1 };
enum perpetual { PERPETUAL_NONE = 0, PERPETUAL_LOSES = 1, PERPETUAL_CHECK = 2 };
enum reset_on { RESET_CAPTURE = 1, RESET_PROMOTION = 2, RESET_ONE_WAY = 4 }; /* repetition.reset */
enum written_names { WRITTEN_PREFIXED = 0, WRITTEN_PLAIN = 1 };
enum jump_takes { TAKES_ANY = 0, TAKES_LOWER = 1 };    /* range-jumps.takes */
/* range-jumps.passed: the pieces a range jump passes over stay, or are
 * captured (the range capture: special.c) */
enum jump_passed { PASSED_STAY = 0, PASSED_CAPTURED = 1 };
/* burning.burner-meets-burner: a burner ends its move next to an enemy one */
enum burner_meets { MEETS_BURNT = 0, MEETS_BURNS_THEN_BURNT = 1, MEETS_BURNS = 2, MEETS_SPARES = 3 };

/* A piece's names as its file gives them. */
typedef struct piece_names {
	char name[NAME_MAX_LEN];     /* the full Japanese name */
	char kif[NAME_MAX_LEN];      /* the short KIF name ("" in a file: the name) */
	char english[NAME_MAX_LEN];
	char diagram[NAME_MAX_LEN];  /* its name in a KIF board diagram, or "" */
	char short_name[NAME_MAX_LEN]; /* one or two kanji for a small picture (`short`), or "" */
	char reading[NAME_MAX_LEN];  /* how the name is read, romanised (`reading`: jizai tennō), or "" */
	int naliases;
	char aliases[MAX_ALIASES][NAME_MAX_LEN];
} piece_names;

/* A piece as its file describes it (formats/variants.md, "pieces"). */
typedef struct piece_desc {
	char id[NAME_MAX_LEN];
	char sfen[8];
	piece_names names;
	char moves[NAME_MAX_LEN];    /* the movement string (formats/movement.md) */
	bool royal;
	bool lion;                   /* a Lion for the lion-trading rules */
	bool minor;                  /* a minor piece: lion-trading rule 2, bare-royal */
	bool no_two_on_file;         /* 二歩 */
	bool no_drop_mate;           /* 打ち歩詰め */
	int may_promote_ranks;       /* may promote on any move ending on the last N ranks */
	int must_promote_ranks;      /* must promote there; no drop there */
	int captured;                /* enum captured */
	int declaration_points;      /* what it counts for a declaration */
	int max_on_file;             /* at most this many unpromoted ones of a side on a file (0: any) */
	/* Range jumps (X^): a piece ranks `rank` (0 unless given); a range
	 * jump of it passes over pieces ranking below its jump_rank (-1: its
	 * rank). */
	int rank;
	int jump_rank;
	bool burns;                  /* a burner (Tenjiku's Fire Demon): burning */
	/* Changes on capturing: a piece that takes this one becomes the type
	 * with this id (Maka Dai Dai's Deva: "+deva", its promoted form), unless
	 * it keeps its form (keeps_form: the royals there). */
	char captor_becomes[NAME_MAX_LEN];
	bool keeps_form;
} piece_desc;

typedef struct piece_type {
	/* As written: a promoted type's is its target's, with the promoted
	 * form's names, its id and SFEN token "+" and its piece's. */
	piece_desc desc;
	bool promoted;
	int base;                /* unpromoted type */
	int promotes_to;         /* promoted type or -1 */
	int captor_becomes;      /* desc.captor_becomes as a type, or -1 */
	bool to_hand;            /* a captured piece goes to the captor's hand (drops) */
	movement mv;
	/* Derived (conclude.c). */
	bool dedupe;             /* two kinds of move can reach one square */
	/* On its last dead_ranks ranks the piece has no move at all (a Pawn or
	 * Lance on the last rank): it is dead there.  One-way: every move goes
	 * forward, so a move of it can never be undone. */
	int dead_ranks;
	bool one_way;
	/* It may promote on any move that ends on its last promote_ranks
	 * ranks: the larger of desc.may_promote_ranks and must_promote_ranks
	 * (a piece that must promote there may, whatever promotion.when says) */
	int promote_ranks;
	/* its range jumps capture what they pass over (range-jumps.passed:
	 * captured, and the piece has an X^) */
	bool range_captures;
	/* reach[dy + REACH_OFF][dx + REACH_OFF] for a one-leg move by (dx, dy):
	 * REACH_NONE, REACH_JUMP (nothing can block it), REACH_SLIDE + i (slide i,
	 * the path must be empty) or REACH_SLOW (ask the movement itself). */
	uint8_t reach[2 * KIFU_MAX_DIM - 1][2 * KIFU_MAX_DIM - 1];
	/* The names writers give it (names.c): the full name with 成 where an
	 * unpromoted piece has the same one; the first of its names that reads
	 * back as this type alone ... */
	char written[WRITTEN_MAX_LEN];
	char own[WRITTEN_MAX_LEN];
	/* ... as kifu_variant_piece_writing gives them: its strings point
	 * into this type (a variant is made where it stays, never copied) */
	kifu_piece_writing writing;
} piece_type;

#define REACH_OFF (KIFU_MAX_DIM - 1)
enum { REACH_NONE = 0, REACH_JUMP = 1, REACH_SLIDE = 2, REACH_SLOW = 255 };

/* The marks of an SFEN token (kifu_sfen_marks: up to 3, each ' or !) as a
 * number: none 0; one 1-2; two 3-6; three 7-14 (' before ! in each). */
#define SFEN_MARK_SETS 15
static inline int sfen_marks_index(const char *m, size_t n)
{
	int bits = 0;
	for (size_t i = 0; i < n; i++)
		bits = bits << 1 | (m[i] == '!');
	return (1 << n) - 1 + bits;
}

/* A position as an SFEN states it (sfen.c): what a position is set to. */
typedef struct sfen_setup {
	int side;
	long ply;                 /* the SFEN move number */
	int loser;                /* a side without a royal has lost (lost-without-royal), or -1 */
	uint16_t cs;              /* the counter-strike square, or KIFU_NO_SQUARE */
	int nroyal[2];
	uint16_t royal_sq[2][MAX_ROYALS];
	uint64_t key;             /* kifu_position_key of it */
	bb128 occ[2], sliders[2]; /* with bitboards: as a position keeps them */
	uint16_t board[KIFU_MAX_SQUARES];
	uint8_t hand[2][KIFU_MAX_TYPES];
} sfen_setup;

typedef struct named_start {
	char name[NAME_MAX_LEN];
	char folded[NAME_MAX_LEN]; /* the name as kifu_name_fold folds it (conclude.c) */
	char sfen[SFEN_MAX_LEN];
	uint64_t key; /* kifu_position_key of it */
} named_start;

/* An attack seen from the attacked square: a piece of a type in `types` on
 * target - offset attacks it (leaps), or the first piece along -dir does if
 * its range reaches (slides). */
typedef struct type_set { uint64_t bits[(KIFU_MAX_TYPES + 63) / 64]; } type_set;

static inline bool type_set_has(const type_set *s, int t)
{
	return (s->bits[t >> 6] >> (t & 63)) & 1u;
}
static inline void type_set_add(type_set *s, int t)
{
	s->bits[t >> 6] |= (uint64_t)1 << (t & 63);
}

typedef struct leap_attack { offset o; type_set types; } leap_attack;
typedef struct slide_attack {
	offset d;
	type_set types;
	uint8_t range[KIFU_MAX_TYPES]; /* 0: unlimited */
} slide_attack;

struct kifu_variant {
	/* The settings as the file gives them (variant_yaml.c's key table). */
	char name[NAME_MAX_LEN];
	char parent[NAME_MAX_LEN]; /* the variant its file inherits (`inherit:`), "" if none */
	char title[128];
	char title_ja[128];
	int files, ranks;
	int zone;
	unsigned promo_when;      /* enum promo_when bits */
	bool promo_forced;        /* promotion.forced: a move that may promote must */
	bool promo_forced_taking_promoted; /* promotion.forced-taking-promoted: must when it takes a promoted piece */
	bool promo_first_step;    /* promotion.first-step: a two-leg move promotes by its first leg's square too */
	bool drops;
	int royal_rule;           /* enum kifu_royal_rule */
	bool lost_without_royal;  /* a side with no royal in a position has lost */
	/* lion-trading */
	bool lion_protected;      /* rule 1: no capture of a protected non-adjacent Lion by a Lion */
	bool lion_bridge;         /* rule 2: the two-step exception */
	int counter_strike;       /* rule 3: enum counter_strike */
	int counter_strike_legs;  /* ... judged on the last leg or both: enum counter_strike_legs */
	/* end of the game */
	int bare_royal;           /* enum bare_royal_rule */
	int no_legal_move;        /* enum no_legal_move */
	int lone_royals;          /* enum lone_royals */
	int repetition_count;     /* 0: repetition does not end the game */
	int perpetual_attack;     /* enum perpetual */
	unsigned repetition_reset; /* enum reset_on bits */
	/* declaration (入玉宣言; variants.md, "declaration"): 0 points: none */
	int declare_points[2];   /* what Sente and Gote need */
	int declare_in_zone;     /* pieces (not royals) a side needs in the zone */
	int written_names;        /* enum written_names */
	/* range-jumps (X^) and burning (formats/variants.md) */
	bool jump_to_empty;       /* a range jump may end on an empty square */
	int jump_takes;           /* enum jump_takes */
	int jump_passed;          /* enum jump_passed */
	bool burn_passive;        /* a piece ending next to an enemy burner is burnt */
	int burner_meets;         /* enum burner_meets */
	char start[SFEN_MAX_LEN];
	int nstarts;
	named_start starts[MAX_STARTS];
	int ntypes;
	piece_type types[KIFU_MAX_TYPES];
	bool builtin;

	/* Derived by kifu__variant_conclude (conclude.c). */
	int nleap_attacks;
	leap_attack leap_attacks[256];
	int nslide_attacks;
	slide_attack slide_attacks[32];
	type_set area_lions;
	int nline_attacks;
	leap_attack line_attacks[MAX_LINES]; /* o = the unit direction */
	bool any_lion;
	bool any_special;   /* some type has a power of the large variants (movement.special) */
	bool any_burner;    /* some type burns */
	bool any_captor_change; /* some type changes the piece that takes it (captor-becomes) */
	bool any_range_capture; /* some type's range jumps capture what they pass (range_captures) */
	bool any_run;       /* some type's lion power along a line runs (X~n, n >= 3:
				 * KIFU_MOVE_RUN; L3's three steps along one line) */
	bool any_three_legs; /* some type has L3 (KIFU_MOVE_THREE_LEGS: a move may take
				 * on a second intermediate square) */
	bool takes_passed;  /* any_range_capture, any_run or any_three_legs: a move may take pieces on
				 * squares it does not name (make.c, undo's passed[]) */
	bool moves_change_more; /* any_burner, any_captor_change, any_range_capture or
				 * any_run: a move changes more than the squares and piece
				 * it names */
	bool lion_trading;  /* any lion-trading rule is on */
	bool end_rules;     /* bare-royal or lone-royals is on: positions are judged */
	type_set minor_types;
	bool unit_slides;   /* every slide steps one square (W or F): pins lie on lines */
	/* Attack tests on bitboards (rules/bitboard.h, attacks.c): a board of
	 * at most BB_SQUARES squares, no lion power, slides in at most
	 * MAX_WALKS directions.  A slide attack is seen from the attacked square
	 * walking back along the slide: slide_walk[i][side] is the walk of
	 * slide_attacks[i] when side attacks; ray[w][sq] the squares of walk w
	 * from sq to the edge, walk_up[w] whether their numbers go up (the
	 * nearest piece is then the lowest one); leapers[side][sq] the squares
	 * from which some leap of side's reaches sq. */
	bool bitboards;
	int nwalks;
	int8_t walk_df[MAX_WALKS], walk_dr[MAX_WALKS];
	bool walk_up[MAX_WALKS];
	uint8_t slide_walk[32][2];
	bb128 ray[MAX_WALKS][BB_SQUARES];
	bb128 leapers[2][BB_SQUARES];
	bb128 slide_reach[2][BB_SQUARES]; /* the rays of every walk of side's slides from each square */
	/* code_slides[code]: the piece has a slide (position_internal.h, bb_toggle) */
	bool code_slides[2 * KIFU_MAX_TYPES + 1];
	/* The unit lines through each square (files, ranks, diagonals), with
	 * bitboards: line_dir[a][b] the direction (0-7) from a to b when b lies
	 * on one of them, else -1; dir_ray[d][a] the squares from a in direction
	 * d to the edge, dir_up[d] whether their numbers go up. */
	int8_t line_dir[BB_SQUARES][BB_SQUARES];
	bb128 dir_ray[8][BB_SQUARES];
	bool dir_up[8];
	/* The position hash's parts as tables (rules/hash.h), with bitboards and
	 * at most KEY_TYPES piece types: the values hash_piece and hash_hand
	 * compute, looked up. */
	bool key_tables;
	/* Generation tables (generate.c gen_piece), with bitboards and at most
	 * KEY_TYPES piece types: leap_on[t][side][sq] the leaps of type t that
	 * stay on the board from sq (bit i: mv.leaps[i]), leap_step[t][side][i]
	 * the square offset of leap i; slide_walk_of[t][i][side] the walk
	 * (ray) along which side's slide i of type t goes, ray_len[w][sq] the
	 * squares of ray[w][sq]. */
	bool gen_tables;
	uint64_t leap_on[KEY_TYPES][2][BB_SQUARES];
	int16_t leap_step[KEY_TYPES][2][MAX_LEAPS];
	uint8_t slide_walk_of[KEY_TYPES][MAX_SLIDES][2];
	uint8_t ray_len[MAX_WALKS][BB_SQUARES];
	/* promo[t][side][from_r][to_r]: what a move of type t between those
	 * ranks may or must do (PROMO_QUIET, PROMO_CAPTURE, PROMO_FORCED:
	 * rules/promotion.h); boards of at most 16 ranks */
	uint8_t promo[KEY_TYPES][2][16][16];
	uint64_t key_piece[2 * KEY_TYPES + 1][BB_SQUARES];
	uint64_t key_hand_step[2][KEY_TYPES][KEY_COUNTS]; /* count c -> c + 1 */
	/* file_of[sq] = sq % files, rank_of[sq] = sq / files: no division on
	 * the per-move path. */
	uint8_t file_of[KIFU_MAX_SQUARES], rank_of[KIFU_MAX_SQUARES];
	/* The start position, parsed once (kifu_position_reset sets a position
	 * to it). */
	sfen_setup start_setup;
	/* SFEN token -> type: [promoted][letter A-Z][its marks: sfen_marks_index],
	 * -1 if none */
	int16_t by_sfen[2][26][SFEN_MARK_SETS];
	/* Japanese names for reading (names.c) */
	int nnames;
	size_t names_max_len;
	struct kifu_name { char text[NAME_MAX_LEN]; uint8_t len; int16_t type; } names[MAX_NAMES];
	/* same_names[a]: bit b set when types a and b share a name (made
	 * with the names: kifu__names_same asks it for every candidate of
	 * every KI2 move) */
	uint64_t same_names[KIFU_MAX_TYPES][(KIFU_MAX_TYPES + 63) / 64];
};

#endif
