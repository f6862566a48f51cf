// SPDX-License-Identifier: GPL-2.0-only
/*
 * Each primitive of a SIMD back end (mt_be) against the portable one, on
 * random inputs and on the edges of its contract (lib/mlkem_backend.h):
 * all zero, all q - 1, all -q, all q, the largest allowed, alternating
 * signs. Arithmetic results must be congruent mod q and inside the
 * contract's bound; codecs, sampling and Keccak must be equal byte for
 * byte; the codecs also on every input they can be given. Every call is
 * made inside the back end's SIMD section.
 */
#include "mlkem_test.h"
#include "sha3.h"

#define N	VGC_MLKEM_N
#define Q	VGC_MLKEM_Q

static const struct vgc_mlkem_backend *gen = &vgc_mlkem_backend_generic;
static u64 eq_state = 0x65717569762d6d6bULL;

static u64 eq_next(void)
{
	u64 z = (eq_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void eq_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)eq_next();
}

static int modq(int x)
{
	x %= Q;
	return x < 0 ? x + Q : x;
}

/* the input patterns: 0..4 the edges, then random */
#define PATTERNS	12

/* coefficients with |c| <= bound (or 0 <= c < bound when @nonneg) */
static void eq_poly(s16 p[N], unsigned int pattern, int bound, bool nonneg)
{
	unsigned int i;
	int lo = nonneg ? 0 : -bound, span = nonneg ? bound : 2 * bound + 1;

	for (i = 0; i < N; i++) {
		switch (pattern) {
		case 0:
			p[i] = 0;
			break;
		case 1:
			p[i] = nonneg ? bound - 1 : bound;
			break;
		case 2:
			p[i] = nonneg ? 0 : -bound;
			break;
		case 3:
			p[i] = i & 1 ? (nonneg ? bound - 1 : -bound) : bound - 1;
			break;
		case 4:
			p[i] = Q - 1 < bound ? Q - 1 : bound - 1;
			break;
		default:
			p[i] = lo + (int)(eq_next() % span);
		}
	}
}

/* both inside |c| < bound, and congruent mod q */
static unsigned int eq_congruent(const s16 *x, const s16 *y, unsigned int n,
				 int bound)
{
	unsigned int i, bad = 0;

	for (i = 0; i < n; i++)
		bad += x[i] >= bound || x[i] <= -bound ||
		       modq(x[i]) != modq(y[i]);
	return bad;
}

static void layout(s16 p[N])
{
	if (mt_be->ntt_layout)
		mt_be->ntt_layout(p);
}

static void eq_keccak(struct mt_tally *t)
{
	static u64 s[25 * VGC_KECCAK_MAX_LANES], one[VGC_KECCAK_MAX_LANES][25];
	unsigned int lanes = mt_be->keccak_lanes, iter, l, i, bad;

	for (iter = 0; iter < 200; iter++) {
		eq_bytes((u8 *)s, sizeof(s));
		if (iter == 0)
			memset(s, 0, sizeof(s));
		for (l = 0; l < lanes; l++)
			for (i = 0; i < 25; i++)
				one[l][i] = s[lanes * i + l];
		mt_be->keccak_par(s);
		bad = 0;
		for (l = 0; l < lanes; l++) {
			vgc_keccak_f1600(one[l]);
			for (i = 0; i < 25; i++)
				bad += one[l][i] != s[lanes * i + l];
		}
		mt_check(t, !bad, "equiv", "keccak x%u, round %u: %u words differ",
			 lanes, iter, bad);
	}
}

static void eq_arith(struct mt_tally *t)
{
	static s16 a[4][N], b[4][N], x[4][N], y[4][N], r1[N], r2[N];
	unsigned int pat, k, j, bad, d;

	for (pat = 0; pat < PATTERNS; pat++) {
		/* NTT: |c| <= q in, |c| < q out */
		eq_poly(a[0], pat, Q, false);
		memcpy(x[0], a[0], sizeof(a[0]));
		mt_be->ntt(x[0]);
		gen->ntt(a[0]);
		layout(a[0]);
		bad = eq_congruent(x[0], a[0], N, Q);
		mt_check(t, !bad, "equiv", "ntt, pattern %u: %u wrong", pat, bad);

		/* inverse NTT: |c| < q in the back end's layout */
		eq_poly(a[0], pat, Q - 1, false);
		memcpy(x[0], a[0], sizeof(a[0]));
		layout(x[0]);
		mt_be->invntt(x[0]);
		gen->invntt(a[0]);
		bad = eq_congruent(x[0], a[0], N, Q);
		mt_check(t, !bad, "equiv", "invntt, pattern %u: %u wrong", pat,
			 bad);

		/* basemul_row: |a| < q, b either |b| < q or 0 <= b < 4096 */
		for (k = 1; k <= 4; k++) {
			for (j = 0; j < k; j++) {
				eq_poly(a[j], pat, Q - 1, false);
				eq_poly(b[j], pat + j, pat & 1 ? 4096 : Q - 1,
					pat & 1);
				memcpy(x[j], a[j], sizeof(a[j]));
				memcpy(y[j], b[j], sizeof(b[j]));
				layout(x[j]);
				layout(y[j]);
			}
			mt_be->basemul_row(r1, x[0], y[0], k);
			gen->basemul_row(r2, a[0], b[0], k);
			layout(r2);
			bad = eq_congruent(r1, r2, N, Q);
			mt_check(t, !bad, "equiv",
				 "basemul_row k=%u, pattern %u: %u wrong", k, pat,
				 bad);
		}

		/* tomont, add, rsub */
		eq_poly(a[0], pat, Q - 1, false);
		memcpy(x[0], a[0], sizeof(a[0]));
		mt_be->tomont(x[0]);
		gen->tomont(a[0]);
		bad = eq_congruent(x[0], a[0], N, Q);
		mt_check(t, !bad, "equiv", "tomont, pattern %u: %u wrong", pat,
			 bad);
		eq_poly(a[0], pat, 8000, false);
		eq_poly(b[0], pat + 1, 8000, false);
		memcpy(x[0], a[0], sizeof(a[0]));
		mt_be->add(x[0], b[0]);
		gen->add(a[0], b[0]);
		mt_check(t, !memcmp(x[0], a[0], sizeof(a[0])), "equiv",
			 "add, pattern %u", pat);
		mt_be->rsub(x[0], b[0]);
		gen->rsub(a[0], b[0]);
		mt_check(t, !memcmp(x[0], a[0], sizeof(a[0])), "equiv",
			 "rsub, pattern %u", pat);

		/* codecs: every d, any s16 in */
		for (d = 1; d <= 12; d++) {
			static u8 o1[384], o2[384];

			if (d != 1 && d != 4 && d != 5 && d != 10 && d != 11 &&
			    d != 12)
				continue;
			eq_poly(a[0], pat, pat < 5 ? Q : 32767, false);
			memcpy(x[0], a[0], sizeof(a[0]));
			memset(o1, 0xa5, sizeof(o1));
			memset(o2, 0xa5, sizeof(o2));
			if (d == 12) {
				layout(x[0]);
				mt_be->tobytes(o1, x[0]);
				gen->tobytes(o2, a[0]);
			} else {
				mt_be->compress(o1, x[0], d);
				gen->compress(o2, a[0], d);
			}
			mt_check(t, !memcmp(o1, o2, sizeof(o1)), "equiv",
				 "encode d=%u, pattern %u", d, pat);
			eq_bytes(o1, sizeof(o1));
			if (pat == 1)
				memset(o1, 0xff, sizeof(o1));
			if (pat == 0)
				memset(o1, 0, sizeof(o1));
			if (d == 12) {
				bool ok1 = mt_be->frombytes(x[0], o1);
				bool ok2 = gen->frombytes(a[0], o1);

				layout(a[0]);
				mt_check(t, ok1 == ok2 &&
					 !memcmp(x[0], a[0], sizeof(a[0])),
					 "equiv", "frombytes, pattern %u", pat);
			} else {
				mt_be->decompress(x[0], o1, d);
				gen->decompress(a[0], o1, d);
				mt_check(t, !memcmp(x[0], a[0], sizeof(a[0])),
					 "equiv", "decompress d=%u, pattern %u",
					 d, pat);
			}
		}
	}
}

/* ByteEncode_d of @v (d-bit values) without the code under test */
static void eq_pack(u8 *out, const u16 *v, unsigned int d)
{
	unsigned int i, b;

	memset(out, 0, 32 * d);
	for (i = 0; i < N; i++)
		for (b = 0; b < d; b++)
			out[(d * i + b) / 8] |= ((v[i] >> b) & 1) << ((d * i + b) % 8);
}

