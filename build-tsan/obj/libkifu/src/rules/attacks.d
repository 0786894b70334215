build-tsan/obj/libkifu/src/rules/attacks.o: libkifu/src/rules/attacks.c \
 libkifu/src/rules/rules_internal.h libkifu/src/rules/position_internal.h \
 libkifu/include/kifu/position.h libkifu/include/kifu/api.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/variant.h \
 libkifu/src/rules/hash.h libkifu/src/rules/variant_internal.h \
 libkifu/include/kifu/variant.h libkifu/src/rules/bitboard.h \
 libkifu/src/rules/promotion.h
libkifu/src/rules/rules_internal.h:
libkifu/src/rules/position_internal.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/src/rules/hash.h:
libkifu/src/rules/variant_internal.h:
libkifu/include/kifu/variant.h:
libkifu/src/rules/bitboard.h:
libkifu/src/rules/promotion.h:
