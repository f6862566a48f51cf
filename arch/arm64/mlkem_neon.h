/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The arm64 ML-KEM back end's primitives (arch/arm64/mlkem_neon.c and
 * arch/arm64/keccak_neon.c). Each has the contract of its entry in
 * struct vgc_mlkem_backend (lib/mlkem_backend.h) and the same results as
 * the portable function (coefficient for coefficient where the contract
 * says equal, congruent mod q and inside the bound where it gives a
 * range). NTT-domain polynomials are in FIPS 203 order. Call only
 * between kernel_neon_begin() and kernel_neon_end() (the back end's
 * simd_begin and simd_end).
 */
#ifndef VGC_ARM64_MLKEM_NEON_H
#define VGC_ARM64_MLKEM_NEON_H

#include "mlkem_poly.h"

void vgc_mlkem_ntt_neon(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_invntt_neon(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_basemul_row_neon(s16 r[VGC_MLKEM_N], const s16 *a,
				const s16 *b, unsigned int k);
void vgc_mlkem_tomont_neon(s16 p[VGC_MLKEM_N]);
void vgc_mlkem_add_neon(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
void vgc_mlkem_rsub_neon(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
unsigned int vgc_mlkem_rej_uniform_neon(s16 p[VGC_MLKEM_N], unsigned int have,
					const u8 *buf, unsigned int len);
void vgc_mlkem_cbd_neon(s16 p[VGC_MLKEM_N], const u8 *buf, unsigned int eta);
void vgc_mlkem_compress_neon(u8 *out, const s16 p[VGC_MLKEM_N],
			     unsigned int d);
void vgc_mlkem_decompress_neon(s16 p[VGC_MLKEM_N], const u8 *in,
			       unsigned int d);
void vgc_mlkem_tobytes_neon(u8 out[VGC_MLKEM_POLYBYTES],
			    const s16 p[VGC_MLKEM_N]);
bool vgc_mlkem_frombytes_neon(s16 p[VGC_MLKEM_N],
			      const u8 in[VGC_MLKEM_POLYBYTES]);

/*
 * Keccak-f[1600] on two interleaved states (word i of state j at
 * s[2 * i + j]): with the SHA-3 extension (EOR3, RAX1, XAR, BCAX) or in
 * plain NEON. vgc_keccak_x2_neon() runs the one vgc_keccak_x2_select()
 * chose when the back end was found usable (plain NEON until then).
 */
void vgc_keccak_x2_neon(u64 *s);
void vgc_keccak_x2_plain(u64 *s);
void vgc_keccak_x2_sha3(u64 *s);
void vgc_keccak_x2_select(bool sha3);
bool vgc_keccak_x2_uses_sha3(void);

#endif /* VGC_ARM64_MLKEM_NEON_H */
