// SPDX-License-Identifier: GPL-2.0-only
/*
 * Portable ChaCha20 (RFC 8439 section 2.3-2.4): the reference for every
 * vector back end and the path taken whenever SIMD cannot be used.
 */
#include "chacha20.h"
#include "chacha20poly1305.h"	/* vgc_burn_stack() */

static __always_inline void quarter_round(u32 *x, int a, int b, int c, int d)
{
	x[a] += x[b];
	x[d] = rol32(x[d] ^ x[a], 16);
	x[c] += x[d];
	x[b] = rol32(x[b] ^ x[c], 12);
	x[a] += x[b];
	x[d] = rol32(x[d] ^ x[a], 8);
	x[c] += x[d];
	x[b] = rol32(x[b] ^ x[c], 7);
}

/* The 20 rounds, in place. */
static void chacha20_rounds(u32 x[16])
{
	int i;

	for (i = 0; i < 10; i++) {
		/* column round */
		quarter_round(x, 0, 4, 8, 12);
		quarter_round(x, 1, 5, 9, 13);
		quarter_round(x, 2, 6, 10, 14);
		quarter_round(x, 3, 7, 11, 15);
		/* diagonal round */
		quarter_round(x, 0, 5, 10, 15);
		quarter_round(x, 1, 6, 11, 12);
		quarter_round(x, 2, 7, 8, 13);
		quarter_round(x, 3, 4, 9, 14);
	}
}

/* The 20 rounds plus feed-forward, as sixteen little-endian words. */
static void chacha20_core(const u32 in[16], u32 x[16])
{
	int i;

	for (i = 0; i < 16; i++)
		x[i] = in[i];
	chacha20_rounds(x);
	for (i = 0; i < 16; i++)
		x[i] += in[i];
}

static noinline void hchacha20(u8 out[VGC_CHACHA_KEY_SIZE],
			       const u8 key[VGC_CHACHA_KEY_SIZE],
			       const u8 nonce[VGC_HCHACHA_NONCE_SIZE])
{
	u32 x[16];
	int i;

	/* the nonce's first word where the block counter would be */
	vgc_chacha20_init(x, key, nonce + 4, get_unaligned_le32(nonce));
	chacha20_rounds(x);
	for (i = 0; i < 4; i++) {
		put_unaligned_le32(x[i], out + 4 * i);
		put_unaligned_le32(x[12 + i], out + 16 + 4 * i);
	}
	memzero_explicit(x, sizeof(x));
}

/*
 * x[] is wiped, but not what the compiler spilled of the rounds' words
 * (key-derived) around it: the frame is burnt after the call.
 */
void vgc_hchacha20(u8 out[VGC_CHACHA_KEY_SIZE], const u8 key[VGC_CHACHA_KEY_SIZE],
		   const u8 nonce[VGC_HCHACHA_NONCE_SIZE])
{
	hchacha20(out, key, nonce);
	vgc_burn_stack();
}

void vgc_chacha20_block(u32 state[16], u8 out[VGC_CHACHA_BLOCK_SIZE])
{
	u32 x[16];
	int i;

	chacha20_core(state, x);
	for (i = 0; i < 16; i++)
		put_unaligned_le32(x[i], out + 4 * i);
	state[12]++;
	memzero_explicit(x, sizeof(x));
}

void vgc_chacha20_xor_generic(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks)
{
	u32 x[16];
	int i;

	while (nblocks--) {
		chacha20_core(state, x);
		for (i = 0; i < 16; i++)
			put_unaligned_le32(get_unaligned_le32(src + 4 * i) ^ x[i],
					   dst + 4 * i);
		state[12]++;
		src += VGC_CHACHA_BLOCK_SIZE;
		dst += VGC_CHACHA_BLOCK_SIZE;
	}
	memzero_explicit(x, sizeof(x));
}

void vgc_chacha20_xor_ks_generic(u32 state[16], u8 *dst, const u8 *src,
				 unsigned int nblocks, u8 ks[VGC_CHACHA_BLOCK_SIZE])
{
	vgc_chacha20_xor_generic(state, dst, src, nblocks);
	vgc_chacha20_block(state, ks);
}
