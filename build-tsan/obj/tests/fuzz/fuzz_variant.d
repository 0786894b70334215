build-tsan/obj/tests/fuzz/fuzz_variant.o: tests/fuzz/fuzz_variant.c \
 libkifu/include/kifu/kifu.h build-tsan/gen/include/kifu/version.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/play.h libkifu/include/kifu/vocabulary.h \
 libkifu/include/kifu/reader.h libkifu/include/kifu/stream.h \
 libkifu/include/kifu/notation.h libkifu/include/kifu/compact.h \
 libkifu/include/kifu/kif.h tests/fuzz/fuzz.h
libkifu/include/kifu/kifu.h:
build-tsan/gen/include/kifu/version.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/play.h:
libkifu/include/kifu/vocabulary.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/stream.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/compact.h:
libkifu/include/kifu/kif.h:
tests/fuzz/fuzz.h:
