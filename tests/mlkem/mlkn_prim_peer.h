/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mlkem-native's AVX2 assembly (System V calls) as mlkem_primbench calls
 * it, and the constant tables it takes (mlkn_prim_peer.c exports them).
 * Built only at bench time, against a copy of ../shared/anchors.
 */
#ifndef VGC_MLKN_PRIM_PEER_H
#define VGC_MLKN_PRIM_PEER_H

void mlkem_ntt_avx2_asm(s16 *r, const s16 *qdata);
void mlkem_invntt_avx2_asm(s16 *r, const s16 *qdata);
void mlkem_reduce_avx2_asm(s16 *r);
void mlkem_tomont_avx2_asm(s16 *r);
void mlkem_poly_mulcache_compute_avx2_asm(s16 *out, const s16 *in,
					  const s16 *qdata);
void mlkem_polyvec_basemul_acc_montgomery_cached_k2_avx2_asm(s16 *r,
							     const s16 *a,
							     const s16 *b,
							     const s16 *bc);
void mlkem_polyvec_basemul_acc_montgomery_cached_k3_avx2_asm(s16 *r,
							     const s16 *a,
							     const s16 *b,
							     const s16 *bc);
void mlkem_polyvec_basemul_acc_montgomery_cached_k4_avx2_asm(s16 *r,
							     const s16 *a,
							     const s16 *b,
							     const s16 *bc);
void mlkem_ntttobytes_avx2_asm(u8 *r, const s16 *a);
void mlkem_nttfrombytes_avx2_asm(s16 *r, const u8 *a);
void mlkem_poly_compress_d4_avx2_asm(u8 *r, const s16 *a, const u8 *data);
void mlkem_poly_compress_d5_avx2_asm(u8 *r, const s16 *a, const u8 *data);
void mlkem_poly_compress_d10_avx2_asm(u8 *r, const s16 *a, const u8 *data);
void mlkem_poly_compress_d11_avx2_asm(u8 *r, const s16 *a, const u8 *data);
void mlkem_poly_decompress_d4_avx2_asm(s16 *r, const u8 *a, const u8 *data);
void mlkem_poly_decompress_d5_avx2_asm(s16 *r, const u8 *a, const u8 *data);
void mlkem_poly_decompress_d10_avx2_asm(s16 *r, const u8 *a,
					const u8 *data);
void mlkem_poly_decompress_d11_avx2_asm(s16 *r, const u8 *a,
					const u8 *data);

extern const s16 *const mlkn_qdata;
extern const u8 *const mlkn_compress_data[12];
extern const u8 *const mlkn_decompress_data[12];

#endif /* VGC_MLKN_PRIM_PEER_H */
