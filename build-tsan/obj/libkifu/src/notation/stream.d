build-tsan/obj/libkifu/src/notation/stream.o: \
 libkifu/src/notation/stream.c libkifu/include/kifu/stream.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/reader.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/sys/record.h libkifu/include/kifu/sys/../record.h \
 libkifu/src/notation/notation.h libkifu/include/kifu/notation.h \
 libkifu/include/kifu/reader.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/variant.h libkifu/src/text/encoding.h \
 libkifu/src/text/reader_internal.h
libkifu/include/kifu/stream.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/sys/record.h:
libkifu/include/kifu/sys/../record.h:
libkifu/src/notation/notation.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/variant.h:
libkifu/src/text/encoding.h:
libkifu/src/text/reader_internal.h:
