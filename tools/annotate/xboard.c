/*
 * xboard.c - the XBoard/CECP protocol's half of engine.h.
 *
 * CECP (Tim Mann's and H.G. Muller's "Chess Engine Communication
 * Protocol", version 2): `xboard`, `protover 2` answered by `feature` lines
 * up to `feature done=1`; per position `new`, `variant NAME`, `force`,
 * the moves played to it (`usermove M` when the engine asked for
 * usermove=1), `ping N` answered by `pong N` (an engine refusing a move
 * says `Illegal move` before it); then `sd N` or `st S` with `time` and
 * `otim`, `post` and `go`, answered by thinking lines `DEPTH SCORE TIME
 * NODES PV...` and `move M`.  The score is from the side to move's view.
 * An XBoard engine is given the move history from the variant's start, as
 * the protocol has it; a record that starts elsewhere is given its start
 * with `setboard` (to an engine that says setboard=1), then its moves.
 *
 * The start's FEN (docs/annotate.md, "Set-up positions"): the board field
 * as XBoard's FEN has it, ranks from the engine's last (the second
 * mover's back rank) to its first, files from a, a run of empty squares
 * as its number (HaChu's SetUp reads "12"), each piece as its SFEN token
 * (kifu's Chu and Dai tokens are HaChu's letters: "+C'", "L!"), in upper
 * case for the first mover's pieces; holdings in brackets for a variant
 * with drops.  XBoard's first mover is always the side to move: a start
 * with Gote to move is sent turned round, the board rotated half a turn
 * and the colours exchanged, and so is every square of every move sent
 * and read for that record (the rules are the same from either side; a
 * score is the side to move's).  HaChu 0.21, Debian's, reads nothing after
 * the board (a space after it is read as a piece: "tellusererror Unknown
 * piece", and it quits): to an engine that calls itself HaChu the board
 * alone is sent, to any other the whole FEN with "w" to move.
 *
 * Squares (docs/annotate.md, "Squares"): XBoard names a square by a file
 * letter from the first mover's left (a) and a rank number from the first
 * mover's side (1), for any board size: HaChu's ReadSquare reads "l12".
 * kifu's file f (from Sente's right) is letter 'a' + (files - f), its rank
 * r (from Gote's side) is number ranks + 1 - r: 7g is c3 on a 9x9 board,
 * and Chu's Sente Lion 7j (file 7, rank 10) is f3.  A promotion is a '+'
 * after the move.  A two-leg move is its two legs joined by a comma, the
 * second starting where the first ended (HaChu's MoveToText and
 * ParseMove): from mid to is "FROMMID,MIDTO", igui "f6e7,e7f6"; HaChu
 * sends the move it plays in two `move` lines, the first ending in the
 * comma.  A pass
 * (a Lion's じっと: from and to the same square, through an empty one) is
 * the protocol's null move "@@@@", as HaChu writes and reads it; read from
 * an engine, it is the pass of the one piece that can pass (refused when
 * none or several can).
 * A drop is the piece's SFEN letter, '@' and the square.
 */
#include "annotate/engine.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XBOARD_FEATURE_SECONDS 10.0
#define XBOARD_PING_SECONDS 60.0
#define XBOARD_MEMORY_MB "64"

/* The square half a turn round: the turned board's sq is the board's
 * (files * ranks - 1 - sq). */
static int turn(const kifu_variant *v, int sq, int turned)
{
	return turned ? kifu_variant_files(v) * kifu_variant_ranks(v) - 1 - sq : sq;
}

static void square_text(const kifu_variant *v, int sq, int turned, char *buf, size_t size)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	sq = turn(v, sq, turned);
	int file = sq % files + 1, rank = sq / files + 1;
	snprintf(buf, size, "%c%d", 'a' + (files - file), ranks + 1 - rank);
}

/* A run's (KIFU_MOVE_RUN) third square: the one after mid along the line
 * from `from` through mid (kifu's numbering), or -1 off a line. */
static int run_second(const kifu_variant *v, int from, int mid)
{
	const int files = kifu_variant_files(v);
	const int df = mid % files - from % files, dr = mid / files - from / files;
	if ((!df && !dr) || (df && dr && df != dr && df != -dr))
		return -1;
	return mid + ((dr > 0) - (dr < 0)) * files + (df > 0) - (df < 0);
}

/* Is `to` j >= 2 steps on along the line from `from` through mid (a
 * run's end)? */
static int run_end(const kifu_variant *v, int from, int mid, int to)
{
	const int files = kifu_variant_files(v), second = run_second(v, from, mid);
	if (second < 0)
		return 0;
	const int uf = second % files - mid % files, ur = second / files - mid / files;
	const int tf = to % files - mid % files, tr = to / files - mid / files;
	const int j = uf ? tf / uf : tr / ur;
	return j >= 2 && j * uf == tf && j * ur == tr;
}

/* Are a and b a king step apart (kifu's numbering)? */
static int king_step(const kifu_variant *v, int a, int b)
{
	const int files = kifu_variant_files(v), df = b % files - a % files, dr = b / files - a / files;
	return (df || dr) && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

void xboard_format_move(const kifu_variant *v, const kifu_move *m, int pass, int turned, char *buf,
			size_t size)
{
	char a[8], b[8], c[8], s[8];
	const char *promo = m->flags & KIFU_MOVE_PROMOTE ? "+" : "";
	if (m->flags & KIFU_MOVE_DROP) {
		kifu_piece_info info;
		square_text(v, m->to, turned, a, sizeof a);
		if (kifu_variant_piece(v, m->piece, &info) == 0)
			snprintf(buf, size, "%s@%s", info.sfen, a);
		else
			snprintf(buf, size, "?@%s", a);
		return;
	}
	square_text(v, m->from, turned, a, sizeof a);
	square_text(v, m->to, turned, c, sizeof c);
	if (m->from == m->to && pass) {
		snprintf(buf, size, "@@@@");
		return;
	}
	const int mid2 = kifu_move_mid2(m, kifu_variant_files(v), kifu_variant_ranks(v));
	const int second = m->mid == KIFU_NO_SQUARE             ? -1
			   : m->flags & KIFU_MOVE_RUN               ? run_second(v, m->from, m->mid)
			   : mid2 != KIFU_NO_SQUARE ? mid2 : -1;
	if (second >= 0) {
		/* a run or three legs (KIFU_MOVE_THREE_LEGS): three legs, each
		 * from where the last ended */
		square_text(v, m->mid, turned, b, sizeof b);
		square_text(v, second, turned, s, sizeof s);
		snprintf(buf, size, "%s%s,%s%s,%s%s%s", a, b, b, s, s, c, promo);
	} else if (m->mid != KIFU_NO_SQUARE) {
		square_text(v, m->mid, turned, b, sizeof b);
		snprintf(buf, size, "%s%s,%s%s%s", a, b, b, c, promo);
	} else {
		snprintf(buf, size, "%s%s%s", a, c, promo);
	}
}

/* Reads a square at *p ("c3", "l12") into kifu's numbering (of the board
 * turned round back, when turned): 0, or -1. */
static int read_square(const kifu_variant *v, int turned, const char **p, int *sq)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	const char *s = *p;
	if (*s < 'a' || *s > 'z' || !isdigit((unsigned char)s[1]))
		return -1;
	int letter = *s - 'a';
	char *end;
	long number = strtol(s + 1, &end, 10);
	if (letter >= files || number < 1 || number > ranks)
		return -1;
	int file = files - letter, rank = ranks + 1 - (int)number;
	*sq = turn(v, (rank - 1) * files + (file - 1), turned);
	*p = end;
	return 0;
}

/* "@@@@": the pass of the one piece of the side to move that can pass. */
static int null_move(kifu_position *pos, kifu_move *out, char *why, size_t size)
{
	/* every legal move, however many (a 36x36 board has more than a
	 * kifu_movelist holds) */
	kifu_moves list = KIFU_MOVES_INIT;
	int found = 0;
	if (kifu_generate_legal_all(pos, &list)) {
		kifu_moves_free(&list);
		snprintf(why, size, "out of memory");
		return -1;
	}
	for (int i = 0; i < list.count; i++) {
		const kifu_move *m = &list.moves[i];
		if (m->from != m->to || (m->flags & KIFU_MOVE_DROP) || m->mid == KIFU_NO_SQUARE ||
		    kifu_position_at(pos, m->mid) != 0)
			continue;
		if (found && out->from != m->from) {
			found = 2;
			break;
		}
		if (!found)
			*out = *m;
		found = 1;
	}
	kifu_moves_free(&list);
	if (found == 1)
		return 0;
	snprintf(why, size, found ? "the null move @@@@ names no one piece: several can pass"
				  : "the null move @@@@ is no pass: no piece can pass");
	return -1;
}

int xboard_parse_move(kifu_position *pos, const char *text, int turned, kifu_move *out, char *why,
		      size_t size)
{
	const kifu_variant *v = kifu_position_variant(pos);
	memset(out, 0, sizeof *out);
	if (!strcmp(text, "@@@@"))
		return null_move(pos, out, why, size);
	out->from = out->mid = out->to = KIFU_NO_SQUARE;
	const char *p = text;
	int a, b, c, d;
	const char *at = strchr(text, '@');
	if (at && at != text && at[1] != '@') {
		/* a drop: P@e5 */
		char letter[8];
		size_t n = (size_t)(at - text);
		if (n >= sizeof letter)
			goto bad;
		memcpy(letter, text, n);
		letter[n] = 0;
		for (size_t i = 0; i < n; i++)
			letter[i] = (char)toupper((unsigned char)letter[i]);
		int t = kifu_variant_piece_by_sfen(v, letter, n);
		p = at + 1;
		if (t < 0 || read_square(v, turned, &p, &a) || *p)
			goto bad;
		out->flags = KIFU_MOVE_DROP;
		out->piece = (uint8_t)t;
		out->to = (uint16_t)a;
		return 0;
	}
	if (read_square(v, turned, &p, &a) || read_square(v, turned, &p, &b))
		goto bad;
	out->from = (uint16_t)a;
	out->to = (uint16_t)b;
	if (*p == ',') {
		/* the second leg starts where the first ended */
		p++;
		if (read_square(v, turned, &p, &c) || c != b || read_square(v, turned, &p, &d))
			goto bad;
		out->mid = (uint16_t)b;
		out->to = (uint16_t)d;
		int e, f;
		if (*p == ',') {
			/* a third leg: a run (KIFU_MOVE_RUN), its second leg
			 * ending on the square after mid, its last on along the
			 * line; else three king steps (KIFU_MOVE_THREE_LEGS) */
			p++;
			if (read_square(v, turned, &p, &e) || e != d || read_square(v, turned, &p, &f))
				goto bad;
			out->to = (uint16_t)f;
			if (run_second(v, a, b) == d && run_end(v, a, b, f))
				out->flags |= KIFU_MOVE_RUN;
			else if (!king_step(v, a, b) || !king_step(v, b, d) || !king_step(v, d, f) ||
				 kifu_move_set_mid2(out, d, kifu_variant_files(v), kifu_variant_ranks(v)))
				goto bad;
		}
	}
	if (*p == '+') {
		out->flags |= KIFU_MOVE_PROMOTE;
		p++;
	} else if (*p == '=') {
		p++; /* a deferral, said */
	}
	if (*p)
		goto bad;
	return 0;
bad:
	snprintf(why, size, "not a move in XBoard's coordinates for a %dx%d board",
		 kifu_variant_files(v), kifu_variant_ranks(v));
	return -1;
}

/* A feature line's key=value pairs into the engine's state. */
static int read_features(struct engine *e, const char *line)
{
	int done = -1;
	const char *p = line + 8;
	while (*p) {
		p += strspn(p, " ");
		const char *eq = strchr(p, '=');
		if (!eq)
			break;
		char key[64];
		size_t kl = (size_t)(eq - p);
		snprintf(key, sizeof key, "%.*s", (int)(kl < sizeof key ? kl : sizeof key - 1), p);
		const char *val = eq + 1;
		size_t vl;
		if (*val == '"') {
			val++;
			const char *q = strchr(val, '"');
			vl = q ? (size_t)(q - val) : strlen(val);
			p = val + vl + (q ? 1 : 0);
		} else {
			vl = strcspn(val, " ");
			p = val + vl;
		}
		if (!strcmp(key, "done"))
			done = atoi(val);
		else if (!strcmp(key, "usermove"))
			e->usermove = atoi(val);
		else if (!strcmp(key, "ping"))
			e->ping = atoi(val);
		else if (!strcmp(key, "memory"))
			e->memory = atoi(val);
		else if (!strcmp(key, "setboard"))
			e->setboard = atoi(val);
		else if (!strcmp(key, "myname"))
			snprintf(e->name, sizeof e->name, "%.*s", (int)vl, val);
		else if (!strcmp(key, "variants")) {
			free(e->variants);
			e->variants = malloc(vl + 1);
			if (e->variants) {
				memcpy(e->variants, val, vl);
				e->variants[vl] = 0;
			}
		}
	}
	return done;
}

