/*
 * kifu/api.h - what every public header of libkifu opens and closes with.
 *
 * KIFU_BEGIN_DECLS / KIFU_END_DECLS wrap a header's declarations: C linkage
 * for C++ callers, and default visibility, so that the shared library
 * exports exactly the functions the public headers declare (the library is
 * built with -fvisibility=hidden; its private functions carry the kifu__
 * prefix and stay inside it).
 */
#ifndef KIFU_API_H
#define KIFU_API_H

#if defined(__GNUC__)
#define KIFU_VISIBILITY_BEGIN_ _Pragma("GCC visibility push(default)")
#define KIFU_VISIBILITY_END_ _Pragma("GCC visibility pop")
#else
#define KIFU_VISIBILITY_BEGIN_
#define KIFU_VISIBILITY_END_
#endif

#ifdef __cplusplus
#define KIFU_BEGIN_DECLS extern "C" { KIFU_VISIBILITY_BEGIN_
#define KIFU_END_DECLS KIFU_VISIBILITY_END_ }
#else
#define KIFU_BEGIN_DECLS KIFU_VISIBILITY_BEGIN_
#define KIFU_END_DECLS KIFU_VISIBILITY_END_
#endif

#if defined(__GNUC__)
#define KIFU_PRINTF_(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define KIFU_PRINTF_(fmt, args)
#endif

#endif
