/*
 * kif_read.h - the stages of the KIF-family reader, shared by its files:
 *
 *   kif_lex.c   lines and move words, no board (kif_lex.h)
 *   kif_read.c  the record's grammar: a state machine over line kinds,
 *               the variant's choice, headers, comments, variations
 *   kif_bod.c   the board diagram (BOD), read into the record's sfen tag
 *   kif_ki2.c   KI2 moves resolved against the position, and the words a
 *               KI2 move needs
 *   kif_write.c writing KIF (kif_write.h)
 *   kif_ki2_write.c writing KI2
 *
 * Everything here goes through the public API below the notations (rules,
 * records, the play loop): no notation knows the rules core's insides.
 */
#ifndef KIFU_NOTATION_KIF_READ_H
#define KIFU_NOTATION_KIF_READ_H

#include <stdbool.h>

#include "kifu/play.h"
#include "kifu/sys/record.h"
#include "notation/kif/kif_lex.h"
#include "notation/notation.h"

/* The reader (a kifu__notation's open, next, close): the kif entry's, and
 * the ki2 entry's, whose KI2 it reads. */
int kifu__kif_open(void **state, const kifu__read_ctx *ctx);
int kifu__kif_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag);
void kifu__kif_close(void *state);

/* Where a reading problem is: the record, and the line being read. */
typedef struct kif_spot {
	kifu_record *rec;
	long lineno;
	const char *line;   /* the whole line, for columns */
} kif_spot;

/* The column (1-based, in characters) of p within the spot's line. */
long kifu__kif_col(const kif_spot *s, const char *p);

/* Records the record's first problem: at ply (0: the record as a whole),
 * at p within the line, about the move text move[0..mlen) (NULL: none).
 * In a variation the problem is the whole record's, naming the variation.
 * Returns 0 (reading goes on: the problem is the record's) or KIFU_ENOMEM. */
int kifu__kif_problem(const kif_spot *s, long ply, const char *p, const char *move, size_t mlen,
		      const char *msg);

/* The board diagram: its lines are kept as they come (a diagram comes
 * before the variant may be known: its size helps tell it), then read into
 * the record's `sfen` tag. */
typedef struct kif_bod {
	bool seen;          /* a diagram line was read */
	int files;          /* the file numbers over it (0: none given) */
	int nranks;         /* rank lines kept */
	int side;           /* the side to move: 先手番 / 後手番 */
	long movenumber;    /* 手数＝N: moves played before it (0: none given) */
	/* kept lines: the hands (side 0, 1) and the ranks, whole, with where the
	 * content starts and the line's number */
	char *text;
	size_t len, cap;
	struct kif_bod_line { size_t off, len, content; long lineno; } hand[2], rank[KIFU_MAX_DIM];
	bool has_hand[2];
	int nhand_lines;    /* hand lines seen (a side's hand may be given once) */
	int extra_ranks;    /* rank lines past KIFU_MAX_DIM */
	long extra_lineno;
} kif_bod;

void kifu__bod_init(kif_bod *b);
void kifu__bod_free(kif_bod *b);
/* Forgets the diagram, keeping the memory. */
void kifu__bod_clear(kif_bod *b);
/* Takes a diagram line (KIF_BOD_*).  Returns 0 or KIFU_ENOMEM. */
int kifu__bod_line(kif_bod *b, const kif_line *l, const char *line, size_t len, long lineno);
/* Reads the kept diagram as a position of v into rec's `sfen` tag (nothing
 * when no diagram was read).  A problem is the record's (kifu__kif_problem).
 * Returns 0 or KIFU_ENOMEM. */
int kifu__bod_finish(kif_bod *b, const kifu_variant *v, kifu_record *rec, const kif_spot *here);
/* The type a diagram's cell names at text[0..len) (*used: the bytes its
 * name takes), or KIFU_ENOTFOUND: the longest name it begins with; of the
 * types that bear that name, the one whose diagram name it is (Chu's 馬:
 * the Dragon Horse), else an unpromoted one (龍馬, which the promoted
 * Bishop shares), as lishogi's reader takes them (scalashogi
 * KifUtils.toPieceBoard): a diagram has no move to tell them apart.  The
 * writer names each piece so that this reads it back. */
int kifu__bod_cell_piece(const kifu_variant *v, const char *text, size_t len, size_t *used);

/* Resolves a KI2 move (its words h, destination to) against pos: the one
 * legal move of the named piece to `to` that the relative words allow; else
 * a drop (打 or not); else the one such move of a pinned piece (illegal: the
 * play loop says why).  Returns NULL with *out set, or why not.  Each
 * candidate is asked of the rules (kifu_check_move): no move list. */
const char *kifu__ki2_resolve(kifu_position *pos, const kif_move_head *h, int to, kifu_move *out);

/* The words a KI2 writer adds after a move's piece: the relative words
 * (enum kif_mod), then 成, 不成 or 打. */
typedef struct ki2_words {
	unsigned mods;
	enum { KI2_PLAIN, KI2_PROMOTE, KI2_NOT_PROMOTE, KI2_DROP } suffix;
} ki2_words;

/* The words the JSA's conventions give move m in pos (list: its legal
 * moves): none when no other piece of its kind can go there (a pinned one
 * counts), else the motion (上 寄 引), 直, 右/左, or 右/左 with the motion,
 * the first that tells it; 成 or 不成 when it could promote; 打 on a drop
 * only when a piece on the board could go there too.  0, or -1 when no
 * words tell m apart (a variant's piece the conventions do not foresee). */
int kifu__ki2_words(kifu_position *pos, const kifu_movelist *list, const kifu_move *m,
		    ki2_words *out);

#endif
