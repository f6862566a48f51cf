/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The last step of an arm64 block function: zero the caller-saved
 * registers it may have left key-derived data in (the state words, the
 * keystream, Poly1305's r), as the x86-64 assembly does before it
 * returns. The compiler picks the registers, so all of them: x0-x17
 * (x18 is the platform's), and for NEON code v0-v7 and v16-v31. v8-v15
 * are callee-saved (their low halves): where the compiler uses them (the
 * kernel's build of the ChaCha20 code does), the epilogue's loads of
 * d8-d15 put the caller's halves back, and a load of a D register zeroes
 * the upper half of its V register, so nothing of ours stays there
 * (tests/arm64/no_vector_spills.sh allows only those saves). Nothing is
 * live across these at a function's end.
 */
#ifndef VGC_ARM64_REGS_WIPE_H
#define VGC_ARM64_REGS_WIPE_H

static __always_inline void vgc_arm64_wipe_gprs(void)
{
	asm volatile("	mov	x0, xzr\n	mov	x1, xzr\n	mov	x2, xzr\n"
		     "	mov	x3, xzr\n	mov	x4, xzr\n	mov	x5, xzr\n"
		     "	mov	x6, xzr\n	mov	x7, xzr\n	mov	x8, xzr\n"
		     "	mov	x9, xzr\n	mov	x10, xzr\n	mov	x11, xzr\n"
		     "	mov	x12, xzr\n	mov	x13, xzr\n	mov	x14, xzr\n"
		     "	mov	x15, xzr\n	mov	x16, xzr\n	mov	x17, xzr\n"
		     : : : "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8",
		       "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16",
		       "x17", "memory");
}

#ifdef __ARM_NEON
static __always_inline void vgc_arm64_wipe_vregs(void)
{
	asm volatile("	movi	v0.16b, #0\n	movi	v1.16b, #0\n"
		     "	movi	v2.16b, #0\n	movi	v3.16b, #0\n"
		     "	movi	v4.16b, #0\n	movi	v5.16b, #0\n"
		     "	movi	v6.16b, #0\n	movi	v7.16b, #0\n"
		     "	movi	v16.16b, #0\n	movi	v17.16b, #0\n"
		     "	movi	v18.16b, #0\n	movi	v19.16b, #0\n"
		     "	movi	v20.16b, #0\n	movi	v21.16b, #0\n"
		     "	movi	v22.16b, #0\n	movi	v23.16b, #0\n"
		     "	movi	v24.16b, #0\n	movi	v25.16b, #0\n"
		     "	movi	v26.16b, #0\n	movi	v27.16b, #0\n"
		     "	movi	v28.16b, #0\n	movi	v29.16b, #0\n"
		     "	movi	v30.16b, #0\n	movi	v31.16b, #0\n"
		     : : : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7",
		       "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
		       "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
}
#endif

#endif /* VGC_ARM64_REGS_WIPE_H */
