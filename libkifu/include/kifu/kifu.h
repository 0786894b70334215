/*
 * kifu/kifu.h - the public API of libkifu in one include.
 *
 *     cc prog.c $(pkg-config --cflags --libs libkifu)       (libkifu.so)
 *     cc prog.c $(pkg-config --cflags libkifu) \
 *         -Wl,-Bstatic $(pkg-config --libs --static libkifu) -Wl,-Bdynamic   (libkifu.a)
 *     #include <kifu/kifu.h>
 *
 * The pieces, from the bottom up: variants (kifu/variant.h) and positions
 * with the rules core (kifu/position.h); records (kifu/record.h) and the
 * play loop that takes a record through the rules (kifu/play.h); the words
 * the notations share (kifu/vocabulary.h); reading (kifu/reader.h,
 * kifu/stream.h) and writing (kifu/notation.h, kifu/compact.h, kifu/kif.h);
 * JSON, read and written as kifu's outputs have it (kifu/json.h).
 * Building records (a reader of a notation of one's own) is
 * kifu/sys/record.h, not included here.  libkifu(3) shows a whole program.
 *
 * Conventions, for every function unless its comment says otherwise:
 *
 * Return values.  A function that can fail returns 0 (KIFU_OK) on success or
 *   a negative KIFU_E... code (kifu/error.h); one that counts or finds
 *   returns the count or index (>= 0) or a negative code; an iterator
 *   (kifu_stream_next, kifu_reader_next) returns 1 for an item, 0 at the
 *   end, or a negative code.  A predicate returns 1 or 0.  Where a place in
 *   a text is concerned, a kifu_diag says where (FILE:LINE:COL) and why.
 *   "None" in a field (no square, no type) is -1, always documented.
 *
 * Ownership.  What a function hands back through a `**out` argument is the
 *   caller's: free it with the matching _free function, which accepts NULL.
 *   On failure *out is NULL.  Nothing else is the caller's to free.
 *
 * Borrowed pointers.  A `const char *` or struct a getter returns lives as
 *   long as the object it came from, and no longer than the next change to
 *   it: a record's strings until the record is changed or cleared (by
 *   kifu_stream_next, say), a variant's as long as the variant (the shipped
 *   variants: the whole process).  Objects given to another keep being the
 *   caller's and must outlive it: the variant of a position, the reader of
 *   a stream, the bytes of a buffer reader, the variants added to a set.
 *
 * Threads.  libkifu has no global mutable state except the shipped
 *   variants, which are loaded on first use under a lock.  Distinct objects
 *   may be used from different threads at once; one object (a position, a
 *   record, a reader, a stream, a variant set being changed) must not be
 *   used by two threads at once without the caller's locking, even where
 *   a function takes it const (a query may try moves on a position and
 *   take them back).  Variants never change once loaded and are shared
 *   freely: every table the rules, readers and writers use is made when a
 *   variant is loaded.  (tests/test_threads.c holds the library to this,
 *   under ThreadSanitizer: make tsan.)
 *
 * Options.  A function's options are a struct set from its _INIT macro,
 *   then the fields wanted (designated initializers: a field added later
 *   keeps its default in a program that does not name it); NULL options
 *   are the defaults.  No version field before 1.0 (kifu/play.h says why).
 *
 * Memory.  Out of memory is reported (KIFU_ENOMEM), never an abort.  Every
 *   per-record object (record, position, stream) keeps its memory for the
 *   next record: streaming any number of records takes flat memory.
 */
#ifndef KIFU_KIFU_H
#define KIFU_KIFU_H

#include <kifu/version.h>
#include "error.h"
#include "variant.h"
#include "position.h"
#include "record.h"
#include "play.h"
#include "vocabulary.h"
#include "reader.h"
#include "stream.h"
#include "notation.h"
#include "compact.h"
#include "kif.h"
#include "json.h"

#endif
