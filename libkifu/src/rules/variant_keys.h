/*
 * variant_keys.h - the keys of a variant file as data: one table per YAML
 * mapping of the schema (formats/variants.md), each key with its kind,
 * the field it fills and, for a choice, its words.  variant_yaml.c reads
 * every mapping through its table, so that what a file may say, what the
 * messages list as expected and what the schema documents are one list
 * (tests/test_variant.c checks formats/variants.md against it).
 */
#ifndef KIFU_RULES_VARIANT_KEYS_H
#define KIFU_RULES_VARIANT_KEYS_H

#include <stdbool.h>
#include <stddef.h>

enum kifu__key_kind {
	KEY_TEXT,    /* a text value into a char array of `hi` bytes */
	KEY_INT,     /* a whole number from lo to hi, into an int */
	KEY_BOOL,    /* true or false (yes, no), into a bool */
	KEY_CHOICE,  /* one of `words`, its index into an int */
	KEY_FLAGS,   /* one or a list of `words`, bit i for word i, into an unsigned */
	KEY_LIST,    /* one text or a list of at most hi, into char[hi][NAME_MAX_LEN], the count at count_at */
	KEY_MAP,     /* a mapping read with its own table, into the field at `at` */
	KEY_OWN      /* read by a function of its own */
};

struct kifu__load;
struct yaml_node_s; /* libyaml's <yaml.h>: yaml_node_t */
typedef struct kifu__key_table kifu__key_table;

typedef struct kifu__key {
	const char *name;
	enum kifu__key_kind kind;
	size_t at;                  /* the field's offset in the table's target */
	int lo, hi;
	const char *const *words;   /* KEY_CHOICE, KEY_FLAGS: NULL-terminated */
	const char *item;           /* KEY_FLAGS: what one word is, for messages */
	const kifu__key_table *sub; /* KEY_MAP: the mapping's keys */
	size_t count_at;            /* KEY_LIST: the count's offset */
	/* KEY_OWN: reads the value; for any kind, a check of the value read */
	int (*own)(struct kifu__load *l, struct yaml_node_s *node, void *target, void *notes);
	int (*check)(struct kifu__load *l, struct yaml_node_s *node);
	bool note;                  /* note where the value was written: in the `where` */
	size_t noted;               /* at this offset of the table's notes */
	unsigned flags;             /* KEY_ALSO_PROMOTED_ONLY */
} kifu__key;

/* A piece key that a promoted-only piece takes too. */
#define KEY_ALSO_PROMOTED_ONLY 1u

struct kifu__key_table {
	const char *mapping;        /* "promotion", "piece", ...; NULL at the top */
	const char *section;        /* the heading of formats/variants.md that documents it */
	const kifu__key *keys;
	int nkeys;
	unsigned only;              /* keys without these flags are not taken (0: every key) */
	/* an unknown key's message: "unknown key "K" IN (expected KEYS)", or
	 * with IN NULL "unknown MAPPING key "K" (see formats/variants.md)" */
	const char *in;
	/* a value that is not a mapping: "expected NOUN (KEYS)" (NOUN NULL: "a
	 * mapping"), or with `expected` that message */
	const char *noun;
	const char *expected;
};

/* Every table, the top level's first; NULL-terminated. */
extern const kifu__key_table *const kifu__variant_key_tables[];

#endif
