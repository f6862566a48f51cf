/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Poly1305 with AVX-512 IFMA: eight blocks at a time, one per 64-bit lane
 * of a zmm register (or four in a ymm register, with AVX-512VL, for the
 * CPUs that prefer ymm: the same macros at half the width, "ymm" below),
 * in radix 2^44 (limbs of 44, 44 and 42 bits), because
 * vpmadd52luq/vpmadd52huq multiply 52-bit numbers and add the low or the
 * high 52 bits of the 104-bit product to a lane: a product of three limbs
 * is nine such multiplies (times two halves), where radix 2^26 takes 25.
 *
 *	void vgc_poly1305_ifma_blocks(struct vgc_poly1305 *p, const u8 *src,
 *				      unsigned int nblocks);
 *	void vgc_poly1305_ifma_flush(struct vgc_poly1305 *p);
 *	void vgc_poly1305_ifma256_blocks(...), vgc_poly1305_ifma256_flush(...)
 *
 * For 8k blocks m1..m8k, h' = (h + m1) r^8k + m2 r^(8k-1) + ... + m8k r.
 * Lane j takes every eighth block: a group of eight blocks fills the
 * lanes (the unpacks below put blocks 0 4 1 5 2 6 3 7 in lanes 0..7),
 * and the lanes a of the groups so far become a r^8 + the next group;
 * at the end each lane is multiplied by the power its last block takes
 * (r^8 r^4 r^7 r^3 r^6 r^2 r^5 r for lanes 0..7) and the lanes summed.
 *
 * One such chain waits on each product's multiply-adds and carries
 * (about 37 core cycles a group on Zen 5, with two multiply-adds a cycle
 * to spare), so the groups go round four chains, each times r^32 a
 * step, which run side by side:
 *	A = G0 + h (or, with lanes kept from earlier calls, a r^8 + G0),
 *	B, C, D = G1, G2, G3; then X = X r^32 + its next group;
 *	a = ((A r^8 + B) r^8 + C) r^8 + D,
 * and a = a r^8 + G for each group left (fewer than four groups: a alone).
 * (Two chains measured 0.093 TSC ticks a byte on Zen 5, four 0.078; ymm
 * 0.185 and 0.147.) Between calls (struct vgc_poly1305) the lanes a are
 * kept as they are, with the lanes' last powers and r^32, made once per
 * message: the 4 KiB sections of a long message pay for neither again;
 * a flush multiplies each lane by its power and sums them into h.
 *
 * ymm: four lanes (blocks 0 2 1 3), powers r^4 r^2 r^3 r and r^16 a step.
 * A message's lanes are kept in the layout of the width that made them:
 * a back end uses one width only.
 *
 * @nblocks is a multiple of 8, or of 4 for ymm (backends.c does the rest
 * with the scalar code).
 *
 * Key-derived values stay in registers (the powers are made with the
 * scalar multiply in general registers), and the vector registers are
 * zeroed before returning. Call only between kernel_fpu_begin() and
 * kernel_fpu_end(), on a CPU with AVX-512F, VL and IFMA (the ymm functions
 * touch no zmm register).
 */
#include <linux/linkage.h>
#include "simd_entry.S"
#include "vec_regs.S"
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

/*
 * _ifma_width BYTES: V0..V31 the registers of the width (zmm or ymm); IL
 * lanes of 64 bits, IVL bytes a register.
 */
.macro _ifma_width bytes
	.set	IVL, \bytes
	.set	IL, \bytes / 8
	_vreg_names \bytes
.endm

/*
 * vec_pw, vec_acc: limb k of the lanes; vec_pw: the lanes' last powers,
 * then r^(2 IL) and the step's power r^(4 IL) after them (vec_powers: 1
 * once r .. r^IL are made, 2 with the step's power too)
 */
