/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keccak-f[1600] and the FIPS 202 functions ML-KEM needs. Linux 6.1 has
 * no SHAKE, so the module carries its own. The state is a caller-provided
 * struct so that ML-KEM can keep it in its working memory rather than on
 * the stack.
 */
#ifndef VGC_SHA3_H
#define VGC_SHA3_H

#include "vgc_base.h"

#define VGC_SHA3_256_RATE	136
#define VGC_SHA3_512_RATE	72
#define VGC_SHAKE128_RATE	168
#define VGC_SHAKE256_RATE	136

struct vgc_keccak {
	u64 s[25];
	unsigned int rate;	/* bytes */
	unsigned int pos;	/* byte offset into the current block */
	u8 dsbyte;		/* domain separation and first padding bit */
	bool squeezing;
};

extern const u64 vgc_keccak_rc[24];

void vgc_keccak_f1600(u64 s[25]);

/*
 * Incremental use: init, any number of absorbs, then squeezes (the first
 * squeeze pads). Absorbing after squeezing has begun is not supported.
 */
void vgc_sha3_256_init(struct vgc_keccak *k);
void vgc_sha3_512_init(struct vgc_keccak *k);
void vgc_shake128_init(struct vgc_keccak *k);
void vgc_shake256_init(struct vgc_keccak *k);
void vgc_keccak_absorb(struct vgc_keccak *k, const u8 *in, size_t len);
void vgc_keccak_squeeze(struct vgc_keccak *k, u8 *out, size_t len);

void vgc_sha3_256(struct vgc_keccak *k, u8 out[32], const u8 *in,
		  size_t len);
void vgc_sha3_512(struct vgc_keccak *k, u8 out[64], const u8 *in,
		  size_t len);

/*
 * One state of several permuted side by side (@lanes states interleaved:
 * word i of state j is s[lanes * i + j]): XOR @len bytes into state @j
 * from byte @off on, or read @len bytes of it from byte @off on.
 */
void vgc_keccak_lane_xor(u64 *s, unsigned int lanes, unsigned int j,
			 unsigned int off, const u8 *in, size_t len);
void vgc_keccak_lane_read(const u64 *s, unsigned int lanes, unsigned int j,
			  unsigned int off, u8 *out, size_t len);

static inline void vgc_keccak_wipe(struct vgc_keccak *k)
{
	memzero_explicit(k, sizeof(*k));
}

#endif /* VGC_SHA3_H */
