/*
 * start.c - the position a record starts from: its sfen tag, the named
 * start its handicap (KIF 手合割) gives, or the variant's own.
 */
#include <stdio.h>
#include <string.h>

#include "kifu/play.h"
#include "record/start.h"
#include "text/similar.h"

/* The variant's start position that a handicap names (its name, its
 * traditional characters folded), or NULL. */
const char *kifu__named_start(const kifu_variant *v, const char *handicap)
{
	int i = kifu_variant_named_start_find(v, handicap);
	return i >= 0 ? kifu_variant_named_start(v, kifu_variant_named_start_name(v, i)) : NULL;
}

/* "unknown handicap "X" for shogi (did you mean 香落ち?; its start
 * positions: 平手, 香落ち, ...)" */
int kifu__unknown_handicap(const kifu_variant *v, const char *handicap, kifu_diag *diag)
{
	const char *names[64];
	int n = kifu_variant_named_start_count(v);
	if (n > 64)
		n = 64;
	char list[1024] = "";
	for (int i = 0; i < n; i++) {
		names[i] = kifu_variant_named_start_name(v, i);
		size_t len = strlen(list);
		snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", names[i]);
	}
	int close = kifu__closest(handicap, names, n);
	char hint[300] = "";
	if (close >= 0)
		snprintf(hint, sizeof hint, "did you mean %s? ", names[close]);
	return kifu_diag_set(diag, KIFU_ENOTFOUND, NULL, 0, 0, "unknown handicap \"%s\" for %s (%s%s%s)", handicap,
			     kifu_variant_name(v), hint, n ? "its start positions: " : "it has no named start positions",
			     list);
}

int kifu_record_start(const kifu_record *rec, kifu_position *pos, kifu_diag *diag)
{
	const char *sfen = kifu_record_tag(rec, "sfen");
	if (!sfen) {
		/* a named start (KIF 手合割: 香落ち, ...) or the variant's own; a
		 * handicap that names no start of the variant is an error, never a
		 * guess */
		const char *h = kifu_record_tag(rec, "handicap");
		const kifu_variant *v = kifu_position_variant(pos);
		const char *named = h ? kifu__named_start(v, h) : NULL;
		if (h && !named)
			return kifu__unknown_handicap(v, h, diag);
		if (named && strcmp(named, kifu_variant_start_sfen(v)) != 0)
			return kifu_position_set_sfen(pos, named, strlen(named), diag);
		kifu_position_reset(pos);
		return 0;
	}
	size_t n = strlen(sfen);
	char buf[KIFU_SFEN_MAX];
	if (n >= sizeof buf)
		return kifu_diag_set(diag, KIFU_ESYNTAX, NULL, 0, 0, "the sfen tag is too long");
	for (size_t i = 0; i <= n; i++)
		buf[i] = sfen[i] == '_' ? ' ' : sfen[i];
	return kifu_position_set_sfen(pos, buf, n, diag);
}

