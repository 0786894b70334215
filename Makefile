# kifu - one non-recursive GNU Makefile for libkifu, the tools and the tests.
#
#   make               build $(BUILD)/libkifu.a and $(BUILD)/bin/kifu-*
#   make test          build and run tests/test_*.c (cmocka), tests/cases/*.test
#                      (golden cases, build/tests/run-cases) and tests/golden/*.sh,
#                      after a staged install into $(BUILD)/stage (for examples/)
#   make asan          the same in build-asan/ with AddressSanitizer and UBSan
#   make tsan          tests/test_threads.c (threads reading and writing records at
#                      once) in build-tsan/ under ThreadSanitizer
#   make bench         an -O3 build in $(BUILD)/bench/, then bench/run.sh
#   make samples       install missing packages (as root), build, run the tools on samples/
#   make install       PREFIX=/usr/local, DESTDIR= for staged installs
#   make clean
#
# Objects go to $(BUILD)/obj, with -MMD -MP dependency files beside them.
# Set WERROR=1 to turn every warning into an error (CI does).

.SUFFIXES:
.DELETE_ON_ERROR:
.DEFAULT_GOAL := all

# The one version number: the library's (kifu/version.h, libkifu.pc, the
# shared library's name) and every tool's --version.
VERSION := 0.2.0
VERSION_PARTS := $(subst ., ,$(VERSION))
VERSION_MAJOR := $(word 1,$(VERSION_PARTS))
VERSION_MINOR := $(word 2,$(VERSION_PARTS))
VERSION_PATCH := $(word 3,$(VERSION_PARTS))

BUILD      ?= build
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man

HOSTCC     ?= $(CC)
AR         ?= ar
PKG_CONFIG ?= pkg-config
INSTALL    ?= install

# CFLAGS is the user's (optimisation, debug info); the rest is the project's.
CFLAGS   ?= -O2 -g
SANFLAGS ?=
WARNFLAGS := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wold-style-definition -Wformat=2 -Wundef \
	-Wcast-align -Wwrite-strings -Wvla -Wpointer-arith -Wnested-externs \
	-Wredundant-decls -Wmissing-include-dirs
ifeq ($(WERROR),1)
WARNFLAGS += -Werror
endif

# pkg-config is asked once, on first use, so that `make clean` and
# `make samples` on a machine without the packages yet do not complain.
# The library needs libyaml (variant files; JSON is its own,
# libkifu/src/text/json_*.c); the tools need PCRE2 as well (kifu-stats).
LIB_PKGS := yaml-0.1
TOOL_PKGS := $(LIB_PKGS) libpcre2-8
PKG_CFLAGS = $(eval PKG_CFLAGS := $$(shell $(PKG_CONFIG) --cflags $(TOOL_PKGS)))$(PKG_CFLAGS)
LIB_LIBS = $(eval LIB_LIBS := $$(shell $(PKG_CONFIG) --libs $(LIB_PKGS)))$(LIB_LIBS)
PKG_LIBS = $(eval PKG_LIBS := $$(shell $(PKG_CONFIG) --libs $(TOOL_PKGS)))$(PKG_LIBS)
# kifu-index keeps its index in SQLite (tools/index/, docs/index.md), and
# kifu-select --index reads one: those two tools alone link it.
SQLITE_CFLAGS = $(eval SQLITE_CFLAGS := $$(shell $(PKG_CONFIG) --cflags sqlite3))$(SQLITE_CFLAGS)
SQLITE_LIBS = $(eval SQLITE_LIBS := $$(shell $(PKG_CONFIG) --libs sqlite3))$(SQLITE_LIBS)
CMOCKA_CFLAGS = $(eval CMOCKA_CFLAGS := $$(shell $(PKG_CONFIG) --cflags cmocka))$(CMOCKA_CFLAGS)
CMOCKA_LIBS = $(eval CMOCKA_LIBS := $$(shell $(PKG_CONFIG) --libs cmocka))$(CMOCKA_LIBS)

ALL_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Ilibkifu/include -I$(GEN)/include $(CPPFLAGS)
# The library's objects serve the static and the shared library: position
# independent, and hidden unless a public header declares them (kifu/api.h).
LIB_FLAGS    = -fPIC -fvisibility=hidden -fno-semantic-interposition
ALL_CFLAGS   = -std=c11 $(WARNFLAGS) $(CFLAGS) $(SANFLAGS)
ALL_LDFLAGS  = $(SANFLAGS) $(LDFLAGS)
DEPFLAGS     = -MMD -MP

# --- sources -----------------------------------------------------------------

# A layer's files, and a notation's folder inside notation/.
LIB_SRCS      := $(sort $(wildcard libkifu/src/*/*.c libkifu/src/*/*/*.c))
VARIANT_YAMLS := $(sort $(wildcard formats/variants/*.yaml))
# A tool is a folder tools/NAME/ with its main, kifu-NAME.c, and its own
# modules; tools/lib/ is what the tools share, linked into each.
TOOL_MAINS    := $(sort $(wildcard tools/*/kifu-*.c))
TOOL_LIB      := $(sort $(wildcard tools/lib/*.c))
TOOL_SRCS     := $(TOOL_LIB) $(sort $(foreach m,$(TOOL_MAINS),$(wildcard $(dir $(m))*.c)))
TEST_SRCS     := $(sort $(wildcard tests/test_*.c))
# The test programs' helpers (tests/support.c, ...): any tests/*.c that is not
# a test_*.c, linked into the programs that include support.h (and no other).
TEST_SUPPORT  := $(sort $(filter-out $(TEST_SRCS),$(wildcard tests/*.c)))
TEST_SUPPORT_USERS := $(shell grep -l '^\#include "support.h"' $(TEST_SRCS))
# Fuzz targets (tests/fuzz/fuzz_*.c): linked into tests/test_fuzz_regressions.c
# alone, which replays the inputs kept in tests/fuzz/corpus/, and built for
# libFuzzer by `make fuzz`.
FUZZ_SRCS     := $(sort $(wildcard tests/fuzz/fuzz_*.c))
# What the targets share (tests/fuzz/roundtrip.c, gen.c): linked with each.
FUZZ_HELPERS  := $(sort $(filter-out $(FUZZ_SRCS),$(wildcard tests/fuzz/*.c)))
GOLDEN_SCRIPTS := $(sort $(wildcard tests/golden/*.sh))
# Golden cases (tests/cases/README.md), run by build/tests/run-cases.
CASE_FILES    := $(sort $(wildcard tests/cases/*.test))
HEADERS       := $(sort $(wildcard libkifu/include/kifu/*.h))
SYS_HEADERS   := $(sort $(wildcard libkifu/include/kifu/sys/*.h))
MAN_PAGES     := $(sort $(wildcard man/*.[1-9]))

OBJ := $(BUILD)/obj
GEN := $(BUILD)/gen

BUILTIN_C   := $(GEN)/builtin_variants.c
VERSION_H   := $(GEN)/include/kifu/version.h
EMBED       := $(GEN)/embed
LIB         := $(BUILD)/libkifu.a
SONAME      := libkifu.so.$(VERSION_MAJOR)
SHLIB       := $(BUILD)/libkifu.so.$(VERSION)
LIB_OBJS    := $(LIB_SRCS:%.c=$(OBJ)/%.o) $(OBJ)/gen/builtin_variants.o
TOOL_OBJS   := $(TOOL_SRCS:%.c=$(OBJ)/%.o)
TOOL_LIB_OBJS := $(TOOL_LIB:%.c=$(OBJ)/%.o)
TOOLS       := $(foreach m,$(TOOL_MAINS),$(BUILD)/bin/$(basename $(notdir $(m))))
TESTS       := $(TEST_SRCS:tests/%.c=$(BUILD)/tests/%)
TEST_SUPPORT_OBJS := $(TEST_SUPPORT:%.c=$(OBJ)/%.o)
FUZZ_OBJS   := $(FUZZ_SRCS:%.c=$(OBJ)/%.o) $(FUZZ_HELPERS:%.c=$(OBJ)/%.o)
# Everything compiled as test code: the helpers and the fuzz targets.
TEST_HELPER_OBJS := $(TEST_SUPPORT_OBJS) $(FUZZ_OBJS)
# Programs the golden scripts and benchmarks use: tests/gen/NAME.c -> build/tests/NAME.
TEST_GEN_SRCS := $(sort $(wildcard tests/gen/*.c))
TEST_GENS   := $(TEST_GEN_SRCS:tests/gen/%.c=$(BUILD)/tests/%)
PC_FILE     := $(BUILD)/libkifu.pc

DEPS := $(LIB_OBJS:.o=.d) $(TOOL_OBJS:.o=.d) \
	$(TEST_SRCS:%.c=$(OBJ)/%.d) $(TEST_HELPER_OBJS:.o=.d) $(OBJ)/host/embed.d \
	$(TEST_GEN_SRCS:%.c=$(OBJ)/%.d)

.PHONY: all lib tools tests test test-run stage asan tsan bench fuzz fuzz-short fuzz-run valgrind samples deps \
	install install-dirs clean FORCE

all: $(LIB) $(SHLIB) $(TOOLS)
lib: $(LIB) $(SHLIB)
tools: $(TOOLS)
tests: $(TESTS) $(TEST_GENS)

# --- compiling ---------------------------------------------------------------

# Every object needs the generated kifu/version.h to exist first.
$(LIB_OBJS) $(TOOL_OBJS) $(TEST_GEN_SRCS:%.c=$(OBJ)/%.o) \
	$(TEST_SRCS:%.c=$(OBJ)/%.o) $(TEST_HELPER_OBJS): | $(VERSION_H)

$(VERSION_H): libkifu/include/kifu/version.h.in Makefile
	@mkdir -p $(@D)
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@MAJOR@/$(VERSION_MAJOR)/' \
		-e 's/@MINOR@/$(VERSION_MINOR)/' -e 's/@PATCH@/$(VERSION_PATCH)/' $< > $@

$(LIB_SRCS:%.c=$(OBJ)/%.o): $(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Ilibkifu/src $(PKG_CFLAGS) $(ALL_CFLAGS) $(LIB_FLAGS) $(DEPFLAGS) -c $< -o $@

$(TOOL_OBJS) $(TEST_GEN_SRCS:%.c=$(OBJ)/%.o): $(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Itools $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(TEST_SRCS:%.c=$(OBJ)/%.o) $(TEST_HELPER_OBJS): $(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Ilibkifu/src $(PKG_CFLAGS) $(CMOCKA_CFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

# --- the shipped variants, compiled in ----------------------------------------

# embed runs on the build machine: host compiler, no sanitizers; libyaml reads
# what each file says of its names (tools/gen/embed.c).
$(EMBED): tools/gen/embed.c
	@mkdir -p $(@D) $(OBJ)/host
	$(HOSTCC) -std=c11 $(WARNFLAGS) -O2 -D_POSIX_C_SOURCE=200809L \
		$$($(PKG_CONFIG) --cflags yaml-0.1) \
		-MMD -MP -MF $(OBJ)/host/embed.d -MT $@ $< -o $@ $$($(PKG_CONFIG) --libs yaml-0.1)

# Changes whenever a YAML file is added or removed, so that the list, not
# only the files' contents, makes builtin_variants.c out of date.
$(GEN)/variants.list: FORCE
	@mkdir -p $(@D)
	@echo '$(VARIANT_YAMLS)' | cmp -s - $@ || echo '$(VARIANT_YAMLS)' > $@

$(BUILTIN_C): $(EMBED) $(GEN)/variants.list $(VARIANT_YAMLS)
	$(EMBED) -o $@ $(VARIANT_YAMLS)

# One string literal per file: longer than the 4095 characters ISO C asks
# compilers to support, which every compiler we build with accepts.
$(OBJ)/gen/builtin_variants.o: $(BUILTIN_C)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Ilibkifu/src $(ALL_CFLAGS) $(LIB_FLAGS) -Wno-overlength-strings $(DEPFLAGS) -c $< -o $@

# --- linking -----------------------------------------------------------------

$(LIB): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# The shared library, with its versioned soname; the usual symbolic links
# beside it, as installed.
$(SHLIB): $(LIB_OBJS)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined $(ALL_LDFLAGS) $^ $(LIB_LIBS) -lpthread -o $@
	ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libkifu.so

# kifu-NAME: the objects of its folder, tools/lib's, the library.
$(foreach m,$(TOOL_MAINS),$(eval $(BUILD)/bin/$(basename $(notdir $(m))): \
	$(patsubst %.c,$(OBJ)/%.o,$(wildcard $(dir $(m))*.c))))
$(TOOLS): $(BUILD)/bin/%: $(TOOL_LIB_OBJS) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) $(filter %.o,$^) $(LIB) $(PKG_LIBS) $(TOOL_EXTRA_LIBS) -lm $(LDLIBS) -o $@

# SQLite for kifu-index, and for kifu-select the index's reading side
# (tools/index/index_db.c, index_find.c, index_blocks.c: what --index needs).
INDEX_READ_OBJS := $(OBJ)/tools/index/index_db.o $(OBJ)/tools/index/index_find.o \
	$(OBJ)/tools/index/index_blocks.o
$(OBJ)/tools/index/%.o $(OBJ)/tools/select/kifu-select.o: ALL_CPPFLAGS += $(SQLITE_CFLAGS)
$(BUILD)/bin/kifu-select: $(INDEX_READ_OBJS)
$(BUILD)/bin/kifu-index $(BUILD)/bin/kifu-select: TOOL_EXTRA_LIBS = $(SQLITE_LIBS)

# A test program links its own object, the library, and only the helpers it
# uses: tests/support.o where it includes support.h, the fuzz targets for
# the program that replays their inputs.
$(TEST_SUPPORT_USERS:tests/%.c=$(BUILD)/tests/%): $(TEST_SUPPORT_OBJS)
$(BUILD)/tests/test_fuzz_regressions: $(FUZZ_OBJS)
$(TESTS): $(BUILD)/tests/%: $(OBJ)/tests/%.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) $(filter-out $(LIB),$^) $(LIB) $(PKG_LIBS) $(CMOCKA_LIBS) $(LDLIBS) -o $@

$(TEST_GENS): $(BUILD)/tests/%: $(OBJ)/tests/gen/%.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) $^ $(PKG_LIBS) $(LDLIBS) -o $@

# --- running -----------------------------------------------------------------

# Installs the Debian packages the build needs when they are missing (as root).
deps:
	@sh tools/scripts/install-deps.sh

test: deps
	@$(MAKE) --no-print-directory test-run

# Every test program and golden script runs from the repository root;
# tools/scripts/run-tests.sh prints "N passed, M failed" and fails if M > 0.
# tests/golden/examples.sh builds examples/*.c against the staged install
# with $(CC), $(CFLAGS) and $(SANFLAGS), as the library was built.
test-run: all $(TESTS) $(TEST_GENS) stage
	@KIFU_TEST_CC='$(CC)' KIFU_TEST_CFLAGS='$(CFLAGS) $(SANFLAGS)' \
		sh tools/scripts/run-tests.sh $(BUILD)/bin $(TESTS) -- $(GOLDEN_SCRIPTS) \
		-- $(BUILD)/tests/run-cases $(CASE_FILES)

# A fresh `make install` into $(STAGE), with PREFIX (and every directory)
# set to that absolute path, so that the installed libkifu.pc is the one a
# user gets: what tests/golden/examples.sh compiles the examples with.
STAGE = $(abspath $(BUILD))/stage
stage: all
	@rm -rf $(STAGE)
	@$(MAKE) --no-print-directory install DESTDIR= PREFIX=$(STAGE) BINDIR=$(STAGE)/bin \
		LIBDIR=$(STAGE)/lib INCLUDEDIR=$(STAGE)/include MANDIR=$(STAGE)/share/man >/dev/null

asan:
	@$(MAKE) --no-print-directory BUILD=build-asan \
		SANFLAGS='-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer' \
		test

# kifu/kifu.h's promise on threads, checked by ThreadSanitizer: any data race
# between the threads of tests/test_threads.c fails the run.
tsan:
	@$(MAKE) --no-print-directory BUILD=build-tsan SANFLAGS='-fsanitize=thread' build-tsan/tests/test_threads
	@TSAN_OPTIONS='halt_on_error=1 exitcode=66' build-tsan/tests/test_threads

bench:
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/bench CFLAGS='-O2 -g -DNDEBUG' all tests
	@bash bench/run.sh $(BUILD)/bench/bin $(BUILD)/bench/tests/gen-records

# libFuzzer (clang), tests/fuzz/README.md: each target runs FUZZ_TIME seconds from
# tests/fuzz/corpus/NAME and its seeds (the records in tests/data and samples,
# tests/fuzz/seeds/NAME); a new input that crashes is kept in tests/fuzz/corpus/NAME/
# (replayed by `make test` from then on).  FUZZ_TARGETS=rt_kif runs one.  `make
# fuzz-short` is CI's run: FUZZ_SHORT_TIME seconds a target, crashes kept in
# build-fuzz/crashes/NAME/, and a message, not a failure, where clang or libFuzzer
# is missing.
FUZZ_TIME ?= 60
FUZZ_SHORT_TIME ?= 25
FUZZ_BUILD := build-fuzz
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
FUZZ_TARGETS ?= $(FUZZ_SRCS:tests/fuzz/fuzz_%.c=%)
FUZZ_KEEP ?= tests/fuzz/corpus
# More libFuzzer options, as FUZZ_ARGS='-fork=1 -ignore_crashes=1' for a long run
# that goes on past the crashes it keeps.
FUZZ_ARGS ?=
FUZZ_HAVE := command -v clang >/dev/null 2>&1 && \
	[ -n "$$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null | grep /)" ]
fuzz: deps
	@$(FUZZ_HAVE) || \
		{ [ "$$(id -u)" = 0 ] && apt-get install -y --no-install-recommends clang libclang-rt-14-dev </dev/null; } || \
		{ echo "make fuzz: needs clang and libFuzzer (apt-get install clang libclang-rt-14-dev)"; exit 2; }
	@$(MAKE) --no-print-directory fuzz-run

fuzz-short: deps
	@if $(FUZZ_HAVE); then \
		$(MAKE) --no-print-directory fuzz-run FUZZ_TIME=$(FUZZ_SHORT_TIME) FUZZ_KEEP=$(FUZZ_BUILD)/crashes; \
	else \
		echo "make fuzz-short: skipped: no clang with libFuzzer here (apt-get install clang libclang-rt-14-dev)"; \
	fi

fuzz-run:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=clang \
		SANFLAGS='-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer' \
		CFLAGS='-g -O1 -fsanitize=fuzzer-no-link' $(FUZZ_BUILD)/libkifu.a
	@set -e; for name in $(FUZZ_TARGETS); do \
		clang $(FUZZ_FLAGS) -fsanitize=fuzzer -DKIFU_FUZZ_MAIN -D_POSIX_C_SOURCE=200809L \
			-Ilibkifu/include -I$(FUZZ_BUILD)/gen/include tests/fuzz/fuzz_$$name.c $(FUZZ_HELPERS) $(FUZZ_BUILD)/libkifu.a \
			$$($(PKG_CONFIG) --libs $(LIB_PKGS)) -o $(FUZZ_BUILD)/fuzz_$$name; \
		mkdir -p $(FUZZ_KEEP)/$$name $(FUZZ_BUILD)/corpus/$$name; \
		echo "== fuzz_$$name for $(FUZZ_TIME) s"; \
		$(FUZZ_BUILD)/fuzz_$$name -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 \
			-max_len=65536 -print_final_stats=1 -artifact_prefix=$(FUZZ_KEEP)/$$name/ $(FUZZ_ARGS) \
			$(FUZZ_BUILD)/corpus/$$name $$(ls -d tests/fuzz/corpus/$$name 2>/dev/null) $$(case $$name in \
				stream|rt_kif) echo samples tests/data/compact tests/data/kif/*/ tests/data/jkf/*/ tests/data/csa/*/ ;; \
				rt_compact) echo samples tests/data/compact tests/data/diff ;; \
				variant) echo formats/variants tests/data/bad-variants tests/data/variants ;; \
				json|rt_jkf) echo tests/data/jkf/*/ ;; \
				*) ls -d tests/fuzz/seeds/$$name 2>/dev/null || true ;; esac) \
			2>$(FUZZ_BUILD)/fuzz_$$name.log || \
			{ tail -n 60 $(FUZZ_BUILD)/fuzz_$$name.log; \
			  echo "fuzz_$$name found a crash: kept in $(FUZZ_KEEP)/$$name/ (log: $(FUZZ_BUILD)/fuzz_$$name.log)"; \
			  exit 1; }; \
		grep -E '^stat::(number_of_executed_units|new_units_added|peak_rss_mb):' $(FUZZ_BUILD)/fuzz_$$name.log | \
			tr '\n' ' '; echo; \
	done

# valgrind's memcheck over every tool on the golden inputs (slow: not in `make test`).
valgrind: all
	@bash tests/valgrind.sh $(BUILD)/bin

samples: deps
	@$(MAKE) --no-print-directory all
	@sh tools/scripts/run-samples.sh $(BUILD)/bin

# --- installing --------------------------------------------------------------

$(PC_FILE): FORCE
	@mkdir -p $(@D)
	@printf '%s\n' \
		'prefix=$(PREFIX)' \
		'exec_prefix=$${prefix}' \
		'libdir=$(LIBDIR)' \
		'includedir=$(INCLUDEDIR)' \
		'' \
		'Name: libkifu' \
		'Description: game records of historical shogi variants' \
		'Version: $(VERSION)' \
		'Requires.private: $(LIB_PKGS)' \
		'Libs: -L$${libdir} -lkifu' \
		'Libs.private: -lpthread' \
		'Cflags: -I$${includedir}' > $@

install: all $(PC_FILE)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(INCLUDEDIR)/kifu/sys $(addprefix $(DESTDIR)$(MANDIR)/man,1 3 5 7)
	$(if $(TOOLS),$(INSTALL) -m 755 $(TOOLS) $(DESTDIR)$(BINDIR))
	$(INSTALL) -m 644 $(LIB) $(DESTDIR)$(LIBDIR)
	$(INSTALL) -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libkifu.so
	$(INSTALL) -m 644 $(PC_FILE) $(DESTDIR)$(LIBDIR)/pkgconfig
	$(INSTALL) -m 644 $(HEADERS) $(VERSION_H) $(DESTDIR)$(INCLUDEDIR)/kifu
	$(INSTALL) -m 644 $(SYS_HEADERS) $(DESTDIR)$(INCLUDEDIR)/kifu/sys
	for page in $(MAN_PAGES); do \
		$(INSTALL) -m 644 $$page $(DESTDIR)$(MANDIR)/man$${page##*.}; \
	done

clean:
	rm -rf build build-asan build-tsan build-fuzz $(filter-out build build-asan,$(BUILD))

FORCE:

-include $(DEPS)
