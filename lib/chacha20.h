/* SPDX-License-Identifier: GPL-2.0-only */
/* ChaCha20 block function (RFC 8439 section 2.3) and its state layout. */
#ifndef VGC_CHACHA20_H
#define VGC_CHACHA20_H

#include "vgc_base.h"

#define VGC_CHACHA_KEY_SIZE	32
#define VGC_CHACHA_NONCE_SIZE	12
#define VGC_CHACHA_BLOCK_SIZE	64
#define VGC_HCHACHA_NONCE_SIZE	16

/*
 * The sixteen-word state: constants, key, 32-bit block counter in word
 * 12, nonce in words 13-15. Every block function advances word 12 by
 * the number of blocks it produced, so a caller can stop and resume.
 */
static inline void vgc_chacha20_init(u32 state[16], const u8 *key,
				     const u8 *nonce, u32 counter)
{
	int i;

	state[0] = 0x61707865;	/* "expa" */
	state[1] = 0x3320646e;	/* "nd 3" */
	state[2] = 0x79622d32;	/* "2-by" */
	state[3] = 0x6b206574;	/* "te k" */
	for (i = 0; i < 8; i++)
		state[4 + i] = get_unaligned_le32(key + 4 * i);
	state[12] = counter;
	for (i = 0; i < 3; i++)
		state[13 + i] = get_unaligned_le32(nonce + 4 * i);
}

/*
 * HChaCha20 (draft-irtf-cfrg-xchacha-03, section 2.2): the 20 rounds,
 * without the feed-forward, over the key and a 16-byte nonce; words 0-3
 * and 12-15 are the subkey XChaCha20 runs ChaCha20 with.
 */
void vgc_hchacha20(u8 out[VGC_CHACHA_KEY_SIZE], const u8 key[VGC_CHACHA_KEY_SIZE],
		   const u8 nonce[VGC_HCHACHA_NONCE_SIZE]);

/* One 64-byte keystream block of @state, then the counter moves on. */
void vgc_chacha20_block(u32 state[16], u8 out[VGC_CHACHA_BLOCK_SIZE]);

/* dst = src XOR keystream for @nblocks whole blocks (dst may equal src). */
void vgc_chacha20_xor_generic(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks);
/* The same, then block @nblocks's keystream into @ks. */
void vgc_chacha20_xor_ks_generic(u32 state[16], u8 *dst, const u8 *src,
				 unsigned int nblocks, u8 ks[VGC_CHACHA_BLOCK_SIZE]);

#endif /* VGC_CHACHA20_H */
