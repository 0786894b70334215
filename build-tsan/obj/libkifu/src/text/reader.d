build-tsan/obj/libkifu/src/text/reader.o: libkifu/src/text/reader.c \
 libkifu/include/kifu/reader.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/error.h libkifu/src/text/reader_internal.h
libkifu/include/kifu/reader.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/src/text/reader_internal.h:
