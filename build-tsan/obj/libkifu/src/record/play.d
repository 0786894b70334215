build-tsan/obj/libkifu/src/record/play.o: libkifu/src/record/play.c \
 libkifu/include/kifu/play.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/variant.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/vocabulary.h libkifu/src/text/encoding.h \
 libkifu/src/record/start.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/variant.h libkifu/src/text/similar.h
libkifu/include/kifu/play.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/vocabulary.h:
libkifu/src/text/encoding.h:
libkifu/src/record/start.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/src/text/similar.h:
