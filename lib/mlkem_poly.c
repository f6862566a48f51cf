// SPDX-License-Identifier: GPL-2.0-only
/*
 * Portable ML-KEM polynomial arithmetic (FIPS 203 sections 4.2.2, 4.3):
 * the portable back end, and the reference every other is tested against.
 */
#include <linux/export.h>

#include "mlkem_backend.h"
#include "sha3.h"

/*
 * zeta^BitRev7(i) * 2^16 mod q, centred, for zeta = 17: the twiddle
 * factors of FIPS 203's NTT (Algorithms 9 and 10) in Montgomery form, so
 * one Montgomery multiplication by them is a plain multiplication by
 * zeta^BitRev7(i). Entry 0 is unused.
 */
static const s16 mlkem_zetas[128] = {
	-1044, -758, -359, -1517, 1493, 1422, 287, 202,
	-171, 622, 1577, 182, 962, -1202, -1474, 1468,
	573, -1325, 264, 383, -829, 1458, -1602, -130,
	-681, 1017, 732, 608, -1542, 411, -205, -1571,
	1223, 652, -552, 1015, -1293, 1491, -282, -1544,
	516, -8, -320, -666, -1618, -1162, 126, 1469,
	-853, -90, -271, 830, 107, -1421, -247, -951,
	-398, 961, -1508, -725, 448, -1065, 677, -1275,
	-1103, 430, 555, 843, -1251, 871, 1550, 105,
	422, 587, 177, -235, -291, -460, 1574, 1653,
	-246, 778, 1159, -147, -777, 1483, -602, 1119,
	-1590, 644, -872, 349, 418, 329, -156, -75,
	817, 1097, 603, 610, 1322, -1285, -1465, 384,
	-1215, -136, 1218, -1335, -874, 220, -1187, -1659,
	-1185, -1530, -1278, 794, -1510, -854, -870, 478,
	-108, -308, 996, 991, 958, -1460, 1522, 1628,
};

static inline s16 fqmul(s16 a, s16 b)
{
	return vgc_mlkem_montgomery_reduce((s32)a * b);
}

/*
 * Each layer adds at most q to the bound, so inputs below 4096 stay
 * below 4096 + 7q < 2^15 without intermediate reductions.
 */
void vgc_mlkem_ntt(s16 p[VGC_MLKEM_N])
{
	unsigned int len, start, j, k = 1;
	s16 zeta, t;

	for (len = 128; len >= 2; len >>= 1) {
		for (start = 0; start < VGC_MLKEM_N; start += 2 * len) {
			zeta = mlkem_zetas[k++];
			for (j = start; j < start + len; j++) {
				t = fqmul(zeta, p[j + len]);
				p[j + len] = p[j] - t;
				p[j] = p[j] + t;
			}
		}
	}
	vgc_mlkem_poly_reduce(p);
}

void vgc_mlkem_invntt(s16 p[VGC_MLKEM_N])
{
	/* 2^32 / 128 mod q: scales by 1/128 and by R in one multiplication */
	const s16 f = 1441;
	unsigned int len, start, j, k = 127;
	s16 zeta, t;

	for (len = 2; len < 128; len <<= 1) {
		for (start = 0; start < VGC_MLKEM_N; start += 2 * len) {
			zeta = mlkem_zetas[k--];
			for (j = start; j < start + len; j++) {
				t = p[j];
				p[j] = t + p[j + len];
				/* |difference| <= 16q: too wide for fqmul's s16 */
				p[j + len] = vgc_mlkem_montgomery_reduce((s32)zeta *
									 (p[j + len] - t));
			}
		}
		/*
		 * Sums at most double per layer: from |c| <= q, three layers
		 * stay below 8q < 2^15, so reduce after the third and sixth.
		 */
		if (len == 8 || len == 64)
			vgc_mlkem_poly_reduce(p);
	}
	/*
	 * The last layer with the scaling by f folded in: the difference is
	 * multiplied by zeta * f (one Montgomery product: fqmul(zeta, f)),
	 * the sum by f. zeta is mlkem_zetas[1] = -758 there.
	 */
	zeta = fqmul(mlkem_zetas[1], f);
	for (j = 0; j < 128; j++) {
		t = p[j];
		p[j] = fqmul(t + p[j + 128], f);
		p[j + 128] = vgc_mlkem_montgomery_reduce((s32)zeta *
							 (p[j + 128] - t));
	}
}

/*
 * FIPS 203 Algorithms 11 and 12: pairs of coefficients multiplied modulo
 * X^2 - gamma with gamma = zeta^(2 BitRev7(i) + 1). Those gammas are the
 * last 64 NTT twiddles and their negatives, alternately, so each step
 * takes two pairs: one with +gamma, one with -gamma. Only a1 * b1 is
 * reduced (times gamma * R, it comes back to the scale of the other
 * products); the k products of a row are summed in 32 bits and reduced
 * once: with |a| < q and |b| < 4096, each adds below q * (4096 + q / 2),
 * and four stay within Montgomery reduction's |x| < q * 2^15.
 */
void vgc_mlkem_basemul_row(s16 r[VGC_MLKEM_N], const s16 *a, const s16 *b,
			   unsigned int k)
{
	unsigned int i, j;
	s32 r0, r1, r2, r3;
	const s16 *x, *y;
	s16 gamma;

	for (i = 0; i < VGC_MLKEM_N; i += 4) {
		gamma = mlkem_zetas[64 + i / 4];
		r0 = 0;
		r1 = 0;
		r2 = 0;
		r3 = 0;
		for (j = 0; j < k; j++) {
			x = a + j * VGC_MLKEM_N + i;
			y = b + j * VGC_MLKEM_N + i;
			r0 += (s32)fqmul(x[1], y[1]) * gamma + (s32)x[0] * y[0];
			r1 += (s32)x[0] * y[1] + (s32)x[1] * y[0];
			r2 -= (s32)fqmul(x[3], y[3]) * gamma - (s32)x[2] * y[2];
			r3 += (s32)x[2] * y[3] + (s32)x[3] * y[2];
		}
		r[i] = vgc_mlkem_montgomery_reduce(r0);
		r[i + 1] = vgc_mlkem_montgomery_reduce(r1);
		r[i + 2] = vgc_mlkem_montgomery_reduce(r2);
		r[i + 3] = vgc_mlkem_montgomery_reduce(r3);
	}
}

void vgc_mlkem_poly_reduce(s16 p[VGC_MLKEM_N])
{
	unsigned int i;

	for (i = 0; i < VGC_MLKEM_N; i++)
		p[i] = vgc_mlkem_barrett_reduce(p[i]);
}

void vgc_mlkem_poly_tomont(s16 p[VGC_MLKEM_N])
{
	/* 2^32 mod q */
	const s16 r2 = 1353;
	unsigned int i;

	for (i = 0; i < VGC_MLKEM_N; i++)
		p[i] = fqmul(p[i], r2);
}

void vgc_mlkem_poly_add(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N])
{
	unsigned int i;

	for (i = 0; i < VGC_MLKEM_N; i++)
		r[i] += a[i];
}

void vgc_mlkem_poly_rsub(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N])
{
	unsigned int i;

	for (i = 0; i < VGC_MLKEM_N; i++)
		r[i] = a[i] - r[i];
}

/*
 * Coefficient i is (sum of eta bits) - (sum of the next eta bits). Adding
 * the bit planes of a word counts the bits of every field at once.
 */
void vgc_mlkem_cbd(s16 p[VGC_MLKEM_N], const u8 *buf, unsigned int eta)
{
	unsigned int i, j;
	u32 w, t;

	if (eta == 2) {
		for (i = 0; i < VGC_MLKEM_N / 8; i++) {
			w = get_unaligned_le32(buf + 4 * i);
			t = (w & 0x55555555) + ((w >> 1) & 0x55555555);
			for (j = 0; j < 8; j++)
				p[8 * i + j] = (s16)((t >> (4 * j)) & 3) -
					       (s16)((t >> (4 * j + 2)) & 3);
		}
	} else {
		for (i = 0; i < VGC_MLKEM_N / 4; i++) {
			w = buf[3 * i] | (u32)buf[3 * i + 1] << 8 |
			    (u32)buf[3 * i + 2] << 16;
			t = (w & 0x249249) + ((w >> 1) & 0x249249) +
			    ((w >> 2) & 0x249249);
			for (j = 0; j < 4; j++)
				p[4 * i + j] = (s16)((t >> (6 * j)) & 7) -
					       (s16)((t >> (6 * j + 3)) & 7);
		}
	}
}

/*
 * Two 12-bit candidates from every 3 bytes. While room is left for both,
 * each is written and the count moves only if it is below q, so the loop
 * has no data-dependent branch to mispredict (the data is public; this is
 * for speed); the last few go one by one.
 */
unsigned int vgc_mlkem_rej_uniform(s16 p[VGC_MLKEM_N], unsigned int have,
				   const u8 *buf, unsigned int len)
{
	unsigned int i;
	u16 d1, d2;

	for (i = 0; i + 3 <= len && have < VGC_MLKEM_N; i += 3) {
		d1 = buf[i] | (u16)(buf[i + 1] & 0x0f) << 8;
		d2 = buf[i + 1] >> 4 | (u16)buf[i + 2] << 4;
		if (have < VGC_MLKEM_N - 1) {
			p[have] = d1;
			have += d1 < VGC_MLKEM_Q;
			p[have] = d2;
			have += d2 < VGC_MLKEM_Q;
			continue;
		}
		if (d1 < VGC_MLKEM_Q)
			p[have++] = d1;
		if (d2 < VGC_MLKEM_Q && have < VGC_MLKEM_N)
			p[have++] = d2;
	}
	return have;
}

