/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM codecs for AVX-512: ByteEncode_d(Compress_d(p)),
 * Decompress_d(ByteDecode_d(b)) for d = 1, 4, 5, 10, 11 and
 * ByteEncode_12 / ByteDecode_12, with the contracts of struct
 * vgc_mlkem_backend (lib/mlkem_backend.h). A zmm holds 32 coefficients,
 * 4d bytes encoded. d = 1 and the d = 4 encoding need AVX-512F and BW;
 * the others also VBMI (vpermb, vpmultishiftqb): arch/x86/mlkem_x86.c
 * calls the AVX2 code where the CPU lacks it.
 *
 * The arithmetic is that of mlkem_codec_avx2.S (same formulas, checked
 * for every s16 by the tests). Packing: pairs by vpmaddwd, dwords
 * shifted to their bit offset, bytes placed across the whole register by
 * two vpermb (even and odd dwords) ORed. Unpacking: vpermb gives each
 * quadword its four values' bytes, vpmultishiftqb cuts each word's two
 * bytes at the value's bit offset, so that the value lands at bits
 * [15 - d, 15) (at 0 for d = 12), ready for vpmulhrsw by q.
 *
 * Accesses near the end of a buffer are masked (AVX-512 masked loads do
 * not fault on the bytes left out), so nothing outside the caller's
 * buffers is touched. Vector and mask registers that held secret data
 * are cleared before returning; nothing is spilled.
 */
#include <linux/linkage.h>
#include "simd_entry.S"

#include "mlkem_x86_macros.h"

	.text

.macro bcastz val, reg
	mov		$\val, %eax
	vpbroadcastw	%eax, %zmm\reg
.endm

.macro bcastdz val, reg
	mov		$\val, %eax
	vpbroadcastd	%eax, %zmm\reg
.endm

/* k3 = the low @n bytes (n < 64) */
.macro bytemask n
	mov		$((1 << \n) - 1), %rax
	kmovq		%rax, %k3
.endm

/* zmm31 = q, zmm30 = 10 (barrett) */
.macro zcmp_consts
	bcastz		MLKEM_Q, 31
	bcastz		10, 30
.endm

/* Compress_d of \v from any s16 (d = 12: a mod q); constants zmm24-29 */
.macro zcmp_value d, v, t, u
	.if \d != 10
	barrett		\v, %zmm31, %zmm30, \t
	.endif
	.if \d == 4 || \d == 5
	vpaddw		%zmm29, \v, \v			/* 104 or 52 */
	vpmulhw		%zmm28, \v, \v			/* 315 or 630 */
	vpandq		%zmm27, \v, \v			/* 2^d - 1 */
	.elseif \d == 10 || \d == 11
	.if \d == 11
	vpaddw		\v, \v, \v
	.endif
	vpmulhw		%zmm29, \v, \t			/* e: 20158 */
	vpsllw		$10, \v, \v
	vpmullw		%zmm31, \t, \u
	vpsubw		\u, \v, \v
	vpcmpgtw	%zmm28, \v, %k2			/* > 1664 */
	vpsubw		%zmm26, \t, \t{%k2}		/* -1: e + 1 */
	vpandq		%zmm27, \t, \v
	.elseif \d == 12
	vpaddw		%zmm31, \v, \t
	vpminuw		\t, \v, \v
	.endif
.endm

/* packed: zmm25 (1, 2^d) pairs, zmm24 dword shifts, zmm23/22 shuffles */
.macro zpack d, v, t
	vpmaddwd	%zmm25, \v, \v
	.if \d == 12
	vpermb		\v, %zmm23, \v
	.else
	vpsllvd		%zmm24, \v, \v
	vpermb		\v, %zmm23, \t
	vpermb		\v, %zmm22, \v
	vpord		\t, \v, \v
	.endif
.endm

/*
 * Eight zmm; a full 64-byte store where it stays inside the 32d bytes
 * (the next store overwrites its spare bytes), else masked
 */
