// SPDX-License-Identifier: GPL-2.0-only
/* Recursive-descent JSON reader for test-vector files (see json.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcompat.h"
#include "json.h"

#define MAX_DEPTH	64

struct parser {
	const char *s;
	size_t len, pos;
	char *err;
	size_t errlen;
	bool failed;
};

static __printf(2, 3) bool fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (p->failed)
		return false;
	p->failed = true;
	n = snprintf(p->err, p->errlen, "offset %zu: ", p->pos);
	if (n >= 0 && (size_t)n < p->errlen) {
		va_start(ap, fmt);
		vsnprintf(p->err + n, p->errlen - n, fmt, ap);
		va_end(ap);
	}
	return false;
}

static void skip_ws(struct parser *p)
{
	while (p->pos < p->len) {
		char c = p->s[p->pos];

		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			break;
		p->pos++;
	}
}

static int peek(struct parser *p)
{
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static bool parse_literal(struct parser *p, const char *word)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n))
		return fail(p, "bad literal");
	p->pos += n;
	return true;
}

static int hex4(struct parser *p)
{
	int v = 0, i, c;

	if (p->len - p->pos < 4)
		return -1;
	for (i = 0; i < 4; i++) {
		c = p->s[p->pos++];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static size_t put_utf8(char *out, unsigned long cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* At the opening quote; the decoded string is never longer than the source. */
static char *parse_string(struct parser *p)
{
	size_t start = ++p->pos, n = 0;
	unsigned long cp;
	char *out;
	int c, lo;

	/* find the closing quote to size the buffer */
	while (p->pos < p->len && p->s[p->pos] != '"') {
		if (p->s[p->pos] == '\\')
			p->pos++;
		p->pos++;
	}
	if (p->pos >= p->len) {
		fail(p, "unterminated string");
		return NULL;
	}
	out = malloc(p->pos - start + 1);
	if (!out) {
		fail(p, "out of memory");
		return NULL;
	}
	p->pos = start;
	while ((c = (unsigned char)p->s[p->pos++]) != '"') {
		if (c < 0x20) {
			fail(p, "control character in string");
			goto bad;
		}
		if (c != '\\') {
			out[n++] = (char)c;
			continue;
		}
		c = p->s[p->pos++];
		switch (c) {
		case '"':
		case '\\':
		case '/':
			out[n++] = (char)c;
			break;
		case 'b':
			out[n++] = '\b';
			break;
		case 'f':
			out[n++] = '\f';
			break;
		case 'n':
			out[n++] = '\n';
			break;
		case 'r':
			out[n++] = '\r';
			break;
		case 't':
			out[n++] = '\t';
			break;
		case 'u':
			c = hex4(p);
			if (c < 0) {
				fail(p, "bad \\u escape");
				goto bad;
			}
			cp = (unsigned long)c;
			if (cp >= 0xd800 && cp < 0xdc00 &&
			    p->len - p->pos >= 6 && p->s[p->pos] == '\\' &&
			    p->s[p->pos + 1] == 'u') {
				p->pos += 2;
				lo = hex4(p);
				if (lo < 0xdc00 || lo >= 0xe000) {
					fail(p, "bad surrogate pair");
					goto bad;
				}
				cp = 0x10000 + ((cp - 0xd800) << 10) +
				     ((unsigned long)lo - 0xdc00);
			}
			/* 6 source bytes give at most 3, 12 give at most 4 */
			n += put_utf8(out + n, cp);
			break;
		default:
			fail(p, "bad escape");
			goto bad;
		}
	}
	out[n] = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

static bool parse_value(struct parser *p, struct vgc_json *v, int depth);

static bool grow(struct parser *p, struct vgc_json *v, size_t *cap,
		 bool with_keys)
{
	struct vgc_json *items;
	char **keys;

	if (v->n < *cap)
		return true;
	*cap = *cap ? 2 * *cap : 8;
	items = realloc(v->items, *cap * sizeof(*items));
	if (!items)
		return fail(p, "out of memory");
	v->items = items;
	if (with_keys) {
		keys = realloc(v->keys, *cap * sizeof(*keys));
		if (!keys)
			return fail(p, "out of memory");
		v->keys = keys;
	}
	return true;
}

/* Arrays and objects: '[' value, ... ']' and '{' "key": value, ... '}'. */
static bool parse_container(struct parser *p, struct vgc_json *v, int depth,
			    bool object)
{
	const char close = object ? '}' : ']';
	size_t cap = 0;
	char *key;

	v->type = object ? VGC_JSON_OBJECT : VGC_JSON_ARRAY;
	p->pos++;
	skip_ws(p);
	if (peek(p) == close) {
		p->pos++;
		return true;
	}
	for (;;) {
		skip_ws(p);
		key = NULL;
		if (object) {
			if (peek(p) != '"')
				return fail(p, "expected a member name");
			key = parse_string(p);
			if (!key)
				return false;
			skip_ws(p);
			if (peek(p) != ':') {
				free(key);
				return fail(p, "expected ':'");
			}
			p->pos++;
		}
		if (!grow(p, v, &cap, object)) {
			free(key);
			return false;
		}
		memset(&v->items[v->n], 0, sizeof(v->items[0]));
		if (object)
			v->keys[v->n] = key;
		v->n++;
		if (!parse_value(p, &v->items[v->n - 1], depth + 1))
			return false;
		skip_ws(p);
		if (peek(p) == ',') {
			p->pos++;
			continue;
		}
		if (peek(p) == close) {
			p->pos++;
			return true;
		}
		return fail(p, "expected ',' or '%c'", close);
	}
}

static bool parse_number(struct parser *p, struct vgc_json *v)
{
	size_t start = p->pos;
	char *end;

	while (p->pos < p->len && strchr("+-0123456789.eE", p->s[p->pos]))
		p->pos++;
	v->type = VGC_JSON_NUMBER;
	v->str = strndup(p->s + start, p->pos - start);
	if (!v->str)
		return fail(p, "out of memory");
	errno = 0;
	v->num = strtod(v->str, &end);
	if (end == v->str || *end || errno)
		return fail(p, "bad number '%s'", v->str);
	return true;
}

static bool parse_value(struct parser *p, struct vgc_json *v, int depth)
{
	if (depth > MAX_DEPTH)
		return fail(p, "nested too deeply");
	skip_ws(p);
	switch (peek(p)) {
	case '{':
		return parse_container(p, v, depth, true);
	case '[':
		return parse_container(p, v, depth, false);
	case '"':
		v->type = VGC_JSON_STRING;
		v->str = parse_string(p);
		return v->str;
	case 't':
		v->type = VGC_JSON_BOOL;
		v->boolean = true;
		return parse_literal(p, "true");
	case 'f':
		v->type = VGC_JSON_BOOL;
		return parse_literal(p, "false");
	case 'n':
		v->type = VGC_JSON_NULL;
		return parse_literal(p, "null");
	case -1:
		return fail(p, "unexpected end of input");
	default:
		return parse_number(p, v);
	}
}

static void free_members(struct vgc_json *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		free_members(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
}

void vgc_json_free(struct vgc_json *v)
{
	if (!v)
		return;
	free_members(v);
	free(v);
}

struct vgc_json *vgc_json_parse(const char *text, size_t len, char *err,
				size_t errlen)
{
	struct parser p = {
		.s = text, .len = len, .err = err, .errlen = errlen,
	};
	struct vgc_json *root = calloc(1, sizeof(*root));

	if (!root) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (parse_value(&p, root, 0)) {
		skip_ws(&p);
		if (p.pos == p.len)
			return root;
		fail(&p, "trailing data");
	}
	vgc_json_free(root);
	return NULL;
}

const struct vgc_json *vgc_json_get(const struct vgc_json *obj,
				    const char *key)
{
	size_t i;

	if (!obj || obj->type != VGC_JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->items[i];
	return NULL;
}

const char *vgc_json_str(const struct vgc_json *obj, const char *key)
{
	const struct vgc_json *v = vgc_json_get(obj, key);

	return v && v->type == VGC_JSON_STRING ? v->str : NULL;
}

bool vgc_json_int(const struct vgc_json *obj, const char *key, long *out)
{
	const struct vgc_json *v = vgc_json_get(obj, key);

	if (!v || v->type != VGC_JSON_NUMBER || v->num != (double)(long)v->num)
		return false;
	*out = (long)v->num;
	return true;
}

char *vgc_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, got;
	char *buf, *nbuf;
	int saved;

	if (!f)
		return NULL;
	buf = malloc(cap);
	while (buf) {
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (n < cap - 1)
			break;
		cap *= 2;
		nbuf = realloc(buf, cap);
		if (!nbuf) {
			free(buf);
			buf = NULL;
		} else {
			buf = nbuf;
		}
	}
	if (!buf || ferror(f)) {
		saved = buf ? EIO : ENOMEM;
		free(buf);
		fclose(f);
		errno = saved;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}
