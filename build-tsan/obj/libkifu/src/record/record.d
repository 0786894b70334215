build-tsan/obj/libkifu/src/record/record.o: libkifu/src/record/record.c \
 libkifu/include/kifu/sys/record.h libkifu/include/kifu/sys/../record.h \
 libkifu/include/kifu/sys/../api.h libkifu/include/kifu/sys/../error.h \
 libkifu/include/kifu/sys/../position.h \
 libkifu/include/kifu/sys/../variant.h
libkifu/include/kifu/sys/record.h:
libkifu/include/kifu/sys/../record.h:
libkifu/include/kifu/sys/../api.h:
libkifu/include/kifu/sys/../error.h:
libkifu/include/kifu/sys/../position.h:
libkifu/include/kifu/sys/../variant.h:
