/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] on one state with scalar instructions and BMI1/BMI2:
 * andn computes chi's ~b & c in one instruction and rorx rotates into
 * another register, so each word of a round costs a load, three ALU
 * operations and its share of chi. For the permutations in which only
 * one of the SIMD back ends' lanes has a job (G, and the tails of H(ek)
 * and J), where the multi-state permutations would cost more.
 *
 * As in keccak_avx2.S, fifteen registers cannot hold 25 words, so each
 * round reads one copy of the state and writes the other: the caller's
 * and a 200-byte area on the stack in turn, the result in the caller's.
 * The state may be secret (G's input): the stack area and the
 * caller-saved registers are cleared before returning; the callee-saved
 * ones get the caller's values back.
 */
#include <linux/linkage.h>

#include "keccak_x86.h"

#define STATE	%rdi	/* the caller's state */
#define TMP	%rsp	/* the stack copy */
#define RC	%rdx	/* the next round constant */

/* theta's column parities, then one output row's words */
#define C0	%rax
#define C1	%rbx
#define C2	%rcx
#define C3	%r8
#define C4	%r9
#define B0	%rax
#define B1	%rbx
#define B2	%rcx
#define B3	%r8
#define B4	%r9
#define D0	%r10
#define D1	%r11
#define D2	%r12
#define D3	%r13
#define D4	%r14
#define T0	%r15
#define T1	%rsi

#define W(i)	(8 * (i))

	.section .rodata
	.p2align 3
.Lkeccak_rc1:
	keccak_round_constants
.Lkeccak_rc1_end:

	.text

/* c = the parity of column x of the state at src */
.macro parity src, x, c
	mov		W(\x)(\src), \c
	xor		W(\x + 5)(\src), \c
	xor		W(\x + 10)(\src), \c
	xor		W(\x + 15)(\src), \c
	xor		W(\x + 20)(\src), \c
.endm

/* d = cl ^ (cr rotated left by 1) */
.macro theta_d cl, cr, d
	rorx		$63, \cr, \d
	xor		\cl, \d
.endm

/* b = word i of src with its column's D applied, rotated left by r */
.macro rho_pi src, i, r, b
	mov		W(\i)(\src), \b
.if \i % 5 == 0
	xor		D0, \b
.elseif \i % 5 == 1
	xor		D1, \b
.elseif \i % 5 == 2
	xor		D2, \b
.elseif \i % 5 == 3
	xor		D3, \b
.else
	xor		D4, \b
.endif
.if \r != 0
	rorx		$(64 - \r), \b, \b
.endif
.endm

/* word x + 5y of dst = bx ^ (~bx1 & bx2), and iota on word 0 */
.macro chi dst, y, x, bx, bx1, bx2
	andn		\bx2, \bx1, T0
	xor		\bx, T0
.if \x + \y == 0
	xor		(RC), T0
.endif
	mov		T0, W(\x + 5 * \y)(\dst)
.endm

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

/* void vgc_keccak_x1_bmi2(u64 s[25]) */
SYM_FUNC_START(vgc_keccak_x1_bmi2)
	push		%rbx
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$(25 * 8), %rsp
	lea		.Lkeccak_rc1(%rip), RC
.Lx1_rounds:
	round		STATE, TMP
	round		TMP, STATE
	lea		.Lkeccak_rc1_end(%rip), T0
	cmp		T0, RC
	jne		.Lx1_rounds

	xor		%eax, %eax
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	mov		%rax, W(\i)(TMP)
.endr
	xor		%ecx, %ecx
	xor		%edx, %edx
	xor		%esi, %esi
	xor		%r8d, %r8d
	xor		%r9d, %r9d
	xor		%r10d, %r10d
	xor		%r11d, %r11d
	add		$(25 * 8), %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbx
	RET
SYM_FUNC_END(vgc_keccak_x1_bmi2)
