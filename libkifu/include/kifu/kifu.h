/*
 * kifu/kifu.h - the whole public API of libkifu in one include.
 *
 * Compile with the flags of `pkg-config --cflags libkifu` and
 * `#include <kifu/kifu.h>`; link with `pkg-config --static --libs libkifu`
 * (libkifu is a static library that uses libyaml and PCRE2).
 */
#ifndef KIFU_KIFU_H
#define KIFU_KIFU_H

#include "error.h"
#include "variant.h"
#include "position.h"
#include "record.h"
#include "reader.h"
#include "compact.h"
#include "stream.h"
#include "validate.h"
#include "kif.h"

#endif
