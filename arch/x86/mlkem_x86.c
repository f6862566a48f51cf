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

/* d is public (a parameter set's); any other d gets the portable code */
void vgc_mlkem_compress_avx2(u8 *out, const s16 p[VGC_MLKEM_N],
			     unsigned int d)
{
	switch (d) {
	case 1:
		vgc_mlkem_compress1_ymm(out, p);
		break;
	case 4:
		vgc_mlkem_compress4_ymm(out, p);
		break;
	case 5:
		vgc_mlkem_compress5_ymm(out, p);
		break;
	case 10:
		vgc_mlkem_compress10_ymm(out, p);
		break;
	case 11:
		vgc_mlkem_compress11_ymm(out, p);
		break;
	default:
		vgc_mlkem_poly_compress(out, p, d);
	}
}

void vgc_mlkem_decompress_avx2(s16 p[VGC_MLKEM_N], const u8 *in,
			       unsigned int d)
{
	switch (d) {
	case 1:
		vgc_mlkem_decompress1_ymm(p, in);
		break;
	case 4:
		vgc_mlkem_decompress4_ymm(p, in);
		break;
	case 5:
		vgc_mlkem_decompress5_ymm(p, in);
		break;
	case 10:
		vgc_mlkem_decompress10_ymm(p, in);
		break;
	case 11:
		vgc_mlkem_decompress11_ymm(p, in);
		break;
	default:
		vgc_mlkem_poly_decompress(p, in, d);
	}
}

void vgc_mlkem_tobytes_avx2(u8 out[VGC_MLKEM_POLYBYTES],
			    const s16 p[VGC_MLKEM_N])
{
	vgc_mlkem_tobytes_ymm(out, p);
}

bool vgc_mlkem_frombytes_avx2(s16 p[VGC_MLKEM_N],
			      const u8 in[VGC_MLKEM_POLYBYTES])
{
	return vgc_mlkem_frombytes_ymm(p, in);
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

/*
 * The zmm codecs other than d = 1 and the d = 4 encoding permute bytes
 * with VBMI: without it, the AVX2 ones. A CPU feature, fixed from boot.
 */
static bool mlkem_vbmi(void)
{
	return boot_cpu_has(X86_FEATURE_AVX512VBMI);
}

void vgc_mlkem_compress_avx512(u8 *out, const s16 p[VGC_MLKEM_N],
			       unsigned int d)
{
	switch (d) {
	case 1:
		vgc_mlkem_compress1_zmm(out, p);
		return;
	case 4:
		vgc_mlkem_compress4_zmm(out, p);
		return;
	}
	if (!mlkem_vbmi()) {
		vgc_mlkem_compress_avx2(out, p, d);
		return;
	}
	switch (d) {
	case 5:
		vgc_mlkem_compress5_zmm(out, p);
		break;
	case 10:
		vgc_mlkem_compress10_zmm(out, p);
		break;
	case 11:
		vgc_mlkem_compress11_zmm(out, p);
		break;
	default:
		vgc_mlkem_poly_compress(out, p, d);
	}
}

void vgc_mlkem_decompress_avx512(s16 p[VGC_MLKEM_N], const u8 *in,
				 unsigned int d)
{
	if (d == 1) {
		vgc_mlkem_decompress1_zmm(p, in);
		return;
	}
	if (!mlkem_vbmi()) {
		vgc_mlkem_decompress_avx2(p, in, d);
		return;
	}
	switch (d) {
	case 4:
		vgc_mlkem_decompress4_zmm(p, in);
		break;
	case 5:
		vgc_mlkem_decompress5_zmm(p, in);
		break;
	case 10:
		vgc_mlkem_decompress10_zmm(p, in);
		break;
	case 11:
		vgc_mlkem_decompress11_zmm(p, in);
		break;
	default:
		vgc_mlkem_poly_decompress(p, in, d);
	}
}

void vgc_mlkem_tobytes_avx512(u8 out[VGC_MLKEM_POLYBYTES],
			      const s16 p[VGC_MLKEM_N])
{
	if (mlkem_vbmi())
		vgc_mlkem_tobytes_zmm(out, p);
	else
		vgc_mlkem_tobytes_ymm(out, p);
}

bool vgc_mlkem_frombytes_avx512(s16 p[VGC_MLKEM_N],
				const u8 in[VGC_MLKEM_POLYBYTES])
{
	if (mlkem_vbmi())
		return vgc_mlkem_frombytes_zmm(p, in);
	return vgc_mlkem_frombytes_ymm(p, in);
}
