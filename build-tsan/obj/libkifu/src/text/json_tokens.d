build-tsan/obj/libkifu/src/text/json_tokens.o: \
 libkifu/src/text/json_tokens.c libkifu/src/text/json_tokens.h \
 libkifu/include/kifu/error.h libkifu/include/kifu/api.h
libkifu/src/text/json_tokens.h:
libkifu/include/kifu/error.h:
libkifu/include/kifu/api.h:
