/*
 * fuzz.h - the fuzz targets (tests/fuzz/fuzz_*.c).  Each is a function
 * fuzz_NAME(data, size) that must never crash, hang or leak, whatever the
 * bytes; `make fuzz` runs each under libFuzzer (clang), and
 * tests/test_fuzz_regressions.c replays every input kept in
 * tests/fuzz/corpus/NAME/ through them in `make test`.  The helpers they
 * share (roundtrip.c, gen.c) are linked with them.
 */
#ifndef KIFU_FUZZ_H
#define KIFU_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int fuzz_stream(const uint8_t *data, size_t size);   /* any notation, validated and written */
int fuzz_sfen(const uint8_t *data, size_t size);     /* SFEN of every shipped variant */
int fuzz_variant(const uint8_t *data, size_t size);  /* variant YAML */
int fuzz_move(const uint8_t *data, size_t size);     /* compact moves checked in positions */
int fuzz_json(const uint8_t *data, size_t size);     /* JSON read whole and in pieces, written back */
/* Round trips (roundtrip.h): what a writer writes, its reader reads back as
 * the same record. */
int fuzz_rt_compact(const uint8_t *data, size_t size);  /* compact text, compact round trip */
int fuzz_rt_kif(const uint8_t *data, size_t size);      /* any notation, KIF and compact round trips */
int fuzz_rt_jkf(const uint8_t *data, size_t size);      /* JKF written and read back */
/* Structure-aware (gen.h): bytes made into records and variant files. */
int fuzz_gen_record(const uint8_t *data, size_t size);  /* generated records, both round trips */
int fuzz_gen_variant(const uint8_t *data, size_t size); /* generated variant files and records */
int fuzz_rt_all(const uint8_t *data, size_t size);      /* generated records through every notation and back */

/* Defines LLVMFuzzerTestOneInput for one target, for the libFuzzer build. */
#define FUZZ_ENTRY(name)                                                        \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);           \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)            \
	{                                                                       \
		return name(data, size);                                        \
	}

#endif
