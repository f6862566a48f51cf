// SPDX-License-Identifier: GPL-2.0-only
/*
 * The module's load-time known-answer check (lib/chacha20poly1305_kat.c)
 * on this back end, and its digest recomputed from the same inputs with
 * OpenSSL (ChaCha20-Poly1305 and SHA3-256), so that the constant the
 * module compares with is checked by an independent implementation.
 */
#include <openssl/evp.h>

#include "harness.h"
#include "chacha20poly1305_kat.h"

#define SUITE "kat"

static bool ossl_digest(u8 out[32])
{
	u8 key[VGC_CP_KEY_SIZE], nonce[VGC_CP_NONCE_SIZE];
	u8 ad[VGC_CP_KAT_ADLEN];
	u8 *pt = vgc_xmalloc(VGC_CP_KAT_MAX);
	u8 *ct = vgc_xmalloc(VGC_CP_KAT_MAX + VGC_CP_TAG_SIZE);
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	unsigned int i, n = 0;
	bool ok = md && EVP_DigestInit_ex(md, EVP_sha3_256(), NULL);

	vgc_cp_kat_inputs(key, nonce, ad);
	for (i = 0; ok && i < VGC_CP_KAT_NLENS; i++) {
		unsigned int len = vgc_cp_kat_lens[i];

		vgc_cp_kat_text(pt, len);
		ok = !vgc_ossl_seal(ct, pt, len, ad, sizeof(ad), key, nonce,
				    sizeof(nonce)) &&
		     EVP_DigestUpdate(md, ct, len + VGC_CP_TAG_SIZE);
	}
	ok = ok && EVP_DigestFinal_ex(md, out, &n) && n == 32;
	EVP_MD_CTX_free(md);
	free(pt);
	free(ct);
	return ok;
}

/* the back end under test, with one keystream byte wrong past 4 blocks */
static const struct vgc_cp_backend *kat_inner;

static void kat_broken_xor(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks)
{
	kat_inner->chacha_xor(state, dst, src, nblocks);
	if (nblocks > 4)
		dst[0] ^= 1;
}

static void kat_broken_xor_ks(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks, u8 ks[64])
{
	kat_inner->chacha_xor_ks(state, dst, src, nblocks, ks);
	if (nblocks > 4)
		dst[0] ^= 1;
}

void vgc_suite_kat(const struct vgc_cp_backend *be, const struct vgc_opts *o,
		   struct vgc_tally *t)
{
	struct vgc_cp_backend broken = *be;
	struct vgc_cp_kat *mem = vgc_xmalloc(sizeof(*mem));
	u8 want[32];
	unsigned int i;
	int err;

	(void)o;
	if (!vgc_check(t, ossl_digest(want), SUITE, be->name, "OpenSSL failed"))
		goto out;
	if (!vgc_check(t, !memcmp(want, vgc_cp_kat_digest, 32), SUITE,
		       be->name, "vgc_cp_kat_digest is not OpenSSL's digest")) {
		fprintf(stderr, "kat: OpenSSL's digest:");
		for (i = 0; i < 32; i++)
			fprintf(stderr, "%s0x%02x,", i % 8 ? " " : "\n\t", want[i]);
		fprintf(stderr, "\n");
	}
	err = vgc_cp_selftest(be, mem);
	vgc_check(t, !err, SUITE, be->name,
		  "the load-time known-answer check fails: %d", err);
	/* and it catches a back end that gets longer texts wrong */
	kat_inner = be;
	broken.chacha_xor = kat_broken_xor;
	broken.chacha_xor_ks = kat_broken_xor_ks;
	err = vgc_cp_selftest(&broken, mem);
	vgc_check(t, err == -EBADMSG, SUITE, be->name,
		  "a back end with a wrong keystream byte passes the check: %d",
		  err);
out:
	free(mem);
}
