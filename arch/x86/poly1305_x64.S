/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Poly1305 block function for x86-64 in radix 2^64, scalar:
 *
 *	void vgc_poly1305_blocks_x64(struct vgc_poly1305 *p, const u8 *src,
 *				     unsigned int nblocks);
 *
 * Absorbs @nblocks 16-byte blocks, each with its 2^128 bit, into p->h and
 * leaves h below 5 * 2^128 (h[2] <= 4). Plain mul and adc: it runs on
 * every x86-64 CPU, touches no vector register and so needs no
 * kernel_fpu_begin() (the check in make check verifies this object holds
 * none). It serves the AEAD's short calls (AD, padding, lengths), the
 * vector codes' tails, and CPUs without AVX2.
 *
 * r, s1 and h stay in registers; r and s1 in callee-saved ones, which are
 * restored to the caller's values on return, and the caller-saved ones
 * that held h or products are cleared, so nothing key-derived is left on
 * the stack or in a register. One block's multiply and fold is the loop's
 * critical path.
 */
#include <linux/linkage.h>
#include "poly1305_x86.h"
#include "poly1305_mul.S"

	.text
SYM_FUNC_START(vgc_poly1305_blocks_x64)
	test	%edx, %edx
	jz	.Lx64_none
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%edx, %ecx
	mov	VGC_P_R(%rdi), %r11	/* r0 */
	mov	VGC_P_R + 8(%rdi), %r12	/* r1 */
	mov	%r12, %r13
	shr	$2, %r13
	add	%r12, %r13		/* s1 = r1 + r1 / 4 */
	mov	VGC_P_H(%rdi), %r8
	mov	VGC_P_H + 8(%rdi), %r9
	mov	VGC_P_H + 16(%rdi), %r10
.Lx64_loop:
	add	0(%rsi), %r8		/* h += m + 2^128 */
	adc	8(%rsi), %r9
	adc	$1, %r10
	_p64_mulr %r8, %r9, %r10, %r11, %r12, %r13, %rbx, %r14, %r15
	add	$16, %rsi
	dec	%ecx
	jnz	.Lx64_loop
	mov	%r8, VGC_P_H(%rdi)
	mov	%r9, VGC_P_H + 8(%rdi)
	mov	%r10, VGC_P_H + 16(%rdi)
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
.Lx64_none:
	RET
SYM_FUNC_END(vgc_poly1305_blocks_x64)
