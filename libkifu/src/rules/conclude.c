/*
 * conclude.c - what a loaded variant derives from its pieces and settings,
 * once, before any position is played (kifu__variant_conclude): the attack
 * tables, the bitboards' rays, the generation and promotion tables, the
 * hash's parts, the SFEN tokens and the names readers and writers use.  A
 * concluded variant never changes: positions, the rules and every thread
 * read these tables without a lock.
 */
#include <stdio.h>
#include <string.h>

#include "rules/conclude.h"
#include "rules/hash.h"
#include "rules/names.h"
#include "rules/promotion.h"

/* Marks every destination (relative to the mover) that each kind of move of
 * a piece reaches; a destination reached two ways means the generator must
 * drop duplicates for this piece. */
static bool moves_overlap(const movement *m)
{
	enum { SPAN = 2 * KIFU_MAX_DIM + 1 };
	unsigned char seen[SPAN][SPAN];
	memset(seen, 0, sizeof seen);
	bool overlap = false;
#define MARK(dx, dy, bit)                                                            \
	do {                                                                         \
		int x_ = (dx) + KIFU_MAX_DIM, y_ = (dy) + KIFU_MAX_DIM;              \
		if (x_ >= 0 && x_ < SPAN && y_ >= 0 && y_ < SPAN) {                  \
			if (seen[x_][y_] & ~(bit))                                   \
				overlap = true;                                      \
			seen[x_][y_] |= (bit);                                       \
		}                                                                    \
	} while (0)
	for (int i = 0; i < m->nleaps; i++)
		MARK(m->leaps[i].dx, m->leaps[i].dy, 1);
	for (int i = 0; i < m->nslides; i++) {
		int range = m->slides[i].range ? m->slides[i].range : KIFU_MAX_DIM;
		for (int k = 1; k <= range; k++)
			MARK(k * m->slides[i].dx, k * m->slides[i].dy, 2);
	}
	if (m->area_lion)
		for (int dx = -2; dx <= 2; dx++)
			for (int dy = -2; dy <= 2; dy++)
				if (dx || dy)
					MARK(dx, dy, 4);
	for (int i = 0; i < m->nlines; i++) {
		MARK(m->lines[i].dx, m->lines[i].dy, 8);
		MARK(2 * m->lines[i].dx, 2 * m->lines[i].dy, 8);
	}
	for (int i = 0; i < m->nxslides; i++) {
		int range = m->xslides[i].range ? m->xslides[i].range : KIFU_MAX_DIM;
		for (int k = 1; k <= range; k++)
			MARK(k * m->xslides[i].dx, k * m->xslides[i].dy, 16);
		/* a hook reaches a square by two corners; two special slides
		 * along one line (jR jjR) reach its squares both */
		if (m->xslides[i].kind & SLIDE_HOOK)
			overlap = true;
		for (int j = 0; j < i; j++)
			if (m->xslides[j].dx == m->xslides[i].dx && m->xslides[j].dy == m->xslides[i].dy)
				overlap = true;
	}
	for (int dx = -m->area; dx <= m->area; dx++)
		for (int dy = -m->area; dy <= m->area; dy++)
			if (dx || dy)
				MARK(dx, dy, 32);
	for (int i = 0; i < m->nlong; i++)
		for (int k = 1; k <= m->long_reach; k++)
			MARK(k * m->longl[i].dx, k * m->longl[i].dy, 64);
	for (int dx = -m->lion3; dx <= m->lion3; dx++)
		for (int dy = -m->lion3; dy <= m->lion3; dy++)
			if (dx || dy)
				MARK(dx, dy, 128);
	/* the Emperor reaches every square: anything else it has overlaps */
	if (m->emperor && (m->nleaps || m->nslides || m->area_lion || m->nlines || m->nxslides || m->area ||
			   m->ntwice || m->nlong || m->lion3))
		overlap = true;
#undef MARK
	/* two steps of an atom reach a square two away by more than one
	 * first step: its moves are told apart square by square too */
	return overlap || m->ntwice > 0;
}

/* Fills pt->reach from the movement: which one-leg offsets the piece
 * reaches, and how. */
