build-tsan/obj/libkifu/src/record/vocabulary.o: \
 libkifu/src/record/vocabulary.c libkifu/include/kifu/vocabulary.h \
 libkifu/include/kifu/api.h
libkifu/include/kifu/vocabulary.h:
libkifu/include/kifu/api.h:
