/*
 * jkf_read.c - reading JKF, the JSON Kifu Format (docs/jkf.md): records
 * of standard shogi as JSON objects, one after another in an input.
 *
 * Records are read one at a time, their lines pulled as they are needed,
 * so that memory does not grow with the input.  A record is built one of
 * two ways, which give the same record (tests/fuzz/fuzz_jkf_fast.c):
 *
 * - from its bytes (the fast path, below), when it is written as JKF's
 *   writers write it: plain strings, small integers, keys JKF has, each
 *   once; most records are;
 * - from its tokens otherwise, and for every record with a problem: its
 *   JSON (RFC 8259) read into tokens (text/json_tokens.h: no allocation
 *   per value, its buffers kept from one record to the next), which say
 *   where each object is written: a problem with a move is said at its
 *   '{'.  A record that is not JSON runs to the close of its outermost
 *   brackets (outside strings).
 *
 * Its keys and values are JKF's (json-kifu-format's README and its
 * schema, github.com/na2hiro/json-kifu-format).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/sys/record.h"
#include "kifu/vocabulary.h"
#include "notation/jkf/jkf.h"
#include "notation/jkf/jkf_read.h"
#include "notation/notation.h"
#include "record/start.h"
#include "text/json_tokens.h"

/* ---- JKF's names (jkf.h) ---- */

/* The schema's `kind`: CSA's codes (CSA standard record format V2.2). */
const jkf_kind kifu__jkf_kinds[JKF_NKINDS] = {
	{"FU", "P"}, {"KY", "L"}, {"KE", "N"}, {"GI", "S"}, {"KI", "G"}, {"KA", "B"}, {"HI", "R"},
	{"OU", "K"}, {"TO", "+P"}, {"NY", "+L"}, {"NK", "+N"}, {"NG", "+S"}, {"UM", "+B"}, {"RY", "+R"},
};

/* The schema's `preset`, in its order; its description names them 平手,
 * 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち,
 * 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち,
 * その他: KIF's 手合割 names, which shogi.yaml's `starts` use. */
const jkf_preset kifu__jkf_presets[JKF_NPRESETS] = {
	{"HIRATE", "平手"}, {"KY", "香落ち"}, {"KY_R", "右香落ち"}, {"KA", "角落ち"},
	{"HI", "飛車落ち"}, {"HIKY", "飛香落ち"}, {"2", "二枚落ち"}, {"3", "三枚落ち"},
	{"4", "四枚落ち"}, {"5", "五枚落ち"}, {"5_L", "左五枚落ち"}, {"6", "六枚落ち"},
	{"7_L", "左七枚落ち"}, {"7_R", "右七枚落ち"}, {"8", "八枚落ち"}, {"10", "十枚落ち"},
	{"OTHER", "その他"},
};

bool kifu__jkf_same_text(const char *word, const char *s, size_t len)
{
	return strlen(word) == len && !memcmp(word, s, len);
}

int kifu__jkf_kind_find(const char *s, size_t len)
{
	/* every code is two letters */
	if (len != 2)
		return -1;
	for (int k = 0; k < JKF_NKINDS; k++)
		if (kifu__jkf_kinds[k].code[0] == s[0] && kifu__jkf_kinds[k].code[1] == s[1])
			return k;
	return -1;
}

int kifu__jkf_preset_find(const char *s, size_t len)
{
	for (int k = 0; k < JKF_NPRESETS; k++)
		if (kifu__jkf_same_text(kifu__jkf_presets[k].code, s, len))
			return k;
	return -1;
}

int kifu__jkf_types(const kifu_variant *v, int types[JKF_NKINDS])
{
	for (int k = 0; k < JKF_NKINDS; k++) {
		const char *tok = kifu__jkf_kinds[k].sfen;
		types[k] = kifu_variant_piece_by_sfen(v, tok, strlen(tok));
		if (types[k] < 0)
			return k;
	}
	return -1;
}

