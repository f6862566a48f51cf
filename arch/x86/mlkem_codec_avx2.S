/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM codecs for AVX2: ByteEncode_d(Compress_d(p)) and
 * Decompress_d(ByteDecode_d(b)) for d = 1, 4, 5, 10, 11, and
 * ByteEncode_12 / ByteDecode_12 (FIPS 203 sections 4.2.1, 4.2.2), with
 * the contracts of struct vgc_mlkem_backend (lib/mlkem_backend.h).
 *
 * A ymm holds 16 coefficients; each 128-bit lane's eight take d bytes.
 * Every byte read or written lies inside the caller's buffers: the
 * lanes whose 16-byte access would cross the end read the last 16 bytes
 * and shift them down, or store exactly d bytes.
 *
 * Compress_d from any s16: r = a mod q in [-2160, 2160] (barrett, one
 * multiplication), then per d an exact formula on r, checked for all
 * 65536 inputs by tests/mlkem suite_equiv:
 *   d = 1:  |r| > 832
 *   d = 4:  (r + 104) * 315 >> 16, d = 5: (r + 52) * 630 >> 16, mod 2^d
 *   d = 10, 11: e = (r 2^(d-10)) * 20158 >> 16 is round(x 2^d / q) or
 *     one less; one more when r 2^d - e q > 1664 (mod 2^16, exact).
 *     For d = 10 the same holds with the input a itself for r (the
 *     reduction saved: round(a 2^10 / q) mod 2^10 is the same number)
 * Decompress_d: the value, placed at bits [15 - d, 15) of a word, times
 * q with vpmulhrsw is round(y q / 2^d) = (y q + 2^(d-1)) >> d exactly.
 *
 * Vector registers are cleared before returning (they held secret
 * coefficients or message bits); nothing is spilled.
 */
#include <linux/linkage.h>
#include "simd_entry.S"

#include "mlkem_x86_macros.h"

	.text

/* ymm register of a broadcast 16-bit constant (clobbers eax) */
.macro bcast16 val, reg
	mov		$\val, %eax
	vmovd		%eax, %xmm\reg
	vpbroadcastw	%xmm\reg, %ymm\reg
.endm

/* ymm15 = q, ymm14 = 10 (barrett) */
.macro cmp_consts
	bcast16		MLKEM_Q, 15
	bcast16		10, 14
.endm

/* exactly @d bytes of \x (an xmm) to \addr... (offset, base) */
.macro store_exact d, x, off, base
	.if \d == 5
	vmovd		\x, \off(\base)
	vpextrb		$4, \x, \off + 4(\base)
	.elseif \d == 10
	vmovq		\x, \off(\base)
	vpextrw		$4, \x, \off + 8(\base)
	.elseif \d == 11
	vmovq		\x, \off(\base)
	vpextrw		$4, \x, \off + 8(\base)
	vpextrb		$10, \x, \off + 10(\base)
	.elseif \d == 12
	vmovq		\x, \off(\base)
	vpextrd		$2, \x, \off + 8(\base)
	.else
	.error "store_exact: no such d"
	.endif
.endm

/*
 * compress value of \v (in place), d = 5, 10, 11 or 12 (12: a mod q in
 * [0, q)); constants in ymm8-13 as set by the function
 */
.macro cmp_value d, v, t, u
	.if \d != 10
	barrett		\v, %ymm15, %ymm14, \t
	.endif
	.if \d == 5
	vpaddw		%ymm13, \v, \v			/* 52 */
	vpmulhw		%ymm12, \v, \v			/* 630 */
	vpand		%ymm11, \v, \v			/* 31 */
	.elseif \d == 10 || \d == 11
	.if \d == 11
	vpaddw		\v, \v, \v
	.endif
	vpmulhw		%ymm13, \v, \t			/* e: 20158 */
	vpsllw		$10, \v, \v			/* r 2^d */
	vpmullw		%ymm15, \t, \u
	vpsubw		\u, \v, \v
	vpcmpgtw	%ymm12, \v, \v			/* > 1664: -1 */
	vpsubw		\v, \t, \v
	vpand		%ymm11, \v, \v			/* 2^d - 1 */
	.elseif \d == 12
	vpaddw		%ymm15, \v, \t
	vpminuw		\t, \v, \v			/* r + q when r < 0 */
	.endif
.endm

/*
 * tobytes: pairs to 24-bit dwords, three bytes of each (ymm8), the two
 * lanes' 12 bytes joined (ymm9: dwords 0-2, 4-6), one 32-byte store a
 * ymm (the next overwrites its spare 8); the last stores 24 exactly
 */
.macro tobytes_ymm last
	vmovdqu		(%rsi), %ymm0
	cmp_value	12, %ymm0, %ymm1, %ymm2
	vpmaddwd	%ymm10, %ymm0, %ymm0
	vpshufb		%ymm8, %ymm0, %ymm0
	vpermd		%ymm0, %ymm9, %ymm0
	.if \last
	vmovdqu		%xmm0, (%rdi)
	vextracti128	$1, %ymm0, %xmm1
	vmovq		%xmm1, 16(%rdi)
	.else
	vmovdqu		%ymm0, (%rdi)
	.endif
	add		$32, %rsi
	add		$24, %rdi
.endm

/*
 * compress_d for d = 5, 10, 11: @full ymm in a loop with
 * 16-byte stores (lane 1's overwrites lane 0's spare bytes), the rest
 * with exact stores
 */
.macro compress_body d, full
	vmovdqa		vgc_mlkem_pack\d\()_ymm(%rip), %ymm9
	vmovdqa		vgc_mlkem_pack\d\()_ymm + 32(%rip), %ymm8
	vmovdqa		vgc_mlkem_pack\d\()_ymm + 64(%rip), %ymm7
	mov		$\full, %ecx
1:
	vmovdqu		(%rsi), %ymm0
	cmp_value	\d, %ymm0, %ymm1, %ymm2
	vpmaddwd	%ymm10, %ymm0, %ymm0
	vpsllvd		%ymm9, %ymm0, %ymm0
	vpshufb		%ymm8, %ymm0, %ymm1
	vpshufb		%ymm7, %ymm0, %ymm0
	vpor		%ymm1, %ymm0, %ymm0
	vmovdqu		%xmm0, (%rdi)
	vextracti128	$1, %ymm0, \d(%rdi)
	add		$32, %rsi
	add		$2 * \d, %rdi
	dec		%ecx
	jnz		1b
	.rept 16 - \full
	vmovdqu		(%rsi), %ymm0
	cmp_value	\d, %ymm0, %ymm1, %ymm2
	vpmaddwd	%ymm10, %ymm0, %ymm0
	vpsllvd		%ymm9, %ymm0, %ymm0
	vpshufb		%ymm8, %ymm0, %ymm1
	vpshufb		%ymm7, %ymm0, %ymm0
	vpor		%ymm1, %ymm0, %ymm0
	store_exact	\d, %xmm0, 0, %rdi
	vextracti128	$1, %ymm0, %xmm1
	store_exact	\d, %xmm1, \d, %rdi
	add		$32, %rsi
	add		$2 * \d, %rdi
	.endr
	vzeroall
	RET
.endm

/* void vgc_mlkem_compress5_ymm(u8 out[160], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_compress5_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_compress5_ymm
	cmp_consts
	bcast16		52, 13
	bcast16		630, 12
	bcast16		31, 11
	mov		$0x00200001, %eax	/* (1, 32): pairs c0 + 32 c1 */
	vmovd		%eax, %xmm10
	vpbroadcastd	%xmm10, %ymm10
	/* lane 29's and later stores would cross the end of the 160 bytes */
	compress_body	5, 14
SYM_FUNC_END(vgc_mlkem_compress5_ymm)

/* void vgc_mlkem_compress10_ymm(u8 out[320], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_compress10_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_compress10_ymm
	cmp_consts
	bcast16		20158, 13
	bcast16		1664, 12
	bcast16		1023, 11
	mov		$0x04000001, %eax	/* (1, 1024) */
	vmovd		%eax, %xmm10
	vpbroadcastd	%xmm10, %ymm10
	compress_body	10, 15
SYM_FUNC_END(vgc_mlkem_compress10_ymm)

/* void vgc_mlkem_compress11_ymm(u8 out[352], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_compress11_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_compress11_ymm
	cmp_consts
	bcast16		20158, 13
	bcast16		1664, 12
	bcast16		2047, 11
	mov		$0x08000001, %eax	/* (1, 2048) */
	vmovd		%eax, %xmm10
	vpbroadcastd	%xmm10, %ymm10
	compress_body	11, 15
SYM_FUNC_END(vgc_mlkem_compress11_ymm)

/* void vgc_mlkem_tobytes_ymm(u8 out[384], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_tobytes_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_tobytes_ymm
	cmp_consts
	mov		$0x10000001, %eax	/* (1, 4096) */
	vmovd		%eax, %xmm10
	vpbroadcastd	%xmm10, %ymm10
	vmovdqa		vgc_mlkem_pack12_ymm + 32(%rip), %ymm8
	vmovdqa		vgc_mlkem_pack12_join_ymm(%rip), %ymm9
	mov		$15, %ecx
.Ltobytes_ymm:
	tobytes_ymm	0
	dec		%ecx
	jnz		.Ltobytes_ymm
	tobytes_ymm	1
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_tobytes_ymm)

/*
 * void vgc_mlkem_compress4_ymm(u8 out[128], const s16 p[256])
 * 64 coefficients a step: words to bytes (lane-wise interleaving A and
 * B, C and D), nibble pairs to bytes, bytes again, dwords back in order.
 */
SYM_FUNC_START(vgc_mlkem_compress4_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_compress4_ymm
	cmp_consts
	bcast16		104, 13
	bcast16		315, 12
	bcast16		15, 11
	bcast16		0x1001, 10		/* bytes (1, 16) */
	vmovdqa		vgc_mlkem_pack4_ymm(%rip), %ymm9
	mov		$4, %ecx
.Lcmp4_ymm:
	.irp i, 0, 1, 2, 3
	vmovdqu		\i * 32(%rsi), %ymm\i
	barrett		%ymm\i, %ymm15, %ymm14, %ymm4
	vpaddw		%ymm13, %ymm\i, %ymm\i
	vpmulhw		%ymm12, %ymm\i, %ymm\i
	vpand		%ymm11, %ymm\i, %ymm\i
	.endr
	vpackuswb	%ymm1, %ymm0, %ymm0
	vpackuswb	%ymm3, %ymm2, %ymm2
	vpmaddubsw	%ymm10, %ymm0, %ymm0
	vpmaddubsw	%ymm10, %ymm2, %ymm2
	vpackuswb	%ymm2, %ymm0, %ymm0
	vpermd		%ymm0, %ymm9, %ymm0
	vmovdqu		%ymm0, (%rdi)
	add		$128, %rsi
	add		$32, %rdi
	dec		%ecx
	jnz		.Lcmp4_ymm
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_compress4_ymm)

/*
 * void vgc_mlkem_compress1_ymm(u8 out[32], const s16 p[256])
 * 32 coefficients a step: compare masks to bytes, in order, sign bits.
 */
SYM_FUNC_START(vgc_mlkem_compress1_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_compress1_ymm
	cmp_consts
	bcast16		832, 13
	mov		$8, %ecx
.Lcmp1_ymm:
	vmovdqu		(%rsi), %ymm0
	vmovdqu		32(%rsi), %ymm1
	barrett		%ymm0, %ymm15, %ymm14, %ymm2
	barrett		%ymm1, %ymm15, %ymm14, %ymm3
	vpabsw		%ymm0, %ymm0
	vpabsw		%ymm1, %ymm1
	vpcmpgtw	%ymm13, %ymm0, %ymm0
	vpcmpgtw	%ymm13, %ymm1, %ymm1
	vpacksswb	%ymm1, %ymm0, %ymm0
	vpermq		$0xd8, %ymm0, %ymm0
	vpmovmskb	%ymm0, %eax
	mov		%eax, (%rdi)
	add		$64, %rsi
	add		$4, %rdi
	dec		%ecx
	jnz		.Lcmp1_ymm
	xor		%eax, %eax		/* message bits */
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_compress1_ymm)

/*
 * Decoding. One ymm: lane 0's eight values from byte \off of the input,
 * lane 1's from \off + d; a lane whose 16-byte load would cross the end
 * (\end: the input's length from %rsi) loads the last 16 and shifts.
 */
.macro load_lane d, lane, off, end
	.if \off + 16 <= \end
	.if \lane == 0
	vmovdqu		\off(%rsi), %xmm0
	.else
	vinserti128	$1, \off(%rsi), %ymm0, %ymm0
	.endif
	.else
	vmovdqu		\end - 16(%rsi), %xmm1
	vpsrldq		$\off - (\end - 16), %xmm1, %xmm1
	.if \lane == 0
	vmovdqa		%xmm1, %xmm0
	.else
	vinserti128	$1, %xmm1, %ymm0, %ymm0
	.endif
	.endif
.endm

/*
 * Word i of a lane takes the two bytes holding value i (ymm8), times
 * 2^(16 - d - offset) (ymm9) puts the value at the top; then at bits
 * [15 - d, 15) (or, for d = 12, at the bottom) and cleaned.
 */
.macro unpack_words d
	vpshufb		%ymm8, %ymm0, %ymm0
	vpmullw		%ymm9, %ymm0, %ymm0
	.if \d == 12
	vpsrlw		$4, %ymm0, %ymm0
	.else
	vpsrlw		$1, %ymm0, %ymm0
	vpand		%ymm13, %ymm0, %ymm0
	vpmulhrsw	%ymm15, %ymm0, %ymm0
	.endif
.endm

/*
 * decompress_d / frombytes for d = 4, 5, 10, 12: @full ymm in a loop,
 * the rest unrolled with the end in view. For d = 12, ymm12 collects the
 * largest value.
 */
.macro decompress_body d, full
	vmovdqa		vgc_mlkem_unpack\d\()_ymm(%rip), %ymm8
	vmovdqa		vgc_mlkem_unpack\d\()_ymm + 32(%rip), %ymm9
	mov		$\full, %ecx
1:
	vmovdqu		(%rsi), %xmm0
	vinserti128	$1, \d(%rsi), %ymm0, %ymm0
	unpack_words	\d
	.if \d == 12
	vpmaxuw		%ymm0, %ymm12, %ymm12
	.endif
	vmovdqu		%ymm0, (%rdi)
	add		$2 * \d, %rsi
	add		$32, %rdi
	dec		%ecx
	jnz		1b
	.set		.Lleft, (16 - \full) * 2 * \d
	.set		.Loff, 0
	.rept 16 - \full
	load_lane	\d, 0, .Loff, .Lleft
	load_lane	\d, 1, .Loff + \d, .Lleft
	unpack_words	\d
	.if \d == 12
	vpmaxuw		%ymm0, %ymm12, %ymm12
	.endif
	vmovdqu		%ymm0, (%rdi)
	add		$32, %rdi
	.set		.Loff, .Loff + 2 * \d
	.endr
.endm

.macro dcmp_consts
	bcast16		MLKEM_Q, 15
.endm

/*
 * d = 4 and 5: a ymm's 2d input bytes fit one broadcast load (lane 1's
 * shuffle starts d bytes on), and no value's window needs a right shift:
 * times 2^(15 - d - offset) (ymm9) puts it at bits [15 - d, 15), the
 * mask clears the neighbours' bits around it.
 */
.macro unpack_small d, mask
	vmovdqa		vgc_mlkem_unpack\d\()_bcast_ymm(%rip), %ymm8
	vmovdqa		vgc_mlkem_unpack\d\()_bcast_ymm + 32(%rip), %ymm9
	bcast16		\mask, 13
	.set		.Loff, 0
	.rept 16
	.if \d == 4
	vpbroadcastq	.Loff(%rsi), %ymm0
	.elseif .Loff + 16 <= 160
	vbroadcasti128	.Loff(%rsi), %ymm0
	.else
	vmovdqu		160 - 16(%rsi), %xmm0
	vpsrldq		$.Loff - (160 - 16), %xmm0, %xmm0
	vinserti128	$1, %xmm0, %ymm0, %ymm0
	.endif
	vpshufb		%ymm8, %ymm0, %ymm0
	vpmullw		%ymm9, %ymm0, %ymm0
	vpand		%ymm13, %ymm0, %ymm0
	vpmulhrsw	%ymm15, %ymm0, %ymm0
	vmovdqu		%ymm0, (%rdi)
	add		$32, %rdi
	.set		.Loff, .Loff + 2 * \d
	.endr
.endm

/* void vgc_mlkem_decompress4_ymm(s16 p[256], const u8 in[128]) */
SYM_FUNC_START(vgc_mlkem_decompress4_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress4_ymm
	dcmp_consts
	unpack_small	4, 0x7800		/* bits [11, 15) */
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_decompress4_ymm)

/* void vgc_mlkem_decompress5_ymm(s16 p[256], const u8 in[160]) */
SYM_FUNC_START(vgc_mlkem_decompress5_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress5_ymm
	dcmp_consts
	unpack_small	5, 0x7c00		/* bits [10, 15) */
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_decompress5_ymm)

/* void vgc_mlkem_decompress10_ymm(s16 p[256], const u8 in[320]) */
SYM_FUNC_START(vgc_mlkem_decompress10_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress10_ymm
	dcmp_consts
	bcast16		0x7fe0, 13		/* bits [5, 15) */
	decompress_body	10, 15
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_decompress10_ymm)

/*
 * bool vgc_mlkem_frombytes_ymm(s16 p[256], const u8 in[384])
 * true when every value is below q: the largest, less q - 1 with
 * unsigned saturation, is zero. No branch on the data.
 */
SYM_FUNC_START(vgc_mlkem_frombytes_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_frombytes_ymm
	vpxor		%ymm12, %ymm12, %ymm12
	decompress_body	12, 15
	bcast16		(MLKEM_Q - 1), 15
	vpsubusw	%ymm15, %ymm12, %ymm12
	xor		%eax, %eax
	vptest		%ymm12, %ymm12
	setz		%al
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_frombytes_ymm)

/*
 * void vgc_mlkem_decompress11_ymm(s16 p[256], const u8 in[352])
 * An 11-bit value can span three bytes: dwords. Each 128-bit lane takes
 * the group of eight values' 11 bytes (broadcast), four values to dwords
 * (ymm8), each shifted to the top (ymm9), then halved to 16 bits, packed
 * to words and put in order.
 */
.macro unpack11_group g, reg
	.if 11 * (\g) + 16 <= 352
	vbroadcasti128	11 * (\g)(%rsi), \reg
	.else
	vmovdqu		352 - 16(%rsi), %xmm2
	vpsrldq		$11 * (\g) - (352 - 16), %xmm2, %xmm2
	vinserti128	$1, %xmm2, %ymm2, \reg
	.endif
	vpshufb		%ymm8, \reg, \reg
	vpsllvd		%ymm9, \reg, \reg
	vpsrld		$16, \reg, \reg
.endm

SYM_FUNC_START(vgc_mlkem_decompress11_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress11_ymm
	dcmp_consts
	bcast16		0x7ff0, 13		/* bits [4, 15) */
	vmovdqa		vgc_mlkem_unpack11_ymm(%rip), %ymm8
	vmovdqa		vgc_mlkem_unpack11_ymm + 32(%rip), %ymm9
	.set		.Lg, 0
	.rept 16
	unpack11_group	.Lg, %ymm0
	unpack11_group	.Lg + 1, %ymm1
	vpackusdw	%ymm1, %ymm0, %ymm0
	vpermq		$0xd8, %ymm0, %ymm0
	vpsrlw		$1, %ymm0, %ymm0
	vpand		%ymm13, %ymm0, %ymm0
	vpmulhrsw	%ymm15, %ymm0, %ymm0
	vmovdqu		%ymm0, .Lg * 16(%rdi)
	.set		.Lg, .Lg + 2
	.endr
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_decompress11_ymm)

/*
 * void vgc_mlkem_decompress1_ymm(s16 p[256], const u8 in[32])
 * Word i of a ymm tests bit i of two message bytes: q/2 rounded up, or 0.
 */
SYM_FUNC_START(vgc_mlkem_decompress1_ymm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress1_ymm
	vmovdqa		vgc_mlkem_bits16_ymm(%rip), %ymm14
	bcast16		((MLKEM_Q + 1) / 2), 13
	mov		$16, %ecx
.Ldcmp1_ymm:
	vpbroadcastw	(%rsi), %ymm0
	vpand		%ymm14, %ymm0, %ymm0
	vpcmpeqw	%ymm14, %ymm0, %ymm0
	vpand		%ymm13, %ymm0, %ymm0
	vmovdqu		%ymm0, (%rdi)
	add		$2, %rsi
	add		$32, %rdi
	dec		%ecx
	jnz		.Ldcmp1_ymm
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_decompress1_ymm)