/*
 * The codecs on every input they can see: every s16 at positions that
 * vary (call k holds k * 256 + (97 i + k) % 256 at position i) through
 * compress and ByteEncode_12; every d-bit value at every position through
 * decompress and ByteDecode_12; and ByteDecode_12's check with one
 * coefficient at q, at each position in turn.
 */
static void eq_codec_all(struct mt_tally *t)
{
	static const unsigned int ds[] = { 1, 4, 5, 10, 11, 12 };
	static s16 a[N], x[N];
	static u8 o1[384], o2[384];
	static u16 v[N];
	unsigned int di, d, k, i, bad;
	bool ok1, ok2;

	for (di = 0; di < ARRAY_SIZE(ds); di++) {
		d = ds[di];
		bad = 0;
		for (k = 0; k < 256; k++) {
			for (i = 0; i < N; i++)
				a[i] = (s16)(k * 256 + ((97 * i + k) & 255));
			memcpy(x, a, sizeof(a));
			memset(o1, 0xa5, sizeof(o1));
			memset(o2, 0x5a, sizeof(o2));
			if (d == 12) {
				layout(x);
				mt_be->tobytes(o1, x);
				gen->tobytes(o2, a);
			} else {
				mt_be->compress(o1, x, d);
				gen->compress(o2, a, d);
			}
			bad += !!memcmp(o1, o2, 32 * d);
		}
		mt_check(t, !bad, "equiv", "encode d=%u, all s16: %u calls differ",
			 d, bad);
		bad = 0;
		for (k = 0; k < (1U << d); k++) {
			for (i = 0; i < N; i++)
				v[i] = (k + i) & ((1U << d) - 1);
			eq_pack(o1, v, d);
			if (d == 12) {
				ok1 = mt_be->frombytes(x, o1);
				ok2 = gen->frombytes(a, o1);
				layout(a);
				bad += ok1 != ok2 || memcmp(x, a, sizeof(a));
			} else {
				mt_be->decompress(x, o1, d);
				gen->decompress(a, o1, d);
				bad += !!memcmp(x, a, sizeof(a));
			}
		}
		mt_check(t, !bad, "equiv", "decode d=%u, every value everywhere: %u calls differ",
			 d, bad);
	}
	bad = 0;
	for (k = 0; k <= N; k++) {
		for (i = 0; i < N; i++)
			v[i] = i == k ? Q : Q - 1;
		eq_pack(o1, v, 12);
		ok1 = mt_be->frombytes(x, o1);
		bad += ok1 != (k == N);
	}
	mt_check(t, !bad, "equiv", "frombytes, one coefficient at q: %u wrong",
		 bad);
}

static void eq_sampling(struct mt_tally *t)
{
	static u8 buf[3 * 168 + 3];
	static s16 p1[N], p2[N];
	static const unsigned int lens[] = { 0, 3, 24, 48, 168, 336, 504 };
	unsigned int iter, l, have, n1, n2, eta;

	for (iter = 0; iter < 300; iter++) {
		eq_bytes(buf, sizeof(buf));
		/* runs of 0xff (rejected) and 0x00 (accepted) */
		if (iter % 5 == 1)
			memset(buf, 0xff, sizeof(buf) / 2);
		if (iter % 5 == 2)
			memset(buf, 0, sizeof(buf));
		l = lens[iter % ARRAY_SIZE(lens)];
		have = iter % 3 == 0 ? 0 : (unsigned int)(eq_next() % N);
		memset(p1, 0x5a, sizeof(p1));
		memset(p2, 0x5a, sizeof(p2));
		n1 = mt_be->rej_uniform(p1, have, buf, l);
		n2 = gen->rej_uniform(p2, have, buf, l);
		/* what the count covers; entries past it may be scratch */
		mt_check(t, n1 == n2 && !memcmp(p1, p2, n1 * sizeof(s16)),
			 "equiv", "rej_uniform %u bytes from %u: %u and %u", l,
			 have, n1, n2);
		eta = 2 + iter % 2;
		mt_be->cbd(p1, buf, eta);
		gen->cbd(p2, buf, eta);
		mt_check(t, !memcmp(p1, p2, sizeof(p1)), "equiv", "cbd eta=%u",
			 eta);
	}
}

void suite_equiv(void)
{
	struct mt_tally t = { 0 };

	if (mt_be->simd_begin)
		mt_be->simd_begin();
	eq_keccak(&t);
	eq_arith(&t);
	eq_codec_all(&t);
	eq_sampling(&t);
	if (mt_be->simd_end)
		mt_be->simd_end();
	mt_report("equiv", &t);
}
