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
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mlkem_test.h"
#include "sha3.h"

/* the save area of the SIMD sections this file opens (lib/simd_save.h) */
static struct vgc_simd_save test_save;

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

/*
 * A page of its own with no access on either side: a vector code that
 * reads or writes one byte too far faults here. NULL if mmap fails.
 */
static u8 *eq_guarded_page(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	u8 *m = mmap(NULL, 3 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		     -1, 0);

	if (m == MAP_FAILED)
		return NULL;
	if (mprotect(m + pg, pg, PROT_READ | PROT_WRITE)) {
		munmap(m, 3 * pg);
		return NULL;
	}
	return m + pg;
}

/* A fault in the guard pages comes back here, reported as a failure. */
static sigjmp_buf eq_guard_jmp;

static void eq_guard_fault(int sig)
{
	siglongjmp(eq_guard_jmp, sig);
}

/* keccak_par against the portable permutation, lane by lane, and x1 */
static void eq_keccak_rounds(struct mt_tally *t, u64 *s, u64 *x1)
{
	static u64 one[VGC_KECCAK_MAX_LANES][25];
	unsigned int lanes = mt_be->keccak_lanes, iter, l, i, bad;

	for (iter = 0; iter < 200; iter++) {
		eq_bytes((u8 *)s, VGC_KECCAK_PAR_WORDS * sizeof(u64));
		if (iter == 0)
			memset(s, 0, VGC_KECCAK_PAR_WORDS * sizeof(u64));
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
		if (!mt_be->keccak_x1)
			continue;
		eq_bytes((u8 *)x1, VGC_KECCAK_X1_WORDS * sizeof(u64));
		memcpy(one[0], x1, sizeof(one[0]));
		mt_be->keccak_x1(x1);
		vgc_keccak_f1600(one[0]);
		mt_check(t, !memcmp(one[0], x1, sizeof(one[0])), "equiv",
			 "keccak x1, round %u", iter);
	}
}

/*
 * The buffers end where a guarded page ends: scratch used past
 * VGC_KECCAK_PAR_WORDS or VGC_KECCAK_X1_WORDS faults.
 */
static void eq_keccak(struct mt_tally *t)
{
	struct sigaction sa = { .sa_handler = eq_guard_fault }, old;
	long pg = sysconf(_SC_PAGESIZE);
	u8 *page = eq_guarded_page();

	if (!page) {
		mt_check(t, false, "equiv", "no guarded page (mmap)");
		return;
	}
	sigaction(SIGSEGV, &sa, &old);
	if (!sigsetjmp(eq_guard_jmp, 1))
		eq_keccak_rounds(t, (u64 *)(page + pg) - VGC_KECCAK_PAR_WORDS,
				 (u64 *)(page + pg) - VGC_KECCAK_X1_WORDS);
	else
		mt_check(t, false, "equiv",
			 "keccak wrote past its buffer and scratch (fault)");
	sigaction(SIGSEGV, &old, NULL);
	munmap(page - pg, 3 * pg);
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

/*
 * rej_uniform against the portable one: the counts and p[0..count)
 * equal (past the count a back end may leave anything), for every
 * length to 210 bytes and longer ones, from counts 0, random, and near
 * the end (224 to 256). The input ends where its page ends or starts
 * where it starts, and p ends at a page's end.
 */
static void eq_rej(struct mt_tally *t, u8 *bufpage, s16 *p1, s16 p2[N])
{
	static const unsigned int haves[] = { 0, 1, 223, 224, 225, 239, 240,
					      241, 248, 255, 256 };
	long pg = sysconf(_SC_PAGESIZE);
	unsigned int iter, l, have, n1, n2, h;
	u8 *buf;

	for (iter = 0; iter < 2000; iter++) {
		l = iter < 71 ? 3 * iter : 3 * (unsigned int)(eq_next() % 200);
		buf = iter & 1 ? bufpage : bufpage + pg - l;
		eq_bytes(buf, l);
		/* runs of 0xff (rejected) and 0x00 (accepted) */
		if (iter % 5 == 1)
			memset(buf, 0xff, l / 2);
		if (iter % 5 == 2)
			memset(buf, 0, l);
		h = iter % 16;
		have = h < ARRAY_SIZE(haves) ? haves[h] :
		       (unsigned int)(eq_next() % (N + 1));
		memset(p1, 0x5a, N * sizeof(s16));
		memset(p2, 0x5a, N * sizeof(s16));
		n1 = mt_be->rej_uniform(p1, have, buf, l);
		n2 = gen->rej_uniform(p2, have, buf, l);
		mt_check(t, n1 == n2 && !memcmp(p1, p2, n2 * sizeof(s16)),
			 "equiv", "rej_uniform %u bytes from %u: %u and %u", l,
			 have, n1, n2);
	}
}

/* cbd against the portable one, its input at a page's end and start */
static void eq_cbd(struct mt_tally *t, u8 *bufpage, s16 *p1, s16 p2[N])
{
	/* 0b000111 four times, little-endian: +3 four times for eta 3 */
	static const u8 plus3[3] = { 0xc7, 0x71, 0x1c };
	long pg = sysconf(_SC_PAGESIZE);
	unsigned int iter, eta, l, i;
	u8 *buf;

	for (iter = 0; iter < 400; iter++) {
		eta = 2 + iter % 2;
		l = 64 * eta;
		buf = iter & 2 ? bufpage : bufpage + pg - l;
		eq_bytes(buf, l);
		/*
		 * The extremes: every coefficient eta (the first eta bits
		 * of each 2 eta set), every one -eta, and all bits equal.
		 */
		for (i = 0; i < l && (iter % 7 == 3 || iter % 7 == 4); i++)
			buf[i] = (eta == 2 ? 0x33 : plus3[i % 3]) ^
				 (iter % 7 == 4 ? 0xff : 0);
		if (iter % 7 == 5)
			memset(buf, iter % 2 ? 0xff : 0, l);
		memset(p1, 0x5a, N * sizeof(s16));
		memset(p2, 0x5a, N * sizeof(s16));
		mt_be->cbd(p1, buf, eta);
		gen->cbd(p2, buf, eta);
		mt_check(t, !memcmp(p1, p2, N * sizeof(s16)), "equiv",
			 "cbd eta=%u, case %u", eta, iter);
	}
}

/* ByteEncode_d of 256 values below 2^d (the test's own, bit by bit) */
static void eq_pack(u8 *out, const s16 v[N], unsigned int d)
{
	unsigned int i, b;

	memset(out, 0, 32 * d);
	for (i = 0; i < N; i++)
		for (b = 0; b < d; b++)
			out[(d * i + b) / 8] |= ((v[i] >> b) & 1) << ((d * i + b) % 8);
}

static const unsigned int eq_ds[] = { 1, 4, 5, 10, 11, 12 };

/*
 * The codecs on every s16 input (256 polynomials of consecutive values,
 * so each value meets every lane position class), and the decoders on
 * every d-bit value at many positions.
 */
static void eq_codecs_all_inputs(struct mt_tally *t)
{
	static s16 x[N], y[N];
	static u8 o1[384], o2[384];
	unsigned int i, j, d, bad, step, mul;
	bool ok1, ok2;
	int start;

	for (j = 0; j < ARRAY_SIZE(eq_ds); j++) {
		d = eq_ds[j];
		bad = 0;
		for (start = -32768; start < 32768; start += N) {
			for (i = 0; i < N; i++)
				x[i] = (s16)(start + (int)i);
			if (d == 12) {
				memcpy(y, x, sizeof(x));
				layout(y);
				mt_be->tobytes(o1, y);
				gen->tobytes(o2, x);
			} else {
				mt_be->compress(o1, x, d);
				gen->compress(o2, x, d);
			}
			bad += !!memcmp(o1, o2, 32 * d);
		}
		mt_check(t, !bad, "equiv",
			 "encode d=%u of every s16: %u of 256 blocks differ", d, bad);

		/* every d-bit value, in steps that move it across positions */
		bad = 0;
		step = d <= 5 ? 1 : 7;
		mul = d <= 5 ? 1 : 13;
		for (start = 0; start < (1 << d); start += step) {
			for (i = 0; i < N; i++)
				x[i] = (s16)((start + i * mul) & ((1U << d) - 1));
			eq_pack(o1, x, d);
			if (d == 12) {
				ok1 = mt_be->frombytes(x, o1);
				ok2 = gen->frombytes(y, o1);
				layout(y);
				bad += ok1 != ok2;
			} else {
				mt_be->decompress(x, o1, d);
				gen->decompress(y, o1, d);
			}
			bad += !!memcmp(x, y, sizeof(x));
		}
		mt_check(t, !bad, "equiv",
			 "decode d=%u of every value: %u polynomials differ", d, bad);
	}
}

/*
 * frombytes must see a value of q or more at any position: all q - 1
 * (accepted), then one q or one 4095 at each of the 256 positions.
 */
static void eq_frombytes_positions(struct mt_tally *t)
{
	static s16 v[N], x[N];
	static u8 b[384];
	unsigned int i, wrong = 0, k;
	s16 bad_values[2] = { Q, 4095 };

	for (i = 0; i < N; i++)
		v[i] = Q - 1;
	eq_pack(b, v, 12);
	mt_check(t, mt_be->frombytes(x, b), "equiv",
		 "frombytes refused all q - 1");
	for (k = 0; k < 2; k++) {
		for (i = 0; i < N; i++) {
			v[i] = bad_values[k];
			eq_pack(b, v, 12);
			wrong += mt_be->frombytes(x, b);
			v[i] = Q - 1;
		}
	}
	mt_check(t, !wrong, "equiv",
		 "frombytes took %u polynomials with one value >= q", wrong);
}

/* basemul_row at the corners of its contract, k = 1..4 */
static void eq_basemul_corners(struct mt_tally *t)
{
	static s16 a[4][N], b[4][N], x[4][N], y[4][N], r1[N], r2[N];
	/* a: +-(q - 1), alternating; b: 4095, 0, +-(q - 1), alternating */
	static const int av[][2] = { { 3328, 3328 }, { -3328, -3328 },
				     { 3328, -3328 }, { -3328, 3328 } };
	static const int bv[][2] = { { 4095, 4095 }, { 4095, 0 },
				     { 0, 4095 }, { 3328, 3328 },
				     { -3328, -3328 }, { 3328, -3328 } };
	unsigned int ia, ib, k, j, i, bad;

	for (ia = 0; ia < ARRAY_SIZE(av); ia++) {
		for (ib = 0; ib < ARRAY_SIZE(bv); ib++) {
			for (j = 0; j < 4; j++) {
				for (i = 0; i < N; i++) {
					a[j][i] = (s16)av[ia][i & 1];
					b[j][i] = (s16)bv[ib][(i >> (j & 1)) & 1];
				}
				memcpy(x[j], a[j], sizeof(a[j]));
				memcpy(y[j], b[j], sizeof(b[j]));
				layout(x[j]);
				layout(y[j]);
			}
			for (k = 1; k <= 4; k++) {
				mt_be->basemul_row(r1, x[0], y[0], k);
				gen->basemul_row(r2, a[0], b[0], k);
				layout(r2);
				bad = eq_congruent(r1, r2, N, Q);
				mt_check(t, !bad, "equiv",
					 "basemul_row k=%u corner (%u, %u): %u wrong",
					 k, ia, ib, bad);
			}
		}
	}
}

/*
 * The inverse NTT's worst case for a SIMD code that reduces only some
 * registers: in every 16, eight inputs at even offsets from j0 summing to
 * -24577, whose reduction (2055 with one-multiplication Barrett; the
 * portable code's rounding gives other values) is the largest; the last
 * layers add 16 of them for coefficient j0, 32880 > 2^15 unless reduced
 * in between.
 */
static void eq_invntt_worst(struct mt_tally *t)
{
	static s16 a[N], x[N];
	unsigned int j0, sign, tt, k, bad;

	for (j0 = 0; j0 < 2; j0++) {
		for (sign = 0; sign < 2; sign++) {
			memset(a, 0, sizeof(a));
			for (tt = 0; tt < 16; tt++)
				for (k = 0; k < 8; k++)
					a[16 * tt + j0 + 2 * k] =
						(s16)((k == 7 ? -3073 : -3072) *
						      (sign ? -1 : 1));
			memcpy(x, a, sizeof(a));
			layout(x);
			mt_be->invntt(x);
			gen->invntt(a);
			bad = eq_congruent(x, a, N, Q);
			mt_check(t, !bad, "equiv",
				 "invntt worst case j0=%u sign=%u: %u wrong", j0,
				 sign, bad);
		}
	}
}

/* NTT, inverse NTT and tomont on the largest inputs with random signs */
static void eq_signed_extremes(struct mt_tally *t)
{
	static s16 a[N], x[N];
	unsigned int iter, i, bad;

	for (iter = 0; iter < 40; iter++) {
		for (i = 0; i < N; i++)
			a[i] = eq_next() & 1 ? Q : -Q;
		memcpy(x, a, sizeof(a));
		mt_be->ntt(x);
		gen->ntt(a);
		layout(a);
		bad = eq_congruent(x, a, N, Q);
		mt_check(t, !bad, "equiv", "ntt of +-q, round %u: %u wrong",
			 iter, bad);

		for (i = 0; i < N; i++)
			a[i] = eq_next() & 1 ? Q - 1 : -(Q - 1);
		memcpy(x, a, sizeof(a));
		layout(x);
		mt_be->invntt(x);
		gen->invntt(a);
		bad = eq_congruent(x, a, N, Q);
		mt_check(t, !bad, "equiv", "invntt of +-(q - 1), round %u: %u wrong",
			 iter, bad);

		memcpy(x, a, sizeof(a));
		mt_be->tomont(x);
		gen->tomont(a);
		bad = eq_congruent(x, a, N, Q);
		mt_check(t, !bad, "equiv", "tomont, round %u: %u wrong", iter, bad);
	}
}

/*
 * The codecs with their buffers against inaccessible pages, at either
 * end: a byte read or written outside is a fault, reported as a failure.
 */
static void eq_codecs_guarded(struct mt_tally *t)
{
	static s16 x[N], y[N];
	static u8 ref[384];
	struct sigaction sa = { .sa_handler = eq_guard_fault }, old_segv, old_bus;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned int i, n, j, end;
	u8 *area, *buf;
	bool ok;

	area = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED) {
		mt_check(t, false, "equiv", "mmap for the guard pages");
		return;
	}
	mprotect(area, page, PROT_NONE);
	mprotect(area + 2 * page, page, PROT_NONE);
	sigaction(SIGSEGV, &sa, &old_segv);
	sigaction(SIGBUS, &sa, &old_bus);
	for (j = 0; j < ARRAY_SIZE(eq_ds); j++) {
		for (end = 0; end < 2; end++) {
			unsigned int d = eq_ds[j];

			n = 32 * d;
			buf = end ? area + 2 * page - n : area + page;
			for (i = 0; i < N; i++)
				x[i] = (s16)(eq_next() % 65536);
			if (sigsetjmp(eq_guard_jmp, 1)) {
				mt_check(t, false, "equiv",
					 "codec d=%u touched a byte outside its buffer (%s)",
					 d, end ? "end" : "start");
				continue;
			}
			/* encode into, then decode from, the guarded bytes */
			memcpy(y, x, sizeof(x));
			if (d == 12) {
				layout(y);
				mt_be->tobytes(buf, y);
				gen->tobytes(ref, x);
				ok = mt_be->frombytes(y, buf) ==
				     gen->frombytes(x, buf);
				layout(x);
			} else {
				mt_be->compress(buf, y, d);
				gen->compress(ref, x, d);
				mt_be->decompress(y, buf, d);
				gen->decompress(x, buf, d);
				ok = true;
			}
			mt_check(t, ok && !memcmp(buf, ref, n) &&
				 !memcmp(x, y, sizeof(x)), "equiv",
				 "codec d=%u at the %s of a page", d,
				 end ? "end" : "start");
		}
	}
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	munmap(area, 3 * page);
}

static void eq_sampling(struct mt_tally *t)
{
	static s16 p2[N];
	long pg = sysconf(_SC_PAGESIZE);
	u8 *bufpage = eq_guarded_page(), *ppage = eq_guarded_page();
	struct sigaction sa = { .sa_handler = eq_guard_fault }, old;
	s16 *p1 = (s16 *)(ppage + pg) - N;

	if (!bufpage || !ppage) {
		mt_check(t, false, "equiv", "no guarded pages (mmap)");
		return;
	}
	sigaction(SIGSEGV, &sa, &old);
	if (!sigsetjmp(eq_guard_jmp, 1))
		eq_rej(t, bufpage, p1, p2);
	else
		mt_check(t, false, "equiv",
			 "rej_uniform read or wrote past its buffer (fault)");
	if (!sigsetjmp(eq_guard_jmp, 1))
		eq_cbd(t, bufpage, p1, p2);
	else
		mt_check(t, false, "equiv",
			 "cbd read or wrote past its buffer (fault)");
	sigaction(SIGSEGV, &old, NULL);
	munmap(bufpage - pg, 3 * pg);
	munmap(ppage - pg, 3 * pg);
}

/*
 * The callers keep basemul_row's contract (every coefficient of a below q
 * in absolute value; b may be in [0, 4096)) even for a decapsulation key
 * whose embedded ek has coefficients in [q, 4096): FIPS 203 checks only
 * that key's hash, and ByteDecode_12 takes such values mod q. mt_be runs
 * behind a copy whose basemul_row counts every a coefficient out of that
 * bound; the key's ek has each coefficient c < 767 raised to c + q (the
 * same value mod q) and its hash fixed, and decapsulation of ciphertexts
 * made for the unchanged key must give the portable code's secret (the
 * portable back end is checked against itself: only the bound counts).
 */
static const struct vgc_mlkem_backend *eq_inner;
static unsigned long eq_bad_a;

static void eq_basemul_checked(s16 r[N], const s16 *a, const s16 *b,
			       unsigned int k)
{
	unsigned int i;

	for (i = 0; i < k * N; i++)
		eq_bad_a += a[i] >= Q || a[i] <= -Q;
	eq_inner->basemul_row(r, a, b, k);
}

static void eq_decaps_unreduced_ek(struct mt_tally *t)
{
	static struct vgc_mlkem_work work;
	static u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
	static u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	struct vgc_mlkem_backend checked = *mt_be;
	u8 seed[VGC_MLKEM_SEED_SIZE], m[32], ss[32], k1[32], k2[32];
	static const enum vgc_mlkem_set sets[] = {
		VGC_MLKEM512, VGC_MLKEM768, VGC_MLKEM1024
	};
	unsigned int si, i, kk, raised, v;
	struct vgc_keccak kc;
	u8 *tek, *c;

	eq_inner = mt_be;
	checked.basemul_row = eq_basemul_checked;
	for (si = 0; si < ARRAY_SIZE(sets); si++) {
		size_t ekl = vgc_mlkem_ek_size(sets[si]);
		size_t dkl = vgc_mlkem_dk_size(sets[si]);
		size_t ctl = vgc_mlkem_ct_size(sets[si]);

		kk = (unsigned int)(ekl - 32) / 384;
		eq_bytes(seed, sizeof(seed));
		eq_bytes(m, sizeof(m));
		if (vgc_mlkem_keypair_derand_be(gen, sets[si], ek, ekl, dk, dkl,
						seed, sizeof(seed), &work) ||
		    vgc_mlkem_encaps_derand_be(gen, sets[si], ct, ctl, ss, ek,
					       ekl, m, &work)) {
			mt_check(t, false, "equiv", "ML-KEM-%u key or ciphertext",
				 kk * 256);
			continue;
		}
		/* dk = dk_pke || ek || H(ek) || z: raise ek's coefficients */
		tek = dk + kk * 384;
		raised = 0;
		for (i = 0; i < kk * 256; i++) {
			c = tek + 3 * (i / 2);
			v = i & 1 ? (c[1] >> 4) | (c[2] << 4) :
			    c[0] | ((c[1] & 15) << 8);

			if (v + Q > 4095)
				continue;
			v += Q;
			raised++;
			if (i & 1) {
				c[1] = (u8)((c[1] & 15) | (v << 4));
				c[2] = (u8)(v >> 4);
			} else {
				c[0] = (u8)v;
				c[1] = (u8)((c[1] & 0xf0) | (v >> 8));
			}
		}
		vgc_sha3_256(&kc, tek + ekl, tek, ekl);
		/* a valid ciphertext of the unchanged key, and one flipped */
		for (i = 0; i < 2; i++) {
			ct[i * 17] ^= i;
			eq_bad_a = 0;
			if (vgc_mlkem_decaps_be(&checked, sets[si], k1, ct, ctl,
						dk, dkl, &work) ||
			    vgc_mlkem_decaps_be(gen, sets[si], k2, ct, ctl, dk,
						dkl, &work)) {
				mt_check(t, false, "equiv",
					 "ML-KEM-%u: decaps refused the raised key",
					 kk * 256);
				continue;
			}
			mt_check(t, raised > 0 && !eq_bad_a, "equiv",
				 "ML-KEM-%u decaps, ek raised by q (%u coefficients): basemul_row got %lu a coefficients outside (-q, q)",
				 kk * 256, raised, eq_bad_a);
			mt_check(t, !memcmp(k1, k2, 32), "equiv",
				 "ML-KEM-%u decaps with a raised ek: K differs from the portable code's",
				 kk * 256);
		}
	}
}

/* every back end, the portable one too: whole operations, own sections */
void suite_ek_bound(void)
{
	struct mt_tally t = { 0 };

	eq_decaps_unreduced_ek(&t);
	mt_report("ek-bound", &t);
}

void suite_equiv(void)
{
	struct mt_tally t = { 0 };

	if (mt_be->simd_begin)
		mt_be->simd_begin(&test_save);
	eq_keccak(&t);
	eq_arith(&t);
	eq_codecs_all_inputs(&t);
	eq_frombytes_positions(&t);
	eq_basemul_corners(&t);
	eq_signed_extremes(&t);
	eq_invntt_worst(&t);
	eq_codecs_guarded(&t);
	eq_sampling(&t);
	if (mt_be->simd_end)
		mt_be->simd_end(&test_save);
	mt_report("equiv", &t);
}
