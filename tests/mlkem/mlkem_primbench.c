// SPDX-License-Identifier: GPL-2.0-only
/*
 * mlkem_primbench: TSC cycles per call of each ML-KEM arithmetic
 * primitive on every back end this CPU runs (through the back-end struct,
 * as lib/mlkem.c calls them) and, where it has one, mlkem-native's AVX2
 * assembly (built from ../shared/anchors at bench time, with the
 * constant tables it takes). Figures, not a test.
 *
 * The peers of a primitive run interleaved in one process: each round
 * times a batch of calls of every peer, in an order that rotates; the
 * table gives each peer's median cycles per call and the median of the
 * per-round ratios to mlkem-native and to the portable code.
 *
 * Where the work differs, a second row pairs ours with what mlkem-native
 * runs for the same result: its NTT leaves |c| < 23595 in its own order
 * (ours |c| < q, FIPS order: "+reduce" adds its poly_reduce); its
 * encoders need [0, q) input, which it makes with poly_reduce first
 * (ours take any s16). Its basemul takes a precomputed cache of
 * b1 * zeta (its mulcache, computed once per vector and shown alone;
 * ours computes that inside each row, as the seam has no cache).
 *
 *   mlkem_primbench [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "kcompat.h"
#include "mlkem_backend.h"

/* the save area of the SIMD sections this file opens (lib/simd_save.h) */
static struct vgc_simd_save test_save;

#ifdef VGC_MLKN
#include "mlkn_prim_peer.h"
#endif

#define N	VGC_MLKEM_N
#define BATCH	8
#define MAX_PEERS	5

/* 64-byte aligned, as the work area's polynomials are */
static s16 pa[4][N] __aligned(64), pb[4][N] __aligned(64), pr[N] __aligned(64);
static s16 bcache[4][N / 2] __aligned(64);
static u8 bytes[4 * 384] __aligned(64);
static unsigned int cur_d, cur_k;
static const struct vgc_mlkem_backend *cur_be;

/* what one peer runs: a primitive of a back end, or mlkem-native's */
struct peer {
	const char *name;
	const struct vgc_mlkem_backend *be;	/* NULL: mlkem-native */
	void (*fn)(void);
	bool whole_op;		/* brackets its SIMD sections itself */
};

static void be_ntt(void)
{
	cur_be->ntt(pa[0]);
}

static void be_invntt(void)
{
	cur_be->invntt(pa[0]);
}

static void be_basemul(void)
{
	cur_be->basemul_row(pr, pa[0], pb[0], cur_k);
}

static void be_tomont(void)
{
	cur_be->tomont(pa[0]);
}

static void be_add(void)
{
	cur_be->add(pa[0], pb[0]);
}

static void be_rsub(void)
{
	cur_be->rsub(pa[0], pb[0]);
}

static void be_compress(void)
{
	cur_be->compress(bytes, pb[1], cur_d);
}

static void be_decompress(void)
{
	cur_be->decompress(pa[0], bytes, cur_d);
}

static void be_tobytes(void)
{
	cur_be->tobytes(bytes, pb[1]);
}

static void be_frombytes(void)
{
	(void)cur_be->frombytes(pa[0], bytes);
}

#ifdef VGC_MLKN
static void mn_ntt(void)
{
	mlkem_ntt_avx2_asm(pa[0], mlkn_qdata);
}

static void mn_ntt_reduce(void)
{
	mlkem_ntt_avx2_asm(pa[0], mlkn_qdata);
	mlkem_reduce_avx2_asm(pa[0]);
}

static void mn_invntt(void)
{
	mlkem_invntt_avx2_asm(pa[0], mlkn_qdata);
}

static void mn_tomont(void)
{
	mlkem_tomont_avx2_asm(pa[0]);
}

static void mn_mulcache(void)
{
	mlkem_poly_mulcache_compute_avx2_asm(bcache[0], pb[0], mlkn_qdata);
}

static void mn_basemul(void)
{
	const s16 *a = pa[0], *b = pb[0], *c = bcache[0];

	if (cur_k == 2)
		mlkem_polyvec_basemul_acc_montgomery_cached_k2_avx2_asm(pr, a, b, c);
	else if (cur_k == 3)
		mlkem_polyvec_basemul_acc_montgomery_cached_k3_avx2_asm(pr, a, b, c);
	else
		mlkem_polyvec_basemul_acc_montgomery_cached_k4_avx2_asm(pr, a, b, c);
}

static void mn_compress(void)
{
	const u8 *data = mlkn_compress_data[cur_d];

	switch (cur_d) {
	case 4:
		mlkem_poly_compress_d4_avx2_asm(bytes, pb[1], data);
		break;
	case 5:
		mlkem_poly_compress_d5_avx2_asm(bytes, pb[1], data);
		break;
	case 10:
		mlkem_poly_compress_d10_avx2_asm(bytes, pb[1], data);
		break;
	default:
		mlkem_poly_compress_d11_avx2_asm(bytes, pb[1], data);
	}
}

