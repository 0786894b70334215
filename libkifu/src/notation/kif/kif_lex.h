/*
 * kif_lex.h - the first stage of the KIF-family reader (kif_lex.c): text
 * helpers, the classification of a line into its kind, and the words of a
 * move (destination or 同/仝, piece, KI2's relative words, 成/不成/生/打),
 * all without a board.  Telling the notation of an input (the sniff) and
 * reading it use the same classifier.
 */
#ifndef KIFU_NOTATION_KIF_LEX_H
#define KIFU_NOTATION_KIF_LEX_H

#include <stdbool.h>
#include <stddef.h>

#include "kifu/variant.h"
#include "kifu/vocabulary.h"

/* A piece of a line: [p, end). */
typedef struct kif_text { const char *p, *end; } kif_text;

static inline bool kif_at_n(const kif_text *t, const char *lit, size_t n)
{
	if ((size_t)(t->end - t->p) < n)
		return false;
	/* a few bytes: compared here, not by a call to memcmp */
	for (size_t i = 0; i < n; i++)
		if (t->p[i] != lit[i])
			return false;
	return true;
}

static inline bool kif_eat_n(kif_text *t, const char *lit, size_t n)
{
	if (!kif_at_n(t, lit, n))
		return false;
	t->p += n;
	return true;
}

/* With a string literal, its length is known when compiling. */
#define kif_at(t, lit) kif_at_n((t), (lit), sizeof(lit) - 1)
#define kif_eat(t, lit) kif_eat_n((t), (lit), sizeof(lit) - 1)

/* Skips ASCII spaces, tabs, CRs and full-width spaces (U+3000). */
static inline void kif_skip_space(kif_text *t)
{
	const char *p = t->p, *end = t->end;
	for (;;) {
		if (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		else if (end - p >= 3 && (unsigned char)p[0] == 0xE3 && (unsigned char)p[1] == 0x80 &&
			 (unsigned char)p[2] == 0x80)
			p += 3;
		else
			break;
	}
	t->p = p;
}

static inline bool kif_at_end(kif_text *t)
{
	kif_skip_space(t);
	return t->p >= t->end;
}

/* Trims ASCII and full-width spaces at both ends. */
void kifu__kif_trim(kif_text *t);
/* A digit, half-width or full-width (０-９): its value, or -1. */
int kifu__kif_digit(kif_text *t);
/* A decimal number (half- or full-width digits), or -1. */
long kifu__kif_number(kif_text *t);
/* A kanji number up to 99 (一, 十, 十五, 二十三), or -1. */
int kifu__kif_kanji_number(kif_text *t);
/* Is the next character one of the side marks ▲ △ ☗ ☖ ▼ ▽?  Eats it. */
bool kifu__kif_eat_mark(kif_text *t);

/* What a line is. */
enum kif_line_kind {
	KIF_BLANK,          /* nothing but spaces */
	KIF_HASH,           /* # ...: a comment of the file; after moves, a record boundary */
	KIF_HEADER,         /* key：value (key in `key`, value in `rest`) */
	KIF_COMMENT,        /* * text (text in `rest`) */
	KIF_BOOKMARK,       /* & name (name in `rest`) */
	KIF_MOVES_MARKER,   /* 手数----指手---------消費時間-- */
	KIF_MOVE,           /* "  12 同　歩(23)   ( 0:01/00:00:05)": `number`, the rest after it */
	KIF_WIDE_MOVE,      /* "57手目一歩目 ▲仝獅子 （←7七）": `number`, `leg`, the rest */
	KIF_KI2_MOVES,      /* "▲７六歩　△３四歩": the line from its first mark */
	KIF_VARIATION,      /* 変化：N手 (`rest`: after the colon) */
	KIF_RESULT,         /* まで76手で後手の勝ち */
	KIF_BOD_HAND,       /* 先手の持駒：飛　角 (`side`, `rest`: the pieces) */
	KIF_BOD_RANK,       /* |v香v桂 ・ ...|一 */
	KIF_BOD_BORDER,     /* +---------------------------+ */
	KIF_BOD_FILES,      /* ９ ８ ７ ... １ (`number`: the first, the board's width) */
	KIF_BOD_SIDE,       /* 先手番, 後手番 (上手番, 下手番): `side` */
	KIF_BOD_MOVENUMBER, /* 手数＝N: `number` */
	KIF_OTHER           /* none of these */
};

typedef struct kif_line {
	enum kif_line_kind kind;
	bool evidence;     /* only the KIF family writes such a line (telling the notation) */
	kif_text key;      /* KIF_HEADER */
	kif_text rest;     /* see the kinds */
	long number;
	int leg;           /* KIF_WIDE_MOVE: 0, 1 (一歩目), 2 (二歩目), 3 (三歩目: a run's) */
	int side;          /* KIF_BOD_HAND, KIF_BOD_SIDE: a kifu_side */
	bool handicap;     /* KIF_BOD_HAND, KIF_BOD_SIDE: named 上手/下手 */
} kif_line;

/* Classifies one line (UTF-8, without its line end). */
void kifu__kif_classify(const char *line, size_t len, kif_line *out);

/* What a header line "key：value" (value trimmed, vlen bytes) is read as:
 * the tag whose KIF header key is (kifu/vocabulary.h; *tag set); a tag of
 * that name, for a key made of a-z 0-9 _ - (what the writer makes of a
 * compact tag with no KIF header) other than the keys the compact notation
 * gives a meaning of their own (header, comment, bookmark, handicap); else
 * a header kept whole (the `header` tag).  手合割 with no value, or one
 * longer than any start's name, names nothing: it is kept whole too. */
enum kif_header_kind { KIF_HEADER_TAG, KIF_HEADER_KEY, KIF_HEADER_WHOLE };
#define KIF_HANDICAP_MAX 128 /* bytes of a 手合割 value, with its NUL */
enum kif_header_kind kifu__kif_header_kind(const char *key, size_t klen, size_t vlen,
					   const kifu_tag_info **tag);

/* The variant a 手合割 value names, traditional characters folded (中將棋 is
 * 中将棋): fallback's (-v) if it names it or one of its starts; else the
 * variant of the set it names by title or name; else the one that has a
 * start of that name (平手, 香落ち: standard shogi).  *start is set to the
 * start's own name when the value names a start, else NULL.  NULL if none.
 * The reader chooses a record's variant by it; the writer asks it whether
 * a handicap reads back as one. */
const kifu_variant *kifu__kif_handicap_variant(const kifu_variant_set *variants, const kifu_variant *fallback,
					       const char *value, const char **start);

/* KI2's relative-move words. */
enum kif_mod {
	KIF_MOD_RIGHT = 1, KIF_MOD_LEFT = 2, KIF_MOD_UP = 4, KIF_MOD_DOWN = 8, KIF_MOD_SIDE = 16,
	KIF_MOD_STRAIGHT = 32
};

/* The words of a move: [同|仝|square] piece [KI2 words] [成|不成|生|打]. */
typedef struct kif_move_head {
	bool same;         /* 同 or 仝: the square of the move before */
	int to;            /* the square when not same */
	int type;          /* the piece named */
	bool promote;      /* 成 */
	bool drop;         /* 打 */
	unsigned mods;     /* KI2 only: enum kif_mod */
} kif_move_head;

enum kif_head_status {
	KIF_HEAD_OK = 0,
	KIF_HEAD_NO_SQUARE,   /* neither a square nor 同: maybe a special move (投了) */
	KIF_HEAD_NO_PIECE     /* a square, then no piece name v knows (t->p at the name) */
};

/* The piece names a reader has looked up, by the text from the name to
 * the origin's '(' ("歩", "成銀", "歩成"): a move's name found again without
 * matching every name of the variant (kifu_variant_piece_by_name was a
 * tenth of reading a KIF file).  Exact: a name holds no '(' so its match
 * is decided by that text alone.  Zeroed to start; one variant at a time. */
enum { KIF_NAME_CACHE = 32, KIF_NAME_KEY = 24 };
typedef struct kif_name_cache {
	const kifu_variant *v;
	struct {
		unsigned char len;  /* 0: empty */
		unsigned char used; /* the name's bytes */
		short type;
		char key[KIF_NAME_KEY];
	} e[KIF_NAME_CACHE];
} kif_name_cache;

/* Parses the words of a move at t for variant v; ki2: KI2's relative
 * words may follow the piece, in any order with 成/不成/生/打.  Squares are
 * a file number and a kanji rank (７六, 10九, 4十五).  nc: the reader's
 * names looked up, or NULL. */
enum kif_head_status kifu__kif_move_head(const kifu_variant *v, kif_text *t, bool ki2,
					 kif_move_head *out, kif_name_cache *nc);

/* Names a square as KIF writes it: ７六 (9×9 boards), 7十一 (larger ones). */
void kifu__kif_square_name(const kifu_variant *v, int sq, char *buf, size_t size);

/* A square: file number then kanji rank (on boards up to 9×9 also two
 * digits, 76); -1 if there is none there. */
int kifu__kif_square(const kifu_variant *v, kif_text *t);
/* An origin "(77)" (KIF: one digit each) or "（←7九）" (wide); -1 if none. */
int kifu__kif_origin(const kifu_variant *v, kif_text *t);
/* "( 0:16/00:00:16)", "( 0:7/)", "(0:4/0:0:4)": the move's time and the
 * running total in seconds (-1 for a total not given).  0, or -1 if there
 * is no time there. */
int kifu__kif_times(kif_text *t, double *time, double *total);

#endif
