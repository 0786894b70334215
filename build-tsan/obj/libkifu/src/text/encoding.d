build-tsan/obj/libkifu/src/text/encoding.o: libkifu/src/text/encoding.c \
 libkifu/include/kifu/error.h libkifu/include/kifu/api.h \
 libkifu/src/text/encoding.h
libkifu/include/kifu/error.h:
libkifu/include/kifu/api.h:
libkifu/src/text/encoding.h:
