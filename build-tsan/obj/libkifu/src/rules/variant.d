build-tsan/obj/libkifu/src/rules/variant.o: libkifu/src/rules/variant.c \
 libkifu/src/rules/variant_load.h libkifu/src/rules/variant_internal.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/variant.h libkifu/src/rules/bitboard.h \
 libkifu/src/rules/builtin.h libkifu/src/rules/sfen.h \
 libkifu/src/text/similar.h
libkifu/src/rules/variant_load.h:
libkifu/src/rules/variant_internal.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/variant.h:
libkifu/src/rules/bitboard.h:
libkifu/src/rules/builtin.h:
libkifu/src/rules/sfen.h:
libkifu/src/text/similar.h:
