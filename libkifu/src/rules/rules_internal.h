/*
 * rules_internal.h - what the files of the rules core share, in the order
 * of their stages (each uses only those before it; docs/architecture.md):
 * the attack test (attacks.c), the lion-trading rules (lion.c), making
 * moves (make.c), generation (generate.c), the ends by the pieces left
 * (end.c), legality (legal.c), repetition (repetition.c) and the one-move
 * check (check.c).  The promotion rule is rules/promotion.h.
 *
 * Everything there is driven by the variant data (variant_internal.h); the
 * comments cite the rule of docs/rules.md or formats/variants.md each part
 * codes.  Offsets in the data are relative to the mover (dy forward, dx
 * right); Sente moves toward rank 1 and its right is file 1, so for Sente
 * an offset (dx, dy) changes (file, rank) by (-dx, -dy), and for Gote by
 * (dx, dy).
 *
 * The small tests every part asks on the per-move path are inline here, so
 * that splitting the core into files costs no call where one file had
 * none.  (The tests that hang on the move at hand are written with & and |
 * where && and || would branch on each part: random games, and real ones,
 * make such branches a coin toss for the processor.)
 */
#ifndef KIFU_RULES_INTERNAL_H
#define KIFU_RULES_INTERNAL_H

#include <stdlib.h>

#include "rules/position_internal.h"
#include "rules/promotion.h"

/* A square's file and rank (0-based), from the variant's tables. */
#define FILE_OF(sq) (p->v->file_of[sq])
#define RANK_OF(sq) (p->v->rank_of[sq])

#if defined(__GNUC__)
#define ALWAYS_INLINE __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#define COLD __attribute__((cold, noinline))
#else
#define ALWAYS_INLINE
#define NOINLINE
#define COLD

#endif

static inline int sign_of(int side) { return side == KIFU_SENTE ? -1 : 1; }
static inline int opp(int side) { return side ^ 1; }

static inline bool on_board(const struct kifu_position *p, int f, int r)
{
	return (unsigned)f < (unsigned)p->files && (unsigned)r < (unsigned)p->ranks;
}

static inline bool in_zone(const struct kifu_position *p, int side, int r)
{
	return zone_has(p->v, side, r);
}
static inline bool in_last(const struct kifu_position *p, int side, int r, int n)
{
	return last_has(p->v, side, r, n);
}

/* (& rather than &&: one branch on the whole answer, which is steadier than
 * the square's being empty) */
static inline bool is_own(int code, int side) { return (code != 0) & ((int)kifu_code_side(code) == side); }
static inline bool is_enemy(int code, int side) { return (code != 0) & ((int)kifu_code_side(code) != side); }

/* The king-step distance between two squares' files and ranks. */
static inline int cheb(int df, int dr)
{
	df = abs(df);
	dr = abs(dr);
	return df > dr ? df : dr;
}

/* Is square a farther from `from` than square b (b < 0: none) in king
 * steps?  Of two pieces in the way of a move along one line, the farther
 * is the one no slide of it passes (check.c, special.c). */
static inline bool kifu__farther(int from, int a, int b, const struct kifu_position *p)
{
	return b < 0 || cheb(FILE_OF(a) - FILE_OF(from), RANK_OF(a) - RANK_OF(from)) >
			     cheb(FILE_OF(b) - FILE_OF(from), RANK_OF(b) - RANK_OF(from));
}

/* How many unpromoted pieces of pt's kind a side may have on one file
 * (no-two-on-file: 1; max-on-file; 0: any number). */
static inline int file_limit(const piece_type *pt)
{
	return pt->desc.no_two_on_file ? 1 : pt->desc.max_on_file;
}

/* ---- the powers of the large variants (special.c) ---- */

/* The rank below which a piece's range jumps pass over pieces. */
static inline int jump_rank_of(const piece_type *pt)
{
	return pt->desc.jump_rank >= 0 ? pt->desc.jump_rank : pt->desc.rank;
}
/* The first of the squares a slide's prefix o passes through (before
 * slide_first) that is not empty, or -1 (step: the board step of its line
 * for the mover). */
int kifu__empties_blocker(const struct kifu_position *p, const slide *sl, int from, int step);
/* Does special slide sl of the piece (pt, side) on from reach to?
 * KIFU_LEGAL, or UNREACHABLE, BLOCKED, JUMP_RANK or JUMP_NO_CAPTURE with
 * *blocker the square at fault. */
enum kifu_illegal_code kifu__xslide_reach(const struct kifu_position *p, const piece_type *pt, int side,
					  const slide *sl, int from, int to, int *blocker);
/* The range capture (range-jumps.passed: captured; docs/rules.md, "Taikyoku
 * Shogi"): the index of the range jump of the piece (pt, side) on from along
 * whose line to lies, with *steps their count and *step one of them on the
 * board, or -1.
 * Squares only: the pieces on the squares between are what such a move
 * captures (make.c); whether it is legal is kifu__xslide_reach's. */
int kifu__range_capture_line(const struct kifu_position *p, const piece_type *pt, int side, int from, int to,
			     int *steps, int *step);
/* Does the one-leg move m of the piece (pt, side) take pieces by passing
 * over them (a range capture)? */
bool kifu__range_captures_any(const struct kifu_position *p, const piece_type *pt, int side, const kifu_move *m);
/* Does a range capture of the piece reach to (which may hold a piece of its
 * own side, ranking below it)? */
bool kifu__range_capture_reaches(const struct kifu_position *p, const piece_type *pt, int side, int from, int to);
/* The squares an area move of up to n king steps (n <= 9) reaches from
 * from, every square before the last empty, each once, nearest first, own
 * pieces' squares included (the caller tells them): their number, into out.
 * Generation and the one-move check share it. */
#define KIFU__AREA_MAX (19 * 19)
int kifu__area_squares(const struct kifu_position *p, int n, int from, int16_t out[KIFU__AREA_MAX]);
/* Does an area move of up to n king steps reach to from from, every square
 * before the last empty? */
bool kifu__area_reaches(const struct kifu_position *p, int n, int from, int to);
/* Does the direct (one-leg) move of two steps (X*) reach to: one step, or
 * two through an empty first square?  KIFU_LEGAL, UNREACHABLE, or BLOCKED
 * with *blocker the first square. */
enum kifu_illegal_code kifu__twice_reach(const struct kifu_position *p, const movement *m, int side, int from,
					 int to, int *blocker);
/* Every special power of the piece for a one-leg move from -> to: KIFU_LEGAL
 * or why not (the most telling reason; AREA_BLOCKED has no *blocker). */
enum kifu_illegal_code kifu__special_reach(const struct kifu_position *p, const piece_type *pt, int side,
					   int from, int to, int *blocker);
/* Is from -> mid -> to an igui (I), a two-step (X*) or a lion-line (X~n)
 * move of the piece? */
bool kifu__special_two_leg(const struct kifu_position *p, const movement *m, int side, int from, int mid, int to);
/* Is from -> mid -> to a run of the piece (KIFU_MOVE_RUN; lion power
 * along a line of n squares, X~n): mid the k-th square of one of its lines,
 * to the j-th, k + 2 <= j <= n?  The line's step on the board, else 0.
 * Squares only: what they hold is the caller's to judge. */
int kifu__run_step(const struct kifu_position *p, const movement *m, int side, int from, int mid, int to);
/* Lion power along a line of n squares (X~n, formats/movement.md): is to
 * k steps along line (lf, lr) from from, 1 <= k <= n?  That k, else 0. */
static inline int long_line_steps(const struct kifu_position *p, int lf, int lr, int n, int from, int to)
{
	const int df = FILE_OF(to) - FILE_OF(from), dr = RANK_OF(to) - RANK_OF(from);
	const int k = lf ? df / lf : dr / lr;
	return k >= 1 && k <= n && k * lf == df && k * lr == dr ? k : 0;
}
/* Is the piece on sq protected: attacked by its own side with the piece on
 * lift (the Emperor that would take it) lifted off the board?  The
 * Emperor's rule (E, docs/rules.md, "Maka Dai Dai Shogi").  The position is
 * put back as it was. */
bool kifu__emperor_protected(const struct kifu_position *p, int lift, int sq);
/* Could the piece on from take a piece on sq by a special power? */
bool kifu__special_attacks(const struct kifu_position *p, int from, int sq);

/* ---- attacks (attacks.c) ---- */

/* attacked_by on bitboards. */
int kifu__attacked_bb(const struct kifu_position *pos, int sq, int by, const type_set *only);
/* On bitboards: the squares of the pieces of `by` that attack sq into
 * *squares, and their number; with one attacker, and that one only by a
 * slide, the squares between it and sq into *between (else none). */
int kifu__checkers_bb(const struct kifu_position *pos, int sq, int by, bb128 *squares, bb128 *between);
/* The square walk, for boards without bitboards (Chu, Dai). */
int kifu__attacked_walk(const struct kifu_position *pos, int sq, int by, const type_set *only);

/* Is sq attacked by a piece of side `by` (of a type in `only`, if not NULL)? */
static inline ALWAYS_INLINE int attacked_by(const struct kifu_position *pos, int sq, int by, const type_set *only)
{
	return pos->v->bitboards ? kifu__attacked_bb(pos, sq, by, only) : kifu__attacked_walk(pos, sq, by, only);
}

/* Is some royal of `side` attacked? */
static inline bool royal_attacked(const struct kifu_position *p, int side)
{
	for (int i = 0; i < p->nroyal[side]; i++)
		if (attacked_by(p, p->royal_sq[side][i], side ^ 1, NULL))
			return true;
	return false;
}

/* The nearest piece to sq in unit direction d (variant_internal.h,
 * line_dir), on bitboards; -1 if none. */
static inline int nearest_on(const struct kifu_position *p, int d, int sq)
{
	const bb128 on = bb_and(p->v->dir_ray[d][sq], bb_or(p->occ[0], p->occ[1]));
	if (!bb_any(on))
		return -1;
	return p->v->dir_up[d] ? bb_lsb(on) : bb_msb(on);
}

/* ---- lion trading (lion.c) ---- */

/* May `side`, with the counter-strike square cs in force, play board move m
 * under the lion-trading rules?  KIFU_LEGAL, or the rule it breaks with
 * *sq the Lion it may not take.  The position is tried with pieces lifted
 * and left as it was. */
enum kifu_illegal_code kifu__lion_trade(struct kifu_position *p, const kifu_move *m, int side, int cs, int *sq);

/* ---- generation (generate.c) ---- */

typedef struct gen {
	struct kifu_position *p;
	kifu_moves *out;  /* a kifu_movelist's array (room KIFU_MAX_MOVES) or a growing list */
	int side;
	bool full;   /* a move found no room: out->room was not enough and could not grow */
	bool grows;  /* out may grow (kifu__moves_grow) */
} gen;

/* Doubles the room of a list that may grow: false when it may not, or
 * when no memory was left (legal.c).  Called only when a list is full. */
bool kifu__moves_grow(gen *g);
/* Appends a move, growing the list when it may: false when it is full. */
static inline bool gen_room(gen *g)
{
	return g->out->count < g->out->room || kifu__moves_grow(g);
}

/* The moves of the piece on `from`, appended to g->out. */
void kifu__gen_piece(gen *g, int from);
/* Drops the moves from index start on that the lion-trading rules forbid
 * (called only for a variant that has them). */
void kifu__lion_filter(gen *g, int start);
/* Every drop of g->side, appended. */
void kifu__gen_drops(gen *g);
/* Every move of the side to move, before the royal rule: false when the
 * list had no room for every move. */
static inline bool generate_pseudo(struct kifu_position *p, kifu_moves *out, bool grows)
{
	gen g = {p, out, p->side, false, grows};
	out->count = 0;
	if (p->v->bitboards) {
		/* the side's pieces in the order of their squares */
		for (bb128 own = p->occ[p->side]; bb_any(own);)
			kifu__gen_piece(&g, bb_pop(&own));
	} else {
		for (int sq = 0; sq < p->nsq; sq++)
			if (is_own(p->board[sq], p->side))
				kifu__gen_piece(&g, sq);
	}
	if (p->v->lion_trading)
		kifu__lion_filter(&g, 0);
	if (p->v->drops)
		kifu__gen_drops(&g);
	return !g.full;
}

/* ---- the ends by the pieces left (end.c) ---- */

/* The end rules 2 and 5 of kifu_position_end (end.bare-royal,
 * end.lone-royals): KIFU_GAME_ON, or KIFU_GAME_BARE_ROYAL with *loser, or
 * KIFU_GAME_LONE_ROYALS. */
enum kifu_game_state kifu__judge_end(const struct kifu_position *p, int *loser);

/* ---- legality (legal.c) ---- */

/* Would a piece of `type`, of side `dropper`, on `to` attack a royal of the
 * other side?  (Its leaps and slides: drops of pieces with lion power are
 * not looked at.) */
bool kifu__piece_attacks_royal(const struct kifu_position *p, int type, int dropper, int to);
/* After the mover's move (p->side is now the opponent): is it legal under
 * the royal rule and the drop-mate ban? */
bool kifu__legal_after(struct kifu_position *p, const kifu_move *m, int depth);
/* Would the move m (board_test_fits) leave the side to move's royal, on
 * `royal`, attacked?  The board is put back as it was. */
bool kifu__royal_attacked_after(struct kifu_position *p, const kifu_move *m, int royal);
/* Is move m legal (the search for a drop mate `depth` deep)? */
bool kifu__move_is_legal(struct kifu_position *p, const kifu_move *m, int depth);
/* Is there a legal move (the search for a drop mate goes `depth` deep)? */
bool kifu__has_legal_move(struct kifu_position *p, int depth);

/* May the royal test of m (p->side to move) be made on the board alone
 * (kifu__royal_attacked_after)?  Under the last-royal rule, for a side with
 * one royal that the move leaves its only one (no royal dropped, none made
 * or unmade by a promotion), when the drop-mate ban has no question to ask
 * (the drop attacks no royal).  Else the move is made and judged whole
 * (kifu__legal_after). */
static inline bool board_test_fits(const struct kifu_position *p, const kifu_move *m)
{
	const struct kifu_variant *v = p->v;
	/* (a burn or a range capture changes squares the move does not name,
	 * a captor-becomes the piece it moves: made whole) */
	if (v->royal_rule != KIFU_ROYAL_LAST || p->nroyal[p->side] != 1 || v->moves_change_more)
		return false;
	if (m->flags & KIFU_MOVE_DROP)
		return !v->types[m->piece].desc.royal &&
		       !(v->types[m->piece].desc.no_drop_mate &&
			 kifu__piece_attacks_royal(p, m->piece, p->side, m->to));
	if (!(m->flags & KIFU_MOVE_PROMOTE))
		return true;
	const piece_type *pt = &v->types[kifu_code_type(p->board[m->from])];
	return pt->promotes_to < 0 || (!pt->desc.royal && !v->types[pt->promotes_to].desc.royal);
}

/* Is the side to move's single royal attacked?  From the cache kept by
 * kifu_make_move when it can tell, else by an attack test (then cached). */
static inline bool in_check(struct kifu_position *p)
{
	if (p->check < 0)
		p->check = (int8_t)attacked_by(p, p->royal_sq[p->side][0], opp(p->side), NULL);
	return p->check;
}

/* With the shipped variants' unit slides: does the side to move's piece on
 * `from` stand on a line (file, rank, diagonal) with its royal, nothing
 * between them, and an enemy piece next beyond it on that line?  Only then
 * can its move uncover a slide onto the royal. */
static inline bool may_be_pinned(const struct kifu_position *p, int royal, int from)
{
	if (p->v->bitboards) {
		/* the piece is the nearest to the royal on their line, and the next
		 * one beyond it is an enemy */
		int d = p->v->line_dir[royal][from];
		if (d < 0)
			return false;
		if (nearest_on(p, d, royal) != from)
			return false;
		bb128 beyond = bb_and(p->v->dir_ray[d][from], bb_or(p->occ[0], p->occ[1]));
		if (!bb_any(beyond))
			return false;
		return is_enemy(p->board[p->v->dir_up[d] ? bb_lsb(beyond) : bb_msb(beyond)], p->side);
	}
	int df = FILE_OF(from) - FILE_OF(royal), dr = RANK_OF(from) - RANK_OF(royal);
	if (!(df == 0 || dr == 0 || df == dr || df == -dr))
		return false;
	/* on a line with the royal: a pin only if nothing stands between them
	 * and an enemy piece stands behind it on that line */
	int uf = (df > 0) - (df < 0), ur = (dr > 0) - (dr < 0);
	int f = FILE_OF(royal) + uf, r = RANK_OF(royal) + ur;
	for (; f != FILE_OF(from) || r != RANK_OF(from); f += uf, r += ur)
		if (p->board[r * p->files + f])
			return false;
	for (f += uf, r += ur; on_board(p, f, r); f += uf, r += ur) {
		int code = p->board[r * p->files + f];
		if (code)
			return is_enemy(code, p->side);
	}
	return false;
}

/* What generation needs to know to test only the moves that may be illegal. */
typedef struct legal_ctx {
	bool royal_test; /* the last-royal rule applies: the mover has one royal */
	bool in_check;   /* ... and it is attacked now */
	int royal;       /* its square */
	bool pins;       /* pinned holds what may_be_pinned says of every square */
	bb128 pinned;
	/* In check, with bitboards: a move of another piece than the royal
	 * (that makes no royal) answers it only by taking the one attacker or
	 * stepping between it and the royal: on a square of `answers` (none
	 * with two attackers).  Every other such move leaves the royal
	 * attacked, and is illegal without a test. */
	bool evasions;
	bb128 answers;
} legal_ctx;

/* pins: the context serves a list of board moves (their pins found at once
 * when the board has bitboards). */
void kifu__legal_ctx_init(struct kifu_position *p, legal_ctx *c, bool pins);

/* Could this move be illegal?  Only then is it played and tested.  With the
 * mover's royal not attacked, a move leaves it attacked only if it is the
 * royal's own move, or if it opens a slide onto it: its piece leaves a square
 * on a line with the royal (pins; with the shipped variants' unit slides,
 * a file, rank or diagonal).  A drop mates only if it attacks a royal. */
static inline bool needs_test(const struct kifu_position *p, const legal_ctx *c, const kifu_move *m)
{
	if ((m->flags & KIFU_MOVE_DROP) && p->v->types[m->piece].desc.no_drop_mate &&
	    kifu__piece_attacks_royal(p, m->piece, p->side, m->to))
		return true;
	if (!c->royal_test)
		return false;
	if (c->in_check)
		return true;
	if (m->flags & KIFU_MOVE_DROP)
		return false;
	if (m->from == c->royal || !p->v->unit_slides)
		return true;
	if (c->pins)
		return bb_has(&c->pinned, m->from);
	return may_be_pinned(p, c->royal, m->from);
}

/* In check (c->evasions): is move m one that cannot answer it (legal_ctx)?
 * A royal's move, a drop of a royal or a promotion that makes one is
 * tested. */
static inline bool cannot_answer(const struct kifu_position *p, const legal_ctx *c, const kifu_move *m)
{
	const struct kifu_variant *v = p->v;
	if (bb_has(&c->answers, m->to))
		return false;
	if (m->flags & KIFU_MOVE_DROP)
		return !v->types[m->piece].desc.royal;
	if (m->from == c->royal)
		return false;
	const piece_type *pt = &v->types[kifu_code_type(p->board[m->from])];
	return !((m->flags & KIFU_MOVE_PROMOTE) && pt->promotes_to >= 0 && v->types[pt->promotes_to].desc.royal);
}

#endif
