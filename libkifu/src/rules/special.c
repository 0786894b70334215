/*
 * special.c - the powers of the large variants (formats/movement.md:
 * range jumps X^, slides that pass over their first square jX, hooks X>,
 * area moves Un, igui I, two steps X*, lion power along a line of n squares
 * X~n, the Emperor E): whether one reaches a square.  The first
 * stage of the rules core: it reads the board only.  Generation (generate.c)
 * lists these powers' moves itself; the one-move check (check.c) and the
 * attack test (attacks.c) ask here.
 *
 * Range jumps follow docs/rules.md, "Tenjiku Shogi": a piece of jump rank J
 * slides as its atom and, along it, passes over any number of pieces (of
 * either side) ranking below J to take an enemy beyond; it stops at the
 * first piece ranking J or more, which it may take only if it jumped
 * nothing.  Whether it may end on an empty square beyond a piece it passed
 * over (range-jumps.to-empty) and whether the piece it takes beyond must
 * rank below J too (range-jumps.takes) are the variant's.
 */
#include <string.h>

#include "rules/rules_internal.h"

/* The rank of the piece `code` stands at, for the range jumps. */
static inline int code_rank(const struct kifu_variant *v, int code)
{
	return v->types[kifu_code_type(code)].desc.rank;
}

/* Are the squares from `from` (excluded) k steps of (sf, sr) on all empty,
 * the last one too when `last`?  Else *blocker is the first piece. */
static bool leg_clear(const struct kifu_position *p, int from, int sf, int sr, int k, bool last, int *blocker)
{
	const int step = sr * p->files + sf;
	for (int n = 1, sq = from + step; n < k + last; n++, sq += step)
		if (p->board[sq]) {
			*blocker = sq;
			return false;
		}
	return true;
}

/* A hook (X>, formats/movement.md): a slide along (sf, sr), then
 * optionally, from an empty square of it, a slide at 90 degrees; every
 * square but the last empty.  One move per destination, whatever the
 * corner.  KIFU_LEGAL, UNREACHABLE, or HOOK_BLOCKED (no path clear; the
 * straight line BLOCKED, with *blocker the first piece in the way). */
static enum kifu_illegal_code hook_reach(const struct kifu_position *p, const slide *sl, int s, int from, int to,
					 int *blocker)
{
	const int sf = s * sl->dx, sr = s * sl->dy;
	const int df = FILE_OF(to) - FILE_OF(from), dr = RANK_OF(to) - RANK_OF(from);
	const int norm = sf * sf + sr * sr; /* 1 orthogonally, 2 diagonally */
	/* along the first leg: to = from + k (sf, sr) */
	const int k0 = sf ? df / sf : dr / sr;
	if (k0 >= 1 && k0 * sf == df && k0 * sr == dr)
		return leg_clear(p, from, sf, sr, k0, false, blocker) ? KIFU_LEGAL : KIFU_ILL_BLOCKED;
	enum kifu_illegal_code why = KIFU_ILL_UNREACHABLE;
	for (int turn = 0; turn < 2; turn++) {
		if (!(sl->turns >> turn & 1))
			continue;
		/* the second leg's direction (tf, tr) is perpendicular: to =
		 * from + k (sf, sr) + m (tf, tr), k and m at least 1 */
		const int tf = turn ? -sr : sr, tr = turn ? sf : -sf;
		const int kn = df * sf + dr * sr, mn = df * tf + dr * tr;
		if (kn % norm || mn % norm)
			continue;
		const int k = kn / norm, m = mn / norm;
		/* (the corner on the board: then so is each square of both legs) */
		if (k < 1 || m < 1 || !on_board(p, FILE_OF(from) + k * sf, RANK_OF(from) + k * sr))
			continue;
		const int corner = from + k * (sr * p->files + sf);
		int b = -1;
		if (leg_clear(p, from, sf, sr, k, true, &b) && leg_clear(p, corner, tf, tr, m, false, &b))
			return KIFU_LEGAL;
		/* (the destination is named: two corners, two blockers) */
		*blocker = -1;
		why = KIFU_ILL_HOOK_BLOCKED;
	}
	return why;
}

/* A slide past pieces (X#n): to k steps along, with at most n pieces
 * (of either side) on the squares between; else BLOCKED, *blocker the
 * n + 1-th of them. */
static enum kifu_illegal_code passing_reach(const struct kifu_position *p, int n, int from, int step, int k,
					    int *blocker)
{
	for (int i = 1, sq = from + step; i < k; i++, sq += step)
		if (p->board[sq] && n-- == 0) {
			*blocker = sq;
			return KIFU_ILL_BLOCKED;
		}
	return KIFU_LEGAL;
}

int kifu__empties_blocker(const struct kifu_position *p, const slide *sl, int from, int step)
{
	const int first = slide_first(sl);
	for (int n = first - slide_empties(sl), sq = from + n * step; n < first; n++, sq += step)
		if (p->board[sq])
			return sq;
	return -1;
}

enum kifu_illegal_code kifu__xslide_reach(const struct kifu_position *p, const piece_type *pt, int side,
					  const slide *sl, int from, int to, int *blocker)
{
	const struct kifu_variant *v = p->v;
	if (sl->kind & SLIDE_HOOK)
		return hook_reach(p, sl, sign_of(side), from, to, blocker);
	const int s = sign_of(side), sf = s * sl->dx, sr = s * sl->dy;
	const int df = FILE_OF(to) - FILE_OF(from), dr = RANK_OF(to) - RANK_OF(from);
	int k = sf ? df / sf : dr / sr;
	const int first = slide_first(sl); /* past the squares jX, jjX, jjjX pass over */
	if (k < first || k * sf != df || k * sr != dr || (sl->range && k > sl->range))
		return KIFU_ILL_UNREACHABLE;
	const int power = jump_rank_of(pt), step = sr * p->files + sf;
	if (sl->kind & SLIDE_PASSES)
		return passing_reach(p, sl->over, from, step, k, blocker);
	if (slide_empties(sl) && (*blocker = kifu__empties_blocker(p, sl, from, step)) >= 0)
		return KIFU_ILL_BLOCKED; /* o: a square it passes through, which must be empty */
	const bool captures = pt->range_captures && (sl->kind & SLIDE_JUMPS);
	bool jumped = false;
	for (int n = first, sq = from + first * step; n < k; n++, sq += step) {
		int c = p->board[sq];
		if (!c)
			continue;
		*blocker = sq;
		if (!(sl->kind & SLIDE_JUMPS))
			return KIFU_ILL_BLOCKED;
		if (code_rank(v, c) >= power)
			return KIFU_ILL_JUMP_RANK;
		jumped = true;
	}
	const int c = p->board[to];
	if (captures && c && code_rank(v, c) >= power) {
		/* the range capture takes no piece of the mover's rank or higher,
		 * not even the first on its line */
		*blocker = to;
		return KIFU_ILL_RANGE_CAPTURE_RANK;
	}
	if (!jumped)
		return KIFU_LEGAL;
	if (!c && !v->jump_to_empty) {
		*blocker = to;
		return KIFU_ILL_JUMP_NO_CAPTURE;
	}
	if (is_enemy(c, side) && v->jump_takes == TAKES_LOWER && code_rank(v, c) >= power) {
		*blocker = to;
		return KIFU_ILL_JUMP_RANK;
	}
	return KIFU_LEGAL;
}

int kifu__area_squares(const struct kifu_position *p, int n, int from, int16_t out[KIFU__AREA_MAX])
{
	const int files = p->files, f0 = FILE_OF(from), r0 = RANK_OF(from), span = 2 * n + 1;
	/* breadth first over the squares within n steps, relative to from, each
	 * once at its fewest steps: a step may end on an occupied square, but
	 * only an empty one is gone on from (the start is left: empty) */
	uint8_t seen[KIFU__AREA_MAX];
	int16_t ring[2][KIFU__AREA_MAX];
	int nring = 1, nout = 0;
	memset(seen, 0, (size_t)(span * span));
	ring[0][0] = (int16_t)from;
	seen[n * span + n] = 1;
	for (int step = 1, cur = 0; step <= n && nring; step++, cur ^= 1) {
		int next = 0;
		for (int i = 0; i < nring; i++) {
			const int sq = ring[cur][i], f = FILE_OF(sq), r = RANK_OF(sq);
			for (int dr = -1; dr <= 1; dr++)
				for (int df = -1; df <= 1; df++) {
					int tf = f + df, tr = r + dr;
					if ((!df && !dr) || !on_board(p, tf, tr))
						continue;
					int x = (tr - r0 + n) * span + (tf - f0 + n);
					if (seen[x])
						continue;
					seen[x] = 1;
					int t = tr * files + tf;
					out[nout++] = (int16_t)t;
					if (!p->board[t])
						ring[cur ^ 1][next++] = (int16_t)t;
				}
		}
		nring = next;
	}
	return nout;
}

bool kifu__area_reaches(const struct kifu_position *p, int n, int from, int to)
{
	if (cheb(FILE_OF(to) - FILE_OF(from), RANK_OF(to) - RANK_OF(from)) > n || to == from)
		return false;
	int16_t sq[KIFU__AREA_MAX];
	int k = kifu__area_squares(p, n, from, sq);
	for (int i = 0; i < k; i++)
		if (sq[i] == to)
			return true;
	return false;
}

enum kifu_illegal_code kifu__twice_reach(const struct kifu_position *p, const movement *m, int side, int from,
					 int to, int *blocker)
{
	const int s = sign_of(side);
	const int df = FILE_OF(to) - FILE_OF(from), dr = RANK_OF(to) - RANK_OF(from);
	enum kifu_illegal_code why = KIFU_ILL_UNREACHABLE;
	for (int i = 0; i < m->ntwice; i++) {
		const int af = s * m->twice[i].dx, ar = s * m->twice[i].dy;
		if (af == df && ar == dr)
			return KIFU_LEGAL;
		if (!on_board(p, FILE_OF(from) + af, RANK_OF(from) + ar))
			continue;
		for (int j = 0; j < m->ntwice; j++)
			if (af + s * m->twice[j].dx == df && ar + s * m->twice[j].dy == dr) {
				/* the direct move goes through an empty first square */
				int mid = from + ar * p->files + af;
				if (!p->board[mid])
					return KIFU_LEGAL;
				why = KIFU_ILL_BLOCKED;
				*blocker = mid;
			}
	}
	return why;
}

int kifu__range_capture_line(const struct kifu_position *p, const piece_type *pt, int side, int from, int to,
			     int *steps, int *step)
{
	const movement *m = &pt->mv;
	const int s = sign_of(side), df = FILE_OF(to) - FILE_OF(from), dr = RANK_OF(to) - RANK_OF(from);
	for (int i = 0; i < m->nxslides; i++) {
		const slide *sl = &m->xslides[i];
		if (!(sl->kind & SLIDE_JUMPS))
			continue;
		const int sf = s * sl->dx, sr = s * sl->dy, k = sf ? df / sf : dr / sr;
		if (k >= 1 && k * sf == df && k * sr == dr && (!sl->range || k <= sl->range)) {
			*steps = k;
			*step = sr * p->files + sf;
			return i;
		}
	}
	return -1;
}

bool kifu__range_captures_any(const struct kifu_position *p, const piece_type *pt, int side, const kifu_move *m)
{
	int k, step;
	if (m->mid != KIFU_NO_SQUARE || kifu__range_capture_line(p, pt, side, m->from, m->to, &k, &step) < 0)
		return false;
	for (int n = 1, sq = m->from + step; n < k; n++, sq += step)
		if (p->board[sq])
			return true;
	return false;
}

bool kifu__range_capture_reaches(const struct kifu_position *p, const piece_type *pt, int side, int from, int to)
{
	int k, step, b;
	const int i = pt->range_captures ? kifu__range_capture_line(p, pt, side, from, to, &k, &step) : -1;
	return i >= 0 && kifu__xslide_reach(p, pt, side, &pt->mv.xslides[i], from, to, &b) == KIFU_LEGAL;
}

