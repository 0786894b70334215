/*
 * jkf_write.c - writing JKF (docs/jkf.md): a record of standard shogi as
 * the JSON object json-kifu-format's schema describes, built with jansson
 * (which escapes every string as JSON must) and laid out one element of
 * `moves` to a line, as the format's README shows it.
 *
 * JKF names the moving piece, the piece taken, and whether a move that
 * could promote did not; so each line of play is played on a position
 * (kifu_play_all, its hooks building each element), and the variations
 * are then hung on the elements they replace as `forks`.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/play.h"
#include "kifu/vocabulary.h"
#include "notation/jkf/jkf.h"
#include "notation/notation.h"
#include "notation/writing.h"

typedef struct writer {
	const kifu_record *rec;
	const kifu_variant *v;
	int kinds[KIFU_MAX_TYPES]; /* the JKF kind of each piece type */
	json_t **lines;            /* each line's elements; the main line's is `moves` */
	int prev_to;               /* where the move before went (same), -1 if none */
	unsigned dropped;          /* kifu_dropped bits */
	bool nomem;                /* a jansson call failed */
	kifu_validation *validation; /* kifu_write_options.validation, or NULL */
} writer;

/* ---- elements ---- */

/* Takes a new value into obj under key (NULL values mark the writer out of
 * memory). */
static void set(writer *w, json_t *obj, const char *key, json_t *val)
{
	if (!obj || !val || json_object_set_new(obj, key, val))
		w->nomem = true;
}

static json_t *place(const writer *w, int sq)
{
	int files = kifu_variant_files(w->v);
	return json_pack("{s:i,s:i}", "x", sq % files + 1, "y", sq / files + 1);
}

static json_t *kind(const writer *w, int type)
{
	return json_string(kifu__jkf_kinds[w->kinds[type]].code);
}

/* A time in whole seconds as {h?, m, s}: the move's as KIF writes it
 * (minutes and seconds), a total with its hours. */
static json_t *clock_of(writer *w, double t, bool hours)
{
	long s = (long)t;
	if ((double)s != t)
		w->dropped |= KIFU_DROPPED_TIMES; /* JKF's seconds are whole */
	if (hours)
		return json_pack("{s:i,s:i,s:i}", "h", (int)(s / 3600), "m", (int)(s / 60 % 60), "s", (int)(s % 60));
	return json_pack("{s:i,s:i}", "m", (int)(s / 60), "s", (int)(s % 60));
}

/* time, which JKF gives as both the move's and the total: a time without
 * the other cannot be written. */
static void put_time(writer *w, json_t *e, double time, double total)
{
	if (time < 0 && total < 0)
		return;
	if (time < 0 || total < 0) {
		w->dropped |= KIFU_DROPPED_TIMES;
		return;
	}
	json_t *t = json_object();
	set(w, t, "now", clock_of(w, time, false));
	set(w, t, "total", clock_of(w, total, true));
	set(w, e, "time", t);
}

/* comments: one string per line of the comment. */
static void put_comments(writer *w, json_t *e, const char *comment)
{
	if (!comment)
		return;
	json_t *a = json_array();
	for (const char *p = comment;;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		json_t *s = json_stringn(p, n);
		if (!a || !s || json_array_append_new(a, s))
			w->nomem = true;
		if (!nl)
			break;
		p = nl + 1;
	}
	set(w, e, "comments", a);
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

/* move: {color, from?, to, piece, same?, promote?, capture?}.  capture
 * names no King: the schema's capturablekind has none (a King is taken
 * only by a foul played through). */
static json_t *move_object(writer *w, kifu_position *pos, const kifu_move *m)
{
	json_t *o = json_object();
	bool drop = m->flags & KIFU_MOVE_DROP;
	int type = drop ? m->piece : kifu_code_type(kifu_position_at(pos, m->from));
	kifu_piece_info info;
	kifu_variant_piece(w->v, type, &info);
	set(w, o, "color", json_integer(kifu_position_side(pos)));
	if (!drop)
		set(w, o, "from", place(w, m->from));
	set(w, o, "to", place(w, m->to));
	set(w, o, "piece", kind(w, type));
	if (m->to == w->prev_to)
		set(w, o, "same", json_true());
	if (m->flags & KIFU_MOVE_PROMOTE)
		set(w, o, "promote", json_true());
	else if (could_promote(pos, m, &info))
		set(w, o, "promote", json_false());
	int taken = drop ? 0 : kifu_position_at(pos, m->to);
	if (taken && strcmp(kifu__jkf_kinds[w->kinds[kifu_code_type(taken)]].code, "OU"))
		set(w, o, "capture", kind(w, kifu_code_type(taken)));
	return o;
}

static void append(writer *w, int line, json_t *e)
{
	if (!e || json_array_append_new(w->lines[line], e))
		w->nomem = true;
}

/* The play loop's `before` hook: one move's element. */
static int put_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	writer *w = ctx;
	const kifu_record_move *m = step->move;
	json_t *e = json_object();
	put_comments(w, e, m->comment);
	set(w, e, "move", move_object(w, pos, &m->move));
	put_time(w, e, m->time, m->total);
	if (m->bookmark)
		w->dropped |= KIFU_DROPPED_BOOKMARKS;
	append(w, step->variation, e);
	w->prev_to = m->move.to;
	return w->nomem ? KIFU_ENOMEM : 0;
}

/* The play loop's variation_begin hook: the line's elements, and the square of
 * the move before it (same). */
static int begin_line(void *ctx, kifu_position *pos, int line)
{
	writer *w = ctx;
	kifu_record_line_info li;
	kifu_record_move before;
	(void)pos;
	kifu_record_get_line(w->rec, line, &li);
	w->prev_to = li.start > 1 && kifu_record_line_move(w->rec, line, li.start - 1, &before, NULL) == 0 ?
			     before.move.to : -1;
	if (line > 0 && !(w->lines[line] = json_array()))
		return KIFU_ENOMEM;
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
	const kifu_ending_info *e = kifu_ending_find(li.ending, strlen(li.ending));
	const char *special = e && e->csa ? e->csa + 1 : NULL;
	if (e && !strcmp(e->word, "illegal-win"))
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
	json_t *el = json_object();
	put_comments(w, el, li.ending_comment);
	put_time(w, el, li.ending_time, li.ending_total);
	set(w, el, "special", json_string(special));
	append(w, line, el);
	return w->nomem ? KIFU_ENOMEM : 0;
}

/* Every line of play through the play loop, then each variation hung on
 * the element it replaces, in the order the variations were begun. */
static int put_lines(writer *w, kifu_position *pos, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.before = put_move;
	opt.variation_begin = begin_line;
	opt.variation_end = end_line;
	opt.ctx = w;
	int rc = kifu__write_lines(rec, pos, &opt, w->validation, "JKF", diag);
	if (rc == KIFU_ENOMEM || (!rc && w->nomem))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (rc)
		return rc;
	for (int line = 1; line < kifu_record_line_count(rec); line++) {
		kifu_record_line_info li, pi;
		kifu_record_get_line(rec, line, &li);
		kifu_record_get_line(rec, li.parent, &pi);
		/* the main line's elements begin with the start's */
		long at = li.parent == 0 ? li.start : li.start - pi.start;
		json_t *e = at >= 0 ? json_array_get(w->lines[li.parent], (size_t)at) : NULL;
		if (!e || !w->lines[line]) {
			/* nothing it replaces: a branch past its line's end */
			w->dropped |= KIFU_DROPPED_VARIATIONS;
			continue;
		}
		json_t *forks = json_object_get(e, "forks");
		if (!forks) {
			forks = json_array();
			set(w, e, "forks", forks);
		}
		if (w->nomem || json_array_append(forks, w->lines[line]))
			return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	}
	return 0;
}

/* ---- the header and the start ---- */

/* One tag into the header: a known tag under its KIF header name (下手
 * and 上手 in a handicap game), a `header` tag (KEY：VALUE, as the KIF
 * reader keeps a header) under its key, any other under its own key.  A
 * key given twice is written once: a JSON object has one value per key. */
static void put_tag(writer *w, json_t *h, const char *key, const char *value, bool handicap_game)
{
	char buf[512];
	const kifu_tag_info *tag = kifu_tag_find(key);
	if (tag)
		key = handicap_game && tag->kif_handicap ? tag->kif_handicap : tag->kif;
	else if (!strcmp(key, "header")) {
		const char *sep = strstr(value, "：");
		if (!sep || (size_t)(sep - value) >= sizeof buf) {
			w->dropped |= KIFU_DROPPED_TAGS;
			return;
		}
		memcpy(buf, value, (size_t)(sep - value));
		buf[sep - value] = 0;
		key = buf;
		value = sep + strlen("：");
	}
	if (json_object_get(h, key)) {
		w->dropped |= KIFU_DROPPED_TAGS;
		return;
	}
	set(w, h, key, json_string(value));
}

/* header: the tags KIF has a header for in the order the KIF writer puts
 * them (Kifu for Windows': kifu_tag_info.kif_order), then the others
 * (`header` tags among them) as given: so a record's JKF is the same
 * whatever the order its known tags were read in, and its other tags keep
 * theirs. */
static json_t *header_object(writer *w, bool handicap_game)
{
	const kifu_record *rec = w->rec;
	int ntags = kifu_record_tag_count(rec);
	json_t *h = json_object();
	if (!h) {
		w->nomem = true;
		return NULL;
	}
	for (int order = 1; order <= KIFU_TAG_KIF_ORDER_RAW + kifu_tag_count(); order++) {
		const char *key = NULL;
		for (int k = 0; !key && k < kifu_tag_count(); k++)
			if (kifu_tag_at(k)->kif_order == order)
				key = kifu_tag_at(k)->key;
		for (int i = 0; key && i < ntags; i++)
			if (!strcmp(kifu_record_tag_key(rec, i), key))
				put_tag(w, h, key, kifu_record_tag_value(rec, i), handicap_game);
	}
	for (int i = 0; i < ntags; i++) {
		const char *key = kifu_record_tag_key(rec, i);
		if (!kifu_tag_find(key) && strcmp(key, "sfen"))
			put_tag(w, h, key, kifu_record_tag_value(rec, i), handicap_game);
	}
	return h;
}

/* initial.data: the position's board (board[x-1][y-1] is the square x,
 * y), the side to move, and the hands, every kind that may be dropped
 * counted. */
static json_t *data_object(writer *w, const kifu_position *pos)
{
	int files = kifu_variant_files(w->v);
	json_t *board = json_array(), *hands = json_array();
	for (int x = 1; x <= 9; x++) {
		json_t *file = json_array();
		for (int y = 1; y <= 9; y++) {
			int c = kifu_position_at(pos, (y - 1) * files + x - 1);
			json_t *sq = c ? json_pack("{s:i,s:o}", "color", (int)kifu_code_side(c), "kind",
						   kind(w, kifu_code_type(c))) :
					 json_object();
			if (!file || !sq || json_array_append_new(file, sq))
				w->nomem = true;
		}
		if (!board || !file || json_array_append_new(board, file))
			w->nomem = true;
	}
	for (int side = 0; side < 2; side++) {
		json_t *hand = json_object();
		for (int k = 0; k < 7; k++) {
			const char *tok = kifu__jkf_kinds[k].sfen;
			int t = kifu_variant_piece_by_sfen(w->v, tok, strlen(tok));
			set(w, hand, kifu__jkf_kinds[k].code,
			    json_integer(kifu_position_hand(pos, (enum kifu_side)side, t)));
		}
		if (!hands || !hand || json_array_append_new(hands, hand))
			w->nomem = true;
	}
	json_t *d = json_object();
	set(w, d, "color", json_integer(kifu_position_side(pos)));
	set(w, d, "board", board);
	set(w, d, "hands", hands);
	return d;
}

/* initial: a preset for a handicap tag that names one of JKF's, the
 * position (OTHER and data) for an `sfen` tag or any other start, nothing
 * for the standard start (JKF's null is 平手).  NULL with *omit for none. */
static json_t *initial_object(writer *w, kifu_position *pos, bool *omit, kifu_diag *diag, int *rc)
{
	const kifu_record *rec = w->rec;
	const char *handicap = kifu_record_tag(rec, "handicap");
	*omit = false;
	if (!kifu_record_tag(rec, "sfen") && handicap)
		for (int k = 0; k < JKF_NPRESETS - 1; k++)
			if (!strcmp(kifu__jkf_presets[k].name, handicap))
				return json_pack("{s:s}", "preset", kifu__jkf_presets[k].code);
	if ((*rc = kifu_record_start(rec, pos, diag)))
		return NULL;
	const char *hirate = kifu_variant_named_start(w->v, "平手");
	char sfen[1024];
	if (!handicap && !kifu_record_tag(rec, "sfen") && hirate && kifu_position_sfen(pos, sfen, sizeof sfen) > 0 &&
	    !strcmp(sfen, hirate)) {
		*omit = true;
		return NULL;
	}
	return json_pack("{s:s,s:o}", "preset", "OTHER", "data", data_object(w, pos));
}

/* ---- the text ---- */

/* Appends the JSON of v and a line end, unless the line would be longer
 * than any reader takes. */
static int put_json(FILE *f, const json_t *v, const char *before, const char *after, const kifu_record *rec,
		    kifu_diag *diag)
{
	char *s = json_dumps(v, JSON_ENCODE_ANY);
	if (!s)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	size_t n = strlen(s);
	int rc = 0;
	if (n + strlen(before) + strlen(after) > (size_t)KIFU_MAX_LINE)
		rc = kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
				   "a line of its JKF would be %zu bytes: kifu reads lines of at most %ld",
				   n + strlen(before) + strlen(after), KIFU_MAX_LINE);
	else
		fprintf(f, "%s%s%s\n", before, s, after);
	free(s);
	return rc;
}

/* Elements from depth 0 (the main line's) indented by 4 + 4 * depth. */
static void indent(FILE *f, int depth)
{
	fprintf(f, "%*s", 4 + 4 * depth, "");
}

/* One element of a line, on a line of its own; its forks, if any, after
 * its other keys, each fork's elements on lines of their own below it. */
static int put_element(FILE *f, const json_t *e, int depth, bool last, const kifu_record *rec, kifu_diag *diag)
{
	const json_t *forks = json_object_get(e, "forks");
	const char *comma = last ? "" : ",";
	indent(f, depth);
	if (!forks)
		return put_json(f, e, "", comma, rec, diag);
	json_t *rest = json_copy((json_t *)e);
	if (!rest || json_object_del(rest, "forks"))
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	char *s = json_dumps(rest, 0);
	json_decref(rest);
	if (!s)
		return kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	/* {"move": ...} without its "}": the forks follow as its last key */
	fprintf(f, "%.*s, \"forks\": [\n", (int)(strlen(s) - 1), s);
	size_t n = strlen(s);
	free(s);
	if (n > (size_t)KIFU_MAX_LINE)
		return kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
				     "a line of its JKF would be %zu bytes: kifu reads lines of at most %ld", n,
				     KIFU_MAX_LINE);
	int rc = 0;
	for (size_t j = 0; !rc && j < json_array_size(forks); j++) {
		const json_t *fork = json_array_get(forks, j);
		indent(f, depth);
		fputs("  [\n", f);
		for (size_t i = 0; !rc && i < json_array_size(fork); i++)
			rc = put_element(f, json_array_get(fork, i), depth + 1, i + 1 == json_array_size(fork), rec,
					 diag);
		indent(f, depth);
		fprintf(f, "  ]%s\n", j + 1 < json_array_size(forks) ? "," : "");
	}
	indent(f, depth);
	fprintf(f, "]}%s\n", comma);
	return rc;
}

/* The record's text: its header, initial and moves each on lines of their
 * own, one element of moves to a line. */
static int put_text(FILE *f, writer *w, json_t *header, json_t *initial, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	json_t *moves = w->lines[0];
	int rc = put_json(f, header, "{\n  \"header\": ", ",", rec, diag);
	if (!rc && initial)
		rc = put_json(f, initial, "  \"initial\": ", ",", rec, diag);
	if (!rc)
		fputs("  \"moves\": [\n", f);
	for (size_t i = 0; !rc && i < json_array_size(moves); i++)
		rc = put_element(f, json_array_get(moves, i), 0, i + 1 == json_array_size(moves), rec, diag);
	if (!rc)
		fputs("  ]\n}\n", f);
	return rc;
}

/* ---- the record ---- */

/* JKF records standard shogi: a 9×9 board, and pieces that are JKF's
 * kinds (kifu_kinds filled).  0, or KIFU_EUNSUPPORTED saying why not. */
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

static int write_record(FILE *f, writer *w, kifu_position *pos, kifu_diag *diag)
{
	const kifu_record *rec = w->rec;
	const char *handicap = kifu_record_tag(rec, "handicap");
	bool handicap_game = handicap && strcmp(handicap, "平手") != 0 && kifu_variant_named_start(w->v, handicap);
	bool omit;
	int rc = 0;
	json_t *header = header_object(w, handicap_game);
	json_t *initial = initial_object(w, pos, &omit, diag, &rc);
	if (!rc && !initial && !omit)
		w->nomem = true;
	/* moves[0]: the start, with the comment before the first move */
	json_t *start = json_object();
	put_comments(w, start, kifu_record_comment(rec, KIFU_COMMENT_BEFORE));
	if (!(w->lines[0] = json_array())) {
		json_decref(start);
		w->nomem = true;
	} else {
		append(w, 0, start);
	}
	if (kifu_record_bookmark_before(rec))
		w->dropped |= KIFU_DROPPED_BOOKMARKS;
	if (!rc && w->nomem)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc)
		rc = put_lines(w, pos, diag);
	if (!rc)
		rc = put_text(f, w, header, initial, diag);
	json_decref(header);
	json_decref(initial);
	return rc;
}

int kifu__jkf_write(FILE *out, const kifu_record *rec, const kifu_variant *v,
		    const kifu_write_options *opt, kifu_diag *diag)
{
	writer w = {rec, v, {0}, NULL, -1, 0, false, opt->validation};
	int rc = kifu__write_read_whole(rec, diag);
	if (!rc)
		rc = check_variant(&w, diag);
	if (!rc)
		rc = check_depth(rec, diag);
	if (!rc)
		rc = kifu__write_times_fit(rec, true, "JKF", diag);
	if (rc)
		return rc;
	int nlines = kifu_record_line_count(rec);
	kifu_position *pos = NULL;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = NULL;
	w.lines = calloc((size_t)nlines, sizeof *w.lines);
	if (!w.lines || kifu_position_new(&pos, v) || !(mem = open_memstream(&text, &len)))
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc)
		rc = write_record(mem, &w, pos, diag);
	if (mem && fclose(mem) != 0 && !rc)
		rc = kifu_diag_set(diag, KIFU_ENOMEM, NULL, 0, 0, "out of memory");
	if (!rc && len > (size_t)KIFU__JKF_MAX_RECORD)
		rc = kifu_diag_set(diag, KIFU_ELIMIT, kifu_record_file(rec), kifu_record_line(rec), 0,
				   "its JKF would be %zu bytes: kifu reads JKF records of at most %ld MiB", len,
				   KIFU__JKF_MAX_RECORD >> 20);
	if (!rc && fwrite(text, 1, len, out) != len)
		rc = kifu_diag_set(diag, KIFU_EIO, NULL, 0, 0, "write error");
	if (!rc && w.dropped && opt->dropped) {
		char what[160];
		opt->dropped(opt->ctx, w.dropped, kifu_dropped_words(w.dropped, what, sizeof what));
	}
	for (int i = 0; w.lines && i < nlines; i++)
		json_decref(w.lines[i]);
	free(w.lines);
	free(text);
	kifu_position_free(pos);
	return rc;
}
