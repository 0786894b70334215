/*
 * kifu/vocabulary.h - the words the notations share: how a game ended, and
 * the tags a record carries (players, date, event, ...).  One table each;
 * every reader, writer and tool reads them, so that a word means the same
 * thing in every notation.
 */
#ifndef KIFU_VOCABULARY_H
#define KIFU_VOCABULARY_H

#include <stddef.h>
#include "api.h"

KIFU_BEGIN_DECLS

/* What an ending says of the result, for the side to move after the last
 * move (the side whose turn it was when the game ended). */
enum kifu_outcome {
	KIFU_OUTCOME_NONE = 0,     /* no result: the game was not finished (abort, sealed),
				    * or the ending names none (nomate) */
	KIFU_OUTCOME_MOVER_LOSES,  /* the side to move lost: resign, mate, timeout, illegal-loss */
	KIFU_OUTCOME_MOVER_WINS,   /* the side to move won: illegal-win (the last move was a
				    * foul), declare-win (it declares) */
	KIFU_OUTCOME_DRAW          /* repetition, impasse, draw */
};

/* An ending, in each notation's words. */
typedef struct kifu_ending_info {
	const char *word;              /* the compact notation's word: "resign" */
	const char *kif;               /* what KIF and KI2 write: 投了 */
	const char *const *kif_also;   /* other words KIF and KI2 readers take as it,
				        * NULL-terminated (時間切れ for timeout) */
	enum kifu_outcome outcome;
	const char *csa;               /* the CSA special move: "%TORYO"; JKF's special is
				        * the same without the '%' ("TORYO").  NULL when
				        * CSA says it by the side at fault instead
				        * (illegal-win: %+ILLEGAL_ACTION or
				        * %-ILLEGAL_ACTION, naming the side that made
				        * the last move) or has no word for it */
} kifu_ending_info;

/* The endings, in the order formats/compact.md lists them. */
int kifu_ending_count(void);
/* The i-th ending, NULL out of range. */
const kifu_ending_info *kifu_ending_at(int i);
/* The ending whose compact word is word[0..len), or NULL. */
const kifu_ending_info *kifu_ending_find(const char *word, size_t len);
/* The ending whose KIF word (kif or one of kif_also) is text[0..len)
 * exactly, or NULL. */
const kifu_ending_info *kifu_ending_find_kif(const char *text, size_t len);
/* The ending whose CSA special is text[0..len) ("%TORYO"; JKF's "TORYO"
 * with its '%' added), or NULL.  %+ILLEGAL_ACTION and %-ILLEGAL_ACTION
 * name the side at fault: the reader turns them into illegal-loss or
 * illegal-win by the side to move. */
const kifu_ending_info *kifu_ending_find_csa(const char *text, size_t len);

/* A tag that a notation has a header for. */
typedef struct kifu_tag_info {
	const char *key;               /* the compact notation's key: "sente" */
	const char *kif;               /* its KIF header: 先手 */
	const char *kif_handicap;      /* the KIF header in a handicap game (下手 for
				        * sente), or NULL when it is the same */
	int kif_order;                 /* where the KIF writer puts it: 1 first.  Headers
				        * kept whole (the `header` tag) come at order
				        * KIFU_TAG_KIF_ORDER_RAW, tags with no KIF header
				        * last, as `key：value` */
	const char *csa;               /* its CSA game information line: "$EVENT",
				        * "N+" (sente), or NULL when CSA has none */
	int kif_wide_order;            /* where the wide form (boards over 9x9) puts it:
				        * lishogi's server order; headers kept whole at
				        * KIFU_TAG_KIF_WIDE_ORDER_RAW */
} kifu_tag_info;

#define KIFU_TAG_KIF_ORDER_RAW 7
#define KIFU_TAG_KIF_WIDE_ORDER_RAW 10

/* The tags, in the order the compact writer puts them first. */
int kifu_tag_count(void);
const kifu_tag_info *kifu_tag_at(int i);
/* The tag of this compact key, or NULL. */
const kifu_tag_info *kifu_tag_find(const char *key);
/* The tag whose KIF header (or handicap-game header) is text[0..len), or
 * NULL. */
const kifu_tag_info *kifu_tag_find_kif(const char *text, size_t len);
/* The tag whose CSA key ("$EVENT", "N+") is text[0..len), or NULL. */
const kifu_tag_info *kifu_tag_find_csa(const char *text, size_t len);

KIFU_END_DECLS

#endif