int xboard_start(struct engine *e, char *why, size_t size)
{
	e->usermove = e->ping = e->memory = e->setboard = 0;
	if (engine_send(e, "xboard", why, size) || engine_send(e, "protover 2", why, size))
		return ENG_FAILED;
	double deadline = proc_now() + XBOARD_FEATURE_SECONDS;
	char line[PROC_LINE_MAX + 1];
	for (;;) {
		int r = engine_line(e, line, sizeof line, deadline, "feature done=1", why, size);
		if (r != 1)
			return r;
		if (strncmp(line, "feature ", 8) != 0)
			continue;
		if (read_features(e, line) == 1)
			break;
	}
	/* the hash table's size, as XBoard sends it to an engine that asks
	 * (HaChu has no table, and no list of legal moves, until told) */
	if (e->memory && engine_send(e, "memory " XBOARD_MEMORY_MB, why, size))
		return ENG_FAILED;
	return ENG_OK;
}

/* Is move i of the query a pass (its first leg to an empty square)?  The
 * position before it is played anew: a query's moves are few hundred. */
static int pass_at(const struct engine_query *q, long i)
{
	const kifu_move *m = &q->moves[i];
	if (m->from != m->to || m->mid == KIFU_NO_SQUARE || (m->flags & KIFU_MOVE_DROP))
		return 0;
	kifu_position *p = NULL;
	if (kifu_position_new(&p, q->v) != 0)
		return 0;
	kifu_position_copy(p, q->start);
	for (long k = 0; k < i; k++)
		kifu_make_move(p, &q->moves[k], NULL);
	int empty = kifu_position_at(p, m->mid) == 0;
	kifu_position_free(p);
	return empty;
}

/* The number n at *at, if it fits before end. */
static void put_number(char **at, char *end, int n)
{
	char digits[16];
	int k = snprintf(digits, sizeof digits, "%d", n);
	for (int i = 0; i < k && *at < end; i++)
		*(*at)++ = digits[i];
}

/* A piece's SFEN token ("P", "+C'", "L!") in upper case for the first
 * mover's, lower case for the second's (the letters alone). */
static void put_token(char **at, const char *end, const char *token, int first_mover)
{
	for (const char *t = token; *t && *at < end; t++)
		*(*at)++ = first_mover ? (char)toupper((unsigned char)*t) : (char)tolower((unsigned char)*t);
}

/* The FEN's board field of pos (this file's comment), turned round when
 * turned, with holdings for a variant with drops.  0, or -1 when it does
 * not fit. */
static int fen_board(const kifu_position *pos, int turned, char *buf, size_t size)
{
	const kifu_variant *v = kifu_position_variant(pos);
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	enum kifu_side first = turned ? KIFU_GOTE : KIFU_SENTE;
	char *at = buf, *end = buf + size - 1;
	for (int number = ranks; number >= 1; number--) {
		int empty = 0;
		for (int letter = 0; letter < files; letter++) {
			/* XBoard's square (letter, number): kifu's file files - letter, rank ranks + 1 - number */
			int sq = turn(v, (ranks - number) * files + (files - letter - 1), turned);
			int code = kifu_position_at(pos, sq);
			kifu_piece_info info;
			if (!code || kifu_variant_piece(v, kifu_code_type(code), &info) != 0) {
				empty++;
				continue;
			}
			if (empty)
				put_number(&at, end, empty);
			empty = 0;
			if (at < end)
				put_token(&at, end, info.sfen, kifu_code_side(code) == first);
		}
		if (empty)
			put_number(&at, end, empty);
		if (number > 1 && at < end)
			*at++ = '/';
	}
	kifu_variant_rules rules;
	kifu_variant_get_rules(v, &rules);
	if (rules.drops && at < end) {
		/* XBoard's holdings: each piece in hand, the first mover's first */
		char *open = at;
		*at++ = '[';
		for (int k = 0; k < 2; k++) {
			enum kifu_side side = k ? (enum kifu_side)!first : first;
			for (int t = 0; t < KIFU_MAX_TYPES; t++) {
				kifu_piece_info info;
				int n = kifu_position_hand(pos, side, t);
				for (int i = 0; i < n && kifu_variant_piece(v, t, &info) == 0; i++)
					put_token(&at, end, info.sfen, side == first);
			}
		}
		if (at == open + 1 && at < end)
			*at++ = '-';
		if (at < end)
			*at++ = ']';
	}
	if (at >= end)
		return -1;
	*at = 0;
	return 0;
}

/* A start other than the variant's, for `setboard` (this file's
 * comment): ENG_OK with the command in cmd and e->turned set, or
 * ENG_UNSUPPORTED with why. */
static int set_up(struct engine *e, const struct engine_query *q, char *cmd, size_t cmd_size, char *why,
		  size_t size)
{
	if (!e->setboard) {
		snprintf(why, size, "the record starts elsewhere than the variant's start, and the engine "
			 "offers no setboard (feature setboard=1)");
		return ENG_UNSUPPORTED;
	}
	if (kifu_position_counter_strike(q->start) >= 0) {
		snprintf(why, size, "the record starts on a counter-strike square, which XBoard's FEN "
			 "cannot give");
		return ENG_UNSUPPORTED;
	}
	e->turned = kifu_position_side(q->start) == KIFU_GOTE;
	char board[4096];
	if (fen_board(q->start, e->turned, board, sizeof board) != 0) {
		snprintf(why, size, "the record's start does not fit a FEN of %zu bytes", sizeof board);
		return ENG_UNSUPPORTED;
	}
	/* HaChu 0.21 reads the board alone (this file's comment) */
	int hachu = !strncmp(e->name, "HaChu", 5);
	snprintf(cmd, cmd_size, "setboard %s%s", board, hachu ? "" : " w 0 1");
	return ENG_OK;
}

/* Sends the start (the variant's, or setboard) and the moves from it, then
 * a ping: an engine that refuses one says so before its pong. */
static int send_history(struct engine *e, const struct engine_query *q, char *why, size_t size)
{
	char cmd[4200];
	e->turned = 0;
	if (!q->start_is_variants) {
		int rc = set_up(e, q, cmd, sizeof cmd, why, size);
		if (rc != ENG_OK)
			return rc;
	}
	char variant[256];
	snprintf(variant, sizeof variant, "variant %s", engine_variant_name(ENGINE_XBOARD, q->v));
	if (engine_send(e, "new", why, size) || engine_send(e, variant, why, size) ||
	    engine_send(e, "force", why, size) || engine_send(e, "post", why, size) ||
	    (!q->start_is_variants && engine_send(e, cmd, why, size)))
		return ENG_FAILED;
	for (long i = 0; i < q->nmoves; i++) {
		char m[ENGINE_MOVE_TEXT];
		xboard_format_move(q->v, &q->moves[i], pass_at(q, i), e->turned, m, sizeof m);
		snprintf(cmd, sizeof cmd, "%s%s", e->usermove ? "usermove " : "", m);
		if (engine_send(e, cmd, why, size))
			return ENG_FAILED;
	}
	if (!e->ping)
		return ENG_OK;
	snprintf(cmd, sizeof cmd, "ping %ld", ++e->pings);
	if (engine_send(e, cmd, why, size))
		return ENG_FAILED;
	char pong[64], line[PROC_LINE_MAX + 1];
	snprintf(pong, sizeof pong, "pong %ld", e->pings);
	double deadline = proc_now() + XBOARD_PING_SECONDS;
	int refused = 0;
	for (;;) {
		int r = engine_line(e, line, sizeof line, deadline, pong, why, size);
		if (r != 1)
			return r;
		if (!strcmp(line, pong))
			break;
		if (!refused && (!strncmp(line, "Illegal move", 12) || !strncmp(line, "Error", 5))) {
			/* which move: the engine's message may name it; kifu
			 * knows only that one was refused before the ping */
			char shown[200];
			snprintf(shown, sizeof shown, "%.150s", line);
			for (char *s = shown; *s; s++)
				if ((unsigned char)*s < 0x20 || *s == 0x7F)
					*s = '?';
			snprintf(why, size, "the engine refused a move of the record: \"%s\"", shown);
			refused = 1;
		}
	}
	return refused ? ENG_REFUSED : ENG_OK;
}

/* A thinking line "DEPTH SCORE TIME NODES PV..." into the answer; 0 if the
 * line is not one. */
