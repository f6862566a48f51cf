/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] with AVX2 (the macros: keccak_avx2.h): on four states
 * at once, and on four states beside a fifth, one-state permutation on
 * the general registers (keccak_bmi2.h), so that the integer units work
 * while the vector units are saturated (ML-KEM's fifth lane).
 *
 * The states may hold secrets (ML-KEM's noise PRF), so every ymm
 * register, and every general register that held a word, is cleared
 * before returning (the caller wipes its scratch); nothing goes to the
 * stack.
 */
#include <linux/linkage.h>
#include "simd_entry.S"
/* SYM_TYPED_FUNC_START: C calls these through struct vgc_mlkem_backend */
#include <linux/cfi_types.h>

#include "keccak_x86.h"

#define RC	%rdx	/* the next round constant, both permutations */
#define K1_S	%rsi	/* vgc_keccak_x4x1_avx2's fifth state */
#include "keccak_avx2.h"
#include "keccak_bmi2.h"

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

.Lkeccak_rc_end:

	.text

/* one round of the four states from copy s to copy d */
.macro round s, d
	k4_theta	\s
	keccak_rows	k4_row, \s, \d
	add		$8, RC
.endm

/* both permutations' rows, interleaved */
.macro kx_row s, d, y, i0, r0, i1, r1, i2, r2, i3, r3, i4, r4
	k4_row		\s, \d, \y, \i0, \r0, \i1, \r1, \i2, \r2, \i3, \r3, \i4, \r4
	k1_row		\s, \d, \y, \i0, \r0, \i1, \r1, \i2, \r2, \i3, \r3, \i4, \r4
.endm

/* one round of the five states */
.macro round_x4x1 s, d
	k4_theta	\s
	k1_theta	\s
	keccak_rows	kx_row, \s, \d
	add		$8, RC
.endm

/*
 * void vgc_keccak_x4_avx2(u64 s[200]): Keccak-f[1600] on the four
 * interleaved states at s[0..99] (any alignment), s[100..199] scratch.
 */
SYM_TYPED_FUNC_START(vgc_keccak_x4_avx2)
	VGC_SIMD_ENTRY vgc_keccak_x4_avx2
	k4_setup
	lea		.Lkeccak_rc(%rip), RC
.Lx4_rounds:
	round		0, 1
	round		1, 0
	lea		.Lkeccak_rc_end(%rip), %rcx
	cmp		%rcx, RC
	jne		.Lx4_rounds
	/* no word of the states stays in a register */
	vzeroall
	RET
SYM_FUNC_END(vgc_keccak_x4_avx2)

/*
 * void vgc_keccak_x4x1_avx2(u64 s[200], u64 s1[64]): as
 * vgc_keccak_x4_avx2 on s and, in the same rounds, as vgc_keccak_x1_bmi2
 * on s1 (BMI1 and BMI2 as well as AVX2).
 */
SYM_TYPED_FUNC_START(vgc_keccak_x4x1_avx2)
	VGC_SIMD_ENTRY vgc_keccak_x4x1_avx2
	k4_setup
	lea		.Lkeccak_rc(%rip), RC
.Lx4x1_rounds:
	round_x4x1	0, 1
	round_x4x1	1, 0
	lea		.Lkeccak_rc_end(%rip), K1_T0
	cmp		K1_T0, RC
	jne		.Lx4x1_rounds
	vzeroall
	k1_clear
	RET
SYM_FUNC_END(vgc_keccak_x4x1_avx2)