static void mn_decompress(void)
{
	const u8 *data = mlkn_decompress_data[cur_d];

	switch (cur_d) {
	case 4:
		mlkem_poly_decompress_d4_avx2_asm(pa[0], bytes, data);
		break;
	case 5:
		mlkem_poly_decompress_d5_avx2_asm(pa[0], bytes, data);
		break;
	case 10:
		mlkem_poly_decompress_d10_avx2_asm(pa[0], bytes, data);
		break;
	default:
		mlkem_poly_decompress_d11_avx2_asm(pa[0], bytes, data);
	}
}

/* as mlkem-native runs them: its encoders need [0, q), poly_reduce first */
static void mn_reduce_compress(void)
{
	mlkem_reduce_avx2_asm(pb[1]);
	mn_compress();
}

static void mn_tobytes(void)
{
	mlkem_ntttobytes_avx2_asm(bytes, pb[1]);
}

static void mn_reduce_tobytes(void)
{
	mlkem_reduce_avx2_asm(pb[1]);
	mn_tobytes();
}

static void mn_frombytes(void)
{
	mlkem_nttfrombytes_avx2_asm(pa[0], bytes);
}
#endif

/* whole KEM operations on a back end (its Keccak and sampling included) */
static struct vgc_mlkem_work kem_work;
static u8 kem_ek[VGC_MLKEM_MAX_EK_SIZE], kem_dk[VGC_MLKEM_MAX_DK_SIZE];
static u8 kem_ct[VGC_MLKEM_MAX_CT_SIZE], kem_ss[32], kem_seed[64], kem_m[32];
static enum vgc_mlkem_set kem_set;

static void be_keygen(void)
{
	vgc_mlkem_keypair_derand_be(cur_be, kem_set, kem_ek,
				    vgc_mlkem_ek_size(kem_set), kem_dk,
				    vgc_mlkem_dk_size(kem_set), kem_seed, 64,
				    &kem_work);
}

static void be_encaps(void)
{
	vgc_mlkem_encaps_derand_be(cur_be, kem_set, kem_ct,
				   vgc_mlkem_ct_size(kem_set), kem_ss, kem_ek,
				   vgc_mlkem_ek_size(kem_set), kem_m, &kem_work);
}

static void be_decaps(void)
{
	vgc_mlkem_decaps_be(cur_be, kem_set, kem_ss, kem_ct,
			    vgc_mlkem_ct_size(kem_set), kem_dk,
			    vgc_mlkem_dk_size(kem_set), &kem_work);
}

static u64 cycles(void)
{
	unsigned int aux;

	_mm_lfence();
	return __rdtscp(&aux);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

static unsigned int rounds = 2001;
static double cyc[MAX_PEERS][100001], ratio[100001];

/*
 * One table row: peers[0] is the portable code; @mn, if not negative,
 * the index of mlkem-native's peer
 */
static void row(const char *what, struct peer *peers, unsigned int n, int mn)
{
	unsigned int r, i, j, p, b;
	double med[MAX_PEERS];
	u64 t0;

	/* warm up, inside a section as below */
	for (p = 0; p < n; p++) {
		cur_be = peers[p].be;
		if (cur_be && !peers[p].whole_op && cur_be->simd_begin)
			cur_be->simd_begin(&test_save);
		for (b = 0; b < 64; b++)
			peers[p].fn();
		if (cur_be && !peers[p].whole_op && cur_be->simd_end)
			cur_be->simd_end(&test_save);
	}
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < n; i++) {
			p = (i + r) % n;
			cur_be = peers[p].be;
			if (cur_be && !peers[p].whole_op && cur_be->simd_begin)
				cur_be->simd_begin(&test_save);
			t0 = cycles();
			for (b = 0; b < BATCH; b++)
				peers[p].fn();
			cyc[p][r] = (double)(cycles() - t0) / BATCH;
			if (cur_be && !peers[p].whole_op && cur_be->simd_end)
				cur_be->simd_end(&test_save);
		}
	}
	printf("%-18s", what);
	for (p = 0; p < n; p++) {
		for (r = 0; r < rounds; r++)
			ratio[r] = cyc[p][r] / cyc[0][r];
		med[p] = median(ratio, rounds);
		memcpy(ratio, cyc[p], rounds * sizeof(double));
		printf(" %9.0f", median(ratio, rounds));
	}
	for (p = n; p < MAX_PEERS; p++)
		printf(" %9s", "-");
	/* SIMD back ends against the portable code, and against mlkem-native */
	for (p = 1; p < n; p++) {
		if ((int)p == mn)
			continue;
		printf("  %5.2f", med[p]);
		if (mn >= 0) {
			for (j = 0; j < rounds; j++)
				ratio[j] = cyc[p][j] / cyc[mn][j];
			printf(" %5.2f", median(ratio, rounds));
		} else {
			printf(" %5s", "-");
		}
	}
	printf("\n");
	fflush(stdout);
}

/* the SIMD back ends this CPU runs, fastest first */
static const struct vgc_mlkem_backend *simd[2];
static unsigned int ns;
static struct peer peers[MAX_PEERS];

#ifdef VGC_MLKN
#define MLKN(fn)	(fn)
#else
#define MLKN(fn)	NULL
#endif

/* one row: @fnb on every back end, @fnm (if any) for mlkem-native */
static void bench(const char *what, void (*fnb)(void), void (*fnm)(void),
		  bool whole_op)
{
	unsigned int i, n = 0;
	int mn = -1;

	peers[n++] = (struct peer){ "generic", &vgc_mlkem_backend_generic,
				    fnb, whole_op };
	for (i = 0; i < ns; i++)
		peers[n++] = (struct peer){ simd[i]->name, simd[i], fnb,
					    whole_op };
	if (fnm) {
		mn = (int)n;
		peers[n++] = (struct peer){ "mlkn", NULL, fnm, false };
	}
	row(what, peers, n, mn);
}

int main(int argc, char **argv)
{
	static const char *const sets[] = { "512", "768", "1024" };
	static const unsigned int ds[] = { 1, 4, 5, 10, 11 };
	const struct vgc_mlkem_backend *const *be;
	unsigned int i, j;
	const char *why;
	char what[32];

	if (argc > 1)
		rounds = (unsigned int)atoi(argv[1]) | 1;
	if (rounds > 100001)
		rounds = 100001;
	for (be = vgc_mlkem_backends; *be; be++)
		if (*be != &vgc_mlkem_backend_generic && ns < 2 &&
		    (!(*be)->usable || (*be)->usable(&why)))
			simd[ns++] = *be;

	for (i = 0; i < 4; i++)
		for (j = 0; j < N; j++) {
			pa[i][j] = (s16)(rand() % 3329);
			pb[i][j] = (s16)(rand() % 3329);
		}
	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (u8)rand();

	printf("mlkem_primbench: TSC cycles per call, median of %u rounds of %u calls\n",
	       rounds, BATCH);
	printf("%-18s %9s", "primitive", "generic");
	for (i = 0; i < ns; i++)
		printf(" %9s", simd[i]->name);
#ifdef VGC_MLKN
	printf(" %9s", "mlkn-avx2");
#else
	printf(" %9s", "");
#endif
	for (i = ns + 2; i < MAX_PEERS; i++)
		printf(" %9s", "");
	for (i = 0; i < ns; i++)
		printf("  %s/gen %s/mlkn", simd[i]->name, simd[i]->name);
	printf("\n");

	bench("ntt", be_ntt, MLKN(mn_ntt), false);
	bench("  (mlkn +reduce)", be_ntt, MLKN(mn_ntt_reduce), false);
	bench("invntt", be_invntt, MLKN(mn_invntt), false);
	for (cur_k = 2; cur_k <= 4; cur_k++) {
		snprintf(what, sizeof(what), "basemul_row k=%u", cur_k);
		bench(what, be_basemul, MLKN(mn_basemul), false);
	}
#ifdef VGC_MLKN
	/* mlkem-native's cache of b1 * zeta, once per vector polynomial */
	peers[0] = (struct peer){ "mlkn", NULL, mn_mulcache, false };
	row("mlkn mulcache", peers, 1, -1);
#endif
	bench("tomont", be_tomont, MLKN(mn_tomont), false);
	bench("add", be_add, NULL, false);
	bench("rsub", be_rsub, NULL, false);
	for (i = 0; i < ARRAY_SIZE(ds); i++) {
		cur_d = ds[i];
		snprintf(what, sizeof(what), "compress d=%u", cur_d);
		bench(what, be_compress, cur_d == 1 ? NULL : MLKN(mn_compress),
		      false);
		if (cur_d != 1)
			bench("  (mlkn reduce+)", be_compress,
			      MLKN(mn_reduce_compress), false);
		snprintf(what, sizeof(what), "decompress d=%u", cur_d);
		bench(what, be_decompress,
		      cur_d == 1 ? NULL : MLKN(mn_decompress), false);
	}
	bench("tobytes", be_tobytes, MLKN(mn_tobytes), false);
	bench("  (mlkn reduce+)", be_tobytes, MLKN(mn_reduce_tobytes), false);
	bench("frombytes", be_frombytes, MLKN(mn_frombytes), false);

	/* the KEM on each back end: its operations bracket SIMD themselves */
	printf("whole KEM operations, each back end's own Keccak and sampling:\n");
	rounds = rounds / 4 | 1;
	for (kem_set = VGC_MLKEM512; kem_set <= VGC_MLKEM1024; kem_set++) {
		cur_be = &vgc_mlkem_backend_generic;
		be_keygen();
		be_encaps();
		snprintf(what, sizeof(what), "%s keygen", sets[kem_set]);
		bench(what, be_keygen, NULL, true);
		snprintf(what, sizeof(what), "%s encaps", sets[kem_set]);
		bench(what, be_encaps, NULL, true);
		snprintf(what, sizeof(what), "%s decaps", sets[kem_set]);
		bench(what, be_decaps, NULL, true);
	}
	return 0;
}
