// SPDX-License-Identifier: GPL-2.0-only
/*
 * AEAD through the streaming API with random segmentation: the way the
 * kernel driver feeds lib/ from scatterlists, exercised from user space.
 */
#include "harness.h"

static void feed_ad(struct vgc_cp_req *req, struct vgc_rng *rng,
		    const u8 *ad, size_t adlen)
{
	size_t n;

	do {
		n = vgc_rng_segment(rng, adlen);
		vgc_cp_ad(req, ad, n);
		ad += n;
		adlen -= n;
	} while (adlen);
}

void vgc_seal_seg(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		  bool in_place, u8 *dst, const u8 *src, size_t len,
		  const u8 *ad, size_t adlen, const u8 *key, const u8 *nonce)
{
	struct vgc_cp_req req;
	size_t n, off = 0;

	if (in_place) {
		memmove(dst, src, len);
		src = dst;
	}
	vgc_cp_init(&req, be, key, nonce, len);
	feed_ad(&req, rng, ad, adlen);
	do {
		n = vgc_rng_segment(rng, len - off);
		vgc_cp_seal_update(&req, dst + off, src + off, n);
		off += n;
	} while (off < len);
	vgc_cp_seal_final(&req, dst + len);
}

int vgc_open_seg(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		 bool in_place, u8 *dst, const u8 *src, size_t len,
		 const u8 *ad, size_t adlen, const u8 *key, const u8 *nonce)
{
	struct vgc_cp_req req;
	size_t n, off = 0;
	int ret;

	if (len < VGC_CP_TAG_SIZE)
		return -EINVAL;
	len -= VGC_CP_TAG_SIZE;
	if (in_place) {
		memmove(dst, src, len + VGC_CP_TAG_SIZE);
		src = dst;
	}
	vgc_cp_init(&req, be, key, nonce, len);
	feed_ad(&req, rng, ad, adlen);
	/*
	 * two passes, each in its own random segments: in place over the
	 * ciphertext twice; out of place, as the module's driver, copying it
	 * into dst and authenticating it there, then decrypting dst in place
	 */
	do {
		n = vgc_rng_segment(rng, len - off);
		if (in_place)
			vgc_cp_auth_update(&req, src + off, n);
		else
			vgc_cp_auth_copy_update(&req, dst + off, src + off, n);
		off += n;
	} while (off < len);
	ret = vgc_cp_verify(&req, src + len);
	if (ret)
		return ret;
	off = 0;
	do {
		n = vgc_rng_segment(rng, len - off);
		vgc_cp_decrypt_update(&req, dst + off, dst + off, n);
		off += n;
	} while (off < len);
	vgc_cp_end(&req);
	return 0;
}

/* Poly1305 with the back end's full-block routine, @step blocks a call. */
void vgc_be_poly1305(const struct vgc_cp_backend *be, u8 tag[16], const u8 *m,
		     size_t len, const u8 key[32], unsigned int step)
{
	unsigned int nblocks = len / VGC_POLY1305_BLOCK_SIZE, n;
	size_t rem = len % VGC_POLY1305_BLOCK_SIZE;
	struct vgc_poly1305 p;
	u8 last[VGC_POLY1305_BLOCK_SIZE];

	vgc_poly1305_init(&p, key);
	vgc_be_begin(be);
	while (nblocks) {
		n = step ? min_t(unsigned int, step, nblocks) : nblocks;
		be->poly_blocks(&p, m, n);
		m += (size_t)n * VGC_POLY1305_BLOCK_SIZE;
		nblocks -= n;
	}
	if (be->poly_flush)
		be->poly_flush(&p);
	vgc_be_end(be);
	if (rem) {
		/* a short last block, 2^(8*rem) inside: portable code */
		memset(last, 0, sizeof(last));
		memcpy(last, m, rem);
		last[rem] = 1;
		vgc_poly1305_blocks_generic(&p, last, 1, 0);
	}
	vgc_poly1305_final(&p, tag);
}
