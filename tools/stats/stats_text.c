/*
 * stats_text.c - kifu-stats' outputs for people and spreadsheets: aligned
 * tables (--format=text) and CSV (--format=csv), with what is derived from
 * the sums when written (quartiles, the mean length, win rates) and the
 * piece names in English or, with --names=ja, in Japanese (stats_data.h).
 */
#include "stats/stats_data.h"
#include "lib/escape.h"

#include <stdlib.h>
#include <string.h>

/* --- shared ----------------------------------------------------------------- */

/* A piece's name: the variant's Japanese one on request (when the variant
 * is known and the type is the same piece), else the English one. */
static const char *piece_name(const struct stats_names *names, const struct stats_group *g,
			      const struct stats_piece *p)
{
	if (!names->japanese)
		return p->name;
	const kifu_variant *v = kifu_variant_set_find(names->variants, g->variant);
	kifu_piece_info info;
	if (v && kifu_variant_piece(v, p->type, &info) == 0 && !strcmp(info.id, p->id) && info.name[0])
		return info.name;
	return p->name;
}

/* s escaped (escape.h: nothing a record or a part holds reaches the
 * terminal as a command or starts a line), then spaces to width columns. */
static void put_padded(FILE *out, const char *s, int width)
{
	escape_text_put(out, s, 0);
	for (int w = escape_columns(s); w < width; w++)
		putc(' ', out);
}

/* n of total as a percentage: "54.5", or "-" of nothing. */
static void percent(char *buf, size_t size, uint64_t n, uint64_t total)
{
	if (!total)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.1Lf", 100.0L * (long double)n / (long double)total);
}

static uint64_t decided(const uint64_t *results)
{
	return results[STATS_SENTE] + results[STATS_GOTE] + results[STATS_DRAW];
}

/* The nodes' depth: one more than the spaces in their key. */
static int node_depth(const char *key)
{
	int d = 1;
	for (; *key; key++)
		d += *key == ' ';
	return d;
}

/* --- text ------------------------------------------------------------------- */

static void text_counts(FILE *out, const char *title, const char *const *keys,
			const uint64_t *n, int count)
{
	fprintf(out, "  %s:\n", title);
	for (int i = 0; i < count; i++)
		fprintf(out, "    %-14s %12llu\n", keys[i], (unsigned long long)n[i]);
}

/* The winner, and the share of each result among the decided games. */
static void text_results(FILE *out, const struct stats_group *g)
{
	fprintf(out, "  results (winner; %% of the games with a result):\n");
	for (int i = 0; i < STATS_NRESULTS; i++) {
		char pc[16] = "";
		if (i != STATS_UNKNOWN)
			percent(pc, sizeof pc, g->results[i], decided(g->results));
		fprintf(out, pc[0] ? "    %-14s %12llu %8s\n" : "    %-14s %12llu\n", stats_result_keys[i],
			(unsigned long long)g->results[i], pc);
	}
}

/* The histogram in at most 20 bars: buckets of 1, 2, 5, 10, 20, 50 ... plies. */
static void text_histogram(FILE *out, const struct stats_group *g, const struct stats_lengths *l)
{
	uint64_t width = 1;
	for (uint64_t step = 0; (l->v[4] / width) - (l->v[0] / width) + 1 > 20; step++)
		width = (step % 3 == 0) ? width * 2 : (step % 3 == 1) ? width / 2 * 5 : width * 2;
	uint64_t lo = l->v[0] / width, hi = l->v[4] / width, most = 0;
	uint64_t buckets[21];
	memset(buckets, 0, sizeof buckets);
	for (size_t i = 0; i < g->nhist; i++)
		buckets[g->hist[i].plies / width - lo] += g->hist[i].n;
	for (uint64_t b = 0; b <= hi - lo; b++)
		if (buckets[b] > most)
			most = buckets[b];
	/* the bars are scaled to the longest: counts near 2^64 (merged
	 * parts) are shifted down first, so that count * 40 fits */
	unsigned shift = 0;
	while ((most >> shift) > UINT64_MAX / 64)
		shift++;
	most >>= shift;
	for (uint64_t b = 0; b <= hi - lo; b++) {
		char label[48];
		uint64_t from = (lo + b) * width;
		if (width == 1)
			snprintf(label, sizeof label, "%llu", (unsigned long long)from);
		else
			snprintf(label, sizeof label, "%llu-%llu", (unsigned long long)from,
				 (unsigned long long)(from + width - 1));
		int bar = most ? (int)(((buckets[b] >> shift) * 40 + most - 1) / most) : 0;
		fprintf(out, "    %-14s %12llu%s", label, (unsigned long long)buckets[b], bar ? "  " : "");
		for (int i = 0; i < bar; i++)
			putc('#', out);
		putc('\n', out);
	}
}

/* The mean length, plies / records, to two places. */
static void mean(char *buf, size_t size, const struct stats_group *g)
{
	if (!g->records)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2Lf", (long double)g->plies / (long double)g->records);
}

static void text_length(FILE *out, const struct stats_group *g)
{
	struct stats_lengths l = stats_group_lengths(g);
	fprintf(out, "  length (plies):\n");
	if (!l.any)
		return;
	char m[40];
	mean(m, sizeof m, g);
	fprintf(out, "    %-14s", "");
	for (int i = 0; i < 5; i++)
		fprintf(out, " %8s", stats_length_keys[i]);
	fprintf(out, " %8s\n    %-14s", "mean", "");
	for (int i = 0; i < 5; i++)
		fprintf(out, " %8llu", (unsigned long long)l.v[i]);
	fprintf(out, " %8s\n", m);
	text_histogram(out, g, &l);
}

static void text_pieces(FILE *out, const struct stats_group *g, const struct stats_names *names)
{
	int w = 20; /* the piece column: as wide as the longest name */
	for (size_t i = 0; i < g->npieces; i++)
		if (stats_piece_used(&g->pieces[i]) && escape_columns(piece_name(names, g, &g->pieces[i])) > w)
			w = escape_columns(piece_name(names, g, &g->pieces[i]));
	fprintf(out, "  pieces:\n    ");
	put_padded(out, "piece", w);
	for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
		fprintf(out, " %10s", stats_piece_keys[f]);
	putc('\n', out);
	for (size_t i = 0; i < g->npieces; i++) {
		const struct stats_piece *p = &g->pieces[i];
		if (!stats_piece_used(p))
			continue;
		fputs("    ", out);
		put_padded(out, piece_name(names, g, p), w);
		for (int f = 0; f < STATS_NPIECE_FIELDS; f++)
			fprintf(out, " %10llu", (unsigned long long)p->n[f]);
		putc('\n', out);
	}
}

/* The tree: each node's last move, indented by its depth, its records and
 * results, and Sente's share of the games with a result. */
static void text_openings(FILE *out, const struct stats *st, const struct stats_group *g)
{
	fprintf(out, "  openings (the first %d plies; records from another start: %llu):\n",
		st->openings, (unsigned long long)g->other_start);
	int w = 12;
	for (size_t i = 0; i < g->nnodes; i++) {
		const char *key = g->nodes[i].key, *last = strrchr(key, ' ');
		int cw = 2 * (node_depth(key) - 1) + escape_columns(last ? last + 1 : key);
		if (cw > w)
			w = cw;
	}
	fprintf(out, "    %-*s %10s", w, "moves", "records");
	for (int r = 0; r < STATS_NRESULTS; r++)
		fprintf(out, " %8s", stats_result_keys[r]);
	fprintf(out, " %8s\n", "sente %");
	for (size_t i = 0; i < g->nnodes; i++) {
		const struct stats_node *nd = &g->nodes[i];
		const char *last = strrchr(nd->key, ' ');
		int indent = 2 * (node_depth(nd->key) - 1);
		char pc[16];
		percent(pc, sizeof pc, nd->results[STATS_SENTE], decided(nd->results));
		fprintf(out, "    %*s", indent, "");
		put_padded(out, last ? last + 1 : nd->key, w - indent);
		fprintf(out, " %10llu", (unsigned long long)nd->records);
		for (int r = 0; r < STATS_NRESULTS; r++)
			fprintf(out, " %8llu", (unsigned long long)nd->results[r]);
		fprintf(out, " %8s\n", pc);
	}
}

/* A mean loss, loss / judged, to two places; "-" of no judged move. */
static void mean_loss(char *buf, size_t size, const uint64_t *cell)
{
	if (!cell[STATS_J_JUDGED])
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2Lf", (long double)cell[STATS_J_LOSS] / (long double)cell[STATS_J_JUDGED]);
}

/* The judgement (stats_judgement.h): a row per side (and player) and
 * phase, "all" first, with the mean loss per judged move. */
static void text_judgement(FILE *out, const struct stats *st, const struct stats_group *g)
{
	const struct stats_judgement *jg = g->judgement;
	if (!jg)
		return;
	fprintf(out, "  judgement (records judged: %llu; phases: thirds of the main line):\n",
		(unsigned long long)jg->records);
	fprintf(out, "    %-7s %-8s", "side", "phase");
	for (int f = 0; f < STATS_NJ_FIELDS; f++) {
		fprintf(out, " %10s", stats_judge_field_keys[f]);
		if (f == STATS_J_LOSS)
			fprintf(out, " %9s", "mean");
	}
	putc('\n', out);
	for (int who = 0; who < STATS_NJ_WHO; who++) {
		if (who == STATS_J_PLAYER && !st->by.player)
			continue;
		for (int k = 0; k <= STATS_NJ_PHASES; k++) {
			int ph = k ? k - 1 : STATS_J_ALL; /* all first */
			const uint64_t *c = jg->n[who][ph];
			char m[40];
			mean_loss(m, sizeof m, c);
			fprintf(out, "    %-7s %-8s", stats_judge_who_keys[who], stats_judge_phase_keys[ph]);
			for (int f = 0; f < STATS_NJ_FIELDS; f++) {
				fprintf(out, " %10llu", (unsigned long long)c[f]);
				if (f == STATS_J_LOSS)
					fprintf(out, " %9s", m);
			}
			putc('\n', out);
		}
	}
}

/* A group's name in the text: "variant shogi", "date:4 1998, variant shogi". */
static void text_title(FILE *out, const struct stats *st, const struct stats_group *g)
{
	putc('\n', out);
	if (st->by.spec) {
		escape_text_put(out, st->by.spec, 0);
		putc(' ', out);
		escape_text_put(out, g->value[0] ? g->value : "(none)", 0);
		putc(',', out);
		putc(' ', out);
	}
	fputs("variant ", out);
	escape_text_put(out, g->variant, 0);
	putc('\n', out);
}

static void text_group(FILE *out, const struct stats *st, const struct stats_group *g,
		       const struct stats_names *names)
{
	text_title(out, st, g);
	text_results(out, g);
	fprintf(out, "  endings:\n");
	for (size_t i = 0; i < g->nendings; i++) {
		fputs("    ", out);
		put_padded(out, g->endings[i].key, 14);
		fprintf(out, " %12llu\n", (unsigned long long)g->endings[i].n);
	}
	text_counts(out, "rules (games they ended; repetitions)", stats_rule_keys, g->rules, STATS_NRULE_FIELDS);
	text_length(out, g);
	text_counts(out, "moves", stats_move_keys, g->moves, STATS_NMOVE_FIELDS);
	text_pieces(out, g, names);
	if (st->by.player)
		text_counts(out, "player (the games from the player's side)", stats_player_keys,
			    g->player, STATS_NPLAYER_FIELDS);
	if (st->openings)
		text_openings(out, st, g);
	text_judgement(out, st, g);
}

/* The summary: one row per group, then the total. */
static void text_summary(FILE *out, const struct stats *st)
{
	uint64_t t[4] = {0, 0, 0, 0};
	int w = 20, vw = 0; /* the variant column; the --by value's */
	for (size_t i = 0; i < st->ngroups; i++) {
		const struct stats_group *g = st->groups[i];
		if (escape_columns(g->variant) > w)
			w = escape_columns(g->variant);
		if (st->by.spec && escape_columns(g->value[0] ? g->value : "(none)") > vw)
			vw = escape_columns(g->value[0] ? g->value : "(none)");
	}
	if (st->by.spec && escape_columns(st->by.spec) > vw)
		vw = escape_columns(st->by.spec);
	if (st->by.spec) {
		put_padded(out, st->by.spec, vw);
		putc(' ', out);
	}
	fprintf(out, "%-*s %12s %12s %12s %12s", w, "variant", "records", "valid", "invalid", "plies");
	/* --by player: the player's results beside its records */
	if (st->by.player)
		fprintf(out, " %8s %8s %8s", "wins", "losses", "draws");
	putc('\n', out);
	for (size_t i = 0; i < st->ngroups; i++) {
		const struct stats_group *g = st->groups[i];
		if (st->by.spec) {
			put_padded(out, g->value[0] ? g->value : "(none)", vw);
			putc(' ', out);
		}
		put_padded(out, g->variant, w);
		fprintf(out, " %12llu %12llu %12llu %12llu",
			(unsigned long long)g->records, (unsigned long long)g->valid,
			(unsigned long long)g->invalid, (unsigned long long)g->plies);
		if (st->by.player)
			fprintf(out, " %8llu %8llu %8llu", (unsigned long long)g->player[STATS_PL_WINS],
				(unsigned long long)g->player[STATS_PL_LOSSES],
				(unsigned long long)g->player[STATS_PL_DRAWS]);
		putc('\n', out);
		t[0] += g->records;
		t[1] += g->valid;
		t[2] += g->invalid;
		t[3] += g->plies;
	}
	if (st->by.spec)
		fprintf(out, "%-*s ", vw, "");
	fprintf(out, "%-*s %12llu %12llu %12llu %12llu\n", w, "total", (unsigned long long)t[0],
		(unsigned long long)t[1], (unsigned long long)t[2], (unsigned long long)t[3]);
}

void stats_write_text(FILE *out, struct stats *st, const struct stats_names *names)
{
	stats_sort(st);
	text_summary(out, st);
	for (size_t i = 0; i < st->ngroups; i++)
		text_group(out, st, st->groups[i], names);
}

/* --- CSV -------------------------------------------------------------------- */

/* One row: group, variant, measure (its parts joined by dots), value. */
struct csv_row {
	FILE *out;
	const char *group, *variant;
	unsigned flags;  /* escape_csv's: ESCAPE_CSV_EXACT with --csv-exact */
};

static void csv_text(const struct csv_row *r, const char *m1, const char *m2, const char *m3,
		     const char *value)
{
	/* the measure whole, however long its keys (an ending, a node of a
	 * part): on the stack when it fits */
	char small[512], *measure = small;
	size_t n = strlen(m1) + (m2 ? strlen(m2) + 1 : 0) + (m3 ? strlen(m3) + 1 : 0) + 1;
	if (n > sizeof small && !(measure = malloc(n)))
		return;
	snprintf(measure, n, "%s%s%s%s%s", m1, m2 ? "." : "", m2 ? m2 : "", m3 ? "." : "", m3 ? m3 : "");
	escape_csv(r->out, r->group, r->flags);
	putc(',', r->out);
	escape_csv(r->out, r->variant, r->flags);
	putc(',', r->out);
	escape_csv(r->out, measure, r->flags);
	fprintf(r->out, ",%s\n", value);
	if (measure != small)
		free(measure);
}

static void csv_num(const struct csv_row *r, const char *m1, const char *m2, const char *m3,
		    uint64_t n)
{
	char v[24];
	snprintf(v, sizeof v, "%llu", (unsigned long long)n);
	csv_text(r, m1, m2, m3, v);
}

/* A share of the decided games, 0 to 1 to four places; no row without them. */
static void csv_rate(const struct csv_row *r, const char *m1, const char *m2, const char *m3,
		     uint64_t n, uint64_t total)
{
	char v[24];
	if (!total)
		return;
	snprintf(v, sizeof v, "%.4Lf", (long double)n / (long double)total);
	csv_text(r, m1, m2, m3, v);
}

static void csv_results(const struct csv_row *r, const char *m1, const char *m2,
			const uint64_t *results)
{
	for (int i = 0; i < STATS_NRESULTS; i++)
		csv_num(r, m1, m2, stats_result_keys[i], results[i]);
	for (int i = 0; i < STATS_UNKNOWN; i++) {
		char rate[24];
		snprintf(rate, sizeof rate, "%s_rate", stats_result_keys[i]);
		csv_rate(r, m1, m2, rate, results[i], decided(results));
	}
}

static void csv_length(const struct csv_row *r, const struct stats_group *g)
{
	struct stats_lengths l = stats_group_lengths(g);
	for (int i = 0; l.any && i < 5; i++)
		csv_num(r, "length", stats_length_keys[i], NULL, l.v[i]);
	if (g->records) {
		char m[40];
		mean(m, sizeof m, g);
		csv_text(r, "length", "mean", NULL, m);
	}
	for (size_t i = 0; i < g->nhist; i++) {
		char key[24];
		snprintf(key, sizeof key, "%llu", (unsigned long long)g->hist[i].plies);
		if (g->hist[i].n)
			csv_num(r, "length", "histogram", key, g->hist[i].n);
	}
}

/* judgement.records, then judgement.SIDE.PHASE.FIELD, "all" first, with
 * judgement.SIDE.PHASE.mean_loss (none without a judged move). */
static void csv_judgement(const struct csv_row *r, const struct stats *st, const struct stats_group *g)
{
	const struct stats_judgement *jg = g->judgement;
	if (!jg)
		return;
	csv_num(r, "judgement", "records", NULL, jg->records);
	for (int who = 0; who < STATS_NJ_WHO; who++) {
		if (who == STATS_J_PLAYER && !st->by.player)
			continue;
		for (int k = 0; k <= STATS_NJ_PHASES; k++) {
			int ph = k ? k - 1 : STATS_J_ALL;
			const uint64_t *c = jg->n[who][ph];
			char name[64];
			snprintf(name, sizeof name, "%s.%s", stats_judge_who_keys[who], stats_judge_phase_keys[ph]);
			for (int f = 0; f < STATS_NJ_FIELDS; f++)
				csv_num(r, "judgement", name, stats_judge_field_keys[f], c[f]);
			if (c[STATS_J_JUDGED]) {
				char m[40];
				mean_loss(m, sizeof m, c);
				csv_text(r, "judgement", name, "mean_loss", m);
			}
		}
	}
}

static void csv_group(FILE *out, const struct stats *st, const struct stats_group *g,
		      const struct stats_names *names)
{
	const struct csv_row r = {out, g->value ? g->value : "", g->variant,
				  names->csv_exact ? ESCAPE_CSV_EXACT : 0};
	const uint64_t totals[STATS_NTOTALS] = {g->records, g->plies, g->valid, g->invalid};
	for (int i = 0; i < STATS_NTOTALS; i++)
		csv_num(&r, stats_total_keys[i], NULL, NULL, totals[i]);
	csv_results(&r, "results", NULL, g->results);
	for (size_t i = 0; i < g->nendings; i++)
		csv_num(&r, "endings", g->endings[i].key, NULL, g->endings[i].n);
	for (int i = 0; i < STATS_NRULE_FIELDS; i++)
		csv_num(&r, "rules", stats_rule_keys[i], NULL, g->rules[i]);
	csv_length(&r, g);
	for (int i = 0; i < STATS_NMOVE_FIELDS; i++)
		csv_num(&r, "moves", stats_move_keys[i], NULL, g->moves[i]);
	for (size_t i = 0; i < g->npieces; i++) {
		const struct stats_piece *p = &g->pieces[i];
		for (int f = 0; stats_piece_used(p) && f < STATS_NPIECE_FIELDS; f++)
			csv_num(&r, "pieces", piece_name(names, g, p), stats_piece_keys[f], p->n[f]);
	}
	for (int i = 0; st->by.player && i < STATS_NPLAYER_FIELDS; i++)
		csv_num(&r, "player", stats_player_keys[i], NULL, g->player[i]);
	if (st->openings)
		csv_num(&r, "openings", "other_start", NULL, g->other_start);
	for (size_t i = 0; i < g->nnodes; i++) {
		csv_num(&r, "openings", g->nodes[i].key, "records", g->nodes[i].records);
		csv_results(&r, "openings", g->nodes[i].key, g->nodes[i].results);
	}
	csv_judgement(&r, st, g);
}

void stats_write_csv(FILE *out, struct stats *st, const struct stats_names *names)
{
	stats_sort(st);
	fprintf(out, "group,variant,measure,value\n");
	for (size_t i = 0; i < st->ngroups; i++)
		csv_group(out, st, st->groups[i], names);
}
