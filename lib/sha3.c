// SPDX-License-Identifier: GPL-2.0-only
/*
 * Keccak-f[1600] (FIPS 202) with SHA3-256, SHA3-512, SHAKE128 and
 * SHAKE256 on top. Lanes are little-endian u64s; bytes are XORed into and
 * read out of them without a byte-array view, so the code is the same on
 * either endianness.
 */
#include <linux/export.h>

#include "sha3.h"

/* the round constants, also read by the arm64 two-state Keccak */
const u64 vgc_keccak_rc[24] = {
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
 * Lane (x, y) of the state is st[x + 5y], held here in aXY and eXY: two
 * rounds per iteration, from a to e and back, all in local variables so
 * the compiler can keep them in registers (loops over x and y, which gcc
 * -O2 does not unroll, were five times slower). Each round: theta
 * (c, d), rho and pi (lane (x, y) moves to (y, 2x + 3y), rotated by the
 * offset of FIPS 202 section 3.2.2) one output row at a time into b,
 * chi on that row, and iota.
 */
void vgc_keccak_f1600(u64 st[25])
{
	u64 a00, a10, a20, a30, a40, a01, a11, a21, a31, a41, a02, a12, a22,
	    a32, a42, a03, a13, a23, a33, a43, a04, a14, a24, a34, a44;
	u64 e00, e10, e20, e30, e40, e01, e11, e21, e31, e41, e02, e12, e22,
	    e32, e42, e03, e13, e23, e33, e43, e04, e14, e24, e34, e44;
	u64 b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	unsigned int round;

	a00 = st[0];
	a10 = st[1];
	a20 = st[2];
	a30 = st[3];
	a40 = st[4];
	a01 = st[5];
	a11 = st[6];
	a21 = st[7];
	a31 = st[8];
	a41 = st[9];
	a02 = st[10];
	a12 = st[11];
	a22 = st[12];
	a32 = st[13];
	a42 = st[14];
	a03 = st[15];
	a13 = st[16];
	a23 = st[17];
	a33 = st[18];
	a43 = st[19];
	a04 = st[20];
	a14 = st[21];
	a24 = st[22];
	a34 = st[23];
	a44 = st[24];
	for (round = 0; round < 24; round += 2) {
		c0 = a00 ^ a01 ^ a02 ^ a03 ^ a04;
		c1 = a10 ^ a11 ^ a12 ^ a13 ^ a14;
		c2 = a20 ^ a21 ^ a22 ^ a23 ^ a24;
		c3 = a30 ^ a31 ^ a32 ^ a33 ^ a34;
		c4 = a40 ^ a41 ^ a42 ^ a43 ^ a44;
		d0 = c4 ^ vgc_rol64(c1, 1);
		d1 = c0 ^ vgc_rol64(c2, 1);
		d2 = c1 ^ vgc_rol64(c3, 1);
		d3 = c2 ^ vgc_rol64(c4, 1);
		d4 = c3 ^ vgc_rol64(c0, 1);
		b0 = a00 ^ d0;
		b1 = vgc_rol64(a11 ^ d1, 44);
		b2 = vgc_rol64(a22 ^ d2, 43);
		b3 = vgc_rol64(a33 ^ d3, 21);
		b4 = vgc_rol64(a44 ^ d4, 14);
		e00 = b0 ^ (~b1 & b2);
		e10 = b1 ^ (~b2 & b3);
		e20 = b2 ^ (~b3 & b4);
		e30 = b3 ^ (~b4 & b0);
		e40 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(a30 ^ d3, 28);
		b1 = vgc_rol64(a41 ^ d4, 20);
		b2 = vgc_rol64(a02 ^ d0, 3);
		b3 = vgc_rol64(a13 ^ d1, 45);
		b4 = vgc_rol64(a24 ^ d2, 61);
		e01 = b0 ^ (~b1 & b2);
		e11 = b1 ^ (~b2 & b3);
		e21 = b2 ^ (~b3 & b4);
		e31 = b3 ^ (~b4 & b0);
		e41 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(a10 ^ d1, 1);
		b1 = vgc_rol64(a21 ^ d2, 6);
		b2 = vgc_rol64(a32 ^ d3, 25);
		b3 = vgc_rol64(a43 ^ d4, 8);
		b4 = vgc_rol64(a04 ^ d0, 18);
		e02 = b0 ^ (~b1 & b2);
		e12 = b1 ^ (~b2 & b3);
		e22 = b2 ^ (~b3 & b4);
		e32 = b3 ^ (~b4 & b0);
		e42 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(a40 ^ d4, 27);
		b1 = vgc_rol64(a01 ^ d0, 36);
		b2 = vgc_rol64(a12 ^ d1, 10);
		b3 = vgc_rol64(a23 ^ d2, 15);
		b4 = vgc_rol64(a34 ^ d3, 56);
		e03 = b0 ^ (~b1 & b2);
		e13 = b1 ^ (~b2 & b3);
		e23 = b2 ^ (~b3 & b4);
		e33 = b3 ^ (~b4 & b0);
		e43 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(a20 ^ d2, 62);
		b1 = vgc_rol64(a31 ^ d3, 55);
		b2 = vgc_rol64(a42 ^ d4, 39);
		b3 = vgc_rol64(a03 ^ d0, 41);
		b4 = vgc_rol64(a14 ^ d1, 2);
		e04 = b0 ^ (~b1 & b2);
		e14 = b1 ^ (~b2 & b3);
		e24 = b2 ^ (~b3 & b4);
		e34 = b3 ^ (~b4 & b0);
		e44 = b4 ^ (~b0 & b1);
		e00 ^= vgc_keccak_rc[round];

		c0 = e00 ^ e01 ^ e02 ^ e03 ^ e04;
		c1 = e10 ^ e11 ^ e12 ^ e13 ^ e14;
		c2 = e20 ^ e21 ^ e22 ^ e23 ^ e24;
		c3 = e30 ^ e31 ^ e32 ^ e33 ^ e34;
		c4 = e40 ^ e41 ^ e42 ^ e43 ^ e44;
		d0 = c4 ^ vgc_rol64(c1, 1);
		d1 = c0 ^ vgc_rol64(c2, 1);
		d2 = c1 ^ vgc_rol64(c3, 1);
		d3 = c2 ^ vgc_rol64(c4, 1);
		d4 = c3 ^ vgc_rol64(c0, 1);
		b0 = e00 ^ d0;
		b1 = vgc_rol64(e11 ^ d1, 44);
		b2 = vgc_rol64(e22 ^ d2, 43);
		b3 = vgc_rol64(e33 ^ d3, 21);
		b4 = vgc_rol64(e44 ^ d4, 14);
		a00 = b0 ^ (~b1 & b2);
		a10 = b1 ^ (~b2 & b3);
		a20 = b2 ^ (~b3 & b4);
		a30 = b3 ^ (~b4 & b0);
		a40 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(e30 ^ d3, 28);
		b1 = vgc_rol64(e41 ^ d4, 20);
		b2 = vgc_rol64(e02 ^ d0, 3);
		b3 = vgc_rol64(e13 ^ d1, 45);
		b4 = vgc_rol64(e24 ^ d2, 61);
		a01 = b0 ^ (~b1 & b2);
		a11 = b1 ^ (~b2 & b3);
		a21 = b2 ^ (~b3 & b4);
		a31 = b3 ^ (~b4 & b0);
		a41 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(e10 ^ d1, 1);
		b1 = vgc_rol64(e21 ^ d2, 6);
		b2 = vgc_rol64(e32 ^ d3, 25);
		b3 = vgc_rol64(e43 ^ d4, 8);
		b4 = vgc_rol64(e04 ^ d0, 18);
		a02 = b0 ^ (~b1 & b2);
		a12 = b1 ^ (~b2 & b3);
		a22 = b2 ^ (~b3 & b4);
		a32 = b3 ^ (~b4 & b0);
		a42 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(e40 ^ d4, 27);
		b1 = vgc_rol64(e01 ^ d0, 36);
		b2 = vgc_rol64(e12 ^ d1, 10);
		b3 = vgc_rol64(e23 ^ d2, 15);
		b4 = vgc_rol64(e34 ^ d3, 56);
		a03 = b0 ^ (~b1 & b2);
		a13 = b1 ^ (~b2 & b3);
		a23 = b2 ^ (~b3 & b4);
		a33 = b3 ^ (~b4 & b0);
		a43 = b4 ^ (~b0 & b1);
		b0 = vgc_rol64(e20 ^ d2, 62);
		b1 = vgc_rol64(e31 ^ d3, 55);
		b2 = vgc_rol64(e42 ^ d4, 39);
		b3 = vgc_rol64(e03 ^ d0, 41);
		b4 = vgc_rol64(e14 ^ d1, 2);
		a04 = b0 ^ (~b1 & b2);
		a14 = b1 ^ (~b2 & b3);
		a24 = b2 ^ (~b3 & b4);
		a34 = b3 ^ (~b4 & b0);
		a44 = b4 ^ (~b0 & b1);
		a00 ^= vgc_keccak_rc[round + 1];
	}
	st[0] = a00;
	st[1] = a10;
	st[2] = a20;
	st[3] = a30;
	st[4] = a40;
	st[5] = a01;
	st[6] = a11;
	st[7] = a21;
	st[8] = a31;
	st[9] = a41;
	st[10] = a02;
	st[11] = a12;
	st[12] = a22;
	st[13] = a32;
	st[14] = a42;
	st[15] = a03;
	st[16] = a13;
	st[17] = a23;
	st[18] = a33;
	st[19] = a43;
	st[20] = a04;
	st[21] = a14;
	st[22] = a24;
	st[23] = a34;
	st[24] = a44;
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

VGC_EXPORT_INTERNAL(vgc_sha3_256_init);

void vgc_sha3_512_init(struct vgc_keccak *k)
{
	keccak_init(k, VGC_SHA3_512_RATE, 0x06);
}

void vgc_shake128_init(struct vgc_keccak *k)
{
	keccak_init(k, VGC_SHAKE128_RATE, 0x1f);
}

VGC_EXPORT_INTERNAL(vgc_shake128_init);

void vgc_shake256_init(struct vgc_keccak *k)
{
	keccak_init(k, VGC_SHAKE256_RATE, 0x1f);
}

VGC_EXPORT_INTERNAL(vgc_shake256_init);

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

VGC_EXPORT_INTERNAL(vgc_keccak_absorb);

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

VGC_EXPORT_INTERNAL(vgc_keccak_squeeze);

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

void vgc_keccak_lane_xor(u64 *s, unsigned int lanes, unsigned int j,
			 unsigned int off, const u8 *in, size_t len)
{
	u64 *w;

	for (; len && off % 8; len--, off++)
		s[lanes * (off / 8) + j] ^= (u64)*in++ << (8 * (off % 8));
	for (w = s + lanes * (off / 8) + j; len >= 8; len -= 8, off += 8) {
		*w ^= get_unaligned_le64(in);
		w += lanes;
		in += 8;
	}
	for (; len; len--, off++)
		s[lanes * (off / 8) + j] ^= (u64)*in++ << (8 * (off % 8));
}

void vgc_keccak_lane_read(const u64 *s, unsigned int lanes, unsigned int j,
			  unsigned int off, u8 *out, size_t len)
{
	const u64 *w;

	for (; len && off % 8; len--, off++)
		*out++ = s[lanes * (off / 8) + j] >> (8 * (off % 8));
	for (w = s + lanes * (off / 8) + j; len >= 8; len -= 8, off += 8) {
		put_unaligned_le64(*w, out);
		w += lanes;
		out += 8;
	}
	for (; len; len--, off++)
		*out++ = s[lanes * (off / 8) + j] >> (8 * (off % 8));
}
