/*
 * record_copy.c - a record built anew from another (record_copy.h).
 */
#include "annotate/record_copy.h"

#include <kifu/sys/record.h>

#include <string.h>

/* The comment of place i (-1: the start) in the copy. */
static const char *comment_of(const kifu_record *src, char *const *comments, long i)
{
	if (comments && comments[i + 1])
		return comments[i + 1];
	return kifu_record_comment(src, i < 0 ? KIFU_COMMENT_BEFORE : i);
}

static int put_comment(kifu_record *dst, long at, const char *text)
{
	return text && *text ? kifu_record_set_comment(dst, at, text, strlen(text)) : 0;
}

int record_copy(kifu_record *dst, const kifu_record *src, char *const *comments)
{
	int rc;
	kifu_record_clear(dst);
	const char *variant = kifu_record_variant_name(src);
	if ((rc = kifu_record_set_source(dst, kifu_record_file(src), kifu_record_line(src))) ||
	    (rc = kifu_record_set_variant(dst, variant, strlen(variant))))
		return rc;
	kifu_record_set_notation(dst, kifu_record_notation(src));
	for (int i = 0; i < kifu_record_tag_count(src); i++) {
		const char *k = kifu_record_tag_key(src, i), *val = kifu_record_tag_value(src, i);
		if ((rc = kifu_record_add_tag(dst, k, strlen(k), val, strlen(val))))
			return rc;
	}
	if ((rc = put_comment(dst, KIFU_COMMENT_BEFORE, comment_of(src, comments, -1))))
		return rc;
	const char *bm = kifu_record_bookmark_before(src);
	if (bm && (rc = kifu_record_set_bookmark(dst, KIFU_COMMENT_BEFORE, bm, strlen(bm))))
		return rc;
	/* the lines in the order they were begun: each one's parent is
	 * complete before it, as the builder needs */
	for (int line = 0; line < kifu_record_line_count(src); line++) {
		kifu_record_line_info li;
		if ((rc = kifu_record_get_line(src, line, &li)))
			return rc;
		if (line > 0 && (rc = kifu_record_begin_line(dst, li.parent, li.start)) < 0)
			return rc;
		for (long i = li.first; i < li.first + li.count; i++) {
			kifu_record_move m;
			if ((rc = kifu_record_get_move_at(src, i, &m)))
				return rc;
			const char *text = m.text ? m.text : "";
			long at = kifu_record_add_move(dst, &m.move, text, strlen(text), m.line, m.col);
			if (at < 0)
				return (int)at;
			if (m.named_type >= 0 && (rc = kifu_record_set_named_type(dst, at, m.named_type)))
				return rc;
			if ((rc = put_comment(dst, at, comment_of(src, comments, i))))
				return rc;
			if ((m.time >= 0 || m.total >= 0) && (rc = kifu_record_set_time(dst, at, m.time, m.total)))
				return rc;
			if (m.bookmark && (rc = kifu_record_set_bookmark(dst, at, m.bookmark, strlen(m.bookmark))))
				return rc;
		}
		if (li.ending && li.ending[0]) {
			if ((rc = kifu_record_set_ending(dst, li.ending, strlen(li.ending), li.ending_line,
							 li.ending_col)))
				return rc;
			if (li.ending_text && strcmp(li.ending_text, li.ending) != 0 &&
			    (rc = kifu_record_set_ending_text(dst, li.ending_text, strlen(li.ending_text))))
				return rc;
		}
		if ((rc = put_comment(dst, KIFU_COMMENT_ENDING, li.ending_comment)))
			return rc;
		if ((li.ending_time >= 0 || li.ending_total >= 0) &&
		    (rc = kifu_record_set_time(dst, KIFU_COMMENT_ENDING, li.ending_time, li.ending_total)))
			return rc;
	}
	return 0;
}
