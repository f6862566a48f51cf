/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM's samplers with AVX2 (the contracts are those of struct
 * vgc_mlkem_backend, lib/mlkem_backend.h): SampleNTT's rejection step
 * (FIPS 203 Algorithm 7) and SamplePolyCBD for eta 2 and 3 (Algorithm 8).
 *
 * Polynomials are 256 s16 coefficients; inputs are read byte-exact (no
 * load reaches past the bytes the caller gave).
 */
#include <linux/linkage.h>
#include "simd_entry.S"
/* SYM_TYPED_FUNC_START: C calls these through struct vgc_mlkem_backend */
#include <linux/cfi_types.h>

#define Q	3329

	.section .rodata
	.p2align 5
/*
 * Rejection sampling: three bytes b0 b1 b2 hold two 12-bit candidates,
 * b0 | (b1 & 15) << 8 and b1 >> 4 | b2 << 4. The shuffle puts bytes
 * (b0, b1) into the even word and (b1, b2) into the odd one; a shift by
 * 4 of the odd words and a mask of 12 bits finish them. Each 128-bit
 * half of the register decodes 12 bytes: the low half from offset 0,
 * the high half from offset 4 (it is loaded from input byte 8 on).
 */
.Lrej_expand:
	.byte 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11
	.byte 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15
/*
 * Left-packing of accepted words: entry m (16 bytes) is the vpshufb
 * control that moves the words whose bits are set in m, in order, to
 * the front (the rest become 0). Built here by the assembler.
 */
	.p2align 4
.Lrej_pack:
	.set	.Lm, 0
	.rept	256
	.set	.Lk, 0
	.irp	b, 0, 1, 2, 3, 4, 5, 6, 7
	.if	(.Lm >> \b) & 1
	.byte	2 * \b, 2 * \b + 1
	.set	.Lk, .Lk + 1
	.endif
	.endr
	.rept	8 - .Lk
	.byte	0x80, 0x80
	.endr
	.set	.Lm, .Lm + 1
	.endr
/* entry m: the number of bits set in m (no POPCNT needed) */
.Lrej_count:
	.set	.Lm, 0
	.rept	256
	.set	.Lk, 0
	.irp	b, 0, 1, 2, 3, 4, 5, 6, 7
	.set	.Lk, .Lk + ((.Lm >> \b) & 1)
	.endr
	.byte	.Lk
	.set	.Lm, .Lm + 1
	.endr

/*
 * CBD eta 3: three bytes give four coefficients. The first shuffle
 * puts bytes 3k, 3k + 1, 3k + 2 into dword k (the high half again
 * from input offset 8, so its groups start at 4); the second spreads
 * each dword's four 6-bit results over four words, two bytes each from
 * where the result lies (bit offset 0, 6, 12, 18: bytes 0, 0, 1, 2 at
 * shifts 0, 6, 4, 2); the multipliers then bring every result to bit 6.
 */
	.p2align 5
.Lcbd3_groups:
	.byte 0, 1, 2, 0x80, 3, 4, 5, 0x80, 6, 7, 8, 0x80, 9, 10, 11, 0x80
	.byte 4, 5, 6, 0x80, 7, 8, 9, 0x80, 10, 11, 12, 0x80, 13, 14, 15, 0x80
.Lcbd3_spread:
	.byte 0, 1, 0, 1, 1, 2, 2, 3, 4, 5, 4, 5, 5, 6, 6, 7
	.byte 8, 9, 8, 9, 9, 10, 10, 11, 12, 13, 12, 13, 13, 14, 14, 15
.Lcbd3_align:
	.rept 8
	.word 64, 1, 4, 16
	.endr
	.p2align 2
.Lq:		.word Q
.Lmask12:	.word 0x0fff
.Lbits3:	.long 0x00249249	/* bit 0 of each 3-bit field */
.Lfields3:	.long 0x001c71c7	/* the first field of each pair */
.Lthrees3:	.long 0x000c30c3	/* 3 in each such field */
.Lseven:	.word 7
.Lthree:	.word 3
.Lbits2:	.byte 0x55		/* bit 0 of each 2-bit field */
.Lfields2:	.byte 0x33		/* the first field of each pair */
.Ltwos2:	.byte 0x22		/* 2 in each such field */
.Llow4:		.byte 0x0f
.Ltwo:		.byte 2

	.text

/*
 * unsigned int vgc_mlkem_rej_uniform_avx2(s16 p[256], unsigned int have,
 *					    const u8 *buf, unsigned int len)
 *
 * 24 bytes (16 candidates) a step while at least 16 free places remain;
 * the two 8-word halves are compared with q, and each is packed by the
 * table entry its acceptance mask selects and stored whole. The count
 * advances by the accepted words only, so the extra words of a store
 * are overwritten by the next one or lie beyond the count returned.
 * The last bytes, or the last free places, one group at a time.
 * The input is public (derived from rho): branches on it are allowed.
 */
