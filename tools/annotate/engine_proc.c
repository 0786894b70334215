/*
 * engine_proc.c - an engine as a child process (engine_proc.h).
 */
#include "annotate/engine_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double proc_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void proc_path_setup(void)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	size_t n = strlen(path);
	if (strstr(path, "/usr/games"))
		return;
	char *p = malloc(n + sizeof ":/usr/games");
	if (!p)
		return;
	memcpy(p, path, n);
	memcpy(p + n, ":/usr/games", sizeof ":/usr/games");
	setenv("PATH", p, 1);
	free(p);
}

int proc_start(engine_proc *p, const char *cmd, int log_fd, char *why, size_t size)
{
	int in[2], out[2];
	memset(p, 0, sizeof *p);
	p->status = -1;
	p->to_engine = p->from_engine = -1;
	if (pipe(in) != 0) {
		snprintf(why, size, "cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe(out) != 0) {
		snprintf(why, size, "cannot make a pipe: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		return -1;
	}
	size_t n = strlen(cmd);
	char *script = malloc(n + 6);
	if (!script) {
		snprintf(why, size, "out of memory");
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		return -1;
	}
	memcpy(script, "exec ", 5);
	memcpy(script + 5, cmd, n + 1);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, size, "cannot start a process: %s", strerror(errno));
		free(script);
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		return -1;
	}
	if (pid == 0) {
		/* the child: its own process group, pipes on 0 and 1, the log
		 * on 2, default signals, PATH with /usr/games */
		setpgid(0, 0);
		dup2(in[0], 0);
		dup2(out[1], 1);
		if (log_fd >= 0)
			dup2(log_fd, 2);
		for (int fd = 3; fd < 256; fd++)
			close(fd);
		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		/* the worker that forks blocks these signals (batch.c), and a
		 * mask outlives exec: the engine gets none blocked */
		sigset_t none;
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		execl("/bin/sh", "sh", "-c", script, (char *)NULL);
		_exit(127);
	}
	free(script);
	setpgid(pid, pid); /* both sides set it: whichever runs first */
	close(in[0]);
	close(out[1]);
	fcntl(in[1], F_SETFD, FD_CLOEXEC);
	fcntl(out[0], F_SETFD, FD_CLOEXEC);
	p->pid = pid;
	p->to_engine = in[1];
	p->from_engine = out[0];
	return 0;
}

int proc_send(engine_proc *p, const char *line)
{
	if (p->to_engine < 0)
		return -1;
	size_t n = strlen(line);
	char small[1024];
	char *buf = n + 1 <= sizeof small ? small : malloc(n + 1);
	if (!buf)
		return -1;
	memcpy(buf, line, n);
	buf[n] = '\n';
	size_t done = 0;
	int rc = 0;
	while (done < n + 1) {
		ssize_t w = write(p->to_engine, buf + done, n + 1 - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			rc = -1;
			break;
		}
		done += (size_t)w;
	}
	if (buf != small)
		free(buf);
	return rc;
}

int proc_line(engine_proc *p, char *line, size_t size, double deadline)
{
	for (;;) {
		/* a whole line already read? */
		char *nl = memchr(p->buf + p->pos, '\n', p->len - p->pos);
		if (nl) {
			size_t n = (size_t)(nl - (p->buf + p->pos));
			size_t keep = n;
			if (keep && p->buf[p->pos + keep - 1] == '\r')
				keep--;
			if (keep >= size)
				keep = size - 1;
			memcpy(line, p->buf + p->pos, keep);
			line[keep] = 0;
			p->pos += n + 1;
			return 1;
		}
		if (p->pos > 0) {
			memmove(p->buf, p->buf + p->pos, p->len - p->pos);
			p->len -= p->pos;
			p->pos = 0;
		}
		if (p->len >= PROC_LINE_MAX) {
			p->len = 0; /* the rest of that line goes too */
			return -2;
		}
		if (p->from_engine < 0)
			return 0;
		double left = deadline - proc_now();
		if (left <= 0 || proc_interrupted)
			return -1;
		if (left > 0.25)
			left = 0.25; /* a look at proc_interrupted this often */
		struct pollfd pfd = {p->from_engine, POLLIN, 0};
		int ms = left > 1e6 ? 1000000000 : (int)(left * 1000) + 1;
		int r = poll(&pfd, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			continue; /* the deadline and the interrupt are checked above */
		ssize_t got = read(p->from_engine, p->buf + p->len, PROC_LINE_MAX - p->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			/* its end: a last line without a newline still counts */
			if (p->len > 0) {
				p->buf[p->len++] = '\n';
				continue;
			}
			close(p->from_engine);
			p->from_engine = -1;
			return 0;
		}
		p->len += (size_t)got;
	}
}

/* Waits for the engine up to `seconds`; 1 if it was reaped. */
static int reap(engine_proc *p, double seconds)
{
	if (!p->pid)
		return 1;
	double until = proc_now() + seconds;
	for (;;) {
		int st;
		pid_t r = waitpid(p->pid, &st, WNOHANG);
		if (r == p->pid || (r < 0 && errno != EINTR)) {
			p->status = r == p->pid ? st : -1;
			p->pid = 0;
			return 1;
		}
		if (proc_now() >= until)
			return 0;
		struct timespec ts = {0, 10 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
}

void proc_stop(engine_proc *p)
{
	if (p->to_engine >= 0) {
		close(p->to_engine);
		p->to_engine = -1;
	}
	if (p->pid && !reap(p, 0.5)) {
		kill(-p->pid, SIGKILL);
		kill(p->pid, SIGKILL);
		reap(p, 5);
	}
	if (p->from_engine >= 0) {
		close(p->from_engine);
		p->from_engine = -1;
	}
	p->len = p->pos = 0;
}

void proc_exit_words(engine_proc *p, char *buf, size_t size)
{
	if (p->pid && !reap(p, 1)) {
		snprintf(buf, size, "closed its output");
		return;
	}
	int st = p->status;
	if (st < 0)
		snprintf(buf, size, "is gone");
	else if (WIFSIGNALED(st))
		snprintf(buf, size, "was killed by signal %d", WTERMSIG(st));
	else if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
		snprintf(buf, size, "was not found (exit status 127)");
	else if (WIFEXITED(st) && WEXITSTATUS(st) == 126)
		snprintf(buf, size, "could not be run (exit status 126)");
	else if (WIFEXITED(st))
		snprintf(buf, size, "exited with status %d", WEXITSTATUS(st));
	else
		snprintf(buf, size, "is gone");
}
