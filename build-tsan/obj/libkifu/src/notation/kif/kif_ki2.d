build-tsan/obj/libkifu/src/notation/kif/kif_ki2.o: \
 libkifu/src/notation/kif/kif_ki2.c libkifu/src/notation/kif/kif_read.h \
 libkifu/include/kifu/play.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/variant.h libkifu/include/kifu/record.h \
 libkifu/include/kifu/sys/record.h libkifu/include/kifu/sys/../record.h \
 libkifu/src/notation/kif/kif_lex.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/vocabulary.h libkifu/src/notation/notation.h \
 libkifu/include/kifu/notation.h libkifu/include/kifu/reader.h \
 libkifu/include/kifu/record.h libkifu/src/text/encoding.h
libkifu/src/notation/kif/kif_read.h:
libkifu/include/kifu/play.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/record.h:
libkifu/include/kifu/sys/record.h:
libkifu/include/kifu/sys/../record.h:
libkifu/src/notation/kif/kif_lex.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/vocabulary.h:
libkifu/src/notation/notation.h:
libkifu/include/kifu/notation.h:
libkifu/include/kifu/reader.h:
libkifu/include/kifu/record.h:
libkifu/src/text/encoding.h:
