/*
 * movement.c - the movement notation of formats/movement.md.
 *
 * A movement string is a sequence of atoms, each with optional direction
 * modifiers before it and an optional range or power suffix after it:
 *   [j] [dirs] ATOM [N] [^ | ~ | * | >]
 * Atoms: W F D A N H G (leapers, all eight images), K = W+F, R B Q
 * (sliders), L (the Lion's area power), Un (an area move of n king steps),
 * I (igui on adjacent squares), E (the Emperor: any square, taking only an
 * unprotected piece; I* with a pass).  Suffixes: ~ lion power along a line (~n: n squares
 * of it, the Lion Dog's K~3), ^ a
 * range jump by rank, * two steps of the atom, > a hook (a slide that may
 * turn 90 degrees once, to a direction its terms keep; >> either way), #n a slide that may pass over up to n pieces (a
 * triple-slashed arrow: R#3); the prefix j makes a slide pass over its
 * first square (jj its first two, jjj three), and o after it through an empty
 * one it does not stop on (jofB: over the first, through the second).
 * Spaces separate nothing and are ignored.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/movement.h"

/* A direction term filters the atom's offsets (dx right, dy forward). */
enum term {
	T_F, T_B, T_L, T_R, T_S, T_V,   /* single letters */
	T_FL, T_FR, T_BL, T_BR,         /* diagonal quadrants */
	T_FF, T_BB, T_LL, T_RR          /* narrow: the long leg points there */
};

static bool term_keeps(enum term t, int dx, int dy)
{
	int ax = abs(dx), ay = abs(dy);
	switch (t) {
	case T_F: return dy > 0;
	case T_B: return dy < 0;
	case T_L: return dx < 0;
	case T_R: return dx > 0;
	case T_S: return dy == 0;
	case T_V: return dx == 0;
	case T_FL: return dy > 0 && dx < 0;
	case T_FR: return dy > 0 && dx > 0;
	case T_BL: return dy < 0 && dx < 0;
	case T_BR: return dy < 0 && dx > 0;
	case T_FF: return dy > 0 && ay > ax;
	case T_BB: return dy < 0 && ay > ax;
	case T_LL: return dx < 0 && ax > ay;
	case T_RR: return dx > 0 && ax > ay;
	}
	return false;
}

/* The base offset of an atom, from which the eight images are made. */
static bool atom_offset(char c, int *a, int *b, bool *slider)
{
	*slider = false;
	switch (c) {
	case 'W': *a = 0; *b = 1; return true;
	case 'F': *a = 1; *b = 1; return true;
	case 'D': *a = 0; *b = 2; return true;
	case 'A': *a = 2; *b = 2; return true;
	case 'N': *a = 1; *b = 2; return true;
	case 'H': *a = 0; *b = 3; return true;
	case 'G': *a = 3; *b = 3; return true;
	case 'R': *a = 0; *b = 1; *slider = true; return true;
	case 'B': *a = 1; *b = 1; *slider = true; return true;
	default: return false;
	}
}

/* The distinct images (±a,±b), (±b,±a) of an offset. */
static int images(int a, int b, offset out[8])
{
	int n = 0;
	const int sx[4] = {1, 1, -1, -1}, sy[4] = {1, -1, 1, -1};
	for (int swap = 0; swap < 2; swap++) {
		for (int k = 0; k < 4; k++) {
			int dx = (swap ? b : a) * sx[k], dy = (swap ? a : b) * sy[k];
			bool seen = false;
			for (int i = 0; i < n; i++)
				if (out[i].dx == dx && out[i].dy == dy)
					seen = true;
			if (!seen) {
				out[n].dx = (int8_t)dx;
				out[n].dy = (int8_t)dy;
				n++;
			}
		}
	}
	return n;
}

static bool keeps(const enum term *terms, int nterms, int dx, int dy)
{
	if (nterms == 0)
		return true;
	for (int i = 0; i < nterms; i++)
		if (term_keeps(terms[i], dx, dy))
			return true;
	return false;
}

static int add_leap(movement *m, int dx, int dy)
{
	for (int i = 0; i < m->nleaps; i++)
		if (m->leaps[i].dx == dx && m->leaps[i].dy == dy)
			return 0;
	if (m->nleaps == MAX_LEAPS)
		return -1;
	m->leaps[m->nleaps].dx = (int8_t)dx;
	m->leaps[m->nleaps].dy = (int8_t)dy;
	m->nleaps++;
	return 0;
}

/* One slide per direction: a longer range replaces a shorter one. */
static int add_slide(movement *m, int dx, int dy, int range)
{
	for (int i = 0; i < m->nslides; i++) {
		slide *s = &m->slides[i];
		if (s->dx == dx && s->dy == dy) {
			if (s->range != 0 && (range == 0 || range > s->range))
				s->range = (uint8_t)range;
			return 0;
		}
	}
	if (m->nslides == MAX_SLIDES)
		return -1;
	m->slides[m->nslides].dx = (int8_t)dx;
	m->slides[m->nslides].dy = (int8_t)dy;
	m->slides[m->nslides].range = (uint8_t)range;
	m->nslides++;
	return 0;
}

static int add_line(movement *m, int dx, int dy)
{
	for (int i = 0; i < m->nlines; i++)
		if (m->lines[i].dx == dx && m->lines[i].dy == dy)
			return 0;
	if (m->nlines == MAX_LINES)
		return -1;
	m->lines[m->nlines].dx = (int8_t)dx;
	m->lines[m->nlines].dy = (int8_t)dy;
	m->nlines++;
	return 0;
}

static int fail(int *errpos, const char **msg, int pos, const char *text)
{
	*errpos = pos;
	*msg = text;
	return KIFU_ESYNTAX;
}

/* One atom as written: its direction terms, its letter, its range or lion
 * power, and where it starts. */
typedef struct atom_text {
	int start;
	enum term terms[16];
	int nterms;
	char atom;
	int range;     /* -1: none given */
	bool lionline; /* ~ */
	int reach;     /* ~n: the squares of lion power along the line (2 without n) */
	bool jumps;    /* ^ */
	bool twice;    /* * */
	bool hook;     /* > */
	bool hook_any; /* >>: the hook's turn to either perpendicular, whatever the terms keep */
	int passes;    /* #n: the pieces it may pass over (0: no #) */
	int skips;     /* the prefixes j (jj, jjj) and o: the squares passed before the first it may stop on */
	int empties;   /* of them, the o: the last ones, which must be empty */
	int suffix_at; /* where the suffix is, for messages */
} atom_text;

/* The direction modifiers at text[*i]: a term of one letter or two. */
static int read_terms(const char *text, int *i, atom_text *a, int *errpos, const char **msg)
{
	while (text[*i] && strchr("fblrsv", text[*i])) {
		char c = text[*i], d = text[*i + 1];
		enum term t;
		int len = 1;
		if ((c == 'f' || c == 'b') && (d == 'l' || d == 'r')) {
			t = c == 'f' ? (d == 'l' ? T_FL : T_FR) : (d == 'l' ? T_BL : T_BR);
			len = 2;
		} else if (d == c && c != 's' && c != 'v') {
			t = c == 'f' ? T_FF : c == 'b' ? T_BB : c == 'l' ? T_LL : T_RR;
			len = 2;
		} else {
			t = c == 'f' ? T_F : c == 'b' ? T_B : c == 'l' ? T_L : c == 'r' ? T_R : c == 's' ? T_S : T_V;
		}
		if (a->nterms == 16)
			return fail(errpos, msg, *i, "too many direction modifiers");
		a->terms[a->nterms++] = t;
		*i += len;
	}
	return 0;
}

/* What follows the letter: a range (1 to 99), then ^; or ~ or *. */
static int read_suffix(const char *text, int *i, atom_text *a, int *errpos, const char **msg)
{
	a->range = -1;
	a->lionline = a->jumps = a->twice = a->hook = a->hook_any = false;
	a->passes = 0;
	if (text[*i] >= '0' && text[*i] <= '9') {
		a->range = 0;
		while (text[*i] >= '0' && text[*i] <= '9') {
			a->range = a->range * 10 + (text[*i] - '0');
			if (a->range > 99)
				return fail(errpos, msg, *i, "range too large (at most 99)");
			(*i)++;
		}
		if (a->range < 1)
			return fail(errpos, msg, *i - 1, "a range must be at least 1");
	}
	a->suffix_at = *i;
	if (text[*i] == '^') {
		a->jumps = true;
		(*i)++;
	} else if (text[*i] == '>') {
		if (a->range >= 0)
			return fail(errpos, msg, *i, "a hook (>) takes no range");
		a->hook = true;
		(*i)++;
		if (text[*i] == '>') {
			/* fB>>: the turn may go to either perpendicular (Taikyoku's Peacock) */
			a->hook_any = true;
			(*i)++;
		}
	} else if (text[*i] == '#') {
		/* R#3: a slide past up to three pieces (a triple-slashed arrow) */
		(*i)++;
		if (text[*i] < '1' || text[*i] > '9' || (text[*i + 1] >= '0' && text[*i + 1] <= '9'))
			return fail(errpos, msg, *i, "a slide past pieces (#n) passes 1 to 9 of them (R#3)");
		a->passes = text[(*i)++] - '0';
	} else if (a->range < 0 && (text[*i] == '~' || text[*i] == '*')) {
		a->lionline = text[*i] == '~';
		a->twice = text[*i] == '*';
		(*i)++;
		a->reach = 2;
		if (a->lionline && text[*i] >= '0' && text[*i] <= '9') {
			/* K~3: lion power along each line, three squares of it */
			a->reach = text[(*i)++] - '0';
			if (a->reach < 2 || (text[*i] >= '0' && text[*i] <= '9'))
				return fail(errpos, msg, a->reach < 2 ? *i - 1 : *i,
					    "lion power along a line (~n) reaches 2 to 9 squares");
		}
	}
	return 0;
}

static int add_offset(offset *list, int *n, int max, int dx, int dy)
{
	for (int i = 0; i < *n; i++)
		if (list[i].dx == dx && list[i].dy == dy)
			return 0;
	if (*n == max)
		return -1;
	list[*n].dx = (int8_t)dx;
	list[*n].dy = (int8_t)dy;
	(*n)++;
	return 0;
}

/* A special slide (enum slide_kind): one per direction and kind (and its
 * squares skipped, its pieces passed over). */
static int add_xslide(movement *m, int dx, int dy, int range, int kind, int skip, int over)
{
	for (int i = 0; i < m->nxslides; i++) {
		slide *s = &m->xslides[i];
		/* (skip and over share a byte: a kind has one of them) */
		if (s->dx == dx && s->dy == dy && s->kind == kind && s->skip == ((kind & SLIDE_PASSES) ? over : skip)) {
			if (s->range != 0 && (range == 0 || range > s->range))
				s->range = (uint8_t)range;
			return 0;
		}
	}
	if (m->nxslides == MAX_SLIDES)
		return -1;
	slide *x = &m->xslides[m->nxslides];
	*x = (slide){.dx = (int8_t)dx, .dy = (int8_t)dy, .range = (uint8_t)range, .kind = (uint8_t)kind};
	if (kind & SLIDE_PASSES)
		x->over = (uint8_t)over;
	else
		x->skip = (uint8_t)skip; /* the j and o, and the o << 4 (slide_first) */
	m->nxslides++;
	return 0;
}

/* A hook (X>): a special slide that may turn once, to the perpendiculars
 * in `turns` (slide.turns); one per first direction. */
static int add_hook(movement *m, int dx, int dy, unsigned turns)
{
	for (int i = 0; i < m->nxslides; i++) {
		slide *s = &m->xslides[i];
		if (s->dx == dx && s->dy == dy && s->kind == SLIDE_HOOK) {
			s->turns |= (uint8_t)turns;
			return 0;
		}
	}
	if (m->nxslides == MAX_SLIDES)
		return -1;
	m->xslides[m->nxslides] = (slide){.dx = (int8_t)dx, .dy = (int8_t)dy, .kind = SLIDE_HOOK, .turns = (uint8_t)turns};
	m->nxslides++;
	return 0;
}

/* The offsets of one single-letter atom (p) of a, kept by its terms, into
 * out; *kept counts them.  tilde: the place of a's ~, for messages. */
static int add_part(movement *out, const atom_text *a, char p, int tilde, int *kept, int *errpos, const char **msg)
{
	int x = 0, y = 0;
	bool slider;
	atom_offset(p, &x, &y, &slider);
	offset im[8];
	int n = images(x, y, im);
	for (int k = 0; k < n; k++) {
		int dx = im[k].dx, dy = im[k].dy;
		if (!keeps(a->terms, a->nterms, dx, dy))
			continue;
		(*kept)++;
		int rc;
		bool slides = slider || a->range > 1;
		if (a->hook) {
			if (!slider || a->skips)
				return fail(errpos, msg, a->skips ? a->start : tilde,
					    "a hook (>) applies to R, B or Q only, without j");
			/* both legs keep to the atom's directions: the turn is to
			 * a perpendicular the terms keep too */
			unsigned turns = a->hook_any ? 3u
						     : (keeps(a->terms, a->nterms, dy, -dx) ? 1u : 0u) |
							       (keeps(a->terms, a->nterms, -dy, dx) ? 2u : 0u);
			if (!turns)
				return fail(errpos, msg, a->start, "the direction modifiers leave the hook (>) no turn");
			rc = add_hook(out, dx, dy, turns);
			if (rc < 0)
				return fail(errpos, msg, a->start, "too many moves in one piece");
			continue;
		}
		if ((a->jumps || a->skips || a->passes) && !slides)
			return fail(errpos, msg, a->jumps || a->passes ? tilde : a->start,
				    a->jumps ? "a range jump (^) applies to a slide only (R, B, Q, or a leaper with a range)"
				    : a->passes ? "a slide past pieces (#n) applies to a slide only (R, B, Q, or a leaper with a range)"
						: "the prefix j applies to a slide only (R, B, Q, or a leaper with a range)");
		if (a->lionline || a->twice) {
			if (abs(dx) > 1 || abs(dy) > 1)
				return fail(errpos, msg, tilde, a->twice ? "two steps (*) apply to W, F or K only"
									 : "lion power (~) applies to W, F or K only");
			if (a->twice)
				rc = add_offset(out->twice, &out->ntwice, MAX_LINES, dx, dy);
			else if (a->reach > 2) {
				if (out->long_reach && out->long_reach != a->reach)
					return fail(errpos, msg, tilde, "one piece's lion lines (~n) all reach as far");
				out->long_reach = a->reach;
				rc = add_offset(out->longl, &out->nlong, MAX_LINES, dx, dy);
			} else
				rc = add_line(out, dx, dy);
		} else if (a->jumps || a->skips || a->passes) {
			rc = add_xslide(out, dx, dy, a->range < 0 ? 0 : a->range,
					(a->jumps ? SLIDE_JUMPS : 0) | (a->skips ? SLIDE_SKIPS_FIRST : 0) |
						(a->passes ? SLIDE_PASSES : 0),
					a->skips | a->empties << 4, a->passes);
		} else if (slider) {
			rc = add_slide(out, dx, dy, a->range < 0 ? 0 : a->range);
		} else if (a->range >= 0) {
			/* a leaper with a range slides: W2 is up to two steps */
			rc = a->range == 1 ? add_leap(out, dx, dy) : add_slide(out, dx, dy, a->range);
		} else {
			rc = add_leap(out, dx, dy);
		}
		if (rc < 0)
			return fail(errpos, msg, a->start, "too many moves in one piece");
	}
	return 0;
}

/* Atom a (its letter at `at`, what follows it up to `end`) into out: the
 * Lion, or a compound's parts. */
static int add_atom(movement *out, const atom_text *a, int at, int end, int *errpos, const char **msg)
{
	const bool suffix = a->lionline || a->jumps || a->twice || a->hook || a->passes;
	/* o: through an empty square, of a plain slide (the Rain Demon's jofB) */
	if (a->empties && (!strchr("RBQ", a->atom) || suffix))
		return fail(errpos, msg, a->start, "the prefix o applies to R, B or Q only, with no suffix");
	if (a->passes && a->skips)
		return fail(errpos, msg, a->start, "a slide past pieces (#n) takes no j");
	/* jj passes over two squares: a range must reach past them (jjR3) */
	if (a->skips && a->range >= 0 && a->range <= a->skips)
		return fail(errpos, msg, at + 1, "the range leaves the slide no square past those j passes over");
	if (a->atom == 'L') {
		/* L2 is L; L3 the Lion's power of three king steps
		 * (formats/movement.md), a power of the large variants */
		if (a->nterms || (a->range >= 0 && a->range != 2 && a->range != 3) || suffix || a->skips)
			return fail(errpos, msg, a->start, "the Lion atom L takes no modifiers but a range of 2 or 3");
		if (a->range == 3)
			out->lion3 = 3;
		else
			out->area_lion = true;
		return 0;
	}
	if (a->atom == 'E') {
		/* the Emperor (docs/rules.md, "Maka Dai Dai Shogi"): any square */
		if (a->nterms || a->range >= 0 || suffix || a->skips)
			return fail(errpos, msg, a->start, "the Emperor atom E takes no modifiers");
		out->emperor = true;
		return 0;
	}
	if (a->atom == 'U') {
		/* an area move: up to n king steps, every square but the last empty */
		if (a->nterms || suffix || a->skips)
			return fail(errpos, msg, a->start, "the area move U takes a number of steps only (U3)");
		if (a->range < 1 || a->range > 9)
			return fail(errpos, msg, at, "the area move U needs its number of steps, 1 to 9 (U3)");
		if (a->range > out->area)
			out->area = a->range;
		return 0;
	}
	if (a->atom == 'I') {
		/* igui: capture an adjacent piece without moving; I*: a pass too
		 * (Taikyoku's Free Eagle, the site's (cK-bK)) */
		if (a->range >= 0 || (suffix && !a->twice) || a->skips)
			return fail(errpos, msg, a->start, "igui I takes direction modifiers and * (a pass) only");
		if (a->twice)
			out->igui_pass = true;
		offset im[8];
		int kept = 0;
		for (int base = 0; base < 2; base++) {
			int n = images(base, 1, im);
			for (int k = 0; k < n; k++)
				if (keeps(a->terms, a->nterms, im[k].dx, im[k].dy)) {
					kept++;
					add_offset(out->igui, &out->nigui, MAX_LINES, im[k].dx, im[k].dy);
				}
		}
		if (!kept)
			return fail(errpos, msg, a->start, "the direction modifiers leave no move of this atom");
		return 0;
	}
	/* Compounds expand to their parts. */
	const char *parts;
	switch (a->atom) {
	case 'K': parts = "WF"; break;
	case 'Q': parts = "RB"; break;
	case 'W': case 'F': case 'D': case 'A': case 'N': case 'H':
	case 'G': case 'R': case 'B':
		parts = NULL;
		break;
	default:
		return fail(errpos, msg, at, "unknown atom (expected one of W F D A N H G K R B Q L U I E)");
	}
	char single[2] = {a->atom, 0};
	for (const char *p = parts ? parts : single; *p; p++) {
		int kept = 0, rc = add_part(out, a, *p, end - 1, &kept, errpos, msg);
		if (rc)
			return rc;
		if (kept == 0 && !parts)
			return fail(errpos, msg, a->start, "the direction modifiers leave no move of this atom");
	}
	return 0;
}

int kifu__movement_parse(const char *text, movement *out, int *errpos, const char **msg)
{
	memset(out, 0, sizeof *out);
	int i = 0, natoms = 0;
	while (text[i]) {
		if (text[i] == ' ') {
			i++;
			continue;
		}
		atom_text a = {.start = i};
		while (text[i] == 'j') {
			/* j, jj, jjj: the squares passed over first */
			if (++a.skips > 3)
				return fail(errpos, msg, i, "j passes over at most three squares (jjj)");
			i++;
		}
		while (text[i] == 'o') {
			/* o after them: a square passed through, empty */
			if (++a.empties > 3)
				return fail(errpos, msg, i, "o passes through at most three squares (ooo)");
			a.skips++;
			i++;
		}
		if (a.empties && text[i] == 'j')
			return fail(errpos, msg, i, "j comes before o (jofB)");
		int rc = read_terms(text, &i, &a, errpos, msg);
		if (rc)
			return rc;
		if (!(a.atom = text[i]))
			return fail(errpos, msg, i, "direction modifiers without an atom");
		int at = i++;
		if ((rc = read_suffix(text, &i, &a, errpos, msg)) != 0 || (rc = add_atom(out, &a, at, i, errpos, msg)) != 0)
			return rc;
		natoms++;
	}
	if (natoms == 0)
		return fail(errpos, msg, 0, "empty movement");
	out->special = out->nxslides || out->area || out->nigui || out->ntwice || out->nlong || out->emperor || out->lion3;
	/* A slide in a direction covers its own first step: drop the leap so a
	 * move is listed once. */
	for (int s = 0; s < out->nslides; s++)
		for (int l = 0; l < out->nleaps; l++)
			if (out->leaps[l].dx == out->slides[s].dx && out->leaps[l].dy == out->slides[s].dy) {
				out->leaps[l] = out->leaps[--out->nleaps];
				l--;
			}
	return 0;
}
