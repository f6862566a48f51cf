// SPDX-License-Identifier: GPL-2.0-only
/*
 * Portable Poly1305 with 64-bit limbs and 128-bit products (the block
 * step, vgc_poly1305_step(), is in poly1305.h).
 */
#include <linux/stddef.h>

#include "poly1305.h"

void vgc_poly1305_init(struct vgc_poly1305 *p, const u8 key[VGC_POLY1305_KEY_SIZE])
{
	p->r[0] = get_unaligned_le64(key) & 0x0ffffffc0fffffffULL;
	p->r[1] = get_unaligned_le64(key + 8) & 0x0ffffffc0ffffffcULL;
	p->s[0] = get_unaligned_le64(key + 16);
	p->s[1] = get_unaligned_le64(key + 24);
	p->h[0] = 0;
	p->h[1] = 0;
	p->h[2] = 0;
	p->vec_powers = 0;
	p->vec_live = 0;
	p->vec_npend = 0;
}

void vgc_poly1305_blocks_generic(struct vgc_poly1305 *p, const u8 *src,
				 unsigned int nblocks, u64 hibit)
{
	const u64 r0 = p->r[0], r1 = p->r[1], s1 = r1 + (r1 >> 2);
	u64 h[3] = { p->h[0], p->h[1], p->h[2] };

	for (; nblocks; nblocks--, src += VGC_POLY1305_BLOCK_SIZE)
		vgc_poly1305_step(h, src, hibit, r0, r1, s1);
	p->h[0] = h[0];
	p->h[1] = h[1];
	p->h[2] = h[2];
}

void vgc_poly1305_final(struct vgc_poly1305 *p, u8 tag[VGC_POLY1305_TAG_SIZE])
{
	u64 h0 = p->h[0], h1 = p->h[1], h2 = p->h[2];
	u64 g0, g1, g2, c, mask;

	/*
	 * h < 5 * 2^128 < 2p, so h mod p is h or h - p; h >= p exactly when
	 * g = h + 5 reaches 2^130. Select with a mask, not a branch.
	 */
	g0 = h0 + 5;
	c = g0 < 5;
	g1 = h1 + c;
	c = g1 < c;
	g2 = h2 + c;
	mask = 0 - (g2 >> 2);
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);

	/* tag = (h + s) mod 2^128 */
	h0 += p->s[0];
	c = h0 < p->s[0];
	h1 += p->s[1] + c;
	put_unaligned_le64(h0, tag);
	put_unaligned_le64(h1, tag + 8);
	vgc_poly1305_wipe(p);
}

void vgc_poly1305_wipe(struct vgc_poly1305 *p)
{
	if (p->vec_powers || p->vec_live)
		memzero_explicit(p, sizeof(*p));
	else
		memzero_explicit(p, offsetof(struct vgc_poly1305, vec_pw));
}

void vgc_poly1305_mac(u8 tag[VGC_POLY1305_TAG_SIZE], const u8 *msg, size_t len,
		      const u8 key[VGC_POLY1305_KEY_SIZE])
{
	struct vgc_poly1305 p;
	u8 last[VGC_POLY1305_BLOCK_SIZE];
	size_t full = len / VGC_POLY1305_BLOCK_SIZE, rem = len % VGC_POLY1305_BLOCK_SIZE;

	vgc_poly1305_init(&p, key);
	vgc_poly1305_blocks_generic(&p, msg, full, 1);
	if (rem) {
		/* a short last block carries its 2^(8*rem) bit inside the block */
		memset(last, 0, sizeof(last));
		memcpy(last, msg + full * VGC_POLY1305_BLOCK_SIZE, rem);
		last[rem] = 1;
		vgc_poly1305_blocks_generic(&p, last, 1, 0);
		memzero_explicit(last, sizeof(last));
	}
	vgc_poly1305_final(&p, tag);
}
