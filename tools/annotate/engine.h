/*
 * engine.h - asking an engine about positions, over USI (usi.c) or
 * XBoard/CECP (xboard.c): what kifu-annotate needs of an engine, whatever
 * its protocol (docs/annotate.md, "Engines").
 *
 * An engine is started when it is first needed, and again after it died,
 * hung or answered garbage (engine_analyse stops it then, saying why): the
 * caller reports the record and ply and goes on.  What an engine answers is
 * text: its moves are checked by the caller, with the rules, before any is
 * written (annotate.c, "the referee").
 */
#ifndef KIFU_ANNOTATE_ENGINE_H
#define KIFU_ANNOTATE_ENGINE_H

#include <kifu/kifu.h>

#include "annotate/engine_proc.h"

enum engine_protocol { ENGINE_USI, ENGINE_XBOARD };
enum engine_limit_kind { LIMIT_DEPTH, LIMIT_NODES, LIMIT_MOVETIME };

/* What the command line says of the engine. */
struct engine_config {
	const char *cmd;
	enum engine_protocol protocol;
	enum engine_limit_kind limit_kind;
	long limit;                 /* plies, nodes or milliseconds */
	int multipv;                /* lines asked for (USI's MultiPV) */
	int noptions;
	const char *const *option_names;  /* --engine-option NAME=VALUE */
	const char *const *option_values;
	double timeout;             /* seconds an answer may take beyond --movetime */
	int log_fd;                 /* the engines' standard error */
};

/* Most moves kept of one principal variation, and most lines (MultiPV). */
#define ENGINE_MAX_PV 64
#define ENGINE_MAX_LINES 16
#define ENGINE_MOVE_TEXT 32

/* One line of the engine's answer: its score from the view of the side to
 * move, in the engine's unit (centipawns, USI's `score cp`), or a mate in
 * `mate` plies (positive: the side to move mates), and the moves as the
 * engine wrote them. */
struct engine_line {
	int scored;               /* a score was given */
	int mate;                 /* 0: value is the score; else the mate's plies, signed */
	long value;
	int depth;
	long long nodes;          /* -1 if not given */
	int npv;
	char pv[ENGINE_MAX_PV][ENGINE_MOVE_TEXT];
};

struct engine_answer {
	char best[ENGINE_MOVE_TEXT]; /* the move the engine chose ("" if none) */
	int nlines;
	struct engine_line lines[ENGINE_MAX_LINES];
};

/* A position to analyse: the record's start and the moves played to it. */
struct engine_query {
	const kifu_variant *v;
	const kifu_position *start;  /* the record's start position */
	int start_is_variants;       /* it is the variant's own start */
	long nmoves;
	const kifu_move *moves;
};

/* What went wrong (engine_analyse's and engine_record_begin's returns). */
enum engine_status {
	ENG_OK = 0,
	/* 1 is engine_line's "a line" */
	ENG_FAILED = 2,      /* did not start, died, hung or answered garbage: why says */
	ENG_REFUSED,       /* refused a move of the record (xboard): why says which */
	ENG_UNSUPPORTED    /* cannot be asked about this record (its variant, its start) */
};

struct engine {
	const struct engine_config *cfg;
	engine_proc proc;
	int running;
	char name[128];           /* its id name / myname, "" if it gave none */
	char variant[64];         /* the protocol's name of the variant it is set to */
	const kifu_variant *record_variant;
	int fresh_record;         /* usinewgame (or a restart) is due before the next position */
	long pings;
	/* what the engine said of itself */
	int has_uci_variant;      /* USI: a UCI_Variant option */
	char *variants;           /* USI: its UCI_Variant values; XBoard: feature variants */
	int has_multipv;
	int usermove, ping, memory, setboard; /* XBoard features */
	int turned;               /* XBoard: the record's start has Gote to move, and the engine
				   * is given the board turned round (xboard.c) */
	long refused_ply;         /* ENG_REFUSED: the ply of the record's move refused */
};

void engine_init(struct engine *e, const struct engine_config *cfg);
void engine_free(struct engine *e);

/* A new record of variant v: the engine is set to it (started if need be).
 * ENG_OK, ENG_UNSUPPORTED (the engine does not play the variant), or
 * ENG_FAILED, with why filled. */
int engine_record_begin(struct engine *e, const kifu_variant *v, char *why, size_t size);

/* Asks about the position q: fills a.  ENG_OK, or another status with why
 * filled (the engine is then stopped, to be started afresh). */
int engine_analyse(struct engine *e, const struct engine_query *q, struct engine_answer *a,
		   char *why, size_t size);

/* Stops the engine (it is started again when next needed). */
void engine_stop(struct engine *e);

/* The engine's move text as a move of pos's variant: 0, or -1 when it is
 * not a move in the protocol's notation (why says so). */
int engine_parse_move(const struct engine *e, kifu_position *pos, const char *text,
		      kifu_move *out, char *why, size_t size);

/* The protocol's text of move m (USI's 7g7f, XBoard's c3c4), made in
 * position pos. */
void engine_format_move(const struct engine *e, const kifu_position *pos, const kifu_move *m,
			char *buf, size_t size);

/* The protocol's name of a kifu variant (docs/annotate.md's table). */
const char *engine_variant_name(enum engine_protocol protocol, const kifu_variant *v);

/* Whether a space-separated or comma-separated list holds the word. */
int engine_list_has(const char *list, const char *word);

/* The protocols' halves (usi.c, xboard.c). */
int usi_start(struct engine *e, char *why, size_t size);
int usi_record_begin(struct engine *e, char *why, size_t size);
int usi_analyse(struct engine *e, const struct engine_query *q, struct engine_answer *a,
		char *why, size_t size);
int xboard_start(struct engine *e, char *why, size_t size);
int xboard_analyse(struct engine *e, const struct engine_query *q, struct engine_answer *a,
		   char *why, size_t size);
/* turned: the squares are those of the board turned round (engine.turned) */
int xboard_parse_move(kifu_position *pos, const char *text, int turned, kifu_move *out, char *why,
		      size_t size);
/* pass: m is a pass (written @@@@) */
void xboard_format_move(const kifu_variant *v, const kifu_move *m, int pass, int turned, char *buf,
			size_t size);

/* Reads the engine's next line by the deadline: 1, or ENG_FAILED with why
 * filled (it died, hung, or sent a line too long), the engine stopped. */
int engine_line(struct engine *e, char *line, size_t size, double deadline, const char *waiting,
		char *why, size_t why_size);
/* Sends a line: 0.  An engine gone is found, and said, by the reading of
 * its answer (engine_line), which follows every line sent. */
int engine_send(struct engine *e, const char *line, char *why, size_t size);

#endif
