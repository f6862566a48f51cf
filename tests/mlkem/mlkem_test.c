// SPDX-License-Identifier: GPL-2.0-only
/*
 * mlkem_test: the ML-KEM and SHA-3 code of lib/ and arch/ in user space,
 * on every back end of the module's list that this CPU runs, checked
 * against NIST ACVP, Wycheproof, C2SP CCTV, OpenSSL (SHA-3) and an
 * independent implementation (@noble/post-quantum); each SIMD back end's
 * primitives also against the portable ones. One line per suite and back
 * end ("suite[backend]: ..."), then "N passed, N failed".
 *
 *   mlkem_test [--noble CASES] [--xwing CASES] [--ctgrind PROGRAM | --no-ctgrind WHY]
 *              [--backend NAME]
 *
 * --no-ctgrind says why valgrind cannot run here (the arm64 build under
 * qemu-aarch64); the suite is then reported as not run, not as passed.
 */
#include <stdarg.h>
#include <string.h>

#include "mlkem_test.h"
#include "not_exercised.h"

struct mt_tally mt_total;
const char *mt_vectors;
const struct vgc_mlkem_backend *mt_be = &vgc_mlkem_backend_generic;

#define MT_MAX_FAIL_REPORTS	10

bool mt_check(struct mt_tally *t, bool ok, const char *suite,
	      const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		t->passed++;
		return true;
	}
	if (t->failed++ < MT_MAX_FAIL_REPORTS) {
		printf("FAIL %s: ", suite);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	return false;
}

/*
 * Each suite also checks that every SIMD entry it reached ran inside its
 * back end's section, and that sections were balanced (the harness's
 * flag, tests/harness/kcompat.h; the first fault is named on stderr).
 */
void mt_report(const char *suite, struct mt_tally *t)
{
	static unsigned long faults_seen;
	unsigned long faults = vgc_simd_faults() - faults_seen;

	faults_seen += faults;
	mt_check(t, !faults, suite,
		 "%lu SIMD-section faults (vector code outside kernel_fpu_begin/end, unbalanced sections, or an unwiped NEON save area)",
		 faults);
	printf("%s[%s]: %lu passed, %lu failed\n", suite, mt_be->name,
	       t->passed, t->failed);
	mt_total.passed += t->passed;
	mt_total.failed += t->failed;
	fflush(stdout);
}

void mt_missing(struct mt_tally *t, const char *suite, const char *what)
{
	printf("%s: MISSING %s: skipped, counted as 1 failed\n", suite, what);
	t->failed++;
}

bool mt_unhex_into(u8 *out, size_t len, const char *hex)
{
	return strlen(hex) == 2 * len && !hex2bin(out, hex, len);
}

u8 *mt_unhex(const char *hex, size_t *len)
{
	size_t n = strlen(hex);
	u8 *out;

	if (n % 2)
		return NULL;
	out = malloc(n / 2 + 1);	/* never NULL for n == 0 */
	if (!out)
		abort();
	if (!mt_unhex_into(out, n / 2, hex)) {
		free(out);
		return NULL;
	}
	*len = n / 2;
	return out;
}

const char *mt_path(const char *rel)
{
	static char buf[4096];

	snprintf(buf, sizeof(buf), "%s/%s", mt_vectors, rel);
	return buf;
}

enum vgc_mlkem_set mt_set_from_name(const char *name, bool *ok)
{
	*ok = true;
	if (name && (!strcmp(name, "ML-KEM-512") || !strcmp(name, "512")))
		return VGC_MLKEM512;
	if (name && (!strcmp(name, "ML-KEM-768") || !strcmp(name, "768")))
		return VGC_MLKEM768;
	if (name && (!strcmp(name, "ML-KEM-1024") || !strcmp(name, "1024")))
		return VGC_MLKEM1024;
	*ok = false;
	return VGC_MLKEM512;
}

int main(int argc, char **argv)
{
	const char *noble = NULL, *ctgrind = NULL, *only = NULL, *why;
	const char *xwing = NULL;
	const char *no_ctgrind = NULL;
	const struct vgc_mlkem_backend *const *be;
	struct vgc_not_exercised ne = { .n = 0 };
	bool list_only = false;
	struct mt_tally t;
	int i;

	mt_vectors = getenv("VGC_VECTORS");
	if (!mt_vectors)
		mt_vectors = VGC_VECTORS_DEFAULT;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--noble") && i + 1 < argc) {
			noble = argv[++i];
		} else if (!strcmp(argv[i], "--xwing") && i + 1 < argc) {
			xwing = argv[++i];
		} else if (!strcmp(argv[i], "--ctgrind") && i + 1 < argc) {
			ctgrind = argv[++i];
		} else if (!strcmp(argv[i], "--no-ctgrind") && i + 1 < argc) {
			no_ctgrind = argv[++i];
		} else if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "--backends")) {
			list_only = true;
		} else {
			fprintf(stderr,
				"usage: %s [--noble CASES] [--xwing CASES] [--ctgrind PROG | --no-ctgrind WHY] [--backend NAME] [--backends]\n",
				argv[0]);
			return 2;
		}
	}
	printf("mlkem_test: vectors from %s, work area %zu bytes\n",
	       mt_vectors, sizeof(struct vgc_mlkem_work));

	for (be = vgc_mlkem_backends; *be; be++)
		if ((*be)->usable && !(*be)->usable(&why))
			vgc_ne_add(&ne, (*be)->name, why);
	vgc_ne_print(&ne, "ML-KEM ");
	if (list_only)
		return 0;
	suite_sha3();
	for (be = vgc_mlkem_backends; *be; be++) {
		if (only && strcmp(only, (*be)->name))
			continue;
		if ((*be)->usable && !(*be)->usable(&why)) {
			printf("# %s: not run here: %s\n", (*be)->name, why);
			continue;
		}
		/* the exported functions, which the suites call, run on it */
		mt_be = *be;
		vgc_mlkem_set_fastest(mt_be);
		printf("# back end %s\n", mt_be->name);
		if (mt_be != &vgc_mlkem_backend_generic)
			suite_equiv();
		suite_ek_bound();
		suite_units();
		suite_acvp();
		suite_wycheproof();
		suite_cctv();
		t = (struct mt_tally){ 0 };
		if (noble) {
			suite_noble(noble);
		} else {
			mt_missing(&t, "noble-diff", "--noble case file (not given)");
			mt_report("noble-diff", &t);
		}
		suite_xwing(xwing);
		t = (struct mt_tally){ 0 };
		if (ctgrind) {
			suite_ctgrind(ctgrind);
		} else if (no_ctgrind) {
			printf("ct-valgrind[%s]: not run: %s\n", mt_be->name,
			       no_ctgrind);
		} else {
			mt_missing(&t, "ct-valgrind", "--ctgrind program (not given)");
			mt_report("ct-valgrind", &t);
		}
	}

	printf("%lu passed, %lu failed\n", mt_total.passed, mt_total.failed);
	return mt_total.failed ? 1 : 0;
}
