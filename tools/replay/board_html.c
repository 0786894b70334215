/*
 * board_html.c - kifu-replay's HTML page (docs/replay.md): one
 * self-contained page that replays records in a browser, offline.
 *
 * The page carries what kifu computed, never rules: every position of every
 * line of play as SFEN, each move in kanji (kifu_kif_move_words) with its
 * squares, time and comment, the tags, and for each variant the SVG
 * picture's own pieces, frame, style and geometry (board_svg.c), so that
 * the board is drawn as the picture draws it.  The viewer's script
 * (board_html_script.c) only draws the position it is asked for.
 *
 * Everything a record or a variant file holds goes through board_out_xml
 * (markup) or board_out_json (data inside a <script> element), so that no
 * name or comment can add markup or end the script early.
 */
#include "replay/board.h"

#include <kifu/kif.h>

#include <stdlib.h>
#include <string.h>

/* The viewer (board_html_script.c): its style and its script, line by line. */
extern const char *const board_html_style[];
extern const char *const board_html_body[];
extern const char *const board_html_script[];

struct board_html {
	const kifu_variant **variants; /* those whose pieces the page defines */
	int nvariants, cap;
	int records;
	/* the record being walked */
	struct board_out *o;
	const kifu_record *rec;
	int lines_written, line_open;  /* lines begun; 1 while one is being written */
	long moves_in_line;
	int prev_to;                   /* the square of the move before (同) */
	char words[KIFU_KIF_WORDS_MAX];
	long open_ply;
};

int board_html_new(struct board_html **out)
{
	*out = calloc(1, sizeof **out);
	return *out ? 0 : KIFU_ENOMEM;
}

void board_html_free(struct board_html *h)
{
	if (!h)
		return;
	free(h->variants);
	free(h);
}

static void put_lines(struct board_out *o, const char *const *lines)
{
	for (; *lines; lines++) {
		board_out_str(o, *lines);
		board_out_char(o, '\n');
	}
}

void board_html_begin(struct board_html *h, struct board_out *o, const char *title, int flip)
{
	h->nvariants = 0;
	h->records = 0;
	board_out_lit(o, "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n"
			 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			 /* the page asks nothing of any host: no font, no script, no picture */
			 "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
			 "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
			 "<meta name=\"generator\" content=\"kifu-replay " KIFU_VERSION "\">\n<title>");
	board_out_xml(o, title);
	board_out_lit(o, "</title>\n<style>\n");
	put_lines(o, board_html_style);
	board_svg_page_style(o);
	board_out_str(o, flip ? "</style>\n</head>\n<body data-flip=\"1\">\n" : "</style>\n</head>\n<body>\n");
	put_lines(o, board_html_body);
}

void board_html_end(struct board_html *h, struct board_out *o)
{
	(void)h;
	board_out_lit(o, "<script>\n");
	put_lines(o, board_html_script);
	board_out_lit(o, "</script>\n</body>\n</html>\n");
}

static void json_key(struct board_out *o, const char *key)
{
	board_out_char(o, '"');
	board_out_str(o, key);
	board_out_lit(o, "\":");
}

/* ,"key":N — key and its punctuation given whole, as a literal. */
static void json_int(struct board_out *o, const char *key, long n)
{
	board_out_str(o, key);
	board_out_int(o, n);
}

static void json_square(struct board_out *o, const kifu_variant *v, int sq)
{
	char name[16];
	if (sq < 0 || sq >= kifu_variant_files(v) * kifu_variant_ranks(v)) {
		board_out_lit(o, "\"\"");
		return;
	}
	kifu_compact_square_name(v, sq, name, sizeof name);
	board_out_json(o, name);
}

/* The variant's index in the page, its pieces defined and described the
 * first time it is met. */
static int variant_index(struct board_html *h, struct board_out *o, const kifu_variant *v)
{
	for (int i = 0; i < h->nvariants; i++)
		if (h->variants[i] == v)
			return i;
	if (h->nvariants == h->cap) {
		int cap = h->cap ? 2 * h->cap : 8;
		const kifu_variant **p = realloc(h->variants, (size_t)cap * sizeof *p);
		if (!p)
			return KIFU_ENOMEM;
		h->variants = p;
		h->cap = cap;
	}
	int index = h->nvariants++;
	h->variants[index] = v;
	char prefix[16] = {'v', 0};
	size_t n = 1;
	for (int k = index; ; k /= 10) { /* the index's digits, backwards */
		prefix[n++] = (char)('0' + k % 10);
		if (k < 10)
			break;
	}
	for (size_t i = 1, j = n - 1; i < j; i++, j--) {
		char c = prefix[i]; prefix[i] = prefix[j]; prefix[j] = c;
	}
	/* the picture's pieces, and its frame from either side: PREFIX f0
	 * (Sente's), PREFIX f1 (Gote's, flipped), which the script copies */
	board_out_lit(o, "<svg class=\"kifu-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n");
	board_svg_piece_defs(o, v, prefix);
	for (int flip = 0; flip <= 1; flip++) {
		board_out_lit(o, "<g id=\"");
		board_out_str(o, prefix);
		board_out_str(o, flip ? "f1\">\n" : "f0\">\n");
		board_svg_page_frame(o, v, flip);
		board_out_lit(o, "</g>\n");
	}
	board_out_lit(o, "</defs></svg>\n<script type=\"application/json\" class=\"kifu-variant\">{");
	json_key(o, "name");
	board_out_json(o, kifu_variant_name(v));
	board_out_lit(o, ",\"title\":");
	const char *title = kifu_variant_title_ja(v);
	board_out_json(o, title && title[0] ? title : kifu_variant_title(v) ? kifu_variant_title(v)
									      : kifu_variant_name(v));
	board_out_lit(o, ",\"prefix\":");
	board_out_json(o, prefix);
	json_int(o, ",\"files\":", kifu_variant_files(v));
	json_int(o, ",\"ranks\":", kifu_variant_ranks(v));
	board_out_str(o, kifu_variant_has_drops(v) ? ",\"drops\":true" : ",\"drops\":false");
	/* where the picture puts the squares (board_svg_page_geometry) */
	struct board_geometry at;
	board_svg_page_geometry(v, &at);
	json_int(o, ",\"board\":{\"width\":", at.width);
	json_int(o, ",\"height\":", at.height);
	json_int(o, ",\"x0\":", at.x0);
	json_int(o, ",\"y0\":", at.y0);
	json_int(o, ",\"cw\":", at.cw);
	json_int(o, ",\"ch\":", at.ch);
	json_int(o, ",\"cx\":", at.cx);
	json_int(o, ",\"cy\":", at.cy);
	/* each piece by its SFEN token: its type (the definitions' number),
	 * names, whether Gote's glyph is its own (the king's 王) */
	board_out_lit(o, "},\"pieces\":{");
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info info;
		char s[32], g[32];
		kifu_variant_piece(v, t, &info);
		board_glyph_side(v, t, KIFU_SENTE, s, sizeof s);
		board_glyph_side(v, t, KIFU_GOTE, g, sizeof g);
		if (t)
			board_out_char(o, ',');
		board_out_json(o, info.sfen);
		board_out_lit(o, ":[");
		board_out_int(o, t);
		board_out_char(o, ',');
		board_out_json(o, info.name);
		board_out_char(o, ',');
		board_out_json(o, info.english);
		board_out_str(o, strcmp(s, g) ? ",1]" : ",0]");
	}
	board_out_lit(o, "}}</script>\n");
	return index;
}

/* Seconds as a JSON number, or null when not known. */
static void json_seconds(struct board_out *o, double s)
{
	if (s < 0)
		board_out_lit(o, "null");
	else
		board_out_int(o, (long)(s + 0.5));
}

static void json_text_or_null(struct board_out *o, const char *s)
{
	if (s)
		board_out_json(o, s);
	else
		board_out_lit(o, "null");
}

/* The play loop's `before` hook: the move in kanji, from the position
 * before it (KIF names the piece that moves). */
static int html_before(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct board_html *h = ctx;
	if (kifu_kif_move_words(pos, &step->move->move, h->prev_to, KIFU_KIF_MARK | KIFU_KIF_ORIGIN,
				h->words, sizeof h->words) < 0)
		h->words[0] = '\0';
	return 0;
}

/* The `after` hook: one move, as [words, from, mid, to, SFEN after it,
 * counter-strike square, time, total, comment]. */
static int html_after(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct board_html *h = ctx;
	struct board_out *o = h->o;
	const kifu_variant *v = kifu_position_variant(pos);
	const kifu_record_move *m = step->move;
	char sfen[KIFU_SFEN_MAX];
	if (kifu_position_sfen(pos, sfen, sizeof sfen) < 0)
		sfen[0] = '\0';
	if (h->moves_in_line++)
		board_out_char(o, ',');
	board_out_char(o, '[');
	board_out_json(o, h->words);
	board_out_char(o, ',');
	json_square(o, v, m->move.flags & KIFU_MOVE_DROP ? -1 : m->move.from);
	board_out_char(o, ',');
	json_square(o, v, m->move.mid == KIFU_NO_SQUARE || m->move.mid == m->move.to ? -1 : m->move.mid);
	board_out_char(o, ',');
	json_square(o, v, m->move.to);
	board_out_char(o, ',');
	board_out_json(o, sfen);
	board_out_char(o, ',');
	json_square(o, v, kifu_position_counter_strike(pos));
	board_out_char(o, ',');
	json_seconds(o, m->time);
	board_out_char(o, ',');
	json_seconds(o, m->total);
	board_out_char(o, ',');
	json_text_or_null(o, m->comment);
	board_out_char(o, ']');
	h->prev_to = m->move.to;
	return o->failed ? KIFU_ENOMEM : 0;
}

/* variation_begin: a line of play's object, its moves to follow. */
static int html_line_begin(void *ctx, kifu_position *pos, int line)
{
	struct board_html *h = ctx;
	struct board_out *o = h->o;
	kifu_record_line_info li;
	kifu_record_move before;
	(void)pos;
	kifu_record_get_line(h->rec, line, &li);
	h->prev_to = li.start > 1 && kifu_record_line_move(h->rec, line, li.start - 1, &before, NULL) == 0 ?
			     before.move.to : -1;
	if (h->lines_written++)
		board_out_char(o, ',');
	json_int(o, "\n{\"line\":", line);
	json_int(o, ",\"parent\":", li.parent);
	json_int(o, ",\"start\":", li.start);
	board_out_lit(o, ",\"moves\":[");
	h->line_open = 1;
	h->moves_in_line = 0;
	return o->failed ? KIFU_ENOMEM : 0;
}

static void close_line(struct board_html *h, const kifu_record_line_info *li)
{
	struct board_out *o = h->o;
	board_out_lit(o, "],\"ending\":");
	const kifu_ending_info *e = li && li->ending[0] ? kifu_ending_find(li->ending, strlen(li->ending)) : NULL;
	if (li && li->ending[0])
		board_out_json(o, e ? e->kif : li->ending_text);
	else
		board_out_lit(o, "null");
	board_out_lit(o, ",\"endingComment\":");
	json_text_or_null(o, li ? li->ending_comment : NULL);
	board_out_char(o, '}');
	h->line_open = 0;
}

/* variation_end: the line's ending and its comment. */
static int html_line_end(void *ctx, kifu_position *pos, int line)
{
	struct board_html *h = ctx;
	kifu_record_line_info li;
	(void)pos;
	kifu_record_get_line(h->rec, line, &li);
	close_line(h, &li);
	return h->o->failed ? KIFU_ENOMEM : 0;
}

/* The tags, each with the KIF header that names it (先手, 開始日時), or
 * its key when KIF has none; the start position and its comment are shown
 * otherwise. */
static void json_tags(struct board_out *o, const kifu_record *rec)
{
	int any = 0;
	board_out_lit(o, "\"tags\":[");
	for (int i = 0; i < kifu_record_tag_count(rec); i++) {
		const char *key = kifu_record_tag_key(rec, i);
		if (!strcmp(key, "sfen") || !strcmp(key, "comment"))
			continue;
		const kifu_tag_info *tag = kifu_tag_find(key);
		if (any++)
			board_out_char(o, ',');
		board_out_char(o, '[');
		board_out_json(o, tag && tag->kif ? tag->kif : key);
		board_out_char(o, ',');
		board_out_json(o, kifu_record_tag_value(rec, i));
		board_out_char(o, ']');
	}
	board_out_lit(o, "],");
}

/* The record's head: where it is from, its variant, tags, start. */
static void json_head(struct board_out *o, const kifu_record *rec, int variant, kifu_position *pos,
		      long open_ply)
{
	char sfen[KIFU_SFEN_MAX];
	board_out_lit(o, "<script type=\"application/json\" class=\"kifu-record\">{\"source\":");
	board_out_json(o, kifu_record_file(rec));
	json_int(o, ",\"line\":", kifu_record_line(rec));
	json_int(o, ",\"variant\":", variant);
	json_int(o, ",\"open\":", open_ply);
	board_out_char(o, ',');
	json_tags(o, rec);
	if (kifu_position_sfen(pos, sfen, sizeof sfen) < 0)
		sfen[0] = '\0';
	board_out_lit(o, "\"start\":");
	board_out_json(o, sfen);
	board_out_lit(o, ",\"comment\":");
	json_text_or_null(o, kifu_record_comment(rec, KIFU_COMMENT_BEFORE));
	board_out_lit(o, ",\"lines\":[");
}

int board_html_record(struct board_html *h, struct board_out *o, const kifu_record *rec,
		      const kifu_variant *v, kifu_position *pos, long open_ply, kifu_validation *val)
{
	int variant = variant_index(h, o, v);
	if (variant < 0)
		return variant;
	kifu_record_start(rec, pos, NULL);
	json_head(o, rec, variant, pos, open_ply);
	h->o = o;
	h->rec = rec;
	h->lines_written = 0;
	h->line_open = 0;
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.namer = kifu_notation_square_namer(kifu_record_notation(rec));
	opt.before = html_before;
	opt.after = html_after;
	opt.variation_begin = html_line_begin;
	opt.variation_end = html_line_end;
	opt.ctx = h;
	int rc = kifu_play_all(rec, pos, &opt, val);
	if (rc == KIFU_ENOMEM || o->failed)
		return KIFU_ENOMEM;
	if (h->line_open)
		close_line(h, NULL); /* stopped in it, at an illegal move */
	board_out_lit(o, "],\"stop\":");
	if (val->valid) {
		board_out_lit(o, "null");
	} else {
		/* where the replay stopped, in kifu-validate's words */
		const kifu_fault *f = &val->fault;
		char why[1024], path[256] = "";
		if (f->variation > 0)
			kifu_record_variation_path(rec, f->variation, path, sizeof path);
		snprintf(why, sizeof why, "%s%s%s%ld: %s%s%s", path, path[0] ? ": " : "",
			 f->ply > 0 ? "ply " : "", f->ply, f->move, f->move[0] ? ": " : "", f->reason);
		board_out_json(o, f->ply > 0 ? why : f->reason);
	}
	board_out_lit(o, "}</script>\n");
	h->records++;
	return o->failed ? KIFU_ENOMEM : 0;
}
