// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_polybench (x86-64): Poly1305 alone, in TSC ticks per byte.
 *
 * 1. A whole MAC (init, blocks, final) of 16 ... 4096 bytes: the generic
 *    code, the x64 and AVX2 block functions, and OpenSSL's EVP_MAC
 *    "POLY1305" (one context, re-keyed per MAC: its fixed cost includes
 *    the provider's dispatch, which its AEAD does not pay, so the
 *    1024 -> 4096 column gives the cost of each further byte, which is
 *    comparable).
 * 2. One message of 1 ... 256 blocks through the block functions alone
 *    (the vector codes' powers, lanes and flush included): the back
 *    ends' own choice (avx2, ifma: scalar below their thresholds) and the
 *    vector code from one step on (avx2-always, ifma-always); where each
 *    crosses x64 is where its threshold in poly1305_x86.h belongs.
 *    Columns a CPU cannot run are left out.
 *
 * Implementations are interleaved within each round, the order rotating;
 * the median (and the minimum, which the machine's other load can only
 * raise) over the rounds is printed.
 *
 *   vgc_polybench [--rounds N] [--quick]
 */
#include <time.h>
#include <openssl/evp.h>

#include "harness.h"
#include "../../arch/x86/poly1305_x86.h"

typedef void (*blocks_fn)(struct vgc_poly1305 *p, const u8 *src,
			  unsigned int nblocks);

#define MAX_ROUNDS	401
#define MAX_IMPLS	8
#define BUF_SIZE	4096
#define SAMPLE_BYTES	65536	/* per timed batch: some tens of microseconds */

struct impl {
	const char *name;
	blocks_fn blocks;	/* NULL: OpenSSL */
	enum { ANY_CPU, NEED_AVX2, NEED_IFMA } isa;
};

static void generic_blocks(struct vgc_poly1305 *p, const u8 *src,
			   unsigned int nblocks)
{
	vgc_poly1305_blocks_generic(p, src, nblocks, 1);
}

/* a back end's own poly_blocks, by name (its threshold, its flush) */
static const struct vgc_cp_backend *be_avx2, *be_ifma;

static void be_run(const struct vgc_cp_backend *be, struct vgc_poly1305 *p,
		   const u8 *src, unsigned int nblocks)
{
	be->poly_blocks(p, src, nblocks);
	be->poly_flush(p);
}

static void avx2_blocks(struct vgc_poly1305 *p, const u8 *src,
			unsigned int nblocks)
{
	be_run(be_avx2, p, src, nblocks);
}

static void ifma_blocks(struct vgc_poly1305 *p, const u8 *src,
			unsigned int nblocks)
{
	be_run(be_ifma, p, src, nblocks);
}

/* the vector code for every whole step, the scalar code for the rest */
static void avx2_always(struct vgc_poly1305 *p, const u8 *src,
			unsigned int nblocks)
{
	unsigned int n = nblocks & ~3U;

	if (n)
		vgc_poly1305_avx2_blocks(p, src, n);
	vgc_poly1305_avx2_flush(p);
	vgc_poly1305_blocks_x64(p, src + 16 * n, nblocks - n);
}

static void ifma_always(struct vgc_poly1305 *p, const u8 *src,
			unsigned int nblocks)
{
	unsigned int n = nblocks & ~7U;

	if (n)
		vgc_poly1305_ifma_blocks(p, src, n);
	vgc_poly1305_ifma_flush(p);
	vgc_poly1305_blocks_x64(p, src + 16 * n, nblocks - n);
}

static const struct impl mac_impls[] = {
	{ "generic", generic_blocks, ANY_CPU },
	{ "x64", vgc_poly1305_blocks_x64, ANY_CPU },
	{ "avx2", avx2_blocks, NEED_AVX2 },
	{ "ifma", ifma_blocks, NEED_IFMA },
	{ "openssl", NULL, ANY_CPU },
};

static const struct impl call_impls[] = {
	{ "generic", generic_blocks, ANY_CPU },
	{ "x64", vgc_poly1305_blocks_x64, ANY_CPU },
	{ "avx2", avx2_blocks, NEED_AVX2 },
	{ "avx2-always", avx2_always, NEED_AVX2 },
	{ "ifma", ifma_blocks, NEED_IFMA },
	{ "ifma-always", ifma_always, NEED_IFMA },
};

static const unsigned int mac_sizes[] = { 16, 64, 256, 1024, 4096 };
static const unsigned int call_blocks[] = {
	1, 2, 3, 4, 8, 12, 16, 17, 19, 20, 24, 28, 32, 48, 64, 128, 256,
};

static u8 buf[BUF_SIZE], key[32];
static EVP_MAC_CTX *mac_ctx;
static bool have_avx2, have_ifma;
static unsigned int rounds = 201;

static inline u64 tsc(void)
{
	return __builtin_ia32_rdtsc();
}

static bool ossl_mac(u8 tag[16], unsigned int len)
{
	size_t outl;

	return EVP_MAC_init(mac_ctx, key, sizeof(key), NULL) == 1 &&
	       EVP_MAC_update(mac_ctx, buf, len) == 1 &&
	       EVP_MAC_final(mac_ctx, tag, &outl, 16) == 1 && outl == 16;
}

static void our_mac(const struct impl *im, u8 tag[16], unsigned int len)
{
	struct vgc_poly1305 p;

	vgc_poly1305_init(&p, key);
	kernel_fpu_begin();
	im->blocks(&p, buf, len / 16);
	kernel_fpu_end();
	vgc_poly1305_final(&p, tag);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static bool usable(const struct impl *im)
{
	return im->isa == ANY_CPU || (im->isa == NEED_AVX2 && have_avx2) ||
	       (im->isa == NEED_IFMA && have_ifma);
}

/* Table 1: whole MACs; false if one gave a wrong tag. */
static bool mac_table(void)
{
	static double t[ARRAY_SIZE(mac_sizes)][MAX_IMPLS][MAX_ROUNDS];
	const unsigned int ni = ARRAY_SIZE(mac_impls);
	unsigned int s, r, k, i, it, n, len;
	double med[ARRAY_SIZE(mac_sizes)][MAX_IMPLS], lo, q[MAX_ROUNDS];
	double ratio[ARRAY_SIZE(mac_sizes)][MAX_IMPLS];
	u8 want[16], tag[16];
	u64 t0;

	for (s = 0; s < ARRAY_SIZE(mac_sizes); s++) {
		len = mac_sizes[s];
		n = SAMPLE_BYTES / len;
		vgc_poly1305_mac(want, buf, len, key);
		for (r = 0; r < rounds; r++) {
			for (k = 0; k < ni; k++) {
				i = (k + r) % ni;
				if (!usable(&mac_impls[i]))
					continue;
				t0 = tsc();
				for (it = 0; it < n; it++) {
					if (mac_impls[i].blocks)
						our_mac(&mac_impls[i], tag, len);
					else if (!ossl_mac(tag, len))
						memset(tag, 0, 16);
				}
				t[s][i][r] = (double)(tsc() - t0) / n / len;
				if (memcmp(tag, want, 16)) {
					fprintf(stderr,
						"vgc_polybench: %s: wrong tag at %u bytes\n",
						mac_impls[i].name, len);
					return false;
				}
			}
		}
	}

	/* before the medians below sort the samples */
	for (s = 0; s < ARRAY_SIZE(mac_sizes); s++) {
		for (i = 0; i + 1 < ni; i++) {
			if (!usable(&mac_impls[i]))
				continue;
			for (r = 0; r < rounds; r++)
				q[r] = t[s][i][r] / t[s][ni - 1][r];
			ratio[s][i] = median(q, rounds);
		}
	}

	printf("\nWhole MAC (init + blocks + final), TSC ticks/byte, median (min) of %u rounds:\n",
	       rounds);
	printf("%-9s", "bytes");
	for (s = 0; s < ARRAY_SIZE(mac_sizes); s++)
		printf(" %14u", mac_sizes[s]);
	printf("  %s\n", "1024->4096");
	for (i = 0; i < ni; i++) {
		if (!usable(&mac_impls[i]))
			continue;
		printf("%-9s", mac_impls[i].name);
		for (s = 0; s < ARRAY_SIZE(mac_sizes); s++) {
			lo = t[s][i][0];
			for (r = 1; r < rounds; r++)
				lo = t[s][i][r] < lo ? t[s][i][r] : lo;
			med[s][i] = median(t[s][i], rounds);
			printf("  %5.3f (%5.3f)", med[s][i], lo);
		}
		/* the cost of each further byte, fixed costs cancelled */
		printf("  %10.3f\n", (med[4][i] * 4096 - med[3][i] * 1024) / 3072);
	}
	/*
	 * The machine's other load changes from second to second, and an
	 * implementation's neighbours in a round see about the same: the
	 * median of the per-round ratios is steadier than a ratio of medians.
	 */
	printf("Cost relative to OpenSSL, median of the rounds' ratios (below 1: cheaper):\n");
	for (i = 0; i + 1 < ni; i++) {
		if (!usable(&mac_impls[i]))
			continue;
		printf("%-9s", mac_impls[i].name);
		for (s = 0; s < ARRAY_SIZE(mac_sizes); s++)
			printf("  %14.2f", ratio[s][i]);
		printf("\n");
	}
	return true;
}

/* Table 2: one message of nb blocks, without the final reduction. */
static void call_table(void)
{
	static double t[ARRAY_SIZE(call_blocks)][MAX_IMPLS][MAX_ROUNDS];
	const unsigned int ni = ARRAY_SIZE(call_impls);
	struct vgc_poly1305 st;
	unsigned int b, r, k, i, it, n, nb;
	u64 t0;

	for (b = 0; b < ARRAY_SIZE(call_blocks); b++) {
		nb = call_blocks[b];
		n = SAMPLE_BYTES / (nb * 16);
		for (r = 0; r < rounds; r++) {
			for (k = 0; k < ni; k++) {
				i = (k + r) % ni;
				if (!usable(&call_impls[i]))
					continue;
				t0 = tsc();
				for (it = 0; it < n; it++) {
					vgc_poly1305_init(&st, key);
					kernel_fpu_begin();
					call_impls[i].blocks(&st, buf, nb);
					kernel_fpu_end();
				}
				t[b][i][r] = (double)(tsc() - t0) / n / (nb * 16);
			}
		}
	}

	printf("\nOne message of N blocks (blocks and flush, no final), TSC ticks/byte, median:\n");
	printf("%-7s", "blocks");
	for (i = 0; i < ni; i++)
		if (usable(&call_impls[i]))
			printf(" %11s", call_impls[i].name);
	printf("\n");
	for (b = 0; b < ARRAY_SIZE(call_blocks); b++) {
		printf("%-7u", call_blocks[b]);
		for (i = 0; i < ni; i++)
			if (usable(&call_impls[i]))
				printf(" %11.3f", median(t[b][i], rounds));
		printf("\n");
	}
	printf("(avx2 takes its vector path from %u blocks, avx2-always from 4;\n"
	       " ifma from %u, ifma-always from 8)\n",
	       VGC_POLY1305_AVX2_MIN_BLOCKS, VGC_POLY1305_IFMA_MIN_BLOCKS);
}

/* About 0.2 s of every implementation first: clocks up, caches warm. */
static void warm_up(void)
{
	struct vgc_poly1305 st;
	unsigned int i, k;
	u8 tag[16];
	u64 t0 = tsc();

	do {
		for (k = 0; k < ARRAY_SIZE(call_impls); k++)
			if (usable(&call_impls[k]))
				for (i = 0; i < 64; i++) {
					vgc_poly1305_init(&st, key);
					kernel_fpu_begin();
					call_impls[k].blocks(&st, buf, i);
					kernel_fpu_end();
				}
		for (i = 0; i < 64; i++)
			ossl_mac(tag, 16 * i);
	} while (tsc() - t0 < 500000000ULL);
}

/* Core clock per TSC tick, from a chain of dependent one-cycle adds. */
static double core_per_tick(void)
{
	double best = 1e9, c;
	unsigned int r, i;
	u64 x = 1, t0;

	for (r = 0; r < 50; r++) {
		t0 = tsc();
		for (i = 0; i < 20000; i++)
			asm volatile("add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\t"
				     "add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\t"
				     "add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\t"
				     "add %0, %0" : "+r"(x));
		c = (double)(tsc() - t0) / 200000;
		best = c < best ? c : best;
	}
	return 1 / best;
}

int main(int argc, char **argv)
{
	struct vgc_rng rng;
	EVP_MAC *mac;
	int a;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--rounds") && a + 1 < argc) {
			rounds = (unsigned int)atoi(argv[++a]);
		} else if (!strcmp(argv[a], "--quick")) {
			rounds = 31;
		} else {
			fprintf(strcmp(argv[a], "--help") ? stderr : stdout,
				"usage: vgc_polybench [--rounds N (1-%u, default 201)] [--quick]\n",
				MAX_ROUNDS);
			return strcmp(argv[a], "--help") ? 2 : 0;
		}
	}
	if (!rounds || rounds > MAX_ROUNDS) {
		fprintf(stderr, "vgc_polybench: rounds must be 1-%u\n",
			MAX_ROUNDS);
		return 2;
	}

	__builtin_cpu_init();
	have_avx2 = __builtin_cpu_supports("avx2");
	have_ifma = __builtin_cpu_supports("avx512f") &&
		    __builtin_cpu_supports("avx512vl") &&
		    __builtin_cpu_supports("avx512ifma");
	for (a = 0; vgc_cp_backends[a]; a++) {
		if (!strcmp(vgc_cp_backends[a]->name, "avx2"))
			be_avx2 = vgc_cp_backends[a];
		if (!strcmp(vgc_cp_backends[a]->name, "avx512"))
			be_ifma = vgc_cp_backends[a];
	}
	have_avx2 = have_avx2 && be_avx2;
	have_ifma = have_ifma && be_ifma;
	vgc_rng_seed(&rng, 1305);
	vgc_rng_fill(&rng, buf, sizeof(buf));
	vgc_rng_fill(&rng, key, sizeof(key));
	mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
	mac_ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
	if (!mac_ctx) {
		fprintf(stderr, "vgc_polybench: no OpenSSL POLY1305 MAC\n");
		return 1;
	}

	warm_up();
	printf("vgc_polybench: Poly1305 alone; AVX2 %s; AVX-512 IFMA %s;\n"
	       "about %.2f core cycles per TSC tick\n",
	       have_avx2 ? "yes" : "no (AVX2 columns left out)",
	       have_ifma ? "yes" : "no (IFMA columns left out)",
	       core_per_tick());
	if (!mac_table())
		return 1;
	call_table();

	EVP_MAC_CTX_free(mac_ctx);
	EVP_MAC_free(mac);
	return 0;
}
