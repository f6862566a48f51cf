/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM forward and inverse NTT (FIPS 203 Algorithms 9 and 10) for
 * AVX-512 (32 lanes of s16 per zmm) and AVX2 (16 per ymm), in place, in
 * FIPS 203's coefficient order.
 *
 * Layers whose butterfly partners are a whole register apart run
 * vertically. For the others, each register pair exchanges 128-bit
 * lanes, quadwords or dwords so that the partners meet in the same lane
 * of the two registers; after the last layer one more exchange restores
 * FIPS order, so no other primitive needs a permuted layout.
 * scripts/build/mlkem-x86-tables.py replays these exchanges on
 * coefficient indices, checks them and writes the twiddles of every lane
 * in the order used here (arch/x86/mlkem_x86_tables.S); entry e of a
 * table is e's zeta vector followed by the same times q^-1.
 *
 * Bounds: forward, |c| <= q in; each layer adds below q (mont_const), so
 * nothing exceeds 8q < 2^15 before the final Barrett reduction, which
 * gives |c| < q. Inverse, |c| < q in; the sums double per layer, so the
 * registers that hold the sums of three layers are reduced after layer 3
 * and one register after layer 6 (the model in the table script finds
 * which); the last layer multiplies by R / 128 in the same Montgomery
 * step, so every output is below q.
 *
 * Every vector register used is cleared before returning: they held
 * secret coefficients. Nothing is spilled.
 */
#include <linux/linkage.h>
#include "simd_entry.S"

#include "mlkem_x86_macros.h"

/* zeta vector and zeta * q^-1 vector of table entry e (zmm, ymm) */
#define ZE(e)	(128 * (e))(%rax), (128 * (e) + 64)(%rax)
#define YE(e)	(64 * (e))(%rax), (64 * (e) + 32)(%rax)

	.text

/* ---- AVX-512: the polynomial in zmm0-7 (or zmm8-15), temps zmm16-17 ---- */

/* a bank of four register pairs to the other bank, by 128-bit lanes */
.macro zmm_shuf128 imm_x, imm_y, x, y, ox, oy
	vshufi64x2	$\imm_x, \y, \x, \ox
	vshufi64x2	$\imm_y, \y, \x, \oy
.endm

.macro zmm_unpckqdq x, y, ox, oy
	vpunpcklqdq	\y, \x, \ox
	vpunpckhqdq	\y, \x, \oy
.endm

.macro zmm_shufps x, y, ox, oy
	vshufps		$0x88, \y, \x, \ox
	vshufps		$0xdd, \y, \x, \oy
.endm

/* any dword permutation of a pair (indices in zmm24, zmm25) */
.macro zmm_permpair x, y, ox, oy
	vmovdqa64	%zmm24, \ox
	vpermi2d	\y, \x, \ox
	vmovdqa64	%zmm25, \oy
	vpermi2d	\y, \x, \oy
.endm

.macro zmm_clear
	vzeroall
	vpxord		%xmm16, %xmm16, %xmm16
	vpxord		%xmm17, %xmm17, %xmm17
	vpxord		%xmm24, %xmm24, %xmm24
	vpxord		%xmm25, %xmm25, %xmm25
.endm

.macro zmm_consts
	mov		$MLKEM_Q, %eax
	vpbroadcastw	%eax, %zmm31
	mov		$10, %eax
	vpbroadcastw	%eax, %zmm30
.endm

#define Q5	%zmm31
#define T5	%zmm16, %zmm17

/* void vgc_mlkem_ntt_zmm(s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_ntt_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_ntt_zmm
	zmm_consts
	lea		vgc_mlkem_ntt_fwd_zmm(%rip), %rax
	vmovdqu64	0 * 64(%rdi), %zmm0
	vmovdqu64	1 * 64(%rdi), %zmm1
	vmovdqu64	2 * 64(%rdi), %zmm2
	vmovdqu64	3 * 64(%rdi), %zmm3
	vmovdqu64	4 * 64(%rdi), %zmm4
	vmovdqu64	5 * 64(%rdi), %zmm5
	vmovdqu64	6 * 64(%rdi), %zmm6
	vmovdqu64	7 * 64(%rdi), %zmm7

	/* layers 7, 6, 5: partners 4, 2, 1 registers apart */
	ct_bfly		%zmm0, %zmm4, ZE(0), Q5, T5
	ct_bfly		%zmm1, %zmm5, ZE(0), Q5, T5
	ct_bfly		%zmm2, %zmm6, ZE(0), Q5, T5
	ct_bfly		%zmm3, %zmm7, ZE(0), Q5, T5
	ct_bfly		%zmm0, %zmm2, ZE(1), Q5, T5
	ct_bfly		%zmm1, %zmm3, ZE(1), Q5, T5
	ct_bfly		%zmm4, %zmm6, ZE(2), Q5, T5
	ct_bfly		%zmm5, %zmm7, ZE(2), Q5, T5
	ct_bfly		%zmm0, %zmm1, ZE(3), Q5, T5
	ct_bfly		%zmm2, %zmm3, ZE(4), Q5, T5
	ct_bfly		%zmm4, %zmm5, ZE(5), Q5, T5
	ct_bfly		%zmm6, %zmm7, ZE(6), Q5, T5

	/* layer 4: exchange the 256-bit halves of each pair */
	zmm_shuf128	0x44, 0xee, %zmm0, %zmm1, %zmm8, %zmm9
	zmm_shuf128	0x44, 0xee, %zmm2, %zmm3, %zmm10, %zmm11
	zmm_shuf128	0x44, 0xee, %zmm4, %zmm5, %zmm12, %zmm13
	zmm_shuf128	0x44, 0xee, %zmm6, %zmm7, %zmm14, %zmm15
	ct_bfly		%zmm8, %zmm9, ZE(7), Q5, T5
	ct_bfly		%zmm10, %zmm11, ZE(8), Q5, T5
	ct_bfly		%zmm12, %zmm13, ZE(9), Q5, T5
	ct_bfly		%zmm14, %zmm15, ZE(10), Q5, T5

	/* layer 3: odd and even 128-bit lanes (which puts bit 4 back) */
	zmm_shuf128	0x88, 0xdd, %zmm8, %zmm9, %zmm0, %zmm1
	zmm_shuf128	0x88, 0xdd, %zmm10, %zmm11, %zmm2, %zmm3
	zmm_shuf128	0x88, 0xdd, %zmm12, %zmm13, %zmm4, %zmm5
	zmm_shuf128	0x88, 0xdd, %zmm14, %zmm15, %zmm6, %zmm7
	ct_bfly		%zmm0, %zmm1, ZE(11), Q5, T5
	ct_bfly		%zmm2, %zmm3, ZE(12), Q5, T5
	ct_bfly		%zmm4, %zmm5, ZE(13), Q5, T5
	ct_bfly		%zmm6, %zmm7, ZE(14), Q5, T5

	/* layer 2: quadwords */
	zmm_unpckqdq	%zmm0, %zmm1, %zmm8, %zmm9
	zmm_unpckqdq	%zmm2, %zmm3, %zmm10, %zmm11
	zmm_unpckqdq	%zmm4, %zmm5, %zmm12, %zmm13
	zmm_unpckqdq	%zmm6, %zmm7, %zmm14, %zmm15
	ct_bfly		%zmm8, %zmm9, ZE(15), Q5, T5
	ct_bfly		%zmm10, %zmm11, ZE(16), Q5, T5
	ct_bfly		%zmm12, %zmm13, ZE(17), Q5, T5
	ct_bfly		%zmm14, %zmm15, ZE(18), Q5, T5

	/* layer 1: odd and even dwords */
	zmm_shufps	%zmm8, %zmm9, %zmm0, %zmm1
	zmm_shufps	%zmm10, %zmm11, %zmm2, %zmm3
	zmm_shufps	%zmm12, %zmm13, %zmm4, %zmm5
	zmm_shufps	%zmm14, %zmm15, %zmm6, %zmm7
	ct_bfly		%zmm0, %zmm1, ZE(19), Q5, T5
	ct_bfly		%zmm2, %zmm3, ZE(20), Q5, T5
	ct_bfly		%zmm4, %zmm5, ZE(21), Q5, T5
	ct_bfly		%zmm6, %zmm7, ZE(22), Q5, T5

	/* back to FIPS order, then |c| < q */
	vmovdqa64	vgc_mlkem_ntt_fwd_restore_zmm(%rip), %zmm24
	vmovdqa64	vgc_mlkem_ntt_fwd_restore_zmm + 64(%rip), %zmm25
	zmm_permpair	%zmm0, %zmm1, %zmm8, %zmm9
	zmm_permpair	%zmm2, %zmm3, %zmm10, %zmm11
	zmm_permpair	%zmm4, %zmm5, %zmm12, %zmm13
	zmm_permpair	%zmm6, %zmm7, %zmm14, %zmm15
	barrett		%zmm8, Q5, %zmm30, %zmm16
	barrett		%zmm9, Q5, %zmm30, %zmm17
	barrett		%zmm10, Q5, %zmm30, %zmm16
	barrett		%zmm11, Q5, %zmm30, %zmm17
	barrett		%zmm12, Q5, %zmm30, %zmm16
	barrett		%zmm13, Q5, %zmm30, %zmm17
	barrett		%zmm14, Q5, %zmm30, %zmm16
	barrett		%zmm15, Q5, %zmm30, %zmm17
	vmovdqu64	%zmm8, 0 * 64(%rdi)
	vmovdqu64	%zmm9, 1 * 64(%rdi)
	vmovdqu64	%zmm10, 2 * 64(%rdi)
	vmovdqu64	%zmm11, 3 * 64(%rdi)
	vmovdqu64	%zmm12, 4 * 64(%rdi)
	vmovdqu64	%zmm13, 5 * 64(%rdi)
	vmovdqu64	%zmm14, 6 * 64(%rdi)
	vmovdqu64	%zmm15, 7 * 64(%rdi)
	zmm_clear
	RET
SYM_FUNC_END(vgc_mlkem_ntt_zmm)

/* void vgc_mlkem_invntt_zmm(s16 p[256]): times R, |c| < q in and out */
SYM_FUNC_START(vgc_mlkem_invntt_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_invntt_zmm
	zmm_consts
	lea		vgc_mlkem_ntt_inv_zmm(%rip), %rax
	vmovdqu64	0 * 64(%rdi), %zmm0
	vmovdqu64	1 * 64(%rdi), %zmm1
	vmovdqu64	2 * 64(%rdi), %zmm2
	vmovdqu64	3 * 64(%rdi), %zmm3
	vmovdqu64	4 * 64(%rdi), %zmm4
	vmovdqu64	5 * 64(%rdi), %zmm5
	vmovdqu64	6 * 64(%rdi), %zmm6
	vmovdqu64	7 * 64(%rdi), %zmm7

	/* layer 1: odd and even dwords of each pair */
	zmm_shufps	%zmm0, %zmm1, %zmm8, %zmm9
	zmm_shufps	%zmm2, %zmm3, %zmm10, %zmm11
	zmm_shufps	%zmm4, %zmm5, %zmm12, %zmm13
	zmm_shufps	%zmm6, %zmm7, %zmm14, %zmm15
	gs_bfly		%zmm8, %zmm9, ZE(0), Q5, T5
	gs_bfly		%zmm10, %zmm11, ZE(1), Q5, T5
	gs_bfly		%zmm12, %zmm13, ZE(2), Q5, T5
	gs_bfly		%zmm14, %zmm15, ZE(3), Q5, T5

	/* layer 2: the same exchange again brings the next bit */
	zmm_shufps	%zmm8, %zmm9, %zmm0, %zmm1
	zmm_shufps	%zmm10, %zmm11, %zmm2, %zmm3
	zmm_shufps	%zmm12, %zmm13, %zmm4, %zmm5
	zmm_shufps	%zmm14, %zmm15, %zmm6, %zmm7
	gs_bfly		%zmm0, %zmm1, ZE(4), Q5, T5
	gs_bfly		%zmm2, %zmm3, ZE(5), Q5, T5
	gs_bfly		%zmm4, %zmm5, ZE(6), Q5, T5
	gs_bfly		%zmm6, %zmm7, ZE(7), Q5, T5

	/* layer 3: odd and even 128-bit lanes */
	zmm_shuf128	0x88, 0xdd, %zmm0, %zmm1, %zmm8, %zmm9
	zmm_shuf128	0x88, 0xdd, %zmm2, %zmm3, %zmm10, %zmm11
	zmm_shuf128	0x88, 0xdd, %zmm4, %zmm5, %zmm12, %zmm13
	zmm_shuf128	0x88, 0xdd, %zmm6, %zmm7, %zmm14, %zmm15
	gs_bfly		%zmm8, %zmm9, ZE(8), Q5, T5
	gs_bfly		%zmm10, %zmm11, ZE(9), Q5, T5
	gs_bfly		%zmm12, %zmm13, ZE(10), Q5, T5
	gs_bfly		%zmm14, %zmm15, ZE(11), Q5, T5
	/* the sums of three layers (below 8q): reduce before they double */
	barrett		%zmm8, Q5, %zmm30, %zmm16
	barrett		%zmm10, Q5, %zmm30, %zmm17
	barrett		%zmm12, Q5, %zmm30, %zmm16
	barrett		%zmm14, Q5, %zmm30, %zmm17

	/* layer 4: again, for the next bit */
	zmm_shuf128	0x88, 0xdd, %zmm8, %zmm9, %zmm0, %zmm1
	zmm_shuf128	0x88, 0xdd, %zmm10, %zmm11, %zmm2, %zmm3
	zmm_shuf128	0x88, 0xdd, %zmm12, %zmm13, %zmm4, %zmm5
	zmm_shuf128	0x88, 0xdd, %zmm14, %zmm15, %zmm6, %zmm7
	gs_bfly		%zmm0, %zmm1, ZE(12), Q5, T5
	gs_bfly		%zmm2, %zmm3, ZE(13), Q5, T5
	gs_bfly		%zmm4, %zmm5, ZE(14), Q5, T5
	gs_bfly		%zmm6, %zmm7, ZE(15), Q5, T5

	/* FIPS order, for the layers a whole register apart */
	vmovdqa64	vgc_mlkem_ntt_inv_restore_zmm(%rip), %zmm24
	vmovdqa64	vgc_mlkem_ntt_inv_restore_zmm + 64(%rip), %zmm25
	zmm_permpair	%zmm0, %zmm1, %zmm8, %zmm9
	zmm_permpair	%zmm2, %zmm3, %zmm10, %zmm11
	zmm_permpair	%zmm4, %zmm5, %zmm12, %zmm13
	zmm_permpair	%zmm6, %zmm7, %zmm14, %zmm15

	/* layers 5 and 6 */
	gs_bfly		%zmm8, %zmm9, ZE(16), Q5, T5
	gs_bfly		%zmm10, %zmm11, ZE(17), Q5, T5
	gs_bfly		%zmm12, %zmm13, ZE(18), Q5, T5
	gs_bfly		%zmm14, %zmm15, ZE(19), Q5, T5
	gs_bfly		%zmm8, %zmm10, ZE(20), Q5, T5
	gs_bfly		%zmm9, %zmm11, ZE(20), Q5, T5
	gs_bfly		%zmm12, %zmm14, ZE(21), Q5, T5
	gs_bfly		%zmm13, %zmm15, ZE(21), Q5, T5
	/* the only register whose sums would overflow in layer 7 */
	barrett		%zmm8, Q5, %zmm30, %zmm16

	/*
	 * layer 7 with the scaling: (a, b) = (f (a + b), f zeta (b - a)),
	 * f = R^2 / 128, in one Montgomery multiplication each
	 */
	vpsubw		%zmm8, %zmm12, %zmm0
	vpsubw		%zmm9, %zmm13, %zmm1
	vpsubw		%zmm10, %zmm14, %zmm2
	vpsubw		%zmm11, %zmm15, %zmm3
	vpaddw		%zmm12, %zmm8, %zmm8
	vpaddw		%zmm13, %zmm9, %zmm9
	vpaddw		%zmm14, %zmm10, %zmm10
	vpaddw		%zmm15, %zmm11, %zmm11
	mont_const	%zmm8, ZE(22), Q5, %zmm4, %zmm16
	mont_const	%zmm9, ZE(22), Q5, %zmm5, %zmm17
	mont_const	%zmm10, ZE(22), Q5, %zmm6, %zmm16
	mont_const	%zmm11, ZE(22), Q5, %zmm7, %zmm17
	mont_const	%zmm0, ZE(23), Q5, %zmm12, %zmm16
	mont_const	%zmm1, ZE(23), Q5, %zmm13, %zmm17
	mont_const	%zmm2, ZE(23), Q5, %zmm14, %zmm16
	mont_const	%zmm3, ZE(23), Q5, %zmm15, %zmm17
	vmovdqu64	%zmm4, 0 * 64(%rdi)
	vmovdqu64	%zmm5, 1 * 64(%rdi)
	vmovdqu64	%zmm6, 2 * 64(%rdi)
	vmovdqu64	%zmm7, 3 * 64(%rdi)
	vmovdqu64	%zmm12, 4 * 64(%rdi)
	vmovdqu64	%zmm13, 5 * 64(%rdi)
	vmovdqu64	%zmm14, 6 * 64(%rdi)
	vmovdqu64	%zmm15, 7 * 64(%rdi)
	zmm_clear
	RET
SYM_FUNC_END(vgc_mlkem_invntt_zmm)

/*
 * ---- AVX2: half a polynomial in ymm0-7, temps ymm8-9 and ymm12-13,
 * q in ymm15, Barrett's 10 in ymm14 (or a permutation index) ----
 */

#define Q2	%ymm15
#define T2	%ymm8, %ymm9

/* a pair exchanged through ymm10: (x, y) = step(x, y) */
.macro ymm_perm128 x, y
	vperm2i128	$0x20, \y, \x, %ymm10
	vperm2i128	$0x31, \y, \x, \y
	vmovdqa		%ymm10, \x
.endm

.macro ymm_unpckqdq x, y
	vpunpcklqdq	\y, \x, %ymm10
	vpunpckhqdq	\y, \x, \y
	vmovdqa		%ymm10, \x
.endm

.macro ymm_shufps x, y
	vshufps		$0x88, \y, \x, %ymm10
	vshufps		$0xdd, \y, \x, \y
	vmovdqa		%ymm10, \x
.endm

/* each of the four pairs of the half */
.macro ymm_pairs op
	\op		%ymm0, %ymm1
	\op		%ymm2, %ymm3
	\op		%ymm4, %ymm5
	\op		%ymm6, %ymm7
.endm

.macro ymm_permd_all idx
	vpermd		%ymm0, \idx, %ymm0
	vpermd		%ymm1, \idx, %ymm1
	vpermd		%ymm2, \idx, %ymm2
	vpermd		%ymm3, \idx, %ymm3
	vpermd		%ymm4, \idx, %ymm4
	vpermd		%ymm5, \idx, %ymm5
	vpermd		%ymm6, \idx, %ymm6
	vpermd		%ymm7, \idx, %ymm7
.endm

.macro ymm_load8 base
	vmovdqu		0 * 32(\base), %ymm0
	vmovdqu		1 * 32(\base), %ymm1
	vmovdqu		2 * 32(\base), %ymm2
	vmovdqu		3 * 32(\base), %ymm3
	vmovdqu		4 * 32(\base), %ymm4
	vmovdqu		5 * 32(\base), %ymm5
	vmovdqu		6 * 32(\base), %ymm6
	vmovdqu		7 * 32(\base), %ymm7
.endm

.macro ymm_store8 base
	vmovdqu		%ymm0, 0 * 32(\base)
	vmovdqu		%ymm1, 1 * 32(\base)
	vmovdqu		%ymm2, 2 * 32(\base)
	vmovdqu		%ymm3, 3 * 32(\base)
	vmovdqu		%ymm4, 4 * 32(\base)
	vmovdqu		%ymm5, 5 * 32(\base)
	vmovdqu		%ymm6, 6 * 32(\base)
	vmovdqu		%ymm7, 7 * 32(\base)
.endm

/* ymm0-3 = coefficients 16 * {r, r+1, r+2, r+3}, ymm4-7 the same + 128 */
.macro ymm_load_quarters base
	vmovdqu		0 * 32(\base), %ymm0
	vmovdqu		1 * 32(\base), %ymm1
	vmovdqu		2 * 32(\base), %ymm2
	vmovdqu		3 * 32(\base), %ymm3
	vmovdqu		8 * 32(\base), %ymm4
	vmovdqu		9 * 32(\base), %ymm5
	vmovdqu		10 * 32(\base), %ymm6
	vmovdqu		11 * 32(\base), %ymm7
.endm

.macro ymm_store_quarters base
	vmovdqu		%ymm0, 0 * 32(\base)
	vmovdqu		%ymm1, 1 * 32(\base)
	vmovdqu		%ymm2, 2 * 32(\base)
	vmovdqu		%ymm3, 3 * 32(\base)
	vmovdqu		%ymm4, 8 * 32(\base)
	vmovdqu		%ymm5, 9 * 32(\base)
	vmovdqu		%ymm6, 10 * 32(\base)
	vmovdqu		%ymm7, 11 * 32(\base)
.endm

.macro ymm_consts
	mov		$MLKEM_Q, %eax
	vmovd		%eax, %xmm15
	vpbroadcastw	%xmm15, %ymm15
.endm

.macro ymm_ten
	mov		$10, %r8d
	vmovd		%r8d, %xmm14
	vpbroadcastw	%xmm14, %ymm14
.endm

/* void vgc_mlkem_ntt_ymm(s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_ntt_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_ntt_ymm
	ymm_consts
	lea		vgc_mlkem_ntt_fwd_ymm(%rip), %rax
	/* layer 7, a quarter of each half at a time */
	mov		%rdi, %rdx
	mov		$2, %ecx
.Lntt_ymm_l7:
	ymm_load_quarters %rdx
	ct_bfly		%ymm0, %ymm4, YE(0), Q2, T2
	ct_bfly		%ymm1, %ymm5, YE(0), Q2, T2
	ct_bfly		%ymm2, %ymm6, YE(0), Q2, T2
	ct_bfly		%ymm3, %ymm7, YE(0), Q2, T2
	ymm_store_quarters %rdx
	add		$4 * 32, %rdx
	dec		%ecx
	jnz		.Lntt_ymm_l7

	/* layers 6 to 1 on each half in registers; rax: its twiddles */
	add		$64, %rax
	mov		%rdi, %rdx
	mov		$2, %ecx
.Lntt_ymm_half:
	ymm_load8	%rdx
	ct_bfly		%ymm0, %ymm4, YE(0), Q2, T2
	ct_bfly		%ymm1, %ymm5, YE(0), Q2, T2
	ct_bfly		%ymm2, %ymm6, YE(0), Q2, T2
	ct_bfly		%ymm3, %ymm7, YE(0), Q2, T2
	ct_bfly		%ymm0, %ymm2, YE(1), Q2, T2
	ct_bfly		%ymm1, %ymm3, YE(1), Q2, T2
	ct_bfly		%ymm4, %ymm6, YE(2), Q2, T2
	ct_bfly		%ymm5, %ymm7, YE(2), Q2, T2
	ct_bfly		%ymm0, %ymm1, YE(3), Q2, T2
	ct_bfly		%ymm2, %ymm3, YE(4), Q2, T2
	ct_bfly		%ymm4, %ymm5, YE(5), Q2, T2
	ct_bfly		%ymm6, %ymm7, YE(6), Q2, T2
	/* layer 3: 128-bit lanes */
	ymm_pairs	ymm_perm128
	ct_bfly		%ymm0, %ymm1, YE(7), Q2, T2
	ct_bfly		%ymm2, %ymm3, YE(8), Q2, T2
	ct_bfly		%ymm4, %ymm5, YE(9), Q2, T2
	ct_bfly		%ymm6, %ymm7, YE(10), Q2, T2
	/* layer 2: quadwords */
	ymm_pairs	ymm_unpckqdq
	ct_bfly		%ymm0, %ymm1, YE(11), Q2, T2
	ct_bfly		%ymm2, %ymm3, YE(12), Q2, T2
	ct_bfly		%ymm4, %ymm5, YE(13), Q2, T2
	ct_bfly		%ymm6, %ymm7, YE(14), Q2, T2
	/* layer 1: odd and even dwords */
	ymm_pairs	ymm_shufps
	ct_bfly		%ymm0, %ymm1, YE(15), Q2, T2
	ct_bfly		%ymm2, %ymm3, YE(16), Q2, T2
	ct_bfly		%ymm4, %ymm5, YE(17), Q2, T2
	ct_bfly		%ymm6, %ymm7, YE(18), Q2, T2
	/* FIPS order: lanes back, then dwords within each register */
	ymm_pairs	ymm_perm128
	vmovdqa		vgc_mlkem_ntt_fwd_restore_ymm(%rip), %ymm14
	ymm_permd_all	%ymm14
	ymm_ten
	barrett		%ymm0, Q2, %ymm14, %ymm8
	barrett		%ymm1, Q2, %ymm14, %ymm9
	barrett		%ymm2, Q2, %ymm14, %ymm8
	barrett		%ymm3, Q2, %ymm14, %ymm9
	barrett		%ymm4, Q2, %ymm14, %ymm8
	barrett		%ymm5, Q2, %ymm14, %ymm9
	barrett		%ymm6, Q2, %ymm14, %ymm8
	barrett		%ymm7, Q2, %ymm14, %ymm9
	ymm_store8	%rdx
	add		$19 * 64, %rax
	add		$8 * 32, %rdx
	dec		%ecx
	jnz		.Lntt_ymm_half
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_ntt_ymm)

