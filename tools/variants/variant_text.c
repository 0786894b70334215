/*
 * variant_text.c - a variant described for people and for scripts
 * (variant_text.h).  The words are those of the variant files
 * (formats/variants.md), so that what is shown can be looked up there.
 */
#include "variants/variant_text.h"

#include <string.h>

static const char *yes_no(int b) { return b ? "yes" : "no"; }

static const char *royal_rule_word(enum kifu_royal_rule r)
{
	return r == KIFU_ROYAL_LAST ? "last-royal" : "none";
}

static const char *counter_strike_word(int c)
{
	return c == 1 ? "any" : c == 2 ? "protected" : "none";
}

static const char *bare_royal_word(int b)
{
	return b == 1 ? "bared" : b == 2 ? "royals-and-one" : b == 3 ? "lone" : "none";
}

static const char *burner_meets_word(int m)
{
	return m == 1 ? "burns-then-burnt" : m == 2 ? "burns" : m == 3 ? "spares" : "burnt";
}

/* Has some piece of v a range jump (a rank), or does one burn? */
static int has_range_jumps(const kifu_variant *v)
{
	kifu_piece_info p;
	for (int t = 0; t < kifu_variant_piece_count(v); t++)
		if (kifu_variant_piece(v, t, &p) == 0 && p.jump_rank > 0)
			return 1;
	return 0;
}

static int has_burners(const kifu_variant *v)
{
	kifu_piece_info p;
	for (int t = 0; t < kifu_variant_piece_count(v); t++)
		if (kifu_variant_piece(v, t, &p) == 0 && p.burns)
			return 1;
	return 0;
}

static const char *perpetual_word(const kifu_repetition_rule *r)
{
	return !r->perpetual_attack_loses ? "none" : r->perpetual_check_only ? "check" : "loses";
}

struct flag_word {
	unsigned bit;
	const char *word;
};

static const struct flag_word promotion_words[] = {
	{KIFU_PROMOTE_ENTERING, "enter"},
	{KIFU_PROMOTE_IN_ZONE, "in-zone"},
	{KIFU_PROMOTE_CAPTURE_IN_ZONE, "capture-in-zone"},
	{KIFU_PROMOTE_BY_CAPTURE, "capture"},
	{0, NULL},
};

enum { RESET_CAPTURE = 1, RESET_PROMOTION = 2, RESET_ONE_WAY = 4 };
static const struct flag_word reset_words[] = {
	{RESET_CAPTURE, "capture"},
	{RESET_PROMOTION, "promotion"},
	{RESET_ONE_WAY, "one-way"},
	{0, NULL},
};

static unsigned reset_bits(const kifu_repetition_rule *r)
{
	return (r->reset_on_capture ? RESET_CAPTURE : 0) | (r->reset_on_promotion ? RESET_PROMOTION : 0) |
	       (r->reset_on_one_way ? RESET_ONE_WAY : 0);
}

/* The words of the bits set: "enter, capture-in-zone" ("none" for none). */
static void put_flags(FILE *f, unsigned bits, const struct flag_word *w)
{
	int n = 0;
	for (; w->word; w++)
		if (bits & w->bit)
			fprintf(f, "%s%s", n++ ? ", " : "", w->word);
	if (!n)
		fputs("none", f);
}

/* ... in JSON: ["enter","capture-in-zone"]. */
static void json_flags(kifu_json_writer *j, unsigned bits, const struct flag_word *w)
{
	kifu_json_array(j);
	for (; w->word; w++)
		if (bits & w->bit)
			kifu_json_string(j, w->word);
	kifu_json_array_end(j);
}

/* "9x9" */
static void board_size(const kifu_variant *v, char *buf, size_t size)
{
	snprintf(buf, size, "%dx%d", kifu_variant_files(v), kifu_variant_ranks(v));
}

void variant_list_text(FILE *f, const kifu_variant_set *set)
{
	/* the names' column as wide as the longest (tenjiku-free-eagle-jumps) */
	int width = 14;
	for (int i = 0; i < kifu_variant_set_count(set); i++) {
		const kifu_variant *v = kifu_variant_set_at(set, i);
		if (v && (int)strlen(kifu_variant_name(v)) > width)
			width = (int)strlen(kifu_variant_name(v));
	}
	fprintf(f, "%-*s %-6s %-6s %s\n", width, "NAME", "BOARD", "DROPS", "TITLE");
	for (int i = 0; i < kifu_variant_set_count(set); i++) {
		const kifu_variant *v = kifu_variant_set_at(set, i);
		if (!v)
			continue;
		char board[16];
		board_size(v, board, sizeof board);
		fprintf(f, "%-*s %-6s %-6s %s", width, kifu_variant_name(v), board,
			yes_no(kifu_variant_has_drops(v)), kifu_variant_title(v));
		if (kifu_variant_title_ja(v)[0])
			fprintf(f, ", %s", kifu_variant_title_ja(v));
		fputc('\n', f);
	}
}

/* A key and its value, a string or null. */
static void json_text(kifu_json_writer *j, const char *key, const char *s)
{
	kifu_json_key(j, key);
	kifu_json_string(j, s);
}

static void json_int(kifu_json_writer *j, const char *key, long long n)
{
	kifu_json_key(j, key);
	kifu_json_int(j, n);
}

static void json_bool(kifu_json_writer *j, const char *key, int b)
{
	kifu_json_key(j, key);
	kifu_json_bool(j, b);
}

int variant_list_json(FILE *f, const kifu_variant_set *set)
{
	kifu_json_writer *j;
	if (kifu_json_writer_new(&j, f, 0))
		return KIFU_ENOMEM;
	kifu_json_array(j);
	for (int i = 0, n = 0; i < kifu_variant_set_count(set); i++) {
		const kifu_variant *v = kifu_variant_set_at(set, i);
		if (!v)
			continue;
		if (n++)
			kifu_json_break(j, 0);
		kifu_json_object(j);
		json_text(j, "name", kifu_variant_name(v));
		json_text(j, "title", kifu_variant_title(v));
		json_text(j, "title_ja", kifu_variant_title_ja(v));
		json_int(j, "files", kifu_variant_files(v));
		json_int(j, "ranks", kifu_variant_ranks(v));
		json_bool(j, "drops", kifu_variant_has_drops(v));
		json_text(j, "inherits", kifu_variant_parent(v)[0] ? kifu_variant_parent(v) : NULL);
		kifu_json_object_end(j);
	}
	kifu_json_array_end(j);
	int rc = kifu_json_writer_end(j);
	kifu_json_writer_free(j);
	return rc;
}

/* What a piece does besides moving, in the file's words: "royal;
 * promotes-to +R; must-promote-ranks 1". */
static void piece_traits(const kifu_variant *v, const kifu_piece_info *p, int drops, char *buf,
			 size_t size)
{
	size_t n = 0;
	buf[0] = 0;
#define TRAIT(...)                                                                                 \
	do {                                                                                       \
		if (n < size)                                                                      \
			n += (size_t)snprintf(buf + n, size - n, "%s", n ? "; " : "");             \
		if (n < size)                                                                      \
			n += (size_t)snprintf(buf + n, size - n, __VA_ARGS__);                     \
	} while (0)
	if (p->royal)
		TRAIT("royal");
	if (p->promotes_to >= 0) {
		kifu_piece_info to;
		if (kifu_variant_piece(v, p->promotes_to, &to) == 0)
			TRAIT("promotes to %s", to.sfen);
	}
	if (p->may_promote_ranks)
		TRAIT("may-promote-ranks %d", p->may_promote_ranks);
	if (p->must_promote_ranks)
		TRAIT("must-promote-ranks %d", p->must_promote_ranks);
	if (p->no_two_on_file)
		TRAIT("no-two-on-file (二歩)");
	if (p->max_on_file)
		TRAIT("max-on-file %d", p->max_on_file);
	if (p->rank)
		TRAIT("rank %d", p->rank);
	if (p->jump_rank != p->rank)
		TRAIT("jump-rank %d", p->jump_rank);
	if (p->burns)
		TRAIT("burns");
	if (p->captor_becomes >= 0) {
		kifu_piece_info to;
		if (kifu_variant_piece(v, p->captor_becomes, &to) == 0)
			TRAIT("a piece that takes it becomes %s", to.sfen);
	}
	if (p->keeps_form)
		TRAIT("keeps-form");
	if (p->no_drop_mate)
		TRAIT("no-drop-mate (打ち歩詰め)");
	if (drops && !p->to_hand && !p->royal)
		TRAIT("captured: removed");
	if (p->lion)
		TRAIT("lion");
	if (p->minor)
		TRAIT("minor");
	if (p->declaration_points != 1 && !p->promoted && !p->royal)
		TRAIT("declaration-points %d", p->declaration_points);
#undef TRAIT
}

/* Every Japanese name a reader takes for type t, space-separated. */
static void piece_names(const kifu_variant *v, int t, const char *sep, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
	for (int i = 0;; i++) {
		char name[128];
		if (kifu_variant_piece_reading(v, t, i, name, sizeof name) <= 0)
			break;
		if (n + strlen(sep) + strlen(name) + 1 > size)
			break;
		n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? sep : "", name);
	}
}

void variant_show_text(FILE *f, const kifu_variant *v)
{
	kifu_variant_rules r;
	kifu_repetition_rule rep;
	kifu_variant_get_rules(v, &r);
	kifu_variant_repetition(v, &rep);
	char board[16];
	board_size(v, board, sizeof board);

	fprintf(f, "name:         %s\n", kifu_variant_name(v));
	fprintf(f, "title:        %s%s%s\n", kifu_variant_title(v), kifu_variant_title_ja(v)[0] ? ", " : "",
		kifu_variant_title_ja(v));
	if (kifu_variant_parent(v)[0])
		fprintf(f, "inherit:      %s\n", kifu_variant_parent(v));
	fprintf(f, "board:        %s (files x ranks)\n", board);
	fprintf(f, "start:        %s\n", kifu_variant_start_sfen(v));
	if (kifu_variant_named_start_count(v)) {
		fputs("starts:      ", f);
		for (int i = 0; i < kifu_variant_named_start_count(v); i++)
			fprintf(f, " %s", kifu_variant_named_start_name(v, i));
		fputc('\n', f);
	}
	if (r.promotion_zone || r.promotion_when) {
		fprintf(f, "promotion:    zone %d; when ", r.promotion_zone);
		put_flags(f, r.promotion_when, promotion_words);
		fputs(r.promotion_forced == 2 ? "; forced when taking a promoted piece" :
		      r.promotion_forced ? "; forced" : "", f);
		fputs(r.promotion_first_step ? "; by the first step too\n" : "\n", f);
	} else
		fputs("promotion:    none\n", f);
	fprintf(f, "drops:        %s\n", yes_no(r.drops));
	fprintf(f, "royal-rule:   %s\n", royal_rule_word(r.royal_rule));
	fprintf(f, "lost-without-royal: %s\n", yes_no(r.lost_without_royal));
	if (r.protected_lion || r.lion_bridge || r.counter_strike)
		fprintf(f, "lion-trading: protected-lion %s; bridge %s; counter-strike %s; counter-strike-legs %s\n",
			yes_no(r.protected_lion), yes_no(r.lion_bridge), counter_strike_word(r.counter_strike),
			r.counter_strike_both_legs ? "both" : "last");
	else
		fputs("lion-trading: none\n", f);
	if (r.range_jump_to_empty || r.range_jump_takes_lower || has_range_jumps(v))
		fprintf(f, "range-jumps:  to-empty %s; takes %s; passed %s\n", yes_no(r.range_jump_to_empty),
			r.range_jump_takes_lower ? "lower" : "any", r.range_jump_captures_passed ? "captured" : "stay");
	if (has_burners(v))
		fprintf(f, "burning:      passive %s; burner-meets-burner %s\n", yes_no(r.burn_passive),
			burner_meets_word(r.burner_meets));
	fprintf(f, "end:          bare-royal %s; no-legal-move %s; lone-royals %s\n", bare_royal_word(r.bare_royal),
		r.no_legal_move_undecided ? "undecided" : "loses", r.lone_royals_draw ? "draw" : "none");
	if (rep.count) {
		fprintf(f, "repetition:   count %d; perpetual-attack %s; reset ", rep.count, perpetual_word(&rep));
		put_flags(f, reset_bits(&rep), reset_words);
		fputc('\n', f);
	} else
		fputs("repetition:   none (reported, never the end of the game)\n", f);
	if (r.declaration_points[0])
		fprintf(f, "declaration:  points %d (Sente), %d (Gote); in-zone %d\n", r.declaration_points[0],
			r.declaration_points[1], r.declaration_in_zone);
	else
		fputs("declaration:  none\n", f);

	fputs("\npieces:\n", f);
	fprintf(f, "%-5s %-20s %-22s %-10s %s\n", "SFEN", "ID", "ENGLISH", "MOVES", "NAMES");
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info p;
		if (kifu_variant_piece(v, t, &p))
			continue;
		char names[1024], traits[512];
		piece_names(v, t, " ", names, sizeof names);
		piece_traits(v, &p, r.drops, traits, sizeof traits);
		if (p.reading[0])
			fprintf(f, "%-5s %-20s %-22s %-10s %s (%s)\n", p.sfen, p.id, p.english, p.moves, names, p.reading);
		else
			fprintf(f, "%-5s %-20s %-22s %-10s %s\n", p.sfen, p.id, p.english, p.moves, names);
		if (traits[0])
			fprintf(f, "%-5s %s\n", "", traits);
	}
	fputs("\nIn every name, readers take", f);
	const char *to;
	for (int i = 0; kifu_name_fold_at(i, &to); i++)
		fprintf(f, "%s %s for %s", i ? "," : "", kifu_name_fold_at(i, NULL), to);
	fputs(".\n", f);
}

static void json_piece(kifu_json_writer *j, const kifu_variant *v, int t, const kifu_piece_info *p)
{
	kifu_json_object(j);
	json_text(j, "sfen", p->sfen);
	json_text(j, "id", p->id);
	json_text(j, "english", p->english);
	json_text(j, "name", p->name);
	json_text(j, "kif", p->kif);
	json_text(j, "reading", p->reading);
	kifu_json_key(j, "names");
	kifu_json_array(j);
	for (int i = 0;; i++) {
		char name[128];
		if (kifu_variant_piece_reading(v, t, i, name, sizeof name) <= 0)
			break;
		kifu_json_string(j, name);
	}
	kifu_json_array_end(j);
	json_text(j, "moves", p->moves);
	json_bool(j, "promoted", p->promoted);
	json_bool(j, "royal", p->royal);
	kifu_piece_info to;
	json_text(j, "promotes_to",
		  p->promotes_to >= 0 && kifu_variant_piece(v, p->promotes_to, &to) == 0 ? to.sfen : NULL);
	json_int(j, "may_promote_ranks", p->may_promote_ranks);
	json_int(j, "must_promote_ranks", p->must_promote_ranks);
	json_bool(j, "to_hand", p->to_hand);
	json_bool(j, "no_two_on_file", p->no_two_on_file);
	json_bool(j, "no_drop_mate", p->no_drop_mate);
	json_bool(j, "lion", p->lion);
	json_bool(j, "minor", p->minor);
	json_int(j, "declaration_points", p->declaration_points);
	json_int(j, "max_on_file", p->max_on_file);
	json_int(j, "rank", p->rank);
	json_int(j, "jump_rank", p->jump_rank);
	json_bool(j, "burns", p->burns);
	kifu_json_object_end(j);
}

int variant_show_json(FILE *f, const kifu_variant *v)
{
	kifu_variant_rules r;
	kifu_repetition_rule rep;
	kifu_json_writer *j;
	kifu_variant_get_rules(v, &r);
	kifu_variant_repetition(v, &rep);
	if (kifu_json_writer_new(&j, f, 0))
		return KIFU_ENOMEM;
	kifu_json_object(j);
	json_text(j, "name", kifu_variant_name(v));
	json_text(j, "title", kifu_variant_title(v));
	json_text(j, "title_ja", kifu_variant_title_ja(v));
	json_text(j, "inherits", kifu_variant_parent(v)[0] ? kifu_variant_parent(v) : NULL);
	json_int(j, "files", kifu_variant_files(v));
	json_int(j, "ranks", kifu_variant_ranks(v));
	json_text(j, "start", kifu_variant_start_sfen(v));
	kifu_json_key(j, "starts");
	kifu_json_object(j);
	for (int i = 0; i < kifu_variant_named_start_count(v); i++) {
		const char *name = kifu_variant_named_start_name(v, i);
		json_text(j, name, kifu_variant_named_start(v, name));
	}
	kifu_json_object_end(j);
	kifu_json_key(j, "promotion");
	kifu_json_object(j);
	json_int(j, "zone", r.promotion_zone);
	kifu_json_key(j, "when");
	json_flags(j, r.promotion_when, promotion_words);
	json_bool(j, "forced", r.promotion_forced == 1);
	if (r.promotion_forced == 2)
		json_bool(j, "forced_taking_promoted", 1);
	if (r.promotion_first_step)
		json_bool(j, "first_step", 1);
	kifu_json_object_end(j);
	json_bool(j, "drops", r.drops);
	json_text(j, "royal_rule", royal_rule_word(r.royal_rule));
	json_bool(j, "lost_without_royal", r.lost_without_royal);
	kifu_json_key(j, "lion_trading");
	kifu_json_object(j);
	json_bool(j, "protected_lion", r.protected_lion);
	json_bool(j, "bridge", r.lion_bridge);
	json_text(j, "counter_strike", counter_strike_word(r.counter_strike));
	json_text(j, "counter_strike_legs", r.counter_strike_both_legs ? "both" : "last");
	kifu_json_object_end(j);
	kifu_json_key(j, "range_jumps");
	kifu_json_object(j);
	json_bool(j, "to_empty", r.range_jump_to_empty);
	json_text(j, "takes", r.range_jump_takes_lower ? "lower" : "any");
	json_text(j, "passed", r.range_jump_captures_passed ? "captured" : "stay");
	kifu_json_object_end(j);
	kifu_json_key(j, "burning");
	kifu_json_object(j);
	json_bool(j, "passive", r.burn_passive);
	json_text(j, "burner_meets_burner", burner_meets_word(r.burner_meets));
	kifu_json_object_end(j);
	kifu_json_key(j, "end");
	kifu_json_object(j);
	json_text(j, "bare_royal", bare_royal_word(r.bare_royal));
	json_text(j, "no_legal_move", r.no_legal_move_undecided ? "undecided" : "loses");
	json_text(j, "lone_royals", r.lone_royals_draw ? "draw" : "none");
	kifu_json_object_end(j);
	kifu_json_key(j, "repetition");
	kifu_json_object(j);
	json_int(j, "count", rep.count);
	json_text(j, "perpetual_attack", perpetual_word(&rep));
	kifu_json_key(j, "reset");
	json_flags(j, reset_bits(&rep), reset_words);
	kifu_json_object_end(j);
	kifu_json_key(j, "declaration");
	if (r.declaration_points[0]) {
		kifu_json_object(j);
		kifu_json_key(j, "points");
		kifu_json_array(j);
		kifu_json_int(j, r.declaration_points[0]);
		kifu_json_int(j, r.declaration_points[1]);
		kifu_json_array_end(j);
		json_int(j, "in_zone", r.declaration_in_zone);
		kifu_json_object_end(j);
	} else {
		kifu_json_null(j);
	}
	kifu_json_key(j, "pieces");
	kifu_json_array(j);
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info p;
		if (kifu_variant_piece(v, t, &p))
			continue;
		kifu_json_break(j, 0);
		json_piece(j, v, t, &p);
	}
	kifu_json_array_end(j);
	kifu_json_object_end(j);
	int rc = kifu_json_writer_end(j);
	kifu_json_writer_free(j);
	return rc;
}