static int read_thinking(struct engine_answer *a, const char *line)
{
	struct engine_line got;
	memset(&got, 0, sizeof got);
	char *end;
	const char *p = line;
	long f[4];
	for (int i = 0; i < 4; i++) {
		f[i] = strtol(p, &end, 10);
		if (end == p || (*end && *end != ' ' && *end != '\t' && !(i == 0 && (*end == '.' || *end == '&'))))
			return 0;
		p = end;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	got.depth = (int)f[0];
	got.scored = 1;
	/* CECP: a mate in N moves is 100000 + N, mated -100000 - N */
	if (f[1] >= 100000)
		got.mate = (int)(2 * (f[1] - 100000) - 1);
	else if (f[1] <= -100000)
		got.mate = (int)(-2 * (-f[1] - 100000));
	else
		got.value = f[1];
	got.nodes = f[3];
	while (*p && got.npv < ENGINE_MAX_PV) {
		p += strspn(p, " \t");
		if (!*p)
			break;
		if (*p == '{') {
			const char *q = strchr(p, '}');
			if (!q)
				break;
			p = q + 1;
			continue;
		}
		size_t n = strcspn(p, " \t");
		if (*p != '(' && *p != '<') {
			size_t k = n;
			/* marks some engines put after a move */
			while (k > 0 && (p[k - 1] == '!' || p[k - 1] == '?' || p[k - 1] == '.'))
				k--;
			if (k > 0 && k < ENGINE_MOVE_TEXT) {
				memcpy(got.pv[got.npv], p, k);
				got.pv[got.npv][k] = 0;
				got.npv++;
			}
		}
		p += n;
	}
	a->lines[0] = got;
	a->nlines = 1;
	return 1;
}

int xboard_analyse(struct engine *e, const struct engine_query *q, struct engine_answer *a,
		   char *why, size_t size)
{
	int rc = send_history(e, q, why, size);
	if (rc != ENG_OK)
		return rc;
	const struct engine_config *c = e->cfg;
	char cmd[128];
	if (c->limit_kind == LIMIT_DEPTH) {
		/* a clock that never runs out: the depth alone ends the search */
		snprintf(cmd, sizeof cmd, "sd %ld", c->limit);
		if (engine_send(e, cmd, why, size) || engine_send(e, "st 100000", why, size) ||
		    engine_send(e, "time 10000000", why, size) || engine_send(e, "otim 10000000", why, size))
			return ENG_FAILED;
	} else {
		long seconds = (c->limit + 999) / 1000, cs = c->limit / 10;
		snprintf(cmd, sizeof cmd, "st %ld", seconds);
		if (engine_send(e, cmd, why, size))
			return ENG_FAILED;
		snprintf(cmd, sizeof cmd, "time %ld", cs);
		if (engine_send(e, cmd, why, size))
			return ENG_FAILED;
		snprintf(cmd, sizeof cmd, "otim %ld", cs);
		if (engine_send(e, cmd, why, size))
			return ENG_FAILED;
	}
	if (engine_send(e, "go", why, size))
		return ENG_FAILED;
	double deadline = proc_now() + c->timeout +
			  (c->limit_kind == LIMIT_MOVETIME ? (double)c->limit / 1000.0 : 0.0);
	char line[PROC_LINE_MAX + 1];
	for (;;) {
		int r = engine_line(e, line, sizeof line, deadline, "move", why, size);
		if (r != 1)
			return r;
		if (line[0] == '#')
			continue;
		if (!strncmp(line, "move ", 5)) {
			/* HaChu sends a two-leg move as two lines, the first
			 * leg's ending in a comma: "move f8g7," "move g7f6" */
			size_t have = strlen(a->best), n = strcspn(line + 5, " \t");
			if (have + n >= sizeof a->best)
				n = sizeof a->best - 1 - have;
			memcpy(a->best + have, line + 5, n);
			a->best[have + n] = 0;
			if (n && a->best[have + n - 1] == ',')
				continue;
			return ENG_OK;
		}
		if (!strcmp(line, "resign") || !strncmp(line, "1-0", 3) || !strncmp(line, "0-1", 3) ||
		    !strncmp(line, "1/2-1/2", 7)) {
			/* the engine says the game is over where the rules say
			 * it goes on: an answer with no move */
			a->best[0] = 0;
			return ENG_OK;
		}
		read_thinking(a, line);
	}
}