/* void vgc_mlkem_invntt_ymm(s16 p[256]): times R, |c| < q in and out */
SYM_FUNC_START(vgc_mlkem_invntt_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_invntt_ymm
	ymm_consts
	lea		vgc_mlkem_ntt_inv_ymm(%rip), %rax
	mov		%rdi, %rdx
	mov		$2, %ecx
.Linvntt_ymm_half:
	ymm_load8	%rdx
	ymm_ten
	/* layers 1 and 2: odd and even dwords, twice */
	ymm_pairs	ymm_shufps
	gs_bfly		%ymm0, %ymm1, YE(0), Q2, T2
	gs_bfly		%ymm2, %ymm3, YE(1), Q2, T2
	gs_bfly		%ymm4, %ymm5, YE(2), Q2, T2
	gs_bfly		%ymm6, %ymm7, YE(3), Q2, T2
	ymm_pairs	ymm_shufps
	gs_bfly		%ymm0, %ymm1, YE(4), Q2, T2
	gs_bfly		%ymm2, %ymm3, YE(5), Q2, T2
	gs_bfly		%ymm4, %ymm5, YE(6), Q2, T2
	gs_bfly		%ymm6, %ymm7, YE(7), Q2, T2
	/* layer 3: 128-bit lanes; then reduce the sums of three layers */
	ymm_pairs	ymm_perm128
	gs_bfly		%ymm0, %ymm1, YE(8), Q2, T2
	gs_bfly		%ymm2, %ymm3, YE(9), Q2, T2
	gs_bfly		%ymm4, %ymm5, YE(10), Q2, T2
	gs_bfly		%ymm6, %ymm7, YE(11), Q2, T2
	barrett		%ymm0, Q2, %ymm14, %ymm8
	barrett		%ymm2, Q2, %ymm14, %ymm9
	barrett		%ymm4, Q2, %ymm14, %ymm8
	barrett		%ymm6, Q2, %ymm14, %ymm9
	/* layer 4: dwords reordered so that one lane exchange gives FIPS order */
	vmovdqa		vgc_mlkem_ntt_inv_permd_ymm(%rip), %ymm11
	ymm_permd_all	%ymm11
	ymm_pairs	ymm_perm128
	gs_bfly		%ymm0, %ymm1, YE(12), Q2, T2
	gs_bfly		%ymm2, %ymm3, YE(13), Q2, T2
	gs_bfly		%ymm4, %ymm5, YE(14), Q2, T2
	gs_bfly		%ymm6, %ymm7, YE(15), Q2, T2
	/* layers 5 and 6 */
	gs_bfly		%ymm0, %ymm2, YE(16), Q2, T2
	gs_bfly		%ymm1, %ymm3, YE(16), Q2, T2
	gs_bfly		%ymm4, %ymm6, YE(17), Q2, T2
	gs_bfly		%ymm5, %ymm7, YE(17), Q2, T2
	gs_bfly		%ymm0, %ymm4, YE(18), Q2, T2
	gs_bfly		%ymm1, %ymm5, YE(18), Q2, T2
	gs_bfly		%ymm2, %ymm6, YE(18), Q2, T2
	gs_bfly		%ymm3, %ymm7, YE(18), Q2, T2
	/* the register whose sums would overflow in layer 7 */
	barrett		%ymm0, Q2, %ymm14, %ymm8
	ymm_store8	%rdx
	add		$19 * 64, %rax
	add		$8 * 32, %rdx
	dec		%ecx
	jnz		.Linvntt_ymm_half

	/* layer 7 with the scaling by R / 128, a quarter at a time */
	mov		%rdi, %rdx
	mov		$2, %ecx
.Linvntt_ymm_l7:
	ymm_load_quarters %rdx
	vpsubw		%ymm0, %ymm4, %ymm8
	vpsubw		%ymm1, %ymm5, %ymm9
	vpsubw		%ymm2, %ymm6, %ymm10
	vpsubw		%ymm3, %ymm7, %ymm11
	vpaddw		%ymm4, %ymm0, %ymm0
	vpaddw		%ymm5, %ymm1, %ymm1
	vpaddw		%ymm6, %ymm2, %ymm2
	vpaddw		%ymm7, %ymm3, %ymm3
	mont_const	%ymm0, YE(0), Q2, %ymm0, %ymm12
	mont_const	%ymm1, YE(0), Q2, %ymm1, %ymm13
	mont_const	%ymm2, YE(0), Q2, %ymm2, %ymm12
	mont_const	%ymm3, YE(0), Q2, %ymm3, %ymm13
	mont_const	%ymm8, YE(1), Q2, %ymm4, %ymm12
	mont_const	%ymm9, YE(1), Q2, %ymm5, %ymm13
	mont_const	%ymm10, YE(1), Q2, %ymm6, %ymm12
	mont_const	%ymm11, YE(1), Q2, %ymm7, %ymm13
	ymm_store_quarters %rdx
	add		$4 * 32, %rdx
	dec		%ecx
	jnz		.Linvntt_ymm_l7
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_invntt_ymm)
