/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86-64 SIMD ChaCha20 functions (chacha20_x86_64.S). Same contract as
 * vgc_chacha20_xor_generic(): dst = src XOR keystream for @nblocks
 * 64-byte blocks (dst may equal src), state[12] advances by @nblocks
 * (mod 2^32). The _ks_ forms then also write the keystream of block
 * @nblocks to @ks (state[12] advances by @nblocks + 1), made in the same
 * pass. Call only between kernel_fpu_begin() and kernel_fpu_end(), on a
 * CPU with the named extension.
 */
#ifndef VGC_X86_CHACHA20_X86_H
#define VGC_X86_CHACHA20_X86_H

#include "chacha20.h"

void vgc_chacha20_xor_ssse3(u32 state[16], u8 *dst, const u8 *src,
			    unsigned int nblocks);
void vgc_chacha20_xor_avx2(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks);
void vgc_chacha20_xor_avx512(u32 state[16], u8 *dst, const u8 *src,
			     unsigned int nblocks);
void vgc_chacha20_xor_avx512vl(u32 state[16], u8 *dst, const u8 *src,
			       unsigned int nblocks);
void vgc_chacha20_xor_ks_ssse3(u32 state[16], u8 *dst, const u8 *src,
			       unsigned int nblocks, u8 ks[64]);
void vgc_chacha20_xor_ks_avx2(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks, u8 ks[64]);
void vgc_chacha20_xor_ks_avx512(u32 state[16], u8 *dst, const u8 *src,
				unsigned int nblocks, u8 ks[64]);
void vgc_chacha20_xor_ks_avx512vl(u32 state[16], u8 *dst, const u8 *src,
				  unsigned int nblocks, u8 ks[64]);

/*
 * The stitched AVX2 seal and open (chacha20_x86_64.S): passes of 8 blocks
 * XORed into dst, and Poly1305 in general registers beside the rounds:
 * the seal's over the ciphertext of all passes but the last (@npasses >=
 * 2), the open's over the whole blocks of its @len bytes of input, in
 * passes over @len rounded up to 512 bytes (in place is safe). p->h
 * current on entry.
 */
struct vgc_poly1305;
void vgc_chacha20poly1305_seal_avx2(u32 state[16], u8 *dst, const u8 *src,
				    unsigned int npasses,
				    struct vgc_poly1305 *p);
void vgc_chacha20poly1305_open_avx2(u32 state[16], u8 *dst, const u8 *src,
				    unsigned int len, struct vgc_poly1305 *p);

/*
 * One block in general registers (chacha20_x64.S): ks = the keystream of
 * @state's block, state[12] advances by one. No vector register: callable
 * anywhere.
 */
void vgc_chacha20_block_x64(u32 state[16], u8 ks[64]);

#endif /* VGC_X86_CHACHA20_X86_H */
