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
