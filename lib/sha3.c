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

static inline u64 vgc_rol64(u64 w, unsigned int s)
{
	return (w << s) | (w >> ((-s) & 63));
}

/*
 * Written out rather than as loops over x and y: gcc -O2 does not unroll
 * those, and the loop form was five times slower. Lane (x, y) is
 * s[x + 5y].
 */
void vgc_keccak_f1600(u64 s[25])
{
	u64 c[5], d[5], b[25];
	unsigned int round, y;

	for (round = 0; round < 24; round++) {
		/* theta: d[x] = c[x - 1] ^ rol(c[x + 1], 1) */
		c[0] = s[0] ^ s[5] ^ s[10] ^ s[15] ^ s[20];
		c[1] = s[1] ^ s[6] ^ s[11] ^ s[16] ^ s[21];
		c[2] = s[2] ^ s[7] ^ s[12] ^ s[17] ^ s[22];
		c[3] = s[3] ^ s[8] ^ s[13] ^ s[18] ^ s[23];
		c[4] = s[4] ^ s[9] ^ s[14] ^ s[19] ^ s[24];
		d[0] = c[4] ^ vgc_rol64(c[1], 1);
		d[1] = c[0] ^ vgc_rol64(c[2], 1);
		d[2] = c[1] ^ vgc_rol64(c[3], 1);
		d[3] = c[2] ^ vgc_rol64(c[4], 1);
		d[4] = c[3] ^ vgc_rol64(c[0], 1);

		/*
		 * theta applied, then rho (rotation by the offsets of FIPS 202
		 * section 3.2.2) and pi: lane (x, y) moves to (y, 2x + 3y).
		 */
		b[0] = s[0] ^ d[0];
		b[1] = vgc_rol64(s[6] ^ d[1], 44);
		b[2] = vgc_rol64(s[12] ^ d[2], 43);
		b[3] = vgc_rol64(s[18] ^ d[3], 21);
		b[4] = vgc_rol64(s[24] ^ d[4], 14);
		b[5] = vgc_rol64(s[3] ^ d[3], 28);
		b[6] = vgc_rol64(s[9] ^ d[4], 20);
		b[7] = vgc_rol64(s[10] ^ d[0], 3);
		b[8] = vgc_rol64(s[16] ^ d[1], 45);
		b[9] = vgc_rol64(s[22] ^ d[2], 61);
		b[10] = vgc_rol64(s[1] ^ d[1], 1);
		b[11] = vgc_rol64(s[7] ^ d[2], 6);
		b[12] = vgc_rol64(s[13] ^ d[3], 25);
		b[13] = vgc_rol64(s[19] ^ d[4], 8);
		b[14] = vgc_rol64(s[20] ^ d[0], 18);
		b[15] = vgc_rol64(s[4] ^ d[4], 27);
		b[16] = vgc_rol64(s[5] ^ d[0], 36);
		b[17] = vgc_rol64(s[11] ^ d[1], 10);
		b[18] = vgc_rol64(s[17] ^ d[2], 15);
		b[19] = vgc_rol64(s[23] ^ d[3], 56);
		b[20] = vgc_rol64(s[2] ^ d[2], 62);
		b[21] = vgc_rol64(s[8] ^ d[3], 55);
		b[22] = vgc_rol64(s[14] ^ d[4], 39);
		b[23] = vgc_rol64(s[15] ^ d[0], 41);
		b[24] = vgc_rol64(s[21] ^ d[1], 2);

		/* chi, row by row */
		for (y = 0; y < 25; y += 5) {
			s[y + 0] = b[y + 0] ^ (~b[y + 1] & b[y + 2]);
			s[y + 1] = b[y + 1] ^ (~b[y + 2] & b[y + 3]);
			s[y + 2] = b[y + 2] ^ (~b[y + 3] & b[y + 4]);
			s[y + 3] = b[y + 3] ^ (~b[y + 4] & b[y + 0]);
			s[y + 4] = b[y + 4] ^ (~b[y + 0] & b[y + 1]);
		}

		/* iota */
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
