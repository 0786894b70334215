build-tsan/obj/libkifu/src/text/diag.o: libkifu/src/text/diag.c \
 libkifu/include/kifu/error.h libkifu/include/kifu/api.h \
 libkifu/src/text/encoding.h
libkifu/include/kifu/error.h:
libkifu/include/kifu/api.h:
libkifu/src/text/encoding.h:
