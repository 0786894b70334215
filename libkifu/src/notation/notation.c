/*
 * notation.c - the table of notations (notation.h) and what the public API
 * says of it (kifu/notation.h).  To add a notation: its file, and a row here.
 */
#include <stdbool.h>
#include <string.h>

#include "notation/notation.h"

const kifu__notation *const kifu__notations[] = {
	&kifu__notation_compact,
	&kifu__notation_kif,
	&kifu__notation_ki2,
	&kifu__notation_csa,
	&kifu__notation_jkf,
	&kifu__notation_usi,
	&kifu__notation_pgn,
};

const int kifu__notation_count = (int)(sizeof kifu__notations / sizeof kifu__notations[0]);

const kifu__notation *kifu__notation_named(const char *name)
{
	for (int i = 0; name && i < kifu__notation_count; i++)
		if (!strcmp(kifu__notations[i]->name, name))
			return kifu__notations[i];
	return NULL;
}

/* Does variant d inherit a (through its parents, found by name)? */
static bool descends(const kifu_variant_set *set, const kifu_variant *d, const kifu_variant *a)
{
	for (int depth = 0; d && depth < 8; depth++) {
		const char *parent = kifu_variant_parent(d);
		if (!parent[0])
			return false;
		if (!strcmp(parent, kifu_variant_name(a)))
			return true;
		d = kifu_variant_set_find(set, parent);
	}
	return false;
}

const kifu_variant *kifu__variant_refined_by_all(const kifu_variant_set *set, const kifu_variant *const *fits,
						 int n)
{
	for (int i = 0; i < n; i++) {
		bool all = true;
		for (int k = 0; k < n && all; k++)
			all = k == i || descends(set, fits[k], fits[i]);
		if (all)
			return fits[i];
	}
	return NULL;
}

int kifu_notation_count(void) { return kifu__notation_count; }

int kifu_notation_at(int i, kifu_notation_info *out)
{
	if (i < 0 || i >= kifu__notation_count)
		return KIFU_ENOTFOUND;
	const kifu__notation *n = kifu__notations[i];
	out->name = n->name;
	out->summary = n->summary;
	out->extensions = n->extensions;
	out->between = n->between;
	out->can_read = n->next != NULL;
	out->can_write = n->write != NULL;
	return 0;
}

int kifu_notation_find(const char *name)
{
	for (int i = 0; name && i < kifu__notation_count; i++)
		if (!strcmp(kifu__notations[i]->name, name))
			return i;
	return KIFU_ENOTFOUND;
}

kifu_square_namer kifu_notation_square_namer(const char *notation)
{
	const kifu__notation *n = kifu__notation_named(notation);
	return n ? n->square_name : NULL;
}

/* The validation of a record written by a writer that does not play
 * every line (compact, CSA, USI): kifu_validate, on the caller's position
 * if it gave one.  0 or KIFU_ENOMEM. */
static int validate_written(const kifu_record *rec, const kifu_variant *v, const kifu_write_options *opt)
{
	kifu_position *own = NULL, **pos = opt->position ? opt->position : &own;
	if (kifu_position_for(pos, v))
		return KIFU_ENOMEM;
	kifu_validate_options vo = KIFU_VALIDATE_OPTIONS_INIT;
	vo.namer = kifu_notation_square_namer(kifu_record_notation(rec));
	int rc = kifu_validate(rec, *pos, &vo, opt->validation);
	kifu_position_free(own);
	return rc;
}

int kifu_write(FILE *out, const kifu_record *rec, const kifu_variant *v, const char *notation,
	       const kifu_write_options *opt, kifu_diag *diag)
{
	static const kifu_write_options defaults = KIFU_WRITE_OPTIONS_INIT;
	const kifu__notation *n = kifu__notation_named(notation);
	if (!n || !n->write)
		return kifu_diag_set(diag, KIFU_ENOTFOUND, NULL, 0, 0, "no notation \"%s\" to write",
				     notation ? notation : "(none)");
	if (!opt)
		opt = &defaults;
	/* valid -1: not filled yet; a writer that plays every line fills it
	 * (writing.h), for the others it is worked out here */
	if (opt->validation)
		opt->validation->valid = -1;
	int rc = n->write(out, rec, v, opt, diag);
	if (!rc && opt->validation && opt->validation->valid < 0 && validate_written(rec, v, opt))
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	return rc;
}

char *kifu_dropped_words(unsigned dropped, char *buf, size_t size)
{
	static const char *const words[] = {"variations", "comments", "bookmarks", "times", "tags",
					    "the ending",
					    "times without totals (a set-up start, or an earlier move without its time)"};
	enum { NWORDS = sizeof words / sizeof words[0] };
	int n = 0, total = 0;
	for (int i = 0; i < NWORDS; i++)
		total += (dropped >> i) & 1;
	size_t o = 0;
	if (size)
		buf[0] = 0;
	for (int i = 0; i < NWORDS && o < size; i++) {
		if (!((dropped >> i) & 1))
			continue;
		n++;
		const char *sep = n == 1 ? "" : n == total ? " and " : ", ";
		int w = snprintf(buf + o, size - o, "%s%s", sep, words[i]);
		if (w < 0)
			break;
		o += (size_t)w;
	}
	return buf;
}

static bool king_step(int files, int a, int b)
{
	const int df = b % files - a % files, dr = b / files - a / files;
	return (df || dr) && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

bool kifu__three_legs_shape(int files, int ranks, int from, int mid, int mid2, int to)
{
	const int nsq = files * ranks;
	if (from < 0 || mid < 0 || mid2 < 0 || to < 0 || from >= nsq || mid >= nsq || mid2 >= nsq || to >= nsq)
		return false;
	return king_step(files, from, mid) && king_step(files, mid, mid2) && king_step(files, mid2, to) &&
	       kifu__run_second(files, from, mid, to) != mid2;
}

int kifu__run_second(int files, int from, int mid, int to)
{
	const int df = mid % files - from % files, dr = mid / files - from / files;
	const int tf = to % files - mid % files, tr = to / files - mid / files;
	const int uf = (df > 0) - (df < 0), ur = (dr > 0) - (dr < 0);
	/* from -> mid along a line, to j >= 2 steps of it further */
	if ((!df && !dr) || (df && dr && df != dr && df != -dr))
		return -1;
	const int j = uf ? tf / uf : tr / ur;
	if (j < 2 || j * uf != tf || j * ur != tr)
		return -1;
	return mid + ur * files + uf;
}
