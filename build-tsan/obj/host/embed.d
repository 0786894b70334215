build-tsan/gen/embed: tools/gen/embed.c
