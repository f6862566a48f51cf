// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's own ChaCha20-Poly1305, composed from the ChaCha20 and
 * Poly1305 library functions the kernel exports, the way its
 * lib/crypto/chacha20poly1305.c uses them: what the libchacha20poly1305
 * replacement runs where its timing at load finds vgcrypto's calls
 * slower, so that installing it never makes a tunnel slower. Which code
 * that is depends on the kernel: on 6.1 and 6.12 the header's
 * chacha_crypt() and poly1305_*() are the arch modules' exports
 * (chacha-x86_64 or chacha-neon, poly1305-x86_64 or poly1305-neon) where
 * the kernel is built with them, as Debian's are, else the generic ones;
 * in 7.x they are lib/crypto's, with the arch code inside. The keystream
 * and the key block come from chacha_crypt(), HChaCha20 from
 * hchacha_block().
 *
 * One difference from the kernel's composition: an open authenticates
 * the whole text before it decrypts a byte, so that a refused one writes
 * nothing, as vgcrypto's calls promise.
 */
#include <crypto/algapi.h>
#include <crypto/chacha.h>
#include <crypto/poly1305.h>
#include <linux/kernel.h>
#include <linux/scatterlist.h>
#include <linux/string.h>

#include "libcp_kernel.h"
#include "vgc_glue.h"

/*
 * The ChaCha state: struct chacha_state in the lib/crypto rework (7.3's
 * headers; HCHACHA_OUT_WORDS came with it), u32[16] before (6.1, 6.12).
 */
struct vgc_kstate {
#ifdef HCHACHA_OUT_WORDS
	struct chacha_state s;
#define VGC_KST(k)	(&(k)->s)
#else
	u32 s[16];
#define VGC_KST(k)	((k)->s)
#endif
};

const char vgc_kcp_name[] =
#ifdef HCHACHA_OUT_WORDS
	"lib/crypto chacha_crypt, poly1305_update";
#elif IS_ENABLED(CONFIG_CRYPTO_ARCH_HAVE_LIB_CHACHA) && \
	IS_ENABLED(CONFIG_CRYPTO_ARCH_HAVE_LIB_POLY1305)
	"chacha_crypt_arch, poly1305_update_arch";
#else
	"chacha_crypt_generic, poly1305_update_generic";
#endif

/* a request: the ChaCha20 state, Poly1305's, and keystream left over */
struct vgc_kcp {
	struct vgc_kstate chacha;
	struct poly1305_desc_ctx poly;
	u8 ks[CHACHA_BLOCK_SIZE];
	unsigned int ks_left;
	u64 adlen;
	u64 len;
};

/* longest stretch one library call gets: theirs take unsigned int */
#define VGC_KCP_CALL_MAX	BIT(30)

static const u8 vgc_kcp_zero[CHACHA_BLOCK_SIZE];

static void vgc_kcp_state(struct vgc_kstate *st, const u8 key[32],
			  const u8 iv[CHACHA_IV_SIZE])
{
	u32 kw[8];
	int i;

	for (i = 0; i < 8; i++)
		kw[i] = get_unaligned_le32(key + 4 * i);
	chacha_init(VGC_KST(st), kw, iv);
	memzero_explicit(kw, sizeof(kw));
}

/* block 0 keys Poly1305; the text starts at block 1 */
static void vgc_kcp_init(struct vgc_kcp *k, const u8 key[32],
			 const u8 nonce[VGC_KCP_NONCE_SIZE])
{
	u8 iv[CHACHA_IV_SIZE] = { 0 };

	memcpy(iv + 4, nonce, VGC_KCP_NONCE_SIZE);
	vgc_kcp_state(&k->chacha, key, iv);
	chacha_crypt(VGC_KST(&k->chacha), k->ks, vgc_kcp_zero,
		     CHACHA_BLOCK_SIZE, 20);
	poly1305_init(&k->poly, k->ks);
	memzero_explicit(k->ks, sizeof(k->ks));
	k->ks_left = 0;
	k->adlen = 0;
	k->len = 0;
}

static void vgc_kcp_wipe(struct vgc_kcp *k)
{
	memzero_explicit(k, sizeof(*k));
}

static void vgc_kcp_mac(struct vgc_kcp *k, const u8 *p, size_t n)
{
	unsigned int c;

	for (; n; n -= c, p += c) {
		c = min_t(size_t, n, VGC_KCP_CALL_MAX);
		poly1305_update(&k->poly, p, c);
	}
}

/* Poly1305's zero padding after @n bytes */
static void vgc_kcp_pad(struct vgc_kcp *k, u64 n)
{
	if (n % POLY1305_BLOCK_SIZE)
		poly1305_update(&k->poly, vgc_kcp_zero,
				POLY1305_BLOCK_SIZE - n % POLY1305_BLOCK_SIZE);
}

static void vgc_kcp_ad(struct vgc_kcp *k, const u8 *ad, size_t ad_len)
{
	vgc_kcp_mac(k, ad, ad_len);
	vgc_kcp_pad(k, ad_len);
	k->adlen = ad_len;
}

/* the text's padding and the lengths, then the tag */
static void vgc_kcp_tag(struct vgc_kcp *k, u8 tag[POLY1305_DIGEST_SIZE])
{
	__le64 lens[2] = { cpu_to_le64(k->adlen), cpu_to_le64(k->len) };

	vgc_kcp_pad(k, k->len);
	poly1305_update(&k->poly, (const u8 *)lens, sizeof(lens));
	poly1305_final(&k->poly, tag);
}

/*
 * The keystream over @n bytes of a text that comes in pieces: what a
 * piece left of its last block first, whole blocks in one call, and a
 * partial block's keystream kept for the next piece.
 */
static void vgc_kcp_xor(struct vgc_kcp *k, u8 *dst, const u8 *src, size_t n)
{
	size_t c = min_t(size_t, n, k->ks_left);

	crypto_xor_cpy(dst, src, k->ks + CHACHA_BLOCK_SIZE - k->ks_left, c);
	k->ks_left -= c;
	dst += c;
	src += c;
	n -= c;
	while (n >= CHACHA_BLOCK_SIZE) {
		c = min_t(size_t, round_down(n, CHACHA_BLOCK_SIZE),
			  VGC_KCP_CALL_MAX);
		chacha_crypt(VGC_KST(&k->chacha), dst, src, c, 20);
		dst += c;
		src += c;
		n -= c;
	}
	if (n) {
		chacha_crypt(VGC_KST(&k->chacha), k->ks, vgc_kcp_zero,
			     CHACHA_BLOCK_SIZE, 20);
		crypto_xor_cpy(dst, src, k->ks, n);
		k->ks_left = CHACHA_BLOCK_SIZE - n;
	}
}

void vgc_kcp_encrypt(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		     size_t ad_len, const u8 nonce[VGC_KCP_NONCE_SIZE],
		     const u8 key[32])
{
	struct vgc_kcp k;

	vgc_kcp_init(&k, key, nonce);
	vgc_kcp_ad(&k, ad, ad_len);
	vgc_kcp_xor(&k, dst, src, len);
	vgc_kcp_mac(&k, dst, len);
	k.len = len;
	vgc_kcp_tag(&k, dst + len);
	vgc_kcp_wipe(&k);
}

/* is @tag the tag of what @k authenticated? */
static bool vgc_kcp_verify(struct vgc_kcp *k, const u8 tag[POLY1305_DIGEST_SIZE])
{
	u8 calc[POLY1305_DIGEST_SIZE];
	bool ok;

	vgc_kcp_tag(k, calc);
	ok = !crypto_memneq(calc, tag, sizeof(calc));
	memzero_explicit(calc, sizeof(calc));
	return ok;
}

bool vgc_kcp_decrypt(u8 *dst, const u8 *src, size_t src_len, const u8 *ad,
		     size_t ad_len, const u8 nonce[VGC_KCP_NONCE_SIZE],
		     const u8 key[32])
{
	struct vgc_kcp k;
	size_t len;
	bool ok;

	if (src_len < POLY1305_DIGEST_SIZE)
		return false;
	len = src_len - POLY1305_DIGEST_SIZE;
	vgc_kcp_init(&k, key, nonce);
	vgc_kcp_ad(&k, ad, ad_len);
	vgc_kcp_mac(&k, src, len);
	k.len = len;
	ok = vgc_kcp_verify(&k, src + len);
	if (ok)
		vgc_kcp_xor(&k, dst, src, len);
	vgc_kcp_wipe(&k);
	return ok;
}

/*
 * @len bytes of the list, in place: the keystream over them (@crypt),
 * Poly1305 over the ciphertext (after the keystream when sealing, alone
 * when authenticating an open). False where the list is shorter.
 */
static bool vgc_kcp_walk(struct vgc_kcp *k, struct scatterlist *sg,
			 size_t len, bool crypt, bool mac)
{
	unsigned int flags = SG_MITER_FROM_SG | VGC_MITER_MAP;
	struct sg_mapping_iter m;
	size_t n;

	if (crypt)
		flags |= SG_MITER_TO_SG;
	sg_miter_start(&m, sg, sg_nents(sg), flags);
	while (len && sg_miter_next(&m)) {
		n = min_t(size_t, len, m.length);
		if (crypt)
			vgc_kcp_xor(k, m.addr, m.addr, n);
		if (mac)
			vgc_kcp_mac(k, m.addr, n);
		m.consumed = n;
		len -= n;
	}
	sg_miter_stop(&m);
	return !len;
}

bool vgc_kcp_encrypt_sg_inplace(struct scatterlist *sg, size_t len,
				const u8 *ad, size_t ad_len,
				const u8 nonce[VGC_KCP_NONCE_SIZE],
				const u8 key[32])
{
	u8 tag[POLY1305_DIGEST_SIZE];
	struct vgc_kcp k;
	bool ok;

	vgc_kcp_init(&k, key, nonce);
	vgc_kcp_ad(&k, ad, ad_len);
	ok = vgc_kcp_walk(&k, sg, len, true, true);
	if (ok) {
		k.len = len;
		vgc_kcp_tag(&k, tag);
		ok = sg_pcopy_from_buffer(sg, sg_nents(sg), tag, sizeof(tag),
					  len) == sizeof(tag);
	}
	vgc_kcp_wipe(&k);
	memzero_explicit(tag, sizeof(tag));
	return ok;
}

bool vgc_kcp_decrypt_sg_inplace(struct scatterlist *sg, size_t src_len,
				const u8 *ad, size_t ad_len,
				const u8 nonce[VGC_KCP_NONCE_SIZE],
				const u8 key[32])
{
	u8 tag[POLY1305_DIGEST_SIZE];
	struct vgc_kcp k;
	size_t len;
	bool ok;

	if (src_len < POLY1305_DIGEST_SIZE)
		return false;
	len = src_len - POLY1305_DIGEST_SIZE;
	if (sg_pcopy_to_buffer(sg, sg_nents(sg), tag, sizeof(tag), len) !=
	    sizeof(tag))
		return false;
	vgc_kcp_init(&k, key, nonce);
	vgc_kcp_ad(&k, ad, ad_len);
	/* authenticated first; decrypted in place only if the tag verifies */
	ok = vgc_kcp_walk(&k, sg, len, false, true);
	k.len = len;
	ok = ok && vgc_kcp_verify(&k, tag) &&
	     vgc_kcp_walk(&k, sg, len, true, false);
	vgc_kcp_wipe(&k);
	return ok;
}

void vgc_kcp_hchacha20(u8 subkey[32], const u8 key[32], const u8 nonce[16])
{
	struct vgc_kstate st;
	u32 out[8];
	int i;

	vgc_kcp_state(&st, key, nonce);
	hchacha_block(VGC_KST(&st), out, 20);
	for (i = 0; i < 8; i++)
		put_unaligned_le32(out[i], subkey + 4 * i);
	memzero_explicit(&st, sizeof(st));
	memzero_explicit(out, sizeof(out));
}
