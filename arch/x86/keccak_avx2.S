/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] on four states at once with AVX2: ymm register lane j
 * holds state j, so every instruction works on all four (the ML-KEM
 * back-end layout: word i of state j is s[4 * i + j], 32 bytes a word).
 *
 * Sixteen ymm registers cannot hold 25 words, so the state stays in
 * memory: each round reads one copy and writes the other, s[0..99] and
 * s[100..199] in turn (the caller's scratch, lib/mlkem_backend.h; 24
 * rounds, so the result lands in s[0..99]). Per round: theta's column
 * parities C and D from the loaded words; then for each output row,
 * its five words loaded with D applied, rotated (rho), taken from their
 * pi positions, and combined by chi; iota on word 0. AVX2 has no 64-bit
 * rotate: shift left, shift right, or (one byte shuffle for the
 * rotations by 8 and 56).
 *
 * The states may hold secrets (ML-KEM's noise PRF), so every ymm
 * register is cleared before returning (the caller wipes its scratch);
 * nothing goes to the stack.
 */
#include <linux/linkage.h>
#include "simd_entry.S"
/* SYM_TYPED_FUNC_START: C calls these through struct vgc_mlkem_backend */
#include <linux/cfi_types.h>

#include "keccak_x86.h"

#define STATE	%rdi	/* the caller's four states */
#define TMP	%rsi	/* the other copy: s + 100 */
#define RC	%rdx	/* the next round constant */
#define RC_END	%rcx

/* theta's column parities, then the D values replace them */
#define C0	%ymm0
#define C1	%ymm1
#define C2	%ymm2
#define C3	%ymm3
#define C4	%ymm4
#define D0	%ymm5
#define D1	%ymm6
#define D2	%ymm7
#define D3	%ymm8
#define D4	%ymm9
/* one output row's words after rho and pi: the C registers again */
#define B0	%ymm0
#define B1	%ymm1
#define B2	%ymm2
#define B3	%ymm3
#define B4	%ymm4
#define T0	%ymm10
#define T1	%ymm11
#define ROT8	%ymm12	/* byte shuffles that rotate each u64 left by 8 */
#define ROT56	%ymm13	/* ... and by 56 */

#define W(i)	(32 * (i))

	.section .rodata
	.p2align 5
.Lrot8:
	.byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
	.byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
.Lrot56:
	.byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.p2align 3
.Lkeccak_rc:
	keccak_round_constants

	.text

/* v = v rotated left by r, each u64 (T0 is clobbered) */
.macro rol64 v, r
.if \r == 8
	vpshufb		ROT8, \v, \v
.elseif \r == 56
	vpshufb		ROT56, \v, \v
.elseif \r == 1
	/* v + v is v << 1 on more execution ports than a shift */
	vpsrlq		$63, \v, T0
	vpaddq		\v, \v, \v
	vpor		T0, \v, \v
.elseif \r != 0
	vpsrlq		$(64 - \r), \v, T0
	vpsllq		$\r, \v, \v
	vpor		T0, \v, \v
.endif
.endm

/* c = the parity of column x of the state at src */
.macro parity src, x, c
	vmovdqu		W(\x)(\src), \c
	vpxor		W(\x + 5)(\src), \c, \c
	vpxor		W(\x + 10)(\src), \c, \c
	vpxor		W(\x + 15)(\src), \c, \c
	vpxor		W(\x + 20)(\src), \c, \c
.endm

/* d = cl ^ (cr rotated left by 1): theta's D for the column between */
.macro theta_d cl, cr, d
	vpsrlq		$63, \cr, T0
	vpaddq		\cr, \cr, \d
	vpor		T0, \d, \d
	vpxor		\cl, \d, \d
.endm

/* b = word i of src with its column's D applied, rotated by r */
.macro rho_pi src, i, r, b
.if \i % 5 == 0
	vpxor		W(\i)(\src), D0, \b
.elseif \i % 5 == 1
	vpxor		W(\i)(\src), D1, \b
.elseif \i % 5 == 2
	vpxor		W(\i)(\src), D2, \b
.elseif \i % 5 == 3
	vpxor		W(\i)(\src), D3, \b
.else
	vpxor		W(\i)(\src), D4, \b
.endif
	rol64		\b, \r
.endm

/* word x + 5y of dst = bx ^ (~bx1 & bx2) (chi) */
.macro chi dst, y, x, bx, bx1, bx2
	vpandn		\bx2, \bx1, T1
	vpxor		\bx, T1, T1
.if \x + \y == 0
	/* iota: the round constant into word 0 */
	vpbroadcastq	(RC), T0
	vpxor		T0, T1, T1
.endif
	vmovdqu		T1, W(\x + 5 * \y)(\dst)
.endm

/* one output row y from the sources that keccak_rows lists */
.macro row src, dst, y, i0, r0, i1, r1, i2, r2, i3, r3, i4, r4
	rho_pi		\src, \i0, \r0, B0
	rho_pi		\src, \i1, \r1, B1
	rho_pi		\src, \i2, \r2, B2
	rho_pi		\src, \i3, \r3, B3
	rho_pi		\src, \i4, \r4, B4
	chi		\dst, \y, 0, B0, B1, B2
	chi		\dst, \y, 1, B1, B2, B3
	chi		\dst, \y, 2, B2, B3, B4
	chi		\dst, \y, 3, B3, B4, B0
	chi		\dst, \y, 4, B4, B0, B1
.endm

/* one round from the state at src to the state at dst */
.macro round src, dst
	parity		\src, 0, C0
	parity		\src, 1, C1
	parity		\src, 2, C2
	parity		\src, 3, C3
	parity		\src, 4, C4
	theta_d		C4, C1, D0
	theta_d		C0, C2, D1
	theta_d		C1, C3, D2
	theta_d		C2, C4, D3
	theta_d		C3, C0, D4
	keccak_rows	row, \src, \dst
	add		$8, RC
.endm

/*
 * void vgc_keccak_x4_avx2(u64 s[200]): Keccak-f[1600] on the four
 * interleaved states at s[0..99] (any alignment), s[100..199] scratch.
 */
SYM_TYPED_FUNC_START(vgc_keccak_x4_avx2)
	VGC_SIMD_ENTRY vgc_keccak_x4_avx2
	lea		W(25)(STATE), TMP
	vmovdqa		.Lrot8(%rip), ROT8
	vmovdqa		.Lrot56(%rip), ROT56
	lea		.Lkeccak_rc(%rip), RC
	lea		(24 * 8)(RC), RC_END
.Lx4_rounds:
	round		STATE, TMP
	round		TMP, STATE
	cmp		RC_END, RC
	jne		.Lx4_rounds
	/* no word of the states stays in a register */
	vzeroall
	RET
SYM_FUNC_END(vgc_keccak_x4_avx2)