/*
 * Little-endian bit packing of 256 d-bit values, as ByteEncode_d: eight
 * values make d whole bytes. Inlined for each d, so that the shifts and
 * stores are fixed at compile time.
 */
static __always_inline void compress_d(u8 *out, const s16 p[VGC_MLKEM_N],
				       unsigned int d)
{
	unsigned int i, j, bits;
	u64 acc;

	for (i = 0; i < VGC_MLKEM_N; i += 8) {
		acc = 0;
		bits = 0;
		for (j = 0; j < 8; j++) {
			acc |= (u64)vgc_mlkem_compress(vgc_mlkem_freeze(p[i + j]),
						       d) << bits;
			bits += d;
			if (bits >= 32) {
				put_unaligned_le32((u32)acc, out);
				out += 4;
				acc >>= 32;
				bits -= 32;
			}
		}
		for (; bits; bits -= 8, acc >>= 8)
			*out++ = (u8)acc;
	}
}

void vgc_mlkem_poly_compress(u8 *out, const s16 p[VGC_MLKEM_N],
			     unsigned int d)
{
	switch (d) {
	case 1:
		compress_d(out, p, 1);
		break;
	case 4:
		compress_d(out, p, 4);
		break;
	case 5:
		compress_d(out, p, 5);
		break;
	case 10:
		compress_d(out, p, 10);
		break;
	default:
		compress_d(out, p, 11);
		break;
	}
}

void vgc_mlkem_poly_decompress(s16 p[VGC_MLKEM_N], const u8 *in,
			       unsigned int d)
{
	unsigned int i, bits = 0;
	u32 acc = 0;

	for (i = 0; i < VGC_MLKEM_N; i++) {
		while (bits < d) {
			acc |= (u32)*in++ << bits;
			bits += 8;
		}
		p[i] = (s16)vgc_mlkem_decompress(acc & ((1U << d) - 1), d);
		acc >>= d;
		bits -= d;
	}
}

void vgc_mlkem_poly_tobytes(u8 out[VGC_MLKEM_POLYBYTES],
			    const s16 p[VGC_MLKEM_N])
{
	unsigned int i;
	u16 a, b;

	for (i = 0; i < VGC_MLKEM_N / 2; i++) {
		a = vgc_mlkem_freeze(p[2 * i]);
		b = vgc_mlkem_freeze(p[2 * i + 1]);
		out[3 * i] = (u8)a;
		out[3 * i + 1] = (u8)(a >> 8 | b << 4);
		out[3 * i + 2] = (u8)(b >> 4);
	}
}

bool vgc_mlkem_poly_frombytes(s16 p[VGC_MLKEM_N],
			      const u8 in[VGC_MLKEM_POLYBYTES])
{
	unsigned int i;
	u32 bad = 0;
	s32 a, b;

	for (i = 0; i < VGC_MLKEM_N / 2; i++) {
		a = in[3 * i] | (in[3 * i + 1] & 0x0f) << 8;
		b = in[3 * i + 1] >> 4 | in[3 * i + 2] << 4;
		p[2 * i] = (s16)a;
		p[2 * i + 1] = (s16)b;
		/* the sign of q - 1 - x: set when x >= q, no comparison */
		bad |= (u32)(VGC_MLKEM_Q - 1 - a) | (u32)(VGC_MLKEM_Q - 1 - b);
	}
	return !(bad >> 31);
}

/* The portable back end: every entry above, one Keccak state at a time. */
const struct vgc_mlkem_backend vgc_mlkem_backend_generic = {
	.name = "generic",
	/* nothing else registers these names */
	.priority = 300,
	.keccak_lanes = 1,
	.keccak_par = vgc_keccak_f1600,
	.ntt = vgc_mlkem_ntt,
	.invntt = vgc_mlkem_invntt,
	.basemul_row = vgc_mlkem_basemul_row,
	.tomont = vgc_mlkem_poly_tomont,
	.add = vgc_mlkem_poly_add,
	.rsub = vgc_mlkem_poly_rsub,
	.rej_uniform = vgc_mlkem_rej_uniform,
	.cbd = vgc_mlkem_cbd,
	.compress = vgc_mlkem_poly_compress,
	.decompress = vgc_mlkem_poly_decompress,
	.tobytes = vgc_mlkem_poly_tobytes,
	.frombytes = vgc_mlkem_poly_frombytes,
};

#ifdef VGC_TEST_BUILD
EXPORT_SYMBOL_GPL(vgc_mlkem_backend_generic);
#endif