void kifu__jkf_square_name(const kifu_variant *v, int sq, char *buf, size_t size)
{
	int files = kifu_variant_files(v), ranks = kifu_variant_ranks(v);
	if (sq < 0 || sq >= files * ranks)
		snprintf(buf, size, "?");
	else
		snprintf(buf, size, "%d%d", sq % files + 1, sq / files + 1);
}

/* ---- the reader's state ---- */

/* The scan of a record's text as its lines arrive (the file comment):
 * brackets outside strings, to the close of the outermost value. */
typedef struct jkf_scan {
	size_t off;      /* the next byte to look at */
	int depth;       /* of [ and { */
	bool in_string, escape;
	bool done;       /* the outermost value has closed, at end - 1 */
	size_t end;
} jkf_scan;

/* The keys of each object JKF has (its schema's), in the order JKF's
 * writers write them. */
static const jkf_key ks_record[] = {KEY("header"), KEY("initial"), KEY("moves")};
static const jkf_key ks_start[] = {KEY("comments"), KEY("comment")};
static const jkf_key ks_element[] = {KEY("comments"), KEY("move"), KEY("time"), KEY("special"), KEY("forks")};
static const jkf_key ks_move[] = {KEY("color"), KEY("from"), KEY("to"), KEY("piece"), KEY("same"),
				  KEY("promote"), KEY("capture"), KEY("relative")};
static const jkf_key ks_time[] = {KEY("now"), KEY("total")};
static const jkf_key ks_clock[] = {KEY("h"), KEY("m"), KEY("s")};
static const jkf_key ks_place[] = {KEY("x"), KEY("y")};
static const jkf_key ks_initial[] = {KEY("preset"), KEY("data")};
static const jkf_key ks_data[] = {KEY("color"), KEY("board"), KEY("hands")};
static const jkf_key ks_square[] = {KEY("color"), KEY("kind")};
const jkf_keyset kifu__jkf_keysets[KS_N] = {
	{ks_record, 3}, {ks_start, 2}, {ks_element, 5}, {ks_move, 8}, {ks_time, 2},
	{ks_clock, 3},  {ks_place, 2}, {ks_initial, 2}, {ks_data, 3}, {ks_square, 2},
};

static int jkf_open(void **state, const kifu__read_ctx *ctx)
{
	jkf_reader *r = calloc(1, sizeof *r);
	*state = r;
	if (!r)
		return KIFU_ENOMEM;
	r->ctx = *ctx;
	r->line = 1;
	r->col = 1;
	for (int set = 0; set < KS_N; set++) {
		memset(r->keyfirst[set], KEY_NONE, KEYMAP);
		for (int k = 0; k < kifu__jkf_keysets[set].n; k++) {
			const char *name = kifu__jkf_keysets[set].keys[k].name;
			uint8_t *at = &r->keyfirst[set][keyfirst_hash((unsigned char)name[0],
								      (unsigned char)(name[1] ? name[1] : '"'))];
			*at = *at == KEY_NONE ? (uint8_t)k : KEY_SEVERAL;
		}
		memset(r->keymap[set], 0xFF, KEYMAP);
		for (int k = 0; k < kifu__jkf_keysets[set].n; k++) {
			uint8_t *at = &r->keymap[set][keymap_hash(kifu__jkf_keysets[set].keys[k].sig)];
			r->keymap_clash[set] |= *at != 0xFF;
			*at = (uint8_t)k;
		}
	}
	return 0;
}

static void jkf_close(void *state)
{
	jkf_reader *r = state;
	if (!r)
		return;
	free(r->buf);
	kifu__json_free(&r->json);
	free(r->join);
	free(r->forks);
	kifu_position_free(r->pos);
	free(r);
}

/* r->join with room for n bytes. */
char *kifu__jkf_join_buffer(jkf_reader *r, size_t n)
{
	if (n > r->joincap) {
		size_t cap = r->joincap ? r->joincap : 256;
		while (cap < n)
			cap *= 2;
		char *b = realloc(r->join, cap);
		if (!b)
			return NULL;
		r->join = b;
		r->joincap = cap;
	}
	return r->join;
}

/* ---- gathering a record's text ---- */

static void spoil(jkf_reader *r, long line, long col, size_t at, const char *msg)
{
	if (r->spoil_line)
		return; /* the first is the one reported */
	r->spoil_line = line;
	r->spoil_col = col;
	r->spoil_at = at;
	kifu__text_copy(r->spoil_msg, sizeof r->spoil_msg, msg);
}

/* Appends s[0..n), then a '\n' when newline is set. */
static int append(jkf_reader *r, const char *s, size_t n, bool newline)
{
	if (r->len + n + 2 + FAST_SLACK > r->cap) {
		/* room for a whole record of most files at once: growing it
		 * copies what came before */
		size_t cap = r->cap ? r->cap : 65536;
		while (cap < r->len + n + 2 + FAST_SLACK)
			cap *= 2;
		char *b = realloc(r->buf, cap);
		if (!b)
			return KIFU_ENOMEM;
		r->buf = b;
		r->cap = cap;
	}
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	if (newline)
		r->buf[r->len++] = '\n';
	/* the NUL the fast path stops at, and after it the room it may
	 * compare words in: never uninitialized */
	memset(r->buf + r->len, 0, 1 + FAST_SLACK);
	return 0;
}

enum { PULLED = 1, LONG_BETWEEN = 2 };

/* Appends the input's next line (decoded, with its '\n').  PULLED, 0 at
 * the end of the input, or a negative code.  A line too long to be read
 * spoils the record it is in (gathering) or, between records, is a record
 * of its own that cannot be read (LONG_BETWEEN, diag saying where). */
static int pull_line(jkf_reader *r, bool gathering, kifu_diag *diag)
{
	const char *raw, *line;
	size_t rawlen, len, bad_at;
	long lineno;
	const char *name = kifu_reader_name(r->ctx.lines);
	int rc = kifu_reader_next(r->ctx.lines, &raw, &rawlen, &lineno, diag);
	if (rc == KIFU_ELIMIT) {
		if (!gathering)
			return LONG_BETWEEN;
		spoil(r, diag->line, 0, r->len, diag->message);
		kifu_diag_clear(diag);
		return append(r, "", 0, true) ? KIFU_ENOMEM : PULLED;
	}
	if (rc != 1) {
		r->eof = rc == 0;
		return rc;
	}
	if (kifu__decoder_line(r->ctx.dec, raw, rawlen, &line, &len, &bad_at))
		return kifu_diag_set(diag, KIFU_ENOMEM, name, lineno, 0, "out of memory");
	if (!r->odd_lines && memchr(line, '\n', len))
		r->odd_lines = true;
	if (r->head == r->len) {
		/* nothing unread: the text starts afresh with this line (and
		 * a spoiled line not yet said is before it) */
		r->head = r->len = r->spoil_at = 0;
		r->line = lineno;
		r->col = 1;
	}
	if (bad_at != (size_t)-1) {
		/* its column: the characters before the first U+FFFD */
		long col = 1;
		size_t k = 0;
		for (; k + 3 <= len && memcmp(line + k, "\xEF\xBF\xBD", 3); k++)
			col += ((unsigned char)line[k] & 0xC0) != 0x80;
		char msg[120];
		snprintf(msg, sizeof msg, "a byte that is not %s (0x%02X), the encoding of this file",
			 kifu__decoder_name(r->ctx.dec), (unsigned char)raw[bad_at]);
		spoil(r, lineno, col, r->len + k, msg);
	}
	if (r->len - r->head + len + 1 > (size_t)KIFU__JKF_MAX_RECORD)
		return kifu_diag_set(diag, KIFU_ELIMIT, name, lineno, 0,
				     "a JKF record longer than %ld MiB: the rest of the input is not read",
				     KIFU__JKF_MAX_RECORD >> 20);
	if (append(r, line, len, true))
		return kifu_diag_set(diag, KIFU_ENOMEM, name, lineno, 0, "out of memory");
	return PULLED;
}

/* The bytes the scan looks at: outside strings, '"' and brackets; inside,
 * '"' and '\\'. */
static const unsigned char scan_outside[256] = {
	['"'] = 1, ['{'] = 1, ['['] = 1, ['}'] = 1, [']'] = 1,
};
static const unsigned char scan_inside[256] = {['"'] = 1, ['\\'] = 1};

/* Scans the text that has arrived, up to the close of the outermost value. */
static void scan_more(jkf_reader *r, jkf_scan *s)
{
	const unsigned char *b = (const unsigned char *)r->buf;
	size_t off = s->off, len = r->len;
	while (off < len) {
		if (s->in_string) {
			if (s->escape) {
				s->escape = false;
				off++;
				continue;
			}
			while (off < len && !scan_inside[b[off]])
				off++;
			if (off == len)
				break;
			if (b[off++] == '\\')
				s->escape = true;
			else
				s->in_string = false;
			continue;
		}
		while (off < len && !scan_outside[b[off]])
			off++;
		if (off == len)
			break;
		unsigned char c = b[off++];
		if (c == '"') {
			s->in_string = true;
		} else if (c == '{' || c == '[') {
			s->depth++;
		} else if (--s->depth <= 0) {
			s->done = true;
			s->end = off;
			break;
		}
	}
	s->off = off;
}

/* Passes over blanks, reading lines as needed, to the first byte of the
 * next record.  1 when there is one, 0 at the end of the input, LONG_BETWEEN,
 * or a negative code. */
static int skip_blanks(jkf_reader *r, kifu_diag *diag)
{
	for (;;) {
		while (r->head < r->len && strchr(" \t\r\n", r->buf[r->head])) {
			if (r->buf[r->head] == '\n') {
				r->line++;
				r->col = 1;
			} else {
				r->col++;
			}
			r->head++;
		}
		if (r->head < r->len)
			return 1;
		if (r->eof)
			return 0;
		int rc = pull_line(r, false, diag);
		if (rc != PULLED)
			return rc;
	}
}

/* Pulls lines as the fast path asks (kifu__jkf_fast_record): until the text from
 * head holds a line that begins with '}' (the close of a record as every
 * writer lays it out), or its first line ends with '}' (a record on one
 * line), or more than FAST_AHEAD bytes, or the input ends, or a line
 * spoils (pull_line): the reader keeps one spoiled line at a time, so a
 * second one is never pulled before the first is said, as when lines are
 * pulled only as the record needs them; or a line holds a '\n' (odd_lines).
 * One difference remains: a line
 * too long to be read (over 1 MiB) that follows a record whose close is
 * not at the start of a line is pulled here as part of a record, and said
 * as the error of the record after (at its line, in the same words), not
 * as a record lost between two.  0, or a negative code. */
enum { FAST_AHEAD = 1 << 20 };
static int fast_gather(jkf_reader *r, kifu_diag *diag)
{
	size_t at = r->head;
	for (bool first = true;; first = false) {
		while (at >= r->len) {
			if (r->eof || r->spoil_line || r->odd_lines || at - r->head > FAST_AHEAD)
				return 0;
			int rc = pull_line(r, true, diag);
			if (rc < 0)
				return rc;
			if (rc != PULLED)
				return 0;
		}
		/* every line in buf ends with its '\n' */
		const char *nl = memchr(r->buf + at, '\n', r->len - at);
		size_t e = nl ? (size_t)(nl - r->buf) : r->len;
		if (first) {
			size_t k = e;
			while (k > at && strchr(" \t\r", r->buf[k - 1]))
				k--;
			if (k > at && r->buf[k - 1] == '}')
				return 0;
		} else if (r->buf[at] == '}') {
			return 0;
		}
		at = e + 1;
	}
}


/* ---- one record from the input ---- */

/* The reader's lines as the JSON parser asks for more of a record. */
typedef struct more_lines {
	jkf_reader *r;
	kifu_diag *diag;
} more_lines;

static int pull_more(void *arg, const char **text, size_t *n)
{
	more_lines *m = arg;
	jkf_reader *r = m->r;
	if (r->eof)
		return 0;
	int rc = pull_line(r, true, m->diag);
	if (rc != PULLED)
		return rc;
	*text = r->buf + r->head;
	*n = r->len - r->head;
	return 1;
}

/* Text that is no record: it runs up to a line that begins one ('{' or
 * '['), so that a stretch of it (a file that is not JKF, read with --from
 * jkf) is one error, where the JSON is found wrong.  *end: its end in buf. */
static int junk_end(jkf_reader *r, size_t *end, kifu_diag *diag)
{
	size_t e = r->head;
	for (;;) {
		while (e < r->len && r->buf[e] != '\n')
			e++;
		if (e + 1 >= r->len) {
			int rc = r->eof ? 0 : pull_line(r, true, diag);
			if (rc < 0)
				return rc;
			if (rc != PULLED)
				break;
		}
		size_t k = e + 1;
		while (k < r->len && strchr(" \t\r", r->buf[k]))
			k++;
		if (k < r->len && (r->buf[k] == '{' || r->buf[k] == '['))
			break;
		e = k;
	}
	*end = e;
	return 0;
}

static int jkf_next(void *state, kifu_record *rec, const kifu_variant **variant, kifu_diag *diag)
{
	jkf_reader *r = state;
	const char *name = kifu_reader_name(r->ctx.lines);
	*variant = NULL;
	kifu_record_clear(rec);
	int rc;
	while ((rc = skip_blanks(r, diag)) == 1 && r->lost && !strchr("{[", r->buf[r->head])) {
		/* the rest of a record whose first line could not be read */
		while (r->head < r->len && r->buf[r->head] != '\n')
			r->head++;
	}
	r->lost = false;
	if (rc == LONG_BETWEEN) {
		/* a line that could not be read where a record begins: that
		 * record is lost, said at the line */
		if ((rc = kifu_record_set_source(rec, name, diag->line)) ||
		    (rc = kifu_record_set_error(rec, 0, diag->line, 0, NULL, 0, diag->message)))
			return rc;
		kifu_diag_clear(diag);
		r->lost = true;
		return 1;
	}
	if (rc != 1)
		return rc;
	long line = r->line, col = r->col;
	if ((rc = kifu_record_set_source(rec, name, line)))
		return rc;
	char first = r->buf[r->head];
	size_t end = r->head;
	bool parsed = false, built = false;
	long end_line = line, end_col = col;
	if (first == '{' && kifu__jkf_fast_path && !r->odd_lines) {
		/* most records are built from their bytes (the fast path) */
		if ((rc = fast_gather(r, diag)) < 0)
			return rc;
		if (!r->spoil_line && !r->odd_lines) {
			size_t n;
			rc = kifu__jkf_fast_record(r, rec, r->buf + r->head, line, col, variant, &n, &end_line, &end_col);
			if (rc < 0)
				return rc;
			built = rc == 0;
			end = r->head + n;
			if (!built) {
				/* again from its tokens, from the start */
				*variant = NULL;
				kifu_record_clear(rec);
				if ((rc = kifu_record_set_source(rec, name, line)))
					return rc;
				end_line = line;
				end_col = col;
			}
		}
	}
	if (built) {
		/* built from its bytes */
	} else if (first == '{' || first == '[') {
		/* read as JSON as the lines come, to the close of its value */
		more_lines m = {r, diag};
		rc = kifu__json_parse(&r->json, r->buf + r->head, r->len - r->head, (uint32_t)col, pull_more, &m);
		if (rc == KIFU_ENOMEM)
			return kifu_diag_set(diag, rc, name, line, 0, "out of memory");
		if (rc < 0)
			return rc;
		if (rc == 0) {
			parsed = true;
			end = r->head + r->json.end;
			end_line = line + (long)r->json.end_line;
			end_col = (long)r->json.end_col;
		} else {
			/* not JSON: the record runs to the close of its outermost
			 * brackets, and is read again whole for jansson's error */
			jkf_scan s = {r->head, 0, false, false, false, 0};
			for (;;) {
				scan_more(r, &s);
				if (s.done || r->eof)
					break;
				if ((rc = pull_line(r, true, diag)) < 0)
					return rc;
			}
			end = s.done ? s.end : r->len;
		}
	} else if ((rc = junk_end(r, &end, diag))) {
		return rc;
	}
	if (!built && !parsed)
		kifu__jkf_advance(r->buf + r->head, end - r->head, &end_line, &end_col);
	if (built) {
		/* built from its bytes */
	} else if (r->spoil_line && r->spoil_at < end) {
		/* the record holds a line that could not be read */
		if ((rc = kifu_record_set_error(rec, 0, r->spoil_line, r->spoil_col, NULL, 0, r->spoil_msg)))
			return rc;
		r->spoil_line = 0;
	} else if ((rc = kifu__jkf_build_record(r, rec, r->buf + r->head, end - r->head, line, col, first, parsed,
				      variant))) {
		return rc;
	}
	r->head = end;
	r->line = end_line;
	r->col = end_col;
	/* a spoiled line not yet said is after end: where it is moves with the text */
	if (r->head == r->len) {
		r->spoil_at = 0;
		r->head = r->len = 0;
	} else if (r->head > r->cap / 2) {
		/* with the NUL after the text (append's), which the fast path stops at */
		memmove(r->buf, r->buf + r->head, r->len - r->head + 1);
		r->spoil_at = r->spoil_at > r->head ? r->spoil_at - r->head : 0;
		r->len -= r->head;
		r->head = 0;
	}
	return 1;
}

/* ---- telling JKF from other notations ---- */

/* A line of JSON that JKF writes: an object that begins with one of a
 * record's keys, or a line that begins with a key only JKF has. */
static int jkf_sniff(const char *line, size_t len, const kifu__read_ctx *ctx)
{
	static const char *const keys[] = {
		"header", "initial", "moves", "preset", "data", "board", "hands", "kind", "move", "comments",
		"time", "now", "total", "special", "forks", "color", "from", "to", "piece", "same", "promote",
		"capture", "relative", "x", "y", "h", "m", "s", NULL};
	(void)ctx;
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len && line[i] == '{') {
		/* {"header": ... on one line */
		do
			i++;
		while (i < len && (line[i] == ' ' || line[i] == '\t'));
	}
	if (i >= len || line[i] != '"')
		return 0;
	const char *k = line + i + 1, *q = memchr(k, '"', len - i - 1);
	if (!q)
		return 0;
	size_t j = (size_t)(q + 1 - line);
	while (j < len && (line[j] == ' ' || line[j] == '\t'))
		j++;
	if (j >= len || line[j] != ':')
		return 0;
	for (const char *const *key = keys; *key; key++)
		if (kifu__jkf_same_text(*key, k, (size_t)(q - k)))
			return 2;
	return 0;
}

const kifu__notation kifu__notation_jkf = {
	"jkf",
	"JKF (JSON Kifu Format), standard shogi",
	".jkf .json",
	"",
	kifu__jkf_square_name,
	jkf_sniff, jkf_open, jkf_next, jkf_close, kifu__jkf_write,
};
