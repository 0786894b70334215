/*
 * record.c - the record model: strings in one growing pool, moves in one
 * growing array, lines of play in another, all kept across kifu_record_clear
 * so that a stream of records reuses the same memory.
 *
 * The moves of a line are contiguous, main line first: readers finish the
 * main line before they begin a variation (KIF lists variations after it; the
 * compact reader reads the main line in a first pass).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "text/buffer.h"

#define NONE ((size_t)-1)

typedef struct rmove {
	kifu_move move;
	int named_type;
	size_t text, comment, bookmark;
	long line, col;
	double time, total;
} rmove;

typedef struct rtag { size_t key, value; } rtag;

typedef struct rline {
	int parent;
	int first_child, last_child, next_sibling; /* the variations of this line, as begun; -1: none */
	int prev_holder;      /* the line on its path that holds the move before its first, -1 if none */
	long start, first, count;
	size_t ending, ending_text, ending_comment;
	long ending_line, ending_col;
	double ending_time, ending_total;
} rline;

struct kifu_record {
	char *pool;
	size_t pool_len, pool_cap;
	rmove *moves;
	long nmoves, moves_cap;
	rtag *tags;
	int ntags, tags_cap;
	rline *lines;
	int nlines, lines_cap;
	size_t file, variant, pre_comment, pre_bookmark;
	const char *notation;  /* a static name from the notation table, or NULL */
	long line;
	/* a reading error */
	size_t err_msg, err_move;
	long err_ply, err_line, err_col;
	/* notes: what the reader passed over */
	struct { size_t msg; long line, col; } notes[KIFU_MAX_NOTES];
	int nnotes;
	bool move_extras; /* a move was given a comment, a bookmark or a time */
};

/* Appends a NUL-terminated copy of s[0..len) to the pool. */
static int intern(kifu_record *r, const char *s, size_t len, size_t *out)
{
	if (kifu__grow(&r->pool, &r->pool_cap, r->pool_len + len + 1, 4096))
		return KIFU_ENOMEM;
	memcpy(r->pool + r->pool_len, s, len);
	r->pool[r->pool_len + len] = 0;
	*out = r->pool_len;
	r->pool_len += len + 1;
	return 0;
}

static const char *str(const kifu_record *r, size_t off)
{
	return off == NONE ? NULL : r->pool + off;
}

static void line_init(rline *l, int parent, long start, long first)
{
	l->parent = parent;
	l->first_child = l->last_child = l->next_sibling = l->prev_holder = -1;
	l->start = start;
	l->first = first;
	l->count = 0;
	l->ending = l->ending_text = l->ending_comment = NONE;
	l->ending_line = l->ending_col = 0;
	l->ending_time = l->ending_total = -1;
}

int kifu_record_new(kifu_record **out)
{
	kifu_record *r = calloc(1, sizeof *r);
	*out = NULL;
	if (!r)
		return KIFU_ENOMEM;
	r->lines = malloc(8 * sizeof *r->lines);
	if (!r->lines) {
		free(r);
		return KIFU_ENOMEM;
	}
	r->lines_cap = 8;
	kifu_record_clear(r);
	*out = r;
	return 0;
}

void kifu_record_free(kifu_record *r)
{
	if (!r)
		return;
	free(r->pool);
	free(r->moves);
	free(r->tags);
	free(r->lines);
	free(r);
}

void kifu_record_clear(kifu_record *r)
{
	r->pool_len = 0;
	r->nmoves = 0;
	r->ntags = 0;
	r->nlines = 1;
	line_init(&r->lines[0], -1, 1, 0);
	r->file = r->variant = r->pre_comment = r->pre_bookmark = NONE;
	r->notation = NULL;
	r->line = 0;
	r->err_msg = r->err_move = NONE;
	r->err_ply = r->err_line = r->err_col = 0;
	r->nnotes = 0;
	r->move_extras = false;
}

/* Makes *array hold n elements of size bytes (its capacity *cap, grown to
 * n exactly when short).  0 or KIFU_ENOMEM (the array as it was). */
static int fit(void **array, size_t *cap, size_t n, size_t size)
{
	if (n <= *cap)
		return 0;
	void *a = realloc(*array, n * size);
	if (!a)
		return KIFU_ENOMEM;
	*array = a;
	*cap = n;
	return 0;
}

int kifu_record_copy(kifu_record *dst, const kifu_record *src)
{
	if (dst == src)
		return 0;
	/* every string is an offset into the pool, and every line and move
	 * an element of its array: the copy is the arrays' bytes */
	size_t pool_cap = dst->pool_cap, moves_cap = (size_t)dst->moves_cap;
	size_t tags_cap = (size_t)dst->tags_cap, lines_cap = (size_t)dst->lines_cap;
	void *pool = dst->pool, *moves = dst->moves, *tags = dst->tags, *lines = dst->lines;
	int rc = fit(&pool, &pool_cap, src->pool_len, 1);
	if (!rc)
		rc = fit(&moves, &moves_cap, (size_t)src->nmoves, sizeof(rmove));
	if (!rc)
		rc = fit(&tags, &tags_cap, (size_t)src->ntags, sizeof(rtag));
	if (!rc)
		rc = fit(&lines, &lines_cap, (size_t)src->nlines, sizeof(rline));
	/* what was grown is dst's whatever happens, so that nothing leaks */
	dst->pool = pool;
	dst->pool_cap = pool_cap;
	dst->moves = moves;
	dst->moves_cap = (long)moves_cap;
	dst->tags = tags;
	dst->tags_cap = (int)tags_cap;
	dst->lines = lines;
	dst->lines_cap = (int)lines_cap;
	if (rc) {
		kifu_record_clear(dst);
		return rc;
	}
	kifu_record own = *dst;
	*dst = *src;
	dst->pool = own.pool;
	dst->pool_cap = own.pool_cap;
	dst->moves = own.moves;
	dst->moves_cap = own.moves_cap;
	dst->tags = own.tags;
	dst->tags_cap = own.tags_cap;
	dst->lines = own.lines;
	dst->lines_cap = own.lines_cap;
	if (src->pool_len)
		memcpy(dst->pool, src->pool, src->pool_len);
	if (src->nmoves)
		memcpy(dst->moves, src->moves, (size_t)src->nmoves * sizeof(rmove));
	if (src->ntags)
		memcpy(dst->tags, src->tags, (size_t)src->ntags * sizeof(rtag));
	memcpy(dst->lines, src->lines, (size_t)src->nlines * sizeof(rline));
	return 0;
}

int kifu_record_set_source(kifu_record *r, const char *file, long line)
{
	r->line = line;
	return intern(r, file ? file : "", file ? strlen(file) : 0, &r->file);
}

const char *kifu_record_file(const kifu_record *r) { return r->file == NONE ? "" : str(r, r->file); }
long kifu_record_line(const kifu_record *r) { return r->line; }

int kifu_record_set_variant(kifu_record *r, const char *name, size_t len)
{
	return intern(r, name, len, &r->variant);
}

const char *kifu_record_variant_name(const kifu_record *r)
{
	return r->variant == NONE ? "" : str(r, r->variant);
}

int kifu_record_add_tag(kifu_record *r, const char *key, size_t klen, const char *value,
			size_t vlen)
{
	if (r->ntags == r->tags_cap) {
		int cap = r->tags_cap ? r->tags_cap * 2 : 16;
		rtag *t = realloc(r->tags, (size_t)cap * sizeof *t);
		if (!t)
			return KIFU_ENOMEM;
		r->tags = t;
		r->tags_cap = cap;
	}
	rtag *t = &r->tags[r->ntags];
	if (intern(r, key, klen, &t->key) || intern(r, value, vlen, &t->value))
		return KIFU_ENOMEM;
	r->ntags++;
	return 0;
}

int kifu_record_tag_count(const kifu_record *r) { return r->ntags; }

const char *kifu_record_tag_key(const kifu_record *r, int i)
{
	return i >= 0 && i < r->ntags ? str(r, r->tags[i].key) : NULL;
}

const char *kifu_record_tag_value(const kifu_record *r, int i)
{
	return i >= 0 && i < r->ntags ? str(r, r->tags[i].value) : NULL;
}

const char *kifu_record_tag(const kifu_record *r, const char *key)
{
	for (int i = 0; i < r->ntags; i++)
		if (!strcmp(str(r, r->tags[i].key), key))
			return str(r, r->tags[i].value);
	return NULL;
}

long kifu_record_add_move(kifu_record *r, const kifu_move *move, const char *text, size_t len,
			  long line, long col)
{
	rline *cur = &r->lines[r->nlines - 1];
	if (cur->count >= KIFU_MAX_PLIES)
		return KIFU_ELIMIT;
	if (r->nmoves == r->moves_cap) {
		long cap = r->moves_cap ? r->moves_cap * 2 : 256;
		rmove *m = realloc(r->moves, (size_t)cap * sizeof *m);
		if (!m)
			return KIFU_ENOMEM;
		r->moves = m;
		r->moves_cap = cap;
	}
	rmove *m = &r->moves[r->nmoves];
	if (intern(r, text, len, &m->text))
		return KIFU_ENOMEM;
	m->move = *move;
	m->named_type = -1;
	m->comment = m->bookmark = NONE;
	m->line = line;
	m->col = col;
	m->time = m->total = -1;
	cur->count++;
	return r->nmoves++;
}

int kifu_record_set_move(kifu_record *r, long i, const kifu_move *move)
{
	if (i < 0 || i >= r->nmoves)
		return KIFU_EINVAL;
	r->moves[i].move = *move;
	return 0;
}

int kifu_record_set_named_type(kifu_record *r, long i, int type)
{
	if (i < 0 || i >= r->nmoves)
		return KIFU_EINVAL;
	r->moves[i].named_type = type;
	return 0;
}

long kifu_record_move_count(const kifu_record *r) { return r->lines[0].count; }
long kifu_record_total_moves(const kifu_record *r) { return r->nmoves; }

int kifu_record_get_move_at(const kifu_record *r, long i, kifu_record_move *out)
{
	if (i < 0 || i >= r->nmoves)
		return KIFU_ENOTFOUND;
	const rmove *m = &r->moves[i];
	out->move = m->move;
	out->named_type = m->named_type;
	out->text = str(r, m->text);
	out->line = m->line;
	out->col = m->col;
	out->comment = str(r, m->comment);
	out->time = m->time;
	out->total = m->total;
	out->bookmark = str(r, m->bookmark);
	return 0;
}

int kifu_move_same(const kifu_move *a, const kifu_move *b)
{
	if ((a->flags & KIFU_MOVE_DROP) != (b->flags & KIFU_MOVE_DROP))
		return 0;
	if (a->flags & KIFU_MOVE_DROP)
		return a->piece == b->piece && a->to == b->to;
	const unsigned kind = KIFU_MOVE_PROMOTE | KIFU_MOVE_RUN | KIFU_MOVE_THREE_LEGS;
	return a->from == b->from && a->mid == b->mid && a->to == b->to && (a->flags & kind) == (b->flags & kind) &&
	       (!(a->flags & KIFU_MOVE_THREE_LEGS) || a->piece == b->piece);
}

int kifu_record_get_move(const kifu_record *r, long i, kifu_record_move *out)
{
	if (i < 0 || i >= r->lines[0].count)
		return KIFU_ENOTFOUND;
	return kifu_record_get_move_at(r, i, out);
}

