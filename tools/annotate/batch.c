/*
 * batch.c - kifu-annotate's run (batch.h).
 *
 * The main thread reads the records (inputs_each_record), copies each into
 * a free slot and hands it to the workers; a worker takes the earliest
 * waiting record, analyses it with its own engine and hands back what is
 * to be written, messages included.  The main thread writes the slots in
 * the order of the records, so that the output (and standard error) is the
 * same whatever -j.  A record is written whole or not at all: on SIGINT or
 * SIGTERM the reading stops, the records complete so far are written, the
 * output is closed as a finished one (a -o file then holds them), and the
 * engines are stopped.
 */
#define _XOPEN_SOURCE 700
#include "annotate/batch.h"
#include "annotate/engine_proc.h"
#include "lib/cli.h"
#include "lib/output.h"
#include "lib/progress.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum slot_state { SLOT_FREE, SLOT_QUEUED, SLOT_RUNNING, SLOT_DONE };

struct slot {
	kifu_record *rec;
	const kifu_variant *v;
	long seq;
	enum slot_state state;
	struct annotate_result res;
};

struct batch {
	const struct annotate_options *opt;
	int nworkers;
	pthread_t *threads;
	struct engine *engines;
	struct slot *slots;
	int nslots;
	pthread_mutex_t mu;
	pthread_cond_t work_cv, done_cv;
	long next_seq, next_write;
	int closing;
	int cut;        /* an interrupted record came next in order: nothing more is written */
	output out;
	long written;
	int status;
	long records, positions, analysed, errors, illegal;
	long total_positions;
};

volatile sig_atomic_t proc_interrupted;
static char *volatile temp_path;

static void on_signal(int sig)
{
	if (!proc_interrupted) {
		proc_interrupted = 1;
		return;
	}
	/* a second one: give up at once, leaving no temporary file */
	if (temp_path)
		unlink(temp_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void *worker(void *arg);

struct worker_arg {
	struct batch *b;
	int i;
};

/* Writes slot s: its messages, then its text. */
static void write_slot(struct batch *b, struct slot *s)
{
	struct annotate_result *r = &s->res;
	for (int i = 0; i < r->nnotes; i++) {
		if (r->notes[i].about_record)
			cli_record_diag(&r->notes[i].diag);
		else
			cli_diag(&r->notes[i].diag);
	}
	if (r->text && r->len) {
		if (b->written && !b->opt->json && r->notation) {
			kifu_notation_info info;
			int n = kifu_notation_find(r->notation);
			if (n >= 0 && kifu_notation_at(n, &info) == 0)
				fputs(info.between, b->out.f);
		}
		fwrite(r->text, 1, r->len, b->out.f);
		/* record by record: what was analysed is never lost */
		fflush(b->out.f);
		b->written++;
	}
	if (r->status > b->status)
		b->status = r->status;
	b->records++;
	b->positions += r->positions;
	b->analysed += r->analysed;
	b->errors += r->engine_errors;
	b->illegal += r->illegal;
	annotate_result_free(r);
	s->state = SLOT_FREE;
}

/* Writes the slots that are done and next in order, up to the first that
 * an interrupt left incomplete (neither it nor any record after it is
 * written: the output holds the records before it, whole).  Called
 * locked. */
static void flush_ready(struct batch *b)
{
	while (!b->cut) {
		struct slot *next = NULL;
		for (int i = 0; i < b->nslots; i++)
			if (b->slots[i].state == SLOT_DONE && b->slots[i].seq == b->next_write)
				next = &b->slots[i];
		if (!next)
			break;
		if (next->res.interrupted) {
			b->cut = 1;
			break;
		}
		write_slot(b, next);
		b->next_write++;
	}
	progress_units_done(b->records, b->positions, b->total_positions);
}

static void wait_a_little(struct batch *b)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 200 * 1000 * 1000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	pthread_cond_timedwait(&b->done_cv, &b->mu, &ts);
}

static int on_record(void *ctx, const kifu_record *rec, const kifu_variant *v, long index)
{
	struct batch *b = ctx;
	(void)index;
	if (proc_interrupted)
		return INPUTS_STOP; /* no more reading: the run ends */
	pthread_mutex_lock(&b->mu);
	struct slot *free_slot = NULL;
	while (!proc_interrupted) {
		flush_ready(b);
		for (int i = 0; i < b->nslots && !free_slot; i++)
			if (b->slots[i].state == SLOT_FREE)
				free_slot = &b->slots[i];
		if (free_slot)
			break;
		wait_a_little(b);
	}
	if (free_slot) {
		if (kifu_record_copy(free_slot->rec, rec) != 0) {
			pthread_mutex_unlock(&b->mu);
			cli_error("out of memory");
			return CLI_USAGE;
		}
		free_slot->v = v;
		free_slot->seq = b->next_seq++;
		free_slot->state = SLOT_QUEUED;
		pthread_cond_broadcast(&b->work_cv);
	}
	pthread_mutex_unlock(&b->mu);
	return free_slot ? CLI_OK : INPUTS_STOP;
}

static void *worker(void *arg)
{
	struct worker_arg *wa = arg;
	struct batch *b = wa->b;
	struct engine *e = &b->engines[wa->i];
	/* SIGPIPE from an engine that died is a write error here, and the
	 * main thread takes the interrupts */
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	pthread_mutex_lock(&b->mu);
	/* after an interrupt no record is begun: it could not be complete */
	while (!proc_interrupted) {
		struct slot *s = NULL;
		for (int i = 0; i < b->nslots; i++)
			if (b->slots[i].state == SLOT_QUEUED && (!s || b->slots[i].seq < s->seq))
				s = &b->slots[i];
		if (!s) {
			if (b->closing)
				break;
			pthread_cond_wait(&b->work_cv, &b->mu);
			continue;
		}
		s->state = SLOT_RUNNING;
		pthread_mutex_unlock(&b->mu);
		annotate_record(b->opt, e, s->rec, s->v, &s->res);
		pthread_mutex_lock(&b->mu);
		s->state = SLOT_DONE;
		pthread_cond_broadcast(&b->done_cv);
	}
	pthread_mutex_unlock(&b->mu);
	engine_free(e);
	return NULL;
}

/* The positions of the whole run, for the ETA: the records read once
 * before, when every input is a regular file and a terminal shows the
 * line (nothing is said of them: the run says it). */
static long count_positions(const struct annotate_options *opt, int nfiles, char *const files[],
			    struct inputs_variants *vars)
{
	if (!isatty(STDERR_FILENO) || nfiles == 0)
		return 0;
	long total = 0;
	kifu_record *rec = NULL;
	if (kifu_record_new(&rec))
		return 0;
	for (int i = 0; i < nfiles; i++) {
		struct stat st;
		if (!strcmp(files[i], "-") || stat(files[i], &st) != 0 || !S_ISREG(st.st_mode)) {
			total = 0;
			break;
		}
		FILE *f = fopen(files[i], "rb");
		kifu_reader *reader = NULL;
		kifu_stream *stream = NULL;
		if (!f)
			continue;
		kifu_stream_options so = KIFU_STREAM_OPTIONS_INIT;
		so.variants = vars->set;
		so.fallback = vars->fallback;
		so.notation = vars->notation;
		if (kifu_reader_new(&reader, f, files[i]) == 0 && kifu_stream_new(&stream, reader, &so) == 0) {
			const kifu_variant *v;
			kifu_diag d;
			int rc;
			while ((rc = kifu_stream_next(stream, rec, &v, &d)) != 0) {
				if (rc < 0 && rc != KIFU_ELIMIT)
					break;
				if (rc == 1)
					total += (opt->variations ? kifu_record_total_moves(rec) : kifu_record_move_count(rec)) + 1;
			}
		}
		kifu_stream_free(stream);
		kifu_reader_free(reader);
		fclose(f);
	}
	kifu_record_free(rec);
	return total;
}

int batch_run(const struct annotate_options *opt, int jobs, int nfiles, char *const files[],
	      struct inputs_variants *vars, const char *path)
{
	struct batch b;
	memset(&b, 0, sizeof b);
	b.opt = opt;
	b.nworkers = jobs;
	b.nslots = 2 * jobs;
	proc_path_setup();
	b.total_positions = count_positions(opt, nfiles, files, vars);
	if (output_open(&b.out, path))
		return CLI_USAGE;
	temp_path = b.out.tmp;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	b.slots = calloc((size_t)b.nslots, sizeof *b.slots);
	b.engines = calloc((size_t)jobs, sizeof *b.engines);
	b.threads = calloc((size_t)jobs, sizeof *b.threads);
	struct worker_arg *args = calloc((size_t)jobs, sizeof *args);
	int ok = b.slots && b.engines && b.threads && args;
	for (int i = 0; ok && i < b.nslots; i++)
		ok = kifu_record_new(&b.slots[i].rec) == 0;
	if (!ok) {
		cli_error("out of memory");
		output_close(&b.out, 0);
		return CLI_USAGE;
	}
	pthread_mutex_init(&b.mu, NULL);
	pthread_cond_init(&b.work_cv, NULL);
	pthread_cond_init(&b.done_cv, NULL);
	int started = 0;
	for (int i = 0; i < jobs; i++) {
		engine_init(&b.engines[i], &opt->engine);
		args[i].b = &b;
		args[i].i = i;
		if (pthread_create(&b.threads[i], NULL, worker, &args[i]) != 0)
			break;
		started++;
	}
	int status = CLI_OK;
	if (!started) {
		cli_error("cannot start a thread: %s", strerror(errno));
		status = CLI_USAGE;
	} else {
		progress_units("positions");
		if (path && strcmp(path, "-") != 0)
			progress_output_at_end(); /* the records go to a file, not the terminal */
		const struct inputs_handlers h = {on_record, NULL, NULL, &b};
		status = inputs_each_record(nfiles, files, vars, &h);
		pthread_mutex_lock(&b.mu);
		for (;;) {
			flush_ready(&b);
			int busy = 0;
			for (int i = 0; i < b.nslots; i++)
				busy |= b.slots[i].state != SLOT_FREE;
			if (!busy || proc_interrupted)
				break;
			wait_a_little(&b);
		}
		b.closing = 1;
		pthread_cond_broadcast(&b.work_cv);
		pthread_mutex_unlock(&b.mu);
	}
	for (int i = 0; i < started; i++)
		pthread_join(b.threads[i], NULL);
	/* after an interrupt, what was complete in order is written too */
	pthread_mutex_lock(&b.mu);
	flush_ready(&b);
	pthread_mutex_unlock(&b.mu);
	progress_done();
	if (b.status > status)
		status = b.status;
	/* an interrupt that left no record complete leaves a -o file as it
	 * was (and makes none): an empty file would pass for the output */
	int interrupted = proc_interrupted;
	/* -o FILE (kifu(7), OUTPUT): replaced after a whole run; after an
	 * interrupt the records complete so far make a new file, but never
	 * replace one (the records after them would be lost with it) */
	int replaces = b.out.tmp && b.out.existed;
	if (output_close(&b.out, status >= CLI_USAGE ? 0 : interrupted ? OUTPUT_PARTIAL : 1) &&
	    status < CLI_USAGE)
		status = CLI_USAGE;
	temp_path = NULL;
	if (interrupted && replaces)
		cli_error("interrupted: the records analysed are not written (-o replaces no file with part of "
			  "its records)");
	else if (interrupted)
		cli_error("interrupted: %ld records written whole, the rest not at all", b.written);
	else if (!cli_quiet())
		cli_note("%ld records, %ld of %ld positions analysed, %ld engine errors, %ld engine moves refused",
			 b.records, b.analysed, b.positions, b.errors, b.illegal);
	for (int i = 0; i < b.nslots; i++) {
		annotate_result_free(&b.slots[i].res);
		kifu_record_free(b.slots[i].rec);
	}
	free(b.slots);
	free(b.engines);
	free(b.threads);
	free(args);
	pthread_mutex_destroy(&b.mu);
	pthread_cond_destroy(&b.work_cv);
	pthread_cond_destroy(&b.done_cv);
	return interrupted ? 130 : status;
}
