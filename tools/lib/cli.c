/*
 * cli.c - the kifu-* tools' common helpers (see cli.h).
 */
#include "lib/cli.h"
#include "lib/progress.h"

#include <kifu/notation.h>
#include <kifu/version.h>

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
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

void cli_shown(char *buf, size_t size, const char *s)
{
	size_t o = 0;
	if (!size)
		return;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int n = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : (*p & 0xF8) == 0xF0 ? 4 : 0;
		for (int i = 1; i < n; i++)
			if ((p[i] & 0xC0) != 0x80)
				n = 0;
		bool c1 = n == 2 && p[0] == 0xC2 && p[1] < 0xA0;
		if (n == 0 || c1 || *p < 0x20 || *p == 0x7F) {
			if (o + 5 > size)
				break;
			o += (size_t)snprintf(buf + o, size - o, "\\x%02X", *p);
			p++;
			continue;
		}
		if (o + (size_t)n + 1 > size)
			break;
		memcpy(buf + o, p, (size_t)n);
		o += (size_t)n;
		p += n;
	}
	buf[o] = 0;
}

/* Writes s to stderr as cli_shown shows it. */
static void put_shown(const char *s)
{
	char shown[4 * 4096 + 1];
	cli_shown(shown, sizeof shown, s);
	fputs(shown, stderr);
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	char msg[4096];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	progress_clear();
	fprintf(stderr, "%s: ", program);
	put_shown(msg);
	fputc('\n', stderr);
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
	char msg[4096];
	if (quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	progress_clear();
	fprintf(stderr, "%s: ", program);
	put_shown(msg);
	fputc('\n', stderr);
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

static int load_builtin(const char *name, const kifu_variant **out)
{
	kifu_diag diag;
	int rc;

	kifu_diag_clear(&diag);
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

int cli_variant_named(const char *name, const kifu_variant *own, const kifu_variant **out)
{
	if (own && !strcmp(kifu_variant_name(own), name)) {
		*out = own;
		return CLI_OK;
	}
	return load_builtin(name, out);
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
	if (name && strcmp(name, kifu_variant_name(v)) != 0) {
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
