/*
 * output.c - writing a tool's output (output.h).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "lib/output.h"
#include "lib/cli.h"
#include "lib/escape.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A file's stdio buffer: a picture or a record written in one write(2),
 * and no fstat(2) for stdio to choose a size. */
#define FILE_BUF (64 * 1024)

/* The temporary files being written, for the signal handler to remove.  A
 * tool writes one at a time; a few slots spare. */
#define MAX_TEMPS 4
static char *volatile temps[MAX_TEMPS];

static void remove_temps(int sig)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i])
			unlink(temps[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void track(char *tmp)
{
	static int installed;
	if (!installed) {
		installed = 1;
		int sigs[] = {SIGINT, SIGTERM, SIGHUP};
		for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
			struct sigaction sa;
			memset(&sa, 0, sizeof sa);
			sa.sa_handler = remove_temps;
			sigemptyset(&sa.sa_mask);
			sigaction(sigs[i], &sa, NULL);
		}
	}
	for (int i = 0; i < MAX_TEMPS; i++)
		if (!temps[i]) {
			temps[i] = tmp;
			return;
		}
}

static void untrack(const char *tmp)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i] == tmp)
			temps[i] = NULL;
}

void output_default_signals(void)
{
	signal(SIGPIPE, SIG_DFL);
}

/* Creates the temporary file beside target, PATH.tmpXXXXXX as mkstemp(3)
 * names it but with the mode given (open(2)'s: the umask applies), so that
 * a new file needs no fchmod.  O_EXCL and O_NOFOLLOW: a name that exists,
 * whatever it is (a symbolic link planted there), is never opened; the
 * next is tried.  The names need not be secret, only new: six letters of a
 * sequence seeded once from the process, the time and an address.  The
 * fd, or -1 with errno set. */
static int open_temp(char *tmp, size_t size, const char *target, mode_t mode)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static uint64_t state;
	if (!state) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		state = ((uint64_t)getpid() << 32) ^ (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^
			(uint64_t)(uintptr_t)&state;
	}
	size_t n = strlen(target);
	if (n + sizeof ".tmpXXXXXX" > size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(tmp, target, n);
	memcpy(tmp + n, ".tmp", 4);
	for (int attempt = 0; attempt < 1000; attempt++) {
		/* splitmix64 */
		uint64_t z = (state += 0x9E3779B97F4A7C15u);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
		z ^= z >> 31;
		for (int i = 0; i < 6; i++, z /= 62)
			tmp[n + 4 + i] = letters[z % 62];
		tmp[n + 10] = '\0';
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

static void output_clear(output *o)
{
	o->f = stdout;
	o->path = NULL;
	o->target = NULL;
	o->tmp = NULL;
	o->buf = NULL;
	o->existed = 0;
	o->in_dir = 0;
}

/* Standard output into a file or a pipe: written in blocks of FILE_BUF as
 * a named file is (the C library's block is 4 KiB: a system call every few
 * records); before anything is written to it, once. */
static void stdout_blocks(void)
{
	static char stdout_buf[FILE_BUF];
	static int stdout_set;
	if (!stdout_set && !isatty(STDOUT_FILENO))
		setvbuf(stdout, stdout_buf, _IOFBF, sizeof stdout_buf);
	stdout_set = 1;
}

/* The file a symbolic link at path names (a dangling one too: the file it
 * would make), or NULL (said). */
static char *link_target(const char *path)
{
	char *t = realpath(path, NULL);
	if (t)
		return t;
	char buf[PATH_MAX];
	ssize_t n = readlink(path, buf, sizeof buf - 1);
	if (n < 0) {
		cli_error("%s: %s", path, strerror(errno));
		return NULL;
	}
	buf[n] = 0;
	if (buf[0] != '/' && strrchr(path, '/')) {
		/* relative to the link's directory */
		size_t dir = (size_t)(strrchr(path, '/') - path) + 1;
		if ((t = malloc(dir + (size_t)n + 1)) != NULL) {
			memcpy(t, path, dir);
			memcpy(t + dir, buf, (size_t)n + 1);
		}
	} else {
		t = strdup(buf);
	}
	if (!t)
		cli_error("out of memory");
	return t;
}

/* The temporary file beside o->target (st: what is there now, when
 * exists), o->f on it.  CLI_OK, or CLI_USAGE after saying why. */
static int open_beside(output *o, int exists, const struct stat *st)
{
	size_t n = strlen(o->target) + 16;
	o->tmp = malloc(n);
	if (!o->tmp) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	/* the mode a new file gets from the umask (open's), or the replaced
	 * file's */
	o->existed = exists && S_ISREG(st->st_mode);
	int fd = open_temp(o->tmp, n, o->target, o->existed ? 0600 : 0666);
	if (fd >= 0)
		track(o->tmp);
	if (fd < 0 || (o->existed && fchmod(fd, st->st_mode & 07777) != 0) || !(o->f = fdopen(fd, "wb"))) {
		cli_error("%s: cannot create a temporary file: %s", o->path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
			untrack(o->tmp);
		}
		free(o->tmp);
		o->tmp = NULL;
		o->f = NULL;
		return CLI_USAGE;
	}
	if ((o->buf = malloc(FILE_BUF)) != NULL)
		setvbuf(o->f, o->buf, _IOFBF, FILE_BUF);
	return CLI_OK;
}

int output_open(output *o, const char *path)
{
	static int signals_set;
	output_clear(o);
	if (!signals_set) {
		output_default_signals();
		signals_set = 1;
	}
	if (!path || !strcmp(path, "-")) {
		stdout_blocks();
		return CLI_OK;
	}
	o->path = path;
	struct stat st;
	int exists = lstat(path, &st) == 0;
	if (exists && S_ISLNK(st.st_mode)) {
		/* write the file the link points to, and keep the link */
		if (!(o->target = link_target(path)))
			return CLI_USAGE;
		exists = stat(o->target, &st) == 0;
	} else if (!(o->target = strdup(path))) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	int rc = CLI_OK;
	if (exists && S_ISDIR(st.st_mode)) {
		cli_error("%s: is a directory", path);
		rc = CLI_USAGE;
	} else if (exists && !S_ISREG(st.st_mode)) {
		/* a device, a FIFO: written as it is, never replaced */
		if (!(o->f = fopen(o->target, "wb"))) {
			cli_error("%s: cannot open: %s", path, strerror(errno));
			rc = CLI_USAGE;
		}
	} else {
		rc = open_beside(o, exists, &st);
	}
	if (rc) {
		free(o->target);
		o->target = NULL;
		o->f = NULL;
	}
	return rc;
}

/* Whether anything was written to the temporary file (through f, or by
 * another writer of it: kifu-index's database). */
static int wrote_something(FILE *f)
{
	struct stat st;
	return fstat(fileno(f), &st) != 0 || st.st_size > 0;
}

int output_close(output *o, int ok)
{
	int failed = fflush(o->f) != 0 || ferror(o->f);
	int err = errno;
	int any = o->tmp && !failed ? wrote_something(o->f) : 1;
	if (o->f != stdout && fclose(o->f) != 0 && !failed) {
		failed = 1;
		err = errno;
	}
	const char *name = o->path ? o->path : "standard output";
	int status = CLI_OK;
	if (failed) {
		cli_error("%s: write error: %s", name, strerror(err));
		status = CLI_USAGE;
	}
	if (o->tmp) {
		/* a partial output makes a new file, never replaces one */
		int keep = !failed && any && (ok == 1 || (ok == OUTPUT_PARTIAL && !o->existed));
		if (keep && rename(o->tmp, o->target) != 0) {
			cli_error("%s: cannot replace it: %s", name, strerror(errno));
			status = CLI_USAGE;
			keep = 0;
		}
		if (!keep) {
			unlink(o->tmp);
			/* a failure is said where it happened; what became of
			 * the file is said here */
			if (!o->in_dir)
				cli_note("%s: %s: %s", name,
					 failed || !ok ? "not written, the run failed" :
					 !any ? "nothing written" : "not written whole",
					 o->existed ? "left as it was" : "not made");
		}
		untrack(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	free(o->target);
	o->target = NULL;
	free(o->buf); /* after fclose, which flushed it */
	o->buf = NULL;
	return status;
}

int output_names_dir(const char *path)
{
	struct stat sb;
	size_t n = path ? strlen(path) : 0;
	if (!n || !strcmp(path, "-"))
		return 0;
	return path[n - 1] == '/' || (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode));
}

/* --- a directory's files ------------------------------------------------------- */

/* The BASE of an input: its name without directory and extension,
 * "stdin" for standard input, cut between two characters to fit. */
static void file_base(const char *input, char *buf, size_t size)
{
	if (!input || !strcmp(input, "-")) {
		snprintf(buf, size, "stdin");
		return;
	}
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	const char *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	char whole[4096];
	snprintf(whole, sizeof whole, "%.*s", (int)len, base);
	len = escape_cut(whole, size - 1);
	memcpy(buf, whole, len);
	buf[len] = '\0';
}

void output_dir_free(struct output_dir *d)
{
	for (int i = 0; i < d->n; i++) {
		free(d->inputs[i]);
		free(d->bases[i]);
	}
	for (int i = 0; i < d->given; i++)
		free(d->reserved[i]);
	free(d->reserved);
	free(d->inputs);
	free(d->bases);
	free(d->devs);
	free(d->inos);
	memset(d, 0, sizeof *d);
}

/* Is base taken for the input coming after the d->n known: given to one
 * of them, or (suffixed: not the input's own) the own BASE of an input of
 * the command line, which that one will want? */
static int base_taken(const struct output_dir *d, const char *base, int suffixed)
{
	for (int k = 0; k < d->n; k++)
		if (!strcmp(d->bases[k], base))
			return 1;
	for (int k = 0; suffixed && k < d->given; k++)
		if (!strcmp(d->reserved[k], base))
			return 1;
	return 0;
}

/* The BASE of input (made and noted on first sight: its own, or when an
 * input before it has it, the first of BASE_2, BASE_3, ... that no input
 * has), or NULL when out of memory.  The same path is one input. */
static const char *base_of(struct output_dir *d, const char *input)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->inputs[i], input))
			return d->bases[i];
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 8;
		char **inputs = realloc(d->inputs, (size_t)cap * sizeof *inputs);
		if (inputs)
			d->inputs = inputs;
		char **bases = inputs ? realloc(d->bases, (size_t)cap * sizeof *bases) : NULL;
		if (!bases)
			return NULL;
		d->bases = bases;
		d->cap = cap;
	}
	char own[256], base[300];
	file_base(input, own, sizeof own);
	snprintf(base, sizeof base, "%s", own);
	for (int n = 2; base_taken(d, base, n > 2); n++)
		snprintf(base, sizeof base, "%s_%d", own, n);
	char *pi = strdup(input), *pb = strdup(base);
	if (!pi || !pb) {
		free(pi);
		free(pb);
		return NULL;
	}
	d->inputs[d->n] = pi;
	d->bases[d->n] = pb;
	return d->bases[d->n++];
}

int output_dir_open(struct output_dir *d, const char *path, int n, char *const inputs[])
{
	static char dash[] = "-";
	static char *const stdin_only[] = {dash};
	memset(d, 0, sizeof *d);
	d->path = path;
	if (n == 0) {
		n = 1;
		inputs = stdin_only;
	}
	struct stat sb;
	if (mkdir(path, 0777) != 0 && errno != EEXIST) {
		cli_error("%s: cannot create the directory: %s", path, strerror(errno));
		return CLI_USAGE;
	}
	if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		cli_error("%s: not a directory", path);
		return CLI_USAGE;
	}
	d->devs = malloc((size_t)n * sizeof *d->devs);
	d->inos = malloc((size_t)n * sizeof *d->inos);
	d->reserved = calloc((size_t)n, sizeof *d->reserved);
	int failed = !d->devs || !d->inos || !d->reserved;
	/* the own BASE of every input given is kept for it; then each gets
	 * its BASE, in their order */
	for (int i = 0; !failed && i < n; i++) {
		char own[256];
		file_base(inputs[i], own, sizeof own);
		failed = !(d->reserved[i] = strdup(own));
		d->given = i + 1;
	}
	for (int i = 0; !failed && i < n; i++) {
		failed = !base_of(d, inputs[i]);
		if (!failed && strcmp(inputs[i], "-") && stat(inputs[i], &sb) == 0) {
			d->devs[d->nids] = sb.st_dev;
			d->inos[d->nids++] = sb.st_ino;
		}
	}
	if (failed) {
		output_dir_free(d);
		cli_error("out of memory");
		return CLI_USAGE;
	}
	return CLI_OK;
}

int output_dir_file(output *o, struct output_dir *d, const char *input, long record, long ply,
		    const char *ext)
{
	output_clear(o);
	o->in_dir = 1;
	const char *base = base_of(d, input);
	if (!base) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	char name[PATH_MAX];
	const char *slash = d->path[strlen(d->path) - 1] == '/' ? "" : "/";
	int n = ply < 0 ? snprintf(name, sizeof name, "%s%s%s-%04ld.%s", d->path, slash, base, record, ext) :
			  snprintf(name, sizeof name, "%s%s%s-%04ld-%04ld.%s", d->path, slash, base, record,
				   ply, ext);
	if (n < 0 || (size_t)n >= sizeof name) {
		cli_error("%s: a file name in it would be longer than %d bytes", d->path, PATH_MAX - 1);
		return CLI_USAGE;
	}
	if (!(o->target = strdup(name))) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	o->path = o->target;
	/* what is under the name now, not followed: a link is replaced */
	struct stat st;
	int exists = lstat(name, &st) == 0;
	for (int i = 0; exists && i < d->nids; i++)
		if (st.st_dev == d->devs[i] && st.st_ino == d->inos[i]) {
			cli_error("%s: one of the inputs: not replaced", name);
			exists = -1;
		}
	if (exists > 0 && S_ISDIR(st.st_mode)) {
		cli_error("%s: is a directory", name);
		exists = -1;
	}
	if (exists < 0 || open_beside(o, exists, &st)) {
		free(o->target);
		o->target = NULL;
		o->path = NULL;
		o->f = NULL;
		return CLI_USAGE;
	}
	return CLI_OK;
}
