build-tsan/obj/libkifu/src/notation/jkf/jkf_build.o: \
 libkifu/src/notation/jkf/jkf_build.c libkifu/include/kifu/sys/record.h \
 libkifu/include/kifu/sys/../record.h libkifu/include/kifu/sys/../api.h \
 libkifu/include/kifu/sys/../error.h \
 libkifu/include/kifu/sys/../position.h \
 libkifu/include/kifu/sys/../variant.h libkifu/include/kifu/vocabulary.h \
 libkifu/include/kifu/api.h libkifu/src/notation/jkf/jkf.h \
 libkifu/include/kifu/notation.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/variant.h libkifu/include/kifu/variant.h \
 libkifu/src/notation/jkf/jkf_read.h libkifu/include/kifu/record.h \
 libkifu/src/notation/notation.h libkifu/include/kifu/reader.h \
 libkifu/src/text/encoding.h libkifu/src/text/json_tokens.h \
 libkifu/src/record/start.h libkifu/include/kifu/error.h
libkifu/include/kifu/sys/record.h:
libkifu/include/kifu/sys/../record.h:
libkifu/include/kifu/sys/../api.h:
libkifu/include/kifu/sys/../error.h:
libkifu/include/kifu/sys/../position.h:
libkifu/include/kifu/sys/../variant.h:
libkifu/include/kifu/vocabulary.h:
libkifu/include/kifu/api.h:
libkifu/src/notation/jkf/jkf.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/variant.h:
libkifu/src/notation/jkf/jkf_read.h:
libkifu/include/kifu/record.h:
libkifu/src/notation/notation.h:
libkifu/include/kifu/reader.h:
libkifu/src/text/encoding.h:
libkifu/src/text/json_tokens.h:
libkifu/src/record/start.h:
libkifu/include/kifu/error.h:
