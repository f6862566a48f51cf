/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] on eight states at once with AVX-512F: zmm register
 * lane j holds state j (the ML-KEM back-end layout: word i of state j is
 * s[8 * i + j], 64 bytes a word).
 *
 * Thirty-two zmm registers hold the 25 words (word i in zmm i), theta's
 * five column values and two spares, so a round touches no memory but
 * its round constant. AVX-512 has the two instructions that Keccak wants:
 * vprolq rotates (rho, theta's D), vpternlogq computes any function of
 * three inputs (chi's a ^ (~b & c) and three-way XORs for the parities)
 * in one instruction. rho and pi move each word to its new register
 * along pi's single 24-word cycle, so the words stay in fixed registers
 * from round to round and the loop is one round long.
 *
 * The states may hold secrets (ML-KEM's noise PRF): every zmm register
 * is cleared before returning. Nothing goes to the stack.
 */
#include <linux/linkage.h>
#include "simd_entry.S"
/* SYM_TYPED_FUNC_START: C calls these through struct vgc_mlkem_backend */
#include <linux/cfi_types.h>

#include "keccak_x86.h"

#define STATE	%rdi	/* the caller's eight states */
#define RC	%rsi	/* the next round constant */
#define RC_END	%rdx

/* vpternlogq truth tables (operands: dst, src2, src3) */
#define XOR3		0x96	/* dst ^ src2 ^ src3 */
#define CHI		0xd2	/* dst ^ (~src2 & src3) */

	.section .rodata
	.p2align 3
.Lkeccak_rc8:
	keccak_round_constants

	.text

/* word i of the state */
#define A(i)	%zmm##i
/* theta: the column parities C, then D in their registers */
#define C0	%zmm25
#define C1	%zmm26
#define C2	%zmm27
#define C3	%zmm28
#define C4	%zmm29
#define T0	%zmm30
#define T1	%zmm31

/* c = the parity of column x (words x, x + 5, ..., x + 20) */
.macro parity c, a0, a1, a2, a3, a4
	vmovdqa64	\a0, \c
	vpternlogq	$XOR3, \a2, \a1, \c
	vpternlogq	$XOR3, \a4, \a3, \c
.endm

/* the five words of column x ^= d */
.macro theta_apply d, a0, a1, a2, a3, a4
	vpxorq		\d, \a0, \a0
	vpxorq		\d, \a1, \a1
	vpxorq		\d, \a2, \a2
	vpxorq		\d, \a3, \a3
	vpxorq		\d, \a4, \a4
.endm

/* chi on one row in place; T0 and T1 keep the words it overwrites */
.macro chi_row a0, a1, a2, a3, a4
	vmovdqa64	\a0, T0
	vmovdqa64	\a1, T1
	vpternlogq	$CHI, \a2, \a1, \a0
	vpternlogq	$CHI, \a3, \a2, \a1
	vpternlogq	$CHI, \a4, \a3, \a2
	vpternlogq	$CHI, T0, \a4, \a3
	vpternlogq	$CHI, T1, T0, \a4
.endm

/*
 * void vgc_keccak_x8_avx512(u64 s[200]): Keccak-f[1600] on the eight
 * interleaved states at s (any alignment).
 */
SYM_TYPED_FUNC_START(vgc_keccak_x8_avx512)
	VGC_SIMD_ENTRY vgc_keccak_x8_avx512
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	vmovdqu64	(64 * \i)(STATE), %zmm\i
.endr
	lea		.Lkeccak_rc8(%rip), RC
	lea		(24 * 8)(RC), RC_END
.Lx8_round:
	/* theta */
	parity		C0, A(0), A(5), A(10), A(15), A(20)
	parity		C1, A(1), A(6), A(11), A(16), A(21)
	parity		C2, A(2), A(7), A(12), A(17), A(22)
	parity		C3, A(3), A(8), A(13), A(18), A(23)
	parity		C4, A(4), A(9), A(14), A(19), A(24)
	/*
	 * D[x] = C[x - 1] ^ (C[x + 1] rotated by 1), each into the register
	 * of a C that no D still needs: D4 to T0, D1 to C0, D3 to C2, D0 to
	 * C4, D2 to C1.
	 */
	vprolq		$1, C0, T0
	vpxorq		C3, T0, T0
	vprolq		$1, C2, T1
	vpxorq		T1, C0, C0
	vprolq		$1, C4, T1
	vpxorq		T1, C2, C2
	vprolq		$1, C1, T1
	vpxorq		T1, C4, C4
	vprolq		$1, C3, T1
	vpxorq		T1, C1, C1
	theta_apply	C4, A(0), A(5), A(10), A(15), A(20)
	theta_apply	C0, A(1), A(6), A(11), A(16), A(21)
	theta_apply	C1, A(2), A(7), A(12), A(17), A(22)
	theta_apply	C2, A(3), A(8), A(13), A(18), A(23)
	theta_apply	T0, A(4), A(9), A(14), A(19), A(24)
	/*
	 * rho and pi: word o takes word src(o) rotated by that word's
	 * offset (keccak_x86.h), walking pi's cycle 1 <- 6 <- 9 <- ... <- 10
	 * <- 1 so that each register is read before it is written; word 1,
	 * read last, waits in T0. Word 0 neither moves nor rotates.
	 */
	vmovdqa64	A(1), T0
	vprolq		$44, A(6), A(1)
	vprolq		$20, A(9), A(6)
	vprolq		$61, A(22), A(9)
	vprolq		$39, A(14), A(22)
	vprolq		$18, A(20), A(14)
	vprolq		$62, A(2), A(20)
	vprolq		$43, A(12), A(2)
	vprolq		$25, A(13), A(12)
	vprolq		$8, A(19), A(13)
	vprolq		$56, A(23), A(19)
	vprolq		$41, A(15), A(23)
	vprolq		$27, A(4), A(15)
	vprolq		$14, A(24), A(4)
	vprolq		$2, A(21), A(24)
	vprolq		$55, A(8), A(21)
	vprolq		$45, A(16), A(8)
	vprolq		$36, A(5), A(16)
	vprolq		$28, A(3), A(5)
	vprolq		$21, A(18), A(3)
	vprolq		$15, A(17), A(18)
	vprolq		$10, A(11), A(17)
	vprolq		$6, A(7), A(11)
	vprolq		$3, A(10), A(7)
	vprolq		$1, T0, A(10)
	/* chi, row by row, and iota */
	chi_row		A(0), A(1), A(2), A(3), A(4)
	chi_row		A(5), A(6), A(7), A(8), A(9)
	chi_row		A(10), A(11), A(12), A(13), A(14)
	chi_row		A(15), A(16), A(17), A(18), A(19)
	chi_row		A(20), A(21), A(22), A(23), A(24)
	vpxorq		(RC){1to8}, A(0), A(0)
	add		$8, RC
	cmp		RC_END, RC
	jne		.Lx8_round

.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	vmovdqu64	%zmm\i, (64 * \i)(STATE)
.endr
	/* no word of the states stays in a register */
	vzeroall
.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord		%xmm\i, %xmm\i, %xmm\i
.endr
	RET
SYM_FUNC_END(vgc_keccak_x8_avx512)
