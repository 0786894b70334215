build-tsan/obj/libkifu/src/rules/describe.o: libkifu/src/rules/describe.c \
 libkifu/src/rules/variant_internal.h libkifu/include/kifu/position.h \
 libkifu/include/kifu/api.h libkifu/include/kifu/error.h \
 libkifu/include/kifu/variant.h libkifu/include/kifu/variant.h \
 libkifu/src/rules/bitboard.h
libkifu/src/rules/variant_internal.h:
libkifu/include/kifu/position.h:
libkifu/include/kifu/api.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/variant.h:
libkifu/include/kifu/variant.h:
libkifu/src/rules/bitboard.h:
