/*
 * progress.c - the progress line on a terminal (progress.h).
 */
#include "lib/progress.h"
#include "lib/cli.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Nothing for a run shorter than this (seconds), then an update this often:
 * a quick run leaves no flicker, a long one a steady count. */
#define PROGRESS_FIRST 0.5
#define PROGRESS_EVERY 0.25

static struct {
	int enabled;        /* 1 shown, 0 not, -1 not decided yet */
	int at_end;         /* progress_output_at_end was called */
	long records, plies;
	double start, last;
	int shown;          /* the length of the line on the terminal, 0 if none */
	const char *unit;   /* progress_units: what is counted, NULL for plies */
} state = {-1, 0, 0, 0, 0, 0, 0, NULL};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_output_at_end(void)
{
	state.at_end = 1;
}

static void decide(void)
{
	state.enabled = isatty(STDERR_FILENO) && (state.at_end || !isatty(STDOUT_FILENO));
	state.records = state.plies = 0;
	/* counting units, the run goes on after the reading ends: its start
	 * stays */
	if (!state.unit || state.start == 0)
		state.start = state.last = now();
}

/* 1.3M, 12.5k, 850: a rate as it is read at a glance */
static void rate_text(char *buf, size_t size, double rate)
{
	if (rate >= 1e6)
		snprintf(buf, size, "%.1fM", rate / 1e6);
	else if (rate >= 1e3)
		snprintf(buf, size, "%.1fk", rate / 1e3);
	else
		snprintf(buf, size, "%.0f", rate);
}

static void draw(double t)
{
	char rate[32], line[160];
	rate_text(rate, sizeof rate, (double)state.plies / (t - state.start));
	int n = snprintf(line, sizeof line, "%s: %ld records, %ld plies, %s plies/s", cli_program(),
			 state.records, state.plies, rate);
	if (n < 0)
		return;
	if (n >= (int)sizeof line)
		n = (int)sizeof line - 1;
	/* the new line over the old one, padded where the old was longer */
	fprintf(stderr, "\r%s%*s", line, state.shown > n ? state.shown - n : 0, "");
	fflush(stderr);
	state.shown = n > state.shown ? n : state.shown;
	state.last = t;
}

void progress_units(const char *unit)
{
	state.unit = unit;
}

void progress_units_done(long records, long units, long total)
{
	if (state.enabled < 0)
		decide();
	if (!state.enabled)
		return;
	double t = now();
	if (t - state.start < PROGRESS_FIRST || t - state.last < PROGRESS_EVERY)
		return;
	char rate[32], eta[48] = "", line[200];
	double r = (double)units / (t - state.start);
	rate_text(rate, sizeof rate, r);
	if (total > units && r > 0) {
		long s = (long)((double)(total - units) / r + 0.5);
		if (s >= 3600)
			snprintf(eta, sizeof eta, ", ETA %ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
		else
			snprintf(eta, sizeof eta, ", ETA %ld:%02ld", s / 60, s % 60);
	}
	int n = snprintf(line, sizeof line, "%s: %ld records, %ld %s, %s %s/s%s", cli_program(), records, units,
			 state.unit, rate, state.unit, eta);
	if (n < 0)
		return;
	if (n >= (int)sizeof line)
		n = (int)sizeof line - 1;
	fprintf(stderr, "\r%s%*s", line, state.shown > n ? state.shown - n : 0, "");
	fflush(stderr);
	state.shown = n > state.shown ? n : state.shown;
	state.last = t;
}

void progress_record(long plies)
{
	if (state.enabled < 0)
		decide();
	if (!state.enabled || state.unit)
		return;
	state.records++;
	state.plies += plies;
	double t = now();
	/* last is the start until the first update, then the last one */
	if (t - state.start >= PROGRESS_FIRST && t - state.last >= PROGRESS_EVERY)
		draw(t);
}

void progress_clear(void)
{
	if (!state.shown)
		return;
	fprintf(stderr, "\r%*s\r", state.shown, "");
	fflush(stderr);
	state.shown = 0;
}

void progress_done(void)
{
	progress_clear();
	state.enabled = -1;
}
