build-tsan/obj/gen/builtin_variants.o: build-tsan/gen/builtin_variants.c \
 libkifu/src/rules/builtin.h
libkifu/src/rules/builtin.h:
