/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mlkem-native as mlkem_bench's yardstick: the derandomised KeyGen,
 * Encaps and Decaps of each parameter set, under names of our own, once
 * for its AVX2 build (mlkn_avx2_), once for the same with -march=native
 * (mlkn_native_), once for its portable C (mlkn_c_) and once for that C
 * built without vector registers, as the kernel builds C (mlkn_ck_).
 * mlkn_peer.c gives them; it is compiled at bench time against a copy of
 * ../shared/anchors/mlkem-native, whose code never enters the project.
 * set: 0, 1, 2 for ML-KEM-512, -768, -1024. Each returns 0 on success.
 */
#ifndef VGC_MLKN_PEER_H
#define VGC_MLKN_PEER_H

int mlkn_avx2_keypair(unsigned int set, unsigned char *ek, unsigned char *dk,
		      const unsigned char seed[64]);
int mlkn_avx2_encaps(unsigned int set, unsigned char *ct, unsigned char *ss,
		     const unsigned char *ek, const unsigned char m[32]);
int mlkn_avx2_decaps(unsigned int set, unsigned char *ss,
		     const unsigned char *ct, const unsigned char *dk);
int mlkn_native_keypair(unsigned int set, unsigned char *ek, unsigned char *dk,
			const unsigned char seed[64]);
int mlkn_native_encaps(unsigned int set, unsigned char *ct, unsigned char *ss,
		       const unsigned char *ek, const unsigned char m[32]);
int mlkn_native_decaps(unsigned int set, unsigned char *ss,
		       const unsigned char *ct, const unsigned char *dk);
int mlkn_c_keypair(unsigned int set, unsigned char *ek, unsigned char *dk,
		   const unsigned char seed[64]);
int mlkn_c_encaps(unsigned int set, unsigned char *ct, unsigned char *ss,
		  const unsigned char *ek, const unsigned char m[32]);
int mlkn_c_decaps(unsigned int set, unsigned char *ss,
		  const unsigned char *ct, const unsigned char *dk);
int mlkn_ck_keypair(unsigned int set, unsigned char *ek, unsigned char *dk,
		    const unsigned char seed[64]);
int mlkn_ck_encaps(unsigned int set, unsigned char *ct, unsigned char *ss,
		   const unsigned char *ek, const unsigned char m[32]);
int mlkn_ck_decaps(unsigned int set, unsigned char *ss,
		   const unsigned char *ct, const unsigned char *dk);

#endif /* VGC_MLKN_PEER_H */
