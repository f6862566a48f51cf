// SPDX-License-Identifier: GPL-2.0-only
/*
 * ChaCha20 keystream XOR for arm64 with NEON (Advanced SIMD) intrinsics.
 *
 * Two layouts, each where it costs fewest instructions (and, from five
 * blocks on, a fifth block in general registers beside each four
 * vertical ones: see chacha_5block):
 *  - vertical, four blocks at once: v-register i holds state word i of
 *    four consecutive blocks (one block per 32-bit lane). The rounds need
 *    no shuffles at all; after them a 4 x 4 transpose per row of words
 *    turns lanes back into blocks. Sixteen state registers plus a few
 *    temporaries fit the 32 v-registers, so nothing is spilled.
 *  - horizontal, one block per four registers (its rows), used for tails
 *    of one or two blocks (the core's first call asks for two: the
 *    Poly1305 key block and the first text block). Three word rotations
 *    (ext) per half round line the diagonals up as columns; two blocks
 *    are interleaved so that their dependency chains overlap.
 *
 * Rotations: by 16 is a halfword swap in each word (rev32 on 16-bit
 * elements); by 8 is a byte permutation (tbl); by 12 and 7 are a shift
 * left and a shift-right-and-insert (shl + sri), two instructions.
 *
 * Only whole 64-byte blocks are processed (with chacha_xor_ks, one more
 * block's keystream is written out for the core's partial last block).
 * No branch or address depends on the key, the counter or the data. Call only between
 * kernel_neon_begin() and kernel_neon_end() (the back end's simd_begin
 * and simd_end).
 *
 * <arm_neon.h> comes through <asm/neon-intrinsics.h>, with the
 * compiler's own include directory on the path and -mgeneral-regs-only
 * removed for this file only (Kbuild).
 */
#include "chacha20_neon.h"
#include "chacha20poly1305.h"

#include <asm/neon-intrinsics.h>

#include "regs_wipe.h"

/* Byte indices for tbl: each 32-bit word rotated left by 8 bits. */
static const u8 vgc_neon_rot8_idx[16] __aligned(16) = {
	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
};

/* Lane offsets of the four blocks of a vertical step (for word 12). */
static const u32 vgc_neon_lane_ctr[4] __aligned(16) = { 0, 1, 2, 3 };
/* what a last five-block pass XORs the core's ks block into */
static const u8 vgc_neon_zero_block[VGC_CHACHA_BLOCK_SIZE] __aligned(16);

static __always_inline uint32x4_t rotl16(uint32x4_t a)
{
	return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(a)));
}

static __always_inline uint32x4_t rotl8(uint32x4_t a, uint8x16_t idx)
{
	return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(a), idx));
}

/* a <<< 12 and a <<< 7: the left shift, then the top bits inserted below */
static __always_inline uint32x4_t rotl12(uint32x4_t a)
{
	return vsriq_n_u32(vshlq_n_u32(a, 12), a, 20);
}

static __always_inline uint32x4_t rotl7(uint32x4_t a)
{
	return vsriq_n_u32(vshlq_n_u32(a, 7), a, 25);
}

/*
 * Vertical layout: the four quarter rounds of one round, step by step, so
 * that four independent chains are in flight at each step. The indices
 * name the words (registers) each quarter round works on; the function
 * is always inlined with constants, so x[] lives in registers.
 */
static __always_inline void vround(uint32x4_t x[16], uint8x16_t idx,
				   int a0, int b0, int c0, int d0,
				   int a1, int b1, int c1, int d1,
				   int a2, int b2, int c2, int d2,
				   int a3, int b3, int c3, int d3)
{
	x[a0] = vaddq_u32(x[a0], x[b0]);
	x[a1] = vaddq_u32(x[a1], x[b1]);
	x[a2] = vaddq_u32(x[a2], x[b2]);
	x[a3] = vaddq_u32(x[a3], x[b3]);
	x[d0] = rotl16(veorq_u32(x[d0], x[a0]));
	x[d1] = rotl16(veorq_u32(x[d1], x[a1]));
	x[d2] = rotl16(veorq_u32(x[d2], x[a2]));
	x[d3] = rotl16(veorq_u32(x[d3], x[a3]));
	x[c0] = vaddq_u32(x[c0], x[d0]);
	x[c1] = vaddq_u32(x[c1], x[d1]);
	x[c2] = vaddq_u32(x[c2], x[d2]);
	x[c3] = vaddq_u32(x[c3], x[d3]);
	x[b0] = rotl12(veorq_u32(x[b0], x[c0]));
	x[b1] = rotl12(veorq_u32(x[b1], x[c1]));
	x[b2] = rotl12(veorq_u32(x[b2], x[c2]));
	x[b3] = rotl12(veorq_u32(x[b3], x[c3]));
	x[a0] = vaddq_u32(x[a0], x[b0]);
	x[a1] = vaddq_u32(x[a1], x[b1]);
	x[a2] = vaddq_u32(x[a2], x[b2]);
	x[a3] = vaddq_u32(x[a3], x[b3]);
	x[d0] = rotl8(veorq_u32(x[d0], x[a0]), idx);
	x[d1] = rotl8(veorq_u32(x[d1], x[a1]), idx);
	x[d2] = rotl8(veorq_u32(x[d2], x[a2]), idx);
	x[d3] = rotl8(veorq_u32(x[d3], x[a3]), idx);
	x[c0] = vaddq_u32(x[c0], x[d0]);
	x[c1] = vaddq_u32(x[c1], x[d1]);
	x[c2] = vaddq_u32(x[c2], x[d2]);
	x[c3] = vaddq_u32(x[c3], x[d3]);
	x[b0] = rotl7(veorq_u32(x[b0], x[c0]));
	x[b1] = rotl7(veorq_u32(x[b1], x[c1]));
	x[b2] = rotl7(veorq_u32(x[b2], x[c2]));
	x[b3] = rotl7(veorq_u32(x[b3], x[c3]));
}

/*
 * Words 4k..4k+3 of the four blocks (one block per lane in each of
 * w0..w3) become block j's bytes 16k..16k+15 in out[j]: a 4 x 4
 * transpose in two steps, 32-bit pairs (trn1/trn2), then 64-bit halves.
 */
static __always_inline void transpose4(uint32x4_t w0, uint32x4_t w1,
				       uint32x4_t w2, uint32x4_t w3,
				       uint32x4_t out[4])
{
	/* t0 = w0[0] w1[0] w0[2] w1[2], t1 = w0[1] w1[1] w0[3] w1[3] */
	uint32x4_t t0 = vtrn1q_u32(w0, w1), t1 = vtrn2q_u32(w0, w1);
	uint32x4_t t2 = vtrn1q_u32(w2, w3), t3 = vtrn2q_u32(w2, w3);
	uint64x2_t u0 = vreinterpretq_u64_u32(t0), u1 = vreinterpretq_u64_u32(t1);
	uint64x2_t u2 = vreinterpretq_u64_u32(t2), u3 = vreinterpretq_u64_u32(t3);

	out[0] = vreinterpretq_u32_u64(vtrn1q_u64(u0, u2));
	out[1] = vreinterpretq_u32_u64(vtrn1q_u64(u1, u3));
	out[2] = vreinterpretq_u32_u64(vtrn2q_u64(u0, u2));
	out[3] = vreinterpretq_u32_u64(vtrn2q_u64(u1, u3));
}

/* dst[0..15] = src[0..15] ^ ks */
static __always_inline void xor_store(u8 *dst, const u8 *src, uint32x4_t ks)
{
	vst1q_u8(dst, veorq_u8(vld1q_u8(src), vreinterpretq_u8_u32(ks)));
}

/*
 * Block @j's 16 bytes: XORed into dst + 64 j when j < @nb; when j == @nb
 * and @ks is given, the keystream itself goes to ks (chacha_xor_ks).
 * Which happens depends only on the lengths.
 */
static __always_inline void put_block(u8 *dst, const u8 *src, u8 *ks,
				      unsigned int j, unsigned int nb,
				      uint32x4_t v)
{
	if (j < nb)
		xor_store(dst + 64 * j, src + 64 * j, v);
	else if (ks && j == nb)
		vst1q_u8(ks, vreinterpretq_u8_u32(v));
}

/*
 * Words 4k..4k+3 of the four blocks after the rounds (w0..w3) plus their
 * inputs (i0..i3): transposed, blk[j] is block j's bytes 16k..16k+15,
 * XORed in for the first @nb blocks, block @nb's to @ks if given. dst,
 * src and ks point at byte 16k.
 */
static __always_inline void vout(uint32x4_t w0, uint32x4_t w1, uint32x4_t w2,
				 uint32x4_t w3, uint32x4_t i0, uint32x4_t i1,
				 uint32x4_t i2, uint32x4_t i3, u8 *dst,
				 const u8 *src, u8 *ks, unsigned int nb)
{
	uint32x4_t blk[4];

	transpose4(vaddq_u32(w0, i0), vaddq_u32(w1, i1), vaddq_u32(w2, i2),
		   vaddq_u32(w3, i3), blk);
	put_block(dst, src, ks, 0, nb, blk[0]);
	put_block(dst, src, ks, 1, nb, blk[1]);
	put_block(dst, src, ks, 2, nb, blk[2]);
	put_block(dst, src, ks, 3, nb, blk[3]);
}

/* the input word @i of every lane */
#define VIN(state, i)	vdupq_n_u32((state)[i])

/*
 * r of a stitched call, in general registers: its Poly1305 blocks
 * (vgc_poly1305_step(), in C) sit between the rounds' NEON instructions,
 * which an in-order core issues beside them only if they are next to
 * each other.
 */
struct spoly_key {
	u64 r0, r1, s1;
};

/*
 * Four blocks from counter state[12] + done; the first @nb (0..4) are
 * XORed into dst, and the next one's keystream goes to @ks if given. A
 * tail computes blocks it throws away: which blocks are written depends
 * only on the lengths. With @pm, Poly1305 over the 16 blocks (256 bytes)
 * at @pm too, two a double round in the first eight, all read before
 * the blocks are stored (in place is safe).
 */
static __always_inline void chacha_4block_p(const u32 state[16], u8 *dst,
					    const u8 *src, u32 done,
					    unsigned int nb, u8 *ks,
					    const u8 *pm, u64 h[3],
					    const struct spoly_key *k)
{
	const uint8x16_t idx = vld1q_u8(vgc_neon_rot8_idx);
	const uint32x4_t in12 = vaddq_u32(vdupq_n_u32(state[12] + done),
					  vld1q_u32(vgc_neon_lane_ctr));
	uint32x4_t x[16];
	int i;

	/* every lane starts from the same state, but for its counter */
	x[0] = VIN(state, 0);
	x[1] = VIN(state, 1);
	x[2] = VIN(state, 2);
	x[3] = VIN(state, 3);
	x[4] = VIN(state, 4);
	x[5] = VIN(state, 5);
	x[6] = VIN(state, 6);
	x[7] = VIN(state, 7);
	x[8] = VIN(state, 8);
	x[9] = VIN(state, 9);
	x[10] = VIN(state, 10);
	x[11] = VIN(state, 11);
	x[12] = in12;
	x[13] = VIN(state, 13);
	x[14] = VIN(state, 14);
	x[15] = VIN(state, 15);

	i = 0;
	if (pm) {
		for (; i < 8; i++, pm += 2 * VGC_POLY1305_BLOCK_SIZE) {
			vround(x, idx, 0, 4, 8, 12, 1, 5, 9, 13,
			       2, 6, 10, 14, 3, 7, 11, 15);
			vgc_poly1305_step(h, pm, 1, k->r0, k->r1, k->s1);
			vround(x, idx, 0, 5, 10, 15, 1, 6, 11, 12,
			       2, 7, 8, 13, 3, 4, 9, 14);
			vgc_poly1305_step(h, pm + VGC_POLY1305_BLOCK_SIZE, 1,
					  k->r0, k->r1, k->s1);
		}
	}
	for (; i < 10; i++) {
		/* column round, then diagonal round */
		vround(x, idx, 0, 4, 8, 12, 1, 5, 9, 13,
		       2, 6, 10, 14, 3, 7, 11, 15);
		vround(x, idx, 0, 5, 10, 15, 1, 6, 11, 12,
		       2, 7, 8, 13, 3, 4, 9, 14);
	}

	/* feed-forward, transpose and XOR, one row of four words at a time */
	vout(x[0], x[1], x[2], x[3], VIN(state, 0), VIN(state, 1),
	     VIN(state, 2), VIN(state, 3), dst, src, ks, nb);
	vout(x[4], x[5], x[6], x[7], VIN(state, 4), VIN(state, 5),
	     VIN(state, 6), VIN(state, 7), dst + 16, src + 16,
	     ks ? ks + 16 : NULL, nb);
	vout(x[8], x[9], x[10], x[11], VIN(state, 8), VIN(state, 9),
	     VIN(state, 10), VIN(state, 11), dst + 32, src + 32,
	     ks ? ks + 32 : NULL, nb);
	vout(x[12], x[13], x[14], x[15], in12, VIN(state, 13),
	     VIN(state, 14), VIN(state, 15), dst + 48, src + 48,
	     ks ? ks + 48 : NULL, nb);
}

static __always_inline void chacha_4block(const u32 state[16], u8 *dst,
					  const u8 *src, u32 done,
					  unsigned int nb, u8 *ks)
{
	chacha_4block_p(state, dst, src, done, nb, ks, NULL, NULL, NULL);
}

/*
 * A fifth block in general registers beside the four NEON ones: the
 * integer pipes are otherwise idle while the vector ones run the rounds.
 * One quarter round on named words (each rotation one ROR).
 */
static __always_inline void squarter(u32 *a, u32 *b, u32 *c, u32 *d)
{
	*a += *b;
	*d = rol32(*d ^ *a, 16);
	*c += *d;
	*b = rol32(*b ^ *c, 12);
	*a += *b;
	*d = rol32(*d ^ *a, 8);
	*c += *d;
	*b = rol32(*b ^ *c, 7);
}

/*
 * Four words of the scalar block after the feed-forward, as one vector
 * (DUP and INS from general registers) XORed into dst at byte 16 k.
 */
static __always_inline void sout4(u8 *dst, const u8 *src, unsigned int k,
				  u32 w0, u32 w1, u32 w2, u32 w3)
{
	uint32x4_t v = vdupq_n_u32(w0);

	v = vsetq_lane_u32(w1, v, 1);
	v = vsetq_lane_u32(w2, v, 2);
	v = vsetq_lane_u32(w3, v, 3);
	xor_store(dst + 16 * k, src + 16 * k, v);
}

/*
 * Five blocks from counter state[12] + done: four vertical in NEON (as
 * chacha_4block) and the fifth in general registers, their rounds in
 * one loop; the four XORed into dst, the fifth from src5 into dst5 (the
 * next 64 bytes of each, or a zero block into the core's ks).
 */
static __always_inline void chacha_5block(const u32 state[16], u8 *dst,
					  const u8 *src, u32 done, u8 *dst5,
					  const u8 *src5)
{
	const uint8x16_t idx = vld1q_u8(vgc_neon_rot8_idx);
	const uint32x4_t in12 = vaddq_u32(vdupq_n_u32(state[12] + done),
					  vld1q_u32(vgc_neon_lane_ctr));
	const u32 c12 = state[12] + done + 4;
	u32 s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3];
	u32 s4 = state[4], s5 = state[5], s6 = state[6], s7 = state[7];
	u32 s8 = state[8], s9 = state[9], s10 = state[10], s11 = state[11];
	u32 s12 = c12, s13 = state[13], s14 = state[14], s15 = state[15];
	uint32x4_t x[16];
	int i;

	x[0] = VIN(state, 0);
	x[1] = VIN(state, 1);
	x[2] = VIN(state, 2);
	x[3] = VIN(state, 3);
	x[4] = VIN(state, 4);
	x[5] = VIN(state, 5);
	x[6] = VIN(state, 6);
	x[7] = VIN(state, 7);
	x[8] = VIN(state, 8);
	x[9] = VIN(state, 9);
	x[10] = VIN(state, 10);
	x[11] = VIN(state, 11);
	x[12] = in12;
	x[13] = VIN(state, 13);
	x[14] = VIN(state, 14);
	x[15] = VIN(state, 15);

	for (i = 0; i < 10; i++) {
		vround(x, idx, 0, 4, 8, 12, 1, 5, 9, 13,
		       2, 6, 10, 14, 3, 7, 11, 15);
		squarter(&s0, &s4, &s8, &s12);
		squarter(&s1, &s5, &s9, &s13);
		squarter(&s2, &s6, &s10, &s14);
		squarter(&s3, &s7, &s11, &s15);
		vround(x, idx, 0, 5, 10, 15, 1, 6, 11, 12,
		       2, 7, 8, 13, 3, 4, 9, 14);
		squarter(&s0, &s5, &s10, &s15);
		squarter(&s1, &s6, &s11, &s12);
		squarter(&s2, &s7, &s8, &s13);
		squarter(&s3, &s4, &s9, &s14);
	}

	vout(x[0], x[1], x[2], x[3], VIN(state, 0), VIN(state, 1),
	     VIN(state, 2), VIN(state, 3), dst, src, NULL, 4);
	vout(x[4], x[5], x[6], x[7], VIN(state, 4), VIN(state, 5),
	     VIN(state, 6), VIN(state, 7), dst + 16, src + 16, NULL, 4);
	vout(x[8], x[9], x[10], x[11], VIN(state, 8), VIN(state, 9),
	     VIN(state, 10), VIN(state, 11), dst + 32, src + 32, NULL, 4);
	vout(x[12], x[13], x[14], x[15], in12, VIN(state, 13),
	     VIN(state, 14), VIN(state, 15), dst + 48, src + 48, NULL, 4);

	sout4(dst5, src5, 0, s0 + state[0], s1 + state[1], s2 + state[2],
	      s3 + state[3]);
	sout4(dst5, src5, 1, s4 + state[4], s5 + state[5], s6 + state[6],
	      s7 + state[7]);
	sout4(dst5, src5, 2, s8 + state[8], s9 + state[9], s10 + state[10],
	      s11 + state[11]);
	sout4(dst5, src5, 3, s12 + c12, s13 + state[13], s14 + state[14],
	      s15 + state[15]);
}

/*
 * Horizontal layout: one quarter round on the four columns (or, after
 * the rows are rotated, on the four diagonals) of one block, rows a..d.
 */
static __always_inline void hqr(uint32x4_t *a, uint32x4_t *b, uint32x4_t *c,
				uint32x4_t *d, uint8x16_t idx)
{
	*a = vaddq_u32(*a, *b);
	*d = rotl16(veorq_u32(*d, *a));
	*c = vaddq_u32(*c, *d);
	*b = rotl12(veorq_u32(*b, *c));
	*a = vaddq_u32(*a, *b);
	*d = rotl8(veorq_u32(*d, *a), idx);
	*c = vaddq_u32(*c, *d);
	*b = rotl7(veorq_u32(*b, *c));
}

/*
 * Word i of a row takes word i + n (mod 4): n = 1, 2, 3 for rows b, c, d
 * put the diagonals in columns; 3, 2, 1 put them back.
 */
static __always_inline uint32x4_t rotw1(uint32x4_t v)
{
	return vextq_u32(v, v, 1);
}

static __always_inline uint32x4_t rotw2(uint32x4_t v)
{
	return vextq_u32(v, v, 2);
}

static __always_inline uint32x4_t rotw3(uint32x4_t v)
{
	return vextq_u32(v, v, 3);
}

/*
 * Two blocks (counters state[12] + done and + done + 1), horizontal and
 * interleaved, or with @two false the first alone (a Poly1305 key, a
 * one-block tail: half the work); the first @nb (0..2) are XORed into
 * dst, and the next one's keystream goes to @ks if given.
 */
static __always_inline void chacha_hblocks(const u32 state[16], u8 *dst,
					   const u8 *src, u32 done,
					   unsigned int nb, u8 *ks, bool two)
{
	const uint8x16_t idx = vld1q_u8(vgc_neon_rot8_idx);
	const uint32x4_t r0 = vld1q_u32(state), r1 = vld1q_u32(state + 4);
	const uint32x4_t r2 = vld1q_u32(state + 8);
	/* row 3 of each block: only its word 0 (the counter) differs */
	const uint32x4_t r3 = vaddq_u32(vld1q_u32(state + 12),
					vsetq_lane_u32(done, vdupq_n_u32(0), 0));
	const uint32x4_t r3b = vaddq_u32(r3, vsetq_lane_u32(1, vdupq_n_u32(0), 0));
	uint32x4_t a = r0, b = r1, c = r2, d = r3;
	uint32x4_t e = r0, f = r1, g = r2, h = r3b;
	int i;

	for (i = 0; i < 10; i++) {
		hqr(&a, &b, &c, &d, idx);
		if (two)
			hqr(&e, &f, &g, &h, idx);
		b = rotw1(b);
		c = rotw2(c);
		d = rotw3(d);
		if (two) {
			f = rotw1(f);
			g = rotw2(g);
			h = rotw3(h);
		}
		hqr(&a, &b, &c, &d, idx);
		if (two)
			hqr(&e, &f, &g, &h, idx);
		b = rotw3(b);
		c = rotw2(c);
		d = rotw1(d);
		if (two) {
			f = rotw3(f);
			g = rotw2(g);
			h = rotw1(h);
		}
	}

	put_block(dst, src, ks, 0, nb, vaddq_u32(a, r0));
	put_block(dst + 16, src + 16, ks ? ks + 16 : NULL, 0, nb,
		  vaddq_u32(b, r1));
	put_block(dst + 32, src + 32, ks ? ks + 32 : NULL, 0, nb,
		  vaddq_u32(c, r2));
	put_block(dst + 48, src + 48, ks ? ks + 48 : NULL, 0, nb,
		  vaddq_u32(d, r3));
	if (!two)
		return;
	put_block(dst, src, ks, 1, nb, vaddq_u32(e, r0));
	put_block(dst + 16, src + 16, ks ? ks + 16 : NULL, 1, nb,
		  vaddq_u32(f, r1));
	put_block(dst + 32, src + 32, ks ? ks + 32 : NULL, 1, nb,
		  vaddq_u32(g, r2));
	put_block(dst + 48, src + 48, ks ? ks + 48 : NULL, 1, nb,
		  vaddq_u32(h, r3b));
}

static void chacha_2block(const u32 state[16], u8 *dst, const u8 *src,
			  u32 done, unsigned int nb, u8 *ks)
{
	chacha_hblocks(state, dst, src, done, nb, ks, true);
}

static void chacha_1block(const u32 state[16], u8 *dst, const u8 *src,
			  u32 done, unsigned int nb, u8 *ks)
{
	chacha_hblocks(state, dst, src, done, nb, ks, false);
}

/*
 * Whole groups of five (four vertically and one in general registers),
 * then of four vertically; a tail of @nb blocks plus, with @ks, one
 * more: up to two horizontally, three or four vertically.
 */
static void chacha_xor(u32 state[16], u8 *dst, const u8 *src,
		       unsigned int nblocks, u8 *ks)
{
	unsigned int total = nblocks + (ks ? 1 : 0), tail;
	const u8 *src5;
	u32 done = 0;
	u8 *dst5;

	/*
	 * Five at a time (the fifth in general registers, beside four in
	 * NEON: about the time of four alone; the last may be ks's block),
	 * except for six or seven blocks, where four and the rest beat five
	 * and a one-row tail on the in-order cores (llvm-mca,
	 * scripts/bench/mca_arm64_trace.py).
	 */
	for (; total == 5 || total >= 8; total -= 5, done += 5) {
		dst5 = dst + 4 * VGC_CHACHA_BLOCK_SIZE;
		src5 = src + 4 * VGC_CHACHA_BLOCK_SIZE;
		if (total == 5 && ks) {
			dst5 = ks;
			src5 = vgc_neon_zero_block;
			ks = NULL;
		}
		chacha_5block(state, dst, src, done, dst5, src5);
		dst += 5 * VGC_CHACHA_BLOCK_SIZE;
		src += 5 * VGC_CHACHA_BLOCK_SIZE;
	}
	nblocks = total - (ks ? 1 : 0);
	for (; nblocks >= 4; nblocks -= 4, done += 4) {
		chacha_4block(state, dst, src, done, 4, NULL);
		dst += 4 * VGC_CHACHA_BLOCK_SIZE;
		src += 4 * VGC_CHACHA_BLOCK_SIZE;
	}
	tail = nblocks + (ks ? 1 : 0);
	if (tail > 2)
		chacha_4block(state, dst, src, done, nblocks, ks);
	else if (tail == 2)
		chacha_2block(state, dst, src, done, nblocks, ks);
	else if (tail)
		chacha_1block(state, dst, src, done, nblocks, ks);
	state[12] += done + tail;
}

void vgc_chacha20_xor_neon(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks)
{
	VGC_SIMD_ENTRY();
	chacha_xor(state, dst, src, nblocks, NULL);
	vgc_arm64_wipe_vregs();
	vgc_arm64_wipe_gprs();
}

void vgc_chacha20_xor_ks_neon(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks, u8 ks[64])
{
	VGC_SIMD_ENTRY();
	chacha_xor(state, dst, src, nblocks, ks);
	vgc_arm64_wipe_vregs();
	vgc_arm64_wipe_gprs();
}

/* r, s1 and h from @p (after the SIMD entry check: nothing to spill) */
static __always_inline void spoly_load(struct spoly_key *k, u64 h[3],
				       const struct vgc_poly1305 *p)
{
	k->r0 = p->r[0];
	k->r1 = p->r[1];
	k->s1 = p->r[1] + (p->r[1] >> 2);
	h[0] = p->h[0];
	h[1] = p->h[1];
	h[2] = p->h[2];
}

/* h back into @p, r wiped, and the registers */
static __always_inline void spoly_store(struct spoly_key *k, const u64 h[3],
					struct vgc_poly1305 *p)
{
	p->h[0] = h[0];
	p->h[1] = h[1];
	p->h[2] = h[2];
	memzero_explicit(k, sizeof(*k));
	vgc_arm64_wipe_vregs();
	vgc_arm64_wipe_gprs();
}

/*
 * The stitched seal: @npasses (at least 2) passes of four blocks, each
 * after the first absorbing the previous one's ciphertext (256 bytes)
 * beside its rounds; the last pass's is the caller's.
 */
void vgc_chacha20poly1305_seal_neon(u32 state[16], struct vgc_poly1305 *p,
				    u8 *dst, const u8 *src,
				    unsigned int npasses)
{
	struct spoly_key k;
	unsigned int i;
	u64 h[3];

	VGC_SIMD_ENTRY();
	spoly_load(&k, h, p);
	chacha_4block(state, dst, src, 0, 4, NULL);
	for (i = 1; i < npasses; i++)
		chacha_4block_p(state, dst + i * VGC_NEON_PASS,
				src + i * VGC_NEON_PASS, 4 * i, 4, NULL,
				dst + (i - 1) * VGC_NEON_PASS, h, &k);
	state[12] += 4 * npasses;
	spoly_store(&k, h, p);
}

/*
 * The stitched open: the whole passes of @len bytes absorbed (their
 * input, before their stores) beside their rounds; the rest's whole
 * Poly1305 blocks, then its ChaCha20 blocks over @len rounded up to a
 * block (the caller's buffer has the room). A partial last Poly1305
 * block is the caller's.
 */
void vgc_chacha20poly1305_open_neon(u32 state[16], struct vgc_poly1305 *p,
				    u8 *dst, const u8 *src, unsigned int len)
{
	unsigned int i, n = len / VGC_NEON_PASS;
	struct spoly_key k;
	u64 h[3];

	VGC_SIMD_ENTRY();
	spoly_load(&k, h, p);
	for (i = 0; i < n; i++)
		chacha_4block_p(state, dst + i * VGC_NEON_PASS,
				src + i * VGC_NEON_PASS, 4 * i, 4, NULL,
				src + i * VGC_NEON_PASS, h, &k);
	state[12] += 4 * n;
	dst += n * VGC_NEON_PASS;
	src += n * VGC_NEON_PASS;
	len -= n * VGC_NEON_PASS;
	for (i = 0; i < len / VGC_POLY1305_BLOCK_SIZE; i++)
		vgc_poly1305_step(h, src + i * VGC_POLY1305_BLOCK_SIZE, 1,
				  k.r0, k.r1, k.s1);
	if (len)
		chacha_xor(state, dst, src, DIV_ROUND_UP(len, VGC_CHACHA_BLOCK_SIZE),
			   NULL);
	spoly_store(&k, h, p);
}
