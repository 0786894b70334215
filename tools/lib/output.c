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
 * a new file needs no fchmod.  O_EXCL: a name that exists, whatever it is,
 * is never opened; the next is tried.  The names need not be secret, only
 * new: six letters of a sequence seeded once from the process, the time
 * and an address.  The fd, or -1 with errno set. */
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
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

int output_open(output *o, const char *path)
{
	static int signals_set;
	o->f = stdout;
	o->path = NULL;
	o->target = NULL;
	o->tmp = NULL;
	o->buf = NULL;
	if (!signals_set) {
		output_default_signals();
		signals_set = 1;
	}
	if (!path || !strcmp(path, "-")) {
		/* standard output into a file or a pipe: written in blocks of
		 * FILE_BUF as a named file is (the C library's block is 4 KiB:
		 * a system call every few records); before anything is written
		 * to it, once */
		static char stdout_buf[FILE_BUF];
		static int stdout_set;
		if (!stdout_set && !isatty(STDOUT_FILENO))
			setvbuf(stdout, stdout_buf, _IOFBF, sizeof stdout_buf);
		stdout_set = 1;
		return CLI_OK;
	}
	o->path = path;
	struct stat st;
	int exists = lstat(path, &st) == 0;
	if (exists && S_ISLNK(st.st_mode)) {
		/* write the file the link points to, and keep the link */
		o->target = realpath(path, NULL);
		exists = o->target && stat(o->target, &st) == 0;
		if (!o->target) {
			/* a dangling link: make the file it names */
			char buf[PATH_MAX];
			ssize_t n = readlink(path, buf, sizeof buf - 1);
			if (n < 0) {
				cli_error("%s: %s", path, strerror(errno));
				return CLI_USAGE;
			}
			buf[n] = 0;
			if (buf[0] != '/' && strrchr(path, '/')) {
				/* relative to the link's directory */
				size_t dir = (size_t)(strrchr(path, '/') - path) + 1;
				o->target = malloc(dir + (size_t)n + 1);
				if (o->target) {
					memcpy(o->target, path, dir);
					memcpy(o->target + dir, buf, (size_t)n + 1);
				}
			} else {
				o->target = strdup(buf);
			}
		}
	} else {
		o->target = strdup(path);
	}
	if (!o->target) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	if (exists && S_ISDIR(st.st_mode)) {
		cli_error("%s: is a directory", path);
		free(o->target);
		o->target = NULL;
		return CLI_USAGE;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		/* a device, a FIFO: written as it is, never replaced */
		if (!(o->f = fopen(o->target, "wb"))) {
			cli_error("%s: cannot open: %s", path, strerror(errno));
			free(o->target);
			o->target = NULL;
			return CLI_USAGE;
		}
		return CLI_OK;
	}
	size_t n = strlen(o->target) + 16;
	o->tmp = malloc(n);
	if (!o->tmp) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	/* the mode a new file gets from the umask (open's), or the replaced
	 * file's */
	int fd = open_temp(o->tmp, n, o->target, exists ? 0600 : 0666);
	if (fd >= 0)
		track(o->tmp);
	if (fd < 0 || (exists && fchmod(fd, st.st_mode & 07777) != 0) || !(o->f = fdopen(fd, "wb"))) {
		cli_error("%s: cannot create a temporary file: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
			untrack(o->tmp);
		}
		free(o->tmp);
		free(o->target);
		o->tmp = o->target = NULL;
		o->f = NULL;
		return CLI_USAGE;
	}
	if ((o->buf = malloc(FILE_BUF)) != NULL)
		setvbuf(o->f, o->buf, _IOFBF, FILE_BUF);
	return CLI_OK;
}

int output_close(output *o, int ok)
{
	int failed = fflush(o->f) != 0 || ferror(o->f);
	int err = errno;
	if (o->f != stdout && fclose(o->f) != 0 && !failed) {
		failed = 1;
		err = errno;
	}
	if (o->tmp) {
		if (failed || !ok || rename(o->tmp, o->target) != 0) {
			if (!failed && ok) {
				failed = 1;
				err = errno;
			}
			unlink(o->tmp);
		}
		untrack(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	free(o->target);
	o->target = NULL;
	free(o->buf); /* after fclose, which flushed it */
	o->buf = NULL;
	if (failed) {
		cli_error("%s: write error: %s", o->path ? o->path : "standard output", strerror(err));
		return CLI_USAGE;
	}
	return CLI_OK;
}

int output_names_dir(const char *path)
{
	struct stat sb;
	size_t n = path ? strlen(path) : 0;
	if (!n || !strcmp(path, "-"))
		return 0;
	return path[n - 1] == '/' || (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode));
}

int output_make_dir(const char *dir)
{
	struct stat sb;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		cli_error("%s: cannot create the directory: %s", dir, strerror(errno));
		return CLI_USAGE;
	}
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		cli_error("%s: not a directory", dir);
		return CLI_USAGE;
	}
	return CLI_OK;
}

void output_file_base(const char *input, char *buf, size_t size)
{
	if (!input || !strcmp(input, "-")) {
		snprintf(buf, size, "stdin");
		return;
	}
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	const char *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	/* cut between two characters when it does not fit */
	char whole[4096];
	snprintf(whole, sizeof whole, "%.*s", (int)len, base);
	len = size ? escape_cut(whole, size - 1) : 0;
	if (size) {
		memcpy(buf, whole, len);
		buf[len] = '\0';
	}
}

struct base_of {
	char base[256];
	int index;
};

static int by_base(const void *a, const void *b)
{
	const struct base_of *x = a, *y = b;
	int c = strcmp(x->base, y->base);
	return c ? c : (x->index > y->index) - (x->index < y->index);
}

int output_bases_differ(int n, char *const inputs[])
{
	if (n < 2)
		return CLI_OK;
	struct base_of *b = malloc((size_t)n * sizeof *b);
	if (!b) {
		cli_error("out of memory");
		return CLI_USAGE;
	}
	for (int i = 0; i < n; i++) {
		output_file_base(inputs[i], b[i].base, sizeof b[i].base);
		b[i].index = i;
	}
	qsort(b, (size_t)n, sizeof *b, by_base);
	int status = CLI_OK;
	for (int i = 1; i < n && status == CLI_OK; i++)
		if (!strcmp(b[i - 1].base, b[i].base)) {
			cli_error("%s and %s would write the same files (%s-...): use two runs",
				  inputs[b[i - 1].index], inputs[b[i].index], b[i].base);
			status = CLI_USAGE;
		}
	free(b);
	return status;
}