.macro zcompress_body d
	vmovdqa64	vgc_mlkem_pack\d\()_zmm(%rip), %zmm24
	vmovdqa64	vgc_mlkem_pack\d\()_zmm + 64(%rip), %zmm23
	vmovdqa64	vgc_mlkem_pack\d\()_zmm + 128(%rip), %zmm22
	bytemask	(4 * \d)
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu64	\i * 64(%rsi), %zmm0
	zcmp_value	\d, %zmm0, %zmm1, %zmm2
	zpack		\d, %zmm0, %zmm1
	.if 4 * \d * \i + 64 <= 32 * \d
	vmovdqu64	%zmm0, 4 * \d * \i(%rdi)
	.else
	vmovdqu8	%zmm0, 4 * \d * \i(%rdi){%k3}
	.endif
	.endr
	kxorq		%k2, %k2, %k2
	vzeroall
	RET
.endm

/* void vgc_mlkem_compress5_zmm(u8 out[160], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_compress5_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_compress5_zmm
	zcmp_consts
	bcastz		52, 29
	bcastz		630, 28
	bcastz		31, 27
	bcastdz		0x00200001, 25		/* (1, 32) */
	zcompress_body	5
SYM_FUNC_END(vgc_mlkem_compress5_zmm)

/* void vgc_mlkem_compress10_zmm(u8 out[320], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_compress10_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_compress10_zmm
	zcmp_consts
	bcastz		20158, 29
	bcastz		1664, 28
	bcastz		1023, 27
	vpternlogd	$0xff, %zmm26, %zmm26, %zmm26
	bcastdz		0x04000001, 25		/* (1, 1024) */
	zcompress_body	10
SYM_FUNC_END(vgc_mlkem_compress10_zmm)

/* void vgc_mlkem_compress11_zmm(u8 out[352], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_compress11_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_compress11_zmm
	zcmp_consts
	bcastz		20158, 29
	bcastz		1664, 28
	bcastz		2047, 27
	vpternlogd	$0xff, %zmm26, %zmm26, %zmm26
	bcastdz		0x08000001, 25		/* (1, 2048) */
	zcompress_body	11
SYM_FUNC_END(vgc_mlkem_compress11_zmm)

/* void vgc_mlkem_tobytes_zmm(u8 out[384], const s16 p[256]) */
SYM_FUNC_START(vgc_mlkem_tobytes_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_tobytes_zmm
	zcmp_consts
	bcastdz		0x10000001, 25		/* (1, 4096) */
	zcompress_body	12
SYM_FUNC_END(vgc_mlkem_tobytes_zmm)

/*
 * void vgc_mlkem_compress4_zmm(u8 out[128], const s16 p[256])
 * Nibble pairs by vpmaddwd, then the low byte of each dword (vpmovdb):
 * no VBMI needed.
 */
SYM_FUNC_START(vgc_mlkem_compress4_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_compress4_zmm
	zcmp_consts
	bcastz		104, 29
	bcastz		315, 28
	bcastz		15, 27
	bcastdz		0x00100001, 25		/* (1, 16) */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu64	\i * 64(%rsi), %zmm0
	zcmp_value	4, %zmm0, %zmm1, %zmm2
	vpmaddwd	%zmm25, %zmm0, %zmm0
	vpmovdb		%zmm0, %xmm0
	vmovdqu		%xmm0, \i * 16(%rdi)
	.endr
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_compress4_zmm)

/*
 * void vgc_mlkem_compress1_zmm(u8 out[32], const s16 p[256])
 * |r| > 832 compared into a mask register, 32 bits a zmm.
 */
SYM_FUNC_START(vgc_mlkem_compress1_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_compress1_zmm
	zcmp_consts
	bcastz		832, 29
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu64	\i * 64(%rsi), %zmm0
	barrett		%zmm0, %zmm31, %zmm30, %zmm1
	vpabsw		%zmm0, %zmm0
	vpcmpgtw	%zmm29, %zmm0, %k1
	kmovd		%k1, \i * 4(%rdi)
	.endr
	kxorq		%k1, %k1, %k1		/* message bits */
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_compress1_zmm)

/*
 * Decoding: zmm29 the vpermb index, zmm28 the vpmultishiftqb control,
 * zmm27 the value's bits; 4d input bytes a zmm, masked near the end
 */
.macro zunpack d, i
	.if \d == 4
	vmovdqu		\i * 16(%rsi), %xmm0
	.elseif 4 * \d * \i + 64 <= 32 * \d
	vmovdqu64	4 * \d * \i(%rsi), %zmm0
	.else
	vmovdqu8	4 * \d * \i(%rsi), %zmm0{%k3}{z}
	.endif
	vpermb		%zmm0, %zmm29, %zmm0
	vpmultishiftqb	%zmm0, %zmm28, %zmm0
	vpandq		%zmm27, %zmm0, %zmm0
.endm

.macro zdecompress_body d, mask
	vmovdqa64	vgc_mlkem_unpack\d\()_zmm(%rip), %zmm29
	vmovdqa64	vgc_mlkem_unpack\d\()_zmm + 64(%rip), %zmm28
	bcastz		\mask, 27
	bcastz		MLKEM_Q, 31
	bytemask	(4 * \d)
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	zunpack		\d, \i
	vpmulhrsw	%zmm31, %zmm0, %zmm0
	vmovdqu64	%zmm0, \i * 64(%rdi)
	.endr
	vzeroall
	RET
.endm

/* void vgc_mlkem_decompress4_zmm(s16 p[256], const u8 in[128]) */
SYM_FUNC_START(vgc_mlkem_decompress4_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress4_zmm
	zdecompress_body 4, 0x7800
SYM_FUNC_END(vgc_mlkem_decompress4_zmm)

/* void vgc_mlkem_decompress5_zmm(s16 p[256], const u8 in[160]) */
SYM_FUNC_START(vgc_mlkem_decompress5_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress5_zmm
	zdecompress_body 5, 0x7c00
SYM_FUNC_END(vgc_mlkem_decompress5_zmm)

/* void vgc_mlkem_decompress10_zmm(s16 p[256], const u8 in[320]) */
SYM_FUNC_START(vgc_mlkem_decompress10_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress10_zmm
	zdecompress_body 10, 0x7fe0
SYM_FUNC_END(vgc_mlkem_decompress10_zmm)

/* void vgc_mlkem_decompress11_zmm(s16 p[256], const u8 in[352]) */
SYM_FUNC_START(vgc_mlkem_decompress11_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress11_zmm
	zdecompress_body 11, 0x7ff0
SYM_FUNC_END(vgc_mlkem_decompress11_zmm)

/*
 * bool vgc_mlkem_frombytes_zmm(s16 p[256], const u8 in[384])
 * Values above q - 1 collected in k2, tested once at the end: no branch
 * on the data.
 */
SYM_FUNC_START(vgc_mlkem_frombytes_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_frombytes_zmm
	vmovdqa64	vgc_mlkem_unpack12_zmm(%rip), %zmm29
	vmovdqa64	vgc_mlkem_unpack12_zmm + 64(%rip), %zmm28
	bcastz		0x0fff, 27
	bcastz		(MLKEM_Q - 1), 26
	bytemask	48
	kxord		%k2, %k2, %k2
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	zunpack		12, \i
	vpcmpuw		$6, %zmm26, %zmm0, %k1		/* > q - 1 */
	kord		%k1, %k2, %k2
	vmovdqu64	%zmm0, \i * 64(%rdi)
	.endr
	xor		%eax, %eax
	kortestd	%k2, %k2
	setz		%al
	kxorq		%k1, %k1, %k1
	kxorq		%k2, %k2, %k2
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_frombytes_zmm)

/*
 * void vgc_mlkem_decompress1_zmm(s16 p[256], const u8 in[32])
 * 32 message bits a mask register: q/2 rounded up where set, else 0.
 */
SYM_FUNC_START(vgc_mlkem_decompress1_zmm)
	VGC_SIMD_ENTRY vgc_mlkem_decompress1_zmm
	bcastz		((MLKEM_Q + 1) / 2), 29
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	kmovd		\i * 4(%rsi), %k1
	vmovdqu16	%zmm29, %zmm0{%k1}{z}
	vmovdqu64	%zmm0, \i * 64(%rdi)
	.endr
	kxorq		%k1, %k1, %k1
	vzeroall
	RET
SYM_FUNC_END(vgc_mlkem_decompress1_zmm)
