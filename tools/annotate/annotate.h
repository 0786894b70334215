/*
 * annotate.h - the analysis of one record (annotate.c), its judgement
 * (judge.c) and the comments that carry them (comment.c): what a worker of
 * kifu-annotate does with a record and an engine, with nothing shared
 * between workers but the options.
 */
#ifndef KIFU_ANNOTATE_ANNOTATE_H
#define KIFU_ANNOTATE_ANNOTATE_H

#include <stdio.h>

#include <kifu/kifu.h>

#include "annotate/engine.h"
#include "lib/judgement.h"

/* The comment forms (docs/annotate.md, "Comments"). */
enum comment_form { FORM_SHOGIHOME, FORM_SHOGIGUI };

/* The judgement's classes, ShogiHome's (src/common/i18n: 緩手 inaccuracy,
 * 疑問手 dubious, 悪手 mistake, 大悪手 blunder), by the win rate lost; their
 * words are lib/judgement.h's, which kifu-stats reads back. */
enum judge_class { CLASS_NONE = -1, CLASS_INACCURACY, CLASS_DUBIOUS, CLASS_MISTAKE, CLASS_BLUNDER,
		   NCLASSES = JUDGEMENT_NCLASSES };

/* What every worker is told. */
struct annotate_options {
	struct engine_config engine;
	enum comment_form form;
	int variations;          /* analyse every line, not the main line alone */
	long from_ply, to_ply;   /* judge the moves of these plies (1-based); to 0: to the end */
	double thresholds[NCLASSES]; /* win-rate points lost for each class */
	double sigmoid;          /* the win rate of a score s: 100 / (1 + exp(-s / sigmoid)) */
	const char *to;          /* the notation written, or NULL: the record's own (else compact) */
	int json;                /* --format=json: judgements, not records */
	kifu_write_options write;
};

/* A message for the main thread to print, in the order of the records. */
struct annotate_note {
	kifu_diag diag;
	int about_record;        /* 1: silenced by -q (cli_record_diag); 0: always said */
};

/* What a worker hands back for one record. */
struct annotate_result {
	char *text;              /* what is written for it (a record, or a JSON object), malloc'd */
	size_t len;
	const char *notation;    /* the notation text is written in (NULL for JSON) */
	struct annotate_note *notes;
	int nnotes, notes_cap;
	int status;              /* CLI_OK, CLI_INVALID (invalid, or not all analysed), CLI_USAGE */
	long positions;          /* positions asked about */
	long analysed;           /* answered without error */
	long engine_errors;      /* positions not analysed: the engine failed, refused a move,
				  * or proposed an illegal one (the analysis is marked) */
	long illegal;            /* engine moves the rules refused */
	int interrupted;         /* SIGINT or SIGTERM came before it was complete: not to be
				  * written, nor any record after it */
};

/* Analyses rec (of variant v, NULL when unknown) with engine e and fills
 * out.  rec is the worker's own copy.  The engine is started, stopped and
 * restarted as needed. */
void annotate_record(const struct annotate_options *opt, struct engine *e, const kifu_record *rec,
		     const kifu_variant *v, struct annotate_result *out);
void annotate_result_free(struct annotate_result *r);

/* ---- comment.c ---- */

/* An evaluation, from Sente's view: cp, or a mate in |mate| plies won by
 * Sente (mate > 0) or Gote (mate < 0). */
struct eval_value {
	int known;
	int mate;
	long cp;
};

/* One line of an analysis as written: its evaluation and its moves, every
 * one of them legal (the referee's). */
struct written_line {
	struct eval_value eval;
	int depth;
	long long nodes;
	int nmoves;
	kifu_move moves[ENGINE_MAX_PV];
};

/* The analysis of one position, and the judgement of the move that led to
 * it. */
struct position_analysis {
	int asked;               /* the engine was asked about it */
	int ok;                  /* it answered with a legal best move */
	char error[700];         /* the engine's error, marked in the comment ("" if none) */
	int nlines;
	struct written_line lines[ENGINE_MAX_LINES];
	/* the judgement of the move played to this position */
	int judged;
	long loss;               /* centipawns, >= 0 */
	int judged_side;         /* 0 Sente moved, 1 Gote */
	enum judge_class cls;
};

/* The comment of a move (or of the start) with its old analysis lines
 * taken out and the new analysis put first: malloc'd, NULL when out of
 * memory.  pos is the position analysed (after the move), prev_to the
 * move's square (for 同 after the first move of a line), engine_name the
 * engine's name ("" if none). */
char *comment_build(const struct annotate_options *opt, const char *old, const kifu_position *pos,
		    const struct position_analysis *a, const char *engine_name);

/* The old comment without kifu's (or ShogiHome's, ShogiGUI's) analysis
 * lines: malloc'd (NULL when nothing is left or out of memory). */
char *comment_strip(const char *old);

/* ---- judge.c ---- */

/* Sets after->judged, loss and cls from the analyses before and after a
 * move by mover; best: the move was the engine's best. */
void judge_move(const struct annotate_options *opt, const struct position_analysis *before,
		struct position_analysis *after, enum kifu_side mover, int best);

/* The evaluation as centipawns from Sente's view (a mate: ±EVAL_MATE). */
#define EVAL_MATE 30000
long eval_cp(const struct eval_value *e);

#endif
