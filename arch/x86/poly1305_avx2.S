/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Poly1305 with AVX2: four blocks at a time, one per 64-bit lane of a ymm
 * register, in radix 2^26, so that vpmuludq (32 x 32 -> 64 bits) makes
 * the limb products and a lane's sum of five products stays below 2^64.
 *
 *	void vgc_poly1305_avx2_blocks(struct vgc_poly1305 *p, const u8 *src,
 *				      unsigned int nblocks);
 *	void vgc_poly1305_avx2_flush(struct vgc_poly1305 *p);
 *
 * For blocks m1..m4k: h' = (h + m1) r^4k + m2 r^(4k-1) + ... + m4k r.
 * Lane j takes every fourth block: a group of four blocks fills the
 * lanes (the unpacks below put blocks 0, 2, 1, 3 in lanes 0..3), and the
 * lanes a of the groups so far become a r^4 + the next group (added to
 * the products before their carries, so the add costs no latency of its
 * own); at the end each lane is multiplied by the power its last block
 * takes (r^4, r^2, r^3, r for lanes 0..3) and the lanes summed.
 *
 * One such chain waits on each step's products and carries, so the
 * groups alternate between two chains, each times r^8 a step, which run
 * side by side: A = G0 + h (or, with lanes kept from earlier calls,
 * a r^4 + G0), B = G1; then A = A r^8 + G2k, B = B r^8 + G2k+1;
 * a = A r^4 + B, and a = a r^4 + G for an odd group left. Sixteen ymm
 * registers hold one chain and its products: B waits in stack slots and
 * each of its limbs is loaded for its five products. Between calls
 * (struct vgc_poly1305) the lanes a are kept, with the lanes' last powers
 * and r^8, made once per message: the 4 KiB sections of a long message
 * pay for neither again. A flush multiplies each lane by its power and
 * sums them into h (radix 2^64).
 *
 * @nblocks is a multiple of 4 (the caller, backends.c, does the rest
 * with the scalar code).
 *
 * Key-derived values: r^4, r^8 and 5 times them in every lane are the
 * steps' memory operands, and chain B waits, in a stack area that is
 * zeroed before returning, as are the vector registers (vzeroall). The
 * powers are made with the scalar multiply in general registers, the
 * callee-saved ones restored and the others cleared. Call only between
 * kernel_fpu_begin() and kernel_fpu_end(), on a CPU with AVX2.
 */
#include <linux/linkage.h>
#include "simd_entry.S"
#include "poly1305_x86.h"
#include "poly1305_mul.S"

	.section .rodata
	.balign	32
.Lmask26:
	.quad	0x3ffffff, 0x3ffffff, 0x3ffffff, 0x3ffffff
.Lbit24:
	.quad	1 << 24, 1 << 24, 1 << 24, 1 << 24

	.text

/*
 * The scratch area (%r11), in 32-byte slots: r^4 (limbs 0-4) and 5 r^4
 * (1-4), r^8 and 5 r^8, in every lane; chain B's limbs.
 */
#define R4	0	/* slots 0-4: r^4 */
#define S4	4	/* 5-8: 5 r^4 (limbs 1-4) */
#define R8	9	/* 9-13: r^8 */
#define S8	13	/* 14-17: 5 r^8 */
#define CB(k)	((18 + (k)) * 32)(%r11)
#define SCRATCH	(23 * 32)

/*
 * vec_pw: limb k of the power of lane j, then r^8's limbs; vec_acc: limb
 * k of lane j
 */
#define PW(k, j)	(VGC_P_PW + (k) * 32 + (j) * 8)
#define PW8(k)		(VGC_P_PW + 160 + (k) * 8)
#define ACC(k)		(VGC_P_ACC + (k) * 32)

/*
 * Four blocks at %rsi as limbs d0..d4 (blocks 0, 2, 1, 3 in lanes 0..3),
 * with their 2^128 bits. %ymm12, %ymm13, %ymm15: temporaries;
 * %ymm14: the 26-bit mask.
 */
