// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the AEAD's guard at load (crypto/aead_guard.c,
 * crypto/guard_time.c):
 *  - the verdict from timings: ours is kept exactly where no figure is
 *    below 1.00 (kernel's time / ours), the least figure is the one
 *    named, and the figures read as the dmesg line prints them;
 *  - an error on either side, seal or open (-EBADMSG, -EINVAL, -ENOMEM,
 *    injected into the guard's requests), withholds the drivers, and the
 *    decision says the timing failed;
 *  - the baseline is the kernel's rfc7539 on its best ChaCha20 (and
 *    Poly1305) drivers, asked for by their names, even where an instance
 *    on the generic drivers exists.
 * The guard runs here on the portable back end; each run rewrites the
 * module's aead_decision, which says nothing after this suite.
 */
#include <crypto/aead.h>
#include <crypto/skcipher.h>
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/string.h>

#include "chacha20poly1305.h"
#include "../crypto/vgc_glue.h"
#include "../crypto/vgc_guard.h"

static const unsigned int sizes[] = { 64, 256, 1420, 4096 };

/* the kernel's and our times: ours at @pct percent of the kernel's */
static void fill(struct vgc_guard_result *res, unsigned int pct)
{
	unsigned int s, op;

	memset(res, 0, sizeof(*res));
	for (s = 0; s < ARRAY_SIZE(sizes); s++)
		for (op = 0; op < 2; op++) {
			res->best[s][op][0] = 100000;
			res->best[s][op][1] = 1000 * pct;
		}
}

static void test_verdict(struct kunit *test)
{
	struct vgc_guard_result *res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, res);
	/* ours as fast: kept */
	fill(res, 100);
	vgc_guard_judge(res, sizes, ARRAY_SIZE(sizes));
	KUNIT_EXPECT_EQ(test, res->least, 100U);
	KUNIT_EXPECT_TRUE(test, res->keep);
	/* 2 % slower at one figure (1420 B open): not kept */
	fill(res, 80);
	res->best[2][1][1] = 102000;
	vgc_guard_judge(res, sizes, ARRAY_SIZE(sizes));
	KUNIT_EXPECT_EQ(test, res->least, 98U);
	KUNIT_EXPECT_EQ(test, res->least_size, 1420U);
	KUNIT_EXPECT_EQ(test, res->least_op, 1U);
	KUNIT_EXPECT_FALSE(test, res->keep);
	KUNIT_EXPECT_STREQ(test, res->figures,
			   "64 B 1.25/1.25x, 256 B 1.25/1.25x, 1420 B 1.25/0.98x, 4096 B 1.25/1.25x");
	/* ours faster everywhere: kept, the least named */
	fill(res, 50);
	res->best[0][0][1] = 80000;
	vgc_guard_judge(res, sizes, ARRAY_SIZE(sizes));
	KUNIT_EXPECT_EQ(test, res->least, 125U);
	KUNIT_EXPECT_EQ(test, res->least_size, 64U);
	KUNIT_EXPECT_EQ(test, res->least_op, 0U);
	KUNIT_EXPECT_TRUE(test, res->keep);
}

/* timed without faults: skips the case where the kernel has no rfc7539 */
static void need_template(struct kunit *test)
{
	const char *d;

	vgc_aead_guard_timed(&vgc_cp_backend_generic);
	d = vgc_aead_guard_decision();
	if (strstr(d, "is not available"))
		kunit_skip(test, "%s", d);
}

static void test_errors_withhold(struct kunit *test)
{
	static const int errs[] = { -EBADMSG, -EINVAL, -ENOMEM };
	const char *d;
	unsigned int side, op, e;
	bool reg;

	need_template(test);

	for (side = 0; side < 2; side++) {
		for (op = 0; op < 2; op++) {
			for (e = 0; e < ARRAY_SIZE(errs); e++) {
				vgc_aead_guard_set_fault(side, !op, errs[e]);
				reg = vgc_aead_guard_timed(&vgc_cp_backend_generic);
				vgc_aead_guard_set_fault(side, !op, 0);
				d = vgc_aead_guard_decision();
				KUNIT_EXPECT_FALSE_MSG(test, reg,
						       "%s %s failing with %d: registered (%s)",
						       side ? "our" : "the kernel's",
						       op ? "open" : "seal", errs[e], d);
				KUNIT_EXPECT_TRUE_MSG(test,
						      strstr(d, "not registered: timing against"),
						      "decision: %s", d);
			}
		}
	}
}

/* the driver name of the best "chacha20" skcipher, or NULL */
static const char *best_chacha(struct kunit *test)
{
	struct crypto_skcipher *c = crypto_alloc_skcipher("chacha20", 0,
							  CRYPTO_ALG_ASYNC);
	char *name;

	if (IS_ERR(c))
		return NULL;
	name = kunit_kzalloc(test, CRYPTO_MAX_ALG_NAME, GFP_KERNEL);
	if (name)
		strscpy(name, crypto_skcipher_driver_name(c), CRYPTO_MAX_ALG_NAME);
	crypto_free_skcipher(c);
	return name;
}

static void test_baseline(struct kunit *test)
{
	struct crypto_aead *generic;
	const char *chacha = best_chacha(test), *d;
	char want[CRYPTO_MAX_ALG_NAME + 8];

	if (!chacha)
		kunit_skip(test, "no chacha20 skcipher in this kernel");
	need_template(test);
	/* an instance on the generic drivers, where they exist, first */
	generic = crypto_alloc_aead("rfc7539(chacha20-generic,poly1305-generic)",
				    0, CRYPTO_ALG_ASYNC);
	kunit_info(test, "best ChaCha20: %s; an instance on the generic drivers: %s\n",
		   chacha, IS_ERR(generic) ? "none" : "made");
	vgc_aead_guard_timed(&vgc_cp_backend_generic);
	if (!IS_ERR(generic))
		crypto_free_aead(generic);
	d = vgc_aead_guard_decision();
	snprintf(want, sizeof(want), "the speed of rfc7539(%s,", chacha);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(d, want),
			      "decision '%s' does not name %s", d, want);
}

static struct kunit_case vgc_guard_cases[] = {
	KUNIT_CASE(test_verdict),
	KUNIT_CASE(test_errors_withhold),
	KUNIT_CASE(test_baseline),
	{}
};

static struct kunit_suite vgc_guard_suite = {
	.name = "vgcrypto_aead_guard",
	.test_cases = vgc_guard_cases,
};

kunit_test_suite(vgc_guard_suite);
