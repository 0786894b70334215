build-tsan/obj/libkifu/src/notation/csa/csa_read.o: \
 libkifu/src/notation/csa/csa_read.c libkifu/include/kifu/sys/record.h \
 libkifu/include/kifu/sys/../record.h libkifu/include/kifu/sys/../api.h \
 libkifu/include/kifu/sys/../error.h \
 libkifu/include/kifu/sys/../position.h \
 libkifu/include/kifu/sys/../variant.h libkifu/include/kifu/vocabulary.h \
 libkifu/include/kifu/api.h libkifu/src/notation/csa/csa.h \
 libkifu/src/notation/notation.h libkifu/include/kifu/notation.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/position.h \
 libkifu/include/kifu/record.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/reader.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/variant.h libkifu/src/text/encoding.h
libkifu/include/kifu/sys/record.h:
libkifu/include/kifu/sys/../record.h:
libkifu/include/kifu/sys/../api.h:
libkifu/include/kifu/sys/../error.h:
libkifu/include/kifu/sys/../position.h:
libkifu/include/kifu/sys/../variant.h:
libkifu/include/kifu/vocabulary.h:
libkifu/include/kifu/api.h:
libkifu/src/notation/csa/csa.h:
libkifu/src/notation/notation.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/variant.h:
libkifu/src/text/encoding.h:
