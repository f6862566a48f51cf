// SPDX-License-Identifier: GPL-2.0-only
/*
 * The x86-64 ML-KEM arithmetic entries: C functions over the assembly
 * (arch/x86/mlkem_ntt.S, mlkem_arith.S, mlkem_codec_*.S), so that the
 * back-end structs point at C functions (whatever the kernel's
 * control-flow checks want of indirect calls) and the codecs can pick
 * their code by d and by CPU feature. Built without vector flags: it
 * only calls.
 */
#include <asm/cpufeature.h>

#include "mlkem_x86.h"

/* the assembly, by register width: ymm (AVX2) and zmm (AVX-512) */
void vgc_mlkem_ntt_ymm(s16 *p);
void vgc_mlkem_invntt_ymm(s16 *p);
void vgc_mlkem_basemul_row_ymm(s16 *r, const s16 *a, const s16 *b,
			       unsigned int k);
void vgc_mlkem_tomont_ymm(s16 *p);
void vgc_mlkem_add_ymm(s16 *r, const s16 *a);
void vgc_mlkem_rsub_ymm(s16 *r, const s16 *a);

void vgc_mlkem_ntt_zmm(s16 *p);
void vgc_mlkem_invntt_zmm(s16 *p);
void vgc_mlkem_basemul_row_zmm(s16 *r, const s16 *a, const s16 *b,
			       unsigned int k);
void vgc_mlkem_tomont_zmm(s16 *p);
void vgc_mlkem_add_zmm(s16 *r, const s16 *a);
void vgc_mlkem_rsub_zmm(s16 *r, const s16 *a);

void vgc_mlkem_ntt_avx2(s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_ntt_ymm(p);
}

void vgc_mlkem_invntt_avx2(s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_invntt_ymm(p);
}

void vgc_mlkem_basemul_row_avx2(s16 r[VGC_MLKEM_N], const s16 *a,
				const s16 *b, unsigned int k)
{
	vgc_mlkem_basemul_row_ymm(r, a, b, k);
}

void vgc_mlkem_tomont_avx2(s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_tomont_ymm(p);
}

void vgc_mlkem_add_avx2(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N])
{
	vgc_mlkem_add_ymm(r, a);
}

void vgc_mlkem_rsub_avx2(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N])
{
	vgc_mlkem_rsub_ymm(r, a);
}

void vgc_mlkem_compress_avx2(u8 *out, const s16 p[VGC_MLKEM_N],
			     unsigned int d)
{
	vgc_mlkem_poly_compress(out, p, d);
}

void vgc_mlkem_decompress_avx2(s16 p[VGC_MLKEM_N], const u8 *in,
			       unsigned int d)
{
	vgc_mlkem_poly_decompress(p, in, d);
}

void vgc_mlkem_tobytes_avx2(u8 out[VGC_MLKEM_POLYBYTES],
			    const s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_poly_tobytes(out, p);
}

bool vgc_mlkem_frombytes_avx2(s16 p[VGC_MLKEM_N],
			      const u8 in[VGC_MLKEM_POLYBYTES])
{
	return vgc_mlkem_poly_frombytes(p, in);
}

void vgc_mlkem_ntt_avx512(s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_ntt_zmm(p);
}

void vgc_mlkem_invntt_avx512(s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_invntt_zmm(p);
}

void vgc_mlkem_basemul_row_avx512(s16 r[VGC_MLKEM_N], const s16 *a,
				  const s16 *b, unsigned int k)
{
	vgc_mlkem_basemul_row_zmm(r, a, b, k);
}

void vgc_mlkem_tomont_avx512(s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_tomont_zmm(p);
}

void vgc_mlkem_add_avx512(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N])
{
	vgc_mlkem_add_zmm(r, a);
}

void vgc_mlkem_rsub_avx512(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N])
{
	vgc_mlkem_rsub_zmm(r, a);
}

void vgc_mlkem_compress_avx512(u8 *out, const s16 p[VGC_MLKEM_N],
			       unsigned int d)
{
	vgc_mlkem_compress_avx2(out, p, d);
}

void vgc_mlkem_decompress_avx512(s16 p[VGC_MLKEM_N], const u8 *in,
				 unsigned int d)
{
	vgc_mlkem_decompress_avx2(p, in, d);
}

void vgc_mlkem_tobytes_avx512(u8 out[VGC_MLKEM_POLYBYTES],
			      const s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_tobytes_avx2(out, p);
}

bool vgc_mlkem_frombytes_avx512(s16 p[VGC_MLKEM_N],
				const u8 in[VGC_MLKEM_POLYBYTES])
{
	return vgc_mlkem_frombytes_avx2(p, in);
}
