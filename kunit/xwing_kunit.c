// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit for vgcrypto_xwing.ko (X-Wing): the draft's first test vector in
 * full (key pair, derandomized encapsulation, decapsulation), the kpp
 * "xwing" (round trips, every refusal with nothing written, -EOVERFLOW's
 * size, the pool not seeded with and without MAY_SLEEP) and the exported
 * functions. The user-space harness has the other vectors and the
 * differential against @noble/post-quantum (tests/mlkem/suite_xwing.c).
 */
#include <kunit/test.h>
#include <crypto/kpp.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "mlkem_backend.h"
#include "sha3.h"
#include "xwing.h"
#include "../crypto/xwing_kat.h"

#define POISON		0x5a
#define ENC_OUT		(VGC_XWING_CT_SIZE + VGC_XWING_SS_SIZE)
#define OUT_SIZE	2048	/* larger than any output */

/* 6.1's KUnit has no KUNIT_EXPECT_MEMEQ */
#define EXPECT_MEMEQ(test, a, b, n)					\
	KUNIT_EXPECT_TRUE_MSG(test, !memcmp(a, b, n), "%s differs from %s", \
			      #a, #b)

struct xw {
	struct vgc_mlkem_work work;
	struct vgc_xwing_key key;
	struct vgc_keccak kc;
	struct crypto_kpp *tfm;
	struct kpp_request *req;
	struct scatterlist src, dst;
	u8 pk[VGC_XWING_PK_SIZE];
	u8 sk[VGC_XWING_SK_SIZE];
	u8 ct[VGC_XWING_CT_SIZE];
	u8 in[VGC_XWING_PK_SIZE + 1];
	u8 out[OUT_SIZE];
	u8 ss[VGC_XWING_SS_SIZE];
	u8 digest[32];
};

static struct xw *xw_new(struct kunit *test, bool with_tfm)
{
	struct xw *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	if (!with_tfm)
		return t;
	t->tfm = crypto_alloc_kpp("xwing", 0, 0);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(t->tfm), "crypto_alloc_kpp: %ld",
			       PTR_ERR(t->tfm));
	KUNIT_EXPECT_STREQ(test,
			   crypto_tfm_alg_driver_name(crypto_kpp_tfm(t->tfm)),
			   "xwing-vgcrypto");
	t->req = kpp_request_alloc(t->tfm, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->req);
	return t;
}

static void xw_free(struct xw *t)
{
	kpp_request_free(t->req);
	if (t->tfm)
		crypto_free_kpp(t->tfm);
}

/* one compute_shared_secret on @len bytes of t->in into t->out */
static int xw_compute(struct xw *t, unsigned int len, unsigned int dst_len,
		      u32 flags)
{
	memset(t->out, POISON, sizeof(t->out));
	sg_init_one(&t->src, t->in, len ?: 1);
	sg_init_one(&t->dst, t->out, dst_len ?: 1);
	kpp_request_set_callback(t->req, flags, NULL, NULL);
	kpp_request_set_input(t->req, &t->src, len);
	kpp_request_set_output(t->req, &t->dst, dst_len);
	return crypto_kpp_compute_shared_secret(t->req);
}

static bool untouched(const u8 *p, size_t len)
{
	return !memchr_inv(p, POISON, len);
}

static void test_draft_vector(struct kunit *test)
{
	struct xw *t = xw_new(test, false);

	KUNIT_ASSERT_EQ(test, vgc_xwing_expand(&t->key, xwing_kat_sk, &t->work),
			0);
	vgc_sha3_256_init(&t->kc);
	vgc_keccak_absorb(&t->kc, t->key.pk, VGC_XWING_PK_SIZE);
	vgc_keccak_squeeze(&t->kc, t->digest, sizeof(t->digest));
	EXPECT_MEMEQ(test, t->digest, xwing_kat_pk_sha3, 32);
	KUNIT_EXPECT_EQ(test, vgc_xwing_encaps_derand(t->ct, t->ss, t->key.pk,
						      xwing_kat_eseed,
						      &t->work), 0);
	EXPECT_MEMEQ(test, t->ct, xwing_kat_ct, VGC_XWING_CT_SIZE);
	EXPECT_MEMEQ(test, t->ss, xwing_kat_ss, VGC_XWING_SS_SIZE);
	memset(t->ss, 0, sizeof(t->ss));
	KUNIT_EXPECT_EQ(test, vgc_xwing_decaps(t->ss, xwing_kat_ct, &t->key,
					       &t->work), 0);
	EXPECT_MEMEQ(test, t->ss, xwing_kat_ss, VGC_XWING_SS_SIZE);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(&t->work, 0, sizeof(t->work)));
}

static void test_kpp_round_trip(struct kunit *test)
{
	struct xw *t = xw_new(test, true);

	/* the draft's key, then a fresh one */
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(t->tfm, xwing_kat_sk, 32),
			0);
	KUNIT_EXPECT_EQ(test, crypto_kpp_maxsize(t->tfm), VGC_XWING_PK_SIZE);
	memcpy(t->in, xwing_kat_ct, VGC_XWING_CT_SIZE);
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_CT_SIZE, OUT_SIZE, 0), 0);
	KUNIT_EXPECT_EQ(test, t->req->dst_len, VGC_XWING_SS_SIZE);
	EXPECT_MEMEQ(test, t->out, xwing_kat_ss, VGC_XWING_SS_SIZE);
	KUNIT_EXPECT_TRUE(test, untouched(t->out + 32, OUT_SIZE - 32));

	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(t->tfm, NULL, 0), 0);
	memset(t->out, POISON, sizeof(t->out));
	sg_init_one(&t->dst, t->out, OUT_SIZE);
	kpp_request_set_input(t->req, NULL, 0);
	kpp_request_set_output(t->req, &t->dst, OUT_SIZE);
	KUNIT_ASSERT_EQ(test, crypto_kpp_generate_public_key(t->req), 0);
	KUNIT_EXPECT_EQ(test, t->req->dst_len, VGC_XWING_PK_SIZE);
	memcpy(t->pk, t->out, VGC_XWING_PK_SIZE);
	/* a sender: encapsulation to that pk */
	memcpy(t->in, t->pk, VGC_XWING_PK_SIZE);
	KUNIT_ASSERT_EQ(test, xw_compute(t, VGC_XWING_PK_SIZE, OUT_SIZE,
					 CRYPTO_TFM_REQ_MAY_SLEEP), 0);
	KUNIT_EXPECT_EQ(test, t->req->dst_len, ENC_OUT);
	KUNIT_EXPECT_TRUE(test, untouched(t->out + ENC_OUT, OUT_SIZE - ENC_OUT));
	memcpy(t->ct, t->out, VGC_XWING_CT_SIZE);
	memcpy(t->ss, t->out + VGC_XWING_CT_SIZE, VGC_XWING_SS_SIZE);
	memcpy(t->in, t->ct, VGC_XWING_CT_SIZE);
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_CT_SIZE, 32, 0), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, VGC_XWING_SS_SIZE);
	/* a changed ct_M: another secret, no error (implicit rejection) */
	t->in[100] ^= 1;
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_CT_SIZE, 32, 0), 0);
	KUNIT_EXPECT_TRUE(test, memcmp(t->out, t->ss, VGC_XWING_SS_SIZE));
	xw_free(t);
}

static void test_kpp_refusals(struct kunit *test)
{
	static const unsigned int bad_len[] = {
		0, 1, 31, VGC_XWING_CT_SIZE - 1, VGC_XWING_CT_SIZE + 1,
		VGC_XWING_PK_SIZE - 1, VGC_XWING_PK_SIZE + 1,
	};
	struct xw *t = xw_new(test, true);
	unsigned int i;

	/* no key: no decapsulation, no public key */
	memcpy(t->in, xwing_kat_ct, VGC_XWING_CT_SIZE);
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_CT_SIZE, OUT_SIZE, 0),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(t->tfm, xwing_kat_sk, 31),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_CT_SIZE, OUT_SIZE, 0),
			-EINVAL);
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(t->tfm, xwing_kat_sk, 32),
			0);
	for (i = 0; i < ARRAY_SIZE(bad_len); i++) {
		KUNIT_EXPECT_EQ_MSG(test, xw_compute(t, bad_len[i], OUT_SIZE, 0),
				    -EINVAL, "src_len %u", bad_len[i]);
		KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
	}
	/* too short a destination: the size it needs */
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_CT_SIZE, 31, 0),
			-EOVERFLOW);
	KUNIT_EXPECT_EQ(test, t->req->dst_len, VGC_XWING_SS_SIZE);
	KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
	vgc_xwing_public_key(t->in, xwing_kat_sk);
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_PK_SIZE, ENC_OUT - 1, 0),
			-EOVERFLOW);
	KUNIT_EXPECT_EQ(test, t->req->dst_len, ENC_OUT);
	KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
	/* X25519 parts of small order (u = 0 and u = 1) */
	for (i = 0; i < 2; i++) {
		memset(t->in + VGC_MLKEM768_EK_SIZE, 0, 32);
		t->in[VGC_MLKEM768_EK_SIZE] = i;
		KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_PK_SIZE, OUT_SIZE,
						 0), -EINVAL);
		KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
		memcpy(t->in, xwing_kat_ct, VGC_XWING_CT_SIZE);
		memset(t->in + VGC_MLKEM768_CT_SIZE, 0, 32);
		t->in[VGC_MLKEM768_CT_SIZE] = i;
		KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_CT_SIZE, OUT_SIZE,
						 0), -EINVAL);
		KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
		vgc_xwing_public_key(t->in, xwing_kat_sk);
	}
	/* pk_M with coefficient 0 = q */
	t->in[0] = 3329 & 0xff;
	t->in[1] = (t->in[1] & 0xf0) | 3329 >> 8;
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_PK_SIZE, OUT_SIZE, 0),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
	xw_free(t);
}

static void test_rng_not_ready(struct kunit *test)
{
	struct xw *t = xw_new(test, true);

	vgc_xwing_public_key(t->in, xwing_kat_sk);
	vgc_mlkem_test_rng_unready(true);
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_PK_SIZE, OUT_SIZE, 0),
			-EAGAIN);
	KUNIT_EXPECT_TRUE(test, untouched(t->out, OUT_SIZE));
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 0U);
	KUNIT_EXPECT_EQ(test, xw_compute(t, VGC_XWING_PK_SIZE, OUT_SIZE,
					 CRYPTO_TFM_REQ_MAY_SLEEP), 0);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 1U);
	vgc_mlkem_test_rng_unready(true);
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(t->tfm, NULL, 0), 0);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 1U);
	vgc_mlkem_test_rng_unready(false);
	xw_free(t);
}

static void test_functions(struct kunit *test)
{
	struct xw *t = xw_new(test, false);
	u8 pk2[32];

	KUNIT_ASSERT_EQ(test, vgc_xwing_keypair(t->pk, t->sk), 0);
	KUNIT_ASSERT_EQ(test, vgc_xwing_public_key(t->in, t->sk), 0);
	EXPECT_MEMEQ(test, t->in, t->pk, VGC_XWING_PK_SIZE);
	KUNIT_ASSERT_EQ(test, vgc_xwing_encapsulate(t->ct, t->ss, t->pk), 0);
	KUNIT_ASSERT_EQ(test, vgc_xwing_decapsulate(t->out, t->ct, t->sk), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, VGC_XWING_SS_SIZE);
	/* the draft's vector through them */
	KUNIT_EXPECT_EQ(test, vgc_xwing_decapsulate(t->out, xwing_kat_ct,
						    xwing_kat_sk), 0);
	EXPECT_MEMEQ(test, t->out, xwing_kat_ss, VGC_XWING_SS_SIZE);
	/* a pk_X of small order: refused, nothing written */
	memset(t->pk + VGC_MLKEM768_EK_SIZE, 0, 32);
	memset(t->ct, POISON, sizeof(t->ct));
	memset(pk2, POISON, sizeof(pk2));
	KUNIT_EXPECT_EQ(test, vgc_xwing_encapsulate(t->ct, pk2, t->pk),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, untouched(t->ct, sizeof(t->ct)));
	KUNIT_EXPECT_TRUE(test, untouched(pk2, sizeof(pk2)));
}

static struct kunit_case vgc_xwing_cases[] = {
	KUNIT_CASE(test_draft_vector),
	KUNIT_CASE(test_kpp_round_trip),
	KUNIT_CASE(test_kpp_refusals),
	KUNIT_CASE(test_rng_not_ready),
	KUNIT_CASE(test_functions),
	{}
};

static struct kunit_suite vgc_xwing_suite = {
	.name = "vgcrypto_xwing",
	.test_cases = vgc_xwing_cases,
};

kunit_test_suite(vgc_xwing_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for vgcrypto's X-Wing (vgcrypto_xwing.ko)");
VGC_IMPORT_INTERNAL();
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif
