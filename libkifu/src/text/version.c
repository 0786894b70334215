/*
 * version.c - the library's version at run time (kifu/version.h).
 */
#include "kifu/version.h"

const char *kifu_version(void) { return KIFU_VERSION; }
