// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wycheproof ChaCha20-Poly1305 vectors, read at run time from
 * <vectors>/wycheproof/chacha20_poly1305_test.json (never copied into the
 * project). Valid cases must seal to the exact ciphertext and tag and
 * open again; invalid ones must be refused with -EBADMSG and leave the
 * output as it was (a pattern out of place, the ciphertext in place).
 * Nonces other than 12 bytes are not applicable to this AEAD and are
 * counted on their own line.
 */
#include <errno.h>

#include "harness.h"
#include "json.h"

#define SUITE		"wycheproof"
#define VECTOR_FILE	"wycheproof/chacha20_poly1305_test.json"

struct wp_case {
	long id;
	u8 *key, *iv, *ad, *msg, *ct, *tag;
	size_t keylen, ivlen, adlen, len, ctlen, taglen;
	const char *result;
};

static void wp_free(struct wp_case *c)
{
	free(c->key);
	free(c->iv);
	free(c->ad);
	free(c->msg);
	free(c->ct);
	free(c->tag);
}

static bool wp_field(const struct vgc_json *tc, const char *name, u8 **p,
		     size_t *len)
{
	const char *hex = vgc_json_str(tc, name);

	*p = hex ? vgc_unhex_alloc(hex, len) : NULL;
	return *p;
}

static bool wp_load(const struct vgc_json *tc, struct wp_case *c)
{
	memset(c, 0, sizeof(*c));
	c->result = vgc_json_str(tc, "result");
	return vgc_json_int(tc, "tcId", &c->id) && c->result &&
	       wp_field(tc, "key", &c->key, &c->keylen) &&
	       wp_field(tc, "iv", &c->iv, &c->ivlen) &&
	       wp_field(tc, "aad", &c->ad, &c->adlen) &&
	       wp_field(tc, "msg", &c->msg, &c->len) &&
	       wp_field(tc, "ct", &c->ct, &c->ctlen) &&
	       wp_field(tc, "tag", &c->tag, &c->taglen);
}

static bool wp_valid(const struct vgc_cp_backend *be, const struct wp_case *c,
		     const char **why)
{
	size_t n = c->len + VGC_CP_TAG_SIZE;
	u8 *sealed = vgc_xmalloc(n), *buf = vgc_xmalloc(n);
	struct vgc_rng rng;
	bool ok = false;

	memcpy(sealed, c->ct, c->len);
	memcpy(sealed + c->len, c->tag, VGC_CP_TAG_SIZE);

	memset(buf, 0xa5, n);
	vgc_cp_seal(be, buf, c->msg, c->len, c->ad, c->adlen, c->key, c->iv);
	*why = "seal: ciphertext or tag differs";
	if (memcmp(buf, sealed, n))
		goto out;

	memset(buf, 0xa5, n);
	*why = "open out of place";
	if (vgc_cp_open(be, buf, sealed, n, c->ad, c->adlen, c->key, c->iv) ||
	    memcmp(buf, c->msg, c->len))
		goto out;

	vgc_rng_seed(&rng, (u64)c->id);
	*why = "segmented open in place";
	if (vgc_open_seg(be, &rng, true, buf, sealed, n, c->ad, c->adlen,
			 c->key, c->iv) || memcmp(buf, c->msg, c->len))
		goto out;
	ok = true;
out:
	free(sealed);
	free(buf);
	return ok;
}

static bool wp_invalid(const struct vgc_cp_backend *be,
		       const struct wp_case *c, const char **why)
{
	size_t n = c->len + VGC_CP_TAG_SIZE;
	u8 *sealed = vgc_xmalloc(n), *buf = vgc_xmalloc(n);
	struct vgc_rng rng;
	bool ok = false;

	memcpy(sealed, c->ct, c->len);
	memcpy(sealed + c->len, c->tag, VGC_CP_TAG_SIZE);

	memset(buf, VGC_PATTERN, n);
	*why = "open out of place: not -EBADMSG";
	if (vgc_cp_open(be, buf, sealed, n, c->ad, c->adlen, c->key,
			c->iv) != -EBADMSG)
		goto out;
	*why = "open out of place: output other than the ciphertext";
	if (!vgc_refused_oneshot(be, buf, sealed, n))
		goto out;

	memcpy(buf, sealed, n);
	*why = "open in place: not -EBADMSG or the ciphertext changed";
	if (vgc_cp_open(be, buf, buf, n, c->ad, c->adlen, c->key,
			c->iv) != -EBADMSG || memcmp(buf, sealed, n))
		goto out;

	vgc_rng_seed(&rng, (u64)c->id);
	memset(buf, VGC_PATTERN, n);
	*why = "segmented open: not -EBADMSG or output other than the ciphertext";
	if (vgc_open_seg(be, &rng, false, buf, sealed, n, c->ad, c->adlen,
			 c->key, c->iv) != -EBADMSG ||
	    !vgc_refused_out(buf, sealed, n))
		goto out;
	*why = "segmented open in place: not -EBADMSG or the ciphertext changed";
	if (vgc_open_seg(be, &rng, true, buf, sealed, n, c->ad, c->adlen,
			 c->key, c->iv) != -EBADMSG || memcmp(buf, sealed, n))
		goto out;
	ok = true;
out:
	free(sealed);
	free(buf);
	return ok;
}

static void run_case(const struct vgc_cp_backend *be,
		     const struct vgc_json *tc, struct vgc_tally *t,
		     unsigned long *na, long *na_ids, size_t na_max)
{
	struct wp_case c;
	const char *why = "malformed test case";
	bool ok = false;

	if (!wp_load(tc, &c))
		goto out;
	if (c.ivlen != VGC_CP_NONCE_SIZE) {
		if (*na < na_max)
			na_ids[*na] = c.id;
		(*na)++;
		wp_free(&c);
		return;
	}
	why = "bad key, tag or ciphertext length";
	if (c.keylen != VGC_CP_KEY_SIZE || c.taglen != VGC_CP_TAG_SIZE ||
	    c.ctlen != c.len)
		goto out;
	if (!strcmp(c.result, "valid"))
		ok = wp_valid(be, &c, &why);
	else if (!strcmp(c.result, "invalid"))
		ok = wp_invalid(be, &c, &why);
	else
		why = "unexpected result (neither valid nor invalid)";
out:
	vgc_check(t, ok, SUITE, be->name, "tcId %ld (%s): %s", c.id,
		  c.result ? c.result : "?", why);
	wp_free(&c);
}

void vgc_suite_wycheproof(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t)
{
	const struct vgc_json *groups, *tests;
	unsigned long na = 0, seen = 0, i, j;
	long declared = -1, na_ids[16];
	struct vgc_json *root = NULL;
	char path[4096], err[256];
	char *text;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s", o->vectors, VECTOR_FILE);
	text = vgc_read_file(path, &len);
	if (!text) {
		printf("\n*** %s: VECTOR FILE MISSING: %s (%s)\n"
		       "*** %s: point VGC_VECTORS or --vectors at shared/vectors\n"
		       "*** %s: this suite is SKIPPED, NOT PASSED.\n\n",
		       SUITE, path, strerror(errno), SUITE, SUITE);
		if (o->require_vectors)
			vgc_check(t, false, SUITE, be->name,
				  "vectors required but missing");
		else
			t->skipped++;
		return;
	}
	root = vgc_json_parse(text, len, err, sizeof(err));
	free(text);
	/* structural problems count as failures, never as passes */
	if (!root) {
		vgc_check(t, false, SUITE, be->name, "%s: %s", path, err);
		return;
	}
	groups = vgc_json_get(root, "testGroups");
	if (!vgc_json_int(root, "numberOfTests", &declared) || !groups ||
	    groups->type != VGC_JSON_ARRAY) {
		vgc_check(t, false, SUITE, be->name,
			  "%s: no numberOfTests or testGroups", path);
		goto out;
	}
	for (i = 0; i < groups->n; i++) {
		tests = vgc_json_get(&groups->items[i], "tests");
		if (!tests || tests->type != VGC_JSON_ARRAY) {
			vgc_check(t, false, SUITE, be->name,
				  "group %lu has no tests", i);
			continue;
		}
		for (j = 0; j < tests->n; j++, seen++)
			run_case(be, &tests->items[j], t, &na, na_ids,
				 ARRAY_SIZE(na_ids));
	}
	if (seen != (unsigned long)declared)
		vgc_check(t, false, SUITE, be->name,
			  "file declares %ld tests, %lu found", declared, seen);

	if (na) {
		printf("%s[%s]: %lu not applicable (nonce not 12 bytes; tcId",
		       SUITE, be->name, na);
		for (i = 0; i < na && i < ARRAY_SIZE(na_ids); i++)
			printf(" %ld", na_ids[i]);
		printf("%s)\n", na > ARRAY_SIZE(na_ids) ? " ..." : "");
	}
out:
	vgc_json_free(root);
}
