/*
 * judgement.h - the judgement lines of a move's comment, as kifu-annotate
 * writes them and kifu-stats reads them (docs/annotate.md, "Judgement";
 * docs/stats.md, "Judgement"): the move's class, ShogiHome's header line
 * `【悪手】` (src/renderer/store/analysis.ts, getMoveAccuracyText: 緩手
 * inaccuracy, 疑問手 dubious, 悪手 mistake, 大悪手 blunder; ShogiHome puts
 * it on a line of its own before its analysis), and kifu-annotate's
 * `#損失=N`, the move's loss in the engine's unit.  One place for both
 * sides of the contract.
 */
#ifndef KIFU_TOOLS_JUDGEMENT_H
#define KIFU_TOOLS_JUDGEMENT_H

#include <stddef.h>

enum { JUDGEMENT_NCLASSES = 4 };
/* The classes' words, from the mildest: 緩手, 疑問手, 悪手, 大悪手. */
extern const char *const judgement_class_ja[JUDGEMENT_NCLASSES];
/* Their names in JSON and in kifu-stats: inaccuracy, dubious, mistake, blunder. */
extern const char *const judgement_class_key[JUDGEMENT_NCLASSES];

/* The loss line's start. */
#define JUDGEMENT_LOSS_PREFIX "#損失="

/* The class a comment line of n bytes names when it is a class header
 * line, exactly (`【悪手】`): 0 .. 3, or -1. */
int judgement_line_class(const char *line, size_t n);

/* The loss a comment line of n bytes gives when it is a loss line: 1 with
 * *loss set (a whole number from 0 to max, in decimal digits), or 0. */
int judgement_line_loss(const char *line, size_t n, long max, long *loss);

#endif
