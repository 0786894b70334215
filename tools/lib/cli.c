/*
 * cli.c - the kifu-* tools' common helpers (see cli.h).
 */
#include "lib/cli.h"
#include "lib/escape.h"
#include "lib/progress.h"

#include <kifu/notation.h>
#include <kifu/version.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *program = "kifu";
static int quiet;

void cli_set_program(const char *argv0)
{
	const char *slash;

	if (!argv0 || !*argv0)
		return;
	slash = strrchr(argv0, '/');
	program = slash && slash[1] ? slash + 1 : argv0;
}

const char *cli_program(void)
{
	return program;
}

/* Writes s to stderr as escape_text shows it: no name or text read can
 * garble the terminal or start a line. */
static void put_shown(const char *s)
{
	escape_text_put(stderr, s, 0);
}

/* "PROG: message" on stderr, the message as long as it is (never cut:
 * its own buffer when the one on the stack is too short). */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 0)))
#endif
static void say(const char *fmt, va_list ap)
{
	char msg[4096], *big = NULL;
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(msg, sizeof msg, fmt, ap);
	if (n >= (int)sizeof msg && (big = malloc((size_t)n + 1)))
		vsnprintf(big, (size_t)n + 1, fmt, again);
	va_end(again);
	progress_clear();
	fprintf(stderr, "%s: ", program);
	put_shown(big ? big : msg);
	fputc('\n', stderr);
	free(big);
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
}

int cli_quiet(void) { return quiet; }

void cli_record_diag(const kifu_diag *diag)
{
	if (!quiet)
		cli_diag(diag);
}

void cli_note(const char *fmt, ...)
{
	va_list ap;
	if (quiet)
		return;
	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
}

void cli_diag(const kifu_diag *diag)
{
	progress_clear();
	fprintf(stderr, "%s: ", program);
	if (diag->file[0]) {
		put_shown(diag->file);
		fputc(':', stderr);
	}
	if (diag->line > 0) {
		fprintf(stderr, "%ld:", diag->line);
		if (diag->col > 0)
			fprintf(stderr, "%ld:", diag->col);
	} else if (diag->col > 0) {
		fprintf(stderr, "%scolumn %ld:", diag->file[0] ? " " : "",
			diag->col);
	}
	if (diag->file[0] || diag->line > 0 || diag->col > 0)
		fputc(' ', stderr);
	put_shown(diag->message[0] ? diag->message : kifu_error_string(diag->code));
	fputc('\n', stderr);
}

int cli_stdout_done(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("write error: %s", strerror(errno ? errno : EIO));
		return CLI_USAGE;
	}
	return CLI_OK;
}

int cli_version(void)
{
	printf("%s (kifu) %s\n", program, KIFU_VERSION);
	return cli_stdout_done();
}

int cli_usage_error(void)
{
	fprintf(stderr, "Try '%s --help'.\n", program);
	return CLI_USAGE;
}

int cli_choice(const char *what, const char *arg, const char *const *names, int n, int shown)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(arg, names[i]))
			return i;
	char list[256];
	size_t o = 0;
	list[0] = 0;
	for (int i = 0; i < shown && o < sizeof list; i++) {
		int w = snprintf(list + o, sizeof list - o, "%s%s", i == 0 ? "" : i == shown - 1 ? " or " : ", ",
				 names[i]);
		if (w < 0)
			break;
		o += (size_t)w;
	}
	cli_error("unknown %s '%s' (%s)", what, arg, list);
	cli_usage_error();
	return -1;
}

int cli_encoding(const char *arg, int *enc)
{
	static const char *const names[] = {"utf-8", "sjis", "utf8", "shift_jis", "cp932"};
	static const int encodings[] = {KIFU_ENCODING_UTF8, KIFU_ENCODING_SJIS, KIFU_ENCODING_UTF8,
					KIFU_ENCODING_SJIS, KIFU_ENCODING_SJIS};
	int i = cli_choice("encoding", arg, names, 5, 2);
	if (i < 0)
		return CLI_USAGE;
	*enc = encodings[i];
	return 0;
}

int cli_option_error(int opt, char *const argv[])
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";

	if (opt == ':')
		cli_error("option '%s' needs an argument", arg);
	else if (optopt && optopt != '?')
		cli_error("unknown option '-%c'", optopt);
	else
		cli_error("unknown option '%s'", arg);
	return cli_usage_error();
}

int cli_variant_option(struct cli_variant_choice *choice, int opt,
		       const char *arg)
{
	switch (opt) {
	case 'q':
		quiet = 1;
		return 1;
	case 'v':
		choice->name = arg;
		return 1;
	case CLI_OPT_VARIANT_FILE:
		choice->file = arg;
		return 1;
	case CLI_OPT_FROM:
		choice->from = arg;
		return 1;
	default:
		return 0;
	}
}

/* "dai, sho, ..." for a message about an unknown variant. */
static void print_builtin_names(void)
{
	const char *const *names = kifu_variant_builtin_names();
	size_t i;

	fprintf(stderr, "%s: the shipped variants are:", program);
	for (i = 0; names && names[i]; i++)
		fprintf(stderr, "%s %s", i ? "," : "", names[i]);
	fputc('\n', stderr);
}

/* The shipped variant a person calls name: its name, its Japanese title
 * (大将棋, 中將棋) or its English title (daishogi). */
static int load_builtin(const char *name, const kifu_variant **out)
{
	kifu_diag diag;
	int rc;

	kifu_diag_clear(&diag);
	if ((*out = kifu_variant_set_find_called(NULL, name)) != NULL)
		return CLI_OK;
	rc = kifu_variant_builtin(out, name, &diag);
	if (rc == KIFU_ENOTFOUND) {
		const char *close = kifu_variant_set_suggest(NULL, name);
		if (close)
			cli_error("unknown variant '%s' (did you mean %s?)", name, close);
		else
			cli_error("unknown variant '%s'", name);
		print_builtin_names();
	} else if (rc < 0) {
		cli_diag(&diag);
	}
	return rc < 0 ? CLI_USAGE : CLI_OK;
}

/* Is the variant of a file called name (its name, a title: as -v takes
 * a shipped variant's)? */
static int file_is_called(const kifu_variant *v, const char *name)
{
	kifu_variant_set *set = NULL;
	int is = 0;
	if (kifu_variant_set_new(&set) == 0 && kifu_variant_set_add(set, v) == 0)
		is = kifu_variant_set_find_called(set, name) == v;
	kifu_variant_set_free(set);
	return is;
}

static int load_file(const char *path, const char *name,
		     const kifu_variant **out, kifu_variant **owned)
{
	kifu_variant *v = NULL;
	kifu_diag diag;

	kifu_diag_clear(&diag);
	if (kifu_variant_load_file(&v, path, &diag) < 0) {
		if (!diag.file[0])
			snprintf(diag.file, sizeof diag.file, "%s", path);
		cli_diag(&diag);
		return CLI_USAGE;
	}
	if (name && !file_is_called(v, name)) {
		cli_error("%s: the file defines variant '%s', not '%s'", path,
			  kifu_variant_name(v), name);
		kifu_variant_free(v);
		return CLI_USAGE;
	}
	*out = v;
	*owned = v;
	return CLI_OK;
}

int cli_variant_load(const struct cli_variant_choice *choice,
		     const kifu_variant **out, kifu_variant **owned)
{
	*out = NULL;
	*owned = NULL;
	if (choice->file)
		return load_file(choice->file, choice->name, out, owned);
	if (choice->name)
		return load_builtin(choice->name, out);
	cli_error("no variant given (use -v NAME or --variant-file FILE)");
	return CLI_USAGE;
}

const char *cli_notations(int writable)
{
	static char names[2][256];
	char *out = names[!!writable];
	out[0] = 0;
	for (int i = 0; i < kifu_notation_count(); i++) {
		kifu_notation_info info;
		kifu_notation_at(i, &info);
		if (writable ? !info.can_write : !info.can_read)
			continue;
		size_t len = strlen(out);
		snprintf(out + len, sizeof names[0] - len, "%s%s", len ? ", " : "", info.name);
	}
	return out;
}

int cli_notation_check(const char *name, int writable)
{
	int i = kifu_notation_find(name);
	kifu_notation_info info;
	if (i >= 0 && kifu_notation_at(i, &info) == 0 && (writable ? info.can_write : info.can_read))
		return CLI_OK;
	cli_error("unknown notation '%s' (%s)", name, cli_notations(writable));
	return CLI_USAGE;
}

void cli_common_help(FILE *f, int width)
{
	fprintf(f, "  %-*s%s\n", width, "-q, --quiet", "no messages about records: the exit status says it");
	fprintf(f, "  %-*s%s\n", width, "-v, --variant NAME", "the variant of records that do not name one");
	fprintf(f, "  %-*s%s\n", width, "    --variant-file F", "load a variant from a YAML file");
	fprintf(f, "  %-*sread the input as NOTATION (%s);\n", width, "    --from NOTATION", cli_notations(0));
	fprintf(f, "  %-*s%s\n", width, "", "default: told from the input");
}

void cli_notation_ext(const char *notation, char *buf, size_t size)
{
	kifu_notation_info info;
	int i = kifu_notation_find(notation);
	const char *e = i >= 0 && kifu_notation_at(i, &info) == 0 && info.extensions ? info.extensions : "";
	if (*e == '.')
		e++;
	size_t n = strcspn(e, " ");
	if (n)
		snprintf(buf, size, "%.*s", (int)n, e);
	else
		snprintf(buf, size, "%s", notation);
}

const char *cli_side_name(int side)
{
	return side == KIFU_SENTE ? "Sente" : "Gote";
}
