build-tsan/obj/libkifu/src/notation/kif/kif_write.o: \
 libkifu/src/notation/kif/kif_write.c libkifu/include/kifu/kif.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/notation.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/position.h \
 libkifu/include/kifu/variant.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/play.h libkifu/include/kifu/vocabulary.h \
 libkifu/src/notation/kif/kif_lex.h libkifu/include/kifu/variant.h \
 libkifu/src/notation/kif/kif_write.h libkifu/include/kifu/notation.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/record.h \
 libkifu/src/notation/writing.h libkifu/src/text/encoding.h
libkifu/include/kifu/kif.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/play.h:
libkifu/include/kifu/vocabulary.h:
libkifu/src/notation/kif/kif_lex.h:
libkifu/include/kifu/variant.h:
libkifu/src/notation/kif/kif_write.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/record.h:
libkifu/src/notation/writing.h:
libkifu/src/text/encoding.h:
