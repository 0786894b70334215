build-tsan/obj/libkifu/src/rules/sfen.o: libkifu/src/rules/sfen.c \
 libkifu/src/rules/sfen.h libkifu/src/rules/variant_internal.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/variant.h libkifu/src/rules/bitboard.h \
 libkifu/src/rules/hash.h
libkifu/src/rules/sfen.h:
libkifu/src/rules/variant_internal.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/variant.h:
libkifu/src/rules/bitboard.h:
libkifu/src/rules/hash.h:
