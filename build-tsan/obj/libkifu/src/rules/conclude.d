build-tsan/obj/libkifu/src/rules/conclude.o: libkifu/src/rules/conclude.c \
 libkifu/src/rules/conclude.h libkifu/src/rules/variant_internal.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/variant.h \
 libkifu/include/kifu/variant.h libkifu/src/rules/bitboard.h \
 libkifu/src/rules/hash.h libkifu/src/rules/names.h \
 libkifu/src/rules/promotion.h
libkifu/src/rules/conclude.h:
libkifu/src/rules/variant_internal.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/variant.h:
libkifu/src/rules/bitboard.h:
libkifu/src/rules/hash.h:
libkifu/src/rules/names.h:
libkifu/src/rules/promotion.h:
