/*
 * jkf_write.c - writing JKF (docs/jkf.md): a record of standard shogi as
 * the JSON object json-kifu-format's schema describes, through the JSON
 * writer (kifu/json.h: every string escaped as JSON must), laid out one
 * element of `moves` to a line, as the format's README shows it.
 *
 * JKF names the moving piece, the piece taken, and whether a move that
 * could promote did not; so each line of play is played on a position
 * (kifu_play_all), its hooks noting each element, and the variations are
 * then written inside the elements they replace, as their `forks`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/json.h"
#include "kifu/play.h"
#include "kifu/vocabulary.h"
#include "notation/jkf/jkf.h"
#include "notation/notation.h"
#include "notation/writing.h"

/* An element of a line of play, as the play loop found it. */
typedef struct element {
	const char *special;   /* the ending's CSA word (NULL: a move) */
	const char *comment;   /* its lines joined by '\n', or NULL */
	double time, total;    /* -1: none */
	/* a move: */
	int color, from, to;   /* from -1: a drop */
	int kind, capture;     /* JKF kinds; capture -1: none */
	int promote;           /* 1 true, 0 false (it could have), -1 neither */
	bool same;
} element;

/* A line of play: its elements, elems[first..first+n) of the writer's. */
typedef struct line_span {
	size_t first, n;
} line_span;

typedef struct writer {
	const kifu_record *rec;
	const kifu_variant *v;
	int kinds[KIFU_MAX_TYPES]; /* the JKF kind of each piece type */
	element *elems;
	size_t nelems, cap;
	line_span *lines;
	int prev_to;               /* where the move before went (same), -1 if none */
	unsigned dropped;          /* kifu_dropped bits */
	kifu_json_writer *out;
	kifu_validation *validation; /* kifu_write_options.validation, or NULL */
	kifu__totals totals;       /* each side's running total (writing.h) */
} writer;

/* ---- elements, as the lines are played ---- */

static element *new_element(writer *w)
{
	if (w->nelems == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 256;
		element *e = realloc(w->elems, cap * sizeof *e);
		if (!e)
			return NULL;
		w->elems = e;
		w->cap = cap;
	}
	element *e = &w->elems[w->nelems++];
	memset(e, 0, sizeof *e);
	e->time = e->total = -1;
	e->from = e->capture = e->promote = -1;
	return e;
}

/* Could the move have promoted (JKF's promote: false, 不成)? */
static bool could_promote(kifu_position *pos, const kifu_move *m, const kifu_piece_info *info)
{
	if ((m->flags & (KIFU_MOVE_PROMOTE | KIFU_MOVE_DROP)) || info->promoted || info->promotes_to < 0)
		return false;
	kifu_move p = *m;
	p.flags |= KIFU_MOVE_PROMOTE;
	return kifu_check_move(pos, &p, NULL) == 0;
}

/* A time JKF can carry: both the move's and the total, whole seconds. */
static void note_time(writer *w, element *e, double time, double total)
{
	if (time < 0 && total < 0)
		return;
	if (time < 0) {
		w->dropped |= KIFU_DROPPED_TIMES; /* a total alone: JKF's time holds both */
		return;
	}
	if (total < 0) {
		w->dropped |= KIFU_DROPPED_TIMES_NO_TOTAL;
		return;
	}
	if ((double)(long)time != time || (double)(long)total != total)
		w->dropped |= KIFU_DROPPED_TIMES; /* JKF's seconds are whole */
	e->time = time;
	e->total = total;
}

/* The play loop's `before` hook: one move's element.  capture names no
 * King: the schema's capturablekind has none (a King is taken only by a
 * foul played through). */
static int put_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	writer *w = ctx;
	const kifu_record_move *rm = step->move;
	const kifu_move *m = &rm->move;
	element *e = new_element(w);
	if (!e)
		return KIFU_ENOMEM;
	bool drop = m->flags & KIFU_MOVE_DROP;
	int type = drop ? m->piece : kifu_code_type(kifu_position_at(pos, m->from));
	kifu_piece_info info;
	kifu_variant_piece(w->v, type, &info);
	e->comment = rm->comment;
	e->color = kifu_position_side(pos);
	e->from = drop ? -1 : m->from;
	e->to = m->to;
	e->kind = w->kinds[type];
	e->same = m->to == w->prev_to;
	e->promote = m->flags & KIFU_MOVE_PROMOTE ? 1 : could_promote(pos, m, &info) ? 0 : -1;
	int taken = drop ? 0 : kifu_position_at(pos, m->to);
	if (taken && strcmp(kifu__jkf_kinds[w->kinds[kifu_code_type(taken)]].code, "OU"))
		e->capture = w->kinds[kifu_code_type(taken)];
	note_time(w, e, rm->time, kifu__totals_next(&w->totals, step->ply, rm->time, rm->total));
	if (rm->bookmark)
		w->dropped |= KIFU_DROPPED_BOOKMARKS;
	w->prev_to = m->to;
	w->lines[step->variation].n++;
	return 0;
}

/* The play loop's variation_begin hook: the line's elements begin, and the
 * square of the move before it (same). */
static int begin_line(void *ctx, kifu_position *pos, int line)
{
	writer *w = ctx;
	kifu_record_line_info li;
	kifu_record_move before;
	kifu_record_get_line(w->rec, line, &li);
	if (line == 0) /* pos is the record's start */
		w->totals.from_start = kifu_position_movenumber(pos) <= 1;
	kifu__totals_line(&w->totals, w->rec, line, li.start);
	w->prev_to = li.start > 1 && kifu_record_line_move(w->rec, line, li.start - 1, &before, NULL) == 0 ?
			     before.move.to : -1;
	if (line > 0)
		w->lines[line].first = w->nelems;
	return 0;
}

/* The play loop's variation_end hook: the ending's element, its special CSA's
 * word without the '%'. */
static int end_line(void *ctx, kifu_position *pos, int line)
{
	writer *w = ctx;
	kifu_record_line_info li;
	kifu_record_get_line(w->rec, line, &li);
	if (!li.ending[0])
		return 0;
	const kifu_ending_info *info = kifu_ending_find(li.ending, strlen(li.ending));
	const char *special = info && info->csa ? info->csa + 1 : NULL;
	if (info && !strcmp(info->word, "illegal-win"))
		/* CSA says it by the side at fault: the one that made the last
		 * move, not the side to move */
		special = kifu_position_side(pos) == KIFU_SENTE ? "-ILLEGAL_ACTION" : "+ILLEGAL_ACTION";
	if (!special) {
		/* 封じ手 (sealed) has no word in JKF */
		w->dropped |= KIFU_DROPPED_ENDING;
		if (li.ending_comment)
			w->dropped |= KIFU_DROPPED_COMMENTS;
		if (li.ending_time >= 0)
			w->dropped |= KIFU_DROPPED_TIMES;
		return 0;
	}
	element *e = new_element(w);
	if (!e)
		return KIFU_ENOMEM;
	e->special = special;
	e->comment = li.ending_comment;
	note_time(w, e, li.ending_time,
		  kifu__totals_next(&w->totals, li.start + li.count, li.ending_time, li.ending_total));
	w->lines[line].n++;
	return 0;
}

/* ---- the text ---- */

/* comments: one string per line of the comment. */
static void put_comments(kifu_json_writer *o, const char *comment)
{
	if (!comment)
		return;
	kifu_json_key(o, "comments");
	kifu_json_array(o);
	for (const char *p = comment;;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		kifu_json_stringn(o, p, n);
		if (!nl)
			break;
		p = nl + 1;
	}
	kifu_json_array_end(o);
}

static void put_place(kifu_json_writer *o, const char *key, int sq)
{
	kifu_json_key(o, key);
	kifu_json_object(o);
	kifu_json_key(o, "x");
	kifu_json_int(o, sq % 9 + 1);
	kifu_json_key(o, "y");
	kifu_json_int(o, sq / 9 + 1);
	kifu_json_object_end(o);
}

/* A time in whole seconds as {h?, m, s}: the move's as KIF writes it
 * (minutes and seconds), a total with its hours. */
static void put_clock(kifu_json_writer *o, const char *key, double t, bool hours)
{
	long s = (long)t;
	kifu_json_key(o, key);
	kifu_json_object(o);
	if (hours) {
		kifu_json_key(o, "h");
		kifu_json_int(o, s / 3600);
	}
	kifu_json_key(o, "m");
	kifu_json_int(o, hours ? s / 60 % 60 : s / 60);
	kifu_json_key(o, "s");
	kifu_json_int(o, s % 60);
	kifu_json_object_end(o);
}

static void put_time(kifu_json_writer *o, const element *e)
{
	if (e->time < 0)
		return;
	kifu_json_key(o, "time");
	kifu_json_object(o);
	put_clock(o, "now", e->time, false);
	put_clock(o, "total", e->total, true);
	kifu_json_object_end(o);
}

/* move: {color, from?, to, piece, same?, promote?, capture?}. */
static void put_move_object(kifu_json_writer *o, const element *e)
{
	kifu_json_key(o, "move");
	kifu_json_object(o);
	kifu_json_key(o, "color");
	kifu_json_int(o, e->color);
	if (e->from >= 0)
		put_place(o, "from", e->from);
	put_place(o, "to", e->to);
	kifu_json_key(o, "piece");
	kifu_json_string(o, kifu__jkf_kinds[e->kind].code);
	if (e->same) {
		kifu_json_key(o, "same");
		kifu_json_bool(o, 1);
	}
	if (e->promote >= 0) {
		kifu_json_key(o, "promote");
		kifu_json_bool(o, e->promote);
	}
	if (e->capture >= 0) {
		kifu_json_key(o, "capture");
		kifu_json_string(o, kifu__jkf_kinds[e->capture].code);
	}
	kifu_json_object_end(o);
}

static void put_line(writer *w, int line, int depth);

/* The forks of element `at` of line `line` (the variations that replace
 * it, in the order they were begun), inside its object. */
static void put_forks(writer *w, int line, size_t at, int depth)
{
	kifu_json_writer *o = w->out;
	int n = kifu_record_line_count(w->rec), any = 0;
	for (int l = line + 1; l < n; l++) {
		kifu_record_line_info li, pi;
		kifu_record_get_line(w->rec, l, &li);
		if (li.parent != line)
			continue;
		kifu_record_get_line(w->rec, li.parent, &pi);
		/* the main line's elements begin with the start's */
		if ((size_t)(li.parent == 0 ? li.start : li.start - pi.start) != at)
			continue;
		if (!any++) {
			kifu_json_key(o, "forks");
			kifu_json_array(o);
		}
		kifu_json_break(o, 6 + 4 * depth);
		kifu_json_array(o);
		put_line(w, l, depth + 1);
		kifu_json_break(o, 6 + 4 * depth);
		kifu_json_array_end(o);
	}
	if (any) {
		kifu_json_break(o, 4 + 4 * depth);
		kifu_json_array_end(o);
	}
}

/* One element on a line of its own: its comments, its move (or its time
 * and ending), its forks last, each fork's elements on lines below. */
static void put_element(writer *w, const element *e, int line, size_t at, int depth)
{
	kifu_json_writer *o = w->out;
	kifu_json_break(o, 4 + 4 * depth);
	kifu_json_object(o);
	put_comments(o, e->comment);
	if (!e->special) {
		put_move_object(o, e);
		put_time(o, e);
	} else {
		put_time(o, e);
		kifu_json_key(o, "special");
		kifu_json_string(o, e->special);
	}
	put_forks(w, line, at, depth);
	kifu_json_object_end(o);
}

/* A line's elements: the main line's begin with the start's, moves[0]. */
static void put_line(writer *w, int line, int depth)
{
	const line_span *s = &w->lines[line];
	size_t at = line == 0;
	for (size_t i = 0; i < s->n; i++)
		put_element(w, &w->elems[s->first + i], line, at + i, depth);
}

/* Variations that replace no element (a branch past its line's end): JKF
 * has no place for them. */
static void note_lost_forks(writer *w)
{
	for (int l = 1; l < kifu_record_line_count(w->rec); l++) {
		kifu_record_line_info li, pi;
		kifu_record_get_line(w->rec, l, &li);
		kifu_record_get_line(w->rec, li.parent, &pi);
		long at = li.parent == 0 ? li.start : li.start - pi.start;
		if (at < (li.parent == 0) || (size_t)at >= w->lines[li.parent].n + (li.parent == 0))
			w->dropped |= KIFU_DROPPED_VARIATIONS;
	}
}

/* ---- the header and the start ---- */

/* One tag into the header: a known tag under its KIF header name (下手
 * and 上手 in a handicap game), a `header` tag (KEY：VALUE, as the KIF
 * reader keeps a header) under its key, any other under its own key.  A
 * key given twice is written once: a JSON object has one value per key;
 * a tag that would read back as another, or as none, is left out. */
static void put_tag(writer *w, const char *key, const char *value, bool handicap_game, const char **keys,
		    size_t *nkeys)
{
	const kifu_tag_info *tag = kifu_tag_find(key);
	size_t klen;
	if (tag && !strcmp(tag->key, "handicap") && kifu__jkf_blank(value, strlen(value))) {
		/* 手合割 of spaces the reader takes for none */
		w->dropped |= KIFU_DROPPED_TAGS;
		return;
	}
	if (tag) {
		key = handicap_game && tag->kif_handicap ? tag->kif_handicap : tag->kif;
		klen = strlen(key);
	} else if (!strcmp(key, "header")) {
		const char *sep = strstr(value, "：");
		if (!sep) {
			w->dropped |= KIFU_DROPPED_TAGS;
			return;
		}
		key = value;
		klen = (size_t)(sep - value);
		value = sep + strlen("：");
		/* under a key the reader takes for a tag (棋戦：X would read
		 * back as event=X) it cannot be written */
		const kifu_tag_info *as;
		if (kifu__jkf_header_key(key, klen, &as) != JKF_HEADER_WHOLE) {
			w->dropped |= KIFU_DROPPED_TAGS;
			return;
		}
	} else {
		klen = strlen(key);
	}
	for (size_t i = 0; i < *nkeys; i += 2)
		if ((size_t)(keys[i + 1] - keys[i]) == klen && !memcmp(keys[i], key, klen)) {
			w->dropped |= KIFU_DROPPED_TAGS;
			return;
		}
	keys[(*nkeys)++] = key;
	keys[(*nkeys)++] = key + klen;
	kifu_json_keyn(w->out, key, klen);
	kifu_json_string(w->out, value);
}

/* header: the tags KIF has a header for in the order the KIF writer puts
 * them (Kifu for Windows': kifu_tag_info.kif_order), then the others
 * (`header` tags among them) as given: so a record's JKF is the same
 * whatever the order its known tags were read in, and its other tags keep
 * theirs. */
static int put_header(writer *w, bool handicap_game)
{
	const kifu_record *rec = w->rec;
	int ntags = kifu_record_tag_count(rec);
	/* the keys written, as [begin, end) pairs, to write each once */
	const char **keys = malloc((2 * (size_t)ntags + 1) * sizeof *keys);
	size_t nkeys = 0;
	if (!keys)
		return KIFU_ENOMEM;
	kifu_json_key(w->out, "header");
	kifu_json_object(w->out);
	for (int order = 1; order <= KIFU_TAG_KIF_ORDER_RAW + kifu_tag_count(); order++) {
		const char *key = NULL;
		for (int k = 0; !key && k < kifu_tag_count(); k++)
			if (kifu_tag_at(k)->kif_order == order)
				key = kifu_tag_at(k)->key;
		for (int i = 0; key && i < ntags; i++)
			if (!strcmp(kifu_record_tag_key(rec, i), key))
				put_tag(w, key, kifu_record_tag_value(rec, i), handicap_game, keys, &nkeys);
	}
	for (int i = 0; i < ntags; i++) {
		const char *key = kifu_record_tag_key(rec, i);
		if (!kifu_tag_find(key) && strcmp(key, "sfen"))
			put_tag(w, key, kifu_record_tag_value(rec, i), handicap_game, keys, &nkeys);
	}
	free(keys);
	return kifu_json_object_end(w->out);
}

/* initial.data: the position's board (board[x-1][y-1] is the square x,
 * y), the side to move, and the hands, every kind that may be dropped
 * counted. */
static void put_data(writer *w, const kifu_position *pos)
{
	kifu_json_writer *o = w->out;
	int files = kifu_variant_files(w->v);
	kifu_json_key(o, "data");
	kifu_json_object(o);
	kifu_json_key(o, "color");
	kifu_json_int(o, kifu_position_side(pos));
	kifu_json_key(o, "board");
	kifu_json_array(o);
	for (int x = 1; x <= 9; x++) {
		kifu_json_array(o);
		for (int y = 1; y <= 9; y++) {
			int c = kifu_position_at(pos, (y - 1) * files + x - 1);
			kifu_json_object(o);
			if (c) {
				kifu_json_key(o, "color");
				kifu_json_int(o, kifu_code_side(c));
				kifu_json_key(o, "kind");
				kifu_json_string(o, kifu__jkf_kinds[w->kinds[kifu_code_type(c)]].code);
			}
			kifu_json_object_end(o);
		}
		kifu_json_array_end(o);
	}
	kifu_json_array_end(o);
	kifu_json_key(o, "hands");
	kifu_json_array(o);
	for (int side = 0; side < 2; side++) {
		kifu_json_object(o);
		for (int k = 0; k < 7; k++) {
			const char *tok = kifu__jkf_kinds[k].sfen;
			int t = kifu_variant_piece_by_sfen(w->v, tok, strlen(tok));
			kifu_json_key(o, kifu__jkf_kinds[k].code);
			kifu_json_int(o, kifu_position_hand(pos, (enum kifu_side)side, t));
		}
		kifu_json_object_end(o);
	}
	kifu_json_array_end(o);
	kifu_json_object_end(o);
}

/* The preset of a handicap tag that names one of JKF's (and no sfen
 * tag), or NULL. */
static const char *preset_of(const kifu_record *rec)
{
	const char *handicap = kifu_record_tag(rec, "handicap");
	if (!kifu_record_tag(rec, "sfen") && handicap)
		for (int k = 0; k < JKF_NPRESETS - 1; k++)
			if (!strcmp(kifu__jkf_presets[k].name, handicap))
				return kifu__jkf_presets[k].code;
	return NULL;
}

/* initial: a preset for a handicap tag that names one of JKF's, the
 * position (OTHER and data) for an `sfen` tag or any other start, nothing
 * for the standard start (JKF's null is 平手).  pos: the start set up
 * (kifu_record_start, which could when there is no preset). */
static int put_initial(writer *w, kifu_position *pos, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	kifu_json_writer *o = w->out;
	const char *handicap = kifu_record_tag(rec, "handicap"), *preset = preset_of(rec);
	if (!preset) {
		int rc = kifu_record_start(rec, pos, diag);
		if (rc)
			return rc;
		const char *hirate = kifu_variant_named_start(w->v, "平手");
		char sfen[1024];
		if (!handicap && !kifu_record_tag(rec, "sfen") && hirate &&
		    kifu_position_sfen(pos, sfen, sizeof sfen) > 0 && !strcmp(sfen, hirate))
			return 0;
	}
	kifu_json_break(o, 2);
	kifu_json_key(o, "initial");
	kifu_json_object(o);
	kifu_json_key(o, "preset");
	kifu_json_string(o, preset ? preset : "OTHER");
	if (!preset)
		put_data(w, pos);
	return kifu_json_object_end(o);
}

/* ---- the record ---- */

/* JKF records standard shogi: a 9×9 board, and pieces that are JKF's
 * kinds (w->kinds filled).  0, or KIFU_EUNSUPPORTED saying why not. */
static int check_variant(writer *w, kifu_diag *diag)
{
	const kifu_variant *v = w->v;
	const char *name = kifu_variant_name(v);
	if (kifu_variant_files(v) != 9 || kifu_variant_ranks(v) != 9)
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), kifu_record_line(w->rec), 0,
				     "JKF records standard shogi, on a 9x9 board: %s is %dx%d", name,
				     kifu_variant_files(v), kifu_variant_ranks(v));
	/* every kind, as a reader takes the variant (kifu__jkf_types): a
	 * variant with fewer (Heian Shogi's on 9x9, without Rook and Bishop)
	 * would be written and not read back */
	int types[JKF_NKINDS], missing = kifu__jkf_types(v, types);
	if (missing >= 0)
		return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), kifu_record_line(w->rec), 0,
				     "JKF records standard shogi, whose pieces are its kinds: %s has no %s (SFEN %s)",
				     name, kifu__jkf_kinds[missing].code, kifu__jkf_kinds[missing].sfen);
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info info;
		kifu_variant_piece(v, t, &info);
		w->kinds[t] = -1;
		for (int k = 0; k < JKF_NKINDS; k++)
			if (!strcmp(kifu__jkf_kinds[k].sfen, info.sfen))
				w->kinds[t] = k;
		if (w->kinds[t] < 0)
			return kifu_diag_set(diag, KIFU_EUNSUPPORTED, kifu_record_file(w->rec), kifu_record_line(w->rec), 0,
					     "JKF records standard shogi, whose pieces are its kinds: %s has the %s "
					     "(%s, SFEN %s), which JKF has no kind for", name, info.english, info.name,
					     info.sfen);
	}
	return 0;
}

/* Forks nested no deeper than the reader reads (KIFU__JKF_MAX_FORK_DEPTH):
 * 0, or KIFU_ELIMIT. */
static int check_depth(const kifu_record *rec, kifu_diag *diag)
{
	for (int line = kifu_record_line_count(rec) - 1; line > 0; line--) {
		kifu_record_line_info li;
		int depth = 0;
		for (int l = line; l > 0 && depth <= KIFU__JKF_MAX_FORK_DEPTH; l = li.parent) {
			kifu_record_get_line(rec, l, &li);
			depth++;
		}
		if (depth > KIFU__JKF_MAX_FORK_DEPTH)
			return kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
					     "variations nested more than %d deep: kifu reads JKF forks no deeper",
					     KIFU__JKF_MAX_FORK_DEPTH);
	}
	return 0;
}

/* Every line of play through the play loop: their elements. */
static int play_lines(writer *w, kifu_position *pos, kifu_diag *diag)
{
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.before = put_move;
	opt.variation_begin = begin_line;
	opt.variation_end = end_line;
	opt.ctx = w;
	int rc = kifu__write_lines(w->rec, pos, &opt, w->validation, "JKF", diag);
	if (rc == KIFU_ENOMEM)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	return rc;
}

/* The record's text: its header, initial and moves each on lines of their
 * own, one element of moves to a line. */
static int put_record(writer *w, kifu_position *pos, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	kifu_json_writer *o = w->out;
	const char *handicap = kifu_record_tag(rec, "handicap");
	bool handicap_game = handicap && strcmp(handicap, "平手") != 0 && kifu_variant_named_start(w->v, handicap);
	int rc;
	kifu_json_object(o);
	kifu_json_break(o, 2);
	if ((rc = put_header(w, handicap_game)) || (rc = put_initial(w, pos, diag)))
		return rc;
	kifu_json_break(o, 2);
	kifu_json_key(o, "moves");
	kifu_json_array(o);
	/* moves[0]: the start, with the comment before the first move */
	kifu_json_break(o, 4);
	kifu_json_object(o);
	put_comments(o, kifu_record_comment(rec, KIFU_COMMENT_BEFORE));
	kifu_json_object_end(o);
	if (kifu_record_bookmark_before(rec))
		w->dropped |= KIFU_DROPPED_BOOKMARKS;
	put_line(w, 0, 0);
	note_lost_forks(w);
	kifu_json_break(o, 2);
	kifu_json_array_end(o);
	kifu_json_break(o, 0);
	kifu_json_object_end(o);
	return kifu_json_writer_end(o);
}

/* Every line of text[0..len) is one a reader reads (KIFU_MAX_LINE): 0,
 * or KIFU_ELIMIT. */
static int check_lines(const kifu_record *rec, const char *text, size_t len, kifu_diag *diag)
{
	for (const char *p = text, *end = text + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > (size_t)KIFU_MAX_LINE)
			return kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
					     "a line of its JKF would be %zu bytes: kifu reads lines of at most %ld", n,
					     KIFU_MAX_LINE);
		p += n + 1;
	}
	if (len > (size_t)KIFU__JKF_MAX_RECORD)
		return kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
				     "its JKF would be %zu bytes: kifu reads JKF records of at most %ld MiB", len,
				     KIFU__JKF_MAX_RECORD >> 20);
	return 0;
}

int kifu__jkf_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag)
{
	writer w;
	memset(&w, 0, sizeof w);
	w.rec = rec;
	w.v = v;
	w.prev_to = -1;
	w.validation = opt->validation;
	int rc = kifu__write_read_whole(rec, diag);
	if (!rc)
		rc = check_variant(&w, diag);
	if (!rc)
		rc = check_depth(rec, diag);
	if (!rc)
		rc = kifu__write_times_fit(rec, true, "JKF", diag);
	if (rc)
		return rc;
	kifu_position *pos = NULL;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = NULL;
	w.lines = calloc((size_t)kifu_record_line_count(rec), sizeof *w.lines);
	if (!w.lines || kifu_position_new(&pos, v) || !(mem = open_memstream(&text, &len)) ||
	    kifu_json_writer_new(&w.out, mem, KIFU_JSON_SPACED))
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	/* a start that cannot be set up is said before the moves are played */
	if (!rc && !preset_of(rec))
		rc = kifu_record_start(rec, pos, diag);
	if (!rc)
		rc = play_lines(&w, pos, diag);
	if (!rc && put_record(&w, pos, diag))
		/* the start was set up once: what fails is the writer's, into memory */
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (mem && fclose(mem) != 0 && !rc)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc)
		rc = check_lines(rec, text, len, diag);
	if (!rc && fwrite(text, 1, len, out) != len)
		rc = kifu_diag_set(diag, KIFU_EIO, NULL, 0, 0, "write error");
	if (!rc && w.dropped && opt->dropped) {
		char what[160];
		opt->dropped(opt->ctx, w.dropped, kifu_dropped_words(w.dropped, what, sizeof what));
	}
	kifu_json_writer_free(w.out);
	free(w.elems);
	free(w.lines);
	free(text);
	kifu_position_free(pos);
	return rc;
}
