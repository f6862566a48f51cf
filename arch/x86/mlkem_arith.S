/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM polynomial arithmetic in the NTT domain for AVX-512 (zmm, 32
 * lanes of s16) and AVX2 (ymm, 16 lanes): a row of base multiplications
 * with accumulation (FIPS 203 Algorithms 11 and 12), conversion to the
 * Montgomery domain, addition and reverse subtraction. The contracts are
 * struct vgc_mlkem_backend's (lib/mlkem_backend.h).
 *
 * Every vector register used is cleared before returning; nothing is
 * spilled.
 */
#include <linux/linkage.h>
#include "simd_entry.S"

#include "mlkem_x86_macros.h"

	.text

/*
 * basemul_row: r = sum over j < k of a_j * b_j, times R^-1.
 *
 * Coefficient pairs (x0, x1) sit in one dword, FIPS order. Per pair,
 * vpmaddwd gives a0 b0' + a1 c and a0 b1 + a1 b0 in 32 bits, where
 * (b0', c) = (b0 R, b1 gamma R) R^-1 mod q comes from one Montgomery
 * multiplication of b by the table's (R mod q, gamma) vector: b0' is b0
 * reduced, c is b1 times gamma (FIPS 203's zeta^(2 BitRev7(i) + 1)).
 * The k products of a row stay in 32-bit accumulators: per j below
 * 2 * 3328 * 4095 each, and four of them below q * 2^15, the bound under
 * which one Montgomery reduction gives |r| < q.
 *
 * That reduction: the low halves of both sums go through q^-1 mod 2^16,
 * and the high halves minus the high half of that times q is the result.
 */

/* one chunk of W coefficients: accumulate a_j b_j for the current j */
.macro bm_acc a, b, z, zq, q, acc0, acc1, h, t, swap
	mont_const	\b, \z, \zq, \q, \h, \t
	\swap		\b
	vpmaddwd	\a, \h, \t
	vpaddd		\t, \acc0, \acc0
	vpmaddwd	\a, \b, \t
	vpaddd		\t, \acc1, \acc1
.endm

/* b1 and b0 exchanged in every dword */
.macro swap_zmm b
	vprold		$16, \b, \b
.endm

.macro swap_ymm b
	vpshufb		%ymm14, \b, \b
.endm

/* AVX2: low and high halves of the two sums by word blends */
.macro bm_reduce_ymm acc0, acc1, t, qinv, q
	vpslld		$16, \acc1, \t
	vpblendw	$0xaa, \t, \acc0, \t
	vpsrld		$16, \acc0, \acc0
	vpblendw	$0xaa, \acc1, \acc0, \acc0
	vpmullw		\qinv, \t, \t
	vpmulhw		\q, \t, \t
	vpsubw		\t, \acc0, \acc0
.endm

/* AVX-512: the same with k1 = odd words */
.macro bm_reduce_zmm acc0, acc1, t, qinv, q
	vpslld		$16, \acc1, \t
	vpblendmw	\t, \acc0, \t{%k1}
	vpsrld		$16, \acc0, \acc0
	vpblendmw	\acc1, \acc0, \acc0{%k1}
	vpmullw		\qinv, \t, \t
	vpmulhw		\q, \t, \t
	vpsubw		\t, \acc0, \acc0
.endm

/*
 * void vgc_mlkem_basemul_row_zmm(s16 r[256], const s16 *a, const s16 *b,
 *				  unsigned int k)
 * Two zmm chunks (64 coefficients) per pass over the k polynomials.
 */
SYM_FUNC_START(vgc_mlkem_basemul_row_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_basemul_row_zmm
	mov		$MLKEM_Q, %eax
	vpbroadcastw	%eax, %zmm31
	mov		$-3327, %eax		/* q^-1 mod 2^16 */
	vpbroadcastw	%eax, %zmm30
	mov		$0xaaaaaaaa, %eax
	kmovd		%eax, %k1
	lea		vgc_mlkem_basemul_x86(%rip), %r9
	xor		%r8d, %r8d		/* byte offset of the chunk */
.Lbm_zmm_chunk:
	vmovdqu64	0(%r9), %zmm20		/* (R, gamma) */
	vmovdqu64	64(%r9), %zmm21
	vmovdqu64	512(%r9), %zmm22	/* the same times q^-1 */
	vmovdqu64	576(%r9), %zmm23
	vpxord		%zmm0, %zmm0, %zmm0
	vpxord		%zmm1, %zmm1, %zmm1
	vpxord		%zmm2, %zmm2, %zmm2
	vpxord		%zmm3, %zmm3, %zmm3
	lea		(%rsi, %r8), %r10
	lea		(%rdx, %r8), %r11
	mov		%ecx, %eax
.Lbm_zmm_j:
	vmovdqu64	0(%r11), %zmm4
	vmovdqu64	64(%r11), %zmm5
	bm_acc		0(%r10), %zmm4, %zmm20, %zmm22, %zmm31, %zmm0, %zmm1, \
			%zmm6, %zmm7, swap_zmm
	bm_acc		64(%r10), %zmm5, %zmm21, %zmm23, %zmm31, %zmm2, %zmm3, \
			%zmm8, %zmm9, swap_zmm
	add		$512, %r10
	add		$512, %r11
	dec		%eax
	jnz		.Lbm_zmm_j
	bm_reduce_zmm	%zmm0, %zmm1, %zmm6, %zmm30, %zmm31
	bm_reduce_zmm	%zmm2, %zmm3, %zmm8, %zmm30, %zmm31
	vmovdqu64	%zmm0, 0(%rdi, %r8)
	vmovdqu64	%zmm2, 64(%rdi, %r8)
	add		$128, %r9
	add		$128, %r8
	cmp		$512, %r8
	jb		.Lbm_zmm_chunk
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_basemul_row_zmm)

/*
 * void vgc_mlkem_basemul_row_ymm(s16 r[256], const s16 *a, const s16 *b,
 *				  unsigned int k)
 * Two ymm chunks (32 coefficients) per pass; the table's vectors are
 * memory operands, for want of registers.
 */
SYM_FUNC_START(vgc_mlkem_basemul_row_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_basemul_row_ymm
	mov		$MLKEM_Q, %eax
	vmovd		%eax, %xmm15
	vpbroadcastw	%xmm15, %ymm15
	mov		$-3327, %eax		/* q^-1 mod 2^16 */
	vmovd		%eax, %xmm13
	vpbroadcastw	%xmm13, %ymm13
	vmovdqa		vgc_mlkem_swap16_ymm(%rip), %ymm14
	lea		vgc_mlkem_basemul_x86(%rip), %r9
	xor		%r8d, %r8d
.Lbm_ymm_chunk:
	vpxor		%ymm0, %ymm0, %ymm0
	vpxor		%ymm1, %ymm1, %ymm1
	vpxor		%ymm2, %ymm2, %ymm2
	vpxor		%ymm3, %ymm3, %ymm3
	lea		(%rsi, %r8), %r10
	lea		(%rdx, %r8), %r11
	mov		%ecx, %eax
.Lbm_ymm_j:
	vmovdqu		0(%r11), %ymm4
	vmovdqu		32(%r11), %ymm5
	bm_acc		0(%r10), %ymm4, 0(%r9), 512(%r9), %ymm15, \
			%ymm0, %ymm1, %ymm6, %ymm7, swap_ymm
	bm_acc		32(%r10), %ymm5, 32(%r9), 544(%r9), %ymm15, \
			%ymm2, %ymm3, %ymm8, %ymm9, swap_ymm
	add		$512, %r10
	add		$512, %r11
	dec		%eax
	jnz		.Lbm_ymm_j
	bm_reduce_ymm	%ymm0, %ymm1, %ymm6, %ymm13, %ymm15
	bm_reduce_ymm	%ymm2, %ymm3, %ymm8, %ymm13, %ymm15
	vmovdqu		%ymm0, 0(%rdi, %r8)
	vmovdqu		%ymm2, 32(%rdi, %r8)
	add		$64, %r9
	add		$64, %r8
	cmp		$512, %r8
	jb		.Lbm_ymm_chunk
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_basemul_row_ymm)

/*
 * tomont: p = p * R mod q, one Montgomery multiplication by R^2 mod q
 * (1353; times q^-1 mod 2^16: 20553) per coefficient
 */
.macro tomont_body vload, vstore, reg, n, step, q, z, zq, t
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	\vload		\i * \step(%rdi), \reg\i
	mont_const	\reg\i, \z, \zq, \q, \reg\i, \t
	\vstore		\reg\i, \i * \step(%rdi)
	.endr
.endm

/* void vgc_mlkem_tomont_zmm(s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_tomont_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_tomont_zmm
	mov		$MLKEM_Q, %eax
	vpbroadcastw	%eax, %zmm31
	mov		$1353, %eax
	vpbroadcastw	%eax, %zmm30
	mov		$20553, %eax
	vpbroadcastw	%eax, %zmm29
	tomont_body	vmovdqu64, vmovdqu64, %zmm, 8, 64, %zmm31, %zmm30, \
			%zmm29, %zmm28
	vzeroall
	vpxord		%xmm28, %xmm28, %xmm28
	RET
SYM_FUNC_END(vgc_mlkem_tomont_zmm)

/* void vgc_mlkem_tomont_ymm(s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_tomont_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_tomont_ymm
	mov		$MLKEM_Q, %eax
	vmovd		%eax, %xmm15
	vpbroadcastw	%xmm15, %ymm15
	mov		$1353, %eax
	vmovd		%eax, %xmm14
	vpbroadcastw	%xmm14, %ymm14
	mov		$20553, %eax
	vmovd		%eax, %xmm13
	vpbroadcastw	%xmm13, %ymm13
	tomont_body	vmovdqu, vmovdqu, %ymm, 8, 32, %ymm15, %ymm14, \
			%ymm13, %ymm12
	add		$256, %rdi
	tomont_body	vmovdqu, vmovdqu, %ymm, 8, 32, %ymm15, %ymm14, \
			%ymm13, %ymm12
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_tomont_ymm)

/*
 * add: r = r + a; rsub: r = a - r (no reduction: the contract keeps
 * |r| + |a| < 2^15)
 */
.macro addsub_body vload, vstore, reg, step, op, x, y
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	\vload		\i * \step(%rdi), \reg\i
	\op		\i * \step(%rsi), \reg\i, \reg\i
	\vstore		\reg\i, \i * \step(%rdi)
	.endr
.endm

/* r = r + a: vpaddw a, r, r; r = a - r: vpsubw r, a, r needs a in a reg */
.macro rsub_body vload, vstore, reg, step
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	\vload		\i * \step(%rsi), \reg\i
	vpsubw		\i * \step(%rdi), \reg\i, \reg\i
	\vstore		\reg\i, \i * \step(%rdi)
	.endr
.endm

/* void vgc_mlkem_add_zmm(s16 r[256], const s16 a[256]) */
SYM_FUNC_START(vgc_mlkem_add_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_add_zmm
	addsub_body	vmovdqu64, vmovdqu64, %zmm, 64, vpaddw
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_add_zmm)

/* void vgc_mlkem_rsub_zmm(s16 r[256], const s16 a[256]) */
SYM_FUNC_START(vgc_mlkem_rsub_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_rsub_zmm
	rsub_body	vmovdqu64, vmovdqu64, %zmm, 64
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_rsub_zmm)

/* void vgc_mlkem_add_ymm(s16 r[256], const s16 a[256]) */
SYM_FUNC_START(vgc_mlkem_add_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_add_ymm
	addsub_body	vmovdqu, vmovdqu, %ymm, 32, vpaddw
	add		$256, %rdi
	add		$256, %rsi
	addsub_body	vmovdqu, vmovdqu, %ymm, 32, vpaddw
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_add_ymm)

/* void vgc_mlkem_rsub_ymm(s16 r[256], const s16 a[256]) */
SYM_FUNC_START(vgc_mlkem_rsub_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_rsub_ymm
	rsub_body	vmovdqu, vmovdqu, %ymm, 32
	add		$256, %rdi
	add		$256, %rsi
	rsub_body	vmovdqu, vmovdqu, %ymm, 32
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_rsub_ymm)
