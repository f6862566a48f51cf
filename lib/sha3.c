// SPDX-License-Identifier: GPL-2.0-only
/*
 * Keccak-f[1600] (FIPS 202) with SHA3-256, SHA3-512, SHAKE128 and
 * SHAKE256 on top. Lanes are little-endian u64s; bytes are XORed into and
 * read out of them without a byte-array view, so the code is the same on
 * either endianness.
 */
#include "sha3.h"

static const u64 keccak_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/*
 * rho and pi together: pi moves every lane but lane 0 along a single
 * 24-step cycle starting at lane 1, so one carried lane suffices. Each
 * step stores the carried lane, rotated by its rho offset, at the next
 * position of the cycle.
 */
static const u8 keccak_pi_next[24] = {
	10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4,
	15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1,
};

static const u8 keccak_rho[24] = {
	1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14,
	27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44,
};

static inline u64 vgc_rol64(u64 w, unsigned int s)
{
	return (w << s) | (w >> ((-s) & 63));
}

void vgc_keccak_f1600(u64 s[25])
{
	u64 c[5], d, carry, t;
	unsigned int round, x, y, i;

	for (round = 0; round < 24; round++) {
		/* theta */
		for (x = 0; x < 5; x++)
			c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^
			       s[x + 20];
		for (x = 0; x < 5; x++) {
			d = c[(x + 4) % 5] ^ vgc_rol64(c[(x + 1) % 5], 1);
			for (y = 0; y < 25; y += 5)
				s[y + x] ^= d;
		}

		carry = s[1];
		for (i = 0; i < 24; i++) {
			t = s[keccak_pi_next[i]];
			s[keccak_pi_next[i]] = vgc_rol64(carry, keccak_rho[i]);
			carry = t;
		}

		/* chi, one row of five lanes at a time */
		for (y = 0; y < 25; y += 5) {
			for (x = 0; x < 5; x++)
				c[x] = s[y + x];
			for (x = 0; x < 5; x++)
				s[y + x] = c[x] ^ (~c[(x + 1) % 5] &
						   c[(x + 2) % 5]);
		}

		s[0] ^= keccak_rc[round];
	}
}

static void keccak_init(struct vgc_keccak *k, unsigned int rate, u8 dsbyte)
{
	memset(k->s, 0, sizeof(k->s));
	k->rate = rate;
	k->pos = 0;
	k->dsbyte = dsbyte;
	k->squeezing = false;
}

/* FIPS 202: SHA-3 appends the bits 01, SHAKE 1111, then pad10*1 starts. */
void vgc_sha3_256_init(struct vgc_keccak *k)
{
	keccak_init(k, VGC_SHA3_256_RATE, 0x06);
}

void vgc_sha3_512_init(struct vgc_keccak *k)
{
	keccak_init(k, VGC_SHA3_512_RATE, 0x06);
}

void vgc_shake128_init(struct vgc_keccak *k)
{
	keccak_init(k, VGC_SHAKE128_RATE, 0x1f);
}

void vgc_shake256_init(struct vgc_keccak *k)
{
	keccak_init(k, VGC_SHAKE256_RATE, 0x1f);
}

static inline void xor_byte(u64 *s, unsigned int pos, u8 b)
{
	s[pos / 8] ^= (u64)b << (8 * (pos % 8));
}

void vgc_keccak_absorb(struct vgc_keccak *k, const u8 *in, size_t len)
{
	while (len) {
		/* whole lanes when aligned: the common case for long inputs */
		if (k->pos % 8 == 0 && len >= 8 && k->pos + 8 <= k->rate) {
			k->s[k->pos / 8] ^= get_unaligned_le64(in);
			k->pos += 8;
			in += 8;
			len -= 8;
		} else {
			xor_byte(k->s, k->pos++, *in++);
			len--;
		}
		if (k->pos == k->rate) {
			vgc_keccak_f1600(k->s);
			k->pos = 0;
		}
	}
}

static void keccak_pad(struct vgc_keccak *k)
{
	xor_byte(k->s, k->pos, k->dsbyte);
	xor_byte(k->s, k->rate - 1, 0x80);
	vgc_keccak_f1600(k->s);
	k->pos = 0;
	k->squeezing = true;
}

void vgc_keccak_squeeze(struct vgc_keccak *k, u8 *out, size_t len)
{
	if (!k->squeezing)
		keccak_pad(k);
	while (len) {
		if (k->pos == k->rate) {
			vgc_keccak_f1600(k->s);
			k->pos = 0;
		}
		if (k->pos % 8 == 0 && len >= 8) {
			put_unaligned_le64(k->s[k->pos / 8], out);
			k->pos += 8;
			out += 8;
			len -= 8;
		} else {
			*out++ = k->s[k->pos / 8] >> (8 * (k->pos % 8));
			k->pos++;
			len--;
		}
	}
}


void vgc_sha3_256(struct vgc_keccak *k, u8 out[32], const u8 *in, size_t len)
{
	vgc_sha3_256_init(k);
	vgc_keccak_absorb(k, in, len);
	vgc_keccak_squeeze(k, out, 32);
}

void vgc_sha3_512(struct vgc_keccak *k, u8 out[64], const u8 *in, size_t len)
{
	vgc_sha3_512_init(k);
	vgc_keccak_absorb(k, in, len);
	vgc_keccak_squeeze(k, out, 64);
}