static void build_reach(piece_type *pt)
{
	const movement *m = &pt->mv;
	memset(pt->reach, REACH_NONE, sizeof pt->reach);
#define AT(dx, dy) pt->reach[(dy) + REACH_OFF][(dx) + REACH_OFF]
#define IN(dx, dy) ((dx) >= -REACH_OFF && (dx) <= REACH_OFF && (dy) >= -REACH_OFF && (dy) <= REACH_OFF)
	for (int i = 0; i < m->nslides; i++) {
		int range = m->slides[i].range ? m->slides[i].range : KIFU_MAX_DIM;
		for (int k = 1; k <= range; k++) {
			int dx = k * m->slides[i].dx, dy = k * m->slides[i].dy;
			if (!IN(dx, dy))
				break;
			/* two slides reaching one offset: let the movement decide */
			AT(dx, dy) = AT(dx, dy) == REACH_NONE ? (uint8_t)(REACH_SLIDE + i) : REACH_SLOW;
		}
	}
	/* jumps win: nothing can block them */
	for (int i = 0; i < m->nleaps; i++)
		if (IN(m->leaps[i].dx, m->leaps[i].dy))
			AT(m->leaps[i].dx, m->leaps[i].dy) = REACH_JUMP;
	if (m->area_lion)
		for (int dy = -2; dy <= 2; dy++)
			for (int dx = -2; dx <= 2; dx++)
				if (dx || dy)
					AT(dx, dy) = REACH_JUMP;
	/* L3 jumps to every square within three king steps */
	for (int dy = -m->lion3; dy <= m->lion3; dy++)
		for (int dx = -m->lion3; dx <= m->lion3; dx++)
			if ((dx || dy) && IN(dx, dy))
				AT(dx, dy) = REACH_JUMP;
	for (int i = 0; i < m->nlines; i++) {
		AT(m->lines[i].dx, m->lines[i].dy) = REACH_JUMP;
		AT(2 * m->lines[i].dx, 2 * m->lines[i].dy) = REACH_JUMP;
	}
	/* lion power along a line of n squares jumps to each of them */
	for (int i = 0; i < m->nlong; i++)
		for (int k = 1; k <= m->long_reach; k++)
			if (IN(k * m->longl[i].dx, k * m->longl[i].dy))
				AT(k * m->longl[i].dx, k * m->longl[i].dy) = REACH_JUMP;
	/* the powers of the large variants depend on the squares between:
	 * the movement decides (check.c, reach_special), unless a jump
	 * reaches the square anyway */
#define SLOW(dx, dy)                                              \
	do {                                                      \
		if (IN(dx, dy) && AT(dx, dy) != REACH_JUMP)       \
			AT(dx, dy) = REACH_SLOW;                  \
	} while (0)
	for (int i = 0; i < m->nxslides; i++) {
		int range = m->xslides[i].range ? m->xslides[i].range : KIFU_MAX_DIM;
		for (int k = 1; k <= range; k++)
			SLOW(k * m->xslides[i].dx, k * m->xslides[i].dy);
		/* a hook may reach any square off its lines too */
		if (m->xslides[i].kind & SLIDE_HOOK)
			for (int dy = -REACH_OFF; dy <= REACH_OFF; dy++)
				for (int dx = -REACH_OFF; dx <= REACH_OFF; dx++)
					if (dx || dy)
						SLOW(dx, dy);
	}
	for (int dy = -m->area; dy <= m->area; dy++)
		for (int dx = -m->area; dx <= m->area; dx++)
			if (dx || dy)
				SLOW(dx, dy);
	/* the Emperor: every square, by the rule on what it may take */
	if (m->emperor)
		for (int dy = -REACH_OFF; dy <= REACH_OFF; dy++)
			for (int dx = -REACH_OFF; dx <= REACH_OFF; dx++)
				if (dx || dy)
					SLOW(dx, dy);
	for (int i = 0; i < m->ntwice; i++)
		for (int j = 0; j < m->ntwice; j++) {
			SLOW(m->twice[i].dx, m->twice[i].dy);
			if (m->twice[i].dx + m->twice[j].dx || m->twice[i].dy + m->twice[j].dy)
				SLOW(m->twice[i].dx + m->twice[j].dx, m->twice[i].dy + m->twice[j].dy);
		}
#undef SLOW
#undef AT
#undef IN
}

/* The last ranks on which a piece has no move at all: when every move goes
 * forward (dy > 0), the smallest forward distance of its moves (a Pawn or
 * Lance 1, a Knight 2); else 0.  Such a piece standing there is dead
 * (docs/rules.md, "Dead pieces"), and its every move is one-way. */
static int dead_ranks_of(const movement *m)
{
	int least = KIFU_MAX_DIM + 1;
	if (m->area_lion || m->area || m->emperor || m->lion3)
		return 0;
	for (int i = 0; i < m->nlong; i++) {
		if (m->longl[i].dy <= 0)
			return 0;
		if (m->longl[i].dy < least)
			least = m->longl[i].dy;
	}
	for (int i = 0; i < m->nxslides; i++) {
		const slide *x = &m->xslides[i];
		/* a hook's turn may go back: (dy, -dx) or (-dy, dx) */
		const bool hook = x->kind & SLIDE_HOOK;
		if (x->dy <= 0 || (hook && (x->turns & 1) && -x->dx <= 0) || (hook && (x->turns & 2) && x->dx <= 0))
			return 0;
		int first = slide_first(&m->xslides[i]) * m->xslides[i].dy;
		if (first < least)
			least = first;
	}
	for (int i = 0; i < m->nigui; i++)
		if (m->igui[i].dy <= 0)
			return 0;
	for (int i = 0; i < m->ntwice; i++) {
		if (m->twice[i].dy <= 0)
			return 0;
		if (m->twice[i].dy < least)
			least = m->twice[i].dy;
	}
	for (int i = 0; i < m->nleaps; i++) {
		if (m->leaps[i].dy <= 0)
			return 0;
		if (m->leaps[i].dy < least)
			least = m->leaps[i].dy;
	}
	for (int i = 0; i < m->nslides; i++) {
		if (m->slides[i].dy <= 0)
			return 0;
		if (m->slides[i].dy < least)
			least = m->slides[i].dy;
	}
	for (int i = 0; i < m->nlines; i++) {
		if (m->lines[i].dy <= 0)
			return 0;
		if (m->lines[i].dy < least)
			least = m->lines[i].dy;
	}
	return least <= KIFU_MAX_DIM ? least : 0;
}

/* The walk (file, rank steps) along which an attack by slide (dx, dy) of
 * `side` is seen from the attacked square: back along the slide, whose
 * offsets are the mover's (Sente's forward is toward rank 1). */
static int walk_of(struct kifu_variant *v, int dx, int dy, int side)
{
	int s = side == KIFU_SENTE ? -1 : 1;
	int wf = -s * dx, wr = -s * dy, step = wr * v->files + wf;
	for (int w = 0; w < v->nwalks; w++) {
		if (v->walk_df[w] == wf && v->walk_dr[w] == wr)
			return w;
	}
	if (v->nwalks == MAX_WALKS)
		return -1;
	int w = v->nwalks++;
	v->walk_df[w] = (int8_t)wf;
	v->walk_dr[w] = (int8_t)wr;
	v->walk_up[w] = step > 0;
	return w;
}

/* The rays of each walk from each square, the squares from which a leap
 * reaches each square, and the rays of each side's slides. */
static void build_rays(struct kifu_variant *v)
{
	const int files = v->files, ranks = v->ranks, nsq = files * ranks;
	memset(v->ray, 0, sizeof v->ray);
	memset(v->leapers, 0, sizeof v->leapers);
	memset(v->slide_reach, 0, sizeof v->slide_reach);
	for (int sq = 0; sq < nsq; sq++) {
		const int f = sq % files, r = sq / files;
		for (int w = 0; w < v->nwalks; w++)
			for (int tf = f + v->walk_df[w], tr = r + v->walk_dr[w];
			     tf >= 0 && tf < files && tr >= 0 && tr < ranks; tf += v->walk_df[w], tr += v->walk_dr[w])
				bb_set(&v->ray[w][sq], tr * files + tf);
		for (int side = 0; side < 2; side++) {
			int s = side == KIFU_SENTE ? -1 : 1;
			for (int i = 0; i < v->nleap_attacks; i++) {
				int af = f - s * v->leap_attacks[i].o.dx, ar = r - s * v->leap_attacks[i].o.dy;
				if (af >= 0 && af < files && ar >= 0 && ar < ranks)
					bb_set(&v->leapers[side][sq], ar * files + af);
			}
			for (int i = 0; i < v->nslide_attacks; i++)
				v->slide_reach[side][sq] = bb_or(v->slide_reach[side][sq], v->ray[v->slide_walk[i][side]][sq]);
		}
	}
	for (int w = 0; w < v->nwalks; w++)
		for (int sq = 0; sq < nsq; sq++) {
			int n = 0;
			for (bb128 r = v->ray[w][sq]; bb_any(r); bb_pop(&r))
				n++;
			v->ray_len[w][sq] = (uint8_t)n;
		}
}

/* The unit lines, and the directions between squares on them. */
static void build_lines(struct kifu_variant *v)
{
	static const int8_t unit[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
	const int files = v->files, ranks = v->ranks, nsq = files * ranks;
	memset(v->line_dir, -1, sizeof v->line_dir);
	memset(v->dir_ray, 0, sizeof v->dir_ray);
	for (int d = 0; d < 8; d++) {
		v->dir_up[d] = unit[d][1] * files + unit[d][0] > 0;
		for (int sq = 0; sq < nsq; sq++)
			for (int tf = sq % files + unit[d][0], tr = sq / files + unit[d][1];
			     tf >= 0 && tf < files && tr >= 0 && tr < ranks; tf += unit[d][0], tr += unit[d][1]) {
				bb_set(&v->dir_ray[d][sq], tr * files + tf);
				v->line_dir[sq][tr * files + tf] = (int8_t)d;
			}
	}
}

/* Generation: each type's leaps that stay on the board, its promotion
 * table, and the walks of its slides (a slide of side's is the walk along
 * which the other side's attack by it is seen back: walk_of with the other
 * side). */
static void build_gen_tables(struct kifu_variant *v)
{
	const int files = v->files, ranks = v->ranks, nsq = files * ranks;
	memset(v->leap_on, 0, sizeof v->leap_on);
	/* (forced-taking-promoted: a move's promotion depends on what it takes,
	 * which the tables do not hold) */
	v->gen_tables = v->ntypes <= KEY_TYPES && ranks <= 16 && !v->promo_forced_taking_promoted;
	for (int t = 0; v->gen_tables && t < v->ntypes; t++) {
		const movement *mv = &v->types[t].mv;
		for (int side = 0; side < 2; side++) {
			int s = side == KIFU_SENTE ? -1 : 1;
			for (int i = 0; i < mv->nleaps; i++) {
				int df = s * mv->leaps[i].dx, dr = s * mv->leaps[i].dy;
				v->leap_step[t][side][i] = (int16_t)(dr * files + df);
				for (int sq = 0; sq < nsq; sq++) {
					int tf = sq % files + df, tr = sq / files + dr;
					if (tf >= 0 && tf < files && tr >= 0 && tr < ranks)
						v->leap_on[t][side][sq] |= (uint64_t)1 << i;
				}
			}
			for (int fr = 0; fr < ranks; fr++)
				for (int tr = 0; tr < ranks; tr++)
					v->promo[t][side][fr][tr] = (uint8_t)promotion_flags(v, t, side, fr, tr);
			for (int i = 0; i < mv->nslides; i++) {
				int w = walk_of(v, mv->slides[i].dx, mv->slides[i].dy, !side);
				if (w < 0) {
					v->gen_tables = false;
					break;
				}
				v->slide_walk_of[t][i][side] = (uint8_t)w;
			}
		}
	}
}

/* The hash's parts (rules/hash.h), looked up. */
static void build_key_tables(struct kifu_variant *v)
{
	const int nsq = v->files * v->ranks;
	v->key_tables = v->ntypes <= KEY_TYPES;
	if (!v->key_tables)
		return;
	for (int code = 1; code <= 2 * v->ntypes; code++)
		for (int sq = 0; sq < nsq; sq++)
			v->key_piece[code][sq] = hash_piece(code, sq);
	for (int side = 0; side < 2; side++)
		for (int t = 0; t < v->ntypes; t++)
			for (int c = 0; c + 1 < KEY_COUNTS; c++)
				v->key_hand_step[side][t][c] = hash_hand(side, t, c) ^ hash_hand(side, t, c + 1);
}

/* The tables of attack tests on bitboards (variant_internal.h), when the
 * board and the pieces allow them, and those that come with them. */
static void build_bitboards(struct kifu_variant *v)
{
	v->bitboards = false;
	v->key_tables = false;
	v->gen_tables = false;
	v->nwalks = 0;
	memset(v->code_slides, 0, sizeof v->code_slides);
	for (int t = 0; t < v->ntypes; t++)
		for (int side = 0; side < 2; side++)
			v->code_slides[kifu_code_make(t, (enum kifu_side)side)] = v->types[t].mv.nslides > 0;
	if (v->files * v->ranks > BB_SQUARES || v->any_lion || v->any_special || v->any_burner)
		return;
	for (int i = 0; i < v->nslide_attacks; i++)
		for (int side = 0; side < 2; side++) {
			int w = walk_of(v, v->slide_attacks[i].d.dx, v->slide_attacks[i].d.dy, side);
			if (w < 0)
				return;
			v->slide_walk[i][side] = (uint8_t)w;
		}
	build_rays(v);
	build_lines(v);
	v->bitboards = true;
	build_gen_tables(v);
	build_key_tables(v);
}

/* The entry of `list` (n of them, at most max) for offset o, added when
 * there is none; NULL when the list is full. */
static leap_attack *attack_of(leap_attack *list, int *n, int max, offset o)
{
	for (int k = 0; k < *n; k++)
		if (list[k].o.dx == o.dx && list[k].o.dy == o.dy)
			return &list[k];
	if (*n == max)
		return NULL;
	leap_attack *a = &list[(*n)++];
	memset(a, 0, sizeof *a);
	a->o = o;
	return a;
}

/* The attacks seen from the attacked square: each leap, slide and line of
 * lion power with the types that have it (variant_internal.h). */
static int derive_attacks(struct kifu_variant *v, const char *file, kifu_diag *diag)
{
	enum { MAX_LEAP_ATTACKS = sizeof v->leap_attacks / sizeof v->leap_attacks[0],
	       MAX_SLIDE_ATTACKS = sizeof v->slide_attacks / sizeof v->slide_attacks[0] };
	v->nleap_attacks = v->nslide_attacks = v->nline_attacks = 0;
	memset(&v->area_lions, 0, sizeof v->area_lions);
	v->any_lion = v->any_special = v->any_burner = v->any_captor_change = v->any_range_capture = v->any_run = false;
	v->any_three_legs = false;
	for (int t = 0; t < v->ntypes; t++) {
		const movement *m = &v->types[t].mv;
		v->types[t].range_captures = false;
		for (int i = 0; i < m->nxslides && v->jump_passed == PASSED_CAPTURED; i++)
			if (m->xslides[i].kind & SLIDE_JUMPS)
				v->types[t].range_captures = v->any_range_capture = true;
		/* the powers of the large variants are tested piece by piece
		 * (attacks.c, special_reaches) */
		if (m->special)
			v->any_special = true;
		if (v->types[t].desc.burns)
			v->any_burner = true;
		if (v->types[t].captor_becomes >= 0)
			v->any_captor_change = true;
		if (m->nlong && m->long_reach >= 3)
			v->any_run = true;
		/* L3: three legs, or a run when its three steps go out along one line */
		if (m->lion3)
			v->any_run = v->any_three_legs = true;
		for (int i = 0; i < m->nleaps; i++) {
			leap_attack *a = attack_of(v->leap_attacks, &v->nleap_attacks, MAX_LEAP_ATTACKS, m->leaps[i]);
			if (!a)
				return kifu_diag_set(diag, KIFU_ELIMIT, file, 0, 0, "too many distinct leaps");
			type_set_add(&a->types, t);
		}
		for (int i = 0; i < m->nslides; i++) {
			int k;
			for (k = 0; k < v->nslide_attacks; k++)
				if (v->slide_attacks[k].d.dx == m->slides[i].dx && v->slide_attacks[k].d.dy == m->slides[i].dy)
					break;
			if (k == v->nslide_attacks) {
				if (k == MAX_SLIDE_ATTACKS)
					return kifu_diag_set(diag, KIFU_ELIMIT, file, 0, 0, "too many distinct slides");
				memset(&v->slide_attacks[k], 0, sizeof v->slide_attacks[k]);
				v->slide_attacks[k].d = (offset){m->slides[i].dx, m->slides[i].dy};
				v->nslide_attacks++;
			}
			type_set_add(&v->slide_attacks[k].types, t);
			v->slide_attacks[k].range[t] = m->slides[i].range;
		}
		if (m->area_lion) {
			type_set_add(&v->area_lions, t);
			v->any_lion = true;
		}
		/* a piece has at most MAX_LINES lines, and they are the eight
		 * directions: the list never fills */
		for (int i = 0; i < m->nlines; i++) {
			type_set_add(&attack_of(v->line_attacks, &v->nline_attacks, MAX_LINES, m->lines[i])->types, t);
			v->any_lion = true;
		}
	}
	return 0;
}

/* SFEN token -> type (kifu__sfen_token_type). */
static void derive_tokens(struct kifu_variant *v)
{
	memset(v->by_sfen, 0xFF, sizeof v->by_sfen); /* -1 */
	for (int t = 0; t < v->ntypes; t++) {
		const char *tok = v->types[t].desc.sfen;
		int promoted = tok[0] == '+';
		char letter = tok[promoted];
		const char *marks = tok + promoted + 1;
		if (letter >= 'A' && letter <= 'Z')
			v->by_sfen[promoted][letter - 'A'][sfen_marks_index(marks, kifu_sfen_marks(marks, strlen(marks)))] =
				(int16_t)t;
	}
}

int kifu__variant_conclude(struct kifu_variant *v, const char *file, kifu_diag *diag)
{
	v->lion_trading = v->lion_protected || v->lion_bridge || v->counter_strike != CS_NONE;
	v->end_rules = v->bare_royal != BARE_NONE || v->lone_royals == LONE_DRAW;
	memset(&v->minor_types, 0, sizeof v->minor_types);
	v->unit_slides = true;
	for (int t = 0; t < v->ntypes; t++) {
		piece_type *pt = &v->types[t];
		pt->dedupe = moves_overlap(&pt->mv);
		pt->dead_ranks = dead_ranks_of(&pt->mv);
		pt->one_way = pt->dead_ranks > 0;
		pt->promote_ranks = pt->desc.may_promote_ranks;
		if (pt->desc.must_promote_ranks > pt->promote_ranks)
			pt->promote_ranks = pt->desc.must_promote_ranks;
		if (pt->desc.minor)
			type_set_add(&v->minor_types, t);
		build_reach(pt);
		for (int i = 0; i < pt->mv.nslides; i++) {
			const slide *sl = &pt->mv.slides[i];
			if (sl->dx < -1 || sl->dx > 1 || sl->dy < -1 || sl->dy > 1)
				v->unit_slides = false;
		}
	}
	int rc = derive_attacks(v, file, diag);
	if (rc)
		return rc;
	v->takes_passed = v->any_range_capture || v->any_run || v->any_three_legs;
	v->moves_change_more = v->any_burner || v->any_captor_change || v->takes_passed;
	/* a range jump, an area move or a burn can open or close a line
	 * through many squares: no pin lies on one line only */
	if (v->any_special || v->any_burner)
		v->unit_slides = false;
	for (int sq = 0; sq < v->files * v->ranks; sq++) {
		v->file_of[sq] = (uint8_t)(sq % v->files);
		v->rank_of[sq] = (uint8_t)(sq / v->files);
	}
	build_bitboards(v);
	derive_tokens(v);
	for (int i = 0; i < v->nstarts; i++)
		kifu__names_fold(v->starts[i].name, v->starts[i].folded, sizeof v->starts[i].folded);
	if (kifu__names_build(v))
		return kifu_diag_set(diag, KIFU_ELIMIT, file, 0, 0, "too many piece names");
	return 0;
}
