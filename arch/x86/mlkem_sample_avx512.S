/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SampleNTT's rejection step (FIPS 203 Algorithm 7) with AVX-512: BW for
 * 16-bit lanes and masks, VBMI's vpermb to spread 48 bytes over 32 words
 * in one instruction, VBMI2's vpcompressw to pack the accepted words
 * (contract: struct vgc_mlkem_backend's rej_uniform, lib/mlkem_backend.h).
 * Also BMI2 (bzhi) and POPCNT, which every CPU with these has.
 *
 * Loads and stores are whole 64-byte ones, not masked: a masked store
 * whose masked-off part crosses into the next page was measured here
 * (Zen 5) at about 1,000 cycles instead of a few. No load reaches past
 * the bytes given (the last one is taken from the end of the input
 * backwards), and no store past p[255]: near the end of the polynomial
 * the new words are merged into its last 32 and those stored.
 */
#include <linux/linkage.h>
#include "simd_entry.S"

#define Q	3329

	.section .rodata
	.p2align 6
/*
 * Three bytes b0 b1 b2 hold two 12-bit candidates, b0 | (b1 & 15) << 8
 * and b1 >> 4 | b2 << 4: word 2k takes bytes (3k, 3k + 1), word 2k + 1
 * bytes (3k + 1, 3k + 2), then odd words shift right by 4 and all keep
 * 12 bits.
 */
.Lrej_spread:
	.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.byte 3 * \k, 3 * \k + 1, 3 * \k + 1, 3 * \k + 2
	.endr
.Lrej_shifts:
	.rept 16
	.word 0, 4
	.endr
.Lword_index:
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.word \i
	.endr
	.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	.word \i
	.endr
	.p2align 1
.Lq:		.word Q
.Lmask12:	.word 0x0fff

	.text

#define P	%rdi
#define HAVE	%rsi
#define HAVE32	%esi
#define BUF	%rdx
#define LEN	%rcx
#define LEN32	%ecx
#define START	%r10	/* buf as given */
#define ONES	%r11

/*
 * The next n = min(len, 48) bytes' candidates to \v (words, 12 bits
 * each), and which of its 32 words are candidates to \k. The 64 bytes
 * loaded are the next ones while 64 remain, else the last 64 of the
 * input (the n bytes then start 64 - len into them), else, for an input
 * shorter than 64 bytes, a masked load of n.
 */
.macro rej_load v, k
	mov		$48, %eax
	cmp		%rax, LEN
	cmovb		LEN, %rax
	/* r8 = how far back the load starts */
	xor		%r8d, %r8d
	mov		$64, %r9d
	sub		LEN, %r9
	cmovg		%r9, %r8
	mov		BUF, %r9
	sub		START, %r9
	cmp		%r9, %r8
	ja		1f
	neg		%r8
	vmovdqu8	(BUF, %r8), \v
	neg		%r8
	jmp		2f
1:	bzhi		%rax, ONES, %r8
	kmovq		%r8, %k1
	vmovdqu8	(BUF), \v{%k1}{z}
	xor		%r8d, %r8d
2:	vpbroadcastb	%r8d, %zmm1
	vpaddb		%zmm5, %zmm1, %zmm1
	vpermb		\v, %zmm1, \v
	vpsrlvw		%zmm4, \v, \v
	vpandq		%zmm2, \v, \v
	add		%rax, BUF
	sub		%rax, LEN
	/* 2n / 3 candidates: n / 3 as n * 171 >> 9 (exact for n < 128) */
	imul		$171, %eax, %eax
	shr		$8, %eax
	and		$~1, %eax
	bzhi		%rax, ONES, %r8
	kmovd		%r8d, \k
.endm

/* The accepted words of \v (candidates \k) to p[have...], at most 256. */
.macro rej_store v, k
	cmp		$256, HAVE
	jae		2f
	vpcmpuw		$1, %zmm3, \v, \k{\k}
	vpcompressw	\v, \v{\k}{z}
	kmovd		\k, %eax
	popcnt		%eax, %eax
	cmp		$(256 - 32), HAVE
	ja		1f
	vmovdqu16	\v, (P, HAVE, 2)
	add		%rax, HAVE
	jmp		2f
	/*
	 * Fewer than 32 places left: into p[224..255] from word off =
	 * have - 224 on, the words before it kept.
	 */
1:	lea		-(256 - 32)(HAVE), %r8
	vpbroadcastw	%r8d, %zmm1
	vpsubw		%zmm1, %zmm6, %zmm1
	mov		ONES, %r9
	shlx		%r8, %r9, %r9
	kmovd		%r9d, %k1
	vmovdqu16	(2 * (256 - 32))(P), %zmm0
	vpermw		\v, %zmm1, %zmm0{%k1}
	vmovdqu16	%zmm0, (2 * (256 - 32))(P)
	mov		$256, %r9d
	sub		HAVE, %r9
	cmp		%r9, %rax
	cmova		%r9, %rax
	add		%rax, HAVE
2:
.endm

/*
 * unsigned int vgc_mlkem_rej_uniform_avx512(s16 p[256], unsigned int have,
 *					      const u8 *buf, unsigned int len)
 *
 * 48 bytes (32 candidates) a step, or what is left of len (a multiple of
 * 3, so whole pairs). Four steps' bytes (192, more than the 168 of a
 * SHAKE128 block) are loaded before any is stored: a load after a store
 * whose address waits for the count waits too (measured here: about
 * twice as slow). The input is public (derived from rho).
 */
SYM_FUNC_START(vgc_mlkem_rej_uniform_avx512)
	VGC_SIMD_ENTRY vgc_mlkem_rej_uniform_avx512
	mov		HAVE32, HAVE32
	mov		LEN32, LEN32
	mov		BUF, START
	vmovdqa64	.Lrej_spread(%rip), %zmm5
	vmovdqa64	.Lrej_shifts(%rip), %zmm4
	vmovdqa64	.Lword_index(%rip), %zmm6
	vpbroadcastw	.Lq(%rip), %zmm3
	vpbroadcastw	.Lmask12(%rip), %zmm2
	mov		$-1, ONES
.Lrej_step:
	test		LEN, LEN
	jz		.Lrej_done
	cmp		$256, HAVE
	jae		.Lrej_done
	rej_load	%zmm16, %k4
	rej_load	%zmm17, %k5
	rej_load	%zmm18, %k6
	rej_load	%zmm19, %k7
	rej_store	%zmm16, %k4
	rej_store	%zmm17, %k5
	rej_store	%zmm18, %k6
	rej_store	%zmm19, %k7
	jmp		.Lrej_step
.Lrej_done:
	mov		HAVE32, %eax
	vzeroupper
	RET
SYM_FUNC_END(vgc_mlkem_rej_uniform_avx512)
