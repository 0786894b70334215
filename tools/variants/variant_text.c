/*
 * variant_text.c - a variant described for people and for scripts
 * (variant_text.h).  The words are those of the variant files
 * (formats/variants.md), so that what is shown can be looked up there.
 */
#include "variants/variant_text.h"
#include "lib/inputs.h"

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

/* The words of the bits set: "enter, capture-in-zone" ("none" for none),
 * or in JSON ["enter","capture-in-zone"]. */
static void put_flags(FILE *f, unsigned bits, const struct flag_word *w, int json)
{
	int n = 0;
	if (json)
		fputc('[', f);
	for (; w->word; w++)
		if (bits & w->bit)
			fprintf(f, json ? "%s\"%s\"" : "%s%s", n++ ? (json ? "," : ", ") : "", w->word);
	if (json)
		fputc(']', f);
	else if (!n)
		fputs("none", f);
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

void variant_list_json(FILE *f, const kifu_variant_set *set)
{
	fputc('[', f);
	for (int i = 0, n = 0; i < kifu_variant_set_count(set); i++) {
		const kifu_variant *v = kifu_variant_set_at(set, i);
		if (!v)
			continue;
		fputs(n++ ? ",\n{\"name\":" : "{\"name\":", f);
		inputs_json_string(f, kifu_variant_name(v));
		fputs(",\"title\":", f);
		inputs_json_string(f, kifu_variant_title(v));
		fputs(",\"title_ja\":", f);
		inputs_json_string(f, kifu_variant_title_ja(v));
		fprintf(f, ",\"files\":%d,\"ranks\":%d,\"drops\":%s,\"inherits\":", kifu_variant_files(v),
			kifu_variant_ranks(v), kifu_variant_has_drops(v) ? "true" : "false");
		if (kifu_variant_parent(v)[0])
			inputs_json_string(f, kifu_variant_parent(v));
		else
			fputs("null", f);
		fputc('}', f);
	}
	fputs("]\n", f);
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
	if (r.promotion_zone) {
		fprintf(f, "promotion:    zone %d; when ", r.promotion_zone);
		put_flags(f, r.promotion_when, promotion_words, 0);
		fputs(r.promotion_forced ? "; forced\n" : "\n", f);
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
		fprintf(f, "range-jumps:  to-empty %s; takes %s\n", yes_no(r.range_jump_to_empty),
			r.range_jump_takes_lower ? "lower" : "any");
	if (has_burners(v))
		fprintf(f, "burning:      passive %s; burner-meets-burner %s\n", yes_no(r.burn_passive),
			burner_meets_word(r.burner_meets));
	fprintf(f, "end:          bare-royal %s; no-legal-move %s; lone-royals %s\n", bare_royal_word(r.bare_royal),
		r.no_legal_move_undecided ? "undecided" : "loses", r.lone_royals_draw ? "draw" : "none");
	if (rep.count) {
		fprintf(f, "repetition:   count %d; perpetual-attack %s; reset ", rep.count, perpetual_word(&rep));
		put_flags(f, reset_bits(&rep), reset_words, 0);
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

static void json_piece(FILE *f, const kifu_variant *v, int t, const kifu_piece_info *p)
{
	fputs("{\"sfen\":", f);
	inputs_json_string(f, p->sfen);
	fputs(",\"id\":", f);
	inputs_json_string(f, p->id);
	fputs(",\"english\":", f);
	inputs_json_string(f, p->english);
	fputs(",\"name\":", f);
	inputs_json_string(f, p->name);
	fputs(",\"kif\":", f);
	inputs_json_string(f, p->kif);
	fputs(",\"names\":[", f);
	for (int i = 0;; i++) {
		char name[128];
		if (kifu_variant_piece_reading(v, t, i, name, sizeof name) <= 0)
			break;
		if (i)
			fputc(',', f);
		inputs_json_string(f, name);
	}
	fputs("],\"moves\":", f);
	inputs_json_string(f, p->moves);
	fprintf(f, ",\"promoted\":%s,\"royal\":%s,\"promotes_to\":", p->promoted ? "true" : "false",
		p->royal ? "true" : "false");
	kifu_piece_info to;
	if (p->promotes_to >= 0 && kifu_variant_piece(v, p->promotes_to, &to) == 0)
		inputs_json_string(f, to.sfen);
	else
		fputs("null", f);
	fprintf(f,
		",\"may_promote_ranks\":%d,\"must_promote_ranks\":%d,\"to_hand\":%s,"
		"\"no_two_on_file\":%s,\"no_drop_mate\":%s,\"lion\":%s,\"minor\":%s,"
		"\"declaration_points\":%d,\"max_on_file\":%d,\"rank\":%d,\"jump_rank\":%d,\"burns\":%s}",
		p->may_promote_ranks, p->must_promote_ranks, p->to_hand ? "true" : "false",
		p->no_two_on_file ? "true" : "false", p->no_drop_mate ? "true" : "false",
		p->lion ? "true" : "false", p->minor ? "true" : "false", p->declaration_points, p->max_on_file,
		p->rank, p->jump_rank, p->burns ? "true" : "false");
}

void variant_show_json(FILE *f, const kifu_variant *v)
{
	kifu_variant_rules r;
	kifu_repetition_rule rep;
	kifu_variant_get_rules(v, &r);
	kifu_variant_repetition(v, &rep);
	fputs("{\"name\":", f);
	inputs_json_string(f, kifu_variant_name(v));
	fputs(",\"title\":", f);
	inputs_json_string(f, kifu_variant_title(v));
	fputs(",\"title_ja\":", f);
	inputs_json_string(f, kifu_variant_title_ja(v));
	fputs(",\"inherits\":", f);
	if (kifu_variant_parent(v)[0])
		inputs_json_string(f, kifu_variant_parent(v));
	else
		fputs("null", f);
	fprintf(f, ",\"files\":%d,\"ranks\":%d,\"start\":", kifu_variant_files(v), kifu_variant_ranks(v));
	inputs_json_string(f, kifu_variant_start_sfen(v));
	fputs(",\"starts\":{", f);
	for (int i = 0; i < kifu_variant_named_start_count(v); i++) {
		const char *name = kifu_variant_named_start_name(v, i);
		if (i)
			fputc(',', f);
		inputs_json_string(f, name);
		fputc(':', f);
		inputs_json_string(f, kifu_variant_named_start(v, name));
	}
	fprintf(f, "},\"promotion\":{\"zone\":%d,\"when\":", r.promotion_zone);
	put_flags(f, r.promotion_when, promotion_words, 1);
	fprintf(f, ",\"forced\":%s", r.promotion_forced ? "true" : "false");
	fprintf(f, "},\"drops\":%s,\"royal_rule\":\"%s\",\"lost_without_royal\":%s,", r.drops ? "true" : "false",
		royal_rule_word(r.royal_rule), r.lost_without_royal ? "true" : "false");
	fprintf(f,
		"\"lion_trading\":{\"protected_lion\":%s,\"bridge\":%s,\"counter_strike\":\"%s\","
		"\"counter_strike_legs\":\"%s\"},",
		r.protected_lion ? "true" : "false", r.lion_bridge ? "true" : "false",
		counter_strike_word(r.counter_strike), r.counter_strike_both_legs ? "both" : "last");
	fprintf(f, "\"range_jumps\":{\"to_empty\":%s,\"takes\":\"%s\"},\"burning\":{\"passive\":%s,"
		"\"burner_meets_burner\":\"%s\"},",
		r.range_jump_to_empty ? "true" : "false", r.range_jump_takes_lower ? "lower" : "any",
		r.burn_passive ? "true" : "false", burner_meets_word(r.burner_meets));
	fprintf(f, "\"end\":{\"bare_royal\":\"%s\",\"no_legal_move\":\"%s\",\"lone_royals\":\"%s\"},",
		bare_royal_word(r.bare_royal), r.no_legal_move_undecided ? "undecided" : "loses",
		r.lone_royals_draw ? "draw" : "none");
	fprintf(f, "\"repetition\":{\"count\":%d,\"perpetual_attack\":\"%s\",\"reset\":", rep.count,
		perpetual_word(&rep));
	put_flags(f, reset_bits(&rep), reset_words, 1);
	fputs("},\"declaration\":", f);
	if (r.declaration_points[0])
		fprintf(f, "{\"points\":[%d,%d],\"in_zone\":%d}", r.declaration_points[0], r.declaration_points[1],
			r.declaration_in_zone);
	else
		fputs("null", f);
	fputs(",\"pieces\":[", f);
	for (int t = 0, n = 0; t < kifu_variant_piece_count(v); t++) {
		kifu_piece_info p;
		if (kifu_variant_piece(v, t, &p))
			continue;
		fputs(n++ ? ",\n" : "\n", f);
		json_piece(f, v, t, &p);
	}
	fputs("]}\n", f);
}
