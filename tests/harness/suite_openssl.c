// SPDX-License-Identifier: GPL-2.0-only
/*
 * Differential test against OpenSSL's EVP ChaCha20-Poly1305 on random
 * cases: lib seals through the segmented streaming API (random segments
 * of AD and text, in place or not) and OpenSSL opens; OpenSSL seals and
 * lib opens (segmented); both sealed forms must be identical. Then one
 * random bit of the ciphertext, tag or AD is flipped and both must refuse
 * (lib: -EBADMSG, nothing written: a pattern out of place stays, in place
 * the ciphertext stays).
 */
#include "harness.h"

#define SUITE		"openssl-diff"
#define MAX_TEXT	4100
#define MAX_AD		1100
#define FULL_CASES	100000
#define QUICK_CASES	10000

struct diff_bufs {
	u8 key[32], nonce[12];
	u8 ad[MAX_AD], pt[MAX_TEXT];
	u8 sealed_lib[MAX_TEXT + 16], sealed_ossl[MAX_TEXT + 16];
	u8 out[MAX_TEXT + 16], bad[MAX_TEXT + 16];
};

static size_t pick_adlen(struct vgc_rng *rng)
{
	switch (vgc_rng_below(rng, 20)) {
	case 0:
	case 1:
	case 2:
	case 3:
		return 0;
	case 4:
		return vgc_rng_below(rng, MAX_AD + 1);
	default:
		return vgc_rng_below(rng, 301);
	}
}

static size_t pick_len(struct vgc_rng *rng)
{
	if (!vgc_rng_below(rng, 10))
		return vgc_rng_below(rng, MAX_TEXT + 1);
	return vgc_rng_below(rng, 301);
}

static bool one_case(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		     struct diff_bufs *b, size_t *adlen_out, size_t *len_out,
		     const char **why)
{
	size_t adlen = pick_adlen(rng), len = pick_len(rng), bit, nbits;
	bool in_place = vgc_rng_below(rng, 2);
	u8 *ad2 = NULL;
	bool flip_ad, ok = false;
	int ret;

	*adlen_out = adlen;
	*len_out = len;
	vgc_rng_fill(rng, b->key, sizeof(b->key));
	vgc_rng_fill(rng, b->nonce, sizeof(b->nonce));
	vgc_rng_fill(rng, b->ad, adlen);
	vgc_rng_fill(rng, b->pt, len);

	/* lib seals (segmented), OpenSSL opens */
	vgc_seal_seg(be, rng, in_place, b->sealed_lib, b->pt, len, b->ad, adlen,
		     b->key, b->nonce);
	*why = "OpenSSL refused what lib sealed";
	ret = vgc_ossl_open(b->out, b->sealed_lib, len + 16, b->ad, adlen,
			    b->key, b->nonce, 12);
	if (ret)
		return false;
	*why = "OpenSSL opened lib's ciphertext to other text";
	if (memcmp(b->out, b->pt, len))
		return false;

	/* OpenSSL seals, lib opens (segmented) */
	*why = "OpenSSL seal failed";
	if (vgc_ossl_seal(b->sealed_ossl, b->pt, len, b->ad, adlen, b->key,
			  b->nonce, 12))
		return false;
	*why = "lib and OpenSSL sealed to different bytes";
	if (memcmp(b->sealed_ossl, b->sealed_lib, len + 16))
		return false;
	memset(b->out, 0xa5, len + 16);
	*why = "lib (segmented) refused what OpenSSL sealed";
	if (vgc_open_seg(be, rng, vgc_rng_below(rng, 2), b->out, b->sealed_ossl,
			 len + 16, b->ad, adlen, b->key, b->nonce))
		return false;
	*why = "lib opened OpenSSL's ciphertext to other text";
	if (memcmp(b->out, b->pt, len))
		return false;

	/* one flipped bit: in the AD (a quarter of the time) or in ct || tag */
	memcpy(b->bad, b->sealed_ossl, len + 16);
	flip_ad = adlen && !vgc_rng_below(rng, 4);
	if (flip_ad) {
		ad2 = vgc_xmalloc(adlen);
		memcpy(ad2, b->ad, adlen);
		bit = vgc_rng_below(rng, (u32)(adlen * 8));
		ad2[bit / 8] ^= 1 << (bit % 8);
	} else {
		nbits = (len + 16) * 8;
		bit = vgc_rng_below(rng, (u32)nbits);
		b->bad[bit / 8] ^= 1 << (bit % 8);
	}
	*why = flip_ad ? "OpenSSL accepted a flipped AD bit" :
			 "OpenSSL accepted a flipped ct/tag bit";
	ret = vgc_ossl_open(b->out, b->bad, len + 16, flip_ad ? ad2 : b->ad,
			    adlen, b->key, b->nonce, 12);
	if (ret != -EBADMSG)
		goto out;
	memset(b->out, VGC_PATTERN, len + 16);
	*why = flip_ad ? "lib accepted a flipped AD bit" :
			 "lib accepted a flipped ct/tag bit";
	ret = vgc_cp_open(be, b->out, b->bad, len + 16, flip_ad ? ad2 : b->ad,
			  adlen, b->key, b->nonce);
	if (ret != -EBADMSG)
		goto out;
	*why = "lib refused but wrote other than the ciphertext to its output";
	if (!vgc_refused_oneshot(be, b->out, b->bad, len + 16))
		goto out;
	in_place = vgc_rng_below(rng, 2);
	if (!in_place)
		memset(b->out, VGC_PATTERN, len + 16);
	*why = "lib (segmented) accepted a flipped bit";
	ret = vgc_open_seg(be, rng, in_place, b->out, b->bad, len + 16,
			   flip_ad ? ad2 : b->ad, adlen, b->key, b->nonce);
	if (ret != -EBADMSG)
		goto out;
	*why = in_place ? "lib (segmented, in place) refused but changed the ciphertext" :
			  "lib (segmented) refused but wrote other than the ciphertext";
	if (in_place ? memcmp(b->out, b->bad, len + 16) :
		       !vgc_refused_out(b->out, b->bad, len + 16))
		goto out;
	ok = true;
out:
	free(ad2);
	return ok;
}

void vgc_suite_openssl(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t)
{
	unsigned long i, n = o->quick ? QUICK_CASES : FULL_CASES;
	struct diff_bufs *b = vgc_xmalloc(sizeof(*b));
	const char *why = "";
	struct vgc_rng rng;
	size_t adlen, len;
	bool ok;

	printf("%s[%s]: %lu random cases, seed %llu\n", SUITE, be->name, n,
	       (unsigned long long)o->seed);
	vgc_rng_seed(&rng, o->seed);
	for (i = 0; i < n; i++) {
		ok = one_case(be, &rng, b, &adlen, &len, &why);
		vgc_check(t, ok, SUITE, be->name,
			  "case %lu (seed %llu, adlen %zu, len %zu): %s",
			  i, (unsigned long long)o->seed, adlen, len, why);
	}
	free(b);
}
