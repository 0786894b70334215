build-tsan/obj/libkifu/src/notation/usi/usi.o: \
 libkifu/src/notation/usi/usi.c libkifu/include/kifu/compact.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/record.h libkifu/include/kifu/play.h \
 libkifu/include/kifu/sys/record.h libkifu/include/kifu/sys/../record.h \
 libkifu/src/notation/notation.h libkifu/include/kifu/notation.h \
 libkifu/include/kifu/reader.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/variant.h libkifu/src/text/encoding.h
libkifu/include/kifu/compact.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/play.h:
libkifu/include/kifu/sys/record.h:
libkifu/include/kifu/sys/../record.h:
libkifu/src/notation/notation.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/variant.h:
libkifu/src/text/encoding.h:
