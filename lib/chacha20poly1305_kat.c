// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AEAD's known-answer check, run on every chosen back end when the
 * module loads, before a driver is registered: the crypto manager's own
 * self-tests are compiled out of kernels built with
 * CONFIG_CRYPTO_MANAGER_DISABLE_TESTS, and a broken back end must not be
 * registered there either. The user-space harness runs it on every back
 * end too, and recomputes the digest below with OpenSSL.
 *
 * Key 0, 1, ..., 31; nonce 32, ..., 43; AD 44, ..., 56 (13 bytes); for
 * each length of vgc_cp_kat_lens a text whose byte i is (7 i + length)
 * mod 256, sealed in one piece: SHA3-256 over every ciphertext || tag in
 * turn must be vgc_cp_kat_digest (computed with OpenSSL 3.0). Each is then
 * opened back to its text, in two pieces, out of place (the copying pass
 * the driver's opens use) and in place, and refused
 * (-EBADMSG) with the last bit of its tag flipped. The lengths cross the
 * ChaCha20 block and the vector back ends' thresholds (4, 8 and 16
 * blocks; the vector Poly1305 from 16 and 24 blocks) and, past 4 KiB, a
 * SIMD section's end.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "chacha20poly1305_kat.h"

const unsigned int vgc_cp_kat_lens[VGC_CP_KAT_NLENS] = {
	0, 1, 15, 64, 65, 255, 256, 383, 384, 513, 1024, 1420, 4096,
	VGC_CP_KAT_MAX,
};

const u8 vgc_cp_kat_digest[32] = {
	0x15, 0x50, 0x5a, 0x22, 0x16, 0xc7, 0x10, 0xfa,
	0x2c, 0xbb, 0x1c, 0xdb, 0x81, 0x60, 0xe4, 0x02,
	0x13, 0xca, 0x99, 0x50, 0xa0, 0x73, 0xf8, 0x4d,
	0x23, 0xed, 0x07, 0x9d, 0x07, 0x3b, 0x41, 0x56,
};

void vgc_cp_kat_inputs(u8 key[VGC_CP_KEY_SIZE], u8 nonce[VGC_CP_NONCE_SIZE],
		       u8 ad[VGC_CP_KAT_ADLEN])
{
	unsigned int i;

	for (i = 0; i < VGC_CP_KEY_SIZE; i++)
		key[i] = i;
	for (i = 0; i < VGC_CP_NONCE_SIZE; i++)
		nonce[i] = VGC_CP_KEY_SIZE + i;
	for (i = 0; i < VGC_CP_KAT_ADLEN; i++)
		ad[i] = VGC_CP_KEY_SIZE + VGC_CP_NONCE_SIZE + i;
}

void vgc_cp_kat_text(u8 *p, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		p[i] = (u8)(7 * i + len);
}

/* whether @p holds the text of length @len */
static bool cp_kat_is_text(const u8 *p, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		if (p[i] != (u8)(7 * i + len))
			return false;
	return true;
}

/*
 * Open the sealed text at t->buf (its tag after it) in two pieces into
 * @dst: out of place, through the copying pass that the driver's opens
 * use, or in place (@dst == t->buf). 0 only with the text in @dst.
 */
static int cp_kat_open(const struct vgc_cp_backend *be, struct vgc_cp_kat *t,
		       u8 *dst, unsigned int len)
{
	unsigned int half = len / 2;
	int err;

	vgc_cp_init(&t->r, be, t->key, t->nonce, len);
	vgc_cp_ad(&t->r, t->ad, VGC_CP_KAT_ADLEN);
	if (dst == t->buf) {
		vgc_cp_auth_update(&t->r, t->buf, half);
		vgc_cp_auth_update(&t->r, t->buf + half, len - half);
	} else {
		vgc_cp_auth_copy_update(&t->r, dst, t->buf, half);
		vgc_cp_auth_copy_update(&t->r, dst + half, t->buf + half,
					len - half);
	}
	err = vgc_cp_verify(&t->r, t->buf + len);
	if (err)
		return err;
	vgc_cp_decrypt_update(&t->r, dst, dst, half);
	vgc_cp_decrypt_update(&t->r, dst + half, dst + half, len - half);
	vgc_cp_end(&t->r);
	return cp_kat_is_text(dst, len) ? 0 : -EBADMSG;
}

/*
 * one length: seal, absorb, open out of place and in place, refuse a
 * forgery
 */
static int cp_kat_one(const struct vgc_cp_backend *be, struct vgc_cp_kat *t,
		      unsigned int len)
{
	u8 *tag = t->buf + len;
	int err;

	vgc_cp_kat_text(t->buf, len);
	vgc_cp_init(&t->r, be, t->key, t->nonce, len);
	vgc_cp_ad(&t->r, t->ad, VGC_CP_KAT_ADLEN);
	vgc_cp_seal_update(&t->r, t->buf, t->buf, len);
	vgc_cp_seal_final(&t->r, tag);
	vgc_keccak_absorb(&t->k, t->buf, len + VGC_CP_TAG_SIZE);

	err = cp_kat_open(be, t, t->ref, len) ?: cp_kat_open(be, t, t->buf, len);
	if (err)
		return err;

	/* the plaintext back in place is a forgery of the ciphertext */
	tag[VGC_CP_TAG_SIZE - 1] ^= 0x80;
	vgc_cp_init(&t->r, be, t->key, t->nonce, len);
	vgc_cp_ad(&t->r, t->ad, VGC_CP_KAT_ADLEN);
	vgc_cp_auth_update(&t->r, t->buf, len);
	err = vgc_cp_verify(&t->r, tag);
	if (err == -EBADMSG)
		return 0;
	vgc_cp_end(&t->r);
	return -EINVAL;
}

int vgc_cp_selftest(const struct vgc_cp_backend *be, struct vgc_cp_kat *t)
{
	unsigned int i;
	int err = 0;

	vgc_cp_kat_inputs(t->key, t->nonce, t->ad);
	vgc_sha3_256_init(&t->k);
	for (i = 0; i < VGC_CP_KAT_NLENS && !err; i++)
		err = cp_kat_one(be, t, vgc_cp_kat_lens[i]);
	if (!err) {
		vgc_keccak_squeeze(&t->k, t->digest, sizeof(t->digest));
		if (memcmp(t->digest, vgc_cp_kat_digest, sizeof(t->digest)))
			err = -EBADMSG;
	}
	memzero_explicit(t, sizeof(*t));
	return err;
}
