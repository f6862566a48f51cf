// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_test: every suite against every back end this CPU can run.
 *
 *   vgc_test [--quick] [--seed N] [--vectors DIR] [--require-vectors]
 *            [--backend NAME] [--suite NAME]
 *
 * Each suite prints "<suite>[<backend>]: N passed, N failed[, N skipped]";
 * the last line sums them as "harness: N passed, N failed". The exit
 * status is 1 if anything failed, 2 on a usage error.
 */
#include <time.h>

#include "harness.h"
#include "not_exercised.h"

#ifndef VGC_VECTORS_DEFAULT
#define VGC_VECTORS_DEFAULT "../shared/vectors"
#endif

#define DEFAULT_SEED	8439

struct suite {
	const char *name;
	void (*run)(const struct vgc_cp_backend *be, const struct vgc_opts *o,
		    struct vgc_tally *t);
};

static const struct suite suites[] = {
	{ "rfc8439", vgc_suite_rfc8439 },
	{ "poly1305", vgc_suite_poly1305 },
	{ "wycheproof", vgc_suite_wycheproof },
	{ "bitflip", vgc_suite_bitflip },
	{ "openssl-diff", vgc_suite_openssl },
	{ "backend-eq", vgc_suite_backend_eq },
	{ "suspend", vgc_suite_suspend },
	{ "chacha-xor", vgc_suite_chacha_xor },
	{ "poly-blocks", vgc_suite_poly_blocks },
	{ "kat", vgc_suite_kat },
	{ "dead-stack", vgc_suite_dead_stack },
#if VGC_SIMD_SAVE_BYTES
	{ "simd-save", vgc_suite_simd_save },
#endif
};

static const char *const help[] = {
	"usage: vgc_test [--quick] [--seed N] [--vectors DIR] [--require-vectors]",
	"                [--backend NAME] [--suite NAME] | --backends",
	"  --quick            10,000 differential cases instead of 100,000,",
	"                     fewer long lengths",
	"  --seed N           PRNG seed",
	"  --vectors DIR      third-party vectors (default: $VGC_VECTORS, else",
	"                     the build's ../shared/vectors)",
	"  --require-vectors  a missing vector file fails instead of skipping",
	"  --backend NAME     only this back end",
	"  --suite NAME       only this suite",
	"  --backends         name the back ends this CPU cannot run, and exit",
	"  (VGCRYPTO_HIDE_CPU=avx512 answers as a CPU without AVX-512)",
};

static void print_help(FILE *f)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(help); i++)
		fprintf(f, "%s\n", help[i]);
	fprintf(f, "seed default: %d; vectors default: %s\nsuites:",
		DEFAULT_SEED, VGC_VECTORS_DEFAULT);
	for (i = 0; i < ARRAY_SIZE(suites); i++)
		fprintf(f, " %s", suites[i].name);
	fputc('\n', f);
}

/* the list's back ends this CPU cannot run, and why */
static void print_not_exercised(void)
{
	const struct vgc_cp_backend *const *be;
	struct vgc_not_exercised ne = { .n = 0 };
	const char *why;

	for (be = vgc_cp_backends; *be; be++)
		if ((*be)->usable && !(*be)->usable(&why))
			vgc_ne_add(&ne, (*be)->name, why);
	vgc_ne_print(&ne, "");
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const struct vgc_cp_backend *bes[VGC_MAX_BACKENDS];
	struct vgc_opts o = { .seed = DEFAULT_SEED };
	const char *only_be = NULL, *only_suite = NULL, *env;
	struct vgc_tally total = { 0 }, t;
	unsigned int nbe, i, j, ran = 0;
	unsigned long faults;
	double t0 = now();
	char *end;
	int a;

	env = getenv("VGC_VECTORS");
	o.vectors = env && *env ? env : VGC_VECTORS_DEFAULT;
	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--quick")) {
			o.quick = true;
		} else if (!strcmp(argv[a], "--require-vectors")) {
			o.require_vectors = true;
		} else if (!strcmp(argv[a], "--seed") && a + 1 < argc) {
			o.seed = strtoull(argv[++a], &end, 0);
			if (*end || !*argv[a]) {
				fprintf(stderr, "vgc_test: bad seed '%s'\n",
					argv[a]);
				return 2;
			}
		} else if (!strcmp(argv[a], "--vectors") && a + 1 < argc) {
			o.vectors = argv[++a];
		} else if (!strcmp(argv[a], "--backend") && a + 1 < argc) {
			only_be = argv[++a];
		} else if (!strcmp(argv[a], "--backends")) {
			/* for stages that run the back ends another way */
			print_not_exercised();
			return 0;
		} else if (!strcmp(argv[a], "--suite") && a + 1 < argc) {
			only_suite = argv[++a];
		} else {
			/* --help, or a usage error */
			bool asked = !strcmp(argv[a], "--help");

			print_help(asked ? stdout : stderr);
			return asked ? 0 : 2;
		}
	}

	nbe = vgc_backends(bes, ARRAY_SIZE(bes));
	printf("vgc_test: %s run, seed %llu, vectors %s\nvgc_test: back ends:",
	       o.quick ? "quick" : "full", (unsigned long long)o.seed,
	       o.vectors);
	for (i = 0; i < nbe; i++)
		printf(" %s", bes[i]->name);
	printf("\n");
	print_not_exercised();

	for (i = 0; i < nbe; i++) {
		if (only_be && strcmp(only_be, bes[i]->name))
			continue;
		for (j = 0; j < ARRAY_SIZE(suites); j++) {
			if (only_suite && strcmp(only_suite, suites[j].name))
				continue;
			memset(&t, 0, sizeof(t));
			faults = vgc_simd_faults();
			suites[j].run(bes[i], &o, &t);
			faults = vgc_simd_faults() - faults;
			vgc_check(&t, !faults, suites[j].name, bes[i]->name,
				  "%lu SIMD-section faults (vector code outside kernel_fpu_begin/end, unbalanced sections, or an unwiped NEON save area: see stderr)",
				  faults);
			vgc_tally_print(suites[j].name, bes[i]->name, &t);
			total.passed += t.passed;
			total.failed += t.failed;
			total.skipped += t.skipped;
			ran++;
		}
	}
	vgc_ossl_cleanup();
	if (!ran) {
		fprintf(stderr, "vgc_test: no back end or suite matched\n");
		return 2;
	}
	printf("vgc_test: %u suite runs in %.2f s\n", ran, now() - t0);
	printf("harness: %lu passed, %lu failed", total.passed, total.failed);
	if (total.skipped)
		printf(", %lu skipped", total.skipped);
	printf("\n");
	return total.failed ? 1 : 0;
}