#define PW(k)		(VGC_P_PW + (k) * IVL)
#define ACC(k)		(VGC_P_ACC + (k) * IVL)
#define RSTEP(k)	(VGC_P_PW + 3 * IVL + (k) * 8)
#define RSTEP4(k)	(VGC_P_PW + 3 * IVL + 24 + (k) * 8)
/* the same, as one macro argument (no spaces) */
#define RSTEP_AT	(VGC_P_PW+3*IVL)
#define RSTEP4_AT	(VGC_P_PW+3*IVL+24)

/* d = s op the 64-bit constant at m in every lane */
.macro _vopq op, m, s, d
.if IL == 8
	\op	\m(%rip){1to8}, \s, \d
.else
	\op	\m(%rip){1to4}, \s, \d
.endif
.endm

/*
 * IL blocks at @off(%rsi) as limbs m0..m2 (zmm: blocks 0 4 1 5 2 6 3 7 in
 * lanes; ymm: 0 2 1 3), with their 2^128 bits; t0, t1: temporaries.
 */
.macro _loadg off, m0, m1, m2, t0, t1
	vmovdqu64 \off(%rsi), \t0
	vmovdqu64 \off+IVL(%rsi), \t1
	vpunpckhqdq \t1, \t0, \m2		/* high words */
	vpunpcklqdq \t1, \t0, \m0		/* low words */
	vpsrlq	$44, \m0, \m1
	vpsllq	$20, \m2, \t0
	_vopq	vpandq, .Lmask44, \m0, \m0
	vporq	\t0, \m1, \m1
	vpsrlq	$24, \m2, \m2
	_vopq	vpandq, .Lmask44, \m1, \m1
	_vopq	vporq, .Lbit40, \m2, \m2
.endm

/* the multiplier from memory: three limbs, 20 times limbs 1 and 2 */
.macro _mul_load bcast, m0, m1, m2, r0, r1, r2, s1, s2, t
.if \bcast
	vpbroadcastq \m0, \r0
	vpbroadcastq \m1, \r1
	vpbroadcastq \m2, \r2
.else
	vmovdqu64 \m0, \r0
	vmovdqu64 \m1, \r1
	vmovdqu64 \m2, \r2
.endif
	vpsllq	$4, \r1, \s1
	vpsllq	$2, \r1, \t
	vpaddq	\t, \s1, \s1
	vpsllq	$4, \r2, \s2
	vpsllq	$2, \r2, \t
	vpaddq	\t, \s2, \s2
.endm

/*
 * a = a r + d, carried: d (d0..d2) comes in holding the message limbs (or
 * zero) and e0..e2 are free; t0, t1 temporaries; r = (r0, r1, r2) with
 * s1 = 20 r1, s2 = 20 r2 (2^132 == 4 * 5 mod p). All limbs below 2^52,
 * as the multiply-adds need; a ends below 2^44 + 2^11 (limb 1), 2^44 and
 * 2^42.
 *
 * Limb k of the product is the sum of a_i r_j with i + j = k and of the
 * wrapped terms (i + j >= 3) times 20. Each multiply-add gives the low 52
 * bits of a product at 2^(44k) and the high bits at 2^(44k + 52), 8 bits
 * up in limb k + 1. Products are below 2^93.4, so a high part is below
 * 2^41.4 and a low sum (three parts and m) below 2^54: the carries are
 * plain shifts. The high part of limb 2 is at 2^140 = 2^10 2^130, which
 * folds to limb 0 as 5 2^10. Each accumulator's three multiply-adds are
 * spread apart; the other chain's fill the wait.
 */
.macro _mul_add a0, a1, a2, r0, r1, r2, s1, s2, d0, d1, d2, e0, e1, e2, t0, t1
	vpxord	\e0, \e0, \e0
	vpxord	\e1, \e1, \e1
	vpxord	\e2, \e2, \e2
	vpmadd52luq \r0, \a0, \d0
	vpmadd52luq \r1, \a0, \d1
	vpmadd52luq \r2, \a0, \d2
	vpmadd52huq \r0, \a0, \e0
	vpmadd52huq \r1, \a0, \e1
	vpmadd52huq \r2, \a0, \e2
	vpmadd52luq \s2, \a1, \d0
	vpmadd52luq \r0, \a1, \d1
	vpmadd52luq \r1, \a1, \d2
	vpmadd52huq \s2, \a1, \e0
	vpmadd52huq \r0, \a1, \e1
	vpmadd52huq \r1, \a1, \e2
	vpmadd52luq \s1, \a2, \d0
	vpmadd52luq \s2, \a2, \d1
	vpmadd52luq \r0, \a2, \d2
	vpmadd52huq \s1, \a2, \e0
	vpmadd52huq \s2, \a2, \e1
	vpmadd52huq \r0, \a2, \e2
	/* the high halves one limb up, 8 bits in */
	vpsllq	$8, \e0, \e0
	vpsllq	$8, \e1, \e1
	vpaddq	\e0, \d1, \d1
	vpaddq	\e1, \d2, \d2
	/* carries 0 -> 1 -> 2, then bits 130.. (below 2^52.1) times 5 to 0 */
	vpsrlq	$44, \d0, \t0
	_vopq	vpandq, .Lmask44, \d0, \d0
	vpaddq	\t0, \d1, \d1
	vpsrlq	$44, \d1, \t0
	_vopq	vpandq, .Lmask44, \d1, \a1
	vpaddq	\t0, \d2, \d2
	vpsrlq	$42, \d2, \t0
	_vopq	vpandq, .Lmask42, \d2, \a2
	vpsllq	$10, \e2, \e2
	vpaddq	\e2, \t0, \t0
	vpsllq	$2, \t0, \t1
	vpaddq	\t1, \t0, \t0
	vpaddq	\t0, \d0, \d0
	vpsrlq	$44, \d0, \t0
	_vopq	vpandq, .Lmask44, \d0, \a0
	vpaddq	\t0, \a1, \a1
.endm

/*
 * Registers of the blocks function: chains A V0-2, B V8-10, C V17-19,
 * D V20-22; the step's power (r^(4 IL)) V3-5 with 20 times its limbs 1,
 * 2 V6-7; r^IL V24-26 with V27-28; a group's message and products
 * V11-16, temporaries V23, V29-31, shared by the chains: each chain's
 * step is written after the last one's in program order, and the CPU
 * runs them side by side (renaming the shared registers).
 */
.macro _mul_add_rl d0, d1, d2
	_mul_add V0, V1, V2, V24, V25, V26, V27, V28, \
		 \d0, \d1, \d2, V14, V15, V16, V23, V29
.endm

/* V8-10 = V8-10 times (r0, r1, r2; s1, s2), lane 0 to @slot(%rdi) */
.macro _power_mul r0, r1, r2, s1, s2, slot
	vpxord	V11, V11, V11
	vpxord	V12, V12, V12
	vpxord	V13, V13, V13
	_mul_add V8, V9, V10, \r0, \r1, \r2, \s1, \s2, \
		 V11, V12, V13, V14, V15, V16, V23, V29
	vmovq	X8, \slot(%rdi)
	vmovq	X9, \slot+8(%rdi)
	vmovq	X10, \slot+16(%rdi)
.endm

/* chain a = a r^(4 IL) + the group at @off(%rsi) */
.macro _chain_step off, a0, a1, a2
	_loadg	\off, V11, V12, V13, V30, V31
	_mul_add \a0, \a1, \a2, V3, V4, V5, V6, V7, \
		 V11, V12, V13, V14, V15, V16, V23, V29
.endm

/* a = a r^IL + chain x (A is a) */
.macro _join x0, x1, x2
	vmovdqa64 \x0, V11
	vmovdqa64 \x1, V12
	vmovdqa64 \x2, V13
	_mul_add_rl V11, V12, V13
.endm

/* no key-derived value left in a vector register */
.macro _ifma_clear
	vzeroall
.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord	%xmm\i, %xmm\i, %xmm\i
.endr
.endm

/* limbs of the scalar power (%r8, %r9, %r10) at @dst + k * IVL (%rdi) */
.macro _store_limbs dst
.irp limb, 0, 1, 2
	_p64_limb44 \limb, %r8, %r9, %r10, %r11
	mov	%r11, \dst + \limb * IVL(%rdi)
.endr
.endm

/*
 * The powers r .. r^IL (once per message): the scalar multiply in general
 * registers, each power to its lane of vec_pw (the step's power is made
 * from r^IL with one vector multiply, below). Lane 2i holds block i of a
 * group, lane 2i + 1 block i + IL / 2, and block b's power is r^(IL - b):
 * r^k goes to lane IL - 2k + 1 for k <= IL / 2, else to lane 2 (IL - k)
 * (zmm: lanes 7, 5, 3, 1, 6, 4, 2, 0 for k = 1..8). Clobbers %rax, %rdx,
 * %r8-%r11 (cleared after) and the callee-saved registers it saves.
 */
.macro _ifma_powers
	push	%rbx
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
.irp k, 1, 2, 3, 4, 5, 6, 7, 8
.if \k <= IL
.if \k > 1
	_p64_mulr %r8, %r9, %r10, %r12, %r13, %r14, %rbx, %r11, %r15
.endif
.if \k <= IL / 2
	_store_limbs (VGC_P_PW+(IL-2*\k+1)*8)
.else
	_store_limbs (VGC_P_PW+(2*IL-2*\k)*8)
.endif
.endif
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
	pop	%rbx
.endm

/* the blocks function at a width (64: zmm, 32: ymm) */
.macro _ifma_blocks name, bytes
SYM_FUNC_START(\name)
	VGC_SIMD_ENTRY \name
	_ifma_width \bytes
	mov	%edx, %ecx
.if IL == 8
	shr	$3, %ecx		/* groups of eight blocks */
.else
	shr	$2, %ecx		/* groups of four blocks */
.endif
	jz	.Lnone\@
	cmpl	$0, VGC_P_POWERS(%rdi)
	jne	.Lhave_powers\@
	_ifma_powers
.Lhave_powers\@:
	/* r^IL (lane 0 of the powers) in every lane */
	_mul_load 1, PW(0)(%rdi), PW(1)(%rdi), PW(2)(%rdi), \
		  V24, V25, V26, V27, V28, V29

	/* chain A: the first group, plus h in lane 0 or the kept lanes r^IL */
	_loadg	0, V11, V12, V13, V23, V29
	cmpl	$0, VGC_P_LIVE(%rdi)
	je	.Lfresh\@
	vmovdqu64 ACC(0)(%rdi), V0
	vmovdqu64 ACC(1)(%rdi), V1
	vmovdqu64 ACC(2)(%rdi), V2
	_mul_add_rl V11, V12, V13
	jmp	.Lb\@
.Lfresh\@:
	mov	VGC_P_H(%rdi), %r8
	mov	VGC_P_H + 8(%rdi), %r9
	mov	VGC_P_H + 16(%rdi), %r10
	_p64_limb44 0, %r8, %r9, %r10, %rax
	vmovq	%rax, X0
	vpaddq	V11, V0, V0
	_p64_limb44 1, %r8, %r9, %r10, %rax
	vmovq	%rax, X1
	vpaddq	V12, V1, V1
	_p64_limb44 2, %r8, %r9, %r10, %rax
	vmovq	%rax, X2
	vpaddq	V13, V2, V2
	xor	%eax, %eax
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
.Lb\@:
	add	$(2*IVL), %rsi
	dec	%ecx
	jz	.Lkeep\@
	cmp	$3, %ecx
	jb	.Ltail\@
	cmpl	$2, VGC_P_POWERS(%rdi)
	je	.Lhave_step\@
	/*
	 * the step's power r^(4 IL) = (r^IL r^IL)^2, once per message and
	 * only for one of four groups or more, kept after the lanes' powers
	 * (r^(2 IL) on the way, in RSTEP); B's registers serve
	 */
	vmovdqa64 V24, V8
	vmovdqa64 V25, V9
	vmovdqa64 V26, V10
	_power_mul V24, V25, V26, V27, V28, RSTEP_AT
	_mul_load 1, RSTEP(0)(%rdi), RSTEP(1)(%rdi), RSTEP(2)(%rdi), \
		  V3, V4, V5, V6, V7, V23
	_power_mul V3, V4, V5, V6, V7, RSTEP4_AT
	movl	$2, VGC_P_POWERS(%rdi)
.Lhave_step\@:
	_mul_load 1, RSTEP4(0)(%rdi), RSTEP4(1)(%rdi), RSTEP4(2)(%rdi), \
		  V3, V4, V5, V6, V7, V23
	/* chains B, C, D: the next three groups */
	_loadg	0, V8, V9, V10, V30, V31
	_loadg	(2*IVL), V17, V18, V19, V30, V31
	_loadg	(4*IVL), V20, V21, V22, V30, V31
	add	$(6*IVL), %rsi
	sub	$3, %ecx
	cmp	$4, %ecx
	jb	.Ljoin\@
	/* every chain a step: X = X r^(4 IL) + its next group */
.Lloop\@:
	_chain_step 0, V0, V1, V2
	_chain_step (2*IVL), V8, V9, V10
	_chain_step (4*IVL), V17, V18, V19
	_chain_step (6*IVL), V20, V21, V22
	add	$(8*IVL), %rsi
	sub	$4, %ecx
	cmp	$4, %ecx
	jae	.Lloop\@
.Ljoin\@:
	/* a = ((A r^IL + B) r^IL + C) r^IL + D */
	_join	V8, V9, V10
	_join	V17, V18, V19
	_join	V20, V21, V22
	/* then a = a r^IL + G for each group left (at most three) */
.Ltail\@:
	test	%ecx, %ecx
	jz	.Lkeep\@
	_loadg	0, V11, V12, V13, V30, V31
	_mul_add_rl V11, V12, V13
	add	$(2*IVL), %rsi
	dec	%ecx
	jmp	.Ltail\@
.Lkeep\@:
	vmovdqu64 V0, ACC(0)(%rdi)
	vmovdqu64 V1, ACC(1)(%rdi)
	vmovdqu64 V2, ACC(2)(%rdi)
	movl	$1, VGC_P_LIVE(%rdi)
	_ifma_clear
.Lnone\@:
	RET
SYM_FUNC_END(\name)
.endm

/* the sum of the 64-bit lanes of V\i into @gpr */
.macro _hsum i, gpr
.if IL == 8
	vextracti64x4 $1, %zmm\i, %ymm20
	vpaddq	%ymm20, %ymm\i, %ymm\i
.endif
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
.macro _ifma_flush name, bytes
SYM_FUNC_START(\name)
	VGC_SIMD_ENTRY \name
	_ifma_width \bytes
	cmpl	$0, VGC_P_LIVE(%rdi)
	je	.Lflush_none\@
	vmovdqu64 ACC(0)(%rdi), V0
	vmovdqu64 ACC(1)(%rdi), V1
	vmovdqu64 ACC(2)(%rdi), V2
	_mul_load 0, PW(0)(%rdi), PW(1)(%rdi), PW(2)(%rdi), \
		  V24, V25, V26, V27, V28, V29
	vpxord	V11, V11, V11
	vpxord	V12, V12, V12
	vpxord	V13, V13, V13
	_mul_add_rl V11, V12, V13
	_hsum	0, %r8
	_hsum	1, %r9
	_hsum	2, %r10
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
.Lflush_none\@:
	RET
SYM_FUNC_END(\name)
.endm

_ifma_blocks vgc_poly1305_ifma_blocks, 64
_ifma_flush vgc_poly1305_ifma_flush, 64
_ifma_blocks vgc_poly1305_ifma256_blocks, 32
_ifma_flush vgc_poly1305_ifma256_flush, 32