#define P	%rdi
#define HAVE	%rsi
#define HAVE32	%esi
#define BUF	%rdx
#define LEN	%rcx
#define LEN32	%ecx
#define PACK	%r8
#define COUNT	%r11

SYM_TYPED_FUNC_START(vgc_mlkem_rej_uniform_avx2)
	VGC_SIMD_ENTRY vgc_mlkem_rej_uniform_avx2
	/* the u32 arguments: their upper halves are not defined */
	mov		HAVE32, HAVE32
	mov		LEN32, LEN32
	lea		.Lrej_pack(%rip), PACK
	lea		.Lrej_count(%rip), COUNT
	vmovdqa		.Lrej_expand(%rip), %ymm15
	vpbroadcastw	.Lq(%rip), %ymm14
	vpbroadcastw	.Lmask12(%rip), %ymm13
.Lrej_step:
	cmp		$24, LEN
	jb		.Lrej_tail
	cmp		$(256 - 16), HAVE
	ja		.Lrej_tail
	vmovdqu		(BUF), %xmm0
	vinserti128	$1, 8(BUF), %ymm0, %ymm0
	vpshufb		%ymm15, %ymm0, %ymm0
	vpsrlw		$4, %ymm0, %ymm1
	vpblendw	$0xaa, %ymm1, %ymm0, %ymm0
	vpand		%ymm13, %ymm0, %ymm0
	/* accepted: q > value (both below 2^15, so a signed compare) */
	vpcmpgtw	%ymm0, %ymm14, %ymm1
	vpacksswb	%ymm1, %ymm1, %ymm1
	vpmovmskb	%ymm1, %eax
	/* bits 0-7: the low half's words; bits 16-23: the high half's */
	movzbl		%al, %r9d
	shr		$16, %eax
	movzbl		%al, %r10d
	mov		%r9, %rax
	shl		$4, %rax
	vpshufb		(PACK, %rax), %xmm0, %xmm1
	vmovdqu		%xmm1, (P, HAVE, 2)
	movzbl		(COUNT, %r9), %r9d
	add		%r9, HAVE
	mov		%r10, %rax
	shl		$4, %rax
	vextracti128	$1, %ymm0, %xmm0
	vpshufb		(PACK, %rax), %xmm0, %xmm0
	vmovdqu		%xmm0, (P, HAVE, 2)
	movzbl		(COUNT, %r10), %r10d
	add		%r10, HAVE
	add		$24, BUF
	sub		$24, LEN
	jmp		.Lrej_step

.Lrej_tail:
	cmp		$3, LEN
	jb		.Lrej_done
	cmp		$256, HAVE
	jae		.Lrej_done
	movzbl		(BUF), %eax
	movzbl		1(BUF), %r9d
	movzbl		2(BUF), %r10d
	mov		%r9d, %r11d
	and		$15, %r11d
	shl		$8, %r11d
	or		%eax, %r11d
	cmp		$Q, %r11d
	jae		1f
	mov		%r11w, (P, HAVE, 2)
	inc		HAVE
1:	shr		$4, %r9d
	shl		$4, %r10d
	or		%r10d, %r9d
	cmp		$256, HAVE
	jae		.Lrej_done
	cmp		$Q, %r9d
	jae		2f
	mov		%r9w, (P, HAVE, 2)
	inc		HAVE
2:	add		$3, BUF
	sub		$3, LEN
	jmp		.Lrej_tail

.Lrej_done:
	mov		HAVE32, %eax
	vzeroupper
	RET
SYM_FUNC_END(vgc_mlkem_rej_uniform_avx2)
#undef P
#undef HAVE
#undef HAVE32
#undef BUF
#undef LEN
#undef LEN32
#undef PACK
#undef COUNT

/*
 * void vgc_mlkem_cbd_avx2(s16 p[256], const u8 *buf, unsigned int eta)
 *
 * SamplePolyCBD_eta from 64 * eta bytes: coefficient i is the number of
 * ones among eta bits minus the number among the next eta. Bit counts of
 * all fields at once: x & m + (x >> 1) & m (+ (x >> 2) & m for eta 3)
 * sums each field's bits into its low bits. The difference a - b is
 * taken as a + eta - b, which stays within the field (no borrow), and
 * eta is subtracted once the values have their own words.
 *
 * buf is secret (the noise PRF's output): no branch or address depends
 * on it, and every ymm register is cleared on return.
 */
SYM_TYPED_FUNC_START(vgc_mlkem_cbd_avx2)
	VGC_SIMD_ENTRY vgc_mlkem_cbd_avx2
	cmp		$3, %edx
	je		.Lcbd3

	/* eta 2: 32 bytes, 64 coefficients, a step; two per byte */
	vpbroadcastb	.Lbits2(%rip), %ymm15
	vpbroadcastb	.Lfields2(%rip), %ymm14
	vpbroadcastb	.Ltwos2(%rip), %ymm13
	vpbroadcastb	.Llow4(%rip), %ymm12
	vpbroadcastb	.Ltwo(%rip), %ymm11
	mov		$4, %ecx
.Lcbd2_step:
	vmovdqu		(%rsi), %ymm0
	vpsrlw		$1, %ymm0, %ymm1
	vpand		%ymm15, %ymm0, %ymm0
	vpand		%ymm15, %ymm1, %ymm1
	vpaddb		%ymm1, %ymm0, %ymm0
	/* per nibble: a at bits 0-1, b at bits 2-3; to a + 2 - b */
	vpsrlw		$2, %ymm0, %ymm1
	vpand		%ymm14, %ymm0, %ymm0
	vpand		%ymm14, %ymm1, %ymm1
	vpaddb		%ymm13, %ymm0, %ymm0
	vpsubb		%ymm1, %ymm0, %ymm0
	/* the low nibble is coefficient 2i, the high one 2i + 1 */
	vpsrlw		$4, %ymm0, %ymm1
	vpand		%ymm12, %ymm0, %ymm0
	vpand		%ymm12, %ymm1, %ymm1
	vpsubb		%ymm11, %ymm0, %ymm0
	vpsubb		%ymm11, %ymm1, %ymm1
	/* in order: bytes 0-7 and 16-23 in ymm2, 8-15 and 24-31 in ymm3 */
	vpunpcklbw	%ymm1, %ymm0, %ymm2
	vpunpckhbw	%ymm1, %ymm0, %ymm3
	vpmovsxbw	%xmm2, %ymm0
	vpmovsxbw	%xmm3, %ymm1
	vextracti128	$1, %ymm2, %xmm2
	vextracti128	$1, %ymm3, %xmm3
	vpmovsxbw	%xmm2, %ymm2
	vpmovsxbw	%xmm3, %ymm3
	vmovdqu		%ymm0, (%rdi)
	vmovdqu		%ymm1, 32(%rdi)
	vmovdqu		%ymm2, 64(%rdi)
	vmovdqu		%ymm3, 96(%rdi)
	add		$32, %rsi
	sub		$-128, %rdi
	dec		%ecx
	jnz		.Lcbd2_step
	vzeroall
	RET

.Lcbd3:
	/* eta 3: 24 bytes, 32 coefficients, a step */
	vmovdqa		.Lcbd3_groups(%rip), %ymm15
	vmovdqa		.Lcbd3_spread(%rip), %ymm14
	vmovdqa		.Lcbd3_align(%rip), %ymm13
	vpbroadcastd	.Lbits3(%rip), %ymm12
	vpbroadcastd	.Lfields3(%rip), %ymm11
	vpbroadcastd	.Lthrees3(%rip), %ymm10
	vpbroadcastw	.Lseven(%rip), %ymm9
	vpbroadcastw	.Lthree(%rip), %ymm8
	mov		$8, %ecx
.Lcbd3_step:
	vmovdqu		(%rsi), %xmm0
	vinserti128	$1, 8(%rsi), %ymm0, %ymm0
	vpshufb		%ymm15, %ymm0, %ymm0
	/* each 3-bit field's bit count */
	vpsrld		$1, %ymm0, %ymm1
	vpsrld		$2, %ymm0, %ymm2
	vpand		%ymm12, %ymm0, %ymm0
	vpand		%ymm12, %ymm1, %ymm1
	vpand		%ymm12, %ymm2, %ymm2
	vpaddd		%ymm1, %ymm0, %ymm0
	vpaddd		%ymm2, %ymm0, %ymm0
	/* a + 3 - b at bits 0, 6, 12 and 18 of each dword */
	vpsrld		$3, %ymm0, %ymm1
	vpand		%ymm11, %ymm0, %ymm0
	vpand		%ymm11, %ymm1, %ymm1
	vpaddd		%ymm10, %ymm0, %ymm0
	vpsubd		%ymm1, %ymm0, %ymm0
	/* the low half holds coefficients 0-15, the high half 16-31 */
	vpermq		$0x44, %ymm0, %ymm1
	vpermq		$0xee, %ymm0, %ymm2
	vpshufb		%ymm14, %ymm1, %ymm1
	vpshufb		%ymm14, %ymm2, %ymm2
	vpmullw		%ymm13, %ymm1, %ymm1
	vpmullw		%ymm13, %ymm2, %ymm2
	vpsrlw		$6, %ymm1, %ymm1
	vpsrlw		$6, %ymm2, %ymm2
	vpand		%ymm9, %ymm1, %ymm1
	vpand		%ymm9, %ymm2, %ymm2
	vpsubw		%ymm8, %ymm1, %ymm1
	vpsubw		%ymm8, %ymm2, %ymm2
	vmovdqu		%ymm1, (%rdi)
	vmovdqu		%ymm2, 32(%rdi)
	add		$24, %rsi
	add		$64, %rdi
	dec		%ecx
	jnz		.Lcbd3_step
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_cbd_avx2)
