// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AEAD core: one walk over the text in which each stretch of
 * keystream is applied and the ciphertext is absorbed into Poly1305 while
 * it is still in cache. Segments may be any length, so a partial ChaCha20
 * block (its unused keystream) and a partial Poly1305 block are carried
 * from one segment to the next; whole blocks go to the back end directly.
 */
#include <linux/export.h>

#include "chacha20poly1305.h"

static void generic_poly_blocks(struct vgc_poly1305 *p, const u8 *src,
				unsigned int nblocks)
{
	vgc_poly1305_blocks_generic(p, src, nblocks, 1);
}

const struct vgc_cp_backend vgc_cp_backend_generic = {
	.name = "generic",
	/* above the kernel's own rfc7539 (300 on x86, 250 on arm64, 100 generic) */
	.priority = 310,
	.chacha_xor = vgc_chacha20_xor_generic,
	.chacha_xor_ks = vgc_chacha20_xor_ks_generic,
	.poly_blocks = generic_poly_blocks,
};
EXPORT_SYMBOL_GPL(vgc_cp_backend_generic);

static inline void cp_simd_begin(const struct vgc_cp_req *r)
{
	if (r->be->simd_begin)
		r->be->simd_begin();
}

static inline void cp_simd_end(const struct vgc_cp_req *r)
{
	if (r->be->simd_end)
		r->be->simd_end();
}

static void xor_bytes(u8 *dst, const u8 *a, const u8 *b, size_t len)
{
	for (; len >= 8; len -= 8, dst += 8, a += 8, b += 8)
		put_unaligned_le64(get_unaligned_le64(a) ^ get_unaligned_le64(b),
				   dst);
	while (len--)
		*dst++ = *a++ ^ *b++;
}

/* Poly1305 over a byte string, buffering a trailing partial block. */
static void cp_absorb(struct vgc_cp_req *r, const u8 *p, size_t len)
{
	size_t n;

	if (r->pbuf_len) {
		n = min_t(size_t, len, VGC_POLY1305_BLOCK_SIZE - r->pbuf_len);
		memcpy(r->pbuf + r->pbuf_len, p, n);
		r->pbuf_len += n;
		p += n;
		len -= n;
		if (r->pbuf_len < VGC_POLY1305_BLOCK_SIZE)
			return;
		r->be->poly_blocks(&r->poly, r->pbuf, 1);
		r->pbuf_len = 0;
	}
	n = len / VGC_POLY1305_BLOCK_SIZE;
	if (n)
		r->be->poly_blocks(&r->poly, p, n);
	p += n * VGC_POLY1305_BLOCK_SIZE;
	len -= n * VGC_POLY1305_BLOCK_SIZE;
	if (len) {
		memcpy(r->pbuf, p, len);
		r->pbuf_len = len;
	}
}

/* Zero-pad the AD or the ciphertext to a block boundary (RFC 8439 2.8). */
static void cp_pad(struct vgc_cp_req *r)
{
	if (!r->pbuf_len)
		return;
	memset(r->pbuf + r->pbuf_len, 0, VGC_POLY1305_BLOCK_SIZE - r->pbuf_len);
	r->be->poly_blocks(&r->poly, r->pbuf, 1);
	r->pbuf_len = 0;
}

void vgc_cp_init(struct vgc_cp_req *r, const struct vgc_cp_backend *be,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE])
{
	r->be = be;
	r->adlen = 0;
	r->textlen = 0;
	r->pbuf_len = 0;
	r->in_text = false;

	/*
	 * Block 0 gives the one-time Poly1305 key; the text starts at block 1,
	 * whose keystream is made in the same call and kept for the text's
	 * first bytes (a short text then needs no other ChaCha20 call).
	 */
	vgc_chacha20_init(r->chacha, key, nonce, 0);
	memset(r->ks, 0, 2 * VGC_CHACHA_BLOCK_SIZE);
	cp_simd_begin(r);
	be->chacha_xor(r->chacha, r->ks, r->ks, 2);
	cp_simd_end(r);
	vgc_poly1305_init(&r->poly, r->ks);
	memzero_explicit(r->ks, VGC_CHACHA_BLOCK_SIZE);
	r->ks_pos = VGC_CHACHA_BLOCK_SIZE;
	r->ks_avail = VGC_CHACHA_BLOCK_SIZE;
}

void vgc_cp_ad(struct vgc_cp_req *r, const u8 *ad, size_t len)
{
	size_t n;

	while (len) {
		n = min_t(size_t, len, VGC_SIMD_CHUNK);
		cp_simd_begin(r);
		cp_absorb(r, ad, n);
		cp_simd_end(r);
		r->adlen += n;
		ad += n;
		len -= n;
	}
}

static void cp_enter_text(struct vgc_cp_req *r)
{
	if (r->in_text)
		return;
	cp_pad(r);
	r->in_text = true;
}

/* Use keystream made earlier: block 1's, or a previous call's rest. */
static size_t cp_use_ks(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			size_t len, bool seal)
{
	size_t n = min_t(size_t, len, r->ks_avail);

	if (!seal)
		cp_absorb(r, src, n);
	xor_bytes(dst, src, r->ks + r->ks_pos, n);
	if (seal)
		cp_absorb(r, dst, n);
	r->ks_pos += n;
	r->ks_avail -= n;
	return n;
}

/* @nblocks whole blocks, and with @ks block @nblocks's keystream */
static void cp_blocks(struct vgc_cp_req *r, u8 *dst, const u8 *src,
		      unsigned int nblocks, u8 *ks, bool seal)
{
	const struct vgc_cp_backend *be = r->be;

	if (!seal)
		be->poly_blocks(&r->poly, src, nblocks * 4);
	if (ks)
		be->chacha_xor_ks(r->chacha, dst, src, nblocks, ks);
	else
		be->chacha_xor(r->chacha, dst, src, nblocks);
	if (seal)
		be->poly_blocks(&r->poly, dst, nblocks * 4);
}

/*
 * At most VGC_SIMD_CHUNK bytes inside one SIMD section. The ciphertext is
 * what Poly1305 absorbs: for sealing it is what we write, for opening it
 * is what we read, and it is absorbed before dst (perhaps == src) is
 * overwritten.
 */
static void cp_crypt(struct vgc_cp_req *r, u8 *dst, const u8 *src,
		     size_t len, bool seal)
{
	unsigned int nblocks;
	size_t n;

	r->textlen += len;

	if (r->ks_avail) {
		n = cp_use_ks(r, dst, src, len, seal);
		src += n;
		dst += n;
		len -= n;
	}
	if (!len)
		return;

	/*
	 * Whole blocks: here the Poly1305 buffer is empty (64 | textlen). A
	 * partial block after them rides along: its keystream goes to ks[].
	 */
	nblocks = len / VGC_CHACHA_BLOCK_SIZE;
	if (len % VGC_CHACHA_BLOCK_SIZE) {
		cp_blocks(r, dst, src, nblocks, r->ks, seal);
		n = (size_t)nblocks * VGC_CHACHA_BLOCK_SIZE;
		r->ks_pos = 0;
		r->ks_avail = VGC_CHACHA_BLOCK_SIZE;
		cp_use_ks(r, dst + n, src + n, len - n, seal);
	} else {
		cp_blocks(r, dst, src, nblocks, NULL, seal);
	}
}

static void cp_update(struct vgc_cp_req *r, u8 *dst, const u8 *src,
		      size_t len, bool seal)
{
	size_t n;

	cp_enter_text(r);
	while (len) {
		n = min_t(size_t, len, VGC_SIMD_CHUNK);
		cp_simd_begin(r);
		cp_crypt(r, dst, src, n, seal);
		cp_simd_end(r);
		dst += n;
		src += n;
		len -= n;
	}
}

void vgc_cp_seal_update(struct vgc_cp_req *r, u8 *dst, const u8 *src, size_t len)
{
	cp_update(r, dst, src, len, true);
}

void vgc_cp_open_update(struct vgc_cp_req *r, u8 *dst, const u8 *src, size_t len)
{
	cp_update(r, dst, src, len, false);
}

void vgc_cp_final(struct vgc_cp_req *r, u8 tag[VGC_CP_TAG_SIZE])
{
	/* the padded last partial block (if any) and the lengths, in one call */
	u8 last[2 * VGC_POLY1305_BLOCK_SIZE];
	unsigned int n = 0;

	/* with no text at all, pbuf holds the AD's partial block */
	if (r->pbuf_len) {
		memcpy(last, r->pbuf, r->pbuf_len);
		memset(last + r->pbuf_len, 0, VGC_POLY1305_BLOCK_SIZE - r->pbuf_len);
		n = VGC_POLY1305_BLOCK_SIZE;
	}
	put_unaligned_le64(r->adlen, last + n);
	put_unaligned_le64(r->textlen, last + n + 8);
	cp_simd_begin(r);
	r->be->poly_blocks(&r->poly, last, n / VGC_POLY1305_BLOCK_SIZE + 1);
	cp_simd_end(r);
	vgc_poly1305_final(&r->poly, tag);
	memzero_explicit(last, sizeof(last));
	memzero_explicit(r, sizeof(*r));
}

int vgc_cp_open_final(struct vgc_cp_req *r, const u8 tag[VGC_CP_TAG_SIZE])
{
	u8 calc[VGC_CP_TAG_SIZE];
	int ret;

	vgc_cp_final(r, calc);
	ret = crypto_memneq(calc, tag, VGC_CP_TAG_SIZE) ? -EBADMSG : 0;
	memzero_explicit(calc, sizeof(calc));
	return ret;
}

void vgc_cp_seal(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		 size_t len, const u8 *ad, size_t adlen,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE])
{
	struct vgc_cp_req r;

	vgc_cp_init(&r, be, key, nonce);
	vgc_cp_ad(&r, ad, adlen);
	vgc_cp_seal_update(&r, dst, src, len);
	vgc_cp_final(&r, dst + len);
}

int vgc_cp_open(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		size_t len, const u8 *ad, size_t adlen,
		const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE])
{
	struct vgc_cp_req r;
	u8 tag[VGC_CP_TAG_SIZE];
	int ret;

	if (len < VGC_CP_TAG_SIZE)
		return -EINVAL;
	len -= VGC_CP_TAG_SIZE;
	/* copy the tag first: an in-place open overwrites src */
	memcpy(tag, src + len, VGC_CP_TAG_SIZE);
	vgc_cp_init(&r, be, key, nonce);
	vgc_cp_ad(&r, ad, adlen);
	vgc_cp_open_update(&r, dst, src, len);
	ret = vgc_cp_open_final(&r, tag);
	if (ret)
		memzero_explicit(dst, len);
	return ret;
}
