/*
 * stats_judgement.h - kifu-stats' judgement measures (stats_judgement.c;
 * docs/stats.md, "Judgement"): the loss of each move and its class, as
 * kifu-annotate writes them in the move's comment (`#損失=N` and a line
 * `【緩手】`, `【疑問手】`, `【悪手】` or `【大悪手】`, ShogiHome's classes),
 * counted per side, per phase of the game and, with --by player, for the
 * group's player.
 *
 * The phases are thirds of each record's main line as played (its legal
 * plies): of N plies, the move of ply index i (0 for the first) is in the
 * opening when 3i < N, in the middle game when 3i < 2N, else in the
 * endgame.  Like every other count these are sums, so that shards merge
 * into the whole exactly; a group holds them only once a record of it had
 * a judged move.
 */
#ifndef KIFU_STATS_JUDGEMENT_H
#define KIFU_STATS_JUDGEMENT_H

#include <stdint.h>

#include <kifu/kifu.h>

struct stats_emitter;

/* Whose moves: Sente's, Gote's, and (--by player) the group's player's. */
enum stats_judge_who { STATS_J_SENTE, STATS_J_GOTE, STATS_J_PLAYER, STATS_NJ_WHO };
extern const char *const stats_judge_who_keys[STATS_NJ_WHO];

/* The phases, and "all": their sum, kept beside them (--merge checks that
 * it is their sum in every part, and that it does not overflow). */
enum stats_judge_phase { STATS_J_OPENING, STATS_J_MIDDLE, STATS_J_END, STATS_NJ_PHASES };
#define STATS_J_ALL STATS_NJ_PHASES
extern const char *const stats_judge_phase_keys[STATS_NJ_PHASES + 1];

/* What is counted of the moves of one side in one phase: the moves judged
 * (a #損失 line), their losses added up, and the moves of each class. */
enum stats_judge_field {
	STATS_J_JUDGED, STATS_J_LOSS, STATS_J_INACCURACY, STATS_J_DUBIOUS, STATS_J_MISTAKE,
	STATS_J_BLUNDER, STATS_NJ_FIELDS
};
#define STATS_J_FIRST_CLASS STATS_J_INACCURACY
extern const char *const stats_judge_field_keys[STATS_NJ_FIELDS];

/* The largest loss read from a comment: kifu-annotate's are at most 6000
 * (two evaluations capped at ±3000); a larger number is not one of its. */
#define STATS_J_MAX_LOSS 999999

/* A group's judgement. */
struct stats_judgement {
	uint64_t records; /* records with a judged or classed move */
	uint64_t n[STATS_NJ_WHO][STATS_NJ_PHASES + 1][STATS_NJ_FIELDS]; /* [STATS_J_ALL]: the sum */
};

/* One record's judged moves, gathered while it is played (the phases wait
 * for its length): kept by struct stats and reused, record after record. */
struct stats_judged_move {
	long index;       /* ply index in the main line, 0 for the first move */
	int side;         /* the mover: KIFU_SENTE or KIFU_GOTE */
	long loss;        /* -1: none given */
	int cls;          /* 0 .. 3 (緩手 .. 大悪手), or -1 */
};
struct stats_judged_moves {
	struct stats_judged_move *moves;
	size_t n, cap;
};

/* Reads the judgement lines of the comment of the main line's move of ply
 * index `index`, made by `side`, into j (nothing when it has none).  0, or
 * KIFU_ENOMEM. */
int stats_judgement_note(struct stats_judged_moves *j, const char *comment, long index,
			 enum kifu_side side);

/* Adds the record's judged moves, of a main line of `plies` legal plies,
 * to *to (made when the first is added).  player_sides: the sides the
 * group's player had (bit 1 Sente, bit 2 Gote; 0 without --by player).
 * 0, or KIFU_ENOMEM. */
int stats_judgement_add(struct stats_judgement **to, const struct stats_judged_moves *j, long plies,
			int player_sides);

/* Writes "judgement": {...} into the group's map (nothing without one). */
void stats_judgement_emit(const struct stats_judgement *jg, int by_player, const struct stats_emitter *e);

#endif