bool kifu__emperor_protected(const struct kifu_position *p, int lift, int sq)
{
	/* (the board is changed and put back: the position reads as before) */
	struct kifu_position *q = (struct kifu_position *)p;
	const int code = p->board[lift];
	put_code(q, lift, 0);
	const bool hit = attacked_by(q, sq, kifu_code_side(p->board[sq]), NULL);
	put_code(q, lift, code);
	return hit;
}

enum kifu_illegal_code kifu__special_reach(const struct kifu_position *p, const piece_type *pt, int side,
					   int from, int to, int *blocker)
{
	const movement *m = &pt->mv;
	enum kifu_illegal_code why = KIFU_ILL_UNREACHABLE;
	int b = -1;
	if (m->emperor && to != from) {
		/* any square; a piece there only if no other enemy protects it */
		if (!is_enemy(p->board[to], side) || !kifu__emperor_protected(p, from, to))
			return KIFU_LEGAL;
		*blocker = to;
		return KIFU_ILL_EMPEROR_PROTECTED;
	}
	/* lion power along a line jumps to any of its n squares; L3 to any
	 * within three king steps */
	for (int i = 0; i < m->nlong; i++)
		if (long_line_steps(p, sign_of(side) * m->longl[i].dx, sign_of(side) * m->longl[i].dy, m->long_reach,
				    from, to))
			return KIFU_LEGAL;
	if (m->lion3 && to != from && cheb(FILE_OF(to) - FILE_OF(from), RANK_OF(to) - RANK_OF(from)) <= m->lion3)
		return KIFU_LEGAL;
	for (int i = 0; i < m->nxslides; i++) {
		enum kifu_illegal_code r = kifu__xslide_reach(p, pt, side, &m->xslides[i], from, to, &b);
		if (r == KIFU_LEGAL)
			return r;
		/* of two slides blocked on one line (jR, jjR), the piece nearer
		 * the square is the one in the way */
		if (r != KIFU_ILL_UNREACHABLE &&
		    !(r == KIFU_ILL_BLOCKED && why == KIFU_ILL_BLOCKED && !kifu__farther(from, b, *blocker, p))) {
			why = r;
			*blocker = b;
		}
	}
	if (m->area) {
		if (kifu__area_reaches(p, m->area, from, to))
			return KIFU_LEGAL;
		if (why == KIFU_ILL_UNREACHABLE &&
		    cheb(FILE_OF(to) - FILE_OF(from), RANK_OF(to) - RANK_OF(from)) <= m->area) {
			why = KIFU_ILL_AREA_BLOCKED;
			*blocker = -1;
		}
	}
	if (m->ntwice) {
		enum kifu_illegal_code r = kifu__twice_reach(p, m, side, from, to, &b);
		if (r == KIFU_LEGAL)
			return r;
		if (r != KIFU_ILL_UNREACHABLE && why == KIFU_ILL_UNREACHABLE) {
			why = r;
			*blocker = b;
		}
	}
	return why;
}

bool kifu__special_two_leg(const struct kifu_position *p, const movement *m, int side, int from, int mid, int to)
{
	const int s = sign_of(side);
	const int mf = FILE_OF(mid) - FILE_OF(from), mr = RANK_OF(mid) - RANK_OF(from);
	const int tf = FILE_OF(to) - FILE_OF(mid), tr = RANK_OF(to) - RANK_OF(mid);
	/* igui: an enemy on an adjacent square, taken without moving; I*:
	 * through an empty one, a pass */
	if (to == from && (is_enemy(p->board[mid], side) || (m->igui_pass && !p->board[mid])))
		for (int i = 0; i < m->nigui; i++)
			if (s * m->igui[i].dx == mf && s * m->igui[i].dy == mr)
				return true;
	/* lion power along a line of n squares: a first leg to its k-th
	 * square (k < n), then along the same line to its j-th (j != k; 0,
	 * the start: igui), the path of k + |k - j| steps at most n long */
	for (int i = 0; i < m->nlong; i++) {
		const int lf = s * m->longl[i].dx, lr = s * m->longl[i].dy, n = m->long_reach;
		const int k = long_line_steps(p, lf, lr, n, from, mid);
		const int j = to == from ? 0 : long_line_steps(p, lf, lr, n, from, to);
		if (k && k < n && (j || to == from) && j != k && k + (j > k ? j - k : k - j) <= n)
			return true;
	}
	/* L3: a first leg to a square within n - 1 king steps, a second to one
	 * within the steps left (back to from: igui, or through an empty
	 * adjacent square a pass) */
	if (m->lion3 && to != mid) {
		const int d1 = cheb(mf, mr);
		if (d1 >= 1 && d1 < m->lion3 && cheb(tf, tr) <= m->lion3 - d1)
			return true;
	}
	/* two steps of the atom, the second from the first one's square */
	for (int i = 0; i < m->ntwice; i++)
		if (s * m->twice[i].dx == mf && s * m->twice[i].dy == mr)
			for (int j = 0; j < m->ntwice; j++)
				if (s * m->twice[j].dx == tf && s * m->twice[j].dy == tr)
					return true;
	return false;
}

int kifu__run_step(const struct kifu_position *p, const movement *m, int side, int from, int mid, int to)
{
	/* a run: mid the k-th square of a line, to its j-th, j >= k + 2, j <= n */
	for (int i = 0; i < m->nlong; i++) {
		const int lf = sign_of(side) * m->longl[i].dx, lr = sign_of(side) * m->longl[i].dy, n = m->long_reach;
		const int k = long_line_steps(p, lf, lr, n, from, mid);
		if (k && k + 2 <= n && long_line_steps(p, lf, lr, n, from, to) >= k + 2)
			return lr * p->files + lf;
	}
	/* L3: three king steps out along one line, mid the first, to the third */
	if (m->lion3) {
		const int uf = FILE_OF(mid) - FILE_OF(from), ur = RANK_OF(mid) - RANK_OF(from);
		if (cheb(uf, ur) == 1 && on_board(p, FILE_OF(from) + 3 * uf, RANK_OF(from) + 3 * ur) &&
		    to == from + 3 * (ur * p->files + uf))
			return ur * p->files + uf;
	}
	return 0;
}

bool kifu__special_attacks(const struct kifu_position *p, int from, int sq)
{
	const int code = p->board[from], side = kifu_code_side(code);
	const piece_type *pt = &p->v->types[kifu_code_type(code)];
	const movement *m = &pt->mv;
	int b;
	for (int i = 0; i < m->nxslides; i++)
		if (kifu__xslide_reach(p, pt, side, &m->xslides[i], from, sq, &b) == KIFU_LEGAL)
			return true;
	if (m->area && kifu__area_reaches(p, m->area, from, sq))
		return true;
	/* the Emperor protects every square but its own (docs/rules.md, "Maka
	 * Dai Dai Shogi"); lion power along a line, its n squares */
	if (m->emperor)
		return sq != from;
	/* L3: every square within three king steps */
	if (m->lion3 && sq != from && cheb(FILE_OF(sq) - FILE_OF(from), RANK_OF(sq) - RANK_OF(from)) <= m->lion3)
		return true;
	for (int i = 0; i < m->nlong; i++)
		if (long_line_steps(p, sign_of(side) * m->longl[i].dx, sign_of(side) * m->longl[i].dy, m->long_reach,
				    from, sq))
			return true;
	const int df = FILE_OF(sq) - FILE_OF(from), dr = RANK_OF(sq) - RANK_OF(from);
	if (cheb(df, dr) == 1) {
		const int s = sign_of(side);
		for (int i = 0; i < m->nigui; i++)
			if (s * m->igui[i].dx == df && s * m->igui[i].dy == dr)
				return true;
	}
	/* two steps take on either: on the first square, or on the second
	 * whatever stands on the first */
	if (m->ntwice && cheb(df, dr) <= 2) {
		const int s = sign_of(side);
		for (int i = 0; i < m->ntwice; i++) {
			int af = s * m->twice[i].dx, ar = s * m->twice[i].dy;
			if (af == df && ar == dr)
				return true;
			if (!on_board(p, FILE_OF(from) + af, RANK_OF(from) + ar) ||
			    is_own(p->board[from + ar * p->files + af], side))
				continue;
			for (int j = 0; j < m->ntwice; j++)
				if (af + s * m->twice[j].dx == df && ar + s * m->twice[j].dy == dr)
					return true;
		}
	}
	return false;
}