.macro _load4 d0, d1, d2, d3, d4
	vmovdqu	0(%rsi), %ymm12
	vmovdqu	32(%rsi), %ymm13
	vpunpcklqdq %ymm13, %ymm12, %ymm15	/* low words */
	vpunpckhqdq %ymm13, %ymm12, %ymm12	/* high words */
	vpand	%ymm14, %ymm15, \d0
	vpsrlq	$26, %ymm15, \d1
	vpand	%ymm14, \d1, \d1
	vpsrlq	$52, %ymm15, \d2
	vpsllq	$12, %ymm12, %ymm13
	vpor	%ymm13, \d2, \d2
	vpand	%ymm14, \d2, \d2
	vpsrlq	$14, %ymm12, \d3
	vpand	%ymm14, \d3, \d3
	vpsrlq	$40, %ymm12, \d4
	vpor	.Lbit24(%rip), \d4, \d4
.endm

/* d += a * m, the product of the low 32 bits of each lane; t: temporary */
.macro _mac d, a, m, t
	vpmuludq \m, \a, \t
	vpaddq	\t, \d, \d
.endm

/*
 * d = a * r + d, then carried back to about 26 bits a limb (r: the memory
 * operands R and S, R4/S4 or R8/S8): the schoolbook product with the
 * terms at 2^130 and above folded through 5 r (2^130 == 5 mod p). With
 * a's limbs below 2^27 and r's below 2^26 (5 r's below 2^28.4), each sum
 * of five products and a message limb is below 2^59. The carries run
 * along two chains at once (0->1->2->3 and 3->4->0->1), and the carry out
 * of limb 4 re-enters limb 0 times 5; limbs end below 2^26, limbs 1 and 4
 * below 2^26 + 2^11. With @mem, a is chain B's stack slots: each limb is
 * loaded into %ymm10 for its five products.
 */
.macro _limb_products i, a, d0, d1, d2, d3, d4, R, S, t
.if \i == 0
	_mac	\d0, \a, (\R+0)*32(%r11), \t
	_mac	\d1, \a, (\R+1)*32(%r11), \t
	_mac	\d2, \a, (\R+2)*32(%r11), \t
	_mac	\d3, \a, (\R+3)*32(%r11), \t
	_mac	\d4, \a, (\R+4)*32(%r11), \t
.elseif \i == 1
	_mac	\d0, \a, (\S+4)*32(%r11), \t
	_mac	\d1, \a, (\R+0)*32(%r11), \t
	_mac	\d2, \a, (\R+1)*32(%r11), \t
	_mac	\d3, \a, (\R+2)*32(%r11), \t
	_mac	\d4, \a, (\R+3)*32(%r11), \t
.elseif \i == 2
	_mac	\d0, \a, (\S+3)*32(%r11), \t
	_mac	\d1, \a, (\S+4)*32(%r11), \t
	_mac	\d2, \a, (\R+0)*32(%r11), \t
	_mac	\d3, \a, (\R+1)*32(%r11), \t
	_mac	\d4, \a, (\R+2)*32(%r11), \t
.elseif \i == 3
	_mac	\d0, \a, (\S+2)*32(%r11), \t
	_mac	\d1, \a, (\S+3)*32(%r11), \t
	_mac	\d2, \a, (\S+4)*32(%r11), \t
	_mac	\d3, \a, (\R+0)*32(%r11), \t
	_mac	\d4, \a, (\R+1)*32(%r11), \t
.else
	_mac	\d0, \a, (\S+1)*32(%r11), \t
	_mac	\d1, \a, (\S+2)*32(%r11), \t
	_mac	\d2, \a, (\S+3)*32(%r11), \t
	_mac	\d3, \a, (\S+4)*32(%r11), \t
	_mac	\d4, \a, (\R+0)*32(%r11), \t
.endif
.endm

.macro _step a0, a1, a2, a3, a4, d0, d1, d2, d3, d4, R, S
	_limb_products 0, \a0, \d0, \d1, \d2, \d3, \d4, \R, \S, %ymm10
	_limb_products 1, \a1, \d0, \d1, \d2, \d3, \d4, \R, \S, %ymm11
	_limb_products 2, \a2, \d0, \d1, \d2, \d3, \d4, \R, \S, %ymm10
	_limb_products 3, \a3, \d0, \d1, \d2, \d3, \d4, \R, \S, %ymm11
	_limb_products 4, \a4, \d0, \d1, \d2, \d3, \d4, \R, \S, %ymm10
	_carry26 \d0, \d1, \d2, \d3, \d4
.endm

/* chain B's step, from and back to its slots; d = %ymm5-9 */
.macro _step_b
.irp i, 0, 1, 2, 3, 4
	vmovdqu	CB(\i), %ymm10
	_limb_products \i, %ymm10, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, R8, S8, %ymm11
.endr
	_carry26 %ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	vmovdqu	%ymm5, CB(0)
	vmovdqu	%ymm6, CB(1)
	vmovdqu	%ymm7, CB(2)
	vmovdqu	%ymm8, CB(3)
	vmovdqu	%ymm9, CB(4)
.endm

.macro _carry26 d0, d1, d2, d3, d4
	vpsrlq	$26, \d0, %ymm10
	vpsrlq	$26, \d3, %ymm11
	vpand	%ymm14, \d0, \d0
	vpand	%ymm14, \d3, \d3
	vpaddq	%ymm10, \d1, \d1
	vpaddq	%ymm11, \d4, \d4
	vpsrlq	$26, \d1, %ymm10
	vpsrlq	$26, \d4, %ymm11
	vpand	%ymm14, \d1, \d1
	vpand	%ymm14, \d4, \d4
	vpaddq	%ymm10, \d2, \d2
	vpaddq	%ymm11, \d0, \d0
	vpsllq	$2, %ymm11, %ymm11
	vpaddq	%ymm11, \d0, \d0		/* + 4c: 5c in all */
	vpsrlq	$26, \d2, %ymm10
	vpsrlq	$26, \d0, %ymm11
	vpand	%ymm14, \d2, \d2
	vpand	%ymm14, \d0, \d0
	vpaddq	%ymm10, \d3, \d3
	vpaddq	%ymm11, \d1, \d1
	vpsrlq	$26, \d3, %ymm10
	vpand	%ymm14, \d3, \d3
	vpaddq	%ymm10, \d4, \d4
.endm

/*
 * The powers r, r^2, r^3, r^4 and r^8 (once per message): the scalar
 * multiply in general registers, each of the first four to its lane of
 * vec_pw, r^8 after them.
 * Clobbers %rax, %rdx, %r8-%r11 (cleared after), and the callee-saved
 * registers it saves.
 */
.macro _avx2_powers
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
	/* lane 3 takes r, 1 r^2, 2 r^3, 0 r^4 */
.irp k, 1, 2, 3, 4, 5, 6, 7, 8
.if \k > 1
	_p64_mulr %r8, %r9, %r10, %r12, %r13, %r14, %rbx, %r11, %r15
.endif
.if \k <= 4 || \k == 8
.irp limb, 0, 1, 2, 3, 4
	_p64_limb26 \limb, %r8, %r9, %r10, %rax
.if \k == 1
	mov	%rax, PW(\limb, 3)(%rdi)
.elseif \k == 2
	mov	%rax, PW(\limb, 1)(%rdi)
.elseif \k == 3
	mov	%rax, PW(\limb, 2)(%rdi)
.elseif \k == 4
	mov	%rax, PW(\limb, 0)(%rdi)
.else
	mov	%rax, PW8(\limb)(%rdi)
.endif
.endr
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

/*
 * Slots R and S (R4/S4 or R8/S8) = the limbs at @base + k @stride (%rdi)
 * in every lane, and 5 times limbs 1-4
 */
.macro _mul_table base, stride, R, S
.irp k, 0, 1, 2, 3, 4
	vpbroadcastq (\base+\k*\stride)(%rdi), %ymm0
	vmovdqu	%ymm0, (\R+\k)*32(%r11)
.if \k > 0
	vpsllq	$2, %ymm0, %ymm1
	vpaddq	%ymm1, %ymm0, %ymm0
	vmovdqu	%ymm0, (\S+\k)*32(%r11)
.endif
.endr
.endm

.macro _d_to_a
	vmovdqa	%ymm5, %ymm0
	vmovdqa	%ymm6, %ymm1
	vmovdqa	%ymm7, %ymm2
	vmovdqa	%ymm8, %ymm3
	vmovdqa	%ymm9, %ymm4
.endm

/*
 * Registers: chain A (or the one lanes a) %ymm0-4; the step's message and
 * products %ymm5-9; %ymm10, %ymm11 the products' temporaries (%ymm10 also
 * chain B's limb); %ymm12, %ymm13, %ymm15 the message split's; %ymm14 the
 * 26-bit mask.
 */
SYM_FUNC_START(vgc_poly1305_avx2_blocks)
	VGC_SIMD_ENTRY vgc_poly1305_avx2_blocks
	mov	%edx, %ecx
	shr	$2, %ecx		/* groups of four blocks */
	jz	.Lavx2_none
	cmpl	$0, VGC_P_POWERS(%rdi)
	jne	.Lavx2_have_powers
	_avx2_powers
.Lavx2_have_powers:
	sub	$(SCRATCH + 32), %rsp
	lea	31(%rsp), %r11
	and	$-32, %r11
	_mul_table (VGC_P_PW), 32, R4, S4
	_mul_table (VGC_P_PW+160), 8, R8, S8
	vmovdqa	.Lmask26(%rip), %ymm14

	/* chain A: the first group, plus h in lane 0 or the kept lanes r^4 */
	_load4	%ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	cmpl	$0, VGC_P_LIVE(%rdi)
	je	.Lavx2_fresh
	vmovdqu	ACC(0)(%rdi), %ymm0
	vmovdqu	ACC(1)(%rdi), %ymm1
	vmovdqu	ACC(2)(%rdi), %ymm2
	vmovdqu	ACC(3)(%rdi), %ymm3
	vmovdqu	ACC(4)(%rdi), %ymm4
	_step	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, R4, S4
	_d_to_a
	jmp	.Lavx2_b
.Lavx2_fresh:
	mov	VGC_P_H(%rdi), %r8
	mov	VGC_P_H + 8(%rdi), %r9
	mov	VGC_P_H + 16(%rdi), %r10
.irp limb, 0, 1, 2, 3, 4
	_p64_limb26 \limb, %r8, %r9, %r10, %rax
	vmovq	%rax, %xmm\limb
.endr
	vpaddq	%ymm5, %ymm0, %ymm0
	vpaddq	%ymm6, %ymm1, %ymm1
	vpaddq	%ymm7, %ymm2, %ymm2
	vpaddq	%ymm8, %ymm3, %ymm3
	vpaddq	%ymm9, %ymm4, %ymm4
	xor	%eax, %eax
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
.Lavx2_b:
	add	$64, %rsi
	dec	%ecx
	jz	.Lavx2_keep
	/* chain B: the second group, to its slots */
	_load4	%ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	vmovdqu	%ymm5, CB(0)
	vmovdqu	%ymm6, CB(1)
	vmovdqu	%ymm7, CB(2)
	vmovdqu	%ymm8, CB(3)
	vmovdqu	%ymm9, CB(4)
	add	$64, %rsi
	dec	%ecx
	cmp	$2, %ecx
	jb	.Lavx2_join
	/* both chains a step: A = A r^8 + G, B = B r^8 + G' */
.Lavx2_loop:
	_load4	%ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	_step	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, R8, S8
	_d_to_a
	add	$64, %rsi
	_load4	%ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	_step_b
	add	$64, %rsi
	sub	$2, %ecx
	cmp	$2, %ecx
	jae	.Lavx2_loop
.Lavx2_join:
	/* a = A r^4 + B, then a = a r^4 + G for an odd group left */
	vmovdqu	CB(0), %ymm5
	vmovdqu	CB(1), %ymm6
	vmovdqu	CB(2), %ymm7
	vmovdqu	CB(3), %ymm8
	vmovdqu	CB(4), %ymm9
	_step	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, R4, S4
	_d_to_a
	test	%ecx, %ecx
	jz	.Lavx2_keep
	_load4	%ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	_step	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7, %ymm8, %ymm9, R4, S4
	_d_to_a
.Lavx2_keep:
	vmovdqu	%ymm0, ACC(0)(%rdi)
	vmovdqu	%ymm1, ACC(1)(%rdi)
	vmovdqu	%ymm2, ACC(2)(%rdi)
	vmovdqu	%ymm3, ACC(3)(%rdi)
	vmovdqu	%ymm4, ACC(4)(%rdi)
	movl	$1, VGC_P_LIVE(%rdi)
	vzeroall
.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22
	vmovdqu	%ymm0, (\k * 32)(%r11)
.endr
	add	$(SCRATCH + 32), %rsp
.Lavx2_none:
	RET
SYM_FUNC_END(vgc_poly1305_avx2_blocks)

/* the sum of the four 64-bit lanes of @y into @gpr; %ymm15: temporary */
.macro _hsum4 y, x, gpr
	vextracti128 $1, \y, %xmm15
	vpaddq	%xmm15, \x, \x
	vpshufd	$0x4e, \x, %xmm15
	vpaddq	%xmm15, \x, \x
	vmovq	\x, \gpr
.endm

/*
 * h = the lanes, each times its own power, summed: one product with the
 * powers of vec_pw lane by lane (the sums need no vector carry: each is
 * below 2^59, their total below 2^61), then the carries in general
 * registers and the value into radix 2^64, below 2^130 + 2^52 (h[2] <= 4).
 */
SYM_FUNC_START(vgc_poly1305_avx2_flush)
	VGC_SIMD_ENTRY vgc_poly1305_avx2_flush
	cmpl	$0, VGC_P_LIVE(%rdi)
	je	.Lflush2_none
	vmovdqu	ACC(0)(%rdi), %ymm0
	vmovdqu	ACC(1)(%rdi), %ymm1
	vmovdqu	ACC(2)(%rdi), %ymm2
	vmovdqu	ACC(3)(%rdi), %ymm3
	vmovdqu	ACC(4)(%rdi), %ymm4
	/* 5 times the powers' limbs 1-4 in %ymm11..%ymm14 */
	vmovdqu	PW(1, 0)(%rdi), %ymm11
	vmovdqu	PW(2, 0)(%rdi), %ymm12
	vmovdqu	PW(3, 0)(%rdi), %ymm13
	vmovdqu	PW(4, 0)(%rdi), %ymm14
.irp y, %ymm11, %ymm12, %ymm13, %ymm14
	vpsllq	$2, \y, %ymm15
	vpaddq	%ymm15, \y, \y
.endr
	vpmuludq PW(0, 0)(%rdi), %ymm0, %ymm5
	vpmuludq PW(1, 0)(%rdi), %ymm0, %ymm6
	vpmuludq PW(2, 0)(%rdi), %ymm0, %ymm7
	vpmuludq PW(3, 0)(%rdi), %ymm0, %ymm8
	vpmuludq PW(4, 0)(%rdi), %ymm0, %ymm9
	_mac	%ymm5, %ymm1, %ymm14, %ymm10
	_mac	%ymm6, %ymm1, PW(0, 0)(%rdi), %ymm10
	_mac	%ymm7, %ymm1, PW(1, 0)(%rdi), %ymm10
	_mac	%ymm8, %ymm1, PW(2, 0)(%rdi), %ymm10
	_mac	%ymm9, %ymm1, PW(3, 0)(%rdi), %ymm10
	_mac	%ymm5, %ymm2, %ymm13, %ymm10
	_mac	%ymm6, %ymm2, %ymm14, %ymm10
	_mac	%ymm7, %ymm2, PW(0, 0)(%rdi), %ymm10
	_mac	%ymm8, %ymm2, PW(1, 0)(%rdi), %ymm10
	_mac	%ymm9, %ymm2, PW(2, 0)(%rdi), %ymm10
	_mac	%ymm5, %ymm3, %ymm12, %ymm10
	_mac	%ymm6, %ymm3, %ymm13, %ymm10
	_mac	%ymm7, %ymm3, %ymm14, %ymm10
	_mac	%ymm8, %ymm3, PW(0, 0)(%rdi), %ymm10
	_mac	%ymm9, %ymm3, PW(1, 0)(%rdi), %ymm10
	_mac	%ymm5, %ymm4, %ymm11, %ymm10
	_mac	%ymm6, %ymm4, %ymm12, %ymm10
	_mac	%ymm7, %ymm4, %ymm13, %ymm10
	_mac	%ymm8, %ymm4, %ymm14, %ymm10
	_mac	%ymm9, %ymm4, PW(0, 0)(%rdi), %ymm10
	_hsum4	%ymm5, %xmm5, %r8
	_hsum4	%ymm6, %xmm6, %r9
	_hsum4	%ymm7, %xmm7, %r10
	_hsum4	%ymm8, %xmm8, %r11
	_hsum4	%ymm9, %xmm9, %rcx
	vzeroall

	/* carry the limb sums: limb 0 below 2^26, limb 1 below 2^26 + 2^12 */
	mov	$0x3ffffff, %edx
	mov	%r8, %rax
	shr	$26, %rax
	and	%rdx, %r8
	add	%rax, %r9
	mov	%r9, %rax
	shr	$26, %rax
	and	%rdx, %r9
	add	%rax, %r10
	mov	%r10, %rax
	shr	$26, %rax
	and	%rdx, %r10
	add	%rax, %r11
	mov	%r11, %rax
	shr	$26, %rax
	and	%rdx, %r11
	add	%rax, %rcx
	mov	%rcx, %rax
	shr	$26, %rax
	and	%rdx, %rcx
	lea	(%rax, %rax, 4), %rax
	add	%rax, %r8
	mov	%r8, %rax
	shr	$26, %rax
	and	%rdx, %r8
	add	%rax, %r9

	/*
	 * Radix 2^64: h0 = l0 + l1 2^26 + l2 2^52, h1 = l2 / 2^12 + l3 2^14
	 * + l4 2^40, h2 = l4 / 2^24, with the carries. Limb 1 may exceed 26
	 * bits by a little: add, not or.
	 */
	shl	$26, %r9
	add	%r9, %r8		/* below 2^53: no carry */
	mov	%r10, %rax
	shl	$52, %rax
	shr	$12, %r10
	shl	$14, %r11
	add	%r11, %r10		/* below 2^41: no carry */
	mov	%rcx, %r9
	shl	$40, %r9
	shr	$24, %rcx
	add	%rax, %r8		/* h0 */
	adc	%r9, %r10		/* h1 */
	adc	$0, %rcx		/* h2 */
	mov	%r8, VGC_P_H(%rdi)
	mov	%r10, VGC_P_H + 8(%rdi)
	mov	%rcx, VGC_P_H + 16(%rdi)
	movl	$0, VGC_P_LIVE(%rdi)
	xor	%eax, %eax
	xor	%ecx, %ecx
	xor	%edx, %edx
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
.Lflush2_none:
	RET
SYM_FUNC_END(vgc_poly1305_avx2_flush)
