/*
 * encoding.h - telling and converting the encodings of KIF files
 * (UTF-8, Shift_JIS as CP932, EUC-JP) with iconv.
 */
#ifndef KIFU_ENCODING_H
#define KIFU_ENCODING_H

#include <stdbool.h>
#include <stddef.h>

enum kifu__encoding { KIFU__ENC_UTF8 = 0, KIFU__ENC_CP932, KIFU__ENC_EUCJP };

/* Tells the encoding of a sample (the first bytes of an input): bytes that
 * are valid UTF-8 are UTF-8 whatever a `#KIF ... encoding=` header says (a
 * header may lie); else Shift_JIS (CP932) if it decodes, else EUC-JP if that
 * decodes (or the header says EUC-JP when both do), else CP932.  Bytes
 * that are nearly all UTF-8 (a stray byte to eight characters) are UTF-8.
 * whole: the sample is the whole input (its last line is judged too). */
enum kifu__encoding kifu__encoding_detect(const char *sample, size_t n, bool whole);

bool kifu__utf8_valid(const char *s, size_t n);
/* The length of the run of ASCII bytes (below 0x80) s[0..n) starts with,
 * read a word at a time. */
size_t kifu__ascii_span(const char *s, size_t n);

/* The longest prefix of s[0..n) that is at most max bytes and does not end
 * inside a UTF-8 character (bytes that are not UTF-8 count one each). */
size_t kifu__utf8_cut(const char *s, size_t n, size_t max);
/* Copies src into dst (size bytes with the NUL), cut at a character
 * boundary when it does not fit: quoted text never ends in half a
 * character.  Returns dst. */
char *kifu__text_copy(char *dst, size_t size, const char *src);
/* After a truncating snprintf into s: drops a last character cut short. */
void kifu__utf8_trim_end(char *s);

typedef struct kifu__decoder kifu__decoder;
/* A converter to UTF-8; NULL on failure. */
kifu__decoder *kifu__decoder_new(enum kifu__encoding enc);
void kifu__decoder_free(kifu__decoder *d);
/* The encoding it reads, for messages: "UTF-8", "Shift_JIS", "EUC-JP". */
const char *kifu__decoder_name(const kifu__decoder *d);
/* Tells a UTF-8 decoder that its input was checked whole: lines pass as
 * they are. */
void kifu__decoder_trust(kifu__decoder *d);
/* Converts one line to UTF-8.  UTF-8 input that is valid passes through
 * untouched; bytes that do not decode become U+FFFD, and *bad_at is the
 * offset of the first of them ((size_t)-1 if none), for the reader to
 * report.  *out lives until the next call.  Returns 0 or KIFU_ENOMEM. */
int kifu__decoder_line(kifu__decoder *d, const char *in, size_t n, const char **out, size_t *outn,
		       size_t *bad_at);
/* The same, and *bad_out the offset in *out of the U+FFFD put for that
 * byte ((size_t)-1 if none). */
int kifu__decoder_line_at(kifu__decoder *d, const char *in, size_t n, const char **out, size_t *outn,
			  size_t *bad_at, size_t *bad_out);
/* Converts UTF-8 text to enc (for writing Shift_JIS); characters that have
 * no form there become '?', and *lost_at (if not NULL) is the offset in in
 * of the first of them ((size_t)-1 if none).  The caller frees *out. */
int kifu__encode_text(enum kifu__encoding enc, const char *in, size_t n, char **out, size_t *outn,
		      size_t *lost_at);

#endif
