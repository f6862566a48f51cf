/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ChaCha20 keystream XOR with x86-64 SIMD intrinsics, shared by
 * chacha20_ssse3.c (xmm only), chacha20_avx2.c (ymm, with xmm tails) and
 * chacha20_avx512.c (zmm, with ymm and xmm tails).
 *
 * This file gives each vector width the same small set of operations
 * under a prefix: x_ for xmm (SSE2 + SSSE3; VEX-encoded when the file is
 * built with AVX), y_ for ymm (AVX2), z_ for zmm (AVX-512F; built with
 * AVX-512VL the narrower widths also get its rotates and 32 registers).
 * chacha20_simd_body.h, the algorithm,
 * is then included once per width with V set to that prefix, so the block
 * functions are written once and exist for every width the including
 * file is compiled for.
 *
 * Two layouts, because neither is best at every length:
 *  - vertical (N-way, N = 32-bit lanes): register i holds state word i
 *    of N consecutive blocks. The rounds need no shuffles, but the output
 *    has to be transposed and N blocks are always computed.
 *  - horizontal (row-wise): a block's four rows sit in four registers
 *    (in ymm two blocks, one per 128-bit lane). Three word rotations per
 *    half round and bound by the latency of one dependency chain, but it
 *    computes only the one or two blocks asked for.
 *
 * In the kernel, <immintrin.h> needs the compiler's own include dir on
 * the path (-isystem) and must not pull <mm_malloc.h> (-> <stdlib.h>).
 */
#ifndef VGC_X86_CHACHA20_SIMD_H
#define VGC_X86_CHACHA20_SIMD_H

#include "chacha20.h"

#define _MM_MALLOC_H_INCLUDED
#include <immintrin.h>

#if !defined(__SSSE3__)
#error "chacha20_simd.h needs -mssse3 (or -mavx2) for this file"
#endif

/* VOP(op) -> x_op or y_op, for the width chacha20_simd_body.h is built for */
#define VGC_PASTE_(a, b)	a##b
#define VGC_PASTE(a, b)		VGC_PASTE_(a, b)
#define VOP(op)			VGC_PASTE(V, _##op)

/*
 * Rotates by whole bytes are one byte shuffle (pshufb) instead of three
 * ops. Its masks serve both widths (vpshufb works per 128-bit lane).
 */
static const u8 vgc_rot16_mask[32] __aligned(32) = {
	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
};

static const u8 vgc_rot8_mask[32] __aligned(32) = {
	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
};

/*
 * Row rotations of the horizontal layout (pshufd immediates): word i
 * takes word i + n of its 128-bit lane, n = 1, 2, 3, which lines up the
 * diagonals of rows b, c and d as columns; n = 3, 2, 1 undoes it.
 */
#define ROTW1	0x39	/* words 1 2 3 0 */
#define ROTW2	0x4e	/* words 2 3 0 1 */
#define ROTW3	0x93	/* words 3 0 1 2 */

/* ---- xmm: four 32-bit lanes ---- */

#define x_vec	__m128i
#define x_LANES	4
#define x_SPILL_C 1	/* 16 registers: see CM_SIZE */

static __always_inline x_vec x_add(x_vec a, x_vec b)
{
	return _mm_add_epi32(a, b);
}

static __always_inline x_vec x_xor(x_vec a, x_vec b)
{
	return _mm_xor_si128(a, b);
}

/* No vector rotate before AVX-512: two shifts and an OR (12 and 7). */
static __always_inline x_vec x_rotl(x_vec a, const int n)
{
	return _mm_or_si128(_mm_slli_epi32(a, n), _mm_srli_epi32(a, 32 - n));
}

/* pshufb with a mask the caller keeps where it likes (in memory, mostly) */
static __always_inline x_vec x_shufb(x_vec a, x_vec mask)
{
	return _mm_shuffle_epi8(a, mask);
}

static __always_inline x_vec x_mask(const u8 *mask)
{
	return _mm_load_si128((const __m128i *)mask);
}

static __always_inline x_vec x_rot16(x_vec a)
{
	return _mm_shuffle_epi8(a, x_mask(vgc_rot16_mask));
}

static __always_inline x_vec x_rot8(x_vec a)
{
	return _mm_shuffle_epi8(a, x_mask(vgc_rot8_mask));
}

static __always_inline x_vec x_rotw1(x_vec a)
{
	return _mm_shuffle_epi32(a, ROTW1);
}

static __always_inline x_vec x_rotw2(x_vec a)
{
	return _mm_shuffle_epi32(a, ROTW2);
}

static __always_inline x_vec x_rotw3(x_vec a)
{
	return _mm_shuffle_epi32(a, ROTW3);
}

static __always_inline x_vec x_set1(u32 w)
{
	return _mm_set1_epi32((int)w);
}

/* Vertical: word 12 of blocks done .. done + 3, one per lane. */
static __always_inline x_vec x_ctr(const u32 state[16], u32 done)
{
	return _mm_add_epi32(_mm_set1_epi32((int)(state[12] + done)),
			     _mm_setr_epi32(0, 1, 2, 3));
}

#define x_unpacklo32	_mm_unpacklo_epi32
#define x_unpackhi32	_mm_unpackhi_epi32
#define x_unpacklo64	_mm_unpacklo_epi64
#define x_unpackhi64	_mm_unpackhi_epi64

static __always_inline void x_xor_store(u8 *dst, const u8 *src, x_vec ks)
{
	x_vec in = _mm_loadu_si128((const __m128i *)src);

	_mm_storeu_si128((__m128i *)dst, _mm_xor_si128(ks, in));
}

/* Row r (words 4r..4r+3) of the state; state[] is only 4-byte aligned. */
static __always_inline x_vec x_row(const u32 state[16], int r)
{
	return _mm_loadu_si128((const __m128i *)(state + 4 * r));
}

/* Row 3 of block @done: only word 12 (the counter) differs from state. */
static __always_inline x_vec x_row3(const u32 state[16], u32 done)
{
	return _mm_add_epi32(x_row(state, 3), _mm_cvtsi32_si128((int)done));
}

static __always_inline void x_store(u8 *dst, x_vec ks)
{
	_mm_storeu_si128((__m128i *)dst, ks);
}

/*
 * Every width's output follows one rule: of the blocks a call computes,
 * the first @nb are XORed into dst, block @nb itself (if computed) goes
 * as plain keystream to @ks when @ks is not NULL (the AEAD's partial last
 * block), and any others are the unused end of a tail.
 */

/*
 * Vertical output, after the in-lane transpose: @lo and @hi are bytes
 * @off..@off+31 of block @j (@off = 0 or 32).
 */
static __always_inline void x_store_chunks(u8 *dst, const u8 *src,
					   unsigned int j, unsigned int nb,
					   unsigned int off, x_vec lo, x_vec hi,
					   u8 *ks)
{
	if (j < nb) {
		dst += 64 * j + off;
		src += 64 * j + off;
		x_xor_store(dst, src, lo);
		x_xor_store(dst + 16, src + 16, hi);
	} else if (j == nb && ks) {
		x_store(ks + off, lo);
		x_store(ks + off + 16, hi);
	}
}

/* One horizontal register set holds one block. */
static __always_inline void x_store_rows(u8 *dst, const u8 *src,
					 unsigned int nb, x_vec a, x_vec b,
					 x_vec c, x_vec d, u8 *ks)
{
	if (nb) {
		x_xor_store(dst + 0, src + 0, a);
		x_xor_store(dst + 16, src + 16, b);
		x_xor_store(dst + 32, src + 32, c);
		x_xor_store(dst + 48, src + 48, d);
	} else if (ks) {
		x_store(ks + 0, a);
		x_store(ks + 16, b);
		x_store(ks + 32, c);
		x_store(ks + 48, d);
	}
}

/* ---- ymm: eight 32-bit lanes (AVX2) ---- */

#ifdef __AVX2__
#define y_vec	__m256i
#define y_LANES	8
#define y_SPILL_C 1

static __always_inline y_vec y_add(y_vec a, y_vec b)
{
	return _mm256_add_epi32(a, b);
}

static __always_inline y_vec y_xor(y_vec a, y_vec b)
{
	return _mm256_xor_si256(a, b);
}

static __always_inline y_vec y_rotl(y_vec a, const int n)
{
	return _mm256_or_si256(_mm256_slli_epi32(a, n),
			       _mm256_srli_epi32(a, 32 - n));
}

static __always_inline y_vec y_shufb(y_vec a, y_vec mask)
{
	return _mm256_shuffle_epi8(a, mask);
}

static __always_inline y_vec y_mask(const u8 *mask)
{
	return _mm256_load_si256((const __m256i *)mask);
}

static __always_inline y_vec y_rot16(y_vec a)
{
	return _mm256_shuffle_epi8(a, y_mask(vgc_rot16_mask));
}

static __always_inline y_vec y_rot8(y_vec a)
{
	return _mm256_shuffle_epi8(a, y_mask(vgc_rot8_mask));
}

/* vpshufd works per 128-bit lane: both blocks of a register rotate */
static __always_inline y_vec y_rotw1(y_vec a)
{
	return _mm256_shuffle_epi32(a, ROTW1);
}

static __always_inline y_vec y_rotw2(y_vec a)
{
	return _mm256_shuffle_epi32(a, ROTW2);
}

static __always_inline y_vec y_rotw3(y_vec a)
{
	return _mm256_shuffle_epi32(a, ROTW3);
}

static __always_inline y_vec y_set1(u32 w)
{
	return _mm256_set1_epi32((int)w);
}

static __always_inline y_vec y_ctr(const u32 state[16], u32 done)
{
	return _mm256_add_epi32(_mm256_set1_epi32((int)(state[12] + done)),
				_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/* The AVX2 unpacks work within 128-bit lanes, like two xmm unpacks. */
#define y_unpacklo32	_mm256_unpacklo_epi32
#define y_unpackhi32	_mm256_unpackhi_epi32
#define y_unpacklo64	_mm256_unpacklo_epi64
#define y_unpackhi64	_mm256_unpackhi_epi64

static __always_inline void y_xor_store(u8 *dst, const u8 *src, y_vec ks)
{
	y_vec in = _mm256_loadu_si256((const __m256i *)src);

	_mm256_storeu_si256((__m256i *)dst, _mm256_xor_si256(ks, in));
}

static __always_inline void y_store(u8 *dst, y_vec ks)
{
	_mm256_storeu_si256((__m256i *)dst, ks);
}

/* block @k's 32 bytes at @off: XORed into dst, or to @ks (see x_ above) */
static __always_inline void y_out32(u8 *dst, const u8 *src, unsigned int k,
				    unsigned int nb, unsigned int off,
				    y_vec v, u8 *ks)
{
	if (k < nb)
		y_xor_store(dst + 64 * k + off, src + 64 * k + off, v);
	else if (k == nb && ks)
		y_store(ks + off, v);
}

/*
 * Vertical output: the low lanes of @lo and @hi are bytes @off..@off+31
 * of block @j, the high lanes the same bytes of block @j + 4.
 */
static __always_inline void y_store_chunks(u8 *dst, const u8 *src,
					   unsigned int j, unsigned int nb,
					   unsigned int off, y_vec lo, y_vec hi,
					   u8 *ks)
{
	y_out32(dst, src, j, nb, off, _mm256_permute2x128_si256(lo, hi, 0x20),
		ks);
	y_out32(dst, src, j + 4, nb, off,
		_mm256_permute2x128_si256(lo, hi, 0x31), ks);
}

/* Horizontal: block @done in the low lane, block @done + 1 in the high. */
static __always_inline y_vec y_row(const u32 state[16], int r)
{
	return _mm256_broadcastsi128_si256(x_row(state, r));
}

static __always_inline y_vec y_row3(const u32 state[16], u32 done)
{
	y_vec ctr = _mm256_setr_epi32((int)done, 0, 0, 0,
				      (int)done + 1, 0, 0, 0);

	return _mm256_add_epi32(y_row(state, 3), ctr);
}

/*
 * Rows a..d hold two blocks, one per lane: pair the low lanes for the
 * first block and the high lanes for the second (vperm2i128).
 */
static __always_inline void y_store_rows(u8 *dst, const u8 *src,
					 unsigned int nb, y_vec a, y_vec b,
					 y_vec c, y_vec d, u8 *ks)
{
	y_out32(dst, src, 0, nb, 0, _mm256_permute2x128_si256(a, b, 0x20), ks);
	y_out32(dst, src, 0, nb, 32, _mm256_permute2x128_si256(c, d, 0x20), ks);
	y_out32(dst, src, 1, nb, 0, _mm256_permute2x128_si256(a, b, 0x31), ks);
	y_out32(dst, src, 1, nb, 32, _mm256_permute2x128_si256(c, d, 0x31), ks);
}
#endif /* __AVX2__ */

/* ---- zmm: sixteen 32-bit lanes (AVX-512F) ---- */

#ifdef __AVX512F__
#define z_vec	__m512i
#define z_LANES	16
/* 32 registers: every state word stays in one, cm[] is not forced out */
#define z_SPILL_C 0

static __always_inline z_vec z_add(z_vec a, z_vec b)
{
	return _mm512_add_epi32(a, b);
}

static __always_inline z_vec z_xor(z_vec a, z_vec b)
{
	return _mm512_xor_si512(a, b);
}

/* vprold: one instruction for every rotate (a macro: n is an immediate) */
#define z_rotl(a, n)	_mm512_rol_epi32((a), (n))

static __always_inline z_vec z_rot16(z_vec a)
{
	return z_rotl(a, 16);
}

static __always_inline z_vec z_rot8(z_vec a)
{
	return z_rotl(a, 8);
}

static __always_inline z_vec z_rotw1(z_vec a)
{
	return _mm512_shuffle_epi32(a, ROTW1);
}

static __always_inline z_vec z_rotw2(z_vec a)
{
	return _mm512_shuffle_epi32(a, ROTW2);
}

static __always_inline z_vec z_rotw3(z_vec a)
{
	return _mm512_shuffle_epi32(a, ROTW3);
}

/* no pshufb masks: vprold rotates by 16 and 8 as well (z_vrot16/8) */
static __always_inline z_vec z_mask(const u8 *mask)
{
	(void)mask;
	return _mm512_setzero_si512();
}

static __always_inline z_vec z_set1(u32 w)
{
	return _mm512_set1_epi32((int)w);
}

static __always_inline z_vec z_ctr(const u32 state[16], u32 done)
{
	return _mm512_add_epi32(_mm512_set1_epi32((int)(state[12] + done)),
				_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
						  10, 11, 12, 13, 14, 15));
}

#define z_unpacklo32	_mm512_unpacklo_epi32
#define z_unpackhi32	_mm512_unpackhi_epi32
#define z_unpacklo64	_mm512_unpacklo_epi64
#define z_unpackhi64	_mm512_unpackhi_epi64

static __always_inline void z_xor_store(u8 *dst, const u8 *src, z_vec ks)
{
	z_vec in = _mm512_loadu_si512((const void *)src);

	_mm512_storeu_si512((void *)dst, _mm512_xor_si512(ks, in));
}

static __always_inline y_vec z_half(z_vec v, const int hi)
{
	return hi ? _mm512_extracti64x4_epi64(v, 1) : _mm512_castsi512_si256(v);
}

/*
 * Vertical output: 128-bit lane L of @lo and @hi holds bytes @off..
 * @off+31 of block @j + 4L, split in two. vpermt2q pairs the lanes'
 * halves into the 32 bytes of blocks j, j + 4 (the low and high halves
 * of the first result) and j + 8, j + 12 (the second).
 */
static __always_inline void z_store_chunks(u8 *dst, const u8 *src,
					   unsigned int j, unsigned int nb,
					   unsigned int off, z_vec lo, z_vec hi,
					   u8 *ks)
{
	const z_vec pair01 = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
	const z_vec pair23 = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
	z_vec b01 = _mm512_permutex2var_epi64(lo, pair01, hi);
	z_vec b23 = _mm512_permutex2var_epi64(lo, pair23, hi);

	y_out32(dst, src, j, nb, off, z_half(b01, 0), ks);
	y_out32(dst, src, j + 4, nb, off, z_half(b01, 1), ks);
	y_out32(dst, src, j + 8, nb, off, z_half(b23, 0), ks);
	y_out32(dst, src, j + 12, nb, off, z_half(b23, 1), ks);
}

/* Horizontal: four blocks, @done .. @done + 3, one per 128-bit lane. */
static __always_inline z_vec z_row(const u32 state[16], int r)
{
	return _mm512_broadcast_i32x4(x_row(state, r));
}

static __always_inline z_vec z_row3(const u32 state[16], u32 done)
{
	z_vec ctr = _mm512_setr_epi32((int)done, 0, 0, 0,
				      (int)done + 1, 0, 0, 0,
				      (int)done + 2, 0, 0, 0,
				      (int)done + 3, 0, 0, 0);

	return _mm512_add_epi32(z_row(state, 3), ctr);
}

/* block @k, whole: XORed into dst, or to @ks (see x_store_chunks) */
static __always_inline void z_out64(u8 *dst, const u8 *src, unsigned int k,
				    unsigned int nb, z_vec v, u8 *ks)
{
	if (k < nb)
		z_xor_store(dst + 64 * k, src + 64 * k, v);
	else if (k == nb && ks)
		_mm512_storeu_si512((void *)ks, v);
}

/*
 * Rows a..d hold four blocks, one per lane: a 4x4 transpose of 128-bit
 * lanes (vshufi64x2 twice over) gives each block its four rows in one
 * register.
 */
static __always_inline void z_store_rows(u8 *dst, const u8 *src,
					 unsigned int nb, z_vec a, z_vec b,
					 z_vec c, z_vec d, u8 *ks)
{
	z_vec ab01 = _mm512_shuffle_i64x2(a, b, 0x44);	/* a0 a1 b0 b1 */
	z_vec ab23 = _mm512_shuffle_i64x2(a, b, 0xee);	/* a2 a3 b2 b3 */
	z_vec cd01 = _mm512_shuffle_i64x2(c, d, 0x44);	/* c0 c1 d0 d1 */
	z_vec cd23 = _mm512_shuffle_i64x2(c, d, 0xee);	/* c2 c3 d2 d3 */

	z_out64(dst, src, 0, nb, _mm512_shuffle_i64x2(ab01, cd01, 0x88), ks);
	z_out64(dst, src, 1, nb, _mm512_shuffle_i64x2(ab01, cd01, 0xdd), ks);
	z_out64(dst, src, 2, nb, _mm512_shuffle_i64x2(ab23, cd23, 0x88), ks);
	z_out64(dst, src, 3, nb, _mm512_shuffle_i64x2(ab23, cd23, 0xdd), ks);
}
#endif /* __AVX512F__ */

/* ---- shared by the vertical functions of every width ---- */

/*
 * Vertical: sixteen state words and the rotates' temporaries do not fit
 * in sixteen registers, and left to itself the compiler spills words in
 * the middle of the dependency chains. So twelve words (a, b and d: 0-7
 * and 12-15) live in registers, and the four c words (8-11) in memory,
 * cm[]: two of them are in registers at a time, swapped with the other
 * two once per half round. cm[] also holds the two byte-rotate masks, so
 * that pshufb takes them as memory operands rather than pinning two
 * registers to them. With 32 registers (zmm, SPILL_C 0) there is no swap
 * barrier, and the compiler keeps all of cm[] in registers.
 */
#define CM_C(i)		((i) - 8)	/* where c word i (8..11) is kept */
#define CM_ROT16	4
#define CM_ROT8		5
#define CM_SIZE		6

/* the vertical rounds' 16- and 8-bit rotates, per width */
static __always_inline x_vec x_vrot16(x_vec a, const x_vec *cm)
{
	return _mm_shuffle_epi8(a, cm[CM_ROT16]);
}

static __always_inline x_vec x_vrot8(x_vec a, const x_vec *cm)
{
	return _mm_shuffle_epi8(a, cm[CM_ROT8]);
}

#ifdef __AVX2__
static __always_inline y_vec y_vrot16(y_vec a, const y_vec *cm)
{
	return _mm256_shuffle_epi8(a, cm[CM_ROT16]);
}

static __always_inline y_vec y_vrot8(y_vec a, const y_vec *cm)
{
	return _mm256_shuffle_epi8(a, cm[CM_ROT8]);
}
#endif

#ifdef __AVX512F__
static __always_inline z_vec z_vrot16(z_vec a, const z_vec *cm)
{
	(void)cm;
	return z_rot16(a);
}

static __always_inline z_vec z_vrot8(z_vec a, const z_vec *cm)
{
	(void)cm;
	return z_rot8(a);
}
#endif

/* The swap really goes through memory: stores before it, loads after. */
static __always_inline void vgc_simd_spill(void *cm)
{
	__asm__ __volatile__("" : : "r"(cm) : "memory");
}

/* Make the compiler read state[] again rather than keep what it read. */
static __always_inline void vgc_simd_reload(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/*
 * Of @n blocks a call computes from block @done on, how many are XORed
 * into dst when the caller asked for @nblocks (block @nblocks, if among
 * them, is the keystream-only one).
 */
static __always_inline unsigned int vgc_simd_dst_blocks(unsigned int nblocks,
							unsigned int done,
							unsigned int n)
{
	return done >= nblocks ? 0 : min_t(unsigned int, n, nblocks - done);
}

/* The block functions, per width. */
#define V x
#include "chacha20_simd_body.h"
#undef V

#ifdef __AVX2__
#define V y
#include "chacha20_simd_body.h"
#undef V
#endif

#ifdef __AVX512F__
#define V z
#include "chacha20_simd_body.h"
#undef V
#endif

/*
 * A call's vertical passes, @lanes blocks each while more than @keep
 * blocks remain (counting block @nblocks when @ks asks for its keystream):
 * returns how many blocks they computed, with *dst and *src advanced past
 * those they wrote. The width's row-wise code does the rest.
 */
static __always_inline unsigned int
vgc_simd_passes(void (*nway)(const u32 *state, u32 done, u8 *dst,
			     const u8 *src, unsigned int nb, u8 *ks),
		unsigned int lanes, unsigned int keep, const u32 state[16],
		u8 **dst, const u8 **src, unsigned int nblocks, u8 *ks)
{
	unsigned int total = nblocks + !!ks, done = 0, n, nd;

	while (total - done > keep) {
		n = min_t(unsigned int, total - done, lanes);
		nd = vgc_simd_dst_blocks(nblocks, done, n);
		nway(state, done, *dst, *src, nd, nd < n ? ks : NULL);
		*dst += 64 * nd;
		*src += 64 * nd;
		done += n;
	}
	return done;
}

#endif /* VGC_X86_CHACHA20_SIMD_H */
