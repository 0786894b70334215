build-tsan/obj/libkifu/src/text/similar.o: libkifu/src/text/similar.c \
 libkifu/src/text/similar.h
libkifu/src/text/similar.h:
