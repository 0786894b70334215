build-tsan/obj/libkifu/src/notation/csa/csa.o: \
 libkifu/src/notation/csa/csa.c libkifu/src/notation/csa/csa.h \
 libkifu/src/notation/notation.h libkifu/include/kifu/notation.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/record.h libkifu/include/kifu/reader.h \
 libkifu/include/kifu/record.h libkifu/include/kifu/variant.h \
 libkifu/src/text/encoding.h
libkifu/src/notation/csa/csa.h:
libkifu/src/notation/notation.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/variant.h:
libkifu/src/text/encoding.h:
