/*
 * kifu-replay - positions of records: a text diagram in both notations, a
 * BOD diagram, SFEN, or an SVG picture, at a ply, every ply, or a range;
 * or an HTML page that replays the records in a browser.
 *
 *     kifu-replay [--ply N | --every | --from-ply N --to-ply M]
 *                 [--format=text|kif|sfen|svg|html] [--flip] [--size PX]
 *                 [--coordinates=kanji|compact|none] [-o PATH]
 *                 [-v VARIANT] [--variant-file FILE] [FILE...]
 *
 * Ply K is the position after the record's first K moves (0: its start).
 * Each record is played through the rules (kifu_play); an illegal move
 * stops its replay there, with kifu-validate's message, and the next record
 * follows.  docs/replay.md describes the output.
 */
#include "replay/board.h"
#include "lib/cli.h"
#include "lib/escape.h"
#include "lib/inputs.h"
#include "lib/output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
	OPT_FORMAT = CLI_OPT_FIRST_FREE,
	OPT_PLY,
	OPT_EVERY,
	OPT_FROM,
	OPT_TO,
	OPT_MAX_FILES,
	OPT_FLIP,
	OPT_SIZE,
	OPT_COORDINATES
};

enum replay_format { FMT_TEXT, FMT_KIF, FMT_SFEN, FMT_SVG, FMT_HTML };

static const char *const format_names[] = {"text", "kif", "sfen", "svg", "html"};
/* The extension of the files -o DIR writes. */
static const char *const format_ext[] = {"txt", "bod", "sfen", "svg", "html"};

struct replay_run {
	enum replay_format format;
	const char *path;      /* -o PATH, or NULL: standard output */
	struct output_dir *dir; /* -o DIR/: a file per position (per record for html) */
	FILE *out;             /* standard output, or -o's file */
	long from, to;         /* the plies wanted; to < 0: the last */
	int one_ply;           /* --ply: a missing ply is an error */
	int last_only;         /* no ply asked for: the last position */
	long written;          /* positions written to standard output */
	long files, max_files; /* files written to DIR, and the most allowed (0: no limit) */
	int failed;            /* an output failed (said once): nothing more is written */
	kifu_position *pos;    /* scratch, for the variant seen last */
	struct board_out buf;  /* an SVG picture, kept from one to the next */
	int flip, size;        /* --flip, --size */
	enum board_coords coords;
	struct board_html *html; /* --format=html */
	FILE *page;            /* the one page every record goes to, or NULL: a page each in dir */
};

/* --max-files' default: far beyond a long game of every ply (a Dai game has
 * a thousand), far below what fills a disk by mistake. */
#define DEFAULT_MAX_FILES 100000

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [--ply N | --every | --from-ply N --to-ply M] [--format=FMT]\n"
		"       [--flip] [--size PX] [--coordinates=kanji|compact|none]\n"
		"       [-o PATH] [-v VARIANT] [--variant-file FILE] [--from NOTATION] [FILE...]\n"
		"Replay records and show their positions.\n"
		"\n"
		"      --ply N           the position after N moves (0: the start);\n"
		"                        default: after the last move\n"
		"      --every           every position, from the start to the last move\n"
		"      --from-ply N, --to-ply M\n"
		"                        the positions after N .. M moves\n"
		"      --format=FMT      text (default): diagrams in both notations;\n"
		"                        kif: the BOD diagram; sfen: one SFEN per line;\n"
		"                        svg: a picture of the board;\n"
		"                        html: a page that replays the records in a browser,\n"
		"                        offline (--ply N: where it opens)\n"
		"      --flip            svg, html: the board seen from Gote's side\n"
		"      --size PX         svg: the board's width in pixels\n"
		"      --coordinates=C   svg: kanji (default: ranks 一..), compact (a..), none\n"
		"  -o, --output PATH     a directory (existing, or PATH ending in /): one\n"
		"                        file per position, BASE-0001-0007.EXT, for html one\n"
		"                        page per record, BASE-0001.html; else the file\n"
		"                        that gets what standard output would (kifu(7))\n"
		"      --max-files N     with -o: stop with an error rather than write more\n"
		"                        than N files (default 100000; 0: no limit)\n"
		, cli_program());
	cli_common_help(f, 22);
	fprintf(f,
		"  -h, --help            print this help and exit\n"
		"      --version         print the version and exit\n"
		"\n"
		"The kanji of svg and html need a Japanese font: the pictures ask for IPA\n"
		"Mincho first (Debian: fonts-ipafont-mincho, which `make samples` installs as\n"
		"root), then Noto Serif CJK JP, Hiragino Mincho, Yu Mincho or MS Mincho, then\n"
		"any CJK serif font.\n"
		"\n"
		"Exit status: 0 success, 1 an illegal move or a missing ply,\n"
		"2 usage or I/O error.\n");
}

static int parse_ply(const char *arg, const char *opt, long *out)
{
	char *end;
	errno = 0;
	long n = strtol(arg, &end, 10);
	if (errno || end == arg || *end || n < 0 || n > KIFU_MAX_PLIES) {
		cli_error("%s: '%s' is not a ply (0 .. %d)", opt, arg, KIFU_MAX_PLIES);
		return -1;
	}
	*out = n;
	return 0;
}


/* --size PX: the board's width in pixels. */
static int parse_size(const char *arg, int *out)
{
	char *end;
	errno = 0;
	long n = strtol(arg, &end, 10);
	if (errno || end == arg || *end || n < 16 || n > 20000) {
		cli_error("--size: '%s' is not a width in pixels (16 .. 20000)", arg);
		return -1;
	}
	*out = (int)n;
	return 0;
}

static int parse_coords(const char *arg, enum board_coords *out)
{
	static const char *const names[] = {"kanji", "compact", "none"};
	for (int i = 0; i < 3; i++)
		if (!strcmp(arg, names[i])) {
			*out = (enum board_coords)i;
			return 0;
		}
	cli_error("--coordinates: '%s' is not kanji, compact or none", arg);
	return -1;
}

/* Writes one position.  0, -1 when a picture could not be made (out of
 * memory) or written, KIFU_EUNSUPPORTED for a BOD diagram that would not
 * read back as the position. */
static int write_position(FILE *f, struct replay_run *run, const struct board_view *view)
{
	char sfen[KIFU_SFEN_MAX];
	switch (run->format) {
	case FMT_TEXT:
		board_text_write(f, view);
		break;
	case FMT_KIF:
		if (kifu_bod_write(f, view->pos, 0) == KIFU_EUNSUPPORTED)
			return KIFU_EUNSUPPORTED;
		/* Kakinoki's move count under a diagram: the moves played so far */
		if (kifu_position_movenumber(view->pos) > 1)
			fprintf(f, "手数＝%ld\n", kifu_position_movenumber(view->pos) - 1);
		break;
	case FMT_SFEN:
		if (kifu_position_sfen(view->pos, sfen, sizeof sfen) < 0)
			sfen[0] = '\0';
		fprintf(f, "%s\n", sfen);
		break;
	case FMT_SVG:
		board_svg_write(&run->buf, view);
		return board_out_flush(&run->buf, f);
	case FMT_HTML:
		break; /* a page per record, not per position (html_record) */
	}
	return 0;
}

/* An output failed: said once (with the record it happened at), and
 * nothing more is written. */
static int stop(struct replay_run *run, const kifu_record *rec, const char *why)
{
	if (!run->failed) {
		kifu_diag d;
		kifu_diag_set(&d, KIFU_EIO, kifu_record_file(rec), kifu_record_line(rec), 0, "%s", why);
		cli_diag(&d);
		run->failed = 1;
	}
	return CLI_USAGE;
}

/* Why write_position failed (rc), in words. */
static const char *write_failure(struct replay_run *run, int rc, char *why, size_t size)
{
	if (rc != KIFU_EUNSUPPORTED)
		return run->dir ? "cannot write the picture or page (out of memory, or a write error)"
				: "cannot write the picture (out of memory, or a write error)";
	snprintf(why, size, "--format=kif: a piece of this position has no name that a KIF diagram reads back as "
		 "it (kifu-variants show %s): --format=sfen writes it", kifu_variant_name(kifu_position_variant(run->pos)));
	return why;
}

/* Writes one file of -o DIR, through a temporary file: a position (view),
 * DIR/BASE-RECORD-PLY.EXT, or the page in the buffer (view NULL),
 * DIR/BASE-RECORD.html. */
static int write_file(struct replay_run *run, const kifu_record *rec, long index,
		      const struct board_view *view)
{
	if (run->max_files && run->files >= run->max_files) {
		char why[160];
		snprintf(why, sizeof why, "more than %ld files for -o %s: stopped (--max-files N allows more)",
			 run->max_files, run->path);
		return stop(run, rec, why);
	}
	output out;
	if (output_dir_file(&out, run->dir, kifu_record_file(rec), index, view ? view->ply : -1,
			    format_ext[run->format])) {
		run->failed = 1; /* said by output_open */
		return CLI_USAGE;
	}
	run->files++;
	int rc = view ? write_position(out.f, run, view) : board_out_flush(&run->buf, out.f);
	if (rc) {
		char why[320];
		output_close(&out, 0);
		return stop(run, rec, write_failure(run, rc, why, sizeof why));
	}
	if (output_close(&out, 1)) {
		run->failed = 1;
		return CLI_USAGE;
	}
	return CLI_OK;
}

static int emit(struct replay_run *run, const kifu_record *rec, long index,
		const struct board_view *view)
{
	if (run->failed)
		return CLI_USAGE;
	if (!run->dir) {
		if (run->format == FMT_SVG && run->written)
			/* two XML documents in one stream would be no document at all */
			return stop(run, rec, "--format=svg: a second position; several positions need -o DIR/");
		/* text and BOD diagrams one after another, a blank line between */
		if (run->written++ && (run->format == FMT_TEXT || run->format == FMT_KIF))
			putc('\n', run->out);
		int rc = write_position(run->out, run, view);
		char why[320];
		if (rc)
			return stop(run, rec, write_failure(run, rc, why, sizeof why));
		return CLI_OK;
	}
	return write_file(run, rec, index, view);
}

/* What the play loop's hook needs to show the positions. */
struct replay_record {
	struct replay_run *run;
	const kifu_record *rec;
	long index, from;
	struct board_view view;
	char text[64];
	char words[KIFU_KIF_WORDS_MAX];
	int status;
};

/* The play loop's `before` hook: the move in kanji for a picture's caption,
 * named from the position before it. */
static int name_move(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct replay_record *rr = ctx;
	if (kifu_kif_move_words(pos, &step->move->move, -1, KIFU_KIF_MARK | KIFU_KIF_ORIGIN, rr->words,
				sizeof rr->words) < 0)
		rr->words[0] = '\0';
	return 0;
}

/* The play loop's `after` hook: shows the position after each move wanted. */
static int show_after(void *ctx, kifu_position *pos, const kifu_play_step *step)
{
	struct replay_record *rr = ctx;
	(void)pos;
	kifu_compact_format_move(kifu_position_variant(pos), &step->move->move, rr->text, sizeof rr->text);
	rr->view.last = &step->move->move;
	rr->view.last_text = rr->text;
	rr->view.last_words = rr->words[0] ? rr->words : NULL;
	rr->view.ply = step->ply;
	if (step->ply >= rr->from) {
		int st = emit(rr->run, rr->rec, rr->index, &rr->view);
		if (st > rr->status)
			rr->status = st;
	}
	return rr->status >= CLI_USAGE ? KIFU_EIO : 0;
}

/* --format=html: the record's data on the page (every line played), or a
 * page of its own in DIR. */
static int html_record(struct replay_run *run, const kifu_record *rec, const kifu_variant *v, long index)
{
	kifu_validation val;
	kifu_diag diag;
	char title[4 * KIFU_DIAG_FILE_MAX + 32];
	if (run->failed)
		return CLI_USAGE;
	if (kifu_position_for(&run->pos, v)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (kifu_record_start(rec, run->pos, &diag)) {
		/* no start position: nothing to show, and kifu-validate's message */
		kifu_play_options said = KIFU_PLAY_OPTIONS_INIT;
		said.namer = kifu_notation_square_namer(kifu_record_notation(rec));
		kifu_play(rec, run->pos, &said, &val);
		inputs_report_invalid(rec, &val);
		return CLI_INVALID;
	}
	if (!run->page) {
		char file[4 * KIFU_DIAG_FILE_MAX];
		escape_text(file, sizeof file, kifu_record_file(rec), 0);
		snprintf(title, sizeof title, "%s:%ld", file, kifu_record_line(rec));
		board_html_begin(run->html, &run->buf, title, run->flip);
	}
	if (board_html_record(run->html, &run->buf, rec, v, run->pos, run->one_ply ? run->from : -1, &val)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	int status = CLI_OK;
	if (run->page) {
		if (board_out_flush(&run->buf, run->page))
			return stop(run, rec, "cannot write the page (out of memory, or a write error)");
	} else {
		board_html_end(run->html, &run->buf);
		status = write_file(run, rec, index, NULL);
	}
	if (!val.valid) {
		inputs_report_invalid(rec, &val);
		return status > CLI_INVALID ? status : CLI_INVALID;
	}
	return status;
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct replay_run *run = ctx;
	kifu_validation r;
	char source[4 * KIFU_DIAG_FILE_MAX + 32];

	if (!v) {
		/* the record's variant is unknown: the library says why */
		kifu_play(rec, NULL, NULL, &r);
		inputs_report_invalid(rec, &r);
		return CLI_INVALID;
	}
	if (run->format == FMT_HTML)
		return html_record(run, rec, v, index);
	/* the squares of messages named as kifu-validate names them: as the
	 * record's notation does */
	kifu_play_options said = KIFU_PLAY_OPTIONS_INIT;
	said.namer = kifu_notation_square_namer(kifu_record_notation(rec));
	if (kifu_position_for(&run->pos, v) || kifu_play(rec, run->pos, &said, &r)) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (!r.valid && r.fault.ply == 0) {
		/* the record as a whole is at fault: there is no position to show */
		inputs_report_invalid(rec, &r);
		return CLI_INVALID;
	}

	/* the plies wanted, within the r.plies the replay reaches */
	long to = run->to < 0 || run->to > r.plies ? r.plies : run->to;
	char file[4 * KIFU_DIAG_FILE_MAX];
	escape_text(file, sizeof file, kifu_record_file(rec), 0);
	snprintf(source, sizeof source, "%s:%ld", file, kifu_record_line(rec));
	struct replay_record rr = {run, rec, index, run->last_only ? to : run->from,
				   {run->pos, source, 0, r.plies, NULL, "", NULL, run->flip, run->size, run->coords},
				   "", "", CLI_OK};
	if (rr.from == 0) {
		/* ply 0: the start */
		kifu_record_start(rec, run->pos, NULL);
		rr.status = emit(run, rec, index, &rr.view);
	}
	kifu_play_options opt = KIFU_PLAY_OPTIONS_INIT;
	opt.max_plies = to;
	opt.after = show_after;
	if (run->format == FMT_SVG)
		opt.before = name_move;
	opt.ctx = &rr;
	kifu_validation again;
	if (rr.status < CLI_USAGE && to > 0 && kifu_play(rec, run->pos, &opt, &again) == KIFU_ENOMEM) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	int status = rr.status;
	if (!r.valid) {
		inputs_report_invalid(rec, &r);
		return status > CLI_INVALID ? status : CLI_INVALID;
	}
	if (run->one_ply && run->from > r.plies) {
		kifu_diag d;
		kifu_diag_set(&d, KIFU_EINVAL, kifu_record_file(rec), kifu_record_line(rec), 0,
			      "no ply %ld: the record has %ld moves", run->from, r.plies);
		cli_record_diag(&d);
		return status > CLI_INVALID ? status : CLI_INVALID;
	}
	return status;
}

/* What the options mean together: the plies wanted, and the options that
 * do not go together.  0, or -1 after saying why. */
static int settle_options(struct replay_run *run, long ply, int every, long from, long to, int picture_option)
{
	int several = every || from >= 0 || to >= 0;
	if (picture_option && run->format != FMT_SVG && (run->format != FMT_HTML || picture_option != OPT_FLIP)) {
		cli_error("--%s is for %s",
			  picture_option == OPT_FLIP ? "flip" : picture_option == OPT_SIZE ? "size" : "coordinates",
			  picture_option == OPT_FLIP ? "--format=svg and --format=html" : "--format=svg");
		return -1;
	}
	if (ply >= 0 && several) {
		cli_error("--ply shows one position: it does not go with --every, --from-ply or --to-ply");
		return -1;
	}
	if (from >= 0 && to >= 0 && from > to) {
		cli_error("--from-ply %ld is after --to-ply %ld", from, to);
		return -1;
	}
	if (run->format == FMT_HTML && several) {
		/* a page holds every position; --ply says where it opens */
		cli_error("--format=html holds every position: --every, --from-ply and --to-ply do not go with it");
		return -1;
	}
	if (run->format == FMT_SVG && !output_names_dir(run->path) && several) {
		/* several XML documents in one stream, or in one file, would be
		 * no document at all */
		cli_error("--format=svg with several positions needs -o DIR/ (a directory)");
		return -1;
	}
	if (ply >= 0) {
		run->from = run->to = ply;
		run->one_ply = 1;
	} else if (several) {
		run->from = from < 0 ? 0 : from;
		run->to = to; /* -1: the last */
	} else {
		run->last_only = 1;
		run->to = -1;
	}
	return 0;
}

/* The one page's title: the inputs' names. */
static void page_title(char *buf, size_t size, int n, char *const files[])
{
	size_t used = (size_t)snprintf(buf, size, "kifu-replay:");
	if (!n)
		snprintf(buf + used, size - used, " stdin");
	for (int i = 0; i < n; i++) {
		/* whole names only: a title never ends in half a character */
		char shown[4 * KIFU_DIAG_FILE_MAX];
		size_t len = escape_text(shown, sizeof shown, strcmp(files[i], "-") ? files[i] : "stdin", 0);
		if (used + 1 + len >= size)
			break;
		used += (size_t)snprintf(buf + used, size - used, " %s", shown);
	}
}

/* Replays every record of the inputs.  -o DIR/ writes a file per position
 * (a page per record for html); without it, standard output or -o's file
 * gets the positions one after another, or the one page every record goes
 * to (kifu(7)'s one -o rule). */
static int replay(struct replay_run *run, const struct cli_variant_choice *choice, int n, char *files[])
{
	struct output_dir dir;
	int one_page = run->format == FMT_HTML && !output_names_dir(run->path);
	if (output_names_dir(run->path)) {
		if (output_dir_open(&dir, run->path, n, files))
			return CLI_USAGE;
		run->dir = &dir;
	}
	struct inputs_variants vars;
	output out;
	int status = run->format == FMT_HTML && board_html_new(&run->html) ? CLI_USAGE : CLI_OK;
	if (status)
		cli_error("out of memory");
	if (status == CLI_OK && inputs_variants_choose(&vars, choice))
		status = CLI_USAGE;
	else if (status == CLI_OK && output_open(&out, run->dir ? NULL : run->path)) {
		inputs_variants_free(&vars);
		status = CLI_USAGE;
	}
	if (status) {
		board_html_free(run->html);
		if (run->dir)
			output_dir_free(&dir);
		return status;
	}
	run->out = out.f;
	char title[1024];
	if (one_page) {
		run->page = out.f;
		page_title(title, sizeof title, n, files);
		board_html_begin(run->html, &run->buf, title, run->flip);
		board_out_flush(&run->buf, out.f);
	}
	const struct inputs_handlers handlers = {on_record, NULL, NULL, run};
	status = inputs_each_record(n, files, &vars, &handlers);
	int ok = status < CLI_USAGE;
	if (one_page) {
		board_html_end(run->html, &run->buf);
		if (board_out_flush(&run->buf, out.f))
			ok = 0;
	}
	/* -o FILE: written when the run did all it meant to (a record with an
	 * illegal move is shown up to it, status 1); a page or a picture cut
	 * short is not left in the place of a whole one */
	if (output_close(&out, ok) && status < CLI_USAGE)
		status = CLI_USAGE;
	if (one_page && !ok && status < CLI_USAGE)
		status = CLI_USAGE;
	kifu_position_free(run->pos);
	board_out_free(&run->buf);
	board_html_free(run->html);
	inputs_variants_free(&vars);
	if (run->dir)
		output_dir_free(&dir);
	run->dir = NULL;
	return status;
}

int main(int argc, char *argv[])
{
	static const struct option options[] = {
		CLI_COMMON_OPTIONS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{"ply", required_argument, NULL, OPT_PLY},
		{"every", no_argument, NULL, OPT_EVERY},
		{"from-ply", required_argument, NULL, OPT_FROM},
		{"to-ply", required_argument, NULL, OPT_TO},
		{"max-files", required_argument, NULL, OPT_MAX_FILES},
		{"output", required_argument, NULL, 'o'},
		{"flip", no_argument, NULL, OPT_FLIP},
		{"size", required_argument, NULL, OPT_SIZE},
		{"coordinates", required_argument, NULL, OPT_COORDINATES},
		{NULL, 0, NULL, 0}
	};
	struct cli_variant_choice choice = {NULL, NULL, NULL};
	struct replay_run run;
	long ply = -1, from = -1, to = -1;
	int every = 0, opt, picture_option = 0;

	memset(&run, 0, sizeof run);
	run.format = FMT_TEXT;
	run.max_files = DEFAULT_MAX_FILES;
	cli_set_program(argv[0]);
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "o:", options, NULL)) != -1) {
		if (cli_variant_option(&choice, opt, optarg))
			continue;
		switch (opt) {
		case 'h': usage(stdout); return cli_stdout_done();
		case CLI_OPT_VERSION: return cli_version();
		case 'o': run.path = optarg; break;
		case OPT_EVERY: every = 1; break;
		case OPT_PLY:
			if (parse_ply(optarg, "--ply", &ply))
				return cli_usage_error();
			break;
		case OPT_FROM:
			if (parse_ply(optarg, "--from-ply", &from))
				return cli_usage_error();
			break;
		case OPT_TO:
			if (parse_ply(optarg, "--to-ply", &to))
				return cli_usage_error();
			break;
		case OPT_MAX_FILES: {
			char *end;
			errno = 0;
			run.max_files = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || run.max_files < 0) {
				cli_error("--max-files: '%s' is not a number of files", optarg);
				return cli_usage_error();
			}
			break;
		}
		case OPT_FLIP: run.flip = 1; picture_option = opt; break;
		case OPT_SIZE:
			if (parse_size(optarg, &run.size))
				return cli_usage_error();
			picture_option = opt;
			break;
		case OPT_COORDINATES:
			if (parse_coords(optarg, &run.coords))
				return cli_usage_error();
			picture_option = opt;
			break;
		case OPT_FORMAT: {
			enum { N = sizeof format_names / sizeof format_names[0] };
			int i = cli_choice("format", optarg, format_names, N, N);
			if (i < 0)
				return CLI_USAGE;
			run.format = (enum replay_format)i;
			break;
		}
		default: return cli_option_error(opt, argv);
		}
	}
	if (settle_options(&run, ply, every, from, to, picture_option))
		return cli_usage_error();
	return replay(&run, &choice, argc - optind, argv + optind);
}
