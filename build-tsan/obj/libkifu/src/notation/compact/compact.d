build-tsan/obj/libkifu/src/notation/compact/compact.o: \
 libkifu/src/notation/compact/compact.c libkifu/include/kifu/compact.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/record.h libkifu/include/kifu/sys/record.h \
 libkifu/include/kifu/sys/../record.h libkifu/include/kifu/vocabulary.h \
 libkifu/src/notation/notation.h libkifu/include/kifu/notation.h \
 libkifu/include/kifu/reader.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/variant.h libkifu/src/text/encoding.h \
 libkifu/src/record/start.h libkifu/include/kifu/error.h
libkifu/include/kifu/compact.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/sys/record.h:
libkifu/include/kifu/sys/../record.h:
libkifu/include/kifu/vocabulary.h:
libkifu/src/notation/notation.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/variant.h:
libkifu/src/text/encoding.h:
libkifu/src/record/start.h:
libkifu/include/kifu/error.h:
