/* builtin.h - the shipped variant files, compiled in by the build
 * (build/gen/builtin_variants.c, written by tools/gen/embed.c). */
#ifndef KIFU_BUILTIN_H
#define KIFU_BUILTIN_H
#include <stddef.h>

struct kifu_builtin_file {
	const char *name;  /* "dai" */
	const char *path;  /* "formats/variants/dai.yaml", for messages */
	const char *text;
	size_t len;
};

extern const struct kifu_builtin_file kifu__builtin_files[];
extern const size_t kifu__builtin_file_count;
#endif
