/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86-64 ML-KEM functions of the AVX2 and AVX-512 back ends
 * (arch/x86/backends.c). Each has the contract of its entry in struct
 * vgc_mlkem_backend (lib/mlkem_backend.h). Call only between
 * kernel_fpu_begin() and kernel_fpu_end(), on a CPU with the named
 * extensions.
 */
#ifndef VGC_X86_MLKEM_X86_H
#define VGC_X86_MLKEM_X86_H

#include "mlkem_poly.h"

/*
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
