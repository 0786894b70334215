build-tsan/obj/libkifu/src/notation/kif/kif_lex.o: \
 libkifu/src/notation/kif/kif_lex.c libkifu/src/notation/kif/kif_lex.h \
 libkifu/include/kifu/variant.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/vocabulary.h
libkifu/src/notation/kif/kif_lex.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/vocabulary.h:
