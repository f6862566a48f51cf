/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the x86 Keccak-f[1600] assembly files share (keccak_avx2.S,
 * keccak_avx512.S): the round constants and, for rho and pi, where
 * each word of the next state comes from.
 *
 * Word (x, y) is word i = x + 5y of a state (FIPS 202 section 3.1.4).
 * pi moves word (x', y') to (y', 2x' + 3y'), so word (x, y) after rho
 * and pi is word ((x + 3y) mod 5, x) before them, rotated by that
 * word's rho offset (section 3.2.2).
 */
#ifndef VGC_KECCAK_X86_H
#define VGC_KECCAK_X86_H

#ifdef __ASSEMBLER__

/*
 * For each output row y: \m \a, \b, y, i0, r0, i1, r1, ..., i4, r4 with
 * word i_x of the input, rotated left by r_x, as word x + 5y of the
 * output before chi. Theta's D for input word i is column i mod 5.
 */
.macro keccak_rows m, a, b
	\m \a, \b, 0,  0,  0,  6, 44, 12, 43, 18, 21, 24, 14
	\m \a, \b, 1,  3, 28,  9, 20, 10,  3, 16, 45, 22, 61
	\m \a, \b, 2,  1,  1,  7,  6, 13, 25, 19,  8, 20, 18
	\m \a, \b, 3,  4, 27,  5, 36, 11, 10, 17, 15, 23, 56
	\m \a, \b, 4,  2, 62,  8, 55, 14, 39, 15, 41, 21,  2
.endm

/* iota's round constants, one u64 each (FIPS 202 section 3.2.5) */
.macro keccak_round_constants
	.quad 0x0000000000000001, 0x0000000000008082
	.quad 0x800000000000808a, 0x8000000080008000
	.quad 0x000000000000808b, 0x0000000080000001
	.quad 0x8000000080008081, 0x8000000000008009
	.quad 0x000000000000008a, 0x0000000000000088
	.quad 0x0000000080008009, 0x000000008000000a
	.quad 0x000000008000808b, 0x800000000000008b
	.quad 0x8000000000008089, 0x8000000000008003
	.quad 0x8000000000008002, 0x8000000000000080
	.quad 0x000000000000800a, 0x800000008000000a
	.quad 0x8000000080008081, 0x8000000000008080
	.quad 0x0000000080000001, 0x8000000080008008
.endm

#endif /* __ASSEMBLER__ */

#endif /* VGC_KECCAK_X86_H */
