/*
 * index_html.c - the explorer's page (kifu-index explore --format=html):
 * one offline HTML file, no script, that shows the position explored as a
 * board (Gote's pieces turned round, as a printed diagram has them) with
 * both hands, and the moves played from it as a table, each with its
 * results as a bar (Sente, draw, Gote) and the position it leads to.
 */
#include "index/index_report.h"

#include <string.h>

/* Text as HTML shows it: & < > " ' as entities. */
static void put_html(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default:
			if ((unsigned char)*s < 0x20 || *s == 0x7F)
				fprintf(out, "&#%d;", *s == '\t' || *s == '\n' ? ' ' : 0xFFFD);
			else
				putc(*s, out);
		}
	}
}

/* The short name a diagram gives a piece: its KIF name, else its full
 * name. */
static void put_piece(FILE *out, const kifu_variant *v, int type)
{
	kifu_piece_info info;
	if (kifu_variant_piece(v, type, &info))
		return;
	put_html(out, info.kif && info.kif[0] ? info.kif : info.name);
}

static void put_hand(FILE *out, const kifu_position *pos, enum kifu_side side)
{
	const kifu_variant *v = kifu_position_variant(pos);
	fprintf(out, "<p class=\"hand\" id=\"hand-%s\">%s: ", side == KIFU_SENTE ? "sente" : "gote",
		side == KIFU_SENTE ? "☗ Sente" : "☖ Gote");
	int any = 0;
	for (int t = 0; t < kifu_variant_piece_count(v); t++) {
		int k = kifu_position_hand(pos, side, t);
		if (!k)
			continue;
		any = 1;
		put_piece(out, v, t);
		if (k > 1)
			fprintf(out, "%d", k);
		putc(' ', out);
	}
	fputs(any ? "</p>\n" : "none</p>\n", out);
}

static void put_board(FILE *out, const kifu_position *pos)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	fputs("<table class=\"board\" id=\"board\">\n<tr><th></th>", out);
	for (int f = files; f >= 1; f--)
		fprintf(out, "<th>%d</th>", f);
	fputs("</tr>\n", out);
	for (int r = 0; r < ranks; r++) {
		fprintf(out, "<tr><th>%c</th>", 'a' + r);
		for (int f = files - 1; f >= 0; f--) {
			int c = kifu_position_at(pos, r * files + f);
			if (!c) {
				fputs("<td></td>", out);
				continue;
			}
			fputs(kifu_code_side(c) == KIFU_GOTE ? "<td class=\"gote\">" : "<td>", out);
			put_piece(out, v, kifu_code_type(c));
			fputs("</td>", out);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

static double pct(long n, long sente, long gote, long draw)
{
	long d = sente + gote + draw;
	return d ? 100.0 * (double)n / (double)d : 0;
}

void index_html(FILE *out, const struct explore_result *r, const kifu_position *pos)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
	      "<title>kifu-index explorer: ",
	      out);
	put_html(out, r->sfen);
	fputs("</title>\n<style>\n"
	      "body { font-family: sans-serif; margin: 1.5em; color: #222; }\n"
	      ".board { border-collapse: collapse; background: #f3d9a4; margin: 0.5em 0; }\n"
	      ".board td { border: 1px solid #6b4f2a; width: 2em; height: 2em; text-align: center;"
	      " font-size: 1.1em; }\n"
	      ".board th { font-weight: normal; font-size: 0.8em; color: #555; padding: 0 0.3em; }\n"
	      ".board td.gote { transform: rotate(180deg); }\n"
	      "table.moves { border-collapse: collapse; margin-top: 1em; }\n"
	      "table.moves th, table.moves td { padding: 0.2em 0.6em; text-align: right; }\n"
	      "table.moves th { border-bottom: 1px solid #888; }\n"
	      "table.moves td.move, table.moves td.sfen { text-align: left; font-family: monospace; }\n"
	      "table.moves td.sfen { font-size: 0.8em; color: #555; }\n"
	      ".bar { display: flex; width: 12em; height: 1em; border: 1px solid #888; }\n"
	      ".bar span { display: block; height: 100%; }\n"
	      ".bar .s { background: #f8f8f8; } .bar .d { background: #aaa; } .bar .g { background: #333; }\n"
	      "</style>\n</head>\n<body>\n<h1>Explorer</h1>\n<p id=\"position\"><code>",
	      out);
	put_html(out, r->sfen);
	fputs("</code> (", out);
	put_html(out, kifu_variant_name(r->v));
	fprintf(out, ")</p>\n<p id=\"games\">%ld game%s: Sente won %ld, Gote %ld, drawn %ld; %ld end here</p>\n",
		r->games, r->games == 1 ? "" : "s", r->sente, r->gote, r->draw, r->ended);
	put_hand(out, pos, KIFU_GOTE);
	put_board(out, pos);
	put_hand(out, pos, KIFU_SENTE);
	fputs("<table class=\"moves\" id=\"moves\">\n<tr><th>move</th><th>games</th><th>Sente</th>"
	      "<th>draw</th><th>Gote</th><th>results</th><th>length</th><th>first</th><th>last</th>"
	      "<th>leads to</th></tr>\n",
	      out);
	for (long i = 0; i < r->nmoves; i++) {
		const struct explore_move *e = &r->moves[i];
		double s = pct(e->sente, e->sente, e->gote, e->draw), d = pct(e->draw, e->sente, e->gote, e->draw),
		       g = pct(e->gote, e->sente, e->gote, e->draw);
		fputs("<tr><td class=\"move\">", out);
		put_html(out, e->text);
		fprintf(out, "</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%ld</td>", e->games, e->sente, e->draw,
			e->gote);
		fprintf(out,
			"<td><div class=\"bar\" title=\"Sente %.1f%%, draw %.1f%%, Gote %.1f%%\">"
			"<span class=\"s\" style=\"width:%.1f%%\"></span><span class=\"d\" style=\"width:%.1f%%\"></span>"
			"<span class=\"g\" style=\"width:%.1f%%\"></span></div></td>",
			s, d, g, s, d, g);
		fprintf(out, "<td>%.2f</td><td>", (double)e->plies / (double)e->games);
		put_html(out, e->first ? e->first : "");
		fputs("</td><td>", out);
		put_html(out, e->last ? e->last : "");
		fputs("</td><td class=\"sfen\">", out);
		put_html(out, e->leads_to);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n</body>\n</html>\n", out);
}
