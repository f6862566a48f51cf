/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] on one state with scalar instructions and BMI1/BMI2
 * (the macros: keccak_bmi2.h). For the permutations in which only one
 * of the SIMD back ends' lanes has a job (G, and the tails of H(ek) and
 * J), where the multi-state permutations would cost more. The state may
 * be secret (G's input): the registers that held words of it are
 * cleared before returning (the caller wipes its scratch).
 */
#include <linux/linkage.h>

#define RC	%rdx	/* the next round constant */
#define K1_S	%rdi	/* the caller's state */
#include "keccak_bmi2.h"

	.section .rodata
	.p2align 3
.Lkeccak_rc1:
	keccak_round_constants
.Lkeccak_rc1_end:

	.text

/* one round from copy s to copy d */
.macro round s, d
	k1_theta	\s
	keccak_rows	k1_row, \s, \d
	add		$8, RC
.endm

/* void vgc_keccak_x1_bmi2(u64 s[64]): s[0..24] permuted, s[25..] scratch */
SYM_FUNC_START(vgc_keccak_x1_bmi2)
	lea		.Lkeccak_rc1(%rip), RC
.Lx1_rounds:
	round		0, 1
	round		1, 0
	lea		.Lkeccak_rc1_end(%rip), K1_T0
	cmp		K1_T0, RC
	jne		.Lx1_rounds

	/* no word of the state stays in a register */
	k1_clear
	RET
SYM_FUNC_END(vgc_keccak_x1_bmi2)