int kifu_record_begin_line(kifu_record *r, int parent, long start)
{
	if (parent < 0 || parent >= r->nlines || start < 1)
		return KIFU_EINVAL;
	/* an alternative to a variation's first move (or to the ending of a
	 * variation with no move) is an alternative to what that variation
	 * replaces: its sibling, as KIF's 変化：N手 says it */
	while (parent > 0 && r->lines[parent].start == start)
		parent = r->lines[parent].parent;
	if (r->nlines == r->lines_cap) {
		int cap = r->lines_cap * 2;
		rline *l = realloc(r->lines, (size_t)cap * sizeof *l);
		if (!l)
			return KIFU_ENOMEM;
		r->lines = l;
		r->lines_cap = cap;
	}
	line_init(&r->lines[r->nlines], parent, start, r->nmoves);
	rline *pa = &r->lines[parent];
	/* the move before its first: the parent's, unless it replaces the
	 * parent's first move (then whoever holds the parent's previous one) */
	r->lines[r->nlines].prev_holder = start - 1 >= pa->start ? parent : pa->prev_holder;
	if (pa->last_child < 0)
		pa->first_child = r->nlines;
	else
		r->lines[pa->last_child].next_sibling = r->nlines;
	pa->last_child = r->nlines;
	return r->nlines++;
}

int kifu_record_line_count(const kifu_record *r) { return r->nlines; }
int kifu_record_current_line(const kifu_record *r) { return r->nlines - 1; }

int kifu_record_get_line(const kifu_record *r, int line, kifu_record_line_info *out)
{
	if (line < 0 || line >= r->nlines)
		return KIFU_ENOTFOUND;
	const rline *l = &r->lines[line];
	out->parent = l->parent;
	out->first_child = l->first_child;
	out->next_sibling = l->next_sibling;
	out->start = l->start;
	out->first = l->first;
	out->count = l->count;
	out->ending = l->ending == NONE ? "" : str(r, l->ending);
	out->ending_text = l->ending_text != NONE ? str(r, l->ending_text) : out->ending;
	out->ending_line = l->ending_line;
	out->ending_col = l->ending_col;
	out->ending_comment = str(r, l->ending_comment);
	out->ending_time = l->ending_time;
	out->ending_total = l->ending_total;
	return 0;
}

int kifu_record_line_move(const kifu_record *r, int line, long ply, kifu_record_move *out,
			  long *index)
{
	/* up the path: a line holds its plies up to where the next line down
	 * branches off (limit); an earlier ply is held by the line that holds
	 * the move before its first (one jump, however many variations branch
	 * at one ply) */
	long limit = -1;
	while (line >= 0 && line < r->nlines) {
		const rline *l = &r->lines[line];
		if (ply >= l->start) {
			if (ply >= l->start + l->count || (limit >= 0 && ply >= limit))
				return KIFU_ENOTFOUND;
			if (index)
				*index = l->first + (ply - l->start);
			return kifu_record_get_move_at(r, l->first + (ply - l->start), out);
		}
		limit = l->start;
		line = l->prev_holder;
	}
	return KIFU_ENOTFOUND;
}

int kifu_record_set_comment(kifu_record *r, long i, const char *text, size_t len)
{
	size_t *slot;
	if (i == KIFU_COMMENT_BEFORE)
		slot = &r->pre_comment;
	else if (i == KIFU_COMMENT_ENDING)
		slot = &r->lines[r->nlines - 1].ending_comment;
	else if (i >= 0 && i < r->nmoves)
		slot = &r->moves[i].comment, r->move_extras = true;
	else
		return KIFU_EINVAL;
	if (!text) {
		*slot = NONE; /* no comment there any more */
		return 0;
	}
	return intern(r, text, len, slot);
}

int kifu_record_append_comment(kifu_record *r, long i, const char *text, size_t len)
{
	/* the current line's ending, as kifu_record_set_comment has it (not
	 * kifu_record_comment's, the main line's) */
	const char *old = i == KIFU_COMMENT_ENDING ? str(r, r->lines[r->nlines - 1].ending_comment) :
						     kifu_record_comment(r, i);
	if (!old)
		return kifu_record_set_comment(r, i, text, len);
	size_t ol = strlen(old);
	char *joined = malloc(ol + 1 + len);
	if (!joined)
		return KIFU_ENOMEM;
	memcpy(joined, old, ol);
	joined[ol] = '\n';
	memcpy(joined + ol + 1, text, len);
	int rc = kifu_record_set_comment(r, i, joined, ol + 1 + len);
	free(joined);
	return rc;
}

const char *kifu_record_comment(const kifu_record *r, long i)
{
	if (i == KIFU_COMMENT_BEFORE)
		return str(r, r->pre_comment);
	if (i == KIFU_COMMENT_ENDING)
		return str(r, r->lines[0].ending_comment);
	return i >= 0 && i < r->nmoves ? str(r, r->moves[i].comment) : NULL;
}

int kifu_record_set_time(kifu_record *r, long i, double time, double total)
{
	if (i == KIFU_COMMENT_ENDING) {
		r->lines[r->nlines - 1].ending_time = time;
		r->lines[r->nlines - 1].ending_total = total;
		return 0;
	}
	if (i < 0 || i >= r->nmoves)
		return KIFU_EINVAL;
	r->moves[i].time = time;
	r->moves[i].total = total;
	r->move_extras = true;
	return 0;
}

int kifu_record_set_bookmark(kifu_record *r, long i, const char *text, size_t len)
{
	if (i == KIFU_COMMENT_BEFORE)
		return intern(r, text, len, &r->pre_bookmark);
	if (i < 0 || i >= r->nmoves)
		return KIFU_EINVAL;
	r->move_extras = true;
	return intern(r, text, len, &r->moves[i].bookmark);
}

int kifu_record_moves_annotated(const kifu_record *r) { return r->move_extras; }

const char *kifu_record_bookmark_before(const kifu_record *r)
{
	return str(r, r->pre_bookmark);
}

int kifu_record_set_ending(kifu_record *r, const char *word, size_t len, long line, long col)
{
	rline *l = &r->lines[r->nlines - 1];
	l->ending_line = line;
	l->ending_col = col;
	l->ending_text = NONE;
	return intern(r, word, len, &l->ending);
}

int kifu_record_set_ending_text(kifu_record *r, const char *text, size_t len)
{
	return intern(r, text, len, &r->lines[r->nlines - 1].ending_text);
}

void kifu_record_set_notation(kifu_record *r, const char *notation) { r->notation = notation; }

const char *kifu_record_notation(const kifu_record *r) { return r->notation ? r->notation : ""; }

const char *kifu_record_ending(const kifu_record *r)
{
	return r->lines[0].ending == NONE ? "" : str(r, r->lines[0].ending);
}
long kifu_record_ending_line(const kifu_record *r) { return r->lines[0].ending_line; }
long kifu_record_ending_col(const kifu_record *r) { return r->lines[0].ending_col; }

int kifu_record_set_error(kifu_record *r, long ply, long line, long col, const char *move_text,
			  size_t move_len, const char *message)
{
	if (r->err_msg != NONE)
		return 0; /* the first problem is the one reported */
	r->err_ply = ply;
	r->err_line = line;
	r->err_col = col;
	if (intern(r, message, strlen(message), &r->err_msg))
		return KIFU_ENOMEM;
	if (move_text)
		return intern(r, move_text, move_len, &r->err_move);
	r->err_move = NONE;
	return 0;
}

const char *kifu_record_error(const kifu_record *r, long *ply, long *line, long *col,
			      const char **move_text)
{
	if (r->err_msg == NONE)
		return NULL;
	if (ply)
		*ply = r->err_ply;
	if (line)
		*line = r->err_line;
	if (col)
		*col = r->err_col;
	if (move_text)
		*move_text = str(r, r->err_move);
	return str(r, r->err_msg);
}

int kifu_record_add_note(kifu_record *r, long line, long col, const char *message)
{
	if (r->nnotes == KIFU_MAX_NOTES)
		return 0;
	r->notes[r->nnotes].line = line;
	r->notes[r->nnotes].col = col;
	if (intern(r, message, strlen(message), &r->notes[r->nnotes].msg))
		return KIFU_ENOMEM;
	r->nnotes++;
	return 0;
}

int kifu_record_note_count(const kifu_record *r) { return r->nnotes; }

const char *kifu_record_note(const kifu_record *r, int i, long *line, long *col)
{
	if (i < 0 || i >= r->nnotes)
		return NULL;
	if (line)
		*line = r->notes[i].line;
	if (col)
		*col = r->notes[i].col;
	return str(r, r->notes[i].msg);
}
