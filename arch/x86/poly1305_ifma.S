/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Poly1305 with AVX-512 IFMA: eight blocks at a time, one per 64-bit lane
 * of a zmm register, in radix 2^44 (limbs of 44, 44 and 42 bits), because
 * vpmadd52luq/vpmadd52huq multiply 52-bit numbers and add the low or the
 * high 52 bits of the 104-bit product to a lane: a product of three limbs
 * is nine such multiplies (times two halves), where radix 2^26 takes 25.
 *
 *	void vgc_poly1305_ifma_blocks(struct vgc_poly1305 *p, const u8 *src,
 *				      unsigned int nblocks);
 *	void vgc_poly1305_ifma_flush(struct vgc_poly1305 *p);
 *
 * For 8k blocks m1..m8k, h' = (h + m1) r^8k + m2 r^(8k-1) + ... + m8k r.
 * Lane j takes every eighth block; the lanes start as the first eight
 * blocks (and h in lane 0); each step multiplies them by r^8 and adds the
 * next eight blocks, which are the starting values of the multiply-adds'
 * accumulators and so cost no instruction of their own. Between calls
 * (struct vgc_poly1305) the lanes are kept as they are, with the powers
 * each lane takes at the end (r^8 r^4 r^7 r^3 r^6 r^2 r^5 r for lanes
 * 0..7, which the unpacks below fill with blocks 0 4 1 5 2 6 3 7 of a
 * step; lane 0's is also the steps' r^8), made once per message. The 4
 * KiB sections of a long message pay for neither again; a flush
 * multiplies each lane by its power and sums them into h.
 *
 * @nblocks is a multiple of 8 (backends.c does the rest with the scalar
 * code). A step is bound by its longest chain, so each limb's three
 * products go to accumulators of their own and are summed after: a chain
 * of three multiply-adds would wait three latencies.
 *
 * Key-derived values stay in registers (the powers are made with the
 * scalar multiply in general registers), and the vector registers are
 * zeroed before returning. Call only between kernel_fpu_begin() and
 * kernel_fpu_end(), on a CPU with AVX-512F, VL and IFMA.
 */
#include <linux/linkage.h>
#include "simd_entry.S"
#include "poly1305_x86.h"
#include "poly1305_mul.S"

	.section .rodata
	.balign	8
.Lmask44:
	.quad	(1 << 44) - 1
.Lmask42:
	.quad	(1 << 42) - 1
.Lbit40:
	.quad	1 << 40

	.text

/* vec_pw, vec_acc: limb k of the eight lanes */
#define PW(k)		(VGC_P_PW + (k) * 64)
#define ACC(k)		(VGC_P_ACC + (k) * 64)

/*
 * Registers: a (the lanes) %zmm0-2; the multiplier %zmm3-5 and 20 times
 * its limbs 1 and 2 (2^132 == 4 * 5 mod p) %zmm6-7; the message's limbs
 * %zmm8-10; products %zmm11-16 and %zmm20-31; masks %zmm17 (44 bits),
 * %zmm18 (42 bits); %zmm19 the 2^128 bit at bit 40 of limb 2.
 */

/* eight blocks at %rsi as limbs m0..m2 (blocks 0 4 1 5 2 6 3 7 in lanes) */
.macro _load8 m0, m1, m2
	vmovdqu64 0(%rsi), %zmm20
	vmovdqu64 64(%rsi), %zmm21
	vpunpcklqdq %zmm21, %zmm20, %zmm22	/* low words */
	vpunpckhqdq %zmm21, %zmm20, %zmm23	/* high words */
	vpandq	%zmm17, %zmm22, \m0
	vpsrlq	$44, %zmm22, \m1
	vpsllq	$20, %zmm23, %zmm21
	vporq	%zmm21, \m1, \m1
	vpandq	%zmm17, \m1, \m1
	vpsrlq	$24, %zmm23, \m2
	vporq	%zmm19, \m2, \m2
.endm

/* 20 x in s: (x << 4) + (x << 2) */
.macro _times20 x, s
	vpsllq	$4, \x, \s
	vpsllq	$2, \x, %zmm20
	vpaddq	%zmm20, \s, \s
.endm

/*
 * a = a * (r0, r1, r2) + (m0, m1, m2), carried back to limbs below 2^44
 * + 2^11 (limb 1), 2^44 and 2^42. Needs a's limbs below 2^52.
 *
 * Limb k of the product: d_k, the sum of a_i r_j with i + j = k and of
 * the wrapped terms (i + j >= 3) times 20. Each multiply-add gives the
 * low 52 bits of a product at 2^(44k) and the high bits at 2^(44k + 52),
 * 8 bits up in limb k + 1. Products are below 2^93.4, so a high part is
 * below 2^41.4 and a low sum (three parts and m) below 2^54: the carries
 * are plain shifts. The high part of d_2 is at 2^140 = 2^10 2^130, which
 * folds to limb 0 as 5 2^10.
 */
.macro _mul_add
	vmovdqa64 %zmm8, %zmm11			/* d0 = m0 + ... */
	vmovdqa64 %zmm9, %zmm12			/* d1 */
	vmovdqa64 %zmm10, %zmm13		/* d2 */
	vpxord	%zmm14, %zmm14, %zmm14		/* e0: high halves */
	vpxord	%zmm15, %zmm15, %zmm15		/* e1 */
	vpxord	%zmm16, %zmm16, %zmm16		/* e2 */
.irp i, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord	%zmm\i, %zmm\i, %zmm\i
.endr
	/* three products per limb, each to its own accumulator */
	vpmadd52luq %zmm3, %zmm0, %zmm11	/* a0 r0 */
	vpmadd52luq %zmm7, %zmm1, %zmm24	/* a1 20 r2 */
	vpmadd52luq %zmm6, %zmm2, %zmm25	/* a2 20 r1 */
	vpmadd52luq %zmm4, %zmm0, %zmm12	/* a0 r1 */
	vpmadd52luq %zmm3, %zmm1, %zmm26	/* a1 r0 */
	vpmadd52luq %zmm7, %zmm2, %zmm27	/* a2 20 r2 */
	vpmadd52luq %zmm5, %zmm0, %zmm13	/* a0 r2 */
	vpmadd52luq %zmm4, %zmm1, %zmm28	/* a1 r1 */
	vpmadd52luq %zmm3, %zmm2, %zmm29	/* a2 r0 */
	vpmadd52huq %zmm3, %zmm0, %zmm14
	vpmadd52huq %zmm7, %zmm1, %zmm30
	vpmadd52huq %zmm6, %zmm2, %zmm31
	vpmadd52huq %zmm4, %zmm0, %zmm15
	vpmadd52huq %zmm3, %zmm1, %zmm21
	vpmadd52huq %zmm7, %zmm2, %zmm22
	vpmadd52huq %zmm5, %zmm0, %zmm16
	vpmadd52huq %zmm4, %zmm1, %zmm23
	vpmadd52huq %zmm3, %zmm2, %zmm20
	vpaddq	%zmm25, %zmm24, %zmm24
	vpaddq	%zmm27, %zmm26, %zmm26
	vpaddq	%zmm29, %zmm28, %zmm28
	vpaddq	%zmm31, %zmm30, %zmm30
	vpaddq	%zmm22, %zmm21, %zmm21
	vpaddq	%zmm20, %zmm23, %zmm23
	vpaddq	%zmm24, %zmm11, %zmm11		/* d0 */
	vpaddq	%zmm26, %zmm12, %zmm12		/* d1 */
	vpaddq	%zmm28, %zmm13, %zmm13		/* d2 */
	vpaddq	%zmm30, %zmm14, %zmm14		/* e0 */
	vpaddq	%zmm21, %zmm15, %zmm15		/* e1 */
	vpaddq	%zmm23, %zmm16, %zmm16		/* e2 */

	/* the high halves one limb up, 8 bits in */
	vpsllq	$8, %zmm14, %zmm14
	vpaddq	%zmm14, %zmm12, %zmm12
	vpsllq	$8, %zmm15, %zmm15
	vpaddq	%zmm15, %zmm13, %zmm13
	/* carries 0 -> 1 -> 2, then bits 130.. (below 2^52.1) times 5 to 0 */
	vpsrlq	$44, %zmm11, %zmm20
	vpandq	%zmm17, %zmm11, %zmm11
	vpaddq	%zmm20, %zmm12, %zmm12
	vpsrlq	$44, %zmm12, %zmm20
	vpandq	%zmm17, %zmm12, %zmm1
	vpaddq	%zmm20, %zmm13, %zmm13
	vpsrlq	$42, %zmm13, %zmm20
	vpandq	%zmm18, %zmm13, %zmm2
	vpsllq	$10, %zmm16, %zmm16
	vpaddq	%zmm16, %zmm20, %zmm20
	vpsllq	$2, %zmm20, %zmm21
	vpaddq	%zmm21, %zmm20, %zmm20
	vpaddq	%zmm20, %zmm11, %zmm11
	vpsrlq	$44, %zmm11, %zmm20
	vpandq	%zmm17, %zmm11, %zmm0
	vpaddq	%zmm20, %zmm1, %zmm1
.endm

.macro _masks
	vpbroadcastq .Lmask44(%rip), %zmm17
	vpbroadcastq .Lmask42(%rip), %zmm18
	vpbroadcastq .Lbit40(%rip), %zmm19
.endm

/* no key-derived value left in a vector register */
.macro _ifma_clear
	vzeroall
.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord	%xmm\i, %xmm\i, %xmm\i
.endr
.endm

/*
 * The powers r .. r^8 (once per message): the scalar multiply in general
 * registers, each power's three limbs stored to its lane of vec_pw.
 * Clobbers %rax, %rdx, %r8-%r11 (cleared after) and the callee-saved
 * registers it saves.
 */
.macro _ifma_powers
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	VGC_P_R(%rdi), %r12
	mov	VGC_P_R + 8(%rdi), %r13
	mov	%r13, %r14
	shr	$2, %r14
	add	%r13, %r14		/* s1 = r1 + r1 / 4 */
	mov	%r12, %r8
	mov	%r13, %r9
	xor	%r10d, %r10d
	/* r^k goes to lane 7, 5, 3, 1, 6, 4, 2, 0 for k = 1..8 */
.irp k, 1, 2, 3, 4, 5, 6, 7, 8
.if \k > 1
	_p64_mulr %r8, %r9, %r10, %r12, %r13, %r14, %rbx, %rbp, %r15
.endif
.irp limb, 0, 1, 2
	_p64_limb44 \limb, %r8, %r9, %r10, %r11
.if \k <= 4
	mov	%r11, PW(\limb) + (9 - 2 * \k) * 8(%rdi)
.else
	mov	%r11, PW(\limb) + (16 - 2 * \k) * 8(%rdi)
.endif
.endr
.endr
	movl	$1, VGC_P_POWERS(%rdi)
	xor	%eax, %eax
	xor	%edx, %edx
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
.endm

SYM_FUNC_START(vgc_poly1305_ifma_blocks)
	VGC_SIMD_ENTRY vgc_poly1305_ifma_blocks
	mov	%edx, %ecx
	shr	$3, %ecx		/* steps */
	jz	.Lifma_none
	cmpl	$0, VGC_P_POWERS(%rdi)
	jne	.Lifma_have_powers
	_ifma_powers
.Lifma_have_powers:
	_masks
	/* r^8 (lane 0) in every lane, and 20 times its limbs 1 and 2 */
	vpbroadcastq PW(0)(%rdi), %zmm3
	vpbroadcastq PW(1)(%rdi), %zmm4
	vpbroadcastq PW(2)(%rdi), %zmm5
	_times20 %zmm4, %zmm6
	_times20 %zmm5, %zmm7

	cmpl	$0, VGC_P_LIVE(%rdi)
	je	.Lifma_start
	vmovdqu64 ACC(0)(%rdi), %zmm0
	vmovdqu64 ACC(1)(%rdi), %zmm1
	vmovdqu64 ACC(2)(%rdi), %zmm2
	jmp	.Lifma_loop
.Lifma_start:
	/* the first eight blocks, with h (h[2] <= 4) added to lane 0 */
	_load8	%zmm0, %zmm1, %zmm2
	mov	VGC_P_H(%rdi), %r8
	mov	VGC_P_H + 8(%rdi), %r9
	mov	VGC_P_H + 16(%rdi), %r10
.irp limb, 0, 1, 2
	_p64_limb44 \limb, %r8, %r9, %r10, %rax
	vmovq	%rax, %xmm20
	vpaddq	%zmm20, %zmm\limb, %zmm\limb
.endr
	xor	%eax, %eax
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	add	$128, %rsi
	dec	%ecx
	jz	.Lifma_keep
.Lifma_loop:
	_load8	%zmm8, %zmm9, %zmm10
	_mul_add
	add	$128, %rsi
	dec	%ecx
	jnz	.Lifma_loop
.Lifma_keep:
	vmovdqu64 %zmm0, ACC(0)(%rdi)
	vmovdqu64 %zmm1, ACC(1)(%rdi)
	vmovdqu64 %zmm2, ACC(2)(%rdi)
	movl	$1, VGC_P_LIVE(%rdi)
	_ifma_clear
.Lifma_none:
	RET
SYM_FUNC_END(vgc_poly1305_ifma_blocks)

/* the sum of the eight 64-bit lanes of %zmm\i into @gpr */
.macro _hsum8 i, gpr
	vextracti64x4 $1, %zmm\i, %ymm20
	vpaddq	%ymm20, %ymm\i, %ymm\i
	vextracti32x4 $1, %ymm\i, %xmm20
	vpaddq	%xmm20, %xmm\i, %xmm\i
	vpshufd	$0x4e, %xmm\i, %xmm20
	vpaddq	%xmm20, %xmm\i, %xmm\i
	vmovq	%xmm\i, \gpr
.endm

/*
 * h = the lanes, each times its own power (a multiply-add by the powers of
 * vec_pw lane by lane, with a zero message), summed: each limb below
 * 2^44.1, so below 2^47.1 summed; then into radix 2^64 in general
 * registers, the bits from 2^130 up folded back times 5: h[2] <= 4.
 */
SYM_FUNC_START(vgc_poly1305_ifma_flush)
	VGC_SIMD_ENTRY vgc_poly1305_ifma_flush
	cmpl	$0, VGC_P_LIVE(%rdi)
	je	.Lflush_none
	_masks
	vmovdqu64 ACC(0)(%rdi), %zmm0
	vmovdqu64 ACC(1)(%rdi), %zmm1
	vmovdqu64 ACC(2)(%rdi), %zmm2
	vmovdqu64 PW(0)(%rdi), %zmm3
	vmovdqu64 PW(1)(%rdi), %zmm4
	vmovdqu64 PW(2)(%rdi), %zmm5
	_times20 %zmm4, %zmm6
	_times20 %zmm5, %zmm7
	vpxord	%zmm8, %zmm8, %zmm8
	vpxord	%zmm9, %zmm9, %zmm9
	vpxord	%zmm10, %zmm10, %zmm10
	_mul_add
	_hsum8	0, %r8
	_hsum8	1, %r9
	_hsum8	2, %r10
	_ifma_clear

	/* l0 + l1 2^44 + l2 2^88, in three words */
	mov	%r9, %rax
	shl	$44, %rax
	shr	$20, %r9
	mov	%r10, %rdx
	shl	$24, %rdx
	shr	$40, %r10
	add	%rax, %r8		/* h0 */
	adc	%rdx, %r9		/* h1 */
	adc	$0, %r10		/* bits 128.., below 2^8 */
	mov	%r10, %rax
	and	$3, %r10
	shr	$2, %rax
	lea	(%rax, %rax, 4), %rax
	add	%rax, %r8
	adc	$0, %r9
	adc	$0, %r10
	mov	%r8, VGC_P_H(%rdi)
	mov	%r9, VGC_P_H + 8(%rdi)
	mov	%r10, VGC_P_H + 16(%rdi)
	movl	$0, VGC_P_LIVE(%rdi)
	xor	%eax, %eax
	xor	%edx, %edx
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
.Lflush_none:
	RET
SYM_FUNC_END(vgc_poly1305_ifma_flush)
