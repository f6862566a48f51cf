/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86-64 Poly1305 functions (assembly).
 *
 * vgc_poly1305_blocks_x64(): same contract as
 * vgc_poly1305_blocks_generic(p, src, nblocks, 1), scalar, no vector
 * register and no CPU feature beyond x86-64: callable anywhere.
 *
 * The vector codes (AVX2 in radix 2^26, four lanes; AVX-512 IFMA in radix
 * 2^44, eight lanes in zmm or four in ymm) keep the message's lanes and the powers of r in
 * struct vgc_poly1305 between calls (h there is then stale) until their
 * flush folds the lanes into h. Their blocks functions take whole steps
 * only: a multiple of 4 (AVX2, IFMA on ymm) or 8 (IFMA) blocks, at least one step.
 * Call them only between kernel_fpu_begin() and kernel_fpu_end(), on a
 * CPU with the extension.
 */
#ifndef VGC_X86_POLY1305_X86_H
#define VGC_X86_POLY1305_X86_H

/*
 * The layout of struct vgc_poly1305 (lib/poly1305.h) as the assembly
 * reads it; backends.c checks it against the C struct.
 */
#define VGC_P_H		0	/* u64 h[3] */
#define VGC_P_R		24	/* u64 r[2] */
#define VGC_P_S		40	/* u64 s[2] */
#define VGC_P_POWERS	56	/* u32 vec_powers */
#define VGC_P_LIVE	60	/* u32 vec_live */
#define VGC_P_PW	64	/* u64 vec_pw[32] */
#define VGC_P_ACC	320	/* u64 vec_acc[24] */

#ifndef __ASSEMBLY__
#include "poly1305.h"

void vgc_poly1305_blocks_x64(struct vgc_poly1305 *p, const u8 *src,
			     unsigned int nblocks);
void vgc_poly1305_avx2_blocks(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks);
void vgc_poly1305_avx2_flush(struct vgc_poly1305 *p);
void vgc_poly1305_ifma_blocks(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks);
void vgc_poly1305_ifma_flush(struct vgc_poly1305 *p);
void vgc_poly1305_ifma256_blocks(struct vgc_poly1305 *p, const u8 *src,
				 unsigned int nblocks);
void vgc_poly1305_ifma256_flush(struct vgc_poly1305 *p);

/*
 * Calls shorter than this go to the scalar code, until the message's
 * lanes are live: the vector code's start (the powers, once per message;
 * h into the lanes) and its flush are repaid only from about this many
 * blocks on (vgc_polybench; vgc_bench's AEAD at 256 bytes).
 */
#ifndef VGC_POLY1305_AVX2_MIN_BLOCKS
#define VGC_POLY1305_AVX2_MIN_BLOCKS	24
#endif
#ifndef VGC_POLY1305_IFMA_MIN_BLOCKS
#define VGC_POLY1305_IFMA_MIN_BLOCKS	16
#endif
#ifndef VGC_POLY1305_IFMA256_MIN_BLOCKS
#define VGC_POLY1305_IFMA256_MIN_BLOCKS	16
#endif
#endif /* __ASSEMBLY__ */

#endif /* VGC_X86_POLY1305_X86_H */
