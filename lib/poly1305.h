/* SPDX-License-Identifier: GPL-2.0-only */
/* Poly1305 (RFC 8439 section 2.5) in radix 2^64. */
#ifndef VGC_POLY1305_H
#define VGC_POLY1305_H

#include "vgc_base.h"

#define VGC_POLY1305_KEY_SIZE		32
#define VGC_POLY1305_BLOCK_SIZE		16
#define VGC_POLY1305_TAG_SIZE		16

/* 64-bit words of the vector back ends' state (struct vgc_poly1305) */
#define VGC_POLY1305_VEC_PW	32
#define VGC_POLY1305_VEC_ACC	24
/* whole blocks gathered for a vector step (the largest step: 8) */
#define VGC_POLY1305_VEC_PEND	8

/*
 * Accumulator h = h[0] + h[1]*2^64 + h[2]*2^128, kept below 2p between
 * calls; r is the clamped key half, s the half added at the end.
 *
 * A vector back end may keep state of its own here across the calls of
 * one message (its poly_flush op says so): the powers of r it multiplies
 * by, in its own radix, made once (vec_powers), and the message's lanes
 * (vec_live), in which case h above is stale until poly_flush() folds the
 * lanes (and any blocks waiting in vec_pend) back into it. Any back end
 * can take over once that is done. It is all key-derived:
 * vgc_poly1305_final() and the AEAD's end wipe it.
 * Assembly reads this layout (arch/x86/poly1305_x86.h; backends.c checks
 * it).
 */
struct vgc_poly1305 {
	u64 h[3];
	u64 r[2];
	u64 s[2];
	u32 vec_powers;
	u32 vec_live;
	u64 vec_pw[VGC_POLY1305_VEC_PW];
	u64 vec_acc[VGC_POLY1305_VEC_ACC];
	/*
	 * While the lanes are live, whole blocks that do not fill a vector
	 * step wait here for the next call's, rather than end the lanes.
	 */
	u32 vec_npend;
	u8 vec_pend[VGC_POLY1305_VEC_PEND * VGC_POLY1305_BLOCK_SIZE];
};

void vgc_poly1305_init(struct vgc_poly1305 *p, const u8 key[VGC_POLY1305_KEY_SIZE]);

/*
 * One block: h = (h + m + hibit 2^128) r, partly reduced (h2 small), in
 * 64-bit limbs and 128-bit products. Clamping leaves r0 and r1 below
 * 2^60 and r1 a multiple of 4, so r1 * 2^128 = (r1 / 4) * 2^130 ==
 * 5 * r1 / 4 (mod 2^130 - 5): the cross terms that overflow 2^128 fold
 * back as multiples of s1 = r1 + r1 / 4, and every sum of products stays
 * below 2^126. Inline, for the portable code and for stitched code in C
 * (arm64), where the compiler places vector instructions between its
 * multiplies.
 */
static __always_inline void vgc_poly1305_step(u64 h[3], const u8 *m, u64 hibit,
					      u64 r0, u64 r1, u64 s1)
{
	unsigned __int128 d0, d1;
	u64 d2, c;

	/* h += m (+ 2^128): h2 stays below 7 */
	d0 = (unsigned __int128)h[0] + get_unaligned_le64(m);
	d1 = (unsigned __int128)h[1] + get_unaligned_le64(m + 8) +
	     (u64)(d0 >> 64);
	h[0] = (u64)d0;
	h[1] = (u64)d1;
	h[2] += (u64)(d1 >> 64) + hibit;

	/* h *= r, with the overflowing terms folded through s1 */
	d0 = (unsigned __int128)h[0] * r0 + (unsigned __int128)h[1] * s1;
	d1 = (unsigned __int128)h[0] * r1 + (unsigned __int128)h[1] * r0 +
	     (unsigned __int128)h[2] * s1;
	d2 = h[2] * r0;
	d1 += (u64)(d0 >> 64);
	d2 += (u64)(d1 >> 64);
	h[0] = (u64)d0;
	h[1] = (u64)d1;

	/* fold the bits at 2^130 and above back in, times 5 */
	c = (d2 >> 2) + (d2 & ~3ULL);
	h[2] = d2 & 3;
	h[0] += c;
	c = h[0] < c;
	h[1] += c;
	c = h[1] < c;
	h[2] += c;
}

/* Absorb @nblocks 16-byte blocks, each with 2^128 added when @hibit is 1. */
void vgc_poly1305_blocks_generic(struct vgc_poly1305 *p, const u8 *src,
				 unsigned int nblocks, u64 hibit);

/*
 * Wipe @p: h, r and s, and the vector areas if a back end used them (a
 * choice by lengths, not secrets).
 */
void vgc_poly1305_wipe(struct vgc_poly1305 *p);

/* Fully reduce, add s, write the tag and wipe @p. */
void vgc_poly1305_final(struct vgc_poly1305 *p, u8 tag[VGC_POLY1305_TAG_SIZE]);

/* One-shot MAC of a message of any length (RFC 8439 section 2.5.1). */
void vgc_poly1305_mac(u8 tag[VGC_POLY1305_TAG_SIZE], const u8 *msg, size_t len,
		      const u8 key[VGC_POLY1305_KEY_SIZE]);

#endif /* VGC_POLY1305_H */
