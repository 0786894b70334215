/*
 * encoding.c - encodings of KIF files (encoding.h).  The one file that uses
 * iconv.
 */
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kifu/error.h"
#include "text/buffer.h"
#include "text/encoding.h"

/* Does the word hold a byte of 0x80 or more? */
#define HIGH_BITS 0x8080808080808080ull

size_t kifu__ascii_span(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	/* sixteen bytes at a time (memcpy: no alignment asked of the text) */
	for (; i + 16 <= n; i += 16) {
		uint64_t a, b;
		memcpy(&a, s + i, 8);
		memcpy(&b, s + i + 8, 8);
		if ((a | b) & HIGH_BITS)
			break;
	}
	while (i < n && s[i] < 0x80)
		i++;
	return i;
}

/* The slow path of kifu__utf8_valid: one character of two to four bytes
 * at s[i] (its lead byte 0x80 or more), checked whole; its length, or 0. */
static size_t utf8_one(const unsigned char *s, size_t i, size_t n)
{
	unsigned c = s[i];
	size_t k;
	unsigned min;
	if ((c & 0xE0) == 0xC0) {
		k = 1;
		min = 0x80;
		c &= 0x1F;
	} else if ((c & 0xF0) == 0xE0) {
		k = 2;
		min = 0x800;
		c &= 0x0F;
	} else if ((c & 0xF8) == 0xF0) {
		k = 3;
		min = 0x10000;
		c &= 0x07;
	} else {
		return 0;
	}
	for (size_t j = 1; j <= k; j++) {
		if (i + j >= n || (s[i + j] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i + j] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	return k + 1;
}

bool kifu__utf8_valid(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		/* the common cases first, byte by byte (KIF's text changes from
		 * ASCII to kanji every few bytes): ASCII, a long run of it a
		 * word at a time, and a three-byte character (kana, kanji) that
		 * is not a surrogate */
		if (c < 0x80) {
			i++;
			if (i + 16 <= n && s[i] < 0x80 && s[i + 1] < 0x80)
				i += kifu__ascii_span(str + i, n - i);
			continue;
		}
		if (c >= 0xE1 && c != 0xED && c <= 0xEF && i + 2 < n && (s[i + 1] & 0xC0) == 0x80 &&
		    (s[i + 2] & 0xC0) == 0x80) {
			i += 3;
			continue;
		}
		size_t k = utf8_one(s, i, n);
		if (!k)
			return false;
		i += k;
	}
	return true;
}

/* The length of the UTF-8 character a lead byte starts (1 for ASCII and
 * for a byte that starts none). */
static size_t utf8_char_len(unsigned char c)
{
	return c >= 0xF0 && c < 0xF8 ? 4 : c >= 0xE0 ? (c < 0xF0 ? 3 : 1) : c >= 0xC0 ? 2 : 1;
}

size_t kifu__utf8_cut(const char *str, size_t n, size_t max)
{
	if (n <= max)
		return n;
	const unsigned char *s = (const unsigned char *)str;
	size_t cut = max;
	/* back over continuation bytes to the character's first byte */
	size_t lead = cut;
	while (lead > 0 && cut - lead < 3 && (s[lead] & 0xC0) == 0x80)
		lead--;
	if (lead < cut && (s[lead] & 0xC0) != 0x80 && lead + utf8_char_len(s[lead]) > cut)
		return lead;
	return cut;
}

char *kifu__text_copy(char *dst, size_t size, const char *src)
{
	if (size == 0)
		return dst;
	size_t n = strlen(src);
	n = kifu__utf8_cut(src, n, size - 1);
	memcpy(dst, src, n);
	dst[n] = 0;
	return dst;
}

void kifu__utf8_trim_end(char *s)
{
	size_t n = strlen(s);
	if (n == 0)
		return;
	size_t lead = n - 1;
	while (lead > 0 && n - lead < 4 && ((unsigned char)s[lead] & 0xC0) == 0x80)
		lead--;
	unsigned char c = (unsigned char)s[lead];
	if (c >= 0xC0 && lead + utf8_char_len(c) > n)
		s[lead] = 0;
}

static const char *iconv_name(enum kifu__encoding enc)
{
	return enc == KIFU__ENC_CP932 ? "CP932" : enc == KIFU__ENC_EUCJP ? "EUC-JP" : "UTF-8";
}

/* Does s[0..n) decode cleanly from enc? */
static bool decodes(enum kifu__encoding enc, const char *s, size_t n)
{
	iconv_t cd = iconv_open("UTF-8", iconv_name(enc));
	if (cd == (iconv_t)-1)
		return false;
	char out[4096];
	char *in = (char *)s;
	size_t left = n;
	bool ok = true;
	while (left > 0) {
		char *o = out;
		size_t room = sizeof out;
		if (iconv(cd, &in, &left, &o, &room) == (size_t)-1 && errno != E2BIG) {
			ok = false;
			break;
		}
	}
	iconv_close(cd);
	return ok;
}


/* Counts, in s[0..n), the valid UTF-8 sequences of two bytes or more
 * (*good) and the bytes of 0x80 or more that are in none (*bad). */
static void utf8_census(const char *str, size_t n, size_t *good, size_t *bad)
{
	const unsigned char *s = (const unsigned char *)str;
	*good = *bad = 0;
	for (size_t i = 0; i < n;) {
		i += kifu__ascii_span(str + i, n - i);
		if (i >= n)
			break;
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		size_t k = utf8_char_len(s[i]);
		if (k > 1 && i + k <= n && kifu__utf8_valid(str + i, k)) {
			(*good)++;
			i += k;
		} else {
			(*bad)++;
			i++;
		}
	}
}

enum kifu__encoding kifu__encoding_detect(const char *sample, size_t n, bool whole)
{
	/* judge whole lines only, unless the sample is the whole input: it may
	 * end inside a character */
	size_t cut = n;
	if (!whole) {
		while (cut > 0 && sample[cut - 1] != '\n' && sample[cut - 1] != '\r')
			cut--;
		if (cut == 0)
			cut = n;
	}
	/* UTF-8 when it is, or nearly: a stray Latin-1 byte among UTF-8
	 * characters (eight or more for each bad byte) is a bad byte of a
	 * UTF-8 file, reported on its line, not a reason to read every line as
	 * Shift_JIS.  Shift_JIS text makes far more bad bytes than UTF-8
	 * characters: most of its lead bytes cannot start one. */
	if (kifu__utf8_valid(sample, cut)) /* most files: one pass */
		return KIFU__ENC_UTF8;
	size_t good, bad;
	utf8_census(sample, cut, &good, &bad);
	if (bad == 0 || good >= 8 * bad)
		return KIFU__ENC_UTF8;
	bool cp932 = decodes(KIFU__ENC_CP932, sample, cut);
	bool eucjp = decodes(KIFU__ENC_EUCJP, sample, cut);
	if (cp932 && !eucjp)
		return KIFU__ENC_CP932;
	if (eucjp && !cp932)
		return KIFU__ENC_EUCJP;
	if (cp932 && eucjp) {
		/* both decode: trust a header that names one */
		const char *h = memchr(sample, '#', cut) ? strstr(sample, "encoding=") : NULL;
		if (h && (!strncmp(h + 9, "EUC", 3) || !strncmp(h + 9, "euc", 3)))
			return KIFU__ENC_EUCJP;
	}
	return KIFU__ENC_CP932;
}

struct kifu__decoder {
	enum kifu__encoding enc;
	bool trusted;
	iconv_t cd;
	char *buf;
	size_t cap;
};

kifu__decoder *kifu__decoder_new(enum kifu__encoding enc)
{
	kifu__decoder *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->enc = enc;
	d->cd = (iconv_t)-1;
	if (enc != KIFU__ENC_UTF8) {
		d->cd = iconv_open("UTF-8", iconv_name(enc));
		if (d->cd == (iconv_t)-1) {
			free(d);
			return NULL;
		}
	}
	return d;
}

void kifu__decoder_free(kifu__decoder *d)
{
	if (!d)
		return;
	if (d->cd != (iconv_t)-1)
		iconv_close(d->cd);
	free(d->buf);
	free(d);
}

static int reserve(kifu__decoder *d, size_t need)
{
	return kifu__grow(&d->buf, &d->cap, need, 1024);
}

const char *kifu__decoder_name(const kifu__decoder *d)
{
	return d->enc == KIFU__ENC_CP932 ? "Shift_JIS" : d->enc == KIFU__ENC_EUCJP ? "EUC-JP" : "UTF-8";
}

void kifu__decoder_trust(kifu__decoder *d)
{
	d->trusted = d->enc == KIFU__ENC_UTF8;
}

int kifu__decoder_line(kifu__decoder *d, const char *in, size_t n, const char **out, size_t *outn,
		       size_t *bad_at)
{
	size_t bad_out;
	return kifu__decoder_line_at(d, in, n, out, outn, bad_at, &bad_out);
}

int kifu__decoder_line_at(kifu__decoder *d, const char *in, size_t n, const char **out, size_t *outn,
			  size_t *bad_at, size_t *bad_out)
{
	*bad_at = *bad_out = (size_t)-1;
	if (d->trusted) {
		*out = in;
		*outn = n;
		return 0;
	}
	if (kifu__ascii_span(in, n) == n || (d->enc == KIFU__ENC_UTF8 && kifu__utf8_valid(in, n))) {
		*out = in;
		*outn = n;
		return 0;
	}
	if (d->enc == KIFU__ENC_UTF8) {
		/* invalid UTF-8 in a UTF-8 file: keep the valid parts */
		if (reserve(d, n * 3 + 1))
			return KIFU_ENOMEM;
		size_t o = 0;
		for (size_t i = 0; i < n;) {
			size_t k = 1;
			unsigned char c = (unsigned char)in[i];
			if (c >= 0x80) {
				k = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
				if (!k || i + k > n || !kifu__utf8_valid(in + i, k)) {
					if (*bad_at == (size_t)-1) {
						*bad_at = i;
						*bad_out = o;
					}
					memcpy(d->buf + o, "\xEF\xBF\xBD", 3);
					o += 3;
					i++;
					continue;
				}
			}
			memcpy(d->buf + o, in + i, k);
			o += k;
			i += k;
		}
		d->buf[o] = 0;
		*out = d->buf;
		*outn = o;
		return 0;
	}
	if (reserve(d, n * 3 + 4))
		return KIFU_ENOMEM;
	iconv(d->cd, NULL, NULL, NULL, NULL);
	char *src = (char *)in, *dst = d->buf;
	size_t left = n, room = d->cap - 1;
	while (left > 0) {
		if (iconv(d->cd, &src, &left, &dst, &room) != (size_t)-1)
			break;
		if (errno == E2BIG) {
			size_t used = (size_t)(dst - d->buf);
			if (reserve(d, d->cap * 2))
				return KIFU_ENOMEM;
			dst = d->buf + used;
			room = d->cap - used - 1;
			continue;
		}
		/* a byte that does not decode: U+FFFD, and on */
		if (*bad_at == (size_t)-1) {
			*bad_at = (size_t)(src - in);
			*bad_out = (size_t)(dst - d->buf);
		}
		if (room < 3) {
			size_t used = (size_t)(dst - d->buf);
			if (reserve(d, d->cap * 2))
				return KIFU_ENOMEM;
			dst = d->buf + used;
			room = d->cap - used - 1;
		}
		memcpy(dst, "\xEF\xBF\xBD", 3);
		dst += 3;
		room -= 3;
		src++;
		left--;
	}
	*dst = 0;
	*out = d->buf;
	*outn = (size_t)(dst - d->buf);
	return 0;
}

int kifu__encode_text(enum kifu__encoding enc, const char *in, size_t n, char **out, size_t *outn,
		      size_t *lost_at)
{
	*out = NULL;
	if (lost_at)
		*lost_at = (size_t)-1;
	size_t cap = n * 2 + 16;
	char *buf = malloc(cap);
	if (!buf)
		return KIFU_ENOMEM;
	if (enc == KIFU__ENC_UTF8) {
		memcpy(buf, in, n);
		*out = buf;
		*outn = n;
		return 0;
	}
	iconv_t cd = iconv_open(iconv_name(enc), "UTF-8");
	if (cd == (iconv_t)-1) {
		free(buf);
		return KIFU_EINVAL;
	}
	char *src = (char *)in, *dst = buf;
	size_t left = n, room = cap;
	while (left > 0) {
		if (iconv(cd, &src, &left, &dst, &room) != (size_t)-1)
			break;
		if (errno == E2BIG || room < 1) {
			size_t used = (size_t)(dst - buf);
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				iconv_close(cd);
				return KIFU_ENOMEM;
			}
			buf = nb;
			cap *= 2;
			dst = buf + used;
			room = cap - used;
			continue;
		}
		/* no form in the target: '?', skip the UTF-8 character */
		if (lost_at && *lost_at == (size_t)-1)
			*lost_at = (size_t)(src - in);
		*dst++ = '?';
		room--;
		size_t k = 1;
		while (k < left && ((unsigned char)src[k] & 0xC0) == 0x80)
			k++;
		src += k;
		left -= k;
	}
	iconv_close(cd);
	*out = buf;
	*outn = (size_t)(dst - buf);
	return 0;
}
