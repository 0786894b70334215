build-tsan/obj/libkifu/src/text/version.o: libkifu/src/text/version.c \
 build-tsan/gen/include/kifu/version.h libkifu/include/kifu/api.h
build-tsan/gen/include/kifu/version.h:
libkifu/include/kifu/api.h:
