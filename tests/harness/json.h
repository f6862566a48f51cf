/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A small JSON reader for test-vector files: the whole document becomes
 * a tree of values. Enough of RFC 8259 for Wycheproof and ACVP files
 * (escapes included); not a general-purpose or streaming parser.
 */
#ifndef VGC_JSON_H
#define VGC_JSON_H

#include <stdbool.h>
#include <stddef.h>

enum vgc_json_type {
	VGC_JSON_NULL,
	VGC_JSON_BOOL,
	VGC_JSON_NUMBER,
	VGC_JSON_STRING,
	VGC_JSON_ARRAY,
	VGC_JSON_OBJECT,
};

struct vgc_json {
	enum vgc_json_type type;
	bool boolean;
	double num;
	char *str;		/* a string's value; a number's text */
	size_t n;		/* members of an array or object */
	struct vgc_json *items;
	char **keys;		/* an object's member names */
};

/*
 * Parse @len bytes. Returns the root, or NULL with a message in @err
 * (byte offset included).
 */
struct vgc_json *vgc_json_parse(const char *text, size_t len, char *err,
				size_t errlen);
void vgc_json_free(struct vgc_json *v);

/* The member @key of object @obj, or NULL. */
const struct vgc_json *vgc_json_get(const struct vgc_json *obj,
				    const char *key);
/* A string member, or NULL if absent or not a string. */
const char *vgc_json_str(const struct vgc_json *obj, const char *key);
/* An integer member: false if absent or not an integral number. */
bool vgc_json_int(const struct vgc_json *obj, const char *key, long *out);

/* Whole file, NUL-terminated; NULL (errno set) on failure. */
char *vgc_read_file(const char *path, size_t *len);

#endif /* VGC_JSON_H */
