build-tsan/obj/tests/fuzz/fuzz_json.o: tests/fuzz/fuzz_json.c \
 tests/fuzz/../../libkifu/src/text/json_tokens.h tests/fuzz/fuzz.h
tests/fuzz/../../libkifu/src/text/json_tokens.h:
tests/fuzz/fuzz.h:
