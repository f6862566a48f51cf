/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86-64 one-pass forms of the back-end interface's seal_blocks and
 * open_blocks (struct vgc_cp_backend): @nblocks 64-byte blocks, state[12]
 * advanced by @nblocks, the ciphertext absorbed into @p; with @ks, also
 * the keystream of block @nblocks (see chacha20_x86.h). Call only between
 * kernel_fpu_begin() and kernel_fpu_end(), on a CPU with the named
 * extensions.
 */
#ifndef VGC_X86_CHACHA20POLY1305_X86_H
#define VGC_X86_CHACHA20POLY1305_X86_H

#include "chacha20poly1305.h"

/* AVX-512F, VL and IFMA */
void vgc_cp_seal_blocks_avx512(u32 state[16], struct vgc_poly1305 *p,
			       u8 *dst, const u8 *src, unsigned int nblocks,
			       u8 *ks);
void vgc_cp_open_blocks_avx512(u32 state[16], struct vgc_poly1305 *p,
			       u8 *dst, const u8 *src, unsigned int nblocks,
			       u8 *ks);

#endif /* VGC_X86_CHACHA20POLY1305_X86_H */
