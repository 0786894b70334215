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
	/* What the file says at its top level, NULL where it does not (then
	 * the variant it inherits from says it): the written name, title-ja,
	 * the parent's name, and the names under starts (NULL-terminated) */
	const char *yaml_name;
	const char *title_ja;
	const char *inherit;
	const char *const *starts;
	/* its board (its own, else its nearest ancestor's), the index of the
	 * file it inherits (-1 if none), and 1 when the file leaves its
	 * parent's start position and piece names alone */
	int files, ranks;
	int parent;
	int start_as_parent;
	/* a file with a start and pieces of its own: the start's squares
	 * (rank * files + file), 0 empty, 1 + i a Sente piece_names[i], -1 - i
	 * a Gote one; NULL where not told (the file inherits, or its start
	 * holds a promoted piece) */
	const short *start_board;
	const char *const *start_names;
};

extern const struct kifu_builtin_file kifu__builtin_files[];
extern const size_t kifu__builtin_file_count;
#endif
