/*
 * gen-records - writes random legal games in the compact notation, for tests
 * and benchmarks (never shipped).
 *
 *     gen-records -v VARIANT [-n RECORDS] [-p MAX_PLIES] [-s SEED] [-c] [-x] [-a]
 *                 [-H START]
 *     gen-records -f VARIANT_FILE ...
 *
 * Moves are drawn from kifu_generate_legal; captures are preferred half of
 * the time so that games reach promotions, two-leg captures and the loss of
 * royals.  With -x one move of each record (at a random ply K) is replaced by
 * an illegal one, and the record gets the tag expect-ply=K.  With -c each
 * record gets a tag plies=N with its number of moves.  With -a, for each
 * position along each game, one record per legal move there: the position
 * as an sfen tag (move number 1), then that one move (every move a notation
 * must write, in positions real play reaches).  With -H the games start
 * from the variant's named start START (a handicap: 香落ち), which each
 * record names (handicap=START).  With -f the variant is read from a
 * variant file (tests/data/variants/giant36.yaml), as --variant-file does.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kifu/kifu.h>

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static int pick(int n) { return (int)(rng() % (uint64_t)n); }

/* A move the rules reject in this position, or 0 if none was found. */
static int illegal_move(kifu_position *pos, const kifu_variant *v, kifu_move *out)
{
	int nsq = kifu_variant_files(v) * kifu_variant_ranks(v);
	for (int tries = 0; tries < 10000; tries++) {
		kifu_move m = {0, KIFU_NO_SQUARE, 0, 0, 0};
		m.from = (uint16_t)pick(nsq);
		int c = kifu_position_at(pos, m.from);
		if (!c || kifu_code_side(c) != kifu_position_side(pos))
			continue;
		m.to = (uint16_t)pick(nsq);
		if (pick(4) == 0)
			m.flags = KIFU_MOVE_PROMOTE;
		if (kifu_check_move(pos, &m, NULL) != 0) {
			*out = m;
			return 1;
		}
	}
	return 0;
}

/* -a: a record per legal move of pos, starting from pos. */
static void every_move(const kifu_variant *v, kifu_position *pos, kifu_movelist *list)
{
	char sfen[2048];
	kifu_position_sfen(pos, sfen, sizeof sfen);
	/* the move number: 1, as a board diagram gives it back */
	char *last = strrchr(sfen, ' ');
	if (last)
		strcpy(last, " 1");
	for (char *c = sfen; *c; c++)
		if (*c == ' ')
			*c = '_';
	kifu_generate_legal(pos, list);
	for (int i = 0; i < list->count; i++) {
		char buf[32];
		kifu_compact_format_move(v, &list->moves[i], buf, sizeof buf);
		printf("%s sfen=%s : %s\n", kifu_variant_name(v), sfen, buf);
	}
}

int main(int argc, char *argv[])
{
	const char *name = NULL, *file = NULL;
	long records = 10, max_plies = 200;
	int corrupt = 0, count = 0, all = 0, opt;
	const char *start = NULL;
	while ((opt = getopt(argc, argv, "v:f:n:p:s:xcaH:")) != -1) {
		switch (opt) {
		case 'v': name = optarg; break;
		case 'f': file = optarg; break;
		case 'n': records = atol(optarg); break;
		case 'p': max_plies = atol(optarg); break;
		case 's': rng_state = strtoull(optarg, NULL, 10) * 0x9E3779B97F4A7C15ull | 1; break;
		case 'x': corrupt = 1; break;
		case 'c': count = 1; break;
		case 'a': all = 1; break;
		case 'H': start = optarg; break;
		default:
			fprintf(stderr, "usage: gen-records -v VARIANT | -f FILE [-n N] [-p PLIES] [-s SEED] [-c] [-x] [-a] [-H START]\n");
			return 2;
		}
	}
	const kifu_variant *v = NULL;
	kifu_position *pos;
	kifu_variant *loaded = NULL;
	kifu_diag diag;
	if (file) {
		if (kifu_variant_load_file(&loaded, file, &diag)) {
			fprintf(stderr, "gen-records: %s\n", diag.message);
			return 2;
		}
		v = loaded;
		name = kifu_variant_name(v);
	}
	if (!name || (!v && kifu_variant_builtin(&v, name, NULL)) || kifu_position_new(&pos, v)) {
		fprintf(stderr, "gen-records: unknown variant\n");
		return 2;
	}
	const char *start_sfen = start ? kifu_variant_named_start(v, start) : NULL;
	if (start && !start_sfen) {
		fprintf(stderr, "gen-records: %s has no start %s\n", name, start);
		return 2;
	}
	kifu_movelist *list = malloc(sizeof *list);
	kifu_move *game = malloc((size_t)(max_plies + 1) * sizeof *game);
	if (!list || !game)
		return 2;
	for (long r = 0; r < records; r++) {
		kifu_position_reset(pos);
		if (start_sfen && kifu_position_set_sfen(pos, start_sfen, strlen(start_sfen), NULL))
			return 2;
		long n = 0, bad = corrupt ? 1 + pick((int)max_plies) : 0;
		while (n < max_plies) {
			if (n + 1 == bad) {
				if (illegal_move(pos, v, &game[n]))
					n++;
				else
					bad = 0;
				break;
			}
			if (all)
				every_move(v, pos, list);
			kifu_generate_legal(pos, list);
			if (!list->count)
				break;
			int k = pick(list->count);
			if (pick(2)) {
				/* prefer a capture */
				for (int i = 0, j = pick(list->count); i < list->count; i++) {
					const kifu_move *m = &list->moves[(i + j) % list->count];
					if (!(m->flags & KIFU_MOVE_DROP) &&
					    ((m->mid != KIFU_NO_SQUARE && kifu_position_at(pos, m->mid)) ||
					     (m->to != m->from && kifu_position_at(pos, m->to)))) {
						k = (i + j) % list->count;
						break;
					}
				}
			}
			game[n++] = list->moves[k];
			kifu_make_move(pos, &list->moves[k], NULL);
		}
		if (all)
			continue;
		if (corrupt && bad > n) {
			/* the game ended before the chosen ply: any further move is illegal */
			if (illegal_move(pos, v, &game[n])) {
				n++;
				bad = n;
			} else {
				bad = 0;
			}
		}
		printf("%s", name);
		if (start)
			printf(" handicap=%s", start);
		if (count)
			printf(" plies=%ld", n);
		if (corrupt && bad)
			printf(" expect-ply=%ld", bad);
		printf(" :");
		for (long i = 0; i < n; i++) {
			char buf[32];
			kifu_compact_format_move(v, &game[i], buf, sizeof buf);
			printf(" %s", buf);
		}
		putchar('\n');
	}
	free(list);
	free(game);
	kifu_position_free(pos);
	kifu_variant_free(loaded);
	return ferror(stdout) ? 2 : 0;
}
