/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86-64 ML-KEM back ends' entries (arch/x86/backends.c pairs them).
 * Each runs only between kernel_fpu_begin() and kernel_fpu_end(); the
 * contracts are struct vgc_mlkem_backend's (lib/mlkem_backend.h).
 */
#ifndef VGC_X86_MLKEM_X86_H
#define VGC_X86_MLKEM_X86_H

#include "mlkem_backend.h"

/*
 * ---- polynomial arithmetic and codecs ----
 * _avx2: AVX2 (ymm). _avx512: AVX-512F, BW and VL (zmm); its codecs use
 * AVX-512 VBMI where the CPU has it, else the AVX2 ones. FIPS 203 order
 * throughout: no ntt_layout.
 */
void vgc_mlkem_ntt_avx2(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_invntt_avx2(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_basemul_row_avx2(s16 r[VGC_MLKEM_N], const s16 *a,
				const s16 *b, unsigned int k);
void vgc_mlkem_tomont_avx2(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_add_avx2(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
void vgc_mlkem_rsub_avx2(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
void vgc_mlkem_compress_avx2(u8 *out, const s16 p[VGC_MLKEM_N],
			     unsigned int d);
void vgc_mlkem_decompress_avx2(s16 p[VGC_MLKEM_N], const u8 *in,
			       unsigned int d);
void vgc_mlkem_tobytes_avx2(u8 out[VGC_MLKEM_POLYBYTES],
			    const s16 p[VGC_MLKEM_N]);
bool vgc_mlkem_frombytes_avx2(s16 p[VGC_MLKEM_N],
			      const u8 in[VGC_MLKEM_POLYBYTES]);

void vgc_mlkem_ntt_avx512(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_invntt_avx512(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_basemul_row_avx512(s16 r[VGC_MLKEM_N], const s16 *a,
				  const s16 *b, unsigned int k);
void vgc_mlkem_tomont_avx512(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_add_avx512(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
void vgc_mlkem_rsub_avx512(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
void vgc_mlkem_compress_avx512(u8 *out, const s16 p[VGC_MLKEM_N],
			       unsigned int d);
void vgc_mlkem_decompress_avx512(s16 p[VGC_MLKEM_N], const u8 *in,
				 unsigned int d);
void vgc_mlkem_tobytes_avx512(u8 out[VGC_MLKEM_POLYBYTES],
			      const s16 p[VGC_MLKEM_N]);
bool vgc_mlkem_frombytes_avx512(s16 p[VGC_MLKEM_N],
				const u8 in[VGC_MLKEM_POLYBYTES]);

/*
 * The assembly under them, by register width: ymm (AVX2) and zmm
 * (AVX-512; the codecs but d = 1 and the d = 4 encoding need VBMI),
 * one function per d for the codecs.
 */
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

void vgc_mlkem_compress1_ymm(u8 *out, const s16 *p);
void vgc_mlkem_compress4_ymm(u8 *out, const s16 *p);
void vgc_mlkem_compress5_ymm(u8 *out, const s16 *p);
void vgc_mlkem_compress10_ymm(u8 *out, const s16 *p);
void vgc_mlkem_compress11_ymm(u8 *out, const s16 *p);
void vgc_mlkem_tobytes_ymm(u8 *out, const s16 *p);
void vgc_mlkem_decompress1_ymm(s16 *p, const u8 *in);
void vgc_mlkem_decompress4_ymm(s16 *p, const u8 *in);
void vgc_mlkem_decompress5_ymm(s16 *p, const u8 *in);
void vgc_mlkem_decompress10_ymm(s16 *p, const u8 *in);
void vgc_mlkem_decompress11_ymm(s16 *p, const u8 *in);
bool vgc_mlkem_frombytes_ymm(s16 *p, const u8 *in);

void vgc_mlkem_compress1_zmm(u8 *out, const s16 *p);
void vgc_mlkem_compress4_zmm(u8 *out, const s16 *p);
void vgc_mlkem_compress5_zmm(u8 *out, const s16 *p);
void vgc_mlkem_compress10_zmm(u8 *out, const s16 *p);
void vgc_mlkem_compress11_zmm(u8 *out, const s16 *p);
void vgc_mlkem_tobytes_zmm(u8 *out, const s16 *p);
void vgc_mlkem_decompress1_zmm(s16 *p, const u8 *in);
void vgc_mlkem_decompress4_zmm(s16 *p, const u8 *in);
void vgc_mlkem_decompress5_zmm(s16 *p, const u8 *in);
void vgc_mlkem_decompress10_zmm(s16 *p, const u8 *in);
void vgc_mlkem_decompress11_zmm(s16 *p, const u8 *in);
bool vgc_mlkem_frombytes_zmm(s16 *p, const u8 *in);

/*
 * ---- Keccak and sampling ----
 * Keccak-f[1600], states interleaved as keccak_par wants them, with the
 * caller's scratch after them (VGC_KECCAK_PAR_WORDS, _X1_WORDS)
 */
void vgc_keccak_x1_bmi2(u64 *s);		/* BMI1, BMI2 */
void vgc_keccak_x4_avx2(u64 *s);
void vgc_keccak_x8_avx512(u64 *s);		/* AVX-512F */

/* AVX2 */
unsigned int vgc_mlkem_rej_uniform_avx2(s16 p[VGC_MLKEM_N], unsigned int have,
					const u8 *buf, unsigned int len);
void vgc_mlkem_cbd_avx2(s16 p[VGC_MLKEM_N], const u8 *buf, unsigned int eta);

/* AVX-512BW, VBMI, VBMI2, BMI2 */
unsigned int vgc_mlkem_rej_uniform_avx512(s16 p[VGC_MLKEM_N],
					  unsigned int have, const u8 *buf,
					  unsigned int len);

#endif /* VGC_X86_MLKEM_X86_H */
