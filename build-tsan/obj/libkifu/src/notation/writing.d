build-tsan/obj/libkifu/src/notation/writing.o: \
 libkifu/src/notation/writing.c libkifu/src/notation/writing.h \
 libkifu/include/kifu/play.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/variant.h libkifu/include/kifu/record.h
libkifu/src/notation/writing.h:
libkifu/include/kifu/play.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/record.h:
