/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The arm64 NEON Poly1305's state in struct vgc_poly1305, shared by its
 * NEON loop (poly1305_neon.c) and its scalar set-up and flush
 * (poly1305_arm64.c, general-purpose registers only).
 *
 * vec_pw (u32) holds r, r^2 and r^4 in radix 2^26 (five limbs, then 5
 * times each limb) and, for a step, the eighteen factors it uses packed
 * into five vectors (PW_K: r^4 0-3 | r^4 4, 5r^4 1-3 | 5r^4 4, r^2 0-2 |
 * r^2 3-4, 5r^2 1-2 | 5r^2 3-4), so that each is one UMLAL by element
 * and all fit in registers beside the lanes. vec_acc (u64) holds the
 * lanes A' and B', limb by limb (A' limb k at 2k, B' at 2k + 1).
 */
#ifndef VGC_ARM64_POLY1305_NEON_H
#define VGC_ARM64_POLY1305_NEON_H

#include "poly1305.h"

#define VGC_LIMB26_MASK	0x3ffffffU

enum {
	PW_R1 = 0,		/* r: 5 limbs, then 5 r: 5 limbs */
	PW_R2 = 10,		/* r^2, 5 r^2 */
	PW_R4 = 20,		/* r^4, 5 r^4 */
	PW_K = 32,		/* the step's five vectors */
	PW_WORDS = PW_K + 20,
};

static_assert(PW_WORDS * 4 <= sizeof(((struct vgc_poly1305 *)0)->vec_pw),
	      "vec_pw holds the powers");
static_assert(10 * 8 <= sizeof(((struct vgc_poly1305 *)0)->vec_acc),
	      "vec_acc holds two lanes of five limbs");

/* r^1, r^2, r^4 and the step's factors into vec_pw; sets vec_powers */
void vgc_poly1305_neon_powers(struct vgc_poly1305 *p);

#endif /* VGC_ARM64_POLY1305_NEON_H */
