/*
 * run-cases - runs the golden test cases (the .test files of tests/cases/): for each
 * case a shell command, its standard input, and the standard output,
 * standard error and exit status expected of it, byte for byte (the format
 * is tests/cases/README.md's).
 *
 *     run-cases [--update] BINDIR FILE.test...
 *
 * Each case runs with bash from the current directory (the repository's
 * top), BINDIR first on PATH, $T a fresh empty directory of its own (removed
 * afterwards), LC_ALL=C, for at most KIFU_CASE_TIMEOUT seconds (default 300).
 * A failing case prints "FAIL FILE:LINE: NAME: ..." and a unified diff of
 * what differs.  --update writes what the commands printed into the files
 * instead (the expected lines of every case), for a change whose new output
 * is then read by hand in `git diff` before it is committed.  Exit status: 0
 * every case passed, 1 some failed, 2 usage or a file that is not a case file.
 */
/* realpath */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A growing byte buffer. */
typedef struct {
	char *p;
	size_t n, cap;
} buf;

static void buf_add(buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			fprintf(stderr, "run-cases: out of memory\n");
			exit(2);
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

/* One case of a file: where it starts, its name, its parts. */
typedef struct {
	long line;     /* of its "==" line */
	long end_line; /* the last line of its expectations */
	char *name;
	buf script, in, out, err;
	char *out_file, *err_file; /* ">@ FILE": the expected output is FILE's */
	int status;
} test_case;

static void case_free(test_case *c)
{
	free(c->name);
	free(c->script.p);
	free(c->in.p);
	free(c->out.p);
	free(c->err.p);
	free(c->out_file);
	free(c->err_file);
	memset(c, 0, sizeof *c);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	buf b = {0};
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&b, chunk, n);
	fclose(f);
	if (!b.p)
		buf_add(&b, "", 0);
	*len = b.n;
	return b.p;
}

static int write_file(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	size_t w = fwrite(s, 1, n, f);
	return fclose(f) == 0 && w == n ? 0 : -1;
}

/* Adds s[0..n) to b with every occurrence of the case's directory (tdir, a
 * new name each run) written as "$T", so that an expected output can name
 * the files a case made there. */
static const char *find(const char *s, size_t n, const char *w, size_t wl)
{
	for (const char *p = s; wl && (size_t)(s + n - p) >= wl; p++) {
		p = memchr(p, w[0], (size_t)(s + n - p) - wl + 1);
		if (!p)
			return NULL;
		if (!memcmp(p, w, wl))
			return p;
	}
	return NULL;
}

static void add_named(buf *b, const char *s, size_t n, const char *tdir)
{
	size_t tl = strlen(tdir), i = 0;
	while (i < n) {
		const char *hit = find(s + i, n - i, tdir, tl);
		size_t upto = hit ? (size_t)(hit - s) : n;
		buf_add(b, s + i, upto - i);
		if (!hit)
			break;
		buf_add(b, "$T", 2);
		i = upto + tl;
	}
}

/* Runs c->script; fills *out, *err and *status.  Returns 0, or -1 when the
 * command could not be run or ran past the time limit (said in *why). */
static int run(const test_case *c, const char *bindir, int timeout, buf *out, buf *err,
	       int *status, const char **why)
{
	char dir[] = "/tmp/kifu-case.XXXXXX";
	if (!mkdtemp(dir)) {
		*why = "cannot make a temporary directory";
		return -1;
	}
	char tdir[sizeof dir + 4], in_path[sizeof dir + 8], out_path[sizeof dir + 8],
		err_path[sizeof dir + 8];
	snprintf(tdir, sizeof tdir, "%s/t", dir);
	snprintf(in_path, sizeof in_path, "%s/in", dir);
	snprintf(out_path, sizeof out_path, "%s/out", dir);
	snprintf(err_path, sizeof err_path, "%s/err", dir);
	mkdir(tdir, 0700);
	write_file(in_path, c->in.p ? c->in.p : "", c->in.n);
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		int fd0 = open(in_path, O_RDONLY), fd1 = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600),
		    fd2 = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd0 < 0 || fd1 < 0 || fd2 < 0)
			_exit(127);
		dup2(fd0, 0);
		dup2(fd1, 1);
		dup2(fd2, 2);
		const char *path = getenv("PATH");
		buf p = {0};
		buf_add(&p, bindir, strlen(bindir));
		buf_add(&p, ":", 1);
		buf_add(&p, path ? path : "/usr/bin:/bin", strlen(path ? path : "/usr/bin:/bin"));
		setenv("PATH", p.p, 1);
		setenv("T", tdir, 1);
		setenv("LC_ALL", "C", 1);
		setenv("BIN", bindir, 1);
		execl("/bin/bash", "bash", "-c", c->script.p ? c->script.p : "", (char *)NULL);
		_exit(127);
	}
	if (pid < 0) {
		*why = "cannot fork";
		return -1;
	}
	int st = 0;
	time_t start = time(NULL);
	bool late = false;
	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			break;
		if (time(NULL) - start > timeout) {
			kill(-pid, SIGKILL);
			waitpid(pid, &st, 0);
			late = true;
			break;
		}
		struct timespec ts = {0, 2000000};
		nanosleep(&ts, NULL);
	}
	/* what the command left running in its group (a server, say) */
	kill(-pid, SIGKILL);
	size_t n;
	char *o = slurp(out_path, &n);
	if (o)
		add_named(out, o, n, tdir);
	free(o);
	char *e = slurp(err_path, &n);
	if (e)
		add_named(err, e, n, tdir);
	free(e);
	char cmd[sizeof dir + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "run-cases: could not remove %s\n", dir);
	if (late) {
		*why = "ran past the time limit (KIFU_CASE_TIMEOUT)";
		return -1;
	}
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return 0;
}

/* Prints a unified diff of what was expected and what came. */
static void show_diff(const char *what, const buf *want, const buf *got)
{
	char dir[] = "/tmp/kifu-diff.XXXXXX";
	if (!mkdtemp(dir))
		return;
	char a[64], b[64], cmd[256];
	snprintf(a, sizeof a, "%s/expected-%s", dir, what);
	snprintf(b, sizeof b, "%s/got-%s", dir, what);
	write_file(a, want->p ? want->p : "", want->n);
	write_file(b, got->p ? got->p : "", got->n);
	snprintf(cmd, sizeof cmd, "cd '%s' && diff -u --text expected-%s got-%s; rm -rf '%s'", dir, what,
		 what, dir);
	fflush(stdout);
	if (system(cmd) < 0)
		fprintf(stderr, "run-cases: cannot run diff\n");
}

static bool same(const buf *a, const buf *b)
{
	return a->n == b->n && (a->n == 0 || !memcmp(a->p, b->p, a->n));
}

/* Writes an output as expectation lines with the marker ("> " or "! "); a
 * last line without its line end is followed by the marker and "\". */
static void put_lines(buf *to, char marker, const buf *b)
{
	size_t i = 0;
	while (i < b->n) {
		const char *nl = memchr(b->p + i, '\n', b->n - i);
		size_t len = nl ? (size_t)(nl - (b->p + i)) : b->n - i;
		char m[2] = {marker, ' '};
		buf_add(to, m, len ? 2 : 1);
		buf_add(to, b->p + i, len);
		buf_add(to, "\n", 1);
		if (!nl) {
			char end[3] = {marker, '\\', '\n'};
			buf_add(to, end, 3);
		}
		i += len + 1;
	}
}

typedef struct {
	int passed, failed;
} tally;

/* Reads one file's cases, runs them, and with update rewrites the file. */
static int run_file(const char *path, const char *bindir, bool update, int timeout, tally *t)
{
	size_t len;
	char *text = slurp(path, &len);
	if (!text) {
		fprintf(stderr, "run-cases: %s: %s\n", path, strerror(errno));
		return 2;
	}
	buf rewritten = {0};
	test_case c = {0};
	bool in_case = false;
	long lineno = 0;
	size_t i = 0;
	int rc = 0;
	/* with --update: blank and comment lines after a case's command and
	 * input, written after its new expectations */
	buf pending = {0};
	for (;;) {
		bool at_end = i >= len;
		const char *line = text + i;
		const char *nl = at_end ? NULL : memchr(line, '\n', len - i);
		size_t ll = at_end ? 0 : nl ? (size_t)(nl - line) : len - i;
		size_t next = at_end ? len : i + ll + (nl ? 1 : 0);
		lineno += !at_end;
		bool starts_case = !at_end && ll >= 2 && !memcmp(line, "==", 2);
		if (in_case && (at_end || starts_case)) {
			/* run the case that ends here */
			buf out = {0}, err = {0};
			int status = 0;
			const char *why = NULL;
			bool ok;
			if (run(&c, bindir, timeout, &out, &err, &status, &why) < 0) {
				printf("FAIL %s:%ld: %s: %s\n", path, c.line, c.name, why);
				ok = false;
			} else {
				ok = status == c.status && same(&out, &c.out) && same(&err, &c.err);
				if (!ok && !update) {
					printf("FAIL %s:%ld: %s", path, c.line, c.name);
					if (status != c.status)
						printf(": exit status %d, expected %d", status, c.status);
					printf("\n");
					if (!same(&out, &c.out))
						show_diff("stdout", &c.out, &out);
					if (!same(&err, &c.err))
						show_diff("stderr", &c.err, &err);
				}
			}
			if (update) {
				/* the case as written up to its expectations, then the
				 * new ones */
				if (c.out_file) {
					buf_add(&rewritten, ">@ ", 3);
					buf_add(&rewritten, c.out_file, strlen(c.out_file));
					buf_add(&rewritten, "\n", 1);
					if (!same(&out, &c.out) && write_file(c.out_file, out.p ? out.p : "", out.n) == 0)
						printf("updated %s\n", c.out_file);
				} else {
					put_lines(&rewritten, '>', &out);
				}
				if (c.err_file) {
					buf_add(&rewritten, "!@ ", 3);
					buf_add(&rewritten, c.err_file, strlen(c.err_file));
					buf_add(&rewritten, "\n", 1);
					if (!same(&err, &c.err) && write_file(c.err_file, err.p ? err.p : "", err.n) == 0)
						printf("updated %s\n", c.err_file);
				} else {
					put_lines(&rewritten, '!', &err);
				}
				if (status) {
					char s[32];
					int n = snprintf(s, sizeof s, "? %d\n", status);
					buf_add(&rewritten, s, (size_t)n);
				}
				if (pending.n)
					buf_add(&rewritten, pending.p, pending.n);
				pending.n = 0;
				ok = true;
			}
			if (ok)
				t->passed++;
			else
				t->failed++;
			free(out.p);
			free(err.p);
			case_free(&c);
			in_case = false;
		}
		if (at_end)
			break;
		char m = ll ? line[0] : 0;
		const char *rest = ll >= 2 && line[1] == ' ' ? line + 2 : line + 1;
		size_t rl = ll >= 2 && line[1] == ' ' ? ll - 2 : (ll ? ll - 1 : 0);
		bool expectation = in_case && (m == '>' || m == '!' || m == '?');
		if (update && !expectation) {
			if (in_case && !starts_case && (ll == 0 || m == '#')) {
				buf_add(&pending, line, next - i);
			} else {
				if (pending.n)
					buf_add(&rewritten, pending.p, pending.n);
				pending.n = 0;
				buf_add(&rewritten, line, next - i);
			}
		}
		if (starts_case) {
			in_case = true;
			c.line = lineno;
			const char *nm = line + 2;
			size_t nn = ll - 2;
			while (nn && *nm == ' ')
				nm++, nn--;
			c.name = strndup(nm, nn);
		} else if (!in_case || ll == 0 || m == '#') {
			if (!in_case && ll && m != '#') {
				fprintf(stderr, "run-cases: %s:%ld: a line outside a case (a case begins with ==)\n",
					path, lineno);
				rc = 2;
				break;
			}
		} else if (m == '$') {
			buf_add(&c.script, rest, rl);
			buf_add(&c.script, "\n", 1);
		} else if (m == '<') {
			if (rl == 0 && ll == 2 && line[1] == '\\') {
				if (c.in.n)
					c.in.p[--c.in.n] = 0;
			} else {
				buf_add(&c.in, rest, rl);
				buf_add(&c.in, "\n", 1);
			}
		} else if ((m == '>' || m == '!') && ll > 3 && line[1] == '@' && line[2] == ' ') {
			char **file = m == '>' ? &c.out_file : &c.err_file;
			buf *b = m == '>' ? &c.out : &c.err;
			free(*file);
			*file = strndup(line + 3, ll - 3);
			size_t fl;
			char *content = slurp(*file, &fl);
			if (!content) {
				fprintf(stderr, "run-cases: %s:%ld: %s: %s\n", path, lineno, *file, strerror(errno));
				if (!update) {
					rc = 2;
					break;
				}
			} else {
				buf_add(b, content, fl);
				free(content);
			}
		} else if (m == '>' || m == '!') {
			buf *b = m == '>' ? &c.out : &c.err;
			if (ll == 2 && line[1] == '\\') {
				if (b->n)
					b->p[--b->n] = 0; /* the last line has no line end */
			} else {
				buf_add(b, rest, rl);
				buf_add(b, "\n", 1);
			}
		} else if (m == '?') {
			c.status = atoi(rest);
		} else {
			fprintf(stderr, "run-cases: %s:%ld: a case's line starts with $ < > ! ? or #\n", path,
				lineno);
			rc = 2;
			break;
		}
		i = next;
	}
	case_free(&c);
	if (pending.n)
		buf_add(&rewritten, pending.p, pending.n);
	free(pending.p);
	if (update && rc == 0 && (rewritten.n != len || memcmp(rewritten.p, text, len))) {
		if (write_file(path, rewritten.p ? rewritten.p : "", rewritten.n) < 0) {
			fprintf(stderr, "run-cases: cannot write %s\n", path);
			rc = 2;
		} else {
			printf("updated %s\n", path);
		}
	}
	free(rewritten.p);
	free(text);
	return rc;
}

int main(int argc, char **argv)
{
	bool update = false;
	int a = 1;
	if (a < argc && !strcmp(argv[a], "--update")) {
		update = true;
		a++;
	}
	if (argc - a < 1) {
		fprintf(stderr, "usage: run-cases [--update] BINDIR FILE.test...\n");
		return 2;
	}
	char *bindir = realpath(argv[a], NULL);
	if (!bindir) {
		fprintf(stderr, "run-cases: %s: %s\n", argv[a], strerror(errno));
		return 2;
	}
	a++;
	const char *to = getenv("KIFU_CASE_TIMEOUT");
	int timeout = to && atoi(to) > 0 ? atoi(to) : 300;
	tally t = {0, 0};
	int rc = 0;
	for (; a < argc; a++) {
		int r = run_file(argv[a], bindir, update, timeout, &t);
		if (r > rc)
			rc = r;
	}
	printf("%d cases passed, %d failed\n", t.passed, t.failed);
	free(bindir);
	if (rc)
		return rc;
	return t.failed ? 1 : 0;
}
